"""A board top without Verilator, for the board page's regression test and its bench: the face
of pokerhdl.sim.emulator.Emulator (what BoardSession uses) over a golden model, clocked in
real time. Its board table is ``top``'s (by default nexys_a7_balatro: display, LEDs, switches,
buttons, reset button, monitor), with a serial port whatever the top has (``uart=False``: as the
top has).

What it does, so that a test knows what the page must show: the LEDs are the switches; a
press takes effect at the next chunk (the button is held for that chunk), counts on the
display, and is the golden Balatro run's move for that button in its phase (button_move) with
switches 7..0 as the selection; the monitor shows the golden frame of that run
(balatro_screen.frame),
or ``picture(fake)`` when given (the bench's ever-changing picture). The UART echoes the keys
in upper case (CR as CRLF); "!" clears the screen with ESC[2J ESC[H cut in two pieces, sent
a whole chunk apart (a page gets them in two messages), as the real board's bytes may come.
"""

import time

import numpy

from pokerhdl.flow.tops import BALATRO_RULES
from pokerhdl.games.balatro.game import rules_of
from pokerhdl.games.balatro.board import button_move
from pokerhdl.games.panel import BUTTONS
from pokerhdl.golden.balatro.run import BalatroRun
from pokerhdl.golden.balatro.screen import frame
from pokerhdl.golden.rng import XorShift128
from pokerhdl.golden.sevenseg import GLYPHS, decimal_text
from pokerhdl.sim.emulator import BoardTop, Emulator


def golden_game(seed=7):
    return BalatroRun(rng=XorShift128(seed), rules=rules_of(**BALATRO_RULES), title=True)


class FakeVga:
    def __init__(self, width=640, height=480):
        self.width, self.height, self.frames = width, height, 0


class FakeBoard(BoardTop):
    def __init__(self, top="nexys_a7_balatro", picture=None, seed=7, uart=True):
        super().__init__(top)
        self.has = dict(self.has, uart_rx=uart or self.has["uart_rx"])
        self.picture_of = picture
        self.game = golden_game(seed)
        self.cycle = self.switches = self.buttons = self.presses = 0
        self.pending, self.out, self.later, self.due = [], bytearray(), b"", b""
        self.glyphs = [(0, False, 0)] * self.digit_count
        self.vga = FakeVga() if self.has["vga_hs"] else None
        self.drawn = (None, None)               # (what the golden frame was drawn of, it)
        self.pixels = self._picture() if self.vga else None
        self.wall = 0.0

    # the person's side, checked as the Emulator checks
    def toggle_switch(self, index):
        self.check_switch(index)
        self.switches ^= 1 << index

    def press(self, position):
        self.check_button(position)
        self.pending.append(position)

    def reset_button(self):
        self.check_reset()
        self.pending.append("reset")

    def type(self, data):
        for byte in bytes(data):
            ch = chr(byte)
            echo = b"\r\n" if ch == "\r" else ch.upper().encode("latin-1")
            if self.later or self.due:          # after the bytes held back
                self.later += b"\x1b[2J\x1b[Hcleared\r\n" if ch == "!" else echo
            elif ch == "!":
                self.out += b"\x1b[2"
                self.later += b"J\x1b[Hcleared\r\n"
            else:
                self.out += echo

    def take_output(self):
        out, self.out = bytes(self.out), bytearray()
        return out

    # the board's side
    @property
    def leds(self):
        return self.switches

    @property
    def pressing(self):
        return bool(self.pending or self.buttons)

    display_text = Emulator.display_text

    def speed(self):
        return self.cycle / self.wall if self.wall else 0.0

    def monitor(self):
        return self.pixels

    def run_for(self, seconds, chunk=None):
        time.sleep(seconds)
        self.wall += seconds
        self.cycle += round(seconds * self.clk_hz)
        self.out += self.due                    # held back a whole chunk
        self.due, self.later = self.later, b""
        self.buttons = 0
        for position in self.pending:
            if position == "reset":
                self.game = golden_game()
            else:
                self.presses += 1
                self.buttons |= 1 << BUTTONS.index(position)
                self.game.act(button_move(position, self.game.phase), self.switches & 0xFF)
        self.pending = []
        text = decimal_text(self.presses, self.digit_count)
        self.glyphs = [(GLYPHS[ch], False, 1) for ch in reversed(text)]
        if self.vga:
            self.vga.frames += max(1, round(seconds * 60))
            self.pixels = self._picture()

    def _picture(self):
        if self.picture_of:
            return self.picture_of(self)
        key = (repr(self.game.observe()), self.switches & 0xFF)
        if self.drawn[0] != key:
            pixels = frame(self.game.observe(), self.switches & 0xFF)
            self.drawn = (key, numpy.array(pixels, dtype=numpy.uint16))
        return self.drawn[1]
