"""eval7 against golden rank7: random hands back to back (one per clock), hands with empty
slots and idle clocks, directed traps, bad input in every slot, reset; and the logic depth of
showdown's other sizes after yosys synth_xilinx."""

import os
import random

import pytest

import cocotb

from harness import HDLS, run_block
from test_generated import PIPELINE_BUDGET
from pokerhdl.flow.generate import convert_one
from pokerhdl.flow.synth import synth_stats
from hand_stream import HandBench, bad_hands, check_hands, expect7, random_hand
from pipeline_checks import reset_drops_in_flight
from pokerhdl.golden import parse_cards
from pokerhdl.golden.hands import EVAL_LATENCY as LATENCY

SLOTS = 7
# random hands per run: Icarus costs about 0.5 ms per clock here, GHDL about 0.1 ms
# every hand is checked on the Verilog by the exhaustive run (CI, Verilator): here enough random
# hands to meet every category in every slot order, in both languages
RANDOM_HANDS = {"verilog": 5_000, "vhdl": 20_000}
LONG_RANDOM_HANDS = {"verilog": 200_000, "vhdl": 1_000_000}

TRAPS = [
    "As Ah Ad Ks Kh Kd 2c",      # two trips: aces full of kings
    "5s 5h 5d Ks Kh Kd Ac",      # two trips, the lower first: kings full of fives
    "7s 7h 7d 5s 5h 5d Kc",      # two trips and a kicker: sevens full of fives
    "7s 7h 7d 5s 5h Kd Kc",      # trips and two pairs: the higher pair fills
    "2h 3h 4h 5c 6h 9h Kh",      # flush and straight, no straight flush: flush
    "5h 6h 7h 8h 9h Th 2h",      # straight flush inside a seven-card flush
    "9h Th Jh Qh Kh 2h 3d",      # royal inside a six-card flush
    "9h Th Jh Qh 8h 7h Ac",      # straight flush queen high among six hearts
    "Ah 2c 3d 4s 5h 9c Kd",      # wheel
    "Ah 2c 3d 4s 5h 6c Kd",      # six-high beats the wheel
    "Ah 2h 3h 4h 5h Kc Kd",      # steel wheel
    "Ah 2h 3h 4h 5h 6c 7c",      # steel wheel beats a seven-high straight
    "Ah 2h 3h 4h 5h 6h Kd",      # six-high straight flush beats the steel wheel
    "As Ad Ks Kd Qs Qd 2c",      # three pairs: the third pair is the kicker
    "As Ad Ks Kd 2s 2d Qc",      # three pairs: a single card is the kicker
    "9s 9d 5s 5d 2s 2d 3c",      # three pairs, kicker 3 over the pair of twos
    "As Ah Ad Ac Ks Kh Kd",      # quads with trips
    "2s 2h 2d 2c Ks Kh 3d",      # quads with a pair and a single
    "2s 2h 2d 2c 3s 3h 4d",      # quads: the kicker is the single four
    "2h 4h 6h 8h Th Qh Ah",      # seven hearts, no straight: flush of the top five
    "2h 3h 4h 5h 6h 7h 8h",      # seven hearts in a row: eight-high straight flush
    "5s 5h 5d 6c 7h 8d 9s",      # trips inside a straight: straight
    "Ts Jh Qd Kc As 9d 8h",      # broadway among seven
    "Ts Jh Qd Kc As 2d 3h",      # broadway, no wheel
    "Ks Qs Js Ts 9s 8s As",      # royal flush and king-high below it
    "Ah Kd 9s 7c 5h 3d 2c",      # high card, the two lowest dropped
    "Ah Ad 9s 7c 5h 3d 2c",      # pair, kickers 9 7 5
    "Ah Ad 9s 9c 5h 5d 2c",      # three pairs again, kicker 5 over 2
]


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
    hands = [random_hand(rng, SLOTS, rng.randint(1, SLOTS)) for _ in range(4000)]
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
    run_block("eval7", hdl, __name__, extra_env={"EVAL7_RANDOM_HANDS": str(RANDOM_HANDS[hdl])})


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
