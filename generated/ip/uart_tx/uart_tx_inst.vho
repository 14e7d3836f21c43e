-- uart_tx: instantiation template (pokerhdl 0.1.0; generated, do not edit).
-- The block: generated/vhdl/uart_tx.vhd with generated/vhdl/pck_myhdl_011.vhd.
-- UART transmitter 8N1, AXI4-Stream byte input.
-- The lines after the COMPONENT mark go among your architecture's declarations,
-- those after the INSTANCE mark into its body (or use entity work.uart_tx).

-- COMPONENT
component uart_tx is
    port (
        clk: in std_logic;
        rst: in std_logic;
        s_axis_tdata: in std_logic_vector(7 downto 0);
        s_axis_tvalid: in std_logic;
        s_axis_tready: out std_logic;
        txd: out std_logic
    );
end component;

signal uart_tx_clk: std_logic;
signal uart_tx_rst: std_logic;
signal uart_tx_s_axis_tdata: std_logic_vector(7 downto 0);
signal uart_tx_s_axis_tvalid: std_logic;
signal uart_tx_s_axis_tready: std_logic;
signal uart_tx_txd: std_logic;

-- INSTANCE
uart_tx_0: uart_tx
    port map (
        clk           => uart_tx_clk,
        rst           => uart_tx_rst,
        s_axis_tdata  => uart_tx_s_axis_tdata,
        s_axis_tvalid => uart_tx_s_axis_tvalid,
        s_axis_tready => uart_tx_s_axis_tready,
        txd           => uart_tx_txd
    );
