"""The golden run with progression (golden/balatro/run.py and the modules it builds on): every
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
* The jokers added for a winnable run (Walkie Talkie .. Square Joker below): the wiki's pages
  of each (https://balatrogame.fandom.com/wiki/Green_Joker, .../Ride_the_Bus, .../Runner,
  .../Spare_Trousers, .../Square_Joker, .../Half_Joker, .../Acrobat, .../Card_Sharp,
  .../Seeing_Double, .../Walkie_Talkie, .../Smiley_Face, .../Scary_Face, .../Arrowhead,
  .../Onyx_Agate) and game.lua, P_CENTERS j_walkie_talkie, j_smiley, j_scary_face,
  j_arrowhead (extra = 50), j_onyx_agate (extra = 7), j_half (mult = 20, size = 3),
  j_acrobat (extra = 3), j_card_sharp (Xmult = 3), j_seeing_double (extra = 2),
  j_green_joker (hand_add = 1, discard_sub = 1), j_ride_the_bus (extra = 1), j_runner
  (chip_mod = 15), j_trousers (extra = 2), j_square (chip_mod = 4), each with its cost; the
  scaling ones grow in card.lua, Card:calculate_joker, context.before (before the play
  scores), Green Joker shrinks in context.pre_discard (once a discard), Ride the Bus resets
  there when a face card scores; Acrobat reads G.GAME.current_round.hands_left == 0 (the play's
  hand already spent: the last hand), Card Sharp hands[...].played_this_round > 1.
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

from pokerhdl.golden.balatro.game import (ACT_DISCARD, ACT_PLAY, ACT_SORT_RANK, BIG, BOSS, OK,
                                          PHASE_LOST, PHASE_PLAYING, PHASE_WON,
                                          REF_NOTHING_SELECTED, REF_RUN_OVER, SMALL, Rules,
                                          score_hand)
from pokerhdl.golden.balatro.economy import max_money
from pokerhdl.golden.balatro.jokers import (JOKERS, JOKER_NAMES, Blind, discarded, grown,
                                            score_play)
from pokerhdl.golden.balatro.planets import LEVEL_CHIPS, LEVEL_MULT, PLANET_NAMES, PLANET_PRICE
from pokerhdl.golden.balatro.run import (ACT_BUY, ACT_LEAVE, ACT_MOVE, ACT_REROLL, ACT_SELL,
                                         PHASE_SHOP, REF_EMPTY_ITEM, REF_IN_SHOP, REF_NO_JOKER,
                                         REF_NO_MONEY, REF_NO_SLOT, REF_NOT_IN_SHOP,
                                         REF_SELECT_ONE, RESULT_TEXT, BalatroRun)
from pokerhdl.golden.balatro.shop import ITEMS, NO_ITEM, planet_item
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
    "Walkie Talkie": (4, "Each played 10 or 4 gives +10 Chips and +4 Mult when scored"),
    "Smiley Face": (4, "Played face cards give +5 Mult when scored"),
    "Scary Face": (4, "Played face cards give +30 Chips when scored"),
    "Arrowhead": (7, "Played cards with Spade suit give +50 Chips when scored"),
    "Onyx Agate": (7, "Played cards with Club suit give +7 Mult when scored"),
    "Half Joker": (5, "+20 Mult if played hand contains 3 or fewer cards"),
    "Acrobat": (6, "X3 Mult on final hand of round"),
    "Card Sharp": (6, "X3 Mult if played poker hand has already been played this round"),
    "Seeing Double": (6, "X2 Mult if played hand has a scoring Club card and a scoring card "
                         "of any other suit"),
    "Green Joker": (4, "+1 Mult per hand played, -1 Mult per discard"),
    "Ride the Bus": (6, "This Joker gains +1 Mult per consecutive hand played without a "
                        "scoring face card"),
    "Runner": (5, "Gains +15 Chips if played hand contains a Straight"),
    "Spare Trousers": (6, "This Joker gains +2 Mult if played hand contains a Two Pair"),
    "Square Joker": (4, "This Joker gains +4 Chips if played hand has exactly 4 cards"),
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
# An effect read from the words: (kind, test, chips, mult, xmult, shrink). kind "card": test
# takes a scored card; "hand": test takes the play (a dict); "grow": a scaling joker whose
# amount (the game's ability value, kept here in chips or mult, not as a count) gains chips or
# mult when test(play) holds, is reset to 0 when it does not and the words say "consecutive",
# and loses shrink on a discard.
FACE_RANKS = {9, 10, 11}


def _text_effect(text):
    ranks = {"A": 12, "10": 8, "9": 7, "8": 6, "7": 5, "6": 4, "5": 3, "4": 2, "3": 1, "2": 0}
    suits = {"Club": 0, "Diamond": 1, "Heart": 2, "Spade": 3}
    hands = {"Pair": "pair", "Two Pair": "two pair", "Three of a Kind": "three",
             "Four of a Kind": "four", "Straight": "straight", "Flush": "flush"}
    m = re.fullmatch(r"\+(\d+) Mult", text)
    if m:
        return "hand", lambda p: True, 0, int(m[1]), 1, 0
    m = re.fullmatch(r"\+(\d+) Mult if played hand contains (\d) or fewer cards", text)
    if m:
        return "hand", lambda p, n=int(m[2]): len(p["cards"]) <= n, 0, int(m[1]), 1, 0
    m = re.fullmatch(r"(X|\+)(\d+) (Mult|Chips) if played hand contains an? (.+)", text)
    if m:
        amount, what, need = int(m[2]), m[3], hands[m[4]]
        xmult = amount if m[1] == "X" else 1
        return ("hand", lambda p: need in p["has"], amount if what == "Chips" else 0,
                amount if what == "Mult" and m[1] == "+" else 0, xmult, 0)
    m = re.fullmatch(r"X(\d+) Mult on final hand of round", text)
    if m:
        return "hand", lambda p: p["hands_left"] == 1, 0, 0, int(m[1]), 0
    m = re.fullmatch(r"X(\d+) Mult if played poker hand has already been played this round",
                     text)
    if m:
        return "hand", lambda p: p["name"] in p["played"], 0, 0, int(m[1]), 0
    m = re.fullmatch(r"X(\d+) Mult if played hand has a scoring (\w+) card and a scoring "
                     r"card of any other suit", text)
    if m:
        s = suits[m[2]]
        return ("hand", lambda p: s in {c & 3 for c in p["scored"]}
                and len({c & 3 for c in p["scored"]}) > 1, 0, 0, int(m[1]), 0)
    m = re.fullmatch(r"\+(\d+) Mult per hand played, -(\d+) Mult per discard", text)
    if m:
        return "grow", lambda p: True, 0, int(m[1]), 1, int(m[2])
    m = re.fullmatch(r"This Joker gains \+(\d+) Mult per consecutive hand played without a "
                     r"scoring face card", text)
    if m:
        return ("grow", lambda p: not any(c >> 2 in FACE_RANKS for c in p["scored"]), 0,
                int(m[1]), "reset", 0)
    m = re.fullmatch(r"(?:This Joker gains|Gains) \+(\d+) (Chips|Mult) if played hand "
                     r"(?:contains an? (.+)|has exactly (\d) cards)", text)
    if m:
        if m[3]:
            need = hands[m[3]]
            test = lambda p: need in p["has"]            # noqa: E731
        else:
            test = lambda p, n=int(m[4]): len(p["cards"]) == n   # noqa: E731
        return ("grow", test, int(m[1]) if m[2] == "Chips" else 0,
                int(m[1]) if m[2] == "Mult" else 0, 1, 0)
    m = re.fullmatch(r"Played cards with (\w+) suit give \+(\d+) (Mult|Chips) when scored",
                     text)
    if m:
        amount = int(m[2])
        return ("card", lambda code, s=suits[m[1]]: code & 3 == s,
                amount if m[3] == "Chips" else 0, amount if m[3] == "Mult" else 0, 1, 0)
    m = re.fullmatch(r"Played face cards give \+(\d+) (Mult|Chips) when scored", text)
    if m:
        amount = int(m[1])
        return ("card", lambda code: code >> 2 in FACE_RANKS,
                amount if m[2] == "Chips" else 0, amount if m[2] == "Mult" else 0, 1, 0)
    m = re.fullmatch(r"Each played (\d+) or (\d+) gives \+(\d+) Chips and \+(\d+) Mult "
                     r"when scored", text)
    if m:
        which = {ranks[m[1]], ranks[m[2]]}
        return "card", lambda code: code >> 2 in which, int(m[3]), int(m[4]), 1, 0
    m = re.fullmatch(r"Played cards with \w+ rank give \+(\d+) (Mult|Chips) when scored "
                     r"\((.+)\)", text)
    if not m:
        m = re.fullmatch(r"Each played (.+) gives \+(\d+) (Mult) when scored", text)
        if m:
            m = [None, m[2], m[3], m[1].replace(" or", "").replace("Ace", "A")]
    if m:
        which = {ranks[t.strip()] for t in m[3].split(",")}
        amount = int(m[1])
        return ("card", lambda code: code >> 2 in which, amount if m[2] == "Chips" else 0,
                amount if m[2] == "Mult" else 0, 1, 0)
    m = re.fullmatch(r"Played Aces give \+(\d+) Chips and \+(\d+) Mult when scored", text)
    assert m, text
    return "card", lambda code: code >> 2 == 12, int(m[1]), int(m[2]), 1, 0


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


def words_play(cards, jokers, levels=None, amounts=None, hands_left=4, played=()):
    """A play scored from the published words: the hand's base and levels, each scored card's
    chips then each card joker, then the other jokers left to right; the scaling jokers'
    amounts (chips or mult, the game's own values: None, all 0) grown first. Returns the
    score and the amounts after the play."""
    name = CATEGORY_NAMES[category(rank5(cards))]
    level = (levels or [1] * 9)[CATEGORY_NAMES.index(name)]
    planet, per_chips, per_mult = PUBLISHED_PLANETS[name]
    chips = BASE[name][0] + per_chips * (level - 1)
    mult = BASE[name][1] + per_mult * (level - 1)
    scored = [c for c, f in zip(cards, score_hand(cards).scoring) if f]
    play = dict(cards=cards, scored=scored, has=words_contains(cards), name=name,
                hands_left=hands_left, played=set(played))
    effects = [WORDS[JOKER_NAMES[j]] for j in jokers]
    amounts = list(amounts or [(0, 0)] * len(jokers))
    for k, (kind, test, c, m, x, shrink) in enumerate(effects):
        if kind == "grow":
            if test(play):
                amounts[k] = (amounts[k][0] + c, amounts[k][1] + m)
            elif x == "reset":
                amounts[k] = (0, 0)
    for card in scored:
        chips += (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11)[card >> 2]
        for kind, test, c, m, x, shrink in effects:
            if kind == "card" and test(card):
                chips, mult = chips + c, (mult + m) * x
    for (kind, test, c, m, x, shrink), (grown_c, grown_m) in zip(effects, amounts):
        if kind == "hand" and test(play):
            chips, mult = chips + c, (mult + m) * x
        elif kind == "grow":
            chips, mult = chips + grown_c, mult + grown_m
    return chips * mult, amounts


def words_discard(jokers, amounts):
    """The amounts after a discard: each loses its words' shrink, not below 0."""
    return [(max(0, c - WORDS[JOKER_NAMES[j]][5]), max(0, m - WORDS[JOKER_NAMES[j]][5]))
            for j, (c, m) in zip(jokers, amounts)]


def words_score(cards, jokers, levels=None):
    return words_play(cards, jokers, levels)[0]


def test_second_scorer_agrees_on_random_plays():
    """Random plays, random levels, up to five random jokers in random order: the golden
    scorer equals the one written from the published words."""
    rng = random.Random(1)
    for _ in range(3000):
        cards = rng.sample(DECK, rng.randint(1, 5))
        jokers = rng.sample(range(len(JOKERS)), rng.randint(0, 5))
        levels = [rng.randint(1, 6) for _ in range(9)]
        assert score_play(cards, levels, jokers).score == words_score(cards, jokers, levels)


def test_second_scorer_agrees_on_random_blinds():
    """Sequences of random plays and discards in random blind states, with the scaling jokers
    among random ones: the golden rows with their counters (grown, discarded, x the row's
    amount) give every play the score the words give, with the words' own running amounts."""
    rng = random.Random(2)
    scaling = [j for j, joker in enumerate(JOKERS) if joker.scaling]
    for _ in range(400):
        jokers = rng.sample(scaling, rng.randint(1, 3))
        jokers += rng.sample([j for j in range(len(JOKERS)) if j not in jokers],
                             rng.randint(0, 5 - len(jokers)))
        rng.shuffle(jokers)
        levels = [rng.randint(1, 4) for _ in range(9)]
        counters, amounts = [0] * len(jokers), None
        for _ in range(12):
            if rng.random() < 0.25:
                counters = discarded(jokers, counters)
                amounts = words_discard(jokers, amounts or [(0, 0)] * len(jokers))
                continue
            cards = rng.sample(DECK, rng.randint(1, 5))
            hands_left, played = rng.randint(1, 4), rng.randrange(512)
            blind = Blind(hands_left, played)
            got = score_play(cards, levels, jokers, counters, blind).score
            want, amounts = words_play(cards, jokers, levels, amounts, hands_left,
                                       [CATEGORY_NAMES[c] for c in range(9) if played >> c & 1])
            assert got == want, (cards, [JOKER_NAMES[j] for j in jokers], counters)
            counters = grown(cards, jokers, counters, blind)
            assert [(n * JOKERS[j].chips, n * JOKERS[j].mult) if JOKERS[j].scaling
                    else (0, 0) for j, n in zip(jokers, counters)] == amounts


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


# (cards, jokers left to right, their counters before the play, the blind, score by hand,
# the counters after): the scaling jokers grow before the play scores
WORKED_BLIND = [
    # Green Joker at 3 grows to 4 with any play: pair of sevens (10 + 7 + 7) x (2 + 4) = 144
    ("7h 7d", ["Green Joker"], [3], Blind(), 144, [4]),
    # Ride the Bus at 5: a scored king resets it to 0 before scoring: (10 + 20) x 2 = 60
    ("Kh Kd", ["Ride the Bus"], [5], Blind(), 60, [0]),
    # ... but a pair of nines with the king a kicker grows it to 6: (10 + 18) x (2 + 6) = 224
    ("9h 9d Kc", ["Ride the Bus"], [5], Blind(), 224, [6]),
    # Runner at 2 and a straight: 3 x 15 = 45 chips; (30 + 35 + 45) x 4 = 440
    ("5h 6c 7d 8s 9h", ["Runner"], [2], Blind(), 440, [3]),
    # Runner does not grow on a pair and gives its 2 x 15: (10 + 20 + 30) x 2 = 120
    ("Qh Qd", ["Runner"], [2], Blind(), 120, [2]),
    # four cards of two pair: Spare Trousers 4 -> 5 (+10 mult), Square Joker 0 -> 1 (+4 chips):
    # chips 20 + 10 + 10 + 9 + 9 + 4 = 62, mult 2 + 10 = 12; 744
    ("Kh Kd 9s 9c", ["Spare Trousers", "Square Joker"], [4, 0], Blind(), 744, [5, 1]),
    # five cards: Square does not grow; Trousers does (two pair): (58 + 0) x (2 + 10) = 696
    ("Kh Kd 9s 9c 2h", ["Spare Trousers", "Square Joker"], [4, 0], Blind(), 696, [5, 0]),
    # Half Joker (two cards) and Acrobat on the last hand: (10 + 22) x (2 + 20) x 3 = 2112
    ("Ah Ac", ["Half Joker", "Acrobat"], [0, 0], Blind(hands_left=1), 2112, [0, 0]),
    # the same with two hands left: Acrobat does nothing, 32 x 22 = 704
    ("Ah Ac", ["Half Joker", "Acrobat"], [0, 0], Blind(hands_left=2), 704, [0, 0]),
    # Card Sharp: a pair already played in this blind (bit 1): (10 + 20) x 2 x 3 = 180
    ("Qh Qc", ["Card Sharp"], [0], Blind(played=0b10), 180, [0]),
    ("Qh Qc", ["Card Sharp"], [0], Blind(played=0b100), 60, [0]),
    # Seeing Double: a scored club and a scored heart: 30 x 2 x 2 = 120; the 4c kicker does not
    # count, so two red queens get nothing: 60
    ("Qc Qh 4d", ["Seeing Double"], [0], Blind(), 120, [0]),
    ("Qd Qh 4c", ["Seeing Double"], [0], Blind(), 60, [0]),
    # card jokers on tens and kings, the 4h kicker out: chips 20 + 4 x 10 = 60, Walkie +10 per
    # ten, Scary +30 per king, Arrowhead +50 per spade (Ts, Ks) -> 60 + 20 + 60 + 100 = 240;
    # mult 2, Walkie +4 per ten, Smiley +5 per king, Onyx Agate +7 per club (Tc, Kc) -> 2 + 8 +
    # 10 + 14 = 34; 240 x 34 = 8160
    ("Ts Tc Kc Ks 4h", ["Walkie Talkie", "Smiley Face", "Scary Face", "Arrowhead",
                        "Onyx Agate"], [0] * 5, Blind(), 8160, [0] * 5),
]


@pytest.mark.parametrize("text, names, counters, blind, score, after", WORKED_BLIND,
                         ids=[f"{w[0].replace(' ', '')}-{w[1][0].replace(' ', '')}"
                              for w in WORKED_BLIND])
def test_worked_plays_with_counters_and_blind(text, names, counters, blind, score, after):
    cards, jokers = parse_cards(text), [J[n] for n in names]
    got = score_play(cards, LEVELS1, jokers, counters, blind)
    assert got.score == score == got.chips * got.mult
    assert grown(cards, jokers, counters, blind) == after


def test_counters_grow_in_a_run_by_hand():
    """Green Joker and Ride the Bus bought in a shop, then plays and discards in the next blind:
    the counters and scores worked by hand; sold and moved, a counter goes with its joker."""
    run = in_shop()
    run.shop, run.money = [J["Green Joker"], J["Ride the Bus"]], 20
    assert run.buy(1) == OK and run.buy(2) == OK
    assert run.counters == [0, 0] and run.observe()["counters"] == (0, 0)
    assert run.leave() == OK and run.played == 0
    run.rules = Rules(antes=2, ante_bases=(10 ** 6, 10 ** 6))   # the big blind out of reach
    top = parse_cards("9h 9d 2c 3c 4d 5s 6s 7s Kh Kd Ah")
    run.deck = tuple(top + [c for c in DECK if c not in top])
    run.hand, run.dealt = list(run.deck[:8]), 8
    # pair of nines: Green 0 -> 1, Bus 0 -> 1: (10 + 18) x (2 + 1 + 1) = 112
    assert run.play(0b11) == OK and run.last_score == 112 and run.counters == [1, 1]
    assert run.played == 1 << PAIR and run.observe()["played"] == 1 << PAIR
    # a discard: Green 1 -> 0; Ride the Bus keeps 1
    assert run.discard(0b1) == OK and run.counters == [0, 1]
    assert run.hand == parse_cards("3c 4d 5s 6s 7s Kh Kd Ah")
    # a pair of kings: Green 0 -> 1, Bus reset to 0: (10 + 20) x (2 + 1) = 90
    assert run.preview(0b1100000).score == 90
    assert run.play(0b1100000) == OK and run.last_score == 90 and run.counters == [1, 0]
    run = in_shop()
    run.jokers, run.counters = [J["Green Joker"], J["Ride the Bus"]], [1, 0]
    assert run.move(0b01) == OK and run.jokers == [J["Ride the Bus"], J["Green Joker"]]
    assert run.counters == [0, 1]
    assert run.sell(0b01) == OK and run.jokers == [J["Green Joker"]] and run.counters == [1]


def test_money_values_are_the_published_ones():
    from pokerhdl.golden.balatro import economy as e
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
    assert v["shop_prices"] == tuple(JOKERS[i].price if i < len(JOKERS) else 3 for i in words)
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


@pytest.mark.parametrize("action", range(ACT_LEAVE + 1))
def test_title_deals_nothing_until_the_first_move(action):
    """On the title (the board's reset) the run shows a new run's money, levels, jokers and
    shop with no cards; any move, a shop move too, starts the run on the generator's first
    deck, as new_run does."""
    run = BalatroRun(21, title=True)
    assert run.rng.state == XorShift128(21).state
    v = run.observe()
    assert (v["hand"], v["money"], v["levels"], v["jokers"], v["shop"]) == \
        ((), 4, (1,) * 9, (), (NO_ITEM,) * 2)
    assert run.act(action, 0) == OK
    assert run.observe() == BalatroRun(21).observe()
