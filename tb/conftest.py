"""pytest set-up for the regression: tb/support/ (what the tests share) and the repository root
on sys.path (a test module's own folder pytest puts there itself); the longest tests
first (from tb/durations.json), so that both cores stay busy to the end when pytest-xdist hands
out one test at a time (`--maxschedchunk 1`, as `make sim` does); figures that tests record
(`record_property("figure", ...)`) printed at the end, workers included.

Refresh the durations after tests change: `make durations` (a serial run with
`--store-durations`).
"""

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "support"))
sys.path.insert(0, str(HERE.parent))

DURATIONS = HERE / "durations.json"


def pytest_addoption(parser):
    parser.addoption("--store-durations", action="store_true",
                     help="write each test's call time into tb/durations.json")


def pytest_collection_modifyitems(config, items):
    known = json.loads(DURATIONS.read_text()) if DURATIONS.exists() else {}
    # a new test counts as a long one until it has been timed; ties keep pytest's order
    items.sort(key=lambda item: -known.get(item.nodeid, 60.0))


class StoreDurations:
    """Collects call times (the controller sees every worker's reports) and writes them over
    those of the same tests in the file, keeping the others': a run of part of the tests (the
    regression, the deep stage) refreshes its part."""

    def __init__(self):
        self.times = {}

    def pytest_runtest_logreport(self, report):
        if report.when == "call":
            self.times[report.nodeid] = round(report.duration, 2)

    def pytest_sessionfinish(self, session):
        known = json.loads(DURATIONS.read_text()) if DURATIONS.exists() else {}
        known.update(self.times)
        DURATIONS.write_text(json.dumps(dict(sorted(known.items())), indent=1) + "\n")


def pytest_configure(config):
    if config.getoption("store_durations") and not hasattr(config, "workerinput"):
        config.pluginmanager.register(StoreDurations(), "pokerhdl-store-durations")


def pytest_terminal_summary(terminalreporter):
    lines = [value for report in terminalreporter.stats.get("passed", [])
             for key, value in report.user_properties if key == "figure"]
    if lines:
        terminalreporter.section("figures")
        for line in lines:
            terminalreporter.write_line(line)
