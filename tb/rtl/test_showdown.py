"""showdown against golden showdown: random words with many ties and near ties, random active
masks (none, one, all), back to back and with idle clocks, exact latency, reset; for 2, 4
(the committed default), 6 and 10 players (all pairs up to 4, two and three groups beyond)."""

import random
from collections import deque

import pytest

import cocotb
from cocotb.triggers import RisingEdge

from clocked import ClockedTB
from harness import in_turns, param, run_block
from pipeline_checks import reset_drops_in_flight
from pokerhdl.golden import rank7, showdown
from pokerhdl.golden.hands import WORD_BITS as WORD
from pokerhdl.golden.showdown import SHOWDOWN_LATENCY as LATENCY

SHOWDOWNS = {2: 3000, 4: 3000, 6: 2000, 10: 1500}   # per run; 10 players: Icarus ~3 ms a clock


def expected(words, active):
    best, winners = showdown(words, [bool(active >> i & 1) for i in range(len(words))])
    return best, sum(1 << i for i in winners)


def random_words(rng, players):
    """Words that tie and nearly tie: real rank words of random hands, copies of each other,
    and copies differing in one bit (each comparator field decides somewhere)."""
    style = rng.random()
    if style < 0.3:
        pool = [rank7(rng.sample(range(52), 7)) for _ in range(rng.randint(1, 3))]
        return [rng.choice(pool) for _ in range(players)]
    if style < 0.6:
        base = rng.getrandbits(WORD)
        return [base ^ (rng.choice([0, 1 << rng.randrange(WORD)])) for _ in range(players)]
    if style < 0.8:
        return [rank7(rng.sample(range(52), 7)) for _ in range(players)]
    return [rng.getrandbits(WORD) for _ in range(players)]


def random_active(rng, players):
    style = rng.random()
    if style < 0.05:
        return 0
    if style < 0.15:
        return 1 << rng.randrange(players)
    if style < 0.3:
        return (1 << players) - 1
    return rng.getrandbits(players)


class Bench(ClockedTB):
    def __init__(self, dut, players):
        self.words = [getattr(dut, f"word{i}") for i in range(players)]
        super().__init__(dut, idle={"in_valid": 0, "active": 0,
                                    **{f"word{i}": 0 for i in range(players)}})

    async def start(self):
        await self.reset()

    async def reset(self):
        await super().reset(clocks=3, settle=1, idle=True)

    async def run(self, cases, gap=0.0, rng=None):
        """Present (words, active) cases one per clock (idle clocks with probability gap);
        every answer must match golden, in order, LATENCY clocks later."""
        rng = rng or random.Random(0)
        dut = self.dut
        edge = RisingEdge(dut.clk)
        pending = deque()
        cases = iter(cases)
        upcoming = next(cases, None)
        clock = checked = 0
        while upcoming is not None or pending:
            await edge
            clock += 1
            if int(dut.out_valid.value):
                assert pending, "out_valid with no showdown in flight"
                driven, words, active = pending.popleft()
                got = int(dut.best.value), int(dut.winners.value)
                want = expected(words, active)
                assert got == want, (f"words {[hex(w) for w in words]} active {active:b}: "
                                     f"got best 0x{got[0]:06x} winners {got[1]:b}, expected "
                                     f"0x{want[0]:06x} {want[1]:b}")
                assert clock - driven == LATENCY + 1, f"answered {clock - driven - 1} clocks late"
                checked += 1
            elif pending:
                assert clock - pending[0][0] <= LATENCY + 1, "showdown not answered in time"
            if upcoming is not None and not (gap and rng.random() < gap):
                words, active = upcoming
                for port, w in zip(self.words, words):
                    port.value = w
                dut.active.value = active
                dut.in_valid.value = 1
                pending.append((clock, words, active))
                upcoming = next(cases, None)
            else:
                dut.in_valid.value = 0
                for port in self.words:
                    port.value = rng.getrandbits(WORD)
        dut.in_valid.value = 0
        for _ in range(LATENCY + 2):
            await edge
            assert not int(dut.out_valid.value), "out_valid with no showdown in flight"
        return checked


def cases(rng, players, count):
    return [(random_words(rng, players), random_active(rng, players)) for _ in range(count)]


@cocotb.test()
async def random_showdowns_back_to_back(dut):
    players = param("players", 4)
    bench = Bench(dut, players)
    await bench.start()
    assert (int(dut.out_valid.value), int(dut.best.value), int(dut.winners.value)) == (0, 0, 0)
    count = SHOWDOWNS.get(players, 3000)
    checked = await bench.run(cases(random.Random(players), players, count))
    assert checked == count


@cocotb.test()
async def random_showdowns_with_gaps(dut):
    players = param("players", 4)
    bench = Bench(dut, players)
    await bench.start()
    checked = await bench.run(cases(random.Random(100 + players), players, 1000), gap=0.4,
                              rng=random.Random(1))
    assert checked == 1000


@cocotb.test()
async def reset_drops_showdowns_in_flight(dut):
    players = param("players", 4)
    bench = Bench(dut, players)
    await bench.start()
    rng = random.Random(9)
    in_flight = list(cases(rng, players, LATENCY - 1))

    def drive(k):
        words, active = in_flight[k]
        for port, w in zip(bench.words, words):
            port.value = w
        dut.active.value = active
    await reset_drops_in_flight(dut, drive, LATENCY, "showdown")
    assert await bench.run(cases(rng, players, 20)) == 20


@pytest.mark.parametrize("hdl,players", in_turns([pytest.param(2, id="2"),
                                                  pytest.param(10, id="10"),
                                                  pytest.param(4, id="4", marks=pytest.mark.deep),
                                                  pytest.param(6, id="6", marks=pytest.mark.deep)]))
def test_showdown(hdl, players):
    """Two players and ten, a language each; the deep stage four, six and the other
    languages."""
    run_block("showdown", hdl, __name__, params={"players": players})
