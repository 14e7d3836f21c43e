"""The Hold'em table's chips: every seat's stack, bets and flags, the pot and the bet to match,
in one block, so that every way a chip moves (an action, a new street, a new hand, the payout,
a new game) can be read in one place.

The steps that move them are the sequencer's (holdem_sequencer); what an action puts in is
worked out beforehand by holdem_action, so each step here is a plain register write.
"""

from myhdl import block, always_seq, Signal, intbv, instances

from ...golden.holdem.table import NO_SEAT, POST_SB, RIVER
from ...golden.holdem.contract import Rules
from .seat_tables import onehot_table, table_rom
from ...rtl.signals import unsigned



class Chips:
    """The chips on the table (golden holdem.Table's), written by holdem_chips only.

    Per seat (lists): stacks, street_bet (this street), committed (this hand), faced (the bet
    to match when the seat last acted). Seat masks: folded, all_in, busted, acted (this
    street), sitting (sitting out: dealt nothing from the next deal). Table: pot,
    current_bet (the bet to match), min_raise (the last full raise).
    """

    def __init__(self, rules=Rules()):
        n, w = rules.players, rules.chip_bits
        self.stacks = [unsigned(w, rules.stack) for _ in range(n)]
        self.street_bet = [unsigned(w) for _ in range(n)]
        self.committed = [unsigned(w) for _ in range(n)]
        self.faced = [unsigned(w) for _ in range(n)]
        self.folded, self.all_in, self.busted, self.acted = unsigned(n), unsigned(n), unsigned(n), unsigned(n)
        self.sitting = unsigned(n)
        self.pot, self.current_bet, self.min_raise = unsigned(w), unsigned(w), unsigned(w, rules.big_blind)


@block(skipname=True)
def holdem_chips(clk, rst, state, t_state, chips, hand, fig, action, command, payout,
                 rules=Rules()):
    """chips (Chips) step by step: state/t_state the sequencer's step; hand (holdem_hand.Hand)
    the worked seat and the street; fig (holdem_figures.Figures) its one-hot, who is left and
    who is dealt in; action (holdem_action.Action) the figures an action or a blind leaves;
    command (holdem_judge.Command) a sit's seat, flag and result; payout (list, one per seat)
    what holdem_settle gives back."""
    n = rules.players
    stack, big_blind = rules.stack, rules.big_blind
    sit_bit = unsigned(n)               # the one-hot of a sit's seat (0 for a seat past n-1)
    sit_rom = table_rom(command.seat_q, sit_bit, onehot_table(n, len(command.seat_q)))

    @always_seq(clk.posedge, reset=rst)
    def ledger():
        if state == t_state.HT_FOLD:
            chips.folded.next = chips.folded | fig.seat_onehot
            chips.acted.next = chips.acted | fig.seat_onehot
            chips.faced[hand.seat].next = chips.current_bet

        elif state == t_state.HT_APPLY2:
            chips.stacks[hand.seat].next = action.new_stack
            chips.street_bet[hand.seat].next = action.new_bet
            chips.committed[hand.seat].next = action.new_committed
            chips.pot.next = action.new_pot
            if action.new_stack == 0:
                chips.all_in.next = chips.all_in | fig.seat_onehot

        elif state == t_state.HT_APPLY3:
            if action.bet_grows:
                chips.current_bet.next = action.new_bet
                chips.faced[hand.seat].next = action.new_bet
                if action.raise_by >= chips.min_raise:
                    chips.min_raise.next = action.raise_by     # a full bet or raise
            else:
                chips.faced[hand.seat].next = chips.current_bet
            chips.acted.next = chips.acted | fig.seat_onehot

        elif state == t_state.HT_ADVANCE:
            # golden Table._advance: nobody left to act and not the river: a new street
            if fig.live_count != 1 and fig.first_need == NO_SEAT and hand.street != RIVER:
                for i in range(n):
                    chips.street_bet[i].next = 0
                    chips.faced[i].next = 0
                chips.acted.next = 0
                chips.current_bet.next = 0
                chips.min_raise.next = big_blind

        elif state == t_state.HT_PAYOUT:
            for i in range(n):
                chips.stacks[i].next = chips.stacks[i] + payout[i]
            chips.pot.next = 0

        elif state == t_state.HT_BUST:
            broke = intbv(0)[n:]
            for i in range(n):
                broke[i] = chips.stacks[i] == 0
            chips.busted.next = broke

        elif state == t_state.HT_COMMIT:
            # golden start_hand: a clear hand, the seats not dealt in out of it
            for i in range(n):
                chips.street_bet[i].next = 0
                chips.committed[i].next = 0
                chips.faced[i].next = 0
            chips.folded.next = fig.out_mask
            chips.all_in.next = 0
            chips.acted.next = 0
            chips.pot.next = 0
            chips.current_bet.next = 0
            chips.min_raise.next = big_blind

        elif state == t_state.HT_BLIND_NEXT:
            if action.log_code != POST_SB:          # both blinds are in
                chips.current_bet.next = big_blind
                chips.min_raise.next = big_blind

        elif state == t_state.HT_SIT:
            if command.code_q == 0:                 # golden Table.sit
                if command.action_q[0]:
                    chips.sitting.next = chips.sitting | sit_bit
                else:
                    chips.sitting.next = chips.sitting & ~sit_bit

        elif state == t_state.HT_NEW_GAME:          # who sits out stays as it was
            for i in range(n):
                chips.stacks[i].next = stack
                chips.street_bet[i].next = 0
                chips.committed[i].next = 0
                chips.faced[i].next = 0
            chips.folded.next = 0
            chips.all_in.next = 0
            chips.busted.next = 0
            chips.acted.next = 0
            chips.pot.next = 0
            chips.current_bet.next = 0
            chips.min_raise.next = big_blind

        else:
            pass        # the other steps leave the chips where they are

    return instances()
