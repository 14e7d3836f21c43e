"""A board top's page (`pokerhdl emulate TOP --web`: pokerhdl/sim/emulator_web.py) in a real
browser, for its tests and its bench: tb/support/browser.py's Chromium driven by playwright.

``served(emu)`` runs a BoardSession for ``emu`` (an Emulator, or the fake board) and its page
on a free port; ``BoardPage`` is one browser page on it: clicks and keys as a person gives
them, the board read back from the DOM's data attributes (board_page/board.js) and the
monitor's canvas read back pixel for pixel (getImageData) as 12-bit colours.
"""

import asyncio
import base64
import contextlib

import numpy

from browser import DESKTOP, launch, playwright

from pokerhdl.sim.board_session import BoardSession
from pokerhdl.sim.emulator import CHARACTER
from pokerhdl.sim.emulator_ui import TextPane
from pokerhdl.sim.emulator_web import start_board_web
from pokerhdl.sim.monitor_frames import HEADER

# the board as the page shows it: each element's own attribute, not a summary
READ = """() => {
  const q = (s) => document.querySelector(s);
  const qa = (s, el = document) => [...el.querySelectorAll(s)];
  const bits = (els, on) => els.reduce((v, el) => v | (on(el) ? 1 << el.dataset.index : 0), 0);
  return {
    received: Number(q("#page").dataset.received || 0), focus: q("#page").dataset.focus,
    digits: qa("#display .digit").map((d) => [Number(d.dataset.segments), Number(d.dataset.dot),
      qa(".seg.on", d).map((s) => s.dataset.seg || "dp").sort().join("")]),
    leds: bits(qa("#leds .led"), (el) => el.hasAttribute("data-on")),
    switches: bits(qa("#switches .switch"), (el) => el.getAttribute("aria-checked") === "true"),
    held: qa("#buttons .button[data-held]").map((b) => b.dataset.button),
    pressing: q("#buttons").hasAttribute("data-pressing"),
    terminal: q("#terminal").textContent, bytes: Number(q("#terminal").dataset.bytes),
    picture: q("#monitor").dataset.picture ?? null, note: q("#note").textContent,
    parts: { digits: qa("#display .digit").length, leds: qa("#leds .led").length,
      switches: qa("#switches .switch").length,
      buttons: qa("#buttons .button").map((b) => b.dataset.button),
      reset: !q("#reset").hidden, terminal: !q("#serial").hidden, monitor: !q("#screen").hidden },
    labels: [...qa("#buttons .button"), q("#reset")].map((b) => b.firstChild.textContent.trim()),
  };
}"""

# the canvas as 12-bit colours (base64 of little-endian 16-bit words); a pixel whose channels
# are not 4-bit values times 17 reads 0xF000
CANVAS = """() => {
  const c = document.querySelector("#monitor");
  const rgba = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
  const out = new Uint16Array(c.width * c.height);
  for (let i = 0; i < out.length; i++) {
    const [r, g, b, a] = rgba.subarray(4 * i, 4 * i + 4);
    out[i] = (r % 17 || g % 17 || b % 17 || a !== 255) ? 0xf000
      : (r / 17) << 8 | (g / 17) << 4 | b / 17;
  }
  const bytes = new Uint8Array(out.buffer);
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return [c.width, c.height, btoa(text)];
}"""


def display_text(digits):
    """The digits as the page draws them (the lit segments, a to g and dp), read as the
    emulator's display_text reads the board's ('8.' for a lit dot); a digit whose drawing
    disagrees with its data attributes reads '!'."""
    text = ""
    for segments, dot, lit in digits:
        drawn = sum(1 << "abcdefg".index(s) for s in lit if s != "dp")
        if (drawn, "dp" in lit) != (segments, bool(dot)):
            return text + "!"
        text += CHARACTER.get(drawn, "?") + ("." if "dp" in lit else "")
    return text


@contextlib.asynccontextmanager
async def served(emu, chunk_s=None):
    """(the session, the page's URL) of ``emu`` served on a free port, clocking."""
    session = BoardSession(emu) if chunk_s is None else BoardSession(emu, chunk_s=chunk_s)
    web, port = await start_board_web(session)
    session.start()
    try:
        yield session, f"http://127.0.0.1:{port}/"
    finally:
        web.close()
        session.close()
        await web.wait_closed()
        if session.error:
            raise session.error


async def on_board(session, fn):
    """``fn(emu)`` run in the board's thread between two chunks (the model is not to be read
    while it clocks); its result."""
    return await asyncio.wrap_future(session.call(fn))


async def until(check, timeout, what, every=0.05, detail=None):
    """Poll the coroutine function ``check`` until it returns a true value (returned), or
    fail after ``timeout`` s with ``what`` (and ``detail()``: what was seen instead)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        got = await check()
        if got:
            return got
        if loop.time() > deadline:
            raise AssertionError(f"{what}: not within {timeout} s"
                                 + (f"; {detail()}" if detail else ""))
        await asyncio.sleep(every)


async def quiet(session, quiet_ms=3.0, timeout=60.0):
    """Until the board's UART has been silent for ``quiet_ms`` of the board's time, with no
    press in progress and no key still being sent to it (as Emulator.run_until_quiet)."""
    clocks = quiet_ms * session.emu.clk_hz / 1000
    since = [None, 0]                                   # (the output's end, the clock it came)

    async def check():
        cycle, busy = await on_board(session, lambda emu: (emu.cycle,
                                                           emu.pressing or emu.rx_busy()))
        end = session.output_since(1 << 62)[1]
        if busy or end != since[0]:
            since[:] = [end, cycle]
            return False
        return cycle - since[1] >= clocks
    await until(check, timeout, "the board quiet", every=0.02)


class BoardPage:
    """One Chromium page at a board (module docstring); ``binary``: (bytes, rows) of each
    monitor message it received."""

    def __init__(self, browser, url, viewport=DESKTOP, frames=True):
        self.browser, self.url, self.viewport = browser, url, viewport
        self.page, self.errors, self.binary = None, [], []
        self.frames = frames            # keep the messages' sizes (the driver copies each)

    async def open(self):
        self.page = await self.browser.new_page(viewport=self.viewport)
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        if self.frames:
            self.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        await self.page.goto(self.url)
        await self.page.wait_for_selector("#page:not([hidden])")
        await until(self.read, 10, "the first state")
        return self

    def _frame(self, payload):
        if isinstance(payload, bytes):
            self.binary.append((len(payload), HEADER.unpack_from(payload)[3]))

    async def read(self):
        got = await self.page.evaluate(READ)
        got["text"] = display_text(got["digits"])
        return got if got["received"] else None

    async def canvas(self):
        width, height, packed = await self.page.evaluate(CANVAS)
        return numpy.frombuffer(base64.b64decode(packed), "<u2").reshape(height, width)

    async def shows(self, want, timeout, what):
        """Wait until the canvas is ``want`` (rows of 12-bit colours) pixel for pixel."""
        want = numpy.asarray(want, dtype=numpy.uint16)
        wrong = [None]

        async def alike():
            wrong[0] = int((await self.canvas() != want).sum())
            return wrong[0] == 0
        await until(alike, timeout, what, every=0.25,
                    detail=lambda: f"{wrong[0]} pixels differ from the golden frame")

    async def key(self, *keys):
        for key in keys:
            await self.page.keyboard.press(key)

    async def type(self, text):
        await self.page.keyboard.type(text)

    async def click(self, selector):
        await self.page.click(selector)

    async def focus(self, where):
        """Tab until the keys go to ``where`` (board or terminal), as a person does."""
        for _ in range(2):
            if (await self.read())["focus"] == where:
                return
            await self.key("Tab")
        raise AssertionError(f"Tab did not move the keys to the {where}")


@contextlib.asynccontextmanager
async def browser():
    async with playwright() as p:
        chromium = await launch(p)
        try:
            yield chromium
        finally:
            await chromium.close()


def run(coroutine, limit=120):
    return asyncio.run(asyncio.wait_for(coroutine, limit))


def pane_of(data):
    pane = TextPane()
    pane.feed(data)
    return "\n".join(pane.lines)
