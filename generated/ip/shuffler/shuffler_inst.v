// shuffler: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/shuffler.v. unbiased Fisher-Yates shuffle/deal of 52 cards minus an exclude mask, AXI4-Stream.
// Copy the declarations and the instance into your module; rename the nets.

wire shuffler_clk;
wire shuffler_rst;
wire shuffler_start;
wire [5:0] shuffler_count;
wire [51:0] shuffler_exclude;
wire shuffler_busy;
wire shuffler_done;
wire shuffler_error;
wire [5:0] shuffler_m_axis_tdata;
wire shuffler_m_axis_tvalid;
wire shuffler_m_axis_tready;
wire shuffler_m_axis_tlast;
wire [127:0] shuffler_seed;
wire shuffler_seed_load;
wire [31:0] shuffler_entropy;
wire shuffler_entropy_valid;

shuffler shuffler_0 (
    .clk           (shuffler_clk),  // in: the clock: every register is clocked on its rising edge
    .rst           (shuffler_rst),  // in: synchronous reset, active high
    .start         (shuffler_start),  // in: begin a shuffle (taken while busy is low); count and exclude are sampl
    .count         (shuffler_count),  // in [6]: K, the cards wanted (1..52); only K swaps are done
    .exclude       (shuffler_exclude),  // in [52]: bit c set: card c is not in the deck (e.g. cards already known)
    .busy          (shuffler_busy),  // out: from the clock after start until the last card has been taken
    .done          (shuffler_done),  // out: one-clock pulse after the last card has been taken; start is taken fro
    .error         (shuffler_error),  // out: this shuffle deals fewer than K cards (exclude leaves fewer, or K is 0
    .m_axis_tdata  (shuffler_m_axis_tdata),  // out [6]: m_axis_tdata[6], m_axis_tvalid, m_axis_tready, m_axis_tlast: the dealt
    .m_axis_tvalid (shuffler_m_axis_tvalid),  // out: m_axis_tdata[6], m_axis_tvalid, m_axis_tready, m_axis_tlast: the dealt
    .m_axis_tready (shuffler_m_axis_tready),  // in: m_axis_tdata[6], m_axis_tvalid, m_axis_tready, m_axis_tlast: the dealt
    .m_axis_tlast  (shuffler_m_axis_tlast),  // out: m_axis_tdata[6], m_axis_tvalid, m_axis_tready, m_axis_tlast: the dealt
    .seed          (shuffler_seed),  // in [128]: seed[128], seed_load, entropy[32], entropy_valid: the xorshift128 rng
    .seed_load     (shuffler_seed_load),  // in: seed[128], seed_load, entropy[32], entropy_valid: the xorshift128 rng
    .entropy       (shuffler_entropy),  // in [32]: seed[128], seed_load, entropy[32], entropy_valid: the xorshift128 rng
    .entropy_valid (shuffler_entropy_valid)   // in: seed[128], seed_load, entropy[32], entropy_valid: the xorshift128 rng
);
