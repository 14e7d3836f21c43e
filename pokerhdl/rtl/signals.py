"""The signal constructors every block uses: an unsigned vector and a one-bit flag in one
call each, so that a block's declarations read as widths."""

from myhdl import Signal, intbv


def unsigned(width, value=0):
    """An unsigned ``width``-bit signal holding ``value``."""
    return Signal(intbv(value)[width:])


def flag(value=False):
    """A one-bit signal."""
    return Signal(bool(value))
