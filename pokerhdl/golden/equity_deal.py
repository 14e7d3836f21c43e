"""The equity engine's Monte Carlo dealer, card for card the twin of a hardware lane's.

A trial deals u cards (the missing board cards, then two per random opponent) from the n cards
nobody knows, all different, every deal equally likely:

- Slot s (0..u-1) of lane l draws from its own xorshift128 stream (golden/rng.py), loaded with
  the engine's 128-bit seed XOR ``stream_key(l, s)``: fixed keys from SHA-256, so that streams
  of nearby lanes and slots start far apart. A lane's slots can then draw in the same clock.
- Slot s needs an offset below m = n - s: golden/shuffle.py's ``draw_offset`` (masked 6-bit
  fields, the first below m; no modulo, so exactly uniform). A word with no field below m is
  rejected and the slot draws again from its stream (the lane waits a clock, at most 2.7 % of
  draws); other slots' streams do not move.
- The offset picks a card by rank among those still available, in increasing code order: the
  cards of slots 0..s-1 are no longer available. So the u cards are a uniform random sample
  taken in order, and the deal depends only on the seed, the lane and the setup.

``trials`` trials are shared among ``lanes`` lanes, lane l taking trials l, l + lanes, ...
(``lane_trials``); the counts of a run depend on the seed and on the number of lanes.
"""

import hashlib

from .rng import XorShift128
from .shuffle import draw_offset

STREAM_KEY_LABEL = "pokerhdl equity stream"


def stream_key(lane, slot):
    """The 128-bit key XORed into the seed of slot ``slot`` of lane ``lane``."""
    digest = hashlib.sha256(f"{STREAM_KEY_LABEL} {lane} {slot}".encode()).digest()
    return int.from_bytes(digest[:16], "big")


def check_seed_and_lanes(seed, lanes):
    """ValueError unless the seed is a 128-bit unsigned number and there is a lane."""
    if not isinstance(seed, int) or not 0 <= seed < 1 << 128:
        raise ValueError(f"the seed is a 128-bit unsigned number, got {seed!r}")
    if not isinstance(lanes, int) or lanes < 1:
        raise ValueError(f"lanes is 1 or more, got {lanes!r}")


def lane_trials(trials, lanes, lane):
    """Trials lane ``lane`` of ``lanes`` runs out of ``trials``."""
    return (trials - lane + lanes - 1) // lanes if lane < trials else 0


class LaneDealer:
    """The dealer of one lane: ``deal()`` gives the next trial's ``count`` cards."""

    def __init__(self, seed, lane, remaining, count):
        if count > len(remaining):
            raise ValueError(f"{count} cards to deal from {len(remaining)}")
        self.remaining = list(remaining)
        self.streams = [XorShift128(seed ^ stream_key(lane, s)) for s in range(count)]
        self.draws = 0              # words taken, rejected ones too

    def offset(self, slot, m):
        while True:
            self.draws += 1
            offset = draw_offset(self.streams[slot].next(), m)
            if offset is not None:
                return offset

    def deal(self):
        available = list(self.remaining)
        cards = []
        for slot in range(len(self.streams)):
            cards.append(available.pop(self.offset(slot, len(available))))
        return cards
