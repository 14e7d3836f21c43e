"""Card codec: a 6-bit card code to its fields, flags, ASCII text and 7-segment glyphs, and a
rank and suit back to a code. Combinational: every game block that shows a card uses it."""

from myhdl import block, always_comb, concat, Signal, intbv, instances

from ..golden.cards import NO_CARD, RANKS, SUITS
from ..golden.sevenseg import glyph, RANK_GLYPH_CHARS, SUIT_GLYPH_CHARS

# ROMs indexed by rank 0..15 and suit 0..3 (ranks 13..15 never reach the outputs: see `valid`)
RANK_ASCII = tuple(ord(ch) for ch in RANKS) + (ord("?"),) * 3
SUIT_ASCII = tuple(ord(ch) for ch in SUITS)
RANK_GLYPH = tuple(glyph(ch) for ch in RANK_GLYPH_CHARS) + (glyph("?"),) * 3
SUIT_GLYPH = tuple(glyph(ch) for ch in SUIT_GLYPH_CHARS)


@block
def card_codec(code, rank, suit, valid, none, invalid, rank_char, suit_char, rank_seg, suit_seg,
               rank_in, suit_in, code_out, code_out_valid):
    """Card code decoder and encoder.

    code: card code in (rank << 2 | suit; 63 = NO_CARD)
    rank, suit: its fields; valid: a card 0..51; none: NO_CARD; invalid: 52..62
    rank_char, suit_char: ASCII text ('A','h'; '-','-' for NO_CARD; '?','?' if invalid)
    rank_seg, suit_seg: 7-segment glyphs, bit 0 = segment a, active-high
    rank_in, suit_in: fields in; code_out: their code; code_out_valid: rank_in < 13
    """
    rank_ascii_q, suit_ascii_q, rank_glyph_q, suit_glyph_q = (
        Signal(intbv(0)[8:]), Signal(intbv(0)[8:]), Signal(intbv(0)[7:]), Signal(intbv(0)[7:]))
    is_card, is_none = Signal(bool(0)), Signal(bool(0))
    dash_ascii, what_ascii = ord("-"), ord("?")
    dash_glyph, what_glyph = glyph("-"), glyph("?")

    @always_comb
    def decode():
        rank.next = code[6:2]
        suit.next = code[2:0]
        is_card.next = code < 52
        is_none.next = code == NO_CARD

    @always_comb
    def flags():
        valid.next = is_card
        none.next = is_none
        invalid.next = not is_card and not is_none

    @always_comb
    def lookup():
        rank_ascii_q.next = RANK_ASCII[int(code[6:2])]
        suit_ascii_q.next = SUIT_ASCII[int(code[2:0])]
        rank_glyph_q.next = RANK_GLYPH[int(code[6:2])]
        suit_glyph_q.next = SUIT_GLYPH[int(code[2:0])]

    @always_comb
    def text():
        if is_card:
            rank_char.next = rank_ascii_q
            suit_char.next = suit_ascii_q
            rank_seg.next = rank_glyph_q
            suit_seg.next = suit_glyph_q
        elif is_none:
            rank_char.next = dash_ascii
            suit_char.next = dash_ascii
            rank_seg.next = dash_glyph
            suit_seg.next = dash_glyph
        else:
            rank_char.next = what_ascii
            suit_char.next = what_ascii
            rank_seg.next = what_glyph
            suit_seg.next = what_glyph

    @always_comb
    def encode():
        code_out.next = concat(rank_in, suit_in)
        code_out_valid.next = rank_in < 13

    return instances()


def card_codec_top():
    """The codec with fresh port signals, for conversion."""
    def u(n):
        return Signal(intbv(0)[n:])
    return card_codec(code=u(6), rank=u(4), suit=u(2), valid=Signal(bool(0)),
                      none=Signal(bool(0)), invalid=Signal(bool(0)), rank_char=u(8),
                      suit_char=u(8), rank_seg=u(7), suit_seg=u(7), rank_in=u(4), suit_in=u(2),
                      code_out=u(6), code_out_valid=Signal(bool(0)))
