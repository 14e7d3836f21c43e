"""Balatro, the golden game (docs/spec.md#balatro): a run of antes, each
of a small, a big and a boss blind, scored by poker hands. The hardware game is checked against
this model after every move, so every observable is one plain field (``observe()``).

Rules:

* A run is antes 1..``antes`` (8), each of ``blinds_per_ante`` (3) blinds: small, big, boss.
  A blind's target is the ante's base (300, 800, 2000, 5000, 11000, 20000, 35000, 50000) times
  x1, x1.5, x2; kept exact as ``base * BLIND_HALVES[blind] // 2`` with even bases (checked).
* Each blind takes a freshly shuffled deck from ``next_deck()`` (52 distinct codes in deal
  order; ``shuffled_decks`` gives the hardware's shuffler's), deals ``hand_size`` (8) cards from
  the top, and gives ``hands`` (4) plays and ``discards`` (3) discards; its score starts at 0.
* A selection is an 8-bit mask over the hand's slots (bit i: slot i, as SW[i]); 1..``max_select``
  (5) cards. ``play`` scores the selected cards (``score_hand``) and adds the score to the
  blind's; ``discard`` throws them away. Either way the hand is then drawn back up to
  ``hand_size``: the kept cards keep their order, the new cards follow in deal order. When the
  deck runs out the hand just stays smaller.
* ``sort_rank`` orders the hand by rank, then suit, both descending (which is descending code);
  ``sort_suit`` by suit, then rank, both descending. Sorting is free and changes only the order.
* Score of a hand: (base chips + chips of the scoring cards) x mult. Base and mult by category:
  high card 5x1, pair 10x2, two pair 20x2, three of a kind 30x3, straight 30x4, flush 35x4,
  full house 40x4, four of a kind 60x7, straight flush 100x8 (a royal flush is one). Card chips:
  2..10 their value, J/Q/K 10, A 11. Only the cards that make the hand score (hands.
  scoring_cards, eval5's mask): kickers do not, high card scores its top card alone; straights
  and flushes need five cards.
* After a play that brings the score to the target or beyond, the blind is won: the next blind
  starts (fresh deck, score 0, hands and discards back), and winning the last blind of the last
  ante wins the run. When the hands run out below the target, the run is lost.

Our choices where the rules are silent:

* A blind also ends when its hand is empty (deck and hand used up: only with non-default Rules,
  many hands or discards); with no card to play that is a loss below the target.
* ``play_out`` (default False): the blind is played to its last hand even after reaching the
  target, and only then won (score >= target) or lost. The reference's single round of 4 plays
  and 4 discards, whose result is its score, is ``REFERENCE_ROUND``: one blind (ante 1's small
  blind, target 300), ``play_out``.
* The hand is drawn up after every play, also the one that ends a blind: on a won or lost run
  the hand shown is that drawn-up hand. On a won blind the next blind's deck replaces it.
* Refused, changing nothing but ``result`` (the code, RESULT_TEXT its text), checked in this
  order: REF_RUN_OVER (any move but ``new_run`` once the run is won or lost), REF_NO_DISCARDS
  (a discard with none left), REF_NOTHING_SELECTED, REF_TOO_MANY (more than ``max_select``
  bits), REF_EMPTY_SLOT (a selected slot beyond the hand). ``new_run`` is always accepted. A mask
  outside 0..255 is not an input the board can make: ValueError.
* The last played hand (``last_category``, ``last_chips``, ``last_mult``, ``last_score``) stays
  shown across a blind's end, so the winning hand is still visible on the next blind; before a
  run's first play the category is NO_HAND (the category nibble's all ones).
* ``title`` (the board's power-on and reset, default False): the game starts on a title, no deck
  dealt, so that the first deck is shuffled only when a person presses (the generator has taken
  the press's timing by then). On the title every move starts the run as ``new_run`` does and
  answers OK; the title shows ante 1's small blind with no cards, no hands or discards, and
  ``deck_left`` 0 (the hardware's values at reset).

This is the base game, the one today's hardware is checked against. The run with progression
(money, a shop, planet cards, jokers) builds on it in ``run.py`` through four hooks
(``_score``, ``_not_playing``, ``_blind_won``, ``_check_score``), so that the blind's rules
stay written once.
"""

from dataclasses import dataclass

from ..cards import DECK_SIZE, is_card
from ..hands import CATEGORY_NAMES, STRAIGHT_FLUSH, category, rank5, scoring_cards
from ..shuffle import deal

HAND_SLOTS = 8                  # the selection mask's bits (SW[7:0])
MAX_SELECT = 5                  # eval5 scores up to five cards
# per category: base chips and mult (high card .. straight flush)
HAND_CHIPS = (5, 10, 20, 30, 30, 35, 40, 60, 100)
HAND_MULT = (1, 2, 2, 3, 4, 4, 4, 7, 8)
CARD_CHIPS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11)   # by rank 2..A
# the best hand there is, the royal flush: (100 + 10 + 10 + 10 + 10 + 11) x 8
MAX_HAND_SCORE = (HAND_CHIPS[STRAIGHT_FLUSH] + 4 * 10 + 11) * HAND_MULT[STRAIGHT_FLUSH]
NO_HAND = 15                    # last_category before any play

ANTE_BASES = (300, 800, 2000, 5000, 11000, 20000, 35000, 50000)
SMALL, BIG, BOSS = range(3)
BLIND_NAMES = ("Small blind", "Big blind", "Boss blind")
BLIND_HALVES = (2, 3, 4)        # target = base * halves // 2: x1, x1.5, x2 in whole numbers

PHASE_PLAYING, PHASE_WON, PHASE_LOST, PHASE_TITLE = range(4)
PHASE_NAMES = ("playing", "run won", "run lost", "title")

OK, REF_RUN_OVER, REF_NO_DISCARDS, REF_NOTHING_SELECTED, REF_TOO_MANY, REF_EMPTY_SLOT = range(6)
RESULT_TEXT = ("ok", "run over: new run", "no discards left", "select a card",
               "too many cards selected", "no card in a selected slot")

# Moves, for ``act`` (the buttons of a board top, the keys of a terminal).
ACT_PLAY, ACT_DISCARD, ACT_SORT_RANK, ACT_SORT_SUIT, ACT_NEW_RUN = range(5)


@dataclass(frozen=True)
class Rules:
    """A run's parameters; the defaults are the game's (docs/spec.md#balatro), REFERENCE_ROUND
    an earlier design's single round."""
    hands: int = 4
    discards: int = 3
    hand_size: int = HAND_SLOTS
    max_select: int = MAX_SELECT
    antes: int = 8
    blinds_per_ante: int = 3      # the first 1..3 of small, big, boss
    ante_bases: tuple = ANTE_BASES
    play_out: bool = False        # play every hand of a blind, then compare with the target

    def __post_init__(self):
        if not (self.hands >= 1 and self.discards >= 0 and 1 <= self.hand_size <= HAND_SLOTS
                and 1 <= self.max_select <= MAX_SELECT and self.antes >= 1
                and 1 <= self.blinds_per_ante <= len(BLIND_HALVES)):
            raise ValueError(f"rules out of range: {self}")
        bases = self.ante_bases[:self.antes]
        if len(bases) < self.antes or min(bases) < 1:
            raise ValueError("one positive base per ante")
        if self.blinds_per_ante > BIG and any(b % 2 for b in bases):
            raise ValueError("a big blind's target is base x 1.5: bases must be even")

    def target(self, ante, blind):
        """The target of a blind: ante 1..antes, blind SMALL, BIG or BOSS."""
        return self.ante_bases[ante - 1] * BLIND_HALVES[blind] // 2

    @property
    def targets(self):
        """Every blind's target in the order a run meets them."""
        return tuple(self.target(a, b) for a in range(1, self.antes + 1)
                     for b in range(self.blinds_per_ante))

    @property
    def max_score(self):
        """The largest score a blind can show: it ends at its target (a play starts below it)
        unless it is played out. The hardware sizes its score register from this."""
        all_hands = self.hands * MAX_HAND_SCORE
        if self.play_out:
            return all_hands
        return min(all_hands, max(self.targets) - 1 + MAX_HAND_SCORE)


REFERENCE_ROUND = Rules(antes=1, blinds_per_ante=1, hands=4, discards=4, play_out=True)


@dataclass(frozen=True)
class HandScore:
    """A scored selection: category (hands.py), chips (base + scoring cards), mult, score
    (chips x mult), and per card whether it scored."""
    category: int
    chips: int
    mult: int
    score: int
    scoring: tuple

    @property
    def name(self):
        return CATEGORY_NAMES[self.category]


def card_chips(code):
    return CARD_CHIPS[code >> 2]


def score_hand(codes):
    """The score of 1 to 5 played cards (hands.CardError on bad cards)."""
    cat = category(rank5(codes))
    scoring = tuple(scoring_cards(codes))
    chips = HAND_CHIPS[cat] + sum(card_chips(c) for c, s in zip(codes, scoring) if s)
    return HandScore(cat, chips, HAND_MULT[cat], chips * HAND_MULT[cat], scoring)


def shuffled_decks(rng):
    """A ``next_deck`` that deals each blind's deck from ``rng`` (an XorShift128, golden/rng.py)
    exactly as the hardware's shuffler does (shuffle.deal)."""
    return lambda: deal(rng, DECK_SIZE).cards


def popcount(mask):
    return bin(mask).count("1")


def _check_mask(mask):
    """A selection the board's eight switches can make, else ValueError (not a refusal)."""
    if not (isinstance(mask, int) and 0 <= mask < 1 << HAND_SLOTS):
        raise ValueError(f"selection {mask!r}: an 8-bit mask")


class BalatroGame:
    """A run's state and its moves: ``play(mask)``, ``discard(mask)``, ``sort_rank()``,
    ``sort_suit()``, ``new_run()`` (or ``act(action, mask)``). Each returns OK or a refusal code,
    also kept in ``result``; a refusal changes nothing else. ``observe()`` is what the hardware
    must show; ``snapshot()`` adds the deck and the spent cards. ``title``: start on the title
    (module docstring), as the board does; else the first run is dealt at once."""

    def __init__(self, next_deck, rules=Rules(), title=False):
        self.rules = rules
        self.next_deck = next_deck
        if not title:
            self.new_run()
            return
        self.phase, self.result = PHASE_TITLE, OK
        self.ante, self.blind, self.score = 1, SMALL, 0
        self.hands_left = self.discards_left = 0
        self.last_category, self.last_chips, self.last_mult, self.last_score = NO_HAND, 0, 0, 0
        self.deck, self.dealt, self.hand, self.spent = (), DECK_SIZE, [], []

    # ------------------------------------------------------------------ moves
    def new_run(self):
        """Start over at ante 1's first blind with a fresh deck: accepted in any state."""
        deck = self._fresh_deck()
        self.phase = PHASE_PLAYING
        self.ante, self.blind = 1, SMALL
        self.last_category, self.last_chips, self.last_mult, self.last_score = NO_HAND, 0, 0, 0
        self.result = OK
        self._start_blind(deck)
        self._check()
        return OK

    def play(self, mask):
        """Score the selected cards, add them to the blind's score, draw up."""
        if self._on_title(mask):
            return self.new_run()
        code, slots = self._selection(mask)
        if code != OK:
            return self._refuse(code)
        hand = self._score([self.hand[i] for i in slots])
        self.score += hand.score
        self.hands_left -= 1
        self.last_category, self.last_chips = hand.category, hand.chips
        self.last_mult, self.last_score = hand.mult, hand.score
        self._replace(slots)
        self._settle()
        return self._accept()

    def discard(self, mask):
        """Throw the selected cards away and draw up."""
        if self._on_title(mask):
            return self.new_run()
        if self.phase == PHASE_PLAYING and self.discards_left == 0:
            return self._refuse(REF_NO_DISCARDS)
        code, slots = self._selection(mask)
        if code != OK:
            return self._refuse(code)
        self.discards_left -= 1
        self._replace(slots)
        self._settle()
        return self._accept()

    def sort_rank(self):
        """Rank descending, ties by suit descending: descending card code."""
        return self._sort(lambda c: c)

    def sort_suit(self):
        """Suit descending, then rank descending."""
        return self._sort(lambda c: (c & 3, c >> 2))

    def act(self, action, mask=0):
        """One move by its ACT_ code; the sorts and new_run ignore the mask."""
        if action == ACT_PLAY:
            return self.play(mask)
        if action == ACT_DISCARD:
            return self.discard(mask)
        if action == ACT_SORT_RANK:
            return self.sort_rank()
        if action == ACT_SORT_SUIT:
            return self.sort_suit()
        if action == ACT_NEW_RUN:
            return self.new_run()
        raise ValueError(f"unknown action {action!r}")

    # ------------------------------------------------------------------ outputs
    def preview(self, mask):
        """What playing this selection would score, or None when the play would be refused."""
        code, slots = self._selection(mask)
        if code != OK:
            return None
        return self._score([self.hand[i] for i in slots])

    @property
    def target(self):
        return self.rules.target(self.ante, self.blind)

    @property
    def deck_left(self):
        return DECK_SIZE - self.dealt

    @property
    def message(self):
        return RESULT_TEXT[self.result]

    def observe(self):
        """Everything the hardware must show, as plain ints and a tuple of card codes."""
        return dict(phase=self.phase, ante=self.ante, blind=self.blind, target=self.target,
                    score=self.score, hands_left=self.hands_left,
                    discards_left=self.discards_left, hand=tuple(self.hand),
                    deck_left=self.deck_left, result=self.result,
                    last_category=self.last_category, last_chips=self.last_chips,
                    last_mult=self.last_mult, last_score=self.last_score)

    def snapshot(self):
        """The whole state: the observables, the blind's deck and the cards spent from it."""
        whole = self.observe()
        whole.update(deck=self.deck, dealt=self.dealt, spent=tuple(self.spent))
        return whole

    # ------------------------------------------------------------------ hooks
    # A run with progression (run.py) changes these four and nothing else of the blind.
    def _score(self, codes):
        """The score of a selection: here the base game's, with no levels and no jokers."""
        return score_hand(codes)

    def _not_playing(self):
        """The refusal of a hand move (play, discard, sort) outside a blind."""
        return REF_RUN_OVER

    def _blind_won(self):
        """A blind reached its target: straight on to the next blind, or the run is won."""
        if self._last_blind():
            self.phase = PHASE_WON
        else:
            self._next_blind()

    def _check_score(self):
        r = self.rules
        assert 0 <= self.score <= r.max_score
        if self.phase == PHASE_PLAYING:
            assert r.play_out or self.score < self.target

    # ------------------------------------------------------------------ internals
    def _last_blind(self):
        return self.blind + 1 >= self.rules.blinds_per_ante and self.ante >= self.rules.antes

    def _next_blind(self):
        """The next blind in order (never past the last), with a fresh deck."""
        if self.blind + 1 < self.rules.blinds_per_ante:
            self.blind += 1
        else:
            self.ante, self.blind = self.ante + 1, SMALL
        self._start_blind(self._fresh_deck())

    def _fresh_deck(self):
        deck = tuple(self.next_deck())
        if len(deck) != DECK_SIZE or not all(is_card(c) for c in deck) \
                or len(set(deck)) != DECK_SIZE:
            raise ValueError("next_deck() must give the 52 distinct cards")
        return deck

    def _start_blind(self, deck):
        r = self.rules
        self.deck, self.dealt = deck, 0
        self.hand, self.spent = [], []
        self.score = 0
        self.hands_left, self.discards_left = r.hands, r.discards
        self._draw_up()

    def _draw_up(self):
        while len(self.hand) < self.rules.hand_size and self.dealt < DECK_SIZE:
            self.hand.append(self.deck[self.dealt])
            self.dealt += 1

    def _selection(self, mask):
        """(OK, the selected slots ascending) or (a refusal code, ())."""
        _check_mask(mask)
        if self.phase != PHASE_PLAYING:
            return self._not_playing(), ()
        if mask == 0:
            return REF_NOTHING_SELECTED, ()
        if popcount(mask) > self.rules.max_select:
            return REF_TOO_MANY, ()
        if mask >> len(self.hand):
            return REF_EMPTY_SLOT, ()
        return OK, tuple(i for i in range(len(self.hand)) if mask >> i & 1)

    def _replace(self, slots):
        self.spent += [self.hand[i] for i in slots]
        self.hand = [c for i, c in enumerate(self.hand) if i not in slots]
        self._draw_up()

    def _settle(self):
        """End the blind if it is over: won on to the next blind (or the run), or lost."""
        reached = self.score >= self.target
        if not ((reached and not self.rules.play_out) or self.hands_left == 0 or not self.hand):
            return
        if reached:
            self._blind_won()
        else:
            self.phase = PHASE_LOST

    def _on_title(self, mask=0):
        """Whether the run is on its title, where every move is new_run (a bad mask is still
        a ValueError)."""
        _check_mask(mask)
        return self.phase == PHASE_TITLE

    def _sort(self, key):
        if self._on_title():
            return self.new_run()
        if self.phase != PHASE_PLAYING:
            return self._refuse(self._not_playing())
        self.hand.sort(key=key, reverse=True)
        return self._accept()

    def _refuse(self, code):
        self.result = code
        return code

    def _accept(self):
        self.result = OK
        self._check()
        return OK

    def _check(self):
        r = self.rules
        assert len(set(self.hand)) == len(self.hand) <= r.hand_size
        assert sorted(self.hand + self.spent) == sorted(self.deck[:self.dealt])
        assert len(self.hand) + len(self.spent) + self.deck_left == DECK_SIZE
        assert 0 <= self.hands_left <= r.hands and 0 <= self.discards_left <= r.discards
        assert 1 <= self.ante <= r.antes and 0 <= self.blind < r.blinds_per_ante
        if self.phase == PHASE_PLAYING:
            assert self.hand and self.hands_left > 0
        self._check_score()
