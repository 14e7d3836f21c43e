"""The shuffler's compaction: available cards from the back moved into excluded places at the
front, one per clock, in a pipeline of three stages: find (the next lowest excluded and highest
available position, one-hot, from two lowest_ones sets) -> encode (their indices) -> swap (the
deck memory writes card ``hi`` at position ``lo``). No exclusions cost nothing.
"""

from myhdl import block, always_seq, always_comb, Signal, intbv, instances

from ...golden.cards import DECK_SIZE

DECK = DECK_SIZE


@block
def lowest_ones(clk, rst, load, value, take, onehot):
    """A set of positions handed out lowest first.

    load: the set becomes `value`; take: the position shown in `onehot` leaves the set
    onehot: the lowest position in the set (0 when the set is empty)
    "Any bit in this group of four" is kept in registers, so finding the lowest position is an
    OR of at most twelve registered group bits and three neighbours: about three LUT levels.
    """
    width = len(value)
    groups = width // 4
    assert groups * 4 == width and groups <= 16
    vec = Signal(intbv(0)[width:])
    group_any = Signal(intbv(0)[groups:])
    first, rest = Signal(intbv(0)[width:]), Signal(intbv(0)[width:])
    rest_any, value_any = Signal(intbv(0)[groups:]), Signal(intbv(0)[groups:])

    @always_comb
    def isolate():
        lowest = intbv(0)[width:]
        for g in range(groups):
            lower_a = False             # two OR trees of up to eight group bits each
            lower_b = False
            for h in range(g):
                if h < 8:
                    lower_a = lower_a or group_any[h]
                else:
                    lower_b = lower_b or group_any[h]
            below = lower_a or lower_b
            for k in range(4):
                lowest[4 * g + k] = vec[4 * g + k] and not below
                below = below or vec[4 * g + k]
        first.next = lowest

    @always_comb
    def remainder():
        rest.next = vec & ~first

    @always_comb
    def group_bits():
        r_any = intbv(0)[groups:]
        v_any = intbv(0)[groups:]
        for g in range(groups):
            r_any[g] = rest[4 * g] or rest[4 * g + 1] or rest[4 * g + 2] or rest[4 * g + 3]
            v_any[g] = value[4 * g] or value[4 * g + 1] or value[4 * g + 2] or value[4 * g + 3]
        rest_any.next = r_any
        value_any.next = v_any

    @always_seq(clk.posedge, reset=rst)
    def registers():
        if load:
            vec.next = value
            group_any.next = value_any
        elif take:
            vec.next = rest
            group_any.next = rest_any

    @always_comb
    def outputs():
        onehot.next = first

    return instances()


@block
def onehot_index(onehot, index, offset, reverse=False):
    """index = p + offset for the one set bit p of onehot (0 when none; with reverse, bit q
    stands for position width-1-q): each index bit is an OR of one-hot bits, a balanced tree."""
    width = len(onehot)

    def position(q):
        return (width - 1 - q if reverse else q) + offset

    def bit_mask(b):
        return Signal(intbv(sum(1 << q for q in range(width) if position(q) >> b & 1))[width:])
    m0, m1, m2, m3, m4, m5 = (bit_mask(b) for b in range(6))

    @always_comb
    def encode():
        value = intbv(0)[6:]
        value[0] = (onehot & m0) != 0
        value[1] = (onehot & m1) != 0
        value[2] = (onehot & m2) != 0
        value[3] = (onehot & m3) != 0
        value[4] = (onehot & m4) != 0
        value[5] = (onehot & m5) != 0
        index.next = value

    return instances()


class Compaction:
    """Written by shuffler_compact only: lo, hi (the excluded position filled and the available
    one whose card fills it), looked (lo and hi are a found pair), more (lo_end < hi_end: the
    pair is a move, not the end of compaction), n_cards (the live deck size after it)."""

    def __init__(self):
        self.lo, self.hi, self.n_cards = (Signal(intbv(0)[6:]) for _ in range(3))
        self.looked, self.more = Signal(bool(0)), Signal(bool(0))


@block(skipname=True)
def shuffler_compact(clk, rst, state, t_state, start, starting, compacting, exclude,
                     compaction):
    """compaction (Compaction) step by step: state/t_state the sequencer's step, start the
    shuffler's; starting (a start taken) loads the sets, compacting (SHUF_COMPACT) takes from
    them; exclude[52] the excluded cards."""
    # find: the next lowest excluded position and highest available one. Available positions
    # are kept bit-reversed (bit q = position 51-q) so both look for a lowest bit.
    exclude_rev = Signal(intbv(0)[DECK:])
    available_in = Signal(intbv(0)[DECK:])
    lo_1h_c, hi_1h_c = Signal(intbv(0)[DECK:]), Signal(intbv(0)[DECK:])
    # encode
    lo_1h, hi_1h = Signal(intbv(0)[DECK:]), Signal(intbv(0)[DECK:])
    lo_none, found = Signal(bool(0)), Signal(bool(0))   # lo_none: no excluded position left
    lo_c, lo_end_c, hi_c, hi_end_c, lo_end_raw = (Signal(intbv(0)[6:]) for _ in range(5))
    # swap: lo_end is 63 when no excluded position is left, hi_end 0 when no available one
    lo_end, hi_end = Signal(intbv(0)[6:]), Signal(intbv(0)[6:])
    filled_end = Signal(intbv(0)[6:])             # last filled position + 1

    @always_comb
    def reverse_exclude():
        rev = intbv(0)[DECK:]
        for q in range(DECK):
            rev[q] = exclude[DECK - 1 - q]
        exclude_rev.next = rev

    @always_comb
    def invert():
        available_in.next = ~exclude_rev

    find_lo = lowest_ones(clk, rst, starting, exclude, compacting, lo_1h_c)
    find_hi = lowest_ones(clk, rst, starting, available_in, compacting, hi_1h_c)
    lo_index = onehot_index(lo_1h, lo_c, 0)
    lo_end_index = onehot_index(lo_1h, lo_end_raw, 1)
    hi_index = onehot_index(hi_1h, hi_c, 0, reverse=True)
    hi_end_index = onehot_index(hi_1h, hi_end_c, 1, reverse=True)

    @always_comb
    def none_left():
        lo_none.next = lo_1h == 0

    @always_comb
    def lo_end_or_none():
        if lo_none:
            lo_end_c.next = 63
        else:
            lo_end_c.next = lo_end_raw

    @always_comb
    def move():
        compaction.more.next = lo_end < hi_end

    @always_seq(clk.posedge, reset=rst)
    def pipeline():
        if state == t_state.SHUF_IDLE:
            if start:
                found.next = False
                compaction.looked.next = False
                filled_end.next = 0
        elif state == t_state.SHUF_COMPACT:
            # find -> encode
            lo_1h.next = lo_1h_c
            hi_1h.next = hi_1h_c
            found.next = True
            # encode -> swap
            compaction.lo.next = lo_c
            lo_end.next = lo_end_c
            compaction.hi.next = hi_c
            hi_end.next = hi_end_c
            compaction.looked.next = found
            # swap (the write itself is the deck memory's)
            if compaction.looked:
                if compaction.more:
                    filled_end.next = lo_end
                elif hi_end > filled_end:
                    compaction.n_cards.next = hi_end
                else:
                    compaction.n_cards.next = filled_end
        else:
            pass                                    # the deal leaves the compaction as it is

    return instances()
