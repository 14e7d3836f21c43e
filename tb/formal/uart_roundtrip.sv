// Formal wrapper: uart_tx's line straight into uart_rx (both at 8 clocks a bit: clk_hz=921600,
// baud=115200), the receiver's consumer always ready. Properties, for any bytes offered at any
// time: every byte uart_tx takes comes out of uart_rx equal and in order, within one frame
// and a few clocks (LATENCY) of being taken, never more than two in flight; no framing error
// and no overrun; nothing comes out that was not sent.
module uart_roundtrip (input clk, input rst, input [7:0] tdata, input tvalid);
    localparam BIT = 8, LATENCY = 10 * BIT + 4;
    wire tready, txd;
    wire [7:0] rdata;
    wire rvalid, framing_error, overrun;
    uart_tx tx (.clk(clk), .rst(rst), .s_axis_tdata(tdata), .s_axis_tvalid(tvalid),
                .s_axis_tready(tready), .txd(txd));
    uart_rx rx (.clk(clk), .rst(rst), .rxd(txd), .m_axis_tdata(rdata), .m_axis_tvalid(rvalid),
                .m_axis_tready(1'b1), .framing_error(framing_error), .overrun(overrun));

    initial assume (rst);
    always @(posedge clk) if (!$initstate) assume (!rst);

    // the bytes in flight: q0 the oldest, taken `age` clocks ago
    reg [7:0] q0 = 0, q1 = 0;
    reg [1:0] n = 0;
    reg [7:0] age = 0;
    wire take = tvalid && tready;
    always @(posedge clk) begin
        if (rst) begin
            n <= 0; age <= 0;
        end else begin
            age <= (n == 0 || rvalid) ? 0 : age + 1;   // a pop restarts it: it bounds the wait of the head since the last byte out
            case ({take, rvalid})
                2'b10: begin if (n == 0) q0 <= tdata; else q1 <= tdata; n <= n + 1; end
                2'b01: begin q0 <= q1; n <= n - 1; end
                2'b11: begin if (n == 1) q0 <= tdata; else begin q0 <= q1; q1 <= tdata; end end
            endcase
        end
    end

    always @(posedge clk) if (!$initstate && !rst) begin
        assert (!framing_error);
        assert (!overrun);
        if (rvalid) begin
            assert (n != 0);
            assert (rdata == q0);
        end
        assert (n <= 2);
        assert (n == 0 || age <= LATENCY);
    end
endmodule
