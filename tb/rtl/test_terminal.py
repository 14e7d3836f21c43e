"""The terminal engine (pokerhdl.rtl.terminal.terminal) on its minimal game, the four tallies of
pokerhdl/rtl/terminal/demo.py: every answer's bytes against the golden DemoTerminal.

A script first, one input per engine rule: case folding, ignored keys, unknown keys, a number
key with digits and Enter (saturating), "bad number" (Enter with no digit, a letter among the
digits), buttons (the number from the switches, saturating; a switch that changes the entry's
path; two buttons in one clock: the first in order wins; a press while a number is typed is
ignored), and every instruction: CHAR (immediate and seat digit), STR (immediate and indexed),
LOAD (immediate, seat, two per seat, the engine's own registers), NUM, a two-character
printer, NIBBLE, the jumps, CALL/RET, SET and OUT acknowledged after a delay. Then random
inputs, each answer checked the same way.
"""

import random

import cocotb
import pytest

from harness import HDLS, param, run_block
from terminal_tb import TerminalTB
from pokerhdl.golden.terminal_demo import CLEAR_BIT, DemoTerminal

CLK_HZ = 100_000_000
FAST_BAUD = CLK_HZ // 8
DEADLOCK_NS = 1_000_000
BUTTON_PORTS = {"center": "btn_center", "left": "btn_left"}


class TB(TerminalTB):
    idle_values = {"sw": 0, "btn_center": 0, "btn_left": 0}
    deadlock_ns = DEADLOCK_NS


SCRIPT = ["s", "x", "n", "p", "1", "2", "\r", "P", "3", "0", "0", "\n", "p", "\r", "p", "1",
          "q", "?", " ", "\r", "W", "n", "t", "z", "n", "p", "7", "\r", "t", "y", "N", "Y",
          ("center", 1000), ("center", 5), ("center", 1 << CLEAR_BIT | 9), ("left",),
          ("center", "left", 3), "p", "4", ("left",), ("center", 6), "\r", "s", "t", "X"]


def golden_press(term, item):
    """The golden answer to a press of ``item``'s buttons: the first with an entry wins."""
    *buttons, switches = item if isinstance(item[-1], int) else (*item, 0)
    return buttons, switches, term.press(buttons[0], switches)


@cocotb.test()
async def tallies(dut):
    tb = TB(dut, CLK_HZ, param("baud"), param("tx_baud"))
    term = DemoTerminal()
    await tb.reset(clocks=4)
    await tb.settle()
    assert tb.line.since(0) == term.boot()
    rng = random.Random(param("seed", 1))
    randoms = [rng.choice("wxyzpsnt0123456789\r\n ?WP") if rng.random() < 0.85 else
               (rng.choice(["center", "left"]), rng.choice([0, 7, 255, 256, 1023,
                                                            1 << CLEAR_BIT]))
               for _ in range(param("random_inputs", 100))]
    transcript = ""
    for item in SCRIPT + randoms:
        if isinstance(item, str):
            want, got = term.key(item), await tb.send_key(item)
        else:
            buttons, switches, want = golden_press(term, item)
            got = await tb.press([BUTTON_PORTS[b] for b in buttons], switches)
        assert got == want, f"after {item!r}:\n got {got!r}\nwant {want!r}"
        transcript += want
    # every kind of answer came up (a run that drew nothing would prove nothing)
    for text in ("T3: ", "tally 1", "one", "three", " big", "0B", " odd", "! unknown key",
                 "! bad number", "cleared"):
        assert text in transcript, text


@pytest.mark.parametrize("hdl", HDLS)
def test_terminal_engine(hdl):
    run_block("terminal_demo", hdl, __name__,
              params={"baud": FAST_BAUD, "tx_baud": CLK_HZ // 2, "clk_hz": CLK_HZ},
              extra_env={"PARAM_SEED": "3", "PARAM_RANDOM_INPUTS": "150"})
