"""The emulator's figures (Verilator, the committed Verilog, one core): clocks per second of the
board tops, a key to the board's whole answer, the VGA monitor's frames per second and press
latency, and what a clock of each of the board tops' blocks costs."""

import time

from bench.figures import file_key, put_table, top_rtl

ENGINE = ("pokerhdl/sim/verilated.py", "pokerhdl/sim/verilated_kernel.cpp",
          "pokerhdl/sim/emulator.py")


def key_of(*tops):
    from pokerhdl.sim.verilated import verilator_version
    return {"rtl": {t: top_rtl(t) for t in tops}, "file": {p: file_key(p) for p in ENGINE},
            "tool": {"verilator": verilator_version()}}


def _speed(emu, step):
    """The emulator's clocks per second over one call of ``step(emu)``."""
    cycle, wall = emu.cycle, emu.wall
    step(emu)
    return (emu.cycle - cycle) / (emu.wall - wall)


def board_tops(data, out=print, tops=("basys3_holdem", "nexys_a7_holdem", "basys3_dice"),
               clocks=1_000_000, runs=5):
    """Clocks per second of the board tops in the emulator after the boot text (the board at
    rest, a player thinking: the fastest of ``runs`` runs of ``clocks``, the tops taking turns,
    so that a slow spell of a shared machine costs each at most one run), and a key to the
    board's whole answer on the terminal (wall time)."""
    from pokerhdl.sim.emulator import Emulator
    emus, boots = {}, {}
    for name in tops:
        out(f"  {name} in the emulator ...")
        emu = emus[name] = Emulator(name)
        emu.run_ms(1)
        boots[name] = emu.run_until_quiet()
    speeds = {name: 0.0 for name in tops}
    for _ in range(runs):
        for name in tops:
            speeds[name] = max(speeds[name], _speed(emus[name], lambda e: e.run(clocks)))
    rows = []
    for name in tops:
        emu, speed = emus[name], speeds[name]
        key = {"basys3_holdem": "t", "nexys_a7_holdem": "t", "basys3_dice": "s"}[name]
        t0 = time.perf_counter()
        emu.type(key)
        answer = emu.run_until_quiet(quiet_ms=0.5)
        delay = time.perf_counter() - t0
        rows.append(([name, f"{speed / 1e6:.2f} M", f"{speed / emu.clk_hz:.3f}",
                      f"`{key}`: {len(answer)} bytes in {delay:.2f} s", len(boots[name])],
                     key_of(name)))
    put_table(data, "emulator", ["board top", "clocks/s", "x real time",
                                 "a key to the board's whole answer (wall)", "boot text bytes"],
              rows, caption=f"The emulator (Verilator, one core; clocks/s: the board at rest "
                            f"after its boot text, the fastest of {runs} runs of {clocks:,} "
                            f"clocks; `make bench`)")


def monitor(data, out=print, top="nexys_a7_balatro", runs=3):
    """Frames per second of the emulated VGA monitor (the fastest of ``runs`` frames), and
    the wall time from a button press to the first changed pixels and to the whole changed
    frame (the press is held 15 ms of board time, 1.5 debounce periods)."""
    from pokerhdl.sim.emulator import Emulator
    out(f"  {top}'s monitor in the emulator ...")
    emu = Emulator(top)
    emu.run_frames(2)
    speed = max(_speed(emu, lambda e: e.run_frames(1)) for _ in range(runs))
    before, c0, t0 = emu.monitor(), emu.cycle, time.perf_counter()
    emu.press("right")
    while (emu.monitor() == before).all():
        emu.run(20_000)
    changed = time.perf_counter() - t0, emu.cycle - c0
    emu.run_frames(1)
    whole = time.perf_counter() - t0, emu.cycle - c0
    frame_clocks = 800 * 525 * emu.top.params["clocks_per_pixel"]
    put_table(data, "monitor", ["board top", "clocks/s", "frames/s",
                                "press to first changed pixels", "press to whole frame"],
              [([top, f"{speed / 1e6:.2f} M", f"{speed / frame_clocks:.2f}",
                 f"{changed[0]:.2f} s ({changed[1] / 1e6:.2f} M clocks)",
                 f"{whole[0]:.2f} s ({whole[1] / 1e6:.2f} M clocks)"], key_of(top))],
              caption=f"The emulated VGA monitor ({emu.vga.width} x {emu.vga.height}; "
                      f"frames/s: the fastest of {runs} frames; `make bench`)")


# the board tops and the blocks inside them, each built alone (they nest: eval7 is inside
# holdem_table, which is inside holdem_console, which is inside basys3_holdem)
IDLE_BLOCKS = ("eval7", "holdem_table", "holdem_console", "basys3_holdem", "balatro_game",
               "balatro_run", "balatro_run_screen", "nexys_a7_balatro")
IDLE_HIGH = ("uart_rx", "rxd", "cpu_resetn")     # a serial line and a reset button at rest


def idle_clock(data, out=print, blocks=IDLE_BLOCKS, clocks=2_000_000, runs=5):
    """What one clock costs in Verilator, block by block, with the inputs at rest after reset
    (what the emulator spends while a player thinks): where a board top's time goes. The runs
    take turns, block after block, so that a slow spell of a shared machine costs each block
    at most one of its runs."""
    from pokerhdl.sim.verilated import Model
    models = {}
    for name in blocks:
        out(f"  {name} in Verilator ...")
        model = models[name] = Model.build(name)
        for port in IDLE_HIGH:
            if port in model.ports:
                model[port] = 1
        if "rst" in model.ports:
            model["rst"] = 1
            model.tick(2)
            model["rst"] = 0
        model.tick(10_000)
    best = dict.fromkeys(blocks, float("inf"))
    for _ in range(runs):
        for name in blocks:
            best[name] = min(best[name], _seconds(models[name], clocks))
    rows = [([name, f"{best[name] / clocks * 1e9:.0f}", f"{clocks / best[name] / 1e6:.2f} M"],
             key_of(name)) for name in blocks]
    put_table(data, "emulator-blocks", ["block", "ns a clock", "clocks/s"], rows,
              caption=f"A clock of each block in Verilator, its inputs at rest after reset "
                      f"(the fastest of {runs} runs of {clocks:,} clocks; `make bench`)")


def _seconds(model, clocks):
    start = time.perf_counter()
    model.tick(clocks)
    return time.perf_counter() - start
