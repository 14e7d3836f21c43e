"""The table server's and the web pages' figures, from their own benches (table_server.py,
table_page.py, board_page.py, equity_page.py), recorded in the figures with the files they
measured as their key."""

from pathlib import Path

from bench.figures import ROOT, file_key, put_table


def files_under(*folders):
    """The key of every file under ``folders`` (repository-relative)."""
    found = {}
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                rel = path.relative_to(ROOT).as_posix()
                found[rel] = file_key(rel)
    return {"file": found}


def record(data, tables, key):
    for name, headers, rows, caption in tables:
        put_table(data, name, headers, [(row, key) for row in rows], caption=caption + " "
                  "(`make bench`)")


def table_server(data, out=print):
    """The table server: a seated client's wait under 100 hostile clients, memory with 1,000
    idle connections, hands per minute of four scripted clients."""
    from bench import table_server as bench
    out("  hostile clients, idle connections, four scripted clients ...")
    figures = {"hostile": [bench.hostile(0), bench.hostile(100)], "memory": bench.memory(),
               "hands": bench.hands()}
    record(data, bench.tables(figures), files_under("pokerhdl/table", "pokerhdl/web"))


def table_page(data, out=print):
    """The table's web page in Chromium: its weight, a click to its effect, the browser
    tests' time."""
    from bench import table_page as bench
    out("  the table's page in Chromium ...")
    figures = {"weight": bench.weight(), "clicks": bench.clicks(200, 30), "tests": bench.tests()}
    record(data, bench.tables(figures), files_under("pokerhdl/table", "pokerhdl/web"))


def board_page(data, out=print):
    """A board top's web page: its weight, a click to its effect, the monitor's pictures a
    second (the fake board; the emulated tops)."""
    from bench import board_page as bench
    out("  a board top's page in Chromium ...")
    figures = {"weight": bench.weight(), "fake": bench.fake(), "emulated": bench.emulated()}
    record(data, bench.tables(figures), files_under("pokerhdl/sim", "pokerhdl/web"))


def equity_page(data, out=print):
    """The equity calculator's web page: its weight, a click to the answer."""
    from bench import equity_page as bench
    out("  the equity page in Chromium ...")
    figures = {"weight": bench.weight(), "clicks": bench.clicks()}
    record(data, bench.tables(figures), files_under("pokerhdl/odds", "pokerhdl/web"))
