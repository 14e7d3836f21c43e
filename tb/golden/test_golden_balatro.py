"""The golden Balatro (golden/balatro/game.py): every category's score worked out by hand, the 24
targets, a blind played by hand on a fixed deck, runs lost and won, the reference's single
round, every refusal changing nothing, and hundreds of random runs' invariants."""

import copy
import random

import pytest

from pokerhdl.golden.balatro.game import (ACT_DISCARD, ACT_NEW_RUN, ACT_PLAY, ACT_SORT_RANK,
                                          ACT_SORT_SUIT, BIG, BOSS, MAX_HAND_SCORE, NO_HAND, OK,
                                          PHASE_LOST, PHASE_PLAYING, PHASE_TITLE, PHASE_WON,
                                          REF_EMPTY_SLOT, REF_NO_DISCARDS, REF_NOTHING_SELECTED,
                                          REF_RUN_OVER, REF_TOO_MANY, REFERENCE_ROUND, RESULT_TEXT,
                                          SMALL, BalatroGame, Rules, score_hand, shuffled_decks)
from pokerhdl.golden.cards import DECK
from pokerhdl.golden.hands import STRAIGHT, TWO_PAIR
from pokerhdl.golden.rng import XorShift128
from pokerhdl.golden.shuffle import shuffle
from balatro_checks import best_mask, cards, deck_of, mask, MOVE_WEIGHTS, MOVES, random_mask, SCORES


class Decks:
    """next_deck from a list of decks (then ascending decks), counting the calls."""

    def __init__(self, *decks):
        self.decks = list(decks)
        self.calls = 0
        self.last = None

    def __call__(self):
        self.calls += 1
        self.last = self.decks.pop(0) if self.decks else list(DECK)
        return self.last


@pytest.mark.parametrize("text, cat, chips, mult, score, flags", SCORES,
                         ids=[s[0].replace(" ", "") for s in SCORES])
def test_score_hand(text, cat, chips, mult, score, flags):
    s = score_hand(cards(text))
    assert (s.category, s.chips, s.mult, s.score, s.scoring) == (cat, chips, mult, score, flags)
    assert s.score == s.chips * s.mult


def test_best_hand_bounds_every_score():
    """The royal flush is the largest score (the score register is sized from it)."""
    assert score_hand(cards("Ts Js Qs Ks As")).score == MAX_HAND_SCORE == 1208
    rng = random.Random(11)
    for _ in range(3000):
        s = score_hand(rng.sample(DECK, rng.randint(1, 5)))
        assert 0 < s.score <= MAX_HAND_SCORE and s.score == s.chips * s.mult


def test_targets_of_all_24_blinds():
    assert Rules().targets == (300, 450, 600,           # ante 1: small x1, big x1.5, boss x2
                               800, 1200, 1600,
                               2000, 3000, 4000,
                               5000, 7500, 10000,
                               11000, 16500, 22000,
                               20000, 30000, 40000,
                               35000, 52500, 70000,
                               50000, 75000, 100000)   # ante 8
    r = Rules()
    assert (r.target(1, SMALL), r.target(4, BIG), r.target(8, BOSS)) == (300, 7500, 100000)
    assert r.max_score == 4 * 1208          # four royal flushes: the most a blind can show
    assert Rules(hands=200).max_score == 100000 - 1 + 1208
    assert REFERENCE_ROUND.targets == (300,)


def test_rules_checked():
    for bad in (dict(ante_bases=(300, 801)), dict(hand_size=9), dict(max_select=6),
                dict(hands=0), dict(discards=-1), dict(blinds_per_ante=4), dict(antes=9),
                dict(antes=2, ante_bases=(300, 0))):
        with pytest.raises(ValueError):
            Rules(**bad)
    assert Rules(blinds_per_ante=1, antes=1, ante_bases=(301,)).targets == (301,)


def test_a_blind_by_hand():
    """Sorts, a discard, three plays on a fixed deck; the straight wins the small blind and
    the big blind starts on the second deck."""
    deck1 = deck_of("Ah Kd 7c 7s 2h 9d Ac 4s" "Ad 7h 3c 5d" "Kh Ks Kc 2d 9s" "Qs Jd Tc 8h 6c"
                    "9h")
    deck2 = list(reversed(DECK))
    decks = Decks(deck1, deck2)
    g = BalatroGame(decks)
    assert g.observe() == dict(phase=PHASE_PLAYING, ante=1, blind=SMALL, target=300, score=0,
                               hands_left=4, discards_left=3,
                               hand=tuple(cards("Ah Kd 7c 7s 2h 9d Ac 4s")), deck_left=44,
                               result=OK, last_category=NO_HAND, last_chips=0, last_mult=0,
                               last_score=0)
    # rank descending, a tie by suit descending: 7s before 7c
    assert g.sort_rank() == OK and g.hand == cards("Ah Ac Kd 9d 7s 7c 4s 2h")
    # suit descending (spades, hearts, diamonds, clubs), then rank descending
    assert g.sort_suit() == OK and g.hand == cards("7s 4s Ah 2h Kd 9d Ac 7c")
    assert g.sort_rank() == OK and g.hand == cards("Ah Ac Kd 9d 7s 7c 4s 2h")
    assert (g.hands_left, g.discards_left, g.deck_left) == (4, 3, 44)
    # discard Kd 9d 4s 2h: the kept cards close up, four new ones follow in deal order
    assert g.discard(0b11001100) == OK
    assert g.hand == cards("Ah Ac 7s 7c Ad 7h 3c 5d")
    assert (g.hands_left, g.discards_left, g.deck_left, g.score) == (4, 2, 40, 0)
    # Ah Ac 7s 7c 3c: two pair, the three out: (20 + 11 + 11 + 7 + 7) x 2 = 112
    p = g.preview(mask(0, 1, 2, 3, 6))
    assert (p.name, p.chips, p.mult, p.score) == ("Two pair", 56, 2, 112)
    assert g.play(mask(0, 1, 2, 3, 6)) == OK
    assert g.hand == cards("Ad 7h 5d Kh Ks Kc 2d 9s")
    assert (g.score, g.hands_left, g.discards_left, g.deck_left) == (112, 3, 2, 35)
    assert (g.last_category, g.last_chips, g.last_mult, g.last_score) == (TWO_PAIR, 56, 2, 112)
    # Ad Kh Ks Kc 9s: three kings: (30 + 10 + 10 + 10) x 3 = 180; 112 + 180 = 292
    assert g.play(mask(0, 3, 4, 5, 7)) == OK
    assert g.hand == cards("7h 5d 2d Qs Jd Tc 8h 6c")
    assert (g.score, g.hands_left, g.deck_left, g.last_score) == (292, 2, 30, 180)
    # a one-card discard
    assert g.discard(mask(2)) == OK
    assert g.hand == cards("7h 5d Qs Jd Tc 8h 6c 9h")
    assert (g.discards_left, g.deck_left) == (1, 29)
    assert g.preview(mask(0)).score == 12                      # 7h alone: (5 + 7) x 1
    # Qs Jd Tc 8h 9h: straight: (30 + 10 + 10 + 10 + 8 + 9) x 4 = 308; 292 + 308 = 600 >= 300
    straight = mask(2, 3, 4, 5, 7)
    assert g.preview(straight).score == 308 and g.preview(straight).name == "Straight"
    assert decks.calls == 1
    assert g.play(straight) == OK
    assert decks.calls == 2
    assert g.observe() == dict(phase=PHASE_PLAYING, ante=1, blind=BIG, target=450, score=0,
                               hands_left=4, discards_left=3, hand=tuple(deck2[:8]),
                               deck_left=44, result=OK, last_category=STRAIGHT, last_chips=77,
                               last_mult=4, last_score=308)
    assert g.hand == cards("As Ah Ad Ac Ks Kh Kd Kc")


def test_run_lost_when_hands_run_out():
    """Four single twos on the default rules: 4 x (5 + 2) x 1 = 28, below 300."""
    decks = Decks()
    g = BalatroGame(decks)
    assert g.hand == cards("2c 2d 2h 2s 3c 3d 3h 3s")
    for n in range(4):
        assert g.phase == PHASE_PLAYING
        assert g.play(1) == OK and g.last_score == 7
    assert (g.phase, g.score, g.hands_left, g.ante, g.blind) == (PHASE_LOST, 28, 0, 1, SMALL)
    assert g.hand == cards("3c 3d 3h 3s 4c 4d 4h 4s")       # the last draw-up stays shown
    assert decks.calls == 1
    assert g.new_run() == OK and g.phase == PHASE_PLAYING and decks.calls == 2


def test_run_lost_when_the_cards_run_out():
    """One card in hand, 60 plays: after the 52nd the hand is empty and the blind lost, the sum
    of all 52 high cards: 52 x 5 + 4 x (2 + ... + 10 + 3 x 10 + 11) = 260 + 4 x 95 = 640."""
    r = Rules(hand_size=1, max_select=1, hands=60, discards=0, antes=1, blinds_per_ante=1,
              ante_bases=(100000,))
    g = BalatroGame(Decks(), r)
    for n in range(51):
        assert g.play(1) == OK
    assert (g.phase, len(g.hand), g.deck_left, g.hands_left) == (PHASE_PLAYING, 1, 0, 9)
    assert g.play(1) == OK
    assert (g.phase, g.hand, g.score, g.hands_left) == (PHASE_LOST, [], 640, 8)


def test_run_won_by_a_greedy_agent():
    """Two antes of small bases: the greedy agent clears all six blinds in order, a fresh
    deck each, then only a new run is accepted."""
    r = Rules(antes=2, ante_bases=(60, 100))
    decks = Decks(*[shuffle(seed) for seed in range(1, 20)])
    g = BalatroGame(decks, r)
    met = [(g.ante, g.blind, g.target)]
    while g.phase == PHASE_PLAYING:
        assert g.play(best_mask(g)) == OK
        if g.phase == PHASE_PLAYING and (g.ante, g.blind, g.target) != met[-1]:
            assert (g.score, g.hands_left, g.discards_left, g.deck_left) == (0, 4, 3, 44)
            assert list(g.hand) == decks.last[:8]
            met.append((g.ante, g.blind, g.target))
    assert g.phase == PHASE_WON and (g.ante, g.blind) == (2, BOSS)
    assert met == [(1, 0, 60), (1, 1, 90), (1, 2, 120), (2, 0, 100), (2, 1, 150), (2, 2, 200)]
    assert decks.calls == 6 and g.score >= 200
    for move in (lambda: g.play(1), lambda: g.discard(1), g.sort_rank, g.sort_suit):
        assert_refused(g, move, REF_RUN_OVER)
    assert g.new_run() == OK and (g.ante, g.blind, g.score) == (1, SMALL, 0)


def test_reference_single_round():
    """REFERENCE_ROUND: 4 plays and 4 discards, played out past the target, then over."""
    g = BalatroGame(Decks(deck_of("Ah Ac Ad As Kh Kc Kd Ks")), REFERENCE_ROUND)
    assert g.target == 300
    # four aces, the king out: (60 + 44) x 7 = 728 >= 300, yet the round goes on
    assert g.play(0b11111) == OK and g.score == 728
    assert (g.phase, g.hands_left) == (PHASE_PLAYING, 3)
    for n in range(4):
        assert g.discard(1) == OK
    assert_refused(g, lambda: g.discard(1), REF_NO_DISCARDS)
    assert g.hand == cards("2d 2h 2s 3c 3d 3h 3s 4c")
    for n in range(3):                      # three twos: 3 x (5 + 2) x 1 = 21
        assert g.play(1) == OK
    assert (g.phase, g.score, g.hands_left) == (PHASE_WON, 749, 0)
    g = BalatroGame(Decks(), REFERENCE_ROUND)
    for n in range(4):
        g.play(1)
    assert (g.phase, g.score) == (PHASE_LOST, 28)


def whole(g):
    """Every attribute but the result code (and the deck source, whose calls are counted)."""
    return {k: copy.deepcopy(v) for k, v in vars(g).items() if k not in ("result", "next_deck")}


def assert_refused(g, move, code):
    """The move is refused with this code, which is shown, and nothing else changes."""
    before, calls = whole(g), getattr(g.next_deck, "calls", None)
    assert move() == code
    assert g.result == code and g.observe()["result"] == code
    assert g.message == RESULT_TEXT[code]
    assert whole(g) == before and getattr(g.next_deck, "calls", None) == calls


def test_every_refusal_changes_nothing():
    g = BalatroGame(Decks())
    for m in (0, 0b111111, 0xFF):
        assert g.preview(m) is None
    assert_refused(g, lambda: g.play(0), REF_NOTHING_SELECTED)
    assert_refused(g, lambda: g.discard(0), REF_NOTHING_SELECTED)
    assert_refused(g, lambda: g.play(0b111111), REF_TOO_MANY)
    assert_refused(g, lambda: g.discard(0xFF), REF_TOO_MANY)
    assert g.play(1) == OK and g.result == OK
    for n in range(3):
        assert g.discard(mask(n, 7)) == OK
    assert_refused(g, lambda: g.discard(1), REF_NO_DISCARDS)
    assert_refused(g, lambda: g.discard(0), REF_NO_DISCARDS)        # before the selection
    with pytest.raises(ValueError):
        g.play(256)
    with pytest.raises(ValueError):
        g.discard(-1)
    # a hand of five: slots 5..7 hold no card; too many is told first
    g = BalatroGame(Decks(), Rules(hand_size=5, max_select=2))
    assert_refused(g, lambda: g.play(mask(5)), REF_EMPTY_SLOT)
    assert_refused(g, lambda: g.discard(mask(0, 7)), REF_EMPTY_SLOT)
    assert_refused(g, lambda: g.play(mask(0, 1, 2)), REF_TOO_MANY)
    assert_refused(g, lambda: g.play(mask(0, 6, 7)), REF_TOO_MANY)
    assert g.preview(mask(5)) is None and g.preview(mask(0, 4)).name == "High card"
    assert g.play(mask(0, 4)) == OK
    # the deck runs out: the hand gets smaller and its last slots empty
    r = Rules(discards=10, antes=1, blinds_per_ante=1, ante_bases=(100000,))
    g = BalatroGame(Decks(), r)
    for n in range(8):
        assert g.discard(0b11111) == OK
    assert (len(g.hand), g.deck_left) == (8, 4)
    assert g.discard(0b11111) == OK and (len(g.hand), g.deck_left) == (7, 0)
    assert g.hand == cards("Kd Kh Ks Ac Ad Ah As")        # 45..47 kept, then the last four
    assert_refused(g, lambda: g.play(mask(7)), REF_EMPTY_SLOT)
    assert g.discard(0b11111) == OK and g.hand == cards("Ah As")
    assert_refused(g, lambda: g.play(mask(2)), REF_EMPTY_SLOT)
    # after the run: only new_run, whatever the selection
    g = BalatroGame(Decks())
    for n in range(4):
        g.play(1)
    assert g.phase == PHASE_LOST and g.preview(1) is None
    for move in (lambda: g.play(1), lambda: g.play(0), lambda: g.discard(0xFF), g.sort_rank,
                 g.sort_suit, lambda: g.act(ACT_PLAY, 0b111111)):
        assert_refused(g, move, REF_RUN_OVER)
    assert g.act(ACT_NEW_RUN) == OK and g.phase == PHASE_PLAYING
    with pytest.raises(ValueError):
        g.act(9)


@pytest.mark.parametrize("action", [ACT_PLAY, ACT_DISCARD, ACT_SORT_RANK, ACT_SORT_SUIT,
                                    ACT_NEW_RUN])
def test_title_deals_nothing_until_the_first_move(action):
    """On the title (the board's power-on) no deck is taken; the first move, whatever it is,
    starts the run exactly as a game dealt at once, and answers OK."""
    decks = Decks()
    g = BalatroGame(decks, title=True)
    assert decks.calls == 0
    assert g.observe() == dict(phase=PHASE_TITLE, ante=1, blind=SMALL, target=300, score=0,
                               hands_left=0, discards_left=0, hand=(), deck_left=0, result=OK,
                               last_category=NO_HAND, last_chips=0, last_mult=0, last_score=0)
    if action in (ACT_PLAY, ACT_DISCARD):
        with pytest.raises(ValueError):
            g.act(action, 256)                  # a mask no switches make: still not a move
        assert decks.calls == 0 and g.phase == PHASE_TITLE
    assert g.act(action, 0b1) == OK and decks.calls == 1
    assert g.observe() == BalatroGame(Decks()).observe()
    assert g.phase == PHASE_PLAYING and g.act(action, 0b1) in (OK, REF_NO_DISCARDS)


def test_bad_decks_rejected():
    for deck in (list(DECK)[:51], list(DECK)[:51] + [0], list(DECK)[:51] + [63]):
        with pytest.raises(ValueError):
            BalatroGame(lambda: deck)


def test_shuffled_decks_are_the_shufflers():
    g = BalatroGame(shuffled_decks(XorShift128(5)))
    assert g.hand == shuffle(5)[:8]


class Source:
    """Random decks from the hardware's shuffler, remembering the last."""

    def __init__(self, seed):
        self.deal = shuffled_decks(XorShift128(seed))
        self.last = None
        self.calls = 0

    def __call__(self):
        self.calls += 1
        self.last = self.deal()
        return self.last


RANDOM_RULES = {
    "default": Rules(),
    "small": Rules(antes=3, ante_bases=(20, 40, 60)),
    "cards-run-out": Rules(hands=9, discards=8, hand_size=6, antes=2, ante_bases=(400, 600)),
    "reference": REFERENCE_ROUND,
}


@pytest.mark.parametrize("name", list(RANDOM_RULES))
def test_random_runs(name):
    """Random moves over random decks: refusals change nothing, the hand never repeats a card,
    hand + deck + spent are the 52 cards, the score never falls within a blind, a play adds its
    preview, every run ends within its blinds' plays and discards, new_run gives a clean run."""
    rules = RANDOM_RULES[name]
    rng = random.Random(name)
    source = Source(rng.getrandbits(128) or 1)
    blinds = rules.antes * rules.blinds_per_ante
    ends = {PHASE_WON: 0, PHASE_LOST: 0}
    for run in range(120):
        g = BalatroGame(source, rules)
        spent_moves = 0                 # accepted plays and discards since the run began
        for step in range(400):
            if g.phase != PHASE_PLAYING:
                break
            before, blind, calls = whole(g), (g.ante, g.blind), source.calls
            action = rng.choices(MOVES, weights=MOVE_WEIGHTS)[0]
            m = random_mask(rng, g)
            preview = g.preview(m)
            code = g.act(action, m)
            if code != OK:
                assert whole(g) == before and source.calls == calls
                assert action in (ACT_PLAY, ACT_DISCARD) and g.result == code
                assert preview is None or action == ACT_DISCARD
                continue
            if action == ACT_NEW_RUN:
                assert g.observe() == BalatroGame(lambda: source.last, rules).observe()
                spent_moves = 0
                continue
            assert sorted(g.hand) == sorted(before["hand"]) or action in (ACT_PLAY, ACT_DISCARD)
            if action == ACT_SORT_RANK:
                assert g.hand == sorted(g.hand, reverse=True)
            if action == ACT_SORT_SUIT:
                assert [(c & 3, c >> 2) for c in g.hand] == \
                    sorted(((c & 3, c >> 2) for c in g.hand), reverse=True)
            if action in (ACT_PLAY, ACT_DISCARD):
                spent_moves += 1
            if action == ACT_PLAY:
                assert g.last_score == preview.score
                if (g.ante, g.blind) == blind:
                    assert g.score == before["score"] + preview.score
            s = g.snapshot()
            assert len(set(g.hand)) == len(g.hand)
            assert len(s["spent"]) + len(g.hand) + g.deck_left == 52
            assert set(s["spent"]) | set(g.hand) | set(s["deck"][s["dealt"]:]) == set(DECK)
            assert g.score >= (before["score"] if (g.ante, g.blind) == blind else 0)
        assert g.phase != PHASE_PLAYING, "a run that never ends"
        assert spent_moves <= blinds * (rules.hands + rules.discards)
        ends[g.phase] += 1
        for move in (lambda: g.play(1), lambda: g.discard(1), g.sort_rank):
            assert_refused(g, move, REF_RUN_OVER)
        assert g.new_run() == OK
        assert g.observe() == BalatroGame(lambda: source.last, rules).observe()
    assert ends[PHASE_LOST] > 0
    if name == "small":
        assert ends[PHASE_WON] > 0
