"""The equity engine behind a board panel: the host's requests in through the USB-UART, its
replies out (golden/equity/protocol.py), so `pokerhdl equity --backend serial --port DEV`
runs on the board. The board shell (pokerhdl.boards.shell) puts it on any board with a
USB-UART, LEDs and a 7-segment display.

LED0: a request is being answered (busy). The display: how many requests were answered since
reset, so a person sees the board take each run.
"""

from myhdl import always_comb, always_seq, block, instances, intbv, Signal

from ..rtl.equity.engine import equity_engine
from ..rtl.uart import uart_rx, uart_tx
from .panel import Panel

ANSWERED_BITS = 16
LEDS = 16                       # every board here has 16; LED0 is lit, the others dark
FRAME_TIMEOUT_S = 0.1           # a frame's bytes come closer than this, or it is refused


def equity_panel(baud=115_200, lanes=1, opponents=1, shift_registers=True):
    """What the engine asks of a board: the terminal, the LEDs and the display."""
    return Panel(leds=LEDS, figure_bits=ANSWERED_BITS, serial=True)


@block
def equity_board(clk, rst, io, clk_hz, baud=115_200, lanes=1, opponents=1,
                 shift_registers=True):
    """The engine with ``lanes`` lanes of up to ``opponents`` opponents behind a PanelIO;
    shift_registers: the lanes' delays' form (equity_engine)."""
    rx_data, tx_data = Signal(intbv(0)[8:]), Signal(intbv(0)[8:])
    rx_valid, rx_ready, tx_valid, tx_ready = (Signal(bool(0)) for _ in range(4))
    framing_error, overrun = Signal(bool(0)), Signal(bool(0))
    busy, was_busy = Signal(bool(0)), Signal(bool(0))
    answered = Signal(intbv(0)[ANSWERED_BITS:])

    receiver = uart_rx(clk, rst, io.rxd, rx_data, rx_valid, rx_ready, framing_error, overrun,
                       clk_hz=clk_hz, baud=baud)
    engine = equity_engine(clk, rst, rx_data, rx_valid, rx_ready, tx_data, tx_valid, tx_ready,
                           busy, lanes=lanes, opponents=opponents,
                           timeout=int(clk_hz * FRAME_TIMEOUT_S), clk_hz=clk_hz,
                           shift_registers=shift_registers)
    sender = uart_tx(clk, rst, tx_data, tx_valid, tx_ready, io.txd, clk_hz=clk_hz, baud=baud)

    @always_seq(clk.posedge, reset=rst)
    def count_answers():
        was_busy.next = busy
        if was_busy and not busy:
            answered.next = answered + 1

    @always_comb
    def panel_out():
        if busy:
            io.led.next = 1
        else:
            io.led.next = 0
        io.figure.next = answered
        io.stir.next = False

    return instances()
