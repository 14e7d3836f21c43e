// eval5: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/eval5.v. rank word of 1..5 cards and the cards that make the hand, pipelined, II=1.
// Copy the declarations and the instance into your module; rename the nets.

wire eval5_clk;
wire eval5_rst;
wire [5:0] eval5_card0;
wire [5:0] eval5_card1;
wire [5:0] eval5_card2;
wire [5:0] eval5_card3;
wire [5:0] eval5_card4;
wire eval5_in_valid;
wire [23:0] eval5_word;
wire eval5_invalid;
wire [4:0] eval5_mask;
wire eval5_out_valid;

eval5 eval5_0 (
    .clk       (eval5_clk),  // in: the clock: every register is clocked on its rising edge
    .rst       (eval5_rst),  // in: synchronous reset, active high
    .card0     (eval5_card0),  // in [6]: card0..card4[6]: card codes (rank << 2 | suit); 63 = NO_CARD: an empty
    .card1     (eval5_card1),  // in [6]: card0..card4[6]: card codes (rank << 2 | suit); 63 = NO_CARD: an empty
    .card2     (eval5_card2),  // in [6]: card0..card4[6]: card codes (rank << 2 | suit); 63 = NO_CARD: an empty
    .card3     (eval5_card3),  // in [6]: card0..card4[6]: card codes (rank << 2 | suit); 63 = NO_CARD: an empty
    .card4     (eval5_card4),  // in [6]: card0..card4[6]: card codes (rank << 2 | suit); 63 = NO_CARD: an empty
    .in_valid  (eval5_in_valid),  // in: the cards form a hand to rank this clock.
    .word      (eval5_word),  // out [24]: docs/spec.md rank word {category, k0..k4}; 0 when invalid.
    .invalid   (eval5_invalid),  // out: a code 52..62, a card given twice, or no card at all.
    .mask      (eval5_mask),  // out [5]: bit i set when card i makes the hand (golden scoring_cards); 0 when in
    .out_valid (eval5_out_valid)   // out: word, invalid and mask answer the hand given LATENCY (6) clocks earlie
);
