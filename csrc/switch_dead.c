/* switch_dead.c - card switching: a switch of any size exact for every hand that makes it, one sweep
 * with the discarded cards out of play (cs_test_switch_dead).
 *
 * With the up card u and a discard set X of k cards (1 .. 4) out of play, the n = 51 - k other cards
 * hold every final hand P; switch_sweep.c's sweep gives each its best value g(P): comp x fold, or its
 * raise summed over its comp = C(n - 5, 4) dealer hands when that is more (the raise_on_tie flag as
 * everywhere). Summed by kept set: V(K) = the sum of g(P) over the P holding K (|K| = 5 - k). For the
 * hand H = K + X beside u, switching X is worth V(K) / (C(46, k) x C(46 - k, 4)) before its fee: every
 * replacement set (the P holding K) and every dealer hand of the cards left (those of the sweep other
 * than P). One sweep serves all the C(n, 5 - k) hands that discard X: the larger switches' whole game
 * is a sweep per class of X under the suit permutations that fix the up card's suit (a driver to come:
 * issue #31). Exact in int64: V(K) adds at most C(46, 4) x C(42, 4) < 2^35 deals' nets, each within
 * +-2^28 (DEAD_NET_LIMIT). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "switch_internal.h"

#define DEAD_NET_LIMIT ((int64_t)1 << 28)

int cs_test_switch_dead(uint16_t qualifier, const cs_nets *nets, uint32_t flags, uint8_t up, const uint8_t *dead,
                        uint32_t k, int64_t *out, size_t n_out)
{
    if (!nets || !dead || !out)
        return CS_E_NULL;
    if (k < 1 || k > 4 || qualifier > CS_NUM_VALUES || (flags & ~(uint32_t)CS_RAISE_ON_TIE))
        return CS_E_ARG;
    int st;
    if ((st = cs__ensure_tables()) != CS_OK) /* cs__binom below */
        return st;
    const uint32_t n = 51 - k;
    if (n_out != cs__binom[n][5 - k])
        return CS_E_SIZE;
    if (up >= 52)
        return CS_E_CARD;
    uint64_t mask = (uint64_t)1 << up;
    for (uint32_t i = 0; i < k; i++) {
        if (dead[i] >= 52)
            return CS_E_CARD;
        if (mask >> dead[i] & 1)
            return CS_E_DUPLICATE;
        mask |= (uint64_t)1 << dead[i];
    }
    if ((st = cs__check_nets(nets, DEAD_NET_LIMIT)) != CS_OK)
        return st;
    const size_t quads = cs__binom[n][4], finals = cs__binom[n][5];
    gm_unit *u = calloc(1, sizeof *u);
    gm_job *job = calloc(1, sizeof *job);
    uint16_t *w4 = malloc(quads * sizeof *w4), *hv = malloc(finals * sizeof *hv);
    uint32_t *qd = malloc(quads * sizeof *qd), *qstart = malloc((NT + 1) * sizeof *qstart);
    uint32_t *hands = malloc(finals * sizeof *hands), *pend = malloc(finals * sizeof *pend);
    if (!u || !job || !w4 || !hv || !qd || !qstart || !hands || !pend) {
        st = CS_E_NOMEM;
        goto done;
    }
    u->nets = nets;
    u->q = qualifier;
    u->flags = flags;
    u->up = up;
    job->u = u;
    job->kept = out;
    job->kept_size = (int)(5 - k);
    memset(out, 0, n_out * sizeof *out);
    gm_sweep *s = &job->sw;
    s->n = 0;
    for (uint8_t y = 0; y < 52; y++)
        if (!(mask >> y & 1))
            s->unseen[s->n++] = y;
    s->w4 = w4;
    s->quads = qd;
    s->qstart = qstart;
    s->hands = hands;
    s->pend = pend;
    s->hv = hv;
    cs__gm_quads(s, up, qualifier, 1);
    cs__gm_hands(job, GM_KEEP);
done:
    free(u);
    free(job);
    free(w4);
    free(hv);
    free(qd);
    free(qstart);
    free(hands);
    free(pend);
    return st;
}

/* ---- the whole game of one up rank with switches of the sizes asked, each situation's best exact ----
 *
 * Every discard set X of k cards (k = 1 .. 4 where asked; standing is k = 0, X empty) of the 51 cards
 * other than the up card (4 x up_rank, of suit 0) is swept once per class under the permutations of the
 * three other suits (DEAD_SUITS): the class's representative X (the least of its images) is swept, and
 * each distinct image s(X) gives the kept sets s(K) their sums V(K), R(K) (the final hands raised). The
 * hand H = s(K) + s(X) has the option "switch s(X)", worth V(K) / (C(46, 4) C(42, k)) - fee(k) (see
 * above: C(46, k) C(46 - k, 4) = C(46, 4) C(42, k)), compared for every hand over one denominator
 * C(46, 4) x DEAD_L (DEAD_L = lcm of C(42, k), k = 0 .. 4) in 128 bits. Each thread keeps its best of
 * each hand (ties: the option of fewer cards, then of the lower mask, so the choice does not depend on
 * which thread swept what); the merge takes the best of the threads'. With the switch of all five asked
 * (bit 5), switch_five.c gives every hand its value (the raise over C(46, 5) x C(41, 4) = C(46, 4) x
 * C(42, 5) deals), the denominator becomes C(46, 4) x DEAD_L5, and the merge takes it where it is strictly
 * the best (the option of the most cards loses every tie); no class sweeps it, so its deals are summed by
 * value, not tallied by outcome. */

#define DEAD_L 447720 /* lcm(1, 42, 861, 11480, 111930) = 2^3 3 5 7 13 41 */
#define DEAD_L5 8506680 /* with C(42, 5) = 850,668 = 2^2 3 7 13 19 41 too: 19 x DEAD_L */
#define DEAD_MAXK 4
#define DEAD_FIVE_ID (5 * 32 + 31) /* the option "switch all five" (no class: switch_five.c counts it) */
#define DEAD_FIVE_NET_LIMIT ((int64_t)1 << 20) /* switch_five.c's limit on a net */
#define DEAD_GAMES 8 /* fee schedules counted at once (cs_test_switch_exact_many): pass 1 is shared */

static const uint8_t DEAD_PERMS[6][4] = {{0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3},
                                         {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1}};

static inline uint8_t dead_relabel(uint8_t card, int perm)
{
    return (uint8_t)((card & ~3) | DEAD_PERMS[perm][card & 3]);
}

/* The set of s positions among n after c (ascending), in colex order; 0 after the last. */
static inline int dead_next_set(uint32_t *c, uint32_t s, uint32_t n)
{
    uint32_t i = 0;
    while (i + 1 < s && c[i] + 1 == c[i + 1]) {
        c[i] = i;
        i++;
    }
    return ++c[i] < n - (s - 1 - i) || i != s - 1;
}

typedef struct {
    uint8_t k;
    uint8_t x[DEAD_MAXK];     /* the representative, cards ascending */
    uint8_t n_img;
    uint8_t perm[6];          /* one permutation for each distinct image */
} dead_class;

typedef struct {
    const cs_nets *nets;
    uint16_t q;
    uint32_t flags;
    uint8_t up;
    uint32_t n_games;               /* the fee schedules counted at once (one sweep of each class serves all) */
    uint32_t game;                  /* pass 2: the game whose chosen options are tallied */
    uint32_t sizes[DEAD_GAMES];     /* each game's sizes: bit k, k cards may be switched */
    __int128 fee_d[DEAD_GAMES][DEAD_MAXK + 2]; /* fee(k) x C(46, 4) x L (L: DEAD_L, or DEAD_L5 with all five) */
    int64_t mul[DEAD_GAMES][DEAD_MAXK + 2];    /* L / C(42, k) */
    const dead_class *classes;
    uint32_t n_classes;
    atomic_uint next;
    int pass;                       /* 1: each hand's best; 2: the deals of the chosen options */
    const uint8_t *final_id;        /* pass 2 (and pass 1 with given choices): each hand's choice */
    int given;                      /* the choices are given (final_id from the start): no best sought */
    uint64_t *swept;                /* the classes swept in both passes (the caller's progress) */
    const uint64_t *stop;           /* non-zero: the caller stops the count (no class begun after) */
} dead_ctx;

typedef struct {
    dead_ctx *c;
    gm_unit u;
    gm_job job;
    uint16_t *w4, *hv;
    uint32_t *qd, *qstart, *hands, *pend;
    int64_t *kept;
    uint32_t *raised;
    __int128 *best;           /* [n_games x GM_HANDS] by game, then the colex index of the hand's positions among the 51 */
    uint8_t *best_id;         /* k x 32 + mask (bits of the hand's cards, ascending); 255: none yet */
    uint32_t *best_raised;    /* R(K) of the best: its final hands raised */
    uint8_t *kmk;             /* pass 2: [C(n, 5 - k)] the images of each kept set chosen */
    cs_totals kt[DEAD_MAXK + 1]; /* pass 2: the deals of the hands that chose k cards */
} dead_job;

/* The sweep's cards: all but the up card and the discard set x (k cards; k = 0: none). */
static void dead_cards(dead_job *dj, const uint8_t *x, uint32_t k)
{
    uint64_t mask = (uint64_t)1 << dj->c->up;
    for (uint32_t i = 0; i < k; i++)
        mask |= (uint64_t)1 << x[i];
    gm_sweep *s = &dj->job.sw;
    s->n = 0;
    for (uint8_t y = 0; y < 52; y++)
        if (!(mask >> y & 1))
            s->unseen[s->n++] = y;
    dj->job.kept_size = (int)(5 - k);
}

/* Pass 1: the sums of the kept sets of one discard set x (k cards; k = 0: each final hand alone). */
static void dead_sweep(dead_job *dj, const uint8_t *x, uint32_t k)
{
    gm_job *job = &dj->job;
    gm_sweep *s = &job->sw;
    dead_cards(dj, x, k);
    const size_t n_kept = cs__binom[s->n][5 - k];
    memset(dj->kept, 0, n_kept * sizeof *dj->kept);
    memset(dj->raised, 0, n_kept * sizeof *dj->raised);
    cs__gm_quads(s, dj->c->up, dj->c->q, 1);
    cs__gm_hands(job, GM_KEEP);
}

/* Every hand s(K) + s(X) with its option "switch s(X)" (k cards of class cl): offering (mark 0, pass 1)
 * gives it the sweep's sums (with given choices, only to the hands whose choice it is); marking (mark 1:
 * pass 2, and pass 1 with given choices before the sweep) marks the kept sets whose hands chose it (kmk).
 * Returns the marks. */
static uint64_t dead_offer(dead_job *dj, const dead_class *cl, int mark)
{
    dead_ctx *c = dj->c;
    const gm_sweep *s = &dj->job.sw;
    const uint32_t k = cl->k, ks = 5 - k, n = s->n;
    uint64_t marks = 0;
    if (mark)
        memset(dj->kmk, 0, cs__binom[n][ks]);
    for (int g = 0; g < cl->n_img; g++) {
        const int perm = cl->perm[g];
        uint8_t img[MAXN], xs[DEAD_MAXK];
        for (uint32_t i = 0; i < n; i++)
            img[i] = dead_relabel(s->unseen[i], perm);
        for (uint32_t i = 0; i < k; i++)
            xs[i] = dead_relabel(cl->x[i], perm);
        uint32_t p[5] = {0, 1, 2, 3, 4}, ix = 0;
        for (;;) {
            /* the hand: the kept cards' images and the discarded set's, sorted */
            uint8_t h[5], isx[5];
            uint32_t m = 0;
            for (uint32_t i = 0; i < ks; i++, m++) {
                h[m] = img[p[i]];
                isx[m] = 0;
            }
            for (uint32_t i = 0; i < k; i++, m++) {
                h[m] = xs[i];
                isx[m] = 1;
            }
            for (int i = 1; i < 5; i++)
                for (int j = i; j > 0 && h[j] < h[j - 1]; j--) {
                    uint8_t t = h[j];
                    h[j] = h[j - 1];
                    h[j - 1] = t;
                    t = isx[j];
                    isx[j] = isx[j - 1];
                    isx[j - 1] = t;
                }
            uint32_t hix = 0, dmask = 0;
            for (int i = 0; i < 5; i++) {
                hix += cs__binom[gm_pos51(h[i], c->up)][i + 1];
                dmask |= (uint32_t)isx[i] << i;
            }
            const uint8_t id = (uint8_t)(k * 32 + dmask);
            if (mark) {
                if (c->final_id[hix] == id) {
                    dj->kmk[ix]++;
                    marks++;
                }
                goto next;
            }
            if (c->given && c->final_id[hix] != id)
                goto next;
            for (uint32_t gm = 0; gm < c->n_games; gm++) { /* the sweep's sums, priced in each game */
                if (k && !(c->sizes[gm] >> k & 1))
                    continue;
                const size_t at = (size_t)gm * GM_HANDS + hix;
                const __int128 v = (__int128)dj->kept[ix] * c->mul[gm][k] - c->fee_d[gm][k];
                const uint8_t bid = dj->best_id[at];
                if (bid == 255 || v > dj->best[at] || (v == dj->best[at] && id < bid)) {
                    dj->best[at] = v;
                    dj->best_id[at] = id;
                    dj->best_raised[at] = dj->raised[ix];
                }
            }
        next:
            ix++;
            if (ks == 0)
                break;
            if (!dead_next_set(p, ks, n))
                break;
        }
    }
    return marks;
}

/* One class of the pass under way: pass 1 sweeps it and offers its options to its hands; pass 2 sweeps it again
 * where some hand chose it, tallying the deals. */
static void dead_class_pass(dead_job *dj, const dead_class *cl)
{
    dead_ctx *c = dj->c;
    if (c->pass == 1) {
        if (c->given) { /* only a class some hand chose */
            dead_cards(dj, cl->x, cl->k);
            if (!dead_offer(dj, cl, 1))
                return;
        }
        dead_sweep(dj, cl->x, cl->k);
        dead_offer(dj, cl, 0);
        return;
    }
    dead_cards(dj, cl->x, cl->k);
    if (!dead_offer(dj, cl, 1)) /* no hand chose this class */
        return;
    dj->job.kmk = dj->kmk;
    dj->job.kmul = (uint64_t)c->mul[c->game][cl->k];
    dj->job.kout = &dj->kt[cl->k];
    cs__gm_quads(&dj->job.sw, c->up, c->q, 1);
    cs__gm_hands(&dj->job, GM_KEEP2);
}

static void *dead_worker(void *arg)
{
    dead_job *dj = arg;
    dead_ctx *c = dj->c;
    for (;;) {
        const uint32_t t = atomic_fetch_add(&c->next, 1);
        if (t >= c->n_classes || __atomic_load_n(c->stop, __ATOMIC_RELAXED))
            break;
        dead_class_pass(dj, &c->classes[t]);
        __atomic_fetch_add(c->swept, 1, __ATOMIC_RELAXED);
    }
    return NULL;
}

/* The classes of the discard sets of the sizes asked (bit k, k = 0 .. 4), up card of suit 0. */
static dead_class *dead_classes(uint8_t up, uint32_t sizes, uint32_t *n_out)
{
    size_t cap = 1;
    for (uint32_t k = 1; k <= DEAD_MAXK; k++)
        if (sizes >> k & 1)
            cap += cs__binom[51][k];
    dead_class *cls = malloc(cap * sizeof *cls);
    if (!cls)
        return NULL;
    uint32_t n = 0;
    cls[n++] = (dead_class){0, {0}, 1, {0}};
    uint8_t cards[51];
    for (uint8_t y = 0, m = 0; y < 52; y++)
        if (y != up)
            cards[m++] = y;
    for (uint32_t k = 1; k <= DEAD_MAXK; k++) {
        if (!(sizes >> k & 1))
            continue;
        uint32_t a[DEAD_MAXK] = {0, 1, 2, 3};
        for (;;) {
            uint8_t x[DEAD_MAXK];
            for (uint32_t i = 0; i < k; i++)
                x[i] = cards[a[i]];
            /* the images, each sorted; x is a representative when it is the least */
            uint8_t imgs[6][DEAD_MAXK];
            int rep = 1;
            for (int g = 0; g < 6 && rep; g++) {
                for (uint32_t i = 0; i < k; i++)
                    imgs[g][i] = dead_relabel(x[i], g);
                for (uint32_t i = 1; i < k; i++)
                    for (uint32_t j = i; j > 0 && imgs[g][j] < imgs[g][j - 1]; j--) {
                        const uint8_t t = imgs[g][j];
                        imgs[g][j] = imgs[g][j - 1];
                        imgs[g][j - 1] = t;
                    }
                for (uint32_t i = k; i-- > 0;) { /* compare from the highest card down (colex) */
                    if (imgs[g][i] != x[i]) {
                        rep = imgs[g][i] > x[i];
                        break;
                    }
                }
            }
            if (rep) {
                dead_class *cl = &cls[n++];
                cl->k = (uint8_t)k;
                memcpy(cl->x, x, sizeof x);
                cl->n_img = 0;
                for (int g = 0; g < 6; g++) {
                    int seen = 0;
                    for (int h = 0; h < g && !seen; h++)
                        seen = memcmp(imgs[h], imgs[g], k) == 0;
                    if (!seen)
                        cl->perm[cl->n_img++] = (uint8_t)g;
                }
            }
            if (!dead_next_set(a, k, 51))
                break;
        }
    }
    *n_out = n;
    return cls;
}

static void dead_free(dead_job *dj)
{
    free(dj->w4);
    free(dj->hv);
    free(dj->qd);
    free(dj->qstart);
    free(dj->hands);
    free(dj->pend);
    free(dj->kept);
    free(dj->raised);
    free(dj->best);
    free(dj->best_id);
    free(dj->best_raised);
    free(dj->kmk);
}

static uint64_t dead_gcd(uint64_t a, uint64_t b)
{
    while (b) {
        const uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* The whole game of one up rank for n_games fee schedules at once (cs_test_switch_exact_many: each class swept once
 * in pass 1, its sums priced in every game; pass 2 once per game; fees[g x n_fees + k], sizes[g], out[g]; the
 * progress and the stop in out[0]), the game of one schedule (cs_test_switch_exact_rank, n_games 1), or with given
 * choices (cs_test_switch_exact_given: given[GM_HANDS], non-NULL, one game, no probes). */
static int dead_rank(uint8_t up_rank, uint16_t qualifier, const cs_nets *nets, uint32_t flags, const int64_t *fees,
                     size_t n_fees, const uint32_t *sizes, uint32_t n_games, uint32_t threads, cs_switch_exact *out,
                     const uint8_t *probes, size_t n_probes, int64_t *probe_out, const uint8_t *given)
{
    if (!nets || !fees || !sizes || !out || (n_probes && (!probes || !probe_out)))
        return CS_E_NULL;
    if (n_games < 1 || n_games > DEAD_GAMES || n_probes > 4096 || ((n_probes || given) && n_games != 1))
        return CS_E_SIZE;
    uint32_t all_sizes = 0;
    int any_five = 0;
    for (uint32_t g = 0; g < n_games; g++) {
        const int five = (int)(sizes[g] >> 5 & 1);
        if (n_fees < DEAD_MAXK + 1 + (size_t)five) /* the callers check their own rule of n_fees */
            return CS_E_SIZE;
        if (sizes[g] & ~(uint32_t)0x3f)
            return CS_E_ARG;
        for (uint32_t k = 1; k <= DEAD_MAXK + 1; k++)
            if ((sizes[g] >> k & 1) && (fees[g * n_fees + k] < 0 || fees[g * n_fees + k] > DEAD_NET_LIMIT))
                return CS_E_ARG;
        all_sizes |= sizes[g];
        any_five |= five;
    }
    if (up_rank >= 13 || qualifier > CS_NUM_VALUES || threads < 1 || threads > 64 ||
        (flags & ~(uint32_t)CS_RAISE_ON_TIE))
        return CS_E_ARG;
    int st;
    if ((st = cs__check_nets(nets, any_five ? DEAD_FIVE_NET_LIMIT : DEAD_NET_LIMIT)) != CS_OK)
        return st;
    const uint8_t up = (uint8_t)(4 * up_rank);
    for (size_t m = 0; m < n_probes; m++) {
        uint64_t mask = 0;
        if ((st = cs__check_situation(probes + 5 * m, up, &mask)) != CS_OK)
            return st;
    }
    for (size_t h = 0; given && h < GM_HANDS; h++) { /* each choice an option the sizes allow */
        const uint32_t id = given[h], k = id >> 5, m = id & 31;
        if (!(id == 0 || (id == DEAD_FIVE_ID && any_five) ||
              (k >= 1 && k <= DEAD_MAXK && (sizes[0] >> k & 1) && (uint32_t)__builtin_popcount(m) == k)))
            return CS_E_ARG;
    }
    if ((st = cs__ensure_tables()) != CS_OK)
        return st;
    for (uint32_t g = 0; g < n_games; g++)
        memset(&out[g], 0, offsetof(cs_switch_exact, sweeps)); /* the results; stop is the caller's (zero to begin) */
    __atomic_store_n(&out->swept, 0, __ATOMIC_RELAXED);
    dead_ctx c = {0};
    c.nets = nets;
    c.q = qualifier;
    c.flags = flags;
    c.up = up;
    c.n_games = n_games;
    for (uint32_t g = 0; g < n_games; g++) {
        const int five = (int)(sizes[g] >> 5 & 1);
        const int64_t L = five ? DEAD_L5 : DEAD_L;
        c.sizes[g] = sizes[g];
        for (uint32_t k = 0; k <= DEAD_MAXK + (uint32_t)five; k++) {
            c.mul[g][k] = L / (int64_t)cs__binom[42][k];
            c.fee_d[g][k] = k == 0 ? 0 : (__int128)fees[g * n_fees + k] * cs__binom[46][4] * L;
        }
    }
    int64_t *w5 = NULL; /* the five-card switch's raise of every hand, summed over its deals (the same in every game) */
    if (any_five) {
        if (!(w5 = malloc(GM_HANDS * sizeof *w5)))
            return CS_E_NOMEM;
        if ((st = cs__switch_five_rank(up_rank, qualifier, nets, threads, w5)) != CS_OK) {
            free(w5);
            return st;
        }
    }
    c.given = given != NULL;
    c.final_id = given;
    c.classes = dead_classes(up, all_sizes & 0x1f, &c.n_classes);
    dead_job *jobs = calloc(threads, sizeof *jobs);
    if (!c.classes || !jobs) {
        free((void *)c.classes);
        free(jobs);
        free(w5);
        return CS_E_NOMEM;
    }
    atomic_init(&c.next, 0);
    c.swept = &out->swept;
    c.stop = &out->stop;
    out->sweeps = (1 + (uint64_t)n_games) * c.n_classes;
    const size_t n_best = (size_t)n_games * GM_HANDS;
    for (uint32_t t = 0; t < threads && st == CS_OK; t++) {
        dead_job *dj = &jobs[t];
        dj->c = &c;
        dj->u.nets = nets;
        dj->u.q = qualifier;
        dj->u.flags = flags;
        dj->u.up = up;
        dj->job.u = &dj->u;
        dj->w4 = malloc(GM_QUADS * sizeof *dj->w4);
        dj->qd = malloc(GM_QUADS * sizeof *dj->qd);
        dj->qstart = malloc((NT + 1) * sizeof *dj->qstart);
        dj->hv = malloc(GM_HANDS * sizeof *dj->hv);
        dj->hands = malloc(GM_HANDS * sizeof *dj->hands);
        dj->pend = malloc(GM_HANDS * sizeof *dj->pend);
        dj->kept = malloc(GM_HANDS * sizeof *dj->kept);
        dj->raised = malloc(GM_HANDS * sizeof *dj->raised);
        dj->best = malloc(n_best * sizeof *dj->best);
        dj->best_id = malloc(n_best);
        dj->best_raised = malloc(n_best * sizeof *dj->best_raised);
        dj->kmk = malloc(GM_HANDS);
        if (!dj->w4 || !dj->qd || !dj->qstart || !dj->hv || !dj->hands || !dj->pend || !dj->kept || !dj->raised ||
            !dj->best || !dj->best_id || !dj->best_raised || !dj->kmk) {
            st = CS_E_NOMEM;
            break;
        }
        memset(dj->best_id, 255, n_best);
        gm_sweep *s = &dj->job.sw;
        s->w4 = dj->w4;
        s->quads = dj->qd;
        s->qstart = dj->qstart;
        s->hv = dj->hv;
        s->hands = dj->hands;
        s->pend = dj->pend;
        dj->job.kept = dj->kept;
        dj->job.raised = dj->raised;
    }
    if (st == CS_OK) {
        c.pass = 1;
        cs__parallel(dead_worker, jobs, sizeof *jobs, threads);
    }
    for (uint32_t g = 0; g < n_games && st == CS_OK; g++) {
        if (__atomic_load_n(c.stop, __ATOMIC_RELAXED)) {
            st = CS_E_STOPPED;
            break;
        }
        cs_switch_exact *o = &out[g];
        const size_t base = (size_t)g * GM_HANDS;
        const int five = (int)(sizes[g] >> 5 & 1);
        const int64_t L = five ? DEAD_L5 : DEAD_L;
        /* the merge, and the sums; the raise shares over the lcm of C(46, k) */
        uint64_t lr = 1;
        for (uint32_t k = 0; k <= DEAD_MAXK + (uint32_t)five; k++)
            lr = lr / dead_gcd(lr, cs__binom[46][k]) * cs__binom[46][k];
        __int128 value = 0, raised = 0, value5 = 0;
        uint32_t hp[5] = {0, 1, 2, 3, 4}; /* hand h's positions among the 51, colex order as h */
        for (uint32_t h = 0; h < GM_HANDS; h++) {
            const size_t at = base + h;
            dead_job *b = &jobs[0];
            for (uint32_t t = 1; t < threads; t++) {
                dead_job *j = &jobs[t];
                if (j->best_id[at] == 255)
                    continue;
                if (b->best_id[at] == 255 || j->best[at] > b->best[at] ||
                    (j->best[at] == b->best[at] && j->best_id[at] < b->best_id[at]))
                    b = j;
            }
            __int128 best = b->best[at];
            uint8_t best_id = b->best_id[at];
            uint32_t best_raised = b->best_raised[at];
            if (five) { /* all five (then a raise, every replacement set): only when strictly better, or given */
                const __int128 v5 = (__int128)w5[h] * c.mul[g][5] - c.fee_d[g][5];
                if (given ? given[h] == DEAD_FIVE_ID : v5 > best) {
                    best = v5;
                    best_id = DEAD_FIVE_ID;
                    best_raised = (uint32_t)cs__binom[46][5];
                    value5 += v5;
                }
            }
            if (given && best_id != given[h]) { /* every chosen option was offered its value */
                st = CS_E_ARG;
                break;
            }
            const uint32_t k = best_id >> 5;
            value += best;
            raised += (__int128)best_raised * (int64_t)(lr / cs__binom[46][k]);
            o->chosen[k]++;
            uint8_t cards[5];
            for (int i = 0; i < 5; i++)
                cards[i] = (uint8_t)(hp[i] >= up ? hp[i] + 1 : hp[i]);
            const int cat = cs__value_cat[cs__value_of(cards)];
            o->by_category[cat][k ? k + 1 : best_raised != 0]++;
            uint32_t i = 0; /* the next hand in colex order */
            while (i < 4 && hp[i] + 1 == hp[i + 1]) {
                hp[i] = i;
                i++;
            }
            hp[i]++;
            jobs[0].best[at] = best; /* kept in thread 0's arrays for the probes and pass 2 */
            jobs[0].best_id[at] = best_id;
        }
        if (st != CS_OK)
            break;
        o->value_hi = (int64_t)(value >> 64);
        o->value_lo = (uint64_t)value;
        o->raise_hi = (int64_t)(raised >> 64);
        o->raise_lo = (uint64_t)raised;
        o->raise_unit = lr;
        o->value_unit = (uint64_t)cs__binom[46][4] * (uint64_t)L;
        o->five_hi = (int64_t)(value5 >> 64);
        o->five_lo = (uint64_t)value5;
        /* pass 2 of this game: each class again where some hand chose it, its final hands' deals tallied */
        c.pass = 2;
        c.game = g;
        c.final_id = jobs[0].best_id + base;
        for (uint32_t t = 0; t < threads; t++)
            memset(jobs[t].kt, 0, sizeof jobs[t].kt);
        atomic_store(&c.next, 0);
        cs__parallel(dead_worker, jobs, sizeof *jobs, threads);
        if (__atomic_load_n(c.stop, __ATOMIC_RELAXED)) {
            st = CS_E_STOPPED;
            break;
        }
        for (uint32_t t = 0; t < threads; t++)
            for (uint32_t k = 0; k <= DEAD_MAXK; k++)
                cs__totals_add(&o->deals[k], &jobs[t].kt[k]);
    }
    if (st == CS_OK && __atomic_load_n(c.stop, __ATOMIC_RELAXED))
        st = CS_E_STOPPED;
    if (st == CS_OK) {
        __atomic_store_n(&out->swept, out->sweeps, __ATOMIC_RELAXED);
        for (size_t m = 0; m < n_probes; m++) { /* the best of each probe, its mask in the probe's order (one game) */
            const uint8_t *pc = probes + 5 * m;
            uint8_t h[5];
            memcpy(h, pc, 5);
            for (int i = 1; i < 5; i++)
                for (int j = i; j > 0 && h[j] < h[j - 1]; j--) {
                    const uint8_t t = h[j];
                    h[j] = h[j - 1];
                    h[j - 1] = t;
                }
            uint32_t hix = 0;
            for (int i = 0; i < 5; i++)
                hix += cs__binom[gm_pos51(h[i], up)][i + 1];
            const uint8_t id = jobs[0].best_id[hix];
            uint32_t pmask = 0;
            for (int i = 0; i < 5; i++)
                if (id >> i & 1)
                    for (int j = 0; j < 5; j++)
                        pmask |= (uint32_t)(pc[j] == h[i]) << j;
            probe_out[3 * m] = (int64_t)(jobs[0].best[hix] >> 64);
            probe_out[3 * m + 1] = (int64_t)(uint64_t)jobs[0].best[hix];
            probe_out[3 * m + 2] = (int64_t)pmask;
        }
    }
    for (uint32_t t = 0; t < threads; t++)
        dead_free(&jobs[t]);
    free(jobs);
    free((void *)c.classes);
    free(w5);
    return st;
}

int cs_test_switch_exact_rank(uint8_t up_rank, uint16_t qualifier, const cs_nets *nets, uint32_t flags,
                              const int64_t *fees, size_t n_fees, uint32_t sizes, uint32_t threads,
                              cs_switch_exact *out, const uint8_t *probes, size_t n_probes, int64_t *probe_out)
{
    if (!nets || !fees || !out)
        return CS_E_NULL;
    if (n_fees != DEAD_MAXK + 1 + (sizes >> 5 & 1)) /* fees[0 .. 4], and fees[5] with all five */
        return CS_E_SIZE;
    return dead_rank(up_rank, qualifier, nets, flags, fees, n_fees, &sizes, 1, threads, out, probes, n_probes,
                     probe_out, NULL);
}

int cs_test_switch_exact_many(uint8_t up_rank, uint16_t qualifier, const cs_nets *nets, uint32_t flags,
                              const int64_t *fees, size_t n_fees, const uint32_t *sizes, size_t n_games,
                              uint32_t threads, cs_switch_exact *out)
{
    if (!nets || !fees || !sizes || !out)
        return CS_E_NULL;
    if (n_games > DEAD_GAMES || n_fees != DEAD_MAXK + 2) /* each game's fees[0 .. 5], fees[5] read with all five */
        return CS_E_SIZE;
    return dead_rank(up_rank, qualifier, nets, flags, fees, n_fees, sizes, (uint32_t)n_games, threads, out, NULL, 0,
                     NULL, NULL);
}

int cs_test_switch_exact_given(uint8_t up_rank, uint16_t qualifier, const cs_nets *nets, uint32_t flags,
                               const int64_t *fees, size_t n_fees, uint32_t sizes, uint32_t threads,
                               const uint8_t *given, size_t n_given, cs_switch_exact *out)
{
    if (!given)
        return CS_E_NULL;
    if (n_given != GM_HANDS)
        return CS_E_SIZE;
    if (!nets || !fees || !out)
        return CS_E_NULL;
    if (n_fees != DEAD_MAXK + 1 + (sizes >> 5 & 1))
        return CS_E_SIZE;
    return dead_rank(up_rank, qualifier, nets, flags, fees, n_fees, &sizes, 1, threads, out, NULL, 0, NULL, given);
}
