"""The emulator (pokerhdl/sim/emulator.py): the committed generated Verilog of the board tops, run
by Verilator, plays exactly as the golden terminal models say: the same UART bytes for the same
keys and presses, the LEDs, and the digits an eye reads off the multiplexed display.

The deals and the dice depend on when keys arrive (the games mix a clock count into their
generators at every key and button), so these tests build the model with the two entropy
signals of the board shell exposed (ticks and stir) and predict the cards and dice with the
golden twins, as the cocotb board tests do. Marked soak: the fast engine's stage of CI."""

import os
import re
import time
from pathlib import Path

import pytest

from pokerhdl.flow.tops import BALATRO_RULES
from pokerhdl.games.balatro.game import rules_of
from pokerhdl.games.balatro.board import MOVE_BUTTONS, button_move
from pokerhdl.sim.emulator import Emulator
from pokerhdl.sim.emulator_script import run_script
from pokerhdl.sim.monitor import monitor_lines
from pokerhdl.sim.emulator_ui import TextPane, screen_lines
from pokerhdl.sim.screenshot import save_png
from pokerhdl.golden.balatro.game import (ACT_DISCARD, ACT_PLAY, ACT_SORT_SUIT, PHASE_PLAYING,
                                          PHASE_TITLE)
from pokerhdl.golden.balatro.run import PHASE_SHOP, BalatroRun
from pokerhdl.golden.balatro.screen import frame
from pokerhdl.golden.dice.game import DiceGame, Rules, roll_dice
from pokerhdl.golden.dice.contract import VIEW_ADDRESSES, panel_leds, window_reads
from pokerhdl.golden.dice.terminal import DiceTerminal
from pokerhdl.golden.holdem.table import NO_SEAT, Table
from pokerhdl.golden.holdem.terminal import HoldemTerminal
from pokerhdl.golden.rng import XorShift128
from pokerhdl.golden.sevenseg import decimal_text
from pokerhdl.golden.shuffle import deal
from table_play import check_views, serve_and_play
from balatro_checks import best_mask
from emulated import CheckedLink, Entropy, INTERNALS

HANDS = int(os.environ.get("EMULATOR_HANDS", 12))      # hands through the server on the RTL
                                # (a few minutes: make deep's)


def answer(emu, *, keys=None, press=None):
    if keys is not None:
        emu.type(keys)
    if press is not None:
        emu.press(press)
    return emu.run_until_quiet().decode("latin-1")


@pytest.mark.soak
def test_emulator_plays_holdem():
    emu = Emulator("basys3_holdem", internals=INTERNALS)
    players = emu.top.params["players"]
    entropy = Entropy(emu)
    term = HoldemTerminal(Table(players), lambda: deal(entropy.catch_up(), 2 * players + 5).cards)
    t = term.t
    emu.run_ms(1)
    assert emu.run_until_quiet().decode() == term.boot()
    assert answer(emu, keys="d") == term.key("d")
    assert answer(emu, keys="h") == term.key("h")
    assert answer(emu, press="center") == term.press("center", 0)          # a call
    assert emu.leds & 0xF == 1 << t.to_act                                # whose turn
    emu.run_ms(3)                                                         # a whole refresh
    assert emu.display_text() == decimal_text(t.stacks[t.to_act], 4)      # view 0: the stack
    emu.set_switches(30)
    assert answer(emu, press="center") == term.press("center", 30)        # a raise to 30
    emu.set_switches(0)
    while t.to_act != NO_SEAT:                                            # called, checked down
        ch = "c" if t.to_call else "k"
        assert answer(emu, keys=ch) == term.key(ch), ch
    assert t.result.showdown
    assert emu.leds >> 4 & 0xF == sum(1 << s for s in t.result.winners)
    emu.run_ms(3)
    assert emu.display_text() == decimal_text(0, 4)
    rate = emu.speed()
    assert rate > 0
    print(f"basys3_holdem with public entropy signals: {rate / 1e6:.2f} M clocks/s")


@pytest.mark.soak
def test_emulator_plays_dice():
    emu = Emulator("basys3_dice", internals=INTERNALS)
    entropy = Entropy(emu)
    game = DiceGame(Rules())
    term = DiceTerminal(game, lambda: roll_dice(entropy.catch_up()))
    emu.run_ms(1)
    assert emu.run_until_quiet().decode() == term.boot()
    assert answer(emu, keys="u40\r") == "".join(term.key(c) for c in "u40\r")
    emu.set_switches(0x80 | 25)
    assert answer(emu, press="center") == term.press("center", 0x80 | 25)
    assert answer(emu, press="center") == term.press("center")              # the throw
    assert emu.leds == panel_leds(game, 0)
    for view in range(1, 6):
        emu.press("up")
        emu.run_until_quiet()
        emu.run_ms(3)
        value = window_reads(game, 0)[VIEW_ADDRESSES[view]]
        assert emu.display_text() == decimal_text(value, 4), view
        assert emu.leds == panel_leds(game, view)


@pytest.mark.soak
def test_emulator_plays_ulx3s_dice():
    """A ULX3S top from its board table: 25 MHz, no display, no switches (bids typed), 8
    LEDs, the PWR button as the reset button; the same game as the golden terminal's."""
    emu = Emulator("ulx3s_dice", internals=INTERNALS)
    assert (emu.clk_hz, emu.digit_count, emu.switch_count) == (25_000_000, 0, 0)
    assert emu.has["cpu_resetn"] and emu.display_text() == ""
    leds = (1 << emu.board["led"].width) - 1
    entropy = Entropy(emu)
    game = DiceGame(Rules())
    term = DiceTerminal(game, lambda: roll_dice(entropy.catch_up()))
    emu.run_ms(1)
    assert emu.run_until_quiet().decode() == term.boot()
    assert answer(emu, keys="u40\r") == "".join(term.key(c) for c in "u40\r")
    assert answer(emu, keys="d25\r") == "".join(term.key(c) for c in "d25\r")
    assert emu.leds == panel_leds(game, 0) & leds != 0                      # both bid: throw
    assert answer(emu, press="center") == term.press("center")              # the throw
    assert game.dice != (0, 0) and emu.leds == panel_leds(game, 0) & leds
    emu.press("up")                                                         # a view: unlit
    emu.run_until_quiet()
    assert emu.leds == panel_leds(game, 1) & leds
    emu.reset_button()                                                      # PWR: a new boot
    entropy.catch_up()
    entropy.rng = XorShift128()
    emu.run_ms(1)
    game = DiceGame(Rules())
    term = DiceTerminal(game, lambda: roll_dice(entropy.catch_up()))
    assert emu.run_until_quiet().decode().endswith(term.boot())


@pytest.mark.soak
@pytest.mark.deep_only          # CI: the board page shows the same run in a browser
def test_emulator_shows_balatro_on_the_monitor():
    """nexys_a7_balatro's monitor, read off the emulated VGA pins: the title after power-on and
    after the reset button; then after every press, once its move is made, the next whole frame
    is the golden frame of the golden game's state, pixel for pixel, and reads back as its
    text. The first deal is predicted from the first press's timing and differs with it."""
    emu = Emulator("nexys_a7_balatro", internals=INTERNALS)
    entropy = Entropy(emu)
    rules = rules_of(**BALATRO_RULES)

    def golden():
        return BalatroRun(rng=entropy.rng, rules=rules, title=True)

    def shown(game, switches):
        emu.run_frames(1)
        pixels = emu.monitor()
        want = frame(game.observe(), switches)
        wrong = int((pixels != want).sum())
        assert wrong == 0, f"{wrong} pixels differ from the golden frame of {game.observe()}"
        assert emu.leds & 0xFF == switches and emu.display_text().strip() == str(game.score)
        return monitor_lines(pixels)

    first_hands = []
    for wait_ms in (3, 7):                      # the first press at two moments
        game = golden()
        text = shown(game, emu.switches)
        assert game.phase == PHASE_TITLE and text[1].strip() == "POKERHDL BALATRO"
        emu.run_ms(wait_ms)
        # the first move (a sort) deals: on the title every button starts the run
        for k, (action, switches) in enumerate([(ACT_SORT_SUIT, 0), (ACT_PLAY, None),
                                                (ACT_PLAY, None), (ACT_DISCARD, 0b101)]):
            switches = best_mask(game) if switches is None else switches
            emu.set_switches(switches)
            button = MOVE_BUTTONS[action]           # in the shop (a blind won): its move there
            emu.press(button)
            while emu.pressing:
                emu.run(50_000)
            entropy.catch_up()
            game.act(button_move(button, game.phase), switches)
            text = shown(game, switches)
            first_hands += [tuple(sorted(game.hand))] if k == 0 else []
        assert game.phase in (PHASE_PLAYING, PHASE_SHOP)
        assert text[2].split()[:2] == ["SCORE", str(game.score)]
        emu.reset_button()
        emu.run_ms(1)
        entropy.stirs.take()
        entropy.rng = XorShift128()             # the reset: the generator back at its seed
    assert first_hands[0] != first_hands[1]


def test_pll_top_compiles_with_the_pll_model(tmp_path):
    """The emulator's source of a top behind a PLL: the committed top and the EHXPLLL model
    (a top without one: the committed file itself)."""
    from pokerhdl.sim.emulator import model_source
    from pokerhdl.flow.tops import BOARD_TOPS, get_top
    from pokerhdl.sim.verilated import ROOT
    pll_top = next(t for t in BOARD_TOPS if t.params.get("pll_hz"))
    text = model_source(pll_top, tmp_path).read_text()
    assert text.count("module EHXPLLL") == 1 and f"module {pll_top.name}" in text
    plain = get_top("ulx3s_dice")
    assert model_source(plain, tmp_path) == ROOT / "generated" / "verilog" / "ulx3s_dice.v"


@pytest.mark.soak
def test_emulate_script_and_picture(tmp_path):
    """The scripted mode the CLI runs: steps, the screen's text and its PNG picture."""
    emu = Emulator("basys3_dice")
    pane = TextPane()
    emu.run_ms(1)
    pane.feed(emu.run_until_quiet())
    run_script(emu, "type:u40\\r sw=0x9e press:center press:up".split(), pane)
    lines = screen_lines(emu, pane)
    assert lines[0].startswith("basys3_dice (xc7a35tcpg236-1)")
    assert "P1 bids 40 up, deposit 10" in pane.lines
    assert "P2 bids 30 up, deposit 7" in pane.lines
    assert emu.display_text() == "1001"                                     # P2's purse
    assert lines[1:4] == ["display        _    _        ",           # "1001", drawn
                          "           |  | |  | |    |  ",
                          "           |  |_|  |_|    |  "]
    save_png(lines, tmp_path / "screen.png")
    from PIL import Image
    assert Image.open(tmp_path / "screen.png").size[0] > 600


def test_terminal_pane_waits_for_an_escape_sequence_cut_in_two():
    """The board's bytes reach the screen in pieces (a chunk of clocks at a time): a clear
    screen cut after ESC or ESC[2 is still a clear screen, not "[2J" on the screen."""
    for cut in range(1, 7):
        pane = TextPane()
        data = b"old\r\n\x1b[2J\x1b[Hnew\r\n"
        pane.feed(data[:4 + cut])
        pane.feed(data[4 + cut:])
        assert pane.lines == ["new", ""], cut
    pane = TextPane()
    pane.feed(b"ab\x1b")
    assert pane.lines == ["ab"]


def test_build_root_is_the_option_the_variable_or_a_folder_that_can_be_written(tmp_path,
                                                                              monkeypatch):
    """Where models are built: --build-dir, else $POKERHDL_BUILD_DIR, else the checkout's
    build/, else (an installed package in a read-only folder) the user's cache."""
    from pokerhdl.sim import verilated
    monkeypatch.delenv(verilated.BUILD_DIR_VARIABLE, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert verilated.build_root() == verilated.ROOT / "build"
    assert verilated.build_root(tmp_path / "mine") == tmp_path / "mine"
    monkeypatch.setenv(verilated.BUILD_DIR_VARIABLE, str(tmp_path / "env"))
    assert verilated.build_root() == tmp_path / "env"
    assert verilated.build_root(tmp_path / "mine") == tmp_path / "mine"
    monkeypatch.delenv(verilated.BUILD_DIR_VARIABLE)
    installed = tmp_path / "site-packages"
    installed.mkdir()
    installed.chmod(0o555)
    monkeypatch.setattr(verilated, "ROOT", installed)
    if os.geteuid() == 0:               # root writes anywhere: as on a read-only mount
        access = os.access
        monkeypatch.setattr(os, "access", lambda path, mode: access(path, mode) and not
                            str(path).startswith(str(installed)))
    assert verilated.build_root() == tmp_path / "cache" / "pokerhdl"


@pytest.mark.soak
def test_emulate_builds_in_the_build_dir_given(tmp_path):
    """`emulate --build-dir DIR` builds (and finds) the model in DIR/verilated, profile-guided
    where clang's profile tools are installed. DIR's
    verilated/ is a link to the usual one here, so the soak stage builds basys3_dice once
    (test_emulate_script_and_picture takes the same model). The API refuses what the script
    refuses."""
    import json
    import subprocess
    import sys
    from pokerhdl.sim.profile_guided import profile_merger
    from pokerhdl.sim.verilated import BUILD_DIR_VARIABLE, build_root, compiler
    shared = build_root() / "verilated"
    shared.mkdir(parents=True, exist_ok=True)
    (tmp_path / "verilated").symlink_to(shared, target_is_directory=True)
    env = {k: v for k, v in os.environ.items() if k != BUILD_DIR_VARIABLE}
    done = subprocess.run([sys.executable, "-m", "pokerhdl", "emulate", "basys3_dice",
                           "--build-dir", str(tmp_path), "--script", "sw=0x9e wait:1",
                           "--json"], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["switches"] == 0x9e
    assert list(tmp_path.glob("verilated/basys3_dice-*/libbasys3_dice.so"))
    # profile-guided where clang's profile tools are (pokerhdl/sim/profile_guided.py)
    guided = profile_merger(compiler()) is not None
    assert bool(list(tmp_path.glob("verilated/basys3_dice-*/model.profdata"))) == guided
    emu = Emulator("basys3_dice", build_dir=tmp_path)
    for act, why in ((lambda: emu.set_switches(0x1ffff), "wider than basys3_dice's 16"),
                     (lambda: emu.press("foo"), "no button 'foo'; buttons: center, up"),
                     (emu.reset_button, "no reset button"),
                     (lambda: emu.toggle_switch(16), "switches 0..15")):
        with pytest.raises(ValueError, match=re.escape(why)):
            act()
    assert emu.switches == 0 and not emu.events


@pytest.mark.parametrize("kind", ["pty", "tcp"])
def test_uart_bridges(kind):
    """The UART's pseudo-terminal and TCP ends carry bytes both ways (no model needed)."""
    import os
    import socket
    import time
    from pokerhdl.sim.emulator_ui import Bridge

    if kind == "pty":
        bridge = Bridge("pty")
        far = os.open(bridge.path, os.O_RDWR | os.O_NOCTTY)
        write, read = (lambda b: os.write(far, b)), (lambda: os.read(far, 100))
    else:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        bridge = Bridge(f"tcp:{port}")
        far = socket.create_connection(("127.0.0.1", port), timeout=5)
        write, read = far.sendall, (lambda: far.recv(100))
    deadline = time.monotonic() + 5
    while kind == "tcp" and bridge.client is None and time.monotonic() < deadline:
        bridge.poll()                       # accept the client
        time.sleep(0.01)
    write(b"d40\r")
    got = b""
    while len(got) < 4 and time.monotonic() < deadline:
        got += bridge.poll()
        time.sleep(0.01)
    assert got == b"d40\r"
    bridge.send(b"P0 bets 40\r\n")
    out = b""
    while len(out) < 12:                    # blocking reads (the socket's time out: 5 s)
        out += read()
    assert out == b"P0 bets 40\r\n"


@pytest.mark.soak
@pytest.mark.deep_only          # CI: four pages play the RTL through the same server
def test_four_clients_play_the_emulator():
    """Four clients through `pokerhdl serve` against basys3_holdem's generated RTL: every
    byte the RTL sends is the golden terminal's, every state each client received is the
    golden table's at that moment, no hole card reaches another client before the showdown,
    chips are conserved (tb/host/test_table_server.py plays hundreds of hands with the golden
    table behind the server; here HANDS hands run on the RTL, several seconds each)."""
    link = CheckedLink("basys3_holdem")
    players, seconds = serve_and_play(link, HANDS, seed=11, per_hand=60)
    assert link.actual == link.expected[:len(link.actual)]
    checked = check_views(players, link.truth, 4 * link.term.t.start_stack)
    hands = len(link.decks)
    print(f"{hands} hands on the emulator in {seconds:.0f} s ({60 * hands / seconds:.1f} "
          f"hands/min), {checked} client states checked, {len(link.actual)} bytes")
    assert hands >= HANDS - 1 and checked > 10 * HANDS


def test_a_build_says_what_it_builds_and_how_long(tmp_path, monkeypatch):
    """A model that is not cached yet is announced (the last build's time, or that it is the
    first) and its end said with the time it took; a cached one says nothing. Verilator
    itself is stood in for by a pause that writes the library (the timing is what is
    tested, not the compiler)."""
    import io
    from pokerhdl.sim import verilated
    from pokerhdl.sim.build_progress import announcer

    def fake_verilate(args, what):
        time.sleep(0.3)
        mdir = Path(args[args.index("--Mdir") + 1])
        mdir.mkdir(parents=True)
        (mdir / args[args.index("-o") + 1]).write_bytes(b"a library")
    monkeypatch.setattr(verilated, "verilate", fake_verilate)
    monkeypatch.setattr(verilated, "verilator_version", lambda: "stand-in")
    source = tmp_path / "tiny.v"
    source.write_text("module tiny(input clk, output reg q);\nendmodule\n")
    said = io.StringIO()
    announce = announcer("pokerhdl emulate", said)
    verilated.build(source, cache=tmp_path / "cache", announce=announce)
    first = said.getvalue().splitlines()
    assert first[0] == ("pokerhdl emulate: building tiny in Verilator (a first build takes "
                        "10 s to a minute; it is cached after it) ...")
    took = float(re.fullmatch(r"pokerhdl emulate: built tiny in ([\d.]+) s", first[1])[1])
    assert 0.3 <= took < 5 and len(first) == 2
    assert verilated.last_build_seconds("tiny", tmp_path / "cache") == round(took, 1)
    verilated.build(source, cache=tmp_path / "cache", announce=announce)     # cached
    assert said.getvalue().splitlines() == first
    source.write_text("module tiny(input clk, output reg q, output r);\nendmodule\n")
    verilated.build(source, cache=tmp_path / "cache", announce=announce)     # changed
    again = said.getvalue().splitlines()[2:]
    assert again[0] == (f"pokerhdl emulate: building tiny in Verilator (about "
                        f"{round(took, 1):.0f} s, as the last build) ...")
    assert again[1].startswith("pokerhdl emulate: built tiny in ") and len(again) == 2
