"""8N1 serial framing: what the line carries for a byte, the reference for pokerhdl.rtl.uart."""

FRAME_BITS = 10   # start, 8 data bits (least significant first), stop

# The bit time is a whole number of clocks, round(clk_hz / baud); a rate this rounding puts
# more than 2 % off is refused (a receiver samples a 10-bit frame, so the two ends may differ
# by about 5 % in all).
MAX_BAUD_ERROR = 0.02
RX_MIN_CLOCKS = 8        # the receiver votes on three samples 1/8 bit apart
TX_MIN_CLOCKS = 2        # a transmitter samples nothing; 2 keeps its bit counter a register


def bit_clocks(clk_hz, baud, minimum=RX_MIN_CLOCKS):
    """Clocks per bit; raises ValueError when the rate cannot be met or is too fast."""
    div = round(clk_hz / baud)
    if div < minimum:
        raise ValueError(f"baud {baud} at {clk_hz} Hz gives {div} clocks per bit; "
                         f"need at least {minimum}")
    error = abs(clk_hz / div - baud) / baud
    if error > MAX_BAUD_ERROR:
        raise ValueError(f"baud {baud} at {clk_hz} Hz is {100 * error:.1f} % off "
                         f"with divider {div}")
    return div


def frame_bits(byte):
    """Line levels of one frame: start 0, data LSB first, stop 1."""
    if not 0 <= byte <= 0xFF:
        raise ValueError(f"not a byte: {byte!r}")
    return [0] + [(byte >> i) & 1 for i in range(8)] + [1]


def line_levels(data, bit_clocks):
    """Level of the line at each clock while the bytes go out back to back, from the first
    start bit to the end of the last stop bit."""
    return [level for byte in data for level in frame_bits(byte) for _ in range(bit_clocks)]
