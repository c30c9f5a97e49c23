/* INWO's hidden information (INWO-7): the views (7.7) and determinization
 * (7.12), both reading the contract at the top of inwo.h: identity is fixed
 * by the instance, what is hidden is which instance lies in which place,
 * and card[].seen_by says who knows each place's card.
 *
 * A view names a card only to a viewer in its seen_by (every player for a
 * face-up place); otherwise it gives its owner and back. Determinization
 * deals the cards a viewer does not know again over the places they
 * occupy, within classes of owner and back, each place keeping its seen_by;
 * a Group-back card ever in play or pending goes only to hand places. The
 * view is not on the playout path; determinize is, once per playout: it
 * allocates nothing. */
#include <string.h>

#include "core/sbuf.h"
#include "games/inwo/inwo.h"
#include "tabletop/view.h"

/* --- determinization (INWO-7.12) ------------------------------------------------------------ */

/* The places of one class: absolute slot indices into slot[]. */
typedef struct deal {
    uint16_t at[INWO_MAX_CARDS];
    uint8_t seen[INWO_MAX_CARDS];
    int n;
} deal;

static int hidden_from(const inwo_state *s, int card, int viewer)
{
    const inwo_card *v = &s->card[card];
    return !(v->seen_by >> viewer & 1) && !(v->flags & INWO_F_EXPOSED);
}

static int is_goal(const inwo_content *c, int card)
{
    const inwo_def *d = inwo_def_of(c, card);
    return d->kind == INWO_PLOT && d->subtype == ST_GOAL;
}

/* The places of the class (owner, back) whose card the viewer does not
 * know; with keep_goals, Goal cards stay where they are. */
static void collect(const inwo_content *c, const inwo_state *s, int viewer, int owner, int back,
                    int keep_goals, deal *d)
{
    d->n = 0;
    for (int p = 0; p < s->nplayers; p++)
        for (int z = Z_PLOT_DECK; z <= Z_HAND; z++) {
            int n, start;
            const uint16_t *pile = inwo_pile(s, p, z, &n);
            start = (int)(pile - s->slot);
            for (int i = 0; i < n; i++) {
                int card = pile[i];
                if (inwo_owner(card) == owner && inwo_plot_back(inwo_def_of(c, card)) == back &&
                    hidden_from(s, card, viewer) && !(keep_goals && is_goal(c, card))) {
                    d->at[d->n] = (uint16_t)(start + i);
                    d->seen[d->n++] = s->card[card].seen_by;
                }
            }
        }
}

/* A random deal of the class's cards over its places into out[]: the
 * cards that were public go to hand places (INWO-7.12 step 2). */
static void shuffle_deal(inwo_state *s, const deal *d, uint16_t *out)
{
    uint16_t cards[INWO_MAX_CARDS];
    for (int i = 0; i < d->n; i++)
        cards[i] = s->slot[d->at[i]];
    int hands[INWO_MAX_CARDS], nh = 0;
    for (int i = 0; i < d->n; i++)
        if (s->card[s->slot[d->at[i]]].zone == Z_HAND)
            hands[nh++] = i;
    /* from the cards in id order, so the deal depends on the seed and on
     * what the viewer knows only, never on where the cards lay */
    for (int i = 1; i < d->n; i++)
        for (int j = i; j > 0 && cards[j - 1] > cards[j]; j--) {
            uint16_t x = cards[j];
            cards[j] = cards[j - 1];
            cards[j - 1] = x;
        }
    tt_rng_shuffle_u16(&s->head.rng, cards, d->n);
    uint8_t used[INWO_MAX_CARDS] = {0};
    int k = 0;
    for (int i = 0; i < d->n; i++)
        if (s->card[cards[i]].flags & INWO_F_WAS_PUBLIC) {
            /* a hand place not yet taken, drawn at random */
            int free_hands = 0;
            for (int h = 0; h < nh; h++)
                free_hands += !used[hands[h]];
            int pick = (int)tt_rng_below(&s->head.rng, (uint32_t)(free_hands ? free_hands : 1));
            for (int h = 0; h < nh; h++)
                if (!used[hands[h]] && pick-- == 0) {
                    out[hands[h]] = cards[i];
                    used[hands[h]] = 1;
                    break;
                }
        }
    for (int i = 0; i < d->n; i++) {
        if (s->card[cards[i]].flags & INWO_F_WAS_PUBLIC)
            continue;
        while (used[k])
            k++;
        out[k] = cards[i];
        used[k] = 1;
    }
}

/* INWO-7.12 step 3: with out[] dealt, no hand holds two Goal cards, except
 * the hand of the player disposing, which holds two when he is within his
 * Plot limit (his Goal cards are then why he disposes, INWO-9.4.4). */
static int deal_legal(const tt_game *g, const inwo_state *s, const deal *d, const uint16_t *out)
{
    const inwo_content *c = g->content;
    int goals[INWO_MAX_PLAYERS] = {0}, plots[INWO_MAX_PLAYERS] = {0};
    for (int p = 0; p < s->nplayers; p++) {
        int n;
        const uint16_t *hand = inwo_pile(s, p, Z_HAND, &n);
        for (int i = 0; i < n; i++) {
            goals[p] += is_goal(c, hand[i]);
            plots[p] += inwo_plot_back(inwo_def_of(c, hand[i]));
        }
    }
    for (int i = 0; i < d->n; i++) {
        const inwo_card *place = &s->card[s->slot[d->at[i]]];
        if (place->zone == Z_HAND)
            goals[place->holder] += is_goal(c, out[i]) - is_goal(c, s->slot[d->at[i]]);
    }
    for (int p = 0; p < s->nplayers; p++) {
        int disposing = s->point == PT_DISPOSE && s->to_move == p;
        if (!disposing && goals[p] > 1)
            return 0;
        if (disposing && goals[p] < 2 && (p == s->active || plots[p] <= inwo_plot_limit(g, s, p)))
            return 0;
    }
    return 1;
}

static void deal_class(const tt_game *g, inwo_state *s, int viewer, int owner, int back, deal *d)
{
    const inwo_content *c = g->content;
    uint16_t out[INWO_MAX_CARDS];
    collect(c, s, viewer, owner, back, 0, d);
    if (d->n < 2)
        return;
    int tries = 0;
    do
        shuffle_deal(s, d, out);
    while (back && !deal_legal(g, s, d, out) && ++tries < 16);
    if (tries == 16) { /* the class's Goal cards stay where they are */
        collect(c, s, viewer, owner, back, 1, d);
        if (d->n < 2)
            return;
        shuffle_deal(s, d, out);
    }
    /* each place keeps its zone, holder and seen_by; the card brings the rest */
    uint8_t zone[INWO_MAX_CARDS], holder[INWO_MAX_CARDS];
    for (int i = 0; i < d->n; i++) {
        zone[i] = s->card[s->slot[d->at[i]]].zone;
        holder[i] = s->card[s->slot[d->at[i]]].holder;
    }
    for (int i = 0; i < d->n; i++) {
        s->slot[d->at[i]] = out[i];
        s->card[out[i]].zone = zone[i];
        s->card[out[i]].holder = holder[i];
        s->card[out[i]].seen_by = d->seen[i];
    }
}

void inwo_determinize(const tt_game *g, void *st, int viewer, uint64_t seed)
{
    inwo_state *s = st;
    tt_rng_seed(&s->head.rng, seed); /* INWO-7.12 step 4 */
    if (viewer < 0 || viewer >= s->nplayers)
        return;
    if (s->decl.head && s->decl.player != viewer && s->decl.point != PT_RESOLVE) {
        s->point = s->decl.point; /* his half-made declaration is dropped (INWO-7.13) */
        memset(&s->decl, 0, sizeof s->decl);
        s->to_move = s->nrounds ? (uint8_t)s->rounds[s->nrounds - 1].at : s->active;
    }
    deal d;
    for (int owner = 0; owner < s->nplayers; owner++)
        for (int back = 0; back < 2; back++)
            deal_class(g, s, viewer, owner, back, &d);
}

/* --- views (INWO-7.7) ------------------------------------------------------------------------ */

static int sees(const inwo_state *s, int card, int viewer)
{
    if (viewer == TT_VIEW_ALL)
        return 1;
    unsigned all = (1u << s->nplayers) - 1;
    if (viewer == TT_VIEW_SPECTATOR)
        return (s->card[card].seen_by & all) == all;
    return s->card[card].seen_by >> viewer & 1;
}

/* Who has seen a hidden card, when more than its holder (INWO-7.10: the
 * sets are public): " seen AB". Closes the card's string. */
static void seen_json(tt_sbuf *b, const inwo_state *s, int card)
{
    const inwo_card *v = &s->card[card];
    unsigned more = v->seen_by & ~(v->zone == Z_HAND ? 1u << v->holder : 0u);
    if (more) {
        tt_sbuf_printf(b, " seen ");
        for (int p = 0; p < s->nplayers; p++)
            if (v->seen_by >> p & 1)
                tt_sbuf_printf(b, "%c", 'A' + p);
    }
    tt_sbuf_printf(b, "\"");
}

static void card_json(tt_sbuf *b, const tt_game *g, const inwo_state *s, int card, int viewer)
{
    char id[32];
    if (sees(s, card, viewer)) {
        inwo_instance_text(g->content, card, id, sizeof id);
        tt_sbuf_printf(b, "\"%s\"", id);
    } else {
        tt_sbuf_printf(b, "\"%c:%s", 'A' + inwo_owner(card),
                       inwo_plot_back(inwo_def_of(g->content, card)) ? "plot" : "group");
        seen_json(b, s, card);
    }
}

static void pile_json(tt_sbuf *b, const tt_game *g, const inwo_state *s, int p, int zone,
                      const char *name, int viewer)
{
    int n;
    const uint16_t *pile = inwo_pile(s, p, zone, &n);
    tt_sbuf_printf(b, ",\"%s\":[", name);
    for (int i = 0; i < n; i++) {
        if (i)
            tt_sbuf_printf(b, ",");
        card_json(b, g, s, pile[i], viewer);
    }
    tt_sbuf_printf(b, "]");
}

static void seat_json(tt_sbuf *b, const tt_game *g, const inwo_state *s, int p, int viewer)
{
    char id[32];
    tt_sbuf_printf(b, "%s{\"seat\":\"%c\",\"completed\":%d,\"structure\":[", p ? "," : "", 'A' + p,
                   s->pl[p].completed);
    int first = 1;
    for (int k = 0; k < s->nodes_end; k++) {
        const inwo_node *v = &s->node[k];
        if (v->card == INWO_NONE || INWO_SEAT(v->geo) != p)
            continue;
        inwo_instance_text(g->content, v->card, id, sizeof id);
        tt_sbuf_printf(b, "%s{\"card\":\"%s\",\"x\":%d,\"y\":%d,\"rot\":%d,\"tokens\":%d}",
                       first ? "" : ",", id, v->x, v->y, INWO_ROT(v->geo),
                       s->card[v->card].u.p.tokens);
        first = 0;
    }
    tt_sbuf_printf(b, "]");
    pile_json(b, g, s, p, Z_HAND, "hand", viewer);
    pile_json(b, g, s, p, Z_PLOT_DECK, "plot_deck", viewer);
    pile_json(b, g, s, p, Z_GROUP_DECK, "group_deck", viewer);
    pile_json(b, g, s, p, Z_DISCARD, "discard", viewer);
    pile_json(b, g, s, p, Z_DESTROYED, "destroyed", viewer);
    tt_sbuf_printf(b, "}");
}

char *inwo_view(const tt_game *g, const void *st, int viewer)
{
    const inwo_state *s = st;
    static const char *const points[] = {"lead",  "upkeep",  "round",   "thwart",  "after_roll",
                                         "step1", "step2",   "step3",   "step4",   "main",
                                         "step6", "declare", "resolve", "dispose", "over"};
    tt_sbuf b = {0};
    int point = s->point, mover = s->to_move;
    if (s->decl.head && viewer != s->decl.player && viewer != TT_VIEW_ALL &&
        s->decl.point != PT_RESOLVE)
        point = s->decl.point; /* INWO-7.13: where he began, nothing more */
    tt_sbuf_printf(&b,
                   "{\"game\":\"inwo\",\"round\":%d,\"active\":\"%c\",\"point\":\"%s\","
                   "\"to_move\":\"%c\",\"seats\":[",
                   s->round, 'A' + s->active, points[point], 'A' + mover);
    for (int p = 0; p < s->nplayers; p++)
        seat_json(&b, g, s, p, viewer);
    tt_sbuf_printf(&b, "]}");
    return tt_sbuf_take(&b);
}
