"""Shared bench for the pipelined hand evaluators (eval5, eval7): drive one hand per clock,
check every answer in order against precomputed golden answers, and check its latency.

Expected answers come from pokerhdl.golden only: ``expect5``/``expect7`` turn a golden rank (or
its CardError) into what the ports must show.
"""

import random
from collections import deque

from cocotb.triggers import RisingEdge

from clocked import ClockedTB
from pokerhdl.golden import CardError, NO_CARD, card_text, rank5, rank7, scoring_cards
from pokerhdl.golden.hands import EVAL_LATENCY as LATENCY


def expect7(codes):
    """(word, invalid) that eval7 must answer for these codes."""
    try:
        return rank7(codes), 0
    except CardError:
        return 0, 1


def expect5(codes):
    """(word, invalid, mask) that eval5 must answer for these codes."""
    try:
        word = rank5(codes)
    except CardError:
        return 0, 1, 0
    return word, 0, sum(1 << i for i, scores in enumerate(scoring_cards(codes)) if scores)


class HandBench(ClockedTB):
    """Clock, reset and an in-order scoreboard for an evaluator with card0..card{slots-1}."""

    def __init__(self, dut, slots, with_mask=False):
        self.slots = slots
        self.cards = [getattr(dut, f"card{i}") for i in range(slots)]
        self.outputs = [dut.word, dut.invalid] + ([dut.mask] if with_mask else [])
        super().__init__(dut, idle={"in_valid": 0, **{f"card{i}": NO_CARD for i in range(slots)}})

    async def start(self):
        await self.reset()

    async def reset(self):
        await super().reset(clocks=3, settle=1, idle=True)

    async def run(self, cases, gap=0.0, rng=None, label=""):
        """Drive the hands of ``cases`` (an iterable of (hand, expected answer)) in order, one
        per clock unless a random idle clock (probability ``gap``, garbage on the card inputs)
        comes first; check that every answer equals the expected one, in order, exactly
        LATENCY clocks after its hand was taken. Returns the number of answers checked."""
        rng = rng or random.Random(1)
        dut, cards, outputs = self.dut, self.cards, self.outputs
        in_valid, out_valid = dut.in_valid, dut.out_valid
        edge = RisingEdge(dut.clk)
        pending = deque()          # (clock the hand was driven, hand, expected answer)
        cases = iter(cases)
        upcoming = next(cases, None)
        clock = checked = 0
        while upcoming is not None or pending:
            await edge
            clock += 1
            # outputs seen now were registered at the previous edge
            if int(out_valid.value):
                assert pending, f"{label}: out_valid with no hand in flight (clock {clock})"
                driven, hand, answer = pending.popleft()
                got = tuple(int(o.value) for o in outputs)
                assert got == answer, (
                    f"{label}: hand {_cards(hand)}: got {_show(got)}, expected {_show(answer)}")
                assert clock - driven == LATENCY + 1, (
                    f"{label}: hand {_cards(hand)} answered {clock - driven - 1} clocks late")
                checked += 1
            elif pending:
                assert clock - pending[0][0] <= LATENCY + 1, (
                    f"{label}: hand {_cards(pending[0][1])} not answered in {LATENCY} clocks")
            if upcoming is not None and not (gap and rng.random() < gap):
                hand = upcoming[0]
                for card, code in zip(cards, hand):
                    card.value = code
                in_valid.value = 1
                pending.append((clock, hand, upcoming[1]))
                upcoming = next(cases, None)
            else:
                in_valid.value = 0
                if gap:
                    for card in cards:
                        card.value = rng.randrange(64)
        in_valid.value = 0
        for _ in range(LATENCY + 2):       # nothing more may come out
            await edge
            assert not int(out_valid.value), f"{label}: out_valid with no hand in flight"
        return checked


async def check_hands(dut, slots, hands, expect, gap=0.0, seed=1, label="", with_mask=False):
    """A fresh bench on ``dut`` runs ``hands`` and checks every answer against
    ``expect(hand)`` (expect5 or expect7)."""
    bench = HandBench(dut, slots, with_mask=with_mask)
    await bench.start()
    checked = await bench.run([(h, expect(h)) for h in hands], gap=gap,
                              rng=random.Random(seed), label=label)
    assert checked == len(hands)
    dut._log.info("%s: %d hands checked", label, checked)


def _cards(hand):
    return "[" + " ".join(f"{c}" if not 0 <= c < 52 else card_text(c) for c in hand) + "]"


def _show(answer):
    word = answer[0]
    rest = ", ".join(str(v) for v in answer[1:])
    return f"(word 0x{word:06x}, {rest})"


def random_hand(rng, slots, real):
    """``real`` distinct random cards in random slots among ``slots``, NO_CARD elsewhere."""
    hand = [NO_CARD] * slots
    for slot, card in zip(rng.sample(range(slots), real), rng.sample(range(52), real)):
        hand[slot] = card
    return tuple(hand)


def bad_hands(rng, slots, count):
    """Hands that must raise invalid: an invalid code (52..62) or a duplicate card, in every
    slot or pair of slots, the rest random real cards or NO_CARD; and the all-empty hand."""
    hands = [tuple([NO_CARD] * slots)]
    for _ in range(count):
        for slot in range(slots):
            hand = list(random_hand(rng, slots, rng.randint(1, slots)))
            hand[slot] = rng.randrange(52, 63)
            hands.append(tuple(hand))
        for a in range(slots):
            for b in range(slots):
                if a != b:
                    hand = list(random_hand(rng, slots, rng.randint(1, slots)))
                    hand[b] = hand[a] if hand[a] != NO_CARD else rng.randrange(52)
                    hand[a] = hand[b]
                    hands.append(tuple(hand))
    return hands
