"""A board top on a web page (`pokerhdl emulate TOP --web`: pokerhdl/sim/emulator_web.py,
board_session.py, monitor_frames.py and board_page/) in a real browser (tb/support/board_browser.py).

The regression serves the fake board (tb/support/fake_board.py: the golden Balatro game behind a board
table, no Verilator) and plays it through the page by clicks and keys: every part of the board
drawn, the digits, LEDs and switches read from the DOM equal to the board's, the terminal's
text to the bytes the board sent, the canvas to the golden frame pixel for pixel, only the
changed rows sent and nothing when no pixel changed; refusals; the command's errors before any
build. The generated RTL behind the page (the deep stage): tb/test_web_board_rtl.py.
"""

import asyncio
import json
import re
import socket
import subprocess
import sys
import time

import numpy

from board_browser import BoardPage, browser, served, until
from fake_board import FakeBoard, golden_game
from pokerhdl.golden.balatro.game import ACT_PLAY, ACT_SORT_SUIT
from pokerhdl.golden.balatro.screen import frame
from pokerhdl.golden.sevenseg import decimal_text
from pokerhdl.sim.monitor_frames import HEADER, changed_rows, decode, encode
from board_browser import pane_of, run


def test_board_page_on_a_fake_board(record_property):
    """The page draws what the board has and shows what it shows, driven by clicks and keys."""
    board = FakeBoard()
    game = golden_game()

    async def body():
        async with served(board) as (session, url), browser() as chromium:
            page = await BoardPage(chromium, url).open()
            got = await page.read()
            assert got["parts"] == {"digits": 8, "leds": 16, "switches": 16, "reset": True,
                                    "buttons": ["center", "up", "left", "right", "down"],
                                    "terminal": True, "monitor": True}
            await page.shows(frame(game.observe()), 5, "the title")
            assert page.binary[0][1] == 480 and page.binary[0][0] < 4000    # whole, deflated
            # the terminal: keys go to the UART first; an escape sequence in two pieces
            assert got["focus"] == "terminal"
            await page.type("abc\r!xyz\r")
            want = "cleared\nXYZ\n"

            async def terminal():
                return (await page.read())["terminal"] == want
            await until(terminal, 5, "the terminal's text")
            sent, _ = session.output_since(0)
            assert pane_of(sent) == want and (await page.read())["bytes"] == len(sent)
            # the board: switches by keys and a click, a press by a key then a click
            await page.focus("board")
            await page.key("0", "2")
            await page.click("#switches [data-index='3']")

            async def switched():
                got = await page.read()
                return got if got["switches"] == 0b1101 == got["leds"] else None
            await until(switched, 5, "switches 0, 2 and 3 up, their LEDs lit")
            assert board.switches == 0b1101
            for press, move in (("ArrowDown", ACT_SORT_SUIT), ("#buttons [data-button=center]",
                                                               ACT_PLAY)):
                before = len(page.binary)
                if press.startswith("#"):
                    await page.click(press)
                else:
                    await page.key(press)
                game.act(move, 0b1101)
                await page.shows(frame(game.observe(), 0b1101), 5, f"the move {move}")
                assert 0 < max(rows for _, rows in page.binary[before:]) < 480  # changed rows
            count = game.observe()

            async def counted():
                return (await page.read())["text"] == decimal_text(2, 8)
            await until(counted, 5, "the display's count of presses")
            quiet = len(page.binary)
            await asyncio.sleep(0.5)                    # 25 chunks, no pixel changed
            assert len(page.binary) == quiet
            await page.click("#reset")
            await page.shows(frame(golden_game().observe(), 0b1101), 5, "the title again")
            assert count != golden_game().observe()
            # a page opened later: the terminal's past and the whole picture
            late = await BoardPage(chromium, url).open()
            await late.shows(frame(golden_game().observe(), 0b1101), 5, "a new page's picture")
            assert (await late.read())["terminal"] == want
            assert not page.errors and not late.errors, page.errors + late.errors
            line = ("fake board: monitor messages (bytes, rows): "
                    + ", ".join(f"{size} {rows}" for size, rows in page.binary))
            print(line)
            record_property("figure", line)
    run(body())


def test_every_board_top_is_drawn_from_its_table():
    """The same page draws every board top of the board table with what it has (BoardTop:
    digits, LEDs, switches, buttons, reset button, UART, monitor), the fake board behind."""
    from pokerhdl.flow.tops import BOARD_TOPS

    async def body():
        async with browser() as chromium:
            for top in BOARD_TOPS:
                board = FakeBoard(top.name, uart=False)
                async with served(board) as (session, url):
                    page = await BoardPage(chromium, url, frames=False).open()
                    want = {"digits": board.digit_count, "leds": board.board["led"].width,
                            "switches": board.switch_count,
                            "buttons": list(board.button_names), "reset": board.has["cpu_resetn"],
                            "terminal": board.has["uart_rx"], "monitor": bool(board.vga)}
                    got = await page.read()
                    assert got["parts"] == want, top.name
                    names = {"basys3": ["BTNC", "BTNU", "BTNL", "BTNR", "BTND", "Reset"],
                             "nexys_a7": ["BTNC", "BTNU", "BTNL", "BTNR", "BTND", "CPU_RESETN"],
                             "ulx3s": ["CENTER", "UP", "LEFT", "RIGHT", "DOWN", "RESET"]}
                    wanted = names[top.board][:board.button_count] + names[top.board][5:]
                    assert got["labels"] == wanted, top.name
                    assert not page.errors, (top.name, page.errors)
                    await page.page.close()
    run(body())


def test_bad_messages_are_refused():
    """A page's wrong commands are answered with the reason; the board is left as it was."""
    from websockets.asyncio.client import connect
    board = FakeBoard()
    cases = [("nonsense", "a message is one JSON object"),
             ("[1]", "a message is one JSON object"),
             ('{"op": "fly"}', "unknown op 'fly'; ops: switch, press, reset, type"),
             ('{"op": "switch", "index": 16}', "nexys_a7_balatro has switches 0..15"),
             ('{"op": "switch", "index": "1"}', "a switch is a whole number (index)"),
             ('{"op": "switch", "index": true}', "a switch is a whole number (index)"),
             ('{"op": "press", "button": "middle"}', "no button 'middle'; buttons: center, up, "
                                                    "left, right, down"),
             ('{"op": "type", "text": ""}', "type sends text: 1 to 1024 characters"),
             ('{"op": "type", "text": "\\u2660"}', "the board's UART takes Latin-1 characters "
                                                   "only"),
             (b"\x00\x01", "a message is one JSON object")]

    async def body():
        async with served(board) as (session, url):
            async with connect(url.replace("http", "ws") + "socket") as ws:
                hello = json.loads(await ws.recv())
                assert hello["op"] == "board" and hello["top"] == "nexys_a7_balatro"
                for message, reason in cases:
                    await ws.send(message)
                    while (answer := await ws.recv()) and (
                            isinstance(answer, bytes) or json.loads(answer)["op"] != "refused"):
                        pass
                    assert json.loads(answer)["reason"] == reason, message
            assert board.switches == 0 and board.presses == 0
            assert session.output_since(0)[0] == b""
    run(body())


def test_a_page_that_draws_nothing_is_sent_two_pictures():
    """A page is sent a picture only while it has fewer than two to draw: one that never
    answers 'drawn' gets two, however fast the picture changes, then one more a 'drawn'."""
    from websockets.asyncio.client import connect

    def moving(fake):                                       # a new picture every chunk
        pixels = numpy.zeros((480, 640), dtype=numpy.uint16)
        pixels[fake.cycle // 2_000_000 % 480] = 0xFFF
        return pixels

    async def pictures(ws, seconds):
        got, end = 0, asyncio.get_running_loop().time() + seconds
        while (left := end - asyncio.get_running_loop().time()) > 0:
            try:
                got += isinstance(await asyncio.wait_for(ws.recv(), left), bytes)
            except asyncio.TimeoutError:
                break
        return got

    async def body():
        async with served(FakeBoard(picture=moving)) as (session, url):
            async with connect(url.replace("http", "ws") + "socket") as ws:
                assert await pictures(ws, 0.5) == 2                 # 25 chunks, 25 pictures
                await ws.send('{"op": "drawn"}')
                assert await pictures(ws, 0.3) == 1
    run(body())


def test_monitor_messages_carry_only_the_changed_rows():
    """monitor_frames: a page's picture rebuilt from the messages equals the monitor's, a band
    of rows from the first changed to the last, nothing when alike; more than 256 colours go
    as the colours themselves."""
    title = numpy.array(frame(golden_game().observe()), dtype=numpy.uint16)
    game = golden_game()
    game.act(ACT_SORT_SUIT, 0)
    dealt = numpy.array(frame(game.observe(), 0b101), dtype=numpy.uint16)
    picture = numpy.zeros_like(title)
    assert decode(encode(None, title, 1), picture) == 1 and (picture == title).all()
    message = encode(title, dealt, 2)
    first, stop = changed_rows(title, dealt)
    assert HEADER.unpack_from(message)[2:4] == (first, stop - first) and stop - first < 480
    assert decode(message, picture) == 2 and (picture == dealt).all()
    assert encode(dealt, dealt.copy(), 3) is None
    noise = numpy.random.default_rng(1).integers(0, 4096, title.shape, dtype=numpy.uint16)
    message = encode(dealt, noise, 4)
    assert message[0] == 2 and decode(message, picture) == 4 and (picture == noise).all()


def test_the_page_answers_while_the_model_builds():
    """A page opened before the model is built (emulator_web.Building: `emulate --web` serves
    at once and builds meanwhile) says what is being built and how long the last build took,
    its seconds counting; when the model is ready it turns into the board, unreloaded."""
    from pokerhdl.sim.board_session import BoardSession
    from pokerhdl.sim.emulator_web import Building, start_board_web

    async def body():
        building = Building("nexys_a7_balatro", expected=31.4)
        web, port = await start_board_web(building)
        session = None
        try:
            async with browser() as chromium:
                page = await chromium.new_page()
                errors = []
                page.on("pageerror", lambda exc: errors.append(str(exc)))
                await page.goto(f"http://127.0.0.1:{port}/")
                await page.wait_for_selector("#building:not([hidden])", timeout=5000)

                said = re.compile(r"Building nexys_a7_balatro in Verilator: (\d+) s of about "
                                  r"31 s \(the last build\)\.")
                seconds = []

                async def counting():
                    m = said.match(await page.text_content("#building"))
                    if m and (not seconds or int(m[1]) > seconds[0]):
                        seconds.append(int(m[1]))
                    return len(seconds) >= 2
                await until(counting, 10, "the building line, its seconds counting")
                assert await page.is_hidden("#page")
                session = BoardSession(FakeBoard())
                building.ready(session)
                session.start()
                board = BoardPage(chromium, f"http://127.0.0.1:{port}/")
                board.page, board.errors = page, errors
                await page.wait_for_selector("#page:not([hidden])", timeout=10000)
                await until(board.read, 10, "the first state")
                assert await page.is_hidden("#building")
                assert (await board.read())["parts"]["digits"] == 8 and not errors, errors
        finally:
            web.close()
            if session:
                session.close()
    run(body())


def emulate(*args, timeout=30):
    return subprocess.run([sys.executable, "-m", "pokerhdl", "emulate", *args],
                          capture_output=True, text=True, timeout=timeout)


def test_emulate_web_errors_come_before_the_build(tmp_path):
    """A wrong --web is one line and a non-zero exit at once: no model is built."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        build = ["--build-dir", str(tmp_path / "build")]
        for args, want in (
                (["--web", "80x"], "pokerhdl emulate: --web '80x': give [HOST:]PORT, e.g. 8080 "
                                   "or 0.0.0.0:8080"),
                (["--web", "127.0.0.1:99999"], "pokerhdl emulate: --web '127.0.0.1:99999': give "
                                               "HOST:PORT, e.g. 127.0.0.1:7777"),
                (["--web", str(port)], f"pokerhdl emulate: --web cannot listen on "
                                       f"127.0.0.1:{port}: Address already in use"),
                (["--web", "8080", "--script", "wait:1"], "pokerhdl emulate: --web is the "
                 "interactive board: not with --script, --screenshot or --json")):
            t0 = time.perf_counter()
            done = emulate("basys3_holdem", *build, *args)
            assert done.returncode != 0 and done.stderr == want + "\n", done.stderr
            assert time.perf_counter() - t0 < 20 and not (tmp_path / "build").exists()
    shown = emulate("--help").stdout
    assert "--web [HOST:]PORT" in shown and "0.0.0.0: every interface" in " ".join(shown.split())
