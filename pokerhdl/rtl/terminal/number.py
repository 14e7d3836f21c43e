"""The terminal engine's number register and its entry: a number key starts a number, each
digit multiplies it by ten and adds (saturating), Enter ends it (or a bad number); a button
press sets it from the switches (saturating).
"""

from myhdl import block, always_seq, always_comb, concat, Signal, intbv, instances

from .intake import K_NUMBER


class Typing:
    """The number and its entry, written by terminal_number only: on (a number is being typed),
    have_digit (it has a digit), entry (the entry of its number key, run at Enter), number
    (golden.terminal's number register)."""

    def __init__(self, number_bits, entries):
        self.on, self.have_digit = Signal(bool(0)), Signal(bool(0))
        self.entry = Signal(intbv(0, min=0, max=entries))
        self.number = Signal(intbv(0)[number_bits:])


@block(skipname=True)
def terminal_number(clk, rst, state, t_state, rx_valid, sw, intake, typing, number_switches):
    """typing (Typing) step by step: state/t_state the sequencer's step; rx_valid: a key
    arrives (it goes before a press); intake (terminal_intake.Intake): the key and the buttons
    pressed; sw[number_switches:]: the number a press sets."""
    number_bits = len(typing.number)
    number_max = (1 << number_bits) - 1
    sw_number = Signal(intbv(0)[number_bits:])
    product = Signal(intbv(0)[number_bits + 4:])
    number8, number2 = Signal(intbv(0)[number_bits + 4:]), Signal(intbv(0)[number_bits + 4:])
    digit_value = Signal(intbv(0)[4:])

    @always_comb
    def times_ten_parts():
        number8.next = concat(typing.number, intbv(0)[3:])
        number2.next = concat(typing.number, intbv(0)[1:])

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

    @always_seq(clk.posedge, reset=rst)
    def entry():
        if state == t_state.TE_IDLE:
            if not rx_valid and intake.pressed != 0 and not typing.on:
                typing.number.next = sw_number
        elif state == t_state.TE_KEY:
            if typing.on:
                if intake.digit:
                    digit_value.next = intake.key[4:]
                    product.next = number8 + number2
                    typing.have_digit.next = 1
                else:                               # Enter (the entry), or a bad number
                    typing.on.next = 0
            elif intake.kind == K_NUMBER:
                typing.entry.next = intake.entry
                typing.on.next = 1
                typing.have_digit.next = 0
                typing.number.next = 0
        elif state == t_state.TE_DIGIT1:
            product.next = product + digit_value
        elif state == t_state.TE_DIGIT2:
            if product[number_bits + 4:number_bits] != 0:
                typing.number.next = number_max
            else:
                typing.number.next = product[number_bits:]
        else:
            pass                                    # the other steps keep the number

    return instances()
