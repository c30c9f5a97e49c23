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

/* The placement of a subtree, planned before any card is lifted (INWO-2.11.8):
 * each card's cell, rotation and final master-local side, -1 unplaceable. */
typedef struct plan {
    int n;
    int cards[INWO_STRUCT_MAX], masters[INWO_STRUCT_MAX], sides[INWO_STRUCT_MAX];
    int8_t x[INWO_STRUCT_MAX], y[INWO_STRUCT_MAX];
    uint8_t rot[INWO_STRUCT_MAX];
    int side[INWO_STRUCT_MAX];
    int ask;       /* the card whose cell is taken and who is asked, or -1 */
    unsigned open; /* its master's other open sides, a bit each */
} plan;

static const int dx[4] = {0, 1, 0, -1}, dy[4] = {1, 0, -1, 0};

/* Whether (x, y) of seat's grid is free for planned card i: inside the grid,
 * no card there but the moving ones (their cells count as empty), no card
 * planned there before i. */
static int cell_free(const inwo_state *s, const plan *pl, int seat, int i, int x, int y)
{
    if (x < INWO_GRID_MIN || x > INWO_GRID_MAX || y < INWO_GRID_MIN || y > INWO_GRID_MAX)
        return 0;
    int k = inwo_cell_node(s, seat, x, y);
    if (k >= 0)
        for (int j = 0; j < pl->n && k >= 0; j++)
            if (s->node[k].card == pl->cards[j])
                k = -1;
    if (k >= 0)
        return 0;
    for (int j = 0; j < i; j++)
        if (pl->side[j] >= 0 && pl->x[j] == x && pl->y[j] == y)
            return 0;
    return 1;
}

/* Whether planned card m's side sd leads to a free cell with no puppet
 * planned on it; its cell into *x, *y. */
static int side_free(const inwo_state *s, const plan *pl, int seat, int i, int m, int sd, int *x,
                     int *y)
{
    int d = (sd + pl->rot[m]) & 3;
    *x = pl->x[m] + dx[d];
    *y = pl->y[m] + dy[d];
    for (int j = 1; j < i; j++)
        if (pl->masters[j] == m && pl->side[j] == sd)
            return 0;
    return cell_free(s, pl, seat, i, *x, *y);
}

static void plan_at(const inwo_content *c, plan *pl, int i, int x, int y, int d, int sd)
{
    pl->x[i] = (int8_t)x;
    pl->y[i] = (int8_t)y;
    pl->rot[i] = (uint8_t)(((d + 2) - inwo_def_of(c, pl->cards[i])->arrow_in + 8) & 3);
    pl->side[i] = sd;
}

/* Plans t's subtree on arrow `side` of arrow_card; answers ans[0..nans-1]
 * settle the conflicts in the order met (INWO_REASSIGN_NONE: unplaceable).
 * The first conflict without an answer stops the plan: pl->ask. */
static void make_plan(const inwo_content *c, const inwo_state *s, int seat, int t, int arrow_card,
                      int side, const uint16_t *ans, int nans, plan *pl)
{
    pl->n = 1;
    if (s->card[t].zone == Z_STRUCTURE)
        pl->n = subtree(s, s->card[t].u.p.node, pl->cards, pl->masters, pl->sides);
    pl->cards[0] = t;
    pl->masters[0] = -1;
    pl->ask = -1;
    int x, y, used = 0;
    int d = inwo_arrow_cell(s, s->card[arrow_card].u.p.node, side, &x, &y);
    plan_at(c, pl, 0, x, y, d, side);
    for (int i = 1; i < pl->n; i++) {
        int m = pl->masters[i], sd = pl->sides[i];
        pl->side[i] = -1;
        if (pl->side[m] < 0)
            continue; /* its master is unplaceable: so is it */
        if (side_free(s, pl, seat, i, m, sd, &x, &y)) {
            plan_at(c, pl, i, x, y, (sd + pl->rot[m]) & 3, sd);
            continue;
        }
        unsigned open = 0;
        for (int s2 = 0; s2 < 4; s2++)
            if (s2 != sd && (inwo_def_of(c, pl->cards[m])->arrows_out >> s2 & 1) &&
                side_free(s, pl, seat, i, m, s2, &x, &y))
                open |= 1u << s2;
        if (!open)
            continue;
        if (used == nans) { /* INWO-2.11.8: its controller MAY reassign it */
            pl->ask = i;
            pl->open = open;
            return;
        }
        int a = ans[used++] >> 9;
        if (a < 4 && (open >> a & 1) && side_free(s, pl, seat, i, m, a, &x, &y))
            plan_at(c, pl, i, x, y, (a + pl->rot[m]) & 3, a);
    }
}

void inwo_transplant(const tt_game *g, inwo_state *s, int seat, int t, int arrow_card, int side,
                     int how, const uint16_t *ans, int nans, tt_events *ev)
{
    const inwo_content *c = g->content;
    plan pl;
    make_plan(c, s, seat, t, arrow_card, side, ans, nans, &pl);
    uint8_t tokens[INWO_STRUCT_MAX], used[INWO_STRUCT_MAX];
    int prev = s->card[t].holder, n = pl.n;
    for (int i = n - 1; i >= 0; i--) { /* deepest first: a lifted node has no puppets */
        int card = pl.cards[i];
        tokens[i] = how == TP_MOVE ? s->card[card].u.p.tokens : 0; /* INWO-5.11.5, 10.4.2 */
        used[i] = s->card[card].u.p.used;
        inwo_lift(s, card);
    }
    int newnode[INWO_STRUCT_MAX];
    newnode[0] = inwo_place(c, s, seat, t, s->card[arrow_card].u.p.node, side);
    for (int i = 1; i < n; i++) {
        int m = pl.masters[i];
        int ok = pl.side[i] >= 0 && newnode[m] >= 0 && (pl.ask < 0 || i < pl.ask);
        newnode[i] = ok ? inwo_place(c, s, seat, pl.cards[i], newnode[m], pl.side[i]) : -1;
        if (!ok)
            unplaceable(s, pl.cards[i], prev, seat, how, ev);
    }
    for (int i = 0; i < n; i++) {
        inwo_card *v = &s->card[pl.cards[i]];
        if (how == TP_CAPTURE)
            v->flags |= INWO_F_CAPTURED;
        if (newnode[i] < 0)
            continue;
        /* INWO-5.5.3: moving into a Devastated arm takes the tokens */
        v->u.p.tokens = inwo_devastated_arm(s, pl.cards[i]) ? 0 : tokens[i];
        v->u.p.used = used[i];
        inwo_links_follow(s, pl.cards[i], seat);
    }
    inwo_links_update(c, s);
}

/* --- reassigning a card whose cell is taken (INWO-2.11.8) ---------------------------------- */

/* Where item k's card goes: the capture's arrow or the move's. */
static void placing(const inwo_state *s, int *seat, int *t, int *arrow_card, int *side)
{
    int k = s->decl.ans[0];
    *seat = s->item[k].who & 7;
    *t = s->item[k].kind == H_ATTACK ? s->item[k].target : s->item[k].card;
    *arrow_card = s->decl.ans[1] & INWO_CARD_BITS;
    *side = s->decl.ans[1] >> 9 & 3;
}

int inwo_reassign_open(const tt_game *g, inwo_state *s, int k, int arrow_card, int side)
{
    if (s->decl.head != H_REASSIGN) {
        memset(&s->decl, 0, sizeof s->decl);
        s->decl.head = H_REASSIGN;
        s->decl.player = (uint8_t)(s->item[k].who & 7);
        s->decl.point = PT_RESOLVE;
        s->decl.ans[0] = (uint16_t)k;
        s->decl.ans[1] = (uint16_t)(arrow_card | side << 9);
        s->decl.nans = 2;
    }
    int seat, t, a, sd;
    placing(s, &seat, &t, &a, &sd);
    plan pl;
    make_plan(g->content, s, seat, t, a, sd, s->decl.ans + 2, s->decl.nans - 2, &pl);
    return pl.ask >= 0;
}

int inwo_placement_answers(inwo_state *s, uint16_t *ans)
{
    int n = s->decl.nans - 2;
    memcpy(ans, s->decl.ans + 2, (size_t)n * sizeof *ans);
    memset(&s->decl, 0, sizeof s->decl);
    return n;
}

/* The question asked now: the card, and its master's open sides. */
static int asked(const tt_game *g, const inwo_state *s, unsigned *open)
{
    int seat, t, a, sd;
    placing(s, &seat, &t, &a, &sd);
    plan pl;
    make_plan(g->content, s, seat, t, a, sd, s->decl.ans + 2, s->decl.nans - 2, &pl);
    *open = pl.open;
    return pl.ask < 0 ? -1 : pl.cards[pl.ask];
}

int inwo_reassign_check(const tt_game *g, const inwo_state *s, int arg, tt_error *err)
{
    unsigned open = 0;
    int card = s->decl.head == H_REASSIGN && s->decl.nans < INWO_DECL_MAX ? asked(g, s, &open) : -1;
    if (card < 0)
        return TT_REFUSE("INWO-2.11.8", NULL, "no card is being reassigned");
    if ((arg & INWO_CARD_BITS) != card)
        return TT_REFUSE("INWO-2.11.8", NULL, "the card asked about is %s",
                         inwo_def_of(g->content, card)->id);
    int sd = arg >> 9;
    if (sd != INWO_REASSIGN_NONE && (sd > 3 || !(open >> sd & 1)))
        return TT_REFUSE("INWO-2.11.8", NULL, "that side of its master is not open");
    return TT_OK;
}

int inwo_reassign_legal(const tt_game *g, const inwo_state *s, tt_action *out, int n)
{
    unsigned open = 0;
    int card = asked(g, s, &open);
    for (int sd = 0; sd <= INWO_REASSIGN_NONE && card >= 0; sd++)
        if (sd == INWO_REASSIGN_NONE || (open >> sd & 1)) {
            if (out)
                out[n] = INWO_A(H_REASSIGN, card | sd << 9);
            n++;
        }
    return n;
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

int inwo_move_dest(const tt_game *g, const inwo_state *s, int p, int gr, int h, int side)
{
    return dest_ok(g, s, p, gr, h, side);
}

/* The open arrows of p's structure a card may be moved onto (INWO-2.11.5,
 * 5.18.3), each node | side << 8; listed once for every group's check. */
static int open_arrows(const tt_game *g, const inwo_state *s, int p, uint16_t *out)
{
    int n = 0;
    for (int k = 0; k < s->nodes_end; k++)
        if (s->node[k].card != INWO_NONE && INWO_SEAT(s->node[k].geo) == p)
            for (int side = 0; side < 4; side++)
                if (inwo_arrow_open(g->content, s, k, side))
                    out[n++] = (uint16_t)(k | side << 8);
    return n;
}

/* Whether G may go somewhere: 0 yes, 1 no open arrow outside its subtree,
 * 2 none that a card holding a token may pay for (INWO-5.5.1). */
static int dest_state(const inwo_state *s, int p, int gr, const uint16_t *arrows, int n)
{
    int found = 1, root = s->card[gr].u.p.node;
    for (int i = 0; i < n; i++) {
        int h = s->node[arrows[i] & 0xFF].card;
        if (inwo_in_subtree(s, h, root))
            continue;
        if (payable(s, p, gr, h))
            return 0;
        found = 2;
    }
    return found;
}

/* The checks of `move <G>` that need no arrow (INWO-5.5.1, 2.15.2). */
static int head_basics(const tt_game *g, const inwo_state *s, int gr, tt_error *err)
{
    int p = s->active;
    if (s->decl.head || s->nrounds || s->point != PT_MAIN)
        return TT_REFUSE("INWO-5.5.1", NULL, "groups are moved in your Main Phase");
    if (gr >= ncards(s) || s->card[gr].zone != Z_STRUCTURE || s->card[gr].holder != p ||
        inwo_def_of(g->content, gr)->kind != INWO_GROUP)
        return TT_REFUSE("INWO-5.5.1", NULL, "move a group of your structure, not the Illuminati");
    return TT_OK;
}

static int head_dest(const inwo_state *s, int st, tt_error *err)
{
    if (st == 1)
        return TT_REFUSE("INWO-5.5.1", NULL, "no open arrow outside its subtree");
    if (st == 2)
        return TT_REFUSE("INWO-5.5.1", NULL, "no card that may pay the move holds a token");
    if (s->nrounds >= INWO_ROUNDS_MAX || s->nitems >= INWO_ITEMS_MAX)
        return TT_REFUSE("INWO-2.15.2", NULL, "too many items pending");
    return TT_OK;
}

static int chk_head(const tt_game *g, const inwo_state *s, int gr, tt_error *err)
{
    int rc = head_basics(g, s, gr, err);
    if (rc)
        return rc;
    uint16_t arrows[INWO_STRUCT_MAX * 4];
    int n = open_arrows(g, s, s->active, arrows);
    return head_dest(s, dest_state(s, s->active, gr, arrows, n), err);
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
        return inwo_arrow_refused(g->content, s, h, err);
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
    uint16_t arrows[INWO_STRUCT_MAX * 4]; /* the arrow question checks each: one will do */
    int na = s->decl.head == H_MOVE ? inwo_any_open_arrow(g->content, s, p)
             : !s->nrounds          ? open_arrows(g, s, p, arrows)
                                    : 0;
    for (int k = 0; k < s->nodes_end && na; k++) {
        int card = s->node[k].card;
        if (card == INWO_NONE || INWO_SEAT(s->node[k].geo) != p)
            continue;
        if (s->decl.head == H_MOVE) {
            for (int side = 0; side < 4; side++)
                n = add(g, s, INWO_A(H_ARROW, card | side << 9), out, n);
        } else if (head_basics(g, s, card, NULL) == TT_OK &&
                   head_dest(s, dest_state(s, p, card, arrows, na), NULL) == TT_OK) {
            if (out) /* as chk_head, with the arrows listed once */
                out[n] = INWO_A(H_MOVE, card);
            n++;
        }
    }
    return n;
}

/* INWO-10.3.7: the move is checked again when it resolves; its token is spent. */
int inwo_move_valid(const tt_game *g, const inwo_state *s, int k)
{
    const inwo_item *it = &s->item[k];
    int p = it->who & 7, gr = it->card;
    return s->card[gr].zone == Z_STRUCTURE && s->card[gr].holder == p &&
           dest_ok(g, s, p, gr, it->target, it->arg);
}

int inwo_move_resolve(const tt_game *g, inwo_state *s, int k, const uint16_t *ans, int nans,
                      tt_events *ev)
{
    const inwo_item *it = &s->item[k];
    int p = it->who & 7, gr = it->card, h = it->target, side = it->arg;
    if (s->card[gr].zone != Z_STRUCTURE || s->card[gr].holder != p ||
        !dest_ok(g, s, p, gr, h, side))
        return 0;
    inwo_transplant(g, s, p, gr, h, side, TP_MOVE, ans, nans, ev);
    return 1;
}
