// decimal_display: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/decimal_display.v. unsigned number in decimal on the multiplexed 7-segment display.
// Copy the declarations and the instance into your module; rename the nets.

wire decimal_display_clk;
wire decimal_display_rst;
wire [15:0] decimal_display_value;
wire [6:0] decimal_display_seg;
wire decimal_display_dp;
wire [3:0] decimal_display_an;

decimal_display decimal_display_0 (
    .clk   (decimal_display_clk),  // in: the clock: every register is clocked on its rising edge
    .rst   (decimal_display_rst),  // in: synchronous reset, active high
    .value (decimal_display_value),  // in [16]: the number
    .seg   (decimal_display_seg),  // out [7]: seg[7], dp, an[digits]: as sevenseg (active-high).
    .dp    (decimal_display_dp),  // out: seg[7], dp, an[digits]: as sevenseg (active-high).
    .an    (decimal_display_an)   // out [4]: seg[7], dp, an[digits]: as sevenseg (active-high).
);
