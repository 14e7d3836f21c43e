"""The golden run with progression (golden/balatro_run.py and the modules it builds on): every
value against the base game's published tables, plays scored by hand, the order of scoring, a
second scorer written from the jokers' published wording, the shop's draws from the generator,
every refusal changing nothing, money conserved over random runs, and runs that repeat by seed.

Sources of the published values (Balatro 1.0.1, white stake). The wiki's tables, and beside
them the game's own data as public copies of its Lua sources show it:

* Planet cards, per level chips and mult: https://balatrogame.fandom.com/wiki/Planet_Cards;
  game.lua, Game:init_game_object, GAME.hands[...].l_chips and l_mult.
* Jokers, effects and prices: the wiki's list of jokers (https://balatrogame.fandom.com/wiki/
  Jokers, as copied at https://balatro-online.com/balatro-jokers/index.html); game.lua,
  P_CENTERS j_joker .. j_tribe, config and cost. "Contains": the wiki's glossary (a three of a
  kind contains a pair; four of a kind does not contain two pair), quoted at
  http://wrwebheads.com/students/per3/ianp/vg/jokers.htm; functions/misc_functions.lua,
  evaluate_poker_hand (four of a kind also fills three of a kind and pair; two pair needs two
  pairs or three and two).
* Money: blind rewards small $3, big $4, boss $5 (P_BLINDS dollars;
  https://balatrogame.fandom.com/wiki/Blinds_and_Antes: "Defeating the Blind may earn some
  reward money"); interest $1 per $5 held, at most $5
  (https://www.casualgameguides.com/walkthroughs/balatro/money-interest-reroll-strategy;
  game.lua interest_amount = 1, interest_cap = 25; functions/state_events.lua evaluate_round,
  on the money held before the payout); $1 per hand left (money_per_hand = 1); $4 to start
  (game.lua previous_round.dollars = 4); reroll $5 and $1 more each time in a shop (game.lua
  base_reroll_cost = 5); a sale at max(1, floor(price / 2)) (card.lua, Card:set_cost).
* Score = floor(chips x mult) after the jokers, left to right (functions/state_events.lua,
  G.FUNCS.evaluate_play: ease_to = G.GAME.chips + math.floor(hand_chips*mult)).
"""

import random
import re
from itertools import combinations

import pytest

from pokerhdl.golden.balatro import (ACT_DISCARD, ACT_PLAY, ACT_SORT_RANK, BIG, BOSS, OK,
                                     PHASE_LOST, PHASE_PLAYING, PHASE_WON, REF_NOTHING_SELECTED,
                                     REF_RUN_OVER, SMALL, Rules, score_hand)
from pokerhdl.golden.balatro_economy import max_money
from pokerhdl.golden.balatro_jokers import JOKERS, JOKER_NAMES, score_play
from pokerhdl.golden.balatro_planets import LEVEL_CHIPS, LEVEL_MULT, PLANET_NAMES, PLANET_PRICE
from pokerhdl.golden.balatro_run import (
    ACT_BUY, ACT_LEAVE, ACT_MOVE, ACT_REROLL, ACT_SELL, PHASE_SHOP, REF_EMPTY_ITEM, REF_IN_SHOP,
    REF_NO_JOKER, REF_NO_MONEY, REF_NO_SLOT, REF_NOT_IN_SHOP, REF_SELECT_ONE, RESULT_TEXT,
    BalatroRun)
from pokerhdl.golden.balatro_shop import ITEMS, NO_ITEM, planet_item
from pokerhdl.golden.cards import DECK, parse_cards
from pokerhdl.golden.hands import CATEGORY_NAMES, FLUSH, PAIR, STRAIGHT, category, rank5
from pokerhdl.golden.rng import XorShift128
from pokerhdl.golden.shuffle import deal, draw_offset

# ----------------------------------------------------------------------- published tables
# hand type: (planet, chips per level, mult per level), as the wiki's Planet Cards table
PUBLISHED_PLANETS = {
    "High card": ("Pluto", 10, 1), "Pair": ("Mercury", 15, 1), "Two pair": ("Uranus", 20, 1),
    "Three of a kind": ("Venus", 20, 2), "Straight": ("Saturn", 30, 3),
    "Flush": ("Jupiter", 15, 2), "Full house": ("Earth", 25, 2),
    "Four of a kind": ("Mars", 30, 3), "Straight flush": ("Neptune", 40, 4)}

# name: (price, effect in the wiki's words)
PUBLISHED_JOKERS = {
    "Joker": (2, "+4 Mult"),
    "Greedy Joker": (5, "Played cards with Diamond suit give +3 Mult when scored"),
    "Lusty Joker": (5, "Played cards with Heart suit give +3 Mult when scored"),
    "Wrathful Joker": (5, "Played cards with Spade suit give +3 Mult when scored"),
    "Gluttonous Joker": (5, "Played cards with Club suit give +3 Mult when scored"),
    "Jolly Joker": (3, "+8 Mult if played hand contains a Pair"),
    "Zany Joker": (4, "+12 Mult if played hand contains a Three of a Kind"),
    "Mad Joker": (4, "+10 Mult if played hand contains a Two Pair"),
    "Crazy Joker": (4, "+12 Mult if played hand contains a Straight"),
    "Droll Joker": (4, "+10 Mult if played hand contains a Flush"),
    "Sly Joker": (3, "+50 Chips if played hand contains a Pair"),
    "Wily Joker": (4, "+100 Chips if played hand contains a Three of a Kind"),
    "Clever Joker": (4, "+80 Chips if played hand contains a Two Pair"),
    "Devious Joker": (4, "+100 Chips if played hand contains a Straight"),
    "Crafty Joker": (4, "+80 Chips if played hand contains a Flush"),
    "Scholar": (4, "Played Aces give +20 Chips and +4 Mult when scored"),
    "Even Steven": (4, "Played cards with even rank give +4 Mult when scored (10, 8, 6, 4, 2)"),
    "Odd Todd": (4, "Played cards with odd rank give +31 Chips when scored (A, 9, 7, 5, 3)"),
    "Fibonacci": (8, "Each played Ace, 2, 3, 5, or 8 gives +8 Mult when scored"),
    "The Duo": (8, "X2 Mult if played hand contains a Pair"),
    "The Trio": (8, "X3 Mult if played hand contains a Three of a Kind"),
    "The Family": (8, "X4 Mult if played hand contains a Four of a Kind"),
    "The Order": (8, "X3 Mult if played hand contains a Straight"),
    "The Tribe": (8, "X2 Mult if played hand contains a Flush"),
}


def test_planet_table_is_the_published_one():
    """Nine planets, one per hand type, with the wiki's per-level chips and mult; $3 each."""
    for cat, name in enumerate(CATEGORY_NAMES):
        planet, chips, mult = PUBLISHED_PLANETS[name]
        assert (PLANET_NAMES[cat], LEVEL_CHIPS[cat], LEVEL_MULT[cat]) == (planet, chips, mult)
    assert PLANET_PRICE == 3


def test_joker_table_is_the_published_one():
    """Every joker's price as published, and its row means what its published words say:
    one play per joker whose score with and without it differs by the words' amount."""
    assert sorted(JOKER_NAMES) == sorted(PUBLISHED_JOKERS)
    for j, joker in enumerate(JOKERS):
        assert joker.price == PUBLISHED_JOKERS[joker.name][0], joker.name
    # the words, read by the second scorer below, give every play the same score as the rows
    rng = random.Random(29)
    for j in range(len(JOKERS)):
        for _ in range(40):
            cards = rng.sample(DECK, rng.randint(1, 5))
            assert score_play(cards, jokers=[j]).score == words_score(cards, [j]), \
                (JOKER_NAMES[j], cards)


# ----------------------------------------------------------------------- a second scorer
def _text_effect(text):
    """(per scored card?, test, chips, mult, xmult) from a joker's published words."""
    ranks = {"A": 12, "10": 8, "9": 7, "8": 6, "7": 5, "6": 4, "5": 3, "4": 2, "3": 1, "2": 0}
    suits = {"Club": 0, "Diamond": 1, "Heart": 2, "Spade": 3}
    hands = {"Pair": "pair", "Two Pair": "two pair", "Three of a Kind": "three",
             "Four of a Kind": "four", "Straight": "straight", "Flush": "flush"}
    m = re.fullmatch(r"\+(\d+) Mult", text)
    if m:
        return False, lambda has: True, 0, int(m[1]), 1
    m = re.fullmatch(r"(X|\+)(\d+) (Mult|Chips) if played hand contains an? (.+)", text)
    if m:
        amount, what, need = int(m[2]), m[3], hands[m[4]]
        xmult = amount if m[1] == "X" else 1
        return (False, lambda has: need in has, amount if what == "Chips" else 0,
                amount if what == "Mult" and m[1] == "+" else 0, xmult)
    m = re.fullmatch(r"Played cards with (\w+) suit give \+(\d+) Mult when scored", text)
    if m:
        return True, lambda code, s=suits[m[1]]: code & 3 == s, 0, int(m[2]), 1
    m = re.fullmatch(r"Played cards with \w+ rank give \+(\d+) (Mult|Chips) when scored "
                     r"\((.+)\)", text)
    if not m:
        m = re.fullmatch(r"Each played (.+) gives \+(\d+) (Mult) when scored", text)
        if m:
            m = [None, m[2], m[3], m[1].replace(" or", "").replace("Ace", "A")]
    if m:
        which = {ranks[t.strip()] for t in m[3].split(",")}
        amount = int(m[1])
        return (True, lambda code: code >> 2 in which, amount if m[2] == "Chips" else 0,
                amount if m[2] == "Mult" else 0, 1)
    m = re.fullmatch(r"Played Aces give \+(\d+) Chips and \+(\d+) Mult when scored", text)
    assert m, text
    return True, lambda code: code >> 2 == 12, int(m[1]), int(m[2]), 1


WORDS = {name: _text_effect(text) for name, (price, text) in PUBLISHED_JOKERS.items()}
BASE = {"High card": (5, 1), "Pair": (10, 2), "Two pair": (20, 2), "Three of a kind": (30, 3),
        "Straight": (30, 4), "Flush": (35, 4), "Full house": (40, 4), "Four of a kind": (60, 7),
        "Straight flush": (100, 8)}


def words_contains(cards):
    """What a play contains, by looking for the sub-hand among its cards (a pair is two cards
    of a rank, two pair four cards in two ranks, ...); a straight or a flush is all five."""
    has = set()
    groups = [sorted(c >> 2 for c in sub) for n in (2, 3, 4) for sub in combinations(cards, n)]
    for g in groups:
        if len(g) == 2 and g[0] == g[1]:
            has.add("pair")
        if len(g) == 3 and g[0] == g[2]:
            has.add("three")
        if len(g) == 4 and g[0] == g[3]:
            has.add("four")
        if len(g) == 4 and g[0] == g[1] != g[2] == g[3]:
            has.add("two pair")
    ranks = sorted({c >> 2 for c in cards})
    if len(cards) == 5 and len(ranks) == 5 and (ranks[4] - ranks[0] == 4
                                                or ranks == [0, 1, 2, 3, 12]):
        has.add("straight")
    if len(cards) == 5 and len({c & 3 for c in cards}) == 1:
        has.add("flush")
    return has


def words_score(cards, jokers, levels=None):
    """The score of a play from the published words: the hand's base and levels, each scored
    card's chips then each card joker, then the other jokers left to right."""
    name = CATEGORY_NAMES[category(rank5(cards))]
    cat = CATEGORY_NAMES.index(name)
    level = (levels or [1] * 9)[cat]
    planet, per_chips, per_mult = PUBLISHED_PLANETS[name]
    chips = BASE[name][0] + per_chips * (level - 1)
    mult = BASE[name][1] + per_mult * (level - 1)
    effects = [WORDS[JOKER_NAMES[j]] for j in jokers]
    for card, scored in zip(cards, score_hand(cards).scoring):
        if scored:
            chips += (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11)[card >> 2]
            for per_card, test, c, m, x in effects:
                if per_card and test(card):
                    chips, mult = chips + c, (mult + m) * x
    has = words_contains(cards)
    for per_card, test, c, m, x in effects:
        if not per_card and test(has):
            chips, mult = chips + c, (mult + m) * x
    return chips * mult


def test_second_scorer_agrees_on_random_plays():
    """Random plays, random levels, up to five random jokers in random order: the golden
    scorer equals the one written from the published words."""
    rng = random.Random(1)
    for _ in range(3000):
        cards = rng.sample(DECK, rng.randint(1, 5))
        jokers = rng.sample(range(len(JOKERS)), rng.randint(0, 5))
        levels = [rng.randint(1, 6) for _ in range(9)]
        assert score_play(cards, levels, jokers).score == words_score(cards, jokers, levels)


def test_contains_is_the_games():
    """The sub-hands a play contains, as the game counts them."""
    def named(text):
        return {n for n in ("pair", "two pair", "three", "four", "straight", "flush")
                if n in words_contains(parse_cards(text))}
    assert named("Qh Qc Qd 3s 3h") == {"pair", "two pair", "three"}   # full house
    assert named("8h 8c 8d 8s Ac") == {"pair", "three", "four"}       # no two pair
    assert named("5s 6s 7s 8s 9s") == {"straight", "flush"}
    assert named("Kh Kd 9s 9c 2h") == {"pair", "two pair"}
    jolly, mad, family = (JOKER_NAMES.index(n) for n in ("Jolly Joker", "Mad Joker",
                                                        "The Family"))
    quads = parse_cards("8h 8c 8d 8s Ac")
    # four eights: (60 + 32) x 7 = 644; Jolly's pair is in it, Mad's two pair is not
    assert score_play(quads).score == 644
    assert score_play(quads, jokers=[mad]).score == 644
    assert score_play(quads, jokers=[jolly]).score == 92 * 15
    assert score_play(quads, jokers=[family]).score == 92 * 28


# ----------------------------------------------------------------------- plays worked by hand
J = {name: k for k, name in enumerate(JOKER_NAMES)}
LEVELS1 = [1] * 9


def levels(**by_type):
    out = list(LEVELS1)
    for name, n in by_type.items():
        out[{"straight": STRAIGHT, "flush": FLUSH, "pair": PAIR}[name]] = n
    return out


# (cards, levels, jokers left to right, score worked out by hand)
WORKED = [
    # two pair: chips 20 + 10 + 10 + 9 + 9 = 58, Sly +50, Clever +80 -> 188;
    # mult 2 + Jolly 8 + Mad 10 = 20; 188 x 20 = 3760 (the 2h kicker does not score)
    ("Kh Kd 9s 9c 2h", LEVELS1, ["Jolly Joker", "Mad Joker", "Sly Joker", "Clever Joker"], 3760),
    # queens full: chips 40 + 30 + 6 = 76; mult (4 + 8 + 12 + 10) = 34, x2 = 68, x3 = 204;
    # 76 x 204 = 15504
    ("Qh Qc Qd 3s 3h", LEVELS1,
     ["Jolly Joker", "Zany Joker", "Mad Joker", "The Duo", "The Trio"], 15504),
    # heart flush: chips 35 + 2 + 5 + 9 + 10 + 10 = 71, Crafty +80 = 151; mult 4 + 5 x 3
    # (Lusty, each scored heart) = 19, Droll +10 = 29, Tribe x2 = 58; 151 x 58 = 8758
    ("2h 5h 9h Jh Kh", LEVELS1, ["Lusty Joker", "Droll Joker", "Crafty Joker", "The Tribe"],
     8758),
    # the order of jokers: pair of aces, chips 10 + 22 = 32; Joker then Duo: (2 + 4) x 2 = 12,
    # 384; Duo then Joker: 2 x 2 + 4 = 8, 256
    ("Ah Ac", LEVELS1, ["Joker", "The Duo"], 384),
    ("Ah Ac", LEVELS1, ["The Duo", "Joker"], 256),
    # aces and eights, the 3h kicker out: chips 20 + 11 + 11 + 8 + 8 = 58, Scholar +20 per ace
    # = 98, Odd Todd +31 per ace = 160; mult 2 + Scholar 4 per ace = 10, Fibonacci 8 for each
    # of the four = 42, Even Steven 4 per eight = 50; 160 x 50 = 8000
    ("Ah Ad 8c 8s 3h", LEVELS1, ["Scholar", "Fibonacci", "Even Steven", "Odd Todd"], 8000),
    # a straight at level 3 (Saturn twice): chips 30 + 2 x 30 = 90, cards 5 + ... + 9 = 35,
    # Devious +100 -> 225; mult 4 + 2 x 3 = 10, Crazy +12 = 22, Order x3 = 66; 14850
    ("5h 6c 7d 8s 9h", levels(straight=3), ["Crazy Joker", "Devious Joker", "The Order"],
     14850),
    # a straight flush contains a straight and a flush: chips 100 + 35 = 135; mult 8,
    # Wrathful 5 x 3 = 23, Droll +10, Crazy +12 = 45; 6075
    ("5s 6s 7s 8s 9s", LEVELS1, ["Wrathful Joker", "Droll Joker", "Crazy Joker"], 6075),
    # a lone king: (5 + 10) x 1; Jolly wants a pair, Joker gives 4: 15 x 5 = 75
    ("Kd", LEVELS1, ["Jolly Joker", "Joker"], 75),
    # Greedy counts scored diamonds only: Kd scores, the 2d kicker does not; chips 10 + 20,
    # mult 2 + 3 = 5; 150
    ("Kd Kh 2d", LEVELS1, ["Greedy Joker"], 150),
    # a flush at level 4 (Jupiter three times): chips 35 + 3 x 15 = 80, the clubs 2 + 4 + 6 +
    # 8 + 10 = 30, so 110; mult 4 + 3 x 2 = 10; 1100
    ("2c 4c 6c 8c Tc", levels(flush=4), [], 1100),
    # a pair at level 2 (Mercury): chips 10 + 15 + 7 + 7 = 39, mult 2 + 1 = 3; 117
    ("7h 7d", levels(pair=2), [], 117),
]


@pytest.mark.parametrize("text, lv, names, score", WORKED,
                         ids=[f"{w[0].replace(' ', '')}-{len(w[2])}" for w in WORKED])
def test_worked_plays(text, lv, names, score):
    got = score_play(parse_cards(text), lv, [J[n] for n in names])
    assert got.score == score == got.chips * got.mult


def test_money_values_are_the_published_ones():
    from pokerhdl.golden import balatro_economy as e
    assert e.STARTING_MONEY == 4 and e.BLIND_REWARDS == (3, 4, 5)
    assert [e.interest(m) for m in (0, 4, 5, 9, 10, 24, 25, 26, 100)] == \
        [0, 0, 1, 1, 2, 4, 5, 5, 5]
    assert e.payout(BOSS, 2, 17) == (5, 2, 3) and e.payout(SMALL, 0, 3) == (3, 0, 0)
    assert e.payout(BIG, 3, 40) == (4, 3, 5)
    assert [e.sell_price(p) for p in (1, 2, 3, 4, 5, 8)] == [1, 1, 1, 2, 2, 4]
    assert [e.reroll_price(n) for n in range(4)] == [5, 6, 7, 8]
    # 4 + 24 blinds x ($5 + 3 hands + $5 interest) = 316: nine bits of money
    assert max_money(Rules()) == 316


# ----------------------------------------------------------------------- the run's moves
EASY = Rules(antes=2, ante_bases=(2, 4))        # any play wins a blind


def in_shop(seed=3, rules=EASY):
    run = BalatroRun(seed, rules)
    assert run.play(1) == OK and run.phase == PHASE_SHOP
    return run


def state(run):
    out = {k: v for k, v in vars(run).items() if k not in ("result", "next_deck", "rng")}
    out["rng"] = run.rng.state
    return repr(out)


def assert_refused(run, move, code):
    before = state(run)
    assert move() == code
    assert run.result == code and run.observe()["result"] == code
    assert run.message == RESULT_TEXT[code]
    assert state(run) == before


def test_a_won_blind_pays_and_opens_the_shop():
    """Ante 1's small blind won with three hands left and $4: $3 + $3 + $0, so $10; the shop's
    two items are the generator's next draws after the deck."""
    rng = XorShift128(77)
    deck = deal(rng, 52).cards
    words = []
    while len(words) < 2:
        item = draw_offset(rng.next(), ITEMS)
        if item is not None and item not in words:
            words.append(item)
    run = BalatroRun(77, Rules(ante_bases=(2,) + Rules().ante_bases[1:]))
    assert run.hand == deck[:8]
    assert run.play(1) == OK
    v = run.observe()
    assert (v["phase"], v["money"], v["payout"], v["hands_left"]) == (PHASE_SHOP, 10, (3, 3, 0), 3)
    assert (v["ante"], v["blind"], v["target"]) == (1, SMALL, 2)
    assert list(v["shop"]) == words and v["reroll_price"] == 5
    assert v["shop_prices"] == tuple(JOKERS[i].price if i < 24 else 3 for i in words)
    # leaving deals the big blind's deck from the generator, after the shop's draws
    after = deal(rng, 52).cards
    assert run.leave() == OK
    # the big blind: 2 x 1.5 = 3
    assert (run.phase, run.blind, run.target, run.score) == (PHASE_PLAYING, BIG, 3, 0)
    assert run.hand == after[:8] and run.shop == [NO_ITEM] * 2


def test_shop_moves_by_hand():
    run = in_shop()
    jolly, duo = J["Jolly Joker"], J["The Duo"]
    run.shop, run.money = [jolly, planet_item(PAIR)], 20
    assert run.buy(0b01) == OK and run.jokers == [jolly] and run.money == 17
    assert run.buy(0b10) == OK and run.levels[PAIR] == 2 and run.money == 14
    assert run.shop == [NO_ITEM, NO_ITEM]
    assert run.reroll() == OK and run.money == 9 and run.reroll_price == 6
    run.shop = [duo, J["Joker"]]
    run.money = 10
    assert run.buy(1) == OK and run.buy(2) == OK and run.jokers == [jolly, duo, J["Joker"]]
    assert run.money == 0
    assert run.move(0b010) == OK and run.jokers == [jolly, J["Joker"], duo]
    assert run.sell(0b001) == OK and run.jokers == [J["Joker"], duo] and run.money == 1
    assert run.sell(0b010) == OK and run.jokers == [J["Joker"]] and run.money == 5
    assert run.leave() == OK and run.phase == PHASE_PLAYING
    # a pair of aces in the next blind: Mercury's level 2 and the Joker count
    run.hand[:2] = parse_cards("Ah Ac")
    assert run.preview(0b11).score == (10 + 15 + 22) * (2 + 1 + 4)


def test_every_refusal_changes_nothing():
    run = BalatroRun(5)
    for move in (lambda: run.buy(1), lambda: run.sell(1), lambda: run.move(1), run.reroll,
                 run.leave):
        assert_refused(run, move, REF_NOT_IN_SHOP)
    run = in_shop()
    for move in (lambda: run.play(1), lambda: run.discard(1), run.sort_rank, run.sort_suit):
        assert_refused(run, move, REF_IN_SHOP)
    assert run.preview(1) is None
    for move in (run.buy, run.sell, run.move):
        assert_refused(run, lambda: move(0), REF_NOTHING_SELECTED)
        assert_refused(run, lambda: move(0b11), REF_SELECT_ONE)
    assert_refused(run, lambda: run.buy(0b100), REF_EMPTY_ITEM)
    assert_refused(run, lambda: run.sell(1), REF_NO_JOKER)
    assert_refused(run, lambda: run.move(1), REF_NO_JOKER)
    run.shop, run.money = [J["The Duo"], planet_item(FLUSH)], 7
    assert_refused(run, lambda: run.buy(1), REF_NO_MONEY)       # $8 with $7
    assert run.buy(2) == OK and run.money == 4
    assert_refused(run, lambda: run.buy(2), REF_EMPTY_ITEM)     # bought
    assert_refused(run, run.reroll, REF_NO_MONEY)              # $5 with $4
    run.jokers, run.money = [J[n] for n in JOKER_NAMES[:5]], 50
    assert_refused(run, lambda: run.buy(1), REF_NO_SLOT)
    assert_refused(run, lambda: run.sell(1 << 5), REF_NO_JOKER)
    with pytest.raises(ValueError):
        run.buy(256)
    # after the run only new_run
    run = BalatroRun(5)
    while run.phase == PHASE_PLAYING:
        run.play(1)
    assert run.phase == PHASE_LOST
    for move in (lambda: run.buy(1), run.reroll, run.leave, lambda: run.sell(1),
                 lambda: run.play(1)):
        assert_refused(run, move, REF_RUN_OVER)
    assert run.new_run() == OK
    assert (run.money, run.jokers, run.levels, run.phase) == (4, [], (1,) * 9, PHASE_PLAYING)


def test_the_last_blind_wins_the_run_and_pays():
    run = BalatroRun(9, EASY)
    for blind in range(6):
        assert run.play(1) == OK
        if blind < 5:
            assert run.phase == PHASE_SHOP and run.leave() == OK
    assert run.phase == PHASE_WON and run.shop == [NO_ITEM] * 2
    # six blinds, each won on the first of four hands, nothing bought: $4, then reward + $3 +
    # interest: 4 + 3 + 3 + 0 = 10, + 4 + 3 + 2 = 19, + 5 + 3 + 3 = 30, + 3 + 3 + 5 = 41,
    # + 4 + 3 + 5 = 53, + 5 + 3 + 5 = 66
    assert run.money == 66 and run.payout == (5, 3, 5)
    assert_refused(run, run.leave, REF_RUN_OVER)


# ----------------------------------------------------------------------- random runs
MOVES = (ACT_PLAY, ACT_DISCARD, ACT_SORT_RANK, ACT_BUY, ACT_SELL, ACT_MOVE, ACT_REROLL,
         ACT_LEAVE)


def test_money_is_conserved_over_random_runs():
    """Random moves on short runs: the money after every move is what the test's own
    accounting of the published prices says (payouts, purchases, sales, rerolls); refusals
    change nothing; the run repeats move for move from its seed."""
    rng = random.Random(7)
    price = {**{J[n]: p for n, (p, _) in PUBLISHED_JOKERS.items()},
             **{planet_item(c): 3 for c in range(9)}}
    shops = wins = 0
    for n in range(60):
        rules = Rules(antes=3, ante_bases=(20, 40, 60))
        run, twin = BalatroRun(n + 1, rules), BalatroRun(n + 1, rules)
        money, rerolls = 4, 0
        for step in range(300):
            if run.phase not in (PHASE_PLAYING, PHASE_SHOP):
                break
            action = rng.choice(MOVES)
            if rng.random() < 0.1:
                mask = rng.randrange(256)
            elif action in (ACT_PLAY, ACT_DISCARD):
                mask = sum(1 << i for i in rng.sample(range(8), rng.randint(1, 5)))
            else:
                mask = 1 << rng.randrange(6)
            before = run.observe()
            before_state = state(run)
            code = run.act(action, mask)
            assert twin.act(action, mask) == code and twin.observe() == run.observe()
            if code != OK:
                assert state(run) == before_state
                continue
            slot = mask.bit_length() - 1
            if action == ACT_BUY:
                money -= price[before["shop"][slot]]
            elif action == ACT_SELL:
                money += max(1, price[before["jokers"][slot]] // 2)
            elif action == ACT_REROLL:
                money -= 5 + rerolls
                rerolls += 1
            elif action == ACT_PLAY and run.phase in (PHASE_SHOP, PHASE_WON):
                money += (3, 4, 5)[before["blind"]] + run.hands_left + min(money // 5, 5)
                rerolls = 0
                shops += run.phase == PHASE_SHOP
                wins += run.phase == PHASE_WON
            assert run.money == money >= 0
    assert shops > 20 and wins > 0


def test_seeds_give_their_own_runs():
    a, b, c = BalatroRun(11), BalatroRun(11), BalatroRun(12)
    assert a.observe() == b.observe() and a.hand != c.hand
