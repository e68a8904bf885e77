/* sample.c - sampled deals, each decided exactly (cs_sample_deals); a table of seats at one dealer (cs_sample_table).
 *
 * Deals are drawn by a counter-based generator (splitmix64: deal i depends only on the seed and
 * i, whatever the thread count); each is decided exactly by counting the dealer's remaining
 * completions given what the player knows (k dealer hole cards, other players' hands, burn
 * cards), and its EV goes into 128-bit sums.
 *
 * The dedicated count (count_by_ranks): the value of the dealer's hand depends only on its five
 * ranks and on whether it is a flush, so the completions are counted by rank multiset, not card
 * by card. With n[r] unseen cards of each rank, the u = 4 - k unknown cards have a multiset M of
 * ranks in prod C(n[r], m_r) ways. M is split into its u - 1 highest ranks (a row: 455, 91, 13 or
 * 1 of them) and its lowest r1 (a lane of 16): a row's weights for every r1 are built with a few
 * vector operations and read against cs__plain16 (the value of four ranks and a fifth) under the
 * three thresholds a decision needs (qualifier, player's value, player's value + 1). Flushes are
 * possible only when the known dealer cards share a suit; the unseen cards of that suit are few,
 * and each of their u-subsets is moved from its plain value to its flush value. About 1,000
 * vector operations a deal, whatever the number of dead cards, where enumerating the cards takes
 * C(unseen, 3) (CS_SAMPLE_GENERIC of testing.h keeps that way, cs_deal, for cross-checks).
 */
#include <string.h>

#include "internal.h"
#include "once.h"

static inline uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* uniform in [0, n) without bias: Lemire's multiply-shift, a division only when a draw falls in
 * the few values that would bias it */
static inline uint32_t below(uint64_t *state, uint32_t n)
{
    unsigned __int128 m = (unsigned __int128)splitmix64(state) * n;
    if ((uint64_t)m < n) {
        const uint64_t reject = (0 - (uint64_t)n) % n; /* 2^64 mod n */
        while ((uint64_t)m < reject)
            m = (unsigned __int128)splitmix64(state) * n;
    }
    return (uint32_t)(m >> 64);
}

/* ---- the dedicated count ------------------------------------------------------------------ */

typedef int16_t v16i16 __attribute__((vector_size(32)));
typedef uint16_t v16u16 __attribute__((vector_size(32)));

#define ROWS_MAX CS__MSETS3 /* 455 rows for four unknown cards */

/* off0[ru][row]: the multiset index of the row's three ranks and the up card's rank ru, rows in
 * the order of rows_four; off1[rh * 13 + ru][row] the same for rows_three with a known hole card
 * of rank rh. by_mask[f][mask]: the value of five distinct ranks (a 13-bit mask), plain (f = 0)
 * or a flush (f = 1). */
static uint16_t off0[13][ROWS_MAX];
static uint16_t off1[169][91];
static uint16_t by_mask[2][1 << 13];
static cs_once_t sample_once = CS_ONCE_INIT;

static uint16_t mset4_of(const uint8_t *r, int n, const uint8_t *known, int n_known)
{
    uint8_t t[4];
    int k = 0;
    for (int i = 0; i < n; i++)
        t[k++] = r[i];
    for (int i = 0; i < n_known; i++)
        t[k++] = known[i];
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && t[j] < t[j - 1]; j--) {
            uint8_t x = t[j];
            t[j] = t[j - 1];
            t[j - 1] = x;
        }
    return (uint16_t)cs__mset_index(t, 4);
}

static void build_sample_tables(void)
{
    for (uint8_t ru = 0; ru < 13; ru++) {
        uint32_t i = 0;
        for (uint8_t r4 = 0; r4 < 13; r4++)
            for (uint8_t r3 = 0; r3 <= r4; r3++)
                for (uint8_t r2 = 0; r2 <= r3; r2++) {
                    uint8_t row[3] = {r2, r3, r4};
                    off0[ru][i++] = mset4_of(row, 3, &ru, 1);
                }
        for (uint8_t rh = 0; rh < 13; rh++) {
            uint8_t known[2] = {rh, ru};
            i = 0;
            for (uint8_t r3 = 0; r3 < 13; r3++)
                for (uint8_t r2 = 0; r2 <= r3; r2++) {
                    uint8_t row[2] = {r2, r3};
                    off1[rh * 13 + ru][i++] = mset4_of(row, 2, known, 2);
                }
        }
    }
    for (unsigned mask = 0; mask < (1u << 13); mask++) {
        by_mask[0][mask] = by_mask[1][mask] = CS__NO_VALUE;
        if (__builtin_popcount(mask) != 5)
            continue;
        uint8_t r[5];
        int k = 0;
        for (uint8_t x = 0; x < 13; x++)
            if (mask >> x & 1)
                r[k++] = x;
        uint32_t m5 = cs__mset_index(r, 5);
        by_mask[0][mask] = cs__mset_value[0][m5];
        by_mask[1][mask] = cs__mset_value[1][m5];
    }
}

/* One row: its weight for a lowest rank r1 below the row's lowest rank low is b * n[r1]; for
 * r1 = low it is b1 (low = 13: an empty row, every r1 lower). */
typedef struct {
    uint16_t b, b1, offset;
    uint8_t low;
} rank_row;

/* The rows of the u = 4 - k unknown cards, n[r] unseen cards of each rank, c2..c4 = C(n[r], 2..4);
 * known: the k + 1 known ranks (up card first). Returns how many. */
static uint32_t build_rows(int k, const uint8_t *n, const uint8_t *c2, const uint8_t *c3, const uint8_t *c4,
                           const uint8_t *known, rank_row *rows)
{
    uint32_t i = 0;
    if (k == 0) { /* rows (r2 <= r3 <= r4) of ranks with unseen cards only; off0's order is the index */
        const uint16_t *off = off0[known[0]];
        uint8_t pr[13];
        int np = 0;
        for (int r = 0; r < 13; r++)
            if (n[r])
                pr[np++] = (uint8_t)r;
        for (int a4 = 0; a4 < np; a4++) {
            const int r4 = pr[a4];
            for (int a3 = 0; a3 <= a4; a3++) {
                const int r3 = pr[a3];
                const unsigned o34 = r3 < r4 ? (unsigned)n[r3] * n[r4] : c2[r3];
                const uint32_t at = cs__binom[r4 + 2][3] + cs__binom[r3 + 1][2];
                if (o34)
                    for (int a2 = 0; a2 < a3; a2++) {
                        const int r2 = pr[a2];
                        rows[i++] = (rank_row){(uint16_t)(n[r2] * o34), (uint16_t)(c2[r2] * o34), off[at + r2],
                                               (uint8_t)r2};
                    }
                rank_row last = r3 < r4 ? (rank_row){(uint16_t)(c2[r3] * n[r4]), (uint16_t)(c3[r3] * n[r4]),
                                                     off[at + r3], (uint8_t)r3}
                                        : (rank_row){c3[r3], c4[r3], off[at + r3], (uint8_t)r3};
                if (last.b || last.b1)
                    rows[i++] = last;
            }
        }
    } else if (k == 1) {
        const uint16_t *off = off1[known[1] * 13 + known[0]];
        uint32_t at = 0;
        for (int r3 = 0; r3 < 13; r3++) {
            for (int r2 = 0; r2 < r3; r2++, at++)
                if (n[r2] && n[r3])
                    rows[i++] = (rank_row){(uint16_t)(n[r2] * n[r3]), (uint16_t)(c2[r2] * n[r3]), off[at],
                                           (uint8_t)r2};
            if (c2[r3])
                rows[i++] = (rank_row){c2[r3], c3[r3], off[at], (uint8_t)r3};
            at++;
        }
    } else if (k == 2) {
        for (uint8_t r2 = 0; r2 < 13; r2++, i++)
            rows[i] = (rank_row){n[r2], c2[r2], mset4_of(&r2, 1, known, 3), r2};
    } else {
        rows[i++] = (rank_row){1, 0, mset4_of(NULL, 0, known, 4), 13};
    }
    return i;
}

/* The rows read against the values: below[t] += the weight of the values under thresh[t]. Lane
 * sums are 16-bit: a weight is at most 4^4 = 256, so they are widened every 128 rows. */
#define READ_BODY                                                                           \
    v16u16 nv = {0}, acc[3] = {{0}, {0}, {0}};                                              \
    v16i16 t[3];                                                                            \
    for (int l = 0; l < 13; l++)                                                            \
        nv[l] = n[l];                                                                       \
    for (int x = 0; x < 3; x++)                                                             \
        for (int l = 0; l < 16; l++)                                                        \
            t[x][l] = thresh[x];                                                            \
    for (uint32_t i = 0; i < n_rows; i++) {                                                 \
        const rank_row *r = &rows[i];                                                       \
        v16u16 w = ((nv * r->b) & lower[r->low]) | (onehot[r->low] & r->b1);                \
        v16i16 v;                                                                           \
        memcpy(&v, cs__plain16 + 16 * (size_t)r->offset, sizeof v);                         \
        for (int x = 0; x < 3; x++)                                                         \
            acc[x] += (v16u16)(v < t[x]) & w;                                               \
        if ((i & 127) == 127 || i + 1 == n_rows)                                            \
            for (int x = 0; x < 3; x++) {                                                   \
                uint32_t s = 0;                                                             \
                for (int l = 0; l < 16; l++)                                                \
                    s += acc[x][l];                                                         \
                below[x] += s;                                                              \
                acc[x] = (v16u16){0};                                                       \
            }                                                                               \
    }

/* lower[low]: all ones in the lanes below low; onehot[low]: in lane low alone. */
static v16u16 lower[14], onehot[14];
static cs_once_t lower_once = CS_ONCE_INIT;
static void build_lower(void)
{
    for (int low = 0; low < 14; low++)
        for (int l = 0; l < 16; l++) {
            lower[low][l] = l < low ? 0xFFFF : 0;
            onehot[low][l] = l == low ? 0xFFFF : 0;
        }
}

static void read_rows_generic(const rank_row *rows, uint32_t n_rows, const uint8_t *n, const int16_t *thresh,
                              uint64_t *below)
{
    READ_BODY
}

#if CS__X86_64
__attribute__((target("avx2"))) static void read_rows_avx2(const rank_row *rows, uint32_t n_rows, const uint8_t *n,
                                                           const int16_t *thresh, uint64_t *below)
{
    READ_BODY
}
#endif

static void read_rows(const rank_row *rows, uint32_t n_rows, const uint8_t *n, const int16_t *thresh,
                      uint64_t *below)
{
#if CS__X86_64
    if (cs__have_avx2()) {
        read_rows_avx2(rows, n_rows, n, thresh, below);
        return;
    }
#endif
    read_rows_generic(rows, n_rows, n, thresh, below);
}

/* Flushes: the known cards all of one suit (known_mask their ranks), f the unseen ranks of that
 * suit. Each u-subset S of f makes a flush of the ranks known + S, counted above as plain. */
static void correct_flushes(int u, unsigned known_mask, unsigned f, const int16_t *thresh, int64_t *corr)
{
    uint8_t r[13];
    int nf = 0;
    for (int x = 0; x < 13; x++)
        if (f >> x & 1)
            r[nf++] = (uint8_t)x;
    if (nf < u)
        return;
    int idx[4];
    for (int i = 0; i < u; i++)
        idx[i] = i;
    for (;;) {
        unsigned m = known_mask;
        for (int i = 0; i < u; i++)
            m |= 1u << r[idx[i]];
        const int vp = by_mask[0][m], vf = by_mask[1][m];
        for (int x = 0; x < 3; x++)
            corr[x] += (vf < thresh[x]) - (vp < thresh[x]);
        int i = u - 1;
        while (i >= 0 && idx[i] == nf - u + i)
            i--;
        if (i < 0)
            break;
        idx[i]++;
        for (int j = i + 1; j < u; j++)
            idx[j] = idx[j - 1] + 1;
    }
}

/* One deal's completions by outcome: pv the value of the player's hand, the k + 1 known dealer
 * cards (up card first), seen the mask of every card the player sees (the dealer's unknown cards
 * come from the rest). */
static void count_by_ranks(uint16_t pv, const uint8_t *known, int k, uint64_t seen, uint16_t qualifier,
                           cs_deal_counts *out)
{
    static const uint8_t bits4[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    const uint64_t unseen = ~seen & ((1ull << 52) - 1);
    uint8_t n[13], c2[13], c3[13], c4[13], kr[4];
    uint32_t n_unseen = 0;
    for (int r = 0; r < 13; r++) {
        n[r] = bits4[unseen >> (4 * r) & 15];
        n_unseen += n[r];
        c2[r] = (uint8_t)cs__binom[n[r]][2];
        c3[r] = (uint8_t)cs__binom[n[r]][3];
        c4[r] = (uint8_t)cs__binom[n[r]][4];
    }
    unsigned known_mask = 0;
    int one_suit = 1;
    for (int i = 0; i <= k; i++) {
        kr[i] = known[i] >> 2;
        known_mask |= 1u << kr[i];
        one_suit &= (known[i] & 3) == (known[0] & 3);
    }
    const int16_t thresh[3] = {(int16_t)qualifier, (int16_t)(pv > qualifier ? pv : qualifier),
                               (int16_t)(pv + 1 > qualifier ? pv + 1 : qualifier)};
    rank_row rows[ROWS_MAX];
    uint32_t n_rows = build_rows(k, n, c2, c3, c4, kr, rows);
    uint64_t below[3] = {0, 0, 0};
    read_rows(rows, n_rows, n, thresh, below);
    int64_t corr[3] = {0, 0, 0};
    if (one_suit && k + 1 == (int)bits4[known_mask & 15] + bits4[known_mask >> 4 & 15] + bits4[known_mask >> 8 & 15]
                                 + bits4[known_mask >> 12]) {
        unsigned f = 0;
        const unsigned su = known[0] & 3;
        for (int r = 0; r < 13; r++)
            f |= (unsigned)(unseen >> (4 * r + su) & 1) << r;
        correct_flushes(4 - k, known_mask, f, thresh, corr);
    }
    memset(out, 0, sizeof *out);
    out->total = cs__binom[n_unseen][4 - k];
    uint64_t b[3];
    for (int x = 0; x < 3; x++)
        b[x] = (uint64_t)((int64_t)below[x] + corr[x]);
    out->not_qualify = b[0];
    out->win = b[1] - b[0];
    out->tie = b[2] - b[1];
    out->lose = out->total - b[2];
    out->player_value = pv;
    out->player_category = cs__value_cat[pv];
}

/* ---- sampling ----------------------------------------------------------------------------- */

typedef struct {
    uint16_t qualifier;
    const cs_nets *nets;
    const cs_solver *base;
    uint32_t known, others, burn, hidden, flags;
    uint64_t seed, first, count;
    cs_sample_sums sums;
    int status;
} sample_job;

/* 128-bit two's-complement sums kept as (hi, lo): (hi, lo) += (x_hi, x_lo), modulo 2^128. */
static void add128_pair(uint64_t *hi, uint64_t *lo, uint64_t x_hi, uint64_t x_lo)
{
    unsigned __int128 acc = ((unsigned __int128)*hi << 64 | *lo) + ((unsigned __int128)x_hi << 64 | x_lo);
    *hi = (uint64_t)(acc >> 64);
    *lo = (uint64_t)acc;
}

static void add128(uint64_t *hi, uint64_t *lo, __int128 x)
{
    unsigned __int128 ux = (unsigned __int128)x;
    add128_pair(hi, lo, (uint64_t)(ux >> 64), (uint64_t)ux);
}

static void add_square(uint64_t *hi, uint64_t *lo, __int128 x)
{
    unsigned __int128 ax = (unsigned __int128)(x < 0 ? -x : x);
    add128(hi, lo, (__int128)(ax * ax));
}

/* The optimal EV of a situation, scaled by its completions: fold + max(raise - fold, 0);
 * *raises (optional) whether raising is strictly better. */
static __int128 best_value(const cs_nets *nets, const cs_deal_counts *d, int *raises)
{
    int64_t m = cs__raise_margin(cs__margin_of(nets, d->player_category, d->total),
                                 (int64_t)d->not_qualify, (int64_t)d->win, (int64_t)d->tie);
    if (raises)
        *raises = m > 0;
    return (__int128)d->total * nets->fold + (m > 0 ? m : 0);
}

static void *sample_run(void *arg)
{
    sample_job *job = arg;
    const cs_nets *nets = job->nets;
    const uint32_t need = 6 + job->known + 5 * job->others + job->burn; /* the cards the player sees */
    const uint32_t dealt = need + 5 * job->hidden;                       /* and the hands he does not */
    for (uint64_t i = job->first; i < job->first + job->count; i++) {
        uint64_t state = job->seed ^ (i * 0xD1B54A32D192ED03ull);
        splitmix64(&state);
        uint8_t deck[52];
        for (int c = 0; c < 52; c++)
            deck[c] = (uint8_t)c;
        for (uint32_t k = 0; k < dealt; k++) { /* partial Fisher-Yates */
            uint32_t j = k + below(&state, 52 - k);
            uint8_t tmp = deck[k];
            deck[k] = deck[j];
            deck[j] = tmp;
        }
        cs_deal_counts d, b;
        int st = CS_OK;
        if (job->base) { /* the same deal knowing only the up card: also gives the player's value */
            st = cs_solver_situation(job->base, deck, deck[5], &b);
            if (st != CS_OK) {
                job->status = st;
                return NULL;
            }
        }
        cs_deal_counts left = {0}; /* the completions from the cards actually left (hidden hands out) */
        if (job->flags & CS_SAMPLE_GENERIC || job->known == 4) {
            st = cs_deal(deck, deck[5], deck + 6 + job->known, need - 6 - job->known, deck + 6, job->known,
                         job->qualifier, &d);
            if (st == CS_OK && job->hidden)
                st = cs_deal(deck, deck[5], deck + 6 + job->known, dealt - 6 - job->known, deck + 6, job->known,
                             job->qualifier, &left);
        } else {
            const uint16_t pv = job->base ? b.player_value : cs__value_of(deck);
            uint64_t seen = 0;
            for (uint32_t c = 0; c < need; c++)
                seen |= 1ull << deck[c];
            count_by_ranks(pv, deck + 5, (int)job->known, seen, job->qualifier, &d);
            if (job->hidden) {
                for (uint32_t c = need; c < dealt; c++)
                    seen |= 1ull << deck[c];
                count_by_ranks(pv, deck + 5, (int)job->known, seen, job->qualifier, &left);
            }
        }
        if (st != CS_OK) {
            job->status = st;
            return NULL;
        }
        int raises;
        __int128 x = best_value(nets, &d, &raises);
        if (job->hidden) { /* the decision made on what is seen, valued over what is left */
            int64_t m = cs__raise_margin(cs__margin_of(nets, left.player_category, left.total),
                                         (int64_t)left.not_qualify, (int64_t)left.win, (int64_t)left.tie);
            x = (__int128)left.total * nets->fold + (raises ? m : 0);
            d = left;
        }
        job->sums.raises += (uint64_t)raises;
        job->sums.deals++;
        job->sums.completions = d.total;
        add128(&job->sums.sum_hi, &job->sums.sum_lo, x);
        add_square(&job->sums.sumsq_hi, &job->sums.sumsq_lo, x);
        if (job->base) {
            /* control variate: the same deal's EV knowing only the up card (exact mean known) */
            __int128 dx = x * (__int128)b.total - best_value(nets, &b, NULL) * (__int128)d.total;
            add128(&job->sums.dsum_hi, &job->sums.dsum_lo, dx);
            add_square(&job->sums.dsumsq_hi, &job->sums.dsumsq_lo, dx);
        }
    }
    job->status = CS_OK;
    return NULL;
}

/* A call's deals: at most 2^15 (the 128-bit sums), and indices first .. first + n - 1 that do not
 * wrap past 2^64 (deal i depends only on the seed and i). */
static int check_deal_range(uint64_t first, uint64_t n)
{
    if (n > ((uint64_t)1 << 15) || first > UINT64_MAX - n)
        return CS_E_SIZE;
    return CS_OK;
}

/* Thread t's consecutive share of the deals first .. first + n - 1 (the first n % threads get one more). */
static void share(uint64_t first, uint64_t n, uint32_t threads, uint32_t t, uint64_t *first_t, uint64_t *count_t)
{
    uint64_t per = n / threads, extra = n % threads;
    *first_t = first + per * t + (t < extra ? t : extra);
    *count_t = per + (t < extra);
}

int cs_sample_deals(uint16_t qualifier, const cs_nets *nets, uint32_t known_dealer, uint32_t other_players,
                    uint32_t burn, uint32_t hidden_players, uint64_t seed, uint64_t first_deal, uint64_t n_deals,
                    uint32_t threads, const cs_solver *base, cs_sample_sums *out)
{
    return cs_test_sample_deals(qualifier, nets, known_dealer, other_players, burn, hidden_players, 0, seed,
                                first_deal, n_deals, threads, base, out);
}

int cs_test_sample_deals(uint16_t qualifier, const cs_nets *nets, uint32_t known_dealer, uint32_t other_players,
                         uint32_t burn, uint32_t hidden_players, uint32_t flags, uint64_t seed, uint64_t first_deal, uint64_t n_deals,
                         uint32_t threads, const cs_solver *base, cs_sample_sums *out)
{
    if (!nets || !out)
        return CS_E_NULL;
    if (base && cs__solver_qualifier(base) != qualifier)
        return CS_E_ARG;
    if (known_dealer > 4 || other_players > 6 || hidden_players > 6 || other_players + hidden_players > 6)
        return CS_E_SIZE;
    /* the player's five, the dealer's five, the other hands (seen or not) and the burn cards */
    if (burn > 52 || 10 + 5 * (other_players + hidden_players) + burn > 52)
        return CS_E_SIZE;
    if (qualifier > CS_NUM_VALUES || threads < 1 || threads > CS_MAX_THREADS || (flags & ~(uint32_t)CS_SAMPLE_GENERIC))
        return CS_E_ARG;
    /* |nets| <= 2^20 and at most 163,185 completions: |x| < 2^38; the control-variate difference
     * |dx| < 2^56, dx^2 < 2^112: sums of up to 2^15 squares stay inside 128 bits */
    int st = cs__check_nets(nets, (int64_t)1 << 20);
    if (st != CS_OK)
        return st;
    if ((st = check_deal_range(first_deal, n_deals)) != CS_OK)
        return st;
    if ((st = cs__ensure_deal_tables()) != CS_OK)
        return st;
    if (cs_once(&sample_once, build_sample_tables) != 0 || cs_once(&lower_once, build_lower) != 0)
        return CS_E_NOMEM;
    sample_job jobs[CS_MAX_THREADS];
    for (uint32_t t = 0; t < threads; t++) {
        memset(&jobs[t], 0, sizeof jobs[t]);
        share(first_deal, n_deals, threads, t, &jobs[t].first, &jobs[t].count);
        jobs[t].qualifier = qualifier;
        jobs[t].nets = nets;
        jobs[t].base = base;
        jobs[t].known = known_dealer;
        jobs[t].others = other_players;
        jobs[t].burn = burn;
        jobs[t].hidden = hidden_players;
        jobs[t].flags = flags;
        jobs[t].seed = seed;
        jobs[t].status = CS_E_NOMEM;
    }
    cs__parallel(sample_run, jobs, sizeof *jobs, threads);
    memset(out, 0, sizeof *out);
    for (uint32_t t = 0; t < threads; t++) {
        if (jobs[t].status != CS_OK)
            return jobs[t].status;
        const cs_sample_sums *s = &jobs[t].sums;
        out->deals += s->deals;
        out->raises += s->raises;
        if (s->deals)
            out->completions = s->completions;
        add128_pair(&out->sum_hi, &out->sum_lo, s->sum_hi, s->sum_lo);
        add128_pair(&out->sumsq_hi, &out->sumsq_lo, s->sumsq_hi, s->sumsq_lo);
        add128_pair(&out->dsum_hi, &out->dsum_lo, s->dsum_hi, s->dsum_lo);
        add128_pair(&out->dsumsq_hi, &out->dsumsq_lo, s->dsumsq_hi, s->dsumsq_lo);
    }
    return CS_OK;
}

/* ---- a table: several seats against one dealer hand (cs_sample_table) --------------------- */

typedef struct {
    const cs_solver *solver;
    const cs_nets *nets;
    uint32_t seats;
    uint64_t seed, first, count;
    cs_table_sums sums;
    int status;
} table_job;

static void *table_run(void *arg)
{
    table_job *job = arg;
    const cs_nets *nets = job->nets;
    uint16_t q = cs__solver_qualifier(job->solver);
    uint32_t need = 5 + 5 * job->seats;
    for (uint64_t i = job->first; i < job->first + job->count; i++) {
        /* a stream of its own: deal i of a table differs from deal i of cs_sample_deals */
        uint64_t state = (job->seed ^ 0x5EA75EA75EA75EA7ull) ^ (i * 0xD1B54A32D192ED03ull);
        splitmix64(&state);
        uint8_t deck[52];
        for (int c = 0; c < 52; c++)
            deck[c] = (uint8_t)c;
        for (uint32_t k = 0; k < need; k++) {
            uint32_t j = k + below(&state, 52 - k);
            uint8_t tmp = deck[k];
            deck[k] = deck[j];
            deck[j] = tmp;
        }
        /* deck[0] the up card, deck[0..4] the dealer's hand, seat s holds deck[5 + 5s ..] */
        uint16_t dv = cs__value_of(deck);
        __int128 sum = 0, sumsq = 0;
        for (uint32_t s = 0; s < job->seats; s++) {
            const uint8_t *hand = deck + 5 + 5 * s;
            cs_deal_counts d;
            int st = cs_solver_situation(job->solver, hand, deck[0], &d);
            if (st != CS_OK) {
                job->status = st;
                return NULL;
            }
            int raises;
            (void)best_value(nets, &d, &raises);
            int64_t x;
            if (!raises)
                x = nets->fold;
            else if (dv < q)
                x = nets->not_qualify;
            else if (dv < d.player_value)
                x = nets->win[d.player_category];
            else if (dv == d.player_value)
                x = nets->tie;
            else
                x = nets->lose;
            job->sums.raises += (uint64_t)raises;
            sum += x;
            sumsq += (__int128)x * x;
        }
        __int128 pairs = (sum * sum - sumsq) / 2; /* sum over seat pairs i < j of x_i x_j */
        job->sums.deals++;
        add128(&job->sums.sum_hi, &job->sums.sum_lo, sum);
        add128(&job->sums.sumsq_hi, &job->sums.sumsq_lo, sumsq);
        add128(&job->sums.pair_hi, &job->sums.pair_lo, pairs);
        add_square(&job->sums.pairsq_hi, &job->sums.pairsq_lo, pairs);
    }
    job->status = CS_OK;
    return NULL;
}

int cs_sample_table(const cs_solver *solver, const cs_nets *nets, uint32_t seats, uint64_t seed,
                    uint64_t first_deal, uint64_t n_deals, uint32_t threads, cs_table_sums *out)
{
    if (!solver || !nets || !out)
        return CS_E_NULL;
    if (seats < 2 || seats > 7)
        return CS_E_SIZE;
    if (threads < 1 || threads > CS_MAX_THREADS)
        return CS_E_ARG;
    /* |nets| <= 2^20: a deal's pair sum is below 21 * 2^40 < 2^45, its square below 2^90; sums of
     * up to 2^15 deals stay inside 128 bits */
    int st = cs__check_nets(nets, (int64_t)1 << 20);
    if (st != CS_OK)
        return st;
    if ((st = check_deal_range(first_deal, n_deals)) != CS_OK)
        return st;
    if ((st = cs__ensure_tables()) != CS_OK)
        return st;
    table_job jobs[CS_MAX_THREADS];
    for (uint32_t t = 0; t < threads; t++) {
        memset(&jobs[t], 0, sizeof jobs[t]);
        share(first_deal, n_deals, threads, t, &jobs[t].first, &jobs[t].count);
        jobs[t].solver = solver;
        jobs[t].nets = nets;
        jobs[t].seats = seats;
        jobs[t].seed = seed;
        jobs[t].status = CS_E_NOMEM;
    }
    cs__parallel(table_run, jobs, sizeof *jobs, threads);
    memset(out, 0, sizeof *out);
    out->seats = seats;
    for (uint32_t t = 0; t < threads; t++) {
        if (jobs[t].status != CS_OK)
            return jobs[t].status;
        const cs_table_sums *s = &jobs[t].sums;
        out->deals += s->deals;
        out->raises += s->raises;
        add128_pair(&out->sum_hi, &out->sum_lo, s->sum_hi, s->sum_lo);
        add128_pair(&out->sumsq_hi, &out->sumsq_lo, s->sumsq_hi, s->sumsq_lo);
        add128_pair(&out->pair_hi, &out->pair_lo, s->pair_hi, s->pair_lo);
        add128_pair(&out->pairsq_hi, &out->pairsq_lo, s->pairsq_hi, s->pairsq_lo);
    }
    return CS_OK;
}
