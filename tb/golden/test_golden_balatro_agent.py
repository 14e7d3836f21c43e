"""The agent of the golden run (golden/balatro/agent.py) and its command
(golden/balatro/trials.py): its helpers on hands worked by hand, runs that repeat from their
numbers and whose every move the run accepts, the worked example in docs/balatro.md equal to
what the command tells today, and the command's help, JSON and refusals."""

import json
import re
import subprocess
import sys
from pathlib import Path

from pokerhdl.golden.balatro.game import Rules
from pokerhdl.golden.balatro.agent import (Agent, arranged, longest_run, projected, run_seed,
                                           selections)
from pokerhdl.golden.balatro.jokers import JOKER_NAMES
from pokerhdl.golden.balatro.run import BalatroRun
from pokerhdl.golden.balatro.trials import one_run, play_runs, summary, tell
from pokerhdl.golden.cards import parse_cards

ROOT = Path(__file__).resolve().parents[2]
J = {name: k for k, name in enumerate(JOKER_NAMES)}


def test_helpers_by_hand():
    assert len(selections(8)) == 8 + 28 + 56 + 70 + 56 == 218
    assert selections(2) == [1, 2, 3]
    # 5 6 7 8 and 9 J: the run is 5..8; an ace counts low beside 2 3 4
    assert longest_run(parse_cards("5h 6c 7d 8s 9h Jc")) == {3, 4, 5, 6, 7}
    assert longest_run(parse_cards("Ah 2c 3d 4s Tc")) == {12, 0, 1, 2}
    assert arranged([J["The Duo"], J["Joker"], J["The Trio"], J["Jolly Joker"]]) == \
        [J["Joker"], J["Jolly Joker"], J["The Duo"], J["The Trio"]]
    assert run_seed(0) != run_seed(1) and 0 < run_seed(7) < 1 << 128
    # a scaling joker is valued 8 plays ahead: Spare Trousers at 1 after eight more two pairs
    # is at 9 (+18 mult), Green Joker at 2 at 10; a pair does not grow Trousers
    two_pair = parse_cards("9h 9c 5d 5s")
    held = [(J["Spare Trousers"], 1), (J["Green Joker"], 2), (J["Joker"], 0)]
    assert projected(two_pair, held) == ([J["Spare Trousers"], J["Green Joker"], J["Joker"]],
                                         [9, 10, 0])
    assert projected(parse_cards("8h 8c"), held)[1] == [1, 10, 0]


def test_junk_is_the_familys():
    """Pairs: the singletons, lowest first; with the flush jokers, the cards off the
    commonest suit."""
    run = BalatroRun(1)
    run.hand = parse_cards("Kh Kd 9s 2c 7h 7c 4d Ah")
    agent = Agent()
    assert agent.family(run) == "pairs"
    assert [run.hand[i] for i in agent.junk(run)] == parse_cards("2c 4d 9s Ah")
    run.jokers = [J["Droll Joker"], J["Crafty Joker"], J["The Tribe"]]
    run.counters = [0, 0, 0]
    assert agent.family(run) == "flush"
    assert [run.hand[i] for i in agent.junk(run)] == parse_cards("2c 4d 7c 9s Kd")


def test_runs_repeat_and_every_move_is_accepted():
    """Agent.play asserts that the run accepted each move; the same numbers give the same
    ends, with one process or two."""
    first = play_runs(4, first=30)
    assert first == play_runs(4, first=30, jobs=2)
    assert [r[0] for r in first] == [30, 31, 32, 33]
    assert all(1 <= r[2] <= 8 and r[4] >= 0 for r in first)
    s = summary(first, 1.0)
    assert s["runs"] == 4 and sum(s["lost_at_ante"].values()) + s["won"] == 4


def test_the_worked_example_is_todays():
    """docs/balatro.md tells a won run exactly as `--show N` tells it now."""
    text = (ROOT / "docs" / "balatro.md").read_text()
    n = int(re.search(r"--show (\d+)", text)[1])
    told = tell(n)
    assert told in text and told.endswith("Run won")
    assert one_run(n)[1]


def command(*args):
    return subprocess.run([sys.executable, "-m", "pokerhdl.golden.balatro.trials", *args],
                          capture_output=True, text=True, cwd=ROOT)


def test_command_help_json_and_refusals():
    done = command("--help")
    assert done.returncode == 0 and "--runs" in done.stdout and "--show" in done.stdout
    done = command("--runs", "2", "--first", "5", "--json")
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["runs"] == 2 and figures["first"] == 5
    assert set(figures["lost_at_ante"]) == {str(a) for a in range(1, 9)}
    for bad in (["--start-jokers", "Nobody"], ["--runs", "0"], ["--runs", "x"]):
        done = command(*bad)
        assert done.returncode == 2 and "error" in done.stderr
    assert Rules().antes == 8
