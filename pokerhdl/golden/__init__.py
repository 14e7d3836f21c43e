"""Pure-Python reference models: the definition every RTL block is tested against.

Nothing here imports MyHDL, so a host program can use the same evaluator as the hardware.
"""

from .cards import (NO_CARD, DECK, RANKS, SUITS, CardError, card_code, card_text, parse_cards,
                    rank_of, suit_of, is_card, check_hand, format_cards)
from .hands import (CATEGORY_NAMES, HIGH_CARD, PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH,
                    FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH, rank5, rank7, rank_best, category,
                    kickers, describe, scoring_cards)
from .showdown import showdown

__all__ = [name for name in dir() if not name.startswith("_")]
