"""The Hold'em table's hardware interface, defined once: what the RTL, its terminal program and
the tests agree on beyond the golden engine's own codes (results, actions, phases and NO_SEAT
are in golden/holdem/table.py).

Tests take these from here, never from the RTL module they check, so a wrong constant in the
hardware fails a test instead of moving the test along with it.
"""

from dataclasses import dataclass

from .table import RESULT_TEXT

# command op codes (cmd_op[2]); OP_SIT takes cmd_seat and cmd_action 1 (sit out) or 0 (sit in)
OP_ACT, OP_DEAL, OP_NEW_GAME, OP_SIT = 0, 1, 2, 3

# the hardware's one refusal the golden engine answers with ValueError instead: a deal whose
# stream gave a code 52..63 or a card twice
REF_BAD_DECK = len(RESULT_TEXT)
BAD_DECK_TEXT = "bad deck"

BOARD_CARDS = 5

# seats of the hardware table (its seat fields and NO_SEAT are 3 bits, its seat ROMs sized for
# 4); the golden Table itself plays 2..10 (holdem.MAX_PLAYERS), e.g. the terminal game
HW_MAX_PLAYERS = 4

# probe window (probe_addr[8] -> probe_data[24] one clock later): base address of each
# observable; per-seat fields take one address a seat (hole: two), unused addresses read 0
PROBE = dict(stack=0x00, street_bet=0x08, committed=0x10, flags=0x18, hole=0x20, board=0x30,
             word=0x38, payout=0x40, refund=0x48, pot=0x50, current_bet=0x51, to_call=0x52,
             min_raise=0x53, min_raise_to=0x54, to_act=0x55, street=0x56, phase=0x57,
             dealer=0x58, sb_seat=0x59, bb_seat=0x5A, hand_no=0x5B, winners=0x5C,
             showdown=0x5D, game_winner=0x5E, last_code=0x5F)

# bits of a seat's flags word (PROBE["flags"] + seat): out is busted, sitting is sitting out
FLAG_FOLDED, FLAG_ALL_IN, FLAG_OUT, FLAG_SITTING = range(4)


def chip_width(players, stack, big_blind):
    """Bits for any chip figure: a stack, a bet or the pot never exceed the total, and the bet
    to match never exceeds the big blind when the total is smaller."""
    return max(players * stack, big_blind).bit_length()


@dataclass(frozen=True)
class Rules:
    """The four parameters of a table (golden holdem.Table's), passed as one value through the
    table, its terminal and its board game."""
    players: int = 2
    stack: int = 1000
    small_blind: int = 5
    big_blind: int = 10

    @property
    def chip_bits(self):
        return chip_width(self.players, self.stack, self.big_blind)
