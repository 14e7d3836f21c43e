"""The dice board tops (pokerhdl/games/dice/board.py through the board shell: basys3_dice, and
ulx3s_dice with no switches and no display, its bids typed), both languages: the whole board (power-on reset, debounced buttons with bounces, switches, the
generator and its dice, the UART, the active-low display) answers every key and button exactly
as the golden terminal (golden/dice/terminal.py) does, lights the LEDs golden/dice/contract.py
predicts, and shows each view's figure on the 7-segment digits.

The dice come from the generator inside the top, so the test predicts them with the golden
twins (golden/rng.py, golden/dice/game.py roll_dice) from the tick count the shell's ENTROPY_SIGNALS
show at every key or button the terminal takes: unless the top draws the right words, mixes
the right ticks and rejects the right values, a throw's text differs from the golden one."""

import random

import cocotb
import pytest

from harness import param, run_block, ulx3s_twins
from board_tb import BTN_C, BTN_D, BTN_L, BTN_R, BTN_U, Board, fast
from pokerhdl.golden.dice.game import PHASE_BID, PHASE_OVER, DiceGame, Rules, roll_dice
from pokerhdl.golden.dice.contract import VIEWS, VIEW_ADDRESSES, panel_leds, window_reads
from pokerhdl.golden.dice.terminal import DiceTerminal
from pokerhdl.golden.sevenseg import decimal_text, glyph
from pokerhdl.flow.tops import BOARD_TOPS

TOPS = [top.name for top in BOARD_TOPS if top.params["game"] == "dice"]
SMALL = {"purse": 24, "max_rounds": 8}              # games that end within the test
REFRESH = {"refresh_hz": 500_000}                   # 50 clocks a digit: a whole scan is short
POSITION = {"center": BTN_C, "up": BTN_U, "left": BTN_L, "right": BTN_R, "down": BTN_D}


class DiceBoard(Board):
    def __init__(self, dut, rules):
        super().__init__(dut)
        self.rules = rules
        self.view = 0
        self.term = DiceTerminal(DiceGame(rules), self.golden_dice)

    def golden_dice(self):
        """The next throw: the entropy taken since the last one, then the dice's draws."""
        return roll_dice(self.mixed_rng())

    async def typed(self, text):
        """Type a key sequence; its whole answer, checked against the golden terminal's."""
        got = want = ""
        for ch in text:
            got += await self.key(ch)
            want += self.term.key(ch)
        assert got == want, (text, got, want)
        self.check_leds()

    async def pressed(self, position, switches=0):
        got = await self.press(POSITION[position], switches)
        if position == "up":
            want, self.view = "", (self.view + 1) % len(VIEWS)
        elif position == "down":
            want, self.view = "", (self.view - 1) % len(VIEWS)
        else:
            want = self.term.press(position, switches)
        assert got == want, (position, switches, got, want)
        self.check_leds()

    async def bid(self, up, amount):
        """A bid by the center button and the switches, or typed where the top has none."""
        if self.has["sw"]:
            await self.pressed("center", up << 7 | amount)
        else:
            await self.typed(("u" if up else "d") + str(amount) + "\r")

    def check_leds(self):
        """The LEDs the board has (the ULX3S: LED0..7) of the golden panel's."""
        shown = (1 << len(self.dut.led)) - 1
        want = panel_leds(self.term.game, self.view) & shown
        assert int(self.dut.led.value) == want, (bin(int(self.dut.led.value)), bin(want))

    async def check_display(self):
        if not self.has["an"]:
            return                                       # no display: the figure is not shown
        value = window_reads(self.term.game, 0)[VIEW_ADDRESSES[self.view]]
        want = [glyph(ch) for ch in decimal_text(value, self.board["an"].width)]
        assert await self.shown() == want, (self.view, value)


@cocotb.test()
async def board_plays_dice(dut):
    rules = Rules(**SMALL)
    board = DiceBoard(dut, rules)
    await board.quiet()
    assert board.line.since(0) == board.term.boot()
    board.check_leds()
    await board.check_display()                              # P1's purse

    await board.typed("t")                                   # refused: bid first
    await board.typed("u10\r")                               # P1 bids 10 up (limit 24)
    await board.bid(1, 30)                                   # P2 over the limit: refused
    await board.bid(1, 3)                                    # P2 under the least: refused
    await board.bid(1, 4)                                    # P2 bids 4 up
    await board.pressed("center")                            # throw
    assert board.entropy and board.term.game.dice != (0, 0)
    for view in range(1, len(VIEWS)):                        # every view through up
        await board.pressed("up")
        await board.check_display()
    await board.pressed("up")                                # back to P1's purse
    await board.pressed("down")                              # the dice
    await board.check_display()
    await board.pressed("left")                              # the table
    await board.typed("s")

    # random play, keys and buttons, until the games have ended (a new game after each: the
    # centre button, the right one after the last)
    rng = random.Random(17)
    ended, games = 0, param("games")
    while ended < games:
        g = board.term.game
        limit = g.limit() if g.phase == PHASE_BID else 30
        amount = rng.choice([limit, limit + 1, rng.randint(0, max(limit, 1)), 4])
        move = rng.random()
        if move < 0.35:
            await board.typed(rng.choice("uUdD") + str(amount) + "\r")
        elif move < 0.8:
            await board.bid(rng.randint(0, 1), min(amount, 127))
        elif move < 0.9:
            await board.typed(rng.choice("tsx"))
        else:
            await board.pressed(rng.choice(["up", "down", "left"]))
        if board.term.game.phase == PHASE_OVER:
            ended += 1
            await board.check_display()
            await board.typed("u4\r")                        # refused: game over
            await board.pressed("center" if ended < games else "right")   # a new game
    await board.typed("n")


# games played to their end after the scripted part: two in VHDL; in Verilog none in the
# regression (Icarus runs the top at half GHDL's speed; the scripted part takes the top's
# Verilog through bids, throws, refusals, views and buttons, and tb/games/test_dice_table.py
# plays whole games on the game's Verilog) and two in the deep stage
GAMES = {"verilog": 0, "vhdl": 2, "gates": 0}       # gates: the netlist (tb/gates/)


def plays_dice(name, hdl, games, tag=""):
    run_block(name, hdl, __name__, params={**fast(name), **SMALL, **REFRESH},
              testcase=["board_plays_dice"], tag=tag,
              extra_env={"BOARD_TOP": name, "PARAM_GAMES": str(games)})


@pytest.mark.parametrize("name, hdl", ulx3s_twins(TOPS))
def test_board_top_dice(name, hdl):
    plays_dice(name, hdl, GAMES[hdl])


@pytest.mark.deep
@pytest.mark.verilog
def test_board_top_dice_games_in_verilog():
    plays_dice(TOPS[0], "verilog", GAMES["vhdl"], tag="-games")
