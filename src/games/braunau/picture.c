/* Braunau's terminal picture: the position as one viewer may know it, for
 * `board` (tt_view_text) and the screens of `tabletop play` (its parts).
 *
 * It is written from what the JSON view (view.c) gives the same viewer and
 * nothing more; the test of the parts determinizes for the viewer and wants
 * every part unchanged. Not on the playout path. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/sbuf.h"
#include "games/braunau/braunau.h"

static void put_token(tt_sbuf *b, const bra_content *c, const bra_state *s, int f, int t)
{
    char id[8];
    bra_token_name(c, f << 6 | t, id, sizeof id);
    int type = s->f[f].tok[t] & 15;
    if (type == T_ABIL)
        tt_sbuf_printf(b, " %s ABIL(%s)", id, c->a[bra_tok_agent(c, s, f << 6 | t)].id);
    else
        tt_sbuf_printf(b, " %s %s", id, bra_type_code_name(type));
}

static void put_agent(tt_sbuf *b, const bra_content *c, const bra_state *s, int viewer, int a)
{
    int f = c->a[a].faction, v = bra_viewer_slot(c, viewer), loc = s->loc[a];
    int own = bra_sees(c, viewer, f);
    tt_sbuf_printf(b, "    %-12s", c->a[a].id);
    if (!bra_in_play(s, a)) {
        tt_sbuf_printf(b, " reserve\n");
        return;
    }
    if (own || c->a[a].mob || s->exposed[a])
        tt_sbuf_printf(b, " in %s", c->area[loc].id);
    else if (viewer != TT_VIEW_ALL) {
        tt_sbuf_printf(b, " in play, maybe");
        for (int x = 0; x < c->nareas; x++)
            if (s->maybe[v][a] >> x & 1)
                tt_sbuf_printf(b, " %s", c->area[x].id);
    }
    tt_sbuf_printf(b, "%s%s", s->exposed[a] ? " (exposed)" : "", c->a[a].mob ? " (mob)" : "");
    if (s->level[a])
        tt_sbuf_printf(b, ", %s level %d, %d charge%s", bra_effect_name(c->a[a].effect),
                       s->level[a], s->charges[a], s->charges[a] == 1 ? "" : "s");
    if (own && s->decoy[a] != BRA_NONE)
        tt_sbuf_printf(b, ", decoy in %s", c->area[s->decoy[a]].id);
    if (!own && v < BRA_NF && s->intel[v][a].source)
        tt_sbuf_printf(b, "; intel round %d (%s): %s%s", s->intel[v][a].round,
                       bra_source_name(s->intel[v][a].source), c->area[s->intel[v][a].area].id,
                       s->intel[v][a].window ? " (a decoy is possible)" : "");
    tt_sbuf_printf(b, "\n");
}

/* What the token types of the stash and the pending draw do, one line per
 * type in type order (describe.c). */
static void put_token_key(tt_sbuf *b, const bra_content *c, const bra_state *s, int f)
{
    const bra_fstate *fs = &s->f[f];
    unsigned types = 0;
    for (int t = 0; t < BRA_MAX_DECK; t++)
        if (fs->stash >> t & 1)
            types |= 1u << (fs->tok[t] & 15);
    for (int i = 0; i < fs->npend; i++)
        types |= 1u << (fs->tok[fs->pend[i]] & 15);
    for (int t = 0; t < T_NTYPES; t++) {
        char summary[160];
        if (!(types >> t & 1))
            continue;
        bra_type_summary(c, t, summary, sizeof summary);
        tt_sbuf_printf(b, "    %-7s %s\n", bra_type_code_name(t), summary);
    }
}

/* The played pile (BRA-7.3: public), counted by type and, for ABIL, by the
 * agent printed on it; the JSON view gives it token by token, in order. */
/* Tokens of faction f counted by kind, ABIL by agent: " 2 GOLD, 1 ABIL(GER_WEISS)". */
static void put_counts(tt_sbuf *b, const bra_content *c, const bra_state *s, int f, const int *toks,
                       int n)
{
    int first = 1;
    for (int t = 0; t < T_NTYPES; t++)
        for (int a = 0; a < (t == T_ABIL ? c->nagents : 1); a++) {
            int k = 0;
            for (int i = 0; i < n; i++)
                k += (s->f[f].tok[toks[i]] & 15) == t &&
                     (t != T_ABIL || bra_tok_agent(c, s, f << 6 | toks[i]) == a);
            if (!k)
                continue;
            tt_sbuf_printf(b, "%s %d %s", first ? "" : ",", k, bra_type_code_name(t));
            if (t == T_ABIL)
                tt_sbuf_printf(b, "(%s)", c->a[a].id);
            first = 0;
        }
    tt_sbuf_printf(b, "\n");
}

static void put_played(tt_sbuf *b, const bra_content *c, const bra_state *s, int f)
{
    const bra_fstate *fs = &s->f[f];
    if (!fs->nplayed)
        return;
    int toks[BRA_MAX_DECK];
    for (int i = 0; i < fs->nplayed; i++)
        toks[i] = fs->played[i];
    tt_sbuf_printf(b, "  played %d:", fs->nplayed);
    put_counts(b, c, s, f, toks, fs->nplayed);
}

/* The returned tokens at the bottom of f's deck (BRA-7.2), which only f knows:
 * in order, top first, while they are few; counted by kind once they would
 * take more than a line or two of the screen. */
#define RETURNED_LISTED 10

static void put_returned(tt_sbuf *b, const bra_content *c, const bra_state *s, int f)
{
    const bra_fstate *fs = &s->f[f];
    if (!fs->known)
        return;
    if (fs->known > RETURNED_LISTED) {
        int toks[BRA_MAX_DECK];
        for (int i = 0; i < fs->known; i++)
            toks[i] = fs->deck[i];
        tt_sbuf_printf(b, "  bottom of the deck, %d returned:", fs->known);
        put_counts(b, c, s, f, toks, fs->known);
        return;
    }
    tt_sbuf_printf(b, "  bottom of the deck (returned):");
    for (int i = fs->known - 1; i >= 0; i--) /* top first */
        put_token(b, c, s, f, fs->deck[i]);
    tt_sbuf_printf(b, "\n");
}

static void put_faction(tt_sbuf *b, const bra_content *c, const bra_state *s, int seat, int viewer)
{
    int f = c->seat_faction[seat];
    const bra_fstate *fs = &s->f[f];
    tt_sbuf_printf(b, "%s%s: AP %d, gold %d, VP %d; deck %d, stash %d, discard %d%s", c->f[f].name,
                   viewer == seat ? " (you)" : "", fs->ap, fs->gold, fs->vp, fs->ndeck,
                   bra_stash_size(fs), __builtin_popcountll(fs->discard),
                   fs->drew ? ", drew this turn" : "");
    if (fs->npend) /* BRA-6.1.2: the others learn how many were drawn */
        tt_sbuf_printf(b, ", %d drawn to keep or return", fs->npend);
    tt_sbuf_printf(b, "; items:");
    int any = 0;
    for (int i = 0; i < c->nitems; i++)
        if (s->iowner[i] == f)
            tt_sbuf_printf(b, " %s %s", c->item[i].id, bra_itype_name(c->item[i].type)), any = 1;
    tt_sbuf_printf(b, "%s\n", any ? "" : " none");
    put_played(b, c, s, f);
    int reserve = 0;
    for (int k = 0; k < c->f[f].nagents; k++) {
        int a = c->f[f].agent[k];
        if (s->loc[a] != BRA_OUT && bra_in_play(s, a))
            put_agent(b, c, s, viewer, a);
        reserve += s->loc[a] != BRA_OUT && !bra_in_play(s, a);
    }
    if (reserve) { /* the agents in reserve share a line */
        tt_sbuf_printf(b, "    reserve:");
        for (int k = 0; k < c->f[f].nagents; k++)
            if (s->loc[c->f[f].agent[k]] != BRA_OUT && !bra_in_play(s, c->f[f].agent[k]))
                tt_sbuf_printf(b, " %s", c->a[c->f[f].agent[k]].id);
        tt_sbuf_printf(b, "\n");
    }
    if (!bra_sees(c, viewer, f))
        return;
    tt_sbuf_printf(b, "  stash:");
    for (int t = 0; t < BRA_MAX_DECK; t++)
        if (fs->stash >> t & 1)
            put_token(b, c, s, f, t);
    tt_sbuf_printf(b, "%s\n", fs->stash ? "" : " empty");
    if (fs->npend) {
        tt_sbuf_printf(b, "  drawn, to keep or return:");
        for (int i = 0; i < fs->npend; i++)
            put_token(b, c, s, f, fs->pend[i]);
        tt_sbuf_printf(b, "\n");
    }
    put_token_key(b, c, s, f);
    put_returned(b, c, s, f);
}

/* One faction's line of the final report (BRA-9.4): rank, VP by source,
 * total support and gold. */
static void put_score(tt_sbuf *b, const bra_content *c, const bra_state *s, int seat)
{
    int f = c->seat_faction[seat], support = 0;
    const bra_fstate *fs = &s->f[f];
    for (int x = 0; x < c->nareas; x++)
        support += s->sup[x][f];
    tt_sbuf_printf(b,
                   "  %d. %s, %d VP (rallies %d, arrests %d, bribes %d, areas %d, dossiers %d), "
                   "support %d, gold %d\n",
                   s->head.rank[seat], c->f[f].name, fs->vp, fs->vp_rally, fs->vp_arrest,
                   fs->vp_bribe, fs->vp_area, fs->vp_dossier, support, fs->gold);
}

/* The position: the round, the areas, the market, every faction. */
static void put_status(tt_sbuf *b, const bra_content *c, const bra_state *s, int viewer)
{
    tt_sbuf_printf(b, "Round %d of %d, %s to act; first player %s.\n", s->head.turn, c->p.rounds,
                   c->f[bra_active_faction(c, s)].name, c->f[c->seat_faction[s->first]].name);
    tt_sbuf_printf(b, "Areas (support%s; * a Rally was held):\n", "");
    for (int x = 0; x < c->nareas; x++) {
        tt_sbuf_printf(b, "  %-12s %-16s value %d ", c->area[x].id, c->area[x].name,
                       c->area[x].value);
        for (int i = 0; i < c->nseats; i++) {
            int f = c->seat_faction[i];
            tt_sbuf_printf(b, "  %c %d%s", c->f[f].letter, s->sup[x][f],
                           s->rally[f] >> x & 1 ? "*" : " ");
        }
        tt_sbuf_printf(b, "\n");
    }
    tt_sbuf_printf(b, "Market:");
    for (int k = 0; k < c->p.market_row; k++) {
        int i = s->market[k];
        if (i == BRA_NONE)
            tt_sbuf_printf(b, " (empty)");
        else
            tt_sbuf_printf(b, " %s %s (%d gold)", c->item[i].id, bra_itype_name(c->item[i].type),
                           c->item[i].price);
    }
    tt_sbuf_printf(b, "; item deck %d", s->nitem_deck);
    for (int i = 0, any = 0; i < c->nitems; i++) /* BRA-2.16: the item discard is public */
        if (s->iowner[i] == IO_DISCARD)
            tt_sbuf_printf(b, "%s %s", any++ ? "," : "; item discard:", c->item[i].id);
    tt_sbuf_printf(b, "\n");
    for (int k = 0; k < c->p.market_row; k++) {
        char summary[160];
        int i = s->market[k];
        if (i == BRA_NONE)
            continue;
        bra_item_summary(c, i, summary, sizeof summary);
        tt_sbuf_printf(b, "    %-4s %-15s %s\n", c->item[i].id, bra_itype_name(c->item[i].type),
                       summary);
    }
    for (int i = 0; i < c->nseats; i++)
        put_faction(b, c, s, i, viewer);
    if (s->head.over) {
        tt_sbuf_printf(b, "The game is over (%s). Ranking:\n",
                       s->head.reason == R_CONCEDED ? "conceded" : "scored");
        for (int i = 0; i < c->nseats; i++)
            put_score(b, c, s, i);
    }
}

/* A command half declared, and who is to decide what; nothing once over. */
static void put_decision(tt_sbuf *b, const bra_content *c, const bra_state *s, int viewer)
{
    if (s->head.over)
        return;
    int q = bra_question(c, s, viewer);
    if (q >= 0) {
        char text[TT_ACTION_TEXT_MAX];
        tt_sbuf_printf(b, "Declaring %s", bra_verb_name(s->decl.verb));
        if (s->decl.verb == V_DEPLOY) {
            bra_token_name(c, s->decl.token, text, sizeof text);
            tt_sbuf_printf(b, " %s", text);
        }
        tt_sbuf_printf(b, "; the question now: %s\n", bra_decision_kind(c, s, viewer));
    }
    tt_sbuf_printf(b, "To decide: %s (%s)\n", c->f[bra_active_faction(c, s)].name,
                   bra_decision_kind(c, s, viewer));
}

char *bra_view_text(const tt_game *g, const void *st, int viewer)
{
    tt_sbuf b = {0};
    put_status(&b, bra_content_of(g), st, viewer);
    put_decision(&b, bra_content_of(g), st, viewer);
    return tt_sbuf_take(&b);
}

/* No map: the status is the picture without the decision. */
char *bra_view_part(const tt_game *g, const void *st, int viewer, int part)
{
    tt_sbuf b = {0};
    if (part == TT_TEXT_STATUS)
        put_status(&b, bra_content_of(g), st, viewer);
    else if (part == TT_TEXT_DECISION)
        put_decision(&b, bra_content_of(g), st, viewer);
    return tt_sbuf_take(&b);
}
