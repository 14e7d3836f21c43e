"""The base of the board tops' testbenches: the board's clock and idle inputs (its reset button
released), the golden random generator kept in step with the one inside the top, from the
tick count the shell's ENTROPY_SIGNALS show at every stir, and the 7-segment digits as an eye
sees them."""

import cocotb
from cocotb.triggers import ClockCycles, FallingEdge, RisingEdge
from cocotb.utils import get_sim_time

from clocked import ClockedTB
from pokerhdl.boards.board import get_board
from pokerhdl.boards.shell import ENTROPY_SIGNALS, core_hz
from pokerhdl.golden.rng import XorShift128
from pokerhdl.flow.tops import get_top


class EntropyBoard(ClockedTB):
    """A board top's clock, switches and buttons idle, and the entropy its game takes."""

    def __init__(self, dut, top):
        self.top = get_top(top)
        self.board = get_board(self.top.board)
        self.has = {name: hasattr(dut, name) for name in ("sw", "an")}
        idle = {"btn": 0, **({"sw": 0} if self.has["sw"] else {})}
        if "cpu_resetn" in self.board:
            idle["cpu_resetn"] = 1             # active-low: released
        # the clock pin at the top's own clock (a PLL's output: the model forwards it)
        super().__init__(dut, core_hz(self.top), idle, has_reset=False)
        self.restart()
        cocotb.start_soon(self.entropy_events())

    def restart(self):
        """After a reset the rng is back at its seed and the tick count at 0."""
        self.entropy = []                      # the tick count at each stir, in order
        self.stirred_at = None                 # the clock of the last stir (our own count)
        self.rng, self.mixed, self.decks = XorShift128(), 0, []

    async def entropy_events(self):
        """stir is a one-clock pulse; the rng mixes in `ticks` at the edge that ends it. The
        tick count must have advanced by exactly the clocks between two stirs (counted here
        from the simulation time, not from the design)."""
        ticks, event = (getattr(self.dut, name) for name in ENTROPY_SIGNALS)
        while True:
            await RisingEdge(event)
            await FallingEdge(self.dut.clk)
            assert int(event.value) == 1
            now = int(get_sim_time("ns") // self.clock_ns)     # the clocks begun so far
            if self.stirred_at is not None:
                assert (int(ticks.value) - self.entropy[-1]) % 2**32 == now - self.stirred_at, \
                    "the tick count does not count clocks"
            self.stirred_at = now
            self.entropy.append(int(ticks.value))

    def mixed_rng(self):
        """The golden generator with every tick count the game has taken so far mixed in."""
        for ticks in self.entropy[self.mixed:]:
            self.rng.mix(ticks)
        self.mixed = len(self.entropy)
        return self.rng

    async def shown(self):
        """The four digits as an eye sees them, leftmost first (active-low pins)."""
        digits = self.board["an"].width
        seen = {}
        for _ in range(digits * 50 * 2 // 5):
            await ClockCycles(self.dut.clk, 5)
            an = ~int(self.dut.an.value) & (1 << digits) - 1
            if an and an & an - 1 == 0:
                seen[an.bit_length() - 1] = ~int(self.dut.seg.value) & 0x7F
        return [seen.get(d) for d in reversed(range(digits))]

    async def bounce(self, button, clocks=40):
        """A press of button ``button`` (bit of btn) that bounces on the way down."""
        btn = self.dut.btn
        for level in (1, 0):
            btn.value = level << button
            await ClockCycles(self.dut.clk, clocks)
            btn.value = 0 if level else 1 << button
            await ClockCycles(self.dut.clk, 3)
            btn.value = level << button
            await ClockCycles(self.dut.clk, clocks)
        btn.value = 0
