"""The Hold'em hand's progress: whose turn it is, the street and the board, the dealer and the
blinds' seats, the hole cards, the phase of the game, and the hand-off to settlement.

These are the registers that say where the hand is (the chips are holdem_chips'); keeping them
in one block shows a hand's life in order: dealt (HT_COMMIT, HT_BLIND_NEXT), played street by
street (HT_ADVANCE), settled (HT_FINISH starts holdem_settle, HT_PHASE reads who is left).
"""

from myhdl import block, always_seq, Signal, intbv

from ...golden.cards import NO_CARD
from ...golden.holdem.table import (NO_SEAT, PHASE_BETTING, PHASE_GAME_OVER, PHASE_READY, POST_SB,
                                    PREFLOP, RIVER, SHOWDOWN, FLOP)
from ...golden.holdem.contract import BOARD_CARDS, Rules
from .seat_tables import seat_bits
from ...rtl.signals import unsigned

BOARD = BOARD_CARDS



class Hand:
    """Where the hand is, written by holdem_hand only.

    seat: the seat being worked on (the seat to act between commands); turn_from: the turn
    passes to the first seat left of it that needs to act. to_act (NO_SEAT: nobody), dealer,
    sb_seat, bb_seat, street, phase, number (the hand number, hand_bits wide), first_hand
    (the button stays put for the first deal), game_winner, showed (the last hand reached a
    showdown).
    hole0, hole1 (lists, one per seat), board (list of 5; NO_CARD until shown).
    To holdem_settle: st_start (pulse), st_showdown, st_clear (pulse). Out: done_q (pulse
    when a hand is settled), game_over_q.
    """

    def __init__(self, rules=Rules(), hand_bits=16):
        n, sw = rules.players, seat_bits(rules.players)
        self.seat, self.turn_from, self.dealer = unsigned(sw), unsigned(sw), unsigned(sw)
        self.to_act, self.sb_seat, self.bb_seat = unsigned(3, NO_SEAT), unsigned(3, NO_SEAT), unsigned(3, NO_SEAT)
        self.street, self.phase = unsigned(3, PREFLOP), unsigned(2, PHASE_READY)
        self.number, self.first_hand = unsigned(hand_bits), Signal(bool(1))
        self.game_winner, self.showed = unsigned(3, NO_SEAT), Signal(bool(0))
        self.hole0 = [unsigned(6, NO_CARD) for _ in range(n)]
        self.hole1 = [unsigned(6, NO_CARD) for _ in range(n)]
        self.board = [unsigned(6, NO_CARD) for _ in range(BOARD)]
        self.st_start, self.st_showdown, self.st_clear = (Signal(bool(0)) for _ in range(3))
        self.done_q, self.game_over_q = Signal(bool(0)), Signal(bool(0))


@block(skipname=True)
def holdem_hand(clk, rst, state, t_state, hand, fig, deal, action, rules=Rules()):
    """hand (Hand) step by step: state/t_state the sequencer's step; fig
    (holdem_figures.Figures) who is left and who acts next; deal (holdem_deal.Deal) the new
    dealer, the seats left of it and the cards dealt; action (holdem_action.Action) which blind
    was posted last."""
    n = rules.players
    sw = seat_bits(n)

    @always_seq(clk.posedge, reset=rst)
    def progress():
        hand.done_q.next = 0
        hand.st_start.next = 0
        hand.st_clear.next = 0

        if state == t_state.HT_FOLD:
            hand.turn_from.next = hand.seat         # the turn passes on from the seat
        elif state == t_state.HT_APPLY3:
            hand.turn_from.next = hand.seat

        elif state == t_state.HT_ADVANCE:
            # golden Table._advance: next seat, next street (dealing the board), or the end
            if fig.live_count == 1:
                hand.st_showdown.next = 0
            elif fig.first_need != NO_SEAT:
                hand.to_act.next = fig.first_need
                hand.seat.next = fig.first_need[sw:]
            elif hand.street == RIVER:
                hand.st_showdown.next = 1
            else:
                hand.street.next = hand.street + 1
                if hand.street == PREFLOP:
                    hand.board[0].next = deal.deck_board[0]
                    hand.board[1].next = deal.deck_board[1]
                    hand.board[2].next = deal.deck_board[2]
                elif hand.street == FLOP:
                    hand.board[3].next = deal.deck_board[3]
                else:
                    hand.board[4].next = deal.deck_board[4]
                hand.turn_from.next = hand.dealer

        elif state == t_state.HT_FINISH:
            hand.to_act.next = NO_SEAT
            if hand.st_showdown:
                hand.street.next = SHOWDOWN
            hand.showed.next = hand.st_showdown
            hand.st_start.next = 1

        elif state == t_state.HT_PHASE:
            if fig.alive == 1:
                hand.phase.next = PHASE_GAME_OVER
                hand.game_over_q.next = 1
                hand.game_winner.next = fig.first_alive
            else:
                hand.phase.next = PHASE_READY
            hand.done_q.next = 1

        elif state == t_state.HT_COMMIT:
            # golden start_hand: new dealer, hand number, a clear hand, cards, blinds' seats
            hand.dealer.next = deal.new_dealer
            hand.number.next = hand.number + 1
            hand.first_hand.next = 0
            hand.street.next = PREFLOP
            hand.to_act.next = NO_SEAT
            for i in range(n):
                hand.hole0[i].next = deal.stage0[i]
                hand.hole1[i].next = deal.stage1[i]
            for j in range(BOARD):
                hand.board[j].next = NO_CARD
            hand.showed.next = 0
            hand.st_clear.next = 1
            if fig.dealt_in == 2:
                hand.sb_seat.next = deal.new_dealer3
                hand.bb_seat.next = deal.left1_3
                hand.seat.next = deal.new_dealer
            else:
                hand.sb_seat.next = deal.left1_3
                hand.bb_seat.next = deal.left2_3
                hand.seat.next = deal.left1

        elif state == t_state.HT_BLIND_NEXT:
            if action.log_code == POST_SB:
                hand.seat.next = hand.bb_seat[sw:]
            else:
                hand.phase.next = PHASE_BETTING
                hand.turn_from.next = hand.bb_seat[sw:]

        elif state == t_state.HT_NEW_GAME:
            for i in range(n):
                hand.hole0[i].next = NO_CARD
                hand.hole1[i].next = NO_CARD
            for j in range(BOARD):
                hand.board[j].next = NO_CARD
            hand.to_act.next = NO_SEAT
            hand.dealer.next = 0
            hand.sb_seat.next = NO_SEAT
            hand.bb_seat.next = NO_SEAT
            hand.street.next = PREFLOP
            hand.phase.next = PHASE_READY
            hand.number.next = 0
            hand.first_hand.next = 1
            hand.game_winner.next = NO_SEAT
            hand.game_over_q.next = 0
            hand.showed.next = 0
            hand.seat.next = 0
            hand.st_clear.next = 1

        else:
            pass        # the other steps leave the hand where it is

    return progress
