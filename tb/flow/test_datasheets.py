"""Every block has a datasheet (docs/blocks/, pokerhdl.flow.datasheet) with its ports, latency,
figures and a timing diagram drawn from a trace its own cocotb test recorded on today's RTL
(bench/waves.py); the pages are what the generator writes; the parameter ranges they print
are the code's; the documentation site builds in strict mode and fails on a broken link."""

import json
import re

import pytest

from bench import waves
from harness import ROOT
from pokerhdl.flow import datasheet, site
from pokerhdl.flow.blocks import BLOCKS, block
from pokerhdl.flow.params import bounds
from pokerhdl.flow.tops import TOPS

FOLDER = ROOT / "docs" / "blocks"


@pytest.mark.parametrize("name", BLOCKS)
def test_every_block_has_a_datasheet(name):
    text = (FOLDER / f"{name}.md").read_text()
    for section in ("Ports", "Clock and reset", "Latency and throughput", "Bad input",
                    "Parameters", "Size and speed", "Timing diagram", "Verified by",
                    "Instantiation"):
        assert f"\n## {section}\n" in text, f"{name}: no section {section}"
    for port in block(name).ports:
        assert f"| `{port.name}` | {port.direction} | {port.width} |" in text, port.name
    assert f"![{name} timing diagram]({name}.svg)" in text
    assert (FOLDER / f"{name}.svg").read_text().startswith("<svg")
    assert "<!-- figure synthesis: " in text, "its size comes from docs/figures.json"


def test_datasheets_are_rendered():
    """The pages, the index and the diagrams are what `make docs` writes now."""
    stale = [str(p.relative_to(ROOT)) for p, text in datasheet.outputs().items()
             if not p.exists() or p.read_text() != text]
    assert not stale, f"run `make docs`: {stale}"


@pytest.mark.parametrize("name", BLOCKS)
def test_each_diagram_is_a_fresh_trace_of_its_test(name):
    entry = json.loads((FOLDER / "waves" / f"{name}.json").read_text())
    assert waves.is_fresh(entry), f"{name}'s RTL changed since its trace: `make waves`"
    test = (ROOT / entry["test"]).read_text()
    assert re.search(rf"async def {entry['testcase']}\(", test), entry["testcase"]
    assert entry["testcase"] == waves.RECORDINGS[name].testcase
    rows = [r for r in entry["wavejson"]["signal"] if isinstance(r, list)]
    names = {row["name"].split("[")[0] for group in rows for row in group[1:]}
    assert names <= {p.name for p in block(name).ports}


def test_a_pipeline_trace_shows_its_latency():
    """The recorded trace is the RTL's: eval7 answers 6 clocks after in_valid on it."""
    entry = json.loads((FOLDER / "waves" / "eval7.json").read_text())
    assert entry["latency"] == 6


CHEAP = [(b, p) for (b, p) in sorted(bounds()) if b in ("showdown", "bin2bcd",
                                                         "por", "sevenseg")]


@pytest.mark.parametrize("name,param", CHEAP)
def test_parameter_bounds_are_the_code(name, param):
    low, high = bounds()[(name, param)]
    TOPS[name].build(**{param: low})
    with pytest.raises((ValueError, AssertionError)):
        TOPS[name].build(**{param: low - 1})
    if high is not None:
        TOPS[name].build(**{param: high})
        with pytest.raises((ValueError, AssertionError)):
            TOPS[name].build(**{param: high + 1})


def test_the_site_builds_in_strict_mode(tmp_path):
    code, log = site.build(tmp_path)
    assert code == 0, log[-3000:]
    html = tmp_path / "html"
    assert (html / "index.html").exists() and (html / "blocks" / "eval7.html").exists()
    assert (html / "blocks" / "eval7.svg").exists() and (html / "preflop_chart.png").exists()


def test_a_broken_link_or_picture_fails_the_site(tmp_path):
    site.stage(tmp_path)
    page = tmp_path / "docs" / "ip.md"
    page.write_text(page.read_text() + "\n![gone](gone.png) [no](spec.md#no-such-heading)\n")
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict",
                           "--config-file", str(tmp_path / "mkdocs.yml")],
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode != 0
    assert "gone.png" in done.stderr and "no-such-heading" in done.stderr
