"""`make bench`: measure the figures (all, or the sections named), record them in
docs/figures.json with their keys, and render the tables into README.md and docs/*.md.

    python -m bench                    # every section
    python -m bench synthesis lanes    # these only
    python -m bench --list             # the sections and what they measure
    python -m bench --stale gate-level # only the rows whose design or file changed

With --stale, the sections that measure every top or proof (synthesis, gate-level, formal)
keep each row whose key still matches today's tree and measure the rest; the others measure
everything as without it.

Routing is `make pnr` (bench/routes.py): only stale tops, minutes to an hour each.
"""

import argparse
import json
import platform
import sys
import time

from bench import (balatro, emulator, figures, hardware, host, lane_parts, regression,
                   verification, web)

SECTIONS = {
    "synthesis": hardware.synthesis,
    "lanes": hardware.lanes,
    "lane-parts": lane_parts.lane_parts,
    "equity-boards": hardware.equity_boards,
    "pipelines": hardware.pipelines,
    "golden-speed": host.golden_speed,
    "cpu-evaluator": host.cpu_evaluator,
    "cpu-equity": host.cpu_equity,
    "dice-rounds": host.dice_rounds,
    "balatro-agent": host.balatro_agent,
    "balatro-latency": balatro.latency,
    "balatro-frames": balatro.frames,
    "emulator": emulator.board_tops,
    "monitor": emulator.monitor,
    "emulator-blocks": emulator.idle_clock,
    "table-server": web.table_server,
    "table-page": web.table_page,
    "board-page": web.board_page,
    "equity-page": web.equity_page,
    "gate-level": verification.gates,
    "formal": verification.formal,
    "regression": regression.fresh_clone,
}
# measured on this machine: their tables say where and when
MACHINE_DEPENDENT = {"golden-speed", "cpu-evaluator", "cpu-equity", "balatro-frames", "emulator", "monitor",
                     "emulator-blocks",
                     "table-server", "table-page", "board-page", "equity-page", "balatro-agent",
                     "regression", "gate-level", "formal"}


def machine():
    import os
    return f"{os.cpu_count()}-core {platform.machine()}, {time.strftime('%Y-%m-%d')}"


def with_machine(caption):
    """The caption with the machine and date: inside its closing parenthesis, or in one."""
    if caption.endswith(")"):
        return caption[:-1] + f"; {machine()})"
    return caption + f" ({machine()})"


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n".join(__doc__.split("\n")[1:]))
    parser.add_argument("sections", nargs="*", metavar="SECTION",
                        help="the sections to measure (default: all)")
    parser.add_argument("--list", action="store_true", help="list the sections and exit")
    parser.add_argument("--stale", action="store_true",
                        help="in synthesis, gate-level and formal: measure only the rows that "
                             "are stale, keep the others as recorded")
    args = parser.parse_args(argv)
    figures.KEEP_FRESH = args.stale
    if args.list:
        for name, function in SECTIONS.items():
            print(f"{name:16s} {(function.__doc__ or '').strip().splitlines()[0]}")
        return 0
    unknown = [s for s in args.sections if s not in SECTIONS]
    if unknown:
        parser.error(f"unknown section {', '.join(unknown)}; `python -m bench --list` lists them")
    data = figures.load()
    for name in args.sections or SECTIONS:
        start = time.monotonic()
        print(f"{name}:", flush=True)
        before = {k: json.dumps(v, sort_keys=True) for k, v in data["tables"].items()}
        SECTIONS[name](data)
        made = [k for k, v in data["tables"].items()
                if before.get(k) != json.dumps(v, sort_keys=True)]
        for table in made:
            if name in MACHINE_DEPENDENT:
                data["tables"][table]["caption"] = with_machine(data["tables"][table]["caption"])
            print(figures.render(data["tables"][table]))
        figures.save(data, tables=made)         # each section kept as soon as it is measured
        print(f"({time.monotonic() - start:.0f} s)\n", flush=True)
    for path in figures.render_documents(data):
        print(f"{path.relative_to(figures.ROOT)}: tables rendered again")
    stale = figures.stale_figures(data)
    for line in stale:
        print(f"stale: {line}")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
