-- A simulation model of the ECP5 PLL primitive EHXPLLL, as far as pokerhdl's tops use it
-- (pokerhdl/boards/ecp5_pll.py): CLKOP and CLKOS (the output in ecppll's high-resolution
-- mode) are CLKI and LOCK is high, so a testbench drives the board's clock pin at the PLL's
-- output rate (the games count in clocks). The generics and ports of the components the tops
-- declare (CLKOS's only in the high-resolution mode); the dividers are checked against ecppll in
-- tb/test_ecp5_pll.py, and used by nextpnr-ecp5 on the hardware.
library ieee;
use ieee.std_logic_1164.all;

entity EHXPLLL is
    generic (
        PLLRST_ENA, INTFB_WAKE, STDBY_ENABLE, DPHASE_SOURCE: string;
        OUTDIVIDER_MUXA, OUTDIVIDER_MUXB, OUTDIVIDER_MUXC, OUTDIVIDER_MUXD: string;
        CLKI_DIV: integer;
        CLKOP_ENABLE: string;
        CLKOP_DIV, CLKOP_CPHASE, CLKOP_FPHASE: integer;
        CLKOS_ENABLE: string := "DISABLED";
        CLKOS_DIV, CLKOS_CPHASE, CLKOS_FPHASE: integer := 0;
        FEEDBK_PATH: string;
        CLKFB_DIV: integer);
    port (
        RST, STDBY, CLKI, CLKFB, PHASESEL0, PHASESEL1, PHASEDIR, PHASESTEP,
        PHASELOADREG, PLLWAKESYNC, ENCLKOP: in std_logic;
        CLKOP, CLKOS, LOCK: out std_logic);
end entity EHXPLLL;

architecture model of EHXPLLL is
begin
    CLKOP <= CLKI;
    CLKOS <= CLKI;
    LOCK <= '1';
end architecture model;
