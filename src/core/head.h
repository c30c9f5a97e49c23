/* The common part of every state: the random generator, the turn count and
 * the result, which the core reads without asking the game.
 *
 * Every game's flat state begins with a tt_head, so the core finds it at the
 * state's first byte. While the game goes on `over` is 0 and the standings are
 * zero; the game ends through one of the tt_head_end_… calls, which set every
 * player's rank at once, so a result is never half written. `reason` indexes
 * the game's tt_rules.reasons (0 is "" while playing). */
#ifndef TT_CORE_HEAD_H
#define TT_CORE_HEAD_H

#include <stdint.h>

#include "core/rng.h"
#include "tabletop/game.h"

typedef struct tt_head {
    tt_rng rng;
    uint16_t turn;                 /* the game's own count: turns or rounds */
    uint8_t over;                  /* 1 once the game has ended */
    uint8_t reason;                /* index into tt_rules.reasons */
    uint8_t rank[TT_MAX_PLAYERS];  /* 1 = first; 0 while playing */
    uint8_t eliminated;            /* bit per player out before the end */
    uint8_t drawn;                 /* 1: the players ranked first drew, none won */
    int16_t score[TT_MAX_PLAYERS]; /* VP or points, where the game counts them */
} tt_head;

static inline tt_head *tt_head_of(void *st)
{
    return (tt_head *)st;
}
static inline const tt_head *tt_head_peek(const void *st)
{
    return (const tt_head *)st;
}

/* Bit per player ranked first (0 while playing, and in a draw). */
unsigned tt_head_firsts(const tt_head *h, int nplayers);
/* The sole first of a finished game, or -1 (playing, a draw, a shared first). */
int tt_head_winner(const tt_head *h, int nplayers);

/* Ends the game with `winner` first and every other player second. */
void tt_head_end_win(tt_head *h, int nplayers, int winner, int reason);
/* Ends the game in a draw among the players still in, ranked first; those
 * out of it before (`eliminated`) lose, second. */
void tt_head_end_draw(tt_head *h, int nplayers, int reason);
/* Ends the game with the players in `first` (a bit each) sharing first place
 * and the others second. */
void tt_head_end_shared(tt_head *h, int nplayers, unsigned first, int reason);
/* Ends the game ranking players by key[] (higher is better; equal keys share
 * a place, and the next place skips as in "1, 1, 3"). */
void tt_head_end_ranked(tt_head *h, int nplayers, const int *key, int reason);

#endif
