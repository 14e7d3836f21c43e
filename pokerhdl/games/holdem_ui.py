"""Terminal and panel user interface of the Hold'em table (contract section 2).

The UART text is exactly pokerhdl/golden/holdem_terminal.py's (read it for the keys, the text
and the panel mapping); tests compare the TX bytes with it.

How: the terminal engine (pokerhdl.rtl.terminal: UART, keys, buttons, number entry and a small
sequencer) runs Hold'em's program (holdem_program.py) from the golden key and button tables.
This module plugs Hold'em into it: the window (the table's probe map and the UI's registers
above it: the command's result and a FIFO of the command's log entries), the OUT ops (the
table's commands, the display latches, popping a log entry), the card printer, and the panel.
While idle the probe window belongs to ext_probe_addr.

Panel: btn_act (the center button) acts (golden holdem_terminal); btn_deal (right): deal, or
new game once the game is over; btn_reveal (left): as h. btn_up / btn_down cycle the 7-segment
view: 0 stack, 1 street bet, 2 to call (of the seat to act), 3 pot. LEDs: led[3:0] the seat to
act (one-hot), led[7:4] the winners of the last hand (while no hand is on), led[8] game over,
led[15:12] the view (one-hot).
"""

from myhdl import (block, always_seq, always_comb, concat, enum, Signal, ResetSignal, intbv,
                   instances)

from ..golden.hands import WORD_BITS
from ..golden.holdem import PHASE_BETTING, PHASE_GAME_OVER
from ..golden.holdem_contract import Rules
from ..golden.holdem_terminal import BUTTONS, KEYS, PANEL_SWITCHES, HoldemTerminal
from ..rtl.cards import RANK_ASCII, SUIT_ASCII
from ..rtl.drive import drive
from ..rtl.terminal import TerminalBus, terminal, two_glyph_printer
from .holdem import TableBus, holdem_table
from .holdem_program import (L_BET, L_CALL, L_POT, L_STACK, L_TO_ACT, L_WINNERS, OUT_LATCH,
                             OUT_POPLOG, V_BASE, V_LOG_ACTION, V_LOG_ALLIN, V_LOG_COUNT,
                             V_LOG_PUT, V_LOG_SEAT, V_LOG_TOTAL, V_OP, V_RES, program)

LOG_DEPTH = 4           # a command logs at most 2 entries (the blinds of a deal)
# the terminal's buttons, in priority order: holdem_ui's btn_act, btn_deal, btn_reveal
ENTRY_BUTTONS = ("center", "right", "left")
VIEWS = 4               # stack, street bet, to call, pot


@block
def holdem_ui(clk, rst, rxd, txd, sw, btn_act, btn_up, btn_down, btn_reveal, btn_deal, table,
              ext_probe_addr, led, disp_value, busy, key_event, rules=Rules(),
              clk_hz=100_000_000, baud=115_200, tx_baud=None):
    """Terminal (UART) and panel interface of holdem_table (see the module docstring).

    rxd, txd: the serial lines (pokerhdl.rtl.terminal: baud, tx_baud).
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
    rank_char, suit_char = Signal(intbv(0)[8:]), Signal(intbv(0)[8:])

    # log FIFO: {seat[3], action[3], allin, put[W], total[W]}
    lw = 7 + 2 * w
    log_mem = [Signal(intbv(0)[lw:]) for _ in range(LOG_DEPTH)]
    log_wr, log_rd = Signal(intbv(0)[2:]), Signal(intbv(0)[2:])
    log_count = Signal(intbv(0, min=0, max=LOG_DEPTH + 1))
    log_head = Signal(intbv(0)[lw:])
    log_in = Signal(intbv(0)[lw:])
    log_pop = Signal(bool(0))
    vdata = Signal(intbv(0)[WORD_BITS:])

    # display figures
    v_to_act = Signal(intbv(7)[3:])
    v_stack, v_bet, v_call, v_pot = (Signal(intbv(0)[w:]) for _ in range(4))
    v_winners = Signal(intbv(0)[4:])
    v_phase = Signal(intbv(0)[2:])
    view = Signal(intbv(0)[2:])
    led_q = Signal(intbv(0)[16:])
    disp_q = Signal(intbv(0)[w:])

    @always_comb
    def entry_buttons():
        press.next = concat(btn_reveal, btn_deal, btn_act)

    @always_comb
    def log_fields():
        log_in.next = concat(table.log_seat, table.log_action, table.log_allin, table.log_put,
                             table.log_total)
        log_head.next = log_mem[log_rd]

    @always_comb
    def ui_registers():
        """What LOAD reads above the table's probe window."""
        d = intbv(0)[WORD_BITS:]
        if bus.addr == V_LOG_SEAT:
            d[3:] = log_head[lw:lw - 3]
        elif bus.addr == V_LOG_ACTION:
            d[3:] = log_head[lw - 3:lw - 6]
        elif bus.addr == V_LOG_ALLIN:
            d[0] = log_head[2 * w]
        elif bus.addr == V_LOG_PUT:
            d[w:] = log_head[2 * w:w]
        elif bus.addr == V_LOG_TOTAL:
            d[w:] = log_head[w:]
        elif bus.addr == V_LOG_COUNT:
            d[3:] = log_count
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

    @always_seq(clk.posedge, reset=rst)
    def out_ops():
        """The program's OUT ops: a table command (offered, its result kept, then waited on
        until the table is ready again), a display latch, popping a log entry."""
        ack.next = 0
        log_pop.next = 0
        if command == c_state.HC_IDLE:
            if bus.out_valid:
                if bus.out_op >= OUT_LATCH:
                    if bus.out_op == OUT_LATCH + L_TO_ACT:
                        v_to_act.next = bus.acc[3:]
                    elif bus.out_op == OUT_LATCH + L_STACK:
                        v_stack.next = bus.acc[w:]
                    elif bus.out_op == OUT_LATCH + L_BET:
                        v_bet.next = bus.acc[w:]
                    elif bus.out_op == OUT_LATCH + L_CALL:
                        v_call.next = bus.acc[w:]
                    elif bus.out_op == OUT_LATCH + L_POT:
                        v_pot.next = bus.acc[w:]
                    elif bus.out_op == OUT_LATCH + L_WINNERS:
                        v_winners.next = bus.acc[4:]
                    else:
                        v_phase.next = bus.acc[2:]
                    ack.next = 1
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

    @always_seq(clk.posedge, reset=rst)
    def log_fifo():
        if table.log_valid:
            log_mem[log_wr].next = log_in
            log_wr.next = (log_wr + 1) % LOG_DEPTH
        if log_pop:
            log_rd.next = (log_rd + 1) % LOG_DEPTH
        if table.log_valid and not log_pop:
            if log_count < LOG_DEPTH:
                log_count.next = log_count + 1
        elif log_pop and not table.log_valid:
            log_count.next = log_count - 1

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
            disp_q.next = v_stack
        elif view == 1:
            disp_q.next = v_bet
        elif view == 2:
            disp_q.next = v_call
        else:
            disp_q.next = v_pot
        turn = intbv(0)[4:]
        if v_phase == PHASE_BETTING:
            if v_to_act == 0:
                turn[0] = 1
            elif v_to_act == 1:
                turn[1] = 1
            elif v_to_act == 2:
                turn[2] = 1
            elif v_to_act == 3:
                turn[3] = 1
        shown = intbv(0)[4:]
        if v_phase != PHASE_BETTING:
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
        if v_phase == PHASE_GAME_OVER:
            over[0] = 1
        led_q.next = concat(views, intbv(0)[3:], over[1:], shown, turn)

    @always_comb
    def probe_owner():
        if bus.busy:
            table.probe_addr.next = bus.addr
        else:
            table.probe_addr.next = ext_probe_addr

    forwards = [drive(bus.out_ack, ack), drive(table.cmd_valid, cmd_valid_q),
                drive(table.cmd_op, cmd_op_q), drive(table.cmd_seat, bus.seat), drive(table.cmd_action, bus.value),
                drive(table.cmd_amount, bus.number), drive(led, led_q),
                drive(disp_value, disp_q), drive(busy, bus.busy),
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
