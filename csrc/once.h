/* once.h - run a table builder once: pthread_once in the native core (thread-safe); a plain flag
 * in the single-threaded WebAssembly build of the player's page (CS_NO_THREADS, csrc/build_wasm.sh),
 * which has no threads to race. */
#ifndef CS_ONCE_H
#define CS_ONCE_H

#ifdef CS_NO_THREADS
typedef int cs_once_t;
#define CS_ONCE_INIT 0
static inline int cs_once(cs_once_t *once, void (*fn)(void))
{
    if (!*once) {
        *once = 1;
        fn();
    }
    return 0;
}
#else
#include <pthread.h>
typedef pthread_once_t cs_once_t;
#define CS_ONCE_INIT PTHREAD_ONCE_INIT
#define cs_once pthread_once
#endif

#endif
