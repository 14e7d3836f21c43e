"""The run controller's hand levels: the level of each hand type with the chips and mult its
planets added (golden balatro_planets.level_up; a planet is used when bought)."""

from myhdl import block, always, always_comb, always_seq, intbv, Signal

from ...golden.balatro.game import ACT_NEW_RUN
from ...golden.balatro.run import ACT_BUY
from .run_tables import HAND_TYPES, JOKER_ROWS, LEVEL_CHIPS_ROM, LEVEL_MULT_ROM


class Levels:
    """Written by run_levels only, lists by hand type: levels (from 1), xchips and xmult (what
    the levels above the first add to the hand type's chips and mult)."""

    def __init__(self, widths):
        self.levels = [Signal(intbv(1)[widths.level:]) for _ in range(HAND_TYPES)]
        self.xchips = [Signal(intbv(0)[widths.xchips:]) for _ in range(HAND_TYPES)]
        self.xmult = [Signal(intbv(0)[widths.xmult:]) for _ in range(HAND_TYPES)]


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
        """On a move taken: each hand type's next level, chips and mult worked out, then
        written once (a simulator checks every write of a list entry at every clock)."""
        if accept:
            for k in range(types):
                lv = intbv(0)[len(levels.levels[0]):]
                xc = intbv(0)[len(levels.xchips[0]):]
                xm = intbv(0)[len(levels.xmult[0]):]
                lv[:] = levels.levels[k]
                xc[:] = levels.xchips[k]
                xm[:] = levels.xmult[k]
                if move.op == ACT_NEW_RUN:
                    lv[:] = 1
                    xc[:] = 0
                    xm[:] = 0
                elif move.op == ACT_BUY and planet == k:
                    lv[:] = levels.levels[k] + 1
                    xc[:] = levels.xchips[k] + add_chips
                    xm[:] = levels.xmult[k] + add_mult
                levels.levels[k].next = lv
                levels.xchips[k].next = xc
                levels.xmult[k].next = xm

    return planet_of, level_roms, planets
