"""The engine's exact mode, golden side (golden/equity/exact.py): colex ranks number every
combination once; the boards shared among lanes, each lane running every deal of its boards
with the void ones left out, count exactly what golden exact counts, for any number of lanes
(more lanes than boards too); the size limit is the one the docstring derives; the protocol
carries exact requests and refuses what the engine refuses."""

import itertools
from math import comb

import pytest

from pokerhdl.odds.calculator import make_setup
from pokerhdl.golden.equity import readable as E
from pokerhdl.golden.cards import DECK, parse_cards
from pokerhdl.golden.equity.exact import (EXACT_SEATS, MAX_EXACT_RANDOM, board_count,
                                          check_exact, colex_rank, colex_unrank, exact_deals,
                                          exact_share, lane_boards, split_exact)
from pokerhdl.golden.equity.protocol import (MODE_EXACT, engine_reply, parse_description,
                                             parse_reply, parse_request, request_payload)


def leaving(keep, *known):
    kept = set(parse_cards(keep + "".join(known)))
    return [c for c in DECK if c not in kept]


@pytest.mark.parametrize("n,k", [(9, 1), (9, 2), (10, 3), (11, 5), (6, 6)])
def test_colex_ranks_number_every_combination_once(n, k):
    ranks = []
    for combo in itertools.combinations(range(n), k):
        rank = colex_rank(combo)
        assert colex_unrank(rank, k) == list(combo)
        ranks.append(rank)
    assert sorted(ranks) == list(range(comb(n, k)))


def test_colex_unrank_of_the_last_preflop_board():
    assert colex_unrank(comb(50, 5) - 1, 5) == [45, 46, 47, 48, 49]
    assert colex_unrank(0, 5) == [0, 1, 2, 3, 4]


SETUPS = [
    make_setup("AhKd", [None], "2c7d9hTs"),                        # one board card to come
    make_setup("AhKd", ["QsQd"], "2c7d9h"),
    make_setup("5c5d", [None, None], "KsQh2h4d7s", leaving("9s9h8c8dTsTc4h3s2c7hAd",
                                                              "5c5dKsQh2h4d7s")),
    make_setup("9s8s", [None], "", leaving("7s6s5sAcAdKhKcQhQc", "9s8s")),
    make_setup("2c3d", ["2d3c"], "AhKhQhJhTh"),                    # nothing to deal
]


def split_cases():
    """Every setup split 1, 2, 3 and 16 ways; the turn's random hand (some 7 s a split, in
    pure Python) only 1 way in the regression, 2, 3 and 16 in the deep stage."""
    for lanes in (1, 2, 3, 16):
        for case in SETUPS:
            marks = [pytest.mark.deep] if case is SETUPS[0] and lanes in (2, 3, 16) else []
            yield pytest.param(case, lanes, marks=marks, id=f"{lanes}-{case.describe()}")


@pytest.mark.parametrize("case, lanes", list(split_cases()))
def test_lanes_share_the_boards_and_count_every_completion_once(case, lanes):
    shares = [lane_boards(case, lanes, lane) for lane in range(lanes)]
    assert sum(count for _, count in shares) == board_count(case)
    first = 0
    for start, count in shares:                 # consecutive, none twice, none left out
        assert start == first
        first += count
    assert split_exact(case, lanes).counts() == E.exact(case).counts()


def test_void_deals_are_what_the_odometer_runs_beyond_the_completions():
    case = SETUPS[2]
    assert len(case.remaining()) == 11 and exact_deals(case) == comb(11, 2) ** 2
    assert exact_share(case, 0, 1).trials == comb(11, 2) * comb(9, 2)


def test_exact_size_limit():
    # with k board cards to come from 50, r random hands: C(50, k) * C(50, 2)**r < 2**40
    assert MAX_EXACT_RANDOM == (3, 3, 2, 2, 2, 1)
    for k, r in enumerate(MAX_EXACT_RANDOM):
        assert comb(50, k) * comb(50, 2) ** r < 2 ** 40 <= comb(50, k) * comb(50, 2) ** (r + 1)
    check_exact(make_setup("AhKd", [None]))
    with pytest.raises(E.EquityError) as err:
        check_exact(make_setup("AhKd", [None, None]))
    assert err.value.code == E.ERR_EXACT


def test_exact_deals_random_hands_in_the_first_seats_only():
    # a lane's odometer has digits for the first EXACT_SEATS opponents' slots only
    assert EXACT_SEATS == max(MAX_EXACT_RANDOM) == 3
    board = "7d8dJs6s9h"
    check_exact(make_setup("Td6h", [None, "7c7h", "8c8h", "9c9d"], board))
    with pytest.raises(E.EquityError) as err:
        check_exact(make_setup("Td6h", ["7c7h", "8c8h", "9c9d", None], board))
    assert err.value.code == E.ERR_EXACT and "seat 4" in str(err.value)
    cards = lambda text: tuple(parse_cards(text))
    late = request_payload(cards("Td6h"), [cards("7c7h"), cards("8c8h"), cards("9c9d"), None],
                           cards(board), (), 0, 0, MODE_EXACT)
    assert engine_reply(late, 1, 9) == bytes([E.ERR_EXACT])


def test_protocol_carries_exact_requests():
    case = SETUPS[1]
    payload = request_payload(case.hero, case.opponents, case.board, case.dead, 0, 0,
                              MODE_EXACT)
    setup, trials, _ = parse_request(payload, 3)
    assert trials is None and setup == case             # no trials needed
    status, result = parse_reply(engine_reply(payload, 2, 3), 2)
    assert status == E.OK and result.counts() == E.exact(case).counts()
    too_big = request_payload((0, 1), [None, None], (), (), 0, 0, MODE_EXACT)
    assert engine_reply(too_big, 2, 3) == bytes([E.ERR_EXACT])
    assert engine_reply(request_payload((0, 1), [None], (), (), 5, 0, 3), 2, 3) \
        == bytes([E.ERR_MODE])


def test_a_describe_request_is_the_one_byte_3():
    """The engine's lanes, seats and clock (Hz, little-endian) after OK; a longer payload that
    starts with 3 is a request like any other (too short, or an unknown mode)."""
    assert engine_reply(b"\x03", 12, 1, 85_000_000) == bytes([E.OK, 12, 1]) + \
        (85_000_000).to_bytes(4, "little")
    assert parse_description(engine_reply(b"\x03", 2, 9, 75_000_000)) == (2, 9, 75_000_000)
    assert engine_reply(b"\x03\x00", 2, 9) == bytes([E.ERR_FRAME])
    with pytest.raises(ValueError, match="not a describe reply"):
        parse_description(bytes([E.ERR_FRAME]))
