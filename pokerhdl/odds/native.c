/* The equity engine's kernels in C: Monte Carlo with the counts of golden/equity/readable.py's
 * monte_carlo (and golden/equity/fast.py's), exact enumeration with those of its exact, and
 * the 7-card evaluator both rank with.
 *
 * Python (pokerhdl/odds/native.py) hands over the evaluator's tables (derived from the golden
 * ones of golden/fast_rank.py, so built by calling rank7), the setup and each slot stream's
 * starting state; this file only deals, ranks and counts, exactly as golden/equity/deal.py
 * says:
 *   - a dealt unit of a lane (golden deal_units: a slot alone, or an opponent's hand from
 *     slot 7 on) takes its words of xorshift128 per trial (golden slot_words: one, or a hand's
 *     two); a slot's position among the n remaining cards is its first masked 6-bit field
 *     below n not taken by an earlier slot of the trial (golden.equity.deal.slot_position), a
 *     hand's two are that field and the first free one after it that is another position
 *     (hand_positions); a unit with none voids the trial;
 *   - the best hand wins; a k-way tie gives each of its players 2520 / k units.
 *
 * Portable C (gcc or clang; x86-64, arm64): the hot loops are plain loops over small arrays
 * that the compiler turns into vector code where the target has it (-march=native). */

#include <stdint.h>
#include <string.h>

#define FIELDS 5
#define FIELD_BITS 6
#define TIE_UNITS 2520
#define MAX_PLAYERS 10

/* ------------------------------------------------------------------------- the evaluator
 * A hand is two 64-bit words, each the sum (or OR) of its cards' (cards are distinct):
 *   key:  the sum of the cards' rank keys (golden fast_rank.RANK_KEYS: distinct sums for every
 *         multiset of up to seven ranks) from bit 32 up, and four 4-bit suit counters below,
 *         started at 3 (SUIT_START rides on the hand's base), so bit 3 of a counter is set
 *         exactly when five or more cards share that suit;
 *   mask: the ranks held in each suit, 16 bits a suit.
 * A hand without a flush takes its class from `ranks`, a perfect hash of the rank-key sum
 * (OMPEval's and SKPokerEval's design: the sum's low HASH_BITS bits plus a displacement chosen
 * for its high bits, the golden RankHash's layout); a hand with one (one suit only, in seven
 * cards) from `flush`, indexed by the flush suit's 13 ranks: beside five suited cards the two
 * others can at most make three of a kind, so the suit alone decides the hand.
 * A class is a 16-bit number in the order of the golden rank words (equal words, equal
 * classes), so comparing classes gives golden's winners and ties; words[class] is the word.
 * The tables take 240 KB, in L2 beside the kernel's other data. Adding a card to a hand costs
 * an addition and an OR, so a board is summed once and each player's two cards added to it. */

#define HASH_BITS 9
#define SUIT_START 0x3333ULL
#define FLUSH_BITS 0x8888u

typedef struct {
    const uint64_t *card_key;       /* [52]: rank key << 32 | 1 << 4 * suit */
    const uint64_t *card_mask;      /* [52]: 1 << (16 * suit + rank) */
    const uint32_t *displace;       /* per rank-key sum >> HASH_BITS */
    const uint16_t *ranks;          /* the hash's classes */
    const uint16_t *flush;          /* [8192]: a flush suit's rank mask -> class */
    const uint32_t *words;          /* class -> golden rank word */
    const uint8_t *mask_rom;        /* [64]: n -> the field mask (golden shuffle.MASK_ROM) */
} tables_t;

static inline uint32_t hand_class(const tables_t *tb, uint64_t key, uint64_t mask)
{
    uint32_t flush = (uint32_t)key & FLUSH_BITS;
    if (__builtin_expect(flush != 0, 0))            /* about 3 % of random hands */
        return tb->flush[(mask >> (16 * (__builtin_ctz(flush) >> 2))) & 0x1fff];
    uint32_t sum = (uint32_t)(key >> 32);
    return tb->ranks[(sum & ((1u << HASH_BITS) - 1)) + tb->displace[sum >> HASH_BITS]];
}

/* The class of the seven cards h[0..6], each card's key and mask summed. */
static inline uint32_t seven_class(const tables_t *tb, const uint8_t *h)
{
    uint64_t key = SUIT_START, mask = 0;
    for (int j = 0; j < 7; j++) {
        key += tb->card_key[h[j]];
        mask |= tb->card_mask[h[j]];
    }
    return hand_class(tb, key, mask);
}

/* The golden words of n hands of seven cards (hands[7 * i ..]): for the tests and the census
 * against the golden evaluator. */
void rank7_words(const tables_t *tb, const uint8_t *hands, uint64_t n, uint32_t *out)
{
    for (uint64_t i = 0; i < n; i++) {
        out[i] = tb->words[seven_class(tb, hands + 7 * i)];
    }
}

/* The evaluator's benchmarks (bench/host.py), each returning a checksum so nothing is left out:
 *   - random: n hands of seven cards (hands[7 * i ..]) each evaluated from its cards;
 *   - sequential: all 133,784,560 seven-card hands in lexicographic order, one card added a
 *     level (as a game engine walks them); categories[9] gets the hands of each category
 *     (high card .. straight flush: the word's top bits), a check against docs/spec.md's
 *     counts.
 * `foreign` runs another evaluator's C function the same ways (phevaluator's
 * evaluate_7cards, taking seven card codes: ours with its rank and suit order), called through
 * a pointer as its library is called. */
typedef int (*foreign_t)(int, int, int, int, int, int, int);

uint64_t bench_random(const tables_t *tb, const uint8_t *hands, uint64_t n)
{
    uint64_t sum = 0;
    for (uint64_t i = 0; i < n; i++) {
        sum += seven_class(tb, hands + 7 * i);
    }
    return sum;
}

uint64_t bench_random_foreign(foreign_t evaluate, const uint8_t *hands, uint64_t n)
{
    uint64_t sum = 0;
    for (uint64_t i = 0; i < n; i++) {
        const uint8_t *h = hands + 7 * i;
        sum += (uint64_t)evaluate(h[0], h[1], h[2], h[3], h[4], h[5], h[6]);
    }
    return sum;
}

uint64_t bench_sequential(const tables_t *tb, uint64_t *categories)
{
    static __thread uint32_t kept[1 << 16];
    uint32_t *by_class = kept;
    uint64_t sum = 0;
    const uint64_t *k = tb->card_key, *m = tb->card_mask;
    memset(by_class, 0, sizeof kept);
    for (int a = 0; a < 46; a++) {
        uint64_t ka = SUIT_START + k[a], ma = m[a];
        for (int b = a + 1; b < 47; b++) {
            uint64_t kb = ka + k[b], mb = ma | m[b];
            for (int c = b + 1; c < 48; c++) {
                uint64_t kc = kb + k[c], mc = mb | m[c];
                for (int d = c + 1; d < 49; d++) {
                    uint64_t kd = kc + k[d], md = mc | m[d];
                    for (int e = d + 1; e < 50; e++) {
                        uint64_t ke = kd + k[e], me = md | m[e];
                        for (int f = e + 1; f < 51; f++) {
                            uint64_t kf = ke + k[f], mf = me | m[f];
                            for (int g = f + 1; g < 52; g++) {
                                uint32_t cls = hand_class(tb, kf + k[g], mf | m[g]);
                                by_class[cls]++;
                                sum += cls;
                            }
                        }
                    }
                }
            }
        }
    }
    for (int i = 0; i < 9; i++)
        categories[i] = 0;
    for (uint32_t cls = 0; cls < 1 << 16; cls++)
        if (by_class[cls])
            categories[tb->words[cls] >> 20] += by_class[cls];
    return sum;
}

uint64_t bench_sequential_foreign(foreign_t evaluate)
{
    uint64_t sum = 0;
    for (int a = 0; a < 46; a++)
        for (int b = a + 1; b < 47; b++)
            for (int c = b + 1; c < 48; c++)
                for (int d = c + 1; d < 49; d++)
                    for (int e = d + 1; e < 50; e++)
                        for (int f = e + 1; f < 51; f++)
                            for (int g = f + 1; g < 52; g++)
                                sum += (uint64_t)evaluate(a, b, c, d, e, f, g);
    return sum;
}

/* ------------------------------------------------------------------------- Monte Carlo
 * A lane's trials. Every dealt slot has its own xorshift128 stream; the streams are kept side
 * by side (one array per state word), so stepping every slot's stream is one loop the
 * compiler vectorises, and so is finding, for every slot, which of its fields fall below n.
 * Only the check against the positions earlier slots of the trial took (a 64-bit set) runs
 * slot after slot. Each player's hand is the board's sum plus its two cards; the players whose
 * class is the best form the trial's winner set, and a histogram of winner sets is shared out
 * into wins, ties and tie units once a call, so a trial has no branch on who won. */

#define MAX_SLOTS 24                /* 5 board + 2 x 9 opponents, rounded up to a vector */
#define VECTOR 8

typedef struct {
    uint32_t x[MAX_SLOTS], y[MAX_SLOTS], z[MAX_SLOTS], w[MAX_SLOTS];
} streams_t;

/* one word of each stream from..to-1 into out[] (streams past the dealt ones are padding) */
static inline void step_streams(streams_t *restrict st, uint32_t *restrict out, int from, int to)
{
    for (int s = from; s < to; s++) {
        uint32_t t = st->x[s] ^ (st->x[s] << 11), w = st->w[s];
        st->x[s] = st->y[s];
        st->y[s] = st->z[s];
        st->z[s] = w;
        w = w ^ (w >> 19) ^ t ^ (t >> 8);
        st->w[s] = w;
        out[s] = w;
    }
}

/* Shares a histogram of winner sets (a bit a player) out into the counts, each `weight`
 * times. */
static void share_winners(const uint64_t *by_winners, int players, uint64_t weight,
                          uint64_t *wins, uint64_t *ties, uint64_t *units)
{
    for (uint32_t set = 1; set < 1u << players; set++) {
        uint64_t n = by_winners[set] * weight;
        if (!n)
            continue;
        int count = __builtin_popcount(set);
        for (int p = 0; p < players; p++) {
            if (!(set >> p & 1))
                continue;
            if (count == 1) {
                wins[p] += n;
            } else {
                ties[p] += n;
                units[p] += n * (uint64_t)(TIE_UNITS / count);
            }
        }
    }
}

/* What a lane's trials share: the setup as sums and masks, the slots' streams. */
typedef struct {
    streams_t st;
    int players, missing, unknown, one_word, n;
    uint32_t mask;
    uint64_t pos_key[64], pos_mask[64];             /* a remaining position's card */
    uint64_t base_key, base_mask;                   /* the known board's cards */
    uint64_t player_key[MAX_PLAYERS], player_mask[MAX_PLAYERS];   /* a known hand's */
    int player_slot[MAX_PLAYERS];                   /* a random seat's first slot, else -1 */
} lane_t;

/* Each unit's first three fields below n in its first word (positions, in field order; NONE
 * where there are fewer): a loop over units the compiler vectorises. Which of them an earlier
 * slot of the trial took is left to the slot-by-slot pass; when they do not give a slot (or a
 * hand) its position, the slow way (free_field, hand_fields) reads the rest of its words.
 * NONE is position 63, never below n (n <= 52): the pass marks it taken. */
#define NONE 63

static inline void first_fields(const uint32_t *words, uint32_t *c1, uint32_t *c2,
                                uint32_t *c3, int to, uint32_t mask, uint32_t n)
{
    for (int s = 0; s < to; s++) {
        uint32_t a = NONE, b = NONE, c = NONE;
        for (int f = FIELDS - 1; f >= 0; f--) {
            uint32_t field = (words[s] >> (FIELD_BITS * f)) & mask;
            int below = field < n;
            c = below ? b : c;
            b = below ? a : b;
            a = below ? field : a;
        }
        c1[s] = a;
        c2[s] = b;
        c3[s] = c;
    }
}

/* The slow way, for a lone slot whose three candidates earlier slots took: the first field of
 * its word below n and not taken, or NONE. */
static int free_field(uint32_t word, uint32_t mask, uint32_t n, uint64_t taken)
{
    for (int f = 0; f < FIELDS; f++) {
        uint32_t p = (word >> (FIELD_BITS * f)) & mask;
        if (p < n && !(taken >> p & 1))
            return (int)p;
    }
    return NONE;            /* void */
}

/* A hand's two positions from its words (golden.equity.deal.hand_positions): the first field
 * below n and not taken, then the first after it below n, not taken and not the first;
 * 0 when there are not two. */
static int hand_fields(uint32_t first, uint32_t second, uint32_t mask, uint32_t n,
                       uint64_t taken, int *a, int *b)
{
    int found = 0;
    for (int f = 0; f < 2 * FIELDS; f++) {
        uint32_t p = ((f < FIELDS ? first : second) >> (FIELD_BITS * (f % FIELDS))) & mask;
        if (p >= n || (taken >> p & 1))
            continue;
        if (!found) {
            *a = (int)p;
            found = 1;
        } else if ((int)p != *a) {
            *b = (int)p;
            return 1;
        }
    }
    return 0;
}

/* The first slot of unit u (the slots past one_word come in hands of two). */
static inline int unit_slot(int u, int one_word)
{
    return u < one_word ? u : one_word + 2 * (u - one_word);
}

/* `trials` trials of a lane; `padded` (the units rounded up to a vector) and `two` (some
 * units take two words) are constants where this is inlined, so the loops over units unroll.
 * A unit is a slot dealt alone (the first one_word slots) or an opponent's hand (two slots):
 * unit u's stream, words and candidates are at index u, its slots' positions at pos[slot].
 * Returns the trials dealt, void ones too; the winner sets go to by_winners. */
static inline __attribute__((always_inline)) uint64_t
lane_trials(const tables_t *tables, lane_t *ln, uint64_t trials, uint64_t *by_winners,
            const int padded, const int two)
{
    const tables_t t_copy = *tables, *tb = &t_copy;     /* the table pointers in registers */
    uint32_t first[MAX_SLOTS], second[MAX_SLOTS], c1[MAX_SLOTS], c2[MAX_SLOTS], c3[MAX_SLOTS];
    int pos[MAX_SLOTS];
    uint64_t dealt_trials = 0;
    const int unknown = ln->unknown, one_word = two ? ln->one_word : unknown;
    for (uint64_t t = 0; t < trials; ) {
        dealt_trials++;
        /* every unit's words for this trial, whatever the trial turns out to be (the second
         * words: the hands') */
        step_streams(&ln->st, first, 0, padded);
        if (two)
            step_streams(&ln->st, second, one_word, padded);
        first_fields(first, c1, c2, c3, padded, ln->mask, ln->n);
        /* slot by slot: the first of its three candidates no earlier slot took, chosen without
         * a branch (which one is a coin toss in a late slot); all three taken is rare: the slow
         * way */
        uint64_t taken = 1ULL << NONE;
        int void_trial = 0;
        for (int s = 0, u = 0; s < unknown; s++, u++) {
            if (s >= one_word) {
                /* an opponent's hand (slots s, s + 1, unit u's stream): the first free field
                 * of its two words, then the first free one after it that is not the first;
                 * mostly the first word's candidates give them (c1 and c2 or c3, or c2 and
                 * c3), else hand_fields reads all ten */
                uint32_t a = c1[u], b = c2[u], c = c3[u];
                int a_free = !(taken >> a & 1), b_free = !(taken >> b & 1);
                int c_free = !(taken >> c & 1);
                int b_other = b_free & (b != a), c_other_a = c_free & (c != a);
                int c_other_b = c_free & (c != b);
                if (a_free & (b_other | c_other_a)) {
                    pos[s] = (int)a;
                    pos[s + 1] = (int)(b_other ? b : c);
                } else if (!a_free & b_free & c_other_b) {
                    pos[s] = (int)b;
                    pos[s + 1] = (int)c;
                } else if (!hand_fields(first[u], second[u], ln->mask, ln->n, taken,
                                        &pos[s], &pos[s + 1])) {
                    void_trial = 1;
                    break;
                }
                taken |= 1ULL << pos[s] | 1ULL << pos[s + 1];
                s++;
                continue;
            }
            /* the set of taken positions is the chain from slot to slot: tests and selects
             * on bits keep it a few cycles long */
            uint32_t a = c1[u], b = c2[u], c = c3[u];
            uint64_t a_bit = 1ULL << a, b_bit = 1ULL << b, c_bit = 1ULL << c;
            int a_free = !(taken & a_bit), b_free = !(taken & b_bit);
            if (__builtin_expect(!(a_free | b_free) && (taken & c_bit), 0)) {
                int p = free_field(first[u], ln->mask, ln->n, taken);
                if (p == NONE) {
                    void_trial = 1;
                    break;
                }
                c = (uint32_t)p;
                c_bit = 1ULL << p;
            }
            taken |= a_free ? a_bit : b_free ? b_bit : c_bit;
            pos[s] = (int)(a_free ? a : b_free ? b : c);
        }
        if (void_trial)
            continue;
        t++;
        uint64_t board_key = ln->base_key, board_mask = ln->base_mask;
        for (int s = 0; s < ln->missing; s++) {
            board_key += ln->pos_key[pos[s]];
            board_mask |= ln->pos_mask[pos[s]];
        }
        uint32_t cls[MAX_PLAYERS], best = 0, winners = 0;
        for (int p = 0; p < ln->players; p++) {
            uint64_t key = board_key + ln->player_key[p], mask = board_mask | ln->player_mask[p];
            int s = ln->player_slot[p];
            if (s >= 0) {
                key += ln->pos_key[pos[s]] + ln->pos_key[pos[s + 1]];
                mask |= ln->pos_mask[pos[s]] | ln->pos_mask[pos[s + 1]];
            }
            cls[p] = hand_class(tb, key, mask);
            best = cls[p] > best ? cls[p] : best;
        }
        for (int p = 0; p < ln->players; p++)
            winners |= (uint32_t)(cls[p] == best) << p;
        by_winners[winners]++;
    }
    return dealt_trials;
}

/* Runs `trials` trials of one lane.
 * players: hero and opponents; holes[2p], holes[2p+1]: player p's cards, 255 for a random seat
 *   (random seats take the dealt cards after the missing board cards, in seat order);
 * board[0..known_board-1]: the known board; remaining[0..n-1]: the cards a trial deals from,
 *   increasing; unknown: cards a trial deals; words[unknown]: the words each dealt slot takes
 *   per trial (1 or 2; the slots taking one come first, as golden slot_words gives them);
 *   states[4 * unknown]: the dealt slots' xorshift128 states (x, y, z, w), advanced in place
 *   (a hand's second slot's is never read: it stays as it was);
 * wins, ties, units[players]: added to. Returns the trials dealt, void ones too. */
uint64_t equity_lane(const tables_t *tb, int players, const uint8_t *holes,
                     const uint8_t *board, int known_board, const uint8_t *remaining, int n,
                     int unknown, const uint8_t *words, uint32_t *states, uint64_t trials,
                     uint64_t *wins, uint64_t *ties, uint64_t *units)
{
    lane_t ln;                  /* on the stack: a thread-local would cost a call an access */
    uint64_t by_winners[1 << MAX_PLAYERS], dealt;
    memset(&ln.st, 0, sizeof ln.st);
    ln.players = players;
    ln.missing = 5 - known_board;
    ln.unknown = unknown;
    ln.n = n;
    ln.mask = tb->mask_rom[n];
    ln.one_word = 0;
    for (int s = 0; s < unknown; s++)
        ln.one_word += words[s] == 1;
    /* a stream a unit: a hand's second slot has a stream of its own, which it never reads */
    const int unit_count = ln.one_word + (unknown - ln.one_word) / 2;
    for (int u = 0; u < unit_count; u++) {
        int s = unit_slot(u, ln.one_word);
        ln.st.x[u] = states[4 * s];
        ln.st.y[u] = states[4 * s + 1];
        ln.st.z[u] = states[4 * s + 2];
        ln.st.w[u] = states[4 * s + 3];
    }
    for (int p = 0; p < n; p++) {
        ln.pos_key[p] = tb->card_key[remaining[p]];
        ln.pos_mask[p] = tb->card_mask[remaining[p]];
    }
    ln.base_key = SUIT_START;
    ln.base_mask = 0;
    for (int i = 0; i < known_board; i++) {
        ln.base_key += tb->card_key[board[i]];
        ln.base_mask |= tb->card_mask[board[i]];
    }
    for (int p = 0, next = ln.missing; p < players; p++) {
        ln.player_key[p] = ln.player_mask[p] = 0;
        ln.player_slot[p] = -1;
        if (holes[2 * p] == 255) {
            ln.player_slot[p] = next;
            next += 2;
        } else {
            for (int j = 0; j < 2; j++) {
                ln.player_key[p] += tb->card_key[holes[2 * p + j]];
                ln.player_mask[p] |= tb->card_mask[holes[2 * p + j]];
            }
        }
    }
    memset(by_winners, 0, sizeof(uint64_t) << players);
    int two = ln.one_word < unknown;
    if (unit_count <= VECTOR)
        dealt = two ? lane_trials(tb, &ln, trials, by_winners, VECTOR, 1)
                    : lane_trials(tb, &ln, trials, by_winners, VECTOR, 0);
    else if (unit_count <= 2 * VECTOR)
        dealt = lane_trials(tb, &ln, trials, by_winners, 2 * VECTOR, 1);
    else
        dealt = lane_trials(tb, &ln, trials, by_winners, 3 * VECTOR, 1);
    share_winners(by_winners, players, 1, wins, ties, units);
    for (int u = 0; u < unit_count; u++) {
        int s = unit_slot(u, ln.one_word);
        states[4 * s] = ln.st.x[u];
        states[4 * s + 1] = ln.st.y[u];
        states[4 * s + 2] = ln.st.z[u];
        states[4 * s + 3] = ln.st.w[u];
    }
    return dealt;
}
/* ------------------------------------------------------------------------- exact
 * Every completion of a setup once, as golden/equity/readable.py's exact enumerates them: each missing
 * board (a combination of the remaining cards), then each way to give the random seats their
 * hands seat by seat (ordered, no card shared). Counted faster than one showdown at a time:
 *   - a board's part of every hand (its five cards' key and mask) is summed once, one card a
 *     loop level, and the known players' classes are found once a board; with no random seat
 *     the last level's loop is all a board costs (two lookups heads-up), the winner sets
 *     counted in a histogram shared out at the end;
 *   - with random seats, every two-card hand the board leaves is ranked once a board (not once
 *     a deal), and the last random seat is not dealt hand by hand: its hands are only counted
 *     as beating, tying or losing to the best word of the others, and those three counts are
 *     shared out among the players at once.
 * The work is split into `parts` parts by the first board card's position (or, with the whole
 * board known, by the first random seat's hand): part `part` takes those equal to it modulo
 * `parts`, so threads can run parts side by side. */

#define MAX_LEFT 52
#define MAX_HANDS (MAX_LEFT * (MAX_LEFT - 1) / 2)

typedef struct {
    int players, random_seats, seat_player[MAX_PLAYERS];
    int hands;
    uint64_t hand_mask[MAX_HANDS];
    uint32_t hand_word[MAX_HANDS];  /* its class on this board */
    uint64_t by_winners[1 << MAX_PLAYERS];
    uint64_t *wins, *ties, *units;
    int part, parts, split_seat;
    /* suit isomorphism: the suit permutations that leave every known hand, the known board and
     * the remaining cards (so the dead cards) as they are; a board is counted only when it is
     * the least (as a card mask) of its images, `weight` = orbit size times */
    int symmetries;
    uint8_t suit_map[24][4];
    uint64_t weight;
    uint64_t completions;
} exact_t;

static inline void share_out(exact_t *x, uint32_t winners, int count, uint64_t n)
{
    /* n completions whose best hand is held by the players in `winners` (count of them), each
     * standing for `weight` boards of its orbit */
    if (!n)
        return;
    n *= x->weight;
    for (int p = 0; p < x->players; p++) {
        if (!(winners >> p & 1))
            continue;
        if (count == 1) {
            x->wins[p] += n;
        } else {
            x->ties[p] += n;
            x->units[p] += n * (uint64_t)(TIE_UNITS / count);
        }
    }
}

static void deal_seats(exact_t *x, int s, uint64_t used, uint32_t best, uint32_t winners,
                       int count)
{
    int player = x->seat_player[s];
    int first = 0, step = 1;
    if (s == 0 && x->split_seat) {
        first = x->part;
        step = x->parts;
    }
    if (s == x->random_seats - 1) {
        uint64_t below = 0, equal = 0, above = 0;
        for (int h = first; h < x->hands; h += step) {
            if (x->hand_mask[h] & used)
                continue;
            uint32_t w = x->hand_word[h];
            below += w < best;
            equal += w == best;
            above += w > best;
        }
        share_out(x, winners, count, below);
        share_out(x, winners | 1u << player, count + 1, equal);
        share_out(x, 1u << player, 1, above);
        x->completions += (below + equal + above) * x->weight;
        return;
    }
    for (int h = first; h < x->hands; h += step) {
        if (x->hand_mask[h] & used)
            continue;
        uint32_t w = x->hand_word[h];
        if (w > best)
            deal_seats(x, s + 1, used | x->hand_mask[h], w, 1u << player, 1);
        else if (w == best)
            deal_seats(x, s + 1, used | x->hand_mask[h], best, winners | 1u << player,
                       count + 1);
        else
            deal_seats(x, s + 1, used | x->hand_mask[h], best, winners, count);
    }
}

static inline uint64_t map_mask(const uint8_t *map, uint64_t mask)
{
    uint64_t image = 0;
    while (mask) {
        int c = __builtin_ctzll(mask);
        mask &= mask - 1;
        image |= 1ULL << ((c & ~3) | map[c & 3]);
    }
    return image;
}

/* The boards of one orbit this board stands for: 0 when a symmetry maps it below itself (its
 * least image is counted instead), else the orbit's size (symmetries / stabilizer). */
static inline uint64_t orbit_weight(const exact_t *x, const uint8_t *seven)
{
    if (x->symmetries == 1)
        return 1;
    uint64_t board = 0;
    for (int i = 0; i < 5; i++)
        board |= 1ULL << seven[i];
    int fixed = 0;
    for (int g = 0; g < x->symmetries; g++) {
        uint64_t image = map_mask(x->suit_map[g], board);
        if (image < board)
            return 0;
        fixed += image == board;
    }
    return (uint64_t)(x->symmetries / fixed);
}

static void find_symmetries(exact_t *x, int players, const uint8_t *holes,
                            const uint8_t *board, int known_board, const uint8_t *remaining,
                            int n)
{
    static const uint8_t perms[24][4] = {
        {0,1,2,3},{0,1,3,2},{0,2,1,3},{0,2,3,1},{0,3,1,2},{0,3,2,1},
        {1,0,2,3},{1,0,3,2},{1,2,0,3},{1,2,3,0},{1,3,0,2},{1,3,2,0},
        {2,0,1,3},{2,0,3,1},{2,1,0,3},{2,1,3,0},{2,3,0,1},{2,3,1,0},
        {3,0,1,2},{3,0,2,1},{3,1,0,2},{3,1,2,0},{3,2,0,1},{3,2,1,0}};
    uint64_t known = 0, rest = 0;
    for (int i = 0; i < known_board; i++)
        known |= 1ULL << board[i];
    for (int i = 0; i < n; i++)
        rest |= 1ULL << remaining[i];
    x->symmetries = 0;
    for (int g = 0; g < 24; g++) {
        const uint8_t *map = perms[g];
        int keeps = map_mask(map, known) == known && map_mask(map, rest) == rest;
        for (int p = 0; p < players && keeps; p++) {
            if (holes[2 * p] == 255)
                continue;
            uint64_t hand = 1ULL << holes[2 * p] | 1ULL << holes[2 * p + 1];
            keeps = map_mask(map, hand) == hand;
        }
        if (keeps)
            memcpy(x->suit_map[x->symmetries++], map, 4);
    }
}

/* The known players' showdown on a board (its cards' key and mask): the best class, the
 * players holding it (a bit each) and their number; random seats are skipped. */
typedef struct {
    uint32_t best, winners;
    int count;
} showdown_t;

static inline showdown_t known_showdown(const tables_t *tb, const exact_t *x,
                                        const uint8_t *holes, uint64_t board_key,
                                        uint64_t board_mask)
{
    showdown_t s = {0, 0, 0};
    for (int p = 0; p < x->players; p++) {
        if (holes[2 * p] == 255)
            continue;
        uint8_t a = holes[2 * p], b = holes[2 * p + 1];
        uint32_t w = hand_class(tb, board_key + tb->card_key[a] + tb->card_key[b],
                                board_mask | tb->card_mask[a] | tb->card_mask[b]);
        if (s.count == 0 || w > s.best) {
            s.best = w;
            s.winners = 1u << p;
            s.count = 1;
        } else if (w == s.best) {
            s.winners |= 1u << p;
            s.count++;
        }
    }
    return s;
}

static void one_board(const tables_t *tb, exact_t *x, const uint8_t *holes,
                      const uint8_t *seven, const uint8_t *left, int n_left)
{
    uint64_t board_key = SUIT_START, board_mask = 0;
    for (int i = 0; i < 5; i++) {
        board_key += tb->card_key[seven[i]];
        board_mask |= tb->card_mask[seven[i]];
    }
    showdown_t known = known_showdown(tb, x, holes, board_key, board_mask);
    if (x->random_seats == 0) {
        share_out(x, known.winners, known.count, 1);
        x->completions += x->weight;
        return;
    }
    int h = 0;
    for (int i = 0; i < n_left; i++) {
        uint64_t key = board_key + tb->card_key[left[i]];
        uint64_t mask = board_mask | tb->card_mask[left[i]];
        for (int j = i + 1; j < n_left; j++) {
            x->hand_mask[h] = 1ULL << left[i] | 1ULL << left[j];
            x->hand_word[h] = hand_class(tb, key + tb->card_key[left[j]],
                                         mask | tb->card_mask[left[j]]);
            h++;
        }
    }
    x->hands = h;
    deal_seats(x, 0, 0, known.best, known.winners, known.count);
}

/* No random seat: the missing board cards in nested loops, each level adding its card to the
 * key and mask of the levels above. The last level is its own loop: a board there costs one
 * addition and the players' lookups (each player's two cards are added to the level above's
 * sums once), and its winner set goes to a histogram. */
typedef struct {
    int players, missing;
    uint64_t key[MAX_PLAYERS], mask[MAX_PLAYERS];   /* each player's hole cards */
    uint64_t pos_key[MAX_LEFT], pos_mask[MAX_LEFT]; /* the remaining cards' */
    int n;
} boards_t;

static void last_card(const tables_t *tb, const boards_t *b, uint64_t *by_winners, int start,
                      int step, uint64_t key, uint64_t mask)
{
    uint64_t hand_key[MAX_PLAYERS], hand_mask[MAX_PLAYERS];
    for (int p = 0; p < b->players; p++) {
        hand_key[p] = key + b->key[p];
        hand_mask[p] = mask | b->mask[p];
    }
    if (b->players == 2) {              /* heads-up: two lookups and a comparison a board */
        uint64_t by_order[3] = {0, 0, 0};
        for (int c = start; c < b->n; c += step) {
            uint32_t hero = hand_class(tb, hand_key[0] + b->pos_key[c],
                                       hand_mask[0] | b->pos_mask[c]);
            uint32_t other = hand_class(tb, hand_key[1] + b->pos_key[c],
                                        hand_mask[1] | b->pos_mask[c]);
            by_order[(hero >= other) + (hero > other)]++;
        }
        by_winners[2] += by_order[0];   /* the opponent's */
        by_winners[3] += by_order[1];   /* a tie */
        by_winners[1] += by_order[2];   /* the hero's */
        return;
    }
    for (int c = start; c < b->n; c += step) {
        uint32_t cls[MAX_PLAYERS], best = 0, winners = 0;
        for (int p = 0; p < b->players; p++) {
            cls[p] = hand_class(tb, hand_key[p] + b->pos_key[c], hand_mask[p] | b->pos_mask[c]);
            best = cls[p] > best ? cls[p] : best;
        }
        for (int p = 0; p < b->players; p++)
            winners |= (uint32_t)(cls[p] == best) << p;
        by_winners[winners]++;
    }
}

static void known_boards(const tables_t *tb, const boards_t *b, exact_t *x, int depth,
                         int start, uint64_t key, uint64_t mask)
{
    int step = 1;
    if (depth == 0) {               /* this part's first cards */
        step = x->parts;
        start = x->part;
    }
    if (depth == b->missing - 1) {
        last_card(tb, b, x->by_winners, start, step, key, mask);
        return;
    }
    for (int c = start; c <= b->n - (b->missing - depth); c += step)
        known_boards(tb, b, x, depth + 1, c + 1, key + b->pos_key[c], mask | b->pos_mask[c]);
}

/* players, holes (255 255: a random seat), board[0..known_board-1], remaining[0..n-1] as in
 * equity_lane; symmetry: count one board of each suit orbit (0: every board, for the tests);
 * wins, ties, units[players] added to. Returns the completions counted. */
uint64_t equity_exact(const tables_t *tb, int players, const uint8_t *holes,
                      const uint8_t *board, int known_board, const uint8_t *remaining, int n,
                      int part, int parts, int symmetry, uint64_t *wins, uint64_t *ties,
                      uint64_t *units)
{
    static __thread exact_t kept;    /* too big for the stack */
    exact_t *x = &kept;             /* a thread-local's address is a call: found once */
    uint8_t seven[5], left[MAX_LEFT];
    int missing = 5 - known_board, pos[5];
    x->players = players;
    x->random_seats = 0;
    for (int p = 0; p < players; p++)
        if (holes[2 * p] == 255)
            x->seat_player[x->random_seats++] = p;
    x->wins = wins;
    x->ties = ties;
    x->units = units;
    x->part = part;
    x->parts = parts;
    x->split_seat = missing == 0 && x->random_seats > 0;
    x->completions = 0;
    x->weight = 1;
    x->symmetries = 1;
    memcpy(seven, board, known_board);
    if (x->random_seats == 0 && missing > 0) {
        boards_t on_stack, *b = &on_stack;
        uint64_t key = SUIT_START, mask = 0;
        for (int i = 0; i < known_board; i++) {
            key += tb->card_key[board[i]];
            mask |= tb->card_mask[board[i]];
        }
        b->players = players;
        b->missing = missing;
        b->n = n;
        for (int p = 0; p < players; p++) {
            b->key[p] = tb->card_key[holes[2 * p]] + tb->card_key[holes[2 * p + 1]];
            b->mask[p] = tb->card_mask[holes[2 * p]] | tb->card_mask[holes[2 * p + 1]];
        }
        for (int c = 0; c < n; c++) {
            b->pos_key[c] = tb->card_key[remaining[c]];
            b->pos_mask[c] = tb->card_mask[remaining[c]];
        }
        memset(x->by_winners, 0, sizeof(uint64_t) << players);
        known_boards(tb, b, x, 0, 0, key, mask);
        for (uint32_t set = 1; set < 1u << players; set++)
            x->completions += x->by_winners[set];
        share_winners(x->by_winners, players, 1, wins, ties, units);
        return x->completions;
    }
    if (missing == 0) {
        if (x->split_seat || part == 0)
            one_board(tb, x, holes, seven, remaining, n);
        return x->completions;
    }
    /* with random seats a board costs a ranking of every hand it leaves: worth counting only
     * one board of each orbit of the suit permutations that keep the known cards */
    if (symmetry)
        find_symmetries(x, players, holes, board, known_board, remaining, n);
    /* the missing board cards at positions pos[0] < ... < pos[missing - 1], in lexicographic
     * order; pos[0] = part, part + parts, ... */
    for (int first = part; first <= n - missing; first += parts) {
        pos[0] = first;
        for (int i = 1; i < missing; i++)
            pos[i] = pos[i - 1] + 1;
        for (;;) {
            int n_left = 0, b = 0;
            for (int i = 0; i < missing; i++)
                seven[known_board + i] = remaining[pos[i]];
            if (x->random_seats)         /* the cards the random seats' hands come from */
                for (int c = 0; c < n; c++) {
                    if (b < missing && pos[b] == c)
                        b++;
                    else
                        left[n_left++] = remaining[c];
                }
            x->weight = orbit_weight(x, seven);
            if (x->weight)
                one_board(tb, x, holes, seven, left, n_left);
            /* the next combination with the same first position */
            int i = missing - 1;
            while (i >= 1 && pos[i] == n - missing + i)
                i--;
            if (i < 1)
                break;
            pos[i]++;
            for (int j = i + 1; j < missing; j++)
                pos[j] = pos[j - 1] + 1;
        }
    }
    return x->completions;
}

/* The number of suit permutations equity_exact finds for a setup (1: none but the identity). */
int equity_symmetries(int players, const uint8_t *holes, const uint8_t *board, int known_board,
                      const uint8_t *remaining, int n)
{
    static __thread exact_t x;
    find_symmetries(&x, players, holes, board, known_board, remaining, n);
    return x.symmetries;
}

/* ------------------------------------------------------------------------- many small runs
 * A range's Monte Carlo runs one small run per concrete setup: these two keep its cost in C.
 * stream_states: the xorshift128 starting words of every (lane, slot) stream of a run, as
 * golden/equity/deal.py's stream_seed gives them: the run's base words (mix of the seed) with
 * lane << 8 | slot XORed into the last, then MIX_ROUNDS ChaCha quarter rounds, bit 0 set. */
static inline uint32_t rotl32(uint32_t v, int turn)
{
    return v << turn | v >> (32 - turn);
}

void stream_states(const uint32_t *base, int lanes, const uint8_t *slots, int nslots,
                   uint32_t *out)
{
    static const int steps[4][4] = {{0, 1, 3, 16}, {2, 3, 1, 12}, {0, 1, 3, 8}, {2, 3, 1, 7}};
    for (int lane = 0; lane < lanes; lane++)
        for (int s = 0; s < nslots; s++) {
            uint32_t w[4] = {base[0], base[1], base[2],
                             base[3] ^ ((uint32_t)lane << 8 | slots[s])};
            for (int round = 0; round < 8; round++)
                for (int k = 0; k < 4; k++) {
                    int p = steps[k][0], q = steps[k][1], r = steps[k][2];
                    w[p] += w[q];
                    w[r] = rotl32(w[r] ^ w[p], steps[k][3]);
                }
            w[3] |= 1;
            memcpy(out + 4 * (lane * nslots + s), w, sizeof w);
        }
}

/* Every lane of a run, one after the other (states: lanes x unknown x 4 words), lane l taking
 * golden lane_trials(trials, lanes, l) trials; returns the trials dealt, void ones too. */
uint64_t equity_lanes(const tables_t *tb, int players, const uint8_t *holes,
                      const uint8_t *board, int known_board, const uint8_t *remaining, int n,
                      int unknown, const uint8_t *words, uint32_t *states, int lanes,
                      uint64_t trials,
                      uint64_t *wins, uint64_t *ties, uint64_t *units)
{
    uint64_t dealt = 0;
    for (int lane = 0; lane < lanes && (uint64_t)lane < trials; lane++) {
        uint64_t mine = (trials - lane + lanes - 1) / lanes;
        dealt += equity_lane(tb, players, holes, board, known_board, remaining, n, unknown,
                             words, states + 4 * unknown * lane, mine, wins, ties, units);
    }
    return dealt;
}
