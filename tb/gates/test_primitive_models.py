"""Our block RAM models (tb/support/ecp5/DP16KD.v, tb/support/xc7/RAMB18E1.v and RAMB36E1.v;
yosys declares these cells without behaviour) against the RTL they stand for: memories of every
shape the tops use (memories.v) as RTL and as their synth_ecp5 or synth_xilinx netlist, side by
side in one Icarus run, driven with random writes, reads and resets; every output equal on every
clock. The RTL's meaning is Icarus's reading of plain Verilog memories, independent of the
models."""

import os
import random
import re
import sys
from pathlib import Path

import pytest

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, RisingEdge

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
RTL = HERE / "memories.v"
BLOCK_RAM = {"ecp5": ["DP16KD"], "xc7": ["RAMB18E1", "RAMB36E1"]}
CLOCKS = 3000


def ports(text):
    """[(direction, width, name)] of the module's ports."""
    return [(d, int(hi) + 1 if hi else 1, n) for d, hi, n in
            re.findall(r"(input|output reg|output)\s*(?:\[(\d+):0\])?\s*(\w+)", text)]


def pair_wrapper(text):
    """A top that drives the RTL (mems) and the netlist (mems_gates) from the same inputs."""
    ps = ports(text.split(");", 1)[0])
    lines = ["module pair(" + ", ".join(
        [f"input {'[%d:0] ' % (w - 1) if w > 1 else ''}{n}" for d, w, n in ps if d == "input"]
        + [f"output {'[%d:0] ' % (w - 1) if w > 1 else ''}{n}_{side}"
           for d, w, n in ps if d != "input" for side in ("rtl", "gates")]) + ");"]
    for module, side in (("mems", "rtl"), ("mems_gates", "gates")):
        conns = [f".{n}({n})" if d == "input" else f".{n}({n}_{side})" for d, w, n in ps]
        lines.append(f"    {module} u_{side}({', '.join(conns)});")
    lines.append("endmodule")
    return "\n".join(lines) + "\n", [(w, n) for d, w, n in ps if d == "input"], \
        [n for d, w, n in ps if d != "input"]


@cocotb.test()
async def rtl_and_netlist_agree(dut):
    text = RTL.read_text()
    _, inputs, outputs = pair_wrapper(text)
    rng = random.Random(int(os.environ.get("PARAM_SEED", "1")))
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    for width, name in inputs:
        if name != "clk":
            getattr(dut, name).value = 0
    compared = 0
    await FallingEdge(dut.clk)
    for cycle in range(CLOCKS):      # inputs between edges, outputs compared after each
        for width, name in inputs:
            if name == "clk":
                continue
            if name == "rst":
                value = int(rng.random() < 0.02)
            elif name.startswith(("we", "be")):
                value = rng.getrandbits(width) if rng.random() < 0.5 else 0
            elif name.startswith("wd"):
                value = rng.getrandbits(width)
            else:       # addresses mostly from a small window, so that reads meet writes
                value = rng.getrandbits(width) if rng.random() < 0.3 else rng.getrandbits(3)
            getattr(dut, name).value = value
        await RisingEdge(dut.clk)
        await FallingEdge(dut.clk)
        for name in outputs:
            rtl = getattr(dut, f"{name}_rtl").value
            gates = getattr(dut, f"{name}_gates").value
            assert str(rtl) == str(gates), (f"clock {cycle}: {name} RTL {rtl} netlist {gates}")
            compared += 1
    dut._log.info("%d outputs compared over %d clocks", compared, CLOCKS)


@pytest.mark.gates
@pytest.mark.parametrize("family", sorted(BLOCK_RAM))
def test_block_ram_models_against_rtl(family, tmp_path):
    """The netlist (its block RAMs and all) and the RTL give the same outputs on every clock."""
    from cocotb_tools.runner import get_runner
    from pokerhdl.flow.gates import models, netlist
    text = RTL.read_text()
    path, facts = netlist(RTL, "mems", family)
    assert sum(facts["kinds"].get(k, 0) for k in BLOCK_RAM[family]) >= 3, facts   # in block RAM
    gates = tmp_path / "mems_gates.v"
    gates.write_text(re.sub(r"^module mems\(", "module mems_gates(", path.read_text(), flags=re.M))
    wrapper, _, _ = pair_wrapper(text)
    (tmp_path / "pair.v").write_text(wrapper)
    runner = get_runner("icarus")
    runner.build(sources=[RTL, gates, tmp_path / "pair.v", *models(path, family)],
                 hdl_toplevel="pair", build_dir=tmp_path / "sim", always=True,
                 timescale=("1ns", "1ps"))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sys, "path", [str(HERE), str(ROOT / "tb" / "support"), str(ROOT), *sys.path])
        results = runner.test(test_module="test_primitive_models", hdl_toplevel="pair",
                              build_dir=tmp_path / "sim")
    import xml.etree.ElementTree as ET
    cases = list(ET.parse(results).iter("testcase"))
    assert cases and all(c.find("failure") is None and c.find("error") is None
                         and c.find("skipped") is None for c in cases), results
