/* draw_pass.c - a measurement, not part of the package: the cost of the pass that the exact whole
 * game of switching two to four cards needs (issue #31), by final hand.
 *
 * For an up card u and a final hand F (five cards), the player who discarded the set D (k cards, out
 * of play) raises when S_D(F) >= fold x N_k, S_D(F) the raise net summed over the dealer's hands of
 * the cards other than F, u and D. Each option (kept K, discarded D) of each situation K + D is worth
 * the sum over the replacement sets R of max(fold x N_k, S_D(K + R)). The pass: for each F, every
 * dealer hand H's raise net (one look-up of H's value, tabled once per up card), its sums over the
 * hands holding each card, pair and triple (a zeta transform down from the 4-sets), then for each
 * dead set D of k cards S_D(F) by inclusion-exclusion (2^k terms), the exact max, and its sum added
 * to the option (F - R = K, D) of each of the C(5, 5 - k) situations it serves (the scatter).
 *
 *   cc -O2 -march=native -Icsrc -o draw_pass benchmarks/probes/draw_pass.c $(ls csrc/[a-z]*.c | grep -v wasm_api) -lpthread
 *   ./draw_pass [hands] [scatter: 1 (default) or 0]
 *
 * Prints the time per final hand with and without the scatter; the whole game is 13 up ranks x
 * C(51, 5) final hands (fewer with the suits' symmetry). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "internal.h"

#define NH4 249900u /* C(51, 4) */
#define NK4 230300u /* C(50, 4) */

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static uint64_t rng = 88172645463325252ull;
static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

int main(int argc, char **argv)
{
    const int hands = argc > 1 ? atoi(argv[1]) : 200;
    const int scatter = argc > 2 ? atoi(argv[2]) : 1; /* 0: the dead sets' maxima without the scatter */
    if (cs__ensure_tables() != 0)
        return 1;
    const uint8_t up = 4 * 5; /* a seven of the first suit */
    /* positions 0..50: the cards other than the up card */
    uint8_t card_of[51];
    for (int i = 0, j = 0; i < 52; i++)
        if (i != up)
            card_of[j++] = (uint8_t)i;
    /* every dealer hand (4 positions) with the up card: its value, once per up card */
    uint16_t *dv = malloc(NH4 * sizeof *dv);
    {
        uint32_t ix = 0;
        for (int d = 3; d < 51; d++)
            for (int c = 2; c < d; c++)
                for (int b = 1; b < c; b++)
                    for (int a = 0; a < b; a++, ix++) {
                        uint8_t h[5] = {card_of[a], card_of[b], card_of[c], card_of[d], up};
                        dv[cs__binom[a][1] + cs__binom[b][2] + cs__binom[c][3] + cs__binom[d][4]] = cs__value_of(h);
                    }
    }
    static const int32_t pay[10] = {1, 1, 2, 3, 4, 5, 7, 20, 50, 100};
    /* the options' sums, by situation (colex of 5 positions of 51) and discard mask: the scatter's target */
    /* the options of four cards: kept card x (51) by dead set among the 50 others (C(50, 4)) */
    int64_t *opt4 = calloc((size_t)51 * NK4, sizeof *opt4);
    int32_t *a1 = malloc(51 * sizeof *a1), *a2 = malloc(51 * 51 * sizeof *a2), *a3 = malloc(21000 * sizeof *a3);
    int32_t *a4 = malloc(NH4 * sizeof *a4);
    double t_pass = 0, t_scatter = 0;
    uint64_t sink = 0;
    for (int n = 0; n < hands; n++) {
        /* a random final hand: 5 positions */
        uint8_t f[5];
        uint64_t used = 0;
        for (int i = 0; i < 5;) {
            uint8_t p = (uint8_t)(next() % 51);
            if (used >> p & 1)
                continue;
            used |= 1ull << p;
            f[i++] = p;
        }
        cs__sort5(f);
        uint8_t fc[5];
        for (int i = 0; i < 5; i++)
            fc[i] = card_of[f[i]];
        const uint16_t pv = cs__value_of(fc);
        const int pc = cs__value_cat[pv];
        uint8_t rest[46];
        for (int i = 0, j = 0; i < 51; i++)
            if (!(used >> i & 1))
                rest[j++] = (uint8_t)i;
        uint8_t map[5][46]; /* each kept card's view: the position of rest[j] among the 50 others */
        for (int i = 0; i < 5; i++)
            for (int j = 0; j < 46; j++)
                map[i][j] = (uint8_t)(rest[j] - (rest[j] > f[i]));
        double t0 = now();
        memset(a1, 0, 51 * sizeof *a1);
        memset(a2, 0, 51 * 51 * sizeof *a2);
        memset(a3, 0, 21000 * sizeof *a3);
        int64_t total = 0;
        /* every dealer hand of the 46: its net, summed over each card, pair and triple it holds */
        for (int d = 3; d < 46; d++)
            for (int c = 2; c < d; c++)
                for (int b = 1; b < c; b++)
                    for (int a = 0; a < b; a++) {
                        const uint8_t pa = rest[a], pb = rest[b], pcc = rest[c], pd = rest[d];
                        const uint16_t v = dv[cs__binom[pa][1] + cs__binom[pb][2] + cs__binom[pcc][3] +
                                              cs__binom[pd][4]];
                        const int32_t net = v < 3000 ? 1 : /* a stand-in qualifier: the probe times, it does not price */ v == pv ? 0 : v < pv ? 1 + 2 * pay[pc] : -3;
                        a4[cs__binom[a][1] + cs__binom[b][2] + cs__binom[c][3] + cs__binom[d][4]] = net;
                        total += net;
                        a1[a] += net, a1[b] += net, a1[c] += net, a1[d] += net;
                        a2[a * 51 + b] += net, a2[a * 51 + c] += net, a2[a * 51 + d] += net;
                        a2[b * 51 + c] += net, a2[b * 51 + d] += net, a2[c * 51 + d] += net;
                        a3[cs__binom[a][1] + cs__binom[b][2] + cs__binom[c][3]] += net;
                        a3[cs__binom[a][1] + cs__binom[b][2] + cs__binom[d][3]] += net;
                        a3[cs__binom[a][1] + cs__binom[c][2] + cs__binom[d][3]] += net;
                        a3[cs__binom[b][1] + cs__binom[c][2] + cs__binom[d][3]] += net;
                    }
        /* every dead set of k = 4 cards among the 46 (the probe times k = 4, the most sets) */
        const int64_t fold = -(int64_t)cs__binom[42][4];
        double t1 = now();
        t_pass += t1 - t0;
        for (int d = 3; d < 46; d++)
            for (int c = 2; c < d; c++)
                for (int b = 1; b < c; b++)
                    for (int a = 0; a < b; a++) {
                        int64_t s = total - a1[a] - a1[b] - a1[c] - a1[d] + a2[a * 51 + b] + a2[a * 51 + c] +
                                    a2[a * 51 + d] + a2[b * 51 + c] + a2[b * 51 + d] + a2[c * 51 + d] -
                                    a3[cs__binom[a][1] + cs__binom[b][2] + cs__binom[c][3]] -
                                    a3[cs__binom[a][1] + cs__binom[b][2] + cs__binom[d][3]] -
                                    a3[cs__binom[a][1] + cs__binom[c][2] + cs__binom[d][3]] -
                                    a3[cs__binom[b][1] + cs__binom[c][2] + cs__binom[d][3]] +
                                    a4[cs__binom[a][1] + cs__binom[b][2] + cs__binom[c][3] + cs__binom[d][4]];
                        const int64_t g = s > fold ? s : fold;
                        /* the scatter: kept card x = f[i] with the dead set {a, b, c, d}: the option
                         * (x, D) is at x's row, D's colex among the 50 positions other than x (the
                         * rows of each kept card are written in increasing order: five streams) */
                        for (int i = 0; i < 5 * scatter; i++) {
                            const uint8_t *m = map[i];
                            opt4[(size_t)f[i] * NK4 + cs__binom[m[a]][1] + cs__binom[m[b]][2] + cs__binom[m[c]][3] +
                                 cs__binom[m[d]][4]] += g;
                        }
                        sink += (uint64_t)g;
                    }
        t_scatter += now() - t1;
    }
    printf("k = 4: %d final hands: dealer hands %.3f ms, dead sets%s %.3f ms per final hand (sink %llu)\n", hands,
           1e3 * t_pass / hands, scatter ? " and scatter" : "", 1e3 * t_scatter / hands, (unsigned long long)(sink & 1));
    const double per = (t_pass + t_scatter) / hands, finals = 13.0 * cs__binom[51][5];
    printf("whole game, k = 4 options of every situation: %.1f CPU-hours (13 x C(51, 5) final hands; "
           "about a third with the suits' symmetry)\n", per * finals / 3600);
    free(dv), free(opt4), free(a1), free(a2), free(a3), free(a4);
    return 0;
}
