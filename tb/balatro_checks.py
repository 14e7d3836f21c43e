"""Shared by the Balatro testbenches: the decks both the golden game and the hardware take, the
agents' moves, and the golden view (observe() plus the preview of the switches) that the
hardware's view ports must show."""

from itertools import combinations

from pokerhdl.golden.balatro import (ACT_DISCARD, ACT_NEW_RUN, ACT_PLAY, ACT_SORT_RANK,
                                     ACT_SORT_SUIT, HAND_SLOTS, PHASE_PLAYING, score_hand,
                                     shuffled_decks)
from pokerhdl.golden.cards import DECK, NO_CARD
from pokerhdl.golden.rng import XorShift128

MOVES = (ACT_PLAY, ACT_DISCARD, ACT_SORT_RANK, ACT_SORT_SUIT, ACT_NEW_RUN)
WEIGHTS = (40, 25, 8, 8, 1)


class DeckList:
    """Decks in a fixed order, for two takers that must meet the same ones: the golden game
    (``golden()``, its next_deck) and the hardware's deck stream (``hardware()``). Decks come
    from ``crafted`` first, then from the shuffler's golden twin."""

    def __init__(self, seed=1, crafted=()):
        self.decks = [list(d) for d in crafted]
        self.deal = shuffled_decks(XorShift128(seed))
        self.taken = {"golden": 0, "hardware": 0}

    def _take(self, who):
        i = self.taken[who]
        self.taken[who] += 1
        while len(self.decks) <= i:
            self.decks.append(list(self.deal()))
        return self.decks[i]

    def golden(self):
        return self._take("golden")

    def hardware(self):
        return self._take("hardware")

    def add(self, deck):
        """The next deck neither taker has met yet."""
        assert len(self.decks) == max(self.taken.values())
        self.decks.append(list(deck))


def deck_of(cards):
    """A deck that deals ``cards`` first, then the rest in ascending code."""
    return list(cards) + [c for c in DECK if c not in cards]


def picked(game, selection):
    return [c for k, c in enumerate(game.hand) if selection >> k & 1]


def expected_view(game, selection):
    """What the view ports must show: observe() with the hand as 8 slots, and the preview."""
    view = game.observe()
    hand = list(view.pop("hand"))
    view["hand_len"] = len(hand)
    view["hand"] = tuple(hand + [NO_CARD] * (HAND_SLOTS - len(hand)))
    cards = picked(game, selection)
    view["pick_count"] = len(cards)
    if 1 <= len(cards) <= 5:
        s = score_hand(cards)
        view.update(pick_category=s.category, pick_chips=s.chips, pick_mult=s.mult)
    return view


def best_mask(game):
    """The selection that scores most (the greedy agent)."""
    n, best = len(game.hand), (-1, 0)
    for k in range(1, min(n, game.rules.max_select) + 1):
        for slots in combinations(range(n), k):
            score = score_hand([game.hand[i] for i in slots]).score
            best = max(best, (score, sum(1 << i for i in slots)))
    return best[1]


def random_move(rng, game):
    """(action, mask) of a random agent that is greedy half the time: mostly legal selections,
    some empty, too large or beyond the hand."""
    action = rng.choices(MOVES, weights=WEIGHTS)[0]
    n = len(game.hand)
    if game.phase == PHASE_PLAYING and action == ACT_PLAY and rng.random() < 0.5:
        return action, best_mask(game)
    r = rng.random()
    if r < 0.1 or n == 0:
        return action, rng.randrange(256)
    if r < 0.15:
        return action, 0
    slots = rng.sample(range(n), rng.randint(1, min(n, 5)))
    return action, sum(1 << s for s in slots)


def random_selection(rng, game):
    return rng.choice((0, rng.randrange(256), sum(1 << s for s in rng.sample(
        range(len(game.hand)), rng.randint(1, min(5, len(game.hand)))))))


