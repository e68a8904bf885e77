/* check.h - the checks of the C test programs (api_harness.c, seen_reference.c): CHECK counts
 * each condition and reports a false one on stderr with its line; STATUS checks a call's status.
 * A program prints "N checks, M failed" from checks and failed and exits 1 when failed > 0. */
#ifndef CS_TEST_CHECK_H
#define CS_TEST_CHECK_H

#include <stdio.h>

static int checks, failed;

#define CHECK(cond)                                                                 \
    do {                                                                            \
        checks++;                                                                   \
        if (!(cond)) {                                                              \
            failed++;                                                               \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                           \
    } while (0)

#define STATUS(call, want) CHECK((call) == (want))

#endif
