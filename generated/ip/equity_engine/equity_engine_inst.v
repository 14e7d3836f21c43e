// equity_engine: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/equity_engine.v. the equity engine: framed requests in, summed counts of its Monte Carlo lanes out.
// Copy the declarations and the instance into your module; rename the nets.

wire equity_engine_clk;
wire equity_engine_rst;
wire [7:0] equity_engine_s_axis_tdata;
wire equity_engine_s_axis_tvalid;
wire equity_engine_s_axis_tready;
wire [7:0] equity_engine_m_axis_tdata;
wire equity_engine_m_axis_tvalid;
wire equity_engine_m_axis_tready;
wire equity_engine_busy;

equity_engine equity_engine_0 (
    .clk           (equity_engine_clk),  // in: the clock: every register is clocked on its rising edge
    .rst           (equity_engine_rst),  // in: synchronous reset, active high
    .s_axis_tdata  (equity_engine_s_axis_tdata),  // in [8]: s_*: request bytes in (ready but in reset)
    .s_axis_tvalid (equity_engine_s_axis_tvalid),  // in: s_*: request bytes in (ready but in reset)
    .s_axis_tready (equity_engine_s_axis_tready),  // out: s_*: request bytes in (ready but in reset)
    .m_axis_tdata  (equity_engine_m_axis_tdata),  // out [8]: m_*: reply bytes out
    .m_axis_tvalid (equity_engine_m_axis_tvalid),  // out: m_*: reply bytes out
    .m_axis_tready (equity_engine_m_axis_tready),  // in: m_*: reply bytes out
    .busy          (equity_engine_busy)   // out: a request is being answered (set up, run or replied)
);
