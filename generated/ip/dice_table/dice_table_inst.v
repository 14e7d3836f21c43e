// dice_table: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/dice_table.v. 7 up 7 down table controller (golden dice.DiceGame): commands, dice in, window.
// Copy the declarations and the instance into your module; rename the nets.

wire dice_table_clk;
wire dice_table_rst;
wire dice_table_cmd_valid;
wire dice_table_cmd_ready;
wire [1:0] dice_table_cmd_op;
wire [7:0] dice_table_cmd_amount;
wire dice_table_cmd_up;
wire dice_table_dice_request;
wire [5:0] dice_table_dice_data;
wire dice_table_dice_valid;
wire dice_table_dice_ready;
wire dice_table_res_valid;
wire [2:0] dice_table_res_code;
wire [4:0] dice_table_probe_addr;
wire [10:0] dice_table_probe_data;
wire [2:0] dice_table_view;
wire [10:0] dice_table_view_data;
wire [1:0] dice_table_phase;
wire dice_table_bidder;
wire [1:0] dice_table_ups;
wire [1:0] dice_table_winner;

dice_table dice_table_0 (
    .clk          (dice_table_clk),  // in: the clock: every register is clocked on its rising edge
    .rst          (dice_table_rst),  // in: synchronous reset, active high
    .cmd_valid    (dice_table_cmd_valid),  // in: cmd_valid/cmd_ready, cmd_op[2], cmd_amount[8], cmd_up: a command.
    .cmd_ready    (dice_table_cmd_ready),  // out: cmd_valid/cmd_ready, cmd_op[2], cmd_amount[8], cmd_up: a command.
    .cmd_op       (dice_table_cmd_op),  // in [2]: cmd_valid/cmd_ready, cmd_op[2], cmd_amount[8], cmd_up: a command.
    .cmd_amount   (dice_table_cmd_amount),  // in [8]: cmd_valid/cmd_ready, cmd_op[2], cmd_amount[8], cmd_up: a command.
    .cmd_up       (dice_table_cmd_up),  // in: cmd_valid/cmd_ready, cmd_op[2], cmd_amount[8], cmd_up: a command.
    .dice_request (dice_table_dice_request),  // out: a one-clock pulse when an accepted throw wants dice; dice_data = {die
    .dice_data    (dice_table_dice_data),  // in [6]: dice_request: a one-clock pulse when an accepted throw wants dice; dic
    .dice_valid   (dice_table_dice_valid),  // in: dice_request: a one-clock pulse when an accepted throw wants dice; dic
    .dice_ready   (dice_table_dice_ready),  // out: dice_request: a one-clock pulse when an accepted throw wants dice; dic
    .res_valid    (dice_table_res_valid),  // out: res_valid, res_code[3]: the answer to each command, a one-clock pulse.
    .res_code     (dice_table_res_code),  // out [3]: res_valid, res_code[3]: the answer to each command, a one-clock pulse.
    .probe_addr   (dice_table_probe_addr),  // in [5]: the window, one clock later.
    .probe_data   (dice_table_probe_data),  // out [11]: the window, one clock later.
    .view         (dice_table_view),  // in [3]: figure ``view`` of contract VIEWS (P1's purse, P2's, the pool, P1's bi
    .view_data    (dice_table_view_data),  // out [11]: figure ``view`` of contract VIEWS (P1's purse, P2's, the pool, P1's bi
    .phase        (dice_table_phase),  // out [2]: view[3] -> view_data: figure ``view`` of contract VIEWS (P1's purse, P
    .bidder       (dice_table_bidder),  // out: view[3] -> view_data: figure ``view`` of contract VIEWS (P1's purse, P
    .ups          (dice_table_ups),  // out [2]: view[3] -> view_data: figure ``view`` of contract VIEWS (P1's purse, P
    .winner       (dice_table_winner)   // out [2]: for the panel.
);
