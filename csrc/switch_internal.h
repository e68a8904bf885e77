/* switch_internal.h - what the card-switching files share (not part of the public API).
 *
 * The files, by what each owns (the calls between them run one way: tests/engine/test_build.py):
 *   switch_hand.c    one situation, every discard set (cs_switch);
 *   switch_sweep.c   the one-card sweep: the dealer hands of up to 51 cards by value, and every final
 *                    hand against running counts of them, recorded as each pass of the others asks
 *                    (cs__gm_quads, cs__gm_hands), with the level sums over sets (cs__gm_level_down);
 *   switch_five.c    the five-card switch, exact, for every hand of an up rank (cs__switch_five_rank);
 *   switch_game.c    the whole game with at most one card switched, optimal or under given choices
 *                    (cs_switch_game, cs_switch_game_given; the driver cs__gm_game: by up rank, standing,
 *                    the 25 classes of the switched card, the merge, the counts);
 *   switch_bounds.c  the larger switches bounded in every situation (cs_switch_bounds), the five-card
 *                    switch counted exactly where asked: it runs the driver with its own passes (the
 *                    hooks of gm_bounds).
 *   switch_dead.c    a larger switch exact: with the discarded cards out of play, every final hand's
 *                    best summed by kept set (cs_test_switch_dead), one sweep of switch_sweep.c; the whole
 *                    game of an up rank by discard-set class, all five from switch_five.c beside them,
 *                    each hand's best sought or its option given (cs_test_switch_exact_rank, _given);
 *   switch_sixth.c   the bought sixth card: one situation (cs_buy_sixth), the whole game standing or
 *                    buying (cs_sixth_game): the sweep's running counts over every six-card set.
 * A new draw option (Russian Poker's draws) gets a file of its own beside these, sharing this header. Everything below is by position among the n cards of a sweep (51: all but the
 * up card; 50: all but the up card and a switched card), 6 bits a position when packed. */
#ifndef CARIBBEAN_SWITCH_INTERNAL_H
#define CARIBBEAN_SWITCH_INTERNAL_H

#include <stdatomic.h>

#include "internal.h"

#define MAXN 51                 /* the most cards the tables are built over: 52 - the up card */
#define NT (CS_NUM_VALUES + 1)  /* thresholds 0 .. 7462 */

#define GM_HANDS 2349060u  /* C(51, 5): the player's hands beside one up card */
#define GM_FINALS 2118760u /* C(50, 5): the final hands when one card is out of play */
#define GM_KEPT 230300u    /* C(50, 4): the kept cards */
#define GM_QUADS 249900u   /* C(51, 4): the most dealer hands */
#define GM_W 6853770       /* 46 x C(45, 4) */
#define GM_NO_SWITCH 255
#define GM_FIVE 254        /* cs_switch_bounds with five: the hand switches all five (no card's class counts it) */
#define GM_NET_LIMIT ((int64_t)1 << 36) /* 46 x C(45, 4) x |net| and the fee's term fit 63 bits */
#define GM_CLASSES 25      /* the switched card: 12 of the up card's suit, 13 of another */

typedef struct {
    int32_t nq, win, tie, lose;
    uint8_t cat, raise;
} gm_outcome;

/* Counts of dealer hands (4-sets of positions), three in each word: those below the qualifier
 * (GM_Q), below the current value (GM_RUN), of the current value (GM_AT). A word of c0, c1, c2 holds
 * 21-bit fields, one of c3 10-bit fields: enough for the sums read (c0 at most 249,900, c1 19,600
 * each, c2 1,176, c3 48; 5 c1, c0 and 10 c2, 10 c3), so an inclusion-exclusion adds the positive terms and the negative terms of
 * the three at once, field by field, without a carry. */
typedef struct {
    uint64_t c0;
    uint64_t c1[MAXN];
    uint64_t c2[1275];  /* C(51, 2) */
    uint32_t c3[20825]; /* C(51, 3) */
} gm_counts;

enum { GM_Q, GM_RUN, GM_AT };
#define GM_F21(f) ((uint64_t)1 << (21 * (f)))
#define GM_F10(f) ((uint32_t)1 << (10 * (f)))

/* Adds d (d3 in c3) to the counts of the dealer hand of positions packed in pk (d, d3: a field's
 * unit, or its negation, to remove). */
static inline void gm_add(gm_counts *k, uint32_t pk, uint64_t d, uint32_t d3)
{
    const uint32_t a = pk & 63, b = pk >> 6 & 63, c = pk >> 12 & 63, e = pk >> 18 & 63;
    const uint32_t b2 = cs__binom_t[2][b], c2 = cs__binom_t[2][c], e2 = cs__binom_t[2][e];
    const uint32_t c3 = cs__binom_t[3][c], e3 = cs__binom_t[3][e];
    k->c0 += d;
    k->c1[a] += d;
    k->c1[b] += d;
    k->c1[c] += d;
    k->c1[e] += d;
    k->c2[a + b2] += d;
    k->c2[a + c2] += d;
    k->c2[a + e2] += d;
    k->c2[b + c2] += d;
    k->c2[b + e2] += d;
    k->c2[c + e2] += d;
    k->c3[a + b2 + c3] += d3;
    k->c3[a + b2 + e3] += d3;
    k->c3[a + c2 + e3] += d3;
    k->c3[b + c2 + e3] += d3;
}

/* The dealer hands and final hands over the n cards unseen[0 .. n) (51 or 50), by position. */
typedef struct {
    uint32_t n;
    uint8_t unseen[MAXN];
    uint16_t *w4;           /* [C(n, 4)] the value of each dealer hand, by colex index */
    uint32_t *quads;        /* [C(n, 4)] dealer hands (positions, 6 bits each), by value */
    uint32_t *qstart;       /* [NT + 1] quads[qstart[v] .. qstart[v + 1]) are of value v */
    /* (these three: the job's own for standing, the class's in gm_unit for a class: pass 2 reuses them) */
    uint32_t *hands;        /* [C(n, 5)] final hands at or above the qualifier, by value */
    uint32_t *pend;         /* [C(n, 5)] final hands at or above the qualifier, in colex order */
    uint16_t *hv;           /* [C(n, 5)] and their values */
    uint32_t hstart[NT + 1];
    uint32_t cur[NT];
    gm_counts k;            /* the dealer hands below the qualifier, below v, of value v */
} gm_sweep;

/* A draw that may also buy a sixth card (switch_sixth.c's cs_draw_game): for the one up rank asked,
 * each hand's value of buying (x W, the fee taken off); the merge takes the best of standing, the best
 * switch and buying (ties: standing, then switching), and bought[i] says which hands buy (they are
 * left out of the counts and choices: the caller counts them). */
typedef struct {
    const int64_t *value;   /* [GM_HANDS] */
    uint8_t *bought;        /* [GM_HANDS] */
} gm_buy;

typedef struct gm_unit gm_unit;
typedef struct gm_job gm_job;

/* cs_switch_bounds: what the bound of the larger switches needs (see switch_bounds.c). */
#define GM_BOUND_SIZES 6   /* sizes 0 .. 5 (2 .. 5 bounded) */
#define GM_NK 4            /* the sizes bounded, side by side in the bounds' tables: k at k - 2 */
typedef struct {
    uint32_t sizes;             /* bit k: switches of k cards bounded (k = 2 .. 5) */
    int one_allowed;            /* whether a one-card switch is an option (else the best is standing) */
    /* with the five-card switch counted exactly (cs_switch_bounds with five): its value, whether it is
     * each hand's best, the game's counts */
    cs_switch_five_game *five;
    int64_t *w5;                /* [GM_HANDS] its raise summed over C(46, 5) x C(41, 4) deals */
    uint8_t *pick5;             /* [GM_HANDS] 1 where switching five beats the best of at most one card */
    __int128 five_sum;          /* over the ranks: the sum of W - fee x C(46, 5) C(41, 4), x 4 suits */
    int64_t fees[GM_BOUND_SIZES];
    int64_t *traw;              /* [GM_HANDS] each final hand's raise sum over its C(46, 4) dealer hands */
    int64_t *best1;             /* [GM_HANDS] the best of standing and one card, over GM_W */
    int64_t *g[5]; /* g[s]: [C(51, s)][51][GM_NK] G_k(X, c) of each s-set X and card c, the sizes k side by
                    * side (k at k - 2; one cache line for every k: a situation reads them together; k's
                    * slot is set where k is bounded and s >= 5 - k) */
    /* results */
    uint64_t undecided[GM_BOUND_SIZES]; /* [k] situations where some k-card switch is not excluded; [0]: any size */
    uint64_t pairs[GM_BOUND_SIZES];     /* [k] (situation, discard set) pairs not excluded */
    uint8_t (*list)[8];         /* the first n_list of them: five cards, up card, discard mask (cards in order), size */
    size_t max_list;
    atomic_size_t n_list;
    /* probes: the best of standing and one card (over GM_W), then the bound of each discard mask */
    uint32_t n_probes;
    const uint32_t *probe_ix;
    const uint32_t *probe_slot;
    const uint8_t (*probe_cards)[6];
    int64_t *probe_out;
    atomic_uint next;
    /* switch_bounds.c's passes, run by the game's driver (cs__gm_game) for each up rank: the dead card's
     * effect for the class of card x (pass 3, after the class's sweep is set up), and the bounds of every
     * situation (on the threads; a gm_job each) */
    void (*dead_card)(gm_job *job, uint8_t x);
    void *(*situations)(void *job);
} gm_bounds;

/* What the threads of one up rank share. */
struct gm_unit {
    const cs_nets *nets;
    uint16_t q;
    uint32_t flags;
    int64_t fee;            /* x W */
    uint8_t up;
    int64_t *sval;          /* [GM_HANDS] standing, x W */
    gm_outcome *sout;       /* [GM_HANDS] */
    uint8_t *sind;          /* [GM_HANDS] standing indifferent */
    int64_t *bval[64];      /* per thread: the best switch so far, x W */
    uint8_t *bx[64];        /*   and its card (GM_NO_SWITCH: none) */
    uint8_t *choice;        /* [GM_HANDS] after the merge: the switched card, or GM_NO_SWITCH */
    const uint8_t *given;   /* cs_switch_game_given: this rank's choices (pass 1 then only stands
                             * and builds the classes' dealer hands; the merge takes them) */
    uint16_t *cw4;          /* [GM_CLASSES][GM_KEPT] each class's dealer hands (gm_sweep w4, quads, qstart) */
    uint32_t *cquads;       /* [GM_CLASSES][GM_KEPT] */
    uint32_t *cqstart;      /* [GM_CLASSES][NT + 1] */
    int pass;               /* 1: standing and the best switches; 2: the chosen switches' counts;
                             * 3: the dead card's effect (cs_switch_bounds) */
    gm_bounds *bd;          /* cs_switch_bounds only */
    const gm_buy *buy;      /* cs_draw_game only: buying a sixth card, one more option */
    int64_t *five_tq;       /* the five-card switch (fv_rank): [GM_HANDS] standing's raise sum over the
                             * qualifying dealer hands */
    atomic_uint next;
    /* probes of this rank: hand index, and where its answers go */
    uint32_t n_probes;
    const uint32_t *probe_ix;   /* sorted */
    const uint32_t *probe_slot;
    const uint8_t (*probe_cards)[6];
    int64_t *probe_out;     /* [slot * 6]: standing, then switching card i of the probe's hand */
};

struct gm_job {
    gm_unit *u;
    uint32_t t;
    gm_sweep sw;
    uint16_t *w4;           /* [GM_QUADS] standing's dealer hands */
    uint32_t *quads;        /* [GM_QUADS] */
    uint32_t qstart[NT + 1];
    int64_t *ksum;          /* [GM_KEPT] pass 1: the sum over the replacements of each kept set */
    uint8_t *km;            /* [GM_KEPT] pass 2: how many chosen switches keep each kept set */
    uint8_t *mult;          /* [GM_FINALS] pass 2: how many chosen switches end in each final hand */
    cs_totals out[2];
    uint64_t indifferent;   /* situations whose best switch equals standing */
    /* cs_switch_bounds: one class's G_k(X, x) over its 50 cards (gl[s]: [C(50, s)][GM_NK], as gm_bounds g) */
    int64_t *gl[5];
    uint8_t m51[MAXN];      /* a class's positions among its 50 cards -> among the 51 */
    uint32_t *ix51;         /* [C(50, 4)] sets of a class relabelled: their index among the 51 */
    uint64_t undecided[GM_BOUND_SIZES], pairs[GM_BOUND_SIZES];
    int64_t *five_gl4;      /* the five-card switch: [C(50, 4)] a class's sums by 4-set */
    int64_t *kept;          /* switch_dead.c: [C(n, kept_size)] each kept set's sum of its final hands' best */
    uint32_t *raised;       /*   and how many of them raise (optional) */
    int kept_size;          /* 1 .. 5: the cards kept (5 - the cards switched) */
    const uint8_t *kmk;     /* switch_dead.c's second pass: [C(n, kept_size)] the hands that chose each kept set */
    uint64_t kmul;          /*   each one's weight */
    cs_totals *kout;        /*   and where their final hands' deals are tallied */
};

enum { GM_STAND, GM_PASS1, GM_PASS2, GM_BOUND, GM_FIVE_STAND, GM_FIVE_CLASS, GM_KEEP, GM_KEEP2 };

/* The colex index of five positions p, ascending. */
static inline uint32_t colex_pos5(const uint32_t *p)
{
    return cs__binom[p[0]][1] + cs__binom[p[1]][2] + cs__binom[p[2]][3] + cs__binom[p[3]][4] + cs__binom[p[4]][5];
}

/* The position of card x among the 51 cards other than the up card. */
static inline uint32_t gm_pos51(uint8_t x, uint8_t up)
{
    return x < up ? x : (uint32_t)x - 1;
}

static inline uint8_t gm_swap_suit(uint8_t card, int s) /* suits 1 and s swapped */
{
    int suit = card & 3;
    if (suit == 1)
        suit = s;
    else if (suit == s)
        suit = 1;
    return (uint8_t)((card & ~3) | suit);
}

/* The first of the n probes (their hand indices sorted) of hand ix, or -1. */
/* Whether the s-sets' sums G_k(X, c) are tabled: some bounded size k reads them (s >= 5 - k). */
static inline int gm_bound_level(const gm_bounds *bd, int s)
{
    for (int k = 5 - s; k <= 5; k++)
        if (k >= 2 && (bd->sizes >> k & 1))
            return 1;
    return 0;
}

static inline long gm_probe_first(const uint32_t *sorted, uint32_t n, uint32_t ix)
{
    long lo = 0, hi = (long)n - 1;
    while (lo <= hi) {
        long m = (lo + hi) / 2;
        if (sorted[m] == ix) {
            while (m > 0 && sorted[m - 1] == ix)
                m--;
            return m;
        }
        if (sorted[m] < ix)
            lo = m + 1;
        else
            hi = m - 1;
    }
    return -1;
}

/* The switched card of class k (0 .. 24) for up rank of u. */
static inline uint8_t gm_class_card(const gm_unit *u, uint32_t k)
{
    uint32_t ur = u->up >> 2;
    if (k < 12)
        return (uint8_t)((k < ur ? k : k + 1) * 4);
    return (uint8_t)((k - 12) * 4 + 1);
}

/* ---- switch_sweep.c -------------------------------------------------------------------------- */

/* The dealer hands over the sweep's n cards (build: their values, by value, into w4, quads, qstart),
 * and the counts below the qualifier q. */
void cs__gm_quads(gm_sweep *s, uint8_t up, uint16_t q, int build);
/* Every final hand over the sweep's cards (in GM_PASS2 those of a chosen switch), after cs__gm_quads,
 * recorded as mode (GM_STAND .. GM_FIVE_CLASS) asks. */
void cs__gm_hands(gm_job *job, int mode);
/* From the sums over the hands holding each (s + 1)-set of n positions to those over the hands (of
 * five) holding each s-set. */
void cs__gm_level_down(uint32_t n, uint32_t s, const int64_t *above, int64_t *below);
void cs__gm_level_down_n(uint32_t n, uint32_t s, uint32_t width, const int64_t *above, int64_t *below);

/* ---- switch_five.c: the five-card switch ---------------------------------------------------------- */

/* For every hand P of up rank up_rank (up card 4 x up_rank), by the colex index of its positions among the
 * 51 other cards (card y -> y below the up card, y - 1 above), w[C(51, 5)] gets the raise of switching all
 * five summed over every replacement set and dealer hand (see cs_test_switch_five). Arguments unchecked:
 * nets within +-2^20, qualifier <= CS_NUM_VALUES, threads 1 .. 64, cs__ensure_tables done. */
int cs__switch_five_rank(uint8_t up_rank, uint16_t qualifier, const cs_nets *nets, uint32_t threads, int64_t *w);

/* ---- switch_game.c: the driver of the one-card game ------------------------------------------------ */

/* cs_test_switch_game, with bd cs_test_switch_bounds (arguments checked by the callers; probe answers
 * then go to bd; its hooks run its passes), with given cs_switch_game_given (GM_HANDS choices a rank
 * asked, in order); chosen (optional): each rank's choices after the merge, GM_HANDS a rank asked. */
int cs__gm_game(uint16_t qualifier, const cs_nets *nets, int64_t fee, uint32_t up_ranks, uint32_t flags,
                uint32_t threads, cs_totals *out, size_t n_out, uint64_t *choices, size_t n_choices,
                const uint8_t *probes, size_t n_probes, int64_t *probe_out, gm_bounds *bd, const uint8_t *given,
                uint8_t *chosen, const gm_buy *buy);

#endif
