"""Button and switch conditioner: synchroniser, debouncer and press pulse, for any number of
inputs (each with its own counter, so one input's bouncing never delays another's)."""

from myhdl import (block, always_seq, always_comb, concat, ConcatSignal, Signal, ResetSignal,
                   intbv, instances)


def hold_clocks(clk_hz, debounce_ms):
    """Clocks an input must stay at a new level before the debounced level follows it."""
    clocks = round(clk_hz * debounce_ms / 1000)
    if clocks < 2:
        raise ValueError(f"debounce {debounce_ms} ms at {clk_hz} Hz is under 2 clocks")
    return clocks


@block
def debounce_bit(clk, rst, raw, stable, press, hold):
    """One input: 2-flop synchroniser, then ``stable`` follows the synchronised input once it
    has differed from ``stable`` for ``hold`` consecutive clocks; ``press`` pulses for one clock
    as ``stable`` rises."""
    sync = Signal(intbv(0)[2:])
    count = Signal(intbv(0, min=0, max=hold))
    level = Signal(bool(0))
    rose = Signal(bool(0))
    last = hold - 1

    @always_seq(clk.posedge, reset=rst)
    def settle():
        sync.next = concat(sync[0], raw)
        rose.next = 0
        if sync[1] == level:
            count.next = 0
        elif count == last:
            count.next = 0
            level.next = sync[1]
            rose.next = sync[1]
        else:
            count.next = count + 1

    @always_comb
    def outputs():
        stable.next = level
        press.next = rose

    return instances()


@block
def debounce(clk, rst, din, level, pulse, width=1, clk_hz=100_000_000, debounce_ms=10):
    """Debounce ``width`` buttons or switches.

    din[width]: raw inputs (asynchronous, bouncing), active-high (the board layer inverts an
        active-low button).
    level[width]: debounced levels: each follows its input once the input has held a new value
        for debounce_ms (plus the 2-clock synchroniser); 0 after reset.
    pulse[width]: a one-clock pulse as a level rises (one per press, none on release).
    """
    hold = hold_clocks(clk_hz, debounce_ms)
    raws = [din(i) for i in range(width)]
    levels = [Signal(bool(0)) for _ in range(width)]
    presses = [Signal(bool(0)) for _ in range(width)]
    bits = [debounce_bit(clk, rst, raws[i], levels[i], presses[i], hold) for i in range(width)]
    level_bus = ConcatSignal(*reversed(levels)) if width > 1 else levels[0]
    pulse_bus = ConcatSignal(*reversed(presses)) if width > 1 else presses[0]

    @always_comb
    def outputs():
        level.next = level_bus
        pulse.next = pulse_bus

    return instances()


def debounce_top(width=1, clk_hz=100_000_000, debounce_ms=10):
    """The debouncer with fresh port signals, for conversion."""
    return debounce(clk=Signal(bool(0)), rst=ResetSignal(0, active=1, isasync=False),
                    din=Signal(intbv(0)[width:]), level=Signal(intbv(0)[width:]),
                    pulse=Signal(intbv(0)[width:]), width=width, clk_hz=clk_hz,
                    debounce_ms=debounce_ms)
