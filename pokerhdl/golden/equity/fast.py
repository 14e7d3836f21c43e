"""Equity fast (numpy): the same counts as golden/equity/readable.py, exact and Monte Carlo, at millions
of trials a second. It is the engine of the host API's ``golden`` backend; tests hold it to the
readable model count for count.

Exact: every set of u unknown cards (u = missing board cards + two per random opponent) is
taken once, in chunks, and split into board and seat hands every way (u! / (k! 2^s) splits for
k board cards and s random seats); the hands are ranked by fast_rank.rank7_array.

Monte Carlo: the dealer's streams (golden/equity/deal.py) are xorshift128, which is linear over
GF(2): a 128 x 128 bit matrix steps a state, and its power jumps ahead. Each stream is cut into
blocks whose starting states come from the jump matrix, then all blocks of all streams step
side by side. Every slot takes k words per trial (golden slot_words), so trial t of a lane is
words t * k .. t * k + k - 1 of each of its slots' streams; the slots' positions are found slot
by slot for all trials at once, and the void trials dropped.
"""

import math
from functools import lru_cache
from itertools import combinations

import numpy as np

from .completions import exact_count
from .readable import BOARD_CARDS, TIE_UNITS, Result, check_monte_carlo
from .deal import deal_units, lane_trials, slot_words, stream_seed
from ..fast_rank import rank7_shared
from ..rng import seed_word, seed_words, split_words, step
from ..shuffle import FIELD_BITS, FIELDS, MASK_ROM

CHUNK_ROWS = 1 << 20        # trials ranked per numpy pass
EXACT_LIMIT = 2_000_000_000  # completions an exact run may take (about ten CPU-minutes)


# ------------------------------------------------------------------------- scoring
def _score(result, words):
    """Add the showdowns of N trials, ``words`` an (N, players) array of rank words."""
    best = words.max(axis=1, keepdims=True)
    top = words == best
    k = top.sum(axis=1)
    alone = k == 1
    result.trials += len(words)
    for p in range(words.shape[1]):
        mine = top[:, p]
        result.wins[p] += int(np.count_nonzero(mine & alone))
        tied = mine & ~alone
        result.ties[p] += int(np.count_nonzero(tied))
        result.tie_units[p] += int((TIE_UNITS // k[tied]).sum())


def _words(setup, board, random_hands):
    """(N, players) rank words: ``board`` an (N, 5) array, ``random_hands`` one (N, 2) array
    per random seat in seat order."""
    holes, dealt = [], iter(random_hands)
    for hand in [setup.hero] + list(setup.opponents):
        holes.append(next(dealt) if hand is None else
                     np.broadcast_to(np.array(hand, dtype=np.uint8), (len(board), 2)))
    return rank7_shared(board, holes)


# ------------------------------------------------------------------------- exact
@lru_cache(maxsize=8)
def _subsets(n, u):
    """All u-subsets of range(n) as rows, in colex order (the u-subsets of range(m) first)."""
    if u == 0:
        return np.zeros((1, 0), dtype=np.uint8)
    rows = np.arange(n, dtype=np.uint8)[:, None]
    for size in range(2, u + 1):
        rows = np.concatenate([
            np.column_stack([rows[:math.comb(top, size - 1)],
                             np.full(math.comb(top, size - 1), top, dtype=np.uint8)])
            for top in range(size - 1, n)])
    return rows


def _subset_chunks(n, u):
    """All u-subsets of range(n), in chunks of at most about CHUNK_ROWS rows."""
    if math.comb(n, u) <= CHUNK_ROWS or u == 0:
        yield _subsets(n, u)
        return
    for top in range(u - 1, n):
        for chunk in _subset_chunks(top, u - 1):
            yield np.column_stack([chunk, np.full(len(chunk), top, dtype=np.uint8)])


def _splits(u, k, seats):
    """Every way to take k of u positions for the board and two each for the seats, in order:
    (board positions, [positions of seat 1, ...])."""
    for board in combinations(range(u), k):
        rest = [i for i in range(u) if i not in board]
        for pairs in _pairings(rest, seats):
            yield list(board), pairs


def _pairings(positions, seats):
    if seats == 0:
        yield []
        return
    for pair in combinations(positions, 2):
        rest = [i for i in positions if i not in pair]
        for others in _pairings(rest, seats - 1):
            yield [list(pair)] + others


def exact(setup, progress=None):
    """golden.equity.readable.exact's counts; progress(done, total) after each chunk."""
    total = exact_count(setup)
    if total > EXACT_LIMIT:
        raise ValueError(f"{total:,} completions is more than an exact run takes "
                         f"({EXACT_LIMIT:,}): use Monte Carlo")
    remaining = np.array(setup.remaining(), dtype=np.uint8)
    k, seats = BOARD_CARDS - len(setup.board), len(setup.random_seats())
    u = k + 2 * seats
    splits = list(_splits(u, k, seats))
    known_board = np.array(setup.board, dtype=np.uint8)
    result = Result(setup.players())
    for chunk in _subset_chunks(len(remaining), u):
        cards = remaining[chunk]
        for board_pos, pairs in splits:
            board = _full_board(known_board, cards[:, board_pos])
            _score(result, _words(setup, board, [cards[:, p] for p in pairs]))
        if progress:
            progress(result.trials, total)
    return result


# ------------------------------------------------------------------------- Monte Carlo
@lru_cache(maxsize=1)
def _step_matrix():
    """The xorshift128 step as a 128 x 128 bit matrix over GF(2): column j is the step of the
    state with only bit j set (bit 0: w's lowest)."""
    m = np.zeros((128, 128), dtype=np.uint8)
    for j in range(128):
        after = seed_word(*step(split_words(1 << j)))
        m[:, j] = [(after >> i) & 1 for i in range(128)]
    return m


def _product(a, b):
    return ((a.astype(np.float32) @ b.astype(np.float32)).astype(np.int64) & 1).astype(np.uint8)


@lru_cache(maxsize=None)
def _jump_matrix(steps):
    """The matrix of ``steps`` xorshift128 steps (steps a power of two)."""
    if steps == 1:
        return _step_matrix()
    half = _jump_matrix(steps // 2)
    return _product(half, half)


def _to_bits(states):
    """(N, 4) uint32 states (x, y, z, w) to (N, 128) bits, bit i of the 128-bit value."""
    words = states[:, ::-1].astype(np.uint32)           # w, z, y, x: lowest word first
    return np.unpackbits(words.view(np.uint8).reshape(len(states), 16), axis=1,
                         bitorder="little")


def _from_bits(bits):
    packed = np.packbits(bits, axis=1, bitorder="little").view(np.uint32)
    return packed[:, ::-1].copy()


def _jump(states, matrix):
    bits = _to_bits(states).astype(np.float32) @ matrix.T.astype(np.float32)
    return _from_bits(bits.astype(np.int64).astype(np.uint8) & 1)


def _step_all(x, y, z, w):
    t = x ^ (x << np.uint32(11))
    return y, z, w, w ^ (w >> np.uint32(19)) ^ t ^ (t >> np.uint32(8))


def _block_starts(states, blocks, block):
    """(blocks, N, 4) states: block b of each stream starts b * block steps after ``states``,
    found by doubling (blocks 0..2^i - 1 jump 2^i blocks at once)."""
    found, steps = states[None], block
    while len(found) < blocks:
        moved = _jump(found.reshape(-1, 4), _jump_matrix(steps)).reshape(found.shape)
        found = np.concatenate([found, moved])
        steps *= 2
    return found[:blocks]


class WordStreams:
    """xorshift128 streams side by side, stream i from ``seeds[i]`` (not zero); ``take(i, n)``
    gives stream i's next n words. Words are made in rounds for every stream at once."""

    def __init__(self, seeds, block=1024):
        self.states = np.array([seed_words(s) for s in seeds], dtype=np.uint32)
        self.block = block
        self.buffers = [np.empty(0, dtype=np.uint32) for _ in seeds]

    def _round(self, words_per_stream):
        blocks = max(1, -(-words_per_stream // self.block))
        states = _block_starts(self.states, blocks, self.block)      # (blocks, streams, 4)
        x, y, z, w = (np.ascontiguousarray(states[:, :, i]) for i in range(4))
        out = np.empty((self.block, blocks, len(self.states)), dtype=np.uint32)
        for i in range(self.block):
            x, y, z, w = _step_all(x, y, z, w)
            out[i] = w
        self.states = np.stack([x[-1], y[-1], z[-1], w[-1]], axis=1)
        words = out.transpose(2, 1, 0).reshape(len(self.states), blocks * self.block)
        for i in range(len(self.states)):
            self.buffers[i] = np.concatenate([self.buffers[i], words[i]])

    def take(self, i, count):
        if len(self.buffers[i]) < count:
            self._round(count - len(self.buffers[i]))
        taken, self.buffers[i] = self.buffers[i][:count], self.buffers[i][count:]
        return taken


def deal_positions(words, n, sizes):
    """golden.equity.deal's dealing for many trials, unit by unit (deal_units: a slot, or a
    hand of two): ``words`` a list of (trials, k) arrays, a unit's k words of each trial;
    ``sizes`` the units' slots; the positions (-1 where a unit found none) and which trials are
    not void."""
    mask = np.uint32(MASK_ROM[n])
    trials, slots = len(words[0]), sum(sizes)
    positions = np.full((trials, slots), -1, dtype=np.int64)
    slot = 0
    for unit, size in enumerate(sizes):
        chosen = [np.full(trials, -1, dtype=np.int64) for _ in range(size)]
        for k in range(words[unit].shape[1]):
            for f in range(FIELDS):
                candidate = ((words[unit][:, k] >> np.uint32(FIELD_BITS * f)) & mask
                             ).astype(np.int64)
                free = candidate < n
                for earlier in range(slot):
                    free &= candidate != positions[:, earlier]
                first = free & (chosen[0] < 0)      # slot_position, and a hand's first card
                if size == 2:                       # its second: a later field, not the first
                    second = free & (chosen[0] >= 0) & (chosen[1] < 0) & \
                        (candidate != chosen[0])
                    chosen[1][second] = candidate[second]
                chosen[0][first] = candidate[first]
        for i in range(size):
            positions[:, slot + i] = chosen[i]
        slot += size
    return positions, (positions >= 0).all(axis=1)


class LaneDeals:
    """One lane's dealer (golden.equity.deal.LaneDealer) for many trials at once: ``take(n)``
    gives the cards of its next n counted trials, a (n, slots) array."""

    def __init__(self, seed, lane, remaining, slots):
        self.remaining = np.array(remaining, dtype=np.uint8)
        units = deal_units(list(slots))
        self.streams = WordStreams([stream_seed(seed, lane, unit[0]) for unit in units])
        self.words = [slot_words(unit[0]) for unit in units]
        self.sizes = [len(unit) for unit in units]
        self.slots = len(slots)
        self.ready = np.empty((0, self.slots), dtype=np.int64)     # counted, not yet taken

    def take(self, count):
        if not self.slots:                          # nothing to deal: every trial counts
            return np.zeros((count, 0), dtype=np.uint8)
        while len(self.ready) < count:
            need = int((count - len(self.ready)) * 1.05) + 64
            words = [self.streams.take(s, need * k).reshape(need, k)
                     for s, k in enumerate(self.words)]
            positions, counted = deal_positions(words, len(self.remaining), self.sizes)
            self.ready = np.concatenate([self.ready, positions[counted]])
        taken, self.ready = self.ready[:count], self.ready[count:]
        return self.remaining[taken]


def _full_board(known_board, dealt):
    """(N, 5) boards: the known cards, then the N trials' dealt board cards."""
    return np.concatenate([np.broadcast_to(known_board, (len(dealt), len(known_board))), dealt],
                          axis=1)


def lane_cards(seed, lane, remaining, slots, trials):
    """The cards of a lane's first ``trials`` counted trials: a (trials, slots) array, row t
    what LaneDealer.deal_counted() gives in its t-th call."""
    return LaneDeals(seed, lane, remaining, slots).take(trials)


def monte_carlo(setup, trials, seed, lanes=1, progress=None):
    """golden.equity.readable.monte_carlo's counts; progress(done, trials) after each chunk."""
    check_monte_carlo(trials, seed, lanes)
    result = Result(setup.players())
    k = BOARD_CARDS - len(setup.board)
    known_board = np.array(setup.board, dtype=np.uint8)
    remaining, slots = setup.remaining(), setup.dealt_slots()
    dealers = [LaneDeals(seed, lane, remaining, slots) for lane in range(lanes)]
    left = [lane_trials(trials, lanes, lane) for lane in range(lanes)]
    per_chunk = max(1, CHUNK_ROWS // lanes)
    while any(left):
        parts = []
        for lane, dealer in enumerate(dealers):
            count = min(left[lane], per_chunk)
            left[lane] -= count
            if count:
                parts.append(dealer.take(count))
        cards = np.concatenate(parts)
        board = _full_board(known_board, cards[:, :k])
        _score(result, _words(setup, board, [cards[:, i:i + 2]
                                             for i in range(k, len(slots), 2)]))
        if progress:
            progress(result.trials, trials)
    return result
