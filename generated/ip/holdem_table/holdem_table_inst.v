// holdem_table: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/holdem_table.v. Texas Hold'em table controller (golden holdem.Table): commands, deck stream, log, probe.
// Copy the declarations and the instance into your module; rename the nets.

wire holdem_table_clk;
wire holdem_table_rst;
wire holdem_table_cmd_valid;
wire holdem_table_cmd_ready;
wire [1:0] holdem_table_cmd_op;
wire [2:0] holdem_table_cmd_seat;
wire [2:0] holdem_table_cmd_action;
wire [10:0] holdem_table_cmd_amount;
wire holdem_table_res_valid;
wire [3:0] holdem_table_res_code;
wire [5:0] holdem_table_s_axis_tdata;
wire holdem_table_s_axis_tvalid;
wire holdem_table_s_axis_tready;
wire holdem_table_deck_request;
wire holdem_table_log_valid;
wire [2:0] holdem_table_log_seat;
wire [2:0] holdem_table_log_action;
wire [10:0] holdem_table_log_put;
wire [10:0] holdem_table_log_total;
wire holdem_table_log_allin;
wire holdem_table_hand_done;
wire holdem_table_game_over;
wire [7:0] holdem_table_probe_addr;
wire [23:0] holdem_table_probe_data;

holdem_table holdem_table_0 (
    .clk           (holdem_table_clk),  // in: the clock: every register is clocked on its rising edge
    .rst           (holdem_table_rst),  // in: synchronous reset, active high
    .cmd_valid     (holdem_table_cmd_valid),  // in: cmd_valid/cmd_ready: a command is taken when both are high (ready: idl
    .cmd_ready     (holdem_table_cmd_ready),  // out: cmd_valid/cmd_ready: a command is taken when both are high (ready: idl
    .cmd_op        (holdem_table_cmd_op),  // in [2]: 0 act, 1 deal (start_hand), 2 new game, 3 sit (golden Table.sit: cmd_s
    .cmd_seat      (holdem_table_cmd_seat),  // in [3]: cmd_valid/cmd_ready: a command is taken when both are high (ready: idl
    .cmd_action    (holdem_table_cmd_action),  // in [3]: cmd_valid/cmd_ready: a command is taken when both are high (ready: idl
    .cmd_amount    (holdem_table_cmd_amount),  // in [11]: raise-to for bet and raise.
    .res_valid     (holdem_table_res_valid),  // out: one-clock pulse per command
    .res_code      (holdem_table_res_code),  // out [4]: golden result code (0 OK, 1..13 refusals; 14 a bad deck: a code above
    .s_axis_tdata  (holdem_table_s_axis_tdata),  // in [6]: s_axis_tdata[6]/tvalid/tready: the deck during a deal, 2k+5 cards in g
    .s_axis_tvalid (holdem_table_s_axis_tvalid),  // in: s_axis_tdata[6]/tvalid/tready: the deck during a deal, 2k+5 cards in g
    .s_axis_tready (holdem_table_s_axis_tready),  // out: s_axis_tdata[6]/tvalid/tready: the deck during a deal, 2k+5 cards in g
    .deck_request  (holdem_table_deck_request),  // out: one-clock pulse when a deal starts taking cards. log_valid pulse with
    .log_valid     (holdem_table_log_valid),  // out: s_axis_tdata[6]/tvalid/tready: the deck during a deal, 2k+5 cards in g
    .log_seat      (holdem_table_log_seat),  // out [3]: s_axis_tdata[6]/tvalid/tready: the deck during a deal, 2k+5 cards in g
    .log_action    (holdem_table_log_action),  // out [3]: s_axis_tdata[6]/tvalid/tready: the deck during a deal, 2k+5 cards in g
    .log_put       (holdem_table_log_put),  // out [11]: s_axis_tdata[6]/tvalid/tready: the deck during a deal, 2k+5 cards in g
    .log_total     (holdem_table_log_total),  // out [11]: s_axis_tdata[6]/tvalid/tready: the deck during a deal, 2k+5 cards in g
    .log_allin     (holdem_table_log_allin),  // out: one per golden log entry, before the command's result.
    .hand_done     (holdem_table_hand_done),  // out: pulse when a hand has been settled
    .game_over     (holdem_table_game_over),  // out: one seat holds every chip. probe_addr[8] -> probe_data[24] one clock l
    .probe_addr    (holdem_table_probe_addr),  // in [8]: hand_done: pulse when a hand has been settled; game_over: one seat hol
    .probe_data    (holdem_table_probe_data)   // out [24]: hand_done: pulse when a hand has been settled; game_over: one seat hol
);
