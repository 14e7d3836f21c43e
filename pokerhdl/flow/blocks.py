"""What a user of a block needs to know, read from the block itself: its ports (name, direction,
width) from its generated Verilog, their meaning from its docstring (MyHDL copies it into the
HDL; the module's other docstrings fill in what the top's leaves out), its parameters, its
AXI4-Stream interfaces. The datasheets, the instantiation templates, the FuseSoC cores, the
IP-XACT packages and `pokerhdl rtl` are all made from these facts, so nothing is typed twice.
"""

import ast
import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import util as import_util
from pathlib import Path

from .tops import TOPS

PACKAGE = Path(__file__).resolve().parent.parent
SOURCE_ROOT = PACKAGE.parent
# the blocks: every top that is not a board top (a board top is a whole design, not IP)
BLOCKS = sorted(name for name, top in TOPS.items() if not top.board)
AXIS = re.compile(r"^(?P<bus>[sm]_axis)_t(?P<role>data|valid|ready|last|keep|user)$")


def hdl_root():
    """The folder holding verilog/ and vhdl/: the wheel's package data, else the checkout's
    generated/ (an editable install or a clone)."""
    packaged = PACKAGE / "generated"
    return packaged if (packaged / "verilog").is_dir() else SOURCE_ROOT / "generated"


@dataclass
class Port:
    name: str
    direction: str        # in, out
    width: int
    meaning: str = ""
    ranged: bool = False      # declared with a range: a vector even of one bit ([0:0])

    @property
    def vector(self):
        return self.ranged or self.width > 1


@dataclass
class Block:
    name: str
    doc: str                      # tops.py's one line
    summary: str                  # the docstring's first paragraph
    description: str              # the rest of the top's docstring (what is not a port entry)
    ports: list = field(default_factory=list)
    params: dict = field(default_factory=dict)

    def port(self, name):
        return next(p for p in self.ports if p.name == name)

    @property
    def clocked(self):
        return any(p.name == "clk" for p in self.ports)

    @property
    def axis(self):
        """{"s_axis": {"data": port, ...}, "m_axis": {...}}: its AXI4-Stream interfaces."""
        found = {}
        for p in self.ports:
            m = AXIS.match(p.name)
            if m:
                found.setdefault(m.group("bus"), {})[m.group("role")] = p
        return found


def verilog_path(name, root=None):
    return Path(root or hdl_root()) / "verilog" / f"{name}.v"


def vhdl_paths(name, root=None):
    folder = Path(root or hdl_root()) / "vhdl"
    return [folder / "pck_myhdl_011.vhd", folder / f"{name}.vhd"]


PORT_LINE = re.compile(r"^(input|output|inout)\s+(?:signed\s+)?(?:\[(\d+):(\d+)\]\s*)?(\w+);",
                       re.M)


def verilog_ports(text):
    """[Port] in declaration order, from a generated Verilog module."""
    header = re.search(r"module \w+ \((.*?)\);", text, re.S).group(1)
    order = [w.strip() for w in header.split(",") if w.strip()]
    found = {}
    for direction, high, low, name in PORT_LINE.findall(text):
        width = int(high) - int(low) + 1 if high else 1
        found[name] = Port(name, {"input": "in", "output": "out"}.get(direction, direction), width,
                           ranged=bool(high))
    return [found[n] for n in order]


def verilog_docstring(text):
    """The block's docstring as MyHDL copied it (the comment lines after the port list)."""
    after = text.split(");", 1)[1].lstrip("\n").splitlines()
    lines = []
    for line in after:
        if not line.startswith("//"):
            break
        lines.append(line[3:] if line.startswith("// ") else line[2:])
    return "\n".join(lines).strip()


# "name[width]: meaning" entries: a name list at the start of a chunk or after "; ", ". ", ", "
NAME = r"[A-Za-z_][\w.{}*\-]*(?:\[[^\]]*\])?"
ENTRY = re.compile(rf"(?:^|(?<=; )|(?<=\. )|(?<=, ))(?P<names>{NAME}"
                   rf"(?:(?:\s*[,/]\s*|\s*->\s*|\s+and\s+){NAME})*):\s")


def chunks(doc):
    """A docstring's chunks: a line that starts with an entry (or follows a blank line) starts
    one; other lines continue it, and so does an entry's line after a comma, or after an open
    sentence where the docstring wraps its entries at the margin (no line indented)."""
    lines = doc.splitlines()
    wrapped_at_margin = not any(line.startswith((" ", "\t")) for line in lines)
    found, open_, last = [], False, ""
    for line in lines:
        starts = ENTRY.match(line) and not last.endswith(",") and not (
            wrapped_at_margin and last[-1:].isalnum())
        if not line.strip():
            open_ = False
        elif open_ and not starts:
            found[-1] += " " + line.strip()
        else:
            found.append(line.strip())
            open_ = True
        last = line.rstrip()
    return found


def entries(doc):
    """[(names, meaning)] of a docstring's port entries: a chunk that starts with a list of
    names and a colon, split where another "; name: ..." starts."""
    items = []
    for chunk in chunks(doc):
        parts = list(ENTRY.finditer(chunk))
        if not parts or parts[0].start() != 0:
            continue
        for k, m in enumerate(parts):
            end = parts[k + 1].start() if k + 1 < len(parts) else len(chunk)
            items.append((m.group("names"), chunk[m.end():end].strip().rstrip(";,").strip()))
    return items


def name_patterns(names, bundles=False):
    """The regular expressions of the port names an entry's name list covers: "card0..card6"
    a range, "word0..word{N-1}" any index, "s_axis_*" or "btn_*" a prefix, "a/b/c" and "a, b"
    each; with ``bundles``, "view" covers the ports view_* (the fields of a bundle)."""
    patterns = []
    for token in re.split(r"\s*(?:,|/|->|\band\b)\s*", names):
        token = re.sub(r"\[[^\]]*\]", "", token).strip()
        if not token:
            continue
        ranged = re.fullmatch(r"([A-Za-z_]+)\d+\.\.\1(?:\d+|\{[^}]*\})", token)
        if ranged:
            patterns.append(rf"{ranged.group(1)}\d+")
        elif token.endswith("*"):
            patterns.append(re.escape(token[:-1]) + r"\w*")
        elif re.fullmatch(r"t(data|valid|ready|last)", token):
            patterns.append(rf"[sm]_axis_{token}")        # "s_axis_tdata[6]/tvalid/tready"
        else:
            patterns.append(re.escape(token) + (r"_\w+" if bundles else ""))
    return patterns


def module_docstrings(factory):
    """The docstrings of a top's module: its @block functions' and the module's own."""
    module = factory.split(":")[0]
    spec = import_util.find_spec(module)
    tree = ast.parse(Path(spec.origin).read_text())
    docs = [ast.get_docstring(node) or "" for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef)
            and any(getattr(d, "id", None) == "block" for d in node.decorator_list)]
    return [d for d in docs if d] + [ast.get_docstring(tree) or ""]


def meanings(ports, docs):
    """Each port's meaning: the first entry of the first docstring that names it."""
    found = {}
    for bundles in (False, True):
        for doc in docs:
            for names, meaning in entries(doc):
                several = any(s in names for s in (",", "/", "..", "*", " and "))
                for pattern in name_patterns(names, bundles):
                    for p in ports:
                        if p.name not in found and re.fullmatch(pattern, p.name):
                            found[p.name] = f"{names}: {meaning}" if several else meaning
    for p in ports:                 # else the chunk that names it ("log_valid pulse with ...")
        for chunk in (c for doc in docs for c in chunks(doc)):
            if p.name not in found and re.search(rf"\b{p.name}\b", chunk):
                found[p.name] = chunk
    found.setdefault("clk", "the clock: every register is clocked on its rising edge")
    found.setdefault("rst", "synchronous reset, active high")
    return found


def paragraphs(doc):
    return [p.strip() for p in re.split(r"\n\s*\n", doc) if p.strip()]


@lru_cache(maxsize=None)
def block(name, root=None):
    """The facts of one block (or of a board top: the same, for `pokerhdl rtl`)."""
    if name not in TOPS:
        raise KeyError(name)
    top = TOPS[name]
    text = verilog_path(name, root).read_text()
    ports = verilog_ports(text)
    doc = verilog_docstring(text)
    docs = [doc] + module_docstrings(top.factory)
    found = meanings(ports, docs)
    for p in ports:
        p.meaning = " ".join(found.get(p.name, "").split())
    parts = paragraphs(doc)
    summary = " ".join(parts[0].split()) if parts and not ENTRY.match(parts[0]) else top.doc
    rest = [" ".join(p.split()) for p in parts[1:] if not ENTRY.match(p)]
    return Block(name, top.doc, summary, "\n\n".join(rest), ports, dict(top.params))


def hand_off(name, hdl="verilog", root=None):
    """Where a top's files are: {"hdl": [files in compile order], "template", "core",
    "component"} (the last three for a block only), absolute paths that exist."""
    root = Path(root or hdl_root())
    files = []
    if hdl in ("verilog", "both"):
        files.append(verilog_path(name, root))
    if hdl in ("vhdl", "both"):
        files += vhdl_paths(name, root)
    found = {"hdl": files}
    ip = root / "ip" / name
    if name in BLOCKS:
        found["template"] = [p for p, lang in ((ip / f"{name}_inst.v", "verilog"),
                                               (ip / f"{name}_inst.vho", "vhdl"))
                             if hdl in (lang, "both")]
        found["core"] = [ip / f"{name}.core"]
        found["component"] = [ip / "component.xml"]
    missing = [str(p) for paths in found.values() for p in paths if not p.exists()]
    if missing:
        raise FileNotFoundError(", ".join(missing))
    return {k: [str(p) for p in v] for k, v in found.items()}
