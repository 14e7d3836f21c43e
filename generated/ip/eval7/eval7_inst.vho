-- eval7: instantiation template (pokerhdl 0.1.0; generated, do not edit).
-- The block: generated/vhdl/eval7.vhd with generated/vhdl/pck_myhdl_011.vhd.
-- rank word of the best five of up to 7 cards, pipelined, II=1.
-- The lines after the COMPONENT mark go among your architecture's declarations,
-- those after the INSTANCE mark into its body (or use entity work.eval7).

-- COMPONENT
component eval7 is
    port (
        clk: in std_logic;
        rst: in std_logic;
        card0: in std_logic_vector(5 downto 0);
        card1: in std_logic_vector(5 downto 0);
        card2: in std_logic_vector(5 downto 0);
        card3: in std_logic_vector(5 downto 0);
        card4: in std_logic_vector(5 downto 0);
        card5: in std_logic_vector(5 downto 0);
        card6: in std_logic_vector(5 downto 0);
        in_valid: in std_logic;
        word: out std_logic_vector(23 downto 0);
        invalid: out std_logic;
        out_valid: out std_logic
    );
end component;

signal eval7_clk: std_logic;
signal eval7_rst: std_logic;
signal eval7_card0: std_logic_vector(5 downto 0);
signal eval7_card1: std_logic_vector(5 downto 0);
signal eval7_card2: std_logic_vector(5 downto 0);
signal eval7_card3: std_logic_vector(5 downto 0);
signal eval7_card4: std_logic_vector(5 downto 0);
signal eval7_card5: std_logic_vector(5 downto 0);
signal eval7_card6: std_logic_vector(5 downto 0);
signal eval7_in_valid: std_logic;
signal eval7_word: std_logic_vector(23 downto 0);
signal eval7_invalid: std_logic;
signal eval7_out_valid: std_logic;

-- INSTANCE
eval7_0: eval7
    port map (
        clk       => eval7_clk,
        rst       => eval7_rst,
        card0     => eval7_card0,
        card1     => eval7_card1,
        card2     => eval7_card2,
        card3     => eval7_card3,
        card4     => eval7_card4,
        card5     => eval7_card5,
        card6     => eval7_card6,
        in_valid  => eval7_in_valid,
        word      => eval7_word,
        invalid   => eval7_invalid,
        out_valid => eval7_out_valid
    );
