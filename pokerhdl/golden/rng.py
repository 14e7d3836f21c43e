"""xorshift128 (Marsaglia, "Xorshift RNGs", 2003) with the seed and entropy rules of rtl/rng.py.

State is four 32-bit words x, y, z, w; one step makes t = x ^ (x << 11), shifts the words down
(x, y, z = y, z, w) and sets w = w ^ (w >> 19) ^ t ^ (t >> 8); the output is the new w. The
period is 2**128 - 1 and the all-zero state is the one state that never leaves, so:

- a seed of zero loads the published default seed instead;
- entropy is XORed into x and, if that makes x zero, x takes the default seed's x (the state
  stays non-zero whatever the entropy; it happens only when the entropy equals x, 2**-32).

The twin of the RTL: ``next()`` is one pulse of ``advance``, ``peek()`` is the ``word`` port (the
output the next ``advance`` takes), ``load()`` is ``seed_load`` and ``mix()`` is ``entropy_valid``.
When ``advance`` and ``entropy_valid`` come in the same clock the RTL steps first and mixes after:
``next()`` then ``mix()``.
"""

MASK32 = 0xFFFFFFFF
DEFAULT_SEED = (123456789, 362436069, 521288629, 88675123)   # Marsaglia's x, y, z, w


def seed_word(x, y, z, w):
    """The 128-bit ``seed`` port value for words x, y, z, w: x in bits 127..96, w in 31..0."""
    return (x & MASK32) << 96 | (y & MASK32) << 64 | (z & MASK32) << 32 | (w & MASK32)


def split_words(value):
    """The words x, y, z, w of a 128-bit value (seed_word's inverse)."""
    return tuple((value >> shift) & MASK32 for shift in (96, 64, 32, 0))


def seed_words(seed):
    """The words x, y, z, w of a 128-bit seed (zero gives the default seed)."""
    if seed == 0:
        return DEFAULT_SEED
    return split_words(seed)


def step(state):
    """The next state of a state tuple (x, y, z, w); the output is its last word."""
    x, y, z, w = state
    t = (x ^ (x << 11)) & MASK32
    return y, z, w, w ^ (w >> 19) ^ t ^ (t >> 8)


class XorShift128:
    """xorshift128 generator; ``seed`` is the 128-bit seed port value (0 or None: default)."""

    def __init__(self, seed=None):
        self.load(seed or 0)

    def load(self, seed):
        """Load a 128-bit seed (the ``seed_load`` strobe); zero loads the default seed."""
        if not 0 <= seed < 1 << 128:
            raise ValueError(f"seed {seed!r} is not a 128-bit unsigned value")
        self.state = seed_words(seed)

    def mix(self, entropy):
        """XOR 32 bits of entropy into x, keeping the state non-zero (``entropy_valid``)."""
        x, y, z, w = self.state
        x ^= entropy & MASK32
        self.state = (x or DEFAULT_SEED[0], y, z, w)

    def peek(self):
        """The output the next ``next()`` returns (the RTL's ``word`` port)."""
        return step(self.state)[3]

    def next(self):
        """Advance one step and return the 32-bit output."""
        self.state = step(self.state)
        return self.state[3]

    def words(self, count):
        """The next ``count`` outputs."""
        return [self.next() for _ in range(count)]
