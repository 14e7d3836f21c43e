"""The terminal engine's program flow: the program counter, the program ROM and the fields of
the instruction read from it, the return address of CALL, and the condition of a jump.

Where the program goes: the boot entry after reset, a button's entry, a key's entry (or
Enter's and a bad number's), the next instruction when a step's work is done, and the target
of JMP, CALL, RET and a taken jump.
"""

from myhdl import block, always_seq, always_comb, Signal, intbv, instances

from .intake import K_IGNORE, K_NUMBER
from .program import (ARG_BITS, I_CALL, I_CHAR, I_JBIT, I_JEQ, I_JMP, I_LOAD, I_NIBBLE, I_RET,
                      I_SET, M_OWN, M_SEAT, MODE_BITS, OP_BITS)


class Fetch:
    """The program counter and the instruction, written by terminal_fetch only: pc; op, mode,
    arg, target, the fields of PROG[pc] (valid in TE_EXEC)."""

    def __init__(self, words, boot, tbits):
        self.pc = Signal(intbv(boot, min=0, max=words))
        self.op, self.mode = Signal(intbv(0)[OP_BITS:]), Signal(intbv(0)[MODE_BITS:])
        self.arg, self.target = Signal(intbv(0)[ARG_BITS:]), Signal(intbv(0)[tbits:])


@block(skipname=True)
def terminal_fetch(clk, rst, state, t_state, rx_valid, bus, intake, typing, registers, text,
                   fetch, program, enter, bad_number):
    """fetch (Fetch) step by step: state/t_state the sequencer's step; program: the assembled
    words; enter, bad_number: the entries of Enter and of a bad number. rx_valid: a key
    arrives (it goes before a press); bus (terminal.TerminalBus): glyph_last, out_ack; intake
    (terminal_intake.Intake): the key's and the button's entries; typing
    (terminal_number.Typing): the number key's entry; registers (terminal_registers.Registers):
    acc and seat, which a jump compares; text (terminal_text.Text): the end of a string or a
    number."""
    PROG = tuple(program)
    tbits = len(fetch.target)
    iwidth = OP_BITS + MODE_BITS + ARG_BITS + tbits
    ret = Signal(intbv(0, min=0, max=len(PROG)))
    instr, instr_d = Signal(intbv(0)[iwidth:]), Signal(intbv(0)[iwidth:])
    jump = Signal(bool(0))          # the condition of a JEQ / JNE / JBIT, registered
    acc_is_arg, acc_is_seat, acc_match = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))

    # the ROM is read combinationally and then registered, so a simulator looks it up only
    # when its address changes (a clocked case statement costs Icarus a search a clock)
    @always_comb
    def program_rom():
        instr_d.next = PROG[int(fetch.pc)]

    @always_seq(clk.posedge, reset=rst)
    def program_read():
        instr.next = instr_d

    # the ROM's output (a block RAM) is registered again before any logic reads it: a block
    # RAM's clock-to-out (5.6 ns on an ECP5 DP16KD) leaves no time for logic in the same clock
    @always_seq(clk.posedge, reset=rst)
    def fields():
        fetch.op.next = instr[iwidth:iwidth - OP_BITS]
        fetch.mode.next = instr[iwidth - OP_BITS:iwidth - OP_BITS - MODE_BITS]
        fetch.arg.next = instr[tbits + ARG_BITS:tbits]
        fetch.target.next = instr[tbits:]

    @always_comb
    def compares():
        acc_is_arg.next = registers.acc == fetch.arg
        acc_is_seat.next = registers.acc == registers.seat

    @always_comb
    def match():
        if fetch.mode == M_SEAT:
            acc_match.next = acc_is_seat
        else:
            acc_match.next = acc_is_arg

    @always_seq(clk.posedge, reset=rst)
    def jump_condition():
        """A conditional jump decides a clock after TE_EXEC, from this register: the wide
        compares and the bit select would otherwise sit in front of the next-pc mux."""
        if fetch.op == I_JBIT:
            jump.next = registers.acc[fetch.arg[5:]]
        elif fetch.op == I_JEQ:
            jump.next = acc_match
        else:
            jump.next = not acc_match

    @always_seq(clk.posedge, reset=rst)
    def flow():
        if state == t_state.TE_IDLE:
            if not rx_valid and intake.pressed != 0 and not typing.on:
                fetch.pc.next = intake.button
        elif state == t_state.TE_KEY:
            if typing.on:
                if intake.digit:
                    pass
                elif intake.enter and typing.have_digit:
                    ret.next = typing.entry
                    fetch.pc.next = enter
                else:
                    fetch.pc.next = bad_number
            elif intake.kind != K_NUMBER and intake.kind != K_IGNORE:
                fetch.pc.next = intake.entry        # K_ENTRY, K_UNKNOWN (its entry)
        elif state == t_state.TE_EXEC:
            if fetch.op == I_CHAR or fetch.op == I_NIBBLE or fetch.op == I_SET:
                fetch.pc.next = fetch.pc + 1
            elif fetch.op == I_LOAD:
                if fetch.mode == M_OWN:
                    fetch.pc.next = fetch.pc + 1
            elif fetch.op == I_JMP:
                fetch.pc.next = fetch.target
            elif fetch.op == I_CALL:
                ret.next = fetch.pc + 1
                fetch.pc.next = fetch.target
            elif fetch.op == I_RET:
                fetch.pc.next = ret
        elif state == t_state.TE_JUMP:
            if jump:
                fetch.pc.next = fetch.target
            else:
                fetch.pc.next = fetch.pc + 1
        elif state == t_state.TE_LOAD2:
            fetch.pc.next = fetch.pc + 1
        elif state == t_state.TE_STRC:
            if text.string_char == 0:
                fetch.pc.next = fetch.pc + 1
        elif state == t_state.TE_NUMD:
            if text.digits_left == 0:
                fetch.pc.next = fetch.pc + 1
        elif state == t_state.TE_GLYPH:
            if bus.glyph_last:
                fetch.pc.next = fetch.pc + 1
        # the steps in which the program waits; the last branch is TE_OUTW's, and it takes
        # the step codes that are never used too (as the sequencer does)
        elif state == t_state.TE_KEYW or state == t_state.TE_DIGIT1:
            pass
        elif state == t_state.TE_DIGIT2 or state == t_state.TE_SEND:
            pass
        elif state == t_state.TE_FETCH or state == t_state.TE_DECODE:
            pass
        elif state == t_state.TE_LOAD1 or state == t_state.TE_NUMW:
            pass
        elif state == t_state.TE_STRI or state == t_state.TE_STRF or state == t_state.TE_STRW:
            pass
        else:                                       # TE_OUTW
            if bus.out_ack:
                fetch.pc.next = fetch.pc + 1

    return instances()
