"""How many completions an exact run takes, without numpy: what the calculator checks a request
against before it runs, and what the C kernel's count must come to. Its own module, outside
readable.py, so that the hardware's sources (which import readable) do not change with it."""

import math

from .readable import BOARD_CARDS


def exact_count(setup):
    """Completions an exact run takes: the boards left, each with every way to deal the random
    seats their hands."""
    n, k, seats = len(setup.remaining()), BOARD_CARDS - len(setup.board), \
        len(setup.random_seats())
    u = k + 2 * seats
    return math.comb(n, u) * math.factorial(u) // (math.factorial(k) * 2 ** seats)
