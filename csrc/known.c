/* known.c - known-card analysis.
 *
 * cs_solve_seen_one: the whole game when the player also sees one of the dealer's hole cards,
 * exact. For player hand P, up card u and seen card s, the dealer hands are the 5-card hands
 * containing {u, s} and disjoint from P; by inclusion-exclusion over S subset of P (|S| <= 3),
 *     #{D : v(D) < x} = sum (-1)^|S| N_x({u, s} + S).
 * One sweep over the hands in increasing value keeps the running counts of hands containing
 * every 2-, 3- and 4-card set; a copy taken when the sweep passes the qualifier answers the
 * "dealer does not qualify" counts, the running counts answer "below the player". Each
 * situation is decided on the spot (exact integer comparison) and aggregated: nothing per
 * situation is stored.
 *
 * cs_sample_deals: deals drawn at random (a counter-based generator: deal i depends only on the
 * seed and i, whatever the thread count), each decided exactly by enumerating the dealer's
 * remaining completions given what the player knows (k dealer hole cards, other players' hands).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define N4 270725u
#define N3 22100u
#define N2 1326u
#define SEEN_COMPLETIONS 14190u /* C(45,3) */

/* Running counts of swept hands containing each 2-, 3- and 4-card set (at most 19,600, 1,176
 * and 48: 16 and 8 bits suffice) and a bitmap of the swept 5-card hands, all cache-friendly. */
#define N5_WORDS ((2598960u + 63u) / 64u)
typedef struct {
    uint16_t *c2, *c3;
    uint8_t *c4;
    uint64_t *h5;
} pair_counters;

static int counters_alloc(pair_counters *c)
{
    c->c2 = calloc(N2, sizeof *c->c2);
    c->c3 = calloc(N3, sizeof *c->c3);
    c->c4 = calloc(N4, sizeof *c->c4);
    c->h5 = calloc(N5_WORDS, sizeof *c->h5);
    return c->c2 && c->c3 && c->c4 && c->h5 ? CS_OK : CS_E_NOMEM;
}

static void counters_free(pair_counters *c)
{
    free(c->c2);
    free(c->c3);
    free(c->c4);
    free(c->h5);
}

static void counters_copy(pair_counters *dst, const pair_counters *src)
{
    memcpy(dst->c2, src->c2, N2 * sizeof *dst->c2);
    memcpy(dst->c3, src->c3, N3 * sizeof *dst->c3);
    memcpy(dst->c4, src->c4, N4 * sizeof *dst->c4);
    memcpy(dst->h5, src->h5, N5_WORDS * sizeof *dst->h5);
}

static void counters_add(pair_counters *ct, const uint8_t *c)
{
    const uint32_t (*bt)[53] = cs__binom_t;
    for (int i = 0; i < 5; i++)
        for (int j = i + 1; j < 5; j++) {
            uint32_t ij = bt[1][c[i]] + bt[2][c[j]];
            ct->c2[ij]++;
            for (int k = j + 1; k < 5; k++) {
                uint32_t ijk = ij + bt[3][c[k]];
                ct->c3[ijk]++;
                for (int l = k + 1; l < 5; l++)
                    ct->c4[ijk + bt[4][c[l]]]++;
            }
        }
    uint32_t h = cs__colex5(c);
    ct->h5[h >> 6] |= (uint64_t)1 << (h & 63);
}

/* qacc/xacc[i * 47 + j] (i < j index the 47 cards outside P, np[]): hands containing
 * {np[i], np[j]}, disjoint from P, counted in snap (swept below the qualifier) and, if run is
 * given, in run (swept so far). btn[k][j] = C(np[j], k). */
#define SEGMENT(LOOKUP)                                                                     \
    do {                                                                                    \
        if (xa)                                                                             \
            for (; j < 47 && np[j] < limit; j++) {                                          \
                uint32_t idx = base + bk[j];                                                \
                qa[j] += sign * (int32_t)LOOKUP(snap, idx);                                 \
                xa[j] += sign * (int32_t)LOOKUP(run, idx);                                  \
            }                                                                               \
        else                                                                                \
            for (; j < 47 && np[j] < limit; j++)                                            \
                qa[j] += sign * (int32_t)LOOKUP(snap, (base + bk[j]));                      \
    } while (0)
#define L2(c, idx) (c)->c2[idx]
#define L3(c, idx) (c)->c3[idx]
#define L4(c, idx) (c)->c4[idx]
#define L5(c, idx) ((c)->h5[(idx) >> 6] >> ((idx) & 63) & 1)

static void query_pairs(const pair_counters *snap, const pair_counters *run, const uint8_t *p,
                        const uint8_t *np, uint32_t (*btn)[47], int32_t *qacc, int32_t *xacc)
{
    memset(qacc, 0, 47 * 47 * sizeof *qacc);
    if (run)
        memset(xacc, 0, 47 * 47 * sizeof *xacc);
    const uint32_t (*bt)[53] = cs__binom_t;
    for (unsigned sub = 0; sub < 32; sub++) {
        int m = __builtin_popcount(sub);
        if (m > 3)
            continue;
        uint8_t s[4] = {0, 0, 0, 0};
        int k = 0;
        for (int i = 0; i < 5; i++)
            if (sub >> i & 1)
                s[k++] = p[i];
        const int32_t sign = (m & 1) ? -1 : 1;
        for (int i = 0; i < 46; i++) {
            unsigned u = np[i];
            /* t = S + {u}, sorted */
            uint8_t t[4];
            int n = 0, placed = 0;
            for (int e = 0; e < m; e++) {
                if (!placed && u < s[e]) {
                    t[n++] = (uint8_t)u;
                    placed = 1;
                }
                t[n++] = s[e];
            }
            if (!placed)
                t[n++] = (uint8_t)u;
            int32_t *qa = qacc + (size_t)i * 47, *xa = run ? xacc + (size_t)i * 47 : NULL;
            int j = i + 1;
            /* segments of the second card between t's cards: r of t's cards lie below it */
            for (int r = 0; r <= n && j < 47; r++) {
                unsigned limit = r < n ? t[r] : 52u;
                uint32_t base = 0;
                for (int e = 0; e < n; e++)
                    base += bt[e + (e < r ? 1 : 2)][t[e]];
                const uint32_t *bk = btn[r + 1];
                switch (n) {
                case 1: SEGMENT(L2); break;
                case 2: SEGMENT(L3); break;
                case 3: SEGMENT(L4); break;
                default: SEGMENT(L5); break;
                }
            }
        }
    }
}

/* tie[a * 52 + b] (a < b): hands with the player's value, disjoint from P, containing a and b */
static void pair_ties(const uint8_t *p, uint16_t pv, uint16_t *tie, uint8_t *touched, int *n_touched)
{
    int cnt[13] = {0};
    unsigned used[13] = {0};
    for (int i = 0; i < 5; i++) {
        cnt[p[i] >> 2]++;
        used[p[i] >> 2] |= 1u << (p[i] & 3);
    }
    int ranks[5], nr = 0, nopt[5];
    unsigned options[5][6];
    for (int r = 0; r < 13; r++) {
        if (!cnt[r])
            continue;
        if (cnt[r] > 2)
            return;
        nopt[nr] = 0;
        for (unsigned sm = 1; sm < 16; sm++)
            if (!(sm & used[r]) && __builtin_popcount(sm) == cnt[r])
                options[nr][nopt[nr]++] = sm;
        ranks[nr++] = r;
    }
    int idx[5] = {0, 0, 0, 0, 0};
    for (;;) {
        uint8_t d[5];
        int nd = 0;
        for (int g = 0; g < nr; g++)
            for (int s = 0; s < 4; s++)
                if (options[g][idx[g]] >> s & 1)
                    d[nd++] = (uint8_t)(ranks[g] * 4 + s);
        if (cs__value_of(d) == pv) {
            cs__sort5(d);
            for (int i = 0; i < 5; i++)
                for (int j = i + 1; j < 5; j++) {
                    size_t at = (size_t)d[i] * 52 + d[j];
                    if (!tie[at]) {
                        touched[2 * *n_touched] = d[i];
                        touched[2 * *n_touched + 1] = d[j];
                        (*n_touched)++;
                    }
                    tie[at]++;
                }
        }
        int g = nr - 1;
        while (g >= 0 && ++idx[g] == nopt[g]) {
            idx[g] = 0;
            g--;
        }
        if (g < 0)
            break;
    }
}

static int chart_class(int cat, const uint8_t *p)
{
    if (cat > 0)
        return cat + 1;
    int has_a = 0, has_k = 0;
    for (int i = 0; i < 5; i++) {
        has_a |= (p[i] >> 2) == 12;
        has_k |= (p[i] >> 2) == 11;
    }
    return has_a && has_k;
}

typedef struct {
    uint16_t qualifier;
    const cs_nets *nets;
    uint32_t flags;
    uint32_t tid, threads;
    const uint32_t *bucket_start, *bucket_hands;
    cs_totals totals;
    uint64_t *chart_raise, *chart_total; /* per thread: CS_SEEN_CHART_CELLS each */
    const uint8_t *probes;               /* canonical (5 player cards sorted, up, seen) */
    const uint32_t *probe_colex;         /* colex of each probe's player hand */
    size_t n_probes;
    uint64_t *probe_counts;              /* 4 per probe: nq, win, tie, lose */
    int status;
} seen_job;

static void decide_pairs(seen_job *job, const uint8_t *p, const uint8_t *np, uint16_t pv, uint64_t w,
                         const int32_t *qacc, const int32_t *xacc, const uint16_t *tie)
{
    const cs_nets *nets = job->nets;
    const int cat = cs__value_cat[pv];
    const int qualified_possible = pv >= job->qualifier;
    const int64_t fold_value = (int64_t)SEEN_COMPLETIONS * nets->fold;
    const int64_t win_net = nets->win[cat];
    const int cls = chart_class(cat, p);
    cs_totals *t = &job->totals;
    const uint32_t colex = cs__colex5(p);
    int probe_here = 0;
    for (size_t k = 0; k < job->n_probes; k++)
        probe_here |= job->probe_colex[k] == colex;
    for (int i = 0; i < 46; i++) {
        unsigned u = np[i];
        for (int j = i + 1; j < 47; j++) {
            unsigned s = np[j];
            size_t at = (size_t)i * 47 + j;
            uint64_t nq = (uint64_t)qacc[at], win = 0, ti = 0, lose;
            if (qualified_possible) {
                ti = tie[u * 52 + s];
                win = (uint64_t)xacc[at] - nq;
                lose = SEEN_COMPLETIONS - (uint64_t)xacc[at] - ti;
            } else {
                lose = SEEN_COMPLETIONS - nq;
            }
            /* counts < 2^14 and |nets| <= 2^40: every product and the sum fit in 64 bits */
            int64_t r = (int64_t)nq * nets->not_qualify + (int64_t)win * win_net
                      + (int64_t)ti * nets->tie + (int64_t)lose * nets->lose;
            int choice = r > fold_value ? 1 : r < fold_value ? 0 : 2;
            if (probe_here) {
                for (size_t k = 0; k < job->n_probes; k++) {
                    const uint8_t *pr = job->probes + 7 * k;
                    unsigned a = pr[5] < pr[6] ? pr[5] : pr[6], b = pr[5] < pr[6] ? pr[6] : pr[5];
                    if (job->probe_colex[k] == colex && a == u && b == s) {
                        uint64_t *o = job->probe_counts + 4 * k;
                        o[0] = nq;
                        o[1] = win;
                        o[2] = ti;
                        o[3] = lose;
                    }
                }
            }
            /* both orders: u up and s seen, or s up and u seen */
            uint64_t w2 = 2 * w;
            if (choice == 2)
                t->indifferent_situations += w2;
            int raise = choice == 1 || (choice == 2 && (job->flags & CS_RAISE_ON_TIE));
            if (raise) {
                t->not_qualify[cat] += w2 * nq;
                t->win[cat] += w2 * win;
                t->tie[cat] += w2 * ti;
                t->lose[cat] += w2 * lose;
                t->raise_situations += w2;
            } else {
                t->fold[cat] += w2 * SEEN_COMPLETIONS;
            }
            t->total_weight += w2 * SEEN_COMPLETIONS;
            if (job->chart_raise) {
                size_t c1 = ((size_t)cls * 13 + (u >> 2)) * 13 + (s >> 2);
                size_t c2 = ((size_t)cls * 13 + (s >> 2)) * 13 + (u >> 2);
                job->chart_total[c1] += w;
                job->chart_total[c2] += w;
                if (raise) {
                    job->chart_raise[c1] += w;
                    job->chart_raise[c2] += w;
                }
            }
        }
    }
}

/* the 47 cards outside P, ascending, and their binomials */
static void outside(const uint8_t *p, uint8_t *np, uint32_t (*btn)[47])
{
    uint64_t in_p = 0;
    for (int i = 0; i < 5; i++)
        in_p |= (uint64_t)1 << p[i];
    int n = 0;
    for (unsigned c = 0; c < 52; c++)
        if (!(in_p >> c & 1))
            np[n++] = (uint8_t)c;
    for (int k = 0; k < 6; k++)
        for (int j = 0; j < 47; j++)
            btn[k][j] = cs__binom_t[k][np[j]];
}

static void *seen_sweep(void *arg)
{
    seen_job *job = arg;
    pair_counters run = {0}, snap = {0};
    int32_t *qacc = malloc(47 * 47 * sizeof *qacc);
    int32_t *xacc = malloc(47 * 47 * sizeof *xacc);
    uint8_t np[47];
    uint32_t btn[6][47];
    uint16_t *tie = calloc(52 * 52, sizeof *tie);
    uint8_t touched[2 * 1300];
    if (counters_alloc(&run) != CS_OK || counters_alloc(&snap) != CS_OK || !qacc || !xacc || !tie) {
        job->status = CS_E_NOMEM;
        goto done;
    }
    const uint16_t q = job->qualifier;
    uint64_t owned = 0; /* canonical hands seen so far, to split them between threads */
    for (uint32_t v = 0; v <= CS_NUM_VALUES; v++) {
        if (v == q) {
            counters_copy(&snap, &run);
            /* every hand below the qualifier: only the "does not qualify" counts matter */
            for (uint32_t pv = 0; pv < q; pv++)
                for (uint32_t h = job->bucket_start[pv]; h < job->bucket_start[pv + 1]; h++) {
                    uint8_t p[5];
                    uint32_t packed = job->bucket_hands[h];
                    for (int i = 0; i < 5; i++)
                        p[i] = (uint8_t)(packed >> (6 * i) & 63);
                    int w = cs__canonical_weight(p);
                    if (!w || owned++ % job->threads != job->tid)
                        continue;
                    outside(p, np, btn);
                    query_pairs(&snap, NULL, p, np, btn, qacc, NULL);
                    decide_pairs(job, p, np, (uint16_t)pv, (uint64_t)w, qacc, NULL, tie);
                }
        }
        if (v == CS_NUM_VALUES)
            break;
        if (v >= q) {
            for (uint32_t h = job->bucket_start[v]; h < job->bucket_start[v + 1]; h++) {
                uint8_t p[5];
                uint32_t packed = job->bucket_hands[h];
                for (int i = 0; i < 5; i++)
                    p[i] = (uint8_t)(packed >> (6 * i) & 63);
                int w = cs__canonical_weight(p);
                if (!w || owned++ % job->threads != job->tid)
                    continue;
                int n_touched = 0;
                pair_ties(p, (uint16_t)v, tie, touched, &n_touched);
                outside(p, np, btn);
                query_pairs(&snap, &run, p, np, btn, qacc, xacc);
                decide_pairs(job, p, np, (uint16_t)v, (uint64_t)w, qacc, xacc, tie);
                for (int i = 0; i < n_touched; i++)
                    tie[(size_t)touched[2 * i] * 52 + touched[2 * i + 1]] = 0;
            }
        }
        for (uint32_t h = job->bucket_start[v]; h < job->bucket_start[v + 1]; h++) {
            uint8_t c[5];
            uint32_t packed = job->bucket_hands[h];
            for (int i = 0; i < 5; i++)
                c[i] = (uint8_t)(packed >> (6 * i) & 63);
            counters_add(&run, c);
        }
    }
    job->status = CS_OK;
done:
    counters_free(&run);
    counters_free(&snap);
    free(qacc);
    free(xacc);
    free(tie);
    return NULL;
}

static int check_nets(const cs_nets *nets)
{
    const int64_t lim = (int64_t)1 << 40;
    const int64_t *all = (const int64_t *)nets;
    for (size_t k = 0; k < sizeof *nets / sizeof(int64_t); k++)
        if (all[k] > lim || all[k] < -lim)
            return CS_E_OVERFLOW;
    return CS_OK;
}

int cs_solve_seen_one(uint16_t qualifier, const cs_nets *nets, uint32_t flags, uint32_t threads,
                      cs_totals *out, uint64_t *chart_raise, uint64_t *chart_total, size_t n_chart,
                      const uint8_t *probes, size_t n_probes, uint64_t *probe_counts)
{
    if (!nets || !out)
        return CS_E_NULL;
    if (n_probes && (!probes || !probe_counts))
        return CS_E_NULL;
    if (n_probes > 4096)
        return CS_E_SIZE;
    for (size_t k = 0; k < n_probes; k++) {
        uint64_t mask = 0;
        int pst = cs__check_cards(probes + 7 * k, 7, &mask);
        if (pst != CS_OK)
            return pst;
    }
    if ((chart_raise == NULL) != (chart_total == NULL))
        return CS_E_NULL;
    if (chart_raise && n_chart != (size_t)CS_SEEN_CHART_CELLS)
        return CS_E_SIZE;
    if (qualifier > CS_NUM_VALUES || threads < 1 || threads > 64 || (flags & ~1u))
        return CS_E_ARG;
    int st = check_nets(nets);
    if (st != CS_OK)
        return st;
    if ((st = cs__ensure_tables()) != CS_OK)
        return st;

    uint32_t *bucket_start = calloc(CS_NUM_VALUES + 1, sizeof *bucket_start);
    uint32_t *fill = calloc(CS_NUM_VALUES, sizeof *fill);
    uint32_t *bucket_hands = malloc((size_t)CS_NUM_HANDS * sizeof *bucket_hands);
    seen_job *jobs = calloc(threads, sizeof *jobs);
    uint8_t *canon = malloc(7 * n_probes + 1);
    uint32_t *pcolex = malloc(sizeof *pcolex * n_probes + 1);
    uint64_t *charts = chart_raise ? calloc((size_t)threads * 2 * CS_SEEN_CHART_CELLS, sizeof *charts) : NULL;
    if (!bucket_start || !fill || !bucket_hands || !jobs || (chart_raise && !charts) || !canon || !pcolex) {
        st = CS_E_NOMEM;
        goto out;
    }
    for (size_t k = 0; k < n_probes; k++) { /* the probes in canonical suits */
        const uint8_t *pr = probes + 7 * k;
        uint8_t perm[4], *cp = canon + 7 * k;
        cs__canonical_perm(pr, perm);
        for (int i = 0; i < 7; i++)
            cp[i] = (uint8_t)((pr[i] & ~3) | perm[pr[i] & 3]);
        cs__sort5(cp);
        pcolex[k] = cs__colex5(cp);
        memset(probe_counts + 4 * k, 0, 4 * sizeof *probe_counts);
    }
    for (uint32_t i = 0; i < (uint32_t)CS_NUM_HANDS; i++)
        bucket_start[cs__value5[i] + 1]++;
    for (uint32_t v = 0; v < CS_NUM_VALUES; v++)
        bucket_start[v + 1] += bucket_start[v];
    uint8_t c[5];
    for (c[4] = 4; c[4] < 52; c[4]++)
        for (c[3] = 3; c[3] < c[4]; c[3]++)
            for (c[2] = 2; c[2] < c[3]; c[2]++)
                for (c[1] = 1; c[1] < c[2]; c[1]++)
                    for (c[0] = 0; c[0] < c[1]; c[0]++) {
                        uint16_t v = cs__value5[cs__colex5(c)];
                        uint32_t packed = 0;
                        for (int i = 0; i < 5; i++)
                            packed |= (uint32_t)c[i] << (6 * i);
                        bucket_hands[bucket_start[v] + fill[v]++] = packed;
                    }

    pthread_t tids[64];
    int started[64] = {0};
    for (uint32_t t = 0; t < threads; t++) {
        jobs[t].qualifier = qualifier;
        jobs[t].nets = nets;
        jobs[t].flags = flags;
        jobs[t].tid = t;
        jobs[t].threads = threads;
        jobs[t].bucket_start = bucket_start;
        jobs[t].bucket_hands = bucket_hands;
        jobs[t].status = CS_E_NOMEM;
        jobs[t].probes = canon;
        jobs[t].probe_colex = pcolex;
        jobs[t].n_probes = n_probes;
        jobs[t].probe_counts = probe_counts;
        if (charts) {
            jobs[t].chart_raise = charts + (size_t)t * 2 * CS_SEEN_CHART_CELLS;
            jobs[t].chart_total = jobs[t].chart_raise + CS_SEEN_CHART_CELLS;
        }
    }
    for (uint32_t t = 1; t < threads; t++)
        started[t] = pthread_create(&tids[t], NULL, seen_sweep, &jobs[t]) == 0;
    seen_sweep(&jobs[0]);
    for (uint32_t t = 1; t < threads; t++) {
        if (started[t])
            pthread_join(tids[t], NULL);
        else
            seen_sweep(&jobs[t]);
    }
    memset(out, 0, sizeof *out);
    if (chart_raise) {
        memset(chart_raise, 0, n_chart * sizeof *chart_raise);
        memset(chart_total, 0, n_chart * sizeof *chart_total);
    }
    st = CS_OK;
    for (uint32_t t = 0; t < threads; t++) {
        if (jobs[t].status != CS_OK)
            st = jobs[t].status;
        const cs_totals *j = &jobs[t].totals;
        for (int k = 0; k < 10; k++) {
            out->fold[k] += j->fold[k];
            out->not_qualify[k] += j->not_qualify[k];
            out->win[k] += j->win[k];
            out->tie[k] += j->tie[k];
            out->lose[k] += j->lose[k];
        }
        out->raise_situations += j->raise_situations;
        out->indifferent_situations += j->indifferent_situations;
        out->total_weight += j->total_weight;
        if (chart_raise)
            for (size_t k = 0; k < n_chart; k++) {
                chart_raise[k] += jobs[t].chart_raise[k];
                chart_total[k] += jobs[t].chart_total[k];
            }
    }
out:
    free(bucket_start);
    free(fill);
    free(bucket_hands);
    free(jobs);
    free(charts);
    free(canon);
    free(pcolex);
    return st;
}

/* ------------------------------------------------------------------ sampling */

static inline uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* uniform in [0, n) without modulo bias */
static inline uint32_t below(uint64_t *state, uint32_t n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do
        x = splitmix64(state);
    while (x >= limit);
    return (uint32_t)(x % n);
}

typedef struct {
    uint16_t qualifier;
    const cs_nets *nets;
    const cs_solver *base;
    uint32_t known, others;
    uint64_t seed, first, count;
    cs_sample_sums sums;
    int status;
} sample_job;

static void add128(uint64_t *hi, uint64_t *lo, __int128 x)
{
    unsigned __int128 acc = ((unsigned __int128)*hi << 64) | *lo;
    acc += (unsigned __int128)x;
    *hi = (uint64_t)(acc >> 64);
    *lo = (uint64_t)acc;
}

static void add_square(uint64_t *hi, uint64_t *lo, __int128 x)
{
    unsigned __int128 ax = (unsigned __int128)(x < 0 ? -x : x);
    add128(hi, lo, (__int128)(ax * ax));
}

/* the optimal EV of a situation, scaled by its completions: max(raise, fold) */
static __int128 best_value(const cs_nets *nets, const cs_deal_counts *d)
{
    __int128 r = (__int128)d->not_qualify * nets->not_qualify + (__int128)d->win * nets->win[d->player_category]
               + (__int128)d->tie * nets->tie + (__int128)d->lose * nets->lose;
    __int128 f = (__int128)d->total * nets->fold;
    return r > f ? r : f;
}

static void *sample_run(void *arg)
{
    sample_job *job = arg;
    const cs_nets *nets = job->nets;
    uint32_t need = 6 + job->known + 5 * job->others;
    for (uint64_t i = job->first; i < job->first + job->count; i++) {
        uint64_t state = job->seed ^ (i * 0xD1B54A32D192ED03ull);
        splitmix64(&state);
        uint8_t deck[52];
        for (int c = 0; c < 52; c++)
            deck[c] = (uint8_t)c;
        for (uint32_t k = 0; k < need; k++) { /* partial Fisher-Yates */
            uint32_t j = k + below(&state, 52 - k);
            uint8_t tmp = deck[k];
            deck[k] = deck[j];
            deck[j] = tmp;
        }
        cs_deal_counts d;
        int st = cs_deal(deck, deck[5], deck + 6 + job->known, 5 * job->others, deck + 6, job->known,
                         job->qualifier, &d);
        if (st != CS_OK) {
            job->status = st;
            return NULL;
        }
        __int128 x = best_value(nets, &d);
        if (x > (__int128)d.total * nets->fold)
            job->sums.raises++;
        job->sums.deals++;
        job->sums.completions = d.total;
        add128(&job->sums.sum_hi, &job->sums.sum_lo, x);
        add_square(&job->sums.sumsq_hi, &job->sums.sumsq_lo, x);
        if (job->base) {
            /* control variate: the same deal's EV knowing only the up card (exact mean known) */
            cs_deal_counts b;
            st = cs_solver_situation(job->base, deck, deck[5], &b);
            if (st != CS_OK) {
                job->status = st;
                return NULL;
            }
            __int128 dx = x * (__int128)b.total - best_value(nets, &b) * (__int128)d.total;
            add128(&job->sums.dsum_hi, &job->sums.dsum_lo, dx);
            add_square(&job->sums.dsumsq_hi, &job->sums.dsumsq_lo, dx);
        }
    }
    job->status = CS_OK;
    return NULL;
}

int cs_sample_deals(uint16_t qualifier, const cs_nets *nets, uint32_t known_dealer, uint32_t other_players,
                    uint64_t seed, uint64_t first_deal, uint64_t n_deals, uint32_t threads,
                    const cs_solver *base, cs_sample_sums *out)
{
    if (!nets || !out)
        return CS_E_NULL;
    if (base && cs__solver_qualifier(base) != qualifier)
        return CS_E_ARG;
    if (known_dealer > 4 || other_players > 6)
        return CS_E_SIZE;
    if (qualifier > CS_NUM_VALUES || threads < 1 || threads > 64)
        return CS_E_ARG;
    /* |nets| <= 2^20 and at most 163,185 completions: |x| < 2^38; the control-variate difference
     * |dx| < 2^56, dx^2 < 2^112: sums of up to 2^15 squares stay inside 128 bits */
    const int64_t *all = (const int64_t *)nets;
    for (size_t k = 0; k < sizeof *nets / sizeof(int64_t); k++)
        if (all[k] > ((int64_t)1 << 20) || all[k] < -((int64_t)1 << 20))
            return CS_E_OVERFLOW;
    if (n_deals > ((uint64_t)1 << 15))
        return CS_E_SIZE;
    int st;
    if ((st = cs__ensure_tables()) != CS_OK)
        return st;
    sample_job jobs[64];
    pthread_t tids[64];
    int started[64] = {0};
    uint64_t per = n_deals / threads, extra = n_deals % threads, at = first_deal;
    for (uint32_t t = 0; t < threads; t++) {
        memset(&jobs[t], 0, sizeof jobs[t]);
        jobs[t].qualifier = qualifier;
        jobs[t].nets = nets;
        jobs[t].base = base;
        jobs[t].known = known_dealer;
        jobs[t].others = other_players;
        jobs[t].seed = seed;
        jobs[t].first = at;
        jobs[t].count = per + (t < extra);
        jobs[t].status = CS_E_NOMEM;
        at += jobs[t].count;
    }
    for (uint32_t t = 1; t < threads; t++)
        started[t] = pthread_create(&tids[t], NULL, sample_run, &jobs[t]) == 0;
    sample_run(&jobs[0]);
    for (uint32_t t = 1; t < threads; t++) {
        if (started[t])
            pthread_join(tids[t], NULL);
        else
            sample_run(&jobs[t]);
    }
    memset(out, 0, sizeof *out);
    for (uint32_t t = 0; t < threads; t++) {
        if (jobs[t].status != CS_OK)
            return jobs[t].status;
        const cs_sample_sums *s = &jobs[t].sums;
        out->deals += s->deals;
        out->raises += s->raises;
        if (s->deals)
            out->completions = s->completions;
        __int128 x = (__int128)(((unsigned __int128)s->sum_hi << 64) | s->sum_lo);
        add128(&out->sum_hi, &out->sum_lo, x);
        add128(&out->sumsq_hi, &out->sumsq_lo, (__int128)(((unsigned __int128)s->sumsq_hi << 64) | s->sumsq_lo));
        add128(&out->dsum_hi, &out->dsum_lo, (__int128)(((unsigned __int128)s->dsum_hi << 64) | s->dsum_lo));
        add128(&out->dsumsq_hi, &out->dsumsq_lo,
               (__int128)(((unsigned __int128)s->dsumsq_hi << 64) | s->dsumsq_lo));
    }
    return CS_OK;
}
