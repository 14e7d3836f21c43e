// The clock and reset of the exhaustive harnesses: a Verilator model with clk, rst, in_valid
// and out_valid; ``take(model)`` reads an answer after every rising edge where out_valid is high.
#pragma once

// One rising edge: inputs were set while the clock was low; outputs are read after the edge.
template <class Model, class Take>
inline void clock(Model& dut, Take&& take) {
    dut.clk = 1;
    dut.eval();
    if (dut.out_valid) take(dut);
    dut.clk = 0;
    dut.eval();
}

// Reset held for four clocks with nothing valid; then in_valid is raised for the hands.
template <class Model, class Take>
inline void reset_then_stream(Model& dut, Take&& take) {
    dut.clk = 0;
    dut.rst = 1;
    dut.in_valid = 0;
    dut.eval();
    for (int i = 0; i < 4; ++i) clock(dut, take);
    dut.rst = 0;
    dut.in_valid = 1;
}

// in_valid low, and enough clocks for every hand in flight to come out.
template <class Model, class Take>
inline void drain(Model& dut, Take&& take) {
    dut.in_valid = 0;
    for (int i = 0; i < 16; ++i) clock(dut, take);
}
