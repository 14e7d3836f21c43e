"""Fisher-Yates shuffle and deal, card for card the twin of rtl/shuffler/shuffler.py.

Three steps, each the RTL's:

1. Compaction. The deck array starts as the identity (position p holds card p). Excluded cards
   inside the live prefix are replaced by available cards from the back: the t-th lowest excluded
   position takes the t-th highest available card, while that excluded position is below that
   available one. The live deck is then positions 0..n-1 (n = cards not excluded), found without
   a popcount: n = max(last available position left + 1, last filled position + 1). One clock per
   replacement, so no exclusions costs nothing and the equity engine's 7 known cards cost at most 7.
2. Range reduction without bias or divider. Index i of K draws an offset below m = n - i from one
   32-bit rng word: the word's five 6-bit fields (bits 29..0, field 0 lowest) are masked to
   ceil(log2 m) bits (MASK_ROM) and the first field below m is the offset; bits 31..30 are a
   sixth field, tried last, when the mask fits in two bits (m <= 4). When every field is >= m
   the word is rejected and the next is drawn. Each field is uniform on 0..mask, independent of
   the others, and an accepted field is uniform on 0..m-1, so the offset is exactly uniform.
   Expected words for one index: 1 / (1 - (1 - m / 2**k) ** f), k = ceil(log2 m), f = 5 fields
   (6 when m <= 4): 1 when m is a power of two, at worst 1.0274 (m = 33). Over a full shuffle
   52.2598 words (52 cards, so 0.995 cards per clock), for 7 of 52 cards 7.0059
   (expected_draws()). A single 6-bit field per word would need 72.40 words for a full shuffle.
3. Fisher-Yates from the front: position i swaps with position i + offset and is dealt. Only K
   swaps are done when only K cards are wanted.

Every draw takes one rng word whether accepted or not, so the deck depends on the seed and the
entropy events only, never on clock timing or stream backpressure.
"""

from dataclasses import dataclass

from .cards import DECK_SIZE
from .rng import XorShift128

FIELDS = 5            # 6-bit fields per 32-bit rng word, then a 2-bit one for masks <= 3
FIELD_BITS = 6
TOP_FIELD_SHIFT, TOP_FIELD_MASK = 30, 3
MASK_ROM = tuple((1 << (m - 1).bit_length()) - 1 if m else 0 for m in range(64))

# Clock cycles of the RTL besides one per replacement and one per rng word, m_axis_tready high,
# from the clock edge that takes `start` to the one that takes the last card (done rises):
# find and encode the first pair (2), the compaction verdict (1), set-up (1), then after the
# last draw the address stage, the output register and the handshake (3).
CYCLES_OVERHEAD = 7
CYCLES_NO_CARDS = 4   # start .. done when no card is dealt (count 0 or everything excluded)


def draw_offset(word, m):
    """The offset below m that one rng word gives, or None when the word is rejected."""
    mask = MASK_ROM[m]
    for field in range(FIELDS):
        candidate = (word >> (FIELD_BITS * field)) & mask
        if candidate < m:
            return candidate
    if mask <= TOP_FIELD_MASK:
        candidate = (word >> TOP_FIELD_SHIFT) & mask
        if candidate < m:
            return candidate
    return None


def accept_probability(m):
    """Probability that one word gives an offset below m."""
    mask = MASK_ROM[m]
    fields = FIELDS + (mask <= TOP_FIELD_MASK)
    return 1 - (1 - m / (mask + 1)) ** fields


def expected_draws(n=DECK_SIZE, count=DECK_SIZE):
    """Expected rng words for dealing ``count`` of ``n`` cards (exact up to float rounding)."""
    return sum(1 / accept_probability(m) for m in range(n, n - min(count, n), -1))


def compact(exclude, deck_size=DECK_SIZE):
    """The live deck (list of cards at positions 0..n-1) and the number of replacements."""
    excluded = [p for p in range(deck_size) if exclude >> p & 1]
    available = [p for p in range(deck_size - 1, -1, -1) if not exclude >> p & 1]
    deck = list(range(deck_size))
    filled_end = 0
    t = 0
    while (t < len(excluded) and t < len(available) and excluded[t] < available[t]):
        deck[excluded[t]] = available[t]
        filled_end = excluded[t] + 1
        t += 1
    available_end = available[t] + 1 if t < len(available) else 0
    n = max(available_end, filled_end)
    return deck[:n], t


@dataclass
class Deal:
    cards: list      # the dealt cards in stream order
    error: bool      # fewer than `count` cards could be dealt (or count was 0)
    draws: int       # rng words taken
    swaps: int       # compaction replacements
    cycles: int      # RTL clocks from the start edge to the last card's handshake (tready high)


def deal(rng, count=DECK_SIZE, exclude=0, deck_size=DECK_SIZE):
    """Shuffle the cards not in ``exclude`` (bit c set: card c is out) and deal ``count`` of them
    using ``rng`` (an XorShift128, advanced in place) exactly as the RTL does."""
    deck, swaps = compact(exclude, deck_size)
    n = len(deck)
    dealt = min(count, n)
    cards, draws = [], 0
    for i in range(dealt):
        m = n - i
        while True:
            draws += 1
            offset = draw_offset(rng.next(), m)
            if offset is not None:
                break
        j = i + offset
        deck[i], deck[j] = deck[j], deck[i]
        cards.append(deck[i])
    cycles = swaps + (CYCLES_OVERHEAD + draws if dealt else CYCLES_NO_CARDS)
    return Deal(cards=cards, error=count == 0 or count > n, draws=draws, swaps=swaps,
                cycles=cycles)


def shuffle(seed=0, count=DECK_SIZE, exclude=0):
    """The cards the shuffler deals after reset and ``seed_load`` of ``seed`` (0: default)."""
    return deal(XorShift128(seed), count, exclude).cards
