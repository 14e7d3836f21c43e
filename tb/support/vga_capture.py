"""Capture a VGA frame from a design's pins (colour and syncs) and compare it with a golden
frame, saving both as PNG files when they differ.

A frame is 420,000 clocks at one pixel per clock, too many to wake the test at each, so the
capture wakes only when the colour or hsync pins change (a few tens of thousands of times) and
rebuilds every pixel from the times of the changes. The frame is found from the pins: the
next one after a vsync pulse (which starts at line ``v.sync_start``, so the frame's first
pixel comes ``v.total - v.sync_start`` lines later), or, right after a reset, the first one,
whose first hsync pulse is line 0's; its vsync pulse must then start in place. Every visible
line's blanking must be black and its hsync pulse exactly in place. ``lines`` captures the
first lines of the frame only (a band: the simulation stops after it)."""

from bisect import bisect_right
from pathlib import Path

import cocotb
from cocotb.triggers import ClockCycles, Edge, FallingEdge, ReadOnly
from cocotb.utils import get_sim_time

from pokerhdl.golden.balatro.screen import save_png
from pokerhdl.golden.vga import VGA_640X480


def _value(handles):
    """The colour: one 12-bit handle, or (r, g, b) 4-bit handles."""
    if len(handles) == 1:
        return int(handles[0].value)
    r, g, b = (int(h.value) for h in handles)
    return r << 8 | g << 4 | b


async def capture_frame(clk, rgb, hsync, vsync, clock_ns, cpp=1, mode=VGA_640X480,
                        after_reset=False, lines=None):
    """A whole frame's visible pixels, rows of 12-bit colours: the next one, or with
    ``after_reset`` (called in the clock the reset ends) the first. rgb: a handle of the 12-bit
    colour, or a tuple of the red, green and blue handles. lines: its first lines only (after
    a reset: the vsync pulse, which comes after the visible lines, is not waited for)."""
    handles = rgb if isinstance(rgb, tuple) else (rgb,)
    h, v = mode.h, mode.v
    lines = lines or v.visible

    def now():
        return round(get_sim_time("ns") / clock_ns)

    colours, syncs = [], []

    async def record(signal, log, read):
        while True:
            await Edge(signal)
            await ReadOnly()
            log.append((now(), read()))

    if not after_reset:
        await FallingEdge(vsync)
    await ReadOnly()
    colours.append((now(), _value(handles)))
    syncs.append((now(), int(hsync.value)))
    tasks = [cocotb.start_soon(record(handle, colours, lambda: _value(handles)))
             for handle in handles]           # a change of any channel logs the colour
    tasks.append(cocotb.start_soon(record(hsync, syncs, lambda: int(hsync.value))))
    if after_reset:
        await FallingEdge(hsync)
        start = now() - h.sync_start * cpp
    else:
        start = now() + (v.total - v.sync_start) * h.total * cpp
    if after_reset and lines == v.visible:
        await FallingEdge(vsync)
        assert now() == start + v.sync_start * h.total * cpp, "vsync pulse out of place"
    else:
        await ClockCycles(clk, start + lines * h.total * cpp - now() + 1)
    for task in tasks:
        task.cancel()
    colours.sort(key=lambda change: change[0])
    return _rebuild(colours, syncs, start, cpp, mode, lines)


def _at(log, times, t):
    return log[bisect_right(times, t) - 1][1]


def _rebuild(colours, syncs, start, cpp, mode, lines):
    h = mode.h
    times, sync_times = [t for t, _ in colours], [t for t, _ in syncs]
    frame = []
    for y in range(lines):
        line = []
        for x in range(h.total):
            t = start + (y * h.total + x) * cpp
            colour = _at(colours, times, t)
            if x < h.visible:
                line.append(colour)
            else:
                assert colour == 0, f"colour {colour:03x} in the blanking at ({x}, {y})"
            if x in (0, h.sync_start - 1, h.sync_start, h.sync_end - 1, h.sync_end % h.total):
                assert _at(syncs, sync_times, t) == int(not h.in_sync(x)), \
                    f"hsync wrong at ({x}, {y})"
        frame.append(line)
    falls = [t for (t, level), (_, before) in zip(syncs[1:], syncs) if before and not level
             and start <= t < start + lines * h.total * cpp]
    assert falls == [start + (y * h.total + h.sync_start) * cpp for y in range(lines)], \
        "hsync pulses out of place"
    return frame


def compare_frames(got, want, folder, name):
    """Assert the frames are equal; when not, save both (and say where) as PNG files."""
    if got == want:
        return
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    save_png(got, folder / f"{name}-captured.png")
    save_png(want, folder / f"{name}-golden.png")
    wrong = [(x, y) for y, (a, b) in enumerate(zip(got, want)) for x in range(len(a))
             if a[x] != b[x]]
    x, y = wrong[0]
    raise AssertionError(f"{name}: {len(wrong)} pixels differ, the first at ({x}, {y}): "
                         f"{got[y][x]:03x}, golden {want[y][x]:03x}; see {folder}")
