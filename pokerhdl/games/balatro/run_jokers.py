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
        """On a move taken or a play's score: each slot's next id and counter worked out,
        then written once (a simulator checks every write of a list entry at every clock)."""
        item = items[move.islot]
        if accept or commit:
            for i in range(slots):
                nid = intbv(0)[ITEM_BITS:]
                ncnt = intbv(0)[COUNTER_BITS:]
                nid[:] = jokers.ids[i]
                ncnt[:] = jokers.counters[i]
                if accept and move.op == ACT_NEW_RUN:
                    nid[:] = NO_ITEM
                    ncnt[:] = 0
                elif accept and move.op == ACT_BUY:
                    if item < rows and jokers.count == i:
                        nid[:] = item
                        ncnt[:] = 0
                elif accept and move.op == ACT_SELL:
                    # the jokers right of the slot close up
                    if i == last:
                        nid[:] = NO_ITEM
                        ncnt[:] = 0
                    elif i >= move.jslot:
                        nid[:] = jokers.ids[i + 1]
                        ncnt[:] = jokers.counters[i + 1]
                elif accept and move.op == ACT_MOVE:
                    # the slot's joker to the right end, the ones right of it close up
                    if i >= move.jslot and i + 1 < jokers.count:
                        nid[:] = jokers.ids[i + 1]
                        ncnt[:] = jokers.counters[i + 1]
                    elif i >= move.jslot and i + 1 == jokers.count:
                        nid[:] = jokers.ids[move.jslot]
                        ncnt[:] = jokers.counters[move.jslot]
                elif accept and move.op == ACT_DISCARD:
                    if jokers.counters[i] > shrinks[i]:
                        ncnt[:] = jokers.counters[i] - shrinks[i]
                    else:
                        ncnt[:] = 0
                elif commit:
                    ncnt[:] = grown[i]
                jokers.ids[i].next = nid
                jokers.counters[i].next = ncnt
        if accept and move.op == ACT_NEW_RUN:
            jokers.count.next = 0
        elif accept and move.op == ACT_BUY:
            if item < rows:
                jokers.count.next = jokers.count + 1
        elif accept and move.op == ACT_SELL:
            jokers.count.next = jokers.count - 1

    return shrink_roms, joker_slots
