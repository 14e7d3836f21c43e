"""Every top's tests on its gate-level netlist: the RTL regression's own pytest functions
(tb/support/gate_level.py names them; the same cocotb tests, the same golden-model checks) on
what yosys made of the top (pokerhdl.flow.gates: Xilinx primitives for the blocks and the
Basys3 and Nexys A7 tops, ECP5 ones for the ULX3S tops) with the primitives' simulation models,
in Icarus; and faults injected into netlists, to show these tests fail on them.

A netlist simulates far slower than its RTL in Icarus, so each top runs the short form of its
tests: the regression's stimulus where it is short, a named part of it where not (the "gates"
entries beside "verilog" and "vhdl" in the RTL tests: fewer hands and shuffles, the exact
enumerations). Verilator takes minutes to build a netlist and pays only for longer runs.
`make gates` runs them all, and so does CI's deep stage; `make sim` runs uart_tx's, to keep
the path alive. Times: docs/verification.md#gate-level.
"""

import importlib
import re
import sys
from pathlib import Path

import pytest

TB = Path(__file__).resolve().parent.parent
ROOT = TB.parent
for folder in ("rtl", "games", "boards"):
    sys.path.insert(0, str(TB / folder))

from gate_level import CASES, GATES  # noqa: E402


@pytest.mark.parametrize("module, function, args", CASES)
def test_gate_level(module, function, args):
    getattr(importlib.import_module(module), function)(**args)


def inject(netlist_text, primitive, parameter, change):
    """The netlist with ``change`` applied to the ``parameter`` of the first ``primitive`` cell
    (its text, e.g. "16'h6996" -> "16'h9669"): a fault no simulation of the RTL could show."""
    found = re.search(rf"^  {primitive} #\(\n(?:    .*\n)*?    \.{parameter}\(([^)]*)\)",
                      netlist_text, re.M)
    assert found, f"no {primitive} with {parameter} in the netlist"
    start, end = found.span(1)
    return netlist_text[:start] + change(found.group(1)) + netlist_text[end:]


def inverted_lut(init):
    """A LUT's truth table complemented: its output inverted for every input."""
    width, digits = re.fullmatch(r"(\d+)'h([0-9a-f]+)", init).groups()
    return f"{width}'h{(~int(digits, 16)) & ((1 << int(width)) - 1):0{len(digits)}x}"


def flipped_init(init):
    """A flip-flop's initial value flipped: what a synthesis that drops initial values gives."""
    return {"1'h0": "1'h1", "1'h1": "1'h0"}[init]


FAULTS = [
    pytest.param("card_codec", "test_card_codec", "LUT6", "INIT", inverted_lut, id="card_codec-LUT"),
    pytest.param("por", "test_por", "FDRE", "INIT", flipped_init, id="por-FDRE-INIT"),
]


@pytest.mark.gates
@pytest.mark.parametrize("top, module, primitive, parameter, change", FAULTS)
def test_a_fault_in_the_netlist_fails_its_test(top, module, primitive, parameter, change,
                                               tmp_path):
    """The gate-level tests can fail: one cell's parameter changed in the netlist, the same
    cocotb tests that pass on the netlist as synthesized fail on it."""
    from harness import run_block
    from pokerhdl.flow.gates import family_of, models, netlist
    path, _ = netlist(ROOT / "generated" / "verilog" / f"{top}.v", top)
    faulty = tmp_path / path.name
    faulty.write_text(inject(path.read_text(), primitive, parameter, change))
    assert faulty.read_text() != path.read_text()
    with pytest.raises((AssertionError, SystemExit)):     # (the runner exits on a failure)
        run_block(top, GATES, module, files=models(path, family_of(top)) + [faulty],
                  tag="-fault")
