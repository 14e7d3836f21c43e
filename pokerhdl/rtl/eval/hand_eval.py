"""The hand evaluator's pipeline: up to seven card codes in, the rank word out (docs/spec.md).

One hand enters every clock; the answer leaves LATENCY clocks later. Stages (each a register):

0. the card codes as given;
1. decode: the 52-bit hand (one bit per card held), the slots holding a code 52..62, every
   pair of slots holding the same card, whether any real card is present, and which suit (if
   any) holds five or more cards;
2. bad input reduced to one bit; rank masks (13 bits, one per rank): ranks held four times,
   three times, exactly twice, the ranks of the single cards (or of the flush suit, when there
   is a flush), all ranks but the quads; complete straight and straight-flush windows;
3. one-hot selections: the k-th highest rank of each mask; the tops of the best straight and
   straight flush;
4. those selections as ranks, and the category (one-hot, best first);
5. the rank word (kickers chosen by category), ``invalid``, and for five-card hands the mask of
   the cards that make the hand.

Each stage computes inside its register, which loads only when the stage before it holds a
hand: idle, the evaluator holds still, and Verilator (which evaluates every combinational block
at every clock, changed or not) has nothing to compute, which keeps the emulated board tops
quick between showdowns.

No stage has more than eight logic levels after ``yosys synth_xilinx`` (tb/rtl/test_eval7.py
checks; today the deepest has six). Nothing is added or compared with + or <, which yosys would
map onto CARRY4 chains.

With the flush suit's ranks standing in for the single cards, one set of five selections serves
both the flush and the high-card/pair/trips kickers: a hand with a flush never needs the others.
"""

from myhdl import block, always, always_comb, always_seq, concat, ConcatSignal, Signal

from ...golden.hands import EVAL_LATENCY
from .stages import (Decoded, Picks, RankMasks, Ranked, compose_stage, decode_stage,
                     rank_mask_stage, rank_stage, scoring_mask, select_stage)
from ..signals import unsigned

LATENCY = EVAL_LATENCY   # in_valid high in clock cycle c: out_valid high in cycle c + LATENCY


@block
def hand_eval(clk, rst, cards, in_valid, word, invalid, out_valid, mask=None):
    """Pipelined poker hand evaluator (1 to len(cards) <= 7 cards, any slots empty).

    cards: list of 6-bit card codes (63 = NO_CARD, an empty slot); in_valid: a hand is present.
    word[24]: rank word of the best five cards (fewer cards: high card .. quads only), 0 when
        invalid; invalid: a code 52..62, a card given twice, or no card at all;
    mask[len(cards)] (optional): cards that make the hand (golden scoring_cards), 0 when invalid;
    out_valid: word, invalid and mask hold a new answer, LATENCY clocks after its in_valid.
    Outputs hold their last answer while out_valid is low, and are 0 after reset.
    """
    n = len(cards)
    assert 2 <= n <= 7, "a hand has 2 to 7 card slots"

    codes_in = ConcatSignal(*reversed(cards))       # stage 0: the codes, card 0 in the low bits
    s0_codes = unsigned(6 * n)
    decoded, masks, picks, ranked = Decoded(n), RankMasks(), Picks(), Ranked()
    category = unsigned(9)                                 # stage 4's category before its register
    valids = unsigned(LATENCY)       # bit i: pipeline stage i holds a hand
    word_q = unsigned(24)
    invalid_q = Signal(bool(0))
    stages = [decode_stage(clk, s0_codes, n, decoded, valids(0)),
              rank_mask_stage(clk, decoded, masks, valids(1)),
              select_stage(clk, masks, picks, valids(2)),
              rank_stage(clk, picks, category, ranked, valids(3)),
              compose_stage(clk, rst, ranked, valids(LATENCY - 2), word_q, invalid_q)]

    @always_seq(clk.posedge, reset=rst)
    def advance():
        valids.next = concat(valids[LATENCY - 1:0], in_valid)

    @always(clk.posedge)
    def take():
        s0_codes.next = codes_in

    @always_comb
    def drive():
        word.next = word_q
        invalid.next = invalid_q
        out_valid.next = valids[LATENCY - 1]

    if mask is None:
        return stages, advance, take, drive
    making = scoring_mask(clk, rst, s0_codes, n, picks, category, ranked, valids, LATENCY - 2,
                          mask)
    return stages, advance, take, drive, making
