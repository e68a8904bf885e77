/* switch.c - card switching (Oasis Poker): one situation, every discard set, exact.
 *
 * After seeing his five cards and the up card the player replaces the cards of a discard set
 * (j of his five) by j cards drawn from the 46 unseen; the discards are out of play and the
 * dealer's four hole cards come from the 46 - j cards left. Then he raises or folds.
 *
 * For a final hand H = kept cards + replacement set R, the dealer hands below a threshold t are
 * counted by inclusion-exclusion over the subsets S of R (the dealer may not hold a card of R):
 *     F_R(t) = sum over S of (-1)^|S| G_S(t),   G_S(t) = #{4-sets T of the 46 unseen, T >= S,
 *                                                           value(T + up) < t}
 * with G read from tables built once per situation for every discard set: G_0 and G_{x} as
 * cumulative counts by value, G_{x,y} the same for each of the 1,035 pairs, G_{x,y,z} from the
 * 43 sorted values of each triple, G of four cards a lookup. The thresholds are the qualifier and
 * the final hand's value v and v + 1 (raised to the qualifier); a hand below the qualifier only
 * needs the counts below the qualifier, kept apart in small tables.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define NU 46                   /* unseen cards in one situation: 52 - 5 - 1 */
#define MAXN 51                 /* the most cards the tables are built over: 52 - the up card */
#define NT (CS_NUM_VALUES + 1)  /* thresholds 0 .. 7462 */
#define TRIPLE_ROW 48           /* n - 3 values (43 for one situation, 48 at most), padded */

/* The tables over n cards (unseen[0 .. n)): the dealer's four hole cards come from them, less the
 * cards a final hand holds; counts are by position in unseen. */
typedef struct {
    uint32_t n;
    uint8_t unseen[MAXN];
    uint8_t player[5], up;
    uint16_t q;
    uint32_t flags;
    const cs_nets *nets;
    uint32_t *cum0;             /* [NT] */
    uint16_t *cum1;             /* [n][NT] */
    uint16_t *cum2;             /* [C(n, 2)][NT], only when a set discards 2 or more */
    uint16_t *tri;              /* [C(n, 3)][TRIPLE_ROW] sorted, padded with CS__NO_VALUE */
    uint16_t *w4;               /* [C(n, 4)] value of each dealer hand */
    uint16_t q1[MAXN];          /* below the qualifier */
    uint16_t *q2;               /* [C(n, 2)] */
    uint8_t *q3;                /* [C(n, 3)] */
    /* work items: (discard set, highest replacement index) */
    uint32_t n_items;
    uint16_t items[32 * NU];
    atomic_uint next;
} sw_ctx;

typedef struct {
    sw_ctx *ctx;
    cs_totals out[32];
} sw_job;

static inline uint32_t pair_ix(uint32_t a, uint32_t b) /* a < b */
{
    return a + b * (b - 1) / 2;
}

static inline uint32_t triple_ix(uint32_t a, uint32_t b, uint32_t c) /* a < b < c */
{
    return a + b * (b - 1) / 2 + cs__binom[c][3];
}

static inline uint32_t quad_ix(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    return a + b * (b - 1) / 2 + cs__binom[c][3] + cs__binom[d][4];
}

typedef uint16_t sw_v16u16 __attribute__((vector_size(32)));

/* Adds to acc1 and acc2 (lane counts) the values of a triple's row below t1 and below t2. */
static inline __attribute__((always_inline)) void tri_below(const uint16_t *row, const sw_v16u16 *t1,
                                                             const sw_v16u16 *t2, sw_v16u16 *acc1, sw_v16u16 *acc2)
{
    for (int k = 0; k < TRIPLE_ROW; k += 16) {
        sw_v16u16 v;
        memcpy(&v, row + k, sizeof v);
        *acc1 -= (sw_v16u16)(v < *t1); /* -1 where below */
        *acc2 -= (sw_v16u16)(v < *t2);
    }
}

static inline __attribute__((always_inline)) int64_t lanes(const sw_v16u16 *a)
{
    int64_t n = 0;
    for (int l = 0; l < 16; l++)
        n += (*a)[l];
    return n;
}

/* The tables for n cards (n <= MAXN), for hands that leave out up to max_j of them (cum2 from 2, the
 * triples from 3): allocated once, filled by fill() for each set of n cards. */
static int tables_alloc(sw_ctx *c, uint32_t n, int max_j)
{
    const size_t nt = cs__binom[n][3], np = cs__binom[n][2];
    c->cum0 = malloc(NT * sizeof *c->cum0);
    c->cum1 = malloc((size_t)n * NT * sizeof *c->cum1);
    c->w4 = malloc(cs__binom[n][4] * sizeof *c->w4);
    c->q2 = malloc(np * sizeof *c->q2);
    c->q3 = malloc(nt * sizeof *c->q3);
    c->cum2 = max_j >= 2 ? malloc(np * NT * sizeof *c->cum2) : NULL;
    c->tri = max_j >= 3 ? malloc(nt * TRIPLE_ROW * sizeof *c->tri) : NULL;
    if (!c->cum0 || !c->cum1 || !c->w4 || !c->q2 || !c->q3 || (max_j >= 2 && !c->cum2) || (max_j >= 3 && !c->tri))
        return CS_E_NOMEM;
    return CS_OK;
}

static void tables_free(sw_ctx *c)
{
    free(c->cum0);
    free(c->cum1);
    free(c->cum2);
    free(c->tri);
    free(c->w4);
    free(c->q2);
    free(c->q3);
}

/* Fills the tables for the c->n cards of c->unseen (the allocation's n or fewer). */
static void fill(sw_ctx *c)
{
    const uint32_t n = c->n;
    const size_t nt = cs__binom[n][3], np = cs__binom[n][2];
    memset(c->cum0, 0, NT * sizeof *c->cum0);
    memset(c->cum1, 0, (size_t)n * NT * sizeof *c->cum1);
    memset(c->q1, 0, sizeof c->q1);
    memset(c->q2, 0, np * sizeof *c->q2);
    memset(c->q3, 0, nt * sizeof *c->q3);
    if (c->cum2)
        memset(c->cum2, 0, np * NT * sizeof *c->cum2);
    uint8_t fill[20825]; /* C(51, 3) */
    memset(fill, 0, sizeof fill);
    for (uint32_t d = 3; d < n; d++)
        for (uint32_t cc = 2; cc < d; cc++)
            for (uint32_t b = 1; b < cc; b++)
                for (uint32_t a = 0; a < b; a++) {
                    uint8_t h[5] = {c->unseen[a], c->unseen[b], c->unseen[cc], c->unseen[d], c->up};
                    uint16_t w = cs__value_of(h);
                    c->w4[quad_ix(a, b, cc, d)] = w;
                    c->cum0[w + 1]++;
                    const uint32_t four[4] = {a, b, cc, d};
                    for (int i = 0; i < 4; i++)
                        c->cum1[(size_t)four[i] * NT + w + 1]++;
                    int below = w < c->q;
                    for (int i = 0; i < 4; i++) {
                        c->q1[four[i]] += below;
                        for (int k = i + 1; k < 4; k++) {
                            uint32_t p = pair_ix(four[i], four[k]);
                            c->q2[p] += below;
                            if (c->cum2)
                                c->cum2[(size_t)p * NT + w + 1]++;
                        }
                    }
                    for (int skip = 0; skip < 4; skip++) {
                        uint32_t t3[3], o = 0;
                        for (int i = 0; i < 4; i++)
                            if (i != skip)
                                t3[o++] = four[i];
                        uint32_t t = triple_ix(t3[0], t3[1], t3[2]);
                        c->q3[t] += below;
                        if (c->tri)
                            c->tri[(size_t)t * TRIPLE_ROW + fill[t]++] = w;
                    }
                }
    /* cumulative: entry t counts the values below t (the histograms were built one up) */
    for (uint32_t t = 1; t < NT; t++)
        c->cum0[t] += c->cum0[t - 1];
    for (uint32_t x = 0; x < n; x++) {
        uint16_t *r = c->cum1 + (size_t)x * NT;
        for (uint32_t t = 1; t < NT; t++)
            r[t] += r[t - 1];
    }
    if (c->cum2)
        for (uint32_t p = 0; p < np; p++) {
            uint16_t *r = c->cum2 + (size_t)p * NT;
            for (uint32_t t = 1; t < NT; t++)
                r[t] += r[t - 1];
        }
    if (c->tri)
        for (uint32_t t = 0; t < nt; t++) {
            uint16_t *r = c->tri + (size_t)t * TRIPLE_ROW;
            for (int k = fill[t]; k < TRIPLE_ROW; k++)
                r[k] = CS__NO_VALUE;
        }
}

/* F_R at the qualifier and at two thresholds t1 <= t2 (each >= q) when want is set. */
static inline __attribute__((always_inline)) void below(const sw_ctx *c, const uint32_t *r, int j, int want,
                                                         uint16_t t1, uint16_t t2, int64_t *fq, int64_t *f1,
                                                         int64_t *f2)
{
    int64_t a = c->cum0[c->q], b = 0, e = 0;
    sw_v16u16 acc1 = {0}, acc2 = {0}, v1, v2;
    for (int l = 0; l < 16; l++) {
        v1[l] = t1;
        v2[l] = t2;
    }
    if (want) {
        b = c->cum0[t1];
        e = c->cum0[t2];
    }
    for (int i = 0; i < j; i++) {
        a -= c->q1[r[i]];
        if (want) {
            const uint16_t *row = c->cum1 + (size_t)r[i] * NT;
            b -= row[t1];
            e -= row[t2];
        }
        for (int k = i + 1; k < j; k++) {
            uint32_t p = pair_ix(r[i], r[k]);
            a += c->q2[p];
            if (want) {
                const uint16_t *row = c->cum2 + (size_t)p * NT;
                b += row[t1];
                e += row[t2];
            }
            for (int l = k + 1; l < j; l++) {
                uint32_t t = triple_ix(r[i], r[k], r[l]);
                a -= c->q3[t];
                if (want)
                    tri_below(c->tri + (size_t)t * TRIPLE_ROW, &v1, &v2, &acc1, &acc2);
                for (int m = l + 1; m < j; m++) {
                    uint16_t w = c->w4[quad_ix(r[i], r[k], r[l], r[m])];
                    a += w < c->q;
                    if (want) {
                        b += w < t1;
                        e += w < t2;
                    }
                }
            }
        }
    }
    *fq = a;
    *f1 = b - lanes(&acc1); /* at most 10 triples x 3 per lane: no overflow */
    *f2 = e - lanes(&acc2);
}

/* Every replacement set of discard set d whose highest card is unseen[top], in colex order (the
 * lowest card changes fastest: the hand values are read nearly in order). */
static inline __attribute__((always_inline)) void run_item_body(const sw_ctx *c, uint32_t d, uint32_t top,
                                                                 cs_totals *o)
{
    int j = __builtin_popcount(d);
    uint8_t kept[5];
    int nk = 0;
    for (int i = 0; i < 5; i++)
        if (!(d >> i & 1))
            kept[nk++] = c->player[i];
    for (int i = 1; i < nk; i++) /* ascending */
        for (int k = i; k > 0 && kept[k] < kept[k - 1]; k--) {
            uint8_t x = kept[k];
            kept[k] = kept[k - 1];
            kept[k - 1] = x;
        }
    const uint64_t comp = cs__binom[NU - j][4];
    uint32_t r[5] = {0, 1, 2, 3, 4};
    if (j > 0)
        r[j - 1] = top;
    for (;;) {
        uint8_t h[5];
        int a = 0, b = 0;
        for (int x = 0; x < 5; x++) /* merge: the final hand, ascending */
            h[x] = (b >= j || (a < nk && kept[a] < c->unseen[r[b]])) ? kept[a++] : c->unseen[r[b++]];
        uint16_t v = cs__value5[cs__colex5(h)];
        int cat = cs__value_cat[v];
        int want = v >= c->q;
        int64_t fq, f1, f2;
        below(c, r, j, want, v, (uint16_t)(v + 1), &fq, &f1, &f2);
        int64_t nq = fq, win = 0, tie = 0;
        if (want) {
            win = f1 - fq;
            tie = f2 - f1;
        } else {
            f2 = fq;
        }
        int64_t lose = (int64_t)comp - f2;
        cs__margin m = cs__margin_of(c->nets, cat, comp);
        int64_t margin = cs__raise_margin(m, nq, win, tie);
        if (margin == 0)
            o->indifferent_situations++;
        if (margin > 0 || (margin == 0 && (c->flags & CS_RAISE_ON_TIE)) || (d == 31 && (c->flags & CS_SWITCH_FIVE_RAISES))) {
            o->raise_situations++;
            o->not_qualify[cat] += (uint64_t)nq;
            o->win[cat] += (uint64_t)win;
            o->tie[cat] += (uint64_t)tie;
            o->lose[cat] += (uint64_t)lose;
        } else {
            o->fold[cat] += comp;
        }
        o->total_weight += comp;
        /* the next set below top, colex: raise the lowest card that can rise, reset those below it */
        int x = 0;
        while (x < j - 1 && r[x] + 1 == r[x + 1])
            x++;
        if (x >= j - 1)
            break;
        r[x]++;
        for (int y = 0; y < x; y++)
            r[y] = (uint32_t)y;
    }
}

static void run_item_generic(const sw_ctx *c, uint32_t d, uint32_t top, cs_totals *o)
{
    run_item_body(c, d, top, o);
}

#if CS__X86_64
__attribute__((target("avx2"))) static void run_item_avx2(const sw_ctx *c, uint32_t d, uint32_t top, cs_totals *o)
{
    run_item_body(c, d, top, o);
}

static void run_item(const sw_ctx *c, uint32_t d, uint32_t top, cs_totals *o)
{
    if (cs__have_avx2())
        run_item_avx2(c, d, top, o);
    else
        run_item_generic(c, d, top, o);
}
#else
#define run_item run_item_generic
#endif

static void *worker(void *arg)
{
    sw_job *job = arg;
    sw_ctx *c = job->ctx;
    for (;;) {
        uint32_t k = atomic_fetch_add(&c->next, 1);
        if (k >= c->n_items)
            break;
        run_item(c, c->items[k] >> 8, c->items[k] & 0xff, &job->out[c->items[k] >> 8]);
    }
    return NULL;
}

int cs_switch(const uint8_t *player, uint8_t up, uint32_t set_mask, uint16_t qualifier, const cs_nets *nets,
              uint32_t flags, uint32_t threads, cs_totals *out, size_t n_out)
{
    if (!player || !nets || !out)
        return CS_E_NULL;
    if (n_out != 32)
        return CS_E_SIZE;
    if (qualifier > CS_NUM_VALUES || threads < 1 || threads > 64 || (flags & ~(uint32_t)(CS_RAISE_ON_TIE | CS_SWITCH_FIVE_RAISES)))
        return CS_E_ARG;
    uint64_t mask = 0;
    int st;
    if ((st = cs__check_situation(player, up, &mask)) != CS_OK)
        return st;
    if ((st = cs__check_nets(nets, CS__NET_LIMIT)) != CS_OK)
        return st;
    if ((st = cs__ensure_tables()) != CS_OK)
        return st;
    memset(out, 0, n_out * sizeof *out);
    if (set_mask == 0)
        return CS_OK;
    sw_ctx *c = calloc(1, sizeof *c);
    sw_job *jobs = calloc(threads, sizeof *jobs);
    if (!c || !jobs) {
        free(c);
        free(jobs);
        return CS_E_NOMEM;
    }
    uint32_t n = 0;
    for (uint8_t x = 0; x < 52; x++)
        if (!(mask >> x & 1))
            c->unseen[n++] = x;
    memcpy(c->player, player, 5);
    c->up = up;
    c->q = qualifier;
    c->flags = flags;
    c->nets = nets;
    int max_j = 0;
    /* work items, the largest first: discard sets by size, then the lowest replacement card */
    for (int j = 5; j >= 0; j--)
        for (uint32_t d = 0; d < 32; d++) {
            if (!(set_mask >> d & 1) || __builtin_popcount(d) != j)
                continue;
            max_j = j > max_j ? j : max_j;
            /* the highest replacement card: the largest shares first */
            uint32_t lo = j == 0 ? 0 : (uint32_t)j - 1, hi = j == 0 ? 1 : NU;
            for (uint32_t t = hi; t-- > lo;)
                c->items[c->n_items++] = (uint16_t)(d << 8 | t);
        }
    atomic_init(&c->next, 0);
    c->n = NU;
    st = tables_alloc(c, NU, max_j);
    if (st == CS_OK) {
        fill(c);
        for (uint32_t t = 0; t < threads; t++)
            jobs[t].ctx = c;
        cs__parallel(worker, jobs, sizeof *jobs, threads);
        for (uint32_t t = 0; t < threads; t++)
            for (uint32_t d = 0; d < 32; d++)
                cs__totals_add(&out[d], &jobs[t].out[d]);
    }
    tables_free(c);
    free(c);
    free(jobs);
    return st;
}

/* ---- the whole game when at most one card may be switched (cs_switch_game) -------------------------
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
 * A final hand H's dealer hands below a threshold t come by the inclusion-exclusion of cs_switch,
 * F_H(t) = sum over S in H, |S| <= 4, of (-1)^|S| G_S(t), but G is not tabled for every threshold: the
 * final hands at or above the qualifier are taken in increasing value v while the dealer hands are
 * added, in increasing value, to running counts G_S by card, pair and triple of cards (a few KB), so
 * each hand reads them at t = v; the dealer hands of value exactly v, counted apart the same way, give
 * its ties, and the counts frozen at the qualifier its dealer hands that do not qualify.
 *
 * Pass 1 (standing and the 25 classes, shared by the threads): each final hand's best value is added
 * to the sums of its five 4-sets as kept sets, and each kept set's sum gives the hands it serves
 * their best switch so far. After the merge (the choice of each hand), pass 2 counts again, class by
 * class, only the final hands of chosen switches, each as many times as chosen switches end in it.
 * With the choices given (cs_switch_game_given), pass 1 only stands and builds each class's dealer
 * hands, the merge takes the given choice of each hand, and pass 2 counts them as it counts the best. */

#define GM_HANDS 2349060u  /* C(51, 5): the player's hands beside one up card */
#define GM_FINALS 2118760u /* C(50, 5): the final hands when one card is out of play */
#define GM_KEPT 230300u    /* C(50, 4): the kept cards */
#define GM_QUADS 249900u   /* C(51, 4): the most dealer hands */
#define GM_W 6853770       /* 46 x C(45, 4) */
#define GM_NO_SWITCH 255
#define GM_FIVE 254        /* cs_switch_bounds with five: the hand switches all five (no card's class counts it) */
#define GM_NET_LIMIT ((int64_t)1 << 36) /* 46 x C(45, 4) x |net| and the fee's term fit 63 bits */
#define GM_CLASSES 25      /* the switched card: 12 of the up card's suit, 13 of another */

typedef struct {
    int32_t nq, win, tie, lose;
    uint8_t cat, raise;
} gm_outcome;

/* Counts of dealer hands (4-sets of positions), three in each word: those below the qualifier
 * (GM_Q), below the current value (GM_RUN), of the current value (GM_AT). A word of c0, c1, c2 holds
 * 21-bit fields, one of c3 10-bit fields: enough for the sums read (c0 at most 249,900, c1 19,600
 * each, c2 1,176, c3 48; 5 c1, c0 and 10 c2, 10 c3), so an inclusion-exclusion adds the positive terms and the negative terms of
 * the three at once, field by field, without a carry. */
typedef struct {
    uint64_t c0;
    uint64_t c1[MAXN];
    uint64_t c2[1275];  /* C(51, 2) */
    uint32_t c3[20825]; /* C(51, 3) */
} gm_counts;

enum { GM_Q, GM_RUN, GM_AT };
#define GM_F21(f) ((uint64_t)1 << (21 * (f)))
#define GM_F10(f) ((uint32_t)1 << (10 * (f)))

/* The dealer hands and final hands over the n cards unseen[0 .. n) (51 or 50), by position. */
typedef struct {
    uint32_t n;
    uint8_t unseen[MAXN];
    uint16_t *w4;           /* [C(n, 4)] the value of each dealer hand, by colex index */
    uint32_t *quads;        /* [C(n, 4)] dealer hands (positions, 6 bits each), by value */
    uint32_t *qstart;       /* [NT + 1] quads[qstart[v] .. qstart[v + 1]) are of value v */
    /* (these three: the job's own for standing, the class's in gm_unit for a class: pass 2 reuses them) */
    uint32_t *hands;        /* [C(n, 5)] final hands at or above the qualifier, by value */
    uint32_t *pend;         /* [C(n, 5)] final hands at or above the qualifier, in colex order */
    uint16_t *hv;           /* [C(n, 5)] and their values */
    uint32_t hstart[NT + 1];
    uint32_t cur[NT];
    gm_counts k;            /* the dealer hands below the qualifier, below v, of value v */
} gm_sweep;

typedef struct gm_unit gm_unit;

/* cs_switch_bounds: what the bound of the larger switches needs (see that section, below). */
#define GM_BOUND_SIZES 6   /* sizes 0 .. 5 (2 .. 5 bounded) */
typedef struct {
    uint32_t sizes;             /* bit k: switches of k cards bounded (k = 2 .. 5) */
    int one_allowed;            /* whether a one-card switch is an option (else the best is standing) */
    /* with the five-card switch counted exactly (cs_switch_bounds with five): its value, whether it is
     * each hand's best, the game's counts */
    cs_switch_five_game *five;
    int64_t *w5;                /* [GM_HANDS] its raise summed over C(46, 5) x C(41, 4) deals */
    uint8_t *pick5;             /* [GM_HANDS] 1 where switching five beats the best of at most one card */
    __int128 five_sum;          /* over the ranks: the sum of W - fee x C(46, 5) C(41, 4), x 4 suits */
    int64_t fees[GM_BOUND_SIZES];
    int64_t *traw;              /* [GM_HANDS] each final hand's raise sum over its C(46, 4) dealer hands */
    int64_t *best1;             /* [GM_HANDS] the best of standing and one card, over GM_W */
    int64_t *g[GM_BOUND_SIZES][5]; /* g[k][s]: [C(51, s)][51] G_k(X, c) of each s-set X and card c (s = 5 - k .. 4) */
    /* results */
    uint64_t undecided[GM_BOUND_SIZES]; /* [k] situations where some k-card switch is not excluded; [0]: any size */
    uint64_t pairs[GM_BOUND_SIZES];     /* [k] (situation, discard set) pairs not excluded */
    uint8_t (*list)[8];         /* the first n_list of them: five cards, up card, discard mask (cards in order), size */
    size_t max_list;
    atomic_size_t n_list;
    /* probes: the best of standing and one card (over GM_W), then the bound of each discard mask */
    uint32_t n_probes;
    const uint32_t *probe_ix;
    const uint32_t *probe_slot;
    const uint8_t (*probe_cards)[6];
    int64_t *probe_out;
    atomic_uint next;
} gm_bounds;

/* What the threads of one up rank share. */
struct gm_unit {
    const cs_nets *nets;
    uint16_t q;
    uint32_t flags;
    int64_t fee;            /* x W */
    uint8_t up;
    int64_t *sval;          /* [GM_HANDS] standing, x W */
    gm_outcome *sout;       /* [GM_HANDS] */
    uint8_t *sind;          /* [GM_HANDS] standing indifferent */
    int64_t *bval[64];      /* per thread: the best switch so far, x W */
    uint8_t *bx[64];        /*   and its card (GM_NO_SWITCH: none) */
    uint8_t *choice;        /* [GM_HANDS] after the merge: the switched card, or GM_NO_SWITCH */
    const uint8_t *given;   /* cs_switch_game_given: this rank's choices (pass 1 then only stands
                             * and builds the classes' dealer hands; the merge takes them) */
    uint16_t *cw4;          /* [GM_CLASSES][GM_KEPT] each class's dealer hands (gm_sweep w4, quads, qstart) */
    uint32_t *cquads;       /* [GM_CLASSES][GM_KEPT] */
    uint32_t *cqstart;      /* [GM_CLASSES][NT + 1] */
    int pass;               /* 1: standing and the best switches; 2: the chosen switches' counts;
                             * 3: the dead card's effect (cs_switch_bounds) */
    gm_bounds *bd;          /* cs_switch_bounds only */
    int64_t *five_tq;       /* the five-card switch (fv_rank): [GM_HANDS] standing's raise sum over the
                             * qualifying dealer hands */
    atomic_uint next;
    /* probes of this rank: hand index, and where its answers go */
    uint32_t n_probes;
    const uint32_t *probe_ix;   /* sorted */
    const uint32_t *probe_slot;
    const uint8_t (*probe_cards)[6];
    int64_t *probe_out;     /* [slot * 6]: standing, then switching card i of the probe's hand */
};

typedef struct {
    gm_unit *u;
    uint32_t t;
    gm_sweep sw;
    uint16_t *w4;           /* [GM_QUADS] standing's dealer hands */
    uint32_t *quads;        /* [GM_QUADS] */
    uint32_t qstart[NT + 1];
    int64_t *ksum;          /* [GM_KEPT] pass 1: the sum over the replacements of each kept set */
    uint8_t *km;            /* [GM_KEPT] pass 2: how many chosen switches keep each kept set */
    uint8_t *mult;          /* [GM_FINALS] pass 2: how many chosen switches end in each final hand */
    cs_totals out[2];
    uint64_t indifferent;   /* situations whose best switch equals standing */
    /* cs_switch_bounds: one class's G_k(X, x) over its 50 cards (gl[k][s]: [C(50, s)]) */
    int64_t *gl[GM_BOUND_SIZES][5];
    uint8_t m51[MAXN];      /* a class's positions among its 50 cards -> among the 51 */
    uint32_t *ix51;         /* [C(50, 4)] sets of a class relabelled: their index among the 51 */
    uint64_t undecided[GM_BOUND_SIZES], pairs[GM_BOUND_SIZES];
    int64_t *five_gl4;      /* the five-card switch: [C(50, 4)] a class's sums by 4-set */
} gm_job;

enum { GM_STAND, GM_PASS1, GM_PASS2, GM_BOUND, GM_FIVE_STAND, GM_FIVE_CLASS };

static inline uint32_t colex_pos5(const uint32_t *p)
{
    return cs__binom[p[0]][1] + cs__binom[p[1]][2] + cs__binom[p[2]][3] + cs__binom[p[3]][4] + cs__binom[p[4]][5];
}

/* Adds d (d3 in c3) to the counts of the dealer hand of positions packed in pk (d, d3: a field's
 * unit, or its negation, to remove). */
static inline void gm_add(gm_counts *k, uint32_t pk, uint64_t d, uint32_t d3)
{
    const uint32_t a = pk & 63, b = pk >> 6 & 63, c = pk >> 12 & 63, e = pk >> 18 & 63;
    const uint32_t b2 = cs__binom_t[2][b], c2 = cs__binom_t[2][c], e2 = cs__binom_t[2][e];
    const uint32_t c3 = cs__binom_t[3][c], e3 = cs__binom_t[3][e];
    k->c0 += d;
    k->c1[a] += d;
    k->c1[b] += d;
    k->c1[c] += d;
    k->c1[e] += d;
    k->c2[a + b2] += d;
    k->c2[a + c2] += d;
    k->c2[a + e2] += d;
    k->c2[b + c2] += d;
    k->c2[b + e2] += d;
    k->c2[c + e2] += d;
    k->c3[a + b2 + c3] += d3;
    k->c3[a + b2 + e3] += d3;
    k->c3[a + c2 + e3] += d3;
    k->c3[b + c2 + e3] += d3;
}

/* The indices of a final hand's subsets (positions p ascending): pairs, triples, 4-sets (also the
 * index of the kept set when the fifth card is the replacement), and the values of the 4-sets. */
typedef struct {
    uint32_t p[5];
    uint32_t i2[10], i3[10], i4[5];
    uint16_t w[5];
} gm_ix;

static inline __attribute__((always_inline)) void gm_index(const gm_sweep *s, gm_ix *x)
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
    for (int i = 0; i < 5; i++)
        x->w[i] = s->w4[x->i4[i]];
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
static void gm_quads(gm_sweep *s, uint8_t up, uint16_t q, int build)
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
        for (int k = 2; k <= 5; k++) {
            if (!(u->bd->sizes >> k & 1))
                continue;
            const int64_t y = t + (int64_t)(k * (k - 1) / 2) * 946 * mp + k * e; /* C(44, 2) = 946 */
            const int64_t fold = n->fold * (int64_t)cs__binom[46 - k][4];
            const int64_t gk = k == 5 || y > fold ? y : fold;
            int64_t *g4 = job->gl[k][4];
            for (int i = 0; i < 5; i++)
                g4[x->i4[i]] += gk;
        }
    } else if (mode == GM_PASS1) { /* the sums of the kept sets (its five 4-sets) over their replacements */
        for (int i = 0; i < 5; i++)
            job->ksum[x->i4[i]] += g;
    } else {
        const uint64_t m = 4 * (uint64_t)(job->km[x->i4[0]] + job->km[x->i4[1]] + job->km[x->i4[2]] +
                                          job->km[x->i4[3]] + job->km[x->i4[4]]); /* = mult[ix] */
        cs_totals *t = &job->out[1];
        if (o.raise) {
            t->not_qualify[cat] += m * (uint64_t)o.nq;
            t->win[cat] += m * (uint64_t)o.win;
            t->tie[cat] += m * (uint64_t)o.tie;
            t->lose[cat] += m * (uint64_t)o.lose;
            t->raise_situations += m;
        } else {
            t->fold[cat] += m * (uint64_t)comp;
        }
        t->total_weight += m * (uint64_t)comp;
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

static void gm_hands_stand(gm_job *job)
{
    gm_hands_body(job, GM_STAND);
}

static void gm_hands_pass1(gm_job *job)
{
    gm_hands_body(job, GM_PASS1);
}

static void gm_hands_pass2(gm_job *job)
{
    gm_hands_body(job, GM_PASS2);
}

static void gm_hands_bound(gm_job *job)
{
    gm_hands_body(job, GM_BOUND);
}

static void gm_hands_five_stand(gm_job *job)
{
    gm_hands_body(job, GM_FIVE_STAND);
}

static void gm_hands_five_class(gm_job *job)
{
    gm_hands_body(job, GM_FIVE_CLASS);
}

/* The position of card x among the 51 cards other than the up card. */
static inline uint32_t gm_pos51(uint8_t x, uint8_t up)
{
    return x < up ? x : (uint32_t)x - 1;
}

static inline uint8_t gm_swap_suit(uint8_t card, int s) /* suits 1 and s swapped */
{
    int suit = card & 3;
    if (suit == 1)
        suit = s;
    else if (suit == s)
        suit = 1;
    return (uint8_t)((card & ~3) | suit);
}

/* The first of the n probes (their hand indices sorted) of hand ix, or -1. */
static long gm_probe_first(const uint32_t *sorted, uint32_t n, uint32_t ix)
{
    long lo = 0, hi = (long)n - 1;
    while (lo <= hi) {
        long m = (lo + hi) / 2;
        if (sorted[m] == ix) {
            while (m > 0 && sorted[m - 1] == ix)
                m--;
            return m;
        }
        if (sorted[m] < ix)
            lo = m + 1;
        else
            hi = m - 1;
    }
    return -1;
}

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
    gm_quads(s, u->up, u->q, 1);
    gm_hands_stand(job);
}

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

/* From the sums over the hands holding each (s + 1)-set of n positions to those over the hands (of
 * five) holding each s-set: each hand holding X holds 5 - s of the (s + 1)-sets above X. */
static void gm_level_down(uint32_t n, uint32_t s, const int64_t *above, int64_t *below)
{
    memset(below, 0, cs__binom[n][s] * sizeof *below);
    uint32_t c[5] = {0, 1, 2, 3, 4}, ix = 0;
    const uint32_t t = s + 1;
    for (;;) {
        const int64_t v = above[ix++];
        for (uint32_t drop = 0; drop < t; drop++) {
            uint32_t b = 0, j = 0;
            for (uint32_t i = 0; i < t; i++)
                if (i != drop)
                    b += cs__binom[c[i]][++j];
            below[b] += v;
        }
        uint32_t i = 0;
        while (i + 1 < t && c[i] + 1 == c[i + 1]) {
            c[i] = i;
            i++;
        }
        if (++c[i] >= n && i == t - 1)
            break;
    }
    for (uint32_t b = 0; b < cs__binom[n][s]; b++)
        below[b] /= (int64_t)(5 - s);
}

/* Pass 3 of cs_switch_bounds for the dead card x (a class): every final hand P of the 50 cards gets
 * g_k(P, x) (see below), summed over the hands holding each set of 0 to 4 cards: G_k(X, x), which go,
 * relabelled by each suit permutation of the class (x -> c), to G_k(X', c). Each card c of the 51 is
 * one class's relabelling, so the threads write apart. */
static void gm_bound_class(gm_job *job, uint8_t x)
{
    gm_unit *u = job->u;
    gm_sweep *s = &job->sw;
    gm_bounds *bd = u->bd;
    for (uint32_t i = 0; i < 50; i++)
        job->m51[i] = (uint8_t)gm_pos51(s->unseen[i], u->up);
    for (int k = 2; k <= 5; k++)
        if (bd->sizes >> k & 1)
            memset(job->gl[k][4], 0, cs__binom[50][4] * sizeof *job->gl[k][4]);
    gm_quads(s, u->up, u->q, 0);
    gm_hands_bound(job);
    for (int k = 2; k <= 5; k++)
        if (bd->sizes >> k & 1)
            for (int sz = 3; sz >= 5 - k; sz--)
                gm_level_down(50, (uint32_t)sz, job->gl[k][sz + 1], job->gl[k][sz]);
    const int nperm = (x & 3) == 1 ? 3 : 1;
    uint32_t *ix51 = job->ix51;
    for (int sg = 0; sg < nperm; sg++) {
        const uint8_t px = sg == 0 ? x : gm_swap_suit(x, sg + 1);
        const uint32_t c = gm_pos51(px, u->up);
        uint8_t map[50];
        for (uint32_t i = 0; i < 50; i++)
            map[i] = (uint8_t)gm_pos51(sg == 0 ? s->unseen[i] : gm_swap_suit(s->unseen[i], sg + 1), u->up);
        for (uint32_t sz = 0; sz <= 4; sz++) {
            int any = 0;
            for (int k = 2; k <= 5; k++)
                any |= (bd->sizes >> k & 1) && (int)sz >= 5 - k;
            if (!any)
                continue;
            gm_map_sets(50, sz, map, ix51);
            for (int k = 2; k <= 5; k++) {
                if (!(bd->sizes >> k & 1) || (int)sz < 5 - k)
                    continue;
                const int64_t *gl = job->gl[k][sz];
                int64_t *g = bd->g[k][sz];
                for (uint32_t i = 0; i < cs__binom[50][sz]; i++)
                    g[(size_t)ix51[i] * MAXN + c] = gl[i];
            }
        }
    }
}

/* The switched card of class k (0 .. 24) for up rank of u. */
static uint8_t gm_class_card(const gm_unit *u, uint32_t k)
{
    uint32_t ur = u->up >> 2;
    if (k < 12)
        return (uint8_t)((k < ur ? k : k + 1) * 4);
    return (uint8_t)((k - 12) * 4 + 1);
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
    if (u->pass == 3) {
        gm_bound_class(job, x);
        return;
    }
    if (u->pass == 1 && u->given) { /* the choices are given: only this class's dealer hands, for pass 2 */
        gm_quads(s, u->up, u->q, 1);
        return;
    }
    if (u->pass == 1) {
        memset(job->ksum, 0, GM_KEPT * sizeof *job->ksum);
        gm_quads(s, u->up, u->q, 1);
        gm_hands_pass1(job);
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
    gm_quads(s, u->up, u->q, 0);
    gm_hands_pass2(job);
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

/* ---- cs_switch_bounds: larger switches proven never better, situation by situation -------------
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
 * card. */

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

/* The bounds of every situation of hands whose highest position is taken from bd->next. */
static void *gm_bound_worker(void *arg)
{
    gm_job *job = arg;
    gm_unit *u = job->u;
    gm_bounds *bd = u->bd;
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
                        int any = 0;
                        for (int k = 2; k <= 5; k++) {
                            if (!(bd->sizes >> k & 1))
                                continue;
                            const int64_t z = (int64_t)cs__binom[46][k] * cs__binom[46 - k][4];
                            const __int128 feez = (__int128)k * bd->fees[k] * z;
                            int open = 0;
                            for (uint32_t d = 1; d < 32; d++) {
                                if (__builtin_popcount(d) != k)
                                    continue;
                                const uint32_t kept = 31 & ~d;
                                __int128 b = 0;
                                for (int i = 0; i < 5; i++) {
                                    if (!(d >> i & 1))
                                        continue;
                                    const uint32_t rest = d & ~(1u << i);
                                    for (uint32_t sm = rest;; sm = (sm - 1) & rest) { /* every S in D - c */
                                        const int sz = 5 - k + __builtin_popcount(sm);
                                        const int64_t gv = bd->g[k][sz][(size_t)sub[kept | sm] * MAXN + p[i]];
                                        b += __builtin_popcount(sm) & 1 ? -(__int128)gv : (__int128)gv;
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
        if (o->raise) {
            st->not_qualify[o->cat] += w * (uint64_t)o->nq;
            st->win[o->cat] += w * (uint64_t)o->win;
            st->tie[o->cat] += w * (uint64_t)o->tie;
            st->lose[o->cat] += w * (uint64_t)o->lose;
            st->raise_situations += 4;
        } else {
            st->fold[o->cat] += w * comp;
        }
        st->total_weight += w * comp;
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
    cs__parallel(gm_bound_worker, jobs, sizeof *jobs, threads);
    return CS_OK;
}

/* cs_test_switch_game, with bd cs_test_switch_bounds (arguments checked by the callers; probe
 * answers then go to bd), with given cs_switch_game_given (GM_HANDS choices a rank asked, in order);
 * chosen (optional): each rank's choices after the merge, GM_HANDS a rank asked, in order. */
static int gm_game(uint16_t qualifier, const cs_nets *nets, int64_t fee, uint32_t up_ranks, uint32_t flags,
                   uint32_t threads, cs_totals *out, size_t n_out, uint64_t *choices, size_t n_choices,
                   const uint8_t *probes, size_t n_probes, int64_t *probe_out, gm_bounds *bd, const uint8_t *given,
                   uint8_t *chosen)
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
            for (int k = 2; k <= 5; k++)
                for (int sz = 5 - k; sz <= 4 && (bd->sizes >> k & 1); sz++) {
                    bd->g[k][sz] = calloc((size_t)cs__binom[51][sz] * MAXN, sizeof *bd->g[k][sz]);
                    st = bd->g[k][sz] ? st : CS_E_NOMEM;
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
                for (int k = 2; k <= 5; k++)
                    for (int sz = 5 - k; sz <= 4 && (bd->sizes >> k & 1); sz++) {
                        j->gl[k][sz] = malloc(cs__binom[50][sz] * sizeof *j->gl[k][sz]);
                        st = j->gl[k][sz] ? st : CS_E_NOMEM;
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
            for (int k = 0; k < GM_BOUND_SIZES; k++)
                for (int sz = 0; sz < 5; sz++)
                    free(jobs[t].gl[k][sz]);
        }
    }
    if (bd) {
        free(bd->traw);
        free(bd->best1);
        free(bd->w5);
        free(bd->pick5);
        for (int k = 0; k < GM_BOUND_SIZES; k++)
            for (int sz = 0; sz < 5; sz++)
                free(bd->g[k][sz]);
    }
    free(u);
    free(jobs);
    free(pix);
    free(pslot);
    free(pcards);
    return st;
}

/* ---- the five-card switch, exact: W(P) for every hand of one up rank (cs__switch_five_rank) ---------
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
 *     sweep over the 51 cards), summed over the hands holding each set (gm_level_down).
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
    gm_quads(s, f->up, f->q, 1);
    gm_hands_five_stand(job);
    const int64_t *tq = f->gu->five_tq;
    for (uint32_t i = 0; i < GM_HANDS; i++)
        fj->n[5][i] += tq[i];
    const int64_t *above = tq;
    for (int sz = 4; sz >= 0; sz--) {
        gm_level_down(MAXN, (uint32_t)sz, above, fj->lv[sz]);
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
    gm_quads(s, f->up, f->q, 1);
    gm_hands_five_class(job);
    const int64_t *lv[5];
    lv[4] = job->five_gl4;
    for (int sz = 3; sz >= 0; sz--) {
        gm_level_down(50, (uint32_t)sz, lv[sz + 1], fj->lv[sz]);
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
        gm_quads(ds, up, qualifier, 1);
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
    return gm_game(qualifier, nets, fee, up_ranks, flags, threads, out, n_out, choices, n_choices, probes, n_probes,
                   probe_out, NULL, NULL, NULL);
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
    bd->list = (uint8_t(*)[8])list;
    bd->max_list = max_list;
    atomic_init(&bd->n_list, 0);
    cs_totals out[2];
    st = gm_game(qualifier, nets, bd->fees[1], up_ranks, flags, threads, out, 2, five ? five->choices : NULL,
                 five ? CS_SWITCH_GAME_CHOICE_CELLS : 0, probes, n_probes, probe_out, bd, NULL, NULL);
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
    return gm_game(qualifier, nets, 0, up_ranks, flags, threads, out, n_out, choices, n_choices, NULL, 0, NULL, NULL,
                   given, NULL);
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
    return gm_game(qualifier, nets, fee, up_ranks, flags, threads, out, n_out, choices, n_choices, NULL, 0, NULL, NULL,
                   NULL, chosen);
}
