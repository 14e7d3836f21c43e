"""A block's ports sampled clock by clock during one of its own cocotb tests, for the timing
diagram of its datasheet (bench/waves.py asks for it; docs/blocks/ shows it).

When $POKERHDL_WAVE holds a recording's spec (JSON: file, ports [[name, width]], clocks, lead,
trigger, stride, period_ns), the first testbench of the simulation (ClockedTB, or a test that
calls record() itself) samples every port at each falling clock edge, where the testbench's
inputs and the block's registers have both settled: ``lead`` samples before the trigger (an
input that goes high, or any input changing after reset; "@reset": the first clock after it), ``clocks`` in all, every ``stride``
clocks. It writes them to ``file`` and ends the test there: the trace is what the test drove,
and the rest of the test is not needed for it. Without $POKERHDL_WAVE it does nothing.
"""

import json
import os
from collections import deque

import cocotb
from cocotb.triggers import FallingEdge, ReadOnly, Timer

ENV = "POKERHDL_WAVE"
_started = []


def value(handle):
    """An int, or "x" where any bit is unknown (before reset, VHDL's 'U')."""
    try:
        return int(handle.value)
    except ValueError:
        return "x"


def record(dut, clock="clk", reset="rst"):
    """Start recording ``dut``'s ports if a recording was asked for (once a simulation);
    ``clock`` None: a block without a clock, sampled every ``period_ns`` instead."""
    spec = os.environ.get(ENV)
    if not spec or _started:
        return
    _started.append(True)
    cocotb.start_soon(_record(dut, json.loads(spec), clock, reset))


async def _record(dut, spec, clock, reset):
    names = [name for name, _ in spec["ports"]]
    inputs = [n for n in spec.get("inputs", names) if n not in (clock, reset)]
    lead, clocks, stride = spec.get("lead", 2), spec["clocks"], spec.get("stride", 1)
    trigger = spec.get("trigger")
    has_reset = reset in names
    # before the window every clock is sampled (a reset or a trigger lasts one clock), the
    # lead taken every stride clocks from the last of them; in it every stride clocks
    before = deque(maxlen=lead * stride)
    samples, seen_reset, previous, edges = [], not has_reset, None, 0
    period = spec.get("period_ns", 1)
    if clock is None:
        await Timer(period / 2, unit="ns")
    while len(samples) < clocks:
        if clock is None:
            await Timer(period, unit="ns")
        else:
            await FallingEdge(getattr(dut, clock))
        edges += 1
        if samples and edges % stride:
            continue
        await ReadOnly()
        sample = {n: value(getattr(dut, n)) for n in names}
        if samples:
            samples.append(sample)
            continue
        if has_reset and sample[reset] == 1:
            seen_reset = True
        released = seen_reset and (not has_reset or sample[reset] == 0)
        if released and fired(trigger, sample, previous, inputs):
            samples = list(before)[::-1][stride - 1::stride][::-1] + [sample]
            edges = 0
        else:
            before.append(sample)
        previous = sample
    with open(spec["file"], "w") as f:
        json.dump({n: [s[n] for s in samples] for n in names}, f)
    cocotb.pass_test("recorded")


def fired(trigger, sample, previous, inputs):
    """The window starts: ``trigger`` (a port) is nonzero, or with none, an input changed."""
    if trigger in ("@begin", "@reset"):   # the first sample (after reset, if it has one)
        return True
    if trigger:
        return sample[trigger] not in (0, "x")
    return previous is not None and any(sample[n] != previous[n] for n in inputs)
