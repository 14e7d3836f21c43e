"""The wheel carries the RTL: built from a copy of the repository's package files, installed
into a fresh virtual environment (its dependencies from pip's cache or PyPI), it serves a
block's Verilog and VHDL with `pokerhdl rtl` (files that compile around the block's template),
its FuseSoC core and IP-XACT component, and its MyHDL block converts inside a design of one's
own. Marked deep: a wheel build and a virtual environment take about 30 s."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from harness import ROOT

# what `pokerhdl rtl` and a MyHDL design of one's own need at run time (setup.py's
# install_requires)
DEPENDENCIES = ["myhdl==0.11.52", "numpy", "tqdm", "pyserial"]

DESIGN = """
from myhdl import ResetSignal, Signal, always_comb, block, intbv
from pokerhdl.rtl.eval.eval7 import eval7

@block
def straight_or_better(clk, rst, cards, in_valid, good, out_valid):
    word, invalid = Signal(intbv(0)[24:]), Signal(bool(0))
    slots = [Signal(intbv(63)[6:]) for _ in range(7)]

    @always_comb
    def split():
        for i in range(7):
            slots[i].next = cards[6 * i + 6:6 * i]

    @always_comb
    def judge():
        good.next = not invalid and word[24:20] >= 4

    ranker = eval7(clk, rst, *slots, in_valid, word, invalid, out_valid)
    return split, judge, ranker

top = straight_or_better(Signal(bool(0)), ResetSignal(0, active=1, isasync=False),
                         Signal(intbv(0)[42:]), Signal(bool(0)), Signal(bool(0)), Signal(bool(0)))
top.convert(hdl="Verilog", path=".", name="straight_or_better")
"""


def run(*args, cwd, env=None):
    done = subprocess.run([str(a) for a in args], capture_output=True, text=True, cwd=cwd,
                          env=env)
    assert done.returncode == 0, f"{args}:\n{done.stdout[-3000:]}{done.stderr[-3000:]}"
    return done.stdout


@pytest.mark.deep          # CI's deep stage runs it (`make deep`)
def test_the_wheel_installs_and_serves_a_block(tmp_path):
    source = tmp_path / "source"
    source.mkdir()
    for name in ("setup.py", "README.md", "MANIFEST.in"):
        shutil.copy(ROOT / name, source / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.so")
    shutil.copytree(ROOT / "pokerhdl", source / "pokerhdl", ignore=ignore)
    shutil.copytree(ROOT / "generated", source / "generated")
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
        "-w", tmp_path / "dist", ".", cwd=source)
    wheel = next((tmp_path / "dist").glob("pokerhdl-*.whl"))

    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", venv, cwd=tmp_path)
    python, bin_ = venv / "bin" / "python", venv / "bin"
    run(python, "-m", "pip", "install", "-q", "--no-deps", wheel, cwd=tmp_path)
    run(python, "-m", "pip", "install", "-q", *DEPENDENCIES, cwd=tmp_path)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = f"{bin_}{os.pathsep}{env['PATH']}"
    away = tmp_path / "elsewhere"          # nowhere near a checkout
    away.mkdir()

    found = json.loads(run(bin_ / "pokerhdl", "rtl", "eval7", "--hdl", "both", "--json",
                           cwd=away, env=env))
    package = Path(run(python, "-c", "import pokerhdl, os; print(os.path.dirname("
                       "pokerhdl.__file__))", cwd=away, env=env).strip())
    for paths in (found["hdl"], found["template"], found["core"], found["component"]):
        for path in paths:
            assert Path(path).is_relative_to(package / "generated") and Path(path).exists()
    assert [Path(p).name for p in found["hdl"]] == ["eval7.v", "pck_myhdl_011.vhd", "eval7.vhd"]
    assert (package / "generated" / "ip" / "pokerhdl_ip_catalog.tcl").exists()

    # the Verilog it serves compiles around the template it serves
    verilog, template = found["hdl"][0], Path(found["template"][0]).read_text()
    (away / "wrap.v").write_text(f"`timescale 1ns/1ps\nmodule wrap;\n{template}endmodule\n")
    run("iverilog", "-o", away / "a.out", "-s", "wrap", verilog, away / "wrap.v", cwd=away)
    listed = run(bin_ / "pokerhdl", "rtl", "eval7", cwd=away, env=env).split()
    assert listed == [verilog]

    # a design of one's own around the MyHDL block, converted with the installed package
    (away / "design.py").write_text(DESIGN)
    run(python, "design.py", cwd=away, env=env)
    assert "eval7" in (away / "straight_or_better.v").read_text() or \
        "hand_eval" in (away / "straight_or_better.v").read_text()

    done = subprocess.run([bin_ / "pokerhdl", "rtl", "eval9"], capture_output=True, text=True,
                          cwd=away, env=env)
    assert done.returncode == 1 and "unknown block 'eval9'" in done.stderr
