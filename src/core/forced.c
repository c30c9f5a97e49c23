/* Forced decisions: a question with one possible answer that tells nobody
 * anything, which a front end may answer for the player (tt_decision_forced).
 *
 * The test is conservative and uses only what the engine knows. The answer
 * must be the only legal action; applying it to a copy must leave the random
 * generator in the state's head untouched (no shuffle, draw or roll) and emit
 * only events every player sees in full (a private draw or a secret choice is
 * a moment the player should witness, even when it is his only one). Then the
 * forcedness itself must be public: a player who could notice that the
 * question was skipped (another person at a hot-seat table) must not learn
 * from it that the player to move holds no other answer. Invaders' cancel
 * window opens even for a player who can only decline, so that its timing
 * tells nothing about his hand (INV-5.18): such a decline is forced only when
 * every sample of the hidden cards, drawn by tt_determinize from the watcher's
 * knowledge, leaves that same single answer. Sampling is not proof, so the
 * samples are many for a question asked once; a front end asks this only for
 * a person's decisions, never in playouts. */
#include <stdlib.h>
#include <string.h>

#include "core/head.h"
#include "core/rng.h"
#include "core/rules.h"

#define FORCED_EVENTS 256  /* more events than this: not a quiet answer */
#define FORCED_SAMPLES 256 /* determinizations per watcher: a rare hidden answer is found */

/* Does applying `a` to a copy of s (into t) draw nothing random and emit only
 * events everyone sees in full? */
static int quiet(const tt_game *g, const tt_state *s, tt_state *t, tt_action a)
{
    tt_event buf[FORCED_EVENTS];
    tt_events ev = {buf, 0, FORCED_EVENTS, 0};
    tt_error err;
    tt_error_clear(&err);
    tt_state_copy(g, t, s);
    if (tt_apply(g, t, a, &ev, &err) != TT_OK || ev.dropped)
        return 0;
    if (memcmp(&tt_head_peek(s)->rng, &tt_head_peek(t)->rng, sizeof(tt_rng)) != 0)
        return 0;
    for (int i = 0; i < ev.n; i++)
        if (ev.ev[i].seen != TT_SEEN_ALL)
            return 0;
    return 1;
}

/* Would watcher q, from what he knows, find the same single answer `text` in
 * every sample of what he cannot see? */
static int public_to(const tt_game *g, const tt_state *s, tt_state *t, int q, const char *text,
                     tt_action *acts)
{
    uint64_t seed = tt_state_hash(g, s) ^ (uint64_t)(q + 1);
    for (int k = 0; k < FORCED_SAMPLES; k++) {
        char other[TT_ACTION_TEXT_MAX];
        tt_state_copy(g, t, s);
        tt_determinize(g, t, q, tt_mix64(seed + (uint64_t)k));
        if (tt_legal(g, t, acts) != 1 ||
            tt_action_format(g, t, acts[0], other, sizeof other) != TT_OK ||
            strcmp(other, text) != 0)
            return 0;
    }
    return 1;
}

int tt_decision_forced(const tt_game *g, const tt_state *s, unsigned watchers, tt_action *action)
{
    int mover = tt_to_move(g, s);
    if (mover == TT_TERMINAL)
        return 0;
    tt_action *acts = malloc((size_t)g->max_actions * sizeof *acts);
    tt_state *t = malloc(g->state_size);
    char text[TT_ACTION_TEXT_MAX];
    int forced = acts && t && tt_legal(g, s, acts) == 1 &&
                 tt_action_format(g, s, acts[0], text, sizeof text) == TT_OK;
    tt_action a = forced ? acts[0] : 0;
    forced = forced && quiet(g, s, t, a);
    for (int q = 0; forced && q < g->nplayers; q++)
        if (q != mover && (watchers >> q & 1))
            forced = public_to(g, s, t, q, text, acts);
    if (forced)
        *action = a;
    free(acts);
    free(t);
    return forced;
}
