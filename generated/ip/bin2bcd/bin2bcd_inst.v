// bin2bcd: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/bin2bcd.v. binary to BCD, iterative double dabble (one bit per clock).
// Copy the declarations and the instance into your module; rename the nets.

wire bin2bcd_clk;
wire bin2bcd_rst;
wire bin2bcd_start;
wire [15:0] bin2bcd_value;
wire bin2bcd_busy;
wire bin2bcd_done;
wire [19:0] bin2bcd_bcd;

bin2bcd bin2bcd_0 (
    .clk   (bin2bcd_clk),  // in: the clock: every register is clocked on its rising edge
    .rst   (bin2bcd_rst),  // in: synchronous reset, active high
    .start (bin2bcd_start),  // in: take ``value`` and begin (ignored while busy)
    .value (bin2bcd_value),  // in [16]: the number.
    .busy  (bin2bcd_busy),  // out: converting.
    .done  (bin2bcd_done),  // out: one-clock pulse, ``width`` + 1 clocks after start, when bcd holds the
    .bcd   (bin2bcd_bcd)   // out [20]: bcd[4 * digits]: digit 0 (units) in the lowest nibble; digits = decima
);
