"""What anyone at a Hold'em table can see, read back from the table's UART text.

The server (pokerhdl/table/server.py) speaks to a board, the emulator or the golden terminal
only through the text the Hold'em terminal sends (golden/holdem/terminal.py gives it byte for
byte): a full table after a deal, a new game or `t`; after an action that leaves the hand going,
the log entries and a short table (its first line and the to-act line). ``TableView.line()``
takes the text a line at a time and keeps the public state: seat lines and the to-act line are
absolute, the log entries between them move chips the way the golden table does, and a new
street clears the street bets. A hole-card answer ("P1 cards Ah Kd") is returned to the caller,
never kept here: the view holds nothing that may not be shown to everyone.
"""

import re
from dataclasses import dataclass, field

from ..golden.cards import CardError, parse_cards
from ..golden.hands import rank7
from ..golden.naming import showdown_names
from ..golden.holdem.table import MAX_PLAYERS, SHOWDOWN, STREET_NAMES
from .protocol import ACTION_KEYS

ESCAPE = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
LINE_HAND = re.compile(r"Hand (\d+) (\w+) pot (\d+)(?: board ((?:\S\S ?)+))?$")
LINE_SEAT = re.compile(r"P(\d+)( D)? stack (\d+) bet (\d+)(?: (out|folded|all-in))?( away)?$")
LINE_TO_ACT = re.compile(r"P(\d+) to act, stack (\d+), to call (\d+), min raise to (\d+)$")
LINE_GAME_OVER = re.compile(r"Game over, P(\d+) wins$")
LINE_READY = re.compile(r"Press d to deal$")
LINE_HOLE = re.compile(r"P(\d+) cards ([2-9TJQKA][cdhs]) ([2-9TJQKA][cdhs])$")
LINE_NO_HOLE = re.compile(r"P(\d+) cards -- --$")     # s<seat> of a seat dealt no cards
LINE_REFUSED = re.compile(r"! (.+)$")
LINE_POST = re.compile(r"P(\d+) posts (small|big) blind (\d+)( \(all-in\))?$")
LINE_FOLD = re.compile(r"P(\d+) folds$")
LINE_CHECK = re.compile(r"P(\d+) checks$")
LINE_CALL = re.compile(r"P(\d+) calls (\d+)( \(all-in\))?$")
LINE_BET = re.compile(r"P(\d+) (?:bets|raises to) (\d+)( \(all-in\))?$")
LINE_ALLIN = re.compile(r"P(\d+) goes all-in for (\d+) \(bet (\d+)\)$")
LINE_SHOWN = re.compile(r"P(\d+) ([2-9TJQKA][cdhs]) ([2-9TJQKA][cdhs]) (.+)$")
LINE_COLLECTS = re.compile(r"P(\d+) collects (\d+)$")
LINE_NEW_GAME = re.compile(r"New game$")

# what a line ends: the last line of every answer the terminal gives
FINAL = ("to_act", "game_over", "ready", "hole", "no_hole", "refused")


@dataclass
class Seat:
    stack: int = 0
    bet: int = 0
    status: str = "in"          # in, folded, all-in, out
    away: bool = False          # sitting out: dealt nothing from the next deal

    def put(self, chips, total=None):
        self.stack -= chips
        self.bet = self.bet + chips if total is None else total


@dataclass
class TableView:
    """The public table (module docstring). ``seats`` is empty until a full table was read."""
    hand: int = 0
    street: str = STREET_NAMES[0]
    pot: int = 0
    board: list = field(default_factory=list)
    seats: list = field(default_factory=list)
    dealer: int = None
    to_act: int = None
    to_call: int = 0
    min_raise_to: int = 0
    phase: str = "ready"        # ready (to deal), betting, over (the game)
    winner: int = None
    shown: dict = field(default_factory=dict)       # seat -> (cards, hand name) at showdown
    showdown_said: bool = False                     # this hand's showdown header is in the log
    faced: dict = field(default_factory=dict)       # seat -> the bet to match after its action
    log: list = field(default_factory=list)         # the public lines of the recent answers
    keep: int = 14

    @property
    def current_bet(self):
        """The bet to match (a short all-in blind leaves it at the big blind)."""
        if self.to_act is not None and self.to_act < len(self.seats):
            return self.seats[self.to_act].bet + self.to_call
        return max((s.bet for s in self.seats), default=0)

    def status(self, seat):
        """in, folded, all-in or out (in for a seat no table has shown yet)."""
        return self.seats[seat].status if seat < len(self.seats) else "in"

    def legal(self, seat):
        """What ``seat`` may do now, each as {"action", "key", amounts}: the table's key for
        it, and the amount (call, all-in) or the range of a bet or raise (min, max: the
        total the seat's bet is raised to)."""
        if self.phase == "over":
            return [{"action": "new_game", "key": "n"}]
        if self.phase == "ready":
            return [] if self.status(seat) == "out" else [{"action": "deal", "key": "d"}]
        if self.to_act != seat:
            return []
        me = self.seats[seat]
        most = me.stack + me.bet
        legal = [("fold", {})]
        if self.to_call == 0:
            legal.append(("check", {}))
        else:
            legal.append(("call", {"amount": min(self.to_call, me.stack)}))
        if most > self.current_bet and self.raise_open(seat):
            legal.append(("bet" if self.current_bet == 0 else "raise",
                          {"min": min(self.min_raise_to, most), "max": most}))
        if me.stack <= self.to_call or self.raise_open(seat):
            legal.append(("allin", {"amount": most}))
        return [{"action": a, "key": ACTION_KEYS[a], **extra} for a, extra in legal]

    def raise_open(self, seat):
        """May the seat to act bet or raise (the golden table's rule, else it refuses with
        'raising is closed to you')? Only if someone else has chips to answer, and, when the
        seat already acted on this street, the bet to match has grown since by a full raise."""
        answers = any(s.status == "in" and s.stack > 0 for k, s in enumerate(self.seats)
                      if k != seat)
        full_raise = self.min_raise_to - self.current_bet
        return answers and (seat not in self.faced
                            or self.current_bet - self.faced[seat] >= full_raise)

    def line(self, text):
        """Take one line of the terminal's text; returns (kind, match) where kind names the
        line (FINAL kinds end an answer) or is None for a line that says nothing here."""
        text = ESCAPE.sub("", text).strip()
        for kind, pattern in PATTERNS:
            m = pattern.match(text)
            if m:
                handler = getattr(self, "_" + kind, None)
                try:
                    if handler:
                        handler(m, text)
                except IndexError:          # a seat no table has: a garbled line
                    return None, None
                if kind in LOGGED:
                    self._say(text)
                return kind, m
        return None, None

    # lines that set the state
    def _hand(self, m, text):
        hand, street, pot = int(m.group(1)), m.group(2), int(m.group(3))
        new_hand = hand != self.hand
        new_street = not new_hand and street != self.street
        if new_hand or new_street:
            self.faced = {}
        for s in self.seats if new_hand or new_street else ():
            s.bet = 0
            if new_hand and s.status != "out":
                s.status = "in"
        if new_hand:
            self.shown, self.showdown_said = {}, False
        self.hand, self.street, self.pot = hand, street, pot
        board = (m.group(4) or "").split()
        completed = board != self.board and self.shown
        self.board = board
        if completed:
            self._name_shown()              # an all-in's board completed after the hands
        if new_street and self.board and not (street == STREET_NAMES[SHOWDOWN]
                                              and self.showdown_said):
            self._say(f"-- {street}: {' '.join(self.board)} --")

    def _seat(self, m, text):
        k = int(m.group(1))
        seat = self._seat_at(k)
        seat.stack, seat.bet, seat.status = int(m.group(3)), int(m.group(4)), m.group(5) or "in"
        seat.away = bool(m.group(6))
        if m.group(2):
            self.dealer = k
        if k == 0:
            del self.seats[1:]              # a full table lists every seat from P0

    def _to_act(self, m, text):
        self._seat_at(int(m.group(1))).stack = int(m.group(2))
        self.to_act = int(m.group(1))
        self.to_call, self.min_raise_to = int(m.group(3)), int(m.group(4))
        self.phase, self.winner = "betting", None

    def _game_over(self, m, text):
        self.to_act, self.phase, self.winner = None, "over", int(m.group(1))
        self._settled()
        if not self.log or self.log[-1] != text:
            self._say(text)

    def _ready(self, m, text):
        self.to_act, self.phase, self.winner = None, "ready", None
        self._settled()

    def _settled(self):
        """No hand is on: the table's seat lines still carry the last street's bets, but those
        chips went into the pot that was paid out (the header says pot 0), so none is shown."""
        for seat in self.seats:
            seat.bet = 0

    def _new_game(self, m, text):
        self.shown, self.showdown_said = {}, False

    # log entries: chips move as the golden table moves them
    def _post(self, m, text):
        if m.group(2) == "small":           # a deal's first entry
            self._say(f"-- hand {self.hand + 1} --")
        self._seat_at(int(m.group(1))).put(int(m.group(3)))
        self._flag_all_in(m, 4)

    def _fold(self, m, text):
        self._seat_at(int(m.group(1))).status = "folded"
        self._acted(m)

    def _check(self, m, text):
        self._acted(m)

    def _call(self, m, text):
        self._seat_at(int(m.group(1))).put(int(m.group(2)))
        self._flag_all_in(m, 3)
        self._acted(m)

    def _bet(self, m, text):
        seat = self._seat_at(int(m.group(1)))
        total = int(m.group(2))
        seat.put(total - seat.bet, total)
        self._flag_all_in(m, 3)
        self._acted(m)

    def _allin(self, m, text):
        seat = self._seat_at(int(m.group(1)))
        seat.put(int(m.group(2)), int(m.group(3)))
        seat.status = "all-in"
        self._acted(m)

    def _shown(self, m, text):
        """A hand shown: the showdown's header first (before the hands and the result, not
        after them as the table's own line comes), then the hand, each shown hand named with
        what decides it (golden showdown_names: 'Pair of twos, ace kicker')."""
        if not self.showdown_said:
            self.showdown_said = True
            self._say("-- showdown" + (f": {' '.join(self.board)}" if self.board else "") + " --")
        self.shown[int(m.group(1))] = ([m.group(2), m.group(3)], m.group(4))
        self._say(text)
        self._name_shown()

    def _name_shown(self):
        """The shown hands named against each other once the board is whole (else as the
        table named them), in the state and in their log lines."""
        if len(self.board) != 5:
            return
        board = parse_cards(" ".join(self.board))
        seats = sorted(self.shown)
        try:
            words = [rank7(parse_cards(" ".join(self.shown[s][0])) + board) for s in seats]
        except (CardError, ValueError):
            return                          # a garbled line: the table's names stay
        for s, name in zip(seats, showdown_names(words)):
            cards, old = self.shown[s]
            before, after = f"P{s} {' '.join(cards)} {old}", f"P{s} {' '.join(cards)} {name}"
            self.shown[s] = (cards, name)
            self.log = [after if line == before else line for line in self.log]

    # helpers
    def _seat_at(self, k):
        if k >= MAX_PLAYERS:
            raise IndexError(k)
        while len(self.seats) <= k:
            self.seats.append(Seat())
        return self.seats[k]

    def _acted(self, m):
        """The seat of an action line acted: remember the bet it then faced (raise_open)."""
        self.faced[int(m.group(1))] = max((s.bet for s in self.seats), default=0)

    def _flag_all_in(self, m, group):
        if m.group(group):
            self._seat_at(int(m.group(1))).status = "all-in"

    def _say(self, text):
        self.log.append(text)
        del self.log[:-self.keep]

    def public(self):
        """The state as plain data (what every client is sent)."""
        return {"hand": self.hand, "street": self.street, "pot": self.pot,
                "board": list(self.board), "dealer": self.dealer, "to_act": self.to_act,
                "to_call": self.to_call, "min_raise_to": self.min_raise_to,
                "current_bet": self.current_bet, "phase": self.phase, "winner": self.winner,
                "seats": [{"stack": s.stack, "bet": s.bet, "status": s.status, "away": s.away}
                          for s in self.seats],
                "shown": {str(k): {"cards": c, "hand": name}
                          for k, (c, name) in sorted(self.shown.items())},
                "log": list(self.log)}


# lines that go into the public log as they are (hole answers, refusals and tables do not)
LOGGED = {"post", "fold", "check", "call", "bet", "allin", "collects", "new_game"}  # shown:
# its handler says it, after the showdown's header
# the order matters where patterns overlap: a hole answer before a shown hand, the shown hand
# last (its name is free text)
PATTERNS = [("hand", LINE_HAND), ("to_act", LINE_TO_ACT), ("seat", LINE_SEAT),
            ("game_over", LINE_GAME_OVER), ("ready", LINE_READY), ("hole", LINE_HOLE),
            ("no_hole", LINE_NO_HOLE),
            ("refused", LINE_REFUSED), ("post", LINE_POST), ("fold", LINE_FOLD),
            ("check", LINE_CHECK), ("call", LINE_CALL), ("bet", LINE_BET),
            ("allin", LINE_ALLIN), ("collects", LINE_COLLECTS), ("new_game", LINE_NEW_GAME),
            ("shown", LINE_SHOWN)]
