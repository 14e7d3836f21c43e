"""The base of testbenches of a design with a terminal: its serial line, a busy output that is
high while it answers, switches and one-clock button inputs."""

from cocotb.triggers import ClockCycles, FallingEdge, Timer, with_timeout

from clocked import ClockedTB
from uart_line import SerialLine


class TerminalTB(ClockedTB):
    """``send_key`` and ``press`` return the design's whole answer; an answer that does not
    end within ``deadlock_ns`` fails the test."""

    deadlock_ns = 5_000_000

    def __init__(self, dut, clk_hz, baud, tx_baud=None):
        super().__init__(dut, clk_hz)
        self.line = SerialLine(dut.rxd, dut.txd, baud, tx_baud)

    async def settle(self):
        """Wait until the design is idle and its last byte has left; fail on a deadlock."""
        await ClockCycles(self.dut.clk, 8)
        while int(self.dut.busy.value):
            await with_timeout(FallingEdge(self.dut.busy), self.deadlock_ns, "ns")
        await Timer(25 * self.line.tx_bit_ns, unit="ns")   # a byte queued behind one sending

    async def send_key(self, ch):
        start = len(self.line.text)
        await self.line.type(ch)
        await self.settle()
        return self.line.since(start)

    async def press(self, buttons, switches=0):
        """Press the button input ``buttons`` (a name, or several pressed in the same clock)
        with the switches at ``switches``."""
        names = (buttons,) if isinstance(buttons, str) else buttons
        start = len(self.line.text)
        self.dut.sw.value = switches
        await FallingEdge(self.dut.clk)
        for name in names:
            getattr(self.dut, name).value = 1
        await FallingEdge(self.dut.clk)
        for name in names:
            getattr(self.dut, name).value = 0
        await self.settle()
        return self.line.since(start)
