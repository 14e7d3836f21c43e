"""The Basys3 Hold'em top: its committed hand-off files are what the generators write now, and
a short simulation of the whole board (power-on reset, debounced buttons, shuffler, UART,
active-low display pins) answers keys and buttons exactly as the golden terminal does.

The deck comes from the shuffler inside the top, so the test predicts it with the golden twins
(golden/rng.py, golden/shuffle.py): the rng starts from the default seed, takes the free-running
tick count as entropy at every key or button the console takes (recorded from the top's
key_event and ticks signals), and each deal draws 2 * players + 5 cards. Every hole card, board
card and showdown line on the terminal must then be the golden one."""

import re
import shutil
import subprocess
from pathlib import Path

import cocotb
import pytest
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, FallingEdge, RisingEdge, Timer

from harness import HDLS, param, run_block
from uart_line import SerialLine
from pokerhdl.boards.basys3_holdem import PORTS, ROOT, core_text, tcl_text
from pokerhdl.boards.board import BASYS3, xdc_text
from pokerhdl.golden.holdem import PHASE_BETTING, PHASE_GAME_OVER, Table
from pokerhdl.golden.holdem_terminal import Terminal
from pokerhdl.golden.rng import XorShift128
from pokerhdl.golden.shuffle import deal, shuffle

CLK_HZ = 100_000_000
BAUD = CLK_HZ // 8              # keys at the fastest rate the receiver samples
TX_BAUD = CLK_HZ // 2           # the table drawn at the fastest rate the transmitter sends
QUIET_NS = 10_000               # no byte for this long: the answer is complete (a deal waits
                                # for the shuffler: about 100 clocks)
BTN_C, BTN_U, BTN_L, BTN_R, BTN_D = range(5)
PLAYERS = 2                     # the top's default


def test_xdc_is_generated():
    assert (ROOT / "xdc" / "basys3_holdem.xdc").read_text() == \
        xdc_text(BASYS3, PORTS, top="basys3_holdem")


def test_tcl_and_core_are_generated():
    assert (ROOT / "xdc" / "basys3_holdem.tcl").read_text() == tcl_text()
    assert (ROOT / "basys3_holdem.core").read_text() == core_text()
    text = tcl_text()
    assert BASYS3.part in text and "/work" not in text and "synth_design -top basys3_holdem" in text


STUB = Path(__file__).with_name("vivado_stub.tcl")


def run_in_tclsh(script, *args):
    """(calls, ports, stderr, returncode) of a Vivado Tcl file run by tclsh against
    tb/vivado_stub.tcl: calls is a list of (command, [arguments])."""
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
def test_vivado_script_in_tclsh(hdl):
    """The Vivado build script, run by tclsh against stand-ins for Vivado's commands (there
    is no Vivado here): the whole flow in order, for the Basys3's part, reading only committed
    files of generated/ and xdc/, its outputs under build/."""
    calls, _, err, rc = run_in_tclsh(ROOT / "xdc" / "basys3_holdem.tcl",
                                     *([] if hdl == "verilog" else ["vhdl"]))
    assert rc == 0, err
    flow = [name for name, _ in calls if name not in ("get_timing_paths", "get_property")]
    read = "read_verilog" if hdl == "verilog" else "read_vhdl"
    files = [f for name, args in calls if name.startswith("read_") for f in args
             if not f.startswith("-")]
    stems = {"verilog": ["basys3_holdem.v"], "vhdl": ["pck_myhdl_011.vhd", "basys3_holdem.vhd"]}
    assert flow == (["create_project"] + [read] * len(stems[hdl]) +
                    ["read_xdc", "synth_design", "opt_design", "place_design", "route_design",
                     "report_utilization", "report_timing_summary", "write_bitstream"])
    assert [Path(f) for f in files] == [ROOT / "generated" / hdl / s for s in stems[hdl]] + \
        [ROOT / "xdc" / "basys3_holdem.xdc"]
    assert all(Path(f).is_file() for f in files)
    args = dict(calls)
    assert args["create_project"] == ["-in_memory", "-part", BASYS3.part]
    assert args["synth_design"] == ["-top", "basys3_holdem", "-part", BASYS3.part]
    assert Path(args["write_bitstream"][-1]).parent.parent.parent == ROOT / "build"


def test_vivado_script_refuses_unknown_language():
    calls, _, err, rc = run_in_tclsh(ROOT / "xdc" / "basys3_holdem.tcl", "vhd")
    assert rc != 0 and "unknown language vhd: use verilog or vhdl" in err and not calls


def top_ports():
    """name -> width of every port of the generated Verilog top."""
    text = (ROOT / "generated" / "verilog" / "basys3_holdem.v").read_text()
    found = re.findall(r"^(?:input|output)\s+(?:\[(\d+):0\]\s+)?(\w+);", text, re.M)
    return {name: int(high) + 1 if high else 1 for high, name in found}


def test_xdc_in_tclsh_constrains_every_port_bit():
    """The XDC is valid Tcl for Vivado's commands, and places every bit of every port of the
    generated top exactly once, and nothing else (Vivado only warns about a name it does not
    find, and the pin would float)."""
    calls, ports, err, rc = run_in_tclsh(ROOT / "xdc" / "basys3_holdem.xdc")
    assert rc == 0, err
    placed = [args for name, args in calls if name == "set_property" and args[0] == "-dict"]
    clocks = [args for name, args in calls if name == "create_clock"]
    want = sorted(name if width == 1 else f"{name}[{i}]"
                  for name, width in top_ports().items() for i in range(width))
    assert sorted(args[-1] for args in placed) == [f"port:{p}" for p in want]
    assert all("PACKAGE_PIN" in args[1] and "IOSTANDARD LVCMOS33" in args[1] for args in placed)
    assert clocks == [["-add", "-name", "sys_clk_pin", "-period", "10.00", "-waveform", "0 5",
                       "port:clk"]]
    assert sorted(ports) == sorted(want + ["clk"])          # the clock's port: twice


class Board:
    def __init__(self, dut, players=PLAYERS):
        self.dut = dut
        self.entropy = []                      # the tick count at each key_event, in order
        self.deal_cards = 2 * players + 5      # what the shuffler deals on every deck_request
        self.rng, self.mixed, self.decks = XorShift128(), 0, []
        self.line = SerialLine(dut.uart_rx, dut.uart_tx, BAUD, TX_BAUD)
        dut.sw.value = 0
        dut.btn.value = 0
        cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
        cocotb.start_soon(self.entropy_events())

    async def entropy_events(self):
        """key_event is a one-clock pulse; the rng mixes in `ticks` at the edge that ends it."""
        event, ticks = self.dut.holdem_console0_key_event, self.dut.ticks
        while True:
            await RisingEdge(event)
            await FallingEdge(self.dut.clk)
            assert int(event.value) == 1
            self.entropy.append(int(ticks.value))

    def golden_deck(self):
        """The shuffler's next deal: the entropy taken since the last one, then its draws."""
        for ticks in self.entropy[self.mixed:]:
            self.rng.mix(ticks)
        self.mixed = len(self.entropy)
        self.decks.append(deal(self.rng, self.deal_cards).cards)
        return self.decks[-1]

    async def quiet(self):
        """Until the terminal has said nothing for a while."""
        while True:
            n = len(self.line.text)
            await Timer(QUIET_NS, unit="ns")
            if len(self.line.text) == n:
                return

    async def key(self, ch):
        start = len(self.line.text)
        await self.line.type(ch)
        await self.quiet()
        return self.line.since(start)

    async def press(self, button, switches=0):
        start = len(self.line.text)
        self.dut.sw.value = switches
        for level in (1, 0):                   # with a bounce on the way down
            self.dut.btn.value = level << button
            await ClockCycles(self.dut.clk, 40)
            self.dut.btn.value = 0 if level else 1 << button
            await ClockCycles(self.dut.clk, 3)
            self.dut.btn.value = level << button
            await ClockCycles(self.dut.clk, 40)
        self.dut.btn.value = 0
        await self.quiet()
        return self.line.since(start)


@cocotb.test()
async def board_plays(dut):
    board = Board(dut)
    seen_an = set()

    async def watch_display():
        while True:
            await ClockCycles(dut.clk, 7)
            seen_an.add(int(dut.an.value))
    cocotb.start_soon(watch_display())

    decks = board.decks
    term = Terminal(Table(PLAYERS), board.golden_deck)
    await board.quiet()
    assert board.line.since(0) == term.boot()
    assert await board.key("d") == term.key("d")
    assert board.entropy and decks[0] != shuffle(count=board.deal_cards)   # human timing
    assert await board.key("h") == term.key("h")                      # P0's cards
    assert await board.press(BTN_C, 0) == term.act_button(0)           # P0 calls
    assert int(dut.led.value) & 0xF == 0b0010                           # P1's turn
    assert await board.key("h") == term.key("h")                      # P1's cards
    assert await board.press(BTN_C, 30) == term.act_button(30)          # P1 raises to 30
    assert await board.press(BTN_C, 1 << 15) == term.act_button(1 << 15)    # P0 folds
    assert int(dut.led.value) >> 4 & 0xF == 0b0010                     # P1 won

    # hand 2, checked down to a showdown: the board and both hands from the golden deck
    assert await board.press(BTN_R) == term.deal_button()
    assert len(decks) == 2
    assert await board.press(BTN_L) == term.reveal_button()            # P1's cards now
    await board.press(BTN_U)
    assert int(dut.led.value) >> 12 == 0b0010                           # view: street bet
    for ch in "ckkkkkkk":
        assert await board.key(ch) == term.key(ch), ch
    result = term.t.result
    assert result.showdown
    assert int(dut.led.value) >> 4 & 0xF == sum(1 << s for s in result.winners)
    assert seen_an <= {0b1111, 0b1110, 0b1101, 0b1011, 0b0111}, seen_an   # active-low, one on
    assert len(seen_an) >= 2


@cocotb.test()
async def busted_seat_drain(dut):
    """Three players: all-in hands until a seat is out, then a hand dealt to the two left. The
    shuffler still deals 2 * 3 + 5 cards a hand and the table takes 9: unless the top drains
    the two it leaves, the next hand starts from them and its cards differ from the golden."""
    players = param("players", PLAYERS)
    board = Board(dut, players)
    table = Table(players)
    term = Terminal(table, board.golden_deck)
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


@pytest.mark.parametrize("hdl", HDLS)
def test_basys3_holdem_sim(hdl):
    run_block("basys3_holdem", hdl, __name__,
              params={"baud": BAUD, "tx_baud": TX_BAUD, "debounce_ms": 0.0002},
              testcase=["board_plays"])


@pytest.mark.parametrize("hdl", HDLS)
def test_basys3_holdem_busted_seat(hdl):
    run_block("basys3_holdem", hdl, __name__, testcase=["busted_seat_drain"],
              params={"players": 3, "baud": BAUD, "tx_baud": TX_BAUD, "debounce_ms": 0.0002})
