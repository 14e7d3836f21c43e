"""Seat arithmetic of a 2..4 seat table as small ROMs: with a seat index and a seat mask as the
address (at most 2 + 4 bits), each answer is one LUT deep and converts without the integer
arithmetic that Verilog lint flags.

Addresses pack a seat index above a per-seat mask: address = seat << n | mask.
"""

from myhdl import block, always_comb

from ...golden.holdem.table import NO_SEAT


def seat_bits(n):
    """Bits of a seat index for n seats (at least 1)."""
    return max(1, (n - 1).bit_length())


def _left_of(seat, n):
    """Seats in turn order starting left of ``seat`` and ending with it (golden _seats_left_of)."""
    return [(seat + i) % n for i in range(1, n + 1)]


def next_in_mask_table(n, skip=True):
    """address seat << n | mask -> the first seat left of `seat` whose mask bit is clear
    (skip=True: mask = busted, golden _next_live) or set (skip=False: mask = needs action,
    golden _first_to_act); none: the seat itself (skip) or NO_SEAT."""
    sw = seat_bits(n)
    table = []
    for address in range(1 << (sw + n)):
        seat, mask = address >> n, address & ((1 << n) - 1)
        found = seat if skip else NO_SEAT
        if seat < n:
            for s in _left_of(seat, n):
                if bool(mask >> s & 1) != skip:
                    found = s
                    break
        table.append(found % (1 << sw) if skip else found)
    return tuple(table)


def count_clear_table(n):
    """mask -> number of seats whose bit is clear (live seats from folded, alive from busted)."""
    return tuple(sum(1 for s in range(n) if not mask >> s & 1) for mask in range(1 << n))


def lowest_clear_table(n):
    """mask -> the lowest seat whose bit is clear (the game winner from busted), else NO_SEAT."""
    return tuple(next((s for s in range(n) if not mask >> s & 1), NO_SEAT)
                 for mask in range(1 << n))


def onehot_table(n, bits=None):
    """seat -> its one-hot mask (0 for an index past the last seat); ``bits``: the width of
    the seat field (default: a seat index's, seat_bits(n))."""
    return tuple((1 << s) if s < n else 0 for s in range(1 << (bits or seat_bits(n))))


def left_table(n):
    """seat -> the seat on its left, (seat + 1) mod n."""
    return tuple((s + 1) % n if s < n else 0 for s in range(1 << seat_bits(n)))


@block
def table_rom(address, data, table):
    """data = table[address], combinational (a LUT per output bit for 6 address bits)."""
    assert len(table) == 1 << len(address), "a table fills its whole address space"

    @always_comb
    def read():
        data.next = table[int(address)]

    return read
