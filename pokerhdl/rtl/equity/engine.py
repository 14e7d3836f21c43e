"""The equity engine: requests in, counts out, ``lanes`` equity lanes in between.

Bytes come in and go out as streams (AXI4-Stream, one byte a beat) in the frames of
golden/equity/protocol.py; on a board they would be the UART's. A request is taken apart as
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
carry crosses from one counter into the next. A heads-up engine's lanes count less (the trials,
each player's wins, the ties): heads_up_counts (equity/heads_up.py) sums them and gives the
reply every player's record as one lane would.

A frame cut short is ended by a timeout (``timeout`` clocks without a byte); every frame gets
exactly one reply, a frame that arrives while the engine is busy ERR_BUSY after the run's own.
"""

from myhdl import (always_comb, always_seq, block, ConcatSignal, enum, instances, intbv,
                   ResetSignal, Signal)

from ...golden.cards import DECK_SIZE
from ...golden.equity.readable import ERR_BUSY, ERR_FRAME, OK
from ...golden.equity.protocol import describe_payload
from ...golden.equity.deal import MIX_ROUNDS, QUARTER_STEPS, lane_slots
from .frames import frame_receiver
from .heads_up import heads_up_counts
from .lane import CARD, TRIAL_BITS, equity_lane
from .lane_tally import counts_in_ram
from .reply import reply_builder
from .request import SEED_BITS, constant, request_judge, request_parser
from .setup import (RANK_BITS, card_scanner, lane_loader, seed_mixer, trial_divider)
from ..pipe import pipe_reg

DEFAULT_TIMEOUT = 10_000_000     # 100 ms at 100 MHz: a frame's bytes come closer than that
DEFAULT_CLK_HZ = 100_000_000     # the clock a describe reply states, unless told
DESCRIBE_LEN = len(describe_payload(1, 1, 0))


@block
def equity_engine(clk, rst, s_axis_tdata, s_axis_tvalid, s_axis_tready, m_axis_tdata,
                  m_axis_tvalid, m_axis_tready, busy, lanes=2, opponents=1,
                  timeout=DEFAULT_TIMEOUT, clk_hz=DEFAULT_CLK_HZ, shift_registers=True):
    """The engine (module docstring) with ``lanes`` lanes of ``opponents`` opponent seats.
    s_*: request bytes in (ready but in reset); m_*: reply bytes out; busy: a request is being
    answered (set up, run or replied); clk_hz: the clock it runs at, for a describe reply;
    shift_registers: the lanes' delays as shift registers or, False, flip-flops (equity/lane.py
    slot_stream: a Xilinx part's LUTs are kept for logic).

    Its parts (each the only writer of what it drives): frame_receiver, request_parser and
    request_judge (equity/request.py), the sequencer (engine_sequencer: the state), the set-up
    (equity/setup.py: card_scanner, trial_divider, seed_mixer, lane_loader), the lanes
    (lane_row; heads-up, heads_up_counts between them and the reply: equity/heads_up.py) and
    the reply (equity/reply.py)."""
    slots = lane_slots(opponents)
    players = 1 + opponents
    assert [turn for *_, turn in QUARTER_STEPS] == [16, 12, 8, 7], "the MIXING rotations"
    lane_bits = max(lanes.bit_length(), 1)

    # frames in, and the request
    frame_begin, pay_valid, frame_end, frame_good = (Signal(bool(0)) for _ in range(4))
    pay_data = Signal(intbv(0)[8:])
    taking = Signal(bool(0))                  # this frame began while the engine was idle
    request_complete = Signal(bool(0))        # every part of the request came
    describe = Signal(bool(0))                # the request is a describe request
    mode = Signal(intbv(0)[8:])
    k_opp = Signal(intbv(0)[8:])             # opponents asked for
    trials = Signal(intbv(0)[TRIAL_BITS:])
    seed = Signal(intbv(0)[SEED_BITS:])
    cards_seen = Signal(intbv(0)[DECK_SIZE:])
    pending_mark = Signal(bool(0))            # pending_card goes into cards_seen next clock
    pending_card = Signal(intbv(0)[CARD:])
    card_bad, board_bad = Signal(bool(0)), Signal(bool(0))
    known = Signal(intbv(0)[8:])              # card bytes that are cards
    verdict = Signal(intbv(0)[8:])            # the reply's status (registered over the checks)
    request_good, mode_exact = Signal(bool(0)), Signal(bool(0))
    dealt = Signal(intbv(0)[slots:])
    to_deal = Signal(intbv(0)[10:])           # cards a trial deals
    hero_a, hero_b = Signal(intbv(0)[CARD:]), Signal(intbv(0)[CARD:])
    hero = [hero_a, hero_b]
    fixed = [Signal(intbv(0)[CARD:]) for _ in range(slots)]
    board_missing = Signal(intbv(0)[3:])      # board cards a trial deals
    randoms = Signal(intbv(0)[4:])            # random opponents
    count_bytes = Signal(intbv(0)[8:])

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
    # state == MIXING likewise: the seed mixer's step (six clocks, every stream) tests it, and
    # its counters' enables then start at one register, not at the state's decoder (the longest
    # path of the ULX3S heads-up top with 12 lanes, 10.5 ns, 8.6 of it routing)
    in_mixing = Signal(bool(0))

    # set-up and run
    rem_we = Signal(bool(0))                  # the scan writes the lanes' position tables
    rem_addr, rem_data = Signal(intbv(0)[CARD:]), Signal(intbv(0)[CARD:])
    scan = Signal(intbv(0)[6:])
    n = Signal(intbv(0)[6:])
    mask = Signal(intbv(0)[6:])
    active = Signal(intbv(0)[players:])
    status = Signal(intbv(0)[8:])
    reply_len = Signal(intbv(0)[8:])
    exact = Signal(bool(0))                   # the run enumerates
    probe_j = Signal(intbv(0)[3:])
    binomial_q = Signal(intbv(0)[RANK_BITS:])
    fits = Signal(bool(0))
    load_digit = Signal(intbv(0)[CARD:])
    quotient = Signal(intbv(0)[TRIAL_BITS:])
    remainder = Signal(intbv(0)[lane_bits + 1:])
    step_count = Signal(intbv(0)[6:])
    load = Signal(bool(0))
    load_index = Signal(intbv(0)[2:])
    seed_word = Signal(intbv(0)[32:])
    mix_phase = Signal(intbv(0)[3:])
    mix_count = Signal(intbv(0, min=0, max=4 * MIX_ROUNDS))   # quarter rounds of 4 steps
    mixing_base = Signal(bool(0))
    load_lane = Signal(intbv(0)[max(lane_bits, 1):])
    load_slot = Signal(intbv(0)[5:])
    slot_last, lane_last = Signal(bool(0)), Signal(bool(0))
    start = Signal(bool(0))
    shift = Signal(bool(0))
    reply_last = Signal(bool(0))
    # what the sequencer waits for and the reply reads: each lane's done and readout chain, or
    # a heads-up engine's one record (heads_up_counts, between the lanes and the reply)
    heads_up = not counts_in_ram(players)
    dones = [Signal(bool(0)) for _ in range(1 if heads_up else lanes)]
    chains = [Signal(intbv(0)[8:]) for _ in range(1 if heads_up else lanes)]
    if heads_up:
        lane_dones = [Signal(bool(0)) for _ in range(lanes)]
        lane_chains = [Signal(intbv(0)[8:]) for _ in range(lanes)]
        lane_shift = Signal(bool(0))

    parts = [
        frame_receiver(clk, rst, s_axis_tdata, s_axis_tvalid, frame_begin, pay_valid, pay_data,
                       frame_end, frame_good, timeout),
        request_parser(clk, rst, s_axis_tdata, frame_begin, pay_valid, pay_data, in_idle,
                       taking, request_complete, describe, mode, k_opp, trials, seed,
                       cards_seen, pending_mark, pending_card, card_bad, board_bad, known,
                       dealt, to_deal, hero, fixed, randoms, board_missing),
        request_judge(clk, n, mode, k_opp, trials, card_bad, board_bad, known, to_deal,
                      randoms, board_missing, opponents, mode_exact, count_bytes, verdict,
                      request_good, dealt),
        engine_sequencer(clk, rst, State, state, in_idle, in_reply, in_mixing, frame_end,
                         frame_good, taking, request_complete, describe, scan, request_good,
                         mode_exact, verdict, count_bytes, k_opp, step_count, exact, mix_phase,
                         mix_count, mixing_base, load_index, slot_last, lane_last, board_missing,
                         fits, probe_j, dones, reply_last, status, reply_len, active, busy),
        card_scanner(clk, rst, State, state, in_idle, in_reply, cards_seen, pending_mark,
                     pending_card, scan, n, mask, rem_we, rem_addr, rem_data),
        trial_divider(clk, rst, State, state, in_reply, request_good, mode_exact, binomial_q,
                      trials, lanes, quotient, remainder, step_count),
        seed_mixer(clk, rst, State, state, in_reply, in_mixing, step_count, exact, seed, load_lane,
                   load_slot, load_index, load_digit, mix_phase, mix_count, mixing_base,
                   seed_word),
        lane_loader(clk, rst, State, state, in_reply, lanes, slots, n, board_missing,
                    step_count, exact, mixing_base, quotient, remainder, load, load_lane,
                    load_slot, load_index, load_digit, start, probe_j, fits, binomial_q,
                    slot_last, lane_last),
        lane_row(clk, rst, opponents, n, mask, dealt, active, rem_we, rem_addr, rem_data, exact,
                 quotient, remainder, hero, fixed, load, load_lane, load_slot, load_index,
                 seed_word, start, lane_shift if heads_up else shift,
                 lane_dones if heads_up else dones, lane_chains if heads_up else chains,
                 shift_registers),
        reply_builder(clk, rst, in_reply, reply_len, status, describe, count_bytes, chains,
                      shift, reply_last, m_axis_tdata, m_axis_tvalid, m_axis_tready,
                      description=(lanes, opponents, clk_hz))]
    if heads_up:
        parts.append(heads_up_counts(clk, rst, start, lane_dones, lane_chains, lane_shift,
                                     dones[0], shift, chains[0]))

    @always_comb
    def always_ready():
        s_axis_tready.next = not rst

    return parts, always_ready


@block(skipname=True)
def engine_sequencer(clk, rst, State, state, in_idle, in_reply, in_mixing, frame_end, frame_good,
                     taking, request_complete, describe, scan, request_good, mode_exact, verdict,
                     count_bytes, k_opp, step_count, exact, mix_phase, mix_count, mixing_base,
                     load_index, slot_last, lane_last, board_missing, fits, probe_j, dones,
                     reply_last, status, reply_len, active, busy):
    """The engine's state: a request's frame ends (a bad frame, or one that came while busy,
    goes straight to the reply), its cards are scanned and judged, the set-up's steps follow
    one another, the lanes run until every one is done, the reply is sent. It sets what the
    reply says (status, reply_len) and the run's players (active) and mode (exact)."""
    players, lanes = len(active), len(dones)
    busy_pending = Signal(bool(0))
    all_done = Signal(bool(0))
    done_bits = ConcatSignal(*dones) if lanes > 1 else dones[0]
    all_ones = (1 << lanes) - 1

    @always_comb
    def lanes_done():
        all_done.next = done_bits == all_ones

    @always_comb
    def busy_out():
        busy.next = not in_idle

    @always_seq(clk.posedge, reset=rst)
    def control():
        if in_reply:
            if reply_last:
                state.next = State.IDLE
                in_reply.next = False
                in_idle.next = True
        elif state == State.IDLE:
            if busy_pending:
                status.next = ERR_BUSY
                reply_len.next = 1
                busy_pending.next = False
                state.next = State.REPLYING
                in_reply.next = True
                in_idle.next = False
            elif frame_end and taking:
                in_idle.next = False
                if frame_good and describe:
                    status.next = OK
                    reply_len.next = DESCRIBE_LEN
                    state.next = State.REPLYING
                    in_reply.next = True
                elif not frame_good or not request_complete:
                    status.next = ERR_FRAME
                    reply_len.next = 1
                    state.next = State.REPLYING
                    in_reply.next = True
                else:
                    state.next = State.SCANNING
        elif state == State.SCANNING:
            if scan == DECK_SIZE - 1:
                state.next = State.SCANNED
        elif state == State.SCANNED:
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
                state.next = State.DIVIDING
        elif state == State.DIVIDING:
            if step_count == TRIAL_BITS - 1 and exact:
                state.next = State.UNRANKING
            elif step_count == TRIAL_BITS - 1:
                state.next = State.MIXING
                in_mixing.next = True
        elif in_mixing:
            if mix_phase == 5 and mix_count == 4 * MIX_ROUNDS - 1:
                state.next = State.MIXED
                in_mixing.next = False
        elif state == State.MIXED:
            if mixing_base:
                state.next = State.NEXT_STREAM
            else:
                state.next = State.LOADING
        elif state == State.NEXT_STREAM:
            state.next = State.MIXING
            in_mixing.next = True
        elif state == State.LOADING:
            if load_index == 3:
                state.next = State.NEXT_STREAM
                if slot_last and lane_last:
                    state.next = State.STARTING
        elif state == State.UNRANKING:
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
            state.next = State.PROBING
            if fits and probe_j == 1:
                state.next = State.NEXT_LANE
        elif state == State.NEXT_LANE:
            if lane_last:
                state.next = State.STARTING
            else:
                state.next = State.UNRANKING
        elif state == State.STARTING:
            state.next = State.RUNNING
        elif state == State.RUNNING:
            if all_done:
                state.next = State.REPLYING
                in_reply.next = True
        if frame_end and not taking:
            busy_pending.next = True

    return instances()


@block(skipname=True)
def lane_row(clk, rst, opponents, n, mask, dealt, active, rem_we, rem_addr, rem_data, exact,
             quotient, remainder, hero, fixed, load, load_lane, load_slot, load_index,
             seed_word, start, shift, dones, chains, shift_registers=True):
    """The lanes, each taking what the request tells it from the lane before (a register in
    each), its share of the run (quotient, and one more while its number < remainder) and its
    streams' words (load with load_lane its number); dones and chains: each lane's done and
    readout chain."""
    lanes = len(dones)
    bonuses = [Signal(bool(0)) for _ in range(lanes)]
    loads = [Signal(bool(0)) for _ in range(lanes)]
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
                                   rst_out=lane_resets[l + 1],
                                   shift_registers=shift_registers))
        sent = taken

    return instances()


def lane_copy(signal):
    """A lane's register for a signal the engine sends it: same width."""
    return Signal(bool(0)) if isinstance(signal.val, bool) else Signal(intbv(0)[len(signal):])


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


def equity_engine_top(lanes=2, opponents=1, timeout=DEFAULT_TIMEOUT, clk_hz=DEFAULT_CLK_HZ,
                      shift_registers=True):
    """equity_engine with fresh port signals, for conversion."""
    return equity_engine(
        clk=Signal(bool(0)), rst=ResetSignal(0, active=1, isasync=False),
        s_axis_tdata=Signal(intbv(0)[8:]), s_axis_tvalid=Signal(bool(0)),
        s_axis_tready=Signal(bool(0)), m_axis_tdata=Signal(intbv(0)[8:]),
        m_axis_tvalid=Signal(bool(0)), m_axis_tready=Signal(bool(0)),
        busy=Signal(bool(0)), lanes=lanes, opponents=opponents, timeout=timeout, clk_hz=clk_hz,
        shift_registers=shift_registers)
