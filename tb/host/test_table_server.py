"""`pokerhdl serve` and `pokerhdl join` (pokerhdl/table/server.py, table_client.py) with the
golden table behind the server: the golden terminal sends the bytes the RTL sends (the board
and emulator tests check that), at once, so four clients play hundreds of hands here in
seconds; tb/host/test_emulator.py plays through the server against the RTL itself.

Every state a client received is compared with the golden table at the moment it was drawn;
chips are conserved; no client ever receives another seat's hole cards before the showdown
(checked over every string of every message); refusals (garbage, out of turn, wrong tokens)
change nothing; a client dropped mid-hand takes its seat back and the hand goes on."""

import asyncio
import json
import os
import random
import re
import socket
import subprocess
import sys
import time

import pytest

from table_play import Player, check_views, play, public_of, watched_golden_link
from pokerhdl.golden.cards import format_cards
from pokerhdl.table.client import ClientError, TableClient, client_lines, key_message
from pokerhdl.table.server import TableServer

STACK = 200                     # short stacks: busts, side pots and game overs come often


def golden_server(players=4, seats=4, seed=3, stack=STACK, auto_deal=0.0):
    link, truth = watched_golden_link(seats, seed, stack)
    server = TableServer(link, players=players, auto_deal=auto_deal, settle=0.05,
                         log=lambda text: None)
    return server, link, truth


def run(coroutine, limit=180):
    return asyncio.run(asyncio.wait_for(coroutine, limit))


def test_four_clients_play_hundreds_of_hands():
    async def main():
        server, link, truth = golden_server()
        port = await server.start()
        try:
            players = await play(port, 4, 300, random.Random(7))
        finally:
            await server.close()
        return players, link, truth

    players, link, truth = run(main())
    checked = check_views(players, truth, 4 * STACK)
    games = sum(1 for p in players for s in p.states if s["table"]["phase"] == "over")
    showdowns = sum(1 for s in players[0].states if s["table"]["shown"])
    print(f"{checked} states checked, {games} game-over states, {showdowns} showdown states")
    assert checked > 3000 and games and showdowns
    assert all(p.refusals for p in players)     # random amounts below the minimum: refused
    # hands were numbered on the table behind (a new game starts again at 0: the last action
    # may have been one)
    assert max(s["table"]["hand"] for p in players for s in p.states) >= 1


def test_refusals_change_nothing():
    async def main():
        server, link, truth = golden_server(auto_deal=None)
        port = await server.start()
        a, b = Player("ann", random.Random(1)), Player("bob", random.Random(2))
        await a.connect(port)
        await b.connect(port)
        c, d = Player("cy", random.Random(3)), Player("di", random.Random(4))
        await c.connect(port)
        await d.connect(port)
        await a.client.send({"op": "deal", "token": a.client.token})
        state = await until(a.client, lambda m: m["type"] == "state"
                            and m["table"]["phase"] == "betting")
        before = public_of(link.table), server.received
        to_act = state["table"]["to_act"]
        acting = [a, b, c, d][to_act]
        other = [a, b, c, d][(to_act + 1) % 4]
        raw_socket = await asyncio.open_connection("127.0.0.1", port)
        reasons = []

        async def refused(client, message=None, raw=None):
            if raw is not None:
                client.writer.write(raw)
            else:
                await client.send(message)
            msg = await until(client, lambda m: m["type"] == "refused")
            reasons.append(msg["reason"])
            return msg["reason"]

        probe = TableClient()
        probe.reader, probe.writer = raw_socket
        assert "JSON" in await refused(probe, raw=b"\xff\xfe garbage\n")
        assert "JSON" in await refused(probe, raw=b"hello\n")
        assert "not a JSON object" in await refused(probe, raw=b"[1, 2]\n")
        assert "unknown op" in await refused(probe, {"op": "fly"})
        assert "at most 4096" in await refused(probe, raw=b"{" + b" " * 5000 + b"}\n")
        assert "join a seat first" in await refused(probe, {"op": "act", "action": "fold"})
        assert "not your turn" in await refused(other.client, {
            "op": "act", "token": other.client.token, "action": "fold"})
        assert "wrong token" in await refused(other.client, {
            "op": "act", "token": acting.client.token, "action": "fold"})
        assert "wrong token" in await refused(acting.client, {"op": "act", "action": "fold"})
        for amount in (None, -5, 0, "40", True, 2.5):
            assert "needs an amount" in await refused(acting.client, {
                "op": "act", "token": acting.client.token, "action": "raise",
                "amount": amount})
        assert "unknown action" in await refused(acting.client, {
            "op": "act", "token": acting.client.token, "action": "steal"})
        assert "already at the table" in await refused(acting.client, {"op": "join"})
        assert "hand is being played" in await refused(a.client, {"op": "deal",
                                                                   "token": a.client.token})
        assert "not over" in await refused(a.client, {"op": "new_game",
                                                      "token": a.client.token})
        assert "name is" in await refused(probe, {"op": "join", "name": "x" * 40})
        assert "unknown token" in await refused(probe, {"op": "join", "token": "nope"})
        assert (public_of(link.table), server.received) == before      # nothing reached it
        # an amount outside the seat's legal range is the server's refusal (nothing
        # reaches the table but a legal action), and changes nothing either
        assert "below the minimum" in await refused(acting.client, {
            "op": "act", "token": acting.client.token, "action": "raise", "amount": 11})
        assert public_of(link.table) == before[0]
        # a fifth client watches: public states, no cards, no actions
        await probe.send({"op": "join", "name": "eve"})
        welcome = await until(probe, lambda m: m["type"] == "welcome")
        assert welcome["role"] == "watcher"
        watched = await until(probe, lambda m: m["type"] == "state")
        assert watched["you"] == {"seat": None, "role": "watcher", "cards": None, "legal": []}
        await acting.client.send({"op": "act", "token": acting.client.token, "action": "call"})
        watched = await until(probe, lambda m: m["type"] == "state")
        assert watched["table"]["to_act"] != to_act
        for p in (a, b, c, d):
            p.client.close()
        probe.writer.close()
        await server.close()
        return reasons

    reasons = run(main(), 60)
    assert len(reasons) == 22


def test_every_player_has_their_cards_from_the_deal():
    """The server reads each seat's cards at the deal (the table's s<seat>), so a
    player whose turn has not come, or never comes, holds their cards at once; a cards request
    from a player whose turn it is not is answered, with that player's cards alone."""
    async def main():
        server, link, truth = golden_server(auto_deal=None)
        port = await server.start()
        try:
            players = [Player(name, random.Random(k))
                       for k, name in enumerate(("ann", "bob", "cy", "di"))]
            for p in players:
                await p.connect(port)
            await players[0].client.send({"op": "deal", "token": players[0].client.token})
            dealt = [await until(p.client, lambda m: m["type"] == "state"
                                 and m["table"]["phase"] == "betting" and m["you"]["cards"])
                     for p in players]
            to_act = dealt[0]["table"]["to_act"]
            waiting = players[(to_act + 1) % 4]
            await waiting.client.send({"op": "cards", "token": waiting.client.token})
            asked = await until(waiting.client, lambda m: m["type"] == "state")
            return dealt, asked, (to_act + 1) % 4, [list(h) for h in link.table.hole]
        finally:
            await server.close()

    dealt, asked, waiting, hole = run(main())
    for state in dealt:
        seat = state["you"]["seat"]
        assert state["you"]["cards"] == format_cards(hole[seat]).split(), seat
    assert asked["you"]["seat"] == waiting
    assert asked["you"]["cards"] == format_cards(hole[waiting]).split()


async def until(client, wanted, limit=10.0):
    """The next message the client receives that ``wanted`` accepts."""
    async def wait():
        while True:
            msg = await client.receive()
            assert msg is not None, "the server closed the connection"
            if wanted(msg):
                return msg
    return await asyncio.wait_for(wait(), limit)


def test_dropped_client_takes_its_seat_back_mid_hand():
    async def main():
        server, link, truth = golden_server(auto_deal=None)
        port = await server.start()
        players = [Player(f"p{k}", random.Random(k)) for k in range(4)]
        for p in players:
            await p.connect(port)
        await players[0].client.send({"op": "deal", "token": players[0].client.token})
        state = await until(players[0].client, lambda m: m["type"] == "state"
                            and m["table"]["phase"] == "betting")
        seat = state["table"]["to_act"]
        gone = players[seat]
        token = gone.client.token
        cards = (await until(gone.client, lambda m: m["type"] == "state"
                             and m["you"]["cards"] is not None))["you"]["cards"]
        gone.client.writer.transport.abort()            # killed, no goodbye
        watcher = players[(seat + 1) % 4].client
        away = await until(watcher, lambda m: m["type"] == "state"
                           and not m["players"][seat]["connected"])
        assert away["table"]["to_act"] == seat                  # the hand waits for it
        back = Player("again", random.Random(9))
        welcome = await back.connect(port, token=token)
        assert welcome["seat"] == seat and welcome["name"] == f"p{seat}"
        state = await until(back.client, lambda m: m["type"] == "state")
        assert state["you"]["cards"] == cards and state["you"]["legal"]
        await back.client.send({"op": "act", "token": token, "action": "call"})
        moved = await until(watcher, lambda m: m["type"] == "state"
                            and m["table"]["to_act"] != seat)
        assert moved["players"][seat]["connected"]
        assert link.table.hand_no == 1 and public_of(link.table)["to_act"] != seat
        # a second connection with the token takes the seat over; the first is told why
        again = TableClient()
        await again.connect("127.0.0.1", port)
        await again.join(token=token, take_over=True)
        bye = await until(back.client, lambda m: m["type"] == "bye")
        assert "taken back" in bye["reason"]
        for p in players:
            p.client.close()
        again.close()
        await server.close()

    run(main(), 60)


def test_busted_players_watch_and_house_seats_play():
    """Two players and two house seats (check or fold); short stacks bust somebody; a busted
    player's role is watcher until the new game."""
    async def main():
        server, link, truth = golden_server(players=2, stack=30)
        port = await server.start()
        roles = set()

        def on_state(p, msg):
            if msg["table"]["seats"][p.client.seat]["status"] == "out":
                roles.add(msg["you"]["role"])
        try:
            players = await play(port, 2, 60, random.Random(5), on_state=on_state, calls=0.2)
        finally:
            await server.close()
        return players, truth, roles

    players, truth, roles = run(main())
    check_views(players, truth, 4 * 30)
    assert roles == {"watcher"}
    assert [p.client.seat for p in players] == [0, 1]


def test_two_players_at_four_seats_a_settled_showdown_named_in_the_log():
    """With two of four seats taken, the free seats sit out at the table: the two play
    heads-up, dealt at once (nobody presses deal), and no chip, card or turn goes to a seat
    nobody holds; after a river bet and call the showdown's table says pot 0 and shows no
    bet; the screen's log names the players wherever a seat is written."""
    async def main():
        server, link, truth = golden_server(players=4, auto_deal=0.0)
        port = await server.start()
        ann, bob = TableClient(), TableClient()
        for client, name in ((ann, "Ann"), (bob, "Bob")):
            await client.connect("127.0.0.1", port)
            await client.join(name=name)
        by_seat, states = {ann.seat: ann, bob.seat: bob}, []
        while True:
            state = await until(ann, lambda m: m["type"] == "state"
                                and m["table"]["hand"] == 1)
            states.append(state)
            t = state["table"]
            if t["phase"] != "betting":
                break
            assert t["to_act"] in by_seat, t           # never waits for a free seat
            me = by_seat[t["to_act"]]
            if me is bob:
                state = await until(bob, lambda m: m["type"] == "state"
                                    and m["table"]["to_act"] == bob.seat
                                    and m["received"] == states[-1]["received"])
            move = ({"action": "bet", "amount": 30} if t["street"] == "river"
                    and t["to_call"] == 0 else {"action": "call" if t["to_call"] else "check"})
            await me.send({"op": "act", "token": me.token, **move})
        for c in (ann, bob):
            c.close()
        await server.close()
        return states[-1]

    final = run(main(), 60)
    t = final["table"]
    free = [k for k, p in enumerate(final["players"]) if not p["taken"]]
    assert len(free) == 2 and t["street"] == "showdown" and t["pot"] == 0
    assert [(s["status"], s["away"], s["stack"]) for k, s in enumerate(t["seats"])
            if k in free] == [("folded", True, STACK)] * 2
    assert not [line for line in t["log"] for k in free
                if re.match(rf"P{k} (posts|folds|checks|calls|bets|raises)", line)], t["log"]
    assert sum(s["stack"] for s in t["seats"]) == 4 * STACK
    assert all(s["bet"] == 0 for s in t["seats"]), t["seats"]
    assert set(t["shown"]) == {"0", "1"}
    assert any(re.fullmatch(r"P[01] bets 30", line) for line in t["log"])
    lines = client_lines(final, {"name": "Ann"})
    assert lines[0].startswith("Hold'em  hand 1  showdown  pot 0")
    first = lines.index("  seat   name              stack     bet  state") + 1
    seats = lines[first:first + 4]
    assert all(re.search(r" 0  ", line) for line in seats), seats
    log = lines[lines.index("Last actions:") + 1:]
    assert any(re.fullmatch(r"  (Ann|Bob) bets 30", line) for line in log), log
    assert not any(re.search(r"P[01]\b", line) for line in log), log
    over = dict(final, table=dict(t, log=["Game over, P1 wins"]))
    assert "  Game over, Bob wins" in client_lines(over, None)


def test_client_screen_and_keys():
    state = {"table": {"hand": 3, "street": "flop", "pot": 60, "board": ["Ah", "7c", "2d"],
                       "dealer": 0, "to_act": 1, "to_call": 20, "min_raise_to": 40,
                       "current_bet": 20, "phase": "betting", "winner": None,
                       "seats": [{"stack": 180, "bet": 20, "status": "in"},
                                 {"stack": 200, "bet": 0, "status": "in"},
                                 {"stack": 0, "bet": 0, "status": "out"}],
                       "shown": {}, "log": ["-- hand 3 --", "P0 bets 20"]},
             "players": [{"name": "ann", "house": False, "taken": True, "connected": True},
                         {"name": "bob", "house": False, "taken": True, "connected": False},
                         {"name": None, "house": True, "taken": False, "connected": False}],
             "you": {"seat": 1, "role": "player", "cards": ["Kd", "Kh"],
                     "legal": [{"action": "fold", "key": "f"},
                               {"action": "call", "key": "c", "amount": 20},
                               {"action": "raise", "key": "r", "min": 40, "max": 200},
                               {"action": "allin", "key": "a", "amount": 200}]},
             "received": 0}
    lines = client_lines(state, {"name": "bob"})
    assert lines[0] == "Hold'em  hand 3  flop  pot 60   you: player P1 (bob)"
    assert "Board: Ah 7c 2d" in lines
    assert "> P1    bob (away)          200       0   <- you" in lines
    assert "  P2    (house)               0       0  out" in lines
    assert "Your cards: Kd Kh" in lines
    assert "Keys: f fold  c call 20  r<n> raise 40..200  a all-in 200  q quit" in lines
    assert key_message("b 40", "T") == {"op": "act", "token": "T", "action": "bet",
                                        "amount": 40}
    assert key_message("R80", "T")["amount"] == 80
    assert key_message("d", "T") == {"op": "deal", "token": "T"}
    for bad in ("b", "bx", "z", "c 5", ""):
        with pytest.raises(ValueError):
            key_message(bad, "T")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_command_line_serve_and_join(tmp_path):
    """The programs: `pokerhdl serve --golden`, `pokerhdl join --json` (keys on stdin, one
    player, three house seats), the token kept for a second join; clear errors."""
    port = free_port()
    env = dict(os.environ, XDG_STATE_HOME=str(tmp_path), PYTHONUNBUFFERED="1")
    cmd = [sys.executable, "-m", "pokerhdl"]
    server = subprocess.Popen(cmd + ["serve", "--golden", "--players", "1", "--listen",
                                     f"127.0.0.1:{port}", "--auto-deal", "0"],
                              stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert "serving the golden table" in server.stderr.readline()
        client = subprocess.Popen(cmd + ["join", f"127.0.0.1:{port}", "--name", "solo",
                                         "--json"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, env=env)
        try:
            deadline = time.monotonic() + 30
            seen, welcome = [], None
            while time.monotonic() < deadline:
                msg = json.loads(client.stdout.readline())
                seen.append(msg)
                if msg["type"] == "welcome":
                    welcome = msg
                if msg["type"] == "state" and msg["you"]["legal"] and \
                        msg["table"]["to_act"] == 0:
                    if any(a["action"] == "check" for a in msg["you"]["legal"]):
                        break
                    client.stdin.write("c\n")
                    client.stdin.flush()
            assert welcome["seat"] == 0 and welcome["role"] == "player"
            client.stdin.write("b 20\n")
            client.stdin.flush()
            while time.monotonic() < deadline:
                msg = json.loads(client.stdout.readline())
                if msg["type"] == "state" and "P0 bets 20" in msg["table"]["log"]:
                    break
            else:
                raise AssertionError("the bet did not reach the table")
            client.stdin.write("zz\n")
            client.stdin.flush()
            while msg["type"] != "error":
                msg = json.loads(client.stdout.readline())
            assert "unknown key" in msg["reason"]
            client.stdin.write("q\n")
            client.stdin.flush()
            assert client.wait(10) == 0
        finally:
            client.kill()
        saved = json.loads((tmp_path / "pokerhdl" / "seats.json").read_text())
        assert saved[f"127.0.0.1:{port}"] == welcome["token"]
        again = subprocess.run(cmd + ["join", f"127.0.0.1:{port}", "--json"], input="q\n",
                               capture_output=True, text=True, env=env, timeout=30)
        assert json.loads(again.stdout.splitlines()[0])["seat"] == 0     # the same seat
    finally:
        server.terminate()
        server.wait(10)
    refused = subprocess.run(cmd + ["join", f"127.0.0.1:{free_port()}", "--json"],
                             capture_output=True, text=True, env=env, timeout=30)
    assert refused.returncode != 0 and "cannot reach the table server" in refused.stderr
    no_tty = subprocess.run(cmd + ["join", f"127.0.0.1:{free_port()}"], capture_output=True,
                            text=True, env=env, timeout=30)
    assert no_tty.returncode != 0 and "needs a terminal" in no_tty.stderr
    bad = subprocess.run(cmd + ["join", "nowhere", "--json"], capture_output=True, text=True, env=env,
                         timeout=30)
    assert bad.returncode != 0 and "HOST:PORT" in bad.stderr
    no_port = subprocess.run(cmd + ["serve", "--port", str(tmp_path / "ttyNONE")],
                             capture_output=True, text=True, env=env, timeout=30)
    assert no_port.returncode != 0 and "cannot open the table's serial port" in no_port.stderr
    with pytest.raises(ClientError):
        asyncio.run(TableClient().connect("127.0.0.1", free_port(), timeout=5))
