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

What `serve --state` keeps of each (pokerhdl/table/state.py calls ``config``, ``save`` and,
before ``start``, ``restore``): the golden table's whole state (pokerhdl/table/snapshot.py); the
emulator's inputs with the clock cycle each was typed at, replayed into a fresh model (the RTL
is deterministic, so it reaches the same state, checked by the hash of everything it sent); a
board nothing: it keeps its own game and the server reads it back.
"""

import hashlib
import queue
import threading


class Link:
    """A table's serial line (module docstring)."""
    name = "link"
    kind = "link"
    answer_timeout = 2.0        # seconds a complete answer may take

    def start(self, on_bytes):
        self.on_bytes = on_bytes

    def config(self):
        """What the table is (a state file is refused for another table)."""
        return {"kind": self.kind}

    def save(self):
        """What to keep so that the table goes on after a crash (None: the table keeps it)."""
        return None

    def restore(self, saved, inputs=()):
        """Before ``start``: bring a fresh table to the state ``save`` gave (and ``inputs``,
        what the emulator was typed since power-on)."""

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
        self.port_name = port
        self.stop = threading.Event()

    kind = "board"

    def config(self):
        return {"kind": self.kind, "port": self.port_name}

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
        params = self.emu.top.params
        if "big_blind" in params:
            self.blinds = (params["small_blind"], params["big_blind"])
        self.inbox = queue.Queue()
        self.stop = threading.Event()
        self.thread = None
        self.journal = []           # (clock cycle, bytes) of every input since power-on
        self.saved = 0              # how many of them save() handed out
        self.sent = 0               # bytes the board sent since power-on, and their hash,
        self.sent_hash = hashlib.sha256()
        self.clocked = 0            # ... by this clock cycle
        self.lock = threading.Lock()

    kind = "emulator"

    def config(self):
        return {"kind": self.kind, "top": self.emu.top.name}

    def start(self, on_bytes):
        super().start(on_bytes)
        self.thread = threading.Thread(target=self._run, name="emulator", daemon=True)
        self.thread.start()

    def _run(self):
        while not self.stop.is_set():
            while True:
                try:
                    data = self.inbox.get_nowait()
                except queue.Empty:
                    break
                with self.lock:
                    self.journal.append((self.emu.cycle, data))
                self.emu.type(data)
            self.emu.run_for(0.02)
            out = self._took()
            if out:
                self.on_bytes(out)

    def _took(self):
        out = self.emu.take_output()
        with self.lock:
            self.sent += len(out)
            self.sent_hash.update(out)
            self.clocked = self.emu.cycle
        return out

    def save(self):
        """The inputs typed since the last save (the store appends them) and what the board
        had sent by now (the replay's check)."""
        with self.lock:
            new = self.journal[self.saved:]
            self.saved = len(self.journal)
            return {"inputs": [(cycle, data.hex()) for cycle, data in new],
                    "cycle": self.clocked, "sent": self.sent,
                    "sent_hash": self.sent_hash.hexdigest()}

    def restore(self, saved, inputs=()):
        """Replay ``inputs`` [(cycle, bytes)] into the fresh model at their cycles, up to the
        cycle of the save: the model is where it was then (the RTL is deterministic and its
        only entropy, the clock count at each key, is replayed too). The answers are dropped
        (the server reads the table again); ValueError when the board did not send the same
        bytes as before."""
        for cycle, data in inputs:
            if cycle > self.emu.cycle:
                self.emu.run(cycle - self.emu.cycle)
            self.journal.append((self.emu.cycle, data))
            self.emu.type(data)
            self._took()
        if saved and saved["cycle"] > self.emu.cycle:
            self.emu.run(saved["cycle"] - self.emu.cycle)
        self._took()
        self.saved = len(self.journal)
        if saved and (self.sent, self.sent_hash.hexdigest()) != (saved["sent"],
                                                                 saved["sent_hash"]):
            raise ValueError(f"the replayed RTL sent {self.sent} bytes, not the "
                             f"{saved['sent']} it sent before: it did not reach the saved "
                             "state")

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
    settle = 0.05               # its boot text comes at once, within start()

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
        self.blinds = (small_blind, big_blind)
        self.settings = {"players": players, "seed": seed, "stack": stack,
                         "small_blind": small_blind, "big_blind": big_blind}
        self.name = f"the golden table (deck seed {seed})"
        self.lock = threading.Lock()
        self.observers = []     # called as f(key, answer) after every byte (tests)

    kind = "golden"

    def config(self):
        return {"kind": self.kind, **self.settings}

    def save(self):
        from .snapshot import golden_state
        with self.lock:
            return golden_state(self)

    def restore(self, saved, inputs=()):
        from .snapshot import restore_golden
        if saved:
            restore_golden(self, saved)

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
