"""`pokerhdl serve` against hostile clients, on 127.0.0.1 with an ephemeral port:
malformed and adversarial messages (hypothesis), slow readers, silent sockets, connection
floods (also under a 256-file limit), squatters, reconnect storms, names, the host freeing a
seat, the seat file, `serve --golden`'s seed.

The server runs on an event loop of its own thread (``Table``), the clients are plain blocking
sockets, so a client that misbehaves misbehaves for real (it does not read, it never sends a
newline, ...). After each test ``Table.healthy()`` checks the server is alive and answers a
new client from another address within a second, that state agrees with the table's truth at
the moment it was drawn (chips conserved), and that no message any client of the test
received held another seat's hole card before the showdown.

Every test of a table runs twice: with the golden table behind the server, and with
basys3_holdem's generated RTL in the emulator (marked soak; CI's deep stage runs the tests
where the table answers through chaos, ``answering_tables``, `make deep` the others too,
``tables``, the squatters' among them, a minute and a half in the emulator; the server's own
defences, ``server_tables``, are marked slow), through
tb/host/test_emulator.py's ``CheckedLink``: every byte the RTL sends is checked against a golden
terminal kept in lock step, whose table is the truth the clients' states are checked against.
The emulator runs at about 1/65 of the board's clock, so a deal takes seconds there: waits
for the table's answers are ``Table.patience`` times longer, the clocks the tests set (turn,
away) are the golden ones or longer, so the same things happen in the same order.
"""

import asyncio
import json
import os
import re
import resource
import socket
import stat
import subprocess
import sys
import threading
import time

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from line_client import Client, free_port
from table_play import CARD, Truth, public_of, strings_in, view_of
from pokerhdl.table import client as table_client
from pokerhdl.table.connection import Limits
from pokerhdl.table.link import GoldenLink
from pokerhdl.table.protocol import ACTION_KEYS, FIELDS
from pokerhdl.table.serve import host_command
from pokerhdl.table.server import TableServer
from pokerhdl.table.state import token_hash

STACK = 200
PYTHON = [sys.executable, "-m", "pokerhdl"]


EMULATED_TOP = "basys3_holdem"
EMULATED_PATIENCE = 40          # the emulator's answers take this much longer (about)


class Table:
    """A TableServer over a golden table, or (``emulated``) over basys3_holdem's RTL in the
    emulator checked byte by byte against a golden terminal (module docstring), on a loop in
    its own thread. The RTL's table has four seats of 1,000 chips: ``seats`` and ``seed`` are
    the golden table's."""

    def __init__(self, players=2, seats=4, seed=5, auto_deal=None, emulated=False,
                 slower=(), **limits):
        self.emulated = emulated
        self.kind = "emulated RTL" if emulated else "golden"
        if emulated:
            from emulated import CheckedLink
            self.link = CheckedLink(EMULATED_TOP)
            self.truth, self.golden = self.link.truth, self.link.term.t
            self.patience = EMULATED_PATIENCE
        else:
            self.link = GoldenLink(players=seats, seed=seed, stack=STACK)
            self.golden = self.link.table
            self.truth = Truth(self.golden)
            sent = [len(self.link.terminal.boot().encode())]

            def observe(ch, out):
                sent[0] += len(out.encode("latin-1"))
                self.truth.snapshot(sent[0])
            self.link.observers.append(observe)
            self.truth.snapshot(sent[0])
            self.patience = 1
        self.total = self.golden.start_stack * self.golden.n
        self.typed = 0                  # bytes the server typed on the table
        write = self.link.write

        def typing(data):
            self.typed += len(data)
            write(data)
        self.link.write = typing
        self.logs = []
        # the limits named in ``slower`` are the emulator's patience times longer there
        limits = {k: v * self.patience if k in slower else v for k, v in limits.items()}
        self.limits = Limits(**{"turn": 0, "away": 0, **limits})
        self.server = TableServer(self.link, players=players, auto_deal=auto_deal,
                                  settle=None if emulated else 0.05, log=self.logs.append,
                                  limits=self.limits)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.port = self.call(self.server.start())
        self.clients = []

    def call(self, coroutine, timeout=10):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(
            timeout * self.patience)

    def client(self, **kw):
        c = Client(self.port, **kw)
        self.clients.append(c)
        return c

    def player(self, name, source="127.0.0.2"):
        c = self.client(source=source)
        assert c.join(name, timeout=2.0 * self.patience)["role"] == "player"   # a sit-in typed
        return c

    def deal(self, by):
        by.send({"op": "deal", "token": by.token})
        return by.until(lambda m: m["type"] == "state" and m["table"]["phase"] == "betting",
                        2.0 * self.patience)

    def table_now(self):
        """The truth's public state, the bytes the table has sent and the bytes the server
        typed on it (to see it unmoved: on the emulator a key's answer comes seconds later,
        the key itself at once)."""
        return self.call(self._table_now())

    async def _table_now(self):
        return public_of(self.golden), self.server.received, self.typed

    def quiet(self):
        """Wait until the server is typing nothing and the table sending nothing (on the
        emulator an answer's last bytes may come after the line the server waited for)."""
        still = 0.05 if not self.emulated else 1.0
        last, since = None, time.monotonic()
        while True:
            now = self.call(self._busy())
            if now != last or now[0]:
                last, since = now, time.monotonic()
            elif time.monotonic() - since >= still:
                return
            time.sleep(0.02)

    async def _busy(self):
        return self.server.lock.locked(), self.server.received, self.typed

    def healthy(self, total=None):
        """The issue's after-checks (module docstring); returns the answer time."""
        probe = self.client(source="127.0.0.9")
        t0 = time.perf_counter()
        probe.send({"op": "state"})
        state = probe.until(lambda m: m["type"] == "state", timeout=1.0)
        seconds = time.perf_counter() - t0
        assert seconds < 1.0
        public, hole, shown = self.truth.snapshots[state["received"]]
        view = view_of(state)
        assert view == public
        assert sum(view["stacks"]) + view["pot"] == (total or self.total)
        for c in self.clients:
            no_leak(c.lines, self.truth, total or self.total)
        assert not [line for line in self.logs if "internal error" in line], self.logs
        assert all(self.call(self._nodelay()))     # no message waits for the last one's ACK
        return seconds

    async def _nodelay(self):
        """TCP_NODELAY of each open connection (on the loop: one just dropped, its socket
        closed, may not have left ``conns`` yet)."""
        return [conn.writer.get_extra_info("socket").getsockopt(socket.IPPROTO_TCP,
                                                                socket.TCP_NODELAY)
                for conn in self.server.conns if not conn.closed]

    def close(self):
        for c in self.clients:
            c.close()
        self.call(self.server.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()


def no_leak(lines, truth, total):
    """No line shows a hole card of a seat other than the receiver's before its showdown, and
    the receiver's own cards are its seat's; every state is the table's at a moment it had
    answered (none drawn halfway through an answer), with every chip there."""
    for raw in lines:
        msg = json.loads(raw)
        if msg.get("type") != "state":
            assert not CARD.findall(" ".join(strings_in(msg, False))), msg
            continue
        assert msg["received"] in truth.snapshots, f"a state drawn mid-answer: {msg}"
        public, hole, shown = truth.snapshots[msg["received"]]
        view = view_of(msg)
        assert view == public, (msg["received"], view, public)
        assert sum(view["stacks"]) + view["pot"] == total
        me = msg["you"]["seat"]
        if msg["you"]["cards"] is not None:
            assert msg["you"]["cards"] == hole[me]
        secret = {c for s, h in enumerate(hole) if s != me and s not in shown for c in h}
        assert not {c for text in strings_in(msg) for c in CARD.findall(text)} & secret, msg


def _tables(request):
    made = []

    def make(**kw):
        made.append(Table(emulated=request.param == "emulated", **kw))
        return made[-1]
    yield make
    for t in made:
        t.close()


@pytest.fixture(params=["golden", pytest.param("emulated", marks=pytest.mark.soak)])
def answering_tables(request):
    """Tables behind the server where the table answers through chaos (the turn clock's folds,
    players coming and going): the golden one, or the RTL in the emulator (soak: CI's deep
    stage)."""
    yield from _tables(request)


@pytest.fixture(params=["golden", pytest.param("emulated",
                                               marks=[pytest.mark.soak, pytest.mark.deep_only])])
def tables(request):
    """Tables behind the server: the golden one, or the RTL in the emulator (soak, `make
    deep`'s: CI plays the RTL in the answering_tables tests)."""
    yield from _tables(request)


@pytest.fixture(params=["golden", pytest.param("emulated", marks=pytest.mark.slow)])
def server_tables(request):
    """Tables behind the server for a defence of the server's own, which no message that
    reaches the table is part of: the golden one, or the RTL in the emulator (slow: CI plays
    the RTL behind the server in the tests where the table answers)."""
    yield from _tables(request)


# ---------------------------------------------------------------------- malformed messages
SENTINEL = b'{"op": "sentinel"}'
scalars = (st.none() | st.booleans() | st.integers(-2 ** 70, 2 ** 70)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=40))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=8)
ops = st.sampled_from(list(FIELDS) + ["free", "sentinel!", ""]) | values
actions = st.sampled_from(list(ACTION_KEYS)) | values
fields = st.sampled_from(["token", "action", "amount", "name", "take_over", "seat"]) \
    | st.text(max_size=8)


@st.composite
def messages(draw, token):
    msg = {"op": draw(ops)}
    for key in draw(st.lists(fields, max_size=4)):
        if key == "token":
            msg[key] = draw(st.just(token) | values)
        elif key == "action":
            msg[key] = draw(actions)
        else:
            msg[key] = draw(values)
    text = json.dumps(msg, ensure_ascii=draw(st.booleans()))
    return text.encode("utf-8", "surrogatepass")


def lines(token):
    return st.one_of(
        messages(token),
        st.binary(min_size=1, max_size=120).filter(lambda b: b"\n" not in b and b.strip()),
        st.integers(1, 6000).map(lambda n: b"[" * n),
        st.integers(1, 3000).map(lambda n: b'{"op":' * n + b"1" + b"}" * n),
        st.integers(4000, 9000).map(lambda n: b'{"op": "state", "x": "' + b"a" * n + b'"}'),
    )


def drain(client, timeout=0.01):
    """Read what the client has been sent (until nothing comes for ``timeout`` seconds)."""
    try:
        while client.receive(timeout) is not None:
            pass
    except socket.timeout:
        pass


def sync(client):
    """Read what the client has been sent so far (the sentinel's refusal ends it)."""
    return answers(client, None)


def answers(client, line):
    """Send ``line`` and then the sentinel; the messages that came before the sentinel's
    refusal (the connection must stay to answer it)."""
    if line is not None:
        client.send(line)
    client.send(SENTINEL)
    got = []
    while True:
        msg = client.receive(2.0)
        assert msg is not None, f"the server closed the connection after {line[:80]!r}"
        if msg["type"] == "refused" and "'sentinel'" in msg["reason"]:
            return got
        got.append(msg)


def test_hostile_messages_are_refused_and_reach_nothing(server_tables, record_property):
    """Every line a seated player (not to act) or a new connection sends is answered; the
    connection stays; the table does not move; a refusal gives a reason."""
    t = server_tables()
    ann, bob = t.player("ann"), t.player("bob")
    state = t.deal(ann)
    idle = [ann, bob][1 - state["table"]["to_act"]]
    stranger = t.client(source="127.0.0.3")
    sync(idle)
    t.quiet()
    before = t.table_now()
    seen = {"refused": 0, "other": 0}

    @settings(max_examples=150, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    @example(None)
    def check(data):
        who = idle if data is None or data.draw(st.booleans()) else stranger
        line = b"[" * 4000 if data is None else data.draw(lines(who.token or "0" * 32))
        got = answers(who, line)
        assert got or line.strip() == SENTINEL
        assert all(m["type"] in ("refused", "state", "welcome") for m in got), got
        for m in got:
            seen["refused" if m["type"] == "refused" else "other"] += 1
            if m["type"] == "refused":
                assert isinstance(m["reason"], str) and m["reason"]
        assert t.table_now() == before

    check()
    # the issue's own examples
    for line, reason in ((b"[" * 4000, "nested too deep"),
                         (json.dumps({"op": "act", "token": idle.token, "action": ["fold"]}),
                          "a field is a string"),
                         (json.dumps({"op": "act", "token": idle.token,
                                      "action": {"fold": 1}}), "a field is a string")):
        got = answers(idle, line if isinstance(line, bytes) else line.encode())
        assert got[0]["type"] == "refused" and reason in got[0]["reason"]
        assert [m["type"] for m in got[1:]] in ([], ["state"])  # a refused act: the state too
    assert t.table_now() == before
    assert t.server.seats[idle.seat].conn is not None           # the seat is still its own
    record_property("figure", f"hostile messages ({t.kind}): {seen['refused']} refused, "
                              f"{seen['other']} answered otherwise, the table unmoved")
    t.healthy()


def test_a_legal_action_of_another_seat_never_reaches_the_table(tables):
    """The player not to act sends every action, with its own token and the other's."""
    t = tables()
    ann, bob = t.player("ann"), t.player("bob")
    state = t.deal(ann)
    acting, idle = ([ann, bob] if state["table"]["to_act"] == ann.seat else [bob, ann])
    sync(idle)
    sync(acting)
    t.quiet()
    before = t.table_now()
    for action in ACTION_KEYS:
        for token in (idle.token, acting.token):
            got = answers(idle, json.dumps({"op": "act", "token": token, "action": action,
                                            "amount": 40}).encode())
            assert got[0]["type"] == "refused"
            assert any(w in got[0]["reason"] for w in ("not your turn", "wrong token",
                                                        "takes no amount"))
    got = answers(acting, json.dumps({"op": "act", "token": acting.token, "action": "raise",
                                      "amount": 10 ** 9}).encode())
    assert "more than your stack" in got[0]["reason"]
    assert t.table_now() == before
    t.healthy()


# ---------------------------------------------------------------------- slow readers
def test_slow_readers_do_not_hold_the_table(server_tables, record_property):
    """Three clients that never read (a 1 KiB receive buffer) ask for the state without end;
    a seated player is answered at once all along, and the slow ones are dropped."""
    t = server_tables(backlog=64 * 1024)
    ann, bob = t.player("ann"), t.player("bob")
    ann.until(lambda m: m["type"] == "state" and m["players"][1]["taken"])
    stop = threading.Event()
    dropped = []

    def slow(k):
        while not stop.is_set():
            s = socket.socket()
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
            s.bind((f"127.0.1.{k}", 0))
            s.connect(("127.0.0.1", t.port))
            s.settimeout(2)
            try:
                s.sendall(b'{"op": "watch"}\n')
                while not stop.is_set():
                    s.sendall(b'{"op": "state"}\n' * 50)
                    time.sleep(0.005)
            except OSError:
                dropped.append(k)
            s.close()
    threads = [threading.Thread(target=slow, args=(k,), daemon=True) for k in range(1, 4)]
    for th in threads:
        th.start()
    times = []
    t_end = time.monotonic() + 3.0
    while time.monotonic() < t_end:
        t0 = time.perf_counter()
        ann.send({"op": "state"})
        ann.until(lambda m: m["type"] == "state")
        times.append(time.perf_counter() - t0)
        time.sleep(0.05)
    # the hand goes on meanwhile: a deal and an action answered at once too
    t0 = time.perf_counter()
    state = t.deal(ann)
    acting = [ann, bob][state["table"]["to_act"]]
    acting.send({"op": "act", "token": acting.token, "action": "call"})
    acting.until(lambda m: m["type"] == "state" and m["table"]["to_act"] != acting.seat,
                 2.0 * t.patience)
    deal_and_call = time.perf_counter() - t0
    stop.set()
    for th in threads:
        th.join(5)
    times.sort()
    record_property("figure", f"3 slow readers ({t.kind}): a seated player's answer median "
                              f"{1000 * times[len(times) // 2]:.1f} ms, max "
                              f"{1000 * times[-1]:.1f} ms over {len(times)} requests; "
                              f"{len(dropped)} slow connections dropped")
    assert times[-1] < 0.5 and deal_and_call < 0.5 * t.patience
    assert dropped                                  # falling behind is dropped, not waited for
    t.healthy()


# ---------------------------------------------------------------------- silent sockets, floods
def test_silent_sockets_and_floods_are_capped_and_timed_out(server_tables, record_property):
    t = server_tables(per_address=4, connections=12, idle=1.0)
    ann, bob = t.player("ann", "127.0.0.2"), t.player("bob", "127.0.0.3")

    def first_words(clients):
        """Each client's first message's reason (None: open, nothing received)."""
        return [json.loads(c.lines[0])["reason"] if c.closed_by_server(0.02) else None
                for c in clients]
    t0 = time.monotonic()
    flood = [t.client(source="127.0.0.1") for _ in range(300)]
    reasons = first_words(flood)
    assert time.monotonic() - t0 < 1.0                  # else the idle time muddles the count
    capped = [r for r in reasons if r and r.startswith("too many connections from 127.0.0.1")]
    assert len(capped) == 296 and reasons.count(None) == 4      # 4 from one address
    t.healthy()                                                 # another address gets in
    t.clients.pop()
    # the silent four are closed after the idle time; the seated players stay
    silent = [c for c, r in zip(flood, reasons) if r is None]
    time.sleep(1.0)
    assert all(c.closed_by_server(0.5) for c in silent)
    assert all("nothing for 1 s" in json.loads(c.lines[0])["reason"] for c in silent)
    # from many addresses: the cap in all (ann and bob hold 2 of the 12)
    spread = [t.client(source=f"127.0.2.{k}") for k in range(1, 31)]
    reasons = first_words(spread)
    assert len(t.server.conns) == 12
    assert reasons.count(None) == 10 and reasons.count("the server is full (12 connections)") == 20
    time.sleep(1.2)                                             # their idle time
    record_property("figure", f"flood ({t.kind}) of 300 from one address: 4 held, 296 turned "
                              "away; 30 from 30 addresses: 10 held (12 in all), 20 turned away")
    ann.send({"op": "state"})
    assert ann.until(lambda m: m["type"] == "state")["you"]["seat"] == ann.seat
    t.healthy()


def test_watchers_make_room_for_newcomers_and_returning_players(server_tables):
    """Watchers never time out, so on a full server a newcomer takes a watcher's place: the
    longest watching from the address that holds the most connections."""
    t = server_tables(per_address=3, connections=6, idle=5.0)
    ann = t.player("ann", "127.0.0.2")

    def watcher(source):
        c = t.client(source=source)
        c.send({"op": "watch"})
        assert c.until(lambda m: m["type"] == "welcome")["role"] == "watcher"
        c.until(lambda m: m["type"] == "state")
        return c
    crowd = [watcher("127.0.3.1") for _ in range(3)] + [watcher("127.0.3.2") for _ in range(2)]

    def let_go():
        return [c for c in crowd if c.closed_by_server(0.05)]
    assert not let_go() and len(t.server.conns) == 6            # full
    bob = t.player("bob", "127.0.3.9")                           # a newcomer gets a seat
    gone = let_go()
    assert gone == [crowd[0]], "not the oldest watcher of the address holding the most"
    assert "a newcomer took your place" in json.loads(gone[0].lines[-1])["reason"]
    ann.close()                                                  # ann's seat waits for her
    t.call(asyncio.sleep(0.1))
    cy = watcher("127.0.3.3")                                    # the free place: no one let go
    assert not let_go()[1:]
    back = t.client(source="127.0.0.2")                          # ann comes back: full again
    assert back.join(token=ann.token)["seat"] == ann.seat
    assert let_go()[1:] == [crowd[1]]                            # 127.0.3.1 held 2, the most
    for c in (bob, back, cy, crowd[2], crowd[3], crowd[4]):      # everyone else still served
        c.send({"op": "state"})
        c.until(lambda m: m["type"] == "state")
    silent = t.client(source="127.0.3.8")       # full of players, watchers and the silent:
    assert not silent.closed_by_server(0.1)     # a watcher made room for it too
    assert let_go()[2:] == [crowd[3]]                            # now 127.0.3.2 holds most
    assert len(t.server.conns) == 6


@pytest.mark.parametrize("table", [["--golden"], pytest.param(["--emulate", EMULATED_TOP],
                                                              marks=pytest.mark.slow)],
                         ids=["golden", "emulated"])
def test_a_flood_under_a_256_file_limit_locks_nobody_out(table):
    """The issue's case: `pokerhdl serve` under `ulimit -n 256`, 300 silent sockets from one
    address; a client from another address is still answered within a second."""
    port = free_port()
    server = subprocess.Popen(
        PYTHON + ["serve", *table, "--players", "1", "--listen", f"127.0.0.1:{port}",
                  "--auto-deal", "-1"], stdin=subprocess.DEVNULL, stderr=subprocess.PIPE,
        text=True, env=dict(os.environ, PYTHONUNBUFFERED="1"),
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256)))
    flood = []
    try:
        while not (line := server.stderr.readline()).startswith("serving"):
            assert line.startswith("building"), line        # the emulator's model first
        assert ("the golden table" if table == ["--golden"] else f"emulated {EMULATED_TOP}") \
            in line
        for _ in range(300):
            flood.append(Client(port, source="127.0.0.1"))
        legit = Client(port, source="127.0.0.2")
        flood.append(legit)
        t0 = time.perf_counter()
        legit.send({"op": "join", "name": "ann"})
        assert legit.until(lambda m: m["type"] == "welcome", 1.0)["role"] == "player"
        assert time.perf_counter() - t0 < 1.0
        assert server.poll() is None
    finally:
        for c in flood:
            c.close()
        server.terminate()
        server.wait(10)


# ---------------------------------------------------------------------- squatters, the clock
def test_squatters_are_clocked_folded_and_freed(tables, record_property):
    """Four joins, two of them gone at once and two silent: every hand goes on (the clock
    checks or folds), the four seats are freed after the away time and a player gets one."""
    t = tables(players=4, auto_deal=0.0, turn=0.2, away=1.0, slower=("away",))
    squatters = [t.client(source="127.0.0.4") for _ in range(4)]
    for k, s in enumerate(squatters):
        assert s.join(f"sq{k}", timeout=2.0 * t.patience)["role"] == "player"
    squatters[0].close()
    squatters[1].close()
    t0 = time.monotonic()
    watcher = t.client(source="127.0.0.5")
    watcher.send({"op": "watch"})
    # the hand moves past every squatter's turn, and more than one hand is dealt
    p = t.patience
    watcher.until(lambda m: m["type"] == "state" and m["table"]["hand"] >= 2, 4.0 * p)
    for s in squatters[2:]:
        bye = s.until(lambda m: m["type"] == "bye", 3.0 * p)
        assert "freed" in bye["reason"] and "away" in bye["reason"]
    while any(s.token for s in t.server.seats):         # the two gone ones: freed by now
        assert time.monotonic() - t0 < 3.0 * p
        time.sleep(0.05)
    freed = time.monotonic() - t0
    assert sum("sits out" in line for line in t.logs) >= 2
    ann = t.client(source="127.0.0.6")
    deadline = time.monotonic() + 3 * p
    while (welcome := ann.join("ann", timeout=2.0 * p))["role"] != "player":        # after the hand, if one is on
        assert time.monotonic() < deadline
        time.sleep(0.1)
    record_property("figure", f"four squatters ({t.kind}): seats freed {freed:.1f} s after "
                              f"they came (turn {t.limits.turn:g} s, away "
                              f"{t.limits.away:g} s)")
    t.healthy()


def test_the_turn_clock_acts_and_a_message_brings_the_player_back(tables):
    t = tables(turn=0.3, away=30)
    ann, bob = t.player("ann"), t.player("bob")
    state = t.deal(ann)
    acting = [ann, bob][state["table"]["to_act"]]
    assert state["clock"]["seat"] == acting.seat and 0 < state["clock"]["seconds"] <= 0.3
    moved = ann.until(lambda m: m["type"] == "state"
                      and m["table"]["to_act"] != acting.seat, 2.0 * t.patience)
    assert moved["players"][acting.seat]["away"]
    assert any(f"({['ann', 'bob'][acting.seat]}) let the clock run out" in line
               for line in t.logs)
    acting.send({"op": "state"})
    back = acting.until(lambda m: m["type"] == "state", 2.0 * t.patience)
    assert not back["players"][acting.seat]["away"] and back["players"][acting.seat]["taken"]
    t.healthy()


# ---------------------------------------------------------------------- reconnect storms
def test_a_reconnect_storm_moves_one_seat_and_nothing_else(tables, record_property):
    t = tables()
    ann, bob = t.player("ann"), t.player("bob")
    t.deal(ann)
    token = bob.token
    in_use = moved = 0
    holder = bob

    def storm(k):
        return t.client(source=f"127.0.3.{k % 200 + 1}")
    for k in range(60):
        c = storm(k)
        if k % 3 == 0:
            c.close()                       # connects and goes: the server just counts it
            continue
        got = c.join(token=token, take_over=bool(k % 2))
        if got["type"] == "refused":
            assert got["in_use"] and got["seat"] == 1
            in_use += 1
            c.close()
            continue
        assert got["seat"] == bob.seat and got["name"] == "bob"
        assert holder.until(lambda m: m["type"] == "bye")["reason"].startswith("your seat")
        holder, moved = c, moved + 1
    threads = [threading.Thread(target=lambda k=k: storm(k).close()) for k in range(100)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert in_use and moved
    assert [(s.name, s.token is not None) for s in t.server.seats[:2]] == \
        [("ann", True), ("bob", True)]
    # a seat keeps its token's hash alone
    assert t.server.seats[1].token == token_hash(token) and t.server.seats[0].conn is not None
    holder.send({"op": "state"})
    state = holder.until(lambda m: m["type"] == "state")
    assert state["you"]["seat"] == 1 and state["players"][0]["connected"]
    time.sleep(0.2)
    record_property("figure", f"reconnect storm ({t.kind}): {moved} take-overs, {in_use} "
                              f"refused in use, 120 connect-and-go; {len(t.server.conns)} "
                              "connections left")
    assert len(t.server.conns) == 2                 # ann and the seat's last holder
    t.healthy()


def test_comings_goings_and_bad_actions_while_the_table_answers(answering_tables, record_property):
    """A hand of three players and the next deal, where each time the table has begun to
    answer (a deal, an action: milliseconds on a board, seconds on the emulator) one of the
    other two sends a malformed action (refused, with the state of what is legal) and the
    third's connection goes, then comes back with the token. The states these send (the
    refusal's, the seat gone, the seat back) are drawn at a moment the table had answered,
    never halfway through an answer (healthy() checks every state each client received
    against the truth)."""
    t = answering_tables(players=3)
    seated = [t.player("ann"), t.player("bob", "127.0.0.3"), t.player("cy", "127.0.0.4")]
    watcher = t.client(source="127.0.0.5")
    watcher.send({"op": "watch"})
    p = t.patience
    steps = 0

    def state_of(c):
        drain(c)
        c.send({"op": "state"})
        return c.until(lambda m: m["type"] == "state", 2.0 * p)

    hands = 0
    while hands < 2:
        t.quiet()
        state = state_of(seated[0])
        tb = state["table"]
        if tb["phase"] == "ready":
            mover, msg = 0, {"op": "deal"}
            hands += 1
        else:
            assert tb["phase"] == "betting" and tb["to_act"] in (0, 1, 2), tb
            mover = tb["to_act"]
            legal = [a["action"] for a in state_of(seated[mover])["you"]["legal"]]
            msg = {"op": "act", "action": "check" if "check" in legal else "call"}
        before = t.table_now()[1]
        seated[mover].send({**msg, "token": seated[mover].token})
        deadline = time.monotonic() + 2.0 * p
        while t.server.received == before:                     # the table's answer begun
            assert time.monotonic() < deadline
            time.sleep(0.002)
        bad, going = [seated[k] for k in range(3) if k != mover][::1 - 2 * (steps % 2)]
        bad.send({"op": "act", "token": bad.token, "action": ["fold"]})
        going.close()
        assert "a field is a string" in bad.until(lambda m: m["type"] == "refused")["reason"]
        bad.until(lambda m: m["type"] == "state", 2.0 * p)     # what is legal now
        deadline = time.monotonic() + 2.0 * p
        while t.server.seats[going.seat].conn is not None:     # the server saw it go
            assert time.monotonic() < deadline
            time.sleep(0.005)
        back = t.client(source=f"127.0.4.{going.seat + 1}")
        assert back.join(token=going.token, timeout=2.0 * p)["seat"] == going.seat
        seated[going.seat] = back
        steps += 1
    t.quiet()
    for c in seated + [watcher]:                                # every state read, checked
        drain(c, 0.2)
    record_property("figure", f"comings and goings ({t.kind}): {steps} times while the "
                              f"table answered, {sum(len(c.lines) for c in t.clients)} "
                              "messages checked")
    t.healthy()


# ---------------------------------------------------------------------- names, the host
def test_names_are_unique_and_not_the_screens(server_tables):
    t = server_tables(players=4)
    assert t.player("Ann")
    c = t.client(source="127.0.0.7")
    for name in ("ann", "ANN", "(house)", "house", "Free", "away", "P1", "P12", "a(b", " bob",
                 "bob ", "x" * 17, "\u0007"):
        got = c.join(name)
        assert got["type"] == "refused", name
        assert any(w in got["reason"] for w in ("taken", "reserved", "printable")), got
    assert c.join("p1", timeout=2.0 * t.patience)["role"] == "player"  # labels: P and a number
    t.healthy()


def test_the_host_frees_a_seat(tables):
    t = tables()
    ann, bob = t.player("ann"), t.player("bob")
    t.deal(ann)
    assert t.call(host_command(t.server, "free 7")).startswith("free SEAT")
    assert t.call(host_command(t.server, "free 3")) == "P3 has no player"
    assert t.call(host_command(t.server, "seats")).splitlines()[1] == "P1 bob, connected"
    assert t.call(host_command(t.server, "free P1")) == "P1 is free"
    assert "freed by the host" in bob.until(lambda m: m["type"] == "bye")["reason"]
    assert bob.closed_by_server()
    assert t.call(host_command(t.server, "seats")).splitlines()[1] == "P1 free"
    again = t.client(source="127.0.0.8")
    assert again.join(token=bob.token)["reason"] == "unknown token"
    # the hand ends (the server plays the free seat), then the seat is anybody's
    if t.server.view.to_act == ann.seat:
        ann.send({"op": "act", "token": ann.token, "action": "fold"})
    ann.until(lambda m: m["type"] == "state" and m["table"]["phase"] == "ready",
              2.0 * t.patience)
    assert again.join("cy", timeout=2.0 * t.patience)["seat"] == 1
    t.healthy()


# ---------------------------------------------------------------------- the client's side
def test_the_seat_file_is_private_from_the_start(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    old = os.umask(0o022)
    created = []
    real_open = os.open
    monkeypatch.setattr(os, "open", lambda path, flags, mode=0o777, *a, **kw: (
        created.append((str(path), mode)), real_open(path, flags, mode, *a, **kw))[1])
    try:
        table_client.save_token("127.0.0.1:1", "a" * 32)
        path = table_client.seats_file()
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
        assert created and all(mode == 0o600 for _, mode in created)
        path.chmod(0o644)                                   # an older client's file
        table_client.save_token("127.0.0.1:2", "b" * 32)
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert table_client.saved_token("127.0.0.1:1") == "a" * 32
        assert table_client.saved_token("127.0.0.1:2") == "b" * 32
    finally:
        os.umask(old)


def test_a_second_join_from_the_same_account_takes_another_seat(server_tables, tmp_path):
    t = server_tables(players=4)
    env = dict(os.environ, XDG_STATE_HOME=str(tmp_path), PYTHONUNBUFFERED="1")
    address = f"127.0.0.1:{t.port}"
    join = PYTHON + ["join", address, "--json"]
    first = subprocess.Popen(join + ["--name", "ann"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True, env=env)
    try:
        welcome = json.loads(first.stdout.readline())
        assert welcome["seat"] == 0
        second = subprocess.run(join + ["--name", "ann2"], input="q\n", capture_output=True,
                                text=True, env=env, timeout=30)
        assert json.loads(second.stdout.splitlines()[0])["seat"] == 1
        assert "P0 is in use by another connection: taking another seat" in second.stderr
        assert first.poll() is None and t.server.seats[0].conn is not None   # left alone
        third = subprocess.run(join + ["--take-over"], input="q\n", capture_output=True,
                               text=True, env=env, timeout=30)
        assert json.loads(third.stdout.splitlines()[0])["seat"] == 1     # the saved one
        saved = json.loads((tmp_path / "pokerhdl" / "seats.json").read_text())
        assert stat.S_IMODE((tmp_path / "pokerhdl" / "seats.json").stat().st_mode) == 0o600
        assert token_hash(saved[address]) == t.server.seats[1].token
    finally:
        first.kill()
        first.wait(10)
    t.healthy()


def test_serve_golden_seeds_from_the_os_and_prints_the_seed():
    seeds = []
    for extra in ([], [], ["--seed", "77"]):
        port = free_port()
        server = subprocess.Popen(PYTHON + ["serve", "--golden", "--listen",
                                            f"127.0.0.1:{port}", *extra],
                                  stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                  env=dict(os.environ, PYTHONUNBUFFERED="1"))
        try:
            first, second = server.stderr.readline(), server.stderr.readline()
        finally:
            server.terminate()
            server.wait(10)
        seed = re.search(r"deck seed (\d+)", first).group(1)
        assert f"--seed {seed}" in second
        seeds.append(int(seed))
    assert seeds[0] != seeds[1] and seeds[2] == 77


# ---------------------------------------------------------------------- empty seats
def test_two_players_at_four_seats_play_heads_up(answering_tables):
    """Two players at the four-seat table, nobody at the others: the free seats sit out at the
    table itself (in the emulator, the RTL's sitting flags, every byte checked against the
    golden terminal), so hands are dealt with nobody pressing deal, heads-up, and no blind,
    card or turn goes to a free seat."""
    t = answering_tables(players=4, auto_deal=0.0)
    ann, bob = t.player("ann"), t.player("bob")
    by_seat, hands = {ann.seat: ann, bob.seat: bob}, set()
    while len(hands) < 3:
        state = ann.until(lambda m: m["type"] == "state" and m["table"]["phase"] == "betting"
                          and m["table"]["hand"] not in hands, 5.0 * t.patience)
        hands.add(state["table"]["hand"])
        while state["table"]["phase"] == "betting" and state["table"]["hand"] in hands:
            seat = state["table"]["to_act"]
            assert seat in by_seat, f"P{seat} is to act: a free seat"
            me = by_seat[seat]
            me.send({"op": "act", "token": me.token,
                     "action": "call" if state["table"]["to_call"] else "check"})
            before = state["received"]          # the table's bytes: its answer moves it
            state = ann.until(lambda m: m["type"] == "state" and m["received"] > before
                              and m["table"]["to_act"] is not None or
                              m["type"] == "state" and m["table"]["phase"] != "betting",
                              5.0 * t.patience)
    golden = t.golden
    assert golden.sitting == [False, False, True, True] and golden.hand_no >= 3
    assert golden.stacks[2] == golden.stacks[3] == golden.start_stack
    assert not [e for e in golden.log if e.seat >= 2], "a free seat posted or acted"
    t.quiet()                           # the next hand dealt, the table waiting for a player
    t.healthy()
