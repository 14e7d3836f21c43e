-- balatro_run: instantiation template (pokerhdl 0.1.0; generated, do not edit).
-- The block: generated/vhdl/balatro_run.vhd with generated/vhdl/pck_myhdl_011.vhd.
-- Balatro run controller with progression (golden balatro_run.BalatroRun): moves, shop, money, levels, jokers; deck and generator streams, view.
-- The lines after the COMPONENT mark go among your architecture's declarations,
-- those after the INSTANCE mark into its body (or use entity work.balatro_run).

-- COMPONENT
component balatro_run is
    port (
        clk: in std_logic;
        rst: in std_logic;
        cmd_valid: in std_logic;
        cmd_ready: out std_logic;
        cmd_op: in std_logic_vector(3 downto 0);
        cmd_mask: in std_logic_vector(7 downto 0);
        res_valid: out std_logic;
        res_code: out std_logic_vector(3 downto 0);
        selection: in std_logic_vector(7 downto 0);
        deck_start: out std_logic;
        deck_data: in std_logic_vector(5 downto 0);
        deck_valid: in std_logic;
        deck_ready: out std_logic;
        rng_word: in std_logic_vector(31 downto 0);
        rng_valid: in std_logic;
        rng_ready: out std_logic;
        view_hand: out std_logic_vector(47 downto 0);
        view_hand_len: out std_logic_vector(3 downto 0);
        view_phase: out std_logic_vector(2 downto 0);
        view_ante: out std_logic_vector(3 downto 0);
        view_blind: out std_logic_vector(1 downto 0);
        view_target: out std_logic_vector(16 downto 0);
        view_score: out std_logic_vector(33 downto 0);
        view_hands_left: out std_logic_vector(3 downto 0);
        view_discards_left: out std_logic_vector(3 downto 0);
        view_deck_left: out std_logic_vector(5 downto 0);
        view_result: out std_logic_vector(3 downto 0);
        view_last_category: out std_logic_vector(3 downto 0);
        view_last_chips: out std_logic_vector(13 downto 0);
        view_last_mult: out std_logic_vector(20 downto 0);
        view_last_score: out std_logic_vector(33 downto 0);
        view_pick_count: out std_logic_vector(3 downto 0);
        view_pick_category: out std_logic_vector(3 downto 0);
        view_pick_chips: out std_logic_vector(13 downto 0);
        view_pick_mult: out std_logic_vector(20 downto 0);
        view_money: out std_logic_vector(8 downto 0);
        view_levels: out std_logic_vector(62 downto 0);
        view_jokers: out std_logic_vector(29 downto 0);
        view_joker_count: out std_logic_vector(2 downto 0);
        view_counters: out std_logic_vector(34 downto 0);
        view_played: out std_logic_vector(8 downto 0);
        view_shop: out std_logic_vector(11 downto 0);
        view_shop_prices: out std_logic_vector(7 downto 0);
        view_reroll_price: out std_logic_vector(9 downto 0);
        view_payout_reward: out std_logic_vector(2 downto 0);
        view_payout_hands: out std_logic_vector(3 downto 0);
        view_payout_interest: out std_logic_vector(2 downto 0)
    );
end component;

signal balatro_run_clk: std_logic;
signal balatro_run_rst: std_logic;
signal balatro_run_cmd_valid: std_logic;
signal balatro_run_cmd_ready: std_logic;
signal balatro_run_cmd_op: std_logic_vector(3 downto 0);
signal balatro_run_cmd_mask: std_logic_vector(7 downto 0);
signal balatro_run_res_valid: std_logic;
signal balatro_run_res_code: std_logic_vector(3 downto 0);
signal balatro_run_selection: std_logic_vector(7 downto 0);
signal balatro_run_deck_start: std_logic;
signal balatro_run_deck_data: std_logic_vector(5 downto 0);
signal balatro_run_deck_valid: std_logic;
signal balatro_run_deck_ready: std_logic;
signal balatro_run_rng_word: std_logic_vector(31 downto 0);
signal balatro_run_rng_valid: std_logic;
signal balatro_run_rng_ready: std_logic;
signal balatro_run_view_hand: std_logic_vector(47 downto 0);
signal balatro_run_view_hand_len: std_logic_vector(3 downto 0);
signal balatro_run_view_phase: std_logic_vector(2 downto 0);
signal balatro_run_view_ante: std_logic_vector(3 downto 0);
signal balatro_run_view_blind: std_logic_vector(1 downto 0);
signal balatro_run_view_target: std_logic_vector(16 downto 0);
signal balatro_run_view_score: std_logic_vector(33 downto 0);
signal balatro_run_view_hands_left: std_logic_vector(3 downto 0);
signal balatro_run_view_discards_left: std_logic_vector(3 downto 0);
signal balatro_run_view_deck_left: std_logic_vector(5 downto 0);
signal balatro_run_view_result: std_logic_vector(3 downto 0);
signal balatro_run_view_last_category: std_logic_vector(3 downto 0);
signal balatro_run_view_last_chips: std_logic_vector(13 downto 0);
signal balatro_run_view_last_mult: std_logic_vector(20 downto 0);
signal balatro_run_view_last_score: std_logic_vector(33 downto 0);
signal balatro_run_view_pick_count: std_logic_vector(3 downto 0);
signal balatro_run_view_pick_category: std_logic_vector(3 downto 0);
signal balatro_run_view_pick_chips: std_logic_vector(13 downto 0);
signal balatro_run_view_pick_mult: std_logic_vector(20 downto 0);
signal balatro_run_view_money: std_logic_vector(8 downto 0);
signal balatro_run_view_levels: std_logic_vector(62 downto 0);
signal balatro_run_view_jokers: std_logic_vector(29 downto 0);
signal balatro_run_view_joker_count: std_logic_vector(2 downto 0);
signal balatro_run_view_counters: std_logic_vector(34 downto 0);
signal balatro_run_view_played: std_logic_vector(8 downto 0);
signal balatro_run_view_shop: std_logic_vector(11 downto 0);
signal balatro_run_view_shop_prices: std_logic_vector(7 downto 0);
signal balatro_run_view_reroll_price: std_logic_vector(9 downto 0);
signal balatro_run_view_payout_reward: std_logic_vector(2 downto 0);
signal balatro_run_view_payout_hands: std_logic_vector(3 downto 0);
signal balatro_run_view_payout_interest: std_logic_vector(2 downto 0);

-- INSTANCE
balatro_run_0: balatro_run
    port map (
        clk                  => balatro_run_clk,
        rst                  => balatro_run_rst,
        cmd_valid            => balatro_run_cmd_valid,
        cmd_ready            => balatro_run_cmd_ready,
        cmd_op               => balatro_run_cmd_op,
        cmd_mask             => balatro_run_cmd_mask,
        res_valid            => balatro_run_res_valid,
        res_code             => balatro_run_res_code,
        selection            => balatro_run_selection,
        deck_start           => balatro_run_deck_start,
        deck_data            => balatro_run_deck_data,
        deck_valid           => balatro_run_deck_valid,
        deck_ready           => balatro_run_deck_ready,
        rng_word             => balatro_run_rng_word,
        rng_valid            => balatro_run_rng_valid,
        rng_ready            => balatro_run_rng_ready,
        view_hand            => balatro_run_view_hand,
        view_hand_len        => balatro_run_view_hand_len,
        view_phase           => balatro_run_view_phase,
        view_ante            => balatro_run_view_ante,
        view_blind           => balatro_run_view_blind,
        view_target          => balatro_run_view_target,
        view_score           => balatro_run_view_score,
        view_hands_left      => balatro_run_view_hands_left,
        view_discards_left   => balatro_run_view_discards_left,
        view_deck_left       => balatro_run_view_deck_left,
        view_result          => balatro_run_view_result,
        view_last_category   => balatro_run_view_last_category,
        view_last_chips      => balatro_run_view_last_chips,
        view_last_mult       => balatro_run_view_last_mult,
        view_last_score      => balatro_run_view_last_score,
        view_pick_count      => balatro_run_view_pick_count,
        view_pick_category   => balatro_run_view_pick_category,
        view_pick_chips      => balatro_run_view_pick_chips,
        view_pick_mult       => balatro_run_view_pick_mult,
        view_money           => balatro_run_view_money,
        view_levels          => balatro_run_view_levels,
        view_jokers          => balatro_run_view_jokers,
        view_joker_count     => balatro_run_view_joker_count,
        view_counters        => balatro_run_view_counters,
        view_played          => balatro_run_view_played,
        view_shop            => balatro_run_view_shop,
        view_shop_prices     => balatro_run_view_shop_prices,
        view_reroll_price    => balatro_run_view_reroll_price,
        view_payout_reward   => balatro_run_view_payout_reward,
        view_payout_hands    => balatro_run_view_payout_hands,
        view_payout_interest => balatro_run_view_payout_interest
    );
