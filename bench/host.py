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


def rate(run, trials):
    run(min(trials, 10_000))                        # tables, compilation, warm caches
    t = time.perf_counter()
    run(trials)
    return trials / (time.perf_counter() - t)


def exact_rate(run, setup):
    t = time.perf_counter()
    result = run(setup)
    return result.trials / (time.perf_counter() - t)


def cpu_equity(data, out=print):
    """Monte Carlo trials and exact boards per second: the C kernel and numpy beside the eval7
    library in the same run, one core and every core."""
    import eval7
    from pokerhdl.golden.equity import fast as fast_equity
    from pokerhdl.golden.cards import parse_cards
    from pokerhdl.golden.equity.readable import Setup
    from pokerhdl.odds import native
    heads_up = Setup(parse_cards("AhAs"), [None])
    nine = Setup(parse_cards("AhAs"), [None] * 9)
    hero = [eval7.Card("Ah"), eval7.Card("As")]
    anything = eval7.HandRange("22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32")
    every = os.cpu_count() or 1
    kernel = files("pokerhdl/odds/native.c", "pokerhdl/odds/native.py")
    numpy_key = files("pokerhdl/golden/equity/fast.py")
    eval7_key = {"tool": {"eval7": getattr(eval7, "__version__", "installed")}}
    rows = [
        ("eval7 library, AhAs against any hand (`py_hand_vs_range_monte_carlo`), one core",
         lambda: rate(lambda n: eval7.py_hand_vs_range_monte_carlo(hero, anything, [], n),
                      2_000_000), eval7_key),
        ("ours (C kernel), AhAs against a random hand, one core",
         lambda: rate(lambda n: native.monte_carlo(heads_up, n, 7, 16, threads=1), 10_000_000),
         kernel),
        (f"ours (C kernel), AhAs against a random hand, every core ({every})",
         lambda: rate(lambda n: native.monte_carlo(heads_up, n, 7, 16), 20_000_000), kernel),
        (f"ours (C kernel), AhAs against 9 random hands, every core ({every})",
         lambda: rate(lambda n: native.monte_carlo(nine, n, 7, 16), 4_000_000), kernel),
        ("ours (numpy, without a C compiler), AhAs against a random hand, one core",
         lambda: rate(lambda n: fast_equity.monte_carlo(heads_up, n, 7, 16), 2_000_000),
         numpy_key),
    ]
    heads_up_exact = Setup(parse_cards("AdAc"), [parse_cards("KhKs")])
    river_three = Setup(parse_cards("Td6h"), [None] * 3, parse_cards("7d8dJs6s9h"))
    aa_random = Setup(parse_cards("AdAc"), [None])
    fast_equity.exact(heads_up_exact)                  # numpy's tables
    native.exact(heads_up_exact)                       # compilation
    for cores, name in ((1, "one core"), (every, f"every core ({every})")):
        rows += [
            (f"ours (C kernel), exact AdAc v KhKs: all 1,712,304 boards, {name}",
             lambda c=cores: exact_rate(lambda s: native.exact(s, threads=c), heads_up_exact),
             kernel),
            (f"ours (C kernel), exact Td6h v 3 random on 7d8dJs6s9h (733,055,400), {name}",
             lambda c=cores: exact_rate(lambda s: native.exact(s, threads=c), river_three),
             kernel),
            (f"ours (C kernel), exact AdAc v random (2,097,572,400), {name}",
             lambda c=cores: exact_rate(lambda s: native.exact(s, threads=c), aa_random),
             kernel),
        ]
    rows.append(("ours (numpy), exact AdAc v KhKs: all 1,712,304 boards, one core",
                 lambda: exact_rate(fast_equity.exact, heads_up_exact), numpy_key))
    measured = []
    for name, run, key in rows:
        out(f"  {name} ...")
        measured.append(([name, f"{run():,.0f}"], key))
    measured.append((["PokerStove, exact enumeration (its published rate, not measured here)",
                      "114,000,000"], {}))
    put_table(data, "cpu-equity", ["engine", "trials (or boards) per second"], measured,
              caption="Equity on the CPU, every row in one run (`make bench`)")


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
