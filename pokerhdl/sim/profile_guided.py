"""Profile-guided builds of the emulator's models: the model is compiled once instrumented, run
at rest (its inputs idle, the power-on reset and boot text included) for TRAIN_CLOCKS clocks in
a child process, and compiled again with what that run measured, so clang lays out and inlines
for the paths a board at rest takes, where a player's thinking spends the emulator's time (its
figures: docs/benchmarks.md). Only with clang++, its profile runtime (Debian's libclang-rt-dev)
and llvm-profdata (Debian's llvm), which `make sim` installs where it can; without them a model
is built once, as before.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from ..flow.toolchain import profile_runtime

TRAIN_CLOCKS = 2_000_000
RECIPE = b"profile at rest"       # part of a trained build's cache key
PACKAGE_PARENT = Path(__file__).resolve().parent.parent.parent

# the child: load the instrumented model, set the inputs at rest, clock; its exit writes the
# profile (LLVM_PROFILE_FILE)
TRAIN = ("import json, sys\n"
         "from pokerhdl.sim.verilated import Model\n"
         "model = Model(sys.argv[1])\n"
         "for port, value in json.loads(sys.argv[2]).items():\n"
         "    model[port] = value\n"
         "model.tick(int(sys.argv[3]))\n")


def profile_merger(compiler):
    """llvm-profdata's path when ``compiler`` is a clang whose profile runtime is installed,
    else None (no profile-guided build)."""
    if "clang" not in Path(compiler).name:
        return None
    runtime = profile_runtime(compiler)
    if runtime is None:
        return None
    version = runtime.parent.parent.parent.name.split(".")[0]   # clang/14.0.6/lib/linux/...
    return shutil.which(f"llvm-profdata-{version}") or shutil.which("llvm-profdata")


def train(library, rest, folder, merger, clocks=TRAIN_CLOCKS):
    """Run the instrumented ``library`` at rest (``rest``: port -> value) in a child process;
    the merged profile's path in ``folder``. RuntimeError when the run or the merge fails."""
    raw = Path(folder) / "raw"
    env = dict(os.environ, LLVM_PROFILE_FILE=str(raw / "%p.profraw"),
               PYTHONPATH=os.pathsep.join(filter(None, [str(PACKAGE_PARENT),
                                                        os.environ.get("PYTHONPATH")])))
    done = subprocess.run([sys.executable, "-c", TRAIN, str(library), json.dumps(rest),
                           str(clocks)], capture_output=True, text=True, env=env)
    if done.returncode:
        raise RuntimeError(f"the profiling run failed:\n{done.stderr[-2000:]}")
    merged = Path(folder) / "model.profdata"
    done = subprocess.run([merger, "merge", "-o", str(merged), *map(str, raw.glob("*.profraw"))],
                          capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"llvm-profdata could not merge the profile:\n{done.stderr[-2000:]}")
    shutil.rmtree(raw)
    return merged
