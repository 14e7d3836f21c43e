"""The Balatro table on VGA, the golden frame: what the hardware renderer must draw for a game
state and a selection, pixel for pixel (the tests compare captured frames with it).

The screen is 80 x 30 cells of 8 x 16 pixels (640 x 480), each cell one glyph of the one font
(golden/font.py) in an ink colour on a paper colour, so a renderer needs no frame buffer: a
pixel's colour follows from its cell's glyph and colours and the glyph's row. The cards are
blocks of 6 x 6 cells on white paper: the rank and a suit at the top left, a double-size suit
in the middle (cells 2..3 of rows 2..3), a one-pixel border (gold when the card is selected; a selected card is also raised
one cell row). Colours are 12-bit (4 bits a channel, as the Nexys A7's VGA connector takes).

Rows (cell rows, text from column 2; cards in rows 8..13, raised 7..12):
  1  ANTE a  SMALL BLIND  TARGET      t     3  HANDS h  DISCARDS d  DECK nn
  2  SCORE       s                          16 the selection: its hand name, CHIPS X MULT
  18 LAST  the last hand played, chips X mult = score
  20 the message: the refusal's text, RUN WON, RUN LOST
  27 the buttons' help
On the title (PHASE_TITLE: power-on, no deck yet) only row 1 (TITLE_TEXT), row 20 (PRESS_TEXT)
and the help are drawn.
Numbers stand right-aligned in fields of fixed width, names are padded to fixed widths.

The run with progression (a BalatroRun.observe(), which has ``money``: run_texts) widens the
numbers (a play's chips 5 digits, mult 7, scores 11) and adds:
  2  MONEY $m after the score           5  the jokers: name (11) and a scaling one's counter
  16, 18 the hand type's level (LVL l) beside the selection's and the last hand
and in the shop the cards give way to the shop:
  8  SHOP  REROLL $r                    10 SW0 item $p   SW1 item $p
  27 the shop's buttons (SHOP_HELP); the selection's row is blank.
Names are the item table's, upper case, shortened to NAME_W by SHORT_NAMES or by dropping
" JOKER".
"""

from .game import (BLIND_NAMES, MAX_SELECT, OK, PHASE_LOST, PHASE_TITLE, PHASE_WON, RESULT_TEXT,
                   NO_HAND, score_hand)
from .jokers import JOKERS, JOKER_SLOTS, Blind, score_play
from .run import PHASE_SHOP, RESULT_TEXT as RUN_RESULT_TEXT
from .shop import NO_ITEM, item_name
from ..cards import RANKS
from ..font import GLYPH_ROWS, HEIGHT, WIDTH, code_of
from ..hands import CATEGORY_NAMES

COLS, ROWS = 80, 30
SCREEN_W, SCREEN_H = COLS * WIDTH, ROWS * HEIGHT

# 12-bit colours, 0xRGB
FELT = 0x142
WHITE = 0xFFF
BLACK = 0x000
RED = 0xD11
GOLD = 0xFC0
GREY = 0x888
TEXT = WHITE

CARD_COL0, CARD_PITCH = 5, 9            # card k's left cell column: 5 + 9k
CARD_W, CARD_H = 6, 6                   # cells
CARD_ROW = 8                            # top cell row (a selected card: one higher)
BLIND_TEXT = tuple(name.upper().ljust(11) for name in BLIND_NAMES)
HAND_NAMES = tuple(name.upper().ljust(15) for name in CATEGORY_NAMES)
PICK_TEXT = ("SELECT UP TO 5 CARDS", "AT MOST 5 CARDS")
HELP = "SW0-7 SELECT  BUTTONS: C PLAY  L DISCARD  U SORT BY RANK  D BY SUIT  R NEW RUN"
WON_TEXT = "RUN WON!  BTNR: NEW RUN"
LOST_TEXT = "RUN LOST  BTNR: NEW RUN"
TITLE_TEXT = "POKERHDL BALATRO"
PRESS_TEXT = "PRESS ANY BUTTON TO SHUFFLE AND DEAL"
TEXT_COL = 2                            # every text row starts in this cell column
ROW_BLIND, ROW_SCORE, ROW_COUNTS, ROW_PICK, ROW_LAST, ROW_MESSAGE, ROW_HELP = (
    1, 2, 3, 16, 18, 20, 27)


def card_box(k, selected):
    """(left, top, right, bottom) pixels of card slot k, right and bottom exclusive."""
    left = (CARD_COL0 + CARD_PITCH * k) * WIDTH
    top = (CARD_ROW - (1 if selected else 0)) * HEIGHT
    return left, top, left + CARD_W * WIDTH, top + CARD_H * HEIGHT


def rank_text(code):
    r = RANKS[code >> 2]
    return "10" if r == "T" else r


def field(value, width):
    """A number right-aligned in a fixed field (leading blanks, as the hardware's decimal
    digits give it); ValueError when it does not fit."""
    text = f"{value:>{width}}"
    if len(text) != width:
        raise ValueError(f"{value} does not fit in {width} digits")
    return text


def hand_text(category, chips, mult):
    return f"{HAND_NAMES[category]}  {field(chips, 3)} X {field(mult, 1)}"


def texts(state, selection):
    """{cell row: text} of the text rows (module docstring). Every field has a fixed place and
    width, so the hardware's character of a cell is a template character, a digit of a
    number, or a character of a name from a ROM, chosen by the cell's column alone."""
    if state["phase"] == PHASE_TITLE:
        return {ROW_BLIND: TITLE_TEXT, ROW_MESSAGE: PRESS_TEXT, ROW_HELP: HELP}
    rows = {ROW_BLIND: f"ANTE {field(state['ante'], 1)}  {BLIND_TEXT[state['blind']]}  TARGET "
               f"{field(state['target'], 6)}",
            ROW_SCORE: f"SCORE  {field(state['score'], 6)}",
            ROW_COUNTS: f"HANDS {field(state['hands_left'], 1)}  DISCARDS "
               f"{field(state['discards_left'], 1)}  DECK {field(state['deck_left'], 2)}"}
    picked = [c for k, c in enumerate(state["hand"]) if selection >> k & 1]
    if 1 <= len(picked) <= MAX_SELECT:
        s = score_hand(picked)
        rows[ROW_PICK] = hand_text(s.category, s.chips, s.mult)
    else:
        rows[ROW_PICK] = PICK_TEXT[bool(picked)]
    if state["last_category"] != NO_HAND:
        last = hand_text(state["last_category"], state["last_chips"], state["last_mult"])
        rows[ROW_LAST] = f"LAST  {last} = {field(state['last_score'], 4)}"
    rows[ROW_MESSAGE] = message_text(state, RESULT_TEXT)
    rows[ROW_HELP] = HELP
    return rows


def message_text(state, result_text):
    """The message row: the run's end, or the refusal's text (result_text: the game's)."""
    if state["phase"] == PHASE_WON:
        return WON_TEXT
    if state["phase"] == PHASE_LOST:
        return LOST_TEXT
    return result_text[state["result"]].upper() if state["result"] != OK else ""


NAME_W = 11                             # a joker's or shop item's name on screen
SHORT_NAMES = {"Ride the Bus": "RIDE BUS", "Spare Trousers": "TROUSERS",
               "Seeing Double": "SEEING DBL", "Walkie Talkie": "WALKIE TLK"}
SHOP_HELP = "SHOP: SW0-7 SELECT  C BUY  L SELL JOKER  U MOVE JOKER RIGHT  D REROLL  R LEAVE"
ROW_JOKERS, ROW_SHOP, ROW_ITEMS = 5, 8, 10
JOKER_PITCH = NAME_W + 4                # a name, a blank, a two-digit counter, a blank


def short_name(item):
    """An item's name in NAME_W characters (module docstring); "-" for an empty slot."""
    name = item_name(item)
    name = SHORT_NAMES.get(name, name).upper()
    if len(name) > NAME_W:
        name = name.removesuffix(" JOKER")
    assert len(name) <= NAME_W, name
    return name.ljust(NAME_W)


def run_hand_text(state, category, chips, mult):
    return (f"{HAND_NAMES[category]}  LVL {field(state['levels'][category], 3)}  "
            f"{field(chips, 5)} X {field(mult, 7)}")


def run_texts(state, selection):
    """{cell row: text} of a run's screen (module docstring)."""
    if state["phase"] == PHASE_TITLE:
        return {ROW_BLIND: TITLE_TEXT, ROW_MESSAGE: PRESS_TEXT, ROW_HELP: HELP}
    shop = state["phase"] == PHASE_SHOP
    jokers = ""
    for k in range(JOKER_SLOTS):
        j, n = (state["jokers"][k], state["counters"][k]) if k < len(state["jokers"]) \
            else (NO_ITEM, 0)
        scaling = j != NO_ITEM and JOKERS[j].scaling
        jokers += (short_name(j) if j != NO_ITEM else " " * NAME_W) + " " + \
            (field(n, 2) if scaling else "  ") + " "
    rows = {ROW_BLIND: f"ANTE {field(state['ante'], 1)}  {BLIND_TEXT[state['blind']]}  TARGET "
               f"{field(state['target'], 6)}",
            ROW_SCORE: f"SCORE  {field(state['score'], 11)}  MONEY ${field(state['money'], 3)}",
            ROW_COUNTS: f"HANDS {field(state['hands_left'], 1)}  DISCARDS "
               f"{field(state['discards_left'], 1)}  DECK {field(state['deck_left'], 2)}",
            ROW_JOKERS: jokers.rstrip(), ROW_HELP: SHOP_HELP if shop else HELP}
    if shop:
        items = [f"SW{k} {short_name(item)} ${field(p, 1)}"
                 for k, (item, p) in enumerate(zip(state["shop"], state["shop_prices"]))]
        rows[ROW_SHOP] = f"SHOP  REROLL ${field(state['reroll_price'], 3)}"
        rows[ROW_ITEMS] = "   ".join(items)
    else:
        picked = [c for k, c in enumerate(state["hand"]) if selection >> k & 1]
        if 1 <= len(picked) <= MAX_SELECT:
            s = score_play(picked, state["levels"], state["jokers"], state["counters"],
                           Blind(state["hands_left"], state["played"]))
            rows[ROW_PICK] = run_hand_text(state, s.category, s.chips, s.mult)
        else:
            rows[ROW_PICK] = PICK_TEXT[bool(picked)]
    if state["last_category"] != NO_HAND:
        last = run_hand_text(state, state["last_category"], state["last_chips"],
                             state["last_mult"])
        rows[ROW_LAST] = f"LAST  {last} = {field(state['last_score'], 11)}"
    rows[ROW_MESSAGE] = message_text(state, RUN_RESULT_TEXT)
    return rows


def frame(state, selection=0):
    """The 480 rows of 640 12-bit colours the hardware must send for ``state`` (a
    BalatroGame.observe(), or a BalatroRun's: run_texts) with the switches at ``selection``."""
    px = [[FELT] * SCREEN_W for _ in range(SCREEN_H)]
    run = "money" in state
    for row, text in (run_texts if run else texts)(state, selection).items():
        assert len(text) <= COLS - TEXT_COL, text
        for col, ch in enumerate(text):
            _glyph(px, (TEXT_COL + col) * WIDTH, row * HEIGHT, code_of(ch), TEXT, FELT)
    if state["phase"] != PHASE_SHOP or not run:
        for k, code in enumerate(state["hand"]):
            _card(px, k, code, bool(selection >> k & 1))
    return px


def _glyph(px, left, top, code, ink, paper, scale=1):
    rows = GLYPH_ROWS[code]
    for y in range(HEIGHT * scale):
        bits = rows[y // scale]
        line = px[top + y]
        for x in range(WIDTH * scale):
            line[left + x] = ink if bits >> (WIDTH - 1 - x // scale) & 1 else paper


def _card(px, k, code, selected):
    left, top, right, bottom = card_box(k, selected)
    for y in range(top, bottom):
        px[y][left:right] = [WHITE] * (right - left)
    ink = RED if code & 3 in (1, 2) else BLACK
    for i, ch in enumerate(rank_text(code)):
        _glyph(px, left + (1 + i) * WIDTH, top, code_of(ch), ink, WHITE)
    _glyph(px, left + WIDTH, top + HEIGHT, code & 3, ink, WHITE)
    _glyph(px, left + 2 * WIDTH, top + 2 * HEIGHT, code & 3, ink, WHITE, scale=2)
    edge = GOLD if selected else GREY
    for x in range(left, right):
        px[top][x] = px[bottom - 1][x] = edge
    for y in range(top, bottom):
        px[y][left] = px[y][right - 1] = edge


def save_png(px, path):
    """A frame as a PNG picture (Pillow), each 4-bit channel widened to 8 bits."""
    from PIL import Image
    image = Image.new("RGB", (len(px[0]), len(px)))
    image.putdata([((c >> 8) * 17, (c >> 4 & 15) * 17, (c & 15) * 17) for row in px
                   for c in row])
    image.save(path)
