"""The hand evaluator's pipeline: up to seven card codes in, the SPEC.md rank word out.

One hand enters every clock; the answer leaves LATENCY clocks later. Stages (each a register,
each stage's logic a block of its own, passing the next one a bundle of its registers):

0. the card codes as given (hand_eval);
1. eval_decode: the 52-bit hand (one bit per card held), the slots holding a code 52..62,
   every pair of slots holding the same card, whether any real card is present, and which suit
   (if any) holds five or more cards;
2. eval_masks: bad input reduced to one bit; rank masks (13 bits, one per rank): ranks held four
   times, three times, exactly twice, the ranks of the single cards (or of the flush suit, when
   there is a flush), all ranks but the quads; complete straight and straight-flush windows;
3. eval_select: one-hot selections: the k-th highest rank of each mask; the tops of the best
   straight and straight flush;
4. eval_categorize: those selections as ranks, and the category (one-hot, best first); for the
   mask, the ranks whose cards make the hand;
5. eval_compose: the rank word (kickers chosen by category), ``invalid`` (hand_eval), and
   eval_scoring: for five-card hands the mask of the cards that make the hand.

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


def _bit():
    return Signal(bool(0))


class Decoded:
    """Stage 1, written by eval_decode: hand[52] (bit 4 * rank + suit: that card is held),
    bad_codes[n] (slot i holds a code 52..62), dups (one bit per pair of slots holding the same
    card), any (at least one real card), flush_suit[4] (suit s holds five or more cards; at most
    one suit can)."""

    def __init__(self, n):
        self.hand, self.bad_codes, self.flush_suit = _u(52), _u(n), _u(SUITS)
        self.dups, self.any = _u(n * (n - 1) // 2), _bit()


class Masks:
    """Stage 2, written by eval_masks: rank masks quads, trips, pairs (exactly two), not_quads
    (held, but not four times), kickers (the single cards, or the flush suit's ranks); windows
    and sf_windows (complete straights, straight flushes); flush; bad (a bad code or a
    duplicate); any (from stage 1)."""

    def __init__(self):
        self.quads, self.trips, self.pairs = _u(RANKS), _u(RANKS), _u(RANKS)
        self.not_quads, self.kickers = _u(RANKS), _u(RANKS)
        self.windows, self.sf_windows = _u(WINDOWS), _u(WINDOWS)
        self.flush, self.bad, self.any = _bit(), _bit(), _bit()


# stage 3 selects, from each mask of stage 2, its `count` highest ranks, named <name>0, <name>1..
SELECTIONS = (("kickers", "kick", 5), ("pairs", "pair", 3), ("trips", "trip", 2),
              ("not_quads", "not_quads", 1))
PICKS = tuple(f"{name}{k}" for _, name, count in SELECTIONS for k in range(count)) + ("quads",)


class Selections:
    """Stage 3, written by eval_select: one-hot ranks (13 bits, 0 when there is none), PICKS:
    kick0..4 the highest kickers, pair0..2 the highest pairs, trip0..1 the highest trips,
    not_quads0 the highest rank but the quads, quads; straight and sf (a straight, a straight
    flush) and their top ranks straight_top, sf_top; flush, bad, any (from stage 2)."""

    def __init__(self):
        for pick in PICKS:
            setattr(self, pick, _u(RANKS))
        self.straight, self.sf, self.flush, self.bad, self.any = (_bit() for _ in range(5))
        self.straight_top, self.sf_top = _u(4), _u(4)


class Ranks:
    """Stage 4, written by eval_categorize: the PICKS of stage 3 as ranks 0..12 (0 when there
    is none), straight_top, sf_top; category[9] one-hot (bit = category number); invalid (the
    answer's); for the mask, making (the ranks whose cards make the hand) and all_make (every
    card makes it)."""

    def __init__(self):
        for pick in PICKS:
            setattr(self, pick, _u(4))
        self.straight_top, self.sf_top = _u(4), _u(4)
        self.category, self.invalid = _u(9), _bit()
        self.making, self.all_make = _u(RANKS), _bit()


@block
def same_card(a, b, same):
    """same: codes a and b are one real card (two NO_CARD slots are not a duplicate)."""
    @always_comb
    def compare():
        same.next = a == b and a != NO_CARD

    return compare


@block(skipname=True)
def eval_decode(clk, codes, s1):
    """Stage 1 (Decoded) from the slots' codes (codes: 6 bits per slot, slot 0 in the low bits).
    Duplicates by comparing every pair of slots: shallower than counting the hand's cards."""
    n = len(s1.bad_codes)
    slot_codes = [codes(6 * i + 6, 6 * i) for i in range(n)]
    pair_dups = [Signal(bool(0)) for _ in range(n * (n - 1) // 2)]
    compare1 = [same_card(slot_codes[i], slot_codes[k], dup) for (i, k), dup in zip(
        [(i, k) for i in range(n) for k in range(i + 1, n)], pair_dups)]
    dups = ConcatSignal(*pair_dups) if len(pair_dups) > 1 else pair_dups[0]
    regs1 = pipe_reg(clk, dups, s1.dups)

    # decoded combinationally and then registered: a simulator re-evaluates the loops only
    # when the codes change, not on every clock (Icarus spent a third of a game's time here)
    d1_hand, d1_bad_codes, d1_flush_suit = _u(52), _u(n), _u(SUITS)
    d1_any = Signal(bool(0))
    regs_decode = [pipe_reg(clk, d, q) for d, q in ((d1_hand, s1.hand),
                                                    (d1_bad_codes, s1.bad_codes),
                                                    (d1_any, s1.any),
                                                    (d1_flush_suit, s1.flush_suit))]

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
                code[j] = codes[6 * i + j]
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

    return instances()


@block(skipname=True)
def eval_masks(clk, s1, s2):
    """Stage 2 (Masks) from stage 1: how many times each rank is held, as one mask per count,
    so that stage 3 picks kickers from masks instead of sorting ranks."""
    c2_present, c2_quads, c2_trips, c2_pairs = _u(RANKS), _u(RANKS), _u(RANKS), _u(RANKS)
    c2_not_quads, c2_kickers = _u(RANKS), _u(RANKS)
    c2_flush, c2_bad = Signal(bool(0)), Signal(bool(0))

    @always_comb
    def bad_input():
        c2_bad.next = s1.dups != 0 or s1.bad_codes != 0
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
                if s1.hand[4 * r + s]:
                    held[:] = concat(held[4:0], True)
                if s1.hand[4 * r + s] and s1.flush_suit[s]:
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
        c2_flush.next = s1.flush_suit != 0
        if s1.flush_suit != 0:
            c2_kickers.next = suited
        else:
            c2_kickers.next = singles

    @always_comb
    def sf_windows():
        found = intbv(0)[WINDOWS:]
        for w in range(WINDOWS):
            for s in range(SUITS):
                if (s1.hand[4 * ((w + RANKS - 1) % RANKS) + s] and s1.hand[4 * w + s]
                        and s1.hand[4 * (w + 1) + s] and s1.hand[4 * (w + 2) + s]
                        and s1.hand[4 * (w + 3) + s]):
                    found[w] = 1
        c2_sf_windows.next = found

    windows2 = straight_windows(c2_present, c2_windows)

    regs2 = [pipe_reg(clk, d, q) for d, q in (
        (c2_quads, s2.quads), (c2_trips, s2.trips), (c2_pairs, s2.pairs),
        (c2_not_quads, s2.not_quads),
        (c2_kickers, s2.kickers), (c2_windows, s2.windows), (c2_sf_windows, s2.sf_windows),
        (c2_flush, s2.flush), (c2_bad, s2.bad), (s1.any, s2.any))]

    return instances()


@block(skipname=True)
def eval_select(clk, s2, s3):
    """Stage 3 (Selections) from stage 2: the highest ranks of each mask, one-hot (no
    encoders yet: a one-hot pick is shallow, its rank is stage 4's)."""
    c3_packed = {m: _u(RANKS * count) for m, _, count in SELECTIONS}
    select3 = [highest_ranks(getattr(s2, m), c3_packed[m], count=count)
               for m, _, count in SELECTIONS]
    c3_straight, c3_sf = Signal(bool(0)), Signal(bool(0))
    c3_straight_top, c3_sf_top = _u(4), _u(4)
    tops3 = [window_top(s2.windows, c3_straight, c3_straight_top),
             window_top(s2.sf_windows, c3_sf, c3_sf_top)]
    regs3 = [pipe_reg(clk, c3_packed[m], getattr(s3, f"{name}{k}"), low=RANKS * k)
             for m, name, count in SELECTIONS for k in range(count)] + [
        pipe_reg(clk, d, q) for d, q in (
            (s2.quads, s3.quads), (c3_straight, s3.straight), (c3_sf, s3.sf),
            (s2.flush, s3.flush), (c3_straight_top, s3.straight_top),
            (c3_sf_top, s3.sf_top), (s2.bad, s3.bad), (s2.any, s3.any))]

    return instances()


@block(skipname=True)
def eval_categorize(clk, s3, s4, making=False):
    """Stage 4 (Ranks) from stage 3: the picks' ranks and the hand's category (one-hot, decided
    best first as the ranking rules read); with ``making``, also which ranks make the hand,
    for eval_scoring."""
    c4 = {pick: _u(4) for pick in PICKS}
    encode4 = [onehot_rank(getattr(s3, pick), c4[pick]) for pick in PICKS]
    c4_category = _u(9)       # one-hot, bit = category number

    @always_comb
    def categorize():
        cat = intbv(0)[9:]
        if s3.sf:
            cat[STRAIGHT_FLUSH] = 1
        elif s3.quads != 0:
            cat[QUADS] = 1
        elif s3.trip0 != 0 and (s3.trip1 != 0 or s3.pair0 != 0):
            cat[FULL_HOUSE] = 1
        elif s3.flush:
            cat[FLUSH] = 1
        elif s3.straight:
            cat[STRAIGHT] = 1
        elif s3.trip0 != 0:
            cat[TRIPS] = 1
        elif s3.pair1 != 0:
            cat[TWO_PAIR] = 1
        elif s3.pair0 != 0:
            cat[PAIR] = 1
        else:
            cat[HIGH_CARD] = 1
        c4_category.next = cat

    c4_invalid = Signal(bool(0))

    @always_comb
    def bad_hand():
        c4_invalid.next = s3.bad or not s3.any

    regs4 = [pipe_reg(clk, c4[pick], getattr(s4, pick)) for pick in PICKS] + [
        pipe_reg(clk, d, q) for d, q in (
            (c4_category, s4.category),
            (s3.straight_top, s4.straight_top), (s3.sf_top, s4.sf_top),
            (c4_invalid, s4.invalid))]

    if making:
        # the ranks whose cards make the hand, or all cards (straight, flush, full house)
        c4_making, c4_all_make = _u(RANKS), Signal(bool(0))

        @always_comb
        def making_ranks():
            if c4_category[QUADS]:
                c4_making.next = s3.quads
            elif c4_category[TRIPS]:
                c4_making.next = s3.trip0
            elif c4_category[TWO_PAIR] or c4_category[PAIR]:
                c4_making.next = s3.pair0 | s3.pair1
            else:
                c4_making.next = s3.kick0
            c4_all_make.next = (c4_category[STRAIGHT_FLUSH] or c4_category[FULL_HOUSE]
                                or c4_category[FLUSH] or c4_category[STRAIGHT])

        regs_making = [pipe_reg(clk, c4_making, s4.making),
                       pipe_reg(clk, c4_all_make, s4.all_make)]

    return instances()


@block(skipname=True)
def eval_compose(s4, c5_word):
    """The rank word of stage 4 (c5_word[24], combinational: hand_eval registers it): the
    category's number and the kickers it ranks by, chosen by the one-hot category as an OR of
    ANDs (no priority chain), 0 for an invalid hand."""
    m0, m1, m2, m3, m4 = s4.kick0, s4.kick1, s4.kick2, s4.kick3, s4.kick4
    p0, p1, p2 = s4.pair0, s4.pair1, s4.pair2
    t0, t1 = s4.trip0, s4.trip1
    x0, q0 = s4.not_quads0, s4.quads

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
        cat[3] = s4.category[STRAIGHT_FLUSH]
        cat[2] = (s4.category[QUADS] or s4.category[FULL_HOUSE] or s4.category[FLUSH]
                  or s4.category[STRAIGHT])
        cat[1] = (s4.category[QUADS] or s4.category[FULL_HOUSE] or s4.category[TRIPS]
                  or s4.category[TWO_PAIR])
        cat[0] = (s4.category[QUADS] or s4.category[FLUSH] or s4.category[TRIPS]
                  or s4.category[PAIR])
        k0 = intbv(0)[4:]
        k1 = intbv(0)[4:]
        k2 = intbv(0)[4:]
        k3 = intbv(0)[4:]
        k4 = intbv(0)[4:]
        if s4.category[STRAIGHT_FLUSH]:
            k0[:] = k0 | s4.sf_top
        if s4.category[QUADS]:
            k0[:] = k0 | q0
            k1[:] = k1 | x0
        if s4.category[FULL_HOUSE]:
            k0[:] = k0 | t0
            if t1_ge_p0:
                k1[:] = k1 | t1
            else:
                k1[:] = k1 | p0
        if s4.category[FLUSH] or s4.category[HIGH_CARD]:
            k0[:] = k0 | m0
            k1[:] = k1 | m1
            k2[:] = k2 | m2
            k3[:] = k3 | m3
            k4[:] = k4 | m4
        if s4.category[STRAIGHT]:
            k0[:] = k0 | s4.straight_top
        if s4.category[TRIPS]:
            k0[:] = k0 | t0
            k1[:] = k1 | m0
            k2[:] = k2 | m1
        if s4.category[TWO_PAIR]:
            k0[:] = k0 | p0
            k1[:] = k1 | p1
            if p2_ge_m0:
                k2[:] = k2 | p2
            else:
                k2[:] = k2 | m0
        if s4.category[PAIR]:
            k0[:] = k0 | p0
            k1[:] = k1 | m0
            k2[:] = k2 | m1
            k3[:] = k3 | m2
        if s4.invalid:
            c5_word.next = 0
        else:
            c5_word.next = concat(cat, k0, k1, k2, k3, k4)

    return compose


@block(skipname=True)
def eval_scoring(clk, rst, valids, codes, s4, mask):
    """mask[n]: the cards that make the hand (golden scoring_cards), taken with the word (when
    hand_eval's valids say stage 4 holds a hand). The slots' codes travel along from stage 0
    (codes) to stage 4, where each slot looks up its rank in s4.making."""
    n = len(mask)
    codes_at = [codes] + [_u(6 * n) for _ in range(4)]
    regs_codes = [pipe_reg(clk, codes_at[i], codes_at[i + 1]) for i in range(4)]
    s4_codes = codes_at[4]
    mask_q = _u(n)

    @always_seq(clk.posedge, reset=rst)
    def score():
        if valids[LATENCY - 2]:
            making = intbv(0)[16:]
            making[RANKS:0] = s4.making
            scoring = intbv(0)[n:]
            for i in range(n):
                code = intbv(0)[6:]
                for j in range(6):
                    code[j] = s4_codes[6 * i + j]
                if code != NO_CARD and not s4.invalid and (s4.all_make
                                                           or making[int(code[6:2])]):
                    scoring[i] = 1
            mask_q.next = scoring

    @always_comb
    def drive_mask():
        mask.next = mask_q

    return instances()


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

    codes_in = ConcatSignal(*reversed(cards))   # stage 0: the codes, card 0 in the low bits
    s0_codes = _u(6 * n)
    s1, s2, s3, s4 = Decoded(n), Masks(), Selections(), Ranks()
    c5_word = _u(24)
    stage1 = eval_decode(clk, s0_codes, s1)
    stage2 = eval_masks(clk, s1, s2)
    stage3 = eval_select(clk, s2, s3)
    stage4 = eval_categorize(clk, s3, s4, making=mask is not None)
    stage5 = eval_compose(s4, c5_word)

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
            invalid_q.next = s4.invalid

    @always_comb
    def drive():
        word.next = word_q
        invalid.next = invalid_q
        out_valid.next = valids[LATENCY - 1]

    if mask is not None:
        scoring = eval_scoring(clk, rst, valids, s0_codes, s4, mask)

    return instances()
