"""The golden Texas Hold'em: the table and its rules, the settlement of pots, the table's
contract with the hardware (commands, probe map), the terminal's text, and games played
by scripted seats."""
