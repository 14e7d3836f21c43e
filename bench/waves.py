"""The timing diagram of each block's datasheet, from a real simulation: one of the block's own
cocotb tests runs on its Verilog in Icarus with tb/support/wave_record.py sampling every port
clock by clock (a short window from the test's first stimulus); the samples become WaveJSON in
docs/blocks/waves/<block>.json, with the key of the RTL they were recorded on
(`python -m pokerhdl.flow.datasheet` draws them as SVG). One simulation at a time.

    python -m bench.waves [BLOCK ...]      # `make waves`; default: every block
    python -m bench.waves --stale          # only those whose RTL changed since
"""

import argparse
import json
import os
import sys
import tempfile
import time
from dataclasses import dataclass, field

from bench.figures import ROOT, convert_variant, label, sources_unchanged, top_rtl
from pokerhdl.flow.blocks import BLOCKS, block

FOLDER = ROOT / "docs" / "blocks" / "waves"
TB = ROOT / "tb"


@dataclass
class Recording:
    """Which test of a block drives its diagram: its module (tb/*/MODULE.py) and cocotb test,
    parameters where the committed ones would take too long to show anything (a UART at
    868 clocks a bit), the window (``clocks`` columns, ``lead`` of them before ``trigger``,
    one every ``stride`` clocks), ports left out of the picture (``hide``: prefixes)."""
    module: str
    testcase: str
    params: dict = field(default_factory=dict)
    trigger: str = None
    clocks: int = 20
    lead: int = 2
    stride: int = 1
    hide: tuple = ()
    env: dict = field(default_factory=dict)
    period_ns: float = 1


def test_module(name):
    """A test module of tb/ (its parameters are the recording's, where it has its own)."""
    import importlib
    for folder in (TB / "support", next(TB.glob(f"*/{name}.py")).parent):
        if str(folder) not in sys.path:
            sys.path.insert(0, str(folder))
    return importlib.import_module(name)


def engine_params():
    return test_module("test_equity_engine").ENGINE


def console_params():
    test = test_module("test_holdem_ui")
    return test._params(tx_baud=test.CLK_HZ // 2, players=4)


SCENE = {"PARAM_SCENES": json.dumps(["last-hand-and-refusal"])}
RECORDINGS = {
    "bin2bcd": Recording("test_bin2bcd", "values", trigger="start", clocks=24),
    "board_eval": Recording("test_board_eval", "directed_boards", trigger="in_valid", clocks=12),
    "card_codec": Recording("test_card_codec", "decode_every_code", trigger="@begin",
                            clocks=16, lead=0),
    "debounce": Recording("test_debounce", "bounce_trains", {"width": 1, "debounce_ms": 0.0004},
                          clocks=40, stride=2),
    "decimal_display": Recording("test_decimal_display", "numbers", {"refresh_hz": 390_625},
                                 clocks=36, stride=8),
    "dice_roller": Recording("test_dice_table", "roller_matches_twin", trigger="request",
                             clocks=16),
    "dice_table": Recording("test_dice_table", "every_throw_outcome", trigger="cmd_valid",
                            clocks=24),
    "equity_engine": Recording("test_equity_engine", "a_describe_request_says_what_the_engine_is",
                               engine_params, trigger="s_axis_tvalid", clocks=40),
    "equity_lane": Recording("test_equity_lane", "lane_counts_as_golden", trigger="start",
                             clocks=24, lead=8, hide=("rem_", "fixed_cards", "hero_cards")),
    "eval5": Recording("test_eval5", "directed_hands", trigger="in_valid", clocks=14),
    "eval7": Recording("test_eval7", "directed_traps", trigger="in_valid", clocks=14),
    "glyph_rom": Recording("test_glyph_rom", "every_row_of_every_glyph", clocks=12),
    "holdem_table": Recording("test_holdem_table", "probe_map_and_directed", trigger="cmd_valid",
                              clocks=24, hide=("log_",), env={"HOLDEM_HANDS": "2"}),
    "por": Recording("test_por", "power_on_and_external_resets", trigger="@begin", clocks=24,
                     lead=0),
    "rng": Recording("test_rng", "advance_entropy_and_seed_against_twin", trigger="advance",
                     clocks=14),
    "sevenseg": Recording("test_sevenseg", "random_glyphs", {"refresh_hz": 390_625},
                          clocks=36, stride=8),
    "showdown": Recording("test_showdown", "random_showdowns_with_gaps", trigger="in_valid",
                          clocks=14),
    "shuffler": Recording("test_shuffler", "default_seed_full_deck_and_partial",
                          trigger="start", clocks=24),
    "uart_tx": Recording("test_uart_tx", "back_to_back_bytes", {"baud": 5_000_000},
                         trigger="s_axis_tvalid", clocks=48, stride=5),
    "uart_rx": Recording("test_uart_rx", "back_to_back_bytes", {"baud": 5_000_000},
                         clocks=48, stride=5),
    "vga_timing": Recording("test_vga_timing", "every_clock_of_small_frames",
                            {"clocks_per_pixel": 1, "h": [12, 2, 3, 4], "v": [6, 1, 2, 2]},
                            trigger="@reset", clocks=48, lead=0),
    "terminal_demo": Recording("test_terminal", "tallies",
                               {"baud": 12_500_000, "tx_baud": 50_000_000,
                                "clk_hz": 100_000_000}, clocks=48, stride=4),
    "holdem_console": Recording("test_holdem_ui", "play_games", console_params, clocks=40,
                                stride=4, hide=("probe_",),
                                env={"UI_HANDS": "1", "PARAM_SEED": "1"}),
    "balatro_game": Recording("test_balatro_game", "move_latency", trigger="cmd_valid",
                              clocks=20, hide=("view_",)),
    "balatro_run": Recording("test_balatro_run", "every_refusal", trigger="cmd_valid",
                             clocks=20, hide=("view_", "shop_", "joker", "level")),
    "balatro_screen": Recording("test_balatro_screen", "frames_match_golden", trigger="@reset",
                                lead=0, clocks=40,
                                stride=4, hide=("view_",), env=SCENE),
    "balatro_run_screen": Recording("test_balatro_run_screen", "frames_match_golden",
                                    trigger="@reset", lead=0, clocks=40,
                                    stride=4, hide=("view_",),
                                    env={"PARAM_SCENES": json.dumps(["shop"])}),
}


def params_of(recording):
    return recording.params() if callable(recording.params) else dict(recording.params)


def record(name, out=print):
    """Run the recording of one block; writes docs/blocks/waves/<name>.json."""
    sys.path.insert(0, str(TB / "support"))
    from harness import run_block
    rec = RECORDINGS[name]
    params = params_of(rec)
    b = block(name)
    ports = [[p.name, p.width] for p in b.ports]
    inputs = [p.name for p in b.ports if p.direction == "in"]
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as scratch:
        trace_file = os.path.join(scratch, "trace.json")
        spec = {"file": trace_file, "ports": ports, "inputs": inputs, "clocks": rec.clocks,
                "lead": rec.lead, "trigger": rec.trigger, "stride": rec.stride,
                "period_ns": rec.period_ns}
        env = {"POKERHDL_WAVE": json.dumps(spec), **rec.env}
        module = next(TB.glob(f"*/{rec.module}.py"))
        sys.path.insert(0, str(module.parent))
        run_block(name, "verilog", rec.module, params=params, testcase=rec.testcase,
                  extra_env=env, tag="-waves")
        with open(trace_file) as f:
            trace = json.load(f)
    FOLDER.mkdir(parents=True, exist_ok=True)
    entry = {"block": name, "test": str(module.relative_to(ROOT)), "testcase": rec.testcase,
             "params": params, "stride": rec.stride, "clocked": b.clocked,
             "key": rtl_key(name, params), "latency": latency(trace),
             "wavejson": wavejson(trace, b, rec)}
    (FOLDER / f"{name}.json").write_text(json.dumps(entry, indent=1, sort_keys=True) + "\n")
    out(f"{name}: recorded {rec.clocks} columns from {rec.module}::{rec.testcase} "
        f"({time.monotonic() - started:.0f} s)")


def rtl_key(name, params):
    """The key of the design a trace was recorded on: the committed top's canonical digest,
    or a variant's digest and its sources (as docs/figures.json keys its variants)."""
    import myhdl
    from pokerhdl.flow.manifest import digest
    from pokerhdl.flow.tops import TOPS
    overrides = {k: v for k, v in params.items() if TOPS[name].params.get(k, object()) != v}
    if not overrides:
        return {"rtl": top_rtl(name)}
    rtl, sources = convert_variant(name, overrides)
    return {"rtl": rtl, "variant": label(name, overrides), "myhdl": myhdl.__version__,
            "params": {**TOPS[name].params, **overrides},
            "sources": {s: digest(ROOT / s) for s in sorted(sources)}}


def is_fresh(entry):
    """A trace still shows today's RTL (no conversion needed to tell)."""
    key = entry["key"]
    if "variant" not in key:
        return key["rtl"] == top_rtl(entry["block"])
    return sources_unchanged({"params": key["params"], "myhdl": key["myhdl"],
                              "sources": key["sources"]})


def latency(trace):
    """Clocks from the first in_valid to the first out_valid seen (a pipeline's latency,
    measured on the trace), or None."""
    ins, outs = trace.get("in_valid"), trace.get("out_valid")
    if not ins or not outs or 1 not in ins or 1 not in outs:
        return None
    first = ins.index(1)
    return next((k - first for k, v in enumerate(outs) if k > first and v == 1), None)


def label_of(v, width):
    if v == "x":
        return "x"
    text = f"{v:x}" if width > 4 else str(v)
    return text if len(text) <= 8 else text[:7] + "…"


def wave_of(values, width):
    """A port's wave string and data labels: 0/1/x for a bit, = with a label for a vector."""
    wave, data, last = "", [], object()
    for v in values:
        if v == last:
            wave += "."
        elif v == "x":
            wave += "x"
        elif width == 1:
            wave += str(v)
        else:
            wave += "="
            data.append(label_of(v, width))
        last = v
    return wave, data


def wavejson(trace, b, rec):
    """WaveJSON of a trace: the clock, then the inputs and the outputs in two groups."""
    shown = [p for p in b.ports if p.name != "clk" and not p.name.startswith(rec.hide)]
    columns = len(next(iter(trace.values())))
    signal = []
    if b.clocked:
        name = "clk" if rec.stride == 1 else f"clk (1 column = {rec.stride} clocks)"
        signal.append({"name": name, "wave": "p" + "." * (columns - 1)})
    for direction, title in (("in", "inputs"), ("out", "outputs")):
        group = [title]
        for p in shown:
            if p.direction == direction:
                wave, data = wave_of(trace[p.name], p.width)
                row = {"name": p.name + (f"[{p.width}]" if p.vector else ""), "wave": wave}
                if data:
                    row["data"] = data
                group.append(row)
        if len(group) > 1:
            signal.append(group)
    return {"signal": signal, "config": {"hscale": 1},
            "head": {"text": f"{b.name}: {rec.module}::{rec.testcase}"}}


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.waves",
                                     description=__doc__.split("\n\n")[0].replace("\n", " "))
    parser.add_argument("blocks", nargs="*", metavar="BLOCK",
                        help="the blocks to record (default: every block)")
    parser.add_argument("--stale", action="store_true",
                        help="only the blocks whose RTL changed since their recording")
    args = parser.parse_args(argv)
    names = args.blocks or sorted(RECORDINGS)
    unknown = [n for n in names if n not in RECORDINGS]
    if unknown:
        parser.error(f"no recording for {', '.join(unknown)}; blocks: {', '.join(BLOCKS)}")
    failed = []
    for name in names:
        path = FOLDER / f"{name}.json"
        if args.stale and path.exists() and is_fresh(json.loads(path.read_text())):
            continue
        try:
            record(name)
        except Exception as exc:           # the others are still worth recording
            failed.append(name)
            print(f"{name}: FAILED: {str(exc)[:500]}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
