"""The dice table's command: the op, amount and guess taken on cmd_valid, the amount's checks
against the bidder's bounds, and the command's result code (golden OK or a refusal).
"""

from myhdl import block, always_seq, Signal, intbv

from ...golden.dice.game import (OK, PHASE_BID, PHASE_OVER, PHASE_THROW, REF_BID_NEXT,
                                 REF_GAME_OVER, REF_OVER_LIMIT, REF_THROW_NEXT, REF_UNDER_LEAST)
from ...golden.dice.contract import AMOUNT_BITS, OP_BID, OP_BITS, OP_NEW_GAME, OP_THROW, RESULT_BITS


class Command:
    """A command as taken, written by dice_command only: op, amount, up (the guess); over and
    under (the amount against the bounds); result (the answer, shown by res_code)."""

    def __init__(self):
        self.op, self.amount = Signal(intbv(0)[OP_BITS:]), Signal(intbv(0)[AMOUNT_BITS:])
        self.up, self.over, self.under = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
        self.result = Signal(intbv(0)[RESULT_BITS:])


@block(skipname=True)
def dice_command(clk, rst, state, t_state, cmd_valid, cmd_op, cmd_amount, cmd_up, command, game,
                 bounds):
    """command (Command) step by step: state/t_state the sequencer's step; cmd_*: dice_table's
    ports; game (dice_game.Game): the phase; bounds (dice_bounds.Bounds): limit and least."""

    @always_seq(clk.posedge, reset=rst)
    def judge():
        if state == t_state.T_IDLE:
            if cmd_valid:
                command.op.next = cmd_op
                command.amount.next = cmd_amount
                command.up.next = cmd_up
        elif state == t_state.T_CHECK:
            command.over.next = command.amount > bounds.limit
            command.under.next = command.amount < bounds.least
            if command.op == OP_NEW_GAME:
                command.result.next = OK
            elif command.op != OP_BID and command.op != OP_THROW:
                command.result.next = OK
            elif game.phase == PHASE_OVER:
                command.result.next = REF_GAME_OVER
            elif command.op == OP_BID and game.phase == PHASE_THROW:
                command.result.next = REF_THROW_NEXT
            elif command.op == OP_THROW and game.phase == PHASE_BID:
                command.result.next = REF_BID_NEXT
            elif command.op == OP_THROW:
                command.result.next = OK
            else:
                pass                        # a bid: its bounds are checked in T_APPLY
        elif state == t_state.T_APPLY:
            if command.over:
                command.result.next = REF_OVER_LIMIT
            elif command.under:
                command.result.next = REF_UNDER_LEAST
            else:
                command.result.next = OK
        else:
            pass                            # the other steps leave the command as it is

    return judge
