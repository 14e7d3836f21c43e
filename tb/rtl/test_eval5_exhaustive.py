"""All 2,598,960 five-card hands through the generated eval5.v, one per clock, in a Verilator
C++ harness (tb/rtl/exhaustive/eval5_all.cpp) that records every answer: each rank word, invalid
flag and scoring mask must be the golden one (rank5, scoring_cards), in order. About half a
minute; the same run on GHDL (test_eval5.py, `make exhaustive`) takes about 5 CPU-minutes."""

import numpy as np
import pytest

from harness import BUILD, ROOT
from hand_stream import ALL_FIVE_CARD_HANDS, all_five_card_hands
from exhaustive import build, run

SOURCE = ROOT / "tb" / "rtl" / "exhaustive" / "eval5_all.cpp"


def pack(word, invalid, mask):
    return word | invalid << 24 | mask << 25


@pytest.mark.slow
@pytest.mark.exhaustive
def test_all_five_card_hands():
    folder = BUILD / "eval5_all"
    binary = build(folder, "eval5", SOURCE)
    answers_file = folder / "answers.u32"
    figures = run(binary, answers_file)
    assert figures == {"hands": ALL_FIVE_CARD_HANDS, "answers": ALL_FIVE_CARD_HANDS}, figures
    got = np.fromfile(answers_file, dtype="<u4")
    assert len(got) == ALL_FIVE_CARD_HANDS
    expected = np.fromiter((pack(*answer) for _, answer in all_five_card_hands()), dtype="<u4",
                           count=ALL_FIVE_CARD_HANDS)
    wrong = np.flatnonzero(got != expected)
    if len(wrong):
        hands = list(all_five_card_hands())
        first = [(hands[i][0], f"got {got[i]:#010x}", f"want {expected[i]:#010x}")
                 for i in wrong[:5]]
        pytest.fail(f"{len(wrong)} of {ALL_FIVE_CARD_HANDS} hands answered wrong, first: {first}")
    assert len(np.unique(got & 0xFFFFFF)) == 7462     # the distinct five-card hand values
