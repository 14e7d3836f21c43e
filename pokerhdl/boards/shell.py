"""The board shell: the top of any game on any board, built from the board table.

The shell owns everything that is the board's: the clock and its frequency, the power-on reset
plus the board's reset button (its polarity from the table), the switch synchronisers, the
button debouncers, the 7-segment driver for the board's digit count, the LEDs, the USB-UART
pins, a free-running tick count for the game's entropy, and every active-low pin (inverted
here and nowhere else). The game (pokerhdl.games.panel.Game) gets a PanelIO and knows nothing
of the board. A top is a ``Top`` row in pokerhdl/flow/tops.py with a board and a game; its hand-off
files come from the templates below (``write_board_files``): for a Xilinx board its XDC,
Vivado script and FuseSoC core (Vivado), for an ECP5 board its LPF, FuseSoC core (edalize's
trellis flow: yosys, nextpnr-ecp5, ecppack) and apio project.

A board without a 7-segment display (the ULX3S): the game's figure is not shown (its LEDs and
its terminal still say everything a game needs). A board with fewer switches or LEDs than a
game's panel wants: the shell refuses it, unless the top row says how many it gives the game
(``switches=``, ``leds=``: shell parameters): the game's other switches then read 0 and its
other LEDs are not shown. The game is unchanged; each game's docstring says what its player
does instead (Hold'em and dice: amounts typed on the terminal, LED0..7 kept).

``pll_hz`` (an ECP5 board): the top runs at that clock from the board's oscillator through an
EHXPLLL (boards/ecp5_pll.py), its power-on reset held until the PLL locks; the games, the
debouncer and the display count in that clock.
"""

from pathlib import Path

from myhdl import block, always_seq, always_comb, ConcatSignal, Signal, ResetSignal, intbv

from ..games.panel import BUTTONS, PanelIO, get_game
from ..rtl.debounce import debounce
from ..rtl.drive import drive
from ..rtl.por import por
from ..rtl.sevenseg import decimal_display
from ..rtl.ticks import tick_counter
from .board import get_board, lpf_text, xdc_text
from .ecp5_pll import ecp5_pll, pll_setting

ROOT = Path(__file__).resolve().parent.parent.parent
RESET_BUTTON = "cpu_resetn"      # the board's reset button, where it has one
ENTROPY_SIGNALS = ("ticks", "stir")   # PanelIO.ticks and .stir by their names in a board top
# the shell's parameters; the rest are the game's
SHELL_PARAMS = ("debounce_ms", "refresh_hz", "por_cycles", "pll_hz", "switches", "leds")
PLL_NET = "pll_clk"             # the PLL's output clock, by its name in a generated top
VGA_PORTS = ("vga_r", "vga_g", "vga_b", "vga_hs", "vga_vs")


def split_params(params):
    """(the shell's parameters, the game's) of a board top's parameters (board and game aside)."""
    rest = {k: v for k, v in params.items() if k not in ("board", "game")}
    shell = {k: rest.pop(k) for k in SHELL_PARAMS if k in rest}
    return shell, rest


def shows_figure(board, panel):
    """Whether the game's figure is shown: it has one and the board has a display."""
    return bool(panel.figure_bits) and "an" in board


def core_hz(top):
    """The clock a board top runs at: its PLL's output, else the board's oscillator."""
    board, pll_hz = get_board(top.board), top.params.get("pll_hz")
    return pll_setting(board.clk_hz, pll_hz).out_hz if pll_hz else board.clk_hz


def given(asked, wanted, what):
    """How many switches or LEDs the shell gives a game that wants ``wanted``: all, or the
    ``asked`` of a top row that says (shell parameters switches, leds)."""
    if asked is None:
        return wanted
    if not 0 <= asked <= wanted:
        raise ValueError(f"{what}={asked}: the game has 0..{wanted}")
    return asked


def top_ports(board, panel, switches=None, leds=None):
    """The board resources a game's top uses, in port order: the clock, the reset button
    where the board has one, and what the panel asks for (its figure only where the board
    has a display; switches, leds: fewer, as the top row says)."""
    switches = given(switches, panel.switches, "switches")
    leds = given(leds, panel.leds, "leds")
    ports = ["clk"] + [RESET_BUTTON] * (RESET_BUTTON in board)
    ports += ["sw"] * bool(switches) + ["btn"] * bool(panel.buttons)
    ports += ["led"] * bool(leds) + ["seg", "dp", "an"] * shows_figure(board, panel)
    ports += ["uart_rx", "uart_tx"] * panel.serial
    ports += list(VGA_PORTS) * panel.vga
    missing = [name for name in ports if name not in board]
    if missing:
        raise ValueError(f"the {board.name} has no {', '.join(missing)}")
    for name, need in (("sw", switches), ("btn", len(panel.buttons)), ("led", leds)):
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
              por_cycles=16, pll_hz=None, switches=None, leds=None, **params):
    # pll_hz: run at this clock from an ECP5 PLL; switches, leds: give the game only so many
    # (module docstring). The docstring below is copied into every generated board top.
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
    parts = []
    if pll_hz:
        if board.family != "ecp5":
            raise ValueError(f"pll_hz: the shell has a PLL for ECP5 boards, not the {board.name}")
        pll_clk, pll_lock, pressed = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
        assert PLL_NET == "pll_clk"     # the local's name is the net's in the generated top
        pll = ecp5_pll(clk, pll_clk, pll_lock, in_hz=board.clk_hz, out_hz=pll_hz)
        clk_hz = pll_setting(board.clk_hz, pll_hz).out_hz
        parts += [pll, hold_reset(reset_button, pressed, pll_lock)]
        core = pll_clk          # the clock of everything below
    else:
        clk_hz = board.clk_hz
        core = clk
    power_on = por(core, reset_button, rst, cycles=por_cycles)
    count = tick_counter(core, rst, ticks)
    game_block = game.block_function()
    play = game_block(core, rst, io, clk_hz=clk_hz, **params)
    parts += [power_on, count, play]

    if panel.buttons:
        # the buttons the game asks for, in its order, from the board's (BUTTONS order)
        picked = Signal(intbv(0)[len(panel.buttons):])
        where = [BUTTONS.index(b) for b in panel.buttons]
        parts.append(debounce(core, rst, picked, io.held, io.press, width=len(where),
                              clk_hz=clk_hz, debounce_ms=debounce_ms))
        parts.append(pick_bits(btn, picked, where, invert=board["btn"].active_low))
    if switches is not None and switches < panel.switches:
        if switches:            # the game's other switches read 0
            few_sw = Signal(intbv(0)[switches:])
            parts += [synchronise(core, rst, sw, few_sw, invert=board["sw"].active_low),
                      widen(few_sw, io.sw)]
    elif panel.switches:
        parts.append(synchronise(core, rst, sw, io.sw, invert=board["sw"].active_low))
    if shows_figure(board, panel):
        digits = board["an"].width
        seg_on, an_on = Signal(intbv(0)[7:]), Signal(intbv(0)[digits:])
        dp_on = Signal(bool(0))
        parts.append(decimal_display(core, rst, io.figure, seg_on, dp_on, an_on, digits=digits,
                                     width=panel.figure_bits, clk_hz=clk_hz,
                                     refresh_hz=refresh_hz,
                                     scientific=panel.figure_scientific))
        parts += [drive(seg, seg_on, board["seg"].active_low),
                  drive(dp, dp_on, board["dp"].active_low),
                  drive(an, an_on, board["an"].active_low)]
    if leds is not None and leds < panel.leds:
        if leds:                # the game's other LEDs are not shown
            parts.append(drive(led, io.led(leds, 0), board["led"].active_low))
    elif panel.leds:
        parts.append(drive(led, io.led, board["led"].active_low))
    if panel.serial:
        parts += [drive(io.rxd, uart_rx, board["uart_rx"].active_low),
                  drive(uart_tx, io.txd, board["uart_tx"].active_low)]
    if panel.vga:
        parts.append(vga_pins(io.vga_rgb, io.vga_hsync, io.vga_vsync, vga_r, vga_g, vga_b,
                              vga_hs, vga_vs))
    if cpu_resetn is not None:
        parts.append(drive(pressed if pll_hz else reset_button, cpu_resetn,
                           board[RESET_BUTTON].active_low))
    return parts


@block
def hold_reset(reset, pressed, locked):
    """The power-on reset's input behind a PLL: the reset button, or the PLL not locked."""
    @always_comb
    def hold():
        reset.next = pressed or not locked
    return hold


@block
def widen(narrow, wide):
    """wide = narrow, its high bits 0."""
    @always_comb
    def zero_extend():
        wide.next = narrow
    return zero_extend


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
    reset needs them; pokerhdl.flow.convert settles them)."""
    shell, params = split_params(params)
    b = get_board(board)
    ports = port_signals(b, top_ports(b, get_game(game).make_panel(**params),
                                      shell.get("switches"), shell.get("leds")))
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

# A board top's FuseSoC core, in xdc/ beside its constraints (FuseSoC finds cores below the
# root it is given; a core's file paths are relative to the core).
CORE = """\
CAPI=2:
# FuseSoC core of the {top} top; generated by pokerhdl.boards.shell, do not edit.
# fusesoc --cores-root . run --target {board} pokerhdl:games:{top}
name: pokerhdl:games:{top}:0.1.0
description: {doc}

filesets:
  rtl:
    files: [../generated/verilog/{top}.v]
    file_type: verilogSource
  rtl_vhdl:
    files: [../generated/vhdl/pck_myhdl_011.vhd, ../generated/vhdl/{top}.vhd]
    file_type: vhdlSource-2008
  constraints:
    files: [{top}.xdc]
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


# An ECP5 board top's FuseSoC core: the open flow (edalize's trellis tool runs yosys
# synth_ecp5, nextpnr-ecp5 and ecppack), Verilog only (yosys reads no VHDL without a plugin).
CORE_ECP5 = """\
CAPI=2:
# FuseSoC core of the {top} top; generated by pokerhdl.boards.shell, do not edit.
# fusesoc --cores-root . run --target {board} pokerhdl:games:{top}
name: pokerhdl:games:{top}:0.1.0
description: {doc}

filesets:
  rtl:
    files: [../generated/verilog/{top}.v]
    file_type: verilogSource
  constraints:
    files: [{top}.lpf]
    file_type: LPF

targets:
  {board}:
    default_tool: trellis
    filesets: [rtl, constraints]
    toplevel: {top}
    tools:
      trellis:
        nextpnr_options: [--{device}, --package, {package}, --speed, "{speed}"]
"""

# An apio project (apio build / apio upload) in a folder of its own, xdc/<top>/: apio reads
# every Verilog file under its project folder and the one constraints file at its root, so a
# top's folder holds only apio.ini and links to its generated Verilog and its LPF.
APIO = """\
; {top} with apio: from this folder, `apio build` then `apio upload`.
; Generated by pokerhdl.boards.shell; do not edit. {top}.v and {top}.lpf are links to
; generated/verilog/{top}.v and xdc/{top}.lpf.
[env:default]
board = {apio}
top-module = {top}
"""


class Link(str):
    """A hand-off file that is a relative symbolic link to this target."""


def fill(template, top):
    board = get_board(top.board)
    for key, value in (("top", top.name), ("board", board.name), ("part", board.part),
                       ("doc", top.doc), ("mhz", f"{board.clk_hz / 1e6:g}"),
                       ("device", board.device), ("package", board.package),
                       ("speed", str(board.speed)), ("apio", board.apio)):
        template = template.replace("{" + key + "}", value)
    return template


def board_files(top):
    """{path relative to the repository root: text (or a Link)} of a board top's hand-off
    files: XDC, Vivado script and FuseSoC core for a Xilinx board; LPF, FuseSoC core and an
    apio project for an ECP5 board."""
    board, game = get_board(top.board), get_game(top.params["game"])
    shell, params = split_params(top.params)
    ports = top_ports(board, game.make_panel(**params), shell.get("switches"),
                      shell.get("leds"))
    if board.constraints == "lpf":
        nets = {PLL_NET: core_hz(top)} if shell.get("pll_hz") else {}
        files = {f"xdc/{top.name}.lpf": lpf_text(board, ports, top=top.name, nets=nets),
                 f"xdc/{top.name}.core": fill(CORE_ECP5, top)}
        if board.apio:
            files.update({f"xdc/{top.name}/apio.ini": fill(APIO, top),
                          f"xdc/{top.name}/{top.name}.v":
                              Link(f"../../generated/verilog/{top.name}.v"),
                          f"xdc/{top.name}/{top.name}.lpf": Link(f"../{top.name}.lpf")})
        return files
    return {f"xdc/{top.name}.xdc": xdc_text(board, ports, top=top.name),
            f"xdc/{top.name}.tcl": fill(TCL, top),
            f"xdc/{top.name}.core": fill(CORE, top)}


def write_board_files(tops, root=ROOT):
    """Write the hand-off files of every board top (deterministic)."""
    for top in tops:
        for rel, text in board_files(top).items():
            path = Path(root) / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(text, Link):
                if path.is_symlink() or path.exists():
                    path.unlink()
                path.symlink_to(text)
                continue
            with open(path, "w", newline="\n") as f:
                f.write(text)
