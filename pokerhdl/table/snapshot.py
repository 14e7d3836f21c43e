"""The golden table behind `serve --golden` as plain JSON and back: what `serve --state` keeps
so that a server killed mid-hand goes on with the same hand, the same deck and the same decks
after it (pokerhdl/table/state.py saves it with every action).

Everything the golden ``Table``, its ``HoldemTerminal`` and the deck's ``XorShift128`` hold is
written, except the table's log of earlier hands: the terminal reads only the entries an input
adds and the hand's own entries are kept, so nothing the table answers depends on the rest.
"""

from ..golden.holdem.pots import Pot
from ..golden.holdem.table import HandResult, LogEntry
from ..golden.terminal import Key

FORMAT = 1


def table_state(t):
    """A golden Table's attributes as JSON-able values."""
    state = {}
    for name, value in vars(t).items():
        if name == "log":
            value = [list(e) for e in value if e.hand == t.hand_no]
        elif name == "result":
            value = None if value is None else _result_state(value)
        elif isinstance(value, tuple):
            value = list(value)
        state[name] = value
    return state


def _result_state(r):
    state = {k: list(v) if isinstance(v, tuple) else v for k, v in vars(r).items()}
    state["pots"] = [{k: list(v) if isinstance(v, tuple) else v for k, v in vars(p).items()}
                     for p in r.pots]
    return state


def restore_table(t, state):
    """Set a golden Table (made with the same seats, stack and blinds) to ``state``."""
    for name, value in state.items():
        if name == "log":
            value = [LogEntry(*e) for e in value]
        elif name == "result" and value is not None:
            pots = tuple(Pot(**{k: tuple(v) if isinstance(v, list) else v
                                for k, v in p.items()}) for p in value["pots"])
            value = HandResult(**{k: tuple(v) if isinstance(v, list) else v
                                  for k, v in value.items() if k != "pots"}, pots=pots)
        elif name == "_deck":
            value = tuple(value)
        setattr(t, name, value)


def terminal_state(term):
    """The terminal's registers (a number being typed included)."""
    pending = None
    if term.pending is not None:
        key, digits = term.pending
        pending = [key.entry, key.value, key.number, digits]
    return {"value": term.value, "number": term.number, "switches": term.switches,
            "pending": pending, "last_code": term.last_code}


def restore_terminal(term, state):
    term.value, term.number, term.switches = state["value"], state["number"], state["switches"]
    term.last_code = state["last_code"]
    p = state["pending"]
    term.pending = None if p is None else (Key(p[0], p[1], p[2]), p[3])


def golden_state(link):
    """Everything a GoldenLink needs to go on exactly: its table, terminal and rng."""
    return {"format": FORMAT, "table": table_state(link.table),
            "terminal": terminal_state(link.terminal), "rng": list(link.rng.state)}


def restore_golden(link, state):
    if state.get("format") != FORMAT:
        raise ValueError(f"a golden table saved in format {state.get('format')}, not {FORMAT}")
    restore_table(link.table, state["table"])
    restore_terminal(link.terminal, state["terminal"])
    link.rng.state = tuple(state["rng"])
