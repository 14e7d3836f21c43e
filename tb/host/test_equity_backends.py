"""The equity calculator's hardware backends against the golden one, count for count: ``sim``
(the committed generated/verilog/equity_engine.v in Verilator, behind the byte protocol) and
``serial`` (pyserial on a pseudo-terminal whose other end is that same simulated engine, as a
board's USB-UART would be). The golden backend run with the engine's lanes and seed must give
the very same counts; exact enumerations give golden exact's counts (and, marked exhaustive so
CI's deep stage runs it, all 1,712,304 boards of AdAc against KhKs); refusals come back as the
engine's error codes; the command line takes --backend sim. The tests on the Verilator model
are marked soak, CI's fast-engine stage (make deep), which builds that model anyway: the
regression tests the engine's RTL itself in Icarus and GHDL (tb/rtl/test_equity_engine.py) and
saves the minute of Verilator's build."""

import json
import os
import pty
import threading

import pytest

from pokerhdl.odds.calculator import equity, make_setup
from pokerhdl.cli import main
from pokerhdl.odds import hardware
from pokerhdl.odds.hardware import SerialLink, engine_params, sim_link
from pokerhdl.golden.equity import readable as E
from pokerhdl.golden.equity.readable import ERR_DUPLICATE, ERR_EXACT, ERR_OPPONENTS, EquityError
from pokerhdl.golden.cards import DECK, parse_cards
from pokerhdl.golden.equity.protocol import FrameReader, engine_reply, frame, setup_request

CASES = [("AdAc", ["KhKs"], "", "", 30_000, 5),
         ("Td6h", ["random", "random"], "7d8dJs", "2c", 20_000, 2 ** 100 + 3),
         ("AhKd", ["random", "QcQd", "random"], "", "", 20_000, 9),
         ("5c5d", ["random"], "Ks9c2hJd", "", 7, 1)]               # a few trials only


def counts(report):
    return report.trials, [(p.wins, p.ties, p.tie_units) for p in report.players]


@pytest.fixture(scope="module")
def link():
    return sim_link()


@pytest.mark.soak
def test_the_simulated_engine_describes_itself_as_committed(link):
    params = engine_params()
    assert (link.lanes, link.opponents, link.clk_hz) == \
        (params["lanes"], params["opponents"], params["clk_hz"])


@pytest.mark.soak
@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{len(c[1])}")
def test_sim_backend_counts_as_golden(link, case):
    hero, opponents, board, dead, trials, seed = case
    sim = equity(hero, *opponents, board=board, dead=dead, trials=trials, seed=seed,
                 backend="sim")
    gold = equity(hero, *opponents, board=board, dead=dead, trials=trials, seed=seed,
                  lanes=link.lanes)
    assert sim.lanes == link.lanes and sim.backend == "sim"
    assert counts(sim) == counts(gold)
    assert sim.trials == trials


# exact runs small enough for a unit test: few cards left, or a known flop
def leaving(keep, *known):
    """Dead cards: every card but ``keep`` and the ``known`` ones (a small deck to enumerate)."""
    kept = set(parse_cards(keep + "".join(known)))
    return [c for c in DECK if c not in kept]


EXACT_CASES = [("Td6h", ["random", "random"], "7d8dJs6s9h",
                leaving("2c2d3h4sQcQhKdKsAcAh5d5s7c7h8h8s9c9d", "Td6h7d8dJs6s9h")),
               ("AhKd", ["random", "QcQd", "random"], "Jh9s4d7c",
                leaving("2c2d3h4sKcKh5d5s7c7h8h8s", "AhKdQcQdJh9s4d7c")),
               ("KcQc", ["7d7s"], "2c8dTh", "3s4s"),
               ("AhKd", ["random"], "", leaving("2c2d3h4sKcKh5d5s7c7h8h", "AhKd"))]


@pytest.mark.soak
@pytest.mark.parametrize("case", EXACT_CASES, ids=lambda c: f"{c[0]}-{len(c[1])}-{c[2]}")
def test_sim_backend_exact_as_golden(link, case):
    hero, opponents, board, dead = case
    sim = equity(hero, *opponents, board=board, dead=dead, exact=True, backend="sim")
    gold = equity(hero, *opponents, board=board, dead=dead, exact=True)
    assert sim.exact and counts(sim) == counts(gold)


@pytest.mark.soak
@pytest.mark.exhaustive
def test_sim_backend_enumerates_every_preflop_board(link):
    """All 1,712,304 boards of AdAc against KhKs through the generated RTL: pocket aces win
    81.06 %, tie 0.45 % (as golden exact, checked against the published figures in
    tb/golden/test_golden_equity.py)."""
    sim = equity("AdAc", "KhKs", exact=True, backend="sim")
    gold = equity("AdAc", "KhKs", exact=True)
    assert sim.trials == 1_712_304 and counts(sim) == counts(gold)


@pytest.mark.soak
def test_sim_backend_refusals_are_the_engines(link):
    with pytest.raises(EquityError) as err:
        equity("AdAc", "AdKs", trials=10, backend="sim")     # the host refuses first
    assert err.value.code == ERR_DUPLICATE
    with pytest.raises(EquityError) as err:      # the host names the engine's own seat count
        equity("AdAc", *["random"] * (link.opponents + 1), trials=10, backend="sim")
    assert err.value.code == ERR_OPPONENTS and \
        f"seats 1 to {link.opponents} opponents" in str(err.value)
    with pytest.raises(EquityError) as err:                  # C(48, 5) x C(48, 2)**2 deals
        equity("AdAc", "random", "random", exact=True, backend="sim")
    assert err.value.code == ERR_EXACT and "refused by the engine" in str(err.value)
    with pytest.raises(ValueError, match=f"has {link.lanes} lanes"):
        equity("AdAc", "KhKs", trials=10, backend="sim", lanes=link.lanes + 1)


def bridge(fd, link, stop):
    """The other end of the serial line: frames to the simulated engine and its replies back."""
    reader = FrameReader()
    while not stop.is_set():
        try:
            data = os.read(fd, 4096)
        except OSError:
            return
        for payload in reader.feed(data):
            os.write(fd, frame(link.exchange(frame(payload))))


@pytest.mark.soak
def test_serial_backend_through_a_pseudo_terminal(link):
    master, slave = pty.openpty()
    os.set_blocking(master, True)
    import tty
    tty.setraw(slave)
    stop = threading.Event()
    thread = threading.Thread(target=bridge, args=(master, link, stop), daemon=True)
    thread.start()
    try:
        hero, opponents, board, dead, trials, seed = CASES[1]
        serial = equity(hero, *opponents, board=board, dead=dead, trials=trials, seed=seed,
                        backend="serial", port=os.ttyname(slave))   # lanes: the engine's word
        gold = equity(hero, *opponents, board=board, dead=dead, trials=trials, seed=seed,
                      lanes=link.lanes)
        assert serial.lanes == link.lanes and counts(serial) == counts(gold)
    finally:
        stop.set()
        os.close(slave)
        os.close(master)


def test_serial_backend_without_a_port_is_a_clear_error():
    with pytest.raises(ValueError, match="--port"):
        equity("AdAc", "KhKs", trials=10, backend="serial")
    with pytest.raises(RuntimeError, match="cannot open"):
        SerialLink("/dev/no-such-board")


@pytest.mark.soak
def test_cli_backend_sim_json(link, capsys):
    main(["equity", "AdAc", "KhKs", "--trials", "20000", "--seed", "3", "--backend", "sim",
          "--json"])
    out = json.loads(capsys.readouterr().out)
    gold = equity("AdAc", "KhKs", trials=20_000, seed=3, lanes=link.lanes)
    assert out["backend"] == "sim" and out["lanes"] == link.lanes
    assert [p["wins"] for p in out["players"]] == [p.wins for p in gold.players]
    assert abs(out["players"][0]["equity"] - 0.8126) < 0.02


class GoldenNineSeatLink:
    """A link whose engine is the golden one (protocol engine_reply) with nine seats."""
    lanes, opponents, clk_hz = 2, 9, 100_000_000

    def exchange(self, request, clocks, tell=None):
        payload, = FrameReader().feed(request)
        return engine_reply(payload, self.lanes, self.opponents, self.clk_hz)


def test_exact_seats_random_opponents_first_and_gives_each_its_counts():
    # the engine enumerates random hands in its first seats only: the host moves them there
    # and each opponent's counts back to its own seat
    dead = "".join(r + s for r in "23456789" for s in "cdhs" if r + s not in ("7d", "8d", "9h",
                                                                           "6h", "2c", "2d"))
    setup = make_setup("Td6h", ["2c2d", None, "QhQs", "KhKs", None], "7d8dJs9hAc", dead)
    assert GoldenNineSeatLink().exchange(setup_request(setup, None, 0), 0) == bytes([ERR_EXACT])
    got = hardware.exact(GoldenNineSeatLink(), setup, 0)
    assert got.counts() == E.exact(setup).counts() and got.trials > 0
