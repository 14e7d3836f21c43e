"""The host's figures: the golden evaluator's speed, equity on the CPU beside the eval7
library in the same run, 7 up 7 down's game lengths and the Balatro agent's runs."""

import os
import random
import time
from itertools import combinations, islice

from bench.figures import file_key, put_table


def files(*paths):
    return {"file": {p: file_key(p) for p in paths}}


def golden_speed(data, out=print):
    """The golden evaluators' hands per second on one core: pure Python and numpy."""
    import numpy as np
    from pokerhdl.golden import DECK, rank5, rank7
    from pokerhdl.golden.fast_rank import rank7_array
    rng = random.Random(1)
    hands = [rng.sample(DECK, 7) for _ in range(100_000)]
    t = time.perf_counter()
    for h in hands:
        rank7(h)
    r7 = len(hands) / (time.perf_counter() - t)
    fives = list(islice(combinations(DECK, 5), 300_000))
    t = time.perf_counter()
    for h in fives:
        rank5(h)
    r5 = len(fives) / (time.perf_counter() - t)
    many = np.array([rng.sample(DECK, 7) for _ in range(1_000_000)], dtype=np.uint8)
    rank7_array(many[:1000])                      # builds the tables
    t = time.perf_counter()
    rank7_array(many)
    fast = len(many) / (time.perf_counter() - t)
    key = files("pokerhdl/golden/hands.py", "pokerhdl/golden/fast_rank.py")
    put_table(data, "golden-speed", ["evaluation", "hands per second"], [
        (["`rank7` (7 cards, pure Python)", f"{r7:,.0f}"], key),
        (["`rank5` (5 cards, pure Python)", f"{r5:,.0f}"], key),
        (["`fast_rank.rank7_array` (7 cards, numpy, checked input)", f"{fast:,.0f}"], key)],
        caption="The golden evaluators on one core (`make bench`)")


def rate(run, trials, repeats=3):
    """Work items per second: the best of `repeats` runs after a warm-up (tables, compilation,
    caches), so a moment's load on a shared core does not decide the figure; every row of a
    table, ours and the anchors', is measured the same way."""
    run(min(trials, 10_000))
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        run(trials)
        best = min(best, time.perf_counter() - t)
    return trials / best


def exact_rate(run, setup, repeats=3):
    best, result = float("inf"), None
    for _ in range(repeats):
        t = time.perf_counter()
        result = run(setup)
        best = min(best, time.perf_counter() - t)
    return result.trials / best


# anchors the rows are compared with
POKERSTOVE = 119_500_000       # PokerStove's published exact rate: QQ v 87s, 41 M games in 0.344 s
GOAL_MANY = 5_000_000          # our goal for AhAs against 8 random hands, trials a second
COMMAND_GOAL = 0.3             # seconds: `pokerhdl equity AdAc KhKs --exact`, Python start included


def ratio(ours, anchor):
    return f"{ours / anchor:.2f}"


def cpu_evaluator(data, out=print):
    """The C kernel's 7-card evaluator, random and sequential hands a second on one core, beside
    phevaluator's C evaluator (called through a pointer from the same C loop) and eval7's (one
    Python call a hand: its only interface) in the same run."""
    import ctypes
    import eval7
    import numpy as np
    import phevaluator
    from phevaluator import _pheval
    from pokerhdl.odds import native
    lib, (tables, _) = native._library(), native._tables()
    foreign = ctypes.cast(ctypes.CDLL(_pheval.__file__).evaluate_7cards, ctypes.c_void_p)
    rng = np.random.default_rng(1)
    hands = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (2_000_000, 1)), axis=1)[:, :7]
    hands = np.ascontiguousarray(hands)
    pointer = hands.ctypes.data_as(native.P8)
    ours_random = rate(lambda n: lib.bench_random(ctypes.byref(tables), pointer, n), len(hands))
    phe_random = rate(lambda n: lib.bench_random_foreign(foreign, pointer, n), len(hands))
    deck = [eval7.Card(r + s) for r in "23456789TJQKA" for s in "cdhs"]
    few = [[deck[c] for c in h] for h in hands[:200_000].tolist()]
    eval7_random = rate(lambda n: [eval7.evaluate(h) for h in few[:n]], len(few))
    every = 133_784_560
    ours_all = rate(lambda n: native.evaluate_all(), every, repeats=2)
    phe_all = rate(lambda n: lib.bench_sequential_foreign(foreign), every, repeats=2)
    kernel = files("pokerhdl/odds/native.c", "pokerhdl/odds/native.py")
    phe_key = {"tool": {"phevaluator": getattr(phevaluator, "__version__", "installed")}}
    eval7_key = {"tool": {"eval7": getattr(eval7, "__version__", "installed")}}
    rows = [
        ("ours (C kernel), 2,000,000 random hands", ours_random, "phevaluator, random",
         phe_random, kernel),
        ("phevaluator (its C `evaluate_7cards`), the same random hands", phe_random, "", None,
         phe_key),
        ("eval7 (`evaluate`, one Python call a hand), 200,000 of them", eval7_random, "", None,
         eval7_key),
        ("ours (C kernel), all 133,784,560 hands in order, one card added a level", ours_all,
         "phevaluator, in order", phe_all, kernel),
        ("phevaluator (its C `evaluate_7cards`), all 133,784,560 hands in order", phe_all, "",
         None, phe_key),
    ]
    for name, value, *_ in rows:
        out(f"  {name}: {value:,.0f}")
    put_table(data, "cpu-evaluator", ["evaluator", "hands per second", "anchor", "ours / anchor"],
              [([name, f"{value:,.0f}", anchor or "", ratio(value, against) if against else ""],
                key) for name, value, anchor, against, key in rows],
              caption="7-card evaluators on one core, every row in one run (`make bench`)")


def cpu_equity(data, out=print):
    """Monte Carlo trials and exact boards per second: the C kernel and numpy beside the eval7
    library in the same run, one core and every core; each with its anchor and the ratio; and
    the whole `pokerhdl equity` command's time."""
    import subprocess
    import sys
    import eval7
    from pokerhdl.golden.equity import fast as fast_equity
    from pokerhdl.golden.cards import parse_cards
    from pokerhdl.golden.equity.readable import Setup
    from pokerhdl.odds import native
    heads_up = Setup(parse_cards("AhAs"), [None])
    eight = Setup(parse_cards("AhAs"), [None] * 8)
    nine = Setup(parse_cards("AhAs"), [None] * 9)
    hero = [eval7.Card("Ah"), eval7.Card("As")]
    anything = eval7.HandRange("22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32")
    every = os.cpu_count() or 1
    kernel = files("pokerhdl/odds/native.c", "pokerhdl/odds/native.py")
    numpy_key = files("pokerhdl/golden/equity/fast.py")
    eval7_key = {"tool": {"eval7": getattr(eval7, "__version__", "installed")}}
    anchor_eval7 = "eval7, AhAs against any hand"
    measured = {}

    def mc(name, run, trials, key, anchor=None, against=None):
        out(f"  {name} ...")
        measured[name] = rate(run, trials)
        return name, key, anchor, against

    rows = [
        mc("eval7 library, AhAs against any hand (`py_hand_vs_range_monte_carlo`), one core",
           lambda n: eval7.py_hand_vs_range_monte_carlo(hero, anything, [], n), 2_000_000,
           eval7_key),
        mc("ours (C kernel), AhAs against a random hand, one core",
           lambda n: native.monte_carlo(heads_up, n, 7, 16, threads=1), 10_000_000, kernel,
           anchor_eval7, "eval7"),
        mc(f"ours (C kernel), AhAs against a random hand, every core ({every})",
           lambda n: native.monte_carlo(heads_up, n, 7, 16), 20_000_000, kernel,
           anchor_eval7, "eval7"),
        mc("ours (C kernel), AhAs against 8 random hands, one core",
           lambda n: native.monte_carlo(eight, n, 7, 16, threads=1), 3_000_000, kernel,
           "our goal, 5,000,000", GOAL_MANY),
        mc(f"ours (C kernel), AhAs against 9 random hands, every core ({every})",
           lambda n: native.monte_carlo(nine, n, 7, 16), 4_000_000, kernel),
        mc("ours (numpy, without a C compiler), AhAs against a random hand, one core",
           lambda n: fast_equity.monte_carlo(heads_up, n, 7, 16), 2_000_000, numpy_key,
           anchor_eval7, "eval7"),
    ]
    heads_up_exact = Setup(parse_cards("AdAc"), [parse_cards("KhKs")])
    river_three = Setup(parse_cards("Td6h"), [None] * 3, parse_cards("7d8dJs6s9h"))
    aa_random = Setup(parse_cards("AdAc"), [None])
    fast_equity.exact(heads_up_exact)                  # numpy's tables
    native.exact(heads_up_exact)                       # compilation
    stove = "PokerStove, published"
    for cores, where in ((1, "one core"), (every, f"every core ({every})")):
        for name, setup, anchor in (
                (f"exact AdAc v KhKs, all 1,712,304 boards, {where}", heads_up_exact, stove),
                (f"exact Td6h v 3 random on 7d8dJs6s9h (733,055,400), {where}", river_three,
                 None),
                (f"exact AdAc v random (2,097,572,400), {where}", aa_random, None)):
            name = "ours (C kernel), " + name
            out(f"  {name} ...")
            measured[name] = exact_rate(lambda s, c=cores: native.exact(s, threads=c), setup,
                                        repeats=3 if setup is heads_up_exact else 1)
            rows.append((name, kernel, anchor, POKERSTOVE if anchor else None))
    name = "ours (numpy), exact AdAc v KhKs, all 1,712,304 boards, one core"
    out(f"  {name} ...")
    measured[name] = exact_rate(fast_equity.exact, heads_up_exact, repeats=1)
    rows.append((name, numpy_key, None, None))
    table = []
    for name, key, anchor, against in rows:
        value = measured[name]
        base = measured[rows[0][0]] if against == "eval7" else against
        table.append(([name, f"{value:,.0f}", anchor or "", ratio(value, base) if base else ""],
                      key))
    table.append((["PokerStove, exact enumeration (its published rate: QQ v 87s, 41 M games in "
                   "0.344 s; not measured here)", f"{POKERSTOVE:,}", "", ""], {}))
    put_table(data, "cpu-equity", ["engine", "trials (or boards) per second", "anchor",
                                   "ours / anchor"], table,
              caption="Equity on the CPU, every row in one run (`make bench`)")
    # the whole command, Python's start and imports included: the median of 7 runs
    command = ["pokerhdl", "equity", "AdAc", "KhKs", "--exact"]
    script = os.path.join(os.path.dirname(sys.executable), "pokerhdl")   # the console script
    runner = [script, *command[1:]] if os.path.exists(script) else \
        [sys.executable, "-c", "from pokerhdl.cli import main; main()", *command[1:]]
    times = []
    for _ in range(8):
        t = time.perf_counter()
        subprocess.run(runner, check=True, capture_output=True)
        times.append(time.perf_counter() - t)
    median = sorted(times[1:])[3]                   # the first run warms the disk cache
    put_table(data, "cpu-equity-command", ["command", "seconds (median of 7)", "goal"],
              [([f"`{' '.join(command)}` (Python's start included)", f"{median:.2f}",
                 f"under {COMMAND_GOAL}"],
                files("pokerhdl/odds/native.c", "pokerhdl/odds/native.py", "pokerhdl/cli.py",
                      "pokerhdl/odds/calculator.py"))],
              caption="The whole equity command on the CPU backend (`make bench`)")


def dice_rounds(data, out=print, games=10_000, seed=1):
    """Rounds per game of 7 up 7 down between two random players (golden/dice/game.py): bids
    uniform between the least and the limit, or always the least, or the limit; guesses a
    coin flip."""
    from pokerhdl.golden.dice.game import DRAW, PHASE_OVER, PHASE_THROW, DiceGame
    rng = random.Random(seed)
    rows = []
    for style in ("uniform", "least", "limit"):
        lengths, by_rounds, draws = [], 0, 0
        for _ in range(games):
            g = DiceGame()
            while g.phase != PHASE_OVER:
                if g.phase == PHASE_THROW:
                    g.throw(rng.randint(1, 6), rng.randint(1, 6))
                    continue
                amount = {"uniform": rng.randint(g.least(), g.limit()), "least": g.least(),
                          "limit": g.limit()}[style]
                g.bid(amount, rng.random() < 0.5)
            lengths.append(g.round)
            by_rounds += 0 not in g.purses
            draws += g.winner == DRAW
        lengths.sort()

        def pick(q):
            return lengths[min(len(lengths) - 1, int(q * len(lengths)))]
        rows.append(([style, f"{sum(lengths) / games:.1f}", pick(0.5), pick(0.9), pick(0.99),
                      lengths[-1], f"{100 * by_rounds / games:.2f} %",
                      f"{100 * draws / games:.2f} %"], files("pokerhdl/golden/dice/game.py")))
    put_table(data, "dice-rounds", ["bids", "mean", "median", "90 %", "99 %", "max",
                                    "ended by the round limit", "draws"], rows,
              caption=f"7 up 7 down: rounds per game, {games:,} golden games of two random "
                      f"players, guesses a coin flip (`make bench`)")


def balatro_agent(data, out=print, runs=1000):
    """The golden run with progression played by the simple agent, runs 0 .. runs - 1."""
    from pokerhdl.golden.balatro.trials import play_runs, summary
    t = time.perf_counter()
    results = play_runs(runs, jobs=os.cpu_count() or 1)
    s = summary(results, time.perf_counter() - t)
    key = files("pokerhdl/golden/balatro/agent.py", "pokerhdl/golden/balatro/run.py",
                "pokerhdl/golden/balatro/trials.py")
    rows = [([ante, n, f"{100 * n / runs:.1f} %"], key)
            for ante, n in sorted(s["lost_at_ante"].items())]
    rows.append((["won (ante 8 cleared)", s["won"], f"{100 * s['win_rate']:.1f} %"], key))
    put_table(data, "balatro-agent", ["ante reached", "runs lost there", "share"], rows,
              caption=f"Balatro: {runs:,} golden runs with progression played by the simple "
                      f"agent (`make bench`)")
