"""The Monte Carlo loop of the equity engine in C (native.c), for the CPU backend: the
counts of golden/equity/readable.py's monte_carlo, tens of times faster than numpy.

The C file is compiled on first use with the system's C compiler (``cc``, or $CC; -march=native
where it takes it) into the cache folder (fast_rank.cache_dir()), keyed by its content and the
CPU; without a compiler
``available()`` is False and the calculator falls back to numpy (golden/equity/fast.py). Lanes
run on every core: ctypes lets go of the GIL while C runs, so a thread per lane group suffices.
"""

import ctypes
import hashlib
import os
import platform
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from pathlib import Path

import numpy as np

from ..golden import fast_rank
from ..golden.equity.readable import Result, check_monte_carlo
from ..golden.equity.deal import lane_trials, run_base, slot_words
from ..golden.shuffle import MASK_ROM

SOURCE = Path(__file__).with_name("native.c")
CHUNK = 1 << 20             # trials per call, between progress reports
RANDOM_SEAT = 255
P8, P16, P32, P64 = (ctypes.POINTER(t) for t in (ctypes.c_uint8, ctypes.c_uint16,
                                                  ctypes.c_uint32, ctypes.c_uint64))


class Tables(ctypes.Structure):
    _fields_ = [("card_keys", P64), ("first_keys", P64), ("flush_bit", P64), ("rank_bit", P16),
                ("displace", P32), ("by_ranks", P32), ("by_flush", P32), ("mask_rom", P8)]


def compiler():
    return os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")


def _cpu():
    """What the compiled code depends on besides its source: -march=native builds for this CPU."""
    flags = ""
    try:
        flags = next((line for line in Path("/proc/cpuinfo").read_text().splitlines()
                      if line.startswith("flags")), "")
    except OSError:
        pass
    return f"{platform.machine()} {flags}".encode()


@lru_cache(maxsize=1)
def _library():
    """The compiled kernel, or None when there is no C compiler (or it fails)."""
    cc = compiler()
    if not cc:
        return None
    code = SOURCE.read_bytes()
    key = hashlib.sha1(code + _cpu()).hexdigest()[:16]
    target = fast_rank.cache_dir() / f"equity_native-{key}.so"
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=target.parent) as work:
            built = Path(work) / target.name
            for flags in (["-O3", "-march=native"], ["-O3"]):
                done = subprocess.run([cc, *flags, "-shared", "-fPIC", "-o", str(built),
                                       str(SOURCE)], capture_output=True, text=True)
                if not done.returncode:
                    break
            else:
                return None
            os.replace(built, target)
    lib = ctypes.CDLL(str(target))
    lib.stream_states.restype = None
    lib.stream_states.argtypes = [P32, ctypes.c_int, P8, ctypes.c_int, P32]
    lib.equity_lanes.restype = ctypes.c_uint64
    lib.equity_lanes.argtypes = [ctypes.POINTER(Tables), ctypes.c_int, P8, P8, ctypes.c_int, P8,
                                 ctypes.c_int, ctypes.c_int, P8, P32, ctypes.c_int,
                                 ctypes.c_uint64, P64, P64, P64]
    lib.equity_symmetries.restype = ctypes.c_int
    lib.equity_symmetries.argtypes = [ctypes.c_int, P8, P8, ctypes.c_int, P8, ctypes.c_int]
    lib.equity_exact.restype = ctypes.c_uint64
    lib.equity_exact.argtypes = [ctypes.POINTER(Tables), ctypes.c_int, P8, P8, ctypes.c_int, P8,
                                 ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int, P64,
                                 P64, P64]
    lib.equity_lane.restype = ctypes.c_uint64
    lib.equity_lane.argtypes = [ctypes.POINTER(Tables), ctypes.c_int, P8, P8, ctypes.c_int, P8,
                                ctypes.c_int, ctypes.c_int, P8, P32, ctypes.c_uint64, P64, P64,
                                P64]
    return lib


def available():
    return _library() is not None


@lru_cache(maxsize=1)
def _tables():
    """The evaluator's tables as C sees them (the arrays are kept alive with the struct)."""
    rank_hash = fast_rank._rank_hash(7)
    arrays = dict(
        card_keys=np.ascontiguousarray(fast_rank._CARD_KEYS, dtype=np.uint64),
        first_keys=np.ascontiguousarray(fast_rank._FIRST_CARD_KEYS, dtype=np.uint64),
        flush_bit=np.ascontiguousarray(fast_rank._FLUSH_BIT_OF_CARD, dtype=np.uint64),
        rank_bit=np.ascontiguousarray(fast_rank._RANK_BITS, dtype=np.uint16),
        displace=np.ascontiguousarray(rank_hash.displace, dtype=np.uint32),
        by_ranks=np.ascontiguousarray(rank_hash.words, dtype=np.uint32),
        by_flush=np.ascontiguousarray(fast_rank._flush_table(), dtype=np.uint32),
        mask_rom=np.array(MASK_ROM, dtype=np.uint8))
    pointers = {name: a.ctypes.data_as(dict(Tables._fields_)[name]) for name, a in arrays.items()}
    return Tables(**pointers), arrays


EXACT_PARTS = 48            # the parts an exact run is cut into (threads, progress)


def exact(setup, progress=None, threads=None, symmetry=True):
    """golden.equity.readable.exact's counts by the C kernel (equity_exact in native.c): every board
    once, its part of the keys shared by the players, every hand it leaves ranked once, the
    last random seat counted instead of dealt; with random seats, one board of each orbit of
    the suit permutations that keep the known cards, counted its orbit's size times
    (symmetry=False: every board, for the tests). RuntimeError when the kernel is not
    available."""
    from ..golden.equity.fast import exact_count
    lib = _library()
    if lib is None:
        raise RuntimeError("no C compiler for the native equity kernel (set CC)")
    tables, _ = _tables()
    players = setup.players()
    holes, board, remaining = _known(setup)
    total = exact_count(setup)
    # parts: by the first board card's position, or with the board known by the first random
    # seat's hand; a setup with neither is one completion
    parts = EXACT_PARTS if len(setup.board) < 5 or setup.random_seats() else 1
    done = []

    def run_part(part):
        counts = np.zeros((3, players), dtype=np.uint64)
        n = lib.equity_exact(ctypes.byref(tables), players, holes.ctypes.data_as(P8),
                             board.ctypes.data_as(P8), len(setup.board),
                             remaining.ctypes.data_as(P8), len(remaining), part, parts,
                             int(symmetry), *(counts[i].ctypes.data_as(P64) for i in range(3)))
        done.append(n)
        if progress:
            progress(sum(done), total)
        return n, counts

    threads = threads or (1 if total < 500_000 else min(parts, os.cpu_count() or 1))
    if threads == 1:
        runs = list(map(run_part, range(parts)))
    else:
        with ThreadPoolExecutor(threads) as pool:
            runs = list(pool.map(run_part, range(parts)))
    trials = sum(n for n, _ in runs)
    totals = sum(c for _, c in runs)
    if trials != total:
        raise RuntimeError(f"the exact kernel counted {trials:,} completions, not {total:,}")
    return Result(players, trials, *(list(map(int, row)) for row in totals))


def symmetries(setup):
    """The suit permutations that keep the setup's known cards (each hand, the board, the dead
    cards) as they are: the exact kernel's orbits are of these."""
    lib = _library()
    holes, board, remaining = _known(setup)
    return lib.equity_symmetries(setup.players(), holes.ctypes.data_as(P8),
                                 board.ctypes.data_as(P8), len(setup.board),
                                 remaining.ctypes.data_as(P8), len(remaining))


def stream_states(seed, lanes, slots):
    """The xorshift128 starting words of every (lane, slot) stream of a run, as an array
    (lanes, len(slots), 4) of uint32: golden/equity/deal.py's seed_words(stream_seed(seed,
    lane, slot)) for all of them at once, mixed in C (``stream_states`` in native.c; the
    readable mix costs milliseconds a run of 16 lanes, which a range's many small runs feel)."""
    base = np.array(run_base(seed), dtype=np.uint32)
    slots = _u8(list(slots) or [0])
    out = np.zeros((lanes, len(slots), 4), dtype=np.uint32)
    _library().stream_states(base.ctypes.data_as(P32), lanes, slots.ctypes.data_as(P8),
                             len(slots), out.ctypes.data_as(P32))
    return out


def _known(setup):
    """The setup as the kernel takes it: every seat's two cards (RANDOM_SEAT twice for a random
    one), the board, the cards left to deal, as uint8 arrays."""
    holes = _u8([c for hand in [setup.hero] + list(setup.opponents)
                 for c in (hand or (RANDOM_SEAT, RANDOM_SEAT))])
    return holes, _u8(setup.board), _u8(setup.remaining())


def _u8(values):
    return np.ascontiguousarray(values, dtype=np.uint8)


def monte_carlo(setup, trials, seed, lanes=1, progress=None, threads=None):
    """golden.equity.readable.monte_carlo's counts (RuntimeError when the kernel is not available)."""
    lib = _library()
    if lib is None:
        raise RuntimeError("no C compiler for the native equity kernel (set CC)")
    check_monte_carlo(trials, seed, lanes)
    tables, _ = _tables()
    players = setup.players()
    holes, board, remaining = _known(setup)
    slots = setup.dealt_slots()
    unknown = len(slots)
    words = _u8([slot_words(s) for s in slots] or [0])     # per dealt slot, a trial's words
    done = []

    busy = min(lanes, trials)           # lanes past the trials count none: not seeded, not run
    all_states = stream_states(seed, busy, slots)
    fixed = (ctypes.byref(tables), players, holes.ctypes.data_as(P8), board.ctypes.data_as(P8),
             len(setup.board), remaining.ctypes.data_as(P8), len(remaining), unknown,
             words.ctypes.data_as(P8))

    def run_lane(lane):
        states = all_states[lane]           # a C-contiguous row of the C-contiguous array
        counts = np.zeros((3, players), dtype=np.uint64)
        out = [counts[i].ctypes.data_as(P64) for i in range(3)]
        left = lane_trials(trials, lanes, lane)
        while left:
            n = min(left, CHUNK)
            lib.equity_lane(*fixed, states.ctypes.data_as(P32), n, *out)
            left -= n
            done.append(n)
            if progress:
                progress(sum(done), trials)
        return counts

    threads = threads or min(busy, os.cpu_count() or 1)
    if threads == 1 and trials <= CHUNK:
        # a small run (a range's setup): every lane in one call
        counts = np.zeros((3, players), dtype=np.uint64)
        lib.equity_lanes(*fixed, all_states.ctypes.data_as(P32), lanes, trials,
                         *(counts[i].ctypes.data_as(P64) for i in range(3)))
        if progress:
            progress(trials, trials)
        return Result(players, trials, *(list(map(int, row)) for row in counts))
    if threads == 1:                    # no pool: its hand-offs cost more than a small run
        totals = sum(map(run_lane, range(busy)))
    else:
        with ThreadPoolExecutor(threads) as pool:
            totals = sum(pool.map(run_lane, range(busy)))
    return Result(players, trials, *(list(map(int, row)) for row in totals))
