"""Money: what a run starts with, what a won blind pays, and what things cost.

Why: money is the link between playing well and buying planets and jokers; it is the one
counter of a run that only grows by winning blinds, so its rules (and its bound, for the
hardware's register width) live together here.

Rules, the base game's (Balatro 1.0.1, white stake; cited in tb/golden/test_golden_balatro_run.py):

* A run starts with $4.
* A won blind pays its reward, small $3, big $4, boss $5; then $1 for each hand left; then the
  interest, $1 for each whole $5 held *before* this payout, at most $5 (reached at $25).
  Discards left pay nothing.
* A joker sells for half its price rounded down, at least $1.
* A reroll of the shop costs $5, then $1 more for each reroll in the same shop; a new shop
  starts again at $5.
* Money never goes below $0: a purchase that would is refused.

Our choices: the finishing bosses of ante 8 in the game pay $8; here every boss is a plain boss
(no boss abilities, run.py) and pays $5. The last blind's payout is made too, though
the run is won and nothing is left to buy: money is shown the same way after every blind.
"""

STARTING_MONEY = 4
BLIND_REWARDS = (3, 4, 5)        # small, big, boss (balatro.SMALL, BIG, BOSS)
MONEY_PER_HAND = 1
INTEREST_STEP = 5                # $1 for each whole $5 held
INTEREST_CAP = 5                 # at most $5 a blind
REROLL_BASE = 5
REROLL_STEP = 1


def interest(money):
    """The interest on money held when a blind is won."""
    return min(money // INTEREST_STEP, INTEREST_CAP)


def payout(blind, hands_left, money):
    """(reward, hands bonus, interest) for winning this blind (SMALL, BIG, BOSS) with these
    hands left, holding this money before the payout."""
    return BLIND_REWARDS[blind], MONEY_PER_HAND * hands_left, interest(money)


def sell_price(price):
    """What a joker bought at this price sells for."""
    return max(1, price // 2)


def reroll_price(rerolls):
    """The price of the next reroll after this many rerolls in the same shop."""
    return REROLL_BASE + REROLL_STEP * rerolls


def max_money(rules):
    """A bound on the money of any run under these rules (balatro.Rules), for the width of the
    hardware's register: the start, then at most the boss reward, every hand but the winning
    one, and the capped interest at every blind. Selling never gains: a joker sells for less
    than it cost."""
    blinds = rules.antes * rules.blinds_per_ante
    best_blind = max(BLIND_REWARDS[:rules.blinds_per_ante]) + MONEY_PER_HAND * (rules.hands - 1) \
        + INTEREST_CAP
    return STARTING_MONEY + blinds * best_blind
