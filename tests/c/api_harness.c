/* api_harness.c - every function of caribbean.h and testing.h called from C, with valid and invalid arguments,
 * checking each status (and a few known results). Built and run by .ci/harness under
 * AddressSanitizer + UBSan (and valgrind when installed):
 *
 *     cc -std=c11 -O1 -g -fsanitize=address,undefined -Icsrc tests/c/api_harness.c csrc/[a-z]*.c -lpthread
 *
 * Prints one line per group and "api harness: N checks, 0 failed"; exits 1 on any failure.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caribbean.h"
#include "check.h"
#include "testing.h"

static cs_nets standard_nets(void)
{
    /* fold -1, not qualify +1, tie 0, lose -3; win = 1 + 2 x pay (100/50/20/7/5/4/3/2/1/1), high card first */
    cs_nets n = {-1, 1, 0, -3, {3, 3, 5, 7, 9, 11, 15, 41, 101, 201}};
    return n;
}

static void evaluators(void)
{
    uint16_t v;
    uint8_t c;
    uint8_t royal[5] = {51, 47, 43, 39, 35}; /* As Ks Qs Js Ts */
    STATUS(cs_init(), CS_OK);
    STATUS(cs_evaluate5(royal, &v, &c), CS_OK);
    CHECK(c == CS_ROYAL_FLUSH && v == CS_NUM_VALUES - 1);
    uint8_t bad[5] = {0, 1, 2, 3, 52}, dup[5] = {0, 1, 2, 3, 3};
    STATUS(cs_evaluate5(bad, &v, &c), CS_E_CARD);
    STATUS(cs_evaluate5(dup, &v, &c), CS_E_DUPLICATE);
    STATUS(cs_evaluate5(NULL, &v, &c), CS_E_NULL);
    STATUS(cs_evaluate5(royal, NULL, &c), CS_E_NULL);
    uint8_t six[6] = {51, 47, 43, 39, 35, 0}, six_dup[6] = {51, 47, 43, 39, 35, 35};
    STATUS(cs_evaluate6(six, &v, &c), CS_OK);
    CHECK(c == CS_ROYAL_FLUSH);
    STATUS(cs_evaluate6(six_dup, &v, &c), CS_E_DUPLICATE);
    STATUS(cs_evaluate6(NULL, &v, &c), CS_E_NULL);
    STATUS(cs_value_category(0, &c), CS_OK);
    CHECK(c == CS_HIGH_CARD);
    STATUS(cs_value_category(CS_NUM_VALUES, &c), CS_E_ARG);
    STATUS(cs_value_category(0, NULL), CS_E_NULL);

    uint64_t cats[10];
    STATUS(cs_category_counts(cats), CS_OK);
    uint64_t total = 0;
    for (int i = 0; i < 10; i++)
        total += cats[i];
    CHECK(total == CS_NUM_HANDS && cats[CS_ROYAL_FLUSH] == 4);
    STATUS(cs_category_counts(NULL), CS_E_NULL);
    STATUS(cs_six_card_counts(cats), CS_OK);
    total = 0;
    for (int i = 0; i < 10; i++)
        total += cats[i];
    CHECK(total == CS_NUM_SIX_CARD_SETS);
    STATUS(cs_six_card_counts(NULL), CS_E_NULL);

    uint64_t *vc = calloc(CS_NUM_VALUES, sizeof *vc);
    STATUS(cs_value_counts(vc, CS_NUM_VALUES), CS_OK);
    STATUS(cs_value_counts(vc, 10), CS_E_SIZE);
    STATUS(cs_value_counts(NULL, CS_NUM_VALUES), CS_E_NULL);
    free(vc);
    uint8_t *vcat = calloc(CS_NUM_VALUES, 1);
    STATUS(cs_value_categories(vcat, CS_NUM_VALUES), CS_OK);
    CHECK(vcat[CS_NUM_VALUES - 1] == CS_ROYAL_FLUSH);
    STATUS(cs_value_categories(vcat, CS_NUM_VALUES - 1), CS_E_SIZE);
    STATUS(cs_value_categories(NULL, CS_NUM_VALUES), CS_E_NULL);
    free(vcat);
    uint16_t *plain = calloc(CS_NUM_RANK_PATTERNS, 2), *suited = calloc(CS_NUM_RANK_PATTERNS, 2);
    STATUS(cs_pattern_values(plain, suited, CS_NUM_RANK_PATTERNS), CS_OK);
    STATUS(cs_pattern_values(plain, suited, 1), CS_E_SIZE);
    STATUS(cs_pattern_values(NULL, suited, CS_NUM_RANK_PATTERNS), CS_E_NULL);
    free(plain);
    free(suited);
    uint8_t ranks[5] = {12, 11, 10, 9, 8}, bad_ranks[5] = {12, 11, 10, 9, 13}, five_aces[5] = {12, 12, 12, 12, 12};
    uint32_t pat;
    STATUS(cs_rank_pattern(ranks, &pat), CS_OK);
    CHECK(pat < CS_NUM_RANK_PATTERNS);
    STATUS(cs_rank_pattern(bad_ranks, &pat), CS_E_CARD);
    CHECK(cs_rank_pattern(five_aces, &pat) != CS_OK);
    STATUS(cs_rank_pattern(NULL, &pat), CS_E_NULL);

    CHECK(strcmp(cs_strerror(CS_E_DUPLICATE), "a card is given twice") == 0);
    CHECK(strcmp(cs_strerror(99), "unknown status") == 0);
    CHECK(strcmp(cs_strerror(-1), "unknown status") == 0);
    for (int s = CS_OK; s <= CS_E_OVERFLOW; s++)
        CHECK(cs_strerror(s) != NULL && strcmp(cs_strerror(s), "unknown status") != 0);
    puts("evaluators: done");
}

static void deals(void)
{
    cs_deal_counts d;
    uint8_t hand[5] = {48, 45, 22, 9, 0}; /* As Kd 7h 4c 2c: high card */
    STATUS(cs_deal(hand, 42, NULL, 0, NULL, 0, 1113, &d), CS_OK); /* up Qh */
    CHECK(d.total == CS_NUM_COMPLETIONS && d.not_qualify + d.win + d.tie + d.lose == d.total);
    uint8_t dead[2] = {1, 2}, dealer[1] = {3}, dup_dead[1] = {42};
    STATUS(cs_deal(hand, 42, dead, 2, dealer, 1, 1113, &d), CS_OK);
    CHECK(d.total == 12341); /* C(43, 3): 52 - 5 - 1 - 2 dead - 1 known */
    STATUS(cs_deal(hand, 52, NULL, 0, NULL, 0, 1113, &d), CS_E_CARD);
    STATUS(cs_deal(hand, 48, NULL, 0, NULL, 0, 1113, &d), CS_E_DUPLICATE);
    STATUS(cs_deal(hand, 42, dup_dead, 1, NULL, 0, 1113, &d), CS_E_DUPLICATE);
    STATUS(cs_deal(hand, 42, NULL, 3, NULL, 0, 1113, &d), CS_E_NULL);
    STATUS(cs_deal(hand, 42, NULL, 0, NULL, 2, 1113, &d), CS_E_NULL);
    STATUS(cs_deal(hand, 42, NULL, 0, NULL, 0, CS_NUM_VALUES + 1, &d), CS_E_ARG);
    STATUS(cs_deal(hand, 42, NULL, 0, NULL, 0, 1113, NULL), CS_E_NULL);
    STATUS(cs_deal(NULL, 42, NULL, 0, NULL, 0, 1113, &d), CS_E_NULL);
    uint8_t five[5] = {4, 5, 6, 7, 8};
    STATUS(cs_deal(hand, 42, NULL, 0, five, 5, 1113, &d), CS_E_SIZE);
    uint8_t many[46];
    for (int i = 0, c = 0; c < 52 && i < 46; c++)
        if (c != 48 && c != 45 && c != 22 && c != 9 && c != 0 && c != 42)
            many[i++] = (uint8_t)c;
    STATUS(cs_deal(hand, 42, many, 44, NULL, 0, 1113, &d), CS_E_SIZE);
    puts("deals: done");
}

static void solver(void)
{
    cs_solver *s = NULL;
    STATUS(cs_solver_new(CS_NUM_VALUES + 1, 1, &s), CS_E_ARG);
    STATUS(cs_solver_new(1113, 0, &s), CS_E_ARG);
    STATUS(cs_solver_new(1113, CS_MAX_THREADS + 1, &s), CS_E_ARG);
    STATUS(cs_solver_new(1113, 1, NULL), CS_E_NULL);
    STATUS(cs_solver_new(1113, 2, &s), CS_OK);
    CHECK(s != NULL);
    uint32_t n = 0, w = 0;
    STATUS(cs_solver_size(s, &n), CS_OK);
    CHECK(n > 0);
    STATUS(cs_solver_size(NULL, &n), CS_E_NULL);
    STATUS(cs_solver_size(s, NULL), CS_E_NULL);
    uint8_t cards[5];
    STATUS(cs_solver_hand(s, 0, cards, &w), CS_OK);
    CHECK(w > 0);
    STATUS(cs_solver_hand(s, n, cards, &w), CS_E_ARG);
    STATUS(cs_solver_hand(NULL, 0, cards, &w), CS_E_NULL);
    STATUS(cs_solver_hand(s, 0, NULL, &w), CS_E_NULL);

    cs_deal_counts d, e;
    uint8_t hand[5] = {48, 45, 22, 9, 0};
    STATUS(cs_solver_situation(s, hand, 42, &d), CS_OK);
    STATUS(cs_deal(hand, 42, NULL, 0, NULL, 0, 1113, &e), CS_OK);
    CHECK(d.win == e.win && d.lose == e.lose && d.not_qualify == e.not_qualify && d.tie == e.tie);
    STATUS(cs_solver_situation(s, hand, 48, &d), CS_E_DUPLICATE);
    STATUS(cs_solver_situation(s, hand, 52, &d), CS_E_CARD);
    STATUS(cs_solver_situation(NULL, hand, 42, &d), CS_E_NULL);
    STATUS(cs_solver_situation(s, NULL, 42, &d), CS_E_NULL);
    {
        uint8_t many[10] = {48, 45, 22, 9, 0, 48, 45, 22, 9, 0};
        uint8_t ups[2] = {42, 48};
        uint32_t counts[8];
        uint8_t cats[2];
        int32_t sts[2];
        STATUS(cs_solver_situations(s, many, ups, 2, 2, counts, cats, sts), CS_OK);
        CHECK(sts[0] == CS_OK && sts[1] == CS_E_DUPLICATE);
        CHECK(counts[0] == e.not_qualify && counts[1] == e.win && counts[2] == e.tie && counts[3] == e.lose);
        STATUS(cs_solver_situations(NULL, many, ups, 2, 1, counts, cats, sts), CS_E_NULL);
        STATUS(cs_solver_situations(s, many, ups, 2, 1, NULL, cats, sts), CS_E_NULL);
        STATUS(cs_solver_situations(s, many, ups, 2, 0, counts, cats, sts), CS_E_ARG);
    }

    cs_nets nets = standard_nets();
    cs_totals t;
    size_t nd = (size_t)n * 52;
    uint8_t *dec = malloc(nd);
    STATUS(cs_solver_price(s, &nets, 0, &t, dec, nd), CS_OK);
    CHECK(t.total_weight == 19933230517200ull);
    STATUS(cs_solver_price(s, &nets, CS_RAISE_ON_TIE | CS_IGNORE_UP, &t, NULL, 0), CS_OK);
    STATUS(cs_solver_price(s, &nets, 0, &t, dec, nd - 1), CS_E_SIZE);
    CHECK(cs_solver_price(s, &nets, 4, &t, NULL, 0) != CS_OK); /* unknown flag */
    STATUS(cs_solver_price(NULL, &nets, 0, &t, NULL, 0), CS_E_NULL);
    STATUS(cs_solver_price(s, NULL, 0, &t, NULL, 0), CS_E_NULL);
    STATUS(cs_solver_price(s, &nets, 0, NULL, NULL, 0), CS_E_NULL);
    cs_nets huge = nets;
    huge.win[9] = INT64_MAX;
    CHECK(cs_solver_price(s, &huge, 0, &t, NULL, 0) != CS_OK);

    uint8_t *raise = malloc(nd);
    for (size_t i = 0; i < nd; i++)
        raise[i] = dec[i] == 1;
    cs_totals a;
    STATUS(cs_solver_apply(s, raise, nd, &a), CS_OK);
    STATUS(cs_solver_price(s, &nets, 0, &t, NULL, 0), CS_OK);
    CHECK(a.raise_situations == t.raise_situations);
    STATUS(cs_solver_apply(s, raise, nd - 1, &a), CS_E_SIZE);
    STATUS(cs_solver_apply(s, NULL, nd, &a), CS_E_NULL);
    STATUS(cs_solver_apply(s, raise, nd, NULL), CS_E_NULL);

    uint8_t *cells = calloc(CS_NUM_CHART_CELLS, 1);
    STATUS(cs_solver_apply_cells(s, cells, CS_NUM_CHART_CELLS, &a), CS_OK);
    CHECK(a.raise_situations == 0);
    STATUS(cs_solver_apply_cells(s, cells, CS_NUM_CHART_CELLS - 1, &a), CS_E_SIZE);
    STATUS(cs_solver_apply_cells(NULL, cells, CS_NUM_CHART_CELLS, &a), CS_E_NULL);
    uint64_t *rw = calloc(CS_NUM_CHART_CELLS, 8), *tw = calloc(CS_NUM_CHART_CELLS, 8);
    STATUS(cs_solver_chart(s, raise, nd, rw, tw, CS_NUM_CHART_CELLS), CS_OK);
    STATUS(cs_solver_chart(s, raise, nd, rw, tw, CS_NUM_CHART_CELLS - 1), CS_E_SIZE);
    STATUS(cs_solver_chart(s, raise, nd - 1, rw, tw, CS_NUM_CHART_CELLS), CS_E_SIZE);
    STATUS(cs_solver_chart(s, raise, nd, NULL, tw, CS_NUM_CHART_CELLS), CS_E_NULL);
    free(rw);
    free(tw);
    free(cells);
    free(raise);
    free(dec);

    /* sampling (with the solver as the control variate) */
    cs_sample_sums sums;
    STATUS(cs_sample_deals(1113, &nets, 2, 0, 0, 0, 7, 0, 200, 2, s, &sums), CS_OK);
    CHECK(sums.deals == 200);
    STATUS(cs_sample_deals(1113, &nets, 0, 6, 0, 0, 7, 0, 20, 1, NULL, &sums), CS_OK);
    STATUS(cs_sample_deals(1113, &nets, 5, 0, 0, 0, 7, 0, 20, 1, NULL, &sums), CS_E_SIZE);
    STATUS(cs_sample_deals(1113, &nets, 0, 7, 0, 0, 7, 0, 20, 1, NULL, &sums), CS_E_SIZE);
    STATUS(cs_sample_deals(1113, &nets, 0, 0, 0, 0, 7, 0, (1u << 15) + 1, 1, NULL, &sums), CS_E_SIZE);
    STATUS(cs_sample_deals(1113, &nets, 0, 0, 0, 0, 7, UINT64_MAX - 5, 10, 2, NULL, &sums), CS_E_SIZE);
    STATUS(cs_sample_deals(1113, &nets, 0, 0, 0, 0, 7, UINT64_MAX - 10, 10, 2, NULL, &sums), CS_OK);
    STATUS(cs_sample_deals(1113, &nets, 0, 0, 0, 0, 7, 0, 10, 0, NULL, &sums), CS_E_ARG);
    STATUS(cs_sample_deals(1277, &nets, 0, 0, 0, 0, 7, 0, 10, 1, s, &sums), CS_E_ARG); /* solver of another qualifier */
    STATUS(cs_sample_deals(1113, NULL, 0, 0, 0, 0, 7, 0, 10, 1, NULL, &sums), CS_E_NULL);
    STATUS(cs_sample_deals(1113, &nets, 0, 0, 0, 0, 7, 0, 10, 1, NULL, NULL), CS_E_NULL);
    CHECK(cs_sample_deals(1113, &huge, 0, 0, 0, 0, 7, 0, 10, 1, NULL, &sums) != CS_OK);

    /* burn cards and the generic path (cs_deal per deal) */
    STATUS(cs_sample_deals(1113, &nets, 0, 6, 12, 0, 7, 0, 10, 1, NULL, &sums), CS_OK);
    STATUS(cs_sample_deals(1113, &nets, 0, 6, 13, 0, 7, 0, 10, 1, NULL, &sums), CS_E_SIZE);
    /* hidden hands (players who do not share) */
    STATUS(cs_sample_deals(1113, &nets, 1, 2, 1, 4, 7, 0, 10, 1, s, &sums), CS_OK);
    STATUS(cs_sample_deals(1113, &nets, 0, 2, 0, 5, 7, 0, 10, 1, NULL, &sums), CS_E_SIZE);
    STATUS(cs_sample_deals(1113, &nets, 0, 0, 13, 6, 7, 0, 10, 1, NULL, &sums), CS_E_SIZE);
    STATUS(cs_test_sample_deals(1113, &nets, 1, 2, 1, 4, CS_SAMPLE_GENERIC, 7, 0, 10, 1, s, &sums), CS_OK);
    STATUS(cs_test_sample_deals(1113, &nets, 1, 2, 1, 0, CS_SAMPLE_GENERIC, 7, 0, 10, 1, NULL, &sums), CS_OK);
    STATUS(cs_test_sample_deals(1113, &nets, 0, 0, 0, 0, 2, 7, 0, 10, 1, NULL, &sums), CS_E_ARG);

    /* seats at one dealer hand */
    cs_table_sums ts;
    STATUS(cs_sample_table(s, &nets, 7, 7, 0, 100, 1, &ts), CS_OK);
    CHECK(ts.deals == 100 && ts.seats == 7);
    STATUS(cs_sample_table(s, &nets, 1, 7, 0, 100, 1, &ts), CS_E_SIZE);
    STATUS(cs_sample_table(s, &nets, 8, 7, 0, 100, 1, &ts), CS_E_SIZE);
    STATUS(cs_sample_table(s, &nets, 7, 7, 0, 100, 0, &ts), CS_E_ARG);
    STATUS(cs_sample_table(NULL, &nets, 7, 7, 0, 100, 1, &ts), CS_E_NULL);
    STATUS(cs_sample_table(s, &nets, 7, 7, 0, 100, 1, NULL), CS_E_NULL);

    cs_solver_free(s);
    cs_solver_free(NULL); /* allowed, like free(NULL) */
    puts("solver, sampling: done");
}

static void seen_k1(void)
{
    cs_nets nets = standard_nets();
    cs_totals t;
    uint8_t probe[7] = {48, 45, 22, 9, 0, 42, 1}; /* hand, up, seen */
    uint64_t pc[4];
    uint64_t *n = NULL;
    STATUS(cs_solve_seen(1, 1113, NULL, 0, 2, &t, n, n, 0), CS_E_NULL);
    STATUS(cs_solve_seen(1, 1113, &nets, 0, 2, NULL, n, n, 0), CS_E_NULL);
    STATUS(cs_solve_seen(1, 1113, &nets, 0, 0, &t, n, n, 0), CS_E_ARG);
    STATUS(cs_solve_seen(1, CS_NUM_VALUES + 1, &nets, 0, 1, &t, n, n, 0), CS_E_ARG);
    STATUS(cs_test_solve_seen(1, 1113, &nets, 0, 1, &t, n, n, 0, NULL, 1, pc), CS_E_NULL);
    STATUS(cs_test_solve_seen(1, 1113, &nets, 0, 1, &t, n, n, 0, probe, 1, NULL), CS_E_NULL);
    STATUS(cs_test_solve_seen(1, 1113, &nets, 0, 1, &t, n, n, 0, probe, 4097, pc), CS_E_SIZE);
    uint8_t probe_dup[7] = {48, 45, 22, 9, 0, 42, 42};
    STATUS(cs_test_solve_seen(1, 1113, &nets, 0, 1, &t, n, n, 0, probe_dup, 1, pc), CS_E_DUPLICATE);
    STATUS(cs_test_solve_seen(1, 1113, &nets, 2, 1, &t, n, n, 0, NULL, 0, NULL), CS_E_ARG);
    const size_t lanes = (size_t)CS_NUM_VALUES * CS_SEEN_DECISION_LANES;
    uint64_t chart_r[CS_SEEN_CHART_CELLS], chart_t[CS_SEEN_CHART_CELLS];
    uint8_t *dec = malloc(lanes);
    CHECK(dec != NULL);
    cs_seen_k1_outputs all = {chart_r, chart_t, CS_SEEN_CHART_CELLS, dec, lanes};
    cs_seen_k1_outputs none = {NULL, NULL, 0, NULL, 0};
    cs_seen_k1_outputs half = {chart_r, NULL, CS_SEEN_CHART_CELLS, NULL, 0};
    cs_seen_k1_outputs short_chart = {chart_r, chart_t, CS_SEEN_CHART_CELLS - 1, NULL, 0};
    cs_seen_k1_outputs long_chart = {chart_r, chart_t, CS_SEEN_CHART_CELLS + 1, NULL, 0};
    cs_seen_k1_outputs short_dec = {NULL, NULL, 0, dec, lanes - 1};
    cs_seen_k1_outputs long_dec = {NULL, NULL, 0, dec, lanes + 1};
    STATUS(cs_solve_seen_k1(1113, &nets, 0, 2, &t, NULL), CS_E_NULL);
    STATUS(cs_solve_seen_k1(1113, NULL, 0, 2, &t, &all), CS_E_NULL);
    STATUS(cs_solve_seen_k1(1113, &nets, 0, 2, NULL, &all), CS_E_NULL);
    STATUS(cs_solve_seen_k1(1113, &nets, 0, 2, &t, &half), CS_E_NULL);
    STATUS(cs_solve_seen_k1(1113, &nets, 0, 2, &t, &short_chart), CS_E_SIZE);
    STATUS(cs_solve_seen_k1(1113, &nets, 0, 2, &t, &long_chart), CS_E_SIZE);
    STATUS(cs_solve_seen_k1(1113, &nets, 0, 2, &t, &short_dec), CS_E_SIZE);
    STATUS(cs_solve_seen_k1(1113, &nets, 0, 2, &t, &long_dec), CS_E_SIZE);
    STATUS(cs_solve_seen_k1(1113, &nets, 0, 0, &t, &all), CS_E_ARG);
    STATUS(cs_solve_seen_k1(1113, &nets, 0, CS_MAX_THREADS + 1, &t, &all), CS_E_ARG);
    STATUS(cs_solve_seen_k1(CS_NUM_VALUES + 1, &nets, 0, 1, &t, &all), CS_E_ARG);
    STATUS(cs_solve_seen_k1(1113, &nets, 4, 1, &t, &all), CS_E_ARG);
    cs_nets big = nets;
    big.win[9] = ((int64_t)1 << 40) + 1; /* past the nets' limit */
    STATUS(cs_solve_seen_k1(1113, &big, 0, 1, &t, &all), CS_E_OVERFLOW);
    if (getenv("HARNESS_QUICK") == NULL) { /* the whole seen-card game: a second, longer under a sanitizer */
        STATUS(cs_solve_seen_k1(1113, &nets, 0, 2, &t, &all), CS_OK);
        cs_totals t1, t2;
        STATUS(cs_test_solve_seen(1, 1113, &nets, 0, 2, &t1, NULL, NULL, 0, probe, 1, pc), CS_OK);
        CHECK(pc[0] + pc[1] + pc[2] + pc[3] == CS_NUM_SEEN_COMPLETIONS);
        STATUS(cs_solve_seen_k1(1113, &nets, 0, 1, &t2, &none), CS_OK);
        CHECK(memcmp(&t, &t1, sizeof t) == 0 && memcmp(&t, &t2, sizeof t) == 0);
        uint64_t raised = 0, total = 0;
        for (size_t c = 0; c < CS_SEEN_CHART_CELLS; c++) {
            CHECK(chart_r[c] <= chart_t[c]);
            raised += chart_r[c];
            total += chart_t[c];
        }
        CHECK(raised == t.raise_situations && total == (uint64_t)CS_NUM_HANDS * 47 * 46);
        size_t decided = 0;
        for (size_t k = 0; k < lanes; k++) {
            CHECK(dec[k] <= 2 || dec[k] == 255);
            decided += dec[k] != 255;
        }
        CHECK(decided > 0);
    }
    free(dec);
    puts("seen card (k = 1): done");
}

/* cs_solve_leak: a seen class, the burn card, and a seen card with the burn card, every argument checked. */
static void leaks(void)
{
    cs_nets nets = standard_nets();
    cs_totals t;
    uint64_t pc[4];
    static uint64_t rw[CS_LEAK_CHART_CELLS], tw[CS_LEAK_CHART_CELLS];
    static uint16_t lo[CS_LEAK_CHART_CELLS], hi[CS_LEAK_CHART_CELLS];
    cs_leak picture = {CS_LEAK_SEEN_CLASS, CS_SUITS_COLOUR, {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0}};
    cs_leak gap = {CS_LEAK_SEEN_CLASS, CS_SUITS_UNSEEN, {0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 0}};
    cs_leak burn = {CS_LEAK_BURN_CARD, CS_SUITS_UNSEEN, {0}};
    cs_leak bad_burn = {CS_LEAK_BURN_CARD, CS_SUITS_SUIT, {0}};
    cs_leak both = {CS_LEAK_SEEN_AND_BURN, CS_SUITS_UNSEEN, {0}};
    cs_leak bad_both = {CS_LEAK_SEEN_AND_BURN, CS_SUITS_UNSEEN, {0, 1}};
    uint8_t probe8[8] = {48, 45, 22, 9, 0, 42, 1, 30}; /* hand, up, seen card, burn card */
    uint8_t probe8_dup[8] = {48, 45, 22, 9, 0, 42, 1, 1};
    cs_leak_chart chart = {rw, tw, lo, hi, CS_LEAK_CHART_CELLS};
    cs_leak_chart half = {rw, NULL, lo, hi, CS_LEAK_CHART_CELLS};
    cs_leak_chart short_chart = {rw, tw, lo, hi, CS_LEAK_CHART_CELLS - 1};
    uint8_t probe[7] = {48, 45, 22, 9, 0, 42, 1}; /* hand, up, a card of the block (or the burn card) */
    uint8_t probe_dup[7] = {48, 45, 22, 9, 0, 42, 42};
    STATUS(cs_solve_leak(NULL, 1113, &nets, 0, 1, &t, NULL), CS_E_NULL);
    STATUS(cs_solve_leak(&gap, 1113, &nets, 0, 1, &t, NULL), CS_E_ARG);
    STATUS(cs_solve_leak(&bad_burn, 1113, &nets, 0, 1, &t, NULL), CS_E_ARG);
    STATUS(cs_solve_leak(&bad_both, 1113, &nets, 0, 1, &t, NULL), CS_E_ARG);
    STATUS(cs_solve_leak(&both, 1113, &nets, 0, 1, &t, &short_chart), CS_E_SIZE);
    STATUS(cs_test_solve_leak(&both, 1113, &nets, 0, 1, &t, NULL, probe8_dup, 1, pc), CS_E_DUPLICATE);
    STATUS(cs_solve_leak(&picture, 1113, NULL, 0, 1, &t, NULL), CS_E_NULL);
    STATUS(cs_solve_leak(&picture, 1113, &nets, 0, 1, NULL, NULL), CS_E_NULL);
    STATUS(cs_solve_leak(&picture, 1113, &nets, 0, 0, &t, NULL), CS_E_ARG);
    STATUS(cs_solve_leak(&picture, CS_NUM_VALUES + 1, &nets, 0, 1, &t, NULL), CS_E_ARG);
    STATUS(cs_solve_leak(&picture, 1113, &nets, 4, 1, &t, NULL), CS_E_ARG);
    STATUS(cs_solve_leak(&picture, 1113, &nets, 0, 1, &t, &half), CS_E_NULL);
    STATUS(cs_solve_leak(&picture, 1113, &nets, 0, 1, &t, &short_chart), CS_E_SIZE);
    STATUS(cs_test_solve_leak(&picture, 1113, &nets, 0, 1, &t, NULL, probe_dup, 1, pc), CS_E_DUPLICATE);
    STATUS(cs_test_solve_leak(&picture, 1113, &nets, 0, 1, &t, NULL, probe, 1, NULL), CS_E_NULL);
    STATUS(cs_test_solve_leak(&picture, 1113, &nets, 0, 1, &t, NULL, probe, 4097, pc), CS_E_SIZE);
    if (!getenv("HARNESS_QUICK")) { /* two whole games: a second or two under a sanitizer */
        STATUS(cs_test_solve_leak(&picture, 1113, &nets, 0, 2, &t, &chart, probe, 1, pc), CS_OK);
        uint64_t raised = 0, total = 0;
        for (size_t c = 0; c < CS_LEAK_CHART_CELLS; c++) {
            CHECK(rw[c] <= tw[c]);
            raised += rw[c];
            total += tw[c];
        }
        CHECK(raised == t.raise_situations && total == (uint64_t)CS_NUM_HANDS * 47 * 46);
        CHECK(t.total_weight == (uint64_t)CS_NUM_HANDS * 47 * 46 * CS_NUM_SEEN_COMPLETIONS);
        STATUS(cs_test_solve_leak(&burn, 1113, &nets, 0, 2, &t, NULL, probe, 1, pc), CS_OK);
        CHECK(pc[0] + pc[1] + pc[2] + pc[3] == CS_NUM_COMPLETIONS - CS_NUM_SEEN_COMPLETIONS);
        /* a seen card and the burn card: C(44, 3) completions a situation, 2,598,960 x 47 x 46 x 45 of them */
        STATUS(cs_test_solve_leak(&both, 1113, &nets, 0, 2, &t, &chart, probe8, 1, pc), CS_OK);
        CHECK(pc[0] + pc[1] + pc[2] + pc[3] == 13244);
        CHECK(t.total_weight == (uint64_t)CS_NUM_HANDS * 47 * 46 * 45 * 13244);
        uint64_t both_total = 0;
        for (size_t c = 0; c < CS_LEAK_CHART_CELLS; c++)
            both_total += tw[c];
        CHECK(both_total == (uint64_t)CS_NUM_HANDS * 47 * 46 * 45);
        /* 52 classes of one card each (every rank its block, the suit seen): the one-seen-card game */
        cs_leak card = {CS_LEAK_SEEN_CLASS, CS_SUITS_SUIT, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}};
        cs_seen_k1_outputs none = {NULL, NULL, 0, NULL, 0};
        cs_totals k1;
        STATUS(cs_solve_leak(&card, 1113, &nets, 0, 2, &t, NULL), CS_OK);
        STATUS(cs_solve_seen_k1(1113, &nets, 0, 2, &k1, &none), CS_OK);
        CHECK(memcmp(&t, &k1, sizeof t) == 0);
    }
    puts("leaks: done");
}

static void seen_cards(void)
{
    cs_nets nets = standard_nets();
    cs_totals t;
    uint64_t *n = NULL;
    STATUS(cs_solve_seen(0, 1113, &nets, 0, 1, &t, n, n, 0), CS_E_ARG);
    STATUS(cs_solve_seen(4, 1113, &nets, 0, 1, &t, n, n, 0), CS_E_ARG);
    STATUS(cs_solve_seen(2, CS_NUM_VALUES + 1, &nets, 0, 1, &t, n, n, 0), CS_E_ARG);
    STATUS(cs_solve_seen(2, 1113, NULL, 0, 1, &t, n, n, 0), CS_E_NULL);
    STATUS(cs_solve_seen(2, 1113, &nets, 0, 1, NULL, n, n, 0), CS_E_NULL);
    STATUS(cs_solve_seen(2, 1113, &nets, 0, 0, &t, n, n, 0), CS_E_ARG);
    uint8_t twice[8] = {0, 1, 2, 3, 4, 5, 6, 6};
    uint64_t pc[4];
    STATUS(cs_test_solve_seen(2, 1113, &nets, 0, 1, &t, n, n, 0, twice, 1, pc), CS_E_DUPLICATE);
    STATUS(cs_test_solve_seen(2, 1113, &nets, 0, 1, &t, n, n, 0, twice, 1, n), CS_E_NULL);
    STATUS(cs_test_solve_seen(2, 1113, &nets, 0, 1, &t, n, n, 0, twice, 4097, pc), CS_E_SIZE);
    if (!getenv("HARNESS_QUICK")) { /* the whole game with three hole cards seen: a fraction of a second */
        uint8_t probe[9] = {48, 45, 22, 9, 0, 42, 1, 2, 3}; /* hand, up, three seen cards */
        STATUS(cs_test_solve_seen(3, 1113, &nets, 0, 2, &t, n, n, 0, probe, 1, pc), CS_OK);
        CHECK(pc[0] + pc[1] + pc[2] + pc[3] == 43); /* C(43, 1) */
        cs_totals t2; /* the public call: the same totals without the probes */
        STATUS(cs_solve_seen(3, 1113, &nets, 0, 2, &t2, n, n, 0), CS_OK);
        CHECK(t2.total_weight == t.total_weight && t2.raise_situations == t.raise_situations);
    }
    /* cs_solve_seen_decided: both decision tables required, each of its exact size */
    size_t n_dec = (size_t)CS_NUM_VALUES * 455, n_suited = (size_t)CS_NUM_VALUES * 286;
    uint8_t *dec = malloc(n_dec);
    uint64_t *suited = malloc(n_suited * sizeof *suited);
    CHECK(dec && suited);
    cs_seen_decision_outputs all = {n, n, 0, dec, n_dec, suited, n_suited};
    cs_seen_decision_outputs no_dec = {n, n, 0, NULL, n_dec, suited, n_suited};
    cs_seen_decision_outputs no_suited = {n, n, 0, dec, n_dec, NULL, n_suited};
    cs_seen_decision_outputs short_dec = {n, n, 0, dec, n_dec - 1, suited, n_suited};
    cs_seen_decision_outputs long_suited = {n, n, 0, dec, n_dec, suited, n_suited + 1};
    STATUS(cs_solve_seen_decided(2, 1113, &nets, 0, 1, &t, NULL), CS_E_NULL);
    STATUS(cs_solve_seen_decided(2, 1113, &nets, 0, 1, &t, &no_dec), CS_E_NULL);
    STATUS(cs_solve_seen_decided(2, 1113, &nets, 0, 1, &t, &no_suited), CS_E_NULL);
    STATUS(cs_solve_seen_decided(2, 1113, NULL, 0, 1, &t, &all), CS_E_NULL);
    STATUS(cs_solve_seen_decided(2, 1113, &nets, 0, 1, NULL, &all), CS_E_NULL);
    STATUS(cs_solve_seen_decided(2, 1113, &nets, 0, 1, &t, &short_dec), CS_E_SIZE);
    STATUS(cs_solve_seen_decided(2, 1113, &nets, 0, 1, &t, &long_suited), CS_E_SIZE);
    STATUS(cs_solve_seen_decided(3, 1113, &nets, 0, 1, &t, &all), CS_E_SIZE); /* k = 3 tables are larger */
    STATUS(cs_solve_seen_decided(0, 1113, &nets, 0, 1, &t, &all), CS_E_ARG);
    STATUS(cs_solve_seen_decided(2, 1113, &nets, 0, 0, &t, &all), CS_E_ARG);
    STATUS(cs_solve_seen_decided(2, CS_NUM_VALUES + 1, &nets, 0, 1, &t, &all), CS_E_ARG);
    if (!getenv("HARNESS_QUICK")) { /* two hole cards seen: the same totals as cs_solve_seen, every byte set */
        cs_totals t2;
        STATUS(cs_solve_seen_decided(2, 1113, &nets, 0, 2, &t, &all), CS_OK);
        STATUS(cs_solve_seen(2, 1113, &nets, 0, 2, &t2, n, n, 0), CS_OK);
        CHECK(memcmp(&t, &t2, sizeof t) == 0);
        size_t decided = 0;
        for (size_t x = 0; x < n_dec; x++) {
            CHECK(dec[x] <= 2 || dec[x] == 255);
            decided += dec[x] != 255;
        }
        CHECK(decided > 0);
    }
    free(dec);
    free(suited);
    puts("seen cards: done");
}

static void sorted_ranks(void)
{
    cs_nets nets = standard_nets();
    cs_totals t[CS_SORTED_COUNTS];
    uint64_t *n = NULL;
    const uint32_t ak = 1u << 12 | 1u << 11;
    STATUS(cs_solve_sorted(ak, 1113, NULL, 0, 1, t, CS_SORTED_COUNTS, n, n, 0), CS_E_NULL);
    STATUS(cs_solve_sorted(ak, 1113, &nets, 0, 1, NULL, CS_SORTED_COUNTS, n, n, 0), CS_E_NULL);
    STATUS(cs_solve_sorted(ak, 1113, &nets, 0, 1, t, CS_SORTED_COUNTS - 1, n, n, 0), CS_E_SIZE);
    STATUS(cs_solve_sorted(1u << 13, 1113, &nets, 0, 1, t, CS_SORTED_COUNTS, n, n, 0), CS_E_ARG);
    STATUS(cs_solve_sorted(ak, CS_NUM_VALUES + 1, &nets, 0, 1, t, CS_SORTED_COUNTS, n, n, 0), CS_E_ARG);
    STATUS(cs_solve_sorted(ak, 1113, &nets, 2, 1, t, CS_SORTED_COUNTS, n, n, 0), CS_E_ARG);
    STATUS(cs_solve_sorted(ak, 1113, &nets, 0, 0, t, CS_SORTED_COUNTS, n, n, 0), CS_E_ARG);
    STATUS(cs_solve_sorted(ak, 1113, &nets, 0, CS_MAX_THREADS + 1, t, CS_SORTED_COUNTS, n, n, 0), CS_E_ARG);
    uint64_t one[1];
    STATUS(cs_solve_sorted(ak, 1113, &nets, 0, 1, t, CS_SORTED_COUNTS, one, n, 1), CS_E_NULL);
    STATUS(cs_solve_sorted(ak, 1113, &nets, 0, 1, t, CS_SORTED_COUNTS, one, one, 1), CS_E_SIZE);
    cs_nets big = nets;
    big.win[9] = ((int64_t)1 << 40) + 1; /* past the nets' limit */
    STATUS(cs_solve_sorted(ak, 1113, &big, 0, 1, t, CS_SORTED_COUNTS, n, n, 0), CS_E_OVERFLOW);
    uint8_t twice[6] = {0, 1, 2, 3, 4, 4};
    uint64_t pc[4 * CS_SORTED_COUNTS];
    STATUS(cs_test_solve_sorted(ak, 1113, &nets, 0, 1, t, CS_SORTED_COUNTS, n, n, 0, twice, 1, pc), CS_E_DUPLICATE);
    STATUS(cs_test_solve_sorted(ak, 1113, &nets, 0, 1, t, CS_SORTED_COUNTS, n, n, 0, twice, 1, n), CS_E_NULL);
    STATUS(cs_test_solve_sorted(ak, 1113, &nets, 0, 1, t, CS_SORTED_COUNTS, n, n, 0, twice, 4097, pc), CS_E_SIZE);
    if (!getenv("HARNESS_QUICK")) { /* the whole game, aces and kings sorted: a fraction of a second */
        uint8_t probe[6] = {51, 46, 37, 24, 5, 47}; /* As Kh Jd 8c 3d, up Ks */
        uint64_t *raised = malloc(CS_SORTED_CHART_CELLS * sizeof *raised);
        uint64_t *total = malloc(CS_SORTED_CHART_CELLS * sizeof *total);
        CHECK(raised != NULL && total != NULL);
        STATUS(cs_test_solve_sorted(ak, 1113, &nets, 0, 2, t, CS_SORTED_COUNTS, raised, total,
                                    CS_SORTED_CHART_CELLS, probe, 1, pc), CS_OK);
        uint64_t deals = 0, sum = 0;
        for (int c = 0; c < CS_SORTED_COUNTS; c++) {
            deals += t[c].total_weight;
            sum += pc[4 * c] + pc[4 * c + 1] + pc[4 * c + 2] + pc[4 * c + 3];
        }
        CHECK(deals == 19933230517200ull && sum == CS_NUM_COMPLETIONS);
        CHECK(pc[0] + pc[1] + pc[2] + pc[3] == 101270); /* C(41, 4): none of the five aces and kings left */
        for (size_t k = 0; k < CS_SORTED_CHART_CELLS; k++)
            CHECK(raised[k] <= total[k]);
        cs_totals t2[CS_SORTED_COUNTS]; /* the public call: the same totals */
        STATUS(cs_solve_sorted(ak, 1113, &nets, 0, 1, t2, CS_SORTED_COUNTS, n, n, 0), CS_OK);
        CHECK(memcmp(t, t2, sizeof t) == 0);
        free(raised);
        free(total);
    }
    puts("sorted ranks: done");
}

static void layouts(void)
{
    uint32_t x = 0;
    STATUS(cs_version(&x), CS_OK);
    CHECK(x == CS_ABI_VERSION && CS_ABI_VERSION >= 1);
    STATUS(cs_version(NULL), CS_E_NULL);
    CHECK(CS_NUM_CHART_CELLS == CS_NUM_RANK_PATTERNS * 2 * 13 * 6 && CS_SEEN_CHART_CELLS == 11 * 13 * 13);
    CHECK(CS_SEEN_DECISION_LANES == 91 + 32 * 78 && CS_SEEN_CLASSES == 11);
    STATUS(cs_chart_cell(CS_NUM_RANK_PATTERNS - 1, 1, 12, 5, &x), CS_OK);
    CHECK(x == CS_NUM_CHART_CELLS - 1);
    STATUS(cs_chart_cell(0, 0, 0, 0, &x), CS_OK);
    CHECK(x == 0);
    STATUS(cs_chart_cell(CS_NUM_RANK_PATTERNS, 0, 0, 0, &x), CS_E_ARG);
    STATUS(cs_chart_cell(0, 2, 0, 0, &x), CS_E_ARG);
    STATUS(cs_chart_cell(0, 0, 13, 0, &x), CS_E_ARG);
    STATUS(cs_chart_cell(0, 0, 0, CS_CHART_SUIT_COUNTS, &x), CS_E_ARG);
    STATUS(cs_chart_cell(0, 0, 0, 0, NULL), CS_E_NULL);
    STATUS(cs_seen_chart_cell(CS_SEEN_CLASSES - 1, 12, 12, &x), CS_OK);
    CHECK(x == CS_SEEN_CHART_CELLS - 1);
    STATUS(cs_seen_chart_cell(CS_SEEN_CLASSES, 0, 0, &x), CS_E_ARG);
    STATUS(cs_seen_chart_cell(0, 13, 0, &x), CS_E_ARG);
    STATUS(cs_seen_chart_cell(0, 0, 0, NULL), CS_E_NULL);
    STATUS(cs_seen_decision_lane(12, 12, 0, 0, &x), CS_OK);
    CHECK(x == CS_SEEN_RANK_PAIRS - 1);
    STATUS(cs_seen_decision_lane(11, 12, 1, CS_SEEN_SUIT_SETS - 1, &x), CS_OK);
    CHECK(x == CS_SEEN_DECISION_LANES - 1);
    STATUS(cs_seen_decision_lane(3, 3, 1, 0, &x), CS_E_ARG);
    STATUS(cs_seen_decision_lane(4, 3, 0, 0, &x), CS_E_ARG);
    STATUS(cs_seen_decision_lane(0, 1, 0, 1, &x), CS_E_ARG);
    STATUS(cs_seen_decision_lane(0, 1, 1, CS_SEEN_SUIT_SETS, &x), CS_E_ARG);
    STATUS(cs_seen_decision_lane(0, 1, 2, 0, &x), CS_E_ARG);
    STATUS(cs_seen_decision_lane(0, 1, 0, 0, NULL), CS_E_NULL);
    uint8_t *cls = calloc(CS_NUM_VALUES, 1);
    STATUS(cs_seen_classes(cls, CS_NUM_VALUES), CS_OK);
    CHECK(cls[0] == 0 && cls[CS_NUM_VALUES - 1] == CS_SEEN_CLASSES - 1);
    STATUS(cs_seen_classes(cls, CS_NUM_VALUES - 1), CS_E_SIZE);
    STATUS(cs_seen_classes(NULL, CS_NUM_VALUES), CS_E_NULL);
    free(cls);
    uint32_t want[4] = {0, 91, 455, 1820};
    for (uint32_t k = 1; k <= 3; k++) {
        STATUS(cs_seen_set_lanes(k, &x), CS_OK);
        CHECK(x == want[k]);
    }
    STATUS(cs_seen_set_lanes(0, &x), CS_E_ARG);
    STATUS(cs_seen_set_lanes(4, &x), CS_E_ARG);
    STATUS(cs_seen_set_lanes(1, NULL), CS_E_NULL);
    uint8_t top[4] = {12, 12, 12, 12}, bad[4] = {0, 1, 2, 13};
    STATUS(cs_seen_set_cell(3, CS_SEEN_CLASSES - 1, top, &x), CS_OK);
    CHECK(x == CS_SEEN_CLASSES * 1820u - 1);
    STATUS(cs_seen_set_cell(3, 0, bad, &x), CS_E_CARD);
    STATUS(cs_seen_set_cell(2, 0, bad, &x), CS_OK); /* only k + 1 = 3 ranks read */
    STATUS(cs_seen_set_cell(3, CS_SEEN_CLASSES, top, &x), CS_E_ARG);
    STATUS(cs_seen_set_cell(4, 0, top, &x), CS_E_ARG);
    STATUS(cs_seen_set_cell(1, 0, NULL, &x), CS_E_NULL);
    STATUS(cs_seen_set_cell(1, 0, top, NULL), CS_E_NULL);
    puts("version, layouts: done");
}

static void switching(void)
{
    cs_nets nets = standard_nets();
    cs_totals out[32];
    uint8_t hand[5] = {51, 45, 22, 8, 3}, twice[5] = {51, 45, 22, 8, 8};
    STATUS(cs_switch(NULL, 42, 3, 1113, &nets, 0, 1, out, 32), CS_E_NULL);
    STATUS(cs_switch(hand, 42, 3, 1113, NULL, 0, 1, out, 32), CS_E_NULL);
    STATUS(cs_switch(hand, 42, 3, 1113, &nets, 0, 1, NULL, 32), CS_E_NULL);
    STATUS(cs_switch(hand, 42, 3, 1113, &nets, 0, 1, out, 31), CS_E_SIZE);
    STATUS(cs_switch(hand, 42, 3, CS_NUM_VALUES + 1, &nets, 0, 1, out, 32), CS_E_ARG);
    STATUS(cs_switch(hand, 42, 3, 1113, &nets, 2, 1, out, 32), CS_E_ARG); /* CS_IGNORE_UP: no meaning here */
    STATUS(cs_switch(hand, 42, 3, 1113, &nets, 8, 1, out, 32), CS_E_ARG);
    STATUS(cs_switch(hand, 42, 3, 1113, &nets, 0, 0, out, 32), CS_E_ARG);
    STATUS(cs_switch(hand, 42, 3, 1113, &nets, 0, 65, out, 32), CS_E_ARG);
    STATUS(cs_switch(twice, 42, 3, 1113, &nets, 0, 1, out, 32), CS_E_DUPLICATE);
    STATUS(cs_switch(hand, 51, 3, 1113, &nets, 0, 1, out, 32), CS_E_DUPLICATE);
    STATUS(cs_switch(hand, 52, 3, 1113, &nets, 0, 1, out, 32), CS_E_CARD);
    cs_nets huge = nets;
    huge.win[9] = (int64_t)1 << 41;
    STATUS(cs_switch(hand, 42, 3, 1113, &huge, 0, 1, out, 32), CS_E_OVERFLOW);
    /* standing (set 0) is the situation itself; set 1 replaces the first card: 46 sets of 41C4 */
    STATUS(cs_switch(hand, 42, 3, 1113, &nets, 0, 2, out, 32), CS_OK);
    cs_deal_counts d;
    STATUS(cs_deal(hand, 42, NULL, 0, NULL, 0, 1113, &d), CS_OK);
    CHECK(out[0].total_weight == CS_NUM_COMPLETIONS && out[0].fold[d.player_category] == CS_NUM_COMPLETIONS);
    CHECK(out[1].total_weight == 46ull * 148995); /* C(45, 4) */
    CHECK(out[2].total_weight == 0);
    if (!getenv("HARNESS_QUICK")) { /* every discard set: a second or so, longer under a sanitizer */
        STATUS(cs_switch(hand, 42, 0xffffffffu, 1113, &nets, CS_RAISE_ON_TIE | CS_SWITCH_FIVE_RAISES, 2, out, 32), CS_OK);
        CHECK(out[31].total_weight == 1370754ull * 101270); /* C(46, 5) x C(41, 4) */
        CHECK(out[31].raise_situations == 1370754ull);
    }
    puts("switching: done");
}

/* The one-card game: every argument checked before any work; one up rank counted (about 2 s of CPU,
 * longer under a sanitizer: skipped by the quick variant, which valgrind runs). */
static void switch_game(void)
{
    cs_nets nets = standard_nets();
    cs_totals out[2];
    uint64_t ch[CS_SWITCH_GAME_CHOICE_CELLS];
    int64_t answers[6];
    const uint8_t probe[6] = {51, 45, 22, 9, 3, 40}, odd_up[6] = {51, 45, 22, 9, 3, 41}, dup[6] = {51, 45, 22, 9, 3, 51};
    const size_t cells = CS_SWITCH_GAME_CHOICE_CELLS;
    STATUS(cs_switch_game(1113, NULL, 1, 1, 0, 1, out, 2, ch, cells), CS_E_NULL);
    STATUS(cs_switch_game(1113, &nets, 1, 1, 0, 1, NULL, 2, ch, cells), CS_E_NULL);
    STATUS(cs_switch_game(1113, &nets, 1, 1, 0, 1, out, 1, ch, cells), CS_E_SIZE);
    STATUS(cs_switch_game(1113, &nets, 1, 1, 0, 1, out, 2, ch, cells - 1), CS_E_SIZE);
    STATUS(cs_switch_game(CS_NUM_VALUES + 1, &nets, 1, 1, 0, 1, out, 2, ch, cells), CS_E_ARG);
    STATUS(cs_switch_game(1113, &nets, -1, 1, 0, 1, out, 2, ch, cells), CS_E_ARG);
    STATUS(cs_switch_game(1113, &nets, ((int64_t)1 << 36) + 1, 1, 0, 1, out, 2, ch, cells), CS_E_ARG);
    STATUS(cs_switch_game(1113, &nets, 1, 0, 0, 1, out, 2, ch, cells), CS_E_ARG);
    STATUS(cs_switch_game(1113, &nets, 1, 1u << 13, 0, 1, out, 2, ch, cells), CS_E_ARG);
    STATUS(cs_switch_game(1113, &nets, 1, 1, 2, 1, out, 2, ch, cells), CS_E_ARG);
    STATUS(cs_switch_game(1113, &nets, 1, 1, 0, 0, out, 2, ch, cells), CS_E_ARG);
    STATUS(cs_switch_game(1113, &nets, 1, 1, 0, 65, out, 2, ch, cells), CS_E_ARG);
    cs_nets huge = nets;
    huge.win[9] = ((int64_t)1 << 36) + 1;
    STATUS(cs_switch_game(1113, &huge, 1, 1, 0, 1, out, 2, ch, cells), CS_E_OVERFLOW);
    STATUS(cs_test_switch_game(1113, &nets, 1, 1, 0, 1, out, 2, ch, cells, NULL, 1, answers), CS_E_NULL);
    STATUS(cs_test_switch_game(1113, &nets, 1, 1, 0, 1, out, 2, ch, cells, probe, 1, NULL), CS_E_NULL);
    STATUS(cs_test_switch_game(1113, &nets, 1, 1, 0, 1, out, 2, ch, cells, probe, 4097, answers), CS_E_SIZE);
    STATUS(cs_test_switch_game(1113, &nets, 1, 1, 0, 1, out, 2, ch, cells, odd_up, 1, answers), CS_E_ARG);
    STATUS(cs_test_switch_game(1113, &nets, 1, 1, 0, 1, out, 2, ch, cells, dup, 1, answers), CS_E_DUPLICATE);
    if (!getenv("HARNESS_QUICK")) { /* the probe's up card, 40, is the queen of suit 0 (rank 10) */
        STATUS(cs_test_switch_game(1113, &nets, 1, 1u << 10, 0, 2, out, 2, ch, cells, probe, 1, answers), CS_OK);
        CHECK(out[0].total_weight + out[1].total_weight == 4ull * 2349060 * 6853770);
        uint64_t situations = 0;
        for (int c = 0; c < 30; c++)
            situations += ch[c];
        CHECK(situations == 4ull * 2349060);
        CHECK(answers[0] != 0); /* the probe's up card (40) is a queen: answered */
    }
    puts("switch game: done");
}

/* The one-card game under given choices: every argument checked before any work; one up rank counted
 * with every hand standing but one (skipped by the quick variant). */
static void switch_game_given(void)
{
    cs_nets nets = standard_nets();
    cs_totals out[2];
    uint64_t ch[CS_SWITCH_GAME_CHOICE_CELLS];
    const size_t cells = CS_SWITCH_GAME_CHOICE_CELLS, hands = CS_SWITCH_GAME_HANDS;
    uint8_t *given = malloc(hands);
    CHECK(given != NULL);
    memset(given, CS_SWITCH_NO_SWITCH, hands);
    STATUS(cs_switch_game_given(1113, NULL, 1, 0, 1, given, hands, out, 2, ch, cells), CS_E_NULL);
    STATUS(cs_switch_game_given(1113, &nets, 1, 0, 1, NULL, hands, out, 2, ch, cells), CS_E_NULL);
    STATUS(cs_switch_game_given(1113, &nets, 1, 0, 1, given, hands, NULL, 2, ch, cells), CS_E_NULL);
    STATUS(cs_switch_game_given(CS_NUM_VALUES + 1, &nets, 1, 0, 1, given, hands, out, 2, ch, cells), CS_E_ARG);
    STATUS(cs_switch_game_given(1113, &nets, 0, 0, 1, given, hands, out, 2, ch, cells), CS_E_ARG);
    STATUS(cs_switch_game_given(1113, &nets, 1, 2, 1, given, hands, out, 2, ch, cells), CS_E_ARG);
    STATUS(cs_switch_game_given(1113, &nets, 1, 0, 0, given, hands, out, 2, ch, cells), CS_E_ARG);
    STATUS(cs_switch_game_given(1113, &nets, 1, 0, 1, given, hands - 1, out, 2, ch, cells), CS_E_SIZE);
    STATUS(cs_switch_game_given(1113, &nets, 3, 0, 1, given, hands, out, 2, ch, cells), CS_E_SIZE);
    STATUS(cs_switch_game_given(1113, &nets, 1, 0, 1, given, hands, out, 1, ch, cells), CS_E_SIZE);
    given[0] = 6; /* hand 0 beside the deuce of clubs is the cards 1 .. 5 */
    STATUS(cs_switch_game_given(1113, &nets, 1, 0, 1, given, hands, out, 2, ch, cells), CS_E_ARG);
    given[0] = 5;
    if (!getenv("HARNESS_QUICK")) {
        STATUS(cs_switch_game_given(1113, &nets, 1, 0, 2, given, hands, out, 2, ch, cells), CS_OK);
        CHECK(out[0].total_weight + out[1].total_weight == 4ull * 2349060 * 6853770);
        CHECK(out[1].total_weight == 4ull * 6853770 && ch[30 + 1] == 4); /* the 3 of diamonds (card 5) */
    }
    free(given);
    puts("switch game given: done");
}

/* The bounds of the larger switches: every argument checked before any work; one up rank bounded
 * (a few seconds of CPU, longer under a sanitizer: skipped by the quick variant). */
static void switch_bounds(void)
{
    cs_nets nets = standard_nets();
    const int64_t fees[CS_SWITCH_BOUND_SIZES] = {0, 1, 2, 3, 4, 5};
    uint64_t und[CS_SWITCH_BOUND_SIZES], pairs[CS_SWITCH_BOUND_SIZES];
    uint8_t list[8 * 4];
    size_t n_list = 0;
    int64_t answers[33];
    const uint8_t probe[6] = {51, 45, 22, 9, 3, 40}, odd_up[6] = {51, 45, 22, 9, 3, 41};
    const size_t k = CS_SWITCH_BOUND_SIZES;
    STATUS(cs_switch_bounds(1113, NULL, fees, k, 0x3e, 1, 0, 1, und, pairs, k, list, 4, &n_list, NULL), CS_E_NULL);
    STATUS(cs_switch_bounds(1113, &nets, NULL, k, 0x3e, 1, 0, 1, und, pairs, k, list, 4, &n_list, NULL), CS_E_NULL);
    STATUS(cs_switch_bounds(1113, &nets, fees, k, 0x3e, 1, 0, 1, NULL, pairs, k, list, 4, &n_list, NULL), CS_E_NULL);
    STATUS(cs_switch_bounds(1113, &nets, fees, k, 0x3e, 1, 0, 1, und, NULL, k, list, 4, &n_list, NULL), CS_E_NULL);
    STATUS(cs_switch_bounds(1113, &nets, fees, k, 0x3e, 1, 0, 1, und, pairs, k, NULL, 4, &n_list, NULL), CS_E_NULL);
    STATUS(cs_switch_bounds(1113, &nets, fees, k, 0x3e, 1, 0, 1, und, pairs, k, list, 4, NULL, NULL), CS_E_NULL);
    STATUS(cs_switch_bounds(1113, &nets, fees, k - 1, 0x3e, 1, 0, 1, und, pairs, k, list, 4, &n_list, NULL), CS_E_SIZE);
    STATUS(cs_switch_bounds(1113, &nets, fees, k, 0x3e, 1, 0, 1, und, pairs, k + 1, list, 4, &n_list, NULL), CS_E_SIZE);
    STATUS(cs_switch_bounds(CS_NUM_VALUES + 1, &nets, fees, k, 0x3e, 1, 0, 1, und, pairs, k, list, 4, &n_list, NULL),
           CS_E_ARG);
    cs_switch_five_game five;
    STATUS(cs_switch_bounds(1113, &nets, fees, k, 0x1e, 1, 0, 1, und, pairs, k, list, 4, &n_list, &five), CS_E_ARG);
    STATUS(cs_switch_bounds(1113, &nets, fees, k, 0x41, 1, 0, 1, und, pairs, k, list, 4, &n_list, NULL), CS_E_ARG);
    STATUS(cs_switch_bounds(1113, &nets, fees, k, 0x3e, 0, 0, 1, und, pairs, k, list, 4, &n_list, NULL), CS_E_ARG);
    STATUS(cs_switch_bounds(1113, &nets, fees, k, 0x3e, 1u << 13, 0, 1, und, pairs, k, list, 4, &n_list, NULL), CS_E_ARG);
    STATUS(cs_switch_bounds(1113, &nets, fees, k, 0x3e, 1, 2, 1, und, pairs, k, list, 4, &n_list, NULL), CS_E_ARG);
    STATUS(cs_switch_bounds(1113, &nets, fees, k, 0x3e, 1, 0, 0, und, pairs, k, list, 4, &n_list, NULL), CS_E_ARG);
    const int64_t negative[CS_SWITCH_BOUND_SIZES] = {0, 1, -2, 3, 4, 5};
    STATUS(cs_switch_bounds(1113, &nets, negative, k, 0x3e, 1, 0, 1, und, pairs, k, list, 4, &n_list, NULL), CS_E_ARG);
    const int64_t big[CS_SWITCH_BOUND_SIZES] = {0, 1, 2, CS_SWITCH_BOUND_LIMIT + 1, 4, 5};
    STATUS(cs_switch_bounds(1113, &nets, big, k, 0x3e, 1, 0, 1, und, pairs, k, list, 4, &n_list, NULL), CS_E_ARG);
    cs_nets huge = nets;
    huge.win[9] = CS_SWITCH_BOUND_LIMIT + 1;
    STATUS(cs_switch_bounds(1113, &huge, fees, k, 0x3e, 1, 0, 1, und, pairs, k, list, 4, &n_list, NULL), CS_E_OVERFLOW);
    STATUS(cs_test_switch_bounds(1113, &nets, fees, k, 0x3e, 1, 0, 1, und, pairs, k, list, 4, &n_list, NULL, NULL, 1,
                                 answers), CS_E_NULL);
    STATUS(cs_test_switch_bounds(1113, &nets, fees, k, 0x3e, 1, 0, 1, und, pairs, k, list, 4, &n_list, NULL, probe, 4097,
                                 answers), CS_E_SIZE);
    STATUS(cs_test_switch_bounds(1113, &nets, fees, k, 0x3e, 1, 0, 1, und, pairs, k, list, 4, &n_list, NULL, odd_up, 1,
                                 answers), CS_E_ARG);
    if (!getenv("HARNESS_QUICK")) { /* the up card a 3 (4, rank 1); 2-card fee 0: open; five counted (1 ante) */
        const int64_t cheap[CS_SWITCH_BOUND_SIZES] = {0, 1, 0, 3, 4, 1};
        const uint8_t probe3[6] = {51, 45, 22, 9, 3, 4};
        STATUS(cs_test_switch_bounds(1113, &nets, cheap, k, 0x3e, 1u << 1, 0, 2, und, pairs, k, list, 4, &n_list,
                                     &five, probe3, 1, answers), CS_OK);
        CHECK(und[3] == 0 && und[4] == 0 && und[5] == 0); /* 3, 4 cards at 3, 4 antes: excluded; 5 counted */
        CHECK(five.five_situations * 6853770ull + five.stand.total_weight + five.one.total_weight ==
              4ull * 2349060 * 6853770);
        uint64_t by_cat = 0;
        for (int c = 0; c < CS_NUM_CATEGORIES; c++)
            by_cat += five.five_by_category[c];
        CHECK(by_cat == five.five_situations && five.five_situations > 0 && five.five_sum_hi < 0);
        CHECK(answers[32] != 0); /* the probe's five-card switch, exact */
        CHECK(und[2] > 0 && und[0] == und[2] && pairs[2] >= und[2] && n_list == pairs[2] / 4);
        CHECK(list[5] == 4 && list[7] == 2 && __builtin_popcount(list[6]) == 2);
        CHECK(answers[0] != 0 && answers[1 + 3] != 0 && answers[1 + 7] != 0 && answers[1 + 1] == 0);
    }
    puts("switch bounds: done");
}

/* The five-card switch (test entry point): every argument checked before any work; one up rank counted
 * (seconds of CPU, longer under a sanitizer: skipped by the quick variant) and a probe checked against
 * cs_switch's five-card totals priced with the nets. */
static void switch_five(void)
{
    cs_nets nets = standard_nets();
    const uint8_t probe[5] = {51, 45, 22, 9, 3}, with_up[5] = {51, 45, 22, 9, 40}, dup[5] = {51, 45, 22, 9, 51},
                  bad[5] = {51, 45, 22, 9, 52};
    int64_t out[1];
    STATUS(cs_test_switch_five(10, 1113, &nets, 1, NULL, 0, NULL, NULL, 0), CS_OK);
    STATUS(cs_test_switch_five(10, 1113, NULL, 1, probe, 1, out, NULL, 0), CS_E_NULL);
    STATUS(cs_test_switch_five(10, 1113, &nets, 1, NULL, 1, out, NULL, 0), CS_E_NULL);
    STATUS(cs_test_switch_five(10, 1113, &nets, 1, probe, 1, NULL, NULL, 0), CS_E_NULL);
    STATUS(cs_test_switch_five(10, 1113, &nets, 1, probe, 4097, out, NULL, 0), CS_E_SIZE);
    int64_t sums[4];
    STATUS(cs_test_switch_five(10, 1113, &nets, 1, probe, 1, out, sums, 3), CS_E_SIZE);
    STATUS(cs_test_switch_five(13, 1113, &nets, 1, probe, 1, out, NULL, 0), CS_E_ARG);
    STATUS(cs_test_switch_five(10, CS_NUM_VALUES + 1, &nets, 1, probe, 1, out, NULL, 0), CS_E_ARG);
    STATUS(cs_test_switch_five(10, 1113, &nets, 0, probe, 1, out, NULL, 0), CS_E_ARG);
    STATUS(cs_test_switch_five(10, 1113, &nets, 65, probe, 1, out, NULL, 0), CS_E_ARG);
    STATUS(cs_test_switch_five(10, 1113, &nets, 1, with_up, 1, out, NULL, 0), CS_E_DUPLICATE);
    STATUS(cs_test_switch_five(10, 1113, &nets, 1, dup, 1, out, NULL, 0), CS_E_DUPLICATE);
    STATUS(cs_test_switch_five(10, 1113, &nets, 1, bad, 1, out, NULL, 0), CS_E_CARD);
    cs_nets huge = nets;
    huge.win[9] = ((int64_t)1 << 20) + 1;
    STATUS(cs_test_switch_five(10, 1113, &huge, 1, probe, 1, out, NULL, 0), CS_E_OVERFLOW);
    if (!getenv("HARNESS_QUICK")) { /* the up card 40, the queen of suit 0 (rank 10) */
        STATUS(cs_test_switch_five(10, 1113, &nets, 2, probe, 1, out, sums, 4), CS_OK);
        CHECK(sums[0] == sums[2] && sums[1] == sums[3] && (sums[0] != 0 || sums[1] != 0));
        cs_totals t[32];
        STATUS(cs_switch(probe, 40, 1u << 31, 1113, &nets, CS_SWITCH_FIVE_RAISES, 2, t, 32), CS_OK);
        int64_t want = 0;
        for (int c = 0; c < CS_NUM_CATEGORIES; c++)
            want += (int64_t)t[31].not_qualify[c] * nets.not_qualify + (int64_t)t[31].win[c] * nets.win[c] +
                    (int64_t)t[31].tie[c] * nets.tie + (int64_t)t[31].lose[c] * nets.lose;
        CHECK(out[0] == want);
    }
    puts("switch five: done");
}

/* A switch with its discarded cards out of play (test entry points): every argument checked before any
 * work; one four-card discard set swept (its kept card's sum against cs_switch priced), and the standing
 * rank of the whole-game driver (one sweep) with a probe against cs_switch (skipped by the quick variant). */
static void switch_dead(void)
{
    cs_nets nets = standard_nets();
    const uint8_t dead[4] = {51, 45, 22, 9}, dup[2] = {9, 9}, bad[1] = {52}, with_up[2] = {9, 40};
    int64_t out[47], fees[6] = {0, 1, 1, 1, 1, 1};
    STATUS(cs_test_switch_dead(1113, NULL, 0, 40, dead, 4, out, 47), CS_E_NULL);
    STATUS(cs_test_switch_dead(1113, &nets, 0, 40, NULL, 4, out, 47), CS_E_NULL);
    STATUS(cs_test_switch_dead(1113, &nets, 0, 40, dead, 4, NULL, 47), CS_E_NULL);
    STATUS(cs_test_switch_dead(1113, &nets, 0, 40, dead, 0, out, 47), CS_E_ARG);
    STATUS(cs_test_switch_dead(1113, &nets, 0, 40, dead, 5, out, 47), CS_E_ARG);
    STATUS(cs_test_switch_dead(CS_NUM_VALUES + 1, &nets, 0, 40, dead, 4, out, 47), CS_E_ARG);
    STATUS(cs_test_switch_dead(1113, &nets, 2, 40, dead, 4, out, 47), CS_E_ARG);
    STATUS(cs_test_switch_dead(1113, &nets, 0, 40, dead, 4, out, 46), CS_E_SIZE);
    STATUS(cs_test_switch_dead(1113, &nets, 0, 52, dead, 4, out, 47), CS_E_CARD);
    STATUS(cs_test_switch_dead(1113, &nets, 0, 40, bad, 1, out, 50 * 49 * 48 * 47 / 24), CS_E_CARD);
    STATUS(cs_test_switch_dead(1113, &nets, 0, 40, dup, 2, out, 49 * 48 * 47 / 6), CS_E_DUPLICATE);
    STATUS(cs_test_switch_dead(1113, &nets, 0, 40, with_up, 2, out, 49 * 48 * 47 / 6), CS_E_DUPLICATE);
    cs_nets huge = nets;
    huge.win[9] = ((int64_t)1 << 28) + 1;
    STATUS(cs_test_switch_dead(1113, &huge, 0, 40, dead, 4, out, 47), CS_E_OVERFLOW);
    cs_switch_exact ex = {0}; /* stop zero: the count runs to its end */
    const uint8_t probe[5] = {51, 45, 22, 9, 3}, pbad[5] = {51, 45, 22, 9, 40};
    int64_t pout[3];
    STATUS(cs_test_switch_exact_rank(10, 1113, NULL, 0, fees, 5, 0, 1, &ex, NULL, 0, NULL), CS_E_NULL);
    STATUS(cs_test_switch_exact_rank(10, 1113, &nets, 0, NULL, 5, 0, 1, &ex, NULL, 0, NULL), CS_E_NULL);
    STATUS(cs_test_switch_exact_rank(10, 1113, &nets, 0, fees, 5, 0, 1, NULL, NULL, 0, NULL), CS_E_NULL);
    STATUS(cs_test_switch_exact_rank(10, 1113, &nets, 0, fees, 5, 0, 1, &ex, probe, 1, NULL), CS_E_NULL);
    STATUS(cs_test_switch_exact_rank(10, 1113, &nets, 0, fees, 4, 0, 1, &ex, NULL, 0, NULL), CS_E_SIZE);
    STATUS(cs_test_switch_exact_rank(10, 1113, &nets, 0, fees, 5, 0, 1, &ex, probe, 4097, pout), CS_E_SIZE);
    STATUS(cs_test_switch_exact_rank(13, 1113, &nets, 0, fees, 5, 0, 1, &ex, NULL, 0, NULL), CS_E_ARG);
    STATUS(cs_test_switch_exact_rank(10, 1113, &nets, 0, fees, 5, 1u << 5, 1, &ex, NULL, 0, NULL), CS_E_SIZE);
    STATUS(cs_test_switch_exact_rank(10, 1113, &nets, 0, fees, 6, 0, 1, &ex, NULL, 0, NULL), CS_E_SIZE);
    STATUS(cs_test_switch_exact_rank(10, 1113, &nets, 0, fees, 6, 1u << 6 | 1u << 5, 1, &ex, NULL, 0, NULL), CS_E_ARG);
    fees[5] = ((int64_t)1 << 28) + 1;
    STATUS(cs_test_switch_exact_rank(10, 1113, &nets, 0, fees, 6, 1u << 5, 1, &ex, NULL, 0, NULL), CS_E_ARG);
    fees[5] = 1;
    cs_nets big = nets; /* within the switch of one to four cards' limit, not the five-card count's */
    big.win[9] = ((int64_t)1 << 20) + 1;
    STATUS(cs_test_switch_exact_rank(10, 1113, &big, 0, fees, 6, 1u << 5, 1, &ex, NULL, 0, NULL), CS_E_OVERFLOW);
    /* with each hand's option given: C(51, 5) of them, each an option of the sizes asked */
    uint8_t *given = calloc(2349060, 1);
    CHECK(given != NULL);
    STATUS(cs_test_switch_exact_given(10, 1113, &nets, 0, fees, 6, 1u << 5 | 1u << 1, 1, NULL, 2349060, &ex), CS_E_NULL);
    STATUS(cs_test_switch_exact_given(10, 1113, &nets, 0, fees, 6, 1u << 5 | 1u << 1, 1, given, 2349059, &ex), CS_E_SIZE);
    given[7] = 2 * 32 + 3; /* two cards: not asked */
    STATUS(cs_test_switch_exact_given(10, 1113, &nets, 0, fees, 6, 1u << 5 | 1u << 1, 1, given, 2349060, &ex), CS_E_ARG);
    given[7] = 1 * 32 + 3; /* one card said, two in the mask */
    STATUS(cs_test_switch_exact_given(10, 1113, &nets, 0, fees, 6, 1u << 5 | 1u << 1, 1, given, 2349060, &ex), CS_E_ARG);
    given[7] = 5 * 32 + 31; /* all five, not asked */
    STATUS(cs_test_switch_exact_given(10, 1113, &nets, 0, fees, 5, 1u << 1, 1, given, 2349060, &ex), CS_E_ARG);
    STATUS(cs_test_switch_exact_rank(10, 1113, &nets, 0, fees, 5, 0, 0, &ex, NULL, 0, NULL), CS_E_ARG);
    STATUS(cs_test_switch_exact_rank(10, 1113, &nets, 4, fees, 5, 0, 1, &ex, NULL, 0, NULL), CS_E_ARG);
    fees[2] = -1;
    STATUS(cs_test_switch_exact_rank(10, 1113, &nets, 0, fees, 5, 1u << 2, 1, &ex, NULL, 0, NULL), CS_E_ARG);
    fees[2] = 1;
    STATUS(cs_test_switch_exact_rank(10, 1113, &nets, 0, fees, 5, 0, 1, &ex, pbad, 1, pout), CS_E_DUPLICATE);
    STATUS(cs_test_switch_exact_rank(10, 1113, &huge, 0, fees, 5, 0, 1, &ex, NULL, 0, NULL), CS_E_OVERFLOW);
    /* several schedules at once: two rows of six fees, a size mask and a result each */
    cs_switch_exact exs[2];
    memset(exs, 0, sizeof exs);
    int64_t rows[12] = {0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0};
    const uint32_t two_sizes[2] = {1u << 1, 0}, bad_sizes[2] = {1u << 1, 1u << 6};
    STATUS(cs_test_switch_exact_many(10, 1113, NULL, 0, rows, 6, two_sizes, 2, 1, exs), CS_E_NULL);
    STATUS(cs_test_switch_exact_many(10, 1113, &nets, 0, NULL, 6, two_sizes, 2, 1, exs), CS_E_NULL);
    STATUS(cs_test_switch_exact_many(10, 1113, &nets, 0, rows, 6, NULL, 2, 1, exs), CS_E_NULL);
    STATUS(cs_test_switch_exact_many(10, 1113, &nets, 0, rows, 6, two_sizes, 2, 1, NULL), CS_E_NULL);
    STATUS(cs_test_switch_exact_many(10, 1113, &nets, 0, rows, 5, two_sizes, 2, 1, exs), CS_E_SIZE);
    STATUS(cs_test_switch_exact_many(10, 1113, &nets, 0, rows, 6, two_sizes, 0, 1, exs), CS_E_SIZE);
    STATUS(cs_test_switch_exact_many(10, 1113, &nets, 0, rows, 6, two_sizes, 9, 1, exs), CS_E_SIZE);
    STATUS(cs_test_switch_exact_many(10, 1113, &nets, 0, rows, 6, bad_sizes, 2, 1, exs), CS_E_ARG);
    STATUS(cs_test_switch_exact_many(13, 1113, &nets, 0, rows, 6, two_sizes, 2, 1, exs), CS_E_ARG);
    rows[7] = -1; /* the second game's one-card fee, read only where it may switch one card */
    STATUS(cs_test_switch_exact_many(10, 1113, &nets, 0, rows, 6, bad_sizes + 1, 1, 1, exs), CS_E_ARG);
    const uint32_t one_each[2] = {1u << 1, 1u << 1};
    STATUS(cs_test_switch_exact_many(10, 1113, &nets, 0, rows, 6, one_each, 2, 1, exs), CS_E_ARG);
    rows[7] = 0;
    if (!getenv("HARNESS_QUICK")) { /* standing, and one card for 1: each the count of its schedule alone */
        STATUS(cs_test_switch_exact_many(10, 1113, &nets, 0, rows, 6, two_sizes, 2, 2, exs), CS_OK);
        CHECK(exs[0].sweeps == 3 * 26 && exs[0].swept == exs[0].sweeps && exs[1].chosen[0] == 2349060);
        for (int g = 0; g < 2; g++) {
            STATUS(cs_test_switch_exact_rank(10, 1113, &nets, 0, rows + 6 * g, 5, two_sizes[g], 2, &ex, NULL, 0, NULL),
                   CS_OK);
            CHECK(memcmp(&ex, &exs[g], offsetof(cs_switch_exact, sweeps)) == 0);
        }
    }
    if (!getenv("HARNESS_QUICK")) { /* the up card 40, the queen of suit 0 (rank 10) */
        const uint8_t hand[5] = {51, 45, 22, 9, 3};
        cs_totals t[32];
        STATUS(cs_test_switch_dead(1113, &nets, 0, 40, dead, 4, out, 47), CS_OK);
        STATUS(cs_switch(hand, 40, (1u << 15) | 1u, 1113, &nets, 0, 2, t, 32), CS_OK);
        int64_t want[2] = {0, 0};
        for (int m = 0; m < 2; m++) {
            const cs_totals *x = &t[m ? 15 : 0];
            for (int c = 0; c < CS_NUM_CATEGORIES; c++)
                want[m] += (int64_t)x->fold[c] * nets.fold + (int64_t)x->not_qualify[c] * nets.not_qualify +
                           (int64_t)x->win[c] * nets.win[c] + (int64_t)x->tie[c] * nets.tie +
                           (int64_t)x->lose[c] * nets.lose;
        }
        CHECK(out[3] == want[1]); /* the kept card 3 is at position 3 of the 47 cards other than 40 and dead[] */
        STATUS(cs_test_switch_exact_rank(10, 1113, &nets, 0, fees, 5, 0, 2, &ex, probe, 1, pout), CS_OK);
        CHECK(ex.chosen[0] == 2349060 && pout[2] == 0 && ex.sweeps == 2 && ex.swept == 2);
        const __int128 got = (__int128)((unsigned __int128)(uint64_t)pout[0] << 64 | (uint64_t)pout[1]);
        CHECK(got == (__int128)want[0] * (__int128)(ex.value_unit / 163185)); /* over C(46, 4) x 447,720 */
        /* all five beside standing, against a deuce: some hands switch them, and their values add up */
        STATUS(cs_test_switch_exact_rank(0, 1113, &nets, 0, fees, 6, 1u << 5, 2, &ex, NULL, 0, NULL), CS_OK);
        uint64_t five = 0;
        for (int c = 0; c < 10; c++)
            five += ex.by_category[c][6];
        CHECK(ex.chosen[5] > 0 && ex.chosen[0] + ex.chosen[5] == 2349060 && five == ex.chosen[5]);
        CHECK(ex.value_unit == 163185ull * 8506680ull && (ex.five_hi != 0 || ex.five_lo != 0));
        /* given: all five for one hand, the others standing; its value is the five-card count's alone */
        STATUS(cs_test_switch_exact_given(0, 1113, &nets, 0, fees, 6, 1u << 5, 2, given, 2349060, &ex), CS_OK);
        CHECK(ex.chosen[5] == 1 && ex.chosen[0] == 2349059 && ex.sweeps == 2);
        ex.stop = 1; /* stopped before it began: no class swept, no result */
        STATUS(cs_test_switch_exact_rank(10, 1113, &nets, 0, fees, 5, 0, 2, &ex, probe, 1, pout), CS_E_STOPPED);
        CHECK(ex.swept == 0 && ex.stop == 1 && ex.value_unit == 0);
    }
    free(given);
    puts("switch dead: done");
}

/* The bought sixth card: every argument checked before any work; one hand counted; one up rank of
 * the whole game counted (skipped by the quick variant), standing and buying together every deal. */
static void sixth_card(void)
{
    cs_nets nets = standard_nets();
    cs_totals one, out[2];
    uint64_t ch[CS_SWITCH_GAME_CHOICE_CELLS];
    int64_t answers[2];
    uint8_t hand[5] = {51, 47, 43, 39, 1}, twice[5] = {51, 45, 22, 8, 8};
    const uint8_t probe[6] = {51, 45, 22, 9, 3, 40}, odd_up[6] = {51, 45, 22, 9, 3, 41};
    const size_t cells = CS_SWITCH_GAME_CHOICE_CELLS;
    STATUS(cs_buy_sixth(NULL, 40, 1113, &nets, 0, &one), CS_E_NULL);
    STATUS(cs_buy_sixth(hand, 40, 1113, NULL, 0, &one), CS_E_NULL);
    STATUS(cs_buy_sixth(hand, 40, 1113, &nets, 0, NULL), CS_E_NULL);
    STATUS(cs_buy_sixth(hand, 40, CS_NUM_VALUES + 1, &nets, 0, &one), CS_E_ARG);
    STATUS(cs_buy_sixth(hand, 40, 1113, &nets, 4, &one), CS_E_ARG);
    STATUS(cs_buy_sixth(twice, 40, 1113, &nets, 0, &one), CS_E_DUPLICATE);
    STATUS(cs_buy_sixth(hand, 52, 1113, &nets, 0, &one), CS_E_CARD);
    cs_nets huge = nets;
    huge.win[9] = (int64_t)1 << 41;
    STATUS(cs_buy_sixth(hand, 40, 1113, &huge, 0, &one), CS_E_OVERFLOW);
    /* four to a royal in spades, the up card the queen of clubs: every replacement counted */
    STATUS(cs_buy_sixth(hand, 40, 1113, &nets, 0, &one), CS_OK);
    CHECK(one.total_weight == 46ull * 148995);
    CHECK(one.win[9] > 0 && one.raise_situations > 0 && one.raise_situations <= 46);
    STATUS(cs_sixth_game(1113, NULL, 1, 1, 0, 1, out, 2, ch, cells), CS_E_NULL);
    STATUS(cs_sixth_game(1113, &nets, 1, 1, 0, 1, NULL, 2, ch, cells), CS_E_NULL);
    STATUS(cs_sixth_game(1113, &nets, 1, 1, 0, 1, out, 1, ch, cells), CS_E_SIZE);
    STATUS(cs_sixth_game(1113, &nets, 1, 1, 0, 1, out, 2, ch, cells - 1), CS_E_SIZE);
    STATUS(cs_sixth_game(CS_NUM_VALUES + 1, &nets, 1, 1, 0, 1, out, 2, ch, cells), CS_E_ARG);
    STATUS(cs_sixth_game(1113, &nets, -1, 1, 0, 1, out, 2, ch, cells), CS_E_ARG);
    STATUS(cs_sixth_game(1113, &nets, ((int64_t)1 << 36) + 1, 1, 0, 1, out, 2, ch, cells), CS_E_ARG);
    STATUS(cs_sixth_game(1113, &nets, 1, 0, 0, 1, out, 2, ch, cells), CS_E_ARG);
    STATUS(cs_sixth_game(1113, &nets, 1, 1u << 13, 0, 1, out, 2, ch, cells), CS_E_ARG);
    STATUS(cs_sixth_game(1113, &nets, 1, 1, 2, 1, out, 2, ch, cells), CS_E_ARG);
    STATUS(cs_sixth_game(1113, &nets, 1, 1, 0, 0, out, 2, ch, cells), CS_E_ARG);
    STATUS(cs_sixth_game(1113, &nets, 1, 1, 0, 65, out, 2, ch, cells), CS_E_ARG);
    huge.win[9] = ((int64_t)1 << 36) + 1;
    STATUS(cs_sixth_game(1113, &huge, 1, 1, 0, 1, out, 2, ch, cells), CS_E_OVERFLOW);
    STATUS(cs_test_sixth_game(1113, &nets, 1, 1, 0, 1, out, 2, ch, cells, NULL, 1, answers), CS_E_NULL);
    STATUS(cs_test_sixth_game(1113, &nets, 1, 1, 0, 1, out, 2, ch, cells, probe, 4097, answers), CS_E_SIZE);
    STATUS(cs_test_sixth_game(1113, &nets, 1, 1, 0, 1, out, 2, ch, cells, odd_up, 1, answers), CS_E_ARG);
    /* under given choices: each byte 0 or 1, one rank's worth per rank asked */
    static uint8_t given[CS_SWITCH_GAME_HANDS];
    STATUS(cs_sixth_game_given(1113, &nets, 1, 0, 1, NULL, CS_SWITCH_GAME_HANDS, out, 2, ch, cells), CS_E_NULL);
    STATUS(cs_sixth_game_given(1113, &nets, 1, 0, 1, given, CS_SWITCH_GAME_HANDS - 1, out, 2, ch, cells), CS_E_SIZE);
    STATUS(cs_sixth_game_given(1113, &nets, 3, 0, 1, given, CS_SWITCH_GAME_HANDS, out, 2, ch, cells), CS_E_SIZE);
    STATUS(cs_sixth_game_given(1113, &nets, 1, 0, 1, given, CS_SWITCH_GAME_HANDS, out, 1, ch, cells), CS_E_SIZE);
    given[7] = 2;
    STATUS(cs_sixth_game_given(1113, &nets, 1, 0, 1, given, CS_SWITCH_GAME_HANDS, out, 2, ch, cells), CS_E_ARG);
    given[7] = 0;
    /* the draw that switches one card or buys: its arguments (its counts are the two games', tested in Python) */
    cs_totals three[3];
    uint64_t dch[CS_DRAW_GAME_CHOICE_CELLS];
    const size_t dcells = CS_DRAW_GAME_CHOICE_CELLS;
    STATUS(cs_draw_game(1113, NULL, 1, 1, 1, 0, 1, three, 3, dch, dcells), CS_E_NULL);
    STATUS(cs_draw_game(1113, &nets, 1, 1, 1, 0, 1, NULL, 3, dch, dcells), CS_E_NULL);
    STATUS(cs_draw_game(1113, &nets, 1, 1, 1, 0, 1, three, 3, NULL, dcells), CS_E_NULL);
    STATUS(cs_draw_game(1113, &nets, 1, 1, 1, 0, 1, three, 2, dch, dcells), CS_E_SIZE);
    STATUS(cs_draw_game(1113, &nets, 1, 1, 1, 0, 1, three, 3, dch, dcells - 1), CS_E_SIZE);
    STATUS(cs_draw_game(1113, &nets, -1, 1, 1, 0, 1, three, 3, dch, dcells), CS_E_ARG);
    STATUS(cs_draw_game(1113, &nets, 1, -1, 1, 0, 1, three, 3, dch, dcells), CS_E_ARG);
    STATUS(cs_draw_game(1113, &nets, ((int64_t)1 << 36) + 1, 1, 1, 0, 1, three, 3, dch, dcells), CS_E_ARG);
    STATUS(cs_draw_game(1113, &nets, 1, 1, 0, 0, 1, three, 3, dch, dcells), CS_E_ARG);
    STATUS(cs_draw_game(1113, &nets, 1, 1, 1, 0, 0, three, 3, dch, dcells), CS_E_ARG);
    STATUS(cs_draw_game(1113, &huge, 1, 1, 1, 0, 1, three, 3, dch, dcells), CS_E_OVERFLOW);
    if (!getenv("HARNESS_QUICK")) { /* the probe's up card, 40, is the queen of suit 0 (rank 10) */
        STATUS(cs_test_sixth_game(1113, &nets, 1, 1u << 10, 0, 2, out, 2, ch, cells, probe, 1, answers), CS_OK);
        CHECK(out[0].total_weight + out[1].total_weight == 4ull * 2349060 * 6853770);
        uint64_t situations = 0, bought = 0;
        for (int c = 0; c < 30; c++)
            situations += ch[c];
        for (int r = 0; r < 13; r++)
            bought += ch[30 + r];
        CHECK(situations == 4ull * 2349060 && bought == ch[30 + 10] && bought > 0);
        CHECK(out[1].total_weight == bought * 6853770ull);
        CHECK(answers[0] != 0 && answers[1] != 0);
    }
    puts("sixth card: done");
}

/* Russian Poker (switch_russian.c): every argument checked; one hand's play as dealt and its sixth card
 * counted; a pair and ace-king paid both; buying the game against an ace-high dealer. */
static cs_russian_rules lunar_rules(void)
{
    cs_russian_rules r;
    memset(&r, 0, sizeof r);
    const int64_t pay[10] = {1, 1, 2, 3, 4, 5, 7, 20, 50, 100};
    memcpy(r.pay, pay, sizeof pay);
    r.doubles[CS_PAIR] = 1u << CS_RU_ACE_KING;
    r.bet = 2;
    r.lose = -3;
    r.fold = -1;
    r.no_qualify = 1;
    r.game_fee = 1;
    r.game_no_qualify = 1;
    r.qualifier = 1113;
    r.flags = CS_RU_BUY_GAME;
    return r;
}

static void russian(void)
{
    cs_russian_rules r = lunar_rules(), bad;
    static cs_russian_option out[CS_RU_OPTIONS];
    uint8_t hand[5] = {51, 47, 46, 8, 3}, twice[5] = {51, 47, 46, 8, 8}, first, second;
    const uint8_t dealer[5] = {49, 33, 22, 9, 4};
    int64_t pay, counts[7];
    STATUS(cs_russian_options(NULL, 40, &r, 1, 0, 1, out, CS_RU_OPTIONS), CS_E_NULL);
    STATUS(cs_russian_options(hand, 40, NULL, 1, 0, 1, out, CS_RU_OPTIONS), CS_E_NULL);
    STATUS(cs_russian_options(hand, 40, &r, 1, 0, 1, NULL, CS_RU_OPTIONS), CS_E_NULL);
    STATUS(cs_russian_options(hand, 40, &r, 1, 0, 1, out, 32), CS_E_SIZE);
    STATUS(cs_russian_options(hand, 40, &r, 1, 2, 1, out, CS_RU_OPTIONS), CS_E_ARG);
    STATUS(cs_russian_options(hand, 40, &r, 1, 0, 0, out, CS_RU_OPTIONS), CS_E_ARG);
    STATUS(cs_russian_options(twice, 40, &r, 1, 0, 1, out, CS_RU_OPTIONS), CS_E_DUPLICATE);
    STATUS(cs_russian_options(hand, 52, &r, 1, 0, 1, out, CS_RU_OPTIONS), CS_E_CARD);
    bad = r;
    bad.bet = 0;
    STATUS(cs_russian_options(hand, 40, &bad, 1, 0, 1, out, CS_RU_OPTIONS), CS_E_ARG);
    bad = r;
    bad.qualifier = CS_NUM_VALUES + 1;
    STATUS(cs_russian_options(hand, 40, &bad, 1, 0, 1, out, CS_RU_OPTIONS), CS_E_ARG);
    bad = r;
    bad.replace = CS_RU_SIXTH;
    bad.flags |= CS_RU_REDRAW;
    STATUS(cs_russian_options(hand, 40, &bad, 1, 0, 1, out, CS_RU_OPTIONS), CS_E_ARG);
    bad = r;
    bad.flags |= CS_RU_SLICED << 1; /* no such flag */
    STATUS(cs_russian_options(hand, 40, &bad, 1, 0, 1, out, CS_RU_OPTIONS), CS_E_ARG);
    bad = r;
    bad.pay[9] = (int64_t)1 << 30;
    STATUS(cs_russian_options(hand, 40, &bad, 1, 0, 1, out, CS_RU_OPTIONS), CS_E_OVERFLOW);
    bad = r;
    bad.lose = -((int64_t)1 << 30);
    STATUS(cs_russian_options(hand, 40, &bad, 1, 0, 1, out, CS_RU_OPTIONS), CS_E_OVERFLOW);
    STATUS(cs_russian_options(hand, 40, &r, 1, 1, 2, out, CS_RU_OPTIONS), CS_OK);
    CHECK(out[0].hands == 1 && out[0].unit == 42ull * 163185 && out[32].hands == 46 && out[1].hands == 0);
    CHECK(out[32].unit == 41ull * 148995 && out[32].raise_hands > 0 && out[0].insured_hands == 0);
    { /* insurance: three sixes against a six, the dealer fails to qualify more often than not */
        const uint8_t sixes[5] = {6, 16, 17, 18, 35}; /* 3h 6c 6d 6h Ts (rank x 4 + suit), the 6s up */
        cs_russian_rules ins = r;
        ins.flags |= CS_RU_INSURANCE;
        STATUS(cs_russian_options(sixes, 19, &ins, 1, 1, 2, out, CS_RU_OPTIONS), CS_OK);
        CHECK(out[0].insured_hands == 1 && out[32].insured_hands == 46);
    }
    { /* the bit-sliced sums (CS_RU_SLICED, csrc/sliced.c) and every dealer hand visited: the same sums,
       * on a pair with ace-king (the pair's family, keyed by the new pair's value), the one- and two-card
       * exchanges of its low cards and the sixth card, with pays high enough that some dealer hands are bought and others not */
        const uint8_t pair[5] = {48, 45, 44, 5, 13}; /* Ac Kd Kc 3d 5d, the Qh up */
        cs_russian_option a[CS_RU_OPTIONS], b[CS_RU_OPTIONS];
        cs_russian_rules sl = r, vi = r;
        for (int c = 0; c < CS_RU_COMBINATIONS; c++)
            sl.pay[c] = vi.pay[c] = r.pay[c] + 3;
        sl.flags |= CS_RU_SLICED;
        vi.flags |= CS_RU_VISIT;
        const uint32_t sets = 1u | 1u << 8 | 1u << 24; /* as dealt, the 3d, the 3d and 5d */
        STATUS(cs_russian_options(pair, 42, &sl, sets, 1, 2, a, CS_RU_OPTIONS), CS_OK);
        STATUS(cs_russian_options(pair, 42, &vi, sets, 1, 2, b, CS_RU_OPTIONS), CS_OK);
        CHECK(memcmp(a, b, sizeof a) == 0 && a[0].hands == 1 && a[8].hands == 46 && a[24].hands == 1035 &&
              a[32].hands == 46);
        sl.flags |= CS_RU_REDRAW; /* the replaced rank's cards may not come */
        vi.flags |= CS_RU_REDRAW;
        sl.ante_win = vi.ante_win = 1;
        STATUS(cs_russian_options(pair, 42, &sl, sets, 1, 2, a, CS_RU_OPTIONS), CS_OK);
        STATUS(cs_russian_options(pair, 42, &vi, sets, 1, 2, b, CS_RU_OPTIONS), CS_OK);
        CHECK(memcmp(a, b, sizeof a) == 0 && a[24].hands == 1035 && a[24].raise_hands > 0);
    }
    STATUS(cs_russian_pay(NULL, 5, &r, &pay, &first, &second), CS_E_NULL);
    STATUS(cs_russian_pay(hand, 4, &r, &pay, &first, &second), CS_E_SIZE);
    STATUS(cs_russian_pay(twice, 5, &r, &pay, &first, &second), CS_E_DUPLICATE);
    STATUS(cs_russian_pay(hand, 5, &r, &pay, &first, &second), CS_OK);
    CHECK(pay == 2 && first == CS_PAIR && second == CS_RU_ACE_KING);
    STATUS(cs_russian_buy_game(NULL, 5, NULL, 0, dealer, &r, counts, 7), CS_E_NULL);
    STATUS(cs_russian_buy_game(hand, 5, NULL, 1, dealer, &r, counts, 7), CS_E_NULL);
    STATUS(cs_russian_buy_game(hand, 5, NULL, 0, dealer, &r, counts, 6), CS_E_SIZE);
    STATUS(cs_russian_buy_game(hand, 7, NULL, 0, dealer, &r, counts, 7), CS_E_SIZE);
    STATUS(cs_russian_buy_game(hand, 5, NULL, 0, hand, &r, counts, 7), CS_E_DUPLICATE);
    STATUS(cs_russian_buy_game(hand, 5, NULL, 0, dealer, &r, counts, 7), CS_OK);
    CHECK(counts[6] == 0 && counts[5] == 49 && counts[4] == 42);
    CHECK(counts[0] + counts[1] + counts[2] + counts[3] == counts[4]);
    puts("russian: done");
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0); /* a line as each part ends: CI logs show how long each took */
    layouts();
    evaluators();
    deals();
    solver();
    seen_k1();
    seen_cards();
    sorted_ranks();
    leaks();
    switching();
    switch_game();
    switch_game_given();
    sixth_card();
    switch_bounds();
    switch_five();
    switch_dead();
    russian();
    printf("api harness: %d checks, %d failed\n", checks, failed);
    return failed ? 1 : 0;
}
