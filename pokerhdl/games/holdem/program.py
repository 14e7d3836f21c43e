"""The Hold'em terminal program: the text of every answer, for the terminal engine
(pokerhdl.rtl.terminal.terminal) to run. Each entry mirrors the method of the same name in
golden/holdem/terminal.py, and the text follows it line for line.

The program reads the table through the window: the table's probe map (golden holdem_contract
PROBE) and, above it, the UI's own registers (V_*: the command's result and the log FIFO). Its
OUT ops are the table's commands, the display latches and popping a log entry (holdem_ui does
them); its printer prints a card.
"""

from ...golden.cards import NO_CARD
from ...golden.hands import (ACE, CATEGORY_NAMES, FOUR_OF_A_KIND, FULL_HOUSE, PAIR, STRAIGHT_FLUSH,
                             THREE_OF_A_KIND, TWO_PAIR, _PLURALS, _RANK_NAMES)
from ...golden.holdem.table import (ACTION_NAMES, ALLIN, BET, CALL, CHECK, FOLD, NO_SEAT,
                                    PHASE_BETTING, PHASE_GAME_OVER, RAISE, REF_HAND_OVER,
                                    RESULT_TEXT, STREET_NAMES)
from ...golden.holdem.contract import (BAD_DECK_TEXT, BOARD_CARDS, FLAG_ALL_IN, FLAG_FOLDED,
                                       FLAG_OUT, FLAG_SITTING, OP_ACT, OP_DEAL, OP_NEW_GAME,
                                       OP_SIT, PROBE)
from ...golden.holdem.terminal import BANNER, FOLD_BIT, NO_SUCH_SEAT_TEXT, refusal_text
from ...golden.terminal import CLEAR, CRLF
from ...rtl.terminal.program import (I_END, I_NIBBLE, I_NUM, I_PRINT, I_RET, I_SET, M_OWN, M_SEAT,
                                     M_SEAT2, REG_NUMBER, REG_SWITCHES, SET_SEAT_ACC, SET_SEAT_IMM,
                                     SET_VALUE_IMM, ENTRY_BOOT, Program)

# the UI's registers in the window, above the table's probe map
V_BASE = 0x60
V_LOG_SEAT, V_LOG_ACTION, V_LOG_PUT, V_LOG_TOTAL, V_LOG_ALLIN, V_LOG_COUNT, V_RES, V_OP = \
    range(V_BASE, V_BASE + 8)
assert V_BASE > max(PROBE.values()), "the UI's registers sit above the table's probe map"
# OUT ops: the table's command op codes (OP_*), popping a log entry, the display latches
OUT_POPLOG = 4
OUT_LATCH = 8
L_TO_ACT, L_STACK, L_BET, L_CALL, L_POT, L_WINNERS, L_PHASE = range(7)
PRINT_CARD = 0                  # the one printer: a card code as rank and suit characters
WORD_CATEGORY, WORD_FIRST, WORD_SECOND = 5, 4, 3     # nibbles of a rank word

ACTION_WORDS = ("folds", "checks", "calls ", "bets ", "raises to ", "goes all-in for ",
                "posts small blind ", "posts big blind ")
RESULT_WORDS = tuple(RESULT_TEXT) + (BAD_DECK_TEXT, "code 15")


P = PROBE


def card(p):
    """Print the card code in acc (the one printer)."""
    p.emit(I_PRINT, PRINT_CARD)


def hole_cards(p):
    """The seat's two hole cards."""
    p.load(P["hole"], M_SEAT2)
    card(p)
    p.text(" ")
    p.load(P["hole"] + 1, M_SEAT2)
    card(p)


def for_each_seat(p, players, subroutine):
    """Call ``subroutine`` with each seat in turn."""
    for s in range(players):
        p.emit(I_SET, s, SET_SEAT_IMM)
        p.call(subroutine)


def typed_seat(p, players, target):
    """Jump to ``target`` with the number typed in acc when it is a seat of the table; else
    answer "! no such seat" (golden NO_SUCH_SEAT_TEXT). Compares for equality only."""
    p.load(REG_NUMBER, M_OWN)
    for s in range(players):
        p.jeq(s, target)
    p.text(NO_SUCH_SEAT_TEXT)
    p.emit(I_END)


def header(p, end):
    """The table's first line: hand, street, pot, the board so far (``end``: its label)."""
    p.text("Hand ")
    p.load(P["hand_no"])
    p.emit(I_NUM)
    p.text(" ")
    p.load(P["street"])
    p.strix("street")
    p.text(" pot ")
    p.load(P["pot"])
    p.emit(I_NUM)
    p.load(P["board"])
    p.jeq(NO_CARD, end)
    p.text(" board")
    for j in range(BOARD_CARDS):
        p.load(P["board"] + j)
        p.jeq(NO_CARD, end)
        p.text(" ")
        card(p)
    p.label(end)
    p.text(CRLF)


def word_field(p, n):
    """Nibble ``n`` of the seat's rank word into acc."""
    p.load(P["word"], M_SEAT)
    p.emit(I_NIBBLE, n)


def entries(p, players):
    """The entry points (golden HoldemTerminal's methods): a command, a button, a seat's cards."""
    p.entry(ENTRY_BOOT)
    p.text(BANNER)
    p.jmp("table")

    p.entry("act")
    p.load(P["to_act"])
    p.emit(I_SET, 0, SET_SEAT_ACC)
    p.out(OP_ACT)
    p.jmp("result")

    p.entry("deal")
    p.out(OP_DEAL)
    p.jmp("result")

    p.entry("new_game")
    p.out(OP_NEW_GAME)
    p.jmp("result")

    p.entry("deal_button")
    p.load(P["phase"])
    p.jeq(PHASE_GAME_OVER, "e_new_game")
    p.jmp("e_deal")

    p.entry("act_button")
    p.load(REG_SWITCHES, M_OWN)
    p.jbit(FOLD_BIT, "pb_fold")
    p.load(REG_NUMBER, M_OWN)
    p.jeq(0, "pb_zero")
    p.load(P["current_bet"])
    p.jeq(0, "pb_bet")
    p.emit(I_SET, RAISE, SET_VALUE_IMM)
    p.jmp("e_act")
    p.label("pb_bet")
    p.emit(I_SET, BET, SET_VALUE_IMM)
    p.jmp("e_act")
    p.label("pb_zero")
    p.load(P["to_call"])
    p.jeq(0, "pb_check")
    p.emit(I_SET, CALL, SET_VALUE_IMM)
    p.jmp("e_act")
    p.label("pb_check")
    p.emit(I_SET, CHECK, SET_VALUE_IMM)
    p.jmp("e_act")
    p.label("pb_fold")
    p.emit(I_SET, FOLD, SET_VALUE_IMM)
    p.jmp("e_act")

    p.entry("sit")              # o<seat>, i<seat>: golden sit (a command: before h, as the
    typed_seat(p, players, "sit_seat")      # privacy proof's regions go)
    p.label("sit_seat")
    p.emit(I_SET, 0, SET_SEAT_ACC)
    p.out(OP_SIT)
    p.load(V_RES)
    p.jne(0, "result")                          # refused: the result's line
    p.jmp("table")

    p.entry("hole")
    p.load(P["to_act"])
    p.jne(NO_SEAT, "seat_cards")                # golden cards_of: the line s<seat> shows
    p.label("hole_none")
    p.text(refusal_text(REF_HAND_OVER))
    p.emit(I_END)

    p.entry("seat")
    p.load(P["phase"])
    p.jne(PHASE_BETTING, "hole_none")
    typed_seat(p, players, "seat_cards")
    p.label("seat_cards")                       # the seat in acc: golden cards_of
    p.emit(I_SET, 0, SET_SEAT_ACC)
    p.text("P")
    p.emit(I_NUM)
    p.text(" cards ")
    p.load(P["hole"], M_SEAT2)
    p.jeq(NO_CARD, "no_cards")                  # a seat out of the game: "-- --"
    hole_cards(p)
    p.text(CRLF)
    p.emit(I_END)
    p.label("no_cards")
    p.text("-- --" + CRLF)
    p.emit(I_END)


def command_answer(p, players):
    """A command's answer: a refusal, or the log, the showdown and the payouts, then the table."""
    p.label("result")
    p.load(V_RES)
    p.jeq(0, "res_ok")
    p.text("! ")
    p.strix("result")
    p.text(CRLF)
    p.emit(I_END)
    p.label("res_ok")
    p.text(CLEAR)
    p.load(V_OP)
    p.jne(OP_NEW_GAME, "log_loop")
    p.text("New game" + CRLF)
    p.jmp("table")
    p.label("log_loop")
    p.load(V_LOG_COUNT)
    p.jeq(0, "logs_done")
    p.call("log_line")
    p.out(OUT_POPLOG)
    p.jmp("log_loop")
    p.label("logs_done")
    p.load(P["phase"])
    p.jne(PHASE_BETTING, "hand_end")
    p.load(V_OP)
    p.jeq(OP_ACT, "short_table")            # an action and the hand goes on
    p.jmp("table")                          # the deal
    p.label("hand_end")
    p.load(P["showdown"])
    p.jeq(0, "payouts")
    for_each_seat(p, players, "shown_hand")
    p.label("payouts")
    for_each_seat(p, players, "payout_line")
    p.jmp("table")


def table_and_figures(p, players):
    """The table (whole, or its first line after an action), the status line, the display's
    figures."""
    p.label("short_table")                  # an action and the hand goes on
    header(p, "short_board_end")
    p.jmp("status")

    p.entry("table")
    p.label("table")
    header(p, "board_end")
    for_each_seat(p, players, "seat_line")
    p.label("status")
    p.load(P["to_act"])
    p.jeq(NO_SEAT, "no_turn")
    p.emit(I_SET, 0, SET_SEAT_ACC)
    p.text("P")
    p.emit(I_NUM)
    p.text(" to act, stack ")
    p.load(P["stack"], M_SEAT)
    p.emit(I_NUM)
    p.text(", to call ")
    p.load(P["to_call"])
    p.emit(I_NUM)
    p.text(", min raise to ")
    p.load(P["min_raise_to"])
    p.emit(I_NUM)
    p.text(CRLF)
    p.jmp("refresh")
    p.label("no_turn")
    p.load(P["game_winner"])
    p.jeq(NO_SEAT, "no_winner")
    p.text("Game over, P")
    p.emit(I_NUM)
    p.text(" wins" + CRLF)
    p.jmp("refresh")
    p.label("no_winner")
    p.text("Press d to deal" + CRLF)

    p.label("refresh")
    p.load(P["to_act"])
    p.out(OUT_LATCH + L_TO_ACT)
    p.emit(I_SET, 0, SET_SEAT_ACC)
    for addr, reg in ((P["stack"], L_STACK), (P["street_bet"], L_BET)):
        p.load(addr, M_SEAT)
        p.out(OUT_LATCH + reg)
    for addr, reg in ((P["to_call"], L_CALL), (P["pot"], L_POT), (P["winners"], L_WINNERS),
                      (P["phase"], L_PHASE)):
        p.load(addr)
        p.out(OUT_LATCH + reg)
    p.emit(I_END)


def seat_subroutines(p):
    """Subroutines of one level (they call nothing): a seat's line, a log entry, a payout."""
    p.label("seat_line")
    p.text("P")
    p.seat_digit()
    p.load(P["dealer"])
    p.jne(0, "not_dealer", M_SEAT)
    p.text(" D")
    p.label("not_dealer")
    p.text(" stack ")
    p.load(P["stack"], M_SEAT)
    p.emit(I_NUM)
    p.text(" bet ")
    p.load(P["street_bet"], M_SEAT)
    p.emit(I_NUM)
    p.load(P["flags"], M_SEAT)
    p.jbit(FLAG_OUT, "seat_out")
    p.jbit(FLAG_FOLDED, "seat_folded")
    p.jbit(FLAG_ALL_IN, "seat_allin")
    p.jmp("seat_end")
    p.label("seat_out")
    p.text(" out")
    p.jmp("seat_end")
    p.label("seat_folded")
    p.text(" folded")
    p.jmp("seat_end")
    p.label("seat_allin")
    p.text(" all-in")
    p.label("seat_end")                         # acc: the flags still
    p.jbit(FLAG_SITTING, "seat_away")
    p.label("seat_eol")
    p.text(CRLF)
    p.emit(I_RET)
    p.label("seat_away")
    p.text(" away")
    p.jmp("seat_eol")

    p.label("log_line")                     # holdem_text.entry_text
    p.text("P")
    p.load(V_LOG_SEAT)
    p.emit(I_NUM)
    p.text(" ")
    p.load(V_LOG_ACTION)
    p.strix("action")
    p.jeq(FOLD, "log_suffix")
    p.jeq(CHECK, "log_suffix")
    p.jeq(BET, "log_total")
    p.jeq(RAISE, "log_total")
    p.jeq(ALLIN, "log_allin")
    p.load(V_LOG_PUT)
    p.emit(I_NUM)
    p.jmp("log_suffix")
    p.label("log_total")
    p.load(V_LOG_TOTAL)
    p.emit(I_NUM)
    p.jmp("log_suffix")
    p.label("log_allin")
    p.load(V_LOG_PUT)
    p.emit(I_NUM)
    p.text(" (bet ")
    p.load(V_LOG_TOTAL)
    p.emit(I_NUM)
    p.text(")")
    p.jmp("log_end")
    p.label("log_suffix")
    p.load(V_LOG_ALLIN)
    p.jeq(0, "log_end")
    p.text(" (all-in)")
    p.label("log_end")
    p.text(CRLF)
    p.emit(I_RET)

    p.label("payout_line")
    p.load(P["payout"], M_SEAT)
    p.jeq(0, "payout_end")
    p.text("P")
    p.seat_digit()
    p.text(" collects ")
    p.emit(I_NUM)
    p.text(CRLF)
    p.label("payout_end")
    p.emit(I_RET)


def shown_hand(p):
    """The subroutine that describes a seat's shown hand (hands.describe)."""
    p.label("shown_hand")                   # hands.describe
    p.load(P["word"], M_SEAT)
    p.jeq(0, "shown_end")
    p.text("P")
    p.seat_digit()
    p.text(" ")
    hole_cards(p)
    p.text(" ")
    word_field(p, WORD_CATEGORY)
    for cat, name in ((STRAIGHT_FLUSH, "d_sflush"), (FOUR_OF_A_KIND, "d_quads"),
                      (FULL_HOUSE, "d_full"), (THREE_OF_A_KIND, "d_trips"),
                      (TWO_PAIR, "d_two"), (PAIR, "d_pair")):
        p.jeq(cat, name)
    p.label("d_high")                       # high card, straight, flush: acc = category
    p.strix("category")
    p.text(", ")
    word_field(p, WORD_FIRST)
    p.strix("rank")
    p.text(" high")
    p.jmp("shown_eol")
    p.label("d_sflush")
    word_field(p, WORD_FIRST)
    p.jne(ACE, "d_sflush_low")
    p.text("Royal flush")
    p.jmp("shown_eol")
    p.label("d_sflush_low")
    word_field(p, WORD_CATEGORY)
    p.jmp("d_high")
    for name, first, between in (("d_quads", "Four of a kind, ", None),
                                 ("d_full", "Full house, ", " full of "),
                                 ("d_trips", "Three of a kind, ", None),
                                 ("d_two", "Two pair, ", " and "),
                                 ("d_pair", "Pair of ", None)):
        p.label(name)
        p.text(first)
        word_field(p, WORD_FIRST)
        p.strix("plural")
        if between:
            p.text(between)
            word_field(p, WORD_SECOND)
            p.strix("plural")
        p.jmp("shown_eol")
    p.label("shown_eol")
    p.text(CRLF)
    p.label("shown_end")
    p.emit(I_RET)

def program(players):
    """The UI's program: entry points (golden HoldemTerminal's methods) and every answer."""
    p = Program()
    p.table("result", RESULT_WORDS)
    p.table("street", STREET_NAMES)
    p.table("action", ACTION_WORDS)
    p.table("category", CATEGORY_NAMES)
    p.table("rank", _RANK_NAMES)
    p.table("plural", _PLURALS)
    assert len(ACTION_NAMES) == len(ACTION_WORDS)
    entries(p, players)
    command_answer(p, players)
    table_and_figures(p, players)
    seat_subroutines(p)
    shown_hand(p)
    return p
