// rng: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/rng.v. xorshift128 random words on demand, 128-bit seed load, entropy mixing.
// Copy the declarations and the instance into your module; rename the nets.

wire rng_clk;
wire rng_rst;
wire [127:0] rng_seed;
wire rng_seed_load;
wire [31:0] rng_entropy;
wire rng_entropy_valid;
wire rng_advance;
wire [31:0] rng_word;

rng rng_0 (
    .clk           (rng_clk),  // in: the clock: every register is clocked on its rising edge
    .rst           (rng_rst),  // in: back to the default seed
    .seed          (rng_seed),  // in [128]: seed, seed_load: load x=seed[127:96] y=seed[95:64] z=seed[63:32] w=see
    .seed_load     (rng_seed_load),  // in: seed, seed_load: load x=seed[127:96] y=seed[95:64] z=seed[63:32] w=see
    .entropy       (rng_entropy),  // in [32]: entropy, entropy_valid: XOR entropy into x (after the step when `advan
    .entropy_valid (rng_entropy_valid),  // in: entropy, entropy_valid: XOR entropy into x (after the step when `advan
    .advance       (rng_advance),  // in: take `word`; the following clock shows the next output
    .word          (rng_word)   // out [32]: the next output, registered (after reset: 3701687786, the first output
);
