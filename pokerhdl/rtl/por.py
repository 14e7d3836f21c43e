"""Power-on reset: the one block without a reset input. It holds ``rst`` high for a number of
clocks after the FPGA is configured, and again after an external reset (a button) is released.

It relies on register initial values (the FPGA's configuration loads them), so its top is
converted with initial values on; no other block needs them. MyHDL writes a vector's initial
value as a VHDL-2008 literal (4X"0") that VHDL-93 rejects, so every register here is a single
bit: the hold time is a chain of ``cycles`` flops rather than a counter (16 flops by default).
"""

from myhdl import block, always, always_comb, Signal, instances


@block
def por_stage(clk, restart, before, here):
    """One flop of the hold chain: set by a (synchronised) external reset, else shifts."""
    @always(clk.posedge)
    def shift():
        here.next = restart or before

    return shift


@block
def por(clk, rst_in, rst, cycles=16):
    """Power-on and external reset for the synchronous active-high ``rst`` of every block.

    rst_in: external reset, active-high, asynchronous (the board layer inverts the Nexys A7's
        active-low CPU_RESETN; tie to 0 on the Basys3); through a 2-flop synchroniser.
    rst: high at the first ``cycles`` rising clock edges after configuration, and from 2 clocks
        after rst_in rises until ``cycles`` clocks after the synchronised rst_in falls, so even
        a glitch or a bouncing button gives a full-length, clean reset.
    """
    if cycles < 2:
        raise ValueError("por needs at least 2 reset cycles")
    near, far = Signal(bool(0)), Signal(bool(0))          # rst_in through two flops
    chain = [Signal(bool(1)) for _ in range(cycles)]      # all 1 from configuration
    first = chain[0]
    stages = [por_stage(clk, far, chain[i - 1], chain[i]) for i in range(1, cycles)]
    held = chain[-1]

    @always(clk.posedge)
    def synchronise():
        near.next = rst_in
        far.next = near
        first.next = far                                   # zeros enter the chain

    @always_comb
    def outputs():
        rst.next = held

    return instances()


def por_top(cycles=16):
    """The power-on reset with fresh port signals, for conversion."""
    return por(clk=Signal(bool(0)), rst_in=Signal(bool(0)), rst=Signal(bool(1)), cycles=cycles)
