"""`pokerhdl emulate TOP`: a board top in the terminal (curses), or scripted, or as a picture.

The screen shows the board (the 7-segment digits as they light, the LEDs, the switches, the
buttons), the monitor of a VGA top (its 80 x 30 cells read off the emulated pins, in colour:
monitor_view.py) and the board's serial terminal. Tab moves the keyboard between the board and
the terminal: on the terminal, keys go to the board's UART; on the board, 0-9 and a-f flip
SW0..SW15, Enter or space presses BTNC, the arrow keys BTNU/BTNL/BTNR/BTND, r the reset
button, q quits. A top without a UART keeps the keys on the board.

The UART can also be a pseudo-terminal (``--uart pty``: any terminal program, or `pokerhdl
serve`, opens the printed path as it would open a board's port) or a TCP port (``--uart
tcp:PORT`` on 127.0.0.1); then the screen shows the board and the bytes it sent.

With ``--web [HOST:]PORT`` the board is a web page instead of the screen (emulator_web.py):
open the address printed; the same keys, and clicks on the switches and buttons; a VGA top's
monitor drawn pixel for pixel. Every page open at the address sees and drives the same board.

Verilator builds the model once (minutes) and keeps it in a build folder: --build-dir, else
$POKERHDL_BUILD_DIR, else the checkout's build/ when it can be written, else the user's cache
($XDG_CACHE_HOME/pokerhdl, ~/.cache/pokerhdl), so an installed package in a read-only folder
still builds.
"""

import locale
import os
import re
import selectors
import socket
import sys
import time

from .build_progress import announcer
from .emulator import BoardTop, Emulator
from .emulator_script import ScriptError, parse_script, run_steps
from .monitor import monitor_lines, save_frame
from .monitor_view import MonitorView
from .screenshot import save_png
from .verilated import BUILD_DIR_VARIABLE, build_root, last_build_seconds

ANSI = re.compile(rb"\x1b\[([0-9;]*)([A-Za-z])")
UNFINISHED = re.compile(rb"\x1b(\[[0-9;]*)?\Z")      # an escape sequence cut off at the end
TERMINAL_LINES = 200
FRAME_S = 0.05                          # redraw at most 20 times a second
KEY_SWITCH = "0123456789abcdef"
BUTTON_KEYS = {"KEY_UP": "up", "KEY_LEFT": "left", "KEY_RIGHT": "right", "KEY_DOWN": "down",
               "\n": "center", " ": "center"}
HELP = "Tab: keys to the {other} | board: 0-9 a-f switches, Enter center, arrows, r reset, q quit"


class TextPane:
    """The far end's screen of a serial terminal, as far as the boards use one: CR, LF, and
    ESC[2J / ESC[H (clear, home); other escape sequences are dropped. The bytes come in
    pieces as the board sends them: an escape sequence cut between two waits for its end."""

    def __init__(self, keep=TERMINAL_LINES):
        self.lines, self.keep, self.pending = [""], keep, b""

    def feed(self, data):
        data = self.pending + data
        cut = UNFINISHED.search(data)
        self.pending = data[cut.start():] if cut else b""
        data = data[:cut.start()] if cut else data
        pos = 0
        for m in ANSI.finditer(data):
            self._text(data[pos:m.start()])
            if m.group(2) == b"J" and m.group(1) == b"2":
                self.lines = [""]
            pos = m.end()
        self._text(data[pos:])

    def _text(self, data):
        for byte in data:
            ch = chr(byte)
            if ch == "\n":
                self.lines.append("")
            elif ch == "\r":
                pass
            elif ch == "\b":
                self.lines[-1] = self.lines[-1][:-1]
            elif ch.isprintable():
                self.lines[-1] += ch
        del self.lines[:-self.keep]

    def tail(self, rows):
        return self.lines[-rows:]


def segment_art(glyphs):
    """Three text rows drawing the digits (leftmost first) segment by segment, a to g."""
    rows = ["display  ", "         ", "         "]
    for segments, dot, _ in reversed(glyphs):
        on = [bool(segments >> k & 1) for k in range(7)]        # a b c d e f g
        a, b, c, d, e, f, g = on
        rows[0] += " " + ("_" if a else " ") + "   "
        rows[1] += ("|" if f else " ") + ("_" if g else " ") + ("|" if b else " ") + "  "
        rows[2] += ("|" if e else " ") + ("_" if d else " ") + ("|" if c else " ") \
            + ("." if dot else " ") + " "
    return rows


def board_lines(emu, focus="terminal", uart_note=""):
    """The board part of the screen, as text lines (curses draws them; --screenshot too)."""
    b = emu.board
    speed = emu.speed()
    real = speed / emu.clk_hz if speed else 0.0
    lines = [f"{emu.top.name} ({b.part})  {speed / 1e6:.1f} M clocks/s = {real:.3f} x real "
             f"time  t = {emu.cycle / emu.clk_hz:.3f} s"]
    if emu.digit_count:
        lines += segment_art(emu.glyphs)
    if emu.has["led"]:
        n = b["led"].width
        lamps = "".join("*" if emu.leds >> i & 1 else "." for i in reversed(range(n)))
        lines.append(f"LED {n - 1:>2}..0  " + lamps)
    if emu.switch_count:
        n = emu.switch_count
        levels = "".join("1" if emu.switches >> i & 1 else "0" for i in reversed(range(n)))
        lines.append(f"SW  {n - 1:>2}..0  " + levels + f"   (= {emu.switches})")
    if emu.button_count:
        held = [name for i, name in enumerate(("C", "U", "L", "R", "D"))
                if emu.buttons >> i & 1]
        lines.append("buttons  " + (" ".join(held) or "-")
                     + ("   reset button: r" if emu.has["cpu_resetn"] else ""))
    other = "board" if focus == "terminal" else "terminal"
    help_line = HELP.format(other=other)
    if not emu.has["uart_rx"]:          # no terminal: the keys stay on the board
        help_line = help_line.split(" | ")[1].replace("board: ", "keys: ")
    if not emu.switch_count:            # a board (or top) without switches: no switch keys
        help_line = help_line.replace(" 0-9 a-f switches,", "")
    lines.append(help_line + (f"   {uart_note}" if uart_note else ""))
    return lines


class Bridge:
    """The board's UART on a pseudo-terminal or a TCP port (one client at a time)."""

    def __init__(self, spec):
        self.sel = selectors.DefaultSelector()
        self.client = None
        if spec == "pty":
            master, slave = os.openpty()
            self.path = os.ttyname(slave)
            import tty
            tty.setraw(slave)
            self.read_fd, self.write_fd, self.server = master, master, None
            self.sel.register(master, selectors.EVENT_READ, "data")
            self.note = f"UART on {self.path}"
        elif spec.startswith("tcp:"):
            port = spec[4:]
            if not port.isdigit() or not 0 < int(port) < 65536:
                raise SystemExit(f"pokerhdl emulate: --uart {spec}: the port is a number "
                                 "from 1 to 65535")
            port = int(port)
            try:
                self.server = socket.create_server(("127.0.0.1", port))
            except OSError as exc:
                why = os.strerror(exc.errno) if exc.errno else str(exc)
                raise SystemExit(f"pokerhdl emulate: --uart {spec}: cannot listen on "
                                 f"127.0.0.1:{port}: {why}") from None
            self.server.setblocking(False)
            self.sel.register(self.server, selectors.EVENT_READ, "accept")
            self.read_fd = self.write_fd = None
            self.note = f"UART on tcp 127.0.0.1:{port}"
        else:
            raise SystemExit(f"pokerhdl emulate: --uart {spec}: use terminal, pty or "
                             "tcp:PORT")

    def poll(self):
        """Bytes that arrived (non-blocking)."""
        data = b""
        for key, _ in self.sel.select(0):
            if key.data == "accept":
                conn, _ = self.server.accept()
                conn.setblocking(False)
                if self.client:
                    self.sel.unregister(self.client)
                    self.client.close()
                self.client = conn
                self.sel.register(conn, selectors.EVENT_READ, "data")
            elif self.server is None:
                try:
                    data += os.read(self.read_fd, 4096)
                except OSError:
                    pass
            else:
                try:
                    got = self.client.recv(4096)
                except OSError:
                    got = b""
                if not got:
                    self.sel.unregister(self.client)
                    self.client.close()
                    self.client = None
                data += got
        return data

    def send(self, data):
        if not data:
            return
        if self.server is None:
            os.write(self.write_fd, data)
        elif self.client:
            try:
                self.client.sendall(data)
            except OSError:
                pass


def run_tui(emu, bridge=None):
    """The interactive screen; ``bridge``: the UART's Bridge, None for the screen's pane."""
    import curses

    pane = TextPane()
    view = MonitorView(emu) if emu.vga else None
    locale.setlocale(locale.LC_ALL, "")         # the suits' characters

    def loop(screen):
        curses.curs_set(0)
        screen.nodelay(True)
        screen.keypad(True)
        if curses.has_colors():
            curses.start_color()
        focus = "terminal" if bridge is None and emu.has["uart_rx"] else "board"
        last_draw = 0.0
        while True:
            emu.run_for(FRAME_S)
            out = emu.take_output()
            pane.feed(out)
            if bridge:
                bridge.send(out)
                got = bridge.poll()
                if got:
                    emu.type(got)
            while True:
                try:
                    key = screen.get_wch()
                except curses.error:
                    break
                name = key if isinstance(key, str) else curses.keyname(key).decode()
                if name == "\t" and emu.has["uart_rx"]:
                    focus = "board" if focus == "terminal" else "terminal"
                elif focus == "terminal" and bridge is None:
                    if isinstance(key, str):
                        emu.type(key.encode("latin-1", "replace"))
                elif name == "q":
                    return
                elif name in KEY_SWITCH and emu.switch_count:
                    emu.toggle_switch(KEY_SWITCH.index(name) % emu.switch_count)
                elif name in BUTTON_KEYS and emu.button_count:
                    emu.press(BUTTON_KEYS[name])
                elif name == "r" and emu.has["cpu_resetn"]:
                    emu.reset_button()
            if time.perf_counter() - last_draw >= FRAME_S:
                last_draw = time.perf_counter()
                draw(screen, emu, pane, focus, bridge.note if bridge else "", view)

    curses.wrapper(loop)


def draw(screen, emu, pane, focus, note, view=None):
    import curses
    rows, cols = screen.getmaxyx()
    screen.erase()
    top = board_lines(emu, focus, note)
    for y, line in enumerate(top[:rows]):
        screen.addnstr(y, 0, line, cols - 1, curses.A_BOLD if y == 0 else 0)
    y = len(top)
    if view:
        y = view.draw(screen, y)
    if y < rows and emu.has["uart_rx"]:
        title = "-- serial terminal " + ("(keys go here) " if focus == "terminal" else "")
        screen.addnstr(y, 0, title.ljust(cols - 1, "-"), cols - 1)
    for k, line in enumerate(pane.tail(max(0, rows - y - 1))):
        screen.addnstr(y + 1 + k, 0, line, cols - 1)
    screen.refresh()


def screen_lines(emu, pane, rows=40, focus="terminal", monitor=()):
    """What the curses screen shows, as lines (for scripts and pictures); ``monitor``: the
    monitor's text lines (monitor_lines) on a VGA top."""
    top = board_lines(emu, focus) + list(monitor or ())
    if not emu.has["uart_rx"]:
        return top
    return top + ["-- serial terminal ".ljust(78, "-")] + pane.tail(rows - len(top) - 1)


def run_cli(args):
    """`pokerhdl emulate` (cli.py builds its options). The script is read and checked before
    the model is built; every error is one line and a non-zero exit."""
    board = BoardTop(args.top)
    steps = []
    if args.script is not None:
        try:
            text = open(args.script).read() if os.path.exists(args.script) else args.script
            steps = parse_script(text.split(), board)
        except OSError as exc:
            sys.exit(f"pokerhdl emulate: cannot read the script {args.script}: {exc.strerror}")
        except ScriptError as exc:
            sys.exit(f"pokerhdl emulate: {exc}")
    interactive = args.script is None and not args.screenshot
    # the page's port and the UART's place are opened before the build: a bad one is told
    # at once
    web = None
    if args.web is not None:
        from .emulator_web import open_web
        web = open_web(args)
    bridge = Bridge(args.uart) if interactive and args.uart != "terminal" else None
    announce = announcer("pokerhdl emulate")

    def build():
        try:
            return Emulator(args.top, build_dir=args.build_dir, announce=announce)
        except OSError as exc:
            raise OSError(f"cannot build in {build_root(args.build_dir)}: "
                          f"{exc.strerror or exc} (another folder: --build-dir or "
                          f"{BUILD_DIR_VARIABLE})") from None
    if web:
        # the page answers while the model builds
        from .emulator_web import run_web
        expected = last_build_seconds(args.top, build_root(args.build_dir) / "verilated")
        run_web(build, args.top, web, bridge, args.allow_host, expected)
        return
    try:
        emu = build()
    except (OSError, RuntimeError) as exc:
        sys.exit(f"pokerhdl emulate: {exc}")
    if interactive:
        run_tui(emu, bridge)
        return
    pane = TextPane()
    emu.run_ms(1)
    pane.feed(emu.run_until_quiet())
    run_steps(emu, steps, pane)
    if emu.vga:
        emu.run_frames(2)                       # a whole frame begun after the last step
    monitor = monitor_lines(emu.monitor()) if emu.vga else None
    lines = screen_lines(emu, pane, monitor=monitor)
    if args.screenshot and emu.vga:
        save_frame(emu.monitor(), args.screenshot)
    elif args.screenshot:
        save_png(lines, args.screenshot)
    if args.json:
        import json
        print(json.dumps({"top": emu.top.name, "clocks": emu.cycle,
                          "clocks_per_second": round(emu.speed()),
                          "display": emu.display_text(), "leds": emu.leds,
                          "switches": emu.switches, "terminal": pane.lines,
                          "monitor": monitor}))
    else:
        print("\n".join(lines))
