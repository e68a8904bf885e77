/* switch_game.c - card switching: the whole game when at most one card may be switched, optimal
 * (cs_switch_game) or under given choices (cs_switch_game_given), and the driver that the bounds of
 * the larger switches (switch_bounds.c) run with passes of their own.
 *
 * Work by the up card's rank (its suit is 0; the other suits give the same by relabelling, weight 4).
 * Standing: the dealer hands over the 51 cards other than the up card give every hand P of them
 * (2,349,060) its counts, as a final hand with no card out of play. Switching card x of P = K + x:
 * the discarded card x is out of play, so the dealer hands over the 50 cards other than the up card
 * and x give every final hand K + r its best value (raise or fold); the option's value is their sum
 * over the 46 replacements r. x of suit 0 (12 ranks) or suit 1 (13 ranks) is a class of its own; x
 * of suit 2 or 3 is a class of suit 1 relabelled (suits 1 and 2, or 1 and 3, swapped: the up card's
 * suit stays). Every value is a numerator over W = 46 x C(45, 4) = 42 x C(46, 4) dealer completions.
 *
 * Each sweep is switch_sweep.c's (see there); every value below is by position among its cards.
 *
 * Pass 1 (standing and the 25 classes, shared by the threads): each final hand's best value is added
 * to the sums of its five 4-sets as kept sets, and each kept set's sum gives the hands it serves
 * their best switch so far. After the merge (the choice of each hand), pass 2 counts again, class by
 * class, only the final hands of chosen switches, each as many times as chosen switches end in it.
 * With the choices given (cs_switch_game_given), pass 1 only stands and builds each class's dealer
 * hands, the merge takes the given choice of each hand, and pass 2 counts them as it counts the best.
 * cs_switch_bounds adds pass 3 (its dead-card pass, a class at a time) and its bounds of every
 * situation, through the hooks of gm_bounds. */

#include <stdlib.h>
#include <string.h>

#include "switch_internal.h"

/* Standing: every hand of the 51 cards. */
static void gm_stand(gm_job *job)
{
    gm_unit *u = job->u;
    gm_sweep *s = &job->sw;
    s->n = 0;
    for (uint8_t y = 0; y < 52; y++)
        if (y != u->up)
            s->unseen[s->n++] = y;
    s->w4 = job->w4;
    s->quads = job->quads;
    s->qstart = job->qstart;
    cs__gm_quads(s, u->up, u->q, 1);
    cs__gm_hands(job, GM_STAND);
}

static void gm_class(gm_job *job, uint32_t k)
{
    gm_unit *u = job->u;
    gm_sweep *s = &job->sw;
    const uint8_t x = gm_class_card(u, k);
    s->n = 0;
    for (uint8_t y = 0; y < 52; y++)
        if (y != u->up && y != x)
            s->unseen[s->n++] = y;
    s->w4 = u->cw4 + (size_t)k * GM_KEPT;
    s->quads = u->cquads + (size_t)k * GM_KEPT;
    s->qstart = u->cqstart + (size_t)k * (NT + 1);
    if (u->pass == 3) { /* switch_bounds.c's dead-card pass */
        u->bd->dead_card(job, x);
        return;
    }
    if (u->pass == 1 && u->given) { /* the choices are given: only this class's dealer hands, for pass 2 */
        cs__gm_quads(s, u->up, u->q, 1);
        return;
    }
    if (u->pass == 1) {
        memset(job->ksum, 0, GM_KEPT * sizeof *job->ksum);
        cs__gm_quads(s, u->up, u->q, 1);
        cs__gm_hands(job, GM_PASS1);
    }
    const int nperm = (x & 3) == 1 ? 3 : 1;
    const int64_t fee = u->fee;
    /* relabelling sg: card at position i of the 50 -> its position among the 51; x -> xq[sg] */
    uint8_t map[3][50], px[3];
    uint32_t xq[3];
    for (int sg = 0; sg < nperm; sg++) {
        px[sg] = sg == 0 ? x : gm_swap_suit(x, sg + 1);
        xq[sg] = gm_pos51(px[sg], u->up);
        for (uint32_t i = 0; i < 50; i++)
            map[sg][i] = (uint8_t)gm_pos51(sg == 0 ? s->unseen[i] : gm_swap_suit(s->unseen[i], sg + 1), u->up);
    }
    uint32_t kk[4], kix = 0, chosen = 0;
    for (kk[3] = 3; kk[3] < 50; kk[3]++)
        for (kk[2] = 2; kk[2] < kk[3]; kk[2]++)
            for (kk[1] = 1; kk[1] < kk[2]; kk[1]++)
                for (kk[0] = 0; kk[0] < kk[1]; kk[0]++, kix++) {
                    /* the hands P = sigma(K + x) this sum serves: the colex index of the five
                     * positions, each at its rank among them */
                    uint32_t pix[3];
                    int m = 0;
                    for (int sg = 0; sg < nperm; sg++) {
                        uint32_t q[5] = {xq[sg], map[sg][kk[0]], map[sg][kk[1]], map[sg][kk[2]], map[sg][kk[3]]};
                        uint32_t ix = 0;
                        for (int i = 0; i < 5; i++) {
                            uint32_t rank = 0;
                            for (int j = 0; j < 5; j++)
                                rank += q[j] < q[i];
                            ix += cs__binom[q[i]][rank + 1];
                        }
                        pix[sg] = ix;
                        m += u->pass == 2 && u->choice[ix] == px[sg];
                    }
                    if (u->pass == 2) {
                        job->km[kix] = (uint8_t)m;
                        chosen += (uint32_t)m;
                        continue;
                    }
                    const int64_t val = job->ksum[kix] - fee;
                    for (int sg = 0; sg < nperm; sg++) {
                        int64_t *bv = &u->bval[job->t][pix[sg]];
                        uint8_t *bx = &u->bx[job->t][pix[sg]];
                        if (*bx == GM_NO_SWITCH || val > *bv || (val == *bv && px[sg] < *bx)) {
                            *bv = val;
                            *bx = px[sg];
                        }
                        if (u->n_probes) {
                            long mm = gm_probe_first(u->probe_ix, u->n_probes, pix[sg]);
                            for (; mm >= 0 && mm < (long)u->n_probes && u->probe_ix[mm] == pix[sg]; mm++) {
                                const uint8_t *pc = u->probe_cards[u->probe_slot[mm]];
                                for (int i = 0; i < 5; i++)
                                    if (pc[i] == px[sg])
                                        u->probe_out[(size_t)u->probe_slot[mm] * 6 + 1 + i] = val;
                            }
                        }
                    }
                }
    if (u->pass == 1 || chosen == 0)
        return;
    /* pass 2: how many chosen switches end in each final hand (the sum over its five 4-sets), and
     * those hands' counts */
    uint32_t p[5], ix = 0;
    for (p[4] = 4; p[4] < 50; p[4]++)
        for (p[3] = 3; p[3] < p[4]; p[3]++)
            for (p[2] = 2; p[2] < p[3]; p[2]++) {
                const uint32_t b4 = cs__binom_t[4][p[4]], b3 = cs__binom_t[3][p[3]], b2 = cs__binom_t[2][p[2]];
                const uint32_t c4 = cs__binom_t[4][p[3]], c3 = cs__binom_t[3][p[2]];
                for (p[1] = 1; p[1] < p[2]; p[1]++) {
                    const uint32_t d2 = cs__binom_t[2][p[1]];
                    const uint8_t top = job->km[p[1] + b2 + b3 + b4];
                    for (p[0] = 0; p[0] < p[1]; p[0]++, ix++)
                        job->mult[ix] = (uint8_t)(top + job->km[p[0] + b2 + b3 + b4] + job->km[p[0] + d2 + b3 + b4] +
                                                  job->km[p[0] + d2 + c3 + b4] + job->km[p[0] + d2 + c3 + c4]);
                }
            }
    cs__gm_quads(s, u->up, u->q, 0);
    cs__gm_hands(job, GM_PASS2);
}

static void *gm_worker(void *arg)
{
    gm_job *job = arg;
    gm_unit *u = job->u;
    for (;;) {
        uint32_t k = atomic_fetch_add(&u->next, 1);
        if (u->pass == 1) { /* item 0: standing (the largest first); then the classes */
            if (k > GM_CLASSES)
                break;
            if (k == 0)
                gm_stand(job);
            else
                gm_class(job, k - 1);
        } else {
            if (k >= GM_CLASSES)
                break;
            gm_class(job, k);
        }
    }
    return NULL;
}

static int gm_run(gm_unit *u, gm_job *jobs, uint32_t threads, int pass)
{
    u->pass = pass;
    atomic_store(&u->next, 0);
    cs__parallel(gm_worker, jobs, sizeof *jobs, threads);
    return CS_OK;
}

/* One up rank: standing, the best switch of each hand (or the given one), the choice, the counts. */
static int gm_rank(gm_unit *u, gm_job *jobs, uint32_t threads, uint64_t *choices)
{
    for (uint32_t t = 0; t < threads && !u->given; t++) {
        memset(u->bx[t], GM_NO_SWITCH, GM_HANDS);
        for (uint32_t i = 0; i < GM_HANDS; i++)
            u->bval[t][i] = INT64_MIN;
    }
    gm_run(u, jobs, threads, 1);
    /* the merge: the best switch over the threads (ties: the lowest card), then against standing
     * (ties: standing); or the given choice */
    cs_totals *st = &jobs[0].out[0];
    for (uint32_t i = 0; i < GM_HANDS; i++) {
        const gm_outcome *o = &u->sout[i];
        uint8_t bx;
        int sw;
        if (u->given) {
            bx = u->given[i];
            sw = bx != GM_NO_SWITCH;
            u->choice[i] = bx;
        } else {
            int64_t bv = u->bval[0][i];
            bx = u->bx[0][i];
            for (uint32_t t = 1; t < threads; t++)
                if (u->bx[t][i] != GM_NO_SWITCH &&
                    (bx == GM_NO_SWITCH || u->bval[t][i] > bv || (u->bval[t][i] == bv && u->bx[t][i] < bx))) {
                    bv = u->bval[t][i];
                    bx = u->bx[t][i];
                }
            sw = bx != GM_NO_SWITCH && bv > u->sval[i];
            if (u->bd) {
                gm_bounds *bd = u->bd;
                const int64_t best1 = sw && bd->one_allowed ? bv : u->sval[i];
                bd->best1[i] = best1;
                if (!bd->five)
                    continue;
                /* the five-card switch, exact, against the best of at most one card (ties: fewer cards) */
                const int64_t z5 = (int64_t)cs__binom[46][5] * cs__binom[41][4];
                const __int128 v5 = (__int128)bd->w5[i] - (__int128)bd->fees[5] * z5;
                bd->pick5[i] = (uint8_t)(v5 * GM_W > (__int128)best1 * z5);
                if (bd->pick5[i]) {
                    bd->five->five_situations += 4;
                    bd->five->five_by_category[o->cat] += 4;
                    bd->five_sum += 4 * v5;
                    u->choice[i] = GM_FIVE;
                    continue;
                }
                sw = sw && bd->one_allowed;
            }
            if (u->buy) { /* buying, against the better of standing and switching (ties: those) */
                u->buy->bought[i] = (uint8_t)(u->buy->value[i] > (sw ? bv : u->sval[i]));
                if (u->buy->bought[i]) {
                    u->choice[i] = GM_NO_SWITCH;
                    continue;
                }
            }
            if (bx != GM_NO_SWITCH && bv == u->sval[i])
                jobs[0].indifferent += 4;
            u->choice[i] = sw ? bx : GM_NO_SWITCH;
        }
        if (choices)
            choices[o->cat * CS_SWITCH_GAME_CHOICES + (sw ? 2 : o->raise)] += 4;
        if (sw) {
            if (choices)
                choices[CS_NUM_CATEGORIES * CS_SWITCH_GAME_CHOICES + (bx >> 2)] += 4;
            continue;
        }
        const uint64_t w = 4 * 42;
        const uint64_t comp = cs__binom[46][4];
        if (u->sind[i])
            st->indifferent_situations += 4;
        cs__tally_outcome(st, o->cat, o->raise, w, o->nq, o->win, o->tie, o->lose, 4, w * comp);
    }
    if (u->probe_out)
        for (uint32_t m = 0; m < u->n_probes; m++)
            u->probe_out[(size_t)u->probe_slot[m] * 6] = u->sval[u->probe_ix[m]];
    if (!u->bd || u->bd->five)
        gm_run(u, jobs, threads, 2);
    if (!u->bd)
        return CS_OK;
    /* cs_switch_bounds: the dead card's effect (pass 3), added up in job 0; the tables; the bounds */
    gm_bounds *bd = u->bd;
    gm_run(u, jobs, threads, 3);
    atomic_store(&bd->next, 0);
    cs__parallel(bd->situations, jobs, sizeof *jobs, threads);
    return CS_OK;
}

/* (see switch_internal.h) */
int cs__gm_game(uint16_t qualifier, const cs_nets *nets, int64_t fee, uint32_t up_ranks, uint32_t flags,
                uint32_t threads, cs_totals *out, size_t n_out, uint64_t *choices, size_t n_choices,
                const uint8_t *probes, size_t n_probes, int64_t *probe_out, gm_bounds *bd, const uint8_t *given,
                uint8_t *chosen, const gm_buy *buy)
{
    int st;
    uint32_t *pix = NULL, *pslot = NULL;
    uint8_t (*pcards)[6] = NULL;
    if (n_probes) {
        pix = malloc(n_probes * sizeof *pix);
        pslot = malloc(n_probes * sizeof *pslot);
        pcards = malloc(n_probes * sizeof *pcards);
        if (!pix || !pslot || !pcards) {
            free(pix);
            free(pslot);
            free(pcards);
            return CS_E_NOMEM;
        }
        for (size_t m = 0; m < n_probes; m++) {
            uint64_t mask = 0;
            const uint8_t *pr = probes + 6 * m;
            if ((st = cs__check_situation(pr, pr[5], &mask)) != CS_OK || (pr[5] & 3) != 0) {
                free(pix);
                free(pslot);
                free(pcards);
                return st != CS_OK ? st : CS_E_ARG; /* a probe's up card is of suit 0 */
            }
            memcpy(pcards[m], pr, 6);
            const size_t per = bd ? 33 : 6;
            for (size_t i = 0; i < per; i++)
                probe_out[m * per + i] = 0;
        }
    }
    if ((st = cs__ensure_tables()) != CS_OK) {
        free(pix);
        free(pslot);
        free(pcards);
        return st;
    }
    memset(out, 0, n_out * sizeof *out);
    if (choices)
        memset(choices, 0, n_choices * sizeof *choices);
    gm_unit *u = calloc(1, sizeof *u);
    gm_job *jobs = calloc(threads, sizeof *jobs);
    st = u && jobs ? CS_OK : CS_E_NOMEM;
    if (st == CS_OK) {
        u->nets = nets;
        u->q = qualifier;
        u->flags = flags;
        u->fee = fee * GM_W;
        u->bd = bd;
        u->buy = buy;
        u->sval = malloc(GM_HANDS * sizeof *u->sval);
        u->sout = malloc(GM_HANDS * sizeof *u->sout);
        u->sind = malloc(GM_HANDS);
        u->choice = malloc(GM_HANDS);
        u->cw4 = malloc((size_t)GM_CLASSES * GM_KEPT * sizeof *u->cw4);
        u->cquads = malloc((size_t)GM_CLASSES * GM_KEPT * sizeof *u->cquads);
        u->cqstart = malloc((size_t)GM_CLASSES * (NT + 1) * sizeof *u->cqstart);
        if (!u->sval || !u->sout || !u->sind || !u->choice || !u->cw4 || !u->cquads || !u->cqstart)
            st = CS_E_NOMEM;
        if (bd) {
            bd->traw = malloc(GM_HANDS * sizeof *bd->traw);
            bd->best1 = malloc(GM_HANDS * sizeof *bd->best1);
            st = bd->traw && bd->best1 ? st : CS_E_NOMEM;
            if (bd->five) {
                bd->w5 = malloc(GM_HANDS * sizeof *bd->w5);
                bd->pick5 = malloc(GM_HANDS);
                st = bd->w5 && bd->pick5 ? st : CS_E_NOMEM;
            }
            for (int sz = 0; sz <= 4; sz++)
                if (gm_bound_level(bd, sz)) {
                    bd->g[sz] = calloc((size_t)cs__binom[51][sz] * MAXN * GM_NK, sizeof *bd->g[sz]);
                    st = bd->g[sz] ? st : CS_E_NOMEM;
                }
        }
        for (uint32_t t = 0; t < threads && st == CS_OK; t++) {
            gm_job *j = &jobs[t];
            j->u = u;
            j->t = t;
            j->w4 = malloc(GM_QUADS * sizeof *j->w4);
            j->quads = malloc(GM_QUADS * sizeof *j->quads);
            j->sw.hands = malloc(GM_HANDS * sizeof *j->sw.hands);
            j->sw.hv = malloc(GM_HANDS * sizeof *j->sw.hv);
            j->sw.pend = malloc(GM_HANDS * sizeof *j->sw.pend);
            j->ksum = malloc(GM_KEPT * sizeof *j->ksum);
            j->km = malloc(GM_KEPT);
            j->mult = malloc(GM_FINALS);
            if (!given) { /* pass 1's own: the best switch so far */
                u->bval[t] = malloc(GM_HANDS * sizeof *u->bval[t]);
                u->bx[t] = malloc(GM_HANDS);
            }
            if (!j->w4 || !j->quads || !j->sw.hands || !j->sw.hv || !j->sw.pend || !j->ksum || !j->km || !j->mult ||
                (!given && (!u->bval[t] || !u->bx[t])))
                st = CS_E_NOMEM;
            if (bd) {
                j->ix51 = malloc(230300 * sizeof *j->ix51); /* C(50, 4) */
                st = j->ix51 ? st : CS_E_NOMEM;
                for (int sz = 0; sz <= 4; sz++)
                    if (gm_bound_level(bd, sz)) {
                        j->gl[sz] = malloc((size_t)cs__binom[50][sz] * GM_NK * sizeof *j->gl[sz]);
                        st = j->gl[sz] ? st : CS_E_NOMEM;
                    }
            }
        }
    }
    for (uint32_t r = 0, asked = 0; r < 13 && st == CS_OK; r++) {
        if (!(up_ranks >> r & 1))
            continue;
        u->up = (uint8_t)(r * 4);
        u->given = given ? given + (size_t)asked * GM_HANDS : NULL;
        asked++;
        /* this rank's probes, by hand index */
        u->n_probes = 0;
        u->probe_out = NULL;
        if (n_probes) {
            for (size_t m = 0; m < n_probes; m++) {
                if (pcards[m][5] != u->up)
                    continue;
                uint32_t q[5];
                for (int i = 0; i < 5; i++)
                    q[i] = gm_pos51(pcards[m][i], u->up);
                for (int i = 1; i < 5; i++)
                    for (int j = i; j > 0 && q[j] < q[j - 1]; j--) {
                        uint32_t y = q[j];
                        q[j] = q[j - 1];
                        q[j - 1] = y;
                    }
                uint32_t ix = colex_pos5(q), at = u->n_probes++;
                while (at > 0 && pix[at - 1] > ix) { /* insertion: sorted by index */
                    pix[at] = pix[at - 1];
                    pslot[at] = pslot[at - 1];
                    at--;
                }
                pix[at] = ix;
                pslot[at] = (uint32_t)m;
            }
            u->probe_ix = pix;
            u->probe_slot = pslot;
            u->probe_cards = (const uint8_t(*)[6])pcards;
            u->probe_out = u->n_probes ? probe_out : NULL;
            if (bd) { /* the bounds' probes, not the one-card game's */
                bd->n_probes = u->n_probes;
                bd->probe_ix = pix;
                bd->probe_slot = pslot;
                bd->probe_cards = (const uint8_t(*)[6])pcards;
                bd->probe_out = probe_out;
                u->n_probes = 0;
                u->probe_out = NULL;
            }
        }
        if (bd && bd->five)
            st = cs__switch_five_rank((uint8_t)r, qualifier, nets, threads, bd->w5);
        if (st == CS_OK)
            st = gm_rank(u, jobs, threads, choices);
        if (st == CS_OK && chosen)
            memcpy(chosen + (size_t)(asked - 1) * GM_HANDS, u->choice, GM_HANDS);
    }
    if (st == CS_OK)
        for (uint32_t t = 0; t < threads; t++) {
            for (int o = 0; o < 2; o++)
                cs__totals_add(&out[o], &jobs[t].out[o]);
            out[1].indifferent_situations += jobs[t].indifferent;
            for (int k = 0; k < GM_BOUND_SIZES && bd; k++) {
                bd->undecided[k] += jobs[t].undecided[k];
                bd->pairs[k] += jobs[t].pairs[k];
            }
        }
    if (u) {
        free(u->sval);
        free(u->sout);
        free(u->sind);
        free(u->choice);
        free(u->cw4);
        free(u->cquads);
        free(u->cqstart);
        for (uint32_t t = 0; t < threads && jobs; t++) {
            free(jobs[t].w4);
            free(jobs[t].quads);
            free(jobs[t].sw.hands);
            free(jobs[t].sw.hv);
            free(jobs[t].sw.pend);
            free(jobs[t].ksum);
            free(jobs[t].km);
            free(jobs[t].mult);
            free(u->bval[t]);
            free(u->bx[t]);
            free(jobs[t].ix51);
            for (int sz = 0; sz < 5; sz++)
                free(jobs[t].gl[sz]);
        }
    }
    if (bd) {
        free(bd->traw);
        free(bd->best1);
        free(bd->w5);
        free(bd->pick5);
        for (int sz = 0; sz < 5; sz++)
            free(bd->g[sz]);
    }
    free(u);
    free(jobs);
    free(pix);
    free(pslot);
    free(pcards);
    return st;
}

int cs_test_switch_game(uint16_t qualifier, const cs_nets *nets, int64_t fee, uint32_t up_ranks, uint32_t flags,
                        uint32_t threads, cs_totals *out, size_t n_out, uint64_t *choices, size_t n_choices,
                        const uint8_t *probes, size_t n_probes, int64_t *probe_out)
{
    if (!nets || !out || (n_probes && (!probes || !probe_out)))
        return CS_E_NULL;
    if (n_out != 2 || (choices && n_choices != CS_SWITCH_GAME_CHOICE_CELLS) || n_probes > 4096)
        return CS_E_SIZE;
    if (qualifier > CS_NUM_VALUES || threads < 1 || threads > 64 || (flags & ~(uint32_t)CS_RAISE_ON_TIE) ||
        up_ranks == 0 || up_ranks >= (1u << 13) || fee < 0 || fee > GM_NET_LIMIT)
        return CS_E_ARG;
    int st;
    if ((st = cs__check_nets(nets, GM_NET_LIMIT)) != CS_OK)
        return st;
    return cs__gm_game(qualifier, nets, fee, up_ranks, flags, threads, out, n_out, choices, n_choices, probes,
                       n_probes, probe_out, NULL, NULL, NULL, NULL);
}

int cs_switch_game(uint16_t qualifier, const cs_nets *nets, int64_t fee, uint32_t up_ranks, uint32_t flags,
                   uint32_t threads, cs_totals *out, size_t n_out, uint64_t *choices, size_t n_choices)
{
    return cs_test_switch_game(qualifier, nets, fee, up_ranks, flags, threads, out, n_out, choices, n_choices, NULL,
                               0, NULL);
}

/* Whether every hand's given choice (GM_HANDS of them, beside the up card up) stands or switches one of
 * its own cards. */
static int gm_check_given(const uint8_t *g, uint8_t up)
{
    uint32_t p[5], ix = 0;
    for (p[4] = 4; p[4] < MAXN; p[4]++)
        for (p[3] = 3; p[3] < p[4]; p[3]++)
            for (p[2] = 2; p[2] < p[3]; p[2]++)
                for (p[1] = 1; p[1] < p[2]; p[1]++)
                    for (p[0] = 0; p[0] < p[1]; p[0]++, ix++) {
                        const uint8_t c = g[ix];
                        if (c == GM_NO_SWITCH)
                            continue;
                        int mine = 0;
                        for (int i = 0; i < 5; i++)
                            mine |= c == (p[i] < up ? p[i] : p[i] + 1);
                        if (!mine)
                            return CS_E_ARG;
                    }
    return CS_OK;
}

int cs_switch_game_given(uint16_t qualifier, const cs_nets *nets, uint32_t up_ranks, uint32_t flags,
                         uint32_t threads, const uint8_t *given, size_t n_given, cs_totals *out, size_t n_out,
                         uint64_t *choices, size_t n_choices)
{
    if (!nets || !given || !out)
        return CS_E_NULL;
    if (qualifier > CS_NUM_VALUES || threads < 1 || threads > 64 || (flags & ~(uint32_t)CS_RAISE_ON_TIE) ||
        up_ranks == 0 || up_ranks >= (1u << 13))
        return CS_E_ARG;
    if (n_out != 2 || (choices && n_choices != CS_SWITCH_GAME_CHOICE_CELLS) ||
        n_given != (size_t)__builtin_popcount(up_ranks) * GM_HANDS)
        return CS_E_SIZE;
    int st;
    if ((st = cs__check_nets(nets, GM_NET_LIMIT)) != CS_OK)
        return st;
    for (uint32_t r = 0, asked = 0; r < 13; r++)
        if (up_ranks >> r & 1)
            if ((st = gm_check_given(given + (size_t)asked++ * GM_HANDS, (uint8_t)(r * 4))) != CS_OK)
                return st;
    return cs__gm_game(qualifier, nets, 0, up_ranks, flags, threads, out, n_out, choices, n_choices, NULL, 0, NULL,
                       NULL, given, NULL, NULL);
}

int cs_test_switch_game_chosen(uint16_t qualifier, const cs_nets *nets, int64_t fee, uint32_t up_ranks, uint32_t flags,
                               uint32_t threads, cs_totals *out, size_t n_out, uint64_t *choices, size_t n_choices,
                               uint8_t *chosen, size_t n_chosen)
{
    if (!nets || !out || !chosen)
        return CS_E_NULL;
    if (qualifier > CS_NUM_VALUES || threads < 1 || threads > 64 || (flags & ~(uint32_t)CS_RAISE_ON_TIE) ||
        up_ranks == 0 || up_ranks >= (1u << 13) || fee < 0 || fee > GM_NET_LIMIT)
        return CS_E_ARG;
    if (n_out != 2 || (choices && n_choices != CS_SWITCH_GAME_CHOICE_CELLS) ||
        n_chosen != (size_t)__builtin_popcount(up_ranks) * GM_HANDS)
        return CS_E_SIZE;
    int st;
    if ((st = cs__check_nets(nets, GM_NET_LIMIT)) != CS_OK)
        return st;
    return cs__gm_game(qualifier, nets, fee, up_ranks, flags, threads, out, n_out, choices, n_choices, NULL, 0, NULL,
                       NULL, NULL, chosen, NULL);
}
