"""The Hold'em console (holdem_ui + holdem_table) played through its UART and panel.

Random agents (golden holdem_play.RandomAgent, legal and illegal inputs) choose every move; each
move becomes keystrokes on rxd (or a button press with switches), the golden Terminal predicts
the TX text, and after every answer the test checks: the TX bytes equal the golden terminal's,
every observable in the probe window equals the golden Table's, the LEDs and the 7-segment
figure follow the golden table, and privacy: a seat's two hole cards appear in the output only
after h (or BTNL) on that seat's turn, after s<seat> naming it, or in the showdown lines of a
hand it played to the end.
Invariants are checked on the probed values themselves too (chips conserved, no card twice), the
UI must answer every input within DEADLOCK_NS, and now and then a reset lands at a random clock
while an answer is being drawn: the console must boot into a clean new game.

Keys arrive at clk/8 (the fastest rate the receiver samples); the regression draws the table at
clk/2 (tx_baud) so a hand costs little simulated time; the slow test uses clk/8 both ways.
"""

import os
import random
from collections import deque

import cocotb
import pytest
from cocotb.triggers import ClockCycles, FallingEdge, RisingEdge

from harness import HDLS, in_turns, param, run_block
from holdem_checks import rules_from
from terminal_tb import TerminalTB
from console_tb import CLK_HZ, DEADLOCK_NS, FAST_BAUD, play_console


class TB(TerminalTB):
    idle_values = dict.fromkeys(("sw", "btn_act", "btn_up", "btn_down", "btn_reveal",
                                 "btn_deal", "s_axis_tvalid", "s_axis_tdata", "probe_addr"), 0)

    deadlock_ns = DEADLOCK_NS

    def __init__(self, dut, seed):
        super().__init__(dut, CLK_HZ, param("baud", FAST_BAUD), param("tx_baud"))
        self.rng = random.Random(seed)
        self.decks = deque()
        self.feeder = cocotb.start_soon(self.deck_feeder())

    async def reset(self):
        await super().reset(clocks=4)

    async def deck_feeder(self):
        dut = self.dut
        while True:
            await RisingEdge(dut.deck_request)
            assert self.decks, "the table asked for a deck the golden deal did not take"
            for card in self.decks.popleft():
                if self.rng.random() < 0.2:             # a gap in the stream
                    dut.s_axis_tvalid.value = 0
                    await ClockCycles(dut.clk, self.rng.randint(1, 3))
                dut.s_axis_tdata.value = card
                dut.s_axis_tvalid.value = 1
                while True:
                    await RisingEdge(dut.clk)
                    if int(dut.s_axis_tready.value):
                        break
            dut.s_axis_tvalid.value = 0

    async def reset_while_answering(self, ch, deck):
        """Send a key, then reset at a random clock of its answer (a deal may be taking
        ``deck``); returns what the console sends after the reset."""
        self.decks.append(deck)
        await self.line.type(ch)
        await ClockCycles(self.dut.clk, self.rng.randint(0, 3000))
        self.feeder.cancel()
        self.decks.clear()
        self.dut.s_axis_tvalid.value = 0
        await self.reset()
        start = len(self.line.text)
        self.line.listen()
        self.feeder = cocotb.start_soon(self.deck_feeder())
        await self.settle()
        return self.line.since(start)

    async def boot(self):
        """Reset; the text the console sends as it boots."""
        await self.reset()
        await self.settle()
        return self.line.since(0)

    async def read_probe(self, addresses):
        await FallingEdge(self.dut.clk)                 # writes away from the clock edge
        values = {}
        for addr in addresses:
            self.dut.probe_addr.value = addr
            await RisingEdge(self.dut.clk)
            await FallingEdge(self.dut.clk)
            values[addr] = int(self.dut.probe_data.value)
        return values

    def output(self, name):
        return int(getattr(self.dut, name).value)


@cocotb.test()
async def play_games(dut):
    hands = int(os.environ.get("UI_HANDS", 4))
    seed = param("seed", 1)
    rules = rules_from(param)
    tb = TB(dut, seed)
    seen = await play_console(tb, rules, hands, seed, float(os.environ.get("UI_RESET_RATE", 0.01)))
    dut._log.info("%d hands finished, %d games over, %d resets, %d TX bytes", seen["hands"],
                  seen["games"], seen["resets"], len(tb.line.text))
    missing = [k for k in os.environ.get("UI_MUST_SEE", "").split() if not seen[k]]
    assert not missing, f"the game never showed: {missing} ({dict(seen)})"


def _params(**extra):
    return {"baud": FAST_BAUD, **extra}


# Per language: a hand at four seats, and short stacks that play games to their last chip with
# resets at one input in 16. Depth comes from the soak test (tb/games/test_holdem_soak.py, the fast
# engine: 100,000 inputs).
GAMES = [
    pytest.param({"players": 4}, 2, 1, "hands seat_reads sits", id="4p"),
    pytest.param({"players": 2, "stack": 60, "small_blind": 1, "big_blind": 4}, 6, 5,
                 "resets games", id="2p-stack60-blinds1-4"),
]


@pytest.mark.parametrize("hdl,params,seed,hands,must_see", in_turns(GAMES))
def test_holdem_ui(hdl, params, seed, hands, must_see):
    run_block("holdem_console", hdl, __name__, params=_params(tx_baud=CLK_HZ // 2, **params),
              extra_env={"UI_HANDS": str(hands), "PARAM_SEED": str(seed),
                         "UI_RESET_RATE": "0.06", "UI_MUST_SEE": must_see})


@pytest.mark.slow
@pytest.mark.parametrize("hdl", HDLS)
def test_holdem_ui_three_players_long(hdl):
    """Keys and the table both at clk/8, as the default test did before tx_baud."""
    run_block("holdem_console", hdl, __name__, params=_params(players=3),
              extra_env={"UI_HANDS": "30", "PARAM_SEED": "7", "UI_MUST_SEE": "games"})
