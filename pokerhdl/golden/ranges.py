"""Hand ranges in the usual notation ("QQ+,AKs"): the two-card hands (combos) they hold.

A range is tokens separated by commas (spaces anywhere are ignored):

- a pair: ``QQ``; ``QQ+`` (QQ, KK, AA); ``JJ-88`` (JJ down to 88): 6 combos a pair;
- two ranks: ``AKs`` suited (4 combos), ``AKo`` offsuit (12), ``AK`` both (16); ``ATs+`` the
  kicker from T up to one below the first card (ATs, AJs, AQs, AKs); ``KTo-K7o`` the kickers
  T down to 7 with the same first card (``s``, ``o`` or neither, the same on both sides);
- two cards: ``AhKh``, one combo.

Rank letters may be upper or lower case (``aks``, ``qq+``), and so may the ``s`` / ``o``
(neither is a rank letter); the higher rank may come second (``KA`` is ``AK``). A combo is
written once however many tokens hold it. Anything else is a RangeError naming the token.

This is a host-side layer (pokerhdl/odds/calculator.py runs each combo as a concrete setup), so its
errors are not the hardware engine's ERR_* codes: RangeError is a ValueError.
"""

import re
from itertools import combinations

from .cards import RANKS, SUITS, CardError, card_code, card_text

SYNTAX = ("pairs QQ, QQ+, JJ-88; two ranks AKs, AKo, AK, ATs+, KTo-K7o; two cards AhKh; "
          "separated by commas")
_HAND = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([SO]?)$")


class RangeError(ValueError):
    """A range that cannot be read, or that leaves no hand to deal (host-side only)."""


def tokens(text):
    """The range's tokens, spaces removed (empty tokens between commas are skipped)."""
    if not isinstance(text, str):
        raise RangeError(f"a range is text, got {text!r}")
    found = ["".join(part.split()) for part in text.split(",")]
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
    m = _HAND.match(part.upper())
    if not m:
        raise _bad(token, "" if part == token else f"{part!r} is not a pair or two ranks")
    a, b, kind = RANKS.index(m[1]), RANKS.index(m[2]), m[3]
    if a == b and kind:
        raise _bad(token, "a pair is neither suited nor offsuit")
    return max(a, b), min(a, b), kind


def token_combos(token):
    """The combos of one token (spaces already removed), in no particular order."""
    if len(token) == 4 and token[1].lower() in SUITS:       # no rank letter is a suit letter
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
        if h1 == l1 or h2 == l2 or h1 != h2 or k1 != k2:
            raise _bad(token, "a span is two pairs (JJ-88) or two hands with the same first "
                              "card and the same s/o (KTo-K7o)")
        return [c for k in range(min(l1, l2), max(l1, l2) + 1)
                for c in two_rank_combos(h1, k, k1)]
    high, low, kind = _hand(token, token)
    return pair_combos(high) if high == low else two_rank_combos(high, low, kind)


def parse_range(text):
    """Every combo of a range once, in canonical order: a sorted tuple of (card, card) code
    pairs, the higher code first. RangeError naming the token that cannot be read."""
    combos = set()
    for token in tokens(text):
        combos.update(token_combos(token))
    return tuple(sorted(combos))


def format_combo(combo):
    return "".join(card_text(c) for c in combo)
