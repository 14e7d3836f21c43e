"""A Balatro run won on the generated RTL of nexys_a7_balatro, in pictures (docs/balatro.md's).

The emulator (Verilator, the committed generated/verilog/nexys_a7_balatro.v) is the board; the
golden agent (golden/balatro/agent.py) decides each move from the golden run that the board's
generator is predicted into (the tick count at every press, as the board tests do), and makes
it with the switches and the button that move has in its phase (balatro_board.button_move).

The agent wins about one run in ten at the game's rules, and an emulated run is minutes, so
the run is chosen before it is played, as a person who could foresee the deals would choose
when to press: each move is pressed at the start of a slot of SLOT clocks, so every press's
tick count follows from the first press's (the tick count counts clocks); after the first press
has dealt, the golden run is played ahead with the second press put off by 0, 1, 2 ... slots
until the agent wins it, and that run is played on the board. Each press's tick count is
checked against the plan, after every move the LEDs against the golden run's, and at each
picture the emulated monitor against the golden frame, pixel for pixel.

Pictures (PNG, from the emulated VGA pins): the first shop with a joker held, ante 8's last
shop, and the run won. ``python tb/support/balatro_won_run.py --help``."""

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from emulated import INTERNALS                                      # noqa: E402
from pokerhdl.boards.shell import ENTROPY_SIGNALS                   # noqa: E402
from pokerhdl.flow.tops import BALATRO_RULES                        # noqa: E402
from pokerhdl.games.balatro.game import rules_of                    # noqa: E402
from pokerhdl.games.balatro.board import button_move, panel_leds    # noqa: E402
from pokerhdl.games.panel import BUTTONS                            # noqa: E402
from pokerhdl.golden.balatro.game import ACT_NEW_RUN, PHASE_PLAYING, PHASE_WON  # noqa: E402
from pokerhdl.golden.balatro.agent import Agent                     # noqa: E402
from pokerhdl.golden.balatro.run import PHASE_SHOP, BalatroRun      # noqa: E402
from pokerhdl.golden.balatro.screen import frame, save_png          # noqa: E402
from pokerhdl.golden.rng import XorShift128                         # noqa: E402
from pokerhdl.sim.emulator import Emulator                          # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SLOT = 4_000_000        # clocks a move has: a press is 3.0 M (held 1.5 debounce periods, and
PICTURE_SLOTS = 1       # released as long), a picture up to two frames more (3.4 M)
RULES = rules_of(**BALATRO_RULES)


def picture_of(run, taken):
    """The picture a move leaves to take, if any: the first shop with a joker held, the shop
    before ante 8's boss, the run won."""
    if run.phase == PHASE_SHOP and run.jokers and "shop" not in taken:
        return "shop"
    if run.phase == PHASE_SHOP and run.ante == RULES.antes and \
            run.blind == RULES.blinds_per_ante - 2 and "last_shop" not in taken:
        return "last_shop"
    return "won" if run.phase == PHASE_WON else None


def agent_moves(agent, run):
    return [agent.blind_move(run)] if run.phase == PHASE_PLAYING else agent.shop_moves(run)


def planned_run(first_ticks, delay, limit=2_000):
    """The golden run from the title, the agent's moves, each press's slot and tick count, with
    the first press's tick count and the second press put off ``delay`` slots: (run, [(slot,
    ticks, action, mask, picture)])."""
    rng = XorShift128()
    run, agent, taken, moves = BalatroRun(rng=rng, rules=RULES, title=True), Agent(), set(), []
    todo, slot = [(ACT_NEW_RUN, 0)], 0
    while todo and len(moves) < limit:
        action, mask = todo.pop(0)
        ticks = first_ticks + slot * SLOT
        rng.mix(ticks)
        run.act(action, mask)
        picture = picture_of(run, taken)
        taken.add(picture)
        moves.append((slot, ticks, action, mask, picture))
        slot += 1 + (delay if len(moves) == 1 else 0) + (PICTURE_SLOTS if picture else 0)
        if not todo and run.phase in (PHASE_PLAYING, PHASE_SHOP):
            todo = agent_moves(agent, run)
    return run, moves


class Board:
    """The emulated board and the golden run it is predicted into."""

    def __init__(self, out):
        self.emu = Emulator("nexys_a7_balatro", internals=INTERNALS)
        self.stirs = self.emu.model.recorder(ENTROPY_SIGNALS[1], [ENTROPY_SIGNALS[0]])
        self.out, self.base = out, None

    def press(self, slot, action, mask, phase):
        """The move's button, pressed at the start of its slot; the tick count it stirred."""
        emu = self.emu
        if self.base is None:
            self.base = emu.cycle
        emu.run(self.base + slot * SLOT - emu.cycle)
        button = next(b for b in BUTTONS if button_move(b, phase) == action)
        emu.set_switches(mask)
        emu.press(button)
        while emu.pressing:
            emu.run(50_000)
        emu.run(20_000)                           # a play's scoring, a deck
        (ticks,), = self.stirs.take()
        return ticks

    def check(self, run, name):
        """The LEDs the golden run's; a picture: the next whole frame, the golden one."""
        emu = self.emu
        want = panel_leds(run.phase, emu.switches & 0xFF)
        assert emu.leds == want, f"LEDs {emu.leds:#06x}, the golden run's {want:#06x}"
        if name:
            emu.run_frames(1)
            pixels = emu.monitor()
            wrong = int((pixels != frame(run.observe(), emu.switches & 0xFF)).sum())
            assert wrong == 0, f"{wrong} pixels differ from the golden frame"
            path = self.out / f"balatro_board_{name}.png"
            save_png(pixels.tolist(), path)
            print(f"  {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}",
                  flush=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=(
        "Prints the plan, progress every 20 moves and the pictures; exits 1 if no run is won "
        "within --delays."))
    parser.add_argument("--delays", type=int, default=300,
                        help="the most slots the second press is put off (300)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs",
                        help="the folder of the pictures (docs/)")
    args = parser.parse_args(argv)
    board, t0 = Board(args.out), time.perf_counter()
    board.emu.run_ms(1)
    first = board.press(0, ACT_NEW_RUN, 0, PHASE_PLAYING)      # the title: any button deals
    for delay in range(args.delays + 1):
        run, moves = planned_run(first, delay)
        if run.phase == PHASE_WON:
            break
    else:
        print(f"no run won with the second press put off up to {args.delays} slots")
        return 1
    print(f"the plan: the second press {delay} slots later, {len(moves)} moves, won "
          f"(planned in {time.perf_counter() - t0:.0f} s)", flush=True)
    rng = XorShift128()
    golden = BalatroRun(rng=rng, rules=RULES, title=True)
    rng.mix(first)
    golden.act(ACT_NEW_RUN, 0)
    board.check(golden, moves[0][4])
    for k, (slot, ticks, action, mask, picture) in enumerate(moves[1:], 2):
        got = board.press(slot, action, mask, golden.phase)
        assert got == ticks, f"move {k}: the press stirred {got}, the plan {ticks}"
        rng.mix(ticks)
        golden.act(action, mask)
        board.check(golden, picture)
        if k % 20 == 0:
            print(f"{k} moves, ante {golden.ante}, ${golden.money}, "
                  f"{time.perf_counter() - t0:.0f} s", flush=True)
    assert golden.phase == PHASE_WON
    emu = board.emu
    print(f"won on the board: {len(moves)} presses, {emu.cycle / 1e6:.0f} M clocks emulated "
          f"in {time.perf_counter() - t0:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
