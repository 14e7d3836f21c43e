"""The run controller with progression (pokerhdl/games/balatro/run.py) against the golden run
(golden/balatro/run.py's BalatroRun), both languages: after every move the answer and every
view port (observe()'s fields, the hand slot by slot, the jokers, levels and shop field by
field, the preview of the switches with levels and jokers) are the golden ones.

One generator serves both streams, as on the board: each deck the hardware asks for
(deck_start) is dealt from it, and each word the shop takes (rng_word) is its next; the golden
run has a twin of that generator, so a deck or a shop item taken out of the golden's order
shows as a different hand or offer. Agents: the golden agent (balatro_agent.Agent: plays,
planets, jokers bought for what they give, sold and moved) mixed with random moves of every op
code and random masks (refusals, money spent to nothing on rerolls); a shopper on easy targets
that buys whatever it can, sells and moves at random (every condition kind of the table bought
and played, counters grown); hand-made cases of every refusal; a reset mid-move."""

import random
from collections import Counter

import cocotb
import pytest
from cocotb.triggers import ClockCycles, Event, FallingEdge, First, ReadOnly, RisingEdge

from harness import DEPTHS, HDLS, VHDL_FIRST, param, run_block
from balatro_tb import GameTB
from pokerhdl.games.balatro.run import RUN_BAD_OP, RUN_PREVIEW_LATENCY
from pokerhdl.golden.balatro.game import (ACT_DISCARD, ACT_NEW_RUN, ACT_PLAY, ACT_SORT_RANK,
                                          ACT_SORT_SUIT, HAND_SLOTS, OK, PHASE_PLAYING,
                                          PHASE_TITLE)
from pokerhdl.golden.balatro.agent import Agent, selections
from pokerhdl.golden.balatro.jokers import JOKER_SLOTS, JOKERS
from pokerhdl.golden.balatro.run import (ACT_BUY, ACT_LEAVE, ACT_MOVE, ACT_REROLL, ACT_SELL,
                                         PHASE_SHOP, REF_EMPTY_ITEM, REF_IN_SHOP, REF_NO_JOKER,
                                         REF_NO_MONEY, REF_NO_SLOT, REF_NOT_IN_SHOP,
                                         REF_SELECT_ONE, BalatroRun)
from pokerhdl.golden.balatro.game import (REF_EMPTY_SLOT, REF_NO_DISCARDS, REF_NOTHING_SELECTED,
                                          REF_RUN_OVER, REF_TOO_MANY)
from pokerhdl.golden.balatro.shop import NO_ITEM, is_joker, price
from pokerhdl.golden.rng import XorShift128
from pokerhdl.golden.shuffle import deal
from balatro_tb import expected_run_view, FIELDS, SCALARS

RULE_SETS = {
    "default": {},
    # every blind won by any play: many shops a run; a hand of 7 leaves a slot empty
    "easy": {"antes": 8, "ante_bases": [2, 2, 4, 4, 6, 6, 8, 8], "hand_size": 7},
}
SHOP_MOVES = (ACT_BUY, ACT_SELL, ACT_MOVE, ACT_REROLL, ACT_LEAVE)


class GeneratorDecks:
    """GameTB's deck source on the board's generator: each deck dealt from it when the
    hardware asks (deck_start); ``dealt`` is set at each deal (the word stream shows the
    generator's next word after it)."""

    def __init__(self, gen):
        self.gen = gen
        self.dealt = Event()

    def hardware(self):
        self.dealt.set()
        return deal(self.gen, 52).cards


class RunTB(GameTB):
    """test_balatro_game's bench (its deck stream, moves and waits) on the run controller:
    the golden run, one generator for both streams, the run's view."""
    idle_values = {**GameTB.idle_values, "rng_word": 0, "rng_valid": 0}

    def __init__(self, dut, seed):
        self.gen = XorShift128(seed)        # the board's generator: both streams
        super().__init__(dut, GeneratorDecks(self.gen))
        self.seen = Counter()               # (action, answer) of every move
        self.level_bits = len(dut.view_levels.value) // 9

    async def feed(self):
        cocotb.start_soon(self.words())
        await super().feed()

    def set_idle(self):
        """The idle inputs; the generator's stream stays on (valid, its word) through a reset."""
        super().set_idle()
        if getattr(self, "streaming", False):
            self.dut.rng_word.value, self.dut.rng_valid.value = self.gen.peek(), 1

    async def words(self):
        """The generator's words, always valid: the word shown at a falling edge is taken at
        the next rising edge when rng_ready is high then, and the next word is shown at the
        falling edge after; a deck dealt from the generator (at a falling edge) shows its
        next word from the falling edge after. While ready is low and no deck is dealt the
        bench sleeps until ready rises: after a rising edge (the state), or at a falling edge
        (the move inputs the bench sets then), which is then the falling edge it is seen at."""
        d = self.dut
        clk, ready, word, dealt = d.clk, d.rng_ready, d.rng_word, self.decks.dealt
        await FallingEdge(clk)
        word.value, d.rng_valid.value = self.gen.peek(), 1
        self.streaming = True
        while True:
            await ReadOnly()                    # at a falling edge
            if ready.value != 1:
                rises = RisingEdge(ready)
                if await First(rises, dealt.wait()) is not rises:
                    dealt.clear()
                    await FallingEdge(clk)
                    word.value = self.gen.peek()
                    continue
                await ReadOnly()
                if clk.value == 1:
                    await FallingEdge(clk)
                continue
            await FallingEdge(clk)              # taken at the rising edge between
            self.gen.next()
            dealt.clear()
            word.value = self.gen.peek()

    async def start(self, first=ACT_PLAY):
        """Reset: the title (no deck taken), checked; the golden run on the title takes a twin
        of the generator as it is now; then the first move, ``first``, starts the run."""
        self.queue = []
        await self.reset(idle=True)
        twin = XorShift128()
        twin.state = self.gen.state
        self.game = BalatroRun(rules=self.rules, rng=twin, title=True)
        await self.wait_ready()
        await self.check(0b1011)
        assert self.game.phase == PHASE_TITLE
        await self.play_move(first)

    async def play_move(self, action, mask=0, selection=None):
        """A move on both, then every view port checked with the switches at ``selection``
        (None: a random one)."""
        if selection is None:
            selection = random.Random(self.moves).randrange(1 << HAND_SLOTS)
        code = await super().play_move(action, mask, selection)
        self.seen[action, code] += 1
        return code

    preview_latency = RUN_PREVIEW_LATENCY

    def expected(self, selection):
        return expected_run_view(self.game, selection)

    def shown(self, want):
        d = self.dut
        got = {name: int(getattr(d, f"view_{name}").value) for name in SCALARS
               if name in want}
        for name, (bits, n) in FIELDS.items():
            bits = bits or self.level_bits
            flat = int(getattr(d, f"view_{name}").value)
            got[name] = tuple(flat >> bits * i & (1 << bits) - 1 for i in range(n))
        return got


def random_move(rng, run):
    """(action, mask): any op code, the masks a person might set, legal ones most often."""
    if run.phase == PHASE_SHOP:
        action = rng.choice(SHOP_MOVES + (ACT_PLAY, ACT_BUY, ACT_BUY))
    else:
        action = rng.choice((ACT_PLAY, ACT_PLAY, ACT_DISCARD, ACT_DISCARD, ACT_SORT_RANK,
                             ACT_SORT_SUIT) + SHOP_MOVES[:1])
    r = rng.random()
    if r < 0.1:
        return action, rng.randrange(1 << HAND_SLOTS)
    if r < 0.15:
        return action, 0
    if action in (ACT_PLAY, ACT_DISCARD):
        n = len(run.hand)
        return action, sum(1 << s for s in rng.sample(range(n), rng.randint(1, min(n, 5))))
    return action, 1 << rng.randrange(JOKER_SLOTS + 1)


def kinds_of(item):
    """The kinds of effect-table row a joker brings: its condition and its growth rule."""
    return {("condition", JOKERS[item].condition), ("grow", JOKERS[item].grow)}


def shopper_move(rng, run, bought=frozenset()):
    """(action, mask) of a shopper: in a blind its best play (a discard now and then); in the
    shop it buys what it can afford, a joker of a kind not in ``bought`` first (with five
    jokers held, it sells one first), moves or sells a joker now and then, tries a purchase
    or a reroll it cannot afford now and then, rerolls while it has the money, then
    leaves."""
    if run.phase == PHASE_PLAYING:
        if rng.random() < 0.2 and run.discards_left:
            return ACT_DISCARD, 1 << rng.randrange(len(run.hand))
        best = max(selections(len(run.hand)), key=lambda m: run.preview(m).score)
        return ACT_PLAY, best
    if rng.random() < 0.15 and run.jokers:
        return rng.choice((ACT_MOVE, ACT_SELL)), 1 << rng.randrange(len(run.jokers))
    offered = [k for k, item in enumerate(run.shop) if item != NO_ITEM]
    if offered and rng.random() < 0.05:
        return ACT_BUY, 1 << rng.choice(offered)
    if rng.random() < 0.05:
        return ACT_REROLL, 0
    offered.sort(key=lambda k: not (is_joker(run.shop[k]) and kinds_of(run.shop[k]) - bought))
    for slot in offered:
        if price(run.shop[slot]) > run.money:
            continue
        if is_joker(run.shop[slot]) and len(run.jokers) == JOKER_SLOTS:
            return ACT_SELL, 1 << rng.randrange(JOKER_SLOTS)
        return ACT_BUY, 1 << slot
    if run.money >= run.reroll_price and rng.random() < 0.8:
        return ACT_REROLL, 0
    return ACT_LEAVE, 0


async def play_runs(tb, rng, chooser, moves):
    """Runs of moves by ``chooser(rng, run, kinds)`` until ``moves`` moves are made; a new run
    when one ends. Returns the kinds of joker rows bought (kinds_of) and the planets
    bought."""
    kinds, planets, ends = set(), 0, []
    while tb.moves < moves:
        run = tb.game
        if run.phase not in (PHASE_PLAYING, PHASE_SHOP):
            ends.append((run.phase, run.ante, run.blind))
            await tb.play_move(ACT_NEW_RUN)
            continue
        action, mask = chooser(rng, run, kinds)
        before = list(run.shop)
        code = await tb.play_move(action, mask)
        if code == OK and action == ACT_BUY:
            item = before[mask.bit_length() - 1]
            if is_joker(item):
                kinds |= kinds_of(item)
            else:
                planets += 1
    return kinds, planets, ends


@cocotb.test()
async def agent_runs(dut):
    """The golden agent's moves, one in five replaced by a random move."""
    rng = random.Random(param("rules_name"))
    tb = RunTB(dut, rng.getrandbits(128) or 1)
    await tb.start()
    agent = Agent()
    pending = []

    def choose(rng, run, kinds):
        if rng.random() < 0.2:
            pending.clear()
            return random_move(rng, run)
        if not pending:
            pending.extend([agent.blind_move(run)] if run.phase == PHASE_PLAYING
                           else agent.shop_moves(run))
        return pending.pop(0)

    kinds, planets, ends = await play_runs(tb, rng, choose, param("moves"))
    assert await tb.move(RUN_BAD_OP, 1) == RUN_BAD_OP
    await tb.wait_ready()
    await tb.check(0)
    dut._log.info(f"{tb.moves} moves, answers {dict(tb.seen)}, runs ended {ends}, "
                  f"planets bought {planets}, joker kinds {sorted(kinds)}")


@cocotb.test()
async def shopper_runs(dut):
    """A shopper on easy targets: jokers of every condition kind bought and played, planets,
    sales, moves, rerolls until the money runs out."""
    rng = random.Random(1)          # seeds whose golden runs buy every kind in 260 moves
    tb = RunTB(dut, 12346)
    await tb.start()
    kinds, planets, ends = await play_runs(tb, rng, shopper_move, param("moves"))
    dut._log.info(f"{tb.moves} moves, answers {dict(tb.seen)}, runs ended {ends}, "
                  f"planets bought {planets}, joker kinds {sorted(kinds)}")
    wanted = {("condition", j.condition) for j in JOKERS} | {("grow", j.grow) for j in JOKERS}
    assert kinds == wanted, f"never bought: {sorted(wanted - kinds)}"
    assert planets and tb.seen[ACT_SELL, OK] and tb.seen[ACT_MOVE, OK]
    assert tb.seen[ACT_REROLL, OK] and tb.seen[ACT_REROLL, REF_NO_MONEY]


@cocotb.test()
async def every_refusal(dut):
    """Each refusal of the run, made on purpose (the golden decides the answer; the test asks
    that it is the refusal meant, so that each case is reached): in a blind, in the shop,
    with five jokers, out of money, after the run."""
    rng = random.Random(11)
    tb = RunTB(dut, 777)
    await tb.start()
    run = tb.game

    async def refused(action, mask, code):
        assert await tb.play_move(action, mask) == code, (action, mask, code)

    await refused(ACT_BUY, 1, REF_NOT_IN_SHOP)
    await refused(ACT_REROLL, 0, REF_NOT_IN_SHOP)
    await refused(ACT_LEAVE, 0, REF_NOT_IN_SHOP)
    await refused(ACT_PLAY, 0, REF_NOTHING_SELECTED)
    await refused(ACT_PLAY, 0b111111, REF_TOO_MANY)
    while run.discards_left:
        await tb.play_move(ACT_DISCARD, 0b11)
    await refused(ACT_DISCARD, 1, REF_NO_DISCARDS)
    # win blinds until a shop with five jokers held is reached
    while run.phase != PHASE_SHOP:
        await tb.play_move(*shopper_move(rng, run))
    await refused(ACT_PLAY, 1, REF_IN_SHOP)
    await refused(ACT_DISCARD, 1, REF_IN_SHOP)
    await refused(ACT_SORT_SUIT, 0, REF_IN_SHOP)
    for action in (ACT_BUY, ACT_SELL, ACT_MOVE):
        await refused(action, 0, REF_NOTHING_SELECTED)
        await refused(action, 0b11, REF_SELECT_ONE)
    await refused(ACT_BUY, 0b100, REF_EMPTY_ITEM)
    if not run.jokers:
        await refused(ACT_SELL, 1, REF_NO_JOKER)
        await refused(ACT_MOVE, 1, REF_NO_JOKER)
    seen = {REF_NO_SLOT: False, REF_NO_MONEY: False}
    while not all(seen.values()):
        if run.phase not in (PHASE_PLAYING, PHASE_SHOP):
            await tb.play_move(ACT_NEW_RUN)
            continue
        if run.phase == PHASE_SHOP and len(run.jokers) == JOKER_SLOTS:
            slot = next((k for k, i in enumerate(run.shop) if is_joker(i)), None)
            if slot is not None:
                seen[REF_NO_SLOT] = True
                await refused(ACT_BUY, 1 << slot, REF_NO_SLOT)
        if run.phase == PHASE_SHOP and run.money < run.reroll_price:
            seen[REF_NO_MONEY] = True
            await refused(ACT_REROLL, 0, REF_NO_MONEY)
            await refused(ACT_SELL, 1 << JOKER_SLOTS, REF_NO_JOKER)
        action, mask = shopper_move(rng, run)
        if run.phase == PHASE_SHOP and action == ACT_SELL:
            action, mask = ACT_LEAVE, 0           # keep the five jokers
        await tb.play_move(action, mask)
    while run.phase in (PHASE_PLAYING, PHASE_SHOP):
        await tb.play_move(ACT_LEAVE if run.phase == PHASE_SHOP else ACT_PLAY, 1)
    for action in (ACT_PLAY, ACT_BUY, ACT_REROLL, ACT_LEAVE, ACT_SELL):
        await refused(action, 1, REF_RUN_OVER)
    await refused(ACT_PLAY, 1 << 7, REF_RUN_OVER)
    assert await tb.move(RUN_BAD_OP, 0) == RUN_BAD_OP
    await tb.wait_ready()
    await tb.check(0)
    await tb.play_move(ACT_NEW_RUN)
    await refused(ACT_PLAY, 0b10000001, REF_EMPTY_SLOT)       # a hand of 7


@cocotb.test()
async def reset_mid_move(dut):
    """A reset at any clock of a move (a play's scoring, the draw, the shop's draws, a
    blind's drain) starts a clean run on the title, the golden's from the generator's state
    then."""
    rng = random.Random(7)
    tb = RunTB(dut, 4242)
    await tb.start()
    for trial in range(6):
        for _ in range(rng.randint(2, 12)):
            await tb.play_move(*shopper_move(rng, tb.game))
        d = dut
        await FallingEdge(d.clk)
        action = ACT_PLAY if tb.game.phase == PHASE_PLAYING else ACT_REROLL
        d.cmd_op.value, d.cmd_mask.value, d.cmd_valid.value = action, 1, 1
        await ClockCycles(d.clk, rng.randint(1, 150))
        await tb.start(first=rng.choice((ACT_PLAY, ACT_BUY, ACT_LEAVE, ACT_NEW_RUN)))


def run_variant(hdl, rules_name, testcase, moves, tag):
    run_block("balatro_run", hdl, __name__, params={**RULE_SETS[rules_name]},
              testcase=testcase, extra_env={"PARAM_RULES_NAME": f'"{rules_name}"',
                                            "PARAM_MOVES": str(moves)}, tag=tag)


# the refusals and the shopper: VHDL_FIRST (test_agent_runs takes both conversions through
# moves of every kind in the regression)
@pytest.mark.parametrize("hdl", VHDL_FIRST)
def test_refusals_and_reset(hdl):
    run_variant(hdl, "easy", ["every_refusal", "reset_mid_move"], 0, "-cases")


@pytest.mark.parametrize("hdl", VHDL_FIRST)
def test_shopper(hdl):
    run_variant(hdl, "easy", ["shopper_runs"], 260, "-shopper")


@pytest.mark.parametrize("depth", DEPTHS)
@pytest.mark.parametrize("hdl", HDLS)
def test_agent_runs(hdl, depth):
    """The deep stage's agent goes on from the regression's seed (its first moves are the
    regression's)."""
    run_variant(hdl, "default", ["agent_runs"], {"short": 60, "long": 300}[depth],
                f"-agent-{depth}")


@pytest.mark.slow
@pytest.mark.parametrize("hdl", HDLS)
@pytest.mark.parametrize("rules_name", list(RULE_SETS))
def test_agent_runs_long(hdl, rules_name):
    run_variant(hdl, rules_name, ["agent_runs"], 2000, f"-agent-long-{rules_name}")
