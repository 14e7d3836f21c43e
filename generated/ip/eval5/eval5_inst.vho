-- eval5: instantiation template (pokerhdl 0.1.0; generated, do not edit).
-- The block: generated/vhdl/eval5.vhd with generated/vhdl/pck_myhdl_011.vhd.
-- rank word of 1..5 cards and the cards that make the hand, pipelined, II=1.
-- The lines after the COMPONENT mark go among your architecture's declarations,
-- those after the INSTANCE mark into its body (or use entity work.eval5).

-- COMPONENT
component eval5 is
    port (
        clk: in std_logic;
        rst: in std_logic;
        card0: in std_logic_vector(5 downto 0);
        card1: in std_logic_vector(5 downto 0);
        card2: in std_logic_vector(5 downto 0);
        card3: in std_logic_vector(5 downto 0);
        card4: in std_logic_vector(5 downto 0);
        in_valid: in std_logic;
        word: out std_logic_vector(23 downto 0);
        invalid: out std_logic;
        mask: out std_logic_vector(4 downto 0);
        out_valid: out std_logic
    );
end component;

signal eval5_clk: std_logic;
signal eval5_rst: std_logic;
signal eval5_card0: std_logic_vector(5 downto 0);
signal eval5_card1: std_logic_vector(5 downto 0);
signal eval5_card2: std_logic_vector(5 downto 0);
signal eval5_card3: std_logic_vector(5 downto 0);
signal eval5_card4: std_logic_vector(5 downto 0);
signal eval5_in_valid: std_logic;
signal eval5_word: std_logic_vector(23 downto 0);
signal eval5_invalid: std_logic;
signal eval5_mask: std_logic_vector(4 downto 0);
signal eval5_out_valid: std_logic;

-- INSTANCE
eval5_0: eval5
    port map (
        clk       => eval5_clk,
        rst       => eval5_rst,
        card0     => eval5_card0,
        card1     => eval5_card1,
        card2     => eval5_card2,
        card3     => eval5_card3,
        card4     => eval5_card4,
        in_valid  => eval5_in_valid,
        word      => eval5_word,
        invalid   => eval5_invalid,
        mask      => eval5_mask,
        out_valid => eval5_out_valid
    );
