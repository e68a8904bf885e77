/* core.c - what every part of the core shares: status texts, argument checks,
 * suit symmetry of a hand, and running a job on several threads. It calls no function of the
 * other files (they call it; the checks that need the evaluator's tables live in evaluate.c), so
 * the calls between the C files run one way (tests/engine/test_build.py checks it). */
#ifndef CS_NO_THREADS
#include <pthread.h>
#endif

#include "internal.h"

static const char *const status_text[] = {
    "ok",
    "a required pointer is NULL",
    "a card is outside 0..51",
    "a card is given twice",
    "a count is out of range",
    "out of memory",
    "an argument is out of range",
    "an integer result would overflow",
    "stopped by the caller",
};

int cs_version(uint32_t *abi)
{
    if (!abi)
        return CS_E_NULL;
    *abi = CS_ABI_VERSION;
    return CS_OK;
}

const char *cs_strerror(int status)
{
    if (status < 0 || status >= (int)(sizeof status_text / sizeof status_text[0]))
        return "unknown status";
    return status_text[status];
}

int cs__canonical_weight(const uint8_t *c)
{
    unsigned m[4] = {0, 0, 0, 0};
    for (int i = 0; i < 5; i++)
        m[c[i] & 3] |= 1u << (c[i] >> 2);
    if (!(m[0] >= m[1] && m[1] >= m[2] && m[2] >= m[3]))
        return 0;
    int denom = 1, run = 1;
    for (int s = 1; s < 4; s++) {
        if (m[s] == m[s - 1])
            denom *= ++run;
        else
            run = 1;
    }
    return 24 / denom;
}

void cs__canonical_perm(const uint8_t *c, uint8_t *perm)
{
    unsigned m[4] = {0, 0, 0, 0};
    for (int i = 0; i < 5; i++)
        m[c[i] & 3] |= 1u << (c[i] >> 2);
    int order[4] = {0, 1, 2, 3};
    for (int i = 1; i < 4; i++) { /* stable insertion sort, mask descending */
        int x = order[i], j = i - 1;
        while (j >= 0 && m[order[j]] < m[x]) {
            order[j + 1] = order[j];
            j--;
        }
        order[j + 1] = x;
    }
    for (int s = 0; s < 4; s++)
        perm[order[s]] = (uint8_t)s;
}

void cs__parallel(void *(*fn)(void *), void *jobs, size_t job_size, uint32_t threads)
{
    char *at = jobs;
#ifdef CS_NO_THREADS /* the single-threaded build (WebAssembly, once.h): every job on the caller's thread */
    for (uint32_t t = 0; t < threads; t++)
        fn(at + t * job_size);
#else
    pthread_t tids[CS_MAX_THREADS];
    int started[CS_MAX_THREADS] = {0};
    for (uint32_t t = 1; t < threads && t < CS_MAX_THREADS; t++)
        started[t] = pthread_create(&tids[t], NULL, fn, at + t * job_size) == 0;
    fn(at);
    for (uint32_t t = 1; t < threads; t++) {
        if (t < CS_MAX_THREADS && started[t])
            pthread_join(tids[t], NULL);
        else
            fn(at + t * job_size); /* could not start a thread: do its share here */
    }
#endif
}

int cs__check_nets(const cs_nets *nets, int64_t limit)
{
    const int64_t plain[4] = {nets->fold, nets->not_qualify, nets->tie, nets->lose};
    for (int k = 0; k < 4; k++)
        if (plain[k] > limit || plain[k] < -limit)
            return CS_E_OVERFLOW;
    for (int k = 0; k < CS_NUM_CATEGORIES; k++)
        if (nets->win[k] > limit || nets->win[k] < -limit)
            return CS_E_OVERFLOW;
    return CS_OK;
}

int cs__check_cards(const uint8_t *cards, uint32_t n, uint64_t *mask)
{
    if (n > 0 && cards == NULL)
        return CS_E_NULL;
    if (n > 52)
        return CS_E_SIZE;
    for (uint32_t i = 0; i < n; i++) {
        if (cards[i] >= 52)
            return CS_E_CARD;
        uint64_t bit = (uint64_t)1 << cards[i];
        if (*mask & bit)
            return CS_E_DUPLICATE;
        *mask |= bit;
    }
    return CS_OK;
}

int cs__check_situation(const uint8_t *player, uint8_t up, uint64_t *mask)
{
    int st = cs__check_cards(player, 5, mask);
    return st != CS_OK ? st : cs__check_cards(&up, 1, mask);
}
