"""The equity lane's run: start, the quota counted down, the drain, done.

A start primes the slots' streams (PRIME), deals a trial every clock (RUN: ``issue``) until the
quota's trials are counted (or, in exact mode, its boards dealt), lets the pipeline drain
(DRAIN, ``depth`` clocks) and raises ``done`` (IDLE). ``counting`` says which trials leaving
the showdown count: in a Monte Carlo run those before the quota is reached, in an exact run
every one.
"""

from myhdl import always_comb, always_seq, block, enum, instances, intbv, Signal

from .lane_tally import TRIAL_BITS, chunked_counter


@block(skipname=True)
def lane_control(clk, rst, start, quota, bonus, exact, board_step, board_due, won_valid, depth,
                 issue, prime, counting, done, start_q):
    """quota[40], bonus: the run's trials (+ 1 with bonus); board_step: the odometer finished a
    board (exact); board_due: it would on a deal now; won_valid: a trial leaves the showdown;
    start_q: start, a clock later (the counters' clears follow it)."""
    State = enum("IDLE", "PRIME", "RUN", "DRAIN")
    state = Signal(State.IDLE)
    drain = Signal(intbv(0)[8:])
    done_q = Signal(bool(1))
    # trials still to count: a down counter; left_zero is exactly "none left" every clock
    left_zero, quota_zero = Signal(bool(1)), Signal(bool(0))
    low_one, low_two, high_zero = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    last_one = Signal(bool(0))                   # this step is the last of the quota
    extra, quota_was_zero = Signal(bool(0)), Signal(bool(0))   # the bonus trial still to count
    count_one = Signal(intbv(0)[1:])
    step_one = Signal(bool(0))                   # a trial (Monte Carlo) or board (exact) done
    # step_one without its "not left_zero" term, for left_zero's own update: once set,
    # left_zero stays until start (extra is clear by then), and the term made its enable run
    # from left_zero through the odometer (placed with the dealer) and back
    stepped = Signal(bool(0))
    unused, unread, no_shift = Signal(intbv(0)[8:]), Signal(intbv(0)[8:]), Signal(bool(0))
    # the quota is loaded a clock after start, and the counters cleared one after another
    # (lane_tally.py): nothing counts for many clocks after a start, and one clear net to every
    # counter of every lane (yosys merges equal registers of the lanes) left no time for their
    # logic
    left = chunked_counter(clk, rst, no_shift, start_q, quota, no_shift, unused, unread,
                           count_one, [8] * (TRIAL_BITS // 8), down=True, low_one=low_one,
                           high_zero=high_zero, low_two=low_two)

    @always_comb
    def control_out():
        prime.next = state == State.PRIME
        done.next = done_q
        if exact:
            step_one.next = board_step
            stepped.next = state == State.RUN and board_due
        else:
            step_one.next = counting
            stepped.next = won_valid and state == State.RUN
        quota_zero.next = quota == 0
        # the counter takes a step a clock after it happens (count_one, registered: no adder
        # after the odometer's carries), so one step may still be on its way into it
        if count_one:
            last_one.next = low_two and high_zero
        else:
            last_one.next = low_one and high_zero

    @always_seq(clk.posedge, reset=rst)
    def start_register():
        start_q.next = start

    @always_seq(clk.posedge, reset=rst)
    def step_counted():
        if step_one and not extra:
            count_one.next = 1
        else:
            count_one.next = 0

    @always_seq(clk.posedge, reset=rst)
    def zero_left():
        # a borrow is never pending when the low chunk is 0, 1 or 2 (it wrapped >= 253 counts
        # ago)
        if start:
            left_zero.next = quota_zero and not bonus
            extra.next = bonus
            quota_was_zero.next = quota_zero
        elif stepped and extra:
            extra.next = False                   # the bonus trial: the counter stays
            if quota_was_zero:
                left_zero.next = True
        elif stepped and last_one:
            left_zero.next = True

    # issue (RUN and not left_zero) a clock ahead, from the same terms as state's and
    # left_zero's next values: one register drives the whole dealer, where left_zero, placed
    # with the lane's control, reached the odometer's digit enables through its logic
    @always_seq(clk.posedge, reset=rst)
    def issue_ahead():
        if start:
            issue.next = False
        elif state == State.PRIME or issue:
            if left_zero:
                issue.next = False
            elif stepped and extra:
                issue.next = not quota_was_zero
            elif stepped and last_one:
                issue.next = False
            else:
                issue.next = True
        else:
            issue.next = False

    @always_seq(clk.posedge, reset=rst)
    def control():
        if start:
            state.next = State.PRIME
            done_q.next = False
        elif state == State.PRIME:
            state.next = State.RUN
        elif state == State.RUN:
            if left_zero:
                drain.next = depth
                state.next = State.DRAIN
        elif state == State.DRAIN:
            if drain == 0:
                state.next = State.IDLE
                done_q.next = True
            else:
                drain.next = drain - 1

    @always_comb
    def count_gate():
        if exact:       # only the deals of the share were issued: count every one
            counting.next = won_valid and (state == State.RUN or state == State.DRAIN)
        else:
            counting.next = won_valid and not left_zero and state == State.RUN

    return instances()
