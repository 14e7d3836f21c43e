"""Multiplexed 7-segment display: the scanning driver, and a decimal front end that turns an
unsigned number into glyphs (leading blanks; dashes when it does not fit, or its scientific
form 1.23456E8 where a game asks for it).

Outputs are active-high (a lit segment, a selected digit = 1), like the glyph font in
pokerhdl.golden.sevenseg; both Digilent boards drive segments and anodes active-low, and the
board layer inverts them once, at the pins (STYLE.md: active-low is handled in one place).
"""

from myhdl import (block, always_seq, always_comb, concat, ConcatSignal, Signal, ResetSignal,
                   intbv, instances)

from ..golden.sevenseg import bcd_digits, glyph, glyph_bus
from .bcd import bin2bcd

DIGIT_GLYPH = tuple(glyph(str(d)) for d in range(10)) + (glyph("?"),) * 6
BLANK, DASH = glyph(" "), glyph("-")


def scan_clocks(clk_hz, refresh_hz, digits):
    """Clocks each digit stays selected so that every digit lights refresh_hz times a second."""
    slot = clk_hz // (refresh_hz * digits)
    if slot < 4:
        raise ValueError(f"refresh {refresh_hz} Hz x {digits} digits is too fast for {clk_hz} Hz")
    return slot


@block
def glyph_slice(glyphs, index, glyph_out):
    """Digit ``index``'s glyph out of the flattened bus (a list of these is a mux's inputs)."""
    low = 7 * index

    @always_comb
    def take():
        glyph_out.next = glyphs[low + 7:low]

    return take


@block
def sevenseg(clk, rst, glyphs, dots, seg, dp, an, digits=4, clk_hz=100_000_000, refresh_hz=1000):
    """Scan ``digits`` common-anode digits, one at a time.

    glyphs[7 * digits]: digit i's glyph in bits 7i+6..7i (bit 0 = segment a); digit 0 is the
        rightmost, an[0] on both boards. pokerhdl.golden.sevenseg.glyph_bus builds this bus.
    dots[digits]: decimal point of each digit.
    seg[7], dp: segments of the selected digit; an[digits]: the selected digit (one-hot).
    All active-high; the board layer inverts them for the active-low pins.

    Each digit is selected for clk_hz / (refresh_hz * digits) clocks, every digit lighting
    refresh_hz times a second (1 kHz: no flicker). The first 1/16 of each slot (at least one
    clock) is blank, no anode, so the previous digit's segments do not ghost onto the next.
    seg/dp follow glyphs/dots with one clock of latency.
    """
    if digits < 2:
        raise ValueError("sevenseg needs at least 2 digits")
    slot = scan_clocks(clk_hz, refresh_hz, digits)
    last_tick, blank_clocks, last_digit, top = slot - 1, max(1, slot // 16), digits - 1, digits - 1
    tick = Signal(intbv(0, min=0, max=slot))
    index = Signal(intbv(0, min=0, max=digits))      # the selected digit
    digit_glyphs = [Signal(intbv(0)[7:]) for _ in range(digits)]
    slicers = [glyph_slice(glyphs, i, digit_glyphs[i]) for i in range(digits)]
    ring = Signal(intbv(1)[digits:])                 # the same, one-hot
    seg_q = Signal(intbv(0)[7:])
    dp_q = Signal(bool(0))
    an_q = Signal(intbv(0)[digits:])

    @always_seq(clk.posedge, reset=rst)
    def scan():
        if tick == last_tick:
            tick.next = 0
            ring.next = concat(ring[top:0], ring[top])
            if index == last_digit:
                index.next = 0
            else:
                index.next = index + 1
        else:
            tick.next = tick + 1

    @always_seq(clk.posedge, reset=rst)
    def drive():
        seg_q.next = digit_glyphs[index]
        dp_q.next = dots[index]
        if tick < blank_clocks:
            an_q.next = 0
        else:
            an_q.next = ring

    @always_comb
    def outputs():
        seg.next = seg_q
        dp.next = dp_q
        an.next = an_q

    return instances()


@block
def digit_glyph(nibble, blank_above, blank_here, glyph_out, place="middle"):
    """One display digit of a decimal number: its numeral, a blank when it is a leading zero
    (never the units digit).
    place: "units", "middle", or "top" (the highest digit shown: a zero there is leading)."""
    if place == "middle":
        @always_comb
        def blanking():
            blank_here.next = blank_above and nibble == 0
    elif place == "top":
        @always_comb
        def blanking():
            blank_here.next = nibble == 0

    if place == "units":
        @always_comb
        def choose():
            glyph_out.next = DIGIT_GLYPH[int(nibble)]
    else:
        @always_comb
        def choose():
            if blank_here:
                glyph_out.next = BLANK
            else:
                glyph_out.next = DIGIT_GLYPH[int(nibble)]

    return instances()


@block
def decimal_glyphs(clk, rst, value, glyphs, digits=4, width=16, dots=None):
    """Glyphs that show an unsigned number in decimal on ``digits`` digits.

    value[width]: the number, sampled every width + 2 clocks (a bin2bcd runs continuously).
    glyphs[7 * digits]: for sevenseg; right-aligned with leading blanks, or a dash on every
        digit when the number has more than ``digits`` decimal digits. Follows value within
        2 * (width + 2) clocks.
    dots[digits] (optional): with it, a number too long for the digits is shown in scientific
        form instead of dashes (golden sevenseg.decimal_text(..., scientific=True)), its first
        digit's dot lit.
    """
    places = bcd_digits(width)
    used = min(places, digits)                   # digits that can show part of the number
    busy, done = Signal(bool(0)), Signal(bool(0))
    start = Signal(bool(0))
    bcd_bits = Signal(intbv(0)[4 * places:])
    converter = bin2bcd(clk, rst, start, value, busy, done, bcd_bits, width=width)
    nibbles = [bcd_bits(4 * i + 4, 4 * i) for i in range(used)]
    blanks = [Signal(bool(0)) for _ in range(used)] + [None]
    digit_glyphs = [Signal(intbv(0)[7:]) for _ in range(used)]
    padding = [intbv(BLANK)[7:] for _ in range(digits - used)]   # beyond the number's reach
    shown = ConcatSignal(*padding, *reversed(digit_glyphs)) if digits > 1 else digit_glyphs[0]
    glyphs_q = Signal(intbv(0)[7 * digits:])
    shapers = [digit_glyph(nibbles[i], blanks[i + 1], blanks[i], digit_glyphs[i],
                           place="units" if i == 0 else "top" if i == used - 1 else "middle")
               for i in range(used)]
    dashes = glyph_bus("-" * digits)
    dots_q = Signal(intbv(0)[digits:]) if dots is not None else None

    if places > digits:
        above = bcd_bits(4 * places, 4 * digits)
        if dots is not None:
            too_long = Signal(intbv(0)[8 * digits:])
            forms = scientific_forms(bcd_bits, places, digits, too_long)

            @always_seq(clk.posedge, reset=rst)
            def latch():
                if done:
                    if above != 0:
                        glyphs_q.next = too_long[7 * digits:]
                        dots_q.next = too_long[8 * digits:7 * digits]
                    else:
                        glyphs_q.next = shown
                        dots_q.next = 0
        else:
            @always_seq(clk.posedge, reset=rst)
            def latch():
                if done:
                    if above != 0:
                        glyphs_q.next = dashes
                    else:
                        glyphs_q.next = shown
    else:
        @always_seq(clk.posedge, reset=rst)
        def latch():
            if done:
                glyphs_q.next = shown

    @always_comb
    def restart():
        start.next = not busy

    @always_comb
    def outputs():
        glyphs.next = glyphs_q

    if dots is not None:
        @always_comb
        def dot_outputs():
            dots.next = dots_q

    return instances()


@block
def scientific_forms(bcd_bits, places, digits, form):
    """form[8 * digits]: {dots, glyphs} of the scientific form of a number of more than
    ``digits`` decimal digits (bcd_bits: its BCD): a chain, from the shortest such number to
    the longest, each link taking its own form when its leading place is not zero."""
    raw = [Signal(intbv(0)[7:]) for _ in range(places)]
    numerals = [digit_glyph(bcd_bits(4 * i + 4, 4 * i), None, None, raw[i], place="units")
                for i in range(places)]
    dashes = glyph_bus("-" * digits)
    shorter, links = dashes, []
    for length in range(digits + 1, places + 1):
        power = str(length - 1)
        kept = digits - 1 - len(power)
        if kept < 1:                           # no room for a digit: dashes, no dot
            pattern = dashes
        else:
            pattern = ConcatSignal(intbv(1 << digits - 1)[digits:],
                                   *[raw[length - 1 - k] for k in range(kept)],
                                   intbv(glyph("E"))[7:], *[intbv(glyph(ch))[7:] for ch in power])
        out = form if length == places else Signal(intbv(0)[8 * digits:])
        links.append(scientific_link(bcd_bits(4 * length, 4 * length - 4), pattern, shorter, out))
        shorter = out

    return instances()


@block
def scientific_link(leading, pattern, shorter, out):
    """pattern when the leading place of its length is not zero, else the shorter form (each a
    signal, or the dashes: an int)."""
    @always_comb
    def choose():
        if leading != 0:
            out.next = pattern
        else:
            out.next = shorter

    return choose


@block
def decimal_display(clk, rst, value, seg, dp, an, digits=4, width=16, clk_hz=100_000_000,
                    refresh_hz=1000, scientific=False):
    """An unsigned number in decimal on a multiplexed display: decimal_glyphs then sevenseg.

    value[width]: the number; seg[7], dp, an[digits]: as sevenseg (active-high).
    scientific: a number too long for the digits in scientific form (1.23456E8), not dashes.
    """
    glyphs = Signal(intbv(0)[7 * digits:])
    no_dots = Signal(intbv(0)[digits:])         # lit only by the scientific form
    text = decimal_glyphs(clk, rst, value, glyphs, digits=digits, width=width,
                          dots=no_dots if scientific else None)
    driver = sevenseg(clk, rst, glyphs, no_dots, seg, dp, an, digits=digits, clk_hz=clk_hz,
                      refresh_hz=refresh_hz)
    return instances()


def _ports(digits):
    return dict(clk=Signal(bool(0)), rst=ResetSignal(0, active=1, isasync=False),
                seg=Signal(intbv(0)[7:]), dp=Signal(bool(0)), an=Signal(intbv(0)[digits:]))


def sevenseg_top(digits=4, clk_hz=100_000_000, refresh_hz=1000):
    """The scanning driver with fresh port signals, for conversion."""
    return sevenseg(glyphs=Signal(intbv(0)[7 * digits:]), dots=Signal(intbv(0)[digits:]),
                    digits=digits, clk_hz=clk_hz, refresh_hz=refresh_hz, **_ports(digits))


def decimal_display_top(digits=4, width=16, clk_hz=100_000_000, refresh_hz=1000,
                        scientific=False):
    """A number on the display, with fresh port signals, for conversion."""
    return decimal_display(value=Signal(intbv(0)[width:]), digits=digits, width=width,
                           clk_hz=clk_hz, refresh_hz=refresh_hz, scientific=scientific,
                           **_ports(digits))
