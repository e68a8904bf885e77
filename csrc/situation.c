/* situation.c - one situation: every completion of the dealer's unknown hole cards.
 *
 * The outcome counts and the dealer's category distribution are counts of dealer hand values
 * below a few thresholds: the first value of each category, the qualifier, the player's value
 * and the player's value + 1.
 *
 * With no known dealer hole card (the common query: 163,185 completions) the value of the
 * dealer's hand {a, b, c, d, u} (a < b < c < d unseen, u the up card) depends only on its five
 * ranks and on whether it is a flush. For each (b, c, d) the cards a < b are not enumerated:
 * a histogram row for the rank multiset of (b, c, d) gets, in one 16-lane vector add, the
 * number of unseen cards below b of each rank. The rows (455 multisets x 13 ranks of a) are
 * then read against a small value table (every rank multiset with u's rank), and the few
 * flushes are moved out of the histogram and counted one by one.
 * With one known hole card the same, one card lower (enumerate_three); with two or three known
 * hole cards the generic path enumerates the few hands left and looks them up.
 */
#include <string.h>

#include "internal.h"
#include "once.h"

/* Values are counted against the thresholds 16 lanes at a time (GCC/Clang vector extensions;
 * on x86-64 an AVX2 version is picked at run time, SSE2 otherwise). */
#define N_THRESH 12
#define BUF_LEN 2048
typedef int16_t v16i16 __attribute__((vector_size(32)));
typedef uint16_t v16u16 __attribute__((vector_size(32)));

typedef struct {
    int16_t thresh[N_THRESH];
    uint64_t below[N_THRESH]; /* values counted under each threshold */
    uint32_t nb;
    uint16_t buf[BUF_LEN + 16]; /* values waiting to be counted */
} counter;

/* cs__mset_value laid out for the 16 lanes: the value of the hand with the four ranks of
 * multiset m (cs__mset_index) and a fifth card of rank r, plain (not a flush) at [m * 16 + r],
 * flush at the same place in flush16; CS__NO_VALUE where impossible and in lanes 13 .. 15. */
uint16_t cs__plain16[CS__MSETS4 * 16] __attribute__((aligned(32)));
uint16_t cs__flush16[CS__MSETS4 * 16] __attribute__((aligned(32)));
#define plain16 cs__plain16
#define flush16 cs__flush16
static cs_once_t tables_once = CS_ONCE_INIT;

static void build_tables(void)
{
    for (uint32_t i = 0; i < CS__MSETS4 * 16; i++)
        plain16[i] = flush16[i] = CS__NO_VALUE;
    uint8_t s[4];
    for (s[3] = 0; s[3] < 13; s[3]++)
        for (s[2] = 0; s[2] <= s[3]; s[2]++)
            for (s[1] = 0; s[1] <= s[2]; s[1]++)
                for (s[0] = 0; s[0] <= s[1]; s[0]++) {
                    uint32_t m = cs__mset_index(s, 4);
                    for (uint8_t r = 0; r < 13; r++) {
                        uint8_t rk[5] = {s[0], s[1], s[2], s[3], r};
                        cs__sort5(rk);
                        uint32_t m5 = cs__mset_index(rk, 5);
                        plain16[m * 16 + r] = cs__mset_value[0][m5];
                        flush16[m * 16 + r] = cs__mset_value[1][m5];
                    }
                }
}

#define FLUSH_BODY(VEC, LANES)                                                          \
    uint32_t nv = (ct->nb + LANES - 1) / LANES;                                         \
    for (uint32_t i = ct->nb; i < nv * LANES; i++)                                      \
        ct->buf[i] = CS__NO_VALUE; /* above every threshold */                          \
    VEC t[N_THRESH], acc[N_THRESH];                                                     \
    for (int k = 0; k < N_THRESH; k++) {                                                \
        for (int l = 0; l < LANES; l++)                                                 \
            t[k][l] = ct->thresh[k];                                                    \
        acc[k] = (VEC){0};                                                              \
    }                                                                                   \
    for (uint32_t i = 0; i < nv; i++) {                                                 \
        VEC v;                                                                          \
        memcpy(&v, ct->buf + LANES * i, sizeof v);                                      \
        for (int k = 0; k < N_THRESH; k++)                                              \
            acc[k] -= (VEC)(v < t[k]); /* -1 where below */                             \
    }                                                                                   \
    for (int k = 0; k < N_THRESH; k++) {                                                \
        uint32_t s = 0;                                                                 \
        for (int l = 0; l < LANES; l++)                                                 \
            s += (uint16_t)acc[k][l];                                                   \
        ct->below[k] += s;                                                              \
    }                                                                                   \
    ct->nb = 0;

/* Weighted: rows of 16 (value, count) pairs; a count is at most 4^4 = 256, so 16-bit lane
 * sums are widened every 64 rows. */
#define ROWS_BODY(VEC, UVEC)                                                            \
    UVEC acc[N_THRESH];                                                                 \
    VEC t[N_THRESH];                                                                    \
    for (int k = 0; k < N_THRESH; k++) {                                                \
        for (int l = 0; l < 16; l++)                                                    \
            t[k][l] = ct->thresh[k];                                                    \
        acc[k] = (UVEC){0};                                                             \
    }                                                                                   \
    for (uint32_t i = 0; i < n_rows; i++) {                                             \
        VEC v;                                                                          \
        UVEC h;                                                                         \
        memcpy(&v, values[i], sizeof v);                                                \
        memcpy(&h, counts + 16 * i, sizeof h);                                          \
        for (int k = 0; k < N_THRESH; k++)                                              \
            acc[k] += (UVEC)(v < t[k]) & h;                                             \
        if ((i & 63) == 63 || i + 1 == n_rows)                                          \
            for (int k = 0; k < N_THRESH; k++) {                                        \
                uint32_t s = 0;                                                         \
                for (int l = 0; l < 16; l++)                                            \
                    s += acc[k][l];                                                     \
                ct->below[k] += s;                                                      \
                acc[k] = (UVEC){0};                                                     \
            }                                                                           \
    }

static void flush_generic(counter *ct)
{
    FLUSH_BODY(v16i16, 16)
}

static void rows_generic(counter *ct, const uint16_t *const *values, const uint16_t *counts,
                         uint32_t n_rows)
{
    ROWS_BODY(v16i16, v16u16)
}

#if CS__X86_64
__attribute__((target("avx2"))) static void flush_avx2(counter *ct)
{
    FLUSH_BODY(v16i16, 16)
}

__attribute__((target("avx2"))) static void rows_avx2(counter *ct, const uint16_t *const *values,
                                                      const uint16_t *counts, uint32_t n_rows)
{
    ROWS_BODY(v16i16, v16u16)
}

static void flush(counter *ct)
{
    if (cs__have_avx2())
        flush_avx2(ct);
    else
        flush_generic(ct);
}

static void count_rows(counter *ct, const uint16_t *const *values, const uint16_t *counts,
                       uint32_t n_rows)
{
    if (cs__have_avx2())
        rows_avx2(ct, values, counts, n_rows);
    else
        rows_generic(ct, values, counts, n_rows);
}
#else
#define flush flush_generic
#define count_rows rows_generic
#endif

/* The tables of a counting pass over the unseen cards: their ranks and suits; below[i][r], the
 * unseen cards of rank r among unseen[0 .. i); at[k][i], the contribution of unseen[i] to a rank
 * multiset index at position k (k < positions). */
static inline void pass_tables(const uint8_t *unseen, uint32_t n, int positions, uint8_t *rank, uint8_t *suit,
                               uint16_t (*below)[16], uint32_t (*at)[52])
{
    memset(below[0], 0, sizeof below[0]);
    for (uint32_t i = 0; i < n; i++) {
        rank[i] = unseen[i] >> 2;
        suit[i] = unseen[i] & 3;
        memcpy(below[i + 1], below[i], sizeof below[i]);
        below[i + 1][rank[i]]++;
        for (int k = 0; k < positions; k++)
            at[k][i] = cs__binom_t[k + 1][rank[i] + k];
    }
}

static void enumerate_four(const uint8_t *unseen, uint32_t n, uint8_t up, counter *ct)
{
    uint8_t ru = up >> 2, su = up & 3, rank[52], suit[52];
    uint16_t below[53][16] __attribute__((aligned(32)));
    uint32_t at[3][52];
    pass_tables(unseen, n, 3, rank, suit, below, at);
    uint16_t hist[CS__MSETS3 * 16] __attribute__((aligned(32)));
    memset(hist, 0, sizeof hist);
    ct->nb = 0;
    for (uint32_t id = 3; id < n; id++)
        for (uint32_t ic = 2; ic < id; ic++) {
            uint32_t cd = at[1][ic] + at[2][id];
            int suited = suit[ic] == su && suit[id] == su;
            for (uint32_t ib = 1; ib < ic; ib++) {
                uint16_t *row = hist + 16 * (cd + at[0][ib]);
                v16u16 h, w;
                memcpy(&h, row, sizeof h);
                memcpy(&w, below[ib], sizeof w);
                h += w;
                memcpy(row, &h, sizeof h);
                if (suited && suit[ib] == su) { /* a of the same suit: a flush, not plain */
                    uint8_t s[4] = {rank[ib], rank[ic], rank[id], ru};
                    for (int k = 3; k > 0 && s[k] < s[k - 1]; k--) {
                        uint8_t x = s[k];
                        s[k] = s[k - 1];
                        s[k - 1] = x;
                    }
                    const uint16_t *fv = flush16 + 16 * cs__mset_index(s, 4);
                    for (uint32_t ia = 0; ia < ib; ia++)
                        if (suit[ia] == su) {
                            row[rank[ia]]--;
                            ct->buf[ct->nb++] = fv[rank[ia]]; /* at most C(12, 4) = 495 */
                        }
                }
            }
        }
    flush(ct);
    /* read the rows: three-rank multiset of (b, c, d) in index order, with u's rank added */
    const uint16_t *values[CS__MSETS3];
    uint32_t m = 0;
    uint8_t s[4];
    for (s[2] = 0; s[2] < 13; s[2]++)
        for (s[1] = 0; s[1] <= s[2]; s[1]++)
            for (s[0] = 0; s[0] <= s[1]; s[0]++) {
                uint8_t t[4];
                int k = 0, placed = 0;
                for (int j = 0; j < 3; j++) {
                    if (!placed && ru < s[j]) {
                        t[k++] = ru;
                        placed = 1;
                    }
                    t[k++] = s[j];
                }
                if (!placed)
                    t[k++] = ru;
                values[m++] = plain16 + 16 * cs__mset_index(t, 4);
            }
    count_rows(ct, values, hist, CS__MSETS3);
}

static void enumerate_generic(const uint8_t *unseen, uint32_t n, const uint8_t *fixed,
                              uint32_t n_fixed, counter *ct)
{
    uint32_t k = 5 - n_fixed;
    uint32_t idx[5];
    for (uint32_t i = 0; i < k; i++)
        idx[i] = i;
    for (;;) {
        uint8_t hand[5];
        memcpy(hand, fixed, n_fixed);
        for (uint32_t i = 0; i < k; i++)
            hand[n_fixed + i] = unseen[idx[i]];
        if (ct->nb == BUF_LEN)
            flush(ct);
        ct->buf[ct->nb++] = cs__value_of(hand);
        /* next combination */
        int i = (int)k - 1;
        while (i >= 0 && idx[i] == n - k + (uint32_t)i)
            i--;
        if (i < 0)
            break;
        idx[i]++;
        for (uint32_t j = (uint32_t)i + 1; j < k; j++)
            idx[j] = idx[j - 1] + 1;
    }
}

/* First value of each category (values are ordered by category first). */
static void category_starts(uint16_t *start10)
{
    for (int c = 0; c < CS_NUM_CATEGORIES; c++) {
        uint32_t lo = 0, hi = CS_NUM_VALUES; /* first value with category >= c */
        while (lo < hi) {
            uint32_t mid = (lo + hi) / 2;
            if (cs__value_cat[mid] < c)
                lo = mid + 1;
            else
                hi = mid;
        }
        start10[c] = (uint16_t)lo;
    }
}

/* start_counter and deal_counts run once a call: kept out of line, out of cs_deal's hot code
 * (enumerate_four and the counting are inlined there); inlined, cs_deal measured 1.5% slower,
 * out of line 6% faster than before the split. */

/* The thresholds: the first value of categories 1..9, the qualifier, the player's value pv and
 * pv + 1 (the last two raised to the qualifier: a dealer who does not qualify is neither a win
 * nor a tie); nothing counted yet. */
static __attribute__((noinline)) void start_counter(counter *ct, uint16_t pv, uint16_t q)
{
    uint16_t starts[CS_NUM_CATEGORIES];
    category_starts(starts);
    for (int c = 1; c < CS_NUM_CATEGORIES; c++)
        ct->thresh[c - 1] = (int16_t)starts[c];
    ct->thresh[9] = (int16_t)q;
    ct->thresh[10] = (int16_t)(pv > q ? pv : q);
    ct->thresh[11] = (int16_t)(pv + 1 > q ? pv + 1 : q);
    memset(ct->below, 0, sizeof ct->below);
    ct->nb = 0;
}

/* The outcome counts of the total completions from the counts below the thresholds. */
static __attribute__((noinline)) void deal_counts(const counter *ct, uint16_t pv, uint64_t total,
                                                  cs_deal_counts *out)
{
    memset(out, 0, sizeof *out);
    out->player_value = pv;
    out->player_category = cs__value_cat[pv];
    out->total = total;
    uint64_t prev = 0;
    for (int c = 0; c < CS_NUM_CATEGORIES; c++) {
        uint64_t upto = c + 1 < CS_NUM_CATEGORIES ? ct->below[c] : total;
        out->dealer_categories[c] = upto - prev;
        prev = upto;
    }
    out->not_qualify = ct->below[9];
    out->win = ct->below[10] - ct->below[9];
    out->tie = ct->below[11] - ct->below[10];
    out->lose = total - ct->below[11];
}

/* The four ranks r0 <= r1 <= r2 <= r3 of two sorted ranks with two more added, as a multiset index. */
static uint32_t with_two(const uint8_t *s2, uint8_t x, uint8_t y)
{
    uint8_t t[4] = {s2[0], s2[1], x, y};
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && t[j] < t[j - 1]; j--) {
            uint8_t z = t[j];
            t[j] = t[j - 1];
            t[j - 1] = z;
        }
    return cs__mset_index(t, 4);
}

#define MSETS2 91 /* multisets of two ranks: C(14, 2) */

/* One hole card h known: the completions {a, b, c, h, u}, a < b < c unseen, counted like
 * enumerate_four one card lower: for each (b, c) a histogram row for their rank multiset gets
 * the unseen cards below b by rank; rows are read against the value of the four ranks (b, c, h,
 * u) with a fifth of rank a. Flushes (u, h and a, b, c all of one suit) are counted one by one. */
static void enumerate_three(const uint8_t *unseen, uint32_t n, uint8_t up, uint8_t h, counter *ct)
{
    uint8_t ru = up >> 2, su = up & 3, rh = h >> 2, rank[52], suit[52];
    int can_flush = (h & 3) == su;
    uint16_t below[53][16] __attribute__((aligned(32)));
    uint32_t at[3][52];
    pass_tables(unseen, n, 2, rank, suit, below, at);
    uint16_t hist[MSETS2 * 16] __attribute__((aligned(32)));
    memset(hist, 0, sizeof hist);
    ct->nb = 0;
    for (uint32_t ic = 2; ic < n; ic++)
        for (uint32_t ib = 1; ib < ic; ib++) {
            uint16_t *row = hist + 16 * (at[0][ib] + at[1][ic]);
            v16u16 hv, w;
            memcpy(&hv, row, sizeof hv);
            memcpy(&w, below[ib], sizeof w);
            hv += w;
            memcpy(row, &hv, sizeof hv);
            if (can_flush && suit[ib] == su && suit[ic] == su) { /* a of the suit too: a flush */
                uint8_t s2[2] = {rank[ib], rank[ic]};
                const uint16_t *fv = flush16 + 16 * with_two(s2, rh, ru);
                for (uint32_t ia = 0; ia < ib; ia++)
                    if (suit[ia] == su) {
                        row[rank[ia]]--;
                        ct->buf[ct->nb++] = fv[rank[ia]]; /* at most C(11, 3) = 165 */
                    }
            }
        }
    flush(ct);
    const uint16_t *values[MSETS2];
    uint32_t m = 0;
    uint8_t s2[2];
    for (s2[1] = 0; s2[1] < 13; s2[1]++)
        for (s2[0] = 0; s2[0] <= s2[1]; s2[0]++)
            values[m++] = plain16 + 16 * with_two(s2, rh, ru);
    count_rows(ct, values, hist, MSETS2);
}

int cs__ensure_deal_tables(void)
{
    int st = cs__ensure_tables();
    if (st != CS_OK)
        return st;
    return cs_once(&tables_once, build_tables) == 0 ? CS_OK : CS_E_NOMEM;
}

/* What cs_deal needs with four or three hole cards unknown: the multiset tables, not cs__value5
 * (enumerate_four and enumerate_three read plain16 and flush16 only). */
static int ensure_small_deal_tables(void)
{
    int st = cs__ensure_small_tables();
    if (st != CS_OK)
        return st;
    return cs_once(&tables_once, build_tables) == 0 ? CS_OK : CS_E_NOMEM;
}

int cs_deal(const uint8_t *player, uint8_t up,
            const uint8_t *dead, uint32_t n_dead,
            const uint8_t *dealer, uint32_t n_dealer,
            uint16_t qualifier, cs_deal_counts *out)
{
    if (!player || !out)
        return CS_E_NULL;
    if (n_dealer > 4 || n_dead > 52)
        return CS_E_SIZE;
    if (qualifier > CS_NUM_VALUES)
        return CS_E_ARG;
    uint64_t mask = 0;
    int st;
    if ((st = cs__check_situation(player, up, &mask)) != CS_OK)
        return st;
    if ((st = cs__check_cards(dead, n_dead, &mask)) != CS_OK)
        return st;
    if ((st = cs__check_cards(dealer, n_dealer, &mask)) != CS_OK)
        return st;
    uint32_t unknown = 4 - n_dealer;
    uint8_t unseen[52];
    uint32_t n = 0;
    for (uint8_t c = 0; c < 52; c++)
        if (!(mask >> c & 1))
            unseen[n++] = c;
    if (n < unknown)
        return CS_E_SIZE;
    if ((st = unknown >= 3 ? ensure_small_deal_tables() : cs__ensure_deal_tables()) != CS_OK)
        return st;

    uint16_t pv = cs__value_small(player);
    counter ct;
    start_counter(&ct, pv, qualifier);
    if (unknown == 4) {
        enumerate_four(unseen, n, up, &ct);
    } else if (unknown == 3) {
        enumerate_three(unseen, n, up, dealer[0], &ct);
    } else {
        uint8_t fixed[5];
        fixed[0] = up;
        memcpy(fixed + 1, dealer, n_dealer);
        enumerate_generic(unseen, n, fixed, 1 + n_dealer, &ct);
    }
    flush(&ct);
    uint64_t total = 1; /* C(n, unknown) */
    for (uint32_t i = 0; i < unknown; i++)
        total = total * (n - i) / (i + 1);
    deal_counts(&ct, pv, total, out);
    return CS_OK;
}
