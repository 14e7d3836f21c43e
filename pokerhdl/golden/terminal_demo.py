"""A minimal game on the terminal engine, its golden twin: four 8-bit tallies. It exists to test
the engine apart from any card game (every instruction, mode, key kind and button rule) and
to show in a few lines how a game plugs into it (pokerhdl/rtl/terminal/demo.py).

Keys: w x y z choose tally 0..3; p<digits><Enter> adds the number to the chosen tally (mod
256); s shows every tally (decimal, hex, and "big" from 16 up); n names the chosen tally; t
prints the total and whether it is odd. Buttons: center adds the switches' number (sw[9:0],
saturating at 255; with sw[15] up it clears the chosen tally instead), left is s.
"""

from .terminal import CRLF, Key, Terminal

TALLIES = 4
NUMBER_BITS = 8
SWITCHES = 16
NUMBER_SWITCHES = 10
CLEAR_BIT = 15
HEX = "0123456789ABCDEF"
NAMES = ("zero", "one", "two", "three")
KEYS = {"w": Key("select", 0), "x": Key("select", 1), "y": Key("select", 2),
        "z": Key("select", 3), "p": Key("put", 1, number=True), "s": Key("show"),
        "n": Key("name"), "t": Key("total")}
BUTTONS = {"center": "put_switches", "left": "show"}


class DemoTerminal(Terminal):
    KEYS = KEYS
    BUTTONS = BUTTONS
    NUMBER_SWITCHES = NUMBER_SWITCHES

    def __init__(self):
        super().__init__(NUMBER_BITS)
        self.tallies = [0] * TALLIES
        self.seat = 0

    def boot(self):
        return "tallies" + CRLF

    def select(self):
        self.seat = self.value
        return f"tally {self.seat}" + CRLF

    def put(self):
        self.tallies[self.seat] = (self.tallies[self.seat] + self.number) % 256
        return self.show()

    def show(self):
        text = ""
        for s, v in enumerate(self.tallies):
            text += f"T{s}: {v} {HEX[v >> 4]}{HEX[v & 15]}{' big' if v >> 4 else ''}" + CRLF
        return text

    def name(self):
        return NAMES[self.seat] + CRLF

    def total(self):
        total = sum(self.tallies)
        return f"total {total}{' odd' if total & 1 else ''}" + CRLF

    def put_switches(self):
        if self.switches >> CLEAR_BIT & 1:
            self.tallies[self.seat] = 0
            return "cleared" + CRLF
        return self.put()
