"""eval7: the rank word of the best five of seven cards, one hand per clock (Hold'em showdown)."""

from myhdl import block, Signal, ResetSignal, intbv

from .hand_eval import LATENCY, hand_eval

__all__ = ["eval7", "eval7_top", "LATENCY"]


@block
def eval7(clk, rst, card0, card1, card2, card3, card4, card5, card6, in_valid,
          word, invalid, out_valid):
    """Seven-card hand evaluator, pipelined: a new hand every clock, answers in order.

    card0..card6[6]: card codes (rank << 2 | suit); 63 = NO_CARD, an empty slot: the best hand
        of the cards present is ranked, as golden rank7 does with NO_CARD ignored.
    in_valid: the cards form a hand to rank this clock.
    word[24]: docs/spec.md rank word {category, k0..k4}; 0 when invalid.
    invalid: a code 52..62, a card given twice, or no card at all.
    out_valid: word and invalid answer the hand given LATENCY (6) clocks earlier.
    """
    return hand_eval(clk, rst, [card0, card1, card2, card3, card4, card5, card6], in_valid,
                     word, invalid, out_valid)


def eval7_top():
    """eval7 with fresh port signals, for conversion."""
    cards = {f"card{i}": Signal(intbv(63)[6:]) for i in range(7)}
    return eval7(clk=Signal(bool(0)), rst=ResetSignal(0, active=1, isasync=False),
                 in_valid=Signal(bool(0)), word=Signal(intbv(0)[24:]), invalid=Signal(bool(0)),
                 out_valid=Signal(bool(0)), **cards)
