"""The equity calculator's host API: ``pokerhdl.equity("AdAc", "KhKs")`` (pokerhdl/__init__.py).

It takes cards as text ("AdAc", "Ad Ac") or codes, an opponent as two cards or None / "random"
(a random hand), and answers exactly (every completion) or by Monte Carlo (seeded trials, dealt
as the hardware engine deals them, so a seed and a lane count give the same counts on every
backend). Backends: ``golden``, the CPU: exact runs in numpy (golden/fast_equity.py), Monte
Carlo in C on every core (equity_native.py; numpy where there is no C compiler). The hardware
engine's backends (``sim``: the generated RTL in a simulator; ``serial``: a board) come with it.
"""

import time
from dataclasses import dataclass

from .golden.cards import CardError, format_cards, parse_cards
from .golden.equity import ERR_CARD, ERR_TRIALS, EquityError, Setup
from . import equity_native
from .golden import fast_equity

BACKENDS = ("golden",)
DEFAULT_TRIALS = 1_000_000
DEFAULT_SEED = 1
DEFAULT_LANES = 16               # the lanes of a golden run (the counts depend on them)
AUTO_EXACT_LIMIT = 20_000_000    # without --exact or --trials: exact up to this many completions
RANDOM = ("random", "?", "??", "xx")


@dataclass
class PlayerEquity:
    cards: str              # "AdAc", or "random"
    win: float              # share of trials won outright
    tie: float              # share of trials tied for the best hand
    equity: float           # share of the pot
    wins: int
    ties: int
    tie_units: int
    stderr: float = None    # Monte Carlo: an upper bound of the equity's standard error


@dataclass
class EquityReport:
    players: list           # PlayerEquity, hero first
    trials: int
    exact: bool
    seed: int
    lanes: int
    backend: str
    engine: str             # what ran: "numpy", "C" (Monte Carlo on the CPU)
    seconds: float

    @property
    def trials_per_second(self):
        return self.trials / self.seconds if self.seconds else float("inf")

    def as_dict(self):
        return {"players": [vars(p) for p in self.players], "trials": self.trials,
                "mode": "exact" if self.exact else "monte-carlo", "seed": self.seed,
                "lanes": self.lanes, "backend": self.backend, "engine": self.engine,
                "seconds": self.seconds}


def _cards(value, what):
    if isinstance(value, str):
        try:
            return tuple(parse_cards(value))
        except CardError as exc:
            raise EquityError(ERR_CARD, f"{what} {value!r}: {exc}") from None
    return tuple(value)


def make_setup(hero, opponents, board=(), dead=()):
    """A golden Setup from text or codes; an opponent None or "random" is a random hand."""
    hands = [None if o is None or (isinstance(o, str) and o.lower() in RANDOM)
             else _cards(o, "opponent") for o in opponents]
    return Setup(_cards(hero, "hero"), hands, _cards(board, "board"), _cards(dead, "dead"))


def equity(hero, *opponents, board=(), dead=(), exact=None, trials=None, seed=DEFAULT_SEED,
           lanes=DEFAULT_LANES, backend="golden", progress=None):
    """Equity of the hero and each opponent. exact=True: every completion; trials=N: Monte
    Carlo; neither: exact when it takes at most AUTO_EXACT_LIMIT completions, else
    DEFAULT_TRIALS trials. progress(done, total) is called as the run goes. EquityError (with
    its code) for a setup or request the engine refuses."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; available: {', '.join(BACKENDS)} "
                         f"(sim and serial come with the hardware engine)")
    setup = make_setup(hero, opponents, board, dead)
    if trials is not None:
        if exact:
            raise ValueError("exact and trials exclude each other")
        if trials < 1:
            raise EquityError(ERR_TRIALS, f"got {trials}")
        exact = False
    elif exact is None:
        exact = fast_equity.exact_count(setup) <= AUTO_EXACT_LIMIT
    start = time.perf_counter()
    engine = "numpy"
    if exact:
        result = fast_equity.exact(setup, progress=progress)
    elif equity_native.available():
        engine = "C"
        result = equity_native.monte_carlo(setup, trials or DEFAULT_TRIALS, seed, lanes,
                                           progress=progress)
    else:
        result = fast_equity.monte_carlo(setup, trials or DEFAULT_TRIALS, seed, lanes,
                                         progress=progress)
    seconds = time.perf_counter() - start
    names = [format_cards(setup.hero).replace(" ", "")] + [
        format_cards(o).replace(" ", "") if o else "random" for o in setup.opponents]
    players = [PlayerEquity(names[p], result.win(p), result.tie(p), result.equity(p),
                            result.wins[p], result.ties[p], result.tie_units[p],
                            None if exact else result.standard_error(p))
               for p in range(setup.players())]
    return EquityReport(players, result.trials, bool(exact), None if exact else seed,
                        None if exact else lanes, backend, engine, seconds)
