"""showdown: the best rank word among the active players, and every player who holds it.

Pipelined, one showdown per clock, LATENCY clocks from in_valid to out_valid, in one of two
forms of the same answer, whichever costs fewer LUTs for the number of players:

- up to PAIRS_UP_TO players, all pairs: 0. the words and the active mask registered; 1. every
  pair of words compared once (a >= b and b >= a), in parallel; 2. a player wins when active
  and at least equal to every other active player; 3. best is the winners' word (they all
  hold the same one), 0 when nobody is active;
- more players in groups of at most PAIRS_UP_TO (10: 4, 3 and 3): 1. every pair within a
  group compared; 2. each group's winners and best word, as above; 3. the groups' best words
  compared, every pair: the players who win are the winners of the groups whose best is at
  least every other group's. For 10 players that is 12 comparisons of words and 3 of group
  bests where all pairs are 45: about a third of the LUTs (docs/benchmarks.md, the synthesis
  of showdown players=10).

Comparing at most a few words at each step keeps the depth at a few LUT levels, where a tree
of maximum selections needs a pipeline stage per level (a comparison feeding a multiplexer
feeding the next comparison, twice, was twice the lane's eight levels).
"""

from myhdl import (block, always, always_comb, always_seq, concat, ConcatSignal, Signal,
                   ResetSignal, intbv, instances)

from ...golden.hands import WORD_BITS
from ...golden.showdown import SHOWDOWN_LATENCY
from ..pipe import pipe_reg

WORD = WORD_BITS
GROUP = 3                      # bits compared per LUT (two 3-bit fields = six inputs)
FIELDS = WORD // GROUP         # 8 fields of 3 bits
SUPERS = 3                     # super-fields of up to 3 fields
LATENCY = SHOWDOWN_LATENCY     # clocks from in_valid high to out_valid high
MIN_PLAYERS, MAX_PLAYERS = 2, 10
PAIRS_UP_TO = 4                # players compared all pairs at once; in groups beyond


@block
def word_at_least(a, b, a_ge_b, b_ge_a):
    """Both orders of one comparison of 24-bit words: a >= b and b >= a (both when equal).

    A tree, not a carry chain: each 3-bit field says a > b or a < b (six inputs each), three
    fields make a super-field the same way, and three super-fields the answer: three LUT
    levels. Written with whole-vector operations, which simulators evaluate quickly: at bit 3f
    of ``field_gt_at`` is "field f of a > field f of b".
    """
    assert len(a) == len(b) == FIELDS * GROUP

    @always_comb
    def compare():
        bit_gt = intbv(0)[WORD:]
        bit_lt = intbv(0)[WORD:]
        bit_eq = intbv(0)[WORD - 1:]               # bit i: bits i+1 of a and b agree
        field_gt_at = intbv(0)[WORD - 2:]          # bit 3f: field f of a > of b
        field_lt_at = intbv(0)[WORD - 2:]
        bit_gt[:] = a & ~b
        bit_lt[:] = b & ~a
        bit_eq[:] = ~a[WORD:1] ^ b[WORD:1]            # ~(a ^ b), kept to its width
        field_gt_at[:] = (bit_gt[WORD:2] | (bit_eq[WORD - 1:1] & bit_gt[WORD - 1:1])
                          | (bit_eq[WORD - 1:1] & bit_eq[WORD - 2:0] & bit_gt[WORD - 2:0]))
        field_lt_at[:] = (bit_lt[WORD:2] | (bit_eq[WORD - 1:1] & bit_lt[WORD - 1:1])
                          | (bit_eq[WORD - 1:1] & bit_eq[WORD - 2:0] & bit_lt[WORD - 2:0]))
        field_gt = intbv(0)[GROUP * SUPERS:]        # one spare field above: equal
        field_lt = intbv(0)[GROUP * SUPERS:]
        for f in range(FIELDS):
            field_gt[f] = field_gt_at[GROUP * f]
            field_lt[f] = field_lt_at[GROUP * f]
        field_eq = intbv(0)[GROUP * SUPERS - 1:]    # bit f: fields f+1 of a and b agree
        super_gt_at = intbv(0)[GROUP * SUPERS - 2:]
        super_lt_at = intbv(0)[GROUP * SUPERS - 2:]
        field_eq[:] = ~field_gt[9:1] & ~field_lt[9:1]
        super_gt_at[:] = (field_gt[9:2] | (field_eq[8:1] & field_gt[8:1])
                          | (field_eq[8:1] & field_eq[7:0] & field_gt[7:0]))
        super_lt_at[:] = (field_lt[9:2] | (field_eq[8:1] & field_lt[8:1])
                          | (field_eq[8:1] & field_eq[7:0] & field_lt[7:0]))
        super_gt = intbv(0)[SUPERS:]
        super_lt = intbv(0)[SUPERS:]
        for h in range(SUPERS):
            super_gt[h] = super_gt_at[GROUP * h]
            super_lt[h] = super_lt_at[GROUP * h]
        a_ge_b.next = not (super_lt[2] or (not super_gt[2] and super_lt[1])
                           or (not super_gt[2] and not super_gt[1] and super_lt[0]))
        b_ge_a.next = not (super_gt[2] or (not super_lt[2] and super_gt[1])
                           or (not super_lt[2] and not super_lt[1] and super_gt[0]))

    return compare


@block
def showdown(clk, rst, words, active, in_valid, best, winners, out_valid):
    """Best of N rank words with all tied winners (split pots), pipelined.

    words: list of N 24-bit rank words (docs/spec.md); active[N]: bit i = player i is still in.
    in_valid: a showdown is presented.
    best[24]: the highest word among active players, 0 if none is active.
    winners[N]: bit i = player i is active and holds best.
    out_valid: best and winners answer the showdown presented LATENCY (4) clocks earlier; they
        hold their values otherwise and are 0 after reset.
    """
    n = len(words)
    assert MIN_PLAYERS <= n <= MAX_PLAYERS, "showdown takes 2 to 10 players"
    if n > PAIRS_UP_TO:
        return grouped_showdown(clk, rst, words, active, in_valid, best, winners, out_valid)

    # every pair compared at once
    def reg(width):
        return Signal(intbv(0)[width:])

    # stage 0: inputs
    s0_words = [reg(WORD) for _ in range(n)]
    s0_active = reg(n)
    take = [pipe_reg(clk, w, q) for w, q in zip(words, s0_words)]

    # stage 1: all pairs; ge bit i * (n - 1) + (j if j < i else j - 1) = word i >= word j
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    ge = {}
    for i, j in pairs:
        ge[i, j], ge[j, i] = Signal(bool(0)), Signal(bool(0))
    compares = [word_at_least(s0_words[i], s0_words[j], ge[i, j], ge[j, i]) for i, j in pairs]
    c1_ge = ConcatSignal(*[ge[i, j] for i in reversed(range(n))
                           for j in reversed(range(n)) if j != i])
    s1_ge = reg(n * (n - 1))
    s1_words = [reg(WORD) for _ in range(n)]
    s1_active = reg(n)
    hold = [pipe_reg(clk, a, b) for a, b in zip(s0_words, s1_words)]

    valids = reg(LATENCY)
    best_q = reg(WORD)
    winners_q = reg(n)

    @always(clk.posedge)
    def stages():
        s0_active.next = active
        s1_active.next = s0_active
        s1_ge.next = c1_ge

    @always_seq(clk.posedge, reset=rst)
    def advance():
        valids.next = concat(valids[LATENCY - 1:0], in_valid)

    s2_won = reg(n)
    s2_words = [reg(WORD) for _ in range(n)]
    hold2 = [pipe_reg(clk, a, b) for a, b in zip(s1_words, s2_words)]
    s2_packed = ConcatSignal(*reversed(s2_words))

    @always(clk.posedge)
    def decide():
        won = intbv(0)[n:]
        for i in range(n):
            ok = bool(s1_active[i])
            for j in range(n):
                if j < i:
                    if s1_active[j] and not s1_ge[i * (n - 1) + j]:
                        ok = False
                elif j > i:
                    if s1_active[j] and not s1_ge[i * (n - 1) + j - 1]:
                        ok = False
            won[i] = ok
        s2_won.next = won

    @always_seq(clk.posedge, reset=rst)
    def answer():
        if valids[LATENCY - 2]:
            word = intbv(0)[WORD:]
            for i in range(n):
                for t in range(WORD):
                    if s2_won[i] and s2_packed[WORD * i + t]:
                        word[t] = 1
            winners_q.next = s2_won
            best_q.next = word

    @always_comb
    def drive():
        best.next = best_q
        winners.next = winners_q
        out_valid.next = valids[LATENCY - 1]

    return instances()


@block
def all_set(bits, out):
    """out = every bit of ``bits`` is set."""
    full = (1 << len(bits)) - 1

    @always_comb
    def test():
        out.next = bits == full

    return test


def player_groups(n):
    """Players 0..n-1 in consecutive groups of at most PAIRS_UP_TO, as even as can be."""
    count = -(-n // PAIRS_UP_TO)
    sizes = [n // count + (g < n % count) for g in range(count)]
    starts = [sum(sizes[:g]) for g in range(count)]
    return [list(range(s, s + k)) for s, k in zip(starts, sizes)]


@block
def group_winners(clk, ge, active, words, first, won, best):
    """A group's decision a clock later, its members players first .. first + k - 1 of
    ``active`` and ``words`` (packed): won (bit i: member i is active and at least equal to
    every other active member, from ``ge``, bit i * (k - 1) + (j if j < i else j - 1) = word
    i >= word j) and best, the winners' word (0 when no member is active)."""
    k = len(won)

    @always(clk.posedge)
    def decide():
        wins = intbv(0)[k:]
        word = intbv(0)[WORD:]
        for i in range(k):
            ok = bool(active[first + i])
            for j in range(k):
                if j < i:
                    if active[first + j] and not ge[i * (k - 1) + j]:
                        ok = False
                elif j > i:
                    if active[first + j] and not ge[i * (k - 1) + j - 1]:
                        ok = False
            wins[i] = ok
            for b in range(WORD):
                if ok and words[WORD * (first + i) + b]:
                    word[b] = 1
        won.next = wins
        best.next = word

    return decide


@block
def grouped_showdown(clk, rst, words, active, in_valid, best, winners, out_valid):
    """showdown in groups (the module docstring): 1. the words and the active mask registered;
    2. every pair of a group compared; 3. each group's winners and best; 4. the groups' bests
    compared, every pair: the winners of the groups whose best is at least every other's."""
    n = len(words)
    groups = player_groups(n)
    count = len(groups)

    def reg(width):
        return Signal(intbv(0)[width:])

    s0_words = [reg(WORD) for _ in range(n)]
    s0_active = reg(n)
    take = [pipe_reg(clk, w, q) for w, q in zip(words, s0_words)]
    s1_words = [reg(WORD) for _ in range(n)]
    s1_active = reg(n)
    hold = [pipe_reg(clk, a, b) for a, b in zip(s0_words, s1_words)]
    s1_packed = ConcatSignal(*reversed(s1_words))

    # within each group, every pair (bit order as group_winners reads it), registered
    ge = {}
    for members in groups:
        for i in members:
            for j in members:
                if i < j:
                    ge[i, j], ge[j, i] = Signal(bool(0)), Signal(bool(0))
    compares = [word_at_least(s0_words[i], s0_words[j], ge[i, j], ge[j, i])
                for i, j in ge if i < j]
    c1_ge = [ConcatSignal(*[ge[i, j] for i in reversed(m) for j in reversed(m) if j != i])
             for m in groups]
    s1_ge = [reg(len(m) * (len(m) - 1)) for m in groups]
    hold_ge = [pipe_reg(clk, c, q) for c, q in zip(c1_ge, s1_ge)]

    s2_won = [reg(len(m)) for m in groups]
    s2_best = [reg(WORD) for _ in groups]
    deciding = [group_winners(clk, s1_ge[g], s1_active, s1_packed, m[0], s2_won[g], s2_best[g])
                for g, m in enumerate(groups)]
    s2_won_all = ConcatSignal(*reversed(s2_won))

    # the groups' bests, every pair
    top = {}
    for g in range(count):
        for h in range(g + 1, count):
            top[g, h], top[h, g] = Signal(bool(0)), Signal(bool(0))
    finals = [word_at_least(s2_best[g], s2_best[h], top[g, h], top[h, g])
              for g, h in top if g < h]
    # a group wins when its best is at least every other's (a 1 on top: never one bit alone)
    group_won = [Signal(bool(0)) for _ in groups]
    beats = [ConcatSignal(*[top[g, h] for h in range(count) if h != g], intbv(1)[1:])
             for g in range(count)]
    judging = [all_set(b, w) for b, w in zip(beats, group_won)]
    spread = ConcatSignal(*[group_won[g] for g in reversed(range(count))
                            for _ in groups[g]])
    packed_best = ConcatSignal(*reversed(s2_best))
    group_won_bits = ConcatSignal(*reversed(group_won))

    valids = reg(LATENCY)
    best_q = reg(WORD)
    winners_q = reg(n)

    @always(clk.posedge)
    def stages():
        s0_active.next = active
        s1_active.next = s0_active

    @always_seq(clk.posedge, reset=rst)
    def advance():
        valids.next = concat(valids[LATENCY - 1:0], in_valid)

    @always_seq(clk.posedge, reset=rst)
    def answer():
        if valids[LATENCY - 2]:
            word = intbv(0)[WORD:]
            for g in range(count):
                for b in range(WORD):
                    if group_won_bits[g] and packed_best[WORD * g + b]:
                        word[b] = 1
            winners_q.next = s2_won_all & spread
            best_q.next = word

    @always_comb
    def drive():
        best.next = best_q
        winners.next = winners_q
        out_valid.next = valids[LATENCY - 1]

    return instances()


@block
def showdown_ports(clk, rst, in_valid, active, best, winners, out_valid, word0, word1,
                   word2=None, word3=None, word4=None, word5=None, word6=None, word7=None,
                   word8=None, word9=None):
    """Best of N rank words with all tied winners (split pots), pipelined, one per clock.

    word0..word{N-1}[24]: the players' rank words (docs/spec.md); active[N]: bit i = player i is in.
    in_valid: a showdown is presented.
    best[24]: the highest word among active players, 0 if none is active.
    winners[N]: bit i = player i is active and holds best.
    out_valid: best and winners answer the showdown presented 4 clocks earlier; they hold
        their values otherwise and are 0 after reset.
    (One port per word, because a list of signals cannot be a top-level port; the word
    arguments past N are None and make no port.)
    """
    words = [w for w in (word0, word1, word2, word3, word4, word5, word6, word7, word8, word9)
             if w is not None]
    return showdown(clk, rst, words, active, in_valid, best, winners, out_valid)


def showdown_top(players=4):
    """showdown for ``players`` (2..10) with fresh port signals, for conversion."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"showdown takes {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    words = {f"word{i}": Signal(intbv(0)[WORD:]) for i in range(players)}
    return showdown_ports(clk=Signal(bool(0)), rst=ResetSignal(0, active=1, isasync=False),
                          in_valid=Signal(bool(0)), active=Signal(intbv(0)[players:]),
                          best=Signal(intbv(0)[WORD:]), winners=Signal(intbv(0)[players:]),
                          out_valid=Signal(bool(0)), **words)
