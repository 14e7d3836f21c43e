"""The run controller's jokers: the five joker slots (ids of the effect table, left to right)
with their counters (golden balatro_run: buy, sell, move; a play grows the counters, a
discard shrinks them)."""

from myhdl import block, always_comb, always_seq, intbv, Signal

from ...golden.balatro.game import ACT_DISCARD, ACT_NEW_RUN
from ...golden.balatro.jokers import JOKER_SLOTS
from ...golden.balatro.run import ACT_BUY, ACT_MOVE, ACT_SELL
from ...golden.balatro.shop import NO_ITEM
from .run_tables import COUNTER_BITS, ITEM_BITS, JOKER_ROWS, SHRINK_ROM


class Jokers:
    """Written by run_jokers only: ids (a list, slot 0 leftmost, NO_ITEM beyond count),
    counters (a list, 0 beyond count), count."""

    def __init__(self):
        self.ids = [Signal(intbv(NO_ITEM)[ITEM_BITS:]) for _ in range(JOKER_SLOTS)]
        self.counters = [Signal(intbv(0)[COUNTER_BITS:]) for _ in range(JOKER_SLOTS)]
        self.count = Signal(intbv(0, min=0, max=JOKER_SLOTS + 1))


@block(skipname=True)
def run_jokers(clk, rst, move, accept, commit, items, grown, jokers):
    """jokers (Jokers): move (RunMove): the op and the slots; accept: the move is taken;
    commit: a play's score is final, the counters become grown (the scorer's, a list); items:
    the shop's (a list)."""
    slots, last, rows = JOKER_SLOTS, JOKER_SLOTS - 1, JOKER_ROWS
    shrinks = [Signal(intbv(0)[COUNTER_BITS:]) for _ in range(JOKER_SLOTS)]

    @always_comb
    def shrink_roms():
        for i in range(slots):
            shrinks[i].next = SHRINK_ROM[int(jokers.ids[i])]

    @always_seq(clk.posedge, reset=rst)
    def joker_slots():
        item = items[move.islot]
        if accept and move.op == ACT_NEW_RUN:
            for i in range(slots):
                jokers.ids[i].next = NO_ITEM
                jokers.counters[i].next = 0
            jokers.count.next = 0
        elif accept and move.op == ACT_BUY:
            if item < rows:
                jokers.ids[jokers.count].next = item
                jokers.counters[jokers.count].next = 0
                jokers.count.next = jokers.count + 1
        elif accept and move.op == ACT_SELL:
            # the jokers right of the slot close up
            for i in range(last):
                if i >= move.jslot:
                    jokers.ids[i].next = jokers.ids[i + 1]
                    jokers.counters[i].next = jokers.counters[i + 1]
            jokers.ids[last].next = NO_ITEM
            jokers.counters[last].next = 0
            jokers.count.next = jokers.count - 1
        elif accept and move.op == ACT_MOVE:
            # the slot's joker to the right end, the ones right of it close up
            for i in range(slots):
                if i >= move.jslot and i + 1 < jokers.count:
                    jokers.ids[i].next = jokers.ids[i + 1]
                    jokers.counters[i].next = jokers.counters[i + 1]
                elif i >= move.jslot and i + 1 == jokers.count:
                    jokers.ids[i].next = jokers.ids[move.jslot]
                    jokers.counters[i].next = jokers.counters[move.jslot]
        elif accept and move.op == ACT_DISCARD:
            for i in range(slots):
                if jokers.counters[i] > shrinks[i]:
                    jokers.counters[i].next = jokers.counters[i] - shrinks[i]
                else:
                    jokers.counters[i].next = 0
        elif commit:
            for i in range(slots):
                jokers.counters[i].next = grown[i]

    return shrink_roms, joker_slots
