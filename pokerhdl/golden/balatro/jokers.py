"""Jokers and the scoring of a play with levels and jokers: the base game's order of scoring.

Why: jokers are what lift a blind's score past the base game's 4 x 1,208
(docs/spec.md#balatro). The hardware holds them as rows of a small effect table, so
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

1. The hand type's chips and mult at its level (balatro/planets.py).
2. The scored cards left to right (hands.scoring_cards: kickers do not score): each adds its
   chips, then each SUIT or RANKS joker, left to right, that the card matches.
3. The ALWAYS and CONTAINS jokers, left to right, each +chips, +mult, x mult.
4. Score = floor(chips x mult), the game's rounding (state_events.lua, evaluate_play). Every
   amount here is a whole number, so nothing is ever rounded.

Prices are the game's; a joker sells for half its price rounded down, at least $1
(balatro/economy.py). Values and prices are cited in tb/golden/test_golden_balatro_run.py.

Conditions that read the play's size or the blind (the content that makes a run
winnable): SIZE_AT_MOST n and SIZE_IS n (cards played, kickers included: Half Joker, Square
Joker's growth), LAST_HAND (the blind's last hand: Acrobat), PLAYED_BEFORE (this hand type was
played before in this blind: Card Sharp), SUIT_AND_OTHER s (a scored card of suit s and a scored
card of another suit: Seeing Double), NO_FACE (no scored jack, queen or king: Ride the Bus's
growth). NEVER: a row that never grows.

**Scaling jokers** are the same row plus a counter per joker slot (0 when bought) and a growth
rule of three fields: ``grow`` a condition (as above, with its ``grow_parameter``) checked on
each play *before* it scores, as the game does (context.before): the counter gains 1 when it
holds, and when it does not a ``reset`` row's counter goes back to 0 (Ride the Bus); a discard
takes ``shrink`` from it, not below 0 (Green Joker). The row's chips and mult are then per
count: the joker gives counter x chips and counter x mult, nothing more. A counter grows at most
once a play: 24 blinds x 4 plays = 96 at most, seven bits.
"""

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from .game import HandScore, card_chips
from ..hands import (FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, HIGH_CARD, PAIR, STRAIGHT, STRAIGHT_FLUSH,
                     THREE_OF_A_KIND, TWO_PAIR, category, rank5, scoring_cards)
from .planets import FIRST_LEVELS, level_chips, level_mult

(ALWAYS, CONTAINS, SUIT, RANKS, SIZE_AT_MOST, SIZE_IS, LAST_HAND, PLAYED_BEFORE,
 SUIT_AND_OTHER, NO_FACE, NEVER) = range(11)
CONDITION_NAMES = ("always", "contains", "suit", "ranks", "size at most", "size is",
                   "last hand", "played before", "suit and other", "no face", "never")
FACES = 0b0111 << 9            # J, Q, K as a RANKS mask
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
    grow: int = NEVER               # the growth rule of a scaling joker (NEVER: none)
    grow_parameter: int = 0
    shrink: int = 0                 # taken from the counter by a discard
    reset: bool = False             # the counter goes back to 0 on a play it does not grow on

    @property
    def per_card(self):
        return self.condition in (SUIT, RANKS)

    @property
    def scaling(self):
        return self.grow != NEVER


@dataclass(frozen=True)
class Blind:
    """What a condition reads of the blind besides the played cards: the hands left before
    this play (1: the last hand), and the hand types played before in this blind (a 9-bit
    mask). The default is a blind's first hand."""
    hands_left: int = 4
    played: int = 0


FIRST_HAND = Blind()


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
    # the content that makes a run winnable: more card jokers, jokers that read the play's
    # size or the blind, more x mult, and scaling jokers (counter x chips / mult)
    Joker("Walkie Talkie", 4, RANKS, ranks("T", "4"), chips=10, mult=4),
    Joker("Smiley Face", 4, RANKS, FACES, mult=5),
    Joker("Scary Face", 4, RANKS, FACES, chips=30),
    Joker("Arrowhead", 7, SUIT, SPADES, chips=50),
    Joker("Onyx Agate", 7, SUIT, CLUBS, mult=7),
    Joker("Half Joker", 5, SIZE_AT_MOST, 3, mult=20),
    Joker("Acrobat", 6, LAST_HAND, 0, xmult=3),
    Joker("Card Sharp", 6, PLAYED_BEFORE, 0, xmult=3),
    Joker("Seeing Double", 6, SUIT_AND_OTHER, CLUBS, xmult=2),
    Joker("Green Joker", 4, ALWAYS, 0, mult=1, grow=ALWAYS, shrink=1),
    Joker("Ride the Bus", 6, ALWAYS, 0, mult=1, grow=NO_FACE, reset=True),
    Joker("Runner", 5, ALWAYS, 0, chips=15, grow=CONTAINS, grow_parameter=STRAIGHT),
    Joker("Spare Trousers", 6, ALWAYS, 0, mult=2, grow=CONTAINS, grow_parameter=TWO_PAIR),
    Joker("Square Joker", 4, ALWAYS, 0, chips=4, grow=SIZE_IS, grow_parameter=4),
)
MAX_COUNTER = 96               # 8 antes x 3 blinds x 4 plays: a counter grows once a play
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


def hand_matches(condition, parameter, codes, scoring, has, cat, blind):
    """Whether a hand condition holds for this play (codes, their scoring flags, the contained
    mask and category) in this blind."""
    scored = [c for c, f in zip(codes, scoring) if f]
    if condition == ALWAYS:
        return True
    if condition == CONTAINS:
        return bool(has >> parameter & 1)
    if condition == SIZE_AT_MOST:
        return len(codes) <= parameter
    if condition == SIZE_IS:
        return len(codes) == parameter
    if condition == LAST_HAND:
        return blind.hands_left == 1
    if condition == PLAYED_BEFORE:
        return bool(blind.played >> cat & 1)
    if condition == SUIT_AND_OTHER:
        suits = {c & 3 for c in scored}
        return parameter in suits and len(suits) > 1
    if condition == NO_FACE:
        return not any(FACES >> (c >> 2) & 1 for c in scored)
    return False


def _apply(chips, mult, add_chips, add_mult, xmult):
    return chips + add_chips, (mult + add_mult) * xmult


@lru_cache(maxsize=1 << 16)
def _analysis(codes):
    """(category, scoring flags, contained mask) of a play; remembered, as agents ask again."""
    cat = category(rank5(codes))
    return cat, tuple(scoring_cards(codes)), contained(codes, cat)


def grown(codes, jokers, counters, blind=FIRST_HAND):
    """The counters (one per joker) after these cards are played: each scaling joker's gains 1
    when its growth condition holds, else a reset row's goes to 0; the others stay."""
    cat, scoring, has = _analysis(tuple(codes))
    out = []
    for j, n in zip(jokers, counters):
        joker = JOKERS[j]
        if joker.scaling and hand_matches(joker.grow, joker.grow_parameter, codes, scoring,
                                          has, cat, blind):
            n = min(n + 1, MAX_COUNTER)
        elif joker.reset:
            n = 0
        out.append(n)
    return out


def discarded(jokers, counters):
    """The counters after a discard: each takes its row's shrink, not below 0."""
    return [max(0, n - JOKERS[j].shrink) for j, n in zip(jokers, counters)]


def score_play(codes, levels=FIRST_LEVELS, jokers=(), counters=None, blind=FIRST_HAND):
    """The score of 1 to 5 played cards with these hand levels (one per hand type), jokers
    (JOKERS indices, left to right) with their counters (before this play; None: all 0), in
    this blind: a HandScore whose chips and mult are the final ones, after the jokers. The
    scaling jokers' counters grow first (``grown``), as the game's do before scoring."""
    codes = tuple(codes)
    cat, scoring, has = _analysis(codes)
    rows = [JOKERS[j] for j in jokers]
    counts = grown(codes, jokers, counters or [0] * len(rows), blind)
    chips, mult = level_chips(cat, levels[cat]), level_mult(cat, levels[cat])
    for code, scored in zip(codes, scoring):
        if scored:
            chips += card_chips(code)
            for joker in rows:
                if joker.per_card and card_matches(joker, code):
                    chips, mult = _apply(chips, mult, joker.chips, joker.mult, joker.xmult)
    for joker, n in zip(rows, counts):
        if joker.per_card or not hand_matches(joker.condition, joker.parameter, codes,
                                              scoring, has, cat, blind):
            continue
        if joker.scaling:
            chips, mult = _apply(chips, mult, n * joker.chips, n * joker.mult, 1)
        else:
            chips, mult = _apply(chips, mult, joker.chips, joker.mult, joker.xmult)
    return HandScore(cat, chips, mult, chips * mult, scoring)
