"""Balatro's figures: clocks from a move taken to its answer and to the new score (the
controller, measured in its cocotb test), and the simulation time of a VGA frame per
simulator."""

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.figures import ROOT, put_table, record_variant, top_rtl


def latency(data, out=print):
    """Clocks from a Balatro move taken to its answer and to its score (Icarus)."""
    out("  balatro_game: clocks of each move (Icarus) ...")
    result = Path(tempfile.mkdtemp()) / "latency.json"
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:xdist",
                           "tb/games/test_balatro_game.py", "-k", "scoring and verilog"],
                          capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "BENCH_OUT": str(result)})
    if done.returncode:
        raise SystemExit("the Balatro latency test failed:\n" + done.stdout[-2000:])
    key = {"rtl": {"balatro_game": top_rtl("balatro_game")}}
    rows = [([name, f["answer"], f["score"] if f["score"] is not None else "-"], key)
            for name, f in json.loads(result.read_text()).items()]
    put_table(data, "balatro-latency", ["move", "answer", "score changed"], rows,
              caption="Balatro: clocks from a move taken to its answer and to the new score "
                      "(`make bench`)")


def frames(data, out=print):
    """The simulation time of one and two 640x480 frames of balatro_screen per simulator."""
    from balatro_frames import ONE_PIXEL_PER_CLOCK
    from harness import run_block
    name, _ = record_variant(data, "balatro_screen", ONE_PIXEL_PER_CLOCK)
    rows = []
    for hdl, simulator in (("verilog", "Icarus"), ("vhdl", "GHDL")):
        times = []
        for scenes in (["fresh-hand"], ["fresh-hand", "selection"]):
            out(f"  balatro_screen: {len(scenes)} frames in {simulator} ...")
            t = time.perf_counter()
            run_block("balatro_screen", hdl, "test_balatro_screen", params=ONE_PIXEL_PER_CLOCK,
                      extra_env={"PARAM_SCENES": json.dumps(scenes)}, tag="-bench")
            times.append(time.perf_counter() - t)
        rows.append(([simulator, f"{times[0]:.1f} s", f"{times[1]:.1f} s"],
                     {"rtl": {name: data["variants"][name]["rtl"]}}))
    put_table(data, "balatro-frames", ["simulator", "build and one frame",
                                       "build and two frames"], rows,
              caption="Simulating 640x480 frames of balatro_screen at one pixel per clock "
                      "(420,000 clocks each; `make bench`)")
