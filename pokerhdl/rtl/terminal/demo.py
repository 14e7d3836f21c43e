"""A minimal game on the terminal engine: four tallies (golden/terminal_demo.py has the rules
and the exact text). It is the engine's test top, apart from any card game, and the shortest
example of a game plugged into it: a program, a window, an OUT op, a printer.
"""

from myhdl import (block, always_seq, always_comb, concat, Signal, ResetSignal, intbv,
                   instances)

from ...golden.terminal import CRLF
from ...golden.terminal_demo import (BUTTONS, CLEAR_BIT, HEX, KEYS, NAMES, NUMBER_BITS,
                                     NUMBER_SWITCHES, SWITCHES, TALLIES)
from ..drive import drive
from .terminal import TerminalBus, terminal, two_glyph_printer
from .program import (ENTRY_BOOT, I_END, I_NIBBLE, I_NUM, I_PRINT, I_RET, I_SET, M_OWN, M_SEAT,
                      M_SEAT2, REG_SEAT, REG_SWITCHES, REG_VALUE, SET_SEAT_ACC, SET_SEAT_IMM,
                      SET_VALUE_IMM, Program)

W_TALLY, W_TOTAL, W_CHOSEN, W_SEATS = 0, 4, 5, 8   # window: tallies, their total, the chosen
                                                   # tally, seat s at 8 + 2 s
OUT_ADD, OUT_CLEAR, OUT_CHOOSE = 0, 1, 2           # to the chosen tally; CHOOSE: acc
PRINT_HEX = 0
ACK_DELAY = 5                           # clocks an OUT op takes (the engine must wait)
HEX_ASCII = tuple(ord(ch) for ch in HEX)
BUTTON_ORDER = ("center", "left")       # press bits


def demo_program():
    p = Program()
    p.table("names", NAMES)
    p.entry(ENTRY_BOOT)
    p.text("tallies" + CRLF)
    p.emit(I_END)

    p.entry("select")
    p.load(REG_VALUE, M_OWN)
    p.emit(I_SET, 0, SET_SEAT_ACC)
    p.load(REG_SEAT, M_OWN)
    p.out(OUT_CHOOSE)
    p.text("tally ")
    p.seat_digit()
    p.load(W_SEATS, M_SEAT2)                # reads the seat back: "?" if SEAT2 or JNE is wrong
    p.jne(0, "select_bad", M_SEAT)
    p.text(CRLF)
    p.emit(I_END)
    p.label("select_bad")
    p.text("?" + CRLF)
    p.emit(I_END)

    p.entry("put")
    p.out(OUT_ADD)
    p.entry("show")
    for s in range(TALLIES):
        p.emit(I_SET, s, SET_SEAT_IMM)
        p.call("line")
    p.emit(I_END)

    p.entry("name")
    p.load(W_CHOSEN)
    p.strix("names")
    p.text(CRLF)
    p.emit(I_END)

    p.entry("total")
    p.text("total ")
    p.load(W_TOTAL)
    p.emit(I_NUM)
    p.jbit(0, "odd")
    p.jmp("total_end")
    p.label("odd")
    p.text(" odd")
    p.label("total_end")
    p.text(CRLF)
    p.emit(I_END)

    p.entry("put_switches")
    p.load(REG_SWITCHES, M_OWN)
    p.jbit(CLEAR_BIT, "clear")
    p.emit(I_SET, 2, SET_VALUE_IMM)         # reads the value back: "?" if SET or LOAD is wrong
    p.load(REG_VALUE, M_OWN)
    p.jeq(2, "e_put")
    p.text("?")
    p.jmp("e_put")
    p.label("clear")
    p.out(OUT_CLEAR)
    p.text("cleared" + CRLF)
    p.emit(I_END)

    p.label("line")
    p.text("T")
    p.seat_digit()
    p.text(": ")
    p.load(W_TALLY, M_SEAT)
    p.emit(I_NUM)
    p.text(" ")
    p.emit(I_PRINT, PRINT_HEX)
    p.emit(I_NIBBLE, 1)
    p.jeq(0, "line_end")
    p.text(" big")
    p.label("line_end")
    p.text(CRLF)
    p.emit(I_RET)
    return p


@block
def terminal_demo(clk, rst, rxd, txd, sw, btn_center, btn_left, busy, clk_hz=100_000_000,
                  baud=115_200, tx_baud=None):
    """The tallies game (golden terminal_demo): rxd/txd the terminal, sw[16] and two button
    press pulses (center, left), busy while answering."""
    bus = TerminalBus(data_bits=16, value_bits=2, number_bits=NUMBER_BITS)
    press = Signal(intbv(0)[2:])
    engine = terminal(clk, rst, rxd, txd, press, sw, bus, demo_program(), KEYS,
                      tuple(BUTTONS[b] for b in BUTTON_ORDER), number_switches=NUMBER_SWITCHES,
                      print_bits=10, clk_hz=clk_hz, baud=baud, tx_baud=tx_baud)
    tallies = [Signal(intbv(0)[8:]) for _ in range(TALLIES)]
    total = Signal(intbv(0)[10:])
    data_q = Signal(intbv(0)[16:])
    op_q = Signal(intbv(0)[2:])
    chosen_q = Signal(intbv(0)[2:])
    countdown = Signal(intbv(0, min=0, max=ACK_DELAY + 1))
    ack = Signal(bool(0))
    current = Signal(intbv(0)[8:])
    high_char, low_char = Signal(intbv(0)[8:]), Signal(intbv(0)[8:])

    @always_comb
    def buttons():
        press.next = concat(btn_left, btn_center)

    @always_seq(clk.posedge, reset=rst)
    def window():
        d = intbv(0)[16:]
        if bus.addr < W_TOTAL:
            d[8:] = tallies[bus.addr[2:]]
        elif bus.addr == W_TOTAL:
            d[10:] = total
        elif bus.addr == W_CHOSEN:
            d[2:] = chosen_q
        elif bus.addr >= W_SEATS and bus.addr < W_SEATS + 2 * TALLIES and not bus.addr[0]:
            d[3:] = bus.addr[3:1]
        data_q.next = d

    @always_comb
    def chosen():
        current.next = tallies[chosen_q]

    @always_seq(clk.posedge, reset=rst)
    def out_op():
        """An OUT op takes ACK_DELAY clocks, then acts and acknowledges."""
        ack.next = 0
        if bus.out_valid:
            op_q.next = bus.out_op[2:]
            countdown.next = ACK_DELAY
        elif countdown == 1:
            if op_q == OUT_CHOOSE:
                chosen_q.next = bus.acc[2:]
            else:
                updated = intbv(0)[9:]
                if op_q == OUT_ADD:
                    updated[:] = current + bus.number
                tallies[chosen_q].next = updated[8:]
                total.next = total - current + updated[8:]
            ack.next = 1
            countdown.next = 0
        elif countdown != 0:
            countdown.next = countdown - 1

    @always_comb
    def high_digit():
        high_char.next = HEX_ASCII[int(bus.acc[8:4])]

    @always_comb
    def low_digit():
        low_char.next = HEX_ASCII[int(bus.acc[4:])]

    printer = two_glyph_printer(bus, high_char, low_char)
    plugs = [drive(bus.data, data_q), drive(bus.out_ack, ack), drive(busy, bus.busy)]
    return instances()


def terminal_demo_top(clk_hz=100_000_000, baud=115_200, tx_baud=None):
    """terminal_demo with fresh port signals, for conversion."""
    def bit(v=0):
        return Signal(bool(v))
    return terminal_demo(bit(), ResetSignal(0, active=1, isasync=False), bit(1), bit(1),
                         Signal(intbv(0)[SWITCHES:]), bit(), bit(), bit(), clk_hz=clk_hz,
                         baud=baud, tx_baud=tx_baud)
