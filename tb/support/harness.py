"""Build and run one block's cocotb test in Verilog (Icarus) or VHDL (GHDL).

A test module calls ``run_block(top, hdl, __name__)`` from a pytest function parametrized over
HDLS. With default parameters the simulated sources are the committed files in generated/ (what
users get); other parameters are converted into the test's own build folder first.
"""

import hashlib
import json
import os
import shutil
import sys
import time
from pathlib import Path
from unittest import mock

import pytest

ROOT = Path(__file__).resolve().parents[2]
SUPPORT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

from pokerhdl.flow.generate import convert_one  # noqa: E402
from pokerhdl.flow.tops import get_top  # noqa: E402

HDLS = [pytest.param("verilog", marks=pytest.mark.verilog, id="verilog"),
        pytest.param("vhdl", marks=pytest.mark.vhdl, id="vhdl")]
SIMULATOR = {"verilog": "icarus", "vhdl": "ghdl", "gates": "icarus"}
# a long stimulus that another test of the same block already runs through both conversions
# in the regression: its VHDL in the regression (GHDL runs these designs two to three times
# as fast as Icarus), its Verilog in the deep stage
VHDL_FIRST = [pytest.param("verilog", marks=[pytest.mark.verilog, pytest.mark.deep],
                           id="verilog"),
              pytest.param("vhdl", marks=pytest.mark.vhdl, id="vhdl")]
# a test's stimulus: the regression's (short), which proves each behaviour, and the deep
# stage's (long): more cases of the same behaviours, besides the short ones; PARAM_DEPTH in
# the cocotb test, param("depth")
DEPTHS = [pytest.param("short", id="short"),
          pytest.param("long", marks=pytest.mark.deep, id="long")]


def in_turns(configs):
    """(hdl, *config) for each configuration of a block (pytest.params) in each language: the
    regression runs each configuration in one language, taking turns (the first in Verilog),
    so that it proves every configuration and both conversions; the deep stage runs every
    configuration in the other language too. Ids: "<hdl>-<config>"."""
    out = []
    for k, config in enumerate(configs):
        for j, hdl in enumerate(HDLS):
            marks = [*hdl.marks, *config.marks] + [pytest.mark.deep] * ((k + j) % 2)
            out.append(pytest.param(*hdl.values, *config.values, marks=marks,
                                    id=f"{hdl.id}-{config.id}"))
    return out


def ulx3s_twins(names):
    """(name, hdl) of board tops whose game another top runs in the regression: a ULX3S top is
    the soak's (CI's deep stage runs its VHDL, `make deep` its Verilog too: marker deep_only)."""
    out = []
    for name in names:
        twin = name.startswith("ulx3s")
        for hdl in HDLS:
            marks = [*hdl.marks] + [pytest.mark.soak] * twin
            marks += [pytest.mark.deep_only] * (twin and hdl.values[0] == "verilog")
            out.append(pytest.param(name, *hdl.values, marks=marks, id=f"{name}-{hdl.id}"))
    return out


BUILD = ROOT / "tb" / "sim_build"
ECP5_MODELS = ROOT / "tb" / "support" / "ecp5"         # simulation models of the ECP5 primitives a top uses


def primitive_models(top, hdl, params=None):
    """The simulation models a top needs besides its own file: the EHXPLLL model for a board
    top with a PLL (its pll_hz parameter)."""
    if {**get_top(top).params, **(params or {})}.get("pll_hz"):
        return [ECP5_MODELS / ("EHXPLLL.v" if hdl == "verilog" else "EHXPLLL.vhd")]
    return []


def sources(top, hdl, params=None):
    """The HDL files of a top: generated/ for its defaults, else a fresh conversion; for hdl
    "gates" its gate-level netlist (pokerhdl.flow.gates) and the primitives' models."""
    if hdl == "gates":
        from pokerhdl.flow.gates import family_of, models, netlist
        verilog = sources(top, "verilog", params)[-1]
        path, _ = netlist(verilog, top)
        return models(path, family_of(top)) + [path]
    t = get_top(top)
    params = {k: v for k, v in (params or {}).items() if t.params.get(k, object()) != v}
    if params:
        key = hashlib.sha1(json.dumps(params, sort_keys=True).encode()).hexdigest()[:10]
        folder = BUILD / "variants" / f"{top}-{key}" / hdl
        convert_one(top, hdl, folder, params)
    else:
        folder = ROOT / "generated" / hdl
    models = primitive_models(top, hdl, params)
    if hdl == "verilog":
        return models + [folder / f"{top}.v"]
    return models + [folder / "pck_myhdl_011.vhd", folder / f"{top}.vhd"]


def run_block(top, hdl, test_module, params=None, testcase=None, extra_env=None, tag="",
              compiled=False, files=None):
    """Simulate ``top`` with the cocotb tests in ``test_module``; fails the calling pytest test
    when any cocotb test fails. ``params`` are MyHDL elaboration parameters, also passed to the
    cocotb test as environment variables PARAM_<NAME> (JSON). ``compiled``: a long simulation
    of a design of moderate size, which GHDL's LLVM back end runs in about half mcode's time
    once it has compiled it (a VGA frame: 44 s against 78; for short runs of big designs its
    compile costs more than it saves), where the system's GHDL has it. ``hdl`` "gates": the
    top's gate-level netlist (tb/gates/) on Icarus; ``files`` in place of the top's own (a
    netlist with a fault injected)."""
    # Debian's ghdl runs the back end GHDL_BACKEND names (mcode by default)
    llvm = compiled and hdl == "vhdl" and shutil.which("ghdl-llvm")
    with mock.patch.dict(os.environ, {"GHDL_BACKEND": "llvm"} if llvm else {}):
        _run_block(top, hdl, test_module, params, testcase, extra_env, tag, files)


def _run_block(top, hdl, test_module, params, testcase, extra_env, tag, files=None):
    from cocotb_tools.runner import get_runner

    params = dict(params or {})
    key = hashlib.sha1(json.dumps(params, sort_keys=True).encode()).hexdigest()[:8]
    build_dir = BUILD / f"{top}-{hdl}-{key}{tag}"
    waves = os.environ.get("WAVES") == "1"
    runner = get_runner(SIMULATOR[hdl])
    files = files or sources(top, hdl, params)
    build_args = ["--std=08"] if hdl == "vhdl" else []
    started = time.monotonic()
    runner.build(sources=files, hdl_toplevel=top, build_dir=build_dir, always=True,
                 waves=waves, build_args=build_args, timescale=("1ns", "1ps"))
    env = {f"PARAM_{k.upper()}": json.dumps(v) for k, v in params.items()}
    env.update(extra_env or {})
    # the cocotb tests' module (in its folder of tb/), what tests share (tb/support/), the package
    env["PYTHONPATH"] = os.pathsep.join([str(module_folder(test_module)),
                                         str(SUPPORT), str(ROOT), os.environ.get("PYTHONPATH", "")])
    built = time.monotonic()
    # (the runner passes its own sys.path on as PYTHONPATH)
    with mock.patch.object(sys, "path", env["PYTHONPATH"].split(os.pathsep) + sys.path):
        results = runner.test(test_module=test_module.rsplit(".", 1)[-1], hdl_toplevel=top,
                              build_dir=build_dir, testcase=testcase, extra_env=env,
                              waves=waves, test_args=["--std=08"] if hdl == "vhdl" else [])
    log_times(top, hdl, built - started, time.monotonic() - built)
    failed, total = _count(results)
    assert total > 0, f"no cocotb test ran for {top} ({hdl})"
    assert failed == 0, f"{failed} of {total} cocotb tests failed for {top} ({hdl}); see {build_dir}"


def module_folder(name):
    """The folder of tb/ that holds the test module ``name`` (its cocotb tests)."""
    module = sys.modules.get(name)
    if getattr(module, "__file__", None):
        return Path(module.__file__).resolve().parent
    found = sorted((ROOT / "tb").glob(f"*/{name}.py"))
    assert found, f"no test module {name}.py in a folder of tb/"
    return found[0].parent


def log_times(top, hdl, build, run):
    """One line per simulation in tb/sim_build/times.jsonl: the test, its top and language,
    the seconds of the build (compile, analysis) and of the run (start-up included);
    `python -m bench.sim_times` sums them up."""
    BUILD.mkdir(parents=True, exist_ok=True)
    line = {"test": os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" ", 1)[0], "top": top,
            "hdl": hdl, "backend": os.environ.get("GHDL_BACKEND", "") if hdl == "vhdl" else "",
            "build": round(build, 2), "run": round(run, 2)}
    with open(BUILD / "times.jsonl", "a") as f:
        f.write(json.dumps(line) + "\n")


def _count(results_xml):
    import xml.etree.ElementTree as ET
    tree = ET.parse(results_xml)
    cases = list(tree.iter("testcase"))
    failed = sum(1 for c in cases if c.find("failure") is not None or c.find("error") is not None)
    skipped = sum(1 for c in cases if c.find("skipped") is not None)
    return failed + skipped, len(cases)


def param(name, default=None):
    """Inside a cocotb test: an elaboration parameter passed by run_block."""
    value = os.environ.get(f"PARAM_{name.upper()}")
    return default if value is None else json.loads(value)
