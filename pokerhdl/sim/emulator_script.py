"""`pokerhdl emulate --script`: steps a person would take on the board, run without a screen.

The steps are checked against the board top (emulator.BoardTop: its switches, buttons, reset
button, read from its committed Verilog) before the model is built, so a typo costs a second,
not the minutes of a Verilator build, and is told in one line that names the step, says what
is wrong and what would be right (ScriptError), never as a traceback.
"""

import math

SCRIPT_HELP = """\
A script is a list of steps, separated by spaces or new lines:
  type:TEXT     send TEXT to the board's UART (\\r for Enter, \\n, \\\\)
  press:NAME    press a button: center, up, left, right, down
  sw:N          flip switch N;  sw=VALUE  set all switches (decimal or 0x..)
  reset         press the reset button (boards that have one)
  wait:MS       run MS milliseconds of board time
  quiet         run until the UART has been silent for 2 ms and no press is in progress
The steps are checked against the top before its model is built; a wrong one stops the run.
"""
STEPS = "type:TEXT, press:NAME, sw:N, sw=VALUE, reset, wait:MS, quiet"
SHOWN = 40                      # characters of a step quoted in an error


class ScriptError(ValueError):
    """A step that cannot run on this board top: which one, and why."""


def parse_script(steps, board):
    """[(kind, value)] of the step texts, each checked against ``board`` (a BoardTop or an
    Emulator); ScriptError for the first one that is wrong."""
    parsed = []
    for number, step in enumerate(steps, 1):
        try:
            parsed.append(parse_step(step, board))
        except ValueError as why:
            shown = step if len(step) <= SHOWN else step[:SHOWN] + "..."
            raise ScriptError(f"script step {number} ({shown!r}): {why}") from None
    return parsed


def parse_step(step, board):
    if step.startswith("sw="):
        value = whole(step[3:], "sw=VALUE takes a number (decimal or 0x..)")
        board.check_switches(value)
        return "switches", value
    kind, colon, arg = step.partition(":")
    if kind in ("reset", "quiet"):
        if colon:
            raise ValueError(f"{kind} takes nothing after it")
        if kind == "reset":
            board.check_reset()
        return kind, None
    if not colon:
        raise ValueError(f"not a step; steps: {STEPS}")
    if kind == "type":
        text = arg.replace("\\r", "\r").replace("\\n", "\n").replace("\\\\", "\\")
        try:
            return kind, text.encode("latin-1")
        except UnicodeEncodeError:
            raise ValueError("the UART takes latin-1 characters only") from None
    if kind == "press":
        board.check_button(arg)
        return kind, arg
    if kind == "sw":
        index = whole(arg, "sw:N takes a switch number")
        board.check_switch(index)
        return "switch", index
    if kind == "wait":
        try:
            ms = float(arg)
        except ValueError:
            ms = math.nan
        if not (math.isfinite(ms) and ms >= 0):
            raise ValueError("wait:MS takes milliseconds of board time, a number >= 0")
        return kind, ms
    raise ValueError(f"unknown step {kind!r}; steps: {STEPS}")


def whole(text, what):
    """A whole number >= 0 (decimal, 0x.., 0b.., 0o..), or ValueError saying ``what``."""
    try:
        value = int(text, 0)
    except ValueError:
        value = int(text) if text.isdigit() else -1        # "09": decimal
    if value < 0:
        raise ValueError(f"{what}, not {text!r}")
    return value


def run_script(emu, steps, pane):
    """Run the steps (texts, checked first) on ``emu``, feeding what the board sends to
    ``pane``."""
    run_steps(emu, parse_script(steps, emu), pane)


def run_steps(emu, parsed, pane):
    """Run steps parse_script checked."""
    for kind, value in parsed:
        if kind == "switches":
            emu.set_switches(value)
        elif kind == "switch":
            emu.toggle_switch(value)
        elif kind == "type":
            emu.type(value)
        elif kind == "press":
            emu.press(value)
        elif kind == "reset":
            emu.reset_button()
        elif kind == "wait":
            emu.run_ms(value)
        pane.feed(emu.run_until_quiet() if kind in ("quiet", "type", "press") else
                  emu.take_output())
