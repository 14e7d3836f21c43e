"""The shuffler's dealing pipeline after the draw: address (j = i + offset) -> swap and output
register (position i is dealt: its card is the one at j, and card i moves to j). All stages move
together when the output register is free or taken (``go``).
"""

from myhdl import block, always_seq, always_comb, Signal, intbv, instances


class Deal:
    """Written by shuffler_deal only: go (the pipeline moves); j_pos, i_pos, j_valid (the swap
    stage: position i is dealt from j); tdata, tvalid, tlast (the output register)."""

    def __init__(self):
        self.go, self.j_valid = Signal(bool(0)), Signal(bool(0))
        self.j_pos, self.i_pos, self.tdata = (Signal(intbv(0)[6:]) for _ in range(3))
        self.tvalid, self.tlast = Signal(bool(0)), Signal(bool(0))


@block(skipname=True)
def shuffler_deal(clk, rst, state, t_state, m_axis_tready, draw, deck, deal):
    """deal (Deal) step by step: state/t_state the sequencer's step; m_axis_tready: the
    stream takes tdata; draw (shuffler_draw.Draw): an accepted offset for position pos; deck
    (shuffler_deck.Deck): the cards at j_pos and i_pos."""
    off_q, i_a = Signal(intbv(0)[6:]), Signal(intbv(0)[6:])
    a_valid, a_last, j_last = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))

    @always_comb
    def flow():
        deal.go.next = not deal.tvalid or m_axis_tready

    @always_seq(clk.posedge, reset=rst)
    def dealing():
        if state == t_state.SHUF_IDLE or state == t_state.SHUF_COMPACT:
            pass                                    # no card moves before the deal
        elif state == t_state.SHUF_SETUP:
            a_valid.next = False
            deal.j_valid.next = False
        else:                                       # SHUF_DEAL
            if deal.go:
                # swap: deal position i (its card is at j) and move card i to j
                deal.tvalid.next = deal.j_valid
                if deal.j_valid:
                    deal.tdata.next = deck.card_j
                    deal.tlast.next = j_last
                # address
                deal.j_pos.next = i_a + off_q
                deal.i_pos.next = i_a
                deal.j_valid.next = a_valid
                j_last.next = a_last
                # draw
                a_valid.next = draw.drawing and draw.accept
                if draw.drawing and draw.accept:
                    off_q.next = draw.offset
                    i_a.next = draw.pos
                    a_last.next = draw.left == 1
            if deal.tvalid and m_axis_tready and deal.tlast:
                deal.tvalid.next = False            # the last card is taken

    return instances()
