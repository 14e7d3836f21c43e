"""The lines a command prints while Verilator builds a model (verilated.build's ``announce``):
what is built and how long its last build took, a bar on a terminal, then the time it took.
A first build takes 10 s to a minute and says nothing on its own; a user should not wonder
whether the command hangs."""

import sys
import threading
import time


def announcer(command, stream=None):
    """An ``announce(top, expected)`` for verilated.build that prints on ``stream`` (stderr)
    as ``command``; returns the function build calls with the build's seconds."""
    def announce(top, expected):
        out = stream or sys.stderr
        about = (f"about {expected:.0f} s, as the last build" if expected else
                 "a first build takes 10 s to a minute; it is cached after it")
        print(f"{command}: building {top} in Verilator ({about}) ...", file=out, flush=True)
        stop = threading.Event()
        bar = None
        if expected and out.isatty():
            from tqdm import tqdm
            total = max(1, round(expected))
            bar = tqdm(total=total, file=out, leave=False,
                       bar_format="{l_bar}{bar}| {elapsed} of about " + f"{total} s")
            started = time.monotonic()

            def tick():
                while not stop.wait(0.5):
                    bar.n = min(total, round(time.monotonic() - started))
                    bar.refresh()
            threading.Thread(target=tick, name="build-progress", daemon=True).start()

        def finish(seconds):
            stop.set()
            if bar is not None:
                bar.close()
            print(f"{command}: built {top} in {seconds:.1f} s", file=out, flush=True)
        return finish
    return announce
