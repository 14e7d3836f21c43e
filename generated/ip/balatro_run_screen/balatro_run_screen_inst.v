// balatro_run_screen: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/balatro_run_screen.v. the Balatro run's table and shop on VGA from the run controller's view, 640x480.
// Copy the declarations and the instance into your module; rename the nets.

wire balatro_run_screen_clk;
wire balatro_run_screen_rst;
wire [7:0] balatro_run_screen_selection;
wire [11:0] balatro_run_screen_rgb;
wire balatro_run_screen_hsync;
wire balatro_run_screen_vsync;
wire [47:0] balatro_run_screen_view_hand;
wire [3:0] balatro_run_screen_view_hand_len;
wire [2:0] balatro_run_screen_view_phase;
wire [3:0] balatro_run_screen_view_ante;
wire [1:0] balatro_run_screen_view_blind;
wire [16:0] balatro_run_screen_view_target;
wire [33:0] balatro_run_screen_view_score;
wire [3:0] balatro_run_screen_view_hands_left;
wire [3:0] balatro_run_screen_view_discards_left;
wire [5:0] balatro_run_screen_view_deck_left;
wire [3:0] balatro_run_screen_view_result;
wire [3:0] balatro_run_screen_view_last_category;
wire [13:0] balatro_run_screen_view_last_chips;
wire [20:0] balatro_run_screen_view_last_mult;
wire [33:0] balatro_run_screen_view_last_score;
wire [3:0] balatro_run_screen_view_pick_count;
wire [3:0] balatro_run_screen_view_pick_category;
wire [13:0] balatro_run_screen_view_pick_chips;
wire [20:0] balatro_run_screen_view_pick_mult;
wire [8:0] balatro_run_screen_view_money;
wire [62:0] balatro_run_screen_view_levels;
wire [29:0] balatro_run_screen_view_jokers;
wire [34:0] balatro_run_screen_view_counters;
wire [11:0] balatro_run_screen_view_shop;
wire [7:0] balatro_run_screen_view_shop_prices;
wire [9:0] balatro_run_screen_view_reroll_price;

balatro_run_screen balatro_run_screen_0 (
    .clk                (balatro_run_screen_clk),  // in: the clock: every register is clocked on its rising edge
    .rst                (balatro_run_screen_rst),  // in: synchronous reset, active high
    .selection          (balatro_run_screen_selection),  // in [8]: the switches (raised cards).
    .rgb                (balatro_run_screen_rgb),  // out [12]: 0xRGB, black in the blanking
    .hsync              (balatro_run_screen_hsync),  // out: hsync, vsync: the pins' levels (negative pulses).
    .vsync              (balatro_run_screen_vsync),  // out: hsync, vsync: the pins' levels (negative pulses).
    .view_hand          (balatro_run_screen_view_hand),  // in [48]: the run controller's RunView
    .view_hand_len      (balatro_run_screen_view_hand_len),  // in [4]: the run controller's RunView
    .view_phase         (balatro_run_screen_view_phase),  // in [3]: the run controller's RunView
    .view_ante          (balatro_run_screen_view_ante),  // in [4]: the run controller's RunView
    .view_blind         (balatro_run_screen_view_blind),  // in [2]: the run controller's RunView
    .view_target        (balatro_run_screen_view_target),  // in [17]: the run controller's RunView
    .view_score         (balatro_run_screen_view_score),  // in [34]: the run controller's RunView
    .view_hands_left    (balatro_run_screen_view_hands_left),  // in [4]: the run controller's RunView
    .view_discards_left (balatro_run_screen_view_discards_left),  // in [4]: the run controller's RunView
    .view_deck_left     (balatro_run_screen_view_deck_left),  // in [6]: the run controller's RunView
    .view_result        (balatro_run_screen_view_result),  // in [4]: the run controller's RunView
    .view_last_category (balatro_run_screen_view_last_category),  // in [4]: the run controller's RunView
    .view_last_chips    (balatro_run_screen_view_last_chips),  // in [14]: the run controller's RunView
    .view_last_mult     (balatro_run_screen_view_last_mult),  // in [21]: the run controller's RunView
    .view_last_score    (balatro_run_screen_view_last_score),  // in [34]: the run controller's RunView
    .view_pick_count    (balatro_run_screen_view_pick_count),  // in [4]: the run controller's RunView
    .view_pick_category (balatro_run_screen_view_pick_category),  // in [4]: the run controller's RunView
    .view_pick_chips    (balatro_run_screen_view_pick_chips),  // in [14]: the run controller's RunView
    .view_pick_mult     (balatro_run_screen_view_pick_mult),  // in [21]: the run controller's RunView
    .view_money         (balatro_run_screen_view_money),  // in [9]: the run controller's RunView
    .view_levels        (balatro_run_screen_view_levels),  // in [63]: the run controller's RunView
    .view_jokers        (balatro_run_screen_view_jokers),  // in [30]: the run controller's RunView
    .view_counters      (balatro_run_screen_view_counters),  // in [35]: the run controller's RunView
    .view_shop          (balatro_run_screen_view_shop),  // in [12]: the run controller's RunView
    .view_shop_prices   (balatro_run_screen_view_shop_prices),  // in [8]: the run controller's RunView
    .view_reroll_price  (balatro_run_screen_view_reroll_price)   // in [10]: the run controller's RunView
);
