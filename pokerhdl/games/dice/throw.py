"""The dice table's throw: the two dice taken from the dice source, their sum and pair, and
who takes the other's bid (golden DiceGame.throw)."""

from myhdl import block, always_seq, concat, Signal, intbv

from ...golden.dice.game import SEVEN
from ...golden.dice.contract import DIE_BITS, OP_NEW_GAME


class Throw:
    """The last throw, written by dice_throw only: die1, die2, dsum (their sum), pair (10 x die
    1 + die 2, for the display), take0, take1 (player p takes the other's bid)."""

    def __init__(self):
        self.die1, self.die2 = Signal(intbv(0)[DIE_BITS:]), Signal(intbv(0)[DIE_BITS:])
        self.dsum, self.pair = Signal(intbv(0)[4:]), Signal(intbv(0)[7:])
        self.take0, self.take1 = Signal(bool(0)), Signal(bool(0))


@block(skipname=True)
def dice_throw(clk, rst, state, t_state, dice_data, dice_valid, throw, command, game):
    """throw (Throw) step by step: state/t_state the sequencer's step; dice_data = {die 1,
    die 2}, dice_valid: dice_table's ports; command (dice_command.Command): a new game clears
    the throw; game (dice_game.Game): the bids and guesses."""
    seven = Signal(intbv(SEVEN)[4:])

    @always_seq(clk.posedge, reset=rst)
    def dice():
        if state == t_state.T_CHECK:
            if command.op == OP_NEW_GAME:
                throw.take0.next = 0
                throw.take1.next = 0
                throw.die1.next = 0
                throw.die2.next = 0
                throw.dsum.next = 0
                throw.pair.next = 0
        elif state == t_state.T_DICE:
            if dice_valid:
                throw.die1.next = dice_data[2 * DIE_BITS:DIE_BITS]
                throw.die2.next = dice_data[DIE_BITS:]
        elif state == t_state.T_SUM:
            throw.dsum.next = throw.die1 + throw.die2
            throw.pair.next = (concat(throw.die1, intbv(0)[3:]) + concat(throw.die1, intbv(0)[1:])
                               + throw.die2)
        elif state == t_state.T_TAKERS:
            if throw.dsum == seven:
                throw.take0.next = game.bid0 > game.bid1
                throw.take1.next = game.bid1 > game.bid0
            else:
                throw.take0.next = game.up0 == (throw.dsum > seven)
                throw.take1.next = game.up1 == (throw.dsum > seven)
        else:
            pass                    # the other steps leave the throw as it is

    return dice
