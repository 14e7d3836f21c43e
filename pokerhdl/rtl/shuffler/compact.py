"""The shuffler's compaction: available cards from the back moved into excluded places at the
front, one per clock, in a pipeline of three stages: find (the next lowest excluded and highest
available position, one-hot, from two lowest_ones sets) -> encode (their indices) -> swap (the
deck memory writes card ``hi`` at position ``lo``). No exclusions cost nothing.
"""

from myhdl import block, always_seq, always_comb, Signal, intbv, instances

from ...golden.cards import DECK_SIZE

DECK = DECK_SIZE


@block
def lowest_ones(clk, rst, load, value, take, taken, flip=False):
    """A set of positions handed out lowest first.

    load: the set becomes `value` (flip: bit q of the set is the inverse of value[width-1-q]);
    take: the lowest position in the set leaves it
    taken: a register, one-hot: the position the last take handed out (0 when the set was
    empty)
    "Any bit in this group of four" is kept in registers, so finding the lowest position is an
    OR of at most twelve registered group bits and three neighbours: about three LUT levels.
    It is found inside the take (not by a combinational block), so an idle set computes
    nothing in a simulator that evaluates every combinational block at every clock (Verilator).
    """
    width = len(value)
    groups = width // 4
    assert groups * 4 == width and groups <= 16
    vec = Signal(intbv(0)[width:])
    group_any = Signal(intbv(0)[groups:])
    taken_q = Signal(intbv(0)[width:])

    @always_seq(clk.posedge, reset=rst)
    def registers():
        if load:
            loaded = intbv(0)[width:]
            for q in range(width):
                if flip:
                    loaded[q] = not value[width - 1 - q]
                else:
                    loaded[q] = value[q]
            loaded_any = intbv(0)[groups:]
            for g in range(groups):
                loaded_any[g] = loaded[4 * g] or loaded[4 * g + 1] or loaded[4 * g + 2] or \
                    loaded[4 * g + 3]
            vec.next = loaded
            group_any.next = loaded_any
        elif take:
            lowest = intbv(0)[width:]
            for g in range(groups):
                lower_a = False         # two OR trees of up to eight group bits each
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
            rest = intbv(0)[width:]
            rest[:] = vec & ~lowest
            rest_any = intbv(0)[groups:]
            for g in range(groups):
                rest_any[g] = rest[4 * g] or rest[4 * g + 1] or rest[4 * g + 2] or \
                    rest[4 * g + 3]
            vec.next = rest
            group_any.next = rest_any
            taken_q.next = lowest

    @always_comb
    def outputs():
        taken.next = taken_q

    return instances()


@block
def onehot_index(clk, rst, load, onehot, index, offset, reverse=False, none=0):
    """A register: with load, index = p + offset for the one set bit p of onehot (with
    reverse, bit q stands for position width-1-q), or ``none`` when no bit is set (0 is also
    what the encoding gives then). Each index bit is an OR of one-hot bits, a balanced tree,
    computed only when loaded."""
    width = len(onehot)

    def position(q):
        return (width - 1 - q if reverse else q) + offset

    def bit_mask(b):
        return Signal(intbv(sum(1 << q for q in range(width) if position(q) >> b & 1))[width:])
    m0, m1, m2, m3, m4, m5 = (bit_mask(b) for b in range(6))

    @always_seq(clk.posedge, reset=rst)
    def encode():
        if load:
            if none != 0 and onehot == 0:
                index.next = none
            else:
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
    # find: the next lowest excluded position and highest available one (each lowest_ones
    # set's take registers it: lo_1h, hi_1h). Available positions are kept bit-reversed (bit q
    # = position 51-q) so both look for a lowest bit.
    lo_1h, hi_1h = Signal(intbv(0)[DECK:]), Signal(intbv(0)[DECK:])
    found = Signal(bool(0))
    # swap: lo and hi (to compaction); lo_end is 63 when no excluded position is left, hi_end
    # 0 when no available one
    lo, hi = Signal(intbv(0)[6:]), Signal(intbv(0)[6:])
    lo_end, hi_end = Signal(intbv(0)[6:]), Signal(intbv(0)[6:])
    filled_end = Signal(intbv(0)[6:])             # last filled position + 1

    find_lo = lowest_ones(clk, rst, starting, exclude, compacting, lo_1h)
    find_hi = lowest_ones(clk, rst, starting, exclude, compacting, hi_1h, flip=True)
    # encode -> swap: the indices, loaded while compacting (lo_end: 63 when no excluded
    # position is left; hi_end: 0 when no available one)
    lo_index = onehot_index(clk, rst, compacting, lo_1h, lo, 0)
    lo_end_index = onehot_index(clk, rst, compacting, lo_1h, lo_end, 1, none=63)
    hi_index = onehot_index(clk, rst, compacting, hi_1h, hi, 0, reverse=True)
    hi_end_index = onehot_index(clk, rst, compacting, hi_1h, hi_end, 1, reverse=True)

    @always_comb
    def pair():
        compaction.lo.next = lo
        compaction.hi.next = hi
        compaction.more.next = lo_end < hi_end

    @always_seq(clk.posedge, reset=rst)
    def pipeline():
        if state == t_state.SHUF_IDLE:
            if start:
                found.next = False
                compaction.looked.next = False
                filled_end.next = 0
        elif state == t_state.SHUF_COMPACT:
            # find -> encode (the sets' take registers lo_1h and hi_1h)
            found.next = True
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
