"""Balatro with progression, the run controller: golden/balatro/run.py's BalatroRun in hardware,
move by move.

Moves (golden ACT_ codes: the base game's, then buy, sell, move, reroll, leave) come on
cmd_valid/cmd_ready with the selection mask and are answered by one res_valid pulse with their
code: OK or the golden refusal (a refusal changes nothing but ``result``); an op code beyond
ACT_LEAVE is answered RUN_BAD_OP and changes nothing at all. After reset the run is on its
title (golden ``title``): the first move, whatever it is, starts the run.

Randomness, as the golden's: one generator gives each blind's deck (deck_start, then the deck
on deck_data/valid/ready, as balatro_game takes it) and the shop's items (its words on
rng_word/valid/ready, taken only while the shop draws: run_shop). The golden run meets
them in this order: a blind's deck, the shop's draws when it is won, the rerolls' draws, then
the next blind's deck when the shop is left; so does this controller, and a generator that
serves both streams in the order they are asked gives the golden run's decks and items.

Every observable of BalatroRun.observe() is a port of ``view`` (a RunView). The preview
(``view.pick_*``) is the golden preview of the live ``selection``: the scorer's chips and mult
after the levels and jokers, at most RUN_PREVIEW_LATENCY clocks after anything it reads
changed; a play waits for the scorer's round on its own mask and adds that score.

The controller is made of named parts, each the only writer of its own small interface and
each in the module of its name:

    run_sequencer   the step (state) and its counter (step)
    run_move        the move taken, its checks and its answer (RunMove)
    run_figures     phase, ante, blind, target, score, hands, last hand
    run_money       money, payout, prices (Money)
    run_shop        the shop's items and their draws (Shop)
    run_jokers      the jokers and their counters (Jokers)
    run_levels      the hand levels (Levels)
    run_scorer      a play's score with levels and jokers (Scored)
    game_hand       the cards (Hand), and preview, the hand of the selection (game.py)
"""

from myhdl import block, always, always_comb, enum, ConcatSignal, Signal, intbv, instances

from ...golden.balatro.game import HAND_SLOTS, Rules
from ...golden.balatro.jokers import JOKER_SLOTS
from ...golden.balatro.shop import SHOP_SLOTS
from .game import (CODE_BITS, CHIPS_BITS, HAND_SCORE_BITS, PICKED, PREVIEW_LATENCY, BalatroView,
                   Hand, controller_io, game_hand, game_ports, hand_view, preview, rules_of)
from ...rtl.pipe import pipe_reg
from .run_figures import RunFigures, run_figures
from .run_jokers import Jokers, run_jokers
from .run_levels import Levels, run_levels
from .run_money import Money, run_money
from .run_move import (Facts, RunMove, RUN_BAD_OP, RUN_OP_BITS, RUN_RESULT_BITS, run_move)
from .run_scorer import SCORER_CLOCKS, Scored, run_scorer
from .run_sequencer import RUN_STEPS, run_sequencer
from .run_shop import PRICE_BITS, WORD_BITS, Shop, run_shop
from .run_tables import COUNTER_BITS, HAND_TYPES, ITEM_BITS, run_widths

RESTART_AT = PREVIEW_LATENCY + 1       # the score step: the preview shows the play's mask
# the scorer runs a round when restarted: at the score step, and when the preview of new
# chosen cards is out or a move ended (what it reads changes only with these)
RUN_PREVIEW_LATENCY = PREVIEW_LATENCY + 2 + SCORER_CLOCKS


class RunView(BalatroView):
    """The observables of a run (golden BalatroRun.observe()) and the preview of the selection:
    BalatroView's, wider where the run's numbers are (run_widths), and money, levels (9 x
    level bits, hand type k in field k), jokers (5 x 6 bits, slot 0 lowest, NO_ITEM beyond
    joker_count), counters (5 x 7 bits, 0 beyond), played (9 bits), shop (2 x 6 bits, NO_ITEM
    empty), shop_prices (2 x 4 bits, 0 when empty), reroll_price, payout_reward, payout_hands,
    payout_interest."""

    def __init__(self, rules):
        w = run_widths(rules)
        super().__init__(rules, score_width=w.score, target_width=w.target, phase_bits=3,
                         result_bits=RUN_RESULT_BITS, chips_bits=w.chips, mult_bits=w.mult,
                         hand_score_bits=w.play)

        def u(bits, value=0):
            return Signal(intbv(value)[bits:])
        self.money = u(w.money)
        self.levels = u(w.level * HAND_TYPES)
        self.jokers = u(ITEM_BITS * JOKER_SLOTS, (1 << ITEM_BITS * JOKER_SLOTS) - 1)
        self.joker_count = u(3)
        self.counters = u(COUNTER_BITS * JOKER_SLOTS)
        self.played = u(HAND_TYPES)
        self.shop = u(ITEM_BITS * SHOP_SLOTS, (1 << ITEM_BITS * SHOP_SLOTS) - 1)
        self.shop_prices = u(PRICE_BITS * SHOP_SLOTS)
        self.reroll_price = u(w.money + 1)
        self.payout_reward, self.payout_hands = u(3), u(4)
        self.payout_interest = u(3)


@block
def run_view(figures, move, money, shop, jokers, levels, pick_count,
             pick_category, scored, view):
    """view (RunView) from the parts' interfaces."""
    split = figures.split
    # the lists as the view's fields, entry 0 lowest: wires, where a bit-by-bit copy cost a
    # simulator a few operations a bit at every clock
    level_word, id_word, counter_word, item_word, price_word = (
        ConcatSignal(*reversed(entries)) for entries in (levels.levels, jokers.ids,
                                                          jokers.counters, shop.items,
                                                          shop.prices))

    @always_comb
    def run_ports():
        view.phase.next = figures.phase
        view.ante.next = figures.ante
        view.blind.next = figures.blind
        view.target.next = figures.target
        s = intbv(0)[len(view.score):]
        s[:] = figures.score_hi
        view.score.next = (s << split) | figures.score_lo
        view.hands_left.next = figures.hands_left
        view.discards_left.next = figures.discards_left
        view.result.next = move.result
        view.last_category.next = figures.last_category
        view.last_chips.next = figures.last_chips
        view.last_mult.next = figures.last_mult
        view.last_score.next = figures.last_score
        view.played.next = figures.played
        view.pick_count.next = pick_count
        view.pick_category.next = pick_category
        view.pick_chips.next = scored.chips
        view.pick_mult.next = scored.mult

    @always_comb
    def progress_ports():
        view.money.next = money.money
        view.reroll_price.next = money.reroll_price
        view.payout_reward.next = money.reward
        view.payout_hands.next = money.hands
        view.payout_interest.next = money.interest
        view.levels.next = level_word
        view.jokers.next = id_word
        view.counters.next = counter_word
        view.joker_count.next = jokers.count
        view.shop.next = item_word
        view.shop_prices.next = price_word

    return run_ports, progress_ports


@block
def balatro_run(clk, rst, cmd_valid, cmd_ready, cmd_op, cmd_mask, res_valid, res_code,
                selection, deck_start, deck_data, deck_valid, deck_ready, rng_word, rng_valid,
                rng_ready, view, rules=Rules()):
    """cmd_op[4]: a golden ACT_ code, cmd_mask[8]: its selection; res_code[4]: OK, a refusal,
    or RUN_BAD_OP. selection[8]: the live selection, previewed in view.pick_*. deck_start: a
    new deck's cards follow on deck_data[6]/deck_valid/deck_ready; rng_word[32]/rng_valid/
    rng_ready: the generator's words for the shop (AXI4-Stream style). view: RunView."""
    r = rules
    if max(r.hands, r.discards, r.antes) > 15:
        raise ValueError("hands, discards and antes are counted in 4 bits")
    widths = run_widths(r)
    st = enum(*RUN_STEPS)
    state = Signal(st.BAL_IDLE)
    step = Signal(intbv(0)[4:])
    move, facts, figures = RunMove(), Facts(), RunFigures(widths)
    money, shop, jokers, levels = Money(widths), Shop(), Jokers(), Levels(widths)
    hand, scored = Hand(), Scored(widths)
    accept, commit, ended, restart = (Signal(bool(0)) for _ in range(4))
    # a round of the scorer when the preview of new chosen cards is out, or a move ended
    chosen_q = Signal(intbv(0)[HAND_SLOTS:])
    fresh = [Signal(bool(0)) for _ in range(PREVIEW_LATENCY + 2)]
    fresh_line = [pipe_reg(clk, fresh[k], fresh[k + 1]) for k in range(PREVIEW_LATENCY + 1)]
    fresh_in, fresh_out = fresh[0], fresh[PREVIEW_LATENCY + 1]
    draw_more = Signal(bool(0))
    occupied, chosen = Signal(intbv(0)[HAND_SLOTS:]), Signal(intbv(0)[HAND_SLOTS:])
    # the preview: the base game's hand of the chosen cards, then the scorer
    pick_count, pick_category = Signal(intbv(0)[4:]), Signal(intbv(0)[4:])
    pick_chips, pick_mult = Signal(intbv(0)[CHIPS_BITS:]), Signal(intbv(0)[4:])
    pick_score = Signal(intbv(0)[HAND_SCORE_BITS:])
    picked, scored_cards = Signal(intbv(0)[CODE_BITS * PICKED:]), Signal(intbv(0)[PICKED:])
    base = preview(clk, rst, hand.slots, chosen, pick_count, pick_category, pick_chips,
                   pick_mult, pick_score, picked=picked, scored=scored_cards)
    scorer = run_scorer(clk, rst, restart, picked, scored_cards, pick_count, pick_category,
                        pick_chips, pick_mult, levels.xchips, levels.xmult, jokers.ids,
                        jokers.counters, figures.hands_left, figures.played, scored, widths)
    size, play_out = r.hand_size, r.play_out

    sequencer = run_sequencer(clk, rst, state, st, step, cmd_valid, move, accept, ended,
                              figures.reached, figures.last_blind, draw_more, hand.empty,
                              scored.done, shop.stocked, RESTART_AT)
    judge = run_move(clk, rst, state, st, cmd_valid, cmd_op, cmd_mask, move, facts,
                     figures.phase, figures.discards_left, hand.count, shop.items,
                     shop.prices, jokers.count, money.money, money.reroll_price, r)
    run = run_figures(clk, rst, state, st, move, accept, commit, ended, hand.empty,
                      pick_category, scored, figures, r)
    purse = run_money(clk, rst, state, st, move, accept, ended, figures, shop.prices,
                      jokers.ids, money)
    offer = run_shop(clk, rst, state, st, move, accept, rng_word, rng_valid, jokers.ids, shop)
    held = run_jokers(clk, rst, move, accept, commit, shop.items, scored.grown, jokers)
    planets = run_levels(clk, rst, move, accept, shop.items, levels)
    cards = game_hand(clk, rst, state, st, step, move, figures, hand, deck_data, deck_valid,
                      draw_more)
    io = controller_io(state, st, move, hand, size, RUN_BAD_OP, selection, occupied, chosen,
                       draw_more, cmd_ready, res_valid, res_code, deck_start, deck_ready)
    hand_ports = hand_view(hand, view)
    shown = run_view(figures, move, money, shop, jokers, levels, pick_count,
                     pick_category, scored, view)

    @always(clk.posedge)
    def chosen_before():
        chosen_q.next = chosen

    @always_comb
    def events():
        accept.next = state == st.BAL_BRANCH and move.ok
        commit.next = state == st.BAL_WAIT and scored.done
        fresh_in.next = chosen != chosen_q or state == st.BAL_DONE
        restart.next = (state == st.BAL_SCORE and step == RESTART_AT) or fresh_out
        ended.next = (figures.reached and not play_out) or figures.hands_left == 0 or \
            hand.count == 0

    @always_comb
    def words():
        rng_ready.next = shop.ready

    return instances()


def balatro_run_top(**params):
    """balatro_run with fresh port signals, for conversion; params: balatro.rules_of's."""
    rules = rules_of(**params)
    return balatro_run(**game_ports(RUN_OP_BITS, RUN_RESULT_BITS),
                       rng_word=Signal(intbv(0)[WORD_BITS:]), rng_valid=Signal(bool(0)),
                       rng_ready=Signal(bool(0)), view=RunView(rules), rules=rules)
