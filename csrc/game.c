/* game.c - every situation of the game, exact, by subset counting over rank multisets.
 *
 * For a player hand P and up card u, the dealer hands are the 5-card hands D with u in D and
 * D disjoint from P. By inclusion-exclusion over the player's cards,
 *     #{D : v(D) < x} = sum over S subset of P, |S| <= 4, of (-1)^|S| N_x({u} + S),
 * where N_x(T) counts the 5-card hands containing T with value below x. N_x(T) depends on T
 * only through its rank multiset and whether its cards share a suit, so a sweep over the 7,462
 * values in increasing order keeps N_x for every such type of T (1 to 4 cards: 4,745 counters;
 * 5 cards: whether the value itself is below x); a value adds to the types of its at most 31
 * sub-multisets.
 * When the sweep reaches x, the sum splits into a part that depends only on the rank multiset
 * of P (every T taken as not suited: computed once per value of P) and corrections for the
 * subsets S of P's cards of one suit s when u has suit s. Each canonical player hand (suit
 * symmetry: 134,459 of them) is counted for all 47 up cards at the qualifier and at its own
 * value; ties (same five ranks, same flushness) are counted by a closed formula. The
 * per-situation counts do not depend on the pay table.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include "internal.h"

#define TOTAL_COMPLETIONS ((uint64_t)CS_NUM_COMPLETIONS) /* C(46,4) */
#define UPS 47u                   /* up cards per hand */
#define CANONICAL_HANDS 134459u   /* hands up to suit relabelling */

/* Per situation (hand i, up card u) 32 bits, with the per-value rows bq, bw:
 *   not qualifying = bq[value][rank u] + DQ,  player wins = bw[value][rank u] + DW,  tie = TIE.
 * DQ and DW are the suit corrections (see count_deltas): within +-1,370, stored + 2,048 in
 * 12 bits each; TIE <= 81 in the top 8 bits. Entries of up cards in the hand are unused. */
#define REC_DQ(r) ((int32_t)((r) & 0xfff) - 2048)
#define REC_DW(r) ((int32_t)((r) >> 12 & 0xfff) - 2048)
#define REC_TIE(r) ((uint32_t)((r) >> 24))
#define REC_MAKE(dq, dw, tie) \
    ((uint32_t)((dq) + 2048) | (uint32_t)((dw) + 2048) << 12 | (uint32_t)(tie) << 24)

struct cs_solver {
    uint16_t qualifier;
    uint32_t n;             /* canonical hands, in increasing value (colex order within a value) */
    uint32_t *cards;        /* packed sorted cards, 6 bits each */
    uint8_t *weight;        /* hands in the suit orbit (1..24) */
    uint16_t *value;
    uint64_t *by_colex;     /* colex index << 32 | hand index, sorted: lookup of a canonical hand */
    uint32_t *rec;          /* [i * 52 + u] */
    int32_t *bq, *bw;       /* [value * 16 + rank of u]: suit-blind parts of nq and win */
};

static inline void unpack(uint32_t packed, uint8_t *c)
{
    for (int i = 0; i < 5; i++)
        c[i] = (uint8_t)(packed >> (6 * i) & 63);
}

static inline uint32_t pack(const uint8_t *c)
{
    uint32_t p = 0;
    for (int i = 0; i < 5; i++)
        p |= (uint32_t)c[i] << (6 * i);
    return p;
}

/* The cards of a packed hand as a 52-bit mask. */
static inline uint64_t hand_mask(uint32_t packed)
{
    uint64_t m = 0;
    for (int i = 0; i < 5; i++)
        m |= (uint64_t)1 << (packed >> (6 * i) & 63);
    return m;
}

/* N_x(T) for every type of T at the sweep's threshold x (hands of value < x counted), stored
 * as rows: T = S + one card of rank r sits in row S (rank multiset of k = |S| cards), lane r,
 * so that the terms of one S for all 13 ranks of the up card are one row of 16 lanes.
 *   b[k]: T not all of one suit (or one card), d[k]: T suited minus not suited (k >= 1).
 * Five-card T (k = 4): 1 if the hand's value is below x, so d = [flush < x] - [plain < x]. */
#define LANES 16
typedef struct {
    int32_t *b[5], *d[5];
    int32_t *block;
} counters;

static int counters_init(counters *ct)
{
    const size_t rows = cs__mset_rows_below(5); /* multisets of 0 to 4 ranks */
    ct->block = calloc(2 * rows * LANES, sizeof *ct->block);
    if (!ct->block)
        return CS_E_NOMEM;
    for (int k = 0; k < 5; k++) {
        ct->b[k] = ct->block + (size_t)cs__mset_rows_below(k) * LANES;
        ct->d[k] = ct->block + (rows + cs__mset_rows_below(k)) * LANES;
    }
    return CS_OK;
}

/* The hands of a value holding a set of the ranks of sub-multiset t, into the counters: for
 * each distinct rank s[j] of T, T = S + one card of rank s[j] is row S, lane s[j]. */
static void add_subset(counters *ct, const cs__subset *t)
{
    const uint8_t *s = t->ranks;
    const int k = t->k;
    for (int j = 0; j < k; j++) {
        if (j > 0 && s[j] == s[j - 1])
            continue;
        uint8_t rest[4];
        cs__ranks_without(s, k, j, -1, rest);
        size_t at = (size_t)cs__mset_index(rest, k - 1) * LANES + s[j];
        ct->b[k - 1][at] += t->plain;
        if (k > 1)
            ct->d[k - 1][at] += t->suited - t->plain;
    }
}

/* Count the hands of value v into every counter of a T they contain. */
static void add_value(counters *ct, uint16_t v)
{
    cs__subset sub[31];
    for (int x = 0, n = cs__value_subsets(v, sub); x < n; x++)
        add_subset(ct, &sub[x]);
}

/* The sum over the subsets S of the n ranks r (fewer than 5 of them; the empty one from first
 * = 0) of (-1)^|S| rows[|S|][S]. With rows = b, r the rank multiset of P, first = 0: the part
 * of the count that ignores suits, by the up card's rank. With rows = d, r P's ranks in one
 * suit, first = 1: the correction for an up card of that suit. */
static void alternating_sum(int32_t *const *rows, const uint8_t *r, int n, unsigned first, int32_t *out)
{
    memset(out, 0, LANES * sizeof *out);
    for (unsigned mask = first; mask < (1u << n); mask++) {
        uint8_t s[5];
        int k = 0;
        for (int i = 0; i < n; i++)
            if (mask >> i & 1)
                s[k++] = r[i];
        if (k == 5)
            continue;
        cs__add_term(out, rows[k] + (size_t)cs__mset_index(s, k) * LANES, LANES, k & 1);
    }
}

/* delta[s][r]: what an up card of suit s and rank r adds to the suit-blind count
 * of #{dealer hands D : u in D, D disjoint from P, v(D) < x}. A term of the correction for |S| = k
 * is at most the number of five-rank sets holding k + 1 given ranks, C(12 - k, 4 - k), so
 * |delta| <= 5 * 165 + 10 * 45 + 10 * 9 + 5 * 1 = 1,370, and so is the difference of two. */
static void count_deltas(const counters *ct, const uint8_t *p, int32_t delta[4][LANES])
{
    uint8_t q[4][5];
    int kq[4] = {0, 0, 0, 0};
    for (int i = 0; i < 5; i++) {
        int s = p[i] & 3;
        q[s][kq[s]++] = p[i] >> 2;
    }
    for (int s = 0; s < 4; s++) {
        if (kq[s])
            alternating_sum(ct->d, q[s], kq[s], 1, delta[s]);
        else
            memset(delta[s], 0, sizeof delta[s]);
    }
}

/* tie[u]: dealer hands with P's value holding the up card u (cs__ties); the entries of u in P
 * are not used. */
static void count_ties(const uint8_t *p, int flush, uint32_t *tie)
{
    uint8_t r[5];
    unsigned suits = 0;
    for (int i = 0; i < 5; i++) {
        r[i] = p[i] >> 2;
        suits |= 1u << (p[i] & 3);
    }
    cs__rank_counts rc;
    cs__rank_counts_of(r, &rc);
    uint32_t by_rank[13][2] = {{0}}; /* [rank of u][P lacks u's suit]: none unless u has P's rank */
    for (int i = 0; i < 5; i++)
        if (i == 0 || r[i] != r[i - 1]) /* p ascending: each rank of P once */
            for (int lacks = 0; lacks < 2; lacks++)
                by_rank[r[i]][lacks] = cs__ties(&rc, flush, &r[i], 1, lacks);
    int lacks[4];
    for (int su = 0; su < 4; su++)
        lacks[su] = !(suits >> su & 1);
    for (int k = 0; k < 13; k++)
        for (int su = 0; su < 4; su++)
            tie[4 * k + su] = by_rank[k][lacks[su]];
}

typedef struct {
    const cs_solver *solver;
    const uint32_t *canon_start; /* [CS_NUM_VALUES + 1] */
    uint32_t tid, threads;
    int status;
} sweep_job;

static void *sweep(void *arg)
{
    sweep_job *job = arg;
    const cs_solver *s = job->solver;
    counters ctr, *ct = &ctr;
    if (counters_init(ct) != CS_OK) {
        job->status = CS_E_NOMEM;
        return NULL;
    }
    const uint16_t q = s->qualifier;
    int32_t base[LANES], delta[4][LANES];
    uint32_t tie[52];
    int bad = 0; /* a correction outside its 12 bits: cannot happen (see count_deltas) */
    for (uint32_t x = 0; x <= CS_NUM_VALUES; x++) {
        if (x == q) { /* every owned hand: completions below the qualifier */
            for (uint32_t v = job->tid; v < CS_NUM_VALUES; v += job->threads) {
                uint32_t first = job->canon_start[v], last = job->canon_start[v + 1];
                if (first == last)
                    continue;
                alternating_sum(ct->b, cs__value_ranks[v], 5, 0, s->bq + (size_t)v * LANES);
                for (uint32_t i = first; i < last; i++) {
                    uint8_t p[5];
                    unpack(s->cards[i], p);
                    count_deltas(ct, p, delta);
                    uint32_t *rec = s->rec + (size_t)i * 52;
                    for (unsigned u = 0; u < 52; u++) {
                        int32_t dq = delta[u & 3][u >> 2];
                        bad |= dq < -2047 || dq > 2047;
                        rec[u] = REC_MAKE(dq, 0, 0);
                    }
                }
            }
        }
        if (x == CS_NUM_VALUES)
            break;
        if (x >= q && x % job->threads == job->tid) { /* hands of value x: below and tied */
            uint32_t first = job->canon_start[x], last = job->canon_start[x + 1];
            if (first < last) {
                alternating_sum(ct->b, cs__value_ranks[x], 5, 0, base);
                for (int l = 0; l < LANES; l++)
                    s->bw[(size_t)x * LANES + l] = base[l] - s->bq[(size_t)x * LANES + l];
            }
            for (uint32_t i = first; i < last; i++) {
                uint8_t p[5];
                unpack(s->cards[i], p);
                count_deltas(ct, p, delta);
                count_ties(p, cs__value_flush[x], tie);
                uint32_t *rec = s->rec + (size_t)i * 52;
                for (unsigned u = 0; u < 52; u++) {
                    int32_t dq = REC_DQ(rec[u]), dw = delta[u & 3][u >> 2] - dq;
                    bad |= dw < -2047 || dw > 2047;
                    rec[u] = REC_MAKE(dq, dw, tie[u]);
                }
            }
        }
        add_value(ct, (uint16_t)x);
    }
    free(ct->block);
    job->status = bad ? CS_E_OVERFLOW : CS_OK;
    return NULL;
}

void cs_solver_free(cs_solver *s)
{
    if (!s)
        return;
    free(s->cards);
    free(s->weight);
    free(s->value);
    free(s->by_colex);
    free(s->rec);
    free(s->bq);
    free(s->bw);
    free(s);
}

/* The records (50 MB): on Linux in transparent huge pages where allowed, which saves most of
 * the 12,000 page faults of their first touch. */
static uint32_t *alloc_records(size_t count)
{
    size_t bytes = count * sizeof(uint32_t);
#ifdef MADV_HUGEPAGE
    const size_t huge = (size_t)2 << 20;
    size_t rounded = (bytes + huge - 1) / huge * huge;
    uint32_t *p = aligned_alloc(huge, rounded);
    if (p) {
        madvise(p, rounded, MADV_HUGEPAGE);
        return p;
    }
#endif
    return malloc(bytes);
}

/* LSD radix sort of 64-bit keys on their bits lo .. hi - 1, 11 bits a pass. */
static int radix_sort(uint64_t *a, uint32_t n, int lo, int hi)
{
    uint64_t *tmp = malloc((size_t)n * sizeof *tmp);
    if (!tmp)
        return CS_E_NOMEM;
    uint64_t *src = a, *dst = tmp;
    for (int shift = lo; shift < hi; shift += 11) {
        uint32_t cnt[2049] = {0};
        for (uint32_t i = 0; i < n; i++)
            cnt[(src[i] >> shift & 2047) + 1]++;
        for (int b = 0; b < 2048; b++)
            cnt[b + 1] += cnt[b];
        for (uint32_t i = 0; i < n; i++)
            dst[cnt[src[i] >> shift & 2047]++] = src[i];
        uint64_t *x = src;
        src = dst;
        dst = x;
    }
    if (src != a)
        memcpy(a, src, (size_t)n * sizeof *a);
    free(tmp);
    return CS_OK;
}

/* bit r of a 13-bit rank mask moved to bit 4 r: the cards of suit 0 */
static inline uint64_t spread4(uint64_t x)
{
    x = (x | x << 24) & 0x000000FF000000FFull;
    x = (x | x << 12) & 0x000F000F000F000Full;
    x = (x | x << 6) & 0x0303030303030303ull;
    return (x | x << 3) & 0x1111111111111111ull;
}

/* Every canonical hand (suit masks m0 >= m1 >= m2 >= m3), in no particular order:
 * packed[seq] its cards, keys[seq] = value << 40 | colex << 18 | seq. */
static uint32_t canonical_hands(uint64_t *keys, uint32_t *packed)
{
    uint16_t masks[6][1287];
    uint32_t nm[6] = {0};
    for (unsigned m = 0; m < 8192; m++) {
        int k = __builtin_popcount(m);
        if (k <= 5)
            masks[k][nm[k]++] = (uint16_t)m; /* increasing */
    }

    uint32_t n = 0;
    unsigned m[4];
    for (int k0 = 1; k0 <= 5; k0++)
        for (uint32_t a = 0; a < nm[k0]; a++) {
            m[0] = masks[k0][a];
            for (int k1 = 0; k1 <= 5 - k0; k1++)
                for (uint32_t b = 0; b < nm[k1] && masks[k1][b] <= m[0]; b++) {
                    m[1] = masks[k1][b];
                    for (int k2 = 0; k2 <= 5 - k0 - k1; k2++)
                        for (uint32_t c = 0; c < nm[k2] && masks[k2][c] <= m[1]; c++) {
                            m[2] = masks[k2][c];
                            int k3 = 5 - k0 - k1 - k2;
                            for (uint32_t d = 0; d < nm[k3] && masks[k3][d] <= m[2]; d++) {
                                m[3] = masks[k3][d];
                                uint64_t all = spread4(m[0]) | spread4(m[1]) << 1
                                             | spread4(m[2]) << 2 | spread4(m[3]) << 3;
                                uint8_t cards[5], ranks[5];
                                for (int j = 0; j < 5; j++) { /* set bits = sorted cards */
                                    cards[j] = (uint8_t)__builtin_ctzll(all);
                                    ranks[j] = cards[j] >> 2;
                                    all &= all - 1;
                                }
                                uint32_t mi = cs__mset_index(ranks, 5);
                                uint16_t v = cs__mset_value[k0 == 5][mi];
                                packed[n] = pack(cards);
                                keys[n] = (uint64_t)v << 40 | (uint64_t)cs__colex5(cards) << 18 | n;
                                n++;
                            }
                        }
                }
        }
    return n;
}

int cs_solver_new(uint16_t qualifier, uint32_t threads, cs_solver **out)
{
    if (!out)
        return CS_E_NULL;
    *out = NULL;
    if (qualifier > CS_NUM_VALUES || threads < 1 || threads > CS_MAX_THREADS)
        return CS_E_ARG;
    int st = cs__ensure_tables();
    if (st != CS_OK)
        return st;

    cs_solver *s = calloc(1, sizeof *s);
    uint32_t *canon_start = calloc(CS_NUM_VALUES + 1, sizeof *canon_start);
    uint64_t *keys = malloc(CANONICAL_HANDS * sizeof *keys);
    uint32_t *packed = malloc(CANONICAL_HANDS * sizeof *packed);
    if (!s || !canon_start || !keys || !packed) {
        st = CS_E_NOMEM;
        goto done;
    }
    s->qualifier = qualifier;
    uint32_t n = canonical_hands(keys, packed);
    if (n != CANONICAL_HANDS) {
        st = CS_E_ARG; /* cannot happen */
        goto done;
    }
    if ((st = radix_sort(keys, n, 18, 53)) != CS_OK) /* by value, then colex */
        goto done;
    s->n = n;
    s->cards = malloc(n * sizeof *s->cards);
    s->weight = malloc(n);
    s->value = malloc(n * sizeof *s->value);
    s->by_colex = malloc(n * sizeof *s->by_colex);
    s->rec = alloc_records((size_t)n * 52);
    s->bq = calloc((size_t)CS_NUM_VALUES * LANES, sizeof *s->bq);
    s->bw = calloc((size_t)CS_NUM_VALUES * LANES, sizeof *s->bw);
    if (!s->cards || !s->weight || !s->value || !s->by_colex || !s->rec || !s->bq || !s->bw) {
        st = CS_E_NOMEM;
        goto done;
    }
    for (uint32_t i = 0; i < n; i++) {
        uint8_t c[5];
        uint32_t colex = (uint32_t)(keys[i] >> 18 & 0x3fffff);
        s->cards[i] = packed[keys[i] & 0x3ffff];
        unpack(s->cards[i], c);
        s->weight[i] = (uint8_t)cs__canonical_weight(c);
        s->value[i] = (uint16_t)(keys[i] >> 40);
        canon_start[s->value[i] + 1]++;
        s->by_colex[i] = (uint64_t)colex << 32 | i;
    }
    for (uint32_t v = 0; v < CS_NUM_VALUES; v++)
        canon_start[v + 1] += canon_start[v];
    if ((st = radix_sort(s->by_colex, n, 32, 54)) != CS_OK)
        goto done;

    sweep_job jobs[CS_MAX_THREADS];
    for (uint32_t k = 0; k < threads; k++)
        jobs[k] = (sweep_job){s, canon_start, k, threads, CS_E_NOMEM};
    cs__parallel(sweep, jobs, sizeof *jobs, threads);
    st = CS_OK;
    for (uint32_t k = 0; k < threads; k++)
        if (jobs[k].status != CS_OK)
            st = jobs[k].status;
done:
    free(canon_start);
    free(keys);
    free(packed);
    if (st != CS_OK) {
        cs_solver_free(s);
        return st;
    }
    *out = s;
    return CS_OK;
}

int cs_solver_size(const cs_solver *s, uint32_t *n_hands)
{
    if (!s || !n_hands)
        return CS_E_NULL;
    *n_hands = s->n;
    return CS_OK;
}

int cs_solver_hand(const cs_solver *s, uint32_t index, uint8_t *cards, uint32_t *weight)
{
    if (!s || !cards || !weight)
        return CS_E_NULL;
    if (index >= s->n)
        return CS_E_ARG;
    unpack(s->cards[index], cards);
    *weight = s->weight[index];
    return CS_OK;
}

typedef struct {
    uint64_t nq, win, tie, lose;
} outcome;

static inline outcome outcome_at(const cs_solver *s, uint32_t i, unsigned u)
{
    uint32_t r = s->rec[(size_t)i * 52 + u];
    size_t row = (size_t)s->value[i] * LANES + (u >> 2);
    outcome o;
    o.nq = (uint64_t)(s->bq[row] + REC_DQ(r));
    o.win = (uint64_t)(s->bw[row] + REC_DW(r));
    o.tie = REC_TIE(r);
    o.lose = TOTAL_COMPLETIONS - o.nq - o.win - o.tie;
    return o;
}

/* One situation read from the table; the cards are checked. */
static int lookup(const cs_solver *s, const uint8_t *player, uint8_t up, cs_deal_counts *out)
{
    uint64_t mask = 0;
    int st = cs__check_situation(player, up, &mask);
    if (st != CS_OK)
        return st;
    uint8_t perm[4], c[5];
    cs__canonical_perm(player, perm);
    for (int i = 0; i < 5; i++)
        c[i] = (uint8_t)((player[i] & ~3) | perm[player[i] & 3]);
    cs__sort5(c);
    uint64_t key = (uint64_t)cs__colex5(c) << 32;
    uint32_t lo = 0, hi = s->n; /* first entry with key >= colex << 32 */
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        if (s->by_colex[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == s->n || s->by_colex[lo] >> 32 != key >> 32)
        return CS_E_ARG; /* cannot happen for a valid hand */
    uint32_t i = (uint32_t)s->by_colex[lo];
    unsigned u = (unsigned)((up & ~3) | perm[up & 3]);
    outcome o = outcome_at(s, i, u);
    memset(out, 0, sizeof *out);
    out->not_qualify = o.nq;
    out->win = o.win;
    out->tie = o.tie;
    out->lose = o.lose;
    out->total = TOTAL_COMPLETIONS;
    out->player_value = s->value[i];
    out->player_category = cs__value_cat[s->value[i]];
    return CS_OK;
}

int cs_solver_situation(const cs_solver *s, const uint8_t *player, uint8_t up, cs_deal_counts *out)
{
    if (!s || !player || !out)
        return CS_E_NULL;
    return lookup(s, player, up, out);
}

typedef struct {
    const cs_solver *s;
    const uint8_t *players, *ups;
    uint32_t *counts;
    uint8_t *categories;
    int32_t *status;
    size_t first, last;
} many_job;

static void *situations_range(void *arg)
{
    many_job *j = arg;
    cs_deal_counts d;
    for (size_t k = j->first; k < j->last; k++) {
        int st = lookup(j->s, j->players + 5 * k, j->ups[k], &d);
        uint32_t *c = j->counts + 4 * k;
        if (st == CS_OK) {
            c[0] = (uint32_t)d.not_qualify;
            c[1] = (uint32_t)d.win;
            c[2] = (uint32_t)d.tie;
            c[3] = (uint32_t)d.lose;
            j->categories[k] = (uint8_t)d.player_category;
        } else {
            c[0] = c[1] = c[2] = c[3] = 0;
            j->categories[k] = 0;
        }
        j->status[k] = st;
    }
    return NULL;
}

int cs_solver_situations(const cs_solver *s, const uint8_t *players, const uint8_t *ups, size_t n,
                         uint32_t threads, uint32_t *counts, uint8_t *categories, int32_t *status)
{
    if (!s || (n && (!players || !ups || !counts || !categories || !status)))
        return CS_E_NULL;
    if (threads < 1 || threads > 64)
        return CS_E_ARG;
    if (n > SIZE_MAX / 5)
        return CS_E_SIZE;
    if (n < 4096)
        threads = 1; /* a few look-ups: not worth a thread */
    many_job jobs[64];
    for (uint32_t k = 0; k < threads; k++)
        jobs[k] = (many_job){s, players, ups, counts, categories, status, n * k / threads, n * (k + 1) / threads};
    cs__parallel(situations_range, jobs, sizeof *jobs, threads);
    return CS_OK;
}

static inline void add_raise(cs_totals *t, int cat, uint64_t w, outcome o)
{
    t->not_qualify[cat] += w * o.nq;
    t->win[cat] += w * o.win;
    t->tie[cat] += w * o.tie;
    t->lose[cat] += w * o.lose;
    t->raise_situations += w;
}

/* Sums over the up cards of one hand that raise. */
typedef struct {
    uint64_t n_raise, n_equal, nq, win, tie;
} hand_sums;

/* One hand: rec[52], bq and bw its value's rows; choice (optional): 0 fold, 1 raise,
 * 2 indifferent, 255 up card in the hand. */
static void sums_scalar(const uint32_t *rec, const int32_t *bq, const int32_t *bw, uint64_t in_hand,
                        cs__margin c, int tie_raises, hand_sums *h, uint8_t *choice)
{
    for (unsigned u = 0; u < 52; u++) {
        if (in_hand >> u & 1) {
            if (choice)
                choice[u] = 255;
            continue;
        }
        uint32_t r = rec[u];
        int64_t nq = bq[u >> 2] + REC_DQ(r), win = bw[u >> 2] + REC_DW(r), tie = REC_TIE(r);
        int64_t d = cs__raise_margin(c, nq, win, tie);
        uint64_t eq = d == 0, raises = (d > 0) | (eq & (uint64_t)tie_raises);
        uint64_t m = (uint64_t)0 - raises;
        h->n_raise += raises;
        h->n_equal += eq;
        h->nq += (uint64_t)nq & m;
        h->win += (uint64_t)win & m;
        h->tie += (uint64_t)tie & m;
        if (choice)
            choice[u] = (uint8_t)(eq ? 2 : d > 0);
    }
}

#if CS__X86_64
#include <immintrin.h>

/* Hands first .. last - 1 (all of one category, coefficients c), the four suits of one rank
 * at a time; only when the three count coefficients fit in 32 bits (products by 32-bit signed
 * multiplies, exact in 64 bits). Per hand the sums are multiplied by its weight in place. */
__attribute__((target("avx2"))) static void sums_avx2(const cs_solver *s, uint32_t first,
                                                      uint32_t last, cs__margin c, int tie_raises,
                                                      hand_sums *out, uint8_t *decisions)
{
    const __m256i m12 = _mm256_set1_epi64x(0xfff);
    const __m256i a = _mm256_set1_epi64x(c.nq), b = _mm256_set1_epi64x(c.win),
                  t = _mm256_set1_epi64x(c.tie), e = _mm256_set1_epi64x(c.base),
                  zero = _mm256_setzero_si256(), bit = _mm256_set_epi64x(8, 4, 2, 1),
                  tie_mask = _mm256_set1_epi64x(tie_raises ? -1 : 0);
    __m256i w_nq = zero, w_win = zero, w_tie = zero, w_n = zero, w_eq = zero;
    for (uint32_t i = first; i < last; i++) {
        const uint32_t *rec = s->rec + (size_t)i * 52;
        const int32_t *bq = s->bq + (size_t)s->value[i] * LANES;
        const int32_t *bw = s->bw + (size_t)s->value[i] * LANES;
        uint64_t in_hand = hand_mask(s->cards[i]);
        uint8_t *choice = decisions ? decisions + (size_t)i * 52 : NULL;
        __m256i s_nq = zero, s_win = zero, s_tie = zero, s_n = zero, s_eq = zero;
        for (unsigned r = 0; r < 13; r++) {
            __m256i x = _mm256_cvtepu32_epi64(_mm_loadu_si128((const __m128i *)(rec + 4 * r)));
            __m256i nq = _mm256_add_epi64(_mm256_and_si256(x, m12), _mm256_set1_epi64x(bq[r] - 2048));
            __m256i win = _mm256_add_epi64(_mm256_and_si256(_mm256_srli_epi64(x, 12), m12),
                                           _mm256_set1_epi64x(bw[r] - 2048));
            __m256i tie = _mm256_srli_epi64(x, 24);
            __m256i d = _mm256_add_epi64(
                _mm256_add_epi64(_mm256_mul_epi32(nq, a), _mm256_mul_epi32(win, b)),
                _mm256_add_epi64(_mm256_mul_epi32(tie, t), e));
            __m256i gt = _mm256_cmpgt_epi64(d, zero), eq = _mm256_cmpeq_epi64(d, zero);
            unsigned held = (unsigned)(in_hand >> (4 * r) & 15);
            if (held) { /* keep the lanes of up cards not in the hand */
                __m256i valid =
                    _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_set1_epi64x(held), bit), zero);
                gt = _mm256_and_si256(gt, valid);
                eq = _mm256_and_si256(eq, valid);
            }
            __m256i raise = _mm256_or_si256(gt, _mm256_and_si256(eq, tie_mask));
            s_nq = _mm256_add_epi64(s_nq, _mm256_and_si256(nq, raise));
            s_win = _mm256_add_epi64(s_win, _mm256_and_si256(win, raise));
            s_tie = _mm256_add_epi64(s_tie, _mm256_and_si256(tie, raise));
            s_n = _mm256_sub_epi64(s_n, raise);
            s_eq = _mm256_sub_epi64(s_eq, eq);
            if (choice) {
                int g = _mm256_movemask_pd(_mm256_castsi256_pd(gt));
                int q = _mm256_movemask_pd(_mm256_castsi256_pd(eq));
                for (unsigned l = 0; l < 4; l++)
                    choice[4 * r + l] = held >> l & 1 ? 255 : (uint8_t)(q >> l & 1 ? 2 : g >> l & 1);
            }
        }
        /* a hand's lane sums are below 13 * 163,185 < 2^32: 32 x 32 -> 64-bit products */
        __m256i w = _mm256_set1_epi64x(s->weight[i]);
        w_nq = _mm256_add_epi64(w_nq, _mm256_mul_epu32(s_nq, w));
        w_win = _mm256_add_epi64(w_win, _mm256_mul_epu32(s_win, w));
        w_tie = _mm256_add_epi64(w_tie, _mm256_mul_epu32(s_tie, w));
        w_n = _mm256_add_epi64(w_n, _mm256_mul_epu32(s_n, w));
        w_eq = _mm256_add_epi64(w_eq, _mm256_mul_epu32(s_eq, w));
    }
    uint64_t lanes[5][4];
    _mm256_storeu_si256((__m256i *)lanes[0], w_nq);
    _mm256_storeu_si256((__m256i *)lanes[1], w_win);
    _mm256_storeu_si256((__m256i *)lanes[2], w_tie);
    _mm256_storeu_si256((__m256i *)lanes[3], w_n);
    _mm256_storeu_si256((__m256i *)lanes[4], w_eq);
    for (int l = 0; l < 4; l++) {
        out->nq += lanes[0][l];
        out->win += lanes[1][l];
        out->tie += lanes[2][l];
        out->n_raise += lanes[3][l];
        out->n_equal += lanes[4][l];
    }
}
#endif

/* One hand deciding once for all its up cards (CS_IGNORE_UP): by the sign of the sum of its
 * margins (within 47 x 2^61: 128 bits). h, zero, gets the sums of all its up cards if it raises. */
static void sums_blind(const uint32_t *rec, const int32_t *bq, const int32_t *bw, uint64_t in_hand,
                       cs__margin c, int tie_raises, hand_sums *h, uint8_t *choice)
{
    __int128 sum = 0;
    uint64_t nq_all = 0, win_all = 0, tie_all = 0;
    for (uint64_t up = ~in_hand & (((uint64_t)1 << 52) - 1); up; up &= up - 1) {
        const unsigned u = (unsigned)__builtin_ctzll(up);
        int64_t nq = bq[u >> 2] + REC_DQ(rec[u]), win = bw[u >> 2] + REC_DW(rec[u]);
        int64_t tie = REC_TIE(rec[u]);
        sum += cs__raise_margin(c, nq, win, tie);
        nq_all += (uint64_t)nq;
        win_all += (uint64_t)win;
        tie_all += (uint64_t)tie;
    }
    int hc = sum > 0 ? 1 : sum < 0 ? 0 : 2;
    if (choice)
        for (unsigned u = 0; u < 52; u++)
            choice[u] = in_hand >> u & 1 ? 255 : (uint8_t)hc;
    h->n_equal = hc == 2 ? UPS : 0;
    if (hc == 1 || (hc == 2 && tie_raises)) {
        h->n_raise = UPS;
        h->nq = nq_all;
        h->win = win_all;
        h->tie = tie_all;
    }
}

/* Hands first .. last - 1 (all of one category, coefficients c) one at a time, each weighted. */
static void sums_hands(const cs_solver *s, uint32_t first, uint32_t last, cs__margin c, int tie_raises,
                       int ignore_up, hand_sums *h, uint8_t *decisions)
{
    for (uint32_t i = first; i < last; i++) {
        uint64_t w = s->weight[i];
        const uint32_t *rec = s->rec + (size_t)i * 52;
        const int32_t *bq = s->bq + (size_t)s->value[i] * LANES;
        const int32_t *bw = s->bw + (size_t)s->value[i] * LANES;
        uint64_t in_hand = hand_mask(s->cards[i]);
        uint8_t *choice = decisions ? decisions + (size_t)i * 52 : NULL;
        hand_sums hs = {0, 0, 0, 0, 0};
        if (ignore_up)
            sums_blind(rec, bq, bw, in_hand, c, tie_raises, &hs, choice);
        else
            sums_scalar(rec, bq, bw, in_hand, c, tie_raises, &hs, choice);
        h->nq += w * hs.nq;
        h->win += w * hs.win;
        h->tie += w * hs.tie;
        h->n_raise += w * hs.n_raise;
        h->n_equal += w * hs.n_equal;
    }
}

/* How to price each category: its coefficients, and whether the AVX2 sums apply (a CPU with
 * AVX2, up cards decided one by one, coefficients within 32 bits). */
typedef struct {
    cs__margin coef[CS_NUM_CATEGORIES];
    int vector[CS_NUM_CATEGORIES];
    int tie_raises, ignore_up;
} price_plan;

static inline int fits32(int64_t x)
{
    return x >= INT32_MIN && x <= INT32_MAX;
}

static void plan_prices(const cs_nets *nets, uint32_t flags, price_plan *pl)
{
    pl->tie_raises = (flags & CS_RAISE_ON_TIE) != 0;
    pl->ignore_up = (flags & CS_IGNORE_UP) != 0;
    for (int cat = 0; cat < CS_NUM_CATEGORIES; cat++) {
        cs__margin c = cs__margin_of(nets, cat, TOTAL_COMPLETIONS);
        pl->coef[cat] = c;
        pl->vector[cat] = CS__X86_64 && cs__have_avx2() && !pl->ignore_up && fits32(c.nq) && fits32(c.win)
                       && fits32(c.tie);
    }
}

/* The weighted sums of hands first .. last - 1, all of category cat. */
static void price_run(const cs_solver *s, const price_plan *pl, int cat, uint32_t first, uint32_t last,
                      hand_sums *h, uint8_t *decisions)
{
#if CS__X86_64
    if (pl->vector[cat]) {
        sums_avx2(s, first, last, pl->coef[cat], pl->tie_raises, h, decisions);
        return;
    }
#endif
    sums_hands(s, first, last, pl->coef[cat], pl->tie_raises, pl->ignore_up, h, decisions);
}

/* A run of hands of category cat into the totals: h, the weighted sums of the situations that
 * raise; every other situation of the hands_w hands (weighted) folds. */
static void add_run(cs_totals *out, int cat, const hand_sums *h, uint64_t hands_w)
{
    out->not_qualify[cat] += h->nq;
    out->win[cat] += h->win;
    out->tie[cat] += h->tie;
    out->lose[cat] += h->n_raise * TOTAL_COMPLETIONS - h->nq - h->win - h->tie;
    out->raise_situations += h->n_raise;
    out->indifferent_situations += h->n_equal;
    out->fold[cat] += (hands_w * UPS - h->n_raise) * TOTAL_COMPLETIONS;
    out->total_weight += hands_w * UPS * TOTAL_COMPLETIONS;
}

int cs_solver_price(const cs_solver *s, const cs_nets *nets, uint32_t flags,
                    cs_totals *out, uint8_t *decisions, size_t n_decisions)
{
    if (!s || !nets || !out)
        return CS_E_NULL;
    if (decisions && n_decisions != (size_t)s->n * 52)
        return CS_E_SIZE;
    if (flags & ~3u)
        return CS_E_ARG;
    int st = cs__check_nets(nets, CS__NET_LIMIT);
    if (st != CS_OK)
        return st;
    price_plan pl;
    plan_prices(nets, flags, &pl);
    memset(out, 0, sizeof *out);
    /* hands are in increasing value: each category is one run of hands */
    for (uint32_t first = 0, last; first < s->n; first = last) {
        const int cat = cs__value_cat[s->value[first]];
        uint64_t hands_w = 0;
        for (last = first; last < s->n && cs__value_cat[s->value[last]] == cat; last++)
            hands_w += s->weight[last];
        hand_sums h = {0, 0, 0, 0, 0};
        price_run(s, &pl, cat, first, last, &h, decisions);
        add_run(out, cat, &h, hands_w);
    }
    return CS_OK;
}

/* pattern, flush flag and up card give the chart cell of a situation */
static inline uint32_t cell_of(const uint8_t *p, uint32_t pattern, int flush, unsigned u)
{
    int match = 0;
    for (int k = 0; k < 5; k++)
        match += (p[k] & 3) == (u & 3);
    return cs__chart_cell(pattern, (uint32_t)flush, u >> 2, (uint32_t)match);
}

static inline uint32_t pattern_of(const uint8_t *p, int *flush)
{
    uint8_t r[5];
    for (int k = 0; k < 5; k++)
        r[k] = p[k] >> 2; /* p sorted ascending, so ranks are too */
    *flush = cs__one_suit5(p);
    return (uint32_t)cs__pattern_of_key[cs__rank_key(r)];
}

/* shared walk of apply, apply_cells and chart: per_cell selects how raise is indexed */
static int walk(const cs_solver *s, const uint8_t *raise, int per_cell, cs_totals *out,
                uint64_t *raise_w, uint64_t *total_w)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (raise_w) {
        memset(raise_w, 0, (size_t)CS_NUM_CHART_CELLS * sizeof *raise_w);
        memset(total_w, 0, (size_t)CS_NUM_CHART_CELLS * sizeof *total_w);
    }
    for (uint32_t i = 0; i < s->n; i++) {
        uint8_t p[5];
        unpack(s->cards[i], p);
        uint64_t in_hand = hand_mask(s->cards[i]);
        int flush;
        uint32_t pattern = pattern_of(p, &flush);
        int cat = cs__value_cat[s->value[i]];
        uint64_t w = s->weight[i];
        for (unsigned u = 0; u < 52; u++) {
            if (in_hand >> u & 1)
                continue;
            uint32_t cell = cell_of(p, pattern, flush, u);
            int r = per_cell ? raise[cell] != 0 : raise[(size_t)i * 52 + u] != 0;
            if (raise_w) {
                total_w[cell] += w;
                if (r)
                    raise_w[cell] += w;
            }
            if (!out)
                continue;
            if (r)
                add_raise(out, cat, w, outcome_at(s, i, u));
            else
                out->fold[cat] += w * TOTAL_COMPLETIONS;
            out->total_weight += w * TOTAL_COMPLETIONS;
        }
    }
    return CS_OK;
}

int cs_solver_apply(const cs_solver *s, const uint8_t *raise, size_t n_raise, cs_totals *out)
{
    if (!s || !raise || !out)
        return CS_E_NULL;
    if (n_raise != (size_t)s->n * 52)
        return CS_E_SIZE;
    return walk(s, raise, 0, out, NULL, NULL);
}

int cs_solver_apply_cells(const cs_solver *s, const uint8_t *raise, size_t n_cells, cs_totals *out)
{
    if (!s || !raise || !out)
        return CS_E_NULL;
    if (n_cells != (size_t)CS_NUM_CHART_CELLS)
        return CS_E_SIZE;
    return walk(s, raise, 1, out, NULL, NULL);
}

int cs_solver_chart(const cs_solver *s, const uint8_t *raise, size_t n_raise,
                    uint64_t *raise_weight, uint64_t *total_weight, size_t n_cells)
{
    if (!s || !raise || !raise_weight || !total_weight)
        return CS_E_NULL;
    if (n_raise != (size_t)s->n * 52 || n_cells != (size_t)CS_NUM_CHART_CELLS)
        return CS_E_SIZE;
    return walk(s, raise, 0, NULL, raise_weight, total_weight);
}

uint16_t cs__solver_qualifier(const cs_solver *s)
{
    return s->qualifier;
}

int cs_solver_cell_counts(const cs_solver *s, uint64_t *not_qualify, uint64_t *win, uint64_t *tie,
                          uint64_t *lose, size_t n_cells)
{
    if (!s || !not_qualify || !win || !tie || !lose)
        return CS_E_NULL;
    if (n_cells != (size_t)CS_NUM_CHART_CELLS)
        return CS_E_SIZE;
    size_t bytes = (size_t)CS_NUM_CHART_CELLS * sizeof *win;
    memset(not_qualify, 0, bytes);
    memset(win, 0, bytes);
    memset(tie, 0, bytes);
    memset(lose, 0, bytes);
    for (uint32_t i = 0; i < s->n; i++) {
        uint8_t p[5];
        unpack(s->cards[i], p);
        uint64_t in_hand = hand_mask(s->cards[i]);
        int flush;
        uint32_t pattern = pattern_of(p, &flush);
        uint64_t w = s->weight[i];
        for (unsigned u = 0; u < 52; u++) {
            if (in_hand >> u & 1)
                continue;
            uint32_t cell = cell_of(p, pattern, flush, u);
            outcome o = outcome_at(s, i, u);
            not_qualify[cell] += w * o.nq;
            win[cell] += w * o.win;
            tie[cell] += w * o.tie;
            lose[cell] += w * o.lose;
        }
    }
    return CS_OK;
}
