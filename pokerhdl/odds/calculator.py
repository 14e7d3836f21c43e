"""The equity calculator's host API: ``pokerhdl.equity("AdAc", "KhKs")`` (pokerhdl/__init__.py).

It takes cards as text ("AdAc", "Ad Ac", "10h" for "Th") or codes; any player, the hero too, as
two cards or a hand range ("QQ+,AKs", "15%", "AA:0.5": golden/equity/ranges.py), an opponent also as
None / "random" (a random hand); it answers exactly (every completion) or by Monte Carlo
(seeded trials, dealt as the hardware engine deals them, so a seed and a lane count give the
same counts on every backend). Backends: ``golden``, the CPU: exact runs and Monte Carlo in C
on every core (native.py; numpy, golden/equity/fast.py, where there is no C compiler). The
hardware engine's backends (``sim``: the generated RTL in a simulator; ``serial``: a board)
come with it, in ``run_setup``.

Ranges are a layer on the host over any backend: a range player is expanded into its combos
(those sharing a card with the board, the dead cards or a known hand dropped; with several
range players, every way to give each a combo, no card shared), each way is one concrete setup
with a whole-number weight (the product of its combos' weights), and the counts of the concrete
setups are summed. Every concrete setup leaves the same cards unknown, so each has the same
number of completions: the exact counts added each its weight times are the exact weighted
equity. Monte Carlo with equal weights gives every concrete setup the same number of trials,
ceil(trials / setups), each from its own seed (``setup_seed``): a stratified sample, so the
summed counts are an unbiased estimate; with unequal weights each trial's setup is drawn by
weight (``weighted_allocation``).
"""

import hashlib
import math
import time
from dataclasses import dataclass

from ..golden.cards import CardError, format_cards, parse_cards
from ..golden.equity.readable import (ERR_CARD, ERR_OPPONENTS, ERR_TRIALS, EquityError,
                            Result, Setup, check_monte_carlo)
from ..golden.equity.completions import exact_count
from ..golden.equity.ranges import RangeError, parse_range, parse_weighted_range, range_text
from . import native

BACKENDS = ("golden", "sim", "serial")
DEFAULT_TRIALS = 1_000_000
DEFAULT_SEED = 1
DEFAULT_LANES = 16               # the lanes of a golden run (the counts depend on them)
AUTO_EXACT_LIMIT = 20_000_000    # without --exact or --trials: exact up to this many completions
EXACT_LIMIT = 50_000_000_000     # completions an exact run may take with the C kernel (minutes)
MAX_LANES = 1024                 # Monte Carlo lanes a golden run takes (each costs a seeding)
RANDOM = ("random", "?", "??", "xx", "xxxx", "any")   # a random hand (the hero: every hand)
MAX_SETUPS = 200_000             # concrete setups (a combo for each range player) a run takes
SMALL_RUN = 100_000              # Monte Carlo trials the C kernel runs on one thread
SETUP_SEED_LABEL = "pokerhdl equity range setup"


@dataclass
class PlayerEquity:
    cards: str              # "AdAc", "random", or a range as written ("QQ+,AKs")
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
    setups: int = 1         # concrete setups summed: 1, or the combos the ranges give
    weighted: bool = False  # the ranges' combos weigh differently (AA:0.5)
    weighted_trials: int = None  # exact runs over weighted ranges: the trials, each setup's
                                 # counted weight times (the players' counts are weighted too)

    @property
    def trials_per_second(self):
        return self.trials / self.seconds if self.seconds else float("inf")

    def as_dict(self):
        return {"players": [vars(p) for p in self.players], "trials": self.trials,
                "mode": "exact" if self.exact else "monte-carlo", "seed": self.seed,
                "lanes": self.lanes, "backend": self.backend, "engine": self.engine,
                "seconds": self.seconds, "setups": self.setups, "weighted": self.weighted,
                **({"weighted_trials": self.weighted_trials} if self.weighted_trials else {})}


@dataclass(frozen=True)
class HandRange:
    """A player's hand range: its text (spaces removed), its combos (golden/equity/ranges.py) and
    their weights as whole numbers in the same proportions as the range's exact weights (each
    range's fractions times the least common multiple of their denominators)."""
    text: str
    combos: tuple
    weights: tuple = None

    def weight(self, i):
        return 1 if self.weights is None else self.weights[i]


def hand_range(text):
    """A HandRange from text (RangeError if it cannot be read or holds no hand)."""
    weighted = parse_weighted_range(text)
    if not weighted:
        parse_range(text)                       # the error for a range of weights all 0
    scale = math.lcm(*(w.denominator for _, w in weighted))
    weights = tuple(int(w * scale) for _, w in weighted)
    common = math.gcd(*weights)
    weights = tuple(w // common for w in weights)
    return HandRange(range_text(text), tuple(c for c, _ in weighted),
                     None if set(weights) == {1} else weights)


def _cards(value, what):
    if isinstance(value, str):
        try:
            return tuple(parse_cards(value.replace("10", "T")))     # 10h is Th
        except CardError as exc:
            raise EquityError(ERR_CARD, f"{what} {value!r}: {exc}", text="not a card") from None
    return tuple(value)


def make_setup(hero, opponents, board=(), dead=()):
    """A golden Setup from text or codes; an opponent None or "random" is a random hand."""
    hands = [None if o is None or (isinstance(o, str) and o.lower() in RANDOM)
             else _cards(o, "opponent") for o in opponents]
    return Setup(_cards(hero, "hero"), hands, _cards(board, "board"), _cards(dead, "dead"))


def opponent(value, who="opponent"):
    """A player as the calculator takes it: None (a random hand), two card codes, or a
    HandRange. Text is cards when it reads as cards, else a range (RangeError if neither)."""
    if value is None or isinstance(value, HandRange):
        return value
    if not isinstance(value, str):
        return tuple(value)
    if value.strip().lower() in RANDOM:
        return None
    try:
        return tuple(parse_cards(value.replace("10", "T")))
    except CardError:
        pass
    try:
        return hand_range(value)
    except RangeError as exc:
        raise RangeError(f"{who} {value!r}: {exc}") from None


def hero_hand(value):
    """The hero as the calculator takes it: two card codes or a HandRange ("random" is the
    range of every hand: the hero is always dealt a known hand, one setup a combo)."""
    hand = opponent(value, "hero")
    return hand_range("random") if hand is None else hand


def _seat_name(j):
    return "the hero's" if j == 0 else f"opponent {j}'s"


def weighted_setups(hero, opponents, board=(), dead=()):
    """(setups, weights): the concrete setups of a request in canonical order and the whole
    number weight of each (the product of its combos' weights). make_setup's one setup when no
    player is a range; else one for each way to give every range player (the hero first, then
    the opponents seat by seat) a combo of its range that shares no card with the board, the
    dead cards, the known hands or the other range players' combos (each range's combos in
    golden/equity/ranges.py's order). RangeError when a range has no combo left, when no way is left,
    or above MAX_SETUPS."""
    players = [hero_hand(hero)] + [opponent(o) for o in opponents]
    ranged = [j for j, h in enumerate(players) if isinstance(h, HandRange)]
    # the board, dead cards and known hands checked; a range seat stands in as a random one
    # (either way the same cards are known or dealt, so the deck suffices alike) and the hero
    # range as two cards no one else holds, only for the checks
    board, dead = _cards(board, "board"), _cards(dead, "dead")
    stand_in = players[0]
    if 0 in ranged:
        seen = set(board) | set(dead) | {c for h in players[1:] if isinstance(h, tuple)
                                         for c in h}
        stand_in = next((c for c in players[0].combos if seen.isdisjoint(c)), None)
        if stand_in is None:
            raise RangeError(f"the hero's range {players[0].text!r} has no hand left: each of "
                             f"its {len(players[0].combos)} combos shares a card with the "
                             f"board, the dead cards or a known hand")
    base = Setup(stand_in, [None if j in ranged else h for j, h in enumerate(players) if j],
                 board, dead)
    if not ranged:
        return [base], [1]
    known = set(base.known_cards()) - (set(stand_in) if 0 in ranged else set())
    choices = []
    for j in ranged:
        left = [(c, players[j].weight(i)) for i, c in enumerate(players[j].combos)
                if known.isdisjoint(c)]
        if not left:
            raise RangeError(f"{_seat_name(j)} range {players[j].text!r} has no hand left: "
                             f"each of its {len(players[j].combos)} combos shares a card with "
                             f"the board, the dead cards or a known hand")
        choices.append(left)
    picks = []

    def pick(i, used, chosen, weight):
        if i == len(choices):
            picks.append((chosen, weight))
            if len(picks) > MAX_SETUPS:
                raise RangeError(f"the ranges make more than {MAX_SETUPS:,} setups (a hand "
                                 f"from each range, no card shared): narrow them")
            return
        for combo, w in choices[i]:
            if used.isdisjoint(combo):
                pick(i + 1, used | set(combo), chosen + (combo,), weight * w)

    pick(0, frozenset(), (), 1)
    if not picks:
        raise RangeError("the ranges leave no way to give each a hand without two players "
                         "sharing a card")
    setups, weights = [], []
    for chosen, weight in picks:
        seats = dict(zip(ranged, chosen))
        hands = [seats.get(j, h) for j, h in enumerate(players)]
        setups.append(Setup(hands[0], hands[1:], base.board, base.dead))
        weights.append(weight)
    return setups, weights


def concrete_setups(hero, opponents, board=(), dead=()):
    """The concrete setups of a request (weighted_setups without the weights)."""
    return weighted_setups(hero, opponents, board, dead)[0]


def weighted_allocation(trials, weights, seed):
    """Trials for each setup when ``trials`` are dealt with each setup drawn by its weight:
    systematic sampling, ``trials`` points evenly spaced over the weights laid end to end from
    an offset drawn from the seed, so each setup's expected share is exactly trials * w / W
    (unbiased) and the shares add up to ``trials``."""
    total = sum(weights)
    digest = hashlib.sha256(f"{SETUP_SEED_LABEL} offset {seed}".encode()).digest()
    offset = int.from_bytes(digest, "big") % total
    counts, edge = [], 0

    def before(x):      # points i >= 0 with offset + i * total < x * trials
        return max(0, -(-(x * trials - offset) // total))
    for w in weights:
        counts.append(before(edge + w) - before(edge))
        edge += w
    return counts


def setup_seed(seed, index):
    """The Monte Carlo seed of concrete setup ``index``: the run's seed for the first (so a run
    of one setup is the plain run), then the seed XOR a fixed 128-bit key from SHA-256. Not
    seed + index: the dealer sets bit 0 of every stream's seed, so seeds 2k and 2k + 1 deal
    alike, and nearby xorshift128 seeds give related first words."""
    if index == 0:
        return seed
    digest = hashlib.sha256(f"{SETUP_SEED_LABEL} {index}".encode()).digest()
    return seed ^ int.from_bytes(digest[:16], "big")


def _unknown_backend(backend):
    return f"unknown backend {backend!r}; available: {', '.join(BACKENDS)}"


def exact_limit(backend="golden"):
    """The most completions an exact run takes: EXACT_LIMIT with the C kernel, numpy's own
    (fast_equity.EXACT_LIMIT) without it; the hardware engines refuse by their counters."""
    if backend != "golden":
        return float("inf")
    if native.available():
        return EXACT_LIMIT
    from ..golden.equity import fast as fast_equity       # numpy: only without the kernel
    return fast_equity.EXACT_LIMIT


def check_lanes(lanes):
    """ValueError unless ``lanes`` is None (the default) or a whole number 1..MAX_LANES: checked
    on every mode and backend, even where an exact run does not use it."""
    if lanes is None:
        return
    if isinstance(lanes, bool) or not isinstance(lanes, int) or not 1 <= lanes <= MAX_LANES:
        raise ValueError(f"lanes is a whole number from 1 to {MAX_LANES:,}, got {lanes!r}")


def check_seats(backend, opponents, seats, engine):
    """EquityError(ERR_OPPONENTS) naming the engine's real seat count when the hardware engine
    of ``backend`` (``engine``: what to call it) has fewer ``seats`` than ``opponents``."""
    if not 1 <= opponents <= seats:
        raise EquityError(ERR_OPPONENTS, f"got {opponents}",
                          text=f"the {backend} backend's engine ({engine}) seats 1 to {seats} "
                               f"opponents")


def hardware_link(backend, port=None):
    """The link to the hardware engine of backend ``sim`` (the generated RTL in Verilator) or
    ``serial`` (a board on ``port``); either tells its lanes and seats when it opens."""
    from . import hardware
    if backend == "sim":
        return hardware.sim_link()
    if not port:
        raise ValueError("the serial backend needs the board's port (--port /dev/ttyUSB1)")
    return hardware.SerialLink(port)


def run_setup(setup, exact, trials=None, seed=DEFAULT_SEED, lanes=DEFAULT_LANES,
              backend="golden", progress=None, link=None):
    """One concrete setup on a backend, the one place a backend is chosen: (golden Result, the
    engine that ran). exact: every completion; else ``trials`` Monte Carlo trials from ``seed``
    over ``lanes`` lanes (a hardware backend's ``link`` has its own). progress(done, total) as
    it goes, over this setup."""
    if backend in ("sim", "serial"):
        from . import hardware
        engine = "Verilator, generated RTL" if backend == "sim" else "board"
        if exact:
            return hardware.exact(link, setup, exact_count(setup),
                                         progress), engine
        return hardware.monte_carlo(link, setup, trials, seed, progress), engine
    if backend == "golden":
        if exact and native.available():
            return native.exact(setup, progress=progress), "C"
        if exact:
            from ..golden.equity import fast as fast_equity
            return fast_equity.exact(setup, progress=progress), "numpy"
        if native.available():
            # a thread per lane group pays off above a few milliseconds of work
            threads = 1 if trials < SMALL_RUN else None
            return native.monte_carlo(setup, trials, seed, lanes, progress=progress,
                                             threads=threads), "C"
        from ..golden.equity import fast as fast_equity
        return fast_equity.monte_carlo(setup, trials, seed, lanes, progress=progress), "numpy"
    raise ValueError(_unknown_backend(backend))


def _add(total, result, weight=1):
    """Add ``result``'s counts to ``total``, each ``weight`` times (an exact run over weighted
    combos: whole numbers, so the weighted equity stays exact)."""
    total.trials += weight * result.trials
    for p in range(total.players):
        total.wins[p] += weight * result.wins[p]
        total.ties[p] += weight * result.ties[p]
        total.tie_units[p] += weight * result.tie_units[p]


def _shifted(progress, before, total):
    """A setup's progress(done, its total) as the whole run's progress(before + done, total)."""
    if progress:
        return lambda done, _: progress(before + done, total)
    return None


def equity(hero, *opponents, board=(), dead=(), exact=None, trials=None, seed=DEFAULT_SEED,
           lanes=None, backend="golden", progress=None, port=None, limit=None):
    """Equity of the hero and each opponent (two cards, "random" or a range such as
    "QQ+,AKs"). exact=True: every completion; trials=N: Monte Carlo (with ranges, N rounded up
    to a multiple of the concrete setups); neither: exact when it takes at most
    AUTO_EXACT_LIMIT completions, else DEFAULT_TRIALS trials. progress(done, total) is called
    as the run goes. EquityError (with its code) for a setup or request the engine refuses,
    RangeError (a ValueError) for a range that cannot be read or leaves no hand. Backends:
    golden (the CPU, over ``lanes`` lanes, DEFAULT_LANES by default), sim (the generated RTL
    in Verilator), serial (a board on ``port``, whose engine has ``lanes`` lanes); the
    hardware ones run over their own lanes, Monte Carlo unless exact=True. ``limit``: the
    most completions an exact run may take here (a web page's cap), below the backend's."""
    if backend not in BACKENDS:
        raise ValueError(_unknown_backend(backend))
    check_lanes(lanes)
    link = None                                # golden: Setup's own check, 1..MAX_OPPONENTS
    if backend == "golden":
        lanes = DEFAULT_LANES if lanes is None else lanes
    else:
        if backend == "sim":                   # the committed top's, before Verilator builds it
            from .hardware import SIM_TOP, engine_params
            check_seats(backend, len(opponents), engine_params()["opponents"], SIM_TOP)
        link = hardware_link(backend, port)
        if backend == "serial":                # what the board said it seats
            check_seats(backend, len(opponents), link.opponents,
                        f"{link.lanes} lanes at {link.clk_hz / 1e6:g} MHz")
        if lanes not in (None, link.lanes):
            raise ValueError(f"the {backend} backend's engine has {link.lanes} lanes, "
                             f"not {lanes}")
        lanes = link.lanes
        if exact is None:
            exact = False
    hero = hero_hand(hero)
    hands = [opponent(o) for o in opponents]
    setups, weights = weighted_setups(hero, hands, board, dead)
    weighted = len(set(weights)) > 1
    if trials is not None:
        if exact:
            raise ValueError("exact and trials exclude each other")
        if trials < 1:
            raise EquityError(ERR_TRIALS, f"got {trials}")
        exact = False
    completions = len(setups) * exact_count(setups[0])
    if exact is None:
        exact = completions <= AUTO_EXACT_LIMIT
    if exact:
        limit = exact_limit(backend) if limit is None else min(limit, exact_limit(backend))
        if completions > limit:
            setups_text = f" ({len(setups):,} setups)" if len(setups) > 1 else ""
            raise ValueError(f"{completions:,} completions{setups_text} is more than an exact "
                             f"run takes ({limit:,}): use Monte Carlo")
        shares, total = [None] * len(setups), completions
    elif weighted:
        # each trial's setup drawn by weight: the summed counts estimate the weighted equity
        total = trials or DEFAULT_TRIALS
        shares = weighted_allocation(total, weights, seed)
        check_monte_carlo(max(shares), seed, lanes)
    else:
        each = -(-(trials or DEFAULT_TRIALS) // len(setups))
        check_monte_carlo(each, seed, lanes)
        shares, total = [each] * len(setups), each * len(setups)
    start = time.perf_counter()
    result = Result(setups[0].players())
    run, engine = 0, None
    for i, (setup, share) in enumerate(zip(setups, shares)):
        if share == 0:
            continue
        counts, engine = run_setup(setup, exact, share, seed if exact else setup_seed(seed, i),
                                   lanes, backend, _shifted(progress, run, total), link)
        run += counts.trials
        _add(result, counts, weights[i] if exact and weighted else 1)
        if progress and len(setups) > 1:
            progress(run, total)
    seconds = time.perf_counter() - start
    names = [name(hero)] + [name(h) for h in hands]
    players = [PlayerEquity(names[p], result.win(p), result.tie(p), result.equity(p),
                            result.wins[p], result.ties[p], result.tie_units[p],
                            None if exact else result.standard_error(p))
               for p in range(result.players)]
    report = EquityReport(players, run, bool(exact), None if exact else seed,
                          None if exact else lanes, backend, engine, seconds, len(setups))
    report.weighted = weighted
    if exact and weighted:
        report.weighted_trials = result.trials
    return report


def name(hand):
    """How a player is named in a report: its cards, "random", or its range as written."""
    if isinstance(hand, HandRange):
        return hand.text
    return "random" if hand is None else format_cards(hand).replace(" ", "")
