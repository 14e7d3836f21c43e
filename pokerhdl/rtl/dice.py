"""Two fair dice from the random generator, by rejection (golden/dice/game.py roll_dice is the
bit-exact twin): each die takes words until a word's top three bits are 0..5 and is one more
than them. No modulo, so each face has probability exactly 1/6; a die takes 4/3 words (one a
clock) on average.

The words come from rtl/rng.py one per clock while rolling (``advance``), so the dice of a
throw depend on the seed and on every entropy event before it, as in the twin.
"""

from myhdl import (block, always_seq, always_comb, concat, enum, Signal, ResetSignal, intbv,
                   instances)

from ..golden.dice.game import DIE_SHIFT, FACES
from ..golden.dice.contract import DIE_BITS
from .rng import rng


@block
def fair_dice(clk, rst, word, advance, request, dice_data, dice_valid, dice_ready):
    """word[32]: the generator's output; advance: take it (one a clock while rolling).
    request: a one-clock pulse, roll two dice; dice_data = {die 1, die 2} (3 bits each, 1..6)
    with dice_valid until dice_ready takes them. A request while busy is ignored."""
    r_state = enum("R_IDLE", "R_FIRST", "R_SECOND", "R_READY")
    state = Signal(r_state.R_IDLE)
    top = Signal(intbv(0)[DIE_BITS:])
    fits = Signal(bool(0))
    first, second = Signal(intbv(0)[DIE_BITS:]), Signal(intbv(0)[DIE_BITS:])
    faces = Signal(intbv(FACES)[DIE_BITS:])

    @always_comb
    def top_bits():
        top.next = word[32:DIE_SHIFT]

    @always_comb
    def accept():
        fits.next = top < faces

    @always_comb
    def take():
        advance.next = state == r_state.R_FIRST or state == r_state.R_SECOND
        dice_valid.next = state == r_state.R_READY
        dice_data.next = concat(first, second)

    @always_seq(clk.posedge, reset=rst)
    def roll():
        if state == r_state.R_IDLE:
            if request:
                state.next = r_state.R_FIRST
        elif state == r_state.R_FIRST:
            if fits:
                first.next = top + 1
                state.next = r_state.R_SECOND
        elif state == r_state.R_SECOND:
            if fits:
                second.next = top + 1
                state.next = r_state.R_READY
        elif dice_ready:
            state.next = r_state.R_IDLE

    return instances()


@block
def dice_roller(clk, rst, seed, seed_load, entropy, entropy_valid, request, dice_data,
                dice_valid, dice_ready):
    """fair_dice on its own generator (rtl/rng.py's ports): the dice's test top."""
    word = Signal(intbv(0)[32:])
    advance = Signal(bool(0))
    generator = rng(clk, rst, seed, seed_load, entropy, entropy_valid, advance, word)
    dice = fair_dice(clk, rst, word, advance, request, dice_data, dice_valid, dice_ready)
    return instances()


def dice_roller_top():
    """dice_roller with fresh port signals, for conversion."""
    def bit():
        return Signal(bool(0))
    return dice_roller(bit(), ResetSignal(0, active=1, isasync=False), Signal(intbv(0)[128:]),
                       bit(), Signal(intbv(0)[32:]), bit(), bit(),
                       Signal(intbv(0)[2 * DIE_BITS:]), bit(), bit())
