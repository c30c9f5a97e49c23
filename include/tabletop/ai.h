/* tabletop — AI players, through the game interface only.
 *
 * An AI has its own random generator, separate from the state's, so its choices
 * never change the game's chance outcomes. The AIs (docs/ai.md):
 *
 *   random   a uniform pick among the legal actions
 *   flat     determinized flat Monte Carlo: n= random playouts per legal
 *            action (default 20), each from a fresh determinization
 *   ismcts   single-observer information-set MCTS (Cowling, Powley and
 *            Whitehouse 2012): ms= milliseconds or iters= iterations per
 *            decision (default iters=1000), c= exploration (default 0.7),
 *            nodes= tree capacity (default from the budget)
 *
 * Every AI takes seed= (default: the seed given to tt_ai_new). Searches
 * determinize from the seat of the player to move, so they use nothing that
 * player could not see; with iters= (not ms=) a search is the same for a seed. */
#ifndef TABLETOP_AI_H
#define TABLETOP_AI_H

#include <stdint.h>

#include "tabletop/game.h"

typedef struct tt_ai tt_ai;

/* The AIs this build knows ("random", "flat", "ismcts"); NULL past the end. */
const char *tt_ai_list(int i);

/* Creates AI `name` for `game` with parameters "key=value …" (NULL or "" for
 * the defaults) and `seed`. On success *out owns the AI and everything it
 * searches with (free it with tt_ai_free); on failure *out is NULL and err
 * names the unknown AI, key or bad value (TT_EARG) or TT_ENOMEM. */
int tt_ai_new(const char *name, const tt_game *game, const char *params, uint64_t seed, tt_ai **out,
              tt_error *err);
void tt_ai_free(tt_ai *ai);
const char *tt_ai_name(const tt_ai *ai);

/* Picks an action for the player to move: one tt_legal lists for `state`,
 * never an action outside the turn order. TT_ESTATE when the game is over.
 * The state is not changed. Allocates nothing. */
int tt_ai_choose(tt_ai *ai, const tt_state *state, tt_action *out, tt_error *err);

/* What the last tt_ai_choose cost. */
typedef struct tt_ai_stats {
    long iterations; /* playouts (flat, ismcts); 0 for random */
    long nodes;      /* tree nodes in use (ismcts) */
    long capacity;   /* nodes the tree's arena holds (ismcts) */
    int full;        /* 1: the tree filled its arena and stopped growing */
    double seconds;  /* wall time of the choice */
} tt_ai_stats;
void tt_ai_stats_get(const tt_ai *ai, tt_ai_stats *out);

#endif
