/* The equity engine's Monte Carlo loop in C: the same counts as golden/equity/readable.py's
 * monte_carlo (and golden/equity/fast.py's), at tens of millions of trials a second.
 *
 * Python (pokerhdl/odds/native.py) hands over the evaluator's lookup tables (built by
 * golden/fast_rank.py from rank7), the setup and each slot stream's starting state; this file
 * only deals, ranks and counts, exactly as golden/equity/deal.py and golden/fast_rank.py say:
 *   - a dealt slot of a lane: its words of xorshift128 per trial (golden slot_words: two), the
 *     first masked 6-bit field below n (the first word's first) not taken by an earlier slot of
 *     the trial (golden.equity.deal.slot_position) is a position among the n remaining cards; a
 *     slot with none voids the trial;
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
#define MAX_WORDS 4             /* stream words a slot may take per trial */
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

static inline int slot_position(uint32_t *state, int words, uint32_t mask, int n,
                                const int8_t *taken, int earlier)
{
    /* the slot takes its `words` words, then the first masked field below n (the first word's
     * fields first) that no earlier slot of the trial took */
    uint32_t word[MAX_WORDS];
    for (int k = 0; k < words; k++)
        word[k] = next_word(state);
    for (int k = 0; k < words; k++) {
        for (int f = 0; f < FIELDS; f++) {
            int p = (int)((word[k] >> (FIELD_BITS * f)) & mask), free = p < n;
            for (int i = 0; i < earlier && free; i++)
                free = taken[i] != p;
            if (free)
                return p;
        }
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
 *   increasing; unknown: cards a trial deals; words[unknown]: the words each dealt slot takes
 *   per trial (1..MAX_WORDS); states[4 * unknown]: the dealt slots' xorshift128 states (x, y,
 *   z, w), advanced in place;
 * wins, ties, units[players]: added to. Returns the trials dealt, void ones too. */
uint64_t equity_lane(const tables_t *tb, int players, const uint8_t *holes,
                     const uint8_t *board, int known_board, const uint8_t *remaining, int n,
                     int unknown, const uint8_t *words, uint32_t *states, uint64_t trials,
                     uint64_t *wins, uint64_t *ties, uint64_t *units)
{
    uint8_t dealt[32], seven[5], hand[2 * MAX_PLAYERS];
    int8_t taken[32];
    uint32_t ranks[MAX_PLAYERS], mask = tb->mask_rom[n];
    int missing = 5 - known_board;
    uint64_t dealt_trials = 0;
    memcpy(seven, board, known_board);
    for (uint64_t t = 0; t < trials; ) {
        int void_trial = 0;
        dealt_trials++;
        for (int s = 0; s < unknown; s++) {
            taken[s] = (int8_t)slot_position(states + 4 * s, words[s], mask, n, taken, s);
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
            ranks[p] = rank7(tb, board_total, seven, 5, hand[2 * p], hand[2 * p + 1]);
            if (p == 0 || ranks[p] > best)
                best = ranks[p];
        }
        int winners = 0;
        for (int p = 0; p < players; p++)
            winners += ranks[p] == best;
        for (int p = 0; p < players; p++) {
            if (ranks[p] != best)
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

/* ------------------------------------------------------------------------- exact
 * Every completion of a setup once, as golden/equity/readable.py's exact enumerates them: each missing
 * board (a combination of the remaining cards), then each way to give the random seats their
 * hands seat by seat (ordered, no card shared). Counted faster than one showdown at a time:
 *   - a board's part of every 7-card key (its five cards) is summed once, and the known
 *     players' words are found once a board;
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
    uint32_t hand_word[MAX_HANDS];
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

/* The known players' showdown on a board (board_total: its cards' keys): the best word, the
 * players holding it (a bit each) and their number; random seats are skipped. */
typedef struct {
    uint32_t best, winners;
    int count;
} showdown_t;

static inline showdown_t known_showdown(const tables_t *tb, const exact_t *x,
                                        const uint8_t *holes, uint64_t board_total,
                                        const uint8_t *seven)
{
    showdown_t s = {0, 0, 0};
    for (int p = 0; p < x->players; p++) {
        if (holes[2 * p] == 255)
            continue;
        uint32_t w = rank7(tb, board_total, seven, 5, holes[2 * p], holes[2 * p + 1]);
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
    uint64_t board_total = tb->first_keys[seven[0]];
    for (int i = 1; i < 5; i++)
        board_total += tb->card_keys[seven[i]];
    showdown_t known = known_showdown(tb, x, holes, board_total, seven);
    if (x->random_seats == 0) {
        share_out(x, known.winners, known.count, 1);
        x->completions += x->weight;
        return;
    }
    int h = 0;
    for (int i = 0; i < n_left; i++)
        for (int j = i + 1; j < n_left; j++) {
            x->hand_mask[h] = 1ULL << left[i] | 1ULL << left[j];
            x->hand_word[h] = rank7(tb, board_total, seven, 5, left[i], left[j]);
            h++;
        }
    x->hands = h;
    deal_seats(x, 0, 0, known.best, known.winners, known.count);
}

/* No random seat: the missing board cards in nested loops, each level adding its card's key to
 * the sum of the levels above, so a board costs one addition and the players' lookups. */
static void known_boards(const tables_t *tb, exact_t *x, const uint8_t *holes, uint8_t *seven,
                         int known_board, const uint8_t *remaining, int n, int depth,
                         int start, uint64_t total)
{
    int missing = 5 - known_board;
    if (depth == missing) {
        showdown_t known = known_showdown(tb, x, holes, total, seven);
        if (known.count == 1)
            x->wins[__builtin_ctz(known.winners)]++;
        else
            share_out(x, known.winners, known.count, 1);
        x->completions++;
        return;
    }
    int step = 1;
    if (depth == 0) {               /* this part's first cards */
        step = x->parts;
        start = x->part;
    }
    for (int c = start; c <= n - (missing - depth); c += step) {
        seven[known_board + depth] = remaining[c];
        uint64_t key = known_board + depth == 0 ? tb->first_keys[remaining[c]]
                                                : tb->card_keys[remaining[c]];
        known_boards(tb, x, holes, seven, known_board, remaining, n, depth + 1, c + 1,
                     total + key);
    }
}

/* players, holes (255 255: a random seat), board[0..known_board-1], remaining[0..n-1] as in
 * equity_lane; symmetry: count one board of each suit orbit (0: every board, for the tests);
 * wins, ties, units[players] added to. Returns the completions counted. */
uint64_t equity_exact(const tables_t *tb, int players, const uint8_t *holes,
                      const uint8_t *board, int known_board, const uint8_t *remaining, int n,
                      int part, int parts, int symmetry, uint64_t *wins, uint64_t *ties,
                      uint64_t *units)
{
    static __thread exact_t x;
    uint8_t seven[5], left[MAX_LEFT];
    int missing = 5 - known_board, pos[5];
    x.players = players;
    x.random_seats = 0;
    for (int p = 0; p < players; p++)
        if (holes[2 * p] == 255)
            x.seat_player[x.random_seats++] = p;
    x.wins = wins;
    x.ties = ties;
    x.units = units;
    x.part = part;
    x.parts = parts;
    x.split_seat = missing == 0 && x.random_seats > 0;
    x.completions = 0;
    x.weight = 1;
    x.symmetries = 1;
    memcpy(seven, board, known_board);
    if (x.random_seats == 0 && missing > 0) {
        uint64_t total = 0;
        for (int i = 0; i < known_board; i++)
            total += i == 0 ? tb->first_keys[board[i]] : tb->card_keys[board[i]];
        known_boards(tb, &x, holes, seven, known_board, remaining, n, 0, 0, total);
        return x.completions;
    }
    if (missing == 0) {
        if (x.split_seat || part == 0)
            one_board(tb, &x, holes, seven, remaining, n);
        return x.completions;
    }
    /* with random seats a board costs a ranking of every hand it leaves: worth counting only
     * one board of each orbit of the suit permutations that keep the known cards */
    if (symmetry)
        find_symmetries(&x, players, holes, board, known_board, remaining, n);
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
            if (x.random_seats)         /* the cards the random seats' hands come from */
                for (int c = 0; c < n; c++) {
                    if (b < missing && pos[b] == c)
                        b++;
                    else
                        left[n_left++] = remaining[c];
                }
            x.weight = orbit_weight(&x, seven);
            if (x.weight)
                one_board(tb, &x, holes, seven, left, n_left);
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
    return x.completions;
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
