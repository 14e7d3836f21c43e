"""Hand histories of `pokerhdl serve`: every hand the table played, written when it ends as PHH
(the Poker Hand History format, https://phh.readthedocs.io, which PokerKit reads and replays)
and as PokerStars hand-history text (the de-facto format of trackers and replayers).

The record is made from the table's own text, the lines the server reads anyway
(pokerhdl/table/view.py), so a board, the emulator and the golden table are recorded alike: the
blinds posted, every action, the board by street, the hands shown at a showdown and who
collected what, and the hole cards the server read for its players (``s<seat>``; a seat nobody
holds has "????" unless shown). ``HandRecorder.record`` is plain JSON: `serve --state` keeps the
hand in play with every action, so a hand that a crash cut goes on being recorded.

Files: one hand a file, ``<session>-<serial>.phh`` and ``.txt`` in the history folder (0700;
each file 0600: they hold every player's hole cards), written to a temporary name and renamed,
so a file is whole or absent.
"""

import json
import os
import time
from pathlib import Path

from ..golden.holdem.pots import uncalled
from ..golden.holdem.table import STREET_NAMES

STREETS = STREET_NAMES[:4]             # preflop, flop, turn, river
BOARD_AT = {"flop": 3, "turn": 4, "river": 5}
TABLE_NAME = "pokerhdl"


class HandRecorder:
    """Follows the table's lines (``line``, after the view took them) and keeps the hand in
    play as ``record`` (JSON); a finished hand is handed to ``on_hand(record)``. ``names()``:
    each seat's player name (None where nobody sits), read when a hand is dealt. ``blinds``:
    the table's (small, big) when known; else learnt from the first full blinds posted."""

    def __init__(self, view, names, on_hand, blinds=None):
        self.view, self.names, self.on_hand = view, names, on_hand
        self.record = None
        self.blinds = list(blinds) if blinds else None

    # what `serve --state` keeps
    def state(self):
        return {"record": self.record, "blinds": self.blinds}

    def restore(self, state):
        self.record, self.blinds = state.get("record"), state.get("blinds") or self.blinds

    def gap(self, why):
        """The table moved while nobody recorded it (a board kept playing while the server
        was down): the hand in play cannot be written exactly, so it is not written."""
        if self.record is not None:
            self.record["gap"] = why

    # the table's lines
    def line(self, kind, m):
        v, r = self.view, self.record
        if kind == "post":
            self._post(int(m.group(1)), m.group(2), int(m.group(3)), bool(m.group(4)))
        elif kind == "new_game":
            self.record = None                          # a hand cut by a new game
        elif r is None:
            return
        elif kind == "hand" and int(m.group(1)) == v.hand:
            r["hand"] = v.hand
            r["board"] = list(v.board)
        elif kind == "seat" and r["dealer"] is None and m.group(2):
            r["dealer"] = int(m.group(1))
        elif kind == "hole":
            r["holes"][m.group(1)] = [m.group(2), m.group(3)]
        elif kind in ("fold", "check", "call", "bet", "allin"):
            self._act(kind, m)
        elif kind == "shown":
            r["shown"][m.group(1)] = [m.group(2), m.group(3), m.group(4)]
        elif kind == "collects":
            r["collects"][m.group(1)] = r["collects"].get(m.group(1), 0) + int(m.group(2))
        elif kind in ("ready", "game_over") and r["collects"]:
            r["end_stacks"] = [s.stack for s in v.seats]
            r["board"] = list(v.board)
            self.record = None
            self.on_hand(r)

    def _post(self, seat, which, chips, all_in):
        v = self.view
        if which == "small":                            # a deal's first line
            names = self.names()
            self.record = {
                "hand": None, "time": time.time(), "seats": len(v.seats), "dealer": None,
                "dealt": [k for k, s in enumerate(v.seats) if s.status != "out" and not s.away],
                "start": [s.stack for s in v.seats],    # the view took the blind already
                "names": [names[k] if k < len(names) else None for k in range(len(v.seats))],
                "blinds": None, "posts": [], "actions": [], "board": [], "holes": {},
                "shown": {}, "collects": {}, "end_stacks": None, "gap": None,
                "street": STREETS[0], "bets": [0] * len(v.seats)}
        r = self.record
        if r is None:
            return
        if which == "small":        # the view took it; a big blind after the start was kept
            r["start"][seat] += chips
        r["bets"][seat] += chips
        r["posts"].append([seat, which, chips, all_in])
        known = self.blinds or [None, None]
        if not all_in:
            known[0 if which == "small" else 1] = chips
        if which == "big":
            small, big = known
            if big is None:
                big = max(chips, small or 0)
            self.blinds = [small if small is not None else min(big, r["posts"][0][2]), big]
            r["blinds"] = list(self.blinds)
        else:
            self.blinds = known if known[1] is not None else None

    def _act(self, kind, m):
        """One action line as [street, seat, verb, chips put, street total, all-in, bet to
        match before it]: the verb is fold, check, call, bet or raise (an all-in is a call
        when it does not raise the bet to match, as the table rules it)."""
        v, r = self.view, self.record
        seat = int(m.group(1))
        if v.street != r["street"]:
            r["street"], r["bets"] = v.street, [0] * r["seats"]
        bets = r["bets"]
        to_match = max(max(bets), r["blinds"][1] if r["street"] == STREETS[0] else 0)
        all_in = False
        if kind == "allin":
            put, total, all_in = int(m.group(2)), int(m.group(3)), True
            verb = "call" if total <= to_match else "raise" if to_match else "bet"
        elif kind == "bet":
            total, all_in = int(m.group(2)), bool(m.group(3))
            put = total - bets[seat]
            verb = "raise" if "raises" in m.group(0) else "bet"
        elif kind == "call":
            put, all_in = int(m.group(2)), bool(m.group(3))
            total, verb = bets[seat] + put, "call"
        else:
            put, total, verb = 0, bets[seat], kind
        bets[seat] = total
        r["actions"].append([r["street"], seat, verb, put, total, all_in, to_match])


# ---------------------------------------------------------------------- the formats
def _order(r):
    """The dealt seats from the dealer's left, the dealer last (PHH's player order)."""
    n, d = r["seats"], r["dealer"]
    return [(d + i) % n for i in range(1, n + 1) if (d + i) % n in r["dealt"]]


def _name(r, seat):
    return r["names"][seat] or f"P{seat}"


def _stamp(r):
    return time.gmtime(r["time"])


def committed(r):
    """Chips each seat put in this hand (blinds and actions)."""
    put = [0] * r["seats"]
    for seat, _, chips, _ in r["posts"]:
        put[seat] += chips
    for _, seat, _, chips, _, _, _ in r["actions"]:
        put[seat] += chips
    return put


def phh_actions(r):
    """The hand's PHH actions. Where the table's rules and PokerKit's differ in form, not in
    chips, the hand is written as PokerKit reads it: an all-in run-out shows the hands before
    the rest of the board (PHH's order); a bet or raise nobody can answer (every other seat in
    the hand all-in, or too short to call it: the table takes it and returns the excess,
    PokerKit refuses it) is written as the call it amounts to; a seat the table asks nothing
    more (the only one left with chips, its bet matched) but PokerKit still has to act checks.
    Each such line says so in a comment."""
    order = _order(r)
    k = len(order)
    p = {seat: f"p{i + 1}" for i, seat in enumerate(order)}
    actions = [f"d dh {p[s]} " + "".join(r["holes"].get(str(s), ["??", "??"]))
               for s in order]
    board, dealt = r["board"], 0
    stacks, live = list(r["start"]), set(r["dealt"])
    bets, street = [0] * r["seats"], STREETS[0]
    for seat, _, chips, _ in r["posts"]:
        stacks[seat] -= chips
        bets[seat] += chips

    def deal_to(count):
        nonlocal dealt
        if count > dealt and len(board) >= count:
            actions.append("d db " + "".join(board[dealt:count]))
            dealt = count

    def effective(j):
        totals = sorted(bets[i] + stacks[i] for i in live)
        return min(stacks[j], max(0, totals[-2] - bets[j])) if len(totals) > 1 else 0

    def to_act(opener):
        """Who PokerKit has to act as a street begins (from ``opener``, a PHH index)."""
        queue = [s for s in (order[(opener + i) % k] for i in range(k))
                 if s in live and stacks[s] and effective(s)]
        return [] if len(queue) == 1 and bets[queue[0]] >= max(bets) else queue

    def asked_nothing(upto=None):
        while queue and queue[0] != upto and len(live) > 1:
            actions.append(f"{p[queue.pop(0)]} cc # the table asks nothing more of a seat "
                           "nobody can answer")
    queue = to_act((0 if k == 2 else 1) + 1)        # the seat after the big blind
    for a_street, seat, verb, chips, total, _, _ in r["actions"]:
        if a_street != street:
            asked_nothing()
            street, bets = a_street, [0] * r["seats"]
            for name in STREETS[1:STREETS.index(street) + 1]:
                deal_to(BOARD_AT[name])
            queue = to_act(0)
        asked_nothing(seat)
        word = {"fold": "f", "check": "cc", "call": "cc"}.get(verb, f"cbr {total}")
        raises = verb in ("bet", "raise")
        if raises and not any(stacks[j] + bets[j] > max(bets) for j in live if j != seat):
            word = f"cc # {verb} to {total}: nobody can answer it, the excess is uncalled"
            raises = False
        actions.append(f"{p[seat]} {word}")
        stacks[seat] -= chips
        bets[seat] += chips
        if verb == "fold":
            live.discard(seat)
        if raises:
            at = order.index(seat)
            queue = [s for s in (order[(at + i) % k] for i in range(1, k))
                     if s in live and stacks[s]]
        elif queue and queue[0] == seat:
            queue.pop(0)
    if r["shown"]:
        asked_nothing()
        for seat in order:
            if str(seat) in r["shown"]:
                actions.append(f"{p[seat]} sm " + "".join(r["shown"][str(seat)][:2]))
        for count in (3, 4, 5):
            deal_to(count)
    return actions


def phh_fields(r, serial=None, source=None):
    """The hand as PHH fields (a dict in PHH's key order)."""
    order = _order(r)
    actions = phh_actions(r)
    t = _stamp(r)
    fields = {
        "variant": "NT", "ante_trimming_status": True, "antes": [0] * len(order),
        "blinds_or_straddles": [r["blinds"][0], r["blinds"][1]] + [0] * (len(order) - 2),
        "min_bet": r["blinds"][1], "starting_stacks": [r["start"][s] for s in order],
        "actions": actions,
        "venue": source or TABLE_NAME, "time": time.strftime("%H:%M:%S", t),
        "time_zone": "UTC", "day": t.tm_mday, "month": t.tm_mon, "year": t.tm_year,
        "hand": r["hand"], "seats": [s + 1 for s in order], "seat_count": r["seats"],
        "table": TABLE_NAME, "players": [_name(r, s) for s in order],
        "finishing_stacks": [r["end_stacks"][s] for s in order],
        "winnings": [r["collects"].get(str(s), 0) for s in order],
        "currency": "chips"}
    if serial is not None:
        fields["_serial"] = serial
    if any(which == "big" and all_in and chips < r["blinds"][1]
           for _, which, chips, all_in in r["posts"]):
        # the table has everyone match the full big blind; PHH (PokerKit) the chips posted:
        # the actions are the table's, a replay by PHH's rule differs
        fields["_short_big_blind"] = True
    return fields


def _toml_value(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)     # a TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return str(value)


def phh_text(r, serial=None, source=None):
    """The hand as a PHH file (TOML)."""
    lines = []
    for key, value in phh_fields(r, serial, source).items():
        if key == "actions":
            lines.append("actions = [\n" + "".join(f"  {_toml_value(a)},\n" for a in value)
                         + "]")
        elif key == "time":
            lines.append(f"time = {value}")             # a TOML local time
        else:
            lines.append(f"{key} = {_toml_value(value)}")
    return "\n".join(lines) + "\n"


def pokerstars_text(r, serial):
    """The hand in PokerStars' hand-history text."""
    name = lambda s: _name(r, s)            # noqa: E731
    sb, bb = r["blinds"]
    t = _stamp(r)
    out = [f"PokerStars Hand #{serial}: Hold'em No Limit ({sb}/{bb}) - "
           + time.strftime("%Y/%m/%d %H:%M:%S", t) + " UTC",
           f"Table '{TABLE_NAME}' {r['seats']}-max Seat #{r['dealer'] + 1} is the button"]
    for s in sorted(r["dealt"]):
        out.append(f"Seat {s + 1}: {name(s)} ({r['start'][s]} in chips)")
    for seat, which, chips, all_in in r["posts"]:
        out.append(f"{name(seat)}: posts {which} blind {chips}"
                   + (" and is all-in" if all_in else ""))
    out.append("*** HOLE CARDS ***")
    for s in _order(r):
        if str(s) in r["holes"]:
            out.append(f"Dealt to {name(s)} [{' '.join(r['holes'][str(s)])}]")
    board, shown_to = r["board"], 0

    def street_line(count, label):
        nonlocal shown_to
        if count > shown_to and len(board) >= count:
            old = f" [{' '.join(board[:shown_to])}]" if shown_to else ""
            new = board[shown_to:count]
            out.append(f"*** {label} ***{old} [{' '.join(new)}]")
            shown_to = count
    for street, seat, verb, chips, total, all_in, before in r["actions"]:
        for label in STREETS[1:STREETS.index(street) + 1]:
            street_line(BOARD_AT[label], label.upper())
        tail = " and is all-in" if all_in else ""
        text = {"fold": "folds", "check": "checks", "call": f"calls {chips}{tail}",
                "bet": f"bets {total}{tail}",
                "raise": f"raises {total - before} to {total}{tail}"}[verb]
        out.append(f"{name(seat)}: {text}")
    refund_seat, refund = uncalled(committed(r))
    if r["shown"]:
        for count, label in ((3, "FLOP"), (4, "TURN"), (5, "RIVER")):
            street_line(count, label)
    if refund:
        out.append(f"Uncalled bet ({refund}) returned to {name(refund_seat)}")
    if r["shown"]:
        out.append("*** SHOW DOWN ***")
        for s in _order(r):
            if str(s) in r["shown"]:
                a, b, hand = r["shown"][str(s)]
                out.append(f"{name(s)}: shows [{a} {b}] ({hand})")
    pot = sum(committed(r)) - refund
    for s in _order(r):
        won = r["collects"].get(str(s), 0) - (refund if s == refund_seat else 0)
        if won:
            out.append(f"{name(s)} collected {won} from pot")
    out.append("*** SUMMARY ***")
    out.append(f"Total pot {pot} | Rake 0")
    if board:
        out.append(f"Board [{' '.join(board)}]")
    for s in sorted(r["dealt"]):
        role = " (button)" if s == r["dealer"] else ""
        won = r["collects"].get(str(s), 0) - (refund if s == refund_seat else 0)
        out.append(f"Seat {s + 1}: {name(s)}{role} " + (f"collected ({won})" if won else
                                                        "lost" if committed(r)[s] else
                                                        "didn't bet"))
    return "\n".join(out) + "\n\n\n"


# ---------------------------------------------------------------------- the files
def session_name():
    """A name for this server's files: the UTC time it started (sorts as it was played)."""
    return time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())


class HistoryFolder:
    """The folder the hands are written to (module docstring)."""

    def __init__(self, folder, session=None):
        self.folder = Path(folder)
        self.session = session or session_name()
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)

    def files(self, r, serial, source=None):
        """{file name: text} of one finished hand (nothing for a hand that has a gap)."""
        if r.get("gap") or r["dealer"] is None or not r["blinds"]:
            return {}
        stem = f"{self.session}-{serial:06d}"
        return {f"{stem}.phh": phh_text(r, serial, source),
                f"{stem}.txt": pokerstars_text(r, serial)}

    def write(self, files):
        for name, text in files.items():
            path = self.folder / name
            temporary = path.with_name(f".{name}.{os.getpid()}")
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            temporary.replace(path)
