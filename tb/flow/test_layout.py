"""The package's plan holds: hardware packages import only downward (golden <- rtl <- games <-
boards), host packages only what their __init__ docstrings allow, no import cycle between
packages or modules, nothing at the package root but its face (__init__, __main__) and the
command, and nothing inside that imports the face; a folder per family in golden/, rtl/ and
games/; tb/ mirrors the package with what tests share in tb/support/, and no test module
imports another; no block over 200 lines; one signal-helper module."""

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "pokerhdl"
# what each package may import of pokerhdl (its own modules apart)
ALLOWED = {
    "golden": set(),
    "rtl": {"golden"},
    "games": {"golden", "rtl"},
    "boards": {"golden", "rtl", "games"},
    "flow": {"golden", "rtl", "games", "boards"},
    "web": set(),
    "sim": {"golden", "rtl", "games", "boards", "flow", "web"},
    "odds": {"golden", "rtl", "games", "boards", "flow", "sim", "web"},
    "table": {"golden", "rtl", "games", "boards", "flow", "sim", "web"},
    "root": {"golden", "rtl", "games", "boards", "flow", "sim", "odds", "table", "web"},
}


def package_of(module):
    """The package of a dotted module name inside pokerhdl ('root' for the package's face)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in ALLOWED) else "root"


def imports(path):
    """Every pokerhdl module a file imports, at the top or inside a function."""
    relative = path.relative_to(PACKAGE.parent).with_suffix("")
    here = list(relative.parts[:-1])
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] == "pokerhdl"]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[:len(here) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if module.split(".")[0] != "pokerhdl":
                continue
            if node.module is None or module == "pokerhdl":   # from . import x: x a module?
                folder = PACKAGE.parent.joinpath(*module.split("."))
                submodule = [(folder / f"{a.name}.py").exists() or (folder / a.name).is_dir()
                             for a in node.names]
                found += [f"{module}.{a.name}" for a, sub in zip(node.names, submodule) if sub]
                found += [module] * (not all(submodule))     # a name from the __init__ itself
            else:
                found.append(module)
    return found


def test_imports_flow_one_way():
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        home = package_of(".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts))
        for module in imports(path):
            target = package_of(module)
            if target != home and target not in ALLOWED[home]:
                wrong.append(f"{path.relative_to(PACKAGE.parent)} ({home}) imports {module} ({target})")
    assert not wrong, "imports against the plan:\n" + "\n".join(wrong)


def test_allowed_imports_have_no_cycle():
    """The plan itself is a layering: a package's allowed imports never lead back to it."""
    def reach(package, seen):
        for other in ALLOWED[package] - seen:
            seen.add(other)
            reach(other, seen)
        return seen
    assert all(package not in reach(package, set()) for package in ALLOWED)


def test_package_root_holds_only_its_face_and_the_command():
    root = sorted(p.name for p in PACKAGE.iterdir() if p.is_file() and p.suffix in (".py", ".c", ".cpp"))
    assert root == ["__init__.py", "__main__.py", "cli.py"], root
    packages = sorted(p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists())
    assert packages == sorted(set(ALLOWED) - {"root"}), packages
    for package in packages:
        doc = ast.get_docstring(ast.parse((PACKAGE / package / "__init__.py").read_text()))
        assert doc and len(doc) > 80, f"pokerhdl/{package}/__init__.py says what it is for"


# ------------------------------------------------------------------ the house's rooms

TB = PACKAGE.parent / "tb"
# a family of modules gets a folder in each hardware layer it has modules in
FAMILIES = {"golden": {"holdem", "balatro", "dice", "equity"},
            "rtl": {"eval", "shuffler", "terminal", "equity"},
            "games": {"holdem", "balatro", "dice"}}
# tb/ mirrors the package: a folder of tests per layer (host: sim, odds, table and web;
# flow: the conversion, the figures and the repository's own rules), support/ for what they
# share
TEST_FOLDERS = {"golden", "rtl", "games", "boards", "host", "flow",
                "gates", "formal"}      # and what is built verified as built: netlists, proofs
# a block the fold would reshape in generated/: splitting it into sub-blocks renames its
# signals and processes in every top with an evaluator (docs/verification.md)
LONG_BLOCKS = {("rtl/eval/player_eval.py", "player_eval")}


def test_a_folder_per_family():
    for layer, families in FAMILIES.items():
        folder = PACKAGE / layer
        assert families <= {p.name for p in folder.iterdir() if (p / "__init__.py").exists()}
        loose = [p.name for p in folder.glob("*.py")
                 if any(p.stem.startswith(f"{family}_") for family in families)]
        assert not loose, f"{layer}/: {loose} belong in their family's folder"


def test_tests_mirror_the_package():
    loose = sorted(p.name for p in TB.glob("*.py") if p.name != "conftest.py")
    assert not loose, f"tb/ holds only conftest.py; tests go to a folder, helpers to support/: {loose}"
    for path in TB.rglob("test_*.py"):
        if "sim_build" in path.parts:
            continue
        assert path.parent.parent == TB and path.parent.name in TEST_FOLDERS, path
    assert not list((TB / "support").glob("test_*.py"))


def test_no_test_module_imports_another():
    """What tests share lives in tb/support/ (and the benches take it from there too)."""
    tests = {p.stem for p in TB.rglob("test_*.py")}
    wrong = []
    for path in list(TB.rglob("*.py")) + list((PACKAGE.parent / "bench").glob("*.py")):
        if "sim_build" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module] if isinstance(node, ast.ImportFrom) and not node.level else [])
            wrong += [f"{path.relative_to(TB.parent)} imports {n}" for n in names if n in tests]
    assert not wrong, "\n".join(wrong)


def test_no_module_imports_the_package_root():
    """The package's face (__init__) sits on top: nothing inside imports it back."""
    wrong = [str(path.relative_to(PACKAGE.parent)) for path in PACKAGE.rglob("*.py")
             if path.parent != PACKAGE and "pokerhdl" in imports(path)]
    assert not wrong, wrong


def test_modules_import_no_circle():
    graph = {}
    for path in PACKAGE.rglob("*.py"):
        name = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        graph[name.removesuffix(".__init__")] = {m for m in imports(path)}
    state = {}

    def visit(node, trail):
        if state.get(node) == "done":
            return
        assert state.get(node) != "open", "import circle: " + " -> ".join(trail + [node])
        state[node] = "open"
        for other in graph.get(node, ()):
            visit(other, trail + [node])
        state[node] = "done"
    for node in sorted(graph):
        visit(node, [])


def test_no_block_over_200_lines():
    long = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and node.end_lineno - node.lineno >= 200:
                where = (str(path.relative_to(PACKAGE)), node.name)
                if where not in LONG_BLOCKS:
                    long.append(f"{where}: {node.end_lineno - node.lineno + 1} lines")
    assert not long, long


def test_one_signal_helper():
    """Blocks take their signal constructors from rtl/signals.py, not a copy of their own."""
    copies = [str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
              if path.name != "signals.py"
              and re.search(r"^def \w+\(width[^)]*\):\n\s+return Signal\(intbv", path.read_text(), re.M)]
    assert not copies, copies
