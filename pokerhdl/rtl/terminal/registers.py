"""The terminal engine's registers of golden.terminal that the program sets (acc, seat, value)
and the window address LOAD gives the game.
"""

from myhdl import block, always_seq, always_comb, concat, Signal, intbv, instances

from .intake import K_ENTRY, K_NUMBER
from .program import (ARG_BITS, I_LOAD, I_NIBBLE, I_SET, M_OWN, M_SEAT, M_SEAT2, REG_NUMBER,
                      REG_SEAT, REG_SWITCHES, SET_SEAT_ACC, SET_SEAT_IMM)

SEAT_BITS = 3


class Registers:
    """Written by terminal_registers only: acc (the accumulator: LOAD's result, OUT's operand,
    the printers' input), seat, value (a key's or SET's), addr (the window address of the last
    LOAD from the game)."""

    def __init__(self, data_bits, value_bits):
        def u(n):
            return Signal(intbv(0)[n:])
        self.acc, self.seat, self.value, self.addr = (u(data_bits), u(SEAT_BITS), u(value_bits),
                                                      u(ARG_BITS))


@block(skipname=True)
def terminal_registers(clk, rst, state, t_state, bus, intake, typing, fetch, registers):
    """registers (Registers) step by step: state/t_state the sequencer's step; bus
    (terminal.TerminalBus): the game's data a LOAD reads; intake (terminal_intake.Intake): the
    key's value, the switches at a press; typing (terminal_number.Typing): the number; fetch
    (terminal_fetch.Fetch): the instruction."""
    value_bits = len(registers.value)
    shifted = Signal(intbv(0)[len(registers.acc):])

    @always_comb
    def nibble():
        shifted.next = registers.acc >> concat(fetch.arg[3:], intbv(0)[2:])

    @always_seq(clk.posedge, reset=rst)
    def load():
        if state == t_state.TE_KEY:
            if not typing.on and (intake.kind == K_NUMBER or intake.kind == K_ENTRY):
                registers.value.next = intake.value
        elif state == t_state.TE_EXEC:
            if fetch.op == I_LOAD:
                if fetch.mode == M_OWN:
                    if fetch.arg == REG_NUMBER:
                        registers.acc.next = typing.number
                    elif fetch.arg == REG_SWITCHES:
                        registers.acc.next = intake.switches
                    elif fetch.arg == REG_SEAT:
                        registers.acc.next = registers.seat
                    else:
                        registers.acc.next = registers.value
                else:
                    if fetch.mode == M_SEAT:
                        registers.addr.next = fetch.arg + registers.seat
                    elif fetch.mode == M_SEAT2:
                        registers.addr.next = fetch.arg + concat(registers.seat, False)
                    else:
                        registers.addr.next = fetch.arg
            elif fetch.op == I_NIBBLE:
                registers.acc.next = shifted[4:]
            elif fetch.op == I_SET:
                if fetch.mode == SET_SEAT_IMM:
                    registers.seat.next = fetch.arg[SEAT_BITS:]
                elif fetch.mode == SET_SEAT_ACC:
                    registers.seat.next = registers.acc[SEAT_BITS:]
                else:
                    registers.value.next = fetch.arg[value_bits:]
        elif state == t_state.TE_LOAD2:
            registers.acc.next = bus.data
        else:
            pass                                    # the other steps keep the registers

    return instances()
