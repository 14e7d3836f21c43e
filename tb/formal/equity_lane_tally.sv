// Formal wrapper of equity_lane (opponents=1: the hero and one opponent). Property (the lane's
// counts, lane.py and lane_tally.py): whenever the lane is `done` (its docstring: "idle, the
// counts final"), a trial is won by one player alone or tied by both, at most once: each
// player's losses, trials - wins - ties, are never negative, and wins0 + wins1 + ties <=
// trials. A heads-up lane counts the trials, each player's wins and the ties (both players
// tie together; the engine makes each player's ties and units from the one count). Between a
// start and done the counts are not consistent (the counters' feeds are a clock apart, the
// chunk carries are registered), so done is where they are checked. The counters (lowest
// chunk first) are formal_ taps of the internal tally registers (pokerhdl.flow.formal.expose):
// the ports show them only a byte at a time through the readout chain.
//
// The showdown's winners and the dealer's last_ok (a trial whole or void) are cut points (the
// proof's script): free every clock, so the counts are checked for any outcome of any trial,
// and the streams, the compares and board_eval's datapath drop out of the model; the trial's
// token and valid flags (a trial started to its showdown: 31 clocks) are the lane's own. Every
// other input is free, except: the reset is held the first two clocks (the lane registers its reset:
// it "leaves reset a clock after rst_in"), exact (the run's setting, which "stays put
// through a run") is held from a start to done, and shift, a readout, only while done (it
// moves the counters themselves: the counts are checked from done until the first shift).
module equity_lane_tally (
    input clk, input rst, input [5:0] n, input [5:0] mask, input [6:0] dealt,
    input [41:0] fixed_cards, input [11:0] hero_cards, input [1:0] active, input rem_we,
    input [5:0] rem_addr, input [5:0] rem_data, input load, input [4:0] load_slot,
    input [1:0] load_index, input [31:0] seed_word, input exact, input start,
    input [39:0] quota, input bonus, input shift);
    wire done;
    wire [7:0] chain_out;
    wire [7:0] t0, t1, t2, t3, t4, w0a, w0b, w0c, w0d, w0e, w1a, w1b, w1c, w1d, w1e,
               ia, ib, ic, id, ie;
    equity_lane dut (.clk(clk), .rst(rst), .n(n), .mask(mask), .dealt(dealt),
        .fixed_cards(fixed_cards), .hero_cards(hero_cards), .active(active), .rem_we(rem_we),
        .rem_addr(rem_addr), .rem_data(rem_data), .load(load), .load_slot(load_slot),
        .load_index(load_index), .seed_word(seed_word), .exact(exact), .start(start),
        .quota(quota), .bonus(bonus), .done(done), .shift(shift), .chain_out(chain_out),
        .formal_equity_lane0_tally0_chunked_counter1_lowest(t0),
        .formal_equity_lane0_tally0_chunked_counter1_counter_chunk6_value(t1),
        .formal_equity_lane0_tally0_chunked_counter1_counter_chunk7_value(t2),
        .formal_equity_lane0_tally0_chunked_counter1_counter_chunk8_value(t3),
        .formal_equity_lane0_tally0_chunked_counter1_counter_chunk9_value(t4),
        .formal_equity_lane0_tally1_chunked_counter2_lowest(w0a),
        .formal_equity_lane0_tally1_chunked_counter2_counter_chunk11_value(w0b),
        .formal_equity_lane0_tally1_chunked_counter2_counter_chunk12_value(w0c),
        .formal_equity_lane0_tally1_chunked_counter2_counter_chunk13_value(w0d),
        .formal_equity_lane0_tally1_chunked_counter2_counter_chunk14_value(w0e),
        .formal_equity_lane0_tally2_chunked_counter3_lowest(w1a),
        .formal_equity_lane0_tally2_chunked_counter3_counter_chunk16_value(w1b),
        .formal_equity_lane0_tally2_chunked_counter3_counter_chunk17_value(w1c),
        .formal_equity_lane0_tally2_chunked_counter3_counter_chunk18_value(w1d),
        .formal_equity_lane0_tally2_chunked_counter3_counter_chunk19_value(w1e),
        .formal_equity_lane0_tally3_chunked_counter4_lowest(ia),
        .formal_equity_lane0_tally3_chunked_counter4_counter_chunk21_value(ib),
        .formal_equity_lane0_tally3_chunked_counter4_counter_chunk22_value(ic),
        .formal_equity_lane0_tally3_chunked_counter4_counter_chunk23_value(id),
        .formal_equity_lane0_tally3_chunked_counter4_counter_chunk24_value(ie));
    wire [39:0] trials = {t4, t3, t2, t1, t0};
    wire [39:0] wins0 = {w0e, w0d, w0c, w0b, w0a}, wins1 = {w1e, w1d, w1c, w1b, w1a};
    wire [39:0] ties = {ie, id, ic, ib, ia};

    reg [1:0] age = 0;                           // clocks since the first (reset) one
    always @(posedge clk) if (age != 3) age <= age + 1;
    always @(*) if (age < 2) assume (rst); else assume (!rst);
    always @(*) if (shift) assume (done);
    // a readout (shift) moves the counters' bytes along the chain: the counts are checked
    // from done until the first shift after it
    reg read = 0;
    always @(posedge clk) if (start) read <= 0; else if (shift) read <= 1;

    // a run counted (the depth's witness, sby mode cover): done again after a start
    reg ran = 0, sampled = 0;
    always @(posedge clk) if (age >= 2 && start) begin
        ran <= 1;
        sampled <= !exact;
    end
    // the run's setting stays put through a run (the docstring): exact (the counting rule)
    always @(*) if (ran && !done && !start) assume (exact == !sampled);

    always @(posedge clk) if (age >= 3 && done && !read && !shift) begin
        assert ({1'b0, wins0} + {1'b0, ties} <= {1'b0, trials});
        assert ({1'b0, wins1} + {1'b0, ties} <= {1'b0, trials});
        assert ({2'b0, wins0} + {2'b0, wins1} + {2'b0, ties} <= {2'b0, trials});
    end
    always @(posedge clk) if (age >= 3) begin
        cover (done && ran && !sampled && trials != 0);     // an exact run
        cover (done && ran && sampled && trials != 0);      // a Monte Carlo run
    end
endmodule
