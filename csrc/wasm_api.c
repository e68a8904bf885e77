/* wasm_api.c - what the player's page (caribbean_exact/cli/static/) calls in the WebAssembly build
 * of the core (csrc/build_wasm.sh): one situation's dealer completions counted by cs_deal, and the
 * trainer's deals. Integer counts only, as everywhere in the core: the page prices them exactly
 * (BigInt fractions) with the nets the package wrote for it. Not part of the native module.
 *
 * Cards in and out go through ce_cards (ce_cards_ptr): the page writes a situation there and reads
 * a deal from there. Results of ce_ev go to ce_counts (ce_counts_ptr), in this order:
 * not_qualify, win, tie, lose, total, player category, player value, then the dealer's categories
 * (high card .. royal flush, 10 counts).
 *
 * Oasis switching of one hand: ce_switch runs cs_switch (switch_hand.c) on the situation in ce_cards
 * with the nets the page wrote to ce_nets (ce_nets_ptr: fold, not_qualify, tie, lose, win[10], the
 * integers of the package's ScaledNets) and leaves the deal counts of the 32 discard sets in
 * ce_switch_totals (ce_switch_totals_ptr, cs_totals each: fold[10], not_qualify[10], win[10],
 * tie[10], lose[10], raise_situations, indifferent_situations, total_weight). */
#include <stdint.h>

#include "internal.h"

#define CE_EXPORT(name) __attribute__((export_name(#name))) name

enum { CE_CARDS = 64, CE_COUNTS = 17 };
static uint8_t ce_cards[CE_CARDS];
static uint64_t ce_counts[CE_COUNTS];

uint8_t *CE_EXPORT(ce_cards_ptr)(void)
{
    return ce_cards;
}

uint64_t *CE_EXPORT(ce_counts_ptr)(void)
{
    return ce_counts;
}

/* The situation in ce_cards: the five cards, the up card, n_dead dead cards, then n_dealer known
 * hole cards of the dealer; qualifier: the lowest qualifying hand value. Returns cs_deal's status. */
int CE_EXPORT(ce_ev)(uint32_t n_dead, uint32_t n_dealer, uint32_t qualifier)
{
    if (n_dead > CE_CARDS - 6 || n_dealer > CE_CARDS - 6 - n_dead || qualifier > CS_NUM_VALUES)
        return CS_E_SIZE;
    cs_deal_counts d;
    int st = cs_deal(ce_cards, ce_cards[5], ce_cards + 6, n_dead, ce_cards + 6 + n_dead, n_dealer,
                     (uint16_t)qualifier, &d);
    if (st != CS_OK)
        return st;
    const uint64_t head[7] = {d.not_qualify, d.win, d.tie, d.lose, d.total, d.player_category, d.player_value};
    for (int i = 0; i < 7; i++)
        ce_counts[i] = head[i];
    for (int c = 0; c < CS_NUM_CATEGORIES; c++)
        ce_counts[7 + c] = d.dealer_categories[c];
    return CS_OK;
}

static cs_nets ce_nets;
static cs_totals ce_switch_totals[32];

int64_t *CE_EXPORT(ce_nets_ptr)(void)
{
    return &ce_nets.fold;
}

uint64_t *CE_EXPORT(ce_switch_totals_ptr)(void)
{
    return ce_switch_totals[0].fold;
}

/* The discard sets of set_mask (bit d: set d, which discards ce_cards[i] for each bit i of d) of the
 * five cards and up card in ce_cards, each final decision optimal for ce_nets, as the package's
 * switch_ev counts them (a switch of all five raises). Returns cs_switch's status. */
int CE_EXPORT(ce_switch)(uint32_t set_mask, uint32_t qualifier)
{
    _Static_assert(sizeof(cs_nets) == 14 * sizeof(int64_t), "ce_nets: 14 integers");
    _Static_assert(sizeof(cs_totals) == 53 * sizeof(uint64_t), "ce_switch_totals: 53 counts each");
    if (qualifier > CS_NUM_VALUES)
        return CS_E_ARG;
    return cs_switch(ce_cards, ce_cards[5], set_mask, (uint16_t)qualifier, &ce_nets, CS_SWITCH_FIVE_RAISES, 1,
                     ce_switch_totals, 32);
}

/* splitmix64: the trainer's random numbers (any seed, reproducible everywhere). */
static uint64_t mix(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* A number 0 .. n - 1 (n <= 52; the bias of the modulo, below 2^-58, is none a player can see). */
static uint32_t below(uint64_t *state, uint32_t n)
{
    return (uint32_t)(mix(state) % n);
}

/* Whether the five cards are an A-K high hand: no pair or better, an ace and a king. */
static int ace_king(const uint8_t *hand)
{
    if (cs__ensure_small_tables() != CS_OK)
        return 0;
    int ace = 0, king = 0;
    for (int i = 0; i < 5; i++) {
        ace |= hand[i] >> 2 == 12;
        king |= hand[i] >> 2 == 11;
    }
    return ace && king && cs__value_cat[cs__value_small(hand)] == CS_HIGH_CARD;
}

/* The trainer's situation `number` of `seed` (candidate: which of the draws of a "close" deal), into
 * ce_cards[0 .. 5] (five cards, then the up card). focus: -1 any, -2 A-K high hands only, 0 .. 12 the
 * up card's rank. Returns a status. */
int CE_EXPORT(ce_trainer_deal)(uint64_t seed, uint32_t number, uint32_t candidate, int32_t focus)
{
    if (focus < -2 || focus > 12)
        return CS_E_ARG;
    uint64_t state = seed;
    state ^= mix(&state) + number;
    state ^= mix(&state) + candidate;
    for (;;) {
        uint8_t deck[52];
        for (uint8_t c = 0; c < 52; c++)
            deck[c] = c;
        uint32_t n = 52, k = 0;
        if (focus >= 0) { /* the up card first, of the rank asked */
            uint8_t up = (uint8_t)(focus * 4 + (int32_t)below(&state, 4));
            deck[up] = deck[--n];
            ce_cards[5] = up;
        }
        for (; k < (focus >= 0 ? 5u : 6u); k++) { /* partial Fisher-Yates: distinct cards */
            uint32_t i = below(&state, n);
            ce_cards[k] = deck[i];
            deck[i] = deck[--n];
        }
        if (focus != -2 || ace_king(ce_cards))
            return CS_OK;
    }
}
