"""The 7-segment font: which segments light for each character we show.

A glyph is 7 bits, bit 0 = segment a (top) ... bit 5 = f (top left), bit 6 = g (middle),
active-high; boards with active-low segments invert once, in the board layer.
"""

from .cards import NO_CARD, RANKS, SUITS, is_card

_SEGMENTS = {  # character: lit segments
    "0": "abcdef", "1": "bc", "2": "abdeg", "3": "abcdg", "4": "bcfg", "5": "acdfg",
    "6": "acdefg", "7": "abc", "8": "abcdefg", "9": "abcdfg", "A": "abcefg", "b": "cdefg",
    "C": "adef", "c": "deg", "d": "bcdeg", "E": "adefg", "F": "aefg", "H": "bcefg", "h": "cefg",
    "J": "bcde", "K": "acefg", "L": "def", "n": "ceg", "o": "cdeg", "P": "abefg", "q": "abcfg",
    "r": "eg", "S": "acdfg", "t": "defg", "U": "bcdef", "y": "bcdfg", "-": "g", " ": "", "?": "abeg",
    # for messages ("FoLd", "Err", "PASS", "tiE", "bUSt", "ALL in", "GAME"...)
    "G": "acdef", "i": "c", "O": "abcdef", "u": "cde", "_": "d", "=": "dg",
}
GLYPHS = {ch: sum(1 << "abcdefg".index(s) for s in segs) for ch, segs in _SEGMENTS.items()}
RANK_GLYPH_CHARS = "23456789tJqKA"   # T and Q would read as 7 and 9 in upper case
SUIT_GLYPH_CHARS = "cdhS"


def glyph(ch):
    """Segments of one character."""
    try:
        return GLYPHS[ch]
    except KeyError:
        raise ValueError(f"no 7-segment glyph for {ch!r}; known: {''.join(sorted(GLYPHS))}") from None


def card_glyphs(code):
    """(rank glyph, suit glyph) of a code: '- -' for NO_CARD, '? ?' for an invalid code."""
    if code == NO_CARD:
        return glyph("-"), glyph("-")
    if not is_card(code):
        return glyph("?"), glyph("?")
    return glyph(RANK_GLYPH_CHARS[code >> 2]), glyph(SUIT_GLYPH_CHARS[code & 3])


def card_ascii(code):
    """The two ASCII bytes a terminal shows for a code: 'Ah', '--' for NO_CARD, '??' if invalid."""
    if code == NO_CARD:
        return ord("-"), ord("-")
    if not is_card(code):
        return ord("?"), ord("?")
    return ord(RANKS[code >> 2]), ord(SUITS[code & 3])


def glyph_bus(text):
    """The flattened glyph bus of a sevenseg block showing ``text``: one character per digit,
    the first character on the leftmost digit, i.e. in the highest 7 bits (digit 0, the
    rightmost, is bits 6..0)."""
    bus = 0
    for ch in text:
        bus = bus << 7 | glyph(ch)
    return bus


def bus_text(bus, digits):
    """The glyphs of a bus, leftmost digit first (inverse of glyph_bus for distinct glyphs)."""
    return [(bus >> 7 * i) & 0x7F for i in reversed(range(digits))]


def message_text(text, digits):
    """A message as the display shows it: left-aligned, padded with blanks."""
    if len(text) > digits:
        raise ValueError(f"{text!r} does not fit in {digits} digits")
    for ch in text:
        glyph(ch)
    return text.ljust(digits)


def decimal_text(value, digits, scientific=False):
    """An unsigned number as the display shows it: right-aligned with leading blanks. A number
    with more decimal digits than the display shows a dash on every digit (never a wrong
    number), or with ``scientific`` the form 1.23456E8: its leading digits, the first with the
    dot lit (written "1." as Emulator.display_text reads a lit dot), "E" and the power of ten
    fill the digits. The digits are cut, not rounded: never more than the number."""
    if value < 0:
        raise ValueError(f"negative value {value}")
    text = str(value)
    if len(text) <= digits:
        return text.rjust(digits)
    power = str(len(text) - 1)
    kept = digits - 1 - len(power)
    if not scientific or kept < 1:
        return "-" * digits
    return f"{text[0]}.{text[1:kept]}E{power}"


def text_glyphs(text):
    """(glyph, dot) per digit, leftmost first, of a display text ("." lights the dot of the
    character before it)."""
    shown = []
    for ch in text:
        if ch == "." and shown:
            shown[-1] = (shown[-1][0], True)
        else:
            shown.append((glyph(ch), False))
    return shown


def bcd(value, digits):
    """Binary-coded decimal of value in ``digits`` nibbles (digit 0 in the lowest nibble)."""
    if not 0 <= value < 10 ** digits:
        raise ValueError(f"{value} does not fit in {digits} decimal digits")
    return int(str(value), 16)


def bcd_digits(width):
    """Decimal digits needed for every unsigned number of ``width`` bits."""
    return len(str(2 ** width - 1))
