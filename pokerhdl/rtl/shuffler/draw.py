"""The shuffler's draw: for position i of K, an offset below m = n - i from one rng word (five
6-bit fields masked to ceil(log2 m) bits, then bits 31..30 when m <= 4; the first below m wins,
a word with none is rejected), and the counters of the draws still to make.
"""

from myhdl import block, always_seq, always_comb, concat, Signal, intbv, instances

from ...golden.shuffle import MASK_ROM

# ceil(log2(m - 1)) bit masks indexed by m: the mask of the next range, read as m counts down
MASK_NEXT_ROM = tuple(MASK_ROM[m - 1] if m else 0 for m in range(64))


class Draw:
    """Written by shuffler_draw only: drawing (draws are still to be accepted), accept (the rng
    word has an offset below m), offset (the first such), pos (i, the position it is for), left
    (the draws still to accept)."""

    def __init__(self):
        self.drawing, self.accept = Signal(bool(0)), Signal(bool(0))
        self.offset, self.pos, self.left = (Signal(intbv(0)[6:]) for _ in range(3))


@block(skipname=True)
def shuffler_draw(clk, rst, state, t_state, word, take_word, wanted, compaction, deal, draw):
    """draw (Draw) step by step: state/t_state the sequencer's step; word: the rng's word,
    take_word (written here only): the word is used, the rng steps; wanted: K; compaction
    (shuffler_compact.Compaction): the deck size; deal (shuffler_deal.Deal): go, the dealing
    pipeline moves."""
    m_range = Signal(intbv(0)[6:])
    mask = Signal(intbv(0)[6:])
    cand = [Signal(intbv(0)[6:]) for _ in range(5)]
    cand_top = Signal(intbv(0)[6:])               # bits 31..30, a candidate when m <= 4
    fits = Signal(intbv(0)[6:])

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
        draw.accept.next = fits != 0
        if fits[0]:
            draw.offset.next = cand[0]
        elif fits[1]:
            draw.offset.next = cand[1]
        elif fits[2]:
            draw.offset.next = cand[2]
        elif fits[3]:
            draw.offset.next = cand[3]
        elif fits[4]:
            draw.offset.next = cand[4]
        else:
            draw.offset.next = cand_top

    @always_comb
    def take():
        take_word.next = draw.drawing and deal.go

    @always_seq(clk.posedge, reset=rst)
    def counters():
        if state == t_state.SHUF_IDLE or state == t_state.SHUF_COMPACT:
            pass                                    # compaction leaves the draw as it is
        elif state == t_state.SHUF_SETUP:
            m_range.next = compaction.n_cards
            mask.next = MASK_ROM[compaction.n_cards]
            draw.pos.next = 0
            if wanted > compaction.n_cards:
                draw.left.next = compaction.n_cards
            else:
                draw.left.next = wanted
            if wanted != 0 and compaction.n_cards != 0:
                draw.drawing.next = True
        else:                                       # SHUF_DEAL
            if deal.go and draw.drawing and draw.accept:
                draw.pos.next = draw.pos + 1
                m_range.next = m_range - 1
                mask.next = MASK_NEXT_ROM[m_range]
                draw.left.next = draw.left - 1
                if draw.left == 1:
                    draw.drawing.next = False

    return instances()
