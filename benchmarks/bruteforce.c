/* bruteforce.c - the whole game the slow way, for a slice of player hands (a benchmark baseline).
 *
 * Self-contained: its own five-card evaluator (a score per hand, ranked into 7,462 values like
 * the core's) and, for each player hand read from stdin, one pass over the C(47, 5) = 1,533,939
 * five-card dealer hands among the other 47 cards; each dealer hand is credited to its five
 * cards as the up card (not qualifying / player wins / tie / dealer wins).
 *
 *   cc -O3 -o bruteforce bruteforce.c
 *   echo "qualifier" then one hand per line, five card indices (rank * 4 + suit), on stdin
 * Output: per hand and up card "u nq win tie lose"; on stderr the seconds spent on the passes.
 *
 * "single qualifier" then lines of six card indices (the hand, then the up card): the plain way
 * to count one situation, each of the C(46, 4) = 163,185 dealer completions looked up in the
 * value table (the baseline of the public ev()); output "nq win tie lose" per line, seconds on stderr.
 *
 * "seen qualifier k" then lines of 6 + k card indices: the same with k dealer hole cards seen (the
 * baseline of cs_solve_seen: every (hand, up card, seen set) situation enumerated this way).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N_HANDS 2598960u

static uint32_t binom[53][6];
static uint16_t *value; /* by colex index */

static uint32_t score5(const int *c)
{
    int cnt[13] = {0}, flush = 1;
    unsigned mask = 0;
    for (int i = 0; i < 5; i++) {
        cnt[c[i] >> 2]++;
        mask |= 1u << (c[i] >> 2);
        flush &= (c[i] & 3) == (c[0] & 3);
    }
    int high = -1;
    if (__builtin_popcount(mask) == 5) {
        int top = 31 - __builtin_clz(mask);
        if (mask == 0x1Fu << (top - 4))
            high = top;
        else if (mask == 0x100Fu)
            high = 3; /* wheel */
    }
    if (high >= 0) /* straight (8), straight flush (8 + 0x10 .. royal the top one) */
        return (uint32_t)(flush ? 8 : 4) << 20 | (uint32_t)high << 16;
    uint32_t kick = 0;
    int shift = 16, g0 = 0, g1 = 0, ng = 0;
    for (int size = 4; size >= 1; size--)
        for (int r = 12; r >= 0; r--)
            if (cnt[r] == size) {
                kick |= (uint32_t)r << shift;
                shift -= 4;
                if (ng == 0)
                    g0 = size;
                else if (ng == 1)
                    g1 = size;
                ng++;
            }
    int cat = flush ? 5 : g0 == 4 ? 7 : g0 == 3 ? (g1 == 2 ? 6 : 3) : g0 == 2 ? (g1 == 2 ? 2 : 1) : 0;
    return (uint32_t)cat << 20 | kick;
}

static void build(void)
{
    for (int n = 0; n <= 52; n++)
        for (int k = 0; k <= 5; k++)
            binom[n][k] = k == 0 ? 1 : n == 0 ? 0 : binom[n - 1][k - 1] + binom[n - 1][k];
    uint32_t *score = malloc(N_HANDS * sizeof *score);
    uint8_t *seen = calloc(1u << 24, 1);
    uint32_t *rank = malloc((1u << 24) * sizeof *rank);
    value = malloc(N_HANDS * sizeof *value);
    int c[5];
    for (c[4] = 4; c[4] < 52; c[4]++)
        for (c[3] = 3; c[3] < c[4]; c[3]++)
            for (c[2] = 2; c[2] < c[3]; c[2]++)
                for (c[1] = 1; c[1] < c[2]; c[1]++)
                    for (c[0] = 0; c[0] < c[1]; c[0]++) {
                        uint32_t i = binom[c[0]][1] + binom[c[1]][2] + binom[c[2]][3] + binom[c[3]][4]
                                   + binom[c[4]][5];
                        score[i] = score5(c);
                        seen[score[i]] = 1;
                    }
    uint32_t v = 0;
    for (uint32_t s = 0; s < (1u << 24); s++) {
        rank[s] = v;
        v += seen[s];
    }
    for (uint32_t i = 0; i < N_HANDS; i++)
        value[i] = (uint16_t)rank[score[i]];
    free(score);
    free(seen);
    free(rank);
}

static uint32_t colex_of(const int *sorted5)
{
    return binom[sorted5[0]][1] + binom[sorted5[1]][2] + binom[sorted5[2]][3] + binom[sorted5[3]][4]
         + binom[sorted5[4]][5];
}

static void sort5(int *c)
{
    for (int i = 1; i < 5; i++)
        for (int j = i; j > 0 && c[j] < c[j - 1]; j--) {
            int x = c[j];
            c[j] = c[j - 1];
            c[j - 1] = x;
        }
}

/* One situation, the plain way: every completion of the dealer's four hole cards, sorted with the
 * up card and looked up in the value table. */
static void single(const int *p, int up, unsigned qualifier, uint64_t *out4)
{
    int sorted[5];
    memcpy(sorted, p, sizeof sorted);
    sort5(sorted);
    uint16_t pv = value[colex_of(sorted)];
    uint64_t used = (uint64_t)1 << up;
    for (int i = 0; i < 5; i++)
        used |= (uint64_t)1 << p[i];
    int un[46], n = 0;
    for (int x = 0; x < 52; x++)
        if (!(used >> x & 1))
            un[n++] = x;
    memset(out4, 0, 4 * sizeof *out4);
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            for (int c = b + 1; c < n; c++)
                for (int d = c + 1; d < n; d++) {
                    int h[5] = {un[a], un[b], un[c], un[d], up}, k = 4;
                    while (k > 0 && h[k] < h[k - 1]) { /* the up card into its place */
                        int x = h[k];
                        h[k] = h[k - 1];
                        h[k - 1] = x;
                        k--;
                    }
                    uint16_t v = value[colex_of(h)];
                    out4[v < qualifier ? 0 : v < pv ? 1 : v == pv ? 2 : 3]++;
                }
}

static int run_single(void)
{
    unsigned qualifier;
    if (scanf("%u", &qualifier) != 1)
        return 2;
    double spent = 0;
    int c[6];
    while (scanf("%d %d %d %d %d %d", &c[0], &c[1], &c[2], &c[3], &c[4], &c[5]) == 6) {
        struct timespec t0, t1;
        uint64_t o[4];
        clock_gettime(CLOCK_MONOTONIC, &t0);
        single(c, c[5], qualifier, o);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        spent += (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
        printf("%llu %llu %llu %llu\n", (unsigned long long)o[0], (unsigned long long)o[1],
               (unsigned long long)o[2], (unsigned long long)o[3]);
    }
    fprintf(stderr, "%.6f\n", spent);
    return 0;
}

/* "seen qualifier k" then lines of 6 + k card indices (the hand, the up card, k seen hole cards):
 * one situation with k hole cards seen, the plain way: every completion of the 4 - k unknown hole
 * cards looked up in the value table. Output "nq win tie lose" per line, seconds on stderr. */
static int run_seen(void)
{
    unsigned qualifier;
    int k;
    if (scanf("%u %d", &qualifier, &k) != 2 || k < 0 || k > 4)
        return 2;
    double spent = 0;
    int c[10];
    for (;;) {
        int got = 0;
        for (int i = 0; i < 6 + k; i++)
            got += scanf("%d", &c[i]) == 1;
        if (got != 6 + k)
            break;
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        int sorted[5];
        memcpy(sorted, c, sizeof sorted);
        sort5(sorted);
        uint16_t pv = value[colex_of(sorted)];
        uint64_t used = 0;
        for (int i = 0; i < 6 + k; i++)
            used |= (uint64_t)1 << c[i];
        int un[46], n = 0;
        for (int x = 0; x < 52; x++)
            if (!(used >> x & 1))
                un[n++] = x;
        uint64_t o[4] = {0, 0, 0, 0};
        const int u = 4 - k;
        int idx[4] = {0, 1, 2, 3};
        for (;;) {
            int h[5];
            for (int i = 0; i <= k; i++)
                h[i] = c[5 + i];
            for (int i = 0; i < u; i++)
                h[k + 1 + i] = un[idx[i]];
            sort5(h);
            uint16_t v = value[colex_of(h)];
            o[v < qualifier ? 0 : v < pv ? 1 : v == pv ? 2 : 3]++;
            int i = u - 1;
            while (i >= 0 && idx[i] == n - u + i)
                i--;
            if (i < 0)
                break;
            idx[i]++;
            for (int j = i + 1; j < u; j++)
                idx[j] = idx[j - 1] + 1;
        }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        spent += (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
        printf("%llu %llu %llu %llu\n", (unsigned long long)o[0], (unsigned long long)o[1],
               (unsigned long long)o[2], (unsigned long long)o[3]);
    }
    fprintf(stderr, "%.6f\n", spent);
    return 0;
}

int main(void)
{
    build();
    char mode[16];
    if (scanf("%15s", mode) != 1)
        return 2;
    if (strcmp(mode, "single") == 0)
        return run_single();
    if (strcmp(mode, "seen") == 0)
        return run_seen();
    unsigned qualifier = (unsigned)strtoul(mode, NULL, 10);
    double spent = 0;
    int p[5];
    while (scanf("%d %d %d %d %d", &p[0], &p[1], &p[2], &p[3], &p[4]) == 5) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        int sorted[5];
        memcpy(sorted, p, sizeof sorted);
        sort5(sorted);
        uint16_t pv = value[colex_of(sorted)];
        uint64_t in_hand = 0;
        for (int i = 0; i < 5; i++)
            in_hand |= (uint64_t)1 << p[i];
        int un[47], n = 0;
        for (int x = 0; x < 52; x++)
            if (!(in_hand >> x & 1))
                un[n++] = x;
        uint64_t cnt[52][4];
        memset(cnt, 0, sizeof cnt);
        for (int e = 4; e < n; e++) {
            uint32_t ie = binom[un[e]][5];
            for (int d = 3; d < e; d++) {
                uint32_t id = ie + binom[un[d]][4];
                for (int cc = 2; cc < d; cc++) {
                    uint32_t ic = id + binom[un[cc]][3];
                    for (int b = 1; b < cc; b++) {
                        uint32_t ib = ic + binom[un[b]][2];
                        for (int a = 0; a < b; a++) {
                            uint16_t v = value[ib + (uint32_t)un[a]];
                            int o = v < qualifier ? 0 : v < pv ? 1 : v == pv ? 2 : 3;
                            cnt[un[a]][o]++;
                            cnt[un[b]][o]++;
                            cnt[un[cc]][o]++;
                            cnt[un[d]][o]++;
                            cnt[un[e]][o]++;
                        }
                    }
                }
            }
        }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        spent += (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
        for (int i = 0; i < n; i++) {
            int u = un[i];
            printf("%d %llu %llu %llu %llu\n", u, (unsigned long long)cnt[u][0],
                   (unsigned long long)cnt[u][1], (unsigned long long)cnt[u][2],
                   (unsigned long long)cnt[u][3]);
        }
    }
    fprintf(stderr, "%.6f\n", spent);
    return 0;
}
