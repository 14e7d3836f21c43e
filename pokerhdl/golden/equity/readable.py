"""Hold'em equity, the readable definition (docs/spec.md#the-equity-engine): what share of the pot each hand
is worth when the cards still to come are dealt every possible way, or many random ways.

A setup is the hero's two cards, 1..9 opponents (two known cards each, or None: a random hand),
0..5 known board cards and dead cards (seen, in nobody's hand). A trial completes it: the missing
board cards, then each random opponent's two cards. In every trial the best seven-card hand
wins; a k-way tie gives each of its k players TIE_UNITS / k tie units (TIE_UNITS = 2520, the
least common multiple of 1..10, so every share is a whole number), so a player's

    equity = (TIE_UNITS * wins + tie units) / (TIE_UNITS * trials)

exactly. ``exact`` runs every completion once (each random opponent's hand taken in every way,
seat by seat); ``monte_carlo`` runs seeded random trials dealt exactly as the hardware engine
deals them (golden/equity/deal.py), so the same seed gives the same counts everywhere.
pokerhdl/golden/equity/fast.py gives the same answers fast; this module stays slow and plain.
"""

import math
from dataclasses import dataclass, field
from itertools import combinations

from ..cards import DECK, card_text, format_cards, is_card
from .deal import check_seed_and_lanes, dealt_slots, lane_trials, LaneDealer
from ..hands import rank7

TIE_UNITS = 2520
BOARD_CARDS = 5
MAX_OPPONENTS = 9

# refusal codes: the hardware engine's error codes too
OK, ERR_CARD, ERR_DUPLICATE, ERR_BOARD, ERR_OPPONENTS, ERR_TRIALS, ERR_DECK = range(7)
# and the engine's refusals of a request as such (golden/equity/protocol.py)
ERR_FRAME, ERR_MODE, ERR_BUSY, ERR_EXACT = range(7, 11)
ERROR_TEXT = ("ok", "not a card (a card code is 0..51)", "a card appears twice",
              "more than five board cards", "1 to 9 opponents", "no trials",
              "not enough cards left to deal the trial",
              "a corrupted, cut short or malformed frame", "a mode the engine does not run",
              "the engine was busy with a run",
              "an exact enumeration too large for the engine's counters (run Monte Carlo)")


class EquityError(ValueError):
    """A setup or a request that cannot be run; ``code`` is one of the ERR_* codes. ``text``
    replaces the code's ERROR_TEXT where that would mislead (a card typed as text is not a
    code 0..51; an engine with fewer seats than 9)."""

    def __init__(self, code, detail="", text=None):
        super().__init__((text or ERROR_TEXT[code]) + (f": {detail}" if detail else ""))
        self.code = code


@dataclass(frozen=True)
class Setup:
    """What is known. ``opponents``: a tuple with, per opponent, two card codes or None."""
    hero: tuple
    opponents: tuple
    board: tuple = ()
    dead: tuple = ()

    def __post_init__(self):
        for name in ("hero", "board", "dead"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        object.__setattr__(self, "opponents", tuple(
            None if o is None else tuple(o) for o in self.opponents))
        self.check()

    def check(self):
        """EquityError for anything the engine refuses (the first problem found)."""
        if not 1 <= len(self.opponents) <= MAX_OPPONENTS:
            raise EquityError(ERR_OPPONENTS, f"got {len(self.opponents)}")
        hands = [self.hero] + [o for o in self.opponents if o is not None]
        if any(len(h) != 2 for h in hands):
            raise EquityError(ERR_CARD, "a known hand is two cards")
        cards = self.known_cards()
        bad = [c for c in cards if not is_card(c)]
        if bad:
            raise EquityError(ERR_CARD, repr(bad[0]))
        twice = sorted({c for c in cards if cards.count(c) > 1})
        if twice:
            raise EquityError(ERR_DUPLICATE, card_text(twice[0]))
        if len(self.board) > BOARD_CARDS:
            raise EquityError(ERR_BOARD, f"got {len(self.board)}")
        if self.unknown_count() > len(DECK) - len(cards):
            raise EquityError(ERR_DECK, f"{self.unknown_count()} to deal from "
                                        f"{len(DECK) - len(cards)}")

    def known_cards(self):
        cards = list(self.hero) + list(self.board) + list(self.dead)
        for o in self.opponents:
            cards += list(o or ())
        return cards

    def players(self):
        return 1 + len(self.opponents)

    def random_seats(self):
        """Player indices (hero = 0) whose hands a trial deals."""
        return [i + 1 for i, o in enumerate(self.opponents) if o is None]

    def unknown_count(self):
        """Cards a trial deals: the missing board cards and two per random opponent."""
        return len(self.dealt_slots())

    def dealt_slots(self):
        """The dealer slots a trial deals (golden/equity/deal.py)."""
        return dealt_slots(len(self.board), self.opponents)

    def remaining(self):
        """The cards a trial deals from, in increasing code order."""
        known = set(self.known_cards())
        return [c for c in DECK if c not in known]

    def hands(self, dealt_hands):
        """Every player's two cards, random seats from ``dealt_hands`` in seat order."""
        dealt = iter(dealt_hands)
        return [self.hero] + [o if o is not None else next(dealt) for o in self.opponents]

    def describe(self):
        who = [format_cards(self.hero)] + [format_cards(o) if o else "random"
                                           for o in self.opponents]
        text = " vs ".join(who)
        if self.board:
            text += f", board {format_cards(self.board)}"
        if self.dead:
            text += f", dead {format_cards(self.dead)}"
        return text


@dataclass
class Result:
    """Counts per player (hero first) over ``trials`` trials."""
    players: int
    trials: int = 0
    wins: list = field(default_factory=list)        # trials won alone
    ties: list = field(default_factory=list)        # trials tied for the best hand
    tie_units: list = field(default_factory=list)   # TIE_UNITS / k for each k-way tie

    def __post_init__(self):
        for name in ("wins", "ties", "tie_units"):
            if not getattr(self, name):
                setattr(self, name, [0] * self.players)

    def add(self, words):
        """One trial's showdown: ``words`` are the players' rank words."""
        best = max(words)
        winners = [p for p, w in enumerate(words) if w == best]
        self.trials += 1
        if len(winners) == 1:
            self.wins[winners[0]] += 1
        else:
            for p in winners:
                self.ties[p] += 1
                self.tie_units[p] += TIE_UNITS // len(winners)

    def equity(self, p):
        return (TIE_UNITS * self.wins[p] + self.tie_units[p]) / (TIE_UNITS * self.trials)

    def win(self, p):
        return self.wins[p] / self.trials

    def tie(self, p):
        return self.ties[p] / self.trials

    def standard_error(self, p):
        """An upper bound of the standard error of player p's equity when the trials are
        random: a tie's share is at most a half, so its square is at most half the share
        (exact when every tie is two-way)."""
        mean_square = (self.wins[p] + self.tie_units[p] / (2 * TIE_UNITS)) / self.trials
        return math.sqrt(max(mean_square - self.equity(p) ** 2, 0) / self.trials)

    def counts(self):
        """The counts as one comparable value."""
        return (self.trials, tuple(self.wins), tuple(self.ties), tuple(self.tie_units))


def trial_words(setup, board, dealt_hands):
    """Each player's rank word of a trial: rank7 of its two cards and the five board cards (a
    hardware lane ranks them with one board_eval, whose contract, rank_on_board, is rank7 of
    seven distinct cards: every trial's are)."""
    return [rank7(list(hand) + list(board)) for hand in setup.hands(dealt_hands)]


def _hand_assignments(cards, seats):
    """Every way to give ``seats`` players two of ``cards`` each, seat by seat."""
    if seats == 0:
        yield ()
        return
    for hand in combinations(cards, 2):
        rest = [c for c in cards if c not in hand]
        for others in _hand_assignments(rest, seats - 1):
            yield (hand,) + others


def exact(setup):
    """Every completion of ``setup`` once: each missing board, then each way to deal the random
    opponents their hands from what is left."""
    result = Result(setup.players())
    remaining = setup.remaining()
    seats = len(setup.random_seats())
    for extra in combinations(remaining, BOARD_CARDS - len(setup.board)):
        board = setup.board + extra
        left = [c for c in remaining if c not in extra]
        for hands in _hand_assignments(left, seats):
            result.add(trial_words(setup, board, hands))
    return result


def check_monte_carlo(trials, seed, lanes):
    """EquityError for no trials, ValueError for a seed outside 128 bits or no lane: what every
    Monte Carlo engine refuses before it starts."""
    if trials < 1:
        raise EquityError(ERR_TRIALS)
    check_seed_and_lanes(seed, lanes)


def lane_monte_carlo(setup, trials, seed, lane, result=None):
    """Lane ``lane``'s part of a run: its dealer's first ``trials`` counted trials, added to
    ``result`` (a new one by default), which is returned."""
    result = result or Result(setup.players())
    missing = BOARD_CARDS - len(setup.board)
    dealer = LaneDealer(seed, lane, setup.remaining(), setup.dealt_slots())
    for _ in range(trials):
        cards = dealer.deal_counted()
        board = setup.board + tuple(cards[:missing])
        hands = [tuple(cards[i:i + 2]) for i in range(missing, len(cards), 2)]
        result.add(trial_words(setup, board, hands))
    return result


def monte_carlo(setup, trials, seed, lanes=1):
    """``trials`` random trials from the 128-bit ``seed``, shared among ``lanes`` lanes as the
    hardware shares them (golden/equity/deal.py): the counts depend on the seed and the lanes."""
    check_monte_carlo(trials, seed, lanes)
    result = Result(setup.players())
    for lane in range(lanes):
        lane_monte_carlo(setup, lane_trials(trials, lanes, lane), seed, lane, result)
    return result
