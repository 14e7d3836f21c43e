"""The Hold'em table controller: golden holdem.Table in hardware (2..4 seats, no-limit).

Every rule is the golden engine's (pokerhdl/golden/holdem/table.py, module docstring); this block does
the same steps one at a time. A command is judged from registered figures of the seat to act
(to call, reach, reopening gap, ...) that a three-stage pipeline keeps up to date; the
controller waits three clocks after each change of state before it trusts them again, so no
path needs more than a mux, a compare or an add (8 LUT levels at most after synth_xilinx).
Seat arithmetic (next seat not busted, first seat that needs to act) is small ROMs
(seat_tables); settlement (holdem_settle) is sequential, with eval7 for the showdown words.

The table is one sequencer and the blocks that act on its step, each the only writer of its
registers (an interface object the others read):

    holdem_sequencer  the step (state): the order of every command, in one place
    holdem_judge      Command: the command taken, its refusal checks and its result
    holdem_action     Action: the chips an action or a blind puts in, and its log entry
    holdem_chips      Chips: stacks, bets, seat flags, pot, the bet to match
    holdem_hand       Hand: turn, street, board, dealer and blinds, phase, settlement hand-off
    holdem_deal       Deal: the deck stream checked and staged, the new dealer's seats
    holdem_figures    Figures: the derived figures and the seat ROMs
    holdem_probe      the probe window; holdem_settle the settlement

The sub-blocks are @block(skipname=True): the generated names are then the interfaces'
(chips_stacks, hand_phase, ...) instead of the name of whichever block reads a signal first.

Latency (clocks from a command taken to its result, no stream gaps): a refusal 1..4, an action
12..18, a deal 27 + 2k+5 (k live seats), a hand's last action 48..140 (settlement: eval7 in
n+7 clocks, then about 5(n+2) per pot, W more when a pot is split).
"""

from myhdl import block, always_comb, enum, Signal, ResetSignal, intbv, instances

from ...golden.hands import WORD_BITS
from ...golden.holdem.table import MIN_PLAYERS
from ...golden.holdem.contract import HW_MAX_PLAYERS, Rules
from .action import Action, holdem_action
from .chips import Chips, holdem_chips
from .deal import Deal, holdem_deal
from .figures import Figures, holdem_figures
from .hand import Hand, holdem_hand
from .judge import Command, holdem_judge
from .probe import holdem_probe
from .sequencer import STEPS, holdem_sequencer
from .settle import holdem_settle
from ...rtl.signals import unsigned

__all__ = ["holdem_table", "holdem_table_top"]



@block
def holdem_table(clk, rst, cmd_valid, cmd_ready, cmd_op, cmd_seat, cmd_action, cmd_amount,
                 res_valid, res_code, s_axis_tdata, s_axis_tvalid, s_axis_tready, deck_request,
                 log_valid, log_seat, log_action, log_put, log_total, log_allin,
                 hand_done, game_over, probe_addr, probe_data, rules=Rules(), hand_bits=16):
    """Texas Hold'em table for `players` seats (golden holdem.Table, dealer 0 first).

    cmd_valid/cmd_ready: a command is taken when both are high (ready: idle, not dealing or
        settling). cmd_op[2]: 0 act, 1 deal (start_hand), 2 new game, 3 sit (golden
        Table.sit: cmd_seat sits out with cmd_action 1, in with 0; code 5 for a seat the table
        lacks or another action). cmd_seat[3], cmd_action[3] (fold 0 check 1 call 2 bet 3
        raise 4 all-in 5), cmd_amount[W]: raise-to for bet and raise.
    res_valid: one-clock pulse per command; res_code[4]: golden result code (0 OK, 1..13
        refusals; 14 a bad deck: a code above 51 or a card twice, nothing changes).
    s_axis_tdata[6]/tvalid/tready: the deck during a deal, 2k+5 cards in golden order (k seats
        dealt in: not busted, not sitting out); deck_request: one-clock pulse when a deal starts taking cards.
    log_valid pulse with log_seat[3], log_action[3] (6/7 blinds), log_put[W], log_total[W]
        (street bet after), log_allin: one per golden log entry, before the command's result.
    hand_done: pulse when a hand has been settled; game_over: one seat holds every chip.
    probe_addr[8] -> probe_data[24] one clock later: every observable (contract map).
    W = chip_width(players, stack, big_blind). hand_bits: width of the hand counter (probe
    0x5B shows the hand number modulo 2**hand_bits; the terminal prints 16 bits); a test
    narrows it to see the counter wrap.
    """
    n, w = rules.players, rules.chip_bits
    assert MIN_PLAYERS <= n <= HW_MAX_PLAYERS, "2..4 players"
    assert 1 <= rules.small_blind <= rules.big_blind and rules.stack >= 1
    assert w + 1 <= 24, "chip figures must fit the 24-bit probe"
    assert 1 <= hand_bits <= 16, "the hand counter is 1..16 bits"
    assert len(cmd_amount) == w and len(log_put) == w and len(log_total) == w

    t_state = enum(*STEPS)
    state = Signal(t_state.HT_IDLE)     # the step (holdem_sequencer), read by every block
    chips, hand = Chips(rules), Hand(rules, hand_bits)          # the table's registers
    command, action, deal = Command(rules), Action(rules), Deal(rules)  # a command's work
    fig = Figures(rules)                # figures derived from the registers
    settled = Signal(bool(0))           # holdem_settle's result
    words = [unsigned(24) for _ in range(n)]
    payout = [unsigned(w) for _ in range(n)]
    refund = [unsigned(w) for _ in range(n)]
    winners = unsigned(n)
    probe_q = unsigned(24)

    sequencer = holdem_sequencer(clk, rst, state, t_state, cmd_valid, cmd_op, s_axis_tvalid,
                                 settled, command, action, hand, fig, deal)
    judge = holdem_judge(clk, rst, state, t_state, cmd_valid, cmd_op, cmd_seat, cmd_action,
                         cmd_amount, command, chips, hand, fig, deal, rules=rules)
    applier = holdem_action(clk, rst, state, t_state, action, command, chips, hand, fig,
                            rules=rules)
    ledger = holdem_chips(clk, rst, state, t_state, chips, hand, fig, action, command, payout,
                          rules=rules)
    progress = holdem_hand(clk, rst, state, t_state, hand, fig, deal, action, rules=rules)
    dealing = holdem_deal(clk, rst, state, t_state, s_axis_tdata, s_axis_tvalid, deal, chips,
                          hand, fig, rules=rules)
    figures = holdem_figures(clk, rst, chips, hand, fig, rules=rules)
    settler = holdem_settle(clk, rst, hand.st_start, hand.st_showdown, hand.st_clear,
                            hand.dealer, chips.folded, chips.committed, hand.hole0, hand.hole1,
                            hand.board, settled, words, payout, refund, winners, players=n,
                            width=w)
    window = holdem_probe(clk, rst, probe_addr, probe_q, chips, hand, fig, command, words,
                          payout, refund, winners, rules=rules)

    @always_comb
    def drive_outputs():
        cmd_ready.next = state == t_state.HT_IDLE
        s_axis_tready.next = state == t_state.HT_COLLECT
        res_valid.next = command.res_valid_q
        res_code.next = command.last_code
        deck_request.next = deal.deck_request_q
        log_valid.next = action.log_valid_q
        log_seat.next = action.log_seat_q
        log_action.next = action.log_action_q
        log_put.next = action.log_put_q
        log_total.next = action.log_total_q
        log_allin.next = action.log_allin_q
        hand_done.next = hand.done_q
        game_over.next = hand.game_over_q
        probe_data.next = probe_q

    return instances()


class TableBus:
    """A table's command, result, log and probe ports (holdem_table's names and widths), as one
    bundle for the block that drives the table (its terminal UI) and for conversion."""

    def __init__(self, rules=Rules()):
        w = rules.chip_bits
        self.cmd_valid, self.cmd_ready, self.res_valid, self.log_valid, self.log_allin = (
            Signal(bool(0)) for _ in range(5))
        self.cmd_op, self.cmd_seat, self.cmd_action, self.cmd_amount = unsigned(2), unsigned(3), unsigned(3), unsigned(w)
        self.res_code = unsigned(4)
        self.log_seat, self.log_action, self.log_put, self.log_total = unsigned(3), unsigned(3), unsigned(w), unsigned(w)
        self.probe_addr, self.probe_data = unsigned(8), unsigned(WORD_BITS)

    def ports(self):
        """holdem_table's keyword arguments for these signals."""
        return dict(vars(self))


def holdem_table_top(players=2, stack=1000, small_blind=5, big_blind=10, hand_bits=16):
    """holdem_table with fresh port signals, for conversion."""
    rules = Rules(players, stack, small_blind, big_blind)

    def bit():
        return Signal(bool(0))
    return holdem_table(
        clk=bit(), rst=ResetSignal(0, active=1, isasync=False), s_axis_tdata=unsigned(6),
        s_axis_tvalid=bit(), s_axis_tready=bit(), deck_request=bit(), hand_done=bit(),
        game_over=bit(), rules=rules, hand_bits=hand_bits, **TableBus(rules).ports())
