"""Every measured figure that README.md and docs/ print comes from docs/figures.json and still
describes today's tree (bench/figures.py): each document equals its rendering, no figure's key
has moved (the canonical RTL of every design it measured, the files it measured), every table
is shown somewhere and every marker names a table, and no document types a measured figure
outside the rendered blocks."""

import re

import pytest

from bench import figures

DATA = figures.load()
# what a typed measurement looks like: a clock rate, a size in cells, a rate per second
MEASURED = re.compile(r"\b\d[\d,.]*\s?(?:MHz|LUTs?\b|LUT4s?\b|flip-flops|logic cells|"
                      r"(?:M|G)?\s?(?:trials|clocks|boards|hands|frames)/s\b|"
                      r"(?:million|M|G) (?:trials|boards|clocks|hands)(?: per second| a second))")
# facts, not measurements: the boards' clocks and the bar every top is held to
FACTS = re.compile(r"\b(?:100|25|95|37\.5|103\.125) MHz\b")


def test_the_documents_are_rendered_from_the_figures():
    changed = figures.render_documents(DATA, write=False)
    assert not changed, ("documents differ from docs/figures.json's rendering (run `make "
                         "docs`): " + ", ".join(str(p.relative_to(figures.ROOT)) for p in changed))


def test_no_figure_is_stale():
    stale = figures.stale_figures(DATA)
    assert not stale, ("figures measured from an older tree (run `make bench` or `make pnr` "
                       "for them):\n" + "\n".join(stale))


def test_every_table_is_shown_and_every_marker_names_one():
    shown = figures.shown()
    assert not set(shown) - set(DATA["tables"]), set(shown) - set(DATA["tables"])
    assert not set(DATA["tables"]) - set(shown), \
        f"tables no document shows: {sorted(set(DATA['tables']) - set(shown))}"


@pytest.mark.parametrize("path", figures.DOCUMENTS, ids=lambda p: p.name)
def test_no_measured_figure_is_typed_by_hand(path):
    text = figures.INLINE.sub("", figures.MARK.sub("", path.read_text()))
    typed = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)
             if MEASURED.search(FACTS.sub("", line))]
    assert not typed, "measured figures typed by hand (render them from docs/figures.json):\n" \
        + "\n".join(f"  {n}: {line[:120]}" for n, line in typed[:20])


def test_a_stale_figure_is_found():
    """The check can fail: a row keyed on another RTL digest, or on a file's older content."""
    table = {"headers": ["design", "LUT"], "caption": "",
             "rows": [{"cells": ["eval7", "1"], "key": {"rtl": {"eval7": "0" * 16}}},
                      {"cells": ["kernel", "2"],
                       "key": {"file": {"pokerhdl/odds/native.c": "0" * 16}}},
                      {"cells": ["fresh", "3"], "key": {"rtl": {"eval7": figures.top_rtl("eval7")}}}]}
    found = figures.stale_figures({"tables": {"t": table}, "variants": {}})
    assert found == ["t: eval7: eval7's RTL changed", "t: kernel: pokerhdl/odds/native.c changed"]


def test_a_comment_changes_no_key():
    """Keys are of the canonical RTL: comments and blank lines apart."""
    from pokerhdl.flow.canonical import rtl_digest
    text = (figures.ROOT / "generated" / "verilog" / "eval7.v").read_text()
    reworded = text.replace("// ", "//  reworded: ", 5).replace("\n", "\n\n", 3)
    assert reworded != text and rtl_digest(reworded) == rtl_digest(text)
    assert rtl_digest(text.replace("<=", "= ", 1)) != rtl_digest(text)
