"""The Hold'em table on the network: a server that seats remote players at a board, the
emulator or the golden table (``server``, through ``link``), the text it shows each seat
(``view``) and the terminal client (``client``).

It may import the hardware packages, ``flow``, ``sim`` and ``web``; never ``odds`` or the
command.
"""
