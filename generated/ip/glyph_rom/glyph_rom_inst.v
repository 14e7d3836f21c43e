// glyph_rom: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/glyph_rom.v. the 8x16 font's glyph rows (golden/font.py), a registered read for a block RAM.
// Copy the declarations and the instance into your module; rename the nets.

wire glyph_rom_clk;
wire [6:0] glyph_rom_code;
wire [3:0] glyph_rom_row;
wire [7:0] glyph_rom_bits;

glyph_rom glyph_rom_0 (
    .clk  (glyph_rom_clk),  // in: the clock: every register is clocked on its rising edge
    .code (glyph_rom_code),  // in [7]: the glyph (ASCII, suits 0..3)
    .row  (glyph_rom_row),  // in [4]: its row, 0 at the top
    .bits (glyph_rom_bits)   // out [8]: the row's pixels, bit 7 the leftmost, one clock later.
);
