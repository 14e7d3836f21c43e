"""The generated RTL run fast on the host: Verilator models of a top driven by a C++ clock
kernel (``verilated``), the board emulator built on them (``emulator``, with its terminal UI
``emulator_ui``) and PNG pictures of what a board shows (``screenshot``).

It may import the hardware packages, ``flow`` and ``web``; never ``odds``, ``table`` or the command.
"""
