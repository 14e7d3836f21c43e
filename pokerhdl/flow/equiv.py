"""Prove that a refactoring left a generated top's behaviour as it was (yosys, formally).

Why: splitting a long block into parts renames internal signals, so ``generated/`` changes
while the hardware should not. The regression samples behaviour; this proves it, against the
top as committed at a git revision:

* by induction (``equiv_make`` / ``equiv_simple`` / ``equiv_induct``): the two designs' registers
  are matched by name, and every matched signal is proved equal in every clock from equal
  states. A complete proof, for a refactoring that keeps the registers' names (as parts with
  ``@block(skipname=True)`` do).
* bounded (``miter`` / ``sat -seq``), with ``--cycles N``: both designs from all-zero registers,
  any inputs for N clocks, outputs equal in every clock. Complete for a pipeline whose outputs
  depend only on its last few inputs (the hand evaluators: N = 20 covers their 6 stages and
  held outputs); only a bounded check of anything with longer memory.

    python -m pokerhdl.flow.equiv eval7 --cycles 20        # against HEAD's generated/
    python -m pokerhdl.flow.equiv equity_lane --ref main~3
"""

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from .synth import yosys_path

ROOT = Path(__file__).resolve().parent.parent.parent
GENERATED = ROOT / "generated" / "verilog"


def _read_both(gold, gate, top):
    return (f"read_verilog {gold}; rename {top} gold; design -stash gold_d; "
            f"read_verilog {gate}; rename {top} gate; design -stash gate_d; "
            f"design -copy-from gold_d -as gold gold; design -copy-from gate_d -as gate gate; "
            f"proc; flatten; memory; opt_clean; ")


def script(gold, gate, top, cycles=None):
    """The yosys script that proves gate (a Verilog file) equal to gold."""
    if cycles:
        return (_read_both(gold, gate, top) +
                "miter -equiv -flatten -make_outputs -ignore_gold_x gold gate miter; "
                f"hierarchy -top miter; opt -fast; "
                f"sat -verify -seq {cycles} -set-init-zero -prove trigger 0 miter")
    return (_read_both(gold, gate, top) +
            "async2sync; equiv_make gold gate equiv; hierarchy -top equiv; "
            "equiv_simple -seq 5; equiv_induct -seq 5; equiv_status -assert")


def prove(gold, gate, top, cycles=None):
    """(proved, the end of yosys's log)."""
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "yosys.log"
        done = subprocess.run([yosys_path(), "-q", "-l", str(log), "-p",
                               script(gold, gate, top, cycles)],
                              capture_output=True, text=True)
        text = log.read_text() if log.exists() else done.stderr
    return done.returncode == 0, text[-2000:]


def committed(top, ref, into):
    """The top's generated Verilog as committed at ``ref``, written into the directory into."""
    path = f"generated/verilog/{top}.v"
    shown = subprocess.run(["git", "-C", str(ROOT), "show", f"{ref}:{path}"],
                           capture_output=True, text=True)
    if shown.returncode:
        raise SystemExit(f"equiv: {path} is not at {ref}: {shown.stderr.strip()}")
    file = Path(into) / f"{top}.v"
    file.write_text(shown.stdout)
    return file


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m pokerhdl.flow.equiv",
        description="Prove generated/verilog/TOP.v equal in behaviour to the same top as "
                    "committed at a git revision (after a refactoring that renamed signals).")
    parser.add_argument("tops", nargs="+", metavar="TOP", help="tops in generated/verilog")
    parser.add_argument("--ref", default="HEAD", help="the revision to compare with "
                        "(default HEAD: the working tree against the last commit)")
    parser.add_argument("--cycles", type=int, default=None,
                        help="a bounded check of N clocks from all-zero registers instead of "
                             "induction on registers matched by name")
    args = parser.parse_args(argv)
    failed = []
    with tempfile.TemporaryDirectory() as tmp:
        for top in args.tops:
            gate = GENERATED / f"{top}.v"
            if not gate.exists():
                parser.error(f"no generated/verilog/{top}.v: run `make verilog` first")
            how = f"over {args.cycles} clocks" if args.cycles else "by induction"
            print(f"{top}: proving {how} against {args.ref} ...", flush=True)
            proved, log = prove(committed(top, args.ref, tmp), gate, top, args.cycles)
            print(f"{top}: {'equal' if proved else 'NOT PROVED EQUAL'}", flush=True)
            if not proved:
                print(log, file=sys.stderr)
                failed.append(top)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
