"""The emulated monitor's picture sent to a page, compactly: only the rows that changed since
the page's last picture, in one band (the first changed row to the last), as indices into the
band's own palette of 12-bit colours (a screen of text cells uses a handful) deflated with zlib,
which a browser inflates itself (DecompressionStream "deflate"). A band of more than 256
colours goes as the 12-bit colours themselves, two bytes each, deflated too. Nothing is sent
when no pixel changed.

One message, little-endian: a header (HEADER: kind INDEXED or DIRECT, 0, the band's first row,
its rows, the width, the picture's number, the palette's colours), the palette (2 bytes a
colour, INDEXED only), then the zlib stream. pokerhdl/sim/board_page/monitor.js reads it.
"""

import struct
import zlib

import numpy

HEADER = struct.Struct("<BBHHHIH")
INDEXED, DIRECT = 1, 2
LEVEL = 6       # zlib's default: the Balatro title in 1,746 bytes (level 1: 3,790), a few ms


def changed_rows(old, new):
    """(first, stop) of the band of rows where ``new`` differs from ``old`` (None: every
    row), or None when no pixel changed."""
    if old is None or old.shape != new.shape:
        return 0, new.shape[0]
    rows = numpy.flatnonzero((old != new).any(axis=1))
    if not len(rows):
        return None
    return int(rows[0]), int(rows[-1]) + 1


def encode(old, new, picture):
    """The message that turns a page's ``old`` picture (rows x columns of 12-bit colours, or
    None: the page has none) into ``new``, or None when they are alike."""
    band = changed_rows(old, new)
    if band is None:
        return None
    first, stop = band
    pixels = numpy.ascontiguousarray(new[first:stop], dtype=numpy.uint16) & 0xFFF
    used = numpy.zeros(4096, dtype=bool)
    used[pixels] = True
    palette = numpy.flatnonzero(used).astype("<u2")
    if len(palette) <= 256:
        index = numpy.zeros(4096, dtype=numpy.uint8)
        index[palette] = numpy.arange(len(palette), dtype=numpy.uint8)
        kind, body, colours = INDEXED, index[pixels].tobytes(), palette
    else:
        kind, body, colours = DIRECT, pixels.astype("<u2").tobytes(), palette[:0]
    head = HEADER.pack(kind, 0, first, stop - first, new.shape[1], picture, len(colours))
    return head + colours.tobytes() + zlib.compress(body, LEVEL)


def decode(message, picture):
    """Apply a message to ``picture`` (a numpy array, changed in place); returns the
    picture's number it carried. The page's monitor.js does the same; the tests use this."""
    kind, _, first, rows, width, number, colours = HEADER.unpack_from(message)
    at = HEADER.size + 2 * colours
    palette = numpy.frombuffer(message, "<u2", colours, HEADER.size)
    body = zlib.decompress(message[at:])
    if kind == INDEXED:
        band = palette[numpy.frombuffer(body, numpy.uint8)]
    elif kind == DIRECT:
        band = numpy.frombuffer(body, "<u2")
    else:
        raise ValueError(f"not a monitor message (kind {kind})")
    picture[first:first + rows] = band.reshape(rows, width)
    return number
