"""pokerhdl: MyHDL blocks for card and dice games, converted to Verilog and VHDL."""

__version__ = "0.1.0"
