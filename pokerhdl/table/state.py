"""`pokerhdl serve --state FILE`: what the table server keeps so that it keeps its word across
a crash. A server killed at any moment (SIGKILL) and started again with the same file seats
everyone again by their tokens and the hand goes on.

One SQLite file (Python's sqlite3; WAL, synchronous FULL, created 0600): the seats with their
players' names and token hashes (SHA-256: a token is 128 random bits, so a slow hash would add
nothing; the server never writes a token itself), the public table as the server read it
(stacks, hand number, bets, whose turn), what the table itself needs to go on (the link's
``save``: the golden table's whole state, the emulator's inputs, nothing for a board), the hand
in play as recorded for its history, and the finished hands' files not yet written. It is
written in one transaction after every move of the table and every seat taken or freed, before
anyone is told of it: what a client was told is on disk; what was not committed never
happened for anyone (its sender's request simply gets no answer and is sent again).
"""

import hashlib
import json
import os
import sqlite3
import stat
from dataclasses import asdict
from pathlib import Path

from .history import HandRecorder, HistoryFolder, session_name
from .view import Seat as ViewSeat, TableView

FORMAT = 1
SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS seats (seat INTEGER PRIMARY KEY, token_hash TEXT, name TEXT);
CREATE TABLE IF NOT EXISTS inputs (n INTEGER PRIMARY KEY, cycle INTEGER NOT NULL,
                                   data BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS outbox (name TEXT PRIMARY KEY, text TEXT NOT NULL);
"""


def token_hash(token):
    """What is kept of a seat's token (and compared with the one a client sends)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def history_beside(path):
    """The history folder `--state FILE` writes to by default: FILE's name with -hands."""
    path = Path(path)
    return path.with_name(path.stem + "-hands")


class StateFile:
    """The SQLite file (module docstring): ``load`` and ``save`` (one transaction)."""

    def __init__(self, path):
        self.path = Path(path)
        if not self.path.exists():
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            os.close(fd)
        elif stat.S_IMODE(self.path.stat().st_mode) & 0o077:
            os.chmod(self.path, 0o600)          # its token hashes and cards: the owner's only
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.executescript(SCHEMA)
        except sqlite3.DatabaseError as exc:
            self.db.close()
            raise ValueError(f"{self.path} is not a table server's state file: {exc}") \
                from None

    def load(self):
        """{meta key: value}, seats [(seat, hash, name)], inputs [(cycle, bytes)], outbox
        {name: text}; an empty meta for a new file."""
        meta = {k: json.loads(v) for k, v in self.db.execute("SELECT key, value FROM meta")}
        seats = list(self.db.execute("SELECT seat, token_hash, name FROM seats ORDER BY seat"))
        inputs = [(c, bytes(d)) for c, d in
                  self.db.execute("SELECT cycle, data FROM inputs ORDER BY n")]
        outbox = dict(self.db.execute("SELECT name, text FROM outbox"))
        return meta, seats, inputs, outbox

    def save(self, meta, seats, inputs=(), outbox=None):
        """One transaction: the meta values, every seat, inputs appended, files to write."""
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                           [(k, json.dumps(v)) for k, v in meta.items()])
            db.execute("DELETE FROM seats")
            db.executemany("INSERT INTO seats VALUES (?, ?, ?)", seats)
            db.executemany("INSERT INTO inputs (cycle, data) VALUES (?, ?)", inputs)
            db.executemany("INSERT OR REPLACE INTO outbox VALUES (?, ?)",
                           (outbox or {}).items())
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def written(self, names):
        """The outbox's files are on disk: forget them."""
        if names:
            self.db.executemany("DELETE FROM outbox WHERE name = ?", [(n,) for n in names])

    def close(self):
        self.db.close()


def saved_table(path):
    """The table a state file was made for (its link's config), or None for a new file."""
    if not Path(path).exists():
        return None
    store = StateFile(path)
    try:
        meta = store.load()[0]
    finally:
        store.close()
    return meta.get("link")


def view_state(view):
    return {**asdict(view), "shown": {str(k): v for k, v in view.shown.items()},
            "faced": {str(k): v for k, v in view.faced.items()}}


def restore_view(view, state):
    for name, value in state.items():
        if name == "seats":
            value = [ViewSeat(**s) for s in value]
        elif name == "shown":
            value = {int(k): tuple(v) for k, v in value.items()}
        elif name == "faced":
            value = {int(k): v for k, v in value.items()}
        setattr(view, name, value)


def _public(view):
    """What must match between the saved table and the one read back after a restart."""
    p = view.public()
    return {k: p[k] for k in ("hand", "street", "pot", "board", "to_act", "phase", "seats")}


class TableState:
    """The server's side of `--state` and `--history` (either may be None): ``open`` before
    the link starts, ``seat`` once the seats are known, ``line`` for each line of the table,
    ``save`` after each move (server.py calls them)."""

    def __init__(self, path=None, history=None, log=print):
        self.file = StateFile(path) if path else None
        self.history_path = history
        self.log = log
        self.folder = None
        self.recorder = None
        self.outbox = {}            # finished hands' files, not yet committed
        self.serial = 0             # hands finished, for the files' names
        self.meta = {}
        self.seats = []
        self.saved_view = None
        self.players = None         # the offered seats when the file was made

    def open(self, server):
        """Bring the link and the view to the saved state (before the link starts)."""
        link = server.link
        outbox, inputs = {}, []
        if self.file:
            self.meta, self.seats, inputs, outbox = self.file.load()
        config = link.config()
        if self.meta:
            if self.meta.get("format") != FORMAT:
                raise ValueError(f"{self.file.path}: state format {self.meta.get('format')}"
                                 f", this server reads {FORMAT}")
            if self.meta["link"] != config:
                raise ValueError(f"{self.file.path} is the state of another table "
                                 f"({self.meta['link']}), not {config}")
            link.restore(self.meta.get("link_state"), inputs)
            restore_view(server.view, self.meta["view"])
            self.saved_view = _public(server.view)
            self.serial = self.meta["serial"]
            self.players = self.meta["players"]
        session = self.meta.get("session") or session_name()
        self.meta.update(format=FORMAT, link=config, session=session)
        if self.history_path:
            self.folder = HistoryFolder(self.history_path, session)
            self.recorder = HandRecorder(server.view, lambda: [s.name for s in server.seats],
                                         self._finished, getattr(link, "blinds", None))
            self.recorder.restore(self.meta.get("recorder") or {})
        if outbox and self.history_path:    # finished before the crash, files not yet made
            self._write(outbox)
        elif outbox:
            self.file.written(list(outbox))

    def seat(self, server):
        """Give the saved players their seats back (tokens by hash, names); returns those
        seats. Then check that the table read back is the one saved: a board that moved
        while the server was down leaves a hand that cannot be recorded exactly."""
        back = []
        for index, digest, name in self.seats:
            if index < len(server.seats) and digest and not server.seats[index].house:
                seat = server.seats[index]
                seat.token, seat.name = digest, name
                back.append(seat)
        if self.saved_view is not None and _public(server.view) != self.saved_view:
            self.log("the table is not where the state file left it (it went on while the "
                     "server was down): the hand in play is left out of the history")
            if self.recorder:
                self.recorder.gap("the server was down while the table moved")
        return back

    def line(self, kind, m):
        if self.recorder and kind:
            self.recorder.line(kind, m)

    def _finished(self, record):
        self.serial += 1
        files = self.folder.files(record, self.serial, self.meta["link"].get("kind"))
        if not files:
            self.log(f"hand {record.get('hand')} is not in the history: {record.get('gap')}")
        self.outbox.update(files)

    def save(self, server):
        """Commit the server's state (one transaction), then write the finished hands."""
        if self.file:
            self.meta.update(
                view=view_state(server.view), serial=self.serial,
                players=sum(not s.house for s in server.seats),
                recorder=self.recorder.state() if self.recorder else None)
            saved = server.link.save()
            inputs = []
            if saved and "inputs" in saved:
                inputs = [(c, bytes.fromhex(d)) for c, d in saved.pop("inputs")]
            self.meta["link_state"] = saved
            self.file.save(self.meta, [(s.index, s.token, s.name) for s in server.seats
                                       if s.token], inputs, self.outbox)
        if self.outbox:
            self._write(self.outbox)
            self.outbox = {}

    def _write(self, files):
        try:
            self.folder.write(files)
        except OSError as exc:
            self.log(f"could not write the hand history: {exc}")
            return
        if self.file:
            self.file.written(list(files))

    def close(self):
        if self.file:
            self.file.close()
