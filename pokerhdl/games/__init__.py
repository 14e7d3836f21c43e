"""MyHDL game controllers: Hold'em table, equity engine, Balatro scoring, dice."""
