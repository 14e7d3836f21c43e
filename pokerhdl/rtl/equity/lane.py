"""One lane of the equity engine: a trial dealt, ranked for every player and counted each clock.

The lane is a pipeline with no stall (golden/equity/deal.py says why none is needed):

1. dealer (slots 0..4 the board, 5 + 2j and 6 + 2j opponent j): slots 0..6 a stage of three
   clocks each, where a dealt slot takes a word of its own xorshift128 stream and keeps the
   first masked 6-bit field that is below n and not a position an earlier slot of the trial
   took, comparing each field with every earlier position (deal_stage); from slot 7 on a stage
   of HAND_CLOCKS clocks per opponent's hand, whose stream steps twice a clock for the hand's
   two words, ten fields: the first free field and the first free one after it that is not
   the first's position, judged against a map of the positions taken (hand_stage; golden
   deal_units and hand_positions). A slot or hand with none voids the trial. Slots that hold
   known cards pass. The positions so far travel with the trial. In exact mode
   (``exact``) a slot's position is its digit of the colex odometer
   (rtl/equity/colex_odometer.py), delayed to the clock its stage deals: a deal whose positions meet
   is void, as the enumeration wants (golden/equity/exact.py), and so is a deal the odometer
   repeats while it readies a carry (one in C(n, 2)). The odometer has digits for the board
   and the first EXACT_SEATS seats only (an enumeration deals no more random hands: the
   engine refuses a random hand past them, golden check_exact).
2. lookup: each dealt slot's position becomes a card through its own copy of ``remaining``
   (the engine's table of the n cards nobody knows, in code order); the other slots take their
   known card.
3. board_eval: the trial's five board cards summarized once, each player's (hero and
   ``opponents``) two cards folded into the summary (rtl/eval/board_eval.py; every trial has a
   whole board, dealt or known), then showdown with tied winners: an absent opponent's
   NO_CARD hand is answered invalid (word 0), and ``active`` leaves it out;
4. count: the winner alone gets a win, each of k tied winners a tie and TIE_UNITS / k units;
   a lane of more than two players keeps its counters in a block RAM (lane_tally.ram_tallies),
   a heads-up lane in registers, only the trials, each player's wins and the ties
   (lane_tallies: both players tie together, and the engine makes each one's ties and units
   from the one count, equity/heads_up.py).

A Monte Carlo run: the engine shifts each slot's stream seed (golden stream_seed) into its
stream (``load`` with ``load_slot`` and ``load_index`` 0..3, the words x, y, z, w), then pulses
``start`` with the lane's ``quota`` (and ``bonus``: one trial more). The lane steps its streams
once (the first trial's words ready), deals a trial every clock until it has counted its
trials, lets the pipeline drain and raises ``done``. Void trials and trials still in flight
when the quota is reached are not counted. An exact run: the engine loads the digits of the
lane's first board (``load_index`` 0), and the quota counts boards: the lane deals every deal
of each board, one a clock, and counts every trial that is not void. Counters read out a byte at a
time through a chain (``shift``): the trials counted, then per player ``COUNTERS``; a heads-up
lane's ``HEADS_UP_COUNTERS``.
"""

from myhdl import (always, always_comb, always_seq, block, concat, ConcatSignal,
                   instances, intbv, ResetSignal, Signal)

from ...golden.equity.exact import EXACT_SEATS
from ...golden.equity.deal import (BOARD_SLOTS, SECOND_WORD_SLOT, lane_slots, seat_slots,
                                   slot_words)
from ...golden.cards import DECK_SIZE
from ...golden.hands import WORD_BITS
from ...golden.shuffle import FIELD_BITS, FIELDS
from ..eval.board_eval import LATENCY as RANKING_LATENCY, board_eval
from .colex_odometer import colex_odometer
from .lane_control import lane_control
from .lane_tally import (TRIAL_BITS, counts_in_ram, lane_tallies, ram_settle, ram_tallies,
                         tally_links, winner_shares)
from ..rng import w_part, x_part
from ..eval.showdown import LATENCY as SHOWDOWN_LATENCY, showdown

CARD = 6
# the engine reads the lanes' sum lanes + SHIFT_DELAY clocks after a shift: the shift line's
# register, the counter's and one spare (the sum adds a register per lane)
SHIFT_DELAY = 3
NO_POSITION = 63
GROUP = 4                                # compares a dealer stage ORs on its second clock
STAGE_CLOCKS = 3                         # a dealer stage's clocks (deal_stage)
DRAIN_EXTRA = 2 + TRIAL_BITS // 8 + 2    # the registered count and amount, then carries
                                         # through chunks
MAP_SLOT = SECOND_WORD_SLOT              # slots from here on are dealt a hand a stage (hand_stage)
MAP_BITS = DECK_SIZE                     # a map bit per position (n <= 52: fields 52..63 are
                                         # never free, constants rather than registers)


HAND_CLOCKS = 5                          # a hand stage's clocks (hand_stage)


def stage_start(slot):
    """Clocks from a trial's issue to the dealer stage of ``slot`` (a hand stage's from
    MAP_SLOT on, one for a hand's two slots), or with ``slot`` past the last, to the dealer's
    end."""
    if slot <= MAP_SLOT:
        return STAGE_CLOCKS * slot
    return STAGE_CLOCKS * MAP_SLOT + HAND_CLOCKS * ((slot - MAP_SLOT + 1) // 2)


def stage_first(slot):
    """The first slot of the dealer stage that deals ``slot``: the slot itself below MAP_SLOT,
    its hand's first slot from it on."""
    return slot if slot < MAP_SLOT else slot - (slot - MAP_SLOT) % 2


def lane_depth(opponents):
    """Clocks from a trial's issue to its count: dealer, lookup, board_eval, showdown,
    popcount (two clocks)."""
    return stage_start(lane_slots(opponents)) + 1 + RANKING_LATENCY + SHOWDOWN_LATENCY + 3


@block
def slot_stream(clk, rst, slot, load, load_slot, bus_index, bus_word, tok_in, prime, word,
                shift_registers=True, injections=None):
    """xorshift128 whose seed is shifted in a word per clock (``load`` with ``load_slot`` =
    ``slot``, decoded into a register: the word, ``bus_word`` with ``bus_index``, comes a
    clock later from the lane's loading bus); bit 0 of w is set as it comes in (golden
    stream_seed). ``word``: the words the slot's next trial takes (golden slot_words(slot),
    the first lowest), the outputs of the last steps. A trial's advance (``tok_in``, and once
    before a run, ``prime``) takes as many steps: one step is w's logic alone (x, y and z never
    need a multiplexer, since loading moves the words exactly as a step does); two steps in a
    clock make x, y = z, w, and z, w the two new words (XORs only, the second step's output
    from the first's). Given ``injections`` (the flip-flop form's lanes) it loads by those
    steps too, so none of its registers needs a multiplexer: index 0 clears it, indexes 1 and
    3 step it with two words the lane XORs into the two new words (zero at every other clock:
    seed_injections), and after index 3 it holds the seed; else loading shifts z, w = w, word
    and x, y = z, w at index 2 (the engine loads a slot's four words in order).
    In the one-step stream y and z only wait: plain registers with ``shift_registers`` (a
    chain of them becomes a shift register on a Xilinx part, one LUT a bit), else with the
    lane's reset, which keeps them flip-flops (the xc7a100t has twice as many as LUTs)."""
    x, y, z, w = (Signal(intbv(0)[32:]) for _ in range(4))
    advance, mine = Signal(bool(0)), Signal(bool(0))
    gx, hw = Signal(intbv(0)[32:]), Signal(intbv(0)[32:])
    parts = [x_part(x, gx), w_part(w, hw)]

    @always_comb
    def stepping():
        advance.next = tok_in or prime

    @always(clk.posedge)
    def select():
        mine.next = load and load_slot == slot

    if slot_words(slot) == 1:
        @(always(clk.posedge) if shift_registers else always_seq(clk.posedge, reset=rst))
        def step():
            if mine or advance:
                x.next = y
                y.next = z
                z.next = w
            if mine:
                if bus_index == 3:
                    w.next = bus_word | 1
                else:
                    w.next = bus_word
            elif advance:
                w.next = gx ^ hw

        @always_comb
        def output():
            word.next = w
    else:
        assert slot_words(slot) == 2, "a slot stream steps once or twice a clock"
        gy, h_first = Signal(intbv(0)[32:]), Signal(intbv(0)[32:])
        first = Signal(intbv(0)[32:])            # the first step's output
        second = Signal(intbv(0)[32:])           # the second step's output
        parts += [x_part(y, gy), w_part(first, h_first)]

        if injections is None:
            @always_comb
            def first_step():
                first.next = gx ^ hw

            @always_comb
            def second_step():
                second.next = gy ^ h_first

            @always(clk.posedge)
            def step():
                if mine:                             # x, y, z, w: (., ., ., a) (., ., a, b)
                    if bus_index == 2:               # (a, b, b, c) (a, b, c, d)
                        x.next = z
                        y.next = w
                    z.next = w
                    if bus_index == 3:
                        w.next = bus_word | 1
                    else:
                        w.next = bus_word
                elif advance:
                    x.next = z
                    y.next = w
                    z.next = first
                    w.next = second
        else:
            inject_first, inject_second = injections

            @always_comb
            def first_step():
                first.next = gx ^ hw ^ inject_first

            @always_comb
            def second_step():
                second.next = gy ^ h_first ^ inject_second

            @always(clk.posedge)
            def step():
                if mine and bus_index == 0:      # x, y, z, w: (0, 0, 0, 0)
                    x.next = 0
                    y.next = 0
                    z.next = 0
                    w.next = 0
                elif (mine and bus_index[0]) or advance:     # index 1: (0, 0, a, b); 3: all
                    x.next = z
                    y.next = w
                    z.next = first
                    w.next = second

        @always_comb
        def output():
            word.next = concat(w, z)

    return instances()


@block
def seed_injections(clk, load, load_index, seed_word, bus_word, inject_first, inject_second):
    """What a two-step stream XORs into its two new words as it loads (slot_stream): cleared,
    then stepped at index 1 with a and b ^ w_part(a), at index 3 with c ^ w_part(b) and
    (d | 1) ^ w_part(c), it holds the seed a, b, c, d | 1 (x_part and w_part of 0 are 0, and
    a step's second word sees the first's injection). Registered with the loading bus
    (bus_word: the word loaded before ``seed_word``; ``earlier``: the one before that), and
    zero at every other clock, so that the trials' steps take nothing."""
    earlier = Signal(intbv(0)[32:])
    h_bus, h_earlier = Signal(intbv(0)[32:]), Signal(intbv(0)[32:])
    parts = [w_part(bus_word, h_bus), w_part(earlier, h_earlier)]

    @always(clk.posedge)
    def history():
        if load:
            earlier.next = bus_word

    @always(clk.posedge)
    def inject():
        if load and load_index[0]:
            if load_index == 3:
                inject_first.next = bus_word ^ h_earlier
                inject_second.next = (seed_word | 1) ^ h_bus
            else:
                inject_first.next = bus_word
                inject_second.next = seed_word ^ h_bus
        else:
            inject_first.next = 0
            inject_second.next = 0

    return instances()


@block
def repeated_position(position, earlier_positions, count, groups):
    """groups[g]: ``position`` equals one of the 6-bit positions packed in ``earlier_positions``
    GROUP * g .. GROUP * g + GROUP - 1 (of the first ``count``): a comparator each, as separate
    processes (one process that compares them all in a loop takes current yosys seconds to
    read per dealer stage), ORed in groups; the stage ORs the groups with the field's
    acceptance and registers which fields are free."""
    equal = [Signal(bool(0)) for _ in range(count)]
    compares = [same_position(position, earlier_positions(CARD * (t + 1), CARD * t), equal[t])
                for t in range(count)]
    hits = [Signal(bool(0)) for _ in range(group_count(count))]
    ors = []
    for g in range(len(hits)):
        members = equal[GROUP * g:GROUP * (g + 1)]
        ors.append(any_set(ConcatSignal(*members) if len(members) > 1 else members[0], hits[g]))
    gathered = ConcatSignal(*reversed(hits)) if len(hits) > 1 else hits[0]

    @always_comb
    def collect():
        groups.next = gathered

    return compares, ors, collect


def group_count(count):
    """Groups of GROUP earlier positions a candidate is compared with in a dealer stage."""
    return -(-count // GROUP)


@block
def any_set(bits, hit):
    @always_comb
    def reduce():
        hit.next = bits != 0
    return reduce


@block
def same_position(a, b, equal):
    @always_comb
    def compare():
        equal.next = a == b
    return compare


@block
def lowest_free(dealt, free, fields, chosen, found):
    """chosen: the lowest free field's position (NO_POSITION when none is: not ``found``), or
    NO_POSITION and found when the slot is not dealt. An OR of one-hot terms (field f when it
    is free and no lower one is), not a chain of multiplexers: with ten fields that was the
    engine's longest path (9 levels)."""
    count = len(free)
    assert NO_POSITION == (1 << CARD) - 1           # none free gives all ones

    @always_comb
    def pick():
        take = intbv(0)[CARD:]
        hit = False                                  # a lower field is free
        for f in range(count):
            for b in range(CARD):
                take[b] = take[b] or (free[f] and not hit and fields[CARD * f + b])
            hit = hit or free[f]
        for b in range(CARD):
            take[b] = take[b] or not hit
        if dealt:
            chosen.next = take
            found.next = hit
        else:
            chosen.next = NO_POSITION
            found.next = True

    return pick


@block
def deal_stage(clk, rst, slot, n, mask, dealt, word, exact, digit, tok_in, ok_in, pos_in,
               tok_out, ok_out, pos_out, n_q, mask_q, exact_q, shift_registers=True):
    """Dealer stage of slot ``slot`` (below MAP_SLOT, one word), STAGE_CLOCKS clocks: the
    word's fields masked (in exact mode the only field is ``digit``) and registered beside the
    compares (the masked fields fan out to every compare: straight from the stream, the net
    was the nine-seat tops' longest path); then which fields are free (below n, not an earlier
    slot's position: the compares ORed in groups), registered; then the lowest free one.
    pos_out = pos_in with this slot's position on top. n, mask, exact: the run's setting from
    the stage before; n_q, mask_q, exact_q: this stage's copy, the next stage's setting.
    ``word``: the slot's word, FIELDS fields. The positions only wait here: ``shift_registers``
    as slot_stream's.

    Its pick is written here, not with lowest_free as hand_stage's is, so that the heads-up
    lanes' RTL (all their slots are deal stages) stays the RTL their routed figures were
    measured on."""
    assert slot < MAP_SLOT and slot_words(slot) == 1, "later slots are hand stages"
    earlier = slot
    width = CARD * max(slot, 1)
    groups = max(group_count(earlier), 1)
    words = slot_words(slot)
    count = FIELDS * words                           # the slot's fields
    fields = Signal(intbv(0)[count * CARD:])         # clock 1: the masked fields
    free = Signal(intbv(0)[count:])                  # clock 1: the free fields
    a_pos = Signal(intbv(0)[width:])
    a_tok, a_ok = Signal(bool(0)), Signal(bool(0))
    chosen = Signal(intbv(NO_POSITION)[CARD:])
    found = Signal(bool(0))

    # the run's setting, registered in every stage from the stage before (a line: registers
    # with the same input would be merged into one net to every stage of every lane, which was
    # the nine-seat tops' longest path); it stays put through a run and reaches stage s s + 1
    # clocks after the lane takes it, ahead of the run's first deal
    @always(clk.posedge)
    def setting():
        n_q.next = n
        mask_q.next = mask
        exact_q.next = exact

    candidates = Signal(intbv(0)[count * CARD:])     # the masked fields, before the register
    taken = Signal(intbv(0)[count * CARD:])          # clock 0: the masked fields
    t_pos = Signal(intbv(0)[width:])
    t_tok, t_ok = Signal(bool(0)), Signal(bool(0))
    hits = [Signal(intbv(0)[groups:]) for _ in range(count)]
    repeats = [repeated_position(taken(CARD * (f + 1), CARD * f), t_pos, earlier, hits[f])
               for f in range(count) if earlier]
    repeated = ConcatSignal(*reversed(hits))         # field f's groups at groups * f

    @always_comb
    def masking():
        masked = intbv(0)[count * CARD:]
        for k in range(words):
            for f in range(FIELDS):
                for b in range(CARD):                # bit by bit: HDL slices must be constant
                    if exact_q and k == 0 and f == 0:
                        masked[CARD * f + b] = digit[b]
                    else:
                        masked[CARD * (FIELDS * k + f) + b] = \
                            word[32 * k + FIELD_BITS * f + b] and mask_q[b]
        candidates.next = masked

    @(always(clk.posedge) if shift_registers else always_seq(clk.posedge, reset=rst))
    def take():
        taken.next = candidates
        t_pos.next = pos_in

    @always_seq(clk.posedge, reset=rst)
    def take_flags():
        t_tok.next = tok_in
        t_ok.next = ok_in

    @(always(clk.posedge) if shift_registers else always_seq(clk.posedge, reset=rst))
    def judge():
        usable = intbv(0)[count:]
        for f in range(count):
            candidate = intbv(0)[CARD:]
            for b in range(CARD):
                candidate[b] = taken[CARD * f + b]
            ok = candidate < n_q
            if exact_q and f != 0:
                ok = False
            for g in range(groups):
                ok = ok and not repeated[groups * f + g]
            usable[f] = ok
        fields.next = taken
        free.next = usable
        a_pos.next = t_pos

    @always_seq(clk.posedge, reset=rst)
    def judge_flags():
        a_tok.next = t_tok
        a_ok.next = t_ok

    # the lowest free field wins, as an OR of one-hot terms (field f when it is free and no
    # lower one is), not a chain of multiplexers after the groups' OR: with ten fields that was
    # the engine's longest path (9 levels); none free gives all ones, NO_POSITION
    assert NO_POSITION == (1 << CARD) - 1

    @always_comb
    def pick():
        take = intbv(0)[CARD:]
        hit = False                                  # a lower field is free
        for f in range(count):
            for b in range(CARD):
                take[b] = take[b] or (free[f] and not hit and fields[CARD * f + b])
            hit = hit or free[f]
        for b in range(CARD):
            take[b] = take[b] or not hit
        if dealt:
            chosen.next = take
            found.next = hit
        else:
            chosen.next = NO_POSITION
            found.next = True

    if slot == 0:
        @(always(clk.posedge) if shift_registers else always_seq(clk.posedge, reset=rst))
        def positions():
            pos_out.next = chosen
    else:
        @(always(clk.posedge) if shift_registers else always_seq(clk.posedge, reset=rst))
        def positions():
            pos_out.next = concat(chosen, a_pos)

    @always_seq(clk.posedge, reset=rst)
    def flags():
        tok_out.next = a_tok
        ok_out.next = a_ok and found

    return instances()


@block
def position_halves(positions, t, high, low):
    """One-hots of position t's (of ``positions``) upper and lower three bits: its map bit v is
    high[v // 8] and low[v % 8], so marking a position costs a LUT of three inputs per map
    bit."""
    top, middle, bottom = CARD * t + CARD, CARD * t + 3, CARD * t

    @always_comb
    def decode():
        h = intbv(0)[8:]
        lo = intbv(0)[8:]
        for i in range(8):
            h[i] = positions[top:middle] == i
            lo[i] = positions[middle:bottom] == i
        high.next = h
        low.next = lo

    return decode


@block
def hand_stage(clk, rst, slot, n, mask, dealt, word, exact, digit_a, digit_b, tok_in, ok_in,
               pos_in, map_in, tok_out, ok_out, pos_out, map_out, n_q, mask_q, exact_q,
               shift_registers=True):
    """Dealer stage of an opponent's hand, slots ``slot`` and ``slot`` + 1 (MAP_SLOT on),
    HAND_CLOCKS clocks: one stream's two words give the hand ten fields, judged against the map
    of the positions taken (bit v: no field may take v; a 64-to-1 multiplexer a field, where
    comparing it with each earlier position took a comparator per position; the map's bound
    also takes the place of the comparison with n); the first free field is the first
    card, the first free field after it that is not the first card's position the second.
    Clock 0: the fields masked and the map built (the first hand stage from the positions n
    and above and every earlier slot's, a later one adds the hand before's two); clock 1: which
    fields are free; clock 2: the first card, and which free fields come after it; clock 3:
    those that are not the first card's position; clock 4: the second card. In exact mode
    fields 0 and 1 are the slots' digits, and only they may be taken. What only waits here
    (the positions so far, the map, the fields) is held as deal_stage's is
    (``shift_registers``)."""
    first = slot == MAP_SLOT
    count = FIELDS * 2
    width = CARD * slot
    added = slot if first else 2                     # positions marked in this stage
    highs = [Signal(intbv(0)[8:]) for _ in range(added)]
    lows = [Signal(intbv(0)[8:]) for _ in range(added)]
    halves = [position_halves(pos_in, t, highs[i], lows[i])
              for i, t in enumerate(range(slot - added, slot))]
    high_bits = ConcatSignal(*reversed(highs)) if added > 1 else highs[0]
    low_bits = ConcatSignal(*reversed(lows)) if added > 1 else lows[0]
    base = Signal(intbv(0)[MAP_BITS:])               # positions n and above, or map_in
    taken = Signal(intbv(0)[count * CARD:])          # clock 0: the masked fields
    t_map = Signal(intbv(0)[MAP_BITS:])
    beyond = (1 << CARD) - MAP_BITS
    lookup = ConcatSignal(intbv((1 << beyond) - 1)[beyond:], t_map)    # a bit per field value
    t_pos = Signal(intbv(0)[width:])
    t_tok, t_ok = Signal(bool(0)), Signal(bool(0))
    fields = Signal(intbv(0)[count * CARD:])         # clock 1: the masked fields
    free = Signal(intbv(0)[count:])                  # clock 1: the free fields
    a_map = Signal(intbv(0)[MAP_BITS:])
    a_pos = Signal(intbv(0)[width:])
    a_tok, a_ok = Signal(bool(0)), Signal(bool(0))
    card_a = Signal(intbv(NO_POSITION)[CARD:])       # clock 2: the first card
    found_a = Signal(bool(0))
    b_fields = Signal(intbv(0)[count * CARD:])
    later = Signal(intbv(0)[count:])                 # free, after the first card's field
    b_card = Signal(intbv(NO_POSITION)[CARD:])
    b_map = Signal(intbv(0)[MAP_BITS:])
    b_pos = Signal(intbv(0)[width:])
    b_tok, b_ok = Signal(bool(0)), Signal(bool(0))
    c_fields = Signal(intbv(0)[count * CARD:])       # clock 3
    other = Signal(intbv(0)[count:])                 # later, and not the first card
    c_card = Signal(intbv(NO_POSITION)[CARD:])
    c_map = Signal(intbv(0)[MAP_BITS:])
    c_pos = Signal(intbv(0)[width:])
    c_tok, c_ok = Signal(bool(0)), Signal(bool(0))
    card_b = Signal(intbv(NO_POSITION)[CARD:])       # clock 4: the second card
    found_b = Signal(bool(0))
    digits = ConcatSignal(digit_b, digit_a)

    @always(clk.posedge)
    def setting():
        n_q.next = n
        mask_q.next = mask
        exact_q.next = exact

    if first:
        # the run's bound as map bits, registered (n holds through a run, and reaches this
        # stage long before the run's first trial)
        @always(clk.posedge)
        def bound():
            above = intbv(0)[MAP_BITS:]
            for v in range(MAP_BITS):
                above[v] = v >= n_q
            base.next = above
    else:
        @always_comb
        def carried():
            base.next = map_in

    # plain registers in either form: a bit whose mask bit is clear is their synchronous reset
    # (with the lane's reset too, that took a LUT a bit)
    @always(clk.posedge)
    def take_fields():
        for f in range(count):
            for b in range(CARD):
                if not mask_q[b]:
                    taken.next[CARD * f + b] = 0
                elif exact_q and f < 2:
                    taken.next[CARD * f + b] = digits[CARD * f + b]
                else:
                    taken.next[CARD * f + b] = word[FIELD_BITS * (f % FIELDS) +
                                                    32 * (f // FIELDS) + b]

    @(always(clk.posedge) if shift_registers else always_seq(clk.posedge, reset=rst))
    def take():
        marked = intbv(0)[MAP_BITS:]
        for v in range(MAP_BITS):
            hit = base[v]
            for t in range(added):
                hit = hit or (high_bits[8 * t + v // 8] and low_bits[8 * t + v % 8])
            marked[v] = hit
        t_map.next = marked
        t_pos.next = pos_in

    @(always(clk.posedge) if shift_registers else always_seq(clk.posedge, reset=rst))
    def judge():
        usable = intbv(0)[count:]
        for f in range(count):
            candidate = intbv(0)[CARD:]
            for b in range(CARD):
                candidate[b] = taken[CARD * f + b]
            usable[f] = not lookup[candidate] and not (exact_q and f >= 2)
        fields.next = taken
        free.next = usable
        a_map.next = t_map
        a_pos.next = t_pos

    pick_a = lowest_free(dealt, free, fields, card_a, found_a)

    @(always(clk.posedge) if shift_registers else always_seq(clk.posedge, reset=rst))
    def after_first():
        beyond = intbv(0)[count:]
        seen = False
        for f in range(count):
            beyond[f] = free[f] and seen
            seen = seen or free[f]
        later.next = beyond
        b_fields.next = fields
        b_card.next = card_a
        b_map.next = a_map
        b_pos.next = a_pos

    @(always(clk.posedge) if shift_registers else always_seq(clk.posedge, reset=rst))
    def not_first():
        distinct = intbv(0)[count:]
        for f in range(count):
            same = True
            for b in range(CARD):
                same = same and b_fields[CARD * f + b] == b_card[b]
            distinct[f] = later[f] and not same
        other.next = distinct
        c_fields.next = b_fields
        c_card.next = b_card
        c_map.next = b_map
        c_pos.next = b_pos

    pick_b = lowest_free(dealt, other, c_fields, card_b, found_b)

    @(always(clk.posedge) if shift_registers else always_seq(clk.posedge, reset=rst))
    def positions():
        pos_out.next = concat(card_b, c_card, c_pos)
        map_out.next = c_map

    @always_seq(clk.posedge, reset=rst)
    def flags():
        t_tok.next = tok_in
        t_ok.next = ok_in
        a_tok.next = t_tok
        a_ok.next = t_ok
        b_tok.next = a_tok
        b_ok.next = a_ok and found_a
        c_tok.next = b_tok
        c_ok.next = b_ok
        tok_out.next = c_tok
        ok_out.next = c_ok and found_b

    return instances()


@block
def equity_lane(clk, rst_in, opponents, n, mask, dealt, fixed, hero, active, rem_we, rem_addr,
                rem_data, load, load_slot, load_index, seed_word, exact, start, quota, bonus,
                done, shift, chain_in, chain_out, rst_out=None, shift_registers=True):
    """One lane (see the module docstring) for up to ``opponents`` opponents.

    rst_in: the reset, registered here (rst_out, when given, is that register: the next
    lane's rst_in), so the lane's thousands of registers take it from a register of its own,
    near them: one reset net from the power-on reset to every lane was the nine-seat engine's
    longest path. The lane leaves reset a clock after rst_in (the engine's loads come later).

    n[6], mask[6]: the cards nobody knows and
    MASK_ROM[n]; dealt[slots]: bit s = slot s is dealt; fixed: list of slots 6-bit known cards
    (read where a slot is not dealt); hero: list of the hero's two cards; active[1 + opponents]:
    the players of the run; rem_we, rem_addr[6], rem_data[6]: write the table position -> card
    (each slot keeps its own copy: a LUT-RAM with one read port, where one table read by every
    slot of every lane is a memory of dozens of read ports, which yosys cannot map).
    load, load_slot[5], load_index[2], seed_word[32]: shift a seed word into a slot's stream
    (and with index 0, its low 6 bits are the slot's odometer digit); the lane registers the
    bus (on its own loads: no synthesis merges the lanes' copies into one net of thousands of
    loads), so the word is in its slot two clocks after the load, with a start a clock after
    the last load at the latest. exact: the run
    enumerates. start, quota[40], bonus: clear the counters and run until quota (+ 1 with
    bonus: the engine's share without a 40-bit adder) trials are counted, or in exact mode
    boards enumerated; done: idle, the counts final (0 while a run is on). shift: a pulse
    moves the readout chain a byte, counter after counter (chain_out has the next byte two
    clocks after the pulse; the next pulse no sooner); chain_in and chain_out[8]: its ends,
    the lane's trials counted, then its players in order, per player wins, ties, units (a
    heads-up lane: each player's wins, then the ties), low byte first.
    """
    slots = lane_slots(opponents)
    players = 1 + opponents

    # the lane's reset: a register with an input of its own (a chain from lane to lane), so no
    # synthesis merges the lanes' copies into one net again
    rst = ResetSignal(1, active=rst_in.active, isasync=False)

    @always(clk.posedge)
    def reset_register():
        rst.next = rst_in

    if rst_out is not None:
        @always_comb
        def reset_out():
            rst_out.next = rst

    in_ram = counts_in_ram(players)
    if in_ram:
        depth = lane_depth(opponents) + ram_settle(players)
    else:
        depth = lane_depth(opponents) + DRAIN_EXTRA + players     # + the feed to the last player
    assert tally_links(players) + 2 < lane_depth(opponents), \
        "a counter cleared after its first count"
    issue, prime, counting = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    start_q, board_step, board_due = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    last_tok, last_ok = Signal(bool(0)), Signal(bool(0))
    last = Signal(intbv(0)[CARD * slots:])       # the trial's positions, slot 0 lowest
    winners, shown = Signal(intbv(0)[players:]), Signal(bool(0))
    won, alone = Signal(intbv(0)[players:]), Signal(bool(0))
    units, won_valid = Signal(intbv(0)[12:]), Signal(bool(0))
    run_done, ready = Signal(bool(1)), Signal(bool(1))
    if in_ram:
        @always_comb
        def lane_done():
            done.next = run_done and ready
    parts = [
        lane_control(clk, rst, start, quota, bonus, exact, board_step, board_due, won_valid,
                     depth, issue, prime, counting, run_done if in_ram else done, start_q),
        lane_dealer(clk, rst, opponents, n, mask, dealt, exact, load, load_slot,
                    load_index, seed_word, start, issue, prime, board_step, board_due, last_tok,
                    last_ok, last, shift_registers),
        lane_ranking(clk, rst, opponents, dealt, last, last_tok, last_ok, rem_we, rem_addr,
                     rem_data, fixed, hero, active, winners, shown),
        winner_shares(clk, rst, winners, shown, won, alone, units, won_valid),
        ram_tallies(clk, rst, start_q, counting, won, alone, units, shift, chain_in,
                    chain_out, run_done, ready) if in_ram else
        lane_tallies(clk, rst, start_q, counting, won, alone, units, shift, chain_in,
                     chain_out)]

    return instances()


@block(skipname=True)
def lane_dealer(clk, rst, opponents, n, mask, dealt, exact, load, load_slot, load_index,
                seed_word, start, issue, prime, board_step, board_due, last_tok, last_ok, last,
                shift_registers=True):
    """The dealer: the slots' streams (or, exact, the odometer's digits) and their stages, a
    trial every ``issue``; last_tok, last_ok, last: the trial leaving the last stage, whether it
    is whole (not void), its positions. ``shift_registers``: its delays' form, and whether the
    two-step streams load through multiplexers (True) or by their steps (slot_stream)."""
    slots = lane_slots(opponents)
    words = [Signal(intbv(0)[32 * slot_words(s):]) for s in range(slots)]
    toks = [Signal(bool(0)) for _ in range(slots)]
    oks = [Signal(bool(0)) for _ in range(slots)]
    positions = [Signal(intbv(0)[CARD * (s + 1):]) for s in range(slots)]
    first_pos = Signal(intbv(0)[CARD:])
    digits = [Signal(intbv(0)[CARD:]) for _ in range(slots)]
    delayed = [Signal(intbv(0)[CARD:]) for _ in range(slots)]
    # the loading bus, registered on the lane's own loads (the slot is decoded into a
    # register of each stream and digit, so the word and index come a clock later too)
    bus_index = Signal(intbv(0)[len(load_index):])
    bus_word = Signal(intbv(0)[len(seed_word):])

    @always(clk.posedge)
    def loading_bus():
        if load:
            bus_index.next = load_index
            bus_word.next = seed_word

    # the words the two-step streams XOR in as they load (slot_stream; none in a heads-up lane);
    # the plain-register form keeps the loading multiplexers the ULX3S nine-seat top was routed on
    injections = None
    if slots > SECOND_WORD_SLOT and not shift_registers:
        injections = (Signal(intbv(0)[32:]), Signal(intbv(0)[32:]))
        injecting = seed_injections(clk, load, load_index, seed_word, bus_word, *injections)

    held, fresh = Signal(bool(0)), Signal(bool(1))
    dealt_bits = [dealt(s) for s in range(slots)]
    # the run's setting, taken by this lane on its own loads and at start (an enable of the
    # lane's own, so no synthesis merges the lanes' copies), then handed from stage to stage
    settings_n = [Signal(intbv(0)[len(n):]) for _ in range(slots + 1)]
    settings_mask = [Signal(intbv(0)[len(mask):]) for _ in range(slots + 1)]
    settings_exact = [Signal(bool(0)) for _ in range(slots + 1)]
    lane_n, lane_mask, lane_exact = settings_n[0], settings_mask[0], settings_exact[0]

    @always(clk.posedge)
    def take_setting():
        if load or start:
            lane_n.next = n
            lane_mask.next = mask
            lane_exact.next = exact

    # the odometer bounds its digits by the lane's own n too: from the engine's n, yosys merged
    # one lane's bounds with another's, and the 11-lane top placed them far apart
    # it has digits for the first EXACT_SEATS seats' slots only: the engine refuses to
    # enumerate a random hand past them (golden check_exact), and the later slots' digits are 0
    counted = lane_slots(min(opponents, EXACT_SEATS))
    counted_dealt = dealt
    if counted < slots:
        counted_dealt = Signal(intbv(0)[counted:])   # a signal of its own: a slice of one
                                                     # is not indexed in a process
        @always_comb
        def odometer_slots():
            counted_dealt.next = dealt[counted:]

    odometer = colex_odometer(clk, rst, min(opponents, EXACT_SEATS), load, load_slot,
                              load_index, bus_word, start, issue, counted_dealt, lane_n,
                              digits[:counted], board_step, board_due, held)

    @always_comb
    def fresh_deal():
        fresh.next = not (lane_exact and held)   # an exact deal the odometer repeats is void

    hands = list(range(MAP_SLOT, slots, 2))                  # a hand stage's first slots
    maps = {s: Signal(intbv(0)[MAP_BITS:]) for s in hands}
    streams, stages = [], []
    for s in range(slots):
        if stage_first(s) != s:
            continue                                         # a hand's second slot
        tok_in = issue if s == 0 else toks[s - 1]       # the trial leaving the stage before
        streams.append(slot_stream(clk, rst, s, load, load_slot, bus_index, bus_word, tok_in,
                                   prime, words[s], shift_registers,
                                   injections if slot_words(s) == 2 else None))
        if s < counted:
            streams.append(delay_line(clk, rst, digits[s], delayed[s], stage_start(s),
                                      shift_registers))
        if s < MAP_SLOT:
            stages.append(deal_stage(clk, rst, s, settings_n[s], settings_mask[s],
                                     dealt_bits[s], words[s], settings_exact[s], delayed[s],
                                     tok_in, fresh if s == 0 else oks[s - 1],
                                     first_pos if s == 0 else positions[s - 1],
                                     toks[s], oks[s], positions[s], settings_n[s + 1],
                                     settings_mask[s + 1], settings_exact[s + 1],
                                     shift_registers))
        else:
            if s < counted:
                streams.append(delay_line(clk, rst, digits[s + 1], delayed[s + 1],
                                          stage_start(s), shift_registers))
            stages.append(hand_stage(clk, rst, s, settings_n[s], settings_mask[s],
                                     dealt_bits[s], words[s], settings_exact[s], delayed[s],
                                     delayed[s + 1], tok_in, oks[s - 1], positions[s - 1],
                                     maps.get(s - 2), toks[s + 1], oks[s + 1],
                                     positions[s + 1], maps[s], settings_n[s + 2],
                                     settings_mask[s + 2], settings_exact[s + 2],
                                     shift_registers))
    tok_out, ok_out, positions_out = toks[slots - 1], oks[slots - 1], positions[slots - 1]

    @always_comb
    def trial_out():
        last_tok.next = tok_out
        last_ok.next = ok_out
        last.next = positions_out

    return instances()


@block(skipname=True)
def lane_ranking(clk, rst, opponents, dealt, last, last_tok, last_ok, rem_we, rem_addr,
                 rem_data, fixed, hero, active, winners, shown):
    """The trial's cards looked up (card_lookup), ranked by one board_eval (slots 0..4 the
    board, each player's two cards folded into its summary), and the showdown: ``winners``
    (bit p: player p has the best hand of the active players) when ``shown``. A player whose
    hand is not two real cards (an absent seat's NO_CARD) is answered invalid, word 0; the
    showdown leaves out whoever ``active`` does not name. A void trial is never valid
    (look_valid), so nothing of it is counted."""
    slots = lane_slots(opponents)
    players = 1 + opponents
    cards = [Signal(intbv(0)[CARD:]) for _ in range(slots)]
    look_valid = Signal(bool(0))
    lookups = [card_lookup(clk, dealt(s), last, s, rem_we, rem_addr, rem_data, fixed[s],
                           cards[s])
               for s in range(slots)]

    @always_seq(clk.posedge, reset=rst)
    def lookup_valid():
        look_valid.next = last_tok and last_ok

    rank_words = [Signal(intbv(0)[WORD_BITS:]) for _ in range(players)]
    rank_invalid = [Signal(bool(0)) for _ in range(players)]
    ranked = Signal(bool(0))
    board = cards[:BOARD_SLOTS]
    holes = [hero[0], hero[1]] + [cards[s] for j in range(opponents) for s in seat_slots(j)]
    ranking = board_eval(clk, rst, board, holes, look_valid, rank_words, rank_invalid, ranked)
    best = Signal(intbv(0)[WORD_BITS:])
    judge = showdown(clk, rst, rank_words, active, ranked, best, winners, shown)

    return instances()


@block
def delay_line(clk, rst, d_in, d_out, clocks, shift_registers=True):
    """d_out = d_in ``clocks`` clocks ago: a shift register (SRLs on a Xilinx part), or, not
    ``shift_registers``, flip-flops with the lane's reset (see slot_stream)."""
    width = len(d_in)
    if clocks == 0:
        @always_comb
        def through():
            d_out.next = d_in
        return through
    bits = width * clocks
    line = Signal(intbv(0)[bits:])

    if clocks == 1:
        @(always(clk.posedge) if shift_registers else always_seq(clk.posedge, reset=rst))
        def shift_in():
            line.next = d_in
    else:
        @(always(clk.posedge) if shift_registers else always_seq(clk.posedge, reset=rst))
        def shift_in():
            line.next = concat(line[bits - width:0], d_in)

    @always_comb
    def out():
        d_out.next = line[bits:bits - width]

    return instances()


@block
def card_lookup(clk, dealt, positions, slot, rem_we, rem_addr, rem_data, fixed, card):
    """A slot's card, registered: remaining[position] when dealt, else its known card; the
    slot's own copy of the table ``remaining``, written through rem_we, rem_addr, rem_data."""
    low = CARD * slot
    position = Signal(intbv(0)[CARD:])
    remaining = [Signal(intbv(0)[CARD:]) for _ in range(64)]

    @always(clk.posedge)
    def write():
        if rem_we:
            remaining[int(rem_addr)].next = rem_data

    @always_comb
    def field():
        position.next = positions[low + CARD:low]

    @always(clk.posedge)
    def read():
        if dealt:
            card.next = remaining[int(position)]
        else:
            card.next = fixed

    return instances()


def packed_cards(packed, count):
    """The ``count`` 6-bit cards of a packed vector, card 0 lowest (slices of it)."""
    return [packed(CARD * i + CARD, CARD * i) for i in range(count)]


@block
def equity_lane_ports(clk, rst, n, mask, dealt, fixed_cards, hero_cards, active, rem_we,
                      rem_addr, rem_data, load, load_slot, load_index, seed_word, exact, start,
                      quota, bonus, done, shift, chain_out, opponents=1, shift_registers=True):
    """equity_lane with flat ports (its ``remaining`` tables written through rem_we,
    rem_addr, rem_data; fixed_cards and hero_cards packed, slot 0 lowest): the tests' top."""
    fixed, hero = packed_cards(fixed_cards, lane_slots(opponents)), packed_cards(hero_cards, 2)
    chain_in = Signal(intbv(0)[8:])
    core = equity_lane(clk, rst, opponents, n, mask, dealt, fixed, hero, active, rem_we,
                       rem_addr, rem_data, load, load_slot, load_index, seed_word, exact, start,
                       quota, bonus, done, shift, chain_in, chain_out,
                       shift_registers=shift_registers)
    return instances()


def equity_lane_top(opponents=1, shift_registers=True):
    """equity_lane_ports with fresh port signals, for conversion."""
    slots = lane_slots(opponents)
    sig = lambda bits: Signal(intbv(0)[bits:])
    return equity_lane_ports(
        clk=Signal(bool(0)), rst=ResetSignal(0, active=1, isasync=False), n=sig(6),
        mask=sig(6), dealt=sig(slots), fixed_cards=sig(CARD * slots), hero_cards=sig(2 * CARD),
        active=sig(1 + opponents), rem_we=Signal(bool(0)), rem_addr=sig(6), rem_data=sig(CARD),
        load=Signal(bool(0)), load_slot=sig(5), load_index=sig(2), seed_word=sig(32),
        exact=Signal(bool(0)), start=Signal(bool(0)),
        quota=sig(TRIAL_BITS), bonus=Signal(bool(0)), done=Signal(bool(0)),
        shift=Signal(bool(0)), chain_out=sig(8),
        opponents=opponents, shift_registers=shift_registers)
