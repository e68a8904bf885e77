/* internal.h - shared tables and helpers of the C core (not part of the public API).
 * Each group names the file that owns it; small hot helpers are static inline here. */
#ifndef CARIBBEAN_INTERNAL_H
#define CARIBBEAN_INTERNAL_H

#include <stdlib.h>
#include <string.h>

#include "caribbean.h"
#include "testing.h"

/* ---- core.c: checks, suit symmetry, threads (core.c calls no other file) ----------------- */

/* Cards 0..51, no repeats (also against the cards already in *mask, which gets them added);
 * cards may be NULL when n = 0. */
int cs__check_cards(const uint8_t *cards, uint32_t n, uint64_t *mask);
/* Every net within +-limit, else CS_E_OVERFLOW. CS__NET_LIMIT keeps raise minus fold exact in
 * 64 bits (see cs__margin). */
#define CS__NET_LIMIT ((int64_t)1 << 40)
int cs__check_nets(const cs_nets *nets, int64_t limit);
/* The player's five cards and the up card: each valid, all different (added to *mask). */
int cs__check_situation(const uint8_t *player, uint8_t up, uint64_t *mask);
/* Suit symmetry: a hand is canonical iff its suit masks are non-increasing; the weight is the
 * size of its suit orbit (24 / product of factorials of equal masks), 0 if not canonical. */
int cs__canonical_weight(const uint8_t *cards5);
/* The suit permutation taking a hand to its canonical form: perm[old suit] = new suit. */
void cs__canonical_perm(const uint8_t *cards5, uint8_t *perm);
/* Run fn on each of threads jobs (job_size bytes apart, the first at jobs): jobs 1 .. threads - 1
 * on threads of their own, job 0 on the caller's; a job whose thread cannot start runs on the
 * caller's too. Returns when all are done. */
void cs__parallel(void *(*fn)(void *), void *jobs, size_t job_size, uint32_t threads);

/* The vector paths: on x86-64 with GCC or Clang (CS__X86_64), functions compiled for AVX2 are
 * picked at run time when the CPU has it. */
#if defined(__x86_64__) && defined(__GNUC__)
#define CS__X86_64 1
static inline int cs__have_avx2(void)
{
    return __builtin_cpu_supports("avx2") != 0; /* a load of libgcc's cpu model, no state here */
}
#else
#define CS__X86_64 0
static inline int cs__have_avx2(void)
{
    return 0;
}
#endif

/* Five cards (or ranks) in increasing order, in place. */
static inline void cs__sort5(uint8_t *c)
{
    for (int i = 1; i < 5; i++) {
        uint8_t x = c[i];
        int j = i - 1;
        while (j >= 0 && c[j] > x) {
            c[j + 1] = c[j];
            j--;
        }
        c[j + 1] = x;
    }
}

/* ---- evaluate.c: the five-card evaluator and its tables ------------------------------ */

/* Builds every table below once (thread-safe); CS_OK or why not. */
int cs__ensure_tables(void);
/* Builds them all but cs__value5 (thread-safe, once): enough for cs__value_small. */
int cs__ensure_small_tables(void);
/* The checks of a function of n cards giving a value and a category (cs_evaluate5/6): pointers,
 * cards, and the tables built. */
int cs__check_value_args(const uint8_t *cards, uint32_t n, const uint16_t *value, const uint8_t *category);
/* The preamble of a function that fills a caller's table: out not NULL, n == expected, the
 * tables built; cs__counts_out also sets the n counts to 0. */
int cs__table_out(const void *out, size_t n, size_t expected);
int cs__counts_out(uint64_t *counts, size_t n, size_t expected);

/* binom[n][k] = C(n, k) for n <= 52, k <= 6. */
extern uint32_t cs__binom[53][7];
/* binom_t[k][n] = C(n, k): the transpose, for loops over n. */
extern uint32_t cs__binom_t[7][53];
/* Value of every five-card hand, indexed by its colex index
 * C(c0,1) + C(c1,2) + C(c2,3) + C(c3,4) + C(c4,5) with c0 < c1 < ... < c4. */
extern uint16_t *cs__value5;
/* Category of every value. */
extern uint8_t cs__value_cat[CS_NUM_VALUES];
/* The ranks of every value, ascending, and whether it is a flush (flush or straight flush). */
extern uint8_t cs__value_ranks[CS_NUM_VALUES][5];
extern uint8_t cs__value_flush[CS_NUM_VALUES];
/* Rank pattern index (cs_rank_pattern) of every rank key (cs__rank_key); -1 for five of a kind. */
extern int16_t *cs__pattern_of_key;

uint16_t cs__value_of(const uint8_t *cards5);  /* any order; tables must be built */
uint16_t cs__value_of6(const uint8_t *cards6); /* the best five of six, any order (evaluate6.c) */
/* The same value from the small tables (cs__ensure_small_tables), without cs__value5: a few
 * look-ups more, for the calls that would otherwise build the 5 MB table for one hand. */
uint16_t cs__value_small(const uint8_t *cards5);

static inline uint32_t cs__colex5(const uint8_t *s) /* s sorted ascending */
{
    return cs__binom[s[0]][1] + cs__binom[s[1]][2] + cs__binom[s[2]][3]
         + cs__binom[s[3]][4] + cs__binom[s[4]][5];
}

/* Whether five cards are all of one suit. */
static inline int cs__one_suit5(const uint8_t *c)
{
    const int s = c[0] & 3;
    return (c[1] & 3) == s && (c[2] & 3) == s && (c[3] & 3) == s && (c[4] & 3) == s;
}

/* The rank key of five ranks r0 <= ... <= r4: the base-13 number r4 r3 r2 r1 r0, 0 .. 13^5 - 1
 * (in int: as an index it measured faster than in uint32_t). */
#define CS__RANK_KEYS 371293 /* 13^5 */
static inline int cs__rank_key(const uint8_t *r)
{
    return (((r[4] * 13 + r[3]) * 13 + r[2]) * 13 + r[1]) * 13 + r[0];
}

/* Rank multisets. There are C(12 + k, k) multisets of k ranks (at most four of a rank or not):
 * 1, 13, 91, 455, 1820, 6188 for k = 0 .. 5. The multiset s0 <= s1 <= ... <= s(k-1) has the
 * index sum of C(s_j + j, j + 1), 0 .. C(12 + k, k) - 1. */
enum { CS__MSETS3 = 455, CS__MSETS4 = 1820, CS__MSETS5 = 6188 };
static inline uint32_t cs__mset_index(const uint8_t *s, int k)
{
    uint32_t m = 0;
    for (int j = 0; j < k; j++)
        m += cs__binom_t[j + 1][s[j] + j];
    return m;
}

/* Rows of counters by rank multiset, those of 0 ranks first, then 1, 2, ...: the first row of
 * the multisets of k ranks (0, 1, 14, 105, 560, 2380 for k = 0 .. 5; so cs__mset_rows_below(k)
 * rows hold the multisets of fewer than k ranks), and the row of the multiset s of k ranks. */
static inline uint32_t cs__mset_rows_below(int k)
{
    static const uint32_t first[6] = {0, 1, 14, 105, 560, 2380};
    return first[k];
}

static inline uint32_t cs__mset_row(const uint8_t *s, int k)
{
    return cs__mset_rows_below(k) + cs__mset_index(s, k);
}

/* The value of every multiset of five ranks (by cs__mset_index) in a hand not all of one suit
 * ([0]) and in a flush ([1]); CS__NO_VALUE where there is no such hand (five of a kind; a
 * flush with a repeated rank). */
#define CS__NO_VALUE 0x7fff /* above every value and every threshold, also as an int16_t */
extern uint16_t cs__mset_value[2][CS__MSETS5];

/* A sub-multiset T of a value's ranks (each once: of equal ranks, the first positions): its
 * ranks ascending, its size k, and how many hands of that value hold a given set of cards with
 * these ranks when they are not all of one suit (plain; for k = 1, any one card) and when
 * they are (suited: distinct ranks; the same as plain for k = 1 or a repeated rank). */
typedef struct {
    uint8_t ranks[5];
    int k;
    int32_t plain, suited;
} cs__subset;
/* The sub-multisets (at most 31, none empty) of value v; returns how many. Tables must be built. */
int cs__value_subsets(uint16_t v, cs__subset *out);

/* One term of an inclusion-exclusion sum over sub-multisets: out[l] += row[l] for l < n, or
 * -= when the term is odd (a sub-multiset of an odd number of ranks). */
static inline void cs__add_term(int32_t *out, const int32_t *row, unsigned n, int odd)
{
    if (odd)
        for (unsigned l = 0; l < n; l++)
            out[l] -= row[l];
    else
        for (unsigned l = 0; l < n; l++)
            out[l] += row[l];
}

/* One term of a sum over subsets, alone: out[l] = row[l] for l < n, or -row[l] when odd. */
static inline void cs__set_term(int32_t *out, const int32_t *row, unsigned n, int odd)
{
    if (odd)
        for (unsigned l = 0; l < n; l++)
            out[l] = -row[l];
    else
        memcpy(out, row, n * sizeof *out);
}

/* Subset sums in place: out holds 2^nd rows of n terms, row m the term of the subset m of nd
 * things; afterwards row m is the sum of the terms of every subset of m (the corrections of every
 * set Q of a player's suited ranks at once). */
static inline void cs__subset_sums(int32_t *out, int nd, unsigned n)
{
    const unsigned sets = 1u << nd;
    for (int i = 0; i < nd; i++)
        for (unsigned m = 0; m < sets; m++)
            if (m >> i & 1) {
                int32_t *o = out + (size_t)m * n;
                const int32_t *from = out + (size_t)(m ^ (1u << i)) * n;
                for (unsigned l = 0; l < n; l++)
                    o[l] += from[l];
            }
}

/* Totals b added into a (a thread's into the call's), field by field. */
static inline void cs__totals_add(cs_totals *a, const cs_totals *b)
{
    for (int k = 0; k < CS_NUM_CATEGORIES; k++) {
        a->fold[k] += b->fold[k];
        a->not_qualify[k] += b->not_qualify[k];
        a->win[k] += b->win[k];
        a->tie[k] += b->tie[k];
        a->lose[k] += b->lose[k];
    }
    a->raise_situations += b->raise_situations;
    a->indifferent_situations += b->indifferent_situations;
    a->total_weight += b->total_weight;
}

/* A class of situations tallied into t by its decision: when it raises (raise != 0), w times its
 * outcome counts (nq, win, tie, lose) go to the raise's outcomes and situations to the raise
 * situations, else its deals to the fold; its deals to the total either way. The one tally of the
 * solvers that decide a class (cs__tally below; switch_*.c with their own decisions). */
static inline void cs__tally_outcome(cs_totals *t, int cat, int raise, uint64_t w, int64_t nq, int64_t win,
                                     int64_t tie, int64_t lose, uint64_t situations, uint64_t deals)
{
    if (raise) {
        t->not_qualify[cat] += w * (uint64_t)nq;
        t->win[cat] += w * (uint64_t)win;
        t->tie[cat] += w * (uint64_t)tie;
        t->lose[cat] += w * (uint64_t)lose;
        t->raise_situations += situations;
    } else {
        t->fold[cat] += deals;
    }
    t->total_weight += deals;
}

/* One class of situations decided by its exact raise margin d (> 0 raise; 0 either way: a raise with
 * CS_RAISE_ON_TIE in flags), tallied into t: w times its outcome counts (nq, win, tie, lose) go to
 * the raise's outcomes, or its deals to the fold; situations is what the class counts as raise
 * (and indifferent) situations, deals its deals. Returns whether it raises. */
static inline int cs__tally(cs_totals *t, int cat, int64_t d, uint32_t flags, uint64_t w, int64_t nq, int64_t win,
                            int64_t tie, int64_t lose, uint64_t situations, uint64_t deals)
{
    if (d == 0)
        t->indifferent_situations += situations;
    const int raise = d > 0 || (d == 0 && (flags & CS_RAISE_ON_TIE));
    cs__tally_outcome(t, cat, raise, w, nq, win, tie, lose, situations, deals);
    return raise;
}

/* The ranks s[0 .. k) but those at positions i and j (j < 0: only i), in order, into rest. */
static inline void cs__ranks_without(const uint8_t *s, int k, int i, int j, uint8_t *rest)
{
    int o = 0;
    for (int y = 0; y < k; y++)
        if (y != i && y != j)
            rest[o++] = s[y];
}

/* ---- layouts (enum cs_layout; exported, with argument checks, by layout.c) ------------------ */

/* The chart cell of (pattern, flush, up rank, player's cards of the up card's suit). */
static inline uint32_t cs__chart_cell(uint32_t pattern, uint32_t flush, uint32_t up_rank, uint32_t match)
{
    return ((pattern * 2 + flush) * CS_NUM_RANKS + up_rank) * CS_CHART_SUIT_COUNTS + match;
}

/* The player class of the seen-card charts of a hand of category cat and ranks r (ascending). */
static inline int cs__seen_class(int cat, const uint8_t *r)
{
    if (cat > 0)
        return cat + 1;
    return r[4] == 12 && r[3] == 11; /* high card: A-K high */
}

/* The seen-card chart cell of (class, up rank, seen rank). */
static inline size_t cs__seen_chart_cell(unsigned cls, unsigned up_rank, unsigned seen_rank)
{
    return ((size_t)cls * CS_NUM_RANKS + up_rank) * CS_NUM_RANKS + seen_rank;
}

/* Decision lanes: two dealer ranks a <= b of two suits; a < b of one suit with the player's suit set m. */
static inline unsigned cs__seen_pair_lane(unsigned a, unsigned b)
{
    return b * (b + 1) / 2 + a;
}

static inline unsigned cs__seen_suited_lane(unsigned m, unsigned a, unsigned b)
{
    return CS_SEEN_RANK_PAIRS + m * CS_SEEN_SUITED_PAIRS + b * (b - 1) / 2 + a;
}

/* ---- the raise decision (used by game.c, seen.c, sample.c) ---------------------------------------- */

/* Raising minus folding in one situation, in nets x completions, as a linear form of its counts
 * (lose = completions - nq - win - tie):
 *     raise - fold = nq (NQ - L) + win (W - L) + tie (T - L) + completions (L - F).
 * Exact in 64 bits: with the nets within CS__NET_LIMIT = 2^40 each coefficient is within 2^41,
 * and with at most 163,185 < 2^17.4 completions each product is below 2^58.4, the sum below 2^61. */
typedef struct {
    int64_t nq, win, tie, base;
} cs__margin;

/* The coefficients for a player hand of category cat. */
static inline cs__margin cs__margin_of(const cs_nets *nets, int cat, uint64_t completions)
{
    cs__margin c;
    c.nq = nets->not_qualify - nets->lose;
    c.win = nets->win[cat] - nets->lose;
    c.tie = nets->tie - nets->lose;
    c.base = (int64_t)completions * (nets->lose - nets->fold);
    return c;
}

/* Raise minus fold: > 0 raise, < 0 fold, 0 indifferent. */
static inline int64_t cs__raise_margin(cs__margin c, int64_t nq, int64_t win, int64_t tie)
{
    return c.nq * nq + c.win * win + c.tie * tie + c.base;
}

/* ---- ties (used by game.c, seen.c) --------------------------------------------------------------- */

/* The rank counts of a player hand: how many cards of each rank, how many ranks it holds
 * once, and its largest group. */
typedef struct {
    uint8_t mult[13];
    uint8_t singles, most;
} cs__rank_counts;

static inline void cs__rank_counts_of(const uint8_t *ranks5, cs__rank_counts *rc)
{
    for (int r = 0; r < 13; r++)
        rc->mult[r] = 0;
    for (int i = 0; i < 5; i++)
        rc->mult[ranks5[i]]++;
    rc->singles = rc->most = 0;
    for (int r = 0; r < 13; r++) {
        rc->singles += rc->mult[r] == 1;
        rc->most = rc->mult[r] > rc->most ? rc->mult[r] : rc->most;
    }
}

/* Ties in closed form: the dealer hands with the value of the player's hand P (P's ranks, a
 * flush iff P is one) that hold the dealer's known cards: n_known (1 to 4) cards not in P, of
 * ranks known[] (equal ranks next to each other); p_lacks_suit: the known cards are all of one
 * suit and P holds no card of it.
 *   Every known card must be one of the dealer's cards of P's ranks (no more of a rank than P
 * holds). A flush P ties only with the flush of P's ranks in a suit P lacks. Otherwise P has no
 * more than two of a rank (three or four leave too few cards), and each rank of P not among the
 * known cards takes its m cards from the 4 - m suits P left: C(3, 1) = 3 ways for a single,
 * C(2, 2) = 1 for a pair (for a known card's rank the rest is forced); less the one flush among
 * them when P's five ranks are distinct and the known cards are of a suit P lacks. */
static inline uint32_t cs__ties(const cs__rank_counts *p, int flush, const uint8_t *known, int n_known,
                                int p_lacks_suit)
{
    static const uint32_t pow3[6] = {1, 3, 9, 27, 81, 243};
    int singles_known = 0, repeats = 0;
    for (int i = 0; i < n_known; i++) {
        repeats = i > 0 && known[i] == known[i - 1] ? repeats + 1 : 0; /* earlier known of this rank */
        if (p->mult[known[i]] <= repeats)
            return 0;
        singles_known += p->mult[known[i]] == 1;
    }
    if (flush)
        return p_lacks_suit != 0;
    if (p->most > 2)
        return 0;
    return pow3[p->singles - singles_known] - (p->singles == 5 && p_lacks_suit);
}

/* ---- the value sweep (seen.c, sorted.c) --------------------------------------------------------
 *
 * Both count the dealer hands by one sweep over the values in increasing order: counters b (the hands
 * holding a set T = S + A not all of one suit, or of one card) and d (suited minus not suited), a row
 * per rank multiset S of 0 to nu ranks (cs__mset_row) and n lanes a row (what A is: the solver's). A
 * copy taken at the qualifier answers "does not qualify", the running counts "below the player"; a
 * player value reads the suit-blind sum over the subsets of its cards and the corrections of every
 * set Q of its ranks in one suit, then decides its classes. */

typedef struct {
    int32_t *b, *d;
} cs__counters;

/* b and d of cells = rows x lanes each, zeroed, in one block (free b). */
static inline int cs__counters_alloc(cs__counters *c, size_t cells)
{
    c->b = calloc(2 * cells, sizeof *c->b);
    c->d = c->b ? c->b + cells : NULL;
    return c->b ? CS_OK : CS_E_NOMEM;
}

/* The suit-blind part for a player of ranks r: the sum over the subsets S of P's cards, |S| <= nu,
 * of (-1)^|S| b(S), n lanes. The two reads are static, not inline: the compiler keeps them apart as it
 * did in each file (inlined into seen.c's deciding they cost it 3%); unused where no file calls them. */
static __attribute__((unused)) void cs__read_blind(const cs__counters *ct, uint32_t n, int nu, const uint8_t *r, int32_t *out)
{
    memset(out, 0, n * sizeof *out);
    for (unsigned mask = 0; mask < 32; mask++) {
        if (__builtin_popcount(mask) > nu)
            continue;
        uint8_t s[5];
        int k = 0;
        for (int i = 0; i < 5; i++)
            if (mask >> i & 1)
                s[k++] = r[i];
        cs__add_term(out, ct->b + (size_t)cs__mset_row(s, k) * n, n, k & 1);
    }
}

/* The corrections for the known cards all of one suit in which P holds the ranks Q (a mask over P's
 * nd distinct ranks dr), every Q at once (2^nd rows of n lanes): the sum over S subset of Q, |S| <= nu,
 * of (-1)^|S| d(S). */
static __attribute__((unused)) void cs__read_suited(const cs__counters *ct, uint32_t n, int nu, const uint8_t *dr,
                                                     int nd, int32_t *out)
{
    const unsigned sets = 1u << nd;
    for (unsigned m = 0; m < sets; m++) {
        int32_t *o = out + (size_t)m * n;
        if (__builtin_popcount(m) > nu) { /* more cards of one suit than the dealer's unknown ones */
            memset(o, 0, n * sizeof *o);
            continue;
        }
        uint8_t s[5];
        int k = 0;
        for (int i = 0; i < nd; i++)
            if (m >> i & 1)
                s[k++] = dr[i];
        cs__set_term(o, ct->d + (size_t)cs__mset_row(s, k) * n, n, k & 1);
    }
    cs__subset_sums(out, nd, n);
}

/* A player value v: its ranks, category, seen-card chart class (cs__seen_class), rank counts,
 * distinct ranks dr (ascending; Q is a mask over them), Q as a mask over the 13 ranks, the hands
 * of value v and cnt[Q], the (hand, suit) pairs whose cards of that suit have the ranks Q. */
typedef struct {
    uint16_t v;
    const uint8_t *ranks;
    int flush, cat, cls;
    cs__rank_counts rc;
    uint8_t dr[5];
    int nd;
    unsigned n_sets;
    uint16_t rank_bits[32];
    uint64_t hands, cnt[32];
} cs__player;

static inline void cs__player_of(uint16_t v, cs__player *p)
{
    p->v = v;
    p->ranks = cs__value_ranks[v];
    p->flush = cs__value_flush[v];
    p->cat = cs__value_cat[v];
    p->cls = cs__seen_class(p->cat, p->ranks);
    cs__rank_counts_of(p->ranks, &p->rc);
    p->nd = 0;
    for (int a = 0; a < 13; a++)
        if (p->rc.mult[a])
            p->dr[p->nd++] = (uint8_t)a;
    p->n_sets = 1u << p->nd;
    for (unsigned m = 0; m < p->n_sets; m++) {
        p->rank_bits[m] = 0;
        for (int i = 0; i < p->nd; i++)
            if (m >> i & 1)
                p->rank_bits[m] |= (uint16_t)(1u << p->dr[i]);
    }
    const unsigned full = p->n_sets - 1;
    const uint8_t *mult = p->rc.mult;
    if (p->flush) { /* the suit of the flush holds all ranks, the other three none */
        p->hands = 4;
        for (unsigned m = 0; m < p->n_sets; m++)
            p->cnt[m] = m == 0 ? 12 : m == full ? 4 : 0;
        return;
    }
    p->hands = 1;
    for (int i = 0; i < p->nd; i++)
        p->hands *= cs__binom[4][mult[p->dr[i]]];
    p->hands -= p->nd == 5 ? 4 : 0; /* the flushes */
    for (unsigned m = 0; m < p->n_sets; m++) {
        uint64_t c = 1;
        for (int i = 0; i < p->nd; i++)
            c *= cs__binom[3][mult[p->dr[i]] - (m >> i & 1)];
        if (p->nd == 5) /* less the flushes: in this suit (Q full) or in another (Q empty) */
            c -= m == full ? 1 : m == 0 ? 3 : 0;
        p->cnt[m] = 4 * c;
    }
}

/* The Q (mask over P's distinct ranks) of five cards' cards of one suit (a probe's player hand). */
static inline unsigned cs__suit_set(const cs__player *p, const uint8_t *cards5, unsigned suit)
{
    unsigned q = 0;
    for (int i = 0; i < 5; i++)
        if ((cards5[i] & 3u) == suit)
            for (int j = 0; j < p->nd; j++)
                if (p->dr[j] == cards5[i] >> 2)
                    q |= 1u << j;
    return q;
}

/* The probes (width cards each, the player's five first) listed by their player's value: head[v] the
 * first (-1: none), next[x] the one after probe x (-1: the last); each probe's per counts zeroed. */
static inline void cs__probes_by_value(const uint8_t *probes, size_t n_probes, uint32_t width, int32_t *head,
                                       int32_t *next, uint64_t *counts, size_t per)
{
    for (uint32_t v = 0; v < CS_NUM_VALUES; v++)
        head[v] = -1;
    for (size_t x = n_probes; x-- > 0;) {
        uint16_t v = cs__value_of(probes + width * x);
        memset(counts + per * x, 0, per * sizeof *counts);
        next[x] = head[v];
        head[v] = (int32_t)x;
    }
}

/* The sweep of one thread (tid of threads): every value v in increasing order is added to the running
 * counts (add); at the qualifier q the counts are copied (snapshot) and the values below it solved
 * against the copy (below_v 0), each value from q up against the copy and the counts below it
 * (below_v 1); each value is solved by one thread, the one of its turn (v mod threads). */
static inline void cs__value_sweep(void *job, uint16_t q, uint32_t tid, uint32_t threads, void (*snapshot)(void *),
                                   void (*solve)(void *, uint16_t v, int below_v), void (*add)(void *, uint16_t v))
{
    for (uint32_t v = 0; v <= CS_NUM_VALUES; v++) {
        if (v == q) {
            snapshot(job);
            for (uint32_t pv = tid; pv < q; pv += threads)
                solve(job, (uint16_t)pv, 0);
        }
        if (v == CS_NUM_VALUES)
            break;
        if (v >= q && v % threads == tid)
            solve(job, (uint16_t)v, 1);
        add(job, (uint16_t)v);
    }
}

/* ---- situation.c: one situation (also used by sample.c) ----------------------------- */

/* The value of the hand with the four ranks of multiset m (cs__mset_index) and a fifth card of
 * rank r: plain (not a flush) at cs__plain16[m * 16 + r], a flush at cs__flush16[m * 16 + r];
 * CS__NO_VALUE where impossible and in lanes 13 .. 15. Built by cs__ensure_deal_tables (which
 * also builds the evaluator's tables; thread-safe, once). */
extern uint16_t cs__plain16[CS__MSETS4 * 16];
extern uint16_t cs__flush16[CS__MSETS4 * 16];
int cs__ensure_deal_tables(void);

/* ---- game.c: the whole-game solver ---------------------------------------------------- */

uint16_t cs__solver_qualifier(const cs_solver *solver);

#endif
