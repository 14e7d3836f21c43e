"""PHH hands replayed in PokerKit (an independent engine: it refuses an action its rules do not
allow), for the table server's history and state tests (tb/host/test_table_history.py,
test_table_state.py)."""

import warnings

from pokerkit import HandHistory
from pokerkit.notation import parse_action


def replay_phh(path):
    """A PHH hand replayed in PokerKit, every action as written (no repair): its stacks; None
    for a hand whose big blind was short (the table has everyone match the full big blind,
    PHH the chips posted: history.py)."""
    with open(path, "rb") as f:
        hh = HandHistory.load(f)
    if hh.user_defined_fields.get("_short_big_blind"):
        return hh, None
    state = hh.create_state()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")     # a fold when checking was free: the table allows it
        for action in hh.actions:
            if state.can_burn_card():       # the table burns no card; PHH's dealer does
                state.burn_card("??")
            try:
                parse_action(state, action)
            except ValueError as exc:
                raise AssertionError(f"{path}: {action}: {exc}\n{open(path).read()}") from None
    assert not state.status, f"{path}: the hand did not end"
    return hh, list(state.stacks)


def odd_chips_only(got, want, hh):
    """The one rule PHH cannot carry: a pot split three or more ways leaves up to two odd
    chips; the table gives them one each to the winners nearest the dealer's left, PokerKit
    all to the first. Only those chips may differ."""
    shown = sum(" sm " in a for a in hh.actions)
    return (shown >= 3 and sum(got) == sum(want)
            and all(abs(g - w) < shown for g, w in zip(got, want)))
