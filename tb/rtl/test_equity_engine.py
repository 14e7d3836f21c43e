"""equity_engine (2 heads-up lanes: Icarus runs the engine at a few hundred clocks per second,
and tb/host/test_equity_backends.py runs the committed 3-seat top in Verilator) against its golden
twin (golden/equity_protocol.engine_reply), reply for reply, byte for byte: Monte Carlo runs
with random and known opponents, board and dead cards, fewer trials than lanes; exact
enumerations small enough for Icarus (a known river, turn or flop, and five board cards to come
from a deck cut short by dead cards), fewer boards than lanes; every refusal (a card that is not one, a duplicate, six board cards,
no or too many opponents, no trials, too few cards left, an unknown mode, half a random hand);
frames corrupted, cut short or too short for what they hold, each refused and followed by a
request that works; a request sent during a run (ERR_BUSY after the run's reply); a reset in
the middle of a run; a describe request (lanes, seats, clock), alone, cut or corrupted, and the
runs after it. Replies are read with the output stalled at random."""

import random

import pytest

import cocotb
from cocotb.triggers import ClockCycles, Event, FallingEdge, RisingEdge, with_timeout

from clocked import ClockedTB
from harness import DEPTHS, HDLS, param, run_block
from pokerhdl.golden.cards import NO_CARD
from pokerhdl.golden.equity.exact import EXACT_SEATS
from pokerhdl.golden.equity.readable import (ERR_BOARD, ERR_BUSY, ERR_CARD, ERR_DECK,
                                             ERR_DUPLICATE, ERR_EXACT, ERR_FRAME, ERR_MODE,
                                             ERR_OPPONENTS, ERR_TRIALS, OK)
from pokerhdl.golden.equity.protocol import (DESCRIBE_REQUEST, MODE_DESCRIBE, MODE_EXACT,
                                             FrameReader, engine_reply, frame,
                                             parse_description, request_payload)
from pokerhdl.golden.cards import parse_cards

TIMEOUT = 400      # the test build's frame timeout in clocks
CLK_HZ = 37_500_000   # the clock the test build says it runs at (not the default 100 MHz)


def cards(text):
    return tuple(parse_cards(text)) if text else ()


def payload(hero, opponents, board="", dead="", trials=100, seed=1, mode=1):
    """A request payload from text; an opponent None is random."""
    return request_payload(cards(hero), [None if o is None else cards(o) for o in opponents],
                           cards(board), cards(dead), trials, seed, mode)


# trials kept small: Icarus runs the engine at a few hundred clocks a second (the Verilator
# model runs millions of trials in tb/host/test_equity_backends.py, CI's deep stage), and a Monte
# Carlo request's set-up is some 3,000 clocks (an exact one's a few hundred): the regression
# runs RUNS[0] (the busy test), RUNS[1] and RUNS[4], the deep stage (depth long) the others
# and longer runs
RUNS = [payload("AhAs", [None], trials=40, seed=1),
        payload("KcQc", ["7d7s"], "2c8dTh", "3s4s", 24, 0xDEADBEEF << 90),
        payload("Td6h", [None], "7d8dJs6s9h", trials=16, seed=7),
        payload("2c3d", ["2d3c"], "AhKhQhJhTh", trials=9, seed=3),      # all ties
        payload("9s8s", [None], trials=1, seed=5)]                      # one lane idle
LONG_RUNS = [payload("AhAs", [None], trials=400, seed=2),
             payload("KcQc", ["7d7s"], "2c8dTh", "3s4s", 80, 0xDEADBEEF << 90),
             payload("Td6h", [None], "7d8dJs6s9h", trials=60, seed=7)]

EIGHT_LEFT = "2c2d2h2s3c3d3h3s4c4d4h4s5c5d5h5s6c6d6h6s7c7d7h7s8c8d8h8s9c9d9h9sTcTdThTsJcJdJhJs"
SMALL_DEAD = "".join(r + s for r in "2345678" for s in "cdhs" if r + s not in ("7d", "7s", "2c",
                                                                            "8d"))
SHORT_DECK = "".join(rank + suit for rank in "2345KA" for suit in "cdhs")    # 21 cards left
EXACT = [payload("KcQc", ["7d7s"], "2c8dTh", SMALL_DEAD, 0, 0, MODE_EXACT),   # C(21, 2) boards
         payload("Td6h", [None], "7d8dJs6s9h", SHORT_DECK, 0, 0, MODE_EXACT),   # 210 deals
         payload("9s8s", ["AcAd"], "2h3h4h5h", "", 7, 9, MODE_EXACT),     # trials unused
         payload("AhKd", ["QsQd"], "", EIGHT_LEFT, 0, 0, MODE_EXACT)]     # C(8, 5) boards
LONG_EXACT = [payload("Td6h", [None], "7d8dJs6s9h", "", 0, 0, MODE_EXACT)]   # 990 deals
GATE_EXACT = EXACT[2:]          # on the netlist (tb/gates/, tens of clocks a second): 44 and 56 boards

# an engine of a seat more than an enumeration deals (golden EXACT_SEATS): a random hand past
# them is refused, the same hands with the random one first are enumerated (n = 4: 6 boards of
# 6 deals; two board digits load, so the lane's setting is taken before its start)
SEATED_KEEP = ("Td", "6h", "7c", "7h", "8c", "8h", "9c", "9d", "7d", "8d", "Js",
               "Tc", "Th", "7s", "8s")
SEATED_DEAD = "".join(r + s for r in "23456789TJQKA" for s in "cdhs" if r + s not in SEATED_KEEP)
SEATED = [payload("Td6h", ["7c7h", "8c8h", "9c9d", None], "7d8dJs", SEATED_DEAD, 0, 0,
                  MODE_EXACT),
          payload("Td6h", [None, "7c7h", "8c8h", "9c9d"], "7d8dJs", SEATED_DEAD, 0, 0,
                  MODE_EXACT)]

REFUSED = [
    (payload("AhAh", [None]), ERR_DUPLICATE),
    (payload("AhKs", ["QdQc"], dead="Qd"), ERR_DUPLICATE),
    (request_payload((60, 1), [None], (), (), 10, 1), ERR_CARD),
    (request_payload((0, 1), [(NO_CARD, 7)], (), (), 10, 1), ERR_CARD),   # half random
    (request_payload((0, 1), [(2, 3)], (8, 9, 10, 11, 12, 13), (), 10, 1), ERR_BOARD),
    (payload("AhKs", []), ERR_OPPONENTS),
    (payload("AhKs", [None, None]), ERR_OPPONENTS),                    # more than the engine
    (payload("AhKs", [None], trials=0), ERR_TRIALS),
    (payload("AhKs", [None], mode=3), ERR_MODE),
    (payload("AhKs", [None], mode=0), ERR_MODE),
    (request_payload((0, 1), [None], (), tuple(range(2, 47)), 10, 1), ERR_DECK),
    (payload("AhKs", [None], trials=0)[:20], ERR_FRAME),               # too short
    (request_payload((0, 1), [None], (7,), (), 10, 1)[:-2] + b"\x02\x07", ERR_FRAME),
]


class EngineTB(ClockedTB):
    def __init__(self, dut, stall=0.3, seed=1):
        super().__init__(dut, idle={"s_axis_tvalid": 0, "s_axis_tdata": 0,
                                    "m_axis_tready": 0})
        self.rng = random.Random(seed)
        self.stall = stall
        self.reader = FrameReader()
        self.replies = []
        self.got_reply = Event()
        cocotb.start_soon(self.monitor())

    async def monitor(self):
        """Reply bytes, taken with m_axis_tready low at random (asleep while the engine has
        nothing to send: Python woken every clock of a run is most of a simulation's time)."""
        dut = self.dut
        while True:
            valid = dut.m_axis_tvalid.value
            if not (valid.is_resolvable and int(valid)):
                await RisingEdge(dut.m_axis_tvalid)
            await FallingEdge(dut.clk)
            dut.m_axis_tready.value = int(self.rng.random() >= self.stall)
            await RisingEdge(dut.clk)
            if int(dut.m_axis_tready.value) and dut.m_axis_tvalid.value.is_resolvable and \
                    int(dut.m_axis_tvalid.value):
                done = self.reader.feed(bytes([int(dut.m_axis_tdata.value)]))
                if done:
                    self.replies += done
                    self.got_reply.set()

    async def send(self, data):
        """Bytes into s_axis, one a clock, with a gap now and then. (Not cocotbext-axi's
        source: it wakes Python every clock of the simulation, sending or not, which made
        the Icarus run several times slower.)"""
        dut = self.dut
        for byte in bytes(data):
            await FallingEdge(dut.clk)
            if self.rng.random() < 0.2:
                dut.s_axis_tvalid.value = 0
                await FallingEdge(dut.clk)
            dut.s_axis_tdata.value, dut.s_axis_tvalid.value = byte, 1
            await RisingEdge(dut.clk)
            assert int(dut.s_axis_tready.value), "the engine takes every byte"
        await FallingEdge(dut.clk)
        dut.s_axis_tvalid.value = 0

    async def reply(self, limit=100_000):
        if not self.replies:
            self.got_reply.clear()
            try:
                await with_timeout(self.got_reply.wait(), round(limit * self.clock_ns), "ns")
            except cocotb.triggers.SimTimeoutError:
                raise AssertionError(f"no reply within {limit} clocks") from None
        return self.replies.pop(0)

    async def ask(self, request_payload_, lanes, opponents):
        await self.send(frame(request_payload_))
        got = await self.reply()
        want = engine_reply(request_payload_, lanes, opponents, param("clk_hz", CLK_HZ))
        assert got == want, f"reply {got.hex()} != golden {want.hex()}"
        return got


@cocotb.test()
async def runs_count_as_golden(dut):
    lanes, opponents = param("lanes", 2), param("opponents", 1)
    tb = EngineTB(dut)
    await tb.reset()
    for request in LONG_RUNS + RUNS[2:4] if param("depth") == "long" else RUNS[1::3]:
        got = await tb.ask(request, lanes, opponents)
        assert got[0] == OK, got.hex()


@cocotb.test()
async def exact_runs_count_as_golden(dut):
    lanes, opponents = param("lanes", 2), param("opponents", 1)
    tb = EngineTB(dut)
    await tb.reset()
    for request in {"long": LONG_EXACT, "gates": GATE_EXACT}.get(param("depth"), EXACT):
        got = await tb.ask(request, lanes, opponents)
        assert got[0] == OK, got.hex()


@cocotb.test()
async def refusals_have_their_codes(dut):
    lanes, opponents = param("lanes", 2), param("opponents", 1)
    tb = EngineTB(dut)
    await tb.reset()
    for request, code in REFUSED:
        got = await tb.ask(request, lanes, opponents)
        assert got == bytes([code]), (got.hex(), code)
    await tb.ask(EXACT[2], lanes, opponents)        # and it still runs


@cocotb.test()
async def exact_random_hands_sit_in_the_first_seats(dut):
    lanes, opponents = param("lanes", 2), param("opponents", 1)
    tb = EngineTB(dut)
    await tb.reset()
    late, seated = SEATED
    assert await tb.ask(late, lanes, opponents) == bytes([ERR_EXACT])
    got = await tb.ask(seated, lanes, opponents)
    assert got[0] == OK, got.hex()


@cocotb.test()
async def bad_frames_are_refused_and_the_engine_recovers(dut):
    lanes, opponents = param("lanes", 2), param("opponents", 1)
    tb = EngineTB(dut)
    await tb.reset()
    good = frame(RUNS[3])
    corrupted = bytearray(good)
    corrupted[12] ^= 0x10
    await tb.send(corrupted)
    assert await tb.reply() == bytes([ERR_FRAME]), "a corrupted byte"
    bad_crc = good[:-1] + bytes([good[-1] ^ 1])
    await tb.send(bad_crc)
    assert await tb.reply() == bytes([ERR_FRAME]), "a corrupted CRC"
    await tb.send(good[:15])                        # cut short: the timeout ends it
    assert await tb.reply(limit=TIMEOUT + 2_000) == bytes([ERR_FRAME]), "a frame cut short"
    await tb.send(b"\x00\x17junk")                  # bytes outside a frame are skipped
    await tb.ask(EXACT[2], lanes, opponents)


@cocotb.test()
async def a_request_during_a_run_is_answered_busy(dut):
    lanes, opponents = param("lanes", 2), param("opponents", 1)
    tb = EngineTB(dut)
    await tb.reset()
    await tb.send(frame(RUNS[0]))
    await ClockCycles(dut.clk, 60)
    assert int(dut.busy.value)
    await tb.send(frame(RUNS[3]))
    first = await tb.reply()
    assert first == engine_reply(RUNS[0], lanes, opponents)
    assert await tb.reply() == bytes([ERR_BUSY])
    await ClockCycles(dut.clk, 20)
    assert not int(dut.busy.value)
    await tb.ask(EXACT[2], lanes, opponents)


@cocotb.test()
async def reset_mid_run_then_a_clean_run(dut):
    lanes, opponents = param("lanes", 2), param("opponents", 1)
    tb = EngineTB(dut)
    await tb.reset()
    await tb.send(frame(payload("AhKs", [None], trials=100_000)))
    await ClockCycles(dut.clk, 300)
    await tb.reset()
    assert not int(dut.busy.value)
    tb.replies.clear()
    tb.reader = FrameReader()
    await tb.ask(EXACT[2], lanes, opponents)        # an exact run: a set-up of 300 clocks


@cocotb.test()
async def a_describe_request_says_what_the_engine_is(dut):
    lanes, opponents = param("lanes", 2), param("opponents", 1)
    tb = EngineTB(dut)
    await tb.reset()
    got = await tb.ask(DESCRIBE_REQUEST, lanes, opponents)
    assert parse_description(got) == (lanes, opponents, CLK_HZ), got.hex()
    await tb.ask(EXACT[2], lanes, opponents)         # a run after it counts
    for longer in (bytes([MODE_DESCRIBE, 0]), payload("AhKs", [None], mode=MODE_DESCRIBE)):
        got = await tb.ask(longer, lanes, opponents)  # only the one byte describes
        assert got in (bytes([ERR_FRAME]), bytes([ERR_MODE])), got.hex()
    corrupted = frame(DESCRIBE_REQUEST)[:-1] + b"\x00"
    await tb.send(corrupted)
    assert await tb.reply() == bytes([ERR_FRAME]), "a corrupted describe request"
    await tb.ask(DESCRIBE_REQUEST, lanes, opponents)
    await tb.ask(EXACT[2], lanes, opponents)


ENGINE = {"lanes": 2, "opponents": 1, "timeout": TIMEOUT, "clk_hz": CLK_HZ}   # the test build


@pytest.mark.parametrize("depth", DEPTHS)
@pytest.mark.parametrize("hdl", HDLS)
def test_equity_engine(hdl, depth):
    """The regression: each cocotb test in one language (REGRESSION: the Monte Carlo runs in
    Verilog, the exact ones in VHDL and, in Verilog, tb/boards/test_equity_board.py's board top;
    the refusals and recoveries shared out); the deep stage (depth long) the other and longer
    runs, and in Verilog what the regression ran in VHDL (test_equity_engine_verilog_rest)."""
    runs = ["runs_count_as_golden", "exact_runs_count_as_golden"]
    run_block("equity_engine", hdl, __name__,
              params=ENGINE,
              extra_env={"PARAM_DEPTH": f'"{"gates" if hdl == "gates" else depth}"'},
              tag=f"-{depth}",
              testcase=runs if depth == "long" else REGRESSION[hdl])


@pytest.mark.parametrize("hdl", HDLS)
def test_equity_engine_exact_seats(hdl):
    """An engine of EXACT_SEATS + 1 seats, one lane: the enumeration's seats (its request
    check and its lane's odometer, cut to the first EXACT_SEATS seats), in both languages."""
    run_block("equity_engine", hdl, __name__,
              params=dict(ENGINE, lanes=1, opponents=EXACT_SEATS + 1),
              extra_env={"PARAM_DEPTH": '"short"'}, tag="-seats",
              testcase=["exact_random_hands_sit_in_the_first_seats"])


# the regression's cocotb tests in each language (Icarus runs the engine at a few hundred
# clocks a second)
REGRESSION = {"verilog": ["runs_count_as_golden", "refusals_have_their_codes",
                          "a_describe_request_says_what_the_engine_is"],
              "vhdl": ["exact_runs_count_as_golden",
                       "bad_frames_are_refused_and_the_engine_recovers",
                       "a_request_during_a_run_is_answered_busy",
                       "reset_mid_run_then_a_clean_run"],
              "gates": ["exact_runs_count_as_golden"]}     # the netlist (tb/gates/): GATE_EXACT


@pytest.mark.deep
@pytest.mark.verilog
def test_equity_engine_verilog_rest():
    """The cocotb tests the regression ran in VHDL only, in Verilog."""
    run_block("equity_engine", "verilog", __name__,
              params=ENGINE,
              extra_env={"PARAM_DEPTH": '"short"'}, tag="-rest",
              testcase=REGRESSION["vhdl"])
