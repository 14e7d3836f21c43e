-- holdem_console: instantiation template (pokerhdl 0.1.0; generated, do not edit).
-- The block: generated/vhdl/holdem_console.vhd with generated/vhdl/pck_myhdl_011.vhd.
-- Hold'em table with its UART terminal and panel interface (deck stream in).
-- The lines after the COMPONENT mark go among your architecture's declarations,
-- those after the INSTANCE mark into its body (or use entity work.holdem_console).

-- COMPONENT
component holdem_console is
    port (
        clk: in std_logic;
        rst: in std_logic;
        rxd: in std_logic;
        txd: out std_logic;
        sw: in std_logic_vector(15 downto 0);
        btn_act: in std_logic;
        btn_up: in std_logic;
        btn_down: in std_logic;
        btn_reveal: in std_logic;
        btn_deal: in std_logic;
        s_axis_tdata: in std_logic_vector(5 downto 0);
        s_axis_tvalid: in std_logic;
        s_axis_tready: out std_logic;
        deck_request: out std_logic;
        probe_addr: in std_logic_vector(7 downto 0);
        probe_data: out std_logic_vector(23 downto 0);
        led: out std_logic_vector(15 downto 0);
        disp_value: out std_logic_vector(10 downto 0);
        busy: out std_logic;
        key_event: out std_logic;
        hand_done: out std_logic;
        game_over: out std_logic
    );
end component;

signal holdem_console_clk: std_logic;
signal holdem_console_rst: std_logic;
signal holdem_console_rxd: std_logic;
signal holdem_console_txd: std_logic;
signal holdem_console_sw: std_logic_vector(15 downto 0);
signal holdem_console_btn_act: std_logic;
signal holdem_console_btn_up: std_logic;
signal holdem_console_btn_down: std_logic;
signal holdem_console_btn_reveal: std_logic;
signal holdem_console_btn_deal: std_logic;
signal holdem_console_s_axis_tdata: std_logic_vector(5 downto 0);
signal holdem_console_s_axis_tvalid: std_logic;
signal holdem_console_s_axis_tready: std_logic;
signal holdem_console_deck_request: std_logic;
signal holdem_console_probe_addr: std_logic_vector(7 downto 0);
signal holdem_console_probe_data: std_logic_vector(23 downto 0);
signal holdem_console_led: std_logic_vector(15 downto 0);
signal holdem_console_disp_value: std_logic_vector(10 downto 0);
signal holdem_console_busy: std_logic;
signal holdem_console_key_event: std_logic;
signal holdem_console_hand_done: std_logic;
signal holdem_console_game_over: std_logic;

-- INSTANCE
holdem_console_0: holdem_console
    port map (
        clk           => holdem_console_clk,
        rst           => holdem_console_rst,
        rxd           => holdem_console_rxd,
        txd           => holdem_console_txd,
        sw            => holdem_console_sw,
        btn_act       => holdem_console_btn_act,
        btn_up        => holdem_console_btn_up,
        btn_down      => holdem_console_btn_down,
        btn_reveal    => holdem_console_btn_reveal,
        btn_deal      => holdem_console_btn_deal,
        s_axis_tdata  => holdem_console_s_axis_tdata,
        s_axis_tvalid => holdem_console_s_axis_tvalid,
        s_axis_tready => holdem_console_s_axis_tready,
        deck_request  => holdem_console_deck_request,
        probe_addr    => holdem_console_probe_addr,
        probe_data    => holdem_console_probe_data,
        led           => holdem_console_led,
        disp_value    => holdem_console_disp_value,
        busy          => holdem_console_busy,
        key_event     => holdem_console_key_event,
        hand_done     => holdem_console_hand_done,
        game_over     => holdem_console_game_over
    );
