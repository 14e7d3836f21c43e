"""The equity engine in C (native.c), for the CPU backend: the counts of
golden/equity/readable.py's monte_carlo and exact, a hundred times faster than numpy, and the
7-card evaluator they rank with (``rank7_words``: golden rank7's words).

The C file is compiled on first use with the system's C compiler (``cc``, or $CC; -march=native
where it takes it) into the cache folder (golden/cache.py), keyed by its content and the
CPU; without a compiler
``available()`` is False and the calculator falls back to numpy (golden/equity/fast.py). Lanes
run on every core: ctypes lets go of the GIL while C runs, so a thread per lane group suffices.
"""

import ctypes
import hashlib
import json
import os
import platform
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from pathlib import Path

from ..golden.cache import cache_dir
from ..golden.equity.completions import exact_count
from ..golden.equity.readable import Result, check_monte_carlo
from ..golden.equity.deal import deal_units, lane_trials, run_base, slot_words
from ..golden.shuffle import MASK_ROM

SOURCE = Path(__file__).with_name("native.c")
CHUNK = 1 << 20             # trials per call, between progress reports
RANDOM_SEAT = 255
P8, P16, P32, P64 = (ctypes.POINTER(t) for t in (ctypes.c_uint8, ctypes.c_uint16,
                                                  ctypes.c_uint32, ctypes.c_uint64))


class Tables(ctypes.Structure):
    _fields_ = [("card_key", P64), ("card_mask", P64), ("displace", P32), ("ranks", P16),
                ("flush", P16), ("words", P32), ("mask_rom", P8)]


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
    target = cache_dir() / f"equity_native-{key}.so"
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
    lib.rank7_words.restype = None
    lib.rank7_words.argtypes = [ctypes.POINTER(Tables), P8, ctypes.c_uint64, P32]
    for name in ("bench_random", "bench_random_foreign", "bench_sequential",
                 "bench_sequential_foreign"):
        getattr(lib, name).restype = ctypes.c_uint64
    lib.bench_random.argtypes = [ctypes.POINTER(Tables), P8, ctypes.c_uint64]
    lib.bench_random_foreign.argtypes = [ctypes.c_void_p, P8, ctypes.c_uint64]
    lib.bench_sequential.argtypes = [ctypes.POINTER(Tables), P64]
    lib.bench_sequential_foreign.argtypes = [ctypes.c_void_p]
    return lib


def available():
    return _library() is not None


TABLES_FORMAT = 3           # the layout the table file has; a new one builds them again
# the tables in the file, in order: (name, ctypes type)
TABLE_TYPES = (("card_key", ctypes.c_uint64), ("card_mask", ctypes.c_uint64),
               ("displace", ctypes.c_uint32), ("ranks", ctypes.c_uint16),
               ("flush", ctypes.c_uint16), ("words", ctypes.c_uint32))
GOLDEN = Path(__file__).resolve().parent.parent / "golden"


def _class_tables():
    """The evaluator's tables (native.c's tables_t) as numpy arrays, derived from
    golden/fast_rank.py's, which are built by calling rank7: the same rank hash (rank-key sums
    -> slots) holding 16-bit classes instead of words, the flush table likewise, and
    words[class] the golden word; classes number the distinct words in increasing order, so
    they compare as the words do."""
    import numpy as np
    from ..golden import fast_rank
    rank_hash = fast_rank._rank_hash(7)
    by_flush = fast_rank._flush_table()
    _, sums = fast_rank._rank_sums(7)
    used = np.concatenate([rank_hash.lookup(sums.astype(np.uint64)),
                           by_flush[fast_rank._flush_masks(7)]])
    words = np.unique(used).astype(np.uint32)
    if len(words) > 1 << 16:
        raise AssertionError(f"{len(words)} distinct words do not fit 16-bit classes")

    def classes(table):     # slots no hand reads take class 0
        found = np.minimum(np.searchsorted(words, table), len(words) - 1)
        return np.where(words[found] == table, found, 0).astype(np.uint16)
    return dict(
        card_key=np.array([fast_rank.RANK_KEYS[c >> 2] << 32 | 1 << 4 * (c & 3)
                           for c in range(52)], dtype=np.uint64),
        card_mask=np.array([1 << (16 * (c & 3) + (c >> 2)) for c in range(52)], dtype=np.uint64),
        displace=rank_hash.displace.astype(np.uint32),
        ranks=classes(rank_hash.words), flush=classes(by_flush), words=words)


def _table_file():
    """The tables' file in the cache folder, keyed by the golden evaluator's source: a JSON
    head (each table's length and offset) and the tables, read back with ctypes alone, so a
    command does not import numpy (a tenth of a second) nor rebuild them (building the flush
    table calls rank7 4,719 times: a fifth of a second)."""
    source = ((GOLDEN / "fast_rank.py").read_bytes() + (GOLDEN / "hands.py").read_bytes()
              + str(TABLES_FORMAT).encode())
    return cache_dir() / f"equity-classes-{hashlib.sha1(source).hexdigest()[:16]}.bin"


def _pack_tables(arrays):
    """The file's bytes of ``arrays`` (name -> numpy array, TABLE_TYPES' names)."""
    head, body, offset = {}, [], 0
    for name, _ in TABLE_TYPES:
        data = arrays[name].tobytes()
        head[name] = [len(arrays[name]), offset]
        body.append(data + bytes(-len(data) % 8))
        offset += len(body[-1])
    text = json.dumps(head).encode()
    text += b" " * (-(len(text) + 8) % 8)
    return len(text).to_bytes(8, "little") + text + b"".join(body)


def _unpack_tables(data):
    """name -> ctypes array of the tables in ``data`` (the file's bytes), sharing one buffer."""
    size = int.from_bytes(data[:8], "little")
    head = json.loads(data[8:8 + size])
    buffer = (ctypes.c_char * len(data)).from_buffer_copy(data)
    start = 8 + size
    return {name: (kind * head[name][0]).from_buffer(buffer, start + head[name][1])
            for name, kind in TABLE_TYPES}


@lru_cache(maxsize=1)
def _tables():
    """The evaluator's tables as C sees them, and name -> the ctypes arrays (kept alive with
    the struct): from the cache folder's file, built (with numpy) and written when missing."""
    path = _table_file()
    try:
        data = path.read_bytes()
    except OSError:
        data = _pack_tables(_class_tables())
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".bin", delete=False) as f:
                f.write(data)
            os.replace(f.name, path)
        except OSError:
            pass                # a read-only home: build again next time
    arrays = _unpack_tables(data)
    arrays["mask_rom"] = (ctypes.c_uint8 * len(MASK_ROM))(*MASK_ROM)
    pointers = {name: ctypes.cast(a, dict(Tables._fields_)[name]) for name, a in arrays.items()}
    return Tables(**pointers), arrays


def rank7_words(hands):
    """The golden rank7 words of an (N, 7) array of card codes (distinct in a hand, trusted),
    by the kernel's evaluator: a uint32 array."""
    lib = _library()
    if lib is None:
        raise RuntimeError("no C compiler for the native equity kernel (set CC)")
    import numpy as np
    tables, _ = _tables()
    hands = np.ascontiguousarray(hands, dtype=np.uint8)
    if hands.ndim != 2 or hands.shape[1] != 7:
        raise ValueError(f"hands must be an array of shape (N, 7), got {hands.shape}")
    out = np.empty(len(hands), dtype=np.uint32)
    lib.rank7_words(ctypes.byref(tables), hands.ctypes.data_as(P8), len(hands),
                    out.ctypes.data_as(P32))
    return out


def evaluate_all():
    """(category counts, checksum) of all 133,784,560 seven-card hands ranked by the kernel's
    evaluator in lexicographic order, one card added a loop level (bench_sequential in
    native.c): the counts are docs/spec.md's when every class is right."""
    lib = _library()
    tables, _ = _tables()
    categories = (ctypes.c_uint64 * 9)()
    checksum = lib.bench_sequential(ctypes.byref(tables), categories)
    return list(categories), checksum


EXACT_PARTS = 48            # the parts an exact run is cut into (threads, progress)
SMALL_KNOWN_RUN = 4_000_000  # completions with no random seat one thread takes (~20 ms)


def exact(setup, progress=None, threads=None, symmetry=True):
    """golden.equity.readable.exact's counts by the C kernel (equity_exact in native.c): every board
    once, its part of the keys shared by the players, every hand it leaves ranked once, the
    last random seat counted instead of dealt; with random seats, one board of each orbit of
    the suit permutations that keep the known cards, counted its orbit's size times
    (symmetry=False: every board, for the tests). RuntimeError when the kernel is not
    available."""
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
        counts = [(ctypes.c_uint64 * players)() for _ in range(3)]
        n = lib.equity_exact(ctypes.byref(tables), players, holes, board, len(setup.board),
                             remaining, len(remaining), part, parts, int(symmetry), *counts)
        done.append(n)
        if progress:
            progress(sum(done), total)
        return n, counts

    # one thread for what one thread does in a few milliseconds (a pool's start-up and a busy
    # core cost more): boards with random seats rank every hand they leave, the others only
    # the known players'
    small = total < (500_000 if setup.random_seats() else SMALL_KNOWN_RUN)
    threads = threads or (1 if small else min(parts, os.cpu_count() or 1))
    if threads == 1:
        runs = list(map(run_part, range(parts)))
    else:
        with ThreadPoolExecutor(threads) as pool:
            runs = list(pool.map(run_part, range(parts)))
    trials = sum(n for n, _ in runs)
    totals = [[sum(c[i][p] for _, c in runs) for p in range(players)] for i in range(3)]
    if trials != total:
        raise RuntimeError(f"the exact kernel counted {trials:,} completions, not {total:,}")
    return Result(players, trials, *totals)


def symmetries(setup):
    """The suit permutations that keep the setup's known cards (each hand, the board, the dead
    cards) as they are: the exact kernel's orbits are of these."""
    lib = _library()
    holes, board, remaining = _known(setup)
    return lib.equity_symmetries(setup.players(), holes, board, len(setup.board), remaining,
                                 len(remaining))


def stream_states(seed, lanes, slots):
    """The xorshift128 starting words of every (lane, slot) stream of a run, as an array
    (lanes, len(slots), 4) of uint32: golden/equity/deal.py's seed_words(stream_seed(seed,
    lane, slot)) for all of them at once, mixed in C (``stream_states`` in native.c; the
    readable mix costs milliseconds a run of 16 lanes, which a range's many small runs feel)."""
    import numpy as np
    base = np.array(run_base(seed), dtype=np.uint32)
    slots = _u8(list(slots) or [0])
    out = np.zeros((lanes, len(slots), 4), dtype=np.uint32)
    _library().stream_states(base.ctypes.data_as(P32), lanes, slots, len(slots),
                             out.ctypes.data_as(P32))
    return out


def _known(setup):
    """The setup as the kernel takes it: every seat's two cards (RANDOM_SEAT twice for a random
    one), the board, the cards left to deal, as uint8 arrays."""
    holes = _u8([c for hand in [setup.hero] + list(setup.opponents)
                 for c in (hand or (RANDOM_SEAT, RANDOM_SEAT))])
    return holes, _u8(setup.board), _u8(setup.remaining())


def _u8(values):
    """A ctypes array of bytes (numpy costs a command its import)."""
    values = list(values)
    return (ctypes.c_uint8 * max(1, len(values)))(*values)


def monte_carlo(setup, trials, seed, lanes=1, progress=None, threads=None):
    """golden.equity.readable.monte_carlo's counts (RuntimeError when the kernel is not available)."""
    lib = _library()
    if lib is None:
        raise RuntimeError("no C compiler for the native equity kernel (set CC)")
    check_monte_carlo(trials, seed, lanes)
    import numpy as np
    tables, _ = _tables()
    players = setup.players()
    holes, board, remaining = _known(setup)
    slots = setup.dealt_slots()
    unknown = len(slots)
    # per dealt slot, a trial's words: a hand's words are its first slot's (its second: 0)
    words = _u8([slot_words(unit[0]) if i == 0 else 0 for unit in deal_units(slots)
                 for i in range(len(unit))] or [0])
    done = []

    busy = min(lanes, trials)           # lanes past the trials count none: not seeded, not run
    all_states = stream_states(seed, busy, slots)
    fixed = (ctypes.byref(tables), players, holes, board, len(setup.board), remaining,
             len(remaining), unknown, words)

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
