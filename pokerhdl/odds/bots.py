"""The computer players of `pokerhdl play`: each decides from its equity against the pot odds.

A bot cannot see anyone's cards, so its equity is its share of the pot against as many random
hands as there are other live players (the calculator, any backend). Pot odds are the share of
the final pot a call pays for: to_call / (pot + to_call). Calling is right when the equity
covers them; a personality sets which hands it plays at all before the flop (``tightness``),
where it stops calling (``looseness``), how strong it must be to bet or raise (``raise_at``),
how big it bets (``sizing``, a share of the pot) and how often it bets or raises with nothing
(``bluff``). Strength is measured against an average hand (equity x players), so the same
figures work heads-up and nine-handed. Each bot draws from its own seeded generator, so a seed
replays a game exactly.
"""

from dataclasses import dataclass

from ..golden.holdem.table import ALLIN, BET, CALL, CHECK, FOLD, RAISE


@dataclass(frozen=True)
class Personality:
    name: str
    style: str              # a few words for the table's introduction
    tightness: float        # before the flop, calls only with strength >= tightness
    looseness: float        # calls while equity + looseness >= pot odds
    raise_at: float         # bets/raises when equity x (opponents + 1) reaches this
    sizing: float           # a bet or raise adds this share of the pot (after calling)
    bluff: float            # chance to bet or raise anyway when weak and it may


BOTS = (      # name, style, tightness, looseness, raise_at, sizing, bluff
    Personality("Ada", "the rock: tight, rarely bluffs", 1.15, -0.02, 1.7, 0.6, 0.02),
    Personality("Boris", "the maniac: loose, bets big, bluffs a lot", 0.75, 0.12, 1.15, 1.0,
                0.22),
    Personality("Chen", "the shark: solid, bluffs now and then", 1.0, 0.04, 1.4, 0.75, 0.08),
    Personality("Dolly", "the calling station: calls almost anything", 0.6, 0.18, 2.0, 0.5,
                0.03),
    Personality("Eli", "the nit: folds unless strong", 1.25, -0.05, 1.9, 0.5, 0.0),
    Personality("Fay", "the gambler: loves a big pot", 0.8, 0.10, 1.3, 1.2, 0.15),
    Personality("Gus", "the grinder: patient and steady", 1.0, 0.02, 1.5, 0.66, 0.06),
    Personality("Hana", "the trapper: calls strong hands, raises late", 0.9, 0.08, 2.2, 0.8,
                0.05),
    Personality("Ivo", "the bluffer: never believe him", 0.9, 0.06, 1.35, 0.8, 0.30),
)
MAX_BOTS = len(BOTS)


def pot_odds(pot, to_call):
    """The equity a call needs to break even: to_call / (pot + to_call); 0 when nothing to call."""
    return to_call / (pot + to_call) if to_call > 0 else 0.0


def raise_size(p, legal, pot, current_bet, to_call, chip):
    """A bet or raise-to amount: the bet to match plus ``sizing`` of the pot after calling,
    rounded to ``chip`` (the small blind) and kept within what the table accepts."""
    grow = p.sizing * (pot + to_call)
    amount = current_bet + max(legal.min_to - current_bet, int(round(grow / chip)) * chip)
    return max(legal.min_to, min(amount, legal.max_to))


def decide(p, equity, opponents, legal, pot, current_bet, to_call, raises, big_blind, rng,
           preflop=False):
    """(action, amount) for a bot of personality ``p`` holding ``equity`` against
    ``opponents`` random hands; ``legal`` is the table's ``Legal`` of its seat, ``raises`` the
    bets and raises already made on this street (each makes a further raise need more),
    ``rng`` the bot's random.Random, ``preflop`` whether the board is still to come: then
    ``tightness`` picks the hands it plays, and a playable hand sees the flop for up to three
    big blinds whatever the pot odds (more players will call: the odds of a call are better
    than they look). The answer is always legal."""
    strength = equity * (opponents + 1)            # 1.0: an average hand
    odds = pot_odds(pot, to_call)
    may_raise = legal.can_bet or legal.can_raise
    want = strength >= p.raise_at + 0.5 * raises
    # a bluff: only when it would otherwise check or fold, and never into a raising war
    bluff = not want and raises < 2 and rng.random() < p.bluff * (1.0 if to_call == 0 else 0.5)
    if may_raise and (want or bluff):
        amount = raise_size(p, legal, pot, current_bet, to_call, max(1, big_blind // 2))
        if amount >= legal.max_to:
            return ALLIN, 0
        return (BET if legal.can_bet else RAISE), amount
    if to_call == 0:
        return CHECK, 0
    if preflop:
        if strength >= p.tightness and (to_call <= 3 * big_blind
                                        or equity + p.looseness >= odds) or want:
            return CALL, 0
    elif equity + p.looseness >= odds or want:
        return CALL, 0
    return FOLD, 0
