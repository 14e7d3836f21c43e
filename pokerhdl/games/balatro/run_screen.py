"""The run's table on VGA (golden/balatro/screen.py's run_texts), drawn from the run
controller's view (balatro_run.RunView) without a frame buffer, pixel for pixel the golden
frame's.

Why a module beside screen.py, not a copy of it: the pixel pipeline (timing, stages A
to G, the cards) is balatro_screen's, reused part by part; what differs is what the text rows
say. The run's lines (RUN_LINES) have three kinds of cell: a character, one of 128 digit codes
(the numbers, written by run_digit_codes one digit a clock through one double-dabble
converter, about 1,100 clocks for all of them), and one of 128 name codes (the jokers' and the
shop items' names, written by run_name_codes from a ROM of names, one character every three
clocks). The line ROM's cells are 9 bits: bit 8 a name code, bit 7 a digit code.

The parts, each the only writer of its own registers:

    run_digit_codes  the numbers' characters (target, score, money, levels, chips, mult...)
    run_name_codes   the names' characters
    run_text_rows    the line each text row shows, chosen by the view
    and balatro_screen's cell_stages, card_stage, colour_stages and vga_timing
"""

import re
from types import SimpleNamespace

from myhdl import block, always, always_comb, always_seq, concat, Signal, ResetSignal, intbv

from ...golden.balatro.game import HAND_SLOTS, PHASE_TITLE
from ...golden.balatro.jokers import JOKERS, JOKER_SLOTS
from ...golden.balatro.run import PHASE_SHOP, RESULT_TEXT
from ...golden.balatro.screen import (BLIND_TEXT, COLS, HAND_NAMES, HELP, LOST_TEXT, NAME_W,
                                      PICK_TEXT, PRESS_TEXT, ROW_BLIND, ROW_COUNTS, ROW_HELP,
                                      ROW_ITEMS, ROW_JOKERS, ROW_LAST, ROW_MESSAGE, ROW_PICK,
                                      ROW_SCORE, ROW_SHOP, SHOP_HELP, TEXT_COL, TITLE_TEXT,
                                      WON_TEXT, short_name)
from ...golden.balatro.shop import NO_ITEM, SHOP_SLOTS
from ...rtl.bcd import bcd_digits, bin2bcd
from ...rtl.glyph_rom import rom_signals
from ...rtl.vga_timing import vga_timing
from .game import rules_of
from .run import RunView
from .run_tables import COUNTER_BITS, HAND_TYPES, ITEM_BITS, run_widths
from .screen import (BLANK, LATENCY, HandLines, StageA, StageB, StageC, card_stage, cell_stages,
                     colour_stages, row_parts, row_signals)

# The numbers (view field or derived value, digits), in the order run_digit_codes writes them
NUMBERS = (("target", 6), ("score", 11), ("money", 3), ("deck_left", 2), ("reroll_price", 3),
           ("pick_level", 3), ("pick_chips", 5), ("pick_mult", 7), ("last_level", 3),
           ("last_chips", 5), ("last_mult", 7), ("last_score", 11)) + tuple(
    (f"counter{k}", 2) for k in range(JOKER_SLOTS)) + (
    ("ante", 1), ("hands_left", 1), ("discards_left", 1), ("price0", 1), ("price1", 1))
NUMBER_AT = {name: sum(w for _, w in NUMBERS[:i]) for i, (name, _) in enumerate(NUMBERS)}
CODES = 128                                # digit codes, and name codes
assert sum(w for _, w in NUMBERS) <= CODES and (JOKER_SLOTS + SHOP_SLOTS) * NAME_W <= CODES
CONVERTER_BITS = 34                        # the widest number: 11 digits
CONVERTER_DIGITS = bcd_digits(CONVERTER_BITS)
assert CONVERTER_DIGITS == max(w for _, w in NUMBERS)
DIGIT_OP, NAME_OP = 0x80, 0x100
(N_TARGET, N_SCORE, N_MONEY, N_DECK, N_REROLL, N_PICK_LEVEL, N_PICK_CHIPS, N_PICK_MULT,
 N_LAST_LEVEL, N_LAST_CHIPS, N_LAST_MULT, N_LAST_SCORE) = range(12)
N_COUNTER0 = 12
N_ANTE, N_HANDS, N_DISCARDS, N_PRICE0, N_PRICE1 = range(N_COUNTER0 + JOKER_SLOTS, len(NUMBERS))
assert [name for name, _ in NUMBERS][N_PICK_LEVEL] == "pick_level" and \
    NUMBERS[N_PRICE1][0] == "price1" and NUMBERS[N_COUNTER0][0] == "counter0"

# The lines: {name:width} a number, <k> the name of slot k (jokers 0..4, shop items 5, 6)
JOKERS_LINE = "".join(f"<{k}> {{counter{k}:2}} " for k in range(JOKER_SLOTS))
RUN_LINES = ([""] + [f"ANTE {{ante:1}}  {name}  TARGET {{target:6}}" for name in BLIND_TEXT]
             + ["SCORE  {score:11}  MONEY ${money:3}",
                "HANDS {hands_left:1}  DISCARDS {discards_left:1}  DECK {deck_left:2}",
                JOKERS_LINE, "SHOP  REROLL ${reroll_price:3}",
                "SW0 <5> ${price0:1}   SW1 <6> ${price1:1}"]
             + [f"{name}  LVL {{pick_level:3}}  {{pick_chips:5}} X {{pick_mult:7}}"
                for name in HAND_NAMES] + list(PICK_TEXT)
             + [f"LAST  {name}  LVL {{last_level:3}}  {{last_chips:5}} X {{last_mult:7}} = "
                "{last_score:11}" for name in HAND_NAMES]
             + [WON_TEXT, LOST_TEXT] + [text.upper() for text in RESULT_TEXT[1:]]
             + [HELP, SHOP_HELP, TITLE_TEXT, PRESS_TEXT])
R_BLANK, R_TOP = 0, 1
R_SCORE = R_TOP + len(BLIND_TEXT)
R_COUNTS, R_JOKERS, R_SHOP, R_ITEMS = R_SCORE + 1, R_SCORE + 2, R_SCORE + 3, R_SCORE + 4
R_PICK = R_ITEMS + 1
R_PICK_NONE = R_PICK + len(HAND_NAMES)
R_PICK_MANY = R_PICK_NONE + 1
R_LAST = R_PICK_MANY + 1
R_WON = R_LAST + len(HAND_NAMES)
R_LOST = R_WON + 1
R_REFUSED = R_LOST + 1                     # + result - 1
R_HELP = R_REFUSED + len(RESULT_TEXT) - 1
R_SHOP_HELP, R_TITLE, R_PRESS = R_HELP + 1, R_HELP + 2, R_HELP + 3
assert R_PRESS == len(RUN_LINES) - 1
RUN_HAND_LINES = HandLines(R_BLANK, R_PICK, R_PICK_NONE, R_PICK_MANY, R_LAST, R_WON, R_LOST,
                           R_REFUSED, R_PRESS)


def run_line_cells(template):
    """The 80 cells of a line: character codes, DIGIT_OP + a digit code, NAME_OP + a name
    code."""
    cells = [BLANK] * TEXT_COL
    for literal, name, width, slot in re.findall(r"([^{<]*)(?:\{(\w+):(\d+)\}|<(\d)>)?",
                                                 template):
        cells += [ord(ch) for ch in literal]
        if name:
            assert int(width) == dict(NUMBERS)[name], name
            cells += [DIGIT_OP + NUMBER_AT[name] + k for k in range(int(width))]
        if slot:
            cells += [NAME_OP + NAME_W * int(slot) + k for k in range(NAME_W)]
    assert len(cells) <= COLS, template
    return cells + [BLANK] * (COLS - len(cells))


_CELLS = [cell for template in RUN_LINES for cell in run_line_cells(template)]
RUN_LINE_BITS = (len(RUN_LINES) - 1).bit_length()
RUN_ADDRESS_BITS = (len(_CELLS) - 1).bit_length()
RUN_LINE_ROM = tuple(_CELLS + [BLANK] * ((1 << RUN_ADDRESS_BITS) - len(_CELLS)))
OP_BITS = 9
# names by item and character: 16 characters an item (NAME_W used)
NAME_ROM = tuple(ord(short_name(i)[k]) if k < NAME_W and (i < len(JOKERS) + HAND_TYPES
                                                          or i == NO_ITEM) else BLANK
                 for i in range(1 << ITEM_BITS) for k in range(16))
SCALING_ROM = tuple(int(i < len(JOKERS) and JOKERS[i].scaling) for i in range(1 << ITEM_BITS))
# by number: its first digit code, and the first of the converter's digits it shows
NUMBER_AT_ROM = tuple(NUMBER_AT[name] for name, _ in NUMBERS) + (0,) * (32 - len(NUMBERS))
FIRST_DIGIT_ROM = tuple(CONVERTER_DIGITS - w for _, w in NUMBERS) + (0,) * (32 - len(NUMBERS))
SLOTS = JOKER_SLOTS + SHOP_SLOTS


def check_run_display(rules):
    """The run's view fits the screen's fields."""
    w = run_widths(rules)
    if max(rules.hands, rules.discards, rules.antes) > 9:
        raise ValueError("hands, discards and antes are shown as one digit: at most 9")
    if max(w.score, w.play) > CONVERTER_BITS or max(rules.targets) > 999_999 or \
            w.chips > 16 or (1 << w.mult) > 10 ** 7 or w.money > 9:
        raise ValueError("a number is wider than its field on the run's screen")




@block(skipname=True)
def type_levels(clk, view, pick_level, last_level):
    """The levels of the selection's and the last hand's type (0 when none), registered."""
    lb, types = len(pick_level), HAND_TYPES

    @always(clk.posedge)
    def levels_of():
        a = intbv(0)[lb:]
        b = intbv(0)[lb:]
        for t in range(types):
            for i in range(lb):
                if view.pick_category == t:
                    a[i] = view.levels[lb * t + i]
                if view.last_category == t:
                    b[i] = view.levels[lb * t + i]
        pick_level.next = a
        last_level.next = b

    return levels_of


@block(skipname=True)
def number_value(clk, view, number, pick_level, last_level, value):
    """value: the number's (NUMBERS[number]) value, registered."""
    chosen = Signal(intbv(0)[len(value):])
    slots, cb = JOKER_SLOTS, COUNTER_BITS

    @always_comb
    def choose():
        # the loops run on every path (a loop under an if converts to a latch)
        price0 = intbv(0)[4:]
        price1 = intbv(0)[4:]
        counter = intbv(0)[cb:]
        for b in range(4):
            price0[b] = view.shop_prices[b]
            price1[b] = view.shop_prices[4 + b]
        for k in range(slots):
            for b in range(cb):
                if number == N_COUNTER0 + k:
                    counter[b] = view.counters[cb * k + b]
        v = intbv(0)[CONVERTER_BITS:]
        if number == N_TARGET:
            v[:] = view.target
        elif number == N_SCORE:
            v[:] = view.score
        elif number == N_MONEY:
            v[:] = view.money
        elif number == N_DECK:
            v[:] = view.deck_left
        elif number == N_REROLL:
            v[:] = view.reroll_price
        elif number == N_PICK_LEVEL:
            v[:] = pick_level
        elif number == N_PICK_CHIPS:
            v[:] = view.pick_chips
        elif number == N_PICK_MULT:
            v[:] = view.pick_mult
        elif number == N_LAST_LEVEL:
            v[:] = last_level
        elif number == N_LAST_CHIPS:
            v[:] = view.last_chips
        elif number == N_LAST_MULT:
            v[:] = view.last_mult
        elif number == N_LAST_SCORE:
            v[:] = view.last_score
        elif number == N_ANTE:
            v[:] = view.ante
        elif number == N_HANDS:
            v[:] = view.hands_left
        elif number == N_DISCARDS:
            v[:] = view.discards_left
        elif number == N_PRICE0:
            v[:] = price0
        elif number == N_PRICE1:
            v[:] = price1
        else:
            v[:] = counter
        chosen.next = v

    @always(clk.posedge)
    def value_register():
        value.next = chosen

    return choose, value_register


@block(skipname=True)
def run_digit_codes(clk, rst, view, ids, digits):
    """digits: a list of CODES 7-bit signals, the characters of every digit of NUMBERS, right
    aligned with leading blanks (a counter blank but for a scaling joker's), one number after
    the other through one converter, a digit a clock. ids: the jokers' and the shop's items
    (a list of SLOTS)."""
    start, busy, done = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    value = Signal(intbv(0)[CONVERTER_BITS:])
    bcd = Signal(intbv(0)[4 * CONVERTER_DIGITS:])
    converter = bin2bcd(clk, rst, start, value, busy, done, bcd, width=CONVERTER_BITS)
    lb = len(view.levels) // HAND_TYPES
    pick_level, last_level = Signal(intbv(0)[lb:]), Signal(intbv(0)[lb:])
    levels = type_levels(clk, view, pick_level, last_level)
    number = Signal(intbv(0)[5:])
    chooser = number_value(clk, view, number, pick_level, last_level, value)
    digit_step = Signal(intbv(0)[2:])               # 0 the value settles, 1 start, 2 wait, 3 write
    p = Signal(intbv(0)[4:])                  # the converter's digit written (0: the top)
    digit_at = Signal(intbv(0)[7:])                 # its code
    first, number_at = Signal(intbv(0)[4:]), Signal(intbv(0)[7:])
    lead, blank, hidden = Signal(bool(1)), Signal(bool(0)), Signal(bool(0))
    digit_we, digit_addr = Signal(bool(0)), Signal(intbv(0)[7:])
    digit_char = Signal(intbv(BLANK)[7:])
    scaling = [Signal(intbv(0)[1:]) for _ in range(JOKER_SLOTS)]
    slots, n, last_number, zero = JOKER_SLOTS, CONVERTER_DIGITS, len(NUMBERS) - 1, ord("0")

    @always_comb
    def number_roms():
        first.next = FIRST_DIGIT_ROM[int(number)]
        number_at.next = NUMBER_AT_ROM[int(number)]

    @always_comb
    def scaling_roms():
        for k in range(slots):
            scaling[k].next = SCALING_ROM[int(ids[k])]

    @always_comb
    def counter_hidden():
        """A counter of a joker that does not scale (or of no joker) is not shown."""
        h = False
        for k in range(slots):
            if number == N_COUNTER0 + k and scaling[k] == 0:
                h = True
        hidden.next = h

    @always_seq(clk.posedge, reset=None)
    def digit_ram():
        """One write a clock and no reset: a LUT-RAM."""
        if digit_we:
            digits[digit_addr].next = digit_char

    @always_seq(clk.posedge, reset=rst)
    def write_digits():
        start.next = 0
        digit_we.next = 0
        if digit_step == 0:
            digit_step.next = 1
        elif digit_step == 1:
            start.next = 1
            digit_step.next = 2
        elif digit_step == 2:
            if done:
                p.next = first
                digit_at.next = number_at
                lead.next = 1
                blank.next = hidden
                digit_step.next = 3
        else:
            d = intbv(0)[4:]
            for b in range(4):
                d[b] = bcd[4 * (n - 1 - p) + b]
            c = intbv(0)[7:]
            if blank or (lead and d == 0 and p != n - 1):
                c[:] = BLANK
            else:
                c[:] = zero + d
            lead.next = lead and d == 0
            digit_we.next = 1
            digit_addr.next = digit_at
            digit_char.next = c
            digit_at.next = digit_at + 1
            p.next = p + 1
            if p == n - 1:
                digit_step.next = 0
                if number == last_number:
                    number.next = 0
                else:
                    number.next = number + 1

    return (converter, levels, chooser, number_roms, scaling_roms, counter_hidden, digit_ram,
            write_digits)


@block(skipname=True)
def run_name_codes(clk, rst, ids, names):
    """names: a list of CODES 7-bit signals, the characters of slot k's name (ids: the jokers'
    then the shop's items) name_at NAME_W x k + i, from NAME_ROM, one every three clocks; a joker
    slot without a joker is blank."""
    name_table = rom_signals(NAME_ROM, 7)
    slot, char_at = Signal(intbv(0, min=0, max=SLOTS)), Signal(intbv(0)[4:])
    name_step = Signal(intbv(0)[2:])               # 0 the address, 1 the ROM's read, 2 write
    name_at = Signal(intbv(0)[7:])
    item = Signal(intbv(0)[ITEM_BITS:])
    addr, addr_q = Signal(intbv(0)[ITEM_BITS + 4:]), Signal(intbv(0)[ITEM_BITS + 4:])
    char = Signal(intbv(0)[7:])
    name_we, name_addr = Signal(bool(0)), Signal(intbv(0)[7:])
    name_char = Signal(intbv(BLANK)[7:])
    jokers, last_slot, last_k = JOKER_SLOTS, SLOTS - 1, NAME_W - 1

    @always_comb
    def address():
        item.next = ids[slot]
        addr.next = concat(ids[slot], char_at)

    @always_seq(clk.posedge, reset=None)
    def read_name():
        char.next = name_table[addr_q]

    @always_seq(clk.posedge, reset=None)
    def name_ram():
        """One write a clock and no reset: a LUT-RAM."""
        if name_we:
            names[name_addr].next = name_char

    @always_seq(clk.posedge, reset=rst)
    def write_names():
        name_we.next = 0
        if name_step == 0:
            addr_q.next = addr
            name_step.next = 1
        elif name_step == 1:
            name_step.next = 2
        else:
            name_we.next = 1
            name_addr.next = name_at
            name_char.next = char
            if slot < jokers and item == NO_ITEM:
                name_char.next = BLANK
            name_step.next = 0
            name_at.next = name_at + 1
            char_at.next = char_at + 1
            if char_at == last_k:
                char_at.next = 0
                slot.next = slot + 1
                if slot == last_slot:
                    slot.next = 0
                    name_at.next = 0

    return address, read_name, name_ram, write_names


@block(skipname=True)
def run_text_rows(clk, rst, view, y, row_line):
    """row_line: the line of RUN_LINES on the pixel's text row y[10:4]; the rows' lines chosen
    by the view (the title, the blind, the shop, the selection's hand, the last hand, the
    message) are registered."""
    rows = (ROW_BLIND, ROW_SCORE, ROW_COUNTS, ROW_JOKERS, ROW_SHOP, ROW_ITEMS, ROW_PICK,
            ROW_LAST, ROW_MESSAGE, ROW_HELP)
    row_lines, line_pick, line_last, line_message = row_signals(rows, RUN_LINE_BITS)
    parts = row_parts(clk, rst, view, y, row_line, rows, RUN_HAND_LINES, PHASE_SHOP,
                      row_lines, line_pick, line_last, line_message)

    @always_seq(clk.posedge, reset=rst)
    def lines():
        title = view.phase == PHASE_TITLE
        shop = view.phase == PHASE_SHOP
        row_lines[0].next = R_TOP + view.blind
        row_lines[1].next = R_SCORE
        row_lines[2].next = R_COUNTS
        row_lines[3].next = R_JOKERS
        row_lines[4].next = R_BLANK
        row_lines[5].next = R_BLANK
        row_lines[9].next = R_HELP
        if title:                               # the title: its two lines and the help
            row_lines[0].next = R_TITLE
            row_lines[1].next = R_BLANK
            row_lines[2].next = R_BLANK
            row_lines[3].next = R_BLANK
        elif shop:
            row_lines[4].next = R_SHOP
            row_lines[5].next = R_ITEMS
            row_lines[9].next = R_SHOP_HELP
        row_lines[6].next = line_pick
        row_lines[7].next = line_last
        row_lines[8].next = line_message

    return parts, lines


@block
def balatro_run_screen(clk, rst, view, selection, rgb, hsync, vsync, rules,
                       clocks_per_pixel=4, h=None, v=None):
    """view: the run controller's RunView; selection[8]: the switches (raised cards).
    rgb[12]: 0xRGB, black in the blanking; hsync, vsync: the pins' levels (negative pulses).
    clocks_per_pixel, h, v: the timing's (rtl/vga_timing.py)."""
    check_run_display(rules)
    pixel_en, frame_start = Signal(bool(0)), Signal(bool(0))
    x, y = Signal(intbv(0)[10:]), Signal(intbv(0)[10:])
    active, hs0, vs0 = Signal(bool(0)), Signal(bool(1)), Signal(bool(1))
    timing = vga_timing(clk, rst, pixel_en, x, y, active, hs0, vs0, frame_start,
                        clocks_per_pixel=clocks_per_pixel, h=h, v=v)
    ids = [Signal(intbv(NO_ITEM)[ITEM_BITS:]) for _ in range(SLOTS)]
    digits = [Signal(intbv(BLANK)[7:]) for _ in range(CODES)]
    names = [Signal(intbv(BLANK)[7:]) for _ in range(CODES)]
    numbers = run_digit_codes(clk, rst, view, ids, digits)
    words = run_name_codes(clk, rst, ids, names)
    row_line = Signal(intbv(0)[RUN_LINE_BITS:])
    a, b, c = StageA(RUN_ADDRESS_BITS), StageB(OP_BITS), StageC(OP_BITS)
    rgb_q = Signal(intbv(0)[12:])
    hs_line = Signal(intbv((1 << LATENCY) - 1)[LATENCY:])
    vs_line = Signal(intbv((1 << LATENCY) - 1)[LATENCY:])
    # the cards give way to the shop
    cards_len = Signal(intbv(0)[len(view.hand_len):])
    shown = SimpleNamespace(hand=view.hand, hand_len=cards_len)
    rows = run_text_rows(clk, rst, view, y, row_line)
    cells = cell_stages(clk, shown, selection, x, y, active, row_line, a, b,
                        line_rom=RUN_LINE_ROM)
    cards = card_stage(clk, b, c)
    colours = colour_stages(clk, rst, c, digits, hs0, vs0, rgb_q, hs_line, vs_line,
                            names=names)
    jokers, items = JOKER_SLOTS, SHOP_SLOTS

    @always_comb
    def item_ids():
        for k in range(jokers):
            j = intbv(0)[ITEM_BITS:]
            for i in range(ITEM_BITS):
                j[i] = view.jokers[ITEM_BITS * k + i]
            ids[k].next = j
        for k in range(items):
            o = intbv(0)[ITEM_BITS:]
            for i in range(ITEM_BITS):
                o[i] = view.shop[ITEM_BITS * k + i]
            ids[jokers + k].next = o

    @always_comb
    def cards_shown():
        cards_len.next = view.hand_len
        if view.phase == PHASE_SHOP:
            cards_len.next = 0

    @always_comb
    def outputs():
        rgb.next = rgb_q
        hsync.next = hs_line[LATENCY - 1]
        vsync.next = vs_line[LATENCY - 1]

    return (timing, numbers, words, rows, cells, cards, colours, item_ids, cards_shown,
            outputs)


# the view's ports the screen does not show (not ports of its conversion top)
UNREAD = ("joker_count", "played", "payout_reward", "payout_hands", "payout_interest")


def balatro_run_screen_top(clocks_per_pixel=4, h=None, v=None, **rules):
    """balatro_run_screen with fresh port signals (the view as view_* inputs), for
    conversion."""
    r = rules_of(**rules)
    view = RunView(r)
    for unread in UNREAD:
        delattr(view, unread)
    return balatro_run_screen(clk=Signal(bool(0)), rst=ResetSignal(0, active=1, isasync=False),
                              view=view, selection=Signal(intbv(0)[HAND_SLOTS:]),
                              rgb=Signal(intbv(0)[12:]), hsync=Signal(bool(1)),
                              vsync=Signal(bool(1)), rules=r,
                              clocks_per_pixel=clocks_per_pixel, h=h, v=v)
