/* evaluate6.c - six cards (the player's five plus the dealer's up card, 5+1 Bonus):
 * the best five-card hand among the six, and category counts over all 20,358,520 sets. */
#include <string.h>

#include "internal.h"

uint16_t cs__value_of6(const uint8_t *c)
{
    uint16_t best = 0;
    for (int skip = 0; skip < 6; skip++) {
        uint8_t h[5];
        int k = 0;
        for (int i = 0; i < 6; i++)
            if (i != skip)
                h[k++] = c[i];
        uint16_t v = cs__value_of(h);
        if (v > best)
            best = v;
    }
    return best;
}

int cs_evaluate6(const uint8_t *cards, uint16_t *value, uint8_t *category)
{
    int st = cs__check_value_args(cards, 6, value, category);
    if (st != CS_OK)
        return st;
    *value = cs__value_of6(cards);
    *category = cs__value_cat[*value];
    return CS_OK;
}

int cs_six_card_counts(uint64_t *counts10)
{
    int st = cs__counts_out(counts10, 10, 10);
    if (st != CS_OK)
        return st;
    /* incremental colex: the five-card subsets of c0 < ... < c5 dropping one card */
    uint8_t c[6];
    const uint16_t *val = cs__value5;
    for (c[5] = 5; c[5] < 52; c[5]++)
        for (c[4] = 4; c[4] < c[5]; c[4]++)
            for (c[3] = 3; c[3] < c[4]; c[3]++)
                for (c[2] = 2; c[2] < c[3]; c[2]++)
                    for (c[1] = 1; c[1] < c[2]; c[1]++)
                        for (c[0] = 0; c[0] < c[1]; c[0]++) {
                            uint16_t best = 0;
                            for (int skip = 0; skip < 6; skip++) {
                                uint32_t idx = 0;
                                for (int i = 0, pos = 1; i < 6; i++)
                                    if (i != skip)
                                        idx += cs__binom[c[i]][pos++];
                                if (val[idx] > best)
                                    best = val[idx];
                            }
                            counts10[cs__value_cat[best]]++;
                        }
    return CS_OK;
}
