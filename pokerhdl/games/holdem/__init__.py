"""The Hold'em table controller in hardware and its console (the UI over a terminal), in parts:
actions, chips, deal, hand, judge, settlement, sequencer, seat tables, the board game."""
