// ECP5 DP16KD block RAM: a simulation model of the configurations yosys's synth_ecp5 makes
// (yosys only declares the cell): true dual port with 9- and 18-bit ports (lattice/brams_16kd.txt:
// byte enables on AD[1:0] at 18 bits, write modes NORMAL, WRITETHROUGH, READBEFOREWRITE) and the
// 36-bit pseudo dual port (port A writes DI = {DIB, DIA} with byte enables on ADA[3:0], port B
// reads DO = {DOB, DOA}). No output register (REGMODE NOREG), read data 0 from power-up and
// after a read reset (SYNC: on the clock; ASYNC: at once). The array is 1024 rows of 18 bits, row
// 16*k + i in INITVAL_k[20*i +: 18], a 9-bit word the half (AD[3]) of its row, a 36-bit word two
// rows. Other configurations stop the simulation. No clock edge is taken at time 0 (a configured
// device's clock starts later). Tested on its own: tb/gates/test_primitive_models.py.
`timescale 1ns / 1ps
module DP16KD(
    input DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9, DIA8, DIA7, DIA6, DIA5, DIA4, DIA3, DIA2, DIA1, DIA0,
    input ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5, ADA4, ADA3, ADA2, ADA1, ADA0,
    input CEA, OCEA, CLKA, WEA, RSTA, CSA2, CSA1, CSA0,
    output DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9, DOA8, DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0,
    input DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9, DIB8, DIB7, DIB6, DIB5, DIB4, DIB3, DIB2, DIB1, DIB0,
    input ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5, ADB4, ADB3, ADB2, ADB1, ADB0,
    input CEB, OCEB, CLKB, WEB, RSTB, CSB2, CSB1, CSB0,
    output DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9, DOB8, DOB7, DOB6, DOB5, DOB4, DOB3, DOB2, DOB1, DOB0
);
    parameter DATA_WIDTH_A = 18;
    parameter DATA_WIDTH_B = 18;
    parameter REGMODE_A = "NOREG";
    parameter REGMODE_B = "NOREG";
    parameter RESETMODE = "SYNC";
    parameter ASYNC_RESET_RELEASE = "SYNC";
    parameter CSDECODE_A = "0b000";
    parameter CSDECODE_B = "0b000";
    parameter WRITEMODE_A = "NORMAL";
    parameter WRITEMODE_B = "NORMAL";
    parameter CLKAMUX = "CLKA";
    parameter CLKBMUX = "CLKB";
    parameter GSR = "ENABLED";
    parameter INITVAL_00 = 320'h0;
    parameter INITVAL_01 = 320'h0;
    parameter INITVAL_02 = 320'h0;
    parameter INITVAL_03 = 320'h0;
    parameter INITVAL_04 = 320'h0;
    parameter INITVAL_05 = 320'h0;
    parameter INITVAL_06 = 320'h0;
    parameter INITVAL_07 = 320'h0;
    parameter INITVAL_08 = 320'h0;
    parameter INITVAL_09 = 320'h0;
    parameter INITVAL_0A = 320'h0;
    parameter INITVAL_0B = 320'h0;
    parameter INITVAL_0C = 320'h0;
    parameter INITVAL_0D = 320'h0;
    parameter INITVAL_0E = 320'h0;
    parameter INITVAL_0F = 320'h0;
    parameter INITVAL_10 = 320'h0;
    parameter INITVAL_11 = 320'h0;
    parameter INITVAL_12 = 320'h0;
    parameter INITVAL_13 = 320'h0;
    parameter INITVAL_14 = 320'h0;
    parameter INITVAL_15 = 320'h0;
    parameter INITVAL_16 = 320'h0;
    parameter INITVAL_17 = 320'h0;
    parameter INITVAL_18 = 320'h0;
    parameter INITVAL_19 = 320'h0;
    parameter INITVAL_1A = 320'h0;
    parameter INITVAL_1B = 320'h0;
    parameter INITVAL_1C = 320'h0;
    parameter INITVAL_1D = 320'h0;
    parameter INITVAL_1E = 320'h0;
    parameter INITVAL_1F = 320'h0;
    parameter INITVAL_20 = 320'h0;
    parameter INITVAL_21 = 320'h0;
    parameter INITVAL_22 = 320'h0;
    parameter INITVAL_23 = 320'h0;
    parameter INITVAL_24 = 320'h0;
    parameter INITVAL_25 = 320'h0;
    parameter INITVAL_26 = 320'h0;
    parameter INITVAL_27 = 320'h0;
    parameter INITVAL_28 = 320'h0;
    parameter INITVAL_29 = 320'h0;
    parameter INITVAL_2A = 320'h0;
    parameter INITVAL_2B = 320'h0;
    parameter INITVAL_2C = 320'h0;
    parameter INITVAL_2D = 320'h0;
    parameter INITVAL_2E = 320'h0;
    parameter INITVAL_2F = 320'h0;
    parameter INITVAL_30 = 320'h0;
    parameter INITVAL_31 = 320'h0;
    parameter INITVAL_32 = 320'h0;
    parameter INITVAL_33 = 320'h0;
    parameter INITVAL_34 = 320'h0;
    parameter INITVAL_35 = 320'h0;
    parameter INITVAL_36 = 320'h0;
    parameter INITVAL_37 = 320'h0;
    parameter INITVAL_38 = 320'h0;
    parameter INITVAL_39 = 320'h0;
    parameter INITVAL_3A = 320'h0;
    parameter INITVAL_3B = 320'h0;
    parameter INITVAL_3C = 320'h0;
    parameter INITVAL_3D = 320'h0;
    parameter INITVAL_3E = 320'h0;
    parameter INITVAL_3F = 320'h0;
    localparam [20479:0] INIT = {INITVAL_3F, INITVAL_3E, INITVAL_3D, INITVAL_3C, INITVAL_3B, INITVAL_3A, INITVAL_39, INITVAL_38, INITVAL_37, INITVAL_36, INITVAL_35, INITVAL_34, INITVAL_33, INITVAL_32, INITVAL_31, INITVAL_30, INITVAL_2F, INITVAL_2E, INITVAL_2D, INITVAL_2C, INITVAL_2B, INITVAL_2A, INITVAL_29, INITVAL_28, INITVAL_27, INITVAL_26, INITVAL_25, INITVAL_24, INITVAL_23, INITVAL_22, INITVAL_21, INITVAL_20, INITVAL_1F, INITVAL_1E, INITVAL_1D, INITVAL_1C, INITVAL_1B, INITVAL_1A, INITVAL_19, INITVAL_18, INITVAL_17, INITVAL_16, INITVAL_15, INITVAL_14, INITVAL_13, INITVAL_12, INITVAL_11, INITVAL_10, INITVAL_0F, INITVAL_0E, INITVAL_0D, INITVAL_0C, INITVAL_0B, INITVAL_0A, INITVAL_09, INITVAL_08, INITVAL_07, INITVAL_06, INITVAL_05, INITVAL_04, INITVAL_03, INITVAL_02, INITVAL_01, INITVAL_00};

    wire [17:0] dia = {DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9, DIA8, DIA7, DIA6, DIA5, DIA4, DIA3, DIA2, DIA1, DIA0};
    wire [17:0] dib = {DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9, DIB8, DIB7, DIB6, DIB5, DIB4, DIB3, DIB2, DIB1, DIB0};
    wire [13:0] ada = {ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5, ADA4, ADA3, ADA2, ADA1, ADA0};
    wire [13:0] adb = {ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5, ADB4, ADB3, ADB2, ADB1, ADB0};
    reg [17:0] doa = 18'd0, dob = 18'd0;
    assign {DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9, DOA8, DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0} = doa;
    assign {DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9, DOB8, DOB7, DOB6, DOB5, DOB4, DOB3, DOB2, DOB1, DOB0} = dob;

    reg [17:0] mem [0:1023];
    integer r;
    initial begin
        for (r = 0; r < 1024; r = r + 1)
            mem[r] = INIT[(r / 16) * 320 + (r % 16) * 20 +: 18];
        if (REGMODE_A != "NOREG" || REGMODE_B != "NOREG" || CLKAMUX != "CLKA" || CLKBMUX != "CLKB"
                || CSDECODE_A != "0b000" || CSDECODE_B != "0b000"
                || !((DATA_WIDTH_A == 36 && DATA_WIDTH_B == 36)
                     || ((DATA_WIDTH_A == 9 || DATA_WIDTH_A == 18)
                         && (DATA_WIDTH_B == 9 || DATA_WIDTH_B == 18)))) begin
            $display("DP16KD model: configuration not modelled (widths %0d/%0d, %s/%s)",
                     DATA_WIDTH_A, DATA_WIDTH_B, REGMODE_A, REGMODE_B);
            $finish(1);
        end
    end
    wire csa = {CSA2, CSA1, CSA0} == 3'b000;
    wire csb = {CSB2, CSB1, CSB0} == 3'b000;
    localparam PDP = DATA_WIDTH_A == 36;

    // a port's word at an address: 9 bits at AD[13:3] or 18 bits at AD[13:4]
    function [17:0] word(input integer width, input [13:0] ad);
        word = width == 9 ? (ad[3] ? mem[ad[13:4]][17:9] : mem[ad[13:4]][8:0]) : mem[ad[13:4]];
    endfunction
    // the row a write leaves: 9 bits in the half AD[3], or the bytes AD[1:0] of 18 bits
    function [17:0] written(input integer width, input [13:0] ad, input [17:0] di);
        written = mem[ad[13:4]];
        if (width == 9) begin
            if (ad[3]) written[17:9] = di[8:0];
            else written[8:0] = di[8:0];
        end else begin
            if (ad[0]) written[8:0] = di[8:0];
            if (ad[1]) written[17:9] = di[17:9];
        end
    endfunction
    function [17:0] merged(input [17:0] row, input [1:0] bytes, input [17:0] di);
        merged = {bytes[1] ? di[17:9] : row[17:9], bytes[0] ? di[8:0] : row[8:0]};
    endfunction

    // writes are non-blocking: every read at an edge, on either port, sees the array as it
    // was before the edge; a 36-bit word is rows 2w (DIA, DOA) and 2w+1 (DIB, DOB)
    // a read reset zeroes the output at the clock (SYNC, and then blocks the port's write) or
    // at once and for as long as it lasts (ASYNC)
    wire rsta = RSTA, rstb = RSTB;
    wire blocka = RESETMODE == "SYNC" && RSTA, blockb = RESETMODE == "SYNC" && RSTB;
    wire [17:0] new_a = written(DATA_WIDTH_A, ada, dia);
    wire [17:0] new_b = written(DATA_WIDTH_B, adb, dib);
    always @(posedge CLKA) if ($realtime != 0) begin
        if (CEA && csa && !PDP) begin
            if (WEA && !blocka) mem[ada[13:4]] <= new_a;
            if (rsta) doa <= 18'd0;
            else if (!WEA || WRITEMODE_A == "READBEFOREWRITE") doa <= word(DATA_WIDTH_A, ada);
            else if (WRITEMODE_A == "WRITETHROUGH")
                doa <= DATA_WIDTH_A == 9 ? {9'd0, dia[8:0]} : new_a;
        end else if (CEA && csa && PDP && WEA) begin
            mem[{ada[13:5], 1'b0}] <= merged(mem[{ada[13:5], 1'b0}], ada[1:0], dia);
            mem[{ada[13:5], 1'b1}] <= merged(mem[{ada[13:5], 1'b1}], ada[3:2], dib);
        end else if (rsta && !PDP) doa <= 18'd0;
    end
    always @(posedge CLKB) if ($realtime != 0) begin
        if (CEB && csb && !PDP) begin
            if (WEB && !blockb) mem[adb[13:4]] <= new_b;
            if (rstb) dob <= 18'd0;
            else if (!WEB || WRITEMODE_B == "READBEFOREWRITE") dob <= word(DATA_WIDTH_B, adb);
            else if (WRITEMODE_B == "WRITETHROUGH")
                dob <= DATA_WIDTH_B == 9 ? {9'd0, dib[8:0]} : new_b;
        end else if (CEB && csb && PDP) begin
            if (rstb) {dob, doa} <= 36'd0;
            else {dob, doa} <= {mem[{adb[13:5], 1'b1}], mem[{adb[13:5], 1'b0}]};
        end else if (rstb) begin
            dob <= 18'd0;
            if (PDP) doa <= 18'd0;
        end
    end
    // an asynchronous read reset clears the output at once
    always @(posedge RSTA) if (RESETMODE == "ASYNC" && !PDP) doa <= 18'd0;
    always @(posedge RSTB) if (RESETMODE == "ASYNC") begin dob <= 18'd0; if (PDP) doa <= 18'd0; end
endmodule
