"""Hand ranges (golden/equity/ranges.py) and the calculator's range layer (calculator.py): the notation
against the well-known combo counts, refusals that name the bad token, exact answers against a
brute force of our own over the combos (the readable golden/equity/readable.py, one combo at a time),
Monte Carlo within four standard errors of them, and the command line."""

import json
import subprocess
import sys
import math
from fractions import Fraction
from itertools import combinations

import pytest

import pokerhdl
from pokerhdl.odds import calculator
from pokerhdl.odds.calculator import concrete_setups, setup_seed
from pokerhdl.golden.equity import readable as E
from pokerhdl.golden.cards import DECK, card_code, parse_cards
from pokerhdl.golden.equity.ranges import (ORDER_FILE, RangeError, format_combo, parse_range,
                                           parse_weighted_range, preflop_order)

# Every two-card starting hand: 13 pairs, 78 suited and 78 offsuit rank pairs (169 classes).
ALL_HANDS = ("22+,A2s+,K2s+,Q2s+,J2s+,T2s+,92s+,82s+,72s+,62s+,52s+,42s+,32s,"
             "A2o+,K2o+,Q2o+,J2o+,T2o+,92o+,82o+,72o+,62o+,52o+,42o+,32o")


def combos(text):
    return {format_combo(c) for c in parse_range(text)}


# The standard counts of Hold'em combinatorics: a pair has C(4,2) = 6 combos, two ranks suited
# 4 (one per suit), offsuit 4 * 3 = 12, so 13 * 6 + 78 * 4 + 78 * 12 = 1326 = C(52,2) hands.
@pytest.mark.parametrize("text,count", [
    ("QQ", 6), ("AKs", 4), ("AKo", 12), ("AK", 16), ("KA", 16), ("QQ+", 18), ("JJ-88", 24),
    ("88-JJ", 24), ("ATs+", 16), ("KTo-K7o", 48), ("K7o-KTo", 48), ("AhKh", 1),
    ("QQ+,AKs", 22), ("qq+, aks", 22), ("QQ+ , AK S", 22), ("22+", 78), ("A2s+", 48),
    ("QQ,QQ+,QcQd,KK", 18), ("AKs,AhKh,AKo,AK", 16), ("AKS", 4), ("aKo", 12),
    (ALL_HANDS, 1326),
    # connector and gapper spans, 10 for a ten, ";" separators, everything, weights
    ("T9s-54s", 24), ("54s-T9s", 24), ("J9o-T8o", 24), ("AKs-QJs", 12), ("T8-64", 80),
    ("A10s", 4), ("10h10d", 1), ("1010+", 30), ("QQ+;AKs", 22), ("QQ+ ; AKs,", 22),
    ("random", 1326), ("XxXx", 1326), ("100%", 1326), ("AA:0.5", 6), ("AA:0.5,KK:1/3", 12),
    ("QQ+,KK:0", 12),
])
def test_combo_counts(text, count):
    assert len(parse_range(text)) == count
    assert all(len(set(c)) == 2 and c[0] > c[1] for c in parse_range(text))


def test_what_the_new_tokens_hold():
    assert combos("T9s-54s") == combos("T9s,98s,87s,76s,65s,54s")
    assert combos("J9o-T8o") == combos("J9o,T8o") and combos("AKs-QJs") == combos("AKs,KQs,QJs")
    assert combos("A10s,10h9h") == combos("ATs,Th9h") and combos("1010-88") == combos("TT-88")
    assert combos("QQ+;AKs") == combos("QQ+,AKs") and combos("xxxx") == combos(ALL_HANDS)
    weights = dict(parse_weighted_range("QQ+:0.25,KK:0.5,AKs:1/3,AhKh"))
    assert {format_combo(c): w for c, w in weights.items() if c[0] >> 2 == c[1] >> 2} == \
        {**{c: Fraction(1, 4) for c in combos("QQ,AA")}, **{c: Fraction(1, 2) for c in combos("KK")}}
    assert weights[parse_cards("AhKh")[0], parse_cards("AhKh")[1]] == 1      # the last token
    assert weights[parse_cards("AsKs")[0], parse_cards("AsKs")[1]] == Fraction(1, 3)


def test_percent_ranges_take_whole_hands_from_the_ordering():
    """Shares of the 1,326 combos: the prefix of the committed ordering nearest the share,
    counted by hand here from the hands' combos (6 a pair, 4 suited, 12 offsuit)."""
    order = preflop_order()
    assert len(order) == 169 == len(set(order)) and order[0] == "AA" and order[-1] == "32o"
    assert combos("0.5%") == combos("AA")                       # 6.6 combos: AA's 6 nearest
    assert combos("1%") == combos("KK+")                        # 13.3: 12 nearer than 18
    cumulative = [0]
    for hand in order:                       # 6 a pair, 4 suited, 12 offsuit
        cumulative.append(cumulative[-1] + (6 if len(hand) == 2 else 4 if hand[2] == "s" else 12))
    assert cumulative[-1] == 1326
    for share in ("5", "10", "15", "33.3", "50", "7.5"):
        target = float(share) * 1326 / 100
        cut = min(range(170), key=lambda i: (abs(cumulative[i] - target), i))
        assert combos(f"{share}%") == combos(",".join(order[:cut]))
    assert combos("100%") == combos(ALL_HANDS)


def order_rows():
    return [line.split() for line in ORDER_FILE.read_text().splitlines()
            if line.strip() and not line.startswith("#")]


def test_the_preflop_ordering_is_exact_and_sums_to_a_half():
    """golden/equity/preflop_order.txt: the 169 hands once, sorted by their exact equity against a
    random hand, every row over all 2,097,572,400 completions; and, checked independently of
    how it was computed, the equities of all 1,326 hands average exactly one half (every
    matchup counted from both sides splits one pot)."""
    from pokerhdl.odds import preflop_order as script
    rows = order_rows()
    assert [r[0] for r in rows] == list(preflop_order())
    assert sorted(r[0] for r in rows) == sorted(script.every_class())
    assert {int(r[3]) for r in rows} == {math.comb(50, 5) * math.comb(45, 2)}
    units = [int(r[2]) for r in rows]
    assert units == sorted(units, reverse=True)
    combos_of = {r[0]: 6 if len(r[0]) == 2 else 4 if r[0][2] == "s" else 12 for r in rows}
    total = sum(combos_of[r[0]] * int(r[2]) for r in rows)
    assert 2 * total == 1326 * E.TIE_UNITS * int(rows[0][3])
    assert all(f"{100 * int(r[2]) / (E.TIE_UNITS * int(r[3])):7.3f}".strip() == r[1]
               for r in rows)


@pytest.mark.slow
def test_the_preflop_ordering_reproduces_from_its_script():
    """Two rows recomputed by the script (about 5 s each)."""
    from pokerhdl.odds import preflop_order as script
    rows = {r[0]: r for r in order_rows()}
    for name in ("AA", "32o"):
        assert script.class_equity(name) == (int(rows[name][2]), int(rows[name][3]))


def test_what_the_tokens_hold():
    assert combos("AKs") == {"AcKc", "AdKd", "AhKh", "AsKs"}
    assert combos("QQ") == {"Q" + b + "Q" + a for a, b in combinations("cdhs", 2)} == \
        {"QdQc", "QhQc", "QsQc", "QhQd", "QsQd", "QsQh"}           # the higher code first
    assert combos("ATs+") == combos("ATs,AJs,AQs,AKs")
    assert combos("KTo-K7o") == combos("KTo,K9o,K8o,K7o")
    assert combos("JJ-88") == combos("JJ,TT,99,88")
    assert combos("QQ+") == combos("QQ,KK,AA")
    assert combos("AK") == combos("AKs,AKo") and not combos("AKs") & combos("AKo")
    assert combos("AKs+") == combos("AKs") and combos("T9+") == combos("T9")
    assert set(parse_range(ALL_HANDS)) == {tuple(sorted(c, reverse=True))
                                           for c in combinations(DECK, 2)}
    assert parse_range("QQ+,AKs") == tuple(sorted(parse_range("AKs,QQ+")))


@pytest.mark.parametrize("text,token", [
    ("QQ+,AKx", "'AKx' is not a hand range"), ("QQs", "a pair is neither suited"),
    ("AKs-QTs", "same first card"), ("AKs-QTs", "same gap"), ("JJ-AKs", "'JJ-AKs'"),
    ("KTo-K7s", "same s/o"), ("T9s-54o", "same s/o"),
    ("AhAh", "Ah twice"), ("AhXx", "unknown card 'Xx'"), ("A", "'A' is not a hand range"),
    ("QQ+,", None), (" , ", "empty range"), ("QQ++", "'QQ++'"), ("AK-", "'AK-'"),
    ("AKs:x", "the weight 'x' is not a number"), ("AKs:-1", "the weight '-1'"),
    ("AKs:", "the weight ''"), ("AKs:1/0", "the weight '1/0'"), ("150%", "'150%'"),
    ("0%", "a share of the hands"), ("x%", "'x%'"), ("AA:0", "holds no hand"),
    ("AK:0,AKs:0", "holds no hand"),
])
def test_bad_ranges_name_the_token(text, token):
    if token is None:                                   # a trailing comma is only a separator
        assert len(parse_range(text)) == 18
        return
    with pytest.raises(RangeError) as err:
        parse_range(text)
    assert token in str(err.value) and isinstance(err.value, ValueError)


def brute_force(hero, ranges, board, known=(), dead=""):
    """Our own sum over the combos: every way to give the range seats a combo with no card
    shared, each setup run by the readable exact model, the counts added up; the equities
    averaged over the ways. ``known``: (seat, two cards) of opponents that are not ranges."""
    hero, board, dead = parse_cards(hero), parse_cards(board), parse_cards(dead)
    taken = set(hero + board + dead) | {c for _, h in known if h != "random"
                                        for c in parse_cards(h)}
    options = [[c for c in parse_range(r) if not taken & set(c)] for r in ranges]
    total, shares, ways = None, None, 0
    for chosen in _disjoint(options):
        seats = list(chosen)
        for seat, h in known:
            seats.insert(seat, parse_cards(h) if h != "random" else None)
        r = E.exact(E.Setup(hero, seats, board, dead))
        if total is None:
            total, shares = r, [0.0] * r.players
        else:
            total.trials += r.trials
            for p in range(r.players):
                total.wins[p] += r.wins[p]
                total.ties[p] += r.ties[p]
                total.tie_units[p] += r.tie_units[p]
        shares = [s + r.equity(p) for p, s in enumerate(shares)]
        ways += 1
    return total, [s / ways for s in shares], ways


def _disjoint(options, used=frozenset()):
    if not options:
        yield ()
        return
    for c in options[0]:
        if not used & set(c):
            for rest in _disjoint(options[1:], used | set(c)):
                yield (c,) + rest


EXACT_CASES = [   # hero, opponents, board, dead; the brute force's ranges and known seats
    (("AhKh", ["QQ"], "JhTh2c", ""), (["QQ"], [])),
    (("AhKh", ["QQ", "QQ-JJ"], "9h8h2c3d", ""), (["QQ", "QQ-JJ"], [])),
    (("7s7d", ["AKs,AQo", "random", "8c8d"], "AsKc5h2d9c", "Qh"),
     (["AKs,AQo"], [(1, "random"), (2, "8c8d")])),
    (("2c2d", ["random", "T9s+"], "Ts9s8d7c2h", ""), (["T9s+"], [(0, "random")])),
]


@pytest.mark.parametrize("case,independent", EXACT_CASES,
                         ids=["QQ-flop", "two-ranges-turn", "range-random-known-dead",
                              "random-then-range"])
def test_exact_equals_brute_force_over_the_combos(case, independent):
    hero, opponents, board, dead = case
    report = pokerhdl.equity(hero, *opponents, board=board, dead=dead, exact=True)
    total, equities, ways = brute_force(hero, independent[0], board, independent[1], dead)
    assert report.exact and report.setups == ways and report.trials == total.trials
    assert [(p.wins, p.ties, p.tie_units) for p in report.players] == \
        list(zip(total.wins, total.ties, total.tie_units))
    # every setup has as many completions, so the summed counts weigh every way alike
    assert [p.equity for p in report.players] == pytest.approx(equities, abs=1e-12)
    assert [p.cards for p in report.players][:2] == [hero, opponents[0].replace(" ", "")]


def test_the_range_of_all_hands_is_a_random_hand():
    """With card removal, every hand alike is what a random opponent holds: the same counts."""
    ranged = pokerhdl.equity("AhKh", ALL_HANDS, board="Qh7h2c3d", exact=True)
    random = pokerhdl.equity("AhKh", "random", board="Qh7h2c3d", exact=True)
    assert ranged.setups == 1035 == len(list(combinations(range(46), 2)))
    assert [(p.wins, p.ties, p.tie_units) for p in ranged.players] == \
        [(p.wins, p.ties, p.tie_units) for p in random.players]
    assert ranged.trials == random.trials == 1035 * 44


@pytest.mark.parametrize("hero,villain,board,seed", [
    ("AhKh", "QQ,JJ", "JhTh2c", 1), ("8h8d", "AJs+,KQs,TT+", "7c8s2d", 2 ** 100 + 3),
    ("AsKd", "22+", "Kh9c4s", 7)])
def test_monte_carlo_within_four_standard_errors(hero, villain, board, seed):
    exact = pokerhdl.equity(hero, villain, board=board, exact=True)
    mc = pokerhdl.equity(hero, villain, board=board, trials=200_000, seed=seed, lanes=4)
    each = -(-200_000 // exact.setups)
    assert mc.setups == exact.setups and mc.trials == each * exact.setups >= 200_000
    for m, x in zip(mc.players, exact.players):
        assert abs(m.equity - x.equity) <= 4 * m.stderr


def test_monte_carlo_sums_one_run_per_combo():
    """The range layer's counts are the sum of plain runs, combo i from setup_seed(seed, i)
    with ceil(trials / combos) trials, here by the readable model; the first is the seed."""
    report = pokerhdl.equity("AhKh", "QQ", board="JhTh2c", trials=1000, seed=9, lanes=3)
    wins = [0, 0]
    for i, q in enumerate(parse_range("QQ")):
        r = E.monte_carlo(E.Setup(parse_cards("AhKh"), [q], parse_cards("JhTh2c")), 167,
                          setup_seed(9, i), 3)
        wins = [a + b for a, b in zip(wins, r.wins)]
    assert report.trials == 6 * 167 and [p.wins for p in report.players] == wins
    assert setup_seed(9, 0) == 9 and len({setup_seed(9, i) >> 1 for i in range(50)}) == 50
    # a range of one combo is the plain run
    one = pokerhdl.equity("AhKh", "QcQd,", board="JhTh2c", trials=5000, seed=4)
    plain = pokerhdl.equity("AhKh", "QcQd", board="JhTh2c", trials=5000, seed=4)
    assert one.setups == 1 and one.players[1].cards == "QcQd"          # as a range
    assert [p.wins for p in one.players] == [p.wins for p in plain.players]


def test_progress_covers_the_whole_run_and_auto_mode_counts_every_setup(monkeypatch):
    calls = []
    report = pokerhdl.equity("AhKh", "QQ", board="JhTh2c",
                             progress=lambda done, total: calls.append((done, total)))
    assert report.exact and report.trials == 6 * 990          # auto: 5,940 completions
    assert {t for _, t in calls} == {5940} and calls[-1][0] == 5940
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)
    monkeypatch.setattr(calculator, "AUTO_EXACT_LIMIT", 5000)   # 990 alone is below it
    assert not pokerhdl.equity("AhKh", "QQ", board="JhTh2c").exact


@pytest.mark.parametrize("args,kwargs,message", [
    (("AhAs", "AA"), dict(board="Ad"), "opponent 1's range 'AA' has no hand left"),
    (("AhAs", "KK", "AA"), dict(dead="Ac"), "opponent 2's range 'AA' has no hand left"),
    (("AA", "AhKd"), dict(board="AcAd"), "the hero's range 'AA' has no hand left"),
    (("AhAs", "AcAd,", "AA"), {}, "no way to give each a hand"),
    (("AhAs", ALL_HANDS, ALL_HANDS), {}, "more than 200,000 setups"),
    (("AhKh", ALL_HANDS, "random"), dict(exact=True), "use Monte Carlo"),
    (("AhKh", "QQ+,AKx"), {}, "opponent 'QQ+,AKx': 'AKx' is not a hand range"),
])
def test_ranges_that_cannot_run_are_refused_clearly(args, kwargs, message):
    with pytest.raises(ValueError) as err:
        pokerhdl.equity(*args, **kwargs)
    assert message in str(err.value)


def test_hero_and_cards_keep_their_errors():
    with pytest.raises(RangeError, match="hero 'AhXx': 'AhXx' is not two cards"):
        pokerhdl.equity("AhXx", "AKs")                     # neither cards nor a range
    with pytest.raises(E.EquityError) as err:
        pokerhdl.equity("AhKhQh", "AKs")                   # cards, three of them
    assert err.value.code == E.ERR_CARD
    with pytest.raises(E.EquityError) as err:
        pokerhdl.equity("AhKh", "QsQhQd")                  # cards, three of them: as before
    assert err.value.code == E.ERR_CARD
    with pytest.raises(E.EquityError) as err:
        pokerhdl.equity("AhKh", "AhQs")                    # cards, one of them the hero's
    assert err.value.code == E.ERR_DUPLICATE
    with pytest.raises(RangeError, match="'AhQx' is not two cards: unknown card 'Qx'"):
        pokerhdl.equity("AhKh", "AhQx")                    # neither cards nor a range
    assert concrete_setups("AhKh", ["QsQd", None])[0].opponents == \
        ((card_code("Qs"), card_code("Qd")), None)


def run(*args):
    return subprocess.run([sys.executable, "-m", "pokerhdl", *args], capture_output=True,
                          text=True)


def test_cli_json_and_table_with_a_range():
    done = run("equity", "AhKh", "QQ", "--board", "JhTh2c", "--exact", "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    api = pokerhdl.equity("AhKh", "QQ", board="JhTh2c", exact=True)
    assert answer["setups"] == 6 and answer["trials"] == 5940 and answer["mode"] == "exact"
    assert [p["cards"] for p in answer["players"]] == ["AhKh", "QQ"]
    assert [p["wins"] for p in answer["players"]] == [p.wins for p in api.players]
    done = run("equity", "AhKh", "QQ+, AKs", "--trials", "1000", "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert "QQ+,AKs" in done.stdout and "15 setups" in done.stdout \
        and "1,005 trials (Monte Carlo, seed 3, 16 lanes; 15 setups" in done.stdout
    done = run("equity", "AhKh", "QQ+,AKx")
    assert done.returncode != 0 and "'AKx' is not a hand range" in done.stderr


# ------------------------------------------------------------------ every seat a range
def weighted_brute_force(players, board, dead=""):
    """Our own weighted sum over the concrete setups, by the readable model: ``players`` are
    range texts, two cards or "random" (a random opponent), hero first. Every way to give each
    range seat (a random hero too) a combo with no card shared is one setup of weight the product of its combos'
    exact weights (Fractions); the answer is each player's weighted share of the pot and win,
    as Fractions: sum(w * units) / (2520 * sum(w * trials))."""
    board, dead = parse_cards(board), parse_cards(dead)
    fixed = {j: parse_cards(p) for j, p in enumerate(players)
             if p != "random" and len(p) == 4 and p[1] in "cdhs"}
    taken = set(board + dead) | {c for h in fixed.values() for c in h}
    seats = [j for j, p in enumerate(players)            # a random hero: every hand alike
             if (p != "random" or j == 0) and j not in fixed]
    options = [[(c, w) for c, w in parse_weighted_range(players[j]) if not taken & set(c)]
               for j in seats]
    units, wins, trials, ways = [0] * len(players), [0] * len(players), 0, 0

    def ways_of(i, used):
        if i == len(options):
            yield (), Fraction(1)
            return
        for c, w in options[i]:
            if not used & set(c):
                for rest, v in ways_of(i + 1, used | set(c)):
                    yield (c,) + rest, w * v

    for chosen, weight in ways_of(0, frozenset()):
        hands = dict(zip(seats, chosen)) | fixed
        r = E.exact(E.Setup(hands[0], [hands.get(j) for j in range(1, len(players))],
                            board, dead))
        trials += weight * r.trials
        for p in range(len(players)):
            units[p] += weight * (E.TIE_UNITS * r.wins[p] + r.tie_units[p])
            wins[p] += weight * r.wins[p]
        ways += 1
    return ([u / (E.TIE_UNITS * trials) for u in units], [w / trials for w in wins], ways)


WEIGHTED_CASES = [   # players (hero first), board, dead
    (["QQ+", "AhKh"], "JhTh2c3d", ""),                             # a hero range, turn
    (["AKs:0.5,QQ", "JJ+,AQs:1/3"], "2c7d9hTs3c", ""),             # weights on both sides
    (["10%:0.5,AA", "JJ"], "AsKd7c2h3h", ""),                      # a share, weighted
    (["T9s-87s", "QQ:0.5,AKs", "8c8d", "J9o-T8o:0.25"], "Ks7c2d3h9s", "Qc"),   # multiway
    (["AKs:0.5,AhQh", "random"], "Kh7c2d3s9s", ""),                # a random opponent
    (["random", "KdKc"], "Kh7c2d3s9c", "As"),                       # a random hero
]


@pytest.mark.parametrize("players,board,dead", WEIGHTED_CASES,
                         ids=["hero-range", "weights", "percent", "multiway", "random-seat",
                              "random-hero"])
def test_weighted_exact_equals_the_brute_force(players, board, dead):
    report = pokerhdl.equity(*players, board=board, dead=dead, exact=True)
    shares, wins, ways = weighted_brute_force(players, board, dead)
    assert report.exact and report.setups == ways
    trials = report.weighted_trials or report.trials
    assert [Fraction(E.TIE_UNITS * p.wins + p.tie_units, E.TIE_UNITS * trials)
            for p in report.players] == shares                         # exactly
    assert [Fraction(p.wins, trials) for p in report.players] == wins
    assert [p.cards for p in report.players] == [x.replace(" ", "") for x in players]


def test_weighted_monte_carlo_draws_setups_by_weight():
    players, board = ["AKs:0.5,QQ", "JJ+,AQs:1/3"], "2c7d9h"
    exact = pokerhdl.equity(*players, board=board, exact=True)
    mc = pokerhdl.equity(*players, board=board, trials=60_000, seed=5, lanes=2)
    assert mc.trials == 60_000 and mc.weighted and not mc.exact
    for m, x in zip(mc.players, exact.players):
        assert abs(m.equity - x.equity) <= 4 * m.stderr
    shares = calculator.weighted_allocation(10_000, [1, 3, 0, 6], seed=1)
    assert sum(shares) == 10_000 and shares[2] == 0
    assert all(abs(s - 10_000 * w / 10) < 1 for s, w in zip(shares, [1, 3, 0, 6]))
