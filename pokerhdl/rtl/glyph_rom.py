"""The font's glyph ROM (pokerhdl/golden/font.py): the 8 pixels of one row of one glyph, a
clock after its address, so that Vivado can place the 128 x 16 rows in a block RAM (a
registered read with no reset). The VGA renderer reads it once a pixel period; the golden
renderer draws from the same table, so their frames can be compared pixel for pixel.

The table is an array with initial values, not a case statement: a simulator indexes it in one
step, where Icarus walks a 2,048-way case at every read (22 s per 420,000 reads, a frame);
Vivado and Yosys infer the ROM from it alike. So a top that holds it converts with initial
values (pokerhdl/flow/tops.py)."""

from myhdl import block, always_seq, always_comb, concat, Signal, intbv

from ..golden.font import CODES, GLYPH_ROWS, HEIGHT

FONT_ROM = tuple(GLYPH_ROWS[code][row] for code in range(CODES) for row in range(HEIGHT))


def rom_signals(values, width):
    """A ROM as a never-written array of initialised signals (a fresh list per instance)."""
    return [Signal(intbv(v)[width:]) for v in values]


@block
def glyph_rom(clk, code, row, bits):
    """code[7]: the glyph (ASCII, suits 0..3); row[4]: its row, 0 at the top; bits[8]: the
    row's pixels, bit 7 the leftmost, one clock later."""
    addr = Signal(intbv(0)[11:])
    glyphs = rom_signals(FONT_ROM, len(bits))

    @always_comb
    def address():
        addr.next = concat(code, row)

    @always_seq(clk.posedge, reset=None)
    def read():
        bits.next = glyphs[addr]

    return address, read


def glyph_rom_top():
    return glyph_rom(clk=Signal(bool(0)), code=Signal(intbv(0)[7:]), row=Signal(intbv(0)[4:]),
                     bits=Signal(intbv(0)[8:]))
