"""All 133,784,560 seven-card hands through board_eval (nine players, one board per clock), in a
Verilator C++ harness (tb/rtl/exhaustive/board_eval_all.cpp): each hand once, split into board and
hole cards every one of the 21 ways across the run, and every word equal to the golden model's
(golden/fast_rank.py's tables, built from rank7, looked up in the harness). The reference's
own category counts must equal docs/spec.md's table; the NO_CARD holes padding a board's last clock
must answer invalid. About a minute with its build (make exhaustive)."""

import struct
import subprocess

import pytest

from harness import BUILD, ROOT
from hand_facts import SEVEN_CARD_COUNTS
from exhaustive import HANDS
from pokerhdl.flow.generate import convert_one
from pokerhdl.golden import fast_rank
from pokerhdl.sim.verilated import verilate

SOURCE = ROOT / "tb" / "rtl" / "exhaustive" / "board_eval_all.cpp"
PLAYERS = 9


def write_tables(path):
    """The lookup tables of golden/fast_rank.py, in the layout board_eval_all.cpp reads."""
    rank_hash, by_flush = fast_rank._rank_hash(7), fast_rank._flush_table()
    head = [fast_rank._RANK_SHIFT, fast_rank.HASH_BITS, fast_rank._SUIT_START,
            fast_rank._FLUSH_BITS, len(rank_hash.displace), len(rank_hash.words)]
    assert len(by_flush) == 8192
    with open(path, "wb") as f:
        f.write(struct.pack("<6Q", *head))
        f.write(fast_rank._CARD_KEYS.astype("<u8").tobytes())
        f.write(fast_rank._FLUSH_BIT_OF_CARD.astype("<u8").tobytes())
        f.write(fast_rank._RANK_BITS.astype("<u4").tobytes())
        f.write(rank_hash.displace.astype("<u4").tobytes())
        f.write(rank_hash.words.astype("<u4").tobytes())
        f.write(by_flush.astype("<u4").tobytes())


def build(folder, players=PLAYERS):
    """board_eval of ``players`` converted into ``folder`` and the harness compiled around it."""
    convert_one("board_eval", "verilog", folder / "rtl", {"players": players})
    verilate(["--cc", "--exe", "--build", "-O3", "-j", "2", "--top-module", "board_eval",
              "-Mdir", str(folder / "obj"), "-CFLAGS", "-O2", "-CFLAGS", "-std=c++17",
              "-CFLAGS", f"-I{SOURCE.parent}", "-CFLAGS", f"-DPLAYERS={players}",
              str(folder / "rtl" / "board_eval.v"), str(SOURCE)], SOURCE.stem)
    tables = folder / "tables.bin"
    write_tables(tables)
    return folder / "obj" / "Vboard_eval", tables


def run(binary, tables, *args):
    done = subprocess.run([str(binary), str(tables), *map(str, args)], capture_output=True,
                          text=True)
    assert done.returncode == 0 and not done.stderr, done.stdout + done.stderr[-3000:]
    figures = {}
    for line in done.stdout.splitlines():
        *key, value = line.split()
        figures[" ".join(key)] = int(value)
    return figures


@pytest.mark.slow
@pytest.mark.exhaustive
def test_all_seven_card_hands():
    figures = run(*build(BUILD / "board_eval_all"))
    assert figures["hands"] == HANDS and figures["answers"] == HANDS, figures
    assert figures["mismatches"] == 0 and figures["extra"] == 0, figures
    assert figures["pads"] > 0 and figures["pads_wrong"] == 0, figures
    counts = [figures.get(f"category {c}", 0) for c in range(16)]
    assert counts == SEVEN_CARD_COUNTS + [0] * 7, counts
