-- terminal_demo: instantiation template (pokerhdl 0.1.0; generated, do not edit).
-- The block: generated/vhdl/terminal_demo.vhd with generated/vhdl/pck_myhdl_011.vhd.
-- the terminal engine with a minimal game (four tallies): its test top and example.
-- The lines after the COMPONENT mark go among your architecture's declarations,
-- those after the INSTANCE mark into its body (or use entity work.terminal_demo).

-- COMPONENT
component terminal_demo is
    port (
        clk: in std_logic;
        rst: in std_logic;
        rxd: in std_logic;
        txd: out std_logic;
        sw: in std_logic_vector(15 downto 0);
        btn_center: in std_logic;
        btn_left: in std_logic;
        busy: out std_logic
    );
end component;

signal terminal_demo_clk: std_logic;
signal terminal_demo_rst: std_logic;
signal terminal_demo_rxd: std_logic;
signal terminal_demo_txd: std_logic;
signal terminal_demo_sw: std_logic_vector(15 downto 0);
signal terminal_demo_btn_center: std_logic;
signal terminal_demo_btn_left: std_logic;
signal terminal_demo_busy: std_logic;

-- INSTANCE
terminal_demo_0: terminal_demo
    port map (
        clk        => terminal_demo_clk,
        rst        => terminal_demo_rst,
        rxd        => terminal_demo_rxd,
        txd        => terminal_demo_txd,
        sw         => terminal_demo_sw,
        btn_center => terminal_demo_btn_center,
        btn_left   => terminal_demo_btn_left,
        busy       => terminal_demo_busy
    );
