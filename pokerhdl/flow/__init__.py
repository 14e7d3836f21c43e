"""The build flow: the list of tops (``tops``), MyHDL to Verilog and VHDL (``convert``), yosys
size and depth figures (``synth``), place and route and bitstreams on the open ECP5 tools
(``pnr``), and finding or installing the simulators (``toolchain``).

It may import the hardware packages (golden, rtl, games, boards) and nothing else of pokerhdl;
``toolchain`` runs on the bare system Python before the virtual environment exists, so this
package imports nothing when loaded.
"""
