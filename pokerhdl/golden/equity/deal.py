"""The equity engine's Monte Carlo dealer, card for card the twin of a hardware lane's.

A lane has a fixed slot for every card a trial may deal: slots 0..4 are the board, slots
5 + 2j and 6 + 2j opponent j's hand (``dealt_slots``). A setup deals its missing board cards in
slots 0..k-1 and each random opponent's hand in that opponent's slots; the other slots hold
known cards. The n cards nobody knows are numbered 0..n-1 in increasing code order (their
positions). In every trial each dealt unit, in slot order, takes ``slot_words`` words of its
own stream: a unit is a slot alone for slots 0..6 (the board and the first opponent: one word),
an opponent's hand (its two slots) from SECOND_WORD_SLOT on (two words, its first slot's
stream; ``deal_units``).

- The stream of slot s in lane l is xorshift128 (golden/rng.py) from ``stream_seed(seed, l,
  s)``: the seed's four words go through ``mix`` (MIX_ROUNDS ChaCha quarter rounds, a
  permutation built of additions, XORs and rotations), the stream's number (l << 8 | s) is XORed
  into the last word and the words are mixed again; bit 0 is then set so the state is never
  zero. The mixing must not be linear: xorshift128 is linear over GF(2), so streams seeded with
  seed XOR a fixed key would give words whose XOR across slots and lanes is the same for every
  seed (runs from many seeds would repeat one pattern). Mixing takes the engine a few hundred
  clocks per run (rtl/equity/engine.py), once, before the first trial.
- Each word's five 6-bit fields (bits 29..0, field 0 lowest; the first word's fields first)
  are masked to ceil(log2 n) bits (golden/shuffle.py's MASK_ROM); a slot takes the first
  field that is below n and not a position an earlier slot of this trial took
  (``slot_position``); a hand takes that field for its first card and, for its second, the
  first field after it that is below n, not taken and not the first card's position
  (``hand_positions``). Each field is uniform on 0..mask and independent of the rest
  (distinct bits of the stream's words), so an accepted field is uniform over the positions
  still free: the cards of a trial are a uniform random sample, taken in order.
- A unit with no such field (or fields) voids the trial; the other units still take their
  words. Why the trials that are not void are uniform too: a unit sees f = 5 * words
  independent fields, each uniform on 0..mask; the e cards dealt before it leave exactly
  n - e positions free, whichever they are, so a slot finds a field with probability
  1 - (1 - (n - e) / (mask + 1)) ** f, and a hand finds its two with a probability that also
  depends on n - e alone (its first card at field i, then one of the n - e - 1 positions left
  in the f - 1 - i fields after it: ``counted_fraction``), never on which positions were
  taken. Every ordered sample of distinct positions is dealt with the same probability (the
  product of 1 / (mask + 1) per accepted field and of these rejection chances), so the
  trials that are not void are uniform. How many words a unit takes is a property of its
  slots, never of the cards, and a void unit still takes its words, so trial t of a lane is
  always words t * k .. t * k + k - 1 of each unit's stream (k = slot_words).
- Why two words and a hand a unit from slot 7 on: with nine random opponents (23 cards from
  50, mask 63) the late slots see as few as 28 free positions of 64 and five fields miss all
  of them 5.6 % of the time; with one word a slot, 31 % of trials were void (``counted_fraction``
  0.689). Two words a slot void 2.2 % (0.978), two words a hand 7.0 % (0.930): the last hand
  misses its two cards 2.5 % of the time. A hand a unit halves the hardware's late streams and
  stages (a lane's stage judges ten fields for two cards where it judged ten for one), which
  is what lets four nine-seat lanes fit 80 % of an xc7a100t, for 5 % fewer trials counted per
  lane (docs/equity.md). The first seven slots void only 1.1 % of trials with a word each.

So every slot takes the same words every trial, a hardware lane is a pipeline with no stall
(stage s deals slot s), and the deal depends only on the seed, the lane and the setup.
``trials`` trials are shared among ``lanes`` lanes, lane l counting trials l, l + lanes, ...
(``lane_trials``); the counts of a run depend on the seed and on the number of lanes.
"""

from dataclasses import dataclass
from functools import lru_cache

from ..cards import NO_CARD
from ..rng import MASK32, XorShift128, seed_word, split_words
from ..shuffle import FIELD_BITS, FIELDS, MASK_ROM

BOARD_SLOTS = 5
MIX_ROUNDS = 8                       # quarter rounds per mix
QUARTER_STEPS = ((0, 1, 3, 16), (2, 3, 1, 12), (0, 1, 3, 8), (2, 3, 1, 7))   # (p, q, r, turn)
SECOND_WORD_SLOT = 7                 # lane slots from this one on take two words a trial


def rotl(value, turn):
    return (value << turn | value >> (32 - turn)) & MASK32


def mix_step(words, step):
    """One of a quarter round's four steps (as the hardware takes them, one a clock):
    words[p] += words[q]; words[r] = (words[r] ^ words[p]) <<< turn."""
    p, q, r, turn = QUARTER_STEPS[step]
    words = list(words)
    words[p] = (words[p] + words[q]) & MASK32
    words[r] = rotl(words[r] ^ words[p], turn)
    return tuple(words)


def mix(words):
    """MIX_ROUNDS ChaCha quarter rounds (RFC 8439, 2.1) on the words a, b, c, d."""
    for _ in range(MIX_ROUNDS):
        for step in range(4):
            words = mix_step(words, step)
    return words


def stream_number(lane, slot):
    """The number that tells a lane's slot's stream from every other (lane < 2**24)."""
    return lane << 8 | slot


@lru_cache(maxsize=64)
def run_base(seed):
    """mix(seed): the words every stream of a run starts from (the engine mixes them once)."""
    return mix(split_words(seed))


def stream_seed(seed, lane, slot):
    """The xorshift128 seed of a slot's stream (never zero): mix(mix(seed) with the stream's
    number XORed into its last word), bit 0 set."""
    x, y, z, w = run_base(seed)
    return seed_word(*mix((x, y, z, w ^ stream_number(lane, slot)))) | 1


def lane_slots(opponents):
    """The card slots of a lane with ``opponents`` opponent seats."""
    return BOARD_SLOTS + 2 * opponents


def seat_slots(opponent):
    """The two slots of opponent ``opponent`` (0 = the first opponent)."""
    return BOARD_SLOTS + 2 * opponent, BOARD_SLOTS + 2 * opponent + 1


def dealt_slots(known_board, opponents):
    """The slots a setup deals, in order: the missing board cards, then the random opponents'
    hands (``opponents``: per opponent, its two cards or None)."""
    slots = list(range(BOARD_SLOTS - known_board))
    for j, hand in enumerate(opponents):
        if hand is None:
            slots += seat_slots(j)
    return slots


@dataclass(frozen=True)
class LaneConfig:
    """What a hardware lane with ``opponents`` opponent seats is told about a setup: n and its
    mask, the dealt slots (a bit each), every slot's known card (NO_CARD where none), the
    remaining cards in position order, the hero's cards and the players present (a bit each,
    hero bit 0). The known board cards sit in the board slots the setup does not deal."""
    n: int
    mask: int
    dealt: int
    fixed: tuple
    remaining: tuple
    hero: tuple
    active: int

    @classmethod
    def of(cls, setup, opponents):
        if len(setup.opponents) > opponents:
            raise ValueError(f"{len(setup.opponents)} opponents on a lane for {opponents}")
        fixed = [NO_CARD] * lane_slots(opponents)
        missing = BOARD_SLOTS - len(setup.board)
        fixed[missing:BOARD_SLOTS] = setup.board
        for j, hand in enumerate(setup.opponents):
            if hand is not None:
                for slot, card in zip(seat_slots(j), hand):
                    fixed[slot] = card
        remaining = tuple(setup.remaining())
        return cls(len(remaining), MASK_ROM[len(remaining)],
                   sum(1 << s for s in setup.dealt_slots()), tuple(fixed), remaining,
                   tuple(setup.hero), (1 << setup.players()) - 1)


def slot_words(slot):
    """The stream words lane slot ``slot`` takes per trial (when it deals): one for the board
    and the first opponent's hand (slots 0..6, a heads-up lane's), two for the later slots."""
    return 1 if slot < SECOND_WORD_SLOT else 2


def deal_units(slots):
    """The dealt slots in the units they are dealt by: a slot alone below SECOND_WORD_SLOT, an
    opponent's hand (its two slots, both dealt) from it on; each unit takes its first slot's
    stream."""
    units, i = [], 0
    while i < len(slots):
        s = slots[i]
        if s < SECOND_WORD_SLOT:
            units.append((s,))
            i += 1
        else:
            assert slots[i + 1] == s + 1, "a hand's slots are dealt together"
            units.append((s, s + 1))
            i += 2
    return units


def hand_positions(words, n, taken):
    """The two positions a hand's words take, or None: the first masked field below n not in
    ``taken``, then the first field after it below n, not in ``taken`` and not the first."""
    mask = MASK_ROM[n]
    fields = [(word >> (FIELD_BITS * f)) & mask for word in words for f in range(FIELDS)]
    free = [p < n and p not in taken for p in fields]
    if True not in free:
        return None
    i = free.index(True)
    for j in range(i + 1, len(fields)):
        if free[j] and fields[j] != fields[i]:
            return fields[i], fields[j]
    return None


def slot_position(words, n, taken):
    """The position (0..n-1) a slot's words take, or None: the first masked field below n that
    is not in ``taken``, the fields of words[0] first."""
    mask = MASK_ROM[n]
    for word in words:
        for field in range(FIELDS):
            position = (word >> (FIELD_BITS * field)) & mask
            if position < n and position not in taken:
                return position
    return None


def counted_fraction(n, slots):
    """The expected fraction of a lane's trials that are not void when the lane slots
    ``slots`` (a setup's dealt_slots) deal from n cards: the e-th of them finds a field unless
    all of its fields fall outside its n - e free positions."""
    fraction, size, e = 1.0, MASK_ROM[n] + 1, 0
    for unit in deal_units(slots):
        fields = FIELDS * slot_words(unit[0])
        if len(unit) == 1:
            fraction *= 1 - (1 - (n - e) / size) ** fields
        else:               # the first free field at i, then one of n - e - 1 after it
            p, q = (n - e) / size, (n - e - 1) / size
            fraction *= sum((1 - p) ** i * p * (1 - (1 - q) ** (fields - 1 - i))
                            for i in range(fields))
        e += len(unit)
    return fraction


def check_seed_and_lanes(seed, lanes):
    """ValueError unless the seed is a 128-bit unsigned number and there is a lane."""
    if not isinstance(seed, int) or not 0 <= seed < 1 << 128:
        raise ValueError(f"the seed is a 128-bit unsigned number, got {seed!r}")
    if not isinstance(lanes, int) or lanes < 1:
        raise ValueError(f"lanes is 1 or more, got {lanes!r}")


def lane_trials(trials, lanes, lane):
    """Trials lane ``lane`` of ``lanes`` counts out of ``trials``."""
    return (trials - lane + lanes - 1) // lanes if lane < trials else 0


class LaneDealer:
    """The dealer of one lane: ``deal()`` gives the next trial's cards, in the order of
    ``slots``, or None when the trial is void; ``trials`` counts them all."""

    def __init__(self, seed, lane, remaining, slots):
        if len(slots) > len(remaining):
            raise ValueError(f"{len(slots)} cards to deal from {len(remaining)}")
        self.remaining = list(remaining)
        self.units = deal_units(list(slots))
        self.streams = [XorShift128(stream_seed(seed, lane, unit[0])) for unit in self.units]
        self.words = [slot_words(unit[0]) for unit in self.units]
        self.trials = 0

    def deal(self):
        self.trials += 1
        positions, void = [], False
        for unit, stream, k in zip(self.units, self.streams, self.words):
            words = [stream.next() for _ in range(k)]
            if len(unit) == 1:
                found = slot_position(words, len(self.remaining), positions)
                found = None if found is None else (found,)
            else:
                found = hand_positions(words, len(self.remaining), positions)
            if found is None:
                void = True
                positions += [None] * len(unit)
            else:
                positions += found
        if void:
            return None
        return [self.remaining[p] for p in positions]

    def deal_counted(self):
        """The next trial that is not void."""
        while True:
            cards = self.deal()
            if cards is not None:
                return cards
