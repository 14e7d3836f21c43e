"""The preflop ordering behind percentage ranges ("15%", golden/ranges.py), computed with this
project's engine: ``python -m pokerhdl.odds.preflop_order`` writes golden/preflop_order.txt.

Which ordering: each of the 169 starting hands by its all-in equity against ONE random hand
(heads-up, five board cards to come), the strongest first. That is the question a percentage
range answers in a heads-up calculator ("the top 15% of hands"), it needs no assumption about
how many players or how they play, and a random hand is what this engine deals natively. (An
ordering against several random hands ranks suited connectors and small pairs higher; it is
one flag of the chart, `pokerhdl chart --random N`, not the ordering ranges use.)

How: each hand's first combo (equity against a random hand does not depend on the suits, only on
suited or not) runs TRIALS Monte Carlo trials from SEED over LANES lanes on the C kernel, one
thread, so the table is the same on every machine and `tb/test_ranges.py` recomputes entries
of it. TRIALS = 2,000,000 gives each equity a standard error of about 0.03 percentage points;
hands closer than that (a few pairs of weak offsuit hands) may stand in either order, which
moves a percentage range by one hand at its edge at most. Ties in the counts keep the grid order.
"""

import sys
from pathlib import Path

from ..golden.cards import RANKS
from ..golden.equity import Setup
from ..golden.ranges import ORDER_FILE, class_combos, hand_class
from . import native

TRIALS = 2_000_000
SEED = 1
LANES = 16


def every_class():
    """The 169 starting hands in grid order: pairs and suited/offsuit hands, high ranks first."""
    names = []
    for high in range(len(RANKS) - 1, -1, -1):
        for low in range(high, -1, -1):
            names += [hand_class(high, low, "")] if high == low else \
                [hand_class(high, low, "s"), hand_class(high, low, "o")]
    return names


def class_equity(name, trials=TRIALS, seed=SEED, lanes=LANES):
    """(equity units, trials) of a starting hand against one random hand: units are
    TIE_UNITS * wins + tie units, so the equity is units / (2520 * trials), exactly."""
    hero = class_combos(name)[0]
    result = native.monte_carlo(Setup(hero, [None]), trials, seed, lanes, threads=1)
    return 2520 * result.wins[0] + result.tie_units[0], result.trials


def table(names=None, trials=TRIALS):
    """[(name, equity units, trials)] strongest first (a stable sort: ties keep grid order)."""
    rows = [(n, *class_equity(n, trials)) for n in (names or every_class())]
    return sorted(rows, key=lambda r: -r[1] / r[2])


def write(path=ORDER_FILE, trials=TRIALS):
    lines = ["# The 169 starting hands, strongest first: each hand's equity against one random",
             "# hand, heads-up, five board cards to come. Made by `python -m",
             f"# pokerhdl.odds.preflop_order` ({trials:,} Monte Carlo trials a hand, seed {SEED},",
             f"# {LANES} lanes, the C kernel); columns: hand, equity %, equity units (2520 a",
             "# won trial), trials. golden/ranges.py reads the first column for ranges like 15%."]
    for name, units, n in table(trials=trials):
        lines.append(f"{name:4s} {100 * units / (2520 * n):7.3f} {units} {n}")
    Path(path).write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    write(*sys.argv[1:2])
