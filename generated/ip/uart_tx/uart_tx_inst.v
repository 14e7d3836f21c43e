// uart_tx: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/uart_tx.v. UART transmitter 8N1, AXI4-Stream byte input.
// Copy the declarations and the instance into your module; rename the nets.

wire uart_tx_clk;
wire uart_tx_rst;
wire [7:0] uart_tx_s_axis_tdata;
wire uart_tx_s_axis_tvalid;
wire uart_tx_s_axis_tready;
wire uart_tx_txd;

uart_tx uart_tx_0 (
    .clk           (uart_tx_clk),  // in: the clock: every register is clocked on its rising edge
    .rst           (uart_tx_rst),  // in: synchronous reset, active high
    .s_axis_tdata  (uart_tx_s_axis_tdata),  // in [8]: s_axis_tdata[8], s_axis_tvalid, s_axis_tready: the bytes to send (AXI4
    .s_axis_tvalid (uart_tx_s_axis_tvalid),  // in: s_axis_tdata[8], s_axis_tvalid, s_axis_tready: the bytes to send (AXI4
    .s_axis_tready (uart_tx_s_axis_tready),  // out: s_axis_tdata[8], s_axis_tvalid, s_axis_tready: the bytes to send (AXI4
    .txd           (uart_tx_txd)   // out: the serial line, high when idle (and during reset).
);
