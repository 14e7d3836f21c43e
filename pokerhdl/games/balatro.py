"""Balatro, the game controller: golden/balatro.py's BalatroGame in hardware, move by move.

Moves (golden ACT_ codes) come on cmd_valid/cmd_ready with the selection mask (the switches when
the button was pressed) and are answered by one res_valid pulse with their code: OK or the
golden refusal (a refusal changes nothing but ``result``); an op code beyond ACT_NEW_RUN is
answered BAD_OP and changes nothing at all.

Every observable is a port of ``view`` (a BalatroView), so the VGA renderer and the tests read
the same signals. The preview (``view.pick_*``) is the score of the live ``selection``
(the switches) over the cards in hand, PREVIEW_LATENCY clocks after it changes; a play waits
for the preview of its own mask and adds it, so the shown preview and the score cannot differ.

Each blind takes a fresh deck: ``deck_start`` pulses, then cards come in deal order on a stream
(deck_data/valid/ready; the board's shuffler, or a test). The controller takes what it draws
and, at the blind's end, drains the rest of the 52, so every deck is taken whole (the
shuffler's random words never depend on when its cards are taken).

A move takes a few clocks (a play PREVIEW_LATENCY + 2), plus 8 to remove cards and one per card
drawn; a blind's end drains the deck (up to 52 clocks) and deals the next hand.
"""

from myhdl import (block, always, always_seq, always_comb, concat, enum, Signal, ResetSignal,
                   intbv, instances)

from ..golden.balatro import (ACT_DISCARD, ACT_NEW_RUN, ACT_PLAY, ACT_SORT_SUIT, CARD_CHIPS,
                              HAND_CHIPS, HAND_MULT, HAND_SLOTS, MAX_HAND_SCORE, NO_HAND, OK,
                              PHASE_LOST, PHASE_PLAYING, PHASE_WON, REF_EMPTY_SLOT,
                              REF_NO_DISCARDS, REF_NOTHING_SELECTED, REF_RUN_OVER, REF_TOO_MANY,
                              SMALL, Rules)
from ..golden.cards import DECK_SIZE, NO_CARD
from ..rtl.eval5 import LATENCY as EVAL_LATENCY, eval5
from ..rtl.pipe import pipe_reg

OP_BITS = 3
RESULT_BITS = 3
BAD_OP = 7                      # res_code of an op code no button makes
CODE_BITS = 6
PICKED = 5                      # the preview scores up to five cards, as eval5 does
CHIPS_BITS = (max(HAND_CHIPS) + PICKED * max(CARD_CHIPS)).bit_length()
HAND_SCORE_BITS = MAX_HAND_SCORE.bit_length()
# the live selection to its preview: compact (3 clocks), eval5, sum chips (2), multiply (1)
PREVIEW_LATENCY = 3 + EVAL_LATENCY + 3
# counts as tables, so that they are two LUT levels, not a chain of adds: the chosen slots of a
# mask, and by mask how many chosen slots precede slot i (3 bits each, slot 0 lowest), then
# how many are chosen (4 bits)
POPCOUNT = tuple(bin(m).count("1") for m in range(1 << HAND_SLOTS))
PREFIX_ROM = tuple(sum(POPCOUNT[m & ((1 << i) - 1)] << 3 * i for i in range(HAND_SLOTS))
                   | POPCOUNT[m] << 3 * HAND_SLOTS for m in range(1 << HAND_SLOTS))
PREFIX_BITS = 3 * HAND_SLOTS + 4
CHIPS_OF_CODE = tuple(CARD_CHIPS[c >> 2] if c < DECK_SIZE else 0 for c in range(64))
OCCUPIED = tuple((1 << n) - 1 for n in range(HAND_SLOTS + 1)) + (0,) * (15 - HAND_SLOTS)
HAND_CHIPS_ROM = tuple(HAND_CHIPS) + (0,) * (16 - len(HAND_CHIPS))
HAND_MULT_ROM = tuple(HAND_MULT) + (0,) * (16 - len(HAND_MULT))
assert set(HAND_MULT) <= {1, 2, 3, 4, 7, 8}, "preview.multiply knows these mults"


def score_bits(rules):
    """The width of the score and target ports: the largest either can be."""
    return max(rules.max_score, max(rules.targets)).bit_length()


def target_rom(rules):
    """Targets by concat(ante[4], blind[2]) (0 where no blind is)."""
    return tuple(rules.target(a, b) if 1 <= a <= rules.antes and b < rules.blinds_per_ante
                 else 0 for a in range(16) for b in range(4))


class BalatroView:
    """The observables of a run (golden BalatroGame.observe()) and the preview of the selection.
    hand[48]: slot i in bits 6i+5..6i, NO_CARD (63) beyond hand_len; pick_count: the selected
    cards in hand; pick_category, pick_chips, pick_mult: their hand when 1..5 are selected."""

    def __init__(self, rules):
        w = score_bits(rules)

        def u(bits, value=0):
            return Signal(intbv(value)[bits:])
        self.hand = u(CODE_BITS * HAND_SLOTS, (1 << CODE_BITS * HAND_SLOTS) - 1)
        self.hand_len = u(4)
        self.phase = u(2)
        self.ante = u(4, 1)
        self.blind = u(2)
        self.target = u(w)
        self.score = u(w)
        self.hands_left = u(4)
        self.discards_left = u(4)
        self.deck_left = u(CODE_BITS)
        self.result = u(RESULT_BITS)
        self.last_category = u(4, NO_HAND)
        self.last_chips = u(CHIPS_BITS)
        self.last_mult = u(4)
        self.last_score = u(HAND_SCORE_BITS)
        self.pick_count = u(4)
        self.pick_category = u(4)
        self.pick_chips = u(CHIPS_BITS)
        self.pick_mult = u(4)


@block
def pick_card(clk, slots, chosen, before, j, card, chips):
    """card <= the j-th chosen slot's card (NO_CARD when fewer are chosen), chips <= its chips.
    before[i]: how many chosen slots precede slot i."""
    @always(clk.posedge)
    def pick():
        c = intbv(NO_CARD)[CODE_BITS:]
        for i in range(HAND_SLOTS):
            if chosen[i] and before[i] == j:
                c[:] = slots[i]
        card.next = c
        chips.next = CHIPS_OF_CODE[int(c)]
    return pick


@block
def preview(clk, rst, slots, chosen_in, count, category, chips, mult, score):
    """The hand of the chosen slots (1 to 5), PREVIEW_LATENCY clocks after chosen_in: count,
    category, chips (base plus the scoring cards'), mult and score = chips x mult."""
    chosen_q, chosen = Signal(intbv(0)[HAND_SLOTS:]), Signal(intbv(0)[HAND_SLOTS:])
    prefix, prefix_q = Signal(intbv(0)[PREFIX_BITS:]), Signal(intbv(0)[PREFIX_BITS:])
    before = [Signal(intbv(0)[3:]) for _ in range(HAND_SLOTS)]
    n0 = Signal(intbv(0)[4:])
    cards = [Signal(intbv(NO_CARD)[CODE_BITS:]) for _ in range(PICKED)]
    card_chips = [Signal(intbv(0)[4:]) for _ in range(PICKED)]
    pickers = [pick_card(clk, slots, chosen, before, j, cards[j], card_chips[j])
               for j in range(PICKED)]
    n1 = Signal(intbv(0)[4:])
    # eval5, with the chips and the count delayed alongside
    word, mask = Signal(intbv(0)[24:]), Signal(intbv(0)[PICKED:])
    invalid, out_valid, in_valid = Signal(bool(0)), Signal(bool(0)), Signal(bool(1))
    ranker = eval5(clk, rst, *cards, in_valid, word, invalid, mask, out_valid)
    packed = [Signal(intbv(0)[4 * PICKED + 4:]) for _ in range(EVAL_LATENCY + 1)]
    delays = [pipe_reg(clk, packed[k], packed[k + 1]) for k in range(EVAL_LATENCY)]
    packed_in, p = packed[0], packed[EVAL_LATENCY]
    base = Signal(intbv(0)[CHIPS_BITS:])
    times = Signal(intbv(0)[4:])
    cat_a, n_a = Signal(intbv(0)[4:]), Signal(intbv(0)[4:])
    s01, s23, s4 = Signal(intbv(0)[5:]), Signal(intbv(0)[5:]), Signal(intbv(0)[4:])
    cat_b, n_b, mult_b = Signal(intbv(0)[4:]), Signal(intbv(0)[4:]), Signal(intbv(0)[4:])
    chips_b = Signal(intbv(0)[CHIPS_BITS:])
    top = HAND_SLOTS

    @always_comb
    def prefix_rom():
        prefix.next = PREFIX_ROM[int(chosen_in)]

    @always(clk.posedge)
    def prefix_read():
        """The table's registered read (a block RAM's), then the counts registered again in
        prefix_counts: the RAM's clock-to-out ends at a register, not in pick_card's logic."""
        chosen_q.next = chosen_in
        prefix_q.next = prefix

    @always(clk.posedge)
    def prefix_counts():
        chosen.next = chosen_q
        for i in range(top):
            v = intbv(0)[3:]
            for b in range(3):
                v[b] = prefix_q[3 * i + b]
            before[i].next = v
        n0.next = prefix_q[PREFIX_BITS:3 * HAND_SLOTS]

    @always_comb
    def pack():
        packed_in.next = concat(n1, card_chips[4], card_chips[3], card_chips[2], card_chips[1],
                                card_chips[0])

    @always(clk.posedge)
    def count_along():
        n1.next = n0

    @always(clk.posedge)
    def sum_chips():
        cat_a.next = word[24:20]
        n_a.next = p[24:20]
        a = intbv(0)[4:]
        b = intbv(0)[4:]
        c = intbv(0)[4:]
        d = intbv(0)[4:]
        e = intbv(0)[4:]
        if mask[0]:
            a[:] = p[4:0]
        if mask[1]:
            b[:] = p[8:4]
        if mask[2]:
            c[:] = p[12:8]
        if mask[3]:
            d[:] = p[16:12]
        if mask[4]:
            e[:] = p[20:16]
        s01.next = a + b
        s23.next = c + d
        s4.next = e

    @always_comb
    def base_rom():
        base.next = HAND_CHIPS_ROM[int(cat_a)]

    @always_comb
    def mult_rom():
        times.next = HAND_MULT_ROM[int(cat_a)]

    @always(clk.posedge)
    def base_and_mult():
        cat_b.next = cat_a
        n_b.next = n_a
        chips_b.next = base + s01 + s23 + s4
        mult_b.next = times

    @always(clk.posedge)
    def multiply():
        count.next = n_b
        category.next = cat_b
        chips.next = chips_b
        mult.next = mult_b
        c = intbv(0)[HAND_SCORE_BITS:]
        c[:] = chips_b
        if mult_b == 8:
            score.next = c << 3
        elif mult_b == 7:
            score.next = (c << 3) - c
        elif mult_b == 4:
            score.next = c << 2
        elif mult_b == 3:
            score.next = (c << 1) + c
        elif mult_b == 2:
            score.next = c << 1
        else:
            score.next = c

    return instances()


@block
def balatro_game(clk, rst, cmd_valid, cmd_ready, cmd_op, cmd_mask, res_valid, res_code, selection,
                 deck_start, deck_data, deck_valid, deck_ready, view, rules=Rules()):
    """cmd_op[3]: a golden ACT_ code, cmd_mask[8]: its selection; res_code[3]: OK, a refusal,
    or BAD_OP. selection[8]: the live selection, previewed in view.pick_*. deck_start: a new deck's
    cards follow on deck_data[6]/deck_valid/deck_ready (AXI4-Stream style). view: BalatroView."""
    r = rules
    if max(r.hands, r.discards, r.antes) > 15:
        raise ValueError("hands, discards and antes are counted in 4 bits")
    w = score_bits(r)
    targets = target_rom(r)
    st = enum("BAL_IDLE", "BAL_CHECK", "BAL_SCORE", "BAL_COMPACT", "BAL_DRAW", "BAL_SETTLE",
              "BAL_SORT", "BAL_DRAIN", "BAL_DONE")
    state = Signal(st.BAL_DRAIN)
    slots = [Signal(intbv(NO_CARD)[CODE_BITS:]) for _ in range(HAND_SLOTS)]
    hand_len = Signal(intbv(0, min=0, max=HAND_SLOTS + 1))
    dealt = Signal(intbv(DECK_SIZE, min=0, max=DECK_SIZE + 1))
    phase = Signal(intbv(PHASE_PLAYING)[2:])
    ante, blind = Signal(intbv(1)[4:]), Signal(intbv(SMALL)[2:])
    target, score = Signal(intbv(0)[w:]), Signal(intbv(0)[w:])
    hands_left, discards_left = Signal(intbv(0)[4:]), Signal(intbv(0)[4:])
    result = Signal(intbv(OK)[RESULT_BITS:])
    bad_op = Signal(bool(0))              # the move's answer is BAD_OP, else ``result``
    last_category = Signal(intbv(NO_HAND)[4:])
    last_chips, last_mult = Signal(intbv(0)[CHIPS_BITS:]), Signal(intbv(0)[4:])
    last_score = Signal(intbv(0)[HAND_SCORE_BITS:])
    op, mask = Signal(intbv(0)[OP_BITS:]), Signal(intbv(0)[HAND_SLOTS:])
    taken, done, start = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    step = Signal(intbv(0)[4:])           # the wait, the slot removed, the sort's pass
    by_suit = Signal(bool(0))
    occupied = Signal(intbv(0)[HAND_SLOTS:])
    keys = [Signal(intbv(0)[CODE_BITS + 1:]) for _ in range(HAND_SLOTS)]
    draw_more, ready = Signal(bool(0)), Signal(bool(0))
    mask_count = Signal(intbv(0, min=0, max=HAND_SLOTS + 1))
    blind_index, target_next = Signal(intbv(0)[6:]), Signal(intbv(0)[w:])
    # the preview
    chosen = Signal(intbv(0)[HAND_SLOTS:])
    pick_count, pick_category = Signal(intbv(0)[4:]), Signal(intbv(0)[4:])
    pick_chips, pick_mult = Signal(intbv(0)[CHIPS_BITS:]), Signal(intbv(0)[4:])
    pick_score = Signal(intbv(0)[HAND_SCORE_BITS:])
    scorer = preview(clk, rst, slots, chosen, pick_count, pick_category, pick_chips, pick_mult,
                     pick_score)
    n_hands, n_discards, size, most = r.hands, r.discards, r.hand_size, r.max_select
    antes, per_ante, play_out = r.antes, r.blinds_per_ante, r.play_out
    wait = PREVIEW_LATENCY + 1
    last_slot = HAND_SLOTS - 1

    @always_comb
    def choose():
        occupied.next = OCCUPIED[int(hand_len)]
        if state == st.BAL_IDLE:
            chosen.next = selection & occupied
        else:
            chosen.next = mask & occupied

    @always_comb
    def blind_number():
        blind_index.next = concat(ante, blind)

    @always_comb
    def count_rom():
        mask_count.next = POPCOUNT[int(mask)]

    @always_comb
    def target_rom_read():
        target_next.next = targets[int(blind_index)]

    @always(clk.posedge)
    def sort_keys():
        """Descending keys: rank then suit (the code) or suit then rank; empty slots lowest.
        Registered (the sort compares them a clock later, so it swaps every other clock)."""
        for i in range(HAND_SLOTS):
            c = slots[i]
            if c == NO_CARD:
                keys[i].next = 0
            elif by_suit:
                keys[i].next = concat(True, c[2:0], c[CODE_BITS:2])
            else:
                keys[i].next = concat(True, c)

    @always_comb
    def deck_flow():
        draw_more.next = hand_len < size and dealt != DECK_SIZE
        ready.next = (state == st.BAL_DRAIN and dealt != DECK_SIZE) or \
            (state == st.BAL_DRAW and hand_len < size and dealt != DECK_SIZE)

    @always_seq(clk.posedge, reset=rst)
    def control():
        done.next = 0
        start.next = 0
        target.next = target_next
        if state == st.BAL_IDLE:
            if cmd_valid:
                op.next = cmd_op
                mask.next = cmd_mask
                taken.next = 1
                state.next = st.BAL_CHECK

        elif state == st.BAL_CHECK:
            step.next = 0
            bad_op.next = op > ACT_NEW_RUN
            if op == ACT_NEW_RUN:
                phase.next = PHASE_PLAYING
                ante.next = 1
                blind.next = SMALL
                last_category.next = NO_HAND
                last_chips.next = 0
                last_mult.next = 0
                last_score.next = 0
                result.next = OK
                state.next = st.BAL_DRAIN
            elif op > ACT_NEW_RUN:
                state.next = st.BAL_DONE
            elif phase != PHASE_PLAYING:
                result.next = REF_RUN_OVER
                state.next = st.BAL_DONE
            elif op > ACT_DISCARD:
                by_suit.next = op == ACT_SORT_SUIT
                result.next = OK
                state.next = st.BAL_SORT
            elif op == ACT_DISCARD and discards_left == 0:
                result.next = REF_NO_DISCARDS
                state.next = st.BAL_DONE
            elif mask == 0:
                result.next = REF_NOTHING_SELECTED
                state.next = st.BAL_DONE
            elif mask_count > most:
                result.next = REF_TOO_MANY
                state.next = st.BAL_DONE
            elif (mask & ~occupied) != 0:
                result.next = REF_EMPTY_SLOT
                state.next = st.BAL_DONE
            else:
                result.next = OK
                if op == ACT_PLAY:
                    state.next = st.BAL_SCORE
                else:
                    discards_left.next = discards_left - 1
                    step.next = last_slot
                    state.next = st.BAL_COMPACT

        elif state == st.BAL_SCORE:
            # the preview now shows the move's own mask
            step.next = step + 1
            if step == wait:
                score.next = score + pick_score
                hands_left.next = hands_left - 1
                last_category.next = pick_category
                last_chips.next = pick_chips
                last_mult.next = pick_mult
                last_score.next = pick_score
                step.next = last_slot
                state.next = st.BAL_COMPACT

        elif state == st.BAL_COMPACT:
            # slot `step` leaves when chosen: the slots above it move down one
            if mask[int(step)]:
                for s in range(last_slot):
                    if s >= step:
                        slots[s].next = slots[s + 1]
                slots[last_slot].next = NO_CARD
                hand_len.next = hand_len - 1
            step.next = step - 1
            if step == 0:
                state.next = st.BAL_DRAW

        elif state == st.BAL_DRAW:
            if not draw_more:
                state.next = st.BAL_SETTLE
            elif deck_valid:
                slots[int(hand_len)].next = deck_data
                hand_len.next = hand_len + 1
                dealt.next = dealt + 1

        elif state == st.BAL_SETTLE:
            reached = score >= target
            state.next = st.BAL_DONE
            if (reached and not play_out) or hands_left == 0 or hand_len == 0:
                if not reached:
                    phase.next = PHASE_LOST
                elif blind + 1 < per_ante:
                    blind.next = blind + 1
                    state.next = st.BAL_DRAIN
                elif ante < antes:
                    ante.next = ante + 1
                    blind.next = SMALL
                    state.next = st.BAL_DRAIN
                else:
                    phase.next = PHASE_WON

        elif state == st.BAL_SORT:
            # odd-even transposition: 8 passes sort 8 slots, a pass on every odd step (the
            # keys of the slots the last pass left are registered on the even one)
            if step[0] and step[1]:
                for j in range(HAND_SLOTS // 2 - 1):
                    if keys[2 * j + 1] < keys[2 * j + 2]:
                        slots[2 * j + 1].next = slots[2 * j + 2]
                        slots[2 * j + 2].next = slots[2 * j + 1]
            elif step[0]:
                for j in range(HAND_SLOTS // 2):
                    if keys[2 * j] < keys[2 * j + 1]:
                        slots[2 * j].next = slots[2 * j + 1]
                        slots[2 * j + 1].next = slots[2 * j]
            step.next = step + 1
            if step == 2 * HAND_SLOTS - 1:
                state.next = st.BAL_DONE

        elif state == st.BAL_DRAIN:
            # take the rest of the deck, then a fresh one for the blind
            if dealt == DECK_SIZE:
                start.next = 1
                dealt.next = 0
                hand_len.next = 0
                for s in range(HAND_SLOTS):
                    slots[s].next = NO_CARD
                score.next = 0
                hands_left.next = n_hands
                discards_left.next = n_discards
                state.next = st.BAL_DRAW
            elif deck_valid:
                dealt.next = dealt + 1

        else:   # BAL_DONE
            done.next = taken
            taken.next = 0
            state.next = st.BAL_IDLE

    @always_comb
    def outputs():
        cmd_ready.next = state == st.BAL_IDLE
        res_valid.next = done
        if bad_op:
            res_code.next = BAD_OP
        else:
            res_code.next = result
        deck_start.next = start
        deck_ready.next = ready
        v = intbv(0)[CODE_BITS * HAND_SLOTS:]
        for b in range(CODE_BITS * HAND_SLOTS):
            v[b] = slots[b // CODE_BITS][b % CODE_BITS]
        view.hand.next = v
        view.hand_len.next = hand_len
        view.phase.next = phase
        view.ante.next = ante
        view.blind.next = blind
        view.target.next = target
        view.score.next = score
        view.hands_left.next = hands_left
        view.discards_left.next = discards_left
        view.deck_left.next = DECK_SIZE - dealt
        view.result.next = result
        view.last_category.next = last_category
        view.last_chips.next = last_chips
        view.last_mult.next = last_mult
        view.last_score.next = last_score
        view.pick_count.next = pick_count
        view.pick_category.next = pick_category
        view.pick_chips.next = pick_chips
        view.pick_mult.next = pick_mult

    return instances()


def rules_of(ante_bases=None, **fields):
    """golden Rules from a top's JSON parameters (ante_bases a list, None: the game's)."""
    if ante_bases is not None:
        fields["ante_bases"] = tuple(ante_bases)
    return Rules(**fields)


def balatro_game_top(**params):
    """balatro_game with fresh port signals, for conversion; params: rules_of's."""
    rules = rules_of(**params)

    def u(n, value=0):
        return Signal(intbv(value)[n:])

    def b():
        return Signal(bool(0))
    return balatro_game(clk=b(), rst=ResetSignal(0, active=1, isasync=False), cmd_valid=b(),
                        cmd_ready=b(), cmd_op=u(OP_BITS), cmd_mask=u(HAND_SLOTS),
                        res_valid=b(), res_code=u(RESULT_BITS), selection=u(HAND_SLOTS),
                        deck_start=b(), deck_data=u(CODE_BITS), deck_valid=b(),
                        deck_ready=b(), view=BalatroView(rules), rules=rules)
