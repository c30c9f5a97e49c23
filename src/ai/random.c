/* The uniform random player: any legal action, each as likely.
 *
 * The floor of the ladder (docs/ai.md), and the rollout policy of the
 * searching AIs. It takes no parameter but seed=. */
#include "ai/ai.h"
#include "core/errors.h"

static int random_choose(tt_ai *ai, const tt_state *state, tt_action *out)
{
    int n = tt_legal(ai->game, state, ai->legal);
    if (n <= 0)
        return TT_ESTATE;
    *out = ai->legal[tt_rng_below(&ai->rng, (uint32_t)n)];
    return TT_OK;
}

int ai_random_init(tt_ai *ai, ai_param *p, int n, tt_error *err)
{
    ai->choose = random_choose;
    return ai_params_done(p, n, "random", "seed", err);
}
