"""Combinational logic on 13-bit rank masks (bit r set = rank r present; r = 0..12 = 2..A).

The hand evaluator describes a hand by such masks (ranks held once, twice, three times, the
flush suit's ranks) and needs from them the k-th highest rank and the top of a straight. No
+ or <: yosys would map them onto CARRY4 chains (a logic level each), so counts are one-hot
codes and encoders are written out bit by bit, which also keeps the simulators quick.
"""

from myhdl import block, always_comb, concat, downrange, intbv, Signal

RANKS = 13
WINDOWS = 10       # straights: window w holds ranks w-1 .. w+3 (w = 0: the wheel, ace low)


@block
def highest_ranks(mask, onehots, count=1):
    """One-hot positions of the ``count`` highest set bits of ``mask``.

    mask[13] in; onehots[13 * count] out: bits 13k .. 13k+12 are the k-th highest (k = 0: the
    highest): bit p set when mask[p] is set and exactly k set bits lie above p; all zero when
    mask has k or fewer bits set.
    One pass from the ace down with a one-hot count of the bits seen (bit j: j bits, the top
    bit: count or more); yosys maps it to at most six LUT levels for count <= 5.
    """
    width = count + 2

    @always_comb
    def select():
        seen = intbv(1)[width:]
        saturated = False
        sel = intbv(0)[RANKS * count:]
        for p in downrange(RANKS):
            for k in range(count):          # unconditional: a loop under the if is a latch
                sel[RANKS * k + p] = mask[p] and seen[k]
            if mask[p]:
                saturated = seen[width - 1] or seen[width - 2]
                seen[:] = concat(seen[width - 1:0], False)
                seen[width - 1] = saturated
        onehots.next = sel

    return select


@block
def onehot_rank(onehot, rank):
    """Rank (0..12) of a one-hot 13-bit mask; 0 when the mask is empty.

    An empty selection reads as rank 0, which is what the rank word wants in an unused kicker
    nibble; as a candidate for a maximum it loses or ties harmlessly. Written out bit by bit
    (no loop) because the simulators evaluate it every clock.
    """
    @always_comb
    def encode():
        value = intbv(0)[4:]
        value[3] = onehot[12] or onehot[11] or onehot[10] or onehot[9] or onehot[8]
        value[2] = onehot[12] or onehot[7] or onehot[6] or onehot[5] or onehot[4]
        value[1] = (onehot[11] or onehot[10] or onehot[7] or onehot[6] or onehot[3]
                    or onehot[2])
        value[0] = (onehot[11] or onehot[9] or onehot[7] or onehot[5] or onehot[3]
                    or onehot[1])
        rank.next = value

    return encode


@block
def straight_windows(mask, windows):
    """Which five-rank windows of ``mask`` are complete.

    mask[13] in; windows[10] out: bit w set when ranks w-1 .. w+3 are all present, where rank -1
    is the ace (w = 0 is the wheel A-2-3-4-5, whose top card is the five).
    """
    @always_comb
    def find():
        complete = intbv(0)[WINDOWS:]
        for w in range(WINDOWS):
            if (mask[(w + RANKS - 1) % RANKS] and mask[w] and mask[w + 1] and mask[w + 2]
                    and mask[w + 3]):
                complete[w] = 1
        windows.next = complete

    return find


@block
def window_top(windows, found, top):
    """The best straight among complete windows: found, and its top rank (window w tops at
    rank w + 3; the wheel tops at 3, the five). top is 0 when no window is complete."""
    best = Signal(intbv(0)[RANKS:])        # one-hot top rank of the highest complete window

    @always_comb
    def pick():
        onehot = intbv(0)[WINDOWS:]
        higher = False
        for w in downrange(WINDOWS):
            if windows[w] and not higher:
                onehot[w] = 1
            if windows[w]:
                higher = True
        best.next = concat(onehot, intbv(0)[3:])
        found.next = windows != 0

    encode = onehot_rank(best, top)

    return pick, encode
