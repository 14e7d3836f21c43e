"""`pokerhdl play`: Texas Hold'em in the terminal against 1..9 computer players.

The table is the golden engine (golden/holdem/table.py), the one the hardware table is checked
against, so the rules are the hardware's: no-limit, moving button, side pots, split pots. The
deck is the golden shuffler's (golden/shuffle.py, seeded xorshift128) and every bot draws from
its own seeded generator, so ``--seed`` replays a game card for card and move for move. The
bots (bots.py) and the person's equity line ask the equity calculator (calculator.py, any
backend): exact when it is cheap (late streets), else Monte Carlo. Input is a line per move
from the terminal, a pipe or a script file, so a game can be scripted and tested.
"""

import os
import random
import sys
import time

from .bots import BOTS, MAX_BOTS, decide, pot_odds
from .calculator import DEFAULT_SEED, equity, make_setup
from ..golden.cards import NO_CARD, card_text
from ..golden.equity.fast import exact_count
from ..golden.hands import describe, rank7
from ..golden.holdem.pots import uncalled
from ..golden.holdem.table import (ALLIN, BET, CALL, CHECK, FOLD, OK, PHASE_BETTING, POST_BB, POST_SB,
                            PREFLOP, RAISE, REF_BELOW_MIN, REF_CHECK_FACING_BET, REF_OVER_STACK,
                            REF_RAISE_CLOSED, RESULT_TEXT, STREET_NAMES, Table)
from ..golden.rng import XorShift128
from ..golden.shuffle import deal

YOU = 0                         # the person's seat; the bots sit at 1..n
TRIALS = 20_000                 # Monte Carlo deals of one equity figure (a few ms in C)
EXACT_LIMIT = 100_000           # completions up to which an equity figure is exact instead
SEED_BITS = 64                  # a game's seed when none is given: random, printed to replay

COMMANDS = """commands (one a line; upper or lower case):
  f, fold            give up the hand
  k, check           pass when there is nothing to call
  c, call            match the bet (with nothing to call: check)
  b N, bet N         bet N chips (N is your total bet on this street)
  r N, raise N       raise to N (your total on this street); b and r mean the same
                     N may also be min, pot (a pot-sized raise) or max (everything)
  a, all-in          put in all your chips
  t, table           show the table again
  h, help, ?         this help
  q, quit            leave the table
  Enter              between hands: deal the next one"""

PLAY_HELP = f"""Texas Hold'em (no-limit) in the terminal against 1..{MAX_BOTS} computer players.
Each bot decides from its equity (its share of the pot against random hands, from the
equity calculator) compared with the pot odds, with a personality of its own; you see
your own equity on every turn. Blinds follow the button; side pots and split pots are
paid as in the casino. The game ends when you run out of chips, win them all, quit or
reach --hands.

{COMMANDS}

examples:
  pokerhdl play
  pokerhdl play --bots 5 --stack 500 --blinds 10/20 --seed 42
  pokerhdl play --script moves.txt --no-color     (one command a line, as typed)
"""

COLORS = dict(red="31", green="32", yellow="33", cyan="36", bold="1", dim="2")


class Console:
    """Where the game writes its text and reads the person's lines: the terminal, a pipe or
    a list of lines (a script). Lines that do not come from a person typing are echoed after
    the prompt, so a scripted game reads like a played one."""

    def __init__(self, lines=None, out=None, color=False):
        self.lines = iter(lines) if lines is not None else None
        self.out = out or sys.stdout
        self.color = color
        self.typed = lines is None and sys.stdin.isatty()

    def paint(self, text, *styles):
        if not self.color or not styles:
            return text
        codes = ";".join(COLORS[s] for s in styles)
        return f"\x1b[{codes}m{text}\x1b[0m"

    def cards(self, codes):
        """Cards as text, hearts and diamonds in red when in colour."""
        return " ".join(self.paint(card_text(c), "red" if c & 3 in (1, 2) else "bold")
                        for c in codes)

    def say(self, text=""):
        self.out.write(text + "\n")
        self.out.flush()

    def ask(self, prompt):
        """One line of input, stripped; None at the end of the input."""
        if self.typed:
            try:
                return input(prompt).strip()
            except EOFError:
                self.say()
                return None
        if self.lines is not None:
            line = next(self.lines, None)
        else:
            line = sys.stdin.readline()
            line = line if line else None
        if line is None:
            self.say(prompt + "(end of input)")
            return None
        line = line.strip()
        self.say(prompt + line)
        return line


def plural(count, noun):
    return f"{count} {noun}{'' if count == 1 else 's'}"


def parse_blinds(text):
    """'5/10' -> (5, 10); '10' -> (5, 10) (the small blind is half the big one)."""
    try:
        parts = [int(p) for p in text.split("/")]
    except ValueError:
        parts = []
    if len(parts) == 1:
        parts = [max(1, parts[0] // 2), parts[0]]
    if len(parts) != 2 or not 1 <= parts[0] <= parts[1]:
        raise ValueError(f"blinds are SB/BB with 1 <= SB <= BB (e.g. 5/10), not {text!r}")
    return tuple(parts)


VERBS = {"f": "fold", "fold": "fold", "k": "check", "x": "check", "check": "check",
         "c": "call", "call": "call", "b": "bet", "bet": "bet", "r": "bet", "raise": "bet",
         "a": "allin", "all-in": "allin", "allin": "allin", "all": "allin", "shove": "allin",
         "t": "table", "table": "table", "h": "help", "help": "help", "?": "help",
         "q": "quit", "quit": "quit", "exit": "quit"}


def parse_command(line):
    """(verb, argument) of a typed line, or (None, message) when it means nothing."""
    words = line.lower().split()
    if not words:
        return None, "type a move (h for help)"
    head, rest = words[0], words[1:]
    if head not in VERBS and head[:1] in "br" and head[1:].isdigit():
        head, rest = head[:1], [head[1:]] + rest          # "b40" is "b 40"
    if head == "all" and rest[:1] == ["in"]:
        rest = rest[1:]
    verb = VERBS.get(head)
    if verb is None:
        return None, f"unknown command {line.strip()!r} (h for help)"
    if verb == "bet":
        if len(rest) != 1:
            return None, f"{head} needs one amount, e.g. {head} 40, {head} min, {head} pot"
        amount = rest[0]
        if amount not in ("min", "pot", "max") and not amount.isdigit():
            return None, f"{amount!r} is not an amount (a whole number, min, pot or max)"
        return verb, amount
    if rest:
        return None, f"{head} takes no amount (b N or r N to bet or raise)"
    return verb, None


class Game:
    """One game: the person at seat 0 against ``len(personalities)`` bots on a golden Table.
    ``decks`` (tests): the decks to deal, one a hand, instead of the seeded shuffle."""

    def __init__(self, console, bots=3, stack=1000, blinds=(5, 10), seed=None,
                 backend="golden", max_hands=None, personalities=None, decks=None,
                 first_dealer=None, trials=TRIALS, pace=0.0):
        self.players = tuple(personalities or BOTS[:bots])
        if not 1 <= len(self.players) <= MAX_BOTS:
            raise ValueError(f"1..{MAX_BOTS} bots, got {len(self.players)}")
        self.io = console
        self.names = ("You",) + tuple(p.name for p in self.players)
        n = len(self.names)
        self.seed = random.SystemRandom().getrandbits(SEED_BITS) if seed is None else seed
        self.rng = random.Random(f"game {self.seed}")        # first dealer, the person's equity
        self.bot_rng = [random.Random(f"bot {self.seed} {s}") for s in range(n)]
        self.deck_rng = XorShift128(self.seed % (1 << 128))
        self.decks = iter(decks) if decks is not None else None
        dealer = self.rng.randrange(n) if first_dealer is None else first_dealer
        self.table = Table(n, stack, blinds[0], blinds[1], first_dealer=dealer)
        self.backend, self.trials, self.max_hands, self.pace = backend, trials, max_hands, pace
        self.logged = 0          # log entries already told
        self.board_told = 0      # board cards already told
        self.history = []        # per hand: (hand number, stacks after it)
        self.yours = {}          # the person's equity on this street
        self.outcome = None      # "bust", "won", "quit", "end of input", "hands"

    # --------------------------------------------------------------------- the game
    def run(self):
        """Play until the game ends; returns how it ended (``outcome``)."""
        try:
            self.introduce()
            while self.next_hand():
                self.play_hand()
                if self.outcome:
                    break
                self.tell_result()
        except KeyboardInterrupt:
            self.io.say()
            self.outcome = "quit"
        self.farewell()
        return self.outcome

    def introduce(self):
        t, io = self.table, self.io
        io.say(io.paint("Texas Hold'em: you against "
                        f"{plural(len(self.players), 'computer player')}", "bold"))
        for p in self.players:
            io.say(f"  {io.paint(p.name, 'yellow')}, {p.style}")
        io.say(f"Stacks {t.start_stack}, blinds {t.small_blind}/{t.big_blind}, seed {self.seed} "
               f"(--seed {self.seed} replays this game). h for help.")

    def next_hand(self):
        """Deal the next hand, or False when the game is over."""
        t, io = self.table, self.io
        if t.stacks[YOU] == 0:
            leader = max(range(1, t.n), key=lambda s: t.stacks[s])
            io.say(io.paint(f"You are out of chips after {plural(t.hand_no, 'hand')}. Game over.",
                            "bold")
                   + f" {self.names[leader]} leads with {t.stacks[leader]}.")
            self.outcome = "bust"
            return False
        if t.game_over:
            io.say(io.paint(f"You win! You hold all {t.total} chips after "
                            f"{plural(t.hand_no, 'hand')}.", "bold", "green"))
            self.outcome = "won"
            return False
        if self.max_hands is not None and t.hand_no >= self.max_hands:
            io.say(f"That was the last hand (--hands {self.max_hands}).")
            self.outcome = "hands"
            return False
        if t.hand_no and not self.pause():
            return False
        deck = next(self.decks) if self.decks is not None else deal(self.deck_rng).cards
        self.logged = len(t.log)
        code = t.start_hand(deck)
        assert code == OK, RESULT_TEXT[code]
        self.board_told = 0
        d, sb, bb = self.names[t.dealer], self.called(t.sb_seat), self.called(t.bb_seat)
        io.say()
        io.say(io.paint(f"=== Hand {t.hand_no}: {d} deal{self.s(t.dealer)}, blinds {sb} and "
                        f"{bb} ===", "cyan"))
        self.tell_log()
        if not t.busted[YOU]:
            io.say(f"Your cards: {io.cards(t.hole[YOU])}")
        return True

    def pause(self):
        """Between hands: Enter deals, q quits."""
        while True:
            line = self.io.ask("[Enter] next hand, q quit > ")
            if line is None:
                self.outcome = "end of input"
                return False
            word = line.lower()
            if word in ("", "n", "d", "deal", "next"):
                return True
            if VERBS.get(word) == "quit":
                self.outcome = "quit"
                return False
            if VERBS.get(word) == "help":
                self.io.say(COMMANDS)
            elif VERBS.get(word) == "table":
                self.show_standings("Stacks")
            else:
                self.io.say("! the hand is over: press Enter for the next one, q to quit")

    def play_hand(self):
        t = self.table
        while t.phase == PHASE_BETTING:
            if t.to_act == YOU:
                if not self.your_turn():
                    return
            else:
                self.bot_turn(t.to_act)
            self.tell_log()
            self.tell_runout()
            self.tell_board()

    # --------------------------------------------------------------------- the person
    def your_turn(self):
        """Ask until a move is accepted; False when the person leaves."""
        self.fold_warned = False
        self.show_table()
        while True:
            line = self.io.ask("Your move > ")
            if line is None:
                self.outcome = "end of input"
                return False
            verb, arg = parse_command(line)
            if verb is None:
                self.io.say("! " + arg)
            elif verb == "help":
                self.io.say(COMMANDS)
            elif verb == "table":
                self.show_table()
            elif verb == "quit":
                self.outcome = "quit"
                return False
            else:
                problem = self.try_move(verb, arg)
                if problem is None:
                    return True
                self.io.say("! " + problem)

    def try_move(self, verb, arg):
        """Send a move to the table; None when accepted, else why not (nothing changed)."""
        t, legal = self.table, self.table.legal()
        amount = 0
        if verb == "fold":
            if legal.can_check and not self.fold_warned:
                self.fold_warned = True         # a free check folded away is a misclick
                return "checking is free: k to check, or f again to fold anyway"
            action = FOLD
        elif verb == "check":
            action = CHECK
        elif verb == "call":
            action = CALL if t.to_call else CHECK
        elif verb == "allin":
            action = ALLIN
        else:
            action = BET if t.current_bet == 0 else RAISE
            amount = {"min": legal.min_to, "max": legal.max_to,
                      "pot": t.current_bet + t.pot + t.to_call}.get(arg) or int(arg)
            amount = min(amount, legal.max_to) if arg == "pot" else amount
        code = t.act(YOU, action, amount)
        if code == OK:
            return None
        word = "bet" if action == BET else "raise"
        hints = {
            REF_CHECK_FACING_BET: f"you cannot check: {t.to_call} to call (c call, f fold)",
            REF_BELOW_MIN: f"too small: the smallest {word} is to {legal.min_to} "
                           f"(or all-in, a)",
            REF_OVER_STACK: f"you have {t.stacks[YOU]} chips: at most {word} to {legal.max_to} "
                            f"(a for all-in)",
            REF_RAISE_CLOSED: "you may not raise now (nobody can answer, or no full raise "
                              "since you acted): call or fold",
        }
        return hints.get(code, RESULT_TEXT[code])

    def show_table(self):
        t, io = self.table, self.io
        board = [c for c in t.board if c != NO_CARD]
        io.say()
        io.say(io.paint(f"Hand {t.hand_no} | {STREET_NAMES[t.street]} | pot {t.pot} | "
                        f"blinds {t.small_blind}/{t.big_blind}", "bold"))
        io.say(f"Board: {io.cards(board) if board else '(no cards yet)'}")
        width = max(len(name) for name in self.names)
        for s in range(t.n):
            tag = "D" if s == t.dealer else "SB" if s == t.sb_seat else \
                "BB" if s == t.bb_seat else ""
            state = ("out" if t.busted[s] else "folded" if t.folded[s] else
                     "all-in" if t.all_in[s] else "")
            line = (f" {'>' if s == t.to_act else ' '} {self.names[s]:{width}} {tag:2} "
                    f"stack {t.stacks[s]:6}  bet {t.street_bet[s]:5}  {state}")
            if s == YOU:
                line = io.paint(line.rstrip(), "bold") + "  " + io.cards(t.hole[YOU])
            io.say(line.rstrip())
        hole = t.hole[YOU]
        mine = f"Your cards: {io.cards(hole)}"
        if board:
            mine += f", {describe(rank7(hole + board))}"
        io.say(mine)
        opponents = sum(not f for f in t.folded) - 1
        key = (t.hand_no, len(board), opponents)    # one figure a street: it only changes
        if key not in self.yours:                   # with the cards and the players left
            self.yours = {key: self.equity(hole, board, opponents, self.rng)}
        share = self.yours[key]
        line = (f"Your equity: {io.paint(f'{100 * share:.1f}%', 'green')} against "
                f"{plural(opponents, 'random hand')}")
        if t.to_call:
            line += (f"; {t.to_call} to call into {t.pot}: pot odds "
                     f"{100 * pot_odds(t.pot, t.to_call):.1f}%")
        io.say(line)
        io.say("You may: " + ", ".join(self.options()) + ", h help")

    def options(self):
        t, legal = self.table, self.table.legal()
        opts = ["f fold"]
        if legal.can_check:
            opts.append("k check")
        else:
            opts.append(f"c call {legal.call}" + (" (all-in)" if legal.call < t.to_call or
                                                  legal.call == t.stacks[YOU] else ""))
        if legal.can_bet or legal.can_raise:
            word = "b N bet" if legal.can_bet else "r N raise to"
            span = (f"{legal.min_to}..{legal.max_to}" if legal.min_to < legal.max_to
                    else f"{legal.max_to}")
            opts.append(f"{word} {span}")
        if legal.can_allin:
            opts.append(f"a all-in ({t.stacks[YOU]})")
        return opts

    # --------------------------------------------------------------------- the bots
    def bot_turn(self, seat):
        t = self.table
        legal = t.legal()
        board = [c for c in t.board if c != NO_CARD]
        opponents = sum(not f for f in t.folded) - 1
        rng = self.bot_rng[seat]
        share = self.equity(t.hole[seat], board, opponents, rng)
        action, amount = decide(self.players[seat - 1], share, opponents, legal, t.pot,
                                t.current_bet, t.to_call, self.raises_this_street(),
                                t.big_blind, rng, preflop=t.street == PREFLOP)
        if self.pace:
            time.sleep(self.pace)
        code = t.act(seat, action, amount)
        if code != OK:      # decide() answers within legal(): a refusal is a bug, say it loud
            raise RuntimeError(f"{self.names[seat]}'s move {action, amount} was refused: "
                               f"{RESULT_TEXT[code]}")

    def raises_this_street(self):
        """Bets and raises so far on this street (blinds are not)."""
        t, count, top = self.table, 0, 0
        for e in t.log:
            if e.hand != t.hand_no or e.street != t.street:
                continue
            if e.total > top and e.action not in (POST_SB, POST_BB):
                count += 1
            top = max(top, e.total)
        return count

    def equity(self, hole, board, opponents, rng):
        """The share of the pot ``hole`` wins against ``opponents`` random hands."""
        others = ["random"] * opponents
        if exact_count(make_setup(hole, others, board)) <= EXACT_LIMIT:
            report = equity(hole, *others, board=board, exact=True, backend=self.backend)
        else:
            report = equity(hole, *others, board=board, trials=self.trials,
                            seed=rng.getrandbits(64) or DEFAULT_SEED, backend=self.backend)
        return report.players[0].equity

    # --------------------------------------------------------------------- telling
    def tell_log(self):
        """Every action the table has taken since the last call, as sentences."""
        t = self.table
        for e in t.log[self.logged:]:
            self.io.say("  " + self.entry_text(e))
        self.logged = len(t.log)

    def entry_text(self, e):
        you = e.seat == YOU
        who = self.io.paint(self.names[e.seat], "bold" if you else "yellow")
        s = "" if you else "s"
        text = {
            POST_SB: f"{who} post{s} the small blind {e.put}",
            POST_BB: f"{who} post{s} the big blind {e.put}",
            FOLD: f"{who} fold{s}",
            CHECK: f"{who} check{s}",
            CALL: f"{who} call{s} {e.put}",
            BET: f"{who} bet{s} {e.total}",
            RAISE: f"{who} raise{s} to {e.total}",
            ALLIN: f"{who} go{'es' if s else ''} all-in for {e.put}",
        }[e.action]
        if e.action == ALLIN and e.total != e.put:      # a blind or a bet was in already
            text += f" (a bet of {e.total} in all)"
        if e.all_in and e.action != ALLIN:
            text += f" and {'are' if you else 'is'} all-in"
        return text

    def tell_runout(self):
        """Before an all-in run-out (the betting is over, board cards are still to come): the
        hands still in, face up, with their equity, as a casino turns them up."""
        t = self.table
        board = [c for c in t.board if c != NO_CARD]
        if t.phase == PHASE_BETTING or not t.result.showdown or self.board_told >= len(board):
            return
        live = [s for s in range(t.n) if not t.folded[s]]
        known, holes = board[:self.board_told], [t.hole[s] for s in live]
        exact = exact_count(make_setup(holes[0], holes[1:], known)) <= EXACT_LIMIT
        report = equity(*holes, board=known, exact=exact, trials=None if exact else self.trials,
                        backend=self.backend)
        self.io.say(self.io.paint("--- All-in: the hands are turned up", "cyan"))
        width = max(len(self.names[s]) for s in live)
        for s, player in zip(live, report.players):
            self.io.say(f"  {self.names[s]:{width}}  {self.io.cards(t.hole[s])}  "
                        f"equity {100 * player.equity:.1f}%")

    def tell_board(self):
        """The new board cards, one street at a time (an all-in run-out shows all three),
        with the pot: the chips in contest, not an uncalled bet that will go back."""
        t = self.table
        shown = [c for c in t.board if c != NO_CARD]
        for size, name in ((3, "Flop"), (4, "Turn"), (5, "River")):
            if self.board_told < size <= len(shown):
                pot = sum(t.committed) - uncalled(t.committed)[1]
                self.io.say(self.io.paint(f"--- {name}: ", "cyan") + self.io.cards(shown[:size])
                            + self.io.paint(f"  (pot {pot})", "cyan"))
                self.board_told = size

    def tell_result(self):
        t, r, io = self.table, self.table.result, self.io
        name = self.names
        if r.showdown:
            io.say(io.paint("--- Showdown", "cyan"))
            width = max(len(n) for n in name)
            for s, text in enumerate(r.descriptions):
                if text is not None:
                    io.say(f"  {name[s]:{width}}  {io.cards(t.hole[s])}  {text}")
        for k, pot in enumerate(r.pots):
            what = ("the pot" if len(r.pots) == 1 else "the main pot" if k == 0
                    else f"side pot {k}")
            if len(pot.winners) > 1:
                shares = ", ".join(f"{name[s]} {pot.shares[s]}" for s in pot.winners)
                io.say(io.paint(f"  Tie: {self.join(pot.winners)} split {what} of "
                                f"{pot.amount} ({shares}) with {r.descriptions[pot.winners[0]]}",
                                "green"))
            elif not r.showdown:
                io.say(io.paint(f"  {name[pot.winners[0]]} win{self.s(pot.winners[0])} "
                                f"{what} of {pot.amount}: everyone else folded", "green"))
            elif len(pot.eligible) == 1:
                io.say(io.paint(f"  {name[pot.winners[0]]} take{self.s(pot.winners[0])} "
                                f"{what} of {pot.amount} (nobody else in it)", "green"))
            else:
                w = pot.winners[0]
                io.say(io.paint(f"  {name[w]} win{self.s(w)} {what} of {pot.amount} with "
                                f"{r.descriptions[w]}", "green"))
        for s, chips in enumerate(r.refund):
            if chips:
                io.say(f"  {chips} uncalled chips go back to {self.called(s)}")
        # seats still in, and those who lost their last chips in this hand
        io.say("Stacks: " + ", ".join(f"{name[s]} {t.stacks[s]}" for s in range(t.n)
                                      if not t.busted[s] or t.committed[s]))
        for s in range(1, t.n):
            if t.busted[s] and t.committed[s]:
                io.say(f"  {name[s]} is out of chips.")
        self.history.append((t.hand_no, tuple(t.stacks)))

    def s(self, seat):
        return "" if seat == YOU else "s"

    def called(self, seat):
        """A player's name inside a sentence ("you" for the person)."""
        return "you" if seat == YOU else self.names[seat]

    def join(self, seats):
        names = [self.names[seats[0]]] + [self.called(s) for s in seats[1:]]
        return ", ".join(names[:-1]) + " and " + names[-1]

    def show_standings(self, title):
        t = self.table
        self.io.say(f"{title} after {plural(t.hand_no, 'hand')}:")
        order = sorted(range(t.n), key=lambda s: (-t.stacks[s], s))
        for place, s in enumerate(order, 1):
            self.io.say(f"  {place}. {self.names[s]:6} {t.stacks[s]}")

    def farewell(self):
        if self.outcome in ("quit", "end of input"):
            self.io.say("You leave the table.")
        self.show_standings("Final stacks")
        if self.table.phase == PHASE_BETTING:
            self.io.say(f"  (and {self.table.pot} in the pot of the unfinished hand)")


def run_cli(args):
    """`pokerhdl play` (cli.py builds its options): returns the exit status."""
    try:
        blinds = parse_blinds(args.blinds)
    except ValueError as exc:
        sys.exit(f"pokerhdl play: {exc}")
    if not 1 <= args.bots <= MAX_BOTS:
        sys.exit(f"pokerhdl play: --bots takes 1..{MAX_BOTS}, not {args.bots}")
    if args.stack < blinds[1]:
        sys.exit(f"pokerhdl play: a stack of {args.stack} cannot post a big blind of {blinds[1]}")
    if args.hands is not None and args.hands < 1:
        sys.exit("pokerhdl play: --hands takes a positive number")
    lines = None
    if args.script:
        try:
            with open(args.script) as f:
                lines = f.read().splitlines()
        except OSError as exc:
            sys.exit(f"pokerhdl play: cannot read the script: {exc}")
    color = (not args.no_color and lines is None and sys.stdout.isatty()
             and "NO_COLOR" not in os.environ)
    console = Console(lines, color=color)
    game = Game(console, bots=args.bots, stack=args.stack, blinds=blinds, seed=args.seed,
                backend=args.backend, max_hands=args.hands,
                pace=0.3 if console.typed else 0.0)
    game.run()
    return 0
