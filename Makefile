# pokerhdl: `make` generates the RTL, `make sim` runs the regression. Both set themselves up.
#   make / make verilog / make vhdl   convert every top into generated/ (virtual env made first)
#   make sim [HDL=verilog|vhdl] [WAVES=1] [JOBS=n]   cocotb regression on Icarus and GHDL
#   make exhaustive                   the slow exhaustive checks (all 5- and 7-card hands)
#   make bench                        size, depth and speed figures of every block
#   make doctor                       which Python, simulators and tools will be used
#   make tools / make venv            the two set-up steps on their own
#   make clean                        remove build folders (not generated/, not the venv)

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
JOBS   ?= auto
HDL    ?=
export PATH := $(CURDIR)/.tools/bin:$(CURDIR)/$(VENV)/bin:$(PATH)

.PHONY: all verilog vhdl sim exhaustive bench doctor tools venv clean distclean

all: verilog vhdl

$(STAMP): setup.py
	@$(PYTHON) -m venv $(VENV) || { echo "Cannot create a virtual environment with $(PYTHON): install python3-venv (Debian: apt-get install python3-venv) or set PYTHON=..."; exit 1; }
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	@touch $@

venv: $(STAMP)

.tools/bin/ghdl: pokerhdl/toolchain.py
	$(PYTHON) -m pokerhdl.toolchain ensure

tools: .tools/bin/ghdl

verilog: $(STAMP)
	$(PY) -m pokerhdl convert --hdl verilog

vhdl: $(STAMP)
	$(PY) -m pokerhdl convert --hdl vhdl

sim: $(STAMP) tools
	$(PY) -m pytest -n $(JOBS) --durations=10 -m "not slow$(if $(HDL), and $(HDL))"

exhaustive: $(STAMP) tools
	$(PY) -m pytest -n $(JOBS) --durations=10 -m "slow$(if $(HDL), and $(HDL))"

bench: $(STAMP) tools
	$(PY) tb/bench.py

doctor:
	@$(PYTHON) -m pokerhdl.toolchain doctor
	@if [ -x $(PY) ]; then $(PY) -m pip list 2>/dev/null | grep -iE '^(myhdl|cocotb|cocotbext|pytest|hypothesis|eval7) '; fi

clean:
	rm -rf tb/sim_build .pytest_cache build results.xml

distclean: clean
	rm -rf $(VENV) .tools *.egg-info
