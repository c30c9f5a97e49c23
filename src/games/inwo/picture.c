/* INWO's picture for the terminal (tt_view_text and its parts): what one
 * viewer knows (INWO-7.7), in words.
 *
 * Written from the same decisions as the JSON view (hidden.c): a card's
 * face is named only when inwo_sees says so, the decision point is
 * inwo_view_point's, and a declaration half made is shown to its declarer
 * only (INWO-7.13). The parts: TT_TEXT_STATUS the round, the turn, who
 * decides, the Basic Goal's progress (INWO-9.3.2) and each Special Goal's
 * (2.10.6), NWOs and Zaps;
 * TT_TEXT_MAP each seat's structure as a tree (INWO-2.11) with effective
 * values (2.14), links, Resources, hand and piles; TT_TEXT_DECISION the
 * response rounds open (4.6) with their items, the contest's strength and
 * the roll it needs (5.9.8), and who holds priority. Not on the playout
 * path. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/sbuf.h"
#include "games/inwo/inwo.h"
#include "tabletop/view.h"

static const char *const point_words[] = {"choosing leads",
                                          "upkeep",
                                          "a response round",
                                          "the thwart round",
                                          "the after-roll round",
                                          "step 1 (Plot draw)",
                                          "step 2 (Group draw)",
                                          "step 3 (takeover)",
                                          "step 4 (tokens)",
                                          "Main Phase",
                                          "step 6",
                                          "step 7 (goals)",
                                          "resolving an item",
                                          "disposing",
                                          "game over"};

static char seat_char(int p)
{
    return (char)('A' + p);
}

/* "A:G11#1 General Thorn": the card's id and name. */
static void put_card(tt_sbuf *b, const inwo_content *c, int card)
{
    char id[32];
    inwo_instance_text(c, card, id, sizeof id);
    tt_sbuf_printf(b, "%s %s", id, inwo_def_of(c, card)->name);
}

/* " seen by AB": who besides the holder has seen it (INWO-7.10, public). */
static void put_seen(tt_sbuf *b, const inwo_state *s, int card)
{
    unsigned more = inwo_seen_beyond_holder(s, card);
    if (!more)
        return;
    tt_sbuf_printf(b, " (seen by ");
    for (int p = 0; p < s->nplayers; p++)
        if (s->card[card].seen_by >> p & 1)
            tt_sbuf_printf(b, "%c", seat_char(p));
    tt_sbuf_printf(b, ")");
}

/* --- status ------------------------------------------------------------------------------ */

static void put_goal_progress(tt_sbuf *b, const inwo_content *c, const inwo_state *s)
{
    tt_sbuf_printf(b, "Basic Goal %d groups:", c->opt.basic_goal);
    for (int p = 0; p < s->nplayers; p++) {
        tt_sbuf_printf(b, "%s%c ", p ? ", " : " ", seat_char(p));
        if (s->pl[p].out_round)
            tt_sbuf_printf(b, "out");
        else
            tt_sbuf_printf(b, "%d", inwo_groups_counted(c, s, p));
    }
    tt_sbuf_printf(b, ".\n");
    /* INWO-2.10.6: how far each is along his Illuminati's goal, in its own
     * unit (groups, Power, destroyed groups), all public (INWO-7.1) */
    tt_sbuf_printf(b, "Special Goals:");
    for (int p = 0; p < s->nplayers; p++) {
        int need = 0, have = inwo_special_progress(c, s, p, &need);
        tt_sbuf_printf(b, "%s%c ", p ? ", " : " ", seat_char(p));
        if (s->pl[p].out_round)
            tt_sbuf_printf(b, "out");
        else if (have < 0)
            tt_sbuf_printf(b, "none");
        else
            tt_sbuf_printf(b, "%d/%d", have, need);
    }
    tt_sbuf_printf(b, ".\n");
}

/* NWOs in play (INWO-5.18.6) and Zaps by the player carrying them (5.18.5). */
static void put_nwo_zaps(tt_sbuf *b, const inwo_content *c, const inwo_state *s)
{
    int any = 0;
    for (int k = 0; k < 3; k++)
        if (s->nwo[k] != INWO_NONE) {
            tt_sbuf_printf(b, "%s", any++ ? ", " : "NWO: ");
            put_card(b, c, s->nwo[k]);
        }
    int ncards = s->nplayers * INWO_DECK_CARDS;
    for (int k = 0; k < ncards; k++)
        if (s->card[k].zone == Z_ZAP) {
            tt_sbuf_printf(b, "%s", any++ ? "; " : "");
            tt_sbuf_printf(b, "Zap on %c: ", seat_char(s->card[k].holder));
            put_card(b, c, k);
        }
    if (any)
        tt_sbuf_printf(b, ".\n");
}

static void put_status(tt_sbuf *b, const inwo_content *c, const inwo_state *s, int viewer)
{
    int point = inwo_view_point(s, viewer);
    if (s->head.over)
        tt_sbuf_printf(b, "Round %d: game over.\n", s->round);
    else if (point == PT_LEAD)
        tt_sbuf_printf(b, "Setup: choosing leads; %c to decide.\n", seat_char(s->to_move));
    else
        tt_sbuf_printf(b, "Round %d, %c's turn: %s.\n", s->round, seat_char(s->active),
                       point_words[s->step]);
    put_goal_progress(b, c, s);
    put_nwo_zaps(b, c, s);
}

/* --- the structures ------------------------------------------------------------------------ */

/* Effective Power/Global and Resistance (INWO-2.14), alignments, attributes
 * and marks of a card in play. */
static void put_values(tt_sbuf *b, const inwo_content *c, const inwo_state *s, int card, int whole)
{
    const inwo_def *d = inwo_def_of(c, card);
    int power = inwo_value(c, s, card, STAT_POWER, CX_BASE);
    int global = inwo_value(c, s, card, STAT_GLOBAL, CX_BASE);
    tt_sbuf_printf(b, " P%d", power);
    if (global)
        tt_sbuf_printf(b, "/%d", global);
    if (d->kind == INWO_GROUP)
        tt_sbuf_printf(b, " R%d", inwo_value(c, s, card, STAT_RES, CX_BASE));
    unsigned align = whole ? inwo_align_of(c, s, card, 0) : 0;
    for (int a = 0; a < INWO_NALIGN; a++)
        if (align >> a & 1)
            tt_sbuf_printf(b, " %s", inwo_align_name(a));
    uint32_t attr = whole ? inwo_attr_of(c, s, card) : 0;
    for (int a = 0; a < c->nattrs; a++)
        if (attr >> a & 1)
            tt_sbuf_printf(b, " %s", c->attr[a]);
    int tokens = s->card[card].u.p.tokens;
    if (tokens && whole)
        tt_sbuf_printf(b, ", %d token%s", tokens, tokens > 1 ? "s" : "");
    else if (tokens)
        tt_sbuf_printf(b, " %dtok", tokens);
    if (s->card[card].flags & INWO_F_DEVASTATED)
        tt_sbuf_printf(b, whole ? " DEVASTATED" : " DEV");
    if (inwo_paralyzed(s, card))
        tt_sbuf_printf(b, whole ? " PARALYZED" : " PAR");
    if (inwo_frozen(c, s, card)) /* INWO-5.18.2 */
        tt_sbuf_printf(b, whole ? " FROZEN" : " FRZ");
}

/* The cards linked to card (INWO-6), "+ link" each, ending the line of
 * `col` columns its card is on while they fit in 98, else on lines of
 * their own under it. */
static void put_links(tt_sbuf *b, const inwo_content *c, const inwo_state *s, int card, int depth,
                      size_t col)
{
    static const char *const status[] = {"", " (inactive)", " (inactive for good)"};
    for (int k = 0; k < s->nlinks; k++) {
        const inwo_link *l = &s->link[k];
        if (l->b != card)
            continue;
        tt_sbuf one = {0};
        tt_sbuf_printf(&one, "+ ");
        put_card(&one, c, l->a);
        tt_sbuf_printf(&one, "%s%s", (l->what >> 2 & 1) ? ", permanent" : "",
                       status[l->what >> 4 & 3]);
        char *text = tt_sbuf_take(&one);
        size_t len = text ? strlen(text) : 0;
        if (col + 1 + len > 98) {
            tt_sbuf_printf(b, "\n%*s", 2 + 3 * depth, "");
            col = (size_t)(2 + 3 * depth);
        } else {
            tt_sbuf_printf(b, " ");
            col++;
        }
        tt_sbuf_printf(b, "%s", text ? text : "");
        col += len;
        free(text);
    }
    tt_sbuf_printf(b, "\n");
}

/* A line of entries broken before 100 columns: `sep` between entries, a
 * broken line going on indented. */
typedef struct run {
    tt_sbuf *b;
    size_t col;
    int any;
    int capped; /* one line only: what does not fit is counted in `more` */
    int more;
} run;

static void run_start(run *r, tt_sbuf *b, const char *title)
{
    r->b = b;
    r->col = strlen(title);
    r->any = r->capped = r->more = 0;
    tt_sbuf_printf(b, "%s", title);
}

/* Appends `one` (taken and freed) to the run. */
static void run_put(run *r, tt_sbuf *one, char sep)
{
    char *text = tt_sbuf_take(one);
    size_t len = text ? strlen(text) : 0;
    if (r->capped && (r->more || r->col + 2 + len > 98 - sizeof "; +99 more")) {
        r->more++;
        free(text);
        return;
    }
    if (r->any && r->col + 2 + len > 98) {
        tt_sbuf_printf(r->b, "%c\n   ", sep);
        r->col = 3;
    } else if (r->any) {
        tt_sbuf_printf(r->b, "%c", sep);
        r->col++;
    }
    tt_sbuf_printf(r->b, " %s", text ? text : "");
    r->col += 1 + len;
    r->any = 1;
    free(text);
}

/* A card of seat's structure in brief: its id without owner and copy when
 * they are seat's and the first ("G21"), else its instance ("A:G07#2"). */
static void put_short(tt_sbuf *b, const inwo_content *c, int card, int seat)
{
    char id[32];
    inwo_instance_text(c, card, id, sizeof id);
    size_t n = strlen(id);
    int own = id[0] == seat_char(seat) && id[1] == ':';
    if (own && n > 4 && strcmp(id + n - 2, "#1") == 0)
        tt_sbuf_printf(b, "%.*s", (int)(n - 4), id + 2);
    else
        tt_sbuf_printf(b, "%s", id);
}

/* A rival's card in brief, on a run: its id, effective Power/Global and
 * Resistance (INWO-2.14), Action tokens, marks and the cards linked to it
 * (INWO-6), "+" before each, "?" after one inactive (INWO-6.4). */
static void put_brief(run *r, const inwo_content *c, const inwo_state *s, int card, int seat)
{
    tt_sbuf one = {0};
    put_short(&one, c, card, seat);
    put_values(&one, c, s, card, 0);
    for (int k = 0; k < s->nlinks; k++)
        if (s->link[k].b == card) {
            tt_sbuf_printf(&one, " +");
            put_short(&one, c, s->link[k].a, seat);
            tt_sbuf_printf(&one, "%s", s->link[k].what >> 4 & 3 ? "?" : "");
        }
    run_put(r, &one, ';');
}

/* Node k and its puppets, each on its master's arrow (INWO-2.11.3); with
 * `brief`, each card an entry of that run, in the same order. */
static void put_tree(tt_sbuf *b, const inwo_content *c, const inwo_state *s, int k, int depth,
                     run *brief)
{
    const inwo_node *v = &s->node[k];
    if (brief)
        put_brief(brief, c, s, v->card, INWO_SEAT(v->geo));
    else {
        tt_sbuf line = {0};
        tt_sbuf_printf(&line, "%*s", 2 + 3 * depth, "");
        if (v->master != INWO_NO_NODE)
            tt_sbuf_printf(&line, "%c> ", "NESW"[INWO_SIDE(v->geo)]);
        put_card(&line, c, v->card);
        put_values(&line, c, s, v->card, 1);
        char *text = tt_sbuf_take(&line);
        tt_sbuf_printf(b, "%s", text ? text : "");
        put_links(b, c, s, v->card, depth + 1, text ? strlen(text) : 0);
        free(text);
    }
    for (int side = 0; side < 4; side++)
        for (int j = 0; j < s->nodes_end; j++)
            if (s->node[j].card != INWO_NONE && s->node[j].master == k &&
                INWO_SIDE(s->node[j].geo) == side)
                put_tree(b, c, s, j, depth + 1, brief);
}

/* The face-up cards of seat in an unordered zone, on one line; of the
 * Resources, those linked to no group (the others follow their group). */
static void put_zone(tt_sbuf *b, const inwo_content *c, const inwo_state *s, int seat, int zone,
                     const char *title)
{
    int ncards = s->nplayers * INWO_DECK_CARDS, any = 0;
    for (int k = 0; k < ncards; k++)
        if (s->card[k].zone == zone && s->card[k].holder == seat &&
            (zone != Z_RESOURCE || inwo_link_of(s, k) < 0)) {
            tt_sbuf_printf(b, "%s", any++ ? ", " : title);
            put_card(b, c, k);
        }
    if (any)
        tt_sbuf_printf(b, "\n");
}

/* The hand: every card the viewer knows by name, the others counted. */
static void put_hand(tt_sbuf *b, const inwo_content *c, const inwo_state *s, int seat, int viewer)
{
    int n, unknown = 0;
    const uint16_t *hand = inwo_pile(s, seat, Z_HAND, &n);
    for (int i = 0; i < n; i++)
        unknown += !inwo_sees(s, hand[i], viewer);
    const char *title = seat == viewer ? "  hand:" : n > unknown ? "  known in hand:" : NULL;
    if (!title)
        return;
    run r;
    run_start(&r, b, title);
    for (int i = 0; i < n; i++) {
        if (!inwo_sees(s, hand[i], viewer))
            continue;
        tt_sbuf one = {0};
        put_card(&one, c, hand[i]);
        if (s->card[hand[i]].flags & INWO_F_EXPOSED)
            tt_sbuf_printf(&one, " (exposed)");
        else
            put_seen(&one, s, hand[i]);
        run_put(&r, &one, ';');
    }
    tt_sbuf_printf(b, "\n");
}

/* Hand size by back (public, INWO-7.1) and the piles. */
static void put_counts(tt_sbuf *b, const inwo_content *c, const inwo_state *s, int seat)
{
    int n, plots = 0;
    const uint16_t *hand = inwo_pile(s, seat, Z_HAND, &n);
    for (int i = 0; i < n; i++)
        plots += inwo_plot_back(inwo_def_of(c, hand[i]));
    tt_sbuf_printf(b, "hand %d (%d Plot, %d Group); decks %d Plot, %d Group; discard %d", n, plots,
                   n - plots, s->npile[seat][Z_PLOT_DECK], s->npile[seat][Z_GROUP_DECK],
                   s->npile[seat][Z_DISCARD]);
    if (s->npile[seat][Z_DESTROYED])
        tt_sbuf_printf(b, ", destroyed %d", s->npile[seat][Z_DESTROYED]);
}

/* A seat: his piles, his structure, his other areas and what the viewer
 * knows of his hand. */
static void put_seat(tt_sbuf *b, const inwo_content *c, const inwo_state *s, int seat, int viewer)
{
    tt_sbuf_printf(b, "%c%s: ", seat_char(seat), seat == viewer ? " (you)" : "");
    if (s->pl[seat].out_round) {
        tt_sbuf_printf(b, "out of the game since round %d\n", s->pl[seat].out_round);
        return;
    }
    put_counts(b, c, s, seat);
    tt_sbuf_printf(b, "\n");
    int root = s->pl[seat].illuminati_node;
    if (s->node[root].card != INWO_NONE && INWO_SEAT(s->node[root].geo) == seat)
        put_tree(b, c, s, root, 0, NULL);
    put_zone(b, c, s, seat, Z_RESOURCE, "  Resources linked to no group: ");
    put_zone(b, c, s, seat, Z_PENDING, "  pending (attacked from hand): ");
    put_zone(b, c, s, seat, Z_AGENTS, "  Illuminati agents: ");
    put_hand(b, c, s, seat, viewer);
}

/* A rival in brief, so that three of them late in a game leave the screen
 * its room (`board` draws them whole): his hand's size and one line of his
 * structure in tree order, what does not fit counted; Resources follow the
 * groups they are linked to. */
static void put_rival(tt_sbuf *b, const inwo_content *c, const inwo_state *s, int seat, int viewer)
{
    if (s->pl[seat].out_round) {
        tt_sbuf_printf(b, "%c: out of the game since round %d\n", seat_char(seat),
                       s->pl[seat].out_round);
        return;
    }
    char title[32];
    snprintf(title, sizeof title, "%c: hand %d;", seat_char(seat), s->npile[seat][Z_HAND]);
    run r;
    run_start(&r, b, title);
    r.capped = 1;
    int root = s->pl[seat].illuminati_node;
    if (s->node[root].card != INWO_NONE && INWO_SEAT(s->node[root].geo) == seat)
        put_tree(b, c, s, root, 0, &r);
    if (r.more)
        tt_sbuf_printf(b, "; +%d more", r.more);
    tt_sbuf_printf(b, "\n");
    put_zone(b, c, s, seat, Z_PENDING, "  pending (attacked from hand): ");
    put_zone(b, c, s, seat, Z_AGENTS, "  Illuminati agents: ");
    put_hand(b, c, s, seat, viewer);
}

/* The seats, the viewer's first, then the others in seat order after him;
 * the rivals' structures whole only when `whole`. */
static void put_map(tt_sbuf *b, const inwo_content *c, const inwo_state *s, int viewer, int whole)
{
    int first = viewer >= 0 && viewer < s->nplayers ? viewer : 0;
    for (int i = 0; i < s->nplayers; i++) {
        int seat = (first + i) % s->nplayers;
        if (whole || seat == viewer)
            put_seat(b, c, s, seat, viewer);
        else
            put_rival(b, c, s, seat, viewer);
    }
}

/* --- the decision ------------------------------------------------------------------------- */

static const char *item_word(const inwo_item *it)
{
    switch (it->kind) {
    case INWO_K_CANCEL: return "cancel";
    case INWO_K_INSTANT: return "instant attack";
    case INWO_K_PRIV: return "privilege";
    case INWO_K_UNPRIV: return "unprivilege";
    case INWO_K_AFTER: return "after-roll";
    case INWO_K_GIFT: return "gift";
    case H_ATTACK: return it->arg == ATK_DESTROY ? "attack to destroy" : "attack to control";
    default: return inwo_head_name(it->kind) ? inwo_head_name(it->kind) : "?";
    }
}

/* "i2 B aid C:G41#1 Mercenary Guild": one pending item (INWO-4.6.2). */
static void put_item(tt_sbuf *b, const inwo_content *c, const inwo_state *s, int k)
{
    const inwo_item *it = &s->item[k];
    int ncards = s->nplayers * INWO_DECK_CARDS;
    tt_sbuf_printf(b, "%s  i%d %c %s", it->parent == 0xFF ? "" : "  ", it->num,
                   seat_char(it->who & 7), item_word(it));
    if (it->card < ncards) {
        tt_sbuf_printf(b, " ");
        put_card(b, c, it->card);
    }
    if (it->kind == INWO_K_CANCEL && it->target < s->nitems)
        tt_sbuf_printf(b, " on i%d", s->item[it->target].num);
    else if (it->target < ncards && it->target != it->card) {
        tt_sbuf_printf(b, " -> ");
        put_card(b, c, it->target);
    }
    if (it->kind == INWO_K_AFTER)
        tt_sbuf_printf(b, " (%+d)", it->arg - INWO_VALUE_BIAS);
    if (it->who & INWO_I_CANCELED)
        tt_sbuf_printf(b, " (canceled)");
    tt_sbuf_printf(b, "\n");
}

/* Strength S and the roll it needs (INWO-5.9.8: 2d6 ≤ S, 11 and 12 always
 * fail; below 2 no roll), or the roll made and its modifiers (5.9.9). */
static void put_contest(tt_sbuf *b, const tt_game *g, const inwo_state *s)
{
    int k = inwo_current_contest(s);
    if (k >= 0) {
        int S =
            s->item[k].kind == H_ATTACK ? inwo_strength(g, s, k) : inwo_instant_strength(g, s, k);
        tt_sbuf_printf(b, "Strength of i%d: %d; ", s->item[k].num, S);
        if (S < 2)
            tt_sbuf_printf(b, "it fails with no roll unless raised to 2 (INWO-5.9.8).\n");
        else
            tt_sbuf_printf(b, "it succeeds on a roll of %d or less (INWO-5.9.8).\n",
                           S < 10 ? S : 10);
    }
    k = inwo_after_roll_item(s);
    if (k >= 0)
        tt_sbuf_printf(b, "i%d rolled %d%s, modifiers %+d: %d after them.\n", s->item[k].num,
                       s->roll, s->auto_fail ? " (fails whatever the roll)" : "", s->roll_mod,
                       inwo_final_roll(s));
}

static void put_rounds(tt_sbuf *b, const inwo_state *s, const inwo_content *c)
{
    static const char *const open_names[] = {"upkeep round", "last call", "step-6 round",
                                             "thwart round"};
    for (int r = 0; r < s->nrounds; r++) {
        int id = s->rounds[r].id;
        if (id >= OR_UPKEEP && id <= OR_THWART)
            tt_sbuf_printf(b, "Open: the %s.\n", open_names[id - OR_UPKEEP]);
        else if (id < s->nitems)
            for (int k = id; k < s->nitems; k++)
                if (k == id || s->item[k].parent == id)
                    put_item(b, c, s, k);
    }
}

/* The declaration half made, for its declarer only (INWO-7.13): its head,
 * its card (always the first answer) and, for an attack, kind and target. */
static void put_declaration(tt_sbuf *b, const inwo_content *c, const inwo_state *s, int viewer)
{
    const inwo_decl *d = &s->decl;
    if (!d->head || d->player != viewer)
        return;
    const char *name = inwo_head_name(d->head);
    tt_sbuf_printf(b, "You are declaring: %s", name ? name : "?");
    int ncards = s->nplayers * INWO_DECK_CARDS;
    if (d->nans > 0 && d->ans[0] < ncards) {
        tt_sbuf_printf(b, " ");
        put_card(b, c, d->ans[0]);
    }
    if (d->head == H_ATTACK && d->nans > 1)
        tt_sbuf_printf(b, ", to %s", d->ans[1] == ATK_DESTROY ? "destroy" : "control");
    if (d->head == H_ATTACK && d->nans > 2 && d->ans[2] < ncards) {
        tt_sbuf_printf(b, " ");
        put_card(b, c, d->ans[2]);
    }
    tt_sbuf_printf(b, ".\n");
}

static void put_decision(tt_sbuf *b, const tt_game *g, const inwo_state *s, int viewer)
{
    if (s->head.over)
        return;
    if (s->nrounds) {
        tt_sbuf_printf(b, "Pending, oldest first:\n");
        put_rounds(b, s, g->content);
        put_contest(b, g, s);
        int at = tt_round_holder(&s->rounds[s->nrounds - 1]);
        if (at != TT_ROUND_NONE)
            tt_sbuf_printf(b, "Priority: %c.\n", seat_char(at));
    }
    put_declaration(b, g->content, s, viewer);
    tt_sbuf_printf(b, "%c to decide: %s.\n", seat_char(s->to_move),
                   point_words[inwo_view_point(s, viewer)]);
}

char *inwo_view_part(const tt_game *g, const void *st, int viewer, int part)
{
    const inwo_state *s = st;
    tt_sbuf b = {0};
    if (part == TT_TEXT_STATUS)
        put_status(&b, g->content, s, viewer);
    else if (part == TT_TEXT_MAP)
        put_map(&b, g->content, s, viewer, 0);
    else if (part == TT_TEXT_DECISION)
        put_decision(&b, g, s, viewer);
    else
        return NULL;
    tt_sbuf_printf(&b, "%s", ""); /* an empty part is "", never NULL */
    return tt_sbuf_take(&b);
}

char *inwo_view_text(const tt_game *g, const void *st, int viewer)
{
    const inwo_state *s = st;
    tt_sbuf b = {0};
    put_status(&b, g->content, s, viewer);
    put_map(&b, g->content, s, viewer, 1);
    put_decision(&b, g, s, viewer);
    tt_sbuf_printf(&b, "%s", "");
    return tt_sbuf_take(&b);
}
