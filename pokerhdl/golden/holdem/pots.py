"""Settlement of a Hold'em hand: uncalled bet, main pot, side pots, split with odd chips.

Input is what each seat put into the pot this hand (``committed``), which seats are still in
the hand (``live``: not folded) and their rank words. The rules, in order:

1. Uncalled bet: if one seat put in strictly more than every other seat, the excess over the
   second-largest contribution goes back to it (a refund, not a win).
2. Pots: the distinct contributions of live seats, ascending, are the levels. Pot k holds, from
   every seat (folded ones too), the chips between level k-1 and level k; the seats eligible for
   it are the live seats that reached level k. Pot 0 is the main pot, the others side pots.
3. Each pot goes to the best word among its eligible seats; tied seats share it equally and the
   odd chips go one each to the tied seats nearest the dealer's left (seat dealer+1, dealer+2, ...).
   A pot with one eligible seat needs no words (everyone else folded).
"""

from dataclasses import dataclass

from ..showdown import showdown


@dataclass(frozen=True)
class Pot:
    amount: int
    eligible: tuple     # live seats that reached this pot's level, ascending
    winners: tuple      # best hands among eligible, in odd-chip order (left of the dealer first)
    shares: tuple       # chips each seat takes from this pot (one entry per seat)


@dataclass(frozen=True)
class Settlement:
    refund: tuple       # uncalled chips returned, per seat
    pots: tuple         # Pot, main pot first
    won: tuple          # chips won from pots, per seat

    @property
    def payout(self):
        """Everything a seat takes back at the end of the hand: refund plus winnings."""
        return tuple(r + w for r, w in zip(self.refund, self.won))


def uncalled(committed):
    """(seat, chips) of the uncalled part of the largest contribution, or (None, 0) on a tie."""
    top = max(committed)
    leaders = [i for i, c in enumerate(committed) if c == top]
    if len(leaders) != 1:
        return None, 0
    second = max(c for i, c in enumerate(committed) if i != leaders[0])
    return leaders[0], top - second


def build_pots(committed, live):
    """[(amount, eligible seats)] from contributions after the refund, main pot first."""
    levels = sorted({c for c, alive in zip(committed, live) if alive and c > 0})
    pots, prev = [], 0
    for level in levels:
        amount = sum(min(c, level) - min(c, prev) for c in committed)
        eligible = tuple(i for i, (c, alive) in enumerate(zip(committed, live))
                         if alive and c >= level)
        pots.append((amount, eligible))
        prev = level
    # Chips of folded seats above the highest live level. A legal hand never leaves any (a seat
    # only folds facing a larger contribution, and the uncalled excess is refunded), but a pot
    # must never lose chips, so they would join the last pot.
    above = sum(c - min(c, prev) for c in committed)
    if above:
        if not pots:
            raise ValueError("chips in the pot but no live seat to win them")
        amount, eligible = pots[-1]
        pots[-1] = (amount + above, eligible)
    return pots


def odd_chip_order(seats, dealer, n):
    """Seats sorted by distance to the left of the dealer: dealer+1 first, the dealer last."""
    return sorted(seats, key=lambda s: (s - dealer - 1) % n)


def split_pot(amount, eligible, words, dealer, n):
    """(winners in odd-chip order, per-seat shares) of one pot."""
    if len(eligible) == 1:
        winners = tuple(eligible)
    else:
        _, tied = showdown([words[i] if i in eligible else 0 for i in range(n)],
                           [i in eligible for i in range(n)])
        winners = tuple(odd_chip_order(tied, dealer, n))
    share, odd = divmod(amount, len(winners))
    shares = [0] * n
    for k, seat in enumerate(winners):
        shares[seat] = share + (1 if k < odd else 0)
    return winners, tuple(shares)


def settle(committed, live, words, dealer):
    """Settle a hand; ``words[i]`` is seat i's rank word (ignored, may be None, when not needed)."""
    n = len(committed)
    if len(live) != n or len(words) != n:
        raise ValueError("committed, live and words need one entry per seat")
    if not any(live):
        raise ValueError("a hand ends with at least one live seat")
    contrib = list(committed)
    refund = [0] * n
    seat, excess = uncalled(contrib)
    if excess:
        refund[seat] = excess
        contrib[seat] -= excess
    pots, won = [], [0] * n
    for amount, eligible in build_pots(contrib, live):
        winners, shares = split_pot(amount, eligible, words, dealer, n)
        pots.append(Pot(amount, eligible, winners, shares))
        won = [w + s for w, s in zip(won, shares)]
    return Settlement(tuple(refund), tuple(pots), tuple(won))
