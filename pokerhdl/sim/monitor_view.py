"""The emulated monitor in a curses terminal: the cells monitor.py reads off the frame, each in
its ink on its paper, on the terminal's nearest colours (the 6 x 6 x 6 cube of a 256-colour
terminal, else the eight basic colours; plain text on a terminal without colours).

The picture is read again only when the pixels changed, so a still screen costs a copy of the
frame (600 KB) per redraw and no reading."""

import numpy

from .monitor import read_screen

BASIC = ((0, 0, 0), (15, 0, 0), (0, 15, 0), (15, 15, 0),      # curses' COLOR_BLACK ..
         (0, 0, 15), (15, 0, 15), (0, 15, 15), (15, 15, 15))  # .. COLOR_WHITE, in order


def terminal_colour(colour, colours):
    """The terminal's colour number nearest a 12-bit colour, for a terminal of ``colours``."""
    r, g, b = colour >> 8 & 15, colour >> 4 & 15, colour & 15
    if colours >= 256:
        def level(c):
            return round(c * 5 / 15)
        return 16 + 36 * level(r) + 6 * level(g) + level(b)
    return min(range(8), key=lambda k: sum((a - c) ** 2 for a, c in zip(BASIC[k], (r, g, b))))


class MonitorView:
    """Draws the emulator's monitor (an Emulator with a VGA connector) into a curses window."""

    def __init__(self, emu):
        self.emu = emu
        self.pixels = None
        self.cells = []
        self.pairs = {}

    def refresh(self):
        """Read the monitor again if its pixels changed since the last call."""
        pixels = self.emu.monitor()
        if self.pixels is None or not numpy.array_equal(pixels, self.pixels):
            self.pixels = pixels
            self.cells = read_screen(pixels)
        return self.cells

    def draw(self, screen, top):
        """The monitor's rows from row ``top`` of the curses ``screen``; returns the next row."""
        import curses
        rows, cols = screen.getmaxyx()
        colours = curses.COLORS if curses.has_colors() else 0
        for r, row in enumerate(self.refresh()):
            y = top + r
            if y >= rows:
                break
            for c, cell in enumerate(row[:cols - 1]):
                attr = self._pair(curses, cell, colours) if colours else 0
                try:
                    screen.addstr(y, c, cell.char, attr)
                except curses.error:
                    pass
        return top + len(self.cells)

    def _pair(self, curses, cell, colours):
        key = (terminal_colour(cell.ink, colours), terminal_colour(cell.paper, colours))
        if key not in self.pairs:
            if len(self.pairs) + 1 >= curses.COLOR_PAIRS:
                return 0
            curses.init_pair(len(self.pairs) + 1, *key)
            self.pairs[key] = curses.color_pair(len(self.pairs) + 1)
        return self.pairs[key]
