"""The board tops (pokerhdl.boards.shell): their committed hand-off files are what the
templates write now and match the makers' constraints (Digilent's master XDC files, the ULX3S's
LPF), and (the Hold'em tops; the equity top in tb/boards/test_equity_board.py) a short simulation of the whole board (power-on reset, debounced buttons, shuffler, UART, active-low display pins, the reset
button where the board has one) answers keys and buttons exactly as the golden terminal does.

The deck comes from the shuffler inside the top, so the test predicts it with the golden twins
(golden/rng.py, golden/shuffle.py): the rng starts from the default seed, takes the shell's
free-running tick count as entropy at every key or button the console takes (the shell's
ENTROPY_SIGNALS, ticks and stir), and each deal draws 2 * players + 5 cards. Every hole card,
board card and showdown line on the terminal must then be the golden one."""

import os
import re
import shutil
import subprocess
from pathlib import Path

import cocotb
import pytest
from cocotb.triggers import ClockCycles

from harness import HDLS, VHDL_FIRST, param, run_block
from constraints import PIN_LINE, lpf, master, ulx3s_lpf
from pokerhdl.boards.board import get_board
from pokerhdl.boards.shell import ENTROPY_SIGNALS, PLL_NET, ROOT, Link, board_files, core_hz
from pokerhdl.golden.holdem.table import PHASE_BETTING, PHASE_GAME_OVER, Table
from pokerhdl.golden.holdem.terminal import FOLD_SWITCH, HoldemTerminal
from pokerhdl.golden.shuffle import shuffle
from pokerhdl.flow.tops import BOARD_TOPS, get_top
from board_tb import Board, BTN_C, BTN_L, BTN_R, BTN_U, FAST, fast, PLAYERS, XDC_NAMES

                                # count is the game's, tested at 2..4 in holdem_console)
NAMES = [top.name for top in BOARD_TOPS]
LPF_NAMES = [t.name for t in BOARD_TOPS if get_board(t.board).constraints == "lpf"]
HOLDEM_NAMES = [top.name for top in BOARD_TOPS if top.params["game"] == "holdem"]


@pytest.mark.parametrize("name", NAMES)
def test_board_files_are_generated(name):
    """xdc/<top>.xdc, xdc/<top>.tcl and xdc/<top>.core (an ECP5 board: xdc/<top>.lpf,
    xdc/<top>.core and the apio project xdc/<top>/) are what the templates write today; every
    file a core names is there, relative to the core as FuseSoC reads it."""
    top = get_top(name)
    board = get_board(top.board)
    files = board_files(top)
    for rel, text in files.items():
        if isinstance(text, Link):
            assert os.readlink(ROOT / rel) == text, f"{rel} is stale: run `make`"
            assert (ROOT / rel).resolve().is_file(), f"{rel}: a dangling link"
        else:
            assert (ROOT / rel).read_text() == text, f"{rel} is stale: run `make`"
    core = files[f"xdc/{name}.core"]
    named = [f.strip() for line in core.splitlines() if line.strip().startswith("files: [")
             for f in line.split("[", 1)[1].rstrip("]").split(",")]
    assert named and all((ROOT / "xdc" / f).resolve().is_file() for f in named), named
    if board.constraints == "xdc":
        tcl = files[f"xdc/{name}.tcl"]
        assert board.part in tcl and "/work" not in tcl and f"synth_design -top {name}" in tcl
        return
    assert "default_tool: trellis" in core and f"files: [{name}.lpf]" in core
    assert f"[--{board.device}, --package, {board.package}, --speed, \"{board.speed}\"]" in core
    ini = files[f"xdc/{name}/apio.ini"]
    assert f"board = {board.apio}" in ini and f"top-module = {name}" in ini
    assert (ROOT / "xdc" / name / f"{name}.v").read_text() == \
        (ROOT / "generated" / "verilog" / f"{name}.v").read_text()
    assert not [f for f in files if f.endswith((".xdc", ".tcl"))]


@pytest.mark.parametrize("name", XDC_NAMES)
def test_xdc_matches_digilent_master(name):
    """Every pin the committed XDC places is the Digilent master file's pin and I/O standard
    for that port's name there."""
    board = get_board(get_top(name).board)
    pins, clock, _ = master(board)
    by_port = {r.port(bit): p.master_name for r in board.resources for bit, p in enumerate(r.pins)}
    placed = PIN_LINE.findall((ROOT / "xdc" / f"{name}.xdc").read_text())
    assert placed
    for pin, std, port in placed:
        assert (pin, std) == pins[by_port[port]], (port, by_port[port])


STUB = Path(__file__).with_name("vivado_stub.tcl")


def run_in_tclsh(script, *args):
    """(calls, ports, stderr, returncode) of a Vivado Tcl file run by tclsh against
    tb/boards/vivado_stub.tcl: calls is a list of (command, [arguments])."""
    tclsh = shutil.which("tclsh")
    assert tclsh, "tclsh is missing: `make sim` installs it (Debian package tcl)"
    done = subprocess.run([tclsh, str(STUB), str(script), *args], capture_output=True,
                          text=True, cwd=ROOT)
    calls, ports = [], []
    for line in done.stdout.splitlines():
        kind, _, rest = line.partition(" ")
        if kind == "CALL":
            calls.append((rest, []))
        elif kind == "ARG":
            calls[-1][1].append(rest)
        elif kind == "PORT":
            ports.append(rest)
    return calls, ports, done.stderr, done.returncode


@pytest.mark.parametrize("hdl", ["verilog", "vhdl"])
@pytest.mark.parametrize("name", XDC_NAMES)
def test_vivado_script_in_tclsh(name, hdl):
    """The Vivado build script, run by tclsh against stand-ins for Vivado's commands (there
    is no Vivado here): the whole flow in order, for the board's part, reading only committed
    files of generated/ and xdc/, its outputs under build/."""
    part = get_board(get_top(name).board).part
    calls, _, err, rc = run_in_tclsh(ROOT / "xdc" / f"{name}.tcl",
                                     *([] if hdl == "verilog" else ["vhdl"]))
    assert rc == 0, err
    flow = [n for n, _ in calls if n not in ("get_timing_paths", "get_property")]
    read = "read_verilog" if hdl == "verilog" else "read_vhdl"
    files = [f for n, args in calls if n.startswith("read_") for f in args
             if not f.startswith("-")]
    stems = {"verilog": [f"{name}.v"], "vhdl": ["pck_myhdl_011.vhd", f"{name}.vhd"]}
    assert flow == (["create_project"] + [read] * len(stems[hdl]) +
                    ["read_xdc", "synth_design", "opt_design", "place_design", "route_design",
                     "report_utilization", "report_timing_summary", "write_bitstream"])
    assert [Path(f) for f in files] == [ROOT / "generated" / hdl / s for s in stems[hdl]] + \
        [ROOT / "xdc" / f"{name}.xdc"]
    assert all(Path(f).is_file() for f in files)
    args = dict(calls)
    assert args["create_project"] == ["-in_memory", "-part", part]
    assert args["synth_design"] == ["-top", name, "-part", part]
    assert Path(args["write_bitstream"][-1]).parent.parent.parent == ROOT / "build"


def test_vivado_script_refuses_unknown_language():
    calls, _, err, rc = run_in_tclsh(ROOT / "xdc" / f"{NAMES[0]}.tcl", "vhd")
    assert rc != 0 and "unknown language vhd: use verilog or vhdl" in err and not calls


def top_ports(name):
    """port name -> width of the generated Verilog top."""
    text = (ROOT / "generated" / "verilog" / f"{name}.v").read_text()
    found = re.findall(r"^(?:input|output)\s+(?:\[(\d+):0\]\s+)?(\w+);", text, re.M)
    return {port: int(high) + 1 if high else 1 for high, port in found}


@pytest.mark.parametrize("name", XDC_NAMES)
def test_xdc_in_tclsh_constrains_every_port_bit(name):
    """The XDC is valid Tcl for Vivado's commands, and places every bit of every port of the
    generated top exactly once, with the board table's I/O standard, and nothing else (Vivado
    only warns about a name it does not find, and the pin would float)."""
    board = get_board(get_top(name).board)
    calls, ports, err, rc = run_in_tclsh(ROOT / "xdc" / f"{name}.xdc")
    assert rc == 0, err
    placed = [args for n, args in calls if n == "set_property" and args[0] == "-dict"]
    clocks = [args for n, args in calls if n == "create_clock"]
    want = sorted(port if width == 1 else f"{port}[{i}]"
                  for port, width in top_ports(name).items() for i in range(width))
    assert sorted(args[-1] for args in placed) == [f"port:{p}" for p in want]
    standard = {r.port(bit): p.iostandard for r in board.resources for bit, p in enumerate(r.pins)}
    for args in placed:
        port = args[-1].removeprefix("port:")
        assert "PACKAGE_PIN" in args[1] and f"IOSTANDARD {standard[port]}" in args[1], args
    assert clocks == [["-add", "-name", "sys_clk_pin", "-period", "10.00", "-waveform", "0 5",
                       "port:clk"]]
    assert sorted(ports) == sorted(want + ["clk"])          # the clock's port: twice


@pytest.mark.parametrize("name", LPF_NAMES)
def test_lpf_places_every_port_bit_from_the_boards_lpf(name):
    """The committed LPF places every bit of every port of the generated top exactly once, at
    the site, IO_TYPE, PULLMODE and DRIVE of the ULX3S's own LPF for that pin, and nothing
    else; FREQUENCY for the clock pin at the board's rate, and for the PLL's output net (a
    net of the generated top) where the top has a PLL."""
    top = get_top(name)
    board = get_board(top.board)
    text = (ROOT / "xdc" / f"{name}.lpf").read_text()
    placed, freqs = lpf(text)
    want = sorted(port if width == 1 else f"{port}[{i}]"
                  for port, width in top_ports(name).items() for i in range(width))
    assert sorted(placed) == want
    assert len(re.findall(r"^LOCATE COMP", text, re.M)) == len(want)
    master, _ = ulx3s_lpf()
    by_port = {r.port(bit): p.master_name for r in board.resources for bit, p in enumerate(r.pins)}
    for port, got in placed.items():
        got, mine = dict(got), dict(master[by_port[port]])
        got.pop("comment"), mine.pop("comment")
        assert got == mine, (port, by_port[port])
    expected = {("PORT", "clk"): board.clk_hz / 1e6}
    if top.params.get("pll_hz"):
        expected[("NET", PLL_NET)] = core_hz(top) / 1e6
        verilog = (ROOT / "generated" / "verilog" / f"{name}.v").read_text()
        assert re.search(rf"^wire {PLL_NET};", verilog, re.M)
    assert freqs == expected
    assert all(line == "" or line.startswith(("#", "LOCATE", "IOBUF", "FREQUENCY", "BLOCK",
                                              "SYSCONFIG"))
               for line in text.splitlines())


def test_entropy_signals_keep_their_names():
    """The two signals the board tests read are named by the shell in both languages (in the
    tops whose games take entropy: the equity engine's seed comes with each request)."""
    for name in HOLDEM_NAMES + ["nexys_a7_balatro"]:
        for hdl, pattern in (("verilog", r"^wire (?:\[31:0\] )?{}\b"),
                             ("vhdl", r"^signal {}\s*:")):
            ext = "v" if hdl == "verilog" else "vhd"
            text = (ROOT / "generated" / hdl / f"{name}.{ext}").read_text()
            for signal in ENTROPY_SIGNALS:
                assert re.search(pattern.format(signal), text, re.M), (name, hdl, signal)


@cocotb.test()
async def board_plays(dut):
    """A board with switches and a display acts by the center button and the switches; one
    without (the ULX3S: switches=0) types amounts and folds, its center button calls."""
    board = Board(dut)
    seen_an = set()

    async def watch_display():
        while True:
            await ClockCycles(dut.clk, 7)
            seen_an.add(int(dut.an.value))
    if board.has["an"]:
        cocotb.start_soon(watch_display())

    decks = board.decks
    term = HoldemTerminal(Table(PLAYERS), board.golden_deck)

    async def act(amount=0, fold=False):
        """The center button with the switches, or (no switches) the keys of that action."""
        if board.has["sw"] or (amount == 0 and not fold):
            switches = FOLD_SWITCH if fold else amount
            assert await board.press(BTN_C, switches) == term.press("center", switches)
            return
        for ch in "f" if fold else f"r{amount}\r":
            assert await board.key(ch) == term.key(ch), ch

    await board.quiet()
    assert board.line.since(0) == term.boot()
    assert await board.key("d") == term.key("d")
    assert board.entropy and decks[0] != shuffle(count=board.deal_cards)      # human timing
    assert await board.key("h") == term.key("h")                              # P0's cards
    await act(0)                                                              # P0 calls
    assert int(dut.led.value) & 0xF == 0b0010                                 # P1's turn
    if param("depth", "long") == "short":
        # a twin behind another shell: its own controls, LEDs and reset button, shown above
        # and below; the game is basys3_holdem's, played whole there
        await act(30)                                                         # P1 raises
        await board.press(BTN_U)
        if board.has["an"]:
            assert len(seen_an) >= 2
        if "cpu_resetn" in board.board:
            dut.cpu_resetn.value = 0
            await ClockCycles(dut.clk, 5)
            dut.cpu_resetn.value = 1
            start = len(board.line.text)
            board.restart()
            await board.quiet()
            assert board.line.since(start) == HoldemTerminal(Table(PLAYERS),
                                                             board.golden_deck).boot()
        return
    assert await board.key("h") == term.key("h")                              # P1's cards
    await act(30)                                                             # P1 raises to 30
    await act(fold=True)                                                      # P0 folds
    assert int(dut.led.value) >> 4 & 0xF == 0b0010                            # P1 won

    # hand 2, checked down to a showdown: the board and both hands from the golden deck
    assert await board.press(BTN_R) == term.press("right")
    assert len(decks) == 2
    assert await board.press(BTN_L) == term.press("left")                     # P1 cards now
    await board.press(BTN_U)
    if len(dut.led) == 16:
        assert int(dut.led.value) >> 12 == 0b0010                             # view: street bet
    for ch in "ckkkkkkk":
        assert await board.key(ch) == term.key(ch), ch
    result = term.t.result
    assert result.showdown
    assert int(dut.led.value) >> 4 & 0xF == sum(1 << s for s in result.winners)
    if board.has["an"]:
        digits = board.board["an"].width
        dark = (1 << digits) - 1
        assert seen_an <= {dark} | {dark ^ 1 << d for d in range(digits)}, seen_an  # active-low
        assert len(seen_an) >= 2

    if "cpu_resetn" in board.board:
        # the reset button (active-low): a fresh boot and a fresh deck
        dut.cpu_resetn.value = 0
        await ClockCycles(dut.clk, 5)
        dut.cpu_resetn.value = 1
        start = len(board.line.text)
        board.restart()
        term = HoldemTerminal(Table(PLAYERS), board.golden_deck)
        await board.quiet()
        assert board.line.since(start) == term.boot()
        assert await board.key("d") == term.key("d")
        assert await board.key("h") == term.key("h")


@cocotb.test()
async def busted_seat_drain(dut):
    """Three players: all-in hands until a seat is out, then a hand dealt to the two left. The
    shuffler still deals 2 * 3 + 5 cards a hand and the table takes 9: unless the top drains
    the two it leaves, the next hand starts from them and its cards differ from the golden."""
    players = param("players", PLAYERS)
    board = Board(dut, players)
    table = Table(players)
    term = HoldemTerminal(table, board.golden_deck)
    await board.quiet()
    assert board.line.since(0) == term.boot()
    after_bust = 0
    while after_bust < 1:
        assert table.phase != PHASE_GAME_OVER, "the game ended before a hand with a seat out"
        out = any(table.busted)
        assert await board.key("d") == term.key("d")
        script = iter("acf")                    # shove, call, fold: someone busts
        while table.phase == PHASE_BETTING:
            if out:
                ch = "c" if table.to_call else "k"
            else:
                ch = next(script, "c")
            answer = await board.key(ch)
            assert answer == term.key(ch), (ch, answer)
        after_bust += out
    assert sum(table.busted) == 1 and len(board.decks) >= 2
    dut._log.info("%d hands, %d after a seat busted", len(board.decks), after_bust)


# the Nexys A7 and ULX3S Hold'em tops are basys3_holdem's game behind other shells: the
# regression plays a hand's start on them (their controls, LEDs, display, reset button) and on
# basys3_holdem in Verilog, and the whole game on basys3_holdem in VHDL (the game's Verilog
# plays whole games in tb/games/test_holdem_ui.py); the deep stage plays the whole game on every
# board in both languages
def holdem_depths():
    out = []
    for name in HOLDEM_NAMES:
        for hdl in HDLS:
            language = hdl.values[0]
            whole_here = name == HOLDEM_NAMES[0] and language == "vhdl"
            if not whole_here:
                twin = "-twin" if name != HOLDEM_NAMES[0] else "-start"
                out.append(pytest.param(name, "short", language, marks=hdl.marks,
                                        id=f"{name}{twin}-{language}"))
            out.append(pytest.param(name, "long", language,
                                    marks=[*hdl.marks] + [pytest.mark.deep] * (not whole_here),
                                    id=f"{name}-{language}"))
    return out


@pytest.mark.parametrize("name,depth,hdl", holdem_depths())
def test_board_top_sim(name, depth, hdl):
    run_block(name, hdl, __name__, params={**fast(name), "players": PLAYERS},
              testcase=["board_plays"], tag=f"-{depth}",
              extra_env={"BOARD_TOP": name, "PARAM_DEPTH": f'"{depth}"'})


@pytest.mark.parametrize("hdl", VHDL_FIRST)
def test_board_top_busted_seat(hdl):
    """One board is enough: the deck path is the game's, the same on every board; one language
    in the regression (VHDL_FIRST: test_board_top_sim plays basys3_holdem whole in both)."""
    run_block(HOLDEM_NAMES[0], hdl, __name__, testcase=["busted_seat_drain"],
              params={**FAST, "players": 3}, extra_env={"BOARD_TOP": HOLDEM_NAMES[0]})


def test_buttons_picked_in_any_order(tmp_path):
    """The shell gives a game the buttons it asks for in its own order (pick_bits): every input
    in MyHDL's simulation, and the block converts and compiles in both languages (no game
    asks for them out of the board's order yet)."""
    from myhdl import Signal, block, delay, instance, intbv
    from pokerhdl.boards.shell import pick_bits

    @block
    def picker(src, dst):
        return pick_bits(src, dst, (2, 0, 4), invert=True)

    src, dst = Signal(intbv(0)[5:]), Signal(intbv(0)[3:])

    @block
    def bench():
        @instance
        def check():
            for value in range(32):
                src.next = value
                yield delay(1)
                bits = [value >> 2 & 1, value & 1, value >> 4 & 1]
                assert int(dst) == sum((1 - b) << i for i, b in enumerate(bits)), value
        return picker(src, dst), check

    sim = bench()
    sim.run_sim(quiet=True)
    sim.quit_sim()
    for hdl in ("Verilog", "VHDL"):
        inst = picker(Signal(intbv(0)[5:]), Signal(intbv(0)[3:]))
        extra = {"testbench": False} if hdl == "Verilog" else {}
        inst.convert(hdl=hdl, path=str(tmp_path), **extra)
    subprocess.run(["iverilog", "-o", str(tmp_path / "x"), str(tmp_path / "picker.v")],
                   check=True)
    subprocess.run(["ghdl", "-a", "--std=08", f"--workdir={tmp_path}",
                    str(tmp_path / "pck_myhdl_011.vhd"), str(tmp_path / "picker.vhd")],
                   check=True)


def test_a_smaller_board_takes_what_the_row_gives(tmp_path):
    """A board with fewer switches or LEDs than a game's panel is refused, unless the top row
    gives the game fewer (shell parameters switches, leds); a board without a display leaves
    the figure out. Some switches (the ULX3S's 4 DIP switches as the low bits of a dice bid):
    the variant converts and compiles in both languages with a 4-bit sw port."""
    from pokerhdl.boards.shell import top_ports as ports_of
    from pokerhdl.flow.generate import convert_one
    from pokerhdl.games.panel import get_game
    ulx3s = get_board("ulx3s")
    panel = get_game("dice").make_panel()
    with pytest.raises(ValueError, match="4 sw"):
        ports_of(ulx3s, panel)
    with pytest.raises(ValueError, match="switches=9"):
        ports_of(ulx3s, panel, switches=9, leds=8)
    assert ports_of(ulx3s, panel, switches=0, leds=8) == \
        ["clk", "cpu_resetn", "btn", "led", "uart_rx", "uart_tx"]
    assert ports_of(get_board("basys3"), panel)[:8] == \
        ["clk", "sw", "btn", "led", "seg", "dp", "an", "uart_rx"]
    for hdl in ("verilog", "vhdl"):
        convert_one("ulx3s_dice", hdl, tmp_path / hdl, {"switches": 4})
    text = (tmp_path / "verilog" / "ulx3s_dice.v").read_text()
    assert re.search(r"^input \[3:0\] sw;", text, re.M)
    subprocess.run(["iverilog", "-o", str(tmp_path / "x"), str(tmp_path / "verilog" /
                                                              "ulx3s_dice.v")], check=True)
    subprocess.run(["ghdl", "-a", "--std=08", f"--workdir={tmp_path}",
                    str(tmp_path / "vhdl" / "pck_myhdl_011.vhd"),
                    str(tmp_path / "vhdl" / "ulx3s_dice.vhd")], check=True)
