"""Many seeded runs of the agent (balatro/agent.py): the ante each reached, the win rate, and
one run told move by move; the command behind ``python -m pokerhdl.golden.balatro.trials``.

Why: whether the progression makes Balatro winnable is a number, and a number is only worth
what its method is worth: run n takes every deck and every shop item from XorShift128 seeded
with ``run_seed(n)``, the agent has no other randomness, so any figure here can be repeated
run by run, on any machine, with any number of processes.

``--start-jokers`` is a what-if, not the game: every run starts holding those jokers, to
measure how far the rules let the agent go with a shop that served it perfectly.
"""

import argparse
import json
import sys
import time
from multiprocessing import Pool

from .game import ACT_DISCARD, ACT_PLAY, BLIND_NAMES, PHASE_PLAYING, PHASE_WON
from .agent import Agent, run_seed
from .jokers import JOKER_NAMES, JOKERS
from .run import (ACT_BUY, ACT_LEAVE, ACT_MOVE, ACT_REROLL, ACT_SELL, PHASE_SHOP,
                          BalatroRun)
from .shop import item_name
from ..cards import format_cards
from ..hands import CATEGORY_NAMES


def one_run(n, start_jokers=()):
    """Run n played to its end: (n, won, ante, blind, money, jokers, levels)."""
    run = BalatroRun(run_seed(n))
    run.jokers = list(start_jokers)
    run.counters = [0] * len(run.jokers)
    Agent().play(run)
    return (n, run.phase == PHASE_WON, run.ante, run.blind, run.money, tuple(run.jokers),
            tuple(run.levels))


def _one(args):
    return one_run(*args)


def play_runs(runs, first=0, jobs=1, start_jokers=(), progress=None):
    """Runs first .. first + runs - 1 in order; ``progress(done, total)`` as they end."""
    work = [(n, tuple(start_jokers)) for n in range(first, first + runs)]
    results = []
    if jobs > 1:
        with Pool(jobs) as pool:
            for r in pool.imap(_one, work, chunksize=4):
                results.append(r)
                progress and progress(len(results), runs)
    else:
        for w in work:
            results.append(_one(w))
            progress and progress(len(results), runs)
    return results


def summary(results, seconds):
    antes = {a: sum(1 for r in results if r[2] == a and not r[1]) for a in range(1, 9)}
    won = [r[0] for r in results if r[1]]
    return dict(runs=len(results), won=len(won), win_rate=len(won) / max(1, len(results)),
                lost_at_ante=antes, won_runs=won, seconds=round(seconds, 1))


def report(s):
    lines = [f"{s['runs']:,} runs of the agent (balatro/agent.py) in {s['seconds']} s:", "",
             "| ante reached | runs lost there | share |", "|---|---|---|"]
    for a, n in s["lost_at_ante"].items():
        lines.append(f"| {a} | {n} | {100 * n / s['runs']:.1f} % |")
    lines.append(f"| won (ante 8 cleared) | {s['won']} | {100 * s['win_rate']:.1f} % |")
    if s["won_runs"]:
        lines += ["", "won: runs " + ", ".join(map(str, s["won_runs"]))]
    return "\n".join(lines)


def tell(n):
    """Run n as text: every blind's plays and discards, every shop's offer and moves, the
    jokers (a scaling one with its counter in brackets) and levels when the shop is left."""
    run = BalatroRun(run_seed(n))
    agent, out = Agent(), [f"Run {n} (generator seed run_seed({n}) = {run_seed(n):#034x})"]
    where = None
    while run.phase in (PHASE_PLAYING, PHASE_SHOP):
        if run.phase == PHASE_PLAYING and where != (run.ante, run.blind):
            where = (run.ante, run.blind)
            out.append(f"\nAnte {run.ante}, {BLIND_NAMES[run.blind].lower()}: target "
                       f"{run.target:,}, ${run.money}")
        moves = [agent.blind_move(run)] if run.phase == PHASE_PLAYING \
            else agent.shop_moves(run)
        for action, mask in moves:
            picked = [c for k, c in enumerate(run.hand) if mask >> k & 1]
            if action in (ACT_PLAY, ACT_DISCARD):
                text = f"  {format_cards(run.hand)}: "
            if action == ACT_BUY:
                out.append(f"  buy {item_name(run.shop[mask.bit_length() - 1])} "
                           f"(${run.observe()['shop_prices'][mask.bit_length() - 1]})")
            elif action == ACT_SELL:
                out.append(f"  sell {JOKER_NAMES[run.jokers[mask.bit_length() - 1]]}")
            elif action == ACT_MOVE:
                out.append(f"  move {JOKER_NAMES[run.jokers[mask.bit_length() - 1]]} last")
            elif action == ACT_REROLL:
                out.append(f"  reroll (${run.reroll_price})")
            run.act(action, mask)
            if action == ACT_DISCARD:
                out.append(text + f"discard {format_cards(picked)}")
            elif action == ACT_PLAY:
                out.append(text + f"play {format_cards(picked)}: "
                           f"{CATEGORY_NAMES[run.last_category]} {run.last_chips} x "
                           f"{run.last_mult} = {run.last_score:,}, total {run.score:,}")
                if run.phase in (PHASE_SHOP, PHASE_WON):
                    reward, hands, interest = run.payout
                    out.append(f"  won: ${reward} + ${hands} for hands left + ${interest} "
                               f"interest = ${run.money}")
            if run.phase == PHASE_SHOP and action in (ACT_PLAY, ACT_REROLL):
                out.append("  shop: " + ", ".join(item_name(i) for i in run.shop))
            if action == ACT_LEAVE:
                jokers = ", ".join(JOKER_NAMES[j] + (f" ({n})" if JOKERS[j].scaling else "")
                                   for j, n in zip(run.jokers, run.counters))
                out.append("  jokers: " + (jokers or "none") + "; levels: " + (", ".join(
                    f"{CATEGORY_NAMES[c].lower()} {lv}" for c, lv in enumerate(run.levels)
                    if lv > 1) or "all 1"))
    out.append("\n" + ("Run won" if run.phase == PHASE_WON else
                       f"Run lost at ante {run.ante}, {BLIND_NAMES[run.blind].lower()}"))
    return "\n".join(out)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m pokerhdl.golden.balatro.trials",
        description="Play seeded golden Balatro runs (the run with money, shop, planets and "
                    "jokers) with the simple agent; print the ante each reached and the win "
                    "rate.")
    parser.add_argument("--runs", type=int, default=1000, help="runs to play (default 1000)")
    parser.add_argument("--first", type=int, default=0, help="the first run's number")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    parser.add_argument("--show", type=int, metavar="N", help="tell run N move by move")
    parser.add_argument("--start-jokers", default="", metavar="NAMES",
                        help="a what-if: every run starts with these jokers (comma-separated "
                             "names, e.g. 'The Duo,The Trio')")
    args = parser.parse_args(argv)
    if args.show is not None:
        print(tell(args.show))
        return 0
    names = [n.strip() for n in args.start_jokers.split(",") if n.strip()]
    unknown = [n for n in names if n not in JOKER_NAMES]
    if unknown or len(names) > 5 or args.runs < 1 or args.jobs < 1:
        parser.error(f"unknown jokers {unknown}" if unknown else
                     "at most five jokers, at least one run and one job")
    start = [JOKER_NAMES.index(n) for n in names]
    bar = None

    def progress(done, total):
        nonlocal bar
        if bar is None:
            from tqdm import tqdm
            bar = tqdm(total=total, unit=" runs", delay=1.0, leave=False, file=sys.stderr)
        bar.update(done - bar.n)
    t = time.perf_counter()
    results = play_runs(args.runs, args.first, args.jobs, start, progress)
    bar and bar.close()
    s = summary(results, time.perf_counter() - t)
    s.update(first=args.first, start_jokers=names)
    print(json.dumps(s) if args.json else report(s))
    return 0


if __name__ == "__main__":
    sys.exit(main())
