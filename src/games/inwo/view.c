/* INWO's views (INWO-7.7): the public state of INWO-7.1 for everyone, the
 * cards a viewer has seen, and his own declaration in progress (7.13).
 *
 * A view names a card only to a viewer in its seen_by (every player for a
 * face-up place); otherwise it gives its owner and back. Everything else
 * written here lies in face-up places or is public by INWO-7.1, so
 * determinization (hidden.c), which moves only cards the viewer does not
 * know, leaves the view byte-identical (INWO-7.14). Values are the ones the
 * rules compute (values.c, attack.c). Not on the playout path: one growing
 * buffer, no other allocation. */
#include <string.h>

#include "core/sbuf.h"
#include "games/inwo/inwo.h"
#include "tabletop/view.h"

static const char sides[] = "NESW";

int inwo_sees(const inwo_state *s, int card, int viewer)
{
    if (viewer == TT_VIEW_ALL)
        return 1;
    unsigned all = (1u << s->nplayers) - 1;
    if (viewer == TT_VIEW_SPECTATOR)
        return (s->card[card].seen_by & all) == all;
    return s->card[card].seen_by >> viewer & 1;
}

static void seats_text(tt_sbuf *b, const inwo_state *s, unsigned set)
{
    for (int p = 0; p < s->nplayers; p++)
        if (set >> p & 1)
            tt_sbuf_printf(b, "%c", 'A' + p);
}

unsigned inwo_seen_beyond_holder(const inwo_state *s, int card)
{
    const inwo_card *v = &s->card[card];
    return v->seen_by & ~(v->zone == Z_HAND ? 1u << v->holder : 0u);
}

int inwo_view_point(const inwo_state *s, int viewer)
{
    if (s->decl.head && viewer != s->decl.player && viewer != TT_VIEW_ALL &&
        s->decl.point != PT_RESOLVE)
        return s->decl.point; /* INWO-7.13: where he began, nothing more */
    return s->point;
}

/* Who has seen a hidden card, when more than its holder (INWO-7.10: the
 * sets are public): " seen AB". Closes the card's string. */
static void seen_json(tt_sbuf *b, const inwo_state *s, int card)
{
    if (inwo_seen_beyond_holder(s, card)) {
        tt_sbuf_printf(b, " seen ");
        seats_text(b, s, s->card[card].seen_by);
    }
    tt_sbuf_printf(b, "\"");
}

/* A card as the viewer knows it; with_seen, a hidden card tells who has
 * seen it (a card named by place; an offer names it by instance, whose
 * seen_by determinization may not keep). */
static void card_as(tt_sbuf *b, const tt_game *g, const inwo_state *s, int card, int viewer,
                    int with_seen)
{
    char id[32];
    if (inwo_sees(s, card, viewer)) {
        inwo_instance_text(g->content, card, id, sizeof id);
        tt_sbuf_printf(b, "\"%s\"", id);
        return;
    }
    tt_sbuf_printf(b, "\"%c:%s", 'A' + inwo_owner(card),
                   inwo_plot_back(inwo_def_of(g->content, card)) ? "plot" : "group");
    if (with_seen)
        seen_json(b, s, card);
    else
        tt_sbuf_printf(b, "\"");
}

static void card_json(tt_sbuf *b, const tt_game *g, const inwo_state *s, int card, int viewer)
{
    card_as(b, g, s, card, viewer, 1);
}

/* A card in a face-up place, or null. */
static void public_json(tt_sbuf *b, const tt_game *g, int card)
{
    char id[32];
    if (card == INWO_NONE) {
        tt_sbuf_printf(b, "null");
        return;
    }
    inwo_instance_text(g->content, card, id, sizeof id);
    tt_sbuf_printf(b, "\"%s\"", id);
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

/* --- structure cards (INWO-2.11, 2.14) ----------------------------------------------------- */

static void names_json(tt_sbuf *b, const char *key, const inwo_content *c, uint32_t bits, int align)
{
    tt_sbuf_printf(b, ",\"%s\":[", key);
    int first = 1, n = align ? INWO_NALIGN : c->nattrs;
    for (int k = 0; k < n; k++)
        if (bits >> k & 1) {
            tt_sbuf_printf(b, "%s\"%s\"", first ? "" : ",",
                           align ? inwo_align_name(k) : c->attr[k]);
            first = 0;
        }
    tt_sbuf_printf(b, "]");
}

static void flags_json(tt_sbuf *b, const inwo_content *c, const inwo_state *s, int card)
{
    const char *f[3];
    int n = 0;
    if (s->card[card].flags & INWO_F_DEVASTATED)
        f[n++] = "devastated"; /* INWO-5.17.7 */
    if (inwo_paralyzed(s, card))
        f[n++] = "paralyzed"; /* INWO-5.18.3 */
    if (inwo_frozen(c, s, card))
        f[n++] = "frozen"; /* INWO-5.18.2 */
    tt_sbuf_printf(b, ",\"flags\":[");
    for (int i = 0; i < n; i++)
        tt_sbuf_printf(b, "%s\"%s\"", i ? "," : "", f[i]);
    tt_sbuf_printf(b, "]");
}

/* The links ending on a group (INWO-6): what is linked, its kind, whether
 * permanent, whether temporarily illegal (INWO-6.4.3). */
static void links_json(tt_sbuf *b, const tt_game *g, const inwo_state *s, int card)
{
    static const char *const kinds[] = {"resource", "plot", "group"};
    tt_sbuf_printf(b, ",\"links\":[");
    int first = 1;
    for (int k = 0; k < s->nlinks; k++) {
        const inwo_link *l = &s->link[k];
        if (l->b != card)
            continue;
        tt_sbuf_printf(b, "%s{\"card\":", first ? "" : ",");
        public_json(b, g, l->a);
        tt_sbuf_printf(b, ",\"kind\":\"%s\",\"permanent\":%s,\"temp_illegal\":%s}",
                       kinds[l->what & 3], l->what & 4 ? "true" : "false",
                       (l->what >> 4 & 3) == LS_INACTIVE_TEMPORARY ? "true" : "false");
        first = 0;
    }
    tt_sbuf_printf(b, "]");
}

static void node_json(tt_sbuf *b, const tt_game *g, const inwo_state *s, int k)
{
    const inwo_content *c = g->content;
    const inwo_node *v = &s->node[k];
    int card = v->card;
    tt_sbuf_printf(b, "{\"card\":");
    public_json(b, g, card);
    tt_sbuf_printf(b, ",\"x\":%d,\"y\":%d,\"rot\":%d,\"tokens\":%d,\"master\":", v->x, v->y,
                   INWO_ROT(v->geo), s->card[card].u.p.tokens);
    if (v->master == INWO_NO_NODE)
        tt_sbuf_printf(b, "null,\"side\":null");
    else {
        public_json(b, g, s->node[v->master].card);
        tt_sbuf_printf(b, ",\"side\":\"%c\"", sides[INWO_SIDE(v->geo)]);
    }
    tt_sbuf_printf(
        b, ",\"power\":%d,\"global\":%d,\"res\":%d", inwo_value(c, s, card, STAT_POWER, CX_BASE),
        inwo_value(c, s, card, STAT_GLOBAL, CX_BASE), inwo_value(c, s, card, STAT_RES, CX_BASE));
    names_json(b, "align", c, inwo_align_of(c, s, card, 0), 1);
    names_json(b, "attrs", c, inwo_attr_of(c, s, card), 0);
    flags_json(b, c, s, card);
    links_json(b, g, s, card);
    tt_sbuf_printf(b, "}");
}

/* --- a seat's public areas (INWO-7.1) ------------------------------------------------------ */

/* The cards of a face-up zone of seat p, in instance order. */
static void zone_json(tt_sbuf *b, const tt_game *g, const inwo_state *s, int p, int zone,
                      const char *name)
{
    int ncards = s->nplayers * INWO_DECK_CARDS, first = 1;
    tt_sbuf_printf(b, ",\"%s\":[", name);
    for (int i = 0; i < ncards; i++)
        if (s->card[i].zone == zone && s->card[i].holder == p) {
            tt_sbuf_printf(b, "%s", first ? "" : ",");
            public_json(b, g, i);
            first = 0;
        }
    tt_sbuf_printf(b, "]");
}

static void resources_json(tt_sbuf *b, const tt_game *g, const inwo_state *s, int p)
{
    int ncards = s->nplayers * INWO_DECK_CARDS, first = 1;
    tt_sbuf_printf(b, ",\"resources\":[");
    for (int i = 0; i < ncards; i++) {
        if (s->card[i].zone != Z_RESOURCE || s->card[i].holder != p)
            continue;
        int k = inwo_link_of(s, i);
        tt_sbuf_printf(b, "%s{\"card\":", first ? "" : ",");
        public_json(b, g, i);
        tt_sbuf_printf(b, ",\"tokens\":%d,\"link\":", s->card[i].u.p.tokens);
        public_json(b, g, k < 0 ? INWO_NONE : s->link[k].b);
        tt_sbuf_printf(b, "}");
        first = 0;
    }
    tt_sbuf_printf(b, "]");
}

/* Exposed Plots of p's hand (INWO-7.3), and for the viewer's own hand who
 * else has seen each card (INWO-7.10), in hand order. */
static void hand_marks_json(tt_sbuf *b, const tt_game *g, const inwo_state *s, int p, int viewer)
{
    int n;
    const uint16_t *hand = inwo_pile(s, p, Z_HAND, &n);
    tt_sbuf_printf(b, ",\"exposed\":[");
    for (int i = 0, first = 1; i < n; i++)
        if (s->card[hand[i]].flags & INWO_F_EXPOSED) {
            tt_sbuf_printf(b, "%s", first ? "" : ",");
            public_json(b, g, hand[i]);
            first = 0;
        }
    tt_sbuf_printf(b, "]");
    if (viewer != p)
        return;
    tt_sbuf_printf(b, ",\"hand_seen_by\":[");
    for (int i = 0; i < n; i++) {
        tt_sbuf_printf(b, "%s\"", i ? "," : "");
        seats_text(b, s, s->card[hand[i]].seen_by);
        tt_sbuf_printf(b, "\"");
    }
    tt_sbuf_printf(b, "]");
}

/* An open trade or gift offer (INWO-5.0.7, 5.5.5, 5.6.2): a card asked by
 * card_id is "def:<id>"; a gift paid by its recipient says "recipient". */
static void offer_json(tt_sbuf *b, const tt_game *g, const inwo_state *s, int p, int viewer)
{
    const inwo_content *c = g->content;
    const inwo_offer *o = &s->pl[p].offer;
    if (o->kind == OF_NONE) {
        tt_sbuf_printf(b, ",\"offer\":null");
        return;
    }
    tt_sbuf_printf(b, ",\"offer\":{\"kind\":\"%s\",\"to\":\"%c\",\"give\":[",
                   o->kind == OF_TRADE ? "trade" : "gift", 'A' + o->to);
    for (int k = 0; k < o->ngive; k++) {
        tt_sbuf_printf(b, "%s", k ? "," : "");
        card_as(b, g, s, o->give[k], viewer, 0);
    }
    tt_sbuf_printf(b, "],\"ask\":[");
    for (int k = 0; k < o->nask; k++) {
        tt_sbuf_printf(b, "%s", k ? "," : "");
        if (o->ask[k] & 0x8000u)
            tt_sbuf_printf(b, "\"def:%s\"", c->def[o->ask[k] & 0xFF].id);
        else
            card_as(b, g, s, o->ask[k], viewer, 0);
    }
    tt_sbuf_printf(b, "]");
    if (o->kind == OF_GIFT) {
        tt_sbuf_printf(b, ",\"pay\":");
        if (o->pay == INWO_CARD_BITS)
            tt_sbuf_printf(b, "\"recipient\"");
        else
            public_json(b, g, o->pay);
    }
    tt_sbuf_printf(b, "}");
}

static void seat_json(tt_sbuf *b, const tt_game *g, const inwo_state *s, int p, int viewer)
{
    const inwo_content *c = g->content;
    tt_sbuf_printf(
        b, "%s{\"seat\":\"%c\",\"completed\":%d,\"eliminated\":%s,\"basic_goal\":[%d,%d]",
        p ? "," : "", 'A' + p, s->pl[p].completed, s->head.eliminated >> p & 1 ? "true" : "false",
        inwo_groups_counted(c, s, p), c->opt.basic_goal);
    int need = 0, have = inwo_special_progress(c, s, p, &need); /* public (INWO-7.1) */
    if (have < 0)
        tt_sbuf_printf(b, ",\"special_goal\":null");
    else
        tt_sbuf_printf(b, ",\"special_goal\":[%d,%d]", have, need);
    tt_sbuf_printf(b, ",\"structure\":[");
    for (int k = 0, first = 1; k < s->nodes_end; k++)
        if (s->node[k].card != INWO_NONE && INWO_SEAT(s->node[k].geo) == p) {
            tt_sbuf_printf(b, "%s", first ? "" : ",");
            node_json(b, g, s, k);
            first = 0;
        }
    tt_sbuf_printf(b, "]");
    resources_json(b, g, s, p);
    zone_json(b, g, s, p, Z_PENDING, "pending");
    zone_json(b, g, s, p, Z_AGENTS, "agents");
    zone_json(b, g, s, p, Z_ZAP, "zaps");
    pile_json(b, g, s, p, Z_HAND, "hand", viewer);
    hand_marks_json(b, g, s, p, viewer);
    pile_json(b, g, s, p, Z_PLOT_DECK, "plot_deck", viewer);
    pile_json(b, g, s, p, Z_GROUP_DECK, "group_deck", viewer);
    pile_json(b, g, s, p, Z_DISCARD, "discard", viewer);
    pile_json(b, g, s, p, Z_DESTROYED, "destroyed", viewer);
    offer_json(b, g, s, p, viewer);
    tt_sbuf_printf(b, "}");
}

/* --- rounds and items (INWO-4.6) ----------------------------------------------------------- */

static void kind_text(tt_sbuf *b, int kind)
{
    static const char *const own[] = {"cancel",      "instant",    "privilege",
                                      "unprivilege", "after_roll", "gift"};
    const char *name = inwo_head_name(kind);
    if (!name && kind >= INWO_K_CANCEL && kind <= INWO_K_GIFT)
        name = own[kind - INWO_K_CANCEL];
    tt_sbuf_printf(b, "\"kind\":\"%s\"", name ? name : "?");
}

/* An item's target: an item (a cancel's, i<k>), a seat, a card or null. */
static void target_json(tt_sbuf *b, const tt_game *g, const inwo_state *s, const inwo_item *it,
                        int viewer)
{
    int t = it->target;
    if (it->kind == INWO_K_CANCEL)
        tt_sbuf_printf(b, "\"i%d\"", s->item[t].num);
    else if (it->kind == H_ZAP_CLEAR)
        tt_sbuf_printf(b, "\"%c\"", 'A' + t);
    else if (t != INWO_NONE && (t & INWO_PLAYER_ARG) && (t & ~(int)INWO_PLAYER_ARG) < 8)
        tt_sbuf_printf(b, "\"%c\"", 'A' + (t & 7));
    else if (t < s->nplayers * INWO_DECK_CARDS)
        card_json(b, g, s, t, viewer);
    else
        tt_sbuf_printf(b, "null");
}

static void item_json(tt_sbuf *b, const tt_game *g, const inwo_state *s, int k, int viewer)
{
    const inwo_item *it = &s->item[k];
    tt_sbuf_printf(b, "{\"i\":%d,", it->num);
    kind_text(b, it->kind);
    tt_sbuf_printf(b, ",\"who\":\"%c\",\"card\":", 'A' + (it->who & 7));
    if (it->card < s->nplayers * INWO_DECK_CARDS)
        card_json(b, g, s, it->card, viewer);
    else
        tt_sbuf_printf(b, "null");
    tt_sbuf_printf(b, ",\"target\":");
    target_json(b, g, s, it, viewer);
    if (it->who & INWO_I_CANCELED)
        tt_sbuf_printf(b, ",\"canceled\":true");
    if (it->who & INWO_I_ILLEGAL)
        tt_sbuf_printf(b, ",\"illegal\":true");
}

/* An attack's strength now and the roll it needs: 2d6 at most S and at
 * most 10 (INWO-5.9.8); null when S < 2, no roll. */
static void strength_json(tt_sbuf *b, const tt_game *g, const inwo_state *s, int k)
{
    int S = s->item[k].kind == H_ATTACK ? inwo_strength(g, s, k) : inwo_instant_strength(g, s, k);
    tt_sbuf_printf(b, ",\"strength\":%d,\"roll_needed\":", S);
    if (S < 2)
        tt_sbuf_printf(b, "null");
    else
        tt_sbuf_printf(b, "%d", S < 10 ? S : 10);
}

static void root_json(tt_sbuf *b, const tt_game *g, const inwo_state *s, int k, int viewer)
{
    item_json(b, g, s, k, viewer);
    if (s->item[k].kind == H_ATTACK || s->item[k].kind == INWO_K_INSTANT)
        strength_json(b, g, s, k);
    tt_sbuf_printf(b, ",\"attached\":[");
    for (int j = k + 1, first = 1; j < s->nitems; j++)
        if (s->item[j].parent == k) {
            tt_sbuf_printf(b, "%s", first ? "" : ",");
            item_json(b, g, s, j, viewer);
            tt_sbuf_printf(b, "}");
            first = 0;
        }
    tt_sbuf_printf(b, "]}");
}

/* The rounds open, bottom first: the root item each is on (i<k>) or the
 * open round's name, and who holds priority; then every root item. */
static void rounds_json(tt_sbuf *b, const tt_game *g, const inwo_state *s, int viewer)
{
    static const char *const open[] = {"upkeep", "last_call", "step6", "thwart"};
    tt_sbuf_printf(b, ",\"rounds\":[");
    for (int r = 0; r < s->nrounds; r++) {
        int id = s->rounds[r].id, at = s->rounds[r].at;
        tt_sbuf_printf(b, "%s{\"on\":", r ? "," : "");
        if (id >= OR_UPKEEP && id <= OR_THWART)
            tt_sbuf_printf(b, "\"%s\"", open[id - OR_UPKEEP]);
        else if (id < s->nitems)
            tt_sbuf_printf(b, "\"i%d\"", s->item[id].num);
        else
            tt_sbuf_printf(b, "null");
        if (at < s->nplayers)
            tt_sbuf_printf(b, ",\"priority\":\"%c\"}", 'A' + at);
        else
            tt_sbuf_printf(b, ",\"priority\":null}");
    }
    tt_sbuf_printf(b, "],\"items\":[");
    for (int k = 0, first = 1; k < s->nitems; k++)
        if (s->item[k].parent == 0xFF) {
            tt_sbuf_printf(b, "%s", first ? "" : ",");
            root_json(b, g, s, k, viewer);
            first = 0;
        }
    tt_sbuf_printf(b, "]");
}

/* The NWO area (INWO-5.18.6), by color. */
static void nwo_json(tt_sbuf *b, const tt_game *g, const inwo_state *s)
{
    static const char *const colors[] = {"red", "blue", "yellow"};
    tt_sbuf_printf(b, ",\"nwo\":{");
    for (int k = 0; k < 3; k++) {
        tt_sbuf_printf(b, "%s\"%s\":", k ? "," : "", colors[k]);
        public_json(b, g, s->nwo[k]);
    }
    tt_sbuf_printf(b, "}");
}

/* The canonical text of answer i of the declaration: the head as typed
 * when it began with one, else the answer listed for that question with
 * that argument, found on scratch with the later answers taken back. 0 for
 * an entry no question asks (what a resolution keeps there). */
static int answer_text(const tt_game *g, const inwo_state *s, int i, inwo_state *scratch, char *buf,
                       size_t n)
{
    const inwo_decl *d = &s->decl;
    if (i == 0 && d->point != PT_RESOLVE && d->head != H_BUY && d->head < INWO_NHEADS)
        return inwo_format(g, s, INWO_A(d->head, d->ans[0]), buf, n) == TT_OK;
    tt_action list[INWO_MAX_ACTIONS];
    memcpy(scratch, s, g->state_size);
    scratch->decl.nans = (uint8_t)i;
    int k = inwo_turn_legal(g, scratch, list);
    for (int j = 0; j < k; j++)
        if (INWO_ARG(list[j]) == d->ans[i])
            return inwo_format(g, scratch, list[j], buf, n) == TT_OK;
    return 0;
}

/* The declaration in progress, its declarer's only (INWO-7.13): its head
 * and the answers given so far, as their canonical texts (INWO-5.0.1). */
static void decl_json(tt_sbuf *b, const tt_game *g, const inwo_state *s, int viewer)
{
    const inwo_decl *d = &s->decl;
    if (!d->head || (viewer != d->player && viewer != TT_VIEW_ALL))
        return;
    const char *name = inwo_head_name(d->head);
    tt_sbuf_printf(b, ",\"declaring\":{\"player\":\"%c\",\"head\":\"%s\",\"answers\":[",
                   'A' + d->player, name ? name : "?");
    _Alignas(inwo_state) unsigned char raw[sizeof(inwo_state) + INWO_MAX_CARDS * sizeof(inwo_card)];
    inwo_state *scratch = (inwo_state *)raw; /* on the stack: the buffer stays the one allocation */
    for (int i = 0, first = 1; i < d->nans && i < INWO_DECL_AUX; i++) {
        char text[64];
        if (!answer_text(g, s, i, scratch, text, sizeof text))
            continue;
        tt_sbuf_printf(b, "%s\"%s\"", first ? "" : ",", text);
        first = 0;
    }
    tt_sbuf_printf(b, "]}");
}

char *inwo_view(const tt_game *g, const void *st, int viewer)
{
    const inwo_state *s = st;
    static const char *const points[] = {"lead",  "upkeep",  "round",   "thwart",  "after_roll",
                                         "step1", "step2",   "step3",   "step4",   "main",
                                         "step6", "declare", "resolve", "dispose", "over"};
    tt_sbuf b = {0};
    int point = inwo_view_point(s, viewer), mover = s->to_move;
    tt_sbuf_printf(&b,
                   "{\"game\":\"inwo\",\"round\":%d,\"active\":\"%c\",\"point\":\"%s\","
                   "\"to_move\":\"%c\",\"seats\":[",
                   s->round, 'A' + s->active, points[point], 'A' + mover);
    for (int p = 0; p < s->nplayers; p++)
        seat_json(&b, g, s, p, viewer);
    tt_sbuf_printf(&b, "]");
    nwo_json(&b, g, s);
    rounds_json(&b, g, s, viewer);
    decl_json(&b, g, s, viewer); /* its declarer's only (INWO-7.13) */
    tt_sbuf_printf(&b, "}");
    return tt_sbuf_take(&b);
}
