"""7-segment scanning driver: over each refresh period every digit lights once, in order, for
its slot less the blanking gap, with the glyph and dot the golden model says it shows."""

import random

import pytest

import cocotb
from cocotb.triggers import ClockCycles

from clocked import ClockedTB
from display_monitor import DisplayMonitor
from harness import HDLS, param, run_block
from pokerhdl.golden.sevenseg import bus_text, glyph_bus, message_text
from pokerhdl.flow.tops import get_top

DEFAULTS = get_top("sevenseg").params
MESSAGES = ["FoLd", "Err", "PASS", "CALL", "bEt", "tiE", "LoSE", "bUSt", "donE", "P1", "?"]


class TB(ClockedTB):
    def __init__(self, dut):
        self.digits = param("digits", DEFAULTS["digits"])
        clk_hz = param("clk_hz", DEFAULTS["clk_hz"])
        refresh_hz = param("refresh_hz", DEFAULTS["refresh_hz"])
        super().__init__(dut, clk_hz, idle={"glyphs": 0, "dots": 0})
        # the timing the driver promises: slot = clk_hz / (refresh_hz * digits), 1/16 blank
        self.slot = clk_hz // (refresh_hz * self.digits)
        self.blank = max(1, self.slot // 16)
        self.period = self.slot * self.digits
        self.monitor = DisplayMonitor(dut, self.digits, self.clock_ns)

    async def check_shows(self, bus, dots):
        """Drive the inputs, let a period pass, and compare a captured period with golden."""
        self.dut.glyphs.value, self.dut.dots.value = bus, dots
        await ClockCycles(self.dut.clk, 2)
        frame = await self.monitor.frame(self.period)
        want = bus_text(bus, self.digits)[::-1]           # golden glyph of digit 0, 1, ...
        got = [frame.glyphs[d] for d in range(self.digits)]
        assert got == want, f"shown {got}, golden {want}"
        assert [frame.dots[d] for d in range(self.digits)] == [(dots >> d) & 1
                                                               for d in range(self.digits)]
        assert frame.order == list(range(self.digits)), frame.order
        assert all(frame.lit[d] == self.slot - self.blank for d in range(self.digits)), frame.lit
        assert frame.gaps == [self.blank] * self.digits, frame.gaps
        assert frame.period == self.period


@cocotb.test()
async def random_glyphs(dut):
    tb = TB(dut)
    await tb.reset()
    rng = random.Random(1)
    for _ in range(1 if tb.slot > 1000 else 25):
        await tb.check_shows(rng.getrandbits(7 * tb.digits), rng.getrandbits(tb.digits))


@cocotb.test()
async def messages(dut):
    tb = TB(dut)
    await tb.reset()
    for text in MESSAGES:
        if len(text) <= tb.digits:
            await tb.check_shows(glyph_bus(message_text(text, tb.digits)), 0)


@cocotb.test()
async def reset_restarts_scan(dut):
    """After reset the scan starts again from digit 0 with a blank gap."""
    tb = TB(dut)
    await tb.reset()
    await ClockCycles(dut.clk, tb.slot + 5)
    dut.rst.value = 1
    await ClockCycles(dut.clk, 2)
    assert int(dut.an.value) == 0
    dut.rst.value = 0
    await tb.check_shows(glyph_bus(message_text("Err", tb.digits)), 1)


@pytest.mark.parametrize("hdl", HDLS)
@pytest.mark.parametrize("params", [{}, {"refresh_hz": 390_625},
                                    {"digits": 8, "refresh_hz": 390_625}],
                         ids=["4digits-1kHz", "4digits-slot64", "8digits-slot32"])
def test_sevenseg(hdl, params):
    # at 1 kHz a refresh period is 100,000 clocks: one case there, everything at fast refresh
    run_block("sevenseg", hdl, __name__, params=params,
              testcase=None if params else ["random_glyphs"])
