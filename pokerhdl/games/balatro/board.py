"""Balatro with progression behind a board panel: the run controller (run.py), its
decks and its shop's items from one shuffler (the decks through a deck buffer, the shop's words
from the shuffler's words port between shuffles), and the table on VGA (balatro/run_screen.py).
The board shell puts it on any board with five buttons, 8 switches and LEDs, a 7-segment
display and a VGA connector (the Nexys A7: nexys_a7_balatro).

Controls: SW[7:0] select (slot i: SW i; LED[7:0] echo them). In a blind the buttons are the
blind's moves: center plays, left discards, up sorts by rank, down by suit, right starts a new
run. In the shop (LED 13) they are the shop's, as its screen says: center buys the selected
item (SW0 or SW1), left sells the selected joker (SW0 the leftmost), up moves the selected
joker to the right end, down rerolls, right leaves for the next blind. CPU_RESETN resets. The
display shows the blind's score (beyond eight digits as 1.23456E8: golden
sevenseg.decimal_text's scientific form, never more than the score); LED 15 lights when the
run is won, LED 14 when it is lost.

Randomness: the shuffler's generator takes the free-running tick count at every button press
(the shell's ticks and stir), so a run's decks and shop items depend on when a person pressed.
After power-on and CPU_RESETN the screen shows the title and no deck is shuffled until the
first press, which starts the run: so even the first deal depends on when the person pressed.
Each blind's whole deck is shuffled into the buffer the moment the blind starts, and the shop
draws its items from the same generator when it opens and at each reroll, in the golden run's
order (golden/balatro/run.py), so tests predict every deck and item from the presses before it.
"""

from myhdl import block, always_seq, always_comb, concat, Signal, intbv, instances

from ...golden.balatro.game import (ACT_DISCARD, ACT_NEW_RUN, ACT_PLAY, ACT_SORT_RANK,
                                    ACT_SORT_SUIT, PHASE_LOST, PHASE_WON)
from ...golden.balatro.run import (ACT_BUY, ACT_LEAVE, ACT_MOVE, ACT_REROLL, ACT_SELL, PHASE_SHOP)
from ...golden.cards import DECK_SIZE
from ...rtl.shuffler.shuffler import Words, shuffler
from .game import CODE_BITS, HAND_SLOTS, rules_of
from .run import RunView, balatro_run
from .run_move import RUN_OP_BITS, RUN_RESULT_BITS
from .run_screen import balatro_run_screen
from .run_tables import run_widths
from ..panel import BUTTONS, Panel

# the move each button makes in a blind and in the shop, the buttons in the panel's order
MOVE_BUTTONS = {ACT_PLAY: "center", ACT_DISCARD: "left", ACT_SORT_RANK: "up",
                ACT_SORT_SUIT: "down", ACT_NEW_RUN: "right"}
SHOP_MOVE_BUTTONS = {ACT_BUY: "center", ACT_SELL: "left", ACT_MOVE: "up", ACT_REROLL: "down",
                     ACT_LEAVE: "right"}
BUTTON_MOVES, SHOP_BUTTON_MOVES = (tuple({b: m for m, b in moves.items()}[button]
                                         for button in BUTTONS)
                                   for moves in (MOVE_BUTTONS, SHOP_MOVE_BUTTONS))
BUFFER = 64                                  # deck buffer entries (a deck is 52)
LEDS = 16                        # 7..0 the selection, 15 run won, 14 run lost, 13 in the shop


def button_move(button, phase):
    """The move a press of ``button`` (a BUTTONS name) makes in ``phase`` (a golden run's)."""
    moves = SHOP_BUTTON_MOVES if phase == PHASE_SHOP else BUTTON_MOVES
    return moves[BUTTONS.index(button)]


def panel_leds(phase, selection):
    """The LEDs a run in ``phase`` (a golden run's) lights with ``selection`` on the switches."""
    return selection | (phase == PHASE_WON) << 15 | (phase == PHASE_LOST) << 14 | \
        (phase == PHASE_SHOP) << 13


def balatro_panel(clocks_per_pixel=4, **rules):
    """What the game asks of a board: five buttons, 8 switches and LEDs, the score on the
    display (scientific beyond its digits), a VGA monitor."""
    return Panel(buttons=BUTTONS, switches=HAND_SLOTS, leds=LEDS,
                 figure_bits=run_widths(rules_of(**rules)).score, figure_scientific=True,
                 vga=True)


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
    """The whole run behind a PanelIO (pokerhdl.games.panel): io.press bit i is button
    BUTTONS[i], making move button_move(BUTTONS[i], the phase). rules: rules_of's parameters."""
    rules = rules_of(**rules)
    view = RunView(rules)
    cmd_valid, cmd_ready, res_valid = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    cmd_op, cmd_mask = Signal(intbv(0)[RUN_OP_BITS:]), Signal(intbv(0)[HAND_SLOTS:])
    res_code = Signal(intbv(0)[RUN_RESULT_BITS:])
    deck_start, deck_valid, deck_ready = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    deck_data = Signal(intbv(0)[CODE_BITS:])
    words = Words()
    game = balatro_run(clk, rst, cmd_valid, cmd_ready, cmd_op, cmd_mask, res_valid, res_code,
                       io.sw, deck_start, deck_data, deck_valid, deck_ready, words.tdata,
                       words.tvalid, words.tready, view, rules=rules)
    screen = balatro_run_screen(clk, rst, view, io.sw, io.vga_rgb, io.vga_hsync, io.vga_vsync,
                                rules=rules, clocks_per_pixel=clocks_per_pixel)

    # the decks: a whole shuffle into the buffer at each deck_start; the shop's words between
    card_data = Signal(intbv(0)[CODE_BITS:])
    card_valid, card_ready, card_last = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    deck_count = Signal(intbv(DECK_SIZE)[6:])
    no_exclude = Signal(intbv(0)[DECK_SIZE:])
    seed, seed_load = Signal(intbv(0)[128:]), Signal(bool(0))
    shuf_busy, shuf_done, shuf_error = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    dealer = shuffler(clk, rst, deck_start, deck_count, no_exclude, shuf_busy, shuf_done,
                      shuf_error, card_data, card_valid, card_ready, card_last, seed, seed_load,
                      io.ticks, io.stir, words=words)
    buffer = deck_buffer(clk, rst, card_data, card_valid, card_ready, deck_data, deck_valid,
                         deck_ready)
    buttons_n = len(BUTTONS)
    pressed = Signal(intbv(0, min=0, max=buttons_n))
    stir, won, lost, shop = (Signal(bool(0)) for _ in range(4))

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
                    pressed.next = i
                    cmd_mask.next = io.sw
                    cmd_valid.next = 1

    @always_comb
    def button_op():
        """The pressed button's move in the phase the move is taken in (the controller takes
        it only between moves, when the phase is settled)."""
        if shop:
            cmd_op.next = SHOP_BUTTON_MOVES[pressed]
        else:
            cmd_op.next = BUTTON_MOVES[pressed]

    @always_comb
    def run_end():
        won.next = view.phase == PHASE_WON
        lost.next = view.phase == PHASE_LOST
        shop.next = view.phase == PHASE_SHOP

    @always_comb
    def lamps():
        io.led.next = concat(won, lost, shop, intbv(0)[LEDS - 3 - HAND_SLOTS:], io.sw)
        io.figure.next = view.score
        io.stir.next = stir

    return instances()
