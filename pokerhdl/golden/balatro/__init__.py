"""The golden Balatro: the game of one blind, the run with its shop, jokers, planets and money,
the screen's frame, and the agent that plays runs (with its trials)."""
