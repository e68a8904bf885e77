/* lanes.c - a measurement, not part of the package: the four-card switches of issue #31 swept with the
 * fourth discarded card as a vector lane.
 *
 * switch_dead.c sweeps one class of discard sets X at a time: the cards other than the up card and X,
 * every final hand P against running counts of the dealer hands by value, P's best (raise or fold)
 * summed by kept card. For four cards that is 50,181 classes an up rank, about 37 ms each. Here the
 * sweep is over the 48 cards other than the up card and a set Y of three, and every x of them is a lane:
 * the dealer hands that hold x and miss P come by the same inclusion-exclusion,
 *   N(x) - sum_i N(x, p_i) + sum_{i<j} N(x, p_i, p_j) - sum_{i<j<l} [{x, p_i, p_j, p_l} below the value],
 * read as vectors over x from tables kept beside the running counts (by card pair [a][x], by pair and
 * card [pair][x], and the values of each triple with x, fixed for the sweep); so one sweep gives
 * switching Y + {x} its sums for every x at once (the sums of the kept card c: V[c][x]).
 *
 *   cc -O3 -march=native -Icsrc -o lanes benchmarks/probes/lanes.c $(ls csrc/[a-z]*.c | grep -v wasm_api) -lpthread
 *   ./lanes [check: 1 (default) compares every lane with cs_test_switch_dead] [lanes: 48 (default) or fewer]
 *
 * Prints the lanes' sweep time, the per-class sweeps' time for the same discard sets, and whether every
 * sum agrees. Measured 2026-12-07 (2-core Xeon VM, idle, gcc -O3 -march=native, three runs each):
 * 48 lanes 0.38 s (0.32 s when the lane loops run over all 48 with a fixed count), 12 lanes 0.38 s, one
 * lane 0.23 s, against 35.6 ms for each per-class sweep; 2,256 sums compared, none differ. The sweep's
 * cost is the per-hand work of its 31 short vector loops, nearly whatever the lanes: it pays only with
 * many lanes, and the three-card sets Y reach every four-card class about 4.6 times over (4,861 classes
 * of Y a rank, 48 lanes each, for 50,181 classes of four). See benchmarks/README.md. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "switch_internal.h"
#include "testing.h"

#define N 48
#define NQ4 194580u  /* C(48, 4) */
#define NP2 1128u    /* C(48, 2) */
#define NP3 17296u   /* C(48, 3) */
#define COMP 111930  /* C(42, 4): the dealer hands beside a final hand, the up card and four discards */

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/* The lanes' counts, one array a field (GM_Q, GM_RUN, GM_AT), 16 bits a lane (at most C(47, 3) = 16,215):
 * by card [x], by card and card [a][x], by pair and card [pair][x]. */
static int16_t C1[3][N];
static int16_t A2[3][N][N];
static int16_t A3[3][NP2][N];
static uint16_t W4[NP3][N];     /* [triple][x]: the value of the dealer hand triple + x (0xffff: x in it) */
static int64_t V[N][N];         /* [kept card][x] */
static uint32_t lane_lo;        /* the lanes swept: x = lane_lo .. N - 1 */

static inline uint32_t ix2(uint32_t a, uint32_t b) /* a < b */
{
    return a + cs__binom[b][2];
}

static inline uint32_t ix3(uint32_t a, uint32_t b, uint32_t c) /* a < b < c */
{
    return a + cs__binom[b][2] + cs__binom[c][3];
}

/* Adds (sign +1 or -1) the dealer hand pk to the lanes' counts of field f. */
static void lane_add_field(uint32_t pk, int f, int sign)
{
    const uint32_t q[4] = {pk & 63, pk >> 6 & 63, pk >> 12 & 63, pk >> 18 & 63};
    for (int i = 0; i < 4; i++) {
        C1[f][q[i]] += (int16_t)sign;
        for (int j = 0; j < 4; j++)
            if (i != j)
                A2[f][q[i]][q[j]] += (int16_t)sign;
    }
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) {
            const uint32_t p = ix2(q[i], q[j]);
            for (int l = 0; l < 4; l++)
                if (l != i && l != j)
                    A3[f][p][q[l]] += (int16_t)sign;
        }
}

static void lane_add(gm_counts *k, uint32_t pk, uint64_t d, uint32_t d3)
{
    gm_add(k, pk, d, d3);
    for (int f = 0; f < 3; f++) { /* d: +1 or -1 in some fields (21 bits each) */
        const uint32_t u = (uint32_t)(d >> (21 * f) & 0x1fffff);
        if (u == 1)
            lane_add_field(pk, f, 1);
        else if (u == 0x1fffff)
            lane_add_field(pk, f, -1);
    }
}

static inline int32_t field(uint64_t w, int f)
{
    return (int32_t)(w >> (21 * f) & 0x1fffff);
}

/* One final hand P (positions p[0] < .. < p[4]) of value v: its best for every lane x not in P. */
/* Lane loops: x contiguous, restrict pointers, not inlined into the loops over hands (so gcc vectorizes
 * them). */
static __attribute__((noinline)) void lanes_sub(int16_t *restrict acc, const int16_t *restrict row)
{
    for (uint32_t x = lane_lo; x < N; x++)
        acc[x] -= row[x];
}

static __attribute__((noinline)) void lanes_pair(int16_t *restrict xq, int16_t *restrict xr, int16_t *restrict xa, const int16_t *restrict rq,
                       const int16_t *restrict rr, const int16_t *restrict ra, const uint16_t *restrict w, uint16_t q,
                       uint16_t v)
{
    for (uint32_t x = lane_lo; x < N; x++) {
        const int16_t lq = (int16_t)(w[x] < q), lv = (int16_t)(w[x] < v), ev = (int16_t)(w[x] == v);
        xq[x] = (int16_t)(xq[x] + rq[x] - lq);
        xr[x] = (int16_t)(xr[x] + rr[x] - lv);
        xa[x] = (int16_t)(xa[x] + ra[x] - ev);
    }
}

static __attribute__((noinline)) void lanes_g(int64_t *restrict g, const int16_t *restrict xq, const int16_t *restrict xr,
                    const int16_t *restrict xa, const int64_t *f, cs__margin mg, int64_t fold, int below_q)
{
    const int64_t fq = f[GM_Q], fr = f[GM_RUN], fa = f[GM_AT];
    for (uint32_t x = lane_lo; x < N; x++) {
        const int64_t nq = fq - xq[x];
        const int64_t f1 = below_q ? nq : fr - xr[x];
        const int64_t tie = below_q ? 0 : fa - xa[x];
        const int64_t margin = mg.nq * nq + mg.win * (f1 - nq) + mg.tie * tie + mg.base;
        g[x] = fold + (margin > 0 ? margin : 0);
    }
}

static __attribute__((noinline)) void lanes_add(int64_t *restrict to, const int64_t *restrict g)
{
    for (uint32_t x = lane_lo; x < N; x++)
        to[x] += g[x];
}

static __attribute__((noinline)) void lanes_hand(const gm_sweep *s, const cs_nets *nets, uint16_t q, const uint32_t *p, uint16_t v,
                              int below_q)
{
    /* the dealer hands missing P: inclusion-exclusion over P's subsets of 0 to 3 cards, and its 4-sets */
    uint64_t pos = s->k.c0, neg = 0;
    uint32_t neg3 = 0;
    uint32_t i2[10], i3[10], m = 0;
    for (int i = 0; i < 5; i++)
        neg += s->k.c1[p[i]];
    for (int i = 0; i < 5; i++)
        for (int j = i + 1; j < 5; j++) {
            i2[m] = ix2(p[i], p[j]);
            pos += s->k.c2[i2[m]];
            m++;
        }
    m = 0;
    for (int i = 0; i < 5; i++)
        for (int j = i + 1; j < 5; j++)
            for (int l = j + 1; l < 5; l++) {
                i3[m] = ix3(p[i], p[j], p[l]);
                neg3 += s->k.c3[i3[m]];
                m++;
            }
    int64_t f[3];
    for (int x = 0; x < 3; x++)
        f[x] = field(pos, x) - field(neg, x) - (int32_t)(neg3 >> (10 * x) & 0x3ff);
    for (int i = 0; i < 5; i++) { /* the 4-sets of P as dealer hands */
        uint32_t r[4], n = 0;
        for (int j = 0; j < 5; j++)
            if (j != i)
                r[n++] = p[j];
        const uint16_t w = s->w4[r[0] + cs__binom[r[1]][2] + cs__binom[r[2]][3] + cs__binom[r[3]][4]];
        f[GM_Q] += w < q;
        f[GM_RUN] += w < v;
        f[GM_AT] += w == v;
    }
    const int cat = cs__value_cat[v];
    const cs__margin mg = cs__margin_of(nets, cat, COMP);
    const int64_t fold = (int64_t)COMP * nets->fold;
    uint64_t in_p = 0;
    for (int i = 0; i < 5; i++)
        in_p |= (uint64_t)1 << p[i];
    /* the lanes, each loop over x contiguous (vectors): the dealer hands holding x and missing P */
    int16_t xq[N], xr[N], xa[N];
    for (uint32_t x = 0; x < N; x++) {
        xq[x] = C1[GM_Q][x];
        xr[x] = C1[GM_RUN][x];
        xa[x] = C1[GM_AT][x];
    }
    for (int i = 0; i < 5; i++) {
        lanes_sub(xq, A2[GM_Q][p[i]]);
        lanes_sub(xr, A2[GM_RUN][p[i]]);
        lanes_sub(xa, A2[GM_AT][p[i]]);
    }
    for (int j = 0; j < 10; j++)
        lanes_pair(xq, xr, xa, A3[GM_Q][i2[j]], A3[GM_RUN][i2[j]], A3[GM_AT][i2[j]], W4[i3[j]], q, v);
    int64_t g[N];
    lanes_g(g, xq, xr, xa, f, mg, fold, below_q);
    for (int i = 0; i < 5; i++) /* the lanes of P's own cards: no discard set (their sums unused) */
        g[p[i]] = 0;
    for (int i = 0; i < 5; i++)
        lanes_add(V[p[i]], g);
}

int main(int argc, char **argv)
{
    const int check = argc > 1 ? atoi(argv[1]) : 1;
    lane_lo = argc > 2 ? (uint32_t)(N - atoi(argv[2])) : 0; /* the lanes asked: the last ones */
    if (cs__ensure_tables() != 0)
        return 1;
    const uint8_t up = 4 * 5; /* a seven of the first suit */
    const uint8_t y[3] = {1, 22, 47}; /* the three discards every lane shares */
    const uint16_t q = 1113;          /* Ace-King */
    cs_nets nets = {-1, 1, 0, -3, {3, 3, 5, 7, 9, 11, 15, 41, 101, 201}};
    gm_sweep *s = calloc(1, sizeof *s);
    s->n = 0;
    for (uint8_t c = 0; c < 52; c++)
        if (c != up && c != y[0] && c != y[1] && c != y[2])
            s->unseen[s->n++] = c;
    s->w4 = malloc(NQ4 * sizeof *s->w4);
    s->quads = malloc(NQ4 * sizeof *s->quads);
    s->qstart = malloc((NT + 1) * sizeof *s->qstart);
    const size_t finals = cs__binom[N][5];
    uint32_t *hands = malloc(finals * sizeof *hands);
    uint16_t *hv = malloc(finals * sizeof *hv);
    double t0 = now();
    cs__gm_quads(s, up, q, 1); /* values, by value; its counts are redone below with the lanes' */
    memset(&s->k, 0, sizeof s->k);
    for (uint32_t a = 0; a < N; a++)
        for (uint32_t b = a + 1; b < N; b++)
            for (uint32_t c = b + 1; c < N; c++)
                for (uint32_t x = 0; x < N; x++) {
                    uint32_t r[4] = {a, b, c, x};
                    if (x == a || x == b || x == c) {
                        W4[ix3(a, b, c)][x] = 0xffff;
                        continue;
                    }
                    for (uint32_t i = 3; i > 0 && r[i] < r[i - 1]; i--) { /* x into place */
                        const uint32_t t = r[i];
                        r[i] = r[i - 1];
                        r[i - 1] = t;
                    }
                    W4[ix3(a, b, c)][x] = s->w4[r[0] + cs__binom[r[1]][2] + cs__binom[r[2]][3] + cs__binom[r[3]][4]];
                }
    for (uint32_t i = 0; i < s->qstart[q]; i++)
        lane_add(&s->k, s->quads[i], GM_F21(GM_Q) | GM_F21(GM_RUN), GM_F10(GM_Q) | GM_F10(GM_RUN));
    /* the final hands: below the qualifier at once (the counts frozen there), the others by value */
    uint32_t start[NT + 1] = {0}, cur[NT];
    uint32_t m = 0;
    for (uint32_t e = 4; e < N; e++)
        for (uint32_t d = 3; d < e; d++)
            for (uint32_t c = 2; c < d; c++)
                for (uint32_t b = 1; b < c; b++)
                    for (uint32_t a = 0; a < b; a++) {
                        const uint8_t cards[5] = {s->unseen[a], s->unseen[b], s->unseen[c], s->unseen[d],
                                                  s->unseen[e]};
                        const uint16_t v = cs__value_of(cards);
                        const uint32_t p[5] = {a, b, c, d, e};
                        if (v < q) {
                            lanes_hand(s, &nets, q, p, v, 1);
                            continue;
                        }
                        hands[m] = a | b << 6 | c << 12 | d << 18 | e << 24;
                        hv[m++] = v;
                        start[v + 1]++;
                    }
    for (uint32_t t = 0; t < NT; t++)
        start[t + 1] += start[t];
    memcpy(cur, start, sizeof cur);
    uint32_t *sorted = malloc(finals * sizeof *sorted);
    for (uint32_t i = 0; i < m; i++)
        sorted[cur[hv[i]]++] = hands[i];
    uint32_t qi = s->qstart[q];
    for (uint32_t v = q; v + 1 < NT; v++) {
        const uint32_t qe = s->qstart[v + 1];
        for (uint32_t i = qi; i < qe; i++)
            lane_add(&s->k, s->quads[i], GM_F21(GM_AT), GM_F10(GM_AT));
        for (uint32_t h = start[v]; h < start[v + 1]; h++) {
            const uint32_t pk = sorted[h];
            const uint32_t p[5] = {pk & 63, pk >> 6 & 63, pk >> 12 & 63, pk >> 18 & 63, pk >> 24 & 63};
            lanes_hand(s, &nets, q, p, (uint16_t)v, 0);
        }
        for (uint32_t i = qi; i < qe; i++)
            lane_add(&s->k, s->quads[i], GM_F21(GM_RUN) - GM_F21(GM_AT), GM_F10(GM_RUN) - GM_F10(GM_AT));
        qi = qe;
    }
    const double lanes = now() - t0;
    /* the same 48 discard sets Y + {x}, one sweep each (switch_dead.c) */
    int64_t out[47];
    long bad = 0, compared = 0;
    double each = 0;
    for (uint32_t x = lane_lo; x < N && check; x++) {
        uint8_t dead[4] = {y[0], y[1], y[2], s->unseen[x]};
        const double t1 = now();
        if (cs_test_switch_dead(q, &nets, 0, up, dead, 4, out, 47) != CS_OK)
            return 2;
        each += now() - t1;
        for (uint32_t c = 0; c < N; c++) {
            if (c == x)
                continue;
            compared++;
            bad += V[c][x] != out[c - (x < c)];
        }
    }
    printf("lanes: one sweep for %u discard sets: %.3f s", N - lane_lo, lanes);
    if (check)
        printf("; the per-class sweeps: %.3f s (%.1f ms each); %ld sums compared, %ld differ", each,
               1000 * each / (N - lane_lo), compared, bad);
    printf("\n");
    return bad != 0;
}
