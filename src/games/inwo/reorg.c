/* INWO's REORGANIZE (INWO-2.10.7, 5.0.6): when the play resolves, its
 * player moves his groups to other open arrows of his structure at no token
 * cost, one move at a time: `move <G>`, `arrow <arrow>` (then `reassign`
 * where a card of the subtree finds its cell taken, INWO-2.11.8), as often
 * as he wants, ended by `done`.
 *
 * The resolution is a declaration (head INWO_D_REORGANIZE, point PT_RESOLVE)
 * whose root, the play's item, stays pending until `done`. Each move made
 * is an info item above it (kind H_MOVE, num 0: not an action, never
 * named) that moves.c resolves as a move whose token is not spent; it stays
 * there, so each group moves once per REORGANIZE and the resolution ends.
 * Playouts run this: no allocation, no strings. */
#include <string.h>

#include "core/errors.h"
#include "games/inwo/inwo.h"

static int root_of(const inwo_state *s)
{
    return s->decl.ans[INWO_DECL_ROOT];
}

/* Whether group gr moved already in the REORGANIZE of root k. */
static int moved(const inwo_state *s, int k, int gr)
{
    for (int j = k + 1; j < s->nitems; j++)
        if (s->item[j].parent == k && s->item[j].kind == H_MOVE && s->item[j].card == gr)
            return 1;
    return 0;
}

/* Whether gr, a group of p's structure not moved yet, has an open arrow of
 * p's structure outside its subtree to go to (INWO-5.5.2). */
static int movable(const tt_game *g, const inwo_state *s, int p, int gr)
{
    const inwo_card *v = &s->card[gr];
    if (v->zone != Z_STRUCTURE || v->holder != p ||
        inwo_def_of(g->content, gr)->kind != INWO_GROUP || moved(s, root_of(s), gr))
        return 0;
    for (int k = 0; k < s->nodes_end; k++) {
        int h = s->node[k].card;
        if (h == INWO_NONE || INWO_SEAT(s->node[k].geo) != p)
            continue;
        for (int side = 0; side < 4; side++)
            if (inwo_move_dest(g, s, p, gr, h, side))
                return 1;
    }
    return 0;
}

static void ask_move(inwo_state *s, int p, int k)
{
    memset(&s->decl, 0, sizeof s->decl);
    s->decl.head = INWO_D_REORGANIZE;
    s->decl.player = (uint8_t)p;
    s->decl.point = PT_RESOLVE;
    s->decl.ans[INWO_DECL_ROOT] = (uint16_t)k;
    s->point = PT_RESOLVE;
}

int inwo_reorg_open(const tt_game *g, inwo_state *s, int k)
{
    ask_move(s, s->item[k].who & 7, k);
    for (int i = 0; i < s->nodes_end; i++) /* nothing to move: nothing is asked */
        if (s->node[i].card != INWO_NONE && movable(g, s, s->decl.player, s->node[i].card))
            return 1;
    memset(&s->decl, 0, sizeof s->decl);
    return 0;
}

int inwo_reorg_check(const tt_game *g, const inwo_state *s, tt_action a, tt_error *err)
{
    int head = INWO_HEAD(a), arg = INWO_ARG(a), p = s->decl.player;
    int choosing = s->decl.nans == 0, gr = s->decl.ans[0];
    if (head == H_DONE && choosing)
        return TT_OK;
    if (head == H_MOVE && choosing) {
        if (arg >= s->nplayers * INWO_DECK_CARDS || !movable(g, s, p, arg))
            return TT_REFUSE("INWO-5.0.6", NULL,
                             "move a group of your structure not moved yet that has an open "
                             "arrow to go to");
        if (s->nitems >= INWO_ITEMS_MAX)
            return TT_REFUSE("INWO-2.15.2", NULL, "too many items pending");
        return TT_OK;
    }
    if (head == H_ARROW && !choosing) {
        int h = arg & INWO_CARD_BITS, side = arg >> 9 & 3;
        if (h >= s->nplayers * INWO_DECK_CARDS || s->card[h].zone != Z_STRUCTURE ||
            s->card[h].holder != p)
            return TT_REFUSE("INWO-2.11.5", NULL, "choose an arrow of your structure");
        if (inwo_in_subtree(s, h, s->card[gr].u.p.node))
            return TT_REFUSE("INWO-5.5.1", NULL, "that arrow is in the moving subtree");
        if (!inwo_move_dest(g, s, p, gr, h, side))
            return inwo_arrow_refused(g->content, s, h, err);
        return TT_OK;
    }
    return TT_REFUSE("INWO-5.0.6", NULL,
                     choosing ? "REORGANIZE asks move <G> or done" : "REORGANIZE asks an arrow");
}

static int add(const tt_game *g, const inwo_state *s, tt_action a, tt_action *out, int n)
{
    if (inwo_reorg_check(g, s, a, NULL) != TT_OK)
        return n;
    if (out)
        out[n] = a;
    return n + 1;
}

int inwo_reorg_legal(const tt_game *g, const inwo_state *s, tt_action *out, int n)
{
    int p = s->decl.player;
    if (s->decl.nans == 0)
        n = add(g, s, INWO_A(H_DONE, 0), out, n);
    for (int k = 0; k < s->nodes_end; k++) {
        int card = s->node[k].card;
        if (card == INWO_NONE || INWO_SEAT(s->node[k].geo) != p)
            continue;
        if (s->decl.nans == 0)
            n = add(g, s, INWO_A(H_MOVE, card), out, n);
        else
            for (int side = 0; side < 4; side++)
                n = add(g, s, INWO_A(H_ARROW, card | side << 9), out, n);
    }
    return n;
}

int inwo_reorg_moved(const tt_game *g, inwo_state *s, int j, const uint16_t *ans, int nans,
                     tt_events *ev)
{
    int k = s->item[j].parent, p = s->item[j].who & 7;
    if (k == 0xFF || (s->item[k].kind != H_USE && s->item[k].kind != H_PLAY) || s->item[j].num)
        return 0; /* an ordinary move */
    inwo_move_resolve(g, s, j, ans, nans, ev);
    ask_move(s, p, k);
    return 1;
}

int inwo_reorg_apply(const tt_game *g, inwo_state *s, tt_action a, tt_events *ev)
{
    int k = root_of(s), p = s->decl.player, arg = INWO_ARG(a);
    switch (INWO_HEAD(a)) {
    case H_DONE:
        memset(&s->decl, 0, sizeof s->decl);
        inwo_play_finish(g, s, k, ev);
        return k;
    case H_MOVE: s->decl.ans[s->decl.nans++] = (uint16_t)arg; return -1;
    default: { /* the arrow: the move is made, or a reassignment asked first */
        int gr = s->decl.ans[0], h = arg & INWO_CARD_BITS, side = arg >> 9 & 3;
        int j = s->nitems++;
        s->item[j] = (inwo_item){H_MOVE,        (uint8_t)p, (uint16_t)gr, (uint16_t)h, (uint8_t)k,
                                 (uint8_t)side, 0};
        memset(&s->decl, 0, sizeof s->decl);
        if (!inwo_reassign_open(g, s, j, h, side)) {
            memset(&s->decl, 0, sizeof s->decl);
            inwo_reorg_moved(g, s, j, NULL, 0, ev);
        }
        return -1;
    }
    }
}
