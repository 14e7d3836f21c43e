-- por: instantiation template (pokerhdl 0.1.0; generated, do not edit).
-- The block: generated/vhdl/por.vhd with generated/vhdl/pck_myhdl_011.vhd.
-- power-on reset from register initial values, plus a synchronised external reset.
-- The lines after the COMPONENT mark go among your architecture's declarations,
-- those after the INSTANCE mark into its body (or use entity work.por).

-- COMPONENT
component por is
    port (
        clk: in std_logic;
        rst_in: in std_logic;
        rst: out std_logic
    );
end component;

signal por_clk: std_logic;
signal por_rst_in: std_logic;
signal por_rst: std_logic;

-- INSTANCE
por_0: por
    port map (
        clk    => por_clk,
        rst_in => por_rst_in,
        rst    => por_rst
    );
