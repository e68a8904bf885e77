/* seen_internal.h - what seen.c (the seen-card sweep) and seen_leaks.c (the leaks decided from it)
 * share: the shape of a k, the lanes, the counters, a view, a job, an outcome and its read. */
#ifndef CS_SEEN_INTERNAL_H
#define CS_SEEN_INTERNAL_H

#include "internal.h"

#define MAX_LANES CS__MSETS4 /* multisets of 4 ranks: k = 3 */
#define N_CLASSES CS_SEEN_CLASSES

/* The sizes of one k. */
typedef struct {
    int k, nk, nu;          /* seen hole cards, known dealer cards (k + 1), unknown ones (4 - k) */
    uint32_t lanes, rows;   /* multisets of nk ranks; rows: multisets of 0 .. nu ranks */
    uint32_t suited_lanes;  /* sets of nk distinct ranks: C(13, nk) */
    uint32_t completions;   /* C(46 - k, 4 - k) */
} seen_shape;

/* Every lane (multiset A of nk ranks) as the deciding needs it: its ranks ascending, a mask of
 * its ranks, whether they are distinct, and how many of each. Built once a call. */
typedef struct {
    uint8_t ranks[4];
    uint16_t mask;
    uint8_t distinct;
    uint16_t suited; /* distinct ranks: the lane's index among those, in lane order (cs_solve_seen_decided) */
} seen_lane;

/* The counters of the sweep (internal.h, cs__counters): b[row * lanes + lane] (and d), the hands of
 * value below the sweep holding a set T of rank multiset S + A, S the row, A the lane. */
typedef cs__counters seen_counters;

/* A player value (internal.h, cs__player). */
typedef cs__player seen_player;

/* One shape's counting: its sizes and lanes, its counters (running, and the copy at the qualifier),
 * and for the player value at hand the suit-blind rows and suited corrections (32 sets x lanes) at
 * the qualifier (bq, cq) and below the player (bv, cv). */
typedef struct {
    seen_shape sh;
    const seen_lane *lane;
    seen_counters run, snap;
    int32_t *bq, *bv, *cq, *cv;
} seen_view;

struct leak_tables;

typedef struct {
    seen_view view[2];                   /* [0]: the shape of k; [1] (a burn card only): k = 0, or k = 2 with a seen card */
    int n_views;
    uint16_t qualifier;
    cs__margin coef[CS_NUM_CATEGORIES];
    uint32_t flags, tid, threads;
    cs_totals totals;
    uint64_t *chart_raise, *chart_total; /* per thread, N_CLASSES * lanes each (a leak: CS_LEAK_CHART_CELLS) */
    uint16_t *lowest_raise, *highest_fold; /* a leak's chart, per thread: the values that bound each cell */
    uint8_t *decisions;                  /* k = 1, shared: CS_SEEN_DECISION_LANES per value */
    uint8_t *dec_off;                    /* any k, shared: lanes per value (K not all of one suit) */
    uint64_t *dec_suited;                /* any k, shared: suited lanes per value, bit Q raise, 32 + Q either */
    const uint8_t *probes;               /* 5 + nk cards each: the player's five, then K (a leak: 7) */
    const int32_t *probe_head, *probe_next;
    uint64_t *probe_counts;
    /* a leak (NULL: the k-seen game): the leak, its rank blocks, the completions of one seen card
     * (or burn card) and the margin per completion; scratch of one player value */
    const cs_leak *leak;
    int n_blocks;
    uint64_t unit;
    cs__margin unit_coef[CS_NUM_CATEGORIES];
    struct leak_tables *lt;
    int status;
} seen_job;

typedef struct {
    int64_t nq, win, tie, lose;
} seen_outcome;

/* The completions by outcome for K of rank multiset lane l, all of one suit in which P holds Q
 * (suited) or not. below_v: the player's value is at or above the qualifier. */
static inline seen_outcome outcome_of(const seen_view *w, const seen_player *p, uint32_t l, int suited,
                                      unsigned q, int below_v)
{
    const uint32_t n = w->sh.lanes;
    const int64_t total = w->sh.completions;
    seen_outcome o;
    o.nq = w->bq[l] + (suited ? w->cq[(size_t)q * n + l] : 0);
    if (!below_v) {
        o.win = o.tie = 0;
        o.lose = total - o.nq;
        return o;
    }
    int64_t below = w->bv[l] + (suited ? w->cv[(size_t)q * n + l] : 0);
    o.tie = cs__ties(&p->rc, p->flush, w->lane[l].ranks, w->sh.nk, suited && q == 0);
    o.win = below - o.nq;
    o.lose = total - below - o.tie;
    return o;
}

/* seen_leaks.c: the scratch of a leak (its tables, NULL: no memory), and one player value of a
 * leak decided (every class of its situations, and its probes). */
struct leak_tables *cs__seen_leak_scratch(const cs_leak *leak);
void cs__seen_leak_value(seen_job *job, uint16_t v, const seen_player *p, int below_v);

#endif
