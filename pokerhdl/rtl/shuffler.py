"""Unbiased Fisher-Yates shuffle and deal of the 52 cards, or of those an exclude mask leaves.

Algorithm (the golden twin, golden/shuffle.py, has the same steps and the reasons):
compaction moves available cards from the back into excluded places at the front, one per clock,
so no exclusions cost nothing; then index i of K draws an offset below m = n - i from one rng
word (five 6-bit fields masked to ceil(log2 m) bits, then bits 31..30 when m <= 4; the first
below m wins, a word with none is rejected) and position i swaps with position i + offset and is
dealt.

Pipelines (each stage a register, so no path is more than a few LUTs deep):
compaction: find (next excluded / available pair, one-hot) -> encode (indices) -> swap;
dealing: draw (offset from the rng word) -> address (j = i + offset) -> swap and output register.
All dealing stages move together when the output register is free or taken (`go`).

Deck memory: 64 x 6 bits with one write port and two asynchronous read ports (distributed RAM
on 7-series), plus a `placed` bit per position: a position never written this shuffle holds its
own card. That makes the identity deck free at start, and a reset leaves nothing to clean.
"""

from myhdl import (block, always, always_seq, always_comb, concat, Signal, ResetSignal, intbv,
                   enum, instances)

from ..golden.cards import DECK_SIZE
from ..golden.shuffle import MASK_ROM
from .rng import rng

# ceil(log2(m - 1)) bit masks indexed by m: the mask of the next range, read as m counts down
MASK_NEXT_ROM = tuple(MASK_ROM[m - 1] if m else 0 for m in range(64))
DECK = DECK_SIZE
SLOTS = 64     # memory depth: every 6-bit address reads something defined


@block
def lowest_ones(clk, rst, load, value, take, onehot):
    """A set of positions handed out lowest first.

    load: the set becomes `value`; take: the position shown in `onehot` leaves the set
    onehot: the lowest position in the set (0 when the set is empty)
    "Any bit in this group of four" is kept in registers, so finding the lowest position is an
    OR of at most twelve registered group bits and three neighbours: about three LUT levels.
    """
    width = len(value)
    groups = width // 4
    assert groups * 4 == width and groups <= 16
    vec = Signal(intbv(0)[width:])
    group_any = Signal(intbv(0)[groups:])
    first, rest = Signal(intbv(0)[width:]), Signal(intbv(0)[width:])
    rest_any, value_any = Signal(intbv(0)[groups:]), Signal(intbv(0)[groups:])

    @always_comb
    def isolate():
        lowest = intbv(0)[width:]
        for g in range(groups):
            lower_a = False             # two OR trees of up to eight group bits each
            lower_b = False
            for h in range(g):
                if h < 8:
                    lower_a = lower_a or group_any[h]
                else:
                    lower_b = lower_b or group_any[h]
            below = lower_a or lower_b
            for k in range(4):
                lowest[4 * g + k] = vec[4 * g + k] and not below
                below = below or vec[4 * g + k]
        first.next = lowest

    @always_comb
    def remainder():
        rest.next = vec & ~first

    @always_comb
    def group_bits():
        r_any = intbv(0)[groups:]
        v_any = intbv(0)[groups:]
        for g in range(groups):
            r_any[g] = rest[4 * g] or rest[4 * g + 1] or rest[4 * g + 2] or rest[4 * g + 3]
            v_any[g] = value[4 * g] or value[4 * g + 1] or value[4 * g + 2] or value[4 * g + 3]
        rest_any.next = r_any
        value_any.next = v_any

    @always_seq(clk.posedge, reset=rst)
    def registers():
        if load:
            vec.next = value
            group_any.next = value_any
        elif take:
            vec.next = rest
            group_any.next = rest_any

    @always_comb
    def outputs():
        onehot.next = first

    return instances()


@block
def onehot_index(onehot, index, offset, reverse=False):
    """index = p + offset for the one set bit p of onehot (0 when none; with reverse, bit q
    stands for position width-1-q): each index bit is an OR of one-hot bits, a balanced tree."""
    width = len(onehot)

    def position(q):
        return (width - 1 - q if reverse else q) + offset

    def bit_mask(b):
        return Signal(intbv(sum(1 << q for q in range(width) if position(q) >> b & 1))[width:])
    m0, m1, m2, m3, m4, m5 = (bit_mask(b) for b in range(6))

    @always_comb
    def encode():
        value = intbv(0)[6:]
        value[0] = (onehot & m0) != 0
        value[1] = (onehot & m1) != 0
        value[2] = (onehot & m2) != 0
        value[3] = (onehot & m3) != 0
        value[4] = (onehot & m4) != 0
        value[5] = (onehot & m5) != 0
        index.next = value

    return instances()


@block
def shuffler(clk, rst, start, count, exclude, busy, done, error,
             m_axis_tdata, m_axis_tvalid, m_axis_tready, m_axis_tlast,
             seed, seed_load, entropy, entropy_valid):
    """Shuffle and deal: Fisher-Yates with rejection sampling, one card per clock on a stream.

    start: begin a shuffle (taken while busy is low); count and exclude are sampled with it
    count[6]: K, the cards wanted (1..52); only K swaps are done
    exclude[52]: bit c set: card c is not in the deck (e.g. cards already known)
    busy: from the clock after start until the last card has been taken
    done: one-clock pulse after the last card has been taken; start is taken from that clock on
    error: this shuffle deals fewer than K cards (exclude leaves fewer, or K is 0); set before
        the first card leaves, held until the next start
    m_axis_tdata[6], m_axis_tvalid, m_axis_tready, m_axis_tlast: the dealt cards (AXI4-Stream),
        tlast on the K-th card (or on the last available one); no card at all when none is left
    seed[128], seed_load, entropy[32], entropy_valid: the xorshift128 rng (see rtl/rng.py). One
        rng word per draw, so the deck depends on the seed and the entropy events, never on
        timing or backpressure; given between shuffles they are reproducible (golden twin),
        given during one they act from the next draw on
    """
    t_state = enum("SHUF_IDLE", "SHUF_COMPACT", "SHUF_SETUP", "SHUF_DEAL")
    state = Signal(t_state.SHUF_IDLE)
    starting, compacting = Signal(bool(0)), Signal(bool(0))

    # rng
    word = Signal(intbv(0)[32:])
    take_word = Signal(bool(0))
    random_words = rng(clk, rst, seed, seed_load, entropy, entropy_valid, take_word, word)

    # deck memory: the card at position p is mem[p] if placed[p], else p
    mem = [Signal(intbv(0)[6:]) for _ in range(SLOTS)]
    placed = Signal(intbv(0)[SLOTS:])
    mem_we = Signal(bool(0))
    mem_waddr, mem_wdata = Signal(intbv(0)[6:]), Signal(intbv(0)[6:])
    written = Signal(intbv(0)[SLOTS:])            # one-hot of the position written this clock
    one = Signal(intbv(1)[SLOTS:])                # a constant

    # compaction, find: the next lowest excluded position and highest available one. Available
    # positions are kept bit-reversed (bit q = position 51-q) so both look for a lowest bit.
    exclude_rev = Signal(intbv(0)[DECK:])
    available_in = Signal(intbv(0)[DECK:])
    lo_1h_c, hi_1h_c = Signal(intbv(0)[DECK:]), Signal(intbv(0)[DECK:])
    # encode
    lo_1h, hi_1h = Signal(intbv(0)[DECK:]), Signal(intbv(0)[DECK:])
    lo_none, found = Signal(bool(0)), Signal(bool(0))   # lo_none: no excluded position left
    lo_c, lo_end_c, hi_c, hi_end_c, lo_end_raw = (Signal(intbv(0)[6:]) for _ in range(5))
    # swap: lo_end is 63 when no excluded position is left, hi_end 0 when no available one
    lo, lo_end, hi, hi_end = (Signal(intbv(0)[6:]) for _ in range(4))
    looked = Signal(bool(0))
    filled_end = Signal(intbv(0)[6:])             # last filled position + 1
    n_cards = Signal(intbv(0)[6:])                # live deck size after compaction
    wanted = Signal(intbv(0)[6:])

    # dealing, draw: offset < m for position i = pos_a
    drawing = Signal(bool(0))
    m_range = Signal(intbv(0)[6:])
    mask = Signal(intbv(0)[6:])
    left = Signal(intbv(0)[6:])                   # draws still to accept
    pos_a = Signal(intbv(0)[6:])
    cand = [Signal(intbv(0)[6:]) for _ in range(5)]
    cand_top = Signal(intbv(0)[6:])               # bits 31..30, a candidate when m <= 4
    fits = Signal(intbv(0)[6:])
    offset = Signal(intbv(0)[6:])
    accept = Signal(bool(0))
    go = Signal(bool(0))                          # the dealing pipeline moves
    # address
    off_q, i_a = Signal(intbv(0)[6:]), Signal(intbv(0)[6:])
    a_valid, a_last = Signal(bool(0)), Signal(bool(0))
    # swap and output
    j_pos, i_pos = Signal(intbv(0)[6:]), Signal(intbv(0)[6:])
    j_valid, j_last = Signal(bool(0)), Signal(bool(0))
    card_j, card_i = Signal(intbv(0)[6:]), Signal(intbv(0)[6:])
    tdata, tvalid, tlast = Signal(intbv(0)[6:]), Signal(bool(0)), Signal(bool(0))
    busy_q, done_q, error_q = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))

    @always_comb
    def phase():
        starting.next = state == t_state.SHUF_IDLE and start
        compacting.next = state == t_state.SHUF_COMPACT

    @always_comb
    def reverse_exclude():
        rev = intbv(0)[DECK:]
        for q in range(DECK):
            rev[q] = exclude[DECK - 1 - q]
        exclude_rev.next = rev

    @always_comb
    def invert():
        available_in.next = ~exclude_rev

    find_lo = lowest_ones(clk, rst, starting, exclude, compacting, lo_1h_c)
    find_hi = lowest_ones(clk, rst, starting, available_in, compacting, hi_1h_c)
    lo_index = onehot_index(lo_1h, lo_c, 0)
    lo_end_index = onehot_index(lo_1h, lo_end_raw, 1)
    hi_index = onehot_index(hi_1h, hi_c, 0, reverse=True)
    hi_end_index = onehot_index(hi_1h, hi_end_c, 1, reverse=True)

    @always_comb
    def none_left():
        lo_none.next = lo_1h == 0

    @always_comb
    def lo_end_or_none():
        if lo_none:
            lo_end_c.next = 63
        else:
            lo_end_c.next = lo_end_raw

    @always_comb
    def candidates():
        cand[0].next = word[6:0] & mask
        cand[1].next = word[12:6] & mask
        cand[2].next = word[18:12] & mask
        cand[3].next = word[24:18] & mask
        cand[4].next = word[30:24] & mask
        cand_top.next = concat(intbv(0)[4:], word[32:30]) & mask

    @always_comb
    def range_check():
        for k in range(5):
            fits.next[k] = cand[k] < m_range
        fits.next[5] = mask < 4 and cand_top < m_range

    @always_comb
    def pick():
        accept.next = fits != 0
        if fits[0]:
            offset.next = cand[0]
        elif fits[1]:
            offset.next = cand[1]
        elif fits[2]:
            offset.next = cand[2]
        elif fits[3]:
            offset.next = cand[3]
        elif fits[4]:
            offset.next = cand[4]
        else:
            offset.next = cand_top

    @always_comb
    def flow():
        go.next = not tvalid or m_axis_tready
        take_word.next = drawing and (not tvalid or m_axis_tready)

    @always_comb
    def read_cards():
        if placed[j_pos]:
            card_j.next = mem[j_pos]
        else:
            card_j.next = j_pos
        if placed[i_pos]:
            card_i.next = mem[i_pos]
        else:
            card_i.next = i_pos

    @always_comb
    def write_port():
        if compacting:
            mem_we.next = looked and lo_end < hi_end
            mem_waddr.next = lo
            mem_wdata.next = hi
        else:
            mem_we.next = state == t_state.SHUF_DEAL and go and j_valid
            mem_waddr.next = j_pos
            mem_wdata.next = card_i

    @always_comb
    def write_decode():
        if mem_we:
            written.next = one << mem_waddr
        else:
            written.next = 0

    @always(clk.posedge)
    def memory():
        if mem_we:
            mem[mem_waddr].next = mem_wdata

    @always_seq(clk.posedge, reset=rst)
    def control():
        done_q.next = False
        placed.next = placed | written

        if state == t_state.SHUF_IDLE:
            if start:
                wanted.next = count
                placed.next = 0
                found.next = False
                looked.next = False
                filled_end.next = 0
                busy_q.next = True
                error_q.next = False
                state.next = t_state.SHUF_COMPACT

        elif state == t_state.SHUF_COMPACT:
            # find -> encode
            lo_1h.next = lo_1h_c
            hi_1h.next = hi_1h_c
            found.next = True
            # encode -> swap
            lo.next = lo_c
            lo_end.next = lo_end_c
            hi.next = hi_c
            hi_end.next = hi_end_c
            looked.next = found
            # swap (the write itself is the memory port)
            if looked:
                if lo_end < hi_end:
                    filled_end.next = lo_end
                else:
                    if hi_end > filled_end:
                        n_cards.next = hi_end
                    else:
                        n_cards.next = filled_end
                    state.next = t_state.SHUF_SETUP

        elif state == t_state.SHUF_SETUP:
            m_range.next = n_cards
            mask.next = MASK_ROM[n_cards]
            pos_a.next = 0
            a_valid.next = False
            j_valid.next = False
            if wanted > n_cards:
                left.next = n_cards
            else:
                left.next = wanted
            error_q.next = wanted == 0 or wanted > n_cards
            if wanted == 0 or n_cards == 0:
                busy_q.next = False
                done_q.next = True
                state.next = t_state.SHUF_IDLE
            else:
                drawing.next = True
                state.next = t_state.SHUF_DEAL

        else:   # SHUF_DEAL
            if go:
                # swap: deal position i (its card is at j) and move card i to j
                tvalid.next = j_valid
                if j_valid:
                    tdata.next = card_j
                    tlast.next = j_last
                # address
                j_pos.next = i_a + off_q
                i_pos.next = i_a
                j_valid.next = a_valid
                j_last.next = a_last
                # draw
                a_valid.next = drawing and accept
                if drawing and accept:
                    off_q.next = offset
                    i_a.next = pos_a
                    a_last.next = left == 1
                    pos_a.next = pos_a + 1
                    m_range.next = m_range - 1
                    mask.next = MASK_NEXT_ROM[m_range]
                    left.next = left - 1
                    if left == 1:
                        drawing.next = False
            if tvalid and m_axis_tready and tlast:
                tvalid.next = False
                busy_q.next = False
                done_q.next = True
                state.next = t_state.SHUF_IDLE

    @always_comb
    def outputs():
        m_axis_tdata.next = tdata
        m_axis_tvalid.next = tvalid
        m_axis_tlast.next = tlast
        busy.next = busy_q
        done.next = done_q
        error.next = error_q

    return instances()


def shuffler_top():
    """The shuffler with fresh port signals, for conversion."""
    def u(n):
        return Signal(intbv(0)[n:])

    def b():
        return Signal(bool(0))
    return shuffler(clk=b(), rst=ResetSignal(0, active=1, isasync=False), start=b(),
                    count=u(6), exclude=u(DECK), busy=b(), done=b(), error=b(),
                    m_axis_tdata=u(6), m_axis_tvalid=b(), m_axis_tready=b(), m_axis_tlast=b(),
                    seed=u(128), seed_load=b(), entropy=u(32), entropy_valid=b())
