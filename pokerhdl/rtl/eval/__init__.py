"""The hand evaluators: the 5- and 7-card evaluator's stages, the board evaluator (a board
shared by many players' hole cards), the rank masks they share, and the showdown."""
