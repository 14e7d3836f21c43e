"""The gate-level runs (tb/gates/test_gates.py, `make bench`'s gate-level section): each top's
pytest function of the RTL regression, by module and name, with the arguments that run it on
the top's netlist (hdl "gates")."""

import pytest

GATES = "gates"


def case(module, function, top, regression=False, ci=True, **kwargs):
    """One pytest function of the RTL regression, called on the netlist (hdl "gates"); marked
    gates (`make gates`, CI's deep stage) unless ``regression``: `make sim` runs it too; not
    ``ci``: `make gates` and `make deep` only (deep_only)."""
    args = {"hdl": GATES, **kwargs}
    marks = [] if regression else [pytest.mark.gates]
    if not ci:
        marks.append(pytest.mark.deep_only)
    return pytest.param(module, function, args, id=top, marks=marks)


CASES = [
    # the blocks: Xilinx primitives
    case("test_uart_tx", "test_uart_tx", "uart_tx", regression=True, params={"baud": 5_000_000}),
    case("test_uart_rx", "test_uart_rx", "uart_rx", params={"baud": 2_500_000}),
    case("test_bin2bcd", "test_bin2bcd", "bin2bcd", params={}),
    case("test_por", "test_por", "por", params={}),
    case("test_debounce", "test_debounce", "debounce",
         params={"width": 3, "debounce_ms": 0.00025}),
    case("test_sevenseg", "test_sevenseg", "sevenseg", params={"refresh_hz": 390_625}),
    case("test_decimal_display", "test_decimal_display", "decimal_display",
         params={"digits": 8, "width": 27, "refresh_hz": 390_625}),
    case("test_vga_timing", "test_vga_timing_small_mode", "vga_timing", cpp=4),
    case("test_card_codec", "test_card_codec", "card_codec"),
    case("test_glyph_rom", "test_glyph_rom", "glyph_rom"),
    case("test_rng", "test_rng", "rng"),
    case("test_dice_table", "test_roller", "dice_roller"),
    case("test_eval5", "test_eval5", "eval5"),
    case("test_eval7", "test_eval7", "eval7"),
    case("test_board_eval", "test_board_eval", "board_eval", players=2),
    case("test_showdown", "test_showdown", "showdown", players=4),
    case("test_shuffler", "test_shuffler", "shuffler"),
    case("test_equity_lane", "test_equity_lane", "equity_lane", opponents=1, lane=0,
         depth="short"),
    case("test_equity_engine", "test_equity_engine", "equity_engine", depth="short"),
    case("test_terminal", "test_terminal_engine", "terminal_demo"),
    case("test_dice_table", "test_limits_and_random_games", "dice_table"),
    # the table's own random games are make gates' and make deep's: CI plays a hand of it
    # inside holdem_console
    case("test_holdem_table", "test_holdem_table", "holdem_table", ci=False),
    case("test_holdem_ui", "test_holdem_ui", "holdem_console", params={"players": 2}, seed=3,
         hands=1, must_see="hands"),
    case("test_balatro_game", "test_scoring_and_reset", "balatro_game"),
    case("test_balatro_run", "test_agent_runs", "balatro_run", depth="short"),
    case("test_balatro_screen", "test_frames", "balatro_screen", lines=24),
    case("test_balatro_run_screen", "test_frames", "balatro_run_screen", lines=24),
    # the board tops: Xilinx primitives for the Digilent boards, ECP5 ones for the ULX3S. CI
    # runs the Digilent shell in basys3_dice and the ULX3S one in ulx3s_dice and, with its
    # PLL, in the ULX3S heads-up equity top; the Nexys A7 tops (the same shell with eight
    # digits) and the Hold'em and Balatro board tops, two to four minutes each, whose games CI
    # runs as blocks above (holdem_console, balatro_run_screen, equity_engine), are
    # `make gates`' and `make deep`'s
    case("test_board_tops", "test_board_top_sim", "basys3_holdem", name="basys3_holdem",
         depth="short", ci=False),
    case("test_board_tops", "test_board_top_sim", "nexys_a7_holdem", name="nexys_a7_holdem",
         depth="short", ci=False),
    case("test_board_tops", "test_board_top_sim", "ulx3s_holdem", name="ulx3s_holdem",
         depth="short", ci=False),
    case("test_dice_board", "test_board_top_dice", "basys3_dice", name="basys3_dice"),
    case("test_dice_board", "test_board_top_dice", "ulx3s_dice", name="ulx3s_dice"),
    case("test_balatro_board", "test_board_plays", "nexys_a7_balatro", depth="short",
         ci=False),
    # the equity tops' test runs a variant with one heads-up lane (tb/boards/test_equity_board.py),
    # the same netlist for a board's nine-seat and heads-up tops but for the clock (and the Nexys
    # A7 heads-up top's lanes' flip-flop form, the equity_lane and equity_engine cases'): the
    # Nexys A7 tops' once, the ULX3S tops' at the heads-up top's 103.125 MHz PLL (a period of
    # no whole ns)
    case("test_equity_board", "test_equity_board", "nexys_a7_equity", name="nexys_a7_equity",
         depth="short", ci=False),
    case("test_equity_board", "test_equity_board", "ulx3s_equity_heads_up",
         name="ulx3s_equity_heads_up", depth="short"),
]
