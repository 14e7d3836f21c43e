// dice_roller: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/dice_roller.v. two fair dice by rejection from xorshift128 words, entropy mixing, on request.
// Copy the declarations and the instance into your module; rename the nets.

wire dice_roller_clk;
wire dice_roller_rst;
wire [127:0] dice_roller_seed;
wire dice_roller_seed_load;
wire [31:0] dice_roller_entropy;
wire dice_roller_entropy_valid;
wire dice_roller_request;
wire [5:0] dice_roller_dice_data;
wire dice_roller_dice_valid;
wire dice_roller_dice_ready;

dice_roller dice_roller_0 (
    .clk           (dice_roller_clk),  // in: the clock: every register is clocked on its rising edge
    .rst           (dice_roller_rst),  // in: synchronous reset, active high
    .seed          (dice_roller_seed),  // in [128]: The words come from rtl/rng.py one per clock while rolling (``advance`
    .seed_load     (dice_roller_seed_load),  // in:
    .entropy       (dice_roller_entropy),  // in [32]: The words come from rtl/rng.py one per clock while rolling (``advance`
    .entropy_valid (dice_roller_entropy_valid),  // in:
    .request       (dice_roller_request),  // in: a one-clock pulse, roll two dice; dice_data = {die 1, die 2} (3 bits e
    .dice_data     (dice_roller_dice_data),  // out [6]: request: a one-clock pulse, roll two dice; dice_data = {die 1, die 2}
    .dice_valid    (dice_roller_dice_valid),  // out: request: a one-clock pulse, roll two dice; dice_data = {die 1, die 2}
    .dice_ready    (dice_roller_dice_ready)   // in: request: a one-clock pulse, roll two dice; dice_data = {die 1, die 2}
);
