"""Terminal and panel user interface of the Hold'em table (contract section 2).

The UART text is exactly pokerhdl/golden/holdem_terminal.py's (read it for the keys, the text
and the panel mapping); tests compare the TX bytes with it.

Keys: f fold, k check, c call, a all-in, b<digits><Enter> bet to, r<digits><Enter> raise to,
d deal the next hand, n new game, h show my hole cards (the seat to act only), t redraw the
table. Upper case works too; CR, LF and space between commands are ignored. The seat of every
action is the seat to act (probe 0x55). Unknown keys answer "! unknown key"; a b/r number with
anything but digits, or none, answers "! bad number" (numbers saturate at 2**W - 1, which no
stack reaches, so a huge number is refused as "more than your stack" like the exact one).

Flow control: a key is taken only when the answer to the previous one has been handed to the
transmitter. The receiver holds one byte meanwhile; a further byte arriving before that is
dropped (uart_rx overrun). A person typing is never that fast; a program should wait for the
answer (or for `busy` to fall) before the next key. A button press while busy is ignored.

Panel: btn_act (the center button) acts: sw[15] set: fold; else amount sw[14:0] = 0: check,
or call when there is something to call; amount > 0: bet to it (no bet yet on this street) or raise to it.
btn_deal (right): deal, or new game once the game is over. btn_reveal (left): as h. btn_up /
btn_down cycle the 7-segment view: 0 stack, 1 street bet, 2 to call (of the seat to act),
3 pot. LEDs: led[3:0] the seat to act (one-hot), led[7:4] the winners of the last hand (while no
hand is on), led[8] game over, led[15:12] the view (one-hot).

How: the text comes from a small program in ROM (built at elaboration by `program()`, with its
strings in a character ROM) run by a sequencer that reads the table through the probe window,
prints decimal numbers through bin2bcd and cards through the card ASCII tables. Every answer
ends by latching the display figures. While idle the probe window belongs to ext_probe_addr.
"""

from myhdl import (block, always_seq, always_comb, concat, enum, Signal, ResetSignal, intbv,
                   instances)

from ..golden.hands import CATEGORY_NAMES, _PLURALS, _RANK_NAMES
from ..golden.holdem import (ACTION_NAMES, ALLIN, BET, CALL, CHECK, FOLD, RAISE, RESULT_TEXT,
                             STREET_NAMES)
from ..golden.holdem_terminal import BANNER, CLEAR, CRLF
from ..rtl.bcd import bin2bcd
from ..rtl.cards import RANK_ASCII, SUIT_ASCII
from ..rtl.uart import uart_rx, uart_tx
from ..golden.holdem_contract import (BAD_DECK_TEXT, OP_ACT, OP_DEAL, OP_NEW_GAME, PROBE,
                                      Rules)
from .holdem import holdem_table

# UI registers seen through the same LOAD as the probe window (addresses above the table's)
V_LOG_SEAT, V_LOG_ACTION, V_LOG_PUT, V_LOG_TOTAL, V_LOG_ALLIN, V_LOG_COUNT, V_RES, V_OP, \
    V_SW, V_AMOUNT = range(0x60, 0x6A)
LOG_DEPTH = 4           # a command logs at most 2 entries (the blinds of a deal)

# instructions: opcode, mode, 8-bit argument, jump target
(I_END, I_CHAR, I_STR, I_LOAD, I_NUM, I_CARD, I_JEQ, I_JNE, I_JMP, I_JBIT, I_FIELD, I_SET,
 I_LATCH, I_CMD, I_CALL, I_RET, I_POPLOG) = range(17)
M_IMM, M_SEAT, M_SEAT2 = 0, 1, 2          # LOAD address + 0 / seat / 2*seat; JEQ/JNE vs seat
SET_SEAT_IMM, SET_SEAT_ACC, SET_ACTION = 0, 1, 2
L_TO_ACT, L_STACK, L_BET, L_CALL, L_POT, L_WINNERS, L_PHASE = range(7)

ACTION_WORDS = ("folds", "checks", "calls ", "bets ", "raises to ", "goes all-in for ",
                "posts small blind ", "posts big blind ")
RESULT_WORDS = tuple(RESULT_TEXT) + (BAD_DECK_TEXT, "code 14", "code 15")


class Program:
    """A tiny assembler: instructions, labels and a string pool (strings end with a 0)."""

    def __init__(self):
        self.code, self.labels, self.strings, self.tables = [], {}, [], {}

    def string(self, text):
        if text not in self.strings:
            self.strings.append(text)
        return self.strings.index(text)

    def table(self, name, texts):
        """Consecutive strings, indexed by the accumulator (STRIX)."""
        self.tables[name] = len(self.strings)
        self.strings.extend(texts)

    def label(self, name):
        assert name not in self.labels, name
        self.labels[name] = len(self.code)

    def emit(self, op, arg=0, mode=0, target=None):
        assert 0 <= arg < 256
        self.code.append((op, mode, arg, target))

    # shorthands
    def text(self, s):
        if len(s) == 1:
            self.emit(I_CHAR, ord(s))
        else:
            self.emit(I_STR, self.string(s))

    def strix(self, table):
        self.emit(I_STR, self.tables[table], mode=1)

    def load(self, addr, mode=M_IMM):
        self.emit(I_LOAD, addr, mode)

    def jeq(self, value, target, mode=M_IMM):
        self.emit(I_JEQ, value, mode, target)

    def jne(self, value, target, mode=M_IMM):
        self.emit(I_JNE, value, mode, target)

    def jmp(self, target):
        self.emit(I_JMP, 0, 0, target)

    def assemble(self):
        """(instruction words, widths, character ROM, string start table)."""
        target_bits = max(1, (len(self.code) - 1).bit_length())
        words = []
        for op, mode, arg, target in self.code:
            t = self.labels[target] if target is not None else 0
            words.append((((op << 2 | mode) << 8 | arg) << target_bits) | t)
        chars, starts = [], []
        for s in self.strings:
            starts.append(len(chars))
            chars.extend(ord(ch) for ch in s)
            chars.append(0)
        return words, target_bits, chars, starts


def program(players):
    """The UI's program: entry points (labels "e_*") and the text of every answer."""
    p, P = Program(), PROBE
    p.table("result", RESULT_WORDS)
    p.table("street", STREET_NAMES)
    p.table("action", ACTION_WORDS)
    p.table("category", CATEGORY_NAMES)
    p.table("rank", _RANK_NAMES)
    p.table("plural", _PLURALS)
    assert len(ACTION_NAMES) == len(ACTION_WORDS)

    # --- entry points
    p.label("e_boot")
    p.text(BANNER)
    p.jmp("table")

    p.label("e_unknown")
    p.text("! unknown key" + CRLF)
    p.emit(I_END)

    p.label("e_bad_number")
    p.text(CRLF + "! bad number" + CRLF)
    p.emit(I_END)

    p.label("e_enter")
    p.text(CRLF)
    p.label("e_act")
    p.load(P["to_act"])
    p.emit(I_SET, 0, SET_SEAT_ACC)
    p.emit(I_CMD, OP_ACT)
    p.jmp("result")

    p.label("e_deal")
    p.emit(I_CMD, OP_DEAL)
    p.jmp("result")

    p.label("e_new")
    p.emit(I_CMD, OP_NEW_GAME)
    p.jmp("result")

    p.label("e_deal_button")
    p.load(P["phase"])
    p.jeq(2, "e_new")
    p.jmp("e_deal")

    p.label("e_act_button")
    p.load(V_SW)
    p.emit(I_JBIT, 15, 0, "pb_fold")
    p.load(V_AMOUNT)
    p.jeq(0, "pb_zero")
    p.load(P["current_bet"])
    p.jeq(0, "pb_bet")
    p.emit(I_SET, RAISE, SET_ACTION)
    p.jmp("e_act")
    p.label("pb_bet")
    p.emit(I_SET, BET, SET_ACTION)
    p.jmp("e_act")
    p.label("pb_zero")
    p.load(P["to_call"])
    p.jeq(0, "pb_check")
    p.emit(I_SET, CALL, SET_ACTION)
    p.jmp("e_act")
    p.label("pb_check")
    p.emit(I_SET, CHECK, SET_ACTION)
    p.jmp("e_act")
    p.label("pb_fold")
    p.emit(I_SET, FOLD, SET_ACTION)
    p.jmp("e_act")

    p.label("e_hole")
    p.load(P["to_act"])
    p.jeq(7, "hole_none")
    p.emit(I_SET, 0, SET_SEAT_ACC)
    p.text("P")
    p.emit(I_NUM)
    p.text(" cards ")
    p.load(P["hole"], M_SEAT2)
    p.emit(I_CARD)
    p.text(" ")
    p.load(P["hole"] + 1, M_SEAT2)
    p.emit(I_CARD)
    p.text(CRLF)
    p.emit(I_END)
    p.label("hole_none")
    p.text("! " + RESULT_TEXT[2] + CRLF)
    p.emit(I_END)

    # --- the answer to a command
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
    p.emit(I_CALL, 0, 0, "log_line")
    p.emit(I_POPLOG)
    p.jmp("log_loop")
    p.label("logs_done")
    p.load(P["phase"])
    p.jne(1, "hand_end")
    p.load(V_OP)
    p.jeq(OP_ACT, "short_table")            # an action and the hand goes on
    p.jmp("table")                          # the deal
    p.label("hand_end")
    p.load(P["showdown"])
    p.jeq(0, "payouts")
    for s in range(players):
        p.emit(I_SET, s, SET_SEAT_IMM)
        p.emit(I_CALL, 0, 0, "shown_hand")
    p.label("payouts")
    for s in range(players):
        p.emit(I_SET, s, SET_SEAT_IMM)
        p.emit(I_CALL, 0, 0, "payout_line")
    p.jmp("table")

    # --- the table, then the display figures
    def header(end):
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
        p.jeq(63, end)
        p.text(" board")
        for j in range(5):
            p.load(P["board"] + j)
            p.jeq(63, end)
            p.text(" ")
            p.emit(I_CARD)
        p.label(end)
        p.text(CRLF)

    p.label("short_table")                  # an action and the hand goes on
    header("short_board_end")
    p.jmp("status")

    p.label("e_table")
    p.label("table")
    header("board_end")
    for s in range(players):
        p.emit(I_SET, s, SET_SEAT_IMM)
        p.emit(I_CALL, 0, 0, "seat_line")
    p.label("status")
    p.load(P["to_act"])
    p.jeq(7, "no_turn")
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
    p.jeq(7, "no_winner")
    p.text("Game over, P")
    p.emit(I_NUM)
    p.text(" wins" + CRLF)
    p.jmp("refresh")
    p.label("no_winner")
    p.text("Press d to deal" + CRLF)

    p.label("refresh")
    p.load(P["to_act"])
    p.emit(I_LATCH, L_TO_ACT)
    p.emit(I_SET, 0, SET_SEAT_ACC)
    for addr, reg in ((P["stack"], L_STACK), (P["street_bet"], L_BET)):
        p.load(addr, M_SEAT)
        p.emit(I_LATCH, reg)
    for addr, reg in ((P["to_call"], L_CALL), (P["pot"], L_POT), (P["winners"], L_WINNERS),
                      (P["phase"], L_PHASE)):
        p.load(addr)
        p.emit(I_LATCH, reg)
    p.emit(I_END)

    # --- subroutines (one level: they call nothing)
    p.label("seat_line")
    p.text("P")
    p.emit(I_CHAR, ord("0"), M_SEAT)
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
    p.emit(I_JBIT, 2, 0, "seat_out")
    p.emit(I_JBIT, 0, 0, "seat_folded")
    p.emit(I_JBIT, 1, 0, "seat_allin")
    p.jmp("seat_end")
    p.label("seat_out")
    p.text(" out")
    p.jmp("seat_end")
    p.label("seat_folded")
    p.text(" folded")
    p.jmp("seat_end")
    p.label("seat_allin")
    p.text(" all-in")
    p.label("seat_end")
    p.text(CRLF)
    p.emit(I_RET)

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
    p.emit(I_CHAR, ord("0"), M_SEAT)
    p.text(" collects ")
    p.emit(I_NUM)
    p.text(CRLF)
    p.label("payout_end")
    p.emit(I_RET)

    p.label("shown_hand")                   # hands.describe
    p.load(P["word"], M_SEAT)
    p.jeq(0, "shown_end")
    p.text("P")
    p.emit(I_CHAR, ord("0"), M_SEAT)
    p.text(" ")
    p.load(P["hole"], M_SEAT2)
    p.emit(I_CARD)
    p.text(" ")
    p.load(P["hole"] + 1, M_SEAT2)
    p.emit(I_CARD)
    p.text(" ")

    def word_field(n):
        p.load(P["word"], M_SEAT)
        p.emit(I_FIELD, n)
    word_field(5)
    for cat, name in ((8, "d_sflush"), (7, "d_quads"), (6, "d_full"), (3, "d_trips"),
                      (2, "d_two"), (1, "d_pair")):
        p.jeq(cat, name)
    p.label("d_high")                       # high card, straight, flush: acc = category
    p.strix("category")
    p.text(", ")
    word_field(4)
    p.strix("rank")
    p.text(" high")
    p.jmp("shown_eol")
    p.label("d_sflush")
    word_field(4)
    p.jne(12, "d_sflush_low")
    p.text("Royal flush")
    p.jmp("shown_eol")
    p.label("d_sflush_low")
    word_field(5)
    p.jmp("d_high")
    for name, first, between in (("d_quads", "Four of a kind, ", None),
                                 ("d_full", "Full house, ", " full of "),
                                 ("d_trips", "Three of a kind, ", None),
                                 ("d_two", "Two pair, ", " and "),
                                 ("d_pair", "Pair of ", None)):
        p.label(name)
        p.text(first)
        word_field(4)
        p.strix("plural")
        if between:
            p.text(between)
            word_field(3)
            p.strix("plural")
        p.jmp("shown_eol")
    p.label("shown_eol")
    p.text(CRLF)
    p.label("shown_end")
    p.emit(I_RET)
    return p


@block
def holdem_ui(clk, rst, rxd, txd, sw, btn_act, btn_up, btn_down, btn_reveal, btn_deal,
              cmd_valid, cmd_ready, cmd_op, cmd_seat, cmd_action, cmd_amount,
              res_valid, res_code, log_valid, log_seat, log_action, log_put, log_total,
              log_allin, probe_addr, probe_data, ext_probe_addr, led, disp_value, busy,
              key_event, rules=Rules(), clk_hz=100_000_000, baud=115_200, tx_baud=None):
    """Terminal (UART) and panel interface of holdem_table (see the module docstring).

    rxd, txd: the serial lines (8N1 at baud; txd at tx_baud when given, so a test can draw the
        table at up to clk_hz / 2 while keys still arrive at a rate the receiver can sample).
    sw[16], btn_*: debounced switches and one-clock button press pulses.
    cmd_*, res_*, log_*, probe_*: to the holdem_table of the same parameters.
    ext_probe_addr[8]: drives the table's probe window while the UI is idle (busy low).
    led[16], disp_value[W]: LEDs and the number for the 7-segment display (module docstring).
    busy: the UI is answering a key or button (a key waits, a button press is ignored).
    key_event: one-clock pulse per key or button taken (entropy for the shuffler's rng).
    """
    players = rules.players
    w = rules.chip_bits
    max_amount = (1 << w) - 1
    num_width = max(16, w + 1)
    digits = len(str((1 << num_width) - 1))
    prog = program(players)
    words, tbits, chars, starts = prog.assemble()
    entry = {name: prog.labels[name] for name in prog.labels if name.startswith("e_")}
    PROG = tuple(words)
    CHARS = tuple(chars)
    STARTS = tuple(starts)
    pbits = max(1, (len(PROG) - 1).bit_length())
    cbits = max(1, (len(CHARS) - 1).bit_length())
    sbits = max(1, (len(STARTS) - 1).bit_length())
    assert pbits == tbits
    iwidth = 5 + 2 + 8 + tbits
    E_BOOT, E_UNKNOWN, E_BAD_NUMBER, E_ENTER, E_ACT, E_DEAL, E_NEW, E_DEAL_BUTTON, \
        E_ACT_BUTTON, E_HOLE, E_TABLE = (entry[n] for n in (
            "e_boot", "e_unknown", "e_bad_number", "e_enter", "e_act", "e_deal", "e_new",
            "e_deal_button", "e_act_button", "e_hole", "e_table"))
    K_F, K_K, K_C, K_A, K_B, K_R, K_D, K_N, K_H, K_T = (ord(k) for k in "fkcabrdnht")
    CR, LF, SPACE, ZERO, NINE = 13, 10, 32, ord("0"), ord("9")

    # UART
    rx_data, tx_data = Signal(intbv(0)[8:]), Signal(intbv(0)[8:])
    rx_valid, rx_ready, tx_valid, tx_ready = (Signal(bool(0)) for _ in range(4))
    framing_error, overrun = Signal(bool(0)), Signal(bool(0))
    receiver = uart_rx(clk, rst, rxd, rx_data, rx_valid, rx_ready, framing_error, overrun,
                       clk_hz=clk_hz, baud=baud)
    transmitter = uart_tx(clk, rst, tx_data, tx_valid, tx_ready, txd, clk_hz=clk_hz,
                          baud=tx_baud or baud)

    # number printing
    bcd_start, bcd_busy, bcd_done = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    num_value = Signal(intbv(0)[num_width:])
    bcd = Signal(intbv(0)[4 * digits:])
    converter = bin2bcd(clk, rst, bcd_start, num_value, bcd_busy, bcd_done, bcd,
                        width=num_width)

    t_state = enum("UI_IDLE", "UI_KEY", "UI_DIGIT1", "UI_DIGIT2", "UI_DIGIT3", "UI_ECHO",
                   "UI_FETCH", "UI_EXEC", "UI_LOAD1", "UI_LOAD2", "UI_STRI", "UI_STRF",
                   "UI_STRC", "UI_NUMW", "UI_NUMD", "UI_CARD2", "UI_CMDV", "UI_CMDR",
                   "UI_CMDS", "UI_JUMP")
    state = Signal(t_state.UI_FETCH)
    pc = Signal(intbv(E_BOOT, min=0, max=len(PROG)))
    ret = Signal(intbv(0, min=0, max=len(PROG)))
    instr, instr_d = Signal(intbv(0)[iwidth:]), Signal(intbv(0)[iwidth:])
    i_op, i_mode = Signal(intbv(0)[5:]), Signal(intbv(0)[2:])
    i_arg, i_target = Signal(intbv(0)[8:]), Signal(intbv(0)[tbits:])
    acc = Signal(intbv(0)[24:])
    seat = Signal(intbv(0)[3:])
    action = Signal(intbv(0)[3:])
    amount = Signal(intbv(0)[w:])
    product = Signal(intbv(0)[w + 4:])
    digit_value = Signal(intbv(0)[4:])
    number_mode, have_digit = Signal(bool(0)), Signal(bool(0))
    key = Signal(intbv(0)[8:])
    key_low, rx_low = Signal(intbv(0)[8:]), Signal(intbv(0)[8:])
    paddr = Signal(intbv(0)[8:])
    vdata = Signal(intbv(0)[24:])
    str_index = Signal(intbv(0)[sbits:])
    sp = Signal(intbv(0, min=0, max=len(CHARS)))
    char_q, char_d = Signal(intbv(0)[8:]), Signal(intbv(0)[8:])
    shifter = Signal(intbv(0)[4 * digits:])
    digits_left = Signal(intbv(0, min=0, max=digits + 1))
    started = Signal(bool(0))
    txd_q, txv_q = Signal(intbv(0)[8:]), Signal(bool(0))
    cmd_valid_q = Signal(bool(0))
    cmd_op_q = Signal(intbv(0)[2:])
    res_q = Signal(intbv(0)[4:])
    sw_q = Signal(intbv(0)[16:])
    jump = Signal(bool(0))          # the condition of a JEQ / JNE / JBIT, registered
    acc_is_arg, acc_is_seat, acc_match = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    amount8, amount2 = Signal(intbv(0)[w + 4:]), Signal(intbv(0)[w + 4:])
    key_event_q = Signal(bool(0))

    # log FIFO: {seat[3], action[3], allin, put[W], total[W]}
    lw = 7 + 2 * w
    log_mem = [Signal(intbv(0)[lw:]) for _ in range(LOG_DEPTH)]
    log_wr, log_rd = Signal(intbv(0)[2:]), Signal(intbv(0)[2:])
    log_count = Signal(intbv(0, min=0, max=LOG_DEPTH + 1))
    log_head = Signal(intbv(0)[lw:])
    log_in = Signal(intbv(0)[lw:])
    log_pop = Signal(bool(0))

    # display figures
    v_to_act = Signal(intbv(7)[3:])
    v_stack, v_bet, v_call, v_pot = (Signal(intbv(0)[w:]) for _ in range(4))
    v_winners = Signal(intbv(0)[4:])
    v_phase = Signal(intbv(0)[2:])
    view = Signal(intbv(0)[2:])
    led_q = Signal(intbv(0)[16:])
    disp_q = Signal(intbv(0)[w:])
    idle = Signal(bool(0))      # state == UI_IDLE, as a register of its own: it steers the
                                # probe address into the table's wide probe mux

    @always_comb
    def fields():
        i_op.next = instr[iwidth:iwidth - 5]
        i_mode.next = instr[iwidth - 5:iwidth - 7]
        i_arg.next = instr[iwidth - 7:tbits]
        i_target.next = instr[tbits:]

    @always_comb
    def compares():
        acc_is_arg.next = acc == i_arg
        acc_is_seat.next = acc == seat

    @always_comb
    def match():
        if i_mode == M_SEAT:
            acc_match.next = acc_is_seat
        else:
            acc_match.next = acc_is_arg

    @always_comb
    def times_ten_parts():
        amount8.next = concat(amount, intbv(0)[3:])
        amount2.next = concat(amount, intbv(0)[1:])

    @always_comb
    def lower():
        """Lower case of the received byte, registered with it (a shallower key decode)."""
        if rx_data >= ord("A") and rx_data <= ord("Z"):
            rx_low.next = rx_data | 0x20
        else:
            rx_low.next = rx_data

    @always_comb
    def log_fields():
        log_in.next = concat(log_seat, log_action, log_allin, log_put, log_total)
        log_head.next = log_mem[log_rd]

    @always_comb
    def ui_registers():
        """What LOAD reads above the table's probe window."""
        d = intbv(0)[24:]
        if paddr == V_LOG_SEAT:
            d[3:] = log_head[lw:lw - 3]
        elif paddr == V_LOG_ACTION:
            d[3:] = log_head[lw - 3:lw - 6]
        elif paddr == V_LOG_ALLIN:
            d[0] = log_head[2 * w]
        elif paddr == V_LOG_PUT:
            d[w:] = log_head[2 * w:w]
        elif paddr == V_LOG_TOTAL:
            d[w:] = log_head[w:]
        elif paddr == V_LOG_COUNT:
            d[3:] = log_count
        elif paddr == V_RES:
            d[4:] = res_q
        elif paddr == V_OP:
            d[2:] = cmd_op_q
        elif paddr == V_SW:
            d[16:] = sw_q
        elif paddr == V_AMOUNT:
            d[w:] = amount
        vdata.next = d

    # the ROMs are read combinationally and then registered, so a simulator looks them up
    # only when pc or sp changes (a clocked case statement costs Icarus a search every clock)
    @always_comb
    def program_rom():
        instr_d.next = PROG[int(pc)]

    @always_comb
    def char_rom():
        char_d.next = CHARS[int(sp)]

    @always_seq(clk.posedge, reset=rst)
    def roms():
        instr.next = instr_d
        char_q.next = char_d

    @always_seq(clk.posedge, reset=rst)
    def jump_condition():
        """A conditional jump decides a clock after UI_EXEC, from this register: the 24-bit
        compares and the 24-to-1 bit select would otherwise sit in front of the next-pc mux
        (ten LUT/MUXF levels)."""
        if i_op == I_JBIT:
            jump.next = acc[i_arg[5:]]
        elif i_op == I_JEQ:
            jump.next = acc_match
        else:
            jump.next = not acc_match

    @always_seq(clk.posedge, reset=rst)
    def log_fifo():
        if log_valid:
            log_mem[log_wr].next = log_in
            log_wr.next = (log_wr + 1) % LOG_DEPTH
        if log_pop:
            log_rd.next = (log_rd + 1) % LOG_DEPTH
        if log_valid and not log_pop:
            if log_count < LOG_DEPTH:
                log_count.next = log_count + 1
        elif log_pop and not log_valid:
            log_count.next = log_count - 1

    @always_seq(clk.posedge, reset=rst)
    def sequencer():
        bcd_start.next = 0
        log_pop.next = 0
        key_event_q.next = 0
        if txv_q and tx_ready:
            txv_q.next = 0
        if state == t_state.UI_IDLE:
            if rx_valid:
                key.next = rx_data
                key_low.next = rx_low
                key_event_q.next = 1
                idle.next = 0
                state.next = t_state.UI_KEY
            elif btn_act:
                sw_q.next = sw
                key_event_q.next = 1
                idle.next = 0
                if sw[15:w] != 0:
                    amount.next = max_amount
                else:
                    amount.next = sw[w:]
                pc.next = E_ACT_BUTTON
                state.next = t_state.UI_FETCH
            elif btn_deal:
                key_event_q.next = 1
                idle.next = 0
                pc.next = E_DEAL_BUTTON
                state.next = t_state.UI_FETCH
            elif btn_reveal:
                key_event_q.next = 1
                idle.next = 0
                pc.next = E_HOLE
                state.next = t_state.UI_FETCH
        elif state == t_state.UI_KEY:
            state.next = t_state.UI_FETCH
            if number_mode:
                if key_low >= ZERO and key_low <= NINE:
                    digit_value.next = key_low[4:]
                    product.next = amount8 + amount2
                    have_digit.next = 1
                    state.next = t_state.UI_DIGIT1
                elif (key_low == CR or key_low == LF) and have_digit:
                    number_mode.next = 0
                    pc.next = E_ENTER
                else:
                    number_mode.next = 0
                    pc.next = E_BAD_NUMBER
            elif key_low == K_F:
                action.next = FOLD
                pc.next = E_ACT
            elif key_low == K_K:
                action.next = CHECK
                pc.next = E_ACT
            elif key_low == K_C:
                action.next = CALL
                pc.next = E_ACT
            elif key_low == K_A:
                action.next = ALLIN
                pc.next = E_ACT
            elif key_low == K_B or key_low == K_R:
                if key_low == K_B:
                    action.next = BET
                else:
                    action.next = RAISE
                number_mode.next = 1
                have_digit.next = 0
                amount.next = 0
                state.next = t_state.UI_ECHO
            elif key_low == K_D:
                pc.next = E_DEAL
            elif key_low == K_N:
                pc.next = E_NEW
            elif key_low == K_H:
                pc.next = E_HOLE
            elif key_low == K_T:
                pc.next = E_TABLE
            elif key_low == CR or key_low == LF or key_low == SPACE:
                state.next = t_state.UI_IDLE
                idle.next = 1
            else:
                pc.next = E_UNKNOWN
        elif state == t_state.UI_DIGIT1:
            product.next = product + digit_value
            state.next = t_state.UI_DIGIT2
        elif state == t_state.UI_DIGIT2:
            if product[w + 4:w] != 0:
                amount.next = max_amount
            else:
                amount.next = product[w:]
            state.next = t_state.UI_ECHO
        elif state == t_state.UI_ECHO:
            if not txv_q:
                txd_q.next = key
                txv_q.next = 1
                state.next = t_state.UI_IDLE
                idle.next = 1
        elif state == t_state.UI_FETCH:
            state.next = t_state.UI_EXEC            # instr <= PROG[pc] at this edge
        elif state == t_state.UI_EXEC:
            if i_op == I_END:
                state.next = t_state.UI_IDLE
                idle.next = 1
            elif i_op == I_CHAR:
                if not txv_q:
                    if i_mode == M_SEAT:
                        txd_q.next = i_arg + seat
                    else:
                        txd_q.next = i_arg
                    txv_q.next = 1
                    pc.next = pc + 1
                    state.next = t_state.UI_FETCH
            elif i_op == I_STR:
                if i_mode == 1:
                    str_index.next = i_arg + acc[sbits:]
                else:
                    str_index.next = i_arg[sbits:]
                state.next = t_state.UI_STRI
            elif i_op == I_LOAD:
                if i_mode == M_SEAT:
                    paddr.next = i_arg + seat
                elif i_mode == M_SEAT2:
                    paddr.next = i_arg + concat(seat, False)
                else:
                    paddr.next = i_arg
                state.next = t_state.UI_LOAD1
            elif i_op == I_NUM:
                num_value.next = acc[num_width:]
                bcd_start.next = 1
                state.next = t_state.UI_NUMW
            elif i_op == I_CARD:
                if not txv_q:
                    txd_q.next = RANK_ASCII[int(acc[6:2])]
                    txv_q.next = 1
                    state.next = t_state.UI_CARD2
            elif i_op == I_JMP:
                pc.next = i_target
                state.next = t_state.UI_FETCH
            elif i_op == I_JBIT or i_op == I_JEQ or i_op == I_JNE:
                state.next = t_state.UI_JUMP        # jump <= its condition at this edge
            elif i_op == I_FIELD:
                if i_arg == 5:
                    acc.next = acc[24:20]
                elif i_arg == 4:
                    acc.next = acc[20:16]
                else:
                    acc.next = acc[16:12]
                pc.next = pc + 1
                state.next = t_state.UI_FETCH
            elif i_op == I_SET:
                if i_mode == SET_SEAT_IMM:
                    seat.next = i_arg[3:]
                elif i_mode == SET_SEAT_ACC:
                    seat.next = acc[3:]
                else:
                    action.next = i_arg[3:]
                pc.next = pc + 1
                state.next = t_state.UI_FETCH
            elif i_op == I_LATCH:
                if i_arg == L_TO_ACT:
                    v_to_act.next = acc[3:]
                elif i_arg == L_STACK:
                    v_stack.next = acc[w:]
                elif i_arg == L_BET:
                    v_bet.next = acc[w:]
                elif i_arg == L_CALL:
                    v_call.next = acc[w:]
                elif i_arg == L_POT:
                    v_pot.next = acc[w:]
                elif i_arg == L_WINNERS:
                    v_winners.next = acc[4:]
                else:
                    v_phase.next = acc[2:]
                pc.next = pc + 1
                state.next = t_state.UI_FETCH
            elif i_op == I_CMD:
                cmd_op_q.next = i_arg[2:]
                cmd_valid_q.next = 1
                state.next = t_state.UI_CMDV
            elif i_op == I_CALL:
                ret.next = pc + 1
                pc.next = i_target
                state.next = t_state.UI_FETCH
            elif i_op == I_RET:
                pc.next = ret
                state.next = t_state.UI_FETCH
            else:                                   # I_POPLOG
                log_pop.next = 1
                pc.next = pc + 1
                state.next = t_state.UI_FETCH
        elif state == t_state.UI_JUMP:
            if jump:
                pc.next = i_target
            else:
                pc.next = pc + 1
            state.next = t_state.UI_FETCH
        elif state == t_state.UI_LOAD1:
            state.next = t_state.UI_LOAD2           # the probe registers its data
        elif state == t_state.UI_LOAD2:
            if paddr[8:5] == 3:
                acc.next = vdata
            else:
                acc.next = probe_data
            pc.next = pc + 1
            state.next = t_state.UI_FETCH
        elif state == t_state.UI_STRI:
            sp.next = STARTS[int(str_index)]
            state.next = t_state.UI_STRF
        elif state == t_state.UI_STRF:
            state.next = t_state.UI_STRC            # char_q <= CHARS[sp] at this edge
        elif state == t_state.UI_STRC:
            if char_q == 0:
                pc.next = pc + 1
                state.next = t_state.UI_FETCH
            elif not txv_q:
                txd_q.next = char_q
                txv_q.next = 1
                sp.next = sp + 1
                state.next = t_state.UI_STRF
        elif state == t_state.UI_NUMW:
            if bcd_done:
                shifter.next = bcd
                digits_left.next = digits
                started.next = 0
                state.next = t_state.UI_NUMD
        elif state == t_state.UI_NUMD:
            if digits_left == 0:
                pc.next = pc + 1
                state.next = t_state.UI_FETCH
            elif shifter[4 * digits:4 * digits - 4] == 0 and not started and digits_left != 1:
                shifter.next = concat(shifter[4 * digits - 4:], intbv(0)[4:])
                digits_left.next = digits_left - 1
            elif not txv_q:
                txd_q.next = concat(intbv(3)[4:], shifter[4 * digits:4 * digits - 4])
                txv_q.next = 1
                started.next = 1
                shifter.next = concat(shifter[4 * digits - 4:], intbv(0)[4:])
                digits_left.next = digits_left - 1
        elif state == t_state.UI_CARD2:
            if not txv_q:
                txd_q.next = SUIT_ASCII[int(acc[2:])]
                txv_q.next = 1
                pc.next = pc + 1
                state.next = t_state.UI_FETCH
        elif state == t_state.UI_CMDV:
            if cmd_ready:
                cmd_valid_q.next = 0
                state.next = t_state.UI_CMDR
        elif state == t_state.UI_CMDR:
            if res_valid:
                res_q.next = res_code
                state.next = t_state.UI_CMDS
        else:                                       # UI_CMDS: wait until settled
            if cmd_ready:
                pc.next = pc + 1
                state.next = t_state.UI_FETCH

    @always_seq(clk.posedge, reset=rst)
    def panel():
        if btn_up:
            if view == 3:
                view.next = 0
            else:
                view.next = view + 1
        elif btn_down:
            if view == 0:
                view.next = 3
            else:
                view.next = view - 1
        if view == 0:
            disp_q.next = v_stack
        elif view == 1:
            disp_q.next = v_bet
        elif view == 2:
            disp_q.next = v_call
        else:
            disp_q.next = v_pot
        turn = intbv(0)[4:]
        if v_phase == 1:
            if v_to_act == 0:
                turn[0] = 1
            elif v_to_act == 1:
                turn[1] = 1
            elif v_to_act == 2:
                turn[2] = 1
            elif v_to_act == 3:
                turn[3] = 1
        shown = intbv(0)[4:]
        if v_phase != 1:
            shown[:] = v_winners
        views = intbv(0)[4:]
        if view == 0:
            views[0] = 1
        elif view == 1:
            views[1] = 1
        elif view == 2:
            views[2] = 1
        else:
            views[3] = 1
        over = intbv(0)[4:]
        if v_phase == 2:
            over[0] = 1
        led_q.next = concat(views, intbv(0)[3:], over[1:], shown, turn)

    @always_comb
    def outputs():
        rx_ready.next = state == t_state.UI_IDLE
        tx_data.next = txd_q
        tx_valid.next = txv_q
        cmd_valid.next = cmd_valid_q
        cmd_op.next = cmd_op_q
        cmd_seat.next = seat
        cmd_action.next = action
        cmd_amount.next = amount
        led.next = led_q
        disp_value.next = disp_q
        key_event.next = key_event_q

    @always_comb
    def probe_owner():
        busy.next = not idle
        if idle:
            probe_addr.next = ext_probe_addr
        else:
            probe_addr.next = paddr

    return instances()


def holdem_ui_ports(rules=Rules()):
    """Fresh signals for every port of holdem_ui (and the console top)."""
    w = rules.chip_bits

    def bit(v=0):
        return Signal(bool(v))

    def u(n):
        return Signal(intbv(0)[n:])
    return dict(clk=bit(), rst=ResetSignal(0, active=1, isasync=False), rxd=bit(1), txd=bit(1),
                sw=u(16), btn_act=bit(), btn_up=bit(), btn_down=bit(), btn_reveal=bit(),
                btn_deal=bit(), cmd_valid=bit(), cmd_ready=bit(), cmd_op=u(2), cmd_seat=u(3),
                cmd_action=u(3), cmd_amount=u(w), res_valid=bit(), res_code=u(4),
                log_valid=bit(), log_seat=u(3), log_action=u(3), log_put=u(w), log_total=u(w),
                log_allin=bit(), probe_addr=u(8), probe_data=u(24), ext_probe_addr=u(8),
                led=u(16), disp_value=u(w), busy=bit(), key_event=bit())


@block
def holdem_console(clk, rst, rxd, txd, sw, btn_act, btn_up, btn_down, btn_reveal, btn_deal,
                   s_axis_tdata, s_axis_tvalid, s_axis_tready, deck_request,
                   probe_addr, probe_data, led, disp_value, busy, key_event, hand_done,
                   game_over, rules=Rules(), clk_hz=100_000_000, baud=115_200, tx_baud=None):
    """holdem_ui and holdem_table together: the whole game but the deck source and the board.

    rxd/txd, sw, btn_*, led, disp_value, busy, key_event: as holdem_ui.
    s_axis_*, deck_request, hand_done, game_over: as holdem_table (a shuffler or a test feeds
        the deck).
    probe_addr[8] -> probe_data[24]: the table's probe window, one clock later, valid while
        busy is low (the UI reads the table through it while busy).
    """
    w = rules.chip_bits
    ui = holdem_ui_ports(rules)
    table_probe_addr = ui["probe_addr"]
    c = {k: ui[k] for k in ("cmd_valid", "cmd_ready", "cmd_op", "cmd_seat", "cmd_action",
                            "cmd_amount", "res_valid", "res_code", "log_valid", "log_seat",
                            "log_action", "log_put", "log_total", "log_allin")}
    assert len(c["cmd_amount"]) == w
    table = holdem_table(clk, rst, s_axis_tdata=s_axis_tdata, s_axis_tvalid=s_axis_tvalid,
                         s_axis_tready=s_axis_tready, deck_request=deck_request,
                         hand_done=hand_done, game_over=game_over,
                         probe_addr=table_probe_addr, probe_data=probe_data,
                         rules=rules, **c)
    face = holdem_ui(clk, rst, rxd, txd, sw, btn_act, btn_up, btn_down, btn_reveal, btn_deal,
                     probe_addr=table_probe_addr, probe_data=probe_data,
                     ext_probe_addr=probe_addr, led=led, disp_value=disp_value, busy=busy,
                     key_event=key_event, rules=rules, clk_hz=clk_hz, baud=baud,
                     tx_baud=tx_baud, **c)
    return instances()


def holdem_console_top(players=2, stack=1000, small_blind=5, big_blind=10,
                       clk_hz=100_000_000, baud=115_200, tx_baud=None):
    """holdem_console with fresh port signals, for conversion."""
    rules = Rules(players, stack, small_blind, big_blind)
    ports = holdem_ui_ports(rules)

    def bit():
        return Signal(bool(0))
    return holdem_console(
        clk=ports["clk"], rst=ports["rst"], rxd=ports["rxd"], txd=ports["txd"], sw=ports["sw"],
        btn_act=ports["btn_act"], btn_up=ports["btn_up"], btn_down=ports["btn_down"],
        btn_reveal=ports["btn_reveal"], btn_deal=ports["btn_deal"],
        s_axis_tdata=Signal(intbv(0)[6:]), s_axis_tvalid=bit(), s_axis_tready=bit(),
        deck_request=bit(), probe_addr=Signal(intbv(0)[8:]), probe_data=Signal(intbv(0)[24:]),
        led=ports["led"], disp_value=ports["disp_value"], busy=ports["busy"],
        key_event=ports["key_event"], hand_done=bit(), game_over=bit(), rules=rules,
        clk_hz=clk_hz, baud=baud, tx_baud=tx_baud)
