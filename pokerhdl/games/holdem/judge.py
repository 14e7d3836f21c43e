"""The Hold'em table's command intake and refusal checks: a command taken, judged in golden
Table.judge's order, and answered with one result code.

Judging takes two steps so that each is a compare or a mux: HT_JUDGE1 compares the amount with
the registered figures (holdem_figures), HT_JUDGE2 picks the first refusal that applies. A deal
or a new game is judged when it is taken (only the phase, and for a deal the seats dealt in,
matter), and so is a seat sitting out or in (only the seat and the flag); a deal is refused
later, in HT_DEAL_CHECK, when its deck is bad.
"""

from myhdl import block, always_seq, concat, Signal, intbv

from ...golden.holdem.table import (ALLIN, BET, CALL, CHECK, FOLD, OK, PHASE_BETTING,
                                    PHASE_GAME_OVER, RAISE, REF_BAD_ACTION, REF_BELOW_MIN,
                                    REF_BET_FACING_BET, REF_CHECK_FACING_BET, REF_GAME_OVER,
                                    REF_HAND_IN_PROGRESS, REF_HAND_OVER, REF_NO_BET_TO_RAISE,
                                    REF_NOT_YOUR_TURN, REF_NOTHING_TO_CALL, REF_OVER_STACK,
                                    REF_RAISE_CLOSED, REF_TOO_FEW_SEATS)
from ...golden.holdem.contract import OP_DEAL, OP_ACT, OP_NEW_GAME, REF_BAD_DECK, Rules
from ...rtl.signals import unsigned



class Command:
    """The command being answered, written by holdem_judge.

    seat_q, action_q: the seat and action taken with it (a sit: the seat and 1 out, 0 in);
    code_q: its result so far (OK or the refusal);
    bet_put: what a bet or raise to its amount puts in. res_valid_q: a one-clock pulse with
    the result; last_code: the last result (res_code, and the probe's last_code).
    """

    def __init__(self, rules=Rules()):
        self.seat_q, self.action_q = unsigned(3), unsigned(3)
        self.code_q, self.last_code = unsigned(4), unsigned(4)
        self.bet_put = unsigned(rules.chip_bits)
        self.res_valid_q = Signal(bool(0))


@block(skipname=True)
def holdem_judge(clk, rst, state, t_state, cmd_valid, cmd_op, cmd_seat, cmd_action, cmd_amount,
                 command, chips, hand, fig, deal, rules=Rules()):
    """command (Command): takes cmd_* in HT_IDLE (holdem_table's ports), judges an action in
    HT_JUDGE1/2 from chips.current_bet, hand.phase, hand.to_act and fig (holdem_figures), a
    deal's deck in HT_DEAL_CHECK (deal.bad_deck), and answers in HT_DONE."""
    w, n = rules.chip_bits, rules.players
    seat_q, amount_q = command.seat_q, unsigned(w)
    over_stack, to_match, below_min_raise, whole_stack, not_turn = (
        Signal(bool(0)) for _ in range(5))

    @always_seq(clk.posedge, reset=rst)
    def judge():
        command.res_valid_q.next = 0

        if state == t_state.HT_IDLE:
            if cmd_valid:
                seat_q.next = cmd_seat
                command.action_q.next = cmd_action
                amount_q.next = cmd_amount
                command.code_q.next = OK
                if cmd_op == OP_DEAL:
                    if hand.phase == PHASE_GAME_OVER:
                        command.code_q.next = REF_GAME_OVER
                    elif hand.phase == PHASE_BETTING:
                        command.code_q.next = REF_HAND_IN_PROGRESS
                    elif fig.dealt_in < 2:
                        command.code_q.next = REF_TOO_FEW_SEATS
                elif cmd_op != OP_ACT and cmd_op != OP_NEW_GAME:
                    if cmd_seat >= n or cmd_action > 1:     # a sit: a seat and 1 or 0
                        command.code_q.next = REF_BAD_ACTION

        elif state == t_state.HT_JUDGE1:
            over_stack.next = amount_q > fig.reach
            to_match.next = amount_q <= chips.current_bet
            below_min_raise.next = concat(False, amount_q) < fig.min_raise_to
            whole_stack.next = amount_q == fig.reach
            not_turn.next = seat_q != hand.to_act
            if amount_q > fig.ta_bet:
                command.bet_put.next = amount_q - fig.ta_bet
            else:
                command.bet_put.next = 0

        elif state == t_state.HT_JUDGE2:
            # golden Table.judge, in its order
            code = intbv(OK)[4:]
            if hand.phase == PHASE_GAME_OVER:
                code[:] = REF_GAME_OVER
            elif hand.phase != PHASE_BETTING:
                code[:] = REF_HAND_OVER
            elif not_turn:
                code[:] = REF_NOT_YOUR_TURN
            elif command.action_q > ALLIN:
                code[:] = REF_BAD_ACTION
            elif command.action_q == FOLD:
                code[:] = OK
            elif command.action_q == CHECK:
                if not fig.nothing_to_call:
                    code[:] = REF_CHECK_FACING_BET
            elif command.action_q == CALL:
                if fig.nothing_to_call:
                    code[:] = REF_NOTHING_TO_CALL
            elif command.action_q == ALLIN:
                if fig.stack_over_call and not fig.raise_open:
                    code[:] = REF_RAISE_CLOSED
            elif command.action_q == BET and not fig.bet_zero:
                code[:] = REF_BET_FACING_BET
            elif command.action_q == RAISE and fig.bet_zero:
                code[:] = REF_NO_BET_TO_RAISE
            elif not fig.raise_open:
                code[:] = REF_RAISE_CLOSED
            elif over_stack:
                code[:] = REF_OVER_STACK
            elif to_match or (below_min_raise and not whole_stack):
                code[:] = REF_BELOW_MIN
            command.code_q.next = code

        elif state == t_state.HT_DEAL_CHECK:
            if deal.bad_deck:
                command.code_q.next = REF_BAD_DECK

        elif state == t_state.HT_DONE:
            command.res_valid_q.next = 1
            command.last_code.next = command.code_q

        else:
            pass        # the other steps leave the command as it is

    return judge
