// equity_lane: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/equity_lane.v. one lane of the equity engine: a Monte Carlo trial dealt, ranked and counted per clock.
// Copy the declarations and the instance into your module; rename the nets.

wire equity_lane_clk;
wire equity_lane_rst;
wire [5:0] equity_lane_n;
wire [5:0] equity_lane_mask;
wire [6:0] equity_lane_dealt;
wire [41:0] equity_lane_fixed_cards;
wire [11:0] equity_lane_hero_cards;
wire [1:0] equity_lane_active;
wire equity_lane_rem_we;
wire [5:0] equity_lane_rem_addr;
wire [5:0] equity_lane_rem_data;
wire equity_lane_load;
wire [4:0] equity_lane_load_slot;
wire [1:0] equity_lane_load_index;
wire [31:0] equity_lane_seed_word;
wire equity_lane_exact;
wire equity_lane_start;
wire [39:0] equity_lane_quota;
wire equity_lane_bonus;
wire equity_lane_done;
wire equity_lane_shift;
wire [7:0] equity_lane_chain_out;

equity_lane equity_lane_0 (
    .clk         (equity_lane_clk),  // in: the clock: every register is clocked on its rising edge
    .rst         (equity_lane_rst),  // in: synchronous reset, active high
    .n           (equity_lane_n),  // in [6]: n[6], mask[6]: the cards nobody knows and MASK_ROM[n]
    .mask        (equity_lane_mask),  // in [6]: n[6], mask[6]: the cards nobody knows and MASK_ROM[n]
    .dealt       (equity_lane_dealt),  // in [7]: bit s = slot s is dealt
    .fixed_cards (equity_lane_fixed_cards),  // in [42]: list of slots 6-bit known cards (read where a slot is not dealt)
    .hero_cards  (equity_lane_hero_cards),  // in [12]: list of the hero's two cards
    .active      (equity_lane_active),  // in [2]: the players of the run
    .rem_we      (equity_lane_rem_we),  // in: rem_we, rem_addr[6], rem_data[6]: write the table position -> card (ea
    .rem_addr    (equity_lane_rem_addr),  // in [6]: rem_we, rem_addr[6], rem_data[6]: write the table position -> card (ea
    .rem_data    (equity_lane_rem_data),  // in [6]: rem_we, rem_addr[6], rem_data[6]: write the table position -> card (ea
    .load        (equity_lane_load),  // in: load, load_slot[5], load_index[2], seed_word[32]: shift a seed word in
    .load_slot   (equity_lane_load_slot),  // in [5]: load, load_slot[5], load_index[2], seed_word[32]: shift a seed word in
    .load_index  (equity_lane_load_index),  // in [2]: load, load_slot[5], load_index[2], seed_word[32]: shift a seed word in
    .seed_word   (equity_lane_seed_word),  // in [32]: load, load_slot[5], load_index[2], seed_word[32]: shift a seed word in
    .exact       (equity_lane_exact),  // in: the run enumerates.
    .start       (equity_lane_start),  // in: start, quota[40], bonus: clear the counters and run until quota (+ 1 w
    .quota       (equity_lane_quota),  // in [40]: start, quota[40], bonus: clear the counters and run until quota (+ 1 w
    .bonus       (equity_lane_bonus),  // in: start, quota[40], bonus: clear the counters and run until quota (+ 1 w
    .done        (equity_lane_done),  // out: idle, the counts final (0 while a run is on).
    .shift       (equity_lane_shift),  // in: a pulse moves the readout chain a byte, counter after counter (chain_o
    .chain_out   (equity_lane_chain_out)   // out [8]: chain_in and chain_out[8]: its ends, the lane's trials counted, then i
);
