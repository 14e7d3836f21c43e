"""The equity lane's counting: what each trial's winners add, and the counters that add it.

A trial's winners (from the showdown) become shares (winner_shares: alone or tied, and the tie
units). A lane of more than two players hands them to a record per player in a block RAM
(ram_tallies: wins, ties, units, after the trials'). A heads-up lane counts in registers only
what its two players do not share (lane_tallies: the trials, each player's wins and the ties;
both players tie together, each with TIE_UNITS / 2 units, so the engine's reply makes each
player's ties and units from the one count: heads_up.heads_up_counts); the counters are chunked,
carries registered between chunks, and read out a byte at a time through one chain.
"""

from myhdl import (always, always_comb, always_seq, block, concat, ConcatSignal, instances,
                   intbv, Signal)

from ...golden.equity.readable import TIE_UNITS

TRIAL_BITS = 40                          # a lane counts up to 2**40 - 1 trials
UNIT_BITS = 56                           # 2**40 trials of at most TIE_UNITS / 2 units
COUNTERS = (("wins", TRIAL_BITS), ("ties", TRIAL_BITS), ("units", UNIT_BITS))
UNITS_ROM = tuple(TIE_UNITS // k if k else 0 for k in range(16))
HALF = 5                                 # players counted per popcount ROM
POPCOUNT_ROM = tuple(bin(v).count("1") for v in range(1 << HALF))


HEADS_UP_COUNTERS = (("trials", TRIAL_BITS), ("wins", TRIAL_BITS), ("wins", TRIAL_BITS),
                     ("ties", TRIAL_BITS))   # a heads-up lane's chain: lane_tallies


def tally_links(players):
    """The counters of a lane: its trials, then three per player; a heads-up lane's four
    (HEADS_UP_COUNTERS)."""
    return len(HEADS_UP_COUNTERS) if not counts_in_ram(players) else 1 + 3 * players


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
def feed_stage(clk, rst, count, alone, won, count_out, alone_out, won_out):
    """What a trial adds to the tallies, a clock later: one link of the heads-up lane's feed
    from counter to counter."""
    @always_seq(clk.posedge, reset=rst)
    def hand_on():
        count_out.next = count
        alone_out.next = alone
        won_out.next = won

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
    """A heads-up lane's counters (HEADS_UP_COUNTERS: the trials, the hero's wins, the
    opponent's wins, the ties): cleared one after another from ``start_q``, counting a trial
    (``counting``, with its shares; ``units`` unused: the engine makes them from the ties) and
    read out through the chain (``shift``)."""
    players = len(won)
    assert players == 2, "a lane of more than two players counts in a RAM (ram_tallies)"
    one = Signal(bool(1))
    no_units = Signal(intbv(0)[len(units):])
    # what the tallies add, registered once more (the quota's logic before `counting` left it
    # no time), then handed on a clock apart: registers with inputs of their own, each
    # reaching one or two counters (one net to every counter of the lane was the nine-seat
    # tops' longest path): feed 0 the trials counter, feed 1 the hero's wins, feed 2 the
    # opponent's wins and the ties, the last players clocks after the first (the drain waits
    # for it: depth's `+ players`)
    feed_count = [Signal(bool(0)) for _ in range(players + 1)]
    feed_alone = [Signal(bool(0)) for _ in range(players + 1)]
    feed_won = [Signal(intbv(0)[players:]) for _ in range(players + 1)]
    count_q, alone_q, won_q = feed_count[0], feed_alone[0], feed_won[0]

    @always_seq(clk.posedge, reset=rst)
    def count_register():
        count_q.next = counting
        alone_q.next = alone
        won_q.next = won

    feeds = [feed_stage(clk, rst, feed_count[g], feed_alone[g], feed_won[g], feed_count[g + 1],
                        feed_alone[g + 1], feed_won[g + 1]) for g in range(players)]

    # a clear for every counter, each a clock after the one before: registers with inputs of
    # their own, so no synthesis merges them into one net (the last is cleared
    # len(HEADS_UP_COUNTERS) clocks after start, well before the first count)
    links = [Signal(intbv(0)[8:]) for _ in HEADS_UP_COUNTERS]
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

    # each counter's feed and whose win it counts: a tie is a win of both, not alone
    feed_of = (0, 1, 2, 2)
    won_bit = (one, feed_won[1](0), feed_won[2](1), feed_won[2](0))
    tallies = []
    for i, (kind, bits) in enumerate(HEADS_UP_COUNTERS):
        g = feed_of[i]
        tallies.append(tally(clk, rst, clears(i), feed_count[g], won_bit[i], feed_alone[g],
                             no_units, shifts(i),
                             links[i + 1] if i + 1 < len(links) else chain_in, links[i],
                             bits, kind))

    @always_comb
    def chain_end():
        chain_out.next = links[0]

    return instances()


# ------------------------------------------------------------------------- counts in a RAM
RECORD_FIELDS = (("wins", [8] * (TRIAL_BITS // 8)), ("ties", [8] * (TRIAL_BITS // 8)),
                 ("units", [16] + [8] * ((UNIT_BITS - 16) // 8)))
RECORD_BITS = TRIAL_BITS * 2 + UNIT_BITS  # a record: wins, ties, units, lowest first
ADD_CLOCKS = max(len(chunks) for _, chunks in RECORD_FIELDS)    # a chunk a clock
RAM_DEPTH = 512                          # records the RAM holds (a block RAM's depth)
PENDING_BITS = (4, 4, 15)                # a record's counts between two flushes


def counts_in_ram(players):
    """A lane of ``players`` keeps its counters in a RAM (ram_tallies) past two players: for
    three records and more the RAM and its adders are smaller than the counters as registers
    (lane_tallies)."""
    return players > 2


def flush_cycle(players):
    """Clocks between two flushes of a record: every record once, and no sooner than the
    last flush of it is written."""
    return max(1 + players, ADD_CLOCKS + 4)


def ram_settle(players):
    """Clocks from a count to its record in the RAM: registered, pending, flushed (read and
    its read registered again), added."""
    return 3 + flush_cycle(players) + ADD_CLOCKS + 3


@block
def pending_record(clk, rst, clear, flush, count, mine, alone, units, trials, pw, pt, pu):
    """A record's counts since its last flush (the trials' record: trials in pw): at its
    flush they go to the RAM's adder (``flush``: this clock's count starts the next)."""
    win, tie = Signal(bool(0)), Signal(bool(0))
    add_units = Signal(intbv(0)[len(pu):])
    every = Signal(bool(trials))

    @always_comb
    def amounts():
        win.next = count and (every or (mine and alone))
        tie.next = count and mine and not alone and not every
        if count and mine and not alone and not every:
            add_units.next = units
        else:
            add_units.next = 0

    @always_seq(clk.posedge, reset=rst)
    def hold():
        if clear:
            pw.next = 0
            pt.next = 0
            pu.next = 0
        elif flush:
            pw.next = win
            pt.next = tie
            pu.next = add_units
        else:
            pw.next = pw + win
            pt.next = pt + tie
            pu.next = pu + add_units

    return instances()


@block
def chunk_add(clk, rst, value_in, carry_in, amount, value_out, carry_out, low, high):
    """value_out = value_in with bits low..high-1 plus carry_in and ``amount`` (the field's
    first chunk takes the snapshot, the others their carry), a clock later."""
    width = len(value_in)
    size = high - low

    @always_seq(clk.posedge, reset=rst)
    def add():
        v = intbv(0)[width:]
        v[:] = value_in
        total = intbv(0)[size + 1:]
        total[:] = value_in[high:low] + amount + carry_in
        v[high:low] = total[size:0]
        value_out.next = v
        carry_out.next = total[size]

    return add


@block
def flush_field(clk, rst, base, snap, result, chunks):
    """A field plus its snapshot, chunk by chunk, ADD_CLOCKS clocks later."""
    width = len(base)
    values = [Signal(intbv(0)[width:]) for _ in range(ADD_CLOCKS)]
    carries = [Signal(bool(0)) for _ in range(ADD_CLOCKS)]
    zero_carry, zero = Signal(bool(0)), Signal(intbv(0)[1:])
    stages, low = [], 0
    for k in range(ADD_CLOCKS):
        value_in = base if k == 0 else values[k - 1]
        carry_in = zero_carry if k == 0 else carries[k - 1]
        if k < len(chunks):
            stages.append(chunk_add(clk, rst, value_in, carry_in, snap if k == 0 else zero,
                                    values[k], carries[k], low, low + chunks[k]))
            low += chunks[k]
        else:
            stages.append(chunk_add(clk, rst, value_in, zero_carry, zero, values[k],
                                    carries[k], 0, 1))
    last = values[-1]

    @always_comb
    def out():
        result.next = last

    return instances()


@block
def delay_flag(clk, rst, d_in, d_out, clocks):
    line = Signal(intbv(0)[clocks:])

    @always_seq(clk.posedge, reset=rst)
    def shift_in():
        if clocks == 1:
            line.next[0] = d_in
        else:
            line.next = concat(line[clocks - 1:0], d_in)

    @always_comb
    def out():
        d_out.next = line[clocks - 1]

    return instances()


@block
def ram_tallies(clk, rst, start_q, counting, won, alone, units, shift, chain_in, chain_out,
                done, ready):
    """lane_tallies' twin with the counters in a RAM, a record (wins, ties, units) per player
    after the trials' one: each record's counts since its last flush wait in small registers,
    and the records take turns (flush_cycle) to be read, added to chunk by chunk with the
    carries registered (ADD_CLOCKS) and written back. The readout, once the lane's run is
    ``done`` (every flush written: ram_settle), reads the records in turn into a register that
    shifts a byte per ``shift``, so the chain is lane_tallies' byte for byte; ``ready``: the
    first byte is out (the lane's done waits for it)."""
    players = len(won)
    records = 1 + players
    cycle = flush_cycle(players)
    wb, tb, ub = PENDING_BITS
    count_q, alone_q = Signal(bool(0)), Signal(bool(0))
    won_q, units_q = Signal(intbv(0)[players:]), Signal(intbv(0)[12:])
    sel = Signal(intbv(1)[cycle:])                   # one-hot: the record flushed now
    ptr = Signal(intbv(0)[9:])
    pws = [Signal(intbv(0)[wb:]) for _ in range(records)]
    pts = [Signal(intbv(0)[tb:]) for _ in range(records)]
    pus = [Signal(intbv(0)[ub:]) for _ in range(records)]
    yes = Signal(bool(1))
    pend = [pending_record(clk, rst, start_q, sel(r), count_q,
                           yes if r == 0 else won_q(r - 1), alone_q, units_q, r == 0,
                           pws[r], pts[r], pus[r]) for r in range(records)]
    all_w = ConcatSignal(*reversed(pws))
    all_t = ConcatSignal(*reversed(pts))
    all_u = ConcatSignal(*reversed(pus))
    fresh = Signal(intbv((1 << records) - 1)[records:])     # not flushed since start: zero
    mem = [Signal(intbv(0)[RECORD_BITS:]) for _ in range(RAM_DEPTH)]
    rd_addr = Signal(intbv(0)[9:])
    rd_data = Signal(intbv(0)[RECORD_BITS:])
    # the read registered again before the adders and the readout: a block RAM's output is
    # slow (the ECP5's, without its output register, took most of a 100 MHz clock)
    rd_q = Signal(intbv(0)[RECORD_BITS:])
    snap_w, snap_t, snap_u = Signal(intbv(0)[wb:]), Signal(intbv(0)[tb:]), Signal(intbv(0)[ub:])
    snap_valid = Signal(bool(0))
    snap_addr = Signal(intbv(0)[9:])
    # the snapshot a clock later, beside rd_q
    late_w, late_t, late_u = Signal(intbv(0)[wb:]), Signal(intbv(0)[tb:]), Signal(intbv(0)[ub:])
    late_valid = Signal(bool(0))
    late_addr = Signal(intbv(0)[9:])
    base_w, base_t = Signal(intbv(0)[TRIAL_BITS:]), Signal(intbv(0)[TRIAL_BITS:])
    base_u = Signal(intbv(0)[UNIT_BITS:])
    bases = [base_w, base_t, base_u]
    results = [Signal(intbv(0)[sum(chunks):]) for _, chunks in RECORD_FIELDS]
    snaps = [late_w, late_t, late_u]
    adders = [flush_field(clk, rst, bases[i], snaps[i], results[i], chunks)
              for i, (_, chunks) in enumerate(RECORD_FIELDS)]
    w_valid = Signal(bool(0))
    w_addr = Signal(intbv(0)[9:])
    delays = [delay_flag(clk, rst, late_valid, w_valid, ADD_CLOCKS)]
    addr_line = [Signal(intbv(0)[9:]) for _ in range(ADD_CLOCKS)]
    written = ConcatSignal(*reversed(results))
    out_rec = Signal(intbv(0)[RECORD_BITS:])
    # out of reset as after a readout's first load: record 0 (zero: every record fresh) out
    left = Signal(intbv(TRIAL_BITS // 8)[5:])        # bytes of out_rec still to go
    next_addr = Signal(intbv(1)[9:])
    fetch, fetching = Signal(bool(0)), Signal(bool(0))
    settling, loading, loaded = Signal(bool(0)), Signal(bool(0)), Signal(bool(1))
    record_bytes = RECORD_BITS // 8
    w_top, t_top = TRIAL_BITS, 2 * TRIAL_BITS

    @always_seq(clk.posedge, reset=rst)
    def inputs():
        count_q.next = counting
        alone_q.next = alone
        won_q.next = won
        units_q.next = units

    @always_seq(clk.posedge, reset=rst)
    def turn():
        sel.next = concat(sel[cycle - 1:0], sel[cycle - 1])
        if sel[cycle - 1]:
            ptr.next = 0
        else:
            ptr.next = ptr + 1

    @always_comb
    def address():
        if done:
            rd_addr.next = next_addr
        else:
            rd_addr.next = ptr

    zero_read = Signal(bool(0))                      # the record read is fresh: read zero

    @always_comb
    def fresh_read():
        if rd_addr < records:
            zero_read.next = fresh[rd_addr]
        else:
            zero_read.next = False

    @always(clk.posedge)
    def read():
        if zero_read:                                # the block RAM's output reset
            rd_data.next = 0
        else:
            rd_data.next = mem[int(rd_addr)]

    @always(clk.posedge)
    def read_again():
        rd_q.next = rd_data

    @always_seq(clk.posedge, reset=rst)
    def snapshot_again():
        late_w.next = snap_w
        late_t.next = snap_t
        late_u.next = snap_u
        late_valid.next = snap_valid
        late_addr.next = snap_addr

    @always_seq(clk.posedge, reset=rst)
    def snapshot():
        w = intbv(0)[wb:]
        t = intbv(0)[tb:]
        u = intbv(0)[ub:]
        for r in range(records):
            for b in range(wb):
                w[b] = w[b] or (sel[r] and all_w[wb * r + b])
            for b in range(tb):
                t[b] = t[b] or (sel[r] and all_t[tb * r + b])
            for b in range(ub):
                u[b] = u[b] or (sel[r] and all_u[ub * r + b])
        snap_w.next = w
        snap_t.next = t
        snap_u.next = u
        snap_valid.next = (not done) and ptr < records
        snap_addr.next = ptr
        ones = intbv(0)[records:]
        for r in range(records):
            ones[r] = 1
        if start_q:
            fresh.next = ones
        elif not done:
            fresh.next = fresh & ~sel[records:]

    @always_comb
    def base_of():
        base_w.next = rd_q[w_top:0]
        base_t.next = rd_q[t_top:w_top]
        base_u.next = rd_q[RECORD_BITS:t_top]

    @always_seq(clk.posedge, reset=rst)
    def addresses():
        addr_line[0].next = late_addr
        for k in range(1, ADD_CLOCKS):
            addr_line[k].next = addr_line[k - 1]

    @always_comb
    def write_addr():
        w_addr.next = addr_line[ADD_CLOCKS - 1]

    @always(clk.posedge)
    def write():
        if w_valid:
            mem[int(w_addr)].next = written

    @always_seq(clk.posedge, reset=rst)
    def readout():
        if start_q or not done:
            loaded.next = False
            settling.next = False
            loading.next = False
            fetch.next = False
            fetching.next = False
            next_addr.next = 0
        elif not loaded and not loading and not settling:
            settling.next = True                     # rd_addr is 0: record 0 next clock,
        elif settling:                               # in rd_q the clock after
            settling.next = False
            loading.next = True
        elif loading:
            loading.next = False
            loaded.next = True
            out_rec.next = rd_q
            left.next = TRIAL_BITS // 8
            next_addr.next = 1
        elif fetch:
            fetch.next = False
            fetching.next = True                     # rd_addr is next_addr: read now
        elif fetching:
            fetching.next = False
            out_rec.next = rd_q                      # next_addr's, read clocks ago
            left.next = record_bytes
            next_addr.next = next_addr + 1
        elif shift:
            out_rec.next = concat(chain_in, out_rec[RECORD_BITS:8])
            if left == 1:
                fetch.next = next_addr < records
            left.next = left - 1

    @always_comb
    def chain():
        chain_out.next = out_rec[8:0]
        ready.next = loaded

    return instances()
