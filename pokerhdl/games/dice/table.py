"""The 7 up 7 down table controller: golden/dice/game.py's DiceGame in hardware, command by command.

Commands (golden/dice/contract.py): OP_BID with cmd_amount and cmd_up (the bidder is the one
whose turn it is), OP_THROW (asks the dice source for two dice, only when both bids are in),
OP_NEW_GAME. Each command is taken on cmd_valid and cmd_ready and answered by one res_valid
pulse with its result code (golden OK or refusal: a refusal changes nothing).

Every observable is in a window (contract ``W``) read through a registered port, probe (the
terminal program, the tests); the display reads the six figures of contract VIEWS through a
port of its own, view. A command takes at most
about 14 clocks plus the dice's.

The table is made of named parts, each the only writer of its own small interface:

    dice_sequencer  the step (state): the order of every command, in one place
    dice_command    the command taken, its checks against the bounds, its result (Command)
    dice_game       round, turn, bids, guesses, phase, the end of a round, winner (Game)
    dice_throw      the dice, their sum and pair, who takes (Throw)
    dice_purses     purses, pool and payable, through one shared adder and its micro-op (Purses)
    dice_bounds     the next bidder's limit and least (Bounds)
    window_port, view_port   the registered read ports

The sub-blocks are @block(skipname=True): the generated names are then the interfaces'
(purses_purse0, game_phase, ...) and the parts' own (op, deposit, ...).
"""

from myhdl import (block, always_seq, always_comb, concat, enum, Signal, ResetSignal, intbv,
                   instances)

from ...golden.dice.game import Rules
from ...golden.dice.contract import (AMOUNT_BITS, DIE_BITS, OP_BITS, RESULT_BITS, VIEW_BITS, VIEWS,
                                     W, WINDOW_BITS, window_bits)
from .bounds import Bounds, dice_bounds
from .command import Command, dice_command
from .game import Game, dice_game
from .purses import Purses, dice_purses
from .sequencer import STEPS, dice_sequencer
from .throw import Throw, dice_throw


@block
def window_port(clk, rst, purses, game, throw, bounds, command, addr, data, share):
    """data <= window[addr] one clock later (contract W), read from the table's interfaces;
    share: the deposit divisor, a power of two (a deposit is a bid's high bits)."""
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
            d[len(purses.purse0):] = purses.purse0
        elif addr == a_purse1:
            d[len(purses.purse1):] = purses.purse1
        elif addr == a_bid:
            d[len(game.bid0):] = game.bid0
        elif addr == a_bid1:
            d[len(game.bid1):] = game.bid1
        elif addr == a_up:
            d[0] = game.up0
        elif addr == a_up1:
            d[0] = game.up1
        elif addr == a_deposit:
            d[len(game.bid0) - shift:] = game.bid0[len(game.bid0):shift]
        elif addr == a_deposit1:
            d[len(game.bid1) - shift:] = game.bid1[len(game.bid1):shift]
        elif addr == a_take:
            d[0] = throw.take0
        elif addr == a_take1:
            d[0] = throw.take1
        elif addr == a_pool:
            d[len(purses.pool):] = purses.pool
        elif addr == a_round:
            d[len(game.round):] = game.round
        elif addr == a_first:
            d[0] = game.first
        elif addr == a_bidder:
            d[0] = game.bidder
        elif addr == a_phase:
            d[2:] = game.phase
        elif addr == a_limit:
            d[len(bounds.limit):] = bounds.limit
        elif addr == a_least:
            d[len(bounds.least):] = bounds.least
        elif addr == a_die1:
            d[len(throw.die1):] = throw.die1
        elif addr == a_die2:
            d[len(throw.die2):] = throw.die2
        elif addr == a_sum:
            d[4:] = throw.dsum
        elif addr == a_winner:
            d[2:] = game.winner
        elif addr == a_last_bidder:
            d[0] = game.last_bidder
        elif addr == a_taken:
            d[0] = throw.take0 or throw.take1
        elif addr == a_result:
            d[len(command.result):] = command.result
        elif addr == a_dice:
            d[7:] = throw.pair
        data.next = d

    return read


@block
def view_port(clk, rst, purses, game, throw, view, data):
    """data <= figure ``view`` of VIEWS, registered: six inputs, not the window's 25."""
    assert VIEWS == ("purse", "purse", "pool", "bid", "bid", "dice")

    @always_seq(clk.posedge, reset=rst)
    def read():
        d = intbv(0)[len(data):]
        if view == 0:
            d[len(purses.purse0):] = purses.purse0
        elif view == 1:
            d[len(purses.purse1):] = purses.purse1
        elif view == 2:
            d[len(purses.pool):] = purses.pool
        elif view == 3:
            d[len(game.bid0):] = game.bid0
        elif view == 4:
            d[len(game.bid1):] = game.bid1
        else:
            d[len(throw.pair):] = throw.pair
        data.next = d

    return read


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
    purses, game, throw = Purses(rules), Game(rules), Throw()     # the table's registers
    bounds, command = Bounds(rules), Command()                      # the next bid's, a command's
    u = len(purses.pool)
    bid_bits = len(game.bid0)
    share = rules.deposit_share
    shift = share.bit_length() - 1
    assert share == 1 << shift and rules.max_bid == (1 << bid_bits) - 1
    assert rules.total < 1 << u and len(cmd_amount) == AMOUNT_BITS

    t_state = enum(*STEPS)
    state = Signal(t_state.T_IDLE)      # the step (dice_sequencer), read by every part

    sequencer = dice_sequencer(clk, rst, state, t_state, cmd_valid, dice_valid, dice_request,
                               command, game)
    judge = dice_command(clk, rst, state, t_state, cmd_valid, cmd_op, cmd_amount, cmd_up,
                         command, game, bounds)
    turns = dice_game(clk, rst, state, t_state, game, command, purses, rules=rules)
    dice = dice_throw(clk, rst, state, t_state, dice_data, dice_valid, throw, command, game)
    chips = dice_purses(clk, rst, state, t_state, purses, command, game, throw, rules=rules)
    clamp = dice_bounds(clk, rst, state, t_state, bounds, game, purses, rules=rules)
    probe = window_port(clk, rst, purses, game, throw, bounds, command, probe_addr, probe_data,
                        share)
    shown = view_port(clk, rst, purses, game, throw, view, view_data)

    @always_comb
    def outputs():
        cmd_ready.next = state == t_state.T_IDLE
        dice_ready.next = state == t_state.T_DICE
        res_valid.next = state == t_state.T_DONE
        res_code.next = command.result
        phase.next = game.phase
        bidder.next = game.bidder
        ups.next = concat(game.up1, game.up0)
        winner.next = game.winner

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
