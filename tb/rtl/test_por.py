"""Power-on reset: from time 0 with no reset at all, rst must start high (the generated files
carry initial values) and follow the golden model edge by edge through random external reset
pulses, glitches included."""

import random

import pytest

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, RisingEdge

from harness import in_turns, param, run_block
from wave_record import record
from pokerhdl.golden.por import por_trace
from pokerhdl.flow.tops import get_top

DEFAULTS = get_top("por").params


@cocotb.test()
async def power_on_and_external_resets(dut):
    cycles = param("cycles", DEFAULTS["cycles"])
    rng = random.Random(cycles)
    dut.rst_in.value = 0
    # the first rising edge comes half a period after time 0, like a clock after configuration
    Clock(dut.clk, 10, unit="ns", impl="gpi").start(start_high=False)
    record(dut)                 # a datasheet's timing diagram, when bench/waves.py asks
    await RisingEdge(dut.clk)
    samples, seen = [], []
    wave = [0] * (cycles + rng.randrange(1, 5))
    while len(wave) < 40 * cycles:
        wave += [1] * rng.choice([1, 1, 2, rng.randrange(1, 3 * cycles)])   # glitches and holds
        wave += [0] * rng.randrange(1, 3 * cycles)
    for level in wave:
        # at a rising edge (before it updates): rst as the blocks see it, rst_in as sampled
        seen.append(int(dut.rst.value))
        samples.append(int(dut.rst_in.value))
        await FallingEdge(dut.clk)
        dut.rst_in.value = level
        await RisingEdge(dut.clk)
    want = por_trace(samples, cycles)
    first = next((t for t, (a, b) in enumerate(zip(seen, want)) if a != b), None)
    assert first is None, f"rst differs from golden at edge {first}: {seen[first]} vs {want[first]}"
    assert seen[:cycles] == [1] * cycles and seen[cycles] == 0, "power-on hold is wrong"


@pytest.mark.parametrize("hdl,params", in_turns([
    pytest.param({}, id="16"), pytest.param({"cycles": 3}, id="3"),
    pytest.param({"cycles": 40}, id="40")]))
def test_por(hdl, params):
    run_block("por", hdl, __name__, params=params)
