"""Statistics of the shuffle, on the golden twin (bit-exact with the RTL, so it speaks for the
hardware algorithm), plus the twin's own invariants. Fixed seeds: the p-values are fixed numbers,
so these tests cannot flake; they fail if the algorithm is biased (e.g. a `mod` reduction, or a
linear probe past taken cards, gives p far below 1e-6 at these sample sizes)."""

import math
import random
from fractions import Fraction
from itertools import permutations

import pytest

from pokerhdl.golden.rng import MASK32, XorShift128
from pokerhdl.golden.shuffle import (DECK_SIZE, FIELDS, FIELD_BITS, MASK_ROM, TOP_FIELD_MASK,
                                     TOP_FIELD_SHIFT, compact, deal, draw_offset, expected_draws)

P_MIN = 1e-4


# -- chi-square survival function (regularised upper incomplete gamma), no scipy needed --------

def _gamma_series(a, x):
    term = total = 1.0 / a
    n = a
    for _ in range(100_000):
        n += 1
        term *= x / n
        total += term
        if abs(term) < abs(total) * 1e-15:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))     # P(a, x)


def _gamma_fraction(a, x):
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 100_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h           # Q(a, x)


def chi2_sf(statistic, dof):
    """P(X >= statistic) for X chi-square with dof degrees of freedom."""
    a, x = dof / 2, statistic / 2
    if x <= 0:
        return 1.0
    return 1 - _gamma_series(a, x) if x < a + 1 else _gamma_fraction(a, x)


def test_chi2_sf_known_values():
    assert chi2_sf(3.841458820694124, 1) == pytest.approx(0.05, rel=1e-9)
    assert chi2_sf(10.0, 2) == pytest.approx(math.exp(-5), rel=1e-12)
    assert chi2_sf(18.307038053275146, 10) == pytest.approx(0.05, rel=1e-9)
    assert chi2_sf(124.34211340400407, 100) == pytest.approx(0.05, rel=1e-8)
    # large dof: the normal approximation of Wilson and Hilferty is good to ~1e-3 here
    dof, x = 2601, 2750.0
    z = ((x / dof) ** (1 / 3) - (1 - 2 / (9 * dof))) / math.sqrt(2 / (9 * dof))
    assert chi2_sf(x, dof) == pytest.approx(0.5 * math.erfc(z / math.sqrt(2)), abs=2e-3)


# -- the index generator, fast ---------------------------------------------------------------

def fast_positions(seed, shuffles, n=DECK_SIZE):
    """Full Fisher-Yates shuffles of n cards, the twin's rng and draw rule inlined for speed;
    yields each deck. test_fast_path_is_the_twin ties it to golden.shuffle.deal."""
    x, y, z, w = XorShift128(seed).state
    shifts = tuple(FIELD_BITS * f for f in range(FIELDS))
    for _ in range(shuffles):
        deck = list(range(n))
        for i in range(n):
            m = n - i
            mask = MASK_ROM[m]
            while True:
                t = (x ^ (x << 11)) & MASK32
                x, y, z = y, z, w
                w = w ^ (w >> 19) ^ t ^ (t >> 8)
                for s in shifts:
                    offset = (w >> s) & mask
                    if offset < m:
                        break
                else:
                    offset = (w >> TOP_FIELD_SHIFT) & mask
                    if mask > TOP_FIELD_MASK or offset >= m:
                        continue
                break
            j = i + offset
            deck[i], deck[j] = deck[j], deck[i]
        yield deck


def test_fast_path_is_the_twin():
    seed = 0x5EED_0000_0000_0000_0000_0000_0000_0001
    rng = XorShift128(seed)
    for deck in fast_positions(seed, 300):
        assert deck == deal(rng, DECK_SIZE).cards
    rng = XorShift128(seed)
    for deck in fast_positions(seed, 3000, n=4):
        assert deck == deal(rng, 4, deck_size=4).cards


def test_card_by_position_chi_square():
    """100,000 full shuffles: each card equally likely at each of the 52 positions."""
    shuffles = 100_000
    counts = [[0] * DECK_SIZE for _ in range(DECK_SIZE)]   # counts[position][card]
    for deck in fast_positions(0x0123456789ABCDEF_FEDCBA9876543210, shuffles):
        for position, card in enumerate(deck):
            counts[position][card] += 1
    expected = shuffles / DECK_SIZE
    statistic = sum((c - expected) ** 2 for row in counts for c in row) / expected
    dof = (DECK_SIZE - 1) ** 2                  # rows and columns both sum to `shuffles`
    p = chi2_sf(statistic, dof)
    print(f"card-by-position chi-square {statistic:.1f}, dof {dof}, p = {p:.4f}")
    assert P_MIN < p < 1 - P_MIN, (statistic, p)


def permutation_p_value(seed, cards, shuffles, exclude_rest):
    """Chi-square p of the permutations of a small deck; the deck is the cards left by an
    exclude mask on the real 52-card path (exclude_rest) or a deck of that size."""
    counts = dict.fromkeys(permutations(cards), 0)
    rng = XorShift128(seed)
    exclude = ((1 << DECK_SIZE) - 1) & ~sum(1 << c for c in cards)
    if exclude_rest:
        for _ in range(shuffles):
            counts[tuple(deal(rng, len(cards), exclude).cards)] += 1
    else:
        for deck in fast_positions(seed, shuffles, n=len(cards)):
            counts[tuple(deck)] += 1
    expected = shuffles / len(counts)
    statistic = sum((c - expected) ** 2 for c in counts.values()) / expected
    return statistic, chi2_sf(statistic, len(counts) - 1)


def test_four_cards_every_permutation_equally_likely():
    """240,000 shuffles of the four aces (48 cards excluded, the RTL's compaction path)."""
    statistic, p = permutation_p_value(0xACE5, [48, 49, 50, 51], 240_000, exclude_rest=True)
    print(f"4-card permutations chi-square {statistic:.2f}, dof 23, p = {p:.4f}")
    assert P_MIN < p < 1 - P_MIN


def test_five_cards_every_permutation_equally_likely():
    """120,000 shuffles of five cards (120 permutations; m = 5 and 3 can reject a word)."""
    statistic, p = permutation_p_value(0xF1FE, [0, 1, 2, 3, 4], 120_000, exclude_rest=False)
    print(f"5-card permutations chi-square {statistic:.2f}, dof 119, p = {p:.4f}")
    assert P_MIN < p < 1 - P_MIN


def test_a_modulo_shuffle_would_fail():
    """The same statistic catches the reference's bias: offset = word mod m, 4 cards."""
    counts = dict.fromkeys(permutations(range(4)), 0)
    rng = XorShift128(0xACE5)
    for _ in range(240_000):
        deck = list(range(4))
        for i in range(4):
            j = i + (rng.next() & 0x3F) % (4 - i)          # 6 random bits, mod: biased
            deck[i], deck[j] = deck[j], deck[i]
        counts[tuple(deck)] += 1
    expected = 240_000 / 24
    statistic = sum((c - expected) ** 2 for c in counts.values()) / expected
    assert chi2_sf(statistic, 23) < 1e-6


# -- the twin's invariants ---------------------------------------------------------------------

def test_compaction_keeps_exactly_the_available_cards():
    for size in range(1, 11):
        for exclude in range(1 << size):
            deck, _ = compact(exclude, size)
            assert sorted(deck) == [c for c in range(size) if not exclude >> c & 1]
    rnd = random.Random(1)
    for _ in range(20_000):
        exclude = rnd.getrandbits(DECK_SIZE) & rnd.getrandbits(DECK_SIZE)
        deck, swaps = compact(exclude)
        assert sorted(deck) == [c for c in range(DECK_SIZE) if not exclude >> c & 1]
        assert swaps <= bin(exclude).count("1")


def test_partial_deal_is_a_prefix_of_the_full_shuffle():
    rnd = random.Random(2)
    for _ in range(500):
        seed = rnd.getrandbits(128)
        exclude = rnd.getrandbits(DECK_SIZE) & rnd.getrandbits(DECK_SIZE)
        full = deal(XorShift128(seed), DECK_SIZE, exclude)
        count = rnd.randint(1, DECK_SIZE)
        part = deal(XorShift128(seed), count, exclude)
        assert part.cards == full.cards[:count]
        assert part.error == (count > len(full.cards))


def test_offset_is_exactly_uniform_over_all_fields():
    """Exhaustive over the 6 bits of each field: for every m the accepted values are uniform."""
    for m in range(1, DECK_SIZE + 1):
        mask = MASK_ROM[m]
        hits = [0] * m
        for value in range(64):
            if value & mask < m:
                hits[value & mask] += 1
        assert len(set(hits)) == 1, m
    assert draw_offset(0xFFFFFFFF, 3) is None                  # every field 3: rejected
    assert draw_offset(0x3FFFFFFF, 3) == 0                      # bits 31..30 decide


def test_expected_draws():
    exact = sum(1 / (1 - (1 - Fraction(m, MASK_ROM[m] + 1)) ** (FIELDS + (MASK_ROM[m] <= 3)))
                for m in range(1, DECK_SIZE + 1))
    assert expected_draws() == pytest.approx(float(exact), rel=1e-12)
    assert 52 < expected_draws() < 52.3                         # about 0.5 % rejected words
