-- glyph_rom: instantiation template (pokerhdl 0.1.0; generated, do not edit).
-- The block: generated/vhdl/glyph_rom.vhd with generated/vhdl/pck_myhdl_011.vhd.
-- the 8x16 font's glyph rows (golden/font.py), a registered read for a block RAM.
-- The lines after the COMPONENT mark go among your architecture's declarations,
-- those after the INSTANCE mark into its body (or use entity work.glyph_rom).

-- COMPONENT
component glyph_rom is
    port (
        clk: in std_logic;
        code: in std_logic_vector(6 downto 0);
        row: in std_logic_vector(3 downto 0);
        bits: out std_logic_vector(7 downto 0)
    );
end component;

signal glyph_rom_clk: std_logic;
signal glyph_rom_code: std_logic_vector(6 downto 0);
signal glyph_rom_row: std_logic_vector(3 downto 0);
signal glyph_rom_bits: std_logic_vector(7 downto 0);

-- INSTANCE
glyph_rom_0: glyph_rom
    port map (
        clk  => glyph_rom_clk,
        code => glyph_rom_code,
        row  => glyph_rom_row,
        bits => glyph_rom_bits
    );
