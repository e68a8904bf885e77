/* deal.c - one situation: enumerate every completion of the dealer's unknown hole cards.
 *
 * The dealer's hand values are gathered in a histogram over the 7,462 values; the outcome
 * counts and the dealer's category distribution are read off it. With no known hole card
 * the four unknown cards are enumerated with incremental colex indices (the up card's
 * contribution depends only on how many chosen cards lie below it).
 */
#include <string.h>

#include "internal.h"

static void enumerate_four(const uint8_t *unseen, uint32_t n, uint8_t up, uint32_t *hist)
{
    /* contribution of unseen[i] when it is the j-th chosen card (j = 0..3) */
    uint32_t contrib[4][52];
    uint32_t iu = 0;
    while (iu < n && unseen[iu] < up)
        iu++;
    for (uint32_t i = 0; i < n; i++)
        for (int j = 0; j < 4; j++)
            contrib[j][i] = cs__binom[unseen[i]][j + (unseen[i] < up ? 1 : 2)];
    uint32_t upc[5]; /* up card's contribution when p chosen cards lie below it */
    for (int p = 0; p < 5; p++)
        upc[p] = cs__binom[up][p + 1];
    const uint16_t *val = cs__value5;
    for (uint32_t i = 0; i + 3 < n; i++) {
        uint32_t s1 = contrib[0][i], p1 = i < iu;
        for (uint32_t j = i + 1; j + 2 < n; j++) {
            uint32_t s2 = s1 + contrib[1][j], p2 = p1 + (j < iu);
            for (uint32_t k = j + 1; k + 1 < n; k++) {
                uint32_t s3 = s2 + contrib[2][k], p3 = p2 + (k < iu);
                uint32_t lo = s3 + upc[p3 + 1], hi = s3 + upc[p3];
                uint32_t l = k + 1, lim = iu > l ? (iu < n ? iu : n) : l;
                for (; l < lim; l++)
                    hist[val[lo + contrib[3][l]]]++;
                for (; l < n; l++)
                    hist[val[hi + contrib[3][l]]]++;
            }
        }
    }
}

static void enumerate_generic(const uint8_t *unseen, uint32_t n, const uint8_t *fixed,
                              uint32_t n_fixed, uint32_t *hist)
{
    uint32_t k = 5 - n_fixed;
    uint32_t idx[5];
    for (uint32_t i = 0; i < k; i++)
        idx[i] = i;
    for (;;) {
        uint8_t hand[5];
        memcpy(hand, fixed, n_fixed);
        for (uint32_t i = 0; i < k; i++)
            hand[n_fixed + i] = unseen[idx[i]];
        hist[cs__value_of(hand)]++;
        /* next combination */
        int i = (int)k - 1;
        while (i >= 0 && idx[i] == n - k + (uint32_t)i)
            i--;
        if (i < 0)
            break;
        idx[i]++;
        for (uint32_t j = (uint32_t)i + 1; j < k; j++)
            idx[j] = idx[j - 1] + 1;
    }
}

int cs_deal(const uint8_t *player, uint8_t up,
            const uint8_t *dead, uint32_t n_dead,
            const uint8_t *dealer, uint32_t n_dealer,
            uint16_t qualifier, cs_deal_counts *out)
{
    if (!player || !out)
        return CS_E_NULL;
    if (n_dealer > 4 || n_dead > 52)
        return CS_E_SIZE;
    if (qualifier > CS_NUM_VALUES)
        return CS_E_ARG;
    uint64_t mask = 0;
    int st;
    if ((st = cs__check_cards(player, 5, &mask)) != CS_OK)
        return st;
    if ((st = cs__check_cards(&up, 1, &mask)) != CS_OK)
        return st;
    if ((st = cs__check_cards(dead, n_dead, &mask)) != CS_OK)
        return st;
    if ((st = cs__check_cards(dealer, n_dealer, &mask)) != CS_OK)
        return st;
    uint32_t unknown = 4 - n_dealer;
    uint8_t unseen[52];
    uint32_t n = 0;
    for (uint8_t c = 0; c < 52; c++)
        if (!(mask >> c & 1))
            unseen[n++] = c;
    if (n < unknown)
        return CS_E_SIZE;
    if ((st = cs__ensure_tables()) != CS_OK)
        return st;

    uint32_t hist[CS_NUM_VALUES];
    memset(hist, 0, sizeof hist);
    if (unknown == 4) {
        enumerate_four(unseen, n, up, hist);
    } else {
        uint8_t fixed[5];
        fixed[0] = up;
        memcpy(fixed + 1, dealer, n_dealer);
        enumerate_generic(unseen, n, fixed, 1 + n_dealer, hist);
    }

    memset(out, 0, sizeof *out);
    uint16_t pv = cs__value_of(player);
    out->player_value = pv;
    out->player_category = cs__value_cat[pv];
    for (uint32_t v = 0; v < CS_NUM_VALUES; v++) {
        uint64_t h = hist[v];
        if (!h)
            continue;
        out->total += h;
        out->dealer_categories[cs__value_cat[v]] += h;
        if (v < qualifier)
            out->not_qualify += h;
        else if (v < pv)
            out->win += h;
        else if (v == pv)
            out->tie += h;
        else
            out->lose += h;
    }
    return CS_OK;
}
