"""The Balatro controller (pokerhdl/games/balatro/game.py) against the golden game, both languages:
after every move the answer and every view port (the run's observables, the hand slot by
slot, the preview of the switches) are the golden ones. Every scoring case worked out by hand
in tb/test_golden_balatro.py (each category with its scoring cards, kickers that do not score,
the wheel, a flush that is also a straight, fewer than five cards) is dealt, previewed and
played; random agents play whole runs of several rule sets (the game's, small antes that are
won, cards that run out, the reference's played-out round); a reset mid-move starts a clean
run, on the title first (no deck taken until a move, any move, starts the run)."""

import json
import os
import random

import cocotb
import pytest
from cocotb.triggers import ClockCycles, FallingEdge, ReadOnly, RisingEdge

from balatro_checks import DeckList, expected_view, random_move, random_selection
from clocked import ClockedTB
from harness import DEPTHS, HDLS, in_turns, param, run_block
from test_golden_balatro import SCORES, cards, deck_of
from pokerhdl.games.balatro.game import BAD_OP, PREVIEW_LATENCY, rules_of
from pokerhdl.golden.balatro.game import (ACT_DISCARD, ACT_NEW_RUN, ACT_PLAY, ACT_SORT_RANK,
                                     ACT_SORT_SUIT, PHASE_PLAYING, PHASE_TITLE, BalatroGame)

RULE_SETS = {
    "default": {},
    "won": {"antes": 2, "ante_bases": [40, 100]},
    "cards-run-out": {"hands": 9, "discards": 8, "hand_size": 6, "antes": 2,
                      "ante_bases": [400, 600]},
    "reference": {"antes": 1, "blinds_per_ante": 1, "hands": 4, "discards": 4,
                  "play_out": True},
}
RULE_KEYS = ("hands", "discards", "hand_size", "max_select", "antes", "blinds_per_ante",
             "ante_bases", "play_out")
VIEW = ("hand_len", "phase", "ante", "blind", "target", "score", "hands_left", "discards_left",
        "deck_left", "result", "last_category", "last_chips", "last_mult", "last_score",
        "pick_count", "pick_category", "pick_chips", "pick_mult")


def rules_from_env():
    return rules_of(**{k: param(k) for k in RULE_KEYS if param(k) is not None})


class GameTB(ClockedTB):
    idle_values = {"cmd_valid": 0, "cmd_op": 0, "cmd_mask": 0, "selection": 0,
                   "deck_data": 0, "deck_valid": 0}

    def __init__(self, dut, decks):
        super().__init__(dut)
        self.rules = rules_from_env()
        self.decks = decks
        self.queue = []
        self.game = None
        self.moves = 0
        cocotb.start_soon(self.feed())

    async def feed(self):
        """The deck stream: a new deck at each deck_start, which must find the last one
        drained. Between decks it sleeps until deck_start rises (a register: just after a
        rising edge, so the deck is offered from the next falling edge, as at every clock)."""
        d = self.dut
        clk, valid, ready, start, data = (d.clk, d.deck_valid, d.deck_ready, d.deck_start,
                                          d.deck_data)
        while True:
            if not self.queue:
                await RisingEdge(start)
                await FallingEdge(clk)
                self.queue = list(self.decks.hardware())
                valid.value, data.value = 1, self.queue[0]
                continue
            await RisingEdge(clk)
            await ReadOnly()
            took = valid.value == 1 and ready.value == 1
            started = start.value == 1
            await FallingEdge(clk)
            if took:
                self.queue.pop(0)
            if started:
                assert not self.queue, f"{len(self.queue)} cards of the last deck not drained"
                self.queue = list(self.decks.hardware())
            valid.value = int(bool(self.queue))
            data.value = self.queue[0] if self.queue else 0

    async def start(self, first=ACT_PLAY):
        """Reset: the title (no deck taken), checked; then the first move, ``first`` with
        nothing selected (a refused play were the run dealt), starts a clean run on the next
        deck, as it does the golden game's."""
        self.queue = []
        await self.reset(idle=True)
        self.game = BalatroGame(self.decks.golden, self.rules, title=True)
        await self.wait_ready()
        await self.check(0b1011)
        assert self.game.phase == PHASE_TITLE
        await self.play_move(first)

    async def wait_ready(self, clocks=400):
        for _ in range(clocks):
            await RisingEdge(self.dut.clk)
            if self.dut.cmd_ready.value == 1:
                return
        raise AssertionError(f"not ready within {clocks} clocks")

    async def move(self, action, mask=0):
        """One move on the hardware; returns its answer. Keeps the clocks from the move's
        acceptance to its answer (``clocks``) and to the score's first change (``scored``,
        None when it did not change): make bench's figures."""
        d = self.dut
        before = int(d.view_score.value)
        await FallingEdge(d.clk)
        d.cmd_op.value, d.cmd_mask.value, d.cmd_valid.value = action, mask, 1
        await RisingEdge(d.clk)
        while d.cmd_ready.value != 1:
            await RisingEdge(d.clk)
        await FallingEdge(d.clk)
        d.cmd_valid.value = 0
        self.clocks, self.scored = 0, None
        while self.clocks < 400:
            if d.res_valid.value == 1:
                self.moves += 1
                return int(d.res_code.value)
            await RisingEdge(d.clk)
            await ReadOnly()
            self.clocks += 1
            if self.scored is None and int(d.view_score.value) != before:
                self.scored = self.clocks
        raise AssertionError("no answer in 400 clocks")

    async def play_move(self, action, mask=0, selection=0):
        """A move on both, then every view port checked with the switches at ``selection``."""
        code = await self.move(action, mask)
        want = self.game.act(action, mask)
        assert code == want, f"move {action} {mask:08b}: answer {code}, golden {want}"
        await self.wait_ready()
        await self.check(selection)
        return code

    async def check(self, selection):
        """The switches at ``selection``, then every view port against the golden's once the
        preview is out (preview_latency)."""
        d = self.dut
        await FallingEdge(d.clk)
        d.selection.value = selection
        await ClockCycles(d.clk, self.preview_latency + 1)
        await ReadOnly()
        want = self.expected(selection)
        got = self.shown(want)
        wrong = {k: (got[k], want[k]) for k in got if got[k] != want[k]}
        assert not wrong, f"after {self.moves} moves, (hardware, golden): {wrong}"

    preview_latency = PREVIEW_LATENCY

    def expected(self, selection):
        return expected_view(self.game, selection)

    def shown(self, want):
        """The view ports as ``want`` has them (the preview's only when there is one)."""
        d = self.dut
        flat = int(d.view_hand.value)
        got = {"hand": tuple(flat >> 6 * i & 63 for i in range(8))}
        for name in VIEW:
            if name.startswith("pick_") and name != "pick_count" and name not in want:
                continue
            got[name] = int(getattr(d, f"view_{name}").value)
        return got


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

