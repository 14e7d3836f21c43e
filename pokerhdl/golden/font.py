"""The one font of the VGA screens: 8x16 glyphs (rows of 8 pixels, bit 7 the leftmost) for
ASCII 32..126 and the four suits. The golden renderer draws from this table and the RTL
renderer's glyph ROM is generated from it, so a captured frame can be compared pixel for pixel
with the golden one.

Codes are 7 bits: ASCII keeps its code, the suits take 0..3 in the card code's suit order
(clubs, diamonds, hearts, spades), every other code is blank. The glyphs were drawn once from
DejaVu Sans Mono Bold at 14 px, thresholded (the DejaVu/Bitstream Vera licence lets anyone use
and change them); ``python -m pokerhdl.golden.font`` draws them again where Pillow and that
font are installed, to check or to change the table.
"""

WIDTH, HEIGHT = 8, 16
CODES = 128
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
SUIT_CHARS = "\u2663\u2666\u2665\u2660"     # the suits' glyphs, by suit
FONT_FILE = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"

# each glyph: 16 rows as 32 hex digits, top row first
ASCII = (
    "00000000000000000000000000000000",  # ' '
    "00000018181818181818001818000000",  # '!'
    "00000026262626000000000000000000",  # '"'
    "0000001b1a127f3624ff6c6c48000000",  # '#'
    "000008083e6a687c1e0e0a6e3c080800",  # '$'
    "00000070d8d8730c3047090907000000",  # '%'
    "0000003c3070307879cdcf673f000000",  # '&'
    "00000018181818000000000000000000",  # "'"
    "00000c0c18181818181818180c0c0000",  # '('
    "0000301818180c0c0c0c181818300000",  # ')'
    "000000084a3c3c4a0800000000000000",  # '*'
    "00000000181818ffff18181800000000",  # '+'
    "00000000000000000000181818100000",  # ','
    "00000000000000003c3c000000000000",  # '-'
    "00000000000000000000181818000000",  # '.'
    "0000000306060c0c0818103020606000",  # '/'
    "0000003c7666676f6f6766763c000000",  # '0'
    "0000003c7c1c1c1c1c1c1c1c7f000000",  # '1'
    "0000003c4606060e0c1830707e000000",  # '2'
    "0000003c4606061c060707463c000000",  # '3'
    "0000000e1e1e3666667f060606000000",  # '4'
    "0000007e60607c46060706463c000000",  # '5'
    "0000001c32607c76636363763c000000",  # '6'
    "0000007e06060e0c1c18183830000000",  # '7'
    "0000003c6666663c666363663c000000",  # '8'
    "0000003c66666767673e06463c000000",  # '9'
    "00000000000018181800181818000000",  # ':'
    "00000000000018181800181818100000",  # ';'
    "0000000000030f7c60780f0300000000",  # '<'
    "00000000007f7f00007f7f0000000000",  # '='
    "000000000040781e071e784000000000",  # '>'
    "0000003c26060e1c1818001818000000",  # '?'
    "0000001e6243cfdbd1d1dbcf40331f00",  # '@'
    "0000001c3c3c3436667e6363c3000000",  # 'A'
    "0000007e6667667e666363677e000000",  # 'B'
    "0000001e30706060606070301e000000",  # 'C'
    "0000007c66666363636366667c000000",  # 'D'
    "0000007f6060607e606060607f000000",  # 'E'
    "0000007f6060607e6060606060000000",  # 'F'
    "0000001e30606060676363331e000000",  # 'G'
    "000000676767677f6767676767000000",  # 'H'
    "0000007e18181818181818187e000000",  # 'I'
    "0000003e060606060606064e3c000000",  # 'J'
    "00000063666c78787c6e666763000000",  # 'K'
    "0000007070707070707070707f000000",  # 'L'
    "0000006777777f5b5b43434343000000",  # 'M'
    "000000637373737b6b6f6f6767000000",  # 'N'
    "0000003c66676363636367663c000000",  # 'O'
    "0000007e676363677e60606060000000",  # 'P'
    "0000003c66676363636367663e060200",  # 'Q'
    "0000007c666667667c6e666763000000",  # 'R'
    "0000003c6260707c1e0707463c000000",  # 'S'
    "0000007f181818181818181818000000",  # 'T'
    "0000006363636363636363663e000000",  # 'U'
    "000000e36367666636363c3c1c000000",  # 'V'
    "000000c1c3c3dbdb5f7f777666000000",  # 'W'
    "000000e366363c1c1c3c3666e3000000",  # 'X'
    "000000e367763e3c1c18181818000000",  # 'Y'
    "0000007f070e0e1c383870707f000000",  # 'Z'
    "00001c181818181818181818181c0000",  # '['
    "000000606020301018080c0c06060300",  # '\\'
    "00003c0c0c0c0c0c0c0c0c0c0c3c0000",  # ']'
    "0000001c3c7663000000000000000000",  # '^'
    "000000000000000000000000000000ff",  # '_'
    "00301018000000000000000000000000",  # '`'
    "00000000003e46073f6767673f000000",  # 'a'
    "00006060607e7663636363767e000000",  # 'b'
    "00000000001e3260606060321e000000",  # 'c'
    "00000606063e6666666666663e000000",  # 'd'
    "00000000003c66637f6060713e000000",  # 'e'
    "00000e18187e18181818181818000000",  # 'f'
    "00000000003f6767676767673f06063c",  # 'g'
    "00006060607e76666666666666000000",  # 'h'
    "00001c1c007c1c1c1c1c1c1c7f000000",  # 'i'
    "00000c0c003c0c0c0c0c0c0c0c0c1c78",  # 'j'
    "0000606060676e7c7c7c666663000000",  # 'k'
    "0000781818181818181818180f000000",  # 'l'
    "0000000000fedbdbdbdbdbdbdb000000",  # 'm'
    "00000000007e76666666666666000000",  # 'n'
    "00000000003c6667636367663c000000",  # 'o'
    "00000000007e7663636363767e606060",  # 'p'
    "00000000003e6666666666663e060606",  # 'q'
    "00000000003f39303030303030000000",  # 'r'
    "00000000003c62707c1e06463c000000",  # 's'
    "00000018187e1818181818181e000000",  # 't'
    "0000000000666666666666663e000000",  # 'u'
    "000000000063666636363c3c1c000000",  # 'v'
    "0000000000c1c3db5b7f777666000000",  # 'w'
    "000000000067363c1c1c3c7667000000",  # 'x'
    "0000000000636766363e3c1c1c181870",  # 'y'
    "00000000007e060e1c3838707e000000",  # 'z'
    "00000e18181818187018181818180e00",  # '{'
    "00001818181818181818181818181818",  # '|'
    "000078181818181c0e1c181818187800",  # '}'
    "00000000000000797f0e000000000000",  # '~'
)
SUITS = (
    "000000001c3c1c7effff6f0800000000",  # clubs
    "00000000081c3c7e7e3c1c0800000000",  # diamonds
    "0000000077ffff7f7e3c1c0800000000",  # hearts
    "00000000081c3c7e7e7f6e0800000000",  # spades
)


def _rows(text):
    return tuple(bytes.fromhex(text))


GLYPH_ROWS = tuple(
    _rows(SUITS[code]) if code < 4 else
    _rows(ASCII[code - 32]) if 32 <= code < 127 else (0,) * HEIGHT
    for code in range(CODES))


def code_of(ch):
    """The code of a character: ASCII, or a suit symbol (one of SUIT_CHARS)."""
    if ch in SUIT_CHARS:
        return SUIT_CHARS.index(ch)
    if not 32 <= ord(ch) < 127:
        raise ValueError(f"no glyph for {ch!r}")
    return ord(ch)


def pixel(code, x, y):
    """1 where glyph ``code`` is lit at column x (0 left) and row y (0 top)."""
    return GLYPH_ROWS[code][y] >> (WIDTH - 1 - x) & 1


def draw_from_font(font_file=FONT_FILE, size=14, threshold=110):
    """The table drawn again from the TrueType font (Pillow): {character: 16 row bytes}."""
    from PIL import Image, ImageDraw, ImageFont
    font = ImageFont.truetype(font_file, size)
    out = {}
    for ch in [chr(c) for c in range(32, 127)] + list(SUIT_CHARS):
        image = Image.new("L", (WIDTH, HEIGHT), 0)
        ImageDraw.Draw(image).text(((WIDTH - font.getlength(ch)) / 2, 0), ch, font=font,
                                   fill=255)
        out[ch] = tuple(sum((image.getpixel((x, y)) >= threshold) << (WIDTH - 1 - x)
                            for x in range(WIDTH)) for y in range(HEIGHT))
    return out


if __name__ == "__main__":
    drawn = draw_from_font()
    differ = [ch for ch, rows in drawn.items() if rows != GLYPH_ROWS[code_of(ch)]]
    print("the table is what the font draws" if not differ else
          f"{len(differ)} glyphs differ: {''.join(differ)!r}")
