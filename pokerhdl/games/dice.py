"""The 7 up 7 down table controller: golden/dice.py's DiceGame in hardware, command by command.

Commands (golden/dice_contract.py): OP_BID with cmd_amount and cmd_up (the bidder is the one
whose turn it is), OP_THROW (asks the dice source for two dice, only when both bids are in),
OP_NEW_GAME. Each command is taken on cmd_valid and cmd_ready and answered by one res_valid
pulse with its result code (golden OK or refusal: a refusal changes nothing).

Every observable is in a window (contract ``W``) read through a registered port, probe (the
terminal program, the tests); the display reads the six figures of contract VIEWS through a
port of its own, view. A command takes at most
about 14 clocks plus the dice's.
"""

from myhdl import (block, always_seq, always_comb, concat, enum, Signal, ResetSignal, intbv,
                   instances)

from ..golden.dice import (DRAW, MIN_BID, NO_WINNER, OK, PHASE_BID, PHASE_OVER, PHASE_THROW,
                           REF_BID_NEXT, REF_GAME_OVER, REF_OVER_LIMIT, REF_THROW_NEXT,
                           REF_UNDER_LEAST, SEVEN, DiceGame, Rules)
from ..golden.dice_contract import (AMOUNT_BITS, DIE_BITS, OP_BID, OP_BITS, OP_NEW_GAME,
                                    OP_THROW, RESULT_BITS, VIEW_BITS, VIEWS, W,
                                    WINDOW_BITS,
                                    window_bits)


class DiceState:
    """The table's registers, shared by its window ports."""

    def __init__(self, rules):
        u = window_bits(rules)          # wide enough for the bounds' bid-sized slices
        bid_bits = rules.max_bid.bit_length()

        def reg(bits, value=0):
            return Signal(intbv(value)[bits:])
        self.purse0, self.purse1, self.pool = reg(u, rules.purse), reg(u, rules.purse), reg(u)
        self.round = reg(rules.max_rounds.bit_length(), 1)
        self.first, self.bidder, self.last_bidder = (Signal(bool(0)) for _ in range(3))
        self.phase = reg(2, PHASE_BID)
        self.bid0, self.bid1 = reg(bid_bits), reg(bid_bits)
        self.up0, self.up1, self.take0, self.take1 = (Signal(bool(0)) for _ in range(4))
        self.die1, self.die2 = reg(DIE_BITS), reg(DIE_BITS)
        self.dsum, self.pair = reg(4), reg(7)
        self.winner = reg(2, NO_WINNER)
        opening = DiceGame(rules)               # the bounds of the first bid, after a reset
        self.limit, self.least = reg(bid_bits, opening.limit()), reg(bid_bits, opening.least())
        self.result = reg(RESULT_BITS)


@block
def window_port(clk, rst, s, addr, data, share):
    """data <= window[addr] one clock later (contract W); share: the deposit divisor, a power
    of two (a deposit is a bid's high bits)."""
    shift = share.bit_length() - 1
    assert share == 1 << shift
    a_bid = W["bid"]
    a_bidder = W["bidder"]
    a_deposit = W["deposit"]
    a_dice = W["dice"]
    a_die1 = W["die1"]
    a_die2 = W["die2"]
    a_first = W["first"]
    a_last_bidder = W["last_bidder"]
    a_least = W["least"]
    a_limit = W["limit"]
    a_phase = W["phase"]
    a_pool = W["pool"]
    a_purse = W["purse"]
    a_result = W["result"]
    a_round = W["round"]
    a_sum = W["sum"]
    a_take = W["take"]
    a_taken = W["taken"]
    a_up = W["up"]
    a_winner = W["winner"]
    a_bid1 = W["bid"] + 1
    a_deposit1 = W["deposit"] + 1
    a_purse1 = W["purse"] + 1
    a_take1 = W["take"] + 1
    a_up1 = W["up"] + 1

    @always_seq(clk.posedge, reset=rst)
    def read():
        d = intbv(0)[len(data):]
        if addr == a_purse:
            d[len(s.purse0):] = s.purse0
        elif addr == a_purse1:
            d[len(s.purse1):] = s.purse1
        elif addr == a_bid:
            d[len(s.bid0):] = s.bid0
        elif addr == a_bid1:
            d[len(s.bid1):] = s.bid1
        elif addr == a_up:
            d[0] = s.up0
        elif addr == a_up1:
            d[0] = s.up1
        elif addr == a_deposit:
            d[len(s.bid0) - shift:] = s.bid0[len(s.bid0):shift]
        elif addr == a_deposit1:
            d[len(s.bid1) - shift:] = s.bid1[len(s.bid1):shift]
        elif addr == a_take:
            d[0] = s.take0
        elif addr == a_take1:
            d[0] = s.take1
        elif addr == a_pool:
            d[len(s.pool):] = s.pool
        elif addr == a_round:
            d[len(s.round):] = s.round
        elif addr == a_first:
            d[0] = s.first
        elif addr == a_bidder:
            d[0] = s.bidder
        elif addr == a_phase:
            d[2:] = s.phase
        elif addr == a_limit:
            d[len(s.limit):] = s.limit
        elif addr == a_least:
            d[len(s.least):] = s.least
        elif addr == a_die1:
            d[len(s.die1):] = s.die1
        elif addr == a_die2:
            d[len(s.die2):] = s.die2
        elif addr == a_sum:
            d[4:] = s.dsum
        elif addr == a_winner:
            d[2:] = s.winner
        elif addr == a_last_bidder:
            d[0] = s.last_bidder
        elif addr == a_taken:
            d[0] = s.take0 or s.take1
        elif addr == a_result:
            d[len(s.result):] = s.result
        elif addr == a_dice:
            d[7:] = s.pair
        data.next = d

    return read


@block
def view_port(clk, rst, s, view, data):
    """data <= figure ``view`` of VIEWS, registered: six inputs, not the window's 25."""
    assert VIEWS == ("purse", "purse", "pool", "bid", "bid", "dice")

    @always_seq(clk.posedge, reset=rst)
    def read():
        d = intbv(0)[len(data):]
        if view == 0:
            d[len(s.purse0):] = s.purse0
        elif view == 1:
            d[len(s.purse1):] = s.purse1
        elif view == 2:
            d[len(s.pool):] = s.pool
        elif view == 3:
            d[len(s.bid0):] = s.bid0
        elif view == 4:
            d[len(s.bid1):] = s.bid1
        else:
            d[len(s.pair):] = s.pair
        data.next = d

    return read


# The datapath: one adder, driven by a micro-op register {dest[3], a[2], b[3], sub} that the
# control sets and the datapath carries out the next clock (purses, pool and the payable bound
# are written only there). One shared adder instead of one per register and update: the table
# is a slow game, clocks are free and LUTs are not.
D_NONE, D_PURSE0, D_PURSE1, D_POOL, D_PAYABLE = range(5)
A_ZERO, A_PURSE0, A_PURSE1, A_POOL = range(4)
B_ZERO, B_DEPOSIT, B_BID0, B_BID1, B_POOL, B_HALF, B_PURSE = range(7)
ADD, SUB = 0, 1
UOP_BITS = 9


def uop(dest, a, b, sub=ADD):
    return dest << 6 | a << 4 | b << 1 | sub


NOP = uop(D_NONE, A_ZERO, B_ZERO)
FILL0, FILL1 = uop(D_PURSE0, A_ZERO, B_PURSE), uop(D_PURSE1, A_ZERO, B_PURSE)
CLEAR_POOL = uop(D_POOL, A_ZERO, B_ZERO)
SPEND0, SPEND1 = uop(D_PURSE0, A_PURSE0, B_DEPOSIT, SUB), uop(D_PURSE1, A_PURSE1, B_DEPOSIT, SUB)
POOL_DEPOSIT = uop(D_POOL, A_POOL, B_DEPOSIT)
GAIN0, LOSE1 = uop(D_PURSE0, A_PURSE0, B_BID0), uop(D_PURSE1, A_PURSE1, B_BID0, SUB)
GAIN1, LOSE0 = uop(D_PURSE1, A_PURSE1, B_BID1), uop(D_PURSE0, A_PURSE0, B_BID1, SUB)
POOL_TO0, POOL_TO1 = uop(D_PURSE0, A_PURSE0, B_POOL), uop(D_PURSE1, A_PURSE1, B_POOL)
HALF_TO0, HALF_TO1 = uop(D_PURSE0, A_PURSE0, B_HALF), uop(D_PURSE1, A_PURSE1, B_HALF)
PAY0_FIRST, PAY0_SECOND = uop(D_PAYABLE, A_PURSE0, B_ZERO), uop(D_PAYABLE, A_PURSE0, B_BID1, SUB)
PAY1_FIRST, PAY1_SECOND = uop(D_PAYABLE, A_PURSE1, B_ZERO), uop(D_PAYABLE, A_PURSE1, B_BID0, SUB)
PAY_NONE = uop(D_PAYABLE, A_ZERO, B_ZERO)


@block
def dice_table(clk, rst, cmd_valid, cmd_ready, cmd_op, cmd_amount, cmd_up, dice_request,
               dice_data, dice_valid, dice_ready, res_valid, res_code, probe_addr, probe_data,
               view, view_data, phase, bidder, ups, winner, rules=Rules()):
    """The table (module docstring).

    cmd_valid/cmd_ready, cmd_op[2], cmd_amount[8], cmd_up: a command.
    dice_request: a one-clock pulse when an accepted throw wants dice; dice_data = {die 1,
        die 2} (3 bits each) is taken when dice_valid and dice_ready.
    res_valid, res_code[3]: the answer to each command, a one-clock pulse.
    probe_addr[5] -> probe_data: the window, one clock later.
    view[3] -> view_data: figure ``view`` of contract VIEWS (P1's purse, P2's, the pool, P1's
        bid, P2's, the dice as 10 x die 1 + die 2), one clock later.
    phase[2], bidder, ups[2] (bit p: player p's guess is up), winner[2]: for the panel.
    """
    s = DiceState(rules)
    u = len(s.pool)
    bid_bits = len(s.bid0)
    share = rules.deposit_share
    shift = share.bit_length() - 1
    assert share == 1 << shift and rules.max_bid == (1 << bid_bits) - 1
    assert rules.total < 1 << u and len(cmd_amount) == AMOUNT_BITS
    mask = (1 << u) - 1

    t_state = enum("T_IDLE", "T_CHECK", "T_NEW1", "T_NEW2", "T_APPLY", "T_DEPOSIT", "T_DICE",
                   "T_SUM", "T_TAKERS", "T_TAKE0", "T_TAKE0B", "T_TAKE1", "T_TAKE1B",
                   "T_TAKEN", "T_ENDS", "T_END", "T_END2", "T_END3", "T_SETTLE", "T_BOUNDS",
                   "T_BOUNDED", "T_CLAMP", "T_LIMIT", "T_LEAST", "T_DONE")
    state = Signal(t_state.T_IDLE)
    op_q = Signal(intbv(0)[OP_BITS:])
    amount_q = Signal(intbv(0)[AMOUNT_BITS:])
    up_q = Signal(bool(0))
    over_q, under_q, draw = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    deposit = Signal(intbv(0)[bid_bits - shift:])
    bound, payable = Signal(intbv(0)[u:]), Signal(intbv(0)[u:])
    bound7, payable7 = Signal(intbv(0)[bid_bits:]), Signal(intbv(0)[bid_bits:])
    empty0, empty1, last_round, richer0, richer1 = (Signal(bool(0)) for _ in range(5))
    max_rounds = Signal(intbv(rules.max_rounds)[len(s.round):])
    max_bid = Signal(intbv(rules.max_bid)[bid_bits:])
    min_bid = Signal(intbv(MIN_BID)[bid_bits:])
    seven = Signal(intbv(SEVEN)[4:])
    zero_units = Signal(intbv(0)[u:])
    big_payable = Signal(intbv(rules.max_bid >> shift)[u:])   # payable above this: no bound
    op = Signal(intbv(NOP)[UOP_BITS:])
    a_val, b_val, result = (Signal(intbv(0)[u:]) for _ in range(3))

    @always_comb
    def deposit_of_amount():
        deposit.next = amount_q[bid_bits:shift]

    @always_comb
    def operand_a():
        a = op[6:4]
        if a == A_PURSE0:
            a_val.next = s.purse0
        elif a == A_PURSE1:
            a_val.next = s.purse1
        elif a == A_POOL:
            a_val.next = s.pool
        else:
            a_val.next = 0

    @always_comb
    def operand_b():
        b = op[4:1]
        v = intbv(0)[u:]
        if b == B_DEPOSIT:
            v[len(deposit):] = deposit
        elif b == B_BID0:
            v[bid_bits:] = s.bid0
        elif b == B_BID1:
            v[bid_bits:] = s.bid1
        elif b == B_POOL:
            v[:] = s.pool
        elif b == B_HALF:
            v[u - 1:] = s.pool[u:1]
        elif b == B_PURSE:
            v[:] = rules.purse
        if op[0]:
            b_val.next = v ^ mask
        else:
            b_val.next = v

    @always_comb
    def adder():
        t = intbv(0)[u + 2:]
        t[:] = a_val + b_val + op[0]
        result.next = t[u:]

    @always_seq(clk.posedge, reset=rst)
    def datapath():
        dest = op[UOP_BITS:6]
        if dest == D_PURSE0:
            s.purse0.next = result
        elif dest == D_PURSE1:
            s.purse1.next = result
        elif dest == D_POOL:
            s.pool.next = result
        elif dest == D_PAYABLE:
            payable.next = result

    @always_comb
    def outputs():
        cmd_ready.next = state == t_state.T_IDLE
        dice_ready.next = state == t_state.T_DICE
        res_valid.next = state == t_state.T_DONE
        res_code.next = s.result
        phase.next = s.phase
        bidder.next = s.bidder
        ups.next = concat(s.up1, s.up0)
        winner.next = s.winner

    @always_seq(clk.posedge, reset=rst)
    def control():
        dice_request.next = 0
        op.next = NOP
        if state == t_state.T_IDLE:
            if cmd_valid:
                op_q.next = cmd_op
                amount_q.next = cmd_amount
                up_q.next = cmd_up
                state.next = t_state.T_CHECK
        elif state == t_state.T_CHECK:
            over_q.next = amount_q > s.limit
            under_q.next = amount_q < s.least
            if op_q == OP_NEW_GAME:
                s.round.next = 1
                s.first.next = 0
                s.bidder.next = 0
                s.last_bidder.next = 0
                s.phase.next = PHASE_BID
                s.bid0.next = 0
                s.bid1.next = 0
                s.up0.next = 0
                s.up1.next = 0
                s.take0.next = 0
                s.take1.next = 0
                s.die1.next = 0
                s.die2.next = 0
                s.dsum.next = 0
                s.pair.next = 0
                s.winner.next = NO_WINNER
                s.result.next = OK
                op.next = FILL0
                state.next = t_state.T_NEW1
            elif op_q != OP_BID and op_q != OP_THROW:
                s.result.next = OK
                state.next = t_state.T_DONE
            elif s.phase == PHASE_OVER:
                s.result.next = REF_GAME_OVER
                state.next = t_state.T_DONE
            elif op_q == OP_BID and s.phase == PHASE_THROW:
                s.result.next = REF_THROW_NEXT
                state.next = t_state.T_DONE
            elif op_q == OP_THROW and s.phase == PHASE_BID:
                s.result.next = REF_BID_NEXT
                state.next = t_state.T_DONE
            elif op_q == OP_THROW:
                s.result.next = OK
                dice_request.next = 1
                state.next = t_state.T_DICE
            else:
                state.next = t_state.T_APPLY
        elif state == t_state.T_NEW1:
            op.next = FILL1
            state.next = t_state.T_NEW2
        elif state == t_state.T_NEW2:
            op.next = CLEAR_POOL
            state.next = t_state.T_SETTLE
        elif state == t_state.T_APPLY:
            if over_q:
                s.result.next = REF_OVER_LIMIT
                state.next = t_state.T_DONE
            elif under_q:
                s.result.next = REF_UNDER_LEAST
                state.next = t_state.T_DONE
            else:
                s.result.next = OK
                if s.bidder:
                    s.bid1.next = amount_q[bid_bits:]
                    s.up1.next = up_q
                    op.next = SPEND1
                else:
                    s.bid0.next = amount_q[bid_bits:]
                    s.up0.next = up_q
                    op.next = SPEND0
                s.last_bidder.next = s.bidder
                if s.bidder == s.first:
                    s.bidder.next = not s.bidder
                else:
                    s.phase.next = PHASE_THROW
                state.next = t_state.T_DEPOSIT
        elif state == t_state.T_DEPOSIT:
            op.next = POOL_DEPOSIT
            state.next = t_state.T_SETTLE
        elif state == t_state.T_DICE:
            if dice_valid:
                s.die1.next = dice_data[2 * DIE_BITS:DIE_BITS]
                s.die2.next = dice_data[DIE_BITS:]
                state.next = t_state.T_SUM
        elif state == t_state.T_SUM:
            s.dsum.next = s.die1 + s.die2
            s.pair.next = concat(s.die1, intbv(0)[3:]) + concat(s.die1, intbv(0)[1:]) + s.die2
            state.next = t_state.T_TAKERS
        elif state == t_state.T_TAKERS:
            if s.dsum == seven:
                s.take0.next = s.bid0 > s.bid1
                s.take1.next = s.bid1 > s.bid0
            else:
                s.take0.next = s.up0 == (s.dsum > seven)
                s.take1.next = s.up1 == (s.dsum > seven)
            state.next = t_state.T_TAKE0
        # a taker's gain first, then the other's loss: no purse goes below zero on the way
        elif state == t_state.T_TAKE0:
            if s.take0:
                op.next = GAIN0
            state.next = t_state.T_TAKE0B
        elif state == t_state.T_TAKE0B:
            if s.take0:
                op.next = LOSE1
            state.next = t_state.T_TAKE1
        elif state == t_state.T_TAKE1:
            if s.take1:
                op.next = GAIN1
            state.next = t_state.T_TAKE1B
        elif state == t_state.T_TAKE1B:
            if s.take1:
                op.next = LOSE0
            state.next = t_state.T_TAKEN
        elif state == t_state.T_TAKEN:
            state.next = t_state.T_ENDS
        elif state == t_state.T_ENDS:
            empty0.next = s.purse0 == zero_units
            empty1.next = s.purse1 == zero_units
            last_round.next = s.round == max_rounds
            richer0.next = s.purse0 > s.purse1
            richer1.next = s.purse1 > s.purse0
            state.next = t_state.T_END
        elif state == t_state.T_END:
            draw.next = 0
            if empty0 or empty1 or last_round:
                s.phase.next = PHASE_OVER
                if empty1 or (not empty0 and richer0):
                    s.winner.next = 0
                    op.next = POOL_TO0
                elif empty0 or richer1:
                    s.winner.next = 1
                    op.next = POOL_TO1
                else:
                    s.winner.next = DRAW
                    draw.next = 1
                    op.next = HALF_TO0
            else:
                s.round.next = s.round + 1
                s.first.next = not s.first
                s.bidder.next = not s.first
                s.phase.next = PHASE_BID
            state.next = t_state.T_END2
        elif state == t_state.T_END2:
            if draw:
                op.next = HALF_TO1
            state.next = t_state.T_END3
        elif state == t_state.T_END3:
            if s.phase == PHASE_OVER:
                op.next = CLEAR_POOL
            state.next = t_state.T_SETTLE
        elif state == t_state.T_SETTLE:             # the last micro-op lands
            state.next = t_state.T_BOUNDS
        elif state == t_state.T_BOUNDS:
            # the bidder's bounds: the other's purse, and what its own purse can pay (the
            # second bidder's purse always holds the first bid)
            if s.phase != PHASE_BID:
                bound.next = 0
                op.next = PAY_NONE
            elif s.bidder:
                bound.next = s.purse0
                if s.first:
                    op.next = PAY1_FIRST
                else:
                    op.next = PAY1_SECOND
            else:
                bound.next = s.purse1
                if s.first:
                    op.next = PAY0_SECOND
                else:
                    op.next = PAY0_FIRST
            state.next = t_state.T_BOUNDED
        elif state == t_state.T_BOUNDED:
            state.next = t_state.T_CLAMP
        elif state == t_state.T_CLAMP:
            if bound > max_bid:
                bound7.next = max_bid
            else:
                bound7.next = bound[bid_bits:]
            if payable > big_payable:
                payable7.next = max_bid
            else:
                payable7.next = concat(payable[bid_bits - shift:], intbv(share - 1)[shift:])
            state.next = t_state.T_LIMIT
        elif state == t_state.T_LIMIT:
            if s.phase != PHASE_BID:
                s.limit.next = 0
            elif bound7 < payable7:
                s.limit.next = bound7
            else:
                s.limit.next = payable7
            state.next = t_state.T_LEAST
        elif state == t_state.T_LEAST:
            if s.limit < min_bid:
                s.least.next = s.limit
            else:
                s.least.next = min_bid
            state.next = t_state.T_DONE
        else:                                   # T_DONE: res_valid
            state.next = t_state.T_IDLE

    probe = window_port(clk, rst, s, probe_addr, probe_data, share)
    shown = view_port(clk, rst, s, view, view_data)
    return instances()


def table_ports(rules=Rules()):
    """Fresh signals for every port of dice_table."""
    def bit():
        return Signal(bool(0))

    def u(n):
        return Signal(intbv(0)[n:])
    data_bits = window_bits(rules)
    return dict(clk=bit(), rst=ResetSignal(0, active=1, isasync=False), cmd_valid=bit(),
                cmd_ready=bit(), cmd_op=u(OP_BITS), cmd_amount=u(AMOUNT_BITS), cmd_up=bit(),
                dice_request=bit(), dice_data=u(2 * DIE_BITS), dice_valid=bit(),
                dice_ready=bit(), res_valid=bit(), res_code=u(RESULT_BITS),
                probe_addr=u(WINDOW_BITS), probe_data=u(data_bits), view=u(VIEW_BITS),
                view_data=u(data_bits), phase=u(2), bidder=bit(), ups=u(2), winner=u(2))


def dice_table_top(purse=1008, max_bid=127, deposit_share=4, max_rounds=100):
    """dice_table with fresh port signals, for conversion."""
    rules = Rules(purse, max_bid, deposit_share, max_rounds)
    return dice_table(rules=rules, **table_ports(rules))
