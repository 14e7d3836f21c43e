"""The table server's messages: one JSON object per line (UTF-8, at most 4,096 bytes), both
ways.

  client -> server
    {"op": "join", "name": "Ann"}          take a free seat (or watch when none is free)
    {"op": "join", "token": "..."}         take back your seat after a disconnect
    {"op": "join", "token": "...", "take_over": true}   ... from a connection that still has it
    {"op": "watch"}                        watch only
    {"op": "act", "token": "...", "action": "fold|check|call|allin|bet|raise", "amount": N}
    {"op": "deal", "token": "..."}         deal the next hand (when none is being played)
    {"op": "new_game", "token": "..."}     after game over
    {"op": "cards", "token": "..."}        your hole cards again
    {"op": "state"}                        the state again
  server -> client
    {"type": "welcome", "role": "player"|"watcher", "seat": k, "token": "...", "name": ...}
    {"type": "state", "table": {...}, "players": [...], "you": {"seat", "role", "cards",
     "legal"}, "clock": {"seat", "seconds"} or null, "received": bytes read from the table}
    {"type": "refused", "op": ..., "reason": "..."}   ("in_use": true: the token's seat has
                                                        a connection; take_over moves it)
    {"type": "bye", "reason": "..."}

Every message that acts for a seat carries that seat's token, and a connection can act only for
the seat it joined: nobody can act for another seat. A name is 1..16 characters, nobody else's
at the table, and not one of the screen's labels (P0, house, free, away, brackets). Anything
else (not JSON, nested or too deep, an unknown op or field, a value of the wrong type, an action
that is not legal for the seat now, a wrong token) is refused with a reason, changes nothing and
leaves the connection open.

``read_message`` is the only door from a client's bytes to the server: whatever it passes is a
flat object with a known op, only that op's fields and plain values, so a handler never meets a
nested, oversized or strangely typed value.
"""

import json
import re

from ..golden.holdem.table import ACTION_NAMES
from ..golden.holdem.terminal import KEYS as TERMINAL_KEYS

MAX_LINE = 4096                 # bytes of one message, newline included
NAME_LENGTH = 16
TOKEN_LENGTH = 64
# the protocol's action words and the table's keys for them (golden/holdem/terminal.py)
ACTION_KEYS = {ACTION_NAMES[key.value].replace("-", ""): ch
               for ch, key in TERMINAL_KEYS.items() if key.entry == "act"}
AMOUNT_ACTIONS = {action for action, ch in ACTION_KEYS.items() if TERMINAL_KEYS[ch].number}
SEAT_OPS = ("act", "deal", "new_game", "cards")
# each op and the fields it takes besides "op"
FIELDS = {"join": ("name", "token", "take_over"), "watch": (), "state": (),
          "act": ("token", "action", "amount"), "deal": ("token",), "new_game": ("token",),
          "cards": ("token",)}
# what the client's screen writes in the name column: no player may be called so
RESERVED_NAME = re.compile(r"P\d+|(?i:house|free|away)")


class Refused(Exception):
    """A request the server turns down; the text is the reason the client is sent, ``fields``
    more for the refusal message (``in_use``: the seat of the token has a connection)."""

    def __init__(self, reason, op=None, **fields):
        super().__init__(reason)
        self.op, self.fields = op, fields


def _unique_keys(pairs):
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise Refused("a field named twice")
    return dict(pairs)


def _no_constant(name):
    raise Refused(f"{name} is not a number a message may carry")


def read_message(raw):
    """The message of one line (bytes, at most MAX_LINE) as a dict, or Refused."""
    if len(raw) > MAX_LINE:
        raise Refused(f"a message is one line of at most {MAX_LINE} bytes")
    try:
        msg = json.loads(raw.decode("utf-8"), object_pairs_hook=_unique_keys,
                         parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError):
        raise Refused("not a JSON object on one line") from None
    except RecursionError:          # json's parser recurses once per level of nesting
        raise Refused("not a JSON object on one line (nested too deep)") from None
    if not isinstance(msg, dict):
        raise Refused("not a JSON object")
    op = msg.get("op")
    if not isinstance(op, str) or op not in FIELDS:
        shown = op if isinstance(op, str) and op.isprintable() and len(op) <= 20 else "?"
        raise Refused(f"unknown op {shown!r}: " + ", ".join(FIELDS))
    for key, value in msg.items():
        if key != "op" and key not in FIELDS[op]:
            raise Refused(f"{op} takes " + (", ".join(FIELDS[op]) or "no other field")
                          + f", not {key[:20]!r}", op)
        if isinstance(value, (dict, list)):
            raise Refused(f"{key}: a field is a string, a number, true, false or null", op)
        if isinstance(value, str) and len(value) > max(NAME_LENGTH, TOKEN_LENGTH):
            raise Refused(f"{key}: too long", op)
    return msg


def check_name(name, taken):
    """A player's name, or Refused: 1..NAME_LENGTH printable characters, no spaces at either
    end, none of the screen's labels (P0, (house), ...), nobody else's at the table (``taken``,
    compared without case)."""
    if not (isinstance(name, str) and name.isprintable() and 0 < len(name) <= NAME_LENGTH
            and name == name.strip()):
        raise Refused(f"a name is 1..{NAME_LENGTH} printable characters, no space at either "
                      "end")
    if RESERVED_NAME.fullmatch(name) or "(" in name or ")" in name:
        raise Refused(f"{name!r} is reserved (seat labels such as P0, words such as house, "
                      "and brackets are the screen's)")
    if name.casefold() in {t.casefold() for t in taken}:
        raise Refused(f"{name!r} is taken by another player: choose another name")
    return name
