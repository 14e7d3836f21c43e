"""One client's TCP stream, and what a client may hold of the server (``Limits``).

A send never waits: the message goes to the connection's transport, which keeps what the socket
does not take yet (asyncio's own write buffer, the connection's output queue); a client whose
unsent messages pass ``Limits.backlog`` bytes has fallen behind and is dropped. So the table
never waits for a client, however slowly it reads. A line is read whole or refused whole (over
MAX_LINE bytes: ``TOO_LONG``, the rest of that line skipped), and a connection that has not yet
joined or started watching is closed after ``Limits.idle`` seconds without a line. How many
connections may be open, in all and from one address, is ``Admission``'s; a full server makes
room for a newcomer by letting a watcher go (``Admission.to_let_go``).
"""

import asyncio
import json
import socket
from collections import Counter
from dataclasses import dataclass

TOO_LONG = object()             # what ``Connection.line`` returns for a line over MAX_LINE


@dataclass
class Limits:
    """What one client may hold of the server (defaults: `pokerhdl serve`'s)."""
    connections: int = 64       # open connections in all
    per_address: int = 8        # open connections from one IP address
    idle: float = 30.0          # seconds a connection not at the table may stay silent
    backlog: int = 256 * 1024   # bytes of messages a client may leave unread
    turn: float = 30.0          # seconds a player has to act, then checks or folds (0: no clock)
    away: float = 120.0         # seconds a seat may be away before it is freed (0: never)


class Connection:
    """One client's stream (module docstring); ``seat`` and ``watching`` are the server's."""

    def __init__(self, reader, writer, limits):
        self.reader, self.writer, self.limits = reader, writer, limits
        peer = writer.get_extra_info("peername")
        self.address = peer[0] if peer else "?"
        sock = writer.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            # each message goes at once (asyncio sets this only on sockets it made itself;
            # without it a second small message waits for the first's ACK, 40 ms on Linux)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.seat = None            # a Seat once joined
        self.watching = False
        self.dropped = None         # why the server dropped it

    @property
    def closed(self):
        return self.writer.is_closing()

    def send(self, message):
        """Queue one message and return at once; False when the connection is gone (or has
        just been dropped for falling behind)."""
        if self.writer.is_closing():
            return False
        self.writer.write(json.dumps(message).encode() + b"\n")
        if self.writer.transport.get_write_buffer_size() > self.limits.backlog:
            self.drop(f"fell behind: more than {self.limits.backlog} bytes unread")
            return False
        return True

    def drop(self, why):
        """Close at once, whatever is unsent."""
        self.dropped = self.dropped or why
        self.writer.transport.abort()

    def close(self):
        """Close once what is queued has gone; at once when the client is not reading it."""
        if self.writer.transport.get_write_buffer_size():
            self.drop("closed with messages unread")
        else:
            self.writer.close()

    async def line(self):
        """The next line the client sends (bytes), b"" at the end of the stream, or TOO_LONG;
        asyncio.TimeoutError after ``limits.idle`` seconds without a line from a connection
        that is neither seated nor watching."""
        skipping = False
        while True:
            timeout = None if self.seat is not None or self.watching else self.limits.idle
            try:
                raw = await asyncio.wait_for(self.reader.readuntil(b"\n"), timeout)
            except asyncio.IncompleteReadError:
                return b""                          # the end (a last unfinished line is lost)
            except asyncio.LimitOverrunError as exc:
                await self.reader.readexactly(exc.consumed)     # in the buffer already
                skipping = True
                continue
            except ConnectionError:
                return b""
            return TOO_LONG if skipping else raw


class Admission:
    """The cap on open connections, in all and per address. A watcher holds its place only
    while nobody else wants it: when the server is full, a newcomer takes the place of the
    watcher from the address that holds the most connections (the longest watching of them).
    So watchers, who never time out, cannot lock out a player who comes back or a newcomer;
    seated players and connections still on their idle clock are never let go."""

    def __init__(self, limits):
        self.limits = limits
        self.held = {}              # connection -> its address, in the order they came

    def per_address(self):
        return Counter(self.held.values())

    def enter(self, conn):
        """None when ``conn`` may stay (it is counted), else the reason it may not; a watcher
        it may replace is the caller's to let go (``to_let_go``) before."""
        if len(self.held) >= self.limits.connections:
            return f"the server is full ({self.limits.connections} connections)"
        if self.per_address()[conn.address] >= self.limits.per_address:
            return f"too many connections from {conn.address} ({self.limits.per_address})"
        self.held[conn] = conn.address
        return None

    def to_let_go(self, newcomer):
        """The watcher whose place ``newcomer`` takes on a full server, else None."""
        counts = self.per_address()
        if len(self.held) < self.limits.connections or \
                counts[newcomer.address] >= self.limits.per_address:
            return None
        watchers = [c for c in self.held if c.watching and c.seat is None]
        return max(watchers, key=lambda c: counts[c.address], default=None)   # first: oldest

    def leave(self, conn):
        self.held.pop(conn, None)
