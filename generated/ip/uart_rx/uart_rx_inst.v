// uart_rx: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/uart_rx.v. UART receiver 8N1, AXI4-Stream byte output, framing error and overrun pulses.
// Copy the declarations and the instance into your module; rename the nets.

wire uart_rx_clk;
wire uart_rx_rst;
wire uart_rx_rxd;
wire [7:0] uart_rx_m_axis_tdata;
wire uart_rx_m_axis_tvalid;
wire uart_rx_m_axis_tready;
wire uart_rx_framing_error;
wire uart_rx_overrun;

uart_rx uart_rx_0 (
    .clk           (uart_rx_clk),  // in: the clock: every register is clocked on its rising edge
    .rst           (uart_rx_rst),  // in: synchronous reset, active high
    .rxd           (uart_rx_rxd),  // in: the serial line (asynchronous).
    .m_axis_tdata  (uart_rx_m_axis_tdata),  // out [8]: m_axis_tdata[8], m_axis_tvalid, m_axis_tready: received bytes (AXI4-St
    .m_axis_tvalid (uart_rx_m_axis_tvalid),  // out: m_axis_tdata[8], m_axis_tvalid, m_axis_tready: received bytes (AXI4-St
    .m_axis_tready (uart_rx_m_axis_tready),  // in: m_axis_tdata[8], m_axis_tvalid, m_axis_tready: received bytes (AXI4-St
    .framing_error (uart_rx_framing_error),  // out: one-clock pulse when a stop bit reads 0; that byte is dropped, and aft
    .overrun       (uart_rx_overrun)   // out: one-clock pulse when a byte arrives while the previous one is still he
);
