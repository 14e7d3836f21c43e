"""Where a regression's simulation time went: builds (iverilog, GHDL analysis) against runs
(simulator start-up and the test), per language, per top, per test, from the lines
tb/support/harness.py writes to tb/sim_build/times.jsonl for every simulation.

    rm -f tb/sim_build/times.jsonl && make sim && python -m bench.sim_times
"""

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

TIMES = Path(__file__).resolve().parent.parent / "tb" / "sim_build" / "times.jsonl"


def load(path):
    if not path.exists():
        raise SystemExit(f"{path} does not exist: run the tests first (make sim)")
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def summary(lines, top=12):
    by_hdl, by_top, by_test = defaultdict(lambda: [0, 0.0, 0.0]), defaultdict(float), defaultdict(float)
    for line in lines:
        total = by_hdl[line["hdl"] + (f" ({line['backend']})" if line.get("backend") else "")]
        total[0] += 1
        total[1] += line["build"]
        total[2] += line["run"]
        by_top[f"{line['top']} {line['hdl']}"] += line["build"] + line["run"]
        by_test[line["test"]] += line["build"] + line["run"]
    ranked = lambda d: sorted(d.items(), key=lambda kv: -kv[1])[:top]     # noqa: E731
    return {"simulations": len(lines),
            "by_language": {k: {"simulations": n, "build_s": round(b, 1), "run_s": round(r, 1)}
                            for k, (n, b, r) in sorted(by_hdl.items())},
            "by_top": {k: round(v, 1) for k, v in ranked(by_top)},
            "by_test": {k: round(v, 1) for k, v in ranked(by_test)}}


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.sim_times", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", nargs="?", type=Path, default=TIMES,
                        help="the times file (default: %(default)s)")
    parser.add_argument("--top", type=int, default=12, help="rows per ranking (%(default)s)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args(argv)
    s = summary(load(args.file), args.top)
    if args.json:
        print(json.dumps(s, indent=1))
        return 0
    print(f"{s['simulations']} simulations (seconds of each worker's wall time)")
    print(f"{'language':24s} {'sims':>5s} {'build s':>9s} {'run s':>9s}")
    for name, t in s["by_language"].items():
        print(f"{name:24s} {t['simulations']:5d} {t['build_s']:9.1f} {t['run_s']:9.1f}")
    for title, ranking in (("tops", s["by_top"]), ("tests", s["by_test"])):
        print(f"\nthe longest {title} (build and run):")
        for name, seconds in ranking.items():
            print(f"  {seconds:7.1f}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
