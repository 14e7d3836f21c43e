"""board_eval against golden rank_on_board (rank7 of board and hole cards): eval7's traps split
into board and hole cards every possible way, directed boards (flush on the board, a flush
needing both hole cards, wheels, straight flushes through the hole cards, quads and trips on
the board, full houses to choose), random trials back to back and with idle clocks, bad codes
and duplicates in every slot, a card two players share, reset; for 2 players (the committed
top), 1 and 9; and the logic depth of the 9-player top after yosys synth_xilinx."""

import os
import random
from collections import deque
from itertools import combinations

import pytest

import cocotb
from cocotb.triggers import RisingEdge

from clocked import ClockedTB
from harness import in_turns, param, run_block
from pipeline_checks import reset_drops_in_flight
from hand_stream import TRAPS
from pipeline_checks import PIPELINE_BUDGET
from pokerhdl.flow.generate import convert_one
from pokerhdl.flow.synth import synth_stats
from pokerhdl.golden import NO_CARD, CardError, card_text, parse_cards
from pokerhdl.golden.hands import BOARD_EVAL_LATENCY as LATENCY, rank_on_board

BOARD = 5
WORD = 24
# random trials per run (each is one clock and `players` hands): Icarus is the slower
RANDOM_TRIALS = {"verilog": 5_000, "vhdl": 10_000, "gates": 1_000}     # gates: the netlist

# boards and hole cards that take the evaluator's shortcuts (board: five cards, then hole
# cards of several players)
DIRECTED = [
    ("2h 5h 9h Jh Kh", ["Ah 3c", "Qh Th", "2c 2d", "3h 4h", "Ad Ac"]),      # flush on the board
    ("2h 5h 9h Jc Kd", ["Ah 3h", "Ah 3c", "Qh Qd", "3h 4h", "Th 8h"]),      # three on the board
    ("2h 5h 9h Jh Kd", ["Ah 3c", "3c 4c", "Jd Jc", "Qh Th", "Kh Ks"]),      # four on the board
    ("Ah 2c 3d 4s Kh", ["5c 9d", "5h 6h", "6c 7c", "Kd Kc", "As 5d"]),      # wheels
    ("6h 7h 8h Kc Kd", ["9h Th", "4h 5h", "9h 5h", "Ks Kh", "9c Tc"]),      # straight flushes
    ("Ah 2h 3h 4h Kd", ["5h 6c", "5h 6h", "5c 6h", "Ac Ad", "Qh Jh"]),      # steel wheel
    ("9s 9h 9d 9c 2h", ["Ah Kh", "2c 2d", "3c 4c", "As Ks", "Th Jh"]),      # quads on the board
    ("9s 9h 9d 2c 2h", ["Ah Kh", "2d 3c", "9c 5c", "As Ad", "2s Ah"]),      # full houses
    ("9s 9h 5d 5c 2h", ["9d 5h", "9d 2c", "5h 2c", "Ks Kd", "2s 2d"]),      # trips, two of them
    ("As Ad Ks Kd 2c", ["Qs Qd", "2s 3d", "3c 3d", "Qh Jh", "Ah Kh"]),      # three pairs
    ("Ts Jh Qd Kc 2s", ["As 9d", "As Ad", "9c 8c", "3c 4d", "Ac Kh"]),      # broadway
    ("2c 4d 7h 9s Jc", ["Kd 3s", "Qs 8h", "2d 4c", "Jd Jh", "5c 6d"]),      # high card, pairs
]


def expect(board, hole):
    """(word, invalid) that player's ports must show, from golden rank_on_board."""
    try:
        return rank_on_board(board, hole), 0
    except CardError:
        return 0, 1


def trap_trials(players, rng):
    """Every trap of test_eval7 with every 2 of its 7 cards as one player's hole cards (that
    player in turn), the board in a random order, the other players dealt from the rest."""
    trials = []
    for text in TRAPS:
        cards = parse_cards(text)
        for k, hole in enumerate(combinations(range(7), 2)):
            board = [c for i, c in enumerate(cards) if i not in hole]
            rest = rng.sample([c for c in range(52) if c not in cards], 2 * players)
            holes = [(rest[2 * p], rest[2 * p + 1]) for p in range(players)]
            holes[k % players] = (cards[hole[k % 2]], cards[hole[1 - k % 2]])
            trials.append((tuple(rng.sample(board, BOARD)), holes))
    return trials


def directed_trials(players, rng):
    trials = []
    for board_text, holes_text in DIRECTED:
        board = tuple(parse_cards(board_text))
        holes = [tuple(parse_cards(h)) for h in holes_text]
        for k in range(len(holes)):
            chosen = [holes[(k + p) % len(holes)] for p in range(players)]
            trials.append((board, chosen))
            trials.append((tuple(rng.sample(board, BOARD)), [h[::-1] for h in chosen]))
    return trials


def random_trial(rng, players, share=0.0):
    """A board and ``players`` pairs dealt from one deck; with probability ``share`` two
    players hold one card alike (not a bad hand: each player's seven are ranked alone)."""
    deck = rng.sample(range(52), BOARD + 2 * players)
    board, rest = tuple(deck[:BOARD]), deck[BOARD:]
    holes = [(rest[2 * p], rest[2 * p + 1]) for p in range(players)]
    if players > 1 and rng.random() < share:
        a, b = rng.sample(range(players), 2)
        holes[b] = (holes[a][rng.randrange(2)], holes[b][1])
    return board, holes


def bad_trials(rng, players):
    """An invalid code (52..62) or NO_CARD in every board and hole slot, a board card given
    twice, a hole card that is a board card, a pair of one card, for each player."""
    trials = []
    for slot in range(BOARD + 2):
        for code in [NO_CARD] + list(range(52, 63)):
            board, holes = random_trial(rng, players)
            p = rng.randrange(players)
            if slot < BOARD:
                board = board[:slot] + (code,) + board[slot + 1:]
            else:
                holes[p] = (code, holes[p][1]) if slot == BOARD else (holes[p][0], code)
            trials.append((board, holes))
    for a, b in combinations(range(BOARD), 2):
        board, holes = random_trial(rng, players)
        board = list(board)
        board[b] = board[a]
        trials.append((tuple(board), holes))
    for p in range(players):
        for i in range(BOARD):
            for k in range(2):
                board, holes = random_trial(rng, players)
                hole = list(holes[p])
                hole[k] = board[i]
                holes[p] = tuple(hole)
                trials.append((board, holes))
        board, holes = random_trial(rng, players)
        holes[p] = (holes[p][0], holes[p][0])
        trials.append((board, holes))
    return trials


class Bench(ClockedTB):
    """Clock, reset and an in-order scoreboard for board_eval with ``players`` players."""

    def __init__(self, dut, players):
        self.players = players
        self.board = [getattr(dut, f"board{i}") for i in range(BOARD)]
        super().__init__(dut, idle={"in_valid": 0, "holes": (1 << 12 * players) - 1,
                                    **{f"board{i}": NO_CARD for i in range(BOARD)}})

    async def start(self):
        await self.reset(clocks=3, settle=1, idle=True)

    def drive(self, board, holes):
        for port, code in zip(self.board, board):
            port.value = code
        packed = 0
        for p, (a, b) in enumerate(holes):
            packed |= (a | b << 6) << 12 * p
        self.dut.holes.value = packed

    def answers(self):
        words, invalid = int(self.dut.words.value), int(self.dut.invalid.value)
        return [(words >> WORD * p & (1 << WORD) - 1, invalid >> p & 1)
                for p in range(self.players)]

    async def run(self, trials, gap=0.0, rng=None, label=""):
        """Drive ``trials`` ((board, holes) each) one per clock unless a random idle clock
        (probability ``gap``, garbage on the inputs) comes first; every player's answer must
        equal golden's, in order, exactly LATENCY clocks after its trial. Returns the number
        of trials checked."""
        rng = rng or random.Random(1)
        dut = self.dut
        edge = RisingEdge(dut.clk)
        pending = deque()
        trials = iter(trials)
        upcoming = next(trials, None)
        clock = checked = 0
        while upcoming is not None or pending:
            await edge
            clock += 1
            if int(dut.out_valid.value):
                assert pending, f"{label}: out_valid with no trial in flight (clock {clock})"
                driven, board, holes = pending.popleft()
                got = self.answers()
                want = [expect(board, hole) for hole in holes]
                assert got == want, (f"{label}: board {_cards(board)} holes "
                                     f"{[_cards(h) for h in holes]}: got {_show(got)}, "
                                     f"expected {_show(want)}")
                assert clock - driven == LATENCY + 1, (
                    f"{label}: answered {clock - driven - 1} clocks late")
                checked += 1
            elif pending:
                assert clock - pending[0][0] <= LATENCY + 1, f"{label}: trial not answered"
            if upcoming is not None and not (gap and rng.random() < gap):
                board, holes = upcoming
                self.drive(board, holes)
                dut.in_valid.value = 1
                pending.append((clock, board, holes))
                upcoming = next(trials, None)
            else:
                dut.in_valid.value = 0
                if gap:
                    self.drive([rng.randrange(64) for _ in range(BOARD)],
                               [(rng.randrange(64), rng.randrange(64))
                                for _ in range(self.players)])
        dut.in_valid.value = 0
        for _ in range(LATENCY + 2):
            await edge
            assert not int(dut.out_valid.value), f"{label}: out_valid with no trial in flight"
        return checked


def _cards(codes):
    return " ".join(card_text(c) if 0 <= c < 52 else str(c) for c in codes)


def _show(answers):
    return ", ".join(f"(0x{w:06x}, {i})" for w, i in answers)


async def check(dut, trials, gap=0.0, seed=1, label=""):
    bench = Bench(dut, param("players", 2))
    await bench.start()
    checked = await bench.run(trials, gap=gap, rng=random.Random(seed), label=label)
    assert checked == len(trials)
    dut._log.info("%s: %d trials checked", label, checked)


@cocotb.test()
async def traps_split_every_way(dut):
    players = param("players", 2)
    await check(dut, trap_trials(players, random.Random(7)), label="traps")


@cocotb.test()
async def directed_boards(dut):
    players = param("players", 2)
    await check(dut, directed_trials(players, random.Random(5)), label="directed boards")


@cocotb.test()
async def random_trials_back_to_back(dut):
    """A trial every clock, some with a card two players share: every answer in order,
    LATENCY clocks late (II = 1)."""
    players = param("players", 2)
    rng = random.Random(2024 + players)
    count = int(os.environ.get("BOARD_EVAL_TRIALS", "2000"))
    await check(dut, [random_trial(rng, players, share=0.1) for _ in range(count)],
                label="random trials")


@cocotb.test()
async def bad_input_everywhere(dut):
    """Bad codes and duplicates in every slot, mixed with good trials (a stuck invalid
    would show), with idle clocks."""
    players = param("players", 2)
    rng = random.Random(13)
    trials = bad_trials(rng, players) + [random_trial(rng, players) for _ in range(200)]
    rng.shuffle(trials)
    await check(dut, trials, gap=0.2, label="bad input")


@cocotb.test()
async def reset_drops_trials_in_flight(dut):
    """After reset the outputs are 0; a reset mid-stream cancels every trial in flight."""
    players = param("players", 2)
    bench = Bench(dut, players)
    await bench.start()
    assert (int(dut.out_valid.value), int(dut.words.value), int(dut.invalid.value)) == (0, 0, 0)
    rng = random.Random(3)
    await reset_drops_in_flight(dut, lambda _: bench.drive(*random_trial(rng, players)),
                                LATENCY, "trial")
    trials = [random_trial(rng, players) for _ in range(50)]
    assert await bench.run(trials, label="after reset") == len(trials)


@pytest.mark.parametrize("hdl,players", in_turns([pytest.param(1, id="1"),
                                                  pytest.param(9, id="9"),
                                                  pytest.param(2, id="2", marks=pytest.mark.deep)]))
def test_board_eval(hdl, players):
    """One player and nine, a language each; the deep stage two and the other languages."""
    trials = RANDOM_TRIALS[hdl] // players if players > 2 else RANDOM_TRIALS[hdl]
    run_block("board_eval", hdl, __name__, params={"players": players},
              extra_env={"BOARD_EVAL_TRIALS": str(trials)})


@pytest.mark.synth
@pytest.mark.deep_only          # CI: the committed top's budget (test_generated)
@pytest.mark.parametrize("players", [1, 9])
def test_logic_levels(players, tmp_path):
    """Other numbers of players keep the depth budget of the committed top (checked by
    test_generated.test_yosys_synth_xilinx): no path between registers longer than
    PIPELINE_BUDGET cells after yosys synth_xilinx, no carry chain."""
    convert_one("board_eval", "verilog", tmp_path, {"players": players})
    stats = synth_stats(str(tmp_path / "board_eval.v"), "board_eval")
    assert stats["CARRY4"] == 0, stats
    assert 0 < stats["levels"] <= PIPELINE_BUDGET["board_eval"], stats
