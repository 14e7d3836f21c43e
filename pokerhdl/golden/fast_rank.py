"""A fast, table-driven evaluator (numpy): ``rank7``'s word for millions of hands a second.

``rank7`` in hands.py is the readable definition of the rank word, and it costs tens of
microseconds a hand. Host software (the equity engine) and the census of all 133,784,560
seven-card hands need far more than that, so this module looks the word up in two tables. Both
are built by calling ``rank7`` on one representative hand of every distinct case they cover,
so they cannot disagree with the definition on any hand class; ``check_tables`` checks them
again, through the lookup path, on other representatives.

How a hand is looked up. Every card has a 64-bit key: its rank's key from bit 16 up, and a 1 in
its suit's 4-bit counter (bits 0..15). The sum of a hand's keys holds
  - the sum of its rank keys, which differs for every multiset of ranks that a hand of that size
    can hold: it indexes ``by_ranks``, the word of the hand if it has no flush;
  - four suit counters, started at 3, so that bit 3 of a counter is set exactly when the hand
    holds five or more cards of that suit.
A hand with a flush (only one suit can have five of seven cards) takes its word from
``by_flush``, indexed by the 13-bit mask of the flush suit's ranks: beside five suited cards the
other two cards can make at most three of a kind, so the flush suit alone decides the word.

``by_ranks`` indexed by the rank-key sum itself would span 7.8 million entries (31 MB) for
49,205 used ones, and a lookup would miss every cache. So it is stored as a perfect hash: the
sum's low HASH_BITS bits plus a displacement chosen for its high bits (``RankHash``: 89,000
words and 15,300 displacements, 420 KB). The tables are built once and kept in the cache folder
($POKERHDL_CACHE, else ~/.cache/pokerhdl), keyed by the source of this module and of rank7.
"""

import hashlib
import math
import os
import tempfile
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from pathlib import Path

import numpy as np

from . import hands
from .cache import cache_dir
from .cards import card_text, format_cards
from .hands import rank7

# Rank keys (deuce .. ace) whose sums differ for every multiset of up to seven ranks with no rank
# more than four times (the keys of Kenneth Shackleton's SKPokerEval); _rank_sums checks this.
RANK_KEYS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
_RANK_SHIFT = 16
_SUIT_START = 0x3333   # each 4-bit suit counter starts at 3: 3 + 5 sets its bit 3, 3 + 7 fits
_FLUSH_BITS = 0x8888
_CARD_KEYS = np.array([RANK_KEYS[c >> 2] << _RANK_SHIFT | 1 << 4 * (c & 3) for c in range(52)],
                      dtype=np.uint64)
_FIRST_CARD_KEYS = _CARD_KEYS + _SUIT_START   # the counters' start rides on a hand's first card
_FLUSH_BIT_OF_CARD = np.array([8 << 4 * (c & 3) for c in range(52)], dtype=np.uint64)
_RANK_BITS = np.array([1 << (c >> 2) for c in range(52)], dtype=np.uint16)
_CARD_BITS = np.array([1 << c for c in range(52)], dtype=np.uint64)

SEVEN_CARD_HANDS = math.comb(52, 7)
HASH_BITS = 9
_HASH_LOW = np.uint64((1 << HASH_BITS) - 1)


def _rank_multisets(n_cards):
    """Every multiset of n_cards ranks with no rank more than four times, as sorted rows."""
    rows = np.array(list(combinations_with_replacement(range(13), n_cards)),
                    dtype=np.uint8).reshape(-1, n_cards)
    too_many = np.zeros(len(rows), dtype=bool)
    for i in range(n_cards - 4):
        too_many |= rows[:, i] == rows[:, i + 4]
    return rows[~too_many]


def _suited(rank_rows, suit_of_position):
    """Cards from sorted rank rows, the i-th card of a row in suit suit_of_position[i]: equal
    ranks sit side by side, so a pattern that cycles through four suits never repeats a card
    and never puts five cards in one suit."""
    return (rank_rows.astype(np.int64) << 2) | np.array(suit_of_position[:rank_rows.shape[1]])


def _rank_sums(n_cards):
    """(rank multisets of n_cards cards, their rank-key sums)."""
    ranks = _rank_multisets(n_cards)
    sums = np.array(RANK_KEYS, dtype=np.int64)[ranks].sum(axis=1)
    if len(np.unique(sums)) != len(sums):
        raise AssertionError(f"RANK_KEYS sums collide on {n_cards}-card rank multisets")
    return ranks, sums


@lru_cache(maxsize=None)
def _rank_table(n_cards):
    """by_ranks for hands of n_cards cards, unhashed: rank-key sum -> rank7 of a hand with
    those ranks and no flush (the cards' suits cycle clubs, diamonds, hearts, spades)."""
    ranks, sums = _rank_sums(n_cards)
    suited = _suited(ranks, (0, 1, 2, 3, 0, 1, 2))
    table = np.zeros(sums.max() + 1, dtype=np.uint32)
    table[sums] = [rank7(hand) for hand in suited.tolist()]
    return table


@dataclass
class RankHash:
    """by_ranks as a perfect hash: the word of rank-key sum k is
    words[(k & (2**HASH_BITS - 1)) + displace[k >> HASH_BITS]]."""
    displace: np.ndarray     # uint32, one per value of k >> HASH_BITS
    words: np.ndarray        # uint32

    def lookup(self, sums):
        return self.words[(sums & _HASH_LOW) + self.displace[sums >> np.uint64(HASH_BITS)]]


def _build_hash(n_cards):
    """Hash and displace: the sums' buckets (same high bits), largest first, each at the first
    displacement (from the lowest free slot on) where all its keys land in free slots."""
    _, sums = _rank_sums(n_cards)
    table = _rank_table(n_cards)
    buckets, lows = sums >> HASH_BITS, sums & ((1 << HASH_BITS) - 1)
    order = np.argsort(buckets, kind="stable")
    names, starts, counts = np.unique(buckets[order], return_index=True, return_counts=True)
    occupied = np.zeros(2 * len(sums) + (8 << HASH_BITS), dtype=bool)
    displace = np.zeros(int(buckets.max()) + 1, dtype=np.int64)
    first_free = 0
    for i in np.argsort(-counts, kind="stable"):
        keys = lows[order[starts[i]:starts[i] + counts[i]]]
        start = max(0, first_free - int(keys.min()))
        while True:
            tries = np.arange(start, start + 4096)
            if start + 4096 + (1 << HASH_BITS) > len(occupied):
                occupied = np.concatenate([occupied, np.zeros(len(occupied), dtype=bool)])
            free = ~occupied[keys[:, None] + tries[None, :]].any(axis=0)
            if free.any():
                d = int(tries[np.argmax(free)])
                break
            start += 4096
        occupied[keys + d] = True
        displace[names[i]] = d
        while occupied[first_free]:
            first_free += 1
    words = np.zeros(int((lows + displace[buckets]).max()) + 1, dtype=np.uint32)
    words[lows + displace[buckets]] = table[sums]
    return RankHash(displace.astype(np.uint32), words)


@lru_cache(maxsize=None)
def _rank_hash(n_cards):
    """The RankHash of n_cards-card hands, from the cache folder when this module and rank7
    have not changed since it was built."""
    source = Path(__file__).read_bytes() + Path(hands.__file__).read_bytes()
    name = f"rank-hash-{n_cards}-{hashlib.sha1(source).hexdigest()[:16]}.npz"
    path = cache_dir() / name
    try:
        with np.load(path) as kept:
            return RankHash(kept["displace"], kept["words"])
    except (OSError, KeyError, ValueError):
        pass
    built = _build_hash(n_cards)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".npz", delete=False) as f:
            np.savez(f, displace=built.displace, words=built.words)
        os.replace(f.name, path)
    except OSError:
        pass                # a read-only home: build again next time
    return built


def _flush_masks(n_cards):
    """The 13-bit rank masks of every flush a hand of n_cards cards can hold (5 to 7 ranks)."""
    return [sum(1 << r for r in ranks)
            for size in range(5, n_cards + 1) for ranks in combinations(range(13), size)]


def _mask_ranks(mask):
    return [r for r in range(13) if mask >> r & 1]


@lru_cache(maxsize=None)
def _flush_table():
    """by_flush: rank mask of a suit -> rank7 of those ranks in clubs (flush or straight flush),
    for every mask of 5, 6 or 7 ranks; the other entries are never read."""
    table = np.zeros(1 << 13, dtype=np.uint32)
    for mask in _flush_masks(7):
        table[mask] = rank7([r << 2 for r in _mask_ranks(mask)])
    return table


def _key_sum(columns):
    """The sum of the keys of N hands' cards (card-code columns), the suit counters started."""
    total = np.take(_FIRST_CARD_KEYS, columns[0])
    for column in columns[1:]:
        total += np.take(_CARD_KEYS, column)
    return total


def _words_of_sums(total, columns, by_ranks):
    """Rank words from key sums: by_ranks (a RankHash) unless a suit has five cards, then
    by_flush from the flush suit's rank mask (gathered from the hands' card columns)."""
    words = by_ranks.lookup(total >> _RANK_SHIFT)
    flushed = np.flatnonzero(total & _FLUSH_BITS)
    if flushed.size:
        flush_bits = total[flushed] & _FLUSH_BITS
        mask = np.zeros(flushed.size, dtype=np.uint16)
        for column in columns:
            cards = column[flushed]
            mask |= np.where(flush_bits & _FLUSH_BIT_OF_CARD[cards], _RANK_BITS[cards], 0)
        words[flushed] = _flush_table()[mask]
    return words


def _words(columns, by_ranks):
    """Rank words of N hands given as a sequence of card-code columns (one per card slot);
    by_ranks a RankHash."""
    return _words_of_sums(_key_sum(columns), columns, by_ranks)


def rank7_shared(board, holes):
    """Rank words of the players of N deals that share a board: ``board`` an (N, 5) array of
    card codes, ``holes`` a list of (N, 2) arrays (one per player); an (N, players) array,
    equal to rank7_array on each player's seven cards. The board's keys are summed once for
    all players. Codes are trusted (no checks)."""
    board_total = _key_sum(list(board.T))
    by_ranks = _rank_hash(board.shape[1] + 2)
    words = np.empty((len(board), len(holes)), dtype=np.uint32)
    for p, hole in enumerate(holes):
        total = board_total + np.take(_CARD_KEYS, hole[:, 0]) + np.take(_CARD_KEYS, hole[:, 1])
        words[:, p] = _words_of_sums(total, list(board.T) + list(hole.T), by_ranks)
    return words


def _check_hands(hands):
    """ValueError, naming the first bad hand, if a code is not 0..51 or a hand repeats a card."""
    if not np.issubdtype(hands.dtype, np.integer):
        raise ValueError(f"hands must hold integer card codes, got dtype {hands.dtype}")
    if hands.size == 0:
        return
    if hands.min() < 0 or hands.max() > 51:
        row, col = np.argwhere((hands < 0) | (hands > 51))[0]
        raise ValueError(f"invalid card code {hands[row, col]} in hand {row}: a card is 0..51 "
                         f"(rank << 2 | suit; no NO_CARD slots here)")
    seen = np.zeros(len(hands), dtype=np.uint64)
    added = np.zeros(len(hands), dtype=np.uint64)
    for column in hands.T:
        bits = np.take(_CARD_BITS, column)
        seen |= bits
        added += bits   # carries past a repeated card's bit: differs from seen
    repeats = np.flatnonzero(seen != added)
    if repeats.size:
        row = repeats[0]
        codes = hands[row].tolist()
        twice = next(c for c in codes if codes.count(c) > 1)
        raise ValueError(f"duplicate card {card_text(twice)} in hand {row}: {codes}")


def rank7_array(hands, check=True):
    """Rank words (uint32) of N hands given as an (N, n) array of card codes 0..51, n = 1..7:
    equal to ``rank7`` hand for hand. check=False skips the code and duplicate checks for
    trusted callers (a bad code then gives an IndexError or a meaningless word)."""
    hands = np.asarray(hands)
    if hands.ndim != 2 or not 1 <= hands.shape[1] <= 7:
        raise ValueError(f"hands must be an array of shape (N, 1..7) of card codes, "
                         f"got shape {hands.shape}")
    if check:
        _check_hands(hands)
    return _words(hands.T, _rank_hash(hands.shape[1]))


def check_tables(n_cards=7):
    """Check every entry the lookup of n_cards-card hands can read against rank7, through the
    lookup path itself: one hand per rank multiset (suits in another pattern than the build's,
    cards in shuffled order) and one per flush rank mask (in each suit in turn, with off-suit
    cards of the flush's top ranks beside it, pairing or tripling them). Returns the number of
    hands checked; AssertionError names the first disagreement."""
    ranks = _rank_multisets(n_cards)
    plain = _suited(ranks, (3, 2, 1, 0, 3, 2, 1))
    flushes = []
    for i, mask in enumerate(_flush_masks(n_cards)):
        suit, flush_ranks = i % 4, _mask_ranks(mask)
        others = [flush_ranks[-1 - j] << 2 | (suit + 1 + j) % 4
                  for j in range(n_cards - len(flush_ranks))]
        flushes.append([r << 2 | suit for r in flush_ranks] + others)
    hands = np.concatenate([plain, np.array(flushes, dtype=np.int64).reshape(-1, n_cards)])
    hands = np.random.default_rng(n_cards).permuted(hands, axis=1)
    expected = np.array([rank7(hand) for hand in hands.tolist()], dtype=np.uint32)
    got = rank7_array(hands)
    wrong = np.flatnonzero(got != expected)
    if wrong.size:
        i = wrong[0]
        raise AssertionError(f"{wrong.size} table entries disagree with rank7, first on "
                             f"{format_cards(hands[i].tolist())}: lookup {got[i]:#08x}, "
                             f"rank7 {expected[i]:#08x}")
    return len(hands)


@lru_cache(maxsize=None)
def _five_of_fifty():
    """All 5-subsets of range(50) in colex order, so the 5-subsets of range(m) are the first
    comb(m, 5) rows."""
    rows = np.arange(50, dtype=np.uint8)[:, None]
    for size in range(2, 6):
        rows = np.concatenate([
            np.column_stack([rows[:math.comb(top, size - 1)],
                             np.full(math.comb(top, size - 1), top, dtype=np.uint8)])
            for top in range(size - 1, 50)])
    return rows


def _census_from(lowest):
    """Category counts of the seven-card hands whose lowest card is `lowest`, taken in chunks of
    at most comb(50, 5) hands that share their two lowest cards."""
    counts = np.zeros(9, dtype=np.int64)
    rest = _five_of_fifty()
    for second in range(lowest + 1, 47):
        n = math.comb(51 - second, 5)
        hands = np.empty((n, 7), dtype=np.uint8)
        hands[:, 0], hands[:, 1] = lowest, second
        np.add(rest[:n], second + 1, out=hands[:, 2:])
        counts += np.bincount(rank7_array(hands, check=False) >> 20, minlength=9)
    return counts


def census7(progress=None, processes=None):
    """Category counts (high card .. straight flush, 9 ints) over all 133,784,560 seven-card
    hands, every hand ranked by the lookup (no combinatorial shortcut), so the counts check the
    tables against docs/spec.md's. Runs in `processes` processes (default: up to 2, the cores of the
    machine the regression targets); progress(hands_done, SEVEN_CARD_HANDS) after each block."""
    processes = processes or min(2, os.cpu_count() or 1)
    _rank_hash(7), _flush_table(), _five_of_fifty()   # built once, before workers fork
    firsts = range(46)   # largest blocks first, so the workers finish together
    if processes == 1:
        return _sum_blocks(map(_census_from, firsts), firsts, progress)
    with ProcessPoolExecutor(processes) as pool:
        return _sum_blocks(pool.map(_census_from, firsts), firsts, progress)


def _sum_blocks(blocks, firsts, progress):
    total, done = np.zeros(9, dtype=np.int64), 0
    for lowest, counts in zip(firsts, blocks):
        total += counts
        done += math.comb(51 - lowest, 6)
        if progress:
            progress(done, SEVEN_CARD_HANDS)
    return total.tolist()
