"""eval5: the rank word of one to five cards, and which of them make the hand (Balatro scoring)."""

from myhdl import block, Signal, ResetSignal, intbv

from .hand_eval import LATENCY, hand_eval

__all__ = ["eval5", "eval5_top", "LATENCY"]


@block
def eval5(clk, rst, card0, card1, card2, card3, card4, in_valid, word, invalid, mask, out_valid):
    """Five-card hand evaluator, pipelined: a new hand every clock, answers in order.

    card0..card4[6]: card codes (rank << 2 | suit); 63 = NO_CARD: an empty slot, so 1 to 5
        cards are ranked (with fewer than five, only high card, pair, two pair, three and four
        of a kind exist, as in golden rank5).
    in_valid: the cards form a hand to rank this clock.
    word[24]: docs/spec.md rank word {category, k0..k4}; 0 when invalid.
    invalid: a code 52..62, a card given twice, or no card at all.
    mask[5]: bit i set when card i makes the hand (golden scoring_cards); 0 when invalid.
    out_valid: word, invalid and mask answer the hand given LATENCY (6) clocks earlier.
    """
    return hand_eval(clk, rst, [card0, card1, card2, card3, card4], in_valid, word, invalid,
                     out_valid, mask=mask)


def eval5_top():
    """eval5 with fresh port signals, for conversion."""
    cards = {f"card{i}": Signal(intbv(63)[6:]) for i in range(5)}
    return eval5(clk=Signal(bool(0)), rst=ResetSignal(0, active=1, isasync=False),
                 in_valid=Signal(bool(0)), word=Signal(intbv(0)[24:]), invalid=Signal(bool(0)),
                 mask=Signal(intbv(0)[5:]), out_valid=Signal(bool(0)), **cards)
