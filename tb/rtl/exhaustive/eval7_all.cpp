// Every seven-card hand through the generated eval7 (Verilator model), one hand per clock.
//
// Prints one line per category, "category <n> <count>", then "hands <n>", "invalid <n>" and
// "distinct <n>" (distinct rank words seen); tb/rtl/test_eval7_exhaustive.py compares them with
// docs/spec.md's table (and 4,824 distinct words, the number of 7-card hand classes).
// Exit status 0 unless the pipeline misbehaves (an answer without a hand, or hands missing).
// An optional argument N stops after N hands (a quick smoke run).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "Veval7.h"
#include "clocked.h"
#include "verilated.h"

namespace {

struct Tally {
    uint64_t category[16] = {};
    uint64_t answers = 0;
    uint64_t invalid = 0;
    std::vector<uint8_t> seen = std::vector<uint8_t>(1u << 24, 0);

    // an answer, after a rising edge with out_valid high
    void operator()(Veval7& dut) {
        ++answers;
        if (dut.invalid) ++invalid;
        ++category[(dut.word >> 20) & 15];
        seen[dut.word & 0xffffff] = 1;
    }
};

}  // namespace

int main(int argc, char** argv) {
    auto context = std::make_unique<VerilatedContext>();
    context->commandArgs(argc, argv);
    auto dut = std::make_unique<Veval7>(context.get());
    Tally tally;

    reset_then_stream(*dut, tally);

    const uint64_t limit = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : UINT64_MAX;
    uint64_t hands = 0;
    for (int a = 0; a < 52; ++a)
    for (int b = a + 1; b < 52; ++b)
    for (int c = b + 1; c < 52; ++c)
    for (int d = c + 1; d < 52; ++d)
    for (int e = d + 1; e < 52; ++e)
    for (int f = e + 1; f < 52; ++f)
    for (int g = f + 1; g < 52 && hands < limit; ++g) {
        // rotate the slots so that every slot sees every card
        const int hand[7] = {a, b, c, d, e, f, g};
        const int r = static_cast<int>(hands % 7);
        dut->card0 = hand[r];
        dut->card1 = hand[(r + 1) % 7];
        dut->card2 = hand[(r + 2) % 7];
        dut->card3 = hand[(r + 3) % 7];
        dut->card4 = hand[(r + 4) % 7];
        dut->card5 = hand[(r + 5) % 7];
        dut->card6 = hand[(r + 6) % 7];
        clock(*dut, tally);
        ++hands;
    }
    drain(*dut, tally);

    uint64_t distinct = 0;
    for (uint8_t s : tally.seen) distinct += s;
    for (int k = 0; k < 16; ++k)
        if (tally.category[k]) std::printf("category %d %llu\n", k,
                                           static_cast<unsigned long long>(tally.category[k]));
    std::printf("hands %llu\nanswers %llu\ninvalid %llu\ndistinct %llu\n",
                static_cast<unsigned long long>(hands),
                static_cast<unsigned long long>(tally.answers),
                static_cast<unsigned long long>(tally.invalid),
                static_cast<unsigned long long>(distinct));
    dut->final();
    return tally.answers == hands ? 0 : 1;
}
