"""Every convertible top level: what `pokerhdl convert` writes into generated/.

A top is a factory that makes fresh port signals and returns the MyHDL block instance; its
defaults are the configuration committed in generated/. Tests may convert other parameter values
into their own build folders.
"""

from dataclasses import dataclass, field
from importlib import import_module


@dataclass(frozen=True)
class Top:
    name: str            # module / entity name, and the generated file's stem
    factory: str         # "module:function"; function(**params) -> block instance
    params: dict = field(default_factory=dict)
    doc: str = ""
    initial_values: bool = False   # convert with register initial values (only the power-on reset)

    @property
    def board(self):
        """The board of a board top (pokerhdl.boards.shell), else None."""
        return self.params.get("board")

    def build(self, **overrides):
        module, func = self.factory.split(":")
        unknown = set(overrides) - set(self.params)
        if unknown:
            raise ValueError(f"{self.name} has no parameter {', '.join(sorted(unknown))}; "
                             f"it has {', '.join(sorted(self.params)) or 'none'}")
        return getattr(import_module(module), func)(**{**self.params, **overrides})


# Balatro's rules (golden balatro.Rules; ante_bases None: the game's), as top parameters
BALATRO_RULES = {"hands": 4, "discards": 3, "hand_size": 8, "max_select": 5, "antes": 8,
                 "blinds_per_ante": 3, "ante_bases": None, "play_out": False}

TOPS = {top.name: top for top in [
    Top("card_codec", "pokerhdl.rtl.cards:card_codec_top",
        doc="card code <-> rank/suit/flags, ASCII text and 7-segment glyphs"),
    Top("uart_tx", "pokerhdl.rtl.uart:uart_tx_top",
        params={"clk_hz": 100_000_000, "baud": 115_200},
        doc="UART transmitter 8N1, AXI4-Stream byte input"),
    Top("uart_rx", "pokerhdl.rtl.uart:uart_rx_top",
        params={"clk_hz": 100_000_000, "baud": 115_200},
        doc="UART receiver 8N1, AXI4-Stream byte output, framing error and overrun pulses"),
    Top("rng", "pokerhdl.rtl.rng:rng_top",
        doc="xorshift128 random words on demand, 128-bit seed load, entropy mixing"),
    Top("sevenseg", "pokerhdl.rtl.sevenseg:sevenseg_top",
        params={"digits": 4, "clk_hz": 100_000_000, "refresh_hz": 1000},
        doc="multiplexed 7-segment driver, glyph per digit in, active-high seg/dp/an out"),
    Top("decimal_display", "pokerhdl.rtl.sevenseg:decimal_display_top",
        params={"digits": 4, "width": 16, "clk_hz": 100_000_000, "refresh_hz": 1000,
                "scientific": False},
        doc="unsigned number in decimal on the multiplexed 7-segment display"),
    Top("bin2bcd", "pokerhdl.rtl.bcd:bin2bcd_top", params={"width": 16},
        doc="binary to BCD, iterative double dabble (one bit per clock)"),
    Top("shuffler", "pokerhdl.rtl.shuffler.shuffler:shuffler_top", params={"words": False},
        doc="unbiased Fisher-Yates shuffle/deal of 52 cards minus an exclude mask, AXI4-Stream"),
    Top("eval5", "pokerhdl.rtl.eval.eval5:eval5_top",
        doc="rank word of 1..5 cards and the cards that make the hand, pipelined, II=1"),
    Top("eval7", "pokerhdl.rtl.eval.eval7:eval7_top",
        doc="rank word of the best five of up to 7 cards, pipelined, II=1"),
    Top("board_eval", "pokerhdl.rtl.eval.board_eval:board_eval_top", params={"players": 2},
        doc="rank words of N players' hole cards on one board, the board summarized once, II=1"),
    Top("debounce", "pokerhdl.rtl.debounce:debounce_top",
        params={"width": 1, "clk_hz": 100_000_000, "debounce_ms": 10},
        doc="button/switch synchroniser, debouncer and one-clock press pulse"),
    Top("por", "pokerhdl.rtl.por:por_top", params={"cycles": 16}, initial_values=True,
        doc="power-on reset from register initial values, plus a synchronised external reset"),
    Top("showdown", "pokerhdl.rtl.eval.showdown:showdown_top", params={"players": 4},
        doc="best rank word of 2..10 active players and the mask of tied winners, pipelined"),
    Top("equity_lane", "pokerhdl.rtl.equity.lane:equity_lane_top",
        params={"opponents": 1, "shift_registers": False},
        doc="one lane of the equity engine: a Monte Carlo trial dealt, ranked and counted per clock"),
    Top("equity_engine", "pokerhdl.rtl.equity.engine:equity_engine_top",
        params={"lanes": 2, "opponents": 3, "timeout": 10_000_000, "clk_hz": 100_000_000,
                "shift_registers": False},
        doc="the equity engine: framed requests in, summed counts of its Monte Carlo lanes out"),
    Top("dice_roller", "pokerhdl.rtl.dice:dice_roller_top",
        doc="two fair dice by rejection from xorshift128 words, entropy mixing, on request"),
    Top("dice_table", "pokerhdl.games.dice.table:dice_table_top",
        params={"purse": 1008, "max_bid": 127, "deposit_share": 4, "max_rounds": 100},
        doc="7 up 7 down table controller (golden dice.DiceGame): commands, dice in, window"),
    Top("balatro_game", "pokerhdl.games.balatro.game:balatro_game_top", params=BALATRO_RULES,
        doc="Balatro run controller (golden balatro.BalatroGame): moves, deck stream, view"),
    Top("balatro_run", "pokerhdl.games.balatro.run:balatro_run_top", params=BALATRO_RULES,
        doc="Balatro run controller with progression (golden balatro_run.BalatroRun): moves, "
            "shop, money, levels, jokers; deck and generator streams, view"),
    Top("balatro_screen", "pokerhdl.games.balatro.screen:balatro_screen_top",
        initial_values=True,
        params={"clocks_per_pixel": 4, "h": None, "v": None},
        doc="the Balatro table on VGA from the controller's view (no frame buffer), 640x480"),
    Top("balatro_run_screen", "pokerhdl.games.balatro.run_screen:balatro_run_screen_top",
        initial_values=True,
        params={"clocks_per_pixel": 4, "h": None, "v": None, **BALATRO_RULES},
        doc="the Balatro run's table and shop on VGA from the run controller's view, 640x480"),
    Top("glyph_rom", "pokerhdl.rtl.glyph_rom:glyph_rom_top", initial_values=True,
        doc="the 8x16 font's glyph rows (golden/font.py), a registered read for a block RAM"),
    Top("vga_timing", "pokerhdl.rtl.vga_timing:vga_timing_top",
        params={"clocks_per_pixel": 4, "h": None, "v": None},
        doc="VGA 640x480 at 60 Hz timing: pixel enable, counters, negative syncs, blanking"),
    Top("terminal_demo", "pokerhdl.rtl.terminal.demo:terminal_demo_top",
        params={"clk_hz": 100_000_000, "baud": 115_200, "tx_baud": None},
        doc="the terminal engine with a minimal game (four tallies): its test top and example"),
    Top("holdem_console", "pokerhdl.games.holdem.ui:holdem_console_top",
        params={"players": 2, "stack": 1000, "small_blind": 5, "big_blind": 10,
                "clk_hz": 100_000_000, "baud": 115_200, "tx_baud": None},
        doc="Hold'em table with its UART terminal and panel interface (deck stream in)"),
    Top("holdem_table", "pokerhdl.games.holdem.table:holdem_table_top",
        params={"players": 2, "stack": 1000, "small_blind": 5, "big_blind": 10,
                "hand_bits": 16},
        doc="Texas Hold'em table controller (golden holdem.Table): commands, deck stream, log, probe"),
]}


def board_top(name, board, game, doc, **params):
    """The row of a game on a board: the shell (pokerhdl.boards.shell) builds it from the board
    table and the game's panel; debounce_ms, refresh_hz and por_cycles are the shell's."""
    return Top(name, "pokerhdl.boards.shell:make_top", initial_values=True, doc=doc,
               params={"board": board, "game": game, "debounce_ms": 10, "refresh_hz": 1000,
                       **params})


HOLDEM = {"players": 4, "stack": 1000, "small_blind": 5, "big_blind": 10, "baud": 115_200,
          "tx_baud": None}
BALATRO = {"clocks_per_pixel": 4, **BALATRO_RULES}
TOPS.update((top.name, top) for top in [
    board_top("basys3_holdem", "basys3", "holdem", **HOLDEM,
              doc="Texas Hold'em table with UART terminal on the Digilent Basys3"),
    board_top("nexys_a7_holdem", "nexys_a7", "holdem", **HOLDEM,
              doc="Texas Hold'em table with UART terminal on the Digilent Nexys A7-100T"),
    board_top("basys3_dice", "basys3", "dice", purse=1008, max_bid=127, deposit_share=4,
              max_rounds=100, baud=115_200, tx_baud=None,
              doc="7 up 7 down, two players, with UART table on the Digilent Basys3"),
    board_top("nexys_a7_balatro", "nexys_a7", "balatro", **BALATRO,
              doc="Balatro runs of blinds on a VGA monitor on the Digilent Nexys A7-100T"),
    board_top("nexys_a7_equity", "nexys_a7", "equity", baud=115_200, lanes=4, opponents=9,
              shift_registers=False,
              doc="the equity engine (4 lanes of up to 9 opponents) on the Digilent Nexys "
                  "A7-100T's USB-UART"),
    board_top("nexys_a7_equity_heads_up", "nexys_a7", "equity", baud=115_200, lanes=16,
              opponents=1, shift_registers=False,
              doc="the heads-up equity engine (16 lanes of one opponent: as many as fit 80 % of "
                  "the xc7a100t) on the Digilent Nexys A7-100T's USB-UART"),
])
BOARD_TOPS = [top for top in TOPS.values() if top.board]


def get_top(name):
    try:
        return TOPS[name]
    except KeyError:
        raise SystemExit(f"unknown top {name!r}; known tops: {', '.join(sorted(TOPS))}") from None

# The Radiona ULX3S (the open board): no 7-segment display (the figure is not shown), 4 DIP
# switches and 8 LEDs, so the games get no switches (amounts typed on the terminal) and LED0..7
# (shell parameters switches and leds); the PWR button is the reset button. Hold'em and dice
# run at the board's 25 MHz; the equity engine at pll_hz from the ECP5's PLL.
ULX3S_PANEL = {"switches": 0, "leds": 8}
TOPS.update((top.name, top) for top in [
    board_top("ulx3s_holdem", "ulx3s", "holdem", **HOLDEM, **ULX3S_PANEL,
              doc="Texas Hold'em table with UART terminal on the Radiona ULX3S (LEDs: the turn)"),
    board_top("ulx3s_dice", "ulx3s", "dice", purse=1008, max_bid=127, deposit_share=4,
              max_rounds=100, baud=115_200, tx_baud=None, **ULX3S_PANEL,
              doc="7 up 7 down, two players, with UART table on the Radiona ULX3S"),
    # as many lanes as route, each PLL at a clock its top's route meets with the LPF of that
    # clock (the routes: docs/benchmarks.md); unlike the Nexys A7's 80 %, which stands in for
    # a route the open flow cannot do, the route itself is the measure here
    board_top("ulx3s_equity", "ulx3s", "equity", baud=115_200, lanes=3, opponents=9,
              pll_hz=95_000_000, leds=8,
              doc="the equity engine (3 lanes of up to 9 opponents, 95 MHz from the PLL) on the "
                  "Radiona ULX3S's FTDI UART"),
    board_top("ulx3s_equity_heads_up", "ulx3s", "equity", baud=115_200, lanes=12,
              opponents=1, pll_hz=103_125_000, leds=8,
              doc="the heads-up equity engine (12 lanes of one opponent at 103.125 MHz from the PLL) "
                  "on the Radiona ULX3S's FTDI UART"),
])
BOARD_TOPS = [top for top in TOPS.values() if top.board]
# the equity engine on a board: nine-seat tops (opponents 9) and heads-up ones (opponents 1)
EQUITY_BOARD_TOPS = [top for top in BOARD_TOPS if top.params["game"] == "equity"]
