"""The terminal engine: a small program-driven machine that reads a key line, runs a game's
text program (fetch, sequencer, registers, numbers, text) and prints the answer."""
