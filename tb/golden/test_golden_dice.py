"""The golden 7 up 7 down (golden/dice/game.py, dice/terminal.py): the rules at their edges, every
throw outcome, refusals that change nothing, whole games' invariants, and the fair dice's
twin by chi-square."""

import copy
import random
from collections import Counter
from itertools import product

import pytest

from pokerhdl.golden.dice.game import (DRAW, FACES, MIN_BID, OK, PHASE_BID, PHASE_OVER,
                                       PHASE_THROW, REF_BID_NEXT, REF_GAME_OVER, REF_OVER_LIMIT,
                                       REF_THROW_NEXT, REF_UNDER_LEAST, DiceGame, Rules, roll_die,
                                       roll_dice)
from pokerhdl.golden.dice.contract import W, panel_leds, window_reads
from pokerhdl.golden.dice.terminal import DiceTerminal
from pokerhdl.golden.rng import XorShift128


def state(game):
    return copy.deepcopy(vars(game))


def test_sums_of_two_dice():
    """Of the 36 throws, 15 sum above 7, 6 to 7 and 15 below (the classic 2d6 table)."""
    sums = Counter(a + b for a, b in product(range(1, 7), repeat=2))
    assert [sums[s] for s in range(2, 13)] == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    assert sum(sums[s] for s in range(8, 13)) == 15 and sums[7] == 6


@pytest.mark.parametrize("first", [0, 1])
def test_every_throw_outcome(first):
    """All 36 throws x both guesses of both players x a higher, lower and equal second bid,
    with either player bidding first: who takes what, written out from the rules' text."""
    for (d1, d2), up_a, up_b, order in product(product(range(1, 7), repeat=2), (0, 1), (0, 1),
                                               ("higher", "lower", "equal")):
        g = DiceGame()
        if first:
            g.bid(10, 1), g.bid(10, 1), g.throw(1, 1)           # round 1 spent: P2 opens
        a, b = first, 1 - first
        bid_a = 40
        bid_b = {"higher": 60, "lower": 20, "equal": 40}[order]
        before = list(g.purses)
        assert g.bid(bid_a, up_a) == OK and g.bid(bid_b, up_b) == OK
        deposits = [0, 0]
        deposits[a], deposits[b] = bid_a // 4, bid_b // 4
        assert g.throw(d1, d2) == OK
        total = d1 + d2
        bids = {a: bid_a, b: bid_b}
        ups = {a: up_a, b: up_b}
        gain, took = [0, 0], [False, False]
        for p in (a, b):
            if total == 7:
                wins = bids[p] > bids[1 - p]
            elif total > 7:
                wins = ups[p] == 1
            else:
                wins = ups[p] == 0
            took[p] = wins
            if wins:
                gain[p] += bids[p]
                gain[1 - p] -= bids[p]
        assert g.purses == [before[p] - deposits[p] + gain[p] for p in (0, 1)], \
            (d1, d2, up_a, up_b, order)
        assert g.takes == took


def fresh(purses, first=0):
    """A game at round 1 with these purses (the pool holds the rest) and this first bidder."""
    g = DiceGame()
    g.purses, g.first, g.bidder = list(purses), first, first
    g.pool = g.rules.total - sum(purses)
    return g


@pytest.mark.parametrize("first", [0, 1])
def test_first_bid_limits(first):
    me, other = first, 1 - first
    # bounded by the other's purse
    purses = [0, 0]
    purses[me], purses[other] = 900, 50
    g = fresh(purses, first)
    assert g.limit() == 50
    assert g.bid(51, 1) == REF_OVER_LIMIT and g.bid(50, 1) == OK
    # bounded by the deposit the bidder can pay: floor(bid / 4) <= purse, so 4 purse + 3
    purses[me], purses[other] = 5, 1000
    g = fresh(purses, first)
    assert g.limit() == 23
    assert g.bid(24, 0) == REF_OVER_LIMIT and g.bid(23, 0) == OK
    assert g.purses[me] == 0 and g.pool == 2016 - 1005 + 5
    # bounded by the most a bid can be
    purses[me], purses[other] = 1000, 1000
    assert fresh(purses, first).limit() == 127


@pytest.mark.parametrize("first", [0, 1])
def test_second_bid_limits(first):
    a, b = first, 1 - first
    purses = [0, 0]
    purses[a], purses[b] = 48, 1000
    g = fresh(purses, first)
    assert g.bid(40, 1) == OK                    # a's purse now 48 - 10 = 38
    assert g.limit() == 38
    before = state(g)
    assert g.bid(39, 0) == REF_OVER_LIMIT and state(g) == before
    assert g.bid(38, 0) == OK and g.phase == PHASE_THROW
    # the second bidder's deposit is payable from its purse minus the first bid
    purses[a], purses[b] = 1000, 50
    g = fresh(purses, first)
    assert g.bid(45, 1) == OK                    # b keeps 5 beyond a's bid: 4 * 5 + 3
    assert g.limit() == 23
    assert g.bid(24, 1) == REF_OVER_LIMIT and g.bid(23, 1) == OK
    assert g.purses[b] == 50 - 5


def test_least_bid_and_small_limits():
    g = fresh([1000, 3])                          # P1 may bid at most 3: then 3 is the least
    assert g.limit() == 3 and g.least() == 3
    assert g.bid(2, 1) == REF_UNDER_LEAST and g.bid(3, 1) == OK and g.pool == 2016 - 1003
    g = DiceGame()
    assert g.least() == MIN_BID and g.bid(MIN_BID - 1, 1) == REF_UNDER_LEAST
    assert g.bid(0, 1) == REF_UNDER_LEAST and g.bid(MIN_BID, 1) == OK
    # a first bidder who empties its purse with the deposit: the second bid's limit is 0
    g = fresh([2, 1000])
    assert g.bid(8, 1) == OK and g.purses[0] == 0
    assert g.limit() == 0 and g.least() == 0 and g.bid(1, 0) == REF_OVER_LIMIT
    assert g.bid(0, 0) == OK


def test_phase_refusals_change_nothing():
    g = DiceGame()
    before = state(g)
    assert g.throw(3, 4) == REF_BID_NEXT and state(g) == before
    g.bid(20, 1), g.bid(20, 0)
    before = state(g)
    assert g.bid(20, 1) == REF_THROW_NEXT and state(g) == before
    g.phase = PHASE_OVER
    before = state(g)
    assert g.bid(20, 1) == REF_GAME_OVER and g.throw(1, 2) == REF_GAME_OVER
    assert state(g) == before
    with pytest.raises(ValueError):
        g.throw(0, 7)


def test_a_game_by_hand():
    """A short game on small purses, every figure worked out by hand."""
    g = DiceGame(Rules(purse=30))
    assert g.bid(30, 1) == OK                    # P1: deposit 7, purses 23 / 30, pool 7
    assert (g.purses, g.pool) == ([23, 30], 7)
    assert g.limit() == 3                        # min(P1's 23, 4 * (30 - 30) + 3): P2 keeps 30
    assert g.bid(3, 0) == OK                     # deposit 0
    assert g.throw(6, 5) == OK                   # 11: P1 (up) takes 30 from P2
    # P2 is empty: P1 wins and takes the pool, 23 + 30 + 7
    assert g.purses == [60, 0] and g.pool == 0 and g.phase == PHASE_OVER and g.winner == 0


def test_round_limit_draw_and_win():
    g = DiceGame(Rules(max_rounds=2))
    g.bid(4, 1), g.bid(4, 1), g.throw(3, 4)       # 7, equal bids: nothing moves
    assert (g.round, g.first, g.bidder, g.phase) == (2, 1, 1, PHASE_BID)
    g.bid(4, 0), g.bid(4, 0), g.throw(3, 4)
    assert g.phase == PHASE_OVER and g.winner == DRAW and g.purses == [1008, 1008]
    assert g.pool == 0
    g = DiceGame(Rules(max_rounds=1))
    g.bid(40, 1), g.bid(20, 1), g.throw(6, 6)      # both take: P1 +40 -20
    assert g.winner == 0 and g.purses == [1008 - 10 + 20 + 15, 1008 - 5 - 20]


def random_move(rng, g):
    if rng.random() < 0.05:
        return "throw", g.throw(rng.randint(1, 6), rng.randint(1, 6))
    if g.phase == PHASE_THROW:
        return "throw", g.throw(rng.randint(1, 6), rng.randint(1, 6))
    limit, least = (g.limit(), g.least()) if g.phase == PHASE_BID else (127, 0)
    amount = rng.choice([least, limit, limit + 1, max(least - 1, 0), rng.randint(least, limit),
                         rng.randint(0, 255)])
    return "bid", g.bid(amount, rng.random() < 0.5)


@pytest.mark.parametrize("rules", [Rules(), Rules(purse=40, max_rounds=30)], ids=["1008", "40"])
def test_random_games(rules):
    """Whole games of random moves: the units are conserved, purses never negative, refusals
    change nothing, every game ends within the round limit with a winner or a draw."""
    rng = random.Random(7)
    lengths, ends = [], Counter()
    for _ in range(300):
        g = DiceGame(rules)
        while g.phase != PHASE_OVER:
            before = state(g)
            kind, code = random_move(rng, g)
            if code != OK:
                assert state(g) == before
            assert sum(g.purses) + g.pool == rules.total and min(g.purses) >= 0
            assert g.round <= rules.max_rounds
        assert g.winner in (0, 1, DRAW) and g.pool == 0
        assert g.winner == DRAW or 0 in g.purses or g.round == rules.max_rounds
        lengths.append(g.round)
        ends[g.winner] += 1
    assert ends[0] and ends[1]


def test_window_and_leds_predictions():
    g = DiceGame()
    g.bid(40, 1)
    reads = window_reads(g, OK)
    assert reads[W["purse"]] == 998 and reads[W["pool"]] == 10 and reads[W["bidder"]] == 1
    assert reads[W["deposit"]] == 10 and reads[W["up"]] == 1 and reads[W["limit"]] == 127
    assert panel_leds(g, 0) == 0b10 | 0b0100 | 1 << 10
    g.bid(20, 0)
    assert panel_leds(g, 5) == 0b11 | 0b0100 | 1 << 15


def test_fair_dice_chi_square():
    """60,000 throws of the twin: faces and sums within chi-square bounds at p = 0.001
    (20.52 for 5 degrees of freedom, 29.59 for 10); about 4/3 words a die."""
    rng = XorShift128(0x1234_5678_9ABC_DEF0_0FED_CBA9_8765_4321)
    n = 60_000
    faces, sums = Counter(), Counter()
    for _ in range(n):
        a, b = roll_dice(rng)
        faces[a] += 1
        faces[b] += 1
        sums[a + b] += 1
    assert set(faces) == set(range(1, FACES + 1))
    expect = 2 * n / 6
    chi_faces = sum((faces[f] - expect) ** 2 / expect for f in range(1, 7))
    ways = Counter(a + b for a, b in product(range(1, 7), repeat=2))
    chi_sums = sum((sums[s] - n * ways[s] / 36) ** 2 / (n * ways[s] / 36) for s in range(2, 13))
    assert chi_faces < 20.52 and chi_sums < 29.59, (chi_faces, chi_sums)

    class Counting(XorShift128):
        taken = 0

        def next(self):
            self.taken += 1
            return super().next()
    counter = Counting(99)
    for _ in range(30_000):
        roll_die(counter)
    assert abs(counter.taken / 30_000 - 4 / 3) < 0.02


def test_die_rejects_top_values():
    """A word whose top three bits are 6 or 7 is skipped, never folded into a face."""
    class Words:
        def __init__(self, words):
            self.words = iter(words)

        def next(self):
            return next(self.words)
    assert roll_die(Words([7 << 29, 6 << 29 | 12345, 5 << 29])) == 6
    assert roll_die(Words([0x1FFF_FFFF])) == 1


def test_terminal_text():
    """A short session's text, written out by hand."""
    dice = iter([(4, 5), (3, 4)])
    t = DiceTerminal(roll=lambda: next(dice))
    assert t.boot() == ("7 up 7 down: u<n> d<n> t s n\r\nP1 1008  P2 1008  pool 0\r\n"
                        "round 1: P1 bids 4..127\r\n")
    assert t.key("t") == "! bid first\r\n"
    assert "".join(t.key(c) for c in "U40\r") == ("U40\r\nP1 bids 40 up, deposit 10\r\n"
                                                  "P1 998  P2 1008  pool 10\r\n"
                                                  "round 1: P2 bids 4..127\r\n")
    assert "".join(t.key(c) for c in "d3\r") == "d3\r\n! bid under the least\r\n"
    assert t.press("center", 0x80 | 20) == ("P2 bids 20 up, deposit 5\r\n"
                                           "P1 998  P2 1003  pool 15\r\n"
                                           "round 1: throw\r\n")
    assert t.press("center") == ("dice 4 5: 9\r\nP1 takes 40\r\nP2 takes 20\r\n"
                                 "P1 1018  P2 983  pool 15\r\nround 2: P2 bids 4..127\r\n")
    t.press("center", 10), t.press("center", 10)
    assert t.press("center") == ("dice 3 4: 7\r\nno one takes\r\n"
                                 "P1 1016  P2 981  pool 19\r\nround 3: P1 bids 4..127\r\n")
    assert t.key("x") == "! unknown key\r\n"
    assert t.press("right") == ("new game\r\nP1 1008  P2 1008  pool 0\r\n"
                                "round 1: P1 bids 4..127\r\n")
