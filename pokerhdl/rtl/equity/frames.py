"""The equity engine's frames (golden/equity/protocol.py): a byte stream cut into frames, and
the CRC both directions use."""

from myhdl import always_comb, always_seq, block, concat, enum, instances, intbv, Signal

from ...golden.equity.protocol import CRC_POLY, SOF


@block
def crc8_step(crc_in, data, crc_out):
    """One byte of CRC-8/SMBUS (golden equity_protocol.crc8): eight shifts, unrolled."""
    @always_comb
    def step():
        c = intbv(0)[8:]
        c[:] = crc_in ^ data
        for step_i in range(8):
            if c[7]:
                c[:] = concat(c[7:0], False) ^ CRC_POLY
            else:
                c[:] = concat(c[7:0], False)
        crc_out.next = c
    return step


@block
def frame_receiver(clk, rst, s_axis_tdata, s_axis_tvalid, frame_begin, pay_valid, pay_data,
                   frame_end, frame_good, timeout):
    """Frames out of a byte stream: ``frame_begin`` at SOF, ``pay_valid`` with each payload
    byte, ``frame_end`` when the frame is over, ``frame_good`` with it when its CRC matched
    (not when a gap of ``timeout`` clocks cut it short). Bytes outside a frame other than SOF
    are skipped."""
    State = enum("WAIT_SOF", "WAIT_LEN", "PAYLOAD", "CHECK_CRC")
    state = Signal(State.WAIT_SOF)
    last, count = Signal(intbv(0)[8:]), Signal(intbv(0)[8:])   # the last payload byte's index
    crc, crc_in, crc_next = Signal(intbv(0)[8:]), Signal(intbv(0)[8:]), Signal(intbv(0)[8:])
    idle = Signal(intbv(0, min=0, max=timeout + 1))
    step = crc8_step(crc_in, s_axis_tdata, crc_next)

    @always_comb
    def crc_start():
        if state == State.WAIT_LEN:
            crc_in.next = 0
        else:
            crc_in.next = crc

    @always_seq(clk.posedge, reset=rst)
    def receive():
        frame_begin.next = False
        pay_valid.next = False
        frame_end.next = False
        frame_good.next = False
        if s_axis_tvalid:
            idle.next = 0
            if state == State.WAIT_SOF:
                if s_axis_tdata == SOF:
                    frame_begin.next = True
                    state.next = State.WAIT_LEN
            elif state == State.WAIT_LEN:
                count.next = 0
                crc.next = crc_next
                if s_axis_tdata != 0:
                    last.next = s_axis_tdata - 1
                    state.next = State.PAYLOAD
                else:
                    state.next = State.CHECK_CRC
            elif state == State.PAYLOAD:
                pay_valid.next = True
                pay_data.next = s_axis_tdata
                crc.next = crc_next
                count.next = count + 1
                if count == last:
                    state.next = State.CHECK_CRC
            else:
                frame_end.next = True
                frame_good.next = s_axis_tdata == crc
                state.next = State.WAIT_SOF
        elif state != State.WAIT_SOF:
            if idle == timeout:
                frame_end.next = True
                idle.next = 0
                state.next = State.WAIT_SOF
            else:
                idle.next = idle + 1

    return instances()
