-- sevenseg: instantiation template (pokerhdl 0.1.0; generated, do not edit).
-- The block: generated/vhdl/sevenseg.vhd with generated/vhdl/pck_myhdl_011.vhd.
-- multiplexed 7-segment driver, glyph per digit in, active-high seg/dp/an out.
-- The lines after the COMPONENT mark go among your architecture's declarations,
-- those after the INSTANCE mark into its body (or use entity work.sevenseg).

-- COMPONENT
component sevenseg is
    port (
        clk: in std_logic;
        rst: in std_logic;
        glyphs: in std_logic_vector(27 downto 0);
        dots: in std_logic_vector(3 downto 0);
        seg: out std_logic_vector(6 downto 0);
        dp: out std_logic;
        an: out std_logic_vector(3 downto 0)
    );
end component;

signal sevenseg_clk: std_logic;
signal sevenseg_rst: std_logic;
signal sevenseg_glyphs: std_logic_vector(27 downto 0);
signal sevenseg_dots: std_logic_vector(3 downto 0);
signal sevenseg_seg: std_logic_vector(6 downto 0);
signal sevenseg_dp: std_logic;
signal sevenseg_an: std_logic_vector(3 downto 0);

-- INSTANCE
sevenseg_0: sevenseg
    port map (
        clk    => sevenseg_clk,
        rst    => sevenseg_rst,
        glyphs => sevenseg_glyphs,
        dots   => sevenseg_dots,
        seg    => sevenseg_seg,
        dp     => sevenseg_dp,
        an     => sevenseg_an
    );
