// Formal wrapper of holdem_console (players=2): the terminal's privacy. The program reads the
// table only through LOAD (acc <- the window's data at addr, in the step TE_LOAD2), and every
// character it sends comes from acc, the seat register, a key's echo, or its ROMs; the only
// window slots that hold hole cards are the probe's hole group (pokerhdl/games/holdem/probe.py)
// and the rank words tell about them; so a hole card can reach the UART only through a LOAD
// of a hole-card address (0x20 + 2 seat + i) or a word (0x38 + seat). Properties:
//   HOLE   a LOAD of seat s's hole card happens only in the answer to a request that entitles
//          s: the h key (or the left button) while s is the seat to act; s<n><Enter> with n
//          == s (the number typed) while a hand is being bet (golden terminal: how a server,
//          the table's only party on the UART, gives each player its cards); or the answer of
//          a command accepted (result OK) that ended the hand at a showdown that s reached
//          (its rank word nonzero: it had not folded). The data loaded is s's card (the probe
//          decodes the address right), and the hole group's slots past seat N-1 give 0.
//   WORD   a rank word is loaded only in the answer of such a command (a showdown).
// The request is the wrapper's own reading of the keys and buttons taken (golden terminal:
// keys folded to lower case, b/r/s/o/i take digits and Enter, h/f/k/c/a/d/n/t answer at once,
// a digit-less or broken number is a bad number; the center and right buttons are commands,
// the left one is h), and the seat typed is its own sum of the digits: not the engine's.
//
// Start: the console's state after its boot answer (the banner and the table: 2,461 clocks
// that take no input; pokerhdl.flow.formal.start_state runs them with Icarus from reset and
// gives the registers the values they end with); rst is held low from there (the one
// assumption). The boot's own text is the table's, the t answer's, covered from there.
// Cut points (the proof's script): the receiver's byte and valid (free key bytes, any clock,
// no serial frames), the transmitter's ready (any flow control), the showdown's rank words and
// the deck verdict. The deck, the switches, the buttons and the probe address are free.
// Not covered: the board's own probe port (probe_addr/probe_data: every register, by design,
// not the UART); the probe's other groups are read, not proved, to hold no card.
//
// k-induction: the properties alone are not inductive (an arbitrary state may sit in the s
// answer with any seat), so the wrapper also asserts, for each stretch of the program that
// leads to a hole-card LOAD or a word, what holds there (region_ok: the request, the seat,
// at each jump the value just loaded); the fetch pipeline and the step against the
// instruction; the engine's number entry against the wrapper's reading of the keys; the
// table idle while no UI command is under way. The program's addresses are its labels
// (defines of the proof, pokerhdl.flow.formal.console_program_defines).
module holdem_console_privacy (
    input clk, input rst, input rxd, input [15:0] sw, input btn_act, input btn_up,
    input btn_down, input btn_reveal, input btn_deal, input [5:0] s_axis_tdata,
    input s_axis_tvalid, input [7:0] probe_addr);
    localparam N = 2, W = 6;
    localparam [7:0] P_HOLE = 8'h20, P_WORD = 8'h38;
    localparam NO_SEAT = 7, BETTING = 1, HT_IDLE = 0, HT_SETTLING = 10, HT_WAIT = 23,
               HS_IDLE = 0, HC_IDLE = 0, HC_OFFER = 1, HC_RESULT = 2, HC_SETTLE = 3;
    localparam K_NUMBER = 2, K_IGNORE = 3;      // the intake's kinds of a key
    // op codes (pokerhdl.rtl.terminal.program OPS), LOAD's own-register mode
    localparam I_STR = 2, I_LOAD = 3, I_NUM = 4, I_PRINT = 5, I_JEQ = 7, I_JNE = 8, I_JBIT = 9,
               I_OUT = 14, M_OWN = 3;
    // the engine's steps (pokerhdl.rtl.terminal.sequencer STEPS, in order)
    localparam TE_IDLE = 0, TE_KEY = 1, TE_DIGIT1 = 2, TE_DIGIT2 = 3, TE_SEND = 4,
               TE_FETCH = 5, TE_EXEC = 6, TE_LOAD1 = 7, TE_LOAD2 = 8, TE_STRI = 9,
               TE_STRF = 10, TE_STRC = 11, TE_NUMW = 12, TE_NUMD = 13, TE_GLYPH = 14,
               TE_OUTW = 15, TE_JUMP = 16, TE_DECODE = 17, TE_STRW = 18, TE_KEYW = 19;
    // the wrapper's reading of the request being answered
    localparam R_NONE = 0, R_HOLE = 1, R_SEAT = 2, R_CMD = 3, R_TABLE = 4, R_OTHER = 5;

    wire txd, s_axis_tready, deck_request, busy, key_event, hand_done, game_over;
    wire [23:0] probe_data;
    wire [15:0] led;
    wire [W-1:0] disp_value;
    // taps: the engine
    wire [4:0] te, resume;
    wire [8:0] pc, ret, typing_entry;
    wire [2:0] seat;
    wire [23:0] acc, data;
    wire [7:0] addr, key;
    wire typing_on, have_digit, rx_valid, intake_digit, intake_enter;
    wire [W-1:0] number;
    wire [8:0] intake_entry, target;
    wire [3:0] op;
    wire [1:0] mode;
    wire [7:0] arg;
    wire [22:0] instr, instr_d;
    wire [1:0] intake_kind;
    wire [7:0] intake_key;
    wire [3:0] digit_value;
    wire [W+3:0] product;
    // taps: the UI's command and the table
    wire [1:0] command, phase;
    wire [3:0] res_q, hs;
    wire cmd_valid_q, showed, st_start, st_clear, res_valid, idle;
    wire [4:0] table_state;
    wire [2:0] to_act;
    wire [23:0] word0, word1;
    wire [5:0] h00, h01, h10, h11;
    holdem_console dut (.clk(clk), .rst(rst), .rxd(rxd), .txd(txd), .sw(sw), .btn_act(btn_act),
        .btn_up(btn_up), .btn_down(btn_down), .btn_reveal(btn_reveal), .btn_deal(btn_deal),
        .s_axis_tdata(s_axis_tdata), .s_axis_tvalid(s_axis_tvalid),
        .s_axis_tready(s_axis_tready), .deck_request(deck_request), .probe_addr(probe_addr),
        .probe_data(probe_data), .led(led), .disp_value(disp_value), .busy(busy),
        .key_event(key_event), .hand_done(hand_done), .game_over(game_over),
        .formal_holdem_ui0_terminal0_state(te), .formal_holdem_ui0_terminal0_resume(resume),
        .formal_holdem_ui0_terminal0_fetch_pc(pc), .formal_holdem_ui0_terminal0_ret(ret),
        .formal_holdem_ui0_terminal0_registers_seat(seat),
        .formal_holdem_ui0_terminal0_registers_acc(acc),
        .formal_holdem_ui0_terminal0_registers_addr(addr),
        .formal_holdem_ui0_terminal0_bus_data(data),
        .formal_holdem_ui0_terminal0_typing_on(typing_on),
        .formal_holdem_ui0_terminal0_typing_have_digit(have_digit),
        .formal_holdem_ui0_terminal0_typing_entry(typing_entry),
        .formal_holdem_ui0_terminal0_typing_number(number),
        .formal_holdem_ui0_terminal0_rx_valid(rx_valid),
        .formal_holdem_ui0_terminal0_rx_data(key),
        .formal_holdem_ui0_terminal0_intake_key(intake_key),
        .formal_holdem_ui0_terminal0_fetch_op(op),
        .formal_holdem_ui0_terminal0_fetch_mode(mode),
        .formal_holdem_ui0_terminal0_fetch_arg(arg),
        .formal_holdem_ui0_terminal0_fetch_target(target),
        .formal_holdem_ui0_terminal0_instr(instr),
        .formal_holdem_ui0_terminal0_instr_d(instr_d),
        .formal_holdem_ui0_terminal0_idle(idle),
        .formal_holdem_ui0_terminal0_intake_kind(intake_kind),
        .formal_holdem_ui0_terminal0_intake_entry(intake_entry),
        .formal_holdem_ui0_terminal0_intake_digit(intake_digit),
        .formal_holdem_ui0_terminal0_intake_enter(intake_enter),
        .formal_holdem_ui0_terminal0_digit_value(digit_value),
        .formal_holdem_ui0_terminal0_product(product),
        .formal_holdem_ui0_command(command), .formal_holdem_ui0_res_q(res_q),
        .formal_holdem_ui0_cmd_valid_q(cmd_valid_q),
        .formal_holdem_table0_command_res_valid_q(res_valid),
        .formal_holdem_table0_state(table_state),
        .formal_holdem_table0_holdem_settle0_state(hs),
        .formal_holdem_table0_hand_st_start(st_start),
        .formal_holdem_table0_hand_st_clear(st_clear),
        .formal_holdem_table0_hand_to_act(to_act), .formal_holdem_table0_hand_phase(phase),
        .formal_holdem_table0_hand_showed(showed),
        .formal_holdem_table0_words_0(word0), .formal_holdem_table0_words_1(word1),
        .formal_holdem_table0_hand_hole0_0(h00), .formal_holdem_table0_hand_hole0_1(h01),
        .formal_holdem_table0_hand_hole1_0(h10), .formal_holdem_table0_hand_hole1_1(h11));

    always @(*) assume (!rst);          // started after the boot (see the head comment)

    // ---------------------------------------------------------------- the request
    // taken in TE_IDLE: a byte (rx_valid) before a press; a press only while no number is
    // being typed. w_key and was_* keep the byte and the typing state before it for the
    // engine's decoding steps (TE_KEYW, TE_KEY, TE_DIGIT1, TE_DIGIT2).
    reg [2:0] req = R_NONE;
    reg w_typing = 0, w_digit = 0, was_typing = 0, was_digit = 0;
    reg [W-1:0] w_number = 0, was_number = 0;
    reg [7:0] w_key = 0;
    wire [7:0] low = (key >= "A" && key <= "Z") ? key + 8'd32 : key;
    wire is_digit = low >= "0" && low <= "9";
    wire [W+4:0] typed = w_number * 10 + (low - "0");
    always @(posedge clk) if (te == TE_IDLE) begin
        if (rx_valid) begin
            w_key <= low;
            was_typing <= w_typing;
            was_number <= w_number;
            was_digit <= w_digit;
            if (w_typing) begin
                if (is_digit) begin
                    w_digit <= 1;
                    w_number <= typed >= (1 << W) ? (1 << W) - 1 : typed;
                end else begin
                    w_typing <= 0;
                    if (!((low == 8'd13 || low == 8'd10) && w_digit)) req <= R_OTHER;
                end
            end else begin
                w_digit <= 0;
                w_number <= 0;
                w_typing <= low == "b" || low == "r" || low == "s" || low == "o" || low == "i";
                case (low)
                    "h": req <= R_HOLE;
                    "s": req <= R_SEAT;
                    "b", "r", "f", "k", "c", "a", "d", "n", "o", "i": req <= R_CMD;
                    "t": req <= R_TABLE;
                    default: req <= R_OTHER;
                endcase
            end
        end else if ((btn_act || btn_deal || btn_reveal) && !w_typing) begin
            req <= (btn_act || btn_deal) ? R_CMD : R_HOLE;
        end
    end
    // the byte being decoded (w_key, folded): a number key, a digit, Enter
    wire key_number = w_key == "b" || w_key == "r" || w_key == "s" || w_key == "o" ||
                      w_key == "i";
    wire key_digit = w_key >= "0" && w_key <= "9";
    wire key_enter = w_key == 8'd13 || w_key == 8'd10;
    // the entry a key runs (golden terminal KEYS; anything else is the unknown key's)
    wire [8:0] entry_of_key =
        w_key == "h" ? `E_HOLE : w_key == "s" ? `E_SEAT : w_key == "d" ? `E_DEAL :
        w_key == "n" ? `E_NEW_GAME : w_key == "t" ? `E_TABLE :
        (w_key == "o" || w_key == "i") ? `E_SIT :
        (w_key == "b" || w_key == "r" || w_key == "f" || w_key == "k" || w_key == "c" ||
         w_key == "a") ? `E_ACT : `E_UNKNOWN;
    wire [7:0] intake_low = (intake_key >= "A" && intake_key <= "Z") ? intake_key + 8'd32 :
                            intake_key;

    // ---------------------------------------------------------------- entitlements
    wire [23:0] word_of_seat = seat[0] ? word1 : word0;
    // the showdown a command's answer shows: accepted, the hand over, its hands shown
    wire showdown_answer = req == R_CMD && res_q == 0 && phase != BETTING && showed;
    function seat_ok(input [2:0] s);           // h / s<n>: the seat whose cards are asked for
        seat_ok = s < N && ((req == R_HOLE && s == to_act) ||
                            (req == R_SEAT && s == w_number && phase == BETTING));
    endfunction
    function card_ok(input [2:0] s);
        card_ok = seat_ok(s) || (showdown_answer && s < N && (s[0] ? word1 : word0) != 0);
    endfunction
    // what holds while the program is at address x (the seat, acc: the engine's now)
    function region_ok(input [8:0] x);
        region_ok = 1;
        if (x >= `E_ACT && x < `E_HOLE) region_ok = req == R_CMD;
        if (x >= `E_HOLE && x < `E_HOLE + 2) region_ok = req == R_HOLE;
        if (x == `E_HOLE + 1) region_ok = region_ok && acc == to_act;
        if (x >= `E_SEAT && x < `SEAT_CARDS) region_ok = req == R_SEAT && number == w_number;
        if (x == `E_SEAT + 1) region_ok = region_ok && acc == phase;
        if (x >= `E_SEAT + 2 && x < `SEAT_CARDS) region_ok = region_ok && phase == BETTING;
        if (x >= `E_SEAT + 3 && x < `SEAT_CARDS) region_ok = region_ok && acc == number;
        if (x == `SEAT_CARDS) region_ok = seat_ok(acc[2:0]) && acc < 8;
        if (x > `SEAT_CARDS && x < `RESULT) region_ok = seat_ok(seat);
        if (x >= `RESULT && x < `RES_OK) region_ok = req == R_CMD;
        if (x == `RESULT + 1) region_ok = region_ok && acc == res_q;
        if (x >= `RES_OK && x < `HAND_END) region_ok = req == R_CMD && res_q == 0;
        if (x >= `HAND_END && x < `PAYOUTS)
            region_ok = req == R_CMD && res_q == 0 && phase != BETTING;
        if (x == `HAND_END + 1) region_ok = region_ok && acc == showed;
        if (x >= `HAND_END + 2 && x < `PAYOUTS) region_ok = region_ok && showed;
        // each seat's SET s, CALL shown_hand: at the CALL, seat s
        if (x >= `HAND_END + 3 && x < `PAYOUTS && (x - `HAND_END) % 2 == 1)
            region_ok = region_ok && seat == (x - `HAND_END - 3) / 2;
        if (x >= `SHOWN_HAND) region_ok = showdown_answer && seat < N;
        if (x == `SHOWN_HAND + 1) region_ok = region_ok && acc == word_of_seat;
        if (x >= `SHOWN_HAND + 2 && x < `SHOWN_END)
            region_ok = region_ok && word_of_seat != 0;
    endfunction
    // the engine is running the program (not taking a key, echoing it, or idle)
    wire running = !(te == TE_IDLE || te == TE_KEYW || te == TE_KEY || te == TE_DIGIT1 ||
                     te == TE_DIGIT2 || (te == TE_SEND && resume == TE_IDLE));

    wire [7:0] slot = addr - P_HOLE;
    // slot = 2 seat + i: card i (hole0, hole1) of the seat; no seat past N-1
    wire [5:0] card = slot[3:2] != 0 ? 6'd0 : slot[0] ? (slot[1] ? h11 : h10) :
                      (slot[1] ? h01 : h00);
    always @(*) if (!rst) begin
        // ------------------------------------------------------------ HOLE, WORD
        if (te == TE_LOAD2 && addr >= P_HOLE && addr < P_HOLE + 16) begin
            if (addr < P_HOLE + 2 * N) assert (card_ok(slot[3:1]));
            assert (data == {18'b0, card});     // the addressed card; no card past seat N-1
        end
        if (te == TE_LOAD2 && addr >= P_WORD && addr < P_WORD + N) assert (showdown_answer);

        // ------------------------------------------------------------ INV: the program
        if (running) begin
            assert (pc < `PROG_END && region_ok(pc));
            // a RET ahead (Enter's, or a subroutine's): where it goes is as safe
            if ((pc >= `E_ENTER && pc < `E_ENTER + 2) || pc >= `SUBROUTINES)
                assert (region_ok(ret));
            // in a subroutine, ret is the address after one of the program's CALLs
            if (pc >= `SUBROUTINES) assert (`CALL_RETS >> ret & 1);
            // the instruction fetched: the ROM's word at pc is registered twice (instr, then
            // its fields); pc moves only into TE_FETCH, or into TE_SEND after a CHAR
            if (te != TE_FETCH && te != TE_SEND) assert (instr == instr_d);
            if (te != TE_FETCH && te != TE_DECODE && te != TE_SEND)
                assert ({op, mode, arg, target} == instr);
            if (pc >= `E_ENTER && pc < `E_ENTER + 2)
                assert (ret == typing_entry &&
                        (typing_entry == `E_SEAT && req == R_SEAT && number == w_number ||
                         (typing_entry == `E_ACT || typing_entry == `E_SIT) && req == R_CMD));
            assert (!typing_on);
        end
        // the keys typed: the engine's typing state and number are the wrapper's (the engine
        // decodes a byte in TE_KEYW and TE_KEY, adds a digit in TE_DIGIT1 and TE_DIGIT2)
        if (te == TE_KEYW || te == TE_KEY) begin
            assert (typing_on == was_typing && intake_low == w_key);
            if (was_typing) assert (number == was_number && have_digit == was_digit);
        end else begin
            assert (typing_on == w_typing);
        end
        if (te == TE_KEY) begin
            // the key ROM's reading of the byte agrees with the wrapper's where it matters
            if (was_typing) begin
                assert (intake_digit == key_digit && intake_enter == key_enter);
            end else begin
                assert ((intake_kind == K_NUMBER) == key_number);
                assert ((intake_kind == K_IGNORE) == (key_enter || w_key == " "));
                if (intake_kind != K_IGNORE) assert (intake_entry == entry_of_key);
            end
        end
        if (te == TE_DIGIT1) assert (number == was_number && product == was_number * 10 &&
                                     digit_value == w_key - "0");
        if (te == TE_DIGIT2) assert (number == was_number &&
                                     product == was_number * 10 + (w_key - "0"));
        if (w_typing && te != TE_KEYW && te != TE_KEY && te != TE_DIGIT1 && te != TE_DIGIT2)
            assert (number == w_number && have_digit == w_digit &&
                    (req == R_SEAT ? typing_entry == `E_SEAT : req == R_CMD &&
                     (typing_entry == `E_ACT || typing_entry == `E_SIT)));
        // the step against the instruction it carries out
        if (te == TE_OUTW) assert (op == I_OUT);
        if (te == TE_STRI || te == TE_STRF || te == TE_STRW || te == TE_STRC ||
            (te == TE_SEND && resume == TE_STRF)) assert (op == I_STR);
        if (te == TE_LOAD1 || te == TE_LOAD2) assert (op == I_LOAD && mode != M_OWN);
        if (te == TE_NUMW || te == TE_NUMD || (te == TE_SEND && resume == TE_NUMD))
            assert (op == I_NUM);
        if (te == TE_GLYPH || (te == TE_SEND && resume == TE_GLYPH)) assert (op == I_PRINT);
        if (te == TE_JUMP) assert (op == I_JEQ || op == I_JNE || op == I_JBIT);
        // where a character's send returns: the idle step (a key's echo) or the program; back
        // to TE_FETCH only after a CHAR or a PRINT's last character (pc already on the next)
        assert (resume == TE_IDLE || resume == TE_FETCH || resume == TE_STRF ||
                resume == TE_NUMD || resume == TE_GLYPH);
        if (te == TE_SEND && resume == TE_FETCH) assert (`AFTER_CHAR >> pc & 1);
        assert (idle == (te == TE_IDLE));   // busy: the probe window is the engine's

        // ------------------------------------------------------------ INV: the table
        // a table command only from the act, deal, new game and sit OUTs; the UI's command offered
        // (the table idle takes it), its result awaited (the table busy, or idle with the
        // result out), settled; without one the table is idle and holds still (its registers
        // change only in its other steps, the settlement's only while it settles)
        if (command != HC_IDLE)
            assert (te == TE_OUTW && (pc == `E_ACT + 2 || pc == `E_DEAL || pc == `E_NEW_GAME ||
                                      pc == `SIT_OUT));
        assert (cmd_valid_q == (command == HC_OFFER));
        if (command == HC_IDLE || command == HC_OFFER || command == HC_SETTLE)
            assert (table_state == HT_IDLE);
        if (command == HC_RESULT && table_state == HT_IDLE) assert (res_valid);
        if (command != HC_RESULT) assert (!res_valid);
        if (hs != HS_IDLE || st_start) assert (table_state == HT_SETTLING);
        if (st_clear) assert (table_state == HT_WAIT);
        assert (to_act < N || to_act == NO_SEAT);
        assert (phase <= 2);
    end

    // witnesses (sby mode cover): a seat's cards asked for and loaded
    always @(posedge clk) if (!rst)
        cover (te == TE_LOAD2 && addr >= P_HOLE && addr < P_HOLE + 2 * N);
endmodule
