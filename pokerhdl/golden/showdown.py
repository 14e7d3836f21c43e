"""The showdown: who holds the best word among the active players."""

SHOWDOWN_LATENCY = 4   # the rtl showdown's stream contract: in_valid to out_valid, clocks


def showdown(words, active=None):
    """Best word among active players and the list of every active player holding it.

    ``active`` is a list of booleans (default: everyone). With nobody active the answer is
    ``(0, [])``.
    """
    if active is None:
        active = [True] * len(words)
    live = [w for w, a in zip(words, active) if a]
    if not live:
        return 0, []
    best = max(live)
    return best, [i for i, (w, a) in enumerate(zip(words, active)) if a and w == best]
