"""The `pokerhdl` command: convert the blocks, list them, evaluate hands and compute equities."""

import argparse
import json
import os
import sys
import time

from . import golden
from .odds.calculator import (AUTO_EXACT_LIMIT, BACKENDS, DEFAULT_LANES, DEFAULT_SEED, DEFAULT_TRIALS,
                              MAX_LANES, equity)
from .golden.equity.readable import EquityError
from .web.serving import add_allow_host


def cmd_convert(args):
    # the HDL flow is imported by the commands that use it: `pokerhdl equity` starts faster
    from .boards.shell import write_board_files
    from .flow.convert import HDLS
    from .flow.generate import convert_all
    from .flow.tops import TOPS
    hdls = HDLS if args.hdl == "both" else (args.hdl,)
    names = args.top or None
    for n in names or ():
        if n not in TOPS:
            sys.exit(f"pokerhdl convert: unknown top {n!r}; `pokerhdl tops` lists them")
    try:
        convert_all(hdls, names, root=args.out, jobs=args.jobs, force=args.force)
    except RuntimeError as exc:
        sys.exit(f"pokerhdl convert: {exc}")
    boards = [TOPS[n] for n in (names or TOPS) if TOPS[n].board]
    if boards:
        # the board tops' XDC, Vivado script and FuseSoC core, next to the output root
        # (text from tables: written every time, in well under a second)
        write_board_files(boards, os.path.dirname(os.path.abspath(args.out)))


def cmd_tops(args):
    from .flow.tops import TOPS
    for name, top in sorted(TOPS.items()):
        params = ", ".join(f"{k}={v!r}" for k, v in top.params.items())
        print(f"{name:14s} {top.doc}" + (f"  [{params}]" if params else ""))


def cmd_rtl(args):
    """Where a block's generated files are: its HDL in compile order, one a line (for a
    simulator's command line), or every hand-off file with --json."""
    import difflib
    from .flow.blocks import hand_off, hdl_root
    from .flow.tops import TOPS
    if args.block not in TOPS:
        near = difflib.get_close_matches(args.block, TOPS, n=3)
        fail("rtl", f"unknown block {args.block!r}"
             + (f" (did you mean {', '.join(near)}?)" if near else "")
             + "; `pokerhdl tops` lists them", args.json)
    try:
        found = hand_off(args.block, args.hdl)
    except FileNotFoundError as exc:
        fail("rtl", f"{args.block}'s files are missing under {hdl_root()}: {exc} (a checkout: "
                    "run `make`)", args.json)
    if args.json:
        board = bool(TOPS[args.block].board)
        print(json.dumps({"block": args.block, "hdl": args.hdl, "board_top": board,
                          "root": str(hdl_root()), **found}, indent=1))
        return
    print("\n".join(found["hdl"]))


def add_rtl_parser(sub):
    p = sub.add_parser("rtl", help="where a block's generated Verilog or VHDL is (and its "
                                   "templates, FuseSoC core, IP-XACT component)",
                       description="Print the paths of a block's generated HDL, in compile "
                                   "order, one a line: e.g. `iverilog $(pokerhdl rtl eval7) "
                                   "my_design.v`. With --json, also its instantiation "
                                   "templates, FuseSoC core and IP-XACT component.xml. "
                                   "`pokerhdl tops` lists the blocks.")
    p.add_argument("block", help="a block (or top), e.g. eval7, shuffler, equity_lane")
    p.add_argument("--hdl", choices=("verilog", "vhdl", "both"), default="verilog",
                   help="which language's files (default verilog; vhdl lists MyHDL's support "
                        "package first)")
    p.add_argument("--json", action="store_true", help="one JSON object: block, hdl, "
                   "board_top, root, hdl files, and for a block template, core, component")
    p.set_defaults(func=cmd_rtl)


def cmd_eval(args):
    try:
        cards = golden.parse_cards(" ".join(args.cards))
        word = golden.rank7(cards)
    except golden.CardError as exc:
        sys.exit(f"pokerhdl eval: {exc}")
    print(f"{golden.format_cards(cards)}: {golden.describe(word)} (word 0x{word:06x})")


def fail(command, message, as_json=False):
    """End the run with a one-line reason and exit status 1 (``--json``: a JSON object
    {"error": reason, "command": command} on stdout, the same exit)."""
    message = " ".join(str(message).split())
    if as_json:
        print(json.dumps({"error": message, "command": command}))
        sys.exit(1)
    sys.exit(f"pokerhdl {command}: {message}")


def whole_number(low=None, high=None, what="a whole number"):
    """An argparse type: an integer (decimal, or 0x.. / 0o.. / 0b..) from low to high, refused
    in plain words (never argparse's "invalid <lambda> value")."""
    def convert(text):
        try:
            value = int(text, 0)
        except ValueError:
            value = None
        if value is None or (low is not None and value < low) or \
                (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}")
        return value
    return convert


# the equity engine's seed (128 bits) and lane count, as `equity` and `chart` read them
ENGINE_SEED = whole_number(0, (1 << 128) - 1, "a seed: a 128-bit whole number (0 .. 2**128 - 1), "
                                              "e.g. 7 or 0x2a")
LANE_COUNT = whole_number(1, MAX_LANES, f"a number of lanes 1..{MAX_LANES}")


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose refusals are one line naming the command and the reason, exit
    status 2 (a JSON error object on stdout when --json is among the arguments), not the
    usage block and argparse's wording."""

    def error(self, message):
        command = self.prog.split()[-1] if " " in self.prog else ""
        if message.startswith("argument "):
            message = message[len("argument "):]
        message = message.replace("invalid choice: ", "")
        hint = f" (see `{self.prog} --help`)"
        as_json = "--json" in self.given
        if as_json:
            print(json.dumps({"error": message, "command": command or "pokerhdl"}))
        else:
            print(f"{self.prog}: {message}{hint}", file=sys.stderr)
        sys.exit(2)

    def parse_known_args(self, args=None, namespace=None):
        # the arguments this parser reads (a subcommand's parser is given the rest), for error()
        self.given = list(sys.argv[1:] if args is None else args)
        return super().parse_known_args(args, namespace)


class ProgressBar:
    """A progress bar on stderr for runs longer than a second (tqdm): call it as
    progress(done, total); ``close()`` clears it before the answer is printed. tqdm is imported
    only once a run has taken half a second (its import costs a short run a fifth of its time)."""

    def __init__(self, unit="trials"):
        self.bar = None
        self.unit = unit
        self.start = time.monotonic()

    def __call__(self, done, total):
        if self.bar is None:
            waited = time.monotonic() - self.start
            if waited < 0.5:
                return
            from tqdm import tqdm
            self.bar = tqdm(total=total, unit=" " + self.unit, unit_scale=True,
                            delay=max(0.0, 1.0 - waited), leave=False, file=sys.stderr)
        self.bar.update(done - self.bar.n)

    def close(self):
        if self.bar is not None:
            self.bar.close()


def plural(count, word):
    return f"{count:,} {word}" + ("" if count == 1 else "s")


def cmd_equity(args):
    if args.web is not None:
        if args.hero is not None or args.random:
            fail("equity", "--web takes the hands on its page: give none here", args.json)
        from .odds.equity_web import run_web
        run_web(args.web, args.allow_host)
        return
    if args.hero is None:
        args.parser.error("the following arguments are required: hero, opponents")
    opponents = list(args.opponents) + ["random"] * args.random
    if not opponents:
        fail("equity", "give at least one opponent (cards, a range, random, or --random N)",
             args.json)
    if args.port and args.backend != "serial":
        fail("equity", f"--port is for --backend serial, not {args.backend}", args.json)
    progress = ProgressBar()
    try:
        report = equity(args.hero, *opponents, board=args.board or (), dead=args.dead or (),
                        exact=args.exact or None, trials=args.trials, seed=args.seed,
                        lanes=args.lanes, backend=args.backend, progress=progress,
                        port=args.port)
    except (EquityError, ValueError, RuntimeError, OSError) as exc:
        fail("equity", exc, args.json)
    finally:
        progress.close()
    if args.json:
        print(json.dumps(report.as_dict()))
        return
    mc = not report.exact
    width = max(8, *(len(p.cards) for p in report.players))
    print(f"{'player':{width}s} {'win %':>8s} {'tie %':>8s} {'equity %':>9s}"
          + ("  std. error" if mc else ""))
    for p in report.players:
        line = f"{p.cards:{width}s} {100 * p.win:8.3f} {100 * p.tie:8.3f} {100 * p.equity:9.3f}"
        print(line + (f"  {100 * p.stderr:.3f}" if mc else ""))
    how = "exact: every completion" if report.exact else \
        f"Monte Carlo, seed {report.seed}, {report.lanes} lanes"
    if report.setups > 1:
        how += f"; {report.setups:,} setups, a hand from each range"
        if report.weighted:
            how += ", weighed by the ranges' weights" if report.exact else \
                ", each trial's drawn by weight"
        elif not report.exact:
            how += f", {plural(report.trials // report.setups, 'trial')} each"
    print(f"{plural(report.trials, 'trial')} ({how}) in {report.seconds:.2f} s, "
          f"{report.trials_per_second:,.0f} trials/s on the {report.backend} backend "
          f"({report.engine})")


EQUITY_HELP = f"""Hold'em equity: the share of the pot each hand wins when the cards still to come
are dealt every possible way (--exact) or N random ways (--trials N). Ties split the pot
exactly. Cards are written as in `pokerhdl eval` (AdAc, or Ad Ac; T or 10 for a ten); a player
written `random` (or --random N) holds a random hand. Any player, the hero too, may hold a hand
range (quote it): pairs QQ, QQ+, JJ-88; two ranks AKs (suited), AKo (offsuit), AK (both), ATs+,
KTo-K7o; connectors and gappers T9s-54s, J9o-T8o; two cards AhKh; random or XxXx; the top 15%
of hands (by equity against a random hand: golden/equity/preflop_order.txt); each with a weight,
AA:0.5, QQ+:1/4 (the last token naming a combo sets its weight); separated by commas or
semicolons, e.g. "QQ+,AKs;AQs:0.5". Each way to give every range player a hand, no card
shared, is a setup of its own: exact runs sum their counts times their weights (exact
rationals); Monte Carlo shares the trials out evenly, or, with weights, draws each trial's
setup by its weight. Without --exact or --trials the run is exact when it takes at most
{AUTO_EXACT_LIMIT:,} completions in all, else {DEFAULT_TRIALS:,} Monte Carlo trials.

examples:
  pokerhdl equity AdAc KhKs --exact
  pokerhdl equity Td6h --board 7d8dJs6s9h --random 2 --exact
  pokerhdl equity AhKh QsQd random --trials 2000000 --seed 7 --json
  pokerhdl equity "QQ+" AhKh --exact
  pokerhdl equity 8h8d "AJs+,KQs,TT+:0.5" --board 7c8s2d
  pokerhdl equity "10%" "T9s-54s;22+" random --trials 1000000
"""


CHART_HELP = """The preflop chart: the 169 starting hands on the 13 x 13 grid (pairs on the
diagonal, suited hands above it, offsuit below), each with its equity against N random hands
(--random N, 1..9, default 1) or against a range (--against "QQ+,AKs"), by Monte Carlo
(--trials a hand, one seed for all); printed as a table, drawn as a PNG heat map (--png FILE),
or one JSON object (--json: hands, grid, trials, seconds).

examples:
  pokerhdl chart --png chart.png
  pokerhdl chart --random 3 --trials 20000 --json
  pokerhdl chart --against "10%" --trials 5000 --png vs-top10.png
"""


def cmd_chart(args):
    from .odds.chart import chart, save_png
    if args.against is not None and args.random is not None:
        fail("chart", "--random and --against exclude each other", args.json)
    if args.port and args.backend != "serial":
        fail("chart", f"--port is for --backend serial, not {args.backend}", args.json)
    random = 1 if args.random is None else args.random
    if args.against is None and not 1 <= random <= 9:
        fail("chart", f"1 to 9 random opponents: got {random}", args.json)
    if args.png and not os.path.isdir(os.path.dirname(os.path.abspath(args.png))):
        fail("chart", f"--png {args.png}: no folder {os.path.dirname(args.png)!r}", args.json)
    progress = ProgressBar("hands")
    try:
        answer = chart(random, args.against, args.trials, args.seed, args.lanes, args.backend,
                       args.port, progress)
        if args.png:
            save_png(answer, args.png)
    except ImportError:
        fail("chart", "--png draws with Pillow, which is not installed: pip install Pillow "
                      "(or pokerhdl[chart])", args.json)
    except (EquityError, ValueError, RuntimeError, OSError) as exc:
        fail("chart", exc, args.json)
    finally:
        progress.close()
    if args.json:
        print(json.dumps(answer))
        return
    from .odds.chart import grid_hands
    for hands, row in zip(grid_hands(), answer["grid"]):
        print(" ".join(f"{h:>3s} {100 * e:4.1f}" for h, e in zip(hands, row)))
    print(f"equity % against {answer['against']}: {answer['trials']:,} trials "
          f"({answer['trials_per_hand']:,} a hand, seed {answer['seed']}) in "
          f"{answer['seconds']:.2f} s on the {answer['backend']} backend"
          + (f"; picture in {args.png}" if args.png else ""))


def cmd_play(args):
    from .odds.play import run_cli
    run_cli(args)


def cmd_emulate(args):
    from .sim.emulator_ui import run_cli
    run_cli(args)


def cmd_serve(args):
    from .table.serve import run_cli
    run_cli(args)


def cmd_join(args):
    from .table.client import run_cli
    run_cli(args)


COMMANDS = ("convert", "tops", "rtl", "eval", "equity", "chart", "play", "emulate", "serve", "join",
            "history")


def add_convert_parser(sub):
    """`pokerhdl convert`'s options."""
    p = sub.add_parser("convert", help="write Verilog and/or VHDL of the tops into generated/",
                       description="Convert the tops whose output is stale (their sources, "
                                   "parameters or MyHDL changed since OUT/manifest.json "
                                   "recorded them, or a file is missing or edited), each in a "
                                   "fresh process, the longest first, on every core.")
    p.add_argument("--hdl", choices=("verilog", "vhdl", "both"), default="both")
    p.add_argument("--top", action="append", help="only this top (repeatable)")
    p.add_argument("--out", default="generated", help="output root (default: generated)")
    p.add_argument("--jobs", type=whole_number(1, None, "a number of processes"), default=None,
                   help="conversions run side by side (default: one per core)")
    p.add_argument("--force", action="store_true",
                   help="convert every top asked for, stale or not (`make FORCE=1`)")
    p.set_defaults(func=cmd_convert)


def build_parser(command=None):
    """The `pokerhdl` argument parser, every subcommand with its options (each subcommand's
    ``func`` runs it); with ``command``, that subcommand's alone (what `main` needs to run it:
    the others' help texts import the HDL flow, the emulator and the table server, a few
    tenths of a second `pokerhdl equity` should not pay)."""
    parser = OneLineParser(prog="pokerhdl", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=OneLineParser)

    def wanted(name):
        return command in (None, name)
    if wanted("convert"):
        add_convert_parser(sub)
    if wanted("tops"):
        p = sub.add_parser("tops", help="list the convertible tops")
        p.set_defaults(func=cmd_tops)
    if wanted("rtl"):
        add_rtl_parser(sub)
    if wanted("eval"):
        p = sub.add_parser("eval", help="rank 1 to 7 cards, e.g. `pokerhdl eval Ah Kh Qh Jh Th`")
        p.add_argument("cards", nargs="+")
        p.set_defaults(func=cmd_eval)
    if wanted("equity"):
        p = sub.add_parser("equity", help="equity of a hand against opponents (exact or Monte "
                                          "Carlo)", description=EQUITY_HELP,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        p.add_argument("hero", nargs="?", help="the hero's two cards, e.g. AdAc, or a hand range "
                                               "such as \"QQ+,AKs\" or \"15%%\" (quoted)")
        p.add_argument("opponents", nargs="*", help="each opponent's two cards, `random`, or a "
                                                    "hand range such as \"QQ+,AKs:0.5\" (quoted)")
        p.add_argument("--board", help="known board cards (0..5), e.g. 7d8dJs")
        p.add_argument("--dead", help="cards out of play (seen, in nobody's hand)")
        p.add_argument("--random", type=whole_number(0, None, "a number of opponents"), default=0,
                       metavar="N", help="N more random opponents")
        mode = p.add_mutually_exclusive_group()
        mode.add_argument("--exact", action="store_true", help="every completion once")
        mode.add_argument("--trials", type=whole_number(0, None, "a number of trials"),
                          metavar="N", help="N Monte Carlo trials")
        p.add_argument("--seed", type=ENGINE_SEED,
                       default=DEFAULT_SEED,
                       help=f"Monte Carlo seed, a 128-bit number (default {DEFAULT_SEED}: runs "
                            "repeat exactly)")
        p.add_argument("--lanes", type=LANE_COUNT,
                       help=f"Monte Carlo lanes (1..{MAX_LANES}) the trials are shared among; the "
                            f"counts depend "
                            f"on them (golden: default {DEFAULT_LANES}; sim: the simulated "
                            f"engine's; serial: the board's, which its engine tells when asked: "
                            f"given, it must match)")
        p.add_argument("--backend", default="golden", choices=BACKENDS,
                       help="golden: the CPU (exact runs in numpy, Monte Carlo in C on every "
                            "core); sim: the generated RTL of the hardware engine in Verilator "
                            "(its own lanes: for Monte Carlo the golden backend with the same "
                            "--lanes and --seed gives the same counts, --exact gives golden "
                            "exact's; Monte Carlo unless --exact); serial: a board running the "
                            "engine (an *_equity* top), on --port; it tells its lanes, seats and "
                            "clock")
        p.add_argument("--port", metavar="DEV", help="the board's serial port for --backend serial "
                                                     "(e.g. /dev/ttyUSB1)")
        p.add_argument("--json", action="store_true",
                       help="one JSON object: players (hero first: cards, win, tie, equity as "
                            "fractions, and the counts), trials, mode, seed, lanes, backend, "
                            "engine, seconds, setups (more than 1 with ranges)")
        p.add_argument("--web", metavar="[HOST:]PORT",
                       help="the calculator on a web page instead: hands, board, ranges, the "
                            "answer and the preflop chart (the golden backend); on 127.0.0.1 "
                            "unless HOST, e.g. --web 8080 then open http://127.0.0.1:8080/")
        add_allow_host(p)
        p.set_defaults(func=cmd_equity, parser=p)
    if wanted("chart"):
        from .odds.chart import DEFAULT_CHART_TRIALS
        p = sub.add_parser("chart", help="the 13 x 13 preflop chart: each starting hand's equity "
                                         "against random hands or a range (table, PNG, JSON)",
                           description=CHART_HELP,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        p.add_argument("--random", type=whole_number(0, None, "a number of opponents"),
                       metavar="N", help="against N random hands, 1..9 (default 1)")
        p.add_argument("--against", metavar="RANGE", help="against one opponent holding this range "
                                                          "(e.g. \"QQ+,AKs\" or \"10%%\")")
        p.add_argument("--trials", type=whole_number(1, None, "a number of trials, 1 or more"),
                       default=DEFAULT_CHART_TRIALS, metavar="N",
                       help=f"Monte Carlo trials a hand (default {DEFAULT_CHART_TRIALS:,})")
        p.add_argument("--seed", type=ENGINE_SEED,
                       default=DEFAULT_SEED, help=f"the seed of every hand's run (default "
                                                  f"{DEFAULT_SEED})")
        p.add_argument("--lanes", type=LANE_COUNT,
                       help="Monte Carlo lanes, as for pokerhdl equity")
        p.add_argument("--backend", default="golden", choices=BACKENDS,
                       help="where the equities are computed, as for pokerhdl equity")
        p.add_argument("--port", metavar="DEV", help="the board's serial port (--backend serial)")
        p.add_argument("--png", metavar="FILE", help="draw the chart as a PNG heat map (Pillow)")
        p.add_argument("--json", action="store_true", help="one JSON object: against, "
                       "trials_per_hand, trials, seed, backend, seconds, hands {hand: equity}, "
                       "grid (13 rows of 13 equities, row and column ranks A..2)")
        p.set_defaults(func=cmd_chart)
    if wanted("play"):
        from .odds.play import PLAY_HELP, MAX_BOTS
        p = sub.add_parser("play", help="play Hold'em in the terminal against computer players",
                           description=PLAY_HELP,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        p.add_argument("--bots", type=int, default=3, help=f"computer players, 1..{MAX_BOTS} "
                                                           "(default 3)")
        p.add_argument("--stack", type=int, default=1000, help="chips each player starts with")
        p.add_argument("--blinds", default="5/10", help="small/big blind (default 5/10)")
        p.add_argument("--seed", type=whole_number(0, None, "a seed: a whole number 0 or more, "
                                                              "e.g. 7 or 0x2a"),
                       help="deals and bots repeat exactly with the same seed (default: a random "
                            "one, printed)")
        p.add_argument("--backend", default="golden", choices=BACKENDS,
                       help="where the equities are computed")
        p.add_argument("--script", metavar="FILE", help="read the moves from FILE, one a line "
                       "(a pipe on stdin works too)")
        p.add_argument("--hands", type=int, metavar="N", help="stop after N hands")
        p.add_argument("--no-color", action="store_true", help="plain text, no colours")
        p.set_defaults(func=cmd_play)
    if wanted("emulate"):
        from .sim.emulator_ui import __doc__ as EMULATE_HELP
        from .sim.emulator_script import SCRIPT_HELP
        p = sub.add_parser("emulate", help="play a board top without the board (its generated "
                                           "Verilog in Verilator)",
                           description=EMULATE_HELP + "\n" + SCRIPT_HELP,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        p.add_argument("top", help="a board top, e.g. basys3_holdem (`pokerhdl tops` lists them)")
        p.add_argument("--uart", default="terminal", metavar="WHERE",
                       help="terminal (the screen's lower part, default), pty (a pseudo-terminal "
                            "whose path is shown) or tcp:PORT (127.0.0.1)")
        p.add_argument("--web", metavar="[HOST:]PORT",
                       help="the board on a web page instead of the terminal screen: its "
                            "digits, LEDs, switches, buttons, reset button, serial terminal and "
                            "monitor (a VGA top), clicked or keyed; on 127.0.0.1 unless HOST "
                            "(0.0.0.0: every interface), e.g. --web 8080 then open "
                            "http://127.0.0.1:8080/")
        add_allow_host(p)
        p.add_argument("--script", metavar="STEPS", help="run these steps (or a file of them) "
                       "instead of the interactive screen, then print the screen")
        p.add_argument("--screenshot", metavar="PNG", help="save the screen after the script as "
                       "a PNG picture (a VGA top: the monitor's first whole frame after the "
                       "script, pixel for pixel)")
        p.add_argument("--json", action="store_true", help="with --script: one JSON object "
                       "(display, leds, switches, terminal lines, the monitor's text lines, "
                       "clocks, clocks per second)")
        p.add_argument("--build-dir", metavar="DIR", help="where Verilator builds the model "
                       "(default: $POKERHDL_BUILD_DIR, else the checkout's build/ when it can be "
                       "written, else $XDG_CACHE_HOME/pokerhdl, i.e. ~/.cache/pokerhdl)")
        p.set_defaults(func=cmd_emulate)
    if wanted("serve"):
        from .table.serve import SERVE_HELP, add_options as add_serve_limits
        p = sub.add_parser("serve", help="serve a Hold'em table (a board, the emulator or the "
                                         "golden model) to a client per player over TCP",
                           description=SERVE_HELP,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        table = p.add_mutually_exclusive_group(required=True)
        table.add_argument("--port", metavar="DEV", help="the board's serial port (/dev/ttyUSB1, "
                           "the emulator's pseudo-terminal, or socket://127.0.0.1:PORT)")
        table.add_argument("--emulate", metavar="TOP", help="run this Hold'em board top in the "
                           "emulator (e.g. basys3_holdem)")
        table.add_argument("--golden", action="store_true", help="the golden model as the table "
                           "(no RTL: for trying clients)")
        p.add_argument("--players", type=int, help="seats offered to players (default: all the "
                       "table's seats; the others are the house's: check or fold)")
        p.add_argument("--listen", default="127.0.0.1:7777", metavar="HOST:PORT",
                       help="where clients connect (default 127.0.0.1:7777; 0.0.0.0:7777 for "
                            "players on other machines)")
        p.add_argument("--auto-deal", type=float, default=3.0, metavar="SECONDS",
                       help="deal the next hand this long after the last one ended, once two "
                            "seats are in (a seat without a player sits out; default 3; a "
                            "negative value: only when a player deals)")
        p.add_argument("--baud", type=int, default=115_200, help="the board's baud (with --port)")
        p.add_argument("--seed", type=int, help="the golden model's deck seed (default: a random "
                       "one, printed, so that a run can be repeated)")
        add_serve_limits(p)
        p.set_defaults(func=cmd_serve)
    if wanted("join"):
        from .table.client import __doc__ as JOIN_HELP
        p = sub.add_parser("join", help="take a seat at a `pokerhdl serve` table (terminal "
                                        "client)", description=JOIN_HELP,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        p.add_argument("address", metavar="HOST:PORT", help="the server, e.g. 127.0.0.1:7777")
        p.add_argument("--name", help="your name at the table (1..16 characters)")
        p.add_argument("--token", help="take back the seat of this token (default: the one "
                       "saved for this server)")
        p.add_argument("--new-seat", action="store_true", help="ignore a saved token")
        p.add_argument("--take-over", action="store_true", help="when the token's seat is in use "
                       "by another connection, move it here (default: ask; --json: a new seat)")
        p.add_argument("--watch", action="store_true", help="watch without a seat")
        p.add_argument("--json", action="store_true", help="no screen: server messages as JSON "
                       "lines out, keys as lines in")
        p.add_argument("--screenshot", metavar="PNG", help="save the last screen as a PNG "
                       "picture when the client ends")
        p.set_defaults(func=cmd_join)
    if wanted("history"):
        from .table.history_cli import add_parser as add_history
        add_history(sub)
    return parser


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    command = argv[0] if argv and argv[0] in COMMANDS else None
    args = build_parser(command).parse_args(argv)
    args.func(args)


if __name__ == "__main__":
    main()
