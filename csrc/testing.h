/*
 * testing.h - the core's test-only entry points: the one-shot solves of caribbean.h with probes
 * (single situations answered by the whole-game counting, to check it against cs_deal) and
 * cross-check paths. Exported like the public API (the cffi cdef reads this header's cdef
 * region too) but not part of it: the public calls carry no test arguments.
 *
 * Where each part lives: seen.c (cs_test_solve_seen, cs_test_solve_leak), sorted.c (cs_test_solve_sorted),
 * sorted_seen.c (cs_test_solve_sorted_seen),
 * sample.c (cs_test_sample_deals), switch_game.c (cs_test_switch_game, cs_test_switch_game_chosen),
 * switch_bounds.c (cs_test_switch_bounds), switch_five.c (cs_test_switch_five), switch_dead.c
 * (cs_test_switch_dead).
 */
#ifndef CARIBBEAN_TESTING_H
#define CARIBBEAN_TESTING_H

#include "caribbean.h"

#ifdef __cplusplus
extern "C" {
#endif

/* cdef-begin */
/* cs_solve_seen with probes (optional, at most 4096): 6 + k cards each (player's five, up, the k
 * seen); probe_counts gets 4 counts per probe (not qualify, win, tie, lose), for checking against
 * cs_deal. With n_probes = 0 it is cs_solve_seen. */
int cs_test_solve_seen(uint32_t k, uint16_t qualifier, const cs_nets *nets, uint32_t flags, uint32_t threads,
                       cs_totals *out, uint64_t *chart_raise, uint64_t *chart_total, size_t n_chart,
                       const uint8_t *probes, size_t n_probes, uint64_t *probe_counts);

/* cs_solve_sorted with probes (optional, at most 4096): 6 cards each (the player's five, the up
 * card); probe_counts gets CS_SORTED_COUNTS x 4 counts per probe, for c = 0 .. 4: not qualify, win,
 * tie, lose over the completions with c hole cards of the sorted ranks (all 0 where none). With
 * n_probes = 0 it is cs_solve_sorted. */
int cs_test_solve_sorted(uint32_t sorted_ranks, uint16_t qualifier, const cs_nets *nets, uint32_t flags,
                         uint32_t threads, cs_totals *out, size_t n_out, uint64_t *chart_raise,
                         uint64_t *chart_total, size_t n_chart, const uint8_t *probes, size_t n_probes,
                         uint64_t *probe_counts);
/* cs_solve_sorted_seen with probes (optional, at most 4096): 7 cards each (the player's five, the up
 * card, the seen hole card); probe_counts gets CS_SORTED_SEEN_COUNTS x 4 counts per probe, for c =
 * 0 .. 3: not qualify, win, tie, lose over the completions with c of the three unseen hole cards of
 * the sorted ranks (all 0 where none). With n_probes = 0 it is cs_solve_sorted_seen. */
int cs_test_solve_sorted_seen(uint32_t sorted_ranks, uint16_t qualifier, const cs_nets *nets, uint32_t flags,
                              uint32_t threads, cs_totals *out, size_t n_out, uint64_t *chart_raise,
                              uint64_t *chart_total, size_t n_chart, const uint8_t *probes, size_t n_probes,
                              uint64_t *probe_counts);
/* cs_solve_leak with probes (optional, at most 4096): 7 cards each, the player's five, the up card
 * and a card c: the counts (not qualify, win, tie, lose) of the block of c summed over its cards
 * (a seen class), or of burn card c; 8 cards each for CS_LEAK_SEEN_AND_BURN: the player's five, the up
 * card, the seen card and the burn card. With n_probes = 0 it is cs_solve_leak. */
int cs_test_solve_leak(const cs_leak *leak, uint16_t qualifier, const cs_nets *nets, uint32_t flags,
                       uint32_t threads, cs_totals *out, const cs_leak_chart *chart, const uint8_t *probes,
                       size_t n_probes, uint64_t *probe_counts);

/* cs_switch_game with probes (optional, at most 4096): 6 cards each, the player's five and the up
 * card, of suit 0 (CS_E_ARG otherwise; a probe whose up rank is not in up_ranks gets zeros).
 * probe_out gets 6 numerators per probe over 46 x C(45, 4): standing's best value, then the value of
 * switching each of the probe's five cards in the order given, the fee taken off. */
int cs_test_switch_game(uint16_t qualifier, const cs_nets *nets, int64_t fee, uint32_t up_ranks, uint32_t flags,
                        uint32_t threads, cs_totals *out, size_t n_out, uint64_t *choices, size_t n_choices,
                        const uint8_t *probes, size_t n_probes, int64_t *probe_out);

/* cs_switch_game with each hand's choice after the merge: chosen (n_chosen = CS_SWITCH_GAME_HANDS x
 * the up ranks asked) gets, for each up rank asked in increasing order, CS_SWITCH_GAME_HANDS bytes
 * laid out as cs_switch_game_given's (the card switched, or CS_SWITCH_NO_SWITCH): the optimal
 * choices, to hand back to it. */
int cs_test_switch_game_chosen(uint16_t qualifier, const cs_nets *nets, int64_t fee, uint32_t up_ranks, uint32_t flags,
                               uint32_t threads, cs_totals *out, size_t n_out, uint64_t *choices, size_t n_choices,
                               uint8_t *chosen, size_t n_chosen);

/* cs_sixth_game with probes (optional, at most 4096): 6 cards each as for cs_test_switch_game;
 * probe_out gets 2 numerators per probe over 46 x C(45, 4): standing's best value, then buying's
 * before its fee (the sum over the 46 replacements of the best decision). */
int cs_test_sixth_game(uint16_t qualifier, const cs_nets *nets, int64_t fee, uint32_t up_ranks, uint32_t flags,
                       uint32_t threads, cs_totals *out, size_t n_out, uint64_t *choices, size_t n_choices,
                       const uint8_t *probes, size_t n_probes, int64_t *probe_out);

/* cs_sixth_game with each hand's choice after the merge: chosen (n_chosen = CS_SWITCH_GAME_HANDS x
 * the up ranks asked) gets 1 where the hand buys, laid out as cs_sixth_game_given takes it. */
int cs_test_sixth_game_chosen(uint16_t qualifier, const cs_nets *nets, int64_t fee, uint32_t up_ranks,
                              uint32_t flags, uint32_t threads, cs_totals *out, size_t n_out, uint64_t *choices,
                              size_t n_choices, uint8_t *chosen, size_t n_chosen);

/* cs_switch_bounds with probes (optional, at most 4096): 6 cards each as for cs_test_switch_game;
 * probe_out gets 33 numerators per probe: the best of standing and one card over 46 x C(45, 4), then
 * for each discard mask m (bit i: the probe's i-th card) of a size k bounded, at 1 + m, the bound of
 * its EV (the fee included) over k x C(46, k) x C(46 - k, 4) (0 elsewhere); with five, at 32 (mask 31) the
 * five-card switch's exact value, the fee included, over C(46, 5) x C(41, 4). */
int cs_test_switch_bounds(uint16_t qualifier, const cs_nets *nets, const int64_t *fees, size_t n_fees, uint32_t sizes,
                          uint32_t up_ranks, uint32_t flags, uint32_t threads, uint64_t *undecided, uint64_t *pairs,
                          size_t n_counts, uint8_t *list, size_t max_list, size_t *n_list, cs_switch_five_game *five,
                          const uint8_t *probes, size_t n_probes, int64_t *probe_out);

/* The five-card switch (Oasis Poker), exact, for one up rank (the up card 4 x up_rank, of suit 0): for each
 * probe (5 player cards, none the up card) the raise summed over every replacement set R of five of the 46
 * unseen cards and every dealer hand of four of the 41 left: not_qualify x (dealer hands below the
 * qualifier) + win[category of R] x wins + tie x ties + lose x losses, into out (one int64 per probe; over
 * C(46, 5) x C(41, 4) it is the switch's EV before its fee). Counts every hand of the rank (seconds of CPU).
 * sums (optional, n_sums = 4): the sum of the rank's 2,349,060 values, and what it must be, C(42, 5) x the nets
 * summed over every (replacement, dealer hand) pair of the 51 cards (from standing's counts), each as 128
 * bits: high 64 (signed), low 64. Nets within +-2^20 (else CS_E_OVERFLOW: the sums stay below 2^61); at most
 * 4096 probes; no probes and no sums: CS_OK, nothing counted. */
int cs_test_switch_five(uint8_t up_rank, uint16_t qualifier, const cs_nets *nets, uint32_t threads,
                        const uint8_t *probes, size_t n_probes, int64_t *out, int64_t *sums, size_t n_sums);

/* A switch of k cards (1 .. 4) exact for every hand that makes it (switch_dead.c): with the up card up and the
 * k discarded cards dead[] out of play, each kept set K of 5 - k of the n = 51 - k other cards (out[i] for
 * the kept set of colex index i by positions among those n cards, ascending; n_out = C(n, 5 - k)) gets the sum
 * over its replacement sets (the final hands P holding K) of P's best: fold x C(n - 5, 4), or the raise summed
 * over its C(n - 5, 4) dealer hands when that is more (flags: CS_RAISE_ON_TIE or 0). Over C(46, k) x
 * C(46 - k, 4) it is switching dead[] from K + dead[] worth before the fee. One sweep of C(n, 5) final hands
 * (tens of milliseconds). Nets within +-2^28 (else CS_E_OVERFLOW). */
int cs_test_switch_dead(uint16_t qualifier, const cs_nets *nets, uint32_t flags, uint8_t up, const uint8_t *dead,
                        uint32_t k, int64_t *out, size_t n_out);

/* The whole game of one up rank (the up card 4 x up_rank, of suit 0) with switches of the sizes asked (bit k
 * of sizes, k = 1 .. 5; standing, k = 0, is always an option), each situation's best option exact
 * (switch_dead.c): every discard set of 1 to 4 cards swept once per class under the permutations of the other
 * three suits; the switch of all five (then a raise) counted for every hand by switch_five.c (nets then within
 * +-2^20, else CS_E_OVERFLOW). fees[k] (n_fees = 5, or 6 with bit 5; fees[0] unused): the fee of k cards, scaled
 * like the nets (0 .. 2^28). out: value, the sum over the rank's C(51, 5) hands of the best option's EV (the fee
 * taken off) over value_unit = C(46, 4) x L, L = 447,720 (the lcm of C(42, k), k = 0 .. 4; with five cards
 * 19 x 447,720, C(42, 5) too), 128 bits (hi signed, lo); raise, the sum of the best option's share of raised
 * final hands over raise_unit (the lcm of C(46, k)); chosen[k], the hands whose best switches k cards (ties:
 * fewer cards, then the lower mask; all five only when strictly better than every other option); deals[k]
 * (k <= 4), the deals of the hands whose best switches k cards, each hand weighing value_unit deals (every
 * count of a k-card switch x L / C(42, k)) and its raise_situations its raised deals (a second pass: each
 * class again where some hand chose it); five_hi/lo: the best values of the hands that switch all five,
 * summed (their deals are not tallied by outcome); by_category[c], the hands of category c (as dealt) that
 * stand and fold, stand and raise, switch 1, 2, 3, 4, 5 cards. Probes (5 cards each, none the up card; at
 * most 4096): probe_out[3 m .. 3 m + 2] = the best's value hi, lo, and its discard mask (bit i: card i of
 * the probe). Minutes of CPU for three cards, hours for four: issue #31's whole game. Another thread may
 * read swept/sweeps while it runs (its progress), and set stop to end it within a class (CS_E_STOPPED; out
 * then holds no result). */
typedef struct {
    int64_t value_hi;
    uint64_t value_lo;
    uint64_t value_unit;
    int64_t raise_hi;
    uint64_t raise_lo;
    uint64_t raise_unit;
    uint64_t chosen[6];
    cs_totals deals[5];
    uint64_t by_category[10][7];
    int64_t five_hi;      /* the best values of the hands whose best switches all five, summed (over value_unit) */
    uint64_t five_lo;
    uint64_t sweeps;      /* the class sweeps of both passes at most: 2 x the classes (set before pass 1) */
    uint64_t swept;       /* those done so far (atomic, read while the call runs: its progress; = sweeps at the end) */
    uint64_t stop;        /* set (non-zero) by another thread: no class is begun after it, CS_E_STOPPED */
} cs_switch_exact;
int cs_test_switch_exact_rank(uint8_t up_rank, uint16_t qualifier, const cs_nets *nets, uint32_t flags,
                              const int64_t *fees, size_t n_fees, uint32_t sizes, uint32_t threads,
                              cs_switch_exact *out, const uint8_t *probes, size_t n_probes, int64_t *probe_out);
/* The games of several fee schedules of the same nets at once (n_games, 1 .. 8): each class of discard sets is
 * swept once and its sums priced in every game (pass 1 shared); then each game's merge and second pass. fees:
 * n_games rows of n_fees = 6 (fees[g x 6 + k], k = 1 .. 5, read where bit k of sizes[g] is set); out[g]: game g's
 * results, each as cs_test_switch_exact_rank's of that schedule alone, integer for integer; the progress (sweeps
 * = (1 + n_games) x the classes, swept) and stop are out[0]'s. No probes. */
int cs_test_switch_exact_many(uint8_t up_rank, uint16_t qualifier, const cs_nets *nets, uint32_t flags,
                              const int64_t *fees, size_t n_fees, const uint32_t *sizes, size_t n_games,
                              uint32_t threads, cs_switch_exact *out);
/* The same game with each hand's option given instead of sought: given[n_given] (n_given = C(51, 5); by the colex
 * index of the hand's positions among the 51 cards other than the up card, as cs_switch_game_given) holds
 * k x 32 + mask, mask the discards over the hand's cards ascending (bit i: its i-th lowest), k their number,
 * each a size the bits of sizes allow (0: stand; 5 x 32 + 31: all five, with bit 5), else CS_E_ARG before any
 * work. A class is swept only where some hand chose it; out as cs_test_switch_exact_rank's, of the options
 * given (no probes). The whole game of a strategy (the switching lines): issue #31. */
int cs_test_switch_exact_given(uint8_t up_rank, uint16_t qualifier, const cs_nets *nets, uint32_t flags,
                               const int64_t *fees, size_t n_fees, uint32_t sizes, uint32_t threads,
                               const uint8_t *given, size_t n_given, cs_switch_exact *out);

/* cs_sample_deals with flags: CS_SAMPLE_GENERIC counts each deal with cs_deal instead of by rank
 * multisets (the same sums, slower: a cross-check of the dedicated path). flags = 0 is
 * cs_sample_deals; any other bit is CS_E_ARG. */
enum cs_sample_flags { CS_SAMPLE_GENERIC = 1 };
int cs_test_sample_deals(uint16_t qualifier, const cs_nets *nets, uint32_t known_dealer, uint32_t other_players,
                         uint32_t burn, uint32_t hidden_players, uint32_t flags, uint64_t seed, uint64_t first_deal, uint64_t n_deals,
                         uint32_t threads, const cs_solver *base, cs_sample_sums *out);
/* cdef-end */

#ifdef __cplusplus
}
#endif
#endif
