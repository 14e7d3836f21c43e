-- showdown: instantiation template (pokerhdl 0.1.0; generated, do not edit).
-- The block: generated/vhdl/showdown.vhd with generated/vhdl/pck_myhdl_011.vhd.
-- best rank word of 2..10 active players and the mask of tied winners, pipelined.
-- The lines after the COMPONENT mark go among your architecture's declarations,
-- those after the INSTANCE mark into its body (or use entity work.showdown).

-- COMPONENT
component showdown is
    port (
        clk: in std_logic;
        rst: in std_logic;
        in_valid: in std_logic;
        active: in std_logic_vector(3 downto 0);
        best: out std_logic_vector(23 downto 0);
        winners: out std_logic_vector(3 downto 0);
        out_valid: out std_logic;
        word0: in std_logic_vector(23 downto 0);
        word1: in std_logic_vector(23 downto 0);
        word2: in std_logic_vector(23 downto 0);
        word3: in std_logic_vector(23 downto 0)
    );
end component;

signal showdown_clk: std_logic;
signal showdown_rst: std_logic;
signal showdown_in_valid: std_logic;
signal showdown_active: std_logic_vector(3 downto 0);
signal showdown_best: std_logic_vector(23 downto 0);
signal showdown_winners: std_logic_vector(3 downto 0);
signal showdown_out_valid: std_logic;
signal showdown_word0: std_logic_vector(23 downto 0);
signal showdown_word1: std_logic_vector(23 downto 0);
signal showdown_word2: std_logic_vector(23 downto 0);
signal showdown_word3: std_logic_vector(23 downto 0);

-- INSTANCE
showdown_0: showdown
    port map (
        clk       => showdown_clk,
        rst       => showdown_rst,
        in_valid  => showdown_in_valid,
        active    => showdown_active,
        best      => showdown_best,
        winners   => showdown_winners,
        out_valid => showdown_out_valid,
        word0     => showdown_word0,
        word1     => showdown_word1,
        word2     => showdown_word2,
        word3     => showdown_word3
    );
