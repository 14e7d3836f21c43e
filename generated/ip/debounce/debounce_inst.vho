-- debounce: instantiation template (pokerhdl 0.1.0; generated, do not edit).
-- The block: generated/vhdl/debounce.vhd with generated/vhdl/pck_myhdl_011.vhd.
-- button/switch synchroniser, debouncer and one-clock press pulse.
-- The lines after the COMPONENT mark go among your architecture's declarations,
-- those after the INSTANCE mark into its body (or use entity work.debounce).

-- COMPONENT
component debounce is
    port (
        clk: in std_logic;
        rst: in std_logic;
        din: in std_logic_vector(0 downto 0);
        level: out std_logic_vector(0 downto 0);
        pulse: out std_logic_vector(0 downto 0)
    );
end component;

signal debounce_clk: std_logic;
signal debounce_rst: std_logic;
signal debounce_din: std_logic_vector(0 downto 0);
signal debounce_level: std_logic_vector(0 downto 0);
signal debounce_pulse: std_logic_vector(0 downto 0);

-- INSTANCE
debounce_0: debounce
    port map (
        clk   => debounce_clk,
        rst   => debounce_rst,
        din   => debounce_din,
        level => debounce_level,
        pulse => debounce_pulse
    );
