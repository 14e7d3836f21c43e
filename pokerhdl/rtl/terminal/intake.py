"""The terminal engine's intake: a key from the receiver or a button press, taken in TE_IDLE
and decoded through ROMs built from the game's golden.terminal key and button tables, so the
hardware and its golden twin read the same tables.
"""

from myhdl import block, always_seq, always_comb, Signal, intbv, instances

from ...golden.terminal import ENTER_KEYS, IGNORED_KEYS, fold_case
from .program import ENTRY_UNKNOWN

K_UNKNOWN, K_ENTRY, K_NUMBER, K_IGNORE = range(4)      # what a key is outside a number


def key_rom(keys, entry_address, value_bits, pbits):
    """For every received byte: {entry[pbits], value, kind[2], digit, enter} (golden.terminal
    key handling: case folded, number keys, ignored keys, digits and Enter in a number)."""
    rom = []
    for byte in range(256):
        low = fold_case(chr(byte))
        key = keys.get(low)
        if key is not None:
            kind, entry, value = (K_NUMBER if key.number else K_ENTRY), key.entry, key.value
        else:
            kind, entry, value = (K_IGNORE if low in IGNORED_KEYS else K_UNKNOWN), \
                ENTRY_UNKNOWN, 0
        assert 0 <= value < 1 << value_bits, (low, value)
        word = (entry_address(entry) << value_bits | value) << 2 | kind
        rom.append((word << 1 | ("0" <= low <= "9")) << 1 | (low in ENTER_KEYS))
    return tuple(rom)


def button_rom(buttons, entry_address):
    """For every pattern of presses: the entry of the first button (in ``buttons`` order) that
    has one; 0 where none has (never used: ``button_mask`` gates it)."""
    rom = []
    for pattern in range(1 << len(buttons)):
        hit = [b for i, b in enumerate(buttons) if pattern >> i & 1 and b is not None]
        rom.append(entry_address(hit[0]) if hit else 0)
    return tuple(rom)


class Intake:
    """The key or button taken, written by terminal_intake only.

    key: the byte received; entry, value, kind (K_*), digit, enter: what it is (key_rom), valid
    from TE_KEY. pressed: the press pulses of the buttons that have an entry; button: the entry
    of the first of them; switches: sw as it was at the press (LOAD OWN REG_SWITCHES). event: a
    one-clock pulse per key or button taken.
    """

    def __init__(self, tbits, value_bits, buttons, switches):
        def u(n):
            return Signal(intbv(0)[n:])
        self.key, self.entry, self.value, self.kind = u(8), u(tbits), u(value_bits), u(2)
        self.digit, self.enter = Signal(bool(0)), Signal(bool(0))
        self.pressed, self.button, self.switches = u(buttons), u(tbits), u(switches)
        self.event = Signal(bool(0))


@block(skipname=True)
def terminal_intake(clk, rst, state, t_state, rx_data, rx_valid, press, sw, intake, typing,
                    keys, buttons, entry_address):
    """intake (Intake) from the receiver's rx_data/rx_valid and the press pulses, taken in
    TE_IDLE (a press only while typing (terminal_number.Typing) is off); sw: the switches.
    keys, buttons: the golden.terminal tables; entry_address: the program's."""
    tbits, value_bits = len(intake.entry), len(intake.value)
    kwidth = tbits + value_bits + 4
    KEYS = key_rom(keys, entry_address, value_bits, tbits)
    BUTTONS = button_rom(buttons, entry_address)
    BUTTON_MASK = sum(1 << i for i, b in enumerate(buttons) if b is not None)
    key_info, key_d = Signal(intbv(0)[kwidth:]), Signal(intbv(0)[kwidth:])

    @always_comb
    def key_decode():
        key_d.next = KEYS[int(rx_data)]

    @always_comb
    def buttons_pressed():
        intake.pressed.next = press & BUTTON_MASK

    @always_comb
    def button_decode():
        intake.button.next = BUTTONS[int(intake.pressed)]

    @always_seq(clk.posedge, reset=rst)
    def take():
        intake.event.next = 0
        if state == t_state.TE_IDLE:
            if rx_valid:
                intake.key.next = rx_data
                key_info.next = key_d
                intake.event.next = 1
            elif intake.pressed != 0 and not typing.on:
                intake.switches.next = sw
                intake.event.next = 1

    # the key ROM's output is registered again before any logic reads it (a block RAM's
    # clock-to-out leaves no time for logic in the same clock): the fields are valid in TE_KEY
    @always_seq(clk.posedge, reset=rst)
    def key_fields():
        intake.entry.next = key_info[kwidth:value_bits + 4]
        intake.value.next = key_info[value_bits + 4:4]
        intake.kind.next = key_info[4:2]
        intake.digit.next = key_info[1]
        intake.enter.next = key_info[0]

    return instances()
