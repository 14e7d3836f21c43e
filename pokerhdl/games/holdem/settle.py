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

The step (HS_*) is settle_sequencer's; each other block keeps its own registers and acts on
the step, as the table's blocks do (holdem_sequencer): settle_words (eval7 and the words),
settle_scan (the seat scan's pipeline), settle_pots (the uncalled bet and each level's pot),
settle_judge (who wins the pot, and each winner's share), settle_payouts (refunds, payouts).
"""

from myhdl import (block, always_seq, always_comb, concat, enum, Signal, intbv, instances)

from ...golden.cards import NO_CARD
from ...golden.holdem.contract import BOARD_CARDS
from ...rtl.eval.eval7 import eval7
from .seat_tables import left_table, onehot_table, seat_bits, table_rom
from ...rtl.signals import unsigned

BOARD = BOARD_CARDS
STEPS = ("HS_IDLE", "HS_EVAL", "HS_REFUND", "HS_REFUND2", "HS_LEVEL", "HS_TAKE", "HS_REST",
         "HS_TIE", "HS_DIVIDE", "HS_SHARE")



def _bit():
    return Signal(bool(0))


class Scan:
    """The seat scan's stage 2, written by settle_scan: valid (a seat is here), last (the
    scan's last seat), seat, onehot, and the seat's rest, word, pay (payout so far), live (not
    folded); the compares the steps use: le_m (rest <= the level), pos (rest != 0), is_best
    (word == the best), above (rest - the level, 0 when not above), in_play, tied; add (what
    the pot takes from the seat) and share (what the seat wins, its odd chip included)."""

    def __init__(self, players, width):
        n, w, sw = players, width, seat_bits(players)
        self.valid, self.last, self.seat, self.onehot = _bit(), _bit(), unsigned(sw), unsigned(n)
        self.rest, self.word, self.pay, self.live = unsigned(w), unsigned(24), unsigned(w), _bit()
        self.le_m, self.pos, self.is_best, self.above = _bit(), _bit(), _bit(), unsigned(w)
        self.in_play, self.tied, self.add, self.share = _bit(), _bit(), unsigned(w), unsigned(w)


class Pots:
    """Written by settle_pots: rest (per seat: contribution not yet in a pot); the uncalled
    bet: top, second (the two largest contributions), leader (top's seat), unique (top is one
    seat's); the level: level (m), any_in (a live seat is in), in_play (live seats with chips
    at this level); the pot: amount, live_above (a live seat has chips above the level)."""

    def __init__(self, players, width):
        n, w = players, width
        self.rest = [unsigned(w) for _ in range(n)]
        self.top, self.second, self.leader, self.unique = (unsigned(w), unsigned(w), unsigned(seat_bits(n)),
                                                           _bit())
        self.level, self.any_in, self.in_play = unsigned(w), _bit(), unsigned(n)
        self.amount, self.live_above = unsigned(w), _bit()


class Shares:
    """Written by settle_judge: best (the best word in the pot), tie (its seats), ties (how
    many), div_steps (the divider's steps left), share and share1 (share + 1, for the first
    `odd` winners), odd, won (seats that won a share of any pot so far)."""

    def __init__(self, players, width):
        n, w = players, width
        self.best, self.tie, self.ties, self.div_steps = unsigned(24), unsigned(n), unsigned(3), unsigned(5)
        self.share, self.share1, self.odd, self.won = unsigned(w), unsigned(w), unsigned(3), unsigned(n)


@block(skipname=True)
def settle_sequencer(clk, rst, state, t_state, start, showdown, dealer, last_word, sc_left,
                     sc_seat, p2, pots, shares, done_q):
    """state (t_state = enum(*STEPS)), written here only; sc_left (seats still to issue) and
    sc_seat (the next one): the scan's issue counter, which a step loads to start a scan;
    done_q: the settlement's done. last_word: settle_words' last showdown word is out."""
    n = len(pots.rest)
    last_seat = n - 1
    left_of_dealer = unsigned(seat_bits(n))
    rom_left = table_rom(dealer, left_of_dealer, left_table(n))

    @always_seq(clk.posedge, reset=rst)
    def steps():
        done_q.next = 0
        if sc_left != 0:
            sc_left.next = sc_left - 1
            if sc_seat == last_seat:
                sc_seat.next = 0
            else:
                sc_seat.next = sc_seat + 1

        if state == t_state.HS_IDLE:
            if start:
                if showdown:
                    state.next = t_state.HS_EVAL
                else:
                    sc_left.next = n
                    sc_seat.next = 0
                    state.next = t_state.HS_REFUND
        elif state == t_state.HS_EVAL:
            if last_word:
                sc_left.next = n
                sc_seat.next = 0
                state.next = t_state.HS_REFUND
        elif state == t_state.HS_REFUND:
            if p2.valid and p2.last:
                state.next = t_state.HS_REFUND2
        elif state == t_state.HS_REFUND2:
            sc_left.next = n
            sc_seat.next = 0
            state.next = t_state.HS_LEVEL
        elif state == t_state.HS_LEVEL:
            if p2.valid and p2.last:
                if pots.any_in or (p2.live and p2.pos):
                    sc_left.next = n
                    sc_seat.next = 0
                    state.next = t_state.HS_TAKE
                else:
                    done_q.next = 1
                    state.next = t_state.HS_IDLE
        elif state == t_state.HS_TAKE:
            if p2.valid and p2.last:
                sc_left.next = n
                sc_seat.next = 0
                if pots.live_above or (p2.live and not p2.le_m):
                    state.next = t_state.HS_TIE
                else:
                    state.next = t_state.HS_REST
        elif state == t_state.HS_REST:
            if p2.valid and p2.last:
                sc_left.next = n
                sc_seat.next = 0
                state.next = t_state.HS_TIE
        elif state == t_state.HS_TIE:
            if p2.valid and p2.last:
                state.next = t_state.HS_DIVIDE
        elif state == t_state.HS_DIVIDE:
            if shares.ties == 1 or shares.div_steps == 0:
                sc_left.next = n
                sc_seat.next = left_of_dealer
                state.next = t_state.HS_SHARE
        else:   # HS_SHARE
            if p2.valid and p2.last:
                sc_left.next = n
                sc_seat.next = 0
                state.next = t_state.HS_LEVEL

    return instances()


@block(skipname=True)
def settle_words(clk, rst, state, t_state, start, showdown, clear, folded, hole0, hole1, board,
                 words, last_word):
    """words (per seat), written here only: at a showdown (HS_EVAL) each seat's seven cards go
    into eval7, one seat per clock, and its word comes back LATENCY clocks later (0 for a
    folded seat); last_word: the last seat's word is out this clock."""
    n = len(words)
    last_seat = n - 1
    sw = seat_bits(n)
    ev_cards = [unsigned(6, NO_CARD) for _ in range(7)]
    ev_valid, ev_invalid, ev_out_valid = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    ev_word = unsigned(24)
    evaluator = eval7(clk, rst, ev_cards[0], ev_cards[1], ev_cards[2], ev_cards[3], ev_cards[4],
                      ev_cards[5], ev_cards[6], ev_valid, ev_word, ev_invalid, ev_out_valid)
    ev_issue = unsigned(3)            # next seat to feed
    ev_take = unsigned(sw)            # seat of the next word out
    take_onehot = unsigned(n)
    rom_take = table_rom(ev_take, take_onehot, onehot_table(n))

    @always_comb
    def last_out():
        last_word.next = ev_out_valid and ev_take == last_seat

    @always_seq(clk.posedge, reset=rst)
    def showdown_words():
        ev_valid.next = 0
        if state == t_state.HS_IDLE:
            if clear:
                for i in range(n):
                    words[i].next = 0
            if start:
                for i in range(n):
                    if not showdown:
                        words[i].next = 0
                ev_issue.next = 0
                ev_take.next = 0
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
        else:
            pass        # the other steps leave the words where they are

    return instances()


@block(skipname=True)
def settle_scan(clk, rst, state, t_state, sc_left, sc_seat, folded, words, payout, pots, shares,
                p2):
    """p2 (Scan), written here only: a scan reads one seat per clock into stage 1, compares
    against fixed registers into stage 2, and the step uses stage 2 (so that each step adds or
    compares registers only). sc_left, sc_seat: settle_sequencer's issue counter."""
    n = len(words)
    sw = seat_bits(n)
    w = len(p2.rest)
    sc_onehot = unsigned(n)
    rom_seat = table_rom(sc_seat, sc_onehot, onehot_table(n))
    p1_valid, p1_last, p1_seat = Signal(bool(0)), Signal(bool(0)), unsigned(sw)
    p1_rest, p1_word, p1_pay, p1_live = unsigned(w), unsigned(24), unsigned(w), Signal(bool(0))
    p1_onehot = unsigned(n)
    given, p1_bonus = unsigned(3), Signal(bool(0))    # winners served so far (odd-chip order)

    @always_seq(clk.posedge, reset=rst)
    def scan_pipe():
        """Stage 1 reads a seat (and counts winners for the odd chips); stage 2 compares it with
        the level and the best word."""
        if sc_left != 0:
            p1_bonus.next = given < shares.odd
            if (shares.tie & sc_onehot) != 0:
                given.next = given + 1
            p1_valid.next = 1
            p1_last.next = sc_left == 1
            p1_seat.next = sc_seat
            p1_rest.next = pots.rest[sc_seat]
            p1_word.next = words[sc_seat]
            p1_pay.next = payout[sc_seat]
            p1_live.next = (folded & sc_onehot) == 0
            p1_onehot.next = sc_onehot
        else:
            p1_valid.next = 0
            p1_last.next = 0
            given.next = 0
        p2.valid.next = p1_valid
        p2.last.next = p1_last
        p2.seat.next = p1_seat
        p2.rest.next = p1_rest
        p2.word.next = p1_word
        p2.pay.next = p1_pay
        p2.live.next = p1_live
        p2.onehot.next = p1_onehot
        p2.in_play.next = (pots.in_play & p1_onehot) != 0
        p2.tied.next = (shares.tie & p1_onehot) != 0
        if p1_rest <= pots.level or state == t_state.HS_REST:
            p2.add.next = p1_rest
        else:
            p2.add.next = pots.level
        if p1_bonus:
            p2.share.next = shares.share1
        else:
            p2.share.next = shares.share
        p2.le_m.next = p1_rest <= pots.level
        p2.pos.next = p1_rest != 0
        p2.is_best.next = p1_word == shares.best
        if p1_rest > pots.level:
            p2.above.next = p1_rest - pots.level
        else:
            p2.above.next = 0

    return instances()


@block(skipname=True)
def settle_pots(clk, rst, state, t_state, start, showdown, committed, last_word, p2, pots):
    """pots (Pots), written here only: the uncalled bet (HS_REFUND: the two largest
    contributions; HS_REFUND2: the excess leaves rest), then each level's pot, peeled from the
    bottom (HS_LEVEL: the smallest rest among live seats; HS_TAKE, HS_REST: the pot takes up
    to it from every seat)."""
    n = len(pots.rest)

    @always_seq(clk.posedge, reset=rst)
    def pot_steps():
        if state == t_state.HS_IDLE:
            if start:
                for i in range(n):
                    pots.rest[i].next = committed[i]
                if not showdown:
                    pots.top.next = 0
                    pots.second.next = 0
                    pots.unique.next = 0

        elif state == t_state.HS_EVAL:
            if last_word:
                pots.top.next = 0
                pots.second.next = 0
                pots.unique.next = 0

        elif state == t_state.HS_REFUND:
            # the largest contribution, whether it is unique, and the second largest
            if p2.valid:
                if p2.rest > pots.top:
                    pots.top.next = p2.rest
                    pots.second.next = pots.top
                    pots.leader.next = p2.seat
                    pots.unique.next = 1
                elif p2.rest == pots.top:
                    pots.second.next = p2.rest
                    pots.unique.next = 0
                elif p2.rest > pots.second:
                    pots.second.next = p2.rest

        elif state == t_state.HS_REFUND2:
            if pots.unique:
                pots.rest[pots.leader].next = pots.second
            pots.any_in.next = 0
            pots.in_play.next = 0
            pots.level.next = 0

        elif state == t_state.HS_LEVEL:
            # the level: the smallest contribution left among live seats
            if p2.valid:
                if p2.live and p2.pos:
                    pots.in_play.next = pots.in_play | p2.onehot
                    if not pots.any_in or p2.rest < pots.level:
                        pots.level.next = p2.rest
                    pots.any_in.next = 1
                if p2.last:
                    if pots.any_in or (p2.live and p2.pos):
                        pots.amount.next = 0
                        pots.live_above.next = 0

        elif state == t_state.HS_TAKE:
            # the pot takes up to the level from every seat
            if p2.valid:
                pots.amount.next = pots.amount + p2.add
                if p2.le_m:
                    pots.rest[p2.seat].next = 0
                else:
                    pots.rest[p2.seat].next = p2.above
                    if p2.live:
                        pots.live_above.next = 1

        elif state == t_state.HS_REST:
            # the last level: what folded seats put above it joins this pot
            if p2.valid:
                pots.amount.next = pots.amount + p2.add
                pots.rest[p2.seat].next = 0

        elif state == t_state.HS_SHARE:
            if p2.valid and p2.last:
                pots.any_in.next = 0
                pots.in_play.next = 0
                pots.level.next = 0

        else:
            pass        # HS_TIE, HS_DIVIDE leave the pots where they are

    return instances()


@block(skipname=True)
def settle_judge(clk, rst, state, t_state, start, clear, p2, pots, shares):
    """shares (Shares), written here only: the best word still in the pot (HS_TAKE), the seats
    that tie with it (HS_TIE), and share, odd = divmod(amount, ties) by a restoring divider,
    one quotient bit per clock (HS_DIVIDE; not for one winner)."""
    w = len(shares.share)
    dividend, rem = unsigned(w), unsigned(3)

    @always_seq(clk.posedge, reset=rst)
    def judging():
        if state == t_state.HS_IDLE:
            if clear:
                shares.won.next = 0
            if start:
                shares.won.next = 0

        elif state == t_state.HS_LEVEL:
            if p2.valid and p2.last:
                if pots.any_in or (p2.live and p2.pos):
                    shares.best.next = 0

        elif state == t_state.HS_TAKE:
            # the best word still in
            if p2.valid:
                if p2.in_play and p2.word > shares.best:
                    shares.best.next = p2.word
                if p2.last:
                    if pots.live_above or (p2.live and not p2.le_m):
                        shares.tie.next = 0
                        shares.ties.next = 0

        elif state == t_state.HS_REST:
            if p2.valid and p2.last:
                shares.tie.next = 0
                shares.ties.next = 0

        elif state == t_state.HS_TIE:
            if p2.valid:
                if p2.in_play and p2.is_best:
                    shares.tie.next = shares.tie | p2.onehot
                    shares.ties.next = shares.ties + 1
                if p2.last:
                    dividend.next = pots.amount
                    rem.next = 0
                    shares.div_steps.next = w

        elif state == t_state.HS_DIVIDE:
            if shares.ties == 1 or shares.div_steps == 0:
                if shares.ties == 1:
                    shares.share.next = pots.amount
                    shares.share1.next = pots.amount
                    shares.odd.next = 0
                else:
                    shares.share.next = dividend
                    shares.share1.next = dividend + 1
                    shares.odd.next = rem
                shares.won.next = shares.won | shares.tie
            else:
                trial = concat(rem[2:0], dividend[w - 1])
                if trial >= shares.ties:
                    rem.next = trial - shares.ties
                    dividend.next = concat(dividend[w - 1:0], True)
                else:
                    rem.next = trial
                    dividend.next = concat(dividend[w - 1:0], False)
                shares.div_steps.next = shares.div_steps - 1

        else:
            pass        # the other steps leave the shares where they are

    return instances()


@block(skipname=True)
def settle_payouts(clk, rst, state, t_state, start, clear, p2, pots, payout, refund):
    """payout and refund (per seat), written here only: the uncalled bet goes back
    (HS_REFUND2), then each winner's share, seat by seat from the dealer's left (HS_SHARE)."""
    n = len(payout)

    @always_seq(clk.posedge, reset=rst)
    def paying():
        if state == t_state.HS_IDLE:
            if clear:
                for i in range(n):
                    payout[i].next = 0
                    refund[i].next = 0
            if start:
                for i in range(n):
                    payout[i].next = 0
                    refund[i].next = 0

        elif state == t_state.HS_REFUND2:
            if pots.unique:
                refund[pots.leader].next = pots.top - pots.second
                payout[pots.leader].next = pots.top - pots.second

        elif state == t_state.HS_SHARE:
            # the first `odd` winners get one chip more (settle_scan's share)
            if p2.valid:
                if p2.tied:
                    payout[p2.seat].next = p2.pay + p2.share

        else:
            pass        # the other steps pay nothing

    return instances()


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
    t_state = enum(*STEPS)
    state = Signal(t_state.HS_IDLE)
    sc_left, sc_seat = unsigned(3), unsigned(seat_bits(n))      # the scan's issue counter
    p2, pots, shares = Scan(n, w), Pots(n, w), Shares(n, w)
    last_word = Signal(bool(0))
    done_q = Signal(bool(0))

    sequencer = settle_sequencer(clk, rst, state, t_state, start, showdown, dealer, last_word,
                                 sc_left, sc_seat, p2, pots, shares, done_q)
    showdown_words = settle_words(clk, rst, state, t_state, start, showdown, clear, folded,
                                  hole0, hole1, board, words, last_word)
    scan = settle_scan(clk, rst, state, t_state, sc_left, sc_seat, folded, words, payout, pots,
                       shares, p2)
    pot_builder = settle_pots(clk, rst, state, t_state, start, showdown, committed, last_word,
                              p2, pots)
    judge = settle_judge(clk, rst, state, t_state, start, clear, p2, pots, shares)
    payouts = settle_payouts(clk, rst, state, t_state, start, clear, p2, pots, payout, refund)

    @always_comb
    def outputs():
        done.next = done_q
        winners.next = shares.won

    return instances()
