// Formal wrapper of shuffler (pokerhdl/rtl/shuffler). Property: one shuffle deals each card
// code at most once and nothing else: every card taken from the stream (tvalid and tready) is
// below 52, not excluded by the mask taken with the start, and not dealt before in the same
// shuffle; the card taken with tlast is the min(K, cards not excluded)-th, and done comes
// with exactly that many dealt (so K = 52 and no exclusion deal every code once).
//
// The rng's word is a cut point (the proof's script): a free 32-bit word every clock, so
// every sequence of draws, rejections included, is covered, for any seed and entropy. start,
// count, exclude and the stream's tready are free every clock; the reset is held in the first
// clock only. The shadow state is the request the shuffler takes (start while the sequencer
// is idle): the mask E and K latched then, the cards taken since (a bitmap) and their count.
//
// Proved by k-induction: the assertions after "invariants" make the property inductive. They
// say what the deck memory holds (the card at position p is mem[p] if placed[p], else p):
// * compaction: the excluded positions not yet filled (the lo set's register, the one-hot and
//   the index stage) and the filled ones (placed) split the mask; the available positions not
//   yet taken from the back (the hi set) and the cards written at the filled ones split the
//   available cards; filled positions all lie below the unfilled excluded ones and below every
//   card taken from the back, which lie above the available positions left; the filled
//   positions hold distinct cards; the untaken available and the filled positions count the
//   available cards. So when the pair found crosses (lo above hi, or one set empty), the
//   positions below n = max(hi + 1, last filled + 1) hold each available card once, n of them.
// * deal: positions s .. n-1, s the next position to swap (the oldest draw in the pipeline:
//   swap stage, address stage, then the draw), hold distinct cards, each available, not
//   taken and not the one in the output register; the draw counters and the pipeline's
//   indices agree (offsets below n - i), the cards taken plus the one in the output register
//   are s, and tlast is set on the register exactly when s = min(K, n).
//
// Two runs (pokerhdl/flow/formal.py: shuffler_deal with FROM_DEAL, shuffler_setup with
// FROM_OTHER) split the clocks: each asserts every property and invariant on its own clocks
// (those after a DEAL step; those after an IDLE, COMPACT or SETUP step) and assumes them on
// the other's. Each run proves a clock from the clocks before it and that clock's own
// assumptions only, so together they are one induction over time; split so, each run is a
// few times quicker than one run that asserts everything. The lemmas (below) are the other
// way round: asserted on every clock by FROM_OTHER, assumed a clock later by both.
//
// CHECK: asserted on the clocks this run proves, assumed on the others
`define CHECK(e) if (checked) assert (e); else assume (e)
module shuffler_deal (
    input clk, input rst, input start, input [5:0] count, input [51:0] exclude,
    input tready, input [127:0] seed, input seed_load, input [31:0] entropy,
    input entropy_valid);
    localparam IDLE = 2'd0, COMPACT = 2'd1, SETUP = 2'd2, DEAL = 2'd3;
    wire busy, done, error, tvalid, tlast;
    wire [5:0] tdata;
    wire [1:0] state;
    wire [5:0] card_i, card_j, wanted, n, lo, hi, lo_end, hi_end, filled_end, m_range, pos, left, i_a, off_q,
               j_pos, i_pos;
    wire looked, found, drawing, a_valid, a_last, j_valid, j_last;
    wire [51:0] lo_1h, hi_1h, vec0, vec1;
    wire [12:0] any0, any1;
    wire [63:0] placed;
    wire [52*6-1:0] mem;                         // mem[0..51], 6 bits each
    shuffler dut (.clk(clk), .rst(rst), .start(start), .count(count), .exclude(exclude),
        .busy(busy), .done(done), .error(error), .m_axis_tdata(tdata), .m_axis_tvalid(tvalid),
        .m_axis_tready(tready), .m_axis_tlast(tlast), .seed(seed), .seed_load(seed_load),
        .entropy(entropy), .entropy_valid(entropy_valid),
        .formal_state(state), .formal_wanted(wanted), .formal_compaction_n_cards(n),
        .formal_compaction_lo(lo), .formal_compaction_hi(hi), .formal_compaction_looked(looked),
        .formal_found(found), .formal_lo_1h(lo_1h), .formal_hi_1h(hi_1h),
        .formal_lo_end(lo_end), .formal_hi_end(hi_end), .formal_filled_end(filled_end),
        .formal_lowest_ones0_vec(vec0), .formal_lowest_ones0_group_any(any0),
        .formal_lowest_ones1_vec(vec1), .formal_lowest_ones1_group_any(any1),
        .formal_m_range(m_range), .formal_draw_pos(pos), .formal_draw_left(left),
        .formal_draw_drawing(drawing), .formal_a_valid(a_valid), .formal_a_last(a_last),
        .formal_i_a(i_a), .formal_off_q(off_q), .formal_deal_j_valid(j_valid),
        .formal_deal_j_pos(j_pos), .formal_deal_i_pos(i_pos), .formal_j_last(j_last),
        .formal_placed(placed), .formal_deck_card_i(card_i),
        .formal_deck_card_j(card_j),
        .formal_mem_0(mem[0+:6]), .formal_mem_1(mem[6+:6]), .formal_mem_2(mem[12+:6]),
        .formal_mem_3(mem[18+:6]), .formal_mem_4(mem[24+:6]), .formal_mem_5(mem[30+:6]),
        .formal_mem_6(mem[36+:6]), .formal_mem_7(mem[42+:6]), .formal_mem_8(mem[48+:6]),
        .formal_mem_9(mem[54+:6]), .formal_mem_10(mem[60+:6]), .formal_mem_11(mem[66+:6]),
        .formal_mem_12(mem[72+:6]), .formal_mem_13(mem[78+:6]), .formal_mem_14(mem[84+:6]),
        .formal_mem_15(mem[90+:6]), .formal_mem_16(mem[96+:6]), .formal_mem_17(mem[102+:6]),
        .formal_mem_18(mem[108+:6]), .formal_mem_19(mem[114+:6]), .formal_mem_20(mem[120+:6]),
        .formal_mem_21(mem[126+:6]), .formal_mem_22(mem[132+:6]), .formal_mem_23(mem[138+:6]),
        .formal_mem_24(mem[144+:6]), .formal_mem_25(mem[150+:6]), .formal_mem_26(mem[156+:6]),
        .formal_mem_27(mem[162+:6]), .formal_mem_28(mem[168+:6]), .formal_mem_29(mem[174+:6]),
        .formal_mem_30(mem[180+:6]), .formal_mem_31(mem[186+:6]), .formal_mem_32(mem[192+:6]),
        .formal_mem_33(mem[198+:6]), .formal_mem_34(mem[204+:6]), .formal_mem_35(mem[210+:6]),
        .formal_mem_36(mem[216+:6]), .formal_mem_37(mem[222+:6]), .formal_mem_38(mem[228+:6]),
        .formal_mem_39(mem[234+:6]), .formal_mem_40(mem[240+:6]), .formal_mem_41(mem[246+:6]),
        .formal_mem_42(mem[252+:6]), .formal_mem_43(mem[258+:6]), .formal_mem_44(mem[264+:6]),
        .formal_mem_45(mem[270+:6]), .formal_mem_46(mem[276+:6]), .formal_mem_47(mem[282+:6]),
        .formal_mem_48(mem[288+:6]), .formal_mem_49(mem[294+:6]), .formal_mem_50(mem[300+:6]),
        .formal_mem_51(mem[306+:6]));

    function [51:0] rev(input [51:0] x);         // the hi set's bit q is position 51 - q
        integer i;
        for (i = 0; i < 52; i = i + 1) rev[i] = x[51 - i];
    endfunction
    function [51:0] below(input [51:0] x);       // the positions below x's lowest (all: none)
        below = (x & (~x + 52'd1)) - 52'd1;
    endfunction
    function [51:0] upto(input [5:0] p);         // positions 0 .. p (p < 52)
        upto = (52'd2 << p) - 52'd1;
    endfunction

    // the reset: in the first clock (the registers are arbitrary before it), else free (so the
    // induction also covers the first clock after a reset; the checks skip reset clocks)
    initial assume (rst);

    // any one card code c0 (fixed, chosen by the solver): what is proved of c0 holds for each
    // of the 52, and per card the invariants compare with a constant instead of pairing 52
    // positions with each other
    (* anyconst *) reg [5:0] c0;
    always @(*) assume (c0 < 52);

    // the shadow of the shuffle taken: its mask and K, the number of cards taken, whether c0
    // is excluded and whether it was taken (c0's bit of the mask and of a bitmap of the cards
    // taken: the rest of the bitmap is never read)
    reg [51:0] excl = 0;
    reg [5:0] want = 0, taken = 0;
    reg excl0 = 0, dealt0 = 0;
    always @(posedge clk)
        if (rst) begin
            excl <= 0; want <= 0; taken <= 0; excl0 <= 0; dealt0 <= 0;
        end else if (state == IDLE && start) begin
            excl <= exclude; want <= count; taken <= 0; excl0 <= exclude[c0]; dealt0 <= 0;
        end else if (tvalid && tready) begin
            taken <= taken + 1;
            if (tdata == c0) dealt0 <= 1;
        end
    wire [51:0] avail = ~excl;

    reg [1:0] prev_state;                        // the sequencer's step in the clock before
    always @(posedge clk) prev_state <= state;
`ifdef FROM_DEAL
    wire checked = prev_state == DEAL;
`elsif FROM_OTHER
    wire checked = prev_state != DEAL;
`else
    wire checked = 1;
`endif

    // the property: a card taken is a code below 52; c0 (so every code) is taken only if not
    // excluded and not taken before; at the last card (tlast) and at done, no more than K
    // were taken, and if fewer, c0 (so every available code) was taken
    always @(*) if (!rst) begin
        if (tvalid && tready) begin
            `CHECK(tdata < 52);
            if (tdata == c0) `CHECK(!excl0 && !dealt0);
            if (tlast) `CHECK(taken + 1 <= want &&
                               (taken + 1 == want || excl0 || dealt0 || tdata == c0));
        end
        if (done) `CHECK(taken <= want && (taken == want || excl0 || dealt0));
    end

    // --- invariants (strengthening for the induction) ---
    // the card at each position
    wire [52*6-1:0] card;
    genvar gp;
    generate for (gp = 0; gp < 52; gp = gp + 1) begin : cards
        assign card[6*gp+:6] = placed[gp] ? mem[6*gp+:6] : gp;
    end endgenerate

    // deal: the next position to swap, the positions s .. n-1 still in the deck
    wire [5:0] s = j_valid ? i_pos : a_valid ? i_a : pos;
    wire [5:0] first = state == DEAL ? s : 6'd0;
    wire [5:0] k_run = wanted < n ? wanted : n;
    wire dealing = state == SETUP || state == DEAL;
    // compaction: the excluded positions not yet filled, the available ones not yet taken
    // from the back (the lo and hi sets, their one-hot stage, their index stage), the
    // available ones taken (their cards are at filled positions)
    wire [51:0] unfilled = vec0 | (found ? lo_1h : 52'd0) |
                           (looked && lo_end != 63 ? 52'd1 << lo : 52'd0);
    wire [51:0] untaken = rev(vec1 | (found ? hi_1h : 52'd0)) |
                          (looked && hi_end != 0 ? 52'd1 << hi : 52'd0);
    wire [51:0] filled = placed[51:0];
    wire [51:0] moved = avail & ~untaken;

    // the position of c0 (a ghost): moved as the deck memory moves it
    reg [5:0] at;
    wire go = !tvalid || tready;
    always @(posedge clk)
        if (state == IDLE && start) at <= c0;
        else if (state == COMPACT && looked && lo_end < hi_end && hi == c0)
            at <= lo;                            // card hi written at lo
        else if (state == DEAL && go && j_valid && card_i == c0)
            at <= j_pos;                         // card i moves to j
    // c0 still in the deck: available, not taken, not in the output register
    wire in_deck = !excl0 && !dealt0 && !(tvalid && tdata == c0);

    // the lemmas: the per-position facts below at the pipeline's four positions (the swap
    // stage's reads, the address stage's pair), for the solver to use without splitting cases
    // over the positions a swap reads and writes
    wire lemmas = state != DEAL || !j_valid ||
        ((card_i == c0) == (in_deck && at == i_pos) && (card_j == c0) == (in_deck && at == j_pos));
    reg lemmas_held = 1;                         // the lemmas in the clock before
    always @(posedge clk) lemmas_held <= rst || lemmas;
    always @(*) assume (lemmas_held);
`ifdef FROM_OTHER
    always @(*) if (!rst) assert (lemmas);
`endif

    always @(*) if (!rst) begin
        if (state != DEAL) `CHECK(!tvalid);
        if (done) `CHECK(state == IDLE);
        if (state != IDLE) begin
            `CHECK(wanted == want && excl0 == excl[c0]);
            if (state != DEAL) `CHECK(!dealt0 && taken == 0);
        end
        if (state == COMPACT) begin
            `CHECK(!looked || found);
            `CHECK(looked || filled == 0);
            `CHECK((unfilled & filled) == 0 && (unfilled | filled) == excl);
            `CHECK((untaken & excl) == 0);
            if (!excl0) `CHECK(at < 52);                    // c0 not lost
            `CHECK((filled & ~below(unfilled)) == 0);
            `CHECK(((untaken | filled) & ~below(moved)) == 0);
            if (found) begin
                `CHECK((lo_1h & (lo_1h - 1)) == 0 && (vec0 & ((lo_1h << 1) - 1)) == 0);
                `CHECK((hi_1h & (hi_1h - 1)) == 0 && (vec1 & ((hi_1h << 1) - 1)) == 0);
            end
            if (looked) begin
                if (hi_end != 0) `CHECK((hi == c0) == (!excl0 && at == hi));
                if (lo_end == 63) `CHECK((vec0 | lo_1h) == 0);
                else `CHECK(lo < 52 && lo_end == lo + 1 && ((vec0 | lo_1h) & upto(lo)) == 0);
                if (hi_end == 0) `CHECK((vec1 | hi_1h) == 0);
                else `CHECK(hi < 52 && hi_end == hi + 1 &&
                             ((vec1 | hi_1h) & upto(51 - hi)) == 0);
            end
            `CHECK((filled >> filled_end) == 0 && (filled_end == 0 || filled[filled_end - 1]));
        end
        if (dealing) begin
            `CHECK(n <= 52);
            if (in_deck) `CHECK(first <= at && at < n);      // c0 not lost
            if (tvalid) `CHECK(tdata < 52 && (tdata != c0 || (!excl0 && !dealt0)));
        end
        if (state == DEAL) begin
            `CHECK(wanted != 0 && n != 0);
            `CHECK(pos <= k_run && left == k_run - pos && drawing == (pos != k_run));
            `CHECK(m_range == n - pos);
            if (a_valid) `CHECK(i_a + 1 == pos && off_q < n - i_a && a_last == (pos == k_run));
            if (j_valid) `CHECK(i_pos + 1 == (a_valid ? i_a : pos) && i_pos <= j_pos &&
                                 j_pos < n && j_last == (i_pos + 1 == k_run));
            `CHECK(taken + tvalid == s);
            if (tvalid) `CHECK(tlast == (s == k_run));
        end
    end
    generate for (gp = 0; gp < 52; gp = gp + 1) begin : deck
        wire [5:0] c = card[6*gp+:6];
        wire live = dealing && gp >= first && gp < n;
        always @(*) if (!rst) begin
            // the live positions: cards below 52, c0 at `at` alone while in the deck
            if (live) `CHECK(c < 52 && (c == c0) == (in_deck && gp == at));
            // compaction: the filled and untaken positions (those that end up below n)
            if (state == COMPACT) begin
                if (placed[gp]) `CHECK(c < 52);
                `CHECK(((placed[gp] && c == c0) || (untaken[gp] && gp == c0)) ==
                        (!excl0 && gp == at));
            end
        end
        if (gp < 13) begin : group
            always @(*) if (!rst && state == COMPACT)
                `CHECK(any0[gp] == |vec0[4*gp+:4] && any1[gp] == |vec1[4*gp+:4]);
        end
    end endgenerate

    // the depth's witnesses (sby mode cover)
    always @(*) if (!rst) begin
        cover (done && want == 52 && excl == 0);            // a whole deck dealt
        cover (state == SETUP && excl != 0 && n != 0);      // a compaction with exclusions
    end
endmodule
