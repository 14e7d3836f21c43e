"""Shared by the Balatro testbenches: the decks both the golden game and the hardware take, the
agents' moves (the golden tests' agent, tb/test_golden_balatro.py), and the golden view
(observe() plus the preview of the switches) that the hardware's view ports must show."""

from test_golden_balatro import MOVE_WEIGHTS, MOVES, best_mask, random_mask
from pokerhdl.golden.balatro.game import (ACT_PLAY, HAND_SLOTS, MAX_SELECT, PHASE_PLAYING, score_hand,
                                     shuffled_decks)
from pokerhdl.golden.cards import NO_CARD
from pokerhdl.golden.rng import XorShift128


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
    if 1 <= len(cards) <= MAX_SELECT:
        s = score_hand(cards)
        view.update(pick_category=s.category, pick_chips=s.chips, pick_mult=s.mult)
    return view


def random_move(rng, game):
    """(action, mask) of the golden tests' random agent (test_golden_balatro), greedy in half
    its plays: mostly legal selections, some empty, too large or beyond the hand."""
    action = rng.choices(MOVES, weights=MOVE_WEIGHTS)[0]
    if game.phase == PHASE_PLAYING and action == ACT_PLAY and rng.random() < 0.5:
        return action, best_mask(game)
    return action, random_mask(rng, game)


def random_selection(rng, game):
    return rng.choice((0, rng.randrange(256), sum(1 << s for s in rng.sample(
        range(len(game.hand)), rng.randint(1, min(MAX_SELECT, len(game.hand)))))))


