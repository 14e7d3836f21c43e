"""The run controller's shop: its two items, drawn from the generator's words exactly as the
golden draws them (balatro_shop.stock: one word a try, five 6-bit fields, the first below the
table's 47 rows, again for an item already offered in this draw or a joker held).

Why the words come on a stream (rng_word/valid/ready) and not from a generator of its own: the
golden run takes its decks and its shop items from one generator in the order the run meets
them; the board gives the controller that one generator's words, and a test the golden's."""

from myhdl import block, always_comb, always_seq, intbv, Signal

from ...golden.balatro.game import ACT_NEW_RUN
from ...golden.balatro.jokers import JOKER_SLOTS
from ...golden.balatro.run import ACT_BUY, ACT_LEAVE
from ...golden.balatro.shop import ITEMS, NO_ITEM, SHOP_SLOTS
from ...golden.shuffle import FIELD_BITS
from .run_tables import FIELDS, ITEM_BITS, ITEM_MASK, PRICE_ROM

WORD_BITS = 32
PRICE_BITS = 4


class Shop:
    """Written by run_shop only: items (a list, NO_ITEM when bought or closed), prices (a list:
    each item's, 0 when empty), stocked (both slots drawn), ready (a word is taken when
    valid)."""

    def __init__(self):
        self.items = [Signal(intbv(NO_ITEM)[ITEM_BITS:]) for _ in range(SHOP_SLOTS)]
        self.prices = [Signal(intbv(0)[PRICE_BITS:]) for _ in range(SHOP_SLOTS)]
        self.stocked, self.ready = Signal(bool(0)), Signal(bool(0))


@block(skipname=True)
def run_shop(clk, rst, state, st, move, accept, rng_word, rng_valid, ids, shop):
    """shop (Shop) step by step: state/st the sequencer's step (BAL_STOCK: draw both slots);
    move (RunMove): the op and the item slot; accept: the move is taken; rng_word, rng_valid:
    the generator's words; ids: the jokers held (a list)."""
    filling = Signal(intbv(0, min=0, max=SHOP_SLOTS + 1))   # the slot drawn (2: both)
    verify = Signal(bool(0))                                  # the candidate's step
    cand, cand_ok = Signal(intbv(0)[ITEM_BITS:]), Signal(bool(0))
    fields, slots, rows, mask = FIELDS, JOKER_SLOTS, ITEMS, ITEM_MASK
    last = SHOP_SLOTS - 1

    @always_comb
    def price_roms():
        for k in range(SHOP_SLOTS):
            shop.prices[k].next = PRICE_ROM[int(shop.items[k])]

    @always_comb
    def ask():
        shop.ready.next = state == st.BAL_STOCK and not verify and filling < SHOP_SLOTS

    @always_seq(clk.posedge, reset=rst)
    def draws():
        if state != st.BAL_STOCK:
            filling.next = 0
            verify.next = 0
            shop.stocked.next = 0
        if accept and (move.op == ACT_NEW_RUN or move.op == ACT_LEAVE):
            for k in range(SHOP_SLOTS):
                shop.items[k].next = NO_ITEM
        elif accept and move.op == ACT_BUY:
            shop.items[move.islot].next = NO_ITEM
        elif shop.ready and rng_valid:
            # the first field below the table's size, as shuffle.draw_offset
            ok = False
            c = intbv(0)[ITEM_BITS:]
            for f in range(fields):
                v = intbv(0)[ITEM_BITS:]
                for b in range(FIELD_BITS):
                    v[b] = rng_word[FIELD_BITS * f + b]
                v[:] = v & mask
                if not ok and v < rows:
                    c[:] = v
                    ok = True
            cand.next = c
            cand_ok.next = ok
            verify.next = 1
        elif verify:
            taken = not cand_ok
            for j in range(slots):
                if ids[j] == cand:
                    taken = True
            if filling == last and shop.items[0] == cand:
                taken = True
            if not taken:
                shop.items[filling].next = cand
                filling.next = filling + 1
                shop.stocked.next = filling == last
            verify.next = 0

    return price_roms, ask, draws
