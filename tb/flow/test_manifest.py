"""The conversion manifest (pokerhdl/flow/manifest.py) makes `make` incremental and can never
let a stale file pass: generated/ is fresh by its manifest; in a scratch copy of the repository,
an edited block makes exactly the conversions that loaded it stale and `pokerhdl convert`
converts just those; an edited output, a lost record, a changed parameter or MyHDL version, a
vanished source are each caught. (CI's deep stage converts every top again with FORCE=1 and
compares the files and the manifest byte for byte.)"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pokerhdl.flow.convert import HDLS
from pokerhdl.flow.generate import convert_one, stale
from pokerhdl.flow.manifest import Manifest, Record, key
from pokerhdl.flow.tops import TOPS

ROOT = Path(__file__).resolve().parents[2]
GENERATED = ROOT / "generated"
# a block that three tops load (the dice roller and the two dice board tops: seconds each)
EDITED = "pokerhdl/rtl/dice.py"


def test_generated_is_fresh_by_its_manifest():
    work = stale(sorted(TOPS), HDLS, GENERATED)
    assert not work, "stale conversions (run `make` and commit generated/):\n" + "\n".join(
        f"  {n} {h}: {why}" for n, h, why in work)


def test_every_record_lists_the_converter_and_its_top():
    """The sources a record lists are what its process loaded: the converter, the list of
    tops and the module of the top's factory, at least."""
    manifest = Manifest(GENERATED)
    for name, top in TOPS.items():
        for hdl in HDLS:
            sources = manifest.records[key(name, hdl)].sources
            module = "pokerhdl/" + top.factory.split(":")[0][len("pokerhdl."):].replace(".", "/")
            for needed in ("pokerhdl/flow/convert.py", "pokerhdl/flow/tops.py", module + ".py"):
                assert needed in sources, f"{name} {hdl}: {needed} not among its sources"


@pytest.fixture
def scratch(tmp_path):
    """A copy of the package and of generated/ (sources and outputs), the package's own
    interpreter running it."""
    shutil.copytree(ROOT / "pokerhdl", tmp_path / "pokerhdl",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(GENERATED, tmp_path / "generated")
    return tmp_path


def run(scratch, *args):
    env = dict(os.environ, PYTHONPATH=str(scratch))
    done = subprocess.run([sys.executable, *args], cwd=scratch, env=env, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


STALE = ("import json, sys; from pokerhdl.flow.generate import stale; "
         "from pokerhdl.flow.tops import TOPS; "
         "print(json.dumps(stale(sorted(TOPS), ('verilog', 'vhdl'), 'generated')))")


def stale_in(scratch):
    return {(n, h): why for n, h, why in json.loads(run(scratch, "-c", STALE))}


def users_of(path):
    manifest = Manifest(GENERATED)
    return {(n, h) for n in TOPS for h in HDLS
            if path in manifest.records[key(n, h)].sources}


def test_an_edited_block_reconverts_exactly_the_tops_that_load_it(scratch):
    users = users_of(EDITED)
    assert users and len(users) < len(TOPS) * len(HDLS), users
    block = scratch / EDITED
    block.write_text(block.read_text() + "\n# an edit that changes no hardware\n")
    assert set(stale_in(scratch)) == users
    assert all(why == f"{EDITED} changed" for why in stale_in(scratch).values())
    out = run(scratch, "-m", "pokerhdl", "convert")
    assert f"converting {len(users)} of {len(TOPS) * len(HDLS)}" in out, out
    assert stale_in(scratch) == {}, "converted, yet still stale"
    assert "all 74 conversions up to date" in run(scratch, "-m", "pokerhdl", "convert")
    # the edit was a comment: the files are the committed ones, and only their records moved
    for name, hdl in users:
        suffix = ".v" if hdl == "verilog" else ".vhd"
        assert (scratch / "generated" / hdl / f"{name}{suffix}").read_bytes() == \
            (GENERATED / hdl / f"{name}{suffix}").read_bytes()


def test_a_stale_manifest_never_lets_a_file_pass(scratch):
    name, hdl = sorted(users_of(EDITED))[0]
    manifest_file = scratch / "generated" / "manifest.json"
    committed = manifest_file.read_text()
    output = scratch / "generated" / hdl / (f"{name}.v" if hdl == "verilog" else f"{name}.vhd")

    # an output edited by hand
    output.write_text(output.read_text().replace("\n", "\n\n", 1))
    assert "differs from what was converted" in stale_in(scratch)[(name, hdl)]
    shutil.copy(GENERATED / output.relative_to(scratch / "generated"), output)
    assert stale_in(scratch) == {}

    # a missing output
    output.unlink()
    assert "is missing" in stale_in(scratch)[(name, hdl)]
    shutil.copy(GENERATED / output.relative_to(scratch / "generated"), output)

    # a record lost, a parameter and the MyHDL version changed, a manifest of another format
    data = json.loads(committed)
    record = data["conversions"].pop(key(name, hdl))
    manifest_file.write_text(json.dumps(data))
    assert stale_in(scratch)[(name, hdl)] == "never converted here"
    for field, value, why in (("params", {**record["params"], "x": 1}, "its parameters changed"),
                              ("myhdl", "0.0.1", "MyHDL")):
        data["conversions"][key(name, hdl)] = {**record, field: value}
        manifest_file.write_text(json.dumps(data))
        assert stale_in(scratch)[(name, hdl)].startswith(why)
    manifest_file.write_text(json.dumps({**json.loads(committed), "format": 0}))
    assert len(stale_in(scratch)) == len(TOPS) * len(HDLS)

    # a source the record lists has vanished (moved or deleted)
    manifest_file.write_text(committed)
    (scratch / EDITED).unlink()
    assert stale_in(scratch)[(name, hdl)] == f"{EDITED} is gone"


def test_a_variant_is_remembered_while_its_sources_hold(tmp_path, monkeypatch):
    """convert_one remembers a conversion with its record: the same parameters give the same
    files without a process, and a changed source is noticed."""
    from pokerhdl.flow import generate
    monkeypatch.setattr(generate, "MEMO", tmp_path / "memo")
    calls = []
    real = generate.run_converter
    monkeypatch.setattr(generate, "run_converter", lambda *a: calls.append(a) or real(*a))
    first = convert_one("bin2bcd", "verilog", tmp_path / "a", {"width": 8})
    second = convert_one("bin2bcd", "verilog", tmp_path / "b", {"width": 8})
    assert len(calls) == 1 and first == second
    assert (tmp_path / "a" / "bin2bcd.v").read_text() == (tmp_path / "b" / "bin2bcd.v").read_text()
    entry = next((tmp_path / "memo").glob("bin2bcd-verilog-*/*"))
    record = Record(**json.loads((entry / "record.json").read_text()))
    assert record.why_stale({**TOPS["bin2bcd"].params, "width": 8}, entry) is None
    record.sources[EDITED] = "0" * 16
    assert record.why_stale({**TOPS["bin2bcd"].params, "width": 8}, entry) == f"{EDITED} changed"
