"""One player's rank word from the board's summary (rtl/eval/board_summary.py) and two hole cards.

The stages after stage 0 (each a register):

1. the hole cards, and whether either is a code 52..62 or NO_CARD, the two are one card, or
   either is a board card;
2. the hand's rank masks, each the board's thermometer with the two cards folded in (ranks
   held at least twice, three times, four times), whether the flush suit makes a flush,
   complete straight and straight-flush windows, the kickers' mask (the flush suit's ranks
   for a flush, else the ranks held), ``invalid``;
3. the five highest ranks of the kickers' mask, the two highest pairs (ranks held twice or
   more), the highest trips, the quads, the best straight and straight flush, the category
   (one-hot, best first);
4. the rank word: what the category made (straight top, quads, trips, pairs), then as many
   kickers as it has, skipping the made rank; 0 when invalid. Registered as the answer.

Seven cards make it simpler than five of seven: with a flush they hold neither quads nor a
full house (five suited cards leave two), so a flush's kickers are the flush suit's ranks and
any other hand's are the ranks held but the made ones; with quads, the kicker is the highest
other rank; two pair's is the highest rank but the two highest pairs (a third pair or a
single); a full house is the highest trips and the highest other rank held twice or more.

No stage has more than eight logic levels after ``yosys synth_xilinx``; nothing is added or
compared with + or <.
"""

from myhdl import block, always, always_comb, always_seq, concat, ConcatSignal, intbv

from .board_summary import BOARD
from .stages import (FLUSH, FULL_HOUSE, HIGH_CARD, PAIR, QUADS, STRAIGHT, STRAIGHT_FLUSH,
                     TRIPS, TWO_PAIR, same_card)
from ..pipe import pipe_reg
from .rankmask import (RANKS, WINDOWS, highest_ranks, onehot_rank, straight_windows,
                       window_top)
from ..signals import flag, unsigned

KICKERS = 5


@block
def player_eval(clk, rst, board_codes, hole_codes, summary, answer_now, word, invalid):
    """One player's stages 1..4 of board_eval.

    board_codes[30]: stage 0's board codes (card 0 in the low bits); hole_codes[12]: stage 0's
        hole codes (card a in the low bits); summary: stage 1's BoardSummary;
    answer_now: stage 3 holds a hand (stage 4, the answer, takes it at this clock edge);
    word[24]: the rank word (docs/spec.md) of board and hole cards, 0 when invalid; invalid: a hole code
        52..62 or NO_CARD, a card given twice among the seven, or a bad board. Both hold their
        last answer, and are 0 after reset.
    """
    # stage 1: the hole cards, and the bad ones
    hole_a, hole_b = hole_codes(6, 0), hole_codes(12, 6)
    board = [board_codes(6 * i + 6, 6 * i) for i in range(BOARD)]
    dup_flags = [flag() for _ in range(2 * BOARD + 1)]
    compare = ([same_card(hole_a, hole_b, dup_flags[0])]
               + [same_card(hole, board[i], dup_flags[1 + 2 * i + k])
                  for i in range(BOARD) for k, hole in enumerate((hole_a, hole_b))])
    dups = ConcatSignal(*dup_flags)
    s1_hole = unsigned(12)
    s1_bad = flag()

    @always(clk.posedge)
    def hole_register():
        s1_hole.next = hole_codes
        s1_bad.next = (dups != 0
                       or (hole_codes[5] and hole_codes[4] and (hole_codes[3] or hole_codes[2]))
                       or (hole_codes[11] and hole_codes[10]
                           and (hole_codes[9] or hole_codes[8])))

    # stage 2: the rank masks
    c2_ge1, c2_ge2, c2_ge3, c2_ge4, c2_flush_ranks = (unsigned(RANKS) for _ in range(5))
    c2_flush = flag()

    @always_comb
    def fold():
        hit_a = intbv(1)[16:]
        hit_a[:] = hit_a << s1_hole[6:2]
        hit_b = intbv(1)[16:]
        hit_b[:] = hit_b << s1_hole[12:8]
        either = intbv(0)[RANKS:]
        both = intbv(0)[RANKS:]
        either[:] = hit_a[RANKS:] | hit_b[RANKS:]
        both[:] = hit_a[RANKS:] & hit_b[RANKS:]
        c2_ge1.next = summary.ge1 | either
        c2_ge2.next = summary.ge2 | (summary.ge1 & either) | both
        c2_ge3.next = summary.ge3 | (summary.ge2 & either) | (summary.ge1 & both)
        c2_ge4.next = summary.ge4 | (summary.ge3 & either) | (summary.ge2 & both)
        suited_a = bool(summary.flush_suit[s1_hole[2:0]])
        suited_b = bool(summary.flush_suit[s1_hole[8:6]])
        flush_ranks = intbv(0)[RANKS:]
        flush_ranks[:] = summary.flush_ranks
        if suited_a:
            flush_ranks[:] = flush_ranks | hit_a[RANKS:]
        if suited_b:
            flush_ranks[:] = flush_ranks | hit_b[RANKS:]
        c2_flush_ranks.next = flush_ranks
        c2_flush.next = summary.flush_suit != 0 and (
            summary.flush_ge5 or (summary.flush_ge4 and (suited_a or suited_b))
            or (suited_a and suited_b))

    c2_windows, c2_sf_windows = unsigned(WINDOWS), unsigned(WINDOWS)
    windows = [straight_windows(c2_ge1, c2_windows),
               straight_windows(c2_flush_ranks, c2_sf_windows)]
    s2_kick_mask, s2_ge2, s2_ge3, s2_ge4 = (unsigned(RANKS) for _ in range(4))
    s2_windows, s2_sf_windows = unsigned(WINDOWS), unsigned(WINDOWS)
    s2_flush, s2_invalid = flag(), flag()

    @always(clk.posedge)
    def masks_register():
        # seven cards with a flush hold neither quads nor a full house (five suited cards
        # leave two), so a flush's kickers are the flush suit's ranks, any other hand's the
        # ranks held (the made ranks are skipped in stage 4)
        if c2_flush:
            s2_kick_mask.next = c2_flush_ranks
        else:
            s2_kick_mask.next = c2_ge1
        s2_ge2.next = c2_ge2
        s2_ge3.next = c2_ge3
        s2_ge4.next = c2_ge4
        s2_windows.next = c2_windows
        s2_sf_windows.next = c2_sf_windows
        s2_flush.next = c2_flush
        s2_invalid.next = s1_bad or summary.bad

    # stage 3: selections, the category
    c3_kickers, c3_pairs, c3_trips = unsigned(KICKERS * RANKS), unsigned(2 * RANKS), unsigned(RANKS)
    select = [highest_ranks(s2_kick_mask, c3_kickers, count=KICKERS),
              highest_ranks(s2_ge2, c3_pairs, count=2), highest_ranks(s2_ge3, c3_trips)]
    c3_onehots = [unsigned(RANKS) for _ in range(KICKERS + 2)]
    split = [field(c3_kickers, c3_onehots[k], RANKS * k) for k in range(KICKERS)] + [
        field(c3_pairs, c3_onehots[KICKERS + k], RANKS * k) for k in range(2)]
    c3_ranks = [unsigned(4) for _ in range(KICKERS + 4)]
    encode = [onehot_rank(onehot, rank)
              for onehot, rank in zip(c3_onehots + [c3_trips, s2_ge4], c3_ranks)]
    c3_straight, c3_sf = flag(), flag()
    c3_straight_top, c3_sf_top = unsigned(4), unsigned(4)
    tops = [window_top(s2_windows, c3_straight, c3_straight_top),
            window_top(s2_sf_windows, c3_sf, c3_sf_top)]
    c3_two_pairs = flag()
    count_pairs = at_least_two(s2_ge2, c3_two_pairs)
    c3_category = unsigned(9)

    @always_comb
    def categorize():
        cat = intbv(0)[9:]
        if c3_sf:
            cat[STRAIGHT_FLUSH] = 1
        elif s2_ge4 != 0:
            cat[QUADS] = 1
        elif s2_ge3 != 0 and c3_two_pairs:
            cat[FULL_HOUSE] = 1
        elif s2_flush:
            cat[FLUSH] = 1
        elif c3_straight:
            cat[STRAIGHT] = 1
        elif s2_ge3 != 0:
            cat[TRIPS] = 1
        elif c3_two_pairs:
            cat[TWO_PAIR] = 1
        elif s2_ge2 != 0:
            cat[PAIR] = 1
        else:
            cat[HIGH_CARD] = 1
        c3_category.next = cat

    s3_category = unsigned(9)
    s3_ranks = [unsigned(4) for _ in range(KICKERS + 4)]
    s3_x0, s3_x1, s3_x2, s3_x3, s3_x4, s3_pair0, s3_pair1, s3_trips, s3_quads = s3_ranks
    s3_straight_top, s3_sf_top = unsigned(4), unsigned(4)
    s3_invalid = flag()
    hold_ranks = [pipe_reg(clk, c, r) for c, r in zip(c3_ranks, s3_ranks)]

    @always(clk.posedge)
    def picks_register():
        s3_category.next = c3_category
        s3_straight_top.next = c3_straight_top
        s3_sf_top.next = c3_sf_top
        s3_invalid.next = s2_invalid

    # stage 4: the word
    c4_word = unsigned(24)

    @always_comb
    def compose():
        cat = s3_category
        # kickers skip the made rank: x_j is the quads, trips or top pair (x_j are real ranks
        # wherever they are compared: such hands hold four or more ranks)
        skip0 = ((cat[QUADS] and s3_x0 == s3_quads) or (cat[TRIPS] and s3_x0 == s3_trips)
                 or ((cat[PAIR] or cat[TWO_PAIR]) and s3_x0 == s3_pair0))
        skip1 = (cat[TRIPS] and s3_x1 == s3_trips) or (cat[PAIR] and s3_x1 == s3_pair0)
        skip2 = cat[PAIR] and s3_x2 == s3_pair0
        second_pair1 = s3_x1 == s3_pair1
        code = intbv(0)[4:]
        code[3] = cat[STRAIGHT_FLUSH]
        code[2] = cat[QUADS] or cat[FULL_HOUSE] or cat[FLUSH] or cat[STRAIGHT]
        code[1] = cat[QUADS] or cat[FULL_HOUSE] or cat[TRIPS] or cat[TWO_PAIR]
        code[0] = cat[QUADS] or cat[FLUSH] or cat[TRIPS] or cat[PAIR]
        k0 = intbv(0)[4:]
        k1 = intbv(0)[4:]
        k2 = intbv(0)[4:]
        k3 = intbv(0)[4:]
        k4 = intbv(0)[4:]
        if cat[FLUSH] or cat[HIGH_CARD]:
            k0[:] = s3_x0
            k1[:] = s3_x1
            k2[:] = s3_x2
            k3[:] = s3_x3
            k4[:] = s3_x4
        if cat[STRAIGHT_FLUSH]:
            k0[:] = s3_sf_top
        if cat[STRAIGHT]:
            k0[:] = s3_straight_top
        if cat[QUADS]:
            k0[:] = s3_quads
        if cat[FULL_HOUSE]:
            # the highest other rank held twice or more
            k0[:] = s3_trips
            if s3_pair0 == s3_trips:
                k1[:] = s3_pair1
            else:
                k1[:] = s3_pair0
        if cat[TRIPS]:
            k0[:] = s3_trips
        if cat[TWO_PAIR] or cat[PAIR]:
            k0[:] = s3_pair0
        if cat[QUADS] or cat[TRIPS] or cat[PAIR]:
            if skip0:
                k1[:] = s3_x1
            else:
                k1[:] = s3_x0
        if cat[TRIPS] or cat[PAIR]:
            if skip0 or skip1:
                k2[:] = s3_x2
            else:
                k2[:] = s3_x1
        if cat[PAIR]:
            if skip0 or skip1 or skip2:
                k3[:] = s3_x3
            else:
                k3[:] = s3_x2
        if cat[TWO_PAIR]:
            # the highest rank held but the two pairs: x0 unless it is the top pair, then x1
            # unless it is the second pair
            k1[:] = s3_pair1
            if not skip0:
                k2[:] = s3_x0
            elif not second_pair1:
                k2[:] = s3_x1
            else:
                k2[:] = s3_x2
        if s3_invalid:
            c4_word.next = 0
        else:
            c4_word.next = concat(code, k0, k1, k2, k3, k4)

    word_q = unsigned(24)
    invalid_q = flag()

    @always_seq(clk.posedge, reset=rst)
    def answer():
        if answer_now:
            word_q.next = c4_word
            invalid_q.next = s3_invalid

    @always_comb
    def drive():
        word.next = word_q
        invalid.next = invalid_q

    return (compare, hole_register, fold, windows, masks_register, select, split, encode, tops,
            count_pairs, categorize, hold_ranks, picks_register, compose, answer, drive)


@block
def at_least_two(mask, two):
    """two: at least two bits of the 13-bit ``mask`` are set."""
    @always_comb
    def count():
        one = False
        more = False
        for p in range(RANKS):
            more = more or (one and mask[p])
            one = one or mask[p]
        two.next = more

    return count


@block
def field(d, q, low):
    """q: the field of d that starts at bit ``low`` (a signal of its own: VHDL keeps a
    slice's indices, so bit k of a shadow slice would be out of its range)."""
    high = low + len(q)

    @always_comb
    def part():
        q.next = d[high:low]

    return part
