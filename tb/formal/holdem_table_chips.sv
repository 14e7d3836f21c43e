// Formal wrapper of holdem_table (players=2, stack=20, blinds 1/2, hand_bits=1: a short game
// whose chip figures are 6 bits). Commands (op, seat, action, amount), the deck stream (any
// 6-bit codes, any gaps: a bad deck is refused, code 13, and changes nothing) and the probe
// address are free; reset only at the first clock. Properties, whenever the table is ready
// for a command (golden holdem.Table's invariants):
//   chips conserved: stack0 + stack1 + pot == 2 x stack (the bets are in the pot already:
//     an action moves `put` from the seat's stack to the pot and its bets), none over it;
//     during a hand's betting the pot is the seats' committed chips, and each seat's bet this
//     street is part of what it committed;
//   a seat out of turn: an act (op 0) whose seat is not to_act is refused (REF_NOT_YOUR_TURN
//     when a hand is being bet) and leaves every chip, seat flag, card and turn figure of the
//     table as it was (compared when the table is ready again).
// BETS enables the betting checks, TURN the out-of-turn ones (the proof defines both; without
// them the chips' conservation is checked alone).
// The registers are formal_ taps (pokerhdl.flow.formal.expose): the ports show them one at a
// time through the registered probe.
module holdem_table_chips (
    input clk, input rst, input cmd_valid, input [1:0] cmd_op, input [2:0] cmd_seat,
    input [2:0] cmd_action, input [5:0] cmd_amount, input [5:0] s_axis_tdata,
    input s_axis_tvalid, input [7:0] probe_addr);
    localparam STACK = 20, TOTAL = 2 * STACK, NOT_YOUR_TURN = 4, BETTING = 1;
    wire cmd_ready, res_valid, s_axis_tready, deck_request, log_valid, log_allin, hand_done,
         game_over;
    wire [3:0] res_code;
    wire [2:0] log_seat, log_action;
    wire [5:0] log_put, log_total;
    wire [23:0] probe_data;
    wire [5:0] stack0, stack1, pot, bet0, bet1, com0, com1, faced0, faced1, current_bet,
               min_raise, b0, b1, b2, b3, b4, h00, h01, h10, h11;
    wire [1:0] folded, all_in, busted, acted, phase;
    wire [2:0] to_act, street;
    wire [0:0] dealer, number;
    holdem_table dut (.clk(clk), .rst(rst), .cmd_valid(cmd_valid), .cmd_ready(cmd_ready),
        .cmd_op(cmd_op), .cmd_seat(cmd_seat), .cmd_action(cmd_action), .cmd_amount(cmd_amount),
        .res_valid(res_valid), .res_code(res_code), .s_axis_tdata(s_axis_tdata),
        .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(s_axis_tready),
        .deck_request(deck_request), .log_valid(log_valid), .log_seat(log_seat),
        .log_action(log_action), .log_put(log_put), .log_total(log_total),
        .log_allin(log_allin), .hand_done(hand_done), .game_over(game_over),
        .probe_addr(probe_addr), .probe_data(probe_data),
        .formal_chips_stacks_0(stack0), .formal_chips_stacks_1(stack1), .formal_chips_pot(pot),
        .formal_chips_street_bet_0(bet0), .formal_chips_street_bet_1(bet1),
        .formal_chips_committed_0(com0), .formal_chips_committed_1(com1),
        .formal_chips_faced_0(faced0), .formal_chips_faced_1(faced1),
        .formal_chips_current_bet(current_bet), .formal_chips_min_raise(min_raise),
        .formal_chips_folded(folded), .formal_chips_all_in(all_in),
        .formal_chips_busted(busted), .formal_chips_acted(acted),
        .formal_hand_to_act(to_act), .formal_hand_street(street), .formal_hand_phase(phase),
        .formal_hand_dealer(dealer), .formal_hand_number(number),
        .formal_hand_board_0(b0), .formal_hand_board_1(b1), .formal_hand_board_2(b2),
        .formal_hand_board_3(b3), .formal_hand_board_4(b4),
        .formal_hand_hole0_0(h00), .formal_hand_hole0_1(h01),
        .formal_hand_hole1_0(h10), .formal_hand_hole1_1(h11));

    initial assume (rst);
    always @(posedge clk) if (!$initstate) assume (!rst);

    // every figure an out-of-turn command must leave as it was
    wire [6 * 20 + 2 * 4 + 2 * 3 + 2 + 2 - 1:0] table = {stack0, stack1, pot, bet0, bet1, com0,
        com1, faced0, faced1, current_bet, min_raise, b0, b1, b2, b3, b4, h00, h01, h10, h11,
        folded, all_in, busted, acted, to_act, street, phase, dealer, number};
    reg [137:0] before = 0;
    reg pending = 0, was_betting = 0, answered = 0;
    wire take = cmd_valid && cmd_ready;
    always @(posedge clk) begin
        if (rst) begin
            pending <= 0;
        end else if (take) begin
            pending <= cmd_op == 0 && {1'b0, cmd_seat} != {1'b0, to_act};
            was_betting <= phase == BETTING;
            answered <= 0;
            before <= table;
        end else if (res_valid) begin
            answered <= 1;
        end
    end

    always @(posedge clk) if (!$initstate && !rst) begin
        if (cmd_ready) begin
            assert ({1'b0, stack0} + {1'b0, stack1} + {1'b0, pot} == TOTAL);
            assert (stack0 <= TOTAL && stack1 <= TOTAL && pot <= TOTAL);
`ifdef BETS
            if (phase == BETTING) begin
                assert ({1'b0, com0} + {1'b0, com1} == {1'b0, pot});
                assert (bet0 <= com0 && bet1 <= com1);
            end
`endif
`ifdef TURN
            if (pending) assert (table == before);
`endif
        end
`ifdef TURN
        if (pending && res_valid && was_betting) assert (res_code == NOT_YOUR_TURN);
`endif
    end
    // the depth's witnesses (sby mode cover): a hand dealt (blinds in) and an action taken,
    // then a command out of turn refused and the table ready again
    reg acted_once = 0;
    always @(posedge clk) if (!rst && take && cmd_op == 0 && phase == BETTING &&
                              cmd_seat == to_act) acted_once <= 1;
    always @(posedge clk) if (!$initstate && !rst) begin
        cover (cmd_ready && phase == BETTING);
        cover (cmd_ready && acted_once && phase == BETTING);
        cover (cmd_ready && pending && was_betting && answered);
    end
endmodule
