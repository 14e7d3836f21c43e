"""Balatro, the game controller: golden/balatro/game.py's BalatroGame in hardware, move by move.

Moves (golden ACT_ codes) come on cmd_valid/cmd_ready with the selection mask (the switches when
the button was pressed) and are answered by one res_valid pulse with their code: OK or the
golden refusal (a refusal changes nothing but ``result``); an op code beyond ACT_NEW_RUN is
answered BAD_OP and changes nothing at all.

Every observable is a port of ``view`` (a BalatroView), so the VGA renderer and the tests read
the same signals. The preview (``view.pick_*``) is the score of the live ``selection``
(the switches) over the cards in hand, PREVIEW_LATENCY clocks after it changes; a play waits
for the preview of its own mask and adds it, so the shown preview and the score cannot differ.

After reset the run is on its title (golden ``title``): no deck is taken until the first
move, which starts the run whatever it is. Each blind takes a fresh deck: ``deck_start``
pulses, then cards come in deal order on a stream (deck_data/valid/ready; the board's
shuffler, or a test). The controller takes what it draws
and, at the blind's end, drains the rest of the 52, so every deck is taken whole (the
shuffler's random words never depend on when its cards are taken).

A move takes a few clocks (a play PREVIEW_LATENCY + 2), plus 8 to remove cards and one per card
drawn; a blind's end drains the deck (up to 52 clocks) and deals the next hand.

The controller is made of named parts, each the only writer of its own small interface:

    game_sequencer  the step (state) and its counter (step): the order of every move
    game_move       the move taken, its checks and its answer (Move; take_command takes it)
    game_run        phase, ante, blind, target, score, hands and discards left, last hand (Run)
    game_hand       the slots, the cards taken from the deck, the removal and the sort (Hand)
    preview         the selection's hand and score
    controller_io   the chosen cards, the command's and the deck's handshakes, the answer
    hand_view       the view's hand

take_command, game_hand, preview, controller_io and hand_view serve the run controller too
(run.py).

The parts are @block(skipname=True): the generated names are the interfaces' (run_score,
hand_slots, move_result...) and the parts' own (by_suit, keys).
"""

from myhdl import (block, always, always_seq, always_comb, concat, ConcatSignal, enum, Signal,
                   ResetSignal, intbv, instances)

from ...golden.balatro.game import (ACT_DISCARD, ACT_NEW_RUN, ACT_PLAY, ACT_SORT_SUIT, CARD_CHIPS,
                                    HAND_CHIPS, HAND_MULT, HAND_SLOTS, MAX_HAND_SCORE, NO_HAND, OK,
                                    PHASE_LOST, PHASE_PLAYING, PHASE_TITLE, PHASE_WON,
                                    REF_EMPTY_SLOT, REF_NO_DISCARDS, REF_NOTHING_SELECTED,
                                    REF_RUN_OVER, REF_TOO_MANY, SMALL, Rules)
from ...golden.cards import DECK_SIZE, NO_CARD
from ...rtl.eval.eval5 import LATENCY as EVAL_LATENCY, eval5
from ...rtl.pipe import pipe_reg

OP_BITS = 3
RESULT_BITS = 3
BAD_OP = 7                      # res_code of an op code no button makes
CODE_BITS = 6
PICKED = 5                      # the preview scores up to five cards, as eval5 does
CHIPS_BITS = (max(HAND_CHIPS) + PICKED * max(CARD_CHIPS)).bit_length()
HAND_SCORE_BITS = MAX_HAND_SCORE.bit_length()
# the live selection to its preview: compact (3 clocks), eval5, sum chips (2), multiply (1)
PREVIEW_LATENCY = 3 + EVAL_LATENCY + 3
WORKING_CLOCKS = PREVIEW_LATENCY + 2    # the preview's stages work this long after a change
# counts as tables, so that they are two LUT levels, not a chain of adds: the chosen slots of a
# mask, and by mask the slot of each of its first PICKED chosen slots (3 bits each, pick 0
# lowest, 0 past the last), then how many are chosen (4 bits)
POPCOUNT = tuple(bin(m).count("1") for m in range(1 << HAND_SLOTS))
PICK_ROM = tuple(sum(i << 3 * j for j, i in enumerate(
    [i for i in range(HAND_SLOTS) if m >> i & 1][:PICKED])) | POPCOUNT[m] << 3 * PICKED
    for m in range(1 << HAND_SLOTS))
PICK_BITS = 3 * PICKED + 4
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
    cards in hand; pick_category, pick_chips, pick_mult: their hand when 1..5 are selected.
    The widths are the base game's unless given (the run's: balatro_run.RunView)."""

    def __init__(self, rules, score_width=None, target_width=None, phase_bits=2,
                 result_bits=RESULT_BITS, chips_bits=CHIPS_BITS, mult_bits=4,
                 hand_score_bits=HAND_SCORE_BITS):
        w = score_bits(rules)

        def u(bits, value=0):
            return Signal(intbv(value)[bits:])
        self.hand = u(CODE_BITS * HAND_SLOTS, (1 << CODE_BITS * HAND_SLOTS) - 1)
        self.hand_len = u(4)
        self.phase = u(phase_bits)
        self.ante = u(4, 1)
        self.blind = u(2)
        self.target = u(target_width or w)
        self.score = u(score_width or w)
        self.hands_left = u(4)
        self.discards_left = u(4)
        self.deck_left = u(CODE_BITS)
        self.result = u(result_bits)
        self.last_category = u(4, NO_HAND)
        self.last_chips = u(chips_bits)
        self.last_mult = u(mult_bits)
        self.last_score = u(hand_score_bits)
        self.pick_count = u(4)
        self.pick_category = u(4)
        self.pick_chips = u(chips_bits)
        self.pick_mult = u(mult_bits)


@block
def pick_card(clk, slots, at, count, j, card, chips):
    """card <= the j-th chosen slot's card (NO_CARD when fewer are chosen), chips <= its chips.
    at: the j-th chosen slot; count: how many are chosen."""
    @always(clk.posedge)
    def pick():
        c = intbv(NO_CARD)[CODE_BITS:]
        if j < count:
            c[:] = slots[at]
        card.next = c
        chips.next = CHIPS_OF_CODE[int(c)]
    return pick


@block
def preview(clk, rst, slots, chosen_in, count, category, chips, mult, score, picked=None,
            scored=None):
    """The hand of the chosen slots (1 to 5), PREVIEW_LATENCY clocks after chosen_in: count,
    category, chips (base plus the scoring cards'), mult and score = chips x mult. With
    ``picked`` (a Signal of PICKED card codes, card j in bits 6j+5..6j) and ``scored``
    (PICKED bits: the cards that score, eval5's mask), the cards themselves alongside, for a
    scorer that goes on from there (the run's jokers).

    The stages after the picked cards (and the table's fields before them) work only while
    ``working``: from the clock after one whose slots or chosen_in differ from the clock
    before's until the change has passed the last stage (WORKING_CLOCKS), and after reset; a
    register (``live``) holds it, so the compare is not in front of every stage's enable.
    Stages fed an unchanged input hold what they would compute again, so the outputs are the
    same clock for clock, and a preview at rest computes next to nothing (a simulator's clock
    at rest)."""
    chosen_q = Signal(intbv(0)[HAND_SLOTS:])
    slots_now = ConcatSignal(*reversed(slots))
    slots_q = Signal(intbv(0)[CODE_BITS * HAND_SLOTS:])
    moved, working = Signal(bool(0)), Signal(bool(1))
    live = Signal(intbv(WORKING_CLOCKS, min=0, max=WORKING_CLOCKS + 1))
    picks, picks_q = Signal(intbv(0)[PICK_BITS:]), Signal(intbv(0)[PICK_BITS:])
    at = [Signal(intbv(0)[3:]) for _ in range(PICKED)]
    n0 = Signal(intbv(0)[4:])
    cards = [Signal(intbv(NO_CARD)[CODE_BITS:]) for _ in range(PICKED)]
    card_chips = [Signal(intbv(0)[4:]) for _ in range(PICKED)]
    pickers = [pick_card(clk, slots, at[j], n0, j, cards[j], card_chips[j])
               for j in range(PICKED)]
    n1 = Signal(intbv(0)[4:])
    # eval5, with the chips and the count delayed alongside
    word, mask = Signal(intbv(0)[24:]), Signal(intbv(0)[PICKED:])
    invalid, out_valid, in_valid = Signal(bool(0)), Signal(bool(0)), Signal(bool(1))
    hand_now, hand_taken = (Signal(intbv(0)[CODE_BITS * PICKED:]) for _ in range(2))
    primed = Signal(bool(0))
    ranker = eval5(clk, rst, *cards, in_valid, word, invalid, mask, out_valid)
    packed = [Signal(intbv(0)[4 * PICKED + 4:]) for _ in range(EVAL_LATENCY + 1)]
    delays = [pipe_reg(clk, packed[k], packed[k + 1], enable=working)
              for k in range(EVAL_LATENCY)]
    packed_in, p = packed[0], packed[EVAL_LATENCY]
    base = Signal(intbv(0)[CHIPS_BITS:])
    times = Signal(intbv(0)[4:])
    cat_a, n_a = Signal(intbv(0)[4:]), Signal(intbv(0)[4:])
    s01, s23, s4 = Signal(intbv(0)[5:]), Signal(intbv(0)[5:]), Signal(intbv(0)[4:])
    cat_b, n_b, mult_b = Signal(intbv(0)[4:]), Signal(intbv(0)[4:]), Signal(intbv(0)[4:])
    chips_b = Signal(intbv(0)[CHIPS_BITS:])
    if picked is not None:
        alongside = cards_alongside(clk, cards, mask, picked, scored, working)

    @always_comb
    def watch():
        moved.next = slots_now != slots_q or chosen_in != chosen_q
        working.next = live != 0

    @always_seq(clk.posedge, reset=rst)
    def liveness():
        """live: the clocks the stages still work after the last change (all after reset)."""
        slots_q.next = slots_now
        if moved:
            live.next = WORKING_CLOCKS
        elif live != 0:
            live.next = live - 1

    @always_comb
    def pick_rom():
        picks.next = PICK_ROM[int(chosen_in)]

    @always(clk.posedge)
    def pick_read():
        """The table's registered read (a block RAM's), then its fields registered again in
        pick_fields: the RAM's clock-to-out ends at a register, not in pick_card's logic."""
        chosen_q.next = chosen_in
        picks_q.next = picks

    @always(clk.posedge)
    def pick_fields():
        if working:
            for j in range(PICKED):
                v = intbv(0)[3:]
                for b in range(3):
                    v[b] = picks_q[3 * j + b]
                at[j].next = v
            n0.next = picks_q[PICK_BITS:3 * PICKED]

    @always_comb
    def fresh():
        """eval5 takes the picked cards only when they moved since it last took them (and at
        its first clock after reset): its stages hold an unchanged hand's answer, which is
        what they would compute again, so the outputs are the same clock for clock, and an
        idle preview evaluates nothing (a simulator's clock at rest)."""
        in_valid.next = (not primed) or hand_now != hand_taken

    @always_comb
    def hand():
        hand_now.next = concat(cards[4], cards[3], cards[2], cards[1], cards[0])

    @always_seq(clk.posedge, reset=rst)
    def taken():
        primed.next = 1
        hand_taken.next = hand_now

    @always_comb
    def pack():
        packed_in.next = concat(n1, card_chips[4], card_chips[3], card_chips[2], card_chips[1],
                                card_chips[0])

    @always(clk.posedge)
    def count_along():
        if working:
            n1.next = n0

    @always(clk.posedge)
    def sum_chips():
        if working:
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
        if working:
            cat_b.next = cat_a
            n_b.next = n_a
            chips_b.next = base + s01 + s23 + s4
            mult_b.next = times

    @always(clk.posedge)
    def multiply():
        if working:
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
def cards_alongside(clk, cards, mask, picked, scored, working):
    """preview's cards (to eval5) and eval5's mask delayed to meet preview's outputs:
    picked, scored (preview's docstring), moving while ``working``."""
    width = CODE_BITS * PICKED
    lines = [Signal(intbv(0)[width:]) for _ in range(EVAL_LATENCY + 3)]
    masks = [Signal(intbv(0)[PICKED:]) for _ in range(2)]
    delays = [pipe_reg(clk, lines[k], lines[k + 1], enable=working)
              for k in range(EVAL_LATENCY + 2)]
    first, last = lines[0], lines[EVAL_LATENCY + 2]

    @always_comb
    def pack_cards():
        first.next = concat(cards[4], cards[3], cards[2], cards[1], cards[0])

    @always(clk.posedge)
    def out():
        if working:
            masks[0].next = mask
            masks[1].next = masks[0]
            scored.next = masks[1]
            picked.next = last

    return instances()


STEPS = ("BAL_IDLE", "BAL_CHECK", "BAL_SCORE", "BAL_COMPACT", "BAL_DRAW", "BAL_SETTLE",
         "BAL_SORT", "BAL_DRAIN", "BAL_DONE")


class Move:
    """The move taken, written by game_move only (its take_command the command's fields): op,
    mask (cmd_op, cmd_mask as taken), taken
    (a command waits for its answer), result (OK or a refusal), bad_op (the answer is BAD_OP),
    done (res_valid)."""

    def __init__(self):
        self.op, self.mask = Signal(intbv(0)[OP_BITS:]), Signal(intbv(0)[HAND_SLOTS:])
        self.taken, self.bad_op, self.done = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
        self.result = Signal(intbv(OK)[RESULT_BITS:])


class Run:
    """The run's figures, written by game_run only: phase, ante, blind, target (the blind's,
    registered from the target ROM), score, hands_left, discards_left, and the last hand
    played: last_category, last_chips, last_mult, last_score."""

    def __init__(self, w):
        self.phase = Signal(intbv(PHASE_TITLE)[2:])
        self.ante, self.blind = Signal(intbv(1)[4:]), Signal(intbv(SMALL)[2:])
        self.target, self.score = Signal(intbv(0)[w:]), Signal(intbv(0)[w:])
        self.hands_left, self.discards_left = Signal(intbv(0)[4:]), Signal(intbv(0)[4:])
        self.last_category = Signal(intbv(NO_HAND)[4:])
        self.last_chips, self.last_mult = Signal(intbv(0)[CHIPS_BITS:]), Signal(intbv(0)[4:])
        self.last_score = Signal(intbv(0)[HAND_SCORE_BITS:])


class Hand:
    """The cards, written by game_hand only: slots (a list, NO_CARD beyond count), count (the
    cards in hand), dealt (the deck's cards taken; DECK_SIZE: none left), empty (dealt is
    DECK_SIZE: a register beside it, so the steps it steers test a flag, not a 6-bit compare),
    start (a one-clock pulse: a new deck is wanted)."""

    def __init__(self):
        self.slots = [Signal(intbv(NO_CARD)[CODE_BITS:]) for _ in range(HAND_SLOTS)]
        self.count = Signal(intbv(0, min=0, max=HAND_SLOTS + 1))
        self.dealt = Signal(intbv(DECK_SIZE, min=0, max=DECK_SIZE + 1))
        self.empty = Signal(bool(1))
        self.start = Signal(bool(0))


@block(skipname=True)
def game_sequencer(clk, rst, state, st, step, cmd_valid, move, run, hand, occupied, mask_count,
                   draw_more, rules):
    """state (a Signal of st = enum(*STEPS)), written here only, with step (the wait, the slot
    removed, the sort's pass). cmd_valid: balatro_game's port; move (Move), run (Run), hand
    (Hand): the move's checks, the blind's end, the deck; occupied, mask_count: the hand's
    slots and the move's cards; draw_more: the hand takes another card."""
    r = rules
    most, antes, per_ante, play_out = r.max_select, r.antes, r.blinds_per_ante, r.play_out
    wait = PREVIEW_LATENCY + 1
    last_slot = HAND_SLOTS - 1

    @always_seq(clk.posedge, reset=rst)
    def steps():
        if state == st.BAL_IDLE:
            if cmd_valid:
                state.next = st.BAL_CHECK
        elif state == st.BAL_CHECK:
            step.next = 0
            if move.op == ACT_NEW_RUN:
                state.next = st.BAL_DRAIN
            elif move.op > ACT_NEW_RUN:
                state.next = st.BAL_DONE
            elif run.phase != PHASE_PLAYING:
                state.next = st.BAL_DONE
            elif move.op > ACT_DISCARD:
                state.next = st.BAL_SORT
            elif move.op == ACT_DISCARD and run.discards_left == 0:
                state.next = st.BAL_DONE
            elif move.mask == 0:
                state.next = st.BAL_DONE
            elif mask_count > most:
                state.next = st.BAL_DONE
            elif (move.mask & ~occupied) != 0:
                state.next = st.BAL_DONE
            elif move.op == ACT_PLAY:
                state.next = st.BAL_SCORE
            else:
                step.next = last_slot
                state.next = st.BAL_COMPACT
        elif state == st.BAL_SCORE:
            # the preview now shows the move's own mask
            step.next = step + 1
            if step == wait:
                step.next = last_slot
                state.next = st.BAL_COMPACT
        elif state == st.BAL_COMPACT:
            step.next = step - 1
            if step == 0:
                state.next = st.BAL_DRAW
        elif state == st.BAL_DRAW:
            if not draw_more:
                state.next = st.BAL_SETTLE
        elif state == st.BAL_SETTLE:
            reached = run.score >= run.target
            state.next = st.BAL_DONE
            if (reached and not play_out) or run.hands_left == 0 or hand.count == 0:
                if not reached:
                    pass                            # lost (game_run)
                elif run.blind + 1 < per_ante:
                    state.next = st.BAL_DRAIN       # the next blind
                elif run.ante < antes:
                    state.next = st.BAL_DRAIN       # the next ante
        elif state == st.BAL_SORT:
            step.next = step + 1
            if step == 2 * HAND_SLOTS - 1:
                state.next = st.BAL_DONE
        elif state == st.BAL_DRAIN:
            if hand.empty:
                state.next = st.BAL_DRAW
        else:   # BAL_DONE
            state.next = st.BAL_IDLE

    return steps


@block(skipname=True)
def game_move(clk, rst, state, st, cmd_valid, cmd_op, cmd_mask, move, run, occupied,
              mask_count, rules):
    """move (Move) step by step: state/st the sequencer's step; cmd_valid, cmd_op, cmd_mask:
    the command; run (Run): the phase and the discards left; occupied, mask_count: the hand's
    slots and the move's cards."""
    most = rules.max_select
    taking = take_command(clk, rst, state, st, cmd_valid, cmd_op, cmd_mask, run.phase,
                          ACT_NEW_RUN, move)

    @always_seq(clk.posedge, reset=rst)
    def judge():
        if state == st.BAL_CHECK:
            move.bad_op.next = move.op > ACT_NEW_RUN
            if move.op == ACT_NEW_RUN:
                move.result.next = OK
            elif move.op > ACT_NEW_RUN:
                pass                                # BAD_OP
            elif run.phase != PHASE_PLAYING:
                move.result.next = REF_RUN_OVER
            elif move.op > ACT_DISCARD:
                move.result.next = OK
            elif move.op == ACT_DISCARD and run.discards_left == 0:
                move.result.next = REF_NO_DISCARDS
            elif move.mask == 0:
                move.result.next = REF_NOTHING_SELECTED
            elif mask_count > most:
                move.result.next = REF_TOO_MANY
            elif (move.mask & ~occupied) != 0:
                move.result.next = REF_EMPTY_SLOT
            else:
                move.result.next = OK

    return taking, judge


@block(skipname=True)
def take_command(clk, rst, state, st, cmd_valid, cmd_op, cmd_mask, phase, last_op, move):
    """move.op, mask, taken (the command as taken in the idle step: on the title every op up
    to last_op starts the run) and done (the answer's pulse, in the done step): a game's
    Move, whose other fields its judge writes."""
    @always_seq(clk.posedge, reset=rst)
    def take():
        move.done.next = 0
        if state == st.BAL_IDLE:
            if cmd_valid:
                move.op.next = cmd_op
                if phase == PHASE_TITLE and cmd_op <= last_op:
                    move.op.next = ACT_NEW_RUN      # on the title every move starts the run
                move.mask.next = cmd_mask
                move.taken.next = 1
        elif state == st.BAL_DONE:
            move.done.next = move.taken
            move.taken.next = 0
        else:
            pass                                    # the move's steps leave it as it is

    return take


@block(skipname=True)
def controller_io(state, st, move, hand, size, bad_op, selection, occupied, chosen,
                  draw_more, cmd_ready, res_valid, res_code, deck_start, deck_ready):
    """A game controller's streams and the cards its preview reads, from its parts: the
    chosen cards (the live selection when idle, else the move's), whether the hand takes
    another card (draw_more), the command's ready, the answer (bad_op: the code of an op no
    button makes), the deck's start and ready."""
    ready = Signal(bool(0))

    @always_comb
    def choose():
        occupied.next = OCCUPIED[int(hand.count)]
        if state == st.BAL_IDLE:
            chosen.next = selection & occupied
        else:
            chosen.next = move.mask & occupied

    @always_comb
    def deck_flow():
        draw_more.next = hand.count < size and not hand.empty
        ready.next = (state == st.BAL_DRAIN and not hand.empty) or \
            (state == st.BAL_DRAW and hand.count < size and not hand.empty)

    @always_comb
    def streams():
        cmd_ready.next = state == st.BAL_IDLE
        res_valid.next = move.done
        if move.bad_op:
            res_code.next = bad_op
        else:
            res_code.next = move.result
        deck_start.next = hand.start
        deck_ready.next = ready

    return choose, deck_flow, streams


@block(skipname=True)
def hand_view(hand, view):
    """The view's hand (8 slots of 6 bits, slot 0 lowest), hand_len and deck_left."""
    hand_word = ConcatSignal(*reversed(hand.slots))

    @always_comb
    def hand_ports():
        view.hand.next = hand_word
        view.hand_len.next = hand.count
        view.deck_left.next = DECK_SIZE - hand.dealt

    return hand_ports


@block(skipname=True)
def game_run(clk, rst, state, st, step, move, run, hand, target_next, occupied, mask_count,
             pick_category, pick_chips, pick_mult, pick_score, rules):
    """run (Run) step by step: state/st and step the sequencer's; move (Move): the op and its
    checks; hand (Hand): the cards left, the deck; target_next: the blind's target (ROM);
    occupied, mask_count: the hand's slots and the move's cards; pick_*: the preview of the
    move's cards."""
    r = rules
    n_hands, n_discards, most = r.hands, r.discards, r.max_select
    antes, per_ante, play_out = r.antes, r.blinds_per_ante, r.play_out
    wait = PREVIEW_LATENCY + 1

    @always_seq(clk.posedge, reset=rst)
    def figures():
        run.target.next = target_next
        if state == st.BAL_CHECK:
            if move.op == ACT_NEW_RUN:
                run.phase.next = PHASE_PLAYING
                run.ante.next = 1
                run.blind.next = SMALL
                run.last_category.next = NO_HAND
                run.last_chips.next = 0
                run.last_mult.next = 0
                run.last_score.next = 0
            elif move.op > ACT_NEW_RUN or run.phase != PHASE_PLAYING or move.op > ACT_DISCARD:
                pass                                # refused, or a sort
            elif move.op == ACT_DISCARD and run.discards_left == 0:
                pass
            elif move.mask == 0 or mask_count > most or (move.mask & ~occupied) != 0:
                pass
            elif move.op != ACT_PLAY:
                run.discards_left.next = run.discards_left - 1
        elif state == st.BAL_SCORE:
            if step == wait:
                run.score.next = run.score + pick_score
                run.hands_left.next = run.hands_left - 1
                run.last_category.next = pick_category
                run.last_chips.next = pick_chips
                run.last_mult.next = pick_mult
                run.last_score.next = pick_score
        elif state == st.BAL_SETTLE:
            reached = run.score >= run.target
            if (reached and not play_out) or run.hands_left == 0 or hand.count == 0:
                if not reached:
                    run.phase.next = PHASE_LOST
                elif run.blind + 1 < per_ante:
                    run.blind.next = run.blind + 1
                elif run.ante < antes:
                    run.ante.next = run.ante + 1
                    run.blind.next = SMALL
                else:
                    run.phase.next = PHASE_WON
        elif state == st.BAL_DRAIN:
            if hand.empty:
                run.score.next = 0
                run.hands_left.next = n_hands
                run.discards_left.next = n_discards
        else:
            pass                                    # the other steps leave the run as it is

    return figures


@block(skipname=True)
def game_hand(clk, rst, state, st, step, move, run, hand, deck_data, deck_valid, draw_more):
    """hand (Hand) step by step: state/st and step the sequencer's; move (Move): the op (a
    sort by suit or by rank) and the mask (the cards that leave); run (Run): the phase (no sort
    once the run is over); deck_data, deck_valid: the deck's stream; draw_more: the hand takes
    another card."""
    by_suit = Signal(bool(0))
    keys = [Signal(intbv(0)[CODE_BITS + 1:]) for _ in range(HAND_SLOTS)]
    last_slot = HAND_SLOTS - 1

    @always(clk.posedge)
    def sort_keys():
        """Descending keys: rank then suit (the code) or suit then rank; empty slots lowest.
        Registered (the sort compares them a clock later, so it swaps every other clock)."""
        for i in range(HAND_SLOTS):
            c = hand.slots[i]
            if c == NO_CARD:
                keys[i].next = 0
            elif by_suit:
                keys[i].next = concat(True, c[2:0], c[CODE_BITS:2])
            else:
                keys[i].next = concat(True, c)

    @always_seq(clk.posedge, reset=rst)
    def cards():
        hand.start.next = 0
        if state == st.BAL_CHECK:
            if move.op > ACT_DISCARD and move.op < ACT_NEW_RUN and run.phase == PHASE_PLAYING:
                by_suit.next = move.op == ACT_SORT_SUIT     # a sort
        elif state == st.BAL_COMPACT:
            # slot `step` leaves when chosen: the slots above it move down one
            if move.mask[int(step)]:
                for s in range(last_slot):
                    if s >= step:
                        hand.slots[s].next = hand.slots[s + 1]
                hand.slots[last_slot].next = NO_CARD
                hand.count.next = hand.count - 1
        elif state == st.BAL_DRAW:
            if draw_more and deck_valid:
                hand.slots[int(hand.count)].next = deck_data
                hand.count.next = hand.count + 1
                hand.dealt.next = hand.dealt + 1
                hand.empty.next = hand.dealt == DECK_SIZE - 1
        elif state == st.BAL_SORT:
            # odd-even transposition: 8 passes sort 8 slots, a pass on every odd step (the
            # keys of the slots the last pass left are registered on the even one)
            if step[0] and step[1]:
                for j in range(HAND_SLOTS // 2 - 1):
                    if keys[2 * j + 1] < keys[2 * j + 2]:
                        hand.slots[2 * j + 1].next = hand.slots[2 * j + 2]
                        hand.slots[2 * j + 2].next = hand.slots[2 * j + 1]
            elif step[0]:
                for j in range(HAND_SLOTS // 2):
                    if keys[2 * j] < keys[2 * j + 1]:
                        hand.slots[2 * j].next = hand.slots[2 * j + 1]
                        hand.slots[2 * j + 1].next = hand.slots[2 * j]
        elif state == st.BAL_DRAIN:
            # take the rest of the deck, then a fresh one for the blind
            if hand.empty:
                hand.start.next = 1
                hand.dealt.next = 0
                hand.empty.next = 0
                hand.count.next = 0
                for s in range(HAND_SLOTS):
                    hand.slots[s].next = NO_CARD
            elif deck_valid:
                hand.dealt.next = hand.dealt + 1
                hand.empty.next = hand.dealt == DECK_SIZE - 1
        else:
            pass                                    # the other steps leave the cards

    return sort_keys, cards


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
    st = enum(*STEPS)
    state = Signal(st.BAL_IDLE)         # the step (game_sequencer), read by every part
    step = Signal(intbv(0)[4:])           # the wait, the slot removed, the sort's pass
    move, run, hand = Move(), Run(w), Hand()
    occupied = Signal(intbv(0)[HAND_SLOTS:])
    draw_more = Signal(bool(0))
    mask_count = Signal(intbv(0, min=0, max=HAND_SLOTS + 1))
    blind_index, target_next = Signal(intbv(0)[6:]), Signal(intbv(0)[w:])
    # the preview
    chosen = Signal(intbv(0)[HAND_SLOTS:])
    pick_count, pick_category = Signal(intbv(0)[4:]), Signal(intbv(0)[4:])
    pick_chips, pick_mult = Signal(intbv(0)[CHIPS_BITS:]), Signal(intbv(0)[4:])
    pick_score = Signal(intbv(0)[HAND_SCORE_BITS:])
    scorer = preview(clk, rst, hand.slots, chosen, pick_count, pick_category, pick_chips,
                     pick_mult, pick_score)
    size = r.hand_size

    sequencer = game_sequencer(clk, rst, state, st, step, cmd_valid, move, run, hand, occupied,
                               mask_count, draw_more, rules)
    judge = game_move(clk, rst, state, st, cmd_valid, cmd_op, cmd_mask, move, run, occupied,
                      mask_count, rules)
    figures = game_run(clk, rst, state, st, step, move, run, hand, target_next, occupied,
                       mask_count, pick_category, pick_chips, pick_mult, pick_score, rules)
    cards = game_hand(clk, rst, state, st, step, move, run, hand, deck_data, deck_valid,
                      draw_more)
    io = controller_io(state, st, move, hand, size, BAD_OP, selection, occupied, chosen,
                       draw_more, cmd_ready, res_valid, res_code, deck_start, deck_ready)
    shown = hand_view(hand, view)

    @always_comb
    def blind_number():
        blind_index.next = concat(run.ante, run.blind)

    @always_comb
    def count_rom():
        mask_count.next = POPCOUNT[int(move.mask)]

    @always_comb
    def target_rom_read():
        target_next.next = targets[int(blind_index)]

    @always_comb
    def outputs():
        view.phase.next = run.phase
        view.ante.next = run.ante
        view.blind.next = run.blind
        view.target.next = run.target
        view.score.next = run.score
        view.hands_left.next = run.hands_left
        view.discards_left.next = run.discards_left
        view.result.next = move.result
        view.last_category.next = run.last_category
        view.last_chips.next = run.last_chips
        view.last_mult.next = run.last_mult
        view.last_score.next = run.last_score
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


def game_ports(op_bits=OP_BITS, result_bits=RESULT_BITS):
    """Fresh signals of a Balatro controller's ports but its view: clock, reset, command,
    answer, selection and deck stream (balatro_game's, and the run controller's)."""
    def u(n):
        return Signal(intbv(0)[n:])

    def b():
        return Signal(bool(0))
    return dict(clk=b(), rst=ResetSignal(0, active=1, isasync=False), cmd_valid=b(),
                cmd_ready=b(), cmd_op=u(op_bits), cmd_mask=u(HAND_SLOTS), res_valid=b(),
                res_code=u(result_bits), selection=u(HAND_SLOTS), deck_start=b(),
                deck_data=u(CODE_BITS), deck_valid=b(), deck_ready=b())


def balatro_game_top(**params):
    """balatro_game with fresh port signals, for conversion; params: rules_of's."""
    rules = rules_of(**params)
    return balatro_game(**game_ports(), view=BalatroView(rules), rules=rules)
