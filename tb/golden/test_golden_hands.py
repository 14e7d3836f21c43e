"""The golden evaluator against published facts, its own definition and an independent library."""

import math
import random
from collections import Counter
from itertools import combinations

import eval7  # the independent evaluator (a test dependency)
import pytest

from pokerhdl.golden import (DECK, NO_CARD, CardError, card_code, card_text, category, describe,
                             parse_cards, rank5, rank7, rank_best, scoring_cards, showdown)
from pokerhdl.golden.hands import make_word, rank_on_board
from hand_facts import SEVEN_CARD_COUNTS, TRAPS

# docs/spec.md#verification: category counts, high card .. straight flush
FIVE_CARD_COUNTS = [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40]


def cards(text):
    return parse_cards(text)


@pytest.mark.census
def test_all_five_card_hands():
    counts, words = Counter(), set()
    for hand in combinations(DECK, 5):
        w = rank5(hand)
        counts[w >> 20] += 1
        words.add(w)
    assert [counts[c] for c in range(9)] == FIVE_CARD_COUNTS
    assert len(words) == 7462


@pytest.mark.census
def test_seven_card_sample_matches_category_odds():
    """200,000 random 7-card hands: category frequencies fit the exact odds (chi-square, p > 1e-4)."""
    rng = random.Random(7)
    n = 200_000
    seen = Counter(rank7(rng.sample(DECK, 7)) >> 20 for _ in range(n))
    total = sum(SEVEN_CARD_COUNTS)
    chi2 = sum((seen[c] - n * k / total) ** 2 / (n * k / total) for c, k in enumerate(SEVEN_CARD_COUNTS))
    # 8 degrees of freedom: P(chi2 > 33.7) = 5e-5
    assert chi2 < 33.7, (chi2, seen)


def test_rank7_is_the_best_five():
    rng = random.Random(11)
    for n in (6, 7, 7, 7):
        for _ in range(5000):
            hand = rng.sample(DECK, n)
            assert rank7(hand) == rank_best(hand), hand


# 1,000,000 hands in chunks: the regression's 50,000, the census's the rest
ORDERING_CHUNKS = [50_000, 250_000, 250_000, 250_000, 200_000]


@pytest.mark.parametrize("chunk", [0] + [pytest.param(c, marks=pytest.mark.census)
                                         for c in range(1, len(ORDERING_CHUNKS))])
def test_ordering_agrees_with_eval7_library(chunk):
    """1,000,000 random 7-card hands in chunks (the regression runs the first 50,000, the
    census all): the golden word and the eval7 library's value order every hand the same way
    (equal words exactly when equal values)."""
    decks = [eval7.Card(card_text(c)) for c in DECK]
    rng = random.Random(1000 + chunk)
    pairs = set()
    for _ in range(ORDERING_CHUNKS[chunk]):
        hand = rng.sample(DECK, 7)
        pairs.add((eval7.evaluate([decks[c] for c in hand]), rank7(hand)))
    by_theirs = sorted(pairs)
    for (v1, w1), (v2, w2) in zip(by_theirs, by_theirs[1:]):
        assert (v1 < v2) == (w1 < w2) and (v1 == v2) == (w1 == w2), (hex(w1), hex(w2))
    # each of their values maps to one of our words and back
    assert len({v for v, _ in pairs}) == len({w for _, w in pairs}) == len(pairs)


@pytest.mark.parametrize("text,word,name", TRAPS, ids=[t[2] + " " + t[0] for t in TRAPS])
def test_classic_traps(text, word, name):
    assert rank7(cards(text)) == rank_best(cards(text)) == word
    assert describe(word) == name


def test_partial_hands():
    assert rank5(cards("Ah")) == make_word(0, [12])
    assert rank5(cards("Ah Ad")) == make_word(1, [12])
    assert rank5(cards("Ah Ad 2c")) == make_word(1, [12, 0])
    assert rank5(cards("Ah Ad 2c 2d")) == make_word(2, [12, 0])
    assert rank5(cards("Ah Ad Ac 2d")) == make_word(3, [12, 0])
    assert rank5(cards("Ah Ad Ac As")) == make_word(7, [12])
    # four to a straight or a flush is only high card
    assert category(rank5(cards("2h 3h 4h 5h"))) == 0
    assert rank5([NO_CARD, card_code("Ah"), NO_CARD, card_code("Ad"), NO_CARD]) == make_word(1, [12])


def test_scoring_cards():
    assert scoring_cards(cards("Ah Ad 2c 5d 9s")) == [True, True, False, False, False]
    assert scoring_cards(cards("Kh 2c 5d 9s 7c")) == [True, False, False, False, False]
    assert scoring_cards(cards("9h 9d 2c 2d Ks")) == [True, True, True, True, False]
    assert scoring_cards(cards("2h 3d 4c 5d 6s")) == [True] * 5
    assert scoring_cards([card_code("7h"), NO_CARD, card_code("7d")]) == [True, False, True]


@pytest.mark.parametrize("bad,message", [
    (["Xh"], "unknown card"), (["A"], "unknown card"), (["Ahh"], "unknown card"),
])
def test_bad_text(bad, message):
    with pytest.raises(CardError, match=message):
        card_code(bad[0])


def test_bad_codes_and_duplicates():
    with pytest.raises(CardError, match="invalid card code 52"):
        rank7([52, 1, 2, 3, 4, 5, 6])
    with pytest.raises(CardError, match="invalid card code -1"):
        rank5([-1, 1, 2, 3, 4])
    with pytest.raises(CardError, match="duplicate card Ah"):
        rank7(cards("Ah Kd Ah 2c 3c 4c 5c"))
    with pytest.raises(CardError, match="1..7 cards, got 0"):
        rank7([NO_CARD] * 7)
    with pytest.raises(CardError, match="1..5 cards, got 6"):
        rank5(list(range(6)))


def test_rank_on_board():
    """board_eval's contract: rank7 of seven distinct real cards, split 5 + 2 any way; a
    missing card (NO_CARD), a bad code or a duplicate, across board and hole, is an error."""
    rng = random.Random(28)
    for _ in range(200):
        seven = rng.sample(DECK, 7)
        assert rank_on_board(seven[:5], seven[5:]) == rank7(seven)
    board, hole = cards("Ah Kd 9s 7c 2d"), cards("Qh Jh")
    for bad_board, bad_hole, message in [
            (board[:4] + [NO_CARD], hole, "7..7 cards, got 6"),
            (board, [hole[0], NO_CARD], "7..7 cards, got 6"),
            (board, [hole[0], 55], "invalid card code 55"),
            (board, [hole[0], board[2]], "duplicate card 9s"),
            (board[:4] + [board[0]], hole, "duplicate card Ah"),
            (board[:4], hole + [board[4]], "5 cards and a player 2")]:
        with pytest.raises(CardError, match=message):
            rank_on_board(bad_board, bad_hole)


def test_text_round_trip():
    assert [card_code(card_text(c)) for c in DECK] == list(DECK)
    assert card_text(card_code("Td")) == "Td" and card_code("td") == card_code("Td")


def test_showdown_ties():
    assert showdown([5, 9, 9, 1]) == (9, [1, 2])
    assert showdown([5, 9, 9, 1], [True, False, True, True]) == (9, [2])
    assert showdown([5, 9], [False, False]) == (0, [])


def _count_from(first):
    counts = [0] * 9
    rest = range(first + 1, 52)
    for tail in combinations(rest, 6):
        counts[rank7((first,) + tail) >> 20] += 1
    return counts


@pytest.mark.slow
def test_all_seven_card_hands():
    """All 133,784,560 hands (minutes on two cores): docs/spec.md's category counts."""
    from concurrent.futures import ProcessPoolExecutor
    total = [0] * 9
    with ProcessPoolExecutor() as pool:
        for counts in pool.map(_count_from, range(46)):
            total = [a + b for a, b in zip(total, counts)]
    assert total == SEVEN_CARD_COUNTS
    assert sum(total) == math.comb(52, 7)
