/* sliced.c - sums over many small sets held bit-sliced (sliced.h says what is summed). */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "sliced.h"

#define SL_SIZES (CS_SLICED_POSITIONS + 1)
#define SL_E_SIZES 8 /* |E_t| < 8 */
#define SL_I_SIZES 4 /* |I_t| < 4 */

typedef struct {
    int32_t na, nb, ne, ni, nk; /* |A_t|, |B_t|, |E_t|, |I_t|, K_t of every member of the group */
    uint32_t lane0, count;      /* its lanes, in increasing key */
} sl_group;

struct cs__sliced {
    uint32_t n_words, n_groups;
    sl_group *groups;
    uint16_t *key;            /* [n_words x 64] */
    uint64_t *live;           /* [n_words] the lanes that hold a member */
    uint64_t *o, *a, *b, *e, *i; /* [position][n_words]: the lanes whose O, A, B, E, I hold the position */
};

void cs__sliced_free(cs__sliced *s)
{
    if (!s)
        return;
    free(s->groups);
    free(s->key);
    free(s->live);
    free(s->o);
    free(s->a);
    free(s->b);
    free(s->e);
    free(s->i);
    free(s);
}

static void sl_set_bits(uint64_t *plane, uint64_t set, size_t n_words, uint32_t word, uint64_t bit)
{
    for (; set; set &= set - 1)
        plane[(size_t)__builtin_ctzll(set) * n_words + word] |= bit;
}

/* The group of a member: its set sizes (K_t from |O_t| and |I_t|). */
static uint32_t sl_size_key(uint64_t own, uint64_t a, uint64_t b, uint64_t e, uint64_t i)
{
    const uint32_t k = (uint32_t)(CS_SLICED_POSITIONS - __builtin_popcountll(own) - __builtin_popcountll(i));
    return ((((uint32_t)__builtin_popcountll(a) * SL_SIZES + (uint32_t)__builtin_popcountll(b)) * SL_E_SIZES +
             (uint32_t)__builtin_popcountll(e)) * SL_I_SIZES + (uint32_t)__builtin_popcountll(i)) * SL_SIZES + k;
}

int cs__sliced_build(cs__sliced **out, uint32_t n, const uint64_t *own, const uint64_t *a, const uint64_t *b,
                     const uint64_t *e, const uint16_t *key, const uint64_t *in)
{
    if (!out || (n && (!own || !a || !b)) || (!e) != (!key))
        return CS_E_NULL;
    *out = NULL;
    if (n > CS_SLICED_MAX)
        return CS_E_ARG;
    const uint64_t all = ((uint64_t)1 << CS_SLICED_POSITIONS) - 1;
    for (uint32_t t = 0; t < n; t++) {
        const uint64_t et = e ? e[t] : 0, it = in ? in[t] : 0;
        if (((own[t] | a[t] | b[t] | et | it) & ~all) || (own[t] & (a[t] | b[t] | et | it)) ||
            (a[t] & (b[t] | et | it)) || (b[t] & (et | it)) || (et & it) || __builtin_popcountll(et) >= SL_E_SIZES ||
            __builtin_popcountll(it) >= SL_I_SIZES)
            return CS_E_ARG;
    }
    const uint32_t n_keys = SL_SIZES * SL_SIZES * SL_E_SIZES * SL_I_SIZES * SL_SIZES;
    cs__sliced *s = calloc(1, sizeof *s);
    uint32_t *next = calloc(n_keys, sizeof *next), *order = malloc(((size_t)n + 1) * sizeof *order);
    if (!s || !next || !order) {
        free(s);
        free(next);
        free(order);
        return CS_E_NOMEM;
    }
#define SL_KEY_OF(t) sl_size_key(own[t], a[t], b[t], e ? e[t] : 0, in ? in[t] : 0)
    for (uint32_t t = 0; t < n; t++)
        next[SL_KEY_OF(t)]++;
    for (uint32_t k = 0; k < n_keys; k++)
        s->n_groups += next[k] > 0;
    s->groups = calloc(s->n_groups + 1, sizeof *s->groups);
    uint32_t *group_of = calloc(n_keys, sizeof *group_of);
    if (!s->groups || !group_of) {
        free(next);
        free(order);
        free(group_of);
        cs__sliced_free(s);
        return CS_E_NOMEM;
    }
    /* the groups one after another (a word may hold the end of one and the start of the next); next[k]
     * becomes the first lane of size key k */
    uint32_t g = 0, lanes = 0;
    for (uint32_t k = 0; k < n_keys; k++) {
        if (!next[k])
            continue;
        const uint32_t nk = k % SL_SIZES, ni = k / SL_SIZES % SL_I_SIZES, ne = k / SL_SIZES / SL_I_SIZES % SL_E_SIZES,
                       ab = k / SL_SIZES / SL_I_SIZES / SL_E_SIZES;
        s->groups[g] = (sl_group){(int32_t)(ab / SL_SIZES), (int32_t)(ab % SL_SIZES), (int32_t)ne, (int32_t)ni,
                                  (int32_t)nk, lanes, next[k]};
        group_of[k] = g++;
        lanes += next[k];
        next[k] = s->groups[group_of[k]].lane0;
    }
    const uint32_t words = (lanes + 63) / 64;
    s->n_words = words;
    const size_t plane = (size_t)CS_SLICED_POSITIONS * words;
    s->key = malloc(((size_t)words * 64 + 1) * sizeof *s->key);
    s->live = calloc(words + 1, sizeof *s->live);
    s->o = calloc(plane + 1, sizeof *s->o);
    s->a = calloc(plane + 1, sizeof *s->a);
    s->b = calloc(plane + 1, sizeof *s->b);
    s->e = calloc(plane + 1, sizeof *s->e);
    s->i = calloc(plane + 1, sizeof *s->i);
    if (!s->key || !s->live || !s->o || !s->a || !s->b || !s->e || !s->i) {
        free(next);
        free(order);
        free(group_of);
        cs__sliced_free(s);
        return CS_E_NOMEM;
    }
    for (size_t l = 0; l < (size_t)words * 64; l++)
        s->key[l] = UINT16_MAX;
    /* the members in increasing key (a counting sort by key, stable), then each to its group's next lane */
    if (key) {
        uint32_t *count = calloc((size_t)UINT16_MAX + 2, sizeof *count);
        if (!count) {
            free(next);
            free(order);
            free(group_of);
            cs__sliced_free(s);
            return CS_E_NOMEM;
        }
        for (uint32_t t = 0; t < n; t++)
            count[(uint32_t)key[t] + 1]++;
        for (uint32_t k = 1; k <= UINT16_MAX + 1u; k++)
            count[k] += count[k - 1];
        for (uint32_t t = 0; t < n; t++)
            order[count[key[t]]++] = t;
        free(count);
    } else {
        for (uint32_t t = 0; t < n; t++)
            order[t] = t;
    }
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t t = order[i];
        const uint32_t lane = next[SL_KEY_OF(t)]++;
        const uint32_t word = lane / 64;
        const uint64_t bit = (uint64_t)1 << (lane % 64);
        s->key[lane] = key ? key[t] : 0;
        s->live[word] |= bit;
        sl_set_bits(s->o, own[t], words, word, bit);
        sl_set_bits(s->a, a[t], words, word, bit);
        sl_set_bits(s->b, b[t], words, word, bit);
        if (e)
            sl_set_bits(s->e, e[t], words, word, bit);
        if (in)
            sl_set_bits(s->i, in[t], words, word, bit);
    }
#undef SL_KEY_OF
    free(next);
    free(order);
    free(group_of);
    *out = s;
    return CS_OK;
}

/* The lanes whose 3-bit counter (p0, p1, p2) holds k. */
static inline uint64_t sl_equal(uint64_t p0, uint64_t p1, uint64_t p2, int k)
{
    return (k & 1 ? p0 : ~p0) & (k & 2 ? p1 : ~p1) & (k & 4 ? p2 : ~p2);
}

/* Adds the lanes of x to the 3-bit counter (p0, p1, p2) (never past 7: at most five are added). */
static inline void sl_add(uint64_t *p0, uint64_t *p1, uint64_t *p2, uint64_t x)
{
    const uint64_t c0 = *p0 & x;
    *p0 ^= x;
    const uint64_t c1 = *p1 & c0;
    *p1 ^= c0;
    *p2 |= c1;
}

typedef struct {
    const uint64_t *o[5], *a[5], *b[5], *e[5], *i[5];
    int j;
    int64_t x, y, c, l;
} sl_query;

/* The lanes lo .. hi - 1 of word w (lo <= w x 64 < hi or inside it). */
static inline uint64_t sl_lanes(uint32_t w, uint32_t lo, uint32_t hi)
{
    uint64_t m = ~(uint64_t)0;
    if (lo > w * 64)
        m &= ~(uint64_t)0 << (lo - w * 64);
    if (hi < w * 64 + 64)
        m &= ~(~(uint64_t)0 << (hi - w * 64));
    return m;
}

enum { SL_SKIP, SL_LINEAR, SL_COUNT };

/* Lanes lo .. hi - 1 of group gr, each worth (|A - R| x + |B' - R| y + k c) L / k where positive,
 * B' = B or E where with_e (nb: |B'|), k = K - j + i for i = |R & I|. */
static inline __attribute__((always_inline)) __int128 sl_range(const cs__sliced *s, const sl_query *q, uint32_t lo,
                                                               uint32_t hi, const sl_group *gr, int64_t nb,
                                                               int with_e)
{
    if (lo >= hi)
        return 0;
    const int j = q->j, imax = gr->ni < j ? gr->ni : j;
    const int64_t x = q->x, y = q->y, na = gr->na;
    /* for each i: the value where R's other j - i cards miss A and B' (its most), and how it is summed */
    int64_t m0[SL_I_SIZES] = {0}, scale[SL_I_SIZES] = {0}; /* set for i <= imax, read only there */
    int how[SL_I_SIZES] = {0}, bmax[SL_I_SIZES][6] = {{0}}, counting = 0, any = 0;
    for (int i = 0; i <= imax; i++) {
        const int64_t k = gr->nk - j + i;
        m0[i] = na * x + nb * y + k * q->c;
        scale[i] = q->l / k;
        how[i] = SL_SKIP;
        if (m0[i] <= 0)
            continue; /* x, y >= 0: at most 0 whatever R holds */
        int64_t worst = 0;
        for (int ka = 0; ka <= j - i && ka <= na; ka++) {
            const int64_t kb = j - i - ka < nb ? j - i - ka : nb;
            worst = ka * x + kb * y > worst ? ka * x + kb * y : worst;
        }
        how[i] = m0[i] - worst > 0 ? SL_LINEAR : SL_COUNT; /* positive whatever R holds: linear */
        any = 1;
        counting |= how[i] == SL_COUNT;
        for (int ka = 0; ka <= j; ka++) { /* |A & R| = ka: positive for |B' & R| <= bmax */
            const int64_t rem = m0[i] - ka * x;
            bmax[i][ka] = rem <= 0 ? -1 : y == 0 ? j : (int)((rem - 1) / y < j ? (rem - 1) / y : j);
        }
    }
    if (!any)
        return 0;
    int64_t n[SL_I_SIZES] = {0}, sa[SL_I_SIZES] = {0}, sb[SL_I_SIZES] = {0}, acc[SL_I_SIZES] = {0};
    const uint32_t w0 = lo / 64, w1 = (hi + 63) / 64;
    for (uint32_t w = w0; w < w1; w++) {
        uint64_t d = s->live[w] & sl_lanes(w, lo, hi);
        for (int r = 0; r < j; r++)
            d &= ~q->o[r][w];
        if (!d)
            continue;
        uint64_t by_i[SL_I_SIZES];
        if (imax == 0) {
            by_i[0] = d;
        } else {
            uint64_t i0 = 0, i1 = 0, i2 = 0;
            for (int r = 0; r < j; r++)
                sl_add(&i0, &i1, &i2, q->i[r][w] & d);
            for (int i = 0; i <= imax; i++)
                by_i[i] = d & sl_equal(i0, i1, i2, i);
        }
        uint64_t a0 = 0, a1 = 0, a2 = 0, b0 = 0, b1 = 0, b2 = 0, le[6] = {0};
        if (counting) {
            for (int r = 0; r < j; r++) {
                sl_add(&a0, &a1, &a2, q->a[r][w] & d);
                sl_add(&b0, &b1, &b2, (q->b[r][w] | (with_e ? q->e[r][w] : 0)) & d);
            }
            le[0] = sl_equal(b0, b1, b2, 0); /* le[m]: the lanes with |B' & R| <= m */
            for (int m = 1; m <= j; m++)
                le[m] = le[m - 1] | sl_equal(b0, b1, b2, m);
        }
        for (int i = 0; i <= imax; i++) {
            const uint64_t di = by_i[i];
            if (!di || how[i] == SL_SKIP)
                continue;
            if (how[i] == SL_LINEAR) {
                n[i] += __builtin_popcountll(di);
                for (int r = 0; r < j; r++) {
                    sa[i] += __builtin_popcountll(q->a[r][w] & di);
                    sb[i] += __builtin_popcountll((q->b[r][w] | (with_e ? q->e[r][w] : 0)) & di);
                }
                continue;
            }
            /* the lanes where the value is positive, then their sum m0 - |A & R| x - |B' & R| y from
             * popcounts of the counters' bits (not a popcount for each |A & R|) */
            uint64_t pos = 0;
            for (int ka = 0; ka <= j && bmax[i][ka] >= 0; ka++)
                pos |= sl_equal(a0, a1, a2, ka) & le[bmax[i][ka]];
            pos &= di;
            if (!pos)
                continue;
            acc[i] += __builtin_popcountll(pos) * m0[i] -
                      x * (__builtin_popcountll(pos & a0) + 2 * __builtin_popcountll(pos & a1) +
                           4 * __builtin_popcountll(pos & a2)) -
                      y * (__builtin_popcountll(pos & b0) + 2 * __builtin_popcountll(pos & b1) +
                           4 * __builtin_popcountll(pos & b2));
        }
    }
    __int128 total = 0;
    for (int i = 0; i <= imax; i++)
        total += ((__int128)n[i] * m0[i] - (__int128)sa[i] * x - (__int128)sb[i] * y + acc[i]) * scale[i];
    return total;
}

/* The first lane of lanes lo .. hi - 1 (in increasing key) whose key is at least v. */
static uint32_t sl_first_at_least(const uint16_t *key, uint32_t lo, uint32_t hi, uint32_t v)
{
    while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2;
        if (key[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static inline __attribute__((always_inline)) __int128 sl_sum(const cs__sliced *s, const uint32_t *r, int j, int64_t x,
                                                              int64_t y, int64_t e_tie, int64_t c, uint32_t v,
                                                              int64_t l)
{
    const size_t nw = s->n_words;
    sl_query q = {.j = j, .x = x, .y = y, .c = c, .l = l};
    for (int i = 0; i < j; i++) {
        q.o[i] = s->o + (size_t)r[i] * nw;
        q.a[i] = s->a + (size_t)r[i] * nw;
        q.b[i] = s->b + (size_t)r[i] * nw;
        q.e[i] = s->e + (size_t)r[i] * nw;
        q.i[i] = s->i + (size_t)r[i] * nw;
    }
    __int128 total = 0;
    for (uint32_t g = 0; g < s->n_groups; g++) {
        const sl_group *gr = &s->groups[g];
        const uint32_t end = gr->lane0 + gr->count;
        if (!gr->ne) { /* E empty: the key does not matter */
            total += sl_range(s, &q, gr->lane0, end, gr, gr->nb, 0);
            continue;
        }
        const uint32_t lt = sl_first_at_least(s->key, gr->lane0, end, v);
        const uint32_t gt = v < UINT16_MAX ? sl_first_at_least(s->key, lt, end, v + 1) : end;
        total += sl_range(s, &q, gr->lane0, lt, gr, gr->nb + gr->ne, 1); /* E wins */
        total += sl_range(s, &q, gt, end, gr, gr->nb, 0);                /* E loses */
        for (uint32_t lane = lt; lane < gt; lane++) {                    /* E ties: one by one */
            const uint32_t w = lane / 64, bit = lane % 64;
            int alive = 1, ka = 0, kb = 0, ke = 0, ki = 0;
            for (int i = 0; i < j; i++) {
                alive &= !(q.o[i][w] >> bit & 1);
                ka += (int)(q.a[i][w] >> bit & 1);
                kb += (int)(q.b[i][w] >> bit & 1);
                ke += (int)(q.e[i][w] >> bit & 1);
                ki += (int)(q.i[i][w] >> bit & 1);
            }
            const int64_t k = gr->nk - j + ki;
            const int64_t value = (gr->na - ka) * x + (gr->nb - kb) * y + (gr->ne - ke) * e_tie + k * c;
            total += alive && value > 0 ? (__int128)value * (l / k) : 0;
        }
    }
    return total;
}

/* sl_sum with j a constant of each branch, so that its loops over R's positions unroll */
#define SL_SUM_BY_J(s, r, j, x, y, e_tie, c, v, l)                                                                  \
    switch (j) {                                                                                                   \
    case 1: return sl_sum(s, r, 1, x, y, e_tie, c, v, l);                                                         \
    case 2: return sl_sum(s, r, 2, x, y, e_tie, c, v, l);                                                         \
    case 3: return sl_sum(s, r, 3, x, y, e_tie, c, v, l);                                                         \
    case 4: return sl_sum(s, r, 4, x, y, e_tie, c, v, l);                                                         \
    case 5: return sl_sum(s, r, 5, x, y, e_tie, c, v, l);                                                         \
    default: return sl_sum(s, r, j, x, y, e_tie, c, v, l);                                                        \
    }

static __int128 sl_sum_generic(const cs__sliced *s, const uint32_t *r, int j, int64_t x, int64_t y, int64_t e_tie,
                               int64_t c, uint32_t v, int64_t l)
{
    SL_SUM_BY_J(s, r, j, x, y, e_tie, c, v, l)
}

#if CS__X86_64
__attribute__((target("avx2,popcnt,bmi"))) static __int128 sl_sum_avx2(const cs__sliced *s, const uint32_t *r, int j,
                                                                      int64_t x, int64_t y, int64_t e_tie, int64_t c,
                                                                      uint32_t v, int64_t l)
{
    SL_SUM_BY_J(s, r, j, x, y, e_tie, c, v, l)
}
#endif

__int128 cs__sliced_sum(const cs__sliced *s, const uint32_t *r, int j, int64_t x, int64_t y, int64_t e_tie, int64_t c,
                        uint32_t v, int64_t l)
{
#if CS__X86_64
    if (cs__have_avx2())
        return sl_sum_avx2(s, r, j, x, y, e_tie, c, v, l);
#endif
    return sl_sum_generic(s, r, j, x, y, e_tie, c, v, l);
}
