/* switch_hand.c - card switching (Oasis Poker): one situation, every discard set, exact (cs_switch).
 *
 * After seeing his five cards and the up card the player replaces the cards of a discard set
 * (j of his five) by j cards drawn from the 46 unseen; the discards are out of play and the
 * dealer's four hole cards come from the 46 - j cards left. Then he raises or folds.
 *
 * For a final hand H = kept cards + replacement set R, the dealer hands below a threshold t are
 * counted by inclusion-exclusion over the subsets S of R (the dealer may not hold a card of R):
 *     F_R(t) = sum over S of (-1)^|S| G_S(t),   G_S(t) = #{4-sets T of the 46 unseen, T >= S,
 *                                                           value(T + up) < t}
 * with G read from tables built once per situation for every discard set: G_0 and G_{x} as
 * cumulative counts by value, G_{x,y} the same for each of the 1,035 pairs, G_{x,y,z} from the
 * 43 sorted values of each triple, G of four cards a lookup. The thresholds are the qualifier and
 * the final hand's value v and v + 1 (raised to the qualifier); a hand below the qualifier only
 * needs the counts below the qualifier, kept apart in small tables.
 */
#include <stdlib.h>
#include <string.h>

#include "switch_internal.h"

#define NU 46                   /* unseen cards in one situation: 52 - 5 - 1 */
#define TRIPLE_ROW 48           /* n - 3 values (43 for one situation, 48 at most), padded */

/* The tables over n cards (unseen[0 .. n)): the dealer's four hole cards come from them, less the
 * cards a final hand holds; counts are by position in unseen. */
typedef struct {
    uint32_t n;
    uint8_t unseen[MAXN];
    uint8_t player[5], up;
    uint16_t q;
    uint32_t flags;
    const cs_nets *nets;
    uint32_t *cum0;             /* [NT] */
    uint16_t *cum1;             /* [n][NT] */
    uint16_t *cum2;             /* [C(n, 2)][NT], only when a set discards 2 or more */
    uint16_t *tri;              /* [C(n, 3)][TRIPLE_ROW] sorted, padded with CS__NO_VALUE */
    uint16_t *w4;               /* [C(n, 4)] value of each dealer hand */
    uint16_t q1[MAXN];          /* below the qualifier */
    uint16_t *q2;               /* [C(n, 2)], filled when a set discards 2 or more */
    uint8_t *q3;                /* [C(n, 3)], filled when a set discards 3 or more */
    int max_j;                  /* the most cards a set asked for discards */
    /* work items: (discard set, highest replacement index) */
    uint32_t n_items;
    uint16_t items[32 * NU];
    atomic_uint next;
} sw_ctx;

typedef struct {
    sw_ctx *ctx;
    cs_totals out[32];
} sw_job;

static inline uint32_t pair_ix(uint32_t a, uint32_t b) /* a < b */
{
    return a + b * (b - 1) / 2;
}

static inline uint32_t triple_ix(uint32_t a, uint32_t b, uint32_t c) /* a < b < c */
{
    return a + b * (b - 1) / 2 + cs__binom[c][3];
}

static inline uint32_t quad_ix(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    return a + b * (b - 1) / 2 + cs__binom[c][3] + cs__binom[d][4];
}

typedef uint16_t sw_v16u16 __attribute__((vector_size(32)));

/* Adds to acc1 and acc2 (lane counts) the values of a triple's row below t1 and below t2. */
static inline __attribute__((always_inline)) void tri_below(const uint16_t *row, const sw_v16u16 *t1,
                                                             const sw_v16u16 *t2, sw_v16u16 *acc1, sw_v16u16 *acc2)
{
    for (int k = 0; k < TRIPLE_ROW; k += 16) {
        sw_v16u16 v;
        memcpy(&v, row + k, sizeof v);
        *acc1 -= (sw_v16u16)(v < *t1); /* -1 where below */
        *acc2 -= (sw_v16u16)(v < *t2);
    }
}

static inline __attribute__((always_inline)) int64_t lanes(const sw_v16u16 *a)
{
    int64_t n = 0;
    for (int l = 0; l < 16; l++)
        n += (*a)[l];
    return n;
}

/* The tables for n cards (n <= MAXN), for hands that leave out up to max_j of them (cum2 from 2, the
 * triples from 3): allocated once, filled by fill() for each set of n cards. */
static int tables_alloc(sw_ctx *c, uint32_t n, int max_j)
{
    const size_t nt = cs__binom[n][3], np = cs__binom[n][2];
    c->cum0 = malloc(NT * sizeof *c->cum0);
    c->cum1 = malloc((size_t)n * NT * sizeof *c->cum1);
    c->w4 = malloc(cs__binom[n][4] * sizeof *c->w4);
    c->q2 = malloc(np * sizeof *c->q2);
    c->q3 = malloc(nt * sizeof *c->q3);
    c->cum2 = max_j >= 2 ? malloc(np * NT * sizeof *c->cum2) : NULL;
    c->tri = max_j >= 3 ? malloc(nt * TRIPLE_ROW * sizeof *c->tri) : NULL;
    if (!c->cum0 || !c->cum1 || !c->w4 || !c->q2 || !c->q3 || (max_j >= 2 && !c->cum2) || (max_j >= 3 && !c->tri))
        return CS_E_NOMEM;
    return CS_OK;
}

static void tables_free(sw_ctx *c)
{
    free(c->cum0);
    free(c->cum1);
    free(c->cum2);
    free(c->tri);
    free(c->w4);
    free(c->q2);
    free(c->q3);
}

/* Fills the tables for the c->n cards of c->unseen (the allocation's n or fewer). */
static void fill(sw_ctx *c)
{
    const uint32_t n = c->n;
    const size_t nt = cs__binom[n][3], np = cs__binom[n][2];
    memset(c->cum0, 0, NT * sizeof *c->cum0);
    memset(c->cum1, 0, (size_t)n * NT * sizeof *c->cum1);
    memset(c->q1, 0, sizeof c->q1);
    memset(c->q2, 0, np * sizeof *c->q2);
    memset(c->q3, 0, nt * sizeof *c->q3);
    if (c->cum2)
        memset(c->cum2, 0, np * NT * sizeof *c->cum2);
    uint8_t fill[20825]; /* C(51, 3) */
    memset(fill, 0, sizeof fill);
    for (uint32_t d = 3; d < n; d++)
        for (uint32_t cc = 2; cc < d; cc++)
            for (uint32_t b = 1; b < cc; b++)
                for (uint32_t a = 0; a < b; a++) {
                    uint8_t h[5] = {c->unseen[a], c->unseen[b], c->unseen[cc], c->unseen[d], c->up};
                    uint16_t w = cs__value_of(h);
                    c->w4[quad_ix(a, b, cc, d)] = w;
                    c->cum0[w + 1]++;
                    const uint32_t four[4] = {a, b, cc, d};
                    for (int i = 0; i < 4; i++)
                        c->cum1[(size_t)four[i] * NT + w + 1]++;
                    int below = w < c->q;
                    for (int i = 0; i < 4; i++)
                        c->q1[four[i]] += below;
                    if (c->max_j < 2) /* one card: no pair or triple of replacements to subtract */
                        continue;
                    for (int i = 0; i < 4; i++) {
                        for (int k = i + 1; k < 4; k++) {
                            uint32_t p = pair_ix(four[i], four[k]);
                            c->q2[p] += below;
                            if (c->cum2)
                                c->cum2[(size_t)p * NT + w + 1]++;
                        }
                    }
                    if (c->max_j < 3)
                        continue;
                    for (int skip = 0; skip < 4; skip++) {
                        uint32_t t3[3], o = 0;
                        for (int i = 0; i < 4; i++)
                            if (i != skip)
                                t3[o++] = four[i];
                        uint32_t t = triple_ix(t3[0], t3[1], t3[2]);
                        c->q3[t] += below;
                        if (c->tri)
                            c->tri[(size_t)t * TRIPLE_ROW + fill[t]++] = w;
                    }
                }
    /* cumulative: entry t counts the values below t (the histograms were built one up) */
    for (uint32_t t = 1; t < NT; t++)
        c->cum0[t] += c->cum0[t - 1];
    for (uint32_t x = 0; x < n; x++) {
        uint16_t *r = c->cum1 + (size_t)x * NT;
        for (uint32_t t = 1; t < NT; t++)
            r[t] += r[t - 1];
    }
    if (c->cum2)
        for (uint32_t p = 0; p < np; p++) {
            uint16_t *r = c->cum2 + (size_t)p * NT;
            for (uint32_t t = 1; t < NT; t++)
                r[t] += r[t - 1];
        }
    if (c->tri)
        for (uint32_t t = 0; t < nt; t++) {
            uint16_t *r = c->tri + (size_t)t * TRIPLE_ROW;
            for (int k = fill[t]; k < TRIPLE_ROW; k++)
                r[k] = CS__NO_VALUE;
        }
}

/* F_R at the qualifier and at two thresholds t1 <= t2 (each >= q) when want is set. */
static inline __attribute__((always_inline)) void below(const sw_ctx *c, const uint32_t *r, int j, int want,
                                                         uint16_t t1, uint16_t t2, int64_t *fq, int64_t *f1,
                                                         int64_t *f2)
{
    int64_t a = c->cum0[c->q], b = 0, e = 0;
    sw_v16u16 acc1 = {0}, acc2 = {0}, v1, v2;
    for (int l = 0; l < 16; l++) {
        v1[l] = t1;
        v2[l] = t2;
    }
    if (want) {
        b = c->cum0[t1];
        e = c->cum0[t2];
    }
    for (int i = 0; i < j; i++) {
        a -= c->q1[r[i]];
        if (want) {
            const uint16_t *row = c->cum1 + (size_t)r[i] * NT;
            b -= row[t1];
            e -= row[t2];
        }
        for (int k = i + 1; k < j; k++) {
            uint32_t p = pair_ix(r[i], r[k]);
            a += c->q2[p];
            if (want) {
                const uint16_t *row = c->cum2 + (size_t)p * NT;
                b += row[t1];
                e += row[t2];
            }
            for (int l = k + 1; l < j; l++) {
                uint32_t t = triple_ix(r[i], r[k], r[l]);
                a -= c->q3[t];
                if (want)
                    tri_below(c->tri + (size_t)t * TRIPLE_ROW, &v1, &v2, &acc1, &acc2);
                for (int m = l + 1; m < j; m++) {
                    uint16_t w = c->w4[quad_ix(r[i], r[k], r[l], r[m])];
                    a += w < c->q;
                    if (want) {
                        b += w < t1;
                        e += w < t2;
                    }
                }
            }
        }
    }
    *fq = a;
    *f1 = b - lanes(&acc1); /* at most 10 triples x 3 per lane: no overflow */
    *f2 = e - lanes(&acc2);
}

/* Every replacement set of discard set d whose highest card is unseen[top], in colex order (the
 * lowest card changes fastest: the hand values are read nearly in order). */
static inline __attribute__((always_inline)) void run_item_body(const sw_ctx *c, uint32_t d, uint32_t top,
                                                                 cs_totals *o)
{
    int j = __builtin_popcount(d);
    uint8_t kept[5];
    int nk = 0;
    for (int i = 0; i < 5; i++)
        if (!(d >> i & 1))
            kept[nk++] = c->player[i];
    for (int i = 1; i < nk; i++) /* ascending */
        for (int k = i; k > 0 && kept[k] < kept[k - 1]; k--) {
            uint8_t x = kept[k];
            kept[k] = kept[k - 1];
            kept[k - 1] = x;
        }
    const uint64_t comp = cs__binom[NU - j][4];
    uint32_t r[5] = {0, 1, 2, 3, 4};
    if (j > 0)
        r[j - 1] = top;
    for (;;) {
        uint8_t h[5];
        int a = 0, b = 0;
        for (int x = 0; x < 5; x++) /* merge: the final hand, ascending */
            h[x] = (b >= j || (a < nk && kept[a] < c->unseen[r[b]])) ? kept[a++] : c->unseen[r[b++]];
        uint16_t v = cs__value5[cs__colex5(h)];
        int cat = cs__value_cat[v];
        int want = v >= c->q;
        int64_t fq, f1, f2;
        below(c, r, j, want, v, (uint16_t)(v + 1), &fq, &f1, &f2);
        int64_t nq = fq, win = 0, tie = 0;
        if (want) {
            win = f1 - fq;
            tie = f2 - f1;
        } else {
            f2 = fq;
        }
        int64_t lose = (int64_t)comp - f2;
        cs__margin m = cs__margin_of(c->nets, cat, comp);
        int64_t margin = cs__raise_margin(m, nq, win, tie);
        if (margin == 0)
            o->indifferent_situations++;
        const int raise = margin > 0 || (margin == 0 && (c->flags & CS_RAISE_ON_TIE)) ||
                          (d == 31 && (c->flags & CS_SWITCH_FIVE_RAISES));
        cs__tally_outcome(o, cat, raise, 1, nq, win, tie, lose, 1, comp);
        /* the next set below top, colex: raise the lowest card that can rise, reset those below it */
        int x = 0;
        while (x < j - 1 && r[x] + 1 == r[x + 1])
            x++;
        if (x >= j - 1)
            break;
        r[x]++;
        for (int y = 0; y < x; y++)
            r[y] = (uint32_t)y;
    }
}

static void run_item_generic(const sw_ctx *c, uint32_t d, uint32_t top, cs_totals *o)
{
    run_item_body(c, d, top, o);
}

#if CS__X86_64
__attribute__((target("avx2"))) static void run_item_avx2(const sw_ctx *c, uint32_t d, uint32_t top, cs_totals *o)
{
    run_item_body(c, d, top, o);
}

static void run_item(const sw_ctx *c, uint32_t d, uint32_t top, cs_totals *o)
{
    if (cs__have_avx2())
        run_item_avx2(c, d, top, o);
    else
        run_item_generic(c, d, top, o);
}
#else
#define run_item run_item_generic
#endif

static void *worker(void *arg)
{
    sw_job *job = arg;
    sw_ctx *c = job->ctx;
    for (;;) {
        uint32_t k = atomic_fetch_add(&c->next, 1);
        if (k >= c->n_items)
            break;
        run_item(c, c->items[k] >> 8, c->items[k] & 0xff, &job->out[c->items[k] >> 8]);
    }
    return NULL;
}

int cs_switch(const uint8_t *player, uint8_t up, uint32_t set_mask, uint16_t qualifier, const cs_nets *nets,
              uint32_t flags, uint32_t threads, cs_totals *out, size_t n_out)
{
    if (!player || !nets || !out)
        return CS_E_NULL;
    if (n_out != 32)
        return CS_E_SIZE;
    if (qualifier > CS_NUM_VALUES || threads < 1 || threads > 64 || (flags & ~(uint32_t)(CS_RAISE_ON_TIE | CS_SWITCH_FIVE_RAISES)))
        return CS_E_ARG;
    uint64_t mask = 0;
    int st;
    if ((st = cs__check_situation(player, up, &mask)) != CS_OK)
        return st;
    if ((st = cs__check_nets(nets, CS__NET_LIMIT)) != CS_OK)
        return st;
    if ((st = cs__ensure_tables()) != CS_OK)
        return st;
    memset(out, 0, n_out * sizeof *out);
    if (set_mask == 0)
        return CS_OK;
    sw_ctx *c = calloc(1, sizeof *c);
    sw_job *jobs = calloc(threads, sizeof *jobs);
    if (!c || !jobs) {
        free(c);
        free(jobs);
        return CS_E_NOMEM;
    }
    uint32_t n = 0;
    for (uint8_t x = 0; x < 52; x++)
        if (!(mask >> x & 1))
            c->unseen[n++] = x;
    memcpy(c->player, player, 5);
    c->up = up;
    c->q = qualifier;
    c->flags = flags;
    c->nets = nets;
    int max_j = 0;
    /* work items, the largest first: discard sets by size, then the lowest replacement card */
    for (int j = 5; j >= 0; j--)
        for (uint32_t d = 0; d < 32; d++) {
            if (!(set_mask >> d & 1) || __builtin_popcount(d) != j)
                continue;
            max_j = j > max_j ? j : max_j;
            /* the highest replacement card: the largest shares first */
            uint32_t lo = j == 0 ? 0 : (uint32_t)j - 1, hi = j == 0 ? 1 : NU;
            for (uint32_t t = hi; t-- > lo;)
                c->items[c->n_items++] = (uint16_t)(d << 8 | t);
        }
    atomic_init(&c->next, 0);
    c->n = NU;
    c->max_j = max_j;
    st = tables_alloc(c, NU, max_j);
    if (st == CS_OK) {
        fill(c);
        for (uint32_t t = 0; t < threads; t++)
            jobs[t].ctx = c;
        cs__parallel(worker, jobs, sizeof *jobs, threads);
        for (uint32_t t = 0; t < threads; t++)
            for (uint32_t d = 0; d < 32; d++)
                cs__totals_add(&out[d], &jobs[t].out[d]);
    }
    tables_free(c);
    free(c);
    free(jobs);
    return st;
}
