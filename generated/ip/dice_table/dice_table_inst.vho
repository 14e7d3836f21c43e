-- dice_table: instantiation template (pokerhdl 0.1.0; generated, do not edit).
-- The block: generated/vhdl/dice_table.vhd with generated/vhdl/pck_myhdl_011.vhd.
-- 7 up 7 down table controller (golden dice.DiceGame): commands, dice in, window.
-- The lines after the COMPONENT mark go among your architecture's declarations,
-- those after the INSTANCE mark into its body (or use entity work.dice_table).

-- COMPONENT
component dice_table is
    port (
        clk: in std_logic;
        rst: in std_logic;
        cmd_valid: in std_logic;
        cmd_ready: out std_logic;
        cmd_op: in std_logic_vector(1 downto 0);
        cmd_amount: in std_logic_vector(7 downto 0);
        cmd_up: in std_logic;
        dice_request: out std_logic;
        dice_data: in std_logic_vector(5 downto 0);
        dice_valid: in std_logic;
        dice_ready: out std_logic;
        res_valid: out std_logic;
        res_code: out std_logic_vector(2 downto 0);
        probe_addr: in std_logic_vector(4 downto 0);
        probe_data: out std_logic_vector(10 downto 0);
        view: in std_logic_vector(2 downto 0);
        view_data: out std_logic_vector(10 downto 0);
        phase: out std_logic_vector(1 downto 0);
        bidder: out std_logic;
        ups: out std_logic_vector(1 downto 0);
        winner: out std_logic_vector(1 downto 0)
    );
end component;

signal dice_table_clk: std_logic;
signal dice_table_rst: std_logic;
signal dice_table_cmd_valid: std_logic;
signal dice_table_cmd_ready: std_logic;
signal dice_table_cmd_op: std_logic_vector(1 downto 0);
signal dice_table_cmd_amount: std_logic_vector(7 downto 0);
signal dice_table_cmd_up: std_logic;
signal dice_table_dice_request: std_logic;
signal dice_table_dice_data: std_logic_vector(5 downto 0);
signal dice_table_dice_valid: std_logic;
signal dice_table_dice_ready: std_logic;
signal dice_table_res_valid: std_logic;
signal dice_table_res_code: std_logic_vector(2 downto 0);
signal dice_table_probe_addr: std_logic_vector(4 downto 0);
signal dice_table_probe_data: std_logic_vector(10 downto 0);
signal dice_table_view: std_logic_vector(2 downto 0);
signal dice_table_view_data: std_logic_vector(10 downto 0);
signal dice_table_phase: std_logic_vector(1 downto 0);
signal dice_table_bidder: std_logic;
signal dice_table_ups: std_logic_vector(1 downto 0);
signal dice_table_winner: std_logic_vector(1 downto 0);

-- INSTANCE
dice_table_0: dice_table
    port map (
        clk          => dice_table_clk,
        rst          => dice_table_rst,
        cmd_valid    => dice_table_cmd_valid,
        cmd_ready    => dice_table_cmd_ready,
        cmd_op       => dice_table_cmd_op,
        cmd_amount   => dice_table_cmd_amount,
        cmd_up       => dice_table_cmd_up,
        dice_request => dice_table_dice_request,
        dice_data    => dice_table_dice_data,
        dice_valid   => dice_table_dice_valid,
        dice_ready   => dice_table_dice_ready,
        res_valid    => dice_table_res_valid,
        res_code     => dice_table_res_code,
        probe_addr   => dice_table_probe_addr,
        probe_data   => dice_table_probe_data,
        view         => dice_table_view,
        view_data    => dice_table_view_data,
        phase        => dice_table_phase,
        bidder       => dice_table_bidder,
        ups          => dice_table_ups,
        winner       => dice_table_winner
    );
