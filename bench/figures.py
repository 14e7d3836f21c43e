"""docs/figures.json: every measured figure that README and docs/ print, each with the key of
what it measured, and the tables rendered from it into the documents.

A table is headers, rows of cells, and for each row its key: the canonical digest of every
design it measured (``rtl``: pokerhdl.flow.canonical, comments apart), the digest of every
other file it measured (``file``: a C kernel, a constraints file), and the tools and seed
(``tool``, recorded, not compared: another machine may have another yosys). A figure is
stale when a digest no longer matches today's tree; `make bench` (or `make pnr`) measures it
again and `make docs` renders the tables into the documents, between the markers
``<!-- figures NAME -->`` and ``<!-- /figures -->``. tb/flow/test_figures.py fails when a
document differs from its rendering or a figure is stale, so a stale figure never reaches a
document unseen.
"""

import fcntl
import json
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# the package, and tb/ (the benches drive the test benches' harness and clients)
for folder in (ROOT / "tb" / "support", ROOT):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from pokerhdl.flow.canonical import rtl_digest  # noqa: E402
from pokerhdl.flow.manifest import Record, digest  # noqa: E402
from pokerhdl.flow.tops import TOPS  # noqa: E402

FILE = ROOT / "docs" / "figures.json"
FORMAT = 1
DOCUMENTS = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md")) + \
    sorted((ROOT / "docs" / "blocks").glob("*.md"))       # the datasheets (pokerhdl.flow.datasheet)
MARK = re.compile(r"(<!-- figures (?P<name>[\w-]+) -->\n).*?(<!-- /figures -->)", re.S)
# one cell in running text: <!-- figure TABLE: ROW: COLUMN -->value<!-- /figure -->
INLINE = re.compile(r"(<!-- figure (?P<table>[\w-]+): (?P<row>[^:]+?): (?P<column>[^>]+?) -->)"
                    r".*?(<!-- /figure -->)", re.S)


def load(path=FILE):
    if path.exists():
        data = json.loads(path.read_text())
        if data.get("format") == FORMAT:
            return data
    return {"format": FORMAT, "tables": {}, "variants": {}}


def update(change, path=FILE):
    """Load the figures, apply ``change(data)`` and write them, under the lock: a row recorded
    by one process (a route) never undoes another's in the same table. Returns the data."""
    with open(path.with_name(".figures.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        data = load(path)
        change(data)
        _write(data, path)
    return data


def _write(data, path):
    partial = path.with_suffix(f".{os.getpid()}")
    partial.write_text(json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
    partial.replace(path)


def save(data, path=FILE, tables=None):
    """Write the figures. With ``tables``, only those tables (and the variants) are this
    process's: they are merged into the file as it is now (update), and ``data`` takes the
    others from it, so `make pnr` and `make bench` can run side by side."""
    if tables is None:
        return update(lambda disk: disk.update(data), path)

    def merge(disk):
        disk["tables"].update({t: data["tables"][t] for t in tables})
        disk["variants"].update(data["variants"])
    data.update(update(merge, path))


# ------------------------------------------------------------------ keys

def label(name, params=None):
    """A design's name in keys: the top, or the top and its parameters ("showdown players=2")."""
    return name + "".join(f" {k}={v}" for k, v in sorted((params or {}).items()))


def top_rtl(name):
    """Today's key of a committed top: the canonical digest of generated/verilog/<name>.v."""
    return rtl_digest((ROOT / "generated" / "verilog" / f"{name}.v").read_text())


def sources_unchanged(variant):
    """A recorded variant's sources and MyHDL are today's (its manifest record is fresh)."""
    record = Record(params=variant["params"], myhdl=variant["myhdl"], sources=variant["sources"],
                    outputs={})
    return record.why_stale(variant["params"], ROOT) is None


def variant_rtl(data, name, convert=True):
    """Today's key of a parameter variant recorded in ``data["variants"]``: its recorded digest
    while the sources it was converted from are unchanged, else (``convert``) the digest of a
    fresh conversion (remembered under build/conversions/), else None."""
    variant = data["variants"][name]
    if sources_unchanged(variant):
        return variant["rtl"]
    if not convert:
        return None
    return convert_variant(variant["top"], variant["params"])[0]


def convert_variant(top, overrides):
    """(canonical digest, sources) of a variant, converted into build/variants/."""
    from pokerhdl.flow.generate import convert_one
    folder = ROOT / "build" / "variants" / label(top, overrides).replace(" ", "_")
    sources, _ = convert_one(top, "verilog", folder, overrides)
    return rtl_digest((folder / f"{top}.v").read_text()), sources


def record_variant(data, top, overrides):
    """Convert a variant and record its key in ``data``; returns its label and Verilog path."""
    import myhdl
    rtl, sources = convert_variant(top, overrides)
    name = label(top, overrides)
    params = {**TOPS[top].params, **overrides}
    data["variants"][name] = {"top": top, "params": params, "rtl": rtl, "myhdl": myhdl.__version__,
                              "sources": {s: digest(ROOT / s) for s in sources}}
    folder = ROOT / "build" / "variants" / name.replace(" ", "_")
    return name, folder / f"{top}.v"


def refresh_variants(data):
    """The variants whose sources changed (an edit, a move) but whose fresh conversion is the
    RTL their figures were measured on: their records take today's sources, so the figures
    stay fresh without a conversion at every check. A variant whose RTL changed is left as
    recorded (stale). Returns the names refreshed."""
    import myhdl
    refreshed = []
    for name, variant in sorted(data["variants"].items()):
        if sources_unchanged(variant):
            continue
        overrides = {k: v for k, v in variant["params"].items()
                     if TOPS[variant["top"]].params.get(k, object()) != v}
        rtl, sources = convert_variant(variant["top"], overrides)
        if rtl == variant["rtl"]:
            variant.update(myhdl=myhdl.__version__,
                           sources={s: digest(ROOT / s) for s in sorted(sources)})
            refreshed.append(name)
    return refreshed


def rtl_of(data, name, convert=True):
    return top_rtl(name) if name in TOPS else variant_rtl(data, name, convert)


def file_key(path):
    return digest(ROOT / path)


def stale_figures(data, convert=True):
    """["table: row: why"] for every row whose key no longer matches today's tree."""
    found = []
    for table_name, table in sorted(data["tables"].items()):
        for row in table["rows"]:
            for name, made in row.get("key", {}).get("rtl", {}).items():
                if name not in TOPS and name not in data["variants"]:
                    found.append(f"{table_name}: {row['cells'][0]}: no design {name!r}")
                elif rtl_of(data, name, convert) not in (made, None):
                    found.append(f"{table_name}: {row['cells'][0]}: {name}'s RTL changed")
            for path, made in row.get("key", {}).get("file", {}).items():
                if not (ROOT / path).exists() or file_key(path) != made:
                    found.append(f"{table_name}: {row['cells'][0]}: {path} changed")
    return found


# ------------------------------------------------------------------ tables

def make_row(cells, key=None, values=None):
    """A row: its cells as printed, its key, and the raw values other tables derive from."""
    row = {"cells": [str(c) for c in cells], "key": key or {}}
    if values:
        row["values"] = values
    return row


KEEP_FRESH = False      # `python -m bench --stale`: kept_row keeps the rows still fresh


def kept_row(data, table, first_cell):
    """With KEEP_FRESH: the recorded row of ``table`` whose first cell is ``first_cell``, as
    (cells, key, values), when its key still matches today's tree; else None (measure it)."""
    row = row_of(data, table, first_cell) if KEEP_FRESH else None
    if row is None or stale_figures({"tables": {table: {"rows": [row]}},
                                     "variants": data["variants"]}):
        return None
    return row["cells"], row["key"], row.get("values")


def put_table(data, name, headers, rows, caption=""):
    """Store a table: ``rows`` are (cells, key[, values]); the caption says how it was
    measured."""
    data["tables"][name] = {"headers": list(headers), "caption": caption,
                            "rows": [make_row(*row) for row in rows]}


def row_of(data, table, first_cell):
    """The row of ``table`` whose first cell is ``first_cell``, or None."""
    for row in data["tables"].get(table, {}).get("rows", []):
        if row["cells"][0] == first_cell:
            return row
    return None


def render(table):
    """A table in Markdown, its caption above it."""
    lines = [table["caption"], ""] if table.get("caption") else []
    lines.append("| " + " | ".join(table["headers"]) + " |")
    lines.append("|" + "|".join("---" for _ in table["headers"]) + "|")
    lines += ["| " + " | ".join(r["cells"]) + " |" for r in table["rows"]]
    return "\n".join(lines) + "\n"


def cell(data, table, row, column):
    """One cell of a table, by the row's first cell and the column's header."""
    found = data["tables"].get(table)
    if found is None:
        raise KeyError(f"no table {table!r} in {FILE.relative_to(ROOT)}")
    if column not in found["headers"]:
        raise KeyError(f"table {table!r} has no column {column!r}")
    line = row_of(data, table, row)
    if line is None:
        raise KeyError(f"table {table!r} has no row {row!r}")
    return line["cells"][found["headers"].index(column)]


def rendered(text, data):
    """``text`` with every marked table and cell replaced by its rendering. A table not
    measured yet is left as it stands (tb/flow/test_figures.py fails on a marker naming no table),
    so a partial `make pnr` or `make bench` still renders what it has."""
    def fill(match):
        table = data["tables"].get(match.group("name"))
        if table is None:
            return match.group(0)
        return match.group(1) + render(table) + match.group(3)

    def fill_cell(match):
        if row_of(data, match.group("table"), match.group("row")) is None:
            return match.group(0)
        value = cell(data, match.group("table"), match.group("row"), match.group("column"))
        return match.group(1) + value + match.group(5)
    return INLINE.sub(fill_cell, MARK.sub(fill, text))


def shown(documents=None):
    """{table name: [documents that show it, whole or a cell]}."""
    found = {}
    for path in documents or DOCUMENTS:
        text = path.read_text()
        for name in [m.group("name") for m in MARK.finditer(text)] + \
                [m.group("table") for m in INLINE.finditer(text)]:
            found.setdefault(name, []).append(path)
    return found


def render_documents(data=None, write=True):
    """Render the tables into README.md and docs/*.md; returns the documents that changed."""
    data = data or load()
    changed = []
    for path in DOCUMENTS:
        text = path.read_text()
        new = rendered(text, data)
        if new != text:
            changed.append(path)
            if write:
                path.write_text(new)
    return changed


def census(data, documents=None):
    """How many measured figures the documents print from the file: the cells of every table
    they show (first column apart: it names the row) and every inline figure."""
    tables = cells = inline = 0
    for path in documents or DOCUMENTS:
        text = path.read_text()
        for m in MARK.finditer(text):
            table = data["tables"].get(m.group("name"), {"rows": []})
            tables += 1
            cells += sum(len(row["cells"]) - 1 for row in table["rows"])
        inline += len(INLINE.findall(text))
    return {"tables": tables, "cells": cells, "inline": inline}


def main(argv=None):
    import argparse
    parser = argparse.ArgumentParser(
        prog="python -m bench.figures",
        description="Render docs/figures.json's tables into README.md and docs/*.md (`make "
                    "docs`), or list the figures whose key no longer matches today's tree.")
    parser.add_argument("--check", action="store_true",
                        help="change nothing: exit 1 if a document differs from its rendering "
                             "or a figure is stale")
    parser.add_argument("--count", action="store_true",
                        help="print how many figures the documents print from the file")
    args = parser.parse_args(argv)
    data = load()
    if args.count:
        c = census(data)
        print(f"{c['tables']} tables shown, {c['cells']} figures in them, {c['inline']} inline "
              f"figures: all rendered from docs/figures.json (tb/flow/test_figures.py: none typed)")
        return 0
    if not args.check:
        refreshed = refresh_variants(data)
        if refreshed:
            update(lambda disk: disk["variants"].update(
                {name: data["variants"][name] for name in refreshed}))
            print(f"variants recorded with today's sources (the same RTL): {', '.join(refreshed)}")
    problems = [f"stale: {s}" for s in stale_figures(data)]
    changed = render_documents(data, write=not args.check)
    verb = "differs from its rendering" if args.check else "rendered again"
    problems += [f"{p.relative_to(ROOT)} {verb}" for p in changed] if args.check else []
    for p in changed if not args.check else []:
        print(f"{p.relative_to(ROOT)}: tables rendered again")
    for p in problems:
        print(p)
    if not changed and not problems:
        print("every document's tables are rendered from docs/figures.json, every figure fresh")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
