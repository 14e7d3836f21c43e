-- card_codec: instantiation template (pokerhdl 0.1.0; generated, do not edit).
-- The block: generated/vhdl/card_codec.vhd with generated/vhdl/pck_myhdl_011.vhd.
-- card code <-> rank/suit/flags, ASCII text and 7-segment glyphs.
-- The lines after the COMPONENT mark go among your architecture's declarations,
-- those after the INSTANCE mark into its body (or use entity work.card_codec).

-- COMPONENT
component card_codec is
    port (
        code: in std_logic_vector(5 downto 0);
        rank: out std_logic_vector(3 downto 0);
        suit: out std_logic_vector(1 downto 0);
        valid: out std_logic;
        none: out std_logic;
        invalid: out std_logic;
        rank_char: out std_logic_vector(7 downto 0);
        suit_char: out std_logic_vector(7 downto 0);
        rank_seg: out std_logic_vector(6 downto 0);
        suit_seg: out std_logic_vector(6 downto 0);
        rank_in: in std_logic_vector(3 downto 0);
        suit_in: in std_logic_vector(1 downto 0);
        code_out: out std_logic_vector(5 downto 0);
        code_out_valid: out std_logic
    );
end component;

signal card_codec_code: std_logic_vector(5 downto 0);
signal card_codec_rank: std_logic_vector(3 downto 0);
signal card_codec_suit: std_logic_vector(1 downto 0);
signal card_codec_valid: std_logic;
signal card_codec_none: std_logic;
signal card_codec_invalid: std_logic;
signal card_codec_rank_char: std_logic_vector(7 downto 0);
signal card_codec_suit_char: std_logic_vector(7 downto 0);
signal card_codec_rank_seg: std_logic_vector(6 downto 0);
signal card_codec_suit_seg: std_logic_vector(6 downto 0);
signal card_codec_rank_in: std_logic_vector(3 downto 0);
signal card_codec_suit_in: std_logic_vector(1 downto 0);
signal card_codec_code_out: std_logic_vector(5 downto 0);
signal card_codec_code_out_valid: std_logic;

-- INSTANCE
card_codec_0: card_codec
    port map (
        code           => card_codec_code,
        rank           => card_codec_rank,
        suit           => card_codec_suit,
        valid          => card_codec_valid,
        none           => card_codec_none,
        invalid        => card_codec_invalid,
        rank_char      => card_codec_rank_char,
        suit_char      => card_codec_suit_char,
        rank_seg       => card_codec_rank_seg,
        suit_seg       => card_codec_suit_seg,
        rank_in        => card_codec_rank_in,
        suit_in        => card_codec_suit_in,
        code_out       => card_codec_code_out,
        code_out_valid => card_codec_code_out_valid
    );
