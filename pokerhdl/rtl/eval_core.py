"""The hand evaluator's pipeline: up to seven card codes in, the SPEC.md rank word out.

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

No stage has more than eight logic levels after ``yosys synth_xilinx`` (tb/test_eval7.py
checks; today the deepest has six). Nothing is added or compared with + or <, which yosys would
map onto CARRY4 chains.

With the flush suit's ranks standing in for the single cards, one set of five selections serves
both the flush and the high-card/pair/trips kickers: a hand with a flush never needs the others.
"""

from myhdl import (block, always, always_comb, always_seq, concat, ConcatSignal, Signal, intbv,
                   instances)

from ..golden.cards import NO_CARD
from ..golden.hands import EVAL_LATENCY
from .pipe import pipe_reg
from .rankmask import RANKS, WINDOWS, highest_ranks, onehot_rank, straight_windows, window_top

LATENCY = EVAL_LATENCY   # in_valid high in clock cycle c: out_valid high in cycle c + LATENCY
SUITS = 4

# category numbers of the rank word, and their one-hot positions in `category` below
(HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH) = range(9)


def _u(width, value=0):
    return Signal(intbv(value)[width:])


@block
def same_card(a, b, same):
    """same: codes a and b are one real card (two NO_CARD slots are not a duplicate)."""
    @always_comb
    def compare():
        same.next = a == b and a != NO_CARD

    return compare


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
    bits = 6 * n

    # ---- stage 0: the codes, card 0 in the low bits
    codes_in = ConcatSignal(*reversed(cards))
    s0_codes = _u(bits)

    # ---- stage 1: decode
    s1_hand = _u(52)          # bit 4 * rank + suit: that card is held
    s1_bad_codes = _u(n)      # slot i holds a code 52..62
    s1_any = Signal(bool(0))  # at least one real card
    s1_flush_suit = _u(SUITS) # suit s holds five or more cards (at most one suit can)

    # duplicates: every pair of slots compared (shallower than counting the hand's cards)
    slot_codes = [s0_codes(6 * i + 6, 6 * i) for i in range(n)]
    pair_dups = [Signal(bool(0)) for _ in range(n * (n - 1) // 2)]
    compare1 = [same_card(slot_codes[i], slot_codes[k], dup) for (i, k), dup in zip(
        [(i, k) for i in range(n) for k in range(i + 1, n)], pair_dups)]
    dups = ConcatSignal(*pair_dups) if len(pair_dups) > 1 else pair_dups[0]
    s1_dups = _u(len(dups))
    regs1 = pipe_reg(clk, dups, s1_dups)

    # decoded combinationally and then registered: a simulator re-evaluates the loops only
    # when the codes change, not on every clock (Icarus spent a third of a game's time here)
    d1_hand, d1_bad_codes, d1_flush_suit = _u(52), _u(n), _u(SUITS)
    d1_any = Signal(bool(0))
    regs_decode = [pipe_reg(clk, d, q) for d, q in ((d1_hand, s1_hand),
                                                    (d1_bad_codes, s1_bad_codes),
                                                    (d1_any, s1_any),
                                                    (d1_flush_suit, s1_flush_suit))]

    @always_comb
    def decode():
        hand = intbv(0)[52:]
        bad_codes = intbv(0)[n:]
        any_card = False
        # per suit a thermometer of its cards: bit j = at least j cards of that suit
        clubs = intbv(1)[6:]
        diamonds = intbv(1)[6:]
        hearts = intbv(1)[6:]
        spades = intbv(1)[6:]
        for i in range(n):
            code = intbv(0)[6:]
            for j in range(6):
                code[j] = s0_codes[6 * i + j]
            onehot = intbv(1)[64:]
            onehot[:] = onehot << code         # bit 63: NO_CARD, 52..62: invalid codes
            if onehot[63:52] != 0:
                bad_codes[i] = 1
            hand[:] = hand | onehot[52:]
            if not onehot[63]:
                any_card = True
                if code[2:0] == 0:
                    clubs[:] = concat(clubs[5:0], True)
                elif code[2:0] == 1:
                    diamonds[:] = concat(diamonds[5:0], True)
                elif code[2:0] == 2:
                    hearts[:] = concat(hearts[5:0], True)
                else:
                    spades[:] = concat(spades[5:0], True)
        d1_hand.next = hand
        d1_bad_codes.next = bad_codes
        d1_any.next = any_card
        d1_flush_suit.next = concat(spades[5], hearts[5], diamonds[5], clubs[5])

    # ---- stage 2: rank masks and straight windows
    c2_present, c2_quads, c2_trips, c2_pairs = _u(RANKS), _u(RANKS), _u(RANKS), _u(RANKS)
    c2_not_quads, c2_kickers = _u(RANKS), _u(RANKS)
    c2_flush, c2_bad = Signal(bool(0)), Signal(bool(0))

    @always_comb
    def bad_input():
        c2_bad.next = s1_dups != 0 or s1_bad_codes != 0
    c2_sf_windows, c2_windows = _u(WINDOWS), _u(WINDOWS)

    @always_comb
    def rank_masks():
        present = intbv(0)[RANKS:]
        quads = intbv(0)[RANKS:]
        trips = intbv(0)[RANKS:]
        pairs = intbv(0)[RANKS:]
        singles = intbv(0)[RANKS:]
        suited = intbv(0)[RANKS:]
        not_quads = intbv(0)[RANKS:]
        for r in range(RANKS):
            held = intbv(1)[5:]          # thermometer of the suits held at rank r
            for s in range(SUITS):
                if s1_hand[4 * r + s]:
                    held[:] = concat(held[4:0], True)
                if s1_hand[4 * r + s] and s1_flush_suit[s]:
                    suited[r] = 1
            present[r] = held[1]
            singles[r] = held[1] and not held[2]
            pairs[r] = held[2] and not held[3]
            trips[r] = held[3] and not held[4]
            quads[r] = held[4]
            not_quads[r] = held[1] and not held[4]
        c2_present.next = present
        c2_quads.next = quads
        c2_trips.next = trips
        c2_pairs.next = pairs
        c2_not_quads.next = not_quads
        c2_flush.next = s1_flush_suit != 0
        if s1_flush_suit != 0:
            c2_kickers.next = suited
        else:
            c2_kickers.next = singles

    @always_comb
    def sf_windows():
        found = intbv(0)[WINDOWS:]
        for w in range(WINDOWS):
            for s in range(SUITS):
                if (s1_hand[4 * ((w + RANKS - 1) % RANKS) + s] and s1_hand[4 * w + s]
                        and s1_hand[4 * (w + 1) + s] and s1_hand[4 * (w + 2) + s]
                        and s1_hand[4 * (w + 3) + s]):
                    found[w] = 1
        c2_sf_windows.next = found

    windows2 = straight_windows(c2_present, c2_windows)

    s2 = dict(quads=_u(RANKS), trips=_u(RANKS), pairs=_u(RANKS), not_quads=_u(RANKS),
              kickers=_u(RANKS), windows=_u(WINDOWS), sf_windows=_u(WINDOWS),
              flush=Signal(bool(0)), bad=Signal(bool(0)), any=Signal(bool(0)))
    regs2 = [pipe_reg(clk, d, s2[k]) for k, d in (
        ("quads", c2_quads), ("trips", c2_trips), ("pairs", c2_pairs),
        ("not_quads", c2_not_quads),
        ("kickers", c2_kickers), ("windows", c2_windows), ("sf_windows", c2_sf_windows),
        ("flush", c2_flush), ("bad", c2_bad), ("any", s1_any))]

    # ---- stage 3: one-hot selections
    selections = [("kickers", 5), ("pairs", 3), ("trips", 2), ("not_quads", 1)]
    c3_packed = {m: _u(RANKS * count) for m, count in selections}
    select3 = [highest_ranks(s2[m], c3_packed[m], count=count) for m, count in selections]
    s3 = {(m, k): _u(RANKS) for m, count in selections for k in range(count)}
    c3_straight, c3_sf = Signal(bool(0)), Signal(bool(0))
    c3_straight_top, c3_sf_top = _u(4), _u(4)
    tops3 = [window_top(s2["windows"], c3_straight, c3_straight_top),
             window_top(s2["sf_windows"], c3_sf, c3_sf_top)]
    s3_quads = _u(RANKS)
    s3_straight, s3_sf, s3_flush = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    s3_straight_top, s3_sf_top = _u(4), _u(4)
    s3_bad, s3_any = Signal(bool(0)), Signal(bool(0))
    regs3 = [pipe_reg(clk, c3_packed[m], s3[m, k], low=RANKS * k) for m, k in s3] + [
        pipe_reg(clk, d, q) for d, q in (
            (s2["quads"], s3_quads), (c3_straight, s3_straight), (c3_sf, s3_sf),
            (s2["flush"], s3_flush), (c3_straight_top, s3_straight_top),
            (c3_sf_top, s3_sf_top), (s2["bad"], s3_bad), (s2["any"], s3_any))]

    # ---- stage 4: ranks and category
    c4 = {key: _u(4) for key in list(s3) + ["quads"]}
    s4 = {key: _u(4) for key in c4}
    encode4 = [onehot_rank(s3[key], c4[key]) for key in s3] + [onehot_rank(s3_quads, c4["quads"])]
    kick0, pair0, pair1, trip0, trip1 = (s3["kickers", 0], s3["pairs", 0], s3["pairs", 1],
                                         s3["trips", 0], s3["trips", 1])
    c4_category = _u(9)       # one-hot, bit = category number

    @always_comb
    def categorize():
        cat = intbv(0)[9:]
        if s3_sf:
            cat[STRAIGHT_FLUSH] = 1
        elif s3_quads != 0:
            cat[QUADS] = 1
        elif trip0 != 0 and (trip1 != 0 or pair0 != 0):
            cat[FULL_HOUSE] = 1
        elif s3_flush:
            cat[FLUSH] = 1
        elif s3_straight:
            cat[STRAIGHT] = 1
        elif trip0 != 0:
            cat[TRIPS] = 1
        elif pair1 != 0:
            cat[TWO_PAIR] = 1
        elif pair0 != 0:
            cat[PAIR] = 1
        else:
            cat[HIGH_CARD] = 1
        c4_category.next = cat

    s4_category = _u(9)
    s4_straight_top, s4_sf_top = _u(4), _u(4)
    s4_invalid = Signal(bool(0))
    c4_invalid = Signal(bool(0))

    @always_comb
    def bad_hand():
        c4_invalid.next = s3_bad or not s3_any

    regs4 = [pipe_reg(clk, c4[key], s4[key]) for key in c4] + [
        pipe_reg(clk, d, q) for d, q in (
            (c4_category, s4_category),
            (s3_straight_top, s4_straight_top), (s3_sf_top, s4_sf_top),
            (c4_invalid, s4_invalid))]

    # ---- stage 5: the word (and the five-card mask)
    m0, m1, m2, m3, m4 = (s4["kickers", k] for k in range(5))
    p0, p1, p2 = (s4["pairs", k] for k in range(3))
    t0, t1 = s4["trips", 0], s4["trips", 1]
    x0, q0 = s4["not_quads", 0], s4["quads"]
    c5_word = _u(24)

    @always_comb
    def compose():
        # full house: the second trips or the top pair, whichever is higher (missing reads 0)
        t1_ge_p0 = True
        for j in range(4):
            if t1[j] and not p0[j]:
                t1_ge_p0 = True
            elif p0[j] and not t1[j]:
                t1_ge_p0 = False
        # two pair: the third pair or the top single card, whichever is higher
        p2_ge_m0 = True
        for j in range(4):
            if p2[j] and not m0[j]:
                p2_ge_m0 = True
            elif m0[j] and not p2[j]:
                p2_ge_m0 = False
        cat = intbv(0)[4:]
        cat[3] = s4_category[STRAIGHT_FLUSH]
        cat[2] = (s4_category[QUADS] or s4_category[FULL_HOUSE] or s4_category[FLUSH]
                  or s4_category[STRAIGHT])
        cat[1] = (s4_category[QUADS] or s4_category[FULL_HOUSE] or s4_category[TRIPS]
                  or s4_category[TWO_PAIR])
        cat[0] = (s4_category[QUADS] or s4_category[FLUSH] or s4_category[TRIPS]
                  or s4_category[PAIR])
        k0 = intbv(0)[4:]
        k1 = intbv(0)[4:]
        k2 = intbv(0)[4:]
        k3 = intbv(0)[4:]
        k4 = intbv(0)[4:]
        if s4_category[STRAIGHT_FLUSH]:
            k0[:] = k0 | s4_sf_top
        if s4_category[QUADS]:
            k0[:] = k0 | q0
            k1[:] = k1 | x0
        if s4_category[FULL_HOUSE]:
            k0[:] = k0 | t0
            if t1_ge_p0:
                k1[:] = k1 | t1
            else:
                k1[:] = k1 | p0
        if s4_category[FLUSH] or s4_category[HIGH_CARD]:
            k0[:] = k0 | m0
            k1[:] = k1 | m1
            k2[:] = k2 | m2
            k3[:] = k3 | m3
            k4[:] = k4 | m4
        if s4_category[STRAIGHT]:
            k0[:] = k0 | s4_straight_top
        if s4_category[TRIPS]:
            k0[:] = k0 | t0
            k1[:] = k1 | m0
            k2[:] = k2 | m1
        if s4_category[TWO_PAIR]:
            k0[:] = k0 | p0
            k1[:] = k1 | p1
            if p2_ge_m0:
                k2[:] = k2 | p2
            else:
                k2[:] = k2 | m0
        if s4_category[PAIR]:
            k0[:] = k0 | p0
            k1[:] = k1 | m0
            k2[:] = k2 | m1
            k3[:] = k3 | m2
        if s4_invalid:
            c5_word.next = 0
        else:
            c5_word.next = concat(cat, k0, k1, k2, k3, k4)

    valids = _u(LATENCY)       # bit i: pipeline stage i holds a hand
    word_q = _u(24)
    invalid_q = Signal(bool(0))

    @always_seq(clk.posedge, reset=rst)
    def advance():
        valids.next = concat(valids[LATENCY - 1:0], in_valid)

    @always(clk.posedge)
    def take():
        s0_codes.next = codes_in

    @always_seq(clk.posedge, reset=rst)
    def answer():
        if valids[LATENCY - 2]:
            word_q.next = c5_word
            invalid_q.next = s4_invalid

    @always_comb
    def drive():
        word.next = word_q
        invalid.next = invalid_q
        out_valid.next = valids[LATENCY - 1]

    if mask is not None:
        # stage 4: the ranks whose cards make the hand, or all cards (straight, flush, full house)
        c4_making, s4_making = _u(RANKS), _u(RANKS)
        c4_all_make, s4_all_make = Signal(bool(0)), Signal(bool(0))

        @always_comb
        def making_ranks():
            if c4_category[QUADS]:
                c4_making.next = s3_quads
            elif c4_category[TRIPS]:
                c4_making.next = trip0
            elif c4_category[TWO_PAIR] or c4_category[PAIR]:
                c4_making.next = pair0 | pair1
            else:
                c4_making.next = kick0
            c4_all_make.next = (c4_category[STRAIGHT_FLUSH] or c4_category[FULL_HOUSE]
                                or c4_category[FLUSH] or c4_category[STRAIGHT])

        regs_making = [pipe_reg(clk, c4_making, s4_making),
                       pipe_reg(clk, c4_all_make, s4_all_make)]

        # the slots' codes travel along to stage 5, where each slot looks up its rank
        codes_at = [s0_codes] + [_u(bits) for _ in range(4)]
        regs_codes = [pipe_reg(clk, codes_at[i], codes_at[i + 1]) for i in range(4)]
        s4_codes = codes_at[4]
        mask_q = _u(n)

        @always_seq(clk.posedge, reset=rst)
        def score():
            if valids[LATENCY - 2]:
                making = intbv(0)[16:]
                making[RANKS:0] = s4_making
                scoring = intbv(0)[n:]
                for i in range(n):
                    code = intbv(0)[6:]
                    for j in range(6):
                        code[j] = s4_codes[6 * i + j]
                    if code != NO_CARD and not s4_invalid and (s4_all_make
                                                               or making[int(code[6:2])]):
                        scoring[i] = 1
                mask_q.next = scoring

        @always_comb
        def drive_mask():
            mask.next = mask_q

    return instances()
