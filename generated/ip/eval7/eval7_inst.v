// eval7: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/eval7.v. rank word of the best five of up to 7 cards, pipelined, II=1.
// Copy the declarations and the instance into your module; rename the nets.

wire eval7_clk;
wire eval7_rst;
wire [5:0] eval7_card0;
wire [5:0] eval7_card1;
wire [5:0] eval7_card2;
wire [5:0] eval7_card3;
wire [5:0] eval7_card4;
wire [5:0] eval7_card5;
wire [5:0] eval7_card6;
wire eval7_in_valid;
wire [23:0] eval7_word;
wire eval7_invalid;
wire eval7_out_valid;

eval7 eval7_0 (
    .clk       (eval7_clk),  // in: the clock: every register is clocked on its rising edge
    .rst       (eval7_rst),  // in: synchronous reset, active high
    .card0     (eval7_card0),  // in [6]: card0..card6[6]: card codes (rank << 2 | suit); 63 = NO_CARD, an empty
    .card1     (eval7_card1),  // in [6]: card0..card6[6]: card codes (rank << 2 | suit); 63 = NO_CARD, an empty
    .card2     (eval7_card2),  // in [6]: card0..card6[6]: card codes (rank << 2 | suit); 63 = NO_CARD, an empty
    .card3     (eval7_card3),  // in [6]: card0..card6[6]: card codes (rank << 2 | suit); 63 = NO_CARD, an empty
    .card4     (eval7_card4),  // in [6]: card0..card6[6]: card codes (rank << 2 | suit); 63 = NO_CARD, an empty
    .card5     (eval7_card5),  // in [6]: card0..card6[6]: card codes (rank << 2 | suit); 63 = NO_CARD, an empty
    .card6     (eval7_card6),  // in [6]: card0..card6[6]: card codes (rank << 2 | suit); 63 = NO_CARD, an empty
    .in_valid  (eval7_in_valid),  // in: the cards form a hand to rank this clock.
    .word      (eval7_word),  // out [24]: docs/spec.md rank word {category, k0..k4}; 0 when invalid.
    .invalid   (eval7_invalid),  // out: a code 52..62, a card given twice, or no card at all.
    .out_valid (eval7_out_valid)   // out: word and invalid answer the hand given LATENCY (6) clocks earlier.
);
