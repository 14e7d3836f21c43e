"""The dice table's terminal program: golden/dice/terminal.py's text, written for the terminal
engine (pokerhdl/rtl/terminal/program.py) over the table's window (golden/dice/contract.py W).
"""

from ...golden.dice.game import DRAW, PHASE_OVER, PHASE_THROW, PLAYERS, RESULT_TEXT
from ...golden.dice.contract import GUESS_SWITCH, OP_BID, OP_NEW_GAME, OP_THROW, W
from ...golden.dice.terminal import BANNER, DRAW_TEXT, NEW_GAME_TEXT, NO_TAKER_TEXT
from ...golden.terminal import CRLF
from ...rtl.terminal.program import (ENTRY_BOOT, ENTRY_PREFIX, I_CHAR, I_END, I_NUM, I_SET, M_OWN,
                                     M_SEAT, REG_SWITCHES, SET_SEAT_ACC, SET_SEAT_IMM,
                                     SET_VALUE_IMM, Program)


def program():
    p = Program()
    p.table("results", RESULT_TEXT)

    def player():
        """"P1" or "P2" for the seat register (0 or 1)."""
        p.text("P")
        p.emit(I_CHAR, ord("1"), M_SEAT)

    def number(name, mode=0):
        p.load(W[name], mode)
        p.emit(I_NUM)

    p.entry(ENTRY_BOOT)
    p.text(BANNER)
    p.jmp("table")

    p.entry("new_game")
    p.out(OP_NEW_GAME)
    p.text(NEW_GAME_TEXT)
    p.jmp("table")

    p.entry("act")                          # the center button: what the game waits for
    p.load(W["phase"])
    p.jeq(PHASE_OVER, ENTRY_PREFIX + "new_game")
    p.jeq(PHASE_THROW, ENTRY_PREFIX + "throw")
    p.load(REG_SWITCHES, M_OWN)
    p.jbit(GUESS_SWITCH, "act_up")
    p.emit(I_SET, 0, SET_VALUE_IMM)
    p.jmp(ENTRY_PREFIX + "bid")
    p.label("act_up")
    p.emit(I_SET, 1, SET_VALUE_IMM)

    p.entry("bid")
    p.out(OP_BID)
    p.load(W["result"])
    p.jne(0, "refused")
    p.load(W["last_bidder"])
    p.emit(I_SET, 0, SET_SEAT_ACC)
    player()
    p.text(" bids ")
    number("bid", M_SEAT)
    p.load(W["up"], M_SEAT)
    p.jeq(0, "bid_down")
    p.text(" up")
    p.jmp("bid_deposit")
    p.label("bid_down")
    p.text(" down")
    p.label("bid_deposit")
    p.text(", deposit ")
    number("deposit", M_SEAT)
    p.text(CRLF)
    p.jmp("table")

    p.label("refused")
    p.text("! ")
    p.strix("results")
    p.text(CRLF)
    p.emit(I_END)

    p.entry("throw")
    p.out(OP_THROW)
    p.load(W["result"])
    p.jne(0, "refused")
    p.text("dice ")
    number("die1")
    p.text(" ")
    number("die2")
    p.text(": ")
    number("sum")
    p.text(CRLF)
    for seat in range(PLAYERS):
        p.emit(I_SET, seat, SET_SEAT_IMM)
        p.load(W["take"], M_SEAT)
        p.jeq(0, f"kept{seat}")
        player()
        p.text(" takes ")
        number("bid", M_SEAT)
        p.text(CRLF)
        p.label(f"kept{seat}")
    p.load(W["taken"])
    p.jne(0, "table")
    p.text(NO_TAKER_TEXT)

    p.entry("show")                         # the table: purses and pool, then what comes next
    p.label("table")
    p.text("P1 ")
    number("purse")
    p.text("  P2 ")
    p.load(W["purse"] + 1)
    p.emit(I_NUM)
    p.text("  pool ")
    number("pool")
    p.text(CRLF)
    p.load(W["phase"])
    p.jeq(PHASE_OVER, "over")
    p.text("round ")
    number("round")
    p.load(W["phase"])
    p.jeq(PHASE_THROW, "throw_next")
    p.text(": ")
    p.load(W["bidder"])
    p.emit(I_SET, 0, SET_SEAT_ACC)
    player()
    p.text(" bids ")
    number("least")
    p.text("..")
    number("limit")
    p.text(CRLF)
    p.emit(I_END)
    p.label("throw_next")
    p.text(": throw" + CRLF)
    p.emit(I_END)
    p.label("over")
    p.load(W["winner"])
    p.jeq(DRAW, "draw")
    p.emit(I_SET, 0, SET_SEAT_ACC)
    player()
    p.text(" wins" + CRLF)
    p.emit(I_END)
    p.label("draw")
    p.text(DRAW_TEXT)
    p.emit(I_END)
    return p
