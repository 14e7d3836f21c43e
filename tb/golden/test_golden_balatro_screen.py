"""The golden Balatro frame (golden/balatro/screen.py) read back as a person would: each text
row's cells matched against the font (golden/font.py) must spell what the state says, the
cards sit where the layout puts them, white with a grey border, a selected one raised a cell
and edged in gold, the suits red or black; and the font table itself."""

from pokerhdl.golden.balatro.game import BalatroGame, REF_TOO_MANY
from pokerhdl.golden.balatro.screen import (BLACK, FELT, GOLD, GREY, RED, SCREEN_H, SCREEN_W,
                                            WHITE, frame, save_png)
from pokerhdl.golden.cards import DECK, parse_cards
from pokerhdl.golden.font import GLYPH_ROWS, SUIT_CHARS, code_of, pixel

GLYPHS = {rows: code for code, rows in enumerate(GLYPH_ROWS) if any(rows) or code == 32}


def read_row(px, row, ink, start=0, end=80):
    """The characters of a cell row, glyphs matched against the font ('?' when none)."""
    text = ""
    for col in range(start, end):
        rows = tuple(sum((px[row * 16 + y][col * 8 + x] == ink) << (7 - x) for x in range(8))
                     for y in range(16))
        code = GLYPHS.get(rows)
        text += "?" if code is None else SUIT_CHARS[code] if code < 4 else chr(code)
    return text.strip()


def game_with(top):
    deck = parse_cards(top)
    deck += [c for c in DECK if c not in deck]
    return BalatroGame(lambda: list(deck))


def test_font_table():
    assert len(GLYPH_ROWS) == 128 and all(len(rows) == 16 for rows in GLYPH_ROWS)
    assert not any(GLYPH_ROWS[32]) and not any(GLYPH_ROWS[127])        # space, no glyph
    assert len(set(GLYPH_ROWS[32:127])) == 95                        # every glyph its own
    bar = [x for x in range(8) if pixel(code_of("|"), x, 8)]
    assert bar and all(pixel(code_of("|"), bar[0], y) for y in range(3, 13))
    assert len({GLYPH_ROWS[code_of(s)] for s in SUIT_CHARS}) == 4 and all(
        sum(bin(row).count("1") for row in GLYPH_ROWS[code_of(s)]) > 20 for s in SUIT_CHARS)


def test_frame_says_what_the_state_says(tmp_path):
    g = game_with("Ah Kd 7c 7s 2h 9d Ts 4c")
    g.play(0b1100)                                          # the pair of sevens: 24 x 2
    state = g.observe()
    px = frame(state, selection=0b11)                       # Ah Kd selected: high card
    assert len(px) == SCREEN_H and all(len(line) == SCREEN_W for line in px)
    assert read_row(px, 1, WHITE) == "ANTE 1  SMALL BLIND  TARGET    300"
    assert read_row(px, 2, WHITE) == "SCORE      48"
    assert read_row(px, 3, WHITE) == "HANDS 3  DISCARDS 3  DECK 42"
    assert read_row(px, 16, WHITE) == "HIGH CARD" + " " * 9 + "16 X 1"     # (5 + 11) x 1
    assert read_row(px, 18, WHITE) == "LAST  PAIR" + " " * 14 + "24 X 2 =   48"
    assert read_row(px, 20, WHITE) == ""
    hand = state["hand"]
    for k, code in enumerate(hand):
        selected = k < 2
        left, top = (5 + 9 * k) * 8, (8 - selected) * 16
        assert px[top][left] == (GOLD if selected else GREY)
        assert px[top + 95][left + 47] == (GOLD if selected else GREY)
        assert px[top + 50][left + 1] == WHITE and px[top - 1][left] == FELT
        ink = RED if code & 3 in (1, 2) else BLACK
        rank = read_row(px[top:], 0, ink, 5 + 9 * k + 1, 5 + 9 * k + 3)
        assert rank == ("10" if code >> 2 == 8 else "23456789TJQKA"[code >> 2])
        assert read_row(px[top + 16:], 0, ink, 5 + 9 * k + 1, 5 + 9 * k + 2) == \
            SUIT_CHARS[code & 3]
    save_png(px, tmp_path / "frame.png")
    assert (tmp_path / "frame.png").stat().st_size > 1000


def test_message_row():
    g = game_with("Ah Kd 7c 7s 2h 9d Ts 4c")
    g.play(0b111111)
    assert g.result == REF_TOO_MANY
    px = frame(g.observe(), 0b111111)
    assert read_row(px, 20, WHITE) == "TOO MANY CARDS SELECTED"
    assert read_row(px, 16, WHITE) == "AT MOST 5 CARDS"


def test_title_frame():
    """Before the first press: the title, the prompt and the help, no cards, nothing else."""
    px = frame(BalatroGame(lambda: list(DECK), title=True).observe(), selection=0b101)
    rows = {row: read_row(px, row, WHITE) for row in range(30)}
    assert rows.pop(1) == "POKERHDL BALATRO"
    assert rows.pop(20) == "PRESS ANY BUTTON TO SHUFFLE AND DEAL"
    assert rows.pop(27).startswith("SW0-7 SELECT")
    assert set(rows.values()) == {""}
    assert {c for line in px[7 * 16:14 * 16] for c in line} == {FELT}     # no cards


def test_run_frame_says_what_the_run_says():
    """The run's screen: money beside the score, the jokers with a scaling one's counter, the
    level of the selection's and the last hand's type, wide numbers; in the shop the cards
    give way to the two items with their prices, the reroll price and the shop's buttons."""
    from pokerhdl.golden.balatro.game import Rules
    from pokerhdl.golden.balatro.jokers import JOKER_NAMES
    from pokerhdl.golden.balatro.run import PHASE_SHOP, BalatroRun
    from pokerhdl.golden.balatro.shop import planet_item
    from pokerhdl.golden.hands import PAIR
    j = {name: k for k, name in enumerate(JOKER_NAMES)}
    run = BalatroRun(5, Rules(ante_bases=(2,) + Rules().ante_bases[1:]))
    run.next_deck = game_with("Ah Ac 2d 5s 7h 9c Jd Qs").next_deck
    run.new_run()
    run.jokers, run.counters = [j["Green Joker"], j["The Duo"], j["Spare Trousers"]], [3, 0, 7]
    run.levels = (1, 2) + (1,) * 7
    assert run.play(0b11) == 0 and run.phase == PHASE_SHOP
    # a pair of aces at level 2: 10 + 15 + 22 = 47 chips; mult 2 + 1, + 4 (Green Joker, its
    # counter grown to 4), x 2 (The Duo), + 14 (Spare Trousers: 7 x 2, no two pair) = 28
    px = frame(run.observe(), selection=0b11)
    assert read_row(px, 2, WHITE) == "SCORE         1316  MONEY $ 10"
    assert read_row(px, 5, WHITE) == ("GREEN JOKER  4 THE DUO" + " " * 8 + "TROUSERS     7")
    assert read_row(px, 18, WHITE) == "LAST  PAIR" + " " * 13 + "LVL   2     47 X      28 =" \
        + " " * 8 + "1316"
    assert read_row(px, 16, WHITE) == ""                   # no selection row in the shop
    run.shop, run.rerolls = [j["Runner"], planet_item(PAIR)], 2
    px = frame(run.observe(), selection=0b11)
    assert read_row(px, 8, WHITE) == "SHOP  REROLL $  7"
    assert read_row(px, 10, WHITE) == "SW0 RUNNER      $5   SW1 MERCURY     $3"
    assert read_row(px, 27, WHITE).startswith("SHOP: SW0-7 SELECT  C BUY  L SELL JOKER")
    assert px[8 * 16][5 * 8] == FELT                        # no card
    run.leave()
    px = frame(run.observe(), selection=0b1)
    assert read_row(px, 16, WHITE).startswith("HIGH CARD" + " " * 8 + "LVL   1")
    assert px[7 * 16][5 * 8] == GOLD                        # the cards are back
