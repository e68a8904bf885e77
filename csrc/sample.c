/* sample.c - sampled deals, each decided exactly (cs_sample_deals); a table of seats at one dealer (cs_sample_table).
 *
 * Deals are drawn by a counter-based generator (splitmix64: deal i depends only on the seed and
 * i, whatever the thread count); each is decided exactly by enumerating the dealer's remaining
 * completions given what the player knows (k dealer hole cards, other players' hands), and its
 * EV goes into 128-bit sums.
 */
#include <string.h>

#include "internal.h"

static inline uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* uniform in [0, n) without modulo bias */
static inline uint32_t below(uint64_t *state, uint32_t n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do
        x = splitmix64(state);
    while (x >= limit);
    return (uint32_t)(x % n);
}

typedef struct {
    uint16_t qualifier;
    const cs_nets *nets;
    const cs_solver *base;
    uint32_t known, others;
    uint64_t seed, first, count;
    cs_sample_sums sums;
    int status;
} sample_job;

/* 128-bit two's-complement sums kept as (hi, lo): (hi, lo) += (x_hi, x_lo), modulo 2^128. */
static void add128_pair(uint64_t *hi, uint64_t *lo, uint64_t x_hi, uint64_t x_lo)
{
    unsigned __int128 acc = ((unsigned __int128)*hi << 64 | *lo) + ((unsigned __int128)x_hi << 64 | x_lo);
    *hi = (uint64_t)(acc >> 64);
    *lo = (uint64_t)acc;
}

static void add128(uint64_t *hi, uint64_t *lo, __int128 x)
{
    unsigned __int128 ux = (unsigned __int128)x;
    add128_pair(hi, lo, (uint64_t)(ux >> 64), (uint64_t)ux);
}

static void add_square(uint64_t *hi, uint64_t *lo, __int128 x)
{
    unsigned __int128 ax = (unsigned __int128)(x < 0 ? -x : x);
    add128(hi, lo, (__int128)(ax * ax));
}

/* The optimal EV of a situation, scaled by its completions: fold + max(raise - fold, 0);
 * *raises (optional) whether raising is strictly better. */
static __int128 best_value(const cs_nets *nets, const cs_deal_counts *d, int *raises)
{
    int64_t m = cs__raise_margin(cs__margin_of(nets, d->player_category, d->total),
                                 (int64_t)d->not_qualify, (int64_t)d->win, (int64_t)d->tie);
    if (raises)
        *raises = m > 0;
    return (__int128)d->total * nets->fold + (m > 0 ? m : 0);
}

static void *sample_run(void *arg)
{
    sample_job *job = arg;
    const cs_nets *nets = job->nets;
    uint32_t need = 6 + job->known + 5 * job->others;
    for (uint64_t i = job->first; i < job->first + job->count; i++) {
        uint64_t state = job->seed ^ (i * 0xD1B54A32D192ED03ull);
        splitmix64(&state);
        uint8_t deck[52];
        for (int c = 0; c < 52; c++)
            deck[c] = (uint8_t)c;
        for (uint32_t k = 0; k < need; k++) { /* partial Fisher-Yates */
            uint32_t j = k + below(&state, 52 - k);
            uint8_t tmp = deck[k];
            deck[k] = deck[j];
            deck[j] = tmp;
        }
        cs_deal_counts d;
        int st = cs_deal(deck, deck[5], deck + 6 + job->known, 5 * job->others, deck + 6, job->known,
                         job->qualifier, &d);
        if (st != CS_OK) {
            job->status = st;
            return NULL;
        }
        int raises;
        __int128 x = best_value(nets, &d, &raises);
        job->sums.raises += (uint64_t)raises;
        job->sums.deals++;
        job->sums.completions = d.total;
        add128(&job->sums.sum_hi, &job->sums.sum_lo, x);
        add_square(&job->sums.sumsq_hi, &job->sums.sumsq_lo, x);
        if (job->base) {
            /* control variate: the same deal's EV knowing only the up card (exact mean known) */
            cs_deal_counts b;
            st = cs_solver_situation(job->base, deck, deck[5], &b);
            if (st != CS_OK) {
                job->status = st;
                return NULL;
            }
            __int128 dx = x * (__int128)b.total - best_value(nets, &b, NULL) * (__int128)d.total;
            add128(&job->sums.dsum_hi, &job->sums.dsum_lo, dx);
            add_square(&job->sums.dsumsq_hi, &job->sums.dsumsq_lo, dx);
        }
    }
    job->status = CS_OK;
    return NULL;
}

int cs_sample_deals(uint16_t qualifier, const cs_nets *nets, uint32_t known_dealer, uint32_t other_players,
                    uint64_t seed, uint64_t first_deal, uint64_t n_deals, uint32_t threads,
                    const cs_solver *base, cs_sample_sums *out)
{
    if (!nets || !out)
        return CS_E_NULL;
    if (base && cs__solver_qualifier(base) != qualifier)
        return CS_E_ARG;
    if (known_dealer > 4 || other_players > 6)
        return CS_E_SIZE;
    if (qualifier > CS_NUM_VALUES || threads < 1 || threads > 64)
        return CS_E_ARG;
    /* |nets| <= 2^20 and at most 163,185 completions: |x| < 2^38; the control-variate difference
     * |dx| < 2^56, dx^2 < 2^112: sums of up to 2^15 squares stay inside 128 bits */
    int st = cs__check_nets(nets, (int64_t)1 << 20);
    if (st != CS_OK)
        return st;
    if (n_deals > ((uint64_t)1 << 15))
        return CS_E_SIZE;
    /* deal indices first_deal .. first_deal + n_deals - 1 must not wrap past 2^64 */
    if (first_deal > UINT64_MAX - n_deals)
        return CS_E_SIZE;
    if ((st = cs__ensure_tables()) != CS_OK)
        return st;
    sample_job jobs[64];
    uint64_t per = n_deals / threads, extra = n_deals % threads, at = first_deal;
    for (uint32_t t = 0; t < threads; t++) {
        memset(&jobs[t], 0, sizeof jobs[t]);
        jobs[t].qualifier = qualifier;
        jobs[t].nets = nets;
        jobs[t].base = base;
        jobs[t].known = known_dealer;
        jobs[t].others = other_players;
        jobs[t].seed = seed;
        jobs[t].first = at;
        jobs[t].count = per + (t < extra);
        jobs[t].status = CS_E_NOMEM;
        at += jobs[t].count;
    }
    cs__parallel(sample_run, jobs, sizeof *jobs, threads);
    memset(out, 0, sizeof *out);
    for (uint32_t t = 0; t < threads; t++) {
        if (jobs[t].status != CS_OK)
            return jobs[t].status;
        const cs_sample_sums *s = &jobs[t].sums;
        out->deals += s->deals;
        out->raises += s->raises;
        if (s->deals)
            out->completions = s->completions;
        add128_pair(&out->sum_hi, &out->sum_lo, s->sum_hi, s->sum_lo);
        add128_pair(&out->sumsq_hi, &out->sumsq_lo, s->sumsq_hi, s->sumsq_lo);
        add128_pair(&out->dsum_hi, &out->dsum_lo, s->dsum_hi, s->dsum_lo);
        add128_pair(&out->dsumsq_hi, &out->dsumsq_lo, s->dsumsq_hi, s->dsumsq_lo);
    }
    return CS_OK;
}

/* ---- a table: several seats against one dealer hand (cs_sample_table) --------------------- */

typedef struct {
    const cs_solver *solver;
    const cs_nets *nets;
    uint32_t seats;
    uint64_t seed, first, count;
    cs_table_sums sums;
    int status;
} table_job;

static void *table_run(void *arg)
{
    table_job *job = arg;
    const cs_nets *nets = job->nets;
    uint16_t q = cs__solver_qualifier(job->solver);
    uint32_t need = 5 + 5 * job->seats;
    for (uint64_t i = job->first; i < job->first + job->count; i++) {
        /* a stream of its own: deal i of a table differs from deal i of cs_sample_deals */
        uint64_t state = (job->seed ^ 0x5EA75EA75EA75EA7ull) ^ (i * 0xD1B54A32D192ED03ull);
        splitmix64(&state);
        uint8_t deck[52];
        for (int c = 0; c < 52; c++)
            deck[c] = (uint8_t)c;
        for (uint32_t k = 0; k < need; k++) {
            uint32_t j = k + below(&state, 52 - k);
            uint8_t tmp = deck[k];
            deck[k] = deck[j];
            deck[j] = tmp;
        }
        /* deck[0] the up card, deck[0..4] the dealer's hand, seat s holds deck[5 + 5s ..] */
        uint16_t dv = cs__value_of(deck);
        __int128 sum = 0, sumsq = 0;
        for (uint32_t s = 0; s < job->seats; s++) {
            const uint8_t *hand = deck + 5 + 5 * s;
            cs_deal_counts d;
            int st = cs_solver_situation(job->solver, hand, deck[0], &d);
            if (st != CS_OK) {
                job->status = st;
                return NULL;
            }
            int raises;
            (void)best_value(nets, &d, &raises);
            int64_t x;
            if (!raises)
                x = nets->fold;
            else if (dv < q)
                x = nets->not_qualify;
            else if (dv < d.player_value)
                x = nets->win[d.player_category];
            else if (dv == d.player_value)
                x = nets->tie;
            else
                x = nets->lose;
            job->sums.raises += (uint64_t)raises;
            sum += x;
            sumsq += (__int128)x * x;
        }
        __int128 pairs = (sum * sum - sumsq) / 2; /* sum over seat pairs i < j of x_i x_j */
        job->sums.deals++;
        add128(&job->sums.sum_hi, &job->sums.sum_lo, sum);
        add128(&job->sums.sumsq_hi, &job->sums.sumsq_lo, sumsq);
        add128(&job->sums.pair_hi, &job->sums.pair_lo, pairs);
        add_square(&job->sums.pairsq_hi, &job->sums.pairsq_lo, pairs);
    }
    job->status = CS_OK;
    return NULL;
}

int cs_sample_table(const cs_solver *solver, const cs_nets *nets, uint32_t seats, uint64_t seed,
                    uint64_t first_deal, uint64_t n_deals, uint32_t threads, cs_table_sums *out)
{
    if (!solver || !nets || !out)
        return CS_E_NULL;
    if (seats < 2 || seats > 7)
        return CS_E_SIZE;
    if (threads < 1 || threads > 64)
        return CS_E_ARG;
    /* |nets| <= 2^20: a deal's pair sum is below 21 * 2^40 < 2^45, its square below 2^90; sums of
     * up to 2^15 deals stay inside 128 bits */
    int st = cs__check_nets(nets, (int64_t)1 << 20);
    if (st != CS_OK)
        return st;
    if (n_deals > ((uint64_t)1 << 15))
        return CS_E_SIZE;
    if ((st = cs__ensure_tables()) != CS_OK)
        return st;
    table_job jobs[64];
    uint64_t per = n_deals / threads, extra = n_deals % threads, at = first_deal;
    for (uint32_t t = 0; t < threads; t++) {
        memset(&jobs[t], 0, sizeof jobs[t]);
        jobs[t].solver = solver;
        jobs[t].nets = nets;
        jobs[t].seats = seats;
        jobs[t].seed = seed;
        jobs[t].first = at;
        jobs[t].count = per + (t < extra);
        jobs[t].status = CS_E_NOMEM;
        at += jobs[t].count;
    }
    cs__parallel(table_run, jobs, sizeof *jobs, threads);
    memset(out, 0, sizeof *out);
    out->seats = seats;
    for (uint32_t t = 0; t < threads; t++) {
        if (jobs[t].status != CS_OK)
            return jobs[t].status;
        const cs_table_sums *s = &jobs[t].sums;
        out->deals += s->deals;
        out->raises += s->raises;
        add128_pair(&out->sum_hi, &out->sum_lo, s->sum_hi, s->sum_lo);
        add128_pair(&out->sumsq_hi, &out->sumsq_lo, s->sumsq_hi, s->sumsq_lo);
        add128_pair(&out->pair_hi, &out->pair_lo, s->pair_hi, s->pair_lo);
        add128_pair(&out->pairsq_hi, &out->pairsq_lo, s->pairsq_hi, s->pairsq_lo);
    }
    return CS_OK;
}
