"""What each elaboration parameter of a block means and which values it takes, for the
datasheets. The bounds are the blocks' own constants where they have them (imported, not
copied); tb/flow/test_datasheets.py builds the small blocks at their bounds and one past them,
so a range here that the code no longer takes fails.
"""

from .tops import TOPS

CONVERT = "other values: `python -m pokerhdl.flow.convert TOP verilog|vhdl DIR JSON`"


def bounds():
    """{(block, parameter): (low, high)} of the integer parameters with code-defined bounds
    (high None: no upper bound)."""
    from ..golden.equity.readable import MAX_OPPONENTS
    from ..golden.holdem.contract import HW_MAX_PLAYERS
    from ..rtl.eval import board_eval, showdown
    return {("showdown", "players"): (showdown.MIN_PLAYERS, showdown.MAX_PLAYERS),
            ("board_eval", "players"): (1, board_eval.MAX_PLAYERS),
            ("equity_lane", "opponents"): (1, MAX_OPPONENTS),
            ("equity_engine", "opponents"): (1, MAX_OPPONENTS),
            ("holdem_table", "players"): (2, HW_MAX_PLAYERS),
            ("holdem_console", "players"): (2, HW_MAX_PLAYERS),
            ("holdem_table", "hand_bits"): (1, 16),
            ("bin2bcd", "width"): (2, None),
            ("por", "cycles"): (2, None),
            ("sevenseg", "digits"): (2, None),
            ("vga_timing", "clocks_per_pixel"): (1, None)}


# parameter -> what it is and the values it takes (besides a bound above)
MEANING = {
    "clk_hz": ("the clock's frequency in Hz", "any; the dividers (baud, refresh, debounce) "
               "follow from it"),
    "baud": ("the UART's rate, bit/s", "up to clk_hz / 2; refused when the divider's rounding "
             "puts it more than 2 % off"),
    "tx_baud": ("the transmitter's rate when it differs (None: baud)", "None or a rate"),
    "refresh_hz": ("how often each digit lights, Hz", "up to clk_hz / (16 x digits)"),
    "digits": ("digits of the display", "2 or more"),
    "width": ("bits of the input", "1 or more"),
    "scientific": ("a number too long for the digits in scientific form, not dashes",
                   "True or False"),
    "debounce_ms": ("how long an input must hold a new level, ms", "at least 2 clocks"),
    "cycles": ("clocks of reset after power-on and after rst_in", "2 or more"),
    "players": ("seats (players) of the block", "see the bound"),
    "opponents": ("opponent seats of each lane (the hero besides)", "see the bound"),
    "lanes": ("equity lanes side by side", "1 or more, as many as the part holds"),
    "timeout": ("clocks a request frame may take between bytes before it is dropped",
                "1 or more"),
    "words": ("also serve the generator's words between shuffles (Balatro's shop)",
              "True or False"),
    "clocks_per_pixel": ("clocks per VGA pixel (4: 25 MHz pixels from 100 MHz)", "1 or more"),
    "h": ("horizontal timing (visible, front porch, sync, back porch); None: 640 at 60 Hz",
          "None or four pixel counts"),
    "v": ("vertical timing (visible, front porch, sync, back porch); None: 480 at 60 Hz",
          "None or four line counts"),
    "stack": ("chips each seat starts with", "1 or more"),
    "small_blind": ("the small blind", "1 up to big_blind"),
    "big_blind": ("the big blind", "small_blind or more"),
    "hand_bits": ("bits of the hand counter", "see the bound"),
    "purse": ("units each player starts with", "1 or more"),
    "max_bid": ("the largest bid", "1 or more"),
    "deposit_share": ("a bid's share paid into the pool (1 / deposit_share)", "1 or more"),
    "max_rounds": ("rounds before the game ends", "1 or more"),
    "hands": ("hands a blind allows", "1..9"),
    "discards": ("discards a blind allows", "0..9"),
    "hand_size": ("cards in the hand", "5..8"),
    "max_select": ("cards a play or discard selects at most", "1..5"),
    "antes": ("antes of a run", "1..9"),
    "blinds_per_ante": ("blinds in each ante", "1 or more"),
    "ante_bases": ("each ante's base score (None: the game's)", "None or a list"),
    "play_out": ("keep playing after the last ante is won", "True or False"),
}


def parameter_rows(name):
    """The Markdown table of a block's parameters: value as converted, meaning, range."""
    params = TOPS[name].params
    if not params:
        return ["None: one configuration."]
    ranges = bounds()
    lines = ["| parameter | as converted | meaning | values |", "|---|---|---|---|"]
    for key, value in sorted(params.items()):
        meaning, values = MEANING.get(key, ("", "as converted"))
        if (name, key) in ranges:
            low, high = ranges[(name, key)]
            values = f"{low} to {high}" if high is not None else f"{low} or more"
        lines.append(f"| `{key}` | `{value!r}` | {meaning} | {values} |")
    return lines + ["", f"The HDL has no generics: each value is fixed when it is converted; "
                        f"{CONVERT}."]
