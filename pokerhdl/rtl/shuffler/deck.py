"""The shuffler's deck memory: 64 x 6 bits with one write port and two asynchronous read ports
(distributed RAM on 7-series), plus a ``placed`` bit per position: a position never written
this shuffle holds its own card. That makes the identity deck free at start, and a reset leaves
nothing to clean. Compaction and the deal share the write port.
"""

from myhdl import block, always, always_seq, always_comb, Signal, intbv, instances

SLOTS = 64     # memory depth: every 6-bit address reads something defined


class Deck:
    """Written by shuffler_deck only: card_j, card_i (the cards at the deal's j_pos and
    i_pos)."""

    def __init__(self):
        self.card_j, self.card_i = Signal(intbv(0)[6:]), Signal(intbv(0)[6:])


@block(skipname=True)
def shuffler_deck(clk, rst, state, t_state, start, compacting, compaction, deal, deck):
    """deck (Deck): state/t_state the sequencer's step (a start clears every placed bit);
    compacting: SHUF_COMPACT; compaction (shuffler_compact.Compaction): the card hi moves to lo
    when looked and more; deal (shuffler_deal.Deal): card i moves to j when the pipeline moves
    with a valid swap."""
    # the card at position p is mem[p] if placed[p], else p
    mem = [Signal(intbv(0)[6:]) for _ in range(SLOTS)]
    placed = Signal(intbv(0)[SLOTS:])
    mem_we = Signal(bool(0))
    mem_waddr, mem_wdata = Signal(intbv(0)[6:]), Signal(intbv(0)[6:])
    written = Signal(intbv(0)[SLOTS:])            # one-hot of the position written this clock
    one = Signal(intbv(1)[SLOTS:])                # a constant

    @always_comb
    def read_cards():
        if placed[deal.j_pos]:
            deck.card_j.next = mem[deal.j_pos]
        else:
            deck.card_j.next = deal.j_pos
        if placed[deal.i_pos]:
            deck.card_i.next = mem[deal.i_pos]
        else:
            deck.card_i.next = deal.i_pos

    @always_comb
    def write_port():
        if compacting:
            mem_we.next = compaction.looked and compaction.more
            mem_waddr.next = compaction.lo
            mem_wdata.next = compaction.hi
        else:
            mem_we.next = state == t_state.SHUF_DEAL and deal.go and deal.j_valid
            mem_waddr.next = deal.j_pos
            mem_wdata.next = deck.card_i

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
    def placing():
        if state == t_state.SHUF_IDLE and start:
            placed.next = 0
        else:
            placed.next = placed | written

    return instances()
