"""Debouncer: random bounce trains on every input, compared clock by clock with the golden model,
and the property that matters to a player: exactly one pulse per press, none on release, none
for a press shorter than the debounce time."""

import random

import pytest

import cocotb
from cocotb.triggers import FallingEdge, Timer
from cocotb.utils import get_sim_time

from clocked import ClockedTB
from harness import HDLS, in_turns, param, run_block
from pokerhdl.golden.debounce import debounce_trace
from pokerhdl.flow.tops import get_top

DEFAULTS = get_top("debounce").params


class TB(ClockedTB):
    def __init__(self, dut):
        self.width = param("width", DEFAULTS["width"])
        clk_hz = param("clk_hz", DEFAULTS["clk_hz"])
        self.hold = round(clk_hz * param("debounce_ms", DEFAULTS["debounce_ms"]) / 1000)
        super().__init__(dut, clk_hz, idle={"din": 0})


def bounce(rng, first, hold, max_pairs=4):
    """A bounce train: pairs of segments (first, then the other level), each shorter than hold."""
    samples = []
    for _ in range(rng.randrange(max_pairs + 1)):
        samples += [first] * rng.randrange(1, hold) + [1 - first] * rng.randrange(1, hold)
    return samples


def press_waveform(rng, hold, presses):
    """Samples of one input and the number of real presses in it: bouncing presses held long
    enough, short bouncing presses whose every high run is shorter than hold (to be ignored),
    and bouncing releases. Each bounce ends on the level opposite to what follows it, so runs
    never merge into a longer one."""
    samples, real = [0] * rng.randrange(hold + 2, 2 * hold), 0
    for _ in range(presses):
        if rng.random() < 0.75:
            samples += bounce(rng, 1, hold) + [1] * rng.randrange(hold + 2, 3 * hold)
            samples += bounce(rng, 0, hold)
            real += 1
        else:                                          # too short, however it bounces
            samples += bounce(rng, 1, hold) + [1] * rng.randrange(1, hold)
        samples += [0] * rng.randrange(hold + 2, 3 * hold)
    return samples, real


@cocotb.test()
async def bounce_trains(dut):
    """Every input gets its own random presses; each clock matches golden, and the pulses
    count the real presses."""
    tb = TB(dut)
    await tb.reset()
    rng = random.Random(tb.width)
    waves, reals = zip(*(press_waveform(rng, tb.hold, 25) for _ in range(tb.width)))
    length = max(map(len, waves)) + 3
    waves = [w + [0] * (length - len(w)) for w in waves]
    got = [[] for _ in range(tb.width)]
    await FallingEdge(dut.clk)
    for t in range(length + 1):
        if t:
            level, pulse = int(dut.level.value), int(dut.pulse.value)
            for i in range(tb.width):
                got[i].append(((level >> i) & 1, (pulse >> i) & 1))
        if t < length:
            dut.din.value = sum(waves[i][t] << i for i in range(tb.width))
        await FallingEdge(dut.clk)
    for i in range(tb.width):
        want = debounce_trace(waves[i], tb.hold)
        first = next((t for t, (a, b) in enumerate(zip(got[i], want)) if a != b), None)
        assert first is None, \
            f"input {i} differs from golden at clock {first}: {got[i][first]} vs {want[first]}"
        pulses = sum(p for _, p in got[i])
        assert pulses == reals[i], f"input {i}: {pulses} pulses for {reals[i]} presses"


@cocotb.test()
async def short_bounce_ignored(dut):
    """Bounces and a press shorter than the debounce time: no pulse, the level stays 0."""
    tb = TB(dut)
    await tb.reset()
    rng = random.Random(3)
    pulses = 0

    async def count():
        nonlocal pulses
        while True:
            await dut.pulse.value_change
            pulses += bin(int(dut.pulse.value)).count("1")
    cocotb.start_soon(count())
    all_on = 2 ** tb.width - 1
    short = tb.hold < 10_000   # at 10 ms (the committed top) keep to a short run: 20 bounces
    longest = tb.hold * tb.clock_ns / (4 if short else 200)
    for _ in range(20):        # spikes on random inputs, each under the debounce time
        dut.din.value = rng.randrange(1, all_on + 1)
        await Timer(rng.randrange(1, round(longest)), "ns")
        dut.din.value = 0
        await Timer(round(rng.randrange(2, 5) * tb.clock_ns), "ns")
    if short:                  # and a clean press just under the debounce time
        dut.din.value = all_on
        await Timer(round((tb.hold - 3) * tb.clock_ns), "ns")
    dut.din.value = 0
    await Timer(round(tb.hold * tb.clock_ns * (0.2 if short else 0.01)), "ns")
    assert pulses == 0 and int(dut.level.value) == 0


@cocotb.test()
async def press_at_board_rate(dut):
    """A bouncing press, held: one pulse, debounce time after the last bounce; a bouncing
    release: no pulse, the level falls debounce time after the last bounce."""
    tb = TB(dut)
    await tb.reset()
    rng = random.Random(4)
    hold_ns = tb.hold * tb.clock_ns
    pulses = []

    async def watch():
        while True:
            await dut.pulse.value_change
            if int(dut.pulse.value):
                pulses.append(get_sim_time("ns"))
    cocotb.start_soon(watch())
    all_on = 2 ** tb.width - 1
    for level in [all_on, 0] * 3:
        dut.din.value = level
        await Timer(rng.randrange(10_000, round(hold_ns / 8)), "ns")
    dut.din.value = all_on
    settled = get_sim_time("ns")
    await Timer(round(hold_ns * 1.1), "ns")
    assert len(pulses) == 1, pulses
    delay = (pulses[0] - settled) / tb.clock_ns
    assert tb.hold <= delay <= tb.hold + 4, f"pulse {delay} clocks after the input settled"
    for level in [0, all_on] * 3 + [0]:
        dut.din.value = level
        await Timer(rng.randrange(10_000, round(hold_ns / 8)), "ns")
    await Timer(round(hold_ns * 1.1), "ns")
    assert len(pulses) == 1 and int(dut.level.value) == 0


@pytest.mark.parametrize("hdl,params", in_turns([
    pytest.param({"width": 1, "debounce_ms": 0.0004}, id="1input-40clk"),
    pytest.param({"width": 3, "debounce_ms": 0.00025}, id="3inputs-25clk")]))
def test_debounce(hdl, params):
    run_block("debounce", hdl, __name__, params=params,
              testcase=["bounce_trains", "short_bounce_ignored"])


@pytest.mark.parametrize("hdl", HDLS)
def test_debounce_generated(hdl):
    """The committed 10 ms top: short bounces are ignored (0.3 ms simulated; the whole press is
    test_debounce_board_rate, marked slow)."""
    run_block("debounce", hdl, __name__, testcase="short_bounce_ignored")


@pytest.mark.slow
@pytest.mark.parametrize("hdl", HDLS)
def test_debounce_board_rate(hdl):
    """The committed 10 ms top through a whole press and release (4 ms of bounces, 2 x 11 ms)."""
    run_block("debounce", hdl, __name__, testcase="press_at_board_rate")
