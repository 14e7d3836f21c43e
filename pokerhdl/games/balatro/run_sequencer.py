"""The run controller's step: the order of every move of BalatroRun in clocks.

The steps are the base game's (balatro.STEPS: game_hand of game.py takes its cards by
them) and the run's own: judge and branch (run_move), wait (the scorer's round on the
play's own mask), add (the score's high part), payout, and stock (the shop's draws)."""

from myhdl import block, always_seq

from ...golden.balatro.game import ACT_DISCARD, ACT_NEW_RUN, ACT_PLAY, ACT_SORT_SUIT, HAND_SLOTS
from ...golden.balatro.run import ACT_LEAVE, ACT_REROLL
from .game import STEPS

RUN_STEPS = STEPS + ("BAL_JUDGE", "BAL_BRANCH", "BAL_WAIT", "BAL_ADD", "BAL_PAYOUT",
                     "BAL_STOCK")


@block(skipname=True)
def run_sequencer(clk, rst, state, st, step, cmd_valid, move, accept, ended, reached,
                  last_blind, draw_more, hand_empty, scored_done, stocked, restart_at):
    """state (a Signal of st = enum(*RUN_STEPS)), written here only, with step (the wait, the
    slot removed, the sort's pass). cmd_valid: the command; move (RunMove): the op; accept:
    the answer is OK (branch step); ended, reached, last_blind: the blind is over, reached its
    target, is the run's last; draw_more, hand_empty: the hand takes another card, the deck
    is drained; scored_done: the scorer's round ended; stocked: the shop is drawn;
    restart_at: the score step at which the scorer restarts on the play's own mask."""
    last_slot = HAND_SLOTS - 1
    sorted_at = 2 * HAND_SLOTS - 1

    @always_seq(clk.posedge, reset=rst)
    def steps():
        if state == st.BAL_IDLE:
            if cmd_valid:
                state.next = st.BAL_CHECK
        elif state == st.BAL_CHECK:
            state.next = st.BAL_JUDGE
        elif state == st.BAL_JUDGE:
            state.next = st.BAL_BRANCH
        elif state == st.BAL_BRANCH:
            step.next = 0
            if not accept:
                state.next = st.BAL_DONE
            elif move.op == ACT_NEW_RUN or move.op == ACT_LEAVE:
                state.next = st.BAL_DRAIN
            elif move.op == ACT_PLAY:
                state.next = st.BAL_SCORE
            elif move.op == ACT_DISCARD:
                step.next = last_slot
                state.next = st.BAL_COMPACT
            elif move.op <= ACT_SORT_SUIT:
                state.next = st.BAL_SORT
            elif move.op == ACT_REROLL:
                state.next = st.BAL_STOCK
            else:
                state.next = st.BAL_DONE            # buy, sell, move: done in the branch
        elif state == st.BAL_SCORE:
            step.next = step + 1
            if step == restart_at:
                state.next = st.BAL_WAIT
        elif state == st.BAL_WAIT:
            if scored_done:
                state.next = st.BAL_ADD
        elif state == st.BAL_ADD:
            step.next = last_slot
            state.next = st.BAL_COMPACT
        elif state == st.BAL_COMPACT:
            step.next = step - 1
            if step == 0:
                state.next = st.BAL_DRAW
        elif state == st.BAL_DRAW:
            if not draw_more:
                state.next = st.BAL_SETTLE
        elif state == st.BAL_SETTLE:
            state.next = st.BAL_DONE
            if ended and reached:
                state.next = st.BAL_PAYOUT
        elif state == st.BAL_PAYOUT:
            state.next = st.BAL_STOCK
            if last_blind:
                state.next = st.BAL_DONE
        elif state == st.BAL_STOCK:
            if stocked:
                state.next = st.BAL_DONE
        elif state == st.BAL_SORT:
            step.next = step + 1
            if step == sorted_at:
                state.next = st.BAL_DONE
        elif state == st.BAL_DRAIN:
            if hand_empty:
                state.next = st.BAL_DRAW
        else:   # BAL_DONE
            state.next = st.BAL_IDLE

    return steps
