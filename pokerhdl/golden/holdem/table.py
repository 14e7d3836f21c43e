"""The golden Texas Hold'em table: the rules the hardware table controller is checked against.

One ``Table`` holds a game of 2..10 seats (no-limit, blinds that follow the button; the hardware
table takes 2..4, holdem_contract.HW_MAX_PLAYERS). Every input
is a call that returns a small integer result code (``OK`` or a refusal reason); a refused input
changes nothing. After every call the observable state (``observe()``) is what the hardware must
show. Amounts are whole chips.

Rule choices (each one is something the hardware must do the same way):

* Seats 0..n-1; "left of" seat s is seat s+1 (mod n). A seat is *dealt in* when it is neither
  busted (stack 0 after a hand) nor sitting out (``sit(seat, True)``: nobody plays it). Seats
  not dealt in are skipped by everything: dealing, blinds, the button, the turn; at the start
  of a hand they are marked ``folded``, so "live" always means "not folded". Sitting out or in
  is taken at any time and counts from the next deal: a seat dealt into the hand in play plays
  it out. A deal with fewer than two seats dealt in is refused (REF_TOO_FEW_SEATS); the game
  is over only when one seat holds every chip, whoever sits out.
* Button: the first hand of a game has the dealer at ``first_dealer`` (or the first seat dealt
  in left of it, when it is not); every later hand moves the button to the next seat dealt in
  left of the previous dealer (a moving button, not the casino "dead button" rule: when a
  player busts or sits out, a seat may skip or repeat a blind).
* Blinds: heads-up (two seats left) the dealer posts the small blind and the other seat the big
  blind; otherwise the small blind is the first seat left of the dealer and the big blind the
  next. A seat with fewer chips than its blind posts everything (and is all-in). The bet to
  match preflop is the full big blind even when the big blind posted less (as in casino rules).
* Deal order (no burn cards): with k seats dealt in, deck[0..k-1] is the first hole card of each
  live seat in order starting left of the dealer (heads-up: the big blind first, the dealer
  second), deck[k..2k-1] the second hole card in the same order, then deck[2k], deck[2k+1],
  deck[2k+2] the flop, deck[2k+3] the turn, deck[2k+4] the river. ``start_hand`` takes the deck
  (any iterable; the first 2k+5 codes are used and must be distinct cards 0..51).
* Turn: preflop the first seat to act is the first seat left of the big blind that needs to act
  (heads-up: the dealer); on later streets the first seat left of the dealer that needs to act
  (heads-up: the big blind, so the dealer acts last). Then each next seat to the left that needs
  to act. A seat needs to act when it is live, not all-in, and either has not acted on this
  street (posting a blind is not acting: the big blind has its option) or has less in than the
  bet to match; except that a seat that is the only one left with chips and already matches
  every other live seat's bet need not act (nobody could answer it). A street ends when nobody
  needs to act; if nobody can act at all the remaining board is dealt at once (all-in run-out).
* Actions (code, amount): FOLD, CHECK, CALL and ALLIN ignore the amount. BET and RAISE take a
  *raise-to* amount: the seat's total bet on this street after the action (BET when nothing is
  bet on this street, RAISE when there is a bet, the preflop blind included). CALL puts in the
  amount to call or, if the stack is smaller, the whole stack (an all-in call for less). ALLIN
  puts in the whole stack: a call for less or exactly a call if the stack does not cover more,
  otherwise a bet or raise. A BET or RAISE whose amount uses the whole stack is an all-in and
  may be below the minimum. FOLD is always allowed on one's turn, even when checking is free.
* Minimum raise: ``min_raise`` is the size of the last full bet or raise on this street, at
  least the big blind (it starts each street at the big blind); the smallest legal raise-to is
  ``current_bet + min_raise`` (so the smallest bet is the big blind). A bet or raise smaller than
  that (only possible all-in) is short: it raises the bet to match but leaves ``min_raise`` alone.
* Reopening (the TDA rule): a seat that has already acted on this street may raise again only
  if, since its last action, the bet to match has grown by at least ``min_raise`` (a full raise,
  or several short all-ins adding up to one). Otherwise it may only call or fold. Nobody may
  bet or raise when no other live seat has chips left to answer.
* Refusals are checked in this order, the first that applies is returned: REF_GAME_OVER,
  REF_HAND_OVER, REF_NOT_YOUR_TURN, REF_BAD_ACTION; then for CHECK: REF_CHECK_FACING_BET; CALL:
  REF_NOTHING_TO_CALL; ALLIN (when the stack exceeds the call): REF_RAISE_CLOSED; BET:
  REF_BET_FACING_BET; RAISE: REF_NO_BET_TO_RAISE; then BET/RAISE: REF_RAISE_CLOSED,
  REF_OVER_STACK (raise-to minus the seat's street bet exceeds its stack), REF_BELOW_MIN
  (raise-to not above the bet to match, or below the minimum without being all-in).
* End of hand: when all but one seat have folded, the last seat takes the pot without a
  showdown (street stays where it was). Otherwise at the end of the river (street becomes
  SHOWDOWN) every live seat's rank word is rank7(hole + board) and the pot is settled by
  ``pots.settle``: uncalled excess refunded, main and side pots from contribution levels, each
  pot split among the best eligible words with odd chips to the winners nearest the dealer's
  left. Seats with stack 0 are then busted; when one seat holds every chip the game is over.
  ``new_game()`` restarts stacks (and is allowed at any time, like a reset); who sits out stays
  as it was.
* After a hand, ``street_bet`` and ``committed`` keep the hand's figures for display until the
  next deal; ``pot`` is 0. Conservation: sum(stacks) + pot == total chips, always.
"""

from collections import namedtuple
from dataclasses import dataclass
from itertools import islice

from ..cards import NO_CARD, is_card
from ..hands import describe, rank7
from .pots import settle

MIN_PLAYERS, MAX_PLAYERS = 2, 10
NO_SEAT = 7                     # to_act when nobody is to act (3-bit all ones: the hardware's)


def no_seat_for(n_players):
    """The 'nobody' seat number of an n-seat table: NO_SEAT (the hardware's 3-bit all ones)
    while that is not a seat, else all ones in the bits a seat number needs (15 for 8..10)."""
    return max(NO_SEAT, (1 << n_players.bit_length()) - 1)


# Action codes (3 bits). POST_SB and POST_BB appear only in the log.
FOLD, CHECK, CALL, BET, RAISE, ALLIN = range(6)
POST_SB, POST_BB = 6, 7
ACTION_NAMES = ("fold", "check", "call", "bet", "raise", "all-in", "small blind", "big blind")
ACTIONS = (FOLD, CHECK, CALL, BET, RAISE, ALLIN)

# Result codes (4 bits): OK or why an input was refused.
OK = 0
REF_GAME_OVER = 1           # the game is over: only new_game() is accepted
REF_HAND_OVER = 2           # no hand in progress (an action before the deal or after the end)
REF_HAND_IN_PROGRESS = 3    # a deal requested while a hand is being played
REF_NOT_YOUR_TURN = 4       # the seat is not the one to act
REF_BAD_ACTION = 5          # unknown action code
REF_CHECK_FACING_BET = 6    # check while there is something to call
REF_NOTHING_TO_CALL = 7     # call with nothing to call (check instead)
REF_BET_FACING_BET = 8      # bet when there is already a bet (raise instead)
REF_NO_BET_TO_RAISE = 9     # raise when there is no bet (bet instead)
REF_RAISE_CLOSED = 10       # raising is not open to this seat (short all-in, nobody to answer)
REF_OVER_STACK = 11         # the amount needs more chips than the seat has
REF_BELOW_MIN = 12          # bet/raise below the minimum and not all-in, or not a raise at all
REF_TOO_FEW_SEATS = 13      # a deal with fewer than two seats dealt in (the others sit out)
RESULT_TEXT = ("ok", "game over", "no hand in progress", "hand in progress", "not your turn",
               "unknown action", "cannot check facing a bet", "nothing to call",
               "there is a bet: raise", "no bet to raise: bet", "raising is closed to you",
               "more than your stack", "below the minimum", "too few seats in")

# Streets and phases.
PREFLOP, FLOP, TURN, RIVER, SHOWDOWN = range(5)
STREET_NAMES = ("preflop", "flop", "turn", "river", "showdown")
BOARD_SIZE = (0, 3, 4, 5, 5)    # board cards dealt by street
PHASE_READY, PHASE_BETTING, PHASE_GAME_OVER = range(3)
PHASE_NAMES = ("ready", "betting", "game over")

LogEntry = namedtuple("LogEntry", "hand street seat action put total all_in")
"""One accepted action or blind: ``put`` chips moved from the stack, ``total`` the seat's street
bet afterwards, ``all_in`` whether the stack is now empty."""


def cards_needed(live_seats):
    """Cards a hand uses with this many live seats: two each and five on the board."""
    return 2 * live_seats + 5


@dataclass(frozen=True)
class HandResult:
    hand: int
    dealer: int
    showdown: bool          # False when everyone else folded
    board: tuple
    words: tuple            # per seat: rank word at showdown, None if not shown
    descriptions: tuple     # per seat: describe(word), None if not shown
    pots: tuple             # pots.Pot, main pot first
    refund: tuple           # per seat: uncalled chips returned
    won: tuple              # per seat: chips won from pots
    payout: tuple           # per seat: refund + won
    winners: tuple          # seats that won (a share of) at least one pot, ascending


@dataclass(frozen=True)
class Legal:
    """What the seat to act may do. Amounts are raise-to (street totals)."""
    seat: int
    can_check: bool
    call: int               # chips a CALL puts in (0: CALL refused)
    can_bet: bool           # BET accepted for min_to..max_to
    can_raise: bool         # RAISE accepted for min_to..max_to
    min_to: int             # smallest non-all-in raise-to (max_to if the stack cannot reach it)
    max_to: int             # all-in raise-to
    can_allin: bool


class Table:
    """A Hold'em game for ``n_players`` seats. Inputs: ``start_hand(deck)``, ``act(seat, action,
    amount)``, ``sit(seat, out)``, ``new_game()``; each returns a result code. Outputs: the attributes below and
    ``observe()``.
    """

    def __init__(self, n_players=4, start_stack=1000, small_blind=5, big_blind=10,
                 first_dealer=0, stacks=None):
        if not MIN_PLAYERS <= n_players <= MAX_PLAYERS:
            raise ValueError(f"{MIN_PLAYERS}..{MAX_PLAYERS} players, got {n_players}")
        if not 1 <= small_blind <= big_blind:
            raise ValueError("blinds need 1 <= small blind <= big blind")
        if start_stack < 1 or not 0 <= first_dealer < n_players:
            raise ValueError("start_stack >= 1 and first_dealer a seat")
        self.n = n_players
        self.no_seat = no_seat_for(n_players)     # to_act etc. when there is no such seat
        self.start_stack = start_stack
        self.small_blind = small_blind
        self.big_blind = big_blind
        self.first_dealer = first_dealer
        self.sitting = [False] * n_players
        self.new_game(stacks)

    # ------------------------------------------------------------------ inputs
    def new_game(self, stacks=None):
        """Restart: every seat gets ``start_stack`` (or ``stacks``, for tests), no hand dealt."""
        n = self.n
        stacks = [self.start_stack] * n if stacks is None else list(stacks)
        if len(stacks) != n or min(stacks) < 1:
            raise ValueError("one positive stack per seat")
        self.total = sum(stacks)
        self.stacks = stacks
        self.busted = [False] * n
        self.dealer = self.first_dealer
        self.hand_no = 0
        self.phase = PHASE_READY
        self.log = []
        self._clear_hand()
        return OK

    def start_hand(self, deck):
        """Deal a hand from ``deck`` (see the module doc for the deal order), post blinds."""
        if self.phase == PHASE_GAME_OVER:
            return REF_GAME_OVER
        if self.phase == PHASE_BETTING:
            return REF_HAND_IN_PROGRESS
        if len(self.seats_dealt_in()) < MIN_PLAYERS:
            return REF_TOO_FEW_SEATS
        first = self.hand_no == 0 and self.dealt_in(self.dealer)
        dealer = self.dealer if first else self._next_live(self.dealer)
        order = [s for s in self._seats_left_of(dealer) if self.dealt_in(s)]
        k = len(order)
        cards = list(islice(iter(deck), cards_needed(k)))
        if len(cards) < cards_needed(k) or not all(is_card(c) for c in cards) \
                or len(set(cards)) != len(cards):
            raise ValueError(f"a deck for {k} seats needs {cards_needed(k)} distinct cards 0..51")
        self.dealer = dealer
        self.hand_no += 1
        self._clear_hand()
        self.folded = [not self.dealt_in(s) for s in range(self.n)]
        self._deck = tuple(cards)
        for j, seat in enumerate(order):
            self.hole[seat] = [cards[j], cards[k + j]]
        if k == 2:
            self.sb_seat = self.dealer
            self.bb_seat = self._next_live(self.dealer)
        else:
            self.sb_seat = self._next_live(self.dealer)
            self.bb_seat = self._next_live(self.sb_seat)
        self._put(self.sb_seat, min(self.small_blind, self.stacks[self.sb_seat]), POST_SB)
        self._put(self.bb_seat, min(self.big_blind, self.stacks[self.bb_seat]), POST_BB)
        self.current_bet = self.big_blind
        self.min_raise = self.big_blind
        self.street = PREFLOP
        self.phase = PHASE_BETTING
        self._advance(self.bb_seat)
        return OK

    def act(self, seat, action, amount=0):
        """One decision of ``seat``: returns OK (applied) or a refusal code (nothing changed)."""
        code, put = self.judge(seat, action, amount)
        if code != OK:
            return code
        if action == FOLD:
            self.folded[seat] = True
            self.log.append(LogEntry(self.hand_no, self.street, seat, FOLD, 0,
                                     self.street_bet[seat], False))
        else:
            self._put(seat, put, action)
            total = self.street_bet[seat]
            if total > self.current_bet:
                if total - self.current_bet >= self.min_raise:
                    self.min_raise = total - self.current_bet    # a full bet/raise
                self.current_bet = total
        self.acted[seat] = True
        self.faced[seat] = self.current_bet
        self._advance(seat)
        return OK

    def sit(self, seat, out):
        """``seat`` sits out (``out`` true: it is dealt nothing and posts nothing from the next
        deal) or back in. Taken at any time, even after the game is over; REF_BAD_ACTION for
        a seat that is not one of the table's."""
        if not isinstance(seat, int) or not 0 <= seat < self.n:
            return REF_BAD_ACTION
        self.sitting[seat] = bool(out)
        return OK

    def dealt_in(self, seat):
        """Would ``seat`` be dealt into the next hand (not busted, not sitting out)?"""
        return not self.busted[seat] and not self.sitting[seat]

    def seats_dealt_in(self):
        """The seats the next deal would deal in, in seat order."""
        return [s for s in range(self.n) if self.dealt_in(s)]

    @property
    def deal_ready(self):
        """Would ``start_hand`` deal now (no hand on, the game not over, two seats in)?"""
        return self.phase == PHASE_READY and len(self.seats_dealt_in()) >= MIN_PLAYERS

    # ------------------------------------------------------------------ the rules
    def judge(self, seat, action, amount=0):
        """(result code, chips the action would put in) without changing anything."""
        if not isinstance(amount, int) or not isinstance(action, int) \
                or not isinstance(seat, int):
            raise TypeError("seat, action and amount are integers")
        if self.phase == PHASE_GAME_OVER:
            return REF_GAME_OVER, 0
        if self.phase != PHASE_BETTING:
            return REF_HAND_OVER, 0
        if seat != self.to_act:
            return REF_NOT_YOUR_TURN, 0
        if action not in ACTIONS:
            return REF_BAD_ACTION, 0
        stack = self.stacks[seat]
        to_call = self.current_bet - self.street_bet[seat]
        if action == FOLD:
            return OK, 0
        if action == CHECK:
            return (REF_CHECK_FACING_BET if to_call > 0 else OK), 0
        if action == CALL:
            return (REF_NOTHING_TO_CALL, 0) if to_call == 0 else (OK, min(to_call, stack))
        if action == ALLIN:
            if stack > to_call and not self.raise_open(seat):
                return REF_RAISE_CLOSED, 0
            return OK, stack
        if action == BET and self.current_bet > 0:
            return REF_BET_FACING_BET, 0
        if action == RAISE and self.current_bet == 0:
            return REF_NO_BET_TO_RAISE, 0
        if not self.raise_open(seat):
            return REF_RAISE_CLOSED, 0
        put = amount - self.street_bet[seat]
        if put > stack:
            return REF_OVER_STACK, 0
        if amount <= self.current_bet or (amount < self.min_raise_to and put != stack):
            return REF_BELOW_MIN, 0
        return OK, put

    def raise_open(self, seat):
        """May ``seat`` bet or raise now? (Not: may it afford it.)"""
        reopened = (not self.acted[seat]
                    or self.current_bet - self.faced[seat] >= self.min_raise)
        someone_answers = any(not self.folded[j] and not self.all_in[j]
                              for j in range(self.n) if j != seat)
        return reopened and someone_answers

    def needs_action(self, seat):
        """Must ``seat`` act before this street can end?"""
        if self.folded[seat] or self.all_in[seat]:
            return False
        others = [j for j in range(self.n) if j != seat and not self.folded[j]]
        if all(self.all_in[j] for j in others) \
                and self.street_bet[seat] >= max(self.street_bet[j] for j in others):
            return False        # the only seat with chips, nothing to call: no one to play
        return not self.acted[seat] or self.street_bet[seat] < self.current_bet

    def legal(self):
        """The choices of the seat to act (None when nobody is to act)."""
        if self.phase != PHASE_BETTING:
            return None
        s = self.to_act
        stack, bet = self.stacks[s], self.street_bet[s]
        to_call = self.current_bet - bet
        max_to = bet + stack
        open_ = self.raise_open(s) and max_to > self.current_bet
        return Legal(seat=s, can_check=to_call == 0,
                     call=min(to_call, stack),
                     can_bet=open_ and self.current_bet == 0,
                     can_raise=open_ and self.current_bet > 0,
                     min_to=min(self.min_raise_to, max_to), max_to=max_to,
                     can_allin=stack <= to_call or self.raise_open(s))

    # ------------------------------------------------------------------ observables
    @property
    def pot(self):
        return self._pot

    @property
    def to_call(self):
        """Chips the seat to act must add to match (may exceed its stack); 0 if nobody acts."""
        if self.to_act == self.no_seat:
            return 0
        return self.current_bet - self.street_bet[self.to_act]

    @property
    def min_raise_to(self):
        """Smallest full bet/raise, as a raise-to amount."""
        return self.current_bet + self.min_raise

    @property
    def game_over(self):
        return self.phase == PHASE_GAME_OVER

    @property
    def game_winner(self):
        """The seat holding every chip, or ``no_seat`` while the game goes on."""
        if self.phase != PHASE_GAME_OVER:
            return self.no_seat
        return next(s for s in range(self.n) if not self.busted[s])

    def observe(self):
        """Everything the hardware must show, as plain ints/bools/tuples, field by field:
        per seat stacks, street_bet, committed, folded, all_in, busted, sitting, hole; and pot,
        current_bet (the bet to match), to_call, min_raise, min_raise_to, to_act, street,
        phase, board (NO_CARD where not dealt), dealer, sb_seat, bb_seat, hand_no."""
        return dict(
            phase=self.phase, hand_no=self.hand_no, dealer=self.dealer, sb_seat=self.sb_seat,
            bb_seat=self.bb_seat, street=self.street, to_act=self.to_act,
            stacks=tuple(self.stacks), street_bet=tuple(self.street_bet),
            committed=tuple(self.committed), folded=tuple(self.folded),
            all_in=tuple(self.all_in), busted=tuple(self.busted), sitting=tuple(self.sitting),
            pot=self._pot, current_bet=self.current_bet, to_call=self.to_call,
            min_raise=self.min_raise, min_raise_to=self.min_raise_to,
            board=tuple(self.board), hole=tuple(tuple(h) for h in self.hole),
        )

    def snapshot(self):
        """The whole state (observables plus internals), for 'a refused input changes nothing'."""
        state = self.observe()
        state.update(acted=tuple(self.acted), faced=tuple(self.faced), deck=self._deck,
                     log=tuple(self.log), result=self.result, total=self.total)
        return state

    # ------------------------------------------------------------------ internals
    def _clear_hand(self):
        n = self.n
        self.street = PREFLOP
        self.to_act = self.no_seat
        self.sb_seat = self.bb_seat = self.no_seat
        self.street_bet = [0] * n
        self.committed = [0] * n
        self.folded = list(self.busted)
        self.all_in = [False] * n
        self.acted = [False] * n
        self.faced = [0] * n
        self._pot = 0
        self.current_bet = 0
        self.min_raise = self.big_blind
        self.board = [NO_CARD] * 5
        self.hole = [[NO_CARD, NO_CARD] for _ in range(n)]
        self._deck = ()
        self.result = None

    def _seats_left_of(self, seat):
        """All seats in turn order starting left of ``seat`` and ending with it."""
        return [(seat + i) % self.n for i in range(1, self.n + 1)]

    def _next_live(self, seat):
        """The first seat dealt in left of ``seat``."""
        return next(s for s in self._seats_left_of(seat) if self.dealt_in(s))

    def _put(self, seat, chips, action):
        self.stacks[seat] -= chips
        self.street_bet[seat] += chips
        self.committed[seat] += chips
        self._pot += chips
        if self.stacks[seat] == 0:
            self.all_in[seat] = True
        self.log.append(LogEntry(self.hand_no, self.street, seat, action, chips,
                                 self.street_bet[seat], self.all_in[seat]))

    def _first_to_act(self, after):
        return next((s for s in self._seats_left_of(after) if self.needs_action(s)),
                    self.no_seat)

    def _advance(self, last):
        """After an input by/for ``last``: the next seat to act, or the next street, or the end."""
        if sum(not f for f in self.folded) == 1:
            self._finish(showdown_=False)
            return
        self.to_act = self._first_to_act(last)
        while self.to_act == self.no_seat:
            if self.street == RIVER:
                self._finish(showdown_=True)
                return
            self.street += 1
            k = (len(self._deck) - cards_needed(0)) // 2      # the seats dealt in
            for i in range(BOARD_SIZE[self.street - 1], BOARD_SIZE[self.street]):
                self.board[i] = self._deck[2 * k + i]
            self.street_bet = [0] * self.n
            self.acted = [False] * self.n
            self.faced = [0] * self.n
            self.current_bet = 0
            self.min_raise = self.big_blind
            self.to_act = self._first_to_act(self.dealer)

    def _finish(self, showdown_):
        n = self.n
        live = [not f for f in self.folded]
        words = [None] * n
        if showdown_:
            self.street = SHOWDOWN
            board = [c for c in self.board if c != NO_CARD]
            words = [rank7(self.hole[s] + board) if live[s] else None for s in range(n)]
        st = settle(self.committed, live, words, self.dealer)
        for s in range(n):
            self.stacks[s] += st.payout[s]
        self._pot = 0
        self.to_act = self.no_seat
        self.result = HandResult(
            hand=self.hand_no, dealer=self.dealer, showdown=showdown_, board=tuple(self.board),
            words=tuple(words),
            descriptions=tuple(describe(w) if w is not None else None for w in words),
            pots=st.pots, refund=st.refund, won=st.won, payout=st.payout,
            winners=tuple(sorted({s for pot in st.pots for s in pot.winners})))
        self.busted = [s == 0 for s in self.stacks]
        self.phase = PHASE_GAME_OVER if sum(not b for b in self.busted) == 1 else PHASE_READY

