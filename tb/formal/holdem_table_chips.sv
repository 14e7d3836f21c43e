// Formal wrapper of holdem_table (players=2, blinds 1/2, hand_bits=1; STACK chips a seat, a
// define of the proof). Commands (op, seat, action, amount), the deck stream and the probe
// address are free; reset only at the first clock. Two cut points (the proof's script): the
// showdown's rank words (eval7's word and invalid flag) and the deal's bad-deck verdict are
// free, so every property below holds for ANY winner of any showdown and for any deck the
// table accepts or refuses; the card datapath (eval7, the deck's one-hots) drops out.
//
// Properties (golden holdem.Table's invariants):
//   CHIPS  every clock: stack0 + stack1 + pot == 2 x STACK (so none wraps or exceeds it);
//          each seat's street bet <= what it committed this hand; during a hand (and while
//          the blinds go in) the pot is the seats' committed chips, otherwise it is 0: a
//          hand ends with the pot paid out, whenever the table is ready between hands (and
//          at hand_done) pot == 0;
//   TURN   while a hand is being bet and the table waits for (or judges) a command, the seat
//          to act is a seat (0..1), not folded, not all-in, not busted;
//   OUT    an act whose seat is not to_act is refused (REF_NOT_YOUR_TURN while betting, a
//          refusal in any case) and changes no chip, seat flag, card, turn or hand figure of
//          the table: compared on every clock from the command taken to the next one.
//
// k-induction: the properties alone are not inductive (an arbitrary state may be half way
// through a settlement with garbage in its registers), so the wrapper asserts the
// relations that hold in every reachable state and rule the garbage out (section INV):
// which steps go with which phase, the settlement's ledger at the start of each of its
// scans (contributions left + payouts so far + the pot being built == the table's pot),
// the uncalled-bet scan's result, the divider's partial quotient, the shares. The
// derived-figure pipeline and a scan's in-flight stages need no invariant: k = 8 spans a
// judged action (its chips move 7 clocks after the judge reads the figures, which settle 3
// clocks after any change) and a whole scan (4 clocks).
// The registers are formal_ taps (pokerhdl.flow.formal.expose): the ports show them one at a
// time through the registered probe.
`ifndef STACK
`define STACK 20
`endif
module holdem_table_chips (
    input clk, input rst, input cmd_valid, input [1:0] cmd_op, input [2:0] cmd_seat,
    input [2:0] cmd_action, input [W-1:0] cmd_amount, input [5:0] s_axis_tdata,
    input s_axis_tvalid, input [7:0] probe_addr);
    localparam STACK = `STACK, TOTAL = 2 * STACK, W = $clog2(TOTAL + 1), SB = 1, BB = 2;
    // golden codes
    localparam READY = 0, BETTING = 1, GAME_OVER = 2, NO_SEAT = 7, OK = 0, NOT_YOUR_TURN = 4,
               ALLIN = 5, POST_SB = 6, POST_BB = 7;
    // holdem_sequencer's steps, in order
    localparam HT_IDLE = 0, HT_JUDGE1 = 1, HT_JUDGE2 = 2, HT_JUDGE3 = 3, HT_FOLD = 4,
               HT_APPLY1 = 5, HT_APPLY2 = 6, HT_APPLY3 = 7, HT_ADVANCE = 8, HT_FINISH = 9,
               HT_SETTLING = 10, HT_PAYOUT = 11, HT_BUST = 12, HT_PHASE = 13, HT_DEAL0 = 14,
               HT_DEAL1 = 15, HT_COLLECT = 16, HT_DEAL_TAIL = 17, HT_DEAL_CHECK = 18,
               HT_COMMIT = 19, HT_BLIND = 20, HT_BLIND_NEXT = 21, HT_NEW_GAME = 22,
               HT_WAIT = 23, HT_DONE = 24, HT_SIT = 25;
    // holdem_settle's steps, in order
    localparam HS_IDLE = 0, HS_EVAL = 1, HS_REFUND = 2, HS_REFUND2 = 3, HS_LEVEL = 4,
               HS_TAKE = 5, HS_REST = 6, HS_TIE = 7, HS_DIVIDE = 8, HS_SHARE = 9;

    wire cmd_ready, res_valid, s_axis_tready, deck_request, log_valid, log_allin, hand_done,
         game_over;
    wire [3:0] res_code;
    wire [2:0] log_seat, log_action;
    wire [W-1:0] log_put, log_total;
    wire [23:0] probe_data;
    // taps: the sequencer, the chips, the hand
    wire [4:0] state, wait_next;
    wire [1:0] wait_count;
    wire [W-1:0] stack0, stack1, pot, bet0, bet1, com0, com1, faced0, faced1, current_bet,
                 min_raise, put;
    wire [5:0] b0, b1, b2, b3, b4, h00, h01, h10, h11;
    wire [1:0] folded, all_in, busted, sitting, acted, phase;
    wire [2:0] to_act, street, sb_seat, bb_seat, game_winner, log_code, action_q, seat_q;
    wire [3:0] code_q;
    wire [0:0] seat, turn_from, dealer, number;
    wire showed, first_hand, not_turn, st_start;
    // taps: the settlement
    wire [3:0] hs;
    wire [2:0] sc_left, given, ties, odd, rem;
    wire p1_valid, p2_valid, done_q, unique, live_above;
    wire [0:0] leader;
    wire [W-1:0] rest0, rest1, pay0, pay1, top, second, amount, share, share1, dividend;
    wire [23:0] word0, word1, best;
    wire [1:0] in_play, tie;
    wire [4:0] div_steps;
    holdem_table dut (.clk(clk), .rst(rst), .cmd_valid(cmd_valid), .cmd_ready(cmd_ready),
        .cmd_op(cmd_op), .cmd_seat(cmd_seat), .cmd_action(cmd_action), .cmd_amount(cmd_amount),
        .res_valid(res_valid), .res_code(res_code), .s_axis_tdata(s_axis_tdata),
        .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(s_axis_tready),
        .deck_request(deck_request), .log_valid(log_valid), .log_seat(log_seat),
        .log_action(log_action), .log_put(log_put), .log_total(log_total),
        .log_allin(log_allin), .hand_done(hand_done), .game_over(game_over),
        .probe_addr(probe_addr), .probe_data(probe_data),
        .formal_state(state), .formal_wait_next(wait_next), .formal_wait_count(wait_count),
        .formal_chips_stacks_0(stack0), .formal_chips_stacks_1(stack1), .formal_chips_pot(pot),
        .formal_chips_street_bet_0(bet0), .formal_chips_street_bet_1(bet1),
        .formal_chips_committed_0(com0), .formal_chips_committed_1(com1),
        .formal_chips_faced_0(faced0), .formal_chips_faced_1(faced1),
        .formal_chips_current_bet(current_bet), .formal_chips_min_raise(min_raise),
        .formal_chips_folded(folded), .formal_chips_all_in(all_in),
        .formal_chips_busted(busted), .formal_chips_sitting(sitting), .formal_chips_acted(acted), .formal_put(put),
        .formal_hand_to_act(to_act), .formal_hand_seat(seat),
        .formal_hand_turn_from(turn_from), .formal_hand_street(street),
        .formal_hand_phase(phase), .formal_hand_dealer(dealer), .formal_hand_number(number),
        .formal_hand_sb_seat(sb_seat), .formal_hand_bb_seat(bb_seat),
        .formal_hand_first_hand(first_hand), .formal_hand_game_winner(game_winner),
        .formal_hand_showed(showed), .formal_hand_st_start(st_start),
        .formal_hand_board_0(b0), .formal_hand_board_1(b1), .formal_hand_board_2(b2),
        .formal_hand_board_3(b3), .formal_hand_board_4(b4),
        .formal_hand_hole0_0(h00), .formal_hand_hole0_1(h01),
        .formal_hand_hole1_0(h10), .formal_hand_hole1_1(h11),
        .formal_action_log_code(log_code), .formal_command_action_q(action_q),
        .formal_command_code_q(code_q), .formal_seat_q(seat_q), .formal_not_turn(not_turn),
        .formal_holdem_settle0_state(hs), .formal_holdem_settle0_sc_left(sc_left),
        .formal_holdem_settle0_p1_valid(p1_valid), .formal_holdem_settle0_p2_valid(p2_valid),
        .formal_holdem_settle0_given(given), .formal_holdem_settle0_done_q(done_q),
        .formal_holdem_settle0_pots_rest_0(rest0), .formal_holdem_settle0_pots_rest_1(rest1),
        .formal_payout_0(pay0), .formal_payout_1(pay1),
        .formal_words_0(word0), .formal_words_1(word1),
        .formal_holdem_settle0_pots_top(top), .formal_holdem_settle0_pots_second(second),
        .formal_holdem_settle0_pots_leader(leader), .formal_holdem_settle0_pots_unique(unique),
        .formal_holdem_settle0_pots_in_play(in_play),
        .formal_holdem_settle0_pots_amount(amount),
        .formal_holdem_settle0_pots_live_above(live_above),
        .formal_holdem_settle0_shares_best(best), .formal_holdem_settle0_shares_tie(tie),
        .formal_holdem_settle0_shares_ties(ties),
        .formal_holdem_settle0_shares_div_steps(div_steps),
        .formal_holdem_settle0_shares_share(share),
        .formal_holdem_settle0_shares_share1(share1),
        .formal_holdem_settle0_shares_odd(odd),
        .formal_holdem_settle0_dividend(dividend), .formal_holdem_settle0_rem(rem));

    // the assumptions: a reset at the first clock, none after (a reset mid-game would be a
    // new table, not a move of chips); every other input is free
    initial assume (rst);
    always @(posedge clk) if (!$initstate) assume (!rst);

    // ---------------------------------------------------------------- figures
    // sums wide enough never to wrap (in an arbitrary state of the induction too)
    wire [W+3:0] chips = stack0 + stack1 + pot;
    wire [W+3:0] committed = com0 + com1;
    wire [W+3:0] rests = rest0 + rest1, paid = pay0 + pay1;
    wire [W-1:0] seat_stack = seat ? stack1 : stack0;
    // after the payout, until the phase is read: the pot is empty, the hand's figures stay
    wire post_payout = state == HT_BUST || state == HT_PHASE ||
                       (state == HT_WAIT && wait_next == HT_PHASE);
    // the blinds of a deal going in (the phase turns to betting with the big blind)
    wire blinds = phase == READY && (state == HT_BLIND || state == HT_APPLY1 ||
                  state == HT_APPLY2 || state == HT_BLIND_NEXT ||
                  (state == HT_WAIT && wait_next == HT_BLIND));
    wire hand_on = (phase == BETTING && !post_payout) || blinds;
    // the steps of a hand (never between hands) and of a deal (never during one)
    wire hand_step = state == HT_FOLD || state == HT_APPLY3 || state == HT_ADVANCE ||
                     state == HT_FINISH || state == HT_SETTLING || state == HT_PAYOUT ||
                     state == HT_BUST || state == HT_PHASE ||
                     (state == HT_WAIT && (wait_next == HT_ADVANCE || wait_next == HT_PHASE));
    wire deal_step = (state >= HT_DEAL0 && state <= HT_COMMIT) || state == HT_BLIND ||
                     state == HT_BLIND_NEXT || (state == HT_WAIT && wait_next == HT_BLIND);
    wire waits_for_command = state == HT_IDLE || state == HT_JUDGE1 || state == HT_JUDGE2 ||
                             state == HT_JUDGE3 || state == HT_DONE ||
                             (state == HT_WAIT && wait_next == HT_DONE);

    // ---------------------------------------------------------------- out of turn (shadow)
    localparam TABLE_BITS = 11 * W + 9 * 6 + 5 * 2 + 5 * 3 + 6;
    wire [TABLE_BITS-1:0] table = {stack0, stack1, pot, current_bet, min_raise, bet0, bet1,
        com0, com1, faced0, faced1, b0, b1, b2, b3, b4, h00, h01, h10, h11, folded, all_in,
        busted, acted, phase, to_act, street, sb_seat, bb_seat, game_winner, seat, turn_from,
        dealer, number, showed, first_hand};
    reg [TABLE_BITS-1:0] before = 0;
    reg pending = 0, was_betting = 0;
    reg [2:0] pending_seat = 0;
    wire take = cmd_valid && cmd_ready;
    always @(posedge clk) begin
        if (rst) begin
            pending <= 0;
        end else if (take) begin
            pending <= cmd_op == 0 && cmd_seat != to_act;
            pending_seat <= cmd_seat;
            was_betting <= phase == BETTING;
            before <= table;
        end
    end

    always @(*) if (!rst) begin
        // ------------------------------------------------------------ CHIPS
        assert (chips == TOTAL);
        assert (bet0 <= com0 && bet1 <= com1);
        if (hand_on) assert (pot == committed);
        else assert (pot == 0);
        if (cmd_ready && phase != BETTING) assert (pot == 0);
        if (hand_done) assert (pot == 0);
        // ------------------------------------------------------------ TURN
        if (waits_for_command && phase == BETTING) begin
            assert (to_act < 2);
            assert (!folded[to_act[0]] && !all_in[to_act[0]] && !busted[to_act[0]]);
            assert (folded == 0);       // INV: two seats left in the hand (a fold ends it)
        end
        // ------------------------------------------------------------ OUT
        if (pending) begin
            assert (table == before);
            assert (waits_for_command && state != HT_WAIT);
            if (state >= HT_JUDGE1 && state <= HT_JUDGE3)
                assert (seat_q == pending_seat && seat_q != to_act &&
                        (phase == BETTING) == was_betting);
            if (state == HT_JUDGE2) assert (not_turn);
            if (state == HT_JUDGE3 || state == HT_DONE) begin
                assert (code_q != OK);
                if (was_betting) assert (code_q == NOT_YOUR_TURN);
            end
            if (res_valid) begin
                assert (res_code != OK);
                if (was_betting) assert (res_code == NOT_YOUR_TURN);
            end
        end

        // ------------------------------------------------------------ INV: the table
        assert (state <= HT_SIT && phase <= GAME_OVER && wait_count <= 2);
        if (state == HT_WAIT) assert (wait_next == HT_ADVANCE || wait_next == HT_DONE ||
                                      wait_next == HT_PHASE || wait_next == HT_BLIND);
        assert (to_act < 2 || to_act == NO_SEAT);
        assert (folded != 2'b11);                 // someone is always left in a hand
        // a deal is taken only with both seats dealt in, and nobody sits out during it
        if (state >= HT_DEAL0 && state <= HT_COMMIT) assert (sitting == 0);
        if (phase == READY) assert (busted == 0); // two seats left: the game goes on
        if (phase == BETTING && !post_payout) assert ((busted & ~folded) == 0);
        if (hand_step) assert (phase == BETTING);
        if (deal_step) assert (phase == READY);
        if (state == HT_APPLY1 || state == HT_APPLY2)
            assert ((phase == READY) == (log_code == POST_SB || log_code == POST_BB));
        if (state == HT_JUDGE3 && code_q == OK) assert (phase == BETTING && action_q <= ALLIN);
        // ------------------------------------------------------------ INV: the settlement
        assert (hs <= HS_SHARE && sc_left <= 2);
        if (hs != HS_IDLE || st_start || done_q) assert (state == HT_SETTLING);
        if (state == HT_SETTLING)
            assert ((hs != HS_IDLE) + st_start + done_q == 1);
        if (hs == HS_IDLE) assert (sc_left == 0 && !p1_valid && !p2_valid);
        if (sc_left == 2) assert (!p1_valid && !p2_valid);     // a scan's first clock
        if (hs == HS_EVAL || hs == HS_REFUND2 || hs == HS_DIVIDE)   // no scan
            assert (sc_left == 0 && !p1_valid && !p2_valid);
        if (hs == HS_EVAL || hs == HS_REFUND || hs == HS_REFUND2)
            assert (rest0 == com0 && rest1 == com1 && pay0 == 0 && pay1 == 0);
        if (hs == HS_REFUND && sc_left == 2) assert (top == 0 && second == 0 && !unique);
        if (hs == HS_REFUND2) begin
            // the uncalled bet: the larger contribution's excess over the other
            assert (unique == (rest0 != rest1));
            assert (top == (rest0 > rest1 ? rest0 : rest1));
            if (unique) assert ((leader ? rest1 : rest0) == top &&
                                second == (rest0 > rest1 ? rest1 : rest0));
        end
        // the ledger: contributions left + payouts so far (+ the pot being built) == pot
        if (hs == HS_LEVEL) assert (rests + paid == pot);
        if ((hs >= HS_TAKE && hs <= HS_DIVIDE && sc_left == 2) || hs == HS_DIVIDE ||
            (hs == HS_SHARE && sc_left == 2))
            assert (rests + paid + amount == pot);
        // a live seat still has chips in whenever any seat has (so the last level leaves none)
        if (hs == HS_LEVEL || hs >= HS_TIE)
            assert (rests == 0 || (!folded[0] && rest0 != 0) || (!folded[1] && rest1 != 0));
        if (hs == HS_TAKE && sc_left == 2)
            assert (amount == 0 && best == 0 && !live_above && in_play != 0 &&
                    (in_play & folded) == 0);
        if ((hs == HS_TIE && sc_left == 2) || hs == HS_DIVIDE || hs == HS_SHARE) begin
            assert (in_play != 0 && (in_play & folded) == 0);
            // the best word among the seats in this pot
            assert (best == (in_play == 2'b11 ? (word0 > word1 ? word0 : word1) :
                             in_play[0] ? word0 : word1));
        end
        if (hs == HS_TIE && sc_left == 2) assert (tie == 0 && ties == 0);
        if (hs == HS_DIVIDE || hs == HS_SHARE) begin
            assert (ties == tie[0] + tie[1] && ties != 0 && (tie & ~in_play) == 0);
            assert (tie[0] ? word0 == best : 1'b1);
            assert (tie[1] ? word1 == best : 1'b1);
        end
        if (hs == HS_DIVIDE) begin
            // the restoring divider after W - div_steps quotient bits: the low div_steps bits
            // of amount are still to go at the top of dividend, the quotient so far below
            assert (div_steps <= W);
            assert ((dividend >> (W - div_steps)) == (amount & ((1 << div_steps) - 1)));
            assert ((dividend & ((1 << (W - div_steps)) - 1)) == (amount >> div_steps) / ties);
            assert (rem == (amount >> div_steps) % ties);
        end
        if (hs == HS_SHARE && sc_left == 2)
            // share1 (one odd chip more) goes to the first `odd` winners: none for one
            assert (share * ties + odd == amount && odd < ties && given == 0 &&
                    (odd == 0 || share1 == share + 1));
        if (done_q || state == HT_PAYOUT) assert (rests == 0 && paid == pot);
    end

    // witnesses (sby mode cover): a hand dealt (ready at step 39), an action taken (44), a
    // hand paid out (not reached by step 67: BMC from reset is no way to this proof)
    reg dealt = 0, acted_once = 0;
    always @(posedge clk) if (!rst) begin
        if (state == HT_BLIND_NEXT && log_code == POST_BB) dealt <= 1;
        if (take && cmd_op == 0 && phase == BETTING && cmd_seat == to_act) acted_once <= 1;
    end
    always @(posedge clk) if (!$initstate && !rst) begin
        cover (cmd_ready && phase == BETTING);
        cover (cmd_ready && acted_once && phase == BETTING);
        cover (hand_done && dealt);
    end
endmodule
