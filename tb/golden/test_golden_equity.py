"""The equity models: the readable golden/equity/readable.py against published exact figures, the fast
numpy path against the readable one count for count, Monte Carlo against the exact answers,
the dealer against its twin and for uniformity, and every refusal."""

import math
import random

import numpy as np
import pytest

from pokerhdl.odds import native as equity_native
from pokerhdl.odds.calculator import make_setup
from pokerhdl.golden.equity import readable as E
from pokerhdl.golden.equity import fast as F
from pokerhdl.golden.cards import DECK
from pokerhdl.golden.equity.deal import (SECOND_WORD_SLOT, LaneDealer, counted_fraction,
                                         deal_units, hand_positions,
                                         lane_slots, lane_trials, mix_step, slot_position,
                                         slot_words, stream_seed)
from pokerhdl.golden.shuffle import FIELD_BITS
from pokerhdl.golden.rng import XorShift128


def setup(hero, *opponents, board="", dead=""):
    return make_setup(hero, opponents, board, dead)


# Heads-up preflop over all 1,712,304 boards: wins, losses and ties printed by GNU poker-eval's
# hcmp2, quoted in M. VandeWettering, "Texas Hold'em trivia", brainwagon.org, 2005-04-09
# (https://brainwagon.org/2005/04/09/texas-holdem-trivia): Ad Ac against Kh Ks, Td 9d, Qc Jh.
PUBLISHED = [
    ("AdAc", "KhKs", 1_388_072, 317_694, 6_538),
    ("AdAc", "Td9d", 1_338_249, 367_143, 6_912),
    ("AdAc", "QcJh", 1_450_987, 254_763, 6_554),
]


@pytest.mark.parametrize("hero,villain,wins,losses,ties", PUBLISHED)
def test_heads_up_preflop_matches_published_counts(hero, villain, wins, losses, ties):
    r = F.exact(setup(hero, villain))
    assert r.trials == 1_712_304 == math.comb(48, 5)
    assert r.wins == [wins, losses] and r.ties == [ties, ties]
    assert r.tie_units == [ties * E.TIE_UNITS // 2] * 2
    assert r.equity(0) + r.equity(1) == pytest.approx(1)


# small enough for the readable model: known and random opponents, dead cards, every street
SMALL = [
    setup("AhAs", "KdKc", None, board="2c7d9h3s"),
    setup("Td9d", None, board="7d8dJs6s"),
    setup("7c2d", "AhKh", "QsQd", board="2h3h4s5c"),
    setup("5h5d", None, board="5s6c7h8d", dead="9c9d9h"),
    setup("AcKc", "AdKd", board="QcJc2d"),                   # ties and flushes
    setup("Ts9s", "8h8c", "Ah2c", "KdQd", board="Jc7d2s3h9h"),
    setup("2c3d", None, "KsKd", board="AhKhQh8s8d"),
]


@pytest.mark.parametrize("case", SMALL, ids=lambda s: s.describe())
def test_fast_exact_equals_readable(case):
    readable = E.exact(case)
    assert readable.trials == F.exact_count(case)
    assert F.exact(case).counts() == readable.counts()
    # every trial shares out exactly one pot of TIE_UNITS
    assert E.TIE_UNITS * sum(readable.wins) + sum(readable.tie_units) \
        == E.TIE_UNITS * readable.trials


# the C exact kernel (odds/native.c equity_exact) against the readable model: every kind of
# setup it treats apart (no random seat, one, two, three; the board whole or not; dead cards;
# random seats between known ones), each count for count, on one thread and cut in parts
KERNEL = SMALL + [
    # many dead cards keep the random seats' deals few enough for the readable model
    setup("AhKh", None, None, board="Qh7h2c3d9s", dead="2d2h2s3c3h3s4c4d4h4s5c5d5h5s6c6d6h6s"
                                                      "7c7d7s8c8d8h8s9c9d9h"),   # two random
    setup("5h5d", None, None, None, board="AsKsQs2d3d",
          dead="2c2h2s3c3h3s4c4d4h4s6c6d6h6s7c7d7h7s8c8d8h8s9c9d9h9sTcTdThTsJcJdJhJsQcQd"),
    setup("7s7d", None, "8c8d", None, board="AsKc5h2d9c",
          dead="Qh2c2h2s3c3d3h3s4c4d4h4s5c5d5s6c6d6h6s7c7h"),                  # around a known
    setup("AhAd", "KcKd", None, board="Ts9s8d", dead="2h"),  # a flop: boards and a seat
    setup("QdJd", "Tc9c", board="2d3c"),                      # two board cards to come
]


@pytest.mark.parametrize("case", KERNEL, ids=lambda s: s.describe())
def test_c_exact_kernel_equals_readable(case):
    """The readable model itself up to 5,000 completions; above, numpy's exact (held to the
    readable model count for count by test_fast_exact_equals_readable), to stay fast."""
    readable = E.exact(case) if F.exact_count(case) <= 5000 else F.exact(case)
    assert equity_native.exact(case, threads=1).counts() == readable.counts()
    assert equity_native.exact(case, threads=2).counts() == readable.counts()


@pytest.mark.parametrize("case", [
    setup("AcKc", None, board="Th"),                     # d, s interchangeable: 210 M deals
    setup("AcAd", None, board="2h3s4h5s"),               # c-d and h-s swaps
    setup("7d2c", None, None, board="KhQhJh"),           # d-s swap, two random seats
    setup("QsJs", None, "2c2d", board="9h", dead="3c3d4c4d5c5d6c6d7c7d8c8d9c9dTcTdJcJd"),
], ids=lambda s: s.describe())
def test_c_exact_kernel_suit_symmetry_changes_no_count(case):
    """Counting one board of each suit orbit, its size times, against every board (the kernel
    without it, itself held to the readable model above)."""
    assert equity_native.exact(case).counts() == \
        equity_native.exact(case, symmetry=False).counts()


def test_the_suit_symmetries_are_the_ones_that_keep_the_known_cards():
    """Counted by hand: a pair keeps its two suits and the other two (2 x 2), a suited hand
    its suit and any order of the other three (6), an offsuit hand the two others (2); a known
    board or dead card of a third suit breaks what it touches."""
    assert [equity_native.symmetries(c) for c in (
        setup("AcAd", None), setup("AcKc", None), setup("AcKd", None),
        setup("AcKc", None, board="Th"), setup("AcKc", None, board="ThTs"),
        setup("AcKc", None, board="Th", dead="2d"), setup("AcKc", "QdJh", None),
        setup("AcAd", "KhKs"))] == [4, 6, 2, 2, 2, 1, 1, 4]


def test_c_stream_states_are_the_readable_seeds():
    """The slot streams' starting words mixed in C (a range's many small runs) are the readable
    stream_seed's, lane by lane and slot by slot, the zero seed too."""
    from pokerhdl.golden.rng import seed_words
    slots = [0, 1, 2, 3, 4, 7, 8, 23]
    for seed in (0, 1, 42, (1 << 128) - 1, 2 ** 127 + 5):
        states = equity_native.stream_states(seed, 5, slots)
        assert states.tolist() == [[list(seed_words(stream_seed(seed, lane, s))) for s in slots]
                                   for lane in range(5)]


def test_c_exact_kernel_matches_published_heads_up_counts():
    """The whole preflop enumeration, too big for the readable model: the published counts."""
    for hero, villain, wins, losses, ties in PUBLISHED[:1]:
        r = equity_native.exact(setup(hero, villain))
        assert r.trials == 1_712_304 and r.wins == [wins, losses] and r.ties == [ties, ties]


def test_tie_units_split_the_pot_exactly():
    # the board plays: every player ties, each gets 2520 / 4
    r = E.exact(setup("2c3d", "2d3c", "2h3s", "2s3h", board="AhKhQhJhTh"))
    assert r.trials == 1 and r.wins == [0] * 4 and r.ties == [1] * 4
    assert r.tie_units == [E.TIE_UNITS // 4] * 4 and r.equity(0) == 0.25


@pytest.mark.parametrize("seed,lanes,case", [
    (1, 1, SMALL[1]), (0xDEADBEEF, 3, SMALL[0]), (2 ** 127 + 5, 5, SMALL[2]),
    (7, 2, setup("AhAs", None, None, None)), (99, 4, setup("KcQc", None, dead="AcAd"))])
def test_fast_monte_carlo_equals_readable(seed, lanes, case):
    """numpy and the C kernel (equity_native, the CPU backend's Monte Carlo) both."""
    readable = E.monte_carlo(case, 1500, seed, lanes)
    assert F.monte_carlo(case, 1500, seed, lanes).counts() == readable.counts()
    assert equity_native.available(), "no C compiler: the CPU backend would run numpy"
    assert equity_native.monte_carlo(case, 1500, seed, lanes).counts() == readable.counts()
    assert readable.trials == 1500


@pytest.mark.parametrize("case", [
    setup("AhAs", *[None] * 9),                               # 23 slots, 16 of two words
    setup("7c2d", None, "KsKd", None, None, board="2h3h4s"),
    setup("AhAs", None, None, None, dead="2c2d2h2s3c3d3h3s4c4d4h4s5c5d5h5s6c6d6h6s7c7d7h7s"
                                          "8c8d8h8s9c9d"),   # 16 cards left: mask 15, crowded
], ids=lambda s: s.describe())
def test_c_monte_carlo_many_seats_equals_the_models(case):
    """Many dealt slots: late ones take two words, often find their first fields taken (the
    kernel's slow way) and void trials. The C kernel count for count against the readable
    model (a short run) and numpy (held to it above), on one thread and on two: the threads
    change no count."""
    readable = E.monte_carlo(case, 300, 5, 2)
    assert equity_native.monte_carlo(case, 300, 5, 2).counts() == readable.counts()
    want = F.monte_carlo(case, 6000, 11, 3).counts()
    assert equity_native.monte_carlo(case, 6000, 11, 3, threads=1).counts() == want
    assert equity_native.monte_carlo(case, 6000, 11, 3, threads=2).counts() == want


def test_dealer_twin_and_lanes():
    case = setup("AhAs", None, None, board="2c")
    dealer = LaneDealer(1234, 2, case.remaining(), case.dealt_slots())
    rows = [dealer.deal_counted() for _ in range(2000)]
    assert (F.lane_cards(1234, 2, case.remaining(), case.dealt_slots(), 2000)
            == np.array(rows)).all()
    assert all(len(set(r)) == len(r) and not set(r) & set(case.known_cards()) for r in rows)
    assert sum(lane_trials(1001, 4, lane) for lane in range(4)) == 1001
    assert [lane_trials(3, 5, lane) for lane in range(5)] == [1, 1, 1, 0, 0]


@pytest.mark.parametrize("case", [setup("AhAs", None), setup("AhAs", *[None] * 9),
                                  setup("AhAs", None, None, board="2c7d8h", dead="3c4c5c6c")])
def test_void_trials_come_as_often_as_the_fields_say(case):
    """A slot voids its trial when none of its five fields is free, a hand when its ten do not
    hold two free positions: over 20,000 trials the void count is within 4.5 standard
    deviations of what counted_fraction predicts (nine random opponents: about 1,400 void
    trials; heads-up: about 210)."""
    dealer = LaneDealer(5, 0, case.remaining(), case.dealt_slots())
    counted = sum(dealer.deal() is not None for _ in range(20_000))
    p = counted_fraction(len(case.remaining()), case.dealt_slots())
    assert abs(counted - 20_000 * p) <= 4.5 * math.sqrt(20_000 * p * (1 - p)) + 1
    if 20_000 * (1 - p) > 50:
        assert counted < 20_000                  # void trials happen, and are not counted


def test_slot_takes_its_words_fields_in_order():
    """slot_position: the first word's fields, then the second's; a taken or too large field
    is passed over; a slot with no free field gives None. Every dealt slot takes its words a
    trial (one before SECOND_WORD_SLOT, two from it on), void or not, so the twin's streams
    stay in step with the hardware's."""
    field = lambda *values: sum(v << FIELD_BITS * f for f, v in enumerate(values))
    n = 50                                           # mask 63
    first, second = field(60, 3, 61, 62, 63), field(63, 7, 9, 1, 2)
    assert slot_position([first, second], n, [3]) == 7          # the second word's field 1
    assert slot_position([first, second], n, []) == 3
    assert slot_position([field(63, 63, 63, 63, 63), field(63, 63, 63, 63, 7)], n, [7]) is None
    assert [slot_words(s) for s in range(lane_slots(9))] == \
        [1] * SECOND_WORD_SLOT + [2] * (lane_slots(9) - SECOND_WORD_SLOT)
    assert SECOND_WORD_SLOT == lane_slots(1)        # a heads-up lane's slots take one word
    case = setup("AhAs", *[None] * 9)
    dealer = LaneDealer(5, 0, case.remaining(), case.dealt_slots())
    for _ in range(300):
        dealer.deal()
    units = deal_units(case.dealt_slots())
    assert units[:7] == [(s,) for s in range(7)] and units[-1] == (21, 22)
    for i in (0, -1):                                # a slot's stream, a hand's (its first slot's)
        check = XorShift128(stream_seed(5, 0, units[i][0]))
        for _ in range(300 * slot_words(units[i][0])):
            check.next()
        assert dealer.streams[i].state == check.state


def test_hand_takes_two_free_fields_in_order():
    """hand_positions: the first free field (below n, not taken), then the first free one after
    it that is not the same position; None when there are not two."""
    field = lambda *values: sum(v << FIELD_BITS * f for f, v in enumerate(values))
    n = 50
    first, second = field(60, 3, 61, 3, 63), field(63, 7, 9, 1, 2)
    assert hand_positions([first, second], n, []) == (3, 7)      # the repeated 3 passed over
    assert hand_positions([first, second], n, [3]) == (7, 9)
    assert hand_positions([first, second], n, [3, 7, 9, 1]) is None     # one free field: 2
    assert hand_positions([field(5, 5, 5, 5, 5), field(5, 5, 5, 5, 5)], n, []) is None


def test_dealer_is_uniform():
    """Chi-square of every slot's cards over 90,000 deals (48 cards per slot, 47 degrees of
    freedom: 99.9 % of uniform samples stay below 82.7), and of the first two slots' pairs."""
    case = setup("AhAs", None, board="2c7d")
    cards = F.lane_cards(42, 0, case.remaining(), case.dealt_slots(), 90_000)
    expected = len(cards) / len(case.remaining())
    for slot in range(cards.shape[1]):
        counts = np.bincount(cards[:, slot], minlength=52)[case.remaining()]
        assert ((counts - expected) ** 2 / expected).sum() < 82.7, slot
    pairs = np.bincount(cards[:, 0].astype(int) * 52 + cards[:, 1], minlength=52 * 52)
    cells = [a * 52 + b for a in case.remaining() for b in case.remaining() if a != b]
    expected = len(cards) / len(cells)           # 2256 cells, 2255 degrees of freedom
    freedom = len(cells) - 1
    assert ((pairs[cells] - expected) ** 2 / expected).sum() < \
        freedom + 4.5 * math.sqrt(2 * freedom)


def test_late_slots_are_uniform():
    """Nine random opponents: the last slots often find their card in their second word (28
    of 64 field values free); chi-square of the last two slots' cards over 40,000 counted deals
    (50 cards, 49 degrees of freedom: 99.9 % of uniform samples stay below 85.4)."""
    case = setup("AhAs", *[None] * 9)
    cards = F.lane_cards(77, 1, case.remaining(), case.dealt_slots(), 40_000)
    expected = len(cards) / len(case.remaining())
    for slot in (-2, -1):
        counts = np.bincount(cards[:, slot], minlength=52)[case.remaining()]
        assert ((counts - expected) ** 2 / expected).sum() < 85.4, slot


def test_mix_step_is_the_chacha_quarter_round():
    """RFC 8439, section 2.1.1: the quarter round of a, b, c, d = 0x11111111, 0x01020304,
    0x9b8d6f43, 0x01234567 gives 0xea2a92f4, 0xcb1cf8ce, 0x4581472e, 0x5881c4bb."""
    words = (0x11111111, 0x01020304, 0x9b8d6f43, 0x01234567)
    for step in range(4):
        words = mix_step(words, step)
    assert words == (0xEA2A92F4, 0xCB1CF8CE, 0x4581472E, 0x5881C4BB)


def test_streams_are_not_linked_across_seeds():
    """xorshift128 is linear: streams seeded with seed XOR a fixed key give words whose XOR
    between two slots (or lanes) is the same for every seed, so many short runs from many seeds
    repeat one pattern and their sum is biased (how the mixing was found missing). After the
    mix, the XOR of two streams' first words differs from seed to seed."""
    def first_word(seed, lane, slot):
        return XorShift128(stream_seed(seed, lane, slot)).next()
    for other in ((0, 1), (1, 0), (5, 3)):
        links = {first_word(seed, 0, 0) ^ first_word(seed, *other) for seed in range(1, 201)}
        assert len(links) == 200, other


def test_many_short_runs_sum_without_bias():
    """1,200 runs of 817 trials each from seeds far apart (as the range layer runs one per
    combo), summed: within 4 standard errors of the exact answer. With seeds XORed into the
    streams (before the mix) the same sum was 6.7 standard errors off."""
    from pokerhdl.odds.calculator import setup_seed
    case = setup("AhKh", "7c2d")
    exact = F.exact(case).equity(0)
    total = E.Result(2)
    for i in range(1_200):
        run = F.monte_carlo(case, 817, setup_seed(1, i), 1) if not equity_native.available() \
            else equity_native.monte_carlo(case, 817, setup_seed(1, i), 1, threads=1)
        total.trials += run.trials
        total.wins[0] += run.wins[0]
        total.tie_units[0] += run.tie_units[0]
    assert abs(total.equity(0) - exact) < 4 * total.standard_error(0)


def monte_carlo_setups():
    rng = random.Random(2026)
    cases = []
    while len(cases) < 20:
        deck = rng.sample(DECK, 52)
        opponents = rng.randint(1, 3)
        board = deck[2 + 2 * opponents:][:rng.choice((0, 3, 4, 5))]
        hands = [tuple(deck[2 + 2 * i:4 + 2 * i]) if rng.random() < 0.6 else None
                 for i in range(opponents)]
        case = E.Setup(tuple(deck[:2]), hands, board)
        if F.exact_count(case) <= 3_000_000:
            cases.append(case)
    return cases


def test_monte_carlo_within_four_standard_errors():
    for i, case in enumerate(monte_carlo_setups()):
        exact = F.exact(case)
        mc = F.monte_carlo(case, 20_000, seed=i + 1, lanes=4)
        for p in range(case.players()):
            se = mc.standard_error(p)
            assert abs(mc.equity(p) - exact.equity(p)) <= 4 * se + 1e-12, (case.describe(), p)


@pytest.mark.parametrize("make,code", [
    (lambda: setup("AhAs"), E.ERR_OPPONENTS),
    (lambda: E.Setup((0, 1), [None] * 10), E.ERR_OPPONENTS),
    (lambda: E.Setup((0, 52), [None]), E.ERR_CARD),
    (lambda: E.Setup((0, 1, 2), [None]), E.ERR_CARD),
    (lambda: setup("AhAs", "AhKd"), E.ERR_DUPLICATE),
    (lambda: setup("AhAs", None, board="2c2c"), E.ERR_DUPLICATE),
    (lambda: setup("AhAs", None, dead="As"), E.ERR_DUPLICATE),
    (lambda: setup("AhAs", None, board="2c3c4c5c6c7c"), E.ERR_BOARD),
    (lambda: E.Setup((0, 1), [None] * 9, dead=tuple(range(2, 32))), E.ERR_DECK),
])
def test_bad_setups_are_refused_with_their_code(make, code):
    with pytest.raises(E.EquityError) as err:
        make()
    assert err.value.code == code and E.ERROR_TEXT[code] in str(err.value)


@pytest.mark.parametrize("seed,lanes", [(-1, 1), (1 << 128, 1), (1, 0), ("7", 1)])
def test_seeds_and_lanes_out_of_range_are_refused_by_every_engine(seed, lanes):
    case = setup("AhAs", None)
    for run in (E.monte_carlo, F.monte_carlo, equity_native.monte_carlo):
        with pytest.raises(ValueError, match="128-bit|lanes"):
            run(case, 10, seed, lanes)


def test_zero_trials_and_huge_exact_runs_are_refused():
    case = setup("AhAs", None)
    for run in (E.monte_carlo, F.monte_carlo):
        with pytest.raises(E.EquityError) as err:
            run(case, 0, 1)
        assert err.value.code == E.ERR_TRIALS
    with pytest.raises(ValueError, match="use Monte Carlo"):
        F.exact(setup("AhAs", None, None))
