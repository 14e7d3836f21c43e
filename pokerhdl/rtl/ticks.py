"""A free-running clock count: human timing as entropy. A game's random generator takes the
count at each button press or key, so its deals depend on when people act and two power-ups
do not deal alike. Board tops get it from the shell (pokerhdl.boards.shell); the board
tests predict the deals from it."""

from myhdl import block, always_seq, always_comb, concat, Signal, modbv


@block
def tick_counter(clk, rst, ticks):
    """ticks[32]: clocks since reset, wrapping. Two 16-bit halves with a registered carry: one
    32-bit increment is a chain of eight CARRY4s (9 logic levels); the high half steps one clock
    after the low half wraps, which costs nothing as entropy."""
    if len(ticks) != 32:
        raise ValueError("tick_counter counts in 32 bits")
    low, high = Signal(modbv(0)[16:]), Signal(modbv(0)[16:])
    low_full = Signal(bool(0))          # low == 0xFFFF

    @always_seq(clk.posedge, reset=rst)
    def count():
        low.next = low + 1
        low_full.next = low == 0xFFFE
        if low_full:
            high.next = high + 1

    @always_comb
    def output():
        ticks.next = concat(high, low)

    return count, output

