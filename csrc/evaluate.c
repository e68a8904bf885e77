/* evaluate.c - five-card evaluator: a dense value 0..7461 (higher wins) and a category.
 *
 * Every hand gets a score (category << 20 | tie-break ranks as nibbles); the 7,462 distinct
 * scores, in increasing order, are the values. The value of every one of the 2,598,960 hands
 * is built once (thread-safe: once.h) and looked up by colex index; cs_evaluate5 and
 * cs_deal's player hand use only the small tables before it (cs__value_small), so that a
 * command's start-up does not build it. The argument checks
 * that need the tables built (cs__check_value_args, cs__table_out, cs__counts_out) and cs_init
 * live here too, so that core.c never calls this file.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "once.h"

uint32_t cs__binom[53][7];
uint32_t cs__binom_t[7][53];
uint16_t *cs__value5 = NULL;
uint8_t cs__value_cat[CS_NUM_VALUES];
int16_t *cs__pattern_of_key = NULL;
uint16_t cs__mset_value[2][CS__MSETS5];
uint8_t cs__value_ranks[CS_NUM_VALUES][5];
uint8_t cs__value_flush[CS_NUM_VALUES];

/* Two stages: the small tables (values of the 7,462 classes, patterns, multisets: about 1 ms)
 * and the value of every one of the 2,598,960 hands (cs__value5: about 8 ms, 5 MB), which
 * cs_evaluate5 and cs_deal with four hole cards unknown do without (a command's start-up). */
static cs_once_t small_once = CS_ONCE_INIT;
static int small_status = CS_E_NOMEM;
static cs_once_t tables_once = CS_ONCE_INIT;
static int tables_status = CS_E_NOMEM;

int cs__value_subsets(uint16_t v, cs__subset *out)
{
    const uint8_t *r = cs__value_ranks[v];
    const int flush = cs__value_flush[v];
    const int32_t distinct = r[0] < r[1] && r[1] < r[2] && r[2] < r[3] && r[3] < r[4];
    int n = 0;
    for (unsigned mask = 1; mask < 32; mask++) {
        int ok = 1;
        for (int i = 1; i < 5; i++)
            if (r[i] == r[i - 1] && (mask >> i & 1) && !(mask >> (i - 1) & 1))
                ok = 0;
        if (!ok)
            continue;
        cs__subset *t = &out[n++];
        t->k = 0;
        for (int i = 0; i < 5; i++)
            if (mask >> i & 1)
                t->ranks[t->k++] = r[i];
        if (flush) { /* one hand holds T if T is suited (or one card), none otherwise */
            t->plain = t->k == 1;
            t->suited = 1;
            continue;
        }
        /* hands with ranks r holding a given T: per rank, the suits left for the rest */
        int32_t e = 1;
        for (int i = 0; i < 5; i++) {
            if (i > 0 && r[i] == r[i - 1])
                continue;
            int m = 0, tk = 0;
            for (int j = 0; j < 5; j++)
                m += r[j] == r[i];
            for (int j = 0; j < t->k; j++)
                tk += t->ranks[j] == r[i];
            e *= (int32_t)cs__binom[4 - tk][m - tk];
        }
        /* less the flush among them (five distinct ranks) when T is one card or suited */
        t->suited = e - distinct;
        t->plain = t->k == 1 ? e - distinct : e;
    }
    return n;
}

/* Score of five cards: higher score = better hand; equal score = equal hand. */
static uint32_t score5(const uint8_t *c)
{
    int cnt[13] = {0};
    unsigned mask = 0;
    int flush = 1;
    for (int i = 0; i < 5; i++) {
        int r = c[i] >> 2;
        cnt[r]++;
        mask |= 1u << r;
        if ((c[i] & 3) != (c[0] & 3))
            flush = 0;
    }
    int straight_high = -1;
    if (__builtin_popcount(mask) == 5) {
        int high = 31 - __builtin_clz(mask);
        if (mask == (0x1Fu << (high - 4)))
            straight_high = high;
        else if (mask == 0x100Fu) /* A-2-3-4-5 */
            straight_high = 3;
    }
    if (straight_high >= 0) {
        uint32_t cat = flush ? (straight_high == 12 ? CS_ROYAL_FLUSH : CS_STRAIGHT_FLUSH) : CS_STRAIGHT;
        return cat << 20 | (uint32_t)straight_high << 16;
    }
    /* tie-break ranks: groups by size descending, then rank descending */
    uint32_t nib = 0;
    int shift = 16, groups[5] = {0}, ng = 0;
    for (int size = 4; size >= 1; size--)
        for (int r = 12; r >= 0; r--)
            if (cnt[r] == size) {
                nib |= (uint32_t)r << shift;
                shift -= 4;
                groups[ng++] = size;
            }
    uint32_t cat;
    if (flush)
        cat = CS_FLUSH;
    else if (groups[0] == 4)
        cat = CS_FOUR_OF_A_KIND;
    else if (groups[0] == 3)
        cat = groups[1] == 2 ? CS_FULL_HOUSE : CS_THREE_OF_A_KIND;
    else if (groups[0] == 2)
        cat = groups[1] == 2 ? CS_TWO_PAIR : CS_PAIR;
    else
        cat = CS_HIGH_CARD;
    return cat << 20 | nib;
}

/* Per rank pattern (in pattern order): its value when not all one suit, and when all one suit
 * (0xFFFF where a rank repeats). */
static uint16_t pattern_plain[CS_NUM_RANK_PATTERNS];
static uint16_t pattern_suited[CS_NUM_RANK_PATTERNS];

/* A hand of the ranks r[0..4]: suited (all clubs, only for five distinct ranks) or plain, never a
 * flush: a repeated rank takes suits 0, 1, ...; lone ranks 0 but the second card 1. Returns
 * whether the five ranks are distinct. */
static int pattern_hand(const int *r, int suited, uint8_t *hand)
{
    int distinct = 1;
    for (int i = 0; i < 5; i++) {
        int copies = 0, total = 0; /* earlier / all cards of the same rank */
        for (int j = 0; j < 5; j++) {
            copies += j < i && r[j] == r[i];
            total += r[j] == r[i];
        }
        distinct &= total == 1;
        hand[i] = (uint8_t)(r[i] * 4 + (suited ? 0 : total > 1 ? copies : (i == 1)));
    }
    return distinct;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static uint16_t rank_of_score(const uint32_t *sorted, uint32_t score)
{
    const uint32_t *hit = bsearch(&score, sorted, CS_NUM_VALUES, sizeof *sorted, cmp_u32);
    return (uint16_t)(hit - sorted);
}

static void build_binomials(void)
{
    for (int n = 0; n <= 52; n++)
        for (int k = 0; k <= 6; k++) {
            if (k == 0)
                cs__binom[n][k] = 1;
            else if (n == 0)
                cs__binom[n][k] = 0;
            else
                cs__binom[n][k] = cs__binom[n - 1][k - 1] + cs__binom[n - 1][k];
            cs__binom_t[k][n] = cs__binom[n][k];
        }
}

/* The scores of the hand classes. The rank patterns (non-increasing r0 >= ... >= r4, no rank
 * five times) in lexicographic order: patterns[rank key] their index (the rest -1), ranks[k]
 * their ranks ascending, plain[k] / suited[k] the score of a hand of those ranks not all of one
 * suit / all of one suit (UINT32_MAX where a rank repeats). Every score also goes to scores;
 * returns how many patterns there are, *n_scores how many scores. */
static int score_patterns(int16_t *patterns, uint8_t (*ranks)[5], uint32_t *plain, uint32_t *suited,
                          uint32_t *scores, int *n_scores)
{
    for (int i = 0; i < CS__RANK_KEYS; i++)
        patterns[i] = -1;
    int next = 0;
    *n_scores = 0;
    for (int a = 0; a < 13; a++)
        for (int b = 0; b <= a; b++)
            for (int d = 0; d <= b; d++)
                for (int e = 0; e <= d; e++)
                    for (int f = 0; f <= e; f++) {
                        if (a == f)
                            continue;
                        const int r[5] = {a, b, d, e, f};
                        uint8_t hand[5];
                        for (int j = 0; j < 5; j++)
                            ranks[next][j] = (uint8_t)r[4 - j];
                        patterns[cs__rank_key(ranks[next])] = (int16_t)next;
                        int distinct = pattern_hand(r, 0, hand);
                        plain[next] = scores[(*n_scores)++] = score5(hand);
                        suited[next] = UINT32_MAX;
                        if (distinct) {
                            pattern_hand(r, 1, hand);
                            suited[next] = scores[(*n_scores)++] = score5(hand);
                        }
                        next++;
                    }
    return next;
}

/* From the sorted scores (value v = the v-th score): the categories, the values of the patterns,
 * the ranks and flushness of the values, and the values by rank multiset. */
static void value_tables(const uint32_t *sorted, const uint8_t (*ranks)[5], const uint32_t *plain,
                         const uint32_t *suited)
{
    for (int v = 0; v < CS_NUM_VALUES; v++)
        cs__value_cat[v] = (uint8_t)(sorted[v] >> 20);
    for (int k = 0; k < CS_NUM_RANK_PATTERNS; k++) {
        pattern_plain[k] = rank_of_score(sorted, plain[k]);
        pattern_suited[k] = suited[k] == UINT32_MAX ? 0xFFFF : rank_of_score(sorted, suited[k]);
        memcpy(cs__value_ranks[pattern_plain[k]], ranks[k], 5);
        cs__value_flush[pattern_plain[k]] = 0;
        if (pattern_suited[k] != 0xFFFF) {
            memcpy(cs__value_ranks[pattern_suited[k]], ranks[k], 5);
            cs__value_flush[pattern_suited[k]] = 1;
        }
    }
    for (int m = 0; m < CS__MSETS5; m++)
        cs__mset_value[0][m] = cs__mset_value[1][m] = CS__NO_VALUE;
    for (int k = 0; k < CS_NUM_RANK_PATTERNS; k++) {
        uint32_t m = cs__mset_index(ranks[k], 5);
        cs__mset_value[0][m] = pattern_plain[k];
        if (pattern_suited[k] != 0xFFFF)
            cs__mset_value[1][m] = pattern_suited[k];
    }
}

/* The value of each of the 2,598,960 hands, by colex index. */
static void hand_values(const int16_t *patterns, uint16_t *values)
{
    uint8_t c[5];
    for (c[4] = 4; c[4] < 52; c[4]++)
        for (c[3] = 3; c[3] < c[4]; c[3]++)
            for (c[2] = 2; c[2] < c[3]; c[2]++)
                for (c[1] = 1; c[1] < c[2]; c[1]++) {
                    /* the suit of c1 .. c4 if they share one, else 4: a flush iff c0 has it */
                    const int s = c[1] & 3;
                    const int suit4 = (c[2] & 3) == s && (c[3] & 3) == s && (c[4] & 3) == s ? s : 4;
                    for (c[0] = 0; c[0] < c[1]; c[0]++) {
                        /* cards ascending, so ranks are too */
                        const uint8_t r[5] = {c[0] >> 2, c[1] >> 2, c[2] >> 2, c[3] >> 2, c[4] >> 2};
                        int k = patterns[cs__rank_key(r)];
                        values[cs__colex5(c)] = (c[0] & 3) == suit4 ? pattern_suited[k] : pattern_plain[k];
                    }
                }
}

/* The value of a hand depends only on its rank pattern and whether it is one suit: score the
 * 7,462 classes once and rank the scores (the small tables) ... */
static void build_small_tables(void)
{
    build_binomials();
    int16_t *patterns = malloc((size_t)CS__RANK_KEYS * sizeof *patterns);
    static uint32_t plain_score[CS_NUM_RANK_PATTERNS], suited_score[CS_NUM_RANK_PATTERNS];
    static uint32_t sorted[2 * CS_NUM_RANK_PATTERNS];
    static uint8_t pattern_ranks[CS_NUM_RANK_PATTERNS][5]; /* ascending */
    if (!patterns) {
        small_status = CS_E_NOMEM;
        return;
    }
    int n_scores;
    int n_patterns = score_patterns(patterns, pattern_ranks, plain_score, suited_score, sorted, &n_scores);
    qsort(sorted, (size_t)n_scores, sizeof *sorted, cmp_u32);
    int ok = n_patterns == CS_NUM_RANK_PATTERNS && n_scores == CS_NUM_VALUES;
    for (int v = 1; ok && v < n_scores; v++)
        ok = sorted[v - 1] < sorted[v]; /* every class has its own score */
    if (!ok) {
        free(patterns);
        small_status = CS_E_ARG;
        return;
    }
    value_tables(sorted, (const uint8_t(*)[5])pattern_ranks, plain_score, suited_score);
    cs__pattern_of_key = patterns;
    small_status = CS_OK;
}

/* ... then fill the table of all 2,598,960 hands from them. */
static void build_tables(void)
{
    uint16_t *values = malloc((size_t)CS_NUM_HANDS * sizeof *values);
    if (!values) {
        tables_status = CS_E_NOMEM;
        return;
    }
    hand_values(cs__pattern_of_key, values);
    cs__value5 = values;
    tables_status = CS_OK;
}

int cs__ensure_small_tables(void)
{
    if (cs_once(&small_once, build_small_tables) != 0)
        return CS_E_NOMEM;
    return small_status;
}

int cs__ensure_tables(void)
{
    int st = cs__ensure_small_tables();
    if (st != CS_OK)
        return st;
    if (cs_once(&tables_once, build_tables) != 0)
        return CS_E_NOMEM;
    return tables_status;
}

int cs_init(void)
{
    return cs__ensure_tables();
}

int cs__check_value_args(const uint8_t *cards, uint32_t n, const uint16_t *value, const uint8_t *category)
{
    if (!cards || !value || !category)
        return CS_E_NULL;
    uint64_t mask = 0;
    int st = cs__check_cards(cards, n, &mask);
    if (st != CS_OK)
        return st;
    return cs__ensure_tables();
}

int cs__table_out(const void *out, size_t n, size_t expected)
{
    if (!out)
        return CS_E_NULL;
    if (n != expected)
        return CS_E_SIZE;
    return cs__ensure_tables();
}

int cs__counts_out(uint64_t *counts, size_t n, size_t expected)
{
    int st = cs__table_out(counts, n, expected);
    if (st == CS_OK)
        memset(counts, 0, n * sizeof *counts);
    return st;
}

uint16_t cs__value_of(const uint8_t *cards5)
{
    uint8_t s[5];
    memcpy(s, cards5, 5);
    cs__sort5(s);
    return cs__value5[cs__colex5(s)];
}

uint16_t cs__value_small(const uint8_t *cards5)
{
    const uint8_t r[5] = {cards5[0] >> 2, cards5[1] >> 2, cards5[2] >> 2, cards5[3] >> 2, cards5[4] >> 2};
    uint8_t s[5];
    memcpy(s, r, 5);
    cs__sort5(s);
    const int k = cs__pattern_of_key[cs__rank_key(s)]; /* as hand_values fills cs__value5 */
    return cs__one_suit5(cards5) ? pattern_suited[k] : pattern_plain[k];
}

int cs_evaluate5(const uint8_t *cards, uint16_t *value, uint8_t *category)
{
    if (!cards || !value || !category)
        return CS_E_NULL;
    uint64_t mask = 0;
    int st = cs__check_cards(cards, 5, &mask);
    if (st != CS_OK || (st = cs__ensure_small_tables()) != CS_OK)
        return st;
    *value = cs__value_small(cards);
    *category = cs__value_cat[*value];
    return CS_OK;
}

int cs_value_category(uint16_t value, uint8_t *category)
{
    if (!category)
        return CS_E_NULL;
    if (value >= CS_NUM_VALUES)
        return CS_E_ARG;
    int st = cs__ensure_tables();
    if (st != CS_OK)
        return st;
    *category = cs__value_cat[value];
    return CS_OK;
}

int cs_category_counts(uint64_t *counts10)
{
    int st = cs__counts_out(counts10, 10, 10);
    if (st != CS_OK)
        return st;
    for (uint32_t i = 0; i < (uint32_t)CS_NUM_HANDS; i++)
        counts10[cs__value_cat[cs__value5[i]]]++;
    return CS_OK;
}

int cs_value_counts(uint64_t *counts, size_t n)
{
    int st = cs__counts_out(counts, n, CS_NUM_VALUES);
    if (st != CS_OK)
        return st;
    for (uint32_t i = 0; i < (uint32_t)CS_NUM_HANDS; i++)
        counts[cs__value5[i]]++;
    return CS_OK;
}

int cs_value_categories(uint8_t *categories, size_t n)
{
    int st = cs__table_out(categories, n, CS_NUM_VALUES);
    if (st != CS_OK)
        return st;
    memcpy(categories, cs__value_cat, CS_NUM_VALUES);
    return CS_OK;
}

int cs_pattern_values(uint16_t *plain, uint16_t *suited, size_t n)
{
    int st = cs__table_out(plain && suited ? plain : NULL, n, CS_NUM_RANK_PATTERNS);
    if (st != CS_OK)
        return st;
    memcpy(plain, pattern_plain, sizeof pattern_plain);
    memcpy(suited, pattern_suited, sizeof pattern_suited);
    return CS_OK;
}

int cs_rank_pattern(const uint8_t *ranks5, uint32_t *pattern)
{
    if (!ranks5 || !pattern)
        return CS_E_NULL;
    int st = cs__ensure_tables();
    if (st != CS_OK)
        return st;
    uint8_t r[5];
    for (int i = 0; i < 5; i++) {
        if (ranks5[i] >= 13)
            return CS_E_CARD;
        r[i] = ranks5[i];
    }
    cs__sort5(r);
    int16_t p = cs__pattern_of_key[cs__rank_key(r)];
    if (p < 0)
        return CS_E_DUPLICATE;
    *pattern = (uint32_t)p;
    return CS_OK;
}
