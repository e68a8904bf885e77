/* seen_reference.c - the core's one-seen-card outputs against the reference one-card solver.
 *
 * csrc/seen.c counts k = 1, 2 and 3 seen hole cards with one method; for k = 1 cs_solve_seen_k1
 * also gives the chart by up card and seen card and the decision of every class of situations.
 * tests/c/reference/seen_card.c is the solver it replaced, written on its own layout (rank pairs
 * a * 13 + b, its own class weights): for several rules, every output must be equal, the totals
 * and charts exactly and the decision tables byte for byte; cs_solve_seen(1)'s totals, its chart
 * by rank multiset (the by-up chart folded) and its probe counts (cs_test_solve_seen, testing.h)
 * too. Built and run by .ci/harness (ASan + UBSan) and tests/engine/test_seen_reference.py:
 *
 *     cc -std=c11 -O2 -pthread -Icsrc -Itests/c/reference tests/c/seen_reference.c \
 *         tests/c/reference/seen_card.c csrc/[a-z]*.c
 *
 * SEEN_REFERENCE_QUICK=1 runs the first two cases only. Prints a line per case and
 * "seen reference: N checks, 0 failed"; exits 1 on any failure.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caribbean.h"
#include "check.h"
#include "testing.h"
#include "seen_card.h"

#define N_PROBES 600
#define N_DECISIONS ((size_t)CS_NUM_VALUES * CS_SEEN_DECISION_LANES)

typedef struct {
    const char *name;
    uint16_t qualifier;
    cs_nets nets;
    uint32_t flags, threads;
} seen_case;

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static uint32_t next_random(uint32_t n)
{
    rng_state = rng_state * 6364136223846793005u + 1442695040888963407u;
    return (uint32_t)((rng_state >> 33) % n);
}

/* N_PROBES situations of 7 distinct cards (player's five, up, seen): random, then a few edges. */
static void make_probes(uint8_t *probes)
{
    static const uint8_t edges[][7] = {
        {48, 44, 40, 36, 32, 1, 5},   /* a straight flush; up and seen of another suit */
        {51, 47, 43, 39, 35, 0, 4},   /* a royal flush; up and seen of one suit */
        {0, 1, 4, 5, 8, 2, 3},        /* two pair; the seen card pairs the up card */
        {0, 4, 8, 12, 17, 2, 6},      /* A-less straight-ish; up and seen suited */
        {28, 29, 30, 31, 0, 1, 2},    /* four of a kind */
    };
    const size_t n_edges = sizeof edges / sizeof edges[0];
    for (size_t k = 0; k < N_PROBES; k++) {
        uint8_t *pr = probes + 7 * k;
        if (k < n_edges) {
            memcpy(pr, edges[k], 7);
            continue;
        }
        uint64_t used = 0;
        for (int i = 0; i < 7; i++) {
            uint32_t c;
            do
                c = next_random(52);
            while (used >> c & 1);
            used |= (uint64_t)1 << c;
            pr[i] = (uint8_t)c;
        }
    }
}

static void compare(const seen_case *c, const uint8_t *probes)
{
    static uint64_t chart_r[CS_SEEN_CHART_CELLS], chart_t[CS_SEEN_CHART_CELLS];
    static uint64_t ref_r[CS_SEEN_CHART_CELLS], ref_t[CS_SEEN_CHART_CELLS];
    static uint64_t set_r[11 * 91], set_t[11 * 91];
    static uint64_t counts[4 * N_PROBES], ref_counts[4 * N_PROBES];
    uint8_t *dec = malloc(N_DECISIONS), *ref_dec = malloc(N_DECISIONS);
    CHECK(dec != NULL && ref_dec != NULL);
    if (!dec || !ref_dec) {
        free(dec);
        free(ref_dec);
        return;
    }
    cs_totals t, t_set, t_ref, t_ref_dec;
    cs_seen_k1_outputs k1 = {chart_r, chart_t, CS_SEEN_CHART_CELLS, dec, N_DECISIONS};
    CHECK(cs_solve_seen_k1(c->qualifier, &c->nets, c->flags, c->threads, &t, &k1) == CS_OK);
    CHECK(cs_test_solve_seen(1, c->qualifier, &c->nets, c->flags, c->threads, &t_set, set_r, set_t, 11 * 91,
                             probes, N_PROBES, counts) == CS_OK);
    CHECK(ref_solve_seen_one(c->qualifier, &c->nets, c->flags, c->threads, &t_ref, ref_r, ref_t,
                             CS_SEEN_CHART_CELLS, probes, N_PROBES, ref_counts) == CS_OK);
    CHECK(ref_seen_one_decisions(c->qualifier, &c->nets, c->flags, c->threads, &t_ref_dec, ref_dec, N_DECISIONS)
          == CS_OK);

    CHECK(memcmp(&t, &t_ref, sizeof t) == 0);         /* the figures */
    CHECK(memcmp(&t, &t_ref_dec, sizeof t) == 0);
    CHECK(memcmp(&t, &t_set, sizeof t) == 0);
    CHECK(memcmp(chart_r, ref_r, sizeof chart_r) == 0); /* the chart by up card and seen card */
    CHECK(memcmp(chart_t, ref_t, sizeof chart_t) == 0);
    CHECK(memcmp(dec, ref_dec, N_DECISIONS) == 0);    /* the decisions, byte for byte */
    CHECK(memcmp(counts, ref_counts, sizeof counts) == 0);
    size_t differ = 0, decided = 0;
    for (size_t k = 0; k < N_DECISIONS; k++) {
        differ += dec[k] != ref_dec[k];
        decided += dec[k] != 255;
    }
    CHECK(decided > 0);
    /* the chart by rank multiset is the by-up chart with both orders added */
    for (unsigned cls = 0; cls < 11; cls++)
        for (unsigned b = 0; b < 13; b++)
            for (unsigned a = 0; a <= b; a++) {
                size_t ab = (cls * 13 + a) * 13 + b, ba = (cls * 13 + b) * 13 + a;
                size_t m = cls * 91 + b * (b + 1) / 2 + a;
                uint64_t r = a == b ? chart_r[ab] : chart_r[ab] + chart_r[ba];
                uint64_t w = a == b ? chart_t[ab] : chart_t[ab] + chart_t[ba];
                CHECK(set_r[m] == r && set_t[m] == w);
            }
    printf("%s: %zu decided classes, %zu differ; raise situations %llu\n", c->name, decided, differ,
           (unsigned long long)t.raise_situations);
    free(dec);
    free(ref_dec);
}

int main(void)
{
    const cs_nets standard = {-1, 1, 0, -3, {3, 3, 5, 7, 9, 11, 15, 41, 101, 201}};
    const cs_nets doubled = {-2, 2, 0, -6, {6, 6, 11, 15, 19, 22, 31, 81, 201, 401}};
    const cs_nets zero = {0, 0, 0, 0, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0}}; /* every situation indifferent */
    const seen_case cases[] = {
        {"standard, AK qualifier", 1113, standard, 0, 2},
        {"standard, raise on ties, 1 thread", 1113, standard, CS_RAISE_ON_TIE, 1},
        {"no qualifier", 0, standard, 0, 2},
        {"qualifier 2000, other nets, 3 threads", 2000, doubled, 0, 3},
        {"dealer never qualifies", CS_NUM_VALUES, standard, 0, 2},
        {"zero nets, raise on ties", 1113, zero, CS_RAISE_ON_TIE, 2},
    };
    size_t n = sizeof cases / sizeof cases[0];
    const char *quick = getenv("SEEN_REFERENCE_QUICK");
    if (quick && *quick)
        n = 2;
    uint8_t *probes = malloc(7 * N_PROBES);
    CHECK(probes != NULL);
    if (!probes)
        return 1;
    make_probes(probes);
    for (size_t k = 0; k < n; k++)
        compare(&cases[k], probes);
    free(probes);
    printf("seen reference: %d checks, %d failed\n", checks, failed);
    return failed ? 1 : 0;
}
