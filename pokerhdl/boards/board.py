"""The boards as data: each board's resources (pins, I/O standard, direction, polarity) and the
constraints written from them (XDC for the Xilinx boards, LPF for the ECP5 one), in the style
of amaranth-boards and litex-boards.

Every pin and I/O standard is copied from the maker's published constraints: Digilent's master
XDC files (github.com/Digilent/digilent-xdc): Basys-3-Master.xdc (commit 69d35015) and
Nexys-A7-100T-Master.xdc (commit 7583b4e7), and the Radiona ULX3S's LPF
(github.com/emard/ulx3s, doc/constraints/ulx3s_v20.lpf, commit 0376883a, for board versions
v2.x and v3.0.x); tb/boards/test_board.py checks each one against a trimmed copy of those files in
tb/boards/data/. Each pin also records its name in the master file.

Resource names are ours and the same on both boards, so a game's board top has the same ports
on either. They are named from the FPGA's side: ``uart_rx`` is the FPGA's serial input, which
Digilent names from the USB chip's side (Basys3 RsRx B18, Nexys A7 UART_TXD_IN C4), and
``uart_tx`` the FPGA's output (Basys3 RsTx A18, Nexys A7 UART_RXD_OUT D4).

The ULX3S's FTDI UART is named from the USB chip's side too: ``ftdi_rxd`` (L4) is the FPGA's
transmit, our ``uart_tx``, and ``ftdi_txd`` (M1) its receive, our ``uart_rx``.

Polarity: ``active_low`` marks pins whose asserted level is 0 (the common-anode 7-segment
segments, decimal point and anodes on both Digilent boards, the Nexys A7's CPU_RESETN and the
ULX3S's PWR button). The blocks are active-high throughout; a board top inverts these pins
once, and nowhere else.
"""

from dataclasses import dataclass

LVCMOS33, LVCMOS18 = "LVCMOS33", "LVCMOS18"


@dataclass(frozen=True)
class Pin:
    package_pin: str       # e.g. "W5"
    master_name: str       # the port name in the maker's file, e.g. "sw[0]" or "BTNC"
    iostandard: str = LVCMOS33
    pull: str = ""         # LPF PULLMODE (UP, DOWN, NONE) where the maker's file sets one
    drive: int = 0         # LPF DRIVE in mA where the maker's file sets one


@dataclass(frozen=True)
class Resource:
    name: str              # our port name on a board top (a vector when it has several pins)
    direction: str         # "in" or "out", seen from the FPGA
    pins: tuple            # Pin per bit, bit 0 first
    active_low: bool = False
    doc: str = ""

    @property
    def width(self):
        return len(self.pins)

    def port(self, bit):
        """The top-level port name of one bit: "clk", or "sw[3]" for a vector."""
        return self.name if self.width == 1 else f"{self.name}[{bit}]"


@dataclass(frozen=True)
class Board:
    name: str
    part: str              # the FPGA's part number (Vivado's part for a Xilinx board)
    clk_hz: int
    resources: tuple
    config: tuple          # configuration properties, XDC (or LPF) lines
    master_xdc: str        # the maker's file the pins come from (an LPF for the ULX3S)
    family: str = "xilinx7"   # "xilinx7": XDC and Vivado; "ecp5": LPF and the open flow
    device: str = ""       # ECP5: nextpnr-ecp5's device option (--85k) without the dashes
    package: str = ""      # ECP5: nextpnr-ecp5's --package
    speed: int = 0         # ECP5: nextpnr-ecp5's --speed
    apio: str = ""         # apio's board name, where apio supports the board

    @property
    def constraints(self):
        """The constraints format the board's tools read: "xdc" or "lpf"."""
        return "lpf" if self.family == "ecp5" else "xdc"

    def __getitem__(self, name):
        for resource in self.resources:
            if resource.name == name:
                return resource
        raise KeyError(f"{self.name} has no resource {name!r}; it has "
                       f"{', '.join(r.name for r in self.resources)}")

    def __contains__(self, name):
        return any(r.name == name for r in self.resources)


def _pins(packages, master, iostandards=None):
    """Pins of a vector: package pins bit 0 first; master is a format like "sw[{}]"."""
    return tuple(Pin(p, master.format(i), (iostandards or {}).get(i, LVCMOS33))
                 for i, p in enumerate(packages.split()))


def _one(package, master):
    return (Pin(package, master),)


# Configuration: the bank 0 supply is 3.3 V on both boards.
_CONFIG_3V3 = ("set_property CONFIG_VOLTAGE 3.3 [current_design]",
               "set_property CFGBVS VCCO [current_design]")

BASYS3 = Board(
    name="basys3", part="xc7a35tcpg236-1", clk_hz=100_000_000,
    master_xdc="Basys-3-Master.xdc",
    config=_CONFIG_3V3 + (
        # SPI configuration mode options for QSPI boot (from the master file)
        "set_property BITSTREAM.GENERAL.COMPRESS TRUE [current_design]",
        "set_property BITSTREAM.CONFIG.CONFIGRATE 33 [current_design]",
        "set_property CONFIG_MODE SPIx4 [current_design]",
    ),
    resources=(
        Resource("clk", "in", _one("W5", "clk"), doc="100 MHz oscillator"),
        Resource("sw", "in", _pins("V17 V16 W16 W17 W15 V15 W14 W13 V2 T3 T2 R3 W2 U1 T1 R2",
                                   "sw[{}]")),
        Resource("btn", "in", (Pin("U18", "btnC"), Pin("T18", "btnU"), Pin("W19", "btnL"),
                               Pin("T17", "btnR"), Pin("U17", "btnD")),
                 doc="push buttons: 0 center, 1 up, 2 left, 3 right, 4 down"),
        Resource("led", "out", _pins("U16 E19 U19 V19 W18 U15 U14 V14 V13 V3 W3 U3 P3 N3 P1 L1",
                                     "led[{}]")),
        Resource("seg", "out", _pins("W7 W6 U8 V8 U5 V5 U7", "seg[{}]"), active_low=True,
                 doc="segments a..g, bit 0 = a"),
        Resource("dp", "out", _one("V7", "dp"), active_low=True),
        Resource("an", "out", _pins("U2 U4 V4 W4", "an[{}]"), active_low=True,
                 doc="digit anodes, an[0] the rightmost digit"),
        Resource("uart_rx", "in", _one("B18", "RsRx"), doc="serial from the host (RsRx)"),
        Resource("uart_tx", "out", _one("A18", "RsTx"), doc="serial to the host (RsTx)"),
        Resource("vga_r", "out", _pins("G19 H19 J19 N19", "vgaRed[{}]")),
        Resource("vga_g", "out", _pins("J17 H17 G17 D17", "vgaGreen[{}]")),
        Resource("vga_b", "out", _pins("N18 L18 K18 J18", "vgaBlue[{}]")),
        Resource("vga_hs", "out", _one("P19", "Hsync")),
        Resource("vga_vs", "out", _one("R19", "Vsync")),
    ),
)

NEXYS_A7_100T = Board(
    name="nexys_a7", part="xc7a100tcsg324-1", clk_hz=100_000_000,
    master_xdc="Nexys-A7-100T-Master.xdc",
    config=_CONFIG_3V3,
    resources=(
        Resource("clk", "in", _one("E3", "CLK100MHZ"), doc="100 MHz oscillator"),
        # SW[8] and SW[9] sit in a 1.8 V bank
        Resource("sw", "in", _pins("J15 L16 M13 R15 R17 T18 U18 R13 T8 U8 R16 T13 H6 U12 U11 V10",
                                   "SW[{}]", {8: LVCMOS18, 9: LVCMOS18})),
        Resource("btn", "in", (Pin("N17", "BTNC"), Pin("M18", "BTNU"), Pin("P17", "BTNL"),
                               Pin("M17", "BTNR"), Pin("P18", "BTND")),
                 doc="push buttons: 0 center, 1 up, 2 left, 3 right, 4 down"),
        Resource("cpu_resetn", "in", _one("C12", "CPU_RESETN"), active_low=True,
                 doc="the CPU RESET button, low when pressed"),
        Resource("led", "out", _pins("H17 K15 J13 N14 R18 V17 U17 U16 V16 T15 U14 T16 V15 V14 "
                                     "V12 V11", "LED[{}]")),
        Resource("seg", "out", (Pin("T10", "CA"), Pin("R10", "CB"), Pin("K16", "CC"),
                                Pin("K13", "CD"), Pin("P15", "CE"), Pin("T11", "CF"),
                                Pin("L18", "CG")), active_low=True,
                 doc="segments a..g, bit 0 = a"),
        Resource("dp", "out", _one("H15", "DP"), active_low=True),
        Resource("an", "out", _pins("J17 J18 T9 J14 P14 T14 K2 U13", "AN[{}]"), active_low=True,
                 doc="digit anodes, an[0] the rightmost digit"),
        Resource("uart_rx", "in", _one("C4", "UART_TXD_IN"), doc="serial from the host"),
        Resource("uart_tx", "out", _one("D4", "UART_RXD_OUT"), doc="serial to the host"),
        Resource("vga_r", "out", _pins("A3 B4 C5 A4", "VGA_R[{}]")),
        Resource("vga_g", "out", _pins("C6 A5 B6 A6", "VGA_G[{}]")),
        Resource("vga_b", "out", _pins("B7 C7 D7 D8", "VGA_B[{}]")),
        Resource("vga_hs", "out", _one("B11", "VGA_HS")),
        Resource("vga_vs", "out", _one("B12", "VGA_VS")),
    ),
)


def _lpf_pins(packages, master, pull, drive=0):
    """Pins of a vector from the ULX3S LPF: package pins bit 0 first, all LVCMOS33."""
    return tuple(Pin(p, master.format(i), LVCMOS33, pull, drive)
                 for i, p in enumerate(packages.split()))


ULX3S = Board(
    name="ulx3s", part="LFE5U-85F-6BG381C", clk_hz=25_000_000,
    master_xdc="ulx3s_v20.lpf", family="ecp5", device="85k", package="CABGA381", speed=6,
    apio="ulx3s-85f",
    # the LPF's SYSCONFIG for a bitstream that may write the flash itself (its other, commented
    # line leaves the SPI port to JTAG only)
    config=("SYSCONFIG CONFIG_IOVOLTAGE=3.3 COMPRESS_CONFIG=ON MCCLK_FREQ=62 "
            "MASTER_SPI_PORT=DISABLE SLAVE_SPI_PORT=DISABLE SLAVE_PARALLEL_PORT=DISABLE ;",),
    resources=(
        Resource("clk", "in", (Pin("G2", "clk_25mhz", LVCMOS33, "NONE"),),
                 doc="25 MHz oscillator"),
        Resource("sw", "in", _lpf_pins("E8 D8 D7 E7", "sw[{}]", "DOWN"),
                 doc="the four DIP switches SW1..SW4"),
        # our five positions (games.panel.BUTTONS: center, up, left, right, down) from the
        # LPF's btn[1] FIRE1, btn[3] UP, btn[5] LEFT, btn[6] RIGHT, btn[4] DOWN; FIRE2 is free
        Resource("btn", "in", (Pin("R1", "btn[1]", LVCMOS33, "DOWN"),
                               Pin("R18", "btn[3]", LVCMOS33, "DOWN"),
                               Pin("U1", "btn[5]", LVCMOS33, "DOWN"),
                               Pin("H16", "btn[6]", LVCMOS33, "DOWN"),
                               Pin("V1", "btn[4]", LVCMOS33, "DOWN")),
                 doc="push buttons: 0 center (FIRE1), 1 up, 2 left, 3 right, 4 down"),
        # BTN0 "PWR" (the LPF's btn[0], BTN_PWRn, pulled up, low when pressed) is the board's
        # reset button, named as the Nexys A7's so a top has the same port on both boards
        Resource("cpu_resetn", "in", (Pin("D6", "btn[0]", LVCMOS33, "UP"),), active_low=True,
                 doc="the PWR button (BTN0), low when pressed: the reset button"),
        Resource("led", "out", _lpf_pins("B2 C2 C1 D2 D1 E2 E1 H3", "led[{}]", "NONE", 4)),
        Resource("uart_rx", "in", (Pin("M1", "ftdi_txd", LVCMOS33, "UP"),),
                 doc="serial from the host (the LPF's ftdi_txd)"),
        Resource("uart_tx", "out", (Pin("L4", "ftdi_rxd", LVCMOS33, "UP", 4),),
                 doc="serial to the host (the LPF's ftdi_rxd)"),
    ),
)

BOARDS = {board.name: board for board in (BASYS3, NEXYS_A7_100T, ULX3S)}


def get_board(name):
    try:
        return BOARDS[name]
    except KeyError:
        raise SystemExit(f"unknown board {name!r}; known boards: {', '.join(BOARDS)}") from None


def xdc_text(board, ports=None, top=None):
    """The XDC for a board top that uses the resources named in ``ports`` (all by default):
    pins and I/O standards, the clock constraint, and the configuration properties."""
    board = get_board(board) if isinstance(board, str) else board
    if board.family != "xilinx7":
        raise ValueError(f"the {board.name} takes an LPF, not an XDC")
    used = [board[name] for name in ports] if ports is not None else list(board.resources)
    if "clk" not in [r.name for r in used]:
        raise ValueError("a board top needs the clk resource")
    period = 1e9 / board.clk_hz
    lines = [f"## {top or 'pokerhdl'} on the {board.name} ({board.part}): generated by "
             f"pokerhdl.boards.board; do not edit.",
             f"## Pins and I/O standards from Digilent's {board.master_xdc}.", ""]
    for resource in used:
        note = " (active-low)" if resource.active_low else ""
        lines.append(f"## {resource.name}: {resource.direction}{note}"
                     + (f", {resource.doc}" if resource.doc else ""))
        for bit, pin in enumerate(resource.pins):
            lines.append(f"set_property -dict {{ PACKAGE_PIN {pin.package_pin} IOSTANDARD "
                         f"{pin.iostandard} }} [get_ports {{{resource.port(bit)}}}]")
        if resource.name == "clk":
            lines.append(f"create_clock -add -name sys_clk_pin -period {period:.2f} "
                         f"-waveform {{0 {period / 2:g}}} [get_ports {{clk}}]")
        lines.append("")
    lines.append("## Configuration")
    lines.extend(board.config)
    return "\n".join(lines) + "\n"


def write_xdc(path, board, ports=None, top=None):
    """Write xdc_text to ``path`` (deterministic: no dates, no paths)."""
    with open(path, "w", newline="\n") as f:
        f.write(xdc_text(board, ports, top))


def lpf_text(board, ports=None, top=None, nets=None):
    """The LPF (nextpnr-ecp5's and Diamond's constraints) for a top on an ECP5 board that uses
    the resources named in ``ports`` (all by default): LOCATE COMP and IOBUF PORT (IO_TYPE and
    the maker's PULLMODE/DRIVE) for every bit, FREQUENCY PORT for the clock, FREQUENCY NET for
    each internal clock in ``nets`` ({net name: Hz}, a PLL's output), the configuration."""
    board = get_board(board) if isinstance(board, str) else board
    if board.family != "ecp5":
        raise ValueError(f"the {board.name} takes an XDC, not an LPF")
    used = [board[name] for name in ports] if ports is not None else list(board.resources)
    if "clk" not in [r.name for r in used]:
        raise ValueError("a board top needs the clk resource")
    lines = [f"## {top or 'pokerhdl'} on the {board.name} ({board.part}): generated by "
             f"pokerhdl.boards.board; do not edit.",
             f"## Pins, I/O types, pull modes and drives from the board's {board.master_xdc}.",
             "BLOCK RESETPATHS ;", "BLOCK ASYNCPATHS ;", ""]
    for resource in used:
        note = " (active-low)" if resource.active_low else ""
        lines.append(f"## {resource.name}: {resource.direction}{note}"
                     + (f", {resource.doc}" if resource.doc else ""))
        for bit, pin in enumerate(resource.pins):
            port = resource.port(bit)
            lines.append(f'LOCATE COMP "{port}" SITE "{pin.package_pin}" ;')
            pull = f" PULLMODE={pin.pull}" if pin.pull else ""
            drive = f" DRIVE={pin.drive}" if pin.drive else ""
            lines.append(f'IOBUF PORT "{port}"{pull} IO_TYPE={pin.iostandard}{drive} ;')
        if resource.name == "clk":
            lines.append(f'FREQUENCY PORT "clk" {board.clk_hz / 1e6:.6f} MHz ;')
        lines.append("")
    for net, hz in sorted((nets or {}).items()):
        lines += [f"## {net}: an internal clock (a PLL's output)",
                  f'FREQUENCY NET "{net}" {hz / 1e6:.6f} MHz ;', ""]
    lines.append("## Configuration")
    lines.extend(board.config)
    return "\n".join(lines) + "\n"
