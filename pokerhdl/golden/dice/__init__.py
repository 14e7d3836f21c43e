"""The golden 7 up 7 down: the game, its contract with the hardware and the terminal's text."""
