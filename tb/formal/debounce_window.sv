// Formal wrapper of debounce (width 1, clk_hz=1000, debounce_ms=5: a window of HOLD=5 clocks).
// Property: the debounced level takes a new value only after din has held that value for HOLD
// consecutive clocks (sampled through the 2-flop synchroniser), so any bounce shorter than the
// window never passes; pulse is high exactly in the clock after level rose. For all inputs,
// reset included (rst is free after the first clock). Proved by k-induction.
module debounce_window (input clk, input rst, input din);
    localparam HOLD = 5;
    wire level, pulse;
    debounce dut (.clk(clk), .rst(rst), .din(din), .level(level), .pulse(pulse));

    initial assume (rst);

    // din sampled at each clock; reset makes it 0, as the synchroniser's reset value
    reg [HOLD+1:0] h = 0;
    reg level_q = 0;
    always @(posedge clk) begin
        h <= rst ? 0 : {h[HOLD:0], din};
        level_q <= rst ? 0 : level;
    end

    always @(posedge clk) begin
        if (!$initstate && !$past(rst)) begin
            // a change of level: din held the new level in the HOLD samples before the
            // synchroniser's two clocks
            if (level != level_q) begin
                assert (h[HOLD+1:2] == {HOLD{level}});
            end
            assert (pulse == (level && !level_q));
        end
        if (!$initstate && $past(rst)) begin
            assert (!level && !pulse);
        end
    end
endmodule
