-- decimal_display: instantiation template (pokerhdl 0.1.0; generated, do not edit).
-- The block: generated/vhdl/decimal_display.vhd with generated/vhdl/pck_myhdl_011.vhd.
-- unsigned number in decimal on the multiplexed 7-segment display.
-- The lines after the COMPONENT mark go among your architecture's declarations,
-- those after the INSTANCE mark into its body (or use entity work.decimal_display).

-- COMPONENT
component decimal_display is
    port (
        clk: in std_logic;
        rst: in std_logic;
        value: in std_logic_vector(15 downto 0);
        seg: out std_logic_vector(6 downto 0);
        dp: out std_logic;
        an: out std_logic_vector(3 downto 0)
    );
end component;

signal decimal_display_clk: std_logic;
signal decimal_display_rst: std_logic;
signal decimal_display_value: std_logic_vector(15 downto 0);
signal decimal_display_seg: std_logic_vector(6 downto 0);
signal decimal_display_dp: std_logic;
signal decimal_display_an: std_logic_vector(3 downto 0);

-- INSTANCE
decimal_display_0: decimal_display
    port map (
        clk   => decimal_display_clk,
        rst   => decimal_display_rst,
        value => decimal_display_value,
        seg   => decimal_display_seg,
        dp    => decimal_display_dp,
        an    => decimal_display_an
    );
