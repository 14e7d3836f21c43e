// balatro_run: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/balatro_run.v. Balatro run controller with progression (golden balatro_run.BalatroRun): moves, shop, money, levels, jokers; deck and generator streams, view.
// Copy the declarations and the instance into your module; rename the nets.

wire balatro_run_clk;
wire balatro_run_rst;
wire balatro_run_cmd_valid;
wire balatro_run_cmd_ready;
wire [3:0] balatro_run_cmd_op;
wire [7:0] balatro_run_cmd_mask;
wire balatro_run_res_valid;
wire [3:0] balatro_run_res_code;
wire [7:0] balatro_run_selection;
wire balatro_run_deck_start;
wire [5:0] balatro_run_deck_data;
wire balatro_run_deck_valid;
wire balatro_run_deck_ready;
wire [31:0] balatro_run_rng_word;
wire balatro_run_rng_valid;
wire balatro_run_rng_ready;
wire [47:0] balatro_run_view_hand;
wire [3:0] balatro_run_view_hand_len;
wire [2:0] balatro_run_view_phase;
wire [3:0] balatro_run_view_ante;
wire [1:0] balatro_run_view_blind;
wire [16:0] balatro_run_view_target;
wire [33:0] balatro_run_view_score;
wire [3:0] balatro_run_view_hands_left;
wire [3:0] balatro_run_view_discards_left;
wire [5:0] balatro_run_view_deck_left;
wire [3:0] balatro_run_view_result;
wire [3:0] balatro_run_view_last_category;
wire [13:0] balatro_run_view_last_chips;
wire [20:0] balatro_run_view_last_mult;
wire [33:0] balatro_run_view_last_score;
wire [3:0] balatro_run_view_pick_count;
wire [3:0] balatro_run_view_pick_category;
wire [13:0] balatro_run_view_pick_chips;
wire [20:0] balatro_run_view_pick_mult;
wire [8:0] balatro_run_view_money;
wire [62:0] balatro_run_view_levels;
wire [29:0] balatro_run_view_jokers;
wire [2:0] balatro_run_view_joker_count;
wire [34:0] balatro_run_view_counters;
wire [8:0] balatro_run_view_played;
wire [11:0] balatro_run_view_shop;
wire [7:0] balatro_run_view_shop_prices;
wire [9:0] balatro_run_view_reroll_price;
wire [2:0] balatro_run_view_payout_reward;
wire [3:0] balatro_run_view_payout_hands;
wire [2:0] balatro_run_view_payout_interest;

balatro_run balatro_run_0 (
    .clk                  (balatro_run_clk),  // in: the clock: every register is clocked on its rising edge
    .rst                  (balatro_run_rst),  // in: synchronous reset, active high
    .cmd_valid            (balatro_run_cmd_valid),  // in: Moves (golden ACT_ codes: the base game's, then buy, sell, move, rerol
    .cmd_ready            (balatro_run_cmd_ready),  // out: Moves (golden ACT_ codes: the base game's, then buy, sell, move, rerol
    .cmd_op               (balatro_run_cmd_op),  // in [4]: a golden ACT_ code
    .cmd_mask             (balatro_run_cmd_mask),  // in [8]: its selection
    .res_valid            (balatro_run_res_valid),  // out: Moves (golden ACT_ codes: the base game's, then buy, sell, move, rerol
    .res_code             (balatro_run_res_code),  // out [4]: OK, a refusal, or RUN_BAD_OP.
    .selection            (balatro_run_selection),  // in [8]: the live selection, previewed in view.pick_*.
    .deck_start           (balatro_run_deck_start),  // out: a new deck's cards follow on deck_data[6]/deck_valid/deck_ready; rng_w
    .deck_data            (balatro_run_deck_data),  // in [6]: cmd_op[4]: a golden ACT_ code, cmd_mask[8]: its selection; res_code[4]
    .deck_valid           (balatro_run_deck_valid),  // in: cmd_op[4]: a golden ACT_ code, cmd_mask[8]: its selection; res_code[4]
    .deck_ready           (balatro_run_deck_ready),  // out: cmd_op[4]: a golden ACT_ code, cmd_mask[8]: its selection; res_code[4]
    .rng_word             (balatro_run_rng_word),  // in [32]: cmd_op[4]: a golden ACT_ code, cmd_mask[8]: its selection; res_code[4]
    .rng_valid            (balatro_run_rng_valid),  // in: cmd_op[4]: a golden ACT_ code, cmd_mask[8]: its selection; res_code[4]
    .rng_ready            (balatro_run_rng_ready),  // out: the generator's words for the shop (AXI4-Stream style).
    .view_hand            (balatro_run_view_hand),  // out [48]: RunView.
    .view_hand_len        (balatro_run_view_hand_len),  // out [4]: RunView.
    .view_phase           (balatro_run_view_phase),  // out [3]: RunView.
    .view_ante            (balatro_run_view_ante),  // out [4]: RunView.
    .view_blind           (balatro_run_view_blind),  // out [2]: RunView.
    .view_target          (balatro_run_view_target),  // out [17]: RunView.
    .view_score           (balatro_run_view_score),  // out [34]: RunView.
    .view_hands_left      (balatro_run_view_hands_left),  // out [4]: RunView.
    .view_discards_left   (balatro_run_view_discards_left),  // out [4]: RunView.
    .view_deck_left       (balatro_run_view_deck_left),  // out [6]: RunView.
    .view_result          (balatro_run_view_result),  // out [4]: RunView.
    .view_last_category   (balatro_run_view_last_category),  // out [4]: RunView.
    .view_last_chips      (balatro_run_view_last_chips),  // out [14]: RunView.
    .view_last_mult       (balatro_run_view_last_mult),  // out [21]: RunView.
    .view_last_score      (balatro_run_view_last_score),  // out [34]: RunView.
    .view_pick_count      (balatro_run_view_pick_count),  // out [4]: RunView.
    .view_pick_category   (balatro_run_view_pick_category),  // out [4]: RunView.
    .view_pick_chips      (balatro_run_view_pick_chips),  // out [14]: RunView.
    .view_pick_mult       (balatro_run_view_pick_mult),  // out [21]: RunView.
    .view_money           (balatro_run_view_money),  // out [9]: RunView.
    .view_levels          (balatro_run_view_levels),  // out [63]: RunView.
    .view_jokers          (balatro_run_view_jokers),  // out [30]: RunView.
    .view_joker_count     (balatro_run_view_joker_count),  // out [3]: RunView.
    .view_counters        (balatro_run_view_counters),  // out [35]: RunView.
    .view_played          (balatro_run_view_played),  // out [9]: RunView.
    .view_shop            (balatro_run_view_shop),  // out [12]: RunView.
    .view_shop_prices     (balatro_run_view_shop_prices),  // out [8]: RunView.
    .view_reroll_price    (balatro_run_view_reroll_price),  // out [10]: RunView.
    .view_payout_reward   (balatro_run_view_payout_reward),  // out [3]: RunView.
    .view_payout_hands    (balatro_run_view_payout_hands),  // out [4]: RunView.
    .view_payout_interest (balatro_run_view_payout_interest)   // out [3]: RunView.
);
