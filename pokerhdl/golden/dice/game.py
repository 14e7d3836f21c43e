"""7 up 7 down, the golden game (docs/spec.md#7-up-7-down): two players,
open sequential bids with an up/down guess, two dice, a pool of deposits for the winner.

Rules (the reference's text; where its text and VHDL disagree, the text stands):

* Two purses of ``purse`` units (1,008), indivisible. Each round the first bidder bids, then the
  other; the first bidder alternates (player 1 opens the game). A bid is 0..``max_bid`` (127)
  with a guess, up or down, and deposits floor(bid / 4) from the bidder's purse into the pool.
* The first bidder's bid may not exceed the other player's purse and its deposit must be payable
  from the bidder's purse. The second bidder's bid may not exceed the first bidder's purse (as
  it is, after its deposit) and its deposit must be payable from the second bidder's purse minus
  the first bid. Those three bounds make the bidder's ``limit``.
* The dice: sum > 7, whoever guessed up takes their own bid from the other's purse; < 7, whoever
  guessed down does; = 7, the higher bid takes itself from the other, equal bids move nothing.
  Both may take in one throw; the bounds above keep both purses >= 0 (asserted here).
* The game ends when a purse is empty: the other player wins and takes the pool.

Our choices where the reference is silent (docs/games.md says the same):

* No stalling: a bid must be at least ``least`` = min(4, limit), so every bid pays a deposit
  whenever its bounds allow one, and the units in play shrink every round. And a game lasts at
  most ``max_rounds`` (100) rounds: then the larger purse wins and takes the pool, and equal
  purses draw and split it (purses equal and a total of 2 x purse: the pool is even).
* Refused, changing nothing: a bid over the limit or under the least bid, a bid when both bids
  are in (throw), a throw before both bids are in, anything but a new game once the game is over.
  A new game may start at any time (the Basys3 has no reset button).
* A player's bid and guess stay shown until that player bids again.
"""

from dataclasses import dataclass

PLAYERS = 2
PHASE_BID, PHASE_THROW, PHASE_OVER = range(3)
DRAW, NO_WINNER = 2, 3                      # ``winner`` beside players 0 and 1
OK, REF_OVER_LIMIT, REF_UNDER_LEAST, REF_THROW_NEXT, REF_BID_NEXT, REF_GAME_OVER = range(6)
RESULT_TEXT = ("ok", "bid over the limit", "bid under the least", "bids are in: throw",
               "bid first", "game over: n for a new game")
FACES = 6
SEVEN = 7
MIN_BID = 4                                 # the least bid that pays a deposit


@dataclass(frozen=True)
class Rules:
    """A game's parameters; the defaults are the reference's, and our round limit."""
    purse: int = 1008
    max_bid: int = 127
    deposit_share: int = 4                  # a bid deposits floor(bid / deposit_share)
    max_rounds: int = 100

    @property
    def total(self):
        return PLAYERS * self.purse

    @property
    def unit_bits(self):
        """Bits of any purse or of the pool (none ever exceeds the total)."""
        return self.total.bit_length()


def takers(dice, bids, ups):
    """Who takes their bid from the other at this throw: a bool per player."""
    total = sum(dice)
    if total == SEVEN:
        return [bids[p] > bids[1 - p] for p in range(PLAYERS)]
    return [ups[p] == (total > SEVEN) for p in range(PLAYERS)]


class DiceGame:
    """The game's state and its two moves, ``bid`` and ``throw``; every observable is an
    attribute. Moves return OK or a refusal code (RESULT_TEXT) and a refusal changes nothing."""

    def __init__(self, rules=Rules()):
        self.rules = rules
        self.new_game()

    def new_game(self):
        r = self.rules
        self.purses = [r.purse] * PLAYERS
        self.pool = 0
        self.round = 1
        self.first = 0                      # who bids first this round
        self.bidder = 0                     # who bids now (while PHASE_BID)
        self.phase = PHASE_BID
        self.bids = [0] * PLAYERS           # each player's last bid and guess
        self.ups = [False] * PLAYERS
        self.last_bidder = 0
        self.dice = (0, 0)                  # the last throw
        self.takes = [False] * PLAYERS      # who took their bid at the last throw
        self.winner = NO_WINNER
        return OK

    # the bounds of the present bid
    def limit(self):
        r, me = self.rules, self.bidder
        other = 1 - me
        if me == self.first:
            bound, payable = self.purses[other], self.purses[me]
        else:
            bound, payable = self.purses[other], self.purses[me] - self.bids[other]
        return min(r.max_bid, bound, payable * r.deposit_share + r.deposit_share - 1)

    def least(self):
        return min(MIN_BID, self.limit())

    def deposit(self, player):
        return self.bids[player] // self.rules.deposit_share

    def bid(self, amount, up):
        """The bidder bids ``amount`` with a guess (up: True)."""
        if self.phase == PHASE_OVER:
            return REF_GAME_OVER
        if self.phase == PHASE_THROW:
            return REF_THROW_NEXT
        if amount > self.limit():
            return REF_OVER_LIMIT
        if amount < self.least():
            return REF_UNDER_LEAST
        me = self.bidder
        self.bids[me], self.ups[me], self.last_bidder = amount, bool(up), me
        deposit = self.deposit(me)
        self.purses[me] -= deposit
        self.pool += deposit
        if me == self.first:
            self.bidder = 1 - me
        else:
            self.phase = PHASE_THROW
        self._check()
        return OK

    def throw(self, d1, d2):
        """The dice are thrown: d1 and d2 in 1..6."""
        if not (1 <= d1 <= FACES and 1 <= d2 <= FACES):
            raise ValueError(f"dice {d1} {d2}: each is 1..{FACES}")
        if self.phase == PHASE_OVER:
            return REF_GAME_OVER
        if self.phase == PHASE_BID:
            return REF_BID_NEXT
        self.dice = (d1, d2)
        self.takes = takers(self.dice, self.bids, self.ups)
        for p in range(PLAYERS):
            if self.takes[p]:
                self.purses[p] += self.bids[p]
                self.purses[1 - p] -= self.bids[p]
        assert min(self.purses) >= 0, self.purses
        if 0 in self.purses:
            self._end(self.purses.index(max(self.purses)))
        elif self.round == self.rules.max_rounds:
            a, b = self.purses
            self._end(0 if a > b else 1 if b > a else DRAW)
        else:
            self.round += 1
            self.first = 1 - self.first
            self.bidder = self.first
            self.phase = PHASE_BID
        self._check()
        return OK

    def _end(self, winner):
        self.winner, self.phase = winner, PHASE_OVER
        if winner == DRAW:
            half = self.pool // 2
            self.purses = [p + half for p in self.purses]
            self.pool -= 2 * half
        else:
            self.purses[winner] += self.pool
            self.pool = 0

    def _check(self):
        assert sum(self.purses) + self.pool == self.rules.total
        assert min(self.purses) >= 0 and self.pool >= 0


# The fair dice: each die uniform on 1..6 by rejection from the generator's top three bits.
DIE_SHIFT = 29                              # a word's bits 31..29


def roll_die(rng):
    """One die from an XorShift128 (golden/rng.py): take words until the top three bits are
    0..5 (a 6 or 7 is rejected, no modulo), then 1 + those bits. rtl/dice.py's twin."""
    while True:
        value = rng.next() >> DIE_SHIFT
        if value < FACES:
            return value + 1


def roll_dice(rng):
    """Two dice, the first die first."""
    return roll_die(rng), roll_die(rng)
