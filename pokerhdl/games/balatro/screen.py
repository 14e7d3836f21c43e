"""The Balatro table on VGA, drawn from the game's view without a frame buffer: the hardware
twin of golden/balatro/screen.py, which it must match pixel for pixel.

Why no frame buffer: the screen is 80 x 30 cells of one glyph each, so a pixel's colour follows
from its cell (a character and two colours) and the glyph's row, one ROM read each. A 640 x
480 x 12-bit buffer would take 100 block RAMs and a writer that redraws on every move; this
takes two block RAMs (the glyphs, the text lines) and is right on the very next frame.

Text: every text row is one of a few lines (``LINES``), chosen by the row and the game's state
(the blind's name, the selection's hand, the last hand, the message). A line is 80 cells, each
a character or "digit k" of the numbers, which a double-dabble converter (rtl/bcd.py) turns
into characters in the background, one field at a time, with leading blanks (about 110 clocks
for all of them). Cards: the column says which card slot and where in it, the row whether the
card (raised when selected) is there, and the card's code gives the rank and suit glyphs.

Pipeline: the timing's registered (x, y), then seven registers: row, column and line address
decoded; line ROM and card fields; the line ROM's cell registered and card glyph choice; glyph
code; glyph ROM; its row registered; colour. Each block RAM's output goes straight into a
register (its 5.6 ns clock-to-out on an ECP5 leaves no time for logic). The syncs are delayed
as many clocks, so they stay aligned at any clocks-per-pixel.

The screen is made of named parts, each the only writer of its own registers:

    digit_codes     the numbers' characters (through bin2bcd, in the background)
    text_rows       the line each text row shows, chosen by the view
    cell_stages     stages A and B: the cell's line ROM address and read, the card under it
    card_stage      stage C: the card's glyph and border
    colour_stages   stages D to G: glyph code, glyph ROM, colour; the syncs delayed

The stages' registers are small interfaces (StageA a, StageB b, StageC c): the generated names
are a_row, b_op, c_char... as before, and the parts are @block(skipname=True).
"""

import re

from myhdl import block, always_seq, always_comb, always, concat, Signal, ResetSignal, intbv

from ...golden.balatro.game import (HAND_SLOTS, MAX_SELECT, NO_HAND, OK, PHASE_LOST, PHASE_TITLE,
                                    PHASE_WON, RESULT_TEXT)
from ...golden.balatro.screen import (BLACK, BLIND_TEXT, CARD_COL0, CARD_H, CARD_PITCH, CARD_ROW,
                                      CARD_W, COLS, FELT, GOLD, GREY, HAND_NAMES, HELP, LOST_TEXT,
                                      PICK_TEXT, PRESS_TEXT, RED, ROW_BLIND, ROW_COUNTS, ROW_HELP,
                                      ROW_LAST, ROW_MESSAGE, ROW_PICK, ROW_SCORE, TEXT, TEXT_COL,
                                      WHITE, TITLE_TEXT, WON_TEXT, rank_text)
from ...golden.font import HEIGHT, WIDTH
from ...rtl.bcd import bcd_digits, bin2bcd
from ...rtl.glyph_rom import glyph_rom, rom_signals
from ...rtl.vga_timing import vga_timing
from .game import BalatroView, CODE_BITS, rules_of, score_bits

# The numbers on screen: (view field, digits), in the order of the digit codes.
CONVERTED = (("target", 6), ("score", 6), ("deck_left", 2), ("pick_chips", 3),
             ("last_chips", 3), ("last_score", 4))
SINGLE = ("ante", "hands_left", "discards_left", "pick_mult", "last_mult")
FIELDS = CONVERTED + tuple((name, 1) for name in SINGLE)
FIELD_AT = {name: sum(w for _, w in FIELDS[:i])   # name -> its first (leftmost) digit
            for i, (name, _) in enumerate(FIELDS)}
DIGITS = sum(w for _, w in FIELDS)
DIGIT_SLOTS = 32                           # the digit codes' array, whole addresses
assert DIGITS <= DIGIT_SLOTS
CONVERTER_DIGITS = max(w for _, w in CONVERTED)
CONVERTER_BITS = 17                        # the widest number that fits in 6 digits: 2**17 - 1
assert bcd_digits(CONVERTER_BITS) == CONVERTER_DIGITS
DIGIT_OP = 0x80                            # a line cell of DIGIT_OP + k shows digit code k
BLANK = ord(" ")

# The text lines (module docstring): {name:width} is a number, the rest literal characters.
TOP_LINE = "ANTE {ante:1}  %s  TARGET {target:6}"
SCORE_LINE = "SCORE  {score:6}"
COUNTS_LINE = "HANDS {hands_left:1}  DISCARDS {discards_left:1}  DECK {deck_left:2}"
PICK_LINE = "%s  {pick_chips:3} X {pick_mult:1}"
LAST_LINE = "LAST  %s  {last_chips:3} X {last_mult:1} = {last_score:4}"
LINES = ([""] + [TOP_LINE % name for name in BLIND_TEXT] + [SCORE_LINE, COUNTS_LINE]
         + [PICK_LINE % name for name in HAND_NAMES] + list(PICK_TEXT)
         + [LAST_LINE % name for name in HAND_NAMES] + [WON_TEXT, LOST_TEXT]
         + [text.upper() for text in RESULT_TEXT[1:]] + [HELP, TITLE_TEXT, PRESS_TEXT])
L_BLANK = 0
L_TOP = 1
L_SCORE = L_TOP + len(BLIND_TEXT)
L_COUNTS = L_SCORE + 1
L_PICK = L_COUNTS + 1
L_PICK_NONE = L_PICK + len(HAND_NAMES)
L_PICK_MANY = L_PICK_NONE + 1
L_LAST = L_PICK_MANY + 1
L_WON = L_LAST + len(HAND_NAMES)
L_LOST = L_WON + 1
L_REFUSED = L_LOST + 1                     # + result - 1
L_HELP = L_REFUSED + len(RESULT_TEXT) - 1
L_TITLE, L_PRESS = L_HELP + 1, L_HELP + 2
assert L_PRESS == len(LINES) - 1


def line_cells(template):
    """The 80 cells of a line: character codes, or DIGIT_OP + the digit's index."""
    cells = [BLANK] * TEXT_COL
    for literal, name, width in re.findall(r"([^{]*)(?:\{(\w+):(\d)\})?", template):
        cells += [ord(ch) for ch in literal]
        if name:
            assert int(width) == dict(FIELDS)[name], name
            cells += [DIGIT_OP + FIELD_AT[name] + k for k in range(int(width))]
    assert len(cells) <= COLS, template
    return cells + [BLANK] * (COLS - len(cells))


_CELLS = [cell for template in LINES for cell in line_cells(template)]
LINE_BITS = (len(LINES) - 1).bit_length()
ADDRESS_BITS = (len(_CELLS) - 1).bit_length()
assert COLS == (1 << 6) + (1 << 4), "stage_b multiplies a line number by COLS in two shifts"
# blank up to the whole address space: the blanking's columns (up to 99) address beyond it
LINE_ROM = tuple(_CELLS + [BLANK] * ((1 << ADDRESS_BITS) - len(_CELLS)))

# card slot and cell within it, by cell column (slot 15: no card there)
NO_SLOT = 15
CARD_SLOT = tuple(next((k for k in range(HAND_SLOTS)
                        if 0 <= c - CARD_COL0 - CARD_PITCH * k < CARD_W), NO_SLOT)
                  for c in range(128))
CARD_DX = tuple(0 if s == NO_SLOT else c - CARD_COL0 - CARD_PITCH * s
                for c, s in enumerate(CARD_SLOT))
# a card's rank as the golden frame writes it (golden rank_text: "10" for a ten), by rank
RANK_FIRST = tuple(ord(rank_text(r << 2)[0]) for r in range(13)) + (BLANK,) * 3
RANK_SECOND = tuple(ord(rank_text(r << 2)[1:] or " ") for r in range(13)) + (BLANK,) * 3
LATENCY = 7                                # the timing's (x, y) to the colour register


def check_display(rules):
    """The view fits the screen's fields: single digits, and numbers of up to 6 digits."""
    if max(rules.hands, rules.discards, rules.antes) > 9:
        raise ValueError("hands, discards and antes are shown as one digit: at most 9")
    if score_bits(rules) > CONVERTER_BITS or max(rules.max_score,
                                                  max(rules.targets)) > 999_999:
        raise ValueError("scores and targets are shown in 6 digits")


@block
def digit_codes(clk, rst, view, codes):
    """codes: a list of DIGIT_SLOTS 7-bit signals, the character of every digit of FIELDS,
    numbers right-aligned with leading blanks; single digits follow the view at once, the
    converted numbers within about 110 clocks."""
    start, busy, done = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    value = Signal(intbv(0)[CONVERTER_BITS:])
    bcd = Signal(intbv(0)[4 * CONVERTER_DIGITS:])
    converter = bin2bcd(clk, rst, start, value, busy, done, bcd, width=CONVERTER_BITS)
    field = Signal(intbv(0, min=0, max=len(CONVERTED)))
    last_field = len(CONVERTED) - 1
    # the converted fields' first digit codes, in CONVERTED order
    at_target, at_score, at_deck = FIELD_AT["target"], FIELD_AT["score"], FIELD_AT["deck_left"]
    at_pchips, at_lchips = FIELD_AT["pick_chips"], FIELD_AT["last_chips"]
    at_lscore = FIELD_AT["last_score"]
    at_ante, at_hands = FIELD_AT["ante"], FIELD_AT["hands_left"]
    at_discards, at_pmult = FIELD_AT["discards_left"], FIELD_AT["pick_mult"]
    at_lmult = FIELD_AT["last_mult"]
    n = CONVERTER_DIGITS
    zero = ord("0")

    @always_comb
    def pick_value():
        if field == 0:
            value.next = view.target
        elif field == 1:
            value.next = view.score
        elif field == 2:
            value.next = view.deck_left
        elif field == 3:
            value.next = view.pick_chips
        elif field == 4:
            value.next = view.last_chips
        else:
            value.next = view.last_score

    @always_seq(clk.posedge, reset=rst)
    def cycle():
        start.next = 0
        if not busy and not start and not done:
            start.next = 1
        if done:
            if field == last_field:
                field.next = 0
            else:
                field.next = field + 1
            # the digits as characters, most significant first; a zero is blank while only
            # zeros stand before it. A field of w digits takes the converter's last w (its
            # leading ones are blanks)
            lead = True
            for p in range(n):
                d = intbv(0)[4:]
                for b in range(4):
                    d[b] = bcd[4 * (n - 1 - p) + b]
                c = intbv(0)[7:]
                if lead and d == 0 and p != n - 1:
                    c[:] = BLANK
                else:
                    lead = False
                    c[:] = zero + d
                if field == 0:
                    codes[at_target + p].next = c
                elif field == 1:
                    codes[at_score + p].next = c
                elif field == 2 and p >= n - 2:
                    codes[at_deck + p - (n - 2)].next = c
                elif field == 3 and p >= n - 3:
                    codes[at_pchips + p - (n - 3)].next = c
                elif field == 4 and p >= n - 3:
                    codes[at_lchips + p - (n - 3)].next = c
                elif field == 5 and p >= n - 4:
                    codes[at_lscore + p - (n - 4)].next = c
        codes[at_ante].next = zero + view.ante
        codes[at_hands].next = zero + view.hands_left
        codes[at_discards].next = zero + view.discards_left
        codes[at_pmult].next = zero + view.pick_mult
        codes[at_lmult].next = zero + view.last_mult

    return converter, pick_value, cycle


class StageA:
    """Stage A's registers, written by cell_stages only: row (the pixel's text row), gx, gy (its
    place in the cell), addr (the line ROM address of its cell), slot, dx (the card slot of its
    column and the cell within the card; slot NO_SLOT: no card there), active."""

    def __init__(self, address_bits=ADDRESS_BITS):
        self.row = Signal(intbv(0)[6:])
        self.gx, self.gy = Signal(intbv(0)[3:]), Signal(intbv(0)[4:])
        self.addr = Signal(intbv(0)[address_bits:])
        self.slot, self.dx = Signal(intbv(NO_SLOT)[4:]), Signal(intbv(0)[3:])
        self.active = Signal(bool(0))


class StageB:
    """Stage B's registers, written by cell_stages only: op (the line ROM's cell, read like a
    block RAM); card (the pixel is on a card), code (its card), sel (it is raised), dx, dy (the
    cell within the card); gx, gy, active from stage A. op_bits: the line ROM's width."""

    def __init__(self, op_bits=8):
        self.op = Signal(intbv(0)[op_bits:])
        self.card, self.sel, self.active = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
        self.code = Signal(intbv(0)[CODE_BITS:])
        self.dx, self.dy = Signal(intbv(0)[3:]), Signal(intbv(0)[3:])
        self.gx, self.gy = Signal(intbv(0)[3:]), Signal(intbv(0)[4:])


class StageC:
    """Stage C's registers, written by card_stage only: op (the line ROM's cell registered once
    more); on a card: char, row, bit (the glyph, its row and bit: the big suit is a 2 x 2 cell
    glyph scaled up), red (a red suit), edge (the border), sel (raised); card, gx, gy, active
    from stage B."""

    def __init__(self, op_bits=8):
        self.op = Signal(intbv(0)[op_bits:])
        self.card, self.active, self.red, self.edge, self.sel = (Signal(bool(0)) for _ in range(5))
        self.char = Signal(intbv(0)[7:])
        self.row, self.gy = Signal(intbv(0)[4:]), Signal(intbv(0)[4:])
        self.bit, self.gx = Signal(intbv(0)[3:]), Signal(intbv(0)[3:])


class HandLines:
    """Line numbers of a screen's hand and message rows, for hand_lines: blank, pick (+ the
    selection's category), pick_none, pick_many, last (+ the last hand's category), won, lost,
    refused (+ the refusal code - 1), press (the title's message)."""

    def __init__(self, blank, pick, pick_none, pick_many, last, won, lost, refused, press):
        self.blank, self.pick, self.pick_none, self.pick_many = blank, pick, pick_none, pick_many
        self.last, self.won, self.lost, self.refused, self.press = last, won, lost, refused, press


BASE_HAND_LINES = HandLines(L_BLANK, L_PICK, L_PICK_NONE, L_PICK_MANY, L_LAST, L_WON, L_LOST,
                            L_REFUSED, L_PRESS)


@block(skipname=True)
def hand_lines(clk, rst, view, lines, quiet_phase, line_pick, line_last, line_message):
    """The lines (HandLines numbers) of the selection's row (blank on the title and in
    quiet_phase), the last hand's and the message's (the title's on the title), registered
    from the view."""
    most = MAX_SELECT
    n = lines

    @always_seq(clk.posedge, reset=rst)
    def hand_rows():
        title = view.phase == PHASE_TITLE
        if title or view.phase == quiet_phase:
            line_pick.next = n.blank
        elif view.pick_count == 0:
            line_pick.next = n.pick_none
        elif view.pick_count > most:
            line_pick.next = n.pick_many
        else:
            line_pick.next = n.pick + view.pick_category
        if title or view.last_category == NO_HAND:
            line_last.next = n.blank
        else:
            line_last.next = n.last + view.last_category
        if title:
            line_message.next = n.press
        elif view.phase == PHASE_WON:
            line_message.next = n.won
        elif view.phase == PHASE_LOST:
            line_message.next = n.lost
        elif view.result != OK:
            line_message.next = n.refused - 1 + view.result
        else:
            line_message.next = n.blank

    return hand_rows


@block(skipname=True)
def row_decode(y, rows, row_lines, row_line):
    """row_line: the line of the pixel's text row y[10:4]: row_lines[k] on text row rows[k]
    (a list of registered line numbers), 0 (blank) on any other row."""
    row_numbers = rom_signals(rows, 6)
    n, bits = len(rows), len(row_line)

    @always_comb
    def decode_a():
        row = y[10:4]
        line = intbv(0)[bits:]
        for k in range(n):
            if row == row_numbers[k]:
                line[:] = row_lines[k]
        row_line.next = line

    return decode_a


def row_signals(rows, bits):
    """A screen's text rows' registers: a line number per row of ``rows`` (row_lines), and the
    hand and message rows' (line_pick, line_last, line_message) for row_parts."""
    return ([Signal(intbv(0)[bits:]) for _ in rows],) + tuple(Signal(intbv(0)[bits:])
                                                             for _ in range(3))


@block(skipname=True)
def row_parts(clk, rst, view, y, row_line, rows, numbers, quiet_phase, row_lines, line_pick,
              line_last, line_message):
    """What a screen's text rows share (row_signals' registers): the hand and message rows'
    lines (hand_lines, for the caller to copy into row_lines) and the decode."""
    hands = hand_lines(clk, rst, view, numbers, quiet_phase, line_pick, line_last,
                       line_message)
    decode = row_decode(y, rows, row_lines, row_line)
    return hands, decode


@block(skipname=True)
def text_rows(clk, rst, view, y, row_line):
    """row_line: the line of LINES on the pixel's text row y[10:4]; the rows' lines chosen by
    the view (the blind, the selection's hand, the last hand, the message) are registered."""
    rows = (ROW_BLIND, ROW_SCORE, ROW_COUNTS, ROW_PICK, ROW_LAST, ROW_MESSAGE, ROW_HELP)
    row_lines, line_pick, line_last, line_message = row_signals(rows, LINE_BITS)
    parts = row_parts(clk, rst, view, y, row_line, rows, BASE_HAND_LINES, PHASE_TITLE,
                      row_lines, line_pick, line_last, line_message)

    @always_seq(clk.posedge, reset=rst)
    def lines():
        title = view.phase == PHASE_TITLE
        row_lines[0].next = L_TOP + view.blind
        row_lines[1].next = L_SCORE
        row_lines[2].next = L_COUNTS
        if title:                               # the title: its two lines and the help
            row_lines[0].next = L_TITLE
            row_lines[1].next = L_BLANK
            row_lines[2].next = L_BLANK
        row_lines[3].next = line_pick
        row_lines[4].next = line_last
        row_lines[5].next = line_message
        row_lines[6].next = L_HELP

    return parts, lines


@block(skipname=True)
def cell_stages(clk, view, selection, x, y, active, row_line, a, b, line_rom=LINE_ROM):
    """Stages A and B (StageA a, StageB b): the pixel (x, y, active) on its text row's line
    (row_line) becomes a line ROM address, read into b.op, and a card slot, whose card
    (view.hand, raised by selection; view.hand_len cards) b says whether the pixel is on.
    line_rom: the lines' cells (LINE_ROM, or another screen's of the same layout)."""
    col = Signal(intbv(0)[7:])
    line_table = rom_signals(line_rom, len(b.op))
    slot_table, dx_table = rom_signals(CARD_SLOT, 4), rom_signals(CARD_DX, 3)
    card_top, card_h = CARD_ROW, CARD_H

    @always_comb
    def column():
        col.next = x[10:3]

    @always(clk.posedge)
    def stage_a():
        a.row.next = y[10:4]
        a.gx.next = x[3:0]
        a.gy.next = y[4:0]
        cell_line = intbv(0)[len(a.addr):]
        cell_line[:] = row_line
        a.addr.next = (cell_line << 6) + (cell_line << 4) + col     # line * COLS + column
        a.slot.next = slot_table[col]
        a.dx.next = dx_table[col]
        a.active.next = active

    @always(clk.posedge)
    def stage_b():
        k = a.slot[3:0]
        raised = selection[k]
        top = intbv(0)[6:]
        top[:] = card_top
        if raised:
            top[:] = card_top - 1
        b.card.next = a.slot != NO_SLOT and k < view.hand_len and a.row >= top \
            and a.row < top + card_h
        b.dy.next = a.row[3:0] - top[3:0]           # mod 8: only read inside the card
        # slot k's code by a mux over the slots (an index CODE_BITS * k is a multiplier)
        c = intbv(0)[CODE_BITS:]
        for s in range(HAND_SLOTS):
            for i in range(CODE_BITS):
                if k == s:
                    c[i] = view.hand[CODE_BITS * s + i]
        b.code.next = c
        b.sel.next = raised
        b.dx.next = a.dx
        b.gx.next = a.gx
        b.gy.next = a.gy
        b.active.next = a.active

    @always_seq(clk.posedge, reset=None)
    def line_rom():
        """The line ROM's registered read (a block RAM's), registered again in stage C: its
        clock-to-out ends at c.op, not in stage D's choice of digit."""
        b.op.next = line_table[a.addr]

    return column, stage_a, stage_b, line_rom


@block(skipname=True)
def card_stage(clk, b, c):
    """Stage C (StageC c) from stage B (b): on a card, which glyph the cell shows (rank, suit,
    the big suit or blank) and whether the pixel is on the border."""
    first_table, second_table = rom_signals(RANK_FIRST, 7), rom_signals(RANK_SECOND, 7)
    card_h, card_w = CARD_H, CARD_W

    @always(clk.posedge)
    def line_out():
        c.op.next = b.op

    @always(clk.posedge)
    def stage_c():
        suit = b.code[2:0]
        rank = b.code[CODE_BITS:2]
        big = b.dy[3:1] == 1 and b.dx[3:1] == 1          # cells 2..3 of rows 2..3
        c.row.next = b.gy
        c.bit.next = b.gx
        if big:
            c.char.next = suit
            c.row.next = concat(b.dy[0], b.gy[4:1])
            c.bit.next = concat(b.dx[0], b.gx[3:1])
        elif b.dy == 0 and b.dx == 1:
            c.char.next = first_table[rank]
        elif b.dy == 0 and b.dx == 2:
            c.char.next = second_table[rank]
        elif b.dy == 1 and b.dx == 1:
            c.char.next = suit
        else:
            c.char.next = BLANK
        c.red.next = suit == 1 or suit == 2            # diamonds and hearts
        c.edge.next = (b.dx == 0 and b.gx == 0) or (b.dx == card_w - 1 and b.gx == WIDTH - 1) \
            or (b.dy == 0 and b.gy == 0) or (b.dy == card_h - 1 and b.gy == HEIGHT - 1)
        c.card.next = b.card
        c.sel.next = b.sel
        c.gy.next = b.gy
        c.gx.next = b.gx
        c.active.next = b.active

    return line_out, stage_c


@block(skipname=True)
def colour_stages(clk, rst, c, codes, hs0, vs0, rgb_q, hs_line, vs_line, names=None):
    """Stages D to G from stage C (c): the glyph code (a card's, or the text cell's character
    or digit code of codes) and its ink and paper; the glyph ROM; its row registered; the
    colour, rgb_q. hs_line, vs_line: the timing's syncs hs0, vs0 delayed LATENCY clocks.
    names: a second list of codes (the run's names), when the line ROM's cells are 9 bits:
    bit 8 a name code, bit 7 a digit code (of 128 each), else a character."""
    d_code, d_row = Signal(intbv(0)[7:]), Signal(intbv(0)[4:])
    d_bit, e_bit, f_bit = (Signal(intbv(0)[3:]) for _ in range(3))
    d_ink, e_ink, f_ink = (Signal(intbv(0)[12:]) for _ in range(3))
    d_paper, e_paper, f_paper = (Signal(intbv(0)[12:]) for _ in range(3))
    bits, f_bits = Signal(intbv(0)[8:]), Signal(intbv(0)[8:])
    text_code = Signal(intbv(0)[7:])
    font = glyph_rom(clk, d_code, d_row, bits)

    @always_comb
    def text_char():
        """A text cell's glyph: a character, or one of 32 digit codes."""
        if c.op[7]:
            text_code.next = codes[int(c.op[5:0])]
        else:
            text_code.next = c.op[7:0]

    @always_comb
    def text_char_names():
        """The run's: a character, a digit code or a name code (128 each)."""
        if c.op[8]:
            text_code.next = names[int(c.op[7:0])]
        elif c.op[7]:
            text_code.next = codes[int(c.op[7:0])]
        else:
            text_code.next = c.op[7:0]

    @always(clk.posedge)
    def stage_d():
        if c.card:
            d_code.next = c.char
            d_row.next = c.row
            d_bit.next = c.bit
            if c.red:
                d_ink.next = RED
            else:
                d_ink.next = BLACK
            d_paper.next = WHITE
            if c.edge:
                # the border: ink and paper alike
                if c.sel:
                    d_ink.next = GOLD
                    d_paper.next = GOLD
                else:
                    d_ink.next = GREY
                    d_paper.next = GREY
        else:
            d_code.next = text_code
            d_row.next = c.gy
            d_bit.next = c.gx
            d_ink.next = TEXT
            d_paper.next = FELT
        if not c.active:
            d_ink.next = 0
            d_paper.next = 0

    @always(clk.posedge)
    def stage_e():
        e_bit.next = d_bit
        e_ink.next = d_ink
        e_paper.next = d_paper

    @always(clk.posedge)
    def stage_f():
        """The glyph ROM's row registered, off the block RAM's clock-to-out."""
        f_bits.next = bits
        f_bit.next = e_bit
        f_ink.next = e_ink
        f_paper.next = e_paper

    @always_seq(clk.posedge, reset=rst)
    def stage_g():
        if f_bits[7 - f_bit]:
            rgb_q.next = f_ink
        else:
            rgb_q.next = f_paper
        hs_line.next = concat(hs_line[LATENCY - 1:0], hs0)
        vs_line.next = concat(vs_line[LATENCY - 1:0], vs0)

    text = text_char if names is None else text_char_names
    return font, text, stage_d, stage_e, stage_f, stage_g


@block
def balatro_screen(clk, rst, view, selection, rgb, hsync, vsync, rules, clocks_per_pixel=4,
                   h=None, v=None):
    """view: the controller's BalatroView; selection[8]: the switches (raised cards).
    rgb[12]: 0xRGB, black in the blanking; hsync, vsync: the pins' levels (negative pulses).
    clocks_per_pixel, h, v: the timing's (rtl/vga_timing.py)."""
    check_display(rules)
    pixel_en, frame_start = Signal(bool(0)), Signal(bool(0))
    x, y = Signal(intbv(0)[10:]), Signal(intbv(0)[10:])
    active, hs0, vs0 = Signal(bool(0)), Signal(bool(1)), Signal(bool(1))
    timing = vga_timing(clk, rst, pixel_en, x, y, active, hs0, vs0, frame_start,
                        clocks_per_pixel=clocks_per_pixel, h=h, v=v)
    codes = [Signal(intbv(BLANK)[7:]) for _ in range(DIGIT_SLOTS)]
    digits = digit_codes(clk, rst, view, codes)
    row_line = Signal(intbv(0)[LINE_BITS:])       # the line on the pixel's text row
    a, b, c = StageA(), StageB(), StageC()
    rgb_q = Signal(intbv(0)[12:])
    hs_line = Signal(intbv((1 << LATENCY) - 1)[LATENCY:])
    vs_line = Signal(intbv((1 << LATENCY) - 1)[LATENCY:])

    rows = text_rows(clk, rst, view, y, row_line)
    cells = cell_stages(clk, view, selection, x, y, active, row_line, a, b)
    cards = card_stage(clk, b, c)
    colours = colour_stages(clk, rst, c, codes, hs0, vs0, rgb_q, hs_line, vs_line)

    @always_comb
    def outputs():
        rgb.next = rgb_q
        hsync.next = hs_line[LATENCY - 1]
        vsync.next = vs_line[LATENCY - 1]

    return timing, digits, rows, cells, cards, colours, outputs


def balatro_screen_top(clocks_per_pixel=4, h=None, v=None, **rules):
    """balatro_screen with fresh port signals (the view as view_* inputs), for conversion."""
    r = rules_of(**rules)
    return balatro_screen(clk=Signal(bool(0)), rst=ResetSignal(0, active=1, isasync=False),
                          view=BalatroView(r), selection=Signal(intbv(0)[HAND_SLOTS:]),
                          rgb=Signal(intbv(0)[12:]), hsync=Signal(bool(1)),
                          vsync=Signal(bool(1)), rules=r, clocks_per_pixel=clocks_per_pixel,
                          h=h, v=v)
