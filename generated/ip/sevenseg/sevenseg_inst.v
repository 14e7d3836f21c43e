// sevenseg: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/sevenseg.v. multiplexed 7-segment driver, glyph per digit in, active-high seg/dp/an out.
// Copy the declarations and the instance into your module; rename the nets.

wire sevenseg_clk;
wire sevenseg_rst;
wire [27:0] sevenseg_glyphs;
wire [3:0] sevenseg_dots;
wire [6:0] sevenseg_seg;
wire sevenseg_dp;
wire [3:0] sevenseg_an;

sevenseg sevenseg_0 (
    .clk    (sevenseg_clk),  // in: the clock: every register is clocked on its rising edge
    .rst    (sevenseg_rst),  // in: synchronous reset, active high
    .glyphs (sevenseg_glyphs),  // in [28]: glyphs[7 * digits]: digit i's glyph in bits 7i+6..7i (bit 0 = segment
    .dots   (sevenseg_dots),  // in [4]: decimal point of each digit.
    .seg    (sevenseg_seg),  // out [7]: seg[7], dp: segments of the selected digit
    .dp     (sevenseg_dp),  // out: seg[7], dp: segments of the selected digit
    .an     (sevenseg_an)   // out [4]: the selected digit (one-hot). All active-high; the board layer inverts
);
