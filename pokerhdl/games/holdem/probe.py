"""The Hold'em table's probe window: every observable of the contract's map (holdem_contract
PROBE) at its address, read one clock later through a register.

Read-only, apart from the table's blocks: the terminal program and the tests see the table
only through it, so it is the one place where the probe map meets the registers.
"""

from myhdl import block, always_seq, always_comb, Signal, intbv, instances

from ...golden.holdem.table import NO_SEAT
from ...golden.holdem.contract import (BOARD_CARDS, FLAG_ALL_IN, FLAG_FOLDED, FLAG_OUT,
                                       FLAG_SITTING, PROBE, Rules)
from .seat_tables import seat_bits

BOARD = BOARD_CARDS
# groups of 8 addresses (per-seat fields, the table's figures, the hand's)
G_STACK, G_STREET_BET, G_COMMITTED, G_FLAGS, G_HOLE, G_BOARD, G_WORD, G_PAYOUT, G_REFUND, \
    G_TABLE, G_HAND = (PROBE[k] >> 3 for k in ("stack", "street_bet", "committed", "flags", "hole",
                                               "board", "word", "payout", "refund", "pot",
                                               "dealer"))
S_POT, S_CURRENT_BET, S_TO_CALL, S_MIN_RAISE, S_MIN_RAISE_TO, S_TO_ACT, S_STREET = (
    PROBE[k] - (G_TABLE << 3) for k in ("pot", "current_bet", "to_call", "min_raise",
                                        "min_raise_to", "to_act", "street"))
S_DEALER, S_SB_SEAT, S_BB_SEAT, S_HAND_NO, S_WINNERS, S_SHOWDOWN, S_GAME_WINNER = (
    PROBE[k] - (G_HAND << 3) for k in ("dealer", "sb_seat", "bb_seat", "hand_no", "winners",
                                       "showdown", "game_winner"))
G_HOLE_2 = G_HOLE + 1                    # two cards a seat: the hole field spans two groups
assert PROBE["phase"] == (G_TABLE << 3) + 7 and PROBE["last_code"] == (G_HAND << 3) + 7


@block(skipname=True)
def holdem_probe(clk, rst, probe_addr, probe_q, chips, hand, fig, command, words, payout, refund,
                 winners, rules=Rules()):
    """probe_q[24] <= the observable at probe_addr[8] (contract PROBE; unused addresses 0).

    chips (holdem_chips.Chips), hand (holdem_hand.Hand), fig (holdem_figures.Figures: to call,
    min raise to), command (holdem_judge.Command: last_code); words, payout, refund (lists, one
    per seat) and winners: holdem_settle's result.
    """
    n, w = rules.players, rules.chip_bits
    hand_bits = len(hand.number)
    last_seat = n - 1
    sw = seat_bits(n)
    p_group, p_seat, p_hole_seat, p_index, p_hole_index = (
        Signal(intbv(0)[k:]) for k in (5, 3, 3, sw, sw))

    @always_comb
    def probe_fields():
        p_group.next = probe_addr[8:3]
        p_seat.next = probe_addr[3:0]
        p_hole_seat.next = probe_addr[4:1]
        p_index.next = probe_addr[sw:0]
        p_hole_index.next = probe_addr[sw + 1:1]

    @always_seq(clk.posedge, reset=rst)
    def probe():
        """The probe window: one observable per address, registered."""
        d = intbv(0)[24:]
        if p_group == G_STACK:
            if p_seat <= last_seat:
                d[w:] = chips.stacks[p_index]
        elif p_group == G_STREET_BET:
            if p_seat <= last_seat:
                d[w:] = chips.street_bet[p_index]
        elif p_group == G_COMMITTED:
            if p_seat <= last_seat:
                d[w:] = chips.committed[p_index]
        elif p_group == G_FLAGS:
            if p_seat <= last_seat:
                d[FLAG_FOLDED] = chips.folded[p_index]
                d[FLAG_ALL_IN] = chips.all_in[p_index]
                d[FLAG_OUT] = chips.busted[p_index]
                d[FLAG_SITTING] = chips.sitting[p_index]
        elif p_group == G_HOLE or p_group == G_HOLE_2:
            if p_hole_seat <= last_seat:
                if probe_addr[0]:
                    d[6:] = hand.hole1[p_hole_index]
                else:
                    d[6:] = hand.hole0[p_hole_index]
        elif p_group == G_BOARD:
            if p_seat < BOARD:
                d[6:] = hand.board[p_seat]
        elif p_group == G_WORD:
            if p_seat <= last_seat:
                d[:] = words[p_index]
        elif p_group == G_PAYOUT:
            if p_seat <= last_seat:
                d[w:] = payout[p_index]
        elif p_group == G_REFUND:
            if p_seat <= last_seat:
                d[w:] = refund[p_index]
        elif p_group == G_TABLE:
            if p_seat == S_POT:
                d[w:] = chips.pot
            elif p_seat == S_CURRENT_BET:
                d[w:] = chips.current_bet
            elif p_seat == S_TO_CALL:
                if hand.to_act != NO_SEAT:
                    d[w:] = fig.to_call
            elif p_seat == S_MIN_RAISE:
                d[w:] = chips.min_raise
            elif p_seat == S_MIN_RAISE_TO:
                d[w + 1:] = fig.min_raise_to
            elif p_seat == S_TO_ACT:
                d[3:] = hand.to_act
            elif p_seat == S_STREET:
                d[3:] = hand.street
            else:
                d[2:] = hand.phase
        elif p_group == G_HAND:
            if p_seat == S_DEALER:
                d[sw:] = hand.dealer
            elif p_seat == S_SB_SEAT:
                d[3:] = hand.sb_seat
            elif p_seat == S_BB_SEAT:
                d[3:] = hand.bb_seat
            elif p_seat == S_HAND_NO:
                d[hand_bits:] = hand.number
            elif p_seat == S_WINNERS:
                d[n:] = winners
            elif p_seat == S_SHOWDOWN:
                d[0] = hand.showed
            elif p_seat == S_GAME_WINNER:
                d[3:] = hand.game_winner
            else:
                d[4:] = command.last_code
        probe_q.next = d

    return instances()
