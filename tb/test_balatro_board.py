"""The nexys_a7_balatro board top (pokerhdl/games/balatro_board.py through the board shell),
both languages: the whole board (power-on reset, debounced buttons with bounces, synchronised
switches, the shuffler and its deck buffer, the controller, the renderer, the VGA pins, the
LEDs) plays moves made with switches and buttons exactly as the golden game does, shown in a
frame captured from the VGA pins that is pixel for pixel the golden frame.

The decks come from the shuffler inside the top: the test predicts them with the golden twins
from the default seed and the tick count the shell's ENTROPY_SIGNALS show at every press (a
blind won mid-test takes a deck that depends on them). The top runs at one pixel per clock;
the board's four clocks per pixel are vga_timing's own test. The regression checks the moves
on the LEDs and the score on the display; the frame (two minutes of Icarus) runs under
-m slow."""

import random

import cocotb
import pytest
from cocotb.triggers import ClockCycles
from cocotb.utils import get_sim_time

from balatro_checks import best_mask
from board_entropy import EntropyBoard
from harness import BUILD, HDLS, run_block
from test_board_tops import FAST
from vga_capture import capture_frame, compare_frames
from pokerhdl.games.balatro_board import MOVE_BUTTONS
from pokerhdl.games.panel import BUTTONS
from pokerhdl.golden.balatro import (ACT_DISCARD, ACT_PLAY, ACT_SORT_RANK, ACT_SORT_SUIT,
                                     BalatroGame)
from pokerhdl.golden.balatro_screen import ROW_BLIND, frame
from pokerhdl.golden.sevenseg import decimal_text, glyph
from pokerhdl.golden.vga import VGA_640X480
from pokerhdl.golden.cards import DECK_SIZE
from pokerhdl.golden.shuffle import deal

TOP = "nexys_a7_balatro"
PARAMS = {"clocks_per_pixel": 1, "debounce_ms": FAST["debounce_ms"], "refresh_hz": 500_000}


class BalatroBoard(EntropyBoard):
    def __init__(self, dut):
        super().__init__(dut, TOP)
        self.game = BalatroGame(self.golden_deck)

    def golden_deck(self):
        """A blind's deck: the entropy taken since the last one, then a whole deal."""
        return deal(self.mixed_rng(), DECK_SIZE).cards

    async def press(self, move, switches):
        """A button press (bouncing on the way down) with the switches set; the golden move."""
        dut, button = self.dut, BUTTONS.index(MOVE_BUTTONS[move])
        dut.sw.value = switches
        await ClockCycles(dut.clk, 10)
        for level in (1, 0):
            dut.btn.value = level << button
            await ClockCycles(dut.clk, 40)
            dut.btn.value = 0 if level else 1 << button
            await ClockCycles(dut.clk, 3)
            dut.btn.value = level << button
            await ClockCycles(dut.clk, 40)
        dut.btn.value = 0
        await ClockCycles(dut.clk, 300)        # the move, a blind's new deck and its digits
        self.game.act(move, switches)
        assert int(dut.led.value) & 0xFF == switches, "the LEDs echo the switches"


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
        if board.check_score:
            want = [glyph(ch) for ch in decimal_text(board.game.score, 8)]
            assert await board.shown() == want, board.game.score


@cocotb.test()
async def board_plays(dut):
    """Presses, LEDs and the score on the display (a frame is 420,000 clocks of the whole
    board, about two minutes in Icarus: the frame is checked under -m slow)."""
    board = BalatroBoard(dut)
    board.check_score = True
    await ClockCycles(dut.clk, 200)            # power-on reset, the first deck dealt
    await play_a_blind(board, random.Random(5))
    assert len(board.entropy) >= 5


@cocotb.test()
async def moves_on_the_monitor(dut):
    """The moves made during the first frame's top rows (blank in every state), then that
    frame, captured from the VGA pins, is the golden frame of the state they left."""
    board = BalatroBoard(dut)
    board.check_score = False
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
