"""Board tables against Digilent's master XDC files (trimmed copies in tb/data/): every pin's
package pin and I/O standard, the clock, the configuration properties; and the XDC written from
the tables reads back to the same pins."""

import re
from pathlib import Path

import pytest

from pokerhdl.boards.board import BASYS3, BOARDS, NEXYS_A7_100T, xdc_text

DATA = Path(__file__).resolve().parent / "data"
MASTER_FILES = {"basys3": "Basys-3-Master.trimmed.xdc",
                "nexys_a7": "Nexys-A7-100T-Master.trimmed.xdc"}
PIN_LINE = re.compile(r"PACKAGE_PIN\s+(\S+)\s+IOSTANDARD\s+(\S+)\s*\}\s*"
                      r"\[get_ports\s*\{?\s*(\w+(?:\[\d+\])?)\s*\}?\s*\]")
CLOCK_LINE = re.compile(r"create_clock .*-period\s+(\S+)\s+-waveform\s+\{([^}]*)\}")


def master(board):
    """master port name -> (package pin, I/O standard), clock line, configuration lines."""
    text = (DATA / MASTER_FILES[board.name]).read_text()
    pins = {name: (pin, std) for pin, std, name in PIN_LINE.findall(text)}
    clock = CLOCK_LINE.search(text).groups()
    config = [line for line in text.splitlines() if line.startswith("set_property")]
    return pins, clock, config


@pytest.mark.parametrize("board", BOARDS.values(), ids=BOARDS.keys())
def test_every_pin_matches_master_xdc(board):
    pins, _, _ = master(board)
    assert len(pins) > 50, "master copy not parsed"
    for resource in board.resources:
        for bit, pin in enumerate(resource.pins):
            assert pin.master_name in pins, f"{resource.port(bit)}: {pin.master_name} not in master"
            assert (pin.package_pin, pin.iostandard) == pins[pin.master_name], \
                f"{board.name} {resource.port(bit)} ({pin.master_name})"


@pytest.mark.parametrize("board", BOARDS.values(), ids=BOARDS.keys())
def test_no_pin_twice_and_directions(board):
    used = [p.package_pin for r in board.resources for p in r.pins]
    assert len(used) == len(set(used))
    assert all(r.direction in ("in", "out") for r in board.resources)
    names = [r.name for r in board.resources]
    assert len(names) == len(set(names))


def test_resources_both_boards_share():
    common = ("clk", "sw", "btn", "led", "seg", "dp", "an", "uart_rx", "uart_tx",
              "vga_r", "vga_g", "vga_b", "vga_hs", "vga_vs")
    for board in BOARDS.values():
        for name in common:
            assert name in board, (board.name, name)
        assert board["sw"].width == 16 and board["led"].width == 16
        assert board["btn"].width == 5 and board["seg"].width == 7
        assert all(board[n].active_low for n in ("seg", "dp", "an"))
        assert not board["btn"].active_low and not board["led"].active_low
    assert BASYS3["an"].width == 4 and NEXYS_A7_100T["an"].width == 8
    assert NEXYS_A7_100T["cpu_resetn"].active_low and "cpu_resetn" not in BASYS3


def test_uart_named_from_the_fpga_side():
    """Digilent names the UART pins from the USB chip's side; ours are the FPGA's."""
    assert [p.master_name for p in BASYS3["uart_rx"].pins] == ["RsRx"]
    assert [p.master_name for p in BASYS3["uart_tx"].pins] == ["RsTx"]
    assert [p.master_name for p in NEXYS_A7_100T["uart_rx"].pins] == ["UART_TXD_IN"]
    assert [p.master_name for p in NEXYS_A7_100T["uart_tx"].pins] == ["UART_RXD_OUT"]
    for board in BOARDS.values():
        assert board["uart_rx"].direction == "in" and board["uart_tx"].direction == "out"


def test_buttons_in_documented_order():
    assert [p.master_name for p in BASYS3["btn"].pins] == ["btnC", "btnU", "btnL", "btnR", "btnD"]
    assert [p.master_name for p in NEXYS_A7_100T["btn"].pins] == \
        ["BTNC", "BTNU", "BTNL", "BTNR", "BTND"]


def test_parts():
    assert BASYS3.part == "xc7a35tcpg236-1"
    assert NEXYS_A7_100T.part == "xc7a100tcsg324-1"


@pytest.mark.parametrize("board", BOARDS.values(), ids=BOARDS.keys())
def test_written_xdc_reads_back(board):
    text = xdc_text(board, top="example")
    pins, clock, config = master(board)
    read = {name: (pin, std) for pin, std, name in PIN_LINE.findall(text)}
    expected = {r.port(bit): (p.package_pin, p.iostandard)
                for r in board.resources for bit, p in enumerate(r.pins)}
    assert read == expected
    assert CLOCK_LINE.search(text).groups() == clock == ("10.00", "0 5")
    for line in ("set_property CONFIG_VOLTAGE 3.3 [current_design]",
                 "set_property CFGBVS VCCO [current_design]"):
        assert line in text.splitlines()
    for line in config:                 # every property the master file sets, Basys3's SPI ones
        assert line in text.splitlines(), line
    if board is BASYS3:
        assert "set_property CONFIG_MODE SPIx4 [current_design]" in text.splitlines()
    assert all(line == "" or line.startswith(("#", "set_property", "create_clock"))
               for line in text.splitlines())


def test_xdc_for_some_ports():
    text = xdc_text(BASYS3, ports=["clk", "btn", "seg", "an", "dp"], top="dice")
    ports = {name for _, _, name in PIN_LINE.findall(text)}
    assert ports == {"clk", "dp"} | {f"btn[{i}]" for i in range(5)} | \
        {f"seg[{i}]" for i in range(7)} | {f"an[{i}]" for i in range(4)}
    with pytest.raises(KeyError):
        xdc_text(BASYS3, ports=["clk", "cpu_resetn"])
    with pytest.raises(ValueError):
        xdc_text(BASYS3, ports=["led"])
    assert xdc_text(BASYS3, top="dice") == xdc_text(BASYS3, top="dice")   # deterministic
