"""Board tables against the makers' published constraints (trimmed copies in tb/boards/data/):
Digilent's master XDC files and the ULX3S's LPF. Every pin's package pin and I/O standard (and
for the ULX3S its pull mode, drive and polarity), the clock, the configuration properties; and
the XDC or LPF written from the tables reads back to the same pins."""


import pytest

from pokerhdl.boards.board import BASYS3, BOARDS, NEXYS_A7_100T, ULX3S, lpf_text, xdc_text
from pokerhdl.games.panel import BUTTONS
from constraints import CLOCK_LINE, DATA, lpf, master, MASTER_FILES, PIN_LINE, ulx3s_lpf

DIGILENT = {name: board for name, board in BOARDS.items() if board.constraints == "xdc"}


@pytest.mark.parametrize("board", DIGILENT.values(), ids=DIGILENT.keys())
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
    for board in DIGILENT.values():
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
    assert [p.master_name for p in ULX3S["uart_rx"].pins] == ["ftdi_txd"]
    assert [p.master_name for p in ULX3S["uart_tx"].pins] == ["ftdi_rxd"]


def test_buttons_in_documented_order():
    assert [p.master_name for p in BASYS3["btn"].pins] == ["btnC", "btnU", "btnL", "btnR", "btnD"]
    assert [p.master_name for p in NEXYS_A7_100T["btn"].pins] == \
        ["BTNC", "BTNU", "BTNL", "BTNR", "BTND"]


def test_parts():
    assert BASYS3.part == "xc7a35tcpg236-1"
    assert NEXYS_A7_100T.part == "xc7a100tcsg324-1"


@pytest.mark.parametrize("board", DIGILENT.values(), ids=DIGILENT.keys())
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
    with pytest.raises(ValueError):
        xdc_text(ULX3S)                 # an ECP5 board takes an LPF
    with pytest.raises(ValueError):
        lpf_text(BASYS3)


def test_every_ulx3s_pin_matches_the_lpf():
    """Site, IO_TYPE, PULLMODE and DRIVE of every pin, as the maker's LPF gives them."""
    pins, _ = ulx3s_lpf()
    assert len(pins) >= 20, "LPF copy not parsed"
    for resource in ULX3S.resources:
        for bit, pin in enumerate(resource.pins):
            where = f"{resource.port(bit)} ({pin.master_name})"
            assert pin.master_name in pins, where
            master = pins[pin.master_name]
            assert pin.package_pin == master["SITE"], where
            assert pin.iostandard == master["IO_TYPE"], where
            assert pin.pull == master.get("PULLMODE", ""), where
            assert pin.drive == int(master.get("DRIVE", 0)), where


def test_ulx3s_polarity_clock_and_buttons():
    """BTN0 (PWR) is the one active-low button (the LPF: inverted logic, pulled up; the others
    pulled down); our five button positions are FIRE1, UP, LEFT, RIGHT, DOWN; the clock is the
    LPF's 25 MHz; the UART's directions are the LPF comments'; its SYSCONFIG is ours."""
    pins, freqs = ulx3s_lpf()
    reset = ULX3S["cpu_resetn"]
    assert reset.active_low and [p.master_name for p in reset.pins] == ["btn[0]"]
    assert "inverted logic" in pins["btn[0]"]["comment"] and pins["btn[0]"]["PULLMODE"] == "UP"
    buttons = ULX3S["btn"]
    assert not buttons.active_low and len(BUTTONS) == buttons.width == 5
    comments = [pins[p.master_name]["comment"] for p in buttons.pins]
    assert comments == ["FIRE1", "UP", "LEFT", "RIGHT", "DOWN"]
    assert BUTTONS[1:] == tuple(c.lower() for c in comments[1:])
    for p in buttons.pins:
        assert "inverted" not in pins[p.master_name]["comment"]
        assert pins[p.master_name]["PULLMODE"] == "DOWN"
    assert freqs[("PORT", ULX3S["clk"].pins[0].master_name)] * 1e6 == ULX3S.clk_hz
    assert "FPGA transmits" in pins[ULX3S["uart_tx"].pins[0].master_name]["comment"]
    assert "FPGA receives" in pins[ULX3S["uart_rx"].pins[0].master_name]["comment"]
    assert ULX3S["sw"].width == 4 and ULX3S["led"].width == 8
    assert "an" not in ULX3S and "seg" not in ULX3S            # no 7-segment display
    sysconfig = [line for line in (DATA / MASTER_FILES["ulx3s"]).read_text().splitlines()
                 if line.startswith("SYSCONFIG")]
    assert list(ULX3S.config) == sysconfig
    assert (ULX3S.part, ULX3S.device, ULX3S.package, ULX3S.speed) == \
        ("LFE5U-85F-6BG381C", "85k", "CABGA381", 6)


def test_written_lpf_reads_back():
    text = lpf_text(ULX3S, top="example", nets={"pll_clk": 100_000_000})
    pins, freqs = lpf(text)
    master, master_freqs = ulx3s_lpf()
    expected = {r.port(bit): p for r in ULX3S.resources for bit, p in enumerate(r.pins)}
    assert set(pins) == set(expected)
    for port, pin in expected.items():
        got, want = dict(pins[port]), dict(master[pin.master_name])
        got.pop("comment"), want.pop("comment")
        assert got == want, port
    assert freqs == {("PORT", "clk"): 25.0, ("NET", "pll_clk"): 100.0}
    assert list(ULX3S.config)[0] in text.splitlines()
    assert text == lpf_text(ULX3S, top="example", nets={"pll_clk": 100_000_000})
    some = lpf(lpf_text(ULX3S, ports=["clk", "led"]))[0]
    assert set(some) == {"clk"} | {f"led[{i}]" for i in range(8)}
    with pytest.raises(ValueError):
        lpf_text(ULX3S, ports=["led"])
