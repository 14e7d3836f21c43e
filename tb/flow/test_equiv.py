"""The equivalence prover (pokerhdl/flow/equiv.py) proves what is equal and refuses what is not:
eval5 as generated against a copy with a register renamed (equal, both ways of proving) and a
copy with one kicker taken from the wrong rank (not equal: yosys shows the inputs that
tell them apart). The miter runs a hand through the pipeline and two clocks more (every register
then reaches the outputs; the solver's work grows steeply with every clock more); its proof of
equality is the deep stage's; the regression proves by induction and refutes with the miter."""

import pytest

from harness import ROOT
from pokerhdl.flow.equiv import main, prove
from pokerhdl.golden.hands import EVAL_LATENCY

EVAL5 = ROOT / "generated" / "verilog" / "eval5.v"
CYCLES = EVAL_LATENCY + 2     # a hand from input to answer, and two clocks more


def edited(tmp_path, old, new):
    text = EVAL5.read_text()
    assert old in text, f"{old!r} is no longer in eval5.v: choose another edit"
    copy = tmp_path / "eval5.v"
    copy.write_text(text.replace(old, new))
    return copy


@pytest.mark.parametrize("cycles", [None, pytest.param(CYCLES, marks=pytest.mark.deep)])
def test_a_renamed_register_is_proved_equal(tmp_path, cycles):
    renamed = edited(tmp_path, "hand_eval0_word_q", "hand_eval0_word_held")
    proved, log = prove(EVAL5, renamed, "eval5", cycles=cycles)
    assert proved, log


def test_a_changed_kicker_is_not_equal(tmp_path):
    # the second kicker of trips and of a pair: the third-highest single card, not the second
    changed = edited(tmp_path, "k2 = (k2 | hand_eval0_rank_register1_rank);",
                     "k2 = (k2 | hand_eval0_rank_register2_rank);")
    proved, log = prove(EVAL5, changed, "eval5", cycles=CYCLES)
    assert not proved
    assert "proof did fail" in log


def test_the_command_compares_with_a_revision(capsys):
    assert main(["eval5"]) == 0
    assert "eval5: equal" in capsys.readouterr().out
