"""The emulated VGA monitor read back as text: each 8 x 16 cell of a frame matched against the one
font of the screens (golden/font.py), so that a terminal can show what the monitor shows.

The screens draw every cell as one glyph in an ink colour on a paper colour, and a card's big
suit as a glyph at twice the size over four cells, so a cell is read back exactly: its two
colours, and the glyph (or the quarter of a big suit) whose pixels are the ink. Some quarters
of two big suits are alike (a spade's tip is a diamond's): such a cell takes the suit of the
cell above or below it. A cell with more than two colours (a card's border runs through it) is
read as the nearest glyph on its most common colour. Nothing here knows a game: any screen in
the font reads back.
"""

from dataclasses import dataclass

import numpy

from ..golden.font import CODES, GLYPH_ROWS, HEIGHT, SUIT_CHARS, WIDTH


@dataclass(frozen=True)
class Cell:
    char: str
    ink: int          # 12-bit colours, 0xRGB
    paper: int


def _bits(rows):
    """A glyph's 16 rows of 8 bits as a 16 x 8 array of booleans."""
    return numpy.array([[row >> (WIDTH - 1 - x) & 1 for x in range(WIDTH)] for row in rows],
                       dtype=bool)


def _patterns():
    """(characters, 16 x 8 patterns): every glyph of the font, then the four quarters of each
    suit at double size (the cards' big suits)."""
    chars, shapes = [], []
    for code in range(CODES):
        if code < len(SUIT_CHARS):
            ch = SUIT_CHARS[code]
        else:
            ch = chr(code) if 32 <= code < 127 else " "
        if any(GLYPH_ROWS[code]) or ch == " ":
            chars.append(ch)
            shapes.append(_bits(GLYPH_ROWS[code]))
    for code, ch in enumerate(SUIT_CHARS):
        big = _bits(GLYPH_ROWS[code]).repeat(2, axis=0).repeat(2, axis=1)
        for top in (0, HEIGHT):
            for left in (0, WIDTH):
                chars.append(ch)
                shapes.append(big[top:top + HEIGHT, left:left + WIDTH])
    return chars, numpy.array(shapes)


CHARS, SHAPES = _patterns()
FLAT = SHAPES.reshape(len(CHARS), -1)
EXACT = {}                      # a pattern's characters: one, or the suits it may be a quarter of
for _k, _shape in enumerate(FLAT):
    EXACT[_shape.tobytes()] = EXACT.get(_shape.tobytes(), "") + CHARS[_k]


def read_cell(block):
    """The Cell of one 16 x 8 block of 12-bit colours; its char may be several suits (read_screen
    chooses)."""
    colours, counts = numpy.unique(block, return_counts=True)
    order = numpy.argsort(-counts, kind="stable")
    paper = int(colours[order[0]])
    if len(colours) == 1:
        return Cell(" ", paper, paper)
    ink = int(colours[order[1]])
    if len(colours) == 2:
        for fg, bg in ((ink, paper), (paper, ink)):
            ch = EXACT.get((block == fg).reshape(-1).tobytes())
            if ch and ch[0] != " ":
                return Cell(ch, fg, bg)
    lit = (block != paper).reshape(-1)
    nearest = int(numpy.argmin((FLAT != lit).sum(axis=1)))
    return Cell(CHARS[nearest], ink, paper)


def read_screen(pixels):
    """Rows of Cells of a frame (a height x width array of 12-bit colours, as
    VgaWatch.pixels gives it): 30 rows of 80 for the 640 x 480 screens."""
    pixels = numpy.asarray(pixels)
    rows, cols = pixels.shape[0] // HEIGHT, pixels.shape[1] // WIDTH
    cells = [[read_cell(pixels[r * HEIGHT:(r + 1) * HEIGHT, c * WIDTH:(c + 1) * WIDTH])
              for c in range(cols)] for r in range(rows)]
    for r, row in enumerate(cells):
        for c, cell in enumerate(row):
            if len(cell.char) > 1:             # a quarter of one of several big suits
                near = [cells[k][c].char for k in (r - 1, r + 1) if 0 <= k < rows]
                known = [ch for ch in near if len(ch) == 1 and ch in cell.char]
                row[c] = Cell(known[0] if known else cell.char[0], cell.ink, cell.paper)
    return cells


def screen_text(cells):
    """The characters alone, a line a row, trailing blanks dropped."""
    return ["".join(cell.char for cell in row).rstrip() for row in cells]


def monitor_lines(pixels):
    """A frame's text, a line a cell row (read_screen, then screen_text)."""
    return screen_text(read_screen(pixels))


def save_frame(pixels, path):
    """A frame as a PNG picture (Pillow), each 4-bit channel widened to 8 bits."""
    from PIL import Image
    pixels = numpy.asarray(pixels, dtype=numpy.uint16)
    rgb = numpy.stack([(pixels >> 8) & 15, (pixels >> 4) & 15, pixels & 15], axis=-1) * 17
    Image.fromarray(rgb.astype(numpy.uint8), "RGB").save(path)
