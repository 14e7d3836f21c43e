-- holdem_table: instantiation template (pokerhdl 0.1.0; generated, do not edit).
-- The block: generated/vhdl/holdem_table.vhd with generated/vhdl/pck_myhdl_011.vhd.
-- Texas Hold'em table controller (golden holdem.Table): commands, deck stream, log, probe.
-- The lines after the COMPONENT mark go among your architecture's declarations,
-- those after the INSTANCE mark into its body (or use entity work.holdem_table).

-- COMPONENT
component holdem_table is
    port (
        clk: in std_logic;
        rst: in std_logic;
        cmd_valid: in std_logic;
        cmd_ready: out std_logic;
        cmd_op: in std_logic_vector(1 downto 0);
        cmd_seat: in std_logic_vector(2 downto 0);
        cmd_action: in std_logic_vector(2 downto 0);
        cmd_amount: in std_logic_vector(10 downto 0);
        res_valid: out std_logic;
        res_code: out std_logic_vector(3 downto 0);
        s_axis_tdata: in std_logic_vector(5 downto 0);
        s_axis_tvalid: in std_logic;
        s_axis_tready: out std_logic;
        deck_request: out std_logic;
        log_valid: out std_logic;
        log_seat: out std_logic_vector(2 downto 0);
        log_action: out std_logic_vector(2 downto 0);
        log_put: out std_logic_vector(10 downto 0);
        log_total: out std_logic_vector(10 downto 0);
        log_allin: out std_logic;
        hand_done: out std_logic;
        game_over: out std_logic;
        probe_addr: in std_logic_vector(7 downto 0);
        probe_data: out std_logic_vector(23 downto 0)
    );
end component;

signal holdem_table_clk: std_logic;
signal holdem_table_rst: std_logic;
signal holdem_table_cmd_valid: std_logic;
signal holdem_table_cmd_ready: std_logic;
signal holdem_table_cmd_op: std_logic_vector(1 downto 0);
signal holdem_table_cmd_seat: std_logic_vector(2 downto 0);
signal holdem_table_cmd_action: std_logic_vector(2 downto 0);
signal holdem_table_cmd_amount: std_logic_vector(10 downto 0);
signal holdem_table_res_valid: std_logic;
signal holdem_table_res_code: std_logic_vector(3 downto 0);
signal holdem_table_s_axis_tdata: std_logic_vector(5 downto 0);
signal holdem_table_s_axis_tvalid: std_logic;
signal holdem_table_s_axis_tready: std_logic;
signal holdem_table_deck_request: std_logic;
signal holdem_table_log_valid: std_logic;
signal holdem_table_log_seat: std_logic_vector(2 downto 0);
signal holdem_table_log_action: std_logic_vector(2 downto 0);
signal holdem_table_log_put: std_logic_vector(10 downto 0);
signal holdem_table_log_total: std_logic_vector(10 downto 0);
signal holdem_table_log_allin: std_logic;
signal holdem_table_hand_done: std_logic;
signal holdem_table_game_over: std_logic;
signal holdem_table_probe_addr: std_logic_vector(7 downto 0);
signal holdem_table_probe_data: std_logic_vector(23 downto 0);

-- INSTANCE
holdem_table_0: holdem_table
    port map (
        clk           => holdem_table_clk,
        rst           => holdem_table_rst,
        cmd_valid     => holdem_table_cmd_valid,
        cmd_ready     => holdem_table_cmd_ready,
        cmd_op        => holdem_table_cmd_op,
        cmd_seat      => holdem_table_cmd_seat,
        cmd_action    => holdem_table_cmd_action,
        cmd_amount    => holdem_table_cmd_amount,
        res_valid     => holdem_table_res_valid,
        res_code      => holdem_table_res_code,
        s_axis_tdata  => holdem_table_s_axis_tdata,
        s_axis_tvalid => holdem_table_s_axis_tvalid,
        s_axis_tready => holdem_table_s_axis_tready,
        deck_request  => holdem_table_deck_request,
        log_valid     => holdem_table_log_valid,
        log_seat      => holdem_table_log_seat,
        log_action    => holdem_table_log_action,
        log_put       => holdem_table_log_put,
        log_total     => holdem_table_log_total,
        log_allin     => holdem_table_log_allin,
        hand_done     => holdem_table_hand_done,
        game_over     => holdem_table_game_over,
        probe_addr    => holdem_table_probe_addr,
        probe_data    => holdem_table_probe_data
    );
