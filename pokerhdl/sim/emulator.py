"""Play a board top without the board: the committed generated/verilog/<top>.v, unmodified,
compiled by Verilator (pokerhdl/sim/verilated.py) and run as fast as it goes, never faster than
the board's own clock.

The emulator is the board: it holds the switches and buttons at the levels a person sets (a
press is held for 1.5 debounce periods, then released for as long, so the board's debouncer
sees a clean press), watches the display every clock the way an eye does, is the monitor on
a VGA connector (the pins placed by their sync pulses into 640 x 480 pixels, pokerhdl/sim/
monitor.py reads them back as text), and is the far end of the USB-UART (8N1 at the top's
baud). Everything a board top has comes from its row in
pokerhdl/flow/tops.py and its board's table: a new top needs no code here. A board without a
display (the ULX3S) shows none; a top behind a PLL (pll_hz) is compiled with the PLL's
simulation model (tb/support/ecp5/EHXPLLL.v: its output is its input) and clocked at the PLL's rate.

    emu = Emulator("basys3_holdem")
    emu.run_ms(1)                    # power-on reset, the boot text
    emu.type("d"); emu.run_until_quiet()
    print(emu.take_output(), emu.display_text(), emu.leds)
"""

import time
from dataclasses import dataclass
from pathlib import Path

from ..boards.board import get_board
from ..boards.shell import core_hz
from ..games.panel import BUTTONS
from ..golden.sevenseg import GLYPHS
from ..golden.vga import PIXEL_CLOCKS, VGA_640X480
from ..flow.tops import BOARD_TOPS, get_top
from .verilated import ROOT, Model, build_root, ports_of

CHARACTER = {glyph: ch for ch, glyph in sorted(GLYPHS.items(), reverse=True)}
CHARACTER[0] = " "
HOLD_DEBOUNCES = 1.5            # a press is held this many debounce periods, released as long
RESET_CLOCKS = 1000             # the reset button held low this long
REST = {"uart_rx": 1, "cpu_resetn": 1}  # a board at rest: the serial line idle, reset released


PRIMITIVE_MODELS = ROOT / "tb" / "support" / "ecp5"     # the simulation models the tests use


def model_source(top, folder=None):
    """The Verilog file the emulator compiles for ``top`` (a Top): its committed generated
    file, or, for a top behind a PLL, that file and the EHXPLLL simulation model in one
    (written in ``folder``, by default build_root()'s emulator/)."""
    verilog = ROOT / "generated" / "verilog" / f"{top.name}.v"
    if not top.params.get("pll_hz"):
        return verilog
    text = verilog.read_text() + "\n" + (PRIMITIVE_MODELS / "EHXPLLL.v").read_text()
    combined = Path(folder or build_root() / "emulator") / f"{top.name}.v"
    if not combined.exists() or combined.read_text() != text:
        combined.parent.mkdir(parents=True, exist_ok=True)
        combined.write_text(text)
    return combined


@dataclass
class Event:
    clock: int
    port: str
    value: int


class BoardTop:
    """What a board top offers a person (its switches, buttons, reset button, display), read
    from its committed Verilog's ports: known before anything is built, so a script's steps
    are checked at once rather than after minutes of Verilator. The checks below raise
    ValueError with a sentence a person can act on."""

    def __init__(self, top):
        self.top = get_top(top)
        if not self.top.board:
            raise SystemExit(f"{top} is not a board top; board tops: "
                             + ", ".join(t.name for t in BOARD_TOPS))
        self.board = get_board(self.top.board)
        self.clk_hz = core_hz(self.top)         # the board's clock, or its PLL's
        verilog = ROOT / "generated" / "verilog" / f"{self.top.name}.v"
        ports = {name for name, _ in ports_of(verilog.read_text())}
        self.has = {name: name in ports for name in ("sw", "btn", "led", "an", "uart_rx",
                                                     "cpu_resetn", "vga_hs")}
        self.switch_count = self.board["sw"].width if self.has["sw"] else 0
        self.button_count = self.board["btn"].width if self.has["btn"] else 0
        self.digit_count = self.board["an"].width if self.has["an"] else 0
        self.button_names = BUTTONS[:self.button_count]

    def check_switch(self, index):
        if not self.switch_count:
            raise ValueError(f"{self.top.name} has no switches")
        if not 0 <= index < self.switch_count:
            raise ValueError(f"{self.top.name} has switches 0..{self.switch_count - 1}")

    def check_switches(self, value):
        """A value for all switches at once: one bit a switch, no wider than the switches."""
        if not self.switch_count:
            raise ValueError(f"{self.top.name} has no switches")
        if not 0 <= value < 1 << self.switch_count:
            raise ValueError(f"{value:#x} is wider than {self.top.name}'s {self.switch_count} "
                             f"switches (0..{(1 << self.switch_count) - 1:#x})")

    def check_button(self, position):
        if not self.button_count:
            raise ValueError(f"{self.top.name} has no buttons")
        if position not in self.button_names:
            raise ValueError(f"no button {position!r}; buttons: "
                             + ", ".join(self.button_names))

    def check_reset(self):
        if not self.has["cpu_resetn"]:
            raise ValueError(f"the {self.board.name} board has no reset button")


class Emulator(BoardTop):
    """One board top running in Verilator (module docstring). ``internals``: signals inside
    the top to expose as ports too (tests read the entropy the game takes). ``build_dir``:
    where the model is compiled (build_root(): the checkout's build/, $POKERHDL_BUILD_DIR, or
    the user's cache). ``announce``: says that a build starts and ends (verilated.build)."""

    def __init__(self, top, internals=(), build_dir=None, announce=None):
        super().__init__(top)
        root = build_root(build_dir)
        self.model = Model.build(self.top.name, internals=internals, cache=root / "verilated",
                                 announce=announce, rest=REST,
                                 verilog=model_source(self.top, root / "emulator"))
        baud = self.top.params.get("baud", 115_200)
        self.clocks_per_bit = round(self.clk_hz / baud)
        self.hold = max(1, round(HOLD_DEBOUNCES * self.top.params.get("debounce_ms", 10)
                                 * self.clk_hz / 1000))
        self.switches = 0
        self.buttons = 0
        self.events = []
        self.busy_until = 0                     # the clock the last queued press ends
        if self.has["uart_rx"]:
            self.tx = self.model.uart_monitor("uart_tx", self.clocks_per_bit)
            self.rx = self.model.uart_driver("uart_rx", self.clocks_per_bit)
        self.glyphs = []                        # none on a board without a display
        if self.digit_count:
            self.display = self.model.display(self.digit_count, self.board["an"].active_low)
            self.glyphs = [(0, False, 0)] * self.digit_count
        self.vga = None                         # none on a board without a monitor
        self.whole_from = 2                     # the monitor's first whole frame (run_frames)
        if self.has["vga_hs"]:
            self.vga = self.model.vga(VGA_640X480,
                                      self.top.params.get("clocks_per_pixel", PIXEL_CLOCKS))
        if self.has["cpu_resetn"]:
            self.model["cpu_resetn"] = 1
        self._apply_switches()
        self._apply_buttons()
        self.wall = 0.0                         # seconds spent clocking

    # the person's side
    def toggle_switch(self, index):
        self.check_switch(index)
        self.switches ^= 1 << index
        self._apply_switches()

    def set_switches(self, value):
        self.check_switches(value)
        self.switches = value
        self._apply_switches()

    def press(self, position):
        """Queue a press of the button at ``position`` (pokerhdl.games.panel.BUTTONS), after
        any press still in progress."""
        self.check_button(position)
        bit = BUTTONS.index(position)
        start = max(self.cycle, self.busy_until)
        self.events += [Event(start, "btn", bit + 1), Event(start + self.hold, "btn", -bit - 1)]
        self.busy_until = start + 2 * self.hold
        self.events.sort(key=lambda e: e.clock)

    def reset_button(self):
        self.check_reset()
        now = self.cycle
        self.events += [Event(now, "cpu_resetn", 0), Event(now + RESET_CLOCKS, "cpu_resetn", 1)]
        self.events.sort(key=lambda e: e.clock)

    def type(self, data):
        """Bytes (or text) into the board's serial input, at its baud."""
        self.rx.write(data)

    def take_output(self):
        """The bytes the board sent since the last call."""
        return self.tx.take() if self.has["uart_rx"] else b""

    # the board's side
    @property
    def cycle(self):
        return self.model.cycle

    @property
    def leds(self):
        return self.model["led"] if self.has["led"] else 0

    @property
    def pressing(self):
        return self.busy_until > self.cycle

    def display_text(self):
        """The digits as an eye sees them, leftmost first ('8.' for a lit dot)."""
        text = ""
        for glyph, dot, _ in reversed(self.glyphs):
            text += CHARACTER.get(glyph, "?") + ("." if dot else "")
        return text

    def run(self, clocks):
        """Clock ``clocks`` times, carrying out the queued button and reset events."""
        end = self.cycle + clocks
        t0 = time.perf_counter()
        while self.cycle < end:
            if self.events and self.events[0].clock <= self.cycle:
                self._fire(self.events.pop(0))
                continue
            until = min(end, self.events[0].clock) if self.events else end
            self.model.tick(until - self.cycle)
        self.wall += time.perf_counter() - t0
        if self.digit_count:
            seen = self.display.take()
            self.glyphs = [new if new[2] else old for new, old in zip(seen, self.glyphs)]

    def run_for(self, seconds, chunk=20_000):
        """Clock for ``seconds`` of wall time: as fast as it goes, but never ahead of the
        board's own clock (then it sleeps the rest)."""
        start = time.perf_counter()
        goal = self.cycle + round(seconds * self.clk_hz)
        while self.cycle < goal and time.perf_counter() - start < seconds:
            self.run(min(chunk, goal - self.cycle))
        spare = seconds - (time.perf_counter() - start)
        if spare > 0:
            time.sleep(spare)

    def run_ms(self, ms):
        self.run(round(ms * self.clk_hz / 1000))

    def run_until_quiet(self, quiet_ms=2.0, limit_ms=2000.0, step_ms=0.5):
        """Run until the serial output has been silent for ``quiet_ms`` and no press is in
        progress; returns the bytes sent meanwhile."""
        out, silent, spent = b"", 0.0, 0.0
        while spent < limit_ms:
            self.run_ms(step_ms)
            spent += step_ms
            got = self.take_output()
            out += got
            silent = 0.0 if got or self.pressing or self.rx_busy() else silent + step_ms
            if silent >= quiet_ms:
                break
        return out

    def run_frames(self, count=1, chunk=20_000):
        """Clock until ``count`` more frames have begun on the monitor, carrying out the
        queued presses meanwhile: then the monitor shows one whole frame (stopping within
        ``chunk`` clocks of a vsync pulse, long before the next frame's first line). The
        monitor places lines from a vsync pulse on, so after power-on or the reset button (the
        timing starts over mid-frame) the first whole frame is the second to begin."""
        goal = max(self.vga.frames + count, self.whole_from)
        while self.vga.frames < goal:
            self.run(chunk)

    def monitor(self):
        """The monitor's picture, 480 x 640 12-bit colours (numpy): the last frame, with the
        lines of the next already scanned drawn over it, as a monitor shows it."""
        return self.vga.pixels()

    def rx_busy(self):
        return bool(self.has["uart_rx"] and self.rx.sending)

    def speed(self):
        """Clocks per second of wall time spent clocking."""
        return self.cycle / self.wall if self.wall else 0.0

    def _fire(self, event):
        if event.port == "btn":
            bit = abs(event.value) - 1
            if event.value > 0:
                self.buttons |= 1 << bit
            else:
                self.buttons &= ~(1 << bit)
            self._apply_buttons()
        else:
            self.model[event.port] = event.value
            if event.port == "cpu_resetn" and event.value and self.vga:
                self.whole_from = self.vga.frames + 2

    def _apply_switches(self):
        if self.has["sw"]:
            self.model["sw"] = self.switches

    def _apply_buttons(self):
        if self.has["btn"]:
            self.model["btn"] = self.buttons
