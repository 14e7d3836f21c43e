"""A Balatro run with progression: money, a shop between blinds, planet cards and jokers on top
of the base game (game.py), so that a run can be won (docs/spec.md#balatro).

Why a subclass: the base game is what today's hardware is checked against, move by move, and
must stay as it is. The blind (deal, select, play, discard, sort, targets) is written once,
there; this run changes four hooks of it: a play is scored with the hand levels and the jokers
(balatro_jokers.score_play), a won blind pays out and opens the shop instead of dealing the
next blind at once, a hand move in the shop is refused as such, and the checks know the money.

A run, move by move:

* ``new_run`` (any time): $4 (balatro/economy.py), every hand type at level 1, no jokers, ante
  1's small blind with a fresh deck from the generator.
* In a blind (PHASE_PLAYING) the base game's moves: ``play``, ``discard``, ``sort_rank``,
  ``sort_suit``. A play that reaches the target wins the blind: its payout (reward, $1 a hand
  left, interest on the money held before it) is added at once; after the last blind the run
  is won (PHASE_WON), else the shop opens (PHASE_SHOP) with two items drawn from the generator
  (balatro/shop.py). Hands running out below the target lose the run, as in the base game.
* In the shop: ``buy(mask)`` (one of the shop's slots: bit 0 or 1; a joker goes to the right of
  the jokers held, a planet levels its hand type at once), ``sell(mask)`` (one of the jokers:
  bit 0 the leftmost; the others close up), ``move(mask)`` (the selected joker goes to the right
  end, the others close up: the game lets the player arrange the jokers, and with this one move
  any order is reached), ``reroll()``, ``leave()`` (the next blind starts with a fresh deck,
  dealt only now, after the shop's draws).
* Scaling jokers (balatro/jokers.py) keep a counter each, in ``counters`` beside ``jokers``
  (0 when bought, gone when sold, moved with its joker): an accepted play grows them before it
  scores (the preview shows that score too), an accepted discard shrinks them. ``played`` is
  the mask of hand types played in this blind (Card Sharp), cleared when a blind starts.
* While the shop is open the won blind stays shown: its ante, blind, target, final score, last
  hand, and the hand as drawn up after the winning play.
* ``title`` (the board's power-on and reset, as the base game's): no deck is dealt until the
  first move, any move (a shop move too), starts the run; the title shows the values a new run
  starts with ($4, levels 1, no jokers, an empty shop) over the base game's title.

Boss blinds are the base game's: x2 the ante's base, and no boss abilities (the game's bosses
each bend a rule; the issue asks for them only if the design allows, and none is modelled).

Refusals change nothing but ``result`` (RESULT_TEXT its text), checked in this order:
REF_RUN_OVER (the run is won or lost: only ``new_run``); a hand move in the shop REF_IN_SHOP, a
shop move in a blind REF_NOT_IN_SHOP; then for ``buy``, ``sell``, ``move`` REF_NOTHING_SELECTED,
REF_SELECT_ONE (more than one bit), REF_EMPTY_ITEM (a shop slot bought or beyond the two) or
REF_NO_JOKER (no joker in that slot); for ``buy`` REF_NO_SLOT (a joker with five held), then
REF_NO_MONEY (also for a reroll that costs more than the money). Jokers are sold and moved in
the shop only (the game allows both any time; the board's buttons are the blind's then). A
mask outside 0..255 is not an input the board can make: ValueError, as in the base game.
"""

from .game import (ACT_NEW_RUN, OK, PHASE_LOST, PHASE_NAMES as BASE_PHASES, PHASE_PLAYING,
                      PHASE_WON, REF_NOTHING_SELECTED, REF_RUN_OVER, RESULT_TEXT as BASE_TEXT,
                      BalatroGame, Rules, _check_mask, popcount, shuffled_decks)
from .economy import STARTING_MONEY, max_money, payout, reroll_price, sell_price
from .jokers import (JOKER_SLOTS, JOKERS, MAX_COUNTER, Blind, discarded, grown,
                             score_play)
from .planets import FIRST_LEVELS, HAND_TYPES, level_up
from .shop import NO_ITEM, SHOP_SLOTS, is_joker, planet_hand, price, stock
from ..rng import XorShift128

PHASE_SHOP = len(BASE_PHASES)         # after the base game's phases (title included)
PHASE_NAMES = BASE_PHASES + ("shop",)

(REF_IN_SHOP, REF_NOT_IN_SHOP, REF_SELECT_ONE, REF_EMPTY_ITEM, REF_NO_SLOT, REF_NO_MONEY,
 REF_NO_JOKER) = range(len(BASE_TEXT), len(BASE_TEXT) + 7)
RESULT_TEXT = BASE_TEXT + ("in the shop: leave it to play", "not in the shop", "select one",
                           "nothing in that slot", "no free joker slot", "not enough money",
                           "no joker in that slot")

# Moves beyond the base game's ACT_PLAY .. ACT_NEW_RUN (0..4), for ``act``.
ACT_BUY, ACT_SELL, ACT_MOVE, ACT_REROLL, ACT_LEAVE = range(ACT_NEW_RUN + 1, ACT_NEW_RUN + 6)


class BalatroRun(BalatroGame):
    """A run with progression; ``seed`` is the generator's 128-bit seed (0: its default), or
    ``rng`` a generator (XorShift128) to draw from. Every deck and every shop item comes from
    that one generator, in the order the run meets them."""

    def __init__(self, seed=0, rules=Rules(), rng=None, title=False):
        self.rng = rng if rng is not None else XorShift128(seed)
        self._fresh_run()
        super().__init__(shuffled_decks(self.rng), rules, title)

    # ------------------------------------------------------------------ moves
    def new_run(self):
        self._fresh_run()
        return super().new_run()

    def _fresh_run(self):
        self.money = STARTING_MONEY
        self.levels = FIRST_LEVELS
        self.jokers = []
        self.counters = []
        self.played = 0
        self.shop = [NO_ITEM] * SHOP_SLOTS
        self.rerolls = 0
        self.payout = (0, 0, 0)

    def buy(self, mask):
        """Buy the item in the selected shop slot."""
        if self._on_title(mask):
            return self.new_run()
        code, slot = self._one(mask, [item != NO_ITEM for item in self.shop], REF_EMPTY_ITEM)
        if code != OK:
            return self._refuse(code)
        item = self.shop[slot]
        if is_joker(item) and len(self.jokers) >= JOKER_SLOTS:
            return self._refuse(REF_NO_SLOT)
        if price(item) > self.money:
            return self._refuse(REF_NO_MONEY)
        self.money -= price(item)
        self.shop[slot] = NO_ITEM
        if is_joker(item):
            self.jokers.append(item)
            self.counters.append(0)
        else:
            self.levels = level_up(self.levels, planet_hand(item))
        return self._accept()

    def sell(self, mask):
        """Sell the selected joker (bit 0: the leftmost) for half its price, at least $1."""
        if self._on_title(mask):
            return self.new_run()
        code, slot = self._one(mask, [True] * len(self.jokers), REF_NO_JOKER)
        if code != OK:
            return self._refuse(code)
        self.money += sell_price(JOKERS[self.jokers.pop(slot)].price)
        self.counters.pop(slot)
        return self._accept()

    def move(self, mask):
        """The selected joker goes to the right end (applied last)."""
        if self._on_title(mask):
            return self.new_run()
        code, slot = self._one(mask, [True] * len(self.jokers), REF_NO_JOKER)
        if code != OK:
            return self._refuse(code)
        self.jokers.append(self.jokers.pop(slot))
        self.counters.append(self.counters.pop(slot))
        return self._accept()

    def reroll(self):
        """Both shop slots drawn again, for the reroll price ($5, $1 more each time)."""
        if self._on_title():
            return self.new_run()
        code = self._in_shop()
        if code == OK and reroll_price(self.rerolls) > self.money:
            code = REF_NO_MONEY
        if code != OK:
            return self._refuse(code)
        self.money -= reroll_price(self.rerolls)
        self.rerolls += 1
        self.shop = stock(self.rng, self.jokers)
        return self._accept()

    def leave(self):
        """Close the shop: the next blind starts with a fresh deck."""
        if self._on_title():
            return self.new_run()
        code = self._in_shop()
        if code != OK:
            return self._refuse(code)
        self.phase = PHASE_PLAYING
        self.shop = [NO_ITEM] * SHOP_SLOTS
        self._next_blind()
        return self._accept()

    def play(self, mask):
        """The base game's play, scored with the levels and jokers; when accepted the jokers'
        counters grow and the hand type counts as played in this blind."""
        if self._on_title(mask):
            return self.new_run()
        code, slots = self._selection(mask)
        if code == OK:
            cards, blind = [self.hand[i] for i in slots], self.blind_state
            cat = self._score(cards).category
        code = super().play(mask)
        if code == OK:
            self.counters = grown(cards, self.jokers, self.counters, blind)
            self.played |= 1 << cat
            self._check()
        return code

    def discard(self, mask):
        """The base game's discard; when accepted the counters shrink (Green Joker)."""
        code = super().discard(mask)
        if code == OK:
            self.counters = discarded(self.jokers, self.counters)
        return code

    def act(self, action, mask=0):
        """One move by its ACT_ code: the base game's, then buy, sell, move (by mask), reroll,
        leave (the mask ignored)."""
        moves = {ACT_BUY: lambda: self.buy(mask), ACT_SELL: lambda: self.sell(mask),
                 ACT_MOVE: lambda: self.move(mask), ACT_REROLL: self.reroll,
                 ACT_LEAVE: self.leave}
        if action in moves:
            return moves[action]()
        return super().act(action, mask)

    # ------------------------------------------------------------------ outputs
    @property
    def message(self):
        return RESULT_TEXT[self.result]

    @property
    def blind_state(self):
        """What the jokers' conditions read of the blind (balatro_jokers.Blind)."""
        return Blind(self.hands_left, self.played)

    @property
    def reroll_price(self):
        return reroll_price(self.rerolls)

    def observe(self):
        """The base game's observables, and money, the hand levels (one per hand type), the
        jokers left to right and their counters, the hand types played in this blind (a 9-bit
        mask), the shop's slots (NO_ITEM when bought or closed) with their prices (0 when
        empty), the reroll price, the last payout (reward, hands, interest)."""
        view = super().observe()
        view.update(money=self.money, levels=tuple(self.levels), jokers=tuple(self.jokers),
                    counters=tuple(self.counters), played=self.played, shop=tuple(self.shop),
                    shop_prices=tuple(0 if i == NO_ITEM else price(i) for i in self.shop),
                    reroll_price=self.reroll_price, payout=tuple(self.payout))
        return view

    # ------------------------------------------------------------------ hooks
    def _score(self, codes):
        return score_play(codes, self.levels, self.jokers, self.counters, self.blind_state)

    def _start_blind(self, deck):
        self.played = 0
        super()._start_blind(deck)

    def _not_playing(self):
        return REF_IN_SHOP if self.phase == PHASE_SHOP else REF_RUN_OVER

    def _blind_won(self):
        self.payout = payout(self.blind, self.hands_left, self.money)
        self.money += sum(self.payout)
        if self._last_blind():
            self.phase = PHASE_WON
            return
        self.phase = PHASE_SHOP
        self.rerolls = 0
        self.shop = stock(self.rng, self.jokers)

    def _check_score(self):
        assert 0 <= self.money <= max_money(self.rules)
        assert len(self.levels) == HAND_TYPES and min(self.levels) >= 1
        assert len(self.jokers) <= JOKER_SLOTS and len(set(self.jokers)) == len(self.jokers)
        assert all(is_joker(j) for j in self.jokers)
        assert len(self.counters) == len(self.jokers)
        assert all(0 <= n <= MAX_COUNTER for n in self.counters) and 0 <= self.played < 512
        assert len(self.shop) == SHOP_SLOTS and self.score >= 0
        if self.phase == PHASE_PLAYING:
            assert self.rules.play_out or self.score < self.target
        if self.phase != PHASE_SHOP:
            assert self.shop == [NO_ITEM] * SHOP_SLOTS
        else:
            assert self.score >= self.target and not self._last_blind()

    # ------------------------------------------------------------------ internals
    def _in_shop(self):
        if self.phase in (PHASE_WON, PHASE_LOST):
            return REF_RUN_OVER
        return OK if self.phase == PHASE_SHOP else REF_NOT_IN_SHOP

    def _one(self, mask, filled, empty_code):
        """(OK, the one selected slot) or (a refusal code, None); ``filled``: per slot."""
        _check_mask(mask)
        code = self._in_shop()
        if code == OK and mask == 0:
            code = REF_NOTHING_SELECTED
        elif code == OK and popcount(mask) > 1:
            code = REF_SELECT_ONE
        if code != OK:
            return code, None
        slot = mask.bit_length() - 1
        if slot >= len(filled) or not filled[slot]:
            return empty_code, None
        return OK, slot
