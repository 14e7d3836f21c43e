"""The equity engine's reply: SOF, length, status, the lanes' summed counts (or, to a describe
request, what the engine is), CRC.

The counts are the lanes' readout chains summed a byte at a time, least significant first:
the sum settles through a register per lane (sum_link; no adder tree in one clock), and since
no total exceeds its counter, no carry crosses from one counter into the next.
"""

from myhdl import always, always_comb, always_seq, block, enum, instances, intbv, Signal

from ...golden.equity.readable import OK
from ...golden.equity.protocol import SOF, describe_payload
from .frames import crc8_step
from .lane import SHIFT_DELAY


@block
def sum_link(clk, before, byte, after):
    """One lane's link of the reply's sum: after = before + the lane's readout byte, a
    register per lane (the sum settles in ``lanes`` clocks, no adder tree in one clock)."""
    @always(clk.posedge)
    def add():
        after.next = before + byte
    return add


@block(skipname=True)
def reply_builder(clk, rst, in_reply, reply_len, status, describe, count_bytes, chains, shift,
                  reply_last, m_axis_tdata, m_axis_tvalid, m_axis_tready, description):
    """The reply, a byte whenever the output register is free, while ``in_reply``: reply_len
    and status as the engine set them, then (status OK) count_bytes bytes of the sum of the
    lanes' chains, each taken with a ``shift`` of the chains, or (``describe``) the bytes of
    golden describe_payload(*description) after its status; reply_last: this clock sends the
    last byte."""
    lanes = len(chains)
    lane_bits = max(lanes.bit_length(), 1)
    Part = enum("SEND_SOF", "SEND_LEN", "SEND_STATUS", "SEND_COUNTS", "SEND_ABOUT", "SEND_CRC")
    about = tuple(describe_payload(*description)[1:])   # what the engine is, after OK
    about_at = Signal(intbv(0, min=0, max=len(about)))
    about_byte = Signal(intbv(0)[8:])
    part = Signal(Part.SEND_SOF)   # SEND_SOF but in REPLYING: a reply's last byte sets it back
    left = Signal(intbv(0)[8:])               # bytes of the part still to send
    out_data = Signal(intbv(0)[8:])
    out_valid = Signal(bool(0))
    crc_tx, crc_tx_next = Signal(intbv(0)[8:]), Signal(intbv(0)[8:])
    tx_byte = Signal(intbv(0)[8:])
    tx_go = Signal(bool(0))
    settle = Signal(intbv(0)[lane_bits + 2:])
    carry = Signal(intbv(0)[8:])
    sums = [Signal(intbv(0)[12:]) for _ in range(lanes + 1)]
    sum_first, sum_last = sums[0], sums[lanes]
    sum_links = [sum_link(clk, sums[l], chains[l], sums[l + 1]) for l in range(lanes)]
    tx_crc = crc8_step(crc_tx, tx_byte, crc_tx_next)

    @always_comb
    def sum_start():
        sum_first.next = carry

    @always_comb
    def outputs():
        m_axis_tdata.next = out_data
        m_axis_tvalid.next = out_valid
        tx_go.next = not out_valid or m_axis_tready

    @always_comb
    def last_byte():
        reply_last.next = tx_go and part == Part.SEND_CRC

    @always_comb
    def about_rom():
        about_byte.next = about[int(about_at)]

    @always_comb
    def reply_byte():
        if part == Part.SEND_SOF:
            tx_byte.next = SOF
        elif part == Part.SEND_LEN:
            tx_byte.next = reply_len
        elif part == Part.SEND_STATUS:
            tx_byte.next = status
        elif part == Part.SEND_COUNTS:
            tx_byte.next = sum_last[8:0]
        elif part == Part.SEND_ABOUT:
            tx_byte.next = about_byte
        else:
            tx_byte.next = crc_tx

    @always_seq(clk.posedge, reset=rst)
    def send():
        shift.next = False
        if out_valid and m_axis_tready:
            out_valid.next = False
        if in_reply:
            if part == Part.SEND_COUNTS and settle != 0:
                settle.next = settle - 1
            elif tx_go:
                out_valid.next = True
                out_data.next = tx_byte
                if part == Part.SEND_SOF:
                    crc_tx.next = 0
                    part.next = Part.SEND_LEN
                elif part == Part.SEND_LEN:
                    crc_tx.next = crc_tx_next
                    part.next = Part.SEND_STATUS
                elif part == Part.SEND_STATUS:
                    crc_tx.next = crc_tx_next
                    left.next = count_bytes
                    carry.next = 0
                    settle.next = lanes + SHIFT_DELAY
                    about_at.next = 0
                    if status == OK and describe:
                        part.next = Part.SEND_ABOUT
                    elif status == OK:
                        part.next = Part.SEND_COUNTS
                    else:
                        part.next = Part.SEND_CRC
                elif part == Part.SEND_COUNTS:
                    crc_tx.next = crc_tx_next
                    carry.next = sum_last[12:8]
                    shift.next = True
                    settle.next = lanes + SHIFT_DELAY
                    left.next = left - 1
                    if left == 1:
                        part.next = Part.SEND_CRC
                elif part == Part.SEND_ABOUT:
                    crc_tx.next = crc_tx_next
                    if about_at == len(about) - 1:
                        part.next = Part.SEND_CRC
                    else:
                        about_at.next = about_at + 1
                else:
                    part.next = Part.SEND_SOF

    return instances()
