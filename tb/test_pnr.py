"""Place and route on the open flow (pokerhdl/flow/pnr.py: yosys synth_ecp5 and nextpnr-ecp5 from
PyPI, LFE5U-85F speed 6): representative tops route at 100 MHz or more, and an ECP5 board top
packs into a bitstream. `make pnr` routes every top; these run in the deep stage (minutes)."""

import pytest

from pokerhdl.flow import pnr
from pokerhdl.flow.tops import TOPS

# a pipelined block, a renderer with block RAMs, the ULX3S tops but equity (with their LPF:
# Hold'em is the Basys3 and Nexys game with the terminal engine; a nine-seat engine is tens of
# minutes: `make pnr`)
REPRESENTATIVE = ["eval7", "balatro_screen", "ulx3s_dice", "ulx3s_holdem"]


@pytest.mark.pnr
@pytest.mark.parametrize("name", REPRESENTATIVE)
def test_routes_at_100_mhz(name):
    stats = pnr.route_top(name)
    assert stats["fmax"], f"{name}: nextpnr reported no clock"
    assert stats["LUT4"] + stats["FF"] > 0, stats
    assert pnr.slowest(stats) >= pnr.TARGET_MHZ, (
        f"{name} routes at {stats['fmax']} MHz, below {pnr.TARGET_MHZ} MHz on the ECP5 speed 6")
    if TOPS[name].board == "ulx3s":
        assert stats["constrained"], f"{name} was routed without its LPF"


@pytest.mark.pnr
def test_bitstream(tmp_path):
    """An ECP5 board top becomes a bitstream a ULX3S loads: ecppack's output starts with the
    ECP5 preamble and carries the 85F's IDCODE."""
    bit, stats = pnr.bitstream("ulx3s_dice", out=tmp_path)
    data = bit.read_bytes()
    assert len(data) > 10_000
    assert b"\xff\xff\xbd\xb3" in data[:64], data[:64].hex()           # the ECP5 preamble
    assert bytes.fromhex("41113043") in data[:4096], "not an LFE5U-85F bitstream"
