"""A heads-up engine's counts: its lanes count only what the two players do not share, the
reply gets every player's record.

Both players of a heads-up trial tie together, each with TIE_UNITS / 2 units, so a heads-up
lane counts the trials, each player's wins and the ties (lane_tally.HEADS_UP_COUNTERS) and no
units. ``heads_up_counts`` stands between the lanes and the reply as one lane would: when the
lanes are done it sums their chains a byte at a time (the reply's own sum_link, a register per
lane), makes the units from the ties a nibble a clock (ties x TIE_UNITS / 2 through a ROM of
sixteen products, with no adder longer than 16 bits), raises its ``done`` and offers the
reply the chain of a lane of full records: the trials, then each player's wins, ties and
units, low byte first.
"""

from myhdl import always_comb, always_seq, block, concat, ConcatSignal, instances, intbv, Signal

from ...golden.equity.readable import TIE_UNITS
from .lane import SHIFT_DELAY
from .lane_tally import HEADS_UP_COUNTERS, TRIAL_BITS, UNIT_BITS
from .reply import sum_link

# the registers: the gathered counts (HEADS_UP_COUNTERS' order: trials, wins, wins, ties)
# and the units; a record as the reply sends it, field by field (the trials, the hero's wins,
# ties and units, the opponent's wins, ties and units), and each field's bytes
GATHERED_BITS = sum(bits for _, bits in HEADS_UP_COUNTERS)
GATHERED_BYTES = GATHERED_BITS // 8
TIES_AT = GATHERED_BITS - TRIAL_BITS              # the ties' lowest bit in the gathered counts
TRIALS, WINS_0, WINS_1, TIES, UNITS = range(5)
SENT_FIELDS = (TRIALS, WINS_0, TIES, UNITS, WINS_1, TIES, UNITS)
FIELD_BYTES = tuple(UNIT_BITS // 8 if f == UNITS else TRIAL_BITS // 8 for f in SENT_FIELDS)
NEXT_FIELD_BYTES = FIELD_BYTES[1:] + FIELD_BYTES[:1]      # the bytes of the field after
NIBBLE_UNITS = tuple(v * (TIE_UNITS // 2) for v in range(16))   # a nibble of ties' units
TIE_NIBBLES, UNIT_NIBBLES = TRIAL_BITS // 4, UNIT_BITS // 4
ACC_BITS = 16                                     # (acc >> 4) + 15 * TIE_UNITS / 2 < 2**16
assert NIBBLE_UNITS[15] + ((1 << ACC_BITS) >> 4) < 1 << ACC_BITS


@block
def heads_up_counts(clk, rst, start, dones, chains, lane_shift, done, shift, chain):
    """Between the heads-up lanes (dones, chains: theirs; lane_shift: their readout's shift)
    and the reply (done: this lane of full records is ready, falling with ``start`` as the
    lanes' do; shift and chain: its readout, a byte SHIFT_DELAY clocks after a shift at the
    latest)."""
    lanes = len(chains)
    all_ones = (1 << lanes) - 1
    done_bits = ConcatSignal(*reversed(dones)) if lanes > 1 else dones[0]
    all_done = Signal(bool(0))
    sums = [Signal(intbv(0)[12:]) for _ in range(lanes + 1)]
    sum_first, sum_last = sums[0], sums[lanes]
    carry = Signal(intbv(0)[8:])
    links = [sum_link(clk, sums[l], chains[l], sums[l + 1]) for l in range(lanes)]
    gathered = Signal(intbv(0)[GATHERED_BITS:])
    units = Signal(intbv(0)[UNIT_BITS:])
    acc = Signal(intbv(0)[ACC_BITS:])
    pending, gathering, making = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    done_q = Signal(bool(1))
    settle = Signal(intbv(0)[max(lanes + SHIFT_DELAY, 1).bit_length():])
    left = Signal(intbv(0)[6:])
    field = Signal(intbv(0, min=0, max=len(SENT_FIELDS)))
    field_left = Signal(intbv(0)[3:])
    which = Signal(intbv(0, min=0, max=UNITS + 1))   # the register the field sends
    out = Signal(intbv(0)[8:])
    nibble_units = Signal(intbv(0)[ACC_BITS:])
    next_bytes = Signal(intbv(0)[3:])
    acc_next = Signal(intbv(0)[ACC_BITS:])

    @always_comb
    def lanes_done():
        all_done.next = done_bits == all_ones

    @always_comb
    def sum_start():
        sum_first.next = carry

    @always_comb
    def field_rom():
        which.next = SENT_FIELDS[int(field)]

    @always_comb
    def next_field_rom():
        next_bytes.next = NEXT_FIELD_BYTES[int(field)]

    tie_nibble = Signal(intbv(0)[4:])

    @always_comb
    def lowest_tie_nibble():
        tie_nibble.next = gathered[TIES_AT + 4:TIES_AT]

    @always_comb
    def units_rom():
        if left > UNIT_NIBBLES - TIE_NIBBLES:
            nibble_units.next = NIBBLE_UNITS[int(tie_nibble)]
        else:
            nibble_units.next = 0

    @always_comb
    def add_nibble():
        acc_next.next = acc[ACC_BITS:4] + nibble_units

    @always_comb
    def outputs():
        done.next = done_q
        chain.next = out

    @always_seq(clk.posedge, reset=rst)
    def gather_and_make():
        lane_shift.next = False
        if start:
            pending.next = True
            done_q.next = False
        elif pending and all_done:
            pending.next = False
            gathering.next = True
            carry.next = 0
            settle.next = lanes + SHIFT_DELAY
            left.next = GATHERED_BYTES
        elif gathering:
            if settle != 0:
                settle.next = settle - 1
            else:
                gathered.next = concat(sum_last[8:0], gathered[GATHERED_BITS:8])
                carry.next = sum_last[12:8]
                lane_shift.next = True
                settle.next = lanes + SHIFT_DELAY
                left.next = left - 1
                if left == 1:
                    gathering.next = False
                    making.next = True
                    acc.next = 0
                    left.next = UNIT_NIBBLES
        elif making:
            # units += a nibble of ties a clock, low first; the ties turn a nibble with it,
            # back where they were after TIE_NIBBLES turns
            acc.next = acc_next
            units.next = concat(acc_next[4:0], units[UNIT_BITS:4])
            if left > UNIT_NIBBLES - TIE_NIBBLES:
                gathered.next = concat(gathered[TIES_AT + 4:TIES_AT],
                                       gathered[GATHERED_BITS:TIES_AT + 4],
                                       gathered[TIES_AT:0])
            left.next = left - 1
            if left == 1:
                making.next = False
                done_q.next = True
                field.next = 0
                field_left.next = FIELD_BYTES[0]
        elif shift:
            # the field sent turns a byte (each field's bytes are back after its last: the ties
            # and units go out twice); then the next field
            if which == TRIALS:
                gathered.next = concat(gathered[GATHERED_BITS:TRIAL_BITS],
                                       gathered[8:0], gathered[TRIAL_BITS:8])
            elif which == WINS_0:
                gathered.next = concat(gathered[GATHERED_BITS:2 * TRIAL_BITS],
                                       gathered[TRIAL_BITS + 8:TRIAL_BITS],
                                       gathered[2 * TRIAL_BITS:TRIAL_BITS + 8],
                                       gathered[TRIAL_BITS:0])
            elif which == WINS_1:
                gathered.next = concat(gathered[GATHERED_BITS:3 * TRIAL_BITS],
                                       gathered[2 * TRIAL_BITS + 8:2 * TRIAL_BITS],
                                       gathered[3 * TRIAL_BITS:2 * TRIAL_BITS + 8],
                                       gathered[2 * TRIAL_BITS:0])
            elif which == TIES:
                gathered.next = concat(gathered[TIES_AT + 8:TIES_AT],
                                       gathered[GATHERED_BITS:TIES_AT + 8],
                                       gathered[TIES_AT:0])
            else:
                units.next = concat(units[8:0], units[UNIT_BITS:8])
            if field_left == 1:
                field_left.next = next_bytes
                if field == len(SENT_FIELDS) - 1:
                    field.next = 0
                else:
                    field.next = field + 1
            else:
                field_left.next = field_left - 1

    @always_seq(clk.posedge, reset=rst)
    def send_byte():
        if which == TRIALS:
            out.next = gathered[8:0]
        elif which == WINS_0:
            out.next = gathered[TRIAL_BITS + 8:TRIAL_BITS]
        elif which == WINS_1:
            out.next = gathered[2 * TRIAL_BITS + 8:2 * TRIAL_BITS]
        elif which == TIES:
            out.next = gathered[TIES_AT + 8:TIES_AT]
        else:
            out.next = units[8:0]

    return instances()
