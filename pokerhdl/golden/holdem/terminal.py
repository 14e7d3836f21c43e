"""The Hold'em terminal: the exact UART text the hardware UI (pokerhdl/games/holdem/ui.py and
its program, pokerhdl/games/holdem/program.py) sends for each key or button, predicted from a
golden ``Table``. Tests compare the TX bytes with it. Key and button handling is every
terminal's (golden/terminal.py); this module gives Hold'em's keys, buttons and answers.

Keys (lower or upper case): f fold, k check, c call, a all-in, b<digits><Enter> bet to,
r<digits><Enter> raise to, d deal, n new game, h show my hole cards (the seat to act),
s<seat><Enter> a seat's hole cards, o<seat><Enter> a seat sits out (from the next deal it is
dealt nothing and posts nothing), i<seat><Enter> it sits in again, t redraw. Actions are
always the seat to act's.

Text of a response (lines end in CRLF):
* accepted action or deal: clear screen (ESC[2J ESC[H), one line per log entry
  (holdem_text.entry_text), when the hand ended: the shown hands with their names and who
  collects what, then the table (after an action that leaves the hand going, only its first
  line and the to-act line: short answers keep the terminal readable, and t shows it all);
* new game: clear screen, "New game", the table;
* refused: "! <reason>" (holdem.RESULT_TEXT);
* h: "P1 cards Ah Kd" (only the seat to act has a turn, so only it can see its cards);
* s<seat>: the same line for any seat while a hand is being played: how a server, the only
  party on the table's UART, gives each player their cards the moment they are dealt (a seat
  out of the game shows "-- --"; the board's own button keeps the rule of h);
* o<seat>, i<seat>: the table, or a refusal ("! no such seat" for a seat the table lacks);
* t: the table (hole cards never appear in it; a seat sitting out ends its line in " away").

Panel (the game asks any board for five buttons and 16 switches): the center button acts: the
top switch (15) up folds; else the amount on switches 14..0 = 0 checks (nothing to call) or
calls, an amount > 0 bets (no bet yet) or raises to it. The right button deals (new game after
game over), the left one is h.
"""

from ..cards import NO_CARD, format_cards
from ..hands import describe
from .table import (ALLIN, BET, CALL, CHECK, FOLD, NO_SEAT, PHASE_BETTING, PHASE_GAME_OVER,
                    RAISE, REF_HAND_OVER, STREET_NAMES)
from .contract import (BAD_DECK_TEXT, OP_ACT, OP_DEAL, OP_NEW_GAME, OP_SIT, REF_BAD_DECK,
                       chip_width)
from .text import entry_text, result_text
from ..terminal import CLEAR, CRLF, Key, Terminal

BANNER = "Hold'em: f k c a b<n> r<n> d n h s<n> o<n> i<n> t" + CRLF
NO_SUCH_SEAT_TEXT = "! no such seat" + CRLF
KEYS = {"f": Key("act", FOLD), "k": Key("act", CHECK), "c": Key("act", CALL),
        "a": Key("act", ALLIN), "b": Key("act", BET, number=True),
        "r": Key("act", RAISE, number=True), "d": Key("deal"), "n": Key("new_game"),
        "h": Key("hole"), "s": Key("seat", number=True), "o": Key("sit", 1, number=True),
        "i": Key("sit", 0, number=True), "t": Key("table")}
BUTTONS = {"center": "act_button", "right": "deal_button", "left": "hole"}
PANEL_SWITCHES = 16
FOLD_BIT = PANEL_SWITCHES - 1
FOLD_SWITCH = 1 << FOLD_BIT


def refusal_text(code):
    return "! " + (result_text(code) if code != REF_BAD_DECK else BAD_DECK_TEXT) + CRLF


def table_text(t, short=False):
    """The table as the UI draws it (no hole cards); ``short``: without the seat lines (the
    answer to an action when the hand goes on)."""
    line = f"Hand {t.hand_no % 65536} {STREET_NAMES[t.street]} pot {t.pot}"
    board = [c for c in t.board if c != NO_CARD]
    if board:
        line += " board " + format_cards(board)
    lines = [line]
    for s in range(0 if short else t.n):
        flag = (" out" if t.busted[s] else " folded" if t.folded[s] else
                " all-in" if t.all_in[s] else "") + (" away" if t.sitting[s] else "")
        lines.append(f"P{s}{' D' if s == t.dealer else ''} stack {t.stacks[s]} "
                     f"bet {t.street_bet[s]}{flag}")
    if t.to_act != NO_SEAT:
        lines.append(f"P{t.to_act} to act, stack {t.stacks[t.to_act]}, to call {t.to_call}, "
                     f"min raise to {t.min_raise_to}")
    elif t.phase == PHASE_GAME_OVER:
        lines.append(f"Game over, P{t.game_winner} wins")
    else:
        lines.append("Press d to deal")
    return CRLF.join(lines) + CRLF


def hand_end_text(t):
    """Shown hands and payouts of the hand that just ended."""
    r, text = t.result, ""
    if r.showdown:
        for s, word in enumerate(r.words):
            if word is not None:
                text += f"P{s} {format_cards(t.hole[s])} {describe(word)}" + CRLF
    for s, chips in enumerate(r.payout):
        if chips:
            text += f"P{s} collects {chips}" + CRLF
    return text


class HoldemTerminal(Terminal):
    """A golden Table behind the UI. ``next_deck()`` gives the deck of each accepted deal.
    Every input (``key``, ``press``: golden.terminal.Terminal) returns the text the UI sends
    in answer; each method below is an entry of the program."""
    KEYS = KEYS
    BUTTONS = BUTTONS
    NUMBER_SWITCHES = FOLD_BIT

    def __init__(self, table, next_deck):
        super().__init__(chip_width(table.n, table.start_stack, table.big_blind))
        self.t = table
        self.next_deck = next_deck
        self.last_code = None

    def boot(self):
        return BANNER + table_text(self.t)

    def command(self, op):
        t = self.t
        before = len(t.log)
        if op == OP_ACT:
            code = t.act(t.to_act, self.value, self.number)
        elif op == OP_DEAL:         # a deck only for a deal that is taken
            code = t.start_hand(self.next_deck() if t.deal_ready else [])
        else:
            code = t.new_game()
        self.last_code = code
        if code:
            return refusal_text(code)
        if op == OP_NEW_GAME:
            return CLEAR + "New game" + CRLF + table_text(t)
        text = CLEAR + "".join(entry_text(e) + CRLF for e in t.log[before:])
        if t.phase != PHASE_BETTING:
            text += hand_end_text(t)
        return text + table_text(t, short=op == OP_ACT and t.phase == PHASE_BETTING)

    # ------------------------------------------------------------------ entries
    def act(self):
        return self.command(OP_ACT)

    def deal(self):
        return self.command(OP_DEAL)

    def new_game(self):
        return self.command(OP_NEW_GAME)

    def hole(self):
        t = self.t
        if t.to_act == NO_SEAT:
            return refusal_text(REF_HAND_OVER)
        return self.cards_of(t.to_act)

    def seat(self):
        t = self.t
        if t.phase != PHASE_BETTING:
            return refusal_text(REF_HAND_OVER)
        if self.number >= t.n:
            return NO_SUCH_SEAT_TEXT
        return self.cards_of(self.number)

    def sit(self):
        """o<seat> and i<seat>: the seat sits out or in (golden Table.sit), then the table."""
        t = self.t
        if self.number >= t.n:
            return NO_SUCH_SEAT_TEXT
        code = t.sit(self.number, self.value)
        self.last_code = code
        return refusal_text(code) if code else table_text(t)

    def cards_of(self, seat):
        """The answer that shows ``seat``'s hole cards (h and s)."""
        return f"P{seat} cards {format_cards(self.t.hole[seat])}" + CRLF

    def table(self):
        return table_text(self.t)

    def act_button(self):
        """The center button: fold, check or call, bet or raise (module docstring)."""
        t = self.t
        if self.switches & FOLD_SWITCH:
            self.value = FOLD
        elif self.number == 0:
            self.value = CALL if t.to_call else CHECK
        else:
            self.value = RAISE if t.current_bet else BET
        return self.act()

    def deal_button(self):
        """The right button: deal, or a new game once the game is over."""
        return self.new_game() if self.t.phase == PHASE_GAME_OVER else self.deal()
