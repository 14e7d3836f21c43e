// Every seven-card hand through a generated board_eval (Verilator model) of PLAYERS players,
// each hand's word checked against the golden model's lookup tables.
//
// A seven-card set is ranked once, split into a board of five and a hole of two: the two
// cards at positions PAIRS[sum % 21] of the sorted seven (sum: of the seven codes), so every
// choice of two positions occurs. The harness walks the boards in order; for each board it
// takes every hole whose seven-card set splits onto that board, PLAYERS holes per clock (the
// board shared, as in a trial), and pads a board's last clock with NO_CARD holes, which must
// answer invalid. The board's slots rotate and the hole cards swap from trial to trial.
//
// The reference: golden/fast_rank.py's tables (built from golden rank7), read from the file
// named by argv[1] (written by tb/rtl/test_board_eval_exhaustive.py), looked up as
// pokerhdl/odds/native.c does. Prints "category <n> <count>" (the reference's words, which
// the test checks against docs/spec.md's table), "hands", "answers", "mismatches", "pads",
// "pads_wrong"; the first mismatches on stderr. An optional argv[2] N stops after N boards.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <type_traits>
#include <vector>

#include "Vboard_eval.h"
#include "clocked.h"
#include "verilated.h"

#ifndef PLAYERS
#error "compile with -DPLAYERS=<the model's players>"
#endif

namespace {

constexpr int NO_CARD = 63;
constexpr int WORD = 24;

struct Tables {
    uint64_t rank_shift, hash_bits, suit_start, flush_bits;
    std::vector<uint64_t> card_keys, flush_bit;
    std::vector<uint32_t> rank_bit, displace, by_ranks, by_flush;

    static std::vector<uint64_t> u64s(FILE* f, size_t n) {
        std::vector<uint64_t> v(n);
        if (std::fread(v.data(), 8, n, f) != n) std::exit(3);
        return v;
    }
    static std::vector<uint32_t> u32s(FILE* f, size_t n) {
        std::vector<uint32_t> v(n);
        if (std::fread(v.data(), 4, n, f) != n) std::exit(3);
        return v;
    }
    explicit Tables(const char* path) {
        FILE* f = std::fopen(path, "rb");
        if (!f) std::exit(3);
        // header: rank_shift, hash_bits, suit_start, flush_bits, len(displace), len(by_ranks)
        auto head = u64s(f, 6);
        rank_shift = head[0], hash_bits = head[1], suit_start = head[2], flush_bits = head[3];
        card_keys = u64s(f, 52);
        flush_bit = u64s(f, 52);
        rank_bit = u32s(f, 52);
        displace = u32s(f, head[4]);
        by_ranks = u32s(f, head[5]);
        by_flush = u32s(f, 8192);
        std::fclose(f);
    }
    // the word of seven cards (golden rank7 through fast_rank's lookup)
    uint32_t rank7(const int* cards) const {
        uint64_t total = suit_start;
        for (int i = 0; i < 7; ++i) total += card_keys[cards[i]];
        const uint64_t flush = total & flush_bits;
        if (!flush) {
            const uint64_t key = total >> rank_shift;
            return by_ranks[(key & ((1u << hash_bits) - 1)) + displace[key >> hash_bits]];
        }
        uint32_t mask = 0;
        for (int i = 0; i < 7; ++i)
            if (flush_bit[cards[i]] & flush) mask |= rank_bit[cards[i]];
        return by_flush[mask];
    }
};

// a field of a Verilator port (an integer up to 64 bits, or a VlWide)
template <class T>
void put(T& port, int low, int width, uint64_t value) {
    for (int b = 0; b < width; ++b) {
        const int bit = low + b;
        const uint64_t one = (value >> b) & 1;
        if constexpr (std::is_integral<T>::value) {
            port = (port & ~(T(1) << bit)) | (T(one) << bit);
        } else {
            port[bit / 32] = (port[bit / 32] & ~(1u << (bit % 32))) | (uint32_t(one) << (bit % 32));
        }
    }
}

template <class T>
uint64_t get(const T& port, int low, int width) {
    uint64_t value = 0;
    for (int b = 0; b < width; ++b) {
        const int bit = low + b;
        uint64_t one;
        if constexpr (std::is_integral<T>::value) {
            one = (uint64_t(port) >> bit) & 1;
        } else {
            one = (port[bit / 32] >> (bit % 32)) & 1;
        }
        value |= one << b;
    }
    return value;
}

struct Expected {
    int cards[PLAYERS][7];     // board as driven, then the hole (for messages)
    uint32_t word[PLAYERS];
    bool pad[PLAYERS];
};

struct Checker {
    std::vector<Expected> ring = std::vector<Expected>(64);
    uint64_t head = 0, tail = 0;       // pushed at tail when driven, popped at head
    uint64_t answers = 0, mismatches = 0, pads = 0, pads_wrong = 0, extra = 0;

    void operator()(Vboard_eval& dut) {
        if (head == tail) {
            ++extra;
            return;
        }
        const Expected& e = ring[head++ % ring.size()];
        for (int p = 0; p < PLAYERS; ++p) {
            const uint32_t word = uint32_t(get(dut.words, WORD * p, WORD));
            const bool invalid = get(dut.invalid, p, 1);
            if (e.pad[p]) {
                ++pads;
                if (!invalid || word) ++pads_wrong;
                continue;
            }
            ++answers;
            if (invalid || word != e.word[p]) {
                if (++mismatches <= 10) {
                    std::fprintf(stderr, "player %d cards", p);
                    for (int i = 0; i < 7; ++i) std::fprintf(stderr, " %d", e.cards[p][i]);
                    std::fprintf(stderr, ": got 0x%06x invalid %d, expected 0x%06x\n", word,
                                 int(invalid), e.word[p]);
                }
            }
        }
    }
};

// the 21 choices of two positions among seven
struct Pairs {
    int first[21], second[21];
    Pairs() {
        int k = 0;
        for (int i = 0; i < 7; ++i)
            for (int j = i + 1; j < 7; ++j) first[k] = i, second[k++] = j;
    }
};

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) return 2;
    const Tables tables(argv[1]);
    const uint64_t board_limit = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : UINT64_MAX;
    auto context = std::make_unique<VerilatedContext>();
    auto dut = std::make_unique<Vboard_eval>(context.get());
    Checker checker;
    const Pairs pairs;
    uint64_t category[16] = {};
    uint64_t hands = 0, trials = 0, boards = 0;

    reset_then_stream(*dut, checker);

    Expected pending{};
    int filled = 0;
    auto drive = [&](const int* board) {
        // the board's slots rotated by the trial count; pads are NO_CARD holes
        const int turn = int(trials % 5);
        for (int p = filled; p < PLAYERS; ++p) {
            pending.pad[p] = true;
            put(dut->holes, 12 * p, 12, NO_CARD | NO_CARD << 6);
        }
        dut->board0 = board[turn % 5];
        dut->board1 = board[(turn + 1) % 5];
        dut->board2 = board[(turn + 2) % 5];
        dut->board3 = board[(turn + 3) % 5];
        dut->board4 = board[(turn + 4) % 5];
        checker.ring[checker.tail++ % checker.ring.size()] = pending;
        clock(*dut, checker);
        ++trials;
        filled = 0;
        pending = Expected{};
    };

    int board[5];
    for (board[0] = 0; board[0] < 52; ++board[0])
    for (board[1] = board[0] + 1; board[1] < 52; ++board[1])
    for (board[2] = board[1] + 1; board[2] < 52; ++board[2])
    for (board[3] = board[2] + 1; board[3] < 52; ++board[3])
    for (board[4] = board[3] + 1; board[4] < 52 && boards < board_limit; ++board[4]) {
        ++boards;
        int below[52];        // board cards below each code
        int sum = 0;
        for (int c = 0, k = 0; c < 52; ++c) {
            below[c] = k;
            if (k < 5 && board[k] == c) ++k;
        }
        for (int i = 0; i < 5; ++i) sum += board[i];
        for (int a = 0; a < 52; ++a) {
            if (below[a] < 5 && board[below[a]] == a) continue;
            for (int b = a + 1; b < 52; ++b) {
                if (below[b] < 5 && board[below[b]] == b) continue;
                // positions of a and b among the sorted seven
                const int split = (sum + a + b) % 21;
                if (pairs.first[split] != below[a] || pairs.second[split] != below[b] + 1)
                    continue;
                int* seven = pending.cards[filled];
                for (int i = 0; i < 5; ++i) seven[i] = board[i];
                const bool swap = (hands / PLAYERS) % 2;
                seven[5] = swap ? b : a;
                seven[6] = swap ? a : b;
                const uint32_t word = tables.rank7(seven);
                ++category[(word >> 20) & 15];
                pending.word[filled] = word;
                pending.pad[filled] = false;
                put(dut->holes, 12 * filled, 12, uint64_t(seven[5] | seven[6] << 6));
                ++filled;
                ++hands;
                if (filled == PLAYERS) drive(board);
            }
        }
        if (filled) drive(board);
    }
    drain(*dut, checker);

    for (int k = 0; k < 16; ++k)
        if (category[k]) std::printf("category %d %llu\n", k,
                                     static_cast<unsigned long long>(category[k]));
    std::printf("hands %llu\nanswers %llu\nmismatches %llu\npads %llu\npads_wrong %llu\n"
                "extra %llu\ntrials %llu\n",
                static_cast<unsigned long long>(hands),
                static_cast<unsigned long long>(checker.answers),
                static_cast<unsigned long long>(checker.mismatches),
                static_cast<unsigned long long>(checker.pads),
                static_cast<unsigned long long>(checker.pads_wrong),
                static_cast<unsigned long long>(checker.extra),
                static_cast<unsigned long long>(trials));
    dut->final();
    return checker.answers == hands && checker.head == checker.tail ? 0 : 1;
}
