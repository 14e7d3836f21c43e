"""A simple agent for the golden run (run.py), by fixed rules a reader can follow.

Why: a rule book that nobody can win is no game (base scores alone end every run by
ante 4). This agent plays the golden run; over many seeded runs its ante reached and win rate
(balatro/trials.py, ``python -m pokerhdl.golden.balatro.trials --runs 1000``) say how far the
progression carries a run. It reads the run's fields and moves only through ``act``, so every
run it plays is a legal run of the game.

The rules:

* **Plan.** A weight per hand type: a fixed prior share (``PRIOR``, roughly how often a greedy
  player makes each) plus the share of this run's plays of that type. A hand type's worth is
  its weight times the mean score of its ``TYPICAL`` plays with the run's levels and jokers;
  the plan's worth is the sum. A typical play is scored twice, as a blind's first hand and
  as a later one (the last hand, its type played before: Acrobat, Card Sharp), weighted
  ``FIRST`` and 1 - ``FIRST``; a scaling joker is scored with its counter grown by ``HORIZON``
  more plays of that type (what it will give over the next blinds, not what it gives today).
  The **family** is the best of pairs (pair .. four of a kind),
  flush and straight by the worth of their hand types.
* **Play.** The selection that scores most now (all 1 to 5 card selections; ties: fewer
  cards). It is played when it reaches the target, when no discard is left, or when it is on
  pace (its score times the hands left is at least twice what is missing), padded to five
  cards with the family's junk while the score stays (thrown cards come back as new ones).
  Else the agent **discards** up to five junk cards, lowest rank first: flush: the cards off
  the hand's commonest suit; pairs: cards whose rank is alone in the hand; straight: cards
  outside the longest run of ranks. With no junk it plays.
* **Shop.** First x mult jokers are moved to the right end (applied last, they multiply the
  others' mult). Each item's gain is the plan's worth after it minus before: a planet, a joker
  added (the x mult ones kept last), or with five jokers held, the joker swapped for each held
  one (sold, its sale lowering the cost). It buys the item of the largest gain per dollar when
  that is over 1 % of the plan's worth per dollar and the money left keeps the reserve; else it
  rerolls when the money after the reroll keeps the reserve and $5 more; else it leaves.
  **Reserve:** $25 (the interest cap) while a typical hand is at least 1/1.5 of the next ante's
  boss target; $0 when weaker, and always in ante 8.
"""

import hashlib
from collections import Counter
from itertools import combinations

from .game import ACT_DISCARD, ACT_PLAY, BOSS, PHASE_PLAYING
from .jokers import FIRST_HAND, JOKER_SLOTS, JOKERS, Blind, grown, score_play
from .planets import HAND_TYPES, level_up
from .run import (ACT_BUY, ACT_LEAVE, ACT_MOVE, ACT_REROLL, ACT_SELL, PHASE_SHOP)
from .economy import INTEREST_CAP, INTEREST_STEP, sell_price
from .shop import NO_ITEM, is_joker, planet_hand, price
from ..cards import parse_cards
from ..hands import FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, PAIR, STRAIGHT, THREE_OF_A_KIND, TWO_PAIR

# typical plays of each hand type (high card .. straight flush)
TYPICAL = tuple(tuple(parse_cards(h) for h in hands) for hands in (
    ("Kd", "9c"), ("8h 8c", "Qs Qd"), ("9h 9c 5d 5s", "Kc Kh 4d 4s"), ("7h 7c 7d", "Js Jd Jc"),
    ("5h 6c 7d 8s 9h", "9c Td Jh Qs Kc"), ("2h 5h 9h Jh Kh", "3s 7s 8s Ts Qs"),
    ("Qh Qc Qd 3s 3h", "6h 6c 6d Ks Kh"), ("8h 8c 8d 8s", "Ac Ad Ah As"),
    ("5s 6s 7s 8s 9s", "9h Th Jh Qh Kh")))
PRIOR = (1, 6, 6, 3, 1, 1, 1, 0.2, 0.02)
FAMILIES = {"pairs": (PAIR, TWO_PAIR, THREE_OF_A_KIND, FULL_HOUSE, FOUR_OF_A_KIND),
            "flush": (FLUSH,), "straight": (STRAIGHT,)}
PACE = 2                 # play when score x hands left >= PACE x what is missing
MIN_GAIN = 0.01          # the least gain per dollar, as a share of the plan's worth
SAFETY = 1.5             # keep the reserve while typical x SAFETY >= the next boss
RESERVE = INTEREST_STEP * INTEREST_CAP
FIRST = 0.7              # the weight of a blind's first hand among its plays
LATER = Blind(hands_left=1, played=(1 << HAND_TYPES) - 1)
HORIZON = 8              # plays ahead a scaling joker's counter is valued at


def run_seed(n):
    """The generator seed of run n: the 128-bit BLAKE2b digest of n (a small seed would start
    the generator with sparse words and its first decks barely shuffled)."""
    return int.from_bytes(hashlib.blake2b(str(n).encode(), digest_size=16).digest(), "big")


def selections(size):
    """Every mask of 1..5 of ``size`` slots, fewer cards first."""
    return [sum(1 << i for i in slots) for k in range(1, min(size, 5) + 1)
            for slots in combinations(range(size), k)]


def arranged(jokers):
    """The jokers in the agent's order: the x mult ones last, each group as it was (jokers
    may be indices or (index, counter) pairs)."""
    return sorted(jokers, key=lambda j: JOKERS[j if isinstance(j, int) else j[0]].xmult > 1)


def projected(hand, held):
    """The counters of held (index, counter) pairs after HORIZON plays of this hand."""
    jokers = [j for j, _ in held]
    counters = [n for _, n in held]
    if not any(JOKERS[j].scaling for j in jokers):
        return jokers, counters
    for _ in range(HORIZON):
        counters = grown(hand, jokers, counters)
    return jokers, counters


def typical_score(hand, levels, held):
    jokers, counters = projected(hand, held)
    return FIRST * score_play(hand, levels, jokers, counters, FIRST_HAND).score + \
        (1 - FIRST) * score_play(hand, levels, jokers, counters, LATER).score


def longest_run(hand):
    """The ranks of the longest run of consecutive ranks in the hand (an ace also low)."""
    have = {c >> 2 for c in hand}
    have |= {-1} if 12 in have else set()
    best, start = [], None
    for r in range(-1, 14):
        if r in have and start is None:
            start = r
        if r not in have and start is not None:
            best = max(best, list(range(start, r)), key=len)
            start = None
    return {12 if r == -1 else r for r in best}


def held(run):
    """The run's jokers as (index, counter) pairs, left to right."""
    return list(zip(run.jokers, run.counters))


class Agent:
    def __init__(self):
        self.played = Counter()

    # ------------------------------------------------------------------ the plan
    def weights(self):
        plays = max(1, sum(self.played.values()))
        return [p / sum(PRIOR) + self.played[c] / plays for c, p in enumerate(PRIOR)]

    def worth(self, levels, pairs, types=range(HAND_TYPES)):
        """The plan's worth with these levels and held (joker, counter) pairs."""
        w = self.weights()
        return sum(w[c] * sum(typical_score(h, levels, pairs) for h in TYPICAL[c])
                   / len(TYPICAL[c]) for c in types)

    def family(self, run):
        return max(FAMILIES, key=lambda f: self.worth(run.levels, held(run), FAMILIES[f]))

    # ------------------------------------------------------------------ a blind
    def junk(self, run):
        """The hand's slots worth least to the family, lowest rank first."""
        hand, family = run.hand, self.family(run)
        if family == "flush":
            suit = Counter(c & 3 for c in hand).most_common(1)[0][0]
            junk = [i for i, c in enumerate(hand) if c & 3 != suit]
        elif family == "pairs":
            count = Counter(c >> 2 for c in hand)
            junk = [i for i, c in enumerate(hand) if count[c >> 2] == 1]
        else:
            keep = longest_run(hand)
            junk = [i for i, c in enumerate(hand) if c >> 2 not in keep]
        return sorted(junk, key=lambda i: hand[i] >> 2)

    def blind_move(self, run):
        best = max(selections(len(run.hand)), key=lambda m: run.preview(m).score)
        score = run.preview(best).score
        missing = run.target - run.score
        junk = self.junk(run)
        if junk and run.discards_left and score < missing and \
                score * run.hands_left < PACE * missing:
            return ACT_DISCARD, sum(1 << i for i in junk[:5])
        for i in junk:
            more = best | 1 << i
            if bin(more).count("1") <= 5 and run.preview(more).score == score:
                best = more
        self.played[run.preview(best).category] += 1
        return ACT_PLAY, best

    # ------------------------------------------------------------------ the shop
    def reserve(self, run):
        boss = run.rules.target(min(run.ante + 1, run.rules.antes), BOSS)
        typical = self.worth(run.levels, held(run)) / sum(self.weights())
        if run.ante == run.rules.antes or typical * SAFETY < boss:
            return 0
        return RESERVE

    def offers(self, run):
        """(gain per dollar, net cost, moves) of every purchase the agent would make."""
        have = held(run)
        now = self.worth(run.levels, have)
        found = []
        for slot, item in enumerate(run.shop):
            buy = (ACT_BUY, 1 << slot)
            if item == NO_ITEM:
                continue
            if not is_joker(item):
                after = [(self.worth(level_up(run.levels, planet_hand(item)), have), 0,
                          [buy])]
            elif len(run.jokers) < JOKER_SLOTS:
                after = [(self.worth(run.levels, arranged(have + [(item, 0)])), 0, [buy])]
            else:
                after = [(self.worth(run.levels, arranged(have[:k] + have[k + 1:]
                                                          + [(item, 0)])),
                          sell_price(JOKERS[held].price), [(ACT_SELL, 1 << k), buy])
                         for k, held in enumerate(run.jokers)]
            found += [((worth - now) / price(item), price(item) - refund, moves)
                      for worth, refund, moves in after]
        return [f for f in found if f[0] > MIN_GAIN * now and f[1] <= run.money - self.reserve(run)]

    def shop_moves(self, run):
        for k, j in enumerate(run.jokers):
            if JOKERS[j].xmult > 1 and any(JOKERS[x].xmult == 1 for x in run.jokers[k:]):
                return [(ACT_MOVE, 1 << k)]
        found = self.offers(run)
        if found:
            return max(found, key=lambda f: f[0])[2]
        if run.money - run.reroll_price >= self.reserve(run) + 5:
            return [(ACT_REROLL, 0)]
        return [(ACT_LEAVE, 0)]

    # ------------------------------------------------------------------ a whole run
    def play(self, run, log=None):
        """Play the run to its end; ``log`` (a list) takes (ante, blind, action, mask) of
        every move, before it is made."""
        self.played.clear()
        while run.phase in (PHASE_PLAYING, PHASE_SHOP):
            moves = [self.blind_move(run)] if run.phase == PHASE_PLAYING \
                else self.shop_moves(run)
            for action, mask in moves:
                if log is not None:
                    log.append((run.ante, run.blind, action, mask))
                assert run.act(action, mask) == 0, f"the agent was refused: {run.message}"
        return run
