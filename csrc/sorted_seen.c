/* sorted_seen.c - edge sorting with one dealer hole card seen, the whole game exact: the player sees
 * one hole card s besides the up card u and tells, on each of the other three hole cards, whether
 * its rank is among a set R of ranks, so he knows c, how many of those three are (0 .. 3).
 *
 * The sweep of seen.c with k = 1 (the dealer's known cards K = {u, s}, a lane per rank multiset A of
 * two ranks) and the layer c of sorted.c: the dealer's hand D is K plus three of the 45 cards left,
 * and c = m(D) - m(A), m the cards of a rank in R: it depends on D's rank multiset only. For a
 * player hand P, by inclusion-exclusion over the subsets S of P (|S| <= 3),
 *     #{D : K in D, D disjoint from P, v(D) < x, c(D) = c} = sum (-1)^|S| N_x,c(K + S),
 * where N_x,c(T) counts the five-card hands holding T of value below x whose cards other than K's
 * hold c of R's ranks. One sweep over the values keeps, for every rank multiset S of 0 to 3 ranks (a
 * row) and every (c, A) (a lane: 4 x 91), the counts b (T = S + A not all of one suit) and d (suited
 * minus not suited); a value adds each of its sub-multisets once per distinct choice of A among its
 * ranks, in the layer c = m(value) - m(A). A situation's counts then depend only on P's value, A, c
 * and, when u and s share a suit, Q, P's ranks in that suit (seen.c's classes with the layer c); each
 * class is decided once (an exact integer comparison) and weighted by its (hand, up card, seen card)
 * situations in closed form (seen.c's: the sets K disjoint from P, two orders of u and s). A class's
 * completions are C(a, c) C(45 - a, 3 - c), a the unseen cards with a rank in R. Ties (the dealer holds
 * P's ranks, so c = m(P) - m(A)) have the closed formula of internal.h.
 *   With no rank in R (or all thirteen) c is fixed and the game is the one-seen-card game exactly.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define COUNTS CS_SORTED_SEEN_COUNTS  /* c = 0 .. 3 */
#define PAIRS CS_SEEN_RANK_PAIRS      /* rank multisets A = {a <= b}: lane b(b+1)/2 + a */
#define WIDTH (COUNTS * PAIRS)        /* lanes of a row: (c, A) at c * 91 + A */
#define ROWS 560u                     /* rank multisets of 0 .. 3 ranks: cs__mset_rows_below(4) */
#define UNSEEN 45                     /* cards left after the player's five, the up and the seen card */

/* The cards of n ranks r[] that have a rank in R (bit r of sorted). */
static inline int in_sorted(const uint8_t *r, int n, uint32_t sorted)
{
    int m = 0;
    for (int i = 0; i < n; i++)
        m += (int)(sorted >> r[i] & 1);
    return m;
}

/* The hands of value v into the counters: each sub-multiset t of two or more ranks, for each distinct
 * choice A of two of its ranks (of equal ranks, the first positions), T = the rest + A is row (rest),
 * lane (c, A). */
static void add_value(cs__counters *ct, uint16_t v, uint32_t sorted)
{
    cs__subset sub[31];
    const int m = in_sorted(cs__value_ranks[v], 5, sorted);
    for (int x = 0, n = cs__value_subsets(v, sub); x < n; x++) {
        const cs__subset *t = &sub[x];
        const uint8_t *s = t->ranks;
        const int k = t->k;
        if (k < 2)
            continue;
        for (int i = 0; i < k; i++) {
            if (i > 0 && s[i] == s[i - 1]) /* the first of equal ranks */
                continue;
            for (int j = i + 1; j < k; j++) {
                if (j > i + 1 && s[j] == s[j - 1]) /* the first of equal ranks after i */
                    continue;
                uint8_t rest[3];
                cs__ranks_without(s, k, i, j, rest);
                const uint8_t a[2] = {s[i], s[j]};
                const int c = m - in_sorted(a, 2, sorted);
                size_t at = (size_t)cs__mset_row(rest, k - 2) * WIDTH + (size_t)c * PAIRS + cs__seen_pair_lane(a[0], a[1]);
                ct->b[at] += t->plain;
                ct->d[at] += t->suited - t->plain;
            }
        }
    }
}

typedef struct {
    uint32_t sorted;
    uint16_t qualifier;
    cs__margin coef[CS_NUM_CATEGORIES]; /* base 0: the completions differ by c */
    int64_t lose_minus_fold;
    uint32_t flags, tid, threads;
    cs_totals totals[COUNTS];
    uint64_t *chart_raise, *chart_total; /* shared: each value is one thread's */
    const uint8_t *probes;               /* 7 cards each: the player's five, the up card, the seen card */
    const int32_t *probe_head, *probe_next;
    uint64_t *probe_counts;              /* COUNTS x 4 per probe */
    cs__counters run, snap;
    int m;                               /* the player value at hand: its cards with a rank in R */
    int32_t *bq, *bv, *cq, *cv;          /* scratch: suit-blind rows and suited corrections (32 sets) */
    int bad;
    int status;
} job_t;

typedef struct {
    int64_t nq, win, tie, lose, total;
} outcome_t;

/* The unseen cards with a rank in R: R's cards less the player's and the known ones (j of them in R). */
static inline int left_in_r(const job_t *job, int j)
{
    return 4 * __builtin_popcount(job->sorted) - job->m - j;
}

static inline int64_t completions_of(int a, int c)
{
    return (int64_t)cs__binom[a][c] * cs__binom[UNSEEN - a][3 - c];
}

/* The outcome of class (A = {ra <= rb} at pair lane pl, suited with Q, c) of the value at hand. */
static inline outcome_t outcome_of(job_t *job, const cs__player *p, const uint8_t *a, unsigned pl, int suited,
                                   unsigned q, int c, int below_v, int64_t total)
{
    const size_t l = (size_t)c * PAIRS + pl, lq = (size_t)q * WIDTH + l;
    outcome_t o;
    o.total = total;
    o.nq = job->bq[l] + (suited ? job->cq[lq] : 0);
    if (!below_v) {
        o.win = o.tie = 0;
        o.lose = total - o.nq;
    } else {
        const int64_t below = job->bv[l] + (suited ? job->cv[lq] : 0);
        o.tie = c == job->m - in_sorted(a, 2, job->sorted) ? cs__ties(&p->rc, p->flush, a, 2, suited && q == 0) : 0;
        o.win = below - o.nq;
        o.lose = total - below - o.tie;
    }
    job->bad |= o.nq < 0 || o.win < 0 || o.lose < 0;
    return o;
}

/* Every c of one class of mult sets K of ranks a (two orders of up and seen card each). */
static void decide_class(job_t *job, const cs__player *p, uint64_t mult, const uint8_t *a, int suited, unsigned q,
                         int below_v)
{
    const unsigned pl = cs__seen_pair_lane(a[0], a[1]);
    const int j = in_sorted(a, 2, job->sorted), left = left_in_r(job, j);
    const uint64_t w = 2 * mult;
    const int cat = p->cat;
    for (int c = 0; c < COUNTS; c++) {
        const int64_t total = completions_of(left, c);
        if (!total)
            continue;
        const outcome_t o = outcome_of(job, p, a, pl, suited, q, c, below_v, total);
        const int64_t d = cs__raise_margin(job->coef[cat], o.nq, o.win, o.tie) + total * job->lose_minus_fold;
        const uint64_t deals = w * (uint64_t)total;
        const int raise = cs__tally(&job->totals[c], cat, d, job->flags, w, o.nq, o.win, o.tie, o.lose, deals, deals);
        if (job->chart_raise) {
            const size_t cell = ((size_t)c * CS_NUM_VALUES + p->v) * 3 + (size_t)j;
            job->chart_total[cell] += w;
            if (raise)
                job->chart_raise[cell] += w;
        }
    }
}

static void decide_value(job_t *job, const cs__player *p, int below_v)
{
    for (unsigned b = 0; b < CS_NUM_RANKS; b++)
        for (unsigned x = 0; x <= b; x++) {
            const uint8_t a[2] = {(uint8_t)x, (uint8_t)b};
            const uint16_t mask = (uint16_t)(1u << x | 1u << b);
            /* u and s not of one suit: every set K of ranks a disjoint from P, less the suited ones */
            uint64_t mult = p->hands;
            if (x == b)
                mult *= cs__binom[4 - p->rc.mult[b]][2];
            else
                mult *= (uint64_t)(4 - p->rc.mult[x]) * (uint64_t)(4 - p->rc.mult[b]);
            for (unsigned q = 0; x != b && q < p->n_sets; q++)
                if (!(p->rank_bits[q] & mask))
                    mult -= p->cnt[q];
            if (mult)
                decide_class(job, p, mult, a, 0, 0, below_v);
            /* u and s of one suit in which P holds the ranks Q (none of a) */
            for (unsigned q = 0; x != b && q < p->n_sets; q++)
                if (p->cnt[q] && !(p->rank_bits[q] & mask))
                    decide_class(job, p, p->cnt[q], a, 1, q, below_v);
        }
}

static void answer_probes(job_t *job, const cs__player *p, int below_v)
{
    for (int32_t x = job->probe_head[p->v]; x >= 0; x = job->probe_next[x]) {
        const uint8_t *pr = job->probes + 7 * (size_t)x;
        const unsigned ru = pr[5] >> 2, rs = pr[6] >> 2, suit = pr[5] & 3u;
        const int suited = (pr[6] & 3u) == suit;
        const uint8_t a[2] = {(uint8_t)(ru < rs ? ru : rs), (uint8_t)(ru < rs ? rs : ru)};
        const unsigned q = suited ? cs__suit_set(p, pr, suit) : 0;
        const int left = left_in_r(job, in_sorted(a, 2, job->sorted));
        for (int c = 0; c < COUNTS; c++) {
            uint64_t *out = job->probe_counts + ((size_t)x * COUNTS + (size_t)c) * 4;
            const int64_t total = completions_of(left, c);
            if (!total)
                continue; /* stays 0 */
            const outcome_t o = outcome_of(job, p, a, cs__seen_pair_lane(a[0], a[1]), suited, q, c, below_v, total);
            out[0] = (uint64_t)o.nq;
            out[1] = (uint64_t)o.win;
            out[2] = (uint64_t)o.tie;
            out[3] = (uint64_t)o.lose;
        }
    }
}

static void solve_value(void *arg, uint16_t v, int below_v)
{
    job_t *job = arg;
    cs__player p;
    cs__player_of(v, &p);
    job->m = in_sorted(p.ranks, 5, job->sorted);
    cs__read_blind(&job->snap, WIDTH, 3, p.ranks, job->bq);
    cs__read_suited(&job->snap, WIDTH, 3, p.dr, p.nd, job->cq);
    if (below_v) {
        cs__read_blind(&job->run, WIDTH, 3, p.ranks, job->bv);
        cs__read_suited(&job->run, WIDTH, 3, p.dr, p.nd, job->cv);
    }
    decide_value(job, &p, below_v);
    answer_probes(job, &p, below_v);
}

static void snapshot(void *arg)
{
    job_t *job = arg;
    memcpy(job->snap.b, job->run.b, 2 * (size_t)ROWS * WIDTH * sizeof *job->snap.b);
}

static void add_to_run(void *arg, uint16_t v)
{
    job_t *job = arg;
    add_value(&job->run, v, job->sorted);
}

static void *sweep(void *arg)
{
    job_t *job = arg;
    job->bq = malloc((2 + 2 * 32) * WIDTH * sizeof *job->bq);
    if (cs__counters_alloc(&job->run, (size_t)ROWS * WIDTH) != CS_OK ||
        cs__counters_alloc(&job->snap, (size_t)ROWS * WIDTH) != CS_OK || !job->bq) {
        job->status = CS_E_NOMEM;
        goto done;
    }
    job->bv = job->bq + WIDTH;
    job->cq = job->bv + WIDTH;
    job->cv = job->cq + 32 * WIDTH;
    cs__value_sweep(job, job->qualifier, job->tid, job->threads, snapshot, solve_value, add_to_run);
    job->status = job->bad ? CS_E_OVERFLOW : CS_OK; /* a negative count: cannot happen */
done:
    free(job->run.b);
    free(job->snap.b);
    free(job->bq);
    job->run.b = job->run.d = job->snap.b = job->snap.d = NULL;
    job->bq = job->bv = job->cq = job->cv = NULL;
    return NULL;
}

int cs_test_solve_sorted_seen(uint32_t sorted_ranks, uint16_t qualifier, const cs_nets *nets, uint32_t flags,
                              uint32_t threads, cs_totals *out, size_t n_out, uint64_t *chart_raise,
                              uint64_t *chart_total, size_t n_chart, const uint8_t *probes, size_t n_probes,
                              uint64_t *probe_counts)
{
    if (!nets || !out)
        return CS_E_NULL;
    if (n_probes && (!probes || !probe_counts))
        return CS_E_NULL;
    if ((chart_raise == NULL) != (chart_total == NULL))
        return CS_E_NULL;
    if (n_out != COUNTS || n_probes > 4096)
        return CS_E_SIZE;
    if (chart_raise && n_chart != (size_t)CS_SORTED_SEEN_CHART_CELLS)
        return CS_E_SIZE;
    for (size_t x = 0; x < n_probes; x++) {
        uint64_t mask = 0;
        int st = cs__check_cards(probes + 7 * x, 7, &mask);
        if (st != CS_OK)
            return st;
    }
    if (sorted_ranks >> CS_NUM_RANKS || qualifier > CS_NUM_VALUES || threads < 1 || threads > CS_MAX_THREADS
        || (flags & ~(uint32_t)CS_RAISE_ON_TIE))
        return CS_E_ARG;
    int st = cs__check_nets(nets, CS__NET_LIMIT);
    if (st == CS_OK)
        st = cs__ensure_tables();
    if (st != CS_OK)
        return st;
    job_t *jobs = calloc(threads, sizeof *jobs);
    int32_t *probe_head = malloc(CS_NUM_VALUES * sizeof *probe_head);
    int32_t *probe_next = malloc(sizeof *probe_next * n_probes + 1);
    if (!jobs || !probe_head || !probe_next) {
        st = CS_E_NOMEM;
        goto done;
    }
    cs__probes_by_value(probes, n_probes, 7, probe_head, probe_next, probe_counts, COUNTS * 4);
    if (chart_raise) {
        memset(chart_raise, 0, n_chart * sizeof *chart_raise);
        memset(chart_total, 0, n_chart * sizeof *chart_total);
    }
    for (uint32_t t = 0; t < threads; t++) {
        job_t *job = &jobs[t];
        job->sorted = sorted_ranks;
        job->qualifier = qualifier;
        for (int cat = 0; cat < CS_NUM_CATEGORIES; cat++)
            job->coef[cat] = cs__margin_of(nets, cat, 0);
        job->lose_minus_fold = nets->lose - nets->fold;
        job->flags = flags;
        job->tid = t;
        job->threads = threads;
        job->status = CS_E_NOMEM;
        job->chart_raise = chart_raise;
        job->chart_total = chart_total;
        job->probes = probes;
        job->probe_head = probe_head;
        job->probe_next = probe_next;
        job->probe_counts = probe_counts;
    }
    cs__parallel(sweep, jobs, sizeof *jobs, threads);
    memset(out, 0, COUNTS * sizeof *out);
    for (uint32_t t = 0; t < threads; t++) {
        if (jobs[t].status != CS_OK)
            st = jobs[t].status;
        for (int c = 0; c < COUNTS; c++)
            cs__totals_add(&out[c], &jobs[t].totals[c]);
    }
done:
    free(jobs);
    free(probe_head);
    free(probe_next);
    return st;
}

int cs_solve_sorted_seen(uint32_t sorted_ranks, uint16_t qualifier, const cs_nets *nets, uint32_t flags,
                         uint32_t threads, cs_totals *out, size_t n_out, uint64_t *chart_raise, uint64_t *chart_total,
                         size_t n_chart)
{
    return cs_test_solve_sorted_seen(sorted_ranks, qualifier, nets, flags, threads, out, n_out, chart_raise,
                                     chart_total, n_chart, NULL, 0, NULL);
}
