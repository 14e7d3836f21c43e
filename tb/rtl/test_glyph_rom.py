"""The glyph ROM (pokerhdl/rtl/glyph_rom.py): every row of every one of the 128 glyph codes,
one address a clock, read back a clock later against the font table (golden/font.py)."""

import random

import cocotb
import pytest
from cocotb.triggers import FallingEdge, RisingEdge, Timer

from clocked import ClockedTB
from harness import HDLS, run_block
from pokerhdl.golden.font import CODES, GLYPH_ROWS, HEIGHT


@cocotb.test()
async def every_row_of_every_glyph(dut):
    """Addresses in random order, then in order; each row must appear at the clock after its
    address, and not before (a registered read)."""
    ClockedTB(dut, 100_000_000, idle={"code": 0, "row": 0}, has_reset=False)
    addresses = [(c, r) for c in range(CODES) for r in range(HEIGHT)]
    random.Random(1).shuffle(addresses)
    addresses += [(c, r) for c in range(CODES) for r in range(HEIGHT)]
    await FallingEdge(dut.clk)
    shown = None
    for code, row in addresses:
        dut.code.value, dut.row.value = code, row
        await Timer(1, "ns")
        if shown is not None:
            assert int(dut.bits.value) == shown, "the row changed before the clock"
        await RisingEdge(dut.clk)
        await FallingEdge(dut.clk)
        shown = int(dut.bits.value)
        assert shown == GLYPH_ROWS[code][row], (code, row, shown)


@pytest.mark.parametrize("hdl", HDLS)
def test_glyph_rom(hdl):
    run_block("glyph_rom", hdl, __name__)
