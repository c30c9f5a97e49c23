/* INWO setup (INWO-3): the state's initial value for a seed, the lead
 * choices of INWO-3.6 as the only decisions, and the rest of setup once the
 * last lead is known: the leads placed, the starting Groups drawn (3.7) and
 * the first player rolled for (3.8).
 *
 * Piles of every seat share slot[] (core/pile.h's shared piles): pile
 * seat·5 + zone, in the zone order of enum inwo_zone. A lead choice is
 * hidden in pl[].lead until every player has chosen (INWO-3.6): the card
 * stays in its deck until then. Every shuffle, draw and die is an event
 * (INWO-8.2), but those of the initial state, which the seed alone gives. */
#include <stdio.h>
#include <string.h>

#include "core/errors.h"
#include "core/events.h"
#include "core/pile.h"
#include "games/inwo/inwo.h"

enum lead_state { LEAD_TO_CHOOSE, LEAD_CHOSEN, LEAD_CONFIRMED, LEAD_NONE };

static const inwo_content *content_of(const tt_game *g)
{
    return g->content;
}

/* --- piles ------------------------------------------------------------------------------ */

const uint16_t *inwo_pile(const inwo_state *s, int seat, int zone, int *n)
{
    *n = s->npile[seat][zone];
    return s->slot + tt_piles_start(&s->npile[0][0], seat * INWO_NPILES + zone);
}

void inwo_pile_push(inwo_state *s, int seat, int zone, uint16_t card)
{
    int j = seat * INWO_NPILES + zone;
    tt_piles_insert_at(s->slot, &s->npile[0][0], s->nplayers * INWO_NPILES, INWO_MAX_CARDS, j,
                       s->npile[seat][zone], card);
    s->card[card].zone = (uint8_t)zone;
    s->card[card].holder = (uint8_t)seat;
}

uint16_t inwo_pile_take(inwo_state *s, int seat, int zone, int i)
{
    return tt_piles_remove_at(s->slot, &s->npile[0][0], s->nplayers * INWO_NPILES,
                              seat * INWO_NPILES + zone, i);
}

static void shuffle(inwo_state *s, int seat, int zone, tt_events *ev)
{
    int n = s->npile[seat][zone];
    uint16_t *p = s->slot + tt_piles_start(&s->npile[0][0], seat * INWO_NPILES + zone);
    tt_emit(ev, INWO_EV_SHUFFLE, seat, TT_SEEN_ALL, zone, n, 0, 0);
    tt_rng_shuffle_u16(&s->head.rng, p, n);
    for (int i = 0; i < n; i++)
        s->card[p[i]].seen_by = 0; /* INWO-7.10: nobody knows a shuffled deck */
}

/* Draws the top of a deck into the seat's hand; the drawer joins seen_by. */
static void draw(inwo_state *s, int seat, int zone, tt_events *ev)
{
    if (!s->npile[seat][zone])
        return; /* INWO-5.7.5: an empty deck yields nothing */
    uint16_t c = inwo_pile_take(s, seat, zone, s->npile[seat][zone] - 1);
    inwo_pile_push(s, seat, Z_HAND, c);
    s->card[c].seen_by |= (uint8_t)(1u << seat);
    tt_emit(ev, INWO_EV_DRAW, seat, s->card[c].seen_by, zone, c, 0, 0);
}

/* --- the initial state ----------------------------------------------------------------- */

void inwo_init(const tt_game *g, void *st, uint64_t seed)
{
    const inwo_content *c = content_of(g);
    int np = c->opt.nplayers;
    inwo_state *s = st;
    memset(s, 0, inwo_state_size(np));
    tt_rng_seed(&s->head.rng, seed);
    s->nplayers = (uint8_t)np;
    s->point = PT_LEAD;
    for (int i = 0; i < INWO_ROUNDS_MAX; i++)
        tt_round_clear(&s->rounds[i]);
    for (int i = 0; i < INWO_NODES_MAX; i++)
        s->node[i] = (inwo_node){INWO_NONE, 0, 0, INWO_NO_NODE, 0};
    for (int k = 0; k < 3; k++)
        s->nwo[k] = INWO_NONE;
    unsigned all = (1u << np) - 1;
    for (int p = 0; p < np; p++) {
        int base = p * INWO_DECK_CARDS;
        s->pl[p] = (inwo_player){.lead = INWO_NONE, .protected_ = 1};
        /* INWO-3.3: the Illuminati at (0,0), rot 0, revealed together */
        s->node[p] = (inwo_node){(uint16_t)base, 0, 0, INWO_NO_NODE, INWO_GEO(0, 0, p)};
        s->nnodes++;
        s->nodes_end = (uint8_t)(p + 1);
        s->card[base] =
            (inwo_card){.zone = Z_STRUCTURE, .holder = (uint8_t)p, .seen_by = (uint8_t)all};
        s->card[base].u.p.node = (uint8_t)p;
        s->pl[p].illuminati_node = (uint8_t)p;
        /* INWO-3.4: the two decks, shuffled */
        for (int i = 1; i < INWO_DECK_CARDS; i++)
            inwo_pile_push(s, p, i <= c->deck[p].ngroup ? Z_GROUP_DECK : Z_PLOT_DECK,
                           (uint16_t)(base + i));
        for (int i = 1; i < INWO_DECK_CARDS; i++)
            s->card[base + i].u.p.node = INWO_NO_NODE;
        shuffle(s, p, Z_GROUP_DECK, NULL);
        shuffle(s, p, Z_PLOT_DECK, NULL);
        for (int k = 0; k < 3; k++) /* INWO-3.5 */
            draw(s, p, Z_PLOT_DECK, NULL);
    }
    s->active = s->first = 0;
    s->to_move = 0; /* INWO-3.6: choices in seat order */
}

/* --- leads (INWO-3.6) -------------------------------------------------------------------- */

/* Whether card_id def was chosen by anyone before this pass: a confirmed
 * lead, or a card set aside as a duplicate. */
static int taken(const tt_game *g, const inwo_state *s, int def)
{
    const inwo_content *c = content_of(g);
    for (int j = c->def_first[def]; j < c->def_first[def + 1]; j++) { /* def's copies only */
        int i = c->def_inst[j];
        int lead =
            s->pl[inwo_owner(i)].lead == i && s->pl[inwo_owner(i)].lead_state == LEAD_CONFIRMED;
        if (lead || s->card[i].zone == Z_SETASIDE)
            return 1;
    }
    return 0;
}

/* The seat's eligible leads: a Group (not a Resource) of his Group deck
 * whose card_id nobody chose before. One per card_id: copies are alike. */
int inwo_lead_legal(const tt_game *g, const inwo_state *s, tt_action *out)
{
    const inwo_content *c = content_of(g);
    int p = s->to_move, n = 0, len;
    const uint16_t *deck = inwo_pile(s, p, Z_GROUP_DECK, &len);
    uint16_t best[INWO_MAX_DEFS];
    memset(best, 0xFF, sizeof best);
    for (int i = 0; i < len; i++) {
        int def = c->deck[p].def[deck[i] % INWO_DECK_CARDS];
        if (c->def[def].kind == INWO_GROUP && deck[i] < best[def])
            best[def] = deck[i];
    }
    for (int def = 0; def < c->ndefs; def++)
        if (best[def] != INWO_NONE && !taken(g, s, def)) {
            if (out)
                out[n] = INWO_A_LEAD | best[def];
            n++;
        }
    return n;
}

/* INWO-3.8: 2d6 each; the players tied highest roll again among themselves. */
static int first_player(inwo_state *s, tt_events *ev)
{
    unsigned in = (1u << s->nplayers) - 1;
    while (in & (in - 1)) {
        int roll[INWO_MAX_PLAYERS], best = 0;
        for (int p = 0; p < s->nplayers; p++)
            if (in >> p & 1) {
                int d1 = 1 + (int)tt_rng_below(&s->head.rng, 6);
                int d2 = 1 + (int)tt_rng_below(&s->head.rng, 6);
                tt_emit(ev, INWO_EV_ROLL, p, TT_SEEN_ALL, d1, d2, 0, 0);
                roll[p] = d1 + d2;
                best = roll[p] > best ? roll[p] : best;
            }
        for (int p = 0; p < s->nplayers; p++)
            if ((in >> p & 1) && roll[p] < best)
                in &= ~(1u << p);
    }
    int first = 0;
    while (!(in >> first & 1))
        first++;
    return first;
}

/* Ends setup: INWO-3.6 placement, 3.7 starting Groups, 3.8 first player. */
static void finish(const tt_game *g, inwo_state *s, tt_events *ev)
{
    const inwo_content *c = content_of(g);
    int np = s->nplayers;
    for (int p = 0; p < np; p++) {
        inwo_player *pl = &s->pl[p];
        if (pl->lead_state == LEAD_CONFIRMED) {
            int len;
            const uint16_t *deck = inwo_pile(s, p, Z_GROUP_DECK, &len);
            inwo_pile_take(s, p, Z_GROUP_DECK, tt_pile_find(deck, len, pl->lead));
            inwo_place(c, s, p, pl->lead, pl->illuminati_node, SIDE_N); /* house: the N arrow */
        }
        pl->lead = INWO_NONE;
        pl->lead_state = 0;
        shuffle(s, p, Z_GROUP_DECK, ev);
        for (int k = 0; k < 6; k++)
            draw(s, p, Z_GROUP_DECK, ev);
    }
    for (int i = 0; i < np * INWO_DECK_CARDS; i++) /* set-aside leads go back */
        if (s->card[i].zone == Z_SETASIDE)
            inwo_pile_push(s, inwo_owner(i), Z_GROUP_DECK, (uint16_t)i);
    for (int p = 0; p < np; p++)
        shuffle(s, p, Z_GROUP_DECK, ev);
    s->first = (uint8_t)first_player(s, ev);
    tt_emit(ev, INWO_EV_FIRST, s->first, TT_SEEN_ALL, 0, 0, 0, 0);
    s->active = s->to_move = s->first;
    s->round = 1;
    s->head.turn = 1;
    s->point = PT_UPKEEP;
    inwo_turn_begin(g, s, ev); /* INWO-4.2.1: the first turn begins */
}

/* The reveal of a pass: duplicates set aside and chosen again. */
static void reveal(const tt_game *g, inwo_state *s, tt_events *ev)
{
    const inwo_content *c = content_of(g);
    int np = s->nplayers;
    uint8_t dup[INWO_MAX_PLAYERS] = {0};
    for (int p = 0; p < np; p++)
        for (int q = 0; q < np; q++)
            if (p != q && s->pl[p].lead_state == LEAD_CHOSEN &&
                s->pl[q].lead_state == LEAD_CHOSEN &&
                c->deck[p].def[s->pl[p].lead % INWO_DECK_CARDS] ==
                    c->deck[q].def[s->pl[q].lead % INWO_DECK_CARDS])
                dup[p] = 1;
    for (int p = 0; p < np; p++) {
        inwo_player *pl = &s->pl[p];
        if (pl->lead_state != LEAD_CHOSEN)
            continue;
        tt_emit(ev, INWO_EV_LEAD, p, TT_SEEN_ALL, pl->lead, dup[p], 0, 0);
        if (!dup[p]) {
            pl->lead_state = LEAD_CONFIRMED;
            continue;
        }
        int len;
        const uint16_t *deck = inwo_pile(s, p, Z_GROUP_DECK, &len);
        inwo_pile_take(s, p, Z_GROUP_DECK, tt_pile_find(deck, len, pl->lead));
        s->card[pl->lead].zone = Z_SETASIDE; /* face up: every seat saw it */
        s->card[pl->lead].seen_by = (uint8_t)((1u << np) - 1);
        pl->lead = INWO_NONE;
        pl->lead_state = LEAD_TO_CHOOSE;
    }
}

/* The next seat to choose in seat order; a seat with nothing eligible has
 * no lead. After the last, the reveal; when all are settled, the rest of setup. */
static void next_chooser(const tt_game *g, inwo_state *s, tt_events *ev)
{
    for (;;) {
        int p = 0;
        while (p < s->nplayers && s->pl[p].lead_state != LEAD_TO_CHOOSE)
            p++;
        if (p == s->nplayers) {
            int chosen = 0;
            for (int q = 0; q < s->nplayers; q++)
                chosen |= s->pl[q].lead_state == LEAD_CHOSEN;
            if (!chosen) {
                finish(g, s, ev);
                return;
            }
            reveal(g, s, ev);
            continue;
        }
        s->to_move = (uint8_t)p;
        if (inwo_lead_legal(g, s, NULL))
            return;
        s->pl[p].lead_state = LEAD_NONE;
        tt_emit(ev, INWO_EV_NO_LEAD, p, TT_SEEN_ALL, 0, 0, 0, 0);
    }
}

int inwo_lead_apply(const tt_game *g, inwo_state *s, int card, tt_events *ev, tt_error *err)
{
    const inwo_content *c = content_of(g);
    int p = s->to_move;
    if (card < 0 || card >= s->nplayers * INWO_DECK_CARDS || inwo_owner(card) != p ||
        s->card[card].zone != Z_GROUP_DECK)
        return TT_REFUSE("INWO-3.6", NULL, "a lead is a Group card of your own Group deck");
    int def = c->deck[p].def[card % INWO_DECK_CARDS];
    if (c->def[def].kind != INWO_GROUP)
        return TT_REFUSE("INWO-3.6", NULL, "%s is a Resource; a lead is a Group", c->def[def].id);
    if (taken(g, s, def))
        return TT_REFUSE("INWO-3.6", NULL, "%s was chosen before; choose another card_id",
                         c->def[def].id);
    for (int i = p * INWO_DECK_CARDS; i < card; i++) /* the listed copy (INWO-5.0.3) */
        if (c->deck[p].def[i % INWO_DECK_CARDS] == def && s->card[i].zone == Z_GROUP_DECK)
            return TT_REFUSE("INWO-5.0.3", NULL, "copies are alike: choose the first, #%d",
                             c->deck[p].copy[i % INWO_DECK_CARDS]);
    s->pl[p].lead = (uint16_t)card;
    s->pl[p].lead_state = LEAD_CHOSEN;
    tt_emit(ev, INWO_EV_CHOSEN, p, TT_SEEN(p), card, 0, 0, 0); /* hidden until all chose */
    next_chooser(g, s, ev);
    return TT_OK;
}

/* --- instance names (INWO-5.0.3) --------------------------------------------------------- */

int inwo_instance_text(const inwo_content *c, int instance, char *buf, size_t n)
{
    int seat = inwo_owner(instance), i = instance % INWO_DECK_CARDS;
    return snprintf(buf, n, "%c:%s#%d", 'A' + seat, c->def[c->deck[seat].def[i]].id,
                    c->deck[seat].copy[i]);
}

/* The instance named by text, or -1. */
int inwo_instance_parse(const inwo_content *c, const char *text)
{
    char id[16];
    int copy, len = 0;
    if (text[0] < 'A' || text[0] > 'A' + c->opt.nplayers - 1 || text[1] != ':' ||
        sscanf(text + 2, "%15[A-Za-z0-9_]#%d%n", id, &copy, &len) != 2 || text[2 + len])
        return -1;
    int seat = text[0] - 'A';
    for (int i = 0; i < INWO_DECK_CARDS; i++)
        if (strcmp(c->def[c->deck[seat].def[i]].id, id) == 0 && c->deck[seat].copy[i] == copy)
            return seat * INWO_DECK_CARDS + i;
    return -1;
}
