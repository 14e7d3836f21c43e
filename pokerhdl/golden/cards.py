"""Card codes, text and the deck, as docs/spec.md#card-code defines them.

A card is a 6-bit code ``rank << 2 | suit``: rank 0..12 is 2..A, suit 0..3 is clubs, diamonds,
hearts, spades. Codes 0..51 are the deck, 63 is NO_CARD (an empty slot), 52..62 are invalid.
"""

RANKS = "23456789TJQKA"
SUITS = "cdhs"
NO_CARD = 63
DECK_SIZE = 52
DECK = tuple(range(DECK_SIZE))


class CardError(ValueError):
    """A card code or text that is not a card, or a hand that repeats a card."""


def is_card(code):
    """True for the 52 codes of the deck (not NO_CARD, not 52..62)."""
    return isinstance(code, int) and 0 <= code < 52


def _check(code):
    if not is_card(code):
        raise CardError(f"invalid card code {code!r}: a card is 0..51 (rank << 2 | suit)")
    return code


def rank_of(code):
    """Rank 0..12 (2..A) of a card code."""
    return _check(code) >> 2


def suit_of(code):
    """Suit 0..3 (clubs, diamonds, hearts, spades) of a card code."""
    return _check(code) & 3


def card_code(text):
    """Code of a two-character card such as ``"Ah"`` or ``"td"``; ``"--"`` is NO_CARD."""
    if text == "--":
        return NO_CARD
    if not isinstance(text, str) or len(text) != 2:
        raise CardError(f"unknown card {text!r}: expected rank {RANKS} then suit {SUITS}, e.g. 'Ah'")
    rank, suit = text[0].upper(), text[1].lower()
    if rank not in RANKS or suit not in SUITS:
        raise CardError(f"unknown card {text!r}: expected rank {RANKS} then suit {SUITS}, e.g. 'Ah'")
    return RANKS.index(rank) << 2 | SUITS.index(suit)


def card_text(code):
    """Two-character text of a code; NO_CARD is ``"--"``."""
    if code == NO_CARD:
        return "--"
    _check(code)
    return RANKS[code >> 2] + SUITS[code & 3]


def parse_cards(text):
    """Codes of cards written with or without spaces: ``"Ah Kh"``, ``"AhKh"``."""
    compact = "".join(text.split())
    if len(compact) % 2:
        raise CardError(f"cannot split {text!r} into two-character cards")
    return [card_code(compact[i:i + 2]) for i in range(0, len(compact), 2)]


def format_cards(codes):
    """Cards as space-separated text."""
    return " ".join(card_text(c) for c in codes)


def check_hand(codes, min_cards=1, max_cards=7):
    """The real cards of a hand (NO_CARD slots dropped), or CardError if a code is invalid,
    a card repeats, or the number of cards is out of range."""
    cards = []
    for code in codes:
        if code == NO_CARD:
            continue
        _check(code)
        if code in cards:
            raise CardError(f"duplicate card {card_text(code)} in hand")
        cards.append(code)
    if not min_cards <= len(cards) <= max_cards:
        raise CardError(f"a hand here has {min_cards}..{max_cards} cards, got {len(cards)}")
    return cards
