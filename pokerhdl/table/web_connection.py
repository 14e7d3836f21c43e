"""One browser's WebSocket as a connection of the table server: the same face as the TCP
stream's ``Connection`` (connection.py), so the server serves it with the same code and rules.

A WebSocket message is one protocol message (the line protocol's line, without its newline).
A send never waits, as on TCP: messages queue here and a writer task hands them to the socket;
a browser whose unsent messages (the queue and the socket's buffer) pass ``Limits.backlog``
bytes has fallen behind and is dropped. A message over MAX_LINE bytes is refused whole
(``TOO_LONG``) and the connection stays open; one over ``MAX_SIZE`` is closed by the WebSocket
library itself (close code 1009), as is a text message that is not UTF-8 (1007).
"""

import asyncio
import json
from collections import deque

from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from .connection import TOO_LONG
from .protocol import MAX_LINE

MAX_SIZE = 16 * MAX_LINE        # bytes of a message the library reads at all (then refused)


class WebConnection:
    """A browser's WebSocket (module docstring); ``seat`` and ``watching`` are the server's."""

    def __init__(self, ws, limits):
        self.ws, self.limits = ws, limits
        peer = ws.remote_address
        self.address = peer[0] if peer else "?"
        self.seat = None            # a Seat once joined
        self.watching = False
        self.dropped = None         # why the server dropped it
        self.outbox = deque()       # messages not yet handed to the socket
        self.queued = 0             # their bytes
        self.ending = False         # closing once the outbox is sent
        self.wake = asyncio.Event()
        self.writer = asyncio.get_running_loop().create_task(self._write())

    @property
    def closed(self):
        return self.ending or self.ws.state is not State.OPEN

    def unsent(self):
        transport = self.ws.transport
        return self.queued + (transport.get_write_buffer_size() if transport else 0)

    def send(self, message):
        """Queue one message and return at once; False when the connection is gone (or has
        just been dropped for falling behind)."""
        if self.closed:
            return False
        text = json.dumps(message)          # ASCII: characters are bytes
        self.outbox.append(text)
        self.queued += len(text)
        self.wake.set()
        if self.unsent() > self.limits.backlog:
            self.drop(f"fell behind: more than {self.limits.backlog} bytes unread")
            return False
        return True

    async def _write(self):
        try:
            while self.outbox or not self.ending:
                if not self.outbox:
                    self.wake.clear()
                    await self.wake.wait()
                    continue
                await self.ws.send(self.outbox[0])      # waits only while the socket is full
                self.queued -= len(self.outbox.popleft())
            await self.ws.close()
        except ConnectionClosed:
            pass

    def drop(self, why):
        """Close at once, whatever is unsent."""
        self.dropped = self.dropped or why
        self.ending = True
        self.outbox.clear()
        self.queued = 0
        self.writer.cancel()
        if self.ws.transport:
            self.ws.transport.abort()

    def close(self):
        """Close once what is queued has gone; at once when the browser is not reading."""
        transport = self.ws.transport
        if transport and transport.get_write_buffer_size():
            self.drop("closed with messages unread")
        else:
            self.ending = True
            self.wake.set()

    async def finish(self, timeout=2.0):
        """Close and wait (at most ``timeout`` seconds) until the queued messages are sent:
        a refusal's reason reaches the browser before the socket closes."""
        if not self.ending:
            self.close()
        try:
            await asyncio.wait_for(asyncio.shield(self.writer), timeout)
        except asyncio.TimeoutError:
            self.drop("closed with messages unsent")
        except asyncio.CancelledError:
            if not self.writer.cancelled():
                raise

    async def line(self):
        """The next message (bytes), b"" at the end, or TOO_LONG; asyncio.TimeoutError after
        ``limits.idle`` seconds without a message from a connection that is neither seated
        nor watching."""
        timeout = None if self.seat is not None or self.watching else self.limits.idle
        try:
            data = await asyncio.wait_for(self.ws.recv(), timeout)
        except ConnectionClosed:
            return b""
        raw = data.encode() if isinstance(data, str) else bytes(data)
        return TOO_LONG if len(raw) > MAX_LINE else raw
