"""Checks shared by the tests of pipelined blocks (in_valid / out_valid, fixed latency)."""

from cocotb.triggers import RisingEdge


async def reset_drops_in_flight(dut, drive, latency, what):
    """Put latency - 1 items in flight (``drive(k)`` sets the inputs of the k-th), reset for
    one clock, then check that out_valid stays low for twice the latency: none survived."""
    for k in range(latency - 1):
        drive(k)
        dut.in_valid.value = 1
        await RisingEdge(dut.clk)
    dut.in_valid.value = 0
    dut.rst.value = 1
    await RisingEdge(dut.clk)
    dut.rst.value = 0
    for _ in range(2 * latency):
        await RisingEdge(dut.clk)
        assert not int(dut.out_valid.value), f"a {what} survived reset"


# structural budgets: no path between registers longer than this many cells after
# synth_xilinx, and no carry chain (a property of the RTL, not a timing figure)
PIPELINE_BUDGET = {"eval7": 8, "eval5": 8, "showdown": 8, "board_eval": 8}
