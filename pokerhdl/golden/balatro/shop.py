"""The shop between blinds: what it offers and how the offer is drawn.

Why: the shop is where a run turns money into planets and jokers, and the one place besides
the deck where chance enters. Its draws come from the same generator as the decks
(golden/rng.py, XorShift128, the hardware's), in a fixed order, so the hardware can later offer
exactly the items the golden run offers.

Rules (the base game's shop, simplified as the issue asks):

* ``SHOP_SLOTS`` (2) item slots, as the game's two card slots. The game's slots may also hold
  tarot cards, and its shop has vouchers and booster packs; here an item is a joker or a planet,
  nothing else.
* The item table ``ITEMS`` is the 38 jokers (balatro_jokers.JOKERS) then the 9 planets
  (balatro/planets.py, high card .. straight flush): item k < 38 is joker k, item 38 + h is the
  planet of hand type h (47 rows, below the 6-bit NO_ITEM). Every item is equally likely: the game weighs jokers by rarity and
  against tarots and planets; with this short a table, one row per item is the simple choice.
* A draw takes one generator word and reduces it below the table size as the shuffler does
  (shuffle.draw_offset: five 6-bit fields masked to 6 bits, the first below 47 wins, else the
  word is rejected and the next is taken), so no item is favoured by a modulo. A drawn item
  that is already offered in the other slot, or a joker the player holds, is drawn again (the
  game offers no duplicates of either).
* A shop opens after every won blind but the last with its slots drawn in order (slot 0, then
  1). A reroll draws both again, bought slots included. Bought slots stay empty (NO_ITEM).
* Prices: a joker its own (balatro/jokers.py), a planet $3.
"""

from .jokers import JOKER_NAMES, JOKERS
from .planets import HAND_TYPES, PLANET_NAMES, PLANET_PRICE
from ..shuffle import draw_offset

SHOP_SLOTS = 2
ITEMS = len(JOKERS) + HAND_TYPES         # 47 rows: jokers, then planets
NO_ITEM = 63                             # an empty slot (6 bits, as NO_CARD)


def is_joker(item):
    return 0 <= item < len(JOKERS)


def is_planet(item):
    return len(JOKERS) <= item < ITEMS


def planet_hand(item):
    """The hand type a planet item levels up."""
    return item - len(JOKERS)


def planet_item(hand_type):
    return len(JOKERS) + hand_type


def price(item):
    return JOKERS[item].price if is_joker(item) else PLANET_PRICE


def item_name(item):
    if item == NO_ITEM:
        return "-"
    return JOKER_NAMES[item] if is_joker(item) else PLANET_NAMES[planet_hand(item)]


def draw_item(rng, exclude=()):
    """One item below ITEMS from the generator, none of ``exclude``; the words a rejected
    field or an excluded item takes are spent all the same."""
    while True:
        item = draw_offset(rng.next(), ITEMS)
        if item is not None and item not in exclude:
            return item


def stock(rng, jokers):
    """A fresh offer, slot by slot: no item twice, no joker of ``jokers`` (those held)."""
    items = []
    for _ in range(SHOP_SLOTS):
        items.append(draw_item(rng, set(jokers) | set(items)))
    return items
