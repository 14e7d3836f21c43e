"""The exhaustive evaluator runs (C++ on the fast engine, tb/rtl/exhaustive/): their build and run,
shared by the eval5, eval7 and board_eval tests."""

import shutil
import subprocess

from harness import ROOT

from pokerhdl.sim.verilated import verilate


SOURCE = ROOT / "tb" / "rtl" / "exhaustive" / "eval7_all.cpp"


HANDS = 133_784_560


def build(folder, top="eval7", source=SOURCE):
    """A C++ harness around the committed generated/verilog/<top>.v, compiled by Verilator."""
    shutil.rmtree(folder, ignore_errors=True)
    verilate(["--cc", "--exe", "--build", "-O3", "-j", "2", "--top-module", top,
              "-Mdir", str(folder), "-CFLAGS", "-O2", "-CFLAGS", f"-I{source.parent}",
              str(ROOT / "generated" / "verilog" / f"{top}.v"), str(source)], source.stem)
    return folder / f"V{top}"


def run(binary, *args):
    done = subprocess.run([str(binary), *map(str, args)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    figures = {}
    for line in done.stdout.splitlines():
        *key, value = line.split()
        figures[" ".join(key)] = int(value)
    return figures
