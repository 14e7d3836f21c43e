"""A board top running for its web pages (`pokerhdl emulate TOP --web`, emulator_web.py): the
Emulator clocked in a thread of its own in short chunks of wall time, as the terminal screen
clocks it (never ahead of the board's own clock), and what the pages see of it after each chunk.

Only that thread touches the model (a Verilator model is not to be clocked and read at once):
a page's switch, press, reset or typed keys are checked at once against the top (BoardTop: a
refusal is a sentence the page shows) and carried out between two chunks, in the order they
came. After each chunk the thread publishes the board's state (digits segment by segment,
LEDs, switches, buttons held, the clock), appends the bytes the UART sent to the output kept
for the pages (the last KEEP_OUTPUT bytes: a page opened later shows the terminal's recent
past), takes the monitor's picture when a pixel changed, and calls its listeners. Whatever
has an Emulator's face can be the board (the tests' fake board top).
"""

import concurrent.futures
import queue
import threading

import numpy

CHUNK_S = 0.02                  # wall time clocked between two looks at the pages' commands
KEEP_OUTPUT = 64 * 1024
MAX_TYPED = 1024                # characters in one message of typed keys
OPS = "switch, press, reset, type"


def label(maker_name, position):
    """A button's name on the board: the maker's (BTNC, CPU_RESETN), or its position when the
    maker's file names only a vector's bit (the ULX3S's btn[1])."""
    return (position if "[" in maker_name else maker_name).upper()


class BoardSession:
    """One emulated board for any number of pages (module docstring). ``bridge``: the UART on
    a pseudo-terminal or TCP port too (emulator_ui.Bridge), or None."""

    def __init__(self, emu, bridge=None, chunk_s=CHUNK_S):
        self.emu, self.bridge, self.chunk_s = emu, bridge, chunk_s
        self.inbox = queue.Queue()
        self.stopping = threading.Event()
        self.thread = None
        self.lock = threading.Lock()
        self.output, self.output_end = bytearray(), 0      # output_end: every byte ever sent
        self.listeners = []
        self.error = None
        self.state = self._state()
        self.pixels = emu.monitor() if emu.vga else None
        self.picture = 0                                    # counts the pictures that differ

    def describe(self):
        """What the board has, for a page to draw it (the ``board`` message)."""
        emu, b = self.emu, self.emu.board
        return {"top": emu.top.name, "board": b.name, "part": b.part, "clk_hz": emu.clk_hz,
                "digits": emu.digit_count, "leds": b["led"].width if emu.has["led"] else 0,
                "switches": emu.switch_count, "buttons": list(emu.button_names),
                "labels": [label(b["btn"].pins[k].master_name, name)
                           for k, name in enumerate(emu.button_names)],
                "reset": label(b["cpu_resetn"].pins[0].master_name, "reset")
                if emu.has["cpu_resetn"] else None, "uart": emu.has["uart_rx"],
                "monitor": [emu.vga.width, emu.vga.height] if emu.vga else None}

    def start(self):
        self.thread = threading.Thread(target=self._run, name="board", daemon=True)
        self.thread.start()

    def close(self):
        self.stopping.set()
        if self.thread:
            self.thread.join(timeout=5)

    # the pages' side
    def command(self, msg):
        """Carry out a page's message (a dict) between two chunks, or ValueError saying why
        not: {"op": "switch", "index": n}, "press" with "button" (center, up, ...), "reset",
        "type" with "text" (Latin-1, as the board's UART takes bytes)."""
        emu, op = self.emu, msg.get("op")
        if op == "switch":
            index = msg.get("index")
            if type(index) is not int:
                raise ValueError("a switch is a whole number (index)")
            emu.check_switch(index)
            self._queue(lambda e: e.toggle_switch(index))
        elif op == "press":
            button = msg.get("button")
            emu.check_button(button)
            self._queue(lambda e: e.press(button))
        elif op == "reset":
            emu.check_reset()
            self._queue(lambda e: e.reset_button())
        elif op == "type":
            data = self._typed(msg.get("text"))
            self._queue(lambda e: e.type(data))
        else:
            raise ValueError(f"unknown op {op!r}; ops: {OPS}")

    def call(self, fn):
        """Run ``fn(emu)`` between two chunks (the tests read the model so); a Future."""
        future = concurrent.futures.Future()
        self.inbox.put((fn, future))
        return future

    def snapshot(self):
        """(state, pixels, picture number) as last published."""
        with self.lock:
            return self.state, self.pixels, self.picture

    def output_since(self, start):
        """(the bytes sent from byte ``start`` on, as far as they are kept; the end)."""
        with self.lock:
            kept_from = self.output_end - len(self.output)
            return bytes(self.output[max(0, start - kept_from):]), self.output_end

    def _typed(self, text):
        if not self.emu.has["uart_rx"]:
            raise ValueError(f"{self.emu.top.name} has no serial port")
        if not isinstance(text, str) or not 0 < len(text) <= MAX_TYPED:
            raise ValueError(f"type sends text: 1 to {MAX_TYPED} characters")
        try:
            return text.encode("latin-1")
        except UnicodeEncodeError:
            raise ValueError("the board's UART takes Latin-1 characters only") from None

    def _queue(self, fn):
        self.inbox.put((fn, None))

    # the board's side: the thread
    def _run(self):
        emu = self.emu
        try:
            while not self.stopping.is_set():
                while True:
                    try:
                        fn, future = self.inbox.get_nowait()
                    except queue.Empty:
                        break
                    self._carry_out(fn, future)
                emu.run_for(self.chunk_s)
                out = emu.take_output()
                if self.bridge:
                    self.bridge.send(out)
                    got = self.bridge.poll()
                    if got:
                        emu.type(got)
                self._publish(out)
        except Exception as exc:        # the pages and the command are told
            self.error = exc
            self._tell()
            raise

    def _carry_out(self, fn, future):
        try:
            result = fn(self.emu)
        except Exception as exc:
            if future is None:
                raise
            future.set_exception(exc)
        else:
            if future is not None:
                future.set_result(result)

    def _publish(self, out):
        state = self._state()
        pixels = self.emu.monitor() if self.emu.vga else None
        with self.lock:
            if out:
                self.output += out
                self.output_end += len(out)
                del self.output[:-KEEP_OUTPUT]
            self.state = state
            if pixels is not None and not numpy.array_equal(pixels, self.pixels):
                self.pixels, self.picture = pixels, self.picture + 1
        self._tell()

    def _tell(self):
        for listener in list(self.listeners):
            listener()

    def _state(self):
        emu = self.emu
        return {"display": [[segments, int(dot)] for segments, dot, _ in reversed(emu.glyphs)],
                "text": emu.display_text(), "leds": emu.leds, "switches": emu.switches,
                "buttons": emu.buttons, "pressing": emu.pressing, "cycle": emu.cycle,
                "speed": round(emu.speed()), "frames": emu.vga.frames if emu.vga else None}
