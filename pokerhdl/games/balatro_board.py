"""Balatro behind a board panel: the controller (balatro.py), its decks from the shuffler through
a deck buffer, and the table on VGA (balatro_screen.py). The board shell puts it on any board
with five buttons, 8 switches and LEDs, a 7-segment display and a VGA connector (the Nexys
A7: nexys_a7_balatro).

Controls: SW[7:0] select the cards (slot i: SW i; LED[7:0] echo them); buttons: center plays,
left discards, up sorts by rank, down by suit, right starts a new run; CPU_RESETN resets. The
display shows the blind's score; LED 15 lights when the run is won, LED 14 when it is lost.

Randomness: the shuffler's generator takes the free-running tick count at every button press
(the shell's ticks and stir), so a run's decks depend on when a person pressed. After power-on
and CPU_RESETN the screen shows the title and no deck is shuffled until the first press, which
starts the run: so even the first deal depends on when the person pressed. Each blind's
whole deck is shuffled into the buffer the moment the blind starts, so presses during a blind
change only later decks (and tests can predict each deck from the presses before it).
"""

from myhdl import block, always_seq, always_comb, concat, Signal, intbv, instances

from ..golden.balatro import (ACT_DISCARD, ACT_NEW_RUN, ACT_PLAY, ACT_SORT_RANK, ACT_SORT_SUIT,
                              PHASE_LOST, PHASE_WON)
from ..golden.cards import DECK_SIZE
from ..rtl.shuffler import shuffler
from .balatro import (CODE_BITS, HAND_SLOTS, OP_BITS, RESULT_BITS, BalatroView, balatro_game,
                      rules_of, score_bits)
from .balatro_screen import balatro_screen
from .panel import BUTTONS, Panel

# the move each button makes, the buttons in the panel's order
MOVE_BUTTONS = {ACT_PLAY: "center", ACT_DISCARD: "left", ACT_SORT_RANK: "up",
                ACT_SORT_SUIT: "down", ACT_NEW_RUN: "right"}
BUTTON_MOVES = tuple(next(m for m, b in MOVE_BUTTONS.items() if b == button)
                     for button in BUTTONS)
BUFFER = 64                                  # deck buffer entries (a deck is 52)
LEDS = 16                                    # 7..0 the selection, 15 run won, 14 run lost


def balatro_panel(clocks_per_pixel=4, **rules):
    """What the game asks of a board: five buttons, 8 switches and LEDs, the score on the
    display, a VGA monitor."""
    return Panel(buttons=BUTTONS, switches=HAND_SLOTS, leds=LEDS,
                 figure_bits=score_bits(rules_of(**rules)), vga=True)


@block
def deck_buffer(clk, rst, in_data, in_valid, in_ready, out_data, out_valid, out_ready):
    """A first-in first-out buffer of BUFFER cards (distributed RAM): the shuffler deals a
    whole deck into it at once, the controller draws from it as it needs."""
    mem = [Signal(intbv(0)[CODE_BITS:]) for _ in range(BUFFER)]
    wr, rd = Signal(intbv(0)[6:]), Signal(intbv(0)[6:])
    count = Signal(intbv(0, min=0, max=BUFFER + 1))
    take_in, take_out = Signal(bool(0)), Signal(bool(0))

    @always_comb
    def flow():
        in_ready.next = count < BUFFER
        out_valid.next = count != 0
        out_data.next = mem[rd]
        take_in.next = in_valid and count < BUFFER
        take_out.next = out_ready and count != 0

    @always_seq(clk.posedge, reset=None)
    def write():
        if take_in:
            mem[wr].next = in_data

    @always_seq(clk.posedge, reset=rst)
    def pointers():
        if take_in:
            wr.next = wr + 1
        if take_out:
            rd.next = rd + 1
        if take_in and not take_out:
            count.next = count + 1
        elif take_out and not take_in:
            count.next = count - 1

    return flow, write, pointers


@block
def balatro_board(clk, rst, io, clk_hz, clocks_per_pixel=4, **rules):
    """The whole game behind a PanelIO (pokerhdl.games.panel): io.press bit i is button
    BUTTONS[i], making move BUTTON_MOVES[i]. rules: rules_of's parameters."""
    rules = rules_of(**rules)
    view = BalatroView(rules)
    cmd_valid, cmd_ready, res_valid = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    cmd_op, cmd_mask = Signal(intbv(0)[OP_BITS:]), Signal(intbv(0)[HAND_SLOTS:])
    res_code = Signal(intbv(0)[RESULT_BITS:])
    deck_start, deck_valid, deck_ready = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    deck_data = Signal(intbv(0)[CODE_BITS:])
    game = balatro_game(clk, rst, cmd_valid, cmd_ready, cmd_op, cmd_mask, res_valid, res_code,
                        io.sw, deck_start, deck_data, deck_valid, deck_ready, view, rules=rules)
    screen = balatro_screen(clk, rst, view, io.sw, io.vga_rgb, io.vga_hsync, io.vga_vsync,
                            rules=rules, clocks_per_pixel=clocks_per_pixel)

    # the decks: a whole shuffle into the buffer at each deck_start
    card_data = Signal(intbv(0)[CODE_BITS:])
    card_valid, card_ready, card_last = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    deck_count = Signal(intbv(DECK_SIZE)[6:])
    no_exclude = Signal(intbv(0)[DECK_SIZE:])
    seed, seed_load = Signal(intbv(0)[128:]), Signal(bool(0))
    shuf_busy, shuf_done, shuf_error = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    dealer = shuffler(clk, rst, deck_start, deck_count, no_exclude, shuf_busy, shuf_done,
                      shuf_error, card_data, card_valid, card_ready, card_last, seed, seed_load,
                      io.ticks, io.stir)
    buffer = deck_buffer(clk, rst, card_data, card_valid, card_ready, deck_data, deck_valid,
                         deck_ready)
    buttons_n = len(BUTTONS)
    stir, won, lost = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))

    @always_seq(clk.posedge, reset=rst)
    def buttons():
        """A press is a move with the switches of that moment; it waits while one is taken."""
        stir.next = io.press != 0
        if cmd_valid:
            if cmd_ready:
                cmd_valid.next = 0
        else:
            for i in range(buttons_n):
                if io.press[i]:
                    cmd_op.next = BUTTON_MOVES[i]
                    cmd_mask.next = io.sw
                    cmd_valid.next = 1

    @always_comb
    def run_end():
        won.next = view.phase == PHASE_WON
        lost.next = view.phase == PHASE_LOST

    @always_comb
    def lamps():
        io.led.next = concat(won, lost, intbv(0)[LEDS - 2 - HAND_SLOTS:], io.sw)
        io.figure.next = view.score
        io.stir.next = stir

    return instances()
