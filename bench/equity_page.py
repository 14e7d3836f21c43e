"""The equity calculator's web page in figures; `make bench` records them (section
equity-page), or alone:

    python -m bench.equity_page                     # weight and clicks, as tables
    python -m bench.equity_page --part screenshot   # docs/web_equity.png

``weight``: the bytes of the page's files as served (each, gzipped when the browser asks).
``clicks``: `pokerhdl equity --web` in a process of its own; in Chromium, a click on Calculate
(or Draw the chart) to the answer drawn in the DOM, beside the same run's own seconds.
``screenshot``: the page after an answer and a chart.
"""

import argparse
import asyncio
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
from board_browser import browser, until  # noqa: E402
from line_client import free_port  # noqa: E402
from equity_page_tb import READ, calculate
from pokerhdl.odds.equity_web import PAGE  # noqa: E402
from pokerhdl.web.serving import page_files  # noqa: E402

RUNS = [("AdAc against KhKs, exact (1,712,304 boards)", ("AdAc", ["KhKs"], "", "", None)),
        ("Td6h against 3 random hands, 1,000,000 trials",
         ("Td6h", ["random"] * 3, "", "", 1_000_000)),
        ("QQ+ against AKs on Qh7h2c, exact (36 setups)", ("QQ+", ["AKs"], "Qh7h2c", "", None))]


def weight():
    return [{"file": url, "bytes": len(body), "gzip": len(packed)}
            for url, (_, body, packed) in sorted(page_files(PAGE).items())]


class Calculator:
    """`pokerhdl equity --web PORT` in a process of its own."""

    def __init__(self):
        self.port = free_port()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "pokerhdl", "equity", "--web", str(self.port)],
            stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=ROOT,
            env=dict(os.environ, PYTHONUNBUFFERED="1", PYTHONPATH=str(ROOT)))
        while "on a web page" not in (line := self.proc.stderr.readline()):
            if not line:
                raise SystemExit("pokerhdl equity --web did not start")
        threading.Thread(target=self.proc.stderr.read, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.port}/"

    def close(self):
        self.proc.terminate()
        self.proc.wait(10)


async def open_page(chromium, url, viewport=None):
    page = await chromium.new_page(viewport=viewport or {"width": 1100, "height": 900})
    await page.goto(url)
    await page.wait_for_selector("#link[data-link=open]")
    return page


async def draw_chart(page, trials):
    await page.fill("#chart-trials", str(trials))
    before = (await page.evaluate(READ))["charts"]
    t0 = time.perf_counter()
    await page.click("#chart button[type=submit]")

    async def drawn():
        return (await page.evaluate(READ))["charts"] > before
    await until(drawn, 300, "the chart", every=0.01)
    return time.perf_counter() - t0


async def measure(url, repeat=5):
    rows = []
    async with browser() as chromium:
        page = await open_page(chromium, url)
        for name, run in RUNS:
            times, seconds = [], []
            for _ in range(repeat):
                got = await calculate(page, *run)
                times.append(got["waited"])
                seconds.append(float(got["facts"].split(" in ")[1].split(" s ")[0]))
            rows.append({"run": name, "page": statistics.median(times),
                         "compute": statistics.median(seconds)})
        rows.append({"run": "the chart, 10,000 trials a hand against a random hand",
                     "page": await draw_chart(page, 10_000), "compute": None})
    return rows


def clicks():
    calculator = Calculator()
    try:
        return asyncio.run(measure(calculator.url))
    finally:
        calculator.close()


def screenshot(folder):
    calculator = Calculator()
    path = Path(folder) / "web_equity.png"

    async def take():
        async with browser() as chromium:
            page = await open_page(chromium, calculator.url, {"width": 1100, "height": 760})
            await calculate(page, "Td6h", ["random", "AJs+,KQs"], "7d8dJs", "", 1_000_000)
            await draw_chart(page, 10_000)
            await page.screenshot(path=str(path), full_page=True)
    try:
        asyncio.run(take())
    finally:
        calculator.close()
    small(path)
    return str(path)


def tables(figures):
    """(name, headers, rows, caption) of each part measured."""
    out = []
    if "weight" in figures:
        out.append(files_table("equity-page", figures["weight"],
                               "The equity calculator's web page: its files as served"))
    if "clicks" in figures:
        out.append(("equity-page-clicks", ["run", "click to the answer in the DOM",
                                           "the run itself"],
                    [[f["run"], ms(f["page"]), "-" if f["compute"] is None else
                      f"{f['compute']:.2f} s"] for f in figures["clicks"]],
                    "The equity calculator's web page: a click to the answer drawn (median "
                    "of 5)"))
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--part", action="append", choices=["weight", "clicks", "screenshot"],
                   help="only these (again for more; default: weight, clicks)")
    p.add_argument("--folder", default=str(ROOT / "docs"), help="for the screenshot")
    p.add_argument("--json", action="store_true", help="the figures as one JSON object")
    args = p.parse_args(argv)
    run_parts(args, {"weight": weight, "clicks": clicks,
                     "screenshot": lambda: screenshot(args.folder)}, ["weight", "clicks"], tables)


if __name__ == "__main__":
    main()
