"""The Balatro renderers' frames, shared by their tests: a frame captured from the pins checked
pixel for pixel against the golden frame, the scenes a test draws, and the band of lines a
language draws in the regression."""

import json
import os

import pytest

from balatro_checks import expected_view
from harness import BUILD, HDLS, ROOT, run_block
from vga_capture import capture_frame, compare_frames

from pokerhdl.golden.balatro.screen import frame, save_png


ONE_PIXEL_PER_CLOCK = {"clocks_per_pixel": 1}


VIEW_PORTS = ("hand_len", "phase", "ante", "blind", "target", "score", "hands_left",
              "discards_left", "deck_left", "result", "last_category", "last_chips",
              "last_mult", "last_score", "pick_count", "pick_category", "pick_chips",
              "pick_mult")


def show(dut, game, selection):
    """Drive the view inputs with the golden game's view and the switches."""
    view = expected_view(game, selection)
    dut.view_hand.value = sum(c << 6 * i for i, c in enumerate(view["hand"]))
    for name in VIEW_PORTS:
        getattr(dut, f"view_{name}").value = view.get(name, 0)
    dut.selection.value = selection


async def check_frame(tb, game, selection, name, show=show, lines=None):
    """The first frame after a reset with the view shown (a frame costs 420,000 clocks, so
    the test does not wait for the next one): the numbers' digits, converted within ~110
    clocks, are in place long before their first row (12,800 clocks). show: how the view
    inputs take the golden state (the run's screen has its own). lines: its first lines
    only."""
    dut = tb.dut
    show(dut, game, selection)
    await tb.reset()
    got = await capture_frame(dut.clk, dut.rgb, dut.hsync, dut.vsync, tb.clock_ns,
                              after_reset=True, lines=lines)
    folder = os.environ.get("FRAMES_DIR")
    if folder and lines is None:                # relative to the repository root
        save_png(got, ROOT / folder / f"balatro_{name}.png")
    want = frame(game.observe(), selection)
    compare_frames(got, want[:len(got)], BUILD / "frames", name)
    dut._log.info(f"frame {name}: {len(got)} lines equal to the golden frame's")


def run_scenes(top, hdl, module, chosen, tag="", lines=None):
    """The frames of the scenes named in ``chosen`` (the module's frames_match_golden), or
    their first ``lines``."""
    run_block(top, hdl, module, params=ONE_PIXEL_PER_CLOCK,
              extra_env={"PARAM_SCENES": repr(chosen).replace("'", '"'),
                         "PARAM_LINES": json.dumps(lines)},
              tag=tag + (f"-{lines}" if lines else ""), compiled=True)


def frame_params(band):
    """(hdl, lines): the regression draws the frame whole in one language and a band of its
    first lines in the other (``band``: {hdl: lines}); the deep stage that language's whole."""
    out = []
    for hdl in HDLS:
        lines = band.get(hdl.values[0])
        out.append(pytest.param(*hdl.values, lines, marks=hdl.marks,
                                id=hdl.id + (f"-{lines}-lines" if lines else "")))
        if lines:
            out.append(pytest.param(*hdl.values, None, marks=[*hdl.marks, pytest.mark.deep],
                                    id=hdl.id))
    return out
