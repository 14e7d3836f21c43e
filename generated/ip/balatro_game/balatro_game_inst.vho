-- balatro_game: instantiation template (pokerhdl 0.1.0; generated, do not edit).
-- The block: generated/vhdl/balatro_game.vhd with generated/vhdl/pck_myhdl_011.vhd.
-- Balatro run controller (golden balatro.BalatroGame): moves, deck stream, view.
-- The lines after the COMPONENT mark go among your architecture's declarations,
-- those after the INSTANCE mark into its body (or use entity work.balatro_game).

-- COMPONENT
component balatro_game is
    port (
        clk: in std_logic;
        rst: in std_logic;
        cmd_valid: in std_logic;
        cmd_ready: out std_logic;
        cmd_op: in std_logic_vector(2 downto 0);
        cmd_mask: in std_logic_vector(7 downto 0);
        res_valid: out std_logic;
        res_code: out std_logic_vector(2 downto 0);
        selection: in std_logic_vector(7 downto 0);
        deck_start: out std_logic;
        deck_data: in std_logic_vector(5 downto 0);
        deck_valid: in std_logic;
        deck_ready: out std_logic;
        view_hand: out std_logic_vector(47 downto 0);
        view_hand_len: out std_logic_vector(3 downto 0);
        view_phase: out std_logic_vector(1 downto 0);
        view_ante: out std_logic_vector(3 downto 0);
        view_blind: out std_logic_vector(1 downto 0);
        view_target: out std_logic_vector(16 downto 0);
        view_score: out std_logic_vector(16 downto 0);
        view_hands_left: out std_logic_vector(3 downto 0);
        view_discards_left: out std_logic_vector(3 downto 0);
        view_deck_left: out std_logic_vector(5 downto 0);
        view_result: out std_logic_vector(2 downto 0);
        view_last_category: out std_logic_vector(3 downto 0);
        view_last_chips: out std_logic_vector(7 downto 0);
        view_last_mult: out std_logic_vector(3 downto 0);
        view_last_score: out std_logic_vector(10 downto 0);
        view_pick_count: out std_logic_vector(3 downto 0);
        view_pick_category: out std_logic_vector(3 downto 0);
        view_pick_chips: out std_logic_vector(7 downto 0);
        view_pick_mult: out std_logic_vector(3 downto 0)
    );
end component;

signal balatro_game_clk: std_logic;
signal balatro_game_rst: std_logic;
signal balatro_game_cmd_valid: std_logic;
signal balatro_game_cmd_ready: std_logic;
signal balatro_game_cmd_op: std_logic_vector(2 downto 0);
signal balatro_game_cmd_mask: std_logic_vector(7 downto 0);
signal balatro_game_res_valid: std_logic;
signal balatro_game_res_code: std_logic_vector(2 downto 0);
signal balatro_game_selection: std_logic_vector(7 downto 0);
signal balatro_game_deck_start: std_logic;
signal balatro_game_deck_data: std_logic_vector(5 downto 0);
signal balatro_game_deck_valid: std_logic;
signal balatro_game_deck_ready: std_logic;
signal balatro_game_view_hand: std_logic_vector(47 downto 0);
signal balatro_game_view_hand_len: std_logic_vector(3 downto 0);
signal balatro_game_view_phase: std_logic_vector(1 downto 0);
signal balatro_game_view_ante: std_logic_vector(3 downto 0);
signal balatro_game_view_blind: std_logic_vector(1 downto 0);
signal balatro_game_view_target: std_logic_vector(16 downto 0);
signal balatro_game_view_score: std_logic_vector(16 downto 0);
signal balatro_game_view_hands_left: std_logic_vector(3 downto 0);
signal balatro_game_view_discards_left: std_logic_vector(3 downto 0);
signal balatro_game_view_deck_left: std_logic_vector(5 downto 0);
signal balatro_game_view_result: std_logic_vector(2 downto 0);
signal balatro_game_view_last_category: std_logic_vector(3 downto 0);
signal balatro_game_view_last_chips: std_logic_vector(7 downto 0);
signal balatro_game_view_last_mult: std_logic_vector(3 downto 0);
signal balatro_game_view_last_score: std_logic_vector(10 downto 0);
signal balatro_game_view_pick_count: std_logic_vector(3 downto 0);
signal balatro_game_view_pick_category: std_logic_vector(3 downto 0);
signal balatro_game_view_pick_chips: std_logic_vector(7 downto 0);
signal balatro_game_view_pick_mult: std_logic_vector(3 downto 0);

-- INSTANCE
balatro_game_0: balatro_game
    port map (
        clk                => balatro_game_clk,
        rst                => balatro_game_rst,
        cmd_valid          => balatro_game_cmd_valid,
        cmd_ready          => balatro_game_cmd_ready,
        cmd_op             => balatro_game_cmd_op,
        cmd_mask           => balatro_game_cmd_mask,
        res_valid          => balatro_game_res_valid,
        res_code           => balatro_game_res_code,
        selection          => balatro_game_selection,
        deck_start         => balatro_game_deck_start,
        deck_data          => balatro_game_deck_data,
        deck_valid         => balatro_game_deck_valid,
        deck_ready         => balatro_game_deck_ready,
        view_hand          => balatro_game_view_hand,
        view_hand_len      => balatro_game_view_hand_len,
        view_phase         => balatro_game_view_phase,
        view_ante          => balatro_game_view_ante,
        view_blind         => balatro_game_view_blind,
        view_target        => balatro_game_view_target,
        view_score         => balatro_game_view_score,
        view_hands_left    => balatro_game_view_hands_left,
        view_discards_left => balatro_game_view_discards_left,
        view_deck_left     => balatro_game_view_deck_left,
        view_result        => balatro_game_view_result,
        view_last_category => balatro_game_view_last_category,
        view_last_chips    => balatro_game_view_last_chips,
        view_last_mult     => balatro_game_view_last_mult,
        view_last_score    => balatro_game_view_last_score,
        view_pick_count    => balatro_game_view_pick_count,
        view_pick_category => balatro_game_view_pick_category,
        view_pick_chips    => balatro_game_view_pick_chips,
        view_pick_mult     => balatro_game_view_pick_mult
    );
