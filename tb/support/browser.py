"""A real browser for the tests of the table's web page: Debian's Chromium (found, or installed
by `make sim`, as the simulators are: pokerhdl/flow/toolchain.py) driven by PyPI's playwright
(the test extra; its driver only, never `playwright install`). A missing browser or driver is a
failure with what to install, never a skip, as a missing simulator is.

``Seat``: one browser page (a context of its own, so its own localStorage: its own token) at a
`pokerhdl serve --web` table, keeping every WebSocket frame it received, and reading the page
back from the DOM's data attributes (pokerhdl/table/page/render.js).
"""

import asyncio

from pokerhdl.flow.toolchain import locate

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1100, "height": 760}

# the page read back: what the tests compare with the golden table, and the page's text
# without the log of past hands (public then, and a card shown then may be in a hole now)
READ = """() => {
  const q = (s, el = document) => el.querySelector(s);
  const qa = (s, el = document) => [...el.querySelectorAll(s)];
  const cards = (el) => qa(".card[data-card]", el).map((c) => c.dataset.card);
  const root = q("#table");
  const body = document.body.cloneNode(true);
  body.querySelectorAll("#log li.past").forEach((li) => li.remove());
  const number = (name) => root.hasAttribute(name) ? Number(root.getAttribute(name)) : null;
  return {
    received: number("data-received"), phase: root.dataset.phase || null,
    hand: number("data-hand"), to_act: number("data-to-act"), you: number("data-you"),
    board: cards(q("#board")), pot: Number(q("#pot").dataset.value), hole: cards(q("#hole")),
    seats: qa("#seats .seat").map((el) => ({
      stack: Number(q(".stack", el).dataset.value), bet: Number(q(".bet", el).dataset.value),
      status: el.dataset.status, acting: el.hasAttribute("data-acting"),
      dealer: el.hasAttribute("data-dealer"), away: el.hasAttribute("data-away"),
      cards: cards(q(".cards", el)), name: q(".name", el).textContent})),
    turn: q("#turn").textContent, note: q("#note").textContent, clock: root.dataset.clock,
    joining: !q("#join").hidden, link: q("#link").dataset.link,
    actions: qa("#actions [data-action]").filter((b) => !b.closest("[hidden]"))
      .map((b) => b.dataset.action),
    text: body.innerHTML,
  };
}"""

# click (or key) to the frame that shows its effect, measured in the page: from the last
# click or keydown to the table's new state in the DOM, and to the animation frame after it;
# and when the table was first drawn (ms since the page was opened)
TIMING = """(() => {
  const t = window.__timing = { t0: null, last: null, dom: null, shown: null };
  const start = () => { t.t0 = performance.now(); t.last = t.dom = null; };
  addEventListener("click", start, true);
  addEventListener("keydown", start, true);
  addEventListener("DOMContentLoaded", () => {
    new MutationObserver(() => {
      if (t.t0 === null) return;
      const t0 = t.t0;
      t.t0 = null;
      t.dom = performance.now() - t0;
      requestAnimationFrame(() => { t.last = performance.now() - t0; });
    }).observe(document.querySelector("#table"), { attributeFilter: ["data-received"] });
    new MutationObserver(() => {
      if (t.shown === null) t.shown = performance.now();
    }).observe(document.querySelector("#table"), { attributeFilter: ["hidden"] });
  });
})();"""


def chromium():
    """The system's Chromium, or RuntimeError saying how to get it."""
    path, _ = locate("chromium")
    if path is None:
        raise RuntimeError("Chromium not found: `make sim` installs Debian's chromium when it "
                           "may (pokerhdl/flow/toolchain.py ensure); else apt-get install "
                           "chromium")
    return str(path)


async def launch(playwright_context):
    return await playwright_context.chromium.launch(executable_path=chromium())


def playwright():
    """playwright's async entry point, or RuntimeError saying how to get it."""
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        raise RuntimeError("playwright (the browser driver) is missing: pip install -e "
                           "'.[test]'") from None
    return async_playwright()


class Seat:
    """One browser page at the table (module docstring). ``frames``: every WebSocket message
    it received, through every page it opened."""

    def __init__(self, browser, url, name=None, viewport=DESKTOP):
        self.browser, self.url, self.name, self.viewport = browser, url, name, viewport
        self.frames = []
        self.sent = []
        self.seat = None
        self.context = self.page = None
        self.errors = []

    async def open(self):
        """Open the page (a new one in the same context: the token is kept)."""
        if self.context is None:
            self.context = await self.browser.new_context(viewport=self.viewport)
            await self.context.add_init_script(TIMING)
        self.page = await self.context.new_page()
        self.page.on("websocket", self._socket)
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        await self.page.goto(self.url)
        await self.page.wait_for_selector("#table:not([hidden])")
        return self

    def _socket(self, ws):
        ws.on("framereceived", lambda payload: self.frames.append(payload))
        ws.on("framesent", lambda payload: self.sent.append(payload))

    async def join(self):
        await self.page.fill("#name", self.name)
        await self.page.click("#join button[type=submit]")
        await self.page.wait_for_selector("#table[data-you]")
        self.seat = (await self.read())["you"]
        return self.seat

    async def read(self):
        return await self.page.evaluate(READ)

    async def delay(self):
        """Seconds from the last click or key to its effect in the DOM and to the frame
        showing it, or None (no effect yet)."""
        dom, frame = await self.page.evaluate("[window.__timing.dom, window.__timing.last]")
        return None if frame is None else (dom / 1000, frame / 1000)

    async def close_page(self):
        await self.page.close()
        self.page = None

    async def close(self):
        if self.context:
            await self.context.close()


async def settled(server, seats, timeout=10.0):
    """The seats' pages once each shows the last state the server broadcast (``broadcasts``,
    counted by ``count_broadcasts``) and the table is quiet; returns their reads."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        if not server.lock.locked():
            reads = [await s.read() for s in seats]
            if not server.lock.locked() and all(
                    r["received"] is not None and r["received"] >= server.broadcasts
                    for r in reads):
                return reads
        if loop.time() > deadline:
            raise AssertionError(f"the pages did not show the table's state "
                                 f"{server.broadcasts} within {timeout} s")
        await asyncio.sleep(0.01)


def count_broadcasts(server):
    """Keep, on the server, the bytes received by the time of its last broadcast."""
    server.broadcasts = 0
    broadcast = server.broadcast

    def counting():
        server.broadcasts = server.received
        broadcast()
    server.broadcast = counting
