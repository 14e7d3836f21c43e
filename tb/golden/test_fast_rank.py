"""The fast, table-driven evaluator against its definition, rank7: random hands, the classic
traps, every table entry, bad input, and (marker `census`) all 133,784,560 seven-card hands."""

import math
import random
import time

import numpy as np
import pytest

from pokerhdl.golden import DECK, parse_cards, rank7
from pokerhdl.golden.fast_rank import census7, check_tables, rank7_array
from hand_facts import SEVEN_CARD_COUNTS, TRAPS


def random_hands(seed, n_hands, n_cards):
    rng = random.Random(seed)
    return np.array([rng.sample(DECK, n_cards) for _ in range(n_hands)])


def assert_same_as_rank7(hands):
    got = rank7_array(hands)
    want = [rank7(hand) for hand in hands.tolist()]
    wrong = [(hand, hex(g), hex(w)) for hand, g, w in zip(hands.tolist(), got, want) if g != w]
    assert not wrong, f"{len(wrong)} hands differ, first (hand, fast, rank7): {wrong[0]}"


@pytest.mark.parametrize("chunk", [0] + [pytest.param(c, marks=pytest.mark.census)
                                         for c in (1, 2, 3)])
def test_random_seven_card_hands(chunk):
    """100,000 random hands in four chunks (rank7 takes ~50 us a hand): the regression runs the
    first, the census all four."""
    assert_same_as_rank7(random_hands(100 + chunk, 25_000, 7))


@pytest.mark.parametrize("n_cards", range(1, 7))
def test_random_shorter_hands(n_cards):
    assert_same_as_rank7(random_hands(200 + n_cards, 5_000, n_cards))


def test_classic_traps_in_every_rotation():
    hands = np.array([parse_cards(text) for text, _, _ in TRAPS])
    words = np.array([word for _, word, _ in TRAPS], dtype=np.uint32)
    for shift in range(7):
        assert (rank7_array(np.roll(hands, shift, axis=1)) == words).all(), shift


@pytest.mark.parametrize("n_cards", range(1, 8))
def test_every_table_entry_agrees_with_rank7(n_cards):
    distinct_cases = {1: 13, 2: 91, 3: 455, 4: 1820, 5: 6175 + 1287,
                      6: 18395 + 1287 + 1716, 7: 49205 + 1287 + 1716 + 1716}
    assert check_tables(n_cards) == distinct_cases[n_cards]


@pytest.mark.parametrize("hands,message", [
    ([[52, 1, 2, 3, 4, 5, 6]], "invalid card code 52 in hand 0"),
    ([[0, 1, 2, 3, 4, 5, 6], [-1, 1, 2, 3, 4, 5, 6]], "invalid card code -1 in hand 1"),
    ([[63, 1, 2, 3, 4, 5, 6]], "invalid card code 63 in hand 0.*no NO_CARD"),
    ([parse_cards("Ah Kd Ah 2c 3c 4c 5c")], "duplicate card Ah in hand 0"),
    ([0, 1, 2, 3, 4, 5, 6], r"shape \(N, 1..7\).*got shape \(7,\)"),
    ([list(range(8))], r"got shape \(1, 8\)"),
    (np.zeros((3, 0), dtype=int), r"got shape \(3, 0\)"),
    ([[0.0, 1, 2, 3, 4, 5, 6]], "integer card codes, got dtype float64"),
])
def test_bad_input_is_refused(hands, message):
    with pytest.raises(ValueError, match=message):
        rank7_array(hands)


@pytest.mark.census
def test_census_of_all_seven_card_hands(record_property):
    """Every seven-card hand through the lookup: docs/spec.md's category counts."""
    start = time.perf_counter()
    counts = census7()
    seconds = time.perf_counter() - start
    assert counts == SEVEN_CARD_COUNTS
    assert sum(counts) == math.comb(52, 7)
    record_property("figure", f"census: {sum(counts):,} seven-card hands in {seconds:.1f} s, "
                              f"{sum(counts) / seconds / 1e6:.1f} million hands/s")
