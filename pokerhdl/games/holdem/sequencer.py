"""The Hold'em table's sequencer: which step the table takes each clock, and nothing else.

Every other block of the table (holdem_judge, holdem_action, holdem_chips, holdem_hand,
holdem_deal) acts on the step this one holds, so the whole order of a command can be read
here: an action (judge, fold or apply, advance), the end of a hand (finish, settle, payout,
bust, phase), a deal (collect, check, commit, the two blinds), a seat sitting out or in and a
new game. After every change
of the registers the figures depend on, it waits in HT_WAIT until holdem_figures' pipeline has
caught up.
"""

from myhdl import block, always_seq, Signal, intbv

from ...golden.holdem.table import (FOLD, NO_SEAT, OK, PHASE_BETTING, PHASE_GAME_OVER, POST_BB,
                                    POST_SB, RIVER)
from ...golden.holdem.contract import OP_ACT, OP_DEAL, OP_NEW_GAME

STEPS = ("HT_IDLE", "HT_JUDGE1", "HT_JUDGE2", "HT_JUDGE3", "HT_FOLD", "HT_APPLY1", "HT_APPLY2",
         "HT_APPLY3", "HT_ADVANCE", "HT_FINISH", "HT_SETTLING", "HT_PAYOUT", "HT_BUST",
         "HT_PHASE", "HT_DEAL0", "HT_DEAL1", "HT_COLLECT", "HT_DEAL_TAIL", "HT_DEAL_CHECK",
         "HT_COMMIT", "HT_BLIND", "HT_BLIND_NEXT", "HT_NEW_GAME", "HT_WAIT", "HT_DONE", "HT_SIT")
WAIT_COUNT = 2          # HT_WAIT lasts WAIT_COUNT + 1 = 3 clocks: the derived-figure pipeline


@block(skipname=True)
def holdem_sequencer(clk, rst, state, t_state, cmd_valid, cmd_op, s_axis_tvalid, settled,
                     command, action, hand, fig, deal):
    """state (a Signal of t_state = enum(*STEPS)): the step, written here only.

    cmd_valid, cmd_op: holdem_table's ports (a command is taken in HT_IDLE); s_axis_tvalid: a
    deck card (taken in HT_COLLECT); settled: holdem_settle's done. command
    (holdem_judge.Command): the result so far and the action; action (holdem_action.Action):
    which blind was posted; hand (holdem_hand.Hand): phase and street; fig
    (holdem_figures.Figures): who is left and who acts next; deal (holdem_deal.Deal): the cards
    taken and whether the deck was bad.
    """
    wait_next = Signal(t_state.HT_IDLE)         # where HT_WAIT goes
    wait_count = Signal(intbv(0)[2:])           # its clocks left

    @always_seq(clk.posedge, reset=rst)
    def steps():
        if state == t_state.HT_IDLE:
            if cmd_valid:
                if cmd_op == OP_ACT:
                    state.next = t_state.HT_JUDGE1
                elif cmd_op == OP_DEAL:
                    if hand.phase == PHASE_GAME_OVER or hand.phase == PHASE_BETTING \
                            or fig.dealt_in < 2:
                        state.next = t_state.HT_DONE        # refused (holdem_judge)
                    else:
                        state.next = t_state.HT_DEAL0
                elif cmd_op == OP_NEW_GAME:
                    state.next = t_state.HT_NEW_GAME
                else:
                    state.next = t_state.HT_SIT             # refused or not: holdem_chips

        # ------------------------------------------------------------ act
        elif state == t_state.HT_JUDGE1:
            state.next = t_state.HT_JUDGE2
        elif state == t_state.HT_JUDGE2:
            state.next = t_state.HT_JUDGE3
        elif state == t_state.HT_JUDGE3:
            if command.code_q != OK:
                state.next = t_state.HT_DONE
            elif command.action_q == FOLD:
                state.next = t_state.HT_FOLD
            else:
                state.next = t_state.HT_APPLY1

        elif state == t_state.HT_FOLD:
            wait_count.next = WAIT_COUNT
            wait_next.next = t_state.HT_ADVANCE
            state.next = t_state.HT_WAIT
        elif state == t_state.HT_APPLY1:
            state.next = t_state.HT_APPLY2
        elif state == t_state.HT_APPLY2:
            if action.log_code == POST_SB or action.log_code == POST_BB:
                state.next = t_state.HT_BLIND_NEXT
            else:
                state.next = t_state.HT_APPLY3
        elif state == t_state.HT_APPLY3:
            wait_count.next = WAIT_COUNT
            wait_next.next = t_state.HT_ADVANCE
            state.next = t_state.HT_WAIT

        elif state == t_state.HT_ADVANCE:
            # golden Table._advance: next seat, next street (dealing the board), or the end
            if fig.live_count == 1:
                state.next = t_state.HT_FINISH
            elif fig.first_need != NO_SEAT:
                wait_count.next = WAIT_COUNT
                wait_next.next = t_state.HT_DONE
                state.next = t_state.HT_WAIT
            elif hand.street == RIVER:
                state.next = t_state.HT_FINISH
            else:
                wait_count.next = WAIT_COUNT
                wait_next.next = t_state.HT_ADVANCE
                state.next = t_state.HT_WAIT

        # ------------------------------------------------------------ end of a hand
        elif state == t_state.HT_FINISH:
            state.next = t_state.HT_SETTLING
        elif state == t_state.HT_SETTLING:
            if settled:
                state.next = t_state.HT_PAYOUT
        elif state == t_state.HT_PAYOUT:
            state.next = t_state.HT_BUST
        elif state == t_state.HT_BUST:
            wait_count.next = WAIT_COUNT
            wait_next.next = t_state.HT_PHASE
            state.next = t_state.HT_WAIT
        elif state == t_state.HT_PHASE:
            state.next = t_state.HT_DONE

        # ------------------------------------------------------------ deal
        elif state == t_state.HT_DEAL0:
            state.next = t_state.HT_DEAL1
        elif state == t_state.HT_DEAL1:
            state.next = t_state.HT_COLLECT
        elif state == t_state.HT_COLLECT:
            if s_axis_tvalid:
                if deal.taken == deal.last_take:
                    state.next = t_state.HT_DEAL_TAIL
        elif state == t_state.HT_DEAL_TAIL:
            state.next = t_state.HT_DEAL_CHECK      # the last card is placed this clock
        elif state == t_state.HT_DEAL_CHECK:
            if deal.bad_deck:
                state.next = t_state.HT_DONE
            else:
                state.next = t_state.HT_COMMIT
        elif state == t_state.HT_COMMIT:
            wait_count.next = WAIT_COUNT
            wait_next.next = t_state.HT_BLIND
            state.next = t_state.HT_WAIT
        elif state == t_state.HT_BLIND:
            state.next = t_state.HT_APPLY1
        elif state == t_state.HT_BLIND_NEXT:
            wait_count.next = WAIT_COUNT
            state.next = t_state.HT_WAIT
            if action.log_code == POST_SB:
                wait_next.next = t_state.HT_BLIND
            else:
                wait_next.next = t_state.HT_ADVANCE

        # ------------------------------------------------------------ new game
        elif state == t_state.HT_NEW_GAME:
            wait_count.next = WAIT_COUNT
            wait_next.next = t_state.HT_DONE
            state.next = t_state.HT_WAIT

        # ------------------------------------------------------------ sit out or in
        elif state == t_state.HT_SIT:
            state.next = t_state.HT_DONE            # only the seat masks the deal reads

        # ------------------------------------------------------------ common
        elif state == t_state.HT_WAIT:
            if wait_count == 0:
                state.next = wait_next
            else:
                wait_count.next = wait_count - 1

        else:   # HT_DONE
            state.next = t_state.HT_IDLE

    return steps
