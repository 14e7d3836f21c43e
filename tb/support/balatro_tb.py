"""Balatro's testbenches, shared by the game, run and screen tests: the move-by-move bench of the
game controller, and the run's view as the golden run predicts it."""

import cocotb
from cocotb.triggers import ClockCycles, FallingEdge, ReadOnly, RisingEdge

from balatro_checks import expected_view
from clocked import ClockedTB
from harness import param

from pokerhdl.games.balatro.game import PREVIEW_LATENCY, rules_of
from pokerhdl.golden.balatro.game import ACT_PLAY, BalatroGame, PHASE_TITLE
from pokerhdl.golden.balatro.game import HAND_SLOTS, MAX_SELECT
from pokerhdl.golden.balatro.jokers import JOKER_SLOTS, score_play
from pokerhdl.golden.balatro.shop import NO_ITEM
from pokerhdl.golden.cards import NO_CARD


RULE_KEYS = ("hands", "discards", "hand_size", "max_select", "antes", "blinds_per_ante",
             "ante_bases", "play_out")


VIEW = ("hand_len", "phase", "ante", "blind", "target", "score", "hands_left", "discards_left",
        "deck_left", "result", "last_category", "last_chips", "last_mult", "last_score",
        "pick_count", "pick_category", "pick_chips", "pick_mult")


def rules_from_env():
    return rules_of(**{k: param(k) for k in RULE_KEYS if param(k) is not None})


class GameTB(ClockedTB):
    idle_values = {"cmd_valid": 0, "cmd_op": 0, "cmd_mask": 0, "selection": 0,
                   "deck_data": 0, "deck_valid": 0}

    def __init__(self, dut, decks):
        super().__init__(dut)
        self.rules = rules_from_env()
        self.decks = decks
        self.queue = []
        self.game = None
        self.moves = 0
        cocotb.start_soon(self.feed())

    async def feed(self):
        """The deck stream: a new deck at each deck_start, which must find the last one
        drained. Between decks it sleeps until deck_start rises (a register: just after a
        rising edge, so the deck is offered from the next falling edge, as at every clock)."""
        d = self.dut
        clk, valid, ready, start, data = (d.clk, d.deck_valid, d.deck_ready, d.deck_start,
                                          d.deck_data)
        while True:
            if not self.queue:
                await RisingEdge(start)
                await FallingEdge(clk)
                self.queue = list(self.decks.hardware())
                valid.value, data.value = 1, self.queue[0]
                continue
            await RisingEdge(clk)
            await ReadOnly()
            took = valid.value == 1 and ready.value == 1
            started = start.value == 1
            await FallingEdge(clk)
            if took:
                self.queue.pop(0)
            if started:
                assert not self.queue, f"{len(self.queue)} cards of the last deck not drained"
                self.queue = list(self.decks.hardware())
            valid.value = int(bool(self.queue))
            data.value = self.queue[0] if self.queue else 0

    async def start(self, first=ACT_PLAY):
        """Reset: the title (no deck taken), checked; then the first move, ``first`` with
        nothing selected (a refused play were the run dealt), starts a clean run on the next
        deck, as it does the golden game's."""
        self.queue = []
        await self.reset(idle=True)
        self.game = BalatroGame(self.decks.golden, self.rules, title=True)
        await self.wait_ready()
        await self.check(0b1011)
        assert self.game.phase == PHASE_TITLE
        await self.play_move(first)

    async def wait_ready(self, clocks=400):
        for _ in range(clocks):
            await RisingEdge(self.dut.clk)
            if self.dut.cmd_ready.value == 1:
                return
        raise AssertionError(f"not ready within {clocks} clocks")

    async def move(self, action, mask=0):
        """One move on the hardware; returns its answer. Keeps the clocks from the move's
        acceptance to its answer (``clocks``) and to the score's first change (``scored``,
        None when it did not change): make bench's figures."""
        d = self.dut
        before = int(d.view_score.value)
        await FallingEdge(d.clk)
        d.cmd_op.value, d.cmd_mask.value, d.cmd_valid.value = action, mask, 1
        await RisingEdge(d.clk)
        while d.cmd_ready.value != 1:
            await RisingEdge(d.clk)
        await FallingEdge(d.clk)
        d.cmd_valid.value = 0
        self.clocks, self.scored = 0, None
        while self.clocks < 400:
            if d.res_valid.value == 1:
                self.moves += 1
                return int(d.res_code.value)
            await RisingEdge(d.clk)
            await ReadOnly()
            self.clocks += 1
            if self.scored is None and int(d.view_score.value) != before:
                self.scored = self.clocks
        raise AssertionError("no answer in 400 clocks")

    async def play_move(self, action, mask=0, selection=0):
        """A move on both, then every view port checked with the switches at ``selection``."""
        code = await self.move(action, mask)
        want = self.game.act(action, mask)
        assert code == want, f"move {action} {mask:08b}: answer {code}, golden {want}"
        await self.wait_ready()
        await self.check(selection)
        return code

    async def check(self, selection):
        """The switches at ``selection``, then every view port against the golden's once the
        preview is out (preview_latency)."""
        d = self.dut
        await FallingEdge(d.clk)
        d.selection.value = selection
        await ClockCycles(d.clk, self.preview_latency + 1)
        await ReadOnly()
        want = self.expected(selection)
        got = self.shown(want)
        wrong = {k: (got[k], want[k]) for k in got if got[k] != want[k]}
        assert not wrong, f"after {self.moves} moves, (hardware, golden): {wrong}"

    preview_latency = PREVIEW_LATENCY

    def expected(self, selection):
        return expected_view(self.game, selection)

    def shown(self, want):
        """The view ports as ``want`` has them (the preview's only when there is one)."""
        d = self.dut
        flat = int(d.view_hand.value)
        got = {"hand": tuple(flat >> 6 * i & 63 for i in range(8))}
        for name in VIEW:
            if name.startswith("pick_") and name != "pick_count" and name not in want:
                continue
            got[name] = int(getattr(d, f"view_{name}").value)
        return got


SCALARS = ("hand_len", "phase", "ante", "blind", "target", "score", "hands_left",
           "discards_left", "deck_left", "result", "last_category", "last_chips", "last_mult",
           "last_score", "money", "played", "reroll_price", "joker_count", "pick_count",
           "pick_category", "pick_chips", "pick_mult", "payout_reward", "payout_hands",
           "payout_interest")


FIELDS = {"hand": (6, HAND_SLOTS), "levels": (None, 9), "jokers": (6, JOKER_SLOTS),
          "counters": (7, JOKER_SLOTS), "shop": (6, 2), "shop_prices": (4, 2)}


def expected_run_view(run, selection):
    """What the view ports must show: observe() with its tuples as fixed fields, and the
    preview of the selected cards with the run's levels, jokers and blind."""
    v = run.observe()
    hand, jokers = list(v["hand"]), list(v["jokers"])
    v.update(hand_len=len(hand), hand=tuple(hand + [NO_CARD] * (HAND_SLOTS - len(hand))),
             joker_count=len(jokers),
             jokers=tuple(jokers + [NO_ITEM] * (JOKER_SLOTS - len(jokers))),
             counters=tuple(list(v["counters"]) + [0] * (JOKER_SLOTS - len(jokers))))
    v["payout_reward"], v["payout_hands"], v["payout_interest"] = v.pop("payout")
    cards = [c for k, c in enumerate(run.hand) if selection >> k & 1]
    v["pick_count"] = len(cards)
    if 1 <= len(cards) <= MAX_SELECT:
        s = score_play(cards, run.levels, run.jokers, run.counters, run.blind_state)
        v.update(pick_category=s.category, pick_chips=s.chips, pick_mult=s.mult)
    return v
