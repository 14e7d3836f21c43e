"""Exact enumeration as the hardware engine splits it among its lanes: the golden twin of its
exact mode, and the proof (tb/golden/test_golden_equity.py) that the split counts every completion
once.

A deal's positions index the setup's remaining cards (golden/equity/deal.py). The missing
board is a k-combination of positions, numbered in colex order: {c_1 < ... < c_k} has rank
C(c_1, 1) + ... + C(c_k, k), so the boards are ranks 0 .. C(n, k) - 1 and the successor of a
combination is a small step (raise the lowest position that can rise, reset those below it),
which a lane's odometer takes once a clock. The engine shares the boards among its lanes as it
shares Monte Carlo trials (golden lane_trials): lane l takes the next ``lane_trials(boards,
lanes, l)`` ranks, from the first one it unranks. For each board a lane runs every hand of the
random opponents, each a 2-combination of all n positions (colex order); a
deal whose hands meet the board or each other is void, so every completion is counted once and
each lane's share is whole boards.

An enumeration the engine's 40-bit counters might not hold is refused (ERR_EXACT): with k
missing board cards, at most MAX_EXACT_RANDOM[k] random opponents, so that even from 50 unknown
cards the deals C(50, k) * C(50, 2) ** r stay below 2 ** 40; so is one with a random opponent
past the first EXACT_SEATS seats, whose slots a lane's odometer has no digits for (a host
seats the random opponents first: odds/hardware.py).
"""

from itertools import product
from math import comb

from .readable import ERR_EXACT, BOARD_CARDS, EquityError, Result, trial_words
from .deal import lane_trials

COUNTER_LIMIT = 1 << 40
MOST_UNKNOWN = 50                   # the hero's two cards are always known


def _most_random(k):
    r = 0
    while comb(MOST_UNKNOWN, k) * comb(MOST_UNKNOWN, 2) ** (r + 1) < COUNTER_LIMIT:
        r += 1
    return r


MAX_EXACT_RANDOM = tuple(_most_random(k) for k in range(BOARD_CARDS + 1))
EXACT_SEATS = max(MAX_EXACT_RANDOM)     # the opponents' seats an enumeration may deal


def check_exact(setup):
    """EquityError(ERR_EXACT) when the engine would refuse to enumerate ``setup``."""
    k, r = BOARD_CARDS - len(setup.board), len(setup.random_seats())
    if r > MAX_EXACT_RANDOM[k]:
        raise EquityError(ERR_EXACT, f"{r} random opponents with {k} board cards to come: "
                          f"the engine enumerates at most {MAX_EXACT_RANDOM[k]}")
    late = [seat for seat in setup.random_seats() if seat > EXACT_SEATS]
    if late:
        raise EquityError(ERR_EXACT, f"a random opponent in seat {late[0]}: the engine "
                          f"enumerates random hands in the first {EXACT_SEATS} seats only")


def colex_rank(positions):
    """The colex rank of a set of positions."""
    return sum(comb(c, j) for j, c in enumerate(sorted(positions), 1))


def colex_unrank(rank, k):
    """The k positions, increasing, whose colex rank is ``rank``: the largest first, each the
    greatest c with C(c, j) <= what is left of the rank."""
    positions = []
    for j in range(k, 0, -1):
        c = j - 1
        while comb(c + 1, j) <= rank:
            c += 1
        positions.append(c)
        rank -= comb(c, j)
    return positions[::-1]


def board_count(setup):
    """The boards an exact enumeration of ``setup`` runs through."""
    return comb(len(setup.remaining()), BOARD_CARDS - len(setup.board))


def lane_boards(setup, lanes, lane):
    """(first rank, count) of the boards lane ``lane`` of ``lanes`` enumerates."""
    boards = board_count(setup)
    first = sum(lane_trials(boards, lanes, other) for other in range(lane))
    return first, lane_trials(boards, lanes, lane)


def exact_share(setup, first, count, result=None):
    """The counts of boards ``first`` .. ``first + count - 1`` (colex ranks) with every deal
    of the random opponents' hands, void deals left out, added to ``result``."""
    result = result or Result(setup.players())
    remaining = setup.remaining()
    n, k = len(remaining), BOARD_CARDS - len(setup.board)
    seats = len(setup.random_seats())
    pairs = [colex_unrank(rank, 2) for rank in range(comb(n, 2))]
    for rank in range(first, first + count):
        board_positions = colex_unrank(rank, k)
        board = setup.board + tuple(remaining[p] for p in board_positions)
        for hands in product(pairs, repeat=seats):
            used = board_positions + [p for hand in hands for p in hand]
            if len(set(used)) == len(used):
                dealt = [tuple(remaining[p] for p in hand) for hand in hands]
                result.add(trial_words(setup, board, dealt))
    return result


def split_exact(setup, lanes):
    """An exact enumeration as ``lanes`` lanes share it: the same counts as golden exact."""
    check_exact(setup)
    result = Result(setup.players())
    for lane in range(lanes):
        exact_share(setup, *lane_boards(setup, lanes, lane), result)
    return result


def exact_deals(setup):
    """The deals (void ones too) an exact enumeration of ``setup`` runs through."""
    return board_count(setup) * comb(len(setup.remaining()), 2) ** len(setup.random_seats())


def exact_clocks(setup):
    """The clocks the lanes deal an exact enumeration of ``setup`` in, all lanes together:
    a deal a clock, and one deal more each time the innermost random hand wraps (the lane's
    odometer holds it for a clock while it readies the carry: rtl/equity/colex_odometer.py)."""
    deals = exact_deals(setup)
    return deals + (deals // comb(len(setup.remaining()), 2) if setup.random_seats() else 0)

