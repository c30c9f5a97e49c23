/* Dice pools: d10s rolled together and read one by one (DESIGN.md, core).
 *
 * A pool is a number of dice, a Difficulty Score and a per-die modifier. Each
 * die is compared with the DS on its own; results are never summed. A natural
 * 10 reads 10 whatever the modifiers (penalties do not touch it, bonuses cannot
 * matter) and a natural 1 ignores bonuses (Tannhäuser, TAN-5.1.4; the rule is
 * common to d10 pool games). A bonus-made 10 is not a natural 10.
 *
 * Faces come from the state's generator, unless a test or a puzzle has rigged
 * them: tt_dice_rig is a small queue inside the flat state, and every die any
 * game rolls takes the next rigged face first. Rolling emits one TT_EV_POOL
 * event and the faces in TT_EV_FACES events (four per event), which
 * tt_dice_event_text narrates for every game. No allocation, no strings on the
 * rolling path. */
#ifndef TT_CORE_DICE_H
#define TT_CORE_DICE_H

#include <stddef.h>
#include <stdint.h>

#include "core/rng.h"
#include "tabletop/event.h"

#define TT_DICE_RIG_MAX 48 /* rigged faces waiting */
#define TT_POOL_MAX 32     /* dice in one pool */

/* Event types the core reserves for dice (games number theirs below 0xF000). */
enum { TT_EV_POOL = 0xF000, TT_EV_FACES = 0xF001 };

typedef struct tt_dice_rig {
    uint8_t at, n; /* faces[at..n) are still to come */
    uint8_t face[TT_DICE_RIG_MAX];
} tt_dice_rig;

typedef struct tt_pool_roll {
    int ndice; /* dice rolled (0 rolls nothing) */
    int ds;    /* the Difficulty Score, already clamped */
    int mod;   /* added to each die */
    int successes;
    uint8_t face[TT_POOL_MAX]; /* natural faces, in roll order */
} tt_pool_roll;

/* One die of `sides` faces: the next rigged face if any, else a fair roll. */
int tt_die(tt_rng *rng, tt_dice_rig *rig, int sides);

/* The modified result of one d10 face (TAN-5.1.4): 10 stays 10; 1 takes no bonus. */
int tt_d10_result(int face, int mod);

/* Rolls ndice d10s (clamped to 0..TT_POOL_MAX) against ds with mod on each die
 * into out, emits the roll for player (ev may be NULL), and returns the number
 * of successes. */
int tt_pool_d10(tt_rng *rng, tt_dice_rig *rig, int ndice, int ds, int mod, tt_pool_roll *out,
                tt_events *ev, int player);

/* Queues faces to come; TT_EARG (and the rig unchanged) when a face is outside
 * 1..sides or the queue would overflow. */
int tt_dice_rig_add(tt_dice_rig *rig, const int *faces, int n, int sides);

/* Narrates a TT_EV_POOL or TT_EV_FACES event ("5 dice at DS 4, +1: 2 4 7 1 3 →
 * 2 successes" is written by the pool event after its faces); returns the
 * length, 0 for other events. The faces events of a pool come first. */
int tt_dice_event_text(const tt_event *ev, char *buf, size_t n);

#endif
