"""README's commands run as written on a fresh clone, checked without running them: every
`make X` target is the Makefile's, every `pokerhdl SUB ...` parses with the real command-line
parser (its tops exist), every `python -m MODULE` names a module with arguments it takes, every
file, picture and link points at something in the repository. docs/*.md are held to the same.

A failure names the file, the line and what is wrong with it."""

import contextlib
import importlib.util
import io
import json
import re
import shlex
from pathlib import Path

import pytest

from pokerhdl.boards.board import get_board
from pokerhdl.cli import build_parser
from pokerhdl.flow.convert import HDLS
from pokerhdl.flow.tops import TOPS

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
IDS = [str(p.relative_to(ROOT)) for p in DOCUMENTS]

# the first word of a line in a fenced block that makes it a command to check
COMMANDS = {"make", "pokerhdl", "python", "python3", "pip", "vivado", "openFPGALoader", "fujprog",
            "fusesoc", "apio", "cd", "screen", ".ci/run", "pytest"}
# where a path in a command or a code span must exist (build/ and tb/sim_build/ are outputs)
TRACKED = ("docs/", "xdc/", "tb/", "pokerhdl/", "generated/", ".ci/")
PACKAGE_DIRS = tuple(f"{p.name}/" for p in sorted((ROOT / "pokerhdl").iterdir())
                     if (p / "__init__.py").exists())
OUTPUTS = ("build/", "tb/sim_build")


# ---------------------------------------------------------------- reading the documents

def fenced_lines(text):
    """(line number, language, line) of every line inside a ``` fence."""
    language = None
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("```"):
            language = stripped[3:].strip() if language is None else None
            continue
        if language is not None:
            yield number, language, line


def command_lines(text):
    """(line number, words) of each command in the shell-like fences (sh, console, text or
    none): a `$ ` prompt is dropped, comments too, and `a && b` are two commands."""
    for number, language, line in fenced_lines(text):
        if language not in ("", "sh", "bash", "console", "text", "shell"):
            continue
        line = line.strip()
        if line.startswith("$ "):
            line = line[2:]
        try:
            words = shlex.split(line, comments=True)
        except ValueError:
            continue
        command = []
        for word in words + ["&&"]:
            if word in ("&&", "||", ";", "|"):
                while command and re.fullmatch(r"[A-Z_][A-Z0-9_]*=.*", command[0]):
                    command.pop(0)                  # VAR=value before the command
                if command and program(command[0]) in COMMANDS:
                    yield number, command
                command = []
            else:
                command.append(word)


def program(word):
    """make, pokerhdl, python, ... for a word that may be a path into the venv."""
    if word.startswith(".venv/bin/"):
        word = word[len(".venv/bin/"):]
    return word


def code_spans(text):
    """(line number, text) of every inline `code` span outside the fences."""
    inside = False
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip().startswith("```"):
            inside = not inside
            continue
        if not inside:
            for span in re.findall(r"`([^`]+)`", line):
                yield number, span


def slug(heading):
    """GitHub's anchor of a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path):
    text = path.read_text()
    inside = False
    found = set()
    for line in text.splitlines():
        if line.strip().startswith("```"):
            inside = not inside
        elif not inside and line.startswith("#"):
            found.add(slug(line.lstrip("#")))
    return found


# ---------------------------------------------------------------- what exists

def makefile():
    targets, variables = set(), set()
    for line in (ROOT / "Makefile").read_text().splitlines():
        if line.startswith(("\t", "#")):
            variables.update(re.findall(r"\$\((\w+)\)", line))
            continue
        variables.update(re.findall(r"\$\((\w+)\)", line))
        assign = re.match(r"(?:export\s+)?(\w+)\s*(?:\?|:|\+)?=", line)
        if assign:
            variables.add(assign.group(1))
            continue
        rule = re.match(r"([^:$=#]+?)\s*:(?!=)", line)
        if rule:
            for target in rule.group(1).split():
                if target != ".PHONY":
                    targets.add(target)
    return targets, variables


TARGETS, MAKE_VARIABLES = makefile()


def environment_names():
    """Variables the tests and the package read from the environment (make passes its
    command-line variables on to them)."""
    names = set()
    for path in list((ROOT / "tb").rglob("*.py")) + list((ROOT / "pokerhdl").rglob("*.py")):
        names.update(re.findall(r"environ(?:\.get)?[\(\[]\s*[\"'](\w+)[\"']", path.read_text()))
    return names


ENVIRONMENT = environment_names()
PARSER = build_parser()
SUBPARSERS = next(a for a in PARSER._actions if a.dest == "command").choices


def tracked_path(word):
    """The repository path a word names, or None when it names none to check."""
    word = word.rstrip(".,:;)")
    if word.startswith(OUTPUTS) or "<" in word or "$" in word or "://" in word:
        return None
    if word.startswith(PACKAGE_DIRS):
        word = "pokerhdl/" + word
    if word.startswith(TRACKED):
        return word
    return None


def missing(path):
    """Why a repository path is missing, or None (a * matches anything)."""
    if "*" in path:
        return None if list(ROOT.glob(path)) else f"nothing matches {path}"
    return None if (ROOT / path).exists() else f"no file {path}"


# ---------------------------------------------------------------- the checks of one command

def check_make(words):
    problems = []
    for word in words[1:]:
        if word.startswith("-"):
            problems.append(f"make option {word} (README uses targets and variables only)")
        elif "=" in word:
            name, value = word.split("=", 1)
            if name not in MAKE_VARIABLES and name not in ENVIRONMENT:
                problems.append(f"variable {name} is read by neither the Makefile nor a test")
            if name == "TOP" and value not in TOPS and "..." not in value:
                problems.append(f"TOP={value} is not a top")
        elif word not in TARGETS:
            problems.append(f"no make target {word!r}")
    top = next((w.split("=", 1)[1] for w in words if w.startswith("TOP=")), None)
    if top in TOPS:
        board = TOPS[top].board
        if "play" in words and not board:
            problems.append(f"make play: {top} is not a board top")
        if "bitstream" in words and (not board or get_board(board).family != "ecp5"):
            problems.append(f"make bitstream: {top} is not an ECP5 board top")
    return problems


def check_pokerhdl(args):
    """Parse with the real parser; then the tops it names must be tops."""
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            parsed = PARSER.parse_args(args)
    except SystemExit as exc:
        if exc.code == 0:                           # --help
            return []
        return [f"pokerhdl does not take it: {err.getvalue().strip().splitlines()[-1]}"]
    problems = check_pokerhdl_span(args)             # options spelled out, not abbreviated
    tops = {"emulate": [getattr(parsed, "top", None)],
            "serve": [getattr(parsed, "emulate", None)],
            "convert": getattr(parsed, "top", None) or []}.get(parsed.command, [])
    for top in tops:
        if top is None:
            continue
        if top not in TOPS:
            problems.append(f"{top} is not a top")
        elif parsed.command in ("emulate", "serve") and not TOPS[top].board:
            problems.append(f"{top} is not a board top")
    return problems


def check_pokerhdl_span(args):
    """An inline mention: the subcommand exists and takes the options named."""
    if not args:
        return []
    if args[0].startswith("-"):
        return [] if args[0] in PARSER._option_string_actions else [f"pokerhdl has no {args[0]}"]
    if args[0] not in SUBPARSERS:
        return [f"no pokerhdl subcommand {args[0]!r}"]
    options = SUBPARSERS[args[0]]._option_string_actions
    return [f"pokerhdl {args[0]} has no option {word}"
            for word in args[1:] if word.startswith("--") and word.split("=")[0] not in options]


def check_convert(args):
    if len(args) not in (3, 4):
        return ["usage: python -m pokerhdl.flow.convert TOP verilog|vhdl DIR [JSON_PARAMS]"]
    top, hdl = args[0], args[1]
    problems = [] if top in TOPS else [f"{top} is not a top"]
    if hdl not in HDLS:
        problems.append(f"{hdl} is not one of {', '.join(HDLS)}")
    if len(args) == 4:
        try:
            params = json.loads(args[3])
        except ValueError as exc:
            return problems + [f"parameters are not JSON: {exc}"]
        if top in TOPS:
            unknown = set(params) - set(TOPS[top].params)
            if unknown:
                problems.append(f"{top} has no parameter {', '.join(sorted(unknown))}")
    return problems


def check_pnr(args):
    from pokerhdl.flow import pnr
    with contextlib.redirect_stdout(io.StringIO()) as out:
        try:
            pnr.main(["--help"])
        except SystemExit:
            pass
    problems = [f"{word} is not an option of pokerhdl.flow.pnr"
                for word in args if word.startswith("-") and word not in out.getvalue()]
    problems += [f"{word} is not a top" for word in args
                 if not word.startswith("-") and word not in TOPS]
    return problems


def check_python(words):
    if len(words) < 3 or words[1] != "-m":
        return [f"{words[0]} without -m MODULE"]
    module, args = words[2], words[3:]
    if module == "pokerhdl":
        return check_pokerhdl(args)
    if importlib.util.find_spec(module) is None:
        return [f"no module {module}"]
    if module == "pokerhdl.flow.convert":
        return check_convert(args)
    if module == "pokerhdl.flow.pnr":
        return check_pnr(args)
    return check_paths(args)


def check_paths(words):
    problems = []
    for word in words:
        bit = re.fullmatch(r"build/pnr/(\w+)/(\w+)\.bit", word)
        if bit and not (bit.group(1) == bit.group(2) and bit.group(1) in TOPS):
            problems.append(f"{word}: not a top's bitstream")
        path = tracked_path(word)
        if path and missing(path):
            problems.append(missing(path))
    return problems


def check_command(words):
    name = program(words[0])
    if name == "make":
        return check_make(words)
    if name == "pokerhdl":
        return check_pokerhdl(words[1:])
    if name in ("python", "python3"):
        return check_python(words)
    if name == ".ci/run":
        return [] if (ROOT / ".ci/run").exists() else ["no .ci/run"]
    if name == "cd":
        return [] if len(words) == 2 and (ROOT / words[1]).is_dir() else [f"no folder {words[1:]}"]
    return check_paths(words[1:])


# ---------------------------------------------------------------- the tests

@pytest.mark.parametrize("path", DOCUMENTS, ids=IDS)
def test_fenced_commands_run_as_written(path):
    problems = []
    for number, words in command_lines(path.read_text()):
        for problem in check_command(words):
            problems.append(f"{path.name}:{number}: {shlex.join(words)}: {problem}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("path", DOCUMENTS, ids=IDS)
def test_inline_commands_and_paths_exist(path):
    problems = []
    for number, span in code_spans(path.read_text()):
        try:
            words = shlex.split(span)
        except ValueError:
            words = span.split()
        if not words:
            continue
        if words[0] == "make" and len(words) > 1:
            found = check_make(words)
        elif words[0] == "pokerhdl" and len(words) > 1:
            found = check_pokerhdl_span(words[1:])
        elif len(words) == 1 and tracked_path(words[0]):
            found = [m for m in [missing(tracked_path(words[0]))] if m]
        else:
            found = []
        problems += [f"{path.name}:{number}: `{span}`: {p}" for p in found]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("path", DOCUMENTS, ids=IDS)
def test_links_and_pictures_exist(path):
    problems = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        for target in re.findall(r"\]\(([^)\s]+)\)", line):
            if re.match(r"[a-z]+:", target):           # https:, mailto:
                continue
            file, _, fragment = target.partition("#")
            where = (path.parent / file).resolve() if file else path
            if not where.exists():
                problems.append(f"{path.name}:{number}: no file {file}")
            elif fragment and where.suffix == ".md" and fragment not in anchors(where):
                problems.append(f"{path.name}:{number}: no heading #{fragment} in {where.name}")
    assert not problems, "\n".join(problems)


def test_readme_is_a_short_guide():
    lines = (ROOT / "README.md").read_text().splitlines()
    assert len(lines) <= 460, f"README.md has {len(lines)} lines; the detail belongs in docs/"


def test_the_checks_catch_a_wrong_command():
    """The checks fail on what does not exist (so a passing run means something)."""
    assert check_command(["make", "simulate"])
    assert check_command(["make", "play", "TOP=basys3_poker"])
    assert check_command(["make", "bitstream", "TOP=basys3_dice"])
    assert check_command(["pokerhdl", "equity", "AhKh", "--exactly"])
    assert check_command(["pokerhdl", "emulate", "eval7"])
    assert check_command(["pokerhdl", "serve", "--golden", "--port", "/dev/ttyUSB1"])
    assert check_command(["python", "-m", "pokerhdl.flow.convert", "basys3_holdem", "verilog",
                          "x", '{"seats": 2}'])
    assert check_command(["python", "-m", "pokerhdl.equity_native"])
    assert check_command(["vivado", "-mode", "batch", "-source", "xdc/basys3_poker.tcl"])
    assert check_command(["fujprog", "build/pnr/ulx3s_poker/ulx3s_poker.bit"])
    assert check_pokerhdl_span(["serve", "--emulator"])
    assert check_command(["pokerhdl", "serve", "--gold"])      # argparse takes it; README must not
    assert not check_command(["pokerhdl", "--help"])
    assert not check_command(["make", "sim", "HDL=verilog", "WAVES=1"])
    assert not check_command(["pokerhdl", "equity", "AhKh", "QQ+,AKs", "--exact"])
