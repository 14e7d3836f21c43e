"""A serial terminal's behaviour, whatever the game: how received keys and panel buttons reach
a game's entries. pokerhdl/rtl/terminal/terminal.py is the hardware; a game's golden terminal subclasses
``Terminal`` as its hardware gives the engine a program.

Keys: letters work in either case. A game's ``KEYS`` maps a key to an entry (a method of the
subclass, a label of the program), with a value for the value register (Hold'em: an action);
a number key echoes itself and takes decimal digits (echoed, saturating at the number register's
width) until Enter (CR or LF: echoed as CRLF, then its entry runs with the number); anything
else ends the number as "bad number", as does Enter with no digit. CR, LF and space between
commands are ignored; any other key answers "unknown key".

Buttons: a game's ``BUTTONS`` maps a button position to an entry; a press also takes the
switches and sets the number register from the low ``NUMBER_SWITCHES`` of them (saturating).
While a number is being typed the buttons are ignored (the number waits for its Enter).
"""

from dataclasses import dataclass

CLEAR = "\x1b[2J\x1b[H"
CRLF = "\r\n"
UNKNOWN_KEY_TEXT = "! unknown key" + CRLF
BAD_NUMBER_TEXT = "! bad number" + CRLF
ENTER_KEYS = "\r\n"
IGNORED_KEYS = "\r\n "


@dataclass(frozen=True)
class Key:
    """What a key does: run ``entry`` with the value register set to ``value``; a ``number``
    key first takes digits and Enter."""
    entry: str
    value: int = 0
    number: bool = False


def fold_case(ch):
    return ch.lower() if "A" <= ch <= "Z" else ch


class Terminal:
    """The engine's registers and key handling; a subclass gives KEYS, BUTTONS,
    NUMBER_SWITCHES and a method per entry that returns the text of its answer."""
    KEYS = {}
    BUTTONS = {}
    NUMBER_SWITCHES = 0

    def __init__(self, number_bits):
        self.number_max = (1 << number_bits) - 1
        self.value = 0          # the value register
        self.number = 0         # the number register
        self.switches = 0       # the switches at the last button press
        self.pending = None     # (Key, digits typed) while a number is typed

    def run(self, entry):
        return getattr(self, entry)()

    def key(self, ch):
        """The answer to one received byte (a 1-character string)."""
        low = fold_case(ch)
        if self.pending is not None:
            key, digits = self.pending
            if "0" <= low <= "9":
                self.pending = (key, digits + low)
                return ch
            self.pending = None
            if low in ENTER_KEYS and digits:
                self.value = key.value
                self.number = min(int(digits), self.number_max)
                return CRLF + self.run(key.entry)
            return CRLF + BAD_NUMBER_TEXT
        key = self.KEYS.get(low)
        if key is None:
            return "" if low in IGNORED_KEYS else UNKNOWN_KEY_TEXT
        if key.number:
            self.pending = (key, "")
            return ch
        self.value = key.value
        return self.run(key.entry)

    def press(self, button, switches=0):
        """The answer to a press of the button at ``button`` (a panel position)."""
        if self.pending is not None:
            return ""
        self.switches = switches
        self.number = min(switches & ((1 << self.NUMBER_SWITCHES) - 1), self.number_max)
        return self.run(self.BUTTONS[button])
