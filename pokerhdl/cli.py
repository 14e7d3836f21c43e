"""The `pokerhdl` command: convert the blocks, list them, and evaluate hands on the CPU."""

import argparse
import os
import sys

from . import golden
from .convert import HDLS, convert_all
from .boards.shell import write_board_files
from .tops import TOPS


def cmd_convert(args):
    hdls = HDLS if args.hdl == "both" else (args.hdl,)
    names = args.top or None
    for n in names or ():
        if n not in TOPS:
            sys.exit(f"pokerhdl convert: unknown top {n!r}; `pokerhdl tops` lists them")
    print(f"converting into {args.out}/:")
    convert_all(hdls, names, root=args.out, jobs=args.jobs)
    boards = [TOPS[n] for n in (names or TOPS) if TOPS[n].board]
    if boards:
        # the board tops' XDC, Vivado script and FuseSoC core, next to the output root
        root = os.path.dirname(os.path.abspath(args.out))
        write_board_files(boards, root)
        print(f"board files of {', '.join(t.name for t in boards)} in {root}")


def cmd_tops(args):
    for name, top in sorted(TOPS.items()):
        params = ", ".join(f"{k}={v!r}" for k, v in top.params.items())
        print(f"{name:14s} {top.doc}" + (f"  [{params}]" if params else ""))


def cmd_eval(args):
    try:
        cards = golden.parse_cards(" ".join(args.cards))
        word = golden.rank7(cards)
    except golden.CardError as exc:
        sys.exit(f"pokerhdl eval: {exc}")
    print(f"{golden.format_cards(cards)}: {golden.describe(word)} (word 0x{word:06x})")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="pokerhdl", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("convert", help="write Verilog and/or VHDL of the tops into generated/")
    p.add_argument("--hdl", choices=("verilog", "vhdl", "both"), default="both")
    p.add_argument("--top", action="append", help="only this top (repeatable)")
    p.add_argument("--out", default="generated", help="output root (default: generated)")
    p.add_argument("--jobs", type=int, default=2, help="conversions run side by side")
    p.set_defaults(func=cmd_convert)
    p = sub.add_parser("tops", help="list the convertible tops")
    p.set_defaults(func=cmd_tops)
    p = sub.add_parser("eval", help="rank 1 to 7 cards, e.g. `pokerhdl eval Ah Kh Qh Jh Th`")
    p.add_argument("cards", nargs="+")
    p.set_defaults(func=cmd_eval)
    args = parser.parse_args(argv)
    args.func(args)


if __name__ == "__main__":
    main()
