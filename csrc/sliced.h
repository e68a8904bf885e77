/* sliced.h - sums over many small sets held bit-sliced, 64 sets a word (not part of the public API).
 *
 * Each member t of a family (up to CS_SLICED_MAX) holds five disjoint sets of positions 0 .. 45: its
 * own positions O_t, and A_t, B_t, E_t, I_t (|E_t| < 8, |I_t| < 4), and a key k_t; K_t = 46 - |O_t| -
 * |I_t| (the positions that count). For a set R of j positions (j <= 5) missing O_t, let
 * k = K_t - |R - I_t| (the positions that count less those R holds); for integers x, y, e_tie >= 0,
 * c, a key v and L (a multiple of every k), cs__sliced_sum gives, over the members whose O_t misses R,
 *
 *     sum of max(0, |A_t - R| x + |B_t - R| y + |E_t - R| e + k c) x L / k,
 *
 * e = y where k_t < v, e_tie where k_t = v, 0 where k_t > v (E: positions whose worth is decided by
 * the key against v). Every other position that counts is worth 0 beside c.
 *
 * The members are kept in groups of equal (|A_t|, |B_t|, |E_t|, |I_t|, K_t), one group after another
 * in the lanes of 64-bit words, each in increasing key, with one word array a position for each of O,
 * A, B, E, I. For each group, each part of it by key against v and each count of R in I, a part whose
 * value is at most 0 whatever else R holds is skipped, one whose value is positive whatever R holds is
 * summed linearly by popcounts, and only the others count each member's |A_t & R| and
 * |(B_t or E_t) & R| as 3-bit counters across the word's 64 lanes (the members whose key is v, one by
 * one).
 *
 * Russian Poker's buying the game (switch_russian.c) is its use: a member is a dealer hand that does
 * not qualify, O its four hole cards, A the replacement cards after which he still does not qualify,
 * B those after which he qualifies and the player wins, E those after which he qualifies with the
 * value k_t, I the cards that may not come (the replaced rank, drawn again); v is the player's final
 * value, R his replacement set, c what each card that may come costs buying against taking. */
#ifndef CARIBBEAN_SLICED_H
#define CARIBBEAN_SLICED_H

#include <stdint.h>

#define CS_SLICED_POSITIONS 46
#define CS_SLICED_MAX 200000u

typedef struct cs__sliced cs__sliced;

/* Builds the family of n members (e with key, and i: NULL when no member has one; CS_E_NOMEM; CS_E_ARG
 * when n is too large, a set leaves the positions or is too large, or two of a member's sets meet). */
int cs__sliced_build(cs__sliced **out, uint32_t n, const uint64_t *own, const uint64_t *a, const uint64_t *b,
                     const uint64_t *e, const uint16_t *key, const uint64_t *i);

/* The sum above; r: j positions (j <= 5). */
__int128 cs__sliced_sum(const cs__sliced *s, const uint32_t *r, int j, int64_t x, int64_t y, int64_t e_tie, int64_t c,
                        uint32_t v, int64_t l);

void cs__sliced_free(cs__sliced *s);

#endif
