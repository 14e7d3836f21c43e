"""`pokerhdl serve --history` (pokerhdl/table/history.py) and `pokerhdl history`
(pokerhdl/table/history_cli.py): four scripted players on the golden table, short stacks (busts,
side pots, all-in run-outs, split pots), every hand written; each PHH hand is replayed action by
action in PokerKit (an independent engine: it refuses an action its rules do not allow) and its
stacks after the hand compared with the golden table's; the PokerStars text of each hand is read
by PokerKit's PokerStars parser and replayed the same way."""

import asyncio
import json
import os
import random
import stat
import subprocess
import sys
import warnings

import pytest

from table_play import play, watched_golden_link
from pokerhdl.golden.holdem.table import PHASE_BETTING
from pokerhdl.table.server import TableServer
from pokerhdl.table.state import TableState

STACK = 200
HANDS = 250

if sys.version_info >= (3, 11):         # PokerKit needs 3.11; the test extras install it there
    from pokerkit import HandHistory
    from phh_replay import odd_chips_only, replay_phh
else:
    pytest.skip("PokerKit needs Python 3.11", allow_module_level=True)


def golden_game(folder, seed=11, hands=HANDS):
    """Four players for ``hands`` hands with histories in ``folder``; returns the golden
    table's stacks at the end of each hand, in order."""
    link, truth = watched_golden_link(4, seed, STACK)
    ends = []

    def observe(ch, out):
        t = link.table
        if t.result is not None and t.phase != PHASE_BETTING and (
                not ends or ends[-1][0] is not t.result):
            ends.append((t.result, list(t.stacks)))
    link.observers.append(observe)

    async def main():
        state = TableState(None, folder, log=lambda text: None)
        server = TableServer(link, auto_deal=0.0, settle=0.05, log=lambda text: None,
                             state=state)
        port = await server.start()
        try:
            await play(port, 4, hands, random.Random(seed))
        finally:
            await server.close()
    asyncio.run(asyncio.wait_for(main(), 300))
    return [stacks for _, stacks in ends]


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hands")
    ends = golden_game(folder)
    return folder, ends


def test_every_hand_replays_in_pokerkit(game, record_property):
    folder, ends = game
    files = sorted(folder.glob("*.phh"))
    # every hand the table finished is written (the last one may still have been played)
    assert len(files) >= HANDS - 2 and len(files) in (len(ends), len(ends) - 1)
    showdowns = odd = short = 0
    for path, table_stacks in zip(files, ends):
        hh, stacks = replay_phh(path)
        table = [table_stacks[s - 1] for s in hh.seats]
        assert hh.finishing_stacks == table, path
        if stacks is None:
            short += 1
            continue
        if stacks != table:
            assert odd_chips_only(stacks, table, hh), (path, stacks, table)
            odd += 1
        showdowns += any(" sm " in a for a in hh.actions)
    figure = (f"history: {len(files) - short} of {len(files)} PHH hands replayed in PokerKit "
              f"({short} with a short big blind not), {showdowns} showdowns, {odd} with a pot "
              "split three ways or more (odd chips)")
    print(figure)
    record_property("figure", figure)
    assert showdowns > 20 and short < len(files) / 20


def test_pokerstars_text_reads_back_in_pokerkit(game):
    folder, _ = game
    read = skipped = 0
    for path in sorted(folder.glob("*.txt")):
        phh, stacks = replay_phh(path.with_suffix(".phh"))
        text = path.read_text()
        if stacks is None:
            stacks = phh.finishing_stacks
        # PokerKit's PokerStars parser takes a short all-in blind for the blind itself, and
        # refuses a raise nobody can answer (the table takes it; the excess comes back)
        if "and is all-in" in text.split("*** HOLE CARDS ***")[0] or any(
                "#" in a for a in phh.actions):
            skipped += 1
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            (hh,) = list(HandHistory.from_pokerstars(text, error_status=True))
            final = list(tuple(hh)[-1].stacks)
        assert dict(zip(hh.players, final)) == dict(zip(phh.players, stacks)), path
        read += 1
    print(f"{read} PokerStars hands read back, {skipped} left out")
    assert read > 0.8 * (read + skipped)


def test_history_files_are_private(game):
    folder, _ = game
    modes = {stat.S_IMODE(p.stat().st_mode) for p in folder.iterdir()}
    assert modes == {0o600}, modes
    assert not [p for p in folder.iterdir() if p.name.startswith(".")]  # no half-written file


def test_history_command(game, tmp_path):
    folder, _ = game
    first = sorted(folder.glob("*.phh"))[0]
    cmd = [sys.executable, "-m", "pokerhdl", "history"]
    env = dict(os.environ, PYTHONPATH=os.getcwd())
    out = subprocess.run(cmd + [str(first)], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("Hand 1") and "Preflop: " in out.stdout
    assert "After the hand: " in out.stdout
    every = subprocess.run(cmd + ["--json", str(folder)], capture_output=True, text=True,
                           env=env)
    hands = json.loads(every.stdout)
    assert len(hands) == len(list(folder.glob("*.phh")))
    assert all(h["variant"] == "NT" and h["players"] for h in hands)
    assert "usage" in subprocess.run(cmd + ["--help"], capture_output=True, text=True,
                                     env=env).stdout
    (tmp_path / "bad.phh").write_text("this is not = [toml\n")
    (tmp_path / "stud.phh").write_text('variant = "FT"\nantes = [0]\n'
                                       'blinds_or_straddles = [1]\nstarting_stacks = [5]\n'
                                       'actions = []\n')
    for path, reason in ((tmp_path / "missing.phh", "no such file"),
                         (tmp_path / "bad.phh", "not a PHH file"),
                         (tmp_path / "stud.phh", "no-limit Texas Hold'em"),
                         (tmp_path, "no .phh")):
        if path == tmp_path:
            for p in tmp_path.iterdir():
                p.unlink()
        bad = subprocess.run(cmd + [str(path)], capture_output=True, text=True, env=env)
        assert bad.returncode == 1 and reason in bad.stderr, (path, bad.stderr)
        assert "Traceback" not in bad.stderr
