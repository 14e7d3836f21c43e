"""The equity lane's counting: what each trial's winners add, and the counters that add it.

A trial's winners (from the showdown) become shares (winner_shares: alone or tied, and the tie
units), handed from player to player a clock apart (feed_stage) to each player's three tallies
(wins, ties, units) and the lane's trials counter; the counters are chunked, carries registered
between chunks, and read out a byte at a time through one chain (lane_tallies).
"""

from myhdl import (always, always_comb, always_seq, block, concat, ConcatSignal, instances,
                   intbv, Signal)

from ...golden.equity.readable import TIE_UNITS

TRIAL_BITS = 40                          # a lane counts up to 2**40 - 1 trials
UNIT_BITS = 56                           # 2**40 trials of at most TIE_UNITS / 2 units
COUNTERS = (("wins", TRIAL_BITS), ("ties", TRIAL_BITS), ("units", UNIT_BITS))
COUNTER_BYTES = sum(bits // 8 for _, bits in COUNTERS)   # per player, in the readout chain
TRIAL_BYTES = TRIAL_BITS // 8            # the trials counted: the chain's first bytes
UNITS_ROM = tuple(TIE_UNITS // k if k else 0 for k in range(16))
HALF = 5                                 # players counted per popcount ROM
POPCOUNT_ROM = tuple(bin(v).count("1") for v in range(1 << HALF))


def tally_links(players):
    """The counters of a lane: its trials, then three per player."""
    return 1 + 3 * players


@block
def counter_chunk(clk, rst, clear, load, load_value, shift, chain_hi, delta, carry_in, value,
                  carry_out, down=False):
    """One chunk of a counter whose carries are registered between chunks (no carry chain
    longer than a chunk): value +/- (delta + carry_in) each clock, the carry or borrow out to
    the next chunk a clock later. ``load`` sets it; ``shift`` moves it down a byte, taking
    ``chain_hi`` on top (the readout chain); ``clear`` zeroes it."""
    width = len(value)
    top = 1 << width
    shifted = Signal(intbv(0)[width:])     # the value a byte down, chain_hi on top

    if width > 8:
        @always_comb
        def byte_down():
            shifted.next = concat(chain_hi, value[width:8])
    else:
        @always_comb
        def byte_down():
            shifted.next = chain_hi

    @always_seq(clk.posedge, reset=rst)
    def step():
        total = intbv(0)[width + 1:]
        if clear:
            value.next = 0
            carry_out.next = 0
        elif load:
            value.next = load_value
            carry_out.next = 0
        elif shift:
            value.next = shifted
            carry_out.next = 0
        elif down:
            total[:] = value + top - delta - carry_in
            value.next = total[width:0]
            carry_out.next = not total[width]
        else:
            total[:] = value + delta + carry_in
            value.next = total[width:0]
            carry_out.next = total[width]

    return instances()


@block
def chunked_counter(clk, rst, clear, load, load_value, shift, chain_in, chain_out, delta,
                    chunks, down=False, low_one=None, high_zero=None, low_two=None):
    """A counter of byte-aligned ``chunks`` (widths, lowest first), carries registered between
    them, so its logic depth is one chunk's whatever its width: it takes its last delta a few
    clocks after its last count (the lane's drain waits for them). chain_in / chain_out: its
    place in the readout chain, a byte at a time. Down counters report low_one, low_two and
    high_zero
    (the lowest chunk 1, every other chunk 0) for an exact zero test."""
    values = tuple(Signal(intbv(0)[w:]) for w in chunks)   # a tuple: not a memory
    carries = [Signal(intbv(0)[1:]) for _ in range(len(chunks) + 1)]    # carries[0]: none
    zero = Signal(intbv(0)[8:])
    parts, low = [], 0
    for i, w in enumerate(chunks):
        hi = values[i + 1](8, 0) if i + 1 < len(chunks) else chain_in
        parts.append(counter_chunk(clk, rst, clear, load, load_value(low + w, low), shift, hi,
                                   delta if i == 0 else zero, carries[i], values[i],
                                   carries[i + 1], down))
        low += w

    lowest = values[0]

    @always_comb
    def end():
        chain_out.next = lowest[8:0]

    if low_one is not None:
        high = ConcatSignal(*reversed(values[1:]))

        @always_comb
        def tests():
            low_one.next = lowest == 1
            low_two.next = lowest == 2
            high_zero.next = high == 0

    return instances()


@block
def tally(clk, rst, clear, count, mine, alone, units, shift, chain_in, chain_out, bits, kind):
    """One counter of one player, and its link of the readout chain: wins (+1 when the player
    wins alone), ties (+1 when tied) or units (+units when tied); or the lane's trials (+1 for
    every trial counted; ``mine`` high). The amount is registered first, so the counter's
    logic is a chunk's carry chain and the shift multiplexer."""
    amount = Signal(intbv(0)[12:])
    adds_units, when_alone, every = kind == "units", kind == "wins", kind == "trials"
    chunks = [16] + [8] * ((bits - 16) // 8) if adds_units else [8] * (bits // 8)
    no = Signal(bool(0))
    zero = Signal(intbv(0)[bits:])

    @always_seq(clk.posedge, reset=rst)
    def register_amount():
        if not (count and mine) or (alone != when_alone and not every):
            amount.next = 0
        elif adds_units:
            amount.next = units
        else:
            amount.next = 1

    counter = chunked_counter(clk, rst, clear, no, zero, shift, chain_in, chain_out, amount,
                              chunks)
    return instances()


@block
def feed_stage(clk, rst, count, alone, won, units, count_out, alone_out, won_out, units_out):
    """What a trial adds to the tallies, a clock later: one link of the lane's feed from
    player to player."""
    @always_seq(clk.posedge, reset=rst)
    def hand_on():
        count_out.next = count
        alone_out.next = alone
        won_out.next = won
        units_out.next = units

    return hand_on


@block(skipname=True)
def winner_shares(clk, rst, winners, shown, won, alone, units, won_valid):
    """A trial's winners as what the tallies add, two clocks later: ``won`` the winners,
    ``alone`` one winner, ``units`` each tied winner's TIE_UNITS / k; ``won_valid`` the trial
    was shown."""
    players = len(winners)
    k = Signal(intbv(0)[4:])
    k_units = Signal(intbv(0)[12:])

    # the winners counted in two halves of up to five (a ROM each, one LUT level), registered,
    # then added: a chain of ten one-bit additions was the nine-opponent lane's longest path
    low_players = min(players, HALF)
    low_winners = winners(low_players, 0)
    high_winners = winners(players, HALF) if players > HALF else Signal(intbv(0)[1:])
    low_count, high_count = Signal(intbv(0)[3:]), Signal(intbv(0)[3:])
    low_q, high_q = Signal(intbv(0)[3:]), Signal(intbv(0)[3:])
    winners_q = Signal(intbv(0)[players:])
    shown_q = Signal(bool(0))

    @always_comb
    def half_counts():
        low_count.next = POPCOUNT_ROM[int(low_winners)]
        high_count.next = POPCOUNT_ROM[int(high_winners)]

    @always(clk.posedge)
    def count_winners():
        low_q.next = low_count
        high_q.next = high_count
        winners_q.next = winners

    @always_seq(clk.posedge, reset=rst)
    def count_valid():
        shown_q.next = shown

    @always_comb
    def popcount():
        k.next = low_q + high_q

    @always_comb
    def units_rom():
        k_units.next = UNITS_ROM[int(k)]

    @always_seq(clk.posedge, reset=rst)
    def shares():
        won.next = winners_q
        alone.next = k == 1
        units.next = k_units
        won_valid.next = shown_q

    return instances()


@block(skipname=True)
def lane_tallies(clk, rst, start_q, counting, won, alone, units, shift, chain_in, chain_out):
    """The lane's counters: cleared one after another from ``start_q``, counting a trial
    (``counting``, with its shares) and read out through the chain (``shift``)."""
    players = len(won)
    one = Signal(bool(1))
    # what the tallies add, registered once more (the quota's logic before `counting` left it
    # no time), then handed from player to player a clock apart: registers with inputs of
    # their own, so each reaches one player's three counters (one net to every counter of the
    # lane was the nine-seat tops' longest path); player p counts p + 1 clocks after the
    # trials counter, and the drain waits for the last (depth's `+ players`)
    feed_count = [Signal(bool(0)) for _ in range(players + 1)]
    feed_alone = [Signal(bool(0)) for _ in range(players + 1)]
    feed_won = [Signal(intbv(0)[players:]) for _ in range(players + 1)]
    feed_units = [Signal(intbv(0)[12:]) for _ in range(players + 1)]
    count_q, alone_q, won_q, units_q = feed_count[0], feed_alone[0], feed_won[0], feed_units[0]

    @always_seq(clk.posedge, reset=rst)
    def count_register():
        count_q.next = counting
        alone_q.next = alone
        won_q.next = won
        units_q.next = units

    feeds = [feed_stage(clk, rst, feed_count[g], feed_alone[g], feed_won[g], feed_units[g],
                        feed_count[g + 1], feed_alone[g + 1], feed_won[g + 1],
                        feed_units[g + 1]) for g in range(players)]

    # a clear for every counter, each a clock after the one before: registers with inputs of
    # their own, so no synthesis merges them into one net of thousands of loads (the last is
    # cleared 3 * players + 1 clocks after start, well before the first count)
    links = [Signal(intbv(0)[8:]) for _ in range(tally_links(players))]
    clears = Signal(intbv(0)[len(links):])
    # the readout's shift likewise, from the chain's end up: counter i moves a clock after
    # counter i - 1 took its byte (one shift net to every counter was the next longest path);
    # chain_out moves SHIFT_DELAY clocks after shift (the engine waits for it)
    shifts = Signal(intbv(0)[len(links):])

    @always_seq(clk.posedge, reset=rst)
    def clear_line():
        clears.next = concat(clears[len(links) - 1:0], start_q)

    @always_seq(clk.posedge, reset=rst)
    def shift_line():
        shifts.next = concat(shifts[len(links) - 1:0], shift)

    won_bits = [feed_won[p + 1](p) for p in range(players)]
    tallies = [tally(clk, rst, clears(0), count_q, one, alone_q, units_q, shifts(0), links[1],
                     links[0], TRIAL_BITS, "trials")]
    for p in range(players):
        for c, (kind, bits) in enumerate(COUNTERS):
            i = 1 + 3 * p + c
            tallies.append(tally(clk, rst, clears(i), feed_count[p + 1], won_bits[p],
                                 feed_alone[p + 1], feed_units[p + 1], shifts(i),
                                 links[i + 1] if i + 1 < len(links) else chain_in, links[i],
                                 bits, kind))

    @always_comb
    def chain_end():
        chain_out.next = links[0]

    return instances()
