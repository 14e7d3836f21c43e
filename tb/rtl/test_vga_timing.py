"""VGA timing (pokerhdl/rtl/vga_timing.py) measured from its pins against the golden mode
(pokerhdl/golden/vga.py): a whole 640x480 frame at one pixel per clock, its line and frame
periods, each sync pulse's width and place, the visible area and the counters, all read from
edges (a frame is 420,000 clocks: the test wakes on edges, not every clock); and clock for
clock, at one pixel per clock and at four (the board's 25 MHz from 100 MHz), a small mode
whose frames are short enough to check every output of every clock, with a reset mid-frame."""

import cocotb
import pytest
from cocotb.triggers import ClockCycles, Edge, FallingEdge, ReadOnly, RisingEdge
from cocotb.utils import get_sim_time

from clocked import ClockedTB
from harness import HDLS, VHDL_FIRST, param, run_block
from pokerhdl.golden.vga import VGA_640X480, mode_of, pins

SMALL = {"h": [12, 2, 3, 4], "v": [6, 1, 2, 2]}


class TB(ClockedTB):
    def __init__(self, dut):
        super().__init__(dut, 100_000_000, idle={})
        self.cpp = param("clocks_per_pixel", 4)
        h, v = param("h", None), param("v", None)
        self.mode = mode_of(h, v) if h else VGA_640X480

    def now(self):
        return round(get_sim_time("ns") / self.clock_ns)

    def clocks(self, periods):
        return periods * self.cpp


@cocotb.test()
async def whole_frame_from_edges(dut):
    """One whole frame and the next frame's first line, every edge of every output pin
    recorded (with x and y where active rises), then measured."""
    tb = TB(dut)
    await tb.reset()
    m = tb.mode
    line, frame = tb.clocks(m.h.total), tb.clocks(m.h.total) * m.v.total
    edges = {name: [] for name in ("hsync", "vsync", "active")}

    async def record(name):
        signal = getattr(dut, name)
        while True:
            await Edge(signal)
            await ReadOnly()
            edges[name].append((tb.now(), int(signal.value), int(dut.x.value),
                                int(dut.y.value)))
    await RisingEdge(dut.frame_start)
    await ReadOnly()
    start = tb.now()
    assert (int(dut.active.value), int(dut.x.value), int(dut.y.value)) == (1, 0, 0)
    for name in edges:
        cocotb.start_soon(record(name))
    await ClockCycles(dut.clk, frame + line)
    await RisingEdge(dut.frame_start)
    assert tb.now() - start == 2 * frame                    # two frame periods later
    frame_s = frame * tb.clock_ns * 1e-9 * (4 / tb.cpp)     # at 4 clocks a pixel
    dut._log.info("frame %.3f ms at 100 MHz / 4: %.2f Hz", 1000 * frame_s, 1 / frame_s)

    def at(name, level):
        return [(t - start, x, y) for t, v, x, y in edges[name] if v == level and
                t - start < frame + line]
    # hsync: a pulse of h.sync periods, h.sync_start periods into every line
    falls, rises = at("hsync", 0), at("hsync", 1)
    assert [t for t, _, _ in falls] == [k * line + tb.clocks(m.h.sync_start)
                                        for k in range(m.v.total + 1)]
    assert [t for t, _, _ in rises] == [k * line + tb.clocks(m.h.sync_end)
                                        for k in range(m.v.total + 1)]
    # vsync: one pulse of v.sync lines, v.sync_start lines into the frame
    assert [t for t, _, _ in at("vsync", 0)] == [line * m.v.sync_start]
    assert [t for t, _, _ in at("vsync", 1)] == [line * m.v.sync_end]
    # the visible area: h.visible periods from x = 0 of each visible line, and the next frame
    assert at("active", 1) == [(k * line, 0, k) for k in range(1, m.v.visible)] + [
        (frame, 0, 0)]
    assert [t for t, _, _ in at("active", 0)] == [k * line + tb.clocks(m.h.visible)
                                                  for k in range(m.v.visible)] + [
        frame + tb.clocks(m.h.visible)]


@cocotb.test()
async def every_clock_of_small_frames(dut):
    tb = TB(dut)
    await tb.reset()
    m = tb.mode
    await RisingEdge(dut.frame_start)
    await FallingEdge(dut.clk)
    for frame in range(2):
        for y in range(m.v.total):
            for x in range(m.h.total):
                hsync, vsync, active = pins(m, x, y)
                for k in range(tb.cpp):
                    got = (int(dut.x.value), int(dut.y.value), int(dut.active.value),
                           int(dut.hsync.value), int(dut.vsync.value),
                           int(dut.pixel_en.value), int(dut.frame_start.value))
                    want = (x, y, active, hsync, vsync, int(k == 0),
                            int(k == 0 and x == 0 and y == 0))
                    assert got == want, (frame, x, y, k, got, want)
                    await FallingEdge(dut.clk)
    # a reset mid-frame: the frame starts over at (0, 0)
    dut.rst.value = 1
    await ClockCycles(dut.clk, 3)
    assert (int(dut.hsync.value), int(dut.vsync.value), int(dut.active.value)) == (1, 1, 0)
    dut.rst.value = 0
    await RisingEdge(dut.pixel_en)
    await ReadOnly()
    assert int(dut.frame_start.value) == 1
    assert (int(dut.x.value), int(dut.y.value), int(dut.active.value)) == (0, 0, 1)


@pytest.mark.parametrize("hdl", VHDL_FIRST)
def test_vga_timing_640x480(hdl):
    """The whole 640x480 frame in one language in the regression (VHDL_FIRST: the small modes
    take both conversions through every clock of their frames)."""
    run_block("vga_timing", hdl, __name__, params={"clocks_per_pixel": 1},
              testcase=["whole_frame_from_edges"], compiled=True)


@pytest.mark.parametrize("hdl", HDLS)
@pytest.mark.parametrize("cpp", [1, 4])
def test_vga_timing_small_mode(hdl, cpp):
    run_block("vga_timing", hdl, __name__, params={"clocks_per_pixel": cpp, **SMALL},
              testcase=["every_clock_of_small_frames"])
