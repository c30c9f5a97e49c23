/* AI players: the registry, parameters, and what every AI shares.
 *
 * tt_ai_new reads "key=value" parameters (each AI declares its keys; an
 * unknown key or a bad value is refused, never ignored), sizes every buffer
 * the AI will need from the game and the budget, and hands the struct to the
 * kind's init. From then on choosing allocates nothing. An AI works through
 * the public interface only (tt_legal, tt_apply, tt_determinize, tt_returns,
 * tt_to_move, tt_state_copy) and owns its generator (never the state's). */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai/ai.h"
#include "core/errors.h"
#include "core/rng.h"

typedef struct ai_kind {
    const char *name;
    int (*init)(tt_ai *ai, ai_param *p, int n, tt_error *err);
} ai_kind;

static const ai_kind kinds[] = {
    {"random", ai_random_init},
    {"flat", ai_flat_init},
    {"ismcts", ai_ismcts_init},
    {NULL, NULL},
};

const char *tt_ai_list(int i)
{
    for (int k = 0; kinds[k].name; k++)
        if (k == i)
            return kinds[k].name;
    return NULL;
}

double ai_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int ai_params_parse(const char *text, ai_param *p, tt_error *err)
{
    int n = 0;
    while (text && *text) {
        while (*text == ' ')
            text++;
        size_t len = strcspn(text, " ");
        if (!len)
            break;
        const char *eq = memchr(text, '=', len);
        size_t klen = eq ? (size_t)(eq - text) : 0;
        if (!eq || !klen || klen >= sizeof p[n].key || len - klen - 1 >= sizeof p[n].value ||
            len == klen + 1)
            return tt_fail(err, TT_EARG, NULL, "AI parameter '%.*s' is not key=value", (int)len,
                           text),
                   -1;
        if (n == AI_PARAMS_MAX)
            return tt_fail(err, TT_EARG, NULL, "too many AI parameters (at most %d)",
                           AI_PARAMS_MAX),
                   -1;
        memcpy(p[n].key, text, klen);
        p[n].key[klen] = '\0';
        memcpy(p[n].value, eq + 1, len - klen - 1);
        p[n].value[len - klen - 1] = '\0';
        p[n].used = 0;
        for (int i = 0; i < n; i++)
            if (strcmp(p[i].key, p[n].key) == 0)
                return tt_fail(err, TT_EARG, NULL, "AI parameter '%s' given twice", p[n].key), -1;
        n++;
        text += len;
    }
    return n;
}

int ai_param_double(ai_param *p, int n, const char *ai, const char *key, double lo, double hi,
                    double *out, tt_error *err)
{
    for (int i = 0; i < n; i++) {
        if (strcmp(p[i].key, key) != 0)
            continue;
        p[i].used = 1;
        char *end;
        double v = strtod(p[i].value, &end);
        if (*end || end == p[i].value || !(v >= lo && v <= hi))
            return tt_fail(err, TT_EARG, NULL, "%s: %s wants a number from %g to %g, not '%s'", ai,
                           key, lo, hi, p[i].value),
                   -1;
        *out = v;
        return 1;
    }
    return 0;
}

int ai_params_done(const ai_param *p, int n, const char *ai, const char *known, tt_error *err)
{
    for (int i = 0; i < n; i++)
        if (!p[i].used)
            return tt_fail(err, TT_EARG, NULL, "%s: unknown parameter '%s' (known: %s)", ai,
                           p[i].key, known);
    return TT_OK;
}

void ai_playout(tt_ai *ai, tt_state *st, double *r)
{
    int k;
    long cap = ai->playout ? ai->playout : AI_PLAYOUT_CAP;
    for (long steps = 0; steps < cap && (k = tt_legal(ai->game, st, ai->legal)) > 0; steps++)
        if (tt_apply(ai->game, st, ai->legal[tt_rng_below(&ai->rng, (uint32_t)k)], NULL, NULL) !=
            TT_OK)
            break; /* a listed action refused is a rules bug; the playout ends here */
    tt_evaluate(ai->game, st, r);
}

int ai_param_playout(tt_ai *ai, ai_param *p, int n, const char *kind, tt_error *err)
{
    double v = tt_playout_horizon(ai->game);
    if (ai_param_double(p, n, kind, "playout", 0, AI_PLAYOUT_CAP, &v, err) < 0)
        return -1;
    ai->playout = (long)v;
    return 0;
}

void tt_ai_free(tt_ai *ai)
{
    if (!ai)
        return;
    free(ai->legal);
    free(ai->work);
    free(ai->root);
    free(ai->sum);
    free(ai->cnt);
    free(ai->nodes);
    free(ai->path);
    free(ai->child);
    free(ai);
}

int tt_ai_new(const char *name, const tt_game *game, const char *params, uint64_t seed, tt_ai **out,
              tt_error *err)
{
    *out = NULL;
    const ai_kind *kind = NULL;
    for (int k = 0; kinds[k].name && !kind; k++)
        if (strcmp(kinds[k].name, name) == 0)
            kind = &kinds[k];
    if (!kind)
        return tt_fail(err, TT_EARG, NULL, "unknown AI '%s' (known: random, flat, ismcts)", name);
    ai_param p[AI_PARAMS_MAX];
    int n = ai_params_parse(params, p, err);
    if (n < 0)
        return TT_EARG;
    for (int i = 0; i < n; i++)
        if (strcmp(p[i].key, "seed") == 0) {
            p[i].used = 1;
            if (tt_seed_parse(p[i].value, &seed) != TT_OK)
                return tt_fail(err, TT_EARG, NULL, "%s: seed wants a whole number, not '%s'", name,
                               p[i].value);
        }
    tt_ai *ai = calloc(1, sizeof *ai);
    if (!ai)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    ai->name = kind->name;
    ai->game = game;
    ai->legal = malloc((size_t)tt_max_actions(game) * sizeof *ai->legal);
    ai->work = malloc(tt_state_size(game));
    ai->root = malloc((size_t)tt_max_actions(game) * sizeof *ai->root);
    tt_rng_seed(&ai->rng, seed);
    int rc = !ai->legal || !ai->work || !ai->root ? tt_fail(err, TT_ENOMEM, NULL, "out of memory")
                                                  : kind->init(ai, p, n, err);
    if (rc != TT_OK) {
        tt_ai_free(ai);
        return rc;
    }
    *out = ai;
    return TT_OK;
}

const char *tt_ai_name(const tt_ai *ai)
{
    return ai->name;
}

int tt_ai_choose(tt_ai *ai, const tt_state *state, tt_action *out, tt_error *err)
{
    if (tt_to_move(ai->game, state) == TT_TERMINAL)
        return tt_fail(err, TT_ESTATE, NULL, "the game is over: there is nothing to choose");
    double start = ai_now();
    memset(&ai->stats, 0, sizeof ai->stats);
    int rc = ai->choose(ai, state, out);
    ai->stats.seconds = ai_now() - start;
    if (rc != TT_OK)
        return tt_fail(err, TT_ESTATE, NULL, "no legal action to choose");
    return TT_OK;
}

void tt_ai_stats_get(const tt_ai *ai, tt_ai_stats *out)
{
    *out = ai->stats;
}
