"""A seeded random player and a driver that plays whole Hold'em games on a golden ``Table``.

The agent mostly plays legal moves and sometimes tries illegal ones (wrong seat, unknown code,
amounts off the stack or below the minimum, a deal during a hand, an action between hands), so
that a run exercises every refusal; now and then a seat sits out or back in (a seat that is not
the table's, too), so that hands are dealt around seats nobody plays. The same input stream can be replayed on the hardware.
"""

import random

from .table import (ACTIONS, ALLIN, BET, CALL, CHECK, FOLD, PHASE_BETTING, PHASE_READY, RAISE,
                    Table)


def shuffled_deck(rng):
    """A uniformly shuffled list of the 52 card codes."""
    deck = list(range(52))
    rng.shuffle(deck)
    return deck


class RandomAgent:
    """Chooses the next input for a table. Inputs are tuples: ("act", seat, action, amount),
    ("sit", seat, out), ("deal",) or ("new_game",). ``sit_rate``: the chance of a sit input
    (a seat sitting out comes back in more often than one sits out, so deals go on)."""

    def __init__(self, seed, illegal_rate=0.15, deal_rate=0.02, sit_rate=0.03):
        self.rng = random.Random(seed)
        self.illegal_rate = illegal_rate
        self.deal_rate = deal_rate
        self.sit_rate = sit_rate

    def decide(self, table):
        rng = self.rng
        if rng.random() < self.sit_rate:
            return self._sit(table)
        back = [s for s in range(table.n) if table.sitting[s] and not table.busted[s]]
        if table.phase == PHASE_READY and not table.deal_ready and rng.random() < 0.8:
            return ("sit", rng.choice(back), False)     # too few to deal: someone sits in
        if table.phase != PHASE_BETTING:
            if table.phase == PHASE_READY and rng.random() < self.illegal_rate / 2:
                return self._wild(table)
            return ("deal",) if table.phase == PHASE_READY else ("new_game",)
        if rng.random() < self.deal_rate:
            return ("deal",)
        if rng.random() < self.illegal_rate:
            return self._wild(table)
        return ("act", table.to_act) + self._legal_move(table)

    def _legal_move(self, table):
        rng, legal = self.rng, table.legal()
        moves = [(FOLD, 1 if legal.call else 0.05), (ALLIN, 0.3 if legal.can_allin else 0)]
        moves.append((CHECK, 6) if legal.can_check else (CALL, 6))
        if legal.can_bet or legal.can_raise:
            moves.append((BET if legal.can_bet else RAISE, 2.5))
        action = rng.choices([m for m, _ in moves], [w for _, w in moves])[0]
        amount = 0
        if action in (BET, RAISE):
            pick = rng.random()
            if pick < 0.5:
                amount = legal.min_to
            elif pick < 0.9:
                amount = rng.randint(legal.min_to, min(legal.max_to, 3 * legal.min_to))
            else:
                amount = legal.max_to
        return action, amount

    def _sit(self, table):
        rng = self.rng
        seat = rng.randrange(table.n) if rng.random() < 0.95 else rng.choice((-1, table.n, 7))
        sitting = 0 <= seat < table.n and table.sitting[seat]
        return ("sit", seat, not sitting if rng.random() < 0.9 else sitting)

    def _wild(self, table):
        """Anything: often illegal, sometimes legal by chance."""
        rng = self.rng
        seat = table.to_act if rng.random() < 0.6 else rng.randrange(-1, table.n + 1)
        action = rng.choice(ACTIONS) if rng.random() < 0.9 else rng.choice((-1, 6, 7, 9))
        s = seat if 0 <= seat < table.n else 0
        reach = table.stacks[s] + table.street_bet[s]
        amount = rng.choice((0, -5, table.current_bet, table.min_raise_to - 1, table.min_raise_to,
                             reach, reach + 1, rng.randint(0, reach + 50)))
        return ("act", seat, action, amount)


def apply_input(table, inp, deck_rng):
    """Send one input to the table; returns its result code."""
    if inp[0] == "act":
        return table.act(*inp[1:])
    if inp[0] == "sit":
        return table.sit(*inp[1:])
    if inp[0] == "deal":
        return table.start_hand(shuffled_deck(deck_rng))
    return table.new_game()


def play(table, agent, deck_rng, max_hands=10_000, max_inputs=1_000_000):
    """Play until the game is over (or a hand/input limit); yields (input, code) after each."""
    for _ in range(max_inputs):
        if table.game_over or (table.hand_no >= max_hands and table.phase != PHASE_BETTING):
            return
        inp = agent.decide(table)
        yield inp, apply_input(table, inp, deck_rng)
    raise RuntimeError("input limit reached: the table never finished")


def play_game(n_players=4, seed=0, max_hands=10_000, **table_params):
    """Play one game with random agents; returns (table, inputs, refused)."""
    table = Table(n_players, **table_params)
    agent, deck_rng = RandomAgent(seed), random.Random(seed ^ 0x5EED)
    inputs = refused = 0
    for _, code in play(table, agent, deck_rng, max_hands):
        inputs += 1
        refused += code != 0
    return table, inputs, refused
