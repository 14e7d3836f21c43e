"""The nexys_a7_balatro board top (pokerhdl/games/balatro/board.py through the board shell),
both languages: the whole board (power-on reset, debounced buttons with bounces, synchronised
switches, the shuffler with its deck buffer and words port, the run controller, the renderer,
the VGA pins, the LEDs) plays a run with progression move by move exactly as golden
BalatroRun does: the blind's moves, and in the shop the shop's moves on the same buttons
(balatro_board.button_move), shown in a frame captured from the VGA pins that is pixel for
pixel the golden frame.

One generator inside the top deals the decks and draws the shop's items: the test predicts
both with the golden twins from the default seed and the tick count the shell's
ENTROPY_SIGNALS show at every press (each press stirs it before its move draws). Power-on and
the reset button leave the title on screen and no deck dealt: the first press, whichever
button, starts the run from the entropy of that press. The top runs at one pixel per clock;
the board's four clocks per pixel are vga_timing's own test. The regression checks the moves
on the LEDs and the score on the display; the frames (a minute or two of Icarus each) run
under -m slow."""

import random

import cocotb
import pytest
from cocotb.triggers import ClockCycles
from cocotb.utils import get_sim_time

from balatro_checks import random_move
from board_entropy import EntropyBoard
from harness import BUILD, DEPTHS, HDLS, param, run_block
from board_tb import FAST
from balatro_checks import best_mask
from vga_capture import capture_frame, compare_frames
from pokerhdl.games.balatro.board import button_move, panel_leds
from pokerhdl.games.panel import BUTTONS
from pokerhdl.games.balatro.game import rules_of
from pokerhdl.golden.balatro.game import (ACT_DISCARD, ACT_NEW_RUN, ACT_PLAY, ACT_SORT_RANK,
                                          ACT_SORT_SUIT, PHASE_LOST, PHASE_PLAYING, PHASE_TITLE,
                                          PHASE_WON)
from pokerhdl.golden.balatro.run import (ACT_BUY, ACT_LEAVE, ACT_MOVE, ACT_REROLL, ACT_SELL,
                                         PHASE_SHOP, BalatroRun)
from pokerhdl.golden.balatro.screen import ROW_BLIND, frame
from pokerhdl.golden.sevenseg import decimal_text, text_glyphs
from pokerhdl.golden.vga import VGA_640X480

TOP = "nexys_a7_balatro"
# two antes of small bases, so that runs are won as well as lost
PARAMS = {"clocks_per_pixel": 1, "debounce_ms": FAST["debounce_ms"], "refresh_hz": 500_000,
          "antes": 2, "ante_bases": [40, 100]}
MOVES = 60
SETTLE = 600        # clocks after a press: its move, a play's scoring, a deck, the digits
SHOP_WEIGHTS = {ACT_BUY: 4, ACT_SELL: 1, ACT_MOVE: 1, ACT_REROLL: 1, ACT_LEAVE: 2}
# the first shop: every shop move, and refusals (two selected, nothing selected)
FIRST_SHOP = [(ACT_BUY, 0b01), (ACT_BUY, 0b10), (ACT_MOVE, 0b01), (ACT_BUY, 0b11),
              (ACT_REROLL, 0), (ACT_SELL, 0), (ACT_SELL, 0b01), (ACT_BUY, 0b10), (ACT_LEAVE, 0)]


class BalatroBoard(EntropyBoard):
    def __init__(self, dut):
        super().__init__(dut, TOP)
        self.rules = rules_of(antes=PARAMS["antes"], ante_bases=PARAMS["ante_bases"])
        self.game = BalatroRun(rng=self.rng, rules=self.rules, title=True)

    async def press(self, move, switches):
        """The button that makes ``move`` in the golden run's phase, pressed (bouncing on the
        way down) with the switches set; then the golden move, on the generator with every
        press's ticks mixed in."""
        dut, g = self.dut, self.game
        button = next(b for b in BUTTONS if button_move(b, g.phase) == move)
        dut.sw.value = switches
        await ClockCycles(dut.clk, 10)
        await self.bounce(BUTTONS.index(button))
        await ClockCycles(dut.clk, SETTLE)
        assert self.mixed_rng() is g.rng
        g.act(move, switches)
        self.check_leds(switches)

    def check_leds(self, switches):
        """LED 7..0 echo the switches, LED 15 a run won, LED 14 a run lost, LED 13 the shop."""
        want = panel_leds(self.game.phase, switches)
        assert int(self.dut.led.value) == want, (bin(int(self.dut.led.value)), bin(want))

    async def check_score(self):
        want = [g for g, _ in text_glyphs(decimal_text(self.game.score, 8, scientific=True))]
        assert await self.shown() == want, self.game.score

    async def reset_button(self):
        """CPU_RESETN pressed (active low): the title, the generator back at its seed."""
        self.dut.cpu_resetn.value = 0
        await ClockCycles(self.dut.clk, 20)
        self.dut.cpu_resetn.value = 1
        self.restart()
        self.game = BalatroRun(rng=self.rng, rules=self.rules, title=True)
        await ClockCycles(self.dut.clk, 300)
        self.check_leds(int(self.dut.sw.value))


def shop_move(rng, run):
    """A shop move with a selection: mostly one item or one joker, sometimes none or two (the
    refusals); more buys than anything else, so that jokers and planets are held."""
    move = rng.choices(list(SHOP_WEIGHTS), weights=list(SHOP_WEIGHTS.values()))[0]
    if move == ACT_BUY:
        return move, rng.choice((0b01, 0b10, 0b01, 0b10, 0, 0b11))
    if move in (ACT_SELL, ACT_MOVE):
        slots = max(1, len(run.jokers))
        return move, rng.choice((1 << rng.randrange(slots), 0, 0b11))
    return move, rng.randrange(256)


async def play_a_blind(board, rng):
    """Sorts, a discard, a refused play, then plays until one hand is left or the blind is won
    (the shop opens: its items drawn from the generator the presses stirred); the score
    checked on the display after each play."""
    moves = [(ACT_SORT_SUIT, 0), (ACT_DISCARD, 0b00100101), (ACT_SORT_RANK, 0b11),
             (ACT_PLAY, 0)]                    # the last: refused, on the message line
    for move, switches in moves:
        await board.press(move, switches)
    while board.game.hands_left > 1 and board.game.phase == PHASE_PLAYING and \
            board.game.blind == 0:
        await board.press(ACT_PLAY, best_mask(board.game) if rng.random() < 0.5 else 0b11)
        if board.checking:
            await board.check_score()


@cocotb.test()
async def board_plays(dut):
    """A scripted blind won by greedy plays, every shop move (and refusals) in its shop, the
    reset button, a new run; in the deep stage (depth long) random agents (switches and
    buttons) then play runs to their end, won and lost, shopping between blinds, the reset
    button in the middle. After every move the LEDs and the score on the display are the
    golden run's (a frame is 420,000 clocks of the whole board, about a minute in Icarus: the
    frames are checked under -m slow)."""
    board = BalatroBoard(dut)
    board.checking = True
    rng = random.Random(5)
    await ClockCycles(dut.clk, 200)            # power-on reset: the title, no deck dealt
    assert board.game.phase == PHASE_TITLE and not board.entropy
    await board.check_score()
    await play_a_blind(board, rng)             # its first press deals, from its own timing
    if param("depth", "short") == "short":
        while board.game.phase == PHASE_PLAYING:
            await board.press(ACT_PLAY, best_mask(board.game))
            await board.check_score()
        assert board.game.phase == PHASE_SHOP, board.game.phase
        for action, switches in FIRST_SHOP:
            await board.press(action, switches)
            await board.check_score()
        await board.reset_button()
        await board.press(ACT_NEW_RUN, 0b101)  # the title: any button deals a new run
        await board.check_score()
        assert board.game.phase == PHASE_PLAYING
        return
    ends, shop_moves = [], set()
    for move in range(MOVES):
        g = board.game
        if move == MOVES // 2:
            await board.reset_button()
        elif g.phase == PHASE_SHOP and not shop_moves:
            for action, switches in FIRST_SHOP:
                await board.press(action, switches)
                await board.check_score()
            shop_moves.update(action for action, _ in FIRST_SHOP)
        elif g.phase == PHASE_SHOP:
            action, switches = shop_move(rng, g)
            await board.press(action, switches)
            shop_moves.add(action)
        elif g.phase != PHASE_PLAYING:
            ends += [g.phase] if g.phase != PHASE_TITLE else []
            await board.press(ACT_NEW_RUN, rng.randrange(256))
        elif rng.random() < 0.8:
            # greedy until a run is won, then single cards (4 x 16 < the boss's 80): both ends
            one_card = 1 << rng.randrange(len(g.hand))
            await board.press(ACT_PLAY, one_card if PHASE_WON in ends else best_mask(g))
        else:
            await board.press(*random_move(rng, g))
        await board.check_score()
    assert PHASE_WON in ends and PHASE_LOST in ends, ends
    assert shop_moves == set(SHOP_WEIGHTS), shop_moves
    dut._log.info(f"{MOVES} random moves, runs ended {ends}, shop moves {sorted(shop_moves)}, "
                  f"{len(board.entropy)} presses")


async def frame_after(board, moves, selection, name):
    """The moves (during the first frame's top rows, blank in every state), then that frame,
    captured from the VGA pins, is the golden frame of the state they left."""
    dut = board.dut
    capture = cocotb.start_soon(capture_frame(dut.clk, (dut.vga_r, dut.vga_g, dut.vga_b),
                                              dut.vga_hs, dut.vga_vs, board.clock_ns,
                                              after_reset=True))
    await ClockCycles(dut.clk, 200)
    await moves()
    dut.sw.value = selection
    await ClockCycles(dut.clk, 100)
    first_text_row = ROW_BLIND * 16 * VGA_640X480.h.total
    assert get_sim_time("ns") / board.clock_ns < first_text_row, "moves took too long"
    got = await capture
    compare_frames(got, frame(board.game.observe(), selection), BUILD / "frames", name)
    dut._log.info(f"{name} frame equal to the golden one after {len(board.entropy)} presses")


@cocotb.test()
async def moves_on_the_monitor(dut):
    """A blind played from the first press: its frame is the golden one."""
    board = BalatroBoard(dut)
    board.checking = False
    await frame_after(board, lambda: play_a_blind(board, random.Random(5)), 0b10011000, "board")


@cocotb.test()
async def shop_on_the_monitor(dut):
    """The first blind won by greedy plays, a planet or joker bought in the shop: the shop's
    frame (money, the offer, the jokers, the levels) is the golden one."""
    board = BalatroBoard(dut)
    board.checking = False

    async def to_the_shop():
        while board.game.phase != PHASE_SHOP:
            assert board.game.phase in (PHASE_TITLE, PHASE_PLAYING), board.game.phase
            await board.press(ACT_PLAY, best_mask(board.game) if board.game.hand else 0)
        await board.press(ACT_BUY, 0b01)
    await frame_after(board, to_the_shop, 0b01, "board_shop")


@pytest.mark.parametrize("depth", DEPTHS)
@pytest.mark.parametrize("hdl", HDLS)
def test_board_plays(hdl, depth):
    run_block(TOP, hdl, __name__, params=PARAMS, testcase=["board_plays"],
              extra_env={"BOARD_TOP": TOP, "PARAM_DEPTH": f'"{depth}"'}, tag=f"-{depth}")


@pytest.mark.slow
@pytest.mark.parametrize("hdl", HDLS)
@pytest.mark.parametrize("scene", ["moves_on_the_monitor", "shop_on_the_monitor"])
def test_board_frame(hdl, scene):
    """Each from power-on (the frame's capture starts at the power-on reset)."""
    run_block(TOP, hdl, __name__, params=PARAMS, testcase=[scene], extra_env={"BOARD_TOP": TOP})
