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

/* Every lane (multiset A of nk ranks) as the deciding needs it: its ranks ascending, a mask of
 * its ranks, whether they are distinct, and how many of each. Built once a call. */
typedef struct {
    uint8_t ranks[4];
    uint16_t mask;
    uint8_t distinct;
    uint16_t suited; /* distinct ranks: the lane's index among those, in lane order (cs_solve_seen_decided) */
} seen_lane;

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

/* The counters of the sweep (internal.h, cs__counters): b[row * lanes + lane] (and d), the hands of
 * value below the sweep holding a set T of rank multiset S + A, S the row, A the lane. */
typedef cs__counters seen_counters;

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

/* ---- leaks: one hole card's class seen, or the burn card seen (cs_solve_leak) --------------------
 *
 * Both are sums of the one-seen-card counts (view 0, k = 1) of a situation (P, up card u):
 *   a seen class B: the player sees which block B of a partition of the cards one hole card c is
 * in; the dealer's hand is u, c uniform over the cards of B not in P nor u, and 3 of the 45 left, so
 * the counts of (P, u, B) are the sum over those c of the counts of (P, {u, c});
 *   the burn card d (not in the dealer's hand, seen): the dealer's hand is u and 4 of the 45 cards
 * left, whose counts are those of (P, u) in the plain game (view 1, k = 0) less those of (P, {u, d}).
 * The counts of (P, {u, c}) depend on P's value, the ranks of u and c and, when c has u's suit, the
 * ranks Q of P's cards of that suit (Q over P's distinct ranks, as the k-seen solver's). So for each
 * value and up rank, the sums over a block's cards split by suit: tables by rank block, up rank
 * and the Q of a suit (g: the cards of the block in a suit that is not u's, with Q that suit's P
 * cards; s: the block's cards of u's suit, Q = P's cards of u's suit; h: the block's cards not in
 * P of every suit, u included). Suits seen (colour, suit) need the Q of two suits (u's and the
 * other one of the block): the hands of the value by (Q of clubs, Q of diamonds), which by suit
 * symmetry are the hands for any two distinct suits. */

typedef struct leak_tables {
    seen_outcome off[CS_NUM_RANKS][CS_NUM_RANKS];               /* [u rank][c rank], c of another suit */
    seen_outcome g[CS_NUM_RANKS][CS_NUM_RANKS][32], s[CS_NUM_RANKS][CS_NUM_RANKS][32];  /* [block][u rank][Q] */
    seen_outcome h[CS_NUM_RANKS][CS_NUM_RANKS];                 /* [block][u rank] */
    uint8_t ng[CS_NUM_RANKS][32], ns[CS_NUM_RANKS][CS_NUM_RANKS][32], nh[CS_NUM_RANKS];  /* their cards */
    uint32_t pairs[32][32];                                    /* hands by (Q of clubs, Q of diamonds) */
    /* a seen card and the burn card: view 1's (k = 2) counts of K = {u, s, b} not all of one suit (by
     * lane), and all of one suit in which P holds Q ([Q][lane]); the lane of three ranks in any order */
    seen_outcome k2_off[CS__MSETS3], k2_suited[32][CS__MSETS3];
    uint16_t lane3[CS_NUM_RANKS][CS_NUM_RANKS][CS_NUM_RANKS];
} leak_tables;

static inline seen_outcome o_add(seen_outcome a, seen_outcome b)
{
    a.nq += b.nq;
    a.win += b.win;
    a.tie += b.tie;
    a.lose += b.lose;
    return a;
}

static inline seen_outcome o_sub(seen_outcome a, seen_outcome b)
{
    a.nq -= b.nq;
    a.win -= b.win;
    a.tie -= b.tie;
    a.lose -= b.lose;
    return a;
}

static const seen_outcome o_zero = {0, 0, 0, 0};

/* The counts of (P, {u, c}) with c of u's suit, P holding the ranks Q (mask over P's) of it. */
static inline seen_outcome suited_pair(const seen_job *job, const seen_player *p, unsigned ru, unsigned rc,
                                       unsigned q, int below_v)
{
    unsigned a = ru < rc ? ru : rc, b = ru < rc ? rc : ru;
    return outcome_of(&job->view[0], p, cs__seen_pair_lane(a, b), 1, q, below_v);
}

/* The hands of P's value by the ranks of clubs and of diamonds they hold (Q masks over P's
 * distinct ranks): each distinct rank takes a set of mult suits; flushness as the value's. */
static void count_pairs(const seen_player *p, uint32_t pairs[32][32])
{
    uint8_t opts[5][6], nopt[5], at[5] = {0, 0, 0, 0, 0};
    memset(pairs, 0, 32 * 32 * sizeof pairs[0][0]);
    for (int i = 0; i < p->nd; i++) {
        nopt[i] = 0;
        for (uint8_t m = 1; m < 16; m++)
            if (__builtin_popcount(m) == p->rc.mult[p->dr[i]])
                opts[i][nopt[i]++] = m;
    }
    for (;;) {
        unsigned qc = 0, qd = 0, same = 1;
        for (int i = 0; i < p->nd; i++) {
            const uint8_t m = opts[i][at[i]];
            qc |= (unsigned)(m & 1) << i;
            qd |= (unsigned)(m >> 1 & 1) << i;
            same &= m == opts[0][at[0]];
        }
        if ((p->nd == 5 && same) == (p->flush != 0))
            pairs[qc][qd]++;
        int i = 0;
        while (i < p->nd && ++at[i] == nopt[i])
            at[i++] = 0;
        if (i == p->nd)
            break;
    }
}

/* The tables of one player value (a seen class). */
static void class_tables(const seen_job *job, const seen_player *p, int below_v, leak_tables *t)
{
    const uint8_t *blk = job->leak->rank_block;
    const int nb = job->n_blocks;
    memset(t->h, 0, sizeof t->h);
    memset(t->nh, 0, sizeof t->nh);
    for (int r = 0; r < CS_NUM_RANKS; r++) {
        const int left = 4 - p->rc.mult[r];
        t->nh[blk[r]] = (uint8_t)(t->nh[blk[r]] + left);
        for (int ru = 0; ru < CS_NUM_RANKS; ru++)
            for (int x = 0; x < left; x++)
                t->h[blk[r]][ru] = o_add(t->h[blk[r]][ru], t->off[ru][r]);
    }
    for (unsigned q = 0; q < p->n_sets; q++) {
        if (!p->cnt[q])
            continue;
        const unsigned bits = p->rank_bits[q];
        for (int b = 0; b < nb; b++) {
            t->ng[b][q] = 0;
            for (int ru = 0; ru < CS_NUM_RANKS; ru++) {
                t->g[b][ru][q] = t->s[b][ru][q] = o_zero;
                t->ns[b][ru][q] = 0;
            }
        }
        for (unsigned r = 0; r < CS_NUM_RANKS; r++) {
            if (bits >> r & 1)
                continue;
            const int b = blk[r];
            t->ng[b][q]++;
            for (unsigned ru = 0; ru < CS_NUM_RANKS; ru++) {
                t->g[b][ru][q] = o_add(t->g[b][ru][q], t->off[ru][r]);
                if (ru != r && !(bits >> ru & 1)) {
                    t->s[b][ru][q] = o_add(t->s[b][ru][q], suited_pair(job, p, ru, r, q, below_v));
                    t->ns[b][ru][q]++;
                }
            }
        }
    }
}

/* One class of situations decided: w of them, each summing the counts of `cards` seen (or burn)
 * cards, o; up rank and chart column. The margin is exact in 64 bits: each coefficient is within
 * 2^41 (nets within 2^40), each count within 46 x 14,190 < 2^19.4, so each term is below 2^60.4
 * and the four below 2^62.4. */
static void leak_decide(seen_job *job, const seen_player *p, uint64_t w, seen_outcome o, uint64_t cards,
                        unsigned up, unsigned column)
{
    const int cat = p->cat;
    const uint64_t completions = cards * job->unit;
    const cs__margin c = job->unit_coef[cat];
    int64_t d = c.nq * o.nq + c.win * o.win + c.tie * o.tie + (int64_t)completions * c.base;
    const uint64_t situations = w * cards;
    const int raise = cs__tally(&job->totals, cat, d, job->flags, w, o.nq, o.win, o.tie, o.lose, situations,
                                w * completions);
    if (job->chart_raise) {
        size_t cell = ((size_t)p->cls * CS_NUM_RANKS + up) * CS_LEAK_COLUMNS + column;
        job->chart_total[cell] += situations;
        if (raise) {
            job->chart_raise[cell] += situations;
            if (p->v < job->lowest_raise[cell] || job->lowest_raise[cell] == CS_LEAK_NO_VALUE)
                job->lowest_raise[cell] = p->v;
        } else if (p->v > job->highest_fold[cell] || job->highest_fold[cell] == CS_LEAK_NO_VALUE) {
            job->highest_fold[cell] = p->v;
        }
    }
}

/* A seen class: every class (value, up rank, Q of u's suit[, Q of the block's other suit], block). A
 * card of another suit than u's (the suit seen) depends on that suit's Q alone: its classes are
 * (value, up rank, that Q, block), their weights summed over u's Q first. */
static void class_decide(seen_job *job, const seen_player *p, const leak_tables *t)
{
    const int nb = job->n_blocks, split = (int)job->leak->suit_split;
    uint64_t by_other[CS_NUM_RANKS][32]; /* the suit seen: (hand, u) pairs by u rank and the other suit's Q */
    if (split == CS_SUITS_SUIT)
        memset(by_other, 0, sizeof by_other);
    for (unsigned q1 = 0; q1 < p->n_sets; q1++) {
        if (!p->cnt[q1])
            continue;
        for (unsigned ru = 0; ru < CS_NUM_RANKS; ru++) {
            if (p->rank_bits[q1] >> ru & 1)
                continue; /* u is not in P */
            if (split == CS_SUITS_SUIT)
                for (unsigned q2 = 0; q2 < p->n_sets; q2++)
                    by_other[ru][q2] += t->pairs[q1][q2];
            for (int b = 0; b < nb; b++) {
                const unsigned same = 2 * (unsigned)b, other = same + 1;
                if (split == CS_SUITS_UNSEEN) {
                    seen_outcome o = o_sub(o_add(t->s[b][ru][q1], t->h[b][ru]), t->g[b][ru][q1]);
                    uint64_t n = (uint64_t)t->ns[b][ru][q1] + t->nh[b] - t->ng[b][q1];
                    if (n)
                        leak_decide(job, p, p->cnt[q1], o, n, ru, same);
                    continue;
                }
                if (split == CS_SUITS_SUIT) {
                    if (t->ns[b][ru][q1])
                        leak_decide(job, p, p->cnt[q1], t->s[b][ru][q1], t->ns[b][ru][q1], ru, same);
                    continue;
                }
                for (unsigned q2 = 0; q2 < p->n_sets; q2++) {
                    const uint64_t hands = t->pairs[q1][q2];
                    if (!hands)
                        continue;
                    /* colour: u's colour is u's suit and its partner (Q2); the other colour two suits,
                     * 4 (u suit) choices each */
                    seen_outcome o = o_add(t->s[b][ru][q1], t->g[b][ru][q2]);
                    uint64_t n = (uint64_t)t->ns[b][ru][q1] + t->ng[b][q2];
                    if (n)
                        leak_decide(job, p, 4 * hands, o, n, ru, same);
                    o = o_sub(o_sub(t->h[b][ru], t->g[b][ru][q1]), t->g[b][ru][q2]);
                    n = (uint64_t)t->nh[b] - t->ng[b][q1] - t->ng[b][q2];
                    if (n)
                        leak_decide(job, p, 4 * hands, o, n, ru, other);
                }
            }
        }
    }
    if (split != CS_SUITS_SUIT)
        return;
    for (unsigned ru = 0; ru < CS_NUM_RANKS; ru++) /* c of one of the 3 other suits: 12 (u suit, c suit) pairs */
        for (unsigned q2 = 0; q2 < p->n_sets; q2++)
            if (by_other[ru][q2])
                for (int b = 0; b < nb; b++)
                    if (t->ng[b][q2])
                        leak_decide(job, p, 12 * by_other[ru][q2], t->g[b][ru][q2], t->ng[b][q2], ru, 2 * (unsigned)b + 1);
}

/* The burn card d: every class (value, up rank, Q of u's suit, d's rank, d of u's suit or not). */
static void burn_decide(seen_job *job, const seen_player *p, const leak_tables *t, int below_v)
{
    for (unsigned q = 0; q < p->n_sets; q++) {
        if (!p->cnt[q])
            continue;
        const unsigned bits = p->rank_bits[q];
        for (unsigned ru = 0; ru < CS_NUM_RANKS; ru++) {
            if (bits >> ru & 1)
                continue;
            const seen_outcome plain = outcome_of(&job->view[1], p, ru, 1, q, below_v);
            for (unsigned rd = 0; rd < CS_NUM_RANKS; rd++) {
                if (rd != ru && !(bits >> rd & 1))
                    leak_decide(job, p, p->cnt[q], o_sub(plain, suited_pair(job, p, ru, rd, q, below_v)), 1, ru,
                                2 * rd);
                const uint64_t others = (uint64_t)(4 - p->rc.mult[rd]) - !(bits >> rd & 1);
                if (others)
                    leak_decide(job, p, p->cnt[q] * others, o_sub(plain, t->off[ru][rd]), 1, ru, 2 * rd + 1);
            }
        }
    }
}

/* A seen hole card s and the burn card b (CS_LEAK_SEEN_AND_BURN): the dealer's hand is u, s and 3 of
 * the 44 cards left, so the counts of (P, u, s, b) are those of (P, {u, s}) (view 0, k = 1) less those
 * of (P, {u, s, b}) (view 1, k = 2: the completions with b in the dealer's hand): 14,190 - 946 =
 * 13,244 each. They depend on P's value, the three ranks and the suits: u and s of one suit in which
 * P holds Q, b of that suit too (the k = 2 counts all of one suit, Q) or not (not of one suit); u
 * and s of two suits (both counts by ranks alone). Every class (value, Q, ranks of u, s, b) decided;
 * the two-suit classes weigh every ordered (u, s, b) of their ranks not in P less those with u and s
 * of one suit. Chart column: 2 x s's rank + 1 when s is not of u's suit. */
static void combo_decide(seen_job *job, const seen_player *p, leak_tables *t, int below_v)
{
    const seen_view *w2 = &job->view[1];
    for (uint32_t l = 0; l < w2->sh.lanes; l++)
        t->k2_off[l] = outcome_of(w2, p, l, 0, 0, below_v);
    for (unsigned q = 0; q < p->n_sets; q++)
        if (p->cnt[q])
            for (uint32_t l = 0; l < w2->sh.lanes; l++)
                if (w2->lane[l].distinct && !(p->rank_bits[q] & w2->lane[l].mask))
                    t->k2_suited[q][l] = outcome_of(w2, p, l, 1, q, below_v);
    const uint8_t *mult = p->rc.mult;
    uint64_t one_suit[CS_NUM_RANKS][CS_NUM_RANKS]; /* (hand, u, s) with u, s of one suit, by their ranks */
    memset(one_suit, 0, sizeof one_suit);
    for (unsigned q = 0; q < p->n_sets; q++) {
        if (!p->cnt[q])
            continue;
        const unsigned bits = p->rank_bits[q];
        for (unsigned ru = 0; ru < CS_NUM_RANKS; ru++) {
            if (bits >> ru & 1)
                continue;
            for (unsigned rs = 0; rs < CS_NUM_RANKS; rs++) {
                if (rs == ru || bits >> rs & 1)
                    continue;
                one_suit[ru][rs] += p->cnt[q];
                const seen_outcome k1 = suited_pair(job, p, ru, rs, q, below_v);
                for (unsigned rb = 0; rb < CS_NUM_RANKS; rb++) {
                    const uint16_t l = t->lane3[ru][rs][rb];
                    if (rb != ru && rb != rs && !(bits >> rb & 1)) /* b of u's suit too */
                        leak_decide(job, p, p->cnt[q], o_sub(k1, t->k2_suited[q][l]), 1, ru, 2 * rs);
                    const uint64_t others = (uint64_t)(4 - mult[rb]) - !(bits >> rb & 1); /* of another suit */
                    if (others)
                        leak_decide(job, p, p->cnt[q] * others, o_sub(k1, t->k2_off[l]), 1, ru, 2 * rs);
                }
            }
        }
    }
    for (unsigned ru = 0; ru < CS_NUM_RANKS; ru++)
        for (unsigned rs = 0; rs < CS_NUM_RANKS; rs++) {
            const int nu = 4 - mult[ru], ns = 4 - mult[rs] - (rs == ru);
            if (nu <= 0 || ns <= 0)
                continue;
            for (unsigned rb = 0; rb < CS_NUM_RANKS; rb++) {
                const int nb = 4 - mult[rb] - (rb == ru) - (rb == rs);
                if (nb <= 0)
                    continue;
                const uint64_t w = (p->hands * (uint64_t)nu * (uint64_t)ns - one_suit[ru][rs]) * (uint64_t)nb;
                if (w)
                    leak_decide(job, p, w, o_sub(t->off[ru][rs], t->k2_off[t->lane3[ru][rs][rb]]), 1, ru,
                                2 * rs + 1);
            }
        }
}

/* A seen hole card s and another hole card's class B (CS_LEAK_SEEN_AND_CLASS; rank blocks, the suit
 * unseen): the dealer's hand is u, s, a card c of B and 2 of the 43 left, so the counts of (P, u, s,
 * B) are the sums over the cards c of B not in P nor {u, s} of the counts of (P, {u, s, c}) (view 1,
 * k = 2: 946 completions each). As for the burn card with a seen card (combo_decide), u and s of one
 * suit in which P holds Q count c of that suit by the k = 2 counts all of one suit, c of the other
 * suits by ranks alone; u and s of two suits count every c by ranks alone. Each class (value, Q,
 * ranks of u and s, block) decided; chart column 2 x s's rank, + 1 when s is not of u's suit (the
 * blocks together). */
static void seen_class_decide(seen_job *job, const seen_player *p, leak_tables *t, int below_v)
{
    const seen_view *w2 = &job->view[1];
    const uint8_t *blk = job->leak->rank_block;
    const int nb = job->n_blocks;
    for (uint32_t l = 0; l < w2->sh.lanes; l++)
        t->k2_off[l] = outcome_of(w2, p, l, 0, 0, below_v);
    const uint8_t *mult = p->rc.mult;
    uint64_t one_suit[CS_NUM_RANKS][CS_NUM_RANKS];
    memset(one_suit, 0, sizeof one_suit);
    seen_outcome o[CS_NUM_RANKS];
    uint64_t n[CS_NUM_RANKS];
    for (unsigned q = 0; q < p->n_sets; q++) {
        if (!p->cnt[q])
            continue;
        const unsigned bits = p->rank_bits[q];
        for (unsigned ru = 0; ru < CS_NUM_RANKS; ru++) {
            if (bits >> ru & 1)
                continue;
            for (unsigned rs = 0; rs < CS_NUM_RANKS; rs++) {
                if (rs == ru || bits >> rs & 1)
                    continue;
                one_suit[ru][rs] += p->cnt[q];
                for (int b = 0; b < nb; b++)
                    o[b] = o_zero, n[b] = 0;
                for (unsigned rc = 0; rc < CS_NUM_RANKS; rc++) {
                    const uint16_t l = t->lane3[ru][rs][rc];
                    const int b = blk[rc];
                    if (rc != ru && rc != rs && !(bits >> rc & 1)) { /* c of u's suit too */
                        o[b] = o_add(o[b], outcome_of(w2, p, l, 1, q, below_v));
                        n[b]++;
                    }
                    const uint64_t others = (uint64_t)(4 - mult[rc]) - !(bits >> rc & 1); /* of another suit */
                    for (uint64_t x = 0; x < others; x++)
                        o[b] = o_add(o[b], t->k2_off[l]);
                    n[b] += others;
                }
                for (int b = 0; b < nb; b++)
                    if (n[b])
                        leak_decide(job, p, p->cnt[q], o[b], n[b], ru, 2 * rs);
            }
        }
    }
    for (unsigned ru = 0; ru < CS_NUM_RANKS; ru++)
        for (unsigned rs = 0; rs < CS_NUM_RANKS; rs++) {
            const int nu = 4 - mult[ru], ns = 4 - mult[rs] - (rs == ru);
            if (nu <= 0 || ns <= 0)
                continue;
            const uint64_t w = p->hands * (uint64_t)nu * (uint64_t)ns - one_suit[ru][rs];
            if (!w)
                continue;
            for (int b = 0; b < nb; b++)
                o[b] = o_zero, n[b] = 0;
            for (unsigned rc = 0; rc < CS_NUM_RANKS; rc++) {
                const int nc = 4 - mult[rc] - (rc == ru) - (rc == rs);
                const int b = blk[rc];
                for (int x = 0; x < nc; x++)
                    o[b] = o_add(o[b], t->k2_off[t->lane3[ru][rs][rc]]);
                n[b] += nc > 0 ? (uint64_t)nc : 0;
            }
            for (int b = 0; b < nb; b++)
                if (n[b])
                    leak_decide(job, p, w, o[b], n[b], ru, 2 * rs + 1);
        }
}

/* The burn card b and one hole card's class B (CS_LEAK_BURN_AND_CLASS; rank blocks, the suit unseen):
 * the dealer's hand is u, a card c of B and 3 of the 44 cards left but b, so the counts of (P, u, B,
 * b) are the sums over the cards c of B not in P nor {u, b} of the counts of (P, {u, c}) (view 0,
 * k = 1) less those of (P, {u, c, b}) (view 1, k = 2: b in the dealer's hand), 13,244 each. b of u's
 * suit (rank rb, weight the hands' P) or of another (by rank, weight its cards left of the other
 * suits); c of u's suit (the one-suit counts, Q) or another (by ranks). Chart column 2 x block (the
 * burn cards together). */
static void burn_class_decide(seen_job *job, const seen_player *p, leak_tables *t, int below_v)
{
    const seen_view *w2 = &job->view[1];
    const uint8_t *blk = job->leak->rank_block;
    const int nb = job->n_blocks;
    for (uint32_t l = 0; l < w2->sh.lanes; l++)
        t->k2_off[l] = outcome_of(w2, p, l, 0, 0, below_v);
    const uint8_t *mult = p->rc.mult;
    seen_outcome o[CS_NUM_RANKS];
    uint64_t n[CS_NUM_RANKS];
    for (unsigned q = 0; q < p->n_sets; q++) {
        if (!p->cnt[q])
            continue;
        const unsigned bits = p->rank_bits[q];
        for (unsigned ru = 0; ru < CS_NUM_RANKS; ru++) {
            if (bits >> ru & 1)
                continue;
            for (unsigned rb = 0; rb < CS_NUM_RANKS; rb++)
                for (int b_same = 1; b_same >= 0; b_same--) {
                    /* b of u's suit: one card (not in P, not u); of another suit: its cards left */
                    const uint64_t nb_cards = b_same ? (rb != ru && !(bits >> rb & 1))
                                                     : (uint64_t)(4 - mult[rb]) - !(bits >> rb & 1);
                    if (!nb_cards)
                        continue;
                    for (int x = 0; x < nb; x++)
                        o[x] = o_zero, n[x] = 0;
                    for (unsigned rc = 0; rc < CS_NUM_RANKS; rc++) {
                        const uint16_t l = t->lane3[ru][rc][rb];
                        const int x = blk[rc];
                        if (rc != ru && !(bits >> rc & 1) && !(b_same && rc == rb)) { /* c of u's suit */
                            const seen_outcome k2 = b_same ? outcome_of(w2, p, l, 1, q, below_v) : t->k2_off[l];
                            o[x] = o_add(o[x], o_sub(suited_pair(job, p, ru, rc, q, below_v), k2));
                            n[x]++;
                        }
                        const uint64_t others = (uint64_t)(4 - mult[rc]) - !(bits >> rc & 1)
                                                - (!b_same && rc == rb); /* c of another suit, not b */
                        const seen_outcome one = o_sub(t->off[ru][rc], t->k2_off[l]);
                        for (uint64_t y = 0; y < others; y++)
                            o[x] = o_add(o[x], one);
                        n[x] += others;
                    }
                    for (int x = 0; x < nb; x++)
                        if (n[x])
                            leak_decide(job, p, p->cnt[q] * nb_cards, o[x], n[x], ru, 2 * (unsigned)x);
                }
        }
    }
}

/* Probes of a leak: (P, u, c): the counts of the block of c summed (a seen class), or of burn card c;
 * (P, u, s, b) with a seen card and the burn card. */
static void leak_probes(seen_job *job, uint16_t v, const seen_player *p, const leak_tables *t, int below_v)
{
    const int combo = job->leak->kind == CS_LEAK_SEEN_AND_BURN, with_class = job->leak->kind == CS_LEAK_SEEN_AND_CLASS;
    const int burn_class = job->leak->kind == CS_LEAK_BURN_AND_CLASS;
    for (int32_t x = job->probe_head[v]; x >= 0; x = job->probe_next[x]) {
        const uint8_t *pr = job->probes + (size_t)(combo || with_class || burn_class ? 8 : 7) * (size_t)x;
        const unsigned ru = pr[5] >> 2, su = pr[5] & 3u, rc = pr[6] >> 2, sc = pr[6] & 3u;
        const unsigned q1 = cs__suit_set(p, pr, su);
        seen_outcome o;
        if (burn_class) { /* (P, u, a card of pr[6]'s block, burn card pr[7]): every card of the block summed */
            const int b = job->leak->rank_block[rc];
            const unsigned rb = pr[7] >> 2, sb = pr[7] & 3u;
            o = o_zero;
            for (unsigned r = 0; r < CS_NUM_RANKS; r++) {
                if (job->leak->rank_block[r] != b)
                    continue;
                const uint16_t l = t->lane3[ru][r][rb];
                for (unsigned sx = 0; sx < 4; sx++) {
                    const unsigned card = 4 * r + sx;
                    int used = card == pr[5] || card == pr[7];
                    for (int i = 0; i < 5; i++)
                        used |= card == pr[i];
                    if (used)
                        continue;
                    const seen_outcome k1 = sx == su ? suited_pair(job, p, ru, r, q1, below_v) : t->off[ru][r];
                    const seen_outcome k2 = sx == su && sb == su ? outcome_of(&job->view[1], p, l, 1, q1, below_v)
                                                                 : outcome_of(&job->view[1], p, l, 0, 0, below_v);
                    o = o_add(o, o_sub(k1, k2));
                }
            }
        } else if (with_class) { /* (P, u, s = pr[6], a card of pr[7]'s block): every card of the block summed */
            const int b = job->leak->rank_block[pr[7] >> 2];
            o = o_zero;
            for (unsigned r = 0; r < CS_NUM_RANKS; r++) {
                if (job->leak->rank_block[r] != b)
                    continue;
                const uint16_t l = t->lane3[ru][rc][r];
                for (unsigned sx = 0; sx < 4; sx++) {
                    const unsigned card = 4 * r + sx;
                    int used = card == pr[5] || card == pr[6];
                    for (int i = 0; i < 5; i++)
                        used |= card == pr[i];
                    if (used)
                        continue;
                    o = o_add(o, sc == su && sx == su ? outcome_of(&job->view[1], p, l, 1, q1, below_v)
                                                      : outcome_of(&job->view[1], p, l, 0, 0, below_v));
                }
            }
        } else if (combo) {
            const unsigned rb = pr[7] >> 2, sb = pr[7] & 3u;
            const uint16_t l = t->lane3[ru][rc][rb];
            o = sc == su ? o_sub(suited_pair(job, p, ru, rc, q1, below_v),
                                 sb == su ? outcome_of(&job->view[1], p, l, 1, q1, below_v) : t->k2_off[l])
                         : o_sub(t->off[ru][rc], t->k2_off[l]);
        } else if (job->leak->kind == CS_LEAK_BURN_CARD) {
            o = o_sub(outcome_of(&job->view[1], p, ru, 1, q1, below_v),
                      sc == su ? suited_pair(job, p, ru, rc, q1, below_v) : t->off[ru][rc]);
        } else {
            const int b = job->leak->rank_block[rc];
            const unsigned split = job->leak->suit_split;
            if (split == CS_SUITS_UNSEEN) {
                o = o_sub(o_add(t->s[b][ru][q1], t->h[b][ru]), t->g[b][ru][q1]);
            } else if (split == CS_SUITS_SUIT) {
                o = sc == su ? t->s[b][ru][q1] : t->g[b][ru][cs__suit_set(p, pr, sc)];
            } else { /* colour: clubs and spades, diamonds and hearts */
                const unsigned q2 = cs__suit_set(p, pr, 3 - su);
                o = sc == su || sc == 3 - su ? o_add(t->s[b][ru][q1], t->g[b][ru][q2])
                                             : o_sub(o_sub(t->h[b][ru], t->g[b][ru][q1]), t->g[b][ru][q2]);
            }
        }
        uint64_t *out = job->probe_counts + 4 * (size_t)x;
        out[0] = (uint64_t)o.nq;
        out[1] = (uint64_t)o.win;
        out[2] = (uint64_t)o.tie;
        out[3] = (uint64_t)o.lose;
    }
}

static void leak_value(seen_job *job, uint16_t v, const seen_player *p, int below_v)
{
    leak_tables *t = job->lt;
    for (unsigned ru = 0; ru < CS_NUM_RANKS; ru++)
        for (unsigned r = 0; r < CS_NUM_RANKS; r++) {
            unsigned a = ru < r ? ru : r, b = ru < r ? r : ru;
            t->off[ru][r] = outcome_of(&job->view[0], p, cs__seen_pair_lane(a, b), 0, 0, below_v);
        }
    if (job->leak->kind == CS_LEAK_BURN_CARD) {
        burn_decide(job, p, t, below_v);
    } else if (job->leak->kind == CS_LEAK_SEEN_AND_BURN) {
        combo_decide(job, p, t, below_v);
    } else if (job->leak->kind == CS_LEAK_SEEN_AND_CLASS) {
        seen_class_decide(job, p, t, below_v);
    } else if (job->leak->kind == CS_LEAK_BURN_AND_CLASS) {
        burn_class_decide(job, p, t, below_v);
    } else {
        class_tables(job, p, below_v, t);
        if (job->leak->suit_split != CS_SUITS_UNSEEN)
            count_pairs(p, t->pairs);
        class_decide(job, p, t);
    }
    leak_probes(job, v, p, t, below_v);
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
        leak_value(job, v, &p, below_v);
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
        job->lt = malloc(sizeof *job->lt);
        ok = job->lt != NULL;
        if (ok && (job->leak->kind == CS_LEAK_SEEN_AND_BURN || job->leak->kind == CS_LEAK_SEEN_AND_CLASS
                   || job->leak->kind == CS_LEAK_BURN_AND_CLASS))
            for (uint8_t a = 0; a < CS_NUM_RANKS; a++)
                for (uint8_t b = 0; b < CS_NUM_RANKS; b++)
                    for (uint8_t c = 0; c < CS_NUM_RANKS; c++) {
                        uint8_t r[3] = {a, b, c}, x;
                        if (r[0] > r[1]) x = r[0], r[0] = r[1], r[1] = x;
                        if (r[1] > r[2]) x = r[1], r[1] = r[2], r[2] = x;
                        if (r[0] > r[1]) x = r[0], r[0] = r[1], r[1] = x;
                        job->lt->lane3[a][b][c] = (uint16_t)cs__mset_index(r, 3);
                    }
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
