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

The shuffler is made of named parts, each the only writer of its own small interface:

    shuffler_sequencer  the step (state), the request (K) and busy, done, error
    shuffler_compact    the compaction pipeline (Compaction)
    shuffler_draw       an offset from each rng word, the draws left (Draw)
    shuffler_deal       the address, swap and output stages (Deal)
    shuffler_deck       the deck memory and its placed bits, written by both (Deck)
    rng                 the xorshift128 words

The parts are @block(skipname=True): the generated names are the interfaces' (deal_tvalid,
draw_offset, ...) and the parts' own (lo_1h, m_range, off_q, mem, ...).
"""

from myhdl import block, always_seq, always_comb, Signal, ResetSignal, intbv, enum, instances

from ...golden.cards import DECK_SIZE
from ..rng import rng
from .compact import Compaction, shuffler_compact
from .deal import Deal, shuffler_deal
from .deck import Deck, shuffler_deck
from .draw import Draw, shuffler_draw

DECK = DECK_SIZE
STEPS = ("SHUF_IDLE", "SHUF_COMPACT", "SHUF_SETUP", "SHUF_DEAL")


@block(skipname=True)
def shuffler_sequencer(clk, rst, state, t_state, start, count, starting, compacting, wanted,
                       busy_q, done_q, error_q, m_axis_tready, compaction, deal):
    """state (a Signal of t_state = enum(*STEPS)): the step, written here only, with starting
    (a start is taken), compacting (SHUF_COMPACT), wanted (K, count at the start) and the
    shuffler's busy_q, done_q, error_q. start, count, m_axis_tready: the shuffler's ports;
    compaction (shuffler_compact.Compaction): its end and the deck size; deal
    (shuffler_deal.Deal): the output register."""

    @always_comb
    def phase():
        starting.next = state == t_state.SHUF_IDLE and start
        compacting.next = state == t_state.SHUF_COMPACT

    @always_seq(clk.posedge, reset=rst)
    def steps():
        done_q.next = False
        if state == t_state.SHUF_IDLE:
            if start:
                wanted.next = count
                busy_q.next = True
                error_q.next = False
                state.next = t_state.SHUF_COMPACT
        elif state == t_state.SHUF_COMPACT:
            if compaction.looked and not compaction.more:
                state.next = t_state.SHUF_SETUP
        elif state == t_state.SHUF_SETUP:
            error_q.next = wanted == 0 or wanted > compaction.n_cards
            if wanted == 0 or compaction.n_cards == 0:
                busy_q.next = False
                done_q.next = True
                state.next = t_state.SHUF_IDLE
            else:
                state.next = t_state.SHUF_DEAL
        else:   # SHUF_DEAL
            if deal.tvalid and m_axis_tready and deal.tlast:
                busy_q.next = False
                done_q.next = True
                state.next = t_state.SHUF_IDLE

    return instances()


@block
def shuffler(clk, rst, start, count, exclude, busy, done, error,
             m_axis_tdata, m_axis_tvalid, m_axis_tready, m_axis_tlast,
             seed, seed_load, entropy, entropy_valid, words=None):
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
    words: optional (a Words), the same generator's words for another user between shuffles
        (the Balatro run's shop draws its items from the generator that deals its decks):
        words.tdata is the word the next take returns, words.tvalid is high while no shuffle
        runs or starts, and a word is taken in a clock with both tvalid and tready high
    """
    t_state = enum(*STEPS)
    state = Signal(t_state.SHUF_IDLE)      # the step (shuffler_sequencer), read by every part
    starting, compacting = Signal(bool(0)), Signal(bool(0))
    wanted = Signal(intbv(0)[6:])
    busy_q, done_q, error_q = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))

    # rng
    word = Signal(intbv(0)[32:])
    take_word, take_any = Signal(bool(0)), Signal(bool(0))
    random_words = rng(clk, rst, seed, seed_load, entropy, entropy_valid,
                       take_word if words is None else take_any, word)

    compaction, draw, deal, deck = Compaction(), Draw(), Deal(), Deck()
    sequencer = shuffler_sequencer(clk, rst, state, t_state, start, count, starting, compacting,
                                   wanted, busy_q, done_q, error_q, m_axis_tready, compaction,
                                   deal)
    compactor = shuffler_compact(clk, rst, state, t_state, start, starting, compacting, exclude,
                                 compaction)
    drawer = shuffler_draw(clk, rst, state, t_state, word, take_word, wanted, compaction, deal,
                           draw)
    dealer = shuffler_deal(clk, rst, state, t_state, m_axis_tready, draw, deck, deal)
    deck_memory = shuffler_deck(clk, rst, state, t_state, start, compacting, compaction, deal,
                                deck)

    @always_comb
    def outputs():
        m_axis_tdata.next = deal.tdata
        m_axis_tvalid.next = deal.tvalid
        m_axis_tlast.next = deal.tlast
        busy.next = busy_q
        done.next = done_q
        error.next = error_q

    if words is None:
        return instances()
    lent = shared_words(state, t_state, start, word, take_word, take_any, words)
    return instances()


class Words:
    """The generator's words offered to another user (shuffler's ``words``): tdata[32],
    tvalid, tready, as an AXI4-Stream."""

    def __init__(self):
        self.tdata = Signal(intbv(0)[32:])
        self.tvalid, self.tready = Signal(bool(0)), Signal(bool(0))


@block(skipname=True)
def shared_words(state, t_state, start, word, take_word, take_any, words):
    """The rng's words to words (Words) while the shuffler is idle and not starting; take_any:
    the rng advances for the shuffler's draws (take_word) or for a word taken."""
    @always_comb
    def lend():
        words.tdata.next = word
        words.tvalid.next = state == t_state.SHUF_IDLE and not start
        take_any.next = take_word or (words.tready and state == t_state.SHUF_IDLE and not start)

    return lend


def shuffler_top(words=False):
    """The shuffler with fresh port signals, for conversion; words: with the words port."""
    def u(n):
        return Signal(intbv(0)[n:])

    def b():
        return Signal(bool(0))
    return shuffler(clk=b(), rst=ResetSignal(0, active=1, isasync=False), start=b(),
                    count=u(6), exclude=u(DECK), busy=b(), done=b(), error=b(),
                    m_axis_tdata=u(6), m_axis_tvalid=b(), m_axis_tready=b(), m_axis_tlast=b(),
                    seed=u(128), seed_load=b(), entropy=u(32), entropy_valid=b(),
                    words=Words() if words else None)
