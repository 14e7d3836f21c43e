"""UART transmitter and receiver, 8N1 (115200 baud at 100 MHz by default).

The bit time is a whole number of clocks, ``round(clk_hz / baud)``, computed at elaboration; a
rate that this rounding puts more than 2 % off is refused (a receiver samples a 10-bit frame,
so the two ends may differ by about 5 % in all).
"""

from myhdl import (block, always_seq, always_comb, concat, Signal, ResetSignal, intbv, enum,
                   instances)

from ..golden.uart import TX_MIN_CLOCKS, bit_clocks


@block
def uart_tx(clk, rst, s_axis_tdata, s_axis_tvalid, s_axis_tready, txd,
            clk_hz=100_000_000, baud=115_200):
    """UART transmitter, 8N1, least significant bit first.

    s_axis_tdata[8], s_axis_tvalid, s_axis_tready: the bytes to send (AXI4-Stream); a byte is
        taken when tvalid and tready are both high. tready is high while idle and in the last
        clock of a stop bit, so a stream of bytes goes out back to back with no idle time.
    txd: the serial line, high when idle (and during reset).
    """
    div = bit_clocks(clk_hz, baud, TX_MIN_CLOCKS)
    tick = Signal(intbv(0, min=0, max=div))          # clock within the current bit
    last_tick = div - 1
    bits_left = Signal(intbv(0, min=0, max=11))      # bits of the frame still to finish
    shifter = Signal(intbv(0x1ff)[9:])               # data bits then the stop bit, LSB next
    level = Signal(bool(1))
    ready = Signal(bool(0))

    @always_comb
    def handshake():
        ready.next = bits_left == 0 or (bits_left == 1 and tick == last_tick)

    @always_seq(clk.posedge, reset=rst)
    def send():
        if ready and s_axis_tvalid:
            level.next = 0                                 # start bit
            shifter.next = concat(True, s_axis_tdata)      # stop bit above the data
            bits_left.next = 10
            tick.next = 0
        elif bits_left != 0:
            if tick == last_tick:
                tick.next = 0
                bits_left.next = bits_left - 1
                level.next = shifter[0]
                shifter.next = concat(True, shifter[9:1])  # ones behind: the line idles high
            else:
                tick.next = tick + 1

    @always_comb
    def outputs():
        s_axis_tready.next = ready
        txd.next = level

    return instances()


@block
def uart_rx(clk, rst, rxd, m_axis_tdata, m_axis_tvalid, m_axis_tready, framing_error, overrun,
            clk_hz=100_000_000, baud=115_200):
    """UART receiver, 8N1, with a 2-flop synchroniser on rxd.

    rxd: the serial line (asynchronous).
    m_axis_tdata[8], m_axis_tvalid, m_axis_tready: received bytes (AXI4-Stream). A byte is held
        until taken; tie tready high to get a one-clock tvalid pulse per byte.
    framing_error: one-clock pulse when a stop bit reads 0; that byte is dropped, and after a
        break (line held low) nothing more is received until the line has gone high again.
    overrun: one-clock pulse when a byte arrives while the previous one is still held; the new
        byte is dropped (the held byte stays stable, as AXI4-Stream requires).

    A start bit must stay low for half a bit (shorter glitches are ignored); every bit is the
    majority of three samples around its middle, 1/8 bit apart.
    """
    div = bit_clocks(clk_hz, baud)
    half = div // 2
    spread = div // 8
    first_vote, last_vote = half - spread, half + spread
    state_t = enum("RX_IDLE", "RX_FRAME", "RX_BREAK")
    state = Signal(state_t.RX_IDLE)
    sync = Signal(intbv(0b11)[2:])                   # synchroniser, idles high
    level = Signal(bool(1))                          # rxd after the synchroniser
    tick = Signal(intbv(0, min=0, max=div))          # clock within the current bit
    last_tick = div - 1
    bit_index = Signal(intbv(0, min=0, max=10))      # 0 start, 1..8 data, 9 stop
    votes = Signal(intbv(0)[2:])                     # first two samples of the current bit
    majority = Signal(bool(0))
    shifter = Signal(intbv(0)[8:])
    data = Signal(intbv(0)[8:])
    valid = Signal(bool(0))
    frame_bad = Signal(bool(0))
    lost = Signal(bool(0))

    @always_seq(clk.posedge, reset=rst)
    def synchronise():
        sync.next = concat(sync[0], rxd)
        level.next = sync[1]

    @always_comb
    def vote():
        majority.next = (votes[1] and votes[0]) or (votes[1] and level) or (votes[0] and level)

    @always_seq(clk.posedge, reset=rst)
    def receive():
        frame_bad.next = 0
        lost.next = 0
        if valid and m_axis_tready:
            valid.next = 0
        if state == state_t.RX_IDLE:
            if not level:
                state.next = state_t.RX_FRAME
                tick.next = 1
                bit_index.next = 0
        elif state == state_t.RX_FRAME:
            if tick == last_tick:
                tick.next = 0
                bit_index.next = bit_index + 1
            else:
                tick.next = tick + 1
            if bit_index == 0 and tick <= half and level:
                state.next = state_t.RX_IDLE               # a glitch, not a start bit
            elif tick == first_vote or tick == half:
                votes.next = concat(votes[0], level)
            elif tick == last_vote and bit_index != 0:
                if bit_index != 9:
                    shifter.next = concat(majority, shifter[8:1])
                elif majority:
                    state.next = state_t.RX_IDLE           # resynchronise on the next start
                    if valid and not m_axis_tready:
                        lost.next = 1
                    else:
                        data.next = shifter
                        valid.next = 1
                else:
                    state.next = state_t.RX_BREAK
                    frame_bad.next = 1
        else:  # RX_BREAK: wait for the line to return high before looking for a start bit
            if level:
                state.next = state_t.RX_IDLE

    @always_comb
    def outputs():
        m_axis_tdata.next = data
        m_axis_tvalid.next = valid
        framing_error.next = frame_bad
        overrun.next = lost

    return instances()


def _reset():
    return ResetSignal(0, active=1, isasync=False)


def uart_tx_top(clk_hz=100_000_000, baud=115_200):
    """The transmitter with fresh port signals, for conversion."""
    return uart_tx(clk=Signal(bool(0)), rst=_reset(), s_axis_tdata=Signal(intbv(0)[8:]),
                   s_axis_tvalid=Signal(bool(0)), s_axis_tready=Signal(bool(0)),
                   txd=Signal(bool(1)), clk_hz=clk_hz, baud=baud)


def uart_rx_top(clk_hz=100_000_000, baud=115_200):
    """The receiver with fresh port signals, for conversion."""
    return uart_rx(clk=Signal(bool(0)), rst=_reset(), rxd=Signal(bool(1)),
                   m_axis_tdata=Signal(intbv(0)[8:]), m_axis_tvalid=Signal(bool(0)),
                   m_axis_tready=Signal(bool(0)), framing_error=Signal(bool(0)),
                   overrun=Signal(bool(0)), clk_hz=clk_hz, baud=baud)
