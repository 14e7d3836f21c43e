"""The C kernel's 7-card evaluator (pokerhdl/odds/native.c, hand_class; its tables derived in
native.py from golden/fast_rank.py's) gives golden's rank words: on every table entry it can
read, on random hands against the readable rank7 and the numpy lookup, on the category counts
of all 133,784,560 seven-card hands, and (marker `slow`) hand for hand on all of them."""

import math

import numpy as np
import pytest

from hand_facts import SEVEN_CARD_COUNTS, TRAPS
from pokerhdl.golden import parse_cards
from pokerhdl.golden import fast_rank
from pokerhdl.golden.hands import rank7
from pokerhdl.odds import native

pytestmark = pytest.mark.skipif(not native.available(), reason="no C compiler")


def test_every_table_entry():
    """One hand per rank multiset and per flush rank mask (fast_rank.check_tables' hands, other
    suits and card orders): every slot of the rank hash and the flush table a hand reads."""
    ranks = fast_rank._rank_multisets(7)
    hands = [fast_rank._suited(ranks, (1, 3, 0, 2, 1, 3, 0))]
    for i, mask in enumerate(fast_rank._flush_masks(7)):
        suit, flush_ranks = (i + 2) % 4, fast_rank._mask_ranks(mask)
        others = [flush_ranks[j] << 2 | (suit + 1 + j) % 4 for j in range(7 - len(flush_ranks))]
        hands.append(np.array([[r << 2 | suit for r in flush_ranks] + others]))
    hands = np.random.default_rng(3).permuted(np.concatenate(hands), axis=1)
    assert (native.rank7_words(hands) == fast_rank.rank7_array(hands)).all()


def test_random_hands_and_traps():
    rng = np.random.default_rng(2026)
    hands = rng.permuted(np.tile(np.arange(52), (300_000, 1)), axis=1)[:, :7]
    words = native.rank7_words(hands)
    assert (words == fast_rank.rank7_array(hands)).all()
    assert words[:3000].tolist() == [rank7(h) for h in hands[:3000].tolist()]
    traps = np.array([parse_cards(cards) for cards, _, _ in TRAPS])
    assert native.rank7_words(traps).tolist() == [word for _, word, _ in TRAPS]


def test_classes_keep_the_words_order():
    """The kernel compares 16-bit classes: they must order hands as the words do, ties too."""
    words = np.ctypeslib.as_array(native._tables()[1]["words"])
    assert (np.diff(words.astype(np.int64)) > 0).all()


def test_all_seven_card_hands_fall_in_their_categories():
    """All 133,784,560 hands through the kernel's evaluator (a second or so)."""
    categories, _ = native.evaluate_all()
    assert categories == SEVEN_CARD_COUNTS and sum(categories) == math.comb(52, 7)


@pytest.mark.slow
def test_every_seven_card_hand_against_golden():
    """Hand for hand, all 133,784,560, against golden's numpy lookup (itself held to rank7
    entry by entry and by the census): in blocks sharing their two lowest cards, as
    fast_rank.census7 takes them (ten seconds or so on one core)."""
    rest = fast_rank._five_of_fifty()
    done = 0
    for lowest in range(46):
        for second in range(lowest + 1, 47):
            n = math.comb(51 - second, 5)
            hands = np.empty((n, 7), dtype=np.uint8)
            hands[:, 0], hands[:, 1] = lowest, second
            np.add(rest[:n], second + 1, out=hands[:, 2:])
            got, expected = native.rank7_words(hands), fast_rank.rank7_array(hands, check=False)
            wrong = np.flatnonzero(got != expected)
            assert not wrong.size, (hands[wrong[0]].tolist(), got[wrong[0]], expected[wrong[0]])
            done += n
    assert done == math.comb(52, 7)
