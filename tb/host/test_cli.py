"""The `pokerhdl` command as a user runs it: help, answers, JSON for scripts, clear errors with
a non-zero exit."""

import json
import socket
import subprocess
import sys

import pytest

import pokerhdl
from pokerhdl.odds.calculator import make_setup
from pokerhdl.golden.equity.readable import monte_carlo
from commands import run_here


def run(*args):
    return subprocess.run([sys.executable, "-m", "pokerhdl", *args], capture_output=True,
                          text=True)


def test_help_explains_every_command():
    done = run("--help")
    assert done.returncode == 0
    for command in ("convert", "tops", "eval", "equity", "chart", "play", "emulate"):
        assert command in done.stdout
    done = run("equity", "--help")
    assert done.returncode == 0 and "--exact" in done.stdout and "examples:" in done.stdout
    done = run("emulate", "--help")
    assert done.returncode == 0 and "--uart" in done.stdout and "press:NAME" in done.stdout
    assert "--build-dir" in done.stdout and "POKERHDL_BUILD_DIR" in done.stdout


def test_emulate_refuses_what_is_not_a_board_top():
    done = run("emulate", "eval7", "--script", "wait:1")
    assert done.returncode != 0 and "not a board top" in done.stderr
    assert "basys3_holdem" in done.stderr


@pytest.mark.parametrize("step, why", [
    ("press:foo", "no button 'foo'; buttons: center, up, left, right, down"),
    ("wait:abc", "wait:MS takes milliseconds of board time, a number >= 0"),
    ("reset", "the basys3 board has no reset button"),
    ("sw=0x1ffff", "0x1ffff is wider than basys3_dice's 16 switches (0..0xffff)"),
    ("sw:16", "basys3_dice has switches 0..15"),
    ("jump", "not a step; steps: type:TEXT, press:NAME, sw:N, sw=VALUE, reset, wait:MS, quiet"),
])
def test_emulate_script_errors_name_the_step_before_any_build(tmp_path, step, why):
    """A wrong step is one line naming it and why, a non-zero exit, no traceback; it is found
    before Verilator builds anything (the build folder stays empty)."""
    build = tmp_path / "build"
    done = run("emulate", "basys3_dice", "--build-dir", str(build), "--script",
               f"type:u40\\r {step} wait:1")
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == f"pokerhdl emulate: script step 2 ({step!r}): {why}\n"
    assert not build.exists()


@pytest.mark.parametrize("uart, why", [
    ("tcp:abc", "--uart tcp:abc: the port is a number from 1 to 65535"),
    ("tcp:70000", "--uart tcp:70000: the port is a number from 1 to 65535"),
    ("com1", "--uart com1: use terminal, pty or tcp:PORT"),
    ("tcp:{busy}", "--uart tcp:{busy}: cannot listen on 127.0.0.1:{busy}: Address already in use"),
])
def test_emulate_uart_errors_come_before_any_build(tmp_path, uart, why):
    build = tmp_path / "build"
    with socket.create_server(("127.0.0.1", 0)) as taken:
        busy = taken.getsockname()[1]
        done = run("emulate", "basys3_dice", "--build-dir", str(build),
                   "--uart", uart.format(busy=busy))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == f"pokerhdl emulate: {why.format(busy=busy)}\n"
    assert not build.exists()


def test_eval_names_the_hand():
    done = run("eval", "As", "Ks", "Qs", "Js", "Ts", "2c", "3d")
    assert done.returncode == 0 and "Royal flush" in done.stdout


def test_equity_json_is_the_exact_answer():
    done = run("equity", "AdAc", "QcJh", "--exact", "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["trials"] == 1_712_304 and answer["mode"] == "exact"
    hero, villain = answer["players"]
    assert (hero["cards"], hero["wins"], villain["wins"], hero["ties"]) == \
        ("AdAc", 1_450_987, 254_763, 6_554)                    # tb/golden/test_golden_equity.py
    assert hero["equity"] + villain["equity"] == pytest.approx(1)


def test_equity_monte_carlo_table_and_api_agree():
    done = run("equity", "AhKh", "random", "--board", "Qh7h2c", "--trials", "3000",
               "--seed", "0x2a", "--lanes", "3")
    assert done.returncode == 0, done.stderr
    assert "std. error" in done.stdout and "3,000 trials (Monte Carlo, seed 42, 3 lanes)" \
        in done.stdout
    report = pokerhdl.equity("AhKh", "random", board="Qh7h2c", trials=3000, seed=42, lanes=3)
    golden = monte_carlo(make_setup("AhKh", ["random"], "Qh7h2c"), 3000, 42, 3)
    assert [p.wins for p in report.players] == golden.wins
    assert f"{100 * report.players[0].equity:9.3f}" in done.stdout


@pytest.mark.parametrize("args,message", [
    (("AhAh", "KsKd"), "a card appears twice: Ah"),
    (("AhXx", "KsKd"), "hero 'AhXx'"),
    (("AhAs",), "at least one opponent"),
    (("AhAs", "random", "--board", "2c3c4c5c6c7c"), "more than five board cards"),
    (("AhAs", "KsKd", "--trials", "0"), "no trials"),
    (("AhAs", "--random", "10"), "1 to 9 opponents"),
    (("AhAs", "random", "random", "--exact"), "use Monte Carlo"),
    (("AhAs", "random", "--seed", "-1"), "128-bit"),
    (("AhAs", "random", "--lanes", "0", "--trials", "9"), "--lanes: '0' is not a number of "
                                                          "lanes 1..1024"),
    (("AhAs", "random", "--seed", "abc"), "--seed: 'abc' is not a seed: a 128-bit whole number"),
    # each refused in one line, never argparse's words or a traceback
    (("AhAs", "random", "--lanes", "0", "--exact"), "--lanes: '0' is not a number of lanes"),
    (("AhAs", "random", "--lanes", "100000", "--trials", "1000"), "lanes 1..1024"),
    (("AhAs", "random", "--trials", "many"), "--trials: 'many' is not a number of trials"),
    (("AhAs", "--random", "-1"), "--random: '-1' is not a number of opponents"),
    (("AhAs", "random", "--seed", str(1 << 128)), "is not a seed"),
    (("AhAs", "random", "--backend", "fpga"), "--backend: 'fpga' (choose from"),
    (("AhAs", "--random", "4", "--backend", "sim"),
     "the sim backend's engine (equity_engine) seats 1 to 3 opponents: got 4"),
    (("AhAs", "random", "--backend", "serial", "--port", "/nonexistent/tty"),
     "cannot open /nonexistent/tty: No such file or directory"),
    (("AhAs", "random", "--port", "/dev/ttyUSB1"), "--port is for --backend serial"),
    (("AhXx", "random"), "hero 'AhXx': 'AhXx' is not two cards: unknown card 'Xx'"),
])
def test_equity_refuses_bad_input_clearly(capsys, args, message):
    done = run_here(capsys, "equity", *args)
    assert done.returncode != 0 and message in done.stderr and not done.stdout
    line = done.stderr.rstrip("\n")
    assert "\n" not in line and line.startswith("pokerhdl equity: "), done.stderr
    for internal in ("Traceback", "usage:", "<lambda>", "invalid int", "[Errno", "0..51"):
        assert internal not in done.stderr


@pytest.mark.parametrize("args,message", [
    (("AhAs", "random", "--seed", "abc"), "--seed: 'abc' is not a seed"),
    (("AhXx", "random"), "hero 'AhXx': 'AhXx' is not two cards"),
    (("AhAs", "--random", "10"), "1 to 9 opponents: got 10"),
])
def test_equity_json_errors_are_json(capsys, args, message):
    """With --json a refusal is one JSON object on stdout, its reason under "error"."""
    done = run_here(capsys, "equity", *args, "--json")
    assert done.returncode != 0 and not done.stderr
    answer = json.loads(done.stdout)
    assert message in answer["error"] and answer["command"] == "equity"


def test_equity_summary_counts_one_trial_in_the_singular(capsys):
    done = run_here(capsys, "equity", "AhAs", "random", "--trials", "1")
    assert done.returncode == 0, done.stderr
    assert "\n1 trial (Monte Carlo" in done.stdout and "\n1 trials" not in done.stdout
    # a range of 12 combos at a trial each: "1 trial each", in the singular too
    done = run_here(capsys, "equity", "QQ+", "AhKh", "--trials", "1")
    assert done.returncode == 0, done.stderr
    assert "12 setups" in done.stdout and ", 1 trial each" in done.stdout, done.stdout


def test_a_hero_range_and_tens_written_10_on_the_command_line(capsys):
    """The hero may be a range; a ten may be written 10 in cards and ranges."""
    done = run_here(capsys, "equity", "QQ+", "AhKh", "--board", "10h7c2d3s", "--exact",
                    "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    api = pokerhdl.equity("QQ+", "AhKh", board="Th7c2d3s", exact=True)
    assert [p["cards"] for p in answer["players"]] == ["QQ+", "AhKh"]
    assert answer["setups"] == 3 + 3 + 6 == api.setups        # AA, KK less the hero's card
    assert [p["wins"] for p in answer["players"]] == [p.wins for p in api.players]
    done = run_here(capsys, "equity", "A10s", "10c10d", "--board", "2c3d4h5s6s", "--exact")
    assert done.returncode == 0 and "A10s" in done.stdout and "TcTd" in done.stdout


def test_lanes_are_checked_on_every_mode_in_the_api():
    with pytest.raises(ValueError, match="1 to 1,024"):
        pokerhdl.equity("AhAs", "KdKc", board="2c3c4d", exact=True, lanes=0)
    with pytest.raises(ValueError, match="1 to 1,024"):
        pokerhdl.equity("AhAs", "KdKc", board="2c3c4d", trials=10, lanes=1025)
