/* seen.c - the whole game when the player sees k = 1, 2 or 3 of the dealer's hole cards, exact
 * (cs_solve_seen; cs_solve_seen_k1 adds, for k = 1, the chart by up card and seen card and the
 * decision of every class of situations, from the same counting pass).
 *
 * The dealer's known cards K (the up card and the k seen ones, nk = k + 1 cards) count only as a
 * set: the dealer's hand is K plus nu = 4 - k of the 46 - k cards left. For player hand P, by
 * inclusion-exclusion over the subsets S of P (|S| <= nu),
 *     #{D : v(D) < x} = sum (-1)^|S| N_x(K + S),
 * where N_x(T) counts the 5-card hands holding T with value below x; N_x(T) depends on T only
 * through its rank multiset and whether its cards share a suit (as in game.c). One sweep over the
 * values in increasing order keeps, for every rank multiset S of 0 to nu ranks (a row) and every
 * rank multiset A of nk ranks (a lane: 91, 455 or 1820 of them), the counts b (T = S + A not all
 * of one suit) and d (suited minus not suited); a copy taken at the qualifier answers "does not
 * qualify", the running counts "below the player".
 * So for a player value (rank multiset and flushness) the count splits into a part that depends
 * only on the rank multiset A of K and, when K is all of one suit, a correction that depends on
 * the set Q of P's ranks in that suit: a sum over the subsets of Q, all of them at once by a
 * subset-sum transform. A situation's outcome thus depends only on P's value, A and, if K is
 * suited, Q. Each such class is decided once (exact integer comparison) and weighted by its
 * situations in closed form: the sets K of ranks A disjoint from P, times nk for the choice of the
 * up card among them. Ties (the same ranks, the same flushness) have a closed formula.
 *
 * The one-card solver this replaced (seen_card.c, its own layout for k = 1) is kept as an
 * independent check under tests/c/reference/: tests/c/seen_reference.c compares every output.
 */
#include <stdlib.h>
#include <string.h>

#include "seen_internal.h"


static seen_shape shape_of(int k)
{
    /* k = 0 (the up card only: one known card, always "of one suit") serves the burn card */
    static const uint32_t lanes[4] = {CS_NUM_RANKS, CS_SEEN_RANK_PAIRS, CS__MSETS3, CS__MSETS4};
    static const uint32_t completions[4] = {CS_NUM_COMPLETIONS, 14190, 946, 43};
    static const uint32_t suited_lanes[4] = {0, 78, 286, 715};
    seen_shape s;
    s.k = k;
    s.nk = k + 1;
    s.nu = 4 - k;
    s.lanes = lanes[k];
    s.suited_lanes = suited_lanes[k];
    s.rows = cs__mset_rows_below(s.nu + 1);
    s.completions = completions[k];
    return s;
}


static void build_lanes(const seen_shape *sh, seen_lane *lane)
{
    uint8_t s[4] = {0, 0, 0, 0};
    const int nk = sh->nk;
    /* every non-decreasing sequence of nk ranks */
    for (;;) {
        uint32_t m = cs__mset_index(s, nk);
        seen_lane *l = &lane[m];
        l->mask = 0;
        l->distinct = 1;
        for (int i = 0; i < nk; i++) {
            l->ranks[i] = s[i];
            l->mask |= (uint16_t)(1u << s[i]);
            if (i > 0 && s[i] == s[i - 1])
                l->distinct = 0;
        }
        int i = nk - 1;
        while (i >= 0 && s[i] == 12)
            i--;
        if (i < 0)
            break;
        s[i]++;
        for (int j = i + 1; j < nk; j++)
            s[j] = s[i];
    }
    uint16_t n = 0;
    for (uint32_t l = 0; l < sh->lanes; l++)
        lane[l].suited = lane[l].distinct ? n++ : 0;
}


/* The hands of a value holding a set of the ranks of sub-multiset t, into the counters: for each
 * distinct sub-multiset A of nk of t's ranks (of equal ranks, the first positions), T = S + A is
 * row S, lane A. */
static void add_subset(const seen_shape *sh, seen_counters *ct, const cs__subset *t)
{
    const uint8_t *s = t->ranks;
    const int k = t->k, nk = sh->nk;
    const int32_t cu = t->plain, cd = t->suited - t->plain;
    for (unsigned mask = 0; mask < (1u << k); mask++) {
        if (__builtin_popcount(mask) != nk)
            continue;
        int ok = 1;
        for (int i = 1; i < k; i++)
            if ((mask >> i & 1) && s[i] == s[i - 1] && !(mask >> (i - 1) & 1))
                ok = 0;
        if (!ok)
            continue;
        uint8_t a[5], rest[5];
        int na = 0, nr = 0;
        for (int i = 0; i < k; i++) {
            if (mask >> i & 1)
                a[na++] = s[i];
            else
                rest[nr++] = s[i];
        }
        size_t at = (size_t)cs__mset_row(rest, nr) * sh->lanes + cs__mset_index(a, nk);
        ct->b[at] += cu;
        ct->d[at] += cd;
    }
}

static void add_value(const seen_shape *sh, seen_counters *ct, uint16_t v)
{
    cs__subset sub[31];
    for (int x = 0, n = cs__value_subsets(v, sub); x < n; x++)
        if (sub[x].k >= sh->nk)
            add_subset(sh, ct, &sub[x]);
}

/* ---- one player value --------------------------------------------------------------------- */


/* k = 1: the lane of the decision table of the class (Q, ranks a <= b of lane l). */
static inline size_t decision_at(const seen_job *job, const seen_player *p, uint32_t l, int suited, unsigned q)
{
    const unsigned a = job->view[0].lane[l].ranks[0], b = job->view[0].lane[l].ranks[1];
    /* two suits (or one rank): the pair lane, which is the multiset index l */
    const size_t lane = suited ? cs__seen_suited_lane(q, a, b) : cs__seen_pair_lane(a, b);
    return (size_t)p->v * CS_SEEN_DECISION_LANES + lane;
}

/* One class of situations: mult sets K, each with nk choices of the up card; K all of one suit
 * in which P holds the ranks Q (suited) or not. */
static inline void decide(seen_job *job, const seen_player *p, uint64_t mult, uint32_t l, int suited, unsigned q,
                          seen_outcome o)
{
    const int cat = p->cat;
    const uint64_t total = job->view[0].sh.completions, w = mult * (uint64_t)job->view[0].sh.nk;
    int64_t d = cs__raise_margin(job->coef[cat], o.nq, o.win, o.tie);
    const int raise = cs__tally(&job->totals, cat, d, job->flags, w, o.nq, o.win, o.tie, o.lose, w, w * total);
    if (job->chart_raise) {
        size_t c = (size_t)p->cls * job->view[0].sh.lanes + l;
        job->chart_total[c] += w;
        if (raise)
            job->chart_raise[c] += w;
    }
    if (job->decisions) /* 0 fold, 1 raise, 2 either */
        job->decisions[decision_at(job, p, l, suited, q)] = (uint8_t)(d > 0 ? 1 : d < 0 ? 0 : 2);
    if (job->dec_off) { /* each value is one thread's: no two threads write one byte or word */
        const seen_view *w0 = &job->view[0];
        if (!suited)
            job->dec_off[(size_t)p->v * w0->sh.lanes + l] = (uint8_t)(d > 0 ? 1 : d < 0 ? 0 : 2);
        else if (d != 0)
            job->dec_suited[(size_t)p->v * w0->sh.suited_lanes + w0->lane[l].suited] |= (uint64_t)(d > 0) << q;
        else
            job->dec_suited[(size_t)p->v * w0->sh.suited_lanes + w0->lane[l].suited] |= (uint64_t)1 << (32 + q);
    }
}

/* K not all of one suit: the sets K of ranks A disjoint from P, less the suited ones. */
static inline void decide_mixed_suits(seen_job *job, const seen_player *p, int below_v)
{
    for (uint32_t l = 0; l < job->view[0].sh.lanes; l++) {
        const seen_lane *a = &job->view[0].lane[l];
        uint64_t mult = p->hands;
        for (int i = 0; i < job->view[0].sh.nk; i++) {
            if (i > 0 && a->ranks[i] == a->ranks[i - 1])
                continue;
            int m = 1;
            while (i + m < job->view[0].sh.nk && a->ranks[i + m] == a->ranks[i])
                m++;
            mult *= cs__binom[4 - p->rc.mult[a->ranks[i]]][m];
        }
        if (a->distinct)
            for (unsigned q = 0; q < p->n_sets; q++)
                if (!(p->rank_bits[q] & a->mask))
                    mult -= p->cnt[q]; /* the suited sets */
        if (mult)
            decide(job, p, mult, l, 0, 0, outcome_of(&job->view[0], p, l, 0, 0, below_v));
    }
}

/* K all of one suit in which P holds the ranks Q: the class is (Q, A), A distinct, none in Q. */
static inline void decide_one_suit(seen_job *job, const seen_player *p, int below_v)
{
    for (unsigned q = 0; q < p->n_sets; q++) {
        if (!p->cnt[q])
            continue;
        for (uint32_t l = 0; l < job->view[0].sh.lanes; l++) {
            const seen_lane *a = &job->view[0].lane[l];
            if (a->distinct && !(p->rank_bits[q] & a->mask))
                decide(job, p, p->cnt[q], l, 1, q, outcome_of(&job->view[0], p, l, 1, q, below_v));
        }
    }
}

static void answer_probes(seen_job *job, uint16_t v, const seen_player *p, int below_v)
{
    const int nk = job->view[0].sh.nk, width = 5 + nk;
    for (int32_t x = job->probe_head[v]; x >= 0; x = job->probe_next[x]) {
        const uint8_t *pr = job->probes + (size_t)width * (size_t)x;
        uint8_t a[4];
        unsigned suit = pr[5] & 3u;
        int same = 1;
        for (int i = 0; i < nk; i++) {
            a[i] = pr[5 + i] >> 2;
            same &= (pr[5 + i] & 3u) == suit;
        }
        for (int i = 1; i < nk; i++) /* sort the ranks */
            for (int j = i; j > 0 && a[j] < a[j - 1]; j--) {
                uint8_t t = a[j];
                a[j] = a[j - 1];
                a[j - 1] = t;
            }
        const unsigned q = cs__suit_set(p, pr, suit);
        seen_outcome o = outcome_of(&job->view[0], p, cs__mset_index(a, nk), same, same ? q : 0, below_v);
        uint64_t *out = job->probe_counts + 4 * (size_t)x;
        out[0] = (uint64_t)o.nq;
        out[1] = (uint64_t)o.win;
        out[2] = (uint64_t)o.tie;
        out[3] = (uint64_t)o.lose;
    }
}

/* Every situation with a player hand of value v: each view's snap holds its hands below the
 * qualifier, its run (read when below_v) those below v. */
static inline __attribute__((always_inline)) void solve_value_body(seen_job *job, uint16_t v, int below_v)
{
    seen_player p;
    cs__player_of(v, &p);
    for (int i = 0; i < job->n_views; i++) {
        seen_view *w = &job->view[i];
        const uint32_t n = w->sh.lanes;
        cs__read_blind(&w->snap, n, w->sh.nu, p.ranks, w->bq);
        cs__read_suited(&w->snap, n, w->sh.nu, p.dr, p.nd, w->cq);
        if (below_v) {
            cs__read_blind(&w->run, n, w->sh.nu, p.ranks, w->bv);
            cs__read_suited(&w->run, n, w->sh.nu, p.dr, p.nd, w->cv);
        }
    }
    if (job->leak) {
        cs__seen_leak_value(job, v, &p, below_v);
        return;
    }
    decide_mixed_suits(job, &p, below_v);
    decide_one_suit(job, &p, below_v);
    answer_probes(job, v, &p, below_v);
}

/* solve_value_body with each case compiled apart (the deciding loops test below_v: a tenth of the
 * time when they test it at run time). */
static void solve_value(void *arg, uint16_t v, int below_v)
{
    if (below_v)
        solve_value_body(arg, v, 1);
    else
        solve_value_body(arg, v, 0);
}

static void snapshot(void *arg)
{
    seen_job *job = arg;
    for (int i = 0; i < job->n_views; i++) {
        seen_view *w = &job->view[i];
        memcpy(w->snap.b, w->run.b, 2 * (size_t)w->sh.rows * w->sh.lanes * sizeof *w->snap.b);
    }
}

static void add_to_views(void *arg, uint16_t v)
{
    seen_job *job = arg;
    for (int i = 0; i < job->n_views; i++)
        add_value(&job->view[i].sh, &job->view[i].run, v);
}

static void *seen_sweep(void *arg)
{
    seen_job *job = arg;
    const int nv = job->n_views;
    int ok = 1;
    if (job->leak) {
        job->lt = cs__seen_leak_scratch(job->leak);
        ok = job->lt != NULL;
    }
    for (int i = 0; i < nv; i++) {
        seen_view *w = &job->view[i];
        const size_t n = w->sh.lanes, cells = (size_t)w->sh.rows * n;
        w->bq = malloc((2 + 2 * 32) * n * sizeof *w->bq);
        if (cs__counters_alloc(&w->run, cells) != CS_OK || cs__counters_alloc(&w->snap, cells) != CS_OK || !w->bq) {
            ok = 0;
            continue;
        }
        w->bv = w->bq + n;
        w->cq = w->bv + n;
        w->cv = w->cq + 32 * n;
    }
    if (!ok) {
        job->status = CS_E_NOMEM;
        goto done;
    }
    cs__value_sweep(job, job->qualifier, job->tid, job->threads, snapshot, solve_value, add_to_views);
    job->status = CS_OK;
done:
    for (int i = 0; i < nv; i++) {
        seen_view *w = &job->view[i];
        free(w->run.b);
        free(w->snap.b);
        free(w->bq);
        w->run.b = w->run.d = w->snap.b = w->snap.d = NULL;
        w->bq = w->bv = w->cq = w->cv = NULL;
    }
    free(job->lt);
    job->lt = NULL;
    return NULL;
}

/* ---- the call -------------------------------------------------------------------------------- */

static int check_args(uint32_t k, uint16_t qualifier, const cs_nets *nets, uint32_t flags, uint32_t threads,
                      const cs_totals *out, const uint64_t *chart_raise, const uint64_t *chart_total,
                      size_t n_chart, const uint8_t *probes, size_t n_probes, const uint64_t *probe_counts)
{
    if (!nets || !out)
        return CS_E_NULL;
    if (k < 1 || k > 3)
        return CS_E_ARG;
    if (n_probes && (!probes || !probe_counts))
        return CS_E_NULL;
    if (n_probes > 4096)
        return CS_E_SIZE;
    const uint32_t width = 6 + k;
    for (size_t x = 0; x < n_probes; x++) {
        uint64_t mask = 0;
        int st = cs__check_cards(probes + width * x, width, &mask);
        if (st != CS_OK)
            return st;
    }
    if ((chart_raise == NULL) != (chart_total == NULL))
        return CS_E_NULL;
    if (chart_raise && n_chart != (size_t)N_CLASSES * shape_of((int)k).lanes)
        return CS_E_SIZE;
    if (qualifier > CS_NUM_VALUES || threads < 1 || threads > CS_MAX_THREADS || (flags & ~(uint32_t)CS_RAISE_ON_TIE))
        return CS_E_ARG;
    int st = cs__check_nets(nets, CS__NET_LIMIT);
    if (st != CS_OK)
        return st;
    return cs__ensure_tables();
}

/* A finished job's totals and chart (n_chart cells, chart_raise NULL for none) added to out. */
static void add_job(const seen_job *job, cs_totals *out, uint64_t *chart_raise, uint64_t *chart_total,
                    size_t n_chart)
{
    cs__totals_add(out, &job->totals);
    if (chart_raise)
        for (size_t c = 0; c < n_chart; c++) {
            chart_raise[c] += job->chart_raise[c];
            chart_total[c] += job->chart_total[c];
        }
}

/* A finished leak job's bounds merged into lows and highs (CS_LEAK_NO_VALUE: none yet). */
static void add_bounds(const seen_job *job, uint16_t *lows, uint16_t *highs, size_t n)
{
    for (size_t c = 0; c < n; c++) {
        const uint16_t lo = job->lowest_raise[c], hi = job->highest_fold[c];
        if (lo != CS_LEAK_NO_VALUE && (lows[c] == CS_LEAK_NO_VALUE || lo < lows[c]))
            lows[c] = lo;
        if (hi != CS_LEAK_NO_VALUE && (highs[c] == CS_LEAK_NO_VALUE || hi > highs[c]))
            highs[c] = hi;
    }
}

/* The solve, arguments checked; decisions (k = 1 only, may be NULL) the table of cs_solve_seen_k1. */
static int solve(uint32_t k, uint16_t qualifier, const cs_nets *nets, uint32_t flags, uint32_t threads,
                 cs_totals *out, uint64_t *chart_raise, uint64_t *chart_total, size_t n_chart,
                 const uint8_t *probes, size_t n_probes, uint64_t *probe_counts, uint8_t *decisions,
                 const cs_leak *leak, uint16_t *lows, uint16_t *highs, uint8_t *dec_off, uint64_t *dec_suited)
{
    int st;
    const int burn = leak && leak->kind == CS_LEAK_BURN_CARD, combo = leak && leak->kind == CS_LEAK_SEEN_AND_BURN;
    const int with_class = leak && leak->kind == CS_LEAK_SEEN_AND_CLASS;
    const int burn_class = leak && leak->kind == CS_LEAK_BURN_AND_CLASS;
    /* view 1: the plain game (k = 0) for the burn card, k = 2 for a seen card and the burn card or a
     * class, and for the burn card and a class */
    const seen_shape sh = shape_of((int)k), sh0 = shape_of(combo || with_class || burn_class ? 2 : 0);
    const size_t cells = leak ? (size_t)CS_LEAK_CHART_CELLS : (size_t)N_CLASSES * sh.lanes;
    seen_job *jobs = calloc(threads, sizeof *jobs);
    seen_lane *lanes = malloc((sh.lanes + sh0.lanes) * sizeof *lanes);
    int32_t *probe_head = malloc(CS_NUM_VALUES * sizeof *probe_head);
    int32_t *probe_next = malloc(sizeof *probe_next * n_probes + 1);
    uint64_t *charts = chart_raise ? calloc((size_t)threads * 2 * cells, sizeof *charts) : NULL;
    uint16_t *bounds = lows ? malloc((size_t)threads * 2 * cells * sizeof *bounds) : NULL;
    if (!jobs || !lanes || !probe_head || !probe_next || (chart_raise && !charts) || (lows && !bounds)) {
        st = CS_E_NOMEM;
        goto out;
    }
    build_lanes(&sh, lanes);
    build_lanes(&sh0, lanes + sh.lanes);
    cs__probes_by_value(probes, n_probes, combo || with_class || burn_class ? 8 : leak ? 7 : 6 + k, probe_head, probe_next,
                        probe_counts, 4);
    int n_blocks = 0;
    for (int r = 0; leak && r < CS_NUM_RANKS; r++)
        n_blocks = leak->rank_block[r] >= n_blocks ? leak->rank_block[r] + 1 : n_blocks;
    if (decisions) /* 255: no such class */
        memset(decisions, 0xff, (size_t)CS_NUM_VALUES * CS_SEEN_DECISION_LANES);
    if (dec_off) { /* 255: no such class; no bit: fold or no such class */
        memset(dec_off, 0xff, (size_t)CS_NUM_VALUES * sh.lanes);
        memset(dec_suited, 0, (size_t)CS_NUM_VALUES * sh.suited_lanes * sizeof *dec_suited);
    }
    for (uint32_t t = 0; t < threads; t++) {
        seen_job *job = &jobs[t];
        job->view[0].sh = sh;
        job->view[0].lane = lanes;
        job->view[1].sh = sh0;
        job->view[1].lane = lanes + sh.lanes;
        job->n_views = burn || combo || with_class || burn_class ? 2 : 1;
        job->leak = leak;
        job->n_blocks = n_blocks;
        job->unit = burn ? CS_NUM_COMPLETIONS - CS_NUM_SEEN_COMPLETIONS
                         : combo || burn_class ? CS_NUM_SEEN_COMPLETIONS - sh0.completions
                         : with_class ? sh0.completions : CS_NUM_SEEN_COMPLETIONS;
        job->qualifier = qualifier;
        for (int cat = 0; cat < CS_NUM_CATEGORIES; cat++) {
            job->coef[cat] = cs__margin_of(nets, cat, sh.completions);
            job->unit_coef[cat] = cs__margin_of(nets, cat, 1);
        }
        job->flags = flags;
        job->tid = t;
        job->threads = threads;
        job->status = CS_E_NOMEM;
        job->probes = probes;
        job->probe_head = probe_head;
        job->probe_next = probe_next;
        job->probe_counts = probe_counts;
        job->decisions = decisions;
        job->dec_off = dec_off;
        job->dec_suited = dec_suited;
        if (charts) {
            job->chart_raise = charts + (size_t)t * 2 * cells;
            job->chart_total = job->chart_raise + cells;
        }
        if (bounds) {
            job->lowest_raise = bounds + (size_t)t * 2 * cells;
            job->highest_fold = job->lowest_raise + cells;
            for (size_t c = 0; c < 2 * cells; c++)
                job->lowest_raise[c] = CS_LEAK_NO_VALUE;
        }
    }
    cs__parallel(seen_sweep, jobs, sizeof *jobs, threads);
    memset(out, 0, sizeof *out);
    if (chart_raise) {
        memset(chart_raise, 0, n_chart * sizeof *chart_raise);
        memset(chart_total, 0, n_chart * sizeof *chart_total);
    }
    st = CS_OK;
    for (uint32_t t = 0; t < threads; t++) {
        if (jobs[t].status != CS_OK)
            st = jobs[t].status;
        add_job(&jobs[t], out, chart_raise, chart_total, n_chart);
    }
    if (lows) {
        for (size_t c = 0; c < n_chart; c++)
            lows[c] = highs[c] = CS_LEAK_NO_VALUE;
        for (uint32_t t = 0; t < threads; t++)
            add_bounds(&jobs[t], lows, highs, n_chart);
    }
out:
    free(bounds);
    free(jobs);
    free(lanes);
    free(charts);
    free(probe_head);
    free(probe_next);
    return st;
}

int cs_solve_seen(uint32_t k, uint16_t qualifier, const cs_nets *nets, uint32_t flags, uint32_t threads,
                  cs_totals *out, uint64_t *chart_raise, uint64_t *chart_total, size_t n_chart)
{
    return cs_test_solve_seen(k, qualifier, nets, flags, threads, out, chart_raise, chart_total, n_chart,
                              NULL, 0, NULL);
}

int cs_test_solve_seen(uint32_t k, uint16_t qualifier, const cs_nets *nets, uint32_t flags, uint32_t threads,
                       cs_totals *out, uint64_t *chart_raise, uint64_t *chart_total, size_t n_chart,
                       const uint8_t *probes, size_t n_probes, uint64_t *probe_counts)
{
    int st = check_args(k, qualifier, nets, flags, threads, out, chart_raise, chart_total, n_chart, probes,
                        n_probes, probe_counts);
    if (st != CS_OK)
        return st;
    return solve(k, qualifier, nets, flags, threads, out, chart_raise, chart_total, n_chart, probes, n_probes,
                 probe_counts, NULL, NULL, NULL, NULL, NULL, NULL);
}

int cs_solve_seen_decided(uint32_t k, uint16_t qualifier, const cs_nets *nets, uint32_t flags, uint32_t threads,
                          cs_totals *out, const cs_seen_decision_outputs *o)
{
    if (!o || !o->decisions || !o->suited)
        return CS_E_NULL;
    int st = check_args(k, qualifier, nets, flags, threads, out, o->chart_raise, o->chart_total, o->n_chart, NULL, 0,
                        NULL);
    if (st != CS_OK)
        return st;
    const seen_shape sh = shape_of((int)k);
    if (o->n_decisions != (size_t)CS_NUM_VALUES * sh.lanes || o->n_suited != (size_t)CS_NUM_VALUES * sh.suited_lanes)
        return CS_E_SIZE;
    return solve(k, qualifier, nets, flags, threads, out, o->chart_raise, o->chart_total, o->n_chart, NULL, 0, NULL,
                 NULL, NULL, NULL, NULL, o->decisions, o->suited);
}

/* The chart by up rank and seen rank from the chart by their rank multiset: a class of mult
 * unordered (u, s) pairs of ranks a < b is 2 mult situations, mult with the up card of rank a and
 * mult with b, so each order gets half of the multiset's cell; with a = b the cell is the whole. */
static void chart_by_up(const uint64_t *by_set, uint64_t *by_up)
{
    for (unsigned cls = 0; cls < N_CLASSES; cls++)
        for (unsigned up = 0; up < CS_NUM_RANKS; up++)
            for (unsigned seen = 0; seen < CS_NUM_RANKS; seen++) {
                unsigned a = up < seen ? up : seen, b = up < seen ? seen : up;
                uint64_t w = by_set[cls * CS_SEEN_RANK_PAIRS + cs__seen_pair_lane(a, b)];
                by_up[cs__seen_chart_cell(cls, up, seen)] = a == b ? w : w / 2;
            }
}

int cs_solve_seen_k1(uint16_t qualifier, const cs_nets *nets, uint32_t flags, uint32_t threads, cs_totals *out,
                     const cs_seen_k1_outputs *k1)
{
    if (!k1)
        return CS_E_NULL;
    if ((k1->chart_raise == NULL) != (k1->chart_total == NULL))
        return CS_E_NULL;
    if (k1->chart_raise && k1->n_chart != (size_t)CS_SEEN_CHART_CELLS)
        return CS_E_SIZE;
    if (k1->decisions && k1->n_decisions != (size_t)CS_NUM_VALUES * CS_SEEN_DECISION_LANES)
        return CS_E_SIZE;
    int st = check_args(1, qualifier, nets, flags, threads, out, NULL, NULL, 0, NULL, 0, NULL);
    if (st != CS_OK)
        return st;
    enum { SET_CELLS = N_CLASSES * CS_SEEN_RANK_PAIRS };
    uint64_t by_set[2 * SET_CELLS];
    const int chart = k1->chart_raise != NULL;
    st = solve(1, qualifier, nets, flags, threads, out, chart ? by_set : NULL, chart ? by_set + SET_CELLS : NULL,
               SET_CELLS, NULL, 0, NULL, k1->decisions, NULL, NULL, NULL, NULL, NULL);
    if (st == CS_OK && chart) {
        chart_by_up(by_set, k1->chart_raise);
        chart_by_up(by_set + SET_CELLS, k1->chart_total);
    }
    return st;
}

/* ---- leaks (cs_solve_leak) ------------------------------------------------------------------- */

int cs_solve_leak(const cs_leak *leak, uint16_t qualifier, const cs_nets *nets, uint32_t flags, uint32_t threads,
                  cs_totals *out, const cs_leak_chart *chart)
{
    return cs_test_solve_leak(leak, qualifier, nets, flags, threads, out, chart, NULL, 0, NULL);
}

int cs_test_solve_leak(const cs_leak *leak, uint16_t qualifier, const cs_nets *nets, uint32_t flags,
                       uint32_t threads, cs_totals *out, const cs_leak_chart *chart, const uint8_t *probes,
                       size_t n_probes, uint64_t *probe_counts)
{
    if (!leak)
        return CS_E_NULL;
    if (leak->kind == CS_LEAK_SEEN_CLASS || leak->kind == CS_LEAK_SEEN_AND_CLASS || leak->kind == CS_LEAK_BURN_AND_CLASS) {
        if (leak->suit_split > CS_SUITS_SUIT || (leak->kind != CS_LEAK_SEEN_CLASS && leak->suit_split))
            return CS_E_ARG;
        uint32_t used = 0; /* blocks numbered 0, 1, ... without a gap */
        for (int r = 0; r < CS_NUM_RANKS; r++) {
            if (leak->rank_block[r] >= CS_NUM_RANKS)
                return CS_E_ARG;
            used |= 1u << leak->rank_block[r];
        }
        if (used & (used + 1))
            return CS_E_ARG;
    } else if (leak->kind == CS_LEAK_BURN_CARD || leak->kind == CS_LEAK_SEEN_AND_BURN) {
        if (leak->suit_split)
            return CS_E_ARG;
        for (int r = 0; r < CS_NUM_RANKS; r++)
            if (leak->rank_block[r])
                return CS_E_ARG;
    } else {
        return CS_E_ARG;
    }
    if (chart) {
        if (!chart->raise_weight || !chart->total_weight || !chart->lowest_raise || !chart->highest_fold)
            return CS_E_NULL;
        if (chart->n != (size_t)CS_LEAK_CHART_CELLS)
            return CS_E_SIZE;
    }
    /* the probes are 7 cards, as many as k = 1's (8 with a seen card and the burn card: k = 2's) */
    const int eight = leak->kind == CS_LEAK_SEEN_AND_BURN || leak->kind == CS_LEAK_SEEN_AND_CLASS
                      || leak->kind == CS_LEAK_BURN_AND_CLASS;
    int st = check_args(eight ? 2 : 1, qualifier, nets, flags, threads, out, NULL, NULL, 0, probes, n_probes, probe_counts);
    if (st != CS_OK)
        return st;
    if (!chart)
        return solve(1, qualifier, nets, flags, threads, out, NULL, NULL, 0, probes, n_probes, probe_counts, NULL,
                     leak, NULL, NULL, NULL, NULL);
    return solve(1, qualifier, nets, flags, threads, out, chart->raise_weight, chart->total_weight, chart->n,
                 probes, n_probes, probe_counts, NULL, leak, chart->lowest_raise, chart->highest_fold, NULL, NULL);
}
