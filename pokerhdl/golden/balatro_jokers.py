"""Jokers and the scoring of a play with levels and jokers: the base game's order of scoring.

Why: jokers are what lift a blind's score past the base game's 4 x 1,208 (SPEC.md game 3,
issue 29). The hardware will hold them as rows of a small effect table (issue 29 item 2), so
the golden model keeps them as exactly such rows, not as code per joker: each joker is one
``Joker`` row of a condition kind, its parameter, and three amounts applied in a fixed order:
+chips, +mult, then x mult (neutral: 0, 0, 1). Three amounts instead of one effect kind and an
amount because Scholar gives chips and mult at once: one row stays one joker.

Conditions (the base game's wording):

* ALWAYS: every play (Joker).
* CONTAINS, parameter a hand type: the played hand *contains* it (Jolly, Sly, The Duo, ...).
  "Contains" is the game's, not the category: a pair is contained in two pair, three of a kind,
  full house and four of a kind; two pair in a full house (not in four of a kind); three of a
  kind in a full house and four of a kind; a straight and a flush in a straight flush.
* SUIT, parameter a suit; RANKS, parameter a 13-bit mask of ranks (bit r: rank r, 2 = bit 0,
  ace = bit 12): for each *scored* card of that suit or rank (Greedy, Scholar, Fibonacci, ...).

Scoring of one play, in the game's order:

1. The hand type's chips and mult at its level (balatro_planets.py).
2. The scored cards left to right (hands.scoring_cards: kickers do not score): each adds its
   chips, then each SUIT or RANKS joker, left to right, that the card matches.
3. The ALWAYS and CONTAINS jokers, left to right, each +chips, +mult, x mult.
4. Score = floor(chips x mult), the game's rounding (state_events.lua, evaluate_play). Every
   amount here is a whole number, so nothing is ever rounded.

Prices are the game's; a joker sells for half its price rounded down, at least $1
(balatro_economy.py). Values and prices are cited in tb/test_golden_balatro_run.py.
"""

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from .balatro import HandScore, card_chips
from .hands import (FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, HIGH_CARD, PAIR, STRAIGHT,
                    STRAIGHT_FLUSH, THREE_OF_A_KIND, TWO_PAIR, category, rank5, scoring_cards)
from .balatro_planets import FIRST_LEVELS, level_chips, level_mult

ALWAYS, CONTAINS, SUIT, RANKS = range(4)
CONDITION_NAMES = ("always", "contains", "suit", "ranks")
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
JOKER_SLOTS = 5


def ranks(*text):
    """The RANKS parameter of rank characters: ranks("A", "2") has bits 12 and 0."""
    return sum(1 << "23456789TJQKA".index(t) for t in text)


@dataclass(frozen=True)
class Joker:
    """One row of the effect table."""
    name: str
    price: int
    condition: int
    parameter: int
    chips: int = 0
    mult: int = 0
    xmult: int = 1

    @property
    def per_card(self):
        return self.condition in (SUIT, RANKS)


JOKERS = (
    Joker("Joker", 2, ALWAYS, 0, mult=4),
    Joker("Greedy Joker", 5, SUIT, DIAMONDS, mult=3),
    Joker("Lusty Joker", 5, SUIT, HEARTS, mult=3),
    Joker("Wrathful Joker", 5, SUIT, SPADES, mult=3),
    Joker("Gluttonous Joker", 5, SUIT, CLUBS, mult=3),
    Joker("Jolly Joker", 3, CONTAINS, PAIR, mult=8),
    Joker("Zany Joker", 4, CONTAINS, THREE_OF_A_KIND, mult=12),
    Joker("Mad Joker", 4, CONTAINS, TWO_PAIR, mult=10),
    Joker("Crazy Joker", 4, CONTAINS, STRAIGHT, mult=12),
    Joker("Droll Joker", 4, CONTAINS, FLUSH, mult=10),
    Joker("Sly Joker", 3, CONTAINS, PAIR, chips=50),
    Joker("Wily Joker", 4, CONTAINS, THREE_OF_A_KIND, chips=100),
    Joker("Clever Joker", 4, CONTAINS, TWO_PAIR, chips=80),
    Joker("Devious Joker", 4, CONTAINS, STRAIGHT, chips=100),
    Joker("Crafty Joker", 4, CONTAINS, FLUSH, chips=80),
    Joker("Scholar", 4, RANKS, ranks("A"), chips=20, mult=4),
    Joker("Even Steven", 4, RANKS, ranks("T", "8", "6", "4", "2"), mult=4),
    Joker("Odd Todd", 4, RANKS, ranks("A", "9", "7", "5", "3"), chips=31),
    Joker("Fibonacci", 8, RANKS, ranks("A", "2", "3", "5", "8"), mult=8),
    Joker("The Duo", 8, CONTAINS, PAIR, xmult=2),
    Joker("The Trio", 8, CONTAINS, THREE_OF_A_KIND, xmult=3),
    Joker("The Family", 8, CONTAINS, FOUR_OF_A_KIND, xmult=4),
    Joker("The Order", 8, CONTAINS, STRAIGHT, xmult=3),
    Joker("The Tribe", 8, CONTAINS, FLUSH, xmult=2),
)
JOKER_NAMES = tuple(j.name for j in JOKERS)


def contained(codes, cat=None):
    """The hand types a play of these cards contains, as a 9-bit mask (bit k: hand type k);
    ``cat``: the play's category when already known."""
    if cat is None:
        cat = category(rank5(codes))
    counts = sorted(Counter(c >> 2 for c in codes).values(), reverse=True)
    has = {HIGH_CARD, cat}
    if counts[0] >= 2:
        has.add(PAIR)
    if counts[0] >= 3:
        has.add(THREE_OF_A_KIND)
    if cat in (TWO_PAIR, FULL_HOUSE):
        has.add(TWO_PAIR)
    if cat == STRAIGHT_FLUSH:
        has |= {STRAIGHT, FLUSH}
    return sum(1 << k for k in has)


def card_matches(joker, code):
    if joker.condition == SUIT:
        return code & 3 == joker.parameter
    return joker.condition == RANKS and joker.parameter >> (code >> 2) & 1


def hand_matches(joker, contains_mask):
    return joker.condition == ALWAYS or (joker.condition == CONTAINS
                                         and contains_mask >> joker.parameter & 1)


def _apply(joker, chips, mult):
    return chips + joker.chips, (mult + joker.mult) * joker.xmult


@lru_cache(maxsize=1 << 16)
def _analysis(codes):
    """(category, scoring flags, contained mask) of a play; remembered, as agents ask again."""
    cat = category(rank5(codes))
    return cat, tuple(scoring_cards(codes)), contained(codes, cat)


def score_play(codes, levels=FIRST_LEVELS, jokers=()):
    """The score of 1 to 5 played cards with these hand levels (one per hand type) and
    jokers (JOKERS indices, left to right): a HandScore whose chips and mult are the final
    ones, after the jokers."""
    cat, scoring, has = _analysis(tuple(codes))
    rows = [JOKERS[j] for j in jokers]
    chips, mult = level_chips(cat, levels[cat]), level_mult(cat, levels[cat])
    for code, scored in zip(codes, scoring):
        if scored:
            chips += card_chips(code)
            for joker in rows:
                if joker.per_card and card_matches(joker, code):
                    chips, mult = _apply(joker, chips, mult)
    for joker in rows:
        if not joker.per_card and hand_matches(joker, has):
            chips, mult = _apply(joker, chips, mult)
    return HandScore(cat, chips, mult, chips * mult, scoring)
