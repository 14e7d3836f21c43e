"""The equity engine: requests in, counts out, ``lanes`` equity lanes in between.

Bytes come in and go out as streams (AXI4-Stream, one byte a beat) in the frames of
golden/equity_protocol.py; on a board they would be the UART's. A request is taken apart as
it arrives: every card goes into a 52-bit set of the cards seen, known cards go to the lanes'
slots, random hands set the slots to deal. When its CRC is good the engine numbers the cards
nobody knows (a scan of the set writes every slot's position table; a duplicate shows as fewer
cards in the set than card bytes received), gives the first problem found its error code, in
the golden order (golden/equity_protocol.parse_request), or runs. Monte Carlo: trials / lanes
by restoring division, lane l taking one more while l < the remainder (golden lane_trials, the
lane's ``bonus``), every stream's seed mixed (golden stream_seed; a quarter-round step takes six
clocks, its addition a byte a clock) and loaded, start, wait for every lane's done. Exact: the
boards C(n, k) (a binomial ROM) shared the same way, each lane's first board unranked from its
colex rank (golden equity_exact.colex_unrank: a probe of the ROM every four clocks) into its
board digits, start, wait. The reply sums the lanes' counts (the trials counted first) a byte
at a time, least significant first, as their readout chains shift: the sum settles through a
register per lane (no adder tree in one clock), and since no total exceeds its counter, no
carry crosses from one counter into the next.

A frame cut short is ended by a timeout (``timeout`` clocks without a byte); every frame gets
exactly one reply, a frame that arrives while the engine is busy ERR_BUSY after the run's own.
"""

from math import comb

from myhdl import (always, always_comb, always_seq, block, concat, ConcatSignal, enum,
                   instances, intbv, ResetSignal, Signal)

from ..golden.cards import DECK_SIZE, NO_CARD
from ..golden.equity import (ERR_BOARD, ERR_BUSY, ERR_CARD, ERR_DECK, ERR_DUPLICATE,
                             ERR_EXACT, ERR_FRAME, ERR_MODE, ERR_OPPONENTS, ERR_TRIALS,
                             MAX_OPPONENTS, OK)
from ..golden.equity_exact import MAX_EXACT_RANDOM
from ..golden.equity_deal import BOARD_SLOTS, MIX_ROUNDS, QUARTER_STEPS, lane_slots
from ..golden.equity_protocol import (COUNT_BYTES, CRC_POLY, HEADER, MODE_EXACT,
                                      MODE_MONTE_CARLO, SEED_BYTES, SOF, TRIAL_BYTES)
from ..golden.shuffle import MASK_ROM
from .equity_lane import CARD, SHIFT_DELAY, TRIAL_BITS, equity_lane
from .pipe import pipe_reg

PLAYER_BYTES = sum(COUNT_BYTES)
# a request with b known board cards (b <= 5) deals board slots 0..4 - b: how many, and which
MISSING_ROM = tuple(BOARD_SLOTS - b if b <= BOARD_SLOTS else 0 for b in range(8))
BOARD_DEALT_ROM = tuple((1 << m) - 1 for m in MISSING_ROM)
# the counted bytes in a reply with k opponents: the trials, then the players' counts (more
# than MAX_OPPONENTS are refused)
REPLY_COUNT_BYTES = tuple(TRIAL_BYTES + PLAYER_BYTES * (1 + k) if k <= MAX_OPPONENTS else 0
                          for k in range(16))
RANK_BITS = 22                   # a board's colex rank: C(50, 5) boards at most
# C(c, j) for c < 64, j < 8 (index j * 64 + c), held below 2**RANK_BITS: c < n <= 50 in use
BINOMIAL_ROM = tuple(min(comb(c, j), (1 << RANK_BITS) - 1) for j in range(8) for c in range(64))
# the most random opponents an exact run takes with m board cards missing (golden check_exact)
MOST_RANDOM_ROM = tuple(MAX_EXACT_RANDOM[m] if m < len(MAX_EXACT_RANDOM) else 0
                        for m in range(8))
SEED_BITS = 8 * SEED_BYTES
DEFAULT_TIMEOUT = 10_000_000     # 100 ms at 100 MHz: a frame's bytes come closer than that


def constant(value, bits):
    """A constant as a signal of ``bits`` bits: compared with a signal of that width it makes
    a comparator of that width (an integer constant makes a 32-bit one of 8 CARRY4)."""
    return Signal(intbv(value)[bits:])


@block
def crc8_step(crc_in, data, crc_out):
    """One byte of CRC-8/SMBUS (golden equity_protocol.crc8): eight shifts, unrolled."""
    @always_comb
    def step():
        c = intbv(0)[8:]
        c[:] = crc_in ^ data
        for step_i in range(8):
            if c[7]:
                c[:] = concat(c[7:0], False) ^ CRC_POLY
            else:
                c[:] = concat(c[7:0], False)
        crc_out.next = c
    return step


@block
def frame_receiver(clk, rst, s_axis_tdata, s_axis_tvalid, frame_begin, pay_valid, pay_data,
                   frame_end, frame_good, timeout):
    """Frames out of a byte stream: ``frame_begin`` at SOF, ``pay_valid`` with each payload
    byte, ``frame_end`` when the frame is over, ``frame_good`` with it when its CRC matched
    (not when a gap of ``timeout`` clocks cut it short). Bytes outside a frame other than SOF
    are skipped."""
    State = enum("WAIT_SOF", "WAIT_LEN", "PAYLOAD", "CHECK_CRC")
    state = Signal(State.WAIT_SOF)
    last, count = Signal(intbv(0)[8:]), Signal(intbv(0)[8:])   # the last payload byte's index
    crc, crc_in, crc_next = Signal(intbv(0)[8:]), Signal(intbv(0)[8:]), Signal(intbv(0)[8:])
    idle = Signal(intbv(0, min=0, max=timeout + 1))
    step = crc8_step(crc_in, s_axis_tdata, crc_next)

    @always_comb
    def crc_start():
        if state == State.WAIT_LEN:
            crc_in.next = 0
        else:
            crc_in.next = crc

    @always_seq(clk.posedge, reset=rst)
    def receive():
        frame_begin.next = False
        pay_valid.next = False
        frame_end.next = False
        frame_good.next = False
        if s_axis_tvalid:
            idle.next = 0
            if state == State.WAIT_SOF:
                if s_axis_tdata == SOF:
                    frame_begin.next = True
                    state.next = State.WAIT_LEN
            elif state == State.WAIT_LEN:
                count.next = 0
                crc.next = crc_next
                if s_axis_tdata != 0:
                    last.next = s_axis_tdata - 1
                    state.next = State.PAYLOAD
                else:
                    state.next = State.CHECK_CRC
            elif state == State.PAYLOAD:
                pay_valid.next = True
                pay_data.next = s_axis_tdata
                crc.next = crc_next
                count.next = count + 1
                if count == last:
                    state.next = State.CHECK_CRC
            else:
                frame_end.next = True
                frame_good.next = s_axis_tdata == crc
                state.next = State.WAIT_SOF
        elif state != State.WAIT_SOF:
            if idle == timeout:
                frame_end.next = True
                idle.next = 0
                state.next = State.WAIT_SOF
            else:
                idle.next = idle + 1

    return instances()


@block
def equity_engine(clk, rst, s_axis_tdata, s_axis_tvalid, s_axis_tready, m_axis_tdata,
                  m_axis_tvalid, m_axis_tready, busy, lanes=2, opponents=1,
                  timeout=DEFAULT_TIMEOUT):
    """The engine (module docstring) with ``lanes`` lanes of ``opponents`` opponent seats.
    s_*: request bytes in (ready but in reset); m_*: reply bytes out; busy: a request is being
    answered (set up, run or replied)."""
    slots = lane_slots(opponents)
    players = 1 + opponents
    assert [turn for *_, turn in QUARTER_STEPS] == [16, 12, 8, 7], "the MIXING rotations"
    lane_bits = max(lanes.bit_length(), 1)

    # ------------------------------------------------------------------ frames in
    frame_begin, pay_valid, frame_end, frame_good = (Signal(bool(0)) for _ in range(4))
    pay_data = Signal(intbv(0)[8:])
    receiver = frame_receiver(clk, rst, s_axis_tdata, s_axis_tvalid, frame_begin, pay_valid,
                              pay_data, frame_end, frame_good, timeout)

    @always_comb
    def always_ready():
        s_axis_tready.next = not rst

    # ------------------------------------------------------------------ the request
    # one-hot: a byte's enables test one bit of the role, not a 3-bit code
    Role = enum("HEADER", "HERO", "OPP", "BCOUNT", "BOARD", "DEAD", encoding="one_hot")
    role = Signal(Role.HEADER)
    index = Signal(intbv(0)[5:])              # the header's byte
    second = Signal(bool(0))                  # the second card of a hand
    cards_left = Signal(intbv(0)[9:])         # cards of the role still to come
    last_left = Signal(bool(0))               # cards_left == 1, registered with it
    taking = Signal(bool(0))                  # this frame began while the engine was idle
    mode = Signal(intbv(0)[8:])
    k_opp = Signal(intbv(0)[8:])             # opponents asked for
    trials = Signal(intbv(0)[TRIAL_BITS:])
    seed = Signal(intbv(0)[SEED_BITS:])
    cards_seen = Signal(intbv(0)[DECK_SIZE:])
    card_bad, board_bad, first_random = (Signal(bool(0)) for _ in range(3))
    known = Signal(intbv(0)[8:])              # card bytes that are cards: a duplicate when
    twice = Signal(bool(0))                   # more than the cards marked seen (the scan)
    mode_exact, mode_bad, opponents_bad = (Signal(bool(0)) for _ in range(3))
    verdict = Signal(intbv(0)[8:])            # the reply's status (registered over the checks)
    request_good = Signal(bool(0))            # verdict == OK, registered with it
    board_slot = Signal(intbv(0)[4:])         # the slot of the next known board card
    opp_slot = Signal(intbv(0)[5:])           # the slot of the next opponent card (saturates)
    pair_slot = Signal(intbv(0)[5:])          # the slot of the hand's first card
    dealt = Signal(intbv(0)[slots:])
    to_deal = Signal(intbv(0)[10:])           # cards a trial deals
    hero_a, hero_b = Signal(intbv(0)[CARD:]), Signal(intbv(0)[CARD:])
    hero = [hero_a, hero_b]
    fixed = [Signal(intbv(0)[CARD:]) for _ in range(slots)]
    fixed_we = Signal(bool(0))
    fixed_slot = Signal(intbv(0)[5:])
    fixed_card = Signal(intbv(0)[CARD:])
    card = pay_data                           # the payload byte, read as a card
    is_card, is_none, is_one, over_board = (Signal(bool(0)) for _ in range(4))
    deck_size, board_slots = constant(DECK_SIZE, 8), constant(BOARD_SLOTS, 8)
    header_trials, slot_count = constant(2 + TRIAL_BYTES, 5), constant(slots, 5)
    missing = Signal(intbv(0)[3:])
    board_dealt = Signal(intbv(0)[BOARD_SLOTS:])
    board_missing = Signal(intbv(0)[3:])      # board cards a trial deals
    randoms = Signal(intbv(0)[4:])            # random opponents

    State = enum("IDLE", "SCANNING", "SCANNED", "JUDGED", "CHECKING", "DIVIDING", "MIXING",
                 "MIXED", "NEXT_STREAM", "LOADING", "UNRANKING", "PROBING", "READING", "WEIGHING",
                 "TESTING", "NEXT_LANE", "STARTING", "RUNNING", "REPLYING")
    state = Signal(State.IDLE)
    # state == IDLE as a register of its own, set and cleared with the state: the request
    # parser, busy and the board read it, a net too wide to come from the state's decoder
    # (not named idle: VHDL's names ignore case, and IDLE is the state's)
    in_idle = Signal(bool(1))
    # state == REPLYING likewise: the reply's registers test one bit, where the last branch of
    # the state's chain was "none of the other eighteen" (nine xc7 levels to the reply's part)
    in_reply = Signal(bool(0))

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

    @always_seq(clk.posedge, reset=rst)
    def decode():
        fixed_we.next = False
        if frame_begin:
            taking.next = in_idle
            if in_idle:
                role.next = Role.HEADER
                index.next = 0
                cards_seen.next = 0
                randoms.next = 0
                dealt.next = 0
                to_deal.next = 0
                card_bad.next = False
                known.next = 0
                board_bad.next = False
        elif pay_valid and taking:
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
                    known.next = known + 1
                    for c in range(DECK_SIZE):       # a decoder: no index arithmetic
                        if card == c:
                            cards_seen.next[c] = True
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

    # ------------------------------------------------------------------ set-up and run
    rem_we = Signal(bool(0))                  # the scan writes the lanes' position tables
    scan_bits = Signal(intbv(0)[DECK_SIZE:])  # the cards seen, shifted past the scan
    rem_addr, rem_data = Signal(intbv(0)[CARD:]), Signal(intbv(0)[CARD:])
    scan = Signal(intbv(0)[6:])
    n = Signal(intbv(0)[6:])
    mask = Signal(intbv(0)[6:])
    active = Signal(intbv(0)[players:])
    status = Signal(intbv(0)[8:])
    max_opponents, lane_count = constant(opponents, 8), constant(lanes, lane_bits + 1)
    deck_total = constant(DECK_SIZE, 9)
    deck_short, no_trials, too_big = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    most_random = Signal(intbv(0)[4:])
    exact = Signal(bool(0))                   # the run enumerates
    # unranking a lane's first board: rank, what is left of it, the digit j and position c
    # probed (C(c, j) from the ROM, registered), the digit found
    rank, unranked = Signal(intbv(0)[RANK_BITS:]), Signal(intbv(0)[RANK_BITS:])
    # lane load_lane's boards, registered (read in NEXT_LANE, two clocks or more after the
    # division's end or load_lane's change): the rank's adder starts at a register
    share = Signal(intbv(0)[RANK_BITS:])
    probe_j, probe_c = Signal(intbv(0)[3:]), Signal(intbv(0)[6:])
    binomial, binomial_q = Signal(intbv(0)[RANK_BITS:]), Signal(intbv(0)[RANK_BITS:])
    binomial_qq = Signal(intbv(0)[RANK_BITS:])     # the block RAM's output register
    fits, rest = Signal(bool(0)), Signal(intbv(0)[RANK_BITS:])
    load_digit = Signal(intbv(0)[CARD:])
    load_bonus = Signal(bool(0))
    count_bytes = Signal(intbv(0)[8:])
    quotient = Signal(intbv(0)[TRIAL_BITS:])
    dividend = Signal(intbv(0)[TRIAL_BITS:])
    remainder = Signal(intbv(0)[lane_bits + 1:])
    step_count = Signal(intbv(0)[6:])
    load = Signal(bool(0))
    load_index = Signal(intbv(0)[2:])
    seed_word = Signal(intbv(0)[32:])
    # the streams' seeds (golden stream_seed): the seed's words mixed once into base, then for
    # each lane and slot, base with the stream's number in its last word, mixed, loaded
    ma, mb, mc, md = (Signal(intbv(0)[32:]) for _ in range(4))
    base_a, base_b, base_c, base_d = (Signal(intbv(0)[32:]) for _ in range(4))
    mix_sum, mix_cross = Signal(intbv(0)[32:]), Signal(intbv(0)[32:])
    # a step's 32-bit addition a byte per clock (no carry chain longer than two CARRY4):
    # phase 0 takes the operands, 1..4 add a byte each into mix_sum, 5 applies the step
    add_x, add_y = Signal(intbv(0)[32:]), Signal(intbv(0)[32:])
    byte_total = Signal(intbv(0)[9:])
    mix_carry = Signal(bool(0))
    mix_phase = Signal(intbv(0)[3:])
    mix_count = Signal(intbv(0, min=0, max=4 * MIX_ROUNDS))   # quarter rounds of 4 steps
    mixing_base = Signal(bool(0))
    load_lane = Signal(intbv(0)[max(lane_bits, 1):])
    load_slot = Signal(intbv(0)[5:])
    loads = [Signal(bool(0)) for _ in range(lanes)]
    start = Signal(bool(0))
    shift = Signal(bool(0))
    busy_pending = Signal(bool(0))
    bonuses = [Signal(bool(0)) for _ in range(lanes)]
    dones = [Signal(bool(0)) for _ in range(lanes)]
    chains = [Signal(intbv(0)[8:]) for _ in range(lanes)]
    all_done = Signal(bool(0))
    done_bits = ConcatSignal(*dones) if lanes > 1 else dones[0]
    all_ones = (1 << lanes) - 1

    @always_comb
    def mask_rom():
        mask.next = MASK_ROM[int(n)]

    @always_comb
    def count_rom():
        count_bytes.next = REPLY_COUNT_BYTES[int(k_opp[4:])]

    @always_comb
    def most_random_rom():
        most_random.next = MOST_RANDOM_ROM[int(board_missing)]

    @always_comb
    def binomial_rom():
        binomial.next = BINOMIAL_ROM[int(concat(probe_j, probe_c))]

    @always(clk.posedge)
    def binomial_register():
        binomial_q.next = binomial

    @always(clk.posedge)
    def binomial_output():
        """The ROM's read registered once more, for the unranking: a block RAM's read comes
        5.6 ns after the clock on an ECP5 without its output register (the nine-seat tops'
        longest path, into the 21-bit compare)."""
        binomial_qq.next = binomial_q

    @always(clk.posedge)
    def unrank_step():
        """C(c, j) <= what is left of the rank: c is the digit; what is left after it
        (registered in WEIGHING: TESTING's decisions start at a register, not at the end of
        a 21-bit compare)."""
        fits.next = binomial_qq <= unranked
        if binomial_qq <= unranked:
            rest.next = unranked - binomial_qq
        else:
            rest.next = unranked

    @always_comb
    def lane_share_bonus():
        load_bonus.next = remainder > load_lane

    @always(clk.posedge)
    def lane_share():
        """The boards of lane load_lane: the next lane's first board is this far on."""
        if load_bonus:
            share.next = quotient[RANK_BITS:] + 1
        else:
            share.next = quotient[RANK_BITS:]

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

    @always_comb
    def lanes_done():
        all_done.next = done_bits == all_ones

    @always_comb
    def seed_words():
        if exact:
            seed_word.next = load_digit
        elif load_index == 0:
            seed_word.next = ma
        elif load_index == 1:
            seed_word.next = mb
        elif load_index == 2:
            seed_word.next = mc
        else:
            seed_word.next = md

    @always_comb
    def mix_adder():
        """A quarter round step (golden mix_step): steps 0 and 2 add b to a and cross into
        d, steps 1 and 3 add d to c and cross into b; the sum a byte a clock."""
        byte_total.next = add_x[8:] + add_y[8:] + mix_carry
        if not mix_count[0]:
            mix_cross.next = md ^ mix_sum
        else:
            mix_cross.next = mb ^ mix_sum

    @always(clk.posedge)
    def write_remaining():
        """The scan's writes into every slot's table, registered (the write is a clock
        late, long before any run reads the tables): the bus reaches hundreds of LUT-RAMs
        from registers, not from the state's decoder."""
        rem_we.next = state == State.SCANNING and not scan_bits[0]
        rem_addr.next = n
        rem_data.next = scan

    # ------------------------------------------------------------------ the reply
    Part = enum("SEND_SOF", "SEND_LEN", "SEND_STATUS", "SEND_COUNTS", "SEND_CRC")
    part = Signal(Part.SEND_SOF)   # SEND_SOF but in REPLYING: a reply's last byte sets it back
    reply_len = Signal(intbv(0)[8:])
    left = Signal(intbv(0)[8:])               # bytes of the part still to send
    out_data = Signal(intbv(0)[8:])
    out_valid = Signal(bool(0))
    crc_tx, crc_tx_next = Signal(intbv(0)[8:]), Signal(intbv(0)[8:])
    tx_byte = Signal(intbv(0)[8:])
    tx_go = Signal(bool(0))
    settle = Signal(intbv(0)[lane_bits + 2:])
    carry = Signal(intbv(0)[8:])
    sums = [Signal(intbv(0)[12:]) for _ in range(lanes + 1)]
    sum_first, sum_last = sums[0], sums[lanes]
    sum_links = [sum_link(clk, sums[l], chains[l], sums[l + 1]) for l in range(lanes)]
    tx_crc = crc8_step(crc_tx, tx_byte, crc_tx_next)

    @always_comb
    def sum_start():
        sum_first.next = carry

    @always_comb
    def outputs():
        m_axis_tdata.next = out_data
        m_axis_tvalid.next = out_valid
        tx_go.next = not out_valid or m_axis_tready
        busy.next = not in_idle

    @always_comb
    def reply_byte():
        if part == Part.SEND_SOF:
            tx_byte.next = SOF
        elif part == Part.SEND_LEN:
            tx_byte.next = reply_len
        elif part == Part.SEND_STATUS:
            tx_byte.next = status
        elif part == Part.SEND_COUNTS:
            tx_byte.next = sum_last[8:0]
        else:
            tx_byte.next = crc_tx

    @always_seq(clk.posedge, reset=rst)
    def control():
        load.next = False
        start.next = False
        shift.next = False
        if out_valid and m_axis_tready:
            out_valid.next = False
        if in_idle:
            # the cards seen so far, every idle clock: when a good frame ends they are its
            # cards, with no frame check in the 52 registers' enable
            scan_bits.next = cards_seen
        if in_reply:
            # the reply, a byte whenever the output register is free
            if part == Part.SEND_COUNTS and settle != 0:
                settle.next = settle - 1
            elif tx_go:
                out_valid.next = True
                out_data.next = tx_byte
                if part == Part.SEND_SOF:
                    crc_tx.next = 0
                    part.next = Part.SEND_LEN
                elif part == Part.SEND_LEN:
                    crc_tx.next = crc_tx_next
                    part.next = Part.SEND_STATUS
                elif part == Part.SEND_STATUS:
                    crc_tx.next = crc_tx_next
                    left.next = count_bytes
                    carry.next = 0
                    settle.next = lanes + SHIFT_DELAY
                    if status == OK:
                        part.next = Part.SEND_COUNTS
                    else:
                        part.next = Part.SEND_CRC
                elif part == Part.SEND_COUNTS:
                    crc_tx.next = crc_tx_next
                    carry.next = sum_last[12:8]
                    shift.next = True
                    settle.next = lanes + SHIFT_DELAY
                    left.next = left - 1
                    if left == 1:
                        part.next = Part.SEND_CRC
                else:
                    part.next = Part.SEND_SOF
                    state.next = State.IDLE
                    in_reply.next = False
                    in_idle.next = True
        elif state == State.IDLE:
            scan.next = 0
            n.next = 0
            if busy_pending:
                status.next = ERR_BUSY
                reply_len.next = 1
                busy_pending.next = False
                state.next = State.REPLYING
                in_reply.next = True
                in_idle.next = False
            elif frame_end and taking:
                in_idle.next = False
                if not frame_good or role != Role.DEAD:
                    status.next = ERR_FRAME
                    reply_len.next = 1
                    state.next = State.REPLYING
                    in_reply.next = True
                else:
                    state.next = State.SCANNING
        elif state == State.SCANNING:
            scan_bits.next = concat(False, scan_bits[DECK_SIZE:1])
            if not scan_bits[0]:
                n.next = n + 1
            scan.next = scan + 1
            if scan == DECK_SIZE - 1:
                state.next = State.SCANNED
        elif state == State.SCANNED:
            probe_j.next = board_missing          # C(n, k): the boards of an exact run
            probe_c.next = n
            state.next = State.JUDGED
        elif state == State.JUDGED:
            state.next = State.CHECKING
        elif state == State.CHECKING:
            for p in range(players):
                active.next[p] = p <= k_opp
            reply_len.next = 1
            state.next = State.REPLYING
            in_reply.next = not request_good
            exact.next = mode_exact
            status.next = verdict
            if request_good:
                reply_len.next = 1 + count_bytes
                if mode_exact:
                    dividend.next = binomial_q            # C(n, k), probed in SCANNED
                else:
                    dividend.next = trials
                remainder.next = 0
                step_count.next = 0
                state.next = State.DIVIDING
        elif state == State.DIVIDING:
            # restoring division, a quotient bit per clock, the dividend's top bit first
            dividend.next = concat(dividend[TRIAL_BITS - 1:0], False)
            if concat(remainder[lane_bits:], dividend[TRIAL_BITS - 1]) >= lane_count:
                remainder.next = concat(remainder[lane_bits:], dividend[TRIAL_BITS - 1]) - \
                    lane_count
                quotient.next = concat(quotient[TRIAL_BITS - 1:0], True)
            else:
                remainder.next = concat(remainder[lane_bits:], dividend[TRIAL_BITS - 1])
                quotient.next = concat(quotient[TRIAL_BITS - 1:0], False)
            step_count.next = step_count + 1
            if step_count == TRIAL_BITS - 1 and exact:
                rank.next = 0
                load_lane.next = 0
                load_index.next = 0
                state.next = State.UNRANKING
            elif step_count == TRIAL_BITS - 1:
                ma.next = seed[128:96]
                mb.next = seed[96:64]
                mc.next = seed[64:32]
                md.next = seed[32:0]
                mixing_base.next = True
                mix_count.next = 0
                state.next = State.MIXING
        elif state == State.MIXING and mix_phase == 0:
            if not mix_count[0]:
                add_x.next = ma
                add_y.next = mb
            else:
                add_x.next = mc
                add_y.next = md
            mix_carry.next = False
            mix_phase.next = 1
        elif state == State.MIXING and mix_phase != 5:
            mix_sum.next = concat(byte_total[8:], mix_sum[32:8])
            mix_carry.next = byte_total[8]
            add_x.next = concat(intbv(0)[8:], add_x[32:8])
            add_y.next = concat(intbv(0)[8:], add_y[32:8])
            mix_phase.next = mix_phase + 1
        elif state == State.MIXING:
            mix_phase.next = 0
            step = mix_count[2:]
            if step == 0:
                ma.next = mix_sum
                md.next = concat(mix_cross[16:], mix_cross[32:16])
            elif step == 1:
                mc.next = mix_sum
                mb.next = concat(mix_cross[20:], mix_cross[32:20])
            elif step == 2:
                ma.next = mix_sum
                md.next = concat(mix_cross[24:], mix_cross[32:24])
            else:
                mc.next = mix_sum
                mb.next = concat(mix_cross[25:], mix_cross[32:25])
            if mix_count == 4 * MIX_ROUNDS - 1:
                state.next = State.MIXED
            else:
                mix_count.next = mix_count + 1
        elif state == State.MIXED:
            if mixing_base:
                base_a.next = ma
                base_b.next = mb
                base_c.next = mc
                base_d.next = md
                mixing_base.next = False
                load_lane.next = 0
                load_slot.next = 0
                state.next = State.NEXT_STREAM
            else:
                load_index.next = 0
                load.next = True
                state.next = State.LOADING
        elif state == State.NEXT_STREAM:
            ma.next = base_a
            mb.next = base_b
            mc.next = base_c
            md.next = base_d ^ concat(intbv(0)[24 - len(load_lane):], load_lane, intbv(0)[3:],
                                      load_slot)
            mix_count.next = 0
            state.next = State.MIXING
        elif state == State.LOADING:
            if load_index == 3:
                state.next = State.NEXT_STREAM
                if load_slot == slots - 1:
                    load_slot.next = 0
                    if load_lane == lanes - 1:
                        start.next = True
                        state.next = State.STARTING
                    else:
                        load_lane.next = load_lane + 1
                else:
                    load_slot.next = load_slot + 1
            else:
                load_index.next = load_index + 1
                load.next = True
        elif state == State.UNRANKING:
            # lane load_lane's first board: rank, the boards of the lanes before it
            unranked.next = rank
            probe_j.next = board_missing
            probe_c.next = n - 1
            if board_missing == 0:
                state.next = State.NEXT_LANE
            else:
                state.next = State.PROBING
        elif state == State.PROBING:
            state.next = State.READING            # binomial_q = C(c, j) at its end
        elif state == State.READING:
            state.next = State.WEIGHING           # binomial_qq = C(c, j) at its end
        elif state == State.WEIGHING:
            state.next = State.TESTING            # fits and rest at its end
        elif state == State.TESTING:
            # the largest c with C(c, j) <= what is left is digit j (slot j - 1), top first
            state.next = State.PROBING
            if fits:
                load.next = True
                load_slot.next = probe_j - 1
                load_digit.next = probe_c
                unranked.next = rest
                probe_j.next = probe_j - 1
                if probe_j == 1:
                    state.next = State.NEXT_LANE
                else:
                    probe_c.next = probe_c - 1
            else:
                probe_c.next = probe_c - 1
        elif state == State.NEXT_LANE:
            rank.next = rank + share
            if load_lane == lanes - 1:
                start.next = True
                state.next = State.STARTING
            else:
                load_lane.next = load_lane + 1
                state.next = State.UNRANKING
        elif state == State.STARTING:
            state.next = State.RUNNING
        elif state == State.RUNNING:
            if all_done:
                state.next = State.REPLYING
                in_reply.next = True
        if frame_end and not taking:
            busy_pending.next = True

    # ------------------------------------------------------------------ the lanes
    chain_in = Signal(intbv(0)[8:])
    # the reset goes from lane to lane, registered in each (equity_lane's rst_in): the last
    # leaves reset `lanes` clocks after the engine, long before a request's first load (a
    # frame, then a scan of 52 clocks)
    lane_resets = [rst] + [ResetSignal(1, active=rst.active, isasync=False)
                           for _ in range(lanes - 1)] + [None]
    # what the request tells the lanes (set two clocks or more before their start: the table
    # writes of the scan, the cards, the players, the quota) goes from lane to lane too, a
    # register in each, so each engine register drives one copy, not thousands of loads
    # spread over every lane, and the engine's own logic stays together (the nine-seat tops'
    # longest paths were engine paths stretched across the chip)
    sent = ([n, mask, dealt, active, rem_we, rem_addr, rem_data, exact, quotient], hero, fixed)
    engines = []
    for l in range(lanes):
        taken = tuple([lane_copy(s) for s in group] for group in sent)
        engines += [pipe_reg(clk, d, q)
                    for group, copies in zip(sent, taken) for d, q in zip(group, copies)]
        bonus = Signal(bool(0))
        engines.append(lane_bonus(remainder, l, bonus))
        engines.append(pipe_reg(clk, bonus, bonuses[l]))
        engines.append(lane_load(load, load_lane, l, loads[l]))
        (l_n, l_mask, l_dealt, l_active, l_we, l_addr, l_data, l_exact, l_quota), l_hero, \
            l_fixed = taken
        engines.append(equity_lane(clk, lane_resets[l], opponents, l_n, l_mask, l_dealt,
                                   l_fixed, l_hero, l_active, l_we, l_addr, l_data,
                                   loads[l], load_slot, load_index, seed_word, l_exact, start,
                                   l_quota, bonuses[l], dones[l], shift, chain_in, chains[l],
                                   rst_out=lane_resets[l + 1]))
        sent = taken

    return instances()


def lane_copy(signal):
    """A lane's register for a signal the engine sends it: same width."""
    return Signal(bool(0)) if isinstance(signal.val, bool) else Signal(intbv(0)[len(signal):])


@block
def slot_register(clk, we, slot_index, card, slot, value):
    """A slot's known card, written when the request's card byte is for this slot."""
    @always(clk.posedge)
    def write():
        if we and slot_index == slot:
            value.next = card
    return write


@block
def sum_link(clk, before, byte, after):
    """One lane's link of the reply's sum: after = before + the lane's readout byte, a
    register per lane (the sum settles in ``lanes`` clocks, no adder tree in one clock)."""
    @always(clk.posedge)
    def add():
        after.next = before + byte
    return add


@block
def lane_load(load, load_lane, lane, lane_loads):
    """Lane ``lane`` takes the seed words while the streams of lane ``load_lane`` load."""
    @always_comb
    def select():
        lane_loads.next = load and load_lane == lane
    return select


@block
def lane_bonus(remainder, lane, bonus):
    """Lane ``lane``'s share of the trials is the quotient, and one more while lane <
    remainder (golden lane_trials): the lane counts the one more itself (its ``bonus``)."""
    number = constant(lane, len(remainder))

    @always_comb
    def share():
        bonus.next = remainder > number
    return share


def equity_engine_top(lanes=2, opponents=1, timeout=DEFAULT_TIMEOUT):
    """equity_engine with fresh port signals, for conversion."""
    return equity_engine(
        clk=Signal(bool(0)), rst=ResetSignal(0, active=1, isasync=False),
        s_axis_tdata=Signal(intbv(0)[8:]), s_axis_tvalid=Signal(bool(0)),
        s_axis_tready=Signal(bool(0)), m_axis_tdata=Signal(intbv(0)[8:]),
        m_axis_tvalid=Signal(bool(0)), m_axis_tready=Signal(bool(0)),
        busy=Signal(bool(0)), lanes=lanes, opponents=opponents, timeout=timeout)
