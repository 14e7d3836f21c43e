"""The run controller's jokers and hand levels: the five joker slots (ids of the effect table,
left to right) with their counters, and the level of each hand type with the chips and mult
its planets added (golden balatro_run: buy, sell, move; balatro_planets.level_up)."""

from myhdl import block, always, always_comb, always_seq, intbv, Signal

from ..golden.balatro import ACT_DISCARD, ACT_NEW_RUN
from ..golden.balatro_jokers import JOKER_SLOTS
from ..golden.balatro_run import ACT_BUY, ACT_MOVE, ACT_SELL
from ..golden.balatro_shop import NO_ITEM
from .balatro_run_tables import (COUNTER_BITS, HAND_TYPES, ITEM_BITS, JOKER_ROWS,
                                 LEVEL_CHIPS_ROM, LEVEL_MULT_ROM, SHRINK_ROM)


class Jokers:
    """Written by run_jokers only: ids (a list, slot 0 leftmost, NO_ITEM beyond count),
    counters (a list, 0 beyond count), count."""

    def __init__(self):
        self.ids = [Signal(intbv(NO_ITEM)[ITEM_BITS:]) for _ in range(JOKER_SLOTS)]
        self.counters = [Signal(intbv(0)[COUNTER_BITS:]) for _ in range(JOKER_SLOTS)]
        self.count = Signal(intbv(0, min=0, max=JOKER_SLOTS + 1))


class Levels:
    """Written by run_levels only, lists by hand type: levels (from 1), xchips and xmult (what
    the levels above the first add to the hand type's chips and mult)."""

    def __init__(self, widths):
        self.levels = [Signal(intbv(1)[widths.level:]) for _ in range(HAND_TYPES)]
        self.xchips = [Signal(intbv(0)[widths.xchips:]) for _ in range(HAND_TYPES)]
        self.xmult = [Signal(intbv(0)[widths.xmult:]) for _ in range(HAND_TYPES)]


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


@block(skipname=True)
def run_levels(clk, rst, move, accept, items, levels):
    """levels (Levels): a planet bought levels its hand type; a new run starts at level 1."""
    types, first = HAND_TYPES, JOKER_ROWS
    planet = Signal(intbv(0)[4:])             # the hand type of the selected item's planet
    add_chips = Signal(intbv(0)[len(levels.xchips[0]):])
    add_mult = Signal(intbv(0)[len(levels.xmult[0]):])

    @always(clk.posedge)
    def planet_of():
        """Registered: the item slot is the check step's, a purchase the branch step's."""
        planet.next = 15
        if items[move.islot] >= first and items[move.islot] < first + types:
            planet.next = items[move.islot] - first

    @always_comb
    def level_roms():
        add_chips.next = LEVEL_CHIPS_ROM[int(planet)]
        add_mult.next = LEVEL_MULT_ROM[int(planet)]

    @always_seq(clk.posedge, reset=rst)
    def planets():
        if accept and move.op == ACT_NEW_RUN:
            for k in range(types):
                levels.levels[k].next = 1
                levels.xchips[k].next = 0
                levels.xmult[k].next = 0
        elif accept and move.op == ACT_BUY:
            for k in range(types):
                if planet == k:
                    levels.levels[k].next = levels.levels[k] + 1
                    levels.xchips[k].next = levels.xchips[k] + add_chips
                    levels.xmult[k].next = levels.xmult[k] + add_mult

    return planet_of, level_roms, planets
