/* switch_bounds.c - card switching: the larger switches proven never better, situation by situation
 * (cs_switch_bounds), the five-card switch counted exactly where asked (switch_five.c).
 *
 * Switching a set D of k cards (kept K, |K| = 5 - k) is worth, over the C(46, k) replacement sets R
 * (of the 46 cards other than the hand and the up card) and each final hand P = K + R's dealer hands,
 * those of the 46 - k cards other than P, D and the up card (N_k = C(46 - k, 4) of them):
 *     V(D) = sum over R of max(fold x N_k, S_D(P)) / (C(46, k) N_k) - fee(k)
 * with S_D(P) the raise summed over those dealer hands (a switch of five raises: S_D(P) alone).
 * S_D(P) = T(P) - (the raise over P's dealer hands holding a card of D), T(P) the raise over every
 * dealer hand of the 46 cards other than P (standing's counts). By Bonferroni, the positive and the
 * negative nets apart, the raise over the hands holding a card of D is at least the sum over c in D
 * of the raise over those holding c, T(P) - T_c(P) (T_c: with c out of play, the one-card game's
 * counts), less the hands holding two cards of D, C(k, 2) C(44, 2) of them, at P's largest positive
 * net M(P). So with e_c(P) = T_c(P) - T(P) and U(P) = T(P) + C(k, 2) C(44, 2) M(P),
 *     S_D(P) <= U(P) + sum over c in D of e_c(P) = (1/k) sum over c in D of (U(P) + k e_c(P))
 * and, the larger of two being convex,
 *     max(fold x N_k, S_D(P)) <= (1/k) sum over c in D of g_k(P, c),
 *     g_k(P, c) = max(fold x N_k, U(P) + k e_c(P))  (k = 5: U(P) + 5 e_c(P)).
 * Summed over the R that miss D, by inclusion-exclusion over the other cards of D,
 *     k x sum over R of max(...) <= sum over c in D, S in D - c of (-1)^|S| G_k(K + S, c),
 * G_k(X, c) the sum of g_k(P, c) over the hands P holding X and not c, tabled once a rank for every
 * set X of 0 to 4 cards (pass 3). Each situation's bound for each discard set is then k 2^(k - 1)
 * reads, compared exactly (128 bits) with the best of standing and one card, exact from pass 1.
 * Where the bound is not above it, the switch is never strictly better than the best of at most one
 * card.
 *   The game's driver (cs__gm_game, switch_game.c) runs the one-card game for each up rank and then
 * this file's passes through the hooks of gm_bounds: pass 3 (bound_dead_card, a class of the dead card
 * at a time) and the bounds of every situation (bound_situations, on the threads). */
#include <stdlib.h>
#include <string.h>

#include "switch_internal.h"

/* The sets of s cards among the n positions in colex order, mapped by map (position -> position
 * among the 51, increasing or not): the colex index among the 51 of each, in out. */
static void gm_map_sets(uint32_t n, uint32_t s, const uint8_t *map, uint32_t *out)
{
    uint32_t c[5] = {0, 1, 2, 3, 4}, ix = 0;
    if (s == 0) {
        out[0] = 0;
        return;
    }
    for (;;) {
        uint32_t q[5];
        for (uint32_t i = 0; i < s; i++)
            q[i] = map[c[i]];
        for (uint32_t i = 1; i < s; i++)
            for (uint32_t j = i; j > 0 && q[j] < q[j - 1]; j--) {
                uint32_t y = q[j];
                q[j] = q[j - 1];
                q[j - 1] = y;
            }
        uint32_t v = 0;
        for (uint32_t i = 0; i < s; i++)
            v += cs__binom[q[i]][i + 1];
        out[ix++] = v;
        /* the next set in colex order */
        uint32_t i = 0;
        while (i + 1 < s && c[i] + 1 == c[i + 1]) {
            c[i] = i;
            i++;
        }
        if (++c[i] >= n - (s - 1 - i) && i == s - 1)
            return;
    }
}

/* Pass 3 of cs_switch_bounds for the dead card x (a class): every final hand P of the 50 cards gets
 * g_k(P, x) (see above), summed over the hands holding each set of 0 to 4 cards: G_k(X, x), which go,
 * relabelled by each suit permutation of the class (x -> c), to G_k(X', c). Each card c of the 51 is
 * one class's relabelling, so the threads write apart. */
static void bound_dead_card(gm_job *job, uint8_t x)
{
    gm_unit *u = job->u;
    gm_sweep *s = &job->sw;
    gm_bounds *bd = u->bd;
        for (uint32_t i = 0; i < 50; i++)
        job->m51[i] = (uint8_t)gm_pos51(s->unseen[i], u->up);
    memset(job->gl[4], 0, (size_t)cs__binom[50][4] * GM_NK * sizeof *job->gl[4]);
    cs__gm_quads(s, u->up, u->q, 0);
    cs__gm_hands(job, GM_BOUND);
    for (int sz = 3; sz >= 0; sz--)
        if (gm_bound_level(bd, sz))
            cs__gm_level_down_n(50, (uint32_t)sz, GM_NK, job->gl[sz + 1], job->gl[sz]);
    const int nperm = (x & 3) == 1 ? 3 : 1;
    uint32_t *ix51 = job->ix51;
    for (int sg = 0; sg < nperm; sg++) {
        const uint8_t px = sg == 0 ? x : gm_swap_suit(x, sg + 1);
        const uint32_t c = gm_pos51(px, u->up);
        uint8_t map[50];
        for (uint32_t i = 0; i < 50; i++)
            map[i] = (uint8_t)gm_pos51(sg == 0 ? s->unseen[i] : gm_swap_suit(s->unseen[i], sg + 1), u->up);
        for (uint32_t sz = 0; sz <= 4; sz++) {
            if (!gm_bound_level(bd, (int)sz))
                continue;
            gm_map_sets(50, sz, map, ix51);
            const int64_t *gl = job->gl[sz];
            int64_t *g = bd->g[sz];
            for (uint32_t i = 0; i < cs__binom[50][sz]; i++)
                memcpy(g + ((size_t)ix51[i] * MAXN + c) * GM_NK, gl + (size_t)i * GM_NK, GM_NK * sizeof *g);
        }
    }
}

/* A probe's answers: the best of at most one card, and the bound v of discard set d (positions p). */
static void gm_bound_probe_out(gm_bounds *bd, long m, const uint32_t *p, uint32_t d, int64_t v, int64_t best,
                               uint8_t up)
{
    for (const uint32_t ix = bd->probe_ix[m]; m < (long)bd->n_probes && bd->probe_ix[m] == ix; m++) {
        const uint8_t *pc = bd->probe_cards[bd->probe_slot[m]];
        uint32_t given = 0;
        for (int i = 0; i < 5; i++)
            if (d >> i & 1) {
                const uint8_t card = (uint8_t)(p[i] >= up ? p[i] + 1 : p[i]);
                for (int j = 0; j < 5; j++)
                    given |= (uint32_t)(pc[j] == card) << j;
            }
        int64_t *o = bd->probe_out + (size_t)bd->probe_slot[m] * 33;
        o[0] = best;
        o[1 + given] = v;
    }
}

/* The number of cards in each set of the five. */
static const uint8_t POP5[32] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                                 1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5};

/* The bounds of every situation of hands whose highest position is taken from bd->next. */
static void *bound_situations(void *arg)
{
    gm_job *job = arg;
    gm_unit *u = job->u;
    gm_bounds *bd = u->bd;
        int level[5];
    for (int sz = 0; sz <= 4; sz++)
        level[sz] = gm_bound_level(bd, sz);
    for (;;) {
        const uint32_t top = atomic_fetch_add(&bd->next, 1);
        if (top >= 47)
            break;
        uint32_t p[5];
        p[4] = 50 - top;
        uint32_t ix = cs__binom[p[4]][5];
        for (p[3] = 3; p[3] < p[4]; p[3]++)
            for (p[2] = 2; p[2] < p[3]; p[2]++)
                for (p[1] = 1; p[1] < p[2]; p[1]++)
                    for (p[0] = 0; p[0] < p[1]; p[0]++, ix++) {
                        uint32_t sub[32];
                        for (uint32_t m = 0; m < 32; m++) {
                            uint32_t v = 0, j = 0;
                            for (int i = 0; i < 5; i++)
                                if (m >> i & 1)
                                    v += cs__binom[p[i]][++j];
                            sub[m] = v;
                        }
                        const int64_t best = bd->best1[ix];
                        long probe = bd->n_probes ? gm_probe_first(bd->probe_ix, bd->n_probes, ix) : -1;
                        /* every G_k(X, c) this situation reads, X a set of its cards and c another:
                         * each X and c's sizes side by side, read once */
                        int64_t lg[32][5][4];
                        for (uint32_t m = 0; m < 31; m++) {
                            if (!level[POP5[m]])
                                continue;
                            const int64_t *row = bd->g[POP5[m]] + (size_t)sub[m] * MAXN * GM_NK;
                            for (int i = 0; i < 5; i++)
                                if (!(m >> i & 1))
                                    memcpy(lg[m][i], row + (size_t)p[i] * GM_NK, GM_NK * sizeof *row);
                        }
                        int any = 0;
                        for (int k = 2; k <= 5; k++) {
                            if (!(bd->sizes >> k & 1))
                                continue;
                            const int slot = k - 2;
                            const int64_t z = (int64_t)cs__binom[46][k] * cs__binom[46 - k][4];
                            const __int128 feez = (__int128)k * bd->fees[k] * z;
                            int open = 0;
                            for (uint32_t d = 1; d < 32; d++) {
                                if (POP5[d] != k)
                                    continue;
                                const uint32_t kept = 31 & ~d;
                                __int128 b = 0;
                                for (int i = 0; i < 5; i++) {
                                    if (!(d >> i & 1))
                                        continue;
                                    const uint32_t rest = d & ~(1u << i);
                                    for (uint32_t sm = rest;; sm = (sm - 1) & rest) { /* every S in D - c */
                                        const int64_t gv = lg[kept | sm][i][slot];
                                        b += POP5[sm] & 1 ? -(__int128)gv : (__int128)gv;
                                        if (sm == 0)
                                            break;
                                    }
                                }
                                const __int128 v = b - feez; /* k x the bound, over z */
                                if (probe >= 0)
                                    gm_bound_probe_out(bd, probe, p, d, (int64_t)v, best, u->up);
                                const __int128 z5 = (__int128)cs__binom[46][5] * cs__binom[41][4];
                                const int over = bd->five && bd->pick5[ix]
                                                     ? v * z5 > ((__int128)bd->w5[ix] - bd->fees[5] * z5) * z * k
                                                     : v * GM_W > (__int128)best * z * k;
                                if (over) {
                                    open = 1;
                                    job->pairs[k] += 4;
                                    size_t at = atomic_fetch_add(&bd->n_list, 1);
                                    if (at < bd->max_list) {
                                        uint8_t *e = bd->list[at];
                                        for (int i = 0; i < 5; i++)
                                            e[i] = (uint8_t)(p[i] >= u->up ? p[i] + 1 : p[i]);
                                        e[5] = u->up;
                                        e[6] = (uint8_t)d;
                                        e[7] = (uint8_t)k;
                                    }
                                }
                            }
                            if (open) {
                                job->undecided[k] += 4;
                                any = 1;
                            }
                        }
                        if (any)
                            job->undecided[0] += 4;
                        if (probe >= 0 && bd->five) /* the five-card switch's exact value, over C(46, 5) C(41, 4) */
                            for (long m = probe; m < (long)bd->n_probes && bd->probe_ix[m] == ix; m++)
                                bd->probe_out[(size_t)bd->probe_slot[m] * 33 + 32] =
                                    bd->w5[ix] - bd->fees[5] * (int64_t)cs__binom[46][5] * cs__binom[41][4];
                    }
    }
    return NULL;
}

int cs_test_switch_bounds(uint16_t qualifier, const cs_nets *nets, const int64_t *fees, size_t n_fees, uint32_t sizes,
                          uint32_t up_ranks, uint32_t flags, uint32_t threads, uint64_t *undecided, uint64_t *pairs,
                          size_t n_counts, uint8_t *list, size_t max_list, size_t *n_list, cs_switch_five_game *five,
                          const uint8_t *probes, size_t n_probes, int64_t *probe_out)
{
    if (!nets || !fees || !undecided || !pairs || !n_list || (max_list && !list) ||
        (n_probes && (!probes || !probe_out)))
        return CS_E_NULL;
    if (n_fees != GM_BOUND_SIZES || n_counts != GM_BOUND_SIZES || n_probes > 4096)
        return CS_E_SIZE;
    if (qualifier > CS_NUM_VALUES || threads < 1 || threads > 64 || (flags & ~(uint32_t)CS_RAISE_ON_TIE) ||
        up_ranks == 0 || up_ranks >= (1u << 13) || (sizes & ~(uint32_t)0x3e) || (five && !(sizes >> 5 & 1)))
        return CS_E_ARG;
    for (int k = 1; k <= 5; k++)
        if ((sizes >> k & 1) && (fees[k] < 0 || fees[k] > CS_SWITCH_BOUND_LIMIT))
            return CS_E_ARG;
    int st;
    if ((st = cs__check_nets(nets, CS_SWITCH_BOUND_LIMIT)) != CS_OK)
        return st;
    memset(undecided, 0, GM_BOUND_SIZES * sizeof *undecided);
    memset(pairs, 0, GM_BOUND_SIZES * sizeof *pairs);
    *n_list = 0;
    gm_bounds *bd = calloc(1, sizeof *bd);
    if (!bd)
        return CS_E_NOMEM;
    bd->sizes = sizes & (five ? 0x1c : 0x3c); /* with five: that size counted exactly, not bounded */
    bd->one_allowed = sizes >> 1 & 1;
    bd->five = five;
    if (five)
        memset(five, 0, sizeof *five);
    for (int k = 1; k <= 5; k++)
        bd->fees[k] = sizes >> k & 1 ? fees[k] : 0;
    bd->dead_card = bound_dead_card;
    bd->situations = bound_situations;
    bd->list = (uint8_t(*)[8])list;
    bd->max_list = max_list;
    atomic_init(&bd->n_list, 0);
    cs_totals out[2];
    st = cs__gm_game(qualifier, nets, bd->fees[1], up_ranks, flags, threads, out, 2, five ? five->choices : NULL,
                     five ? CS_SWITCH_GAME_CHOICE_CELLS : 0, probes, n_probes, probe_out, bd, NULL, NULL, NULL);
    if (st == CS_OK) {
        memcpy(undecided, bd->undecided, sizeof bd->undecided);
        memcpy(pairs, bd->pairs, sizeof bd->pairs);
        *n_list = atomic_load(&bd->n_list);
        if (five) {
            five->stand = out[0];
            five->one = out[1];
            five->five_sum_hi = (int64_t)(bd->five_sum >> 64);
            five->five_sum_lo = (uint64_t)bd->five_sum;
        }
    }
    free(bd);
    return st;
}

int cs_switch_bounds(uint16_t qualifier, const cs_nets *nets, const int64_t *fees, size_t n_fees, uint32_t sizes,
                     uint32_t up_ranks, uint32_t flags, uint32_t threads, uint64_t *undecided, uint64_t *pairs,
                     size_t n_counts, uint8_t *list, size_t max_list, size_t *n_list, cs_switch_five_game *five)
{
    return cs_test_switch_bounds(qualifier, nets, fees, n_fees, sizes, up_ranks, flags, threads, undecided, pairs,
                                 n_counts, list, max_list, n_list, five, NULL, 0, NULL);
}
