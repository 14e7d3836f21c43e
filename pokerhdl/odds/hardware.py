"""The hardware equity engine seen from the host: a request frame out, the reply frame back
(golden/equity/protocol.py), over one of two links.

- ``SimLink``: the committed generated/verilog/equity_engine.v compiled by Verilator
  (pokerhdl/sim/verilated.py) and fed through its byte streams: the generated RTL itself answers,
  so the ``sim`` backend's counts are the hardware's.
- ``SerialLink``: a board running the engine, through pyserial (the ``serial`` backend).

Both give the same counts for the same seed as the golden backend with the engine's number of
lanes (``lanes``). A link learns its engine's lanes, seats (``opponents``) and clock
(``clk_hz``) from the engine itself: a describe request (golden/equity/protocol.py) when it
opens.
"""

import os
import time
from dataclasses import replace
from functools import lru_cache

from ..golden.equity.readable import (ERR_OPPONENTS, EquityError, ERROR_TEXT, OK, Result,
                                      check_monte_carlo)
from ..golden.equity.deal import counted_fraction
from ..golden.equity.exact import exact_clocks
from ..golden.equity.protocol import (COUNT_BYTES, DESCRIBE_REQUEST, FrameReader, TRIAL_BYTES,
                                      frame, parse_description, parse_reply, setup_request)

SIM_TOP = "equity_engine"
SIM_CHUNK = 20_000               # clocks between looks at the reply stream
SIM_SLACK = 200_000              # clocks a run may take beyond its expected length
SERIAL_BAUD = 115_200
BYTE_BITS = 10                   # a UART byte: start, 8 data bits, stop
SLOWEST_CLK_HZ = 25_000_000      # a board's clock before its engine has described itself
MAX_REPLY = 4 + TRIAL_BYTES + 10 * sum(COUNT_BYTES)    # the longest reply frame, in bytes


def engine_params(top=SIM_TOP):
    """The committed parameters (lanes, opponents, ...) of an engine top (the simulated
    engine's by default)."""
    from ..flow.tops import TOPS
    return TOPS[top].params


class LinkError(RuntimeError):
    """The engine did not answer as the protocol says (no reply, a corrupted reply)."""


def describe(link):
    """Ask the engine behind ``link`` what it is: sets link.lanes, link.opponents (its most
    opponents) and link.clk_hz from its describe reply."""
    payload = link.exchange(frame(DESCRIBE_REQUEST), clocks=1_000)
    try:
        link.lanes, link.opponents, link.clk_hz = parse_description(payload)
    except ValueError:
        raise LinkError(f"the engine did not describe itself (it answered {payload.hex()}): "
                        "is its bitstream older than the describe request?") from None
    if not link.lanes or not link.opponents or not link.clk_hz:
        raise LinkError(f"the engine described itself as nothing: {payload.hex()}")


class SimLink:
    """The generated equity engine in Verilator (built once, cached in build/verilated/)."""

    def __init__(self):
        from ..sim.verilated import Model
        self.model = Model.build(SIM_TOP)
        m = self.model
        m["rst"] = 1
        m["m_axis_tready"] = 1
        m.tick(3)
        m["rst"] = 0
        self.source = m.source("s_axis_tvalid", "s_axis_tready", ["s_axis_tdata"])
        self.replies = m.recorder("m_axis_tvalid", ["m_axis_tdata"])
        describe(self)

    def exchange(self, request, clocks=1_000_000, progress=None):
        """The payload of the reply to ``request`` (a frame); ``clocks``: how long the run
        should take, for progress(fraction) and the limit."""
        self.source.push(*request)
        reader, spent = FrameReader(), 0
        while spent < clocks + SIM_SLACK:
            self.model.tick(SIM_CHUNK)
            spent += SIM_CHUNK
            data = bytes(v for (v,) in self.replies.take())
            payloads = reader.feed(data)
            if payloads:
                return payloads[0]
            if progress:
                progress(min(spent / clocks, 1.0))
        raise LinkError(f"the simulated engine gave no reply in {spent:,} clocks")


class SerialLink:
    """A board's engine on a serial port (pyserial): 115200 8N1."""

    def __init__(self, port, baud=SERIAL_BAUD):
        import serial
        try:
            self.port = serial.Serial(port, baud, timeout=0.1)
        except serial.SerialException as exc:
            # pyserial's text repeats the errno ("[Errno 2] could not open port X: [Errno 2]
            # No such file or directory: 'X'"): the system's words once are enough
            why = os.strerror(exc.errno) if exc.errno else str(exc)
            raise LinkError(f"cannot open {port}: {why}") from None
        self.clk_hz = None
        describe(self)

    def exchange(self, request, clocks=1_000_000, progress=None):
        self.port.reset_input_buffer()
        self.port.write(request)
        reader = FrameReader()
        clk_hz = self.clk_hz or SLOWEST_CLK_HZ
        expected = clocks / clk_hz + (len(request) + MAX_REPLY) * BYTE_BITS / SERIAL_BAUD
        start = time.monotonic()
        while time.monotonic() - start < 2 * expected + 5:
            payloads = reader.feed(self.port.read(4096))
            if payloads:
                return payloads[0]
            if progress:
                progress(min((time.monotonic() - start) / expected, 1.0))
        raise LinkError(f"no reply from {self.port.port} in {time.monotonic() - start:.1f} s: "
                        "is the engine's bitstream on the board?")


def monte_carlo(link, setup, trials, seed, progress=None):
    """A Monte Carlo run on the engine behind ``link``: a golden Result. EquityError with the
    engine's code when it refuses the request."""
    check_monte_carlo(trials, seed, link.lanes)
    if trials >= 1 << (8 * TRIAL_BYTES):
        raise ValueError(f"the engine counts fewer than 2**40 trials a run, not {trials}")
    fraction = counted_fraction(len(setup.remaining()), setup.dealt_slots())
    clocks = int(trials / link.lanes / max(fraction, 1e-3)) + 2_000
    return _run(link, setup, trials, seed, clocks, trials, progress)


def exact(link, setup, completions, progress=None):
    """The exact enumeration of ``setup`` (``completions`` of them, for progress) on the engine
    behind ``link``: a golden Result. Its lanes share the boards (golden/equity/exact.py), so
    a run of few boards runs on few lanes; EquityError(ERR_EXACT) when its counters might not
    hold the enumeration."""
    seated, order = random_seats_first(setup)
    clocks = exact_clocks(seated) // link.lanes + 2_000
    result = _run(link, seated, None, 0, clocks, completions, progress)
    return players_in_order(result, order)


def random_seats_first(setup):
    """``setup`` with its random opponents moved to the first seats, in their order (the
    engine enumerates random hands in its first seats only: golden check_exact; an exact
    count does not depend on the seats), and ``order``: order[i] is the opponent of ``setup``
    who sits i-th."""
    order = sorted(range(len(setup.opponents)), key=lambda j: setup.opponents[j] is not None)
    return replace(setup, opponents=tuple(setup.opponents[j] for j in order)), order


def players_in_order(result, order):
    """random_seats_first undone on an engine's Result: each opponent's counts back in its
    own seat."""
    back = Result(result.players, result.trials)
    seat = [0] + [1 + j for j in order]           # where each of the engine's players sits
    for name in ("wins", "ties", "tie_units"):
        for i, counts in enumerate(getattr(result, name)):
            getattr(back, name)[seat[i]] = counts
    return back


def _run(link, setup, trials, seed, clocks, total, progress):
    """One request (trials None: exact) and its reply, as a golden Result."""
    tell = (lambda f: progress(int(f * total), total)) if progress else None
    try:
        payload = link.exchange(setup_request(setup, trials, seed), clocks, tell)
        status, result = parse_reply(payload, setup.players())
    except ValueError as exc:
        raise LinkError(f"a bad reply from the engine: {exc}") from None
    if status != OK:
        if status == ERR_OPPONENTS and link.opponents:
            raise EquityError(status, f"refused by the engine, which seats 1 to "
                                      f"{link.opponents} opponents")
        if status < len(ERROR_TEXT):
            raise EquityError(status, "refused by the engine")
        raise LinkError(f"the engine answered an unknown status {status}")
    if progress:
        progress(total, total)
    return result


@lru_cache(maxsize=1)
def sim_link():
    """The simulated engine, built on first use and kept."""
    return SimLink()
