"""A serial terminal engine for any game: the UART, key and button intake, number entry, and a
small sequencer that runs the game's text program (pokerhdl.rtl.terminal.program) to answer.

What a key or button does is golden.terminal's (read it): a game's key table and button table
(golden ``Key``s and entry names) become ROMs here, so the hardware and its golden twin read the
same tables. The game plugs in through a ``TerminalBus``: the window that LOAD reads (the game's
state), the OUT ops (its commands and display latches, acknowledged), and its printers (PRINT:
the game gives each character of a field, a card say, from the accumulator).

Flow control: a key is taken only when the answer to the previous one has been handed to the
transmitter. The receiver holds one byte meanwhile; a further byte arriving before that is
dropped (uart_rx overrun). A person typing is never that fast; a program should wait for the
answer (or for ``busy`` to fall) before the next key. A button press while busy, or while a
number is being typed, is ignored.

The engine is made of named parts, each the only writer of its own small interface:

    terminal_sequencer  the step (state): the order of a key, a button and every instruction
    terminal_intake     the key or button taken and decoded by the key and button ROMs (Intake)
    terminal_number     the number register and the typing of a number (Typing)
    terminal_fetch      the program counter, the program ROM, the instruction, jumps (Fetch)
    terminal_registers  acc, seat, value and the window address LOAD reads (Registers)
    terminal_text       the character sent, from a key, CHAR, STR, NUM or PRINT (Text)
    uart_rx, uart_tx, bin2bcd   the serial lines and the number's decimal digits

The parts are @block(skipname=True): the generated names are the interfaces' (fetch_pc,
registers_acc, ...) and the parts' own (ret, resume, sp, ...).
"""

from myhdl import block, always_comb, enum, Signal, intbv, instances

from ..bcd import bin2bcd
from .fetch import Fetch, terminal_fetch
from .intake import Intake, terminal_intake
from .number import Typing, terminal_number
from .program import ARG_BITS, ENTRY_BAD_NUMBER, ENTRY_BOOT, ENTRY_ENTER, I_JBIT
from .registers import SEAT_BITS, Registers, terminal_registers
from .sequencer import STEPS, terminal_sequencer
from .text import PART_BITS, Text, terminal_text
from ..uart import uart_rx, uart_tx


class TerminalBus:
    """The signals between the engine and its game.

    Engine to game: addr (the window address LOAD reads, held while busy), acc (the
    accumulator: OUT's operand and the printers' input), seat, value, number (the registers of
    golden.terminal), out_valid (a one-clock pulse) with out_op, glyph_printer and glyph_part
    (the character PRINT wants), busy (answering), key_event (a one-clock pulse per key or
    button taken: human timing, entropy for a game's generator).
    Game to engine: data (window[addr], valid from the second clock after addr changes),
    out_ack (a one-clock pulse when an OUT op is done: the engine waits for it), glyph and
    glyph_last (the character of the part asked for, and whether it is the printer's last).
    """

    def __init__(self, data_bits=24, value_bits=3, number_bits=16):
        def u(n):
            return Signal(intbv(0)[n:])
        self.addr, self.data, self.acc = u(ARG_BITS), u(data_bits), u(data_bits)
        self.seat, self.value, self.number = u(SEAT_BITS), u(value_bits), u(number_bits)
        self.out_valid, self.out_ack = Signal(bool(0)), Signal(bool(0))
        self.out_op = u(ARG_BITS)
        self.glyph_printer, self.glyph_part, self.glyph = u(ARG_BITS), u(PART_BITS), u(8)
        self.glyph_last = Signal(bool(0))
        self.busy, self.key_event = Signal(bool(0)), Signal(bool(0))


@block
def two_glyph_printer(bus, first, second):
    """A printer of two characters, ``first`` then ``second`` (a card: rank and suit; a byte:
    two hex digits), each computed by the game from bus.acc."""
    @always_comb
    def pick():
        if bus.glyph_part == 0:
            bus.glyph.next = first
        else:
            bus.glyph.next = second
        bus.glyph_last.next = bus.glyph_part != 0
    return pick


@block
def terminal(clk, rst, rxd, txd, press, sw, bus, program, keys, buttons, number_switches=0,
             print_bits=16, clk_hz=100_000_000, baud=115_200, tx_baud=None):
    """The engine (module docstring).

    rxd, txd: the serial lines (8N1 at baud; txd at tx_baud when given, so a test can draw at
        up to clk_hz / 2 while keys still arrive at a rate the receiver can sample).
    press[len(buttons)]: one-clock press pulses; buttons[i] is the entry of press bit i (None:
        not the terminal's); the lowest pressed bit with an entry wins.
    sw: the switches; a button press keeps them (LOAD OWN REG_SWITCHES) and sets the number
        register from sw[number_switches:] (saturating).
    bus: a TerminalBus; program: a terminal_program.Program with every entry that keys and
        buttons name and a boot entry (run after reset); keys: golden.terminal Key table.
    print_bits: the widest number NUM prints.
    """
    data_bits, value_bits, number_bits = len(bus.data), len(bus.value), len(bus.number)
    words, tbits, chars, starts = program.assemble()
    entry = program.entry_address
    E_BOOT, E_BAD_NUMBER, E_ENTER = (entry(n) for n in (ENTRY_BOOT, ENTRY_BAD_NUMBER,
                                                        ENTRY_ENTER))
    assert len(press) == len(buttons) and number_switches <= len(sw)
    assert all(op != I_JBIT or a < data_bits for op, _, a, _ in program.code), "JBIT past acc"
    digits = len(str((1 << print_bits) - 1))

    # UART
    rx_data, tx_data = Signal(intbv(0)[8:]), Signal(intbv(0)[8:])
    rx_valid, rx_ready, tx_valid, tx_ready = (Signal(bool(0)) for _ in range(4))
    framing_error, overrun = Signal(bool(0)), Signal(bool(0))
    receiver = uart_rx(clk, rst, rxd, rx_data, rx_valid, rx_ready, framing_error, overrun,
                       clk_hz=clk_hz, baud=baud)
    transmitter = uart_tx(clk, rst, tx_data, tx_valid, tx_ready, txd, clk_hz=clk_hz,
                          baud=tx_baud or baud)

    # number printing
    bcd_start, bcd_busy, bcd_done = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    num_value = Signal(intbv(0)[print_bits:])
    bcd = Signal(intbv(0)[4 * digits:])
    converter = bin2bcd(clk, rst, bcd_start, num_value, bcd_busy, bcd_done, bcd,
                        width=print_bits)

    # the engine's parts, each the only writer of its interface
    t_state = enum(*STEPS)
    state = Signal(t_state.TE_FETCH)        # the step (terminal_sequencer), read by every part
    idle = Signal(bool(0))          # state == TE_IDLE, as a register of its own: a game steers
                                    # its window with it (busy)
    out_valid_q = Signal(bool(0))
    intake = Intake(tbits, value_bits, len(press), len(sw))
    typing = Typing(number_bits, len(words))
    fetch = Fetch(len(words), E_BOOT, tbits)
    registers = Registers(data_bits, value_bits)
    text = Text(digits)

    sequencer = terminal_sequencer(clk, rst, state, t_state, idle, out_valid_q, rx_valid,
                                   bcd_done, bus, intake, typing, fetch, text)
    keys_in = terminal_intake(clk, rst, state, t_state, rx_data, rx_valid, press, sw, intake,
                              typing, keys, buttons, entry)
    number_entry = terminal_number(clk, rst, state, t_state, rx_valid, sw, intake, typing,
                                   number_switches)
    program_flow = terminal_fetch(clk, rst, state, t_state, rx_valid, bus, intake, typing,
                                  registers, text, fetch, words, E_ENTER, E_BAD_NUMBER)
    register_file = terminal_registers(clk, rst, state, t_state, bus, intake, typing, fetch,
                                       registers)
    printer = terminal_text(clk, rst, state, t_state, tx_ready, bcd_start, num_value, bcd_done,
                            bcd, bus, intake, typing, fetch, registers, text, chars, starts)

    @always_comb
    def outputs():
        rx_ready.next = state == t_state.TE_IDLE
        tx_data.next = text.txd
        tx_valid.next = text.txv
        bus.addr.next = registers.addr
        bus.acc.next = registers.acc
        bus.seat.next = registers.seat
        bus.value.next = registers.value
        bus.number.next = typing.number
        bus.out_valid.next = out_valid_q
        bus.out_op.next = fetch.arg
        bus.glyph_printer.next = fetch.arg
        bus.glyph_part.next = text.part
        bus.busy.next = not idle
        bus.key_event.next = intake.event

    return instances()
