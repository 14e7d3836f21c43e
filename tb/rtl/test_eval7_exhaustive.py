"""All 133,784,560 seven-card hands through the generated eval7.v, one per clock, in a
Verilator C++ harness (tb/rtl/exhaustive/eval7_all.cpp): the category counts must equal docs/spec.md's
table, every hand must be answered, none invalid, and 4,824 distinct rank words must occur
(the number of distinct seven-card hand values). About a minute (make exhaustive)."""


import pytest

from hand_facts import SEVEN_CARD_COUNTS
from harness import BUILD
from exhaustive import build, HANDS, run

DISTINCT_WORDS = 4_824


@pytest.mark.slow
@pytest.mark.exhaustive
def test_all_seven_card_hands():
    figures = run(build(BUILD / "eval7_all"))
    assert figures["hands"] == HANDS and figures["answers"] == HANDS, figures
    assert figures["invalid"] == 0, figures
    counts = [figures.get(f"category {c}", 0) for c in range(16)]
    assert counts == SEVEN_CARD_COUNTS + [0] * 7, counts
    assert figures["distinct"] == DISTINCT_WORDS, figures
