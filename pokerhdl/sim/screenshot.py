"""A terminal screen's text lines as a PNG picture (Pillow): the README pictures of the emulator
(`pokerhdl emulate --screenshot`) and of the table client (`pokerhdl join --screenshot`) are
drawn from the very lines their curses screens show."""

import os
import re

FONTS = ("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
         "/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf")
BACKGROUND = (24, 26, 30)
TITLE = (255, 214, 102)
TEXT = (220, 224, 228)
RED = (240, 96, 96)


def save_png(lines, path, columns=96, red=None):
    """Light text on a dark terminal, the first line as a title; ``red``: a regular expression
    whose matches are drawn red (the client's hearts and diamonds)."""
    from PIL import Image, ImageDraw, ImageFont
    font = None
    for candidate in FONTS:
        if os.path.exists(candidate):
            font = ImageFont.truetype(candidate, 15)
            break
    if font is None:
        font = ImageFont.load_default()
    box = font.getbbox("M")
    cw, ch = box[2] - box[0], int((box[3] - box[1]) * 1.6) + 2
    image = Image.new("RGB", (cw * columns + 24, ch * len(lines) + 24), BACKGROUND)
    ink = ImageDraw.Draw(image)
    for y, line in enumerate(lines):
        line = line[:columns]
        top = 12 + y * ch
        ink.text((12, top), line, font=font, fill=TITLE if y == 0 else TEXT)
        for m in re.finditer(red, line) if red else ():
            left = 12 + font.getlength(line[:m.start()])
            right = 12 + font.getlength(line[:m.end()])
            ink.rectangle((left, top, right, top + ch - 1), fill=BACKGROUND)
            ink.text((left, top), m.group(), font=font, fill=RED)
    image.save(path)
