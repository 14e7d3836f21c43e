"""The server's reading of the Hold'em terminal's text (pokerhdl/table/view.py): random play
through the golden terminal, keys of every kind (actions legal and not, amounts, deals, new
games, h, t), and after every answer the view must be the golden table's public state, every
field written out from the golden Table here, and the actions offered to the seat to act are
the golden table's (no raise it would refuse). Garbled lines change nothing."""

import random

from table_play import public_of, view_of
from pokerhdl.golden.holdem.table import PHASE_BETTING, PHASE_GAME_OVER, Table
from pokerhdl.golden.holdem.terminal import HoldemTerminal
from pokerhdl.golden.rng import XorShift128
from pokerhdl.golden.shuffle import deal
from pokerhdl.table.view import TableView


def view_fields(view):
    """The view's public state in the fields the golden table is written out in."""
    return view_of({"table": view.public()})


def feed(view, text):
    for line in text.split("\n"):
        view.line(line)


def test_view_follows_the_golden_table():
    for players, stack, seed in ((4, 200, 5), (3, 60, 6), (2, 1000, 7)):
        rng = XorShift128(seed)
        t = Table(players, start_stack=stack)
        term = HoldemTerminal(t, lambda: deal(rng, 2 * players + 5).cards)
        view = TableView()
        feed(view, term.boot())
        r = random.Random(seed)
        games = 0
        for _ in range(6000):
            if t.phase == PHASE_GAME_OVER:
                keys, games = "n", games + 1
            elif t.to_act == t.no_seat:
                keys = r.choice("dddt")
            else:
                keys = r.choice(["f", "k", "c", "a", "c", "k", "h", "t", "x",
                                 f"b{r.randrange(1, stack)}\r", f"r{r.randrange(1, 2 * stack)}\r"])
            feed(view, "".join(term.key(ch) for ch in keys))
            assert view_fields(view) == public_of(t), keys
            assert view.current_bet == (t.current_bet if t.to_act != t.no_seat else
                                        max(t.street_bet) if t.phase == PHASE_BETTING else 0)
            if t.phase == PHASE_BETTING and t.to_act != t.no_seat:
                offered = {a["action"] for a in view.legal(t.to_act)}
                legal = t.legal()
                assert ("bet" in offered, "raise" in offered, "allin" in offered) == (
                    legal.can_bet, legal.can_raise, legal.can_allin), (offered, legal)
        assert games >= (1 if stack < 1000 else 0)


def test_garbled_lines_change_nothing():
    view = TableView()
    feed(view, "Hand 3 flop pot 40 board Ah 7c 2d\r\nP0 D stack 980 bet 0\r\n"
               "P1 stack 980 bet 0\r\nP0 to act, stack 980, to call 0, min raise to 10\r\n")
    before = view_fields(view)
    for line in ("P99 folds", "P12 stack 5 bet 0", "P11 to act, stack 1, to call 0, min "
                 "raise to 1", "\x00\xff garbage", "P0 cards Ah Kd", "! not your turn", ""):
        assert view.line(line)[0] in (None, "hole", "refused")
        assert view_fields(view) == before


def test_a_showdown_names_what_decides_it_after_its_header():
    """Two pairs of twos: each named with the kicker that decides (golden showdown_names),
    in the state and in the log, with the showdown's header before the hands and the result;
    an all-in run-out's hands are named once its board is whole. Tied hands and hands of
    other names keep the plain name."""
    from pokerhdl.golden.cards import parse_cards
    from pokerhdl.golden.hands import rank7
    from pokerhdl.golden.naming import showdown_names
    board = parse_cards("2c 7d Jh 5s 9c")
    words = [rank7(parse_cards(h) + board) for h in ("Ad 2d", "Th 2h", "Ah 2s", "8c 8d")]
    assert showdown_names(words) == ["Pair of twos, ace kicker", "Pair of twos, jack kicker",
                                     "Pair of twos, ace kicker", "Pair of eights"]
    assert showdown_names([words[0], None, words[2]]) == ["Pair of twos", None, "Pair of twos"]
    ak, aq = (rank7(parse_cards(h) + parse_cards("2c 7d 3h 5s 9c")) for h in ("Ad Kd", "Ah Qs"))
    assert showdown_names([ak, aq]) == ["High card, ace high, king kicker",
                                        "High card, ace high, queen kicker"]
    hole1, hole0 = parse_cards("Th 2h"), parse_cards("Ad 2d")   # heads-up: the big blind first
    for keys in ("ckkkkkkk", "ac"):
        t = Table(2, start_stack=100, small_blind=1, big_blind=2)
        term = HoldemTerminal(t, lambda: [hole1[0], hole0[0], hole1[1], hole0[1]] + board)
        view = TableView()
        feed(view, term.boot() + term.key("d"))
        for key in keys:
            feed(view, term.key(key))
        shown = view.public()["shown"]
        assert {k: v["hand"] for k, v in shown.items()} == {
            "0": "Pair of twos, ace kicker", "1": "Pair of twos, jack kicker"}, shown
        log = view.public()["log"]
        at = next(i for i, line in enumerate(log) if line.startswith("-- showdown"))
        assert log[at + 1:at + 4] == ["P0 Ad 2d Pair of twos, ace kicker",
                                      "P1 Th 2h Pair of twos, jack kicker", "P0 collects " +
                                      ("4" if keys[0] == "c" else "200")], log
        assert sum(line.startswith("-- showdown") for line in log) == 1, log
