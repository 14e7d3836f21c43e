// Formal wrapper of uart_rx alone (8 clocks a bit: clk_hz=921600, baud=115200), rxd and the
// consumer's tready free. Property: a byte is reported (tvalid rises) only if rxd was low for
// at least HALF+1 consecutive clocks (a start bit: the receiver ignores shorter glitches)
// within the frame before: no byte without a start bit, whatever the line does.
module uart_rx_start (input clk, input rst, input rxd, input tready);
    localparam BIT = 8, HALF = BIT / 2, WINDOW = 10 * BIT + 4;
    wire [7:0] rdata;
    wire rvalid, framing_error, overrun;
    uart_rx rx (.clk(clk), .rst(rst), .rxd(rxd), .m_axis_tdata(rdata), .m_axis_tvalid(rvalid),
                .m_axis_tready(tready), .framing_error(framing_error), .overrun(overrun));

    initial assume (rst);

    // lowrun: consecutive clocks rxd was low; since: clocks since a run reached HALF+1
    reg [3:0] lowrun = 0;
    reg [7:0] since = 255;
    reg valid_q = 0;
    always @(posedge clk) begin
        lowrun <= rxd ? 0 : (lowrun == 15 ? 15 : lowrun + 1);
        since <= (!rxd && lowrun >= HALF) ? 0 : (since == 255 ? 255 : since + 1);
        valid_q <= rst ? 0 : rvalid;
        if (rst) since <= 255;
    end

    always @(posedge clk) if (!$initstate && !$past(rst)) begin
        if (rvalid && !valid_q)
            assert (since <= WINDOW);
    end
endmodule
