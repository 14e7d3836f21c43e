"""`pokerhdl serve`'s server: one Hold'em table (a board, the emulator or the golden model)
and a client per player over TCP or a WebSocket (web.py), each seeing only their own cards
(the messages: pokerhdl/table/protocol.py; the command: pokerhdl/table/serve.py).

The server is the only one who types on the table's terminal. It reads the table back from the
text it answers (pokerhdl/table/view.py), sends every client the public state, forwards a
player's action only when it is legal for that player's seat now, reads each seated player's
hole cards from the table right after the deal (``s<seat>``, the table's key for its one
party on the UART) and sends them to that player's connection alone. A seat nobody holds sits
out at the table (``o<seat>``: it posts nothing and is dealt nothing from the next deal) and
sits in again (``i<seat>``) when a player takes it, so two players at a four-seat table play
heads-up; the next hand is dealt (``auto_deal``) once two seats are dealt in. Busted players
watch; a new game seats them again. Every state a client gets is drawn with the table's lock held, so
between two answers of the table, never from half an answer (a board or the emulator sends an
answer over many reads).

No client can hold the table: sends never wait (pokerhdl/table/connection.py), the player to
act has a clock (``Limits.turn``: then the server checks or folds for the seat, which sits out
until its player sends something), and a seat whose player has been away (gone, or sitting out)
for ``Limits.away`` seconds is freed, as the host may free one (``free``). The server plays the
seats no player holds: the house's and those sitting out check, else fold; a seat freed in the
middle of a hand folds it, and sits out from the next.

A seat keeps only its token's hash (``token_hash``): the token is told to its player once.
``state`` (pokerhdl/table/state.py: `serve --state` and `--history`) is given the table's lines
and saves after every move, before anyone is told of it; at start it puts the table, the view
and the seats back where a crash left them.
"""

import asyncio
import secrets
import socket
import sys
import traceback
from dataclasses import dataclass

from .connection import TOO_LONG, Admission, Connection, Limits
from .protocol import (ACTION_KEYS, AMOUNT_ACTIONS, MAX_LINE, SEAT_OPS, Refused, check_name,
                       read_message)
from .state import token_hash
from .view import FINAL, TableView

LISTEN_QUEUE = 1024
ACCEPT_BATCH = 32


@dataclass
class Seat:
    index: int
    house: bool = False
    token: str = None           # the hash of its player's token (state.token_hash)
    name: str = None
    conn: object = None
    cards: tuple = None         # (deal number, [card, card]): the last hole cards read for it
    away_since: float = None    # when its player went away (left, or let the clock run out)
    sitting_out: bool = False   # the clock ran out: it checks or folds at once until it is back
    freeing: object = None      # the timer that frees it when it stays away

    @property
    def automatic(self):
        """Whether the server plays the seat (check, else fold): the house's, a free seat, a
        player sitting out."""
        return self.house or self.token is None or self.sitting_out

    @property
    def free(self):
        """A player's seat nobody holds: it sits out at the table (TableServer._sit_out);
        in a hand it was dealt into before it was freed, it folds at its first turn, never
        contesting a pot for nobody."""
        return not self.house and self.token is None


class TableServer:
    """The server of one table behind ``link`` (pokerhdl/table/link.py). ``players``: seats
    offered to clients (default: every seat of the table). ``auto_deal``: seconds after a hand
    (with every offered seat taken) until the next is dealt; None: only when a player deals.
    ``limits``: what a client may hold of the server (pokerhdl/table/connection.py).
    ``state``: a state.TableState (module docstring), or None."""

    def __init__(self, link, players=None, auto_deal=None, settle=None, log=None,
                 limits=None, state=None):
        self.link = link
        self.state = state
        self.players = players
        self.auto_deal = auto_deal
        self.settle = settle if settle is not None else getattr(
            link, "settle", min(2.0, link.answer_timeout))
        self.log = log or (lambda text: print(text, file=sys.stderr, flush=True))
        self.limits = limits or Limits()
        self.admission = Admission(self.limits)
        self.view = TableView()
        self.seats = []
        self.conns = set()
        self.received = 0           # bytes read from the table
        self.deals = 0              # hands dealt since the server started
        self.final = None           # the last line that ended an answer: (kind, match)
        self.pending = b""
        self.server = None
        self.deal_task = None
        self.clock = None           # the turn clock: (seat index, deadline, task)
        self.closing = False
        self.handlers = set()       # the tasks serving the connections
        self.turned_away = 0        # connections refused by the caps
        self.sits = True            # the table takes o<seat> and i<seat> (an older one may not)

    # ------------------------------------------------------------------ the table's side
    async def start(self, host="127.0.0.1", port=0):
        """Open the link, read the table, listen; returns the port."""
        self.loop = asyncio.get_running_loop()
        self.lock = asyncio.Lock()
        self.answered = asyncio.Event()
        self.heard = asyncio.Event()
        if self.state:
            self.state.open(self)           # the table and the view as a crash left them
            if self.state.players is not None:
                self.players = self.state.players       # the seats offered when it was made
        self.link.start(lambda data: self.loop.call_soon_threadsafe(self._bytes, data))
        await self._quiet(self.settle)          # the boot text, if the table just started
        async with self.lock:
            if await self._ask(b"t") is None or not self.view.seats:
                raise RuntimeError(f"the table ({self.link.name}) did not answer `t` with a "
                                   "table: is it a Hold'em table, at its baud?")
        n = len(self.view.seats)
        players = n if self.players is None else self.players
        if not 1 <= players <= n:
            raise ValueError(f"the table has {n} seats: --players must be 1..{n}")
        self.seats = [Seat(k, house=k >= players) for k in range(n)]
        if self.state:
            for seat in self.state.seat(self):      # its player is away until back
                self._went_away(seat)
            async with self.lock:
                self._save()
                if self.state.saved_view is not None:
                    await self._after()             # the clock, the seats the server plays
        async with self.lock:
            await self._sit_out()
            self._save()
        # the kernel queues a burst of connections (LISTEN_QUEUE: none waits a second for a
        # SYN retry), asyncio takes ACCEPT_BATCH at a time (each an open file until refused)
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.create_server((host, port), family=family, backlog=LISTEN_QUEUE)
        self.server = await asyncio.start_server(self._client, sock=sock, limit=MAX_LINE,
                                                 backlog=ACCEPT_BATCH)
        sock.listen(LISTEN_QUEUE)           # start_server listened with the batch's size
        self.port = self.server.sockets[0].getsockname()[1]
        return self.port

    async def close(self):
        self.closing = True
        for task in (self.deal_task, self.clock and self.clock[2]):
            if task:
                task.cancel()
        for seat in self.seats:
            if seat.freeing:
                seat.freeing.cancel()
        for conn in list(self.conns):
            conn.close()
        if self.handlers:                   # each sees its end of file and finishes
            await asyncio.wait(self.handlers, timeout=5)
        if self.server:
            self.server.close()
            await self.server.wait_closed()
        self.link.close()
        if self.state:
            self.state.close()

    async def _quiet(self, seconds):
        """Wait until the table has sent nothing for ``seconds``."""
        while True:
            self.heard.clear()
            try:
                await asyncio.wait_for(self.heard.wait(), seconds)
            except asyncio.TimeoutError:
                return

    def _bytes(self, data):
        self.received += len(data)
        self.heard.set()
        self.pending += data
        *lines, self.pending = self.pending.split(b"\n")
        for line in lines:
            kind, m = self.view.line(line.decode("latin-1"))
            if self.state:
                self.state.line(kind, m)
            if kind == "post" and m.group(2) == "small" or kind == "new_game":
                self.deals += 1                     # hole cards read before are stale
            if kind == "hole":
                seat = int(m.group(1))
                if seat < len(self.seats):
                    self.seats[seat].cards = (self.deals, [m.group(2), m.group(3)])
            if kind in FINAL:
                self.final = (kind, m)
                self.answered.set()
                if self.seats and not self.lock.locked():   # a button pressed on the board
                    self.loop.create_task(self._unasked())

    async def _unasked(self):
        async with self.lock:
            await self._after()

    async def _ask(self, keys):
        """Type ``keys`` on the table and wait for the end of its answer (the lock is held);
        returns (kind, match) of the answer's last line, or None when it did not come."""
        self.answered.clear()
        self.final = None
        self.link.write(keys)
        try:
            await asyncio.wait_for(self.answered.wait(), self.link.answer_timeout)
        except asyncio.TimeoutError:
            self.log(f"the table did not answer {keys!r} within {self.link.answer_timeout} s")
            return None
        return self.final

    async def _after(self):
        """After the table moved (the lock is held): the seats the server plays play, the
        seat to act gets its cards and its clock, everyone gets the new state, the next deal
        is timed."""
        self._stop_clock()
        await self._sit_out()
        await self._read_cards()
        for _ in range(100 * max(1, len(self.seats))):
            seat = self._to_act()
            if seat is None:
                break
            if seat.automatic:
                await self._ask(b"k" if self.view.to_call == 0 and not seat.free else b"f")
                continue
            self._start_clock(seat)
            break
        self._save()
        self.broadcast()
        self._time_deal()

    async def _sit_out(self):
        """Every free seat sits out at the table, every other seat in (the lock is held); the
        table's seat lines say who sits out (" away"), so a restarted server finds it too."""
        for seat in self.seats:
            if not self.sits or seat.index >= len(self.view.seats):
                continue
            if self.view.seats[seat.index].away != seat.free:
                final = await self._ask(b"%s%d\r" % (b"o" if seat.free else b"i", seat.index))
                if final is None or final[0] == "refused":
                    self.log("the table does not take o<seat> (sit out): free seats are "
                             "dealt in and fold")
                    self.sits = False

    def _save(self):
        """Keep the state (`--state`) before anyone is told of it."""
        if self.state:
            self.state.save(self)

    async def _read_cards(self):
        """Each seated player's cards of the hand being played, read once a deal."""
        for seat in self.seats:
            if seat.token is not None and not self._has_cards(seat) and self._dealt_in(seat):
                await self._read_hole(seat)

    async def _read_hole(self, seat):
        await self._ask(b"s%d\r" % seat.index)             # the table's s<seat>

    def _dealt_in(self, seat):
        """Whether ``seat`` holds cards of a hand being played (not a seat that sat out of
        it: a player taking such a seat mid-hand gets cards from the next deal)."""
        return self.view.phase == "betting" and self._status(seat) in ("in", "all-in")

    def _to_act(self):
        k = self.view.to_act
        return self.seats[k] if k is not None and k < len(self.seats) else None

    def _has_cards(self, seat):
        return seat.cards is not None and seat.cards[0] == self.deals

    def _time_deal(self):
        if self.deal_task:
            self.deal_task.cancel()
            self.deal_task = None
        dealt_in = [s for s in self.seats if (s.house or s.token or not self.sits)
                     and self._status(s) != "out"]
        if (self.auto_deal is not None and self.view.phase == "ready" and len(dealt_in) >= 2
                and any(s.token for s in self.seats)):
            self.deal_task = self.loop.create_task(self._deal_later())

    async def _deal_later(self):
        await asyncio.sleep(self.auto_deal)
        async with self.lock:
            if self.view.phase == "ready":
                self.deal_task = None
                if await self._ask(b"d") is not None:
                    await self._after()

    # ------------------------------------------------------------------ the clock, the seats
    def _start_clock(self, seat):
        if self.limits.turn > 0:
            task = self.loop.create_task(self._clock_runs_out(seat))
            self.clock = (seat.index, self.loop.time() + self.limits.turn, task)

    def _stop_clock(self):
        if self.clock is not None:
            if self.clock[2] is not asyncio.current_task():
                self.clock[2].cancel()
            self.clock = None

    async def _clock_runs_out(self, seat):
        """The seat to act had ``limits.turn`` seconds: it checks, else folds, and sits out
        (the server plays it at once) until its player sends something."""
        await asyncio.sleep(self.limits.turn)
        async with self.lock:
            if self.clock is None or self.clock[2] is not asyncio.current_task():
                return                              # the table moved meanwhile
            self.clock = None
            if self._to_act() is not seat or seat.automatic:
                return
            self.log(f"{self._who(seat)} let the clock run out: sits out")
            seat.sitting_out = True
            self._went_away(seat)
            await self._after()

    def _went_away(self, seat):
        if seat.away_since is None and seat.token:
            seat.away_since = self.loop.time()
            if self.limits.away > 0:
                seat.freeing = self.loop.call_later(self.limits.away, self._free_later,
                                                    seat, seat.token)

    def _is_back(self, seat):
        seat.away_since = None
        seat.sitting_out = False
        if seat.freeing:
            seat.freeing.cancel()
            seat.freeing = None

    def _free_later(self, seat, token):
        if seat.token == token and seat.away_since is not None and not self.closing:
            self.loop.create_task(self.free(seat.index, f"away for {self.limits.away:g} s"))

    async def free(self, index, why="freed by the host"):
        """Free seat ``index``: its player (if connected) is told why and watches, its token
        is forgotten; the server plays it (check, else fold) until a player joins, which
        it may once the seat is out of the hand. Returns whether a player was there."""
        async with self.lock:
            seat = self.seats[index]
            if seat.house or seat.token is None:
                return False
            self.log(f"{self._who(seat)}'s seat is free: {why}")
            self._is_back(seat)
            conn = seat.conn
            seat.token = seat.name = seat.conn = seat.cards = None
            self._save()
            if conn is not None:
                conn.seat = None
                conn.send({"type": "bye", "reason": f"your seat was freed: {why}"})
                conn.close()
            if self._to_act() is seat:
                await self._after()
            else:
                await self._sit_out()
                self._save()
                self.broadcast()
                self._time_deal()
            return True

    def _joinable(self, seat):
        """A free seat of a player's, not in the hand being played (its cards were dealt to
        the player before, or to nobody)."""
        return (not seat.house and seat.token is None and not (
            self.view.phase == "betting" and self._status(seat) in ("in", "all-in")))

    # ------------------------------------------------------------------ the clients' side
    async def _client(self, reader, writer):
        await self.serve_connection(Connection(reader, writer, self.limits))

    async def serve_connection(self, conn):
        """Serve one client until its connection ends. ``conn`` is a transport: a TCP stream
        of lines (connection.py) or a WebSocket (web_connection.py); both send, read a
        message, close and count alike, so every rule here holds on either."""
        watcher = self.admission.to_let_go(conn)
        if watcher is not None and not self.closing:
            self.admission.leave(watcher)
            watcher.watching = False
            watcher.send({"type": "bye", "reason": "the server is full: a newcomer took your "
                                                   "place as a watcher"})
            watcher.close()
        refusal = self.admission.enter(conn)
        if refusal is not None or self.closing:
            self.turned_away += 1
            conn.send({"type": "bye", "reason": refusal or "the server is closing"})
            conn.close()
            return
        self.handlers.add(asyncio.current_task())
        self.conns.add(conn)
        try:
            while True:
                try:
                    raw = await conn.line()
                except asyncio.TimeoutError:
                    conn.send({"type": "bye", "reason": f"nothing for {self.limits.idle:g} s "
                                                        "without joining or watching"})
                    break
                if not raw:
                    break
                if raw is TOO_LONG:
                    self._refuse(conn, None, f"a message is one line of at most {MAX_LINE} "
                                             "bytes")
                elif raw.strip():
                    await self._message(conn, raw)
                await asyncio.sleep(0)          # one line at a time from each client
        finally:
            self.admission.leave(conn)
            self.conns.discard(conn)
            seat = conn.seat
            if seat is not None and seat.conn is conn:
                seat.conn = None
                if not self.closing:
                    self.log(f"{self._who(seat)} left" + (f" ({conn.dropped})" if conn.dropped
                                                          else "") + ": the seat waits")
                    self._went_away(seat)
                    async with self.lock:           # not halfway through a table's answer
                        self.broadcast()
            conn.close()
            self.handlers.discard(asyncio.current_task())

    async def _message(self, conn, raw):
        op = None
        try:
            if conn.seat is not None:
                self._is_back(conn.seat)            # whatever it sends: it is there
            msg = read_message(raw)
            op = msg["op"]
            async with self.lock:
                if op in SEAT_OPS:
                    self._check_token(conn, msg)
                await getattr(self, f"_op_{op}")(conn, msg)
        except Refused as why:
            op = op or why.op
            self._refuse(conn, op, str(why), **why.fields)
            if op == "act" and conn.seat is not None:
                async with self.lock:               # not halfway through a table's answer
                    if conn.seat is not None:
                        conn.send(self.state_for(conn))     # what is legal now
        except Exception:                           # a bug must not cost a client its seat
            self.log("internal error on a client's message:\n" + traceback.format_exc())
            self._refuse(conn, op, "the server could not take this message")

    def _refuse(self, conn, op, reason, **fields):
        conn.send({"type": "refused", "op": op, "reason": reason, **fields})

    def _check_token(self, conn, msg):
        if conn.seat is None:
            raise Refused("join a seat first")
        token = msg.get("token")
        if not isinstance(token, str) or not secrets.compare_digest(token_hash(token),
                                                                    conn.seat.token):
            raise Refused("wrong token: a connection acts only for the seat it joined")

    async def _op_join(self, conn, msg):
        if conn.seat is not None:
            raise Refused(f"already at the table as P{conn.seat.index}")
        token, name = msg.get("token"), msg.get("name")
        if token is not None:
            digest = token_hash(token) if isinstance(token, str) else None
            seat = next((s for s in self.seats if s.token and digest
                         and secrets.compare_digest(s.token, digest)), None)
            if seat is None:
                raise Refused("unknown token")
            if seat.conn is not None:
                if msg.get("take_over") is not True:
                    raise Refused(f"your seat P{seat.index} is in use by another connection: "
                                  "send take_over to move it here, or join without the token "
                                  "for another seat", in_use=True, seat=seat.index)
                seat.conn.seat = None
                seat.conn.send({"type": "bye", "reason": "your seat was taken back by a new "
                                                         "connection"})
                seat.conn.close()
            self._is_back(seat)
            self.log(f"{self._who(seat)} is back")
        else:
            if name is not None:
                check_name(name, [s.name for s in self.seats if s.token and s.name])
            seat = next((s for s in self.seats if self._joinable(s)), None)
            if seat is None:
                busy = any(not s.house and s.token is None for s in self.seats)
                self._watch(conn, "the free seats are in this hand: watching; join again "
                                  "after it" if busy else "every seat is taken: watching")
                return
            token = secrets.token_hex(16)
            seat.token = token_hash(token)
            seat.name = name or f"P{seat.index}"
            self.log(f"{self._who(seat)} joined")
            self._save()                            # on disk before the player has it
            await self._sit_out()                   # dealt in from the next deal
        seat.conn, conn.seat, conn.watching = conn, seat, False
        conn.send({"type": "welcome", "role": "player", "seat": seat.index,
                   "token": token, "name": seat.name, "seats": len(self.seats)})
        self.broadcast()
        self._time_deal()

    async def _op_watch(self, conn, msg):
        if conn.seat is not None:
            raise Refused(f"already at the table as P{conn.seat.index}")
        self._watch(conn, "watching")

    def _watch(self, conn, reason):
        conn.watching = True
        conn.send({"type": "welcome", "role": "watcher", "seat": None, "reason": reason})
        conn.send(self.state_for(conn))

    async def _op_state(self, conn, msg):
        conn.send(self.state_for(conn))

    async def _op_act(self, conn, msg):
        v, seat = self.view, conn.seat
        action, amount = msg.get("action"), msg.get("amount")
        if not isinstance(action, str) or action not in ACTION_KEYS:
            shown = action if isinstance(action, str) and len(action) <= 20 else "?"
            raise Refused(f"unknown action {shown!r}: " + ", ".join(ACTION_KEYS))
        if v.to_act != seat.index:
            acting = self._to_act()
            raise Refused("not your turn" + (f": {self._who(acting)} is to act" if acting
                                             else ": no hand is on"))
        keys = ACTION_KEYS[action]
        if action in AMOUNT_ACTIONS:
            if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
                raise Refused(f"{action} needs an amount: a whole number of chips above 0")
        elif amount is not None:
            raise Refused(f"{action} takes no amount")
        legal = {a["action"]: a for a in self.view.legal(seat.index)}
        if action not in legal:
            raise Refused(f"you cannot {action} now: " + ", ".join(legal))
        if action in AMOUNT_ACTIONS:
            low, high = legal[action]["min"], legal[action]["max"]
            if not low <= amount <= high:
                raise Refused(f"{action} to {amount}: " + ("below the minimum" if amount < low
                              else "more than your stack") + f" ({low}..{high})")
            keys += f"{amount}\r"
        await self._table_op(keys)

    async def _op_deal(self, conn, msg):
        if self.view.phase == "betting":
            raise Refused("a hand is being played")
        if self.view.phase == "over":
            raise Refused("the game is over: start a new game")
        if self._status(conn.seat) == "out":
            raise Refused("you are out of this game")
        await self._table_op("d")

    async def _op_new_game(self, conn, msg):
        if self.view.phase != "over":
            raise Refused("the game is not over")
        await self._table_op("n")

    async def _op_cards(self, conn, msg):
        seat = conn.seat
        if not self._has_cards(seat):
            if not self._dealt_in(seat):
                raise Refused("you have no cards in a hand being played")
            await self._read_hole(seat)
        conn.send(self.state_for(conn))

    async def _table_op(self, keys):
        """Type an accepted request's keys; the table's refusal, or its silence, is the
        requester's refusal."""
        final = await self._ask(keys.encode())
        if final is None:
            await self._ask(b"t")                   # read the table again
            self.broadcast()
            raise Refused("the table did not answer in time; the table was read again")
        kind, m = final
        if kind == "refused":
            self.broadcast()
            raise Refused(f"the table refused: {m.group(1)}")
        await self._after()

    # ------------------------------------------------------------------ what clients see
    def _status(self, seat):
        return self.view.status(seat.index)

    def _who(self, seat):
        return f"P{seat.index}" + (f" ({seat.name})" if seat.name else "")

    def state_for(self, conn):
        v = self.view
        seat = conn.seat
        you = {"seat": None, "role": "watcher", "cards": None, "legal": []}
        if seat is not None:
            you["seat"] = seat.index
            you["role"] = "watcher" if self._status(seat) == "out" else "player"
            if self._has_cards(seat):
                you["cards"] = list(seat.cards[1])
            you["legal"] = self.view.legal(seat.index)
        players = [{"seat": s.index, "name": s.name, "house": s.house,
                    "taken": bool(s.token), "connected": s.conn is not None,
                    "away": s.sitting_out}
                   for s in self.seats]
        clock = None
        if self.clock is not None:
            clock = {"seat": self.clock[0],
                     "seconds": round(max(0.0, self.clock[1] - self.loop.time()), 1)}
        return {"type": "state", "table": v.public(), "players": players, "you": you,
                "clock": clock, "received": self.received}

    def broadcast(self):
        """The state to every seated or watching client (never waits: Connection.send)."""
        for conn in list(self.conns):
            if conn.seat is not None or conn.watching:
                conn.send(self.state_for(conn))
