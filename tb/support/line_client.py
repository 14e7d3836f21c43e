"""A client of `pokerhdl serve`'s line protocol on a plain blocking socket, for the tests and
the table's figures (tb/host/test_table_hostile.py, tb/bench_table.py): a client that misbehaves
misbehaves for real (it does not read, it never sends a newline, ...)."""

import json
import socket
import time


def free_port():
    """A port of 127.0.0.1 nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Client:
    """A blocking socket speaking the protocol; every line it receives is kept (``lines``)."""

    def __init__(self, port, source="127.0.0.1", rcvbuf=None, timeout=3.0):
        self.sock = socket.socket()
        if rcvbuf:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)   # lines go at once
        self.sock.bind((source, 0))
        self.sock.settimeout(timeout)
        self.sock.connect(("127.0.0.1", port))
        self.buffer = b""
        self.lines = []
        self.token = self.seat = None

    def send(self, message):
        raw = message if isinstance(message, bytes) else json.dumps(message).encode()
        self.sock.sendall(raw + b"\n")

    def receive(self, timeout=2.0):
        """The next message, or None when the server closed the connection."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            self.sock.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                data = self.sock.recv(65536)
            except (ConnectionResetError, BrokenPipeError):
                data = b""
            if not data:
                return None
            self.buffer += data
        raw, self.buffer = self.buffer.split(b"\n", 1)
        self.lines.append(raw)
        return json.loads(raw)

    def until(self, wanted, timeout=2.0):
        deadline = time.monotonic() + timeout
        while True:
            msg = self.receive(max(0.01, deadline - time.monotonic()))
            assert msg is not None, "the server closed the connection"
            if wanted(msg):
                return msg

    def join(self, name=None, timeout=2.0, **fields):
        self.send({"op": "join", **({"name": name} if name else {}), **fields})
        welcome = self.until(lambda m: m["type"] in ("welcome", "refused"), timeout)
        if welcome["type"] == "welcome":
            self.token, self.seat = welcome.get("token"), welcome.get("seat")
        return welcome

    def timed(self, message, wanted, timeout=10.0):
        """Seconds from sending ``message`` to the message ``wanted`` picks, and that."""
        t0 = time.perf_counter()
        self.send(message)
        msg = self.until(wanted, timeout)
        return time.perf_counter() - t0, msg

    def drain(self):
        """Read past whatever has come so far (50 ms of quiet)."""
        try:
            while self.receive(0.05) is not None:
                pass
        except socket.timeout:
            pass

    def closed_by_server(self, timeout=2.0):
        """Whether the server closed the connection (reading what it sent before)."""
        try:
            while self.receive(timeout) is not None:
                pass
            return True
        except socket.timeout:
            return False

    def close(self):
        self.sock.close()
