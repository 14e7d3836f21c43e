-- equity_lane: instantiation template (pokerhdl 0.1.0; generated, do not edit).
-- The block: generated/vhdl/equity_lane.vhd with generated/vhdl/pck_myhdl_011.vhd.
-- one lane of the equity engine: a Monte Carlo trial dealt, ranked and counted per clock.
-- The lines after the COMPONENT mark go among your architecture's declarations,
-- those after the INSTANCE mark into its body (or use entity work.equity_lane).

-- COMPONENT
component equity_lane is
    port (
        clk: in std_logic;
        rst: in std_logic;
        n: in std_logic_vector(5 downto 0);
        mask: in std_logic_vector(5 downto 0);
        dealt: in std_logic_vector(6 downto 0);
        fixed_cards: in std_logic_vector(41 downto 0);
        hero_cards: in std_logic_vector(11 downto 0);
        active: in std_logic_vector(1 downto 0);
        rem_we: in std_logic;
        rem_addr: in std_logic_vector(5 downto 0);
        rem_data: in std_logic_vector(5 downto 0);
        load: in std_logic;
        load_slot: in std_logic_vector(4 downto 0);
        load_index: in std_logic_vector(1 downto 0);
        seed_word: in std_logic_vector(31 downto 0);
        exact: in std_logic;
        start: in std_logic;
        quota: in std_logic_vector(39 downto 0);
        bonus: in std_logic;
        done: out std_logic;
        shift: in std_logic;
        chain_out: out std_logic_vector(7 downto 0)
    );
end component;

signal equity_lane_clk: std_logic;
signal equity_lane_rst: std_logic;
signal equity_lane_n: std_logic_vector(5 downto 0);
signal equity_lane_mask: std_logic_vector(5 downto 0);
signal equity_lane_dealt: std_logic_vector(6 downto 0);
signal equity_lane_fixed_cards: std_logic_vector(41 downto 0);
signal equity_lane_hero_cards: std_logic_vector(11 downto 0);
signal equity_lane_active: std_logic_vector(1 downto 0);
signal equity_lane_rem_we: std_logic;
signal equity_lane_rem_addr: std_logic_vector(5 downto 0);
signal equity_lane_rem_data: std_logic_vector(5 downto 0);
signal equity_lane_load: std_logic;
signal equity_lane_load_slot: std_logic_vector(4 downto 0);
signal equity_lane_load_index: std_logic_vector(1 downto 0);
signal equity_lane_seed_word: std_logic_vector(31 downto 0);
signal equity_lane_exact: std_logic;
signal equity_lane_start: std_logic;
signal equity_lane_quota: std_logic_vector(39 downto 0);
signal equity_lane_bonus: std_logic;
signal equity_lane_done: std_logic;
signal equity_lane_shift: std_logic;
signal equity_lane_chain_out: std_logic_vector(7 downto 0);

-- INSTANCE
equity_lane_0: equity_lane
    port map (
        clk         => equity_lane_clk,
        rst         => equity_lane_rst,
        n           => equity_lane_n,
        mask        => equity_lane_mask,
        dealt       => equity_lane_dealt,
        fixed_cards => equity_lane_fixed_cards,
        hero_cards  => equity_lane_hero_cards,
        active      => equity_lane_active,
        rem_we      => equity_lane_rem_we,
        rem_addr    => equity_lane_rem_addr,
        rem_data    => equity_lane_rem_data,
        load        => equity_lane_load,
        load_slot   => equity_lane_load_slot,
        load_index  => equity_lane_load_index,
        seed_word   => equity_lane_seed_word,
        exact       => equity_lane_exact,
        start       => equity_lane_start,
        quota       => equity_lane_quota,
        bonus       => equity_lane_bonus,
        done        => equity_lane_done,
        shift       => equity_lane_shift,
        chain_out   => equity_lane_chain_out
    );
