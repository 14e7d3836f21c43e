"""`pokerhdl history FILE`: the hands of a PHH file (.phh: one hand; .phhs: several), or of a
folder of them (what `serve --history` writes), printed for a person: who sat where with how
many chips, the hole cards known, each street's board and actions with their amounts, the hands
shown and the stacks after the hand. ``--json``: the hands' PHH fields as a JSON list.

Reads no-limit Hold'em ("NT") hands as PHH writes them (https://phh.readthedocs.io); PHH is TOML:
Python's tomllib (3.11+), else the tomli package.
"""

import argparse
import json
import re
import sys
from pathlib import Path

REQUIRED = ("variant", "antes", "blinds_or_straddles", "starting_stacks", "actions")
STREETS = ("Preflop", "Flop", "Turn", "River")
PHHS_HEADER = re.compile(r"^\[(\d+)\]\s*$", re.M)


class HistoryError(ValueError):
    """A file that is not a hand history this command reads (the text says why)."""


def _toml():
    try:
        import tomllib
    except ImportError:
        try:
            import tomli as tomllib
        except ImportError:
            raise HistoryError("reading PHH (TOML) needs Python 3.11 or the tomli "
                               "package") from None
    return tomllib


def read_hands(path):
    """[(where, fields)] of the hands in a .phh or .phhs file, or a folder of them (sorted by
    name); HistoryError with the reason."""
    path = Path(path)
    if path.is_dir():
        files = sorted(p for p in path.iterdir() if p.suffix in (".phh", ".phhs"))
        if not files:
            raise HistoryError(f"{path}: no .phh or .phhs file in this folder")
        return [hand for f in files for hand in read_hands(f)]
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise HistoryError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise HistoryError(f"{path}: cannot read it ({exc})") from None
    toml = _toml()
    try:
        data = toml.loads(text)
    except toml.TOMLDecodeError as exc:
        raise HistoryError(f"{path}: not a PHH file (TOML: {exc})") from None
    if PHHS_HEADER.search(text) and all(isinstance(v, dict) for v in data.values()) and data:
        hands = [(f"{path} [{k}]", v) for k, v in sorted(data.items(), key=lambda kv:
                                                         int(kv[0]) if kv[0].isdigit() else 0)]
    else:
        hands = [(str(path), data)]
    for where, fields in hands:
        missing = [k for k in REQUIRED if k not in fields]
        if missing:
            raise HistoryError(f"{where}: not a PHH hand (no {', '.join(missing)})")
        if fields["variant"] != "NT":
            raise HistoryError(f"{where}: variant {fields['variant']!r}; this command reads "
                               "no-limit Texas Hold'em (NT)")
    return hands


def _cards(text):
    return " ".join(text[i:i + 2] for i in range(0, len(text), 2))


def describe(fields):
    """One hand as lines of text."""
    n = len(fields["starting_stacks"])
    names = fields.get("players") or [f"p{i + 1}" for i in range(n)]
    seats = fields.get("seats")
    blinds = list(fields["blinds_or_straddles"]) + [0] * n
    posted = [0] * n
    if n == 2:                              # heads-up: p1 the big blind, p2 the button
        posted = [blinds[1], blinds[0]]
    else:
        posted = blinds[:n]
    stacks = list(fields["starting_stacks"])
    posted = [min(p, s) for p, s in zip(posted, stacks)]
    head = f"Hand {fields.get('hand', '?')}"
    if "_serial" in fields:
        head += f" (#{fields['_serial']})"
    when = [fields.get(k) for k in ("year", "month", "day")]
    if all(when):
        head += f", {when[0]:04d}-{when[1]:02d}-{when[2]:02d}"
        if fields.get("time") is not None:
            head += f" {fields['time']}"
        if fields.get("time_zone"):
            head += f" {fields['time_zone']}"
    if fields.get("table"):
        head += f", table {fields['table']}"
    head += f", blinds {blinds[0]}/{blinds[1]}"
    lines = [head]
    for i in range(n):
        role = ["small blind", "big blind"][i] if n > 2 and i < 2 else \
            ("big blind" if i == 0 else "button, small blind") if n == 2 else ""
        if n > 2 and i == n - 1:
            role = "button"
        where = f"seat {seats[i]}: " if seats else ""
        lines.append(f"  {where}{names[i]}, {stacks[i]} chips" + (f" ({role})" if role else ""))
    bets = list(posted)
    left = [s - p for s, p in zip(stacks, posted)]
    board, holes = [], []
    lines.append("Preflop: " + ", ".join(f"{names[i]} posts {posted[i]}" for i in range(n)
                                         if posted[i]))
    for action in fields["actions"]:
        words = action.split("#")[0].split()
        note = action.split("#", 1)[1].strip() if "#" in action else None
        if words[:2] == ["d", "dh"]:
            if "?" not in words[3]:
                holes.append(f"{names[int(words[2][1:]) - 1]} {_cards(words[3])}")
            continue
        if holes:
            lines.insert(len(lines) - 1, "Hole cards: " + ", ".join(holes))
            holes = []
        if words[:2] == ["d", "db"]:
            board += _cards(words[2]).split()
            lines.append(f"{STREETS[min(len(board) - 2, 3)]}: [{' '.join(board)}]")
            bets = [0] * n
            continue
        k = int(words[0][1:]) - 1
        verb = words[1]
        if verb == "f":
            text = "folds"
        elif verb == "cc":
            put = min(max(bets) - bets[k], left[k])
            text = "checks" if put == 0 else f"calls {put}"
            bets[k] += put
            left[k] -= put
        elif verb == "cbr":
            to = int(words[2])
            text = ("bets " if max(bets) == 0 else "raises to ") + str(to)
            left[k] -= to - bets[k]
            bets[k] = to
        elif verb == "sm":
            text = f"shows {_cards(words[2])}" if len(words) > 2 and words[2] != "-" \
                else "mucks"
        else:
            text = " ".join(words[1:])
        if verb in ("cc", "cbr") and left[k] == 0:
            text += " (all-in)"
        lines.append(f"  {names[k]} {text}" + (f" ({note})" if note else ""))
    if holes:
        lines.insert(len(lines) - 1, "Hole cards: " + ", ".join(holes))
    end = fields.get("finishing_stacks")
    if end:
        lines.append("After the hand: " + ", ".join(
            f"{names[i]} {end[i]} ({end[i] - stacks[i]:+d})" for i in range(n)))
    return lines


def _plain(value):
    """TOML's values as JSON's (a time of day as text)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


def run_cli(args):
    try:
        hands = [hand for path in args.file for hand in read_hands(path)]
    except HistoryError as exc:
        sys.exit(f"pokerhdl history: {exc}")
    if args.json:
        print(json.dumps([dict(_plain(fields), file=where) for where, fields in hands],
                         indent=1))
        return
    for k, (where, fields) in enumerate(hands):
        if k:
            print()
        print("\n".join(describe(fields)))


def add_parser(sub):
    p = sub.add_parser("history", help="print the hands of a PHH hand history (what `pokerhdl "
                                       "serve --history` writes)", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", nargs="+", metavar="FILE",
                   help="a .phh file (one hand), a .phhs file (several) or a folder of them")
    p.add_argument("--json", action="store_true", help="the hands' PHH fields as a JSON list "
                   "(each with the file it came from)")
    p.set_defaults(func=run_cli)
    return p
