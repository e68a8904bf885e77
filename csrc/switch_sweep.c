/* switch_sweep.c - card switching: the one-card sweep, shared by the whole one-card game
 * (switch_game.c), the bounds of the larger switches (switch_bounds.c) and the five-card switch
 * (switch_five.c).
 *
 * The n cards of a sweep are the 51 other than the up card (standing), or the 50 other than the up
 * card and a switched card x, out of play (switching x). A final hand H's dealer hands below a
 * threshold t come by the inclusion-exclusion of cs_switch (switch_hand.c),
 * F_H(t) = sum over S in H, |S| <= 4, of (-1)^|S| G_S(t), but G is not tabled for every threshold: the
 * final hands at or above the qualifier are taken in increasing value v while the dealer hands are
 * added, in increasing value, to running counts G_S by card, pair and triple of cards (a few KB), so
 * each hand reads them at t = v; the dealer hands of value exactly v, counted apart the same way, give
 * its ties, and the counts frozen at the qualifier its dealer hands that do not qualify. Each final
 * hand's outcome is then recorded as the pass asks (gm_emit: one mode per pass of the files above).
 */
#include <stdlib.h>
#include <string.h>

#include "switch_internal.h"

/* The indices of a final hand's subsets (positions p ascending): pairs, triples, 4-sets (also the
 * index of the kept set when the fifth card is the replacement), and the values of the 4-sets. */
typedef struct {
    uint32_t p[5];
    uint32_t i2[10], i3[10], i4[5];
    uint16_t w[5];
} gm_ix;

static inline __attribute__((always_inline)) void gm_index_sets(gm_ix *x)
{
    const uint32_t *p = x->p;
    const uint32_t b21 = cs__binom_t[2][p[1]], b22 = cs__binom_t[2][p[2]], b23 = cs__binom_t[2][p[3]],
                   b24 = cs__binom_t[2][p[4]];
    const uint32_t b32 = cs__binom_t[3][p[2]], b33 = cs__binom_t[3][p[3]], b34 = cs__binom_t[3][p[4]];
    const uint32_t b43 = cs__binom_t[4][p[3]], b44 = cs__binom_t[4][p[4]];
    x->i2[0] = p[0] + b21;
    x->i2[1] = p[0] + b22;
    x->i2[2] = p[1] + b22;
    x->i2[3] = p[0] + b23;
    x->i2[4] = p[1] + b23;
    x->i2[5] = p[2] + b23;
    x->i2[6] = p[0] + b24;
    x->i2[7] = p[1] + b24;
    x->i2[8] = p[2] + b24;
    x->i2[9] = p[3] + b24;
    x->i3[0] = x->i2[0] + b32; /* 0 1 2 */
    x->i3[1] = x->i2[0] + b33; /* 0 1 3 */
    x->i3[2] = x->i2[1] + b33; /* 0 2 3 */
    x->i3[3] = x->i2[2] + b33; /* 1 2 3 */
    x->i3[4] = x->i2[0] + b34; /* 0 1 4 */
    x->i3[5] = x->i2[1] + b34; /* 0 2 4 */
    x->i3[6] = x->i2[2] + b34; /* 1 2 4 */
    x->i3[7] = x->i2[3] + b34; /* 0 3 4 */
    x->i3[8] = x->i2[4] + b34; /* 1 3 4 */
    x->i3[9] = x->i2[5] + b34; /* 2 3 4 */
    x->i4[0] = x->i3[3] + b44; /* 1 2 3 4 */
    x->i4[1] = x->i3[2] + b44; /* 0 2 3 4 */
    x->i4[2] = x->i3[1] + b44; /* 0 1 3 4 */
    x->i4[3] = x->i3[0] + b44; /* 0 1 2 4 */
    x->i4[4] = x->i3[0] + b43; /* 0 1 2 3 */
}

static inline __attribute__((always_inline)) void gm_index(const gm_sweep *s, gm_ix *x)
{
    gm_index_sets(x);
    for (int i = 0; i < 5; i++)
        x->w[i] = s->w4[x->i4[i]];
}

/* Pass 2 of switch_dead.c: the marks of a final hand's kept sets (of kept_size cards; ix its own index),
 * from the subsets' indices alone: a hand with none is skipped before its dealer hands are counted. */
static inline __attribute__((always_inline)) uint64_t gm_kept_marks(const gm_job *job, const gm_ix *x, uint32_t ix)
{
    const uint8_t *km = job->kmk;
    uint64_t m = 0;
    switch (job->kept_size) {
    case 5:
        m = km[ix];
        break;
    case 4:
        for (int i = 0; i < 5; i++)
            m += km[x->i4[i]];
        break;
    case 3:
        for (int i = 0; i < 10; i++)
            m += km[x->i3[i]];
        break;
    case 2:
        for (int i = 0; i < 10; i++)
            m += km[x->i2[i]];
        break;
    default:
        for (int i = 0; i < 5; i++)
            m += km[x->p[i]];
        break;
    }
    return m;
}

/* The inclusion-exclusion of the counts over a final hand's subsets of 0 to 3 cards, the three
 * fields at once: out[f] for field f. */
static inline __attribute__((always_inline)) void gm_ie(const gm_counts *k, const gm_ix *x, int nf, int32_t *out)
{
    uint64_t pos = k->c0, neg = 0;
    uint32_t neg3 = 0;
    for (int i = 0; i < 5; i++)
        neg += k->c1[x->p[i]];
    for (int i = 0; i < 10; i++) {
        pos += k->c2[x->i2[i]];
        neg3 += k->c3[x->i3[i]];
    }
    for (int f = 0; f < nf; f++)
        out[f] = (int32_t)(pos >> (21 * f) & 0x1fffff) - (int32_t)(neg >> (21 * f) & 0x1fffff) -
                 (int32_t)(neg3 >> (10 * f) & 0x3ff);
}

/* The dealer hands over the n cards: their values, by value, and the counts below the qualifier. */
void cs__gm_quads(gm_sweep *s, uint8_t up, uint16_t q, int build)
{
    const uint32_t n = s->n;
    if (build) {
        /* the colex index of a dealer hand with the up card: each card's term at its rank among the five */
        uint32_t term[4][MAXN], up_term[5];
        uint8_t below[MAXN];
        for (uint32_t i = 0; i < n; i++) {
            const uint8_t y = s->unseen[i];
            below[i] = y < up;
            for (uint32_t k = 0; k < 4; k++)
                term[k][i] = cs__binom[y][k + 1 + (y > up)];
        }
        for (uint32_t k = 0; k < 5; k++)
            up_term[k] = cs__binom[up][k + 1];
        memset(s->qstart, 0, (NT + 1) * sizeof *s->qstart);
        uint32_t ix = 0;
        for (uint32_t d = 3; d < n; d++)
            for (uint32_t c = 2; c < d; c++)
                for (uint32_t b = 1; b < c; b++) {
                    const uint32_t tbcd = term[1][b] + term[2][c] + term[3][d];
                    const uint32_t nbcd = (uint32_t)below[b] + below[c] + below[d];
                    for (uint32_t a = 0; a < b; a++) {
                        uint16_t w = cs__value5[term[0][a] + tbcd + up_term[nbcd + below[a]]];
                        s->w4[ix++] = w;
                        s->qstart[w + 1]++;
                    }
                }
        for (uint32_t t = 0; t < NT; t++)
            s->qstart[t + 1] += s->qstart[t];
        memcpy(s->cur, s->qstart, sizeof s->cur);
        ix = 0;
        for (uint32_t d = 3; d < n; d++)
            for (uint32_t c = 2; c < d; c++)
                for (uint32_t b = 1; b < c; b++)
                    for (uint32_t a = 0; a < b; a++)
                        s->quads[s->cur[s->w4[ix++]]++] = a | b << 6 | c << 12 | d << 18;
    }
    memset(&s->k, 0, sizeof s->k);
    for (uint32_t i = 0; i < s->qstart[q]; i++)
        gm_add(&s->k, s->quads[i], GM_F21(GM_Q) | GM_F21(GM_RUN), GM_F10(GM_Q) | GM_F10(GM_RUN));
}

/* A final hand's raise: its nets summed over its dealer hands. */
static inline int64_t gm_raise_sum(const cs_nets *n, const gm_outcome *o)
{
    return o->nq * n->not_qualify + o->win * n->win[o->cat] + o->tie * n->tie + o->lose * n->lose;
}

/* A final hand of colex index ix and value v, with fq dealer hands below the qualifier, f1 below v
 * and f2 below v + 1 (f1 = f2 = fq below the qualifier): its best decision, recorded by mode. */
static inline __attribute__((always_inline)) void gm_emit(gm_job *job, int mode, const gm_ix *x, uint32_t ix,
                                                          uint16_t v, int64_t fq, int64_t f1, int64_t f2)
{
    gm_unit *u = job->u;
    const int64_t comp = cs__binom[job->sw.n - 5][4];
    const int cat = cs__value_cat[v];
    gm_outcome o;
    o.nq = (int32_t)fq;
    o.win = (int32_t)(f1 - fq);
    o.tie = (int32_t)(f2 - f1);
    o.lose = (int32_t)(comp - f2);
    o.cat = (uint8_t)cat;
    int64_t margin = cs__raise_margin(cs__margin_of(u->nets, cat, (uint64_t)comp), o.nq, o.win, o.tie);
    o.raise = margin > 0 || (margin == 0 && (u->flags & CS_RAISE_ON_TIE));
    const int64_t g = comp * u->nets->fold + (o.raise ? margin : 0);
    if (mode == GM_FIVE_STAND || mode == GM_FIVE_CLASS) { /* the raise over the qualifying dealer hands */
        const int64_t rq = (int64_t)o.win * u->nets->win[cat] + (int64_t)o.tie * u->nets->tie +
                           (int64_t)o.lose * u->nets->lose;
        if (mode == GM_FIVE_STAND) {
            u->five_tq[ix] = rq;
            return;
        }
        const uint32_t *p = x->p; /* T(P) - T_x(P): the dealer hands holding the dead card x */
        const uint32_t ix51 = cs__binom[job->m51[p[0]]][1] + cs__binom[job->m51[p[1]]][2] +
                              cs__binom[job->m51[p[2]]][3] + cs__binom[job->m51[p[3]]][4] +
                              cs__binom[job->m51[p[4]]][5];
        const int64_t d = u->five_tq[ix51] - rq;
        for (int i = 0; i < 5; i++)
            job->five_gl4[x->i4[i]] += d;
        return;
    }
    if (mode == GM_STAND) {
        u->sval[ix] = 42 * g;
        u->sout[ix] = o;
        u->sind[ix] = (uint8_t)(margin == 0);
        if (u->bd)
            u->bd->traw[ix] = gm_raise_sum(u->nets, &o);
    } else if (mode == GM_BOUND) { /* g_k(P, x) from e = T_x(P) - T(P), summed by 4-set */
        const uint32_t *p = x->p;
        const cs_nets *n = u->nets;
        const uint32_t ix51 = cs__binom[job->m51[p[0]]][1] + cs__binom[job->m51[p[1]]][2] +
                              cs__binom[job->m51[p[2]]][3] + cs__binom[job->m51[p[3]]][4] +
                              cs__binom[job->m51[p[4]]][5];
        const int64_t t = u->bd->traw[ix51];
        const int64_t e = gm_raise_sum(n, &o) - t;
        int64_t mp = n->win[cat];
        mp = n->not_qualify > mp ? n->not_qualify : mp;
        mp = n->tie > mp ? n->tie : mp;
        mp = n->lose > mp ? n->lose : mp;
        mp = mp > 0 ? mp : 0;
        int64_t gk[GM_NK] = {0, 0, 0, 0};
        const gm_bounds *bd = u->bd;
        for (int k = 2; k <= 5; k++) {
            if (!(bd->sizes >> k & 1))
                continue;
            const int64_t y = t + (int64_t)(k * (k - 1) / 2) * 946 * mp + k * e; /* C(44, 2) = 946 */
            const int64_t fold = n->fold * (int64_t)cs__binom[46 - k][4];
            gk[k - 2] = k == 5 || y > fold ? y : fold;
        }
                int64_t *g4 = job->gl[4];
        for (int i = 0; i < 5; i++) {
            int64_t *to = g4 + (size_t)x->i4[i] * GM_NK;
            for (int j = 0; j < GM_NK; j++)
                to[j] += gk[j];
        }
    } else if (mode == GM_KEEP) { /* switch_dead.c: the sums of the kept sets of kept_size cards (and of
                                     * their final hands raised, where asked). Written out by size, as
                                     * GM_KEEP2 below: loops of constant count the compiler unrolls (one
                                     * helper returning the subsets and their count measured 14% slower) */
        int64_t *kt = job->kept;
        uint32_t *rt = job->raised;
        const uint32_t r = o.raise;
        switch (job->kept_size) {
        case 5:
            kt[ix] += g;
            if (rt)
                rt[ix] += r;
            break;
        case 4:
            for (int i = 0; i < 5; i++)
                kt[x->i4[i]] += g;
            if (rt)
                for (int i = 0; i < 5; i++)
                    rt[x->i4[i]] += r;
            break;
        case 3:
            for (int i = 0; i < 10; i++)
                kt[x->i3[i]] += g;
            if (rt)
                for (int i = 0; i < 10; i++)
                    rt[x->i3[i]] += r;
            break;
        case 2:
            for (int i = 0; i < 10; i++)
                kt[x->i2[i]] += g;
            if (rt)
                for (int i = 0; i < 10; i++)
                    rt[x->i2[i]] += r;
            break;
        default:
            for (int i = 0; i < 5; i++)
                kt[x->p[i]] += g;
            if (rt)
                for (int i = 0; i < 5; i++)
                    rt[x->p[i]] += r;
            break;
        }
    } else if (mode == GM_KEEP2) { /* switch_dead.c's second pass: the deals of the chosen kept sets (the
                                     * hands with none were skipped before their counts) */
        const uint64_t m = gm_kept_marks(job, x, ix);
        if (m) {
            const uint64_t w = m * job->kmul;
            cs__tally_outcome(job->kout, cat, o.raise, w, o.nq, o.win, o.tie, o.lose, w * (uint64_t)comp,
                              w * (uint64_t)comp);
        }
    } else if (mode == GM_PASS1) { /* the sums of the kept sets (its five 4-sets) over their replacements */
        for (int i = 0; i < 5; i++)
            job->ksum[x->i4[i]] += g;
    } else {
        const uint64_t m = 4 * (uint64_t)(job->km[x->i4[0]] + job->km[x->i4[1]] + job->km[x->i4[2]] +
                                          job->km[x->i4[3]] + job->km[x->i4[4]]); /* = mult[ix] */
        cs__tally_outcome(&job->out[1], cat, o.raise, m, o.nq, o.win, o.tie, o.lose, m, m * (uint64_t)comp);
    }
}

/* Every final hand over the sweep's cards (in pass 2 those of a chosen switch), after gm_quads. */
static inline __attribute__((always_inline)) void gm_hands_body(gm_job *job, int mode)
{
    gm_sweep *s = &job->sw;
    const uint32_t n = s->n;
    const uint16_t q = job->u->q;
    memset(s->hstart, 0, sizeof s->hstart);
    /* the colex index of a final hand's cards: term[k][i] for the card at position i, k-th of five */
    uint32_t term[5][MAXN];
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t k = 0; k < 5; k++)
            term[k][i] = cs__binom[s->unseen[i]][k + 1];
    uint32_t ix = 0, m = 0;
    gm_ix x;
    uint32_t *p = x.p;
    for (p[4] = 4; p[4] < n; p[4]++)
        for (p[3] = 3; p[3] < p[4]; p[3]++)
            for (p[2] = 2; p[2] < p[3]; p[2]++) {
                const uint32_t c234 = term[4][p[4]] + term[3][p[3]] + term[2][p[2]];
                for (p[1] = 1; p[1] < p[2]; p[1]++) {
                    const uint32_t c1234 = c234 + term[1][p[1]];
                    for (p[0] = 0; p[0] < p[1]; p[0]++, ix++) {
                        if (mode == GM_PASS2 && !job->mult[ix])
                            continue;
                        if (mode == GM_KEEP2) { /* no kept set of it chosen: nothing to tally */
                            gm_index_sets(&x);
                            if (!gm_kept_marks(job, &x, ix))
                                continue;
                        }
                        uint16_t v = cs__value5[c1234 + term[0][p[0]]];
                        if (v >= q) { /* for the sweep, in colex order */
                            s->hv[m] = v;
                            s->pend[m++] = p[0] | p[1] << 6 | p[2] << 12 | p[3] << 18 | p[4] << 24;
                            s->hstart[v + 1]++;
                            continue;
                        }
                        gm_index(s, &x);
                        int32_t f[1];
                        gm_ie(&s->k, &x, 1, f);
                        int64_t fq = f[0];
                        for (int i = 0; i < 5; i++)
                            fq += x.w[i] < q;
                        gm_emit(job, mode, &x, ix, v, fq, fq, fq);
                    }
                }
            }
    for (uint32_t t = 0; t < NT; t++)
        s->hstart[t + 1] += s->hstart[t];
    memcpy(s->cur, s->hstart, sizeof s->cur);
    for (uint32_t i = 0; i < m; i++)
        s->hands[s->cur[s->hv[i]]++] = s->pend[i];
    /* the sweep: the counts below v (GM_RUN) and of v (GM_AT) */
    uint32_t qi = s->qstart[q];
    for (uint32_t v = q; v + 1 < NT; v++) {
        const uint32_t qe = s->qstart[v + 1];
        if (s->hstart[v] != s->hstart[v + 1]) {
            for (uint32_t i = qi; i < qe; i++)
                gm_add(&s->k, s->quads[i], GM_F21(GM_AT), GM_F10(GM_AT));
            for (uint32_t k = s->hstart[v]; k < s->hstart[v + 1]; k++) {
                const uint32_t pk = s->hands[k];
                for (int i = 0; i < 5; i++)
                    p[i] = pk >> (6 * i) & 63;
                gm_index(s, &x);
                int32_t f[3];
                gm_ie(&s->k, &x, 3, f);
                int64_t fq = f[GM_Q], f1 = f[GM_RUN], tie = f[GM_AT];
                for (int i = 0; i < 5; i++) {
                    fq += x.w[i] < q;
                    f1 += x.w[i] < v;
                    tie += x.w[i] == v;
                }
                gm_emit(job, mode, &x, colex_pos5(p), (uint16_t)v, fq, f1, f1 + tie);
            }
            for (uint32_t i = qi; i < qe; i++) /* from GM_AT to GM_RUN */
                gm_add(&s->k, s->quads[i], GM_F21(GM_RUN) - GM_F21(GM_AT), GM_F10(GM_RUN) - GM_F10(GM_AT));
        } else {
            for (uint32_t i = qi; i < qe; i++)
                gm_add(&s->k, s->quads[i], GM_F21(GM_RUN), GM_F10(GM_RUN));
        }
        qi = qe;
    }
}

static void hands_stand(gm_job *job)
{
    gm_hands_body(job, GM_STAND);
}

static void hands_pass1(gm_job *job)
{
    gm_hands_body(job, GM_PASS1);
}

static void hands_pass2(gm_job *job)
{
    gm_hands_body(job, GM_PASS2);
}

static void hands_bound(gm_job *job)
{
    gm_hands_body(job, GM_BOUND);
}

static void hands_five_stand(gm_job *job)
{
    gm_hands_body(job, GM_FIVE_STAND);
}

static void hands_five_class(gm_job *job)
{
    gm_hands_body(job, GM_FIVE_CLASS);
}

static void hands_kept(gm_job *job)
{
    gm_hands_body(job, GM_KEEP);
}

static void hands_kept2(gm_job *job)
{
    gm_hands_body(job, GM_KEEP2);
}

void cs__gm_hands(gm_job *job, int mode)
{
    switch (mode) {
    case GM_STAND:
        hands_stand(job);
        break;
    case GM_PASS1:
        hands_pass1(job);
        break;
    case GM_PASS2:
        hands_pass2(job);
        break;
    case GM_BOUND:
        hands_bound(job);
        break;
    case GM_FIVE_STAND:
        hands_five_stand(job);
        break;
    case GM_KEEP:
        hands_kept(job);
        break;
    case GM_KEEP2:
        hands_kept2(job);
        break;
    default:
        hands_five_class(job);
        break;
    }
}

/* From the sums over the hands holding each (s + 1)-set of n positions to those over the hands (of
 * five) holding each s-set: each hand holding X holds 5 - s of the (s + 1)-sets above X. The sets'
 * sums are width values side by side. */
void cs__gm_level_down_n(uint32_t n, uint32_t s, uint32_t width, const int64_t *above, int64_t *below)
{
    memset(below, 0, (size_t)cs__binom[n][s] * width * sizeof *below);
    uint32_t c[5] = {0, 1, 2, 3, 4}, ix = 0;
    const uint32_t t = s + 1;
    for (;;) {
        const int64_t *v = above + (size_t)ix++ * width;
        for (uint32_t drop = 0; drop < t; drop++) {
            uint32_t b = 0, j = 0;
            for (uint32_t i = 0; i < t; i++)
                if (i != drop)
                    b += cs__binom[c[i]][++j];
            int64_t *to = below + (size_t)b * width;
            for (uint32_t w = 0; w < width; w++)
                to[w] += v[w];
        }
        uint32_t i = 0;
        while (i + 1 < t && c[i] + 1 == c[i + 1]) {
            c[i] = i;
            i++;
        }
        if (++c[i] >= n && i == t - 1)
            break;
    }
    for (size_t b = 0; b < (size_t)cs__binom[n][s] * width; b++)
        below[b] /= (int64_t)(5 - s);
}

/* The same, one value a set. */
void cs__gm_level_down(uint32_t n, uint32_t s, const int64_t *above, int64_t *below)
{
    cs__gm_level_down_n(n, s, 1, above, below);
}
