"""Terminal and panel user interface of the Hold'em table (contract section 2).

The UART text is exactly pokerhdl/golden/holdem/terminal.py's (read it for the keys, the text
and the panel mapping); tests compare the TX bytes with it.

How: the terminal engine (pokerhdl.rtl.terminal.terminal: UART, keys, buttons, number entry and a small
sequencer) runs Hold'em's program (holdem/program.py) from the golden key and button tables.
This module plugs Hold'em into it: the window (the table's probe map and the UI's registers
above it: the command's result and a FIFO of the command's log entries), the OUT ops (the
table's commands, the display latches, popping a log entry), the card printer, and the panel.
While idle the probe window belongs to ext_probe_addr. Each is a named part, the only writer
of its registers: ui_commands (the OUT ops and the table command), ui_latches (Latched v),
ui_log (LogFifo log), ui_window (what LOAD reads, the printer) and ui_panel.

Panel: btn_act (the center button) acts (golden holdem_terminal); btn_deal (right): deal, or
new game once the game is over; btn_reveal (left): as h. btn_up / btn_down cycle the 7-segment
view: 0 stack, 1 street bet, 2 to call (of the seat to act), 3 pot. LEDs: led[3:0] the seat to
act (one-hot), led[7:4] the winners of the last hand (while no hand is on), led[8] game over,
led[15:12] the view (one-hot).
"""

from myhdl import (block, always_seq, always_comb, concat, enum, Signal, ResetSignal, intbv,
                   instances)

from ...golden.hands import WORD_BITS
from ...golden.holdem.table import PHASE_BETTING, PHASE_GAME_OVER
from ...golden.holdem.contract import Rules
from ...golden.holdem.terminal import BUTTONS, KEYS, PANEL_SWITCHES, HoldemTerminal
from ...rtl.cards import RANK_ASCII, SUIT_ASCII
from ...rtl.drive import drive
from ...rtl.terminal.terminal import TerminalBus, terminal, two_glyph_printer
from .table import TableBus, holdem_table
from .program import (L_BET, L_CALL, L_POT, L_STACK, L_TO_ACT, L_WINNERS, OUT_LATCH, OUT_POPLOG,
                      V_BASE, V_LOG_ACTION, V_LOG_ALLIN, V_LOG_COUNT, V_LOG_PUT, V_LOG_SEAT,
                      V_LOG_TOTAL, V_OP, V_RES, program)

LOG_DEPTH = 4           # a command logs at most 2 entries (the blinds of a deal)
# the terminal's buttons, in priority order: holdem_ui's btn_act, btn_deal, btn_reveal
ENTRY_BUTTONS = ("center", "right", "left")
VIEWS = 4               # stack, street bet, to call, pot


class Latched:
    """The display latches, written by ui_latches only: to_act, stack, bet, call, pot (of the
    seat to act), winners (of the last hand), phase; the terminal program latches them with OUT
    ops after every command."""

    def __init__(self, w):
        self.to_act = Signal(intbv(7)[3:])
        self.stack, self.bet, self.call, self.pot = (Signal(intbv(0)[w:]) for _ in range(4))
        self.winners = Signal(intbv(0)[4:])
        self.phase = Signal(intbv(0)[2:])


class LogFifo:
    """The FIFO of the table's log entries, written by ui_log only: head (the oldest entry,
    {seat[3], action[3], allin, put[W], total[W]}), count (the entries in it)."""

    def __init__(self, w):
        self.head = Signal(intbv(0)[7 + 2 * w:])
        self.count = Signal(intbv(0, min=0, max=LOG_DEPTH + 1))


@block(skipname=True)
def ui_commands(clk, rst, bus, table, command, c_state, ack, cmd_valid_q, cmd_op_q, res_q,
                log_pop):
    """The program's OUT ops (bus: terminal.TerminalBus), written here only: command (a
    c_state step), cmd_valid_q and cmd_op_q (a table command offered), res_q (its result
    kept), ack (the op is done: at once for a latch or a pop, when the table is ready again
    for a command), log_pop (a one-clock pulse: the log's head is taken). table: the
    TableBus."""

    @always_seq(clk.posedge, reset=rst)
    def out_ops():
        ack.next = 0
        log_pop.next = 0
        if command == c_state.HC_IDLE:
            if bus.out_valid:
                if bus.out_op >= OUT_LATCH:
                    ack.next = 1                    # a display latch (ui_latches)
                elif bus.out_op == OUT_POPLOG:
                    log_pop.next = 1
                    ack.next = 1
                else:
                    cmd_op_q.next = bus.out_op[2:]
                    cmd_valid_q.next = 1
                    command.next = c_state.HC_OFFER
        elif command == c_state.HC_OFFER:
            if table.cmd_ready:
                cmd_valid_q.next = 0
                command.next = c_state.HC_RESULT
        elif command == c_state.HC_RESULT:
            if table.res_valid:
                res_q.next = table.res_code
                command.next = c_state.HC_SETTLE
        else:                                       # HC_SETTLE: wait until settled
            if table.cmd_ready:
                ack.next = 1
                command.next = c_state.HC_IDLE

    return out_ops


@block(skipname=True)
def ui_latches(clk, rst, bus, command, c_state, v):
    """v (Latched): bus.acc latched by an OUT op at or above OUT_LATCH, taken while command is
    HC_IDLE (ui_commands acknowledges it)."""
    w = len(v.stack)

    @always_seq(clk.posedge, reset=rst)
    def latch():
        if command == c_state.HC_IDLE and bus.out_valid and bus.out_op >= OUT_LATCH:
            if bus.out_op == OUT_LATCH + L_TO_ACT:
                v.to_act.next = bus.acc[3:]
            elif bus.out_op == OUT_LATCH + L_STACK:
                v.stack.next = bus.acc[w:]
            elif bus.out_op == OUT_LATCH + L_BET:
                v.bet.next = bus.acc[w:]
            elif bus.out_op == OUT_LATCH + L_CALL:
                v.call.next = bus.acc[w:]
            elif bus.out_op == OUT_LATCH + L_POT:
                v.pot.next = bus.acc[w:]
            elif bus.out_op == OUT_LATCH + L_WINNERS:
                v.winners.next = bus.acc[4:]
            else:
                v.phase.next = bus.acc[2:]

    return latch


@block(skipname=True)
def ui_log(clk, rst, table, log_pop, log):
    """log (LogFifo): the table's log entries (table.log_*, taken on log_valid) kept until the
    program pops them (log_pop)."""
    lw = len(log.head)
    log_mem = [Signal(intbv(0)[lw:]) for _ in range(LOG_DEPTH)]
    log_wr, log_rd = Signal(intbv(0)[2:]), Signal(intbv(0)[2:])
    log_in = Signal(intbv(0)[lw:])

    @always_comb
    def log_fields():
        log_in.next = concat(table.log_seat, table.log_action, table.log_allin, table.log_put,
                             table.log_total)
        log.head.next = log_mem[log_rd]

    @always_seq(clk.posedge, reset=rst)
    def log_fifo():
        if table.log_valid:
            log_mem[log_wr].next = log_in
            log_wr.next = (log_wr + 1) % LOG_DEPTH
        if log_pop:
            log_rd.next = (log_rd + 1) % LOG_DEPTH
        if table.log_valid and not log_pop:
            if log.count < LOG_DEPTH:
                log.count.next = log.count + 1
        elif log_pop and not table.log_valid:
            log.count.next = log.count - 1

    return log_fields, log_fifo


@block(skipname=True)
def ui_window(bus, table, log, res_q, cmd_op_q):
    """What LOAD reads (bus.data, written here only): the table's probe data (registered
    there) below V_BASE, the UI's registers above it (the log's head and count, the command's
    op and result); and the program's one printer, a card's rank and suit from bus.acc."""
    w = len(table.log_put)
    lw = len(log.head)
    vdata = Signal(intbv(0)[WORD_BITS:])
    rank_char, suit_char = Signal(intbv(0)[8:]), Signal(intbv(0)[8:])

    @always_comb
    def ui_registers():
        """What LOAD reads above the table's probe window."""
        d = intbv(0)[WORD_BITS:]
        if bus.addr == V_LOG_SEAT:
            d[3:] = log.head[lw:lw - 3]
        elif bus.addr == V_LOG_ACTION:
            d[3:] = log.head[lw - 3:lw - 6]
        elif bus.addr == V_LOG_ALLIN:
            d[0] = log.head[2 * w]
        elif bus.addr == V_LOG_PUT:
            d[w:] = log.head[2 * w:w]
        elif bus.addr == V_LOG_TOTAL:
            d[w:] = log.head[w:]
        elif bus.addr == V_LOG_COUNT:
            d[3:] = log.count
        elif bus.addr == V_RES:
            d[4:] = res_q
        elif bus.addr == V_OP:
            d[2:] = cmd_op_q
        vdata.next = d

    @always_comb
    def window():
        """The table's probe data (registered there), or the UI's registers above it."""
        if bus.addr >= V_BASE:
            bus.data.next = vdata
        else:
            bus.data.next = table.probe_data

    @always_comb
    def card_chars():
        rank_char.next = RANK_ASCII[int(bus.acc[6:2])]

    @always_comb
    def suit_chars():
        suit_char.next = SUIT_ASCII[int(bus.acc[2:])]

    card_printer = two_glyph_printer(bus, rank_char, suit_char)     # the program's one printer

    return ui_registers, window, card_chars, suit_chars, card_printer


@block(skipname=True)
def ui_panel(clk, rst, btn_up, btn_down, v, led_q, disp_q):
    """The panel (module docstring), written here only: view (btn_up, btn_down cycle it),
    disp_q (the figure of v shown), led_q (the seat to act, the winners, game over, the
    view)."""
    view = Signal(intbv(0)[2:])

    @always_seq(clk.posedge, reset=rst)
    def panel():
        if btn_up:
            if view == VIEWS - 1:
                view.next = 0
            else:
                view.next = view + 1
        elif btn_down:
            if view == 0:
                view.next = VIEWS - 1
            else:
                view.next = view - 1
        if view == 0:
            disp_q.next = v.stack
        elif view == 1:
            disp_q.next = v.bet
        elif view == 2:
            disp_q.next = v.call
        else:
            disp_q.next = v.pot
        turn = intbv(0)[4:]
        if v.phase == PHASE_BETTING:
            if v.to_act == 0:
                turn[0] = 1
            elif v.to_act == 1:
                turn[1] = 1
            elif v.to_act == 2:
                turn[2] = 1
            elif v.to_act == 3:
                turn[3] = 1
        shown = intbv(0)[4:]
        if v.phase != PHASE_BETTING:
            shown[:] = v.winners
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
        if v.phase == PHASE_GAME_OVER:
            over[0] = 1
        led_q.next = concat(views, intbv(0)[3:], over[1:], shown, turn)

    return panel


@block
def holdem_ui(clk, rst, rxd, txd, sw, btn_act, btn_up, btn_down, btn_reveal, btn_deal, table,
              ext_probe_addr, led, disp_value, busy, key_event, rules=Rules(),
              clk_hz=100_000_000, baud=115_200, tx_baud=None):
    """Terminal (UART) and panel interface of holdem_table (see the module docstring).

    rxd, txd: the serial lines (pokerhdl.rtl.terminal.terminal: baud, tx_baud).
    sw[16], btn_*: debounced switches and one-clock button press pulses.
    table: a TableBus to the holdem_table of the same rules (its commands, log and probe).
    ext_probe_addr[8]: drives the table's probe window while the UI is idle (busy low).
    led[16], disp_value[W]: LEDs and the number for the 7-segment display (module docstring).
    busy: the UI is answering a key or button (a key waits, a button press is ignored).
    key_event: one-clock pulse per key or button taken (entropy for the shuffler's rng).
    """
    w = rules.chip_bits
    bus = TerminalBus(data_bits=WORD_BITS, value_bits=len(table.cmd_action), number_bits=w)
    press = Signal(intbv(0)[len(ENTRY_BUTTONS):])
    engine = terminal(clk, rst, rxd, txd, press, sw, bus, program(rules.players), KEYS,
                      tuple(BUTTONS[b] for b in ENTRY_BUTTONS),
                      number_switches=HoldemTerminal.NUMBER_SWITCHES, print_bits=max(16, w + 1),
                      clk_hz=clk_hz, baud=baud, tx_baud=tx_baud)
    assert len(sw) == PANEL_SWITCHES

    c_state = enum("HC_IDLE", "HC_OFFER", "HC_RESULT", "HC_SETTLE")
    command = Signal(c_state.HC_IDLE)
    ack = Signal(bool(0))
    cmd_valid_q = Signal(bool(0))
    cmd_op_q = Signal(intbv(0)[len(table.cmd_op):])
    res_q = Signal(intbv(0)[len(table.res_code):])
    log_pop = Signal(bool(0))
    v, log = Latched(w), LogFifo(w)
    led_q = Signal(intbv(0)[16:])
    disp_q = Signal(intbv(0)[w:])

    commands = ui_commands(clk, rst, bus, table, command, c_state, ack, cmd_valid_q, cmd_op_q,
                           res_q, log_pop)
    latches = ui_latches(clk, rst, bus, command, c_state, v)
    fifo = ui_log(clk, rst, table, log_pop, log)
    loads = ui_window(bus, table, log, res_q, cmd_op_q)
    buttons_leds = ui_panel(clk, rst, btn_up, btn_down, v, led_q, disp_q)

    @always_comb
    def entry_buttons():
        press.next = concat(btn_reveal, btn_deal, btn_act)

    @always_comb
    def probe_owner():
        if bus.busy:
            table.probe_addr.next = bus.addr
        else:
            table.probe_addr.next = ext_probe_addr

    forwards = [drive(bus.out_ack, ack), drive(table.cmd_valid, cmd_valid_q),
                drive(table.cmd_op, cmd_op_q), drive(table.cmd_seat, bus.seat),
                drive(table.cmd_action, bus.value), drive(table.cmd_amount, bus.number),
                drive(led, led_q), drive(disp_value, disp_q), drive(busy, bus.busy),
                drive(key_event, bus.key_event)]
    return instances()


def console_ports(rules=Rules()):
    """Fresh signals for every port of holdem_console."""
    def bit(v=0):
        return Signal(bool(v))

    def u(n):
        return Signal(intbv(0)[n:])
    return dict(clk=bit(), rst=ResetSignal(0, active=1, isasync=False), rxd=bit(1), txd=bit(1),
                sw=u(PANEL_SWITCHES), btn_act=bit(), btn_up=bit(), btn_down=bit(),
                btn_reveal=bit(), btn_deal=bit(), s_axis_tdata=u(6), s_axis_tvalid=bit(),
                s_axis_tready=bit(), deck_request=bit(), probe_addr=u(8),
                probe_data=u(WORD_BITS), led=u(16), disp_value=u(rules.chip_bits), busy=bit(),
                key_event=bit(), hand_done=bit(), game_over=bit())


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
    bus = TableBus(rules)
    bus.probe_data = probe_data
    table = holdem_table(clk, rst, s_axis_tdata=s_axis_tdata, s_axis_tvalid=s_axis_tvalid,
                         s_axis_tready=s_axis_tready, deck_request=deck_request,
                         hand_done=hand_done, game_over=game_over, rules=rules, **bus.ports())
    face = holdem_ui(clk, rst, rxd, txd, sw, btn_act, btn_up, btn_down, btn_reveal, btn_deal,
                     bus, ext_probe_addr=probe_addr, led=led, disp_value=disp_value, busy=busy,
                     key_event=key_event, rules=rules, clk_hz=clk_hz, baud=baud,
                     tx_baud=tx_baud)
    return instances()


def holdem_console_top(players=2, stack=1000, small_blind=5, big_blind=10,
                       clk_hz=100_000_000, baud=115_200, tx_baud=None):
    """holdem_console with fresh port signals, for conversion."""
    rules = Rules(players, stack, small_blind, big_blind)
    return holdem_console(rules=rules, clk_hz=clk_hz, baud=baud, tx_baud=tx_baud,
                          **console_ports(rules))
