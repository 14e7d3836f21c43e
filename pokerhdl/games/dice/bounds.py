"""The dice table's bounds: the least and the most the next bidder may bid (golden
DiceGame.least and limit): at most the other's purse and what the bidder's own purse can pay,
never above the largest bid."""

from myhdl import block, always_seq, concat, Signal, intbv

from ...golden.dice.game import MIN_BID, PHASE_BID, DiceGame, Rules
from ...golden.dice.contract import window_bits


class Bounds:
    """The bounds, written by dice_bounds only: limit, least (shown in the window); bound (the
    other's purse), bound7 and payable7 (both clamped to a bid) on the way."""

    def __init__(self, rules=Rules()):
        u = window_bits(rules)
        bid_bits = rules.max_bid.bit_length()
        opening = DiceGame(rules)               # the bounds of the first bid, after a reset
        self.limit = Signal(intbv(opening.limit())[bid_bits:])
        self.least = Signal(intbv(opening.least())[bid_bits:])
        self.bound = Signal(intbv(0)[u:])
        self.bound7, self.payable7 = Signal(intbv(0)[bid_bits:]), Signal(intbv(0)[bid_bits:])


@block(skipname=True)
def dice_bounds(clk, rst, state, t_state, bounds, game, purses, rules=Rules()):
    """bounds (Bounds) step by step: state/t_state the sequencer's step; game (dice_game.Game)
    the phase, the bidder and who bid first; purses (dice_purses.Purses) the purses and payable
    (what the bidder's purse can pay, worked out by the shared adder)."""
    bid_bits = len(bounds.limit)
    share = rules.deposit_share
    shift = share.bit_length() - 1
    max_bid = Signal(intbv(rules.max_bid)[bid_bits:])
    min_bid = Signal(intbv(MIN_BID)[bid_bits:])
    big_payable = Signal(intbv(rules.max_bid >> shift)[len(purses.payable):])  # above: no bound

    @always_seq(clk.posedge, reset=rst)
    def clamp():
        if state == t_state.T_BOUNDS:
            # the bidder's bounds: the other's purse, and what its own purse can pay (the
            # second bidder's purse always holds the first bid: dice_purses)
            if game.phase != PHASE_BID:
                bounds.bound.next = 0
            elif game.bidder:
                bounds.bound.next = purses.purse0
            else:
                bounds.bound.next = purses.purse1
        elif state == t_state.T_CLAMP:
            if bounds.bound > max_bid:
                bounds.bound7.next = max_bid
            else:
                bounds.bound7.next = bounds.bound[bid_bits:]
            if purses.payable > big_payable:
                bounds.payable7.next = max_bid
            else:
                bounds.payable7.next = concat(purses.payable[bid_bits - shift:],
                                              intbv(share - 1)[shift:])
        elif state == t_state.T_LIMIT:
            if game.phase != PHASE_BID:
                bounds.limit.next = 0
            elif bounds.bound7 < bounds.payable7:
                bounds.limit.next = bounds.bound7
            else:
                bounds.limit.next = bounds.payable7
        elif state == t_state.T_LEAST:
            if bounds.limit < min_bid:
                bounds.least.next = bounds.limit
            else:
                bounds.least.next = min_bid
        else:
            pass                    # the other steps leave the bounds as they are

    return clamp
