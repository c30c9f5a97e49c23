/* The legal-action list every game builds the same way: candidates offered one
 * by one, kept when the game's own check accepts them.
 *
 * legal() must list exactly what apply() accepts, so a game lists by running
 * each candidate through the very check apply runs (with no error record, so
 * no message is formatted on the playout path). The lister holds that check,
 * the context it reads (the game's content and state), and the output array
 * with its capacity, tt_max_actions: a game whose candidates would overflow
 * it has a wrong declared maximum, which is asserted, never silently cut. */
#ifndef TT_CORE_LISTER_H
#define TT_CORE_LISTER_H

#include <assert.h>

#include "tabletop/game.h"

/* The game's check of one action against the context; TT_OK to list it. */
typedef int (*tt_check_fn)(const void *ctx, tt_action a);

typedef struct tt_lister {
    tt_check_fn check;
    const void *ctx;
    tt_action *out;
    int n, cap;
} tt_lister;

static inline tt_lister tt_lister_make(tt_check_fn check, const void *ctx, tt_action *out, int cap)
{
    return (tt_lister){check, ctx, out, 0, cap};
}

/* Lists `a` when the game's check, asked by the game itself, accepted it
 * (rc == TT_OK): for a game that calls the check of each kind of action
 * directly where it makes that kind. Returns 1 when it was listed. */
static inline int tt_keep(tt_lister *L, tt_action a, int rc)
{
    if (rc != TT_OK)
        return 0;
    assert(L->n < L->cap);
    L->out[L->n++] = a;
    return 1;
}

/* Lists `a` if the check accepts it. Returns 1 when it was listed. */
static inline int tt_offer(tt_lister *L, tt_action a)
{
    return tt_keep(L, a, L->check(L->ctx, a));
}

#endif
