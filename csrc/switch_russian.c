/* switch_russian.c - Russian Poker (Lunar Poker, Royal Poker): one situation, every draw option, exact
 * (cs_russian_options), a final hand's two-combination pay (cs_russian_pay) and buying the game
 * against one dealer hand (cs_russian_buy_game).
 *
 * A final hand H (the kept cards and a replacement set R of j cards from the 46 unseen, or the five
 * and a bought sixth, R = that card) meets every dealer completion T (4 of the 46 unseen, none in R).
 * A qualifying T is a win, tie or loss by value: counted by inclusion-exclusion over the subsets S of
 * R (T may hold no card of R), from tables built once per situation: the dealer hands below a
 * threshold, in all (cum0), holding a card (cum1), a pair (cum2), a triple (the 43 values of each) or
 * four (a look-up). A T that does not qualify pays no_qualify, or the player buys the game: the
 * dealer replaces a card by one of the cards left (the 42 unseen cards not in T, less R), each
 * counted; he buys when that is worth more (an exact integer comparison). Where buying cannot be
 * worth more for any dealer hand (its best outcome less the fee is at most no_qualify) the counts
 * alone decide; otherwise every non-qualifying T is visited, with the new dealer value of each of its
 * replacement cards read from a row built once per situation (48 lanes, compared 16 at a time), or,
 * where every non-qualifying dealer hand is high card, from bit masks of the replacement cards by what
 * the new dealer hand makes (popcounts; only the new hands of the final hand's own kind compared).
 * From a three-card exchange's number of final hands on, those dealer hands are instead summed
 * bit-sliced by family (ru_family, sliced.h): buying less taking is linear in what the replacement
 * set takes from each hand's sets of cards, so whole groups are skipped or summed by popcounts, and
 * only the hands whose new hands are compared card by card (straights, flushes, ace-king highs) are
 * visited.
 *
 * With the redraw rule the cards that may come differ by T (K of them, N - 3 .. N): each T's value
 * is brought to the common denominator L = lcm(N - 3 .. N), so every sum stays an integer. */
#include <stdlib.h>
#include <string.h>

#include "sliced.h"
#include "switch_internal.h"

#define RU_N 46              /* unseen cards: 52 - 5 - 1 */
#define RU_QUADS 163185u     /* C(46, 4) */
#define RU_PAIRS 1035u       /* C(46, 2) */
#define RU_TRIPLES 15180u    /* C(46, 3) */
#define RU_ROW 48            /* a replacement row: 46 positions, padded */
#define RU_NONE 0x7fff       /* no card: above every threshold */
#define RU_NET_LIMIT ((int64_t)1 << 24)
#define RU_NO_COMBO 255
#define RU_SLICED_FROM 15000u /* the families are built for this many final hands asked (a three-card
                               * exchange): they take about as long to build as a two-card exchange */

typedef __int128 ru_i128;

/* ---- the two combinations --------------------------------------------------------------------- */

typedef struct {
    uint8_t cat, mask, ranks; /* ranks: an index of the straight's top rank (straights only) */
} ru_inst;

/* The combinations found in cards[0 .. n) (n = 5 or 6): every subset that is one. */
static int ru_instances(const uint8_t *cards, uint32_t n, ru_inst *out)
{
    int k = 0;
    for (uint32_t m = 1; m < (1u << n); m++) {
        const int size = __builtin_popcount(m);
        if (size < 2 || size > 5)
            continue;
        uint8_t c[5];
        int o = 0;
        for (uint32_t i = 0; i < n; i++)
            if (m >> i & 1)
                c[o++] = cards[i];
        int cnt[13] = {0}, distinct = 0, most = 0;
        for (int i = 0; i < size; i++) {
            const int r = c[i] >> 2;
            distinct += cnt[r]++ == 0;
            most = cnt[r] > most ? cnt[r] : most;
        }
        if (size == 2) {
            if (distinct == 1)
                out[k++] = (ru_inst){CS_PAIR, (uint8_t)m, 0};
            else if (cnt[12] && cnt[11])
                out[k++] = (ru_inst){CS_RU_ACE_KING, (uint8_t)m, 0};
        } else if (size == 3) {
            if (distinct == 1)
                out[k++] = (ru_inst){CS_THREE_OF_A_KIND, (uint8_t)m, 0};
        } else if (size == 4) {
            if (distinct == 1)
                out[k++] = (ru_inst){CS_FOUR_OF_A_KIND, (uint8_t)m, 0};
            else if (distinct == 2 && most == 2)
                out[k++] = (ru_inst){CS_TWO_PAIR, (uint8_t)m, 0};
        } else {
            const uint16_t v = cs__value_of(c);
            const int cat = cs__value_cat[v];
            uint8_t top = 0;
            for (int i = 0; i < 5; i++)
                top = (uint8_t)((c[i] >> 2) > top ? (c[i] >> 2) : top);
            if (cat == CS_STRAIGHT_FLUSH || cat == CS_STRAIGHT || cat == CS_ROYAL_FLUSH) {
                const uint8_t key = (uint8_t)(cnt[12] && cnt[0] ? 3 : top); /* the wheel: 5-high */
                out[k++] = (ru_inst){CS_STRAIGHT, (uint8_t)m, key};
                if (cat != CS_STRAIGHT) {
                    out[k++] = (ru_inst){CS_FLUSH, (uint8_t)m, 0};
                    out[k++] = (ru_inst){(uint8_t)cat, (uint8_t)m, key};
                }
            } else if (cat == CS_FLUSH || cat == CS_FULL_HOUSE) {
                out[k++] = (ru_inst){(uint8_t)cat, (uint8_t)m, 0};
            }
        }
    }
    return k;
}

/* The pay (scaled) of a final hand of n cards, its first and second combinations. */
static int64_t ru_pay(const uint8_t *cards, uint32_t n, const cs_russian_rules *r, uint8_t *first, uint8_t *second)
{
    ru_inst in[200];
    const int k = ru_instances(cards, n, in);
    int top = -1;
    for (int i = 0; i < k; i++)
        top = in[i].cat > top ? in[i].cat : top;
    *first = *second = RU_NO_COMBO;
    if (top < 0)
        return 0;
    int64_t best = r->pay[top];
    *first = (uint8_t)top;
    for (int a = 0; a < k; a++) {
        if (in[a].cat != top)
            continue;
        for (int b = 0; b < k; b++) {
            if (!(in[b].mask & ~in[a].mask))
                continue;
            int cat = in[b].cat, paired = 0;
            if ((r->flags & CS_RU_STRAIGHT_PAIR) && cat == CS_STRAIGHT && in[a].ranks && in[b].ranks == in[a].ranks &&
                (top == CS_STRAIGHT || top == CS_STRAIGHT_FLUSH || top == CS_ROYAL_FLUSH)) {
                cat = CS_PAIR; /* the same ranks again: paid as a pair, with the straight */
                paired = 1;
            }
            if (!paired && !(r->doubles[top] >> cat & 1))
                continue;
            const int64_t p = r->pay[top] + r->pay[cat];
            if (p > best) {
                best = p;
                *second = (uint8_t)cat;
            }
        }
    }
    return best;
}

static int ru_check_rules(const cs_russian_rules *r)
{
    if (r->qualifier > CS_NUM_VALUES || r->bet < 1 || r->bet > 10 || r->replace > CS_RU_SIXTH ||
        (r->flags & ~(uint32_t)(CS_RU_BUY_GAME | CS_RU_STRAIGHT_PAIR | CS_RU_REDRAW | CS_RU_INSURANCE | CS_RU_VISIT |
                                CS_RU_SLICED)) ||
        ((r->flags & CS_RU_REDRAW) && r->replace == CS_RU_SIXTH))
        return CS_E_ARG;
    for (int c = 0; c < CS_RU_COMBINATIONS; c++)
        if (r->pay[c] < 0 || r->pay[c] > RU_NET_LIMIT || (r->doubles[c] >> CS_RU_COMBINATIONS))
            return r->pay[c] > RU_NET_LIMIT ? CS_E_OVERFLOW : CS_E_ARG;
    const int64_t nets[6] = {r->ante_win, r->lose, r->fold, r->no_qualify, r->game_fee, r->game_no_qualify};
    for (int i = 0; i < 6; i++)
        if (nets[i] > RU_NET_LIMIT || nets[i] < -RU_NET_LIMIT)
            return CS_E_OVERFLOW;
    return CS_OK;
}

/* The dealer's value after buying the game: his five cards d (no two of a rank where he replaces),
 * the replaced card's index in d (or 5 for the sixth-card rule) and the new card. */
static int ru_replaced(const uint8_t *d, uint32_t replace)
{
    if (replace == CS_RU_SIXTH)
        return 5;
    int at = 0;
    for (int i = 1; i < 5; i++) {
        const int hi = replace == CS_RU_HIGHEST;
        /* ties of rank (a low pair below the qualifier): the higher card number, then the first */
        if (hi ? d[i] > d[at] : d[i] < d[at])
            at = i;
    }
    return at;
}

static uint16_t ru_new_value(const uint8_t *d, int at, uint8_t card)
{
    if (at == 5) {
        const uint8_t six[6] = {d[0], d[1], d[2], d[3], d[4], card};
        return cs__value_of6(six);
    }
    uint8_t h[5];
    memcpy(h, d, 5);
    h[at] = card;
    return cs__value_of(h);
}

int cs_russian_pay(const uint8_t *cards, uint32_t n, const cs_russian_rules *rules, int64_t *pay, uint8_t *first,
                   uint8_t *second)
{
    if (!cards || !rules || !pay || !first || !second)
        return CS_E_NULL;
    if (n != 5 && n != 6)
        return CS_E_SIZE;
    uint64_t mask = 0;
    int st;
    if ((st = cs__check_cards(cards, n, &mask)) != CS_OK)
        return st;
    if ((st = ru_check_rules(rules)) != CS_OK)
        return st;
    if ((st = cs__ensure_tables()) != CS_OK)
        return st;
    *pay = ru_pay(cards, n, rules, first, second);
    return CS_OK;
}

int cs_russian_buy_game(const uint8_t *player, uint32_t n_player, const uint8_t *dead, uint32_t n_dead,
                        const uint8_t *dealer, const cs_russian_rules *rules, int64_t *counts, size_t n_counts)
{
    if (!player || !dealer || !rules || !counts || (n_dead && !dead))
        return CS_E_NULL;
    if ((n_player != 5 && n_player != 6) || n_dead > 5 || n_counts != 7)
        return CS_E_SIZE;
    uint64_t mask = 0;
    int st;
    if ((st = cs__check_cards(player, n_player, &mask)) != CS_OK || (st = cs__check_cards(dead, n_dead, &mask)) != CS_OK ||
        (st = cs__check_cards(dealer, 5, &mask)) != CS_OK)
        return st;
    if ((st = ru_check_rules(rules)) != CS_OK)
        return st;
    if ((st = cs__ensure_tables()) != CS_OK)
        return st;
    memset(counts, 0, n_counts * sizeof *counts);
    const uint16_t v = n_player == 6 ? cs__value_of6(player) : cs__value_of(player);
    const uint16_t w = cs__value_of(dealer);
    counts[5] = 52;
    if (w >= rules->qualifier) {
        counts[6] = 1;
        return CS_OK;
    }
    const int at = ru_replaced(dealer, rules->replace);
    if (at < 5)
        counts[5] = dealer[at];
    for (uint8_t c = 0; c < 52; c++) {
        if (mask >> c & 1)
            continue;
        if ((rules->flags & CS_RU_REDRAW) && (c >> 2) == (dealer[at] >> 2))
            continue;
        const uint16_t x = ru_new_value(dealer, at, c);
        counts[x < rules->qualifier ? 0 : x < v ? 1 : x == v ? 2 : 3]++;
        counts[4]++;
    }
    return CS_OK;
}

/* ---- one situation, every option -------------------------------------------------------------- */

/* The non-qualifying dealer hands as a final hand of one kind meets them: those each of whose new
 * hands is a win, a loss or still short by its kind alone, bit-sliced (sliced.h: A the replacement
 * cards that leave him short, B those after which he qualifies and the final hand wins), and the
 * others (list), some of whose new hands are compared by value, visited one by one. The kinds
 * (ru_mode): high card (B empty; listed: a new ace-king high), two pair and trips (B: below a
 * straight), full house and quads (below a straight flush), straight and flush (below a straight;
 * listed: a straight or flush among the new hands), and a pair of each rank P (below a pair, or a
 * pair below P; E: a new pair of P, keyed by its value, the kickers deciding; listed where its cards
 * make different hands). */
typedef struct {
    cs__sliced *s;
    uint32_t *list, n_list;
} ru_family;

enum { RU_FAM_HIGH, RU_FAM_TRIPS, RU_FAM_QUADS, RU_FAM_STRAIGHT, RU_FAM_PAIR, RU_FAMILIES = RU_FAM_PAIR + 13 };

typedef struct {
    uint8_t unseen[RU_N];
    uint8_t player[5], up;
    const cs_russian_rules *r;
    uint32_t *cum0;    /* [NT] */
    uint16_t *cum1;    /* [46][NT] */
    uint16_t *cum2;    /* [C(46, 2)][NT] */
    uint16_t *tri;     /* [C(46, 3)][43] */
    uint16_t *w4;      /* [C(46, 4)] */
    uint32_t n_nq;     /* the dealer hands that do not qualify: */
    uint64_t *nq_mask; /*   their cards (bits by position) */
    uint16_t *row;     /*   [n_nq][RU_ROW] the dealer's new value for each replacement card (RU_NONE: none) */
    uint8_t *kcnt;     /*   the cards that may come */
    uint8_t *nq0;      /*   those after which he still does not qualify (the hands in increasing nq0) */
    uint32_t nq_start[44]; /* the first hand of each nq0 (nq_start[43] = n_nq) */
    /* where every non-qualifying dealer hand is high card (fast), the replacement positions of each by
     * what the new hand is, so a final hand reads its counts as popcounts and compares only the new
     * hands of its own kind instead of the whole row (the new hand then holds at most a pair, whose
     * rank is the new card's, or a straight or flush; ru_nq_body's modes): */
    int fast;
    uint64_t *validm; /*   [n_nq] a card may come */
    uint64_t *nqm;    /*   he still does not qualify */
    uint64_t *lowp;   /*   below the least pair (not qualifying, or ace-king high) */
    uint64_t *pairm;  /*   a pair (of the new card's rank) */
    uint64_t *lowst;  /*   below the least straight */
    uint64_t *lowsf;  /*   below the least straight flush */
    uint64_t rank_below[14], rank_is[13]; /* the positions whose card's rank is below r, is r */
    /* the non-qualifying dealer hands bit-sliced by what a final hand of each kind meets (ru_family),
     * where the masks hold */
    ru_family fam[RU_FAMILIES];
    uint64_t finals; /* the final hands asked */
    uint32_t n_items;
    uint16_t items[(32 + 1) * RU_N];
    atomic_uint next;
} ru_ctx;

typedef struct {
    ru_ctx *c;
    ru_i128 best[CS_RU_OPTIONS], play[CS_RU_OPTIONS];
    uint64_t hands[CS_RU_OPTIONS], raise[CS_RU_OPTIONS], indifferent[CS_RU_OPTIONS], insured[CS_RU_OPTIONS];
    /* the pay of a five-card final hand by its value, as first needed (five cards hold the same
     * combinations wherever they have the same value: their ranks, and whether they are a flush) */
    int64_t pay5[NT];
    uint8_t pay5_known[NT];
} ru_job;

static inline uint32_t ru_pair(uint32_t a, uint32_t b) { return a + cs__binom[b][2]; }
static inline uint32_t ru_triple(uint32_t a, uint32_t b, uint32_t c) { return a + cs__binom[b][2] + cs__binom[c][3]; }
static inline uint32_t ru_quad(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    return a + cs__binom[b][2] + cs__binom[c][3] + cs__binom[d][4];
}

static void ru_sort(uint32_t *r, int j)
{
    for (int i = 1; i < j; i++)
        for (int k = i; k > 0 && r[k] < r[k - 1]; k--) {
            uint32_t x = r[k];
            r[k] = r[k - 1];
            r[k - 1] = x;
        }
}

/* The dealer hands holding no card of r[0 .. j) (ascending positions) with a value below t[0], t[1],
 * t[2] (n[0 .. 2]): by inclusion-exclusion over the subsets of r, each table read once for the three. */
static void ru_below3(const ru_ctx *c, const uint32_t *r, int j, const uint32_t t[3], int64_t n[3])
{
    for (int x = 0; x < 3; x++)
        n[x] = c->cum0[t[x]];
    for (int a = 0; a < j; a++) {
        const uint16_t *c1 = c->cum1 + (size_t)r[a] * NT;
        for (int x = 0; x < 3; x++)
            n[x] -= c1[t[x]];
        for (int b = a + 1; b < j; b++) {
            const uint16_t *c2 = c->cum2 + (size_t)ru_pair(r[a], r[b]) * NT;
            for (int x = 0; x < 3; x++)
                n[x] += c2[t[x]];
            for (int e = b + 1; e < j; e++) {
                const uint16_t *row = c->tri + (size_t)ru_triple(r[a], r[b], r[e]) * 43;
                int32_t k[3] = {0, 0, 0};
                for (int i = 0; i < 43; i++)
                    for (int x = 0; x < 3; x++)
                        k[x] += row[i] < t[x];
                for (int x = 0; x < 3; x++)
                    n[x] -= k[x];
                for (int f = e + 1; f < j; f++) {
                    const uint16_t w = c->w4[ru_quad(r[a], r[b], r[e], r[f])];
                    for (int x = 0; x < 3; x++)
                        n[x] += w < t[x];
                }
            }
        }
    }
}

/* Over the non-qualifying dealer hands that hold no card of r: the sum of the better of taking
 * no_qualify and buying the game, each brought to the denominator L. */
/* The replacement cards of a row below v and equal to v (RU_NONE is neither). */
static void ru_count_scalar(const uint16_t *row, uint16_t v, int64_t *lt, int64_t *eq)
{
    int64_t a = 0, e = 0;
    for (int k = 0; k < RU_ROW; k++) {
        a += row[k] < v;
        e += row[k] == v;
    }
    *lt = a;
    *eq = e;
}

#if CS__X86_64
#include <immintrin.h>
__attribute__((target("avx2"))) static inline void ru_count_avx2(const uint16_t *row, uint16_t v, int64_t *lt,
                                                                 int64_t *eq)
{
    const __m256i vv = _mm256_set1_epi16((short)v); /* values and v below 0x8000: signed compares hold */
    int a = 0, e = 0;
    for (int k = 0; k < RU_ROW; k += 16) {
        const __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(row + k));
        a += __builtin_popcount((unsigned)_mm256_movemask_epi8(_mm256_cmpgt_epi16(vv, x)));
        e += __builtin_popcount((unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi16(vv, x)));
    }
    *lt = a / 2; /* two mask bits a lane */
    *eq = e / 2;
}
#else
#define ru_count_avx2 ru_count_scalar
#endif

/* How a final hand of value v meets the new dealer hands: by comparing the row (RU_ROW_COMPARE), or
 * (c->fast) by the masks: the new hands in low[] are below v, those in band[] but not low[] are
 * compared one by one, the rest are above v. RU_MASK_PAIR (a pair of rank P) adds the pairs of a lower
 * rank to low and takes the pairs of rank P as the band. */
enum { RU_ROW_COMPARE, RU_MASK_HIGH, RU_MASK_PAIR, RU_MASK_TRIPS, RU_MASK_STRAIGHT, RU_MASK_QUADS, RU_MASK_SF };

static inline __attribute__((always_inline)) ru_i128 ru_nq_body(const ru_ctx *c, const uint32_t *r, int j,
                                                                 uint16_t v, int64_t win_net, int64_t L, int64_t fq,
                                                                 int avx2, int mode, uint32_t pair_rank,
                                                                 const ru_family *fam)
{
    const cs_russian_rules *ru = c->r;
    uint64_t rmask = 0;
    for (int i = 0; i < j; i++)
        rmask |= (uint64_t)1 << r[i];
    const uint64_t keep = ~rmask;
    const uint16_t q = ru->qualifier;
    const int wins = v >= q;
    /* buying minus taking is at most nq' (game_no_qualify - win_net) + K' (win_net - fee - take) (every
     * qualifying new hand a win): with win_net >= game_no_qualify it falls with nq' >= nq0 - j and
     * rises with K' <= K0, so where it is at most 0 at those ends the player takes, counts unread */
    const int prune = win_net >= ru->game_no_qualify && wins && win_net - ru->game_fee - ru->no_qualify > 0;
    const int64_t slope_nq = ru->game_no_qualify - win_net, slope_k = win_net - ru->game_fee - ru->no_qualify;
    /* the hands are in increasing nq0: from the first with nq0 >= theta on, every one is taken (the
     * bound at K' <= 42); they are counted, not visited: the fq non-qualifying hands beside R less
     * those visited */
    uint32_t end = c->n_nq;
    if (prune && slope_nq < 0) {
        const int64_t theta = j + (42 * slope_k + (-slope_nq) - 1) / (-slope_nq);
        end = theta > 42 ? c->n_nq : c->nq_start[theta < 0 ? 0 : theta];
    }
    const uint64_t below = mode == RU_MASK_PAIR ? c->rank_below[pair_rank] : 0;
    const uint64_t same = mode == RU_MASK_PAIR ? c->rank_is[pair_rank] : 0;
    const uint64_t *low = NULL, *band = NULL;
    switch (mode) {
    case RU_MASK_HIGH: low = c->nqm; band = c->lowp; break;
    case RU_MASK_PAIR: low = c->lowp; break;
    case RU_MASK_TRIPS: low = c->lowst; break;
    case RU_MASK_STRAIGHT: low = c->lowst; band = c->lowsf; break;
    case RU_MASK_QUADS: low = c->lowsf; break;
    case RU_MASK_SF: low = c->lowsf; band = c->validm; break;
    default: break;
    }
    ru_i128 sum = 0;
    int64_t taken = 0, visited = 0, part = 0, n_part = 0;
    const int redraw = (ru->flags & CS_RU_REDRAW) != 0;
    const uint32_t n_loop = fam ? fam->n_list : end; /* fam: only its listed hands */
    for (uint32_t i = 0; i < n_loop; i++) {
        const uint32_t t = fam ? fam->list[i] : i;
        if (c->nq_mask[t] & rmask)
            continue;
        visited++;
        if (prune && ((int64_t)c->nq0[t] - j) * slope_nq + (int64_t)c->kcnt[t] * slope_k <= 0) {
            taken++; /* take x K' in units of 1 / K', brought to L: take x L */
            continue;
        }
        const uint16_t *row = c->row + (size_t)t * RU_ROW;
        int64_t nq, lt = 0, eq = 0, kk;
        if (mode == RU_ROW_COMPARE || !wins) {
            nq = c->nq0[t];
            kk = c->kcnt[t];
            if (wins) {
                if (avx2)
                    ru_count_avx2(row, v, &lt, &eq);
                else
                    ru_count_scalar(row, v, &lt, &eq);
            }
            for (int i = 0; i < j; i++) {
                const uint16_t x = row[r[i]];
                if (x == RU_NONE)
                    continue;
                kk--;
                nq -= x < q;
                lt -= x < v;
                eq -= x == v;
            }
        } else {
            nq = __builtin_popcountll(c->nqm[t] & keep);
            kk = __builtin_popcountll(c->validm[t] & keep);
            lt = __builtin_popcountll(low[t] & keep);
            uint64_t e = band ? band[t] & ~low[t] : 0;
            if (mode == RU_MASK_PAIR) {
                lt += __builtin_popcountll(c->pairm[t] & below & keep);
                e = c->pairm[t] & same; /* his pair's rank: the kickers decide */
            }
            for (e &= keep; e; e &= e - 1) {
                const uint16_t x = row[__builtin_ctzll(e)];
                lt += x < v;
                eq += x == v;
            }
        }
        int64_t win = 0, tie = 0;
        if (wins) {
            win = lt - nq;
            tie = eq;
        }
        const int64_t lose = kk - nq - win - tie;
        const int64_t buy = nq * ru->game_no_qualify + win * win_net + lose * ru->lose - ru->game_fee * kk;
        const int64_t take = ru->no_qualify * kk;
        const int64_t best = buy > take ? buy : take;
        part += redraw ? best * (L / kk) : best; /* without the redraw rule L = K' */
        if (++n_part == 1024) { /* |best x L / K'| < 2^49: 1,024 of them fit 63 bits */
            sum += part;
            part = 0;
            n_part = 0;
        }
    }
    sum += part;
    taken += fq - visited;
    return sum + (ru_i128)taken * ru->no_qualify * L;
}

static ru_i128 ru_nq_generic(const ru_ctx *c, const uint32_t *r, int j, uint16_t v, int64_t w, int64_t L,
                             int64_t fq, int mode, uint32_t pair_rank, const ru_family *fam)
{
    return ru_nq_body(c, r, j, v, w, L, fq, 0, mode, pair_rank, fam);
}

#if CS__X86_64
__attribute__((target("avx2,popcnt,bmi"))) static ru_i128 ru_nq_avx2(const ru_ctx *c, const uint32_t *r, int j,
                                                                      uint16_t v, int64_t w, int64_t L, int64_t fq,
                                                                      int mode, uint32_t pair_rank,
                                                                      const ru_family *fam)
{
    return ru_nq_body(c, r, j, v, w, L, fq, 1, mode, pair_rank, fam);
}

static ru_i128 ru_nq(const ru_ctx *c, const uint32_t *r, int j, uint16_t v, int64_t w, int64_t L, int64_t fq,
                     int mode, uint32_t pair_rank, const ru_family *fam)
{
    return cs__have_avx2() ? ru_nq_avx2(c, r, j, v, w, L, fq, mode, pair_rank, fam)
                           : ru_nq_generic(c, r, j, v, w, L, fq, mode, pair_rank, fam);
}
#else
#define ru_nq ru_nq_generic
#endif

static int64_t ru_gcd(int64_t a, int64_t b)
{
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* The denominator of buying the game's cards when j cards of the unseen are the player's. */
static int64_t ru_denominator(const cs_russian_rules *r, int j)
{
    const int64_t n = 42 - j;
    if (!(r->flags & CS_RU_REDRAW))
        return n;
    int64_t l = 1;
    for (int64_t k = n - 3; k <= n; k++)
        l = l / ru_gcd(l, k) * k;
    return l;
}

/* How a final hand of value v meets the new dealer hands (ru_nq_body's modes). */
static int ru_mode(const ru_ctx *c, uint16_t v)
{
    if (!c->fast)
        return RU_ROW_COMPARE;
    switch (cs__value_cat[v]) {
    case CS_HIGH_CARD:
        return RU_MASK_HIGH;
    case CS_PAIR:
        return RU_MASK_PAIR;
    case CS_TWO_PAIR:
    case CS_THREE_OF_A_KIND:
        return RU_MASK_TRIPS;
    case CS_STRAIGHT:
    case CS_FLUSH:
        return RU_MASK_STRAIGHT;
    case CS_FULL_HOUSE:
    case CS_FOUR_OF_A_KIND:
        return RU_MASK_QUADS;
    default:
        return RU_MASK_SF;
    }
}

/* A rank held twice in h (n cards): its pair's rank where its value is a pair; else 0. */
static uint32_t ru_pair_rank(const uint8_t *h, uint32_t n)
{
    uint8_t count[13] = {0};
    for (uint32_t i = 0; i < n; i++)
        if (++count[h[i] >> 2] == 2)
            return h[i] >> 2;
    return 0;
}

/* The family a final hand of this mode (and pair rank) meets, where they are built; else NULL. */
static const ru_family *ru_family_of(const ru_ctx *c, int mode, uint32_t pair_rank)
{
    const int k = mode == RU_MASK_HIGH ? RU_FAM_HIGH : mode == RU_MASK_TRIPS ? RU_FAM_TRIPS
                  : mode == RU_MASK_QUADS ? RU_FAM_QUADS
                  : mode == RU_MASK_STRAIGHT ? RU_FAM_STRAIGHT : mode == RU_MASK_PAIR ? RU_FAM_PAIR + (int)pair_rank
                  : -1;
    return k >= 0 && c->fam[k].s ? &c->fam[k] : NULL;
}

/* One final hand: the kept cards with the replacement positions r (j of them), or the five with a
 * bought sixth (sixth). Adds to the option's sums. */
static void ru_hand(const ru_ctx *c, ru_job *job, int o, const uint8_t *kept, int nk, uint32_t *r, int j, int sixth)
{
    const cs_russian_rules *ru = c->r;
    uint8_t h[6];
    for (int i = 0; i < nk; i++)
        h[i] = kept[i];
    for (int i = 0; i < j; i++)
        h[nk + i] = c->unseen[r[i]];
    const uint32_t n = (uint32_t)(nk + j);
    const uint16_t v = sixth ? cs__value_of6(h) : cs__value_of(h);
    uint8_t f, s;
    const int64_t pay = n == 5 && job->pay5_known[v] ? job->pay5[v] : ru_pay(h, n, ru, &f, &s);
    if (n == 5 && !job->pay5_known[v]) {
        job->pay5[v] = pay;
        job->pay5_known[v] = 1;
    }
    const int64_t win_net = ru->ante_win + ru->bet * pay;
    uint32_t rs[5];
    memcpy(rs, r, (size_t)j * sizeof *r);
    ru_sort(rs, j);
    const uint16_t q = ru->qualifier;
    const int64_t comp = (int64_t)cs__binom[RU_N - j][4];
    const uint32_t thresholds[3] = {q, v, (uint32_t)v + 1};
    int64_t below[3];
    ru_below3(c, rs, j, thresholds, below); /* below v and v + 1: unused where v < q */
    const int64_t fq = below[0];
    int64_t win = 0, lose; /* ties push */
    if (v >= q) {
        win = below[1] - fq;
        lose = comp - below[2];
    } else {
        lose = comp - fq;
    }
    const int64_t L = ru_denominator(ru, j);
    ru_i128 play = (ru_i128)(win * win_net + lose * ru->lose) * L;
    int64_t best_buy = ru->game_no_qualify;
    if (v >= q) {
        best_buy = win_net > best_buy ? win_net : best_buy;
        best_buy = best_buy < 0 ? 0 : best_buy; /* a tie */
    }
    best_buy = ru->lose > best_buy ? ru->lose : best_buy;
    const int mode = ru_mode(c, v);
    if (!(ru->flags & CS_RU_BUY_GAME) || best_buy - ru->game_fee <= ru->no_qualify)
        play += (ru_i128)fq * ru->no_qualify * L; /* buying the game is never worth more */
    else {
        const uint32_t pr = ru_pair_rank(h, n);
        const ru_family *fam = ru_family_of(c, mode, pr);
        if (fam) /* each dealer hand's buying less taking is nq' (game_no_qualify - lose) +
                  * win' (win_net - lose) + tie' (-lose) + K' (lose - fee - no_qualify), K' the cards that may
                  * come: summed where positive, brought to L (the taking, no_qualify x L each, in ru_nq's) */
            play += ru_nq(c, rs, j, v, win_net, L, fq, mode, pr, fam) +
                    cs__sliced_sum(fam->s, rs, j, ru->game_no_qualify - ru->lose, win_net - ru->lose, -ru->lose,
                                   ru->lose - ru->game_fee - ru->no_qualify, v, L);
        else
            play += ru_nq(c, rs, j, v, win_net, L, fq, mode, pr, NULL);
    }
    /* insurance (CS_RU_INSURANCE): with three of a kind or better, a side bet of up to what the bet
     * can win (bet x pay), paid 1:1 when the dealer as dealt does not qualify (fq of the comp dealer
     * hands), lost when he does: worth (fq - (comp - fq)) x the stake, so taken in full when that is
     * positive, else not at all */
    const int64_t edge = 2 * fq - comp;
    const int insure =
        (ru->flags & CS_RU_INSURANCE) && cs__value_cat[v] >= CS_THREE_OF_A_KIND && edge > 0 && pay > 0;
    if (insure)
        play += (ru_i128)ru->bet * pay * edge * L;
    const ru_i128 fold = (ru_i128)ru->fold * comp * L;
    job->hands[o]++;
    job->play[o] += play;
    if (play > fold) {
        job->raise[o]++;
        job->insured[o] += (uint64_t)insure; /* a folded hand takes no insurance */
        job->best[o] += play;
    } else {
        job->indifferent[o] += play == fold;
        job->best[o] += fold;
    }
}

/* Every final hand of option o whose highest replacement position is top. */
static void ru_item(const ru_ctx *c, ru_job *job, uint32_t o, uint32_t top)
{
    uint8_t kept[5];
    int nk = 0, j;
    const int sixth = o == 32;
    if (sixth) {
        memcpy(kept, c->player, 5);
        nk = 5;
        j = 1;
    } else {
        for (int i = 0; i < 5; i++)
            if (!(o >> i & 1))
                kept[nk++] = c->player[i];
        j = 5 - nk;
    }
    uint32_t r[5] = {0, 1, 2, 3, 4};
    if (j == 0) {
        ru_hand(c, job, (int)o, kept, nk, r, 0, 0);
        return;
    }
    r[j - 1] = top;
    for (;;) {
        ru_hand(c, job, (int)o, kept, nk, r, j, sixth);
        int x = 0;
        while (x < j - 1 && r[x] + 1 == r[x + 1])
            x++;
        if (x >= j - 1)
            break;
        r[x]++;
        for (int y = 0; y < x; y++)
            r[y] = (uint32_t)y;
    }
}

static void *ru_worker(void *arg)
{
    ru_job *job = arg;
    ru_ctx *c = job->c;
    for (;;) {
        const uint32_t k = atomic_fetch_add(&c->next, 1);
        if (k >= c->n_items)
            break;
        ru_item(c, job, c->items[k] >> 6, c->items[k] & 63);
    }
    return NULL;
}

/* The least value of a category. */
static uint16_t ru_least(int cat)
{
    for (uint32_t v = 0; v < CS_NUM_VALUES; v++)
        if (cs__value_cat[v] >= cat)
            return (uint16_t)v;
    return CS_NUM_VALUES;
}

/* The masks of ru_ctx (fast) from the sorted rows: only where every non-qualifying dealer hand is high
 * card, and each pair a new hand makes is of the new card's rank (checked card by card). */
static int ru_fill_masks(ru_ctx *c)
{
    const uint16_t least_pair = ru_least(CS_PAIR), least_straight = ru_least(CS_STRAIGHT),
                   least_sf = ru_least(CS_STRAIGHT_FLUSH);
    c->fast = c->r->qualifier <= least_pair;
    if (!c->fast)
        return CS_OK;
    const size_t n = (size_t)c->n_nq + 1;
    uint64_t **arrays[6] = {&c->validm, &c->nqm, &c->lowp, &c->pairm, &c->lowst, &c->lowsf};
    for (int a = 0; a < 6; a++)
        if (!(*arrays[a] = calloc(n, sizeof(uint64_t))))
            return CS_E_NOMEM;
    for (uint32_t r = 0; r < 14; r++) {
        c->rank_below[r] = 0;
        for (uint32_t p = 0; p < RU_N; p++)
            if ((uint32_t)(c->unseen[p] >> 2) < r)
                c->rank_below[r] |= (uint64_t)1 << p;
        if (r < 13) {
            c->rank_is[r] = 0;
            for (uint32_t p = 0; p < RU_N; p++)
                if ((uint32_t)(c->unseen[p] >> 2) == r)
                    c->rank_is[r] |= (uint64_t)1 << p;
        }
    }
    for (uint32_t t = 0; t < c->n_nq; t++) {
        const uint16_t *row = c->row + (size_t)t * RU_ROW;
        uint32_t ranks = (uint32_t)1 << (c->up >> 2); /* the ranks of his five cards */
        for (uint32_t p = 0; p < RU_N; p++)
            if (c->nq_mask[t] >> p & 1)
                ranks |= (uint32_t)1 << (c->unseen[p] >> 2);
        uint64_t valid = 0, nq = 0, lowp = 0, pair = 0, lowst = 0, lowsf = 0;
        for (uint32_t p = 0; p < RU_N; p++) {
            const uint16_t x = row[p];
            if (x == RU_NONE)
                continue;
            const uint64_t bit = (uint64_t)1 << p;
            valid |= bit;
            nq |= x < c->r->qualifier ? bit : 0;
            lowp |= x < least_pair ? bit : 0;
            lowst |= x < least_straight ? bit : 0;
            lowsf |= x < least_sf ? bit : 0;
            if (cs__value_cat[x] == CS_PAIR) {
                pair |= bit;
                if (!(ranks >> (c->unseen[p] >> 2) & 1)) /* a pair not of the new card's rank */
                    c->fast = 0;
            } else if (cs__value_cat[x] == CS_TWO_PAIR || cs__value_cat[x] == CS_THREE_OF_A_KIND ||
                       cs__value_cat[x] == CS_FULL_HOUSE || cs__value_cat[x] == CS_FOUR_OF_A_KIND) {
                c->fast = 0;
            }
        }
        c->validm[t] = valid;
        c->nqm[t] = nq;
        c->lowp[t] = lowp;
        c->pairm[t] = pair;
        c->lowst[t] = lowst;
        c->lowsf[t] = lowsf;
    }
    return CS_OK;
}

/* One family: A = nqm and B = b, the band (new hands compared by value) as E keyed by its new value
 * where keyed and every card of the band makes the same new hand (a pair of the final hand's rank);
 * the other hands with a band listed. */
static int ru_family_build(const ru_ctx *c, ru_family *f, const uint64_t *band, const uint64_t *b, int keyed,
                           uint64_t *own2, uint64_t *a2, uint64_t *b2, uint64_t *e2, uint16_t *key2, uint64_t *i2)
{
    uint32_t n = 0, n_list = 0;
    uint8_t *listed = calloc((size_t)c->n_nq + 1, 1);
    if (!listed)
        return CS_E_NOMEM;
    for (uint32_t t = 0; t < c->n_nq; t++) {
        if (!band || !band[t])
            continue;
        const uint16_t *row = c->row + (size_t)t * RU_ROW;
        int same = keyed;
        for (uint64_t m = band[t]; m && same; m &= m - 1)
            same = row[__builtin_ctzll(m)] == row[__builtin_ctzll(band[t])];
        listed[t] = (uint8_t)!same;
        n_list += !same;
    }
    if (!(f->list = malloc(((size_t)n_list + 1) * sizeof *f->list))) {
        free(listed);
        return CS_E_NOMEM;
    }
    for (uint32_t t = 0; t < c->n_nq; t++) {
        if (listed[t]) {
            f->list[f->n_list++] = t;
            continue;
        }
        const uint64_t e = band ? band[t] : 0;
        own2[n] = c->nq_mask[t];
        i2[n] = (((uint64_t)1 << RU_N) - 1) & ~c->nq_mask[t] & ~c->validm[t]; /* the cards that may not come */
        a2[n] = c->nqm[t];
        b2[n] = b[t];
        e2[n] = e;
        key2[n++] = e ? c->row[(size_t)t * RU_ROW + __builtin_ctzll(e)] : 0;
    }
    free(listed);
    return cs__sliced_build(&f->s, n, own2, a2, b2, keyed ? e2 : NULL, keyed ? key2 : NULL, i2);
}

/* The families of ru_ctx where the masks hold (with the redraw, the cards of the replaced rank, which may
 * not come, as each hand's I) and enough final hands are asked (RU_SLICED_FROM) or CS_RU_SLICED. */
static int ru_fill_sliced(ru_ctx *c)
{
    const uint32_t flags = c->r->flags;
    if (!c->fast || !(flags & CS_RU_BUY_GAME) || (flags & CS_RU_VISIT) ||
        (c->finals < RU_SLICED_FROM && !(flags & CS_RU_SLICED)))
        return CS_OK;
    const uint64_t all = ((uint64_t)1 << RU_N) - 1;
    for (uint32_t t = 0; t < c->n_nq; t++)
        if (__builtin_popcountll(all & ~c->nq_mask[t] & ~c->validm[t]) > 3)
            return CS_OK; /* at most the three other cards of the replaced rank may not come */
    const size_t n = (size_t)c->n_nq + 1;
    uint64_t *band = malloc(n * sizeof *band), *b = malloc(n * sizeof *b), *own2 = malloc(n * sizeof *own2),
             *a2 = malloc(n * sizeof *a2), *b2 = malloc(n * sizeof *b2), *e2 = malloc(n * sizeof *e2),
             *i2 = malloc(n * sizeof *i2);
    uint16_t *key2 = malloc(n * sizeof *key2);
    int st = band && b && own2 && a2 && b2 && e2 && key2 && i2 ? CS_OK : CS_E_NOMEM;
    for (int k = 0; k < RU_FAMILIES && st == CS_OK; k++) {
        const uint32_t p = k >= RU_FAM_PAIR ? (uint32_t)(k - RU_FAM_PAIR) : 0;
        for (uint32_t t = 0; t < c->n_nq; t++) {
            const uint64_t nq = c->nqm[t];
            switch (k) {
            case RU_FAM_HIGH: b[t] = 0; band[t] = c->lowp[t] & ~nq; break; /* ace-king highs: compared */
            case RU_FAM_TRIPS: b[t] = c->lowst[t] & ~nq; band[t] = 0; break;
            case RU_FAM_QUADS: b[t] = c->lowsf[t] & ~nq; band[t] = 0; break;
            case RU_FAM_STRAIGHT: b[t] = c->lowst[t] & ~nq; band[t] = c->lowsf[t] & ~c->lowst[t]; break;
            default:
                b[t] = (c->lowp[t] & ~nq) | (c->pairm[t] & c->rank_below[p]);
                band[t] = c->pairm[t] & c->rank_is[p];
            }
        }
        st = ru_family_build(c, &c->fam[k], band, b, k >= RU_FAM_PAIR, own2, a2, b2, e2, key2, i2);
    }
    free(i2);
    free(e2);
    free(key2);
    free(band);
    free(b);
    free(own2);
    free(a2);
    free(b2);
    return st;
}

/* Builds the tables of the situation. */
static int ru_fill(ru_ctx *c)
{
    c->cum0 = calloc(NT, sizeof *c->cum0);
    c->cum1 = calloc((size_t)RU_N * NT, sizeof *c->cum1);
    c->cum2 = calloc((size_t)RU_PAIRS * NT, sizeof *c->cum2);
    c->tri = malloc((size_t)RU_TRIPLES * 43 * sizeof *c->tri);
    c->w4 = malloc(RU_QUADS * sizeof *c->w4);
    c->nq_mask = malloc(RU_QUADS * sizeof *c->nq_mask);
    uint8_t *fill = calloc(RU_TRIPLES, 1);
    if (!c->cum0 || !c->cum1 || !c->cum2 || !c->tri || !c->w4 || !c->nq_mask || !fill) {
        free(fill);
        return CS_E_NOMEM;
    }
    const uint16_t q = c->r->qualifier;
    uint32_t ix = 0;
    c->n_nq = 0;
    for (uint32_t d = 3; d < RU_N; d++)
        for (uint32_t cc = 2; cc < d; cc++)
            for (uint32_t b = 1; b < cc; b++)
                for (uint32_t a = 0; a < b; a++, ix++) {
                    const uint8_t h[5] = {c->unseen[a], c->unseen[b], c->unseen[cc], c->unseen[d], c->up};
                    const uint16_t w = cs__value_of(h);
                    c->w4[ix] = w;
                    c->cum0[w + 1]++;
                    const uint32_t four[4] = {a, b, cc, d};
                    for (int i = 0; i < 4; i++) {
                        c->cum1[(size_t)four[i] * NT + w + 1]++;
                        for (int k = i + 1; k < 4; k++)
                            c->cum2[(size_t)ru_pair(four[i], four[k]) * NT + w + 1]++;
                    }
                    for (int skip = 0; skip < 4; skip++) {
                        uint32_t t3[3], o = 0;
                        for (int i = 0; i < 4; i++)
                            if (i != skip)
                                t3[o++] = four[i];
                        const uint32_t t = ru_triple(t3[0], t3[1], t3[2]);
                        c->tri[(size_t)t * 43 + fill[t]++] = w;
                    }
                    if (w < q) {
                        c->nq_mask[c->n_nq++] = (uint64_t)1 << a | (uint64_t)1 << b | (uint64_t)1 << cc |
                                                (uint64_t)1 << d;
                    }
                }
    free(fill);
    for (uint32_t t = 1; t < NT; t++)
        c->cum0[t] += c->cum0[t - 1];
    for (uint32_t x = 0; x < RU_N; x++)
        for (uint32_t t = 1; t < NT; t++)
            c->cum1[(size_t)x * NT + t] += c->cum1[(size_t)x * NT + t - 1];
    for (uint32_t p = 0; p < RU_PAIRS; p++)
        for (uint32_t t = 1; t < NT; t++)
            c->cum2[(size_t)p * NT + t] += c->cum2[(size_t)p * NT + t - 1];
    c->row = malloc(((size_t)c->n_nq + 1) * RU_ROW * sizeof *c->row);
    c->kcnt = malloc((size_t)c->n_nq + 1);
    c->nq0 = malloc((size_t)c->n_nq + 1);
    if (!c->row || !c->kcnt || !c->nq0)
        return CS_E_NOMEM;
    for (uint32_t t = 0; t < c->n_nq; t++) {
        const uint64_t m = c->nq_mask[t];
        uint8_t d[5], o = 0;
        for (uint32_t p = 0; p < RU_N; p++)
            if (m >> p & 1)
                d[o++] = c->unseen[p];
        d[4] = c->up;
        const int at = ru_replaced(d, c->r->replace);
        uint16_t *row = c->row + (size_t)t * RU_ROW;
        uint8_t k = 0;
        for (uint32_t p = 0; p < RU_ROW; p++) {
            row[p] = RU_NONE;
            if (p >= RU_N || (m >> p & 1))
                continue;
            if ((c->r->flags & CS_RU_REDRAW) && (c->unseen[p] >> 2) == (d[at] >> 2))
                continue;
            row[p] = ru_new_value(d, at, c->unseen[p]);
            k++;
        }
        c->kcnt[t] = k;
        uint8_t below = 0;
        for (uint32_t p = 0; p < RU_N; p++)
            below += row[p] < c->r->qualifier;
        c->nq0[t] = below;
    }
    /* in increasing nq0 (a counting sort: masks, rows, counts moved together) */
    uint32_t start[44] = {0};
    for (uint32_t t = 0; t < c->n_nq; t++)
        start[c->nq0[t] + 1]++;
    for (int k = 1; k < 44; k++)
        start[k] += start[k - 1];
    memcpy(c->nq_start, start, sizeof start);
    uint64_t *m2 = malloc(((size_t)c->n_nq + 1) * sizeof *m2);
    uint16_t *r2 = malloc(((size_t)c->n_nq + 1) * RU_ROW * sizeof *r2);
    uint8_t *k2 = malloc((size_t)c->n_nq + 1), *n2 = malloc((size_t)c->n_nq + 1);
    if (!m2 || !r2 || !k2 || !n2) {
        free(m2);
        free(r2);
        free(k2);
        free(n2);
        return CS_E_NOMEM;
    }
    for (uint32_t t = 0; t < c->n_nq; t++) {
        const uint32_t to = start[c->nq0[t]]++;
        m2[to] = c->nq_mask[t];
        memcpy(r2 + (size_t)to * RU_ROW, c->row + (size_t)t * RU_ROW, RU_ROW * sizeof *r2);
        k2[to] = c->kcnt[t];
        n2[to] = c->nq0[t];
    }
    free(c->nq_mask);
    free(c->row);
    free(c->kcnt);
    free(c->nq0);
    c->nq_mask = m2;
    c->row = r2;
    c->kcnt = k2;
    c->nq0 = n2;
    int st = ru_fill_masks(c);
    return st == CS_OK ? ru_fill_sliced(c) : st;
}

static void ru_free(ru_ctx *c)
{
    free(c->cum0);
    free(c->cum1);
    free(c->cum2);
    free(c->tri);
    free(c->w4);
    free(c->nq_mask);
    free(c->row);
    free(c->kcnt);
    free(c->nq0);
    free(c->validm);
    free(c->nqm);
    free(c->lowp);
    free(c->pairm);
    free(c->lowst);
    free(c->lowsf);
    for (int k = 0; k < RU_FAMILIES; k++) {
        cs__sliced_free(c->fam[k].s);
        free(c->fam[k].list);
    }
}

int cs_russian_options(const uint8_t *player, uint8_t up, const cs_russian_rules *rules, uint32_t set_mask,
                       uint32_t sixth, uint32_t threads, cs_russian_option *out, size_t n_out)
{
    if (!player || !rules || !out)
        return CS_E_NULL;
    if (n_out != CS_RU_OPTIONS)
        return CS_E_SIZE;
    if (sixth > 1 || threads < 1 || threads > 64)
        return CS_E_ARG;
    uint64_t mask = 0;
    int st;
    if ((st = cs__check_situation(player, up, &mask)) != CS_OK)
        return st;
    if ((st = ru_check_rules(rules)) != CS_OK)
        return st;
    if ((st = cs__ensure_tables()) != CS_OK)
        return st;
    memset(out, 0, n_out * sizeof *out);
    if (!set_mask && !sixth)
        return CS_OK;
    ru_ctx *c = calloc(1, sizeof *c);
    ru_job *jobs = calloc(threads, sizeof *jobs);
    if (!c || !jobs) {
        free(c);
        free(jobs);
        return CS_E_NOMEM;
    }
    uint32_t n = 0;
    for (uint8_t x = 0; x < 52; x++)
        if (!(mask >> x & 1))
            c->unseen[n++] = x;
    memcpy(c->player, player, 5);
    c->up = up;
    c->r = rules;
    for (int j = 5; j >= 0; j--)
        for (uint32_t o = 0; o < CS_RU_OPTIONS; o++) {
            const int size = o == 32 ? 1 : __builtin_popcount(o);
            if (size != j || (o < 32 && !(set_mask >> o & 1)) || (o == 32 && !sixth))
                continue;
            c->finals += j == 0 ? 1 : cs__binom[RU_N][j];
            const uint32_t lo = j == 0 ? 0 : (uint32_t)j - 1, hi = j == 0 ? 1 : RU_N;
            for (uint32_t t = hi; t-- > lo;)
                c->items[c->n_items++] = (uint16_t)(o << 6 | t);
        }
    atomic_init(&c->next, 0);
    st = ru_fill(c);
    if (st == CS_OK) {
        for (uint32_t t = 0; t < threads; t++)
            jobs[t].c = c;
        cs__parallel(ru_worker, jobs, sizeof *jobs, threads);
        for (uint32_t o = 0; o < CS_RU_OPTIONS; o++) {
            ru_i128 best = 0, play = 0;
            for (uint32_t t = 0; t < threads; t++) {
                best += jobs[t].best[o];
                play += jobs[t].play[o];
                out[o].hands += jobs[t].hands[o];
                out[o].raise_hands += jobs[t].raise[o];
                out[o].indifferent_hands += jobs[t].indifferent[o];
                out[o].insured_hands += jobs[t].insured[o];
            }
            if (!out[o].hands)
                continue;
            const int j = o == 32 ? 1 : __builtin_popcount(o);
            out[o].unit = (uint64_t)ru_denominator(rules, j) * cs__binom[RU_N - j][4];
            out[o].best_hi = (int64_t)(best >> 64);
            out[o].best_lo = (uint64_t)best;
            out[o].play_hi = (int64_t)(play >> 64);
            out[o].play_lo = (uint64_t)play;
        }
    }
    ru_free(c);
    free(c);
    free(jobs);
    return st;
}
