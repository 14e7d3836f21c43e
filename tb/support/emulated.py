"""The emulator's links that tests share: a link to a board top on the fast engine (Verilator) whose every
answer is checked against the golden twin, and the internal signals read beside its pins."""

import threading

from table_play import Truth

from pokerhdl.boards.shell import ENTROPY_SIGNALS
from pokerhdl.golden.holdem.table import Table
from pokerhdl.golden.holdem.terminal import HoldemTerminal
from pokerhdl.golden.rng import XorShift128
from pokerhdl.golden.shuffle import deal
from pokerhdl.sim.emulator import Emulator
from pokerhdl.table.link import EmulatorLink


INTERNALS = [(ENTROPY_SIGNALS[0], 32), (ENTROPY_SIGNALS[1], 1)]


class Entropy:
    """The golden generator fed with the tick count at every stir the model recorded."""

    def __init__(self, emu):
        self.stirs = emu.model.recorder(ENTROPY_SIGNALS[1], [ENTROPY_SIGNALS[0]])
        self.rng = XorShift128()

    def catch_up(self):
        for (ticks,) in self.stirs.take():
            self.rng.mix(ticks)
        return self.rng


class CheckedLink(EmulatorLink):
    """The emulator behind the server, with the golden terminal beside it: the keys the server
    types go to both, and every byte the RTL sends must be the golden one. The golden terminal
    takes a command's keys when the RTL's answer to them begins (then the hardware has mixed
    their entropy in, and no later key has arrived: the server waits for each answer)."""

    def __init__(self, top):
        emu = Emulator(top, internals=INTERNALS)
        super().__init__(emu)
        players = emu.top.params["players"]
        entropy = Entropy(emu)
        self.decks = []

        def next_deck():
            self.decks.append(deal(entropy.catch_up(), 2 * players + 5).cards)
            return self.decks[-1]
        self.term = HoldemTerminal(Table(players), next_deck)
        self.truth = Truth(self.term.t)
        self.expected = self.term.boot()
        self.truth.snapshot(len(self.expected))
        self.actual = ""
        self.waiting = []
        self.lock = threading.Lock()

    def write(self, data):
        with self.lock:
            self.waiting.append(data.decode("latin-1"))
        super().write(data)

    def start(self, on_bytes):
        def check(data):
            with self.lock:
                self.actual += data.decode("latin-1")
                if len(self.actual) > len(self.expected):
                    for keys in self.waiting:
                        for ch in keys:
                            self.expected += self.term.key(ch)
                            self.truth.snapshot(len(self.expected))
                    self.waiting = []
                assert self.expected.startswith(self.actual), (self.actual[-300:],
                                                               self.expected[-300:])
            on_bytes(data)
        super().start(check)
