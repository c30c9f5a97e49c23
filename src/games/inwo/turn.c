/* INWO's turn (INWO-4): the steps of the active player's turn, the open
 * rounds between them, the response rounds of root items (INWO-4.6) and the
 * decisions of each point (INWO-5.0.4): buying Plots (5.2), the step draws,
 * the automatic takeover (5.3), the Illuminati-token actions (5.4), cleanup
 * and the off-turn Plot limit (4.5, 5.7.2), the round cap (9.5.2).
 *
 * The state holds where the turn stands in `step` (the active player's
 * step), the open rounds in rounds[] (core/round.h: a stack, the top one
 * polling; its id an item index or an OR_… kind), the items in item[] and a
 * half-made declaration in `decl`; `point` and `to_move` are derived from
 * them by settle() after every change. Every action is checked by one
 * function that legal and apply both call (err NULL when listing), so the
 * two never disagree. On the playout path: no allocation, no strings. */
#include <string.h>

#include "core/errors.h"
#include "core/events.h"
#include "core/pile.h"
#include "games/inwo/inwo.h"

static const inwo_content *content_of(const tt_game *g)
{
    return g->content;
}

static unsigned all_seats(const inwo_state *s)
{
    return (1u << s->nplayers) - 1;
}

/* --- who decides now ------------------------------------------------------------------- */

static tt_round *top(inwo_state *s)
{
    return s->nrounds ? &s->rounds[s->nrounds - 1] : NULL;
}

static const tt_round *top_c(const inwo_state *s)
{
    return s->nrounds ? &s->rounds[s->nrounds - 1] : NULL;
}

/* The point and the player deciding, from the step, rounds and declaration. */
static void settle(inwo_state *s)
{
    if (s->head.over) {
        s->point = PT_OVER;
        return;
    }
    if (s->point == PT_DISPOSE)
        return;
    const tt_round *r = top_c(s);
    if (s->decl.head) {
        s->to_move = s->decl.player;
        if (s->decl.point == PT_RESOLVE)
            s->point = PT_RESOLVE;
        return; /* else the point stays the one the declaration began at */
    }
    if (r) {
        s->point = r->id == OR_UPKEEP ? PT_UPKEEP : r->id == OR_THWART ? PT_THWART : PT_ROUND;
        if (r->id < OR_UPKEEP && s->roll &&
            (s->item[r->id].kind == H_ATTACK || s->item[r->id].kind == INWO_K_INSTANT))
            s->point = PT_AFTER_ROLL; /* INWO-5.9.9 */
        s->to_move = (uint8_t)tt_round_holder(r);
        return;
    }
    s->point = s->step;
    s->to_move = s->step == PT_DECLARE ? s->asking : s->active;
}

int inwo_turn_to_move(const inwo_state *s)
{
    return s->head.over ? TT_TERMINAL : s->to_move;
}

int inwo_next_seat(const inwo_state *s, int p)
{
    for (int k = 1; k <= s->nplayers; k++) {
        int q = (p + k) % s->nplayers;
        if (!(s->head.eliminated >> q & 1))
            return q;
    }
    return p;
}

void inwo_open_round(inwo_state *s, int start, int id)
{
    tt_round *r = tt_round_push(s->rounds, &s->nrounds, INWO_ROUNDS_MAX);
    tt_round_open(r, s->nplayers, start, s->head.eliminated, 0, id);
}

/* --- cards and tokens ------------------------------------------------------------------- */

static int def_index(const inwo_content *c, int card)
{
    return c->deck[inwo_owner(card)].def[card % INWO_DECK_CARDS];
}

int inwo_illuminati(const inwo_state *s, int seat)
{
    return s->node[s->pl[seat].illuminati_node].card;
}

/* A card of seat's structure that may spend a token now (INWO-5.18.3). */
int inwo_can_spend(const inwo_state *s, int seat, int card)
{
    const inwo_card *v = &s->card[card];
    return v->zone == Z_STRUCTURE && v->holder == seat && v->u.p.tokens > 0 &&
           !(v->flags & INWO_F_PARALYZED);
}

/* Whether card_id `def` may enter play (INWO-10.1.1–10.1.6): no copy in a
 * structure or among Resources in play, not destroyed, unless MULTI_COPY;
 * a non-Unique Resource always may. */
static int multi_copy(const inwo_def *d)
{
    for (int k = 0; k < d->nability; k++)
        if (d->ability[k].op == OP_MULTI_COPY)
            return 1;
    return 0;
}

int inwo_copy_free(const inwo_content *c, const inwo_state *s, int card)
{
    const inwo_def *d = inwo_def_of(c, card);
    int def = def_index(c, card);
    if (multi_copy(d) || (d->kind == INWO_RESOURCE && !(d->rtypes >> RT_UNIQUE & 1)))
        return 1;
    if (s->destroyed[def >> 3] >> (def & 7) & 1)
        return 0;
    int n;
    const uint16_t *copies = inwo_def_instances(c, def, &n);
    for (int j = 0; j < n; j++)
        if (s->card[copies[j]].zone == Z_STRUCTURE || s->card[copies[j]].zone == Z_RESOURCE)
            return 0;
    return 1;
}

int inwo_structure_size(const inwo_state *s, int seat)
{
    int n = 0;
    for (int k = 0; k < s->nodes_end; k++)
        n += s->node[k].card != INWO_NONE && INWO_SEAT(s->node[k].geo) == seat;
    return n;
}

static int resources(const inwo_state *s, int seat)
{
    int n = 0;
    for (int i = 0; i < s->nplayers * INWO_DECK_CARDS; i++)
        n += s->card[i].zone == Z_RESOURCE && s->card[i].holder == seat;
    return n;
}

/* Whether side `side` of node k is an open arrow (INWO-2.11.5) on which a
 * card may be placed (its card not paralyzed, INWO-5.18.3). */
int inwo_arrow_open(const inwo_content *c, const inwo_state *s, int k, int side)
{
    const inwo_node *v = &s->node[k];
    if (v->card == INWO_NONE || !(inwo_def_of(c, v->card)->arrows_out >> side & 1) ||
        inwo_paralyzed(s, v->card))
        return 0;
    int x, y;
    inwo_arrow_cell(s, k, side, &x, &y);
    if (x < INWO_GRID_MIN || x > INWO_GRID_MAX || y < INWO_GRID_MIN || y > INWO_GRID_MAX)
        return 0;
    return inwo_cell_node(s, INWO_SEAT(v->geo), x, y) < 0;
}

int inwo_arrow_refused(const inwo_content *c, const inwo_state *s, int card, tt_error *err)
{
    if (inwo_paralyzed(s, card))
        return TT_REFUSE("INWO-5.18.3", NULL, "%s is paralyzed: it takes no new puppet",
                         inwo_def_of(c, card)->id);
    return TT_REFUSE("INWO-2.11.5", NULL, "that arrow is not open");
}

int inwo_any_open_arrow(const inwo_content *c, const inwo_state *s, int seat)
{
    for (int k = 0; k < s->nodes_end; k++)
        if (s->node[k].card != INWO_NONE && INWO_SEAT(s->node[k].geo) == seat)
            for (int side = 0; side < 4; side++)
                if (inwo_arrow_open(c, s, k, side))
                    return 1;
    return 0;
}

/* --- buying Plots (INWO-5.2) --------------------------------------------------------------- */

/* Whether seat's non-Illuminati groups could spend 2 tokens now (a Plot's
 * price, INWO-5.2.1): the count stops once it is reached. */
static int two_group_tokens(const inwo_content *c, const inwo_state *s, int seat)
{
    int n = 0;
    for (int k = 0; k < s->nodes_end && n < 2; k++) {
        int card = s->node[k].card;
        if (card != INWO_NONE && INWO_SEAT(s->node[k].geo) == seat &&
            inwo_can_spend(s, seat, card) && inwo_def_of(c, card)->kind == INWO_GROUP)
            n += s->card[card].u.p.tokens;
    }
    return n >= 2;
}

/* Whether the player to move holds priority or is the active player at a
 * step where he may buy (INWO-4.6.6, 5.0.4). */
static int may_buy_here(const inwo_state *s)
{
    if (s->point == PT_DISPOSE)
        return 0;
    if (s->nrounds)
        return 1;
    return s->step == PT_STEP1 || s->step == PT_STEP2 || s->step == PT_STEP3 ||
           s->step == PT_STEP6 || s->step == PT_MAIN;
}

static int chk_buy(const tt_game *g, const inwo_state *s, tt_error *err)
{
    const inwo_content *c = content_of(g);
    int p = s->to_move;
    if (s->decl.head || !may_buy_here(s))
        return TT_REFUSE("INWO-5.0.4", NULL, "buy is not offered at this point");
    if (!s->npile[p][Z_PLOT_DECK])
        return TT_REFUSE("INWO-5.2.1", NULL, "your Plot deck is empty");
    if (!inwo_can_spend(s, p, inwo_illuminati(s, p)) && !two_group_tokens(c, s, p))
        return TT_REFUSE("INWO-5.2.1", NULL,
                         "a Plot costs 1 Illuminati token or 2 tokens of other groups");
    if (s->npile[p][Z_HAND] >= INWO_HAND_MAX)
        return TT_REFUSE("INWO-2.15.2", NULL, "your hand holds 64 cards");
    return TT_OK;
}

static int chk_pay(const tt_game *g, const inwo_state *s, int card, tt_error *err)
{
    const inwo_content *c = content_of(g);
    int p = s->decl.player;
    if (s->decl.head != H_BUY)
        return TT_REFUSE("INWO-5.0.4", NULL, "no cost is being paid");
    if (card >= s->nplayers * INWO_DECK_CARDS || !inwo_can_spend(s, p, card))
        return TT_REFUSE("INWO-5.1.1", NULL, "pay with a card of your structure holding a token");
    int first = s->decl.nans == 0, illu = card == inwo_illuminati(s, p);
    if (illu && !first)
        return TT_REFUSE("INWO-5.2.1", NULL, "the second token comes from another group");
    if (!illu && inwo_def_of(c, card)->kind != INWO_GROUP)
        return TT_REFUSE("INWO-5.1.4", NULL, "a Resource's tokens pay only its own abilities");
    if (!illu && first && !two_group_tokens(c, s, p))
        return TT_REFUSE("INWO-5.2.1", NULL, "your other groups hold fewer than 2 tokens");
    if (!first && s->decl.ans[0] == card && s->card[card].u.p.tokens < 2)
        return TT_REFUSE("INWO-5.2.1", NULL, "that group holds one token only");
    return TT_OK;
}

static void do_buy(inwo_state *s, int p, int a, int b, tt_events *ev)
{
    s->card[a].u.p.tokens--;
    if (b != INWO_NONE)
        s->card[b].u.p.tokens--;
    tt_emit(ev, INWO_EV_BUY, p, TT_SEEN_ALL, a, b == INWO_NONE ? -1 : b, 0, 0);
    uint16_t k = inwo_pile_take(s, p, Z_PLOT_DECK, s->npile[p][Z_PLOT_DECK] - 1);
    inwo_put(s, k, Z_HAND, p);
    tt_emit(ev, INWO_EV_DRAW, p, s->card[k].seen_by, Z_PLOT_DECK, k, 0, 0);
}

/* --- the step draws, the takeover, tokens (INWO-4.2) ------------------------------------- */

static int chk_step(const inwo_state *s, int step, tt_error *err)
{
    if (s->decl.head || s->nrounds || s->point == PT_DISPOSE || s->step != step)
        return TT_REFUSE("INWO-5.0.4", NULL, "that is not offered at this point");
    return TT_OK;
}

static int chk_draw(const inwo_state *s, tt_error *err)
{
    if (chk_step(s, PT_STEP1, NULL) && chk_step(s, PT_STEP2, NULL))
        return TT_REFUSE("INWO-4.2.3", NULL, "the step draws are made at steps 1 and 2");
    if (s->pl[s->active].turn_flags & INWO_T_DREW)
        return TT_REFUSE("INWO-4.2.3", NULL, "you made this step's draw");
    if (!s->npile[s->active][s->step == PT_STEP1 ? Z_PLOT_DECK : Z_GROUP_DECK])
        return TT_REFUSE("INWO-5.7.5", NULL, "that deck is empty");
    if (s->npile[s->active][Z_HAND] >= INWO_HAND_MAX)
        return TT_REFUSE("INWO-2.15.2", NULL, "your hand holds 64 cards");
    return TT_OK;
}

static int chk_done(const inwo_state *s, tt_error *err)
{
    if (s->decl.head || s->nrounds || s->point == PT_DISPOSE ||
        (s->step != PT_STEP1 && s->step != PT_STEP2 && s->step != PT_STEP3 && s->step != PT_STEP6))
        return TT_REFUSE("INWO-5.0.4", NULL, "done ends step 1, 2, 3 or 6");
    return TT_OK;
}

/* INWO-5.3: a Group or Resource of the active player's hand. */
static int chk_takeover(const tt_game *g, const inwo_state *s, int card, tt_error *err)
{
    const inwo_content *c = content_of(g);
    int p = s->active;
    if (chk_step(s, PT_STEP3, NULL))
        return TT_REFUSE("INWO-4.2.5", NULL, "the automatic takeover is made at step 3");
    if (card >= s->nplayers * INWO_DECK_CARDS || s->card[card].zone != Z_HAND ||
        s->card[card].holder != p)
        return TT_REFUSE("INWO-5.3.1", NULL, "take over a card of your hand");
    const inwo_def *d = inwo_def_of(c, card);
    if (d->kind != INWO_GROUP && d->kind != INWO_RESOURCE)
        return TT_REFUSE("INWO-5.3.1", NULL, "%s is not a Group or a Resource", d->id);
    if (!inwo_copy_free(c, s, card))
        return TT_REFUSE(d->kind == INWO_RESOURCE ? "INWO-10.1.6" : "INWO-10.1.1", NULL,
                         "%s is in play or was destroyed", d->id);
    if (d->kind == INWO_GROUP) {
        if (!inwo_any_open_arrow(c, s, p))
            return TT_REFUSE("INWO-5.3.2", NULL, "your structure has no open arrow");
        if (inwo_structure_size(s, p) >= INWO_STRUCT_MAX || s->nnodes >= INWO_NODES_MAX)
            return TT_REFUSE("INWO-2.15.2", NULL, "no room for another card in play");
    } else if (resources(s, p) >= INWO_RESOURCES_MAX || s->nlinks >= INWO_LINKS_MAX) {
        return TT_REFUSE("INWO-2.15.2", NULL, "no room for another Resource");
    }
    return TT_OK;
}

static int chk_arrow(const tt_game *g, const inwo_state *s, int arg, tt_error *err)
{
    const inwo_content *c = content_of(g);
    int card = arg & INWO_CARD_BITS, side = arg >> 9 & 3;
    if (s->decl.head == H_ATTACK && s->decl.nans == 3 && s->decl.point == PT_RESOLVE) {
        /* INWO-5.11.5: an arrow of X */
        if (card != s->item[s->decl.ans[0]].card)
            return TT_REFUSE("INWO-5.11.5", NULL, "the capture goes on an arrow of the attacker");
    } else if (s->decl.head != H_TAKEOVER) {
        return TT_REFUSE("INWO-5.0.4", NULL, "no card is being placed");
    }
    if (card >= s->nplayers * INWO_DECK_CARDS || s->card[card].zone != Z_STRUCTURE ||
        s->card[card].holder != s->decl.player)
        return TT_REFUSE("INWO-2.11.5", NULL, "choose an arrow of your structure");
    if (!inwo_arrow_open(c, s, s->card[card].u.p.node, side))
        return inwo_arrow_refused(c, s, card, err);
    return TT_OK;
}

static void link_to_illuminati(inwo_state *s, int card, int seat)
{
    inwo_lift(s, card);
    inwo_put(s, card, Z_RESOURCE, seat);
    s->card[card].flags |= INWO_F_WAS_PUBLIC;
    inwo_link_add(s, card, inwo_illuminati(s, seat), LK_RESOURCE, 0); /* INWO-2.6.2, 5.3.3 */
}

/* INWO-4.2.6, 4.8.3 (c): fill every card of the active player. */
static void fill_tokens(const tt_game *g, inwo_state *s, tt_events *ev)
{
    const inwo_content *c = content_of(g);
    int p = s->active, illu = inwo_illuminati(s, p);
    int less = c->opt.two_player_rules && (s->pl[p].turn_flags & INWO_T_TAKEOVER);
    for (int i = 0; i < s->nplayers * INWO_DECK_CARDS; i++) {
        inwo_card *v = &s->card[i];
        if ((v->zone != Z_STRUCTURE && v->zone != Z_RESOURCE) || v->holder != p ||
            !inwo_receives_tokens(c, s, i))
            continue;
        int cap = inwo_capacity(c, s, i), get = cap - v->u.p.tokens;
        if (i == illu && less && get > 0)
            get--; /* nothing is lost when it would receive none */
        if (get <= 0)
            continue;
        v->u.p.tokens = (uint8_t)(v->u.p.tokens + get);
        tt_emit(ev, INWO_EV_TOKENS, p, TT_SEEN_ALL, i, v->u.p.tokens, 0, 0);
    }
}

/* --- the turn's course ---------------------------------------------------------------------- */

static void step_to(inwo_state *s, int step, tt_events *ev)
{
    s->step = (uint8_t)step;
    s->pl[s->active].turn_flags &= (uint8_t)~INWO_T_DREW;
    tt_emit(ev, INWO_EV_STEP, s->active, TT_SEEN_ALL, step, 0, 0, 0);
}

/* Step 4 asks about each link benefit first (INWO-6.3.3), then fills. */
static void finish_step4(const tt_game *g, inwo_state *s, tt_events *ev)
{
    if (inwo_benefit_pending(content_of(g), s) >= 0)
        return;
    fill_tokens(g, s, ev);
    step_to(s, PT_MAIN, ev);
}

static void to_main(const tt_game *g, inwo_state *s, tt_events *ev)
{
    step_to(s, PT_STEP4, ev);
    finish_step4(g, s, ev);
}

void inwo_turn_begin(const tt_game *g, inwo_state *s, tt_events *ev)
{
    (void)g;
    tt_emit(ev, INWO_EV_TURN, s->active, TT_SEEN_ALL, s->round, 0, 0, 0);
    step_to(s, PT_UPKEEP, ev);
    s->announced = 0;
    /* INWO-5.18.3: a paralysis whose expiring turn this is now ends with it */
    inwo_paralysis_turn(s, s->active, 0);
    inwo_open_round(s, s->active, OR_UPKEEP); /* INWO-4.2.1 */
    settle(s);
}

/* The off-turn Plot limit of seat (INWO-5.7.2): 5 plus HAND_LIMIT of the
 * Resources and groups he controls. */
static int plot_limit(const inwo_content *c, const inwo_state *s, int seat)
{
    int lim = 5;
    for (int i = 0; i < s->nplayers * INWO_DECK_CARDS; i++) {
        const inwo_card *v = &s->card[i];
        if ((v->zone != Z_STRUCTURE && v->zone != Z_RESOURCE) || v->holder != seat)
            continue;
        const inwo_def *d = inwo_def_of(c, i);
        for (int k = 0; k < d->nability; k++)
            if (d->ability[k].op == OP_HAND_LIMIT)
                lim += d->ability[k].value;
    }
    return lim;
}

static int plot_cards(const inwo_content *c, const inwo_state *s, int seat)
{
    int n, k = 0;
    const uint16_t *hand = inwo_pile(s, seat, Z_HAND, &n);
    for (int i = 0; i < n; i++)
        k += inwo_plot_back(inwo_def_of(c, hand[i]));
    return k;
}

/* Whether passing the turn from the active player to `next` goes past the
 * first player's seat: the round is complete (INWO-4.1.1). */
static int round_ends(const inwo_state *s, int next)
{
    for (int q = (s->active + 1) % s->nplayers;; q = (q + 1) % s->nplayers) {
        if (q == s->first)
            return 1;
        if (q == next)
            return 0;
    }
}

static void next_turn(const tt_game *g, inwo_state *s, tt_events *ev)
{
    const inwo_content *c = content_of(g);
    int next = inwo_next_seat(s, s->active);
    if (round_ends(s, next)) {
        if (s->round >= c->opt.max_rounds) {                            /* INWO-9.5.2 */
            tt_head_end_draw(&s->head, s->nplayers, R_DRAW_MAX_ROUNDS); /* 9.5.1 */
            tt_emit(ev, INWO_EV_END, s->active, TT_SEEN_ALL, R_DRAW_MAX_ROUNDS, 0, 0, 0);
            settle(s);
            return;
        }
        s->round++;
        s->head.turn = s->round;
    }
    s->active = (uint8_t)next;
    inwo_turn_begin(g, s, ev);
}

/* INWO-4.5.1 (5)–(7): the off-turn Plot limit, then the next turn. */
static void after_cleanup(const tt_game *g, inwo_state *s, tt_events *ev)
{
    const inwo_content *c = content_of(g);
    if (plot_cards(c, s, s->active) > plot_limit(c, s, s->active)) {
        s->point = PT_DISPOSE;
        s->to_move = s->active;
        return;
    }
    s->point = PT_STEP6; /* no longer disposing */
    next_turn(g, s, ev);
}

static void cleanup(const tt_game *g, inwo_state *s, tt_events *ev);

/* INWO-9.2.2: the player leaves the game with his cards. */
static void eliminate(inwo_state *s, int p, tt_events *ev)
{
    for (int k = s->nlinks - 1; k >= 0; k--)
        if (s->card[s->link[k].a].holder == p || s->card[s->link[k].b].holder == p)
            inwo_link_remove(s, k);
    for (int i = 0; i < s->nplayers * INWO_DECK_CARDS; i++) {
        inwo_card *v = &s->card[i];
        int z = v->zone;
        if (v->holder != p || z == Z_DISCARD || z == Z_DESTROYED || z == Z_NWO || z == Z_REMOVED)
            continue;
        inwo_lift(s, i);
        v->zone = Z_REMOVED;
        v->holder = (uint8_t)p;
    }
    s->head.eliminated |= (uint8_t)(1u << p);
    s->pl[p].out_round = s->round;
    tt_emit(ev, INWO_EV_ELIMINATED, p, TT_SEEN_ALL, 0, 0, 0, 0);
}

static int has_puppet(const inwo_state *s, int p)
{
    int illu = s->pl[p].illuminati_node;
    for (int k = 0; k < s->nodes_end; k++)
        if (s->node[k].card != INWO_NONE && s->node[k].master == illu)
            return 1;
    return 0;
}

/* INWO-9.2.1: after his third turn, a player without puppets is out; the
 * last one left wins (INWO-9.1.1 (a)). Returns 1 when the game ended. */
/* INWO-9.2.3: the faction whose play removed p's last puppet takes p's
 * Resources, linked to its own Illuminati (beyond 24, they leave, 2.15.2 (c)). */
static void inherit(const inwo_content *c, inwo_state *s, int p, int by)
{
    if (by < 0 || by == p || (s->head.eliminated >> by & 1) ||
        c->deck[by].def[0] != c->deck[p].def[0])
        return;
    for (int i = 0; i < s->nplayers * INWO_DECK_CARDS; i++) {
        int l = s->card[i].zone == Z_RESOURCE && s->card[i].holder == p ? inwo_link_of(s, i) : -1;
        if (l < 0 || resources(s, by) >= INWO_RESOURCES_MAX)
            continue;
        s->card[i].holder = (uint8_t)by;
        s->link[l].b = (uint16_t)inwo_illuminati(s, by);
        s->link[l].ts = ++s->clock;
        s->link[l].what = (uint8_t)(LK_RESOURCE | LS_ACTIVE << 4);
    }
}

/* `by`: the player whose play just resolved, or -1 at cleanup. */
static int eliminations(const inwo_content *c, inwo_state *s, int by, tt_events *ev)
{
    for (int p = 0; p < s->nplayers; p++)
        if (!(s->head.eliminated >> p & 1) && s->pl[p].completed >= 3 && !s->pl[p].exempt &&
            !has_puppet(s, p)) {
            inherit(c, s, p, by);
            eliminate(s, p, ev);
        }
    inwo_links_update(c, s);
    unsigned in = all_seats(s) & ~(unsigned)s->head.eliminated;
    if (in & (in - 1))
        return 0;
    int last = __builtin_ctz(in ? in : 1);
    tt_head_end_win(&s->head, s->nplayers, last, R_ELIMINATION);
    tt_emit(ev, INWO_EV_END, last, TT_SEEN_ALL, R_ELIMINATION, 0, 0, 0);
    return 1;
}

/* The attacker of item k when it attacks to destroy a group of his own
 * (INWO-9.2.5), or -1. */
static int self_destroyer(const inwo_state *s, int k)
{
    const inwo_item *it = &s->item[k];
    int p = it->who & 7;
    return it->kind == H_ATTACK && it->arg == ATK_DESTROY &&
                   s->card[it->target].zone == Z_STRUCTURE && s->card[it->target].holder == p
               ? p
               : -1;
}

static void leave_rounds(const tt_game *g, inwo_state *s, int p, tt_events *ev);

/* The active player left the game in his own turn: it ends at once and his
 * pending items go without effect (INWO-9.2.4). */
static void end_eliminated_turn(const tt_game *g, inwo_state *s, tt_events *ev)
{
    s->nrounds = 0;
    s->nitems = 0;
    s->roll = 0;
    memset(&s->decl, 0, sizeof s->decl);
    s->point = PT_STEP6;
    next_turn(g, s, ev);
}

/* After every resolution: the links are checked (INWO-6.4.2, 6.4.5), then
 * elimination (INWO-9.2.1), passing over a last victim whose destruction
 * goal is met (9.2.5). `self`: the attacker whose attack destroyed a group
 * of his own, or -1. */
static void after_resolution(const tt_game *g, inwo_state *s, int self, int by, tt_events *ev)
{
    inwo_attack_recheck(g, s); /* INWO-10.3.7: the attack below, after every resolution */
    inwo_links_settle(g, s, ev);
    if (self >= 0 && !has_puppet(s, self) && inwo_destroyed_goal_met(content_of(g), s, self))
        s->pl[self].exempt = 1;
    unsigned before = s->head.eliminated;
    if (eliminations(content_of(g), s, by, ev)) {
        settle(s);
        return;
    }
    unsigned gone = s->head.eliminated & ~before;
    if (gone >> s->active & 1) {
        end_eliminated_turn(g, s, ev);
    } else {
        for (int p = 0; p < s->nplayers; p++)
            if (gone >> p & 1)
                leave_rounds(g, s, p, ev);
    }
    settle(s);
}

/* INWO-4.4.3: the knock; from round 2 on, every player is asked whether
 * he declares (INWO-9.4.2), in seat order from the active player. */
static void knock(const tt_game *g, inwo_state *s, tt_events *ev)
{
    tt_emit(ev, INWO_EV_KNOCK, s->active, TT_SEEN_ALL, 0, 0, 0, 0);
    if (s->round == 1) { /* INWO-4.8.2 */
        cleanup(g, s, ev);
        return;
    }
    for (int p = 0; p < s->nplayers; p++)
        s->pl[p].declared = 0;
    s->step = PT_DECLARE;
    s->asking = s->active;
}

/* INWO-9.4.6: a winner shows everyone his whole hand. */
static void reveal_hand(inwo_state *s, int p, tt_events *ev)
{
    int n;
    const uint16_t *hand = inwo_pile(s, p, Z_HAND, &n);
    for (int i = 0; i < n; i++)
        if (s->card[hand[i]].seen_by != all_seats(s)) {
            s->card[hand[i]].seen_by = (uint8_t)all_seats(s);
            tt_emit(ev, INWO_EV_REVEAL, p, TT_SEEN_ALL, hand[i], 0, 0, 0);
        }
}

/* INWO-9.4.5: the thwart round closed; the winners, if any, end the game. */
static void outcome(const tt_game *g, inwo_state *s, tt_events *ev)
{
    const inwo_content *c = content_of(g);
    unsigned win = inwo_winners(c, s);
    if (!win) {
        cleanup(g, s, ev);
        return;
    }
    int one = !(win & (win - 1)), w = __builtin_ctz(win);
    for (int p = 0; p < s->nplayers; p++)
        if (win >> p & 1)
            s->pl[p].deciding = (uint8_t)inwo_deciding_goal(c, s, p, s->pl[p].declared);
    int reason = one ? s->pl[w].deciding : R_SHARED_WIN;
    for (int p = 0; p < s->nplayers; p++)
        if (win >> p & 1)
            reveal_hand(s, p, ev);
    if (one)
        tt_head_end_win(&s->head, s->nplayers, w, reason);
    else
        tt_head_end_shared(&s->head, s->nplayers, win, reason);
    tt_emit(ev, INWO_EV_END, w, TT_SEEN_ALL, reason, 0, 0, 0);
}

static int chk_declare(const tt_game *g, const inwo_state *s, int head, int goals, tt_error *err)
{
    if (s->point != PT_DECLARE || s->decl.head)
        return TT_REFUSE("INWO-9.4.2", NULL, "declarations are made at the knock");
    if (head == H_DECLARE &&
        (goals > 7 || !inwo_combination_ok(content_of(g), s, s->to_move, goals)))
        return TT_REFUSE("INWO-9.4.2", NULL, "none of those goals is met");
    return TT_OK;
}

static void do_declare(const tt_game *g, inwo_state *s, int head, int goals, tt_events *ev)
{
    int p = s->to_move;
    if (head == H_DECLARE) {
        s->pl[p].declared = (uint8_t)goals;
        int card = inwo_goal_card(content_of(g), s, p);
        if ((goals & GOAL_C) && card >= 0) { /* shown to all (INWO-7.6) */
            s->card[card].flags |= INWO_F_EXPOSED;
            s->card[card].seen_by = (uint8_t)all_seats(s);
        }
    }
    int next = inwo_next_seat(s, p);
    if (next != s->active) {
        s->asking = (uint8_t)next;
        return;
    }
    int any = 0;
    for (int q = 0; q < s->nplayers; q++)
        any |= s->pl[q].declared;
    if (any) {
        s->step = PT_STEP6; /* the thwart round stands above step 7 */
        inwo_open_round(s, inwo_next_seat(s, s->active), OR_THWART); /* INWO-9.4.3 */
    } else {
        cleanup(g, s, ev);
    }
}

/* INWO-4.5.1 (1)–(4), then the elimination check and the next turn. */
static void cleanup(const tt_game *g, inwo_state *s, tt_events *ev)
{
    const inwo_content *c = content_of(g);
    s->step = PT_STEP6;
    inwo_records_expire(s);
    inwo_boosts_expire(s);
    inwo_paralysis_turn(s, s->active, 1); /* INWO-4.5.1 (3) */
    s->ntemps = 0;
    s->frozen = 0;
    inwo_links_update(c, s);
    for (int i = 0; i < s->nplayers * INWO_DECK_CARDS; i++) {
        s->card[i].flags &= (uint8_t) ~(INWO_F_CAPTURED | INWO_F_BENEFIT);
        if (s->card[i].zone == Z_STRUCTURE || s->card[i].zone == Z_RESOURCE)
            s->card[i].u.p.used &= 0xF0; /* once-per-turn uses */
    }
    for (int k = 0; k < s->nlinks; k++) {
        s->link[k].what &= (uint8_t)~8; /* moved this turn */
        s->link[k].spare = 0;           /* benefits asked and declined (INWO-6.3.3) */
    }
    for (int i = 0; i < s->nplayers * INWO_DECK_CARDS; i++)
        if (s->card[i].zone == Z_STRUCTURE || s->card[i].zone == Z_RESOURCE)
            s->card[i].u.p.spare = 0; /* a group link ended, Reliefs, extra draws (links.c) */
    for (int p = 0; p < s->nplayers; p++)
        s->pl[p].exempt = 0; /* INWO-9.2.5: the exemption ends at this check */
    inwo_player *pl = &s->pl[s->active];
    pl->turn_flags = 0;
    pl->completed++;
    pl->protected_ = 0; /* INWO-4.8.1: his first turn is complete */
    if (eliminations(c, s, -1, ev))
        return;
    after_cleanup(g, s, ev);
}

/* INWO-4.4.1: start of step 6, the pending zone is discarded. */
static void to_step6(inwo_state *s, tt_events *ev)
{
    for (int i = 0; i < s->nplayers * INWO_DECK_CARDS; i++)
        if (s->card[i].zone == Z_PENDING && s->card[i].holder == s->active) {
            inwo_lift(s, i);
            inwo_put(s, i, Z_DISCARD, inwo_owner(i));
            tt_emit(ev, INWO_EV_DISCARD, s->active, TT_SEEN_ALL, i, 0, 0, 0);
        }
    step_to(s, PT_STEP6, ev);
}

/* --- items and response rounds (INWO-4.6) ------------------------------------------------- */

static int announce(inwo_state *s, int head, int who, int card, int target, tt_events *ev)
{
    int k = s->nitems++;
    s->item[k] = (inwo_item){(uint8_t)head, (uint8_t)who, (uint16_t)card, (uint16_t)target, 0xFF, 0,
                             ++s->announced};
    tt_emit(ev, INWO_EV_ANNOUNCE, who, TT_SEEN_ALL, s->item[k].num, card, head, 0);
    if (s->nrounds && top(s)->id >= OR_UPKEEP)
        s->open_play = 1; /* INWO-4.3.2: a play in the last call resumes the Main Phase */
    inwo_open_round(s, inwo_next_seat(s, who), k); /* INWO-4.6.3 */
    return k;
}

/* INWO-4.6.5: a root item takes effect when its round closes. */
static void resolve(const tt_game *g, inwo_state *s, int k, tt_events *ev)
{
    inwo_item *it = &s->item[k];
    int who = it->who & 7, ok = 1;
    if (inwo_root_canceled(s, k)) { /* INWO-10.3.1: the once-per-turn use does not count */
        s->pl[who].turn_flags &= (uint8_t) ~(it->kind == H_RESOURCE     ? INWO_T_RESOURCE
                                             : it->kind == H_DRAW_GROUP ? INWO_T_DRAW_GROUP
                                                                        : 0);
        if (it->kind == H_AGENT) { /* like a canceled Plot: discarded, its cost stays paid */
            inwo_lift(s, it->card);
            inwo_put(s, it->card, Z_DISCARD, inwo_owner(it->card));
            tt_emit(ev, INWO_EV_DISCARD, who, TT_SEEN_ALL, it->card, 0, 0, 0);
        }
        inwo_root_wrap(s, k);
        tt_emit(ev, INWO_EV_RESOLVE, who, TT_SEEN_ALL, it->num, 0, 0, 0);
        return;
    }
    inwo_root_wrap(s, k);
    switch (it->kind) {
    case H_ZAP_CLEAR: inwo_zaps_clear(s, it->target, ev); break;
    case H_DRAW_GROUP: /* INWO-5.4.2 */
        ok = s->npile[who][Z_GROUP_DECK] > 0 && s->npile[who][Z_HAND] < INWO_HAND_MAX;
        if (ok) {
            uint16_t card = inwo_pile_take(s, who, Z_GROUP_DECK, s->npile[who][Z_GROUP_DECK] - 1);
            inwo_put(s, card, Z_HAND, who);
            tt_emit(ev, INWO_EV_DRAW, who, s->card[card].seen_by, Z_GROUP_DECK, card, 0, 0);
        }
        break;
    case H_MOVE: ok = inwo_move_resolve(g, s, k, NULL, 0, ev); break;
    case H_AGENT: ok = inwo_agent_resolve(g, s, k); break;
    case INWO_K_GIFT: ok = inwo_gift_resolve(g, s, k, NULL, 0, ev); break;
    case H_RESOURCE: /* INWO-5.4.1: checked again, as every item (INWO-10.3.7) */
        ok = s->card[it->card].zone == Z_HAND && inwo_copy_free(content_of(g), s, it->card) &&
             resources(s, who) < INWO_RESOURCES_MAX && s->nlinks < INWO_LINKS_MAX;
        if (ok)
            link_to_illuminati(s, it->card, who);
        break;
    default: break;
    }
    tt_emit(ev, INWO_EV_RESOLVE, who, TT_SEEN_ALL, it->num, ok, 0, 0);
}

/* Root item k is over: its items go, and the round below it goes on with a
 * fresh cycle (INWO-4.6.4) from the player after its announcer. */
static void item_done(inwo_state *s, int k)
{
    int who = s->item[k].who & 7;
    s->nitems = (uint8_t)k; /* its attached items lie above it */
    if (s->nrounds)
        tt_round_restart(top(s), inwo_next_seat(s, who));
    settle(s);
}

/* The top round closed: resolve its item, or go on from the open round. */
static void round_closed(const tt_game *g, inwo_state *s, tt_events *ev)
{
    int id = top(s)->id;
    tt_round_pop(&s->nrounds);
    if (id < OR_UPKEEP) {
        int self = self_destroyer(s, id), kind = s->item[id].kind;
        if (kind == H_ATTACK && inwo_attack_closed(g, s, id, ev)) {
            settle(s); /* the after-roll round, or where to place the capture */
            return;
        }
        if ((kind == INWO_K_INSTANT || kind == H_RELIEF) && inwo_instant_closed(g, s, id, ev)) {
            settle(s); /* the Instant Attack's after-roll round */
            return;
        }
        if ((kind == H_PLAY || kind == H_USE) && inwo_play_closed(g, s, id, ev)) {
            settle(s); /* a lost payment to replace (INWO-10.3.2) */
            return;
        }
        if ((kind == H_MOVE && inwo_move_valid(g, s, id)) ||
            (kind == INWO_K_GIFT && inwo_gift_valid(g, s, id))) {
            if (inwo_reassign_open(g, s, id, s->item[id].target, s->item[id].arg)) {
                settle(s); /* INWO-2.11.8: a card of the subtree finds its cell taken */
                return;
            }
            memset(&s->decl, 0, sizeof s->decl);
        }
        if (kind != H_ATTACK && kind != INWO_K_INSTANT && kind != H_RELIEF && kind != H_PLAY &&
            kind != H_USE)
            resolve(g, s, id, ev);
        int t = s->item[id].target, by = s->item[id].who & 7;
        item_done(s, id);
        after_resolution(g, s, self >= 0 && s->card[t].zone == Z_DESTROYED ? self : -1, by, ev);
        return;
    }
    switch (id) {
    case OR_UPKEEP: step_to(s, PT_STEP1, ev); break;
    case OR_LASTCALL:
        if (!s->open_play)
            to_step6(s, ev);
        break; /* else the Main Phase resumes */
    case OR_STEP6: knock(g, s, ev); break;
    case OR_THWART: outcome(g, s, ev); break;
    default: break;
    }
    settle(s);
}

static int chk_pass(const inwo_state *s, tt_error *err)
{
    if (s->decl.head || !s->nrounds || s->point == PT_DISPOSE)
        return TT_REFUSE("INWO-4.6.3", NULL, "pass answers a response round");
    return TT_OK;
}

static int chk_end_main(const inwo_state *s, tt_error *err)
{
    if (chk_step(s, PT_MAIN, NULL))
        return TT_REFUSE("INWO-4.3.2", NULL, "end_main ends your Main Phase");
    return TT_OK;
}

/* INWO-5.4.1, 5.4.2: once per turn each, in the Main Phase, an Illuminati token. */
static int chk_illuminati_action(const tt_game *g, const inwo_state *s, int head, int card,
                                 tt_error *err)
{
    const inwo_content *c = content_of(g);
    int p = s->active;
    const char *rule = head == H_RESOURCE ? "INWO-5.4.1" : "INWO-5.4.2";
    if (chk_step(s, PT_MAIN, NULL))
        return TT_REFUSE(rule, NULL, "this is done in your Main Phase");
    if (s->pl[p].turn_flags & (head == H_RESOURCE ? INWO_T_RESOURCE : INWO_T_DRAW_GROUP))
        return TT_REFUSE(rule, NULL, "once per turn");
    if (!inwo_can_spend(s, p, inwo_illuminati(s, p)))
        return TT_REFUSE(rule, NULL, "your Illuminati has no token to spend");
    if (s->nrounds >= INWO_ROUNDS_MAX || s->nitems >= INWO_ITEMS_MAX)
        return TT_REFUSE("INWO-2.15.2", NULL, "too many items pending");
    if (head == H_DRAW_GROUP) {
        if (!s->npile[p][Z_GROUP_DECK])
            return TT_REFUSE("INWO-5.7.5", NULL, "your Group deck is empty");
        if (s->npile[p][Z_HAND] >= INWO_HAND_MAX)
            return TT_REFUSE("INWO-2.15.2", NULL, "your hand holds 64 cards");
        return TT_OK;
    }
    if (card >= s->nplayers * INWO_DECK_CARDS || s->card[card].zone != Z_HAND ||
        s->card[card].holder != p || inwo_def_of(c, card)->kind != INWO_RESOURCE)
        return TT_REFUSE(rule, NULL, "play a Resource of your hand");
    if (!inwo_copy_free(c, s, card))
        return TT_REFUSE("INWO-10.1.6", NULL, "%s is in play or was destroyed",
                         inwo_def_of(c, card)->id);
    if (resources(s, p) >= INWO_RESOURCES_MAX || s->nlinks >= INWO_LINKS_MAX)
        return TT_REFUSE("INWO-2.15.2", NULL, "no room for another Resource");
    return TT_OK;
}

/* --- dispose (INWO-5.7.2) ----------------------------------------------------------------- */

static int chk_dispose(const tt_game *g, const inwo_state *s, int card, tt_error *err)
{
    if (s->point != PT_DISPOSE)
        return TT_REFUSE("INWO-5.0.7", NULL, "discard and return are table talk here");
    if (card >= s->nplayers * INWO_DECK_CARDS || s->card[card].zone != Z_HAND ||
        s->card[card].holder != s->to_move || !inwo_plot_back(inwo_def_of(content_of(g), card)))
        return TT_REFUSE("INWO-5.7.2", NULL, "shed a Plot-back card of your hand");
    return TT_OK;
}

/* --- attacks: the declaration's heads (attack.c holds the rules) ------------------------- */

static int chk_attack_head(const tt_game *g, const inwo_state *s, int x, tt_error *err)
{
    if (s->decl.head || s->nrounds || s->point != PT_MAIN)
        return TT_REFUSE("INWO-5.9.1", NULL, "attacks are declared in your Main Phase");
    for (int kind = ATK_CONTROL; kind <= ATK_DESTROY; kind++)
        for (int t = 0; t < s->nplayers * INWO_DECK_CARDS; t++)
            if ((s->card[t].zone == Z_STRUCTURE || s->card[t].zone == Z_HAND ||
                 s->card[t].zone == Z_PENDING) &&
                inwo_attack_check(g, s, x, kind, t, NULL) == TT_OK)
                return TT_OK;
    /* no completion: the refusal of the first one tried (INWO-5.0.8) */
    for (int t = 0; t < s->nplayers * INWO_DECK_CARDS; t++)
        if (t != x && (s->card[t].zone == Z_STRUCTURE || s->card[t].zone == Z_HAND) &&
            inwo_def_of(g->content, t)->kind == INWO_GROUP)
            return inwo_attack_check(g, s, x, ATK_CONTROL, t, err);
    return TT_REFUSE("INWO-5.9.2", NULL, "no target for that attack");
}

static int chk_kind(const tt_game *g, const inwo_state *s, int kind, tt_error *err)
{
    tt_action a[INWO_MAX_ACTIONS];
    int n = inwo_attack_legal(g, s, a, 0, INWO_MAX_ACTIONS);
    for (int i = 0; i < n; i++)
        if (INWO_ARG(a[i]) == kind)
            return TT_OK;
    return TT_REFUSE("INWO-5.9.2", NULL, "no target for that kind of attack");
}

/* --- the check of every action, and legal ----------------------------------------------- */

/* Whether a Plot or ability is being declared, or its payment replaced. */
static int playing(const inwo_state *s)
{
    return s->decl.head == H_PLAY || s->decl.head == H_USE || s->decl.head == H_SUBSTITUTE;
}

/* Whether instant.c checks and applies a: its heads, its Plots, the
 * answers of its declarations. */
static int instant_owns(const tt_game *g, const inwo_state *s, tt_action a)
{
    int head = INWO_HEAD(a);
    if (head == H_PRIVILEGE || (head == H_VALUE && !playing(s)) || head == H_HELPER ||
        head == H_RELIEF || head == H_COMMIT)
        return 1;
    if (s->decl.head) /* on the playout path: no call when nobody is declaring */
        return inwo_instant_declaring(g, s);
    return head == H_PLAY && inwo_instant_plot(g, INWO_ARG(a));
}

static int check(const tt_game *g, const inwo_state *s, tt_action a, tt_error *err)
{
    int arg = INWO_ARG(a), head = INWO_HEAD(a);
    int bare = head == H_PASS || head == H_BUY || head == H_DONE || head == H_END_MAIN ||
               head == H_DRAW_GROUP || head == H_DEFEND || head == H_CALL_OFF ||
               head == H_NODECLARE || head == H_FORFEIT;
    int extra = head == H_ARROW                         ? arg >> 11
                : head == H_RETURN || head == H_BENEFIT ? arg >> 10
                : head == H_REASSIGN                    ? arg >> 12
                                                        : 0;
    if ((bare && arg) || (a & 0x80000000u) ||
        (head == H_DRAW && arg != INWO_NONE && arg > INWO_CARD_BITS) || extra)
        return TT_REFUSE("INWO-5.0.5", NULL, "no such action");
    if (s->nitems && (head == H_DISCARD || head == H_RETURN || head == H_PRIVILEGE)) {
        int rc = inwo_look_act_check(g, s, a, err); /* INWO-7.4 */
        if (rc)
            return rc;
    }
    if (s->decl.head == INWO_D_REORGANIZE) /* its moves (reorg.c) */
        return inwo_reorg_check(g, s, a, err);
    if ((head == H_ARROW || head == H_PAY) && s->decl.head == H_MOVE)
        return inwo_move_check(g, s, a, err);
    if (head == H_DISCARD && s->decl.head == H_DISCARD)
        return inwo_link_check(g, s, a, err);
    if (instant_owns(g, s, a)) /* Privilege, after-roll Plots, Instant Attacks, Relief */
        return inwo_instant_check(g, s, a, err);
    if (playing(s) || head == H_PLAY || head == H_USE || head == H_ABILITY || head == H_CHOOSE ||
        head == H_MODE || head == H_TAKE || head == H_SUBSTITUTE || head == H_FORFEIT ||
        head == H_FOR || head == H_RECORD)
        return inwo_play_check(g, s, a, err);
    switch (INWO_HEAD(a)) {
    case H_MOVE: return inwo_move_check(g, s, a, err);
    case H_LINK:
    case H_TO:
    case H_UNLINK: return inwo_link_check(g, s, a, err);
    case H_BENEFIT: return inwo_benefit_check(g, s, arg, err);
    case H_AGENTS:
    case H_SIDE: return inwo_agents_check(g, s, a, err);
    case H_AGENT: return inwo_agent_check(g, s, arg, err);
    case H_REASSIGN: return inwo_reassign_check(g, s, arg, err);
    case H_PASS: return chk_pass(s, err);
    case H_BUY: return chk_buy(g, s, err);
    case H_PAY: return chk_pay(g, s, arg, err);
    case H_DRAW: return arg == INWO_NONE ? chk_draw(s, err) : inwo_extra_draw_check(g, s, arg, err);
    case H_DONE: return chk_done(s, err);
    case H_TAKEOVER: return chk_takeover(g, s, arg, err);
    case H_ARROW: return chk_arrow(g, s, arg, err);
    case H_END_MAIN: return chk_end_main(s, err);
    case H_DRAW_GROUP:
    case H_RESOURCE: return chk_illuminati_action(g, s, INWO_HEAD(a), arg, err);
    case H_ATTACK: return chk_attack_head(g, s, arg, err);
    case H_KIND:
        if (s->decl.head != H_ATTACK || s->decl.nans != 1)
            return TT_REFUSE("INWO-5.0.4", NULL, "no attack is being declared");
        if (!inwo_attack_legal(g, s, NULL, 0, 1))
            return TT_REFUSE("INWO-5.9.2", NULL, "no target for that kind of attack");
        return chk_kind(g, s, arg, err);
    case H_ZAP_CLEAR: return inwo_zap_clear_check(g, s, arg, err);
    case H_TARGET:
        if (s->decl.head != H_ATTACK || s->decl.nans != 2)
            return TT_REFUSE("INWO-5.0.4", NULL, "no attack is being declared");
        return inwo_attack_check(g, s, s->decl.ans[0], s->decl.ans[1], arg, err);
    case H_AID:
    case H_OPPOSE:
    case H_DEFEND:
    case H_CALL_OFF: return inwo_contrib_check(g, s, INWO_HEAD(a), arg, err);
    case H_DECLARE:
    case H_NODECLARE: return chk_declare(g, s, head, arg, err);
    case H_DISCARD: return chk_dispose(g, s, arg, err);
    case H_RETURN: return chk_dispose(g, s, arg & INWO_CARD_BITS, err);
    default: return TT_REFUSE("INWO-5.0.4", NULL, "that is not offered at this point");
    }
}

/* a listed when its check's result rc is TT_OK. */
static int offer(int rc, tt_action a, tt_action *out, int n)
{
    if (rc != TT_OK)
        return n;
    if (out)
        out[n] = a;
    return n + 1;
}

static int add(const tt_game *g, const inwo_state *s, tt_action a, tt_action *out, int n)
{
    return offer(check(g, s, a, NULL), a, out, n);
}

/* The answers to the question a declaration asks now; where the list is
 * long to build (targets), it stops at `limit` answers. */
static int legal_answers(const tt_game *g, const inwo_state *s, tt_action *out, int limit)
{
    int n = 0;
    if (s->decl.head == H_BUY) {
        for (int k = 0; k < s->nodes_end; k++)
            if (s->node[k].card != INWO_NONE && INWO_SEAT(s->node[k].geo) == s->decl.player) {
                int card = s->node[k].card; /* chk_pay: check()'s choice while buying */
                n = offer(chk_pay(g, s, card, NULL), INWO_A(H_PAY, card), out, n);
            }
    } else if (inwo_instant_declaring(g, s)) {
        n = inwo_instant_legal(g, s, out, 0);
    } else if (playing(s)) {
        n = inwo_play_legal(g, s, out, 0, limit);
    } else if (s->decl.head == H_ATTACK && s->decl.point != PT_RESOLVE) {
        n = inwo_attack_legal(g, s, out, 0, limit);
    } else if (s->decl.head == H_ATTACK) {
        int x = s->item[s->decl.ans[0]].card;
        for (int side = 0; side < 4; side++) /* chk_arrow: check()'s choice for an arrow here */
            n = offer(chk_arrow(g, s, x | side << 9, NULL), INWO_A(H_ARROW, x | side << 9), out, n);
    } else if (s->decl.head == H_MOVE) {
        n = inwo_move_legal(g, s, out, 0);
    } else if (s->decl.head == H_REASSIGN) {
        n = inwo_reassign_legal(g, s, out, 0);
    } else if (s->decl.head == INWO_D_REORGANIZE) {
        n = inwo_reorg_legal(g, s, out, 0);
    } else if (s->decl.head == H_AGENTS) {
        n = inwo_agents_legal(g, s, out, 0);
    } else if (s->decl.head == H_LINK || s->decl.head == H_DISCARD) {
        n = inwo_link_legal_list(g, s, out, 0);
    } else if (s->decl.head == H_TAKEOVER) {
        for (int k = 0; k < s->nodes_end; k++)
            if (s->node[k].card != INWO_NONE && INWO_SEAT(s->node[k].geo) == s->decl.player)
                for (int side = 0; side < 4; side++) {
                    int arg = s->node[k].card | side << 9;
                    n = offer(chk_arrow(g, s, arg, NULL), INWO_A(H_ARROW, arg), out, n);
                }
    }
    return n;
}

/* The check that check() reaches for `head <card>` with no declaration
 * under way (takeover, resource): the offers below call the chk_
 * function itself, as its dispatch costs more than most refusals. */
static int chk_hand(const tt_game *g, const inwo_state *s, int head, int card)
{
    if (head == H_TAKEOVER)
        return chk_takeover(g, s, card, NULL);
    return chk_illuminati_action(g, s, head, card, NULL); /* H_RESOURCE */
}

static int legal_hand(const tt_game *g, const inwo_state *s, int head, tt_action *out, int n)
{
    int len;
    const uint16_t *hand = inwo_pile(s, s->to_move, Z_HAND, &len);
    for (int i = 0; i < len; i++)
        n = offer(chk_hand(g, s, head, hand[i]), INWO_A(head, hand[i]), out, n);
    return n;
}

int inwo_turn_legal(const tt_game *g, const inwo_state *s, tt_action *out)
{
    if (s->head.over)
        return 0;
    if (s->decl.head)
        return legal_answers(g, s, out, INWO_MAX_ACTIONS);
    int n = 0;
    if (s->point == PT_DISPOSE) { /* through check: a card held by a look stays (INWO-7.4) */
        int len;
        const uint16_t *hand = inwo_pile(s, s->to_move, Z_HAND, &len);
        for (int i = 0; i < len; i++)
            n = add(g, s, INWO_A(H_DISCARD, hand[i]), out, n);
        for (int i = 0; i < len; i++)
            for (int bottom = 0; bottom < 2; bottom++)
                n = add(g, s, INWO_A(H_RETURN, hand[i] | bottom << 9), out, n);
        return n;
    }
    if (s->point == PT_DECLARE) { /* INWO-9.4.2: every player is asked */
        n = add(g, s, INWO_A(H_NODECLARE, 0), out, n);
        /* as chk_declare, with the goals evaluated once for all seven */
        unsigned ok = inwo_combinations(content_of(g), s, s->to_move);
        for (int goals = 1; goals <= 7; goals++)
            if (ok >> goals & 1) {
                if (out)
                    out[n] = INWO_A(H_DECLARE, goals);
                n++;
            }
        return n;
    }
    /* no declaration under way: what check() would dispatch to, called directly */
    n = offer(chk_pass(s, NULL), INWO_A(H_PASS, 0), out, n);
    n = offer(chk_end_main(s, NULL), INWO_A(H_END_MAIN, 0), out, n);
    n = offer(chk_done(s, NULL), INWO_A(H_DONE, 0), out, n);
    n = offer(chk_buy(g, s, NULL), INWO_A(H_BUY, 0), out, n);
    n = offer(chk_illuminati_action(g, s, H_DRAW_GROUP, 0, NULL), INWO_A(H_DRAW_GROUP, 0), out, n);
    n = add(g, s, INWO_A(H_DRAW, INWO_NONE), out, n);
    n = inwo_extra_draw_legal(g, s, out, n);
    if (s->step == PT_STEP3 && !s->nrounds)
        n = legal_hand(g, s, H_TAKEOVER, out, n);
    if (s->step == PT_MAIN && !s->nrounds) {
        n = legal_hand(g, s, H_RESOURCE, out, n);
        n = inwo_move_legal(g, s, out, n);
        n = inwo_link_legal_list(g, s, out, n);
    }
    if (s->point == PT_STEP4) { /* INWO-6.3.3: the benefit asked about */
        int l = inwo_benefit_pending(content_of(g), s);
        for (int decline = 0; decline < 2 && l >= 0; decline++)
            n = add(g, s, INWO_A(H_BENEFIT, s->link[l].a | decline << 9), out, n);
    }
    n = inwo_attack_legal(g, s, out, n, INWO_MAX_ACTIONS);
    n = inwo_agents_heads(g, s, out, n);
    n = inwo_play_heads(g, s, out, n); /* Plots and abilities, by their checks */
    unsigned zapped = inwo_can_spend(s, s->to_move, inwo_illuminati(s, s->to_move))
                          ? inwo_zapped(content_of(g), s)
                          : 0; /* a scan only when a token could pay */
    for (int q = 0; q < s->nplayers; q++)
        if (zapped >> q & 1)
            n = add(g, s, INWO_A(H_ZAP_CLEAR, q), out, n);
    if (s->nrounds && !s->roll) { /* contributions to the attack in its round */
        n = offer(inwo_contrib_check(g, s, H_DEFEND, 0, NULL), INWO_A(H_DEFEND, 0), out, n);
        n = offer(inwo_contrib_check(g, s, H_CALL_OFF, 0, NULL), INWO_A(H_CALL_OFF, 0), out, n);
        for (int k = 0; k < s->nodes_end; k++) /* a group without a token is refused first */
            if (s->node[k].card != INWO_NONE && INWO_SEAT(s->node[k].geo) == s->to_move &&
                inwo_can_spend(s, s->to_move, s->node[k].card)) {
                int card = s->node[k].card;
                n = offer(inwo_contrib_check(g, s, H_AID, card, NULL), INWO_A(H_AID, card), out, n);
                n = offer(inwo_contrib_check(g, s, H_OPPOSE, card, NULL), INWO_A(H_OPPOSE, card),
                          out, n);
            }
    }
    return inwo_instant_legal(g, s, out, n); /* relief, commit */
}

/* --- apply ---------------------------------------------------------------------------------- */

static void begin_decl(inwo_state *s, int head)
{
    memset(&s->decl, 0, sizeof s->decl);
    s->decl.player = s->to_move;
    s->decl.head = (uint8_t)head;
    s->decl.point = s->point;
}

/* The declaration's last answer was given: announce or carry it out. */
static void complete(const tt_game *g, inwo_state *s, tt_events *ev)
{
    if (s->decl.head == H_ATTACK || playing(s)) {
        if (s->decl.head == H_ATTACK)
            inwo_attack_announce(g, s, ev);
        else
            inwo_play_announce(g, s, ev);
        settle(s);
        return;
    }
    if (s->decl.head == H_AGENTS) {
        inwo_agents_announce(g, s, ev);
        settle(s);
        return;
    }
    if (s->decl.head == H_LINK) {
        inwo_link_apply(g, s, INWO_A(H_TO, s->decl.ans[1]), ev);
        settle(s);
        return;
    }
    inwo_decl d = s->decl;
    memset(&s->decl, 0, sizeof s->decl);
    if (d.head == H_MOVE) { /* INWO-5.5.1: its token is spent when announced */
        s->card[d.ans[2]].u.p.tokens--;
        int k = announce(s, H_MOVE, d.player, d.ans[0], d.ans[1] & INWO_CARD_BITS, ev);
        s->item[k].arg = (uint8_t)(d.ans[1] >> 9 & 3);
    } else if (d.head == H_BUY) {
        do_buy(s, d.player, d.ans[0], d.nans > 1 ? d.ans[1] : INWO_NONE, ev);
    } else if (d.head == H_TAKEOVER) {
        int card = d.ans[0], at = d.ans[1] & INWO_CARD_BITS, side = d.ans[1] >> 9 & 3;
        inwo_lift(s, card);
        inwo_place(content_of(g), s, d.player, card, s->card[at].u.p.node, side);
        s->pl[d.player].turn_flags |= INWO_T_TAKEOVER;
        tt_emit(ev, INWO_EV_TAKEOVER, d.player, TT_SEEN_ALL, card, 0, 0, 0);
        to_main(g, s, ev);
    }
    settle(s);
}

/* Whether the declaration has all its answers. */
static int answered(const tt_game *g, const inwo_state *s)
{
    if (playing(s))
        return inwo_play_answered(g, s);
    if (s->decl.head == H_BUY)
        return s->decl.nans == 2 ||
               (s->decl.nans == 1 && s->decl.ans[0] == inwo_illuminati(s, s->decl.player));
    if (s->decl.head == H_ATTACK) /* X, kind, target, privilege when asked (INWO-5.14.1) */
        return s->decl.nans == 4 || (s->decl.nans == 3 && !inwo_privilege_asked(g, s));
    if (s->decl.head == H_PLAY || s->decl.head == H_MOVE)
        return s->decl.nans == 3; /* the Plot, its group, its use; G, arrow, pay */
    return s->decl.nans == 2; /* takeover: the card, the arrow; link; agents: the card, the side */
}

/* INWO-5.0.1: a question with one legal answer is not asked. */
static void answer_forced(const tt_game *g, inwo_state *s, tt_events *ev)
{
    while (s->decl.head && !answered(g, s)) {
        tt_action only[INWO_MAX_ACTIONS]; /* listed up to a second answer, which asks */
        if (s->forced[2] == INWO_UNFORCED || legal_answers(g, s, only, 2) != 1)
            return;
        s->decl.ans[s->decl.nans++] = (uint16_t)INWO_ARG(only[0]);
        if (s->nforced < 3)
            s->forced[s->nforced++] = only[0];
    }
    if (s->decl.head)
        complete(g, s, ev);
}

static void do_takeover(const tt_game *g, inwo_state *s, int card, tt_events *ev)
{
    if (inwo_def_of(content_of(g), card)->kind == INWO_RESOURCE) {
        link_to_illuminati(s, card, s->active);
        s->pl[s->active].turn_flags |= INWO_T_TAKEOVER;
        tt_emit(ev, INWO_EV_TAKEOVER, s->active, TT_SEEN_ALL, card, 0, 0, 0);
        to_main(g, s, ev);
        return;
    }
    begin_decl(s, H_TAKEOVER);
    s->decl.ans[s->decl.nans++] = (uint16_t)card;
    answer_forced(g, s, ev);
}

static void do_step_done(const tt_game *g, inwo_state *s, tt_events *ev)
{
    switch (s->step) {
    case PT_STEP1: step_to(s, PT_STEP2, ev); break;
    case PT_STEP2: step_to(s, PT_STEP3, ev); break;
    case PT_STEP3: to_main(g, s, ev); break;
    default: inwo_open_round(s, inwo_next_seat(s, s->active), OR_STEP6); break; /* INWO-4.4.2 */
    }
}

static void do_draw(inwo_state *s, tt_events *ev)
{
    int p = s->active, deck = s->step == PT_STEP1 ? Z_PLOT_DECK : Z_GROUP_DECK;
    uint16_t card = inwo_pile_take(s, p, deck, s->npile[p][deck] - 1);
    inwo_put(s, card, Z_HAND, p);
    s->pl[p].turn_flags |= INWO_T_DREW;
    tt_emit(ev, INWO_EV_DRAW, p, s->card[card].seen_by, deck, card, 0, 0);
}

static void do_illuminati_action(inwo_state *s, int head, int card, tt_events *ev)
{
    int p = s->active;
    s->card[inwo_illuminati(s, p)].u.p.tokens--; /* costs are paid on announcement */
    s->pl[p].turn_flags |= head == H_RESOURCE ? INWO_T_RESOURCE : INWO_T_DRAW_GROUP;
    announce(s, head, p, head == H_RESOURCE ? card : inwo_illuminati(s, p), INWO_NONE, ev);
}

static void do_dispose(const tt_game *g, inwo_state *s, tt_action a, tt_events *ev)
{
    int card = INWO_ARG(a) & INWO_CARD_BITS, p = s->to_move;
    inwo_lift(s, card);
    if (INWO_HEAD(a) == H_DISCARD) {
        inwo_put(s, card, Z_DISCARD, inwo_owner(card));
        tt_emit(ev, INWO_EV_DISCARD, p, TT_SEEN_ALL, card, 0, 0, 0);
    } else {
        int bottom = INWO_ARG(a) >> 9 & 1;
        int j = p * INWO_NPILES + Z_PLOT_DECK;
        tt_piles_insert_at(s->slot, &s->npile[0][0], s->nplayers * INWO_NPILES, INWO_MAX_CARDS, j,
                           bottom ? 0 : s->npile[p][Z_PLOT_DECK], (uint16_t)card);
        s->card[card].zone = Z_PLOT_DECK;
        s->card[card].holder = (uint8_t)p;
        tt_emit(ev, INWO_EV_RETURN, p, s->card[card].seen_by, card, bottom, 0, 0);
    }
    inwo_after_dispose(g, s, ev);
}

static void place_answered(const tt_game *g, inwo_state *s, tt_events *ev);

/* The arrow a captured group enters by, answered as its attack resolves: the
 * group is placed and the attack is over, unless a card of its subtree finds
 * its cell taken and is to be placed first (INWO-2.11.8). */
static void capture_arrow(const tt_game *g, inwo_state *s, int arg, tt_events *ev)
{
    int k = s->decl.ans[0];
    memset(&s->decl, 0, sizeof s->decl);
    s->point = PT_ROUND;
    if (inwo_reassign_open(g, s, k, arg & INWO_CARD_BITS, arg >> 9 & 3))
        return;
    memset(&s->decl, 0, sizeof s->decl);
    inwo_capture(g, s, k, arg & INWO_CARD_BITS, arg >> 9 & 3, NULL, 0, ev);
    item_done(s, k);
    after_resolution(g, s, -1, s->item[k].who & 7, ev);
}

/* One answer to the declaration being made: it completes, or the next
 * question with a single answer is answered for its player. */
static void take_answer(const tt_game *g, inwo_state *s, int arg, tt_events *ev)
{
    s->decl.ans[s->decl.nans++] = (uint16_t)arg;
    if (answered(g, s))
        complete(g, s, ev);
    else
        answer_forced(g, s, ev);
}

int inwo_turn_apply(const tt_game *g, inwo_state *s, tt_action a, tt_events *ev, tt_error *err)
{
    int rc = check(g, s, a, err);
    if (rc)
        return rc;
    s->nforced = 0;
    int arg = INWO_ARG(a);
    if (s->decl.head == INWO_D_REORGANIZE) {
        int k = inwo_reorg_apply(g, s, a, ev);
        if (k >= 0) {
            item_done(s, k);
            after_resolution(g, s, -1, s->item[k].who & 7, ev);
        }
        settle(s);
        return TT_OK;
    }
    if (INWO_HEAD(a) != H_PRIVILEGE && instant_owns(g, s, a)) {
        inwo_instant_apply(g, s, a, ev);
        settle(s);
        return TT_OK;
    }
    switch (INWO_HEAD(a)) {
    case H_PASS:
        tt_emit(ev, INWO_EV_PASS, s->to_move, TT_SEEN_ALL, 0, 0, 0, 0);
        if (tt_round_pass(top(s)))
            round_closed(g, s, ev);
        break;
    case H_BUY:
        begin_decl(s, H_BUY);
        answer_forced(g, s, ev);
        break;
    case H_DISCARD:
        if (s->decl.head == H_DISCARD) { /* the linked copy to lose (INWO-6.4.5) */
            inwo_link_apply(g, s, a, ev);
            break;
        }
        __attribute__((fallthrough));
    case H_RETURN:
        if (!playing(s)) {
            do_dispose(g, s, a, ev);
            break;
        }
        __attribute__((fallthrough)); /* a Plot discarded to pay a cost (INWO-2.10.3) */
    case H_ARROW:
        if (s->decl.head == H_ATTACK && s->decl.point == PT_RESOLVE) {
            capture_arrow(g, s, arg, ev);
            break;
        }
        __attribute__((fallthrough));
    case H_PAY:
    case H_KIND:
    case H_FOR:
    case H_TO:
    case H_SIDE:
    case H_ABILITY:
    case H_CHOOSE:
    case H_MODE:
    case H_TAKE:
    case H_RECORD:
    case H_TARGET:
    case H_PRIVILEGE:
    case H_VALUE: /* a ROLL_MOD with a cost or of an ability (plays.c) */
        take_answer(g, s, arg, ev);
        break;
    case H_DRAW:
        if (arg == INWO_NONE)
            do_draw(s, ev);
        else
            inwo_extra_draw_apply(s, arg, ev);
        break;
    case H_DONE: do_step_done(g, s, ev); break;
    case H_TAKEOVER: do_takeover(g, s, arg, ev); break;
    case H_END_MAIN:
        s->open_play = 0;
        inwo_open_round(s, inwo_next_seat(s, s->active), OR_LASTCALL);
        break;
    case H_DRAW_GROUP:
    case H_RESOURCE: do_illuminati_action(s, INWO_HEAD(a), arg, ev); break;
    case H_ATTACK:
    case H_MOVE:
    case H_LINK:
        begin_decl(s, INWO_HEAD(a));
        s->decl.ans[s->decl.nans++] = (uint16_t)arg;
        answer_forced(g, s, ev);
        break;
    case H_UNLINK: inwo_link_apply(g, s, a, ev); break;
    case H_REASSIGN:
        s->decl.ans[s->decl.nans++] = (uint16_t)arg;
        if (!inwo_reassign_open(g, s, s->decl.ans[0], s->decl.ans[1] & INWO_CARD_BITS,
                                s->decl.ans[1] >> 9 & 3))
            place_answered(g, s, ev);
        break;
    case H_AGENTS:
        begin_decl(s, H_AGENTS);
        s->decl.ans[3] = (uint16_t)inwo_current_attack(s);
        s->decl.ans[s->decl.nans++] = (uint16_t)arg;
        answer_forced(g, s, ev);
        break;
    case H_AGENT: {
        int p = s->to_move;
        inwo_agent_pay(s, arg, ev);
        announce(s, H_AGENT, p, arg, INWO_NONE, ev);
        break;
    }
    case H_BENEFIT:
        inwo_benefit_apply(g, s, arg);
        finish_step4(g, s, ev);
        break;
    case H_ZAP_CLEAR: inwo_zap_clear_announce(s, arg, ev); break;
    case H_SUBSTITUTE:
    case H_FORFEIT: {
        int k = inwo_play_substitute(g, s, a, ev), by = s->item[k].who & 7;
        item_done(s, k);
        after_resolution(g, s, -1, by, ev);
        break;
    }
    case H_AID:
    case H_OPPOSE:
    case H_DEFEND:
    case H_CALL_OFF: inwo_contrib_apply(g, s, INWO_HEAD(a), arg, ev); break;
    case H_DECLARE:
    case H_NODECLARE: do_declare(g, s, INWO_HEAD(a), arg, ev); break;
    case H_PLAY:
    case H_USE:
        inwo_play_begin(g, s, a);
        answer_forced(g, s, ev);
        break;
    default: break;
    }
    settle(s);
    return TT_OK;
}

/* The last `reassign` answer came: the capture or the move is made
 * (INWO-2.11.8), and its item is over. */
static void place_answered(const tt_game *g, inwo_state *s, tt_events *ev)
{
    uint16_t ans[INWO_DECL_MAX];
    int k = s->decl.ans[0], at = s->decl.ans[1];
    int n = inwo_placement_answers(s, ans);
    if (inwo_reorg_moved(g, s, k, ans, n, ev))
        return; /* a REORGANIZE goes on */
    if (s->item[k].kind == H_ATTACK) {
        inwo_capture(g, s, k, at & INWO_CARD_BITS, at >> 9 & 3, ans, n, ev);
    } else {
        int ok = s->item[k].kind == INWO_K_GIFT ? inwo_gift_resolve(g, s, k, ans, n, ev)
                                                : inwo_move_resolve(g, s, k, ans, n, ev);
        tt_emit(ev, INWO_EV_RESOLVE, s->item[k].who & 7, TT_SEEN_ALL, s->item[k].num, ok, 0, 0);
    }
    item_done(s, k);
    after_resolution(g, s, -1, s->item[k].who & 7, ev);
}

/* --- conceding (INWO-9.2.4) ----------------------------------------------------------------- */

/* A seat left while not active: he is polled no more; a round he closed by
 * leaving closes as if he had passed; a question to him goes on. */
static void leave_rounds(const tt_game *g, inwo_state *s, int p, tt_events *ev)
{
    if (s->decl.head && s->decl.player == p)
        memset(&s->decl, 0, sizeof s->decl);
    for (int i = 0; i < s->nrounds; i++)
        if (tt_round_leave(&s->rounds[i], p) && i < s->nrounds - 1)
            tt_round_restart(&s->rounds[i], inwo_next_seat(s, p));
    while (s->nrounds && tt_round_closed(top(s)) && !s->head.over)
        round_closed(g, s, ev);
    if (s->step == PT_DECLARE && s->asking == p && !s->nrounds)
        do_declare(g, s, H_NODECLARE, 0, ev);
}

int inwo_offturn_apply(const tt_game *g, void *st, int player, tt_action a, tt_events *ev,
                       tt_error *err)
{
    inwo_state *s = st;
    if (a != TT_CONCEDE) {
        int rc = inwo_talk_apply(g, s, player, a, ev, err);
        if (rc == TT_OK)
            settle(s); /* an accepted group gift opens its round (INWO-4.6.6) */
        return rc;
    }
    if (s->point == PT_LEAD)
        return TT_REFUSE("INWO-9.2.4", NULL, "concede once setup is done");
    if (s->head.eliminated >> player & 1)
        return TT_REFUSE("INWO-9.2.4", NULL, "you are out of the game");
    eliminate(s, player, ev);
    unsigned in = all_seats(s) & ~(unsigned)s->head.eliminated;
    if (!(in & (in - 1))) {
        int last = __builtin_ctz(in);
        tt_head_end_win(&s->head, s->nplayers, last, R_CONCEDED);
        tt_emit(ev, INWO_EV_END, last, TT_SEEN_ALL, R_CONCEDED, 0, 0, 0);
        settle(s);
        return TT_OK;
    }
    if (player == s->active) { /* his turn ends at once; his items go */
        end_eliminated_turn(g, s, ev);
    } else {
        leave_rounds(g, s, player, ev);
    }
    settle(s);
    return TT_OK;
}

int inwo_announce(inwo_state *s, int kind, int who, int card, int target, tt_events *ev)
{
    return announce(s, kind, who, card, target, ev);
}

void inwo_after_dispose(const tt_game *g, inwo_state *s, tt_events *ev)
{
    if (!s->resume) {
        after_cleanup(g, s, ev);
    } else if (!inwo_talk_over(g, s, s->to_move)) {
        s->resume = 0; /* a card received made him dispose (INWO-4.6.6): back to where it was */
        s->point = s->step;
    }
    settle(s);
}

int inwo_plot_limit(const tt_game *g, const inwo_state *s, int seat)
{
    return plot_limit(content_of(g), s, seat);
}
