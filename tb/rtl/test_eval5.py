"""eval5 against golden rank5 and scoring_cards: random five-card hands back to back, hands of
1..4 cards in random slots, directed cases, bad input in every slot, and (make exhaustive) all
2,598,960 five-card hands, one per clock."""

import os
import random

import pytest

import cocotb

from harness import HDLS, param, run_block
from hand_stream import HandBench, bad_hands, check_hands, expect5, random_hand
from pokerhdl.golden import NO_CARD, parse_cards
from hand_stream import ALL_FIVE_CARD_HANDS, FIVE_CARD_SLOTS as SLOTS, all_five_card_hands

# random hands per run: Icarus costs about five times GHDL's time a clock here, and every hand
# goes through the Verilog in the exhaustive run (CI, Verilator)
RANDOM_HANDS = int(os.environ.get("EVAL5_RANDOM_HANDS", "10000"))
REGRESSION_HANDS = {"verilog": 3_000, "vhdl": 10_000, "gates": 1_000}   # gates: the netlist
PARTIAL_HANDS = {"verilog": 4_000, "vhdl": 4_000, "gates": 1_000}

DIRECTED = [
    "Ah 2c 3d 4s 5h",            # wheel
    "Ah 2h 3h 4h 5h",            # steel wheel
    "Ts Jh Qd Kc As",            # broadway
    "Ts Js Qs Ks As",            # royal flush
    "Qs Ks As 2s 3s",            # no wrap-around straight: flush
    "Qd Kc As 2h 3s",            # no wrap-around straight: high card
    "2c 3c 4c 5c",               # four to a straight flush: high card
    "9h 9d 9s 9c",               # quads with no kicker
    "9h 9d 9s 9c Ah",            # quads and kicker
    "7h 7d 7s",                  # trips alone
    "7h 7d 7s 2c",               # trips and one kicker
    "7h 7d 7s 2c 2d",            # full house
    "Kh Kd 4s 4c",               # two pair, no kicker
    "Kh Kd 4s 4c 9h",            # two pair and kicker
    "Jh Jd",                     # a pair alone
    "Jh Jd 3c 8s",               # a pair and two kickers
    "Ac",                        # one card
    "2c",                        # the lowest hand: word 0
]


def directed(rng):
    """Each case in every rotation of the five slots, the missing slots NO_CARD."""
    hands = []
    for text in DIRECTED:
        cards = parse_cards(text) + [NO_CARD] * (SLOTS - len(parse_cards(text)))
        for shift in range(SLOTS):
            hands.append(tuple(cards[shift:] + cards[:shift]))
        hands.append(tuple(rng.sample(cards, SLOTS)))
    return hands


async def run(dut, hands, gap=0.0, seed=1, label=""):
    await check_hands(dut, SLOTS, hands, expect5, gap, seed, label, with_mask=True)


@cocotb.test()
async def directed_hands(dut):
    await run(dut, directed(random.Random(4)), label="directed")


@cocotb.test()
async def random_five_card_hands(dut):
    """Five real cards every clock (II = 1), words and masks in order."""
    rng = random.Random(55)
    hands = [tuple(rng.sample(range(52), SLOTS)) for _ in range(RANDOM_HANDS)]
    await run(dut, hands, label="random five-card hands")


@cocotb.test()
async def partial_hands_with_gaps(dut):
    """1..4 real cards in random slots (NO_CARD elsewhere), random idle clocks."""
    rng = random.Random(77)
    count = int(os.environ.get("EVAL5_PARTIAL_HANDS", "4000"))
    hands = [random_hand(rng, SLOTS, rng.randint(1, SLOTS - 1)) for _ in range(count)]
    await run(dut, hands, gap=0.3, seed=8, label="partial hands")


@cocotb.test()
async def bad_input_everywhere(dut):
    """Invalid codes in every slot, duplicates in every pair of slots, the empty hand, mixed
    with good hands."""
    rng = random.Random(21)
    hands = bad_hands(rng, SLOTS, 30) + [random_hand(rng, SLOTS, rng.randint(1, SLOTS))
                                         for _ in range(500)]
    rng.shuffle(hands)
    await run(dut, hands, gap=0.1, label="bad input")


@cocotb.test()
async def all_five_card_hands(dut):
    part, parts = param("part", 0), param("parts", 1)
    bench = HandBench(dut, SLOTS, with_mask=True)
    await bench.start()
    checked = await bench.run(all_five_card_hands(part, parts), label=f"five-card hands, part {part}")
    assert checked == ALL_FIVE_CARD_HANDS * (part + 1) // parts - ALL_FIVE_CARD_HANDS * part // parts, checked


REGRESSION = ["directed_hands", "random_five_card_hands", "partial_hands_with_gaps",
              "bad_input_everywhere"]


@pytest.mark.parametrize("hdl", HDLS)
def test_eval5(hdl):
    run_block("eval5", hdl, __name__, testcase=REGRESSION,
              extra_env={"EVAL5_RANDOM_HANDS": str(REGRESSION_HANDS[hdl]),
                         "EVAL5_PARTIAL_HANDS": str(PARTIAL_HANDS[hdl])})


@pytest.mark.slow
@pytest.mark.vhdl
@pytest.mark.parametrize("part", [0, 1])
def test_eval5_all_hands(part):
    """All 2,598,960 five-card hands against golden on the VHDL, in two halves that run side by
    side: about 5 CPU-minutes on GHDL (`make exhaustive`). CI runs the same check on the
    Verilog in a Verilator harness (test_eval5_exhaustive.py) in about half a minute; Icarus
    takes several times longer per clock than GHDL."""
    run_block("eval5", "vhdl", __name__, testcase="all_five_card_hands", tag=f"-all{part}",
              extra_env={"PARAM_PART": str(part), "PARAM_PARTS": "2"})
