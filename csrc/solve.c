/* solve.c - every situation of the game, exact, by subset counting.
 *
 * For a player hand P and up card u, the dealer hands are the 5-card hands D with u in D and
 * D disjoint from P. By inclusion-exclusion over the player's cards,
 *     #{D : v(D) < x} = sum over S subset of P, |S| <= 4, of (-1)^|S| N_x({u} + S),
 * where N_x(T) counts the 5-card hands containing T with value below x. Sweeping the hands in
 * increasing value while keeping, for every set of 1..4 cards, the running count of hands
 * containing it, N_x is at hand for every T when the sweep passes x (a 5-set is counted iff
 * its own value is below x). Each canonical player hand (suit symmetry: 134,459 of them)
 * is queried for all 47 up cards at the qualifier and at its own value; ties (same five ranks)
 * are enumerated directly. The per-situation counts do not depend on the pay table.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define TOTAL_COMPLETIONS 163185u /* C(46,4) */
#define N4 270725u                /* C(52,4) */
#define N3 22100u
#define N2 1326u

struct cs_solver {
    uint16_t qualifier;
    uint32_t n;             /* canonical hands, in increasing value */
    uint32_t *cards;        /* packed sorted cards, 6 bits each */
    uint8_t *weight;        /* hands in the suit orbit (1..24) */
    uint16_t *value;
    int32_t *canon_of_colex;
    uint32_t *nq;           /* [i * 52 + u] completions below the qualifier */
    uint32_t *below;        /* [i * 52 + u] completions below the player's value */
    uint32_t *tie;          /* [i * 52 + u] completions equal to the player's value */
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

/* Suit masks of a hand; canonical iff non-increasing; orbit size 24 / prod(mult!). */
static int canonical_weight(const uint8_t *c)
{
    unsigned m[4] = {0, 0, 0, 0};
    for (int i = 0; i < 5; i++)
        m[c[i] & 3] |= 1u << (c[i] >> 2);
    if (!(m[0] >= m[1] && m[1] >= m[2] && m[2] >= m[3]))
        return 0;
    int denom = 1, run = 1;
    for (int s = 1; s < 4; s++) {
        if (m[s] == m[s - 1]) {
            run++;
            denom *= run;
        } else {
            run = 1;
        }
    }
    return 24 / denom;
}

/* Suit permutation taking a hand to its canonical form: perm[old suit] = new suit. */
static void canonical_perm(const uint8_t *c, uint8_t *perm)
{
    unsigned m[4] = {0, 0, 0, 0};
    for (int i = 0; i < 5; i++)
        m[c[i] & 3] |= 1u << (c[i] >> 2);
    int order[4] = {0, 1, 2, 3};
    for (int i = 1; i < 4; i++) { /* stable insertion sort, mask descending */
        int x = order[i], j = i - 1;
        while (j >= 0 && m[order[j]] < m[x]) {
            order[j + 1] = order[j];
            j--;
        }
        order[j + 1] = x;
    }
    for (int s = 0; s < 4; s++)
        perm[order[s]] = (uint8_t)s;
}

typedef struct {
    const cs_solver *solver;
    const uint32_t *bucket_start; /* [CS_NUM_VALUES + 1] */
    const uint32_t *bucket_hands; /* packed cards by value */
    const uint32_t *canon_start;  /* [CS_NUM_VALUES + 1] */
    uint32_t tid, threads;
    int status;
} sweep_job;

typedef struct {
    uint32_t c1[52], *c2, *c3, *c4;
} counters;

#define binom_t cs__binom_t

/* acc[u] = #{5-card hands H with u in H, H disjoint from P, value < x} for u not in P */
static void query(const counters *ct, const uint8_t *p, uint16_t x, int32_t *acc)
{
    memset(acc, 0, 52 * sizeof *acc);
    const uint16_t *val = cs__value5;
    for (unsigned sub = 0; sub < 31; sub++) {
        uint8_t s[5] = {0, 0, 0, 0, 0};
        int m = 0;
        for (int i = 0; i < 5; i++)
            if (sub >> i & 1)
                s[m++] = p[i];
        uint32_t a[5];
        for (int q = 0; q <= m; q++) {
            uint32_t t = 0;
            for (int i = 0; i < m; i++)
                t += cs__binom[s[i]][i + (i < q ? 1 : 2)];
            a[q] = t;
        }
        for (int q = 0; q <= m; q++) {
            unsigned lo = q == 0 ? 0 : s[q - 1] + 1u, hi = q == m ? 52u : s[q];
            const uint32_t *bt = binom_t[q + 1];
            uint32_t base = a[q];
            switch (m) {
            case 0:
                for (unsigned u = lo; u < hi; u++) acc[u] += (int32_t)ct->c1[u];
                break;
            case 1:
                for (unsigned u = lo; u < hi; u++) acc[u] -= (int32_t)ct->c2[base + bt[u]];
                break;
            case 2:
                for (unsigned u = lo; u < hi; u++) acc[u] += (int32_t)ct->c3[base + bt[u]];
                break;
            case 3:
                for (unsigned u = lo; u < hi; u++) acc[u] -= (int32_t)ct->c4[base + bt[u]];
                break;
            default:
                for (unsigned u = lo; u < hi; u++) acc[u] += val[base + bt[u]] < x;
                break;
            }
        }
    }
}

/* tie[u] = #{dealer hands with the player's value, containing u, disjoint from P} */
static void ties(const uint8_t *p, uint16_t pv, uint32_t *tie)
{
    memset(tie, 0, 52 * sizeof *tie);
    int cnt[13] = {0};
    unsigned used[13] = {0};
    for (int i = 0; i < 5; i++) {
        cnt[p[i] >> 2]++;
        used[p[i] >> 2] |= 1u << (p[i] & 3);
    }
    /* per rank of P, the choices of suits for the dealer: subsets of the free suits of size cnt */
    int ranks[5], nr = 0;
    unsigned options[5][6];
    int nopt[5];
    for (int r = 0; r < 13; r++) {
        if (!cnt[r])
            continue;
        if (cnt[r] > 2)
            return; /* trips or more: no disjoint hand has the same ranks */
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
        if (cs__value_of(d) == pv)
            for (int i = 0; i < 5; i++)
                tie[d[i]]++;
        int g = nr - 1;
        while (g >= 0 && ++idx[g] == nopt[g]) {
            idx[g] = 0;
            g--;
        }
        if (g < 0)
            break;
    }
}

static void add_hand(counters *ct, const uint8_t *c)
{
    for (int i = 0; i < 5; i++) {
        ct->c1[c[i]]++;
        for (int j = i + 1; j < 5; j++) {
            uint32_t ij = binom_t[1][c[i]] + binom_t[2][c[j]];
            ct->c2[ij]++;
            for (int k = j + 1; k < 5; k++) {
                uint32_t ijk = ij + binom_t[3][c[k]];
                ct->c3[ijk]++;
                for (int l = k + 1; l < 5; l++)
                    ct->c4[ijk + binom_t[4][c[l]]]++;
            }
        }
    }
}

static void *sweep(void *arg)
{
    sweep_job *job = arg;
    const cs_solver *s = job->solver;
    counters ct;
    memset(ct.c1, 0, sizeof ct.c1);
    ct.c2 = calloc(N2, sizeof *ct.c2);
    ct.c3 = calloc(N3, sizeof *ct.c3);
    ct.c4 = calloc(N4, sizeof *ct.c4);
    if (!ct.c2 || !ct.c3 || !ct.c4) {
        job->status = CS_E_NOMEM;
        goto done;
    }
    int32_t acc[52];
    uint32_t tie[52];
    const uint16_t q = s->qualifier;
    for (uint32_t v = 0; v <= CS_NUM_VALUES; v++) {
        if (v == q) {
            for (uint32_t i = job->tid; i < s->n; i += job->threads) {
                uint8_t p[5];
                unpack(s->cards[i], p);
                query(&ct, p, (uint16_t)v, acc);
                for (int u = 0; u < 52; u++)
                    s->nq[(size_t)i * 52 + u] = (uint32_t)acc[u];
            }
        }
        if (v == CS_NUM_VALUES)
            break;
        if (v >= q) {
            uint32_t first = job->canon_start[v], last = job->canon_start[v + 1];
            uint32_t i = first + (job->threads - first % job->threads + job->tid) % job->threads;
            for (; i < last; i += job->threads) {
                uint8_t p[5];
                unpack(s->cards[i], p);
                query(&ct, p, (uint16_t)v, acc);
                ties(p, (uint16_t)v, tie);
                for (int u = 0; u < 52; u++) {
                    s->below[(size_t)i * 52 + u] = (uint32_t)acc[u];
                    s->tie[(size_t)i * 52 + u] = tie[u];
                }
            }
        }
        for (uint32_t h = job->bucket_start[v]; h < job->bucket_start[v + 1]; h++) {
            uint8_t c[5];
            unpack(job->bucket_hands[h], c);
            add_hand(&ct, c);
        }
    }
    job->status = CS_OK;
done:
    free(ct.c2);
    free(ct.c3);
    free(ct.c4);
    return NULL;
}

void cs_solver_free(cs_solver *s)
{
    if (!s)
        return;
    free(s->cards);
    free(s->weight);
    free(s->value);
    free(s->canon_of_colex);
    free(s->nq);
    free(s->below);
    free(s->tie);
    free(s);
}

int cs_solver_new(uint16_t qualifier, uint32_t threads, cs_solver **out)
{
    if (!out)
        return CS_E_NULL;
    *out = NULL;
    if (qualifier > CS_NUM_VALUES || threads < 1 || threads > 64)
        return CS_E_ARG;
    int st = cs__ensure_tables();
    if (st != CS_OK)
        return st;

    cs_solver *s = calloc(1, sizeof *s);
    uint32_t *bucket_start = calloc(CS_NUM_VALUES + 1, sizeof *bucket_start);
    uint32_t *canon_start = calloc(CS_NUM_VALUES + 1, sizeof *canon_start);
    uint32_t *bucket_hands = malloc((size_t)CS_NUM_HANDS * sizeof *bucket_hands);
    uint32_t *fill = calloc(CS_NUM_VALUES, sizeof *fill);
    if (!s || !bucket_start || !canon_start || !bucket_hands || !fill) {
        st = CS_E_NOMEM;
        goto fail;
    }
    s->qualifier = qualifier;
    s->canon_of_colex = malloc((size_t)CS_NUM_HANDS * sizeof *s->canon_of_colex);
    if (!s->canon_of_colex) {
        st = CS_E_NOMEM;
        goto fail;
    }
    /* bucket every hand by value; count canonical hands per value */
    for (uint32_t i = 0; i < (uint32_t)CS_NUM_HANDS; i++)
        bucket_start[cs__value5[i] + 1]++;
    for (uint32_t v = 0; v < CS_NUM_VALUES; v++)
        bucket_start[v + 1] += bucket_start[v];
    uint8_t c[5];
    uint32_t n = 0;
    for (c[4] = 4; c[4] < 52; c[4]++)
        for (c[3] = 3; c[3] < c[4]; c[3]++)
            for (c[2] = 2; c[2] < c[3]; c[2]++)
                for (c[1] = 1; c[1] < c[2]; c[1]++)
                    for (c[0] = 0; c[0] < c[1]; c[0]++) {
                        uint32_t idx = cs__colex5(c);
                        uint16_t v = cs__value5[idx];
                        bucket_hands[bucket_start[v] + fill[v]++] = pack(c);
                        s->canon_of_colex[idx] = -1;
                        if (canonical_weight(c)) {
                            canon_start[v + 1]++;
                            n++;
                        }
                    }
    for (uint32_t v = 0; v < CS_NUM_VALUES; v++)
        canon_start[v + 1] += canon_start[v];
    s->n = n;
    s->cards = malloc(n * sizeof *s->cards);
    s->weight = malloc(n);
    s->value = malloc(n * sizeof *s->value);
    s->nq = malloc((size_t)n * 52 * sizeof *s->nq);
    s->below = calloc((size_t)n * 52, sizeof *s->below);
    s->tie = calloc((size_t)n * 52, sizeof *s->tie);
    if (!s->cards || !s->weight || !s->value || !s->nq || !s->below || !s->tie) {
        st = CS_E_NOMEM;
        goto fail;
    }
    /* canonical hands in increasing value (bucket order) */
    uint32_t k = 0;
    for (uint32_t v = 0; v < CS_NUM_VALUES; v++)
        for (uint32_t h = bucket_start[v]; h < bucket_start[v + 1]; h++) {
            unpack(bucket_hands[h], c);
            int w = canonical_weight(c);
            if (!w)
                continue;
            s->cards[k] = bucket_hands[h];
            s->weight[k] = (uint8_t)w;
            s->value[k] = (uint16_t)v;
            s->canon_of_colex[cs__colex5(c)] = (int32_t)k;
            k++;
        }

    pthread_t tids[64];
    sweep_job jobs[64];
    uint32_t started = 0;
    for (uint32_t t = 0; t < threads; t++) {
        jobs[t] = (sweep_job){s, bucket_start, bucket_hands, canon_start, t, threads, CS_E_NOMEM};
        if (t + 1 < threads && pthread_create(&tids[t], NULL, sweep, &jobs[t]) == 0)
            started++;
        else if (t + 1 < threads)
            sweep(&jobs[t]); /* could not start a thread: do its share here */
    }
    sweep(&jobs[threads - 1]);
    for (uint32_t t = 0, j = 0; t + 1 < threads && j < started; t++, j++)
        pthread_join(tids[t], NULL);
    st = CS_OK;
    for (uint32_t t = 0; t < threads; t++)
        if (jobs[t].status != CS_OK)
            st = jobs[t].status;
    if (st != CS_OK)
        goto fail;
    free(bucket_start);
    free(canon_start);
    free(bucket_hands);
    free(fill);
    *out = s;
    return CS_OK;
fail:
    free(bucket_start);
    free(canon_start);
    free(bucket_hands);
    free(fill);
    cs_solver_free(s);
    return st;
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

static inline outcome counts_of(const cs_solver *s, uint32_t i, unsigned u)
{
    size_t at = (size_t)i * 52 + u;
    outcome o;
    o.nq = s->nq[at];
    if (s->value[i] < s->qualifier) {
        o.win = o.tie = 0;
        o.lose = TOTAL_COMPLETIONS - o.nq;
    } else {
        o.tie = s->tie[at];
        o.win = s->below[at] - o.nq;
        o.lose = TOTAL_COMPLETIONS - s->below[at] - o.tie;
    }
    return o;
}

int cs_solver_situation(const cs_solver *s, const uint8_t *player, uint8_t up, cs_deal_counts *out)
{
    if (!s || !player || !out)
        return CS_E_NULL;
    uint64_t mask = 0;
    int st;
    if ((st = cs__check_cards(player, 5, &mask)) != CS_OK)
        return st;
    if ((st = cs__check_cards(&up, 1, &mask)) != CS_OK)
        return st;
    uint8_t perm[4], c[5];
    canonical_perm(player, perm);
    for (int i = 0; i < 5; i++)
        c[i] = (uint8_t)((player[i] & ~3) | perm[player[i] & 3]);
    cs__sort5(c);
    int32_t i = s->canon_of_colex[cs__colex5(c)];
    if (i < 0)
        return CS_E_ARG; /* cannot happen for a valid hand */
    unsigned u = (unsigned)((up & ~3) | perm[up & 3]);
    outcome o = counts_of(s, (uint32_t)i, u);
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

static int check_nets(const cs_nets *nets)
{
    const int64_t lim = (int64_t)1 << 40; /* keeps every weighted sum inside 128 bits */
    const int64_t *all = (const int64_t *)nets;
    for (size_t k = 0; k < sizeof *nets / sizeof(int64_t); k++)
        if (all[k] > lim || all[k] < -lim)
            return CS_E_OVERFLOW;
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

static inline __int128 raise_value(const cs_nets *nets, int cat, outcome o)
{
    return (__int128)o.nq * nets->not_qualify + (__int128)o.win * nets->win[cat]
         + (__int128)o.tie * nets->tie + (__int128)o.lose * nets->lose;
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
    int st = check_nets(nets);
    if (st != CS_OK)
        return st;
    memset(out, 0, sizeof *out);
    const __int128 fold_value = (__int128)TOTAL_COMPLETIONS * nets->fold;
    for (uint32_t i = 0; i < s->n; i++) {
        uint8_t p[5];
        unpack(s->cards[i], p);
        uint64_t in_hand = 0;
        for (int k = 0; k < 5; k++)
            in_hand |= (uint64_t)1 << p[k];
        int cat = cs__value_cat[s->value[i]];
        uint64_t w = s->weight[i];
        int hand_choice = -1; /* with CS_IGNORE_UP: one decision for the hand */
        if (flags & CS_IGNORE_UP) {
            __int128 sum = 0;
            for (unsigned u = 0; u < 52; u++)
                if (!(in_hand >> u & 1))
                    sum += raise_value(nets, cat, counts_of(s, i, u)) - fold_value;
            hand_choice = sum > 0 ? 1 : sum < 0 ? 0 : 2;
        }
        for (unsigned u = 0; u < 52; u++) {
            if (in_hand >> u & 1) {
                if (decisions)
                    decisions[(size_t)i * 52 + u] = 255;
                continue;
            }
            outcome o = counts_of(s, i, u);
            int choice = hand_choice;
            if (choice < 0) {
                __int128 r = raise_value(nets, cat, o);
                choice = r > fold_value ? 1 : r < fold_value ? 0 : 2;
            }
            if (decisions)
                decisions[(size_t)i * 52 + u] = (uint8_t)choice;
            if (choice == 2)
                out->indifferent_situations += w;
            if (choice == 1 || (choice == 2 && (flags & CS_RAISE_ON_TIE)))
                add_raise(out, cat, w, o);
            else
                out->fold[cat] += w * TOTAL_COMPLETIONS;
            out->total_weight += w * TOTAL_COMPLETIONS;
        }
    }
    return CS_OK;
}

/* pattern, flush flag and up card give the chart cell of a situation */
static inline uint32_t cell_of(const uint8_t *p, uint32_t pattern, int flush, unsigned u)
{
    int match = 0;
    for (int k = 0; k < 5; k++)
        match += (p[k] & 3) == (u & 3);
    return ((pattern * 2 + (uint32_t)flush) * 13 + (u >> 2)) * 6 + (uint32_t)match;
}

static inline uint32_t pattern_of(const uint8_t *p, int *flush)
{
    uint8_t r[5];
    for (int k = 0; k < 5; k++)
        r[k] = p[k] >> 2; /* p sorted ascending, so ranks are too */
    int key = (((r[4] * 13 + r[3]) * 13 + r[2]) * 13 + r[1]) * 13 + r[0];
    *flush = (p[0] & 3) == (p[1] & 3) && (p[0] & 3) == (p[2] & 3) && (p[0] & 3) == (p[3] & 3)
          && (p[0] & 3) == (p[4] & 3);
    return (uint32_t)cs__pattern_of_key[key];
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
        uint64_t in_hand = 0;
        for (int k = 0; k < 5; k++)
            in_hand |= (uint64_t)1 << p[k];
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
                add_raise(out, cat, w, counts_of(s, i, u));
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
