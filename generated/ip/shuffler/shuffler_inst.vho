-- shuffler: instantiation template (pokerhdl 0.1.0; generated, do not edit).
-- The block: generated/vhdl/shuffler.vhd with generated/vhdl/pck_myhdl_011.vhd.
-- unbiased Fisher-Yates shuffle/deal of 52 cards minus an exclude mask, AXI4-Stream.
-- The lines after the COMPONENT mark go among your architecture's declarations,
-- those after the INSTANCE mark into its body (or use entity work.shuffler).

-- COMPONENT
component shuffler is
    port (
        clk: in std_logic;
        rst: in std_logic;
        start: in std_logic;
        count: in std_logic_vector(5 downto 0);
        exclude: in std_logic_vector(51 downto 0);
        busy: out std_logic;
        done: out std_logic;
        error: out std_logic;
        m_axis_tdata: out std_logic_vector(5 downto 0);
        m_axis_tvalid: out std_logic;
        m_axis_tready: in std_logic;
        m_axis_tlast: out std_logic;
        seed: in std_logic_vector(127 downto 0);
        seed_load: in std_logic;
        entropy: in std_logic_vector(31 downto 0);
        entropy_valid: in std_logic
    );
end component;

signal shuffler_clk: std_logic;
signal shuffler_rst: std_logic;
signal shuffler_start: std_logic;
signal shuffler_count: std_logic_vector(5 downto 0);
signal shuffler_exclude: std_logic_vector(51 downto 0);
signal shuffler_busy: std_logic;
signal shuffler_done: std_logic;
signal shuffler_error: std_logic;
signal shuffler_m_axis_tdata: std_logic_vector(5 downto 0);
signal shuffler_m_axis_tvalid: std_logic;
signal shuffler_m_axis_tready: std_logic;
signal shuffler_m_axis_tlast: std_logic;
signal shuffler_seed: std_logic_vector(127 downto 0);
signal shuffler_seed_load: std_logic;
signal shuffler_entropy: std_logic_vector(31 downto 0);
signal shuffler_entropy_valid: std_logic;

-- INSTANCE
shuffler_0: shuffler
    port map (
        clk           => shuffler_clk,
        rst           => shuffler_rst,
        start         => shuffler_start,
        count         => shuffler_count,
        exclude       => shuffler_exclude,
        busy          => shuffler_busy,
        done          => shuffler_done,
        error         => shuffler_error,
        m_axis_tdata  => shuffler_m_axis_tdata,
        m_axis_tvalid => shuffler_m_axis_tvalid,
        m_axis_tready => shuffler_m_axis_tready,
        m_axis_tlast  => shuffler_m_axis_tlast,
        seed          => shuffler_seed,
        seed_load     => shuffler_seed_load,
        entropy       => shuffler_entropy,
        entropy_valid => shuffler_entropy_valid
    );
