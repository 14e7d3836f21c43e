"""The `pokerhdl serve` command: the table's link from the options, the limits a client may
hold, the server until Ctrl-C, and the host's commands typed on the server's standard input
(``seats``, ``free SEAT``): the host frees a seat there, not over the network.
"""

import asyncio
import secrets
import sys
import threading

from . import protocol
from .connection import Limits
from .server import TableServer
from ..web.serving import add_allow_host, page_address, parse_address

DEFAULTS = Limits()


async def host_command(server, text):
    """The answer to one line the host typed."""
    words = text.split()
    if words == ["seats"]:
        now = server.loop.time()
        return "\n".join(
            f"P{s.index} " + ("house" if s.house else "free" if s.token is None else
                              f"{s.name}, " + ("connected" if s.conn else "gone")
                              + (", sitting out" if s.sitting_out else "")
                              + (f", away {now - s.away_since:.0f} s" if s.away_since
                                 is not None else ""))
            for s in server.seats)
    if len(words) == 2 and words[0] == "free":
        k = words[1].upper().lstrip("P")
        if not (k.isdigit() and int(k) < len(server.seats)):
            return f"free SEAT: a seat 0..{len(server.seats) - 1}"
        return f"P{k} is free" if await server.free(int(k)) else f"P{k} has no player"
    return "commands: seats (who sits where), free SEAT (free a player's seat, e.g. free 2)"


def read_commands(server, say):
    """Read the host's lines from standard input in a thread; each is answered on the loop."""
    loop = server.loop

    async def answer(line):
        say(await host_command(server, line))

    def read():
        for line in sys.stdin:
            if line.strip():
                loop.call_soon_threadsafe(loop.create_task, answer(line))
    threading.Thread(target=read, name="host-commands", daemon=True).start()


async def serve(link, host, port, players=None, auto_deal=None, ready=None, limits=None,
                commands=False, web=None, allow_hosts=(), state=None):
    """Run a server until cancelled (the command line's loop); ``web``: (host, port) of the
    page and its WebSocket (web.py), or None; ``allow_hosts``: the page's extra names;
    ``state``: a state.TableState (--state, --history) or None."""
    server = TableServer(link, players=players, auto_deal=auto_deal, limits=limits,
                         state=state)
    page = None
    try:
        port = await server.start(host, port)
        if web:
            from .web import start_web
            page, web = await start_web(server, *web, allow_hosts=allow_hosts)
        if ready:
            ready(server, port, web)
        if commands:
            read_commands(server, server.log)
        await server.server.serve_forever()
    finally:
        if page:
            page.close(close_connections=False)     # no new page; the server closes the rest
        await server.close()
        if page:
            await page.wait_closed()


SERVE_HELP = f"""One Hold'em table (a board, the emulator or the golden model) and a client per
player over TCP, or in a web browser (--web), each seeing only their own cards.

Limits: no client holds the table. A client that leaves more than --max-backlog of messages
unread is dropped; connections are capped in all and per address; a connection that neither
joins nor watches within --idle-timeout is closed. The player to act has --turn-time seconds,
then the server checks or folds for the seat, which sits out (played at once) until its player
sends something; a seat whose player is gone or sitting out for --away-time is freed (with its
chips, for the next player who joins once it is out of the hand).

Seats: a seat without a player sits out at the table (it posts no blind and is dealt nothing;
o<seat> on the table's terminal) and sits in when a player takes it, so two players at a
four-seat table play heads-up; the next hand is dealt --auto-deal seconds after the last once
two seats are in.

The page (--web) answers only its own origin: a request whose Host is a name other than
localhost, this machine's or one given with --allow-host is refused (421 Misdirected Request:
a site that points its own name at this machine, DNS rebinding), and a WebSocket opened by a
page of another site (its Origin) is refused (403), so a page open in the same browser cannot
sit down or watch for you. Behind a reverse proxy, give its public name: --allow-host
poker.example.com (docs/web.md). Each refusal is said once per address on stderr.

The host types on the server's standard input: `seats` lists who sits where, `free 2` frees
seat P2 (its player is told why and may join again for a free seat).

State (--state FILE: SQLite, created 0600): the seats, names and token hashes (never a token),
the stacks, the hand number and the hand in play, saved in one transaction after every action
and before anyone is told of it. A server killed at any moment and started again with the same
file seats everyone again by their tokens (`join` takes the seat back as after a dropped
connection) and the hand goes on: the golden table from its saved state (table, terminal, deck
rng: the same cards); a board keeps its own game and is read back (a hand it went on with
while the server was down is left out of the history); the emulated RTL is replayed from
power-on with every input at the clock cycle it was typed at (the RTL is deterministic: the
same hand, the same deck), which takes about as long as the emulator had run.
Histories (--history DIR; with --state by default FILE's name with -hands beside it): every
hand as PHH (https://phh.readthedocs.io, PokerKit reads it) and as PokerStars text, one file a
hand, readable by the owner alone; `pokerhdl history FILE` prints them.

Protocol (pokerhdl/table/protocol.py). {protocol.__doc__.split("``read_message``")[0].strip()}

examples:
  pokerhdl serve --emulate basys3_holdem             # the generated RTL, no board
  pokerhdl serve --port /dev/ttyUSB1 --listen 0.0.0.0:7777
  pokerhdl serve --golden --players 2                # two players, two house seats
  pokerhdl serve --golden --turn-time 60 --away-time 600   # a slower table
  pokerhdl serve --golden --web 8080                 # and the page: http://127.0.0.1:8080/
  pokerhdl serve --golden --state table.db           # survives a crash; hands in table-hands/
then each player: pokerhdl join 127.0.0.1:7777 --name Ann, or the page in a browser
"""


def add_options(p):
    """The web page's, the state's and the limits' options of `pokerhdl serve` (cli.py adds
    the others)."""
    p.add_argument("--state", metavar="FILE",
                   help="keep the seats, tokens (hashed), stacks and the hand in play in this "
                        "SQLite file, so that the server started again after a crash goes on "
                        "where it was (made 0600 if new)")
    p.add_argument("--history", metavar="DIR",
                   help="write every hand in this folder as PHH and PokerStars text (default "
                        "with --state: FILE's name with -hands, beside it)")
    p.add_argument("--no-history", action="store_true",
                   help="no hand histories (with --state)")
    p.add_argument("--web", metavar="[HOST:]PORT",
                   help="serve the table's web page and its WebSocket on this port too "
                        "(HOST: --listen's by default), e.g. --web 8080 or --web 0.0.0.0:8080")
    add_allow_host(p)
    p.add_argument("--turn-time", type=float, default=DEFAULTS.turn, metavar="SECONDS",
                   help=f"time to act, then the server checks or folds for the seat "
                        f"(default {DEFAULTS.turn:g}; 0: no clock)")
    p.add_argument("--away-time", type=float, default=DEFAULTS.away, metavar="SECONDS",
                   help=f"a seat whose player is gone or sitting out this long is freed "
                        f"(default {DEFAULTS.away:g}; 0: never)")
    p.add_argument("--idle-timeout", type=float, default=DEFAULTS.idle, metavar="SECONDS",
                   help=f"close a connection that neither joins nor watches within this "
                        f"(default {DEFAULTS.idle:g})")
    p.add_argument("--max-connections", type=int, default=DEFAULTS.connections, metavar="N",
                   help=f"open connections in all; when full, a newcomer takes a watcher's "
                        f"place (default {DEFAULTS.connections})")
    p.add_argument("--max-per-address", type=int, default=DEFAULTS.per_address, metavar="N",
                   help=f"open connections from one IP address (default "
                        f"{DEFAULTS.per_address})")
    p.add_argument("--max-backlog", type=int, default=DEFAULTS.backlog // 1024, metavar="KIB",
                   help=f"drop a client that leaves this many KiB of messages unread "
                        f"(default {DEFAULTS.backlog // 1024})")


def limits_of(args):
    """Limits from the options, or SystemExit naming the wrong one."""
    for option, value in (("--turn-time", args.turn_time), ("--away-time", args.away_time)):
        if value < 0:
            sys.exit(f"pokerhdl serve: {option} is 0 (off) or more seconds")
    for option, value in (("--idle-timeout", args.idle_timeout),
                          ("--max-connections", args.max_connections),
                          ("--max-per-address", args.max_per_address),
                          ("--max-backlog", args.max_backlog)):
        if value <= 0:
            sys.exit(f"pokerhdl serve: {option} must be above 0")
    return Limits(connections=args.max_connections, per_address=args.max_per_address,
                  idle=args.idle_timeout, backlog=args.max_backlog * 1024,
                  turn=args.turn_time, away=args.away_time)


def table_state(args):
    """The TableState of --state and --history (None without either), and the table the
    state file was made for (None for a new file), or SystemExit with the reason."""
    from .state import TableState, history_beside, saved_table
    history = None if args.no_history else args.history
    if args.state and history is None and not args.no_history:
        history = history_beside(args.state)
    if not args.state and not history:
        return None, None
    try:
        saved = saved_table(args.state) if args.state else None
        return TableState(args.state, history,
                          log=lambda text: print(text, file=sys.stderr, flush=True)), saved
    except (ValueError, OSError) as exc:
        sys.exit(f"pokerhdl serve: --state {args.state}: {exc}")


def run_cli(args):
    from .link import EmulatorLink, GoldenLink, SerialLink
    try:
        host, port = parse_address(args.listen, "0.0.0.0")
    except ValueError as exc:
        sys.exit(f"pokerhdl serve: --listen {exc}")
    web = None
    if args.web is not None:
        try:
            web = page_address(args.web, host)
        except ValueError as exc:
            sys.exit(f"pokerhdl serve: --web {exc}")
        try:
            import websockets  # noqa: F401
        except ImportError:
            sys.exit("pokerhdl serve: --web needs the websockets package: "
                     "pip install 'pokerhdl[web]'")
    limits = limits_of(args)
    state, saved = table_state(args)
    try:
        if args.golden and saved and saved.get("kind") == "golden":
            settings = {k: v for k, v in saved.items() if k != "kind"}
            if args.seed is not None and args.seed != settings["seed"]:
                print(f"--seed {args.seed} ignored: {args.state} goes on with the deck seed "
                      f"{settings['seed']}", file=sys.stderr, flush=True)
            link = GoldenLink(**settings)
        elif args.golden:
            seed = args.seed if args.seed is not None else secrets.randbits(64) or 1
            link = GoldenLink(seed=seed)
        elif args.emulate:
            from ..flow.tops import get_top
            if get_top(args.emulate).params.get("game") != "holdem":
                sys.exit(f"pokerhdl serve: {args.emulate} is not a Hold'em board top")
            from ..sim.build_progress import announcer
            link = EmulatorLink(args.emulate, announce=announcer("pokerhdl serve"))
        else:
            link = SerialLink(args.port, args.baud)
    except SystemExit as exc:
        sys.exit(f"pokerhdl serve: {exc}")

    def ready(server, bound, page):
        seats = len(server.seats)
        offered = sum(not s.house for s in server.seats)
        where = "127.0.0.1" if host == "0.0.0.0" else host
        print(f"serving {link.name}: {seats} seats, {offered} for players, on "
              f"{host}:{bound}; players join with: pokerhdl join {where}:{bound} "
              "--name NAME", file=sys.stderr, flush=True)
        if page:
            shown = "127.0.0.1" if web[0] == "0.0.0.0" else web[0]
            print(f"the table's web page: http://{shown}:{page}/ (on {web[0]}:{page})",
                  file=sys.stderr, flush=True)
        print((f"the same deals again: --seed {link.seed}; " if args.golden else "")
              + "the host's commands here: seats, free SEAT", file=sys.stderr, flush=True)
        if state:
            print((f"state: {args.state}" + (" (restored)" if saved else " (new)")
                   if args.state else "no state file")
                  + (f"; hand histories in {state.history_path}/" if state.history_path
                     else "; no hand histories"), file=sys.stderr, flush=True)

    auto = args.auto_deal if args.auto_deal >= 0 else None
    try:
        asyncio.run(serve(link, host, port, args.players, auto, ready, limits, commands=True,
                          web=web, allow_hosts=args.allow_host, state=state))
    except (RuntimeError, ValueError, OSError) as exc:
        sys.exit(f"pokerhdl serve: {exc}")
    except KeyboardInterrupt:
        pass
