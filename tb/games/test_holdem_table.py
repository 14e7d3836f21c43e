"""The Hold'em table controller against the golden engine (pokerhdl.golden.holdem.table.Table).

Every command goes to the hardware and to a golden Table; after each one the whole probe window
is read and compared with Table.observe() and the last hand's result, the result code with the
golden return code, and the log pulses with the golden log entries. The deck is the golden
deck, fed straight into s_axis with random gaps (52 cards offered: exactly 2k+5 must be taken).
Random agents (golden RandomAgent: legal moves and many illegal ones) play whole games;
invariants are checked after every command (chips conserved, no card twice, a refused command
changes nothing, the controller always answers), and reset is asserted at random moments
(mid-deal, mid-settlement) and must give a fresh game.
"""

import os
import random
import time

import pytest

import cocotb

from harness import HDLS, in_turns, run_block
from holdem_checks import check_unchanged, expected_probe
from pokerhdl.golden.holdem.contract import OP_DEAL, OP_SIT, PROBE, REF_BAD_DECK
from pokerhdl.golden.cards import NO_CARD
from pokerhdl.golden.holdem.table import (ALLIN, CALL, CHECK, FOLD, OK, PHASE_BETTING,
                                          REF_BAD_ACTION, REF_TOO_FEW_SEATS, cards_needed)
from holdem_tb import HAND_BITS, play, stacked_deck, start


@cocotb.test()
async def probe_map_and_directed(dut):
    """Unused addresses read 0; bad decks and an unknown op are refused; a split pot on the
    board; a new game in the middle of a hand."""
    tb = await start(dut, seed=11)
    every = list(range(256))
    want = expected_probe(tb.table, OK)
    hw = await tb.read(every)
    assert {a: v for a, v in hw.items() if v} == {a: v for a, v in want.items() if v}
    n = tb.n
    deck_rng = random.Random(5)
    # bad decks: nothing changes but the result code (the golden engine raises ValueError)
    for bad in ([0, 1, 2, 3, 4, 5, 6, 7, 1] + list(range(8, 52)),
                [0, 1, 2, 3, 4, 5, 6, 7, 52] + list(range(8, 52)),
                [NO_CARD] + list(range(1, 52))):
        before = await tb.read(tb.addresses)
        code, logs, done, requests, taken, _ = await tb.command(OP_DEAL, deck=bad)
        assert (code, logs, done, requests) == (REF_BAD_DECK, [], 0, 1)
        assert len(taken) == cards_needed(n)
        tb.last_code = REF_BAD_DECK
        after = await tb.check_probe("bad deck")
        assert {a: v for a, v in after.items() if a != PROBE["last_code"]} == \
            {a: v for a, v in before.items() if a != PROBE["last_code"]}
    # a sit for a seat the table lacks, or with a flag that is neither out nor in
    for seat, flag in ((n, 1), (7, 0), (0, 2), (1, 5)):
        before = await tb.read(tb.addresses)
        code, *_ = await tb.command(OP_SIT, seat, flag)
        assert code == REF_BAD_ACTION
        tb.last_code = code
        check_unchanged(before, await tb.check_probe("a sit refused"), "a sit refused")
    # everyone plays the board (a royal flush): every live seat splits the pot
    holes = {s: h for s, h in zip(range(n), ("2c3d", "4c5d", "2d3c", "4d5c"))}
    deck = stacked_deck(n, 0, holes, "AhKhQhJhTh")
    assert await tb.step(("deal",), _Fixed(deck)) == OK
    while tb.table.phase == PHASE_BETTING:
        t = tb.table
        action = CALL if t.to_call else CHECK
        assert await tb.step(("act", t.to_act, action, 0), None) == OK
    r = tb.table.result
    assert r.showdown and len(r.pots[0].winners) == n
    hw = await tb.read(every)
    want = expected_probe(tb.table, tb.last_code)
    assert {a: v for a, v in hw.items() if v} == {a: v for a, v in want.items() if v}
    # a new game in the middle of a hand, then a hand played out by all-ins
    assert await tb.step(("deal",), deck_rng) == OK
    assert await tb.step(("new_game",), deck_rng) == OK
    assert await tb.step(("deal",), deck_rng) == OK
    while tb.table.phase == PHASE_BETTING:
        t = tb.table
        legal = t.legal()
        action = ALLIN if legal.can_allin else (CALL if legal.call else FOLD)
        assert await tb.step(("act", t.to_act, action, 0), None) == OK
    tb.report("directed")


@cocotb.test()
async def seats_sitting_out(dut):
    """Seats nobody plays sit out: the others play among themselves (heads-up when two are
    left) with no chip, card or turn for the seats sitting out; one sitting back in is dealt
    into the next hand; with fewer than two seats in, a deal is refused and nothing moves."""
    tb = await start(dut, seed=21)
    n, t, deck_rng = tb.n, tb.table, random.Random(4)
    out = list(range(2, n))         # at two seats: only the refusals below
    for s in out:
        assert await tb.step(("sit", s, 1), None) == OK
    for _ in range(5):
        assert await tb.step(("deal",), deck_rng) == OK
        assert (t.sb_seat, t.bb_seat) == (t.dealer, 1 - t.dealer)
        while t.phase == PHASE_BETTING:
            assert t.to_act in (0, 1)
            assert await tb.step(("act", t.to_act, CALL if t.to_call else CHECK, 0), None) == OK
        assert all(t.stacks[s] == tb.rules.stack for s in out)
    if out:
        assert await tb.step(("sit", out[0], 0), None) == OK
        assert await tb.step(("deal",), deck_rng) == OK
        assert t.hole[out[0]][0] != NO_CARD
        assert await tb.step(("sit", 0, 1), None) == OK         # from the next deal
        while t.phase == PHASE_BETTING:
            assert await tb.step(("act", t.to_act, FOLD, 0), None) == OK
    for s in range(n):
        assert await tb.step(("sit", s, 1), None) == OK
    assert await tb.step(("deal",), deck_rng) == REF_TOO_FEW_SEATS
    assert await tb.step(("sit", 1, 0), None) == OK
    assert await tb.step(("deal",), deck_rng) == REF_TOO_FEW_SEATS
    tb.report("sitting out")


class _Fixed:
    """A stand-in deck source: shuffled_deck(rng) calls rng.shuffle; this one deals `deck`."""

    def __init__(self, deck):
        self.deck = list(deck)

    def shuffle(self, cards):
        cards[:] = self.deck


@cocotb.test()
async def random_games(dut):
    """Random agents play whole games (legal and illegal inputs), every output compared."""
    hands = int(os.environ.get("HOLDEM_HANDS", "60"))
    seed = int(os.environ.get("HOLDEM_SEED", "1"))
    tb = await start(dut, seed)
    began = time.time()
    played = await play(tb, hands, seed)
    tb.report(f"random games ({played} hands, {time.time() - began:.1f} s)")
    assert played >= hands
    assert tb.seen["showdown"] and tb.seen["fold-out"]
    assert sum(tb.seen[c] for c in range(1, 15)) > 0, "no refusal was tried"
    assert tb.seen["sit"] > 0, "no seat sat out or in"


@cocotb.test()
async def hand_counter_wraps(dut):
    """The hand counter (probe 0x5B) wraps to 0 without disturbing the game: the dealer keeps
    rotating (the first-hand rule must not come back at hand 0). Run with a narrow counter
    (hand_bits), as 65,536 hands of the real one would take hours."""
    assert HAND_BITS <= 4, "convert with a narrow hand counter (hand_bits) for this test"
    tb = await start(dut, seed=3)
    t = tb.table
    deck_rng = random.Random(9)
    dealers = []
    for _ in range(3 << HAND_BITS):
        assert await tb.step(("deal",), deck_rng) == OK   # step() compares every probe
        while t.phase == PHASE_BETTING:
            assert await tb.step(("act", t.to_act, FOLD, 0), None) == OK
        dealers.append(t.dealer)
    assert dealers == [h % tb.n for h in range(3 << HAND_BITS)]
    tb.report("hand counter wrap")


@cocotb.test()
async def reset_anywhere(dut):
    """Reset at random moments (mid-deal, mid-settlement, idle): a fresh game every time."""
    resets = int(os.environ.get("HOLDEM_RESETS", "6"))
    seed = int(os.environ.get("HOLDEM_SEED", "1")) + 100
    tb = await start(dut, seed)
    tb.gap = 0.5
    await play(tb, max(8, resets), seed, resets=resets)
    tb.report("reset anywhere")
    assert tb.seen["resets"] == resets


VARIANTS = [
    pytest.param({"players": 4}, {"HOLDEM_HANDS": "10", "HOLDEM_SEED": "4"}, id="4p"),
    pytest.param({"players": 3, "stack": 100}, {"HOLDEM_HANDS": "12", "HOLDEM_SEED": "3"},
                 id="3p-stack100"),
]


@pytest.mark.parametrize("hdl", HDLS)
def test_holdem_table(hdl):
    run_block("holdem_table", hdl, __name__, extra_env={"HOLDEM_HANDS": "30"},
              testcase=["probe_map_and_directed", "random_games", "reset_anywhere"])


@pytest.mark.parametrize("hdl", HDLS)
def test_holdem_table_sitting_out(hdl):
    run_block("holdem_table", hdl, __name__, params={"players": 4},
              testcase=["seats_sitting_out"])


@pytest.mark.parametrize("hdl,params,env", in_turns(VARIANTS))
def test_holdem_table_variants(hdl, params, env):
    run_block("holdem_table", hdl, __name__, params=params, extra_env=env,
              testcase=["random_games", "reset_anywhere"])


@pytest.mark.parametrize("hdl", HDLS)
def test_holdem_table_hand_counter(hdl):
    run_block("holdem_table", hdl, __name__, params={"players": 3, "hand_bits": 2},
              testcase=["hand_counter_wraps"])


@pytest.mark.slow
@pytest.mark.parametrize("params,env", [
    ({}, {"HOLDEM_HANDS": "1500", "HOLDEM_SEED": "21", "HOLDEM_RESETS": "60"}),
    ({"players": 4}, {"HOLDEM_HANDS": "1000", "HOLDEM_SEED": "22", "HOLDEM_RESETS": "60"}),
    ({"players": 3, "stack": 40, "small_blind": 5, "big_blind": 10},
     {"HOLDEM_HANDS": "1000", "HOLDEM_SEED": "23", "HOLDEM_RESETS": "60"}),
    ({"players": 4, "stack": 13, "small_blind": 2, "big_blind": 7},
     {"HOLDEM_HANDS": "1000", "HOLDEM_SEED": "24", "HOLDEM_RESETS": "60"}),
], ids=["2p", "4p", "3p-stack40", "4p-stack13-blinds2-7"])
@pytest.mark.parametrize("hdl", HDLS)
def test_holdem_table_long(hdl, params, env):
    run_block("holdem_table", hdl, __name__, params=params, extra_env=env,
              testcase=["random_games", "reset_anywhere"], tag="-long")
