"""Hand ranges in the usual notation ("QQ+,AKs"): the two-card hands (combos) they hold, each
with a weight.

A range is tokens separated by commas or semicolons (spaces anywhere are ignored):

- a pair: ``QQ``; ``QQ+`` (QQ, KK, AA); ``JJ-88`` (JJ down to 88): 6 combos a pair;
- two ranks: ``AKs`` suited (4 combos), ``AKo`` offsuit (12), ``AK`` both (16); ``ATs+`` the
  kicker from T up to one below the first card (ATs, AJs, AQs, AKs); ``KTo-K7o`` the kickers
  T down to 7 with the same first card; ``T9s-54s`` connectors and ``J9o-T8o`` gappers, the
  same gap between the ranks on both sides (``s``, ``o`` or neither, the same on both sides);
- two cards: ``AhKh``, one combo;
- ``random``, ``XxXx`` (or ``any``, ``100%``): all 1,326 combos;
- a percentage ``15%`` (``7.5%``): the strongest starting hands by the preflop ordering of
  golden/equity/preflop_order.txt (each hand's equity against one random hand, computed with this
  project's engine by pokerhdl/odds/preflop_order.py), whole hands (AKs, QQ) from the top, as
  many as bring the combos nearest to that share of 1,326 (the fewer on a tie);
- any of these with a weight: ``AA:0.5``, ``QQ+:0.25``, ``AKs:1/3``: each of its combos is
  dealt that many times as often as a combo of weight 1 (a weight is a decimal or a fraction
  >= 0, held exactly as a Fraction; 0 takes the combos out). A combo that several tokens name
  has the weight of the last one (``QQ+,KK:0.5``: KK at a half, AA and QQ at 1).

A ten is ``T`` or ``10`` (``10s+``, ``A10s``, ``10h10d``). Rank letters may be upper or lower
case (``aks``, ``qq+``), and so may the ``s`` / ``o`` (neither is a rank letter); the higher rank
may come second (``KA`` is ``AK``). Anything else is a RangeError naming the token.

This is a host-side layer (pokerhdl/odds/calculator.py runs each combo as a concrete setup), so its
errors are not the hardware engine's ERR_* codes: RangeError is a ValueError.
"""

import re
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from pathlib import Path

from ..cards import RANKS, SUITS, CardError, card_code, card_text

SYNTAX = ("pairs QQ, QQ+, JJ-88; two ranks AKs, AKo, AK, ATs+, KTo-K7o, T9s-54s; two cards "
          "AhKh; random; a share 15%; a weight AA:0.5; separated by commas or semicolons")
ALL = ("random", "xxxx", "any", "100%")
ORDER_FILE = Path(__file__).with_name("preflop_order.txt")
ALL_COMBOS = 1326
_HAND = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([SO]?)$")


class RangeError(ValueError):
    """A range that cannot be read, or that leaves no hand to deal (host-side only)."""


def tokens(text):
    """The range's tokens, spaces removed (empty tokens between separators are skipped)."""
    if not isinstance(text, str):
        raise RangeError(f"a range is text, got {text!r}")
    found = ["".join(part.split()) for part in text.replace(";", ",").split(",")]
    found = [t for t in found if t]
    if not found:
        raise RangeError(f"empty range {text!r}: write {SYNTAX}")
    return found


def range_text(text):
    """The range as written, spaces removed: "QQ+, AKs" is "QQ+,AKs"."""
    return ",".join(tokens(text))


def pair_combos(rank):
    """The 6 combos of the pair of rank 0..12 (2..A)."""
    return [(rank << 2 | b, rank << 2 | a) for a, b in combinations(range(4), 2)]


def two_rank_combos(high, low, kind):
    """Combos of ranks high > low: kind "S" suited (4), "O" offsuit (12), "" both (16)."""
    return [(high << 2 | s, low << 2 | t) for s in range(4) for t in range(4)
            if (kind != "S" or s == t) and (kind != "O" or s != t)]


def _bad(token, why=""):
    return RangeError(f"{token!r} is not a hand range{': ' + why if why else ''} "
                      f"(write {SYNTAX})")


def _hand(token, part):
    """(high rank, low rank, kind) of one side of a token, e.g. "ATs" -> (12, 8, "S")."""
    m = _HAND.match(part.upper().replace("10", "T"))
    if not m:
        raise _bad(token, "" if part == token else f"{part!r} is not a pair or two ranks")
    a, b, kind = RANKS.index(m[1]), RANKS.index(m[2]), m[3]
    if a == b and kind:
        raise _bad(token, "a pair is neither suited nor offsuit")
    return max(a, b), min(a, b), kind


def token_combos(token):
    """The combos of one token (spaces already removed, no weight), in no particular order."""
    if token.lower() in ALL:
        return [c for c in _every_combo()]
    if token.endswith("%"):
        return percent_combos(token)
    cards_text = token.replace("10", "T")
    if len(cards_text) == 4 and cards_text[1].lower() in SUITS:  # no rank letter is a suit
        token = cards_text
        try:
            cards = card_code(token[:2]), card_code(token[2:])
        except CardError as exc:
            raise RangeError(f"{token!r} is not two cards: {exc}") from None
        if cards[0] == cards[1]:
            raise RangeError(f"{token!r} is not two cards: {card_text(cards[0])} twice")
        return [tuple(sorted(cards, reverse=True))]
    if token.endswith("+"):
        high, low, kind = _hand(token, token[:-1])
        if high == low:
            return [c for r in range(low, len(RANKS)) for c in pair_combos(r)]
        return [c for k in range(low, high) for c in two_rank_combos(high, k, kind)]
    if "-" in token:
        first, _, last = token.partition("-")
        (h1, l1, k1), (h2, l2, k2) = _hand(token, first), _hand(token, last)
        if h1 == l1 and h2 == l2:
            return [c for r in range(min(l1, l2), max(l1, l2) + 1) for c in pair_combos(r)]
        if h1 == l1 or h2 == l2 or k1 != k2 or (h1 != h2 and h1 - l1 != h2 - l2):
            raise _bad(token, "a span is two pairs (JJ-88), or two hands with the same s/o "
                              "and either the same first card (KTo-K7o) or the same gap "
                              "(T9s-54s, J9o-T8o)")
        if h1 == h2:
            return [c for k in range(min(l1, l2), max(l1, l2) + 1)
                    for c in two_rank_combos(h1, k, k1)]
        gap = h1 - l1
        return [c for h in range(min(h1, h2), max(h1, h2) + 1)
                for c in two_rank_combos(h, h - gap, k1)]
    high, low, kind = _hand(token, token)
    return pair_combos(high) if high == low else two_rank_combos(high, low, kind)


def _every_combo():
    return [(a, b) for b, a in combinations(range(52), 2)]


def _weight(token, text):
    """The exact weight of ``token``'s ``:text`` part: a decimal or a fraction, >= 0."""
    try:
        weight = Fraction(text)
    except (ValueError, ZeroDivisionError):
        weight = None
    if weight is None or weight < 0 or not text:
        raise _bad(token, f"the weight {text!r} is not a number >= 0 (0.5, 1/3)")
    return weight


def parse_weighted_range(text):
    """Every combo of a range with a weight above 0, in canonical order: a sorted tuple of
    ((card, card), Fraction) with the higher code first; a combo named by several tokens has the
    last one's weight. RangeError naming the token that cannot be read."""
    weights = {}
    for token in tokens(text):
        hand, colon, weight = token.partition(":")
        weight = _weight(token, weight) if colon else Fraction(1)
        for combo in token_combos(hand):
            weights[tuple(sorted(combo, reverse=True))] = weight
    return tuple((c, w) for c, w in sorted(weights.items()) if w > 0)


def parse_range(text):
    """Every combo of a range once (weight above 0), in canonical order: a sorted tuple of
    (card, card) code pairs, the higher code first. RangeError naming the token that cannot be
    read, or for a range of weights all 0."""
    combos = tuple(c for c, _ in parse_weighted_range(text))
    if not combos:
        raise RangeError(f"the range {text!r} holds no hand (every weight is 0)")
    return combos


# ------------------------------------------------------------------------- percentages
def hand_class(high, low, kind):
    """The name of a starting hand: "AA", "AKs", "AKo" (high >= low ranks 0..12)."""
    return RANKS[high] + RANKS[low] + ("" if high == low else kind.lower())


def class_combos(name):
    """The combos of a starting hand named as hand_class names it."""
    high, low, kind = _hand(name, name)
    return pair_combos(high) if high == low else two_rank_combos(high, low, kind)


@lru_cache(maxsize=1)
def preflop_order():
    """The 169 starting hands, strongest first (golden/equity/preflop_order.txt: one a line, the
    hand, then its equity against one random hand; # lines are comments)."""
    hands = []
    for line in ORDER_FILE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            hands.append(line.split()[0])
    return tuple(hands)


def top_hands(percent):
    """The strongest starting hands whose combos come nearest to ``percent`` % of 1,326 (the
    fewer on a tie): a prefix of preflop_order()."""
    target = Fraction(percent) * ALL_COMBOS / 100
    order, best, total, taken = preflop_order(), (target, 0), 0, 0
    for i, name in enumerate(order, 1):
        total += len(class_combos(name))
        if abs(total - target) < best[0]:
            best = (abs(total - target), i)
    return order[:best[1]]


def percent_combos(token):
    """The combos of a percentage token such as "15%" (0 < share <= 100)."""
    try:
        share = Fraction(token[:-1])
    except (ValueError, ZeroDivisionError):
        share = None
    if share is None or not 0 < share <= 100:
        raise _bad(token, "a share of the hands is a number above 0 and at most 100, then %")
    return [c for name in top_hands(share) for c in class_combos(name)]


def format_combo(combo):
    return "".join(card_text(c) for c in combo)
