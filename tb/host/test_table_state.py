"""`pokerhdl serve --state` (pokerhdl/table/state.py, snapshot.py): the table server keeps its
word across crashes.

The file: SQLite in WAL mode, 0600 (and its -wal and -shm files), token hashes but never a
token. The golden table's snapshot: a table restored from it answers every later key byte for
byte as the table that was never stopped. And the whole: `pokerhdl serve --golden --state FILE`
in a subprocess, four scripted players, killed with SIGKILL at random moments and started again
each time with the same file: after every restart each player takes its seat back by its token,
every state any player received conserves the chips and shows no card but the player's own,
the board's and the hands shown, games are played to their end, and the hand histories written
across the crashes chain: each hand starts with the stacks the one before ended with, and every
hand replays in PokerKit (tb/support/phh_replay.py) to the stacks the table wrote."""

import asyncio
import json
import os
import random
import re
import signal
import socket
import sqlite3
import stat
import sys
import time

import pytest

from table_play import CARD, strings_in
from pokerhdl.golden.holdem.table import PHASE_BETTING, PHASE_GAME_OVER
from pokerhdl.table.client import TableClient
from pokerhdl.table.link import GoldenLink
from pokerhdl.table.view import LINE_SHOWN
from pokerhdl.table.snapshot import golden_state, restore_golden
from pokerhdl.table.state import StateFile, token_hash

# SIGKILLs of the server: a few in the regression (CI's), 100 in make deep (games played to
# their end: about a minute); STATE_KILLS sets make deep's
KILLS = int(os.environ.get("STATE_KILLS", 100))
QUICK_KILLS = 20
PLAYERS = 4
STACK = 1000                # serve --golden's
TOTAL = PLAYERS * STACK


def test_state_file_is_private_and_keeps_only_hashes(tmp_path):
    path = tmp_path / "table.db"
    store = StateFile(path)
    token = "0123456789abcdef" * 2
    store.save({"x": 1}, [(0, token_hash(token), "ann")])
    for name in ("table.db", "table.db-wal", "table.db-shm"):
        if (tmp_path / name).exists():
            assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o600, name
    assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    store.close()
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    assert token.encode() not in raw and token_hash(token).encode() in raw
    meta, seats, _, _ = StateFile(path).load()
    assert meta == {"x": 1} and seats == [(0, token_hash(token), "ann")]
    loose = tmp_path / "loose.db"
    loose.write_bytes(b"")
    os.chmod(loose, 0o644)
    StateFile(loose).close()
    assert stat.S_IMODE(loose.stat().st_mode) == 0o600        # made the owner's
    (tmp_path / "junk.db").write_text("not a database, just text\n" * 100)
    with pytest.raises(ValueError, match="not a table server's state file"):
        StateFile(tmp_path / "junk.db")


def drive(link, rng, keys):
    """``keys`` random inputs to a golden link (mostly legal actions, some refused); returns
    the table's answers."""
    out = []
    link.start(lambda data: out.append(data))
    t = link.table
    for _ in range(keys):
        if t.phase == PHASE_GAME_OVER:
            key = "n"
        elif t.phase != PHASE_BETTING:
            key = "d"
        else:
            key = rng.choice("fkcarbbbkcc") + (str(rng.randint(1, 400)) + "\r"
                                               if rng.random() < 0.5 else "")
            key = rng.choice([key, key, key, "t", f"s{rng.randint(0, 4)}\r", "x"])
        link.write(key.encode())
    return b"".join(out)


def test_golden_snapshot_goes_on_exactly():
    """A table restored from a snapshot taken anywhere answers as the one never stopped."""
    rng = random.Random(5)
    checked = 0
    for trial in range(40):
        seed = rng.randint(1, 1 << 60)
        a = GoldenLink(players=rng.randint(2, 4), seed=seed, stack=rng.choice([60, 200]))
        drive(a, random.Random(trial), rng.randint(0, 400))
        saved = json.loads(json.dumps(golden_state(a)))       # as the state file keeps it
        b = GoldenLink(players=a.table.n, seed=seed, stack=a.table.start_stack)
        restore_golden(b, saved)
        assert b.table.observe() == a.table.observe()
        # the same keys from here: the same answers, byte for byte (boot text: the table)
        after_b = drive(b, random.Random(1000 + trial), 300)
        after_a = drive(a, random.Random(1000 + trial), 300)
        assert after_b == after_a and len(after_a) > 1000
        assert b.table.observe() == a.table.observe() and b.rng.state == a.rng.state
        checked += 1
    assert checked == 40


# ---------------------------------------------------------------------- killed at random
class Bot:
    """A scripted player that keeps its token (as `pokerhdl join` does)."""

    def __init__(self, name, rng):
        self.name, self.rng = name, rng
        self.token = self.seat = None
        self.client = None
        self.states = 0

    async def join(self, port):
        self.client = TableClient()
        await self.client.connect("127.0.0.1", port)
        welcome = await self.client.join(name=self.name, token=self.token)
        assert welcome["role"] == "player", welcome
        if self.seat is not None:                  # its own seat back, by its token
            assert (welcome["seat"], welcome["token"]) == (self.seat, self.token), \
                ("a seat lost", self.name, welcome)
        self.token, self.seat = welcome["token"], welcome["seat"]


def check_private(bot, msg):
    """No card in a message but the player's own, the board's and the hands shown."""
    tb = msg["table"]
    allowed = set(msg["you"]["cards"] or []) | set(tb["board"])
    allowed |= {c for shown in tb["shown"].values() for c in shown["cards"]}
    # the log's public lines: a hand shown at a showdown, a street's board
    allowed |= {c for line in tb["log"] if LINE_SHOWN.match(line) or line.startswith("-- ")
                for c in CARD.findall(line)}
    seen = {c for text in strings_in(msg) for c in CARD.findall(text)}
    assert seen <= allowed, (bot.name, seen - allowed, msg)


async def play_until_killed(bots, port, rng, seen):
    """Join (or take the seats back), then play until the server's connection ends."""
    for bot in bots:
        await bot.join(port)

    async def run(bot):
        while True:
            try:
                msg = await bot.client.receive()
            except (ConnectionError, OSError, asyncio.IncompleteReadError):
                return                              # the server was killed
            if msg is None:
                return
            if msg["type"] != "state" or msg["you"]["seat"] is None:
                continue
            bot.states += 1
            tb = msg["table"]
            chips = sum(s["stack"] for s in tb["seats"]) + tb["pot"]
            assert chips == TOTAL, (bot.name, chips, tb)
            check_private(bot, msg)
            if tb["phase"] == "over":
                seen["over"].add((tb["winner"], max(s["stack"] for s in tb["seats"])))
            legal = msg["you"]["legal"]
            if not legal or (tb["phase"] == "betting" and tb["to_act"] != bot.seat):
                continue
            choice = bot.rng.choice(legal)
            passive = [a for a in legal if a["action"] in ("check", "call")]
            if passive and bot.rng.random() < 0.55:
                choice = passive[0]
            op = {"op": "act", "token": bot.token, "action": choice["action"]}
            if choice["action"] in ("deal", "new_game"):
                op = {"op": choice["action"], "token": bot.token}
            elif "min" in choice:
                op["amount"] = bot.rng.choice([choice["min"], choice["max"],
                                               bot.rng.randint(choice["min"], choice["max"])])
            try:
                await bot.client.send(op)
            except (ConnectionError, OSError):
                return
    return [asyncio.create_task(run(bot)) for bot in bots]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def start_server(state, history):
    port = free_port()
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "pokerhdl", "serve", "--golden", "--seed", "77",
        "--state", str(state), "--history", str(history), "--listen", f"127.0.0.1:{port}",
        "--auto-deal", "0", "--turn-time", "0", "--away-time", "0",
        stdin=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
        env=dict(os.environ, PYTHONPATH=os.getcwd()))
    said = []
    while True:
        line = (await asyncio.wait_for(proc.stderr.readline(), 30)).decode()
        assert line, "the server ended before it served:\n" + "".join(said)
        said.append(line)
        m = re.search(r" on 127\.0\.0\.1:(\d+);", line)
        if m:
            asyncio.get_running_loop().create_task(drain(proc.stderr))
            return proc, int(m.group(1))


async def drain(stream):
    while await stream.readline():
        pass


@pytest.mark.parametrize("kills", [QUICK_KILLS, pytest.param(KILLS, marks=[pytest.mark.deep,
                                                                       pytest.mark.deep_only])])
def test_killed_at_random_moments_goes_on(kills, tmp_path, record_property):
    state, history = tmp_path / "table.db", tmp_path / "hands"
    rng = random.Random(2024)
    bots = [Bot(f"bot{k}", random.Random(rng.random())) for k in range(PLAYERS)]
    seen = {"over": set()}

    async def main():
        t0 = time.perf_counter()
        for kill in range(kills + 1):
            proc, port = await start_server(state, history)
            tasks = await play_until_killed(bots, port, rng, seen)
            await asyncio.sleep(rng.uniform(0.02, 0.4) if kill < kills else 1.0)
            proc.send_signal(signal.SIGKILL)
            await proc.wait()
            done = await asyncio.gather(*tasks, return_exceptions=True)
            for result in done:
                if isinstance(result, BaseException):
                    raise result
            for bot in bots:
                bot.client.close()
        return time.perf_counter() - t0

    seconds = asyncio.run(asyncio.wait_for(main(), 600))
    assert stat.S_IMODE(state.stat().st_mode) == 0o600
    assert {bot.seat for bot in bots} == set(range(PLAYERS))
    # games were played to their end (in the long run): the winner held every chip
    assert (seen["over"] or kills < KILLS) and all(chips == TOTAL
                                                  for _, chips in seen["over"]), seen
    hands, replays = chain_of_hands(history)
    figure = (f"state: {kills} SIGKILLs of `serve --golden --state` in {seconds:.0f} s, "
              f"{hands} hands written across them ({replays} replayed in PokerKit), "
              f"games over won by {len(seen['over'])} different seats")
    print(figure)
    record_property("figure", figure)
    assert hands > kills


def chain_of_hands(history):
    """The written hands in order: each starts with the stacks the last one ended with (a
    new game: every stack back to the start) and replays in PokerKit to the stacks written."""
    if sys.version_info >= (3, 11):
        from phh_replay import odd_chips_only, replay_phh
    files = sorted(history.glob("*.phh"))
    serials = [int(p.stem.rsplit("-", 1)[1]) for p in files]
    assert serials == list(range(1, len(files) + 1)), "a hand lost or written twice"
    stacks = [STACK] * PLAYERS
    replays = 0
    for path in files:
        text = path.read_text()
        start = json.loads(re.search(r"^starting_stacks = (.*)$", text, re.M).group(1))
        end = json.loads(re.search(r"^finishing_stacks = (.*)$", text, re.M).group(1))
        seats = [s - 1 for s in json.loads(re.search(r"^seats = (.*)$", text, re.M)
                                           .group(1))]
        if start != [stacks[s] for s in seats]:
            # only a game over is followed by a new game: every seat starts again
            assert max(stacks) == TOTAL, ("a hand or a game lost", path, stacks, start)
            assert start == [STACK] * len(seats) and len(seats) == PLAYERS, (path, stacks)
            stacks = [STACK] * PLAYERS
        for s, chips in zip(seats, end):
            stacks[s] = chips
        assert sum(stacks) == TOTAL, path
        if sys.version_info >= (3, 11):
            hh, replayed = replay_phh(path)
            assert replayed in (None, end) or odd_chips_only(replayed, end, hh), path
            replays += replayed is not None
    return len(files), replays


@pytest.mark.soak
def test_emulated_rtl_replays_to_where_it_was():
    """The emulated RTL after a crash: a fresh model with every input replayed at its clock
    cycle sends what the one never stopped sent (count and hash, link.py checks them), and
    answers `t` with the same table; a replay that differs is refused."""
    from pokerhdl.table.link import EmulatorLink

    def answers(link, keys):
        """Start ``link`` (once), type each key and wait until the board is quiet."""
        if not hasattr(link, "heard"):
            link.heard = []
            link.start(link.heard.append)
        out = link.heard
        first = len(out)
        for key in keys:
            if key:
                link.write(key)
            heard = -1
            while heard != len(out):
                heard = len(out)
                time.sleep(0.5)
        return b"".join(out[first:])

    live = EmulatorLink("basys3_holdem")
    answers(live, [None, b"d", b"c", b"r60\r"])
    saved = json.loads(json.dumps(live.save()))     # as the state file keeps it
    inputs = [(cycle, bytes.fromhex(data)) for cycle, data in saved.pop("inputs")]
    table = answers(live, [b"t"])
    live.close()
    assert len(inputs) == 3 and table.startswith(b"Hand 1 preflop"), table

    again = EmulatorLink("basys3_holdem")
    again.restore(saved, inputs)
    assert again.emu.cycle == saved["cycle"]
    after = answers(again, [b"t"])
    again.close()
    assert after == table                           # the same hand, stacks and turn

    wrong = EmulatorLink("basys3_holdem")          # an input lost: not the same board
    with pytest.raises(ValueError, match="did not reach the saved state"):
        wrong.restore(dict(saved, cycle=inputs[1][0]), inputs[:1])
