"""The board shell: the top of any game on any board, built from the board table.

The shell owns everything that is the board's: the clock and its frequency, the power-on reset
plus the board's reset button (its polarity from the table), the switch synchronisers, the
button debouncers, the 7-segment driver for the board's digit count, the LEDs, the USB-UART
pins, a free-running tick count for the game's entropy, and every active-low pin (inverted
here and nowhere else). The game (pokerhdl.games.panel.Game) gets a PanelIO and knows nothing
of the board. A top is a ``Top`` row in pokerhdl/tops.py with a board and a game; its XDC,
Vivado script and FuseSoC core come from the templates below (``write_board_files``).
"""

from pathlib import Path

from myhdl import block, always_seq, always_comb, ConcatSignal, Signal, ResetSignal, intbv

from ..games.panel import BUTTONS, PanelIO, get_game
from ..rtl.debounce import debounce
from ..rtl.drive import drive
from ..rtl.por import por
from ..rtl.sevenseg import decimal_display
from ..rtl.ticks import tick_counter
from .board import get_board, xdc_text

ROOT = Path(__file__).resolve().parent.parent.parent
RESET_BUTTON = "cpu_resetn"      # the board's reset button, where it has one
ENTROPY_SIGNALS = ("ticks", "stir")   # PanelIO.ticks and .stir by their names in a board top
SHELL_PARAMS = ("debounce_ms", "refresh_hz", "por_cycles")   # the shell's; the rest, the game's
VGA_PORTS = ("vga_r", "vga_g", "vga_b", "vga_hs", "vga_vs")


def split_params(params):
    """(the shell's parameters, the game's) of a board top's parameters (board and game aside)."""
    rest = {k: v for k, v in params.items() if k not in ("board", "game")}
    shell = {k: rest.pop(k) for k in SHELL_PARAMS if k in rest}
    return shell, rest


def top_ports(board, panel):
    """The board resources a game's top uses, in port order: the clock, the reset button
    where the board has one, and what the panel asks for."""
    ports = ["clk"] + [RESET_BUTTON] * (RESET_BUTTON in board)
    ports += ["sw"] * bool(panel.switches) + ["btn"] * bool(panel.buttons)
    ports += ["led"] * bool(panel.leds) + ["seg", "dp", "an"] * bool(panel.figure_bits)
    ports += ["uart_rx", "uart_tx"] * panel.serial
    ports += list(VGA_PORTS) * panel.vga
    missing = [name for name in ports if name not in board]
    if missing:
        raise ValueError(f"the {board.name} has no {', '.join(missing)}")
    for name, need in (("sw", panel.switches), ("btn", len(panel.buttons)),
                       ("led", panel.leds)):
        if name in ports and board[name].width < need:
            raise ValueError(f"the {board.name} has {board[name].width} {name}, the game "
                             f"needs {need}")
    return ports


def port_signals(board, ports):
    """Fresh top-level signals for the named resources, at their idle levels (an active-low
    output starts all ones: nothing lit)."""
    signals = {}
    for name in ports:
        r = board[name]
        idle = (1 << r.width) - 1 if r.active_low or name in ("uart_rx", "uart_tx") else 0
        signals[name] = Signal(bool(idle)) if r.width == 1 else Signal(intbv(idle)[r.width:])
    return signals


@block
def board_top(clk, cpu_resetn=None, sw=None, btn=None, led=None, seg=None, dp=None, an=None,
              uart_rx=None, uart_tx=None, vga_r=None, vga_g=None, vga_b=None, vga_hs=None,
              vga_vs=None, board=None, game=None, debounce_ms=10, refresh_hz=1000,
              por_cycles=16, **params):
    """A game on a board. Ports: the board's resources the game uses (top_ports), named as in
    pokerhdl.boards.board; the rest are None and not ports. params go to the game."""
    board, game = get_board(board), get_game(game)
    panel = game.make_panel(**params)
    io = PanelIO(panel)
    # named here, so these two keep their names in the generated top: the board tests predict
    # the game's deals from them (ENTROPY_SIGNALS)
    ticks, stir = io.ticks, io.stir
    rst = ResetSignal(1, active=1, isasync=False)
    reset_button = Signal(bool(0))
    power_on = por(clk, reset_button, rst, cycles=por_cycles)
    count = tick_counter(clk, rst, ticks)
    game_block = game.block_function()
    play = game_block(clk, rst, io, clk_hz=board.clk_hz, **params)
    parts = [power_on, count, play]

    if panel.buttons:
        # the buttons the game asks for, in its order, from the board's (BUTTONS order)
        picked = Signal(intbv(0)[len(panel.buttons):])
        where = [BUTTONS.index(b) for b in panel.buttons]
        parts.append(debounce(clk, rst, picked, io.held, io.press, width=len(where),
                              clk_hz=board.clk_hz, debounce_ms=debounce_ms))
        parts.append(pick_bits(btn, picked, where, invert=board["btn"].active_low))
    if panel.switches:
        parts.append(synchronise(clk, rst, sw, io.sw, invert=board["sw"].active_low))
    if panel.figure_bits:
        digits = board["an"].width
        seg_on, an_on = Signal(intbv(0)[7:]), Signal(intbv(0)[digits:])
        dp_on = Signal(bool(0))
        parts.append(decimal_display(clk, rst, io.figure, seg_on, dp_on, an_on, digits=digits,
                                     width=panel.figure_bits, clk_hz=board.clk_hz,
                                     refresh_hz=refresh_hz))
        parts += [drive(seg, seg_on, board["seg"].active_low),
                  drive(dp, dp_on, board["dp"].active_low),
                  drive(an, an_on, board["an"].active_low)]
    if panel.leds:
        parts.append(drive(led, io.led, board["led"].active_low))
    if panel.serial:
        parts += [drive(io.rxd, uart_rx, board["uart_rx"].active_low),
                  drive(uart_tx, io.txd, board["uart_tx"].active_low)]
    if panel.vga:
        parts.append(vga_pins(io.vga_rgb, io.vga_hsync, io.vga_vsync, vga_r, vga_g, vga_b,
                              vga_hs, vga_vs))
    if cpu_resetn is not None:
        parts.append(drive(reset_button, cpu_resetn, board[RESET_BUTTON].active_low))
    return parts


@block
def vga_pins(rgb, hsync, vsync, r, g, b, hs, vs):
    """The game's 0xRGB colour and syncs to the board's VGA pins (4 bits a channel)."""
    @always_comb
    def split():
        r.next = rgb[12:8]
        g.next = rgb[8:4]
        b.next = rgb[4:0]
        hs.next = hsync
        vs.next = vsync
    return split


@block
def pick_bits(source, out, where, invert=False):
    """out[i] = source[where[i]] (inverted for active-low inputs)."""
    taps = tuple(where)
    if taps == tuple(range(len(out))):
        return drive(out, source, invert)
    # one shadow signal per tap, concatenated (a tuple indexed in a loop does not convert)
    picked = ConcatSignal(*[source(t) for t in reversed(taps)]) if len(taps) > 1 \
        else source(taps[0])
    return drive(out, picked, invert)


@block
def synchronise(clk, rst, raw, out, invert=False):
    """Two flops from asynchronous switches to the clock (switches are read when a button is
    pressed, long after they settle, so they need no debouncer)."""
    meta = Signal(intbv(0)[len(out):])
    n = len(out)
    flip = (1 << n) - 1 if invert else 0

    @always_seq(clk.posedge, reset=rst)
    def flops():
        meta.next = raw[n:] ^ flip
        out.next = meta
    return flops


def make_top(board, game, **params):
    """A board top with fresh port signals, for conversion (with initial values: the power-on
    reset needs them; pokerhdl.convert settles them)."""
    shell, params = split_params(params)
    b = get_board(board)
    ports = port_signals(b, top_ports(b, get_game(game).make_panel(**params)))
    return board_top(**ports, board=board, game=game, **shell, **params)


# One template each for every board top's hand-off files: {top}, {board}, {part}, {doc}.
TCL = """\
# {top}: a {board} bitstream from generated/ and xdc/, in Vivado batch mode.
# Generated by pokerhdl.boards.shell.write_board_files(); do not edit.
# From the repository root:
#   vivado -mode batch -source xdc/{top}.tcl                 (Verilog)
#   vivado -mode batch -source xdc/{top}.tcl -tclargs vhdl   (VHDL)
# Output: build/vivado/{top}/{top}.bit and its reports.
set hdl [expr {[llength $argv] > 0 ? [lindex $argv 0] : "verilog"}]
if {$hdl ni {verilog vhdl}} {
    error "unknown language $hdl: use verilog or vhdl"
}
set root [file normalize [file join [file dirname [info script]] ..]]
set out [file join $root build vivado {top}]
file mkdir $out
create_project -in_memory -part {part}
if {$hdl eq "vhdl"} {
    read_vhdl -vhdl2008 [file join $root generated vhdl pck_myhdl_011.vhd]
    read_vhdl -vhdl2008 [file join $root generated vhdl {top}.vhd]
} else {
    read_verilog [file join $root generated verilog {top}.v]
}
read_xdc [file join $root xdc {top}.xdc]
synth_design -top {top} -part {part}
opt_design
place_design
route_design
report_utilization -file [file join $out utilization.rpt]
report_timing_summary -file [file join $out timing.rpt]
set slack [get_property SLACK [get_timing_paths -max_paths 1 -nworst 1 -setup]]
if {$slack ne "" && $slack < 0} {
    puts "WARNING: timing not met at {mhz} MHz (worst setup slack $slack ns); see $out/timing.rpt"
}
write_bitstream -force [file join $out {top}.bit]
"""

CORE = """\
CAPI=2:
# FuseSoC core of the {top} top; generated by pokerhdl.boards.shell, do not edit.
# fusesoc --cores-root . run --target {board} pokerhdl:games:{top}
name: pokerhdl:games:{top}:0.1.0
description: {doc}

filesets:
  rtl:
    files: [generated/verilog/{top}.v]
    file_type: verilogSource
  rtl_vhdl:
    files: [generated/vhdl/pck_myhdl_011.vhd, generated/vhdl/{top}.vhd]
    file_type: vhdlSource-2008
  constraints:
    files: [xdc/{top}.xdc]
    file_type: xdc

targets:
  {board}:
    default_tool: vivado
    filesets: [rtl, constraints]
    toplevel: {top}
    tools:
      vivado:
        part: {part}
  {board}_vhdl:
    default_tool: vivado
    filesets: [rtl_vhdl, constraints]
    toplevel: {top}
    tools:
      vivado:
        part: {part}
"""


def fill(template, top):
    board = get_board(top.board)
    for key, value in (("top", top.name), ("board", board.name), ("part", board.part),
                       ("doc", top.doc), ("mhz", f"{board.clk_hz / 1e6:g}")):
        template = template.replace("{" + key + "}", value)
    return template


def board_files(top):
    """{path relative to the repository root: text} of a board top's hand-off files."""
    board, game = get_board(top.board), get_game(top.params["game"])
    ports = top_ports(board, game.make_panel(**split_params(top.params)[1]))
    return {f"xdc/{top.name}.xdc": xdc_text(board, ports, top=top.name),
            f"xdc/{top.name}.tcl": fill(TCL, top),
            f"{top.name}.core": fill(CORE, top)}


def write_board_files(tops, root=ROOT):
    """Write the XDC, Vivado script and FuseSoC core of every board top (deterministic)."""
    for top in tops:
        for rel, text in board_files(top).items():
            path = Path(root) / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "w", newline="\n") as f:
                f.write(text)
