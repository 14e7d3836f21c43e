"""Debounced button: the reference for pokerhdl.rtl.debounce, one clock at a time."""


def debounce_trace(samples, hold):
    """(level, pulse) after each clock edge, for the raw input sampled at each edge.

    The input passes two synchroniser flops; the level follows the synchronised input once it
    has differed from the level for ``hold`` consecutive clocks; pulse is 1 for the clock after
    the level rises. Everything starts at 0 (after reset).
    """
    near = far = level = count = 0
    trace = []
    for sample in samples:
        pulse = 0
        if far == level:
            count = 0
        elif count == hold - 1:
            count, level, pulse = 0, far, far
        else:
            count += 1
        near, far = sample, near
        trace.append((level, pulse))
    return trace


def presses(samples, hold):
    """How many presses a debouncer reports: the level's rising edges."""
    return sum(pulse for _, pulse in debounce_trace(samples, hold))
