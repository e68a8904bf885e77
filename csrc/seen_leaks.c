/* seen_leaks.c - leaks decided from the seen-card sweep of seen.c (cs_solve_leak): one hole card's
 * class seen, the burn card seen, a hole card and the burn card, a hole card and another's class,
 * the burn card and a class. */
#include <stdlib.h>
#include <string.h>

#include "seen_internal.h"

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

void cs__seen_leak_value(seen_job *job, uint16_t v, const seen_player *p, int below_v)
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

struct leak_tables *cs__seen_leak_scratch(const cs_leak *leak)
{
    leak_tables *t = malloc(sizeof *t);
    if (t && (leak->kind == CS_LEAK_SEEN_AND_BURN || leak->kind == CS_LEAK_SEEN_AND_CLASS
              || leak->kind == CS_LEAK_BURN_AND_CLASS))
        for (uint8_t a = 0; a < CS_NUM_RANKS; a++)
            for (uint8_t b = 0; b < CS_NUM_RANKS; b++)
                for (uint8_t c = 0; c < CS_NUM_RANKS; c++) {
                    uint8_t r[3] = {a, b, c}, x;
                    if (r[0] > r[1]) x = r[0], r[0] = r[1], r[1] = x;
                    if (r[1] > r[2]) x = r[1], r[1] = r[2], r[2] = x;
                    if (r[0] > r[1]) x = r[0], r[0] = r[1], r[1] = x;
                    t->lane3[a][b][c] = (uint16_t)cs__mset_index(r, 3);
                }
    return t;
}
