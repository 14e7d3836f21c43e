"""The score of a play with levels and jokers (golden balatro_jokers.score_play), as a sequence
of clocks over the joker slots: the run controller's preview and the score of its plays.

Why a sequence: a play's chips and mult pass through up to five jokers in order, each a row of
the effect table, and x mult must come after every addition before it; one slot at a time,
each a few registered steps, keeps every path short (no path over 8 xc7 levels) and reads one
row of the table at a time.

The order is the golden's: the hand type's chips and mult at its level plus the scored cards'
chips (preview's), then pass 0 over the slots: each per-card row (suit, ranks) adds its amounts
once per scored card that matches, and each scaling row's counter grows (or resets) by its
growth condition; then pass 1 over the slots: each other row whose condition holds adds its
amounts (a scaling row: counter x amounts) and multiplies mult by its x mult. Per-card rows
only add (the table is checked), so doing all of them before pass 1 is the golden's order.

The scorer runs a round on its inputs (the preview's hand, the levels, the jokers, the blind)
after reset and whenever ``restart`` asks, publishes chips, mult, score and the grown counters
at its end (``done``) and then holds them: a round on unchanged inputs would publish the same
values again. The run restarts it whenever what it reads may have changed (the preview of new
chosen cards, the end of a move), so a result is the inputs' SCORER_CLOCKS clocks after the
restart that followed their last change.
"""

from myhdl import block, always, always_comb, always_seq, intbv, Signal, instances

from ...golden.balatro.jokers import (ALWAYS, CONTAINS, JOKER_SLOTS, LAST_HAND, MAX_COUNTER, NEVER,
                                      NO_FACE, PLAYED_BEFORE, RANKS, SIZE_AT_MOST, SIZE_IS, SUIT,
                                      SUIT_AND_OTHER)
from .game import CODE_BITS, PICKED
from .run_tables import (CHIPS_ROM, COND_ROM, CONTAINS_ROM, COUNTER_BITS, GROW_PARAM_ROM, GROW_ROM,
                         KEY_BITS, KEY_ROM, MULT_ROM, PARAM_ROM, PER_CARD_ROM, RESET_ROM,
                         XMULT_ROM)

# the steps of a slot (u): its id and counter, its row, its condition, the matching cards
# and the grown counter, how many times its amounts add; then the amounts times that many by
# shift and add (one bit of the count a step: no multiplier, so no DSP whose inner registers
# a depth count cannot see); the sums registered; chips and mult take them; mult x 3
# registered; mult takes its x mult
U_ID, U_ROW, U_HOLDS, U_MATCH, U_TIMES, U_SHIFT = range(6)
U_SUM = U_SHIFT + COUNTER_BITS
U_ADD, U_TRIPLE, U_X = U_SUM + 1, U_SUM + 2, U_SUM + 3
PROLOGUE, STEPS_PER_SLOT, EPILOGUE = 3, U_X + 1, 4
SCORER_CLOCKS = PROLOGUE + 2 * JOKER_SLOTS * STEPS_PER_SLOT + EPILOGUE
STAGE_PRO, STAGE_SLOT, STAGE_EPI, STAGE_IDLE = range(4)     # IDLE: the result held
SUIT_SHIFT = 13                      # KEY_ROM: 4 suit bits over 13 rank bits
SUIT_WANT_ROM = tuple(1 << SUIT_SHIFT + s for s in range(4))
HITS_ROM = tuple(bin(m).count("1") for m in range(1 << PICKED))     # the cards a row matches


class Scored:
    """The scorer's published result: chips, mult, score (chips x mult), grown (the jokers'
    counters after the play, a list), done (a pulse: a round ended)."""

    def __init__(self, widths):
        self.chips = Signal(intbv(0)[widths.chips:])
        self.mult = Signal(intbv(0)[widths.mult:])
        self.score = Signal(intbv(0)[widths.play:])
        self.grown = [Signal(intbv(0)[COUNTER_BITS:]) for _ in range(JOKER_SLOTS)]
        self.done = Signal(bool(0))


class Play:
    """What the conditions read of a play, registered in the prologue: has (the hand types it
    contains, 16 bits), n (cards played), last (the blind's last hand), before (its type was
    played in this blind), suits (of the scored cards), multi (two suits or more), noface (no
    scored face), keys (each card's suit, rank and face bits: KEY_ROM; 0 when it does not
    score)."""

    def __init__(self):
        self.has = Signal(intbv(0)[16:])
        self.n = Signal(intbv(0)[4:])
        self.last, self.before = Signal(bool(0)), Signal(bool(0))
        self.suits = Signal(intbv(0)[4:])
        self.multi, self.noface = Signal(bool(0)), Signal(bool(0))
        self.keys = [Signal(intbv(0)[KEY_BITS + 1:]) for _ in range(PICKED)]


@block(skipname=True)
def hand_condition(cond, param, play, holds):
    """holds: whether a hand condition (golden hand_matches: cond, its param) holds for the
    play (Play); per-card conditions and NEVER do not."""
    low = Signal(intbv(0)[4:])

    @always_comb
    def parameter():
        low.next = param[4:0]

    @always_comb
    def condition():
        if cond == ALWAYS:
            holds.next = 1
        elif cond == CONTAINS:
            holds.next = play.has[low]
        elif cond == SIZE_AT_MOST:
            holds.next = play.n <= low
        elif cond == SIZE_IS:
            holds.next = play.n == low
        elif cond == LAST_HAND:
            holds.next = play.last
        elif cond == PLAYED_BEFORE:
            holds.next = play.before
        elif cond == SUIT_AND_OTHER:
            holds.next = play.suits[low[2:0]] and play.multi
        elif cond == NO_FACE:
            holds.next = play.noface
        else:
            holds.next = 0

    return parameter, condition


@block(skipname=True)
def scorer_prologue(clk, stage, u, picked, scored, count, category, hands_left, played, play):
    """play (Play) from the preview's cards and the blind, in the prologue's first two
    steps."""
    padded = Signal(intbv(0)[16:])

    @always_comb
    def pad():
        padded.next = played

    @always(clk.posedge)
    def features():
        if stage == STAGE_PRO and u == 0:
            play.has.next = CONTAINS_ROM[int(category)]
            play.n.next = count
            play.last.next = hands_left == 1
            play.before.next = padded[category]
            for i in range(PICKED):
                code = intbv(0)[CODE_BITS:]
                for b in range(CODE_BITS):
                    code[b] = picked[CODE_BITS * i + b]
                if scored[i]:
                    play.keys[i].next = KEY_ROM[int(code)]
                else:
                    play.keys[i].next = 0
        elif stage == STAGE_PRO and u == 1:
            s = intbv(0)[4:]
            face = False
            for i in range(PICKED):
                face = face or bool(play.keys[i][KEY_BITS])
                for b in range(4):
                    if play.keys[i][SUIT_SHIFT + b]:
                        s[b] = 1
            play.suits.next = s
            play.noface.next = not face
        elif stage == STAGE_PRO and u == 2:
            play.multi.next = not (play.suits == 0 or play.suits == 1 or play.suits == 2 or
                                   play.suits == 4 or play.suits == 8)

    return pad, features


class Row:
    """One row of the effect table, read for the slot in turn."""

    def __init__(self):
        self.cond, self.param = Signal(intbv(0)[4:]), Signal(intbv(0)[13:])
        self.chips, self.mult = Signal(intbv(0)[7:]), Signal(intbv(0)[5:])
        self.xmult, self.grow = Signal(intbv(1)[3:]), Signal(intbv(NEVER)[4:])
        self.grow_param = Signal(intbv(0)[4:])
        self.reset, self.per_card = Signal(intbv(0)[1:]), Signal(intbv(0)[1:])


@block(skipname=True)
def scorer_slot(clk, stage, u, slot, second, ids, counters, play, add_c, add_m, xq, grown):
    """The steps of one slot up to its amounts (U_ID .. U_SUM): add_c and add_m, the row's
    chips and mult times the count (per-card: the matching cards; scaling: the counter; other
    rows: 1 when the condition holds; 0 in the pass where the row does not act), xq its x
    mult (1 when none), grown the counters (pass 0). second: pass 1."""
    row = Row()
    times = Signal(intbv(0)[COUNTER_BITS:])
    amount_c, amount_m = Signal(intbv(0)[len(add_c):]), Signal(intbv(0)[len(add_m):])
    ident = Signal(intbv(63)[6:])
    cnt = Signal(intbv(0)[COUNTER_BITS:])
    cond, param = Signal(intbv(0)[4:]), Signal(intbv(0)[13:])
    holds, holds_q = Signal(bool(0)), Signal(bool(0))
    suit = Signal(intbv(0)[2:])
    want = Signal(intbv(0)[KEY_BITS:])
    hits, matched = Signal(intbv(0)[PICKED:]), Signal(intbv(0)[3:])
    judge = hand_condition(cond, param, play, holds)
    top = MAX_COUNTER

    @always_comb
    def which():
        if second:
            cond.next = row.cond
            param.next = row.param
        else:
            cond.next = row.grow
            param.next = row.grow_param

    @always_comb
    def count_hits():
        matched.next = HITS_ROM[int(hits)]

    @always_comb
    def suit_of():
        suit.next = row.param[2:0]

    @always(clk.posedge)
    def slot_steps():
        if stage == STAGE_SLOT:
            if u == U_ID:
                ident.next = ids[slot]
                if second:
                    cnt.next = grown[slot]
                else:
                    cnt.next = counters[slot]
            elif u == U_ROW:
                row.cond.next = COND_ROM[int(ident)]
                row.param.next = PARAM_ROM[int(ident)]
                row.chips.next = CHIPS_ROM[int(ident)]
                row.mult.next = MULT_ROM[int(ident)]
                row.xmult.next = XMULT_ROM[int(ident)]
                row.grow.next = GROW_ROM[int(ident)]
                row.grow_param.next = GROW_PARAM_ROM[int(ident)]
                row.reset.next = RESET_ROM[int(ident)]
                row.per_card.next = PER_CARD_ROM[int(ident)]
            elif u == U_HOLDS:
                holds_q.next = holds
                if row.cond == SUIT:
                    want.next = SUIT_WANT_ROM[int(suit)]
                elif row.cond == RANKS:
                    want.next = row.param
                else:
                    want.next = 0
            elif u == U_MATCH:
                m = intbv(0)[PICKED:]
                for i in range(PICKED):
                    hit = False
                    for b in range(KEY_BITS):
                        hit = hit or (play.keys[i][b] and want[b])
                    m[i] = hit
                hits.next = m
                if not second:
                    if row.grow != NEVER and holds_q:
                        if cnt < top:
                            grown[slot].next = cnt + 1
                        else:
                            grown[slot].next = cnt
                    elif row.reset:
                        grown[slot].next = 0
                    else:
                        grown[slot].next = cnt
            elif u == U_TIMES:
                xq.next = 1
                amount_c.next = row.chips
                amount_m.next = row.mult
                add_c.next = 0
                add_m.next = 0
                if not second:
                    if row.per_card:
                        times.next = matched
                    else:
                        times.next = 0
                elif row.per_card == 1 or not holds_q:
                    times.next = 0
                elif row.grow != NEVER:
                    times.next = cnt
                else:
                    times.next = 1
                    xq.next = row.xmult
            elif u >= U_SHIFT and u < U_SUM:
                # one bit of the count a step, lowest first
                if times[0]:
                    add_c.next = add_c + amount_c
                    add_m.next = add_m + amount_m
                times.next = times >> 1
                amount_c.next = amount_c << 1
                amount_m.next = amount_m << 1

    return instances()


@block(skipname=True)
def scorer_sums(clk, stage, u, base_chips, base_mult, lvc, lvm, add_c, add_m, xq, chips, mult,
                product):
    """chips and mult through the round: loaded in the prologue (the preview's plus the
    level's), added to (U_ADD) and multiplied (U_X) in each slot; their sums, mult x 3 and
    chips x mult are registered every clock, so each step is a choice, not an adder. The
    product's operands are registered copies and its result is registered twice, all
    unconditionally: a DSP takes them as its own registers (A, B, M, P), and nothing but a
    register is on either side of it (a depth count does not see inside a DSP)."""
    base_c, base_m = Signal(intbv(0)[len(chips):]), Signal(intbv(0)[len(mult):])
    sum_c, sum_m = Signal(intbv(0)[len(chips):]), Signal(intbv(0)[len(mult):])
    m3 = Signal(intbv(0)[len(mult):])
    pa, pb = Signal(intbv(0)[len(chips):]), Signal(intbv(0)[len(mult):])
    pm = Signal(intbv(0)[len(product):])

    @always(clk.posedge)
    def adders():
        base_c.next = base_chips + lvc
        base_m.next = base_mult + lvm
        sum_c.next = chips + add_c
        sum_m.next = mult + add_m
        m3.next = (mult << 1) + mult
        pa.next = chips
        pb.next = mult
        pm.next = pa * pb
        product.next = pm

    @always(clk.posedge)
    def sum_steps():
        if stage == STAGE_PRO and u == 2:
            chips.next = base_c
            mult.next = base_m
        elif stage == STAGE_SLOT and u == U_ADD:
            chips.next = sum_c
            mult.next = sum_m
        elif stage == STAGE_SLOT and u == U_X:
            if xq == 2:
                mult.next = mult << 1
            elif xq == 3:
                mult.next = m3
            elif xq == 4:
                mult.next = mult << 2

    return adders, sum_steps


@block
def run_scorer(clk, rst, restart, picked, scored, count, category, base_chips, base_mult,
               xchips, xmult, ids, counters, hands_left, played, out, widths):
    """out (Scored) from the preview's play (picked, scored, count, category, base_chips,
    base_mult: balatro.preview's), the levels' chips and mult added by hand type (xchips,
    xmult: lists), the jokers (ids, counters: lists, slot 0 leftmost, NO_ITEM empty), the
    blind (hands_left, played: the hand types played in it). restart: begin a round now (the
    inputs settled; the last result is held until the round ends)."""
    stage = Signal(intbv(STAGE_PRO)[2:])
    u, slot = Signal(intbv(0)[5:]), Signal(intbv(0)[3:])
    second = Signal(bool(0))
    play = Play()
    lvc, lvm = Signal(intbv(0)[widths.xchips:]), Signal(intbv(0)[widths.xmult:])
    xq = Signal(intbv(1)[3:])
    cat = Signal(intbv(0)[4:])
    add_c = Signal(intbv(0)[widths.chips:])
    add_m = Signal(intbv(0)[widths.mult:])
    chips, mult = Signal(intbv(0)[widths.chips:]), Signal(intbv(0)[widths.mult:])
    product = Signal(intbv(0)[widths.play:])
    grown = [Signal(intbv(0)[COUNTER_BITS:]) for _ in range(JOKER_SLOTS)]
    features = scorer_prologue(clk, stage, u, picked, scored, count, category, hands_left,
                               played, play)
    slot_steps = scorer_slot(clk, stage, u, slot, second, ids, counters, play, add_c, add_m,
                             xq, grown)
    sums = scorer_sums(clk, stage, u, base_chips, base_mult, lvc, lvm, add_c, add_m, xq,
                       chips, mult, product)
    last_u, last_slot = STEPS_PER_SLOT - 1, JOKER_SLOTS - 1
    slots, types = JOKER_SLOTS, len(xchips)

    @always_seq(clk.posedge, reset=rst)
    def ticks():
        """stage, then u (the step), slot and second (the pass) within the slots stage; idle
        from the end of a round to the next restart."""
        u.next = u + 1
        if restart:
            stage.next = STAGE_PRO
            u.next = 0
        elif stage == STAGE_PRO:
            if u == PROLOGUE - 1:
                stage.next = STAGE_SLOT
                u.next = 0
                slot.next = 0
                second.next = 0
        elif stage == STAGE_SLOT:
            if u == last_u:
                u.next = 0
                slot.next = slot + 1
                if slot == last_slot:
                    slot.next = 0
                    second.next = not second
                    if second:
                        stage.next = STAGE_EPI
        elif stage == STAGE_EPI:
            if u == EPILOGUE - 1:
                stage.next = STAGE_IDLE
                u.next = 0
        else:
            u.next = 0

    @always_comb
    def hand_type():
        cat.next = 0
        if category < types:
            cat.next = category

    @always(clk.posedge)
    def level():
        """The level's chips and mult of the play's hand type."""
        if stage == STAGE_PRO and u == 0:
            lvc.next = xchips[cat]
            lvm.next = xmult[cat]

    @always_seq(clk.posedge, reset=rst)
    def publish():
        out.done.next = 0
        if stage == STAGE_EPI and u == EPILOGUE - 1:
            out.chips.next = chips
            out.mult.next = mult
            out.score.next = product
            out.done.next = 1
            for i in range(slots):
                out.grown[i].next = grown[i]

    return instances()
