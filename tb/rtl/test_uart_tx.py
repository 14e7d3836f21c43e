"""UART transmitter: bytes from an AXI4-Stream source must reach cocotbext-uart's UartSink, and
the line must carry exactly the golden 8N1 waveform (each bit a whole bit time, no gap between
back-to-back frames)."""

import random

import pytest

import cocotb
from cocotb.triggers import ClockCycles, Edge, with_timeout
from cocotb.utils import get_sim_time
from cocotbext.axi import AxiStreamBus, AxiStreamFrame, AxiStreamSource
from cocotbext.uart import UartSink

from clocked import ClockedTB
from harness import in_turns, param, run_block
from pokerhdl.golden.uart import FRAME_BITS, line_levels
from pokerhdl.golden.uart import TX_MIN_CLOCKS, bit_clocks
from pokerhdl.flow.tops import get_top

DEFAULTS = get_top("uart_tx").params


class TB(ClockedTB):
    def __init__(self, dut):
        super().__init__(dut, param("clk_hz", DEFAULTS["clk_hz"]), idle={"s_axis_tvalid": 0})
        self.baud = param("baud", DEFAULTS["baud"])
        self.div = bit_clocks(self.clk_hz, self.baud, TX_MIN_CLOCKS)
        self.frame_clocks = FRAME_BITS * self.div
        self.source = self.sink = None   # made in reset(), once the outputs are known
        self.edges = []            # (clock number, new txd level) of every change of txd
        self.watcher = None

    async def _watch(self):
        while True:
            await Edge(self.dut.txd)
            self.edges.append((round(get_sim_time("ns") / self.clock_ns), int(self.dut.txd.value)))

    def before_release(self):
        if self.source is None:
            self.source = AxiStreamSource(AxiStreamBus.from_prefix(self.dut, "s_axis"),
                                          self.dut.clk, self.dut.rst)
            self.sink = UartSink(self.dut.txd, baud=self.baud)
            self.watcher = cocotb.start_soon(self._watch())

    async def reset(self):
        await super().reset(clocks=3, settle=1)

    def levels_since(self, clock, end):
        """txd at each clock from ``clock`` to ``end``, rebuilt from the recorded changes."""
        level, levels = 1, []
        changes = [e for e in self.edges if e[0] <= end]
        for n in range(clock, end):
            while changes and changes[0][0] <= n:
                level = changes.pop(0)[1]
            levels.append(level)
        return levels

    def now(self):
        return round(get_sim_time("ns") / self.clock_ns)

    async def expect_bytes(self, data):
        got = bytearray()
        while len(got) < len(data):
            got += await with_timeout(self.sink.read(), 3 * len(data) * self.frame_clocks
                                      * self.clock_ns + 1000, "ns")
        assert bytes(got) == bytes(data), (got.hex(), bytes(data).hex())

    def byte_count(self):
        """Enough bytes for a good test, few at slow rates (the default top runs at 115200)."""
        return 48 if self.div <= 64 else 3


@cocotb.test()
async def back_to_back_bytes(dut):
    """A burst goes out with no idle time between frames; the waveform is the golden one."""
    tb = TB(dut)
    await tb.reset()
    assert int(dut.txd.value) == 1 and int(dut.s_axis_tready.value) == 1
    rng = random.Random(1)
    data = bytes(rng.randrange(256) for _ in range(tb.byte_count())) + b"\x00\xff\x55\xaa"
    start = tb.now()
    await tb.source.send(AxiStreamFrame(data))
    await tb.expect_bytes(data)
    await ClockCycles(dut.clk, tb.div)
    line = tb.levels_since(start, tb.now())
    first = line.index(0)
    expected = line_levels(data, tb.div)
    assert all(level == 1 for level in line[:first]), "txd must idle high"
    got = line[first:first + len(expected)]
    mismatch = next((i for i, (a, b) in enumerate(zip(got, expected)) if a != b), None)
    assert got == expected, f"waveform differs from golden at clock {mismatch} of the burst"
    assert all(level == 1 for level in line[first + len(expected):]), "txd must return high"


@cocotb.test()
async def paced_bytes(dut):
    """Bytes offered one at a time with random gaps; the line idles high between frames."""
    tb = TB(dut)
    await tb.reset()
    rng = random.Random(2)
    tb.source.set_pause_generator(iter(lambda: rng.random() < 0.7, None))
    data = bytes(rng.randrange(256) for _ in range(tb.byte_count()))
    for byte in data:
        await tb.source.send(AxiStreamFrame(bytes([byte])))
        if rng.random() < 0.5:
            await ClockCycles(dut.clk, rng.randrange(1, 3 * tb.div))
    await tb.expect_bytes(data)


@cocotb.test()
async def reset_mid_frame(dut):
    """A reset in the middle of a frame returns the line to idle and the transmitter to ready."""
    tb = TB(dut)
    await tb.reset()
    await tb.source.send(AxiStreamFrame(b"\x00"))
    await ClockCycles(dut.clk, tb.div * 7 // 2)
    assert int(dut.s_axis_tready.value) == 0
    dut.rst.value = 1
    await ClockCycles(dut.clk, 2)
    assert int(dut.txd.value) == 1 and int(dut.s_axis_tready.value) == 1
    dut.rst.value = 0
    await ClockCycles(dut.clk, 2 * tb.frame_clocks)   # let the sink finish the cut frame
    tb.sink.clear()
    data = bytes([0xA5, 0x3C])
    await tb.source.send(AxiStreamFrame(data))
    await tb.expect_bytes(data)


@pytest.mark.parametrize("hdl,params", in_turns([
    pytest.param({}, id="115200"), pytest.param({"baud": 5_000_000}, id="div20"),
    pytest.param({"baud": 3_000_000}, id="div33"), pytest.param({"baud": 50_000_000}, id="div2")]))
def test_uart_tx(hdl, params):
    run_block("uart_tx", hdl, __name__, params=params)
