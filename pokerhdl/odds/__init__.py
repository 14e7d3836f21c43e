"""Hold'em equity on the host: the calculator behind ``pokerhdl.equity`` and ``pokerhdl equity``
(``calculator``) with its backends (the golden model and numpy, the C kernel ``native``, the
hardware engine in simulation or on a board over serial ``hardware``), and what uses it: the
bots (``bots``) and a game against them (``play``).

It may import the hardware packages, ``flow``, ``sim`` and ``web``; never ``table`` or the
command.
"""
