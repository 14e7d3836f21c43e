"""The dice table's sequencer: which step the table takes each clock, and nothing else.

Every other block of the table (dice_command, dice_game, dice_throw, dice_purses, dice_bounds)
acts on the step this one holds, so the whole order of a command can be read here: a new game
(fill the purses, clear the pool), a bid (check, apply, deposit), a throw (the dice, their sum,
the takers, the gains and losses, the end of the round), then the next bidder's bounds.
"""

from myhdl import block, always_seq

from ...golden.dice.game import PHASE_BID, PHASE_OVER, PHASE_THROW
from ...golden.dice.contract import OP_BID, OP_NEW_GAME, OP_THROW

STEPS = ("T_IDLE", "T_CHECK", "T_NEW1", "T_NEW2", "T_APPLY", "T_DEPOSIT", "T_DICE", "T_SUM",
         "T_TAKERS", "T_TAKE0", "T_TAKE0B", "T_TAKE1", "T_TAKE1B", "T_TAKEN", "T_ENDS", "T_END",
         "T_END2", "T_END3", "T_SETTLE", "T_BOUNDS", "T_BOUNDED", "T_CLAMP", "T_LIMIT",
         "T_LEAST", "T_DONE")


@block(skipname=True)
def dice_sequencer(clk, rst, state, t_state, cmd_valid, dice_valid, dice_request, command,
                   game):
    """state (a Signal of t_state = enum(*STEPS)): the step, written here only.

    cmd_valid: dice_table's port (a command is taken in T_IDLE); dice_valid: the dice source's
    (taken in T_DICE); dice_request: a one-clock pulse when an accepted throw wants dice.
    command (dice_command.Command): the command taken and its bounds checks; game
    (dice_game.Game): the phase.
    """

    @always_seq(clk.posedge, reset=rst)
    def steps():
        dice_request.next = 0
        if state == t_state.T_IDLE:
            if cmd_valid:
                state.next = t_state.T_CHECK
        elif state == t_state.T_CHECK:
            if command.op == OP_NEW_GAME:
                state.next = t_state.T_NEW1
            elif command.op != OP_BID and command.op != OP_THROW:
                state.next = t_state.T_DONE                 # refused (dice_command)
            elif game.phase == PHASE_OVER:
                state.next = t_state.T_DONE
            elif command.op == OP_BID and game.phase == PHASE_THROW:
                state.next = t_state.T_DONE
            elif command.op == OP_THROW and game.phase == PHASE_BID:
                state.next = t_state.T_DONE
            elif command.op == OP_THROW:
                dice_request.next = 1
                state.next = t_state.T_DICE
            else:
                state.next = t_state.T_APPLY

        # ------------------------------------------------------------ new game
        elif state == t_state.T_NEW1:
            state.next = t_state.T_NEW2
        elif state == t_state.T_NEW2:
            state.next = t_state.T_SETTLE

        # ------------------------------------------------------------ bid
        elif state == t_state.T_APPLY:
            if command.over or command.under:
                state.next = t_state.T_DONE                 # refused (dice_command)
            else:
                state.next = t_state.T_DEPOSIT
        elif state == t_state.T_DEPOSIT:
            state.next = t_state.T_SETTLE

        # ------------------------------------------------------------ throw
        elif state == t_state.T_DICE:
            if dice_valid:
                state.next = t_state.T_SUM
        elif state == t_state.T_SUM:
            state.next = t_state.T_TAKERS
        elif state == t_state.T_TAKERS:
            state.next = t_state.T_TAKE0
        elif state == t_state.T_TAKE0:
            state.next = t_state.T_TAKE0B
        elif state == t_state.T_TAKE0B:
            state.next = t_state.T_TAKE1
        elif state == t_state.T_TAKE1:
            state.next = t_state.T_TAKE1B
        elif state == t_state.T_TAKE1B:
            state.next = t_state.T_TAKEN
        elif state == t_state.T_TAKEN:
            state.next = t_state.T_ENDS
        elif state == t_state.T_ENDS:
            state.next = t_state.T_END
        elif state == t_state.T_END:
            state.next = t_state.T_END2
        elif state == t_state.T_END2:
            state.next = t_state.T_END3
        elif state == t_state.T_END3:
            state.next = t_state.T_SETTLE

        # ------------------------------------------------------------ the bidder's bounds
        elif state == t_state.T_SETTLE:                 # the last micro-op lands
            state.next = t_state.T_BOUNDS
        elif state == t_state.T_BOUNDS:
            state.next = t_state.T_BOUNDED
        elif state == t_state.T_BOUNDED:
            state.next = t_state.T_CLAMP
        elif state == t_state.T_CLAMP:
            state.next = t_state.T_LIMIT
        elif state == t_state.T_LIMIT:
            state.next = t_state.T_LEAST
        elif state == t_state.T_LEAST:
            state.next = t_state.T_DONE
        else:                                           # T_DONE: res_valid
            state.next = t_state.T_IDLE

    return steps
