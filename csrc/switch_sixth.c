/* switch_sixth.c - the bought sixth card (Oasis "Nicaragua" tables; Russian and Lunar Poker): one situation
 * (cs_buy_sixth) and the whole game where each situation stands or buys (cs_sixth_game), exact.
 *
 * The player who buys receives one of the 46 unseen cards r, holds six and plays the best five of
 * them; the dealer's four hole cards come from the 45 cards left. Which five he plays does not change
 * the dealer's cards (all six are out of the deck), so the highest five is the best choice against
 * every dealer hand, and the six cards S = P + r decide everything: the value of buying for P is the
 * sum over its 46 six-card sets S of S's best decision (raise or fold), over 46 x C(45, 4) =
 * 6,853,770 deals, the weight W of switch_game.c: a stand's completions x 42.
 *
 * One situation is counted directly (every dealer hand, each replacement). The whole game works by
 * the up card's rank (suit 0; the other suits give the same by relabelling, weight 4): standing is
 * switch_sweep.c's sweep over the 51 other cards; each of the C(51, 6) = 18,009,460 six-card sets is
 * counted like a final hand of that sweep, with the inclusion-exclusion over its subsets of up to
 * four cards (6 cards, 15 pairs, 20 triples read from the running counts, 15 dealer hands looked up)
 * as the dealer hands are added in increasing value; its best value goes to each of its six hands of
 * five, and its outcome is kept for the second pass, which tallies the sets of the hands that buy,
 * each as many times as hands of its six buy. */
#include <stdlib.h>
#include <string.h>

#include "switch_internal.h"

#define SX_UNSEEN 46           /* one situation: 52 - 5 - 1 */
#define SX_QUADS 163185u       /* C(46, 4) */
#define SX_COMP 148995         /* C(45, 4): the dealer hands beside six cards */
#define SX_SIXES 18009460u     /* C(51, 6) */
#define SX_CHUNKS 24           /* work items of a rank's six-card sets, by their highest position */

/* ---- one situation ------------------------------------------------------------------------------ */

int cs_buy_sixth(const uint8_t *player, uint8_t up, uint16_t qualifier, const cs_nets *nets, uint32_t flags,
                 cs_totals *out)
{
    if (!player || !nets || !out)
        return CS_E_NULL;
    if (qualifier > CS_NUM_VALUES || (flags & ~(uint32_t)CS_RAISE_ON_TIE))
        return CS_E_ARG;
    uint64_t mask = 0;
    int st;
    if ((st = cs__check_situation(player, up, &mask)) != CS_OK)
        return st;
    if ((st = cs__check_nets(nets, CS__NET_LIMIT)) != CS_OK)
        return st;
    if ((st = cs__ensure_tables()) != CS_OK)
        return st;
    memset(out, 0, sizeof *out);
    uint8_t unseen[SX_UNSEEN];
    uint32_t n = 0;
    for (uint8_t y = 0; y < 52; y++)
        if (!(mask >> y & 1))
            unseen[n++] = y;
    uint16_t *w = malloc(SX_QUADS * sizeof *w);
    uint64_t *held = malloc(SX_QUADS * sizeof *held);
    if (!w || !held) {
        free(w);
        free(held);
        return CS_E_NOMEM;
    }
    uint32_t ix = 0;
    for (uint32_t d = 3; d < n; d++)
        for (uint32_t c = 2; c < d; c++)
            for (uint32_t b = 1; b < c; b++)
                for (uint32_t a = 0; a < b; a++, ix++) {
                    const uint8_t h[5] = {unseen[a], unseen[b], unseen[c], unseen[d], up};
                    w[ix] = cs__value_of(h);
                    held[ix] = (uint64_t)1 << a | (uint64_t)1 << b | (uint64_t)1 << c | (uint64_t)1 << d;
                }
    for (uint32_t r = 0; r < n; r++) {
        const uint8_t six[6] = {player[0], player[1], player[2], player[3], player[4], unseen[r]};
        const uint16_t v = cs__value_of6(six);
        const int cat = cs__value_cat[v];
        int64_t nq = 0, win = 0, tie = 0;
        for (uint32_t i = 0; i < SX_QUADS; i++) {
            if (held[i] >> r & 1)
                continue;
            nq += w[i] < qualifier;
            win += w[i] >= qualifier && w[i] < v;
            tie += w[i] >= qualifier && w[i] == v;
        }
        const int64_t lose = SX_COMP - nq - win - tie;
        const int64_t margin = cs__raise_margin(cs__margin_of(nets, cat, SX_COMP), nq, win, tie);
        cs__tally(out, cat, margin, flags, 1, nq, win, tie, lose, 1, SX_COMP);
    }
    free(w);
    free(held);
    return CS_OK;
}

/* ---- the whole game ------------------------------------------------------------------------------- */

/* A six-card set's outcome, packed: not qualifying, wins, ties (18 bits each), category, raise. */
static inline uint64_t sx_pack(int64_t nq, int64_t win, int64_t tie, int cat, int raise)
{
    return (uint64_t)nq | (uint64_t)win << 18 | (uint64_t)tie << 36 | (uint64_t)cat << 54 | (uint64_t)raise << 58;
}

typedef struct {
    gm_unit *g;             /* standing: switch_sweep.c's unit (nets, qualifier, flags, up, sval, sout, sind) */
    gm_sweep base;          /* the dealer hands over the 51 cards, by value (shared, read only) */
    int64_t fee;            /* x W */
    uint64_t *outcome;      /* [SX_SIXES] each six-card set's outcome (sx_pack), by colex index */
    uint8_t *buy;           /* [GM_HANDS] after the merge: whether the hand buys */
    uint32_t lo[SX_CHUNKS + 1]; /* chunk c: the sets whose highest position is in lo[c] .. lo[c + 1] - 1 */
    int pass;               /* 1: standing and the sets' values; 2: the tally of the sets bought */
    const uint8_t *given;   /* cs_sixth_game_given: this rank's choices (1: buy), instead of the best */
    uint8_t *chosen;        /* cs_test_sixth_game_chosen: this rank's choices after the merge */
    atomic_uint next;
} sx_unit;

typedef struct {
    sx_unit *u;
    gm_job stand;           /* standing (item 0 of pass 1) */
    gm_sweep sw;            /* the running counts of this job's chunk */
    int64_t *bsum;          /* [GM_HANDS] the sum over each hand's six-card sets of their best value */
    uint64_t *pk;           /* a chunk's sets: positions, 6 bits each */
    uint16_t *val;          /*   their values */
    uint32_t *order;        /*   by value */
    uint32_t hstart[NT + 1];
    cs_totals out;          /* pass 2: the sets bought */
} sx_job;

/* The indices of a six-card set's subsets (positions p ascending) among the 51: pairs, triples,
 * 4-sets, and of its six hands of five (hand i: without p[i]). */
typedef struct {
    uint32_t i2[15], i3[20], i4[15], h[6];
} sx_ix;

static inline __attribute__((always_inline)) void sx_index(const uint32_t *p, sx_ix *x)
{
    int n2 = 0, n3 = 0, n4 = 0;
    for (int b = 1; b < 6; b++)
        for (int a = 0; a < b; a++)
            x->i2[n2++] = p[a] + cs__binom_t[2][p[b]];
    for (int c = 2; c < 6; c++)
        for (int b = 1; b < c; b++)
            for (int a = 0; a < b; a++)
                x->i3[n3++] = p[a] + cs__binom_t[2][p[b]] + cs__binom_t[3][p[c]];
    for (int d = 3; d < 6; d++)
        for (int c = 2; c < d; c++)
            for (int b = 1; b < c; b++)
                for (int a = 0; a < b; a++)
                    x->i4[n4++] = p[a] + cs__binom_t[2][p[b]] + cs__binom_t[3][p[c]] + cs__binom_t[4][p[d]];
    uint32_t pre = 0;
    for (int i = 0; i < 6; i++) {
        uint32_t post = 0;
        for (int k = i + 1; k < 6; k++)
            post += cs__binom_t[k][p[k]];
        x->h[i] = pre + post;
        pre += cs__binom_t[i + 1][p[i]];
    }
}

/* The inclusion-exclusion over a set's subsets of 1 to 3 cards (and none), nf fields at once. */
static inline __attribute__((always_inline)) void sx_ie(const gm_counts *k, const uint32_t *p, const sx_ix *x,
                                                        int nf, int32_t *out)
{
    uint64_t pos = k->c0, neg = 0;
    uint32_t neg3 = 0;
    for (int i = 0; i < 6; i++)
        neg += k->c1[p[i]];
    for (int i = 0; i < 15; i++)
        pos += k->c2[x->i2[i]];
    for (int i = 0; i < 20; i++)
        neg3 += k->c3[x->i3[i]];
    for (int f = 0; f < nf; f++)
        out[f] = (int32_t)(pos >> (21 * f) & 0x1fffff) - (int32_t)(neg >> (21 * f) & 0x1fffff) -
                 (int32_t)(neg3 >> (10 * f) & 0x3ff);
}

/* A set of positions p (colex index among the 51: six) with value v: its best decision, its value
 * added to its six hands, its outcome kept. */
static inline __attribute__((always_inline)) void sx_emit(sx_job *job, const sx_ix *x, uint32_t six, uint16_t v,
                                                          int64_t nq, int64_t win, int64_t tie)
{
    const gm_unit *g = job->u->g;
    const int cat = cs__value_cat[v];
    const int64_t margin = cs__raise_margin(cs__margin_of(g->nets, cat, SX_COMP), nq, win, tie);
    const int raise = margin > 0 || (margin == 0 && (g->flags & CS_RAISE_ON_TIE));
    const int64_t best = (int64_t)SX_COMP * g->nets->fold + (raise ? margin : 0);
    for (int i = 0; i < 6; i++)
        job->bsum[x->h[i]] += best;
    job->u->outcome[six] = sx_pack(nq, win, tie, cat, raise);
}

static inline uint32_t sx_colex6(const uint32_t *p)
{
    uint32_t ix = 0;
    for (int i = 0; i < 6; i++)
        ix += cs__binom_t[i + 1][p[i]];
    return ix;
}

/* Pass 1 of chunk c: every six-card set whose highest position is in the chunk's range. */
static void sx_chunk(sx_job *job, uint32_t c)
{
    sx_unit *u = job->u;
    gm_sweep *s = &job->sw;
    const uint16_t q = u->g->q;
    const uint8_t up = u->g->up;
    uint32_t card_term[5][MAXN]; /* the colex index of a hand's cards: C(card, k + 1) for the k-th of five */
    for (uint32_t i = 0; i < MAXN; i++) {
        const uint32_t y = i < up ? i : i + 1;
        for (uint32_t k = 0; k < 5; k++)
            card_term[k][i] = cs__binom[y][k + 1];
    }
    memset(job->hstart, 0, sizeof job->hstart);
    uint32_t m = 0, p[6];
    for (p[5] = u->lo[c]; p[5] < u->lo[c + 1]; p[5]++)
        for (p[4] = 4; p[4] < p[5]; p[4]++)
            for (p[3] = 3; p[3] < p[4]; p[3]++)
                for (p[2] = 2; p[2] < p[3]; p[2]++)
                    for (p[1] = 1; p[1] < p[2]; p[1]++)
                        for (p[0] = 0; p[0] < p[1]; p[0]++) {
                            uint16_t v = 0;
                            for (int drop = 0; drop < 6; drop++) {
                                uint32_t ix = 0;
                                for (int i = 0, k = 0; i < 6; i++)
                                    if (i != drop)
                                        ix += card_term[k++][p[i]];
                                const uint16_t w = cs__value5[ix];
                                v = w > v ? w : v;
                            }
                            job->val[m] = v;
                            job->pk[m++] = (uint64_t)p[0] | (uint64_t)p[1] << 6 | (uint64_t)p[2] << 12 |
                                           (uint64_t)p[3] << 18 | (uint64_t)p[4] << 24 | (uint64_t)p[5] << 30;
                            job->hstart[v + 1]++;
                        }
    for (uint32_t t = 0; t < NT; t++)
        job->hstart[t + 1] += job->hstart[t];
    memcpy(s->cur, job->hstart, sizeof s->cur);
    for (uint32_t i = 0; i < m; i++)
        job->order[s->cur[job->val[i]]++] = i;
    cs__gm_quads(s, up, q, 0); /* the running counts: the dealer hands below the qualifier */
    sx_ix x;
    /* below the qualifier: the counts frozen there */
    for (uint32_t k = 0; k < job->hstart[q]; k++) {
        const uint64_t pk = job->pk[job->order[k]];
        for (int i = 0; i < 6; i++)
            p[i] = (uint32_t)(pk >> (6 * i) & 63);
        sx_index(p, &x);
        int32_t f[1];
        sx_ie(&s->k, p, &x, 1, f);
        int64_t nq = f[0];
        for (int i = 0; i < 15; i++)
            nq += s->w4[x.i4[i]] < q;
        sx_emit(job, &x, sx_colex6(p), job->val[job->order[k]], nq, 0, 0);
    }
    /* the sweep: the counts below v (GM_RUN) and of v (GM_AT) */
    uint32_t qi = s->qstart[q];
    for (uint32_t v = q; v + 1 < NT; v++) {
        const uint32_t qe = s->qstart[v + 1];
        if (job->hstart[v] != job->hstart[v + 1]) {
            for (uint32_t i = qi; i < qe; i++)
                gm_add(&s->k, s->quads[i], GM_F21(GM_AT), GM_F10(GM_AT));
            for (uint32_t k = job->hstart[v]; k < job->hstart[v + 1]; k++) {
                const uint64_t pk = job->pk[job->order[k]];
                for (int i = 0; i < 6; i++)
                    p[i] = (uint32_t)(pk >> (6 * i) & 63);
                sx_index(p, &x);
                int32_t f[3];
                sx_ie(&s->k, p, &x, 3, f);
                int64_t nq = f[GM_Q], f1 = f[GM_RUN], tie = f[GM_AT];
                for (int i = 0; i < 15; i++) {
                    const uint16_t w = s->w4[x.i4[i]];
                    nq += w < q;
                    f1 += w < v;
                    tie += w == v;
                }
                sx_emit(job, &x, sx_colex6(p), (uint16_t)v, nq, f1 - nq, tie);
            }
            for (uint32_t i = qi; i < qe; i++)
                gm_add(&s->k, s->quads[i], GM_F21(GM_RUN) - GM_F21(GM_AT), GM_F10(GM_RUN) - GM_F10(GM_AT));
        } else {
            for (uint32_t i = qi; i < qe; i++)
                gm_add(&s->k, s->quads[i], GM_F21(GM_RUN), GM_F10(GM_RUN));
        }
        qi = qe;
    }
}

/* Pass 2 of chunk c: the sets of the hands that buy, each as many times as its hands that buy. */
static void sx_tally(sx_job *job, uint32_t c)
{
    const sx_unit *u = job->u;
    uint32_t p[6];
    for (p[5] = u->lo[c]; p[5] < u->lo[c + 1]; p[5]++)
        for (p[4] = 4; p[4] < p[5]; p[4]++)
            for (p[3] = 3; p[3] < p[4]; p[3]++)
                for (p[2] = 2; p[2] < p[3]; p[2]++)
                    for (p[1] = 1; p[1] < p[2]; p[1]++)
                        for (p[0] = 0; p[0] < p[1]; p[0]++) {
                            uint32_t pre = 0, m = 0;
                            for (int i = 0; i < 6; i++) {
                                uint32_t post = 0;
                                for (int k = i + 1; k < 6; k++)
                                    post += cs__binom_t[k][p[k]];
                                m += u->buy[pre + post];
                                pre += cs__binom_t[i + 1][p[i]];
                            }
                            if (!m)
                                continue;
                            const uint64_t o = u->outcome[sx_colex6(p)];
                            const int64_t nq = (int64_t)(o & 0x3ffff), win = (int64_t)(o >> 18 & 0x3ffff),
                                          tie = (int64_t)(o >> 36 & 0x3ffff);
                            const uint64_t w = 4 * (uint64_t)m;
                            cs__tally_outcome(&job->out, (int)(o >> 54 & 15), (int)(o >> 58 & 1), w, nq, win, tie,
                                              SX_COMP - nq - win - tie, w, w * SX_COMP);
                        }
}

static void *sx_worker(void *arg)
{
    sx_job *job = arg;
    sx_unit *u = job->u;
    for (;;) {
        const uint32_t k = atomic_fetch_add(&u->next, 1);
        if (u->pass == 1) { /* item 0: standing; then the chunks */
            if (k > SX_CHUNKS)
                break;
            if (k == 0) {
                gm_sweep *s = &job->stand.sw;
                s->n = u->base.n;
                memcpy(s->unseen, u->base.unseen, sizeof s->unseen);
                s->w4 = u->base.w4;
                s->quads = u->base.quads;
                s->qstart = u->base.qstart;
                cs__gm_quads(s, u->g->up, u->g->q, 0);
                cs__gm_hands(&job->stand, GM_STAND);
            } else {
                sx_chunk(job, k - 1);
            }
        } else {
            if (k >= SX_CHUNKS)
                break;
            sx_tally(job, k);
        }
    }
    return NULL;
}

/* The chunks: ranges of the highest position of about equal numbers of sets (C(top, 5) each). */
static void sx_chunks(sx_unit *u)
{
    uint32_t c = 0;
    uint64_t acc = 0;
    u->lo[0] = 5;
    for (uint32_t top = 5; top < MAXN; top++) {
        acc += cs__binom[top][5];
        if (acc * SX_CHUNKS >= (uint64_t)(c + 1) * SX_SIXES && c + 1 < SX_CHUNKS)
            u->lo[++c] = top + 1;
    }
    while (c < SX_CHUNKS)
        u->lo[++c] = MAXN;
}

/* Pass 1 of one up rank: the dealer hands by value, standing (g's sval, sout, sind) and each hand's
 * sum over its six-card sets (jobs[0].bsum). */
static void sx_pass1(sx_unit *u, sx_job *jobs, uint32_t threads)
{
    gm_unit *g = u->g;
    u->base.n = 0;
    for (uint8_t y = 0; y < 52; y++)
        if (y != g->up)
            u->base.unseen[u->base.n++] = y;
    cs__gm_quads(&u->base, g->up, g->q, 1);
    for (uint32_t t = 0; t < threads; t++) {
        jobs[t].sw.n = u->base.n;
        memcpy(jobs[t].sw.unseen, u->base.unseen, sizeof jobs[t].sw.unseen);
        jobs[t].sw.w4 = u->base.w4;
        jobs[t].sw.quads = u->base.quads;
        jobs[t].sw.qstart = u->base.qstart;
        memset(jobs[t].bsum, 0, GM_HANDS * sizeof *jobs[t].bsum);
    }
    u->pass = 1;
    atomic_store(&u->next, 0);
    cs__parallel(sx_worker, jobs, sizeof *jobs, threads);
    for (uint32_t t = 1; t < threads; t++)
        for (uint32_t i = 0; i < GM_HANDS; i++)
            jobs[0].bsum[i] += jobs[t].bsum[i];
}

/* Pass 2: the deals of the hands that buy (u->buy) into out. */
static void sx_pass2(sx_unit *u, sx_job *jobs, uint32_t threads, cs_totals *out)
{
    for (uint32_t t = 0; t < threads; t++)
        memset(&jobs[t].out, 0, sizeof jobs[t].out);
    u->pass = 2;
    atomic_store(&u->next, 0);
    cs__parallel(sx_worker, jobs, sizeof *jobs, threads);
    for (uint32_t t = 0; t < threads; t++)
        cs__totals_add(out, &jobs[t].out);
}

/* One up rank: standing and buying, the choice, the tallies. */
static void sx_rank(sx_unit *u, sx_job *jobs, uint32_t threads, cs_totals *out, uint64_t *choices,
                    const uint32_t *probe_ix, const uint32_t *probe_slot, uint32_t n_probes, int64_t *probe_out)
{
    gm_unit *g = u->g;
    sx_pass1(u, jobs, threads);
    for (uint32_t m = 0; m < n_probes; m++) {
        probe_out[(size_t)probe_slot[m] * 2] = g->sval[probe_ix[m]];
        probe_out[(size_t)probe_slot[m] * 2 + 1] = jobs[0].bsum[probe_ix[m]];
    }
    /* the merge: buying against standing (ties: standing) */
    const uint64_t w = 4 * 42, comp = cs__binom[46][4];
    for (uint32_t i = 0; i < GM_HANDS; i++) {
        const gm_outcome *o = &g->sout[i];
        const int64_t bv = jobs[0].bsum[i] - u->fee;
        u->buy[i] = u->given ? u->given[i] : bv > g->sval[i];
        if (!u->given && bv == g->sval[i])
            out[1].indifferent_situations += 4;
        if (choices)
            choices[o->cat * CS_SWITCH_GAME_CHOICES + (u->buy[i] ? 2 : o->raise)] += 4;
        if (u->buy[i]) {
            if (choices)
                choices[CS_NUM_CATEGORIES * CS_SWITCH_GAME_CHOICES + (g->up >> 2)] += 4;
            continue;
        }
        if (g->sind[i])
            out[0].indifferent_situations += 4;
        cs__tally_outcome(&out[0], o->cat, o->raise, w, o->nq, o->win, o->tie, o->lose, 4, w * comp);
    }
    if (u->chosen)
        memcpy(u->chosen, u->buy, GM_HANDS);
    sx_pass2(u, jobs, threads, &out[1]);
}

/* One up rank of the draw that switches one card or buys: buying's values, the one-card game's driver
 * with them (standing, switching and the merge of the three; the counts of those that stand or
 * switch), then the deals of those that buy. */
static int sx_draw_rank(sx_unit *u, sx_job *jobs, uint32_t threads, int64_t switch_fee, int64_t *value,
                        cs_totals *out, uint64_t *choices)
{
    gm_unit *g = u->g;
    sx_pass1(u, jobs, threads);
    for (uint32_t i = 0; i < GM_HANDS; i++)
        value[i] = jobs[0].bsum[i] - u->fee;
    const gm_buy buy = {value, u->buy};
    cs_totals part[2];
    uint64_t ch[CS_SWITCH_GAME_CHOICE_CELLS];
    const int st = cs__gm_game(g->q, g->nets, switch_fee, 1u << (g->up >> 2), g->flags, threads, part, 2, ch,
                               CS_SWITCH_GAME_CHOICE_CELLS, NULL, 0, NULL, NULL, NULL, NULL, &buy);
    if (st != CS_OK)
        return st;
    cs__totals_add(&out[0], &part[0]);
    cs__totals_add(&out[1], &part[1]);
    for (int c = 0; c < CS_NUM_CATEGORIES; c++)
        for (int k = 0; k < 3; k++)
            choices[c * CS_DRAW_GAME_CHOICES + k] += ch[c * CS_SWITCH_GAME_CHOICES + k];
    for (int r = 0; r < 13; r++)
        choices[CS_NUM_CATEGORIES * CS_DRAW_GAME_CHOICES + r] += ch[CS_NUM_CATEGORIES * CS_SWITCH_GAME_CHOICES + r];
    for (uint32_t i = 0; i < GM_HANDS; i++)
        if (u->buy[i]) {
            choices[g->sout[i].cat * CS_DRAW_GAME_CHOICES + 3] += 4;
            choices[CS_NUM_CATEGORIES * CS_DRAW_GAME_CHOICES + 13 + (g->up >> 2)] += 4;
        }
    sx_pass2(u, jobs, threads, &out[2]);
    return CS_OK;
}

/* The checks and the work of cs_test_sixth_game (switch_fee < 0) and cs_draw_game (switch_fee >= 0:
 * out[3], choices CS_DRAW_GAME_CHOICE_CELLS, no probes). */
static int sx_game(uint16_t qualifier, const cs_nets *nets, int64_t fee, int64_t switch_fee, uint32_t up_ranks,
                   uint32_t flags, uint32_t threads, cs_totals *out, uint64_t *choices, size_t n_choices,
                   const uint8_t *probes, size_t n_probes, int64_t *probe_out, const uint8_t *given,
                   uint8_t *chosen)
{
    int st;
    if ((st = cs__ensure_tables()) != CS_OK)
        return st;
    memset(out, 0, (switch_fee < 0 ? 2 : 3) * sizeof *out);
    if (choices)
        memset(choices, 0, n_choices * sizeof *choices);
    sx_unit *u = calloc(1, sizeof *u);
    gm_unit *g = calloc(1, sizeof *g);
    sx_job *jobs = calloc(threads, sizeof *jobs);
    uint32_t *pix = n_probes ? malloc(n_probes * sizeof *pix) : NULL;
    uint32_t *pslot = n_probes ? malloc(n_probes * sizeof *pslot) : NULL;
    int64_t *value = switch_fee >= 0 ? malloc(GM_HANDS * sizeof *value) : NULL;
    st = u && g && jobs && (!n_probes || (pix && pslot)) && (switch_fee < 0 || value) ? CS_OK : CS_E_NOMEM;
    if (st == CS_OK) {
        u->g = g;
        u->fee = fee * GM_W;
        g->nets = nets;
        g->q = qualifier;
        g->flags = flags;
        g->sval = malloc(GM_HANDS * sizeof *g->sval);
        g->sout = malloc(GM_HANDS * sizeof *g->sout);
        g->sind = malloc(GM_HANDS);
        u->base.w4 = malloc(GM_QUADS * sizeof *u->base.w4);
        u->base.quads = malloc(GM_QUADS * sizeof *u->base.quads);
        u->base.qstart = malloc((NT + 1) * sizeof *u->base.qstart);
        u->outcome = malloc((size_t)SX_SIXES * sizeof *u->outcome);
        u->buy = malloc(GM_HANDS);
        if (!g->sval || !g->sout || !g->sind || !u->base.w4 || !u->base.quads || !u->base.qstart || !u->outcome ||
            !u->buy)
            st = CS_E_NOMEM;
        sx_chunks(u);
        uint32_t most = 0; /* the largest chunk */
        for (uint32_t c = 0; c < SX_CHUNKS; c++) {
            const uint32_t size = cs__binom[u->lo[c + 1]][6] - cs__binom[u->lo[c]][6];
            most = size > most ? size : most;
        }
        for (uint32_t t = 0; t < threads && st == CS_OK; t++) {
            sx_job *j = &jobs[t];
            j->u = u;
            j->stand.u = g;
            j->stand.sw.hands = malloc(GM_HANDS * sizeof *j->stand.sw.hands);
            j->stand.sw.hv = malloc(GM_HANDS * sizeof *j->stand.sw.hv);
            j->stand.sw.pend = malloc(GM_HANDS * sizeof *j->stand.sw.pend);
            j->bsum = malloc(GM_HANDS * sizeof *j->bsum);
            j->pk = malloc((size_t)most * sizeof *j->pk);
            j->val = malloc((size_t)most * sizeof *j->val);
            j->order = malloc((size_t)most * sizeof *j->order);
            if (!j->stand.sw.hands || !j->stand.sw.hv || !j->stand.sw.pend || !j->bsum || !j->pk || !j->val ||
                !j->order)
                st = CS_E_NOMEM;
        }
    }
    for (uint32_t r = 0, asked = 0; r < 13 && st == CS_OK; r++) {
        if (!(up_ranks >> r & 1))
            continue;
        g->up = (uint8_t)(r * 4);
        u->given = given ? given + (size_t)asked * GM_HANDS : NULL;
        u->chosen = chosen ? chosen + (size_t)asked * GM_HANDS : NULL;
        asked++;
        if (switch_fee >= 0) {
            st = sx_draw_rank(u, jobs, threads, switch_fee, value, out, choices);
            continue;
        }
        uint32_t np = 0; /* this rank's probes: the colex index of their positions among the 51 */
        for (size_t m = 0; m < n_probes; m++) {
            const uint8_t *pr = probes + 6 * m;
            if (pr[5] != g->up)
                continue;
            uint32_t q[5];
            for (int i = 0; i < 5; i++)
                q[i] = pr[i] < g->up ? pr[i] : (uint32_t)pr[i] - 1;
            for (int i = 1; i < 5; i++)
                for (int k = i; k > 0 && q[k] < q[k - 1]; k--) {
                    const uint32_t y = q[k];
                    q[k] = q[k - 1];
                    q[k - 1] = y;
                }
            pix[np] = cs__binom[q[0]][1] + cs__binom[q[1]][2] + cs__binom[q[2]][3] + cs__binom[q[3]][4] +
                      cs__binom[q[4]][5];
            pslot[np++] = (uint32_t)m;
        }
        sx_rank(u, jobs, threads, out, choices, pix, pslot, np, probe_out);
    }
    if (g) {
        free(g->sval);
        free(g->sout);
        free(g->sind);
    }
    if (u) {
        free(u->base.w4);
        free(u->base.quads);
        free(u->base.qstart);
        free(u->outcome);
        free(u->buy);
    }
    for (uint32_t t = 0; t < threads && jobs; t++) {
        free(jobs[t].stand.sw.hands);
        free(jobs[t].stand.sw.hv);
        free(jobs[t].stand.sw.pend);
        free(jobs[t].bsum);
        free(jobs[t].pk);
        free(jobs[t].val);
        free(jobs[t].order);
    }
    free(u);
    free(g);
    free(jobs);
    free(pix);
    free(pslot);
    free(value);
    return st;
}

/* The arguments every whole-game entry checks alike. */
static int sx_check(uint16_t qualifier, const cs_nets *nets, int64_t fee, uint32_t up_ranks, uint32_t flags,
                    uint32_t threads)
{
    if (qualifier > CS_NUM_VALUES || threads < 1 || threads > 64 || (flags & ~(uint32_t)CS_RAISE_ON_TIE) ||
        up_ranks == 0 || up_ranks >= (1u << 13) || fee < 0 || fee > GM_NET_LIMIT)
        return CS_E_ARG;
    return cs__check_nets(nets, GM_NET_LIMIT);
}

int cs_test_sixth_game(uint16_t qualifier, const cs_nets *nets, int64_t fee, uint32_t up_ranks, uint32_t flags,
                       uint32_t threads, cs_totals *out, size_t n_out, uint64_t *choices, size_t n_choices,
                       const uint8_t *probes, size_t n_probes, int64_t *probe_out)
{
    if (!nets || !out || (n_probes && (!probes || !probe_out)))
        return CS_E_NULL;
    if (n_out != 2 || (choices && n_choices != CS_SWITCH_GAME_CHOICE_CELLS) || n_probes > 4096)
        return CS_E_SIZE;
    int st;
    if ((st = sx_check(qualifier, nets, fee, up_ranks, flags, threads)) != CS_OK)
        return st;
    for (size_t m = 0; m < n_probes; m++) {
        uint64_t mask = 0;
        const uint8_t *pr = probes + 6 * m;
        if ((st = cs__check_situation(pr, pr[5], &mask)) != CS_OK)
            return st;
        if ((pr[5] & 3) != 0)
            return CS_E_ARG; /* a probe's up card is of suit 0 */
        probe_out[2 * m] = probe_out[2 * m + 1] = 0;
    }
    return sx_game(qualifier, nets, fee, -1, up_ranks, flags, threads, out, choices, n_choices, probes, n_probes,
                   probe_out, NULL, NULL);
}

int cs_test_sixth_game_chosen(uint16_t qualifier, const cs_nets *nets, int64_t fee, uint32_t up_ranks,
                              uint32_t flags, uint32_t threads, cs_totals *out, size_t n_out, uint64_t *choices,
                              size_t n_choices, uint8_t *chosen, size_t n_chosen)
{
    if (!nets || !out || !chosen)
        return CS_E_NULL;
    if (n_out != 2 || (choices && n_choices != CS_SWITCH_GAME_CHOICE_CELLS) ||
        n_chosen != (size_t)__builtin_popcount(up_ranks & 0x1fff) * GM_HANDS)
        return CS_E_SIZE;
    int st;
    if ((st = sx_check(qualifier, nets, fee, up_ranks, flags, threads)) != CS_OK)
        return st;
    return sx_game(qualifier, nets, fee, -1, up_ranks, flags, threads, out, choices, n_choices, NULL, 0, NULL, NULL,
                   chosen);
}

int cs_sixth_game_given(uint16_t qualifier, const cs_nets *nets, uint32_t up_ranks, uint32_t flags, uint32_t threads,
                        const uint8_t *given, size_t n_given, cs_totals *out, size_t n_out, uint64_t *choices,
                        size_t n_choices)
{
    if (!nets || !given || !out)
        return CS_E_NULL;
    int st;
    if ((st = sx_check(qualifier, nets, 0, up_ranks, flags, threads)) != CS_OK)
        return st;
    if (n_out != 2 || (choices && n_choices != CS_SWITCH_GAME_CHOICE_CELLS) ||
        n_given != (size_t)__builtin_popcount(up_ranks) * GM_HANDS)
        return CS_E_SIZE;
    for (size_t i = 0; i < n_given; i++)
        if (given[i] > 1)
            return CS_E_ARG;
    return sx_game(qualifier, nets, 0, -1, up_ranks, flags, threads, out, choices, n_choices, NULL, 0, NULL, given,
                   NULL);
}

int cs_sixth_game(uint16_t qualifier, const cs_nets *nets, int64_t fee, uint32_t up_ranks, uint32_t flags,
                  uint32_t threads, cs_totals *out, size_t n_out, uint64_t *choices, size_t n_choices)
{
    return cs_test_sixth_game(qualifier, nets, fee, up_ranks, flags, threads, out, n_out, choices, n_choices, NULL,
                              0, NULL);
}

int cs_draw_game(uint16_t qualifier, const cs_nets *nets, int64_t switch_fee, int64_t buy_fee, uint32_t up_ranks,
                 uint32_t flags, uint32_t threads, cs_totals *out, size_t n_out, uint64_t *choices, size_t n_choices)
{
    if (!nets || !out || !choices)
        return CS_E_NULL;
    if (n_out != 3 || n_choices != CS_DRAW_GAME_CHOICE_CELLS)
        return CS_E_SIZE;
    int st;
    if ((st = sx_check(qualifier, nets, buy_fee, up_ranks, flags, threads)) != CS_OK)
        return st;
    if (switch_fee < 0 || switch_fee > GM_NET_LIMIT)
        return CS_E_ARG;
    return sx_game(qualifier, nets, buy_fee, switch_fee, up_ranks, flags, threads, out, choices, n_choices, NULL, 0,
                   NULL, NULL, NULL);
}
