"""Planet cards: each levels up one hand type, the base game's way of making later antes
reachable with the same poker hands (docs/spec.md#balatro).

Why a module of its own: the hand levels are the one piece of state that every play reads (the
base chips and mult of the played hand), while the shop only writes them. Keeping the table and
the arithmetic here lets the scorer (balatro/jokers.py), the shop (balatro/shop.py) and later
the hardware share one definition.

Rules, the base game's (Balatro 1.0.1; tables cited in tb/golden/test_golden_balatro_run.py):

* Every hand type starts at level 1 with its base chips and mult (balatro.HAND_CHIPS,
  HAND_MULT). Each planet adds one level to its hand type: level n gives
  base + (n - 1) x the per-level increment, for chips and for mult alike.
* Increments, and the planet of each hand type: high card (Pluto) +10 chips +1 mult, pair
  (Mercury) +15 +1, two pair (Uranus) +20 +1, three of a kind (Venus) +20 +2, straight (Saturn)
  +30 +3, flush (Jupiter) +15 +2, full house (Earth) +25 +2, four of a kind (Mars) +30 +3,
  straight flush (Neptune) +40 +4.
* A planet costs $3 in the shop.

Our choice where the issue is silent: a planet bought in the shop is used at once (the game
keeps it in a consumable slot until the player uses it; with no other use for it there, using
it at once is the same level and saves the hardware a second row of slots).
"""

from .game import HAND_CHIPS, HAND_MULT
from ..hands import CATEGORY_NAMES

# per hand type (high card .. straight flush), what each level above the first adds
LEVEL_CHIPS = (10, 15, 20, 20, 30, 15, 25, 30, 40)
LEVEL_MULT = (1, 1, 1, 2, 3, 2, 2, 3, 4)
PLANET_NAMES = ("Pluto", "Mercury", "Uranus", "Venus", "Saturn", "Jupiter", "Earth", "Mars",
                "Neptune")
PLANET_PRICE = 3
HAND_TYPES = len(PLANET_NAMES)
FIRST_LEVELS = (1,) * HAND_TYPES


def level_chips(category, level):
    """The base chips of a hand type at a level (1, 2, ...)."""
    return HAND_CHIPS[category] + LEVEL_CHIPS[category] * (level - 1)


def level_mult(category, level):
    """The base mult of a hand type at a level."""
    return HAND_MULT[category] + LEVEL_MULT[category] * (level - 1)


def level_up(levels, category):
    """The levels after a planet of this hand type (levels: one per hand type, a tuple)."""
    return tuple(n + (k == category) for k, n in enumerate(levels))


def describe_level(category, level):
    """'Flush lvl 3: 65 x 8'."""
    return (f"{CATEGORY_NAMES[category]} lvl {level}: "
            f"{level_chips(category, level)} x {level_mult(category, level)}")
