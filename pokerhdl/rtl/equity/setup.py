"""The equity engine's set-up of a run, between a request judged good and its start.

Each part is the only writer of its registers and acts in the engine's states (the sequencer,
equity/engine.py, moves ``state``; while the reply has the engine, ``in_reply``, none acts):

    card_scanner   numbers the cards nobody knows: n, and every slot's position table
    trial_divider  trials (or exact boards) / lanes by restoring division: quotient, remainder
    seed_mixer     every stream's seed (golden stream_seed), a quarter-round step in six clocks
    lane_loader    loads the lanes' streams (or, exact, unranks each lane's first board into
                   its digits) and starts them
"""

from math import comb

from myhdl import always, always_comb, always_seq, block, concat, instances, intbv, Signal

from ...golden.cards import DECK_SIZE
from ...golden.equity.deal import MIX_ROUNDS
from ...golden.shuffle import MASK_ROM
from .request import TRIAL_BITS, constant

RANK_BITS = 22                   # a board's colex rank: C(50, 5) boards at most
# C(c, j) for c < 64, j < 8 (index j * 64 + c), held below 2**RANK_BITS: c < n <= 50 in use
BINOMIAL_ROM = tuple(min(comb(c, j), (1 << RANK_BITS) - 1) for j in range(8) for c in range(64))


@block(skipname=True)
def card_scanner(clk, rst, State, state, in_idle, in_reply, cards_seen, pending_mark,
                 pending_card, scan, n, mask, rem_we, rem_addr, rem_data):
    """SCANNING: the 52 cards, one a clock (``scan``); each card nobody has seen is the next
    position n of every slot's table (rem_we, rem_addr, rem_data); mask: MASK_ROM[n]. The cards
    seen are cards_seen with pending_card when pending_mark (the parser marks a card a clock
    after its byte)."""
    scan_bits = Signal(intbv(0)[DECK_SIZE:])  # the cards seen, shifted past the scan

    @always_comb
    def mask_rom():
        mask.next = MASK_ROM[int(n)]

    @always_seq(clk.posedge, reset=rst)
    def scan_bits_shift():
        """The cards seen so far, loaded on every idle clock (when a good frame ends they are
        its cards, the last one still pending), shifted when not idle: SCANNING is the
        first clock out of IDLE, and nothing reads the bits after it. The 52 registers see
        in_idle alone, not the state's decoder (the 12-lane heads-up top's longest path went
        through that decode's 53 loads)."""
        if in_idle:
            for c in range(DECK_SIZE):
                scan_bits.next[c] = cards_seen[c] or (pending_mark and pending_card == c)
        else:
            scan_bits.next = concat(False, scan_bits[DECK_SIZE:1])

    @always_seq(clk.posedge, reset=rst)
    def scan_cards():
        if not in_reply:
            if state == State.IDLE:
                scan.next = 0
                n.next = 0
            elif state == State.SCANNING:
                if not scan_bits[0]:
                    n.next = n + 1
                scan.next = scan + 1
            else:
                scan.next = scan      # holds: a default for the case MyHDL writes (lint)

    @always(clk.posedge)
    def write_remaining():
        """The scan's writes into every slot's table, registered (the write is a clock
        late, long before any run reads the tables): the bus reaches hundreds of LUT-RAMs
        from registers, not from the state's decoder."""
        rem_we.next = state == State.SCANNING and not scan_bits[0]
        rem_addr.next = n
        rem_data.next = scan

    return instances()


@block(skipname=True)
def trial_divider(clk, rst, State, state, in_reply, request_good, mode_exact, binomial_q, trials,
                  lanes, quotient, remainder, step_count):
    """CHECKING, DIVIDING: the run's trials (exact: its boards, C(n, k)) / lanes, a quotient bit
    per clock (step_count), the dividend's top bit first."""
    lane_bits = max(lanes.bit_length(), 1)
    lane_count = constant(lanes, lane_bits + 1)
    dividend = Signal(intbv(0)[TRIAL_BITS:])

    @always_seq(clk.posedge, reset=rst)
    def divide():
        if not in_reply:
            if state == State.CHECKING:
                if request_good:
                    if mode_exact:
                        dividend.next = binomial_q            # C(n, k), probed in SCANNED
                    else:
                        dividend.next = trials
                    remainder.next = 0
                    step_count.next = 0
            elif state == State.DIVIDING:
                dividend.next = concat(dividend[TRIAL_BITS - 1:0], False)
                if concat(remainder[lane_bits:], dividend[TRIAL_BITS - 1]) >= lane_count:
                    remainder.next = concat(remainder[lane_bits:],
                                            dividend[TRIAL_BITS - 1]) - lane_count
                    quotient.next = concat(quotient[TRIAL_BITS - 1:0], True)
                else:
                    remainder.next = concat(remainder[lane_bits:], dividend[TRIAL_BITS - 1])
                    quotient.next = concat(quotient[TRIAL_BITS - 1:0], False)
                step_count.next = step_count + 1
            else:
                step_count.next = step_count      # holds (a default for the case, as above)

    return divide


@block(skipname=True)
def seed_mixer(clk, rst, State, state, in_reply, in_mixing, step_count, exact, seed, load_lane,
               load_slot, load_index, load_digit, mix_phase, mix_count, mixing_base, seed_word):
    """The streams' seeds (golden stream_seed): the seed's words mixed once into base (after
    DIVIDING, ``mixing_base``), then for each lane and slot (NEXT_STREAM) base with the
    stream's number in its last word, mixed (MIXING, ``in_mixing``: a quarter round's step in
    six clocks, mix_phase 0..5; mix_count steps, 0 again after the last), and loaded a word at
    a time (``seed_word``; exact: the lane's digit)."""
    ma, mb, mc, md = (Signal(intbv(0)[32:]) for _ in range(4))
    base_a, base_b, base_c, base_d = (Signal(intbv(0)[32:]) for _ in range(4))
    mix_sum, mix_cross = Signal(intbv(0)[32:]), Signal(intbv(0)[32:])
    # a step's 32-bit addition a byte per clock (no carry chain longer than two CARRY4):
    # phase 0 takes the operands, 1..4 add a byte each into mix_sum, 5 applies the step
    add_x, add_y = Signal(intbv(0)[32:]), Signal(intbv(0)[32:])
    byte_total = Signal(intbv(0)[9:])
    mix_carry = Signal(bool(0))

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

    @always_seq(clk.posedge, reset=rst)
    def mix():
        if not in_reply:
            if in_mixing and mix_phase == 0:
                if not mix_count[0]:
                    add_x.next = ma
                    add_y.next = mb
                else:
                    add_x.next = mc
                    add_y.next = md
                mix_carry.next = False
                mix_phase.next = 1
            elif in_mixing and mix_phase != 5:
                mix_sum.next = concat(byte_total[8:], mix_sum[32:8])
                mix_carry.next = byte_total[8]
                add_x.next = concat(intbv(0)[8:], add_x[32:8])
                add_y.next = concat(intbv(0)[8:], add_y[32:8])
                mix_phase.next = mix_phase + 1
            elif in_mixing:
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
                    mix_count.next = 0           # the mix's last step: ready for the next
                else:
                    mix_count.next = mix_count + 1
            elif state == State.DIVIDING:
                if step_count == TRIAL_BITS - 1 and not exact:
                    ma.next = seed[128:96]
                    mb.next = seed[96:64]
                    mc.next = seed[64:32]
                    md.next = seed[32:0]
                    mixing_base.next = True
            elif state == State.MIXED:
                if mixing_base:
                    base_a.next = ma
                    base_b.next = mb
                    base_c.next = mc
                    base_d.next = md
                    mixing_base.next = False
            elif state == State.NEXT_STREAM:
                ma.next = base_a
                mb.next = base_b
                mc.next = base_c
                md.next = base_d ^ concat(intbv(0)[24 - len(load_lane):], load_lane,
                                          intbv(0)[3:], load_slot)

    return instances()


@block(skipname=True)
def lane_loader(clk, rst, State, state, in_reply, lanes, slots, n, board_missing, step_count,
                exact, mixing_base, quotient, remainder, load, load_lane, load_slot, load_index,
                load_digit, start, probe_j, fits, binomial_q, slot_last, lane_last):
    """Loads every lane's streams, a word a clock (LOADING: load, load_lane, load_slot,
    load_index), or in an exact run unranks each lane's first board (golden
    equity_exact.colex_unrank: UNRANKING, then PROBING .. TESTING per digit, the largest c
    with C(c, j) <= what is left being digit j, probe_j; ``fits``) into its digits
    (load_digit), then starts the lanes. binomial_q: C(probe_c, probe_j), a clock after the
    probe (C(n, k) for the divider). slot_last, lane_last: load_slot and load_lane are the
    last, registered."""
    rank, unranked = Signal(intbv(0)[RANK_BITS:]), Signal(intbv(0)[RANK_BITS:])
    # lane load_lane's boards, registered (read in NEXT_LANE, two clocks or more after the
    # division's end or load_lane's change): the rank's adder starts at a register
    share = Signal(intbv(0)[RANK_BITS:])
    load_bonus = Signal(bool(0))
    probe_c = Signal(intbv(0)[6:])
    binomial = Signal(intbv(0)[RANK_BITS:])
    binomial_qq = Signal(intbv(0)[RANK_BITS:])     # the block RAM's output register
    rest = Signal(intbv(0)[RANK_BITS:])

    # the last slot and lane, a clock after load_slot and load_lane change (read in LOADING's
    # last word and in NEXT_LANE, a clock or more later): the set-up's and the engine's next
    # steps start at registers, not at compares that yosys shares with the lanes' stream
    # enables (placed in a lane: the nine-seat ULX3S top's longest path, 8.1 ns of routing)
    @always(clk.posedge)
    def last_flags():
        slot_last.next = load_slot == slots - 1
        lane_last.next = load_lane == lanes - 1

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

    @always_seq(clk.posedge, reset=rst)
    def schedule():
        load.next = False
        start.next = False
        if not in_reply:
            if state == State.SCANNED:
                probe_j.next = board_missing          # C(n, k): the boards of an exact run
                probe_c.next = n
            elif state == State.DIVIDING:
                if step_count == TRIAL_BITS - 1 and exact:
                    rank.next = 0
                    load_lane.next = 0
                    load_index.next = 0
            elif state == State.MIXED:
                if mixing_base:
                    load_lane.next = 0
                    load_slot.next = 0
                else:
                    load_index.next = 0
                    load.next = True
            elif state == State.LOADING:
                if load_index == 3:
                    if slot_last:
                        load_slot.next = 0
                        if lane_last:
                            start.next = True
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
            elif state == State.TESTING:
                # the largest c with C(c, j) <= what is left is digit j (slot j - 1), top first
                if fits:
                    load.next = True
                    load_slot.next = probe_j - 1
                    load_digit.next = probe_c
                    unranked.next = rest
                    probe_j.next = probe_j - 1
                    if probe_j != 1:
                        probe_c.next = probe_c - 1
                else:
                    probe_c.next = probe_c - 1
            elif state == State.NEXT_LANE:
                rank.next = rank + share
                if lane_last:
                    start.next = True
                else:
                    load_lane.next = load_lane + 1
            else:
                rank.next = rank      # holds (a default for the case, as above)

    return instances()
