"""The package's plan holds: hardware packages import only downward (golden <- rtl <- games <-
boards), host packages only what their __init__ docstrings allow, no import cycle between
packages, and nothing at the package root but its face (__init__, __main__) and the command."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "pokerhdl"
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
                found += [f"{module}.{a.name}" for a in node.names
                          if (folder / f"{a.name}.py").exists() or (folder / a.name).is_dir()]
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
