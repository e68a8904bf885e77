/* switch_five.c - card switching: the five-card switch, exact: W(P) for every hand of one up rank
 * (cs__switch_five_rank, used by cs_switch_bounds; cs_test_switch_five answers probes).
 *
 * Switching all five cards of P (positions among the 51 cards other than the up card) is worth, before
 * the fee and with the forced raise, W(P) = the sum of f(R, H) over the replacement sets R (5 cards) and
 * dealer hands H (4 cards), disjoint, both missing P; f(R, H) is the net of the raise (not qualify, or win
 * by R's category, tie, lose). By inclusion-exclusion over the cards of P the pairs cover,
 *     W(P) = sum over X in P of (-1)^|X| N(X),   N(X) = the sum of f over the disjoint (R, H) with X in R + H,
 * and N(X) is the sum over the splits of X into B = X n R and A = X n H (|A| <= 4) of
 *     Psi(B, A) = the sum of f over R >= B, H >= A, R and H disjoint (within the 51 cards).
 * The dealer hands below the qualifier give not_qualify whatever R is: their share is
 * not_qualify x C(42, 5) x (their number missing P), counted apart (N gets nq C(42, 5) x the number holding
 * X); everything below is over the qualifying dealer hands only (the raise sums T, Q of those).
 *   A empty: Psi(B, {}) = the sum over R >= B of T(R), T(R) the raise over R's dealer hands (standing's
 *     sweep over the 51 cards), summed over the hands holding each set (cs__gm_level_down).
 *   A = {c}: Psi(B, {c}) = the sum over R >= B, c not in R, of T(R) - T_c(R), T_c with c out of play: the
 *     one-card game's sweep over the 50 cards of each of the 25 classes of c (suit relabelling).
 *   |A| >= 2: B has at most 3 cards and Psi(B, A) = the sum over H >= A missing B of Q(H, B),
 *     Q(H, B) = the sum over R >= B missing H of f(R, H): a dealer-side sweep for each B (its suit class),
 *     the qualifying dealer hands in increasing value against running sums, by the subsets S of R - B, of
 *     the nets R's hands give at the current dealer value (win[cat] above it, tie at it, lose below), so
 *     Q(H, B) = sum over S in H of (-1)^|S| sums(S) (inclusion-exclusion: R must miss H); FV_L sets B at once,
 *     one vector lane each (a lane whose B meets H gets 0). |B| = 1 gives |A| = 2, 3, 4; |B| = 2 gives
 *     |A| = 2, 3; |B| = 3 gives |A| = 2; B empty comes from |B| = 1: the sum over b of Psi({b}, A) is
 *     5 Psi({}, A) (each R has five cards, none in A).
 * Suit symmetry: each class's sums (a dead card c, a set B) are counted for its representative only and
 * added, times the size of its orbit under the permutations of the three suits other than the up card's,
 * to M(X) at the representative's sets; N(X) = (1/6) x the sum over the 6 permutations s of M(s(X)), so
 * W(P) = (1/6) x the sum over s of V(s(P)), V(P) = the sum over X in P of (-1)^|X| M(X).
 * Exact in int64: with every net within +-2^20 (FV_NET_LIMIT) every sum is over at most C(51, 5) C(46, 4)
 * < 2^38.5 pairs (R, H), so below 2^58.5. V(P) adds up, in absolute value, each pair's net once for each
 * set X in P n (R + H) (on average over the pairs 1.57 times for the X in R, and at most 6 x 0.63 times,
 * the orbit's weight, for the others; the same for every P): |V(P)| < 5.4 x 2^38.5 x 2^20 < 2^61, and the
 * sum of its 6 images is taken in 128 bits. The lanes' running sums are sums over sets of R, below 2^38. */

#include <stdlib.h>
#include <string.h>

#include "switch_internal.h"

#define FV_NET_LIMIT ((int64_t)1 << 20)
#define FV_L 4 /* sets B swept at once, one vector lane each */
typedef int64_t fv_vec __attribute__((vector_size(8 * FV_L)));

static const uint32_t fv_size[6] = {1, 51, 1275, 20825, 249900, 2349060}; /* C(51, s) */

typedef struct {
    uint8_t k;      /* |B| */
    uint8_t b[3];   /* positions among the 51, ascending */
    uint8_t n_img;  /* distinct images of B under the suit permutations (its orbit) */
} fv_class;

typedef struct {
    gm_unit *gu;
    const cs_nets *nets;
    uint16_t q;
    uint8_t up;
    uint8_t map[6][MAXN];   /* suit permutation s (suit 0 fixed): position -> the relabelled card's */
    const uint32_t *quads;  /* every dealer hand (packed positions) by value */
    const uint32_t *qstart; /* [NT + 1] */
    fv_class *cls;          /* by |B| = 1, 2, 3 */
    uint32_t n_cls, first_cls[4];
    uint32_t *items;        /* phase 1: 0 standing, then 1 + batch start (classes); phase 2: class of c */
    uint32_t n_items;
    int phase;
    atomic_uint next;
    int64_t *const *m;      /* the final phases: M(X) by |X| (job 0's) */
    int64_t *w;
} fv_unit;

typedef struct {
    gm_job gj;              /* the gm sweeps (standing, the dead card's classes) */
    fv_unit *f;
    int64_t *n[6];          /* this thread's share of N(X), by |X| */
    int64_t *y[5];          /* [a]: the sum over b of Psi({b}, A), |A| = a = 2 .. 4 */
    int64_t *lv[5];         /* level sums (scratch) */
    int64_t *t[5];          /* lanes' running sums by the subsets S of R - B: [C(51, s) x FV_L] */
    int64_t *acc[5];        /* lanes' Psi(B, A) by A, |A| = 2 .. 4: [C(51, a) x FV_L] */
    uint16_t *rv[FV_L];     /* each lane's hands R, by value: value, and R - B packed */
    uint32_t *rpk[FV_L];
    uint32_t nr[FV_L];
    uint16_t *sv;           /* scratch: unsorted */
    uint32_t *spk;
    uint32_t *cnt;          /* [NT + 1] */
} fv_job;

static inline uint32_t fv_colex(const uint32_t *p, int s) /* p ascending */
{
    uint32_t v = 0;
    for (int i = 0; i < s; i++)
        v += cs__binom[p[i]][i + 1];
    return v;
}

static inline void fv_sort(uint32_t *p, int s)
{
    for (int i = 1; i < s; i++)
        for (int j = i; j > 0 && p[j] < p[j - 1]; j--) {
            uint32_t y = p[j];
            p[j] = p[j - 1];
            p[j - 1] = y;
        }
}

static inline uint8_t fv_card(uint32_t pos, uint8_t up)
{
    return (uint8_t)(pos < up ? pos : pos + 1);
}

/* Every sz-set A of the n positions missing skip, in colex order (val[i * stride] its value, i its index among
 * all sz-sets), with map increasing (positions among the 51): dst[map(A) + extra] += wt x val (extra: ne
 * positions ascending, none in map(A)), and dst_alone[map(A)] += wt x val when given. */
static void fv_scatter(uint32_t n, uint32_t sz, const uint8_t *map, const uint32_t *extra, int ne, uint64_t skip,
                       const int64_t *val, size_t stride, int64_t wt, int64_t *dst, int64_t *dst_alone)
{
    uint32_t c[5] = {0, 1, 2, 3, 4}, ix = 0;
    uint8_t below[MAXN]; /* how many extra cards are below each position */
    for (uint32_t y = 0; y < MAXN; y++) {
        below[y] = 0;
        for (int e = 0; e < ne; e++)
            below[y] = (uint8_t)(below[y] + (extra[e] < y));
    }
    for (;;) {
        uint64_t m = 0;
        for (uint32_t i = 0; i < sz; i++)
            m |= (uint64_t)1 << c[i];
        const int64_t v = val[(size_t)ix * stride];
        if (!(m & skip) && v != 0) {
            uint32_t a[4], x = 0; /* the colex index of map(A) + extra: each card at its rank in the union */
            for (uint32_t y = 0; y < sz; y++) {
                a[y] = map[c[y]];
                x += cs__binom[a[y]][y + 1 + below[a[y]]];
            }
            if (dst_alone)
                dst_alone[fv_colex(a, (int)sz)] += wt * v;
            for (int e = 0; e < ne; e++) {
                uint32_t r = (uint32_t)e + 1;
                for (uint32_t y = 0; y < sz; y++)
                    r += a[y] < extra[e];
                x += cs__binom[extra[e]][r];
            }
            dst[x] += wt * v;
        }
        ix++;
        if (sz == 0)
            return;
        uint32_t i = 0;
        while (i + 1 < sz && c[i] + 1 == c[i + 1]) {
            c[i] = i;
            i++;
        }
        if (++c[i] >= n && i == sz - 1)
            return;
    }
}

/* Standing over the 51 cards: T(R) for every R (shared), and its sums over the hands holding each set
 * (Psi(B, {})) into this thread's N. */
static void fv_stand(fv_job *fj)
{
    fv_unit *f = fj->f;
    gm_job *job = &fj->gj;
    gm_sweep *s = &job->sw;
    s->n = 0;
    for (uint8_t y = 0; y < 52; y++)
        if (y != f->up)
            s->unseen[s->n++] = y;
    s->w4 = job->w4;
    s->quads = job->quads;
    s->qstart = job->qstart;
    cs__gm_quads(s, f->up, f->q, 1);
    cs__gm_hands(job, GM_FIVE_STAND);
    const int64_t *tq = f->gu->five_tq;
    for (uint32_t i = 0; i < GM_HANDS; i++)
        fj->n[5][i] += tq[i];
    const int64_t *above = tq;
    for (int sz = 4; sz >= 0; sz--) {
        cs__gm_level_down(MAXN, (uint32_t)sz, above, fj->lv[sz]);
        for (uint32_t i = 0; i < fv_size[sz]; i++)
            fj->n[sz][i] += fj->lv[sz][i];
        above = fj->lv[sz];
    }
}

/* The dead card of class k: T(R) - T_c(R) summed over the R holding each set X of the 50 cards (B), into
 * N(X + c) for c and its relabellings. */
static void fv_dead(fv_job *fj, uint32_t k)
{
    fv_unit *f = fj->f;
    gm_job *job = &fj->gj;
    gm_sweep *s = &job->sw;
    const uint8_t x = gm_class_card(f->gu, k);
    s->n = 0;
    for (uint8_t y = 0; y < 52; y++)
        if (y != f->up && y != x)
            s->unseen[s->n++] = y;
    for (uint32_t i = 0; i < 50; i++)
        job->m51[i] = (uint8_t)gm_pos51(s->unseen[i], f->up);
    s->w4 = job->w4;
    s->quads = job->quads;
    s->qstart = job->qstart;
    memset(job->five_gl4, 0, GM_KEPT * sizeof *job->five_gl4);
    cs__gm_quads(s, f->up, f->q, 1);
    cs__gm_hands(job, GM_FIVE_CLASS);
    const int64_t *lv[5];
    lv[4] = job->five_gl4;
    for (int sz = 3; sz >= 0; sz--) {
        cs__gm_level_down(50, (uint32_t)sz, lv[sz + 1], fj->lv[sz]);
        lv[sz] = fj->lv[sz];
    }
    const int64_t orbit = (x & 3) == 1 ? 3 : 1; /* c of suit 1 stands for suits 1, 2, 3 */
    const uint32_t c = gm_pos51(x, f->up);
    for (uint32_t sz = 0; sz <= 4; sz++)
        fv_scatter(50, sz, job->m51, &c, 1, 0, lv[sz], 1, orbit, fj->n[sz + 1], NULL);
}

/* Adds d to lane l's running sums of the subsets of R - B (m = 2, 3 or 4 cards packed in pk, ascending). */
static inline __attribute__((always_inline)) void fv_apply(fv_job *fj, int l, int m, uint32_t pk, int64_t d)
{
    int64_t *const t1 = fj->t[1] + l, *const t2 = fj->t[2] + l, *const t3 = fj->t[3] + l, *const t4 = fj->t[4] + l;
    const uint32_t y0 = pk & 63, y1 = pk >> 6 & 63, y2 = pk >> 12 & 63, y3 = pk >> 18 & 63;
    fj->t[0][l] += d;
    t1[(size_t)y0 * FV_L] += d;
    t1[(size_t)y1 * FV_L] += d;
    const uint32_t p01 = y0 + cs__binom_t[2][y1];
    t2[(size_t)p01 * FV_L] += d;
    if (m == 2)
        return;
    const uint32_t c2 = cs__binom_t[2][y2], p02 = y0 + c2, p12 = y1 + c2, p012 = p01 + cs__binom_t[3][y2];
    t1[(size_t)y2 * FV_L] += d;
    t2[(size_t)p02 * FV_L] += d;
    t2[(size_t)p12 * FV_L] += d;
    t3[(size_t)p012 * FV_L] += d;
    if (m == 3)
        return;
    const uint32_t c3 = cs__binom_t[2][y3], d3 = cs__binom_t[3][y3];
    t1[(size_t)y3 * FV_L] += d;
    t2[(size_t)(y0 + c3) * FV_L] += d;
    t2[(size_t)(y1 + c3) * FV_L] += d;
    t2[(size_t)(y2 + c3) * FV_L] += d;
    t3[(size_t)(p01 + d3) * FV_L] += d;
    t3[(size_t)(p02 + d3) * FV_L] += d;
    t3[(size_t)(p12 + d3) * FV_L] += d;
    t4[(size_t)(p012 + cs__binom_t[4][y3]) * FV_L] += d;
}

/* Vectors by pointer (no vector passed by value: the ABI differs with and without AVX). */
static inline __attribute__((always_inline)) void fv_plus(fv_vec *q, const int64_t *t, uint32_t ix)
{
    fv_vec v;
    memcpy(&v, t + (size_t)ix * FV_L, sizeof v);
    *q += v;
}

static inline __attribute__((always_inline)) void fv_minus(fv_vec *q, const int64_t *t, uint32_t ix)
{
    fv_vec v;
    memcpy(&v, t + (size_t)ix * FV_L, sizeof v);
    *q -= v;
}

static inline __attribute__((always_inline)) void fv_add(int64_t *t, uint32_t ix, const fv_vec *q)
{
    fv_vec v;
    memcpy(&v, t + (size_t)ix * FV_L, sizeof v);
    v += *q;
    memcpy(t + (size_t)ix * FV_L, &v, sizeof v);
}

/* The qualifying dealer hands [h0, h1) against the lanes' running sums: Q(H, B) added to H's subsets A. */
static inline __attribute__((always_inline)) void fv_hands_body(fv_job *fj, int k, const uint32_t *hq, uint32_t h0,
                                                                uint32_t h1, const int64_t *bmask)
{
    fv_vec bm;
    memcpy(&bm, bmask, sizeof bm);
    int64_t *const t1 = fj->t[1], *const t2 = fj->t[2], *const t3 = fj->t[3], *const t4 = fj->t[4];
    int64_t *const a2 = fj->acc[2], *const a3 = fj->acc[3], *const a4 = fj->acc[4];
    fv_vec t0;
    memcpy(&t0, fj->t[0], sizeof t0);
    for (uint32_t i = h0; i < h1; i++) {
        const uint32_t pk = hq[i];
        const uint32_t a = pk & 63, b = pk >> 6 & 63, c = pk >> 12 & 63, d = pk >> 18 & 63;
        const int64_t hm = (int64_t)((uint64_t)1 << a | (uint64_t)1 << b | (uint64_t)1 << c | (uint64_t)1 << d);
        fv_vec hv;
        for (int l = 0; l < FV_L; l++)
            hv[l] = hm;
        const fv_vec keep = (fv_vec)((bm & hv) == 0);
        const uint32_t b2 = cs__binom_t[2][b], c2 = cs__binom_t[2][c], d2 = cs__binom_t[2][d];
        const uint32_t ab = a + b2, ac = a + c2, bc = b + c2, ad = a + d2, bd = b + d2, cd = c + d2;
        fv_vec q = t0;
        fv_minus(&q, t1, a);
        fv_minus(&q, t1, b);
        fv_minus(&q, t1, c);
        fv_minus(&q, t1, d);
        fv_plus(&q, t2, ab);
        fv_plus(&q, t2, ac);
        fv_plus(&q, t2, bc);
        fv_plus(&q, t2, ad);
        fv_plus(&q, t2, bd);
        fv_plus(&q, t2, cd);
        uint32_t abc = 0, abd = 0, acd = 0, bcd = 0;
        if (k <= 2) {
            const uint32_t c3 = cs__binom_t[3][c], d3 = cs__binom_t[3][d];
            abc = ab + c3;
            abd = ab + d3;
            acd = ac + d3;
            bcd = bc + d3;
            fv_minus(&q, t3, abc);
            fv_minus(&q, t3, abd);
            fv_minus(&q, t3, acd);
            fv_minus(&q, t3, bcd);
            if (k == 1)
                fv_plus(&q, t4, abc + cs__binom_t[4][d]);
        }
        q &= keep;
        fv_add(a2, ab, &q);
        fv_add(a2, ac, &q);
        fv_add(a2, bc, &q);
        fv_add(a2, ad, &q);
        fv_add(a2, bd, &q);
        fv_add(a2, cd, &q);
        if (k <= 2) {
            fv_add(a3, abc, &q);
            fv_add(a3, abd, &q);
            fv_add(a3, acd, &q);
            fv_add(a3, bcd, &q);
            if (k == 1)
                fv_add(a4, abc + cs__binom_t[4][d], &q);
        }
    }
}

static void fv_hands_generic(fv_job *fj, int k, const uint32_t *hq, uint32_t h0, uint32_t h1, const int64_t *bm)
{
    if (k == 1)
        fv_hands_body(fj, 1, hq, h0, h1, bm);
    else if (k == 2)
        fv_hands_body(fj, 2, hq, h0, h1, bm);
    else
        fv_hands_body(fj, 3, hq, h0, h1, bm);
}

#if CS__X86_64
__attribute__((target("avx2"))) static void fv_hands_avx2(fv_job *fj, int k, const uint32_t *hq, uint32_t h0,
                                                          uint32_t h1, const int64_t *bm)
{
    if (k == 1)
        fv_hands_body(fj, 1, hq, h0, h1, bm);
    else if (k == 2)
        fv_hands_body(fj, 2, hq, h0, h1, bm);
    else
        fv_hands_body(fj, 3, hq, h0, h1, bm);
}

static void fv_hands(fv_job *fj, int k, const uint32_t *hq, uint32_t h0, uint32_t h1, const int64_t *bm)
{
    if (cs__have_avx2())
        fv_hands_avx2(fj, k, hq, h0, h1, bm);
    else
        fv_hands_generic(fj, k, hq, h0, h1, bm);
}
#else
#define fv_hands fv_hands_generic
#endif

/* The net a hand R of value v gives against a dealer hand it beats. */
static inline int64_t fv_win(const cs_nets *nets, uint16_t v)
{
    return nets->win[cs__value_cat[v]];
}

/* One batch of nl sets B of k cards (classes cls[0 .. nl)): the dealer-side sweep, then each Psi(B, A)
 * into N(B + A) for every image of B (and for k = 1 into the sums over b). */
static void fv_batch(fv_job *fj, const fv_class *cls, int nl)
{
    fv_unit *f = fj->f;
    const cs_nets *nets = f->nets;
    const int k = cls[0].k, m = 5 - k;
    for (int s = 0; s <= m; s++)
        memset(fj->t[s], 0, (size_t)fv_size[s] * FV_L * sizeof *fj->t[s]);
    for (int a = 2; a <= m; a++)
        memset(fj->acc[a], 0, (size_t)fv_size[a] * FV_L * sizeof *fj->acc[a]);
    int64_t bm[FV_L];
    uint32_t ptr[FV_L];
    for (int l = 0; l < FV_L; l++) {
        bm[l] = -1; /* an empty lane: every dealer hand meets it */
        fj->nr[l] = 0;
        ptr[l] = 0;
        if (l >= nl)
            continue;
        uint64_t mk = 0;
        for (int i = 0; i < k; i++)
            mk |= (uint64_t)1 << cls[l].b[i];
        bm[l] = (int64_t)mk;
        /* the hands R = B + Y, Y the m-sets of the other positions, sorted by value (counting sort) */
        uint32_t c[4] = {0, 1, 2, 3}, n = 0;
        memset(fj->cnt, 0, (NT + 1) * sizeof *fj->cnt);
        for (;;) {
            uint64_t ym = 0;
            for (int i = 0; i < m; i++)
                ym |= (uint64_t)1 << c[i];
            if (!(ym & mk)) {
                uint8_t h[5];
                uint32_t pk = 0;
                for (int i = 0; i < k; i++)
                    h[i] = fv_card(cls[l].b[i], f->up);
                for (int i = 0; i < m; i++) {
                    h[k + i] = fv_card(c[i], f->up);
                    pk |= c[i] << (6 * i);
                }
                cs__sort5(h);
                const uint16_t v = cs__value5[cs__colex5(h)];
                fj->sv[n] = v;
                fj->spk[n++] = pk;
                fj->cnt[v + 1]++;
            }
            int i = 0;
            while (i + 1 < m && c[i] + 1 == c[i + 1]) {
                c[i] = (uint32_t)i;
                i++;
            }
            if (++c[i] >= MAXN && i == m - 1)
                break;
        }
        for (uint32_t v = 0; v < NT; v++)
            fj->cnt[v + 1] += fj->cnt[v];
        for (uint32_t i = 0; i < n; i++) {
            const uint32_t at = fj->cnt[fj->sv[i]]++;
            fj->rv[l][at] = fj->sv[i];
            fj->rpk[l][at] = fj->spk[i];
        }
        fj->nr[l] = n;
        /* R below the qualifier loses to every qualifying dealer hand; the others start above */
        for (uint32_t i = 0; i < n; i++) {
            const uint16_t v = fj->rv[l][i];
            if (v < f->q)
                ptr[l] = i + 1;
            fv_apply(fj, l, m, fj->rpk[l][i], v < f->q ? nets->lose : fv_win(nets, v));
        }
    }
    const uint32_t *qs = f->qstart;
    for (uint32_t v = f->q; v < CS_NUM_VALUES; v++) {
        if (qs[v] == qs[v + 1])
            continue;
        uint32_t end[FV_L];
        for (int l = 0; l < nl; l++) {
            uint32_t p = ptr[l];
            for (; p < fj->nr[l] && fj->rv[l][p] < v; p++)
                fv_apply(fj, l, m, fj->rpk[l][p], nets->lose - fv_win(nets, fj->rv[l][p]));
            ptr[l] = p;
            for (; p < fj->nr[l] && fj->rv[l][p] == v; p++)
                fv_apply(fj, l, m, fj->rpk[l][p], nets->tie - fv_win(nets, (uint16_t)v));
            end[l] = p;
        }
        fv_hands(fj, k, f->quads, qs[v], qs[v + 1], bm);
        for (int l = 0; l < nl; l++) {
            for (uint32_t p = ptr[l]; p < end[l]; p++)
                fv_apply(fj, l, m, fj->rpk[l][p], nets->lose - nets->tie);
            ptr[l] = end[l];
        }
    }
    static const uint8_t ident[MAXN] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16,
                                        17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33,
                                        34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50};
    for (int l = 0; l < nl; l++) {
        uint32_t extra[3];
        for (int i = 0; i < k; i++)
            extra[i] = cls[l].b[i];
        for (int a = 2; a <= m; a++)
            fv_scatter(MAXN, (uint32_t)a, ident, extra, k, (uint64_t)bm[l], fj->acc[a] + l, FV_L, cls[l].n_img,
                       fj->n[k + a], k == 1 ? fj->y[a] : NULL);
    }
}

/* The final phases for the hands of highest position top: 3, V(P) = sum over X in P of (-1)^|X| M(X), in
 * place of M(P); 4, W(P) = (1/6) x the sum of V over P's images under the suit permutations (each V
 * below 2^61 (see above): the 128-bit sum is exact). */
static void fv_final(const fv_unit *f, uint32_t top)
{
    int64_t *const *mm = f->m;
    int64_t *v5 = mm[5];
    uint32_t p[5], ix = cs__binom[top][5];
    p[4] = top;
    for (p[3] = 3; p[3] < p[4]; p[3]++)
        for (p[2] = 2; p[2] < p[3]; p[2]++)
            for (p[1] = 1; p[1] < p[2]; p[1]++)
                for (p[0] = 0; p[0] < p[1]; p[0]++, ix++) {
                    if (f->phase == 3) {
                        int64_t v = -v5[ix];
                        for (uint32_t sm = 0; sm < 31; sm++) {
                            uint32_t x = 0;
                            int j = 0;
                            for (int i = 0; i < 5; i++)
                                if (sm >> i & 1)
                                    x += cs__binom[p[i]][++j];
                            v += j & 1 ? -mm[j][x] : mm[j][x];
                        }
                        v5[ix] = v;
                        continue;
                    }
                    __int128 sum = 0;
                    for (int sg = 0; sg < 6; sg++) {
                        uint32_t q[5];
                        for (int i = 0; i < 5; i++)
                            q[i] = f->map[sg][p[i]];
                        fv_sort(q, 5);
                        sum += v5[colex_pos5(q)];
                    }
                    f->w[ix] = (int64_t)(sum / 6);
                }
}

static void *fv_worker(void *arg)
{
    fv_job *fj = arg;
    fv_unit *f = fj->f;
    for (;;) {
        const uint32_t i = atomic_fetch_add(&f->next, 1);
        if (f->phase >= 3) {
            if (i >= 47)
                break;
            fv_final(f, MAXN - 1 - i); /* the largest first */
            continue;
        }
        if (f->phase == 2) {
            if (i >= GM_CLASSES)
                break;
            fv_dead(fj, i);
            continue;
        }
        if (i >= f->n_items)
            break;
        const uint32_t it = f->items[i];
        if (it == 0) {
            fv_stand(fj);
            continue;
        }
        const uint32_t start = it - 1;
        const uint32_t k = f->cls[start].k;
        int nl = 0;
        while (nl < FV_L && start + (uint32_t)nl < f->n_cls && f->cls[start + (uint32_t)nl].k == k)
            nl++;
        fv_batch(fj, f->cls + start, nl);
    }
    return NULL;
}

/* The suit classes of the sets B of k positions (1 to 3), appended to f->cls. */
static void fv_classes(fv_unit *f, int k)
{
    uint32_t c[3] = {0, 1, 2};
    f->first_cls[k] = f->n_cls;
    for (;;) {
        uint32_t img[6][3];
        int canonical = 1;
        for (int s = 0; s < 6 && canonical; s++) {
            for (int i = 0; i < k; i++)
                img[s][i] = f->map[s][c[i]];
            fv_sort(img[s], k);
            for (int i = 0; i < k; i++)
                if (img[s][i] != c[i]) {
                    canonical = img[s][i] > c[i];
                    break;
                }
        }
        if (canonical) {
            fv_class *e = &f->cls[f->n_cls++];
            e->k = (uint8_t)k;
            for (int i = 0; i < k; i++)
                e->b[i] = (uint8_t)c[i];
            e->n_img = 0;
            for (int s = 0; s < 6; s++) {
                int seen = 0;
                for (int t = 0; t < s && !seen; t++)
                    seen = memcmp(img[t], img[s], (size_t)k * sizeof img[s][0]) == 0;
                e->n_img = (uint8_t)(e->n_img + !seen);
            }
        }
        int i = 0;
        while (i + 1 < k && c[i] + 1 == c[i + 1]) {
            c[i] = (uint32_t)i;
            i++;
        }
        if (++c[i] >= MAXN && i == k - 1)
            break;
    }
}

static void fv_job_free(fv_job *fj)
{
    gm_job *j = &fj->gj;
    free(j->w4);
    free(j->quads);
    free(j->sw.hands);
    free(j->sw.hv);
    free(j->sw.pend);
    free(j->five_gl4);
    for (int s = 0; s < 6; s++)
        free(fj->n[s]);
    for (int s = 0; s < 5; s++) {
        free(fj->y[s]);
        free(fj->lv[s]);
        free(fj->t[s]);
        free(fj->acc[s]);
    }
    for (int l = 0; l < FV_L; l++) {
        free(fj->rv[l]);
        free(fj->rpk[l]);
    }
    free(fj->sv);
    free(fj->spk);
    free(fj->cnt);
}

static int fv_job_alloc(fv_job *fj)
{
    gm_job *j = &fj->gj;
    int ok = (j->w4 = malloc(GM_QUADS * sizeof *j->w4)) && (j->quads = malloc(GM_QUADS * sizeof *j->quads)) &&
             (j->sw.hands = malloc(GM_HANDS * sizeof *j->sw.hands)) && (j->sw.hv = malloc(GM_HANDS * sizeof *j->sw.hv)) &&
             (j->sw.pend = malloc(GM_HANDS * sizeof *j->sw.pend)) &&
             (j->five_gl4 = malloc(GM_KEPT * sizeof *j->five_gl4)) && (fj->sv = malloc(GM_KEPT * sizeof *fj->sv)) &&
             (fj->spk = malloc(GM_KEPT * sizeof *fj->spk)) && (fj->cnt = malloc((NT + 1) * sizeof *fj->cnt));
    for (int s = 0; s < 6 && ok; s++)
        ok = (fj->n[s] = calloc(fv_size[s], sizeof *fj->n[s])) != NULL;
    for (int s = 0; s < 5 && ok; s++) {
        ok = (fj->lv[s] = malloc(fv_size[s] * sizeof *fj->lv[s])) && (fj->t[s] = malloc((size_t)fv_size[s] * FV_L * sizeof *fj->t[s]));
        if (ok && s >= 2)
            ok = (fj->y[s] = calloc(fv_size[s], sizeof *fj->y[s])) &&
                 (fj->acc[s] = malloc((size_t)fv_size[s] * FV_L * sizeof *fj->acc[s]));
    }
    for (int l = 0; l < FV_L && ok; l++)
        ok = (fj->rv[l] = malloc(GM_KEPT * sizeof *fj->rv[l])) && (fj->rpk[l] = malloc(GM_KEPT * sizeof *fj->rpk[l]));
    return ok ? CS_OK : CS_E_NOMEM;
}

/* W(P) (see above) for every hand P of up rank up_rank (the up card of suit 0), by P's colex index over its
 * positions among the 51 cards (gm_pos51), into w[C(51, 5)]. Arguments checked by the caller (nets within
 * +-FV_NET_LIMIT, qualifier, threads 1 .. 64); the tables built. */
static int fv_rank(uint8_t up_rank, uint16_t qualifier, const cs_nets *nets, uint32_t threads, int64_t *w,
                   __int128 *sums)
{
    static const uint8_t perms[6][3] = {{1, 2, 3}, {1, 3, 2}, {2, 1, 3}, {2, 3, 1}, {3, 1, 2}, {3, 2, 1}};
    fv_unit *f = calloc(1, sizeof *f);
    gm_unit *gu = calloc(1, sizeof *gu);
    gm_sweep *ds = calloc(1, sizeof *ds);
    fv_job *jobs = calloc(threads, sizeof *jobs);
    int st = f && gu && ds && jobs ? CS_OK : CS_E_NOMEM;
    if (st == CS_OK) {
        f->gu = gu;
        f->nets = gu->nets = nets;
        f->q = gu->q = qualifier;
        f->up = gu->up = (uint8_t)(4 * up_rank);
        gu->five_tq = malloc(GM_HANDS * sizeof *gu->five_tq);
        ds->w4 = malloc(GM_QUADS * sizeof *ds->w4);
        ds->quads = malloc(GM_QUADS * sizeof *ds->quads);
        ds->qstart = malloc((NT + 1) * sizeof *ds->qstart);
        f->cls = malloc((51 + 1275 + 20825) * sizeof *f->cls); /* at most every set of 1 to 3 positions */
        f->items = malloc((2 + 51 + 1275 + 20825) * sizeof *f->items);
        if (!gu->five_tq || !ds->w4 || !ds->quads || !ds->qstart || !f->cls || !f->items)
            st = CS_E_NOMEM;
        for (uint32_t t = 0; t < threads && st == CS_OK; t++) {
            jobs[t].f = f;
            jobs[t].gj.u = gu;
            jobs[t].gj.t = t;
            st = fv_job_alloc(&jobs[t]);
        }
    }
    if (st == CS_OK) {
        const uint8_t up = f->up;
        for (int s = 0; s < 6; s++)
            for (uint32_t p = 0; p < MAXN; p++) {
                const uint8_t card = fv_card(p, up);
                const uint8_t suit = card & 3;
                f->map[s][p] = (uint8_t)gm_pos51((uint8_t)((card & ~3) | (suit ? perms[s][suit - 1] : 0)), up);
            }
        /* every dealer hand over the 51 cards, by value */
        ds->n = 0;
        for (uint8_t y = 0; y < 52; y++)
            if (y != up)
                ds->unseen[ds->n++] = y;
        cs__gm_quads(ds, up, qualifier, 1);
        f->quads = ds->quads;
        f->qstart = ds->qstart;
        for (int k = 1; k <= 3; k++)
            fv_classes(f, k);
        f->first_cls[0] = 0;
        /* phase 1: standing, then the batches, the largest first */
        f->items[f->n_items++] = 0;
        for (int k = 1; k <= 3; k++) {
            const uint32_t end = k < 3 ? f->first_cls[k + 1] : f->n_cls;
            for (uint32_t i = f->first_cls[k]; i < end; i += FV_L)
                f->items[f->n_items++] = 1 + i;
        }
        f->phase = 1;
        atomic_init(&f->next, 0);
        cs__parallel(fv_worker, jobs, sizeof *jobs, threads);
        f->phase = 2;
        atomic_store(&f->next, 0);
        cs__parallel(fv_worker, jobs, sizeof *jobs, threads);
        /* the threads' shares; B empty from the sums over b; the dealer hands below the qualifier */
        fv_job *j0 = &jobs[0];
        for (uint32_t t = 1; t < threads; t++) {
            for (int s = 0; s < 6; s++)
                for (uint32_t i = 0; i < fv_size[s]; i++)
                    j0->n[s][i] += jobs[t].n[s][i];
            for (int a = 2; a <= 4; a++)
                for (uint32_t i = 0; i < fv_size[a]; i++)
                    j0->y[a][i] += jobs[t].y[a][i];
        }
        /* M(X): N(X) = (1/6) x the sum over the suit permutations s of M(s(X)) (each class's sums were
         * added for its representative only, times its orbit); B empty: the sum over b of Psi({b}, A),
         * symmetrized, is 5 Psi({}, A) */
        for (int a = 2; a <= 4; a++) {
            uint32_t c[4] = {0, 1, 2, 3}, ix = 0;
            for (;;) {
                int64_t sum = 0;
                for (int sg = 0; sg < 6; sg++) {
                    uint32_t q[4];
                    for (int i = 0; i < a; i++)
                        q[i] = f->map[sg][c[i]];
                    fv_sort(q, a);
                    sum += j0->y[a][fv_colex(q, a)];
                }
                j0->n[a][ix++] += sum / 30;
                int i = 0;
                while (i + 1 < a && c[i] + 1 == c[i + 1]) {
                    c[i] = (uint32_t)i;
                    i++;
                }
                if (++c[i] >= MAXN && i == a - 1)
                    break;
            }
        }
        const int64_t nqc = nets->not_qualify * (int64_t)cs__binom[42][5];
        for (uint32_t i = 0; i < ds->qstart[qualifier]; i++) {
            const uint32_t pk = ds->quads[i];
            uint32_t h[4] = {pk & 63, pk >> 6 & 63, pk >> 12 & 63, pk >> 18 & 63};
            for (uint32_t sm = 0; sm < 16; sm++) {
                uint32_t ix = 0;
                int j = 0;
                for (int i2 = 0; i2 < 4; i2++)
                    if (sm >> i2 & 1)
                        ix += cs__binom[h[i2]][++j];
                j0->n[j][ix] += nqc;
            }
        }
        /* V(P) = sum over X in P of (-1)^|X| M(X) (in place of M(P)), then W(P) = (1/6) x the sum of V over
         * P's images: by the highest position of P, on the threads */
        f->m = j0->n;
        f->w = w;
        for (int ph = 3; ph <= 4; ph++) {
            f->phase = ph;
            atomic_store(&f->next, 0);
            cs__parallel(fv_worker, jobs, sizeof *jobs, threads);
        }
        if (sums) { /* the sum over every hand, and what it must be: C(42, 5) x the sum of f over every pair
                     * (R, H) of the 51 cards, standing's raise sums and the dealer hands below the qualifier */
            __int128 sw = 0, st = 0;
            for (uint32_t i = 0; i < GM_HANDS; i++) {
                sw += w[i];
                st += gu->five_tq[i];
            }
            st += (__int128)nets->not_qualify * cs__binom[47][5] * ds->qstart[qualifier];
            sums[0] = sw;
            sums[1] = st * cs__binom[42][5];
        }
    }
    for (uint32_t t = 0; t < threads && jobs; t++)
        fv_job_free(&jobs[t]);
    if (gu)
        free(gu->five_tq);
    if (ds) {
        free(ds->w4);
        free(ds->quads);
        free(ds->qstart);
    }
    if (f) {
        free(f->cls);
        free(f->items);
    }
    free(f);
    free(gu);
    free(ds);
    free(jobs);
    return st;
}

int cs__switch_five_rank(uint8_t up_rank, uint16_t qualifier, const cs_nets *nets, uint32_t threads, int64_t *w)
{
    return fv_rank(up_rank, qualifier, nets, threads, w, NULL);
}

/* The arguments checked (probes' cards too) before any work. */
int cs_test_switch_five(uint8_t up_rank, uint16_t qualifier, const cs_nets *nets, uint32_t threads,
                        const uint8_t *probes, size_t n_probes, int64_t *out, int64_t *sums, size_t n_sums)
{
    if (!nets || (n_probes && (!probes || !out)))
        return CS_E_NULL;
    if (n_probes > 4096 || (sums && n_sums != 4))
        return CS_E_SIZE;
    if (up_rank >= 13 || qualifier > CS_NUM_VALUES || threads < 1 || threads > 64)
        return CS_E_ARG;
    int st;
    if ((st = cs__check_nets(nets, FV_NET_LIMIT)) != CS_OK)
        return st;
    const uint8_t up = (uint8_t)(4 * up_rank);
    for (size_t m = 0; m < n_probes; m++) {
        uint64_t mask = 0;
        if ((st = cs__check_situation(probes + 5 * m, up, &mask)) != CS_OK)
            return st;
    }
    if (n_probes == 0 && !sums) /* nothing asked: nothing counted */
        return CS_OK;
    if ((st = cs__ensure_tables()) != CS_OK)
        return st;
    int64_t *w = malloc(GM_HANDS * sizeof *w);
    if (!w)
        return CS_E_NOMEM;
    __int128 total[2];
    st = fv_rank(up_rank, qualifier, nets, threads, w, sums ? total : NULL);
    for (int i = 0; i < 2 && sums && st == CS_OK; i++) { /* high and low 64 bits */
        sums[2 * i] = (int64_t)(total[i] >> 64);
        sums[2 * i + 1] = (int64_t)(uint64_t)total[i];
    }
    for (size_t m = 0; m < n_probes && st == CS_OK; m++) {
        uint32_t q[5];
        for (int i = 0; i < 5; i++)
            q[i] = gm_pos51(probes[5 * m + (size_t)i], up);
        fv_sort(q, 5);
        out[m] = w[colex_pos5(q)];
    }
    free(w);
    return st;
}
