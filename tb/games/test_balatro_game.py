"""The Balatro controller (pokerhdl/games/balatro/game.py) against the golden game, both languages:
after every move the answer and every view port (the run's observables, the hand slot by
slot, the preview of the switches) are the golden ones. Every scoring case worked out by hand
in tb/golden/test_golden_balatro.py (each category with its scoring cards, kickers that do not score,
the wheel, a flush that is also a straight, fewer than five cards) is dealt, previewed and
played; random agents play whole runs of several rule sets (the game's, small antes that are
won, cards that run out, the reference's played-out round); a reset mid-move starts a clean
run, on the title first (no deck taken until a move, any move, starts the run)."""

import json
import os
import random

import cocotb
import pytest
from cocotb.triggers import ClockCycles, FallingEdge

from balatro_checks import DeckList, random_move, random_selection
from harness import DEPTHS, HDLS, in_turns, param, run_block
from balatro_checks import SCORES, cards, deck_of
from pokerhdl.games.balatro.game import BAD_OP
from pokerhdl.golden.balatro.game import (ACT_DISCARD, ACT_NEW_RUN, ACT_PLAY, ACT_SORT_RANK,
                                          ACT_SORT_SUIT, PHASE_PLAYING)
from balatro_tb import GameTB

RULE_SETS = {
    "default": {},
    "won": {"antes": 2, "ante_bases": [40, 100]},
    "cards-run-out": {"hands": 9, "discards": 8, "hand_size": 6, "antes": 2,
                      "ante_bases": [400, 600]},
    "reference": {"antes": 1, "blinds_per_ante": 1, "hands": 4, "discards": 4,
                  "play_out": True},
}


@cocotb.test()
async def scoring_cases(dut):
    """Each hand-computed case: dealt on top of a deck, previewed, then played."""
    decks = DeckList(seed=3)
    tb = GameTB(dut, decks)
    await tb.start()
    for text, cat, chips, mult, score, _ in SCORES:
        top = cards(text)
        decks.add(deck_of(text))
        await tb.play_move(ACT_NEW_RUN)
        assert list(tb.game.hand[:len(top)]) == top
        mask = (1 << len(top)) - 1
        await tb.check(mask)
        assert (tb.game.preview(mask).score, int(dut.view_pick_chips.value),
                int(dut.view_pick_mult.value)) == (score, chips, mult), text
        await tb.play_move(ACT_PLAY, mask, selection=mask)
        assert (tb.game.last_score, int(dut.view_last_score.value)) == (score, score), text


@cocotb.test()
async def random_runs(dut):
    """Random agents play whole runs; a bad op code is answered BAD_OP and changes nothing."""
    rules_name = param("rules_name")
    rng = random.Random(rules_name)
    decks = DeckList(seed=rng.getrandbits(64) or 1)
    tb = GameTB(dut, decks)
    await tb.start()
    ends, moves = [], param("moves")
    while tb.moves < moves:
        g = tb.game
        if g.phase != PHASE_PLAYING:
            ends.append((g.phase, g.ante, g.blind))
            await tb.play_move(ACT_NEW_RUN)
            continue
        action, mask = random_move(rng, g)
        await tb.play_move(action, mask, random_selection(rng, g))
    assert await tb.move(BAD_OP, 1) == BAD_OP
    await tb.wait_ready()
    await tb.check(0)
    dut._log.info(f"{rules_name}: {tb.moves} moves, runs ended (phase, ante, blind): {ends}")


@cocotb.test()
async def reset_mid_move(dut):
    """A reset at any clock of a move (a play's scoring, the draw, a blind's drain) starts a
    clean run on the next deck."""
    rng = random.Random(7)
    decks = DeckList(seed=7)
    tb = GameTB(dut, decks)
    await tb.start()
    for trial in range(6):
        for _ in range(rng.randint(1, 6)):
            await tb.play_move(*random_move(rng, tb.game))
        d = dut
        await FallingEdge(d.clk)
        d.cmd_op.value, d.cmd_mask.value, d.cmd_valid.value = ACT_PLAY, 1, 1
        await ClockCycles(d.clk, rng.randint(1, 40))
        await tb.start(first=trial % 5)         # checks every view port of the title, then
                                                # of the clean run the first move starts


@cocotb.test()
async def move_latency(dut):
    """Clocks from a move's acceptance (cmd_valid and cmd_ready) to its answer, and for a
    play to the new score, for each kind of move (make bench's figures; BENCH_OUT: a JSON
    file for them). The plays must change the score."""
    decks = DeckList(seed=9)
    tb = GameTB(dut, decks)
    await tb.start()
    figures = {}
    for name, action, mask in (("play", ACT_PLAY, 0b11111), ("discard", ACT_DISCARD, 0b111),
                               ("sort by rank", ACT_SORT_RANK, 0), ("sort by suit",
                                                                     ACT_SORT_SUIT, 0),
                               ("refused play", ACT_PLAY, 0), ("new run", ACT_NEW_RUN, 0)):
        await tb.play_move(action, mask)
        figures[name] = {"answer": tb.clocks, "score": tb.scored}
    assert figures["play"]["score"] is not None and figures["discard"]["score"] is None
    dut._log.info(f"move latency (clocks): {figures}")
    if os.environ.get("BENCH_OUT"):
        with open(os.environ["BENCH_OUT"], "w") as f:
            json.dump(figures, f)


@pytest.mark.parametrize("hdl", HDLS)
def test_scoring_and_reset(hdl):
    run_block("balatro_game", hdl, __name__,
              testcase=["scoring_cases", "reset_mid_move", "move_latency"])


# random moves a rule set's run gets: the regression's, and the deep stage's (which goes on
# from the same seed: its first moves are the regression's)
RANDOM_MOVES = {"short": 100, "long": 400}


@pytest.mark.parametrize("depth", DEPTHS)
@pytest.mark.parametrize("hdl,rules_name", in_turns([pytest.param(r, id=r) for r in RULE_SETS]))
def test_random_runs(hdl, rules_name, depth):
    params = {**RULE_SETS[rules_name]}
    run_block("balatro_game", hdl, __name__, params=params, testcase=["random_runs"],
              extra_env={"PARAM_RULES_NAME": f'"{rules_name}"',
                         "PARAM_MOVES": str(RANDOM_MOVES[depth])},
              tag=f"-{rules_name}-{depth}")
