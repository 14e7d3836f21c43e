"""`make pnr`: route the tops whose routed figures are stale, several at a time, each recorded
in the figures (and the documents rendered again) as soon as it is done.

A top's route is fresh while its canonical RTL and its LPF are those its figures were made
from (bench/figures.py); routing is deterministic (fixed seed, pinned tools), so a fresh
figure is what routing today would give. A top that falls short of its clock with seed 1 is
routed again with the next seeds of SEEDS (the same netlist's Fmax moves by a fifth from one
placement to another) and its row names the seed that met it. The longest route starts
first, from the time its last route took; each prints a line when it starts and when it ends.
Besides the tops, the variants of ROUTED_VARIANTS (bench/hardware.py) route out of context:
lanes in a form that no ECP5 top holds. A route is one single-threaded WebAssembly process of
at most 4 GiB, so as many run as there are cores and memory for.
"""

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

from bench import figures
from bench.hardware import (ROUTED_VARIANTS, UNROUTED, record_route, route_is_fresh,
                            unrouted_rows)
from pokerhdl.flow import pnr
from pokerhdl.flow.tops import TOPS

WASM_GIB = 4            # the most a 32-bit WebAssembly process can hold
SEEDS = (1, 2, 3)       # nextpnr's placement seeds, tried in turn until one meets the clock


def memory_gib():
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) / 2**20
    except OSError:
        pass
    return float(WASM_GIB)


def default_jobs():
    return max(1, min(os.cpu_count() or 1, int(memory_gib() // WASM_GIB)))


def last_seconds(data, name):
    row = figures.row_of(data, "routes", name)
    return (row or {}).get("values", {}).get("seconds")


def route(name, last, variant=None):
    """Route a top, or a variant (its top and Verilog) out of context; the next seed while it
    falls short of its clock."""
    print(f"  {name}: routing" + (f" (last time {minutes(last)})" if last else ""), flush=True)
    for seed in SEEDS:
        stats = (pnr.route(variant[1], variant[0], seed=seed) if variant
                 else pnr.route_top(name, seed=seed))
        if all(f >= target_mhz(name) for f in stats["fmax"].values()):
            break
        print(f"  {name}: {pnr.row(name, stats)['text']} MHz with seed {seed}, below "
              f"{target_mhz(name):g} MHz" + (": the next seed" if seed != SEEDS[-1] else ""),
              flush=True)
    return name, stats


def target_mhz(name):
    """The clock a top must route at: its PLL's where it has one (the PLL makes what a route
    met), else the 100 MHz bar."""
    pll_hz = TOPS[name].params.get("pll_hz") if name in TOPS else None
    return pll_hz / 1e6 if pll_hz else pnr.TARGET_MHZ


def verilog_of(name, variants):
    return variants[name][1] if name in variants else \
        figures.ROOT / "generated" / "verilog" / f"{name}.v"


def minutes(seconds):
    return f"{seconds / 60:.1f} min"


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m bench.routes",
        description="Place and route the tops whose routed figures in docs/figures.json are "
                    "stale (their RTL or LPF changed), on the open ECP5 flow, the longest first, "
                    "several at a time; record each in docs/figures.json and render the "
                    "documents again. `make pnr` runs it.")
    parser.add_argument("tops", nargs="*", metavar="TOP", help="only these tops")
    parser.add_argument("--force", action="store_true", help="route them even if fresh")
    parser.add_argument("--jobs", type=int, default=default_jobs(),
                        help="routes side by side (default: cores, and 4 GiB of memory each: "
                             "%(default)s here)")
    args = parser.parse_args(argv)
    data = figures.load()
    variants = {}                     # label: (top, Verilog), converted now (seconds)
    for top, params in ROUTED_VARIANTS:
        name, path = figures.record_variant(data, top, params)
        variants[name] = (top, path)
    unknown = [t for t in args.tops if t not in TOPS and t not in variants]
    if unknown:
        parser.error(f"unknown top {', '.join(unknown)}; `pokerhdl tops` lists them, and the "
                     f"variants routed besides them are: {', '.join(variants)}")
    asked = args.tops or sorted(t for t in TOPS if t not in UNROUTED) + sorted(variants)
    stale = [t for t in asked if args.force or not route_is_fresh(data, t)]
    if not stale:
        print(f"every route of {len(asked)} is fresh (docs/figures.json)")
        return 0
    # the longest first: by the last route's time, else by the size of the Verilog
    stale.sort(key=lambda t: (-(last_seconds(data, t) or 0),
                              -verilog_of(t, variants).stat().st_size))
    expected = sum(last_seconds(data, t) or 0 for t in stale)
    print(f"routing {len(stale)} of {len(asked)} tops, {args.jobs} at a time "
          f"(their last routes took {minutes(expected)} in all):")
    start, below = time.monotonic(), []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(route, name, last_seconds(data, name), variants.get(name))
                   for name in stale]
        for done, future in enumerate(as_completed(futures), 1):
            name, stats = future.result()

            def record(data):
                record_route(data, name, stats)
                unrouted_rows(data)
            data = figures.update(record)     # the rows other routes recorded meanwhile kept
            figures.render_documents(data)
            fmax = pnr.slowest(stats)
            took = stats["seconds"]["synth"] + stats["seconds"]["route"]
            if fmax is not None and fmax < target_mhz(name):
                below.append(name)
            print(f"[{done}/{len(stale)}] {name}: {pnr.row(name, stats)['text']} MHz, "
                  f"LUT4 {stats['LUT4']:,}, FF {stats['FF']:,}, in {minutes(took)}"
                  + (f"  (below {target_mhz(name):g} MHz)" if name in below else ""),
                  flush=True)
    print(f"routed {len(stale)} in {minutes(time.monotonic() - start)}; docs/figures.json and "
          f"the documents updated")
    return 1 if below else 0


if __name__ == "__main__":
    sys.exit(main())
