/* sorted.c - edge sorting, the whole game exact: the player tells, on each of the dealer's four hole
 * cards, whether its rank is among a set R of ranks, so he knows c, how many of them are (0..4).
 *
 * A situation is (hand P, up card u, c). The dealer's hand D is u plus four of the 46 cards left,
 * and c = m(D) - [rank of u in R], m(D) the cards of D with a rank in R: it depends on D's rank
 * multiset only, which is what the counting of game.c goes by. For a player hand P, by
 * inclusion-exclusion over the subsets S of P (|S| <= 4),
 *     #{D : u in D, D disjoint from P, v(D) < x, c(D) = c} = sum (-1)^|S| N_x,c(u + S),
 * where N_x,c(T) counts the five-card hands holding T of value below x whose cards other than one
 * of rank r (the up card's) hold c of R's ranks. It depends on T only through its rank multiset,
 * whether its cards share a suit, and c. One sweep over the values in increasing order keeps, for
 * every rank multiset S of 0 to 4 ranks (a row) and every (c, up rank r) (a lane: 5 x 16, 13 used),
 * the counts b (T = S + a card of rank r, not all of one suit, or one card) and d (suited minus
 * not suited); a value adds each of its sub-multisets to one lane per distinct rank, in the layer c
 * = m(value) - [r in R]. A copy taken at the qualifier answers "does not qualify", the running
 * counts "below the player".
 *   As in seen.c (whose sweep with k = 0 seen cards this is, with the layer c), a situation's
 * counts then depend only on P's value, r, c and Q, the set of P's ranks in u's suit (the suit
 * corrections, a subset-sum transform over Q); each class (value, r, Q, c) is decided once (an
 * exact integer comparison) and weighted by its (hand, up card) situations in closed form: the
 * (hand, suit) pairs whose cards of that suit have the ranks Q, for r not in Q. A class's
 * completions are C(a, c) C(46 - a, 4 - c), a the unseen cards with a rank in R. Ties (the dealer
 * holds P's ranks, so c = m(P) - [r in R]) have the closed formula of internal.h.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define COUNTS CS_SORTED_COUNTS /* c = 0 .. 4 */
#define RLANES 16               /* up ranks, 13 used */
#define WIDTH (COUNTS * RLANES) /* lanes of a row: (c, r) at c * 16 + r */
#define ROWS 2380u              /* rank multisets of 0 .. 4 ranks: cs__mset_rows_below(5) */

/* The counters of the sweep (internal.h, cs__counters): rows by rank multiset, lanes (c, r). */
typedef cs__counters sorted_counters;

/* The cards of a value's ranks that have a rank in R (bit r of sorted). */
static inline int in_sorted(const uint8_t *r, int n, uint32_t sorted)
{
    int m = 0;
    for (int i = 0; i < n; i++)
        m += (int)(sorted >> r[i] & 1);
    return m;
}

/* The hands of value v into the counters: each sub-multiset t, for each distinct rank s[j] of it
 * (the up card's), T = the rest + s[j] is row (rest), lane (c, s[j]). */
static void add_value(sorted_counters *ct, uint16_t v, uint32_t sorted)
{
    cs__subset sub[31];
    const int m = in_sorted(cs__value_ranks[v], 5, sorted);
    for (int x = 0, n = cs__value_subsets(v, sub); x < n; x++) {
        const cs__subset *t = &sub[x];
        for (int j = 0; j < t->k; j++) {
            if (j > 0 && t->ranks[j] == t->ranks[j - 1])
                continue;
            uint8_t rest[4];
            cs__ranks_without(t->ranks, t->k, j, -1, rest);
            const unsigned r = t->ranks[j];
            const int c = m - (int)(sorted >> r & 1);
            size_t at = (size_t)cs__mset_row(rest, t->k - 1) * WIDTH + (size_t)c * RLANES + r;
            ct->b[at] += t->plain;
            ct->d[at] += t->suited - t->plain;
        }
    }
}

/* A player value (internal.h, cs__player); m, its cards with a rank in R, is in_sorted of its ranks. */
typedef cs__player sorted_player;

typedef struct {
    uint32_t sorted;
    uint16_t qualifier;
    cs__margin coef[CS_NUM_CATEGORIES]; /* base 0: the completions differ by c */
    int64_t lose_minus_fold;
    uint32_t flags, tid, threads;
    cs_totals totals[COUNTS];
    cs_totals *misread;                  /* COUNTS x COUNTS (true c, read c'), or NULL: cs_solve_sorted_misread */
    uint64_t *chart_raise, *chart_total; /* shared: each value is one thread's */
    const uint8_t *probes;               /* 6 cards each: the player's five, the up card */
    const int32_t *probe_head, *probe_next;
    uint64_t *probe_counts;              /* COUNTS x 4 per probe */
    sorted_counters run, snap;           /* the running counts, and their copy at the qualifier */
    int m;                               /* the player value at hand: its cards with a rank in R */
    /* scratch: suit-blind rows and suited corrections (32 sets), at the qualifier and the player */
    int32_t *bq, *bv, *cq, *cv;
    int bad;
    int status;
} sorted_job;

typedef struct {
    int64_t nq, win, tie, lose, total;
} sorted_outcome;

/* Completions of the four hole cards holding c of the a cards with a rank in R left. */
static inline int64_t completions_of(int a, int c)
{
    return (int64_t)cs__binom[a][c] * cs__binom[46 - a][4 - c];
}

/* The outcome of class (r, Q, c) of the player value at hand (job->m its cards in R); ties: the dealer
 * hands with P's value holding u. */
static inline sorted_outcome outcome_of(sorted_job *job, unsigned r, unsigned q, int c, int below_v, int64_t total,
                                        uint32_t ties)
{
    const size_t l = (size_t)c * RLANES + r, lq = (size_t)q * WIDTH + l;
    sorted_outcome o;
    o.total = total;
    o.nq = job->bq[l] + job->cq[lq];
    if (!below_v) {
        o.win = o.tie = 0;
        o.lose = total - o.nq;
    } else {
        int64_t below = job->bv[l] + job->cv[lq];
        o.tie = c == job->m - (int)(job->sorted >> r & 1) ? ties : 0;
        o.win = below - o.nq;
        o.lose = total - below - o.tie;
    }
    job->bad |= o.nq < 0 || o.win < 0 || o.lose < 0;
    return o;
}

static inline void decide(sorted_job *job, const sorted_player *p, uint64_t w, unsigned r, int c, sorted_outcome o)
{
    const int cat = p->cat;
    const cs__margin k = job->coef[cat];
    int64_t d = cs__raise_margin(k, o.nq, o.win, o.tie) + o.total * job->lose_minus_fold;
    const uint64_t deals = w * (uint64_t)o.total;
    const int raise = cs__tally(&job->totals[c], cat, d, job->flags, w, o.nq, o.win, o.tie, o.lose, deals, deals);
    if (job->chart_raise) {
        size_t cell = ((size_t)c * CS_NUM_VALUES + p->v) * CS_NUM_RANKS + r;
        job->chart_total[cell] += w;
        if (raise)
            job->chart_raise[cell] += w;
    }
}

/* The unseen cards with a rank in R: R's cards less the player's (job->m) and the up card. */
static inline int sorted_left(const sorted_job *job, unsigned r)
{
    return 4 * __builtin_popcount(job->sorted) - job->m - (int)(job->sorted >> r & 1);
}

static void decide_value(sorted_job *job, const sorted_player *p, int below_v)
{
    for (unsigned r = 0; r < CS_NUM_RANKS; r++) {
        if (p->rc.mult[r] == 4) /* no up card of this rank */
            continue;
        const uint8_t rr = (uint8_t)r;
        const uint32_t ties[2] = {cs__ties(&p->rc, p->flush, &rr, 1, 0), cs__ties(&p->rc, p->flush, &rr, 1, 1)};
        const int a = sorted_left(job, r);
        for (int c = 0; c < COUNTS; c++) {
            const int64_t total = completions_of(a, c);
            if (!total)
                continue;
            for (unsigned q = 0; q < p->n_sets; q++)
                if (p->cnt[q] && !(p->rank_bits[q] >> r & 1))
                    decide(job, p, p->cnt[q], r, c, outcome_of(job, r, q, c, below_v, total, ties[q == 0]));
        }
    }
}

/* Misread counts (cs_solve_sorted_misread): each class (value, r, Q) decided for every count c' it can
 * have (the optimal decision of (value, r, Q, c')) and without the leak (the sum over c of its
 * counts); the deals of each true c tallied under the decision of each read c' (a c' the class
 * cannot have: the decision without the leak), raise situations in deals as cs_solve_sorted's. */
static void misread_value(sorted_job *job, const sorted_player *p, int below_v)
{
    const int cat = p->cat;
    const cs__margin k = job->coef[cat];
    for (unsigned r = 0; r < CS_NUM_RANKS; r++) {
        if (p->rc.mult[r] == 4)
            continue;
        const uint8_t rr = (uint8_t)r;
        const uint32_t ties[2] = {cs__ties(&p->rc, p->flush, &rr, 1, 0), cs__ties(&p->rc, p->flush, &rr, 1, 1)};
        const int a = sorted_left(job, r);
        for (unsigned q = 0; q < p->n_sets; q++) {
            if (!p->cnt[q] || p->rank_bits[q] >> r & 1)
                continue;
            sorted_outcome o[COUNTS], plain = {0, 0, 0, 0, 0};
            int raise[COUNTS], possible[COUNTS];
            for (int c = 0; c < COUNTS; c++) {
                const int64_t total = completions_of(a, c);
                possible[c] = total != 0;
                raise[c] = 0;
                if (!total)
                    continue;
                o[c] = outcome_of(job, r, q, c, below_v, total, ties[q == 0]);
                const int64_t d = cs__raise_margin(k, o[c].nq, o[c].win, o[c].tie) + total * job->lose_minus_fold;
                raise[c] = d > 0 || (d == 0 && (job->flags & CS_RAISE_ON_TIE));
                plain.nq += o[c].nq;
                plain.win += o[c].win;
                plain.tie += o[c].tie;
                plain.lose += o[c].lose;
                plain.total += total;
            }
            const int64_t dp = cs__raise_margin(k, plain.nq, plain.win, plain.tie) + plain.total * job->lose_minus_fold;
            const int raise_plain = dp > 0 || (dp == 0 && (job->flags & CS_RAISE_ON_TIE));
            const uint64_t w = p->cnt[q];
            for (int c = 0; c < COUNTS; c++) {
                if (!possible[c])
                    continue;
                for (int x = 0; x < COUNTS; x++)
                    cs__tally_outcome(&job->misread[c * COUNTS + x], cat, possible[x] ? raise[x] : raise_plain, w,
                                      o[c].nq, o[c].win, o[c].tie, o[c].lose, w * (uint64_t)o[c].total,
                                      w * (uint64_t)o[c].total);
            }
        }
    }
}

static void answer_probes(sorted_job *job, const sorted_player *p, int below_v)
{
    for (int32_t x = job->probe_head[p->v]; x >= 0; x = job->probe_next[x]) {
        const uint8_t *pr = job->probes + 6 * (size_t)x;
        const unsigned r = pr[5] >> 2, suit = pr[5] & 3u;
        const unsigned q = cs__suit_set(p, pr, suit);
        const uint8_t rr = (uint8_t)r;
        const uint32_t ties = cs__ties(&p->rc, p->flush, &rr, 1, q == 0);
        const int a = sorted_left(job, r);
        for (int c = 0; c < COUNTS; c++) {
            uint64_t *out = job->probe_counts + ((size_t)x * COUNTS + (size_t)c) * 4;
            const int64_t total = completions_of(a, c);
            if (!total)
                continue; /* stays 0 */
            sorted_outcome o = outcome_of(job, r, q, c, below_v, total, ties);
            out[0] = (uint64_t)o.nq;
            out[1] = (uint64_t)o.win;
            out[2] = (uint64_t)o.tie;
            out[3] = (uint64_t)o.lose;
        }
    }
}

/* Every situation with a player hand of value v: job->snap holds the hands below the qualifier,
 * job->run (read when below_v) the hands below v. */
static void solve_value(void *arg, uint16_t v, int below_v)
{
    sorted_job *job = arg;
    sorted_player p;
    cs__player_of(v, &p);
    job->m = in_sorted(p.ranks, 5, job->sorted);
    cs__read_blind(&job->snap, WIDTH, 4, p.ranks, job->bq);
    cs__read_suited(&job->snap, WIDTH, 4, p.dr, p.nd, job->cq);
    if (below_v) {
        cs__read_blind(&job->run, WIDTH, 4, p.ranks, job->bv);
        cs__read_suited(&job->run, WIDTH, 4, p.dr, p.nd, job->cv);
    }
    if (job->misread)
        misread_value(job, &p, below_v);
    else
        decide_value(job, &p, below_v);
    answer_probes(job, &p, below_v);
}

static void snapshot(void *arg)
{
    sorted_job *job = arg;
    memcpy(job->snap.b, job->run.b, 2 * (size_t)ROWS * WIDTH * sizeof *job->snap.b);
}

static void add_to_run(void *arg, uint16_t v)
{
    sorted_job *job = arg;
    add_value(&job->run, v, job->sorted);
}

static void *sorted_sweep(void *arg)
{
    sorted_job *job = arg;
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

/* ---- the call -------------------------------------------------------------------------------- */

static int check_args(uint32_t sorted, uint16_t qualifier, const cs_nets *nets, uint32_t flags, uint32_t threads,
                      const cs_totals *out, size_t n_out, const uint64_t *chart_raise,
                      const uint64_t *chart_total, size_t n_chart, const uint8_t *probes, size_t n_probes,
                      const uint64_t *probe_counts)
{
    if (!nets || !out)
        return CS_E_NULL;
    if (n_probes && (!probes || !probe_counts))
        return CS_E_NULL;
    if ((chart_raise == NULL) != (chart_total == NULL))
        return CS_E_NULL;
    if (n_out != COUNTS || n_probes > 4096)
        return CS_E_SIZE;
    if (chart_raise && n_chart != (size_t)CS_SORTED_CHART_CELLS)
        return CS_E_SIZE;
    for (size_t x = 0; x < n_probes; x++) {
        uint64_t mask = 0;
        int st = cs__check_cards(probes + 6 * x, 6, &mask);
        if (st != CS_OK)
            return st;
    }
    if (sorted >> CS_NUM_RANKS || qualifier > CS_NUM_VALUES || threads < 1 || threads > CS_MAX_THREADS
        || (flags & ~(uint32_t)CS_RAISE_ON_TIE))
        return CS_E_ARG;
    int st = cs__check_nets(nets, CS__NET_LIMIT);
    if (st != CS_OK)
        return st;
    return cs__ensure_tables();
}

/* The solve, arguments checked; misread (COUNTS x COUNTS totals, or NULL) for cs_solve_sorted_misread. */
static int solve(uint32_t sorted_ranks, uint16_t qualifier, const cs_nets *nets, uint32_t flags, uint32_t threads,
                 cs_totals *out, uint64_t *chart_raise, uint64_t *chart_total, size_t n_chart,
                 const uint8_t *probes, size_t n_probes, uint64_t *probe_counts, cs_totals *misread)
{
    int st;
    sorted_job *jobs = calloc(threads, sizeof *jobs);
    cs_totals *reads = misread ? calloc((size_t)threads * COUNTS * COUNTS, sizeof *reads) : NULL;
    if (misread && !reads) {
        free(jobs);
        return CS_E_NOMEM;
    }
    int32_t *probe_head = malloc(CS_NUM_VALUES * sizeof *probe_head);
    int32_t *probe_next = malloc(sizeof *probe_next * n_probes + 1);
    if (!jobs || !probe_head || !probe_next) {
        st = CS_E_NOMEM;
        goto done;
    }
    cs__probes_by_value(probes, n_probes, 6, probe_head, probe_next, probe_counts, COUNTS * 4);
    if (chart_raise) {
        memset(chart_raise, 0, n_chart * sizeof *chart_raise);
        memset(chart_total, 0, n_chart * sizeof *chart_total);
    }
    for (uint32_t t = 0; t < threads; t++) {
        sorted_job *job = &jobs[t];
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
        job->misread = reads ? reads + (size_t)t * COUNTS * COUNTS : NULL;
    }
    cs__parallel(sorted_sweep, jobs, sizeof *jobs, threads);
    memset(out, 0, COUNTS * sizeof *out);
    if (misread)
        memset(misread, 0, COUNTS * COUNTS * sizeof *misread);
    st = CS_OK;
    for (uint32_t t = 0; t < threads; t++) {
        if (jobs[t].status != CS_OK)
            st = jobs[t].status;
        for (int c = 0; c < COUNTS; c++)
            cs__totals_add(&out[c], &jobs[t].totals[c]);
        for (int c = 0; misread && c < COUNTS * COUNTS; c++)
            cs__totals_add(&misread[c], &jobs[t].misread[c]);
    }
done:
    free(jobs);
    free(reads);
    free(probe_head);
    free(probe_next);
    return st;
}

int cs_test_solve_sorted(uint32_t sorted_ranks, uint16_t qualifier, const cs_nets *nets, uint32_t flags,
                         uint32_t threads, cs_totals *out, size_t n_out, uint64_t *chart_raise,
                         uint64_t *chart_total, size_t n_chart, const uint8_t *probes, size_t n_probes,
                         uint64_t *probe_counts)
{
    int st = check_args(sorted_ranks, qualifier, nets, flags, threads, out, n_out, chart_raise, chart_total,
                        n_chart, probes, n_probes, probe_counts);
    if (st != CS_OK)
        return st;
    return solve(sorted_ranks, qualifier, nets, flags, threads, out, chart_raise, chart_total, n_chart, probes,
                 n_probes, probe_counts, NULL);
}

int cs_solve_sorted_misread(uint32_t sorted_ranks, uint16_t qualifier, const cs_nets *nets, uint32_t flags,
                            uint32_t threads, cs_totals *out, size_t n_out)
{
    if (!out)
        return CS_E_NULL;
    if (n_out != (size_t)COUNTS * COUNTS)
        return CS_E_SIZE;
    cs_totals by_c[COUNTS];
    int st = check_args(sorted_ranks, qualifier, nets, flags, threads, by_c, COUNTS, NULL, NULL, 0, NULL, 0, NULL);
    if (st != CS_OK)
        return st;
    return solve(sorted_ranks, qualifier, nets, flags, threads, by_c, NULL, NULL, 0, NULL, 0, NULL, out);
}

int cs_solve_sorted(uint32_t sorted_ranks, uint16_t qualifier, const cs_nets *nets, uint32_t flags,
                    uint32_t threads, cs_totals *out, size_t n_out, uint64_t *chart_raise, uint64_t *chart_total,
                    size_t n_chart)
{
    return cs_test_solve_sorted(sorted_ranks, qualifier, nets, flags, threads, out, n_out, chart_raise,
                                chart_total, n_chart, NULL, 0, NULL);
}
