"""xorshift128 random words, seedable, with entropy mixed in from human timing.

The generator advances only when its consumer takes a word (`advance`), so a sequence of draws
depends on the seed and the entropy events, not on clock timing: the golden twin
(golden/rng.py) reproduces it. A game that wants timing to matter captures a free-running counter
on a button edge and feeds it to `entropy`.
"""

from myhdl import block, always_seq, always_comb, concat, Signal, ResetSignal, intbv, instances

from ..golden.rng import DEFAULT_SEED, step

DEFAULT_X, DEFAULT_Y, DEFAULT_Z, DEFAULT_W = DEFAULT_SEED
FIRST_WORD = step(DEFAULT_SEED)[3]


def x_part_value(x):
    """x_part of a constant."""
    t = (x ^ (x << 11)) & 0xFFFFFFFF
    return t ^ (t >> 8)


@block
def x_part(x, out):
    """The x half of a step's output, t ^ t>>8 with t = x ^ x<<11 (linear: XORs only)."""
    t = Signal(intbv(0)[32:])

    @always_comb
    def shift_xor():
        t.next = x ^ concat(x[21:0], intbv(0)[11:])

    @always_comb
    def output():
        out.next = t ^ concat(intbv(0)[8:], t[32:8])

    return instances()


@block
def w_part(w, out):
    """The w half of a step's output, w ^ w>>19; a step outputs x_part(x) ^ w_part(w)."""
    @always_comb
    def output():
        out.next = w ^ concat(intbv(0)[19:], w[32:19])

    return instances()


@block
def rng(clk, rst, seed, seed_load, entropy, entropy_valid, advance, word):
    """xorshift128 (Marsaglia 2003), one 32-bit word per clock on demand.

    word: the next output, registered (after reset: 3701687786, the first output of the
        default seed x=123456789 y=362436069 z=521288629 w=88675123)
    advance: take `word`; the following clock shows the next output
    seed, seed_load: load x=seed[127:96] y=seed[95:64] z=seed[63:32] w=seed[31:0]; a zero seed
        loads the default (the all-zero state would repeat zeros forever); wins over the others
    entropy, entropy_valid: XOR entropy into x (after the step when `advance` is also high); if x
        would become zero it takes the default x, so the state is never all zero
    rst: back to the default seed
    """
    # The registered look-ahead `word` is the output of the next state, f(x', w') =
    # x_part(x') ^ w_part(w'). f is linear, so it is built from parts of the present state and of
    # the entropy, and the zero guard (a 32-bit compare) only steers the last XOR.
    x, y, z, w = (Signal(intbv(v)[32:]) for v in DEFAULT_SEED)
    word_q = Signal(intbv(FIRST_WORD)[32:])
    gx, gy, ge, g_seed = (Signal(intbv(0)[32:]) for _ in range(4))     # x parts
    hw, h_step, h_seed = (Signal(intbv(0)[32:]) for _ in range(3))     # w parts
    step_w = Signal(intbv(0)[32:])            # the output of the present state = `word`
    x_s, word_s = Signal(intbv(0)[32:]), Signal(intbv(0)[32:])          # after `advance`
    x_guard = Signal(bool(0))                 # x_s == entropy: mixing would zero x
    x_is_e, y_is_e, seed_zero = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    x_n, y_n, z_n, w_n, word_n = (Signal(intbv(0)[32:]) for _ in range(5))
    seed_x, seed_w = Signal(intbv(0)[32:]), Signal(intbv(0)[32:])
    g_default_x = Signal(intbv(x_part_value(DEFAULT_X))[32:])   # constants (a bare int >= 2**31
    first_word = Signal(intbv(FIRST_WORD)[32:])                  # converts as a 33-bit literal)
    all_ones, carry_out = Signal(intbv(2**32 - 1)[33:]), Signal(intbv(2**32)[34:])
    x_diff, y_diff = Signal(intbv(0)[32:]), Signal(intbv(0)[32:])

    parts = [x_part(x, gx), x_part(y, gy), x_part(entropy, ge), x_part(seed_x, g_seed),
             w_part(w, hw), w_part(step_w, h_step), w_part(seed_w, h_seed)]

    @always_comb
    def present_output():
        step_w.next = gx ^ hw
        seed_x.next = seed[128:96]
        seed_w.next = seed[32:0]

    @always_comb
    def differences():
        x_diff.next = x ^ entropy
        y_diff.next = y ^ entropy

    @always_comb
    def compares():
        # a zero test in a carry chain, fast where a 32-input AND of LUTs is not (on the ECP5 a
        # chain of six LUT4s): d + (2**32 - 1) carries out of 32 bits unless d == 0
        x_is_e.next = concat(False, x_diff) + all_ones < carry_out
        y_is_e.next = concat(False, y_diff) + all_ones < carry_out
        seed_zero.next = seed == 0

    @always_comb
    def advance_state():
        if advance:
            x_s.next = y
            x_guard.next = y_is_e
            word_s.next = gy ^ h_step
        else:
            x_s.next = x
            x_guard.next = x_is_e
            word_s.next = step_w

    @always_comb
    def next_state():
        if seed_load and seed_zero:
            x_n.next = DEFAULT_X
        elif seed_load:
            x_n.next = seed_x
        elif entropy_valid and x_guard:
            x_n.next = DEFAULT_X
        elif entropy_valid:
            x_n.next = x_s ^ entropy
        else:
            x_n.next = x_s
        if seed_load and seed_zero:
            y_n.next = DEFAULT_Y
            z_n.next = DEFAULT_Z
            w_n.next = DEFAULT_W
        elif seed_load:
            y_n.next = seed[96:64]
            z_n.next = seed[64:32]
            w_n.next = seed_w
        elif advance:
            y_n.next = z
            z_n.next = w
            w_n.next = step_w
        else:
            y_n.next = y
            z_n.next = z
            w_n.next = w

    @always_comb
    def next_word():
        if seed_load and seed_zero:
            word_n.next = first_word
        elif seed_load:
            word_n.next = g_seed ^ h_seed
        elif entropy_valid and x_guard:
            word_n.next = word_s ^ ge ^ g_default_x
        elif entropy_valid:
            word_n.next = word_s ^ ge
        else:
            word_n.next = word_s

    @always_seq(clk.posedge, reset=rst)
    def registers():
        x.next = x_n
        y.next = y_n
        z.next = z_n
        w.next = w_n
        word_q.next = word_n

    @always_comb
    def outputs():
        word.next = word_q

    return instances()


def rng_top():
    """The generator with fresh port signals, for conversion."""
    return rng(clk=Signal(bool(0)), rst=ResetSignal(0, active=1, isasync=False),
               seed=Signal(intbv(0)[128:]), seed_load=Signal(bool(0)),
               entropy=Signal(intbv(0)[32:]), entropy_valid=Signal(bool(0)),
               advance=Signal(bool(0)), word=Signal(intbv(0)[32:]))
