"""The run controller's tables and widths, built at elaboration from the golden run's tables
(balatro_jokers.JOKERS, balatro_planets, balatro_shop, balatro_economy): the contract is
written once, there, and the hardware reads it as ROMs indexed by a joker id, an item or a hand
type (myhdl's tuple-of-ints ROMs).

Why the effect table is several ROMs of one field each: every part reads only the fields it
needs (the jokers' part the shrink and sale price, the scorer the rest), and each ROM is a few
LUTs indexed by the 6-bit id."""

from dataclasses import dataclass

from ...golden.balatro.game import CARD_CHIPS, HAND_CHIPS, HAND_MULT, MAX_HAND_SCORE, MAX_SELECT
from ...golden.balatro.economy import (BLIND_REWARDS, INTEREST_CAP, INTEREST_STEP, max_money,
                                       sell_price)
from ...golden.balatro.jokers import FACES, JOKER_SLOTS, JOKERS, MAX_COUNTER, NEVER, contained
from ...golden.balatro.planets import LEVEL_CHIPS, LEVEL_MULT, PLANET_PRICE
from ...golden.balatro.shop import ITEMS, NO_ITEM, price
from ...golden.cards import DECK_SIZE, parse_cards
from ...golden.hands import CATEGORY_NAMES
from ...golden.shuffle import MASK_ROM, TOP_FIELD_MASK

ITEM_BITS = 6                       # a joker id or a shop item; NO_ITEM (63) is empty
COUNTER_BITS = MAX_COUNTER.bit_length()
HAND_TYPES = len(CATEGORY_NAMES)
ROWS = 1 << ITEM_BITS
assert NO_ITEM == ROWS - 1 and ITEMS < NO_ITEM
assert all(j.xmult == 1 for j in JOKERS if j.per_card), "per-card rows only add"
assert all(j.xmult in (1, 2, 3, 4) for j in JOKERS), "the scorer multiplies by 1..4"
assert MASK_ROM[ITEMS] > TOP_FIELD_MASK, "an item draw reads five fields, not the top one"


def _row(field, empty=0):
    """One field of the effect table by joker id (``empty`` beyond the jokers)."""
    return tuple(getattr(JOKERS[i], field) if i < len(JOKERS) else empty for i in range(ROWS))


COND_ROM = _row("condition", NEVER)
PARAM_ROM = _row("parameter")
CHIPS_ROM = _row("chips")
MULT_ROM = _row("mult")
XMULT_ROM = _row("xmult", 1)
GROW_ROM = _row("grow", NEVER)
GROW_PARAM_ROM = _row("grow_parameter")
SHRINK_ROM = _row("shrink")
RESET_ROM = tuple(int(r) for r in _row("reset", False))
JOKER_ROWS = len(JOKERS)            # a shop item below this is a joker
PER_CARD_ROM = tuple(int(i < len(JOKERS) and JOKERS[i].per_card) for i in range(ROWS))
SALE_ROM = tuple(sell_price(JOKERS[i].price) if i < len(JOKERS) else 0 for i in range(ROWS))
# a shop item: its price (0 when empty), whether it is a joker
PRICE_ROM = tuple(price(i) if i < ITEMS else 0 for i in range(ROWS))
# by hand type (a planet item less JOKER_ROWS): what a planet adds
LEVEL_CHIPS_ROM = tuple(LEVEL_CHIPS) + (0,) * (16 - HAND_TYPES)
LEVEL_MULT_ROM = tuple(LEVEL_MULT) + (0,) * (16 - HAND_TYPES)
# by blind: the reward; by money: the interest
REWARD_ROM = tuple(BLIND_REWARDS) + (0,) * (4 - len(BLIND_REWARDS))
# by category: the hand types a play of it contains (every play of a category contains the
# same: the commonest rank's count is the category's), 16 bits so any nibble indexes it
SAMPLE_PLAYS = ("2c 5d 9h Jh Ks", "8h 8c", "9h 9c 5d 5s", "7h 7c 7d", "5h 6c 7d 8s 9h",
                "2h 5h 9h Jh Kh", "Qh Qc Qd 3s 3h", "8h 8c 8d 8s", "5s 6s 7s 8s 9s")
CONTAINS_ROM = tuple(contained(parse_cards(t)) for t in SAMPLE_PLAYS) + (0,) * (16 - HAND_TYPES)
# by card code: the card as a key of 4 suit bits over 13 rank bits (KEY_BITS, what a row's
# suit or ranks match), and over them a face bit (0 for no card)
KEY_BITS = 17
KEY_ROM = tuple((1 << 13 + (c & 3) | 1 << (c >> 2) | (FACES >> (c >> 2) & 1) << KEY_BITS)
                if c < DECK_SIZE else 0 for c in range(64))
FIELDS = 5
ITEM_MASK = MASK_ROM[ITEMS]


def interest_rom(money_bits):
    return tuple(min(m // INTEREST_STEP, INTEREST_CAP) for m in range(1 << money_bits))


@dataclass(frozen=True)
class RunWidths:
    """Register widths that no run under these rules can overflow (docs/spec.md#bad-input: bad input is
    answered, and no counter overflows)."""
    money: int          # $ (balatro_economy.max_money)
    level: int          # a hand type's level: at most one planet per $3 ever earned
    xchips: int         # chips and mult a hand type's levels add
    xmult: int
    chips: int          # a play's chips and mult after the jokers, and its score
    mult: int
    play: int
    score: int          # the blind's score
    target: int


def run_widths(rules):
    """The widths of a run under golden Rules: the largest values a play can reach, counted
    loosely (every joker slot the largest addition of any row, then every slot the largest
    x mult), so that the bound is sound whatever the jokers held."""
    money = max_money(rules)
    top_level = 1 + money // PLANET_PRICE
    xchips = max(c * (top_level - 1) for c in LEVEL_CHIPS)
    xmult = max(m * (top_level - 1) for m in LEVEL_MULT)
    times = [MAX_SELECT if j.per_card else
             MAX_COUNTER if j.scaling else 1 for j in JOKERS]
    add_chips = max(t * j.chips for t, j in zip(times, JOKERS))
    add_mult = max(t * j.mult for t, j in zip(times, JOKERS))
    chips = max(HAND_CHIPS) + xchips + MAX_SELECT * max(CARD_CHIPS) + JOKER_SLOTS * add_chips
    mult = (max(HAND_MULT) + xmult + JOKER_SLOTS * add_mult) * max(XMULT_ROM) ** JOKER_SLOTS
    play = chips * mult
    if rules.play_out:
        score = rules.hands * play
    else:
        score = max(rules.targets) - 1 + play
    assert play >= MAX_HAND_SCORE
    return RunWidths(money=money.bit_length(), level=top_level.bit_length(),
                     xchips=xchips.bit_length(), xmult=xmult.bit_length(),
                     chips=chips.bit_length(), mult=mult.bit_length(),
                     play=play.bit_length(), score=score.bit_length(),
                     target=max(rules.targets).bit_length())
