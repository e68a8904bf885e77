/* bench_switch_game.c - cs_switch_game (Oasis Poker's whole game, at most one card switched) timed
 * from C alone, every output printed: both cs_totals field by field, the 43 choice cells and the
 * answers to random probes (cs_test_switch_game), so two builds of the core can be diffed byte for
 * byte. The standard nets (ante 1, raise 2 antes, the usual pay table) and the AK qualifier.
 *
 *   gcc -std=c11 -D_GNU_SOURCE -O3 -pthread -Icsrc benchmarks/bench_switch_game.c \
 *       csrc/core.c csrc/evaluate.c csrc/evaluate6.c csrc/situation.c csrc/game.c csrc/seen.c \
 *       csrc/sorted.c csrc/sample.c csrc/layout.c csrc/switch_*.c -o /tmp/bench_switch_game
 *   /tmp/bench_switch_game FEE RANKMASK THREADS [NPROBES SEED FLAGS QUALIFIER]
 *   e.g. /tmp/bench_switch_game 1 0x1 1        one up rank (the deuce), one thread
 *        /tmp/bench_switch_game 1 0x1FFF 2     the whole game
 * Output: on stdout the figures; on stderr the wall and CPU seconds of the call.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "caribbean.h"
#include "testing.h"
/* usage: t FEE RANKMASK THREADS [NPROBES SEED FLAGS QUAL] */
static unsigned long long rs = 88172645463325252ull;
static unsigned rnd(unsigned n) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return (unsigned)(rs % n); }
int main(int argc, char **argv) {
    cs_init();
    cs_nets n = {-1, 1, 0, -3, {3, 3, 5, 7, 9, 11, 15, 41, 101, 201}};
    int64_t fee = atoll(argv[1]);
    unsigned ranks = strtoul(argv[2], 0, 0);
    unsigned th = atoi(argv[3]);
    int np = argc > 4 ? atoi(argv[4]) : 0;
    if (argc > 5) rs += strtoull(argv[5], 0, 0) * 7919;
    unsigned flags = argc > 6 ? strtoul(argv[6], 0, 0) : 0;
    unsigned qual = argc > 7 ? strtoul(argv[7], 0, 0) : 1113;
    uint8_t *pr = malloc(6 * (size_t)(np + 1));
    int64_t *po = malloc(6 * sizeof(int64_t) * (size_t)(np + 1));
    int rl[13], nr = 0;
    for (int r = 0; r < 13; r++) if (ranks >> r & 1) rl[nr++] = r;
    for (int m = 0; m < np; m++) {
        uint8_t up = (uint8_t)(rl[rnd(nr)] * 4);
        uint64_t used = 1ull << up;
        for (int i = 0; i < 5; i++) { unsigned c; do c = rnd(52); while (used >> c & 1); used |= 1ull << c; pr[6*m+i] = (uint8_t)c; }
        pr[6*m+5] = up;
    }
    cs_totals out[2];
    uint64_t ch[CS_SWITCH_GAME_CHOICE_CELLS];
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    clock_t c0 = clock();
    int st = cs_test_switch_game((uint16_t)qual, &n, fee, ranks, flags, th, out, 2, ch, CS_SWITCH_GAME_CHOICE_CELLS, pr, (size_t)np, po);
    clock_t c1 = clock();
    clock_gettime(CLOCK_MONOTONIC, &b);
    fprintf(stderr, "time wall %.2f cpu %.2f\n", (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec), (double)(c1 - c0) / CLOCKS_PER_SEC);
    printf("st %d\n", st);
    for (int o = 0; o < 2; o++) {
        printf("out%d weight %llu raise %llu ind %llu\n", o, (unsigned long long)out[o].total_weight, (unsigned long long)out[o].raise_situations, (unsigned long long)out[o].indifferent_situations);
        for (int k = 0; k < CS_NUM_CATEGORIES; k++)
            printf(" cat%d fold %llu nq %llu win %llu tie %llu lose %llu\n", k, (unsigned long long)out[o].fold[k], (unsigned long long)out[o].not_qualify[k], (unsigned long long)out[o].win[k], (unsigned long long)out[o].tie[k], (unsigned long long)out[o].lose[k]);
    }
    for (int i = 0; i < 43; i++) printf("%llu ", (unsigned long long)ch[i]);
    printf("\n");
    for (int m = 0; m < np; m++) {
        printf("p%d", m);
        for (int i = 0; i < 6; i++) printf(" %d", pr[6*m+i]);
        printf(" :");
        for (int i = 0; i < 6; i++) printf(" %lld", (long long)po[6*m+i]);
        printf("\n");
    }
    fflush(stdout);
    free(pr);
    free(po);
    return 0;
}
