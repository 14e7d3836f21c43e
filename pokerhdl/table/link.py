"""The serial line between the server and a Hold'em table: a board's port, the emulator, or
the golden terminal model. Each link takes bytes for the table's UART input (``write``) and
hands every byte the table sends to the ``on_bytes`` callback given to ``start`` (from any
thread: the server moves them onto its event loop).

* ``SerialLink``: a real board (pyserial: a device such as /dev/ttyUSB1, the pseudo-terminal of
  `pokerhdl emulate --uart pty`, or ``socket://127.0.0.1:PORT`` for ``--uart tcp:PORT``).
* ``EmulatorLink``: a board top's generated Verilog in Verilator (pokerhdl/sim/emulator.py), run in
  a thread of its own, as fast as it goes and never ahead of the board's clock.
* ``GoldenLink``: the golden terminal (golden/holdem/terminal.py) over a golden table, dealing
  from the golden shuffler: the same bytes the RTL sends (the regression checks that), at once.
  For trying the server and clients, and for tests that play hundreds of hands.
"""

import queue
import threading


class Link:
    """A table's serial line (module docstring)."""
    name = "link"
    answer_timeout = 2.0        # seconds a complete answer may take

    def start(self, on_bytes):
        self.on_bytes = on_bytes

    def write(self, data):
        raise NotImplementedError

    def close(self):
        pass


class SerialLink(Link):
    def __init__(self, port, baud=115_200):
        import serial
        try:
            self.port = serial.serial_for_url(port, baudrate=baud, timeout=0.05)
        except (serial.SerialException, ValueError) as exc:
            raise SystemExit(f"cannot open the table's serial port {port}: {exc}") from None
        self.name = f"serial {port}"
        self.stop = threading.Event()

    def start(self, on_bytes):
        super().start(on_bytes)
        threading.Thread(target=self._read, name="serial-reader", daemon=True).start()

    def _read(self):
        import serial
        while not self.stop.is_set():
            try:
                data = self.port.read(4096)
            except serial.SerialException:
                break
            if data:
                self.on_bytes(data)

    def write(self, data):
        self.port.write(data)

    def close(self):
        self.stop.set()
        self.port.close()


class EmulatorLink(Link):
    """The emulator as the table. ``emulator``: an Emulator, or the name of a board top (built
    with ``announce``: see verilated.build)."""
    answer_timeout = 120.0      # the emulator runs a few percent of real time

    def __init__(self, emulator, announce=None):
        from ..sim.emulator import Emulator
        self.emu = (Emulator(emulator, announce=announce) if isinstance(emulator, str)
                    else emulator)
        self.name = f"emulated {self.emu.top.name}"
        self.inbox = queue.Queue()
        self.stop = threading.Event()
        self.thread = None

    def start(self, on_bytes):
        super().start(on_bytes)
        self.thread = threading.Thread(target=self._run, name="emulator", daemon=True)
        self.thread.start()

    def _run(self):
        while not self.stop.is_set():
            while True:
                try:
                    self.emu.type(self.inbox.get_nowait())
                except queue.Empty:
                    break
            self.emu.run_for(0.02)
            out = self.emu.take_output()
            if out:
                self.on_bytes(out)

    def write(self, data):
        self.inbox.put(bytes(data))

    def close(self):
        self.stop.set()
        if self.thread:
            self.thread.join(timeout=5)


class GoldenLink(Link):
    """The golden terminal as the table: ``players`` seats, decks from the golden shuffler
    seeded with ``seed`` (one deck per deal)."""
    answer_timeout = 1.0

    def __init__(self, players=4, seed=1, stack=1000, small_blind=5, big_blind=10):
        from ..golden.holdem.table import Table
        from ..golden.holdem.terminal import HoldemTerminal
        from ..golden.rng import XorShift128
        from ..golden.shuffle import deal
        self.rng = XorShift128(seed)
        self.table = Table(players, start_stack=stack, small_blind=small_blind,
                           big_blind=big_blind)
        self.terminal = HoldemTerminal(self.table, lambda: deal(self.rng, 2 * players + 5).cards)
        self.seed = seed
        self.name = f"the golden table (deck seed {seed})"
        self.lock = threading.Lock()
        self.observers = []     # called as f(key, answer) after every byte (tests)

    def start(self, on_bytes):
        super().start(on_bytes)
        on_bytes(self.terminal.boot().encode())

    def write(self, data):
        with self.lock:
            for byte in bytes(data):
                ch = chr(byte)
                out = self.terminal.key(ch)
                for observe in self.observers:
                    observe(ch, out)
                if out:
                    self.on_bytes(out.encode("latin-1"))
