"""Texas Hold'em on the Digilent Basys3: the table, its terminal and panel, a shuffler, a
power-on reset, the 7-segment display and the board's pins (active-low ones inverted here only).

Controls (holdem_ui module docstring, golden holdem_terminal): BTNC acts (SW15 up: fold; else
SW[14:0] = 0: check or call, > 0: bet or raise to that amount), BTNU / BTND cycle the display
(stack, street bet, to call of the seat to act, pot; LED12..15 say which), BTNL shows the
acting seat's cards on the terminal, BTNR deals (a new game after game over). LED0..3: whose
turn; LED4..7: the winners of the last hand; LED8: game over. The terminal: 115200 8N1 on the
USB-UART.

The deck: on every deal the shuffler deals 2 * players + 5 cards (a partial Fisher-Yates); the
table takes the 2k + 5 it needs (k live seats) and the rest are drained. The shuffler's rng takes
a free-running 32-bit counter as entropy at every key and button press, so the deals depend on
human timing and two power-ups do not deal alike.

players: 2 by default. For 4 players: `python -m pokerhdl.convert basys3_holdem verilog DIR
'{"players": 4}'` (or change the default in pokerhdl/tops.py and `make verilog`).

`write_files()` writes xdc/basys3_holdem.xdc (pins from the board table) and
xdc/basys3_holdem.tcl (a Vivado batch build: `vivado -mode batch -source
xdc/basys3_holdem.tcl` from the repository root, `-tclargs vhdl` for the VHDL sources).
"""

from pathlib import Path

from myhdl import (block, always_seq, always_comb, concat, Signal, ResetSignal, intbv, modbv,
                   instances)

from ..golden.holdem_contract import chip_width
from ..games.holdem_ui import holdem_console
from ..rtl.debounce import debounce
from ..rtl.por import por
from ..rtl.sevenseg import decimal_display
from ..rtl.shuffler import shuffler
from .board import BASYS3, write_xdc

PORTS = ("clk", "sw", "btn", "led", "seg", "dp", "an", "uart_rx", "uart_tx")
ROOT = Path(__file__).resolve().parent.parent.parent


@block
def basys3_holdem(clk, sw, btn, led, seg, dp, an, uart_rx, uart_tx, players=2, stack=1000,
                  small_blind=5, big_blind=10, clk_hz=100_000_000, baud=115_200,
                  debounce_ms=10, refresh_hz=1000, por_cycles=16, tx_baud=None):
    """The Basys3 Hold'em top (ports named after pokerhdl.boards.board.BASYS3's resources).

    clk: 100 MHz. sw[16], btn[5] (0 C, 1 U, 2 L, 3 R, 4 D): raw switches and buttons.
    led[16]: turn, winners, game over, display view. seg[7], dp, an[4]: the display,
        active-low at the pins. uart_rx (from the host), uart_tx (to the host): 8N1 at baud
        (uart_tx at tx_baud when given: tests draw the table faster than keys arrive).
    """
    w = chip_width(players, stack, big_blind)
    rst = ResetSignal(1, active=1, isasync=False)
    no_reset_button = Signal(bool(0))
    power_on = por(clk, no_reset_button, rst, cycles=por_cycles)

    btn_level, btn_pulse = Signal(intbv(0)[5:]), Signal(intbv(0)[5:])
    buttons = debounce(clk, rst, btn, btn_level, btn_pulse, width=5, clk_hz=clk_hz,
                       debounce_ms=debounce_ms)
    btn_act, btn_up, btn_reveal, btn_deal, btn_down = (Signal(bool(0)) for _ in range(5))
    sw_meta, sw_sync = Signal(intbv(0)[16:]), Signal(intbv(0)[16:])

    # the game
    deck_data, deck_valid, deck_ready, table_ready, deck_request = (
        Signal(intbv(0)[6:]), Signal(bool(0)), Signal(bool(0)), Signal(bool(0)),
        Signal(bool(0)))
    # the shuffler's stream and the register slice between it and the table
    card_data, skid_data = Signal(intbv(0)[6:]), Signal(intbv(0)[6:])
    card_valid, card_ready, skid_valid = (Signal(bool(0)) for _ in range(3))
    probe_addr, probe_data = Signal(intbv(0)[8:]), Signal(intbv(0)[24:])
    led_q = Signal(intbv(0)[16:])
    disp_value = Signal(intbv(0)[w:])
    busy, key_event, hand_done, game_over = (Signal(bool(0)) for _ in range(4))
    rxd, txd = Signal(bool(1)), Signal(bool(1))
    console = holdem_console(clk, rst, rxd, txd, sw_sync, btn_act, btn_up, btn_down, btn_reveal,
                             btn_deal, deck_data, deck_valid, table_ready, deck_request,
                             probe_addr, probe_data, led_q, disp_value, busy, key_event,
                             hand_done, game_over, players=players, stack=stack,
                             small_blind=small_blind, big_blind=big_blind, clk_hz=clk_hz,
                             baud=baud, tx_baud=tx_baud)

    # the deck
    deck_count = Signal(intbv(2 * players + 5)[6:])
    no_exclude = Signal(intbv(0)[52:])
    seed = Signal(intbv(0)[128:])
    seed_load = Signal(bool(0))
    ticks = Signal(intbv(0)[32:])
    ticks_low, ticks_high = Signal(modbv(0)[16:]), Signal(modbv(0)[16:])
    low_full = Signal(bool(0))          # ticks_low == 0xFFFF
    shuf_busy, shuf_done, shuf_error, shuf_last = (Signal(bool(0)) for _ in range(4))
    drain = Signal(bool(0))
    dealer = shuffler(clk, rst, deck_request, deck_count, no_exclude, shuf_busy, shuf_done,
                      shuf_error, card_data, card_valid, card_ready, shuf_last, seed, seed_load,
                      ticks, key_event)

    # the display
    seg_on, an_on = Signal(intbv(0)[7:]), Signal(intbv(0)[4:])
    dp_on = Signal(bool(0))
    display = decimal_display(clk, rst, disp_value, seg_on, dp_on, an_on, digits=4, width=w,
                              clk_hz=clk_hz, refresh_hz=refresh_hz)

    @always_comb
    def button_map():
        btn_act.next = btn_pulse[0]
        btn_up.next = btn_pulse[1]
        btn_reveal.next = btn_pulse[2]
        btn_deal.next = btn_pulse[3]
        btn_down.next = btn_pulse[4]

    @always_seq(clk.posedge, reset=rst)
    def synchronise_switches():
        sw_meta.next = sw
        sw_sync.next = sw_meta

    @always_seq(clk.posedge, reset=rst)
    def entropy():
        """A free-running count: the shuffler's rng takes it at each key or button press.
        Two 16-bit halves with a registered carry: one 32-bit increment is a chain of eight
        CARRY4s (9 levels)."""
        ticks_low.next = ticks_low + 1
        low_full.next = ticks_low == 0xFFFE
        if low_full:
            ticks_high.next = ticks_high + 1

    @always_comb
    def entropy_count():
        ticks.next = concat(ticks_high, ticks_low)

    @always_seq(clk.posedge, reset=rst)
    def deck_drain():
        """Cards the table did not take (it needs fewer than 2 * players + 5 when seats are
        out) are drained while the UI is idle: a deal starts and ends within one answer."""
        drain.next = not busy

    @always_seq(clk.posedge, reset=rst)
    def deck_slice():
        """A full register slice (skid buffer) from the shuffler to the table: the shuffler
        sees a registered ready, so the table's state decode does not lead into the rng's
        step (that path was 9 LUT/MUXF levels); cards arrive a clock later."""
        if deck_ready or not deck_valid:
            if skid_valid:
                deck_data.next = skid_data
                deck_valid.next = True
                skid_valid.next = False
            else:
                deck_data.next = card_data
                deck_valid.next = card_valid
        elif card_valid and not skid_valid:
            skid_data.next = card_data
            skid_valid.next = True

    @always_comb
    def deck_flow():
        card_ready.next = not skid_valid
        deck_ready.next = table_ready or drain

    @always_comb
    def pins():
        rxd.next = uart_rx
        uart_tx.next = txd
        led.next = led_q
        seg.next = ~seg_on
        dp.next = not dp_on
        an.next = ~an_on

    return instances()


def basys3_holdem_top(players=2, stack=1000, small_blind=5, big_blind=10, clk_hz=100_000_000,
                      baud=115_200, debounce_ms=10, tx_baud=None):
    """The board top with fresh port signals, for conversion (with initial values, settled by
    pokerhdl.convert)."""
    top = basys3_holdem(clk=Signal(bool(0)), sw=Signal(intbv(0)[16:]), btn=Signal(intbv(0)[5:]),
                        led=Signal(intbv(0)[16:]), seg=Signal(intbv(0x7f)[7:]),
                        dp=Signal(bool(1)), an=Signal(intbv(0xf)[4:]), uart_rx=Signal(bool(1)),
                        uart_tx=Signal(bool(1)), players=players, stack=stack,
                        small_blind=small_blind, big_blind=big_blind, clk_hz=clk_hz, baud=baud,
                        debounce_ms=debounce_ms, tx_baud=tx_baud)
    return top


TCL = """\
# basys3_holdem: a Basys3 bitstream from generated/ and xdc/, in Vivado batch mode.
# Generated by pokerhdl.boards.basys3_holdem.write_files(); do not edit.
# From the repository root:
#   vivado -mode batch -source xdc/basys3_holdem.tcl                 (Verilog)
#   vivado -mode batch -source xdc/basys3_holdem.tcl -tclargs vhdl   (VHDL)
# Output: build/vivado/basys3_holdem/basys3_holdem.bit and its reports.
set hdl [expr {[llength $argv] > 0 ? [lindex $argv 0] : "verilog"}]
if {$hdl ni {verilog vhdl}} {
    error "unknown language $hdl: use verilog or vhdl"
}
set root [file normalize [file join [file dirname [info script]] ..]]
set out [file join $root build vivado basys3_holdem]
file mkdir $out
create_project -in_memory -part {part}
if {$hdl eq "vhdl"} {
    read_vhdl -vhdl2008 [file join $root generated vhdl pck_myhdl_011.vhd]
    read_vhdl -vhdl2008 [file join $root generated vhdl basys3_holdem.vhd]
} else {
    read_verilog [file join $root generated verilog basys3_holdem.v]
}
read_xdc [file join $root xdc basys3_holdem.xdc]
synth_design -top basys3_holdem -part {part}
opt_design
place_design
route_design
report_utilization -file [file join $out utilization.rpt]
report_timing_summary -file [file join $out timing.rpt]
set slack [get_property SLACK [get_timing_paths -max_paths 1 -nworst 1 -setup]]
if {$slack ne "" && $slack < 0} {
    puts "WARNING: timing not met at 100 MHz (worst setup slack $slack ns); see $out/timing.rpt"
}
write_bitstream -force [file join $out basys3_holdem.bit]
"""

CORE = """\
CAPI=2:
# FuseSoC core of the Basys3 Hold'em top; generated by pokerhdl.boards.basys3_holdem, do not edit.
# fusesoc --cores-root . run --target basys3 pokerhdl:games:basys3_holdem
name: pokerhdl:games:basys3_holdem:0.1.0
description: Texas Hold'em table with UART terminal on the Digilent Basys3

filesets:
  rtl:
    files: [generated/verilog/basys3_holdem.v]
    file_type: verilogSource
  rtl_vhdl:
    files: [generated/vhdl/pck_myhdl_011.vhd, generated/vhdl/basys3_holdem.vhd]
    file_type: vhdlSource-2008
  constraints:
    files: [xdc/basys3_holdem.xdc]
    file_type: xdc

targets:
  basys3:
    default_tool: vivado
    filesets: [rtl, constraints]
    toplevel: basys3_holdem
    tools:
      vivado:
        part: {part}
  basys3_vhdl:
    default_tool: vivado
    filesets: [rtl_vhdl, constraints]
    toplevel: basys3_holdem
    tools:
      vivado:
        part: {part}
"""


def tcl_text():
    return TCL.replace("{part}", BASYS3.part)


def core_text():
    return CORE.replace("{part}", BASYS3.part)


def write_files(root=ROOT):
    """xdc/basys3_holdem.xdc, xdc/basys3_holdem.tcl and basys3_holdem.core under root."""
    root = Path(root)
    (root / "xdc").mkdir(exist_ok=True)
    write_xdc(root / "xdc" / "basys3_holdem.xdc", BASYS3, PORTS, top="basys3_holdem")
    for path, text in ((root / "xdc" / "basys3_holdem.tcl", tcl_text()),
                       (root / "basys3_holdem.core", core_text())):
        with open(path, "w", newline="\n") as f:
            f.write(text)


if __name__ == "__main__":
    write_files()
