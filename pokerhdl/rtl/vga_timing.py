"""VGA timing generator: the pixel counters, the sync pulses and the blanking of a mode
(pokerhdl/golden/vga.py; 640x480 at 60 Hz by default), one pixel every ``clocks_per_pixel``
clocks (4: 25 MHz from the boards' 100 MHz; the tests also run 1).

Every output is a register, so the pins do not glitch; they change together, one clock after
the pixel period's first clock. ``pixel_en`` pulses in that clock: a renderer that draws from
(x, y) registers its colour on it and sends it, with the syncs delayed as many pixel periods
as its pipeline is deep.
"""

from myhdl import block, always_seq, Signal, ResetSignal, intbv

from ..golden.vga import VGA_640X480, Axis, Mode


@block
def vga_timing(clk, rst, pixel_en, x, y, active, hsync, vsync, frame_start,
               clocks_per_pixel=4, h=None, v=None):
    """pixel_en: one clock per pixel period; x[10], y[10]: the pixel's counter position
    (visible when x < h.visible and y < v.visible); active: in the visible area; hsync,
    vsync: the pins' levels (negative: 0 in the pulse); frame_start: pixel_en of (0, 0).
    ``h``, ``v``: (visible, front, sync, back) of each axis (default 640x480 at 60 Hz)."""
    mode = Mode(h=Axis(*h) if h else VGA_640X480.h, v=Axis(*v) if v else VGA_640X480.v)
    if clocks_per_pixel < 1:
        raise ValueError("clocks_per_pixel >= 1")
    if max(mode.h.total, mode.v.total) > 1 << len(x):
        raise ValueError(f"x and y need {max(mode.h.total, mode.v.total).bit_length()} bits")
    h_last, v_last = mode.h.total - 1, mode.v.total - 1
    h_visible, v_visible = mode.h.visible, mode.v.visible
    h_sync_start, h_sync_end = mode.h.sync_start, mode.h.sync_end
    v_sync_start, v_sync_end = mode.v.sync_start, mode.v.sync_end
    last_div = clocks_per_pixel - 1
    div = Signal(intbv(0, min=0, max=clocks_per_pixel + 1))
    hc = Signal(intbv(0, min=0, max=mode.h.total))
    vc = Signal(intbv(0, min=0, max=mode.v.total))
    first = Signal(bool(1))         # the pixel period at (hc, vc) starts in this clock

    @always_seq(clk.posedge, reset=rst)
    def count():
        if div == last_div:
            div.next = 0
            first.next = 1
            if hc == h_last:
                hc.next = 0
                if vc == v_last:
                    vc.next = 0
                else:
                    vc.next = vc + 1
            else:
                hc.next = hc + 1
        else:
            div.next = div + 1
            first.next = 0

    @always_seq(clk.posedge, reset=rst)
    def drive():
        pixel_en.next = first
        frame_start.next = first and hc == 0 and vc == 0
        if first:
            x.next = hc
            y.next = vc
            active.next = hc < h_visible and vc < v_visible
            hsync.next = not (hc >= h_sync_start and hc < h_sync_end)
            vsync.next = not (vc >= v_sync_start and vc < v_sync_end)

    return count, drive


def vga_timing_top(clocks_per_pixel=4, h=None, v=None):
    """Ports for conversion; ``h``/``v``: lists of four (a top's JSON parameters) or None."""
    return vga_timing(clk=Signal(bool(0)), rst=ResetSignal(0, active=1, isasync=False),
                      pixel_en=Signal(bool(0)), x=Signal(intbv(0)[10:]),
                      y=Signal(intbv(0)[10:]), active=Signal(bool(0)),
                      hsync=Signal(bool(1)), vsync=Signal(bool(1)),
                      frame_start=Signal(bool(0)), clocks_per_pixel=clocks_per_pixel,
                      h=h, v=v)
