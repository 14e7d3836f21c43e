"""A lane's exact-mode dealer: every deal of an enumeration, one a clock, as positions.

The digits are the positions a lane's slots take (golden/equity_exact.py): the dealt board
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

from ..golden.equity_deal import BOARD_SLOTS, lane_slots, seat_slots

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
                   dealt, n, digits, board_step):
    """The odometer of a lane with ``opponents`` seats (module docstring); ``step``: a deal
    was issued, go to the next; ``digits``: the current deal's position per slot. Whether a
    hand is at its last pair is a register of its own (``hand_last``), so the carry through
    every seat's hand starts from registers."""
    slots = lane_slots(opponents)
    rises = [Signal(bool(0)) for _ in range(slots)]
    risens = [Signal(intbv(1)[CARD + 1:]) for _ in range(slots)]    # digit + 1
    lasts = [Signal(bool(0)) for _ in range(opponents)]
    spare = Signal(bool(1))                      # a vector even with one seat: never read
    last_bits = ConcatSignal(spare, *reversed(lasts))
    rise_bits = ConcatSignal(*reversed(rises))
    lower = Signal(intbv(0)[slots:])
    steps = Signal(intbv(0)[slots:])
    heres = [Signal(bool(0)) for _ in range(slots)]
    parts = []

    @always_comb
    def carries():
        low = intbv(0)[slots:]
        moves = intbv(0)[slots:]
        inner_max = True                         # every pair inside has wrapped
        for j in range(opponents):
            a = BOARD_SLOTS + 2 * j
            moves[a] = step and inner_max
            moves[a + 1] = step and inner_max
            low[a + 1] = rise_bits[a]
            if dealt[a] and not last_bits[j]:
                inner_max = False
        below = False
        for s in range(BOARD_SLOTS):
            low[s] = below
            moves[s] = step and inner_max
            if rise_bits[s]:
                below = True
        lower.next = low
        steps.next = moves
        board_step.next = step and inner_max

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
