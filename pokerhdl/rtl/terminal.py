"""A serial terminal engine for any game: the UART, key and button intake, number entry, and a
small sequencer that runs the game's text program (pokerhdl.rtl.terminal_program) to answer.

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
"""

from myhdl import block, always_seq, always_comb, concat, enum, Signal, intbv, instances

from ..golden.terminal import ENTER_KEYS, IGNORED_KEYS, fold_case
from .bcd import bin2bcd
from .terminal_program import (ARG_BITS, ENTRY_BAD_NUMBER, ENTRY_BOOT, ENTRY_ENTER,
                               ENTRY_UNKNOWN, I_CALL, I_CHAR, I_END, I_JBIT, I_JEQ, I_JMP, I_JNE,
                               I_LOAD, I_NIBBLE, I_NUM, I_PRINT, I_RET, I_SET, I_STR,
                               M_OWN, M_SEAT, M_SEAT2, MODE_BITS, OP_BITS, REG_NUMBER,
                               REG_SEAT, REG_SWITCHES, SET_SEAT_ACC, SET_SEAT_IMM)
from .uart import uart_rx, uart_tx

K_UNKNOWN, K_ENTRY, K_NUMBER, K_IGNORE = range(4)      # what a key is outside a number
SEAT_BITS, PART_BITS = 3, 3


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


def key_rom(keys, entry_address, value_bits, pbits):
    """For every received byte: {entry[pbits], value, kind[2], digit, enter} (golden.terminal
    key handling: case folded, number keys, ignored keys, digits and Enter in a number)."""
    rom = []
    for byte in range(256):
        low = fold_case(chr(byte))
        key = keys.get(low)
        if key is not None:
            kind, entry, value = (K_NUMBER if key.number else K_ENTRY), key.entry, key.value
        else:
            kind, entry, value = (K_IGNORE if low in IGNORED_KEYS else K_UNKNOWN), \
                ENTRY_UNKNOWN, 0
        assert 0 <= value < 1 << value_bits, (low, value)
        word = (entry_address(entry) << value_bits | value) << 2 | kind
        rom.append((word << 1 | ("0" <= low <= "9")) << 1 | (low in ENTER_KEYS))
    return tuple(rom)


def button_rom(buttons, entry_address):
    """For every pattern of presses: the entry of the first button (in ``buttons`` order) that
    has one; 0 where none has (never used: ``button_mask`` gates it)."""
    rom = []
    for pattern in range(1 << len(buttons)):
        hit = [b for i, b in enumerate(buttons) if pattern >> i & 1 and b is not None]
        rom.append(entry_address(hit[0]) if hit else 0)
    return tuple(rom)


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
    PROG, CHARS, STARTS = tuple(words), tuple(chars), tuple(starts)
    entry = program.entry_address
    KEYS = key_rom(keys, entry, value_bits, tbits)
    BUTTONS = button_rom(buttons, entry)
    BUTTON_MASK = sum(1 << i for i, b in enumerate(buttons) if b is not None)
    E_BOOT, E_BAD_NUMBER, E_ENTER = (entry(n) for n in (ENTRY_BOOT, ENTRY_BAD_NUMBER,
                                                        ENTRY_ENTER))
    assert len(press) == len(buttons) and number_switches <= len(sw)
    assert all(op != I_JBIT or a < data_bits for op, _, a, _ in program.code), "JBIT past acc"
    sbits = max(1, (len(STARTS) - 1).bit_length())
    iwidth = OP_BITS + MODE_BITS + ARG_BITS + tbits
    kwidth = tbits + value_bits + 4
    number_max = (1 << number_bits) - 1
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

    t_state = enum("TE_IDLE", "TE_KEY", "TE_DIGIT1", "TE_DIGIT2", "TE_SEND", "TE_FETCH",
                   "TE_EXEC", "TE_LOAD1", "TE_LOAD2", "TE_STRI", "TE_STRF", "TE_STRC",
                   "TE_NUMW", "TE_NUMD", "TE_GLYPH", "TE_OUTW", "TE_JUMP", "TE_DECODE",
                   "TE_STRW", "TE_KEYW")
    state = Signal(t_state.TE_FETCH)
    resume = Signal(t_state.TE_FETCH)       # where TE_SEND goes once the character is sent
    pc = Signal(intbv(E_BOOT, min=0, max=len(PROG)))
    ret = Signal(intbv(0, min=0, max=len(PROG)))
    pending = Signal(intbv(0, min=0, max=len(PROG)))    # the entry of the number being typed
    instr, instr_d = Signal(intbv(0)[iwidth:]), Signal(intbv(0)[iwidth:])
    i_op, i_mode = Signal(intbv(0)[OP_BITS:]), Signal(intbv(0)[MODE_BITS:])
    i_arg, i_target = Signal(intbv(0)[ARG_BITS:]), Signal(intbv(0)[tbits:])
    acc = Signal(intbv(0)[data_bits:])
    shifted = Signal(intbv(0)[data_bits:])
    seat = Signal(intbv(0)[SEAT_BITS:])
    value = Signal(intbv(0)[value_bits:])
    number = Signal(intbv(0)[number_bits:])
    sw_number = Signal(intbv(0)[number_bits:])
    product = Signal(intbv(0)[number_bits + 4:])
    number8, number2 = Signal(intbv(0)[number_bits + 4:]), Signal(intbv(0)[number_bits + 4:])
    digit_value = Signal(intbv(0)[4:])
    number_mode, have_digit = Signal(bool(0)), Signal(bool(0))
    key, key_info, key_d = Signal(intbv(0)[8:]), Signal(intbv(0)[kwidth:]), \
        Signal(intbv(0)[kwidth:])
    k_entry, k_value, k_kind = Signal(intbv(0)[tbits:]), Signal(intbv(0)[value_bits:]), \
        Signal(intbv(0)[2:])
    k_digit, k_enter = Signal(bool(0)), Signal(bool(0))
    pressed = Signal(intbv(0)[len(press):])
    button_pc = Signal(intbv(0)[tbits:])
    paddr = Signal(intbv(0)[ARG_BITS:])
    str_index = Signal(intbv(0)[sbits:])
    sp = Signal(intbv(0, min=0, max=len(CHARS)))
    char_q, char_d, char = Signal(intbv(0)[8:]), Signal(intbv(0)[8:]), Signal(intbv(0)[8:])
    char_r = Signal(intbv(0)[8:])           # char_q registered once more (below)
    part = Signal(intbv(0)[PART_BITS:])
    shifter = Signal(intbv(0)[4 * digits:])
    digits_left = Signal(intbv(0, min=0, max=digits + 1))
    started = Signal(bool(0))
    txd_q, txv_q = Signal(intbv(0)[8:]), Signal(bool(0))
    out_valid_q = Signal(bool(0))
    sw_q = Signal(intbv(0)[len(sw):])
    jump = Signal(bool(0))          # the condition of a JEQ / JNE / JBIT, registered
    acc_is_arg, acc_is_seat, acc_match = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    key_event_q = Signal(bool(0))
    idle = Signal(bool(0))          # state == TE_IDLE, as a register of its own: a game steers
                                    # its window with it (busy)

    # the ROMs' outputs (block RAMs) are registered again before any logic reads them: a block
    # RAM's clock-to-out (5.6 ns on an ECP5 DP16KD) leaves no time for logic in the same clock
    @always_seq(clk.posedge, reset=rst)
    def fields():
        char_r.next = char_q
        i_op.next = instr[iwidth:iwidth - OP_BITS]
        i_mode.next = instr[iwidth - OP_BITS:iwidth - OP_BITS - MODE_BITS]
        i_arg.next = instr[tbits + ARG_BITS:tbits]
        i_target.next = instr[tbits:]

    @always_seq(clk.posedge, reset=rst)
    def key_fields():
        k_entry.next = key_info[kwidth:value_bits + 4]
        k_value.next = key_info[value_bits + 4:4]
        k_kind.next = key_info[4:2]
        k_digit.next = key_info[1]
        k_enter.next = key_info[0]

    @always_comb
    def compares():
        acc_is_arg.next = acc == i_arg
        acc_is_seat.next = acc == seat

    @always_comb
    def match():
        if i_mode == M_SEAT:
            acc_match.next = acc_is_seat
        else:
            acc_match.next = acc_is_arg

    @always_comb
    def nibble():
        shifted.next = acc >> concat(i_arg[3:], intbv(0)[2:])

    @always_comb
    def times_ten_parts():
        number8.next = concat(number, intbv(0)[3:])
        number2.next = concat(number, intbv(0)[1:])

    if number_switches > number_bits:
        @always_comb
        def switch_number():
            if sw[number_switches:number_bits] != 0:
                sw_number.next = number_max
            else:
                sw_number.next = sw[number_bits:]
    else:
        @always_comb
        def switch_number():
            sw_number.next = sw[number_switches:]

    # the ROMs are read combinationally and then registered, so a simulator looks them up
    # only when their address changes (a clocked case statement costs Icarus a search a clock)
    @always_comb
    def program_rom():
        instr_d.next = PROG[int(pc)]

    @always_comb
    def char_rom():
        char_d.next = CHARS[int(sp)]

    @always_comb
    def key_decode():
        key_d.next = KEYS[int(rx_data)]

    @always_comb
    def buttons_pressed():
        pressed.next = press & BUTTON_MASK

    @always_comb
    def button_decode():
        button_pc.next = BUTTONS[int(pressed)]

    @always_seq(clk.posedge, reset=rst)
    def roms():
        instr.next = instr_d
        char_q.next = char_d

    @always_seq(clk.posedge, reset=rst)
    def jump_condition():
        """A conditional jump decides a clock after TE_EXEC, from this register: the wide
        compares and the bit select would otherwise sit in front of the next-pc mux."""
        if i_op == I_JBIT:
            jump.next = acc[i_arg[5:]]
        elif i_op == I_JEQ:
            jump.next = acc_match
        else:
            jump.next = not acc_match

    @always_seq(clk.posedge, reset=rst)
    def sequencer():
        bcd_start.next = 0
        key_event_q.next = 0
        out_valid_q.next = 0
        if txv_q and tx_ready:
            txv_q.next = 0
        if state == t_state.TE_IDLE:
            if rx_valid:
                key.next = rx_data
                key_info.next = key_d
                key_event_q.next = 1
                idle.next = 0
                state.next = t_state.TE_KEYW
            elif pressed != 0 and not number_mode:
                sw_q.next = sw
                number.next = sw_number
                key_event_q.next = 1
                idle.next = 0
                pc.next = button_pc
                state.next = t_state.TE_FETCH
        elif state == t_state.TE_KEYW:
            state.next = t_state.TE_KEY             # k_kind, k_entry... <= key_info here
        elif state == t_state.TE_KEY:
            state.next = t_state.TE_FETCH
            if number_mode:
                if k_digit:
                    digit_value.next = key[4:]
                    product.next = number8 + number2
                    have_digit.next = 1
                    state.next = t_state.TE_DIGIT1
                elif k_enter and have_digit:
                    number_mode.next = 0
                    ret.next = pending
                    pc.next = E_ENTER
                else:
                    number_mode.next = 0
                    pc.next = E_BAD_NUMBER
            elif k_kind == K_NUMBER:
                value.next = k_value
                pending.next = k_entry
                number_mode.next = 1
                have_digit.next = 0
                number.next = 0
                char.next = key
                resume.next = t_state.TE_IDLE
                state.next = t_state.TE_SEND
            elif k_kind == K_IGNORE:
                state.next = t_state.TE_IDLE
                idle.next = 1
            else:                                   # K_ENTRY, K_UNKNOWN (its entry)
                if k_kind == K_ENTRY:
                    value.next = k_value
                pc.next = k_entry
        elif state == t_state.TE_DIGIT1:
            product.next = product + digit_value
            state.next = t_state.TE_DIGIT2
        elif state == t_state.TE_DIGIT2:
            if product[number_bits + 4:number_bits] != 0:
                number.next = number_max
            else:
                number.next = product[number_bits:]
            char.next = key
            resume.next = t_state.TE_IDLE
            state.next = t_state.TE_SEND
        elif state == t_state.TE_SEND:
            if not txv_q:
                txd_q.next = char
                txv_q.next = 1
                state.next = resume
                if resume == t_state.TE_IDLE:
                    idle.next = 1
        elif state == t_state.TE_FETCH:
            state.next = t_state.TE_DECODE          # instr <= PROG[pc] at this edge
        elif state == t_state.TE_DECODE:
            state.next = t_state.TE_EXEC            # i_op, i_arg... <= instr at this edge
        elif state == t_state.TE_EXEC:
            if i_op == I_END:
                state.next = t_state.TE_IDLE
                idle.next = 1
            elif i_op == I_CHAR:
                if i_mode == M_SEAT:
                    char.next = i_arg + seat
                else:
                    char.next = i_arg
                pc.next = pc + 1
                resume.next = t_state.TE_FETCH
                state.next = t_state.TE_SEND
            elif i_op == I_STR:
                if i_mode != 0:
                    str_index.next = i_arg + acc[sbits:]
                else:
                    str_index.next = i_arg[sbits:]
                state.next = t_state.TE_STRI
            elif i_op == I_LOAD:
                if i_mode == M_OWN:
                    if i_arg == REG_NUMBER:
                        acc.next = number
                    elif i_arg == REG_SWITCHES:
                        acc.next = sw_q
                    elif i_arg == REG_SEAT:
                        acc.next = seat
                    else:
                        acc.next = value
                    pc.next = pc + 1
                    state.next = t_state.TE_FETCH
                else:
                    if i_mode == M_SEAT:
                        paddr.next = i_arg + seat
                    elif i_mode == M_SEAT2:
                        paddr.next = i_arg + concat(seat, False)
                    else:
                        paddr.next = i_arg
                    state.next = t_state.TE_LOAD1
            elif i_op == I_NUM:
                num_value.next = acc[print_bits:]
                bcd_start.next = 1
                state.next = t_state.TE_NUMW
            elif i_op == I_PRINT:
                part.next = 0
                state.next = t_state.TE_GLYPH
            elif i_op == I_NIBBLE:
                acc.next = shifted[4:]
                pc.next = pc + 1
                state.next = t_state.TE_FETCH
            elif i_op == I_JMP:
                pc.next = i_target
                state.next = t_state.TE_FETCH
            elif i_op == I_JBIT or i_op == I_JEQ or i_op == I_JNE:
                state.next = t_state.TE_JUMP        # jump <= its condition at this edge
            elif i_op == I_SET:
                if i_mode == SET_SEAT_IMM:
                    seat.next = i_arg[SEAT_BITS:]
                elif i_mode == SET_SEAT_ACC:
                    seat.next = acc[SEAT_BITS:]
                else:
                    value.next = i_arg[value_bits:]
                pc.next = pc + 1
                state.next = t_state.TE_FETCH
            elif i_op == I_CALL:
                ret.next = pc + 1
                pc.next = i_target
                state.next = t_state.TE_FETCH
            elif i_op == I_RET:
                pc.next = ret
                state.next = t_state.TE_FETCH
            else:                                   # I_OUT
                out_valid_q.next = 1
                state.next = t_state.TE_OUTW
        elif state == t_state.TE_JUMP:
            if jump:
                pc.next = i_target
            else:
                pc.next = pc + 1
            state.next = t_state.TE_FETCH
        elif state == t_state.TE_LOAD1:
            state.next = t_state.TE_LOAD2           # the game registers its data
        elif state == t_state.TE_LOAD2:
            acc.next = bus.data
            pc.next = pc + 1
            state.next = t_state.TE_FETCH
        elif state == t_state.TE_STRI:
            sp.next = STARTS[int(str_index)]
            state.next = t_state.TE_STRF
        elif state == t_state.TE_STRF:
            state.next = t_state.TE_STRW            # char_q <= CHARS[sp] at this edge
        elif state == t_state.TE_STRW:
            state.next = t_state.TE_STRC            # char_r <= char_q at this edge
        elif state == t_state.TE_STRC:
            if char_r == 0:
                pc.next = pc + 1
                state.next = t_state.TE_FETCH
            else:
                char.next = char_r
                sp.next = sp + 1
                resume.next = t_state.TE_STRF
                state.next = t_state.TE_SEND
        elif state == t_state.TE_NUMW:
            if bcd_done:
                shifter.next = bcd
                digits_left.next = digits
                started.next = 0
                state.next = t_state.TE_NUMD
        elif state == t_state.TE_NUMD:
            if digits_left == 0:
                pc.next = pc + 1
                state.next = t_state.TE_FETCH
            else:
                shifter.next = concat(shifter[4 * digits - 4:], intbv(0)[4:])
                digits_left.next = digits_left - 1
                if shifter[4 * digits:4 * digits - 4] != 0 or started or digits_left == 1:
                    char.next = concat(intbv(3)[4:], shifter[4 * digits:4 * digits - 4])
                    started.next = 1
                    resume.next = t_state.TE_NUMD
                    state.next = t_state.TE_SEND
        elif state == t_state.TE_GLYPH:
            char.next = bus.glyph
            part.next = part + 1
            if bus.glyph_last:
                pc.next = pc + 1
                resume.next = t_state.TE_FETCH
            else:
                resume.next = t_state.TE_GLYPH
            state.next = t_state.TE_SEND
        else:                                       # TE_OUTW
            if bus.out_ack:
                pc.next = pc + 1
                state.next = t_state.TE_FETCH

    @always_comb
    def outputs():
        rx_ready.next = state == t_state.TE_IDLE
        tx_data.next = txd_q
        tx_valid.next = txv_q
        bus.addr.next = paddr
        bus.acc.next = acc
        bus.seat.next = seat
        bus.value.next = value
        bus.number.next = number
        bus.out_valid.next = out_valid_q
        bus.out_op.next = i_arg
        bus.glyph_printer.next = i_arg
        bus.glyph_part.next = part
        bus.busy.next = not idle
        bus.key_event.next = key_event_q

    return instances()
