"""The equity engine's request: its bytes taken apart as they arrive, then judged.

The parser (request_parser) keeps what the request says (mode, opponents, trials, seed), the
52-bit set of the cards seen (a card byte marks it a clock after it comes: pending_mark,
pending_card), and writes known cards into the lanes' slots and random hands into the slots
to deal; the judge (request_judge) gives the first problem found its error code
in the golden order (golden/equity_protocol.parse_request), once the scan has counted the cards
nobody knows.
"""

from myhdl import always, always_comb, always_seq, block, concat, enum, instances, intbv, Signal

from ...golden.cards import DECK_SIZE, NO_CARD
from ...golden.equity.readable import (ERR_BOARD, ERR_CARD, ERR_DECK, ERR_DUPLICATE, ERR_EXACT,
                                       ERR_MODE, ERR_OPPONENTS, ERR_TRIALS, MAX_OPPONENTS, OK)
from ...golden.equity.deal import BOARD_SLOTS, lane_slots
from ...golden.equity.exact import EXACT_SEATS, MAX_EXACT_RANDOM
from ...golden.equity.protocol import (COUNT_BYTES, HEADER, MODE_DESCRIBE, MODE_EXACT,
                                       MODE_MONTE_CARLO, SEED_BYTES, TRIAL_BYTES)
from .lane import CARD
from .lane_tally import TRIAL_BITS

assert TRIAL_BITS == 8 * TRIAL_BYTES, "a request's trials fill a lane's trial counter"
PLAYER_BYTES = sum(COUNT_BYTES)
# a request with b known board cards (b <= 5) deals board slots 0..4 - b: how many, and which
MISSING_ROM = tuple(BOARD_SLOTS - b if b <= BOARD_SLOTS else 0 for b in range(8))
BOARD_DEALT_ROM = tuple((1 << m) - 1 for m in MISSING_ROM)
# the counted bytes in a reply with k opponents: the trials, then the players' counts (more
# than MAX_OPPONENTS are refused)
REPLY_COUNT_BYTES = tuple(TRIAL_BYTES + PLAYER_BYTES * (1 + k) if k <= MAX_OPPONENTS else 0
                          for k in range(16))
# the most random opponents an exact run takes with m board cards missing (golden check_exact)
MOST_RANDOM_ROM = tuple(MAX_EXACT_RANDOM[m] if m < len(MAX_EXACT_RANDOM) else 0
                        for m in range(8))
SEED_BITS = 8 * SEED_BYTES


def constant(value, bits):
    """A constant as a signal of ``bits`` bits: compared with a signal of that width it makes
    a comparator of that width (an integer constant makes a 32-bit one of 8 CARRY4)."""
    return Signal(intbv(value)[bits:])


@block(skipname=True)
def request_parser(clk, rst, s_axis_tdata, frame_begin, pay_valid, pay_data, in_idle, taking,
                   request_complete, describe, mode, k_opp, trials, seed, cards_seen, pending_mark,
                   pending_card, card_bad, board_bad, known, dealt, to_deal, hero, fixed,
                   randoms, board_missing):
    """The request as it arrives (pay_data with pay_valid; a frame taken only when it begins
    while the engine is idle: ``taking``): ``request_complete`` when every part came (its role
    is DEAD); describe: the payload so far is the one byte MODE_DESCRIBE; cards_seen, known
    (card bytes that are cards): a clock behind the bytes (mark_seen), the card on its way in
    pending_card while pending_mark; dealt: the slots to deal, to_deal how many cards; hero:
    its two cards; fixed: every slot's known card; randoms: random opponents; board_missing:
    board cards a trial deals."""
    slots = len(fixed)
    # one-hot: a byte's enables test one bit of the role, not a 3-bit code
    Role = enum("HEADER", "HERO", "OPP", "BCOUNT", "BOARD", "DEAD", encoding="one_hot")
    role = Signal(Role.HEADER)
    index = Signal(intbv(0)[5:])              # the header's byte
    second = Signal(bool(0))                  # the second card of a hand
    cards_left = Signal(intbv(0)[9:])         # cards of the role still to come
    last_left = Signal(bool(0))               # cards_left == 1, registered with it
    first_random = Signal(bool(0))
    board_slot = Signal(intbv(0)[4:])         # the slot of the next known board card
    opp_slot = Signal(intbv(0)[5:])           # the slot of the next opponent card (saturates)
    pair_slot = Signal(intbv(0)[5:])          # the slot of the hand's first card
    hero_a, hero_b = hero
    fixed_we = Signal(bool(0))
    fixed_slot = Signal(intbv(0)[5:])
    fixed_card = Signal(intbv(0)[CARD:])
    card = pay_data                           # the payload byte, read as a card
    is_card, is_none, is_one, over_board = (Signal(bool(0)) for _ in range(4))
    deck_size, board_slots = constant(DECK_SIZE, 8), constant(BOARD_SLOTS, 8)
    header_trials, slot_count = constant(2 + TRIAL_BYTES, 5), constant(slots, 5)
    missing = Signal(intbv(0)[3:])
    board_dealt = Signal(intbv(0)[BOARD_SLOTS:])
    clearing = Signal(bool(0))                # a frame began while idle, a clock ago
    assert HEADER > 1                         # so no card byte comes before the clear

    @always_comb
    def parsed():
        request_complete.next = role == Role.DEAD

    # what the payload byte is, registered with it from the stream (the receiver registers
    # pay_data from s_axis_tdata at the same edge; read only with pay_valid): the request's
    # enables start at registers, not behind comparators
    @always(clk.posedge)
    def byte_kind():
        is_card.next = s_axis_tdata < deck_size
        is_none.next = s_axis_tdata == NO_CARD
        is_one.next = s_axis_tdata == 1
        over_board.next = s_axis_tdata > board_slots

    @always(clk.posedge)
    def missing_rom():
        missing.next = MISSING_ROM[int(s_axis_tdata[3:])]

    @always(clk.posedge)
    def board_dealt_rom():
        board_dealt.next = BOARD_DEALT_ROM[int(s_axis_tdata[3:])]

    @always(clk.posedge)
    def pending():
        pending_card.next = pay_data[CARD:]   # read only with pending_mark: no enable

    # the set's clear from a register, a clock after the frame begins (its first card byte
    # comes HEADER bytes later) or the reset: one register drives the set's and the count's
    # synchronous clear. The decode of frame_begin and in_idle (which the parser's enables
    # share), and then a LUT ORing the reset in, were each placed far from the set: two hops
    # across the die
    @always(clk.posedge)
    def set_clear():
        clearing.next = rst or (frame_begin and in_idle)

    @always(clk.posedge)
    def mark_seen():
        """The set of cards seen and its count, a clock behind the byte: the 52 enables and
        the counter start at pending_mark and pending_card, registers placed with the set,
        not at the decode of the byte's role (the ULX3S equity tops' longest path, two hops
        across the die to the 52 enables). Cleared a clock after the reset (no card byte
        comes sooner: pending_mark is reset), with no reset term of their own."""
        if clearing:
            cards_seen.next = 0
            known.next = 0
        elif pending_mark:
            known.next = known + 1
            for c in range(DECK_SIZE):       # a decoder: no index arithmetic
                if pending_card == c:
                    cards_seen.next[c] = True

    @always_seq(clk.posedge, reset=rst)
    def decode():
        fixed_we.next = False
        pending_mark.next = False
        if frame_begin:
            taking.next = in_idle
            if in_idle:
                role.next = Role.HEADER
                index.next = 0
                describe.next = False
                randoms.next = 0
                dealt.next = 0
                to_deal.next = 0
                card_bad.next = False
                board_bad.next = False
        elif pay_valid and taking:
            describe.next = role == Role.HEADER and index == 0 and card == MODE_DESCRIBE
            if role == Role.HEADER:
                index.next = index + 1
                if index == 0:
                    mode.next = card
                elif index == 1:
                    k_opp.next = card
                elif index < header_trials:
                    trials.next = concat(card, trials[TRIAL_BITS:8])
                else:
                    seed.next = concat(card, seed[SEED_BITS:8])
                if index == HEADER - 1:
                    role.next = Role.HERO
                    second.next = False
            elif role == Role.BCOUNT:
                cards_left.next = card
                last_left.next = is_one
                if over_board:
                    board_bad.next = True
                else:
                    board_slot.next = missing
                    board_missing.next = missing
                    for s in range(BOARD_SLOTS):
                        dealt.next[s] = board_dealt[s]
                    to_deal.next = to_deal + missing
                if card != 0:
                    role.next = Role.BOARD
                else:
                    role.next = Role.DEAD
            else:
                # a card: the hero's, an opponent's (63 63: a random hand), the board's, dead
                if role == Role.OPP and is_none:
                    pass
                elif is_card:
                    pending_mark.next = True
                else:
                    card_bad.next = True
                if role == Role.HERO or role == Role.OPP:
                    second.next = not second
                if role == Role.HERO:
                    if not second:
                        hero_a.next = card[CARD:]
                    else:
                        hero_b.next = card[CARD:]
                        opp_slot.next = BOARD_SLOTS
                        cards_left.next = 2 * k_opp
                        last_left.next = False
                        if k_opp != 0:
                            role.next = Role.OPP
                        else:
                            role.next = Role.BCOUNT
                elif role == Role.OPP:
                    fixed_we.next = opp_slot < slot_count
                    fixed_slot.next = opp_slot
                    fixed_card.next = card[CARD:]
                    if opp_slot < slot_count:
                        opp_slot.next = opp_slot + 1
                    if not second:
                        first_random.next = is_none
                        pair_slot.next = opp_slot
                    elif first_random != is_none:
                        card_bad.next = True
                    elif is_none:
                        to_deal.next = to_deal + 2
                        randoms.next = randoms + 1
                        for slot in range(BOARD_SLOTS, slots):
                            if opp_slot == slot or pair_slot == slot:
                                dealt.next[slot] = True
                    cards_left.next = cards_left - 1
                    last_left.next = cards_left == 2
                    if last_left:
                        role.next = Role.BCOUNT
                elif role == Role.BOARD:
                    fixed_we.next = not board_bad
                    fixed_slot.next = board_slot
                    fixed_card.next = card[CARD:]
                    board_slot.next = board_slot + 1
                    cards_left.next = cards_left - 1
                    last_left.next = cards_left == 2
                    if last_left:
                        role.next = Role.DEAD
                else:
                    pass                                 # a dead card: seen, nothing more

    writes = [slot_register(clk, fixed_we, fixed_slot, fixed_card, s, fixed[s])
              for s in range(slots)]

    return instances()


@block
def slot_register(clk, we, slot_index, card, slot, value):
    """A slot's known card, written when the request's card byte is for this slot."""
    @always(clk.posedge)
    def write():
        if we and slot_index == slot:
            value.next = card
    return write


@block(skipname=True)
def request_judge(clk, n, mode, k_opp, trials, card_bad, board_bad, known, to_deal, randoms,
                  board_missing, opponents, mode_exact, count_bytes, verdict, request_good,
                  dealt):
    """The checks of a request whose cards were scanned (``n``: the cards nobody knows):
    ``verdict`` its reply's status, request_good verdict == OK, mode_exact it enumerates;
    count_bytes: the counted bytes of its reply. ``dealt``: the slots to deal; an engine of
    more than EXACT_SEATS seats refuses to enumerate a random hand past them (its most random
    hands is then none)."""
    twice = Signal(bool(0))                   # more card bytes than cards marked seen
    mode_bad, opponents_bad = Signal(bool(0)), Signal(bool(0))
    deck_short, no_trials, too_big = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    most_random = Signal(intbv(0)[4:])
    max_opponents = constant(opponents, 8)
    deck_total = constant(DECK_SIZE, 9)

    @always_comb
    def count_rom():
        count_bytes.next = REPLY_COUNT_BYTES[int(k_opp[4:])]

    exact_slots = lane_slots(EXACT_SEATS)
    if len(dealt) > exact_slots:
        late = Signal(bool(0))                # a random hand past the seats an odometer deals

        @always_comb
        def lateness():
            late.next = dealt[len(dealt):exact_slots] != 0

        @always_comb
        def most_random_rom():
            if late:
                most_random.next = 0
            else:
                most_random.next = MOST_RANDOM_ROM[int(board_missing)]
    else:
        @always_comb
        def most_random_rom():
            most_random.next = MOST_RANDOM_ROM[int(board_missing)]

    @always(clk.posedge)
    def judge():
        """The checks that need arithmetic, registered (valid a clock after the scan's last
        count, in JUDGED), then the verdict over them all, registered again (valid in
        CHECKING): the reply's status and the run's set-up start at registers."""
        twice.next = known + n != deck_total
        deck_short.next = to_deal > n
        no_trials.next = trials == 0
        too_big.next = randoms > most_random
        mode_exact.next = mode == MODE_EXACT
        mode_bad.next = mode != MODE_MONTE_CARLO and mode != MODE_EXACT
        opponents_bad.next = k_opp == 0 or k_opp > max_opponents
        answer = intbv(OK)[8:]                # the first check that fails, in this order
        if mode_bad:
            answer[:] = ERR_MODE
        elif opponents_bad:
            answer[:] = ERR_OPPONENTS
        elif card_bad:
            answer[:] = ERR_CARD
        elif twice:
            answer[:] = ERR_DUPLICATE
        elif board_bad:
            answer[:] = ERR_BOARD
        elif deck_short:
            answer[:] = ERR_DECK
        elif mode_exact and too_big:
            answer[:] = ERR_EXACT
        elif not mode_exact and no_trials:
            answer[:] = ERR_TRIALS
        verdict.next = answer
        request_good.next = answer == OK

    return instances()
