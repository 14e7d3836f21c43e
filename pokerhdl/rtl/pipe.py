"""Pipeline registers shared by the pipelined blocks."""

from myhdl import block, always


@block
def pipe_reg(clk, d, q, low=None):
    """A register with no reset: pipeline data, meaningful only when its valid bit says so.
    With ``low``, q takes the field of d that starts at bit ``low``."""
    if low is None:
        @always(clk.posedge)
        def load():
            q.next = d
    else:
        high = low + len(q)

        @always(clk.posedge)
        def load():
            q.next = d[high:low]

    return load
