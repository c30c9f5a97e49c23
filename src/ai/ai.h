/* AI players: what the registry (ai.c) and each AI's file share.
 *
 * A tt_ai is one struct for every kind: the common part (game, generator,
 * buffers made once at creation) and the kind's own fields. Choosing never
 * allocates: every buffer an AI needs is sized at tt_ai_new from the game
 * (tt_state_size, tt_max_actions) and the budget. */
#ifndef TT_AI_AI_H
#define TT_AI_AI_H

#include <stddef.h>

#include "core/rng.h"
#include "tabletop/ai.h"

/* Longest playout, in actions: a safety net for a game that would not end
 * (every game has its own turn limit, so a correct module never reaches it). */
#define AI_PLAYOUT_CAP 100000

typedef struct ai_node ai_node; /* ismcts.c */

struct tt_ai {
    const char *name;
    const tt_game *game;
    tt_rng rng;
    tt_action *legal; /* tt_max_actions entries */
    tt_state *work;   /* a state to search in */
    tt_ai_stats stats;
    int (*choose)(tt_ai *ai, const tt_state *state, tt_action *out);
    /* flat and ismcts */
    long iters;      /* iterations per decision, or 0 when ms is the budget */
    double ms;       /* milliseconds per decision, or 0 */
    long n;          /* flat: playouts per legal action */
    long playout;    /* flat, ismcts: actions a playout runs before tt_evaluate; 0: to the end */
    double c;        /* ismcts: exploration constant, returns in [0, 1] */
    tt_action *root; /* flat, ismcts: the actions at the root (playouts reuse legal) */
    double *sum;     /* flat: tt_max_actions running sums */
    long *cnt;       /* flat: tt_max_actions playout counts */
    /* ismcts: the tree's arena and the path of one iteration */
    ai_node *nodes;
    long capacity;
    int32_t *path;
    int32_t *child; /* per legal action: its child node, or -1 */
};

/* A key=value parameter list, parsed once. */
typedef struct ai_param {
    char key[16];
    char value[48];
    int used;
} ai_param;
#define AI_PARAMS_MAX 8

/* Splits "k=v k=v" into p (up to AI_PARAMS_MAX); returns the count, or -1
 * after filling err. */
int ai_params_parse(const char *text, ai_param *p, tt_error *err);
/* Reads parameter `key` as a number in [lo, hi] into *out (unchanged when
 * absent): 1 when present, 0 when absent, -1 after filling err. */
int ai_param_double(ai_param *p, int n, const char *ai, const char *key, double lo, double hi,
                    double *out, tt_error *err);
/* TT_OK when every parameter was read; else TT_EARG naming the first unknown. */
int ai_params_done(const ai_param *p, int n, const char *ai, const char *known, tt_error *err);

/* Plays st on with uniform random actions from ai->rng, to its end or for
 * ai->playout actions, and writes every player's return or its estimate
 * (tt_evaluate) to r. */
void ai_playout(tt_ai *ai, tt_state *st, double *r);
/* Reads `playout=` for flat and ismcts into ai->playout: 0 (to the end) up to
 * AI_PLAYOUT_CAP, by default the game's horizon; 0, or -1 after filling err. */
int ai_param_playout(tt_ai *ai, ai_param *p, int n, const char *kind, tt_error *err);

/* Seconds on the monotonic clock. */
double ai_now(void);

/* The kinds: each reads its parameters and sizes its buffers; TT_OK or a
 * failure in err (the caller frees what was made). */
int ai_random_init(tt_ai *ai, ai_param *p, int n, tt_error *err);
int ai_flat_init(tt_ai *ai, ai_param *p, int n, tt_error *err);
int ai_ismcts_init(tt_ai *ai, ai_param *p, int n, tt_error *err);

#endif
