"""Binary to BCD by iterative double dabble: one bit per clock, no divider, so showing a wallet
in decimal costs a few dozen LUTs instead of a chain of dividers."""

from myhdl import (block, always_seq, always_comb, concat, ConcatSignal, Signal, ResetSignal,
                   intbv, instances)

from ..golden.sevenseg import bcd_digits


@block
def dabble_digit(clk, rst, load, step, carry_in, carry_out, nibble):
    """One decimal digit of the converter: add 3 when 5 or more, then shift in the carry.

    The top digit (carry_out None) never reaches 5 before a shift (it would then carry out of
    the number's decimal width), so it only shifts."""
    if carry_out is not None:
        adjusted = Signal(intbv(0)[4:])

        @always_comb
        def adjust():
            if nibble >= 5:
                adjusted.next = nibble + 3
            else:
                adjusted.next = nibble

        @always_comb
        def carry():
            carry_out.next = adjusted[3]

        @always_seq(clk.posedge, reset=rst)
        def shift():
            if load:
                nibble.next = 0
            elif step:
                nibble.next = concat(adjusted[3:0], carry_in)
    else:
        @always_seq(clk.posedge, reset=rst)
        def shift():
            if load:
                nibble.next = 0
            elif step:
                nibble.next = concat(nibble[3:0], carry_in)

    return instances()


@block
def bin2bcd(clk, rst, start, value, busy, done, bcd, width=16):
    """Unsigned binary to packed BCD.

    start: take ``value`` and begin (ignored while busy); busy: converting.
    value[width]: the number.
    done: one-clock pulse, ``width`` + 1 clocks after start, when bcd holds the result; bcd stays
        stable until the next start.
    bcd[4 * digits]: digit 0 (units) in the lowest nibble; digits = decimal digits of 2**width-1.
    """
    if width < 2:
        raise ValueError("bin2bcd needs a width of at least 2 bits")
    digits = bcd_digits(width)
    shifter = Signal(intbv(0)[width:])
    steps_left = Signal(intbv(0, min=0, max=width + 1))
    running = Signal(bool(0))
    finished = Signal(bool(0))
    load = Signal(bool(0))
    step = Signal(bool(0))
    nibbles = [Signal(intbv(0)[4:]) for _ in range(digits)]
    carries = [Signal(bool(0)) for _ in range(digits)] + [None]
    bcd_bits = ConcatSignal(*reversed(nibbles)) if digits > 1 else nibbles[0]
    stages = [dabble_digit(clk, rst, load, step, carries[i], carries[i + 1], nibbles[i])
              for i in range(digits)]
    top_bit = width - 1
    first_carry = carries[0]

    @always_comb
    def control():
        load.next = start and not running
        step.next = running
        first_carry.next = shifter[top_bit]

    @always_seq(clk.posedge, reset=rst)
    def run():
        finished.next = 0
        if start and not running:
            shifter.next = value
            steps_left.next = width
            running.next = 1
        elif running:
            shifter.next = concat(shifter[top_bit:0], False)
            steps_left.next = steps_left - 1
            if steps_left == 1:
                running.next = 0
                finished.next = 1

    @always_comb
    def outputs():
        busy.next = running
        done.next = finished
        bcd.next = bcd_bits

    return instances()


def bin2bcd_top(width=16):
    """The converter with fresh port signals, for conversion."""
    return bin2bcd(clk=Signal(bool(0)), rst=ResetSignal(0, active=1, isasync=False),
                   start=Signal(bool(0)), value=Signal(intbv(0)[width:]), busy=Signal(bool(0)),
                   done=Signal(bool(0)), bcd=Signal(intbv(0)[4 * bcd_digits(width):]),
                   width=width)
