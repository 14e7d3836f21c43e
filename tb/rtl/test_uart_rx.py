"""UART receiver: bytes from cocotbext-uart's UartSource (at the nominal rate and 3 % off it)
must come out of the AXI4-Stream side unchanged; frames driven by hand check framing errors,
breaks, glitches, garbage and overrun."""

import random

import pytest

import cocotb
from cocotb.triggers import ClockCycles, RisingEdge, Timer, with_timeout
from cocotbext.axi import AxiStreamBus, AxiStreamSink
from cocotbext.uart import UartSource

from clocked import ClockedTB
from harness import HDLS, param, run_block
from pokerhdl.golden.uart import FRAME_BITS, frame_bits
from pokerhdl.golden.uart import bit_clocks
from pokerhdl.flow.tops import get_top

DEFAULTS = get_top("uart_rx").params


class TB(ClockedTB):
    def __init__(self, dut):
        super().__init__(dut, param("clk_hz", DEFAULTS["clk_hz"]),
                         idle={"rxd": 1, "m_axis_tready": 0})
        self.baud = param("baud", DEFAULTS["baud"])
        self.div = bit_clocks(self.clk_hz, self.baud)
        self.bit_ns = self.div * self.clock_ns          # the receiver's own bit time
        self.frame_ns = FRAME_BITS * self.bit_ns
        self.sink = None
        self.framing_errors = 0
        self.overruns = 0
        self.small = self.div > 64    # the default top runs at 115200: keep its runs short

    async def _count_framing_errors(self):
        while True:
            await RisingEdge(self.dut.framing_error)
            self.framing_errors += 1

    async def _count_overruns(self):
        while True:
            await RisingEdge(self.dut.overrun)
            self.overruns += 1

    def before_release(self):
        if self.sink is None:
            self.sink = AxiStreamSink(AxiStreamBus.from_prefix(self.dut, "m_axis"),
                                      self.dut.clk, self.dut.rst)
            cocotb.start_soon(self._count_framing_errors())
            cocotb.start_soon(self._count_overruns())

    async def reset(self):
        await super().reset(clocks=3, settle=2)

    def source(self, baud_scale=1.0):
        return UartSource(self.dut.rxd, baud=self.baud * baud_scale)

    async def expect_bytes(self, data):
        got = bytearray()
        while len(got) < len(data):
            frame = await with_timeout(self.sink.recv(), 3 * len(data) * self.frame_ns + 1000,
                                       "ns")
            got += bytes(frame.tdata)
        assert bytes(got) == bytes(data), (got.hex(), bytes(data).hex())

    async def expect_nothing(self, bit_times=12):
        await Timer(round(bit_times * self.bit_ns), "ns")
        assert self.sink.empty(), f"unexpected bytes: {self.sink.count()} frames"

    async def drive_bits(self, levels, bit_ns=None):
        """Drive rxd by hand, one level per bit time (not aligned to the clock)."""
        for level in levels:
            self.dut.rxd.value = level
            await Timer(round(bit_ns or self.bit_ns), "ns")
        self.dut.rxd.value = 1

    async def pulse(self, level, length_ns):
        self.dut.rxd.value = level
        await Timer(length_ns, "ns")
        self.dut.rxd.value = 1 - level


async def random_bytes(dut, baud_scale, seed):
    tb = TB(dut)
    await tb.reset()
    rng = random.Random(seed)
    tb.sink.set_pause_generator(iter(lambda: rng.random() < 0.3, None))   # short stalls only
    count = 3 if tb.small else 60
    data = bytes(rng.randrange(256) for _ in range(count)) + b"\x00\xff"
    source = tb.source(baud_scale)
    await Timer(rng.randrange(1, 100), "ns")     # not aligned to the clock
    await source.write(data)                     # back to back: stop bit, then the next start
    await tb.expect_bytes(data)
    await tb.expect_nothing(2)
    assert tb.framing_errors == 0 and tb.overruns == 0


@cocotb.test()
async def back_to_back_bytes(dut):
    await random_bytes(dut, 1.0, 1)


@cocotb.test()
async def sender_3_percent_fast(dut):
    await random_bytes(dut, 1.03, 2)


@cocotb.test()
async def sender_3_percent_slow(dut):
    await random_bytes(dut, 0.97, 3)


@cocotb.test()
async def framing_error(dut):
    """A 0 stop bit raises one framing_error pulse and drops the byte; the next byte is fine."""
    tb = TB(dut)
    await tb.reset()
    dut.m_axis_tready.value = 1
    rng = random.Random(4)
    for _ in range(1 if tb.small else 6):
        bad = frame_bits(rng.randrange(256))[:-1] + [0]
        before = tb.framing_errors
        await tb.drive_bits(bad)
        await tb.drive_bits([1, 1])
        assert tb.framing_errors == before + 1
        assert tb.sink.empty()
        good = rng.randrange(256)
        await tb.drive_bits(frame_bits(good) + [1])
        await tb.expect_bytes([good])
    assert tb.overruns == 0


@cocotb.test()
async def line_break(dut):
    """A line held low for many frames: one framing error, no byte, no hang afterwards."""
    tb = TB(dut)
    await tb.reset()
    dut.m_axis_tready.value = 1
    await tb.drive_bits([0] * (3 if tb.small else 40))
    await tb.drive_bits([1])
    assert tb.framing_errors == 1
    await tb.expect_nothing(2)
    await tb.drive_bits(frame_bits(0x42) + frame_bits(0xBD))
    await tb.expect_bytes(b"\x42\xbd")
    assert tb.framing_errors == 1


@cocotb.test()
async def start_glitches_rejected(dut):
    """Low pulses shorter than half a bit on an idle line produce nothing."""
    tb = TB(dut)
    await tb.reset()
    dut.m_axis_tready.value = 1
    rng = random.Random(5)
    half_ns = (tb.div // 2) * tb.clock_ns
    for _ in range(5 if tb.small else 40):
        await tb.pulse(0, rng.randrange(1, round(half_ns)))
        await Timer(rng.randrange(1, round(2 * tb.bit_ns)), "ns")
    await tb.expect_nothing()
    assert tb.framing_errors == 0
    await tb.drive_bits(frame_bits(0x5A))
    await tb.expect_bytes(b"\x5a")


@cocotb.test()
async def data_glitches_outvoted(dut):
    """A spike shorter than 1/8 bit in the middle of a data or stop bit is outvoted."""
    tb = TB(dut)
    await tb.reset()
    dut.m_axis_tready.value = 1
    rng = random.Random(6)
    spike_ns = (tb.div // 8) * tb.clock_ns
    data = bytes(rng.randrange(256) for _ in range(2 if tb.small else 20))
    for byte in data:
        bits = frame_bits(byte)
        for index, level in enumerate(bits):
            dut.rxd.value = level
            if index > 0 and rng.random() < 0.5:     # one spike near the middle of the bit
                length = rng.randrange(1, round(spike_ns))
                lead = rng.randrange(round(tb.bit_ns * 0.3), round(tb.bit_ns * 0.6))
                await Timer(lead, "ns")
                await tb.pulse(1 - level, length)
                await Timer(round(tb.bit_ns) - lead - length, "ns")
            else:
                await Timer(round(tb.bit_ns), "ns")
    dut.rxd.value = 1
    await tb.expect_bytes(data)
    assert tb.framing_errors == 0


@cocotb.test()
async def garbage_then_clean(dut):
    """Random noise on the line may produce bytes or errors, but never a hang: after an idle
    frame time the next bytes are received exactly."""
    tb = TB(dut)
    await tb.reset()
    dut.m_axis_tready.value = 1
    rng = random.Random(7)
    for _ in range(3 if tb.small else 20):
        for _ in range(rng.randrange(1, 60)):
            await tb.pulse(rng.randrange(2), rng.randrange(1, round(3 * tb.bit_ns)))
        dut.rxd.value = rng.randrange(2)
        await Timer(rng.randrange(1, round(2 * tb.frame_ns)), "ns")
        dut.rxd.value = 1
        await Timer(round(tb.frame_ns + tb.bit_ns), "ns")
        tb.sink.clear()
        data = bytes(rng.randrange(256) for _ in range(2))
        await tb.drive_bits(frame_bits(data[0]) + frame_bits(data[1]))
        await tb.expect_bytes(data)


@cocotb.test()
async def overrun_keeps_first_byte(dut):
    """While a byte waits for tready, later bytes are dropped with an overrun pulse each."""
    tb = TB(dut)
    await tb.reset()
    tb.sink.pause = True
    await tb.drive_bits(frame_bits(0x11) + frame_bits(0x22) + frame_bits(0x33) + [1])
    assert int(dut.m_axis_tvalid.value) == 1 and int(dut.m_axis_tdata.value) == 0x11
    assert tb.overruns == 2
    tb.sink.pause = False
    await tb.expect_bytes(b"\x11")
    await tb.drive_bits(frame_bits(0x44) + frame_bits(0x55))
    await tb.expect_bytes(b"\x44\x55")
    assert tb.overruns == 2 and tb.framing_errors == 0


@cocotb.test()
async def reset_mid_frame(dut):
    """A reset in the middle of a frame leaves no byte behind; reception resumes."""
    tb = TB(dut)
    await tb.reset()
    dut.m_axis_tready.value = 1
    frame = cocotb.start_soon(tb.drive_bits(frame_bits(0x00)))
    await Timer(round(4.5 * tb.bit_ns), "ns")
    dut.rst.value = 1
    await ClockCycles(dut.clk, 2)
    assert int(dut.m_axis_tvalid.value) == 0
    dut.rst.value = 0
    await frame
    await tb.drive_bits([1] * (FRAME_BITS + 2))   # the tail of the cut frame may read as one
    tb.sink.clear()
    await tb.drive_bits(frame_bits(0xC3))
    await tb.expect_bytes(b"\xc3")


@pytest.mark.parametrize("hdl", HDLS)
@pytest.mark.parametrize("params", [{}, {"baud": 2_500_000}], ids=["115200", "div40"])
def test_uart_rx(hdl, params):
    # at 115200 a frame is 8,680 clocks: run the main cases there, everything at a fast rate
    quick = ["back_to_back_bytes", "framing_error"] if not params else None
    run_block("uart_rx", hdl, __name__, params=params, testcase=quick)
