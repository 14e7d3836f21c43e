"""The terminal engine's instruction set and its assembler: a game writes the text of its
answers as a small program (entries, strings, subroutines) that pokerhdl.rtl.terminal.terminal runs.

An instruction is {op[4], mode[2], a[8], b[B]}; b is a jump or call target (B bits for the
program's length). The accumulator (acc) holds what LOAD read; the seat register indexes
per-seat addresses and prints as a digit; the value register is what a key or SET chose (Hold'em:
the action); the number register is what a key's digits or a button's switches entered.

    END                  the answer is complete: take the next key or button
    CHAR  a     [+seat]  send character a (mode SEAT: a + seat, a digit of the seat)
    STR   a     [+acc]   send string a (mode INDEX: string a + acc, an entry of a table)
    LOAD  a     mode     acc <- window[a] (IMM), window[a + seat] (SEAT), window[a + 2 seat]
                         (SEAT2), or the engine's own register a (OWN: REG_*)
    NUM                  send acc in decimal, no leading zeros
    PRINT a              send acc through the game's printer a (a card, say): the game's
                         glyph port gives each character
    NIBBLE a             acc <- acc[4a + 4 : 4a]
    JEQ / JNE a, b       jump to b when acc == a (mode SEAT: acc == seat) / when not
    JBIT a, b            jump to b when acc[a] is set
    JMP b; CALL b; RET   a call is one level deep: a subroutine calls nothing
    SET a       mode     seat <- a (SEAT_IMM), seat <- acc (SEAT_ACC), value <- a (VALUE_IMM)
    OUT a                hand op a (with acc, seat, value, number) to the game and wait until
                         it acknowledges: commands, display latches, popping a log entry
"""

from ...golden.terminal import BAD_NUMBER_TEXT, CRLF, UNKNOWN_KEY_TEXT

OPS = ("END", "CHAR", "STR", "LOAD", "NUM", "PRINT", "NIBBLE", "JEQ", "JNE", "JBIT", "JMP",
       "CALL", "RET", "SET", "OUT")
(I_END, I_CHAR, I_STR, I_LOAD, I_NUM, I_PRINT, I_NIBBLE, I_JEQ, I_JNE, I_JBIT, I_JMP, I_CALL,
 I_RET, I_SET, I_OUT) = range(len(OPS))
OP_BITS, MODE_BITS, ARG_BITS = 4, 2, 8
M_IMM, M_SEAT, M_SEAT2, M_OWN = range(4)          # LOAD; CHAR and JEQ/JNE use IMM / SEAT
M_INDEX = 1                                       # STR
SET_SEAT_IMM, SET_SEAT_ACC, SET_VALUE_IMM = range(3)
REG_NUMBER, REG_SWITCHES, REG_VALUE, REG_SEAT = range(4)   # LOAD OWN
ENTRY_PREFIX = "e_"
# entries every program has: the engine jumps to them itself
ENTRY_BOOT, ENTRY_UNKNOWN, ENTRY_BAD_NUMBER, ENTRY_ENTER = "boot", "unknown", "bad_number", \
    "enter"


class Program:
    """A terminal program under construction: instructions, labels and a string pool (each
    string ends with a 0 in the character ROM). It starts with the engine's own entries:
    unknown key, bad number, and Enter after a number (CRLF, then the entry of the key that
    began the number, which the engine leaves in the return register)."""

    def __init__(self):
        self.code, self.labels, self.strings, self.tables = [], {}, [], {}
        self.entry(ENTRY_UNKNOWN)
        self.text(UNKNOWN_KEY_TEXT)
        self.emit(I_END)
        self.entry(ENTRY_BAD_NUMBER)
        self.text(CRLF + BAD_NUMBER_TEXT)
        self.emit(I_END)
        self.entry(ENTRY_ENTER)
        self.text(CRLF)
        self.emit(I_RET)

    def string(self, text):
        if text not in self.strings:
            self.strings.append(text)
        return self.strings.index(text)

    def table(self, name, texts):
        """Consecutive strings, indexed by the accumulator (strix)."""
        self.tables[name] = len(self.strings)
        self.strings.extend(texts)

    def label(self, name):
        assert name not in self.labels, name
        self.labels[name] = len(self.code)

    def entry(self, name):
        """A label that keys, buttons or the engine jump to (golden Terminal method `name`)."""
        self.label(ENTRY_PREFIX + name)

    def entry_address(self, name):
        return self.labels[ENTRY_PREFIX + name]

    def emit(self, op, a=0, mode=0, target=None):
        assert 0 <= a < 1 << ARG_BITS and 0 <= mode < 1 << MODE_BITS, (op, a, mode)
        self.code.append((op, mode, a, target))

    # shorthands
    def text(self, s):
        if len(s) == 1:
            self.emit(I_CHAR, ord(s))
        else:
            self.emit(I_STR, self.string(s))

    def seat_digit(self):
        """The seat register as a digit."""
        self.emit(I_CHAR, ord("0"), M_SEAT)

    def strix(self, table):
        self.emit(I_STR, self.tables[table], M_INDEX)

    def load(self, addr, mode=M_IMM):
        self.emit(I_LOAD, addr, mode)

    def jeq(self, value, target, mode=M_IMM):
        self.emit(I_JEQ, value, mode, target)

    def jne(self, value, target, mode=M_IMM):
        self.emit(I_JNE, value, mode, target)

    def jbit(self, bit, target):
        self.emit(I_JBIT, bit, 0, target)

    def jmp(self, target):
        self.emit(I_JMP, 0, 0, target)

    def call(self, target):
        self.emit(I_CALL, 0, 0, target)

    def out(self, op):
        self.emit(I_OUT, op)

    def target_bits(self):
        return max(1, (len(self.code) - 1).bit_length())

    def assemble(self):
        """(instruction words, target bits, character ROM, string start table)."""
        tbits = self.target_bits()
        words = []
        for op, mode, a, target in self.code:
            t = self.labels[target] if target is not None else 0
            words.append((((op << MODE_BITS | mode) << ARG_BITS | a) << tbits) | t)
        return words, tbits, *self.character_rom()

    def character_rom(self):
        """(characters, start of each string): a string that ends another one starts inside
        it and shares its end, the 0 included (longest strings are placed first)."""
        chars, starts, placed = [], [None] * len(self.strings), []
        for i in sorted(range(len(self.strings)), key=lambda i: -len(self.strings[i])):
            text = self.strings[i]
            host = next((at + len(other) - len(text) for at, other in placed
                         if other.endswith(text)), None)
            if host is None:
                host = len(chars)
                placed.append((host, text))
                chars.extend(ord(ch) for ch in text)
                chars.append(0)
            starts[i] = host
        return chars, starts
