"""The nexys_a7_balatro board top (pokerhdl/games/balatro_board.py through the board shell),
both languages: the whole board (power-on reset, debounced buttons with bounces, synchronised
switches, the shuffler and its deck buffer, the controller, the renderer, the VGA pins, the
LEDs) plays moves made with switches and buttons exactly as the golden game does, shown in a
frame captured from the VGA pins that is pixel for pixel the golden frame.

The decks come from the shuffler inside the top: the test predicts them with the golden twins
from the default seed and the tick count the shell's ENTROPY_SIGNALS show at every press (a
blind won mid-test takes a deck that depends on them). Power-on and the reset button leave
the title on screen and no deck dealt: the first press, whichever button, deals the first deck
from the entropy of that press. The top runs at one pixel per clock;
the board's four clocks per pixel are vga_timing's own test. The regression checks the moves
on the LEDs and the score on the display; the frame (two minutes of Icarus) runs under
-m slow."""

import random

import cocotb
import pytest
from cocotb.triggers import ClockCycles
from cocotb.utils import get_sim_time

from balatro_checks import random_move
from board_entropy import EntropyBoard
from harness import BUILD, HDLS, run_block
from test_board_tops import FAST
from test_golden_balatro import best_mask
from vga_capture import capture_frame, compare_frames
from pokerhdl.games.balatro_board import MOVE_BUTTONS
from pokerhdl.games.panel import BUTTONS
from pokerhdl.games.balatro import rules_of
from pokerhdl.golden.balatro import (ACT_DISCARD, ACT_NEW_RUN, ACT_PLAY, ACT_SORT_RANK,
                                     ACT_SORT_SUIT, PHASE_LOST, PHASE_PLAYING, PHASE_TITLE,
                                     PHASE_WON, BalatroGame)
from pokerhdl.golden.balatro_screen import ROW_BLIND, frame
from pokerhdl.golden.sevenseg import decimal_text, glyph
from pokerhdl.golden.vga import VGA_640X480
from pokerhdl.golden.cards import DECK_SIZE
from pokerhdl.golden.shuffle import deal

TOP = "nexys_a7_balatro"
# two antes of small bases, so that runs are won as well as lost
PARAMS = {"clocks_per_pixel": 1, "debounce_ms": FAST["debounce_ms"], "refresh_hz": 500_000,
          "antes": 2, "ante_bases": [40, 100]}
MOVES = 40


class BalatroBoard(EntropyBoard):
    def __init__(self, dut):
        super().__init__(dut, TOP)
        self.game = BalatroGame(self.golden_deck, rules_of(antes=PARAMS["antes"],
                                                           ante_bases=PARAMS["ante_bases"]),
                                title=True)

    def golden_deck(self):
        """A blind's deck: the entropy taken since the last one, then a whole deal."""
        return deal(self.mixed_rng(), DECK_SIZE).cards

    async def press(self, move, switches):
        """A button press (bouncing on the way down) with the switches set; the golden move."""
        dut, button = self.dut, BUTTONS.index(MOVE_BUTTONS[move])
        dut.sw.value = switches
        await ClockCycles(dut.clk, 10)
        await self.bounce(button)
        await ClockCycles(dut.clk, 300)        # the move, a blind's new deck and its digits
        self.game.act(move, switches)
        self.check_leds(switches)

    def check_leds(self, switches):
        """LED 7..0 echo the switches, LED 15 a run won, LED 14 a run lost."""
        want = switches | (self.game.phase == PHASE_WON) << 15 | \
            (self.game.phase == PHASE_LOST) << 14
        assert int(self.dut.led.value) == want, (bin(int(self.dut.led.value)), bin(want))

    async def check_score(self):
        want = [glyph(ch) for ch in decimal_text(self.game.score, 8)]
        assert await self.shown() == want, self.game.score

    async def reset_button(self):
        """CPU_RESETN pressed (active low): the title, the generator back at its seed."""
        self.dut.cpu_resetn.value = 0
        await ClockCycles(self.dut.clk, 20)
        self.dut.cpu_resetn.value = 1
        self.restart()
        self.game = BalatroGame(self.golden_deck, self.game.rules, title=True)
        await ClockCycles(self.dut.clk, 300)
        self.check_leds(int(self.dut.sw.value))


async def play_a_blind(board, rng):
    """Sorts, a discard, a refused play, then plays until one hand is left or the blind is won
    (the next blind's deck: one the entropy of the presses shuffled); the score checked on the
    display after each play."""
    moves = [(ACT_SORT_SUIT, 0), (ACT_DISCARD, 0b00100101), (ACT_SORT_RANK, 0b11),
             (ACT_PLAY, 0)]                    # the last: refused, on the message line
    for move, switches in moves:
        await board.press(move, switches)
    while board.game.hands_left > 1 and board.game.blind == 0:
        await board.press(ACT_PLAY, best_mask(board.game) if rng.random() < 0.5 else 0b11)
        if board.checking:
            await board.check_score()


@cocotb.test()
async def board_plays(dut):
    """A scripted blind, then random agents (switches and buttons) play runs to their end and
    start new ones, the reset button in the middle: after every move the LEDs and the score on
    the display are the golden game's (a frame is 420,000 clocks of the whole board, about a
    minute in Icarus: the frame is checked under -m slow)."""
    board = BalatroBoard(dut)
    board.checking = True
    rng = random.Random(5)
    await ClockCycles(dut.clk, 200)            # power-on reset: the title, no deck dealt
    assert board.game.phase == PHASE_TITLE and not board.entropy
    await board.check_score()
    await play_a_blind(board, rng)             # its first press deals, from its own timing
    ends = []
    for move in range(MOVES):
        g = board.game
        if move == MOVES // 2:
            await board.reset_button()
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
    dut._log.info(f"{MOVES} random moves, runs ended {ends}, {len(board.entropy)} presses")


@cocotb.test()
async def moves_on_the_monitor(dut):
    """The moves made during the first frame's top rows (blank in every state), then that
    frame, captured from the VGA pins, is the golden frame of the state they left."""
    board = BalatroBoard(dut)
    board.checking = False
    capture = cocotb.start_soon(capture_frame(dut.clk, (dut.vga_r, dut.vga_g, dut.vga_b),
                                              dut.vga_hs, dut.vga_vs, board.clock_ns,
                                              after_reset=True))
    await ClockCycles(dut.clk, 200)
    await play_a_blind(board, random.Random(5))
    selection = 0b10011000
    dut.sw.value = selection
    await ClockCycles(dut.clk, 100)
    first_text_row = ROW_BLIND * 16 * VGA_640X480.h.total
    assert get_sim_time("ns") / board.clock_ns < first_text_row, "moves took too long"
    got = await capture
    compare_frames(got, frame(board.game.observe(), selection), BUILD / "frames", "board")
    dut._log.info(f"board frame equal to the golden one after {len(board.entropy)} presses")


@pytest.mark.parametrize("hdl", HDLS)
def test_board_plays(hdl):
    run_block(TOP, hdl, __name__, params=PARAMS, testcase=["board_plays"],
              extra_env={"BOARD_TOP": TOP})


@pytest.mark.slow
@pytest.mark.parametrize("hdl", HDLS)
def test_board_frame(hdl):
    run_block(TOP, hdl, __name__, params=PARAMS, testcase=["moves_on_the_monitor"],
              extra_env={"BOARD_TOP": TOP})
