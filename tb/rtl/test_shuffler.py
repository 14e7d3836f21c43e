"""Shuffler: every dealt card, tlast, error flag and (with tready high) the clock count against the
golden twin (golden/shuffle.py) over many seeds, entropy events, exclude masks, counts and random
backpressure; early end on too few cards; reset in the middle of a shuffle; back-to-back starts."""

import itertools
import random

import pytest

import cocotb
from cocotb.triggers import FallingEdge, ReadOnly, RisingEdge, with_timeout
from cocotbext.axi import AxiStreamBus, AxiStreamSink

from clocked import ClockedTB
from harness import HDLS, param, run_block
from pokerhdl.golden.rng import XorShift128
from pokerhdl.golden.shuffle import DECK_SIZE, FIELDS, FIELD_BITS, MASK_ROM, deal, draw_offset

FULL = (1 << DECK_SIZE) - 1


def known(signal):
    """A bit's value, 0 while it is still unknown (VHDL before the first reset clock)."""
    value = signal.value
    return int(value) if value.is_resolvable else 0


class TB(ClockedTB):
    def __init__(self, dut):
        super().__init__(dut, idle=dict.fromkeys(("start", "count", "exclude", "seed",
                                                  "seed_load", "entropy", "entropy_valid"), 0))
        self.sink = None              # made after the first reset: VHDL outputs start 'U'
        self.model = XorShift128()
        self.edge = 0                 # rising edges since the monitor started
        self.starts, self.dones = [], []
        cocotb.start_soon(self.monitor())

    async def monitor(self):
        """Edges that took a start (busy rose) and edges after which done is high."""
        busy_before = 0
        while True:
            await RisingEdge(self.dut.clk)
            self.edge += 1
            await ReadOnly()
            busy = known(self.dut.busy)
            if busy and not busy_before:
                self.starts.append(self.edge)
            if known(self.dut.done):
                self.dones.append(self.edge)
            busy_before = busy

    def before_release(self):
        if self.sink is None:
            self.sink = AxiStreamSink(AxiStreamBus.from_prefix(self.dut, "m_axis"), self.dut.clk,
                                      self.dut.rst, byte_lanes=1)

    async def reset(self):
        await super().reset(clocks=2)
        self.model = XorShift128()
        self.sink.clear()

    def backpressure(self, rnd, p_ready):
        if p_ready >= 1:
            self.sink.clear_pause_generator()
            self.sink.pause = False       # clearing the generator keeps the last pause value
        else:
            self.sink.set_pause_generator(
                itertools.cycle([rnd.random() > p_ready for _ in range(997)]))

    async def strobe(self, **values):
        """Drive inputs for one clock (from a falling edge), then idle them."""
        await FallingEdge(self.dut.clk)
        for name, value in values.items():
            getattr(self.dut, name).value = value
        await RisingEdge(self.dut.clk)
        await FallingEdge(self.dut.clk)
        for name in values:
            if name not in ("count", "exclude", "seed", "entropy"):
                getattr(self.dut, name).value = 0

    async def load_seed(self, seed):
        await self.strobe(seed=seed, seed_load=1)
        self.model.load(seed)

    async def mix(self, entropy):
        await self.strobe(entropy=entropy, entropy_valid=1)
        self.model.mix(entropy)

    async def shuffle(self, count, exclude, timed=False):
        """One shuffle, checked against the twin; returns the golden Deal."""
        dut = self.dut
        expected = deal(self.model, count, exclude)
        await FallingEdge(dut.clk)
        assert not int(dut.busy.value)
        dones_before = len(self.dones)
        case = f"count {count} exclude {exclude:#015x}"
        await self.strobe(start=1, count=count, exclude=exclude)
        cards = []
        if expected.cards:
            try:
                frame = await with_timeout(self.sink.recv(), 500 * expected.cycles + 2000, "ns")
            except Exception:
                raise AssertionError(f"{case}: stream stalled, expected {expected.cards}; "
                                     f"busy {int(dut.busy.value)} tvalid "
                                     f"{int(dut.m_axis_tvalid.value)}") from None
            cards = list(frame.tdata)
        for _ in range(50 * expected.cycles + 200):
            if len(self.dones) > dones_before:
                break
            await RisingEdge(dut.clk)
        else:
            raise AssertionError(f"{case}: no done; got {cards}, expected {expected.cards}")
        await FallingEdge(dut.clk)
        assert cards == expected.cards, f"{case}: {cards} != {expected.cards}"
        assert int(dut.error.value) == expected.error, case
        assert not int(dut.busy.value) and not int(dut.m_axis_tvalid.value), case
        assert self.sink.empty(), case
        if timed:
            cycles = self.dones[-1] - self.starts[-1]
            assert cycles == expected.cycles, f"{case}: {cycles} cycles, model {expected.cycles}"
        return expected


def random_exclude(rnd):
    kind = rnd.randrange(8)
    if kind == 0:
        return 0
    if kind == 1:                                   # a hand and a board: 2..7 known cards
        return sum(1 << c for c in rnd.sample(range(DECK_SIZE), rnd.randint(2, 7)))
    if kind == 2:                                   # nearly everything out
        return FULL & ~sum(1 << c for c in rnd.sample(range(DECK_SIZE), rnd.randint(0, 6)))
    if kind == 3:                                   # a block at the bottom or at the top
        width = rnd.randint(1, DECK_SIZE)
        block = (1 << width) - 1
        return block if rnd.random() < 0.5 else block << (DECK_SIZE - width)
    density = rnd.random()
    return sum(1 << c for c in range(DECK_SIZE) if rnd.random() < density)


def random_count(rnd):
    r = rnd.random()
    if r < 0.05:
        return 0
    if r < 0.10:
        return rnd.randint(53, 63)
    if r < 0.40:
        return DECK_SIZE
    return rnd.randint(1, DECK_SIZE)


@cocotb.test()
async def default_seed_full_deck_and_partial(dut):
    tb = TB(dut)
    await tb.reset()
    full = await tb.shuffle(52, 0, timed=True)
    assert sorted(full.cards) == list(range(52))
    await tb.shuffle(7, 0, timed=True)


@cocotb.test()
async def seeds_masks_counts_timed(dut):
    """tready high: cards and the exact clock count of the twin's cycle model."""
    tb = TB(dut)
    await tb.reset()
    rnd = random.Random(11)
    draws = cards = swaps = 0
    for _ in range(300):
        if rnd.random() < 0.3:
            await tb.load_seed(rnd.getrandbits(128) if rnd.random() < 0.9 else 0)
        result = await tb.shuffle(random_count(rnd), random_exclude(rnd), timed=True)
        draws, cards, swaps = draws + result.draws, cards + len(result.cards), swaps + result.swaps
    assert draws > cards and swaps > 100, (draws, cards, swaps)   # rejections and compaction


@cocotb.test()
async def seeds_entropy_masks_backpressure(dut):
    tb = TB(dut)
    await tb.reset()
    rnd = random.Random(2024)
    for n in range(param("shuffles", 500)):
        tb.backpressure(rnd, rnd.choice([1.0, 0.8, 0.5, 0.2]))
        if rnd.random() < 0.3:
            await tb.load_seed(rnd.getrandbits(128))
        if rnd.random() < 0.3:
            await tb.mix(rnd.getrandbits(32))
        await tb.shuffle(random_count(rnd), random_exclude(rnd))


def seed_whose_first_word(rnd, wanted):
    """A seed whose first rng word satisfies ``wanted(word)`` (searched on the twin)."""
    for _ in range(200_000):
        seed = rnd.getrandbits(128)
        if wanted(XorShift128(seed).peek()):
            return seed
    raise AssertionError("no seed gives such a word: the twin's draw rule changed?")


def low_fields_reject(word, m):
    mask = MASK_ROM[m]
    return all((word >> (FIELD_BITS * f)) & mask >= m for f in range(FIELDS))


@cocotb.test()
async def rare_draws_top_field_and_rejection(dut):
    """Three cards left (m = 3): a word whose five 6-bit fields all miss, so bits 31..30 decide,
    and a word rejected outright; the twin and the RTL must agree on both (1 in 1024 and 1 in
    4096 draws, so random traffic seldom shows them)."""
    tb = TB(dut)
    await tb.reset()
    rnd = random.Random(3)
    three_left = FULL & ~(1 << 7 | 1 << 30 | 1 << 51)
    by_top = seed_whose_first_word(
        rnd, lambda w: low_fields_reject(w, 3) and draw_offset(w, 3) is not None)
    rejected = seed_whose_first_word(rnd, lambda w: draw_offset(w, 3) is None)
    for seed in (by_top, rejected):
        await tb.load_seed(seed)
        result = await tb.shuffle(3, three_left, timed=True)
        assert sorted(result.cards) == [7, 30, 51]
    assert result.draws > 3                          # the rejection happened


@cocotb.test()
async def too_few_cards_end_early_with_error(dut):
    tb = TB(dut)
    await tb.reset()
    two_left = FULL & ~(1 << 5 | 1 << 40)
    result = await tb.shuffle(5, two_left)          # tlast on the second card, error
    assert sorted(result.cards) == [5, 40] and result.error
    result = await tb.shuffle(1, FULL)              # nothing at all: done, error, no beat
    assert result.cards == [] and result.error
    result = await tb.shuffle(0, 0)                 # count 0 is bad input too
    assert result.cards == [] and result.error
    result = await tb.shuffle(2, two_left)          # exactly enough: no error
    assert not result.error
    result = await tb.shuffle(60, 0)                # more than a deck: 52 cards, error
    assert len(result.cards) == 52 and result.error


@cocotb.test()
async def reset_mid_shuffle(dut):
    tb = TB(dut)
    rnd = random.Random(5)
    await tb.reset()
    for trial in range(20):
        await tb.reset()
        await tb.load_seed(rnd.getrandbits(128))
        tb.backpressure(rnd, 0.5)
        await tb.strobe(start=1, count=52, exclude=random_exclude(rnd) if trial % 2 else 0)
        for _ in range(rnd.randint(0, 60)):         # compaction, dealing, or stalled
            await RisingEdge(dut.clk)
        await FallingEdge(dut.clk)
        dut.rst.value = 1
        await RisingEdge(dut.clk)
        dut.rst.value = 0
        await ReadOnly()
        assert not int(dut.busy.value) and not int(dut.m_axis_tvalid.value)
        assert not int(dut.done.value) and not int(dut.error.value)
        await FallingEdge(dut.clk)
        tb.sink.clear()
        tb.model = XorShift128()                     # reset: default seed
        tb.backpressure(rnd, 1.0)
        await tb.shuffle(rnd.randint(1, 52), random_exclude(rnd), timed=True)


@cocotb.test()
async def back_to_back_starts(dut):
    """start held high: the next shuffle is taken in the clock right after done."""
    tb = TB(dut)
    await tb.reset()
    await FallingEdge(dut.clk)
    dut.count.value, dut.exclude.value, dut.start.value = 9, 0b1011 << 20, 1
    for _ in range(4):
        expected = deal(tb.model, 9, 0b1011 << 20)
        frame = await tb.sink.recv()
        assert list(frame.tdata) == expected.cards
    dut.start.value = 0
    assert len(tb.starts) >= 4 and len(tb.dones) >= 3
    for k in range(3):
        assert tb.starts[k + 1] == tb.dones[k] + 1, (tb.starts, tb.dones)


@cocotb.test()
async def words_between_shuffles(dut):
    """The words port (a shuffler converted with words=True): between shuffles each word
    taken is the generator's next, as the golden twin's; while a shuffle runs none is
    offered and tready takes none; the shuffles after the words taken deal the twin's decks."""
    rnd = random.Random(29)
    tb = TB(dut)
    dut.words_tready.value = 0
    await tb.reset()
    offered, greedy = [], [False]

    async def watch():
        """No word is offered while a start is on the port or a shuffle runs; a greedy user
        holds tready high all that time (and only then: it would take the next word)."""
        while True:
            await FallingEdge(dut.clk)
            if greedy[0]:
                dut.words_tready.value = known(dut.busy)
            await ReadOnly()
            if known(dut.start) or known(dut.busy):
                offered.append(known(dut.words_tvalid))

    cocotb.start_soon(watch())
    await tb.load_seed(rnd.getrandbits(128))
    for round_ in range(12):
        for _ in range(rnd.randint(0, 6)):
            for _ in range(rnd.randint(0, 2)):
                await RisingEdge(dut.clk)
            await FallingEdge(dut.clk)
            assert int(dut.words_tvalid.value) == 1
            assert int(dut.words_tdata.value) == tb.model.peek(), f"round {round_}"
            dut.words_tready.value = 1
            await RisingEdge(dut.clk)
            tb.model.next()
            await FallingEdge(dut.clk)
            dut.words_tready.value = 0
        greedy[0] = round_ % 3 == 0
        await tb.shuffle(rnd.choice((52, 52, 7)), 0 if rnd.random() < 0.7 else 0b1011)
        greedy[0] = False
        await FallingEdge(dut.clk)
        dut.words_tready.value = 0
    assert offered and not any(offered), "a word offered during a shuffle"


SHUFFLES = ["default_seed_full_deck_and_partial", "seeds_masks_counts_timed",
            "seeds_entropy_masks_backpressure", "rare_draws_top_field_and_rejection",
            "too_few_cards_end_early_with_error", "reset_mid_shuffle", "back_to_back_starts"]


@pytest.mark.parametrize("hdl", HDLS)
def test_shuffler(hdl):
    """500 shuffles under backpressure in VHDL, the first 200 of them in Verilog (Icarus takes
    twice GHDL's time)."""
    run_block("shuffler", hdl, __name__, testcase=SHUFFLES,
              extra_env={"PARAM_SHUFFLES": {"verilog": "200", "vhdl": "500", "gates": "40"}[hdl]})


@pytest.mark.parametrize("hdl", HDLS)
def test_shuffler_words(hdl):
    run_block("shuffler", hdl, __name__, params={"words": True},
              testcase=["words_between_shuffles"], tag="-words")
