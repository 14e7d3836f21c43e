// card_codec: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/card_codec.v. card code <-> rank/suit/flags, ASCII text and 7-segment glyphs.
// Copy the declarations and the instance into your module; rename the nets.

wire [5:0] card_codec_code;
wire [3:0] card_codec_rank;
wire [1:0] card_codec_suit;
wire card_codec_valid;
wire card_codec_none;
wire card_codec_invalid;
wire [7:0] card_codec_rank_char;
wire [7:0] card_codec_suit_char;
wire [6:0] card_codec_rank_seg;
wire [6:0] card_codec_suit_seg;
wire [3:0] card_codec_rank_in;
wire [1:0] card_codec_suit_in;
wire [5:0] card_codec_code_out;
wire card_codec_code_out_valid;

card_codec card_codec_0 (
    .code           (card_codec_code),  // in [6]: card code in (rank << 2 | suit; 63 = NO_CARD)
    .rank           (card_codec_rank),  // out [4]: rank, suit: its fields
    .suit           (card_codec_suit),  // out [2]: rank, suit: its fields
    .valid          (card_codec_valid),  // out: a card 0..51
    .none           (card_codec_none),  // out: NO_CARD
    .invalid        (card_codec_invalid),  // out: 52..62 rank_char
    .rank_char      (card_codec_rank_char),  // out [8]: rank, suit: its fields
    .suit_char      (card_codec_suit_char),  // out [8]: ASCII text ('A','h'; '-','-' for NO_CARD; '?','?' if invalid)
    .rank_seg       (card_codec_rank_seg),  // out [7]: rank_seg, suit_seg: 7-segment glyphs, bit 0 = segment a, active-high r
    .suit_seg       (card_codec_suit_seg),  // out [7]: rank_seg, suit_seg: 7-segment glyphs, bit 0 = segment a, active-high r
    .rank_in        (card_codec_rank_in),  // in [4]: rank, suit: its fields
    .suit_in        (card_codec_suit_in),  // in [2]: fields in
    .code_out       (card_codec_code_out),  // out [6]: their code
    .code_out_valid (card_codec_code_out_valid)   // out: rank_in < 13
);
