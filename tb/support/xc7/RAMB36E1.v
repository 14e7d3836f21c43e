// Xilinx 7-series RAMB36E1: a behavioural simulation model for gate-level tests (yosys's
// xilinx/cells_sim.v declares the block RAMs with their timing only). True dual port with ports of
// 1, 2, 4, 9, 36 bits, and simple dual port at 72 bits (port A reads, port B writes,
// the word's halves on the A and B data pins); byte-wide write enables, WRITE_FIRST, READ_FIRST
// and NO_CHANGE, the output latch (and the optional output register, DOx_REG) with its set/reset
// value SRVAL and initial value INIT (bits yosys left undefined start as 0, as in a bitstream).
// The array is 32768 data bits (INIT_xx) and 4096 parity bits (INITP_xx), a word of d data
// bits at the address's bit offset with its low bits cleared, its parity at that offset / 8.
// Built by the same rule as its twin; tested on its own: tb/gates/test_primitive_models.py.
`timescale 1ns / 1ps
module RAMB36E1 (
    input CLKARDCLK, CLKBWRCLK, ENARDEN, ENBWREN, REGCEAREGCE, REGCEB,
    input RSTRAMARSTRAM, RSTRAMB, RSTREGARSTREG, RSTREGB,
    input [15:0] ADDRARDADDR, ADDRBWRADDR,
    input [31:0] DIADI, DIBDI,
    input [3:0] DIPADIP, DIPBDIP,
    input [3:0] WEA,
    input [7:0] WEBWE,
    output [31:0] DOADO, DOBDO,
    output [3:0] DOPADOP, DOPBDOP
);
    parameter integer DOA_REG = 0;
    parameter integer DOB_REG = 0;
    parameter RAM_MODE = "TDP";
    parameter integer READ_WIDTH_A = 0;
    parameter integer READ_WIDTH_B = 0;
    parameter integer WRITE_WIDTH_A = 0;
    parameter integer WRITE_WIDTH_B = 0;
    parameter WRITE_MODE_A = "WRITE_FIRST";
    parameter WRITE_MODE_B = "WRITE_FIRST";
    parameter [71:0] INIT_A = 72'h0;
    parameter [71:0] INIT_B = 72'h0;
    parameter [71:0] SRVAL_A = 72'h0;
    parameter [71:0] SRVAL_B = 72'h0;
    parameter RDADDR_COLLISION_HWCONFIG = "DELAYED_WRITE";
    parameter RSTREG_PRIORITY_A = "RSTREG";
    parameter RSTREG_PRIORITY_B = "RSTREG";
    parameter SIM_COLLISION_CHECK = "ALL";
    parameter SIM_DEVICE = "7SERIES";
    parameter EN_ECC_READ = "FALSE";
    parameter EN_ECC_WRITE = "FALSE";
    parameter RAM_EXTENSION_A = "NONE";
    parameter RAM_EXTENSION_B = "NONE";
    parameter IS_CLKARDCLK_INVERTED = 1'b0;
    parameter IS_CLKBWRCLK_INVERTED = 1'b0;
    parameter IS_ENARDEN_INVERTED = 1'b0;
    parameter IS_ENBWREN_INVERTED = 1'b0;
    parameter IS_RSTRAMARSTRAM_INVERTED = 1'b0;
    parameter IS_RSTRAMB_INVERTED = 1'b0;
    parameter IS_RSTREGARSTREG_INVERTED = 1'b0;
    parameter IS_RSTREGB_INVERTED = 1'b0;
    parameter [255:0] INIT_00 = 256'h0;
    parameter [255:0] INIT_01 = 256'h0;
    parameter [255:0] INIT_02 = 256'h0;
    parameter [255:0] INIT_03 = 256'h0;
    parameter [255:0] INIT_04 = 256'h0;
    parameter [255:0] INIT_05 = 256'h0;
    parameter [255:0] INIT_06 = 256'h0;
    parameter [255:0] INIT_07 = 256'h0;
    parameter [255:0] INIT_08 = 256'h0;
    parameter [255:0] INIT_09 = 256'h0;
    parameter [255:0] INIT_0A = 256'h0;
    parameter [255:0] INIT_0B = 256'h0;
    parameter [255:0] INIT_0C = 256'h0;
    parameter [255:0] INIT_0D = 256'h0;
    parameter [255:0] INIT_0E = 256'h0;
    parameter [255:0] INIT_0F = 256'h0;
    parameter [255:0] INIT_10 = 256'h0;
    parameter [255:0] INIT_11 = 256'h0;
    parameter [255:0] INIT_12 = 256'h0;
    parameter [255:0] INIT_13 = 256'h0;
    parameter [255:0] INIT_14 = 256'h0;
    parameter [255:0] INIT_15 = 256'h0;
    parameter [255:0] INIT_16 = 256'h0;
    parameter [255:0] INIT_17 = 256'h0;
    parameter [255:0] INIT_18 = 256'h0;
    parameter [255:0] INIT_19 = 256'h0;
    parameter [255:0] INIT_1A = 256'h0;
    parameter [255:0] INIT_1B = 256'h0;
    parameter [255:0] INIT_1C = 256'h0;
    parameter [255:0] INIT_1D = 256'h0;
    parameter [255:0] INIT_1E = 256'h0;
    parameter [255:0] INIT_1F = 256'h0;
    parameter [255:0] INIT_20 = 256'h0;
    parameter [255:0] INIT_21 = 256'h0;
    parameter [255:0] INIT_22 = 256'h0;
    parameter [255:0] INIT_23 = 256'h0;
    parameter [255:0] INIT_24 = 256'h0;
    parameter [255:0] INIT_25 = 256'h0;
    parameter [255:0] INIT_26 = 256'h0;
    parameter [255:0] INIT_27 = 256'h0;
    parameter [255:0] INIT_28 = 256'h0;
    parameter [255:0] INIT_29 = 256'h0;
    parameter [255:0] INIT_2A = 256'h0;
    parameter [255:0] INIT_2B = 256'h0;
    parameter [255:0] INIT_2C = 256'h0;
    parameter [255:0] INIT_2D = 256'h0;
    parameter [255:0] INIT_2E = 256'h0;
    parameter [255:0] INIT_2F = 256'h0;
    parameter [255:0] INIT_30 = 256'h0;
    parameter [255:0] INIT_31 = 256'h0;
    parameter [255:0] INIT_32 = 256'h0;
    parameter [255:0] INIT_33 = 256'h0;
    parameter [255:0] INIT_34 = 256'h0;
    parameter [255:0] INIT_35 = 256'h0;
    parameter [255:0] INIT_36 = 256'h0;
    parameter [255:0] INIT_37 = 256'h0;
    parameter [255:0] INIT_38 = 256'h0;
    parameter [255:0] INIT_39 = 256'h0;
    parameter [255:0] INIT_3A = 256'h0;
    parameter [255:0] INIT_3B = 256'h0;
    parameter [255:0] INIT_3C = 256'h0;
    parameter [255:0] INIT_3D = 256'h0;
    parameter [255:0] INIT_3E = 256'h0;
    parameter [255:0] INIT_3F = 256'h0;
    parameter [255:0] INIT_40 = 256'h0;
    parameter [255:0] INIT_41 = 256'h0;
    parameter [255:0] INIT_42 = 256'h0;
    parameter [255:0] INIT_43 = 256'h0;
    parameter [255:0] INIT_44 = 256'h0;
    parameter [255:0] INIT_45 = 256'h0;
    parameter [255:0] INIT_46 = 256'h0;
    parameter [255:0] INIT_47 = 256'h0;
    parameter [255:0] INIT_48 = 256'h0;
    parameter [255:0] INIT_49 = 256'h0;
    parameter [255:0] INIT_4A = 256'h0;
    parameter [255:0] INIT_4B = 256'h0;
    parameter [255:0] INIT_4C = 256'h0;
    parameter [255:0] INIT_4D = 256'h0;
    parameter [255:0] INIT_4E = 256'h0;
    parameter [255:0] INIT_4F = 256'h0;
    parameter [255:0] INIT_50 = 256'h0;
    parameter [255:0] INIT_51 = 256'h0;
    parameter [255:0] INIT_52 = 256'h0;
    parameter [255:0] INIT_53 = 256'h0;
    parameter [255:0] INIT_54 = 256'h0;
    parameter [255:0] INIT_55 = 256'h0;
    parameter [255:0] INIT_56 = 256'h0;
    parameter [255:0] INIT_57 = 256'h0;
    parameter [255:0] INIT_58 = 256'h0;
    parameter [255:0] INIT_59 = 256'h0;
    parameter [255:0] INIT_5A = 256'h0;
    parameter [255:0] INIT_5B = 256'h0;
    parameter [255:0] INIT_5C = 256'h0;
    parameter [255:0] INIT_5D = 256'h0;
    parameter [255:0] INIT_5E = 256'h0;
    parameter [255:0] INIT_5F = 256'h0;
    parameter [255:0] INIT_60 = 256'h0;
    parameter [255:0] INIT_61 = 256'h0;
    parameter [255:0] INIT_62 = 256'h0;
    parameter [255:0] INIT_63 = 256'h0;
    parameter [255:0] INIT_64 = 256'h0;
    parameter [255:0] INIT_65 = 256'h0;
    parameter [255:0] INIT_66 = 256'h0;
    parameter [255:0] INIT_67 = 256'h0;
    parameter [255:0] INIT_68 = 256'h0;
    parameter [255:0] INIT_69 = 256'h0;
    parameter [255:0] INIT_6A = 256'h0;
    parameter [255:0] INIT_6B = 256'h0;
    parameter [255:0] INIT_6C = 256'h0;
    parameter [255:0] INIT_6D = 256'h0;
    parameter [255:0] INIT_6E = 256'h0;
    parameter [255:0] INIT_6F = 256'h0;
    parameter [255:0] INIT_70 = 256'h0;
    parameter [255:0] INIT_71 = 256'h0;
    parameter [255:0] INIT_72 = 256'h0;
    parameter [255:0] INIT_73 = 256'h0;
    parameter [255:0] INIT_74 = 256'h0;
    parameter [255:0] INIT_75 = 256'h0;
    parameter [255:0] INIT_76 = 256'h0;
    parameter [255:0] INIT_77 = 256'h0;
    parameter [255:0] INIT_78 = 256'h0;
    parameter [255:0] INIT_79 = 256'h0;
    parameter [255:0] INIT_7A = 256'h0;
    parameter [255:0] INIT_7B = 256'h0;
    parameter [255:0] INIT_7C = 256'h0;
    parameter [255:0] INIT_7D = 256'h0;
    parameter [255:0] INIT_7E = 256'h0;
    parameter [255:0] INIT_7F = 256'h0;
    parameter [255:0] INITP_00 = 256'h0;
    parameter [255:0] INITP_01 = 256'h0;
    parameter [255:0] INITP_02 = 256'h0;
    parameter [255:0] INITP_03 = 256'h0;
    parameter [255:0] INITP_04 = 256'h0;
    parameter [255:0] INITP_05 = 256'h0;
    parameter [255:0] INITP_06 = 256'h0;
    parameter [255:0] INITP_07 = 256'h0;
    parameter [255:0] INITP_08 = 256'h0;
    parameter [255:0] INITP_09 = 256'h0;
    parameter [255:0] INITP_0A = 256'h0;
    parameter [255:0] INITP_0B = 256'h0;
    parameter [255:0] INITP_0C = 256'h0;
    parameter [255:0] INITP_0D = 256'h0;
    parameter [255:0] INITP_0E = 256'h0;
    parameter [255:0] INITP_0F = 256'h0;
    localparam SDP = RAM_MODE == "SDP";
    localparam DW = 64;     // data bits of the widest word; its parity bits from DW
    localparam W = 72;       // the widest word: simple dual port
    reg [32767:0] data = {INIT_7F, INIT_7E, INIT_7D, INIT_7C, INIT_7B, INIT_7A, INIT_79, INIT_78, INIT_77, INIT_76, INIT_75, INIT_74, INIT_73, INIT_72, INIT_71, INIT_70, INIT_6F, INIT_6E, INIT_6D, INIT_6C, INIT_6B, INIT_6A, INIT_69, INIT_68, INIT_67, INIT_66, INIT_65, INIT_64, INIT_63, INIT_62, INIT_61, INIT_60, INIT_5F, INIT_5E, INIT_5D, INIT_5C, INIT_5B, INIT_5A, INIT_59, INIT_58, INIT_57, INIT_56, INIT_55, INIT_54, INIT_53, INIT_52, INIT_51, INIT_50, INIT_4F, INIT_4E, INIT_4D, INIT_4C, INIT_4B, INIT_4A, INIT_49, INIT_48, INIT_47, INIT_46, INIT_45, INIT_44, INIT_43, INIT_42, INIT_41, INIT_40, INIT_3F, INIT_3E, INIT_3D, INIT_3C, INIT_3B, INIT_3A, INIT_39, INIT_38, INIT_37, INIT_36, INIT_35, INIT_34, INIT_33, INIT_32, INIT_31, INIT_30, INIT_2F, INIT_2E, INIT_2D, INIT_2C, INIT_2B, INIT_2A, INIT_29, INIT_28, INIT_27, INIT_26, INIT_25, INIT_24, INIT_23, INIT_22, INIT_21, INIT_20, INIT_1F, INIT_1E, INIT_1D, INIT_1C, INIT_1B, INIT_1A, INIT_19, INIT_18, INIT_17, INIT_16, INIT_15, INIT_14, INIT_13, INIT_12, INIT_11, INIT_10, INIT_0F, INIT_0E, INIT_0D, INIT_0C, INIT_0B, INIT_0A, INIT_09, INIT_08, INIT_07, INIT_06, INIT_05, INIT_04, INIT_03, INIT_02, INIT_01, INIT_00};
    reg [4095:0] parity = {INITP_0F, INITP_0E, INITP_0D, INITP_0C, INITP_0B, INITP_0A, INITP_09, INITP_08, INITP_07, INITP_06, INITP_05, INITP_04, INITP_03, INITP_02, INITP_01, INITP_00};

    // a port's width in data bits and parity bits, and a word's bit offset
    function integer dbits(input integer width);
        dbits = width >= 9 ? width / 9 * 8 : width;
    endfunction
    function integer offset(input integer width, input [14:0] address);
        offset = address - address % dbits(width);
    endfunction
    function [W-1:0] read(input integer width, input [14:0] address);
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
    task write(input integer width, input [14:0] address, input [W-1:0] d,
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
    function [W-1:0] word(input [31:0] pins_data, input [3:0] pins_parity);
        word = {{(W - DW - 4){1'b0}}, pins_parity, {(DW - 32){1'b0}}, pins_data};
    endfunction
    // what a write-first port shows: the word read with the written bytes in it
    function [W-1:0] merged(input integer width, input [15-1:0] address,
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
        if (!(SDP ? READ_WIDTH_A == 72 || WRITE_WIDTH_B == 72 : 1)) begin
            $display("RAMB36E1 model: simple dual port wants 72-bit ports");
            $finish(1);
        end
    end
    wire [14:0] addr_a = ADDRARDADDR[14:0], addr_b = ADDRBWRADDR[14:0];
    wire [W-1:0] sdp_in = {DIPBDIP, DIPADIP, DIBDI, DIADI};
    always @(posedge CLKARDCLK) if (ENARDEN) begin
        if (SDP) begin
            if (RSTRAMARSTRAM) latch_a <= defined(SRVAL_A);
            else latch_a <= read(72, addr_a);
        end else begin
            if (|WEA && WRITE_WIDTH_A > 0) write(WRITE_WIDTH_A, addr_a, word(DIADI, DIPADIP),
                                                 dbits(WRITE_WIDTH_A) <= 8 ? {8{WEA[0]}} : WEA);
            if (RSTRAMARSTRAM) latch_a <= defined(SRVAL_A);
            else if (READ_WIDTH_A > 0 && !(|WEA && WRITE_MODE_A == "NO_CHANGE")) begin
                if (|WEA && WRITE_MODE_A == "WRITE_FIRST")
                    latch_a <= merged(WRITE_WIDTH_A, addr_a, word(DIADI, DIPADIP), dbits(WRITE_WIDTH_A) <= 8 ? {8{WEA[0]}} : WEA);
                else
                    latch_a <= read(READ_WIDTH_A, addr_a);
            end
        end
    end
    always @(posedge CLKBWRCLK) if (ENBWREN) begin
        if (SDP) begin
            if (|WEBWE) write(72, addr_b, sdp_in, WEBWE);
        end else begin
            if (|WEBWE && WRITE_WIDTH_B > 0) write(WRITE_WIDTH_B, addr_b, word(DIBDI, DIPBDIP),
                                                   dbits(WRITE_WIDTH_B) <= 8 ? {8{WEBWE[0]}}
                                                   : WEBWE);
            if (RSTRAMB) latch_b <= defined(SRVAL_B);
            else if (READ_WIDTH_B > 0 && !(|WEBWE && WRITE_MODE_B == "NO_CHANGE")) begin
                if (|WEBWE && WRITE_MODE_B == "WRITE_FIRST")
                    latch_b <= merged(WRITE_WIDTH_B, addr_b, word(DIBDI, DIPBDIP), dbits(WRITE_WIDTH_B) <= 8 ? {8{WEBWE[0]}} : WEBWE);
                else
                    latch_b <= read(READ_WIDTH_B, addr_b);
            end
        end
    end
    always @(posedge CLKARDCLK)
        if (RSTREGARSTREG) reg_a <= defined(SRVAL_A);
        else if (REGCEAREGCE) reg_a <= latch_a;
    always @(posedge CLKBWRCLK)
        if (RSTREGB) reg_b <= defined(SRVAL_B);
        else if (REGCEB) reg_b <= latch_b;
    wire [W-1:0] out_a = DOA_REG ? reg_a : latch_a, out_b = DOB_REG ? reg_b : latch_b;
    // simple dual port: the word's low half on the A pins, its high half on the B pins
    assign DOADO = out_a[31:0];
    assign DOPADOP = out_a[DW +: 4];
    assign DOBDO = SDP ? out_a[32 +: 32] : out_b[31:0];
    assign DOPBDOP = SDP ? out_a[DW + 4 +: 4] : out_b[DW +: 4];
endmodule
