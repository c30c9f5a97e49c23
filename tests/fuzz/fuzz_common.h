/* What the libFuzzer harnesses share: a scratch directory per process, the
 * registered games, and writing an input to a file (the loaders read files).
 *
 * Every harness takes its games from the registry (tt_game_list), so a new
 * game is fuzzed without new code. A harness aborts (libFuzzer reports a
 * crash and saves the input) when a property fails; it never prints. */
#ifndef TT_FUZZ_COMMON_H
#define TT_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "tabletop/tt.h"

/* The process's scratch directory: made once, under $TMPDIR, else /dev/shm
 * where it exists, else /tmp; removed with its files at exit. */
const char *fuzz_dir(void);

/* Writes data to <fuzz_dir>/<name> and returns the path (static storage). */
const char *fuzz_write(const char *name, const uint8_t *data, size_t n);

/* How many games are registered. */
int fuzz_ngames(void);

/* Aborts with the reason when cond is false (libFuzzer keeps the input). */
#define FUZZ_CHECK(cond) ((cond) ? (void)0 : fuzz_fail(#cond, __FILE__, __LINE__))
void fuzz_fail(const char *what, const char *file, int line) __attribute__((noreturn));

/* Plays up to n random legal actions from state s (seeded by seed), checking
 * sanity after each. */
void fuzz_play(const tt_game *g, tt_state *s, uint64_t seed, int n);

#endif
