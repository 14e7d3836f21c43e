// debounce: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/debounce.v. button/switch synchroniser, debouncer and one-clock press pulse.
// Copy the declarations and the instance into your module; rename the nets.

wire debounce_clk;
wire debounce_rst;
wire [0:0] debounce_din;
wire [0:0] debounce_level;
wire [0:0] debounce_pulse;

debounce debounce_0 (
    .clk   (debounce_clk),  // in: the clock: every register is clocked on its rising edge
    .rst   (debounce_rst),  // in: synchronous reset, active high
    .din   (debounce_din),  // in [1]: raw inputs (asynchronous, bouncing), active-high (the board layer inve
    .level (debounce_level),  // out [1]: debounced levels: each follows its input once the input has held a new
    .pulse (debounce_pulse)   // out [1]: a one-clock pulse as a level rises (one per press, none on release).
);
