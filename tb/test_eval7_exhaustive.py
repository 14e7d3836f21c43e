"""All 133,784,560 seven-card hands through the generated eval7.v, one per clock, in a
Verilator C++ harness (tb/exhaustive/eval7_all.cpp): the category counts must equal docs/spec.md's
table, every hand must be answered, none invalid, and 4,824 distinct rank words must occur
(the number of distinct seven-card hand values). About a minute (make exhaustive)."""

import shutil
import subprocess

import pytest

from harness import BUILD, ROOT
from pokerhdl.sim.verilated import verilate

SOURCE = ROOT / "tb" / "exhaustive" / "eval7_all.cpp"
HANDS = 133_784_560
# docs/spec.md#verification, by category number: high card, pair, two pair, three of a kind, straight, flush,
# full house, four of a kind, straight flush
SEVEN_CARD_COUNTS = [23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644,
                     3_473_184, 224_848, 41_584]
DISTINCT_WORDS = 4_824


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


@pytest.mark.slow
@pytest.mark.exhaustive
def test_all_seven_card_hands():
    figures = run(build(BUILD / "eval7_all"))
    assert figures["hands"] == HANDS and figures["answers"] == HANDS, figures
    assert figures["invalid"] == 0, figures
    counts = [figures.get(f"category {c}", 0) for c in range(16)]
    assert counts == SEVEN_CARD_COUNTS + [0] * 7, counts
    assert figures["distinct"] == DISTINCT_WORDS, figures
