"""What five board cards say about every seven-card hand that holds them, worked out once.

A player's hand is the board and two hole cards. Most of the hand is the board's: how many
cards of each rank it holds, and which suit, if any, can still make a flush (one needs three
board cards of a suit; five cards hold at most one such suit). ``board_summary`` derives that
once per trial, for every player (rtl/eval/player_eval.py folds each player's two cards into it).

The board must be five real cards: a code 52..62, NO_CARD (63) or a card given twice makes it
``bad``, and every player's hand invalid.
"""

from myhdl import block, always, always_comb, ConcatSignal, intbv

from .stages import SUITS, same_card
from .rankmask import RANKS
from ..signals import flag, unsigned

BOARD = 5                   # board cards


class BoardSummary:
    """The board, registered (stage 1 of board_eval): per rank a thermometer of the board's
    cards of that rank (``ge1[r]``: at least one card of rank r .. ``ge4[r]``: four); the
    flush suit (one-hot; 0 when no suit has three board cards) and its board ranks
    (``flush_ranks``), and whether it has four (``flush_ge4``) or five (``flush_ge5``) board
    cards; ``bad``: the board is not five distinct real cards."""

    def __init__(self):
        self.ge1, self.ge2, self.ge3, self.ge4 = unsigned(RANKS), unsigned(RANKS), unsigned(RANKS), unsigned(RANKS)
        self.flush_suit, self.flush_ranks = unsigned(SUITS), unsigned(RANKS)
        self.flush_ge4, self.flush_ge5, self.bad = flag(), flag(), flag()


@block
def board_summary(clk, codes, summary):
    """Stage 1 of board_eval, shared by every player.

    codes[30]: the five board codes, card 0 in the low bits (stage 0's register);
    summary: a BoardSummary, registered at the clock edge (no reset: pipeline data).
    """
    cards = [codes(6 * i + 6, 6 * i) for i in range(BOARD)]
    pairs = [(i, k) for i in range(BOARD) for k in range(i + 1, BOARD)]
    pair_dups = [flag() for _ in pairs]
    compare = [same_card(cards[i], cards[k], dup) for (i, k), dup in zip(pairs, pair_dups)]
    dups = ConcatSignal(*pair_dups)

    c1_ge1, c1_ge2, c1_ge3, c1_ge4 = unsigned(RANKS), unsigned(RANKS), unsigned(RANKS), unsigned(RANKS)
    c1_flush_suit, c1_flush_ranks = unsigned(SUITS), unsigned(RANKS)
    c1_flush_ge4, c1_flush_ge5, c1_unreal = flag(), flag(), flag()

    @always_comb
    def count_board():
        ge1 = intbv(0)[RANKS:]
        ge2 = intbv(0)[RANKS:]
        ge3 = intbv(0)[RANKS:]
        ge4 = intbv(0)[RANKS:]
        # per suit a thermometer: suit_ge3[s] = at least three board cards of suit s ...
        suit_ge1 = intbv(0)[SUITS:]
        suit_ge2 = intbv(0)[SUITS:]
        suit_ge3 = intbv(0)[SUITS:]
        suit_ge4 = intbv(0)[SUITS:]
        suit_ge5 = intbv(0)[SUITS:]
        unreal = False
        for i in range(BOARD):
            code = intbv(0)[6:]
            for j in range(6):
                code[j] = codes[6 * i + j]
            rank_hit = intbv(1)[16:]
            rank_hit[:] = rank_hit << code[6:2]     # ranks 13..15: codes 52..63, no rank
            hit = intbv(0)[RANKS:]
            hit[:] = rank_hit[RANKS:]
            suit_hit = intbv(1)[SUITS:]
            suit_hit[:] = suit_hit << code[2:0]
            ge4[:] = ge4 | (ge3 & hit)
            ge3[:] = ge3 | (ge2 & hit)
            ge2[:] = ge2 | (ge1 & hit)
            ge1[:] = ge1 | hit
            suit_ge5[:] = suit_ge5 | (suit_ge4 & suit_hit)
            suit_ge4[:] = suit_ge4 | (suit_ge3 & suit_hit)
            suit_ge3[:] = suit_ge3 | (suit_ge2 & suit_hit)
            suit_ge2[:] = suit_ge2 | (suit_ge1 & suit_hit)
            suit_ge1[:] = suit_ge1 | suit_hit
            if code[5] and code[4] and (code[3] or code[2]):
                unreal = True
        # the flush suit's board ranks: a second pass once the suit is known
        flush_ranks = intbv(0)[RANKS:]
        for i in range(BOARD):
            code = intbv(0)[6:]
            for j in range(6):
                code[j] = codes[6 * i + j]
            rank_hit = intbv(1)[16:]
            rank_hit[:] = rank_hit << code[6:2]
            hit = intbv(0)[RANKS:]
            hit[:] = rank_hit[RANKS:]
            if suit_ge3[int(code[2:0])]:
                flush_ranks[:] = flush_ranks | hit
        c1_ge1.next = ge1
        c1_ge2.next = ge2
        c1_ge3.next = ge3
        c1_ge4.next = ge4
        c1_flush_suit.next = suit_ge3
        c1_flush_ranks.next = flush_ranks
        c1_flush_ge4.next = suit_ge4 != 0
        c1_flush_ge5.next = suit_ge5 != 0
        c1_unreal.next = unreal

    @always(clk.posedge)
    def summary_register():
        summary.ge1.next = c1_ge1
        summary.ge2.next = c1_ge2
        summary.ge3.next = c1_ge3
        summary.ge4.next = c1_ge4
        summary.flush_suit.next = c1_flush_suit
        summary.flush_ranks.next = c1_flush_ranks
        summary.flush_ge4.next = c1_flush_ge4
        summary.flush_ge5.next = c1_flush_ge5
        summary.bad.next = c1_unreal or dups != 0

    return compare, count_board, summary_register
