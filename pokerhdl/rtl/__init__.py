"""MyHDL blocks, one concept per module. Conversion lives in pokerhdl.convert."""
