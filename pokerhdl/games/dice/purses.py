"""The dice table's purses: both purses, the pool and what the bidder can pay, moved by one
shared adder.

The adder is driven by a micro-op register op = {dest[3], a[2], b[3], sub} that this block sets
from the sequencer's step and carries out the next clock (purses, pool and the payable bound are
written only there). One shared adder instead of one per register and update: the table is a
slow game, clocks are free and LUTs are not.
"""

from myhdl import block, always_seq, always_comb, Signal, intbv

from ...golden.dice.game import PHASE_BID, PHASE_OVER, Rules
from ...golden.dice.contract import OP_NEW_GAME, window_bits

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


class Purses:
    """The chips, written by dice_purses only: purse0, purse1, pool, and payable (what the
    bidder's purse can pay, for dice_bounds)."""

    def __init__(self, rules=Rules()):
        u = window_bits(rules)          # wide enough for the bounds' bid-sized slices
        self.purse0, self.purse1 = Signal(intbv(rules.purse)[u:]), Signal(intbv(rules.purse)[u:])
        self.pool, self.payable = Signal(intbv(0)[u:]), Signal(intbv(0)[u:])


@block(skipname=True)
def dice_purses(clk, rst, state, t_state, purses, command, game, throw, rules=Rules()):
    """purses (Purses) step by step: state/t_state the sequencer's step; command
    (dice_command.Command) the command and its deposit; game (dice_game.Game) the bids, the
    bidder and the end of a round; throw (dice_throw.Throw) who takes."""
    u = len(purses.pool)
    bid_bits = len(game.bid0)
    shift = rules.deposit_share.bit_length() - 1
    mask = (1 << u) - 1
    deposit = Signal(intbv(0)[bid_bits - shift:])
    op = Signal(intbv(NOP)[UOP_BITS:])
    a_val, b_val, result = (Signal(intbv(0)[u:]) for _ in range(3))

    @always_seq(clk.posedge, reset=rst)
    def micro_ops():     # (not "program": a SystemVerilog keyword)
        op.next = NOP
        if state == t_state.T_CHECK:
            if command.op == OP_NEW_GAME:
                op.next = FILL0
        elif state == t_state.T_NEW1:
            op.next = FILL1
        elif state == t_state.T_NEW2:
            op.next = CLEAR_POOL
        elif state == t_state.T_APPLY:
            if not command.over and not command.under:
                if game.bidder:
                    op.next = SPEND1
                else:
                    op.next = SPEND0
        elif state == t_state.T_DEPOSIT:
            op.next = POOL_DEPOSIT
        # a taker's gain first, then the other's loss: no purse goes below zero on the way
        elif state == t_state.T_TAKE0:
            if throw.take0:
                op.next = GAIN0
        elif state == t_state.T_TAKE0B:
            if throw.take0:
                op.next = LOSE1
        elif state == t_state.T_TAKE1:
            if throw.take1:
                op.next = GAIN1
        elif state == t_state.T_TAKE1B:
            if throw.take1:
                op.next = LOSE0
        elif state == t_state.T_END:
            if game.empty0 or game.empty1 or game.last_round:
                if game.empty1 or (not game.empty0 and game.richer0):
                    op.next = POOL_TO0
                elif game.empty0 or game.richer1:
                    op.next = POOL_TO1
                else:
                    op.next = HALF_TO0
        elif state == t_state.T_END2:
            if game.draw:
                op.next = HALF_TO1
        elif state == t_state.T_END3:
            if game.phase == PHASE_OVER:
                op.next = CLEAR_POOL
        elif state == t_state.T_BOUNDS:
            # what the bidder's purse can pay (the second bidder's purse always holds the
            # first bid)
            if game.phase != PHASE_BID:
                op.next = PAY_NONE
            elif game.bidder:
                if game.first:
                    op.next = PAY1_FIRST
                else:
                    op.next = PAY1_SECOND
            else:
                if game.first:
                    op.next = PAY0_SECOND
                else:
                    op.next = PAY0_FIRST
        else:
            pass                    # the other steps move no chips

    @always_comb
    def deposit_of_amount():
        deposit.next = command.amount[bid_bits:shift]

    @always_comb
    def operand_a():
        a = op[6:4]
        if a == A_PURSE0:
            a_val.next = purses.purse0
        elif a == A_PURSE1:
            a_val.next = purses.purse1
        elif a == A_POOL:
            a_val.next = purses.pool
        else:
            a_val.next = 0

    @always_comb
    def operand_b():
        b = op[4:1]
        v = intbv(0)[u:]
        if b == B_DEPOSIT:
            v[len(deposit):] = deposit
        elif b == B_BID0:
            v[bid_bits:] = game.bid0
        elif b == B_BID1:
            v[bid_bits:] = game.bid1
        elif b == B_POOL:
            v[:] = purses.pool
        elif b == B_HALF:
            v[u - 1:] = purses.pool[u:1]
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
            purses.purse0.next = result
        elif dest == D_PURSE1:
            purses.purse1.next = result
        elif dest == D_POOL:
            purses.pool.next = result
        elif dest == D_PAYABLE:
            purses.payable.next = result

    return micro_ops, deposit_of_amount, operand_a, operand_b, adder, datapath
