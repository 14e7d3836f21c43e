"""The Hold'em table's testbench, shared by its test and the soak: the bench that gives commands
and checks every probe against the golden table, and a random game played on it."""

import copy
import os
import random
from collections import Counter

from cocotb.triggers import FallingEdge

from clocked import ClockedTB
from harness import param
from holdem_checks import (apply_step, check_probe, check_unchanged, expected_probe, hw_input,
                           rules_from, tally_end)

from pokerhdl.golden.cards import parse_cards
from pokerhdl.golden.holdem.contract import OP_ACT, OP_DEAL, OP_NEW_GAME, OP_SIT
from pokerhdl.golden.holdem.play import RandomAgent, shuffled_deck
from pokerhdl.golden.holdem.table import OK, PHASE_BETTING, REF_GAME_OVER, Table


HAND_BITS = param("hand_bits", 16)      # width of the hand counter (probe 0x5B)


TIMEOUT = 5000          # clocks for any command to be answered (settlement takes a few hundred)


def stacked_deck(n, dealer, holes, board):
    """A deck dealing ``holes`` {seat: "AhKh"} and ``board`` (no busted seats)."""
    order = [(dealer + i) % n for i in range(1, n + 1)]
    deck = [None] * (2 * n) + parse_cards(board)
    for j, seat in enumerate(order):
        deck[j], deck[n + j] = parse_cards(holes[seat])
    return deck + [c for c in range(52) if c not in deck]


class HoldemTB(ClockedTB):
    """Drives commands and the deck, reads the probe, keeps the golden twin."""

    idle_values = dict.fromkeys(("cmd_valid", "cmd_op", "cmd_seat", "cmd_action", "cmd_amount",
                                 "s_axis_tvalid", "s_axis_tdata", "probe_addr"), 0)

    def __init__(self, dut, seed=1):
        self.new_game(rules_from(param), seed)
        self.gap = float(os.environ.get("HOLDEM_GAP", "0.3"))   # chance the deck idles a clock
        self.cycle = 0
        super().__init__(dut)

    def new_game(self, rules, seed):
        """The golden side: the table's rules, the twin, the tallies (shared with the soak's
        FastHoldem)."""
        self.rules = rules
        self.n, self.w = rules.players, rules.chip_bits
        self.rng = random.Random(seed)
        self.table = self.fresh()
        self.last_code = OK
        self.latency = {}           # kind -> [cycles from command taken to result]
        self.seen = Counter()
        self.addresses = sorted(expected_probe(self.table, 0))

    def fresh(self):
        r = self.rules
        return Table(r.players, r.stack, r.small_blind, r.big_blind)

    async def tick(self):
        """One clock; the TB acts at falling edges (outputs settled, inputs seen next edge)."""
        await FallingEdge(self.dut.clk)
        self.cycle += 1

    async def reset(self, clocks=2):
        self.dut.rst.value = 1
        self.set_idle()
        for _ in range(clocks):
            await self.tick()
        self.dut.rst.value = 0
        await self.tick()
        self.table = self.fresh()
        self.last_code = OK

    async def read(self, addresses):
        """Probe reads, one per clock (data for an address set before edge t after edge t)."""
        values = {}
        for a in addresses:
            self.dut.probe_addr.value = a
            await self.tick()
            values[a] = int(self.dut.probe_data.value)
        return values

    async def check_probe(self, context=""):
        hw = await self.read(self.addresses)
        check_probe(hw, self.table, self.last_code, HAND_BITS, context)
        assert self.game_over_output() == self.table.game_over
        return hw

    def game_over_output(self):
        return int(self.dut.game_over.value)

    async def command(self, op, seat=0, action=0, amount=0, deck=(), reset_after=None):
        """Send one command; return (code, log entries, hand_done pulses, deck requests,
        cards taken, clocks from the command being taken to its result). With reset_after,
        assert reset that many clocks after the command is taken and return None."""
        d = self.dut
        d.cmd_op.value, d.cmd_seat.value, d.cmd_action.value = op, seat, action
        d.cmd_amount.value = amount
        d.cmd_valid.value = 1
        pending, taken_at = True, None
        queue, presenting, taken = list(deck), False, []
        logs, done, requests, code = [], 0, 0, None
        start = self.cycle
        while code is None:
            issuing = pending and int(d.cmd_ready.value)
            if not presenting and queue and self.rng.random() >= self.gap:
                d.s_axis_tdata.value = queue[0]
                d.s_axis_tvalid.value = 1
                presenting = True
            moving = presenting and int(d.s_axis_tready.value)
            await self.tick()
            assert self.cycle - start < TIMEOUT, f"no result after {TIMEOUT} clocks (deadlock)"
            if issuing:
                d.cmd_valid.value = 0
                pending, taken_at = False, self.cycle
            if moving:
                taken.append(queue.pop(0))
                d.s_axis_tvalid.value = 0
                presenting = False
            if int(d.log_valid.value):
                logs.append((int(d.log_seat.value), int(d.log_action.value),
                             int(d.log_put.value), int(d.log_total.value),
                             bool(int(d.log_allin.value))))
            done += int(d.hand_done.value)
            requests += int(d.deck_request.value)
            if int(d.res_valid.value):
                assert taken_at is not None, "a result before the command was taken"
                code = int(d.res_code.value)
            if reset_after is not None and taken_at is not None \
                    and self.cycle - taken_at >= reset_after:
                d.s_axis_tvalid.value = 0
                await self.reset(self.rng.randint(1, 3))
                return None
        d.s_axis_tvalid.value = 0
        return code, logs, done, requests, taken, self.cycle - taken_at

    # ------------------------------------------------------------------ golden + hardware
    def hw_input(self, inp):
        return hw_input(inp, self.w)

    async def step(self, inp, deck_rng, reset_after=None, check=True):
        """One input on both models; every output compared. Returns the golden code."""
        t = self.table
        inp = self.hw_input(inp)
        before = await self.read(self.addresses) if check else None
        deck = ()
        if inp[0] == "act":
            _, seat, action, amount = inp
            args = (OP_ACT, seat, action, amount)
        elif inp[0] == "deal":
            deck = shuffled_deck(deck_rng)
            args = (OP_DEAL,)
        elif inp[0] == "new_game":
            args = (OP_NEW_GAME,)
        elif inp[0] == "sit":
            _, seat, out = inp
            args = (OP_SIT, seat, out)
        else:
            raise ValueError(inp)
        got = await self.command(*args, deck=deck, reset_after=reset_after)
        if got is None:
            return None
        code, logs, done, requests, taken, clocks = got
        want, ended = apply_step(t, inp, deck, code, logs, done, requests, taken)
        self.last_code = want
        kind = inp[0] if want == OK else "refused"
        if ended:
            kind = tally_end(self.seen, t)
        self.latency.setdefault(kind, []).append(clocks)
        self.seen[want] += 1
        self.seen["actions"] += 1
        self.seen["sit"] += inp[0] == "sit"
        if check:
            context = f"hand {t.hand_no} input {inp}"
            after = await self.check_probe(context)
            if want != OK:
                check_unchanged(before, after, context)
        return want

    def report(self, label):
        lat = {k: (min(v), max(v), round(sum(v) / len(v), 1)) for k, v in self.latency.items()}
        self.dut._log.info("%s: clocks (min, max, mean) %s", label, lat)
        self.dut._log.info("%s: seen %s", label, dict(self.seen))


async def play(tb, hands, seed, resets=0, max_reset_clocks=80, actions=0, reset_rate=0.25):
    """Random games until `hands` hands have been dealt and `actions` inputs sent; `resets`
    resets at random moments (each input has a `reset_rate` chance while some are left)."""
    agent, deck_rng = RandomAgent(seed), random.Random(seed ^ 0x5EED)
    rng = random.Random(seed * 7 + 1)
    played = 0
    while played < hands or tb.seen["actions"] < actions or tb.seen["resets"] < resets:
        if tb.table.game_over and rng.random() < 0.5:
            # only a new game is taken now (the agent would send one straight away)
            for wrong in (("deal",), ("act", rng.randrange(tb.n), rng.randrange(8), 0)):
                assert await tb.step(wrong, deck_rng) == REF_GAME_OVER
        inp = agent.decide(tb.table)
        if tb.seen["resets"] < resets and rng.random() < reset_rate:
            # aim at the busy part of the command: settlement when it ends the hand, the
            # stream during a deal (a command that is done first is not reset)
            trial = copy.deepcopy(tb.table)
            ends = inp[0] == "act" and trial.act(*tb.hw_input(inp)[1:]) == OK \
                and trial.phase != PHASE_BETTING
            after = rng.randrange(0, max_reset_clocks if ends else 40)
            code = await tb.step(inp, deck_rng, reset_after=after)
            if code is None:
                tb.seen["resets"] += 1
                tb.seen["reset in " + ("a hand's last act" if ends else inp[0])] += 1
                await tb.check_probe(f"after a reset {after} clocks into {inp}")
                continue
        else:
            code = await tb.step(inp, deck_rng)
        played += inp[0] == "deal" and code == OK
    return played


async def start(dut, seed=1):
    tb = HoldemTB(dut, seed)
    await tb.reset()
    return tb
