/* Token pools: a supply with a fixed size that tokens are taken from and
 * returned to (damage tokens, action points, wounds). */
#ifndef TT_CORE_POOL_H
#define TT_CORE_POOL_H

#include <stdint.h>

typedef struct tt_pool {
    int16_t n;   /* tokens left in the supply */
    int16_t cap; /* the supply's full size */
} tt_pool;

/* Takes up to want tokens; returns how many were taken (fewer when it runs out). */
static inline int tt_pool_take(tt_pool *p, int want)
{
    int got = want < p->n ? want : p->n;
    if (got < 0)
        got = 0;
    p->n = (int16_t)(p->n - got);
    return got;
}

/* Returns tokens to the supply, never past its size. */
static inline void tt_pool_put(tt_pool *p, int k)
{
    int n = p->n + k;
    p->n = (int16_t)(n > p->cap ? p->cap : n);
}

#endif
