"""`pokerhdl equity --web [HOST:]PORT`: the equity calculator on a web page. The page
(equity_page/: plain HTML, CSS and a JavaScript module, no build step) takes the hands, the
board, dead cards and ranges as `pokerhdl equity` does, and draws the answer and the preflop
chart; the host computes them with the same API (calculator.equity, chart.chart) on the
golden backend, and the page is served as every pokerhdl page is (pokerhdl/web/serving.py).

The WebSocket, one JSON object a message. The page sends {"op": "equity", "id", "hero",
"opponents": [...], "board", "dead", "mode": "auto" | "exact" | "trials", "trials", "seed"}
or {"op": "chart", "id", "random": N or "against": RANGE, "trials", "seed"}; the server
answers {"op": "progress", "id", "done", "total"} as the run goes, then {"op": "answer",
"id", ...} (the report of `pokerhdl equity --json`; the chart's of `pokerhdl chart --json`
with each cell's hand and colour, row by row) or {"op": "refused", "id", "reason"} with the words the command
would print. Runs take their turn one at a time (the golden backend uses every core); a page
has one run at a time, and a run is capped (LIMITS) since anyone who reaches the port may ask.
"""

import asyncio
import json
import sys
import time
from pathlib import Path

from ..web import serving
from .calculator import AUTO_EXACT_LIMIT, equity
from .chart import chart, colours, grid_hands

PAGE = Path(__file__).with_name("equity_page")
MAX_MESSAGE = 4096
PROGRESS_EVERY_S = 0.1
LIMITS = {"trials": 20_000_000,              # Monte Carlo trials of one equity run
          "completions": 20 * AUTO_EXACT_LIMIT,  # an exact run's
          "chart_trials": 100_000}           # a chart's trials a hand (169 hands)


def text(msg, key, longest=200, default=""):
    value = msg.get(key, default)
    if not isinstance(value, str) or len(value) > longest:
        raise ValueError(f"{key} is text of at most {longest} characters")
    return value.strip()


def number(msg, key, low, high, default):
    value = msg.get(key, default)
    if isinstance(value, str) and value.strip():
        try:
            value = int(value.strip(), 0)
        except ValueError:
            pass
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{key} is a whole number from {low:,} to {high:,}")
    return value


def equity_run(msg, progress):
    """The report of an equity request (a dict, as `pokerhdl equity --json` prints it)."""
    opponents = msg.get("opponents")
    if not isinstance(opponents, list) or not 1 <= len(opponents) <= 9:
        raise ValueError("give 1 to 9 opponents (cards, a range, or random)")
    opponents = [text({"opponent": o}, "opponent") or "random" for o in opponents]
    mode = msg.get("mode", "auto")
    if mode not in ("auto", "exact", "trials"):
        raise ValueError("mode is auto, exact or trials")
    trials = number(msg, "trials", 1, LIMITS["trials"], 1_000_000) if mode == "trials" \
        else None
    report = equity(text(msg, "hero"), *opponents, board=text(msg, "board", 40),
                    dead=text(msg, "dead", 80), exact=True if mode == "exact" else None,
                    trials=trials, seed=number(msg, "seed", 0, (1 << 128) - 1, 1),
                    progress=progress, limit=LIMITS["completions"])
    return report.as_dict()


def chart_run(msg, progress):
    """The answer of a chart request: `pokerhdl chart --json`'s, and each cell's colour."""
    against = text(msg, "against") or None
    random = None if against else number(msg, "random", 1, 9, 1)
    answer = chart(random=random or 1, against=against,
                   trials=number(msg, "trials", 1, LIMITS["chart_trials"], 10_000),
                   seed=number(msg, "seed", 0, (1 << 128) - 1, 1), progress=progress)
    answer["colours"] = ["#%02x%02x%02x" % rgb for row in colours(answer["grid"]) for rgb in row]
    answer["cells"] = [hand for row in grid_hands() for hand in row]     # row by row
    return answer


RUNS = {"equity": equity_run, "chart": chart_run}


async def start_equity_web(host="127.0.0.1", port=0, sock=None, allow_hosts=()):
    """Serve the calculator's page; returns the websockets server (close() it) and its
    port. ``allow_hosts``: names the page answers to besides its own (serving.Gate)."""
    turn = asyncio.Lock()                   # one run at a time, whoever asks

    async def handler(ws):
        from websockets.exceptions import ConnectionClosed
        loop, running = asyncio.get_running_loop(), set()

        async def run(msg, ask):
            last = [0.0]

            def progress(done, total):      # from the run's thread
                if time.monotonic() - last[0] >= PROGRESS_EVERY_S or done == total:
                    last[0] = time.monotonic()
                    reply = {"op": "progress", "id": ask, "done": done, "total": total}
                    loop.call_soon_threadsafe(asyncio.ensure_future, send(reply))
            try:
                async with turn:
                    answer = await asyncio.to_thread(RUNS[msg["op"]], msg, progress)
                await send({"op": "answer", "id": ask, **answer})
            except (ValueError, RuntimeError, OSError) as exc:
                await send({"op": "refused", "id": ask, "reason": " ".join(str(exc).split())})
            finally:
                running.discard(ask)

        async def send(reply):
            try:
                await ws.send(json.dumps(reply))
            except ConnectionClosed:
                pass

        try:
            async for raw in ws:
                try:
                    msg = json.loads(raw) if isinstance(raw, str) else None
                except ValueError:
                    msg = None
                ask = msg.get("id") if isinstance(msg, dict) else None
                if not isinstance(msg, dict) or msg.get("op") not in RUNS:
                    await send({"op": "refused", "id": ask,
                                "reason": "a message is {\"op\": \"equity\" or \"chart\", ...}"})
                elif running:
                    await send({"op": "refused", "id": ask,
                                "reason": "one run at a time: wait for the answer"})
                else:
                    running.add(ask)
                    asyncio.ensure_future(run(msg, ask))
        except ConnectionClosed:
            pass

    return await serving.serve_page(handler, PAGE, host, port, sock, allow_hosts=allow_hosts,
                                    max_size=MAX_MESSAGE,
                                    ping_interval=20, ping_timeout=20)


def run_web(address, allow_hosts=()):
    """`pokerhdl equity --web`: the port opened first (a wrong one is one line and exit 1),
    then the page served until Ctrl-C."""
    try:
        import websockets  # noqa: F401
    except ImportError:
        sys.exit("pokerhdl equity: --web needs the websockets package: "
                 "pip install 'pokerhdl[web]'")
    try:
        sock = serving.listen(*serving.page_address(address))
    except (ValueError, OSError) as exc:
        sys.exit(f"pokerhdl equity: --web {exc}")

    async def main():
        web, port = await start_equity_web(sock=sock, allow_hosts=allow_hosts)
        host = sock.getsockname()[0]
        shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
        print(f"the equity calculator on a web page: http://{shown}:{port}/ (on {host}:{port});"
              " Ctrl-C stops", file=sys.stderr, flush=True)
        await web.serve_forever()
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
