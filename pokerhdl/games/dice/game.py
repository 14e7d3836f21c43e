"""The dice table's game: the round, whose turn it is, the bids and guesses, the phase, and the
end of a round (who is out of chips, who is richer, the winner).
"""

from myhdl import block, always_seq, Signal, intbv

from ...golden.dice.game import DRAW, NO_WINNER, PHASE_BID, PHASE_OVER, PHASE_THROW, Rules
from ...golden.dice.contract import OP_NEW_GAME
from ...rtl.signals import unsigned



class Game:
    """The game's registers (golden dice.DiceGame's), written by dice_game only.

    round (1..max_rounds), first (who bids first this round), bidder (whose turn), last_bidder,
    phase; per player bid0/bid1 and up0/up1 (the guess); winner. The end of a round: empty0,
    empty1 (a purse is empty), last_round, richer0, richer1; draw (the pool is shared).
    """

    def __init__(self, rules=Rules()):
        bid_bits = rules.max_bid.bit_length()
        self.round = unsigned(rules.max_rounds.bit_length(), 1)
        self.first, self.bidder, self.last_bidder = (Signal(bool(0)) for _ in range(3))
        self.phase = unsigned(2, PHASE_BID)
        self.bid0, self.bid1 = unsigned(bid_bits), unsigned(bid_bits)
        self.up0, self.up1 = Signal(bool(0)), Signal(bool(0))
        self.winner = unsigned(2, NO_WINNER)
        self.empty0, self.empty1, self.last_round, self.richer0, self.richer1, self.draw = (
            Signal(bool(0)) for _ in range(6))


@block(skipname=True)
def dice_game(clk, rst, state, t_state, game, command, purses, rules=Rules()):
    """game (Game) step by step: state/t_state the sequencer's step; command
    (dice_command.Command) the command taken and its checks; purses (dice_purses.Purses) the
    purses at the end of a round."""
    bid_bits = len(game.bid0)
    max_rounds = Signal(intbv(rules.max_rounds)[len(game.round):])
    zero_units = Signal(intbv(0)[len(purses.pool):])

    @always_seq(clk.posedge, reset=rst)
    def turns():
        if state == t_state.T_CHECK:
            if command.op == OP_NEW_GAME:
                game.round.next = 1
                game.first.next = 0
                game.bidder.next = 0
                game.last_bidder.next = 0
                game.phase.next = PHASE_BID
                game.bid0.next = 0
                game.bid1.next = 0
                game.up0.next = 0
                game.up1.next = 0
                game.winner.next = NO_WINNER
        elif state == t_state.T_APPLY:
            if not command.over and not command.under:
                if game.bidder:
                    game.bid1.next = command.amount[bid_bits:]
                    game.up1.next = command.up
                else:
                    game.bid0.next = command.amount[bid_bits:]
                    game.up0.next = command.up
                game.last_bidder.next = game.bidder
                if game.bidder == game.first:
                    game.bidder.next = not game.bidder
                else:
                    game.phase.next = PHASE_THROW
        elif state == t_state.T_ENDS:
            game.empty0.next = purses.purse0 == zero_units
            game.empty1.next = purses.purse1 == zero_units
            game.last_round.next = game.round == max_rounds
            game.richer0.next = purses.purse0 > purses.purse1
            game.richer1.next = purses.purse1 > purses.purse0
        elif state == t_state.T_END:
            game.draw.next = 0
            if game.empty0 or game.empty1 or game.last_round:
                game.phase.next = PHASE_OVER
                if game.empty1 or (not game.empty0 and game.richer0):
                    game.winner.next = 0
                elif game.empty0 or game.richer1:
                    game.winner.next = 1
                else:
                    game.winner.next = DRAW
                    game.draw.next = 1
            else:
                game.round.next = game.round + 1
                game.first.next = not game.first
                game.bidder.next = not game.first
                game.phase.next = PHASE_BID
        else:
            pass                    # the other steps leave the game as it is

    return turns
