/* layout.c - where an entry sits in the tables the core fills: the index functions of the
 * layouts of enum cs_layout (caribbean.h), each checking its arguments. The solvers use the
 * same static inline helpers of internal.h, so a layout is written once. */
#include "internal.h"

int cs_chart_cell(uint32_t pattern, uint32_t flush, uint32_t up_rank, uint32_t up_suit_cards, uint32_t *cell)
{
    if (!cell)
        return CS_E_NULL;
    if (pattern >= CS_NUM_RANK_PATTERNS || flush > 1 || up_rank >= CS_NUM_RANKS
        || up_suit_cards >= CS_CHART_SUIT_COUNTS)
        return CS_E_ARG;
    *cell = cs__chart_cell(pattern, flush, up_rank, up_suit_cards);
    return CS_OK;
}

int cs_seen_chart_cell(uint32_t cls, uint32_t up_rank, uint32_t seen_rank, uint32_t *cell)
{
    if (!cell)
        return CS_E_NULL;
    if (cls >= CS_SEEN_CLASSES || up_rank >= CS_NUM_RANKS || seen_rank >= CS_NUM_RANKS)
        return CS_E_ARG;
    *cell = (uint32_t)cs__seen_chart_cell(cls, up_rank, seen_rank);
    return CS_OK;
}

int cs_seen_decision_lane(uint32_t low, uint32_t high, uint32_t suited, uint32_t suit_set, uint32_t *lane)
{
    if (!lane)
        return CS_E_NULL;
    if (high >= CS_NUM_RANKS || low > high || suited > 1)
        return CS_E_ARG;
    if (!suited) {
        if (suit_set != 0)
            return CS_E_ARG;
        *lane = cs__seen_pair_lane(low, high);
        return CS_OK;
    }
    if (low == high || suit_set >= CS_SEEN_SUIT_SETS)
        return CS_E_ARG;
    *lane = cs__seen_suited_lane(suit_set, low, high);
    return CS_OK;
}

int cs_seen_classes(uint8_t *classes, size_t n)
{
    int st = cs__table_out(classes, n, CS_NUM_VALUES);
    if (st != CS_OK)
        return st;
    for (int v = 0; v < CS_NUM_VALUES; v++)
        classes[v] = (uint8_t)cs__seen_class(cs__value_cat[v], cs__value_ranks[v]);
    return CS_OK;
}

/* C(n, k) for the small arguments here (n <= 16). */
static uint32_t choose(uint32_t n, uint32_t k)
{
    uint32_t c = 1;
    for (uint32_t i = 1; i <= k; i++)
        c = c * (n - k + i) / i;
    return c;
}

int cs_seen_set_lanes(uint32_t k, uint32_t *lanes)
{
    if (!lanes)
        return CS_E_NULL;
    if (k < 1 || k > 3)
        return CS_E_ARG;
    *lanes = choose(13 + k, k + 1);
    return CS_OK;
}

int cs_seen_set_cell(uint32_t k, uint32_t cls, const uint8_t *ranks, uint32_t *cell)
{
    if (!ranks || !cell)
        return CS_E_NULL;
    if (k < 1 || k > 3 || cls >= CS_SEEN_CLASSES)
        return CS_E_ARG;
    uint8_t r[4];
    for (uint32_t j = 0; j <= k; j++) {
        if (ranks[j] >= CS_NUM_RANKS)
            return CS_E_CARD;
        r[j] = ranks[j];
    }
    for (uint32_t i = 1; i <= k; i++) /* ascending */
        for (uint32_t j = i; j > 0 && r[j - 1] > r[j]; j--) {
            uint8_t x = r[j];
            r[j] = r[j - 1];
            r[j - 1] = x;
        }
    uint32_t at = 0;
    for (uint32_t j = 0; j <= k; j++)
        at += choose(r[j] + j, j + 1);
    *cell = cls * choose(13 + k, k + 1) + at;
    return CS_OK;
}
