"""The dice table's terminal: the exact UART text the hardware (pokerhdl/games/dice/board.py and
its program, dice/program.py) sends for each key or button, predicted from a golden DiceGame.
Key and button handling is every terminal's (golden/terminal.py).

Keys (either case): u<digits><Enter> bid up, d<digits><Enter> bid down (the player whose turn
it is), t throw, s show the table, n new game. Buttons: center acts (bids SW[6:0] with the
guess SW7 up = up; throws once both bids are in; starts a new game once the game is over),
left shows the table, right starts a new game (at any time: the Basys3 has no reset button).

Text of an answer (lines end in CRLF): an accepted bid, "P1 bids 40 up, deposit 10"; a throw,
"dice 4 5: 9", then "P1 takes 40" for each player who takes (or "no one takes"); a new game,
"new game"; each followed by the table: "P1 1008  P2 1000  pool 15" and "round 3: P2 bids
4..127", "round 3: throw", or the end ("P1 wins", "draw"). A refusal: "! <reason>".
"""

from .game import DRAW, PHASE_BID, PHASE_OVER, PHASE_THROW, RESULT_TEXT, DiceGame, Rules
from .contract import AMOUNT_BITS, BID_SWITCHES, GUESS_SWITCH
from ..terminal import CRLF, Key, Terminal

BANNER = "7 up 7 down: u<n> d<n> t s n" + CRLF
UP, DOWN = 1, 0
KEYS = {"u": Key("bid", UP, number=True), "d": Key("bid", DOWN, number=True),
        "t": Key("throw"), "s": Key("show"), "n": Key("new_game")}
BUTTONS = {"center": "act", "left": "show", "right": "new_game"}
GUESS_TEXT = ("down", "up")
NEW_GAME_TEXT = "new game" + CRLF
NO_TAKER_TEXT = "no one takes" + CRLF
DRAW_TEXT = "draw" + CRLF


def player_name(player):
    return f"P{player + 1}"


def refusal_text(code):
    return "! " + RESULT_TEXT[code] + CRLF


def table_text(game):
    """The purses and the pool, then what comes next."""
    g = game
    text = f"P1 {g.purses[0]}  P2 {g.purses[1]}  pool {g.pool}" + CRLF
    if g.phase == PHASE_BID:
        return text + f"round {g.round}: {player_name(g.bidder)} bids {g.least()}..{g.limit()}" \
            + CRLF
    if g.phase == PHASE_THROW:
        return text + f"round {g.round}: throw" + CRLF
    if g.winner == DRAW:
        return text + DRAW_TEXT
    return text + f"{player_name(g.winner)} wins" + CRLF


class DiceTerminal(Terminal):
    """``roll()`` gives the next two dice (the hardware draws them only for an accepted
    throw)."""
    KEYS = KEYS
    BUTTONS = BUTTONS
    NUMBER_SWITCHES = BID_SWITCHES

    def __init__(self, game=None, roll=None):
        super().__init__(AMOUNT_BITS)
        self.game = game or DiceGame(Rules())
        self.roll = roll

    def boot(self):
        return BANNER + table_text(self.game)

    def show(self):
        return table_text(self.game)

    def new_game(self):
        self.game.new_game()
        return NEW_GAME_TEXT + table_text(self.game)

    def bid(self):
        g = self.game
        code = g.bid(self.number, self.value == UP)
        if code:
            return refusal_text(code)
        me = g.last_bidder
        return (f"{player_name(me)} bids {g.bids[me]} {GUESS_TEXT[g.ups[me]]}, deposit "
                f"{g.deposit(me)}" + CRLF + table_text(g))

    def throw(self):
        g = self.game
        if g.phase != PHASE_THROW:
            return refusal_text(g.throw(1, 1))
        d1, d2 = self.roll()
        assert g.throw(d1, d2) == 0
        text = f"dice {d1} {d2}: {d1 + d2}" + CRLF
        for p, took in enumerate(g.takes):
            if took:
                text += f"{player_name(p)} takes {g.bids[p]}" + CRLF
        if not any(g.takes):
            text += NO_TAKER_TEXT
        return text + table_text(g)

    def act(self):
        """The center button: what the game waits for."""
        if self.game.phase == PHASE_OVER:
            return self.new_game()
        if self.game.phase == PHASE_THROW:
            return self.throw()
        self.value = self.switches >> GUESS_SWITCH & 1
        return self.bid()
