"""The emulator's monitor read back as text (pokerhdl/sim/monitor.py), on golden frames: every
text row reads as the text the golden screen wrote, every card's rank, small suit and the four
quarters of its big suit read as that card, each in its ink on its paper; the terminal's colour
numbers are the nearest. (The pins to pixels part runs on Verilator: tb/test_emulator.py.)"""

import random

from pokerhdl.golden.balatro.game import BalatroGame
from pokerhdl.golden.balatro.screen import (BLACK, CARD_COL0, CARD_PITCH, CARD_ROW, FELT, RED,
                                            TEXT, WHITE, frame, rank_text, texts)
from pokerhdl.golden.cards import DECK
from pokerhdl.golden.font import SUIT_CHARS
from pokerhdl.sim.monitor import read_screen, screen_text
from pokerhdl.sim.monitor_view import terminal_colour


def test_golden_frames_read_back():
    rng = random.Random(3)
    for trial in range(4):
        deck = list(DECK)
        rng.shuffle(deck)
        game = BalatroGame(lambda: list(deck))
        selection = rng.randrange(256) & 0b11111
        if trial:
            game.play(0b11 << trial)
        cells = read_screen(frame(game.observe(), selection))
        lines = screen_text(cells)
        for row, text in texts(game.observe(), selection).items():
            assert lines[row] == ("  " + text).rstrip()     # a blank row reads as ""
            assert all(cells[row][2 + k].ink == TEXT and cells[row][2 + k].paper == FELT
                       for k, ch in enumerate(text) if ch != " ")
        for k, code in enumerate(game.hand):
            top, col = CARD_ROW - (selection >> k & 1), CARD_COL0 + CARD_PITCH * k
            suit, ink = SUIT_CHARS[code & 3], RED if code & 3 in (1, 2) else BLACK
            rank = "".join(cells[top][col + 1 + i].char for i in range(len(rank_text(code))))
            assert rank == rank_text(code) and cells[top + 1][col + 1].char == suit
            quarters = [cells[top + 2 + y][col + 2 + x] for y in (0, 1) for x in (0, 1)]
            assert [c.char for c in quarters] == [suit] * 4
            assert {(c.ink, c.paper) for c in quarters} == {(ink, WHITE)}


def test_terminal_colours():
    assert terminal_colour(0x000, 256) == 16 and terminal_colour(0xFFF, 256) == 231
    assert terminal_colour(0xD11, 256) == 16 + 36 * 4 + 6 * 0 + 0
    assert terminal_colour(0xD11, 8) == 1 and terminal_colour(0x142, 8) == 0
    assert terminal_colour(0xFFF, 8) == 7
