// holdem_console: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/holdem_console.v. Hold'em table with its UART terminal and panel interface (deck stream in).
// Copy the declarations and the instance into your module; rename the nets.

wire holdem_console_clk;
wire holdem_console_rst;
wire holdem_console_rxd;
wire holdem_console_txd;
wire [15:0] holdem_console_sw;
wire holdem_console_btn_act;
wire holdem_console_btn_up;
wire holdem_console_btn_down;
wire holdem_console_btn_reveal;
wire holdem_console_btn_deal;
wire [5:0] holdem_console_s_axis_tdata;
wire holdem_console_s_axis_tvalid;
wire holdem_console_s_axis_tready;
wire holdem_console_deck_request;
wire [7:0] holdem_console_probe_addr;
wire [23:0] holdem_console_probe_data;
wire [15:0] holdem_console_led;
wire [10:0] holdem_console_disp_value;
wire holdem_console_busy;
wire holdem_console_key_event;
wire holdem_console_hand_done;
wire holdem_console_game_over;

holdem_console holdem_console_0 (
    .clk           (holdem_console_clk),  // in: the clock: every register is clocked on its rising edge
    .rst           (holdem_console_rst),  // in: synchronous reset, active high
    .rxd           (holdem_console_rxd),  // in: rxd/txd, sw, btn_*, led, disp_value, busy, key_event: as holdem_ui.
    .txd           (holdem_console_txd),  // out: rxd/txd, sw, btn_*, led, disp_value, busy, key_event: as holdem_ui.
    .sw            (holdem_console_sw),  // in [16]: rxd/txd, sw, btn_*, led, disp_value, busy, key_event: as holdem_ui.
    .btn_act       (holdem_console_btn_act),  // in: rxd/txd, sw, btn_*, led, disp_value, busy, key_event: as holdem_ui.
    .btn_up        (holdem_console_btn_up),  // in: rxd/txd, sw, btn_*, led, disp_value, busy, key_event: as holdem_ui.
    .btn_down      (holdem_console_btn_down),  // in: rxd/txd, sw, btn_*, led, disp_value, busy, key_event: as holdem_ui.
    .btn_reveal    (holdem_console_btn_reveal),  // in: rxd/txd, sw, btn_*, led, disp_value, busy, key_event: as holdem_ui.
    .btn_deal      (holdem_console_btn_deal),  // in: rxd/txd, sw, btn_*, led, disp_value, busy, key_event: as holdem_ui.
    .s_axis_tdata  (holdem_console_s_axis_tdata),  // in [6]: s_axis_*, deck_request, hand_done, game_over: as holdem_table (a shuff
    .s_axis_tvalid (holdem_console_s_axis_tvalid),  // in: s_axis_*, deck_request, hand_done, game_over: as holdem_table (a shuff
    .s_axis_tready (holdem_console_s_axis_tready),  // out: s_axis_*, deck_request, hand_done, game_over: as holdem_table (a shuff
    .deck_request  (holdem_console_deck_request),  // out: s_axis_*, deck_request, hand_done, game_over: as holdem_table (a shuff
    .probe_addr    (holdem_console_probe_addr),  // in [8]: the table's probe window, one clock later, valid while busy is low (th
    .probe_data    (holdem_console_probe_data),  // out [24]: the table's probe window, one clock later, valid while busy is low (th
    .led           (holdem_console_led),  // out [16]: rxd/txd, sw, btn_*, led, disp_value, busy, key_event: as holdem_ui.
    .disp_value    (holdem_console_disp_value),  // out [11]: rxd/txd, sw, btn_*, led, disp_value, busy, key_event: as holdem_ui.
    .busy          (holdem_console_busy),  // out: rxd/txd, sw, btn_*, led, disp_value, busy, key_event: as holdem_ui.
    .key_event     (holdem_console_key_event),  // out: rxd/txd, sw, btn_*, led, disp_value, busy, key_event: as holdem_ui.
    .hand_done     (holdem_console_hand_done),  // out: s_axis_*, deck_request, hand_done, game_over: as holdem_table (a shuff
    .game_over     (holdem_console_game_over)   // out: s_axis_*, deck_request, hand_done, game_over: as holdem_table (a shuff
);
