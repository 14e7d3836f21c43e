"""The run's VGA renderer (pokerhdl/games/balatro/run_screen.py) in both languages: frames
captured from its pins, pixel for pixel equal to golden/balatro_screen.frame() of the golden
run's state on its view inputs (tb/games/test_balatro_screen.py's capture, at one pixel per clock).

The regression draws one frame (a frame is 420,000 clocks): a run's shop (money, the jokers
with the scaling ones' counters, the last hand with its type's level and wide numbers, two
items and their prices, the reroll price, the shop's buttons, a refusal, no cards), whole in
VHDL and in Verilog its first 100 lines (the status lines, money, the jokers and their
counters: tb/games/test_balatro_screen.py's BAND; `make deep` draws it whole). ``-m slow`` draws
a blind of that run (the cards back, the selection's hand with its level), the title and a
shop after a purchase.
FRAMES_DIR=folder keeps the frames as balatro_run_<scene>.png."""

import cocotb
import pytest

from clocked import ClockedTB
from harness import HDLS, param
from balatro_tb import FIELDS, SCALARS, expected_run_view
from balatro_frames import check_frame, frame_params, run_scenes
from balatro_checks import deck_of
from pokerhdl.golden.balatro.game import PHASE_PLAYING, PHASE_TITLE, Rules
from pokerhdl.golden.balatro.jokers import JOKER_NAMES
from pokerhdl.golden.balatro.run import ACT_BUY, PHASE_SHOP, BalatroRun
from pokerhdl.golden.balatro.shop import planet_item
from pokerhdl.golden.hands import FLUSH, PAIR

J = {name: k for k, name in enumerate(JOKER_NAMES)}
UNSHOWN = ("joker_count", "played", "payout_reward", "payout_hands", "payout_interest")


def show(dut, run, selection):
    """Drive the view inputs with the golden run's view and the switches."""
    view = expected_run_view(run, selection)
    level_bits = len(dut.view_levels.value) // 9
    for name in SCALARS:
        if name not in UNSHOWN:
            getattr(dut, f"view_{name}").value = view.get(name, 0)
    for name, (bits, _) in FIELDS.items():
        bits = bits or level_bits
        getattr(dut, f"view_{name}").value = sum(v << bits * i for i, v in enumerate(view[name]))
    dut.selection.value = selection


def run_in_shop():
    """A run that won its first blind with a pair of aces: four jokers (two scaling, counters
    grown), pair at level 3, in the shop."""
    run = BalatroRun(5, Rules(ante_bases=(2,) + Rules().ante_bases[1:]))
    deck = deck_of("Ah Ac Td 5s 7h 9c Jd Qs")
    run.next_deck = lambda: list(deck)
    run.new_run()
    run.jokers = [J["Green Joker"], J["The Duo"], J["Spare Trousers"], J["Scholar"]]
    run.counters = [11, 0, 37, 0]
    run.levels = (1, 3) + (1,) * 7
    assert run.play(0b11) == 0 and run.phase == PHASE_SHOP
    run.money = 47
    return run


def scenes():
    """(name, run, selection) of the frames."""
    shop = run_in_shop()
    shop.shop, shop.rerolls = [J["Seeing Double"], planet_item(FLUSH)], 3
    assert shop.act(ACT_BUY, 0b100) != 0               # buy: nothing in that slot
    blind = run_in_shop()
    blind.leave()
    blind.discard(0b1)
    blind.play(0)                                      # refused: the message line
    title = BalatroRun(4, title=True)
    bought = run_in_shop()
    bought.shop = [J["Ride the Bus"], planet_item(PAIR)]
    bought.buy(0b1)
    return [("blind", blind, 0b00110101), ("shop", shop, 0b11), ("title", title, 0b101),
            ("bought", bought, 0)]


@cocotb.test()
async def frames_match_golden(dut):
    tb = ClockedTB(dut, idle={})
    chosen = param("scenes")
    for name, run, selection in scenes():
        if name in chosen:
            await check_frame(tb, run, selection, f"run_{name}", show=show,
                              lines=param("lines"))


REGRESSION = ["shop"]
SLOW = ["blind", "title", "bought"]


BAND = {"verilog": 100}


@pytest.mark.parametrize("hdl, lines", frame_params(BAND))
def test_frames(hdl, lines):
    run_scenes("balatro_run_screen", hdl, __name__, REGRESSION, lines=lines)


@pytest.mark.slow
@pytest.mark.parametrize("hdl", HDLS)
def test_more_frames(hdl):
    run_scenes("balatro_run_screen", hdl, __name__, SLOW, tag="-slow")


def test_scenes_are_what_they_say():
    """The regression's shop has jokers (scaling ones), a levelled type, the last hand, two
    items and a refusal; the slow blind a selection and a refusal, then a title and a
    purchase."""
    s = {name: (run, sel) for name, run, sel in scenes()}
    blind, sel = s["blind"]
    assert blind.phase == PHASE_PLAYING and len(blind.jokers) == 4 and blind.levels[PAIR] == 3
    assert blind.result != 0 and blind.last_category == PAIR and blind.preview(sel) is not None
    assert blind.counters[:3] == [11, 0, 37]          # Green Joker: a play +1, a discard -1
    shop = s["shop"][0]
    assert shop.phase == PHASE_SHOP and shop.result != 0 and shop.reroll_price == 8
    assert s["title"][0].phase == PHASE_TITLE and len(s["bought"][0].jokers) == 5
