"""Settlement of a Hold'em hand in hardware: showdown words from eval7, then the pots, one
seat per clock, as golden pots.settle does them.

Steps (each a short scan over the seats, so every path stays a mux, a compare or an add):

1. showdown only: each seat's seven cards enter eval7 one seat per clock; the words come back
   in order and are kept for the live seats (0 for folded ones);
2. uncalled bet: the largest contribution, whether it is unique, and the second largest; the
   excess goes back to its seat as a refund;
3. levels, peeled from the bottom: m = the smallest remaining contribution of a live seat;
   the pot takes min(rest, m) from every seat (all that is left when no live seat has more:
   chips a folded seat put above every live seat join the last pot, as golden build_pots);
   the best word among the live seats still in; the tied seats; share and odd chips by a
   restoring divider (only when more than one seat ties); the shares go out seat by seat from
   the dealer's left, one odd chip each to the first ones;
4. until no live seat has chips left in the pot.
"""

from myhdl import (block, always_seq, always_comb, concat, enum, Signal, intbv, instances)

from ..golden.cards import NO_CARD
from ..golden.holdem_contract import BOARD_CARDS
from ..rtl.eval7 import eval7
from .seat_tables import left_table, onehot_table, seat_bits, table_rom

BOARD = BOARD_CARDS


def _u(width, value=0):
    return Signal(intbv(value)[width:])


@block
def holdem_settle(clk, rst, start, showdown, clear, dealer, folded, committed, hole0, hole1,
                  board, done, words, payout, refund, winners, players, width):
    """Sequential settlement of one hand (golden pots.settle, plus rank7 at a showdown).

    start: a one-clock pulse; committed, folded, dealer, hole0/hole1 and board must hold still
        until done. showdown: rank the live hands (else words stay 0: one seat is left).
    clear: set words, payout, refund and winners to 0 (a new hand or a new game).
    folded[players]: bit i, seat i is out of the hand (busted seats are folded).
    committed, hole0, hole1 (lists, one per seat), board (list of 5): the hand.
    done: one-clock pulse when payout, refund, words and winners hold the result.
    words: rank word per seat (0 for folded seats and without a showdown);
    payout: refund + chips won, per seat; refund: uncalled chips returned;
    winners[players]: seats that won a share of at least one pot.
    """
    n, w = players, width
    t_state = enum("HS_IDLE", "HS_EVAL", "HS_REFUND", "HS_REFUND2", "HS_LEVEL", "HS_TAKE",
                   "HS_REST", "HS_TIE", "HS_DIVIDE", "HS_SHARE")
    state = Signal(t_state.HS_IDLE)

    rest = [_u(w) for _ in range(n)]            # contribution not yet in a pot
    last_seat = n - 1
    sw = seat_bits(n)

    # eval7: one seat's seven cards per clock
    ev_cards = [_u(6, NO_CARD) for _ in range(7)]
    ev_valid, ev_invalid, ev_out_valid = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    ev_word = _u(24)
    evaluator = eval7(clk, rst, ev_cards[0], ev_cards[1], ev_cards[2], ev_cards[3], ev_cards[4],
                      ev_cards[5], ev_cards[6], ev_valid, ev_word, ev_invalid, ev_out_valid)
    ev_issue = _u(3)            # next seat to feed
    ev_take = _u(sw)            # seat of the next word out

    # a scan reads one seat per clock into stage 1, compares against fixed registers into
    # stage 2, and the state's step uses stage 2
    sc_left = _u(3)             # seats still to issue
    sc_seat = _u(sw)
    p1_valid, p1_last, p1_seat = Signal(bool(0)), Signal(bool(0)), _u(sw)
    p1_rest, p1_word, p1_pay, p1_live = _u(w), _u(24), _u(w), Signal(bool(0))
    p2_valid, p2_last, p2_seat = Signal(bool(0)), Signal(bool(0)), _u(sw)
    p2_rest, p2_word, p2_pay, p2_live = _u(w), _u(24), _u(w), Signal(bool(0))
    p2_le_m, p2_pos, p2_is_best = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    p2_above = _u(w)
    sc_onehot, p1_onehot, p2_onehot, take_onehot = _u(n), _u(n), _u(n), _u(n)
    p2_in_play, p2_tied = Signal(bool(0)), Signal(bool(0))
    p2_add, p2_share = _u(w), _u(w)     # what the pot takes from the seat; what the seat wins
    given, p1_bonus = _u(3), Signal(bool(0))    # winners served so far (odd-chip order)

    top, second, leader, unique = _u(w), _u(w), _u(sw), Signal(bool(0))
    level, any_in = _u(w), Signal(bool(0))     # m: the level being peeled
    in_play = _u(n)             # live seats with chips at this level
    amount, live_above = _u(w), Signal(bool(0))
    best = _u(24)
    tie, ties = _u(n), _u(3)
    share, share1, odd = _u(w), _u(w), _u(3)
    dividend, rem, div_steps = _u(w), _u(3), _u(5)
    won = _u(n)
    done_q = Signal(bool(0))
    left_of_dealer = _u(sw)
    roms = [table_rom(dealer, left_of_dealer, left_table(n)),
            table_rom(sc_seat, sc_onehot, onehot_table(n)),
            table_rom(ev_take, take_onehot, onehot_table(n))]

    @always_comb
    def outputs():
        done.next = done_q
        winners.next = won

    @always_seq(clk.posedge, reset=rst)
    def scan_pipe():
        """Stage 1 reads a seat (and counts winners for the odd chips); stage 2 compares it with
        the level and the best word."""
        if sc_left != 0:
            p1_bonus.next = given < odd
            if (tie & sc_onehot) != 0:
                given.next = given + 1
            p1_valid.next = 1
            p1_last.next = sc_left == 1
            p1_seat.next = sc_seat
            p1_rest.next = rest[sc_seat]
            p1_word.next = words[sc_seat]
            p1_pay.next = payout[sc_seat]
            p1_live.next = (folded & sc_onehot) == 0
            p1_onehot.next = sc_onehot
        else:
            p1_valid.next = 0
            p1_last.next = 0
            given.next = 0
        p2_valid.next = p1_valid
        p2_last.next = p1_last
        p2_seat.next = p1_seat
        p2_rest.next = p1_rest
        p2_word.next = p1_word
        p2_pay.next = p1_pay
        p2_live.next = p1_live
        p2_onehot.next = p1_onehot
        p2_in_play.next = (in_play & p1_onehot) != 0
        p2_tied.next = (tie & p1_onehot) != 0
        if p1_rest <= level or state == t_state.HS_REST:
            p2_add.next = p1_rest
        else:
            p2_add.next = level
        if p1_bonus:
            p2_share.next = share1
        else:
            p2_share.next = share
        p2_le_m.next = p1_rest <= level
        p2_pos.next = p1_rest != 0
        p2_is_best.next = p1_word == best
        if p1_rest > level:
            p2_above.next = p1_rest - level
        else:
            p2_above.next = 0

    @always_seq(clk.posedge, reset=rst)
    def control():
        done_q.next = 0
        ev_valid.next = 0
        # scan issue counter: the states below load it to start a scan
        if sc_left != 0:
            sc_left.next = sc_left - 1
            if sc_seat == last_seat:
                sc_seat.next = 0
            else:
                sc_seat.next = sc_seat + 1

        if state == t_state.HS_IDLE:
            if clear:
                for i in range(n):
                    words[i].next = 0
                    payout[i].next = 0
                    refund[i].next = 0
                won.next = 0
            if start:
                for i in range(n):
                    rest[i].next = committed[i]
                    payout[i].next = 0
                    refund[i].next = 0
                    if not showdown:
                        words[i].next = 0
                won.next = 0
                ev_issue.next = 0
                ev_take.next = 0
                if showdown:
                    state.next = t_state.HS_EVAL
                else:
                    top.next = 0
                    second.next = 0
                    unique.next = 0
                    sc_left.next = n
                    sc_seat.next = 0
                    state.next = t_state.HS_REFUND

        elif state == t_state.HS_EVAL:
            if ev_issue <= last_seat:
                ev_cards[0].next = hole0[ev_issue[sw:]]
                ev_cards[1].next = hole1[ev_issue[sw:]]
                for j in range(BOARD):
                    ev_cards[2 + j].next = board[j]
                ev_valid.next = 1
                ev_issue.next = ev_issue + 1
            if ev_out_valid:
                if (folded & take_onehot) != 0 or ev_invalid:
                    words[ev_take].next = 0
                else:
                    words[ev_take].next = ev_word
                ev_take.next = ev_take + 1
                if ev_take == last_seat:
                    top.next = 0
                    second.next = 0
                    unique.next = 0
                    sc_left.next = n
                    sc_seat.next = 0
                    state.next = t_state.HS_REFUND

        elif state == t_state.HS_REFUND:
            # the largest contribution, whether it is unique, and the second largest
            if p2_valid:
                if p2_rest > top:
                    top.next = p2_rest
                    second.next = top
                    leader.next = p2_seat
                    unique.next = 1
                elif p2_rest == top:
                    second.next = p2_rest
                    unique.next = 0
                elif p2_rest > second:
                    second.next = p2_rest
                if p2_last:
                    state.next = t_state.HS_REFUND2

        elif state == t_state.HS_REFUND2:
            if unique:
                refund[leader].next = top - second
                payout[leader].next = top - second
                rest[leader].next = second
            any_in.next = 0
            in_play.next = 0
            level.next = 0
            sc_left.next = n
            sc_seat.next = 0
            state.next = t_state.HS_LEVEL

        elif state == t_state.HS_LEVEL:
            # the level: the smallest contribution left among live seats
            if p2_valid:
                if p2_live and p2_pos:
                    in_play.next = in_play | p2_onehot
                    if not any_in or p2_rest < level:
                        level.next = p2_rest
                    any_in.next = 1
                if p2_last:
                    if any_in or (p2_live and p2_pos):
                        amount.next = 0
                        live_above.next = 0
                        best.next = 0
                        sc_left.next = n
                        sc_seat.next = 0
                        state.next = t_state.HS_TAKE
                    else:
                        done_q.next = 1
                        state.next = t_state.HS_IDLE

        elif state == t_state.HS_TAKE:
            # the pot takes up to the level from every seat; the best word still in
            if p2_valid:
                amount.next = amount + p2_add
                if p2_le_m:
                    rest[p2_seat].next = 0
                else:
                    rest[p2_seat].next = p2_above
                    if p2_live:
                        live_above.next = 1
                if p2_in_play and p2_word > best:
                    best.next = p2_word
                if p2_last:
                    sc_left.next = n
                    sc_seat.next = 0
                    if live_above or (p2_live and not p2_le_m):
                        tie.next = 0
                        ties.next = 0
                        state.next = t_state.HS_TIE
                    else:
                        state.next = t_state.HS_REST

        elif state == t_state.HS_REST:
            # the last level: what folded seats put above it joins this pot
            if p2_valid:
                amount.next = amount + p2_add
                rest[p2_seat].next = 0
                if p2_last:
                    tie.next = 0
                    ties.next = 0
                    sc_left.next = n
                    sc_seat.next = 0
                    state.next = t_state.HS_TIE

        elif state == t_state.HS_TIE:
            if p2_valid:
                if p2_in_play and p2_is_best:
                    tie.next = tie | p2_onehot
                    ties.next = ties + 1
                if p2_last:
                    dividend.next = amount
                    rem.next = 0
                    div_steps.next = w
                    state.next = t_state.HS_DIVIDE

        elif state == t_state.HS_DIVIDE:
            # share, odd = divmod(amount, ties): one quotient bit per clock (not for one winner)
            if ties == 1 or div_steps == 0:
                if ties == 1:
                    share.next = amount
                    share1.next = amount
                    odd.next = 0
                else:
                    share.next = dividend
                    share1.next = dividend + 1
                    odd.next = rem
                won.next = won | tie
                sc_left.next = n
                sc_seat.next = left_of_dealer
                state.next = t_state.HS_SHARE
            else:
                trial = concat(rem[2:0], dividend[w - 1])
                if trial >= ties:
                    rem.next = trial - ties
                    dividend.next = concat(dividend[w - 1:0], True)
                else:
                    rem.next = trial
                    dividend.next = concat(dividend[w - 1:0], False)
                div_steps.next = div_steps - 1

        else:   # HS_SHARE
            # shares from the dealer's left; the first `odd` winners get one chip more
            if p2_valid:
                if p2_tied:
                    payout[p2_seat].next = p2_pay + p2_share
                if p2_last:
                    any_in.next = 0
                    in_play.next = 0
                    level.next = 0
                    sc_left.next = n
                    sc_seat.next = 0
                    state.next = t_state.HS_LEVEL

    return instances()
