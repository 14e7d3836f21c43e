"""Card codec: all 64 codes and all 64 rank/suit inputs against the golden model."""

import pytest

import cocotb
from cocotb.triggers import Timer

from harness import HDLS, run_block
from wave_record import record
from pokerhdl.golden.cards import NO_CARD, is_card
from pokerhdl.golden.sevenseg import card_ascii, card_glyphs


@cocotb.test()
async def decode_every_code(dut):
    record(dut, clock=None)     # a datasheet's timing diagram, when bench/waves.py asks
    for code in range(64):
        dut.code.value = code
        await Timer(1, unit="ns")
        card = is_card(code)
        assert int(dut.valid.value) == card, code
        assert int(dut.none.value) == (code == NO_CARD), code
        assert int(dut.invalid.value) == (not card and code != NO_CARD), code
        if card:
            assert int(dut.rank.value) == code >> 2 and int(dut.suit.value) == code & 3, code
        chars = (int(dut.rank_char.value), int(dut.suit_char.value))
        assert chars == card_ascii(code), (code, chars)
        glyphs = (int(dut.rank_seg.value), int(dut.suit_seg.value))
        assert glyphs == card_glyphs(code), (code, glyphs)


@cocotb.test()
async def encode_every_field_pair(dut):
    for rank in range(16):
        for suit in range(4):
            dut.rank_in.value, dut.suit_in.value = rank, suit
            await Timer(1, unit="ns")
            assert int(dut.code_out_valid.value) == (rank < 13), (rank, suit)
            if rank < 13:
                code = int(dut.code_out.value)
                assert is_card(code) and (code >> 2, code & 3) == (rank, suit), (rank, suit, code)


@pytest.mark.parametrize("hdl", HDLS)
def test_card_codec(hdl):
    run_block("card_codec", hdl, __name__)
