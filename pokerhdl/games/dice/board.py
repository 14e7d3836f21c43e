"""7 up 7 down behind a board panel: the table (table.py), its fair dice (rtl/dice.py) from a
generator that mixes in the tick count at every key and button the terminal takes, the terminal
(golden/dice/terminal.py's text) and the panel. The board shell puts it on any board with five
buttons, 8 switches, 16 LEDs, a 7-segment display and a USB-UART (the Basys3: basys3_dice).

Controls: SW[6:0] the bid, SW7 the guess (up); center bids, throws once both bids are in, or
starts a new game once it is over; left shows the table on the terminal; right starts a new
game; up / down cycle the display through P1's purse, P2's purse, the pool, P1's bid, P2's bid
and the dice ("35": a 3 and a 5). LEDs (golden/dice/contract.py): 0..1 whose turn to bid (both:
throw), 2..3 the guesses (lit: up), 4..5 the winner (both: a draw), 10..15 the view.
"""

from myhdl import block, always_seq, always_comb, concat, enum, Signal, intbv, instances

from ...golden.dice.game import DRAW, PHASE_BID, PHASE_THROW, Rules
from ...golden.dice.contract import (AMOUNT_BITS, BID_SWITCHES, DIE_BITS, LED_GUESS, LED_TURN,
                                     LED_VIEW, LED_WINNER, LEDS, OP_BITS, PANEL_SWITCHES,
                                     RESULT_BITS, VIEW_BITS, VIEWS, WINDOW_BITS, window_bits)
from ...golden.dice.terminal import BUTTONS, KEYS
from ...rtl.dice import fair_dice
from ...rtl.drive import drive
from ...rtl.rng import rng
from ...rtl.terminal.terminal import TerminalBus, terminal
from .table import dice_table
from .program import program
from ..panel import BUTTONS as POSITIONS, Panel

ENTRY_BUTTONS = ("center", "left", "right")     # the terminal's buttons, in press-bit order
VIEW_LEDS = tuple(1 << v for v in range(len(VIEWS)))
assert (LED_TURN, LED_GUESS, LED_WINNER) == (0, 2, 4) and LED_VIEW + len(VIEWS) == LEDS


def dice_panel(baud=115_200, tx_baud=None, **rules):
    """What the game asks of a board: the five buttons, 8 switches, 16 LEDs, a number of up to
    the total units on the display, and the terminal."""
    return Panel(buttons=POSITIONS, switches=PANEL_SWITCHES, leds=LEDS,
                 figure_bits=window_bits(Rules(**rules)), serial=True)


@block
def dice_board(clk, rst, io, clk_hz, baud=115_200, tx_baud=None, **rules):
    """The whole game behind a PanelIO (pokerhdl.games.panel): io.press bits are center, up,
    left, right, down. rules: golden dice.Rules's fields."""
    rules = Rules(**rules)
    u = window_bits(rules)
    bus = TerminalBus(data_bits=u, value_bits=1, number_bits=AMOUNT_BITS)
    press = Signal(intbv(0)[len(ENTRY_BUTTONS):])
    at_center, at_left, at_right = (POSITIONS.index(b) for b in ENTRY_BUTTONS)
    at_up, at_down = POSITIONS.index("up"), POSITIONS.index("down")
    engine = terminal(clk, rst, io.rxd, io.txd, press, io.sw, bus, program(), KEYS,
                      tuple(BUTTONS[b] for b in ENTRY_BUTTONS), number_switches=BID_SWITCHES,
                      print_bits=u, clk_hz=clk_hz, baud=baud, tx_baud=tx_baud)

    # the table, commanded by the program's OUT ops
    cmd_valid, cmd_ready, cmd_up = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    cmd_op = Signal(intbv(0)[OP_BITS:])
    res_valid = Signal(bool(0))
    res_code = Signal(intbv(0)[RESULT_BITS:])
    probe_addr = Signal(intbv(0)[WINDOW_BITS:])
    view = Signal(intbv(0)[VIEW_BITS:])            # the figure shown (contract VIEWS)
    view_data = Signal(intbv(0)[u:])
    phase, ups, winner = Signal(intbv(0)[2:]), Signal(intbv(0)[2:]), Signal(intbv(0)[2:])
    bidder = Signal(bool(0))
    dice_request, dice_valid, dice_ready = (Signal(bool(0)) for _ in range(3))
    dice_data = Signal(intbv(0)[2 * DIE_BITS:])
    table = dice_table(clk, rst, cmd_valid, cmd_ready, cmd_op, bus.number, cmd_up,
                       dice_request, dice_data, dice_valid, dice_ready, res_valid, res_code,
                       probe_addr, bus.data, view, view_data, phase, bidder, ups, winner,
                       rules=rules)

    # the dice: the generator takes the tick count at every key or button the terminal takes
    word = Signal(intbv(0)[32:])
    advance, seed_load = Signal(bool(0)), Signal(bool(0))
    seed = Signal(intbv(0)[128:])
    generator = rng(clk, rst, seed, seed_load, io.ticks, io.stir, advance, word)
    roller = fair_dice(clk, rst, word, advance, dice_request, dice_data, dice_valid, dice_ready)

    c_state = enum("C_IDLE", "C_OFFER", "C_WAIT")
    command = Signal(c_state.C_IDLE)
    ack = Signal(bool(0))
    led_q = Signal(intbv(0)[LEDS:])
    view_led = Signal(intbv(0)[LEDS - LED_VIEW:])

    @always_comb
    def wiring():
        press.next = concat(io.press[at_right], io.press[at_left], io.press[at_center])
        probe_addr.next = bus.addr[WINDOW_BITS:]
        cmd_up.next = bus.value[0]
        io.stir.next = bus.key_event
        io.figure.next = view_data
        io.led.next = led_q

    @always_seq(clk.posedge, reset=rst)
    def out_ops():
        """An OUT op is a table command: offered, then acknowledged with its answer."""
        ack.next = 0
        if command == c_state.C_IDLE:
            if bus.out_valid:
                cmd_op.next = bus.out_op[OP_BITS:]
                cmd_valid.next = 1
                command.next = c_state.C_OFFER
        elif command == c_state.C_OFFER:
            if cmd_ready:
                cmd_valid.next = 0
                command.next = c_state.C_WAIT
        elif res_valid:
            ack.next = 1
            command.next = c_state.C_IDLE

    @always_seq(clk.posedge, reset=rst)
    def panel():
        if io.press[at_up]:
            if view == len(VIEWS) - 1:
                view.next = 0
            else:
                view.next = view + 1
        elif io.press[at_down]:
            if view == 0:
                view.next = len(VIEWS) - 1
            else:
                view.next = view - 1
        turn = intbv(0)[2:]
        if phase == PHASE_THROW:
            turn[:] = 3
        elif phase == PHASE_BID and bidder:
            turn[1] = 1
        elif phase == PHASE_BID:
            turn[0] = 1
        won = intbv(0)[2:]
        if winner == DRAW:
            won[:] = 3
        elif winner == 1:
            won[1] = 1
        elif winner == 0:
            won[0] = 1
        led_q.next = concat(view_led, intbv(0)[LED_VIEW - LED_WINNER - 2:], won, ups, turn)

    @always_comb
    def view_lamp():
        view_led.next = VIEW_LEDS[int(view)]

    plugs = [drive(bus.out_ack, ack)]
    return instances()
