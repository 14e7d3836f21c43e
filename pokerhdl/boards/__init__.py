"""Board tops: a game wired to a board's switches, buttons, LEDs, 7-segment display, UART and VGA.

board.py holds the boards as data and writes their XDC constraints.
"""
