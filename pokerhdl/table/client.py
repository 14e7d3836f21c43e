"""`pokerhdl join HOST:PORT`: one player's seat at a `pokerhdl serve` table, in the terminal.

The screen shows the table (the board cards, every seat's stack, bet and state, the pot, whose
turn), your own cards, the actions you may take now with their keys, and the last actions.
Keys: f fold, k check, c call, a all-in, b bet and r raise (type the amount, Enter), d deal,
n new game, h your cards again, q quit. A seat's token is kept (in
$XDG_STATE_HOME/pokerhdl/seats.json, readable by you alone) so that running `join` again, after a
dropped connection or a closed terminal, takes back the same seat. When that seat is still
connected elsewhere (a second `join` from the same account), `join` asks whether to move it
here or take another seat (--take-over moves it; --json takes another seat without asking).

``--json`` is for scripts: every message from the server is printed as one JSON line, and each
line on standard input is a key as above ("b 40" bets 40, "q" quits).
"""

import asyncio
import json
import os
import re
import sys
from pathlib import Path

from ..web.serving import parse_address
from .protocol import ACTION_KEYS, AMOUNT_ACTIONS, MAX_LINE

CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")
RED_CARD = r"\b[2-9TJQKA][hd]\b"
SEAT_LABEL = re.compile(r"\bP(\d+)\b")    # a seat in a table's log line ("Game over, P1 wins")
KEYS_HELP = "f fold, k check, c call, a all-in, b<n> bet, r<n> raise, d deal, n new game, " \
            "h cards, q quit"


class ClientError(Exception):
    """The server cannot be reached, or refused to seat us."""


class SeatInUse(ClientError):
    """The token's seat has a connection: ``take_over`` moves it, or join for another."""

    def __init__(self, reason, seat):
        super().__init__(reason)
        self.seat = seat


def key_message(text, token):
    """The request a key line means ("c", "b 40", "r80", "d", ...), or a ValueError."""
    text = text.strip().lower()
    if not text:
        raise ValueError("nothing typed")
    key, amount = text[0], text[1:].strip()
    acts = {ch: action for action, ch in ACTION_KEYS.items()}
    if key in acts:
        msg = {"op": "act", "token": token, "action": acts[key]}
        if acts[key] in AMOUNT_ACTIONS:
            if not amount.isdigit():
                raise ValueError(f"{acts[key]} how much? e.g. {key} 40")
            msg["amount"] = int(amount)
        elif amount:
            raise ValueError(f"{key} takes no amount")
        return msg
    other = {"d": {"op": "deal"}, "n": {"op": "new_game"}, "h": {"op": "cards"},
             "t": {"op": "state"}}
    if key in other and not amount:
        return dict(other[key], token=token) if key != "t" else other[key]
    raise ValueError(f"unknown key {text!r}: {KEYS_HELP}")


class TableClient:
    """A connection to the server: ``join()``, then ``send()`` requests and read ``receive()``
    messages; ``state``, ``welcome`` and ``refusal`` keep the latest of each."""

    def __init__(self):
        self.welcome = None
        self.state = None
        self.refusal = None
        self.token = None
        self.seat = None

    async def connect(self, host, port, timeout=10.0):
        try:
            self.reader, self.writer = await asyncio.wait_for(
                asyncio.open_connection(host, port, limit=1 << 20), timeout)
        except (OSError, asyncio.TimeoutError) as exc:
            raise ClientError(f"cannot reach the table server at {host}:{port}: "
                              f"{exc or 'timed out'}") from None
        return self

    async def send(self, message):
        line = json.dumps(message).encode() + b"\n"
        assert len(line) <= MAX_LINE
        self.writer.write(line)
        await self.writer.drain()

    async def receive(self):
        """The next message (a dict), or None when the server closed the connection."""
        raw = await self.reader.readline()
        if not raw:
            return None
        msg = json.loads(raw)
        kind = msg.get("type")
        if kind == "welcome":
            self.welcome = msg
            self.token = msg.get("token") or self.token
            self.seat = msg.get("seat")
        elif kind == "state":
            self.state = msg
        elif kind == "refused":
            self.refusal = msg
        return msg

    async def join(self, name=None, token=None, watch=False, take_over=False):
        """Take a seat (back), or watch; returns the welcome. An unknown saved token is
        dropped for a fresh seat; SeatInUse when the token's seat has a connection and
        ``take_over`` is not given."""
        if watch:
            await self.send({"op": "watch"})
        elif token:
            await self.send({"op": "join", "token": token,
                             **({"take_over": True} if take_over else {})})
        else:
            await self.send({"op": "join", **({"name": name} if name else {})})
        while True:
            msg = await self.receive()
            if msg is None:
                raise ClientError("the server closed the connection")
            if msg["type"] == "welcome":
                return msg
            if msg["type"] == "refused" and msg.get("op") in ("join", "watch"):
                if token and msg["reason"] == "unknown token":
                    return await self.join(name=name)
                if msg.get("in_use"):
                    raise SeatInUse(msg["reason"], msg.get("seat"))
                raise ClientError(f"the server refused to seat us: {msg['reason']}")

    async def key(self, text):
        await self.send(key_message(text, self.token))

    def close(self):
        self.writer.close()


# ---------------------------------------------------------------------- the screen
def client_lines(state, welcome, note="", prompt=""):
    """The client's screen as text lines (curses draws them; --screenshot saves them)."""
    if state is None:
        return ["waiting for the table ..."]
    t, you = state["table"], state["you"]
    me = you["seat"]
    role = you["role"] + (f" P{me}" if me is not None else "")
    lines = [f"Hold'em  hand {t['hand']}  {t['street']}  pot {t['pot']}   you: {role}"
             + (f" ({welcome.get('name')})" if welcome and welcome.get("name") else "")]
    lines.append("Board: " + (" ".join(t["board"]) or "-"))
    lines.append("")
    lines.append("  seat   name              stack     bet  state")
    for k, seat in enumerate(t["seats"]):
        player = state["players"][k] if k < len(state["players"]) else {}
        name = ("(house)" if player.get("house") else player.get("name") or "(free)")
        if player.get("taken") and (not player.get("connected") or player.get("away")):
            name += " (away)"
        tag = "D" if t["dealer"] == k else " "
        mark = ">" if t["to_act"] == k else " "
        status = seat["status"] if seat["status"] != "in" else ""
        shown = t["shown"].get(str(k))
        if shown:
            status += f"  {' '.join(shown['cards'])} {shown['hand']}"
        lines.append(f"{mark} P{k} {tag}  {name[:16]:16} {seat['stack']:6}  {seat['bet']:6}  "
                     f"{status}".rstrip() + ("   <- you" if k == me else ""))
    lines.append("")
    if you["cards"]:
        lines.append("Your cards: " + " ".join(you["cards"]))
    named = names_of(state)
    if t["phase"] == "betting":
        clock = state.get("clock")
        lines.append(f"{named(t['to_act'])} to act, to call {t['to_call']}, "
                     f"min raise to {t['min_raise_to']}"
                     + (f"  ({clock['seconds']:.0f} s)" if clock else ""))
    elif t["phase"] == "over":
        lines.append(f"Game over: {named(t['winner'])} wins")
    else:
        lines.append("Waiting for the deal")
    lines.append("Keys: " + ("  ".join(legal_text(a) for a in you["legal"]) or "-")
                 + "  q quit")
    lines.append("")
    lines.append("Last actions:")
    lines += ["  " + SEAT_LABEL.sub(lambda m: named(int(m.group(1))), line)
              for line in t["log"][-10:]]
    if note:
        lines += ["", note]
    if prompt:
        lines += ["", prompt]
    return lines


def names_of(state):
    """seat -> the player's name where one sits there, else its label P<seat>."""
    names = {p.get("seat", k): p["name"] for k, p in enumerate(state["players"])
             if p.get("taken") and p.get("name")}
    return lambda seat: names.get(seat, f"P{seat}")


def legal_text(a):
    name = {"allin": "all-in", "new_game": "new game"}.get(a["action"], a["action"])
    if "min" in a:
        return f"{a['key']}<n> {name} {a['min']}..{a['max']}"
    return f"{a['key']} {name}" + (f" {a['amount']}" if "amount" in a else "")


def note_of(msg):
    if msg and msg.get("type") == "refused":
        return f"refused: {msg['reason']}"
    return ""


# ---------------------------------------------------------------------- tokens kept
def seats_file():
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(Path.home(), ".local", "state")
    return Path(base) / "pokerhdl" / "seats.json"


def saved_token(address):
    try:
        return json.loads(seats_file().read_text()).get(address)
    except (OSError, ValueError):
        return None


def save_token(address, token):
    """Keep the token for ``address``. The file is its owner's alone from its first byte (a
    token is a seat): written to a new file created with mode 0600, then renamed over the
    old one; its folder is created 0700."""
    path = seats_file()
    try:
        seats = json.loads(path.read_text()) if path.exists() else {}
    except ValueError:
        seats = {}
    if not isinstance(seats, dict):
        seats = {}
    seats[address] = token
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fresh = path.with_name(f".{path.name}.{os.getpid()}")
        fd = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(json.dumps(seats, indent=1))
        os.replace(fresh, path)
    except OSError:
        pass


# ---------------------------------------------------------------------- the programs
async def run_json(client):
    """Messages out as JSON lines, key lines in from standard input."""
    loop = asyncio.get_running_loop()
    lines = asyncio.Queue()

    def read_stdin():
        for line in sys.stdin:
            loop.call_soon_threadsafe(lines.put_nowait, line)
        loop.call_soon_threadsafe(lines.put_nowait, None)
    import threading
    threading.Thread(target=read_stdin, daemon=True).start()
    print(json.dumps(client.welcome), flush=True)

    async def show():
        while (msg := await client.receive()) is not None:
            print(json.dumps(msg), flush=True)

    shower = asyncio.create_task(show())
    while True:
        getter = asyncio.create_task(lines.get())
        done, _ = await asyncio.wait({getter, shower}, return_when=asyncio.FIRST_COMPLETED)
        if shower in done:
            getter.cancel()
            return "the server closed the connection"
        line = getter.result()
        if line is None or line.strip().lower() in ("q", "quit"):
            shower.cancel()
            return None
        try:
            await client.key(line)
        except ValueError as exc:
            print(json.dumps({"type": "error", "reason": str(exc)}), flush=True)


async def run_screen(screen, client):
    import curses
    curses.curs_set(0)
    screen.nodelay(True)
    if curses.has_colors():
        curses.start_color()
        curses.use_default_colors()
        curses.init_pair(1, curses.COLOR_RED, -1)
    typing, note = None, ""
    receiver = asyncio.create_task(client.receive())
    while True:
        if receiver.done():
            msg = receiver.result()
            if msg is None:
                return "the server closed the connection"
            if msg["type"] == "bye":
                return msg["reason"]
            note = note_of(msg) or (note if msg["type"] != "state" else "")
            receiver = asyncio.create_task(client.receive())
        while True:
            try:
                key = screen.get_wch()
            except curses.error:
                break
            if not isinstance(key, str):
                continue
            if typing is not None:
                if key in "\r\n":
                    try:
                        await client.key(typing)
                    except ValueError as exc:
                        note = str(exc)
                    typing = None
                elif key in ("\x7f", "\b"):
                    typing = typing[:-1] if len(typing) > 1 else None
                elif key == "\x1b":
                    typing = None
                elif key.isdigit():
                    typing += key
            elif key.lower() == "q":
                receiver.cancel()
                return None
            elif key.lower() in "br":
                typing = key.lower() + " "
            elif key.strip():
                try:
                    await client.key(key)
                    note = ""
                except ValueError as exc:
                    note = str(exc)
        prompt = f"amount: {typing}_ (Enter sends, Esc cancels)" if typing else ""
        draw(screen, client_lines(client.state, client.welcome, note, prompt))
        await asyncio.sleep(0.03)


def draw(screen, lines):
    import curses
    rows, cols = screen.getmaxyx()
    screen.erase()
    red = curses.color_pair(1) if curses.has_colors() else 0
    for y, line in enumerate(lines[:rows]):
        line = line[:cols - 1]
        screen.addstr(y, 0, line, curses.A_BOLD if y == 0 else 0)
        for m in CARD.finditer(line):
            if m.group()[1] in "hd":
                screen.addstr(y, m.start(), m.group(), red | curses.A_BOLD)
    screen.refresh()


async def connect_and_join(args):
    try:
        host, port = parse_address(args.address)
    except ValueError as exc:
        raise ClientError(f"the server: {exc}") from None
    address = f"{host}:{port}"
    client = await TableClient().connect(host, port)
    token = args.token or (None if args.new_seat or args.watch else saved_token(address))
    try:
        welcome = await client.join(name=args.name, token=token, watch=args.watch,
                                    take_over=args.take_over)
    except SeatInUse as busy:
        choice = "n" if args.json else ask(
            f"P{busy.seat}, your seat at {address}, is in use by another connection (another "
            "terminal?): [t] take it over here, [n] a new seat, [q] quit? ")
        if choice == "t":
            welcome = await client.join(token=token, take_over=True)
        elif choice == "n":
            print(f"P{busy.seat} is in use by another connection: taking another seat",
                  file=sys.stderr)
            welcome = await client.join(name=args.name)
        else:
            raise ClientError(f"P{busy.seat} is in use by another connection") from None
    if welcome.get("token"):
        save_token(address, welcome["token"])
    return client


def ask(question):
    """The first letter of the answer typed (q when there is no terminal to ask on)."""
    if not sys.stdin.isatty():
        return "q"
    try:
        return (input(question).strip().lower() or "q")[0]
    except EOFError:
        return "q"


def run_cli(args):
    async def on_screen():
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            raise ClientError("the screen needs a terminal (scripts: --json)")
        client = await connect_and_join(args)       # errors show before the screen opens
        import curses
        screen = curses.initscr()
        try:
            curses.noecho()
            curses.cbreak()
            screen.keypad(True)
            return await run_screen(screen, kept(client))
        finally:
            screen.keypad(False)
            curses.echo()
            curses.nocbreak()
            curses.endwin()

    client = None

    def kept(c):
        nonlocal client
        client = c
        return c

    async def as_json():
        return await run_json(kept(await connect_and_join(args)))

    try:
        why = asyncio.run(as_json() if args.json else on_screen())
    except ClientError as exc:
        sys.exit(f"pokerhdl join: {exc}")
    except KeyboardInterrupt:
        why = None
    finally:
        if args.screenshot and client is not None:
            from ..sim.screenshot import save_png
            save_png(client_lines(client.state, client.welcome), args.screenshot, columns=80,
                     red=RED_CARD)
    if why:
        sys.exit(f"pokerhdl join: {why}")
