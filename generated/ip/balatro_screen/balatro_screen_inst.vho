-- balatro_screen: instantiation template (pokerhdl 0.1.0; generated, do not edit).
-- The block: generated/vhdl/balatro_screen.vhd with generated/vhdl/pck_myhdl_011.vhd.
-- the Balatro table on VGA from the controller's view (no frame buffer), 640x480.
-- The lines after the COMPONENT mark go among your architecture's declarations,
-- those after the INSTANCE mark into its body (or use entity work.balatro_screen).

-- COMPONENT
component balatro_screen is
    port (
        clk: in std_logic;
        rst: in std_logic;
        selection: in std_logic_vector(7 downto 0);
        rgb: out std_logic_vector(11 downto 0);
        hsync: out std_logic;
        vsync: out std_logic;
        view_hand: in std_logic_vector(47 downto 0);
        view_hand_len: in std_logic_vector(3 downto 0);
        view_phase: in std_logic_vector(1 downto 0);
        view_ante: in std_logic_vector(3 downto 0);
        view_blind: in std_logic_vector(1 downto 0);
        view_target: in std_logic_vector(16 downto 0);
        view_score: in std_logic_vector(16 downto 0);
        view_hands_left: in std_logic_vector(3 downto 0);
        view_discards_left: in std_logic_vector(3 downto 0);
        view_deck_left: in std_logic_vector(5 downto 0);
        view_result: in std_logic_vector(2 downto 0);
        view_last_category: in std_logic_vector(3 downto 0);
        view_last_chips: in std_logic_vector(7 downto 0);
        view_last_mult: in std_logic_vector(3 downto 0);
        view_last_score: in std_logic_vector(10 downto 0);
        view_pick_count: in std_logic_vector(3 downto 0);
        view_pick_category: in std_logic_vector(3 downto 0);
        view_pick_chips: in std_logic_vector(7 downto 0);
        view_pick_mult: in std_logic_vector(3 downto 0)
    );
end component;

signal balatro_screen_clk: std_logic;
signal balatro_screen_rst: std_logic;
signal balatro_screen_selection: std_logic_vector(7 downto 0);
signal balatro_screen_rgb: std_logic_vector(11 downto 0);
signal balatro_screen_hsync: std_logic;
signal balatro_screen_vsync: std_logic;
signal balatro_screen_view_hand: std_logic_vector(47 downto 0);
signal balatro_screen_view_hand_len: std_logic_vector(3 downto 0);
signal balatro_screen_view_phase: std_logic_vector(1 downto 0);
signal balatro_screen_view_ante: std_logic_vector(3 downto 0);
signal balatro_screen_view_blind: std_logic_vector(1 downto 0);
signal balatro_screen_view_target: std_logic_vector(16 downto 0);
signal balatro_screen_view_score: std_logic_vector(16 downto 0);
signal balatro_screen_view_hands_left: std_logic_vector(3 downto 0);
signal balatro_screen_view_discards_left: std_logic_vector(3 downto 0);
signal balatro_screen_view_deck_left: std_logic_vector(5 downto 0);
signal balatro_screen_view_result: std_logic_vector(2 downto 0);
signal balatro_screen_view_last_category: std_logic_vector(3 downto 0);
signal balatro_screen_view_last_chips: std_logic_vector(7 downto 0);
signal balatro_screen_view_last_mult: std_logic_vector(3 downto 0);
signal balatro_screen_view_last_score: std_logic_vector(10 downto 0);
signal balatro_screen_view_pick_count: std_logic_vector(3 downto 0);
signal balatro_screen_view_pick_category: std_logic_vector(3 downto 0);
signal balatro_screen_view_pick_chips: std_logic_vector(7 downto 0);
signal balatro_screen_view_pick_mult: std_logic_vector(3 downto 0);

-- INSTANCE
balatro_screen_0: balatro_screen
    port map (
        clk                => balatro_screen_clk,
        rst                => balatro_screen_rst,
        selection          => balatro_screen_selection,
        rgb                => balatro_screen_rgb,
        hsync              => balatro_screen_hsync,
        vsync              => balatro_screen_vsync,
        view_hand          => balatro_screen_view_hand,
        view_hand_len      => balatro_screen_view_hand_len,
        view_phase         => balatro_screen_view_phase,
        view_ante          => balatro_screen_view_ante,
        view_blind         => balatro_screen_view_blind,
        view_target        => balatro_screen_view_target,
        view_score         => balatro_screen_view_score,
        view_hands_left    => balatro_screen_view_hands_left,
        view_discards_left => balatro_screen_view_discards_left,
        view_deck_left     => balatro_screen_view_deck_left,
        view_result        => balatro_screen_view_result,
        view_last_category => balatro_screen_view_last_category,
        view_last_chips    => balatro_screen_view_last_chips,
        view_last_mult     => balatro_screen_view_last_mult,
        view_last_score    => balatro_screen_view_last_score,
        view_pick_count    => balatro_screen_view_pick_count,
        view_pick_category => balatro_screen_view_pick_category,
        view_pick_chips    => balatro_screen_view_pick_chips,
        view_pick_mult     => balatro_screen_view_pick_mult
    );
