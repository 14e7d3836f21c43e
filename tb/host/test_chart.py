"""The preflop chart (pokerhdl/odds/chart.py, `pokerhdl chart`): the grid's layout against the
usual chart, each cell the calculator's answer for its hand, the PNG heat map, JSON, and its
refusals. Small runs only (a few hundred trials a hand)."""

import json
from itertools import combinations

import pytest

import pokerhdl
from pokerhdl.golden.cards import DECK
from pokerhdl.golden.equity.ranges import parse_range
from pokerhdl.odds.chart import chart, grid_hand, grid_hands, save_png
from commands import run_here


def test_the_grid_is_the_usual_chart():
    """Pairs on the diagonal, suited above (row rank first), offsuit below; the 169 hands hold
    every one of the 1,326 two-card hands once."""
    assert [grid_hand(0, c) for c in range(4)] == ["AA", "AKs", "AQs", "AJs"]
    assert [grid_hand(r, 0) for r in range(4)] == ["AA", "AKo", "AQo", "AJo"]
    assert (grid_hand(12, 12), grid_hand(11, 12), grid_hand(12, 11)) == ("22", "32s", "32o")
    assert grid_hand(4, 5) == "T9s" and grid_hand(5, 4) == "T9o"
    names = [h for row in grid_hands() for h in row]
    assert len(set(names)) == 169
    assert sorted(c for h in names for c in parse_range(h)) == \
        sorted(tuple(sorted(c, reverse=True)) for c in combinations(DECK, 2))


def test_each_cell_is_the_calculators_answer(tmp_path):
    answer = chart(random=2, trials=300, seed=11)
    assert answer["trials"] == 169 * 300 and answer["against"] == "2 random hands"
    for hand, hero in (("AKs", "AcKc"), ("T9o", "Tc9d"), ("22", "2d2c")):
        report = pokerhdl.equity(hero, "random", "random", trials=300, seed=11)
        assert answer["hands"][hand] == report.players[0].equity
        assert answer["lanes"] == report.lanes     # the JSON names what the counts depend on
    grid = answer["grid"]
    assert grid[0][0] == answer["hands"]["AA"] == max(answer["hands"].values())
    assert answer["hands"]["AA"] > 0.6 and answer["hands"]["32o"] < 0.3
    save_png(answer, tmp_path / "chart.png")
    from PIL import Image
    picture = Image.open(tmp_path / "chart.png").convert("RGB")
    assert picture.size == (2 * 8 + 13 * 56, 40 + 8 + 13 * 56)
    aa = picture.getpixel((8 + 3, 40 + 3))                     # the strongest cell: red
    weak = picture.getpixel((8 + 12 * 56 - 56 + 3, 40 + 12 * 56 + 3))     # 32o: blue
    assert aa[0] > aa[2] and weak[2] > weak[0]


def test_against_a_range_each_hand_runs_as_a_range():
    """Suits matter against a range: the cell of AKs is the range AKs (its four combos) against
    it, card removal exact."""
    answer = chart(against="KK", trials=40, seed=3)
    assert answer["against"] == "KK"
    report = pokerhdl.equity("AKs", "KK", trials=40, seed=3)
    assert answer["hands"]["AKs"] == report.players[0].equity


def test_chart_json_and_refusals(capsys):
    done = run_here(capsys, "chart", "--trials", "50", "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert len(answer["grid"]) == 13 and all(len(r) == 13 for r in answer["grid"])
    assert answer["trials_per_hand"] == 50 and answer["hands"]["AA"] == answer["grid"][0][0]
    for args, why in ((("--random", "10"), "1 to 9 random opponents: got 10"),
                      (("--random", "2", "--against", "QQ+"), "exclude each other"),
                      (("--against", "QQ+,AKx"), "'AKx' is not a hand range"),
                      (("--png", "/no/such/folder/c.png"), "no folder '/no/such/folder'"),
                      (("--trials", "0"), "--trials: '0' is not a number of trials"),
                      (("--seed", "x"), "--seed: 'x' is not a seed")):
        done = run_here(capsys, "chart", "--trials", "5", *args)
        line = done.stderr.strip()
        assert done.returncode != 0 and why in line and "\n" not in line, done.stderr
        assert line.startswith("pokerhdl chart: ") and not done.stdout
        done = run_here(capsys, "chart", "--trials", "5", *args, "--json")
        assert done.returncode != 0 and why in json.loads(done.stdout)["error"]
