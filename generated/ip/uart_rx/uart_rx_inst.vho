-- uart_rx: instantiation template (pokerhdl 0.1.0; generated, do not edit).
-- The block: generated/vhdl/uart_rx.vhd with generated/vhdl/pck_myhdl_011.vhd.
-- UART receiver 8N1, AXI4-Stream byte output, framing error and overrun pulses.
-- The lines after the COMPONENT mark go among your architecture's declarations,
-- those after the INSTANCE mark into its body (or use entity work.uart_rx).

-- COMPONENT
component uart_rx is
    port (
        clk: in std_logic;
        rst: in std_logic;
        rxd: in std_logic;
        m_axis_tdata: out std_logic_vector(7 downto 0);
        m_axis_tvalid: out std_logic;
        m_axis_tready: in std_logic;
        framing_error: out std_logic;
        overrun: out std_logic
    );
end component;

signal uart_rx_clk: std_logic;
signal uart_rx_rst: std_logic;
signal uart_rx_rxd: std_logic;
signal uart_rx_m_axis_tdata: std_logic_vector(7 downto 0);
signal uart_rx_m_axis_tvalid: std_logic;
signal uart_rx_m_axis_tready: std_logic;
signal uart_rx_framing_error: std_logic;
signal uart_rx_overrun: std_logic;

-- INSTANCE
uart_rx_0: uart_rx
    port map (
        clk           => uart_rx_clk,
        rst           => uart_rx_rst,
        rxd           => uart_rx_rxd,
        m_axis_tdata  => uart_rx_m_axis_tdata,
        m_axis_tvalid => uart_rx_m_axis_tvalid,
        m_axis_tready => uart_rx_m_axis_tready,
        framing_error => uart_rx_framing_error,
        overrun       => uart_rx_overrun
    );
