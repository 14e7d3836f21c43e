"""Shared bench for the pipelined hand evaluators (eval5, eval7): drive one hand per clock,
check every answer in order against precomputed golden answers, and check its latency.

Expected answers come from pokerhdl.golden only: ``expect5``/``expect7`` turn a golden rank (or
its CardError) into what the ports must show.
"""

import random
from collections import deque
from itertools import combinations, islice

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


TRAPS = [
    "As Ah Ad Ks Kh Kd 2c",      # two trips: aces full of kings
    "5s 5h 5d Ks Kh Kd Ac",      # two trips, the lower first: kings full of fives
    "7s 7h 7d 5s 5h 5d Kc",      # two trips and a kicker: sevens full of fives
    "7s 7h 7d 5s 5h Kd Kc",      # trips and two pairs: the higher pair fills
    "2h 3h 4h 5c 6h 9h Kh",      # flush and straight, no straight flush: flush
    "5h 6h 7h 8h 9h Th 2h",      # straight flush inside a seven-card flush
    "9h Th Jh Qh Kh 2h 3d",      # royal inside a six-card flush
    "9h Th Jh Qh 8h 7h Ac",      # straight flush queen high among six hearts
    "Ah 2c 3d 4s 5h 9c Kd",      # wheel
    "Ah 2c 3d 4s 5h 6c Kd",      # six-high beats the wheel
    "Ah 2h 3h 4h 5h Kc Kd",      # steel wheel
    "Ah 2h 3h 4h 5h 6c 7c",      # steel wheel beats a seven-high straight
    "Ah 2h 3h 4h 5h 6h Kd",      # six-high straight flush beats the steel wheel
    "As Ad Ks Kd Qs Qd 2c",      # three pairs: the third pair is the kicker
    "As Ad Ks Kd 2s 2d Qc",      # three pairs: a single card is the kicker
    "9s 9d 5s 5d 2s 2d 3c",      # three pairs, kicker 3 over the pair of twos
    "As Ah Ad Ac Ks Kh Kd",      # quads with trips
    "2s 2h 2d 2c Ks Kh 3d",      # quads with a pair and a single
    "2s 2h 2d 2c 3s 3h 4d",      # quads: the kicker is the single four
    "2h 4h 6h 8h Th Qh Ah",      # seven hearts, no straight: flush of the top five
    "2h 3h 4h 5h 6h 7h 8h",      # seven hearts in a row: eight-high straight flush
    "5s 5h 5d 6c 7h 8d 9s",      # trips inside a straight: straight
    "Ts Jh Qd Kc As 9d 8h",      # broadway among seven
    "Ts Jh Qd Kc As 2d 3h",      # broadway, no wheel
    "Ks Qs Js Ts 9s 8s As",      # royal flush and king-high below it
    "Ah Kd 9s 7c 5h 3d 2c",      # high card, the two lowest dropped
    "Ah Ad 9s 7c 5h 3d 2c",      # pair, kickers 9 7 5
    "Ah Ad 9s 9c 5h 5d 2c",      # three pairs again, kicker 5 over 2
]


FIVE_CARD_SLOTS = 5


ALL_FIVE_CARD_HANDS = 2_598_960


def all_five_card_hands(part=0, parts=1):
    """Every five-card hand (or the ``part``-th of ``parts`` equal runs of them) with its golden
    answer, the slot order rotating hand by hand. The answer depends only on the ranks in slot
    order and on whether the suits agree, so golden is asked once per such key."""
    answers = {}
    first, last = ALL_FIVE_CARD_HANDS * part // parts, ALL_FIVE_CARD_HANDS * (part + 1) // parts
    for n, combo in enumerate(islice(combinations(range(52), FIVE_CARD_SLOTS), first, last), first):
        shift = n % FIVE_CARD_SLOTS
        hand = combo[shift:] + combo[:shift]
        key = (tuple(c >> 2 for c in hand), len({c & 3 for c in hand}) == 1)
        answer = answers.get(key)
        if answer is None:
            answer = answers[key] = expect5(hand)
        yield hand, answer
