-- bin2bcd: instantiation template (pokerhdl 0.1.0; generated, do not edit).
-- The block: generated/vhdl/bin2bcd.vhd with generated/vhdl/pck_myhdl_011.vhd.
-- binary to BCD, iterative double dabble (one bit per clock).
-- The lines after the COMPONENT mark go among your architecture's declarations,
-- those after the INSTANCE mark into its body (or use entity work.bin2bcd).

-- COMPONENT
component bin2bcd is
    port (
        clk: in std_logic;
        rst: in std_logic;
        start: in std_logic;
        value: in std_logic_vector(15 downto 0);
        busy: out std_logic;
        done: out std_logic;
        bcd: out std_logic_vector(19 downto 0)
    );
end component;

signal bin2bcd_clk: std_logic;
signal bin2bcd_rst: std_logic;
signal bin2bcd_start: std_logic;
signal bin2bcd_value: std_logic_vector(15 downto 0);
signal bin2bcd_busy: std_logic;
signal bin2bcd_done: std_logic;
signal bin2bcd_bcd: std_logic_vector(19 downto 0);

-- INSTANCE
bin2bcd_0: bin2bcd
    port map (
        clk   => bin2bcd_clk,
        rst   => bin2bcd_rst,
        start => bin2bcd_start,
        value => bin2bcd_value,
        busy  => bin2bcd_busy,
        done  => bin2bcd_done,
        bcd   => bin2bcd_bcd
    );
