"""Pipeline registers shared by the pipelined blocks."""

from myhdl import block, always


@block
def pipe_reg(clk, d, q, low=None, enable=None):
    """A register with no reset: pipeline data, meaningful only when its valid bit says so.
    With ``low``, q takes the field of d that starts at bit ``low``; with ``enable`` (a
    Signal), q holds while it is low."""
    if enable is not None:
        assert low is None, "a field and an enable are not combined"

        @always(clk.posedge)
        def load():
            if enable:
                q.next = d
    elif low is None:
        @always(clk.posedge)
        def load():
            q.next = d
    else:
        high = low + len(q)

        @always(clk.posedge)
        def load():
            q.next = d[high:low]

    return load
