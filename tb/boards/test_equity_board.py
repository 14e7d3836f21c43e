"""The equity engine on a board (nexys_a7_equity, and ulx3s_equity behind its PLL with the
EHXPLLL simulation model, through the board shell): requests typed into
the board's USB-UART pin come back as the golden engine's replies (golden/equity_protocol.
engine_reply), byte for byte: a Monte Carlo run, an exact enumeration, a refusal, a frame with a
corrupted byte; LED0 is lit while a request is answered; the reset button in the middle of a
run leaves the board answering the next request; a describe request is answered with the
board's lanes, seats and clock (the PLL's on the ULX3S). Simulated in both languages on a
variant of the top with one heads-up lane and a fast UART (the committed top's lanes are the
engine's, tested in tb/rtl/test_equity_engine.py and, in Verilator, tb/host/test_equity_backends.py)."""

import os

import cocotb
import pytest
from cocotb.triggers import ClockCycles, Timer

from clocked import ClockedTB
from harness import DEPTHS, param, run_block, ulx3s_twins
from uart_line import SerialLine
from pokerhdl.boards.shell import core_hz
from pokerhdl.golden.cards import parse_cards
from pokerhdl.golden.equity.readable import ERR_DUPLICATE, ERR_FRAME, OK
from pokerhdl.golden.equity.protocol import (DESCRIBE_REQUEST, MODE_EXACT, FrameReader,
                                             engine_reply, frame, request_payload)
from pokerhdl.flow.tops import EQUITY_BOARD_TOPS, get_top

# the heads-up board tops are the nine-seat ones' board, shell, game and clock with other lanes:
# their variant here would be the same design, but for the Nexys A7 heads-up top's lanes, whose
# delays are flip-flops (shift_registers=False), the form of the equity_lane and equity_engine
# blocks, which their own tests run in both languages and at gate level
TOPS = [top.name for top in EQUITY_BOARD_TOPS if top.params["opponents"] > 1]


def variant(name):
    """One heads-up lane, the UART at the fastest rate the receiver samples (the top's own
    clock: a PLL top's clock pin is driven at the PLL's output rate)."""
    return {"baud": core_hz(get_top(name)) // 8, "lanes": 1, "opponents": 1}


def payload(hero, opponent, board="", dead="", trials=0, seed=0, mode=1):
    cards = lambda text: tuple(parse_cards(text)) if text else ()
    return request_payload(cards(hero), [None if opponent is None else cards(opponent)],
                           cards(board), cards(dead), trials, seed, mode)


class EquityBoard(ClockedTB):
    def __init__(self, dut):
        clk_hz = core_hz(get_top(os.environ["BOARD_TOP"]))
        super().__init__(dut, clk_hz, {"cpu_resetn": 1}, has_reset=False)
        self.line = SerialLine(dut.uart_rx, dut.uart_tx, param("baud"))

    async def ask(self, data, limit_clocks=200_000):
        """Send a frame's bytes; the payload of the reply frame."""
        start = len(self.line.text)
        await self.line.keys.write(bytes(data))
        reader = FrameReader()
        for _ in range(limit_clocks // 1_000):
            await ClockCycles(self.dut.clk, 1_000)
            replies = reader.feed(bytes(self.line.text[start:]))
            start = len(self.line.text)
            if replies:
                return replies[0]
        raise AssertionError(f"no reply within {limit_clocks} clocks")


@cocotb.test()
async def board_answers_as_the_golden_engine(dut):
    lanes, opponents = param("lanes", 1), param("opponents", 1)
    board = EquityBoard(dut)
    await ClockCycles(dut.clk, 100)              # the power-on reset
    clk_hz = core_hz(get_top(os.environ["BOARD_TOP"]))
    runs = [DESCRIBE_REQUEST,
            payload("AhAs", None, trials=300, seed=11),
            payload("Td6h", None, "7d8dJs6s9h", mode=MODE_EXACT),
            payload("AhAh", None, trials=5)]
    for request in runs:
        got = await board.ask(frame(request))
        assert got == engine_reply(request, lanes, opponents, clk_hz), got.hex()
    assert [r[0] for r in (engine_reply(q, lanes, opponents) for q in runs)] \
        == [OK, OK, OK, ERR_DUPLICATE]
    corrupted = bytearray(frame(runs[1]))
    corrupted[9] ^= 4
    assert await board.ask(corrupted) == bytes([ERR_FRAME])


@cocotb.test()
async def led_while_busy_and_the_reset_button(dut):
    lanes, opponents = param("lanes", 1), param("opponents", 1)
    board = EquityBoard(dut)
    await ClockCycles(dut.clk, 100)
    long_run = payload("AhKd", None, trials=1_000_000, seed=3)
    await board.line.keys.write(frame(long_run))
    await board.line.keys.wait()
    await ClockCycles(dut.clk, 200)
    assert int(dut.led.value) & 1, "LED0: busy"
    dut.cpu_resetn.value = 0                     # the reset button, mid-run
    await ClockCycles(dut.clk, 20)
    dut.cpu_resetn.value = 1
    await ClockCycles(dut.clk, 100)
    assert not int(dut.led.value) & 1
    board.line.listen()
    # an exact run (the river's 44 boards): a Monte Carlo run's set-up is some 3,000 clocks,
    # and the deep stage's test and the engine's own make Monte Carlo runs
    request = payload("9s8s", "AcAd", "2h3h4h5h", mode=MODE_EXACT)
    assert await board.ask(frame(request)) == engine_reply(request, lanes, opponents)
    await Timer(1, unit="ns")


@pytest.mark.parametrize("name, hdl", ulx3s_twins(TOPS))
@pytest.mark.parametrize("depth", DEPTHS)
def test_equity_board(name, hdl, depth):
    """The regression: the board's LED and reset button and a request answered through its
    UART, as golden; the deep stage: every kind of request (the engine's own test has them
    all, behind no shell)."""
    run_block(name, hdl, __name__, params=variant(name), tag=f"-{depth}",
              testcase={"short": "led_while_busy_and_the_reset_button",
                        "long": "board_answers_as_the_golden_engine"}[depth],
              extra_env={"BOARD_TOP": name})
