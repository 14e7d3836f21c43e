// por: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/por.v. power-on reset from register initial values, plus a synchronised external reset.
// Copy the declarations and the instance into your module; rename the nets.

wire por_clk;
wire por_rst_in;
wire por_rst;

por por_0 (
    .clk    (por_clk),  // in: the clock: every register is clocked on its rising edge
    .rst_in (por_rst_in),  // in: external reset, active-high, asynchronous (the board layer inverts the
    .rst    (por_rst)   // out: high at the first ``cycles`` rising clock edges after configuration, a
);
