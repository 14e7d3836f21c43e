"""The table in a real browser (`pokerhdl serve --web`: pokerhdl/table/web.py and page/):
Chromium pages, two at a phone's width and two at a desktop's, sit down by name, play by
clicks and keys, and a fifth page watches. After every action each page's DOM is the golden
table at the moment its state was drawn, no page ever holds another seat's hole cards before
the showdown (its DOM, and every WebSocket frame it received), chips are conserved; a page
closed mid-hand comes back by the token in its localStorage; bad messages over the WebSocket
are refused word for word as over the line protocol; the turn clock counts down on the page.

The regression plays a short game on the golden table; the deep stage (marker soak) a long one,
and one on basys3_holdem's generated RTL in the emulator (tb/host/test_emulator.py's CheckedLink).
"""

import asyncio
import json
import random
import re
import socket
import statistics
import time

import pytest

from browser import launch, playwright, settled
from line_client import Client
from web_play import check_frames, check_page, play
from pokerhdl.table.connection import Limits
from pokerhdl.table.server import TableServer
from pokerhdl.table.web import start_web
from web_play import golden, table_with_pages


def run(coroutine, limit=300):
    return asyncio.run(asyncio.wait_for(coroutine, limit))


def game(link, truth, total, actions, seed, come_back_at, patience=10.0):
    async def body(server, seats, names):
        t0 = time.perf_counter()
        stats = await play(server, seats, truth, total, actions, random.Random(seed), names,
                           come_back_at, patience)
        stats["seconds"] = time.perf_counter() - t0
        await asyncio.sleep(0.2)            # the last frames' events
        stats["frames"] = check_frames(seats, truth, total)
        return stats
    return run(table_with_pages(link, body), limit=60 + actions * patience)


def report(stats, record_property, what):
    delays = sorted(stats["delays"])
    line = (f"{what}: {stats['states']} page states and {stats['frames']} frames checked, "
            f"{stats['hands']} hands, {stats['clicks']} clicks, {stats['keys']} keys, "
            f"{stats['refused']} refused by the server, {len(stats['table_refused'])} by the "
            f"table, click to effect median {1000 * statistics.median(delays):.0f} ms, "
            f"worst {1000 * delays[-1]:.0f} ms, {stats['seconds']:.1f} s")
    print(line)
    record_property("figure", line)


def test_four_pages_play_the_golden_table(record_property):
    link, truth, total = golden(seed=5)
    stats = game(link, truth, total, actions=60, seed=3, come_back_at=15)
    report(stats, record_property, "four pages, golden table")
    assert stats["came_back"] is not None
    assert stats["hands"] >= 4 and stats["clicks"] and stats["keys"]
    assert stats["frames"] > 200 and len(stats["delays"]) > 40


@pytest.mark.slow
def test_four_pages_play_a_long_game(record_property):
    """800 actions on the golden table (two minutes; the regression's game is the short one,
    CI's deep stage plays the RTL through the pages)."""
    link, truth, total = golden(seed=8)
    stats = game(link, truth, total, actions=800, seed=9, come_back_at=300)
    report(stats, record_property, "four pages, golden table, long")
    assert stats["over"] and stats["refused"] and stats["hands"] > 60
    assert set(stats["amounts"]) == {"min", "pot", "max", "typed", "keys", "below"}


@pytest.mark.soak
def test_four_pages_play_the_emulated_rtl(record_property):
    from emulated import CheckedLink
    link = CheckedLink("basys3_holdem")
    stats = game(link, link.truth, 4 * link.term.t.start_stack, actions=30, seed=4,
                 come_back_at=10, patience=60.0)
    report(stats, record_property, "four pages, basys3_holdem RTL in the emulator")
    assert link.actual == link.expected[:len(link.actual)]
    assert stats["came_back"] is not None and stats["hands"] >= 3


# messages nobody may send, each answered by one refusal and nothing else
BAD = [b"\xff\xfe garbage", b"hello", b"[1, 2]", b'{"op": "fly"}', b"{" + b" " * 5000 + b"}",
       b'{"op": "act", "action": "fold"}', b'{"op": "join", "name": "' + b"x" * 40 + b'"}',
       b'{"op": "join", "token": "nope"}', b'{"op": "join", "name": "P1"}',
       b'{"op": "join", "name": NaN}', b'{"op": "join", "op": "watch"}',
       b'{"op": ' + b"[" * 1500 + b"]" * 1500 + b"}", b'{"op": "watch", "x": 1}',
       b'{"op": "act", "token": {"a": 1}}', b'{"op": "deal", "token": "abc"}', b""" "op" """]
# and once seated ({mine}, {theirs}: the tokens); the last one is answered with the state
SEATED = ['{{"op": "act", "token": "{theirs}", "action": "fold"}}',
          '{{"op": "act", "token": "{mine}", "action": "fold"}}',
          '{{"op": "new_game", "token": "{mine}"}}',
          '{{"op": "act", "token": "{mine}", "action": "steal"}}',
          '{{"op": "act", "token": "{mine}", "action": "raise", "amount": "40"}}',
          '{{"op": "act", "token": "{mine}", "action": "check", "amount": 5}}',
          '{{"op": "join"}}', '{{"op": "state"}}']
# a WebSocket of the page's own origin, sending each message and keeping its answer (the
# first message after it that is not a state, unless the message asks for the state)
EXCHANGE = """async (messages) => {
  const ws = new WebSocket(`ws://${location.host}/socket`);
  const replies = [];
  let wake = () => {};
  ws.onmessage = (e) => { replies.push(JSON.parse(e.data)); wake(); };
  const closed = new Promise((r) => { ws.onclose = (e) => r(e.code); });
  await new Promise((r) => { ws.onopen = r; });
  const answers = [];
  window.socket = ws;
  for (const m of messages) {
    const n = replies.length;
    const asks = typeof m === "string" && m.includes('"op": "state"');
    ws.send(typeof m === "string" ? m : new Uint8Array(m));
    let found;
    while (!(found = replies.slice(n).find((r) => asks || r.type !== "state"))) {
      await new Promise((r) => { wake = r; });
    }
    answers.push(found);
  }
  window.socketClosed = closed;
  return answers;
}"""


def test_bad_messages_are_refused_as_on_the_line_protocol():
    async def main():
        link, truth, total = golden(seed=1)
        server = TableServer(link, auto_deal=None, settle=0.05, log=lambda text: None)
        port = await server.start()
        web, web_port = await start_web(server)
        try:
            async with playwright() as p:
                browser = await launch(p)
                page = await browser.new_page()
                await page.goto(f"http://127.0.0.1:{web_port}/")
                ws_bad = await page.evaluate(EXCHANGE, [list(m) for m in BAD])
                tcp = await asyncio.to_thread(Client, port)
                tcp_bad = []
                for m in BAD:
                    tcp_bad.append(await asyncio.to_thread(lambda: (tcp.send(m),
                                                                    tcp.receive())[1]))
                joined = await page.evaluate(EXCHANGE, ['{"op": "join", "name": "web"}'])
                welcome = await asyncio.to_thread(tcp.join, "line")
                web_token = joined[0]["token"]
                ws_seated = await page.evaluate(EXCHANGE, [
                    '{"op": "join", "token": "%s", "take_over": true}' % web_token] + [
                    m.format(mine=web_token, theirs=welcome["token"]) for m in SEATED])
                tcp_seated = []
                for m in SEATED:
                    raw = m.format(mine=welcome["token"], theirs=web_token).encode()
                    asks = b'"op": "state"' in raw
                    tcp.send(raw)
                    tcp_seated.append(await asyncio.to_thread(
                        tcp.until, lambda r: asks or r["type"] != "state"))
                # over MAX_SIZE the WebSocket library closes the socket (1009)
                await page.evaluate("window.socket.send('x'.repeat(70000))")
                code = await page.evaluate("window.socketClosed")
                tcp.close()
                await browser.close()
        finally:
            web.close(close_connections=False)
            await server.close()
            await web.wait_closed()
        return ws_bad, tcp_bad, ws_seated[1:], tcp_seated, code

    ws_bad, tcp_bad, ws_seated, tcp_seated, code = run(main())
    assert all(m["type"] == "refused" for m in ws_bad) and len(set(
        m["reason"] for m in ws_bad)) > 10, ws_bad
    assert ws_bad == tcp_bad
    same = lambda m: json.loads(re.sub(r"P\d", "P?", json.dumps(m)))   # noqa: E731
    assert [m["type"] for m in ws_seated] == ["refused"] * 7 + ["state"], ws_seated
    assert [same(m) for m in ws_seated[:-1]] == [same(m) for m in tcp_seated[:-1]]
    assert code == 1009


def test_turn_clock_on_the_page():
    """Two players and two house seats, 2 s to act: the page counts the seconds down, then
    the server checks or folds for the seat, which sits out (shown away on every page) until
    its player presses a key."""
    link, truth, total = golden(seed=2)

    async def body(server, seats, names):
        house = {2, 3}
        await seats[0].page.keyboard.press("d")             # a deal by key
        reads = await settled(server, seats)
        acting = next(s for s in seats if s.seat == reads[0]["to_act"])
        counted = set()
        while server.view.to_act == acting.seat and len(counted) < 3:
            read = await acting.read()
            counted.add(read["clock"])
            await asyncio.sleep(0.1)
        assert {"2", "1"} <= counted, counted
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 5
        while not (await seats[-1].read())["seats"][acting.seat]["away"]:
            assert loop.time() < deadline, "the seat was never shown away"
            await asyncio.sleep(0.05)
        for seat, read in zip(seats, await settled(server, seats)):
            check_page(read, truth, seat.seat, total, names, server, house)
        await acting.page.keyboard.press("t")               # anything: the player is back
        while (await acting.read())["seats"][acting.seat]["away"]:
            assert loop.time() < deadline + 5, "the seat was never shown back"
            await asyncio.sleep(0.05)
        return counted

    run(table_with_pages(link, body, players=2, limits=Limits(turn=2.0), pages=2))


def test_a_seat_open_in_two_tabs():
    """A second tab of the same browser finds the seat in use: it watches and offers to take
    the seat; taken, the first tab says so and does not take it back by itself (no tug of
    war) until its player clicks."""
    link, truth, total = golden(seed=4)

    async def body(server, seats, names):
        first = seats[0].page
        second = await seats[0].context.new_page()
        await second.goto(seats[0].url)
        await second.wait_for_selector("#away:not([hidden])")
        assert "is open in another tab" in await second.inner_text("#away-text")
        assert await second.get_attribute("#table", "data-you") is None     # watching
        await second.click("#away-take")
        await second.wait_for_selector(f"#table[data-you='{seats[0].seat}']")
        await first.wait_for_selector("#away:not([hidden])")
        assert "taken over by another tab" in await first.inner_text("#away-text")
        await asyncio.sleep(1.5)                        # longer than the page's first retry
        assert await first.get_attribute("#link", "data-link") == "closed"
        assert await second.is_hidden("#away")
        await first.click("#away-take")
        await first.wait_for_selector("#away", state="hidden")
        await second.wait_for_selector("#away:not([hidden])")
        assert await first.get_attribute("#link", "data-link") == "open"

    run(table_with_pages(link, body, pages=1, watcher=False))


def test_a_socket_that_never_reads_is_dropped():
    """A watcher's WebSocket that never reads (1 KiB buffers at both ends, no compression:
    compressed, a few hundred states that hardly differ fit in the buffers) while the table
    moves: once its unsent states pass the backlog it is dropped, as a TCP client is, and the
    players are answered at once all along. No browser: a browser always reads."""
    from websockets.asyncio.client import connect
    from pokerhdl.table.web_connection import WebConnection
    backlog = 32 * 1024

    async def main():
        link, truth, total = golden(seed=6)
        server = TableServer(link, auto_deal=None, settle=0.05, log=lambda text: None,
                             limits=Limits(backlog=backlog))
        await server.start()
        web, web_port = await start_web(server)
        url = f"ws://127.0.0.1:{web_port}/socket"
        try:
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
            sock.connect(("127.0.0.1", web_port))
            stalled = await connect(url, sock=sock, max_queue=1, compression=None)
            await stalled.send('{"op": "watch"}')
            await asyncio.sleep(0.1)
            conn = next(c for c in server.conns if isinstance(c, WebConnection))
            conn.ws.transport.get_extra_info("socket").setsockopt(
                socket.SOL_SOCKET, socket.SO_SNDBUF, 1024)
            ann = await connect(url)
            await ann.send('{"op": "join", "name": "ann"}')
            token = json.loads(await ann.recv())["token"]
            waits, held = [], 0
            for _ in range(300):                # each take-over: a state to everyone
                if conn not in server.conns:
                    break
                t0 = time.perf_counter()
                again = await connect(url)
                await again.send(json.dumps({"op": "join", "token": token,
                                             "take_over": True}))
                assert json.loads(await again.recv())["type"] == "welcome"
                waits.append(time.perf_counter() - t0)
                held = max(held, conn.unsent())
                await ann.close()
                ann = again
            await ann.close()
            stalled.transport.abort()
            return conn.dropped, len(waits), max(waits), held
        finally:
            web.close(close_connections=False)
            await server.close()
            await web.wait_closed()

    dropped, moves, worst, held = run(main())
    print(f"dropped after {moves} states ({dropped}); it held at most {held} bytes; a "
          f"player's worst wait {1000 * worst:.1f} ms")
    assert dropped and dropped.startswith("fell behind") and moves < 300
    assert held <= backlog and worst < 0.5
