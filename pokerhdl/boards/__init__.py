"""Board tops: any game on any board. board.py holds the boards as data (pins, polarity, clock)
and writes their XDC; shell.py builds a game's top from the board table and the game's Panel,
and writes each top's XDC, Vivado script and FuseSoC core from one template each."""
