"""VGA timing, the golden model: where each pixel period of a frame falls and what the sync
pins and the blanking say there.

A frame is ``h.total`` x ``v.total`` pixel periods: on each axis the visible pixels, then the
front porch, the sync pulse, the back porch. 640x480 at 60 Hz (VESA/industry "VGA"): 800 x 525
periods of a 25 MHz pixel (25.175 MHz nominal; 25 MHz, a quarter of the boards' 100 MHz, is
within what monitors take), both syncs negative (low during the pulse), the colour black
outside the visible area.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Axis:
    visible: int
    front: int
    sync: int
    back: int

    @property
    def total(self):
        return self.visible + self.front + self.sync + self.back

    @property
    def sync_start(self):
        return self.visible + self.front

    @property
    def sync_end(self):
        """The first period after the pulse."""
        return self.visible + self.front + self.sync

    def in_sync(self, k):
        return self.sync_start <= k < self.sync_end


@dataclass(frozen=True)
class Mode:
    h: Axis
    v: Axis

    @property
    def periods(self):
        return self.h.total * self.v.total


VGA_640X480 = Mode(h=Axis(640, 16, 96, 48), v=Axis(480, 10, 2, 33))
FRAME_HZ = 60
PIXEL_CLOCKS = 4                # 100 MHz / 25 MHz


def mode_of(h, v):
    """A Mode from two (visible, front, sync, back) tuples (a top's parameters)."""
    return Mode(h=Axis(*h), v=Axis(*v))


def pins(mode, x, y):
    """(hsync, vsync, active) during the pixel period at counter position (x, y); syncs are
    negative: 0 during the pulse."""
    return (int(not mode.h.in_sync(x)), int(not mode.v.in_sync(y)),
            int(x < mode.h.visible and y < mode.v.visible))
