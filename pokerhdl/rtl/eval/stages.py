"""The hand evaluator's stages (eval/hand_eval.py), one block each, and what each hands to the next.

Each stage is the only writer of its interface: Decoded (stage 1), RankMasks (stage 2), Picks
(stage 3), Ranked (stage 4); stage 5 composes the word. The blocks are
@block(skipname=True), so the generated names are the interfaces' (masks_trips, picks_pairs0,
ranked_category ...) and the stages' own; the registered encoders are blocks, so the ranks they
write are named by them (rank_register1_rank: the second kicker's rank).

Each stage's logic is inside its register (``load``: the stage before holds a hand), so an
idle evaluator costs a simulator next to nothing; rankmask.py's selections and encoders are written
here in that registered form (top_ranks_register, window_top_register, rank_register), while
the lanes' player_eval, busy at every clock, keeps the combinational ones.

No stage has more than eight logic levels after ``yosys synth_xilinx``; nothing is added or
compared with + or <, which yosys would map onto CARRY4 chains.
"""

from myhdl import block, always, always_comb, always_seq, concat, downrange, intbv

from ...golden.cards import NO_CARD
from ..pipe import pipe_reg
from .rankmask import RANKS, WINDOWS
from ..signals import flag, unsigned

SUITS = 4

# category numbers of the rank word, and their one-hot positions in `category` below
(HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH) = range(9)

# the rank masks whose highest ranks are picked, and how many of each (stage 3)
SELECTIONS = (("kickers", 5), ("pairs", 3), ("trips", 2), ("not_quads", 1))
PICKED = tuple(f"{mask}{k}" for mask, count in SELECTIONS for k in range(count))




class Decoded:
    """Stage 1: the 52-bit hand (bit 4 * rank + suit), the slots holding a code 52..62, every
    pair of slots holding one card, whether any real card is present, the suit (one-hot) that
    holds five or more cards (at most one can)."""

    def __init__(self, n):
        self.hand, self.bad_codes, self.flush_suit = unsigned(52), unsigned(n), unsigned(SUITS)
        self.dups = unsigned(max(1, n * (n - 1) // 2))
        self.any = flag()


class RankMasks:
    """Stage 2: 13-bit rank masks (ranks held four, three, exactly two times, all but the
    quads, the single cards or the flush suit's ranks), complete straight and straight-flush
    windows, and the hand's flush, bad input and any card."""

    def __init__(self):
        self.quads, self.trips, self.pairs = unsigned(RANKS), unsigned(RANKS), unsigned(RANKS)
        self.not_quads, self.kickers = unsigned(RANKS), unsigned(RANKS)
        self.windows, self.sf_windows = unsigned(WINDOWS), unsigned(WINDOWS)
        self.flush, self.bad, self.any = flag(), flag(), flag()


class Picks:
    """Stage 3: one-hot selections (PICKED: kickers0 the highest kicker ...), the quads mask,
    the best straight and straight flush (found, top rank), flush, bad input, any card."""

    def __init__(self):
        for name in PICKED:
            setattr(self, name, unsigned(RANKS))
        self.quads = unsigned(RANKS)
        self.straight, self.sf, self.flush = flag(), flag(), flag()
        self.straight_top, self.sf_top = unsigned(4), unsigned(4)
        self.bad, self.any = flag(), flag()


class Ranked:
    """Stage 4: the picks as ranks (0..12, 0 when empty), the category (one-hot), the tops of
    the straights, and whether the hand is invalid."""

    def __init__(self):
        for name in PICKED + ("quads",):
            setattr(self, name, unsigned(4))
        self.category = unsigned(9)
        self.straight_top, self.sf_top = unsigned(4), unsigned(4)
        self.invalid = flag()


@block
def same_card(a, b, same):
    """same: codes a and b are one real card (two NO_CARD slots are not a duplicate)."""
    @always_comb
    def compare():
        same.next = a == b and a != NO_CARD

    return compare


@block(skipname=True)
def decode_stage(clk, codes, n, decoded, load):
    """Stage 1 from the n slots' codes (card 0 in the low bits), registered when ``load``
    (stage 0 holds a hand)."""
    @always(clk.posedge)
    def decode():
        if load:
            hand = intbv(0)[52:]
            bad_codes = intbv(0)[n:]
            dups = intbv(0)[max(1, n * (n - 1) // 2):]
            any_card = False
            # per suit a thermometer of its cards: bit j = at least j cards of that suit
            clubs = intbv(1)[6:]
            diamonds = intbv(1)[6:]
            hearts = intbv(1)[6:]
            spades = intbv(1)[6:]
            pair = 0
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
                # duplicates: this slot against every later one (shallower than counting)
                for k in range(i + 1, n):
                    same = not onehot[63]
                    for j in range(6):
                        if codes[6 * i + j] != codes[6 * k + j]:
                            same = False
                    dups[pair] = same
                    pair += 1
            decoded.hand.next = hand
            decoded.bad_codes.next = bad_codes
            decoded.any.next = any_card
            decoded.flush_suit.next = concat(spades[5], hearts[5], diamonds[5], clubs[5])
            decoded.dups.next = dups

    return decode


@block(skipname=True)
def rank_mask_stage(clk, decoded, masks, load):
    """Stage 2 from stage 1, registered when ``load`` (stage 1 holds a hand)."""
    hand, flush_suit = decoded.hand, decoded.flush_suit

    @always(clk.posedge)
    def rank_masks():
        if load:
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
                    if hand[4 * r + s]:
                        held[:] = concat(held[4:0], True)
                    if hand[4 * r + s] and flush_suit[s]:
                        suited[r] = 1
                present[r] = held[1]
                singles[r] = held[1] and not held[2]
                pairs[r] = held[2] and not held[3]
                trips[r] = held[3] and not held[4]
                quads[r] = held[4]
                not_quads[r] = held[1] and not held[4]
            windows = intbv(0)[WINDOWS:]
            sf_windows = intbv(0)[WINDOWS:]
            for w in range(WINDOWS):
                if (present[(w + RANKS - 1) % RANKS] and present[w] and present[w + 1]
                        and present[w + 2] and present[w + 3]):
                    windows[w] = 1
                for s in range(SUITS):
                    if (hand[4 * ((w + RANKS - 1) % RANKS) + s] and hand[4 * w + s]
                            and hand[4 * (w + 1) + s] and hand[4 * (w + 2) + s]
                            and hand[4 * (w + 3) + s]):
                        sf_windows[w] = 1
            masks.quads.next = quads
            masks.trips.next = trips
            masks.pairs.next = pairs
            masks.not_quads.next = not_quads
            if flush_suit != 0:
                masks.kickers.next = suited
            else:
                masks.kickers.next = singles
            masks.windows.next = windows
            masks.sf_windows.next = sf_windows
            masks.flush.next = flush_suit != 0
            masks.bad.next = decoded.dups != 0 or decoded.bad_codes != 0
            masks.any.next = decoded.any

    return rank_masks


@block
def top_ranks_register(clk, load, mask, onehots, count):
    """rankmask.highest_ranks's selection, registered when ``load``."""
    width = count + 2

    @always(clk.posedge)
    def select():
        if load:
            seen = intbv(1)[width:]
            saturated = False
            sel = intbv(0)[RANKS * count:]
            for p in downrange(RANKS):
                for k in range(count):
                    sel[RANKS * k + p] = mask[p] and seen[k]
                if mask[p]:
                    saturated = seen[width - 1] or seen[width - 2]
                    seen[:] = concat(seen[width - 1:0], False)
                    seen[width - 1] = saturated
            onehots.next = sel

    return select


@block
def window_top_register(clk, load, windows, found, top):
    """rankmask.window_top, registered when ``load``: found, and the top rank of the highest
    complete window (w tops at rank w + 3), 0 when none."""
    @always(clk.posedge)
    def pick():
        if load:
            onehot = intbv(0)[WINDOWS:]
            higher = False
            for w in downrange(WINDOWS):
                if windows[w] and not higher:
                    onehot[w] = 1
                if windows[w]:
                    higher = True
            best = intbv(0)[RANKS:]
            best[:] = concat(onehot, intbv(0)[3:])
            value = intbv(0)[4:]
            value[3] = best[12] or best[11] or best[10] or best[9] or best[8]
            value[2] = best[12] or best[7] or best[6] or best[5] or best[4]
            value[1] = best[11] or best[10] or best[7] or best[6] or best[3] or best[2]
            value[0] = best[11] or best[9] or best[7] or best[5] or best[3] or best[1]
            top.next = value
            found.next = windows != 0

    return pick


@block(skipname=True)
def select_stage(clk, masks, picks, load):
    """Stage 3 from stage 2, registered when ``load`` (stage 2 holds a hand): the k-th highest
    rank of each mask, the best straights."""
    p3_kickers, p3_pairs, p3_trips, p3_not_quads = (unsigned(RANKS * count) for _, count in SELECTIONS)
    select = [top_ranks_register(clk, load, getattr(masks, m), onehots, count) for (m, count), onehots in
              zip(SELECTIONS, (p3_kickers, p3_pairs, p3_trips, p3_not_quads))]
    tops = [window_top_register(clk, load, masks.windows, picks.straight, picks.straight_top),
            window_top_register(clk, load, masks.sf_windows, picks.sf, picks.sf_top)]

    @always(clk.posedge)
    def picks_register():
        if load:
            picks.quads.next = masks.quads
            picks.flush.next = masks.flush
            picks.bad.next = masks.bad
            picks.any.next = masks.any

    @always_comb
    def spread():
        picks.kickers0.next = p3_kickers[13:0]
        picks.kickers1.next = p3_kickers[26:13]
        picks.kickers2.next = p3_kickers[39:26]
        picks.kickers3.next = p3_kickers[52:39]
        picks.kickers4.next = p3_kickers[65:52]
        picks.pairs0.next = p3_pairs[13:0]
        picks.pairs1.next = p3_pairs[26:13]
        picks.pairs2.next = p3_pairs[39:26]
        picks.trips0.next = p3_trips[13:0]
        picks.trips1.next = p3_trips[26:13]
        picks.not_quads0.next = p3_not_quads

    return select, tops, picks_register, spread


@block
def rank_register(clk, load, onehot, rank):
    """rankmask.onehot_rank, registered when ``load``: the rank (0..12) of a one-hot mask, 0
    when it is empty."""
    @always(clk.posedge)
    def encode():
        if load:
            value = intbv(0)[4:]
            value[3] = onehot[12] or onehot[11] or onehot[10] or onehot[9] or onehot[8]
            value[2] = onehot[12] or onehot[7] or onehot[6] or onehot[5] or onehot[4]
            value[1] = (onehot[11] or onehot[10] or onehot[7] or onehot[6] or onehot[3]
                        or onehot[2])
            value[0] = (onehot[11] or onehot[9] or onehot[7] or onehot[5] or onehot[3]
                        or onehot[1])
            rank.next = value

    return encode


@block(skipname=True)
def rank_stage(clk, picks, category, ranked, load):
    """Stage 4 from stage 3, registered when ``load`` (stage 3 holds a hand): the picks as
    ranks, and the category (``category``: before its register, for the scoring mask's stage
    4)."""
    encode = [rank_register(clk, load, getattr(picks, name), getattr(ranked, name))
              for name in PICKED + ("quads",)]
    trip0, trip1, pair0, pair1 = picks.trips0, picks.trips1, picks.pairs0, picks.pairs1

    @always_comb
    def categorize():
        cat = intbv(0)[9:]
        if picks.sf:
            cat[STRAIGHT_FLUSH] = 1
        elif picks.quads != 0:
            cat[QUADS] = 1
        elif trip0 != 0 and (trip1 != 0 or pair0 != 0):
            cat[FULL_HOUSE] = 1
        elif picks.flush:
            cat[FLUSH] = 1
        elif picks.straight:
            cat[STRAIGHT] = 1
        elif trip0 != 0:
            cat[TRIPS] = 1
        elif pair1 != 0:
            cat[TWO_PAIR] = 1
        elif pair0 != 0:
            cat[PAIR] = 1
        else:
            cat[HIGH_CARD] = 1
        category.next = cat

    @always(clk.posedge)
    def ranked_register():
        if load:
            ranked.category.next = category
            ranked.straight_top.next = picks.straight_top
            ranked.sf_top.next = picks.sf_top
            ranked.invalid.next = picks.bad or not picks.any

    return encode, categorize, ranked_register


@block(skipname=True)
def compose_stage(clk, rst, ranked, load, word, invalid):
    """Stage 5: the rank word from stage 4 (kickers chosen by category), 0 when invalid, and
    ``invalid``, registered when ``load`` (stage 4 holds a hand); 0 after reset."""
    m0, m1, m2, m3, m4 = (getattr(ranked, f"kickers{k}") for k in range(5))
    p0, p1, p2 = ranked.pairs0, ranked.pairs1, ranked.pairs2
    t0, t1 = ranked.trips0, ranked.trips1
    x0, q0 = ranked.not_quads0, ranked.quads
    category, bad = ranked.category, ranked.invalid
    sf_top, straight_top = ranked.sf_top, ranked.straight_top

    @always_seq(clk.posedge, reset=rst)
    def compose():
        if load:
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
            cat[3] = category[STRAIGHT_FLUSH]
            cat[2] = (category[QUADS] or category[FULL_HOUSE] or category[FLUSH]
                      or category[STRAIGHT])
            cat[1] = (category[QUADS] or category[FULL_HOUSE] or category[TRIPS]
                      or category[TWO_PAIR])
            cat[0] = (category[QUADS] or category[FLUSH] or category[TRIPS]
                      or category[PAIR])
            k0 = intbv(0)[4:]
            k1 = intbv(0)[4:]
            k2 = intbv(0)[4:]
            k3 = intbv(0)[4:]
            k4 = intbv(0)[4:]
            if category[STRAIGHT_FLUSH]:
                k0[:] = k0 | sf_top
            if category[QUADS]:
                k0[:] = k0 | q0
                k1[:] = k1 | x0
            if category[FULL_HOUSE]:
                k0[:] = k0 | t0
                if t1_ge_p0:
                    k1[:] = k1 | t1
                else:
                    k1[:] = k1 | p0
            if category[FLUSH] or category[HIGH_CARD]:
                k0[:] = k0 | m0
                k1[:] = k1 | m1
                k2[:] = k2 | m2
                k3[:] = k3 | m3
                k4[:] = k4 | m4
            if category[STRAIGHT]:
                k0[:] = k0 | straight_top
            if category[TRIPS]:
                k0[:] = k0 | t0
                k1[:] = k1 | m0
                k2[:] = k2 | m1
            if category[TWO_PAIR]:
                k0[:] = k0 | p0
                k1[:] = k1 | p1
                if p2_ge_m0:
                    k2[:] = k2 | p2
                else:
                    k2[:] = k2 | m0
            if category[PAIR]:
                k0[:] = k0 | p0
                k1[:] = k1 | m0
                k2[:] = k2 | m1
                k3[:] = k3 | m2
            if bad:
                word.next = 0
            else:
                word.next = concat(cat, k0, k1, k2, k3, k4)
            invalid.next = bad

    return compose


@block(skipname=True)
def scoring_mask(clk, rst, codes, n, picks, category, ranked, valids, stage, mask):
    """The cards that make the hand (golden scoring_cards), 0 when invalid: stage 4 finds the
    ranks whose cards make it (or all cards: straight, flush, full house), stage 5 looks up
    each slot's rank. ``codes`` are stage 0's; they travel along. ``valids[stage]``: stage 4
    holds a hand."""
    c4_making, s4_making = unsigned(RANKS), unsigned(RANKS)
    c4_all_make, s4_all_make = flag(), flag()

    @always_comb
    def making_ranks():
        if category[QUADS]:
            c4_making.next = picks.quads
        elif category[TRIPS]:
            c4_making.next = picks.trips0
        elif category[TWO_PAIR] or category[PAIR]:
            c4_making.next = picks.pairs0 | picks.pairs1
        else:
            c4_making.next = picks.kickers0
        c4_all_make.next = (category[STRAIGHT_FLUSH] or category[FULL_HOUSE]
                            or category[FLUSH] or category[STRAIGHT])

    regs_making = [pipe_reg(clk, c4_making, s4_making),
                   pipe_reg(clk, c4_all_make, s4_all_make)]

    codes_at = [codes] + [unsigned(6 * n) for _ in range(4)]
    regs_codes = [pipe_reg(clk, codes_at[i], codes_at[i + 1]) for i in range(4)]
    s4_codes = codes_at[4]
    s4_invalid = ranked.invalid
    mask_q = unsigned(n)

    @always_seq(clk.posedge, reset=rst)
    def score():
        if valids[stage]:
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

    return making_ranks, regs_making, regs_codes, score, drive_mask
