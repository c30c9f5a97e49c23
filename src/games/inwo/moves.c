/* INWO's structure in motion: a group placed with its subtree on a new arrow
 * (INWO-2.11.8), as a capture (5.11.5) or a move (5.5) does it, and the move
 * command (`move <G>`, `arrow`, `pay`, INWO-5.5.1–5.5.4), a root item that
 * resolves when its round closes.
 *
 * A cell conflict is not offered for reassignment (house, docs/games/inwo.md):
 * the card whose cell is taken is unplaceable with its subtree. On the
 * playout path: no allocation, no strings. */
#include <string.h>

#include "core/errors.h"
#include "core/events.h"
#include "games/inwo/inwo.h"

static int ncards(const inwo_state *s)
{
    return s->nplayers * INWO_DECK_CARDS;
}

/* The subtree of node `root`, breadth first, local sides N, E, S, W within
 * one master: cards, the index of each one's master in the list, its side. */
static int subtree(const inwo_state *s, int root, int *cards, int *masters, int *sides)
{
    int nodes[INWO_STRUCT_MAX], n = 1;
    nodes[0] = root;
    cards[0] = s->node[root].card;
    masters[0] = -1;
    sides[0] = 0;
    for (int i = 0; i < n; i++)
        for (int sd = 0; sd < 4; sd++)
            for (int q = 0; q < s->nodes_end; q++)
                if (s->node[q].card != INWO_NONE && s->node[q].master == nodes[i] &&
                    INWO_SIDE(s->node[q].geo) == sd && n < INWO_STRUCT_MAX) {
                    cards[n] = s->node[q].card;
                    masters[n] = i;
                    sides[n] = sd;
                    nodes[n++] = q;
                }
    return n;
}

int inwo_in_subtree(const inwo_state *s, int card, int root)
{
    if (s->card[card].zone != Z_STRUCTURE)
        return 0;
    for (int k = s->card[card].u.p.node; k != INWO_NO_NODE; k = s->node[k].master)
        if (k == root)
            return 1;
    return 0;
}

/* An unplaceable card (INWO-2.11.8): discarded from a capture; from a move,
 * back to the hand of the player who controlled it, without tokens (5.5.4),
 * or to its owner's discard pile when that hand is full (2.15.2 (c)). */
static void unplaceable(inwo_state *s, int card, int prev, int seat, int how, tt_events *ev)
{
    int full = s->npile[prev][Z_HAND] >= INWO_HAND_MAX;
    if (how == TP_MOVE && !full)
        inwo_put(s, card, Z_HAND, prev);
    else
        inwo_put(s, card, Z_DISCARD, inwo_owner(card));
    inwo_links_left(s, card, prev);
    tt_emit(ev, INWO_EV_CAPTURE, seat, TT_SEEN_ALL, card, 1, 0, 0);
}

void inwo_transplant(const tt_game *g, inwo_state *s, int seat, int t, int arrow_card, int side,
                     int how, tt_events *ev)
{
    const inwo_content *c = g->content;
    int cards[INWO_STRUCT_MAX], masters[INWO_STRUCT_MAX], sides[INWO_STRUCT_MAX];
    uint8_t tokens[INWO_STRUCT_MAX], used[INWO_STRUCT_MAX];
    int prev = s->card[t].holder, n = 1;
    if (s->card[t].zone == Z_STRUCTURE)
        n = subtree(s, s->card[t].u.p.node, cards, masters, sides);
    cards[0] = t;
    masters[0] = -1;
    for (int i = n - 1; i >= 0; i--) { /* deepest first: a lifted node has no puppets */
        tokens[i] = how == TP_MOVE ? s->card[cards[i]].u.p.tokens : 0; /* INWO-5.11.5, 10.4.2 */
        used[i] = s->card[cards[i]].u.p.used;
        inwo_lift(s, cards[i]);
    }
    int newnode[INWO_STRUCT_MAX];
    newnode[0] = inwo_place(c, s, seat, t, s->card[arrow_card].u.p.node, side);
    for (int i = 1; i < n; i++) {
        int m = masters[i], x = 0, y = 0, ok = newnode[m] >= 0;
        if (ok) {
            inwo_arrow_cell(s, newnode[m], sides[i], &x, &y);
            ok = inwo_cell_node(s, seat, x, y) < 0 && x >= INWO_GRID_MIN && x <= INWO_GRID_MAX &&
                 y >= INWO_GRID_MIN && y <= INWO_GRID_MAX;
        }
        newnode[i] = ok ? inwo_place(c, s, seat, cards[i], newnode[m], sides[i]) : -1;
        if (!ok)
            unplaceable(s, cards[i], prev, seat, how, ev);
    }
    for (int i = 0; i < n; i++) {
        inwo_card *v = &s->card[cards[i]];
        if (how == TP_CAPTURE)
            v->flags |= INWO_F_CAPTURED;
        if (newnode[i] < 0)
            continue;
        /* INWO-5.5.3: moving into a Devastated arm takes the tokens */
        v->u.p.tokens = inwo_devastated_arm(s, cards[i]) ? 0 : tokens[i];
        v->u.p.used = used[i];
        inwo_links_follow(s, cards[i], seat);
    }
    inwo_links_update(c, s);
}

/* --- the move command (INWO-5.5.1) -------------------------------------------------------- */

static int master_card(const inwo_state *s, int card)
{
    int m = s->node[s->card[card].u.p.node].master;
    return m == INWO_NO_NODE ? -1 : s->node[m].card;
}

/* Whether one of the cards that may pay the move (G, G's master, the arrow's
 * card H, the Illuminati) can spend a token; h -1: H not chosen yet. */
static int payable(const inwo_state *s, int p, int gr, int h)
{
    int m = master_card(s, gr);
    return inwo_can_spend(s, p, gr) || (m >= 0 && inwo_can_spend(s, p, m)) ||
           (h >= 0 && inwo_can_spend(s, p, h)) || inwo_can_spend(s, p, inwo_illuminati(s, p));
}

/* Whether arrow `side` of card h is one G may move to (INWO-5.5.1): open, of
 * p's structure, outside G's subtree, its card not paralyzed. */
static int dest_ok(const tt_game *g, const inwo_state *s, int p, int gr, int h, int side)
{
    const inwo_card *v = &s->card[h];
    return v->zone == Z_STRUCTURE && v->holder == p &&
           !inwo_in_subtree(s, h, s->card[gr].u.p.node) &&
           inwo_arrow_open(g->content, s, v->u.p.node, side);
}

static int any_dest(const tt_game *g, const inwo_state *s, int p, int gr, int pay_needed)
{
    for (int k = 0; k < s->nodes_end; k++) {
        int h = s->node[k].card;
        if (h == INWO_NONE || INWO_SEAT(s->node[k].geo) != p)
            continue;
        for (int side = 0; side < 4; side++)
            if (dest_ok(g, s, p, gr, h, side) && (!pay_needed || payable(s, p, gr, h)))
                return 1;
    }
    return 0;
}

static int chk_head(const tt_game *g, const inwo_state *s, int gr, tt_error *err)
{
    int p = s->active;
    if (s->decl.head || s->nrounds || s->point != PT_MAIN)
        return TT_REFUSE("INWO-5.5.1", NULL, "groups are moved in your Main Phase");
    if (gr >= ncards(s) || s->card[gr].zone != Z_STRUCTURE || s->card[gr].holder != p ||
        inwo_def_of(g->content, gr)->kind != INWO_GROUP)
        return TT_REFUSE("INWO-5.5.1", NULL, "move a group of your structure, not the Illuminati");
    if (!any_dest(g, s, p, gr, 0))
        return TT_REFUSE("INWO-5.5.1", NULL, "no open arrow outside its subtree");
    if (!any_dest(g, s, p, gr, 1))
        return TT_REFUSE("INWO-5.5.1", NULL, "no card that may pay the move holds a token");
    if (s->nrounds >= INWO_ROUNDS_MAX || s->nitems >= INWO_ITEMS_MAX)
        return TT_REFUSE("INWO-2.15.2", NULL, "too many items pending");
    return TT_OK;
}

static int chk_arrow(const tt_game *g, const inwo_state *s, int arg, tt_error *err)
{
    int p = s->decl.player, gr = s->decl.ans[0], h = arg & INWO_CARD_BITS, side = arg >> 9 & 3;
    if (s->decl.nans != 1)
        return TT_REFUSE("INWO-5.0.4", NULL, "the arrow is chosen");
    if (h >= ncards(s) || s->card[h].zone != Z_STRUCTURE || s->card[h].holder != p)
        return TT_REFUSE("INWO-2.11.5", NULL, "choose an arrow of your structure");
    if (inwo_in_subtree(s, h, s->card[gr].u.p.node))
        return TT_REFUSE("INWO-5.5.1", NULL, "that arrow is in the moving subtree");
    if (!dest_ok(g, s, p, gr, h, side))
        return TT_REFUSE("INWO-2.11.5", NULL, "that arrow is not open");
    if (!payable(s, p, gr, h))
        return TT_REFUSE("INWO-5.5.1", NULL, "no card that may pay the move holds a token");
    return TT_OK;
}

static int chk_pay(const inwo_state *s, int card, tt_error *err)
{
    int p = s->decl.player, gr = s->decl.ans[0], h = s->decl.ans[1] & INWO_CARD_BITS;
    if (s->decl.nans != 2)
        return TT_REFUSE("INWO-5.0.4", NULL, "the arrow is chosen first");
    if (card != gr && card != master_card(s, gr) && card != h && card != inwo_illuminati(s, p))
        return TT_REFUSE("INWO-5.5.1", NULL,
                         "the group, its master, the arrow's card or your Illuminati pays");
    if (!inwo_can_spend(s, p, card))
        return TT_REFUSE("INWO-5.1.1", NULL, "that card has no token to spend");
    return TT_OK;
}

int inwo_move_check(const tt_game *g, const inwo_state *s, tt_action a, tt_error *err)
{
    int arg = INWO_ARG(a);
    switch (INWO_HEAD(a)) {
    case H_MOVE: return chk_head(g, s, arg, err);
    case H_ARROW: return chk_arrow(g, s, arg, err);
    default: return chk_pay(s, arg, err);
    }
}

static int add(const tt_game *g, const inwo_state *s, tt_action a, tt_action *out, int n)
{
    if (inwo_move_check(g, s, a, NULL) != TT_OK)
        return n;
    if (out)
        out[n] = a;
    return n + 1;
}

int inwo_move_legal(const tt_game *g, const inwo_state *s, tt_action *out, int n)
{
    int p = s->decl.head == H_MOVE ? s->decl.player : s->active;
    if (s->decl.head == H_MOVE && s->decl.nans == 2) {
        int gr = s->decl.ans[0], h = s->decl.ans[1] & INWO_CARD_BITS, m = master_card(s, gr);
        int who[4] = {gr, m, h, inwo_illuminati(s, p)};
        for (int i = 0; i < 4; i++) {
            int dup = who[i] < 0;
            for (int j = 0; j < i && !dup; j++)
                dup = who[j] == who[i];
            if (!dup)
                n = add(g, s, INWO_A(H_PAY, who[i]), out, n);
        }
        return n;
    }
    for (int k = 0; k < s->nodes_end; k++) {
        int card = s->node[k].card;
        if (card == INWO_NONE || INWO_SEAT(s->node[k].geo) != p)
            continue;
        if (s->decl.head != H_MOVE)
            n = add(g, s, INWO_A(H_MOVE, card), out, n);
        else
            for (int side = 0; side < 4; side++)
                n = add(g, s, INWO_A(H_ARROW, card | side << 9), out, n);
    }
    return n;
}

/* INWO-10.3.7: the move is checked again when it resolves; its token is spent. */
int inwo_move_resolve(const tt_game *g, inwo_state *s, int k, tt_events *ev)
{
    const inwo_item *it = &s->item[k];
    int p = it->who & 7, gr = it->card, h = it->target, side = it->arg;
    if (s->card[gr].zone != Z_STRUCTURE || s->card[gr].holder != p ||
        !dest_ok(g, s, p, gr, h, side))
        return 0;
    inwo_transplant(g, s, p, gr, h, side, TP_MOVE, ev);
    return 1;
}
