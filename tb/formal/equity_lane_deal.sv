// Formal wrapper of equity_lane (opponents=1: seven card slots, the board's five and the
// opponent's two). Property (the dealer, lane.py): every trial that leaves the dealer whole
// (last_tok and last_ok: the only trials the lookup passes on to be ranked and counted) has,
// in each slot the run deals, a position below n, the count of cards nobody knows, and no two
// dealt slots share a position; a slot the run does not deal carries no position (NO_POSITION,
// 63), so its card is its known one. The lookup turns a position p into remaining[p], and the
// engine writes remaining[0 .. n-1] with the n cards no one holds or shows, once each and in
// code order (rtl/equity/setup.py, card_scanner): so no trial deals a card twice, nor a card
// that was given (the hero's, a known board card's or a known opponent card's).
//
// Cut points (the proof's script): each slot's stream words, each slot's odometer digit (after
// its delay line), the lane's issue (a trial starts) and its fresh flag (an exact deal the
// odometer repeats): free every clock, so the property holds for every sequence of random
// words, every enumeration order and any issue timing, Monte Carlo or exact. n and dealt, the
// run's setting, are constant (a run keeps them; the engine sets them between runs); every
// other input is free, reset included.
//
// Proved by k-induction: the assertions after "invariants" make it inductive. Each stage s's
// copy of n (n_q, handed down from the lane's own register) is N or, before the lane first
// took its setting, 0; a trial that is whole after stage s has its positions right for slots
// 0 .. s, and so has one in each of the stage's first two clocks (t_, a_) for slots 0 .. s-1.
module equity_lane_deal (
    input clk, input rst, input [5:0] n, input [5:0] mask, input [6:0] dealt,
    input [41:0] fixed_cards, input [11:0] hero_cards, input [1:0] active, input rem_we,
    input [5:0] rem_addr, input [5:0] rem_data, input load, input [4:0] load_slot,
    input [1:0] load_index, input [31:0] seed_word, input exact, input start,
    input [39:0] quota, input bonus, input shift);
    localparam SLOTS = 7, NO_POSITION = 6'd63;
    wire done;
    wire [7:0] chain_out;
    wire last_tok, last_ok;
    wire [41:0] last;
    wire [5:0] lane_n;
    wire [6:0] ok_out;
    wire [6:1] t_ok, a_ok;
    wire [6*7-1:0] n_q;
    wire [6+12+18+24+30+36+42-1:0] pos_out;   // stage s: 6 (s + 1) bits at 3 s (s + 1)
    wire [6+12+18+24+30+36-1:0] t_pos, a_pos; // stage s >= 1: 6 s bits at 3 s (s - 1)
    equity_lane dut (.clk(clk), .rst(rst), .n(n), .mask(mask), .dealt(dealt),
        .fixed_cards(fixed_cards), .hero_cards(hero_cards), .active(active), .rem_we(rem_we),
        .rem_addr(rem_addr), .rem_data(rem_data), .load(load), .load_slot(load_slot),
        .load_index(load_index), .seed_word(seed_word), .exact(exact), .start(start),
        .quota(quota), .bonus(bonus), .done(done), .shift(shift), .chain_out(chain_out),
        .formal_equity_lane0_last_tok(last_tok), .formal_equity_lane0_last_ok(last_ok),
        .formal_equity_lane0_last(last), .formal_equity_lane0_lane_n(lane_n),
        .formal_equity_lane0_deal_stage0_ok_out(ok_out[0]), .formal_equity_lane0_deal_stage0_pos_out(pos_out[0 +: 6]),
        .formal_equity_lane0_deal_stage0_n_q(n_q[0 +: 6]),
        .formal_equity_lane0_deal_stage1_ok_out(ok_out[1]), .formal_equity_lane0_deal_stage1_pos_out(pos_out[6 +: 12]),
        .formal_equity_lane0_deal_stage1_n_q(n_q[6 +: 6]),
        .formal_equity_lane0_deal_stage1_t_ok(t_ok[1]), .formal_equity_lane0_deal_stage1_a_ok(a_ok[1]),
        .formal_equity_lane0_deal_stage1_t_pos(t_pos[0 +: 6]), .formal_equity_lane0_deal_stage1_a_pos(a_pos[0 +: 6]),
        .formal_equity_lane0_deal_stage2_ok_out(ok_out[2]), .formal_equity_lane0_deal_stage2_pos_out(pos_out[18 +: 18]),
        .formal_equity_lane0_deal_stage2_n_q(n_q[12 +: 6]),
        .formal_equity_lane0_deal_stage2_t_ok(t_ok[2]), .formal_equity_lane0_deal_stage2_a_ok(a_ok[2]),
        .formal_equity_lane0_deal_stage2_t_pos(t_pos[6 +: 12]), .formal_equity_lane0_deal_stage2_a_pos(a_pos[6 +: 12]),
        .formal_equity_lane0_deal_stage3_ok_out(ok_out[3]), .formal_equity_lane0_deal_stage3_pos_out(pos_out[36 +: 24]),
        .formal_equity_lane0_deal_stage3_n_q(n_q[18 +: 6]),
        .formal_equity_lane0_deal_stage3_t_ok(t_ok[3]), .formal_equity_lane0_deal_stage3_a_ok(a_ok[3]),
        .formal_equity_lane0_deal_stage3_t_pos(t_pos[18 +: 18]), .formal_equity_lane0_deal_stage3_a_pos(a_pos[18 +: 18]),
        .formal_equity_lane0_deal_stage4_ok_out(ok_out[4]), .formal_equity_lane0_deal_stage4_pos_out(pos_out[60 +: 30]),
        .formal_equity_lane0_deal_stage4_n_q(n_q[24 +: 6]),
        .formal_equity_lane0_deal_stage4_t_ok(t_ok[4]), .formal_equity_lane0_deal_stage4_a_ok(a_ok[4]),
        .formal_equity_lane0_deal_stage4_t_pos(t_pos[36 +: 24]), .formal_equity_lane0_deal_stage4_a_pos(a_pos[36 +: 24]),
        .formal_equity_lane0_deal_stage5_ok_out(ok_out[5]), .formal_equity_lane0_deal_stage5_pos_out(pos_out[90 +: 36]),
        .formal_equity_lane0_deal_stage5_n_q(n_q[30 +: 6]),
        .formal_equity_lane0_deal_stage5_t_ok(t_ok[5]), .formal_equity_lane0_deal_stage5_a_ok(a_ok[5]),
        .formal_equity_lane0_deal_stage5_t_pos(t_pos[60 +: 30]), .formal_equity_lane0_deal_stage5_a_pos(a_pos[60 +: 30]),
        .formal_equity_lane0_deal_stage6_n_q(n_q[36 +: 6]),
        .formal_equity_lane0_deal_stage6_t_ok(t_ok[6]), .formal_equity_lane0_deal_stage6_a_ok(a_ok[6]),
        .formal_equity_lane0_deal_stage6_t_pos(t_pos[90 +: 36]), .formal_equity_lane0_deal_stage6_a_pos(a_pos[90 +: 36]));

    // the last stage's trial is the dealer's
    assign ok_out[6] = last_ok;
    assign pos_out[126 +: 42] = last;

    // the run's setting: any N and D, the same on every clock
    (* anyconst *) reg [5:0] N;
    (* anyconst *) reg [6:0] D;
    always @(*) assume (n == N && dealt == D);

    // from power-up (the registers arbitrary): the reset in the first two clocks (the lane
    // registers it, so its flags are clear from clock 2 on) and the setting taken in the first
    // (a load or a start: the engine loads every lane before a run); `since` counts the clocks
    reg [4:0] since = 0;
    always @(posedge clk) if (since != 31) since <= since + 1;
    always @(*) if (since <= 1) assume (rst);
    always @(*) if (since == 0) assume (load || start);

    // positions p[0 .. k-1] (6 bits each, slot 0 lowest) right for slots 0 .. k-1: a dealt
    // slot's below N and unlike every other dealt slot's, an undealt slot's NO_POSITION
    function right(input [41:0] p, input integer k);
        integer a, b;
        begin
            right = 1;
            for (a = 0; a < SLOTS; a = a + 1)
                if (a < k) begin
                    if (D[a]) begin
                        if (p[6*a +: 6] >= N) right = 0;
                        for (b = 0; b < a; b = b + 1)
                            if (D[b] && p[6*a +: 6] == p[6*b +: 6]) right = 0;
                    end else if (p[6*a +: 6] != NO_POSITION) right = 0;
                end
        end
    endfunction

    // the property: a whole trial leaving the dealer
    always @(*) if (since >= 2 && last_tok && last_ok) assert (right(last, SLOTS));

    // --- invariants (strengthening for the induction) ---
    // the setting reaches stage s's copy s + 2 clocks after the load; a trial (a fresh flag
    // taken by stage 0 from clock 3 on) is in stage s's three clocks 3 s + 1 .. 3 s + 3 clocks
    // after it, so its positions are judged against the stage's copy of N
    always @(*) if (since >= 1) assert (lane_n == N);
    genvar s;
    generate for (s = 0; s < SLOTS; s = s + 1) begin : stage
        localparam LO = 3 * s * (s + 1), PLO = 3 * s * (s - 1);
        always @(*) if (since >= 2) begin
            if (since >= s + 2) assert (n_q[6*s +: 6] == N);
            if (since < 3 * s + 5) assert (!ok_out[s]);
            if (ok_out[s]) assert (right(pos_out[LO +: 6*(s+1)], s + 1));
        end
        if (s > 0) begin : earlier
            always @(*) if (since >= 2) begin
                if (since < 3 * s + 3) assert (!t_ok[s]);
                if (since < 3 * s + 4) assert (!a_ok[s]);
                if (t_ok[s]) assert (right(t_pos[PLO +: 6*s], s));
                if (a_ok[s]) assert (right(a_pos[PLO +: 6*s], s));
            end
        end
    end endgenerate

    // the depth's witness (sby mode cover): a whole trial of seven dealt slots
    always @(*) cover (last_tok && last_ok && D == 7'h7f && N == 45);
endmodule
