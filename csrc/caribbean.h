/*
 * caribbean.h - public C API of the caribbean-exact counting core.
 *
 * Cards: card = rank * 4 + suit, rank 0 = deuce .. 12 = ace, suit 0..3 = c d h s.
 * Hand values: 0 .. CS_NUM_VALUES-1, a total order (higher wins); equal value means the
 * same five ranks in the same roles (suits never break ties).
 * Categories: CS_HIGH_CARD (0) .. CS_ROYAL_FLUSH (9).
 *
 * Every function checks its arguments and returns a status (CS_OK = 0 on success);
 * outputs go through caller-allocated pointers. The core counts with integers only:
 * it knows nothing of money beyond integer nets handed in by the caller.
 *
 * Only the region between the cdef markers is read by csrc/build_ffi.py, so it must
 * hold plain declarations (no preprocessor lines). What only the tests need (probes of single
 * situations, cross-check paths) is in testing.h, not in these signatures.
 *
 * Where each part lives: core.c (cs_strerror, cs_version; argument checks, suit symmetry, threads),
 * evaluate.c (cs_init, cs_evaluate5 and the value, category and pattern queries), evaluate6.c
 * (cs_evaluate6, cs_six_card_counts), situation.c (cs_deal), game.c (cs_solver_*),
 * seen.c (cs_solve_seen, cs_solve_seen_k1, cs_solve_seen_decided, cs_solve_leak), sorted.c (cs_solve_sorted), sorted_seen.c
 * (cs_solve_sorted_seen),
 * sample.c (cs_sample_deals, cs_sample_table),
 * layout.c (the layout index functions), switch_hand.c (cs_switch), switch_game.c (cs_switch_game,
 * cs_switch_game_given), switch_bounds.c (cs_switch_bounds); internal.h holds what they share
 * (switch_internal.h what the switching files share).
 */
#ifndef CARIBBEAN_H
#define CARIBBEAN_H

#include <stdint.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* cdef-begin */
enum cs_status {
    CS_OK = 0,
    CS_E_NULL = 1,        /* a required pointer is NULL */
    CS_E_CARD = 2,        /* a card outside 0..51 */
    CS_E_DUPLICATE = 3,   /* the same card given twice */
    CS_E_SIZE = 4,        /* a count out of range (too many cards, too few left, bad length) */
    CS_E_NOMEM = 5,       /* out of memory */
    CS_E_ARG = 6,         /* another argument out of range (qualifier, threads, index, nets) */
    CS_E_OVERFLOW = 7,    /* an integer result would not fit */
    CS_E_STOPPED = 8      /* stopped by the caller before the end (a long count's stop flag) */
};

enum cs_category {
    CS_HIGH_CARD = 0, CS_PAIR = 1, CS_TWO_PAIR = 2, CS_THREE_OF_A_KIND = 3,
    CS_STRAIGHT = 4, CS_FLUSH = 5, CS_FULL_HOUSE = 6, CS_FOUR_OF_A_KIND = 7,
    CS_STRAIGHT_FLUSH = 8, CS_ROYAL_FLUSH = 9
};

enum cs_constants {
    CS_NUM_VALUES = 7462,     /* distinct five-card hand values */
    CS_NUM_HANDS = 2598960,   /* C(52,5) */
    CS_NUM_CATEGORIES = 10,
    CS_NUM_SIX_CARD_SETS = 20358520,  /* C(52,6) */
    CS_NUM_RANK_PATTERNS = 6175,      /* multisets of five ranks, each rank at most four times */
    CS_NUM_COMPLETIONS = 163185,      /* dealer completions of one (hand, up card): C(47,4) */
    CS_NUM_SEEN_COMPLETIONS = 14190,  /* with one dealer hole card seen: C(45,3) */
    CS_MAX_THREADS = 64,              /* most threads a counting call takes (threads = 1 .. this) */
    CS_ABI_VERSION = 16               /* the version of this API (cs_version): raised whenever it changes */
};

/* The layouts of the tables the core fills, each size written once here (Python reads them from
 * the core: caribbean_exact/engine/layout.py); the index functions below compute a position.
 *   Chart cells (cs_solver_chart, cs_solver_cell_counts, cs_solver_apply_cells): cell =
 * ((pattern * 2 + flush) * 13 + up rank) * CS_CHART_SUIT_COUNTS + the player's cards of the up card's
 * suit (0 .. 5), pattern = the player's rank multiset (cs_rank_pattern), flush = all five one suit.
 *   Seen-card charts: CS_SEEN_CLASSES player classes, 0 = high card below A-K, 1 = A-K high, then
 * category + 1 from a pair (2) to a royal flush (10) (cs_seen_classes gives every value's).
 *   Seen-card decisions (cs_solve_seen_k1): CS_SEEN_RANK_PAIRS lanes of rank pairs a <= b
 * (b(b+1)/2 + a), then per suit set Q (CS_SEEN_SUIT_SETS: masks over a hand's distinct ranks)
 * CS_SEEN_SUITED_PAIRS lanes of rank pairs a < b (b(b-1)/2 + a). */
enum cs_layout {
    CS_NUM_RANKS = 13,
    CS_CHART_SUIT_COUNTS = 6,         /* 0 .. 5 player cards of the up card's suit */
    CS_NUM_CHART_CELLS = CS_NUM_RANK_PATTERNS * 2 * CS_NUM_RANKS * CS_CHART_SUIT_COUNTS,   /* 963,300 */
    CS_SEEN_CLASSES = 11,             /* player classes of the seen-card charts */
    CS_SEEN_CHART_CELLS = CS_SEEN_CLASSES * CS_NUM_RANKS * CS_NUM_RANKS,   /* 1,859: (class, up, seen) */
    CS_SEEN_RANK_PAIRS = 91,          /* rank pairs a <= b */
    CS_SEEN_SUIT_SETS = 32,           /* sets of a hand's (at most five) distinct ranks */
    CS_SEEN_SUITED_PAIRS = 78,        /* rank pairs a < b */
    CS_SEEN_DECISION_LANES = CS_SEEN_RANK_PAIRS + CS_SEEN_SUIT_SETS * CS_SEEN_SUITED_PAIRS,  /* 2,587 */
    CS_SORTED_COUNTS = 5,             /* edge sorting: 0 .. 4 dealer hole cards of the sorted ranks */
    CS_SORTED_CHART_CELLS = CS_SORTED_COUNTS * CS_NUM_VALUES * CS_NUM_RANKS,  /* 485,030: (c, value, up rank) */
    CS_SORTED_SEEN_COUNTS = 4,        /* edge sorting with a seen hole card: 0 .. 3 of the other three sorted */
    CS_SORTED_SEEN_CHART_CELLS = CS_SORTED_SEEN_COUNTS * CS_NUM_VALUES * 3  /* 89,544: (c, value, j) */
};

/* One situation counted: the dealer's completions split by outcome. */
typedef struct {
    uint64_t not_qualify;   /* dealer below the qualifier */
    uint64_t win;           /* dealer qualifies, player higher */
    uint64_t tie;           /* dealer qualifies, same value */
    uint64_t lose;          /* dealer qualifies, dealer higher */
    uint64_t total;         /* number of completions = C(unseen, unknown) */
    uint64_t dealer_categories[10];  /* every completion by the dealer's category */
    uint16_t player_value;
    uint8_t player_category;
} cs_deal_counts;

/* Integer nets per ante of each outcome, all scaled by one common positive denominator. */
typedef struct {
    int64_t fold;           /* usually -1 */
    int64_t not_qualify;    /* usually +1 (ante paid, raise pushes) */
    int64_t tie;            /* usually 0 */
    int64_t lose;           /* usually -3 */
    int64_t win[10];        /* by the player's category: ante win + raise win */
} cs_nets;

/* Whole-game aggregates under a strategy: weighted deal counts by the player's category. */
typedef struct {
    uint64_t fold[10];
    uint64_t not_qualify[10];
    uint64_t win[10];
    uint64_t tie[10];
    uint64_t lose[10];
    uint64_t raise_situations;        /* (hand, up card) situations that raise, of 122,151,120 */
    uint64_t indifferent_situations;  /* exact ties between raising and folding */
    uint64_t total_weight;            /* deals counted: 19,933,230,517,200 for the full game */
} cs_totals;

typedef struct cs_solver cs_solver;

const char *cs_strerror(int status);
int cs_init(void);

/* Five-card evaluator. */
int cs_evaluate5(const uint8_t *cards, uint16_t *value, uint8_t *category);
int cs_value_category(uint16_t value, uint8_t *category);
int cs_category_counts(uint64_t *counts10);
/* Number of the 2,598,960 hands with each value (CS_NUM_VALUES entries). */
int cs_value_counts(uint64_t *counts, size_t n);

/* One situation: every completion of the dealer's unknown hole cards. */
int cs_deal(const uint8_t *player, uint8_t up,
            const uint8_t *dead, uint32_t n_dead,
            const uint8_t *dealer, uint32_t n_dealer,
            uint16_t qualifier, cs_deal_counts *out);

/* Whole game: per-situation counts for one qualifier, then priced for any nets. */
int cs_solver_new(uint16_t qualifier, uint32_t threads, cs_solver **out);
void cs_solver_free(cs_solver *solver);
int cs_solver_size(const cs_solver *solver, uint32_t *n_hands);
int cs_solver_hand(const cs_solver *solver, uint32_t index, uint8_t *cards, uint32_t *weight);
int cs_solver_situation(const cs_solver *solver, const uint8_t *player, uint8_t up,
                        cs_deal_counts *out);
/* Many situations read from the table at once, on up to `threads` threads (1..64): situation k is
 * players[5k .. 5k+4] against ups[k]. Out: counts[4k .. 4k+3] (not qualify, win, tie, lose over its
 * 163,185 completions), categories[k] (the player's), status[k] (CS_OK, or why situation k is not
 * valid: a card out of range or twice; its counts are then 0). Returns CS_OK when the arguments
 * themselves are valid, whatever the situations. */
int cs_solver_situations(const cs_solver *solver, const uint8_t *players, const uint8_t *ups, size_t n,
                         uint32_t threads, uint32_t *counts, uint8_t *categories, int32_t *status);
/* Optimal decisions for the nets. flags: CS_RAISE_ON_TIE counts exact ties as raises,
 * CS_IGNORE_UP decides each hand once for all up cards (best strategy blind to the up card).
 * decisions (optional, n_hands * 52): 0 fold, 1 raise, 2 exact tie, 255 up card in the hand. */
enum cs_price_flags { CS_RAISE_ON_TIE = 1, CS_IGNORE_UP = 2 };
int cs_solver_price(const cs_solver *solver, const cs_nets *nets, uint32_t flags,
                    cs_totals *out, uint8_t *decisions, size_t n_decisions);
/* A given strategy: raise[hand * 52 + up] != 0 raises (entries of up cards in the hand ignored). */
int cs_solver_apply(const cs_solver *solver, const uint8_t *raise, size_t n_raise, cs_totals *out);
/* A strategy given per chart cell (see below): raise[cell] != 0 raises. */
int cs_solver_apply_cells(const cs_solver *solver, const uint8_t *raise, size_t n_cells,
                          cs_totals *out);
/* Chart cells (enum cs_layout; cs_chart_cell), weights in (hand, up) situations. */
int cs_rank_pattern(const uint8_t *ranks5, uint32_t *pattern);
/* The value of every rank pattern (in pattern order) when not all one suit, and when all one
 * suit (0xFFFF where a pattern repeats a rank and cannot be suited): n = CS_NUM_RANK_PATTERNS. */
int cs_pattern_values(uint16_t *plain, uint16_t *suited, size_t n);
/* The category of every value: n = CS_NUM_VALUES. */
int cs_value_categories(uint8_t *categories, size_t n);
int cs_solver_chart(const cs_solver *solver, const uint8_t *raise, size_t n_raise,
                    uint64_t *raise_weight, uint64_t *total_weight, size_t n_cells);
/* Per chart cell, the weighted completions of every situation in it by outcome of raising (not
 * qualify, win, tie, lose; n_cells = CS_NUM_CHART_CELLS): a cell's raise margin for any nets. */
int cs_solver_cell_counts(const cs_solver *solver, uint64_t *not_qualify, uint64_t *win, uint64_t *tie,
                          uint64_t *lose, size_t n_cells);

/* Known cards, any k = 1, 2 or 3 seen hole cards: the whole game, exact, decided and aggregated
 * for the nets (no per-situation storage). The dealer's known cards K (up card and seen cards,
 * k + 1 cards) matter only as a set: situations are (hand, up card, seen set), 2,598,960 x 47 x
 * C(46, k); deals add the C(46 - k, 4 - k) completions of each (14,190, 946, 43). Chart (optional,
 * CS_SEEN_CLASSES x C(13 + k, k + 1) cells: 1,001, 5,005, 20,020; cs_seen_set_lanes,
 * cs_seen_set_cell): cell = class * C(13 + k, k + 1) + the multiset index of K's k + 1 ranks
 * (sorted r0 <= r1 ..., index sum of C(r_j + j, j + 1)), classes as in enum cs_layout, weights in
 * situations. (testing.h: the same solve answering probes, single situations checked against
 * cs_deal.) */
int cs_solve_seen(uint32_t k, uint16_t qualifier, const cs_nets *nets, uint32_t flags, uint32_t threads,
                  cs_totals *out, uint64_t *chart_raise, uint64_t *chart_total, size_t n_chart);

/* cs_solve_seen for k = 1 (the same totals) with, from the same counting pass, the outputs of
 * k1, each optional (a NULL pointer: not wanted; its size is then ignored):
 *   chart_raise, chart_total (n_chart = CS_SEEN_CHART_CELLS): the chart by up card and seen card,
 * cell = (class * 13 + up rank) * 13 + seen rank (cs_seen_chart_cell), classes and weights as
 * cs_solve_seen's (ordered situations: 2,598,960 x 47 x 46 in all);
 *   decisions (n_decisions = CS_NUM_VALUES x CS_SEEN_DECISION_LANES, 19 MB): the decision of every
 * class of situations, at v * CS_SEEN_DECISION_LANES + lane 0 (fold), 1 (raise), 2 (either: equal
 * EVs) or 255 (no such situation), for a player hand of value v and, with a <= b the ranks of the
 * up and seen cards: lane b(b+1)/2 + a when they are of two suits (or of one rank; the decision
 * does not depend on the player's suits then), and lane CS_SEEN_RANK_PAIRS + Q x CS_SEEN_SUITED_PAIRS
 * + b(b-1)/2 + a (a < b) when they share a suit in which the player holds the ranks Q, a mask over
 * the hand's distinct ranks in increasing order (bit i: the i-th lowest) (cs_seen_decision_lane). */
typedef struct {
    uint64_t *chart_raise;
    uint64_t *chart_total;
    size_t n_chart;
    uint8_t *decisions;
    size_t n_decisions;
} cs_seen_k1_outputs;
int cs_solve_seen_k1(uint16_t qualifier, const cs_nets *nets, uint32_t flags, uint32_t threads, cs_totals *out,
                     const cs_seen_k1_outputs *k1);

/* Edge sorting, the whole game exact: the player tells, on each of the dealer's four hole cards,
 * whether its rank is among the ranks of sorted_ranks (a mask: bit r for rank r, 0 = deuce .. 12 =
 * ace; any of the 8,192 sets), so he knows c, how many of them are (0 .. 4), and decides each
 * (hand, up card, c) optimally for the nets (flags: CS_RAISE_ON_TIE). out[c] (n_out =
 * CS_SORTED_COUNTS) gets the deals with c such hole cards by outcome, as cs_totals, with
 * raise_situations and indifferent_situations counted in deals (each situation weighted by its
 * completions): the five sum to the game's 19,933,230,517,200 deals. Chart (optional, n_chart =
 * CS_SORTED_CHART_CELLS): at (c * CS_NUM_VALUES + the player's hand value) * 13 + up rank, the
 * (hand, up card) situations with c possible that raise, and all of them. (testing.h: the same
 * solve answering probes.) */
int cs_solve_sorted(uint32_t sorted_ranks, uint16_t qualifier, const cs_nets *nets, uint32_t flags,
                    uint32_t threads, cs_totals *out, size_t n_out, uint64_t *chart_raise, uint64_t *chart_total,
                    size_t n_chart);
/* Edge sorting misread (sorted.c): the same classes (hand, up card, c), each deal of true count c
 * tallied under the optimal decision for each count c' the player might read instead: out[c * 5 +
 * c'] (n_out = 25) holds the deals of true count c played as if c' (a c' the situation cannot have,
 * more hole cards of R than are left: the decision without the leak, the sum over c of its counts).
 * A read accuracy then weighs them: P(c' | c) is a polynomial in the accuracy, so the return of any
 * accuracy is exact. flags: CS_RAISE_ON_TIE. */
int cs_solve_sorted_misread(uint32_t sorted_ranks, uint16_t qualifier, const cs_nets *nets, uint32_t flags,
                            uint32_t threads, cs_totals *out, size_t n_out);
/* Edge sorting with one dealer hole card seen (sorted_seen.c), the whole game exact: the player sees
 * the up card and one hole card, and tells, on each of the other three, whether its rank is among the
 * ranks of sorted_ranks (a mask as cs_solve_sorted's), so he knows c, how many of them are (0 .. 3),
 * and decides each (hand, up card, seen card, c) optimally (flags: CS_RAISE_ON_TIE). out[c] (n_out =
 * CS_SORTED_SEEN_COUNTS) gets the deals with c such cards among the three unseen hole cards, as
 * cs_totals with raise_situations and indifferent_situations counted in deals: the four sum to the
 * plain game's 19,933,230,517,200 deals x 4 (each deal once for each of the four hole cards seen). Chart
 * (optional, n_chart = CS_SORTED_SEEN_CHART_CELLS): at (c * CS_NUM_VALUES + the player's hand value)
 * * 3 + j, j the known dealer cards (up and seen) of the sorted ranks, the (hand, up card, seen card)
 * situations with c possible that raise, and all of them. (testing.h: the same solve answering
 * probes.) */
int cs_solve_sorted_seen(uint32_t sorted_ranks, uint16_t qualifier, const cs_nets *nets, uint32_t flags,
                         uint32_t threads, cs_totals *out, size_t n_out, uint64_t *chart_raise, uint64_t *chart_total,
                         size_t n_chart);
/* Leaks: the whole game, exact, when the player sees, besides the up card, what a leak shows
 * (seen.c, from the one-seen-card counting):
 *   CS_LEAK_SEEN_CLASS: of one dealer hole card, only its class: the block of a partition of the
 * 52 cards, by rank (rank_block[r]: the block of rank r, blocks 0, 1, ... without a gap) and by
 * suit (suit_split: CS_SUITS_UNSEEN: the suit is not seen; CS_SUITS_COLOUR: the colour, clubs and
 * spades black, diamonds and hearts red; CS_SUITS_SUIT: the suit). The other cards uniform: the
 * counts of (hand, up card, block) are the sums over the block's cards not in the hand nor the up
 * card of the one-seen-card counts. Situations are counted as (hand, up card, seen card), 2,598,960
 * x 47 x 46 in all, 14,190 completions each (a block's situation weighs its cards).
 *   CS_LEAK_BURN_CARD: one dead card not in the dealer's hand (rank_block all 0, suit_split 0):
 * situations (hand, up card, burn card), 2,598,960 x 47 x 46, 148,995 completions each (C(45, 4)).
 *   CS_LEAK_SEEN_AND_BURN: one dealer hole card seen and the burn card seen (rank_block all 0,
 * suit_split 0): situations (hand, up card, seen card, burn card), 2,598,960 x 47 x 46 x 45, 13,244
 * completions each (C(44, 3)): the counts of one seen card less those with the burn card in the
 * dealer's hand as well (k = 1 less k = 2). Its chart's column is 2 x the seen card's rank, + 1 when
 * it is not of the up card's suit (burn cards together); probes are 8 cards (hand, up, seen, burn).
 *   CS_LEAK_SEEN_AND_CLASS: one dealer hole card seen and another hole card's class (rank_block as
 * CS_LEAK_SEEN_CLASS's, suit_split CS_SUITS_UNSEEN): situations (hand, up card, seen card, class
 * card), 2,598,960 x 47 x 46 x 45, 946 completions each (C(44, 2)): the counts of (hand, up, seen,
 * block) are the sums of the k = 2 counts over the block's cards left. Chart column as
 * CS_LEAK_SEEN_AND_BURN's (the blocks together); probes are 8 cards (hand, up, seen, any card of the
 * block).
 *   CS_LEAK_BURN_AND_CLASS: the burn card seen and one hole card's class (rank_block as
 * CS_LEAK_SEEN_CLASS's, suit_split CS_SUITS_UNSEEN): situations (hand, up card, class card, burn
 * card), 2,598,960 x 47 x 46 x 45, 13,244 completions each (C(44, 3)): the counts of (hand, up, c)
 * less those with the burn card in the dealer's hand as well, summed over the block's cards c left.
 * Chart column 2 x block (the burn cards together); probes are 8 cards (hand, up, any card of the
 * block, burn).
 * Chart (optional, all four tables or none; n = CS_LEAK_CHART_CELLS): cell = (class * 13 + up rank) *
 * CS_LEAK_COLUMNS + column; column = 2 x block (seen class) or 2 x the burn card's rank (burn), + 1
 * when the seen card's suit (CS_SUITS_SUIT), colour (CS_SUITS_COLOUR) or the burn card's suit is not
 * the up card's (the blocks of the other suits or colour together); raise_weight, total_weight in
 * situations; lowest_raise, highest_fold: the lowest hand value raised and the highest folded in the
 * cell (CS_LEAK_NO_VALUE: none), so a cell raises exactly from lowest_raise up when highest_fold is
 * below it. flags: CS_RAISE_ON_TIE. (testing.h: the same solve answering probes.) */
enum cs_leak_kind { CS_LEAK_SEEN_CLASS = 1, CS_LEAK_BURN_CARD = 2, CS_LEAK_SEEN_AND_BURN = 3, CS_LEAK_SEEN_AND_CLASS = 4,
                   CS_LEAK_BURN_AND_CLASS = 5 };
enum cs_suit_split { CS_SUITS_UNSEEN = 0, CS_SUITS_COLOUR = 1, CS_SUITS_SUIT = 2 };
enum cs_leak_layout {
    CS_LEAK_COLUMNS = 26,
    CS_LEAK_CHART_CELLS = CS_SEEN_CLASSES * CS_NUM_RANKS * CS_LEAK_COLUMNS,   /* 3,718 */
    CS_LEAK_NO_VALUE = 65535
};
typedef struct {
    uint32_t kind;
    uint32_t suit_split;
    uint8_t rank_block[13];
} cs_leak;
typedef struct {
    uint64_t *raise_weight;
    uint64_t *total_weight;
    uint16_t *lowest_raise;
    uint16_t *highest_fold;
    size_t n;
} cs_leak_chart;
int cs_solve_leak(const cs_leak *leak, uint16_t qualifier, const cs_nets *nets, uint32_t flags, uint32_t threads,
                  cs_totals *out, const cs_leak_chart *chart);
/* cs_solve_seen (any k = 1, 2 or 3: the same totals and optional chart) with, from the same
 * counting pass, the decision of every class of situations (both tables required):
 *   decisions (n_decisions = CS_NUM_VALUES x C(13 + k, k + 1)): at v * lanes + the multiset index
 * of K's ranks (as the chart's), for K not all of one suit (the decision does not depend on the
 * player's suits then): 0 fold, 1 raise, 2 either (equal EVs), 255 no such situation;
 *   suited (n_suited = CS_NUM_VALUES x C(13, k + 1)): K all of one suit (its ranks distinct), in
 * which the player holds the ranks Q (a mask over the hand's distinct ranks in increasing order):
 * at v * C(13, k + 1) + the rank of K's multiset index among those of distinct ranks, bit Q set
 * when raising is better, bit 32 + Q when the EVs are equal (neither: fold, or no such situation).
 * 7,462 x (455 + 8 x 286) bytes (20 MB) for k = 2, 7,462 x (1,820 + 8 x 715) (56 MB) for k = 3. */
typedef struct {
    uint64_t *chart_raise;
    uint64_t *chart_total;
    size_t n_chart;
    uint8_t *decisions;
    size_t n_decisions;
    uint64_t *suited;
    size_t n_suited;
} cs_seen_decision_outputs;
int cs_solve_seen_decided(uint32_t k, uint16_t qualifier, const cs_nets *nets, uint32_t flags, uint32_t threads,
                          cs_totals *out, const cs_seen_decision_outputs *o);

/* Sampled deals, each decided exactly: the player sees the up card, known_dealer hole cards, the
 * hands of other_players other players and burn burned cards (the player's five, the dealer's five,
 * the other hands and the burn cards must fit in the deck, else CS_E_SIZE). Deal i depends only on
 * (seed, i). Deals are counted by rank multisets (a dedicated path; testing.h's cs_test_sample_deals
 * can count each with cs_deal instead, for cross-checks). Sums of the
 * per-deal optimal EV x (scaled: x / (completions * denominator) is the EV per ante), as 128-bit
 * two's-complement (hi, lo) pairs. With base (a solver for the same qualifier), also sums of
 * dx = x * 163185 - x0 * completions, x0 the same deal's EV knowing only the up card (a control
 * variate: its mean over all deals is the exact optimal return). Nets within +-2^20; at most
 * 32,768 deals a call; CS_E_SIZE when first_deal + n_deals would pass 2^64. hidden_players more
 * hands are dealt but not seen (players who do not share): the decision is made on what the player
 * sees, and the deal's x is the value of that decision over the dealer completions from the cards
 * actually left (completions = C(unseen - 5 hidden_players, 4 - known_dealer)); its mean is the same
 * as without them (the unseen hands do not change the expectation), its variance larger. */
typedef struct {
    uint64_t deals;
    uint64_t raises;
    uint64_t completions;
    uint64_t sum_hi, sum_lo;
    uint64_t sumsq_hi, sumsq_lo;
    uint64_t dsum_hi, dsum_lo;
    uint64_t dsumsq_hi, dsumsq_lo;
} cs_sample_sums;
int cs_sample_deals(uint16_t qualifier, const cs_nets *nets, uint32_t known_dealer, uint32_t other_players,
                    uint32_t burn, uint32_t hidden_players, uint64_t seed, uint64_t first_deal, uint64_t n_deals,
                    uint32_t threads, const cs_solver *base, cs_sample_sums *out);

/* A table: seats (2..7) against one dealer hand, each seat deciding optimally for the nets from
 * its own hand and the up card (solver's counts) and settled against the dealer's whole hand.
 * Deal i depends only on (seed, i). Sums over deals of S1 = sum of the seats' nets, S2 = sum of
 * their squares, P = sum over seat pairs i < j of x_i x_j, and P^2, as 128-bit two's-complement
 * (hi, lo) pairs (nets scaled as given). Nets within +-2^20; at most 32,768 deals a call. */
typedef struct {
    uint64_t deals;
    uint64_t raises;
    uint32_t seats;
    uint64_t sum_hi, sum_lo;
    uint64_t sumsq_hi, sumsq_lo;
    uint64_t pair_hi, pair_lo;
    uint64_t pairsq_hi, pairsq_lo;
} cs_table_sums;
int cs_sample_table(const cs_solver *solver, const cs_nets *nets, uint32_t seats, uint64_t seed,
                    uint64_t first_deal, uint64_t n_deals, uint32_t threads, cs_table_sums *out);

/* Card switching (Oasis Poker), one situation: the player replaces the cards of a discard set
 * by as many drawn from the 46 unseen cards (the discards are out of play; the dealer's four hole
 * cards come from the 46 - j left), then raises or folds as the nets decide (flags:
 * CS_RAISE_ON_TIE; CS_SWITCH_FIVE_RAISES: a player who switches all five must raise). Discard set d (0..31) discards player[i] for each bit i of d. For each d in
 * set_mask, out[d] (n_out = 32) gets the deal counts over every replacement set and dealer
 * completion under the best decision, by the final hand's category; raise_situations and
 * indifferent_situations count replacement sets; total_weight = C(46, j) x C(46 - j, 4).
 * Entries not in set_mask are zero. */
enum cs_switch_flags { CS_SWITCH_FIVE_RAISES = 4 };
int cs_switch(const uint8_t *player, uint8_t up, uint32_t set_mask, uint16_t qualifier, const cs_nets *nets,
              uint32_t flags, uint32_t threads, cs_totals *out, size_t n_out);

/* Card switching (Oasis Poker), the whole game, exact, when at most one card may be switched (the
 * one-card table; under any other fee schedule, the game restricted to one card). fee: the fee of a
 * one-card switch, scaled like the nets (0 .. 2^36; nets within +-2^36, else CS_E_OVERFLOW). In each
 * situation the player stands or switches the card whose EV (the fee included) is the largest (ties:
 * standing, then the lowest card), then raises or folds as the nets decide (flags: CS_RAISE_ON_TIE).
 * up_ranks: a mask of the up card's ranks counted (0x1FFF: the whole game; each rank is a slice
 * of 4 x C(51, 5) situations). out[0] (n_out = 2): the situations that stand, out[1]: those that
 * switch, as deals by the final hand's category, every situation weighted 46 x C(45, 4) =
 * 6,853,770 (a standing situation's completions x 42, a switch's replacements x completions): the
 * game's total_weight is 122,151,120 x 6,853,770. out[0].raise_situations and indifferent_situations
 * count situations (raise = fold: indifferent); out[1].raise_situations counts (situation,
 * replacement) pairs that raise, out[1].indifferent_situations the situations where the best switch
 * equals standing (they stand). choices (optional, n_choices = CS_SWITCH_GAME_CHOICE_CELLS):
 * situations by the hand's category c: choices[c * 3] stand and fold, [c * 3 + 1] stand and raise,
 * [c * 3 + 2] switch; choices[30 + r]: the situations that switch a card of rank r. */
enum { CS_SWITCH_GAME_CHOICES = 3, CS_SWITCH_GAME_CHOICE_CELLS = 43 };
int cs_switch_game(uint16_t qualifier, const cs_nets *nets, int64_t fee, uint32_t up_ranks, uint32_t flags,
                   uint32_t threads, cs_totals *out, size_t n_out, uint64_t *choices, size_t n_choices);

/* Card switching, the one-card game under GIVEN choices (a switching strategy, e.g. a short rule
 * card's) instead of the best ones: the same counts as cs_switch_game, with each situation's switch
 * read from given. For each up rank asked (up_ranks as for cs_switch_game, in increasing rank order),
 * CS_SWITCH_GAME_HANDS bytes: the choice of every hand of five of the 51 cards other than the up card
 * of that rank and suit 0 (clubs), at the colex index of the hand's positions among those 51 (position
 * p: card p below the up card, p + 1 above it; index sum of C(p_i, i + 1), p_0 < .. < p_4):
 * CS_SWITCH_NO_SWITCH to stand, else the card switched, which must be one of the hand's five
 * (CS_E_ARG otherwise, checked before any work). n_given = CS_SWITCH_GAME_HANDS x the ranks asked.
 * Each hand counts for the four up suits (the choices of a strategy that treats the suits alike).
 * After the choice the player raises or folds as the nets decide (flags: CS_RAISE_ON_TIE). out[0],
 * out[1] and choices as cs_switch_game's (no fee: the counts do not depend on it), except that
 * out[1].indifferent_situations is 0 (no best switch is computed). */
enum { CS_SWITCH_GAME_HANDS = 2349060, CS_SWITCH_NO_SWITCH = 255 };
int cs_switch_game_given(uint16_t qualifier, const cs_nets *nets, uint32_t up_ranks, uint32_t flags,
                         uint32_t threads, const uint8_t *given, size_t n_given, cs_totals *out, size_t n_out,
                         uint64_t *choices, size_t n_choices);

/* Card switching, every size proven never better than the best of at most one card where it is:
 * for each situation of the up ranks asked (a mask as for cs_switch_game) and each discard set of a
 * size bounded (sizes: bit k for each size k = 1 .. 5 the fee schedule allows; sizes 2 .. 5 are
 * bounded, a switch of five raises), an upper bound on its EV (fee included) from the exact counts
 * of standing and of each single card out of play, compared exactly with the best of standing and
 * (if bit 1) switching one card, exact. fees[k]: the fee of k cards, scaled like the nets (n_fees =
 * CS_SWITCH_BOUND_SIZES, fees[0] unused), each within 0 .. CS_SWITCH_BOUND_LIMIT, as the nets (else
 * CS_E_ARG, CS_E_OVERFLOW). undecided[k] (n_counts = CS_SWITCH_BOUND_SIZES): the situations, of
 * 4 x C(51, 5) an up rank, where some switch of k cards is not excluded (its bound is above that
 * best); undecided[0]: where any size is not; pairs[k]: the (situation, discard set) pairs not
 * excluded. list (optional, max_list entries of 8 bytes): the first of those pairs, the five cards
 * ascending, the up card, the discard set (bit i: the i-th card), its size; *n_list: how many there
 * were in all. Where undecided[0] = 0, the game with every size allowed is the one-card game. */
enum { CS_SWITCH_BOUND_SIZES = 6, CS_SWITCH_BOUND_LIMIT = 1048576 };
/* five (optional; the fees must allow five cards, else CS_E_ARG): the five-card switch (a raise
 * forced) counted exactly instead of bounded, in every situation, and the game counted with it: each
 * situation stands, switches one card or switches all five, whichever is worth the most (ties: fewer
 * cards), the sizes 2 to 4 bounded against that best. stand, one, choices: as cs_switch_game's out[0],
 * out[1] and choices, over the situations that do not switch five; five_situations and
 * five_by_category (the hand's category) those that do, weighted 4 a hand (the up card's suits);
 * five_sum_hi, five_sum_lo: the high and low 64 bits of the sum over them of the switch's value, the fee
 * included, over C(46, 5) x C(41, 4) deals, scaled like the nets (a 128-bit integer). */
typedef struct {
    cs_totals stand;
    cs_totals one;
    uint64_t choices[43];
    uint64_t five_situations;
    uint64_t five_by_category[10];
    int64_t five_sum_hi;
    uint64_t five_sum_lo;
} cs_switch_five_game;
int cs_switch_bounds(uint16_t qualifier, const cs_nets *nets, const int64_t *fees, size_t n_fees, uint32_t sizes,
                     uint32_t up_ranks, uint32_t flags, uint32_t threads, uint64_t *undecided, uint64_t *pairs,
                     size_t n_counts, uint8_t *list, size_t max_list, size_t *n_list, cs_switch_five_game *five);

/* The bought sixth card (Oasis "Nicaragua" tables, Russian and Lunar Poker), one situation: for each
 * of the 46 unseen cards the player holds six and plays the best five; the dealer's four hole cards
 * come from the 45 left. out gets the deal counts under the best decision (flags: CS_RAISE_ON_TIE) by
 * the final hand's category; raise_situations and indifferent_situations count replacements;
 * total_weight = 46 x C(45, 4). The fee is the caller's to price (it does not change the counts). */
int cs_buy_sixth(const uint8_t *player, uint8_t up, uint16_t qualifier, const cs_nets *nets, uint32_t flags,
                 cs_totals *out);

/* The bought sixth card, the whole game, exact: in each situation the player stands or buys a sixth
 * card for fee (scaled like the nets, 0 .. 2^36; nets within +-2^36), whichever is worth more (ties:
 * standing), then raises or folds as the nets decide. up_ranks, out, choices as cs_switch_game's,
 * with out[1] the situations that buy (each of its 46 replacements x C(45, 4) completions, weight 1)
 * and choices[c * 3 + 2] the situations that buy, choices[30 + r] those that buy beside an up card of
 * rank r; out[1].indifferent_situations: the situations where buying equals standing (they stand). */
int cs_sixth_game(uint16_t qualifier, const cs_nets *nets, int64_t fee, uint32_t up_ranks, uint32_t flags,
                  uint32_t threads, cs_totals *out, size_t n_out, uint64_t *choices, size_t n_choices);

/* The bought sixth card under GIVEN choices (a buying strategy, e.g. a rule card's) instead of the best:
 * the counts of cs_sixth_game (no fee: the counts do not depend on it), each situation buying where
 * given says 1 and standing where 0 (else CS_E_ARG, checked before any work), laid out as
 * cs_switch_game_given's choices (CS_SWITCH_GAME_HANDS bytes per up rank asked, in increasing rank
 * order); out[1].indifferent_situations is 0. */
int cs_sixth_game_given(uint16_t qualifier, const cs_nets *nets, uint32_t up_ranks, uint32_t flags, uint32_t threads,
                        const uint8_t *given, size_t n_given, cs_totals *out, size_t n_out, uint64_t *choices,
                        size_t n_choices);

/* The draw that switches one card or buys a sixth card, the whole game, exact: in each situation the
 * player stands, switches the one card worth the most (switch_fee) or buys (buy_fee), whichever is
 * worth the most (ties: standing, then switching, then buying), then raises or folds as the nets
 * decide. Fees scaled like the nets (0 .. 2^36; nets within +-2^36). up_ranks as cs_switch_game's;
 * out (n_out = 3): the situations that stand, switch and buy, as cs_switch_game's and cs_sixth_game's.
 * choices (n_choices = CS_DRAW_GAME_CHOICE_CELLS): by the hand's category c, choices[c * 4] stand
 * and fold, [c * 4 + 1] stand and raise, [c * 4 + 2] switch, [c * 4 + 3] buy; choices[40 + r] the
 * situations that switch a card of rank r; choices[53 + r] those that buy beside an up card of rank r. */
enum { CS_DRAW_GAME_CHOICES = 4, CS_DRAW_GAME_CHOICE_CELLS = 66 };
int cs_draw_game(uint16_t qualifier, const cs_nets *nets, int64_t switch_fee, int64_t buy_fee, uint32_t up_ranks,
                 uint32_t flags, uint32_t threads, cs_totals *out, size_t n_out, uint64_t *choices, size_t n_choices);

/* Russian Poker (Lunar Poker, Royal Poker), one situation, exact (switch_russian.c). The rules as
 * integers, every money figure scaled by the caller's common denominator ("scaled"):
 *   pay[c]: the bet's pay to 1 of combination c (CS_RU_ACE_KING, then CS_PAIR .. CS_ROYAL_FLUSH of
 *     enum cs_category), scaled, 0 .. 2^24; doubles[c]: bit k set when a first combination c is also
 *     paid for a second combination k (at least one of its cards not in the first); a hand is paid
 *     the best such pair (or its first alone);
 *   bet: the bet in antes (1 .. 10); a win pays ante_win + bet x pay; a loss is lose; a tie 0; fold
 *     is fold; a dealer who does not qualify pays no_qualify (the bet returned);
 *   buying the game (flags CS_RU_BUY_GAME): seeing the dealer's hand when it does not qualify the
 *     player pays game_fee and the dealer replaces a card (replace: CS_RU_HIGHEST, CS_RU_LOWEST of
 *     his five, or CS_RU_SIXTH: draws a sixth and plays the best five) by one of the cards left
 *     (CS_RU_REDRAW: a card of the replaced card's rank is drawn again); the hand is then settled
 *     as usual, game_no_qualify if the dealer still does not qualify;
 *   CS_RU_STRAIGHT_PAIR: a second straight of the same ranks as the first is paid as a pair (with the
 *     first, whatever doubles says);
 *   insurance (flags CS_RU_INSURANCE): a played final hand of three of a kind or better may insure
 *     against the dealer not qualifying, up to bet x its pay, paid 1:1 when the dealer as dealt does
 *     not qualify and lost when he does; insured in full where that is worth more than nothing.
 *   two flags for checks, each giving the same integers: CS_RU_VISIT visits every dealer hand that
 *     does not qualify one by one; CS_RU_SLICED sums them bit-sliced (csrc/sliced.h) wherever that
 *     holds, however few final hands are asked (by default only from a three-card exchange's number).
 * Nets within +-2^24 (else CS_E_OVERFLOW), qualifier 0 .. CS_NUM_VALUES. */
enum cs_russian_constants { CS_RU_ACE_KING = 0, CS_RU_COMBINATIONS = 10, CS_RU_OPTIONS = 33 };
enum cs_russian_flags { CS_RU_BUY_GAME = 1, CS_RU_STRAIGHT_PAIR = 2, CS_RU_REDRAW = 4, CS_RU_INSURANCE = 8,
                        CS_RU_VISIT = 16, CS_RU_SLICED = 32 };
enum cs_russian_replace { CS_RU_HIGHEST = 0, CS_RU_LOWEST = 1, CS_RU_SIXTH = 2 };
typedef struct {
    int64_t pay[10];
    uint16_t doubles[10];
    int64_t bet, ante_win, lose, fold, no_qualify, game_fee, game_no_qualify;
    uint16_t qualifier;
    uint32_t replace, flags;
} cs_russian_rules;

/* One option of one hand: sums over its final hands (replacement sets) of the better of playing and
 * folding (best) and of playing (play), each a 128-bit integer (hi x 2^64 + lo) in units of
 * 1 / (scale x unit) ante: unit = L x the dealer completions of one final hand, L the common
 * denominator of buying the game's replacement cards. hands: final hands; raise_hands: those after
 * which playing is worth more than folding; indifferent_hands: as much; insured_hands: those played
 * and insured (CS_RU_INSURANCE). */
typedef struct {
    int64_t best_hi;
    uint64_t best_lo;
    int64_t play_hi;
    uint64_t play_lo;
    uint64_t hands, raise_hands, indifferent_hands, unit, insured_hands;
} cs_russian_option;

/* Every option asked of one situation: out[d] (d in set_mask, 0 .. 31: discard set d discards
 * player[i] for each bit i; d = 0 is playing the hand as dealt) and out[32] when sixth is 1 (a sixth
 * card bought; he plays his six). n_out = CS_RU_OPTIONS; entries not asked are zero. */
int cs_russian_options(const uint8_t *player, uint8_t up, const cs_russian_rules *rules, uint32_t set_mask,
                       uint32_t sixth, uint32_t threads, cs_russian_option *out, size_t n_out);

/* The pay of a final hand of n = 5 or 6 cards (scaled) and its first and second combinations
 * (CS_RU_ACE_KING .. CS_ROYAL_FLUSH; 255: none) under the rules' pays and doubles. */
int cs_russian_pay(const uint8_t *cards, uint32_t n, const cs_russian_rules *rules, int64_t *pay, uint8_t *first,
                   uint8_t *second);

/* Buying the game against one dealer hand: the player's final cards (n_player = 5 or 6), the cards
 * out of play (dead: his discards, n_dead 0 .. 5), the dealer's five (up card included). counts[0 .. 3]:
 * the replacement cards after which the dealer does not qualify, the player wins, ties, loses;
 * counts[4]: the cards that may come (their sum); counts[5]: the card replaced (52: none, the sixth
 * rule); counts[6]: whether the dealer qualifies as dealt (then the counts are zero). */
int cs_russian_buy_game(const uint8_t *player, uint32_t n_player, const uint8_t *dead, uint32_t n_dead,
                        const uint8_t *dealer, const cs_russian_rules *rules, int64_t *counts, size_t n_counts);

/* Six cards: the best five-card category (5+1 Bonus), over every set. */
int cs_evaluate6(const uint8_t *cards, uint16_t *value, uint8_t *category);
int cs_six_card_counts(uint64_t *counts10);

/* The core's version: *abi = CS_ABI_VERSION of the build. The Python side checks it at import, so
 * that a stale build (an old compiled core beside newer Python) says so in one line. */
int cs_version(uint32_t *abi);

/* Layouts (enum cs_layout): where an entry sits in the tables the core fills. Each checks its
 * arguments (CS_E_ARG when one is out of range, CS_E_NULL for a NULL output). */
/* The chart cell of a rank pattern (< CS_NUM_RANK_PATTERNS), flush (0/1), up rank (< 13) and the
 * player's cards of the up card's suit (< CS_CHART_SUIT_COUNTS). */
int cs_chart_cell(uint32_t pattern, uint32_t flush, uint32_t up_rank, uint32_t up_suit_cards, uint32_t *cell);
/* The seen-card chart cell of a class (< CS_SEEN_CLASSES), the up card's and the seen card's ranks. */
int cs_seen_chart_cell(uint32_t cls, uint32_t up_rank, uint32_t seen_rank, uint32_t *cell);
/* The lane of cs_solve_seen_k1's decision table of two dealer ranks low <= high of two suits
 * (suited = 0, suit_set 0), or of one suit (suited = 1: low < high) in which the player holds the
 * ranks of suit_set (< 32). */
int cs_seen_decision_lane(uint32_t low, uint32_t high, uint32_t suited, uint32_t suit_set, uint32_t *lane);
/* The player class (enum cs_layout) of every hand value: n = CS_NUM_VALUES. */
int cs_seen_classes(uint8_t *classes, size_t n);
/* With k = 1 .. 3 hole cards seen: the rank multisets of the k + 1 known cards, C(13 + k, k + 1)
 * (91, 455, 1,820), and the chart cell of a class and those k + 1 ranks (any order). */
int cs_seen_set_lanes(uint32_t k, uint32_t *lanes);
int cs_seen_set_cell(uint32_t k, uint32_t cls, const uint8_t *ranks, uint32_t *cell);
/* cdef-end */

#ifdef __cplusplus
}
#endif
#endif
