"""A lane's exact-mode dealer: every deal of an enumeration, one a clock, as positions (and
a repeated, void one each time the innermost random hand wraps: colex_odometer says why).

The digits are the positions a lane's slots take (golden/equity/exact.py): the dealt board
slots 0..k-1 hold a k-combination of the n positions, increasing, each random opponent's slot
pair a 2-combination. Each group steps to its colex successor: the lowest digit that can rise
(stay below the next digit of its group, or n) rises, the digits below it go back to their
first values (0, 1, 2, ...); a group that cannot step wraps to its first combination and
carries into the next group. Opponent 0's pair is the innermost group, the board the outermost:
``board_step`` says a deal is the last of its board, and a lane counts its share in boards.

The engine loads the board digits of a lane's first board (``load`` with ``load_index`` 0 and
the slot in ``load_slot``: the stream loading bus, decoded into a register per digit; the digit
itself, ``bus_word``, is the lane's registered bus: it comes a clock after the load);
``start`` sets every hand to (0, 1)."""

from myhdl import always, always_comb, always_seq, block, ConcatSignal, instances, intbv, Signal

from ...golden.equity.deal import BOARD_SLOTS, lane_slots, seat_slots

CARD = 6


@block
def odometer_digit(clk, rst, here, bus_word, start, step, lower_can, dealt, upper,
                   upper_dealt, n, digit, risen, can_rise, first, top, hand):
    """One slot's digit. ``upper``: the next digit of the group, its bound when that is dealt
    (never for the ``top`` slot: the bound is n); ``lower_can``: a lower digit of the group can
    rise; ``step``: the group steps; ``first``: the digit's first value; ``hand``: ``start``
    resets it. The digit's successor is kept in a register beside it (``risen``, set the clock
    after a load), so no adder lies between the digits and the decision to step them."""
    bound = Signal(intbv(0)[CARD:])
    loaded = Signal(intbv(0)[CARD:])
    fresh = Signal(bool(0))                      # loaded last clock: risen is digit + 1 now

    @always_comb
    def rise():
        if top or not upper_dealt:
            bound.next = n
        else:
            bound.next = upper
        loaded.next = bus_word[CARD:]
        can_rise.next = dealt and risen != bound

    @always_seq(clk.posedge, reset=rst)
    def advance():
        fresh.next = here
        if here:
            digit.next = loaded
        elif fresh:
            risen.next = digit + 1
        elif start and hand:
            digit.next = first
            risen.next = first + 1
        elif step and not lower_can:
            if can_rise:
                digit.next = risen[CARD:]
                risen.next = risen + 1
            else:
                digit.next = first
                risen.next = first + 1

    return instances()


@block
def colex_odometer(clk, rst, opponents, load, load_slot, load_index, bus_word, start, step,
                   dealt, n, digits, board_step, board_due, held):
    """The odometer of a lane with ``opponents`` seats (module docstring); ``step``: a deal
    was issued, go to the next; ``digits``: the current deal's position per slot; board_due:
    a deal now would finish the board (board_step without ``step``: registers only).

    No carry runs through the seats in the clock it is used. The innermost dealt hand (the
    first random opponent's; else the board) steps with every deal; the groups outside it
    step only on a carry, and whether each would take it (every dealt hand between it and the
    innermost at its last pair) is kept in a register (``ready``) a clock behind the hands,
    which change only on carries. When the innermost hand reaches its last pair it holds it
    for one deal more while the carry is made ready (``carry``), and that deal, the last one
    again, is ``held``: the lane voids it. One deal in C(n, 2) is held (n >= 3; every other
    one for n = 2)."""
    slots = lane_slots(opponents)
    seats = max(opponents, 1)
    rises = [Signal(bool(0)) for _ in range(slots)]
    risens = [Signal(intbv(1)[CARD + 1:]) for _ in range(slots)]    # digit + 1
    lasts = [Signal(bool(0)) for _ in range(opponents)]
    spare = Signal(bool(1))                      # a vector even with one seat: never read
    last_bits = ConcatSignal(spare, *reversed(lasts))
    rise_bits = ConcatSignal(*reversed(rises))
    lower = Signal(intbv(0)[slots:])
    steps = Signal(intbv(0)[slots:])
    heres = [Signal(bool(0)) for _ in range(slots)]
    inner = Signal(intbv(0)[seats:])             # the innermost dealt hand, one-hot
    board_inner = Signal(bool(1))                # no hand is dealt: the board is innermost
    ready = Signal(intbv(0)[seats + 1:])         # group j (the board: opponents) takes a carry
    carry = Signal(bool(0))                      # the innermost hand holds its last pair
    parts = []

    @always_comb
    def carries():
        low = intbv(0)[slots:]
        moves = intbv(0)[slots:]
        for j in range(opponents):
            a = BOARD_SLOTS + 2 * j
            go = step and carry and ready[j]
            if inner[j]:
                go = step and not (last_bits[j] and not carry)
            moves[a] = go
            moves[a + 1] = go
            low[a + 1] = rise_bits[a]
        board_go = step and (board_inner or (carry and ready[opponents]))
        below = False
        for s in range(BOARD_SLOTS):
            low[s] = below
            moves[s] = board_go
            if rise_bits[s]:
                below = True
        lower.next = low
        steps.next = moves
        board_step.next = board_go
        held.next = carry

    # a process of its own: in the carries' one, Verilator sees a loop through the lane's issue
    @always_comb
    def board_next():
        board_due.next = board_inner or (carry and ready[opponents])

    @always_seq(clk.posedge, reset=rst)
    def prepare():
        innermost = intbv(0)[seats:]
        takes = intbv(0)[seats + 1:]
        seen_dealt = False                       # a dealt hand lies inside
        wrapped = True                           # every dealt hand inside but the innermost
        at_last = False                          # the innermost hand is at its last pair
        for j in range(opponents):
            a = BOARD_SLOTS + 2 * j
            takes[j] = wrapped
            first_dealt = dealt[a] and not seen_dealt
            innermost[j] = first_dealt
            if first_dealt and last_bits[j]:
                at_last = True
            if dealt[a] and not first_dealt and not last_bits[j]:
                wrapped = False
            if dealt[a]:
                seen_dealt = True
        takes[opponents] = wrapped
        inner.next = innermost
        board_inner.next = not seen_dealt
        ready.next = takes
        if start:
            carry.next = False
        elif carry:
            if step:
                carry.next = False
        elif step and at_last and seen_dealt:
            carry.next = True

    for s in range(slots):
        parts.append(slot_select(clk, load, load_slot, load_index, s, heres[s]))
        board = s < BOARD_SLOTS
        if board:
            top = s == BOARD_SLOTS - 1
            upper = n if top else digits[s + 1]
            upper_dealt = dealt(s) if top else dealt(s + 1)
            first, hand = s, False
        else:
            a, b = seat_slots((s - BOARD_SLOTS) // 2)
            top = s == b
            upper = n if top else digits[b]
            upper_dealt = dealt(b)
            first, hand = (0, 1)[s - a], True
        parts.append(odometer_digit(clk, rst, heres[s], bus_word, start, steps(s), lower(s),
                                    dealt(s), upper, upper_dealt, n, digits[s], risens[s],
                                    rises[s], first, top, hand))
    for j in range(opponents):
        a, b = seat_slots(j)
        parts.append(hand_last(clk, rst, start, steps(a), rises[a], rises[b], risens[a],
                               digits[b], risens[b], n, lasts[j]))
    return instances()


@block
def hand_last(clk, rst, start, step, rise_low, rise_high, risen_low, high, risen_high, n,
              last):
    """``last``: the hand (low, high) is at its last pair (n - 2, n - 1), kept as the hand
    steps: to (low + 1, high) when low can rise, to (0, high + 1) when high can, else back to
    (0, 1). Its inputs are registers or one compare deep (n is still during a run, so n - 1,
    n - 2 and n == 2 are registered once)."""
    n_less_1, n_less_2 = Signal(intbv(0)[CARD + 1:]), Signal(intbv(0)[CARD + 1:])
    n_is_2 = Signal(bool(0))
    rose_low, rose_high = Signal(bool(0)), Signal(bool(0))

    @always(clk.posedge)
    def bounds():
        n_less_1.next = (n + 127) % 128          # n - 1 in 7 bits (n >= 2 whenever used)
        n_less_2.next = (n + 126) % 128
        n_is_2.next = n == 2

    @always_comb
    def next_last():
        rose_low.next = risen_low == n_less_2 and high == n_less_1
        rose_high.next = n_is_2 and risen_high == n_less_1

    @always_seq(clk.posedge, reset=rst)
    def keep():
        if start:
            last.next = n_is_2
        elif step:
            if rise_low:
                last.next = rose_low
            elif rise_high:
                last.next = rose_high
            else:
                last.next = n_is_2

    return instances()


@block
def slot_select(clk, load, load_slot, load_index, slot, here):
    """The loading bus writes this slot's digit (its first word, index 0) a clock later."""
    @always(clk.posedge)
    def select():
        here.next = load and load_slot == slot and load_index == 0
    return select
