/* Determinized flat Monte Carlo: the middle rung of the ladder.
 *
 * For the player to move, every legal action is tried n= times (default 20):
 * each trial determinizes the position from that player's seat
 * (tt_determinize), applies the action, and plays on with uniform random
 * actions to the end, or for `playout=` actions and the game's estimate
 * (tt_evaluate); the action with the best mean return wins (the first
 * listed among equals). No tree, no memory beyond one sum and one count per
 * action, made at creation; the trials go round the actions, so every action
 * has as many. Deterministic for a seed. */
#include <stdlib.h>

#include "ai/ai.h"
#include "core/errors.h"

#define FLAT_DEFAULT_N 20

static int flat_choose(tt_ai *ai, const tt_state *state, tt_action *out)
{
    const tt_game *g = ai->game;
    int me = tt_to_move(g, state);
    /* the root's actions are copied out of ai->legal, which playouts reuse */
    int k = tt_legal(g, state, ai->legal);
    if (k <= 0)
        return TT_ESTATE;
    tt_action *root = ai->root;
    for (int i = 0; i < k; i++) {
        root[i] = ai->legal[i];
        ai->sum[i] = 0;
        ai->cnt[i] = 0;
    }
    double r[TT_MAX_PLAYERS];
    for (long t = 0; t < ai->n && k > 1; t++)
        for (int i = 0; i < k; i++) {
            tt_state_copy(g, ai->work, state);
            tt_determinize(g, ai->work, me, tt_rng_next(&ai->rng));
            if (tt_apply(g, ai->work, root[i], NULL, NULL) != TT_OK)
                continue; /* not legal in this determinization: no evidence */
            ai_playout(ai, ai->work, r);
            ai->sum[i] += r[me];
            ai->cnt[i]++;
            ai->stats.iterations++;
        }
    int best = 0;
    for (int i = 1; i < k; i++) {
        double mi = ai->cnt[i] ? ai->sum[i] / (double)ai->cnt[i] : -2;
        double mb = ai->cnt[best] ? ai->sum[best] / (double)ai->cnt[best] : -2;
        if (mi > mb)
            best = i;
    }
    *out = root[best];
    return TT_OK;
}

int ai_flat_init(tt_ai *ai, ai_param *p, int n, tt_error *err)
{
    double v = FLAT_DEFAULT_N;
    if (ai_param_double(p, n, "flat", "n", 1, 1e6, &v, err) < 0 ||
        ai_param_playout(ai, p, n, "flat", err) < 0)
        return TT_EARG;
    int rc = ai_params_done(p, n, "flat", "n, playout, seed", err);
    if (rc != TT_OK)
        return rc;
    size_t m = (size_t)tt_max_actions(ai->game);
    ai->n = (long)v;
    ai->sum = malloc(m * sizeof *ai->sum);
    ai->cnt = malloc(m * sizeof *ai->cnt);
    if (!ai->sum || !ai->cnt)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    ai->choose = flat_choose;
    return TT_OK;
}
