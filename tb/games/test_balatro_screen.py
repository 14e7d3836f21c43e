"""The Balatro VGA renderer (pokerhdl/games/balatro/screen.py) in both languages: frames
captured from its pins, pixel for pixel equal to golden/balatro_screen.frame() of the golden
state on its view inputs, the blanking black and hsync in place (tb/support/vga_capture.py).

A frame is 420,000 clocks at one pixel per clock (the variant simulated; at the board's four
clocks per pixel, 1.68 M). The pipeline moves every clock and only its input changes once a
pixel period, so one clock per pixel exercises the same logic; vga_timing's own tests cover
four. The regression draws one frame that shows every kind of cell: cards of all four suits
and a ten, raised and plain cards, the selection's hand, the last hand, a refusal, and the
numbers' leading blanks: whole in VHDL (GHDL's compiled back end, about three times Icarus's
speed), and in Verilog its top half, which holds the status lines with their numbers and the
cards (BAND; `make deep` draws the Verilog frame whole too). ``-m slow`` draws a
fresh hand, a selection, the ends of runs and random states as well. FRAMES_DIR=folder
(relative to the repository root) keeps every whole captured frame as balatro_<scene>.png
(README's pictures)."""

import random

import cocotb
import pytest

from balatro_checks import DeckList, random_move
from clocked import ClockedTB
from harness import HDLS, param
from balatro_checks import best_mask, deck_of
from pokerhdl.golden.balatro.game import (PHASE_LOST, PHASE_PLAYING, PHASE_WON, REFERENCE_ROUND,
                                          BalatroGame, Rules)
from balatro_frames import check_frame, frame_params, run_scenes


def dealt_game(top, rules=Rules()):
    decks = DeckList(crafted=[deck_of(top)])
    return BalatroGame(decks.golden, rules)


def scenes():
    """(name, game, selection) of the regression's frames."""
    g1 = dealt_game("Th 2c Ad Ks 7h 9s Jd 3c")          # all suits, a ten, red and black
    g2 = dealt_game("Qs Qd 5h 5c 9s Tc 4d Ah")
    g2.play(0b00001111)                                 # two pair: the last hand
    g2.discard(0b01000000)
    g2.play(0)                                          # refused: the message line
    return [("fresh-hand", g1, 0b00000000), ("selection", g1, 0b00110101),
            ("last-hand-and-refusal", g2, 0b10000110)]


def end_scenes():
    """The title, a run lost and a run won, and random states (under -m slow)."""
    rng = random.Random(11)
    lost = BalatroGame(DeckList(seed=5).golden, REFERENCE_ROUND)
    while lost.phase == PHASE_PLAYING:
        lost.discard(1) if lost.discards_left else lost.play(1)
    won = BalatroGame(DeckList(seed=6).golden, Rules(antes=1, ante_bases=(20,)))
    while won.phase == PHASE_PLAYING:
        won.play(best_mask(won))
    title = BalatroGame(DeckList(seed=4).golden, title=True)
    out = [("title", title, 0b101), ("run-lost", lost, 0b11), ("run-won", won, 0)]
    game = BalatroGame(DeckList(seed=12).golden)
    for k in range(3):
        for _ in range(rng.randint(1, 5)):
            action, mask = random_move(rng, game)
            game.act(action, mask)
        out.append((f"random-{k}", game, rng.randrange(256)))
        game = BalatroGame(DeckList(seed=13 + k).golden)
    return out


@cocotb.test()
async def frames_match_golden(dut):
    tb = ClockedTB(dut, idle={})
    chosen = param("scenes")
    for name, game, selection in scenes() + end_scenes():
        if name in chosen:
            await check_frame(tb, game, selection, name, lines=param("lines"))


REGRESSION = ["last-hand-and-refusal"]
SLOW = ["fresh-hand", "selection", "title", "run-lost", "run-won", "random-0", "random-1", "random-2"]


BAND = {"verilog": 240}   # the status lines, the cards (lines 110 to 225)


@pytest.mark.parametrize("hdl, lines", frame_params(BAND))
def test_frames(hdl, lines):
    run_scenes("balatro_screen", hdl, __name__, REGRESSION, lines=lines)


@pytest.mark.slow
@pytest.mark.parametrize("hdl", HDLS)
def test_more_frames(hdl):
    run_scenes("balatro_screen", hdl, __name__, SLOW, tag="-slow")


def test_scenes_are_what_they_say():
    """The scenes show what the docstring promises: the regression's frame has every kind of
    cell (cards of all four suits and a ten, raised cards, the selection's hand, the last
    hand, a refusal); the slow ones end runs."""
    s = {name: (game, sel) for name, game, sel in scenes() + end_scenes()}
    g, sel = s["last-hand-and-refusal"]
    assert {c & 3 for c in g.hand} == {0, 1, 2, 3} and any(c >> 2 == 8 for c in g.hand)
    assert g.last_category == 2 and g.result != 0 and g.preview(sel) is not None
    assert g.phase == PHASE_PLAYING and g.blind == 0
    assert s["run-lost"][0].phase == PHASE_LOST and s["run-won"][0].phase == PHASE_WON
