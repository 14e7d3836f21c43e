// balatro_screen: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/balatro_screen.v. the Balatro table on VGA from the controller's view (no frame buffer), 640x480.
// Copy the declarations and the instance into your module; rename the nets.

wire balatro_screen_clk;
wire balatro_screen_rst;
wire [7:0] balatro_screen_selection;
wire [11:0] balatro_screen_rgb;
wire balatro_screen_hsync;
wire balatro_screen_vsync;
wire [47:0] balatro_screen_view_hand;
wire [3:0] balatro_screen_view_hand_len;
wire [1:0] balatro_screen_view_phase;
wire [3:0] balatro_screen_view_ante;
wire [1:0] balatro_screen_view_blind;
wire [16:0] balatro_screen_view_target;
wire [16:0] balatro_screen_view_score;
wire [3:0] balatro_screen_view_hands_left;
wire [3:0] balatro_screen_view_discards_left;
wire [5:0] balatro_screen_view_deck_left;
wire [2:0] balatro_screen_view_result;
wire [3:0] balatro_screen_view_last_category;
wire [7:0] balatro_screen_view_last_chips;
wire [3:0] balatro_screen_view_last_mult;
wire [10:0] balatro_screen_view_last_score;
wire [3:0] balatro_screen_view_pick_count;
wire [3:0] balatro_screen_view_pick_category;
wire [7:0] balatro_screen_view_pick_chips;
wire [3:0] balatro_screen_view_pick_mult;

balatro_screen balatro_screen_0 (
    .clk                (balatro_screen_clk),  // in: the clock: every register is clocked on its rising edge
    .rst                (balatro_screen_rst),  // in: synchronous reset, active high
    .selection          (balatro_screen_selection),  // in [8]: the switches (raised cards).
    .rgb                (balatro_screen_rgb),  // out [12]: 0xRGB, black in the blanking
    .hsync              (balatro_screen_hsync),  // out: hsync, vsync: the pins' levels (negative pulses).
    .vsync              (balatro_screen_vsync),  // out: hsync, vsync: the pins' levels (negative pulses).
    .view_hand          (balatro_screen_view_hand),  // in [48]: the controller's BalatroView
    .view_hand_len      (balatro_screen_view_hand_len),  // in [4]: the controller's BalatroView
    .view_phase         (balatro_screen_view_phase),  // in [2]: the controller's BalatroView
    .view_ante          (balatro_screen_view_ante),  // in [4]: the controller's BalatroView
    .view_blind         (balatro_screen_view_blind),  // in [2]: the controller's BalatroView
    .view_target        (balatro_screen_view_target),  // in [17]: the controller's BalatroView
    .view_score         (balatro_screen_view_score),  // in [17]: the controller's BalatroView
    .view_hands_left    (balatro_screen_view_hands_left),  // in [4]: the controller's BalatroView
    .view_discards_left (balatro_screen_view_discards_left),  // in [4]: the controller's BalatroView
    .view_deck_left     (balatro_screen_view_deck_left),  // in [6]: the controller's BalatroView
    .view_result        (balatro_screen_view_result),  // in [3]: the controller's BalatroView
    .view_last_category (balatro_screen_view_last_category),  // in [4]: the controller's BalatroView
    .view_last_chips    (balatro_screen_view_last_chips),  // in [8]: the controller's BalatroView
    .view_last_mult     (balatro_screen_view_last_mult),  // in [4]: the controller's BalatroView
    .view_last_score    (balatro_screen_view_last_score),  // in [11]: the controller's BalatroView
    .view_pick_count    (balatro_screen_view_pick_count),  // in [4]: the controller's BalatroView
    .view_pick_category (balatro_screen_view_pick_category),  // in [4]: the controller's BalatroView
    .view_pick_chips    (balatro_screen_view_pick_chips),  // in [8]: the controller's BalatroView
    .view_pick_mult     (balatro_screen_view_pick_mult)   // in [4]: the controller's BalatroView
);
