"""Where an equity lane's LUTs go: its dealer, its ranking and its counting synthesized each on
its own (yosys synth_xilinx, as the lane), beside the whole lane; what is left is the lane's
control and what synthesis merges across the parts' borders. The nine-seat dealer, most of its
lane, is taken apart the same way into its kinds of blocks. The parts are the lane's own
blocks (pokerhdl/rtl/equity/lane.py, lane_tally.py, colex_odometer.py) behind ports, so their
rows are keyed on the lane's RTL: a change to any part changes the lane."""

import tempfile
import warnings
from pathlib import Path

from myhdl import (ConcatSignal, ResetSignal, Signal, always_comb, block, instances,
                   intbv)

from bench.figures import put_table
from bench.hardware import lane_design, lane_params
from pokerhdl.flow.synth import synth_stats
from pokerhdl.golden.equity.deal import lane_slots, slot_words
from pokerhdl.rtl.equity.colex_odometer import colex_odometer
from pokerhdl.golden.equity.exact import EXACT_SEATS
from pokerhdl.rtl.equity.lane import (CARD, MAP_BITS, MAP_SLOT, deal_stage, delay_line,
                                      hand_stage, lane_dealer, lane_ranking, packed_cards,
                                      seed_injections, slot_stream, stage_first, stage_start)
from pokerhdl.rtl.equity.lane_tally import (counts_in_ram, lane_tallies, ram_tallies,
                                            winner_shares)

def bits(width):
    return Signal(intbv(0)[width:])


def flag():
    return Signal(bool(0))


@block
def dealer_part(clk, rst, n, mask, dealt, exact, load, load_slot, load_index, seed_word, start,
                issue, prime, board_step, board_due, last_tok, last_ok, last, opponents=1,
                shift_registers=True):
    """The dealer: the slots' streams and stages, the odometer."""
    part = lane_dealer(clk, rst, opponents, n, mask, dealt, exact, load, load_slot, load_index,
                       seed_word, start, issue, prime, board_step, board_due, last_tok, last_ok,
                       last, shift_registers)
    return instances()


@block
def ranking_part(clk, rst, dealt, last, last_tok, last_ok, rem_we, rem_addr, rem_data,
                 fixed_cards, hero_cards, active, winners, shown, opponents=1):
    """The ranking: the slots' card lookups, board_eval, the showdown."""
    fixed = packed_cards(fixed_cards, lane_slots(opponents))
    hero = packed_cards(hero_cards, 2)
    part = lane_ranking(clk, rst, opponents, dealt, last, last_tok, last_ok, rem_we, rem_addr,
                        rem_data, fixed, hero, active, winners, shown)
    return instances()


@block
def counting_part(clk, rst, winners, shown, start_q, counting, shift, chain_in, chain_out,
                  done, ready):
    """The counting: the winners' shares and the players' tallies with their readout (in a
    RAM for more than two players, as the lane keeps them)."""
    players = len(winners)
    won, alone, units, won_valid = bits(players), flag(), bits(12), flag()
    shares = winner_shares(clk, rst, winners, shown, won, alone, units, won_valid)
    if counts_in_ram(players):
        tallies = ram_tallies(clk, rst, start_q, counting, won, alone, units, shift, chain_in,
                              chain_out, done, ready)
    else:
        tallies = lane_tallies(clk, rst, start_q, counting, won, alone, units, shift,
                               chain_in, chain_out)
    return instances()


@block
def joined(signals, out):
    """out = the signals side by side, the first lowest (a part's outputs, so that synthesis
    keeps every one)."""
    gathered = ConcatSignal(*reversed(signals)) if len(signals) > 1 else signals[0]

    @always_comb
    def join():
        out.next = gathered
    return join


@block
def field_of(packed, high, low, out):
    """out = packed[high:low], a signal of its own (a slice read bit by bit in a process does
    not convert)."""
    @always_comb
    def take():
        out.next = packed[high:low]
    return take


@block
def streams_part(clk, rst, load, load_slot, load_index, seed_word, bus_index, bus_word, toks,
                 prime, words_out, slots=(), shift_registers=True):
    """The streams of ``slots`` (a step each for its trial, ``toks`` bit i for slots[i]), with
    the words the two-step ones load by in the flip-flop form (seed_injections)."""
    words = [bits(32 * slot_words(s)) for s in slots]
    injections = None
    if not shift_registers and any(slot_words(s) == 2 for s in slots):
        injections = (bits(32), bits(32))
        injecting = seed_injections(clk, load, load_index, seed_word, bus_word, *injections)
    streams = [slot_stream(clk, rst, s, load, load_slot, bus_index, bus_word, toks(i), prime,
                           words[i], shift_registers,
                           injections if slot_words(s) == 2 else None)
               for i, s in enumerate(slots)]
    out = joined(words, words_out)
    return instances()


def dealt_after(slot):
    """The positions a trial carries out of the dealer stage of ``slot`` (a stage's first slot):
    the slots up to it, and a hand's second."""
    return slot + 1 + (slot >= MAP_SLOT)


@block
def stages_part(clk, rst, n, mask, exact, dealt, words_in, digits_in, tok, ok, pos_in, map_in,
                pos_out, tok_out, ok_out, slots=(), shift_registers=True):
    """The dealer stages of ``slots`` in a row, as the dealer chains them (deal_stage below
    MAP_SLOT, hand_stage from it, a hand a stage): each takes its slot's words (words_in, the
    first slot's lowest) and delayed digit (digits_in) and passes the trial, its positions and
    the run's setting on; pos_out, tok_out, ok_out: the last stage's trial."""
    # the last stage drives the part's outputs itself
    toks, oks = [flag() for _ in slots[:-1]] + [tok_out], [flag() for _ in slots[:-1]] + [ok_out]
    positions = [bits(CARD * dealt_after(s)) for s in slots[:-1]] + [pos_out]
    maps = [bits(MAP_BITS) for _ in slots]
    ns, masks = [n] + [bits(len(n)) for _ in slots], [mask] + [bits(len(mask)) for _ in slots]
    exacts = [exact] + [flag() for _ in slots]
    stages, low = [], 0
    for i, s in enumerate(slots):
        width = 32 * slot_words(s)
        word, digit, other = bits(width), bits(CARD), bits(CARD)
        stages += [field_of(words_in, low + width, low, word),
                   field_of(digits_in, CARD * (i + 1), CARD * i, digit)]
        low += width
        trial = (tok if i == 0 else toks[i - 1], ok if i == 0 else oks[i - 1],
                 pos_in if i == 0 else positions[i - 1])
        setting_out = (ns[i + 1], masks[i + 1], exacts[i + 1])
        if s < MAP_SLOT:
            stages.append(deal_stage(clk, rst, s, ns[i], masks[i], dealt(i), word, exacts[i],
                                     digit, *trial, toks[i], oks[i], positions[i],
                                     *setting_out, shift_registers))
        else:
            earlier = map_in if i == 0 else maps[i - 1]
            stages.append(hand_stage(clk, rst, s, ns[i], masks[i], dealt(i), word, exacts[i],
                                     digit, other, *trial, None if s == MAP_SLOT else earlier,
                                     toks[i], oks[i], positions[i], maps[i], *setting_out,
                                     shift_registers))
    return instances()


@block
def odometer_part(clk, rst, load, load_slot, load_index, bus_word, start, issue, dealt, n,
                  digits_out, board_step, board_due, held, opponents=1, shift_registers=True):
    """The exact mode's odometer and the delay lines that bring each slot's digit to its
    stage: the board's and the first EXACT_SEATS seats', as the lane has them (``dealt``,
    ``digits_out``: those slots')."""
    seats = min(opponents, EXACT_SEATS)
    slots = lane_slots(seats)
    digits = [bits(CARD) for _ in range(slots)]
    delayed = [bits(CARD) for _ in range(slots)]
    odometer = colex_odometer(clk, rst, seats, load, load_slot, load_index, bus_word,
                              start, issue, dealt, n, digits, board_step, board_due, held)
    # a hand stage takes both its slots' digits at its start
    delays = [delay_line(clk, rst, digits[s], delayed[s], stage_start(stage_first(s)),
                         shift_registers) for s in range(slots)]
    out = joined(delayed, digits_out)
    return instances()


def dealer_blocks(opponents, shift_registers):
    """label -> (blocks, the part with fresh port signals): the dealer's kinds of blocks."""
    slots, counted = lane_slots(opponents), lane_slots(min(opponents, EXACT_SEATS))
    clk, rst = flag(), ResetSignal(0, active=1, isasync=False)

    def words(chosen):
        return bits(sum(32 * slot_words(s) for s in chosen))

    def streams(chosen):
        return streams_part(clk, rst, flag(), bits(5), bits(2), bits(32), bits(2), bits(32),
                            bits(len(chosen)), flag(), words(chosen), slots=tuple(chosen),
                            shift_registers=shift_registers)

    def stages(chosen):
        return stages_part(clk, rst, bits(6), bits(6), flag(), bits(len(chosen)), words(chosen),
                           bits(CARD * len(chosen)), flag(), flag(),
                           bits(CARD * max(chosen[0], 1)), bits(MAP_BITS),
                           bits(CARD * dealt_after(chosen[-1])), flag(), flag(),
                           slots=tuple(chosen), shift_registers=shift_registers)

    one, two = [s for s in range(slots) if slot_words(s) == 1], \
        list(range(MAP_SLOT, slots, 2))
    deal, first_map, later = list(range(min(MAP_SLOT, slots))), [MAP_SLOT], \
        list(range(MAP_SLOT + 2, slots, 2))
    return {
        f"streams stepping once a clock (slots {one[0]}..{one[-1]})": (len(one), streams(one)),
        f"streams stepping twice a clock (a hand's, slots {two[0]}..{two[-1]} + 1), with "
        f"their loading": (len(two), streams(two)),
        f"stages comparing with earlier positions (slots {deal[0]}..{deal[-1]})":
            (len(deal), stages(deal)),
        f"first hand stage (slots {MAP_SLOT}, {MAP_SLOT + 1}: builds the map)":
            (1, stages(first_map)),
        f"hand stages (slots {later[0]}..{later[-1] + 1})": (len(later), stages(later)),
        "odometer and its digits' delay lines": (1, odometer_part(
            clk, rst, flag(), bits(5), bits(2), bits(32), flag(), flag(), bits(counted),
            bits(6), bits(CARD * counted), flag(), flag(), flag(), opponents=opponents,
            shift_registers=shift_registers)),
    }


def part_tops(opponents, shift_registers):
    """name -> the part with fresh port signals (the dealer's delays in the lane's form)."""
    slots, players = lane_slots(opponents), 1 + opponents
    clk, rst = flag(), ResetSignal(0, active=1, isasync=False)
    return {
        "dealer": dealer_part(clk, rst, bits(6), bits(6), bits(slots), flag(), flag(), bits(5),
                              bits(2), bits(32), flag(), flag(), flag(), flag(), flag(), flag(),
                              flag(), bits(CARD * slots), opponents=opponents,
                              shift_registers=shift_registers),
        "ranking (card lookups, board_eval, showdown)": ranking_part(
            clk, rst, bits(slots), bits(CARD * slots), flag(), flag(), flag(), bits(6),
            bits(CARD), bits(CARD * slots), bits(2 * CARD), bits(players), bits(players),
            flag(), opponents=opponents),
        "counting (shares, tallies)": counting_part(clk, rst, bits(players), flag(), flag(),
                                                    flag(), flag(), bits(8), bits(8), flag(),
                                                    flag()),
    }


def part_stats(top):
    """synth_stats of one part, converted into a temporary folder (MyHDL's warnings of the
    signals a part drives for its neighbours not shown)."""
    with tempfile.TemporaryDirectory() as tmp, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        top.convert(hdl="Verilog", path=tmp, name="lane_part", testbench=False)
        return synth_stats(Path(tmp) / "lane_part.v", "lane_part")


def lane_parts(data, out=print):
    """A heads-up and a nine-seat lane: each part's LUT, LUT-RAM/SRL and FF, its share of the
    whole lane's LUTs with LUT-RAM, and the rest (the lane less its parts)."""
    rows, dealer = [], None
    for opponents in (1, 9):
        name, path = lane_design(data, opponents)
        lane = synth_stats(path, "equity_lane")
        total = lane["LUT"] + lane["LUTRAM/SRL"]
        players = f"{1 + opponents} players"
        parts = []
        form = lane_params(opponents)["shift_registers"]
        for part, top in part_tops(opponents, form).items():
            out(f"  synth_xilinx {name}: {part} ...")
            parts.append((part, part_stats(top)))
        key = {"rtl": {name: lane["rtl"]}, "tool": {"yosys": lane["yosys"]}}
        if opponents == 9:
            dealer = (dict(parts)["dealer"], key)
        rest = {k: lane[k] - sum(s[k] for _, s in parts) for k in ("LUT", "LUTRAM/SRL", "FF")}
        for part, s in parts + [("the rest (control, merged across parts)", rest),
                                ("the whole lane", lane)]:
            share = round(100 * (s["LUT"] + s["LUTRAM/SRL"]) / total)     # an int: no "-0"
            rows.append(([f"{players}: {part}", f"{s['LUT']:,}", f"{s['LUTRAM/SRL']:,}",
                          f"{s['FF']:,}", f"{share}%"], key))
    put_table(data, "lane-parts", ["lane: part", "LUT", "LUTRAM/SRL", "FF",
                                   "share of the lane's LUTs with LUT-RAM"], rows,
              caption="An equity lane's parts, each through `synth_xilinx` on its own "
                      "(`make bench`)")
    dealer_parts(data, dealer, out)


def dealer_parts(data, dealer, out=print):
    """The nine-seat dealer's kinds of blocks, each kind synthesized on its own: LUT, LUT-RAM,
    FF, per block and share of the dealer; ``dealer``: (its stats, its lane's key)."""
    (whole, key), rows, parts = dealer, [], []
    total = whole["LUT"] + whole["LUTRAM/SRL"]
    for label, (count, top) in dealer_blocks(9, lane_params(9)["shift_registers"]).items():
        out(f"  synth_xilinx the nine-seat dealer: {label} ...")
        parts.append((label, count, part_stats(top)))
    rest = {k: whole[k] - sum(s[k] for _, _, s in parts) for k in ("LUT", "LUTRAM/SRL", "FF")}
    for label, count, s in parts + [("the rest (loading, setting, merged across blocks)", "",
                                     rest), ("the whole dealer", "", whole)]:
        luts = s["LUT"] + s["LUTRAM/SRL"]
        each = f"{round(luts / count):,}" if count else ""
        rows.append(([label, f"{count}", f"{s['LUT']:,}", f"{s['LUTRAM/SRL']:,}", f"{s['FF']:,}",
                      each, f"{round(100 * luts / total)}%"], key))
    put_table(data, "dealer-parts", ["nine-seat dealer: blocks", "blocks", "LUT", "LUTRAM/SRL",
                                     "FF", "LUT with LUT-RAM a block",
                                     "share of the dealer's LUTs with LUT-RAM"], rows,
              caption="The nine-seat lane's dealer, each kind of block through `synth_xilinx` "
                      "on its own (`make bench`)")

