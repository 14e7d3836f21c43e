"""pokerhdl: MyHDL blocks for card and dice games, converted to Verilog and VHDL."""

from .flow.version import VERSION as __version__


def equity(*args, **kwargs):
    """Hold'em equity of a hero against opponents: pokerhdl.odds.calculator.equity (imported on
    first use, so that `import pokerhdl` stays light)."""
    from .odds.calculator import equity as calculate
    return calculate(*args, **kwargs)
