/* tabletop — AI players, through the game interface only.
 *
 * An AI has its own random generator, separate from the state's, so its choices
 * never change the game's chance outcomes. */
#ifndef TABLETOP_AI_H
#define TABLETOP_AI_H

#include <stdint.h>

#include "tabletop/game.h"

typedef struct tt_ai tt_ai;

/* The AIs this build knows ("random", …); NULL past the end. */
const char *tt_ai_list(int i);

/* Creates AI `name` for `game` with parameters "key=value …" and `seed`. */
int tt_ai_new(const char *name, const tt_game *game, const char *params, uint64_t seed, tt_ai **out,
              tt_error *err);
void tt_ai_free(tt_ai *ai);
const char *tt_ai_name(const tt_ai *ai);

/* Picks an action for the player to move. TT_ESTATE when the game is over. */
int tt_ai_choose(tt_ai *ai, const tt_state *state, tt_action *out, tt_error *err);

#endif
