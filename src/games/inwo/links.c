/* INWO's links in play (INWO-6): making and moving them (`link <card>`,
 * `to <group>`, `unlink <group>`, 6.2–6.3), the link benefits of step 4 and
 * their lock (`benefit <card> take|decline`, 6.3.3), the extra draws of
 * EXTRA_DRAW that set the same lock (`draw <card>`, 4.2.3), what happens to links
 * when their cards move (6.5), and the consequences of illegality: a Plot
 * permanently illegal is discarded, a limit_per_player conflict is settled
 * by its controller (`discard <plot>` at resolve, 6.4.5).
 *
 * Statuses are computed by values.c (inwo_link_status); this file acts on
 * them. On the playout path: no allocation, no strings. */
#include <string.h>

#include "core/errors.h"
#include "core/events.h"
#include "games/inwo/inwo.h"

#define MOVED 8 /* inwo_link.what: moved this turn (INWO-6.3.2) */
#define PERMANENT 4
#define UNLINKED 1 /* inwo_card.u.p.spare: its group link ended this turn */

static int ncards(const inwo_state *s)
{
    return s->nplayers * INWO_DECK_CARDS;
}

static int kind_of(const inwo_link *l)
{
    return l->what & 3;
}

static int links_on(const inwo_state *s, int b)
{
    int n = 0;
    for (int k = 0; k < s->nlinks; k++)
        n += s->link[k].b == b;
    return n;
}

/* --- cards on the move (INWO-6.5) ---------------------------------------------------------- */

void inwo_links_follow(inwo_state *s, int card, int seat)
{
    for (int k = 0; k < s->nlinks; k++) {
        inwo_card *a = &s->card[s->link[k].a];
        if (s->link[k].b == card && (a->zone == Z_RESOURCE || a->zone == Z_TABLE))
            a->holder = (uint8_t)seat;
    }
}

void inwo_links_left(inwo_state *s, int card, int seat)
{
    (void)seat;
    for (int k = s->nlinks - 1; k >= 0; k--) {
        inwo_link *l = &s->link[k];
        if (kind_of(l) == LK_GROUP && (l->a == card || l->b == card)) {
            inwo_link_remove(s, k); /* INWO-6.5.5 */
        } else if (l->b == card && kind_of(l) == LK_RESOURCE && !(l->what & PERMANENT)) {
            /* INWO-6.5.2: back to its controller's Illuminati */
            l->b = (uint16_t)inwo_illuminati(s, s->card[l->a].holder);
            l->ts = ++s->clock;
        }
    }
}

/* --- linked Plots (INWO-6.2.1, for the play of a linked Plot) ------------------------------ */

int inwo_link_plot_check(const inwo_content *c, const inwo_state *s, int plot, int b, int seat,
                         tt_error *err)
{
    const inwo_def *d = inwo_def_of(c, plot);
    if (b >= ncards(s) || s->card[b].zone != Z_STRUCTURE || s->card[b].holder != seat)
        return TT_REFUSE("INWO-6.2.1", NULL, "link it to a group of your structure");
    if (!d->has_link || !inwo_match(c, s, d->link_requires, b, seat))
        return TT_REFUSE("INWO-6.2.2", NULL, "%s cannot be linked to %s", d->id,
                         inwo_def_of(c, b)->id);
    if (d->limit_per_player && inwo_copies_linked(c, s, plot, seat) >= d->limit_per_player)
        return TT_REFUSE("INWO-6.4.1", NULL, "%s is limited to %d per player", d->id,
                         d->limit_per_player);
    if (s->nlinks >= INWO_LINKS_MAX || links_on(s, b) >= INWO_CARD_LINKS_MAX)
        return TT_REFUSE("INWO-2.15.2", NULL, "no room for another link");
    return TT_OK;
}

void inwo_link_plot(const inwo_content *c, inwo_state *s, int plot, int b)
{
    inwo_link_add(s, plot, b, LK_PLOT, 1); /* INWO-6.3.1 */
    inwo_links_update(c, s);
}

/* --- link, to, unlink (INWO-6.2, 6.3) ------------------------------------------------------ */

/* The filter the far end must meet (INWO-2.5.1, 2.6.2). */
static int far_filter(const inwo_def *d)
{
    return d->kind == INWO_GROUP ? d->link_target : d->has_link ? d->link_requires : INWO_NO_FILTER;
}

static int main_free(const inwo_state *s)
{
    return !s->decl.head && !s->nrounds && s->point == PT_MAIN;
}

/* Whether card may be linked to b: of the same structure, not itself nor
 * its present far end, legal (a Resource may always go back to the
 * Illuminati, INWO-2.6.2), within the caps. */
static int chk_far(const inwo_content *c, const inwo_state *s, int card, int b, tt_error *err)
{
    int p = s->active, l = inwo_link_of(s, card);
    const inwo_def *d = inwo_def_of(c, card);
    if (b >= ncards(s) || s->card[b].zone != Z_STRUCTURE || s->card[b].holder != p || b == card)
        return TT_REFUSE("INWO-6.2.1", NULL, "link it to another group of your structure");
    if (l >= 0 && s->link[l].b == b)
        return TT_REFUSE("INWO-6.2.1", NULL, "it is linked there already");
    int illu = b == inwo_illuminati(s, p);
    if (illu ? d->kind != INWO_RESOURCE : !inwo_match(c, s, far_filter(d), b, p))
        return TT_REFUSE("INWO-6.2.2", NULL, "%s cannot be linked to %s", d->id,
                         inwo_def_of(c, b)->id);
    if ((l < 0 && s->nlinks >= INWO_LINKS_MAX) || links_on(s, b) >= INWO_CARD_LINKS_MAX)
        return TT_REFUSE("INWO-2.15.2", NULL, "no room for another link");
    return TT_OK;
}

static int any_far(const inwo_content *c, const inwo_state *s, int card)
{
    for (int k = 0; k < s->nodes_end; k++)
        if (s->node[k].card != INWO_NONE && chk_far(c, s, card, s->node[k].card, NULL) == TT_OK)
            return 1;
    return 0;
}

/* Whether the link from card may move this turn (INWO-6.3.1–6.3.3, 6.4.6). */
static int chk_movable(const inwo_content *c, const inwo_state *s, int card, tt_error *err)
{
    int l = inwo_link_of(s, card);
    if (l >= 0 && (s->link[l].what & PERMANENT))
        return TT_REFUSE("INWO-6.3.1", NULL, "a permanent link never moves");
    int stranded = l >= 0 && kind_of(&s->link[l]) == LK_RESOURCE &&
                   (s->link[l].what >> 4) == LS_INACTIVE_PERMANENT; /* INWO-6.4.6 */
    if (((l >= 0 && (s->link[l].what & MOVED)) || (s->card[card].u.p.spare & UNLINKED)) &&
        !stranded)
        return TT_REFUSE("INWO-6.3.2", NULL, "a link moves once a turn");
    if (s->card[card].flags & INWO_F_BENEFIT)
        return TT_REFUSE("INWO-6.3.3", NULL, "%s gave a benefit this turn",
                         inwo_def_of(c, card)->id);
    return TT_OK;
}

static int chk_link(const inwo_content *c, const inwo_state *s, int card, tt_error *err)
{
    int p = s->active;
    if (!main_free(s))
        return TT_REFUSE("INWO-6.2.1", NULL, "links are made in your Main Phase");
    const inwo_card *v = card < ncards(s) ? &s->card[card] : NULL;
    const inwo_def *d = v ? inwo_def_of(c, card) : NULL;
    if (!v || v->holder != p ||
        !((v->zone == Z_RESOURCE) ||
          (v->zone == Z_STRUCTURE && d->kind == INWO_GROUP && d->link_target != INWO_NO_FILTER)))
        return TT_REFUSE("INWO-6.1.1", NULL, "link a Resource or a group that links to a group");
    int rc = chk_movable(c, s, card, err);
    if (rc)
        return rc;
    if (!any_far(c, s, card))
        return TT_REFUSE("INWO-6.2.2", NULL, "no group %s may be linked to", d->id);
    return TT_OK;
}

static int chk_unlink(const inwo_content *c, const inwo_state *s, int card, tt_error *err)
{
    if (!main_free(s))
        return TT_REFUSE("INWO-6.2.1", NULL, "links are made in your Main Phase");
    int l = card < ncards(s) ? inwo_link_of(s, card) : -1;
    if (l < 0 || kind_of(&s->link[l]) != LK_GROUP || s->card[card].holder != s->active)
        return TT_REFUSE("INWO-6.3.2", NULL, "unlink a group of yours linked to a group");
    return chk_movable(c, s, card, err);
}

/* Whether linked Plot plot is one of more copies than its limit_per_player
 * allows in seat's structure (INWO-6.4.5). */
static int in_conflict(const inwo_content *c, const inwo_state *s, int plot, int seat)
{
    int l = plot < ncards(s) ? inwo_link_of(s, plot) : -1;
    if (l < 0 || kind_of(&s->link[l]) != LK_PLOT)
        return 0;
    const inwo_card *b = &s->card[s->link[l].b];
    const inwo_def *d = inwo_def_of(c, plot);
    return b->zone == Z_STRUCTURE && b->holder == seat && d->limit_per_player &&
           inwo_copies_linked(c, s, plot, seat) > d->limit_per_player;
}

static int chk_conflict(const inwo_content *c, const inwo_state *s, int plot, tt_error *err)
{
    if (s->decl.head != H_DISCARD || !in_conflict(c, s, plot, s->decl.player))
        return TT_REFUSE("INWO-6.4.5", NULL, "discard a linked Plot of the conflict");
    return TT_OK;
}

int inwo_link_check(const tt_game *g, const inwo_state *s, tt_action a, tt_error *err)
{
    const inwo_content *c = g->content;
    int arg = INWO_ARG(a);
    switch (INWO_HEAD(a)) {
    case H_LINK: return chk_link(c, s, arg, err);
    case H_UNLINK: return chk_unlink(c, s, arg, err);
    case H_DISCARD: return chk_conflict(c, s, arg, err);
    default:
        if (s->decl.head != H_LINK || s->decl.nans != 1)
            return TT_REFUSE("INWO-5.0.4", NULL, "no link is being made");
        return chk_far(c, s, s->decl.ans[0], arg, err);
    }
}

static int add(const tt_game *g, const inwo_state *s, tt_action a, tt_action *out, int n)
{
    if (inwo_link_check(g, s, a, NULL) != TT_OK)
        return n;
    if (out)
        out[n] = a;
    return n + 1;
}

int inwo_link_legal_list(const tt_game *g, const inwo_state *s, tt_action *out, int n)
{
    if (s->decl.head == H_DISCARD) {
        for (int k = 0; k < s->nlinks; k++)
            n = add(g, s, INWO_A(H_DISCARD, s->link[k].a), out, n);
        return n;
    }
    if (s->decl.head == H_LINK) {
        for (int k = 0; k < s->nodes_end; k++)
            if (s->node[k].card != INWO_NONE && INWO_SEAT(s->node[k].geo) == s->decl.player)
                n = add(g, s, INWO_A(H_TO, s->node[k].card), out, n);
        return n;
    }
    if (!main_free(s))
        return n;
    for (int i = 0; i < ncards(s); i++) {
        const inwo_card *v = &s->card[i];
        if (v->holder != s->active || (v->zone != Z_STRUCTURE && v->zone != Z_RESOURCE))
            continue;
        n = add(g, s, INWO_A(H_LINK, i), out, n);
        if (v->zone == Z_STRUCTURE)
            n = add(g, s, INWO_A(H_UNLINK, i), out, n);
    }
    return n;
}

static void discard_plot(inwo_state *s, int plot, int l, tt_events *ev)
{
    inwo_link_remove(s, l);
    inwo_lift(s, plot);
    inwo_put(s, plot, Z_DISCARD, inwo_owner(plot));
    tt_emit(ev, INWO_EV_DISCARD, s->card[plot].holder, TT_SEEN_ALL, plot, 0, 0, 0);
}

/* Moves or makes the link from card to b (INWO-6.2, 6.3.2). */
static void relink(const inwo_content *c, inwo_state *s, int card, int b)
{
    int l = inwo_link_of(s, card);
    const inwo_def *d = inwo_def_of(c, card);
    int permanent = d->kind == INWO_RESOURCE && d->has_link && d->link_permanent &&
                    b != inwo_illuminati(s, s->active); /* INWO-6.3.1: its first such link */
    if (l < 0) {
        l = inwo_link_add(s, card, b, LK_GROUP, 0);
    } else {
        s->link[l].b = (uint16_t)b;
        s->link[l].ts = ++s->clock;
    }
    s->link[l].what |= (uint8_t)(MOVED | (permanent ? PERMANENT : 0));
    inwo_links_update(c, s);
}

void inwo_link_apply(const tt_game *g, inwo_state *s, tt_action a, tt_events *ev)
{
    const inwo_content *c = g->content;
    int arg = INWO_ARG(a);
    switch (INWO_HEAD(a)) {
    case H_UNLINK:
        inwo_link_remove(s, inwo_link_of(s, arg));
        s->card[arg].u.p.spare |= UNLINKED; /* counts as its move (INWO-5.0.5) */
        inwo_links_update(c, s);
        break;
    case H_DISCARD: /* INWO-6.4.5: the copy chosen goes; the others stay */
        memset(&s->decl, 0, sizeof s->decl);
        discard_plot(s, arg, inwo_link_of(s, arg), ev);
        inwo_links_settle(g, s, ev);
        break;
    default: {
        int card = s->decl.ans[0];
        memset(&s->decl, 0, sizeof s->decl);
        relink(c, s, card, arg);
        break;
    }
    }
}

int inwo_links_settle(const tt_game *g, inwo_state *s, tt_events *ev)
{
    const inwo_content *c = g->content;
    inwo_links_update(c, s);
    int conflict = -1;
    for (int k = s->nlinks - 1; k >= 0; k--) {
        const inwo_link *l = &s->link[k];
        if (kind_of(l) != LK_PLOT || (l->what >> 4) != LS_INACTIVE_PERMANENT)
            continue;
        if (in_conflict(c, s, l->a, s->card[l->b].holder))
            conflict = s->card[l->b].holder;
        else
            discard_plot(s, l->a, k, ev); /* INWO-6.4.5 */
    }
    inwo_links_update(c, s);
    if (conflict < 0 || s->decl.head)
        return 0;
    s->decl.head = H_DISCARD; /* its controller chooses at once */
    s->decl.player = (uint8_t)conflict;
    s->decl.point = PT_RESOLVE;
    return 1;
}

/* --- link benefits at step 4 (INWO-6.3.3) ------------------------------------------------- */

/* Whether link l's card gives its group an extra token this step 4. */
static int gives_token(const inwo_content *c, const inwo_state *s, int l)
{
    const inwo_link *k = &s->link[l];
    const inwo_def *d = inwo_def_of(c, k->a);
    int b = k->b;
    if (!inwo_link_active(k) || s->card[b].zone != Z_STRUCTURE || s->card[b].holder != s->active ||
        !inwo_receives_tokens(c, s, b) || s->card[b].u.p.tokens >= inwo_capacity(c, s, b))
        return 0;
    for (int a = 0; a < d->nability; a++)
        if (d->ability[a].op == OP_EXTRA_TOKENS && d->ability[a].scope == SC_LINKED)
            return 1;
    return 0;
}

int inwo_benefit_pending(const inwo_content *c, const inwo_state *s)
{
    for (int l = 0; l < s->nlinks; l++)
        if (!(s->link[l].spare & INWO_LINK_ASKED) && gives_token(c, s, l))
            return l;
    return -1;
}

int inwo_benefit_check(const tt_game *g, const inwo_state *s, int arg, tt_error *err)
{
    int l = s->step == PT_STEP4 && !s->nrounds && !s->decl.head && s->point == PT_STEP4
                ? inwo_benefit_pending(g->content, s)
                : -1;
    if (l < 0)
        return TT_REFUSE("INWO-6.3.3", NULL, "no link benefit is being provided");
    if ((arg & INWO_CARD_BITS) != s->link[l].a || arg >> 10)
        return TT_REFUSE("INWO-6.3.3", NULL, "the benefit asked about is that of %s",
                         inwo_def_of(g->content, s->link[l].a)->id);
    return TT_OK;
}

void inwo_benefit_apply(const tt_game *g, inwo_state *s, int arg)
{
    int l = inwo_benefit_pending(g->content, s);
    s->link[l].spare |= INWO_LINK_ASKED;
    if (arg >> 9 & 1)
        s->link[l].spare |= INWO_LINK_DECLINED;
    else
        s->card[s->link[l].a].flags |= INWO_F_BENEFIT; /* it will produce a token */
}

/* --- extra draws at steps 1 and 2 (EXTRA_DRAW, INWO-4.2.3–4.2.4, 6.3.3) ---------------------- */

/* inwo_card.u.p.spare of a card in play: the extra draws it gave this turn
 * (bits 1-4) and whether at step 2 (bit 5). Steps 1 and 2 draw from
 * different decks, so a count made at step 1 does not hold at step 2. */
#define DRAWS_SHIFT 1
#define DRAWS_MASK (0xF << DRAWS_SHIFT)
#define DRAWS_STEP2 (1 << 5)

/* The step's deck as EXTRA_DRAW names it (0 plot, 1 group), -1 when no
 * step draw may be made now. */
static int draw_deck(const inwo_state *s)
{
    if (s->decl.head || s->nrounds || s->point == PT_DISPOSE ||
        (s->step != PT_STEP1 && s->step != PT_STEP2))
        return -1;
    return s->step == PT_STEP2;
}

/* The extra draws card grants from deck this turn: its EXTRA_DRAW counts. */
static int draws_granted(const inwo_content *c, int card, int deck)
{
    const inwo_def *d = inwo_def_of(c, card);
    int n = 0;
    for (int k = 0; k < d->nability; k++)
        if (d->ability[k].op == OP_EXTRA_DRAW && d->ability[k].sel == deck)
            n += d->ability[k].value;
    return n;
}

static int draws_taken(const inwo_state *s, int card)
{
    int spare = s->card[card].u.p.spare;
    if (!(spare & DRAWS_STEP2) != (s->step == PT_STEP1))
        return 0;
    return (spare & DRAWS_MASK) >> DRAWS_SHIFT;
}

/* Whether the source works now (INWO-2.10.5): a group in play and not
 * paralyzed; a Resource through its link, active (legal) and to a group
 * that is not paralyzed (INWO-5.8.3), as its other ops. */
static int draw_source_active(const inwo_state *s, int card)
{
    if (s->card[card].zone == Z_STRUCTURE)
        return !inwo_paralyzed(s, card);
    int l = inwo_link_of(s, card);
    return l >= 0 && inwo_link_active(&s->link[l]) && !inwo_paralyzed(s, s->link[l].b);
}

int inwo_extra_draw_check(const tt_game *g, const inwo_state *s, int card, tt_error *err)
{
    const inwo_content *c = g->content;
    int deck = draw_deck(s), p = s->active;
    const char *rule = s->step == PT_STEP2 ? "INWO-4.2.4" : "INWO-4.2.3";
    if (deck < 0)
        return TT_REFUSE("INWO-4.2.3", NULL, "the step draws are made at steps 1 and 2");
    if (card >= ncards(s) || s->card[card].holder != p ||
        (s->card[card].zone != Z_RESOURCE && s->card[card].zone != Z_STRUCTURE) ||
        !inwo_has_op(c, card, OP_EXTRA_DRAW))
        return TT_REFUSE(rule, NULL, "that card of yours in play grants no extra draw");
    const char *id = inwo_def_of(c, card)->id;
    int granted = draws_granted(c, card, deck);
    if (!granted)
        return TT_REFUSE(rule, NULL, "%s grants no extra draw from your %s deck", id,
                         deck ? "Group" : "Plot");
    if (!draw_source_active(s, card))
        return TT_REFUSE("INWO-2.10.5", NULL, "%s is not active: its link is not legal", id);
    if (draws_taken(s, card) >= granted)
        return TT_REFUSE(rule, NULL, "%s gave its %d extra draw%s this turn", id, granted,
                         granted == 1 ? "" : "s");
    if (!s->npile[p][deck ? Z_GROUP_DECK : Z_PLOT_DECK])
        return TT_REFUSE("INWO-5.7.5", NULL, "that deck is empty");
    if (s->npile[p][Z_HAND] >= INWO_HAND_MAX)
        return TT_REFUSE("INWO-2.15.2", NULL, "your hand holds 64 cards");
    return TT_OK;
}

int inwo_extra_draw_legal(const tt_game *g, const inwo_state *s, tt_action *out, int n)
{
    if (draw_deck(s) < 0)
        return n;
    int len, last = -1;
    const uint16_t *src = inwo_op_sources(g->content, OP_EXTRA_DRAW, &len);
    for (int i = 0; i < len; i++) {
        if (src[i] == last || inwo_extra_draw_check(g, s, src[i], NULL) != TT_OK)
            continue;
        if (out)
            out[n] = INWO_A(H_DRAW, src[i]);
        n++;
        last = src[i];
    }
    return n;
}

/* Draws the card the source grants; the source has given a benefit and is
 * locked for the turn when it is linked (INWO-6.3.3). */
void inwo_extra_draw_apply(inwo_state *s, int card, tt_events *ev)
{
    int p = s->active, deck = s->step == PT_STEP2 ? Z_GROUP_DECK : Z_PLOT_DECK;
    int taken = draws_taken(s, card) + 1;
    inwo_card *v = &s->card[card];
    v->u.p.spare = (uint16_t)((v->u.p.spare & ~(DRAWS_MASK | DRAWS_STEP2)) | taken << DRAWS_SHIFT |
                              (deck == Z_GROUP_DECK ? DRAWS_STEP2 : 0));
    if (inwo_link_of(s, card) >= 0)
        v->flags |= INWO_F_BENEFIT;
    uint16_t k = inwo_pile_take(s, p, deck, s->npile[p][deck] - 1);
    inwo_put(s, k, Z_HAND, p);
    tt_emit(ev, INWO_EV_DRAW, p, s->card[k].seen_by, deck, k, 0, 0);
}
