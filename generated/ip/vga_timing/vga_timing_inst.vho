-- vga_timing: instantiation template (pokerhdl 0.1.0; generated, do not edit).
-- The block: generated/vhdl/vga_timing.vhd with generated/vhdl/pck_myhdl_011.vhd.
-- VGA 640x480 at 60 Hz timing: pixel enable, counters, negative syncs, blanking.
-- The lines after the COMPONENT mark go among your architecture's declarations,
-- those after the INSTANCE mark into its body (or use entity work.vga_timing).

-- COMPONENT
component vga_timing is
    port (
        clk: in std_logic;
        rst: in std_logic;
        pixel_en: out std_logic;
        x: out std_logic_vector(9 downto 0);
        y: out std_logic_vector(9 downto 0);
        active: out std_logic;
        hsync: out std_logic;
        vsync: out std_logic;
        frame_start: out std_logic
    );
end component;

signal vga_timing_clk: std_logic;
signal vga_timing_rst: std_logic;
signal vga_timing_pixel_en: std_logic;
signal vga_timing_x: std_logic_vector(9 downto 0);
signal vga_timing_y: std_logic_vector(9 downto 0);
signal vga_timing_active: std_logic;
signal vga_timing_hsync: std_logic;
signal vga_timing_vsync: std_logic;
signal vga_timing_frame_start: std_logic;

-- INSTANCE
vga_timing_0: vga_timing
    port map (
        clk         => vga_timing_clk,
        rst         => vga_timing_rst,
        pixel_en    => vga_timing_pixel_en,
        x           => vga_timing_x,
        y           => vga_timing_y,
        active      => vga_timing_active,
        hsync       => vga_timing_hsync,
        vsync       => vga_timing_vsync,
        frame_start => vga_timing_frame_start
    );
