"""The run controller's move: the command taken and its answer, every golden refusal of
BalatroRun in the golden's order.

Why three steps (check, judge, branch): the refusal depends on the move's mask (its count, its
slots against the hand, the shop and the jokers), on the phase and on prices; the mask's
facts are registered first (check), the answer from them (judge), and the sequencer and every
part branch on that one registered answer, so no part repeats the checks."""

from myhdl import block, always, always_comb, always_seq, intbv, Signal

from ...golden.balatro.game import (ACT_DISCARD, ACT_NEW_RUN, ACT_SORT_SUIT, HAND_SLOTS, OK,
                                    PHASE_LOST, PHASE_WON, REF_EMPTY_SLOT, REF_NO_DISCARDS,
                                    REF_NOTHING_SELECTED, REF_RUN_OVER, REF_TOO_MANY)
from ...golden.balatro.jokers import JOKER_SLOTS
from ...golden.balatro.run import (ACT_BUY, ACT_LEAVE, ACT_REROLL, PHASE_SHOP, REF_EMPTY_ITEM,
                                   REF_IN_SHOP, REF_NO_JOKER, REF_NO_MONEY, REF_NO_SLOT,
                                   REF_NOT_IN_SHOP, REF_SELECT_ONE, RESULT_TEXT)
from ...golden.balatro.shop import NO_ITEM, SHOP_SLOTS
from .game import OCCUPIED, POPCOUNT, take_command
from .run_tables import JOKER_ROWS

RUN_OP_BITS = 4
RUN_RESULT_BITS = 4
RUN_BAD_OP = (1 << RUN_RESULT_BITS) - 1      # res_code of an op code no button makes
assert len(RESULT_TEXT) <= RUN_BAD_OP
# by mask: the highest selected slot (the golden's mask.bit_length() - 1) among the jokers'
# and the shop's (0 beyond them: such a mask is refused, and the index stays in its list)
TOP_SLOT = tuple(max(m.bit_length() - 1, 0) for m in range(1 << HAND_SLOTS))
JOKER_SLOT_ROM = tuple(t if t < JOKER_SLOTS else 0 for t in TOP_SLOT)
ITEM_SLOT_ROM = tuple(t if t < SHOP_SLOTS else 0 for t in TOP_SLOT)


class RunMove:
    """The move taken, written by run_move only (its take_command the command's fields): op,
    mask (the command's; on the title every
    op starts the run), jslot and islot (the mask's highest slot among the jokers and the
    shop's items: the one a shop move selects once it is accepted), ok (the answer is OK,
    registered with it, so that the branch step reads one bit), taken (a command waits for its
    answer), result (OK or a refusal), bad_op (the answer is RUN_BAD_OP), done (res_valid)."""

    def __init__(self):
        self.op, self.mask = Signal(intbv(0)[RUN_OP_BITS:]), Signal(intbv(0)[HAND_SLOTS:])
        self.jslot = Signal(intbv(0)[3:])
        self.islot = Signal(intbv(0)[1:])
        self.taken, self.bad_op, self.done = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
        self.result = Signal(intbv(OK)[RUN_RESULT_BITS:])
        self.ok = Signal(bool(0))


class Facts:
    """The mask's facts (check step): none (nothing selected), many (more than max_select),
    several (more than one), off_hand, off_shop, off_jokers (a selected slot beyond the hand's
    cards, the shop's items, the jokers held); and the shop's and the money's, registered every
    clock: joker (per shop slot: a joker), afford (per shop slot: its price is held),
    reroll_ok."""

    def __init__(self):
        self.none, self.many, self.several = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
        self.off_hand, self.off_shop = Signal(bool(0)), Signal(bool(0))
        self.off_jokers = Signal(bool(0))
        self.joker = Signal(intbv(0)[SHOP_SLOTS:])
        self.afford = Signal(intbv(0)[SHOP_SLOTS:])
        self.reroll_ok = Signal(bool(0))


@block(skipname=True)
def run_move(clk, rst, state, st, cmd_valid, cmd_op, cmd_mask, move, facts, phase,
             discards_left, hand_count, items, prices, joker_count, money, reroll_price,
             rules):
    """move (RunMove) and facts (Facts) step by step: state/st the sequencer's step;
    cmd_valid, cmd_op, cmd_mask: the command; phase, discards_left: the run's; hand_count: the
    cards in hand; items, prices: the shop's (lists); joker_count, money, reroll_price: the jokers
    held, the money, the next reroll's price."""
    most, slots, full, jokers = rules.max_select, SHOP_SLOTS, JOKER_SLOTS, JOKER_ROWS
    taking = take_command(clk, rst, state, st, cmd_valid, cmd_op, cmd_mask, phase, ACT_LEAVE,
                          move)

    mask_count = Signal(intbv(0)[4:])
    hand_filled, jokers_filled = Signal(intbv(0)[HAND_SLOTS:]), Signal(intbv(0)[HAND_SLOTS:])

    @always_comb
    def count_rom():
        mask_count.next = POPCOUNT[int(move.mask)]

    @always_comb
    def hand_rom():
        hand_filled.next = OCCUPIED[int(hand_count)]

    @always_comb
    def joker_rom():
        jokers_filled.next = OCCUPIED[int(joker_count)]

    @always(clk.posedge)
    def shop_facts():
        joker = intbv(0)[slots:]
        afford = intbv(0)[slots:]
        for k in range(slots):
            joker[k] = items[k] < jokers
            afford[k] = prices[k] <= money
        facts.joker.next = joker
        facts.afford.next = afford
        facts.reroll_ok.next = reroll_price <= money

    @always_seq(clk.posedge, reset=rst)
    def judge():
        if state == st.BAL_CHECK:
            move.jslot.next = JOKER_SLOT_ROM[int(move.mask)]
            move.islot.next = ITEM_SLOT_ROM[int(move.mask)]
            facts.none.next = move.mask == 0
            facts.many.next = mask_count > most
            facts.several.next = mask_count > 1
            facts.off_hand.next = (move.mask & ~hand_filled) != 0
            facts.off_jokers.next = (move.mask & ~jokers_filled) != 0
            filled = intbv(0)[HAND_SLOTS:]
            for k in range(slots):
                filled[k] = items[k] != NO_ITEM
            facts.off_shop.next = (move.mask & ~filled) != 0
        elif state == st.BAL_JUDGE:
            move.bad_op.next = move.op > ACT_LEAVE
            r = intbv(OK)[RUN_RESULT_BITS:]
            over = phase == PHASE_WON or phase == PHASE_LOST
            if move.op > ACT_LEAVE:
                r[:] = move.result                          # RUN_BAD_OP changes nothing
            elif move.op == ACT_NEW_RUN:
                r[:] = OK
            elif move.op <= ACT_SORT_SUIT:                  # a hand move
                if over:
                    r[:] = REF_RUN_OVER
                elif phase == PHASE_SHOP:
                    r[:] = REF_IN_SHOP
                elif move.op > ACT_DISCARD:
                    r[:] = OK                               # a sort
                elif move.op == ACT_DISCARD and discards_left == 0:
                    r[:] = REF_NO_DISCARDS
                elif facts.none:
                    r[:] = REF_NOTHING_SELECTED
                elif facts.many:
                    r[:] = REF_TOO_MANY
                elif facts.off_hand:
                    r[:] = REF_EMPTY_SLOT
            elif over:                                      # a shop move
                r[:] = REF_RUN_OVER
            elif phase != PHASE_SHOP:
                r[:] = REF_NOT_IN_SHOP
            elif move.op == ACT_REROLL:
                if not facts.reroll_ok:
                    r[:] = REF_NO_MONEY
            elif move.op == ACT_LEAVE:
                r[:] = OK
            elif facts.none:
                r[:] = REF_NOTHING_SELECTED
            elif facts.several:
                r[:] = REF_SELECT_ONE
            elif move.op == ACT_BUY:
                if facts.off_shop:
                    r[:] = REF_EMPTY_ITEM
                elif facts.joker[move.islot] and joker_count == full:
                    r[:] = REF_NO_SLOT
                elif not facts.afford[move.islot]:
                    r[:] = REF_NO_MONEY
            elif facts.off_jokers:
                r[:] = REF_NO_JOKER                         # sell, move
            move.result.next = r
            move.ok.next = r == OK and move.op <= ACT_LEAVE
        else:
            pass                                    # the other steps leave the answer

    return taking, count_rom, hand_rom, joker_rom, shop_facts, judge
