"""A number on the 7-segment display: random values (and every boundary: 0, 9, 10, 99, ...,
the largest that fits, the first that does not, the largest input) are read back off the
scanned seg/an outputs and compared with the golden text (leading blanks, dashes on overflow, or
with ``scientific`` the form 1.23456E8 and its lit dot)."""

import random

import pytest

import cocotb
from cocotb.triggers import ClockCycles

from clocked import ClockedTB
from display_monitor import DisplayMonitor
from harness import in_turns, param, run_block
from pokerhdl.golden.sevenseg import decimal_text, text_glyphs
from pokerhdl.flow.tops import get_top

DEFAULTS = get_top("decimal_display").params


def interesting_values(width, digits, rng, count):
    top = 2 ** width - 1
    edges = {0, 1, top, top - 1}
    for k in range(1, len(str(top)) + 1):
        edges |= {10 ** k - 1, 10 ** k, 10 ** (k - 1) * 7}
    values = sorted(v for v in edges if 0 <= v <= top)
    values += [rng.randrange(top + 1) for _ in range(count)]
    if top >= 10 ** digits:       # mostly overflow: also numbers of every length that fit
        values += [rng.randrange(10 ** rng.randrange(1, digits + 1)) for _ in range(count)]
    return values


@cocotb.test()
async def numbers(dut):
    digits = param("digits", DEFAULTS["digits"])
    width = param("width", DEFAULTS["width"])
    clk_hz = param("clk_hz", DEFAULTS["clk_hz"])
    refresh_hz = param("refresh_hz", DEFAULTS["refresh_hz"])
    scientific = param("scientific", DEFAULTS["scientific"])
    period = clk_hz // (refresh_hz * digits) * digits
    tb = ClockedTB(dut, clk_hz, idle={"value": 0})
    monitor = DisplayMonitor(dut, digits, tb.clock_ns)
    await tb.reset()
    rng = random.Random(width * 100 + digits)
    values = interesting_values(width, digits, rng, 20)
    if period > 10_000:      # 1 kHz refresh: a period is 100,000 clocks; the fast variants
        values = [4096]      # of this top check the numbers, this checks generated/ works
    for value in values:
        dut.value.value = value
        await ClockCycles(dut.clk, 2 * (width + 2) + 2)
        frame = await monitor.frame(period)
        text = decimal_text(value, digits, scientific)
        want = text_glyphs(text)[::-1]           # digit 0, the rightmost, first
        got = [(frame.glyphs[d], bool(frame.dots[d])) for d in range(digits)]
        assert got == want, (value, text, got, want)


@pytest.mark.parametrize("hdl,params", in_turns([   # the deep stage's: more shapes of the same kinds
    pytest.param({}, id="4x16bit-1kHz"),
    pytest.param({"refresh_hz": 390_625}, id="4x16bit", marks=pytest.mark.deep),
    pytest.param({"digits": 8, "width": 27, "refresh_hz": 390_625}, id="8x27bit"),
    pytest.param({"digits": 8, "width": 20, "refresh_hz": 390_625}, id="8x20bit",
                 marks=pytest.mark.deep),
    pytest.param({"digits": 4, "width": 10, "refresh_hz": 390_625}, id="4x10bit"),
    pytest.param({"digits": 8, "width": 34, "refresh_hz": 390_625, "scientific": True},
                 id="8x34bit-scientific"),
    pytest.param({"digits": 4, "width": 20, "refresh_hz": 390_625, "scientific": True},
                 id="4x20bit-scientific"),
]))
def test_decimal_display(hdl, params):
    run_block("decimal_display", hdl, __name__, params=params)
