/* tests/c/reference/seen_card.c - the whole game when the player also sees one of the dealer's
 * hole cards, exact (ref_solve_seen_one, ref_seen_one_decisions).
 *
 * The core's first one-card solver (csrc/seen_card.c's cs_solve_seen_one and cs_seen_one_decisions
 * until csrc/seen.c's cs_solve_seen_k1 replaced them), kept unchanged but for its names as an
 * independent check of seen.c: its own layout (rank pairs a * 13 + b, not rank multisets) and its
 * own class weights. tests/c/seen_reference.c compiles it with the core and compares every output.
 *
 * For player hand P, up card u and seen card s, the dealer hands are the 5-card hands
 * containing {u, s} and disjoint from P; by inclusion-exclusion over S subset of P (|S| <= 3),
 *     #{D : v(D) < x} = sum (-1)^|S| N_x({u, s} + S),
 * where N_x(T) counts the 5-card hands holding T with value below x. N_x(T) depends on T only
 * through its rank multiset and whether its cards share a suit (as in game.c): one sweep over
 * the values in increasing order keeps, for every rank multiset S of 0 to 3 cards and every
 * pair of ranks (a, b), the counts b (T = S + {a, b} not all of one suit) and d (suited minus
 * not suited). A copy taken when the sweep passes the qualifier answers the "dealer does not
 * qualify" counts, the running counts answer "below the player".
 * So for a player value (rank multiset and flushness) the count splits into a part that
 * depends only on the ranks (a, b) of u and s, and, when u and s share a suit, a correction
 * that depends on the set Q of P's ranks in that suit: a sum over the subsets of Q, all of
 * them at once by a subset-sum transform. The outcome of a situation (hand, u, s) thus depends
 * only on the value of P, the ranks of u and s and, if they are suited, Q; each such class
 * is decided once (exact integer comparison) and weighted by its number of situations, counted
 * in closed form. Ties (the same ranks, the same flushness) have a closed formula.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "seen_card.h"

#define SEEN_COMPLETIONS ((uint32_t)CS_NUM_SEEN_COMPLETIONS) /* C(45,3) */
#define PAIR_LANES 176u         /* rank pairs a * 13 + b (169 of them), padded */
#define SEEN_ROWS 560u          /* rank multisets of 0 to 3 cards: cs__mset_rows_below(4) */

/* b[row * PAIR_LANES + a * 13 + b] (and d): the hands of value below the sweep holding a set T
 * of rank multiset S + {a, b}, S the row; symmetric in a and b. Counts wrap modulo 2^32
 * like unsigned sums, and every quantity read from them is small (see seen_value). */
typedef struct {
    int32_t *b, *d;
} seen_counters;

static int seen_counters_alloc(seen_counters *c)
{
    c->b = calloc((size_t)2 * SEEN_ROWS * PAIR_LANES, sizeof *c->b);
    c->d = c->b ? c->b + (size_t)SEEN_ROWS * PAIR_LANES : NULL;
    return c->b ? CS_OK : CS_E_NOMEM;
}

/* The hands of a value holding a set of the ranks of sub-multiset t (2 to 5 cards), into the
 * counters: for each distinct pair of ranks a <= b of T, T = S + {a, b} is row S, lanes
 * a * 13 + b and b * 13 + a. */
static void seen_add_subset(seen_counters *ct, const cs__subset *t)
{
    const uint8_t *s = t->ranks;
    const int k = t->k;
    const int32_t cu = t->plain, cd = t->suited - t->plain;
    for (int i = 0; i < k; i++) {
        if (i > 0 && s[i] == s[i - 1])
            continue;
        for (int j = i + 1; j < k; j++) {
            if (j > i + 1 && s[j] == s[j - 1])
                continue;
            uint8_t rest[3];
            cs__ranks_without(s, k, i, j, rest);
            size_t row = (size_t)cs__mset_row(rest, k - 2) * PAIR_LANES;
            unsigned ab = s[i] * 13u + s[j], ba = s[j] * 13u + s[i];
            ct->b[row + ab] += cu;
            ct->d[row + ab] += cd;
            if (ab != ba) {
                ct->b[row + ba] += cu;
                ct->d[row + ba] += cd;
            }
        }
    }
}

/* Count the hands of value v into the counters of every T of 2 to 5 of their cards. */
static void seen_add_value(seen_counters *ct, uint16_t v)
{
    cs__subset sub[31];
    for (int x = 0, n = cs__value_subsets(v, sub); x < n; x++)
        if (sub[x].k >= 2)
            seen_add_subset(ct, &sub[x]);
}

/* The suit-blind part for a player of ranks r: sum over subsets S of P's cards (|S| <= 3). */
static void seen_blind(const seen_counters *ct, const uint8_t *r, int32_t *out)
{
    memset(out, 0, PAIR_LANES * sizeof *out);
    for (unsigned mask = 0; mask < 32; mask++) {
        int k = __builtin_popcount(mask);
        if (k > 3)
            continue;
        uint8_t s[3];
        k = 0;
        for (int i = 0; i < 5; i++)
            if (mask >> i & 1)
                s[k++] = r[i];
        cs__add_term(out, ct->b + (size_t)cs__mset_row(s, k) * PAIR_LANES, PAIR_LANES, k & 1);
    }
}

/* The corrections for u and s of one suit, for every set Q of P's ranks in that suit (a mask
 * over the nd distinct ranks dr): the sum over S subset of Q (|S| <= 3) of (-1)^|S| d(S). */
static void seen_suited(const seen_counters *ct, const uint8_t *dr, int nd, int32_t (*out)[PAIR_LANES])
{
    const unsigned n = 1u << nd;
    for (unsigned m = 0; m < n; m++) {
        int k = __builtin_popcount(m);
        if (k > 3) {
            memset(out[m], 0, sizeof out[m]);
            continue;
        }
        uint8_t s[3];
        k = 0;
        for (int i = 0; i < nd; i++)
            if (m >> i & 1)
                s[k++] = dr[i];
        const int32_t *row = ct->d + (size_t)cs__mset_row(s, k) * PAIR_LANES;
        if (k & 1)
            for (unsigned l = 0; l < PAIR_LANES; l++)
                out[m][l] = -row[l];
        else
            memcpy(out[m], row, sizeof out[m]);
    }
    for (int i = 0; i < nd; i++) /* subset sums */
        for (unsigned m = 0; m < n; m++)
            if (m >> i & 1)
                for (unsigned l = 0; l < PAIR_LANES; l++)
                    out[m][l] += out[m ^ (1u << i)][l];
}

typedef struct {
    uint16_t qualifier;
    cs__margin coef[CS_NUM_CATEGORIES]; /* raise minus fold, by the player's category */
    uint32_t flags;
    uint32_t tid, threads;
    cs_totals totals;
    uint64_t *chart_raise, *chart_total; /* per thread: CS_SEEN_CHART_CELLS each */
    uint8_t *decisions;                  /* shared, optional: CS_SEEN_DECISION_LANES per value */
    const uint8_t *probes;               /* 7 cards each (player's five, up, seen) */
    const int32_t *probe_head, *probe_next; /* probes by player value: linked lists */
    uint64_t *probe_counts;              /* 4 per probe: nq, win, tie, lose */
    int32_t (*cq)[PAIR_LANES], (*cv)[PAIR_LANES]; /* scratch: 32 rows each */
    int status;
} seen_job;

/* ---- one player value: who it is, how many situations each class has ---------------------- */

/* A player value v as the deciding needs it. Q, a set of P's ranks (those of its cards in one
 * suit), is a mask over P's distinct ranks dr[0 .. nd - 1]; bit[a] is rank a's bit (0 if P
 * lacks a). hands: the hands of value v; cnt[Q]: the (hand, suit) pairs in which the hand's
 * cards of that suit have the ranks Q. */
typedef struct {
    uint16_t v;
    const uint8_t *ranks; /* ascending */
    int flush, cat, cls;  /* cls: the chart class */
    cs__rank_counts rc;
    uint8_t dr[5];
    int nd;
    unsigned n_sets, bit[13];
    uint64_t hands, cnt[32];
} seen_player;

static int chart_class(int cat, const uint8_t *r)
{
    if (cat > 0)
        return cat + 1;
    return r[4] == 12 && r[3] == 11; /* high card: A-K high */
}

/* The ranks of value v: counts, distinct ranks and their bits. */
static void player_ranks(uint16_t v, seen_player *p)
{
    p->v = v;
    p->ranks = cs__value_ranks[v];
    p->flush = cs__value_flush[v];
    p->cat = cs__value_cat[v];
    p->cls = chart_class(p->cat, p->ranks);
    cs__rank_counts_of(p->ranks, &p->rc);
    p->nd = 0;
    for (int a = 0; a < 13; a++) {
        p->bit[a] = 0;
        if (p->rc.mult[a]) {
            p->bit[a] = 1u << p->nd;
            p->dr[p->nd++] = (uint8_t)a;
        }
    }
    p->n_sets = 1u << p->nd;
}

/* hands and cnt[Q], in closed form. */
static void player_suit_classes(seen_player *p)
{
    const unsigned full = p->n_sets - 1;
    const uint8_t *mult = p->rc.mult;
    if (p->flush) { /* the suit of the flush holds all ranks, the other three none */
        p->hands = 4;
        for (unsigned m = 0; m < p->n_sets; m++)
            p->cnt[m] = m == 0 ? 12 : m == full ? 4 : 0;
        return;
    }
    p->hands = 1;
    for (int i = 0; i < p->nd; i++)
        p->hands *= cs__binom[4][mult[p->dr[i]]];
    p->hands -= p->nd == 5 ? 4 : 0; /* the flushes */
    for (unsigned m = 0; m < p->n_sets; m++) {
        uint64_t c = 1;
        for (int i = 0; i < p->nd; i++)
            c *= cs__binom[3][mult[p->dr[i]] - (m >> i & 1)];
        if (p->nd == 5) /* less the flushes: in this suit (Q full) or in another (Q empty) */
            c -= m == full ? 1 : m == 0 ? 3 : 0;
        p->cnt[m] = 4 * c;
    }
}

/* ---- one player value: the counts of its situations --------------------------------------- */

/* The sweep's counters read for one player value: the suit-blind parts, by the pair of ranks
 * (a, b) of u and s, of the dealer hands below the qualifier (bq) and below v (bv), and the
 * corrections when u and s share a suit in which P holds the ranks Q (cq[Q], cv[Q]). below_v = 0
 * when v is below the qualifier: then only the "does not qualify" counts matter. */
typedef struct {
    int32_t bq[PAIR_LANES], bv[PAIR_LANES];
    int32_t (*cq)[PAIR_LANES], (*cv)[PAIR_LANES];
    int below_v;
} seen_rows;

static void read_rows(seen_job *job, const seen_player *p, const seen_counters *snap,
                      const seen_counters *run, seen_rows *rows)
{
    rows->cq = job->cq;
    rows->cv = job->cv;
    rows->below_v = run != NULL;
    seen_blind(snap, p->ranks, rows->bq);
    seen_suited(snap, p->dr, p->nd, rows->cq);
    if (run) {
        seen_blind(run, p->ranks, rows->bv);
        seen_suited(run, p->dr, p->nd, rows->cv);
    }
}

typedef struct {
    int64_t nq, win, tie, lose;
} seen_outcome;

/* The dealer's completions by outcome when u and s have ranks a and b and, if suited, share a
 * suit in which P holds the ranks Q. */
static inline seen_outcome outcome_of(const seen_player *p, const seen_rows *rows, unsigned a, unsigned b,
                                      int suited, unsigned q)
{
    const unsigned ab = a * 13 + b;
    seen_outcome o;
    o.nq = rows->bq[ab] + (suited ? rows->cq[q][ab] : 0);
    if (!rows->below_v) {
        o.win = o.tie = 0;
        o.lose = SEEN_COMPLETIONS - o.nq;
        return o;
    }
    const uint8_t known[2] = {(uint8_t)a, (uint8_t)b};
    int64_t below = rows->bv[ab] + (suited ? rows->cv[q][ab] : 0);
    o.tie = cs__ties(&p->rc, p->flush, known, 2, suited && q == 0);
    o.win = below - o.nq;
    o.lose = SEEN_COMPLETIONS - below - o.tie;
    return o;
}

/* ---- one player value: deciding ------------------------------------------------------------ */

/* One class of situations, mult unordered (u, s) pairs, each counted in both orders: decided,
 * added to the totals and to the chart; its choice (0 fold, 1 raise, 2 either) into the decision
 * table at lane (when there is one). */
static inline void seen_decide(seen_job *job, const seen_player *p, uint64_t mult, unsigned a, unsigned b,
                               seen_outcome o, unsigned lane)
{
    const int cat = p->cat;
    int64_t d = cs__raise_margin(job->coef[cat], o.nq, o.win, o.tie);
    int choice = d > 0 ? 1 : d < 0 ? 0 : 2;
    cs_totals *t = &job->totals;
    uint64_t w2 = 2 * mult;
    if (choice == 2)
        t->indifferent_situations += w2;
    int raise = choice == 1 || (choice == 2 && (job->flags & CS_RAISE_ON_TIE));
    if (raise) {
        t->not_qualify[cat] += w2 * (uint64_t)o.nq;
        t->win[cat] += w2 * (uint64_t)o.win;
        t->tie[cat] += w2 * (uint64_t)o.tie;
        t->lose[cat] += w2 * (uint64_t)o.lose;
        t->raise_situations += w2;
    } else {
        t->fold[cat] += w2 * SEEN_COMPLETIONS;
    }
    t->total_weight += w2 * SEEN_COMPLETIONS;
    if (job->decisions)
        job->decisions[(size_t)p->v * CS_SEEN_DECISION_LANES + lane] = (uint8_t)choice;
    if (job->chart_raise) {
        size_t c1 = ((size_t)p->cls * 13 + a) * 13 + b, c2 = ((size_t)p->cls * 13 + b) * 13 + a;
        job->chart_total[c1] += mult;
        job->chart_total[c2] += mult;
        if (raise) {
            job->chart_raise[c1] += mult;
            job->chart_raise[c2] += mult;
        }
    }
}

/* The two deciders are inline: seen_value is compiled once for values below the qualifier
 * (run NULL) and once for the others, and each copy then drops the below_v test from the loops
 * (out of line they cost 5% of the solve). */

/* u and s of two suits (or of one rank): the class is the pair of ranks a <= b. */
static inline void decide_two_suits(seen_job *job, const seen_player *p, const seen_rows *rows)
{
    for (unsigned a = 0; a < 13; a++) {
        uint64_t avail_a = 4u - (unsigned)p->rc.mult[a];
        for (unsigned b = a; b < 13; b++) {
            uint64_t avail_b = 4u - (unsigned)p->rc.mult[b], mult;
            if (a == b) {
                mult = p->hands * (avail_a * (avail_a - 1) / 2);
            } else {
                mult = p->hands * avail_a * avail_b;
                for (unsigned m = 0; m < p->n_sets; m++)
                    if (!(m & (p->bit[a] | p->bit[b])))
                        mult -= p->cnt[m]; /* the suited pairs */
            }
            if (mult)
                seen_decide(job, p, mult, a, b, outcome_of(p, rows, a, b, 0, 0), b * (b + 1) / 2 + a);
        }
    }
}

/* u and s of one suit in which P holds the ranks Q: the class is (Q, a < b), a and b not in Q. */
static inline void decide_one_suit(seen_job *job, const seen_player *p, const seen_rows *rows)
{
    for (unsigned m = 0; m < p->n_sets; m++) {
        if (!p->cnt[m])
            continue;
        for (unsigned a = 0; a < 13; a++) {
            if (m & p->bit[a])
                continue;
            for (unsigned b = a + 1; b < 13; b++)
                if (!(m & p->bit[b]))
                    seen_decide(job, p, p->cnt[m], a, b, outcome_of(p, rows, a, b, 1, m),
                                91 + m * 78 + b * (b - 1) / 2 + a);
        }
    }
}

/* The probes of this value: each one situation's counts. */
static void answer_probes(seen_job *job, uint16_t v, const seen_player *p, const seen_rows *rows)
{
    for (int32_t k = job->probe_head[v]; k >= 0; k = job->probe_next[k]) {
        const uint8_t *pr = job->probes + 7 * (size_t)k;
        unsigned suit = pr[5] & 3, m = 0;
        int same = suit == (pr[6] & 3u);
        for (int i = 0; i < 5; i++)
            if ((pr[i] & 3u) == suit)
                m |= p->bit[pr[i] >> 2];
        seen_outcome o = outcome_of(p, rows, pr[5] >> 2, pr[6] >> 2, same, m);
        uint64_t *out = job->probe_counts + 4 * (size_t)k;
        out[0] = (uint64_t)o.nq;
        out[1] = (uint64_t)o.win;
        out[2] = (uint64_t)o.tie;
        out[3] = (uint64_t)o.lose;
    }
}

/* Every situation with a player hand of value v: snap holds the hands below the qualifier,
 * run (NULL when v is below the qualifier) the hands below v. */
static void seen_value(seen_job *job, uint16_t v, const seen_counters *snap, const seen_counters *run)
{
    seen_player p;
    seen_rows rows;
    player_ranks(v, &p);
    player_suit_classes(&p);
    read_rows(job, &p, snap, run, &rows);
    decide_two_suits(job, &p, &rows);
    decide_one_suit(job, &p, &rows);
    answer_probes(job, v, &p, &rows);
}

static void *seen_sweep(void *arg)
{
    seen_job *job = arg;
    seen_counters run = {0}, snap = {0};
    job->cq = malloc(2 * 32 * sizeof *job->cq);
    job->cv = job->cq ? job->cq + 32 : NULL;
    if (seen_counters_alloc(&run) != CS_OK || seen_counters_alloc(&snap) != CS_OK || !job->cq) {
        job->status = CS_E_NOMEM;
        goto done;
    }
    const uint16_t q = job->qualifier;
    for (uint32_t v = 0; v <= CS_NUM_VALUES; v++) {
        if (v == q) {
            memcpy(snap.b, run.b, (size_t)2 * SEEN_ROWS * PAIR_LANES * sizeof *snap.b);
            /* every hand below the qualifier: only the "does not qualify" counts matter */
            for (uint32_t pv = job->tid; pv < q; pv += job->threads)
                seen_value(job, (uint16_t)pv, &snap, NULL);
        }
        if (v == CS_NUM_VALUES)
            break;
        if (v >= q && v % job->threads == job->tid)
            seen_value(job, (uint16_t)v, &snap, &run);
        seen_add_value(&run, (uint16_t)v);
    }
    job->status = CS_OK;
done:
    free(run.b);
    free(snap.b);
    free(job->cq);
    job->cq = job->cv = NULL;
    return NULL;
}

/* The arguments of ref_solve_seen_one, in the order of its statuses. */
static int check_seen_args(uint16_t qualifier, const cs_nets *nets, uint32_t flags, uint32_t threads,
                           const cs_totals *out, const uint64_t *chart_raise, const uint64_t *chart_total,
                           size_t n_chart, const uint8_t *probes, size_t n_probes, const uint64_t *probe_counts)
{
    if (!nets || !out)
        return CS_E_NULL;
    if (n_probes && (!probes || !probe_counts))
        return CS_E_NULL;
    if (n_probes > 4096)
        return CS_E_SIZE;
    for (size_t k = 0; k < n_probes; k++) {
        uint64_t mask = 0;
        int st = cs__check_cards(probes + 7 * k, 7, &mask);
        if (st != CS_OK)
            return st;
    }
    if ((chart_raise == NULL) != (chart_total == NULL))
        return CS_E_NULL;
    if (chart_raise && n_chart != (size_t)CS_SEEN_CHART_CELLS)
        return CS_E_SIZE;
    if (qualifier > CS_NUM_VALUES || threads < 1 || threads > 64 || (flags & ~1u))
        return CS_E_ARG;
    int st = cs__check_nets(nets, CS__NET_LIMIT);
    if (st != CS_OK)
        return st;
    return cs__ensure_tables();
}

/* The probes as lists by the value of the player's hand (head[v], then next[k]), each list in
 * increasing k; their counts zeroed. */
static void index_probes(const uint8_t *probes, size_t n_probes, int32_t *head, int32_t *next,
                         uint64_t *probe_counts)
{
    for (uint32_t v = 0; v < CS_NUM_VALUES; v++)
        head[v] = -1;
    for (size_t k = n_probes; k-- > 0;) {
        uint16_t v = cs__value_of(probes + 7 * k);
        memset(probe_counts + 4 * k, 0, 4 * sizeof *probe_counts);
        next[k] = head[v];
        head[v] = (int32_t)k;
    }
}

/* A finished job's totals and chart (n_chart cells, chart_raise NULL for none) added to out. */
static void add_job(const seen_job *job, cs_totals *out, uint64_t *chart_raise, uint64_t *chart_total,
                    size_t n_chart)
{
    const cs_totals *j = &job->totals;
    for (int k = 0; k < CS_NUM_CATEGORIES; k++) {
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
            chart_raise[k] += job->chart_raise[k];
            chart_total[k] += job->chart_total[k];
        }
}

/* ref_solve_seen_one with, optionally, the decision table (arguments checked). */
static int seen_one(uint16_t qualifier, const cs_nets *nets, uint32_t flags, uint32_t threads,
                    cs_totals *out, uint64_t *chart_raise, uint64_t *chart_total, size_t n_chart,
                    const uint8_t *probes, size_t n_probes, uint64_t *probe_counts, uint8_t *decisions)
{
    int st;
    seen_job *jobs = calloc(threads, sizeof *jobs);
    int32_t *probe_head = malloc(CS_NUM_VALUES * sizeof *probe_head);
    int32_t *probe_next = malloc(sizeof *probe_next * n_probes + 1);
    uint64_t *charts = chart_raise ? calloc((size_t)threads * 2 * CS_SEEN_CHART_CELLS, sizeof *charts) : NULL;
    if (!jobs || !probe_head || !probe_next || (chart_raise && !charts)) {
        st = CS_E_NOMEM;
        goto out;
    }
    index_probes(probes, n_probes, probe_head, probe_next, probe_counts);
    if (decisions)
        memset(decisions, 0xff, (size_t)CS_NUM_VALUES * CS_SEEN_DECISION_LANES);
    for (uint32_t t = 0; t < threads; t++) {
        seen_job *job = &jobs[t];
        job->qualifier = qualifier;
        for (int cat = 0; cat < CS_NUM_CATEGORIES; cat++)
            job->coef[cat] = cs__margin_of(nets, cat, SEEN_COMPLETIONS);
        job->flags = flags;
        job->tid = t;
        job->threads = threads;
        job->status = CS_E_NOMEM;
        job->probes = probes;
        job->probe_head = probe_head;
        job->probe_next = probe_next;
        job->probe_counts = probe_counts;
        job->decisions = decisions;
        if (charts) {
            job->chart_raise = charts + (size_t)t * 2 * CS_SEEN_CHART_CELLS;
            job->chart_total = job->chart_raise + CS_SEEN_CHART_CELLS;
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
out:
    free(jobs);
    free(charts);
    free(probe_head);
    free(probe_next);
    return st;
}

int ref_solve_seen_one(uint16_t qualifier, const cs_nets *nets, uint32_t flags, uint32_t threads,
                      cs_totals *out, uint64_t *chart_raise, uint64_t *chart_total, size_t n_chart,
                      const uint8_t *probes, size_t n_probes, uint64_t *probe_counts)
{
    int st = check_seen_args(qualifier, nets, flags, threads, out, chart_raise, chart_total, n_chart,
                             probes, n_probes, probe_counts);
    if (st != CS_OK)
        return st;
    return seen_one(qualifier, nets, flags, threads, out, chart_raise, chart_total, n_chart, probes, n_probes,
                    probe_counts, NULL);
}

int ref_seen_one_decisions(uint16_t qualifier, const cs_nets *nets, uint32_t flags, uint32_t threads,
                          cs_totals *out, uint8_t *decisions, size_t n_decisions)
{
    if (!decisions)
        return CS_E_NULL;
    int st = check_seen_args(qualifier, nets, flags, threads, out, NULL, NULL, 0, NULL, 0, NULL);
    if (st != CS_OK)
        return st;
    if (n_decisions != (size_t)CS_NUM_VALUES * CS_SEEN_DECISION_LANES)
        return CS_E_SIZE;
    return seen_one(qualifier, nets, flags, threads, out, NULL, NULL, 0, NULL, 0, NULL, decisions);
}
