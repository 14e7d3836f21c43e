"""equity_lane against its golden twins, count for count: Monte Carlo runs (golden/equity/readable.py
lane_monte_carlo) from several seeds and lane numbers, random and known opponents, known board
cards and dead cards, nothing to deal, a quota of zero, the bonus trial, a reset in the middle
of a run; exact shares of boards (golden/equity/exact.py exact_share: every board missing from
none to five cards, one and two random hands, the bonus board); for one opponent seat (the
committed default) and for three (known, random and absent seats mixed); and the counted
trials per clock of a long run (lane_throughput, which make bench runs)."""

import json
import os

import pytest

import cocotb
from cocotb.triggers import ClockCycles, FallingEdge, RisingEdge

from clocked import ClockedTB
from harness import DEPTHS, in_turns, param, run_block
from pokerhdl.odds.calculator import make_setup
from pokerhdl.golden.cards import DECK, parse_cards as cards
from pokerhdl.golden.equity.readable import TIE_UNITS, lane_monte_carlo
from pokerhdl.golden.equity.deal import LaneConfig, counted_fraction, lane_slots, stream_seed
from pokerhdl.golden.equity.exact import board_count, colex_unrank, exact_clocks, exact_share
from pokerhdl.golden.rng import split_words
from pokerhdl.rtl.equity.lane import lane_depth
from pokerhdl.rtl.equity.lane_tally import COUNTERS, HEADS_UP_COUNTERS, TRIAL_BITS, counts_in_ram

IDLE = {"n": 0, "mask": 0, "dealt": 0, "fixed_cards": 0, "hero_cards": 0, "active": 0,
        "rem_we": 0, "rem_addr": 0, "rem_data": 0, "load": 0, "load_slot": 0, "load_index": 0,
        "seed_word": 0, "exact": 0,
        "start": 0, "quota": 0, "bonus": 0, "shift": 0}

CASES = {   # opponents seats -> (hero, opponents, board, dead, seed, quota)
    1: [("AhAs", [None], "", "", 1, 500),
        ("KcQc", ["7d7s"], "2c8dTh", "3s4s", 0xDEADBEEF, 400),
        ("Td6h", [None], "7d8dJs6s9h", "", 2 ** 127 + 5, 300),
        ("2c3d", ["2d3c"], "AhKhQhJhTh", "", 9, 40),              # nothing dealt: all ties
        ("9s8s", [None], "", "AcAdAhKcKd", 77, 0),                # quota 0: done, no counts
        ("9s8s", [None], "", "AcAdAhKcKd", 78, (0, 1)),           # quota 0 and the bonus
        ("AhAs", [None], "2d", "", 79, (120, 1))],                # 120 and the bonus
    3: [("AhKd", [None, "QcQd", None], "", "", 3, 250),
        ("5c5d", [None, None], "Ks9c2h", "Jd", 11, 200),          # seat 3 absent
        ("AsKs", ["QhQs", "JcTc", None], "4s5s6d7c", "", 5, 200)],
}

class Leaving(str):
    """Dead cards: every card but these and the setup's known ones (a small deck to enumerate)."""

    def dead(self, hero, opponents, board):
        keep = set(cards(self + hero + board + "".join(o or "" for o in opponents)))
        return [c for c in DECK if c not in keep]


EXACT_CASES = {   # opponents seats -> (hero, opponents, board, dead, first board, boards)
    1: [("AhKd", [None], "2c7d9hTsJs", "", 0, 1),                # the river known: one board
        ("AhKd", ["QsQd"], "2c7d9h", "", 300, 200),
        ("AhKd", [None], "2c7d9hTs", "", 5, (1, 1)),             # and the bonus board
        ("AdAc", ["KhKs"], "", "", 1_000_000, 300),
        ("9s8s", [None], "", Leaving("7s6s5sAcAdKhKcQhQcJd2h3d4c"), 30, 4),      # n = 13
        ("AhKd", [None], "2c7d9hTs", Leaving("QsQdJc"), 0, 3)],   # n = 3: a hold in 3 deals
    3: [("5c5d", [None, None], "KsQh2h", Leaving("5h5s9s9h8c8dTs"), 7, 2)],  # n = 7
}
# the deep stage's (depth long): the full deck (a known river, 861 deals a board; the
# heads-up lane's full-deck boards are the regression's), more boards of a random hand, both
# seats random on a bigger deck (2,970 deals; the 3-seat lane deals some 70 a second in Icarus),
# all three seats random (3,600 clocks)
EXACT_LONG = {
    1: [("AhKd", [None], "2c7d9hTs", "", 5, (7, 1))],
    3: [("5c5d", [None, None, None], "KsQh2hAs7d", Leaving("5h5s9s9h8c8d"), 0, 1),  # n = 6
        ("AsKs", ["QhQs", "JcTc", None], "4s5s6d7c", "", 10, 2),
        ("5c5d", [None, None], "KsQh2h", Leaving("5h5s9s9h8c8dTsTc4h"), 7, 2),  # n = 9
        ("5c5d", [None, None], "KsQh2hAs7d", Leaving("5h5s9s9h8c8dTsTc4h3s2c7h"), 0, 1)],
}


def pack(values, bits=6):
    return sum(v << (bits * i) for i, v in enumerate(values))


class LaneTB(ClockedTB):
    def __init__(self, dut, opponents):
        super().__init__(dut, idle=IDLE)
        self.opponents = opponents

    async def configure(self, config):
        dut = self.dut
        await FallingEdge(dut.clk)
        dut.n.value, dut.mask.value, dut.dealt.value = config.n, config.mask, config.dealt
        dut.fixed_cards.value = pack(config.fixed)
        dut.hero_cards.value = pack(config.hero)
        dut.active.value = config.active
        dut.rem_we.value = 1
        for position, card in enumerate(config.remaining):
            dut.rem_addr.value, dut.rem_data.value = position, card
            await FallingEdge(dut.clk)
        dut.rem_we.value = 0

    async def load_seed(self, seed, lane):
        """Every slot's stream seed (as the engine computes it), a word per clock."""
        dut = self.dut
        dut.load.value = 1
        for slot in range(lane_slots(self.opponents)):
            for index, word in enumerate(split_words(stream_seed(seed, lane, slot))):
                dut.load_slot.value, dut.load_index.value, dut.seed_word.value = \
                    slot, index, word
                await FallingEdge(dut.clk)
        dut.load.value = 0

    async def run(self, quota, limit):
        """Start, wait for done; the clocks from start to done. quota: a count, or (count,
        bonus)."""
        dut = self.dut
        quota, bonus = quota if isinstance(quota, tuple) else (quota, 0)
        dut.quota.value, dut.bonus.value, dut.start.value = quota, bonus, 1
        await FallingEdge(dut.clk)
        dut.start.value = 0
        for clocks in range(1, limit):
            await FallingEdge(dut.clk)
            if int(dut.done.value):
                return clocks
        raise AssertionError(f"no done within {limit} clocks")

    async def load_board(self, setup, first):
        """The digits of the board ranked ``first`` (colex) into the dealt board slots."""
        dut = self.dut
        dut.load.value, dut.load_index.value = 1, 0
        for slot, position in enumerate(colex_unrank(first, 5 - len(setup.board))):
            dut.load_slot.value, dut.seed_word.value = slot, position
            await FallingEdge(dut.clk)
        dut.load.value = 0

    async def read_counts(self, players):
        """The readout chain, counter by counter (chain_widths)."""
        dut = self.dut
        data = []
        for _ in range(sum(chain_widths(players)) // 8):
            data.append(int(dut.chain_out.value))
            dut.shift.value = 1                  # a pulse moves the chain a byte, counter
            await FallingEdge(dut.clk)           # after counter: the next byte is out two
            dut.shift.value = 0                  # clocks later
            for _ in range(2):
                await FallingEdge(dut.clk)
        counts, at = [], 0
        for bits in chain_widths(players):
            counts.append(int.from_bytes(bytes(data[at:at + bits // 8]), "little"))
            at += bits // 8
        return counts


def chain_widths(players):
    """The counters of a lane's chain, in bits: the trials, then per player wins, ties, units;
    a heads-up lane's trials, wins, wins and ties."""
    if not counts_in_ram(players):
        return [bits for _, bits in HEADS_UP_COUNTERS]
    return [TRIAL_BITS] + [bits for _ in range(players) for _, bits in COUNTERS]


def chain_counts(result, players):
    """What a lane's readout chain holds for a golden Result. Heads-up, both players tie
    together with TIE_UNITS / 2 units each (the golden model's own counts say so here), and
    the chain holds the trials, each player's wins and the ties."""
    if not counts_in_ram(players):
        assert result.players == 2 and result.ties[0] == result.ties[1]
        assert result.tie_units == [t * (TIE_UNITS // 2) for t in result.ties]
        return [result.trials, result.wins[0], result.wins[1], result.ties[0]]
    rows = [[result.wins[p], result.ties[p], result.tie_units[p]]
            for p in range(result.players)]
    rows += [[0, 0, 0]] * (players - result.players)
    return [result.trials] + [count for row in rows for count in row]


def expected_counts(setup, quota, seed, lane, players):
    return chain_counts(lane_monte_carlo(setup, quota, seed, lane), players)


async def check_case(tb, case, lane):
    hero, opponents, board, dead, seed, quota = case
    trials = sum(quota) if isinstance(quota, tuple) else quota     # (quota, bonus): one more
    setup = make_setup(hero, opponents, board, dead)
    config = LaneConfig.of(setup, tb.opponents)
    await tb.configure(config)
    await tb.load_seed(seed, lane)
    fraction = counted_fraction(config.n, setup.dealt_slots())
    await tb.run(quota, int(trials / fraction * 1.5) + 2 * lane_depth(tb.opponents) + 50)
    got = await tb.read_counts(1 + tb.opponents)
    assert got == expected_counts(setup, trials, seed, lane, 1 + tb.opponents), \
        f"{setup.describe()} seed {seed}"


@cocotb.test()
async def lane_counts_as_golden(dut):
    opponents = param("opponents", 1)
    lane = param("lane", 0)
    tb = LaneTB(dut, opponents)
    await tb.reset()
    for case in CASES[opponents]:
        await check_case(tb, case, lane)


@cocotb.test()
async def lane_enumerates_as_golden(dut):
    """Exact shares: the deals of each board, one a clock (and one held at each wrap of the
    innermost random hand), void deals left out."""
    opponents = param("opponents", 1)
    tb = LaneTB(dut, opponents)
    await tb.reset()
    dut.exact.value = 1
    cases = EXACT_LONG if param("depth") == "long" else EXACT_CASES
    for hero, opps, board, dead, first, boards in cases[opponents]:
        count = sum(boards) if isinstance(boards, tuple) else boards
        if isinstance(dead, Leaving):
            dead = dead.dead(hero, opps, board)
        setup = make_setup(hero, opps, board, dead)
        await tb.configure(LaneConfig.of(setup, opponents))
        await tb.load_board(setup, first)
        dealing = count * exact_clocks(setup) // board_count(setup)
        clocks = await tb.run(boards, dealing + 2 * lane_depth(opponents) + 100)
        assert clocks >= dealing, "a deal a clock at most, a clock more a wrap of the inner hand"
        got = await tb.read_counts(1 + opponents)
        assert got == chain_counts(exact_share(setup, first, count), 1 + opponents), \
            f"{setup.describe()} boards {first}..{first + count - 1}"
    dut.exact.value = 0


@cocotb.test()
async def reset_mid_run_then_a_clean_run(dut):
    opponents = param("opponents", 1)
    tb = LaneTB(dut, opponents)
    await tb.reset()
    hero, opps, board, dead, seed, quota = CASES[opponents][0]
    config = LaneConfig.of(make_setup(hero, opps, board, dead), opponents)
    await tb.configure(config)
    await tb.load_seed(seed, param("lane", 0))
    dut.quota.value, dut.start.value = 10_000, 1
    await RisingEdge(dut.clk)
    dut.start.value = 0
    await ClockCycles(dut.clk, 37)
    await tb.reset()
    assert int(dut.done.value), "a reset lane is idle"
    await check_case(tb, CASES[opponents][1], param("lane", 0))


@cocotb.test()
async def lane_throughput(dut):
    """Counted trials per clock (make bench), every seat random, still checked against golden:
    a run of q trials and one of 2q from the same seed; the second deals the first's q trials
    again, so the difference of their clocks is what q more trials take, with no start or
    drain in it. THROUGHPUT_OUT names a file for the figures; THROUGHPUT_TRIALS sets q (60 in
    the regression: Icarus runs a lane at a few hundred clocks a second)."""
    opponents, lane = param("opponents", 1), param("lane", 0)
    quota = int(os.environ.get("THROUGHPUT_TRIALS", "60"))      # make bench sets more
    tb = LaneTB(dut, opponents)
    await tb.reset()
    setup = make_setup("AhKd", [None] * opponents)
    config = LaneConfig.of(setup, opponents)
    await tb.configure(config)
    fraction = counted_fraction(config.n, setup.dealt_slots())
    clocks = []
    for q in (quota, 2 * quota):
        await tb.load_seed(2026, lane)
        clocks.append(await tb.run(q, int(q / fraction * 1.5) + 200))
        assert await tb.read_counts(1 + opponents) == expected_counts(setup, q, 2026, lane,
                                                                      1 + opponents)
    steady = quota / (clocks[1] - clocks[0])
    if os.environ.get("THROUGHPUT_OUT"):
        with open(os.environ["THROUGHPUT_OUT"], "w") as out:
            json.dump({"trials": quota, "clocks": clocks, "per_clock": steady,
                       "expected": fraction}, out)
    assert abs(steady - fraction) < 5 * (fraction * (1 - fraction) / quota) ** 0.5 + 0.01


# on the netlist (tb/gates/, slow): the Monte Carlo runs and a reset mid-run (the engine's
# netlist test runs exact enumerations through a lane)
GATE_LEVEL = ["lane_counts_as_golden", "reset_mid_run_then_a_clean_run"]


@pytest.mark.parametrize("depth", DEPTHS)
@pytest.mark.parametrize("hdl,opponents,lane", in_turns([pytest.param(1, 0, id="1-0"),
                                                         pytest.param(3, 6, id="3-6")]))
def test_equity_lane(hdl, opponents, lane, depth):
    """The regression runs every test of the lane; the deep stage the longer enumerations,
    after the Monte Carlo runs as in the regression. An exact run first after power-up never
    ends in Icarus: the lane's registers without a reset (data and bounds that a run loads)
    start unknown there, where GHDL starts them at their initial values as the FPGA does; an
    exact run after a reset that follows any run ends as golden."""
    run_block("equity_lane", hdl, __name__, params={"opponents": opponents},
              extra_env={"PARAM_LANE": str(lane), "PARAM_DEPTH": f'"{depth}"'},
              testcase=(["lane_counts_as_golden", "lane_enumerates_as_golden"]
                        if depth == "long" else GATE_LEVEL if hdl == "gates" else None),
              tag=f"-lane{lane}-{depth}")
