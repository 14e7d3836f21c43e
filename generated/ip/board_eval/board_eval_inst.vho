-- board_eval: instantiation template (pokerhdl 0.1.0; generated, do not edit).
-- The block: generated/vhdl/board_eval.vhd with generated/vhdl/pck_myhdl_011.vhd.
-- rank words of N players' hole cards on one board, the board summarized once, II=1.
-- The lines after the COMPONENT mark go among your architecture's declarations,
-- those after the INSTANCE mark into its body (or use entity work.board_eval).

-- COMPONENT
component board_eval is
    port (
        clk: in std_logic;
        rst: in std_logic;
        board0: in std_logic_vector(5 downto 0);
        board1: in std_logic_vector(5 downto 0);
        board2: in std_logic_vector(5 downto 0);
        board3: in std_logic_vector(5 downto 0);
        board4: in std_logic_vector(5 downto 0);
        holes: in std_logic_vector(23 downto 0);
        in_valid: in std_logic;
        words: out std_logic_vector(47 downto 0);
        invalid: out std_logic_vector(1 downto 0);
        out_valid: out std_logic
    );
end component;

signal board_eval_clk: std_logic;
signal board_eval_rst: std_logic;
signal board_eval_board0: std_logic_vector(5 downto 0);
signal board_eval_board1: std_logic_vector(5 downto 0);
signal board_eval_board2: std_logic_vector(5 downto 0);
signal board_eval_board3: std_logic_vector(5 downto 0);
signal board_eval_board4: std_logic_vector(5 downto 0);
signal board_eval_holes: std_logic_vector(23 downto 0);
signal board_eval_in_valid: std_logic;
signal board_eval_words: std_logic_vector(47 downto 0);
signal board_eval_invalid: std_logic_vector(1 downto 0);
signal board_eval_out_valid: std_logic;

-- INSTANCE
board_eval_0: board_eval
    port map (
        clk       => board_eval_clk,
        rst       => board_eval_rst,
        board0    => board_eval_board0,
        board1    => board_eval_board1,
        board2    => board_eval_board2,
        board3    => board_eval_board3,
        board4    => board_eval_board4,
        holes     => board_eval_holes,
        in_valid  => board_eval_in_valid,
        words     => board_eval_words,
        invalid   => board_eval_invalid,
        out_valid => board_eval_out_valid
    );
