// Formal wrapper of dice_table (purse=16, max_rounds=1: a game is a single round, so that a
// bid, the other bid, the throw and the end of the game with the pool paid out all fit in a
// short BMC). Commands, their amounts and guesses, the dice (1..6 each), the probe and view
// addresses are free. Property (golden dice.DiceGame._check): whenever the table is ready for
// a command, purse0 + purse1 + pool == 2 x purse, with no purse or pool over the total (the
// registers are unsigned: a purse gone negative would wrap above it). The purses and the pool
// are formal_ taps of the internal registers (pokerhdl.flow.formal.expose): the ports show
// one window value a clock through a registered probe, never all three at once.
module dice_table_chips (
    input clk, input rst, input cmd_valid, input [1:0] cmd_op, input [7:0] cmd_amount,
    input cmd_up, input [5:0] dice_data, input dice_valid, input [4:0] probe_addr,
    input [2:0] view);
    localparam PURSE = 16, TOTAL = 2 * PURSE;
    wire cmd_ready, dice_request, dice_ready, res_valid, bidder;
    wire [2:0] res_code;
    wire [7:0] probe_data, view_data;
    wire [1:0] phase, ups, winner;
    wire [7:0] purse0, purse1, pool;
    dice_table dut (.clk(clk), .rst(rst), .cmd_valid(cmd_valid), .cmd_ready(cmd_ready),
        .cmd_op(cmd_op), .cmd_amount(cmd_amount), .cmd_up(cmd_up), .dice_request(dice_request),
        .dice_data(dice_data), .dice_valid(dice_valid), .dice_ready(dice_ready),
        .res_valid(res_valid), .res_code(res_code), .probe_addr(probe_addr),
        .probe_data(probe_data), .view(view), .view_data(view_data), .phase(phase),
        .bidder(bidder), .ups(ups), .winner(winner),
        .formal_purses_purse0(purse0), .formal_purses_purse1(purse1),
        .formal_purses_pool(pool));

    initial assume (rst);
    always @(posedge clk) if (!$initstate) assume (!rst);
    // two dice: {die 1, die 2}, each 1..6
    always @(*) if (dice_valid) assume (dice_data[5:3] >= 1 && dice_data[5:3] <= 6 &&
                                        dice_data[2:0] >= 1 && dice_data[2:0] <= 6);

    always @(posedge clk) if (!$initstate && !rst && cmd_ready) begin
        assert ({2'b0, purse0} + {2'b0, purse1} + {2'b0, pool} == TOTAL);
        assert (purse0 <= TOTAL && purse1 <= TOTAL && pool <= TOTAL);
    end
    // the depth's witness (sby mode cover; bmc ignores it): the game over, its pool paid out,
    // and the table ready again
    always @(posedge clk) if (!$initstate && !rst) cover (phase == 2 && cmd_ready && pool == 0);
endmodule
