"""The Hold'em console (holdem_ui + holdem_table) played through its UART and panel.

Random agents (golden holdem_play.RandomAgent, legal and illegal inputs) choose every move; each
move becomes keystrokes on rxd (or a button press with switches), the golden Terminal predicts
the TX text, and after every answer the test checks: the TX bytes equal the golden terminal's,
every observable in the probe window equals the golden Table's, the LEDs and the 7-segment
figure follow the golden table, and privacy: a seat's two hole cards appear in the output only
after h (or BTNL) on that seat's turn, after s<seat> naming it, or in the showdown lines of a
hand it played to the end.
Invariants are checked on the probed values themselves too (chips conserved, no card twice), the
UI must answer every input within DEADLOCK_NS, and now and then a reset lands at a random clock
while an answer is being drawn: the console must boot into a clean new game.

Keys arrive at clk/8 (the fastest rate the receiver samples); the regression draws the table at
clk/2 (tx_baud) so a hand costs little simulated time; the slow test uses clk/8 both ways.
"""

import os
import random
from collections import Counter, deque

import cocotb
import pytest
from cocotb.triggers import ClockCycles, FallingEdge, RisingEdge

from harness import HDLS, in_turns, param, run_block
from holdem_checks import check_probe, expected_probe, panel_of, rules_from
from terminal_tb import TerminalTB
from pokerhdl.golden.cards import NO_CARD, format_cards
from pokerhdl.golden.holdem.table import (ALLIN, BET, CALL, CHECK, FOLD, PHASE_BETTING,
                                    PHASE_GAME_OVER, RAISE, Table, cards_needed)
from pokerhdl.golden.holdem.play import RandomAgent, shuffled_deck
from pokerhdl.golden.holdem.terminal import FOLD_SWITCH, HoldemTerminal

CLK_NS = 10
CLK_HZ = 100_000_000
FAST_BAUD = CLK_HZ // 8
DEADLOCK_NS = 5_000_000      # the longest answer (a showdown at clk/8) takes well under 1 ms
KEYS = {FOLD: "f", CHECK: "k", CALL: "c", ALLIN: "a"}


class TB(TerminalTB):
    idle_values = dict.fromkeys(("sw", "btn_act", "btn_up", "btn_down", "btn_reveal",
                                 "btn_deal", "s_axis_tvalid", "s_axis_tdata", "probe_addr"), 0)

    deadlock_ns = DEADLOCK_NS

    def __init__(self, dut, seed):
        super().__init__(dut, CLK_HZ, param("baud", FAST_BAUD), param("tx_baud"))
        self.rng = random.Random(seed)
        self.decks = deque()
        self.feeder = cocotb.start_soon(self.deck_feeder())

    async def reset(self):
        await super().reset(clocks=4)

    async def deck_feeder(self):
        dut = self.dut
        while True:
            await RisingEdge(dut.deck_request)
            assert self.decks, "the table asked for a deck the golden deal did not take"
            for card in self.decks.popleft():
                if self.rng.random() < 0.2:             # a gap in the stream
                    dut.s_axis_tvalid.value = 0
                    await ClockCycles(dut.clk, self.rng.randint(1, 3))
                dut.s_axis_tdata.value = card
                dut.s_axis_tvalid.value = 1
                while True:
                    await RisingEdge(dut.clk)
                    if int(dut.s_axis_tready.value):
                        break
            dut.s_axis_tvalid.value = 0

    async def reset_while_answering(self, ch, deck):
        """Send a key, then reset at a random clock of its answer (a deal may be taking
        ``deck``); returns what the console sends after the reset."""
        self.decks.append(deck)
        await self.line.type(ch)
        await ClockCycles(self.dut.clk, self.rng.randint(0, 3000))
        self.feeder.cancel()
        self.decks.clear()
        self.dut.s_axis_tvalid.value = 0
        await self.reset()
        start = len(self.line.text)
        self.line.listen()
        self.feeder = cocotb.start_soon(self.deck_feeder())
        await self.settle()
        return self.line.since(start)

    async def boot(self):
        """Reset; the text the console sends as it boots."""
        await self.reset()
        await self.settle()
        return self.line.since(0)

    async def read_probe(self, addresses):
        await FallingEdge(self.dut.clk)                 # writes away from the clock edge
        values = {}
        for addr in addresses:
            self.dut.probe_addr.value = addr
            await RisingEdge(self.dut.clk)
            await FallingEdge(self.dut.clk)
            values[addr] = int(self.dut.probe_data.value)
        return values

    def output(self, name):
        return int(getattr(self.dut, name).value)


async def check_observables(tb, t):
    """Every probe address against the golden table (the console's commands are its own, so
    the last result code is left out); chips conserved and no card twice on the hardware's
    own figures first."""
    addresses = sorted(expected_probe(t))
    check_probe(await tb.read_probe(addresses), t, context="console")


def check_panel(tb, t, view):
    led = tb.output("led")
    want, figure = panel_of(t, view)
    assert led == want, f"led {led:#06x} != {want:#06x}"
    assert tb.output("disp_value") == figure, ("display", view, figure)


def check_privacy(t, answer, asked_on_turn, showdown):
    """A seat's hole cards in an answer: only its own request (h on its turn, s<seat>), or a
    showdown."""
    for s in range(t.n):
        if t.hole[s][0] == NO_CARD:
            continue
        if format_cards(t.hole[s]) in answer:
            shown = showdown and t.result is not None and t.result.showdown \
                and t.result.words[s] is not None
            assert s == asked_on_turn or shown, f"P{s}'s cards leaked: {answer!r}"


async def read_seat(tb, term, seat, rng, seen):
    """s<seat><Enter>: (the golden answer, the console's); counts the reads of a seat's cards
    in ``seen`` (and of a seat out of the game: "-- --")."""
    want = got = ""
    for ch in f"s{seat}" + rng.choice("\r\n"):
        want += term.key(ch)
        got += await tb.send_key(ch)
    seen["seat_reads"] += " cards " in want
    seen["out_seat_reads"] += " cards -- --" in want
    return want, got


def keys_for(inp, rng):
    """Keystrokes for one agent input (the seat is always the one to act)."""
    if inp[0] == "deal":
        return "d"
    if inp[0] == "new_game":
        return "n"
    _, _, action, amount = inp
    if action in KEYS:
        key = KEYS[action]
        return key.upper() if rng.random() < 0.1 else key
    if action in (BET, RAISE):
        letter = "b" if action == BET else "r"
        roll = rng.random()
        if roll < 0.04:
            return letter + "\r"                      # no digits
        if roll < 0.08:
            return letter + "1x"                      # not a digit
        return f"{letter}{amount}" + rng.choice("\r\n")
    return rng.choice("xz?5")                         # unknown action code: unknown key


async def play_console(tb, rules, hands, seed, reset_rate, inputs=0):
    """Random agents play through the console's keys and buttons until ``hands`` hands have
    ended and ``inputs`` inputs were sent, every answer checked (module docstring); returns a
    Counter of what was seen. ``tb`` is the cocotb TB here, or the fast engine's console in
    the soak test."""
    deck_rng = random.Random(seed ^ 0x5EED)

    def next_deck():
        deck = shuffled_deck(deck_rng)[:cards_needed(sum(not b for b in table.busted))]
        tb.decks.append(deck)
        return deck

    def fresh_table():
        return Table(rules.players, rules.stack, rules.small_blind, rules.big_blind)

    table = fresh_table()
    term = HoldemTerminal(table, next_deck)
    seen = Counter()
    agent = RandomAgent(seed, illegal_rate=0.15, deal_rate=0.02)
    rng = tb.rng
    reads = random.Random(seed ^ 0x5EA7)       # seat reads: the other draws stay as they were
    view = 0
    assert await tb.boot() == term.boot()
    while seen["hands"] < hands or seen["inputs"] < inputs:
        # sometimes look at one's cards or redraw first
        roll = rng.random()
        if roll < 0.25:
            asker, pick = table.to_act, rng.random()
            if pick < 0.35:
                want, got = term.key("h"), await tb.send_key("h")
            elif pick < 0.7:
                want, got = term.press("left"), await tb.press("btn_reveal")
            else:                                       # a seat's cards: the server's read
                asker = reads.randrange(table.n + 2)    # and two seats the table lacks
                want, got = await read_seat(tb, term, asker, reads, seen)
            assert got == want, (got, want)
            check_privacy(table, got, asker, False)
            seen["inputs"] += 1
        elif roll < 0.3:
            want, got = term.key("t"), await tb.send_key("t")
            assert got == want
            check_privacy(table, got, None, False)
            seen["inputs"] += 1
        elif roll < 0.35:
            button = rng.choice(("btn_up", "btn_down"))
            view = (view + (1 if button == "btn_up" else -1)) % 4
            assert await tb.press(button) == ""
            seen["inputs"] += 1
        inp = agent.decide(table)
        seen["inputs"] += 1
        if rng.random() < reset_rate:
            deck = shuffled_deck(rng)[:cards_needed(sum(not b for b in table.busted))]
            got = await tb.reset_while_answering(keys_for(inp, rng)[0], deck)
            table = fresh_table()
            term = HoldemTerminal(table, next_deck)
            view = 0
            seen["resets"] += 1
            assert got == term.boot(), f"after a reset: {got!r}"
            await check_observables(tb, table)
            check_panel(tb, table, view)
            continue
        was_betting, hand_before = table.phase == PHASE_BETTING, table.hand_no
        use_panel = inp[0] == "act" and inp[2] in (FOLD, CHECK, CALL, BET, RAISE) \
            and 0 <= inp[3] < FOLD_SWITCH and rng.random() < 0.15
        if use_panel:
            action, amount = inp[2], inp[3]
            switches = FOLD_SWITCH if action == FOLD else amount if action in (BET, RAISE) else 0
            want, got = term.press("center", switches), await tb.press("btn_act", switches)
        elif inp[0] == "deal" and rng.random() < 0.2:
            want, got = term.press("right"), await tb.press("btn_deal")
        else:
            want = got = ""
            for ch in keys_for(inp, rng):
                want += term.key(ch)
                got += await tb.send_key(ch)
        assert got == want, f"TX differs after {inp}:\n got {got!r}\nwant {want!r}"
        # a hand ends by an action, or within its deal when the blinds put everyone all-in
        ended = table.phase != PHASE_BETTING and (was_betting or table.hand_no != hand_before)
        check_privacy(table, got, None, ended)
        if table.hand_no != hand_before and not ended and reads.random() < 0.5:
            for seat in reads.sample(range(table.n + 1), table.n + 1):  # as the server does
                want, got = await read_seat(tb, term, seat, reads, seen)
                assert got == want, (got, want)
                check_privacy(table, got, seat, False)
        seen["hands"] += ended
        seen["games"] += ended and table.phase == PHASE_GAME_OVER
        await check_observables(tb, table)
        check_panel(tb, table, view)
    return seen


@cocotb.test()
async def play_games(dut):
    hands = int(os.environ.get("UI_HANDS", 4))
    seed = param("seed", 1)
    rules = rules_from(param)
    tb = TB(dut, seed)
    seen = await play_console(tb, rules, hands, seed, float(os.environ.get("UI_RESET_RATE", 0.01)))
    dut._log.info("%d hands finished, %d games over, %d resets, %d TX bytes", seen["hands"],
                  seen["games"], seen["resets"], len(tb.line.text))
    missing = [k for k in os.environ.get("UI_MUST_SEE", "").split() if not seen[k]]
    assert not missing, f"the game never showed: {missing} ({dict(seen)})"


def _params(**extra):
    return {"baud": FAST_BAUD, **extra}


# Per language: a hand at four seats, and short stacks that play games to their last chip with
# resets at one input in 16. Depth comes from the soak test (tb/test_holdem_soak.py, the fast
# engine: 100,000 inputs).
GAMES = [
    pytest.param({"players": 4}, 3, 1, "hands seat_reads", id="4p"),   
    pytest.param({"players": 2, "stack": 60, "small_blind": 1, "big_blind": 4}, 4, 5,
                 "resets games", id="2p-stack60-blinds1-4"),
]


@pytest.mark.parametrize("hdl,params,seed,hands,must_see", in_turns(GAMES))
def test_holdem_ui(hdl, params, seed, hands, must_see):
    run_block("holdem_console", hdl, __name__, params=_params(tx_baud=CLK_HZ // 2, **params),
              extra_env={"UI_HANDS": str(hands), "PARAM_SEED": str(seed),
                         "UI_RESET_RATE": "0.06", "UI_MUST_SEE": must_see})


@pytest.mark.slow
@pytest.mark.parametrize("hdl", HDLS)
def test_holdem_ui_three_players_long(hdl):
    """Keys and the table both at clk/8, as the default test did before tx_baud."""
    run_block("holdem_console", hdl, __name__, params=_params(players=3),
              extra_env={"UI_HANDS": "30", "PARAM_SEED": "7", "UI_MUST_SEE": "games"})
