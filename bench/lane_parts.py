"""Where an equity lane's LUTs go: its dealer, its ranking and its counting synthesized each on
its own (yosys synth_xilinx, as the lane), beside the whole lane; what is left is the lane's
control and what synthesis merges across the parts' borders. The parts are the lane's own
blocks (pokerhdl/rtl/equity/lane.py, lane_tally.py) behind ports, so their rows are keyed on
the lane's RTL: a change to any part changes the lane."""

import tempfile
import warnings
from pathlib import Path

from myhdl import ResetSignal, Signal, block, instances, intbv

from bench.figures import put_table
from bench.hardware import lane_design, lane_params
from pokerhdl.flow.synth import synth_stats
from pokerhdl.golden.equity.deal import lane_slots
from pokerhdl.rtl.equity.lane import CARD, lane_dealer, lane_ranking, packed_cards
from pokerhdl.rtl.equity.lane_tally import lane_tallies, winner_shares

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
def counting_part(clk, rst, winners, shown, start_q, counting, shift, chain_in, chain_out):
    """The counting: the winners' shares and the players' tallies with their readout."""
    players = len(winners)
    won, alone, units, won_valid = bits(players), flag(), bits(12), flag()
    shares = winner_shares(clk, rst, winners, shown, won, alone, units, won_valid)
    tallies = lane_tallies(clk, rst, start_q, counting, won, alone, units, shift, chain_in,
                           chain_out)
    return instances()


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
                                                    flag(), flag(), bits(8), bits(8)),
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
    rows = []
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
        rest = {k: lane[k] - sum(s[k] for _, s in parts) for k in ("LUT", "LUTRAM/SRL", "FF")}
        for part, s in parts + [("the rest (control, merged across parts)", rest),
                                ("the whole lane", lane)]:
            share = round(100 * (s["LUT"] + s["LUTRAM/SRL"]) / total)     # an int: no "-0"
            rows.append(([f"{players}: {part}", f"{s['LUT']:,}", f"{s['LUTRAM/SRL']:,}",
                          f"{s['FF']:,}", f"{share}%"],
                         {"rtl": {name: lane["rtl"]}, "tool": {"yosys": lane["yosys"]}}))
    put_table(data, "lane-parts", ["lane: part", "LUT", "LUTRAM/SRL", "FF",
                                   "share of the lane's LUTs with LUT-RAM"], rows,
              caption="An equity lane's parts, each through `synth_xilinx` on its own "
                      "(`make bench`)")

