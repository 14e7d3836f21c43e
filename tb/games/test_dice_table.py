"""The dice table controller (pokerhdl/games/dice/table.py) against the golden game, both languages:
every window value after every command; all 36 throws against every pair of guesses and a
higher, lower and equal second bid with either player first; the bid limits at their edges in
both positions; whole games of random commands on small purses (empty purses, the round limit,
draws); refusals that change nothing; a reset mid-game; the dice fair die roller bit for bit
against its twin (rtl/dice.py)."""

import random
from itertools import product

import cocotb
import pytest
from cocotb.triggers import FallingEdge, RisingEdge

from clocked import ClockedTB
from harness import DEPTHS, HDLS, param, run_block
from pokerhdl.golden.dice.game import (OK, PHASE_BID, PHASE_OVER, PHASE_THROW, DiceGame, Rules,
                                       roll_dice)
from pokerhdl.golden.dice.contract import (DIE_BITS, OP_BID, OP_NEW_GAME, OP_THROW,
                                           VIEW_ADDRESSES, VIEWS, W, window_reads)
from pokerhdl.golden.rng import XorShift128

ADDRESSES = sorted(set(W.values()) | {W[n] + 1 for n in ("purse", "bid", "up", "deposit",
                                                            "take")})
SMALL = {"purse": 40, "max_rounds": 30}


def rules_from_env():
    return Rules(purse=param("purse", 1008), max_bid=param("max_bid", 127),
                 deposit_share=param("deposit_share", 4), max_rounds=param("max_rounds", 100))


class TableTB(ClockedTB):
    idle_values = {"cmd_valid": 0, "cmd_op": 0, "cmd_amount": 0, "cmd_up": 0, "dice_data": 0,
                   "dice_valid": 0, "probe_addr": 0, "view": 0}

    def __init__(self, dut, rules):
        super().__init__(dut)
        self.rules = rules
        self.game = DiceGame(rules)
        self.requests = 0
        cocotb.start_soon(self.count_requests())

    async def count_requests(self):
        """Counts the clocks dice_request is high at a rising edge, waking when it rises (a
        registered output: it changes just after an edge)."""
        request, clk = self.dut.dice_request, self.dut.clk
        while True:
            await RisingEdge(request)
            while True:
                await RisingEdge(clk)
                if not (request.value.is_resolvable and int(request.value)):
                    break
                self.requests += 1

    async def command(self, op, amount=0, up=0, dice=(1, 1)):
        """Offer one command; return its result code."""
        d = self.dut
        d.dice_data.value = dice[0] << DIE_BITS | dice[1]
        d.dice_valid.value = 1
        await FallingEdge(d.clk)
        d.cmd_op.value, d.cmd_amount.value, d.cmd_up.value = op, amount, up
        d.cmd_valid.value = 1
        while True:
            await RisingEdge(d.clk)
            if int(d.cmd_ready.value):
                break
        await FallingEdge(d.clk)
        d.cmd_valid.value = 0
        for _ in range(200):
            await RisingEdge(d.clk)
            if int(d.res_valid.value):
                code = int(d.res_code.value)
                await FallingEdge(d.clk)
                d.dice_valid.value = 0
                return code
        raise AssertionError("no answer in 200 clocks")

    async def window(self):
        """({address: value} through the probe port, [each view's figure]): an address and a
        view set at a falling edge are read a clock later, when the next are set."""
        d, reads, views = self.dut, {}, []
        clk, probe_addr, view, probe_data, view_data = (d.clk, d.probe_addr, d.view,
                                                         d.probe_data, d.view_data)
        await FallingEdge(clk)
        for i, address in enumerate(ADDRESSES):
            probe_addr.value = address
            view.value = min(i, len(VIEWS) - 1)
            await FallingEdge(clk)
            reads[address] = int(probe_data.value)
            if i < len(VIEWS):
                views.append(int(view_data.value))
        return reads, views

    async def check(self, result):
        got, views = await self.window()
        want = window_reads(self.game, result)
        diff = {a: (got[a], want[a]) for a in want if got[a] != want[a]}
        assert not diff, f"window (got, want) at {diff}"
        assert views == [want[a] for a in VIEW_ADDRESSES], views
        g, d = self.game, self.dut
        assert int(d.phase.value) == g.phase and int(d.winner.value) == g.winner
        assert int(d.ups.value) == int(g.ups[0]) | int(g.ups[1]) << 1
        if g.phase == PHASE_BID:
            assert int(d.bidder.value) == g.bidder

    async def bid(self, amount, up):
        want = self.game.bid(amount, up)
        got = await self.command(OP_BID, amount, up)
        assert got == want, ("bid", amount, up, got, want)
        await self.check(got)
        return got

    async def throw(self, d1, d2):
        before = self.requests
        want = self.game.throw(d1, d2)
        got = await self.command(OP_THROW, dice=(d1, d2))
        assert got == want, ("throw", d1, d2, got, want)
        assert self.requests - before == (want == OK), "dice asked for only by a throw taken"
        await self.check(got)
        return got

    async def new_game(self):
        self.game.new_game()
        assert await self.command(OP_NEW_GAME) == OK
        await self.check(OK)


def throw_rounds(depth):
    """(dice, first guess, second guess, second bid) of each round: every one of the 36 throws
    with the 4 guess pairs and the higher, lower and equal second bids taken in turn (each
    pair and each bid a dozen times), or (long) the whole product, 432 rounds."""
    throws = list(product(range(1, 7), repeat=2))
    if depth == "long":
        return list(product(throws, (0, 1), (0, 1), (60, 20, 40)))
    bids = list(product((0, 1), (0, 1), (60, 20, 40)))
    return [(dice, *bids[k % len(bids)]) for k, dice in enumerate(throws)]


@cocotb.test()
async def every_throw_outcome(dut):
    """Every one of the 36 throws with each guess pair and second bid (higher, lower, equal;
    the deep stage: every throw with every pair and bid), each with either player first
    (round parity): purses, takes and the next round's bounds after each."""
    tb = TableTB(dut, rules_from_env())
    await tb.reset()
    await tb.check(OK)
    combos = throw_rounds(param("depth"))
    for first in (0, 1):
        for (d1, d2), up_a, up_b, bid_b in combos:
            g = tb.game
            if g.phase == PHASE_OVER or g.first != first or min(g.purses) < 130:
                await tb.new_game()
                if first:
                    await tb.bid(4, 1), await tb.bid(4, 1), await tb.throw(3, 4)
            assert await tb.bid(40, up_a) == OK
            assert await tb.bid(bid_b, up_b) == OK
            assert await tb.throw(d1, d2) == OK


@cocotb.test()
async def limits_at_their_edges(dut):
    """Bids at the limit, one over, at the least and one under, both positions, while random
    throws walk the purses (small purses: the deposit bound and the other's purse both bind)."""
    tb = TableTB(dut, rules_from_env())
    await tb.reset()
    rng = random.Random(11)
    edges = 0
    while edges < 60:
        g = tb.game
        if g.phase == PHASE_OVER:
            await tb.new_game()
        elif g.phase == PHASE_THROW:
            await tb.throw(rng.randint(1, 6), rng.randint(1, 6))
        else:
            limit, least = g.limit(), g.least()
            await tb.bid(limit + 1, 1)              # refused, changes nothing
            if least:
                await tb.bid(least - 1, 0)          # refused
            await tb.bid(rng.choice([limit, least]), rng.randint(0, 1))
            edges += 1


@cocotb.test()
async def random_games(dut):
    """Whole games of random commands (bids near and beyond the bounds, throws and bids out of
    turn, new games, resets mid-game) until several games have ended."""
    tb = TableTB(dut, rules_from_env())
    await tb.reset()
    rng = random.Random(param("seed", 5))
    ended, commands = 0, 0
    while ended < param("games", 40):
        g = tb.game
        roll = rng.random()
        if roll < 0.01:
            await tb.reset(idle=True)
            tb.game = DiceGame(tb.rules)
            await tb.check(OK)
            continue
        if roll < 0.02:
            await tb.new_game()
            continue
        if g.phase == PHASE_THROW or roll < 0.06:
            await tb.throw(rng.randint(1, 6), rng.randint(1, 6))
        else:
            limit, least = (g.limit(), g.least()) if g.phase == PHASE_BID else (127, 0)
            amount = rng.choice([least, limit, limit + 1, max(least - 1, 0),
                                 rng.randint(least, limit), rng.randint(0, 255)])
            await tb.bid(amount, rng.randint(0, 1))
        commands += 1
        if tb.game.phase == PHASE_OVER:
            ended += 1
            await tb.bid(10, 1)                     # refused: game over
            await tb.throw(1, 2)
            await tb.new_game()
    dut._log.info("%d commands, %d games ended", commands, ended)


@cocotb.test()
async def roller_matches_twin(dut):
    """dice_roller: seeds, throws and entropy between them, die for die against the twin."""
    tb = ClockedTB(dut)
    for name in ("seed", "seed_load", "entropy", "entropy_valid", "request", "dice_ready"):
        getattr(dut, name).value = 0
    await tb.reset()
    rng = random.Random(3)
    for seed in (0, 1, 0x0123_4567_89AB_CDEF_FEDC_BA98_7654_3210):
        twin = XorShift128(seed)
        await FallingEdge(dut.clk)
        dut.seed.value, dut.seed_load.value = seed, 1
        await FallingEdge(dut.clk)
        dut.seed_load.value = 0
        for throw in range(60):
            if throw % 7 == 3:
                ticks = rng.getrandbits(32)
                dut.entropy.value, dut.entropy_valid.value = ticks, 1
                twin.mix(ticks)
                await FallingEdge(dut.clk)
                dut.entropy_valid.value = 0
            dut.request.value = 1
            await FallingEdge(dut.clk)
            dut.request.value = 0
            for _ in range(100):
                await FallingEdge(dut.clk)
                if int(dut.dice_valid.value):
                    break
            data = int(dut.dice_data.value)
            assert (data >> DIE_BITS, data & 7) == roll_dice(twin), (seed, throw)
            dut.dice_ready.value = 1
            await FallingEdge(dut.clk)
            dut.dice_ready.value = 0
            assert not int(dut.dice_valid.value)


@pytest.mark.parametrize("depth", DEPTHS)
@pytest.mark.parametrize("hdl", HDLS)
def test_every_throw_outcome(hdl, depth):
    run_block("dice_table", hdl, __name__, testcase=["every_throw_outcome"],
              extra_env={"PARAM_DEPTH": f'"{depth}"'}, tag=f"-{depth}")


@pytest.mark.parametrize("hdl", HDLS)
def test_limits_and_random_games(hdl):
    run_block("dice_table", hdl, __name__, params=SMALL,
              testcase=["limits_at_their_edges", "random_games"])


@pytest.mark.parametrize("hdl", HDLS)
def test_roller(hdl):
    run_block("dice_roller", hdl, __name__, testcase=["roller_matches_twin"])
