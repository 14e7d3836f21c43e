"""What a Hold'em action moves: the chips an accepted action or a blind puts in, the seat's
figures after it, and its log entry.

Actions and blinds share this path (HT_APPLY1 adds, HT_APPLY2 logs and holdem_chips writes,
HT_APPLY3 raises the bet to match), so a blind is logged and applied exactly as a bet is; a
fold only logs here.
"""

from myhdl import block, always_seq, ConcatSignal, Signal, intbv

from ...golden.holdem.table import ALLIN, BET, CALL, FOLD, POST_BB, POST_SB, RAISE
from ...golden.holdem.contract import Rules
from .seat_tables import seat_bits
from ...rtl.signals import unsigned



class Action:
    """The action being applied, written by holdem_action.

    log_code: the action's code in the log (golden action, or POST_SB/POST_BB for a blind).
    new_stack, new_bet, new_committed, new_pot: the worked seat's figures and the pot after it;
    bet_grows: it raised the bet to match, by raise_by.
    The log entry (holdem_table's log ports): log_valid_q (pulse), log_seat_q, log_action_q,
    log_put_q, log_total_q (street bet after), log_allin_q.
    """

    def __init__(self, rules=Rules()):
        w = rules.chip_bits
        self.log_code = unsigned(3)
        self.new_stack, self.new_bet, self.new_committed, self.new_pot, self.raise_by = (
            unsigned(w) for _ in range(5))
        self.bet_grows = Signal(bool(0))
        self.log_valid_q, self.log_allin_q = Signal(bool(0)), Signal(bool(0))
        self.log_seat_q, self.log_action_q, self.log_put_q, self.log_total_q = (
            unsigned(3), unsigned(3), unsigned(w), unsigned(w))


@block(skipname=True)
def holdem_action(clk, rst, state, t_state, action, command, chips, hand, fig, rules=Rules()):
    """action (Action) step by step: state/t_state the sequencer's step; command
    (holdem_judge.Command) the judged action and a bet's chips; chips.pot and
    chips.current_bet; hand.seat the worked seat; fig (holdem_figures.Figures) its figures."""
    w = rules.chip_bits
    put = unsigned(w)                 # the chips the action or blind puts in
    seat3 = ConcatSignal(intbv(0)[3 - seat_bits(rules.players):], hand.seat)

    @always_seq(clk.posedge, reset=rst)
    def apply():
        action.log_valid_q.next = 0

        if state == t_state.HT_JUDGE2:
            action.log_code.next = command.action_q
            if command.action_q == CALL:
                put.next = fig.call_put
            elif command.action_q == ALLIN:
                put.next = fig.ta_stack
            elif command.action_q == BET or command.action_q == RAISE:
                put.next = command.bet_put
            else:
                put.next = 0

        elif state == t_state.HT_FOLD:
            action.log_valid_q.next = 1
            action.log_seat_q.next = seat3
            action.log_action_q.next = FOLD
            action.log_put_q.next = 0
            action.log_total_q.next = fig.ta_bet
            action.log_allin_q.next = 0

        elif state == t_state.HT_APPLY1:
            action.new_stack.next = fig.ta_stack - put
            action.new_bet.next = fig.ta_bet + put
            action.new_committed.next = fig.ta_committed + put
            action.new_pot.next = chips.pot + put

        elif state == t_state.HT_APPLY2:
            action.log_valid_q.next = 1
            action.log_seat_q.next = seat3
            action.log_action_q.next = action.log_code
            action.log_put_q.next = put
            action.log_total_q.next = action.new_bet
            action.log_allin_q.next = action.new_stack == 0
            action.bet_grows.next = action.new_bet > chips.current_bet
            if action.new_bet > chips.current_bet:
                action.raise_by.next = action.new_bet - chips.current_bet
            else:
                action.raise_by.next = 0

        elif state == t_state.HT_COMMIT:
            action.log_code.next = POST_SB

        elif state == t_state.HT_BLIND:
            if action.log_code == POST_SB:
                put.next = fig.sb_put
            else:
                put.next = fig.bb_put

        elif state == t_state.HT_BLIND_NEXT:
            if action.log_code == POST_SB:
                action.log_code.next = POST_BB

        else:
            pass        # the other steps move no chips

    return apply
