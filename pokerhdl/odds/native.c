/* The equity engine's Monte Carlo loop in C: the same counts as golden/equity.py's
 * monte_carlo (and golden/fast_equity.py's), at tens of millions of trials a second.
 *
 * Python (pokerhdl/odds/native.py) hands over the evaluator's lookup tables (built by
 * golden/fast_rank.py from rank7), the setup and each slot stream's starting state; this file
 * only deals, ranks and counts, exactly as golden/equity_deal.py and golden/fast_rank.py say:
 *   - a dealt slot of a lane: one xorshift128 word per trial, the first masked 6-bit field below
 *     n not taken by an earlier slot of the trial (golden.equity_deal.slot_position) is a
 *     position among the n remaining cards; a slot with none voids the trial;
 *   - a hand's word: the sum of its cards' 64-bit keys finds it in the rank hash, unless a suit
 *     counter shows five or more cards of one suit: then the flush suit's rank mask indexes
 *     by_flush;
 *   - the best word wins; a k-way tie gives each of its players 2520 / k units.
 */

#include <stdint.h>
#include <string.h>

#define RANK_SHIFT 16
#define HASH_BITS 9
#define FLUSH_BITS 0x8888ULL
#define FIELDS 5
#define FIELD_BITS 6
#define TIE_UNITS 2520
#define MAX_PLAYERS 10

typedef struct {
    const uint64_t *card_keys;      /* [52] */
    const uint64_t *first_keys;     /* [52]: a hand's first card, with the suit counters' start */
    const uint64_t *flush_bit;      /* [52]: the bit 3 of the card's suit counter */
    const uint16_t *rank_bit;       /* [52] */
    const uint32_t *displace;       /* the rank hash (golden/fast_rank.py RankHash) */
    const uint32_t *by_ranks;       /* its words */
    const uint32_t *by_flush;       /* [8192] */
    const uint8_t *mask_rom;        /* [64] */
} tables_t;

static inline uint32_t next_word(uint32_t *s)
{
    uint32_t t = s[0] ^ (s[0] << 11);
    s[0] = s[1];
    s[1] = s[2];
    s[2] = s[3];
    s[3] = s[3] ^ (s[3] >> 19) ^ t ^ (t >> 8);
    return s[3];
}

static inline int slot_position(uint32_t word, uint32_t mask, int n, const int8_t *taken,
                                int earlier)
{
    /* the first masked field below n that no earlier slot of the trial took */
    for (int f = 0; f < FIELDS; f++) {
        int p = (int)((word >> (FIELD_BITS * f)) & mask), free = p < n;
        for (int i = 0; i < earlier && free; i++)
            free = taken[i] != p;
        if (free)
            return p;
    }
    return -1;
}

static inline uint32_t rank7(const tables_t *tb, uint64_t board_total, const uint8_t *board,
                             int board_cards, uint8_t a, uint8_t b)
{
    uint64_t total = board_total + tb->card_keys[a] + tb->card_keys[b];
    uint64_t flush = total & FLUSH_BITS;
    if (!flush) {
        uint64_t key = total >> RANK_SHIFT;
        return tb->by_ranks[(key & ((1u << HASH_BITS) - 1)) + tb->displace[key >> HASH_BITS]];
    }
    uint32_t mask = 0;
    for (int i = 0; i < board_cards; i++)
        if (tb->flush_bit[board[i]] & flush)
            mask |= tb->rank_bit[board[i]];
    if (tb->flush_bit[a] & flush)
        mask |= tb->rank_bit[a];
    if (tb->flush_bit[b] & flush)
        mask |= tb->rank_bit[b];
    return tb->by_flush[mask];
}

/* Runs `trials` trials of one lane.
 * players: hero and opponents; holes[2p], holes[2p+1]: player p's cards, 255 for a random seat
 *   (random seats take the dealt cards after the missing board cards, in seat order);
 * board[0..known_board-1]: the known board; remaining[0..n-1]: the cards a trial deals from,
 *   increasing; unknown: cards a trial deals; states[4 * unknown]: the dealt slots' xorshift128
 *   states (x, y, z, w), advanced in place;
 * wins, ties, units[players]: added to. Returns the trials dealt, void ones too. */
uint64_t equity_lane(const tables_t *tb, int players, const uint8_t *holes,
                     const uint8_t *board, int known_board, const uint8_t *remaining, int n,
                     int unknown, uint32_t *states, uint64_t trials, uint64_t *wins,
                     uint64_t *ties, uint64_t *units)
{
    uint8_t dealt[32], seven[5], hand[2 * MAX_PLAYERS];
    int8_t taken[32];
    uint32_t words[MAX_PLAYERS], mask = tb->mask_rom[n];
    int missing = 5 - known_board;
    uint64_t dealt_trials = 0;
    memcpy(seven, board, known_board);
    for (uint64_t t = 0; t < trials; ) {
        int void_trial = 0;
        dealt_trials++;
        for (int s = 0; s < unknown; s++) {
            taken[s] = (int8_t)slot_position(next_word(states + 4 * s), mask, n, taken, s);
            void_trial |= taken[s] < 0;
        }
        if (void_trial)
            continue;
        t++;
        for (int s = 0; s < unknown; s++)
            dealt[s] = remaining[taken[s]];
        memcpy(seven + known_board, dealt, missing);
        int next = missing;
        for (int p = 0; p < players; p++) {
            if (holes[2 * p] == 255) {
                hand[2 * p] = dealt[next++];
                hand[2 * p + 1] = dealt[next++];
            } else {
                hand[2 * p] = holes[2 * p];
                hand[2 * p + 1] = holes[2 * p + 1];
            }
        }
        uint64_t board_total = tb->first_keys[seven[0]];
        for (int i = 1; i < 5; i++)
            board_total += tb->card_keys[seven[i]];
        uint32_t best = 0;
        for (int p = 0; p < players; p++) {
            words[p] = rank7(tb, board_total, seven, 5, hand[2 * p], hand[2 * p + 1]);
            if (p == 0 || words[p] > best)
                best = words[p];
        }
        int winners = 0;
        for (int p = 0; p < players; p++)
            winners += words[p] == best;
        for (int p = 0; p < players; p++) {
            if (words[p] != best)
                continue;
            if (winners == 1) {
                wins[p]++;
            } else {
                ties[p]++;
                units[p] += TIE_UNITS / winners;
            }
        }
    }
    return dealt_trials;
}
