"""The terminal engine's text: the character to send and the transmitter's register, and where
characters come from: a key's echo, CHAR, a string of the string ROM (STR), a number's decimal
digits without leading zeros (NUM, through bin2bcd), a game's printer (PRINT).
"""

from myhdl import block, always_seq, always_comb, concat, Signal, intbv, instances

from .intake import K_NUMBER
from .program import I_CHAR, I_NUM, I_PRINT, I_STR, M_SEAT

PART_BITS = 3


class Text:
    """Written by terminal_text only: txd, txv (the transmitter's byte, and that it holds one);
    string_char (the string's next character, 0 at its end; valid in TE_STRC); digits_left
    (the number's digits still to go) and print_digit (the next is printed: not a leading
    zero, or the last); part (the character of a printer PRINT asks the game for)."""

    def __init__(self, digits):
        self.txd, self.txv = Signal(intbv(0)[8:]), Signal(bool(0))
        self.string_char = Signal(intbv(0)[8:])
        self.digits_left = Signal(intbv(0, min=0, max=digits + 1))
        self.print_digit = Signal(bool(0))
        self.part = Signal(intbv(0)[PART_BITS:])


@block(skipname=True)
def terminal_text(clk, rst, state, t_state, tx_ready, bcd_start, num_value, bcd_done, bcd, bus,
                  intake, typing, fetch, registers, text, chars, starts):
    """text (Text) step by step: state/t_state the sequencer's step; tx_ready: the transmitter
    takes txd; bcd_start, num_value: a pulse that starts bin2bcd on the number, written here
    only; bcd_done, bcd: its digits. bus (terminal.TerminalBus): the printer's glyph; intake
    (terminal_intake.Intake): the key echoed; typing (terminal_number.Typing): a number is
    being typed; fetch (terminal_fetch.Fetch): the instruction; registers
    (terminal_registers.Registers): acc (the string index, the number) and seat. chars,
    starts: the string ROM and each string's start in it."""
    CHARS, STARTS = tuple(chars), tuple(starts)
    sbits = max(1, (len(STARTS) - 1).bit_length())
    print_bits = len(num_value)
    digits = len(bcd) // 4
    char = Signal(intbv(0)[8:])
    str_index = Signal(intbv(0)[sbits:])
    sp = Signal(intbv(0, min=0, max=len(CHARS)))
    char_q, char_d = Signal(intbv(0)[8:]), Signal(intbv(0)[8:])
    shifter = Signal(intbv(0)[4 * digits:])
    started = Signal(bool(0))

    @always_seq(clk.posedge, reset=rst)
    def characters():
        if text.txv and tx_ready:
            text.txv.next = 0
        if state == t_state.TE_KEY:
            if not typing.on and intake.kind == K_NUMBER:
                char.next = intake.key              # a number key's echo
        elif state == t_state.TE_DIGIT2:
            char.next = intake.key                  # a digit's echo
        elif state == t_state.TE_SEND:
            if not text.txv:
                text.txd.next = char
                text.txv.next = 1
        elif state == t_state.TE_EXEC:
            if fetch.op == I_CHAR:
                if fetch.mode == M_SEAT:
                    char.next = fetch.arg + registers.seat
                else:
                    char.next = fetch.arg
        elif state == t_state.TE_STRC:
            if text.string_char != 0:
                char.next = text.string_char
        elif state == t_state.TE_NUMD:
            if text.digits_left != 0 and text.print_digit:
                char.next = concat(intbv(3)[4:], shifter[4 * digits:4 * digits - 4])
        elif state == t_state.TE_GLYPH:
            char.next = bus.glyph
        else:
            pass                                    # the other steps keep them

    # the string ROM is read combinationally and registered twice: a simulator looks it up
    # only when sp changes, and no logic reads a block RAM's output in the clock it comes
    @always_comb
    def char_rom():
        char_d.next = CHARS[int(sp)]

    @always_seq(clk.posedge, reset=rst)
    def char_read():
        char_q.next = char_d
        text.string_char.next = char_q

    @always_seq(clk.posedge, reset=rst)
    def strings():
        if state == t_state.TE_EXEC:
            if fetch.op == I_STR:
                if fetch.mode != 0:
                    str_index.next = fetch.arg + registers.acc[sbits:]
                else:
                    str_index.next = fetch.arg[sbits:]
        elif state == t_state.TE_STRI:
            sp.next = STARTS[int(str_index)]
        elif state == t_state.TE_STRC:
            if text.string_char != 0:
                sp.next = sp + 1
        else:
            pass                                    # the other steps keep them

    @always_comb
    def leading():
        text.print_digit.next = (shifter[4 * digits:4 * digits - 4] != 0 or started
                                 or text.digits_left == 1)

    @always_seq(clk.posedge, reset=rst)
    def numbers():
        bcd_start.next = 0
        if state == t_state.TE_EXEC:
            if fetch.op == I_NUM:
                num_value.next = registers.acc[print_bits:]
                bcd_start.next = 1
        elif state == t_state.TE_NUMW:
            if bcd_done:
                shifter.next = bcd
                text.digits_left.next = digits
                started.next = 0
        elif state == t_state.TE_NUMD:
            if text.digits_left != 0:
                shifter.next = concat(shifter[4 * digits - 4:], intbv(0)[4:])
                text.digits_left.next = text.digits_left - 1
                if text.print_digit:
                    started.next = 1
        else:
            pass                                    # the other steps keep them

    @always_seq(clk.posedge, reset=rst)
    def glyphs():
        if state == t_state.TE_EXEC:
            if fetch.op == I_PRINT:
                text.part.next = 0
        elif state == t_state.TE_GLYPH:
            text.part.next = text.part + 1
        else:
            pass                                    # the other steps keep them

    return instances()
