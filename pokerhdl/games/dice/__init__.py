"""7 up 7 down in hardware: the table controller in parts (game, purses, bounds, command,
throw, sequencer), its terminal program and the board game."""
