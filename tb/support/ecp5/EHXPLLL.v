// A simulation model of the ECP5 PLL primitive EHXPLLL, as far as pokerhdl's tops use it
// (pokerhdl/boards/ecp5_pll.py): CLKOP and CLKOS (the output in ecppll's high-resolution
// mode) are CLKI and LOCK is high, so a testbench drives the board's clock pin at the PLL's
// output rate (the games count in clocks). Only the ports the tops connect; the dividers are
// parameters here, checked against ecppll in
// tb/test_ecp5_pll.py, and used by nextpnr-ecp5 on the hardware.
`timescale 1ns/1ps
/* verilator lint_off UNUSEDSIGNAL */
/* verilator lint_off UNUSEDPARAM */
module EHXPLLL #(
    parameter PLLRST_ENA = "DISABLED",
    parameter INTFB_WAKE = "DISABLED",
    parameter STDBY_ENABLE = "DISABLED",
    parameter DPHASE_SOURCE = "DISABLED",
    parameter OUTDIVIDER_MUXA = "DIVA",
    parameter OUTDIVIDER_MUXB = "DIVB",
    parameter OUTDIVIDER_MUXC = "DIVC",
    parameter OUTDIVIDER_MUXD = "DIVD",
    parameter integer CLKI_DIV = 1,
    parameter CLKOP_ENABLE = "ENABLED",
    parameter integer CLKOP_DIV = 8,
    parameter integer CLKOP_CPHASE = 0,
    parameter integer CLKOP_FPHASE = 0,
    parameter CLKOS_ENABLE = "DISABLED",
    parameter integer CLKOS_DIV = 1,
    parameter integer CLKOS_CPHASE = 0,
    parameter integer CLKOS_FPHASE = 0,
    parameter FEEDBK_PATH = "CLKOP",
    parameter integer CLKFB_DIV = 1
) (
    input RST, STDBY, CLKI, CLKFB, PHASESEL0, PHASESEL1, PHASEDIR, PHASESTEP, PHASELOADREG,
    input PLLWAKESYNC, ENCLKOP,
    output CLKOP, CLKOS, LOCK
);
    assign CLKOP = CLKI;
    assign CLKOS = CLKI;
    assign LOCK = 1'b1;
endmodule
/* verilator lint_on UNUSEDPARAM */
/* verilator lint_on UNUSEDSIGNAL */
