"""Shared by the Balatro testbenches and the golden game's tests: decks given as text, the
scores of hands of every kind, the decks both the golden game and the hardware take, the
agents' moves (a greedy one and a random one), and the golden view (observe() plus the preview
of the switches) that the hardware's view ports must show."""

from itertools import combinations

from pokerhdl.golden.balatro.game import (ACT_DISCARD, ACT_NEW_RUN, ACT_PLAY, ACT_SORT_RANK,
                                          ACT_SORT_SUIT, HAND_SLOTS, MAX_SELECT, PHASE_PLAYING,
                                          score_hand, shuffled_decks)
from pokerhdl.golden.cards import DECK, NO_CARD, parse_cards
from pokerhdl.golden.hands import (FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, HIGH_CARD, PAIR, STRAIGHT,
                                   STRAIGHT_FLUSH, THREE_OF_A_KIND, TWO_PAIR)
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


T, F = True, False


def cards(text):
    return parse_cards(text)


def deck_of(text):
    """A deck that deals these cards first, then the rest in ascending code."""
    top = cards(text)
    assert len(set(top)) == len(top)
    return top + [c for c in DECK if c not in top]


def mask(*slots):
    return sum(1 << s for s in slots)


# (cards, category, chips, mult, score, scoring flags)
SCORES = [
    # high card scores its top card alone: (5 + 11) x 1 = 16
    ("Ah Kd 9c 5s 2h", HIGH_CARD, 16, 1, 16, (T, F, F, F, F)),
    ("2h 9c Kd Ah 5s", HIGH_CARD, 16, 1, 16, (F, F, F, T, F)),
    # pair of aces, three kickers that do not score: (10 + 11 + 11) x 2 = 64
    ("Ah Ac Kd 9s 2c", PAIR, 32, 2, 64, (T, T, F, F, F)),
    # two pair, kings and fives, the ace kicker out: (20 + 10 + 10 + 5 + 5) x 2 = 100
    ("Kh Kc 5d 5s Ah", TWO_PAIR, 50, 2, 100, (T, T, T, T, F)),
    # three sevens: (30 + 7 + 7 + 7) x 3 = 153
    ("7h 7c 7d Ks 2c", THREE_OF_A_KIND, 51, 3, 153, (T, T, T, F, F)),
    # nine to king: (30 + 9 + 10 + 10 + 10 + 10) x 4 = 316
    ("9h Tc Jd Qs Kc", STRAIGHT, 79, 4, 316, (T,) * 5),
    # the wheel, the ace counts 11: (30 + 11 + 2 + 3 + 4 + 5) x 4 = 220
    ("Ah 2c 3d 4s 5h", STRAIGHT, 55, 4, 220, (T,) * 5),
    # king-high flush: (35 + 2 + 5 + 9 + 10 + 10) x 4 = 284
    ("2h 5h 9h Jh Kh", FLUSH, 71, 4, 284, (T,) * 5),
    # queens full of threes: (40 + 10 + 10 + 10 + 3 + 3) x 4 = 304
    ("Qh Qc Qd 3s 3h", FULL_HOUSE, 76, 4, 304, (T,) * 5),
    # four eights, the ace kicker out: (60 + 8 + 8 + 8 + 8) x 7 = 644
    ("8h 8c 8d 8s Ac", FOUR_OF_A_KIND, 92, 7, 644, (T, T, T, T, F)),
    # a flush that is a straight: (100 + 5 + 6 + 7 + 8 + 9) x 8 = 1080
    ("5s 6s 7s 8s 9s", STRAIGHT_FLUSH, 135, 8, 1080, (T,) * 5),
    # the steel wheel: (100 + 11 + 2 + 3 + 4 + 5) x 8 = 1000
    ("As 2s 3s 4s 5s", STRAIGHT_FLUSH, 125, 8, 1000, (T,) * 5),
    # the royal flush is a straight flush: (100 + 10 + 10 + 10 + 10 + 11) x 8 = 1208
    ("Th Jh Qh Kh Ah", STRAIGHT_FLUSH, 151, 8, 1208, (T,) * 5),
    # fewer than five cards: a pair as two cards: (10 + 10 + 10) x 2 = 60
    ("Jh Jc", PAIR, 30, 2, 60, (T, T)),
    # a single ten: (5 + 10) x 1 = 15
    ("Td", HIGH_CARD, 15, 1, 15, (T,)),
    # quads as four cards: (60 + 3 + 3 + 3 + 3) x 7 = 504
    ("3c 3d 3h 3s", FOUR_OF_A_KIND, 72, 7, 504, (T,) * 4),
    # trips as three cards: (30 + 11 + 11 + 11) x 3 = 189
    ("Ac Ad Ah", THREE_OF_A_KIND, 63, 3, 189, (T,) * 3),
    # two pair as four cards: (20 + 4 + 4 + 9 + 9) x 2 = 92
    ("4c 4d 9h 9s", TWO_PAIR, 46, 2, 92, (T,) * 4),
    # four hearts are no flush, four in a row no straight: high card (5 + 10) x 1 = 15 each
    ("2h 5h 9h Jh", HIGH_CARD, 15, 1, 15, (F, F, F, T)),
    ("Tc Jd Qs Kc", HIGH_CARD, 15, 1, 15, (F, F, F, T)),
]


def best_mask(g):
    """The selection that scores most (greedy agent)."""
    n, best = len(g.hand), (-1, 0)
    for k in range(1, min(n, g.rules.max_select) + 1):
        for slots in combinations(range(n), k):
            best = max(best, (score_hand([g.hand[i] for i in slots]).score, mask(*slots)))
    return best[1]


def random_mask(rng, g):
    n = len(g.hand)
    r = rng.random()
    if r < 0.1 or n == 0:
        return rng.randrange(256)
    if r < 0.15:
        return 0
    return mask(*rng.sample(range(n), rng.randint(1, min(n, g.rules.max_select))))


MOVES = (ACT_PLAY, ACT_DISCARD, ACT_SORT_RANK, ACT_SORT_SUIT, ACT_NEW_RUN)


MOVE_WEIGHTS = (40, 25, 8, 8, 1)          # a random agent's odds of each move
