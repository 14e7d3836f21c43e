"""Forwarding a signal to an output, inverted where a pin is active-low: one helper instead of
hand-written forwarding processes."""

from myhdl import block, always_comb


@block
def drive(out, value, invert=False):
    """out follows value, inverted for an active-low pin: the one place a board top forwards
    or inverts a signal. Simple assignments, so that they convert to continuous assigns (a
    port driven by a process would read X until its input first changes)."""
    if len(out) != len(value):
        raise ValueError(f"drive: {len(out)}-bit output from a {len(value)}-bit value")
    if len(out) == 1:
        if invert:
            @always_comb
            def inverted_bit():
                out.next = not value
            return inverted_bit

        @always_comb
        def same_bit():
            out.next = value
        return same_bit
    if invert:
        @always_comb
        def inverted():
            out.next = ~value
        return inverted

    @always_comb
    def same():
        out.next = value
    return same
