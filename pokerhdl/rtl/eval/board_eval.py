"""board_eval: every player's rank word for one board, the board's part worked out once.

In a Hold'em trial every player's seven cards share the five board cards. eval7 ranks any
seven cards, so N players take N eval7, each decoding the board again. Here the board is
summarized once per trial (rtl/eval/board_summary.py: the rank counts, the one suit that can still
make a flush) and each player folds two hole cards into that summary (rtl/eval/player_eval.py).

One trial (a board and N players' hole cards) enters every clock; the answers leave LATENCY
clocks later. Stage 0 registers the codes; stage 1 is the board's summary and each player's
check of its hole cards; stages 2..4 are each player's (player_eval.py lists them).

What it assumes, and what it answers when that fails: the board is five real cards and each
player holds two: a code 52..62 or NO_CARD in any of a player's seven slots, or a card given
twice among them, makes that player's answer invalid (word 0), as eval7 answers a seven-card
hand with a bad code or a duplicate (eval7 would rank a hand with empty slots; this block
does not). A card two players both hold is not checked (each player's hand is ranked on its
own, as with one eval7 per player).
"""

from myhdl import (block, always, always_comb, always_seq, concat, ConcatSignal, instances,
                   intbv, ResetSignal, Signal)

from ...golden.hands import BOARD_EVAL_LATENCY, WORD_BITS
from .board_summary import BOARD, BoardSummary, board_summary

from ..pipe import pipe_reg
from .player_eval import player_eval
from ..signals import flag, unsigned

__all__ = ["board_eval", "board_eval_top", "LATENCY"]

LATENCY = BOARD_EVAL_LATENCY     # in_valid high in clock cycle c: out_valid high in c + LATENCY
MAX_PLAYERS = 10


@block
def board_eval(clk, rst, board, holes, in_valid, words, invalid, out_valid):
    """Rank words of N players sharing a board, pipelined: a new trial every clock.

    board: list of 5 card codes (6 bits, rank << 2 | suit), the board;
    holes: list of 2N card codes, player p's hole cards at 2p and 2p + 1;
    in_valid: the cards form a trial to rank this clock;
    words: list of N rank words (24 bits, docs/spec.md), player p's of the board and its two cards,
        0 when invalid;
    invalid: list of N flags: a code 52..62 or NO_CARD among the player's seven cards, or a
        card given twice among them;
    out_valid: words and invalid answer the trial given LATENCY (5) clocks earlier. Outputs
        hold their last answer while out_valid is low, and are 0 after reset.
    """
    players = len(words)
    assert len(board) == BOARD and len(holes) == 2 * players == 2 * len(invalid)
    assert 1 <= players <= MAX_PLAYERS

    board_in = ConcatSignal(*reversed(board))
    holes_in = [ConcatSignal(holes[2 * p + 1], holes[2 * p]) for p in range(players)]
    s0_board = unsigned(6 * BOARD)
    s0_holes = [unsigned(12) for _ in range(players)]
    summary = BoardSummary()
    summarize = board_summary(clk, s0_board, summary)

    valids = unsigned(LATENCY)       # bit i: pipeline stage i holds a trial
    answer_now = flag()

    @always_seq(clk.posedge, reset=rst)
    def advance():
        valids.next = concat(valids[LATENCY - 1:0], in_valid)

    @always(clk.posedge)
    def take_board():
        s0_board.next = board_in

    take_holes = [pipe_reg(clk, h, s) for h, s in zip(holes_in, s0_holes)]
    evaluate = [player_eval(clk, rst, s0_board, s0_holes[p], summary, answer_now, words[p],
                            invalid[p])
                for p in range(players)]

    @always_comb
    def drive():
        answer_now.next = valids[LATENCY - 2]
        out_valid.next = valids[LATENCY - 1]

    return instances()


@block
def board_eval_ports(clk, rst, board0, board1, board2, board3, board4, holes, in_valid,
                     words, invalid, out_valid):
    """Rank words of N players sharing a board, pipelined: a new trial every clock.

    board0..board4[6]: the board's card codes (rank << 2 | suit);
    holes[12 N]: player p's hole cards at bits 12p .. 12p+5 and 12p+6 .. 12p+11;
    in_valid: the cards form a trial to rank this clock;
    words[24 N]: player p's rank word (docs/spec.md) at bits 24p .. 24p+23, 0 when invalid;
    invalid[N]: bit p: a code 52..62 or NO_CARD (63) among player p's seven cards, or a card
        given twice among them (the board must be five real cards, each player's two);
    out_valid: words and invalid answer the trial given LATENCY (5) clocks earlier; they hold
        their values otherwise and are 0 after reset.
    """
    players = len(invalid)
    cards = [holes(6 * k + 6, 6 * k) for k in range(2 * players)]
    player_words = [unsigned(WORD_BITS) for _ in range(players)]
    player_invalid = [flag() for _ in range(players)]
    core = board_eval(clk, rst, [board0, board1, board2, board3, board4], cards, in_valid,
                      player_words, player_invalid, out_valid)
    if players == 1:
        only_word, only_invalid = player_words[0], player_invalid[0]

        @always_comb
        def pack():
            words.next = only_word
            invalid.next[0] = only_invalid

        return core, pack

    words_out = ConcatSignal(*reversed(player_words))
    invalid_out = ConcatSignal(*reversed(player_invalid))

    @always_comb
    def pack():
        words.next = words_out
        invalid.next = invalid_out

    return core, pack


def board_eval_top(players=2):
    """board_eval for ``players`` (1..10) with fresh port signals, for conversion."""
    if not 1 <= players <= MAX_PLAYERS:
        raise ValueError(f"board_eval takes 1 to {MAX_PLAYERS} players, not {players}")
    board = {f"board{i}": Signal(intbv(63)[6:]) for i in range(BOARD)}
    return board_eval_ports(clk=Signal(bool(0)), rst=ResetSignal(0, active=1, isasync=False),
                            holes=Signal(intbv(2 ** (12 * players) - 1)[12 * players:]),
                            in_valid=Signal(bool(0)),
                            words=Signal(intbv(0)[WORD_BITS * players:]),
                            invalid=Signal(intbv(0)[players:]), out_valid=Signal(bool(0)),
                            **board)
