"""Binary to BCD: random values and every decimal boundary against the golden conversion, with
the promised timing (done width+1 clocks after start, busy meanwhile, start ignored while busy,
bcd stable until the next start)."""

import random

import pytest

import cocotb
from cocotb.triggers import FallingEdge

from clocked import ClockedTB
from harness import in_turns, param, run_block
from pokerhdl.golden.sevenseg import bcd, bcd_digits
from pokerhdl.flow.tops import get_top

DEFAULTS = get_top("bin2bcd").params


async def setup(dut):
    width = param("width", DEFAULTS["width"])
    await ClockedTB(dut, idle={"start": 0, "value": 0}).reset()
    await FallingEdge(dut.clk)
    return width, bcd_digits(width)


async def convert(dut, value, width, junk_while_busy=None):
    """Start a conversion on this falling edge; return clocks to done and the result."""
    dut.value.value = value
    dut.start.value = 1
    await FallingEdge(dut.clk)
    dut.start.value = 0
    for clocks in range(1, width + 3):
        assert int(dut.busy.value) == 1 or int(dut.done.value) == 1, "busy fell early"
        if junk_while_busy is not None:        # a second start while busy must be ignored
            dut.value.value = junk_while_busy
            dut.start.value = 1
        if int(dut.done.value):
            dut.start.value = 0
            return clocks, int(dut.bcd.value)
        await FallingEdge(dut.clk)
    raise AssertionError(f"no done within {width + 2} clocks")


@cocotb.test()
async def values(dut):
    width, digits = await setup(dut)
    rng = random.Random(width)
    top = 2 ** width - 1
    cases = {0, 1, top} | {v for k in range(1, digits + 1) for v in (10 ** k - 1, 10 ** k)}
    cases = sorted(v for v in cases if v <= top) + [rng.randrange(top + 1) for _ in range(300)]
    for value in cases:
        clocks, got = await convert(dut, value, width)
        assert clocks == width + 1, f"done after {clocks} clocks"
        assert got == bcd(value, digits), f"{value}: got {got:x}, golden {bcd(value, digits):x}"
        assert int(dut.busy.value) == 0


@cocotb.test()
async def start_ignored_while_busy(dut):
    width, digits = await setup(dut)
    rng = random.Random(width + 1)
    for _ in range(20):
        value, junk = rng.randrange(2 ** width), rng.randrange(2 ** width)
        clocks, got = await convert(dut, value, width, junk_while_busy=junk)
        assert clocks == width + 1 and got == bcd(value, digits), (value, junk, hex(got))


@cocotb.test()
async def result_holds_until_next_start(dut):
    width, digits = await setup(dut)
    value = 2 ** width - 1
    clocks, got = await convert(dut, value, width)
    dut.value.value = 0
    for _ in range(10):
        await FallingEdge(dut.clk)
        assert int(dut.bcd.value) == bcd(value, digits) and int(dut.done.value) == 0


@pytest.mark.parametrize("hdl,params", in_turns([
    pytest.param({}, id="16bit"), pytest.param({"width": 27}, id="27bit"),
    pytest.param({"width": 4}, id="4bit")]))
def test_bin2bcd(hdl, params):
    run_block("bin2bcd", hdl, __name__, params=params)
