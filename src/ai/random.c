/* AI players: the registry of AIs and the uniform random player.
 *
 * An AI works through the public interface only. It owns its own generator
 * (never the state's, INV-7.5) and a legal-action buffer made once, so choosing
 * allocates nothing. */
#include <stdlib.h>
#include <string.h>

#include "core/errors.h"
#include "core/rng.h"
#include "tabletop/ai.h"

struct tt_ai {
    const char *name;
    const tt_game *game;
    tt_rng rng;
    tt_action *legal;
};

static const char *const ai_names[] = {"random", NULL};

const char *tt_ai_list(int i)
{
    for (int k = 0; ai_names[k]; k++)
        if (k == i)
            return ai_names[k];
    return NULL;
}

int tt_ai_new(const char *name, const tt_game *game, const char *params, uint64_t seed, tt_ai **out,
              tt_error *err)
{
    *out = NULL;
    if (strcmp(name, "random") != 0)
        return tt_fail(err, TT_EARG, NULL, "unknown AI '%s' (known: random)", name);
    if (params && *params)
        return tt_fail(err, TT_EARG, NULL, "the random AI takes no parameters ('%s')", params);
    tt_ai *ai = calloc(1, sizeof *ai);
    tt_action *legal = malloc((size_t)tt_max_actions(game) * sizeof *legal);
    if (!ai || !legal) {
        free(ai);
        free(legal);
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    }
    ai->name = ai_names[0];
    ai->game = game;
    ai->legal = legal;
    tt_rng_seed(&ai->rng, seed);
    *out = ai;
    return TT_OK;
}

void tt_ai_free(tt_ai *ai)
{
    if (!ai)
        return;
    free(ai->legal);
    free(ai);
}

const char *tt_ai_name(const tt_ai *ai)
{
    return ai->name;
}

int tt_ai_choose(tt_ai *ai, const tt_state *state, tt_action *out, tt_error *err)
{
    int n = tt_legal(ai->game, state, ai->legal);
    if (n <= 0)
        return tt_fail(err, TT_ESTATE, NULL, "the game is over: there is nothing to choose");
    *out = ai->legal[tt_rng_below(&ai->rng, (uint32_t)n)];
    return TT_OK;
}
