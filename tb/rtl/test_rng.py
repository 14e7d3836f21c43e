"""xorshift128 rng: Marsaglia's published vector, and every clock of random advance / entropy /
seed-load traffic against the golden twin (golden/rng.py), including the zero guards."""

import random

import pytest

import cocotb
from cocotb.triggers import FallingEdge, RisingEdge

from clocked import ClockedTB
from harness import HDLS, run_block
from pokerhdl.golden.rng import DEFAULT_SEED, XorShift128, seed_word, step

# Marsaglia (2003), xor128 with x=123456789 y=362436069 z=521288629 w=88675123
PUBLISHED_FIRST_OUTPUTS = [3701687786, 458299110, 2500872618]


class TB(ClockedTB):
    def __init__(self, dut):
        super().__init__(dut, idle=dict.fromkeys(("seed", "seed_load", "entropy", "entropy_valid",
                                                  "advance"), 0))

    async def reset(self):
        await super().reset(clocks=2)

    def word(self):
        return int(self.dut.word.value)


@cocotb.test()
async def published_vector(dut):
    tb = TB(dut)
    await tb.reset()
    outputs = []
    for _ in PUBLISHED_FIRST_OUTPUTS:
        await FallingEdge(dut.clk)
        outputs.append(tb.word())
        dut.advance.value = 1
    await FallingEdge(dut.clk)
    dut.advance.value = 0
    assert outputs == PUBLISHED_FIRST_OUTPUTS, outputs
    assert tb.word() == XorShift128().words(4)[3]
    # `word` holds while advance is low
    await FallingEdge(dut.clk)
    await FallingEdge(dut.clk)
    assert tb.word() == XorShift128().words(4)[3]


async def random_traffic(dut, rnd, cycles, p_advance, p_entropy, p_seed):
    """Drive random inputs every clock and compare `word` with the twin after every edge."""
    tb = TB(dut)
    await tb.reset()
    model = XorShift128()
    guards = zero_seeds = 0
    for cycle in range(cycles):
        await FallingEdge(dut.clk)
        assert tb.word() == model.peek(), f"cycle {cycle}: {tb.word():#x} != {model.peek():#x}"
        advance = rnd.random() < p_advance
        seed_load = rnd.random() < p_seed
        entropy_valid = rnd.random() < p_entropy
        seed = 0 if rnd.random() < 0.2 else rnd.getrandbits(128)
        # a quarter of the entropy events hit the zero guard: entropy == the x being mixed
        x_after = step(model.state)[0] if advance else model.state[0]
        entropy = x_after if rnd.random() < 0.25 else rnd.getrandbits(32)
        dut.advance.value, dut.seed_load.value, dut.seed.value = int(advance), int(seed_load), seed
        dut.entropy_valid.value, dut.entropy.value = int(entropy_valid), entropy
        await RisingEdge(dut.clk)
        if seed_load:
            model.load(seed)
            zero_seeds += seed == 0
        else:
            if advance:
                model.next()
            if entropy_valid:
                guards += entropy == x_after
                model.mix(entropy)
        assert any(model.state), "the twin reached the all-zero state"
    await FallingEdge(dut.clk)
    assert tb.word() == model.peek()
    tb.set_idle()
    return guards, zero_seeds


@cocotb.test()
async def advance_entropy_and_seed_against_twin(dut):
    rnd = random.Random(20240604)
    guards, zero_seeds = await random_traffic(dut, rnd, 3000, 0.6, 0.3, 0.05)
    assert guards > 50 and zero_seeds > 5, (guards, zero_seeds)   # the guards were exercised


@cocotb.test()
async def entropy_only_and_back_to_back_words(dut):
    rnd = random.Random(7)
    await random_traffic(dut, rnd, 1000, 1.0, 0.0, 0.0)     # one word every clock
    await random_traffic(dut, rnd, 500, 0.0, 0.8, 0.0)      # entropy without stepping


@cocotb.test()
async def reset_returns_to_default_seed(dut):
    tb = TB(dut)
    await tb.reset()
    dut.seed.value, dut.seed_load.value, dut.advance.value = seed_word(1, 2, 3, 4), 1, 1
    await RisingEdge(dut.clk)
    dut.seed_load.value = 0
    for _ in range(5):
        await RisingEdge(dut.clk)
    dut.advance.value = 0
    await tb.reset()
    await FallingEdge(dut.clk)
    assert tb.word() == PUBLISHED_FIRST_OUTPUTS[0]


@pytest.mark.parametrize("hdl", HDLS)
def test_rng(hdl):
    run_block("rng", hdl, __name__)


# Plain pytest: the twin itself against the published facts.

def test_twin_published_vector():
    assert XorShift128().words(3) == PUBLISHED_FIRST_OUTPUTS
    assert XorShift128(seed_word(*DEFAULT_SEED)).words(3) == PUBLISHED_FIRST_OUTPUTS
    assert XorShift128(0).words(3) == PUBLISHED_FIRST_OUTPUTS      # zero seed -> default


def test_twin_mix_never_zero():
    rng = XorShift128(seed_word(5, 0, 0, 0))
    rng.mix(5)                                   # would zero x and the whole state
    assert rng.state == (DEFAULT_SEED[0], 0, 0, 0)
    rng.mix(0x12345678)
    assert rng.state[0] == DEFAULT_SEED[0] ^ 0x12345678
