"""The table server's figures; `make bench` records them (section table-server), or alone:

    python -m bench.table_server                    # all three, as tables
    python -m bench.table_server --before bcf4a98   # hands per minute of an earlier commit's server too
    python -m bench.table_server --part hostile --hostile 100 --seconds 20 --json

``hostile``: the wait of a legitimate seated client for its state while N hostile clients run
against `pokerhdl serve --golden` (a process of its own, its limits raised so that all N are
held): half of them slow readers (a 1 KiB receive buffer, a stream of state requests, never
reading; dropped for falling behind, they connect again), half garbage senders (random bytes,
JSON nested 5,000 deep, lines over 4 KiB, malformed actions, unknown ops, as fast as they go).
They run from another process, so the legitimate client's timing shares no interpreter with
them. The seated client asks for its state every 20 ms (the worst and median wait), then plays
a hand with the other seated player (each deal and action to its state). The same with none.

``memory``: the server's resident memory (VmRSS of /proc/PID/status) before and after 1,000
idle connections are attempted from 1,000 addresses: with the default caps (64 in all), how
many were held and how many turned away; and with the caps raised to 1,000, all held.

``hands``: hands per minute of four scripted clients (tb/support/table_play.py: random actions, six in
ten a check or a call) through the server, with the golden table and with basys3_holdem's RTL
in the emulator behind it, and the delay from an action to the state that shows it. With
``--before REV``, the same by REV's server, its table_play.py and its generated RTL (extracted
with git archive into a temporary folder; its Verilator model cached beside ours).
"""

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tb" / "support"), str(ROOT)]

from bench.figures import render  # noqa: E402
from line_client import Client, free_port  # noqa: E402

PYTHON = [sys.executable, "-m", "pokerhdl"]


def print_tables(tables):
    """Tables of (name, headers, rows, caption) as Markdown."""
    for _, headers, rows, caption in tables:
        print(render({"headers": headers, "caption": caption,
                      "rows": [{"cells": [str(c) for c in r]} for r in rows]}))


def ms(seconds):
    return f"{1000 * seconds:.1f} ms"


# ---------------------------------------------------------------------- a served table
class Served:
    """`pokerhdl serve --golden` in a process of its own (``options``: more of its options)."""

    def __init__(self, *options, files=None):
        self.port = free_port()
        limit = (lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))) \
            if files else None
        self.proc = subprocess.Popen(
            PYTHON + ["serve", "--golden", "--seed", "7", "--listen",
                      f"127.0.0.1:{self.port}", *options],
            stdin=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
            env=dict(os.environ, PYTHONUNBUFFERED="1",
                     PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])),
            preexec_fn=limit)
        while not (line := self.proc.stderr.readline()).startswith("serving"):
            if not line:
                raise SystemExit("pokerhdl serve --golden did not start")
        threading.Thread(target=self.proc.stderr.read, daemon=True).start()   # its log

    def memory(self):
        """(VmRSS, VmHWM) of the server in KiB."""
        fields = dict(line.split(":", 1) for line in
                      Path(f"/proc/{self.proc.pid}/status").read_text().splitlines())
        return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])

    def alive(self):
        return self.proc.poll() is None

    def close(self):
        self.proc.terminate()
        self.proc.wait(10)


# ---------------------------------------------------------------------- hostile clients
def source_of(k, per_address=4, first=10):
    """The k-th hostile client's address: ``per_address`` clients an address."""
    k //= per_address
    return f"127.0.{first + k // 250}.{k % 250 + 1}"


GARBAGE = [
    lambda rng: bytes(rng.randrange(256) for _ in range(rng.randint(1, 80))).replace(b"\n", b"")
    or b"x",
    lambda rng: b"[" * 5000,
    lambda rng: b'{"op": "state", "x": "' + b"a" * 5000 + b'"}',
    lambda rng: b'{"op": "act", "token": "' + b"0" * 32 + b'", "action": "fold"}',
    lambda rng: b'{"op": "act", "action": ["fold"]}',
    lambda rng: b'{"op": "deal"}',
    lambda rng: b'{"op": "free", "seat": 0}',
    lambda rng: b'{"op": "join", "token": "' + b"%032x" % rng.getrandbits(128) + b'"}',
    lambda rng: b'{"op": 1e999}',
]


async def slow_reader(port, k, stop, counts):
    while not stop.is_set():
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        s.setblocking(False)
        s.bind((source_of(k), 0))
        try:
            await asyncio.get_running_loop().sock_connect(s, ("127.0.0.1", port))
            reader, writer = await asyncio.open_connection(sock=s)
            writer.write(b'{"op": "watch"}\n')
            while not stop.is_set():
                writer.write(b'{"op": "state"}\n' * 20)
                await writer.drain()
                await asyncio.sleep(0.01)
        except OSError:
            counts["dropped"] += 1
        s.close()
        await asyncio.sleep(0.05)


async def garbage_sender(port, k, stop, counts):
    rng = random.Random(k)
    reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                  local_addr=(source_of(k), 0))

    async def discard():
        while await reader.read(65536):
            pass
    reading = asyncio.create_task(discard())
    try:
        while not stop.is_set():
            for _ in range(10):
                writer.write(rng.choice(GARBAGE)(rng) + b"\n")
                counts["lines"] += 1
            await writer.drain()
            await asyncio.sleep(0)
    except OSError:
        counts["lost"] += 1
    reading.cancel()
    writer.close()


def hostile_process(port, n, seconds, out):
    """N hostile clients for ``seconds`` (a process of its own); their counts into ``out``."""
    async def main():
        stop = asyncio.Event()
        counts = {"dropped": 0, "lines": 0, "lost": 0}
        tasks = [asyncio.create_task((slow_reader if k % 2 else garbage_sender)(
            port, k, stop, counts)) for k in range(n)]
        await asyncio.sleep(seconds)
        stop.set()
        await asyncio.wait(tasks, timeout=5)
        return counts
    out.put(asyncio.run(main()))


def hostile(n=100, seconds=20.0):
    """A legitimate seated client's waits while ``n`` hostile clients run (module docstring)."""
    served = Served("--players", "2", "--auto-deal", "-1", "--max-connections", str(n + 16),
                    "--turn-time", "0", "--away-time", "0")
    try:
        ann, bob = Client(served.port, "127.0.0.2"), Client(served.port, "127.0.0.3")
        for c, name in ((ann, "ann"), (bob, "bob")):
            assert c.join(name).get("role") == "player", f"{name} got no seat"
        for c in (ann, bob):
            c.drain()
        out = multiprocessing.get_context("fork").Queue()
        attack = None
        if n:
            attack = multiprocessing.get_context("fork").Process(
                target=hostile_process, args=(served.port, n, seconds, out), daemon=True)
            attack.start()
            time.sleep(min(3.0, seconds / 4))           # every hostile client at work
        waits = []
        t_end = time.monotonic() + seconds - (min(3.0, seconds / 4) if n else 0) - 5
        while time.monotonic() < t_end:
            waits.append(ann.timed({"op": "state"}, lambda m: m["type"] == "state")[0])
            time.sleep(0.02)
        # a hand: a deal and every action, each to the state that shows it
        plays = []
        seat = {ann.seat: ann, bob.seat: bob}
        took, state = ann.timed({"op": "deal", "token": ann.token},
                                lambda m: m["type"] == "state")
        plays.append(took)
        bob.drain()
        while state["table"]["phase"] == "betting" and state["table"]["to_act"] in seat:
            c = seat[state["table"]["to_act"]]
            other = seat[1 - c.seat]
            c.drain()
            other.drain()
            c.send({"op": "state"})
            legal = [a["action"] for a in c.until(lambda m: m["type"] == "state")["you"]["legal"]]
            took, state = c.timed({"op": "act", "token": c.token,
                                   "action": "check" if "check" in legal else "call"},
                                  lambda m: m["type"] == "state")
            plays.append(took)
        counts = {}
        if attack:
            counts = out.get(timeout=seconds + 30)
            attack.join(10)
        assert served.alive()
        waits.sort()
        return {"hostile": n, "state_requests": len(waits), "median": statistics.median(waits),
                "p99": waits[int(0.99 * (len(waits) - 1))], "worst": waits[-1],
                "hand_requests": len(plays), "hand_worst": max(plays),
                "hostile_lines": counts.get("lines", 0),
                "slow_readers_dropped": counts.get("dropped", 0)}
    finally:
        served.close()


# ---------------------------------------------------------------------- memory
def attempt_idle(port, count):
    """``count`` connections that send nothing, one an address; (held, turned away) a second
    later, and the sockets (open)."""
    socks = []
    for k in range(count):
        s = socket.socket()
        s.bind((source_of(k, per_address=1, first=20), 0))
        s.connect(("127.0.0.1", port))
        socks.append(s)
    time.sleep(1.0)
    held = away = 0
    for s in socks:
        s.setblocking(False)
        try:
            s.recv(4096)                            # a bye, or the end: turned away
            away += 1
        except BlockingIOError:                     # nothing: held
            held += 1
        except ConnectionResetError:
            away += 1
    return held, away, socks


def watcher_admitted(port, source="127.0.0.2", patience=60.0):
    """Seconds until a new client from another address is watching: at once when the caps
    leave room, else when the idle connections that fill the server are timed out."""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < patience:
        try:
            legit = Client(port, source)
            legit.send({"op": "watch"})
            answer = legit.until(lambda m: m["type"] in ("state", "bye"))
            legit.close()
            if answer["type"] == "state":
                return time.perf_counter() - t0
        except OSError:
            pass
        time.sleep(0.5)                                 # "the server is full": again
    return float("inf")


def memory(count=1000):
    """The server's memory before and after ``count`` idle connections are attempted: with
    the default caps, and with the caps raised to ``count``."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < count + 100:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4 * count), hard))
    rows = []
    for caps, options in (("default (64, 8 an address)", ()),
                          (f"raised to {count + 16}", ("--max-connections", str(count + 16),
                                                  "--max-per-address", str(count)))):
        served = Served("--players", "2", *options, files=min(hard, 4 * count))
        try:
            time.sleep(0.5)
            before = served.memory()
            held, away, socks = attempt_idle(served.port, count)
            during = served.memory()
            admitted = watcher_admitted(served.port)
            for s in socks:
                s.close()
            time.sleep(1.0)
            after = served.memory()
            assert served.alive()
            rows.append({"caps": caps, "attempted": count, "held": held, "turned_away": away,
                         "rss_before_kib": before[0], "rss_held_kib": during[0],
                         "rss_after_close_kib": after[0], "peak_kib": after[1],
                         "watcher_admitted_s": admitted})
        finally:
            served.close()
    return rows


# ---------------------------------------------------------------------- hands per minute
def hands(golden_hands=300, emulator_hands=6, tree=None):
    """Hands per minute of four scripted clients (module docstring); ``tree``: another
    checkout's folder, run in a process of its own with its own code."""
    if tree is not None:
        done = subprocess.run([sys.executable, __file__, "--tree", str(tree), "--part", "hands",
                               "--golden-hands", str(golden_hands), "--emulator-hands",
                               str(emulator_hands), "--json"], capture_output=True, text=True,
                              cwd=tree, env={k: v for k, v in os.environ.items()
                                             if k != "PYTHONPATH"})
        if done.returncode:
            raise SystemExit(f"the bench of {tree} failed:\n{done.stderr[-3000:]}")
        return json.loads(done.stdout)["hands"]
    from table_play import serve_and_play
    from pokerhdl.table.link import EmulatorLink, GoldenLink
    rows = []
    for name, link, count in (("golden table", lambda: GoldenLink(), golden_hands),
                              ("basys3_holdem in the emulator",
                               lambda: EmulatorLink("basys3_holdem"), emulator_hands)):
        if not count:
            continue
        players, seconds = serve_and_play(link(), count, seed=3)
        delays = sorted(d for p in players for d in p.delays) or [float("nan")]
        rows.append({"table": name, "hands": count, "seconds": seconds,
                     "hands_per_minute": 60 * count / seconds,
                     "median": statistics.median(delays),
                     "p90": delays[int(0.9 * (len(delays) - 1))], "worst": delays[-1]})
    return rows


def extract(rev):
    """REV's server, table_play.py and generated RTL in a temporary folder (its build/ is
    ours: Verilator models are cached by content)."""
    tree = Path(tempfile.mkdtemp(prefix="pokerhdl-before-"))
    play = next(p for p in ("tb/support/table_play.py", "tb/table_play.py")   # now, or before
                if subprocess.run(["git", "cat-file", "-e", f"{rev}:{p}"], cwd=ROOT,
                                  stderr=subprocess.DEVNULL).returncode == 0)
    archive = subprocess.run(["git", "archive", rev, "pokerhdl", play, "generated/verilog"],
                             cwd=ROOT, capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)
    (ROOT / "build").mkdir(exist_ok=True)
    (tree / "build").symlink_to(ROOT / "build", target_is_directory=True)
    return tree


# ---------------------------------------------------------------------- the tables
def tables(figures, label=""):
    """(name, headers, rows, caption) of each part measured."""
    out = []
    if "hostile" in figures:
        out.append(("table-server", ["hostile clients", "state requests", "median", "99 %",
                                     "worst", "a hand's requests: worst", "garbage lines sent",
                                     "slow readers dropped"],
                    [[f["hostile"], f"{f['state_requests']:,}", ms(f["median"]), ms(f["p99"]),
                      ms(f["worst"]), f"{f['hand_requests']}: {ms(f['hand_worst'])}",
                      f"{f['hostile_lines']:,}", f["slow_readers_dropped"]]
                     for f in figures["hostile"]],
                    "The table server: a seated client's wait for its state while hostile "
                    "clients run (`serve --golden`)"))
    if "memory" in figures:
        out.append(("table-server-memory", ["caps", "held", "turned away", "before",
                                            "while held", "after they close", "peak",
                                            "a new client from another address watching after"],
                    [[f["caps"], f["held"], f["turned_away"], f"{f['rss_before_kib']:,} KiB",
                      f"{f['rss_held_kib']:,} KiB", f"{f['rss_after_close_kib']:,} KiB",
                      f"{f['peak_kib']:,} KiB", f"{f['watcher_admitted_s']:.2f} s"]
                     for f in figures["memory"]],
                    f"The table server's memory with {figures['memory'][0]['attempted']:,} "
                    f"idle connections attempted (`serve --golden`, VmRSS)"))
    if "hands" in figures:
        rows = []
        for who, runs in (("", figures["hands"]), (f" ({label})", figures.get("before", []))):
            for f in runs:
                rows.append([f["table"] + who, f["hands"], f"{f['hands_per_minute']:,.1f}",
                             ms(f["median"]), ms(f["p90"]), ms(f["worst"])])
        out.append(("table-server-hands", ["behind the server", "hands", "hands/min",
                                           "action to state, median", "90 %", "max"], rows,
                    "The table server: four scripted clients (random actions, 60 % check or "
                    "call)"))
    return out


def run(parts, args):
    figures = {}
    if "hostile" in parts:
        figures["hostile"] = [hostile(0, args.seconds), hostile(args.hostile, args.seconds)]
    if "memory" in parts:
        figures["memory"] = memory(args.idle)
    if "hands" in parts:
        figures["hands"] = hands(args.golden_hands, args.emulator_hands)
        if args.before:
            tree = extract(args.before)
            try:
                figures["before"] = hands(args.golden_hands, args.emulator_hands, tree=tree)
            finally:
                shutil.rmtree(tree)                 # its build/ is a link: left alone
    return figures


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--part", action="append", choices=["hostile", "memory", "hands"],
                   help="only these (again for more; default: all three)")
    p.add_argument("--hostile", type=int, default=100, metavar="N")
    p.add_argument("--seconds", type=float, default=20.0, help="of each hostile run")
    p.add_argument("--idle", type=int, default=1000, metavar="N",
                   help="idle connections attempted")
    p.add_argument("--golden-hands", type=int, default=300)
    p.add_argument("--emulator-hands", type=int, default=6)
    p.add_argument("--before", metavar="REV", help="hands per minute of REV's server too")
    p.add_argument("--json", action="store_true", help="the figures as one JSON object")
    p.add_argument("--tree", type=Path, help=argparse.SUPPRESS)    # run another checkout's code
    args = p.parse_args(argv)
    if args.tree:
        sys.path[:0] = [str(args.tree / "tb" / "support"), str(args.tree / "tb"), str(args.tree)]
    figures = run(args.part or ["hostile", "memory", "hands"], args)
    if args.json:
        print(json.dumps(figures, indent=1))
    else:
        print_tables(tables(figures, f"before: {args.before}"))


if __name__ == "__main__":
    main()
