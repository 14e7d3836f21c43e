"""Place and route on the open flow (pokerhdl/flow/pnr.py: yosys synth_ecp5 and nextpnr-ecp5 from
PyPI, LFE5U-85F speed 6). Every top's routed figure (docs/figures.json, `make pnr`; fresh by
tb/flow/test_figures.py) meets its clock; and in the deep stage one ULX3S top is routed again and
packed into a bitstream, and its figures are exactly the committed ones: the same RTL, tools
and seed give the same route, so the committed figures are what routing gives."""

import pytest

from bench import figures
from bench.hardware import ROUTED_VARIANTS, UNROUTED
from bench.routes import target_mhz
from pokerhdl.flow import pnr
from pokerhdl.flow.tops import TOPS

DATA = figures.load()
# the tops, and the lanes routed out of context in a form no ECP5 top holds
ROUTED = sorted(set(TOPS) - set(UNROUTED)) + [figures.label(top, params)
                                              for top, params in ROUTED_VARIANTS]


def recorded(name):
    row = figures.row_of(DATA, "routes", name)
    assert row is not None and row.get("values"), f"{name} has no routed figure: `make pnr`"
    return row


@pytest.mark.parametrize("name", ROUTED)
def test_every_top_routes_at_its_clock(name):
    """100 MHz, or a PLL top's own clock (its PLL makes what a route with its LPF met); a
    top without a register-to-register path has no Fmax. The routed variants likewise."""
    row = recorded(name)
    fmax = row["values"]["fmax"]
    assert all(f >= target_mhz(name) for f in fmax.values()), \
        f"{name} routes at {fmax} MHz, below {target_mhz(name):g} MHz on the ECP5 speed 6"
    if name in TOPS and TOPS[name].board == "ulx3s":
        assert f"xdc/{name}.lpf" in row["key"].get("file", {}), f"{name} routed without its LPF"


@pytest.mark.pnr
def test_a_route_reproduces_its_figure(tmp_path):
    """ulx3s_dice (a board top with its LPF, a few minutes) routed again: the same Fmax and
    cells as committed, and a bitstream a ULX3S loads (the ECP5 preamble, the 85F's IDCODE)."""
    row = recorded("ulx3s_dice")
    bit, stats = pnr.bitstream("ulx3s_dice", out=tmp_path)
    assert " / ".join(stats["tools"]) == row["key"]["tool"]["nextpnr"], \
        f"other tools than the figure's: {stats['tools']}"
    assert stats["fmax"] == row["values"]["fmax"], (stats["fmax"], row["values"]["fmax"])
    cells = [f"{stats['LUT4']:,}", f"{stats['CCU2C']:,}", f"{stats['FF']:,}"]
    headers = DATA["tables"]["routes"]["headers"]
    assert cells == [row["cells"][headers.index(h)] for h in ("LUT4", "CCU2C", "FF")]
    data = bit.read_bytes()
    assert len(data) > 10_000
    assert b"\xff\xff\xbd\xb3" in data[:64], data[:64].hex()           # the ECP5 preamble
    assert bytes.fromhex("41113043") in data[:4096], "not an LFE5U-85F bitstream"
