"""The seam between a game and a board: what a game asks of a board (``Panel``), the signals
through which the board shell gives it (``PanelIO``), and a game's entry (``Game``).

A game never names a board. It asks for buttons by position (every board we support has the
same five: center, up, left, right, down), a number of switches and LEDs, a number to show in
decimal, a serial terminal; the shell (pokerhdl.boards.shell) builds the top of the game on
any board that has them, from the board table. So the same game sits on the Basys3 and the
Nexys A7 unchanged.
"""

from dataclasses import dataclass
from importlib import import_module

from myhdl import Signal, intbv

BUTTONS = ("center", "up", "left", "right", "down")
TICK_BITS = 32


@dataclass(frozen=True)
class Panel:
    """What a game asks of a board."""
    buttons: tuple = ()      # button positions (BUTTONS); bit i of PanelIO.press is buttons[i]
    switches: int = 0        # sw[switches-1:0], synchronised
    leds: int = 0            # led[leds-1:0]
    figure_bits: int = 0     # an unsigned number shown in decimal on the 7-segment display
    figure_scientific: bool = False   # a figure too long for the digits as 1.23456E8, not dashes
    serial: bool = False     # a UART terminal (8N1 on the board's USB-UART)
    vga: bool = False        # a VGA monitor: 12-bit colour and the two syncs

    def __post_init__(self):
        unknown = set(self.buttons) - set(BUTTONS)
        if unknown or len(set(self.buttons)) != len(self.buttons):
            raise ValueError(f"buttons must be distinct positions of {BUTTONS}, "
                             f"not {self.buttons}")


class PanelIO:
    """The signals between a game and the shell (a MyHDL interface object: the generated
    code names each member after the block that uses it, unless the shell names it).

    Shell to game: sw (synchronised switches), press (a one-clock pulse per debounced press,
    bit i for Panel.buttons[i]), held (the debounced levels), rxd (serial in), ticks (a
    free-running clock count since reset: human timing for a game's random generator).
    Game to shell: led, figure (shown in decimal), txd (serial out), stir (a one-clock pulse
    when the game's generator takes ticks: the moment tests need to predict its deals),
    vga_rgb (0xRGB), vga_hsync and vga_vsync (the pins' levels).
    """

    def __init__(self, panel):
        def bits(n):
            return Signal(intbv(0)[max(n, 1):])
        self.sw = bits(panel.switches)
        self.press = bits(len(panel.buttons))
        self.held = bits(len(panel.buttons))
        self.led = bits(panel.leds)
        self.figure = bits(panel.figure_bits)
        self.rxd = Signal(bool(1))
        self.txd = Signal(bool(1))
        self.ticks = Signal(intbv(0)[TICK_BITS:])
        self.stir = Signal(bool(0))
        self.vga_rgb = Signal(intbv(0)[12:])
        self.vga_hsync = Signal(bool(1))
        self.vga_vsync = Signal(bool(1))


@dataclass(frozen=True)
class Game:
    """A game as a board top needs it: ``block(clk, rst, io, clk_hz, **params)`` is the whole
    game behind a PanelIO, ``panel(**params)`` says what it asks of the board."""
    name: str
    block: str               # "module:function"
    panel: str               # "module:function"
    doc: str = ""

    def _load(self, ref):
        module, func = ref.split(":")
        return getattr(import_module(module), func)

    def make_panel(self, **params):
        return self._load(self.panel)(**params)

    def block_function(self):
        """The @block function (MyHDL wants a block called directly from its parent's body)."""
        return self._load(self.block)


GAMES = {game.name: game for game in [
    Game("holdem", "pokerhdl.games.holdem.board:holdem_board",
         "pokerhdl.games.holdem.board:holdem_panel",
         doc="Texas Hold'em table with a UART terminal and a panel of buttons and switches"),
    Game("equity", "pokerhdl.games.equity_board:equity_board",
         "pokerhdl.games.equity_board:equity_panel",
         doc="the equity engine on the USB-UART: `pokerhdl equity --backend serial`"),
    Game("dice", "pokerhdl.games.dice.board:dice_board", "pokerhdl.games.dice.board:dice_panel",
         doc="7 up 7 down, two players, with a UART table and a panel of buttons and switches"),
    Game("balatro", "pokerhdl.games.balatro.board:balatro_board",
         "pokerhdl.games.balatro.board:balatro_panel",
         doc="Balatro runs of blinds on a VGA monitor, switches and buttons"),
]}


def get_game(name):
    try:
        return GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(GAMES)}") from None
