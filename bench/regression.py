"""The fast loop's own figures: README's two commands on a fresh clone of the last commit (wall
and CPU time, the virtual environment made on the way), and the stages of a `.ci/run`.

    python -m bench regression                 # as a section of `make bench` (tens of minutes)
    python -m bench.regression --ci build/ci-times   # a .ci/run's stage times into the table
                                                     # (its make and sim: the clone's rows)
"""

import argparse
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench import figures

HEADERS = ["step", "wall", "CPU"]
CAPTION = "README's two commands on a fresh clone of commit {commit}, and CI's stages"


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(cmd, cwd, out):
    """Run ``cmd``; its (wall, CPU) seconds, children included."""
    out(f"  {' '.join(cmd)} in a fresh clone ...")
    wall, cpu = time.monotonic(), children_cpu()
    done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"{' '.join(cmd)} failed on a fresh clone:\n{done.stdout[-3000:]}"
                         f"{done.stderr[-2000:]}")
    return time.monotonic() - wall, children_cpu() - cpu


def minutes(seconds):
    return f"{seconds / 60:.1f} min"


def commit():
    return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=figures.ROOT,
                          capture_output=True, text=True).stdout.strip()


def put_rows(data, rows):
    """Replace the rows of the same steps, keep the others (the CI stages, or the clone's)."""
    table = data["tables"].get("regression", {"headers": HEADERS, "caption": CAPTION, "rows": []})
    steps = {cells[0] for cells, _ in rows}
    kept = [(r["cells"], r["key"]) for r in table["rows"] if r["cells"][0] not in steps]
    figures.put_table(data, "regression", HEADERS, kept + rows,
                      caption=CAPTION.format(commit=commit()))


def fresh_clone(data, out=print):
    """`make` and `make sim` on a fresh clone of the last commit."""
    with tempfile.TemporaryDirectory() as folder:
        clone = Path(folder) / "pokerhdl"
        subprocess.run(["git", "clone", "-q", str(figures.ROOT), str(clone)], check=True)
        made = timed(["make"], clone, out)
        simulated = timed(["make", "sim"], clone, out)
    key = {"tool": {"commit": commit()}}
    put_rows(data, [(["make, fresh clone", minutes(made[0]), minutes(made[1])], key),
                    (["make sim, fresh clone", minutes(simulated[0]), minutes(simulated[1])],
                     key)])


def ci_stages(data, path):
    """The stage lines of a .ci/run (build/ci-times: "NAME N s wall, U s user, S s sys"); its
    make and sim stages are README's two commands on a fresh clone, so they fill those rows
    too."""
    rows, total, key = [], 0, {"tool": {"commit": commit()}}
    readme = {"make": "make, fresh clone", "sim": "make sim, fresh clone"}
    for line in Path(path).read_text().splitlines():
        m = re.match(r"(\S+)\s+(\d+) s wall, (\d+) s user, (\d+) s sys", line)
        if m:
            name, wall, user, system = m.group(1), *map(int, m.groups()[1:])
            total += wall
            rows.append(([f".ci/run: {name}", minutes(wall), minutes(user + system)], key))
            if name in readme:
                rows.append(([readme[name], minutes(wall), minutes(user + system)], key))
    rows.append(([".ci/run", minutes(total), ""], key))
    put_rows(data, rows)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.regression", description=__doc__)
    parser.add_argument("--ci", metavar="FILE", help="a .ci/run's build/ci-times")
    args = parser.parse_args(argv)
    data = figures.load()
    if args.ci:
        ci_stages(data, args.ci)
    else:
        fresh_clone(data)
    figures.save(data, tables=["regression"])
    figures.render_documents(data)
    print(figures.render(data["tables"]["regression"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
