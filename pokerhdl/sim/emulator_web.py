"""`pokerhdl emulate TOP --web [HOST:]PORT`: a board top on a web page. The page
(board_page/: plain HTML, CSS and JavaScript modules, no build step) draws what the board has,
from its board table: the 7-segment digits segment by segment, the LEDs, the switches and
buttons (click them, or key them as on the terminal screen), the reset button, the serial
terminal (type into it) and a VGA top's monitor on a canvas, pixel for pixel. The model runs
on the host (board_session.py); the page is served as every pokerhdl page is
(pokerhdl/web/serving.py), its WebSocket on /socket.

The page answers at once, before the model is built: until it is, each page is sent a
``building`` message a second (the top, the seconds so far, the last build's), and the page
says so; then, as always, the server sends a ``board`` message (what the top has),
then a ``state`` message whenever something a page shows changed (and every STATE_EVERY_S for
the clock), with the bytes the UART sent since the page's last one in ``out``; and the
monitor's changed rows as binary messages (monitor_frames.py), only when a pixel changed. Each
page is sent the newest state when it is ready for it, and a picture only while it has fewer
than IN_FLIGHT to draw (it answers {"op": "drawn"} for each): a slow page skips states and
pictures, it never falls behind the board. The page sends commands
(board_session.BoardSession.command); a refused one is answered {"op": "refused", "reason":
...}. Messages are not compressed by the WebSocket: the
pictures are deflated already and the states are short.
"""

import asyncio
import json
import sys
import time
from pathlib import Path

from ..web import serving
from .board_session import BoardSession
from .monitor_frames import encode

PAGE = Path(__file__).with_name("board_page")
MAX_MESSAGE = 4096
MAX_PAGES = 8
STATE_EVERY_S = 0.25
CLOCK_FIELDS = ("cycle", "speed", "frames")
IN_FLIGHT = 2                   # monitor messages a page may have to draw: then it skips pictures


class PageFeed:
    """What one page has been sent: its last state, how far into the output, its picture."""

    def __init__(self, ws, session):
        self.ws, self.session = ws, session
        self.wake = asyncio.Event()
        self.shown, self.shown_at = None, float("-inf")
        self.output_at = 0
        self.pixels, self.picture = None, None
        self.drawing = 0                # monitor messages sent, not yet drawn by the page

    async def feed(self):
        from websockets.exceptions import ConnectionClosed
        try:
            await self.ws.send(json.dumps({"op": "board", **self.session.describe()}))
            while True:
                await self.send_news()
                # the others' turn (an Event already set does not yield, and a picture that
                # changes every chunk would keep the loop here: no click read, no other page)
                await asyncio.sleep(0)
                await self.wake.wait()
                self.wake.clear()
        except ConnectionClosed:
            pass

    async def send_news(self):
        state, pixels, picture = self.session.snapshot()
        out, self.output_at = self.session.output_since(self.output_at)
        shown = {k: v for k, v in state.items() if k not in CLOCK_FIELDS}
        now = asyncio.get_running_loop().time()
        if out or shown != self.shown or now - self.shown_at >= STATE_EVERY_S:
            self.shown, self.shown_at = shown, now
            await self.ws.send(json.dumps({"op": "state", **state, "out": out.decode("latin-1")}))
        if pixels is not None and picture != self.picture and self.drawing < IN_FLIGHT:
            # off the event loop (numpy and zlib let go of the GIL): a picture that changes
            # everywhere takes tens of ms, and the loop reads the pages' clicks meanwhile
            message = await asyncio.to_thread(encode, self.pixels, pixels, picture)
            self.pixels, self.picture = pixels, picture
            if message:
                self.drawing += 1
                await self.ws.send(message)

    async def read(self):
        from websockets.exceptions import ConnectionClosed
        try:
            async for raw in self.ws:
                try:
                    msg = one_object(raw)
                    if msg.get("op") == "drawn":            # a monitor message drawn
                        self.drawing = max(0, self.drawing - 1)
                        self.wake.set()
                    else:
                        self.session.command(msg)
                except ValueError as exc:
                    await self.ws.send(json.dumps({"op": "refused", "reason": str(exc)}))
        except ConnectionClosed:
            pass


class Building:
    """A board whose model is still being built: ``ready(session)`` or ``failed(why)`` ends
    it; meanwhile its pages are told so (``message``) once a second."""

    def __init__(self, top, expected=None):
        self.top, self.expected = top, expected
        self.started = time.monotonic()
        self.done = asyncio.Event()
        self.session, self.error = None, None

    def message(self):
        return {"op": "building", "top": self.top, "expected": self.expected,
                "seconds": round(time.monotonic() - self.started, 1)}

    def ready(self, session):
        self.session = session
        self.done.set()

    def failed(self, why):
        self.error = why
        self.done.set()

    async def wait(self, ws):
        """The session, once built (None if the build failed), telling ``ws`` meanwhile."""
        while not self.done.is_set():
            await ws.send(json.dumps(self.message()))
            try:
                await asyncio.wait_for(self.done.wait(), 1.0)
            except asyncio.TimeoutError:
                pass
        return self.session


def one_object(raw):
    """The JSON object of a text message, or ValueError."""
    try:
        msg = json.loads(raw) if isinstance(raw, str) else None
    except ValueError:
        msg = None
    if not isinstance(msg, dict):
        raise ValueError("a message is one JSON object")
    return msg


async def start_board_web(session, host="127.0.0.1", port=0, sock=None, allow_hosts=()):
    """Serve the board page for ``session`` (a BoardSession, started or not, or a Building
    whose session comes later); returns the websockets server (close() it) and its port.
    ``allow_hosts``: names the page answers to besides its own (serving.Gate)."""
    loop = asyncio.get_running_loop()
    feeds = set()
    building = session if isinstance(session, Building) else None
    listened = set()

    def wake_all():
        for feed in feeds:
            feed.wake.set()

    def listen(board):
        if id(board) not in listened:
            listened.add(id(board))
            board.listeners.append(lambda: loop.call_soon_threadsafe(wake_all))
    if building is None:
        listen(session)

    async def handler(ws):
        if len(feeds) >= MAX_PAGES:
            await ws.close(1013, f"{MAX_PAGES} pages are open already")
            return
        board = session
        if building is not None:
            board = await building.wait(ws)
            if board is None:
                await ws.close(1011, f"the model was not built: {building.error}"[:120])
                return
            listen(board)
        feed = PageFeed(ws, board)
        feeds.add(feed)
        sender = asyncio.create_task(feed.feed())
        try:
            await feed.read()
        finally:
            feeds.discard(feed)
            sender.cancel()

    return await serving.serve_page(handler, PAGE, host, port, sock, allow_hosts=allow_hosts,
                                    max_size=MAX_MESSAGE,
                                    compression=None, ping_interval=20, ping_timeout=20)


def open_web(args):
    """The listening socket of --web, opened before the model is built, so that a wrong
    address or a port in use is one line and a non-zero exit at once."""
    if args.script is not None or args.screenshot or args.json:
        sys.exit("pokerhdl emulate: --web is the interactive board: not with --script, "
                 "--screenshot or --json")
    try:
        import websockets  # noqa: F401
    except ImportError:
        sys.exit("pokerhdl emulate: --web needs the websockets package: "
                 "pip install 'pokerhdl[web]'")
    try:
        host, port = serving.page_address(args.web)
        return serving.listen(host, port)
    except (ValueError, OSError) as exc:
        sys.exit(f"pokerhdl emulate: --web {exc}")


def run_web(build, top, sock, bridge=None, allow_hosts=(), expected=None):
    """Serve the board's page on ``sock`` at once and build the model meanwhile (``build()``,
    in a thread: an Emulator of ``top``; the pages say "building" until it is ready), then
    until Ctrl-C (or the model fails); ``expected``: the last build's seconds, None when the
    model is cached or never built; ``allow_hosts``: the page's extra names."""
    async def main():
        building = Building(top, expected)
        web, port = await start_board_web(building, sock=sock, allow_hosts=allow_hosts)
        host = sock.getsockname()[0]
        shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
        print(f"{top} on a web page: http://{shown}:{port}/ (on {host}:{port}"
              + (f", {bridge.note}" if bridge else "") + "); Ctrl-C stops",
              file=sys.stderr, flush=True)
        try:
            emu = await asyncio.to_thread(build)
        except (OSError, RuntimeError) as exc:
            building.failed(str(exc))
            web.close()
            sys.exit(f"pokerhdl emulate: {exc}")
        session = BoardSession(emu, bridge)
        building.ready(session)
        session.start()
        try:
            while session.error is None:
                await asyncio.sleep(0.2)
            sys.exit(f"pokerhdl emulate: the model stopped: {session.error}")
        finally:
            web.close()
            session.close()
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
