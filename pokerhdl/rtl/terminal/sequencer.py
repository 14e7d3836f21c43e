"""The terminal engine's sequencer: which step the engine takes each clock, and nothing else.

Every other part of the engine (terminal_intake, terminal_number, terminal_fetch,
terminal_registers, terminal_text) acts on the step this one holds, so the whole order can be
read here: a key (taken, decoded, a digit or the entry it starts), a button, the program's
fetch and decode, each instruction's steps, and every character sent through TE_SEND, which
returns to ``resume``.
"""

from myhdl import block, always_seq, Signal

from .intake import K_IGNORE, K_NUMBER
from .program import (I_CALL, I_CHAR, I_END, I_JBIT, I_JEQ, I_JMP, I_JNE, I_LOAD, I_NIBBLE, I_NUM,
                      I_PRINT, I_RET, I_SET, I_STR, M_OWN)

STEPS = ("TE_IDLE", "TE_KEY", "TE_DIGIT1", "TE_DIGIT2", "TE_SEND", "TE_FETCH", "TE_EXEC",
         "TE_LOAD1", "TE_LOAD2", "TE_STRI", "TE_STRF", "TE_STRC", "TE_NUMW", "TE_NUMD",
         "TE_GLYPH", "TE_OUTW", "TE_JUMP", "TE_DECODE", "TE_STRW", "TE_KEYW")


@block(skipname=True)
def terminal_sequencer(clk, rst, state, t_state, idle, out_valid, rx_valid, bcd_done, bus,
                       intake, typing, fetch, text):
    """state (a Signal of t_state = enum(*STEPS)): the step, written here only.

    idle: state == TE_IDLE as a register of its own (a game steers its window with busy);
    out_valid: a one-clock pulse when an OUT op starts (the engine waits in TE_OUTW for
    bus.out_ack). rx_valid: the receiver has a key; bcd_done: the number's digits are ready;
    bus (terminal.TerminalBus): out_ack, glyph_last. intake (terminal_intake.Intake): the
    key's kind, digit and Enter flags, the buttons pressed; typing (terminal_number.Typing): a
    number is being typed; fetch (terminal_fetch.Fetch): the instruction; text
    (terminal_text.Text): the transmitter's register full, the string's character, the digits.
    """
    resume = Signal(t_state.TE_FETCH)       # where TE_SEND goes once the character is sent

    @always_seq(clk.posedge, reset=rst)
    def steps():
        out_valid.next = 0
        if state == t_state.TE_IDLE:
            if rx_valid:
                idle.next = 0
                state.next = t_state.TE_KEYW
            elif intake.pressed != 0 and not typing.on:
                idle.next = 0
                state.next = t_state.TE_FETCH

        # ------------------------------------------------------------ a key
        elif state == t_state.TE_KEYW:
            state.next = t_state.TE_KEY             # the key's fields are registered here
        elif state == t_state.TE_KEY:
            state.next = t_state.TE_FETCH           # Enter, a bad number, an entry
            if typing.on:
                if intake.digit:
                    state.next = t_state.TE_DIGIT1
            elif intake.kind == K_NUMBER:
                resume.next = t_state.TE_IDLE       # echo the key, then wait for digits
                state.next = t_state.TE_SEND
            elif intake.kind == K_IGNORE:
                state.next = t_state.TE_IDLE
                idle.next = 1
        elif state == t_state.TE_DIGIT1:
            state.next = t_state.TE_DIGIT2
        elif state == t_state.TE_DIGIT2:
            resume.next = t_state.TE_IDLE           # echo the digit
            state.next = t_state.TE_SEND

        # ------------------------------------------------------------ a character
        elif state == t_state.TE_SEND:
            if not text.txv:
                state.next = resume
                if resume == t_state.TE_IDLE:
                    idle.next = 1

        # ------------------------------------------------------------ the program
        elif state == t_state.TE_FETCH:
            state.next = t_state.TE_DECODE          # the instruction is read at this edge
        elif state == t_state.TE_DECODE:
            state.next = t_state.TE_EXEC            # its fields are registered at this edge
        elif state == t_state.TE_EXEC:
            if fetch.op == I_END:
                state.next = t_state.TE_IDLE
                idle.next = 1
            elif fetch.op == I_CHAR:
                resume.next = t_state.TE_FETCH
                state.next = t_state.TE_SEND
            elif fetch.op == I_STR:
                state.next = t_state.TE_STRI
            elif fetch.op == I_LOAD:
                if fetch.mode == M_OWN:
                    state.next = t_state.TE_FETCH
                else:
                    state.next = t_state.TE_LOAD1
            elif fetch.op == I_NUM:
                state.next = t_state.TE_NUMW
            elif fetch.op == I_PRINT:
                state.next = t_state.TE_GLYPH
            elif fetch.op == I_NIBBLE:
                state.next = t_state.TE_FETCH
            elif fetch.op == I_JMP:
                state.next = t_state.TE_FETCH
            elif fetch.op == I_JBIT or fetch.op == I_JEQ or fetch.op == I_JNE:
                state.next = t_state.TE_JUMP        # the condition is registered at this edge
            elif fetch.op == I_SET:
                state.next = t_state.TE_FETCH
            elif fetch.op == I_CALL:
                state.next = t_state.TE_FETCH
            elif fetch.op == I_RET:
                state.next = t_state.TE_FETCH
            else:                                   # I_OUT
                out_valid.next = 1
                state.next = t_state.TE_OUTW
        elif state == t_state.TE_JUMP:
            state.next = t_state.TE_FETCH
        elif state == t_state.TE_LOAD1:
            state.next = t_state.TE_LOAD2           # the game registers its data
        elif state == t_state.TE_LOAD2:
            state.next = t_state.TE_FETCH
        elif state == t_state.TE_STRI:
            state.next = t_state.TE_STRF
        elif state == t_state.TE_STRF:
            state.next = t_state.TE_STRW            # the string ROM is read at this edge
        elif state == t_state.TE_STRW:
            state.next = t_state.TE_STRC            # and registered once more at this one
        elif state == t_state.TE_STRC:
            if text.string_char == 0:
                state.next = t_state.TE_FETCH
            else:
                resume.next = t_state.TE_STRF
                state.next = t_state.TE_SEND
        elif state == t_state.TE_NUMW:
            if bcd_done:
                state.next = t_state.TE_NUMD
        elif state == t_state.TE_NUMD:
            if text.digits_left == 0:
                state.next = t_state.TE_FETCH
            elif text.print_digit:
                resume.next = t_state.TE_NUMD
                state.next = t_state.TE_SEND
        elif state == t_state.TE_GLYPH:
            if bus.glyph_last:
                resume.next = t_state.TE_FETCH
            else:
                resume.next = t_state.TE_GLYPH
            state.next = t_state.TE_SEND
        else:                                       # TE_OUTW
            if bus.out_ack:
                state.next = t_state.TE_FETCH

    return steps
