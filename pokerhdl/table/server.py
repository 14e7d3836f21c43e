"""`pokerhdl serve`: one Hold'em table (a board, the emulator or the golden model) and a client
per player over TCP, each seeing only their own cards.

The server is the only one who types on the table's terminal. It reads the table back from the
text it answers (pokerhdl/table/view.py), sends every client the public state, forwards a
player's action only on that player's turn, asks the table for a player's hole cards only when
it is that player's turn (the table shows the cards of the seat to act and nobody else's) and
sends them to that player's connection alone. Busted players watch; a new game seats them again.

Protocol: one JSON object per line (UTF-8, at most 4,096 bytes), both ways.

  client -> server
    {"op": "join", "name": "Ann"}          take a free seat (or watch when the table is full)
    {"op": "join", "token": "..."}         take back your seat after a disconnect
    {"op": "watch"}                        watch only
    {"op": "act", "token": "...", "action": "fold|check|call|allin|bet|raise", "amount": N}
    {"op": "deal", "token": "..."}         deal the next hand (when none is being played)
    {"op": "new_game", "token": "..."}     after game over
    {"op": "cards", "token": "..."}        your hole cards again
    {"op": "state"}                        the state again
  server -> client
    {"type": "welcome", "role": "player"|"watcher", "seat": k, "token": "...", "name": ...}
    {"type": "state", "table": {...}, "players": [...], "you": {"seat", "role", "cards",
     "legal"}, "received": bytes read from the table so far}
    {"type": "refused", "op": ..., "reason": "..."}
    {"type": "bye", "reason": "..."}

Every message that acts for a seat carries that seat's token, and a connection can act only for
the seat it joined: nobody can act for another seat. Anything else (not JSON, an unknown op, an
action out of turn, a wrong token, an amount that is not a number) is refused with a reason and
changes nothing. Seats the server offers no player (``players`` below the table's seats) are the
house's: they check when they can and fold otherwise.
"""

import asyncio
import json
import secrets
import sys
from dataclasses import dataclass

from ..golden.holdem import ACTION_NAMES
from ..golden.holdem_terminal import KEYS as TERMINAL_KEYS
from .view import FINAL, TableView

MAX_LINE = 4096
NAME_LENGTH = 16
SEND_TIMEOUT = 10.0
# the protocol's action words and the table's keys for them (golden/holdem_terminal.py)
ACTION_KEYS = {ACTION_NAMES[key.value].replace("-", ""): ch
               for ch, key in TERMINAL_KEYS.items() if key.entry == "act"}
AMOUNT_ACTIONS = {action for action, ch in ACTION_KEYS.items() if TERMINAL_KEYS[ch].number}
SEAT_OPS = ("act", "deal", "new_game", "cards")


def parse_address(text, default_host="127.0.0.1"):
    """(host, port) of HOST:PORT (an empty host is ``default_host``); ValueError otherwise."""
    host, sep, port = text.rpartition(":")
    if not sep or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{text!r}: give HOST:PORT, e.g. 127.0.0.1:7777")
    return host or default_host, int(port)


class Refused(Exception):
    """A request the server turns down; the text is the reason the client is sent."""


@dataclass
class Seat:
    index: int
    house: bool = False
    token: str = None
    name: str = None
    conn: object = None
    cards: tuple = None         # (deal number, [card, card]): the last hole cards read for it


class Connection:
    """One client's TCP stream."""

    def __init__(self, reader, writer):
        self.reader, self.writer = reader, writer
        self.seat = None            # a Seat once joined
        self.watching = False

    async def send(self, message):
        """Send one message; a client that reads nothing for SEND_TIMEOUT is dropped (it
        must not hold up the table)."""
        if self.writer.is_closing():
            return
        try:
            self.writer.write(json.dumps(message).encode() + b"\n")
            await asyncio.wait_for(self.writer.drain(), SEND_TIMEOUT)
        except (ConnectionError, RuntimeError, asyncio.TimeoutError):
            self.close()

    def close(self):
        try:
            self.writer.close()
        except RuntimeError:
            pass


class TableServer:
    """The server of one table behind ``link`` (pokerhdl/table/link.py). ``players``: seats
    offered to clients (default: every seat of the table). ``auto_deal``: seconds after a hand
    (with every offered seat taken) until the next is dealt; None: only when a player deals."""

    def __init__(self, link, players=None, auto_deal=None, settle=None, log=None):
        self.link = link
        self.players = players
        self.auto_deal = auto_deal
        self.settle = settle if settle is not None else min(2.0, link.answer_timeout)
        self.log = log or (lambda text: print(text, file=sys.stderr, flush=True))
        self.view = TableView()
        self.seats = []
        self.conns = set()
        self.received = 0           # bytes read from the table
        self.deals = 0              # hands dealt since the server started
        self.final = None           # the last line that ended an answer: (kind, match)
        self.pending = b""
        self.server = None
        self.deal_task = None
        self.closing = False
        self.handlers = set()       # the tasks serving the connections

    # ------------------------------------------------------------------ the table's side
    async def start(self, host="127.0.0.1", port=0):
        """Open the link, read the table, listen; returns the port."""
        self.loop = asyncio.get_running_loop()
        self.lock = asyncio.Lock()
        self.answered = asyncio.Event()
        self.heard = asyncio.Event()
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
        self.server = await asyncio.start_server(self._client, host, port, limit=MAX_LINE)
        self.port = self.server.sockets[0].getsockname()[1]
        return self.port

    async def close(self):
        self.closing = True
        if self.deal_task:
            self.deal_task.cancel()
        for conn in list(self.conns):
            conn.close()
        if self.handlers:                   # each sees its end of file and finishes
            await asyncio.wait(self.handlers, timeout=5)
        if self.server:
            self.server.close()
            await self.server.wait_closed()
        self.link.close()

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
        """After the table moved (the lock is held): the seat to act gets its cards, the
        house's seats play, everyone gets the new state, the next deal is timed."""
        for _ in range(100 * max(1, len(self.seats))):
            v = self.view
            seat = self.seats[v.to_act] if v.to_act is not None and v.to_act < len(
                self.seats) else None
            if seat is None:
                break
            if seat.house:
                await self._ask(b"k" if v.to_call == 0 else b"f")
                continue
            if not self._has_cards(seat):
                await self._ask(b"h")               # on this seat's behalf: its turn
            break
        await self.broadcast()
        self._time_deal()

    def _has_cards(self, seat):
        return seat.cards is not None and seat.cards[0] == self.deals

    def _time_deal(self):
        if self.deal_task:
            self.deal_task.cancel()
            self.deal_task = None
        offered = [s for s in self.seats if not s.house]
        if (offered and self.auto_deal is not None and self.view.phase == "ready"
                and all(s.token for s in offered)):
            self.deal_task = self.loop.create_task(self._deal_later())

    async def _deal_later(self):
        await asyncio.sleep(self.auto_deal)
        async with self.lock:
            if self.view.phase == "ready":
                self.deal_task = None
                if await self._ask(b"d") is not None:
                    await self._after()

    # ------------------------------------------------------------------ the clients' side
    async def _client(self, reader, writer):
        self.handlers.add(asyncio.current_task())
        conn = Connection(reader, writer)
        self.conns.add(conn)
        try:
            while True:
                try:
                    raw = await reader.readline()
                except ValueError:
                    await self._refuse(conn, None, f"a message is one line of at most "
                                                   f"{MAX_LINE} bytes")
                    continue
                except ConnectionError:
                    break
                if not raw:
                    break
                if raw.strip():
                    await self._message(conn, raw)
        finally:
            self.conns.discard(conn)
            if conn.seat is not None and conn.seat.conn is conn:
                conn.seat.conn = None
                if not self.closing:
                    self.log(f"{self._who(conn.seat)} left (the seat waits for its token)")
                    async with self.lock:
                        await self.broadcast()
            conn.close()
            self.handlers.discard(asyncio.current_task())

    async def _message(self, conn, raw):
        op = None
        try:
            try:
                msg = json.loads(raw.decode("utf-8"))
            except (UnicodeDecodeError, ValueError):
                raise Refused("not a JSON object on one line") from None
            if not isinstance(msg, dict):
                raise Refused("not a JSON object")
            op = msg.get("op")
            handler = getattr(self, f"_op_{op}", None) if isinstance(op, str) else None
            if handler is None:
                raise Refused(f"unknown op {op!r}: join, watch, act, deal, new_game, cards, "
                              "state")
            async with self.lock:
                if op in SEAT_OPS:
                    self._check_token(conn, msg)
                await handler(conn, msg)
        except Refused as why:
            await self._refuse(conn, op, str(why))

    async def _refuse(self, conn, op, reason):
        await conn.send({"type": "refused", "op": op, "reason": reason})

    def _check_token(self, conn, msg):
        if conn.seat is None:
            raise Refused("join a seat first")
        if msg.get("token") != conn.seat.token:
            raise Refused("wrong token: a connection acts only for the seat it joined")

    async def _op_join(self, conn, msg):
        if conn.seat is not None:
            raise Refused(f"already at the table as P{conn.seat.index}")
        token = msg.get("token")
        if token is not None:
            seat = next((s for s in self.seats if s.token and s.token == token), None)
            if seat is None:
                raise Refused("unknown token")
            if seat.conn is not None:
                await seat.conn.send({"type": "bye", "reason": "your seat was taken back by "
                                                               "a new connection"})
                seat.conn.seat = None
                seat.conn.close()
            self.log(f"{self._who(seat)} is back")
        else:
            name = msg.get("name")
            if name is not None and not (isinstance(name, str) and name.isprintable()
                                         and 0 < len(name) <= NAME_LENGTH):
                raise Refused(f"a name is 1..{NAME_LENGTH} printable characters")
            seat = next((s for s in self.seats if not s.house and s.token is None), None)
            if seat is None:
                await self._watch(conn, "every seat is taken: watching")
                return
            seat.token = secrets.token_hex(16)
            seat.name = name or f"P{seat.index}"
            self.log(f"{self._who(seat)} joined")
        seat.conn, conn.seat, conn.watching = conn, seat, False
        await conn.send({"type": "welcome", "role": "player", "seat": seat.index,
                         "token": seat.token, "name": seat.name, "seats": len(self.seats)})
        await self.broadcast()
        self._time_deal()

    async def _op_watch(self, conn, msg):
        if conn.seat is not None:
            raise Refused(f"already at the table as P{conn.seat.index}")
        await self._watch(conn, "watching")

    async def _watch(self, conn, reason):
        conn.watching = True
        await conn.send({"type": "welcome", "role": "watcher", "seat": None, "reason": reason})
        await conn.send(self.state_for(conn))

    async def _op_state(self, conn, msg):
        await conn.send(self.state_for(conn))

    async def _op_act(self, conn, msg):
        v, seat = self.view, conn.seat
        action, amount = msg.get("action"), msg.get("amount")
        if action not in ACTION_KEYS:
            raise Refused(f"unknown action {action!r}: " + ", ".join(ACTION_KEYS))
        if v.to_act != seat.index:
            raise Refused("not your turn" + (f": P{v.to_act} is to act"
                                             if v.to_act is not None else ": no hand is on"))
        keys = ACTION_KEYS[action]
        if action in AMOUNT_ACTIONS:
            if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
                raise Refused(f"{action} needs an amount: a whole number of chips above 0")
            keys += f"{min(amount, 10 ** 9)}\r"
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
            if self.view.to_act != seat.index:
                raise Refused("the table shows a player's cards on that player's turn")
            await self._ask(b"h")
        await conn.send(self.state_for(conn))

    async def _table_op(self, keys):
        """Type an accepted request's keys; the table's refusal, or its silence, is the
        requester's refusal."""
        final = await self._ask(keys.encode())
        if final is None:
            await self._ask(b"t")                   # read the table again
            await self.broadcast()
            raise Refused("the table did not answer in time; the table was read again")
        kind, m = final
        if kind == "refused":
            await self.broadcast()
            raise Refused(f"the table refused: {m.group(1)}")
        await self._after()

    # ------------------------------------------------------------------ what clients see
    def _status(self, seat):
        return self.view.seats[seat.index].status if seat.index < len(self.view.seats) else "in"

    def _who(self, seat):
        return f"P{seat.index} ({seat.name})"

    def state_for(self, conn):
        v = self.view
        seat = conn.seat
        you = {"seat": None, "role": "watcher", "cards": None, "legal": []}
        if seat is not None:
            you["seat"] = seat.index
            you["role"] = "watcher" if self._status(seat) == "out" else "player"
            if self._has_cards(seat):
                you["cards"] = list(seat.cards[1])
            you["legal"] = self._legal(seat)
        players = [{"seat": s.index, "name": s.name, "house": s.house,
                    "taken": bool(s.token), "connected": s.conn is not None}
                   for s in self.seats]
        return {"type": "state", "table": v.public(), "players": players, "you": you,
                "received": self.received}

    def _legal(self, seat):
        v = self.view
        if v.phase == "over":
            return [{"action": "new_game", "key": "n"}]
        if v.phase == "ready":
            return [] if self._status(seat) == "out" else [{"action": "deal", "key": "d"}]
        if v.to_act != seat.index:
            return []
        me = v.seats[seat.index]
        most = me.stack + me.bet
        legal = [("fold", {})]
        if v.to_call == 0:
            legal.append(("check", {}))
        else:
            legal.append(("call", {"amount": min(v.to_call, me.stack)}))
        if most > v.current_bet:
            legal.append(("bet" if v.current_bet == 0 else "raise",
                          {"min": min(v.min_raise_to, most), "max": most}))
        legal.append(("allin", {"amount": most}))
        return [{"action": a, "key": ACTION_KEYS[a], **extra} for a, extra in legal]

    async def broadcast(self):
        for conn in list(self.conns):
            if conn.seat is not None or conn.watching:
                await conn.send(self.state_for(conn))


async def serve(link, host, port, players=None, auto_deal=None, ready=None):
    """Run a server until cancelled (the command line's loop)."""
    server = TableServer(link, players=players, auto_deal=auto_deal)
    try:
        port = await server.start(host, port)
        if ready:
            ready(server, port)
        await server.server.serve_forever()
    finally:
        await server.close()


SERVE_HELP = __doc__ + """
examples:
  pokerhdl serve --emulate basys3_holdem             # the generated RTL, no board
  pokerhdl serve --port /dev/ttyUSB1 --listen 0.0.0.0:7777
  pokerhdl serve --golden --players 2                # two players, two house seats
then each player: pokerhdl join 127.0.0.1:7777 --name Ann
"""


def run_cli(args):
    from .link import EmulatorLink, GoldenLink, SerialLink
    try:
        host, port = parse_address(args.listen, "0.0.0.0")
    except ValueError as exc:
        sys.exit(f"pokerhdl serve: --listen {exc}")
    try:
        if args.golden:
            link = GoldenLink(seed=args.seed)
        elif args.emulate:
            from ..flow.tops import get_top
            if get_top(args.emulate).params.get("game") != "holdem":
                sys.exit(f"pokerhdl serve: {args.emulate} is not a Hold'em board top")
            print(f"building {args.emulate} in Verilator (cached after the first time) ...",
                  file=sys.stderr, flush=True)
            link = EmulatorLink(args.emulate)
        else:
            link = SerialLink(args.port, args.baud)
    except SystemExit as exc:
        sys.exit(f"pokerhdl serve: {exc}")

    def ready(server, bound):
        seats = len(server.seats)
        offered = sum(not s.house for s in server.seats)
        where = "127.0.0.1" if host == "0.0.0.0" else host
        print(f"serving {link.name}: {seats} seats, {offered} for players, on "
              f"{host}:{bound}; players join with: pokerhdl join {where}:{bound} "
              "--name NAME", file=sys.stderr, flush=True)

    auto = args.auto_deal if args.auto_deal >= 0 else None
    try:
        asyncio.run(serve(link, host, port, args.players, auto, ready))
    except (RuntimeError, ValueError, OSError) as exc:
        sys.exit(f"pokerhdl serve: {exc}")
    except KeyboardInterrupt:
        pass
