-- equity_engine: instantiation template (pokerhdl 0.1.0; generated, do not edit).
-- The block: generated/vhdl/equity_engine.vhd with generated/vhdl/pck_myhdl_011.vhd.
-- the equity engine: framed requests in, summed counts of its Monte Carlo lanes out.
-- The lines after the COMPONENT mark go among your architecture's declarations,
-- those after the INSTANCE mark into its body (or use entity work.equity_engine).

-- COMPONENT
component equity_engine is
    port (
        clk: in std_logic;
        rst: in std_logic;
        s_axis_tdata: in std_logic_vector(7 downto 0);
        s_axis_tvalid: in std_logic;
        s_axis_tready: out std_logic;
        m_axis_tdata: out std_logic_vector(7 downto 0);
        m_axis_tvalid: out std_logic;
        m_axis_tready: in std_logic;
        busy: out std_logic
    );
end component;

signal equity_engine_clk: std_logic;
signal equity_engine_rst: std_logic;
signal equity_engine_s_axis_tdata: std_logic_vector(7 downto 0);
signal equity_engine_s_axis_tvalid: std_logic;
signal equity_engine_s_axis_tready: std_logic;
signal equity_engine_m_axis_tdata: std_logic_vector(7 downto 0);
signal equity_engine_m_axis_tvalid: std_logic;
signal equity_engine_m_axis_tready: std_logic;
signal equity_engine_busy: std_logic;

-- INSTANCE
equity_engine_0: equity_engine
    port map (
        clk           => equity_engine_clk,
        rst           => equity_engine_rst,
        s_axis_tdata  => equity_engine_s_axis_tdata,
        s_axis_tvalid => equity_engine_s_axis_tvalid,
        s_axis_tready => equity_engine_s_axis_tready,
        m_axis_tdata  => equity_engine_m_axis_tdata,
        m_axis_tvalid => equity_engine_m_axis_tvalid,
        m_axis_tready => equity_engine_m_axis_tready,
        busy          => equity_engine_busy
    );
