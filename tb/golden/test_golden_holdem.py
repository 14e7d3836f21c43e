"""The golden Hold'em table (pokerhdl.golden.holdem.table): hand-made rule cases, an independent
settlement oracle, and random games with invariants checked after every input. Plain pytest."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from pokerhdl.golden.cards import NO_CARD, parse_cards
from pokerhdl.golden.hands import describe, rank_best
from pokerhdl.golden.holdem.table import (ALLIN, BET, BOARD_SIZE, CALL, CHECK, FOLD, NO_SEAT, OK,
                                          PHASE_BETTING, PHASE_GAME_OVER, PHASE_READY, RAISE,
                                          REF_BAD_ACTION, REF_BELOW_MIN, REF_BET_FACING_BET,
                                          REF_CHECK_FACING_BET, REF_GAME_OVER,
                                          REF_HAND_IN_PROGRESS, REF_HAND_OVER, REF_NO_BET_TO_RAISE,
                                          REF_NOTHING_TO_CALL, REF_NOT_YOUR_TURN, REF_OVER_STACK,
                                          REF_RAISE_CLOSED, REF_TOO_FEW_SEATS, SHOWDOWN, FLOP, PREFLOP, RIVER, TURN,
                                          Table)
from pokerhdl.golden.holdem.play import RandomAgent, play_game, shuffled_deck
from pokerhdl.golden.holdem.text import render_table
from pokerhdl.golden.holdem.pots import settle


# --------------------------------------------------------------------------- helpers
def deal_order(n, dealer, busted):
    """Seats that get cards, in the documented order: starting left of the dealer."""
    return [s for s in ((dealer + i) % n for i in range(1, n + 1)) if not busted[s]]


def stacked_deck(n, dealer, holes, board, busted=None):
    """A deck that deals ``holes`` {seat: "AhKh"} and ``board`` (5 cards) per the deal order."""
    order = deal_order(n, dealer, busted or [False] * n)
    k = len(order)
    deck = [None] * (2 * k) + parse_cards(board)
    for j, seat in enumerate(order):
        deck[j], deck[k + j] = parse_cards(holes[seat])
    return deck + [c for c in range(52) if c not in deck]


def moves(table, *steps):
    for seat, action, *amount in steps:
        code = table.act(seat, action, *amount)
        assert code == OK, (seat, action, amount, code)


def refused(table, seat, action, amount, code):
    before = table.snapshot()
    assert table.act(seat, action, amount) == code
    assert table.snapshot() == before


def peel_payouts(committed, live, words, dealer):
    """Independent settlement: repeatedly peel the smallest live remaining contribution off
    every seat into a pot for the live seats still in it."""
    n = len(committed)
    rest, pay = list(committed), [0] * n
    order = [(dealer + 1 + i) % n for i in range(n)]
    while any(rest):
        in_play = [i for i in range(n) if live[i] and rest[i] > 0]
        assert in_play, "folded chips above every live contribution"
        m = min(rest[i] for i in in_play)
        pot = sum(min(r, m) for r in rest)
        rest = [r - min(r, m) for r in rest]
        best = max(words[i] for i in in_play) if len(in_play) > 1 else None
        winners = [i for i in order if i in in_play and (best is None or words[i] == best)]
        for j, w in enumerate(winners):
            pay[w] += pot // len(winners) + (1 if j < pot % len(winners) else 0)
    return pay


# ------------------------------------------------------------------ deal order, blinds, turn
def test_deal_order_four_players():
    t = Table(4)
    assert t.start_hand(list(range(52))) == OK
    # dealer 0: cards go to 1, 2, 3, 0, then again; board follows with no burns
    assert [t.hole[s] for s in (1, 2, 3, 0)] == [[0, 4], [1, 5], [2, 6], [3, 7]]
    assert t.board == [NO_CARD] * 5
    moves(t, (3, CALL), (0, CALL), (1, CALL), (2, CHECK))
    assert t.street == FLOP and t.board[:3] == [8, 9, 10] and t.board[3:] == [NO_CARD] * 2
    moves(t, (1, CHECK), (2, CHECK), (3, CHECK), (0, CHECK))
    assert t.street == TURN and t.board[3] == 11
    moves(t, (1, CHECK), (2, CHECK), (3, CHECK), (0, CHECK))
    assert t.street == RIVER and t.board[4] == 12


def test_deal_order_heads_up_and_busted_seat_skipped():
    t = Table(2)
    t.start_hand(list(range(52)))
    assert t.hole[1] == [0, 2] and t.hole[0] == [1, 3]     # big blind gets the first card
    t = Table(3, stacks=[100, 100, 100])
    t.busted = [False, True, False]                         # seat 1 out
    t.stacks = [150, 0, 150]
    assert t.start_hand(list(range(52))) == OK
    assert t.hole[1] == [NO_CARD, NO_CARD] and t.folded[1]
    assert t.hole[2] == [0, 2] and t.hole[0] == [1, 3]


def test_heads_up_blinds_and_order():
    t = Table(2)
    t.start_hand(shuffled_deck(random.Random(1)))
    # the dealer posts the small blind and acts first preflop
    assert (t.dealer, t.sb_seat, t.bb_seat, t.to_act) == (0, 0, 1, 0)
    assert t.street_bet == [5, 10] and t.to_call == 5 and t.min_raise_to == 20
    moves(t, (0, CALL))
    assert t.to_act == 1 and t.to_call == 0            # the big blind's option
    moves(t, (1, CHECK))
    assert t.street == FLOP and t.to_act == 1          # postflop the dealer acts last
    moves(t, (1, CHECK), (0, BET, 10), (1, FOLD))
    assert t.phase == PHASE_READY and t.stacks == [1010, 990]
    t.start_hand(shuffled_deck(random.Random(2)))
    assert (t.dealer, t.sb_seat, t.bb_seat, t.to_act) == (1, 1, 0, 1)


def test_ring_blinds_and_order():
    t = Table(4, first_dealer=2)
    t.start_hand(shuffled_deck(random.Random(3)))
    assert (t.dealer, t.sb_seat, t.bb_seat, t.to_act) == (2, 3, 0, 1)
    moves(t, (1, CALL), (2, CALL), (3, CALL))
    assert t.to_act == 0 and t.to_call == 0             # big blind option
    moves(t, (0, RAISE, 30), (1, CALL), (2, FOLD), (3, CALL))
    assert t.street == FLOP and t.to_act == 3           # first live seat left of the dealer
    t = Table(3)
    t.start_hand(shuffled_deck(random.Random(4)))
    assert (t.sb_seat, t.bb_seat, t.to_act) == (1, 2, 0)   # three-handed: the dealer is first


def test_button_skips_busted_and_heads_up_rule_after_bust():
    t = Table(3, stacks=[100, 100, 100])
    deck = stacked_deck(3, 0, {0: "AhAd", 1: "7c2d", 2: "KsKd"}, "3h8d9sJc4h")
    t.start_hand(deck)
    moves(t, (0, ALLIN), (1, ALLIN), (2, FOLD))
    assert t.phase == PHASE_READY and t.busted == [False, True, False]
    assert t.stacks == [210, 0, 90]
    t.start_hand(shuffled_deck(random.Random(5)))
    # button from 0 skips busted seat 1; heads-up now, so the dealer posts the small blind
    assert (t.dealer, t.sb_seat, t.bb_seat, t.to_act) == (2, 2, 0, 2)
    assert t.folded[1] and t.hole[1] == [NO_CARD, NO_CARD]


# --------------------------------------------------------------------------- betting rules
def test_refusals_change_nothing():
    t = Table(4)
    refused(t, 0, CALL, 0, REF_HAND_OVER)               # before the first deal
    t.start_hand(shuffled_deck(random.Random(6)))
    assert t.start_hand(shuffled_deck(random.Random(7))) == REF_HAND_IN_PROGRESS
    refused(t, 0, CALL, 0, REF_NOT_YOUR_TURN)
    refused(t, 9, CALL, 0, REF_NOT_YOUR_TURN)
    refused(t, 3, 6, 0, REF_BAD_ACTION)
    refused(t, 3, -1, 0, REF_BAD_ACTION)
    refused(t, 3, CHECK, 0, REF_CHECK_FACING_BET)
    refused(t, 3, BET, 20, REF_BET_FACING_BET)          # the big blind is a bet
    refused(t, 3, RAISE, 1011, REF_OVER_STACK)
    refused(t, 3, RAISE, 19, REF_BELOW_MIN)
    refused(t, 3, RAISE, 10, REF_BELOW_MIN)
    moves(t, (3, CALL), (0, CALL), (1, CALL))
    refused(t, 2, CALL, 0, REF_NOTHING_TO_CALL)
    moves(t, (2, CHECK))
    refused(t, 1, RAISE, 20, REF_NO_BET_TO_RAISE)
    refused(t, 1, BET, 9, REF_BELOW_MIN)
    refused(t, 1, BET, 991, REF_OVER_STACK)
    moves(t, (1, BET, 10))


def test_min_raise():
    t = Table(4)
    t.start_hand(shuffled_deck(random.Random(8)))
    refused(t, 3, RAISE, 19, REF_BELOW_MIN)
    moves(t, (3, RAISE, 20))
    assert (t.current_bet, t.min_raise, t.min_raise_to) == (20, 10, 30)
    refused(t, 0, RAISE, 29, REF_BELOW_MIN)
    moves(t, (0, RAISE, 60))                             # a raise of 40
    assert (t.current_bet, t.min_raise, t.min_raise_to) == (60, 40, 100)
    refused(t, 1, RAISE, 99, REF_BELOW_MIN)
    moves(t, (1, RAISE, 100), (2, FOLD), (3, CALL), (0, CALL))
    assert t.street == FLOP and (t.current_bet, t.min_raise) == (0, 10)   # reset per street
    refused(t, 1, BET, 9, REF_BELOW_MIN)
    moves(t, (1, BET, 25))
    refused(t, 3, RAISE, 49, REF_BELOW_MIN)
    moves(t, (3, RAISE, 50))


def flop_with_short_stacks():
    """Four seats, dealer 0; everyone limps; on the flop seat 2 has 150 and seat 3 has 220."""
    t = Table(4, stacks=[1000, 1000, 160, 230])
    t.start_hand(shuffled_deck(random.Random(9)))
    moves(t, (3, CALL), (0, CALL), (1, CALL), (2, CHECK))
    assert t.street == FLOP and t.to_act == 1
    return t


def test_short_all_in_does_not_reopen():
    t = flop_with_short_stacks()
    moves(t, (1, BET, 100), (2, ALLIN))                  # 150: a short raise of 50
    assert (t.current_bet, t.min_raise, t.min_raise_to) == (150, 100, 250)
    assert t.legal().can_raise                           # seat 3 has not acted: may raise
    moves(t, (3, CALL), (0, CALL))
    assert t.to_act == 1 and not t.legal().can_raise
    refused(t, 1, RAISE, 250, REF_RAISE_CLOSED)
    refused(t, 1, ALLIN, 0, REF_RAISE_CLOSED)
    moves(t, (1, CALL))
    assert t.street == TURN


def test_short_all_in_open_for_seats_yet_to_act():
    t = flop_with_short_stacks()
    moves(t, (1, BET, 100), (2, ALLIN), (3, CALL), (0, RAISE, 250))
    assert t.min_raise == 100 and t.to_act == 1 and t.legal().can_raise   # a full raise reopens
    moves(t, (1, RAISE, 400))


def test_short_all_ins_adding_up_to_a_full_raise_reopen():
    t = flop_with_short_stacks()
    moves(t, (1, BET, 100), (2, ALLIN), (3, ALLIN), (0, CALL))  # 150 then 220: +120 over 100
    assert (t.current_bet, t.min_raise, t.to_act) == (220, 100, 1)
    refused(t, 1, RAISE, 319, REF_BELOW_MIN)
    moves(t, (1, RAISE, 320))
    assert t.to_act == 0 and t.legal().can_raise        # seat 0 faces a full raise


def test_short_all_in_bet_after_a_check_does_not_reopen():
    t = Table(3, stacks=[1000, 1000, 15])
    t.start_hand(shuffled_deck(random.Random(16)))
    moves(t, (0, CALL), (1, CALL), (2, CHECK), (1, CHECK))
    moves(t, (2, BET, 5))                                # all-in bet below the big blind
    assert (t.current_bet, t.min_raise, t.min_raise_to) == (5, 10, 15)
    assert t.legal().can_raise                           # seat 0 has not acted
    refused(t, 0, RAISE, 14, REF_BELOW_MIN)
    moves(t, (0, CALL))
    refused(t, 1, RAISE, 15, REF_RAISE_CLOSED)           # seat 1 checked: not a full bet
    moves(t, (1, CALL))
    assert t.street == TURN


def test_no_raise_when_nobody_can_answer():
    t = Table(2, stacks=[1000, 300])
    t.start_hand(shuffled_deck(random.Random(10)))
    moves(t, (0, RAISE, 100), (1, ALLIN))                # 300: seat 0 may only call or fold
    refused(t, 0, RAISE, 800, REF_RAISE_CLOSED)
    refused(t, 0, ALLIN, 0, REF_RAISE_CLOSED)
    moves(t, (0, CALL))
    # nobody can act any more: the board runs out and the hand is over
    assert t.phase != PHASE_BETTING and t.street == SHOWDOWN and NO_CARD not in t.board
    assert t.committed == [300, 300] and t.result.refund == (0, 0)
    t = Table(2, stacks=[1000, 300])
    t.start_hand(shuffled_deck(random.Random(10)))
    moves(t, (0, RAISE, 500), (1, CALL))                 # all-in call for less: nothing to do
    assert t.phase != PHASE_BETTING and t.result.refund == (200, 0)


def test_all_in_for_less_than_a_call_and_a_raise():
    t = Table(3, stacks=[1000, 1000, 45])
    t.start_hand(shuffled_deck(random.Random(11)))
    moves(t, (0, RAISE, 60), (1, FOLD), (2, CALL))       # BB calls 35 more: all-in for less
    assert t.all_in[2] and t.committed[2] == 45 and t.phase != PHASE_BETTING
    assert t.result.refund == (15, 0, 0)
    t = Table(3, stacks=[1000, 1000, 18])
    t.start_hand(shuffled_deck(random.Random(12)))
    moves(t, (0, CALL), (1, CALL))
    refused(t, 2, RAISE, 19, REF_OVER_STACK)
    moves(t, (2, RAISE, 18))                             # below the minimum 20, but all-in
    assert t.all_in[2] and (t.current_bet, t.min_raise, t.to_act) == (18, 10, 0)
    assert not t.legal().can_raise                       # 0 already acted, +8 is no full raise
    refused(t, 0, RAISE, 28, REF_RAISE_CLOSED)
    moves(t, (0, CALL), (1, CALL))
    assert t.street == FLOP



def test_short_blinds_post_all_in():
    t = Table(3, stacks=[1000, 3, 7])
    deck = stacked_deck(3, 0, {0: "7c2d", 1: "AhAd", 2: "KsKd"}, "3h8d9sJc4h")
    t.start_hand(deck)
    assert t.street_bet == [0, 3, 7] and t.all_in == [False, True, True]
    assert t.current_bet == 10 and t.to_call == 10       # the full big blind is the bet to call
    moves(t, (0, CALL))                                  # nobody else can act: run out
    assert t.result.showdown and t.result.refund == (3, 0, 0)
    assert [(p.amount, p.eligible, p.winners) for p in t.result.pots] == \
        [(9, (0, 1, 2), (1,)), (8, (0, 2), (2,))]
    assert t.stacks == [993, 9, 8]
    t = Table(2, stacks=[3, 100])
    t.start_hand(shuffled_deck(random.Random(13)))       # dealer posts 3 all-in: no decisions
    assert t.phase != PHASE_BETTING and t.result.refund == (0, 7)
    assert sum(t.stacks) == 103


# --------------------------------------------------------------------------- settlement
def test_three_way_all_in_side_pots():
    def run(holes):
        t = Table(3, stacks=[600, 100, 300])
        t.start_hand(stacked_deck(3, 0, holes, "3h8d9sJc4h"))
        moves(t, (0, ALLIN), (1, CALL), (2, CALL))
        assert t.all_in == [True, True, True] and t.street == SHOWDOWN
        return t
    t = run({0: "7c2d", 1: "AsAd", 2: "KsKd"})          # shortest best, middle second
    r = t.result
    assert r.refund == (300, 0, 0)
    assert [(p.amount, p.eligible, p.winners) for p in r.pots] == \
        [(300, (0, 1, 2), (1,)), (400, (0, 2), (2,))]
    assert r.payout == (300, 300, 400) and t.stacks == [300, 300, 400]
    assert r.descriptions[1] == "Pair of aces" and r.winners == (1, 2)
    t = run({0: "AsAd", 1: "7c2d", 2: "KsKd"})          # biggest stack best: takes everything
    assert t.stacks == [1000, 0, 0] and t.phase == PHASE_GAME_OVER and t.game_winner == 0
    t = run({0: "7c2d", 1: "KsKd", 2: "AsAd"})          # middle best: main and side pots
    assert t.stacks == [300, 0, 700] and t.busted == [False, True, False]


def test_split_pot_odd_chip_and_folded_chips():
    # dealer 0, SB 1 folds 5 chips into the pot holding the best cards; 0 and 2 tie on the board
    t = Table(3)
    t.start_hand(stacked_deck(3, 0, {0: "2c3d", 1: "AsKs", 2: "4c5d"}, "AhKhQhJhTh"))
    moves(t, (0, CALL), (1, FOLD), (2, CHECK))
    for _ in range(3):
        moves(t, (2, CHECK), (0, CHECK))
    r = t.result
    assert [(p.amount, p.eligible, p.winners) for p in r.pots] == [(25, (0, 2), (2, 0))]
    assert r.won == (12, 0, 13) and r.words[1] is None        # odd chip: seat 2, left of dealer
    assert t.stacks == [1002, 995, 1003]
    # dealer 1: left of the dealer is 2 (folded), then 0, so seat 0 takes the odd chip
    t = Table(3, first_dealer=1)
    t.start_hand(stacked_deck(3, 1, {0: "2c3d", 1: "4c5d", 2: "AsKs"}, "AhKhQhJhTh"))
    moves(t, (1, CALL), (2, FOLD), (0, CHECK))
    for _ in range(3):
        moves(t, (0, CHECK), (1, CHECK))
    assert t.result.won == (13, 12, 0)


def test_three_way_split_gives_one_odd_chip_each():
    t = Table(4)
    t.start_hand(stacked_deck(4, 0, {0: "2c3d", 1: "AsKs", 2: "4c5d", 3: "2d3c"},
                              "AhKhQhJhTh"))
    moves(t, (3, CALL), (0, CALL), (1, FOLD), (2, CHECK))
    for _ in range(3):
        moves(t, (2, CHECK), (3, CHECK), (0, CHECK))
    (pot,) = t.result.pots
    assert (pot.amount, pot.winners) == (35, (2, 3, 0))
    assert t.result.won == (11, 0, 12, 12)


def test_uncalled_bet_and_win_without_showdown():
    t = Table(3)
    t.start_hand(shuffled_deck(random.Random(14)))
    moves(t, (0, RAISE, 50), (1, FOLD), (2, FOLD))
    r = t.result
    assert not r.showdown and r.words == (None, None, None) and t.street == PREFLOP
    assert r.refund == (40, 0, 0) and r.won == (25, 0, 0) and t.stacks == [1015, 995, 990]


def test_game_over_and_new_game():
    t = Table(2)
    t.start_hand(stacked_deck(2, 0, {0: "AsAd", 1: "7c2d"}, "3h8d9sJc4h"))
    moves(t, (0, ALLIN), (1, CALL))
    assert t.phase == PHASE_GAME_OVER and t.game_winner == 0 and t.stacks == [2000, 0]
    refused(t, 1, CALL, 0, REF_GAME_OVER)
    assert t.start_hand(shuffled_deck(random.Random(15))) == REF_GAME_OVER
    assert t.new_game() == OK
    assert t.stacks == [1000, 1000] and t.phase == PHASE_READY and t.hand_no == 0
    assert t.busted == [False, False] and t.dealer == 0


def test_bad_deck_is_an_error_not_a_refusal():
    t = Table(2)
    with pytest.raises(ValueError):
        t.start_hand([0, 1, 2, 3, 4, 5, 6, 7])            # 9 cards needed
    with pytest.raises(ValueError):
        t.start_hand([0, 1, 2, 3, 4, 5, 6, 7, 7])
    with pytest.raises(ValueError):
        t.start_hand([0, 1, 2, 3, 4, 5, 6, 7, 63])
    assert t.hand_no == 0 and t.phase == PHASE_READY
    assert t.start_hand(iter(range(9))) == OK             # an iterator with just enough cards


def test_render_shows_only_the_viewers_cards():
    t = Table(3)
    t.start_hand(stacked_deck(3, 0, {0: "2c3d", 1: "AsKs", 2: "4c5d"}, "AhKhQhJhTh"))
    text = render_table(t, viewer=1)
    assert "As Ks" in text and "2c 3d" not in text and "4c 5d" not in text
    assert "P1 posts small blind 5" in text and "<- to act" in text
    assert "As Ks" not in render_table(t)
    moves(t, (0, CALL), (1, FOLD), (2, CHECK))
    for _ in range(3):
        moves(t, (2, CHECK), (0, CHECK))
    text = render_table(t)
    assert "Royal flush" in text and "2c 3d" in text and "As Ks" not in text
    assert "Main pot: 25 to P2 13, P0 12" in text


# --------------------------------------------------------------------------- properties
@settings(max_examples=400, derandomize=True, deadline=None, database=None)
@given(st.integers(2, 4).flatmap(lambda n: st.tuples(
    st.lists(st.integers(0, 60), min_size=n, max_size=n),
    st.lists(st.booleans(), min_size=n, max_size=n),
    st.lists(st.integers(0, 2), min_size=n, max_size=n),
    st.integers(0, n - 1))))
def test_settle_matches_peeling(case):
    committed, live, words, dealer = case
    top = max(committed)
    if not any(live):
        live[0] = True
    if not any(a and c == top for a, c in zip(live, committed)):
        committed[live.index(True)] = top + 1      # in a legal hand the top contributor is live
    s = settle(committed, live, words, dealer)
    assert list(s.payout) == peel_payouts(committed, live, words, dealer)
    assert sum(s.payout) == sum(committed)
    for pot in s.pots:
        best = max(words[i] for i in pot.eligible)
        assert len(pot.eligible) == 1 or all(words[i] == best for i in pot.winners)
        assert sum(pot.shares) == pot.amount and max(pot.shares) - min(
            pot.shares[i] for i in pot.winners) <= 1


def test_two_players_at_four_seats_play_heads_up():
    """Seats nobody plays sit out: they post nothing, get no cards and are never to act, the
    two players play heads-up (the dealer posts the small blind), and a seat sitting back in
    is dealt into the next hand, not the one being played."""
    t = Table(4)
    assert t.sit(1, True) == OK and t.sit(3, True) == OK
    assert t.sit(4, True) == REF_BAD_ACTION and t.sit(-1, False) == REF_BAD_ACTION
    for hand in range(6):
        assert t.start_hand(range(52)) == OK
        assert {e.seat for e in t.log if e.hand == t.hand_no} <= {0, 2}
        assert (t.sb_seat, t.bb_seat) == (t.dealer, 2 - t.dealer) and t.dealer in (0, 2)
        assert t.hole[1] == t.hole[3] == [NO_CARD, NO_CARD] and t.folded[1] and t.folded[3]
        assert t.hole[0] == ([0, 2] if t.dealer == 2 else [1, 3])
        while t.phase == PHASE_BETTING:
            assert t.to_act in (0, 2)
            assert t.act(t.to_act, CALL if t.to_call else CHECK) == OK
        assert t.stacks[1] == t.stacks[3] == 1000
    assert t.sit(3, False) == OK and t.start_hand(range(52)) == OK
    assert not t.folded[3] and t.hole[3] != [NO_CARD, NO_CARD]
    assert t.sit(3, True) == OK and not t.folded[3]      # sits out from the next deal
    assert t.act(t.to_act, FOLD) == OK
    assert t.sit(0, True) == OK and t.sit(2, True) == OK
    while t.phase == PHASE_BETTING:
        assert t.act(t.to_act, FOLD) == OK
    before = t.snapshot()
    assert t.start_hand(range(52)) == REF_TOO_FEW_SEATS and t.snapshot() == before
    assert not t.game_over


def test_first_dealer_sitting_out_passes_the_button():
    t = Table(3, first_dealer=0)
    assert t.sit(0, True) == OK and t.start_hand(range(52)) == OK
    assert (t.dealer, t.sb_seat, t.bb_seat) == (1, 1, 2)


class Checker:
    """Runs inputs on a table and checks every invariant after each one."""

    def __init__(self, table):
        self.t = table
        self.hands = self.inputs = self.refusals = 0
        self.seen = Counter()       # result codes and kinds of hand ending met

    def deal(self, deck):
        t = self.t
        before, phase = t.snapshot(), t.phase
        out = [b or s for b, s in zip(before["busted"], before["sitting"])]
        code = t.start_hand(deck)
        self.inputs += 1
        self.seen[code] += 1
        if phase != PHASE_READY or out.count(False) < 2:
            assert code == (REF_GAME_OVER if phase == PHASE_GAME_OVER else REF_HAND_IN_PROGRESS
                            if phase == PHASE_BETTING else REF_TOO_FEW_SEATS)
            assert t.snapshot() == before
            self.refusals += 1
            return code
        assert code == OK
        self.hands += 1
        order = deal_order(t.n, t.dealer, out)
        if before["hand_no"] == 0 and not out[t.first_dealer]:
            assert t.dealer == t.first_dealer
        else:
            assert t.dealer == deal_order(t.n, before["dealer"], out)[0]
        k = len(order)
        for s in range(t.n):            # a seat not dealt in: no cards, no blind, folded
            if s not in order:
                assert t.hole[s] == [NO_CARD, NO_CARD] and t.folded[s]
                assert t.stacks[s] == before["stacks"][s] and t.committed[s] == 0
        for j, s in enumerate(order):
            assert t.hole[s] == [deck[j], deck[k + j]]
        assert t.board[:BOARD_SIZE[t.street]] == deck[2 * k:2 * k + BOARD_SIZE[t.street]]
        sb, bb = (order[-1], order[0]) if k == 2 else (order[0], order[1])
        assert (t.sb_seat, t.bb_seat) == (sb, bb)
        self.start_stacks = list(before["stacks"])
        if t.phase != PHASE_BETTING:
            self.hand_over()
        self.check()
        return code

    def sit(self, seat, out):
        """A seat sits out or in: nothing changes but its flag; a seat the table lacks is
        refused."""
        t = self.t
        before = t.snapshot()
        code = t.sit(seat, out)
        self.inputs += 1
        self.seen[code] += 1
        after = t.snapshot()
        if 0 <= seat < t.n:
            assert code == OK and after.pop("sitting")[seat] == out
            before.pop("sitting")
        else:
            assert code == REF_BAD_ACTION
            self.refusals += 1
        assert after == before
        self.check()
        return code

    def act(self, seat, action, amount):
        t = self.t
        before = t.snapshot()
        legal = t.legal()
        code = t.act(seat, action, amount)
        self.inputs += 1
        self.seen[code] += 1
        expect = (legal is not None and seat == legal.seat and {
            FOLD: True, CHECK: legal.can_check, CALL: not legal.can_check,
            ALLIN: legal.can_allin,
            BET: legal.can_bet and legal.min_to <= amount <= legal.max_to,
            RAISE: legal.can_raise and legal.min_to <= amount <= legal.max_to,
        }.get(action, False))
        assert (code == OK) == expect, (seat, action, amount, code, legal)
        if code != OK:
            self.refusals += 1
            assert t.snapshot() == before
        else:
            assert len(t.log) == len(before["log"]) + 1
            if t.phase != PHASE_BETTING:
                self.hand_over()
        self.check()
        return code

    def hand_over(self):
        t, r = self.t, self.t.result
        live = [not f for f in t.folded]
        words = [None] * t.n
        if sum(live) > 1:
            assert r.showdown and t.street == SHOWDOWN and NO_CARD not in t.board
            words = [rank_best(t.hole[s] + t.board) if live[s] else None for s in range(t.n)]
        else:
            assert not r.showdown
        assert list(r.words) == words
        assert list(r.descriptions) == [describe(w) if w is not None else None for w in words]
        pay = peel_payouts(t.committed, live, [w or 0 for w in words], t.dealer)
        assert list(r.payout) == pay
        assert t.stacks == [s - c + p for s, c, p in zip(self.start_stacks, t.committed, pay)]
        assert t.busted == [s == 0 for s in t.stacks]
        self.seen.update(
            ["showdown"] * r.showdown + ["side pot"] * (len(r.pots) > 1) +
            ["split"] * any(len(p.winners) > 1 for p in r.pots) + ["refund"] * any(r.refund) +
            ["run-out"] * (r.showdown and sum(not a for a, f in zip(t.all_in, t.folded)
                                              if not f) <= 1))

    def check(self):
        t = self.t
        assert sum(t.stacks) + t.pot == t.total
        assert min(t.stacks) >= 0
        assert not any(t.stacks[s] for s in range(t.n) if t.busted[s])
        if t.phase == PHASE_BETTING:
            assert t.pot == sum(t.committed)
            s = t.to_act
            assert s != t.no_seat and not (t.folded[s] or t.all_in[s] or t.busted[s])
            assert sum(not f for f in t.folded) >= 2
            assert max(t.street_bet) <= t.current_bet and t.min_raise >= t.big_blind
            assert all(t.all_in[i] == (t.stacks[i] == 0) for i in range(t.n) if not t.busted[i])
            board = [c for c in t.board if c != NO_CARD]
            assert len(board) == BOARD_SIZE[t.street]
            dealt = [s for s in range(t.n) if t.hole[s] != [NO_CARD, NO_CARD]]
            assert len(dealt) >= 2 and all(not t.busted[s] for s in dealt)
            assert all(t.folded[s] and not t.committed[s] for s in range(t.n) if s not in dealt)
            cards = board + [c for s in dealt for c in t.hole[s]]
            assert len(set(cards)) == len(cards) and all(0 <= c < 52 for c in cards)
        else:
            assert t.pot == 0 and t.to_act == t.no_seat
            alive = [s for s in range(t.n) if not t.busted[s]]
            assert (t.phase == PHASE_GAME_OVER) == (len(alive) == 1)
            if len(alive) == 1:
                assert t.stacks[alive[0]] == t.total and t.game_winner == alive[0]


def run_random_games(n, games, seed, **params):
    hands, seen = 0, Counter()
    for g in range(games):
        rng = random.Random(seed * 1000 + g)
        chk = Checker(Table(n, **params))
        agent = RandomAgent(rng.randrange(1 << 30))
        while chk.t.phase != PHASE_GAME_OVER:
            inp = agent.decide(chk.t)
            if inp[0] == "act":
                chk.act(*inp[1:])
            elif inp[0] == "sit":
                chk.sit(*inp[1:])
            else:
                chk.deal(shuffled_deck(rng))
            assert chk.inputs < 100_000, "game does not finish"
        # after the game: every input is refused except a new game
        assert chk.deal(shuffled_deck(rng)) == REF_GAME_OVER
        assert chk.act(0, FOLD, 0) == REF_GAME_OVER
        hands += chk.hands
        seen += chk.seen
    return hands, seen


@pytest.mark.parametrize("n,games,params", [
    (2, 250, {}),
    (3, 220, {}),
    (4, 200, {}),
    (4, 320, dict(start_stack=40, small_blind=5, big_blind=10)),   # short stacks, short blinds
    (3, 500, dict(start_stack=13, small_blind=2, big_blind=7, first_dealer=2)),
    (10, 155, dict(start_stack=30, small_blind=2, big_blind=5, first_dealer=7)),
])
def test_random_games(n, games, params):
    hands, seen = run_random_games(n, games, seed=n, **params)
    assert hands >= 1000
    # every refusal reason met (REF_GAME_OVER is tried at each game's end), every kind of ending
    assert all(seen[code] for code in range(14))
    kinds = ("showdown", "split", "refund", "run-out") + (("side pot",) if n > 2 else ())
    assert all(seen[kind] for kind in kinds)        # heads-up never has a side pot


@settings(max_examples=120, derandomize=True, deadline=None, database=None)
@given(n=st.integers(2, 4), stack=st.integers(1, 80), sb=st.integers(1, 10),
       bb_extra=st.integers(0, 15), data=st.data())
def test_hypothesis_action_sequences(n, stack, sb, bb_extra, data):
    random_action_sequence(n, stack, sb, bb_extra, data)


@settings(max_examples=40, derandomize=True, deadline=None, database=None)
@given(n=st.integers(5, 10), stack=st.integers(1, 80), sb=st.integers(1, 10),
       bb_extra=st.integers(0, 15), data=st.data())
def test_hypothesis_action_sequences_many_seats(n, stack, sb, bb_extra, data):
    """The golden table beyond the hardware's four seats (the terminal game plays up to 10)."""
    random_action_sequence(n, stack, sb, bb_extra, data)


def random_action_sequence(n, stack, sb, bb_extra, data):
    stacks = data.draw(st.lists(st.integers(1, stack), min_size=n, max_size=n))
    chk = Checker(Table(n, small_blind=sb, big_blind=sb + bb_extra, stacks=stacks))
    rng = random.Random(data.draw(st.integers(0, 1 << 30)))
    for _ in range(60):
        t = chk.t
        if t.phase == PHASE_GAME_OVER:
            break
        if t.phase == PHASE_READY:
            chk.deal(shuffled_deck(rng))
            continue
        legal = t.legal()
        amounts = sorted({legal.min_to, legal.max_to, legal.min_to - 1, legal.max_to + 1,
                          t.current_bet, (legal.min_to + legal.max_to) // 2})
        seat = data.draw(st.sampled_from([t.to_act] * 4 + [(t.to_act + 1) % n]))
        action = data.draw(st.sampled_from([FOLD, CHECK, CALL, BET, RAISE, ALLIN]))
        chk.act(seat, action, data.draw(st.sampled_from(amounts)))


def test_play_game_driver():
    table, inputs, refused_ = play_game(4, seed=3)
    assert table.game_over and inputs > 0 and sum(table.stacks) == 4000


# --------------------------------------------------------------------------- beyond four seats
def test_seat_limits_and_nobody_seat():
    for n in (1, 11):
        with pytest.raises(ValueError):
            Table(n)
    # "nobody" is the hardware's 3-bit all ones while that is not a seat, then 4-bit all ones
    assert [Table(n).no_seat for n in (2, 4, 7, 8, 10)] == [NO_SEAT] * 3 + [15, 15]
    assert Table(10).to_act == 15 and Table(10).game_winner == 15


def test_ten_seats_side_pots_and_a_three_way_split():
    """Ten seats, six all-in at different levels, three live seats check it down: six pots,
    each to the best hand eligible for it (figures worked out by hand), the top one split
    three ways with the odd chip to the first of them left of the dealer."""
    stacks = [1000, 50, 120, 200, 1000, 80, 300, 1000, 30, 500]
    holes = {0: "3h2h", 1: "7c7d", 2: "AsAh", 3: "QsQh", 4: "3d2d", 5: "4c4d", 6: "6c5d",
             7: "3s2s", 8: "KhKs", 9: "9c9d"}
    chk = Checker(Table(10, stacks=stacks))
    t = chk.t
    assert chk.deal(stacked_deck(10, 0, holes, "KcKd7h4s2c")) == OK
    assert (t.dealer, t.sb_seat, t.bb_seat, t.to_act) == (0, 1, 2, 3)
    for seat, action in ((3, ALLIN), (4, CALL), (5, ALLIN), (6, ALLIN), (7, CALL), (8, ALLIN),
                         (9, FOLD), (0, CALL), (1, ALLIN), (2, ALLIN)):
        assert chk.act(seat, action, 0) == OK, seat
    # seat 6's all-in to 300 raised seat 3's 200 by less than a full raise (190): closed for 4
    assert t.to_act == 4 and chk.act(4, RAISE, 500) == REF_RAISE_CLOSED
    assert chk.act(4, CALL, 0) == OK
    for _ in range(3):
        assert t.street in (FLOP, TURN, RIVER)
        for seat in (4, 7, 0):
            assert chk.act(seat, CHECK, 0) == OK
    r = t.result
    assert r.showdown and t.street == SHOWDOWN
    # levels 30, 50, 80, 120, 200, 300: quads, sevens full, fours full, aces up, queens up,
    # then kings and twos three times (a tie) over seat 6's pair of kings
    assert [(p.amount, p.winners) for p in r.pots] == [
        (270, (8,)), (160, (1,)), (210, (5,)), (240, (2,)), (400, (3,)), (400, (4, 7, 0))]
    assert [r.pots[-1].shares[s] for s in (4, 7, 0)] == [134, 133, 133]
    assert t.stacks == [833, 160, 240, 400, 834, 210, 0, 833, 270, 500]
    assert t.busted == [False] * 6 + [True] + [False] * 3
    assert r.descriptions[8].startswith("Four of a kind")
    assert r.descriptions[0] == r.descriptions[4] == r.descriptions[7]
    # the next hand: the button moves to seat 1, nine seats are dealt, seat 6 sits out
    assert chk.deal(shuffled_deck(random.Random(11))) == OK
    assert (t.dealer, t.sb_seat, t.bb_seat, t.to_act) == (1, 2, 3, 4)
    assert t.folded[6] and t.hole[6] == [NO_CARD, NO_CARD]
