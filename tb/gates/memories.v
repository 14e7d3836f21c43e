// Memories of every shape yosys maps to block RAM in the tops (DP16KD on ECP5, RAMB18E1 and
// RAMB36E1 on the 7 series): 9-bit writes read at 18 bits, 18 bits with byte enables read before
// write, 36-bit simple dual port, read registers reset with the clock and at once, initial
// contents. test_primitive_models.py runs this RTL beside its netlists.
module mems(input clk, input rst,
    input we9, input [10:0] wa9, input [8:0] wd9, input [9:0] ra18, output reg [17:0] rd18 = 0,
    input we18, input [1:0] be18, input [9:0] a18, input [17:0] wd18, output reg [17:0] q18 = 0,
    input [9:0] b18, output reg [17:0] qb18 = 0,
    input we36, input [3:0] be36, input [8:0] wa36, input [35:0] wd36, input [8:0] ra36,
    output reg [35:0] rd36 = 0);
    // 9-bit writes, 18-bit reads (a stack written a byte at a time, read two at a time)
    reg [8:0] m9 [0:2047];
    integer i;
    initial for (i = 0; i < 2048; i = i + 1) m9[i] = (i * 37 + 11) % 512;
    always @(posedge clk) begin
        if (we9) m9[wa9] <= wd9;
        rd18 <= {m9[{ra18, 1'b1}], m9[{ra18, 1'b0}]};
    end
    // 18 bits with byte enables, read before write, a second read port
    reg [17:0] m18 [0:1023];
    initial for (i = 0; i < 1024; i = i + 1) m18[i] = (i * 4099 + 5) % 262144;
    always @(posedge clk) begin
        if (we18 && be18[0]) m18[a18][8:0] <= wd18[8:0];
        if (we18 && be18[1]) m18[a18][17:9] <= wd18[17:9];
        q18 <= m18[a18];
    end
    always @(posedge clk)           // a read register reset with the clock
        if (rst) qb18 <= 18'd0;
        else qb18 <= m18[b18];
    // 36 bits, simple dual port, its read register reset asynchronously
    reg [35:0] m36 [0:511];
    initial for (i = 0; i < 512; i = i + 1) m36[i] = i * 123456789;
    always @(posedge clk) begin
        if (we36 && be36[0]) m36[wa36][8:0] <= wd36[8:0];
        if (we36 && be36[1]) m36[wa36][17:9] <= wd36[17:9];
        if (we36 && be36[2]) m36[wa36][26:18] <= wd36[26:18];
        if (we36 && be36[3]) m36[wa36][35:27] <= wd36[35:27];
    end
    always @(posedge clk or posedge rst)
        if (rst) rd36 <= 36'd0;
        else rd36 <= m36[ra36];
endmodule
