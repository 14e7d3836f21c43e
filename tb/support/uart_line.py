"""The terminal's side of a design's serial lines, for the Hold'em console and board tests.

Keys go out through cocotbext-uart's UartSource. The text coming back is captured here rather
than by its UartSink because a test that resets the design mid-answer must drop a frame cut
short and start listening again at once (the design starts its boot text a few clocks after
reset, and a sink still reading the cut frame would miss that start bit).
"""

import logging

import cocotb
from cocotb.triggers import FallingEdge, Timer
from cocotbext.uart import UartSource


class SerialLine:
    """rxd / txd of a design at 8N1; ``text`` holds every byte received from txd."""

    def __init__(self, rxd, txd, baud, tx_baud=None):
        self.keys = UartSource(rxd, baud=baud)
        self.keys.log.setLevel(logging.WARNING)       # not a line per key
        self.txd = txd
        self.tx_bit_ns = round(1e9 / (tx_baud or baud))
        self.text = bytearray()
        self.listener = None
        self.listen()

    def listen(self):
        """(Re)start capturing txd; a frame in progress is dropped."""
        if self.listener is not None:
            self.listener.cancel()
        self.listener = cocotb.start_soon(self._capture())

    async def _capture(self):
        txd, bit_ns = self.txd, self.tx_bit_ns
        while True:
            await FallingEdge(txd)
            await Timer(bit_ns * 3 // 2, unit="ns")      # the middle of data bit 0
            byte = 0
            for i in range(8):
                byte |= int(txd.value) << i
                await Timer(bit_ns, unit="ns")
            assert int(txd.value) == 1, "txd: no stop bit"
            self.text.append(byte)

    async def type(self, ch):
        """Send one key and wait until its last bit has left."""
        await self.keys.write(ch.encode("latin-1"))
        await self.keys.wait()

    def since(self, start):
        return self.text[start:].decode("latin-1")
