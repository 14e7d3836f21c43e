"""The preflop ordering behind percentage ranges ("15%", golden/equity/ranges.py), computed with this
project's engine: ``python -m pokerhdl.odds.preflop_order`` writes golden/equity/preflop_order.txt.

Which ordering: each of the 169 starting hands by its all-in equity against ONE random hand
(heads-up, five board cards to come), the strongest first. That is the question a percentage
range answers in a heads-up calculator ("the top 15% of hands"), it needs no assumption about
how many players or how they play, and a random hand is what this engine deals natively. (An
ordering against several random hands ranks suited connectors and small pairs higher; it is
one flag of the chart, `pokerhdl chart --random N`, not the ordering ranges use.)

How: each hand's first combo (equity against a random hand does not depend on the suits, only on
suited or not) is enumerated exactly, every board and every opponent hand (2,097,572,400
completions a hand) by the C exact kernel on one thread: no seed, no sampling error, the same
file on every machine; hands of equal equity (none here) would keep the grid order. About 2 s
a hand with the kernel's suit symmetry (5.4 minutes in all; 14 without it, which gave the same
file); `tb/golden/test_ranges.py` recomputes two rows (a slow test) and checks the table's form and
that its equities average exactly one half quickly.
"""

import sys
from pathlib import Path

from ..golden.cards import RANKS
from ..golden.equity.readable import Setup
from ..golden.equity.ranges import ORDER_FILE, class_combos, hand_class
from . import native


def every_class():
    """The 169 starting hands in grid order: pairs and suited/offsuit hands, high ranks first."""
    names = []
    for high in range(len(RANKS) - 1, -1, -1):
        for low in range(high, -1, -1):
            names += [hand_class(high, low, "")] if high == low else \
                [hand_class(high, low, "s"), hand_class(high, low, "o")]
    return names


def class_equity(name):
    """(equity units, completions) of a starting hand against one random hand, exact: units
    are TIE_UNITS * wins + tie units, so the equity is units / (2520 * completions)."""
    hero = class_combos(name)[0]
    result = native.exact(Setup(hero, [None]), threads=1)
    return 2520 * result.wins[0] + result.tie_units[0], result.trials


def table(names=None):
    """[(name, equity units, completions)] strongest first (a stable sort: ties keep grid
    order)."""
    rows = [(n, *class_equity(n)) for n in (names or every_class())]
    return sorted(rows, key=lambda r: -r[1] / r[2])


def write(path=ORDER_FILE):
    lines = ["# The 169 starting hands, strongest first: each hand's equity against one random",
             "# hand, heads-up, five board cards to come, exact (every board and opponent hand).",
             "# Made by `python -m pokerhdl.odds.preflop_order` (the C exact kernel); columns:",
             "# hand, equity %, equity units (2520 a won completion, 2520/k a k-way tie),",
             "# completions. golden/equity/ranges.py reads the first column for ranges like 15%."]
    for name, units, n in table():
        lines.append(f"{name:4s} {100 * units / (2520 * n):7.3f} {units} {n}")
    Path(path).write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    write(*sys.argv[1:2])
