"""`pokerhdl play` (pokerhdl/odds/play.py, pokerhdl/odds/bots.py): scripted games on the golden table.

The decks are stacked (the deal order is golden/holdem/table.py's documented one, rebuilt here) so
the outcomes are known before the game runs: a tie between two straights, a royal flush, a
bust. The bots of these games are calling stations (they never raise or fold), so their
moves are known too; the seeded games check what holds whatever happens: chips conserved,
legal bot moves, a seed replaying its game.
"""

import re
import subprocess
import sys

import pytest

from pokerhdl.odds.bots import Personality, decide, pot_odds
from pokerhdl.cli import main
from pokerhdl.golden.cards import parse_cards
from pokerhdl.golden.holdem.table import (ALLIN, BET, CALL, CHECK, FOLD, RAISE, Legal)
from pokerhdl.odds.play import Console, Game, parse_blinds, parse_command

STATION = Personality("Sam", "calls everything", tightness=0.0, looseness=1.0, raise_at=99.0,
                      sizing=0.5, bluff=0.0)
STATION2 = Personality("Tom", "calls everything", 0.0, 1.0, 99.0, 0.5, 0.0)


def stacked(n, dealer, holes, board):
    """A deck dealing ``holes`` {seat: "AhKh"} and ``board``: first cards to the seats from the
    dealer's left, then second cards in the same order, then the five board cards."""
    order = [(dealer + i) % n for i in range(1, n + 1)]
    cards = [parse_cards(holes[s]) for s in order]
    deck = [c[0] for c in cards] + [c[1] for c in cards] + parse_cards(board)
    return deck + [c for c in range(52) if c not in deck]


class Transcript:
    def __init__(self):
        self.parts = []

    def write(self, text):
        self.parts.append(text)

    def flush(self):
        pass

    @property
    def text(self):
        return "".join(self.parts)


def play(lines, **params):
    out = Transcript()
    game = Game(Console(lines, out=out), **params)
    outcome = game.run()
    return game, outcome, out.text


# ------------------------------------------------------------------------- outcomes known
def test_tie_is_split_and_reported_as_a_tie():
    # You (dealer) and Sam both make the jack-high straight; Tom has trips. Everyone calls
    # the big blind and checks down: a pot of 30, 15 to each of the two straights.
    deck = stacked(3, 0, {0: "TcJd", 1: "ThJs", 2: "2d2h"}, "2c7d8h9sKc")
    game, outcome, text = play(["c"] * 4, personalities=(STATION, STATION2), stack=1000,
                               decks=[deck], first_dealer=0, max_hands=1)
    assert outcome == "hands"
    assert game.table.stacks == [1005, 1005, 990]
    assert "Tie: " in text and "split the pot of 30" in text
    assert re.search(r"You +Tc Jd +Straight, jack high", text)
    assert re.search(r"Sam +Th Js +Straight, jack high", text)
    assert re.search(r"Tom +2d 2h +Three of a kind, twos", text)
    assert "Tom wins" not in text


def test_royal_flush_equity_and_winning_every_chip():
    # heads-up, you deal (small blind) and call; the flop makes your royal flush
    deck = stacked(2, 0, {0: "JsTs", 1: "9h9d"}, "AsKsQs2c3d")
    game, outcome, text = play(["c", "b 20", "a"], personalities=(STATION,), stack=100,
                               decks=[deck], first_dealer=0)
    preflop, flop = re.findall(r"Your equity: ([\d.]+)% against 1 random hand", text)[:2]
    assert 0 < float(preflop) < 100 and flop == "100.0"
    assert "Royal flush" in text and "You win! You hold all 200 chips" in text
    assert outcome == "won" and game.table.stacks == [200, 0]
    assert "Sam is out of chips" in text


def test_bust_is_game_over():
    deck = stacked(2, 0, {0: "7c2d", 1: "AhAd"}, "AsAc9h5s3d")
    game, outcome, text = play(["a", "this line is never read"], personalities=(STATION,),
                               stack=100, decks=[deck], first_dealer=0)
    assert outcome == "bust" and game.table.stacks == [0, 200]
    assert "You are out of chips after 1 hand. Game over." in text
    assert "Four of a kind, aces" in text and "never read" not in text


def test_bad_input_is_refused_with_a_message_and_changes_nothing():
    # three seats, you deal: first to act preflop, facing the big blind of 10
    deck = stacked(3, 0, {0: "7c2d", 1: "AhAd", 2: "KhKd"}, "AsAc9h5s3d")
    script = ["xyz", "k", "b 5", "b 99999", "r", "b abc", "c 10", "", "f"]
    game, outcome, text = play(script, personalities=(STATION, STATION2), decks=[deck],
                               first_dealer=0, max_hands=1)
    expected = ["! unknown command 'xyz'", "! you cannot check: 10 to call",
                "! too small: the smallest raise is to 20",
                "! you have 1000 chips: at most raise to 1000", "! r needs one amount",
                "! 'abc' is not an amount", "! c takes no amount", "! type a move"]
    found = [line for line in text.splitlines() if line.startswith("!")]
    assert len(found) == len(expected)
    assert all(f.startswith(e) for f, e in zip(found, expected)), found
    # the one move that went through is the fold: no chip of yours moved
    mine = [e.action for e in game.table.log if e.seat == 0]
    assert mine == [FOLD] and game.table.stacks[0] == 1000 and outcome == "hands"


def test_quit_and_end_of_input():
    _, outcome, text = play(["q"], bots=2, seed=1, first_dealer=0)
    assert outcome == "quit" and "You leave the table." in text
    _, outcome, text = play([], bots=2, seed=1, first_dealer=0)
    assert outcome == "end of input" and "(end of input)" in text


def test_all_in_run_out_shows_the_hands_and_the_pot_without_uncalled_chips():
    # hand 1: you win the blinds (1010 to 990); hand 2: your all-in is 20 more than Sam has
    first = stacked(2, 0, {0: "AhAd", 1: "7c2d"}, "AsKc9h5s3d")
    second = stacked(2, 1, {0: "KhKd", 1: "QcQd"}, "2s3c8h9sJd")
    game, outcome, text = play(["c", "k", "k", "k", "", "a"], personalities=(STATION,),
                               stack=1000, decks=[first, second], first_dealer=0)
    assert outcome == "won" and game.table.stacks == [2000, 0]
    hand2 = text[text.index("=== Hand 2"):]
    # the big blind of 10 was in: the all-in puts in the stack of 1000, a bet of 1010
    assert "You go all-in for 1000 (a bet of 1010 in all)" in hand2
    turned = hand2.index("--- All-in: the hands are turned up")
    assert turned < hand2.index("--- Flop")
    assert re.search(r"You +Kh Kd +equity 8\d\.\d%", hand2[turned:])
    assert re.search(r"Sam +Qc Qd +equity 1\d\.\d%", hand2[turned:])
    assert re.findall(r"\(pot (\d+)\)", hand2) == ["1980"] * 3
    assert "You win the pot of 1980" in hand2 and "20 uncalled chips go back" in hand2


# ------------------------------------------------------------------------- seeded games
def test_seeded_games_conserve_chips_and_replay_exactly():
    params = dict(bots=4, stack=200, blinds=(10, 20), max_hands=8)
    script = (["c"] * 12 + [""]) * 8
    game, outcome, text = play(script, seed=11, **params)
    assert game.history and outcome in ("hands", "bust", "won")
    for hand, stacks in game.history:
        assert sum(stacks) == 5 * 200, hand
    again = play(script, seed=11, **params)[2]
    other = play(script, seed=12, **params)[2]
    assert again == text and other != text
    assert "seed 11 (--seed 11 replays this game)" in text


def test_nine_bots_play_legal_moves():
    # the person folds (or checks for free) every hand; nine personalities play it out
    game, outcome, _ = play((["k", "f", ""] * 40), bots=9, seed=5, stack=300, max_hands=5)
    assert outcome in ("hands", "end of input") and game.table.hand_no >= 3
    assert all(sum(stacks) == 10 * 300 for _, stacks in game.history)
    assert {e.seat for e in game.table.log} == set(range(10))


# ------------------------------------------------------------------------- the bots
def legal(call=10, can_bet=False, can_raise=True, min_to=20, max_to=500):
    return Legal(seat=1, can_check=call == 0, call=call, can_bet=can_bet, can_raise=can_raise,
                 min_to=min_to, max_to=max_to, can_allin=True)


class NoLuck:
    """An rng whose every draw is 0.99: no bluff ever fires."""
    def random(self):
        return 0.99


def test_pot_odds():
    assert pot_odds(30, 10) == 0.25 and pot_odds(100, 0) == 0.0


def test_bot_calls_folds_raises_by_equity_against_pot_odds():
    p = Personality("P", "", tightness=1.0, looseness=0.0, raise_at=1.5, sizing=1.0, bluff=0.0)
    # heads-up facing 10 into 30: pot odds 25 %
    args = dict(opponents=1, pot=30, current_bet=10, to_call=10, raises=0, big_blind=10,
                rng=NoLuck())
    assert decide(p, 0.20, legal=legal(), **args) == (FOLD, 0)
    assert decide(p, 0.30, legal=legal(), **args) == (CALL, 0)
    action, amount = decide(p, 0.80, legal=legal(), **args)     # strength 1.6 >= 1.5
    assert action == RAISE and amount == 10 + 40                # + the pot after calling
    assert decide(p, 0.80, legal=legal(max_to=45), **args) == (ALLIN, 0)
    assert decide(p, 0.80, legal=legal(can_raise=False), **args) == (CALL, 0)
    free = dict(args, current_bet=0, to_call=0)
    assert decide(p, 0.20, legal=legal(0, True, False, 10), **free) == (CHECK, 0)
    assert decide(p, 0.90, legal=legal(0, True, False, 10), **free) == (BET, 30)
    # a re-raise needs more: after two raises this street, 0.8 only calls
    assert decide(p, 0.80, legal=legal(), **dict(args, raises=2)) == (CALL, 0)
    # before the flop a hand weaker than the tightness folds even when the call is cheap
    assert decide(p, 0.45, legal=legal(), preflop=True, **args) == (FOLD, 0)
    assert decide(p, 0.55, legal=legal(), preflop=True, **args) == (CALL, 0)


# ------------------------------------------------------------------------- parsing, CLI
def test_parse_command_and_blinds():
    assert parse_command("b40") == ("bet", "40") and parse_command("RAISE pot") == ("bet", "pot")
    assert parse_command("all in") == ("allin", None) and parse_command("K") == ("check", None)
    assert parse_command("bet")[0] is None and parse_command("zz")[0] is None
    assert parse_blinds("5/10") == (5, 10) and parse_blinds("20") == (10, 20)
    for bad in ("10/5", "0/0", "x", "1/2/3"):
        with pytest.raises(ValueError):
            parse_blinds(bad)


def test_cli_plays_a_script(tmp_path, capsys):
    script = tmp_path / "moves.txt"
    script.write_text("\n".join((["c"] * 10 + [""]) * 3) + "\n")
    main(["play", "--script", str(script), "--seed", "5", "--bots", "2", "--hands", "2",
          "--stack", "500", "--blinds", "10/20", "--no-color"])
    out = capsys.readouterr().out
    assert "Stacks 500, blinds 10/20, seed 5" in out and "=== Hand 2:" in out
    assert re.search(r"Your equity: \d+\.\d%", out) and "Final stacks after 2 hands" in out
    assert "\x1b" not in out


def test_cli_help_and_bad_options(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["play", "--help"])
    out = capsys.readouterr().out
    assert exit_.value.code == 0
    assert "r N, raise N" in out and "--bots" in out and "--script" in out
    for argv, message in ((["--bots", "10"], "1..9"), (["--blinds", "10/5"], "SB <= BB"),
                          (["--script", "/nonexistent/moves"], "cannot read the script"),
                          (["--stack", "5"], "cannot post a big blind")):
        with pytest.raises(SystemExit) as exit_:
            main(["play"] + argv)
        assert message in str(exit_.value.code)


def test_cli_reads_a_pipe():
    done = subprocess.run([sys.executable, "-m", "pokerhdl", "play", "--seed", "3", "--bots",
                           "1"], input="f\n\nq\n", capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Your move > f" in done.stdout or "[Enter] next hand, q quit > " in done.stdout
    assert "You leave the table." in done.stdout and "Final stacks" in done.stdout
