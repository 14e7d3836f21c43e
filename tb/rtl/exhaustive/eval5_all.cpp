// Every five-card hand through the generated eval5 (Verilator model), one hand per clock, in
// the order of Python's itertools.combinations(range(52), 5), the slots rotated by the hand's
// number (hand n starts at slot n % 5) so that every slot sees every card.
//
// Writes one little-endian uint32 per answer, in order, to the file argv[1]:
// word | invalid << 24 | mask << 25. tb/rtl/test_eval5_exhaustive.py compares every one with the
// golden model. Prints "hands <n>" and "answers <n>"; exit status 0 unless answers are missing.
#include <cstdint>
#include <cstdio>
#include <memory>
#include <vector>

#include "Veval5.h"
#include "clocked.h"
#include "verilated.h"

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: Veval5 ANSWERS_FILE\n");
        return 2;
    }
    auto context = std::make_unique<VerilatedContext>();
    auto dut = std::make_unique<Veval5>(context.get());
    std::vector<uint32_t> answers;
    answers.reserve(2598960);
    auto take = [&answers](Veval5& m) {
        answers.push_back((m.word & 0xffffffu) | (uint32_t(m.invalid) << 24) |
                          (uint32_t(m.mask & 31u) << 25));
    };
    reset_then_stream(*dut, take);

    uint64_t hands = 0;
    for (int a = 0; a < 52; ++a)
    for (int b = a + 1; b < 52; ++b)
    for (int c = b + 1; c < 52; ++c)
    for (int d = c + 1; d < 52; ++d)
    for (int e = d + 1; e < 52; ++e) {
        const int hand[5] = {a, b, c, d, e};
        const int r = static_cast<int>(hands % 5);
        dut->card0 = hand[r];
        dut->card1 = hand[(r + 1) % 5];
        dut->card2 = hand[(r + 2) % 5];
        dut->card3 = hand[(r + 3) % 5];
        dut->card4 = hand[(r + 4) % 5];
        clock(*dut, take);
        ++hands;
    }
    drain(*dut, take);

    FILE* out = std::fopen(argv[1], "wb");
    if (!out || std::fwrite(answers.data(), sizeof(uint32_t), answers.size(), out) !=
                    answers.size() || std::fclose(out) != 0) {
        std::fprintf(stderr, "cannot write %s\n", argv[1]);
        return 2;
    }
    std::printf("hands %llu\nanswers %llu\n", static_cast<unsigned long long>(hands),
                static_cast<unsigned long long>(answers.size()));
    dut->final();
    return answers.size() == hands ? 0 : 1;
}
