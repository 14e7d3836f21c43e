"""The dice table's hardware interface, defined once: command codes, the window (the table's
probe map, which the terminal program and the display read), the panel's switches, views and
LEDs. The RTL (pokerhdl/games/dice/table.py, dice/board.py), its terminal program and the tests take
them from here, so a wrong constant in the hardware fails a test instead of moving with it.
"""

from .game import DRAW, PHASE_BID, PHASE_THROW, PLAYERS

# commands (cmd_op[2]); op 3 does nothing and answers OK
OP_BID, OP_THROW, OP_NEW_GAME = range(3)
OP_BITS = 2
AMOUNT_BITS = 8                         # a typed bid saturates at 255 and is refused over 127
RESULT_BITS = 3
DIE_BITS = 3                            # dice_data = {die 1, die 2}, 3 bits each

# the window: address -> one value (per-player values at base + player)
W = dict(purse=0, bid=2, up=4, deposit=6, take=8, pool=10, round=11, first=12, bidder=13,
         phase=14, limit=15, least=16, die1=17, die2=18, sum=19, winner=20, last_bidder=21,
         taken=22, result=23, dice=24)
WINDOW_BITS = 5


def window_bits(rules):
    """Bits of a window value: a purse or the pool, and at least the switches (the terminal
    program tests the guess switch in the same accumulator)."""
    return max(rules.unit_bits, AMOUNT_BITS)
PER_PLAYER = ("purse", "bid", "up", "deposit", "take")


def window_reads(game, result):
    """{address: value} of every window address, predicted from a golden DiceGame and the last
    command's result code."""
    g = game
    values = dict(pool=g.pool, round=g.round, first=g.first, bidder=g.bidder, phase=g.phase,
                  limit=g.limit() if g.phase == PHASE_BID else 0,
                  least=g.least() if g.phase == PHASE_BID else 0,
                  die1=g.dice[0], die2=g.dice[1], sum=sum(g.dice), winner=g.winner,
                  last_bidder=g.last_bidder, taken=int(any(g.takes)), result=result,
                  dice=10 * g.dice[0] + g.dice[1])
    reads = {W[name]: value for name, value in values.items()}
    for p in range(PLAYERS):
        for name, value in (("purse", g.purses[p]), ("bid", g.bids[p]), ("up", int(g.ups[p])),
                            ("deposit", g.deposit(p)), ("take", int(g.takes[p]))):
            reads[W[name] + p] = value
    return reads


# the panel: SW[6:0] the bid, SW7 the guess (up); the display's views, cycled by up / down
BID_SWITCHES, GUESS_SWITCH = 7, 7
PANEL_SWITCHES = 8
VIEWS = ("purse", "purse", "pool", "bid", "bid", "dice")     # P1's, P2's, ... window names
VIEW_BITS = 3
VIEW_ADDRESSES = (W["purse"], W["purse"] + 1, W["pool"], W["bid"], W["bid"] + 1, W["dice"])

# LEDs: 0..1 whose turn to bid (both: throw), 2..3 the guesses shown (lit: up), 4..5 the
# winner at game over (both: a draw), 10..15 the view (one-hot)
LED_TURN, LED_GUESS, LED_WINNER, LED_VIEW = 0, 2, 4, 10
LEDS = 16


def panel_leds(game, view):
    """The 16 LEDs of the panel for a golden game and the view shown."""
    g = game
    turn = 0b11 if g.phase == PHASE_THROW else (1 << g.bidder if g.phase == PHASE_BID else 0)
    guesses = int(g.ups[0]) | int(g.ups[1]) << 1
    won = 0b11 if g.winner == DRAW else (1 << g.winner if g.winner < PLAYERS else 0)
    return turn << LED_TURN | guesses << LED_GUESS | won << LED_WINNER | 1 << (LED_VIEW + view)
