// board_eval: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/board_eval.v. rank words of N players' hole cards on one board, the board summarized once, II=1.
// Copy the declarations and the instance into your module; rename the nets.

wire board_eval_clk;
wire board_eval_rst;
wire [5:0] board_eval_board0;
wire [5:0] board_eval_board1;
wire [5:0] board_eval_board2;
wire [5:0] board_eval_board3;
wire [5:0] board_eval_board4;
wire [23:0] board_eval_holes;
wire board_eval_in_valid;
wire [47:0] board_eval_words;
wire [1:0] board_eval_invalid;
wire board_eval_out_valid;

board_eval board_eval_0 (
    .clk       (board_eval_clk),  // in: the clock: every register is clocked on its rising edge
    .rst       (board_eval_rst),  // in: synchronous reset, active high
    .board0    (board_eval_board0),  // in [6]: board0..board4[6]: the board's card codes (rank << 2 | suit)
    .board1    (board_eval_board1),  // in [6]: board0..board4[6]: the board's card codes (rank << 2 | suit)
    .board2    (board_eval_board2),  // in [6]: board0..board4[6]: the board's card codes (rank << 2 | suit)
    .board3    (board_eval_board3),  // in [6]: board0..board4[6]: the board's card codes (rank << 2 | suit)
    .board4    (board_eval_board4),  // in [6]: board0..board4[6]: the board's card codes (rank << 2 | suit)
    .holes     (board_eval_holes),  // in [24]: player p's hole cards at bits 12p .. 12p+5 and 12p+6 .. 12p+11
    .in_valid  (board_eval_in_valid),  // in: the cards form a trial to rank this clock
    .words     (board_eval_words),  // out [48]: player p's rank word (docs/spec.md) at bits 24p .. 24p+23, 0 when inva
    .invalid   (board_eval_invalid),  // out [2]: bit p: a code 52..62 or NO_CARD (63) among player p's seven cards, or
    .out_valid (board_eval_out_valid)   // out: words and invalid answer the trial given LATENCY (5) clocks earlier; t
);
