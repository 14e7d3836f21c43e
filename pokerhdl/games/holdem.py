"""The Hold'em table controller: golden holdem.Table in hardware (2..4 seats, no-limit).

Every rule is the golden engine's (pokerhdl/golden/holdem.py, module docstring); this block does
the same steps one at a time. A command is judged from registered figures of the seat to act
(to call, reach, reopening gap, ...) that a three-stage pipeline keeps up to date; the
controller waits three clocks after each change of state before it trusts them again, so no
path needs more than a mux, a compare or an add (8 LUT levels at most after synth_xilinx).
Seat arithmetic (next seat not busted, first seat that needs to act) is small ROMs
(seat_tables); settlement (holdem_settle) is sequential, with eval7 for the showdown words.

Latency (clocks from a command taken to its result, no stream gaps): a refusal 1..4, an action
12..18, a deal 27 + 2k+5 (k live seats), a hand's last action 48..140 (settlement: eval7 in
n+7 clocks, then about 5(n+2) per pot, W more when a pot is split).
"""

from myhdl import (block, always_seq, always_comb, concat, enum, ConcatSignal, Signal,
                   ResetSignal, intbv, instances)

from ..golden.cards import DECK_SIZE, NO_CARD
from ..golden.hands import WORD_BITS
from ..golden.holdem import (
    ALLIN, BET, CALL, CHECK, FOLD, MIN_PLAYERS, NO_SEAT, OK, PHASE_BETTING,
    PHASE_GAME_OVER, PHASE_READY, POST_BB, POST_SB, PREFLOP, RAISE, REF_BAD_ACTION,
    REF_BELOW_MIN, REF_BET_FACING_BET, REF_CHECK_FACING_BET, REF_GAME_OVER, REF_HAND_IN_PROGRESS,
    REF_HAND_OVER, REF_NO_BET_TO_RAISE, REF_NOT_YOUR_TURN, REF_NOTHING_TO_CALL, REF_OVER_STACK,
    REF_RAISE_CLOSED, RIVER, SHOWDOWN, FLOP, TURN)
from ..golden.holdem_contract import (BOARD_CARDS, FLAG_ALL_IN, FLAG_FOLDED, FLAG_OUT,
                                      HW_MAX_PLAYERS, OP_ACT, OP_DEAL, OP_NEW_GAME, PROBE,
                                      REF_BAD_DECK, Rules)
from .holdem_settle import holdem_settle
from .seat_tables import (count_clear_table, lowest_clear_table, next_in_mask_table, onehot_table,
                          seat_bits, table_rom)

__all__ = ["holdem_table", "holdem_table_top"]

BOARD, DECK = BOARD_CARDS, DECK_SIZE
# the probe decoder: groups of 8 addresses (per-seat fields, the table's figures, the hand's)
G_STACK, G_STREET_BET, G_COMMITTED, G_FLAGS, G_HOLE, G_BOARD, G_WORD, G_PAYOUT, G_REFUND, \
    G_TABLE, G_HAND = (PROBE[k] >> 3 for k in ("stack", "street_bet", "committed", "flags", "hole",
                                               "board", "word", "payout", "refund", "pot",
                                               "dealer"))
S_POT, S_CURRENT_BET, S_TO_CALL, S_MIN_RAISE, S_MIN_RAISE_TO, S_TO_ACT, S_STREET = (
    PROBE[k] - (G_TABLE << 3) for k in ("pot", "current_bet", "to_call", "min_raise",
                                        "min_raise_to", "to_act", "street"))
S_DEALER, S_SB_SEAT, S_BB_SEAT, S_HAND_NO, S_WINNERS, S_SHOWDOWN, S_GAME_WINNER = (
    PROBE[k] - (G_HAND << 3) for k in ("dealer", "sb_seat", "bb_seat", "hand_no", "winners",
                                       "showdown", "game_winner"))
G_HOLE_2 = G_HOLE + 1                    # two cards a seat: the hole field spans two groups
assert PROBE["phase"] == (G_TABLE << 3) + 7 and PROBE["last_code"] == (G_HAND << 3) + 7
LOW_CARDS = 26                  # the card one-hot in two ROMs: constants stay below 2**31
CARD_BIT_LOW = tuple(1 << code if code < LOW_CARDS else 0 for code in range(64))
CARD_BIT_HIGH = tuple(1 << (min(code, DECK) - LOW_CARDS) if code >= LOW_CARDS else 0
                      for code in range(64))
WAIT_COUNT = 2          # HT_WAIT lasts WAIT_COUNT + 1 = 3 clocks: the derived-figure pipeline

def _u(width, value=0):
    return Signal(intbv(value)[width:])


@block
def holdem_table(clk, rst, cmd_valid, cmd_ready, cmd_op, cmd_seat, cmd_action, cmd_amount,
                 res_valid, res_code, s_axis_tdata, s_axis_tvalid, s_axis_tready, deck_request,
                 log_valid, log_seat, log_action, log_put, log_total, log_allin,
                 hand_done, game_over, probe_addr, probe_data, rules=Rules(), hand_bits=16):
    """Texas Hold'em table for `players` seats (golden holdem.Table, dealer 0 first).

    cmd_valid/cmd_ready: a command is taken when both are high (ready: idle, not dealing or
        settling). cmd_op[2]: 0 act, 1 deal (start_hand), 2 new game (3: refused, code 5).
        cmd_seat[3], cmd_action[3] (fold 0 check 1 call 2 bet 3 raise 4 all-in 5),
        cmd_amount[W]: raise-to for bet and raise.
    res_valid: one-clock pulse per command; res_code[4]: golden result code (0 OK, 1..12
        refusals; 13 a bad deck: a code above 51 or a card twice, nothing changes).
    s_axis_tdata[6]/tvalid/tready: the deck during a deal, 2k+5 cards in golden order (k live
        seats); deck_request: one-clock pulse when a deal starts taking cards.
    log_valid pulse with log_seat[3], log_action[3] (6/7 blinds), log_put[W], log_total[W]
        (street bet after), log_allin: one per golden log entry, before the command's result.
    hand_done: pulse when a hand has been settled; game_over: one seat holds every chip.
    probe_addr[8] -> probe_data[24] one clock later: every observable (contract map).
    W = chip_width(players, stack, big_blind). hand_bits: width of the hand counter (probe
    0x5B shows the hand number modulo 2**hand_bits; the terminal prints 16 bits); a test
    narrows it to see the counter wrap.
    """
    players, stack, small_blind, big_blind = (rules.players, rules.stack, rules.small_blind,
                                              rules.big_blind)
    n = players
    w = rules.chip_bits
    assert MIN_PLAYERS <= n <= HW_MAX_PLAYERS, "2..4 players"
    assert 1 <= small_blind <= big_blind and stack >= 1
    assert w + 1 <= 24, "chip figures must fit the 24-bit probe"
    assert 1 <= hand_bits <= 16, "the hand counter is 1..16 bits"
    assert len(cmd_amount) == w and len(log_put) == w and len(log_total) == w
    last_seat = n - 1
    sw = seat_bits(n)           # bits of a seat index; NO_SEAT needs 3

    t_state = enum("HT_IDLE", "HT_JUDGE1", "HT_JUDGE2", "HT_JUDGE3", "HT_FOLD", "HT_APPLY1",
                   "HT_APPLY2", "HT_APPLY3", "HT_ADVANCE", "HT_FINISH", "HT_SETTLING", "HT_PAYOUT",
                   "HT_BUST", "HT_PHASE", "HT_DEAL0", "HT_DEAL1", "HT_COLLECT", "HT_DEAL_TAIL",
                   "HT_DEAL_CHECK",
                   "HT_COMMIT", "HT_BLIND", "HT_BLIND_NEXT", "HT_NEW_GAME", "HT_WAIT", "HT_DONE")
    state = Signal(t_state.HT_IDLE)
    wait_next = Signal(t_state.HT_IDLE)
    wait_count = _u(2)

    # ---------------------------------------------------------------- table state
    stacks = [_u(w, stack) for _ in range(n)]
    street_bet = [_u(w) for _ in range(n)]
    committed = [_u(w) for _ in range(n)]
    faced = [_u(w) for _ in range(n)]           # bet to match when the seat last acted
    hole0 = [_u(6, NO_CARD) for _ in range(n)]
    hole1 = [_u(6, NO_CARD) for _ in range(n)]
    board = [_u(6, NO_CARD) for _ in range(BOARD)]
    deck_board = [_u(6, NO_CARD) for _ in range(BOARD)]   # board cards not shown yet
    folded, all_in, busted, acted = _u(n), _u(n), _u(n), _u(n)
    pot, current_bet, min_raise = _u(w), _u(w), _u(w, big_blind)
    to_act, dealer, sb_seat, bb_seat = _u(3, NO_SEAT), _u(sw), _u(3, NO_SEAT), _u(3, NO_SEAT)
    street, phase = _u(3, PREFLOP), _u(2, PHASE_READY)
    hand_no, first_hand = _u(hand_bits), Signal(bool(1))
    last_code, game_winner, showed = _u(4), _u(3, NO_SEAT), Signal(bool(0))

    # ---------------------------------------------------------------- work registers
    seat_q, action_q, amount_q = _u(3), _u(3), _u(w)
    code_q = _u(4)
    seat = _u(sw)               # the seat being worked on (the seat to act between commands)
    turn_from = _u(sw)          # the turn passes to the first seat left of this one
    put, new_stack, new_bet, new_committed, new_pot, raise_by = (_u(w) for _ in range(6))
    bet_grows = Signal(bool(0))
    log_code = _u(3)
    over_stack, to_match, below_min_raise, whole_stack, not_turn = (
        Signal(bool(0)) for _ in range(5))
    bet_put = _u(w)
    # deal
    new_dealer, deal_seat, left1, left2 = _u(sw), _u(sw), _u(sw), _u(sw)
    slot, deal_round = _u(3), _u(2)
    stage0 = [_u(6, NO_CARD) for _ in range(n)]
    stage1 = [_u(6, NO_CARD) for _ in range(n)]
    deck_seen, bad_deck = _u(DECK), Signal(bool(0))
    card_low, card_high = _u(LOW_CARDS), _u(DECK + 1 - LOW_CARDS)
    card_bit = ConcatSignal(card_high, card_low)   # the stream's card one-hot; 52: not a card
    card_q, card_v = _u(6), Signal(bool(0))     # the card taken last clock, to place now
    taken, last_take = _u(4), _u(4)
    card_roms = [table_rom(card_q, card_low, CARD_BIT_LOW),
                 table_rom(card_q, card_high, CARD_BIT_HIGH)]

    # ---------------------------------------------------------------- derived figures
    ta_stack, ta_bet, ta_faced, ta_committed = _u(w), _u(w), _u(w), _u(w)
    ta_acted, answer, bet_zero = (Signal(bool(0)) for _ in range(3))
    min_raise_to = _u(w + 1, big_blind)
    bet_ge = _u(n * n)          # bit i*n+j: street_bet[i] >= street_bet[j]
    below_bet = _u(n)           # street_bet[i] < current_bet
    to_call, reach, gap, sb_put, bb_put = (_u(w) for _ in range(5))
    needs = _u(n)
    answer_d, bet_ge_d, below_bet_d, needs_d = Signal(bool(0)), _u(n * n), _u(n), _u(n)
    raise_open, stack_over_call, nothing_to_call = (Signal(bool(0)) for _ in range(3))
    call_put = _u(w)

    # ---------------------------------------------------------------- seat ROMs
    pad = intbv(0)[3 - sw:]
    seat3, new_dealer3, left1_3, left2_3 = (ConcatSignal(pad, s) for s in
                                            (seat, new_dealer, left1, left2))
    seat_onehot, live_count, alive, first_alive, first_need = _u(n), _u(3), _u(3), _u(3), _u(3)
    left_of_dealer, left_of_new_dealer, left_of_deal_seat, left_of_left1 = (
        _u(sw) for _ in range(4))
    next_alive, first_needing = next_in_mask_table(n, skip=True), next_in_mask_table(n, skip=False)
    roms = [table_rom(seat, seat_onehot, onehot_table(n)),
            table_rom(folded, live_count, count_clear_table(n)),
            table_rom(busted, alive, count_clear_table(n)),
            table_rom(busted, first_alive, lowest_clear_table(n)),
            table_rom(ConcatSignal(turn_from, needs), first_need, first_needing),
            table_rom(ConcatSignal(dealer, busted), left_of_dealer, next_alive),
            table_rom(ConcatSignal(new_dealer, busted), left_of_new_dealer, next_alive),
            table_rom(ConcatSignal(deal_seat, busted), left_of_deal_seat, next_alive),
            table_rom(ConcatSignal(left1, busted), left_of_left1, next_alive)]

    # ---------------------------------------------------------------- settlement
    st_start, st_showdown, st_clear, st_done = (Signal(bool(0)) for _ in range(4))
    words = [_u(24) for _ in range(n)]
    payout = [_u(w) for _ in range(n)]
    refund = [_u(w) for _ in range(n)]
    winners = _u(n)
    settler = holdem_settle(clk, rst, st_start, st_showdown, st_clear, dealer, folded, committed,
                            hole0, hole1, board, st_done, words, payout, refund, winners,
                            players=n, width=w)

    # ---------------------------------------------------------------- outputs
    res_valid_q, deck_request_q, log_valid_q, log_allin_q, hand_done_q, game_over_q = (
        Signal(bool(0)) for _ in range(6))
    log_seat_q, log_action_q, log_put_q, log_total_q = _u(3), _u(3), _u(w), _u(w)
    probe_q = _u(24)

    @always_comb
    def drive_outputs():
        cmd_ready.next = state == t_state.HT_IDLE
        s_axis_tready.next = state == t_state.HT_COLLECT
        res_valid.next = res_valid_q
        res_code.next = last_code
        deck_request.next = deck_request_q
        log_valid.next = log_valid_q
        log_seat.next = log_seat_q
        log_action.next = log_action_q
        log_put.next = log_put_q
        log_total.next = log_total_q
        log_allin.next = log_allin_q
        hand_done.next = hand_done_q
        game_over.next = game_over_q
        probe_data.next = probe_q

    @always_seq(clk.posedge, reset=rst)
    def derive1():
        """Stage 1: the worked seat's figures, pairwise bet order, who is left."""
        ta_stack.next = stacks[seat]
        ta_bet.next = street_bet[seat]
        ta_faced.next = faced[seat]
        ta_committed.next = committed[seat]
        ta_acted.next = (acted & seat_onehot) != 0
        min_raise_to.next = current_bet + min_raise
        bet_zero.next = current_bet == 0
        answer.next = answer_d
        bet_ge.next = bet_ge_d
        below_bet.next = below_bet_d

    # The seat loops of stages 1 and 2 are combinational, registered by the stages: a
    # simulator then runs them only when their inputs change, not on every clock.
    @always_comb
    def seat_order():
        someone = False
        for j in range(n):
            if not seat_onehot[j] and not folded[j] and not all_in[j]:
                someone = True
        answer_d.next = someone
        order = intbv(0)[n * n:]
        below = intbv(0)[n:]
        for i in range(n):
            below[i] = street_bet[i] < current_bet
            for j in range(n):
                if i != j:
                    order[i * n + j] = street_bet[i] >= street_bet[j]
        bet_ge_d.next = order
        below_bet_d.next = below

    @always_seq(clk.posedge, reset=rst)
    def derive2():
        """Stage 2: amounts of the worked seat, and which seats still need to act."""
        if current_bet > ta_bet:
            to_call.next = current_bet - ta_bet
        else:
            to_call.next = 0
        reach.next = ta_bet + ta_stack
        if current_bet > ta_faced:
            gap.next = current_bet - ta_faced
        else:
            gap.next = 0
        if ta_stack < small_blind:
            sb_put.next = ta_stack
        else:
            sb_put.next = small_blind
        if ta_stack < big_blind:
            bb_put.next = ta_stack
        else:
            bb_put.next = big_blind
        needs.next = needs_d

    @always_comb
    def seats_to_act():
        need = intbv(0)[n:]
        for i in range(n):
            others_all_in = True
            matches_all = True
            for j in range(n):
                if j != i and not folded[j]:
                    if not all_in[j]:
                        others_all_in = False
                    if not bet_ge[i * n + j]:
                        matches_all = False
            need[i] = (not folded[i] and not all_in[i] and not (others_all_in and matches_all)
                       and (not acted[i] or below_bet[i]))
        needs_d.next = need

    @always_seq(clk.posedge, reset=rst)
    def derive3():
        """Stage 3: may the worked seat raise, and what a call puts in."""
        raise_open.next = (not ta_acted or gap >= min_raise) and answer
        stack_over_call.next = ta_stack > to_call
        nothing_to_call.next = to_call == 0
        if ta_stack > to_call:
            call_put.next = to_call
        else:
            call_put.next = ta_stack

    @always_seq(clk.posedge, reset=rst)
    def control():
        res_valid_q.next = 0
        deck_request_q.next = 0
        log_valid_q.next = 0
        hand_done_q.next = 0
        st_start.next = 0
        st_clear.next = 0
        card_v.next = 0

        if card_v:
            # a card of the deck, taken from the stream last clock: check it, place it
            if card_bit[DECK] or (deck_seen & card_bit[DECK:]) != 0:
                bad_deck.next = 1
            deck_seen.next = deck_seen | card_bit[DECK:]
            if deal_round == 2:
                deck_board[slot].next = card_q
                slot.next = slot + 1
            else:
                if deal_round == 0:
                    stage0[deal_seat].next = card_q
                else:
                    stage1[deal_seat].next = card_q
                deal_seat.next = left_of_deal_seat
                if slot == alive - 1:
                    slot.next = 0
                    deal_round.next = deal_round + 1
                else:
                    slot.next = slot + 1

        if state == t_state.HT_IDLE:
            if cmd_valid:
                seat_q.next = cmd_seat
                action_q.next = cmd_action
                amount_q.next = cmd_amount
                code_q.next = OK
                if cmd_op == OP_ACT:
                    state.next = t_state.HT_JUDGE1
                elif cmd_op == OP_DEAL:
                    if phase == PHASE_GAME_OVER:
                        code_q.next = REF_GAME_OVER
                        state.next = t_state.HT_DONE
                    elif phase == PHASE_BETTING:
                        code_q.next = REF_HAND_IN_PROGRESS
                        state.next = t_state.HT_DONE
                    else:
                        state.next = t_state.HT_DEAL0
                elif cmd_op == OP_NEW_GAME:
                    state.next = t_state.HT_NEW_GAME
                else:
                    code_q.next = REF_BAD_ACTION
                    state.next = t_state.HT_DONE

        # ------------------------------------------------------------ act
        elif state == t_state.HT_JUDGE1:
            over_stack.next = amount_q > reach
            to_match.next = amount_q <= current_bet
            below_min_raise.next = concat(False, amount_q) < min_raise_to
            whole_stack.next = amount_q == reach
            not_turn.next = seat_q != to_act
            if amount_q > ta_bet:
                bet_put.next = amount_q - ta_bet
            else:
                bet_put.next = 0
            state.next = t_state.HT_JUDGE2

        elif state == t_state.HT_JUDGE2:
            # golden Table.judge, in its order
            code = intbv(OK)[4:]
            if phase == PHASE_GAME_OVER:
                code[:] = REF_GAME_OVER
            elif phase != PHASE_BETTING:
                code[:] = REF_HAND_OVER
            elif not_turn:
                code[:] = REF_NOT_YOUR_TURN
            elif action_q > ALLIN:
                code[:] = REF_BAD_ACTION
            elif action_q == FOLD:
                code[:] = OK
            elif action_q == CHECK:
                if not nothing_to_call:
                    code[:] = REF_CHECK_FACING_BET
            elif action_q == CALL:
                if nothing_to_call:
                    code[:] = REF_NOTHING_TO_CALL
            elif action_q == ALLIN:
                if stack_over_call and not raise_open:
                    code[:] = REF_RAISE_CLOSED
            elif action_q == BET and not bet_zero:
                code[:] = REF_BET_FACING_BET
            elif action_q == RAISE and bet_zero:
                code[:] = REF_NO_BET_TO_RAISE
            elif not raise_open:
                code[:] = REF_RAISE_CLOSED
            elif over_stack:
                code[:] = REF_OVER_STACK
            elif to_match or (below_min_raise and not whole_stack):
                code[:] = REF_BELOW_MIN
            code_q.next = code
            log_code.next = action_q
            if action_q == CALL:
                put.next = call_put
            elif action_q == ALLIN:
                put.next = ta_stack
            elif action_q == BET or action_q == RAISE:
                put.next = bet_put
            else:
                put.next = 0
            state.next = t_state.HT_JUDGE3

        elif state == t_state.HT_JUDGE3:
            if code_q != OK:
                state.next = t_state.HT_DONE
            elif action_q == FOLD:
                state.next = t_state.HT_FOLD
            else:
                state.next = t_state.HT_APPLY1

        elif state == t_state.HT_FOLD:
            folded.next = folded | seat_onehot
            acted.next = acted | seat_onehot
            faced[seat].next = current_bet
            log_valid_q.next = 1
            log_seat_q.next = seat3
            log_action_q.next = FOLD
            log_put_q.next = 0
            log_total_q.next = ta_bet
            log_allin_q.next = 0
            turn_from.next = seat
            wait_count.next = WAIT_COUNT
            wait_next.next = t_state.HT_ADVANCE
            state.next = t_state.HT_WAIT

        elif state == t_state.HT_APPLY1:
            new_stack.next = ta_stack - put
            new_bet.next = ta_bet + put
            new_committed.next = ta_committed + put
            new_pot.next = pot + put
            state.next = t_state.HT_APPLY2

        elif state == t_state.HT_APPLY2:
            stacks[seat].next = new_stack
            street_bet[seat].next = new_bet
            committed[seat].next = new_committed
            pot.next = new_pot
            if new_stack == 0:
                all_in.next = all_in | seat_onehot
            log_valid_q.next = 1
            log_seat_q.next = seat3
            log_action_q.next = log_code
            log_put_q.next = put
            log_total_q.next = new_bet
            log_allin_q.next = new_stack == 0
            bet_grows.next = new_bet > current_bet
            if new_bet > current_bet:
                raise_by.next = new_bet - current_bet
            else:
                raise_by.next = 0
            if log_code == POST_SB or log_code == POST_BB:
                state.next = t_state.HT_BLIND_NEXT
            else:
                state.next = t_state.HT_APPLY3

        elif state == t_state.HT_APPLY3:
            if bet_grows:
                current_bet.next = new_bet
                faced[seat].next = new_bet
                if raise_by >= min_raise:
                    min_raise.next = raise_by        # a full bet or raise
            else:
                faced[seat].next = current_bet
            acted.next = acted | seat_onehot
            turn_from.next = seat
            wait_count.next = WAIT_COUNT
            wait_next.next = t_state.HT_ADVANCE
            state.next = t_state.HT_WAIT

        elif state == t_state.HT_ADVANCE:
            # golden Table._advance: next seat, next street (dealing the board), or the end
            if live_count == 1:
                st_showdown.next = 0
                state.next = t_state.HT_FINISH
            elif first_need != NO_SEAT:
                to_act.next = first_need
                seat.next = first_need[sw:]
                wait_count.next = WAIT_COUNT
                wait_next.next = t_state.HT_DONE
                state.next = t_state.HT_WAIT
            elif street == RIVER:
                st_showdown.next = 1
                state.next = t_state.HT_FINISH
            else:
                street.next = street + 1
                if street == PREFLOP:
                    board[0].next = deck_board[0]
                    board[1].next = deck_board[1]
                    board[2].next = deck_board[2]
                elif street == FLOP:
                    board[3].next = deck_board[3]
                else:
                    board[4].next = deck_board[4]
                for i in range(n):
                    street_bet[i].next = 0
                    faced[i].next = 0
                acted.next = 0
                current_bet.next = 0
                min_raise.next = big_blind
                turn_from.next = dealer
                wait_count.next = WAIT_COUNT
                wait_next.next = t_state.HT_ADVANCE
                state.next = t_state.HT_WAIT

        elif state == t_state.HT_FINISH:
            to_act.next = NO_SEAT
            if st_showdown:
                street.next = SHOWDOWN
            showed.next = st_showdown
            st_start.next = 1
            state.next = t_state.HT_SETTLING

        elif state == t_state.HT_SETTLING:
            if st_done:
                state.next = t_state.HT_PAYOUT

        elif state == t_state.HT_PAYOUT:
            for i in range(n):
                stacks[i].next = stacks[i] + payout[i]
            pot.next = 0
            state.next = t_state.HT_BUST

        elif state == t_state.HT_BUST:
            broke = intbv(0)[n:]
            for i in range(n):
                broke[i] = stacks[i] == 0
            busted.next = broke
            wait_count.next = WAIT_COUNT
            wait_next.next = t_state.HT_PHASE
            state.next = t_state.HT_WAIT

        elif state == t_state.HT_PHASE:
            if alive == 1:
                phase.next = PHASE_GAME_OVER
                game_over_q.next = 1
                game_winner.next = first_alive
            else:
                phase.next = PHASE_READY
            hand_done_q.next = 1
            state.next = t_state.HT_DONE

        # ------------------------------------------------------------ deal
        elif state == t_state.HT_DEAL0:
            if first_hand:
                new_dealer.next = dealer
            else:
                new_dealer.next = left_of_dealer
            for i in range(n):
                stage0[i].next = NO_CARD
                stage1[i].next = NO_CARD
            deck_seen.next = 0
            bad_deck.next = 0
            slot.next = 0
            deal_round.next = 0
            deck_request_q.next = 1
            state.next = t_state.HT_DEAL1

        elif state == t_state.HT_DEAL1:
            deal_seat.next = left_of_new_dealer
            left1.next = left_of_new_dealer
            taken.next = 0
            last_take.next = concat(alive, False) + (BOARD - 1)     # 2k + 5 cards
            state.next = t_state.HT_COLLECT

        elif state == t_state.HT_COLLECT:
            if s_axis_tvalid:
                card_q.next = s_axis_tdata
                card_v.next = 1
                taken.next = taken + 1
                if taken == last_take:
                    state.next = t_state.HT_DEAL_TAIL

        elif state == t_state.HT_DEAL_TAIL:
            state.next = t_state.HT_DEAL_CHECK      # the last card is placed this clock

        elif state == t_state.HT_DEAL_CHECK:
            left2.next = left_of_left1
            if bad_deck:
                code_q.next = REF_BAD_DECK
                state.next = t_state.HT_DONE
            else:
                state.next = t_state.HT_COMMIT

        elif state == t_state.HT_COMMIT:
            # golden start_hand: new dealer, hand number, a clear hand, cards, blinds' seats
            dealer.next = new_dealer
            hand_no.next = hand_no + 1
            first_hand.next = 0
            street.next = PREFLOP
            to_act.next = NO_SEAT
            for i in range(n):
                street_bet[i].next = 0
                committed[i].next = 0
                faced[i].next = 0
                hole0[i].next = stage0[i]
                hole1[i].next = stage1[i]
            for j in range(BOARD):
                board[j].next = NO_CARD
            folded.next = busted
            all_in.next = 0
            acted.next = 0
            pot.next = 0
            current_bet.next = 0
            min_raise.next = big_blind
            showed.next = 0
            st_clear.next = 1
            if alive == 2:
                sb_seat.next = new_dealer3
                bb_seat.next = left1_3
                seat.next = new_dealer
            else:
                sb_seat.next = left1_3
                bb_seat.next = left2_3
                seat.next = left1
            log_code.next = POST_SB
            wait_count.next = WAIT_COUNT
            wait_next.next = t_state.HT_BLIND
            state.next = t_state.HT_WAIT

        elif state == t_state.HT_BLIND:
            if log_code == POST_SB:
                put.next = sb_put
            else:
                put.next = bb_put
            state.next = t_state.HT_APPLY1

        elif state == t_state.HT_BLIND_NEXT:
            wait_count.next = WAIT_COUNT
            state.next = t_state.HT_WAIT
            if log_code == POST_SB:
                log_code.next = POST_BB
                seat.next = bb_seat[sw:]
                wait_next.next = t_state.HT_BLIND
            else:
                current_bet.next = big_blind
                min_raise.next = big_blind
                phase.next = PHASE_BETTING
                turn_from.next = bb_seat[sw:]
                wait_next.next = t_state.HT_ADVANCE

        # ------------------------------------------------------------ new game
        elif state == t_state.HT_NEW_GAME:
            for i in range(n):
                stacks[i].next = stack
                street_bet[i].next = 0
                committed[i].next = 0
                faced[i].next = 0
                hole0[i].next = NO_CARD
                hole1[i].next = NO_CARD
            for j in range(BOARD):
                board[j].next = NO_CARD
            folded.next = 0
            all_in.next = 0
            busted.next = 0
            acted.next = 0
            pot.next = 0
            current_bet.next = 0
            min_raise.next = big_blind
            to_act.next = NO_SEAT
            dealer.next = 0
            sb_seat.next = NO_SEAT
            bb_seat.next = NO_SEAT
            street.next = PREFLOP
            phase.next = PHASE_READY
            hand_no.next = 0
            first_hand.next = 1
            game_winner.next = NO_SEAT
            game_over_q.next = 0
            showed.next = 0
            seat.next = 0
            st_clear.next = 1
            wait_count.next = WAIT_COUNT
            wait_next.next = t_state.HT_DONE
            state.next = t_state.HT_WAIT

        # ------------------------------------------------------------ common
        elif state == t_state.HT_WAIT:
            if wait_count == 0:
                state.next = wait_next
            else:
                wait_count.next = wait_count - 1

        else:   # HT_DONE
            res_valid_q.next = 1
            last_code.next = code_q
            state.next = t_state.HT_IDLE

    p_group, p_seat, p_hole_seat, p_index, p_hole_index = _u(5), _u(3), _u(3), _u(sw), _u(sw)

    @always_comb
    def probe_fields():
        p_group.next = probe_addr[8:3]
        p_seat.next = probe_addr[3:0]
        p_hole_seat.next = probe_addr[4:1]
        p_index.next = probe_addr[sw:0]
        p_hole_index.next = probe_addr[sw + 1:1]

    @always_seq(clk.posedge, reset=rst)
    def probe():
        """The probe window: one observable per address, registered."""
        d = intbv(0)[24:]
        if p_group == G_STACK:
            if p_seat <= last_seat:
                d[w:] = stacks[p_index]
        elif p_group == G_STREET_BET:
            if p_seat <= last_seat:
                d[w:] = street_bet[p_index]
        elif p_group == G_COMMITTED:
            if p_seat <= last_seat:
                d[w:] = committed[p_index]
        elif p_group == G_FLAGS:
            if p_seat <= last_seat:
                d[FLAG_FOLDED] = folded[p_index]
                d[FLAG_ALL_IN] = all_in[p_index]
                d[FLAG_OUT] = busted[p_index]
        elif p_group == G_HOLE or p_group == G_HOLE_2:
            if p_hole_seat <= last_seat:
                if probe_addr[0]:
                    d[6:] = hole1[p_hole_index]
                else:
                    d[6:] = hole0[p_hole_index]
        elif p_group == G_BOARD:
            if p_seat < BOARD:
                d[6:] = board[p_seat]
        elif p_group == G_WORD:
            if p_seat <= last_seat:
                d[:] = words[p_index]
        elif p_group == G_PAYOUT:
            if p_seat <= last_seat:
                d[w:] = payout[p_index]
        elif p_group == G_REFUND:
            if p_seat <= last_seat:
                d[w:] = refund[p_index]
        elif p_group == G_TABLE:
            if p_seat == S_POT:
                d[w:] = pot
            elif p_seat == S_CURRENT_BET:
                d[w:] = current_bet
            elif p_seat == S_TO_CALL:
                if to_act != NO_SEAT:
                    d[w:] = to_call
            elif p_seat == S_MIN_RAISE:
                d[w:] = min_raise
            elif p_seat == S_MIN_RAISE_TO:
                d[w + 1:] = min_raise_to
            elif p_seat == S_TO_ACT:
                d[3:] = to_act
            elif p_seat == S_STREET:
                d[3:] = street
            else:
                d[2:] = phase
        elif p_group == G_HAND:
            if p_seat == S_DEALER:
                d[sw:] = dealer
            elif p_seat == S_SB_SEAT:
                d[3:] = sb_seat
            elif p_seat == S_BB_SEAT:
                d[3:] = bb_seat
            elif p_seat == S_HAND_NO:
                d[hand_bits:] = hand_no
            elif p_seat == S_WINNERS:
                d[n:] = winners
            elif p_seat == S_SHOWDOWN:
                d[0] = showed
            elif p_seat == S_GAME_WINNER:
                d[3:] = game_winner
            else:
                d[4:] = last_code
        probe_q.next = d

    return instances()


class TableBus:
    """A table's command, result, log and probe ports (holdem_table's names and widths), as one
    bundle for the block that drives the table (its terminal UI) and for conversion."""

    def __init__(self, rules=Rules()):
        w = rules.chip_bits
        self.cmd_valid, self.cmd_ready, self.res_valid, self.log_valid, self.log_allin = (
            Signal(bool(0)) for _ in range(5))
        self.cmd_op, self.cmd_seat, self.cmd_action, self.cmd_amount = _u(2), _u(3), _u(3), _u(w)
        self.res_code = _u(4)
        self.log_seat, self.log_action, self.log_put, self.log_total = _u(3), _u(3), _u(w), _u(w)
        self.probe_addr, self.probe_data = _u(8), _u(WORD_BITS)

    def ports(self):
        """holdem_table's keyword arguments for these signals."""
        return dict(vars(self))


def holdem_table_top(players=2, stack=1000, small_blind=5, big_blind=10, hand_bits=16):
    """holdem_table with fresh port signals, for conversion."""
    rules = Rules(players, stack, small_blind, big_blind)

    def bit():
        return Signal(bool(0))
    return holdem_table(
        clk=bit(), rst=ResetSignal(0, active=1, isasync=False), s_axis_tdata=_u(6),
        s_axis_tvalid=bit(), s_axis_tready=bit(), deck_request=bit(), hand_done=bit(),
        game_over=bit(), rules=rules, hand_bits=hand_bits, **TableBus(rules).ports())
