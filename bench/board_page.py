"""A board top's web page in figures; `make bench` records them (section board-page),
or alone:

    python -m bench.board_page                          # all, as tables
    python -m bench.board_page --part fake --json
    python -m bench.board_page --part screenshots       # docs/web_board_*.png

``weight``: the bytes of the page's files as served (each, gzipped when the browser asks).
``fake``: the page and its server alone (the fake board, tb/support/fake_board.py, no Verilator): a
click on a switch to the switch and its LED drawn; the monitor when every chunk changes the
picture (a 16-row band moving, and every pixel at random): pictures drawn a second, bytes a
message.
``emulated``: `pokerhdl emulate TOP --web` in a process of its own, as a person runs it:
basys3_holdem, a key to the first byte of its answer and to the whole answer in the page's
terminal; nexys_a7_balatro, a click on a button to the first changed pixels on the canvas and
to the last (the whole new frame), the monitor's frames a second (the board's frame count the
page receives), the bytes of the monitor messages.
``screenshots``: the page of basys3_holdem after a deal, and of nexys_a7_balatro after a deal.
"""

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tb" / "support"), str(ROOT)]

from bench.table_server import ms  # noqa: E402
from bench.table_page import files_table, run_parts, small  # noqa: E402
from board_browser import BoardPage, browser, served, until  # noqa: E402
from fake_board import FakeBoard  # noqa: E402
from line_client import free_port  # noqa: E402
from pokerhdl.sim.emulator_web import PAGE  # noqa: E402
from pokerhdl.web.serving import page_files  # noqa: E402

# click (the element's own click(), timed in the page) to ``attribute`` of ``target`` changing,
# and to the animation frame after it: seconds
CLICK = """async ([selector, target, attribute]) => {
  const el = document.querySelector(target);
  const before = el.getAttribute(attribute);
  const t0 = performance.now();
  const seen = new Promise((done) => {
    const watch = new MutationObserver(() => {
      if (el.getAttribute(attribute) === before) return;
      watch.disconnect();
      const dom = performance.now() - t0;
      requestAnimationFrame(() => done([dom / 1000, (performance.now() - t0) / 1000]));
    });
    watch.observe(el, { attributes: true, attributeFilter: [attribute] });
  });
  document.querySelector(selector).click();
  return await seen;
}"""


def weight():
    return [{"file": url, "bytes": len(body), "gzip": len(packed)}
            for url, (_, body, packed) in sorted(page_files(PAGE).items())]


def band(fake):
    """A picture with a 16-row white band that moves down 16 rows every chunk."""
    import numpy
    pixels = numpy.full((480, 640), 0x052, dtype=numpy.uint16)
    row = fake.cycle // 2_000_000 * 16 % 480
    pixels[row:row + 16] = 0xFFF
    return pixels


def noise(fake):
    import numpy
    return numpy.random.default_rng(fake.cycle).integers(0, 4096, (480, 640), dtype=numpy.uint16)


async def monitor_rate(picture, seconds=5.0):
    async with served(FakeBoard(picture=picture)) as (session, url), browser() as chromium:
        page = await BoardPage(chromium, url, frames=False).open()
        await asyncio.sleep(1.0)
        read = "[performance.now(), window.__monitor.pictures, window.__monitor.bytes]"
        before = await page.page.evaluate(read)
        await asyncio.sleep(seconds)
        after = await page.page.evaluate(read)
        pictures = after[1] - before[1]
        return {"per_second": pictures / (after[0] - before[0]) * 1000,
                "bytes": (after[2] - before[2]) / pictures, "chunks_per_second": 1 / session.chunk_s}


async def fake_clicks(count=40):
    async with served(FakeBoard()) as (session, url), browser() as chromium:
        page = await BoardPage(chromium, url).open()
        times = [await page.page.evaluate(CLICK, ["#switches [data-index='0']", "#leds",
                                                  "data-value"]) for _ in range(count)]
        return times


def fake():
    clicks = asyncio.run(fake_clicks())
    dom, shown = sorted(d for d, _ in clicks), sorted(f for _, f in clicks)
    return {"clicks": len(clicks), "dom_median": statistics.median(dom), "dom_worst": dom[-1],
            "median": statistics.median(shown), "worst": shown[-1],
            "band": asyncio.run(monitor_rate(band)), "noise": asyncio.run(monitor_rate(noise))}


class Emulating:
    """`pokerhdl emulate TOP --web PORT` in a process of its own (the model built already, or
    built now: minutes)."""

    def __init__(self, top):
        self.port = free_port()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "pokerhdl", "emulate", top, "--web", str(self.port)],
            stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=ROOT,
            env=dict(os.environ, PYTHONUNBUFFERED="1", PYTHONPATH=str(ROOT)))
        while "on a web page" not in (line := self.proc.stderr.readline()):
            if not line:
                raise SystemExit(f"pokerhdl emulate {top} --web did not start")
        threading.Thread(target=self.proc.stderr.read, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.ready()

    def ready(self, timeout=600):
        """Wait until the model is built: the page answers at once, saying "building", and
        sends the board when it is ready (emulator_web.Building)."""
        from websockets.sync.client import connect
        with connect(f"ws://127.0.0.1:{self.port}/socket", open_timeout=30) as ws:
            while json.loads(ws.recv(timeout=timeout))["op"] != "board":
                pass

    def close(self):
        self.proc.terminate()
        self.proc.wait(10)


async def last_change(page, since=0, quiet_s=3.0, timeout=60.0):
    """The page's time (ms) of the last monitor message before ``quiet_s`` without one, once
    more than ``since`` messages were drawn."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        now, shown = await page.page.evaluate("[performance.now(), window.__monitor.shown]")
        if shown and shown[-1][3] > since and now - shown[-1][0] > quiet_s * 1000:
            return shown[-1][0]
        await asyncio.sleep(0.2)
    raise SystemExit("the monitor did not settle")


async def drawn_count(page):
    return await page.page.evaluate("window.__monitor.messages")


async def holdem_keys(url, count=5):
    """A key typed into the terminal to the first byte of its answer, and to its last."""
    rows = []
    async with browser() as chromium:
        page = await BoardPage(chromium, url).open()
        await page.type("t")                                    # the first answer: warm
        await asyncio.sleep(3)
        for _ in range(count):
            before = (await page.read())["bytes"]
            t0 = time.perf_counter()
            await page.type("t")

            async def began():
                return (await page.read())["bytes"] > before
            await until(began, 30, "the answer's first byte", every=0.01)
            first = time.perf_counter() - t0
            got = [before, time.perf_counter()]

            async def ended():
                now = (await page.read())["bytes"]
                if now != got[0]:
                    got[:] = [now, time.perf_counter()]
                return time.perf_counter() - got[1] > 1.5
            await until(ended, 60, "the answer's end", every=0.01)
            rows.append((first, got[1] - t0, got[0] - before))
    return rows


async def balatro_presses(url, count=4):
    """A click on a button to the first and the last changed pixels of its move; frames/s."""
    rows = []
    async with browser() as chromium:
        page = await BoardPage(chromium, url).open()
        await last_change(page)                                 # the title, whole
        for k in range(count):
            button = ("down", "up")[k % 2]                      # sort by suit, by rank
            shown = await drawn_count(page)
            t0 = await page.page.evaluate(
                f"(() => {{ const t = performance.now(); "
                f"document.querySelector('#buttons [data-button={button}]').click(); "
                f"return t; }})()")
            end = await last_change(page, shown)
            drawn = [m for m in await page.page.evaluate("window.__monitor.shown")
                     if m[3] > shown]
            rows.append({"first": (drawn[0][0] - t0) / 1000, "last": (end - t0) / 1000,
                         "messages": len(drawn), "bytes": sum(m[1] for m in drawn)})
        read = "[performance.now(), Number(document.querySelector('#clock').textContent" \
               ".split('frame ')[1])]"
        a = await page.page.evaluate(read)
        await asyncio.sleep(10)
        b = await page.page.evaluate(read)
    return rows, (b[1] - a[1]) / (b[0] - a[0]) * 1000


def emulated():
    figures = {}
    served_top = Emulating("basys3_holdem")
    try:
        keys = asyncio.run(holdem_keys(served_top.url))
    finally:
        served_top.close()
    figures["holdem"] = {"first": statistics.median(k[0] for k in keys),
                         "whole": statistics.median(k[1] for k in keys),
                         "bytes": statistics.median(k[2] for k in keys)}
    served_top = Emulating("nexys_a7_balatro")
    try:
        presses, fps = asyncio.run(balatro_presses(served_top.url))
    finally:
        served_top.close()
    figures["balatro"] = {"first": statistics.median(p["first"] for p in presses),
                          "last": statistics.median(p["last"] for p in presses),
                          "messages": statistics.median(p["messages"] for p in presses),
                          "bytes": statistics.median(p["bytes"] for p in presses),
                          "frames_per_second": fps}
    return figures


async def screenshot_of(url, path, steps):
    async with browser() as chromium:
        page = await BoardPage(chromium, url, {"width": 1280, "height": 860}).open()
        await steps(page)
        await page.page.screenshot(path=str(path), full_page=True)
    small(path)


def screenshots(folder):
    """The pages of basys3_holdem and of nexys_a7_balatro after a deal."""
    taken = {}

    async def holdem(page):
        await asyncio.sleep(2)
        for key in "dh":
            await page.type(key)
            await asyncio.sleep(4)
        await page.focus("board")
        await page.key("1", "4")

        async def switched():
            return (await page.read())["switches"] == 0b10010
        await until(switched, 10, "switches 1 and 4 up")

    async def balatro(page):
        await last_change(page)
        since = await drawn_count(page)
        await page.click("#buttons [data-button=down]")
        await last_change(page, since)
        since = await drawn_count(page)
        for k in (0, 2, 3):
            await page.click(f"#switches [data-index='{k}']")
        await last_change(page, since)

    for top, steps in (("basys3_holdem", holdem), ("nexys_a7_balatro", balatro)):
        path = Path(folder) / f"web_board_{top}.png"
        emulating = Emulating(top)
        try:
            asyncio.run(screenshot_of(emulating.url, path, steps))
        finally:
            emulating.close()
        taken[top] = str(path)
    return taken


def tables(figures):
    """(name, headers, rows, caption) of each part measured."""
    out = []
    if "weight" in figures:
        out.append(files_table("board-page", figures["weight"],
                               "A board top's web page: its files as served"))
    if "fake" in figures:
        f = figures["fake"]
        out.append(("board-page-fake", ["monitor picture", "pictures drawn a second",
                                        "bytes a picture (mean)"],
                    [[name, f"{f[key]['per_second']:.1f}", f"{f[key]['bytes']:,.0f}"]
                     for name, key in (("a 16-row band moving every chunk", "band"),
                                       ("every pixel at random every chunk", "noise"))],
                    f"A board top's web page alone (the fake board, no Verilator): a click on "
                    f"a switch to its LED in the DOM {ms(f['dom_median'])} (max "
                    f"{ms(f['dom_worst'])}), to the frame {ms(f['median'])} (max "
                    f"{ms(f['worst'])}), {f['clicks']} clicks"))
    if "emulated" in figures:
        h, b = figures["emulated"]["holdem"], figures["emulated"]["balatro"]
        out.append(("board-page-emulated", ["action", "first effect in the page",
                                            "whole effect", "sent"],
                    [["basys3_holdem: `t` typed in the terminal", ms(h["first"]),
                      ms(h["whole"]), f"{h['bytes']:.0f} bytes"],
                     ["nexys_a7_balatro: BTND or BTNU clicked (a sort)", ms(b["first"]),
                      ms(b["last"]), f"{b['messages']:.0f} messages, {b['bytes']:,.0f} bytes"]],
                    f"A board top's web page, `pokerhdl emulate TOP --web`; nexys_a7_balatro's "
                    f"monitor in the page: {b['frames_per_second']:.2f} frames a second"))
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--part", action="append",
                   choices=["weight", "fake", "emulated", "screenshots"],
                   help="only these (again for more; default: weight, fake, emulated)")
    p.add_argument("--folder", default=str(ROOT / "docs"), help="for the screenshots")
    p.add_argument("--json", action="store_true", help="the figures as one JSON object")
    args = p.parse_args(argv)
    run_parts(args, {"weight": weight, "fake": fake, "emulated": emulated,
                     "screenshots": lambda: screenshots(args.folder)},
              ["weight", "fake", "emulated"], tables)


if __name__ == "__main__":
    main()
