// balatro_game: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/balatro_game.v. Balatro run controller (golden balatro.BalatroGame): moves, deck stream, view.
// Copy the declarations and the instance into your module; rename the nets.

wire balatro_game_clk;
wire balatro_game_rst;
wire balatro_game_cmd_valid;
wire balatro_game_cmd_ready;
wire [2:0] balatro_game_cmd_op;
wire [7:0] balatro_game_cmd_mask;
wire balatro_game_res_valid;
wire [2:0] balatro_game_res_code;
wire [7:0] balatro_game_selection;
wire balatro_game_deck_start;
wire [5:0] balatro_game_deck_data;
wire balatro_game_deck_valid;
wire balatro_game_deck_ready;
wire [47:0] balatro_game_view_hand;
wire [3:0] balatro_game_view_hand_len;
wire [1:0] balatro_game_view_phase;
wire [3:0] balatro_game_view_ante;
wire [1:0] balatro_game_view_blind;
wire [16:0] balatro_game_view_target;
wire [16:0] balatro_game_view_score;
wire [3:0] balatro_game_view_hands_left;
wire [3:0] balatro_game_view_discards_left;
wire [5:0] balatro_game_view_deck_left;
wire [2:0] balatro_game_view_result;
wire [3:0] balatro_game_view_last_category;
wire [7:0] balatro_game_view_last_chips;
wire [3:0] balatro_game_view_last_mult;
wire [10:0] balatro_game_view_last_score;
wire [3:0] balatro_game_view_pick_count;
wire [3:0] balatro_game_view_pick_category;
wire [7:0] balatro_game_view_pick_chips;
wire [3:0] balatro_game_view_pick_mult;

balatro_game balatro_game_0 (
    .clk                (balatro_game_clk),  // in: the clock: every register is clocked on its rising edge
    .rst                (balatro_game_rst),  // in: synchronous reset, active high
    .cmd_valid          (balatro_game_cmd_valid),  // in: Moves (golden ACT_ codes) come on cmd_valid/cmd_ready with the selecti
    .cmd_ready          (balatro_game_cmd_ready),  // out: Moves (golden ACT_ codes) come on cmd_valid/cmd_ready with the selecti
    .cmd_op             (balatro_game_cmd_op),  // in [3]: a golden ACT_ code
    .cmd_mask           (balatro_game_cmd_mask),  // in [8]: its selection
    .res_valid          (balatro_game_res_valid),  // out: Moves (golden ACT_ codes) come on cmd_valid/cmd_ready with the selecti
    .res_code           (balatro_game_res_code),  // out [3]: OK, a refusal, or BAD_OP.
    .selection          (balatro_game_selection),  // in [8]: the live selection, previewed in view.pick_*.
    .deck_start         (balatro_game_deck_start),  // out: a new deck's cards follow on deck_data[6]/deck_valid/deck_ready (AXI4-
    .deck_data          (balatro_game_deck_data),  // in [6]: cmd_op[3]: a golden ACT_ code, cmd_mask[8]: its selection; res_code[3]
    .deck_valid         (balatro_game_deck_valid),  // in: cmd_op[3]: a golden ACT_ code, cmd_mask[8]: its selection; res_code[3]
    .deck_ready         (balatro_game_deck_ready),  // out: cmd_op[3]: a golden ACT_ code, cmd_mask[8]: its selection; res_code[3]
    .view_hand          (balatro_game_view_hand),  // out [48]: BalatroView.
    .view_hand_len      (balatro_game_view_hand_len),  // out [4]: BalatroView.
    .view_phase         (balatro_game_view_phase),  // out [2]: BalatroView.
    .view_ante          (balatro_game_view_ante),  // out [4]: BalatroView.
    .view_blind         (balatro_game_view_blind),  // out [2]: BalatroView.
    .view_target        (balatro_game_view_target),  // out [17]: BalatroView.
    .view_score         (balatro_game_view_score),  // out [17]: BalatroView.
    .view_hands_left    (balatro_game_view_hands_left),  // out [4]: BalatroView.
    .view_discards_left (balatro_game_view_discards_left),  // out [4]: BalatroView.
    .view_deck_left     (balatro_game_view_deck_left),  // out [6]: BalatroView.
    .view_result        (balatro_game_view_result),  // out [3]: BalatroView.
    .view_last_category (balatro_game_view_last_category),  // out [4]: BalatroView.
    .view_last_chips    (balatro_game_view_last_chips),  // out [8]: BalatroView.
    .view_last_mult     (balatro_game_view_last_mult),  // out [4]: BalatroView.
    .view_last_score    (balatro_game_view_last_score),  // out [11]: BalatroView.
    .view_pick_count    (balatro_game_view_pick_count),  // out [4]: BalatroView.
    .view_pick_category (balatro_game_view_pick_category),  // out [4]: BalatroView.
    .view_pick_chips    (balatro_game_view_pick_chips),  // out [8]: BalatroView.
    .view_pick_mult     (balatro_game_view_pick_mult)   // out [4]: BalatroView.
);
