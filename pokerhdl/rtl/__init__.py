"""MyHDL blocks, one concept per module: card code, RNG, shuffler, hand evaluators, showdown,
the equity lane and engine, UART, 7-segment, VGA. Each is tested against the golden model;
pokerhdl.flow.convert turns the tops into Verilog and VHDL. It imports only golden."""
