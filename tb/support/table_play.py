"""Four clients at a `pokerhdl serve` table, and the checks of what each one received: the
test helpers of tb/host/test_table_server.py (golden table) and tb/host/test_emulator.py (the RTL).

The truth is a golden ``Table`` beside the link: ``Truth.snapshot()`` writes down, after every
answer the table gave, what anyone may see (the public state) and each seat's hole cards,
keyed by the bytes the table had sent by then; a client's state names the byte count it was
drawn at (``received``), so each state is compared with the table at that moment.
"""

import asyncio
import json
import random
import re
import time

from pokerhdl.golden.cards import NO_CARD, card_text
from pokerhdl.golden.holdem.table import NO_SEAT, PHASE_BETTING, PHASE_GAME_OVER, STREET_NAMES
from pokerhdl.table.client import TableClient

CARD = re.compile(r"(?<![0-9A-Za-z])[2-9TJQKA][cdhs](?![0-9A-Za-z])")
TIME_LIMIT = 120.0


def public_of(t):
    """The golden table as the clients must show it (written from the golden Table's fields,
    not from the server's parser)."""
    n = t.n
    return {
        "hand": t.hand_no % 65536, "street": STREET_NAMES[t.street], "pot": t.pot,
        "board": [card_text(c) for c in t.board if c != NO_CARD],
        "dealer": t.dealer,
        "to_act": None if t.to_act == NO_SEAT else t.to_act,
        "phase": {PHASE_BETTING: "betting", PHASE_GAME_OVER: "over"}.get(t.phase, "ready"),
        "winner": t.game_winner if t.phase == PHASE_GAME_OVER else None,
        "stacks": list(t.stacks),
        # between hands the table keeps the last street's bets, but they were paid out
        "bets": list(t.street_bet) if t.phase == PHASE_BETTING else [0] * n,
        "status": ["out" if t.busted[s] else "folded" if t.folded[s] else
                   "all-in" if t.all_in[s] else "in" for s in range(n)],
        "to_call": t.to_call if t.to_act != NO_SEAT else None,
        "min_raise_to": t.min_raise_to if t.to_act != NO_SEAT else None,
    }


class Truth:
    """Snapshots of the golden table by bytes sent (module docstring)."""

    def __init__(self, table):
        self.t = table
        self.snapshots = {}

    def snapshot(self, sent):
        t = self.t
        shown = set()
        if t.phase != PHASE_BETTING and t.result is not None and t.result.showdown:
            shown = {s for s, w in enumerate(t.result.words) if w is not None}
        hole = [[card_text(c) for c in t.hole[s] if c != NO_CARD] for s in range(t.n)]
        self.snapshots[sent] = (public_of(t), hole, shown)


def watched_golden_link(seats, seed, stack):
    """A GoldenLink with its Truth beside it, snapshotted at every byte count the terminal
    reaches (the boot text, then after each key): (link, truth)."""
    from pokerhdl.table.link import GoldenLink
    link = GoldenLink(players=seats, seed=seed, stack=stack)
    truth = Truth(link.table)
    sent = [len(link.terminal.boot().encode())]

    def observe(ch, out):
        sent[0] += len(out.encode("latin-1"))
        truth.snapshot(sent[0])
    link.observers.append(observe)
    truth.snapshot(sent[0])
    return link, truth


def view_of(state):
    """The same fields, from a client's state message."""
    tb = state["table"]
    view = {k: tb[k] for k in ("hand", "street", "pot", "board", "dealer", "to_act", "phase",
                               "winner")}
    view["stacks"] = [s["stack"] for s in tb["seats"]]
    view["bets"] = [s["bet"] for s in tb["seats"]]
    view["status"] = [s["status"] for s in tb["seats"]]
    view["to_call"] = tb["to_call"] if tb["to_act"] is not None else None
    view["min_raise_to"] = tb["min_raise_to"] if tb["to_act"] is not None else None
    return view


def strings_in(value, skip_log_before_hand=True):
    """Every string in a message (keys too), but the log lines of hands before the current
    one (those are public, and a card shown then may be in a hole now)."""
    if isinstance(value, dict):
        out = []
        for k, v in value.items():
            out.append(k)
            if k == "log" and isinstance(v, list) and skip_log_before_hand:
                marks = [i for i, line in enumerate(v) if line.startswith("-- hand")]
                v = v[marks[-1]:] if marks else v
            out += strings_in(v, skip_log_before_hand)
        return out
    if isinstance(value, list):
        return [s for v in value for s in strings_in(v, skip_log_before_hand)]
    return [value] if isinstance(value, str) else []


class Player:
    """One scripted client: records every line it received, acts at random on its turn."""

    def __init__(self, name, rng):
        self.name, self.rng = name, rng
        self.client = TableClient()
        self.lines = []             # every raw line received
        self.states = []
        self.refusals = []
        self.delays = []            # seconds from sending an action to the next state
        self.sent_at = None

    async def connect(self, port, token=None):
        await self.client.connect("127.0.0.1", port)
        reader = self.client.reader
        original = reader.readline

        async def recording():
            raw = await original()
            if raw:
                self.lines.append(raw)
            return raw
        reader.readline = recording
        return await self.client.join(name=self.name, token=token)

    def choose(self, legal):
        """A random legal-looking action (sometimes a refused one: the table must say no)."""
        a = self.rng.choice(legal)
        msg = {"op": "act", "token": self.client.token, "action": a["action"]}
        if a["action"] == "new_game":
            msg = {"op": "new_game", "token": self.client.token}
        elif "min" in a:
            low, high = a["min"], a["max"]
            msg["amount"] = self.rng.choice([low, high, self.rng.randint(low, high),
                                             max(1, low - 1)])
        return msg


async def play(port, players, hands, rng, on_state=None, deadline=TIME_LIMIT, calls=0.6):
    """``players`` clients play until ``hands`` deals were seen; returns the Players. Each
    acts when its state offers it actions (``calls``: the share of turns it checks or calls,
    so that hands reach the showdown)."""
    seats = [Player(f"bot{k}", random.Random(rng.random())) for k in range(players)]
    for p in seats:
        await p.connect(port)
    deals = [0]

    async def run(p):
        while deals[0] < hands:
            msg = await p.client.receive()
            if msg is None:
                return
            if msg["type"] == "refused":
                p.refusals.append(msg)
                continue
            if msg["type"] != "state":
                continue
            if p.sent_at is not None:
                p.delays.append(time.perf_counter() - p.sent_at)
                p.sent_at = None
            p.states.append(msg)
            if on_state:
                on_state(p, msg)
            legal = msg["you"]["legal"]
            me = msg["you"]["seat"]
            tb = msg["table"]
            if not legal or (tb["phase"] == "betting" and tb["to_act"] != me):
                continue
            if tb["phase"] == "ready":
                continue                    # the server deals (auto_deal)
            passive = [a for a in legal if a["action"] in ("check", "call")]
            if passive and p.rng.random() < calls:
                msg = {"op": "act", "token": p.client.token, "action": passive[0]["action"]}
            else:
                msg = p.choose(legal)
            p.sent_at = time.perf_counter()
            await p.client.send(msg)

    async def count_deals():
        last = None
        while deals[0] < hands:
            await asyncio.sleep(0.01)
            states = seats[0].states
            if states and states[-1]["table"]["hand"] != last:
                last = states[-1]["table"]["hand"]
                deals[0] += last != 0           # a deal (a new game goes back to hand 0)
    tasks = [asyncio.create_task(run(p)) for p in seats]
    counter = asyncio.create_task(count_deals())
    try:
        await asyncio.wait_for(counter, deadline)
    finally:
        for task in tasks:
            task.cancel()
        for p in seats:
            p.client.close()
    return seats


def check_views(players, truth, total):
    """Every state each client received against the golden table at that moment; chips
    conserved; no client saw another seat's hole card before it was shown. Returns the
    number of states checked."""
    checked = 0
    for p in players:
        me = p.client.seat
        for raw in p.lines:
            msg = json.loads(raw)
            if msg.get("type") != "state":
                continue
            public, hole, shown = truth.snapshots[msg["received"]]
            view = view_of(msg)
            assert view == public, (p.name, msg["received"], view, public)
            assert sum(view["stacks"]) + view["pot"] == total
            cards = msg["you"]["cards"]
            assert cards is None or cards == hole[me], (cards, hole[me])
            secret = {c for s, h in enumerate(hole) if s != me and s not in shown for c in h}
            seen = {c for text in strings_in(msg) for c in CARD.findall(text)}
            assert not seen & secret, (p.name, seen & secret, msg)
            checked += 1
        for raw in p.lines:                 # the other messages: no card at all
            msg = json.loads(raw)
            if msg.get("type") != "state":
                assert not CARD.findall(" ".join(strings_in(msg, False))), msg
    return checked


def serve_and_play(link, hands, seed, per_hand=120):
    """A server (dealing at once) behind ``link`` and four random players for ``hands``
    hands; returns (players, wall seconds)."""
    from pokerhdl.table.server import TableServer

    async def main():
        server = TableServer(link, auto_deal=0.0, log=lambda text: None)
        port = await server.start()
        t0 = time.perf_counter()
        try:
            players = await play(port, 4, hands, random.Random(seed),
                                 deadline=per_hand * hands)
        finally:
            await server.close()
        return players, time.perf_counter() - t0
    return asyncio.run(main())
