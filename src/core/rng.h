/* The per-state random generator: xoshiro256** seeded through splitmix64.
 *
 * It lives inside each flat state (32 bytes), so a state plus an action fully
 * determines the next state. Every game draws all its chance from it. */
#ifndef TT_CORE_RNG_H
#define TT_CORE_RNG_H

#include <stdint.h>

typedef struct tt_rng {
    uint64_t s[4];
} tt_rng;

void tt_rng_seed(tt_rng *r, uint64_t seed);
uint64_t tt_rng_next(tt_rng *r);
/* Uniform in [0, n), unbiased; n > 0. */
uint32_t tt_rng_below(tt_rng *r, uint32_t n);
/* Unbiased Fisher–Yates shuffle of n bytes. */
void tt_rng_shuffle_u8(tt_rng *r, uint8_t *a, int n);
/* The same shuffle of n 16-bit entries (piles): the same draws, so the same
 * permutation as tt_rng_shuffle_u8 of as many bytes. */
void tt_rng_shuffle_u16(tt_rng *r, uint16_t *a, int n);
/* Deals the values of a[0..n-1] in a random order that depends only on which
 * values are there and on r, never on the order they were in: sorted first,
 * then shuffled. What a determinization does with hidden cards, whose order
 * is itself hidden, so that positions that look alike to a player are
 * resampled alike (single-observer ISMCTS relies on it). */
void tt_rng_deal_u8(tt_rng *r, uint8_t *a, int n);
void tt_rng_deal_u16(tt_rng *r, uint16_t *a, int n);
/* splitmix64 step: derives independent seeds (game i of a simulation). */
uint64_t tt_mix64(uint64_t x);

/* A seed as people and records write it: decimal digits only, 0 to
 * 2^64 - 1 ("-5", "+5", " 5", "5x" and 2^64 are refused, never wrapped or
 * clamped). TT_OK with *out set, or TT_EPARSE with *out unchanged. Every
 * front end and the record reader use it, so a seed one refuses no other
 * takes. */
#define TT_SEED_RANGE "a whole number from 0 to 18446744073709551615"
int tt_seed_parse(const char *text, uint64_t *out);

#endif
