"""The Hold'em table's derived figures: what a command is judged from, kept up to date by a
three-stage pipeline instead of computed in the judging step.

The worked seat's to call, reach, reopening gap, the blinds it can post and who still needs to
act each take a register stage, so no path of the table needs more than a mux, a compare or an
add; the sequencer (holdem_sequencer) waits WAIT_COUNT + 1 = 3 clocks after every change before
it reads them. Seat counts and seat searches (live seats, seats left, the first seat that needs
to act) are small ROMs (seat_tables) on the registers.
"""

from myhdl import block, always_seq, always_comb, ConcatSignal, Signal, intbv, instances

from ...golden.holdem.contract import Rules
from .seat_tables import (count_clear_table, lowest_clear_table, next_in_mask_table, onehot_table,
                          table_rom)
from ...rtl.signals import unsigned



class Figures:
    """Figures derived from the table's registers (holdem_figures), for the blocks that judge
    and apply a command.

    Of the worked seat (Hand.seat), three clocks after it or the chips last changed: ta_stack,
    ta_bet, ta_committed (its registers), to_call, reach (street bet + stack), sb_put, bb_put
    (the blinds it can post), call_put (what a call puts in), stack_over_call, nothing_to_call,
    raise_open (it may raise: it has not acted, or the bet grew by a full raise since, and
    someone can answer). Of the table: min_raise_to, bet_zero.
    Combinational (seat ROMs): seat_onehot (of Hand.seat), live_count (seats not folded), alive
    (seats not busted), first_alive (the lowest of them), out_mask (seats busted or sitting
    out: not dealt in), dealt_in (seats not in out_mask), first_need (the first seat left of
    Hand.turn_from that needs to act, else NO_SEAT).
    """

    def __init__(self, rules=Rules()):
        w = rules.chip_bits
        self.ta_stack, self.ta_bet, self.ta_committed = unsigned(w), unsigned(w), unsigned(w)
        self.min_raise_to = unsigned(w + 1, rules.big_blind)
        self.to_call, self.reach, self.sb_put, self.bb_put, self.call_put = (
            unsigned(w) for _ in range(5))
        self.bet_zero, self.raise_open, self.stack_over_call, self.nothing_to_call = (
            Signal(bool(0)) for _ in range(4))
        self.seat_onehot, self.out_mask = unsigned(rules.players), unsigned(rules.players)
        self.live_count, self.alive, self.first_alive, self.first_need, self.dealt_in = (
            unsigned(3) for _ in range(5))


@block(skipname=True)
def holdem_figures(clk, rst, chips, hand, fig, rules=Rules()):
    """fig (Figures) from chips (holdem_chips.Chips) and hand (holdem_hand.Hand): the seat
    Hand.seat's figures in three register stages, the seat ROMs combinational."""
    n = rules.players
    small_blind, big_blind = rules.small_blind, rules.big_blind
    w = rules.chip_bits

    ta_faced = unsigned(w)
    ta_acted, answer = Signal(bool(0)), Signal(bool(0))
    bet_ge = unsigned(n * n)          # bit i*n+j: street_bet[i] >= street_bet[j]
    below_bet = unsigned(n)           # street_bet[i] < current_bet
    gap = unsigned(w)
    needs = unsigned(n)
    answer_d, bet_ge_d, below_bet_d, needs_d = Signal(bool(0)), unsigned(n * n), unsigned(n), unsigned(n)

    next_needing = next_in_mask_table(n, skip=False)
    roms = [table_rom(hand.seat, fig.seat_onehot, onehot_table(n)),
            table_rom(chips.folded, fig.live_count, count_clear_table(n)),
            table_rom(chips.busted, fig.alive, count_clear_table(n)),
            table_rom(chips.busted, fig.first_alive, lowest_clear_table(n)),
            table_rom(fig.out_mask, fig.dealt_in, count_clear_table(n)),
            table_rom(ConcatSignal(hand.turn_from, needs), fig.first_need, next_needing)]

    @always_comb
    def not_dealt_in():
        fig.out_mask.next = chips.busted | chips.sitting

    @always_seq(clk.posedge, reset=rst)
    def derive1():
        """Stage 1: the worked seat's figures, pairwise bet order, who is left."""
        fig.ta_stack.next = chips.stacks[hand.seat]
        fig.ta_bet.next = chips.street_bet[hand.seat]
        ta_faced.next = chips.faced[hand.seat]
        fig.ta_committed.next = chips.committed[hand.seat]
        ta_acted.next = (chips.acted & fig.seat_onehot) != 0
        fig.min_raise_to.next = chips.current_bet + chips.min_raise
        fig.bet_zero.next = chips.current_bet == 0
        answer.next = answer_d
        bet_ge.next = bet_ge_d
        below_bet.next = below_bet_d

    # The seat loops of stages 1 and 2 are combinational, registered by the stages: a
    # simulator then runs them only when their inputs change, not on every clock.
    @always_comb
    def seat_order():
        someone = False
        for j in range(n):
            if not fig.seat_onehot[j] and not chips.folded[j] and not chips.all_in[j]:
                someone = True
        answer_d.next = someone
        order = intbv(0)[n * n:]
        below = intbv(0)[n:]
        for i in range(n):
            below[i] = chips.street_bet[i] < chips.current_bet
            for j in range(n):
                if i != j:
                    order[i * n + j] = chips.street_bet[i] >= chips.street_bet[j]
        bet_ge_d.next = order
        below_bet_d.next = below

    @always_seq(clk.posedge, reset=rst)
    def derive2():
        """Stage 2: amounts of the worked seat, and which seats still need to act."""
        if chips.current_bet > fig.ta_bet:
            fig.to_call.next = chips.current_bet - fig.ta_bet
        else:
            fig.to_call.next = 0
        fig.reach.next = fig.ta_bet + fig.ta_stack
        if chips.current_bet > ta_faced:
            gap.next = chips.current_bet - ta_faced
        else:
            gap.next = 0
        if fig.ta_stack < small_blind:
            fig.sb_put.next = fig.ta_stack
        else:
            fig.sb_put.next = small_blind
        if fig.ta_stack < big_blind:
            fig.bb_put.next = fig.ta_stack
        else:
            fig.bb_put.next = big_blind
        needs.next = needs_d

    @always_comb
    def seats_to_act():
        need = intbv(0)[n:]
        for i in range(n):
            others_all_in = True
            matches_all = True
            for j in range(n):
                if j != i and not chips.folded[j]:
                    if not chips.all_in[j]:
                        others_all_in = False
                    if not bet_ge[i * n + j]:
                        matches_all = False
            need[i] = (not chips.folded[i] and not chips.all_in[i]
                       and not (others_all_in and matches_all)
                       and (not chips.acted[i] or below_bet[i]))
        needs_d.next = need

    @always_seq(clk.posedge, reset=rst)
    def derive3():
        """Stage 3: may the worked seat raise, and what a call puts in."""
        fig.raise_open.next = (not ta_acted or gap >= chips.min_raise) and answer
        fig.stack_over_call.next = fig.ta_stack > fig.to_call
        fig.nothing_to_call.next = fig.to_call == 0
        if fig.ta_stack > fig.to_call:
            fig.call_put.next = fig.to_call
        else:
            fig.call_put.next = fig.ta_stack

    return instances()
