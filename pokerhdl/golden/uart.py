"""8N1 serial framing: what the line carries for a byte, the reference for pokerhdl.rtl.uart."""

FRAME_BITS = 10   # start, 8 data bits (least significant first), stop


def frame_bits(byte):
    """Line levels of one frame: start 0, data LSB first, stop 1."""
    if not 0 <= byte <= 0xFF:
        raise ValueError(f"not a byte: {byte!r}")
    return [0] + [(byte >> i) & 1 for i in range(8)] + [1]


def line_levels(data, bit_clocks):
    """Level of the line at each clock while the bytes go out back to back, from the first
    start bit to the end of the last stop bit."""
    return [level for byte in data for level in frame_bits(byte) for _ in range(bit_clocks)]
