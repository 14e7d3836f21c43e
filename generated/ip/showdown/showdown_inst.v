// showdown: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/showdown.v. best rank word of 2..10 active players and the mask of tied winners, pipelined.
// Copy the declarations and the instance into your module; rename the nets.

wire showdown_clk;
wire showdown_rst;
wire showdown_in_valid;
wire [3:0] showdown_active;
wire [23:0] showdown_best;
wire [3:0] showdown_winners;
wire showdown_out_valid;
wire [23:0] showdown_word0;
wire [23:0] showdown_word1;
wire [23:0] showdown_word2;
wire [23:0] showdown_word3;

showdown showdown_0 (
    .clk       (showdown_clk),  // in: the clock: every register is clocked on its rising edge
    .rst       (showdown_rst),  // in: synchronous reset, active high
    .in_valid  (showdown_in_valid),  // in: a showdown is presented.
    .active    (showdown_active),  // in [4]: bit i = player i is in.
    .best      (showdown_best),  // out [24]: the highest word among active players, 0 if none is active.
    .winners   (showdown_winners),  // out [4]: bit i = player i is active and holds best.
    .out_valid (showdown_out_valid),  // out: best and winners answer the showdown presented 4 clocks earlier; they
    .word0     (showdown_word0),  // in [24]: word0..word{N-1}[24]: the players' rank words (docs/spec.md)
    .word1     (showdown_word1),  // in [24]: word0..word{N-1}[24]: the players' rank words (docs/spec.md)
    .word2     (showdown_word2),  // in [24]: word0..word{N-1}[24]: the players' rank words (docs/spec.md)
    .word3     (showdown_word3)   // in [24]: word0..word{N-1}[24]: the players' rank words (docs/spec.md)
);
