"""The table's web page in figures; `make bench` records them (section table-page), or alone:

    python -m bench.table_page                      # all, as tables
    python -m bench.table_page --part clicks --actions 200 --json
    python -m bench.table_page --part screenshots   # docs/web_table_desktop.png, _phone.png

``weight``: the bytes of the page's files as served (each, and gzipped when the browser asks
for it), and the time from opening the page to the table drawn in Chromium.
``clicks``: four Chromium pages play by clicks at `pokerhdl serve --web` (a process of its
own); the time from a click to its effect in the DOM (the server's state drawn), and to the
animation frame after it, measured in the page, with the golden table and with basys3_holdem's
RTL in the emulator behind the server.
``tests``: wall and CPU time of the browser tests (the regression's, and the deep stage's).
``screenshots``: the page at a desktop's and a phone's width from a game on the golden table.
"""

import argparse
import asyncio
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tb" / "support"), str(ROOT)]

from bench.table_server import ms, print_tables  # noqa: E402
from browser import DESKTOP, PHONE, Seat, launch, playwright  # noqa: E402
from line_client import free_port  # noqa: E402
from web_play import NAMES, golden, table_with_pages
from web_play import play  # noqa: E402
from pokerhdl.table.web import page_files  # noqa: E402


def weight():
    """Bytes of each file, raw and gzipped, and the page's load to the table drawn."""
    rows = [{"file": url, "bytes": len(body), "gzip": len(packed)}
            for url, (_, body, packed) in sorted(page_files().items())]

    async def load():
        link, truth, total = golden(seed=1)

        async def body(server, seats, names):
            page = await seats[0].context.new_page()
            times = []
            for _ in range(5):
                await page.goto(seats[0].url)
                await page.wait_for_selector("#table:not([hidden])")
                times.append(await page.evaluate("window.__timing.shown") / 1000)
            return statistics.median(times)
        return await table_with_pages(link, body, pages=1, watcher=False)
    return {"files": rows, "load": asyncio.run(load())}


class Served:
    """`pokerhdl serve ... --web` in a process of its own, as a host runs it."""

    def __init__(self, *table):
        self.port, self.web = free_port(), free_port()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "pokerhdl", "serve", *table, "--auto-deal", "-1",
             "--listen", f"127.0.0.1:{self.port}", "--web", str(self.web)],
            stdin=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
            env=dict(os.environ, PYTHONUNBUFFERED="1", PYTHONPATH=str(ROOT)))
        while not (line := self.proc.stderr.readline()).startswith("the table's web page"):
            if not line:
                raise SystemExit(f"pokerhdl serve {' '.join(table)} --web did not start")
        threading.Thread(target=self.proc.stderr.read, daemon=True).start()   # its log
        self.url = f"http://127.0.0.1:{self.web}/"

    def close(self):
        self.proc.terminate()
        self.proc.wait(10)


# a WebSocket of the page's own: 50 `state` requests, each to its answer (ms, sorted)
ROUND_TRIPS = """async () => {
  const ws = new WebSocket(`ws://${location.host}/socket`);
  await new Promise((r) => { ws.onopen = r; });
  let wake = () => {};
  ws.onmessage = () => wake();
  const times = [];
  for (let i = 0; i < 51; i++) {
    const t0 = performance.now();
    await new Promise((r) => { wake = r; ws.send('{"op": "state"}'); });
    if (i) times.push(performance.now() - t0);
  }
  ws.close();
  return times.sort((a, b) => a - b);
}"""


async def round_trips(url):
    async with playwright() as p:
        browser = await launch(p)
        page = await browser.new_page()
        await page.goto(url)
        times = await page.evaluate(ROUND_TRIPS)
        await browser.close()
        return times[len(times) // 2] / 1000, times[-1] / 1000


async def click_on(url, count, patience):
    """Four pages play ``count`` actions by clicks (a bet or raise: its minimum); returns the
    delays (to the DOM, to the frame) of those whose effect came."""
    async with playwright() as p:
        browser = await launch(p)
        seats = [Seat(browser, url, name, PHONE if k % 2 else DESKTOP)
                 for k, name in enumerate(NAMES)]
        for seat in seats:
            await seat.open()
            await seat.join()
        rng, delays = random.Random(5), []
        while len(delays) < count:
            reads = [await s.read() for s in seats]
            ready = [(s, r) for s, r in zip(seats, reads) if r["actions"]
                     and (r["phase"] != "betting" or r["to_act"] == s.seat)]
            if not ready:
                await asyncio.sleep(0.01)
                continue
            seat, read = rng.choice(ready)
            passive = [a for a in ("check", "call") if a in read["actions"]]
            action = passive[0] if passive and rng.random() < 0.6 else rng.choice(read["actions"])
            if action in ("bet", "raise"):
                await seat.page.click("#raise [data-preset=min]")
                await seat.page.click(f"#raise [data-action={action}]")
            else:
                await seat.page.click(f"#actions [data-action={action}]")
            t0 = time.perf_counter()
            while time.perf_counter() - t0 < patience:
                if (delay := await seat.delay()) is not None:
                    delays.append(delay)
                    break
                await asyncio.sleep(0.005)
        await browser.close()
        return delays


def clicks(actions, emulated_actions):
    """Click to its effect, the server in its own process: golden table and emulated RTL."""
    rows = []
    for name, table, count, patience in (
            ("golden table", ["--golden", "--seed", "7"], actions, 10.0),
            ("basys3_holdem in the emulator", ["--emulate", "basys3_holdem"],
             emulated_actions, 60.0)):
        if not count:
            continue
        served = Served(*table)
        try:
            trip = asyncio.run(round_trips(served.url))
            got = asyncio.run(click_on(served.url, count, patience))
        finally:
            served.close()
        dom, frame = sorted(d for d, _ in got), sorted(f for _, f in got)
        rows.append({"table": name, "actions": len(got), "state_median": trip[0],
                     "state_worst": trip[1], "dom_median": statistics.median(dom),
                     "dom_worst": dom[-1], "median": statistics.median(frame),
                     "p90": frame[int(0.9 * (len(frame) - 1))], "worst": frame[-1]})
    return rows


def tests():
    """Wall and CPU seconds (this process's children: pytest, the driver, Chromium)."""
    rows = []
    for stage, marker in (("regression", "not soak"), ("deep stage (soak)", "soak")):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p",
                               "no:randomly", "-m", marker, "tb/host/test_web_table.py"],
                              cwd=ROOT, capture_output=True, text=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode:
            raise SystemExit(f"the browser tests failed:\n{done.stdout[-3000:]}")
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        rows.append({"stage": stage, "summary": done.stdout.strip().splitlines()[-1],
                     "wall": time.perf_counter() - t0, "cpu": cpu})
    return rows


def small(path):
    """A screenshot in 256 colours (a tenth of the bytes; the felt's gradient bands a little)."""
    from PIL import Image
    with Image.open(path) as image:
        picture = image.convert("RGB").quantize(256, method=Image.Quantize.FASTOCTREE)
    picture.save(path, optimize=True)


def screenshots(folder):
    """A desktop page and a phone page, each on its own turn after the flop."""
    link, truth, total = golden(seed=21)
    folder = Path(folder)

    async def body(server, seats, names):
        rng, taken = random.Random(2), {}
        for _ in range(400):
            await play(server, seats, truth, total, 1, rng, names)
            v = server.view
            for seat, name in ((seats[0], "desktop"), (seats[1], "phone")):
                if name not in taken and v.phase == "betting" and len(v.board) >= 3 \
                        and v.to_act == seat.seat:
                    path = folder / f"web_table_{name}.png"
                    await seat.page.screenshot(path=str(path), full_page=True)
                    small(path)
                    taken[name] = str(path)
            if len(taken) == 2:
                return taken
        raise SystemExit("no turn after the flop for both pages in 400 actions")
    return asyncio.run(table_with_pages(link, body))


def files_table(name, files, caption):
    return (name, ["file", "bytes", "gzip"],
            [[f["file"], f"{f['bytes']:,}", f"{f['gzip']:,}"] for f in files]
            + [["all", f"{sum(f['bytes'] for f in files):,}",
                f"{sum(f['gzip'] for f in files):,}"]], caption)


def tables(figures):
    """(name, headers, rows, caption) of each part measured."""
    out = []
    if "weight" in figures:
        w = figures["weight"]
        out.append(files_table("table-page", w["files"],
                               f"The table's web page: its files as served; opening it to the "
                               f"table drawn takes {ms(w['load'])} (Chromium, local server, "
                               f"median of 5)"))
    if "clicks" in figures:
        out.append(("table-page-clicks", ["behind the server", "actions", "to the DOM: median",
                                          "max", "to the frame: median", "90 %", "max",
                                          "a `state` request's round trip alone: median (max)"],
                    [[f["table"], f["actions"], ms(f["dom_median"]), ms(f["dom_worst"]),
                      ms(f["median"]), ms(f["p90"]), ms(f["worst"]),
                      f"{ms(f['state_median'])} ({ms(f['state_worst'])})"]
                     for f in figures["clicks"]],
                    "The table's web page: a click or key to its effect in the DOM, and in a "
                    "frame"))
    if "tests" in figures:
        out.append(("table-page-tests", ["stage", "pytest", "wall", "CPU"],
                    [[f["stage"], f["summary"], f"{f['wall']:.1f} s", f"{f['cpu']:.1f} s"]
                     for f in figures["tests"]], "The browser tests (tb/host/test_web_table.py)"))
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--part", action="append",
                   choices=["weight", "clicks", "tests", "screenshots"],
                   help="only these (again for more; default: weight, clicks, tests)")
    p.add_argument("--actions", type=int, default=200, help="on the golden table")
    p.add_argument("--emulated-actions", type=int, default=30, help="on the emulated RTL")
    p.add_argument("--folder", default=str(ROOT / "docs"), help="for the screenshots")
    p.add_argument("--json", action="store_true", help="the figures as one JSON object")
    args = p.parse_args(argv)
    run_parts(args, {"weight": weight,
                     "clicks": lambda: clicks(args.actions, args.emulated_actions),
                     "tests": tests, "screenshots": lambda: screenshots(args.folder)},
              ["weight", "clicks", "tests"], tables)


def run_parts(args, measures, default, tables_of):
    """The web benches' end: measure the parts asked for (args.part, else ``default``) in
    ``measures``' order, then print the figures as JSON (args.json) or as tables."""
    chosen = args.part or default
    figures = {part: measure() for part, measure in measures.items() if part in chosen}
    if args.json:
        print(json.dumps(figures, indent=1))
    else:
        print_tables(tables_of(figures))


if __name__ == "__main__":
    main()
