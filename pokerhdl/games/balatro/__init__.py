"""Balatro in hardware: the game of one blind, the run with its shop and jokers, the two
renderers and the board game."""
