// The behaviour the 7-series block RAM models share (RAMB18E1.v, RAMB36E1.v: each names its
// sizes and passes its INIT_xx and INITP_xx on): a simulation model for gate-level tests (yosys's
// xilinx/cells_sim.v declares the block RAMs with their timing only). True dual port with ports
// of 1, 2, 4, 9 ... 2 x DPORT bits, and simple dual port at SDP_WIDTH bits (port A reads, port B
// writes, the word's halves on the A and B data pins); byte-wide write enables, WRITE_FIRST,
// READ_FIRST and NO_CHANGE, the output latch (and the optional output register, DOx_REG) with
// its set/reset value SRVAL and initial value INIT (bits yosys left undefined start as 0, as in
// a bitstream). The array is DATA_BITS data bits and DATA_BITS / 8 parity bits, a word of d data
// bits at the address's bit offset with its low bits cleared, its parity at that offset / 8.
// No clock edge is taken at time 0 (a configured device's clock starts later; a simulated one
// that starts high rises from x then). Tested on its own: tb/gates/test_primitive_models.py.
`timescale 1ns / 1ps
module xc7_block_ram #(
    parameter integer DATA_BITS = 16384,   // 18 Kb: 16384; 36 Kb: 32768
    parameter integer ABITS = 14,          // the address bits that count data bits
    parameter integer DPORT = 16,          // a data pin bus
    parameter integer PPORT = 2,           // a parity pin bus
    parameter integer WE_A = 2,
    parameter integer WE_B = 4,
    parameter [DATA_BITS-1:0] INIT = 0,
    parameter [DATA_BITS/8-1:0] INITP = 0,
    parameter integer DOA_REG = 0,
    parameter integer DOB_REG = 0,
    parameter RAM_MODE = "TDP",
    parameter integer READ_WIDTH_A = 0,
    parameter integer READ_WIDTH_B = 0,
    parameter integer WRITE_WIDTH_A = 0,
    parameter integer WRITE_WIDTH_B = 0,
    parameter WRITE_MODE_A = "WRITE_FIRST",
    parameter WRITE_MODE_B = "WRITE_FIRST",
    parameter [71:0] INIT_A = 72'h0,
    parameter [71:0] INIT_B = 72'h0,
    parameter [71:0] SRVAL_A = 72'h0,
    parameter [71:0] SRVAL_B = 72'h0
) (
    input CLKARDCLK, CLKBWRCLK, ENARDEN, ENBWREN, REGCEAREGCE, REGCEB,
    input RSTRAMARSTRAM, RSTRAMB, RSTREGARSTREG, RSTREGB,
    input [ABITS-1:0] addr_a, addr_b,
    input [DPORT-1:0] DIADI, DIBDI,
    input [PPORT-1:0] DIPADIP, DIPBDIP,
    input [WE_A-1:0] WEA,
    input [WE_B-1:0] WEBWE,
    output [DPORT-1:0] DOADO, DOBDO,
    output [PPORT-1:0] DOPADOP, DOPBDOP
);
    localparam SDP = RAM_MODE == "SDP";
    localparam SDP_WIDTH = 2 * (DPORT + PPORT);
    localparam DW = 2 * DPORT;      // data bits of the widest word; its parity bits from DW
    localparam W = SDP_WIDTH;       // the widest word: simple dual port
    reg [DATA_BITS-1:0] data = INIT;
    reg [DATA_BITS/8-1:0] parity = INITP;

    // a port's width in data bits, a word's bit offset
    function integer dbits(input integer width);
        dbits = width >= 9 ? width / 9 * 8 : width;
    endfunction
    function integer offset(input integer width, input [ABITS-1:0] address);
        offset = address - address % dbits(width);
    endfunction
    // a port's byte enables: one for a port of less than a byte
    function [7:0] enables(input integer width, input [7:0] we);
        enables = dbits(width) <= 8 ? {8{we[0]}} : we;
    endfunction
    function [W-1:0] read(input integer width, input [ABITS-1:0] address);
        integer i, base;
        begin
            read = 0;
            base = offset(width, address);
            for (i = 0; i < dbits(width); i = i + 1) read[i] = data[base + i];
            for (i = 0; i < (width >= 9 ? width / 9 : 0); i = i + 1)
                read[DW + i] = parity[base / 8 + i];
        end
    endfunction
    // the array after a write of d (data bits low, parity bits from DW) with byte enables we
    task write(input integer width, input [ABITS-1:0] address, input [W-1:0] d,
               input [7:0] we);
        integer i, base;
        begin
            base = offset(width, address);
            for (i = 0; i < dbits(width); i = i + 1)
                if (we[i / 8]) data[base + i] <= d[i];
            for (i = 0; i < (width >= 9 ? width / 9 : 0); i = i + 1)
                if (we[i]) parity[base / 8 + i] <= d[DW + i];
        end
    endtask
    function [W-1:0] defined(input [71:0] v);    // undefined bits as 0
        integer i;
        for (i = 0; i < W; i = i + 1) defined[i] = v[i] === 1'b1;
    endfunction
    // a port's pins as a word (data low, parity from DW)
    function [W-1:0] word(input [DPORT-1:0] pins_data, input [PPORT-1:0] pins_parity);
        word = {{(W - DW - PPORT){1'b0}}, pins_parity, {(DW - DPORT){1'b0}}, pins_data};
    endfunction
    // what a write-first port shows: the word read with the written bytes in it
    function [W-1:0] merged(input integer width, input [ABITS-1:0] address,
                            input [W-1:0] d, input [7:0] we);
        integer i;
        begin
            merged = read(width, address);
            for (i = 0; i < dbits(width); i = i + 1) if (we[i / 8]) merged[i] = d[i];
            for (i = 0; i < (width >= 9 ? width / 9 : 0); i = i + 1)
                if (we[i]) merged[DW + i] = d[DW + i];
        end
    endfunction

    reg [W-1:0] latch_a, latch_b, reg_a, reg_b;
    initial begin
        latch_a = defined(INIT_A); latch_b = defined(INIT_B);
        reg_a = latch_a; reg_b = latch_b;
        if (SDP && READ_WIDTH_A != SDP_WIDTH && WRITE_WIDTH_B != SDP_WIDTH) begin
            $display("%m: simple dual port wants %0d-bit ports", SDP_WIDTH);
            $finish(1);
        end
    end
    wire [W-1:0] sdp_in = {DIPBDIP, DIPADIP, DIBDI, DIADI};
    wire [7:0] we_a = enables(WRITE_WIDTH_A, WEA), we_b = enables(WRITE_WIDTH_B, WEBWE);
    always @(posedge CLKARDCLK) if ($realtime != 0) if (ENARDEN) begin
        if (SDP) begin
            if (RSTRAMARSTRAM) latch_a <= defined(SRVAL_A);
            else latch_a <= read(SDP_WIDTH, addr_a);
        end else begin
            if (|WEA && WRITE_WIDTH_A > 0) write(WRITE_WIDTH_A, addr_a, word(DIADI, DIPADIP), we_a);
            if (RSTRAMARSTRAM) latch_a <= defined(SRVAL_A);
            else if (READ_WIDTH_A > 0 && !(|WEA && WRITE_MODE_A == "NO_CHANGE")) begin
                if (|WEA && WRITE_MODE_A == "WRITE_FIRST")
                    latch_a <= merged(WRITE_WIDTH_A, addr_a, word(DIADI, DIPADIP), we_a);
                else
                    latch_a <= read(READ_WIDTH_A, addr_a);
            end
        end
    end
    always @(posedge CLKBWRCLK) if ($realtime != 0) if (ENBWREN) begin
        if (SDP) begin
            if (|WEBWE) write(SDP_WIDTH, addr_b, sdp_in, WEBWE);
        end else begin
            if (|WEBWE && WRITE_WIDTH_B > 0) write(WRITE_WIDTH_B, addr_b, word(DIBDI, DIPBDIP), we_b);
            if (RSTRAMB) latch_b <= defined(SRVAL_B);
            else if (READ_WIDTH_B > 0 && !(|WEBWE && WRITE_MODE_B == "NO_CHANGE")) begin
                if (|WEBWE && WRITE_MODE_B == "WRITE_FIRST")
                    latch_b <= merged(WRITE_WIDTH_B, addr_b, word(DIBDI, DIPBDIP), we_b);
                else
                    latch_b <= read(READ_WIDTH_B, addr_b);
            end
        end
    end
    always @(posedge CLKARDCLK) if ($realtime != 0)
        if (RSTREGARSTREG) reg_a <= defined(SRVAL_A);
        else if (REGCEAREGCE) reg_a <= latch_a;
    always @(posedge CLKBWRCLK) if ($realtime != 0)
        if (RSTREGB) reg_b <= defined(SRVAL_B);
        else if (REGCEB) reg_b <= latch_b;
    wire [W-1:0] out_a = DOA_REG ? reg_a : latch_a, out_b = DOB_REG ? reg_b : latch_b;
    // simple dual port: the word's low half on the A pins, its high half on the B pins
    assign DOADO = out_a[DPORT-1:0];
    assign DOPADOP = out_a[DW +: PPORT];
    assign DOBDO = SDP ? out_a[DPORT +: DPORT] : out_b[DPORT-1:0];
    assign DOPBDOP = SDP ? out_a[DW + PPORT +: PPORT] : out_b[DW +: PPORT];
endmodule
