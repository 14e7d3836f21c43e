"""MyHDL games: a game's controller, its terminal and panel, and the Panel it asks of a board
(panel.py: the seam between games and boards): Texas Hold'em, 7 up 7 down, Balatro and the
equity engine's board game. It imports golden and rtl."""
