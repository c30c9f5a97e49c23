/* ismcts: single-observer information-set Monte Carlo tree search.
 *
 * Cowling, Powley and Whitehouse (2012), SO-ISMCTS. One tree for the player
 * to move (the observer); each iteration determinizes the real position from
 * the observer's seat (tt_determinize), so the search by construction uses
 * nothing that player could not see, then walks the tree in that
 * determinization: at each node the children whose actions are legal there
 * are "available" (their availability count goes up); while an available
 * action has no child yet, one of them, at random, is added and the walk
 * leaves the tree; otherwise the child with the best UCB score
 * mean + c·sqrt(ln(availability) / visits) is followed. A uniform random
 * playout ends the game (or runs `playout=` actions, the game's horizon by
 * default, and the game's estimate, tt_evaluate, stands for its end), and
 * every node on the path adds the return of the player who chose its action
 * (tt_returns, mapped from [-1, 1] to [0, 1]), so
 * two to six players each maximise their own result. Opponents' nodes are
 * keyed by action as the observer's are; chance stays inside tt_apply.
 *
 * Representation: the tree lives in one arena of `capacity` nodes made at
 * tt_ai_new (sized from the budget: iters+1 nodes for iters=, 200 a
 * millisecond for ms=, or nodes=) and reset for each decision; children are a
 * linked list through node indices. An iteration allocates nothing. A tree
 * that fills its arena stops growing (stats.full) and keeps searching the
 * nodes it has. The choice is the most visited root child that is legal in
 * the real position (the first listed among equals). */
#include <math.h>
#include <stdlib.h>

#include "ai/ai.h"
#include "core/errors.h"

#define ISMCTS_DEFAULT_ITERS 1000
#define ISMCTS_DEFAULT_C 0.7
#define ISMCTS_NODES_PER_MS 200
#define ISMCTS_MIN_NODES 1024
#define ISMCTS_MAX_NODES (1L << 26)
#define ISMCTS_DEFAULT_MAX_NODES (1L << 22) /* 128 MB: what ms= alone may take */
#define ISMCTS_MAX_DEPTH 1024

struct ai_node {
    tt_action action; /* the action from the parent */
    int32_t first;    /* first child, or -1 */
    int32_t next;     /* next sibling, or -1 */
    int32_t player;   /* who chose `action` */
    uint32_t visits;
    uint32_t avail; /* iterations in which `action` was legal at the parent */
    double total;   /* sum of player's returns, each in [0, 1] */
};

static int32_t node_add(tt_ai *ai, int32_t parent, tt_action a, int player)
{
    int32_t i = (int32_t)ai->stats.nodes++;
    ai_node *n = &ai->nodes[i];
    n->action = a;
    n->first = -1;
    n->next = parent >= 0 ? ai->nodes[parent].first : -1;
    n->player = player;
    n->visits = 0;
    n->avail = 1;
    n->total = 0;
    if (parent >= 0)
        ai->nodes[parent].first = i;
    return i;
}

/* One iteration from the real position `state`, for observer `me`. */
static void iterate(tt_ai *ai, const tt_state *state, int me)
{
    const tt_game *g = ai->game;
    tt_state *st = ai->work;
    tt_state_copy(g, st, state);
    tt_determinize(g, st, me, tt_rng_next(&ai->rng));
    int depth = 0, p;
    int32_t at = 0;
    ai->path[depth++] = 0;
    while ((p = tt_to_move(g, st)) != TT_TERMINAL && depth < ISMCTS_MAX_DEPTH) {
        int k = tt_legal(g, st, ai->legal);
        int untried = 0;
        for (int i = 0; i < k; i++)
            ai->child[i] = -1;
        for (int32_t c = ai->nodes[at].first; c >= 0; c = ai->nodes[c].next)
            for (int i = 0; i < k; i++)
                if (ai->legal[i] == ai->nodes[c].action) {
                    ai->child[i] = c;
                    ai->nodes[c].avail++;
                    break;
                }
        for (int i = 0; i < k; i++)
            untried += ai->child[i] < 0;
        if (untried && ai->stats.nodes < ai->capacity) {
            int pick = (int)tt_rng_below(&ai->rng, (uint32_t)untried);
            int i = 0;
            for (;; i++)
                if (ai->child[i] < 0 && pick-- == 0)
                    break;
            at = node_add(ai, at, ai->legal[i], p);
            ai->path[depth++] = at;
            tt_apply(g, st, ai->legal[i], NULL, NULL);
            break;
        }
        if (untried)
            ai->stats.full = 1;
        int32_t best = -1;
        double best_score = -1;
        for (int i = 0; i < k; i++) {
            int32_t c = ai->child[i];
            if (c < 0)
                continue;
            const ai_node *n = &ai->nodes[c];
            double score = n->total / n->visits + ai->c * sqrt(log((double)n->avail) / n->visits);
            if (score > best_score) {
                best_score = score;
                best = c;
            }
        }
        if (best < 0)
            break; /* the arena is full and nothing here is in the tree */
        at = best;
        ai->path[depth++] = at;
        if (tt_apply(g, st, ai->nodes[at].action, NULL, NULL) != TT_OK)
            break;
    }
    double r[TT_MAX_PLAYERS];
    ai_playout(ai, st, r);
    for (int d = 1; d < depth; d++) {
        ai_node *n = &ai->nodes[ai->path[d]];
        n->visits++;
        n->total += (r[n->player] + 1) / 2;
    }
    ai->stats.iterations++;
}

static int ismcts_choose(tt_ai *ai, const tt_state *state, tt_action *out)
{
    const tt_game *g = ai->game;
    int me = tt_to_move(g, state);
    int k = tt_legal(g, state, ai->root);
    if (k <= 0)
        return TT_ESTATE;
    ai->stats.capacity = ai->capacity;
    if (k == 1) { /* nothing to think about */
        *out = ai->root[0];
        return TT_OK;
    }
    node_add(ai, -1, 0, me);
    double end = ai->ms > 0 ? ai_now() + ai->ms / 1000.0 : 0;
    for (long it = 0; ai->iters ? it < ai->iters : ai_now() < end; it++)
        iterate(ai, state, me);
    int best = 0;
    uint32_t best_visits = 0;
    for (int i = 0; i < k; i++)
        for (int32_t c = ai->nodes[0].first; c >= 0; c = ai->nodes[c].next)
            if (ai->nodes[c].action == ai->root[i] && ai->nodes[c].visits > best_visits) {
                best_visits = ai->nodes[c].visits;
                best = i;
            }
    *out = ai->root[best];
    return TT_OK;
}

int ai_ismcts_init(tt_ai *ai, ai_param *p, int n, tt_error *err)
{
    double iters = 0, ms = 0, c = ISMCTS_DEFAULT_C, nodes = 0;
    int has_iters = ai_param_double(p, n, "ismcts", "iters", 1, 1e9, &iters, err);
    int has_ms = ai_param_double(p, n, "ismcts", "ms", 1, 3.6e6, &ms, err);
    if (has_iters < 0 || has_ms < 0 || ai_param_double(p, n, "ismcts", "c", 0, 100, &c, err) < 0 ||
        ai_param_double(p, n, "ismcts", "nodes", ISMCTS_MIN_NODES, ISMCTS_MAX_NODES, &nodes, err) <
            0 ||
        ai_param_playout(ai, p, n, "ismcts", err) < 0)
        return TT_EARG;
    int rc = ai_params_done(p, n, "ismcts", "ms, iters, c, nodes, playout, seed", err);
    if (rc != TT_OK)
        return rc;
    if (has_iters && has_ms)
        return tt_fail(err, TT_EARG, NULL, "ismcts: give ms= or iters=, not both");
    if (!has_iters && !has_ms)
        iters = ISMCTS_DEFAULT_ITERS;
    ai->iters = (long)iters;
    ai->ms = ms;
    ai->c = c;
    if (nodes == 0) {
        nodes = ai->iters ? iters + 1 : ms * ISMCTS_NODES_PER_MS;
        nodes = nodes < ISMCTS_MIN_NODES           ? ISMCTS_MIN_NODES
                : nodes > ISMCTS_DEFAULT_MAX_NODES ? ISMCTS_DEFAULT_MAX_NODES
                                                   : nodes;
    }
    ai->capacity = (long)nodes;
    ai->nodes = malloc((size_t)ai->capacity * sizeof *ai->nodes);
    ai->path = malloc(ISMCTS_MAX_DEPTH * sizeof *ai->path);
    ai->child = malloc((size_t)tt_max_actions(ai->game) * sizeof *ai->child);
    if (!ai->nodes || !ai->path || !ai->child)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    ai->choose = ismcts_choose;
    return TT_OK;
}
