"""The conversion manifest: what each generated file was made from, so that only stale ones are
converted again.

A record per (top, language) holds the top's parameters, the MyHDL version, every pokerhdl
source file its conversion loaded (found in that process's ``sys.modules``: the blocks it
elaborated, the list of tops, the converter itself) with a digest of each, and a digest of each
file it wrote. A conversion is fresh when all of these still hold; anything else (a source
edited, added to or missing from the tree, a parameter, the MyHDL version, an output missing or
edited by hand, no record at all) makes it stale, and says why.

The record's list of sources is sound because imports are code: a conversion can only load
another module if a source it loaded changed, and that change already makes it stale. The
manifest of generated/ is committed beside the files (generated/manifest.json), so a fresh
clone finds everything fresh. It is deterministic (no times, no absolute paths).
"""

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

FORMAT = 1           # a manifest of another format makes every conversion stale
NAME = "manifest.json"
# sources are named relative to the folder that holds the pokerhdl package (the repository)
SOURCE_ROOT = Path(__file__).resolve().parent.parent.parent


def digest(path):
    """A file's content digest (64 bits of SHA-256, hex): enough to tell versions apart."""
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()[:16]


def key(name, hdl):
    return f"{name} {hdl}"


def myhdl_version():
    import myhdl
    return myhdl.__version__


@dataclass
class Record:
    """What one conversion was made from and what it wrote."""
    params: dict
    myhdl: str
    sources: dict        # repository-relative path -> digest
    outputs: dict        # path relative to the output root -> digest

    @classmethod
    def made(cls, params, sources, root, outputs, source_root=SOURCE_ROOT):
        """The record of a conversion that just loaded ``sources`` and wrote ``outputs``."""
        return cls(params=params, myhdl=myhdl_version(),
                   sources={s: digest(Path(source_root) / s) for s in sorted(sources)},
                   outputs={o: digest(Path(root) / o) for o in sorted(outputs)})

    def why_stale(self, params, root, source_root=SOURCE_ROOT):
        """None when the conversion is fresh, else the first reason it is not."""
        if self.params != params:
            return "its parameters changed"
        version = myhdl_version()
        if self.myhdl != version:
            return f"MyHDL {version} (made with {self.myhdl})"
        for path, made in self.sources.items():
            source = Path(source_root) / path
            if not source.exists():
                return f"{path} is gone"
            if digest(source) != made:
                return f"{path} changed"
        for path, made in self.outputs.items():
            output = Path(root) / path
            if not output.exists():
                return f"{path} is missing"
            if digest(output) != made:
                return f"{path} differs from what was converted (edited by hand?)"
        return None

    def as_json(self):
        return {"params": self.params, "myhdl": self.myhdl, "sources": self.sources,
                "outputs": self.outputs}


class Manifest:
    """The records of one output root (generated/ or a folder of one's own)."""

    def __init__(self, root):
        self.root = Path(root)
        self.path = self.root / NAME
        self.records = {}
        if self.path.exists():
            data = json.loads(self.path.read_text())
            if data.get("format") == FORMAT:
                self.records = {k: Record(**v) for k, v in data["conversions"].items()}

    def why_stale(self, name, hdl, params):
        record = self.records.get(key(name, hdl))
        if record is None:
            return "never converted here"
        return record.why_stale(params, self.root)

    def remember(self, name, hdl, record):
        self.records[key(name, hdl)] = record

    def forget_except(self, keys):
        """Drop the records of tops that no longer exist."""
        self.records = {k: r for k, r in self.records.items() if k in keys}

    def save(self):
        text = json.dumps({"format": FORMAT,
                           "conversions": {k: r.as_json() for k, r in sorted(self.records.items())}},
                          indent=1, sort_keys=True) + "\n"
        self.root.mkdir(parents=True, exist_ok=True)
        partial = self.path.with_name(f".{NAME}.{os.getpid()}")
        partial.write_text(text)
        partial.replace(self.path)
