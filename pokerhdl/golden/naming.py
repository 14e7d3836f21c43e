"""The names of the hands at a showdown: each hand's name (hands.describe) and, where two hands
share a name without a tie, the kickers that decide between them, as a player says them. For
the table server's view and log; the hardware names a hand by describe() alone."""

from .hands import _RANK_NAMES, category, describe, kickers

# the kickers describe() names (k0, or k0 and k1), by category: hands of one name differ later
NAMED_KICKERS = (1, 1, 2, 1, 1, 1, 2, 1, 1)


def showdown_names(words):
    """Each hand of a showdown (``words``, None where no hand was shown) named with what
    decides it: describe(), and where another hand has the same name without a tie, the
    kickers from the first one the name leaves out to the first one that differs from the
    best other hand of that name ('Pair of twos, ace kicker' against 'Pair of twos, ten
    kicker'; 'Pair of twos, ace-king kicker' against 'Pair of twos, ace-ten kicker')."""
    names = [describe(w) if w is not None else None for w in words]
    out = list(names)
    for s, word in enumerate(words):
        if word is None:
            continue
        rivals = [w for r, w in enumerate(words)
                  if r != s and w is not None and w != word and names[r] == names[s]]
        if not rivals:
            continue
        mine, theirs = kickers(word), kickers(max(rivals))
        start = NAMED_KICKERS[category(word)]
        end = next(i for i in range(start, 5) if mine[i] != theirs[i])
        out[s] = names[s] + ", " + "-".join(_RANK_NAMES[r] for r in mine[start:end + 1]) \
            + " kicker"
    return out
