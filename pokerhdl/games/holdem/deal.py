"""The Hold'em deal path: the deck stream taken card by card, checked and placed into staging
registers, so that a bad deck (a code above 51 or a card twice) changes nothing.

A deal takes 2k+5 cards (k seats dealt in: not busted, not sitting out) in golden order: one card a seat from the seat
left of the new dealer, a second round, then the five board cards. Each card is placed the
clock after it is taken (through its one-hot from two ROMs); the hand block (holdem_hand)
copies the staged cards and the seats worked out here when the sequencer commits the deal.
"""

from myhdl import block, always_seq, concat, ConcatSignal, Signal, intbv, instances

from ...golden.cards import DECK_SIZE, NO_CARD
from ...golden.holdem.contract import BOARD_CARDS, Rules
from .seat_tables import next_in_mask_table, seat_bits, table_rom
from ...rtl.signals import unsigned

BOARD, DECK = BOARD_CARDS, DECK_SIZE
LOW_CARDS = 26                  # the card one-hot in two ROMs: constants stay below 2**31
CARD_BIT_LOW = tuple(1 << code if code < LOW_CARDS else 0 for code in range(64))
CARD_BIT_HIGH = tuple(1 << (min(code, DECK) - LOW_CARDS) if code >= LOW_CARDS else 0
                      for code in range(64))



class Deal:
    """What a deal leaves for the hand (holdem_hand) and the sequencer, written by holdem_deal.

    new_dealer, left1, left2: the new button and the next two seats dealt in left of it
    (new_dealer3, left1_3, left2_3: the same as 3-bit seat fields). stage0, stage1 (lists, one
    per seat): the hole cards dealt; deck_board (list of 5): the board cards, not shown yet.
    bad_deck: the stream gave a code above 51 or a card twice. taken, last_take: cards taken
    from the stream so far, and the count at the deal's last card. deck_request_q: a one-clock
    pulse when a deal starts taking cards.
    """

    def __init__(self, rules=Rules()):
        n, sw = rules.players, seat_bits(rules.players)
        self.new_dealer, self.left1, self.left2 = unsigned(sw), unsigned(sw), unsigned(sw)
        pad = intbv(0)[3 - sw:]
        self.new_dealer3, self.left1_3, self.left2_3 = (
            ConcatSignal(pad, s) for s in (self.new_dealer, self.left1, self.left2))
        self.stage0 = [unsigned(6, NO_CARD) for _ in range(n)]
        self.stage1 = [unsigned(6, NO_CARD) for _ in range(n)]
        self.deck_board = [unsigned(6, NO_CARD) for _ in range(BOARD)]
        self.bad_deck, self.deck_request_q = Signal(bool(0)), Signal(bool(0))
        self.taken, self.last_take = unsigned(4), unsigned(4)


@block(skipname=True)
def holdem_deal(clk, rst, state, t_state, s_axis_tdata, s_axis_tvalid, deal, chips, hand, fig,
                rules=Rules()):
    """deal (Deal) from the deck stream s_axis_tdata[6]/tvalid (taken in HT_COLLECT):
    state/t_state the sequencer's step; fig.out_mask (the seats not dealt in), hand.dealer and
    hand.first_hand choose the new button; fig.dealt_in is k."""
    n = rules.players
    sw = seat_bits(n)

    deal_seat = unsigned(sw)
    slot, deal_round = unsigned(3), unsigned(2)
    deck_seen = unsigned(DECK)
    card_low, card_high = unsigned(LOW_CARDS), unsigned(DECK + 1 - LOW_CARDS)
    card_bit = ConcatSignal(card_high, card_low)   # the stream's card one-hot; 52: not a card
    card_q, card_v = unsigned(6), Signal(bool(0))     # the card taken last clock, to place now
    left_of_dealer, left_of_new_dealer, left_of_deal_seat, left_of_left1 = (
        unsigned(sw) for _ in range(4))
    next_alive = next_in_mask_table(n, skip=True)
    roms = [table_rom(card_q, card_low, CARD_BIT_LOW),
            table_rom(card_q, card_high, CARD_BIT_HIGH),
            table_rom(ConcatSignal(hand.dealer, fig.out_mask), left_of_dealer, next_alive),
            table_rom(ConcatSignal(deal.new_dealer, fig.out_mask), left_of_new_dealer,
                      next_alive),
            table_rom(ConcatSignal(deal_seat, fig.out_mask), left_of_deal_seat, next_alive),
            table_rom(ConcatSignal(deal.left1, fig.out_mask), left_of_left1, next_alive)]

    @always_seq(clk.posedge, reset=rst)
    def collect():
        deal.deck_request_q.next = 0
        card_v.next = 0

        if card_v:
            # a card of the deck, taken from the stream last clock: check it, place it
            if card_bit[DECK] or (deck_seen & card_bit[DECK:]) != 0:
                deal.bad_deck.next = 1
            deck_seen.next = deck_seen | card_bit[DECK:]
            if deal_round == 2:
                deal.deck_board[slot].next = card_q
                slot.next = slot + 1
            else:
                if deal_round == 0:
                    deal.stage0[deal_seat].next = card_q
                else:
                    deal.stage1[deal_seat].next = card_q
                deal_seat.next = left_of_deal_seat
                if slot == fig.dealt_in - 1:
                    slot.next = 0
                    deal_round.next = deal_round + 1
                else:
                    slot.next = slot + 1

        if state == t_state.HT_DEAL0:
            if hand.first_hand and not fig.out_mask[hand.dealer]:
                deal.new_dealer.next = hand.dealer
            else:
                deal.new_dealer.next = left_of_dealer
            for i in range(n):
                deal.stage0[i].next = NO_CARD
                deal.stage1[i].next = NO_CARD
            deck_seen.next = 0
            deal.bad_deck.next = 0
            slot.next = 0
            deal_round.next = 0
            deal.deck_request_q.next = 1

        elif state == t_state.HT_DEAL1:
            deal_seat.next = left_of_new_dealer
            deal.left1.next = left_of_new_dealer
            deal.taken.next = 0
            deal.last_take.next = concat(fig.dealt_in, False) + (BOARD - 1)  # 2k + 5 cards

        elif state == t_state.HT_COLLECT:
            if s_axis_tvalid:
                card_q.next = s_axis_tdata
                card_v.next = 1
                deal.taken.next = deal.taken + 1

        elif state == t_state.HT_DEAL_CHECK:
            deal.left2.next = left_of_left1

        else:
            pass        # other steps: only the placing of a card, above

    return instances()
