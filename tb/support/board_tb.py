"""A board top's testbench, shared by the board tests: its buttons, a fast set of its parameters, and
the Board that presses buttons (with bounces), sets switches, types on its UART and reads its LEDs
and display."""

import os

from cocotb.triggers import Timer

from board_entropy import EntropyBoard
from harness import param
from uart_line import SerialLine

from pokerhdl.boards.board import get_board
from pokerhdl.boards.shell import core_hz
from pokerhdl.flow.tops import BOARD_TOPS, get_top
from pokerhdl.golden.shuffle import deal


QUIET_CLOCKS = 300              # no byte for this long: the answer is complete (a deal waits


                                # for the shuffler: about 100 clocks; Icarus spends most of a
                                # board test in these waits)
BTN_C, BTN_U, BTN_L, BTN_R, BTN_D = range(5)


PLAYERS = 2                     # the board tests play 2 seats (the tops have 4: the seat


XDC_NAMES = [t.name for t in BOARD_TOPS if get_board(t.board).constraints == "xdc"]


def fast(name):
    """A board top's fast variant for simulation: keys at the fastest rate its receiver
    samples, the table drawn at the fastest rate its transmitter sends, short debounces."""
    hz = core_hz(get_top(name))
    return {"baud": hz // 8, "tx_baud": hz // 2, "debounce_ms": 0.0002}


FAST = fast(XDC_NAMES[0])       # the Digilent boards' (100 MHz)


class Board(EntropyBoard):
    """The board around a top: clock, buttons, switches, the reset button where the board has
    one, the terminal, and the golden deck predicted from the entropy the game takes."""

    def __init__(self, dut, players=PLAYERS):
        super().__init__(dut, os.environ["BOARD_TOP"])
        self.deal_cards = 2 * players + 5      # what the shuffler deals on every deck_request
        self.line = SerialLine(dut.uart_rx, dut.uart_tx, param("baud"), param("tx_baud"))

    def golden_deck(self):
        """The shuffler's next deal: the entropy taken since the last one, then its draws."""
        self.decks.append(deal(self.mixed_rng(), self.deal_cards).cards)
        return self.decks[-1]

    async def quiet(self):
        """Until the terminal has said nothing for a while."""
        while True:
            n = len(self.line.text)
            await Timer(round(QUIET_CLOCKS * self.clock_ns), unit="ns")
            if len(self.line.text) == n:
                return

    async def key(self, ch):
        start = len(self.line.text)
        await self.line.type(ch)
        await self.quiet()
        return self.line.since(start)

    async def press(self, button, switches=0):
        start = len(self.line.text)
        if self.has["sw"]:
            self.dut.sw.value = switches
        else:
            assert switches == 0, "this top has no switches"
        await self.bounce(button)
        await self.quiet()
        return self.line.since(start)
