"""The run controller's money: what a run holds, what a won blind pays and what the shop's
moves cost or give (golden balatro/economy.py, its values in run_tables' ROMs)."""

from myhdl import block, always_comb, always_seq, intbv, Signal

from ...golden.balatro.game import ACT_NEW_RUN
from ...golden.balatro.economy import REROLL_BASE, REROLL_STEP, STARTING_MONEY
from ...golden.balatro.run import ACT_BUY, ACT_REROLL, ACT_SELL
from .run_tables import REWARD_ROM, SALE_ROM, interest_rom


class Money:
    """Written by run_money only: money, reroll_price (the next reroll's), the last payout
    (reward, hands, interest), sale (what the selected joker sells for, read in the judge
    step) and price (the selected shop item's)."""

    def __init__(self, widths):
        self.money = Signal(intbv(STARTING_MONEY)[widths.money:])
        self.reroll_price = Signal(intbv(REROLL_BASE)[widths.money + 1:])
        self.reward, self.hands = Signal(intbv(0)[3:]), Signal(intbv(0)[4:])
        self.interest = Signal(intbv(0)[3:])
        self.sale, self.price = Signal(intbv(0)[4:]), Signal(intbv(0)[4:])


@block(skipname=True)
def run_money(clk, rst, state, st, move, accept, ended, figures, prices, ids, money):
    """money (Money) step by step: state/st the sequencer's step; move (RunMove): the op and
    the slots; accept: the move is taken; ended: the blind is over (settle step); figures
    (RunFigures): the blind, the hands left, whether it reached its target and is the last;
    prices, ids: the shop's items' prices and the jokers held (lists)."""
    interest = interest_rom(len(money.money))
    sold = Signal(intbv(0)[6:])

    @always_comb
    def selected():
        sold.next = ids[move.jslot]

    @always_seq(clk.posedge, reset=rst)
    def purse():
        if state == st.BAL_JUDGE:
            money.sale.next = SALE_ROM[int(sold)]
            money.price.next = prices[move.islot]
        if accept and move.op == ACT_NEW_RUN:
            money.money.next = STARTING_MONEY
            money.reroll_price.next = REROLL_BASE
            money.reward.next = 0
            money.hands.next = 0
            money.interest.next = 0
        elif accept and move.op == ACT_BUY:
            money.money.next = money.money - money.price
        elif accept and move.op == ACT_SELL:
            money.money.next = money.money + money.sale
        elif accept and move.op == ACT_REROLL:
            money.money.next = money.money - money.reroll_price
            money.reroll_price.next = money.reroll_price + REROLL_STEP
        elif state == st.BAL_SETTLE and ended and figures.reached:
            money.reward.next = REWARD_ROM[int(figures.blind)]
            money.hands.next = figures.hands_left
            money.interest.next = interest[int(money.money)]
            if not figures.last_blind:
                money.reroll_price.next = REROLL_BASE
        elif state == st.BAL_PAYOUT:
            money.money.next = money.money + money.reward + money.hands + money.interest

    return selected, purse
