"""Texas Hold'em behind a board panel: the console (table, terminal, panel) and its deck, a
shuffler. The board shell (pokerhdl.boards.shell) puts it on any board with five buttons, 16
switches, 16 LEDs, a 7-segment display and a USB-UART.

Controls (holdem_ui module docstring, golden holdem_terminal): the center button acts (the top
switch up: fold; else the other switches = 0: check or call, > 0: bet or raise to that
amount), up / down cycle the display (stack, street bet, to call of the seat to act, pot;
LED12..15 say which), left shows the acting seat's cards on the terminal, right deals (a new
game after game over). LED0..3: whose turn; LED4..7: the winners of the last hand; LED8: game
over. The terminal: 115200 8N1.

The deck: on every deal the shuffler deals 2 * players + 5 cards (a partial Fisher-Yates); the
table takes the 2k + 5 it needs (k live seats) and the rest are drained. The shuffler's rng takes
the shell's free-running tick count as entropy at every key and button press (io.stir), so the
deals depend on human timing.
"""

from myhdl import block, always_seq, always_comb, Signal, intbv, instances

from ...golden.holdem.contract import Rules
from ...golden.holdem.terminal import PANEL_SWITCHES
from ...rtl.shuffler.shuffler import shuffler
from .ui import holdem_console
from ..panel import BUTTONS, Panel

LEDS = 16


def deal_count(players):
    """Cards the shuffler deals for every hand: two per seat and the board."""
    return 2 * players + 5


def holdem_panel(baud=115_200, tx_baud=None, **rules):
    """What Hold'em asks of a board: all five buttons (act, view up, reveal, deal, view down in
    BUTTONS order), the switches, the LEDs, a chip count on the display and the terminal.
    rules: players, stack, small_blind, big_blind (golden holdem_contract.Rules)."""
    return Panel(buttons=BUTTONS, switches=PANEL_SWITCHES, leds=LEDS,
                 figure_bits=Rules(**rules).chip_bits, serial=True)


@block
def holdem_board(clk, rst, io, clk_hz, baud=115_200, tx_baud=None, **rules):
    """The whole Hold'em game behind a PanelIO (pokerhdl.games.panel): io.press bits are
    center (act), up, left (reveal), right (deal), down. rules: as holdem_panel."""
    rules = Rules(**rules)
    btn_act, btn_up, btn_reveal, btn_deal, btn_down = (Signal(bool(0)) for _ in range(5))
    # the game
    deck_data, deck_valid, deck_ready, table_ready, deck_request = (
        Signal(intbv(0)[6:]), Signal(bool(0)), Signal(bool(0)), Signal(bool(0)),
        Signal(bool(0)))
    probe_addr, probe_data = Signal(intbv(0)[8:]), Signal(intbv(0)[24:])
    busy, hand_done, game_over = (Signal(bool(0)) for _ in range(3))
    console = holdem_console(clk, rst, io.rxd, io.txd, io.sw, btn_act, btn_up, btn_down,
                             btn_reveal, btn_deal, deck_data, deck_valid, table_ready,
                             deck_request, probe_addr, probe_data, io.led, io.figure, busy,
                             io.stir, hand_done, game_over, rules=rules, clk_hz=clk_hz,
                             baud=baud, tx_baud=tx_baud)

    # the deck: the shuffler's stream and the register slice between it and the table
    card_data, skid_data = Signal(intbv(0)[6:]), Signal(intbv(0)[6:])
    card_valid, card_ready, skid_valid = (Signal(bool(0)) for _ in range(3))
    deck_count = Signal(intbv(deal_count(rules.players))[6:])
    no_exclude = Signal(intbv(0)[52:])
    seed = Signal(intbv(0)[128:])
    seed_load = Signal(bool(0))
    shuf_busy, shuf_done, shuf_error, shuf_last = (Signal(bool(0)) for _ in range(4))
    drain = Signal(bool(0))
    dealer = shuffler(clk, rst, deck_request, deck_count, no_exclude, shuf_busy, shuf_done,
                      shuf_error, card_data, card_valid, card_ready, shuf_last, seed, seed_load,
                      io.ticks, io.stir)

    @always_comb
    def button_map():
        btn_act.next = io.press[0]
        btn_up.next = io.press[1]
        btn_reveal.next = io.press[2]
        btn_deal.next = io.press[3]
        btn_down.next = io.press[4]

    @always_seq(clk.posedge, reset=rst)
    def deck_drain():
        """Cards the table did not take (it needs fewer than 2 * players + 5 when seats are
        out) are drained while the UI is idle: a deal starts and ends within one answer."""
        drain.next = not busy

    @always_seq(clk.posedge, reset=rst)
    def deck_slice():
        """A full register slice (skid buffer) from the shuffler to the table: the shuffler
        sees a registered ready, so the table's state decode does not lead into the rng's
        step (that path was 9 LUT/MUXF levels); cards arrive a clock later."""
        if deck_ready or not deck_valid:
            if skid_valid:
                deck_data.next = skid_data
                deck_valid.next = True
                skid_valid.next = False
            else:
                deck_data.next = card_data
                deck_valid.next = card_valid
        elif card_valid and not skid_valid:
            skid_data.next = card_data
            skid_valid.next = True

    @always_comb
    def deck_flow():
        card_ready.next = not skid_valid
        deck_ready.next = table_ready or drain

    return instances()
