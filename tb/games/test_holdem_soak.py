"""Soak tests: a million random actions on the Hold'em table, and the console played key by key,
on the fast engine (Verilator).

The cocotb tests play a few dozen hands per language on Icarus and GHDL; this plays whole
games by the million, with the same random agents, the same golden table and the same checks
(tb/support/holdem_checks.py): after every command the result code, the log pulses, hand_done,
deck_request and the cards taken against the golden engine, then the whole probe window
(chips conserved, no card twice, every observable), a refused command changing nothing, the
controller answering within TIMEOUT clocks (no deadlock), and resets at random moments
(mid-deal, mid-settlement) giving a fresh game. The driver is the cocotb test's own HoldemTB
with its hardware access (command, probe read, reset) done by the engine's C++ kernel.

The console soak runs the cocotb console test's own game loop (play_console: keys on the UART,
buttons and switches, every TX byte against the golden terminal, the probe window, LEDs and
display, privacy of hole cards, resets while an answer is drawn) with the engine's UART line in
each direction; it also checks that no byte arrives unasked and that every deck the golden
deal takes is requested and consumed.

    make soak                              (1,000,000 table actions, 100,000 console inputs;
                                            CI: an eighth of each, Makefile CI_DEPTH)
    SOAK_TABLE_ACTIONS=10000 SOAK_CONSOLE_INPUTS=2000 pytest -m soak tb/games/test_holdem_soak.py
"""

import os
import random
import time

import pytest

from harness import sources
from holdem_checks import rules_from
from holdem_tb import TIMEOUT, HoldemTB, play
from console_tb import CLK_HZ, DEADLOCK_NS, CLK_NS, FAST_BAUD, play_console
from pokerhdl.golden.holdem.table import OK
from pokerhdl.sim.verilated import Deadlock, Model

TABLE_ACTIONS = int(os.environ.get("SOAK_TABLE_ACTIONS", "1000000"))
CONSOLE_INPUTS = int(os.environ.get("SOAK_CONSOLE_INPUTS", "100000"))


class FastHoldem(HoldemTB):
    """HoldemTB on a verilated holdem_table: the same steps and checks, no simulator."""

    def __init__(self, params, seed):
        self.new_game(rules_from(params.get), seed)
        self.probe = None            # the last probe read (nothing changes between commands)
        m = self.m = Model.build("holdem_table", sources("holdem_table", "verilog", params)[0],
                                 seed=seed)
        self.cmd = m.source("cmd_valid", "cmd_ready",
                            ["cmd_op", "cmd_seat", "cmd_action", "cmd_amount"])
        self.deck = m.source("s_axis_tvalid", "s_axis_tready", ["s_axis_tdata"], gap=0.3)
        self.logs = m.recorder("log_valid", ["log_seat", "log_action", "log_put", "log_total",
                                             "log_allin"])
        self.done = m.recorder("hand_done")
        self.requests = m.recorder("deck_request")

    @property
    def cycle(self):
        return self.m.cycle

    async def reset(self, clocks=2):
        self.deck.clear()
        self.m["rst"] = 1
        self.m["probe_addr"] = 0
        self.m.tick(clocks)
        self.m["rst"] = 0
        self.m.tick()
        for recorder in (self.logs, self.done, self.requests):
            recorder.take()
        self.table = self.fresh()
        self.last_code = OK
        self.probe = None

    async def read(self, addresses):
        if addresses == self.addresses and self.probe is not None:
            return self.probe
        return dict(zip(addresses, self.m.sweep("probe_addr", "probe_data", addresses)))

    async def check_probe(self, context=""):
        self.probe = None
        hw = await super().check_probe(context)
        self.probe = hw
        return hw

    def game_over_output(self):
        return self.m["game_over"]

    async def command(self, op, seat=0, action=0, amount=0, deck=(), reset_after=None):
        m = self.m
        self.probe = None
        self.cmd.push((op, seat, action, amount))
        if deck:
            self.deck.push(*deck)
        taken_before, offered_at = self.deck.taken, m.cycle
        m.tick()
        while self.cmd.pending:
            assert m.cycle < offered_at + TIMEOUT, "the command was never taken (deadlock)"
            m.tick()
        taken_at = m.cycle
        limit = TIMEOUT if reset_after is None else reset_after
        clocks = 0 if m["res_valid"] else m.try_run_until("res_valid", 1, limit)
        if clocks is None:
            if reset_after is None:
                raise Deadlock(f"no result after {TIMEOUT} clocks (deadlock)")
            await self.reset(self.rng.randint(1, 3))
            return None
        code = m["res_code"]
        taken = list(deck[:self.deck.taken - taken_before])
        self.deck.clear()
        logs = [(s, a, p, t, bool(al)) for s, a, p, t, al in self.logs.take()]
        return code, logs, self.done.take(), self.requests.take(), taken, m.cycle - taken_at


class FastConsole:
    """The console test's TB on a verilated holdem_console."""

    def __init__(self, params, seed):
        self.rng = random.Random(seed)
        m = self.m = Model.build("holdem_console",
                                 sources("holdem_console", "verilog", params)[0], seed=seed)
        self.tx_bit = CLK_HZ // params["tx_baud"]
        self.keys = m.uart_driver("rxd", CLK_HZ // params["baud"])
        self.line = m.uart_monitor("txd", self.tx_bit)
        self.deck = m.source("s_axis_tvalid", "s_axis_tready", ["s_axis_tdata"], gap=0.2)
        self.requests = m.recorder("deck_request")
        self.decks = _DeckQueue(self)

    def answer(self):
        """The bytes sent since the last answer; no deck left half taken."""
        assert self.deck.pending == 0, "the golden deal took a deck the console did not"
        assert self.requests.take() == self.decks.pushed, "deck requests != golden deals"
        self.decks.pushed = 0
        return self.line.take().decode("latin-1")

    async def settle(self):
        m = self.m
        m.tick(8)
        if m["busy"]:
            m.run_until("busy", 0, limit=DEADLOCK_NS // CLK_NS, what="console idle (deadlock)")
        m.tick(25 * self.tx_bit)

    async def reset(self):
        self.m["rst"] = 1
        self.m.tick(4)
        self.m["rst"] = 0

    async def boot(self):
        await self.reset()
        await self.settle()
        return self.answer()

    async def send_key(self, ch):
        assert not self.line.take(), "the console sent bytes nobody asked for"
        self.keys.write(ch)
        self.keys.flush()
        await self.settle()
        return self.answer()

    async def press(self, button, switches=0):
        assert not self.line.take(), "the console sent bytes nobody asked for"
        m = self.m
        m["sw"] = switches
        m.tick()
        m[button] = 1
        m.tick()
        m[button] = 0
        await self.settle()
        return self.answer()

    async def reset_while_answering(self, ch, deck):
        self.decks.append(deck)
        self.keys.write(ch)
        self.keys.flush()
        self.m.tick(self.rng.randint(0, 3000))
        self.deck.clear()
        self.decks.pushed = 0
        self.requests.take()
        await self.reset()
        self.line.take()
        self.line.resync()
        await self.settle()
        return self.answer()

    async def read_probe(self, addresses):
        return dict(zip(addresses, self.m.sweep("probe_addr", "probe_data", addresses)))

    def output(self, name):
        return self.m[name]


class _DeckQueue:
    """tb.decks of the console test: a deck the golden deal takes goes into the stream."""

    def __init__(self, console):
        self.console, self.pushed = console, 0

    def append(self, deck):
        self.console.deck.push(*deck)
        self.pushed += 1


def run_sync(coroutine):
    """Run a coroutine that never suspends (the engine answers at once)."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value
    raise RuntimeError("the soak driver suspended: it must not await a simulator")


def soak_table(params, seed, actions):
    """``actions`` random inputs; one in 100 aims a reset at a random clock of its command
    (at least one command in 250 is cut: one that finishes first is not)."""
    tb = FastHoldem(params, seed)
    run_sync(tb.reset())
    began = time.time()
    run_sync(play(tb, 0, seed, resets=actions // 250, actions=actions, reset_rate=0.01))
    return tb.seen, tb.m.cycle, time.time() - began


def soak_console(params, seed, inputs):
    """``inputs`` random inputs (keys, buttons; one in 100 answered by a reset)."""
    tb = FastConsole(params, seed)
    began = time.time()
    seen = run_sync(play_console(tb, rules_from(params.get), 0, seed, 0.01, inputs=inputs))
    return seen, tb.m.cycle, time.time() - began


def report(record_property, what, count, seen, clocks, seconds):
    line = (f"{what}: {count:,} checked in {seconds:.0f} s: {count / seconds:,.0f} per second, "
            f"{clocks / seconds / 1e6:.2f} M clocks/s; " + ", ".join(
                f"{k} {v:,}" for k, v in sorted(seen.items(), key=str) if isinstance(k, str)))
    record_property("figure", line)


# the table: a share of the million for each shape of game
TABLES = [
    pytest.param({}, 31, 0.4, id="2p"),
    pytest.param({"players": 3, "stack": 40}, 32, 0.3, id="3p-stack40"),
    pytest.param({"players": 4, "stack": 13, "small_blind": 2, "big_blind": 7}, 33, 0.3,
                 id="4p-stack13-blinds2-7"),
]
CONSOLES = [
    pytest.param({"players": 2}, 41, 0.5, id="2p"),
    pytest.param({"players": 4, "stack": 60, "small_blind": 1, "big_blind": 4}, 42, 0.5,
                 id="4p-stack60-blinds1-4"),
]


@pytest.mark.soak
@pytest.mark.parametrize("params,seed,share", TABLES)
def test_holdem_table_soak(params, seed, share, record_property):
    actions = round(TABLE_ACTIONS * share)
    seen, clocks, seconds = soak_table(params, seed, actions)
    report(record_property, f"holdem_table {params or 'default'}", seen["actions"], seen, clocks,
           seconds)
    assert seen["actions"] >= actions and seen["resets"] >= actions // 250
    assert seen["showdown"] and seen["fold-out"] and seen["game over"] and seen["split"]
    assert all(seen[code] for code in range(1, 14)), "a refusal code never came up"
    if params.get("players", 2) > 2:
        assert seen["side pot"], "no side pot"


@pytest.mark.soak
@pytest.mark.parametrize("params,seed,share", CONSOLES)
def test_holdem_console_soak(params, seed, share, record_property):
    inputs = round(CONSOLE_INPUTS * share)
    params = {"baud": FAST_BAUD, "tx_baud": CLK_HZ // 2, **params}
    seen, clocks, seconds = soak_console(params, seed, inputs)
    report(record_property, f"holdem_console {params}", seen["inputs"], seen, clocks, seconds)
    assert seen["inputs"] >= inputs and seen["resets"] and seen["games"] and seen["seat_reads"]
    if params["players"] > 2:       # a seat out of the game while a hand goes on: "-- --"
        assert seen["out_seat_reads"], seen
