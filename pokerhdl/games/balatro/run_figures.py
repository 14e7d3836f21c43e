"""The run controller's figures: phase, ante, blind, target, the blind's score, hands and
discards left, the last hand played and the hand types played in this blind.

Why the score is two registers: a play with jokers scores up to run_widths().play bits (34 with
the game's rules), and one adder that wide is a carry chain of nine xc7 levels; the score adds
its low part on the play's commit and its high part with the carry a clock later, and whether
it reached the target (a narrower number) is registered from both halves every clock."""

from myhdl import block, always, always_comb, always_seq, concat, intbv, Signal

from ...golden.balatro.game import (ACT_DISCARD, ACT_NEW_RUN, NO_HAND, PHASE_LOST, PHASE_PLAYING,
                                    PHASE_TITLE, PHASE_WON, SMALL)
from ...golden.balatro.run import ACT_LEAVE, PHASE_SHOP
from .game import target_rom
from .run_tables import HAND_TYPES

TYPE_BIT = tuple(1 << k if k < HAND_TYPES else 0 for k in range(16))   # by category


class RunFigures:
    """Written by run_figures only: phase (3 bits: the shop is 4), ante, blind, target,
    score_lo and score_hi (the blind's score, split at ``split`` bits), carry (the low add's),
    reached (score >= target, registered), last_blind, hands_left, discards_left, the last hand
    (last_category, last_chips, last_mult, last_score), played (9 bits)."""

    def __init__(self, widths):
        def u(bits, value=0):
            return Signal(intbv(value)[bits:])
        self.split = max(widths.target, (widths.score + 1) // 2)
        self.phase = u(3, PHASE_TITLE)
        self.ante, self.blind = u(4, 1), u(2, SMALL)
        self.target = u(widths.target)
        self.score_lo, self.score_hi = u(self.split), u(widths.score - self.split)
        self.carry, self.reached, self.last_blind = Signal(bool(0)), Signal(bool(0)), \
            Signal(bool(0))
        self.hands_left, self.discards_left = u(4), u(4)
        self.last_category = u(4, NO_HAND)
        self.last_chips, self.last_mult = u(widths.chips), u(widths.mult)
        self.last_score = u(widths.play)
        self.played = u(HAND_TYPES)


@block(skipname=True)
def run_figures(clk, rst, state, st, move, accept, commit, ended, hand_empty, category, scored,
                figures, rules):
    """figures (RunFigures) step by step: state/st the sequencer's step; move (RunMove): the
    op; accept: the move is taken (the branch step, answer OK); commit: a play's score is
    final (scored: the scorer's Scored, category: the preview's hand type); ended: the blind is
    over (settle step); hand_empty: the drained deck is done (a new blind's deck follows)."""
    r = rules
    targets = target_rom(r)
    n_hands, n_discards, antes, per_ante = r.hands, r.discards, r.antes, r.blinds_per_ante
    split, top = figures.split, len(scored.score)
    blind_index = Signal(intbv(0)[6:])
    type_bit = Signal(intbv(0)[len(figures.played):])

    @always_comb
    def type_rom():
        type_bit.next = TYPE_BIT[int(category)]

    @always(clk.posedge)
    def registered():
        """The target (a ROM), whether the score reached it, whether this is the last blind."""
        blind_index.next = concat(figures.ante, figures.blind)
        figures.target.next = targets[int(blind_index)]
        figures.reached.next = figures.score_hi != 0 or figures.score_lo >= figures.target
        figures.last_blind.next = figures.blind + 1 >= per_ante and figures.ante >= antes

    @always_seq(clk.posedge, reset=rst)
    def run_steps():
        if accept and move.op == ACT_NEW_RUN:
            figures.phase.next = PHASE_PLAYING
            figures.ante.next = 1
            figures.blind.next = SMALL
            figures.last_category.next = NO_HAND
            figures.last_chips.next = 0
            figures.last_mult.next = 0
            figures.last_score.next = 0
        elif accept and move.op == ACT_DISCARD:
            figures.discards_left.next = figures.discards_left - 1
        elif accept and move.op == ACT_LEAVE:
            figures.phase.next = PHASE_PLAYING
            if figures.blind + 1 < per_ante:
                figures.blind.next = figures.blind + 1
            else:
                figures.ante.next = figures.ante + 1
                figures.blind.next = SMALL
        elif commit:
            s = intbv(0)[split + 1:]
            s[:] = figures.score_lo + scored.score[split:]
            figures.score_lo.next = s[split:]
            figures.carry.next = s[split]
            figures.hands_left.next = figures.hands_left - 1
            figures.last_category.next = category
            figures.last_chips.next = scored.chips
            figures.last_mult.next = scored.mult
            figures.last_score.next = scored.score
            figures.played.next = figures.played | type_bit
        elif state == st.BAL_ADD:
            figures.score_hi.next = figures.score_hi + scored.score[top:split] + figures.carry
        elif state == st.BAL_SETTLE:
            if ended and not figures.reached:
                figures.phase.next = PHASE_LOST
            elif ended and figures.last_blind:
                figures.phase.next = PHASE_WON
            elif ended:
                figures.phase.next = PHASE_SHOP
        elif state == st.BAL_DRAIN and hand_empty:
            figures.score_lo.next = 0
            figures.score_hi.next = 0
            figures.hands_left.next = n_hands
            figures.discards_left.next = n_discards
            figures.played.next = 0

    return type_rom, registered, run_steps
