"""eval7 against golden rank7: random hands back to back (one per clock), hands with empty
slots and idle clocks, directed traps, bad input in every slot, reset; and the logic depth of
showdown's other sizes after yosys synth_xilinx."""

import os
import random

import pytest

import cocotb

from harness import HDLS, run_block
from pipeline_checks import PIPELINE_BUDGET
from pokerhdl.flow.generate import convert_one
from pokerhdl.flow.synth import synth_stats
from hand_stream import HandBench, bad_hands, check_hands, expect7, random_hand
from pipeline_checks import reset_drops_in_flight
from pokerhdl.golden import parse_cards
from pokerhdl.golden.hands import EVAL_LATENCY as LATENCY
from hand_stream import TRAPS

SLOTS = 7
# random hands per run: Icarus costs about 0.5 ms per clock here, GHDL about 0.1 ms
# every hand is checked on the Verilog by the exhaustive run (CI, Verilator): here enough random
# hands to meet every category in every slot order, in both languages
RANDOM_HANDS = {"verilog": 5_000, "vhdl": 20_000, "gates": 1_000}      # gates: the netlist
LONG_RANDOM_HANDS = {"verilog": 200_000, "vhdl": 1_000_000}
PARTIAL_HANDS = {"verilog": 4_000, "vhdl": 4_000, "gates": 1_000}


def traps(rng, shuffles=6):
    """Every trap in its written order and in random slot orders, with NO_CARD-free slots."""
    hands = []
    for text in TRAPS:
        cards = parse_cards(text)
        hands.append(tuple(cards))
        for _ in range(shuffles):
            hands.append(tuple(rng.sample(cards, len(cards))))
    return hands


async def run(dut, hands, gap=0.0, seed=1, label=""):
    await check_hands(dut, SLOTS, hands, expect7, gap, seed, label)


@cocotb.test()
async def directed_traps(dut):
    await run(dut, traps(random.Random(7)), label="traps")


@cocotb.test()
async def random_hands_back_to_back(dut):
    """Seven real cards every clock: every answer in order and LATENCY clocks late (II = 1)."""
    rng = random.Random(2024)
    count = int(os.environ.get("EVAL7_RANDOM_HANDS", "20000"))
    hands = [tuple(rng.sample(range(52), SLOTS)) for _ in range(count)]
    await run(dut, hands, label="random seven-card hands")


@cocotb.test()
async def partial_hands_with_gaps(dut):
    """1..7 real cards in random slots (NO_CARD elsewhere), random idle clocks between hands."""
    rng = random.Random(99)
    count = int(os.environ.get("EVAL7_PARTIAL_HANDS", "4000"))
    hands = [random_hand(rng, SLOTS, rng.randint(1, SLOTS)) for _ in range(count)]
    await run(dut, hands, gap=0.3, seed=5, label="partial hands with gaps")


@cocotb.test()
async def bad_input_everywhere(dut):
    """Invalid codes in every slot, duplicates in every pair of slots, the empty hand; mixed
    with good hands so that a stuck invalid would show."""
    rng = random.Random(13)
    hands = bad_hands(rng, SLOTS, 20) + [random_hand(rng, SLOTS, SLOTS) for _ in range(500)]
    rng.shuffle(hands)
    await run(dut, hands, gap=0.1, label="bad input")


@cocotb.test()
async def reset_drops_hands_in_flight(dut):
    """After reset the outputs are 0; a reset mid-stream cancels every hand in flight."""
    bench = HandBench(dut, SLOTS)
    await bench.start()
    assert (int(dut.out_valid.value), int(dut.word.value), int(dut.invalid.value)) == (0, 0, 0)
    rng = random.Random(3)

    def drive(_):
        for card, code in zip(bench.cards, rng.sample(range(52), SLOTS)):
            card.value = code
    await reset_drops_in_flight(dut, drive, LATENCY, "hand")
    hands = [tuple(rng.sample(range(52), SLOTS)) for _ in range(50)]
    checked = await bench.run([(h, expect7(h)) for h in hands], label="after reset")
    assert checked == len(hands)


@pytest.mark.parametrize("hdl", HDLS)
def test_eval7(hdl):
    run_block("eval7", hdl, __name__, extra_env={"EVAL7_RANDOM_HANDS": str(RANDOM_HANDS[hdl]),
                                                 "EVAL7_PARTIAL_HANDS": str(PARTIAL_HANDS[hdl])})


@pytest.mark.slow
@pytest.mark.parametrize("hdl", HDLS)
def test_eval7_long(hdl):
    """More random hands (make exhaustive; every hand once: test_eval7_exhaustive.py)."""
    run_block("eval7", hdl, __name__, testcase="random_hands_back_to_back",
              extra_env={"EVAL7_RANDOM_HANDS": str(LONG_RANDOM_HANDS[hdl])}, tag="-long")


@pytest.mark.synth
@pytest.mark.deep_only          # CI: the committed tops' budgets (test_generated)
@pytest.mark.parametrize("top, params", [("showdown", {"players": 2}),
                                         ("showdown", {"players": 10})])
def test_logic_levels(top, params, tmp_path):
    """Other parameter values keep the depth budget of the generated pipelines (checked by
    test_generated.test_yosys_synth_xilinx): no path between registers longer than
    PIPELINE_BUDGET cells after yosys synth_xilinx, no carry chain."""
    convert_one(top, "verilog", tmp_path, params)
    stats = synth_stats(str(tmp_path / f"{top}.v"), top)
    assert stats["CARRY4"] == 0, stats
    assert 0 < stats["levels"] <= PIPELINE_BUDGET[top], stats
