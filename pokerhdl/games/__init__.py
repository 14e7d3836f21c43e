"""MyHDL games: a game's controller, its terminal and panel, and the Panel it asks of a board
(panel.py: the seam between games and boards). Today: Texas Hold'em (holdem*.py)."""
