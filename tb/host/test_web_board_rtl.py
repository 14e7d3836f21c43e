"""A board top's page on the generated RTL (`pokerhdl emulate TOP --web`) in Chromium, the
deep stage (marker soak: Verilator builds, tens of seconds): basys3_holdem against the golden
terminal and the golden panel, nexys_a7_balatro's monitor canvas against the golden frames
pixel for pixel, the deals predicted from the entropy the RTL took (tb/host/test_emulator.py's way).
The page itself, on the fake board: tb/test_web_board.py.
"""

import time

import pytest

from board_browser import BoardPage, browser, on_board, quiet, served, until
from holdem_checks import panel_of
from emulated import INTERNALS
from balatro_checks import best_mask
from board_browser import pane_of, run
from pokerhdl.boards.shell import ENTROPY_SIGNALS
from pokerhdl.flow.tops import BALATRO_RULES
from pokerhdl.games.balatro.game import rules_of
from pokerhdl.games.balatro.board import MOVE_BUTTONS, button_move
from pokerhdl.golden.balatro.game import (ACT_DISCARD, ACT_PLAY, ACT_SORT_RANK, ACT_SORT_SUIT,
                                          PHASE_PLAYING)
from pokerhdl.golden.balatro.run import PHASE_SHOP, BalatroRun
from pokerhdl.golden.balatro.screen import frame
from pokerhdl.golden.holdem.table import NO_SEAT, Table
from pokerhdl.golden.holdem.terminal import HoldemTerminal
from pokerhdl.golden.rng import XorShift128
from pokerhdl.golden.sevenseg import decimal_text
from pokerhdl.golden.shuffle import deal
from pokerhdl.sim.emulator import Emulator


class Stirs:
    """The golden generator fed with the tick count at every stir the model recorded
    (tb/host/test_emulator.py's Entropy), the recorder read in the board's thread."""

    def __init__(self, emu):
        self.recorder = emu.model.recorder(ENTROPY_SIGNALS[1], [ENTROPY_SIGNALS[0]])
        self.rng = XorShift128()

    async def catch_up(self, session):
        for (ticks,) in await on_board(session, lambda emu: self.recorder.take()):
            self.rng.mix(ticks)


@pytest.mark.soak
def test_board_page_plays_basys3_holdem(record_property):
    """basys3_holdem's generated RTL behind the page: keys typed into the page's terminal,
    switches and buttons by clicks and keys; after every step the bytes the board sent are
    the golden terminal's, the page's terminal shows them, and the digits and LEDs read from
    the DOM are the golden panel's (whose turn, winners, the figure of the display's view)."""
    emu = Emulator("basys3_holdem", internals=INTERNALS)
    stirs = Stirs(emu)
    players = emu.top.params["players"]
    term = HoldemTerminal(Table(players), lambda: deal(stirs.rng, 2 * players + 5).cards)
    t = term.t
    sent, view, steps = [term.boot()], [0], []

    async def body():
        async with served(emu) as (session, url), browser() as chromium:
            page = await BoardPage(chromium, url).open()
            seen = [None]

            async def check(what):
                leds, figure = panel_of(t, view[0])
                want = {"terminal": pane_of(sent[0].encode("latin-1")), "leds": leds,
                        "text": decimal_text(figure, 4)}

                async def shown():
                    got = await page.read()
                    seen[0] = {k: got[k] for k in want}
                    return seen[0] == want
                await until(shown, 30, what, every=0.1,
                            detail=lambda: f"the page {seen[0]}, golden {want}")
                assert session.output_since(0)[0] == sent[0].encode("latin-1"), what

            async def step(what, act, golden=lambda: ""):
                t0 = time.perf_counter()
                await act()
                await quiet(session)
                await stirs.catch_up(session)
                sent[0] += golden()
                await check(what)
                steps.append(time.perf_counter() - t0)

            async def typed(keys):
                await step(f"typed {keys!r}", lambda: page.type(keys),
                           lambda: "".join(term.key(ch) for ch in keys))

            await check("the boot")
            await typed("d")                                        # a deal
            await typed("h")
            await step("BTNC clicked: a call", lambda: page.click("#buttons [data-button=center]"),
                       lambda: term.press("center", 0))
            await page.focus("board")
            await page.key("1", "2", "3", "4")                      # switches = 30

            async def switched():
                return (await page.read())["switches"] == 30
            await until(switched, 10, "switches 1 to 4 up")
            await step("Enter on the board: a raise to 30", lambda: page.key("Enter"),
                       lambda: term.press("center", 30))
            for index in (1, 2, 3, 4):
                await page.click(f"#switches [data-index='{index}']")
            await until(lambda: on_board(session, lambda e: e.switches == 0), 10,
                        "the switches down again")
            view[0] = 1
            await step("up: the display's next view", lambda: page.key("ArrowUp"))
            view[0] = 0
            await step("down: back to the stack", lambda: page.key("ArrowDown"))
            await page.focus("terminal")
            await typed("r60\r")
            while t.to_act != NO_SEAT:                              # called, checked down
                await typed("c" if t.to_call else "k")
            assert t.result is not None and (await page.read())["leds"] >> 4 & 0xF
            assert not page.errors, page.errors
            line = (f"basys3_holdem on the page: {len(steps)} steps, a step to its effect in "
                    f"the DOM: median {1000 * sorted(steps)[len(steps) // 2]:.0f} ms, "
                    f"worst {1000 * max(steps):.0f} ms")
            print(line)
            record_property("figure", line)
    run(body(), limit=600)


@pytest.mark.soak
def test_board_page_shows_balatro_on_the_monitor(record_property):
    """nexys_a7_balatro's generated RTL behind the page: the canvas read back is the golden
    frame pixel for pixel on the title and after every move made by clicks and keys (the
    first deal predicted from the press's entropy), the LEDs are the switches and the digits
    the score, read from the DOM; the reset button brings the title back, and the next deal
    is predicted again."""
    emu = Emulator("nexys_a7_balatro", internals=INTERNALS)
    stirs = Stirs(emu)
    rules = rules_of(**BALATRO_RULES)
    game = [BalatroRun(rng=stirs.rng, rules=rules, title=True)]
    moves = []

    async def body():
        async with served(emu) as (session, url), browser() as chromium:
            page = await BoardPage(chromium, url).open()
            assert (await page.read())["focus"] == "board"              # no terminal
            seen = [None]

            async def shown(what, switches):
                g = game[0]
                await page.shows(frame(g.observe(), switches), 30, what)

                async def panel():
                    got = await page.read()
                    seen[0] = (got["leds"] & 0xFF, got["switches"], got["text"].strip())
                    return seen[0] == (switches, switches, str(g.score))
                await until(panel, 10, what, detail=lambda: f"LEDs, switches, digits {seen[0]}")

            async def move(action, switches, by_keys):
                now = (await page.read())["switches"]
                for k in range(8):
                    if (now ^ switches) >> k & 1:
                        if by_keys:
                            await page.key(str(k))
                        else:
                            await page.click(f"#switches [data-index='{k}']")
                button = MOVE_BUTTONS[action]
                t0 = time.perf_counter()
                if by_keys:
                    await page.key({"center": "Enter", "up": "ArrowUp", "left": "ArrowLeft",
                                    "right": "ArrowRight", "down": "ArrowDown"}[button])
                else:
                    await page.click(f"#buttons [data-button={button}]")
                await until(lambda: on_board(session, lambda e: not e.pressing), 30, "the press")
                await stirs.catch_up(session)
                game[0].act(button_move(button, game[0].phase), switches)   # the shop's, if in it
                await shown(f"after {button}", switches)
                moves.append(time.perf_counter() - t0)

            await shown("the title", 0)
            await move(ACT_SORT_SUIT, 0, by_keys=True)                  # deals
            await move(ACT_PLAY, best_mask(game[0]), by_keys=False)
            await move(ACT_DISCARD, 0b101, by_keys=True)
            await move(ACT_SORT_RANK, 0b101, by_keys=False)
            assert game[0].phase in (PHASE_PLAYING, PHASE_SHOP) and game[0].score > 0
            await page.click("#reset")
            await until(lambda: on_board(session, lambda e: not e.events), 30, "the reset")
            await stirs.catch_up(session)
            stirs.rng = XorShift128()                                   # back at its seed
            game[0] = BalatroRun(rng=stirs.rng, rules=rules, title=True)
            await shown("the title after the reset", 0b101)
            await move(ACT_SORT_SUIT, 0, by_keys=False)                 # another deal
            assert not page.errors, page.errors
            sizes = [size for size, _ in page.binary]
            line = (f"nexys_a7_balatro on the page: {len(moves)} moves, a press to its whole "
                    f"frame on the canvas: median {sorted(moves)[len(moves) // 2]:.1f} s, "
                    f"{len(sizes)} monitor messages, {sum(sizes):,} bytes")
            print(line)
            record_property("figure", line)
    run(body(), limit=600)
