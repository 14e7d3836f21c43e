"""The base of the cocotb testbenches here: the clock, the idle inputs and the synchronous
reset."""

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles

from wave_record import record

CLK_HZ = 100_000_000


class ClockedTB:
    """Starts the clock of ``dut`` (``clk``) at clk_hz, sets ``idle`` inputs ({name: value}),
    and holds the ``rst`` input high until the first reset(). A board top has no rst input
    (its reset is internal): has_reset=False."""

    idle_values = {}            # input name -> its value when nobody drives it

    def __init__(self, dut, clk_hz=CLK_HZ, idle=None, has_reset=True):
        self.dut = dut
        self.clk_hz = clk_hz
        # the period to the picosecond (even, for two equal halves): a PLL's rate (95 MHz) is
        # no whole number of ns, and a clock rounded to 11 ns ran 4.5 % slow against a UART
        # line timed from clk_hz, on the edge of the receiver's tolerance
        half_ps = round(5e11 / clk_hz)
        self.clock_ns = 2 * half_ps / 1000
        self.idle_values = {**self.idle_values, **(idle or {})}
        self.has_reset = has_reset
        if has_reset:
            dut.rst.value = 1
        self.set_idle()
        # the clock toggles in the simulator's own callback (cocotb's C++ clock), not in a
        # Python task: two Python wake-ups and two scheduled writes a clock fewer, which was
        # most of the Python time of the tests that wake on edges only
        Clock(dut.clk, 2 * half_ps, unit="ps", impl="gpi").start()
        record(dut)             # a datasheet's timing diagram, when bench/waves.py asks

    def set_idle(self):
        for name, value in self.idle_values.items():
            getattr(self.dut, name).value = value

    def before_release(self):
        """Called after the reset clocks, rst still high: a subclass's hook (e.g. make a bus
        sink once the outputs are known: VHDL outputs read 'U' before the first reset)."""

    async def reset(self, clocks=3, settle=0, idle=False):
        """rst high for ``clocks`` rising edges (inputs back to idle first when ``idle``), then
        low and ``settle`` more edges."""
        assert self.has_reset, "this top has no rst input"
        self.dut.rst.value = 1
        if idle:
            self.set_idle()
        await ClockCycles(self.dut.clk, clocks)
        self.before_release()
        self.dut.rst.value = 0
        if settle:
            await ClockCycles(self.dut.clk, settle)
