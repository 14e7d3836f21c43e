"""The equity calculator on a web page (`pokerhdl equity --web`: pokerhdl/odds/equity_web.py
and equity_page/) in Chromium: the hands, ranges, board and dead cards typed into the page,
its answer read back from the DOM equal to the host API's (pokerhdl.equity, golden backend)
for the same request, the chart's 169 cells and their colours equal to pokerhdl.odds.chart's
(as `pokerhdl chart --png` colours them); refusals in
the command's words; one run at a time; the command's errors before it serves.
"""

import asyncio
import json
import socket
import subprocess
import sys

from board_browser import browser, until
from pokerhdl import equity
from pokerhdl.odds.chart import chart, colours
from pokerhdl.odds.equity_web import LIMITS, start_equity_web
from equity_page_tb import calculate, READ


def run(coroutine, limit=120):
    return asyncio.run(asyncio.wait_for(coroutine, limit))


async def page_at(chromium, port):
    page = await chromium.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    await page.goto(f"http://127.0.0.1:{port}/")
    await page.wait_for_selector("#link[data-link=open]")
    return page, errors


def test_equity_page_answers_as_the_api():
    """Exact, ranges on a board, Monte Carlo with a dead card and random hands: the page's
    players, win, tie and equity are the API's for the same request, shown as the command
    prints them (three decimals of a percent)."""
    cases = [("AdAc", ["KhKs"], "", "", None),
             ("QQ+", ["AKs"], "Qh7h2c", "", None),
             ("Td6h", ["random", "8h8d", "AJs+,KQs"], "7d9dJs", "2c", 20_000)]

    async def body():
        web, port = await start_equity_web()
        try:
            async with browser() as chromium:
                page, errors = await page_at(chromium, port)
                for hero, opponents, board, dead, trials in cases:
                    got = await calculate(page, hero, opponents, board, dead, trials, seed=7)
                    want = equity(hero, *opponents, board=board, dead=dead, trials=trials,
                                  seed=7)
                    assert not got["note"], got["note"]
                    assert [(p["cards"], p["win"], p["tie"], p["equity"]) for p in got["players"]] \
                        == [(p.cards, p.win, p.tie, p.equity) for p in want.players], hero
                    assert [p["shown"][3] for p in got["players"]] == \
                        [f"{100 * p.equity:.3f}" for p in want.players]
                    assert f"{want.trials:,} trials" in got["facts"]
                assert not errors, errors
        finally:
            web.close()
    run(body())


def test_chart_page_answers_as_the_api():
    """The chart's 169 cells, against a random hand and against a range, equal chart()'s."""
    async def body():
        web, port = await start_equity_web()
        try:
            async with browser() as chromium:
                page, errors = await page_at(chromium, port)
                for against, trials in ((None, 100), ("AA", 20)):
                    await page.fill("#against", against or "")
                    await page.fill("#chart-trials", str(trials))
                    await page.fill("#chart-seed", "3")
                    before = (await page.evaluate(READ))["charts"]
                    await page.click("#chart button[type=submit]")

                    async def drawn():
                        got = await page.evaluate(READ)
                        return got if got["charts"] > before else None
                    got = await until(drawn, 60, f"the chart against {against}")
                    answer = chart(random=1, against=against, trials=trials, seed=3)
                    assert dict(got["chart"]) == answer["hands"] and len(got["chart"]) == 169
                    assert got["colours"] == [f"rgb({r}, {g}, {b})" for row in
                                              colours(answer["grid"]) for r, g, b in row]
                    assert got["chart"][0][0] == "AA" and got["chart"][1][0] == "AKs"
                assert not errors, errors
        finally:
            web.close()
    run(body())


def test_refusals_in_the_commands_words():
    """What `pokerhdl equity` refuses the page shows with the same words; the page's caps."""
    async def body():
        web, port = await start_equity_web()
        try:
            async with browser() as chromium:
                page, _ = await page_at(chromium, port)
                try:
                    equity("AhXx", "KhKs")
                except ValueError as exc:
                    words = str(exc)
                assert (await calculate(page, "AhXx", ["KhKs"]))["note"] == words
                got = await calculate(page, "AdAc", ["KhKs"], trials=LIMITS["trials"] + 1)
                assert got["note"] == "trials is a whole number from 1 to 20,000,000"
                await page.check("#equity input[value=exact]")
                await page.fill("#hero", "random")
                await page.fill(".opponent", "random")
                await page.click("#equity button[type=submit]")

                async def refused():
                    return (await page.evaluate(READ))["note"]
                note = await until(refused, 10, "the exact run refused")
                assert note.endswith("is more than an exact run takes (400,000,000): use "
                                     "Monte Carlo"), note
        finally:
            web.close()
    run(body())


def test_one_run_at_a_time():
    """A page's second request while its first runs is refused; a message that is not a
    request too."""
    from websockets.asyncio.client import connect

    async def body():
        web, port = await start_equity_web()
        try:
            async with connect(f"ws://127.0.0.1:{port}/socket") as ws:
                slow = {"op": "equity", "hero": "AdAc", "opponents": ["random"] * 3,
                        "mode": "trials", "trials": 3_000_000}
                await ws.send(json.dumps({**slow, "id": 1}))
                await ws.send(json.dumps({**slow, "id": 2}))
                await ws.send("nonsense")
                answers = {}
                while 1 not in answers:
                    msg = json.loads(await ws.recv())
                    if msg["op"] != "progress":
                        answers[msg["id"]] = msg
                assert answers[2] == {"op": "refused", "id": 2,
                                      "reason": "one run at a time: wait for the answer"}
                assert answers[None]["op"] == "refused" and answers[1]["op"] == "answer"
        finally:
            web.close()
    run(body())


def test_equity_web_errors_come_first():
    """A wrong --web, or hands beside it, is one line and exit status 1."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        for args, want in (
                (["--web", "x"], "--web 'x': give [HOST:]PORT, e.g. 8080 or 0.0.0.0:8080"),
                (["--web", str(port)], f"--web cannot listen on 127.0.0.1:{port}: Address "
                                       "already in use"),
                (["AdAc", "KhKs", "--web", "8080"], "--web takes the hands on its page: give "
                                                   "none here")):
            done = subprocess.run([sys.executable, "-m", "pokerhdl", "equity", *args],
                                  capture_output=True, text=True, timeout=30)
            assert (done.returncode, done.stderr) == (1, f"pokerhdl equity: {want}\n")
