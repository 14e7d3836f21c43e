"""Conversions run the way `make` wants them: each in a fresh process, only the stale ones, on
every core, remembered.

``convert_all`` brings an output root (generated/) up to date against its manifest
(pokerhdl.flow.manifest): it converts exactly the stale (top, language) pairs, longest first,
side by side, and says what it did. ``convert_one`` converts one top in a fresh Python process
(pokerhdl.flow.convert) and remembers the output under build/conversions/, so that tests that
convert a parameter variant, and a branch switched back, reuse it while its sources are
unchanged.
"""

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from .convert import HDLS, SOURCES_FILE
from .manifest import SOURCE_ROOT, Manifest, Record, digest, key
from .tops import TOPS
from .version import VERSION

MEMO = SOURCE_ROOT / "build" / "conversions"


def params_of(name, overrides=None):
    return {**TOPS[name].params, **(overrides or {})}


def convert_one(name, hdl, directory, overrides=None, remembered=True):
    """Convert one top into ``directory`` (a fresh process, or a remembered output whose
    sources are unchanged, unless not ``remembered``); returns (the repository-relative sources it loaded, the names of
    the files written). Files are written into a private folder and then moved into place one
    by one (atomically), so that conversions of the same top side by side (parallel tests)
    never leave a half-written file for a simulator to read."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    params = params_of(name, overrides)
    scratch = Path(tempfile.mkdtemp(prefix=f".{name}-{hdl}-", dir=directory))
    try:
        sources = recall(name, hdl, params, scratch) if remembered else None
        if sources is None:
            sources = run_converter(name, hdl, scratch, overrides)
            remember(name, hdl, params, sources, scratch)
        files = sorted(os.listdir(scratch))
        for file in files:
            os.replace(scratch / file, directory / file)
        return sources, files
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def run_converter(name, hdl, folder, overrides):
    cmd = [sys.executable, "-m", "pokerhdl.flow.convert", name, hdl, str(folder),
           json.dumps(overrides or {}, sort_keys=True)]
    # MyHDL orders sensitivity lists by iterating sets of names: fix the string hash seed; and
    # convert with the sources of this tree, whatever the current folder
    env = dict(os.environ, PYTHONHASHSEED="0",
               PYTHONPATH=os.pathsep.join(filter(None, [str(SOURCE_ROOT),
                                                        os.environ.get("PYTHONPATH")])))
    done = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if done.returncode:
        raise RuntimeError(f"converting {name} to {hdl} failed:\n{done.stdout}{done.stderr}")
    listed = folder / SOURCES_FILE
    sources = json.loads(listed.read_text())
    listed.unlink()
    return sources


def memo_folder(name, hdl, params):
    tag = hashlib.sha256(json.dumps(params, sort_keys=True).encode()).hexdigest()[:12]
    return MEMO / f"{name}-{hdl}-{tag}"


def recall(name, hdl, params, into):
    """Copy a remembered conversion whose record is still fresh into ``into``; its sources, or
    None."""
    folder = memo_folder(name, hdl, params)
    if not folder.is_dir():
        return None
    for entry in sorted(folder.iterdir()):
        try:
            record = Record(**json.loads((entry / "record.json").read_text()))
        except (OSError, ValueError, TypeError):
            continue
        if record.why_stale(params, entry) is None:
            for file in record.outputs:
                shutil.copy(entry / file, into / file)
            return list(record.sources)
    return None


def remember(name, hdl, params, sources, folder):
    record = Record.made(params, sources, folder, os.listdir(folder))
    tag = hashlib.sha256(json.dumps(record.sources, sort_keys=True).encode()).hexdigest()[:12]
    entry = memo_folder(name, hdl, params) / tag
    if entry.exists():
        return
    entry.parent.mkdir(parents=True, exist_ok=True)
    partial = Path(tempfile.mkdtemp(prefix=".partial-", dir=entry.parent))
    for file in record.outputs:
        shutil.copy(folder / file, partial / file)
    (partial / "record.json").write_text(json.dumps(record.as_json(), sort_keys=True))
    try:
        os.rename(partial, entry)          # atomic; a parallel conversion of the same may win
    except OSError:
        shutil.rmtree(partial, ignore_errors=True)


def stale(names, hdls, root, force=False):
    """[(name, hdl, why)] of the conversions under ``root`` that are not fresh."""
    manifest = Manifest(root)
    work = []
    for hdl in hdls:
        for name in names:
            why = "forced" if force else manifest.why_stale(name, hdl, params_of(name))
            if why:
                work.append((name, hdl, why))
    return work


def expected_seconds(name, hdl, root):
    """An estimate of a conversion's time, to start the longest first: the size of its last
    output (MyHDL's time grows with the code it writes)."""
    path = Path(root) / hdl / (f"{name}.v" if hdl == "verilog" else f"{name}.vhd")
    return path.stat().st_size if path.exists() else float("inf")


def convert_all(hdls=HDLS, names=None, root="generated", jobs=None, force=False, out=print):
    """Bring ``root`` up to date: convert the stale (top, language) pairs (every one, each in
    a process of its own, when ``force``) on ``jobs`` processes (default: every core) and
    record them in its manifest.
    Returns the list of (name, hdl) converted."""
    root = Path(root)
    names = sorted(names or TOPS)
    jobs = jobs or os.cpu_count() or 1
    total = len(names) * len(hdls)
    work = stale(names, hdls, root, force)
    manifest = Manifest(root)
    if set(names) == set(TOPS):
        manifest.forget_except({key(n, h) for n in TOPS for h in HDLS} | ip_keys())
    if not work:
        out(f"{root}/: all {total} conversions up to date ({len(names)} tops, "
            f"{' and '.join(hdls)})")
        manifest.save()
        write_ip(root, names, out)
        return []
    work.sort(key=lambda w: -expected_seconds(w[0], w[1], root))
    out(f"{root}/: converting {len(work)} of {total} on {min(jobs, len(work))} "
        f"process{'es' if min(jobs, len(work)) > 1 else ''}, the longest first:")
    lock, done, start = threading.Lock(), [], time.monotonic()

    def convert(name, hdl, why):
        t = time.monotonic()
        sources, files = convert_one(name, hdl, root / hdl, remembered=not force)
        record = Record.made(params_of(name), sources, root, [f"{hdl}/{f}" for f in files])
        with lock:
            manifest.remember(name, hdl, record)
            manifest.save()                  # an interrupted run keeps what it finished
            done.append((name, hdl))
            out(f"  [{len(done)}/{len(work)}] {name} {hdl} ({why}): "
                f"{time.monotonic() - t:.1f} s")

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for future in as_completed([pool.submit(convert, *w) for w in work]):
            future.result()
    out(f"converted {len(work)} of {total} in {time.monotonic() - start:.0f} s: "
        + ", ".join(f"{n} {h}" for n, h in done[:8]) + (" ..." if len(done) > 8 else ""))
    write_ip(root, names, out)
    return done


# ------------------------------------------------------------------ the blocks' IP files

IP = "ip"             # the manifest's "language" of a block's hand-off files (ipfiles)
CATALOG = "catalog"   # the record of the IP catalog script


def ip_keys():
    from .blocks import BLOCKS
    return {key(n, IP) for n in BLOCKS + [CATALOG]}


def ip_params(name, root):
    """What a block's hand-off files are made from besides sources: its HDL, as converted."""
    root = Path(root)
    return {"verilog": digest(root / "verilog" / f"{name}.v"),
            "vhdl": digest(root / "vhdl" / f"{name}.vhd"), "version": VERSION}


def ip_sources(name):
    modules = ["blocks", "ipfiles", "ipxact", "tops", "version"]
    sources = [f"pokerhdl/flow/{m}.py" for m in modules]
    if name != CATALOG:
        sources.append(TOPS[name].factory.split(":")[0].replace(".", "/") + ".py")
    return sources


def write_ip(root, names=None, out=print):
    """Write the stale hand-off files (pokerhdl.flow.ipfiles) of the blocks among ``names``
    whose HDL is under ``root`` in both languages, and record them in its manifest."""
    from . import ipfiles
    from .blocks import BLOCKS, block
    root = Path(root)
    manifest = Manifest(root)
    block.cache_clear()
    wanted = [n for n in (names or BLOCKS) if n in BLOCKS
              and all((root / h / f"{n}.{e}").exists() for h, e in (("verilog", "v"),
                                                                    ("vhdl", "vhd")))]
    written = []
    for name in wanted + [CATALOG] * bool(wanted):
        params = {"version": VERSION} if name == CATALOG else ip_params(name, root)
        if manifest.why_stale(name, IP, params) is None:
            continue
        files = {ipfiles.CATALOG_TCL: ipfiles.catalog_tcl()} if name == CATALOG else \
            ipfiles.files_of(name, root)
        for rel, text in files.items():
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            with open(root / rel, "w", newline="\n") as f:
                f.write(text)
        manifest.remember(name, IP, Record.made(params, ip_sources(name), root, sorted(files)))
        written.append(name)
    manifest.save()
    if written:
        out(f"{root}/{IP}/: hand-off files written for {len(written)}: "
            + ", ".join(written[:8]) + (" ..." if len(written) > 8 else ""))
    return written
