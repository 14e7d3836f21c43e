// terminal_demo: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/terminal_demo.v. the terminal engine with a minimal game (four tallies): its test top and example.
// Copy the declarations and the instance into your module; rename the nets.

wire terminal_demo_clk;
wire terminal_demo_rst;
wire terminal_demo_rxd;
wire terminal_demo_txd;
wire [15:0] terminal_demo_sw;
wire terminal_demo_btn_center;
wire terminal_demo_btn_left;
wire terminal_demo_busy;

terminal_demo terminal_demo_0 (
    .clk        (terminal_demo_clk),  // in: the clock: every register is clocked on its rising edge
    .rst        (terminal_demo_rst),  // in: synchronous reset, active high
    .rxd        (terminal_demo_rxd),  // in: The tallies game (golden terminal_demo): rxd/txd the terminal, sw[16]
    .txd        (terminal_demo_txd),  // out: The tallies game (golden terminal_demo): rxd/txd the terminal, sw[16]
    .sw         (terminal_demo_sw),  // in [16]: The tallies game (golden terminal_demo): rxd/txd the terminal, sw[16]
    .btn_center (terminal_demo_btn_center),  // in:
    .btn_left   (terminal_demo_btn_left),  // in:
    .busy       (terminal_demo_busy)   // out: The tallies game (golden terminal_demo): rxd/txd the terminal, sw[16]
);
