/* Braunau's terminal picture: the whole position as one viewer may know it
 * (`board`, tt_view_text), and the parts a screen of `tabletop play` shows at
 * each decision (tt_view_text_part).
 *
 * Both are written from what the JSON view (view.c) gives the same viewer and
 * nothing more; the test of the parts determinizes for the viewer and wants
 * every part unchanged. The whole picture says everything at length: each
 * area on its line with its name, the market's cards explained, the tokens
 * returned to the bottom of a deck in order, what each token type of the
 * stash does. The parts say the position briefly, so that a screen of 100
 * columns by 40 lines holds it at every decision late in a game:
 *   - the map is the support as one table, an area a column (the screen
 *     draws it again only when it changed);
 *   - a faction's counts, reserve, items and played pile fill lines of 100
 *     columns, its agents two to a line when they fit; only the faction to
 *     act shows AP (BRA-5.4: the others have none);
 *   - a hidden agent's possible areas are the shorter of where it may and may
 *     not be; the latest report on it has no source, and none is shown on an
 *     agent whose area is known;
 *   - piles count ABIL tokens together, and the returned tokens beyond five;
 *   - what a token type does is told next to the decision, only for the
 *     types the decision can keep or deploy and only until the faction has
 *     kept or deployed one; what the market's cards do, while buying one.
 * `board` and `info` tell the rest. Not on the playout path. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/sbuf.h"
#include "games/braunau/braunau.h"

#define RETURNED_LISTED 10 /* returned tokens listed in order, beyond which counted */
#define RETURNED_BRIEF 5   /* the same on a screen */
#define LINE_WIDTH 100     /* columns a brief line fills, as a screen's default width */

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

/* Brief lines are filled with parts ("played 3: ...", "reserve: ..."): a
 * part joins the line after "; " where the line stays within LINE_WIDTH
 * columns (counted in bytes: an accented name only makes it end sooner),
 * else begins the next line, indented two. *line is where the current line
 * began in b. */
static void fill(tt_sbuf *b, size_t *line, tt_sbuf *part)
{
    char *text = tt_sbuf_take(part);
    size_t used = b->n - *line, n = text ? strlen(text) : 0;
    if (n && used && used + 2 + n <= LINE_WIDTH) {
        tt_sbuf_printf(b, "; ");
    } else if (n) {
        if (used)
            tt_sbuf_printf(b, "\n");
        *line = b->n;
        tt_sbuf_printf(b, "  ");
    }
    tt_sbuf_putn(b, text ? text : "", n);
    free(text);
}

static void put_areas(tt_sbuf *b, const bra_content *c, unsigned m)
{
    for (int x = 0; x < c->nareas; x++)
        if (m >> x & 1)
            tt_sbuf_printf(b, " %s", c->area[x].id);
}

/* Where a hidden agent may be (BRA-7.4: the areas the viewer has not ruled
 * out), every one; briefly, the shorter of the areas in and out. */
static void put_maybe(tt_sbuf *b, const bra_content *c, unsigned m, int brief)
{
    unsigned all = (1u << c->nareas) - 1;
    int n = bra_popcount(m & all);
    tt_sbuf_printf(b, "%s", brief ? "" : " in play,");
    if (!brief || 2 * n <= c->nareas) {
        tt_sbuf_printf(b, " maybe");
        put_areas(b, c, m);
    } else if (n == c->nareas) {
        tt_sbuf_printf(b, " area unknown");
    } else {
        tt_sbuf_printf(b, " not in");
        put_areas(b, c, all & ~m);
    }
}

/* One agent in play, without indent or newline. Briefly, the latest report
 * on an agent is told without its source, and left out when the agent's true
 * area is shown (a mob, exposed): it adds nothing. */
static void put_agent(tt_sbuf *b, const bra_content *c, const bra_state *s, int viewer, int a,
                      int brief)
{
    int f = c->a[a].faction, v = bra_viewer_slot(c, viewer), loc = s->loc[a];
    int own = bra_sees(c, viewer, f), shown = own || c->a[a].mob || s->exposed[a];
    tt_sbuf_printf(b, "%-12s", c->a[a].id);
    if (shown)
        tt_sbuf_printf(b, " in %s", c->area[loc].id);
    else if (viewer != TT_VIEW_ALL)
        put_maybe(b, c, s->maybe[v][a], brief);
    tt_sbuf_printf(b, "%s%s", s->exposed[a] ? " (exposed)" : "", c->a[a].mob ? " (mob)" : "");
    if (s->level[a])
        tt_sbuf_printf(b, ", %s level %d, %d charge%s", bra_effect_name(c->a[a].effect),
                       s->level[a], s->charges[a], s->charges[a] == 1 ? "" : "s");
    if (own && s->decoy[a] != BRA_NONE)
        tt_sbuf_printf(b, ", decoy in %s", c->area[s->decoy[a]].id);
    const bra_intel *in = &s->intel[v < BRA_NF ? v : 0][a];
    if (!own && v < BRA_NF && in->source && !brief)
        tt_sbuf_printf(b, "; intel round %d (%s): %s%s", in->round, bra_source_name(in->source),
                       c->area[in->area].id, in->window ? " (a decoy is possible)" : "");
    else if (!own && v < BRA_NF && in->source && !shown)
        tt_sbuf_printf(b, "; intel round %d: %s%s", in->round, c->area[in->area].id,
                       in->window ? " (maybe a decoy)" : "");
}

/* Faction f's agents in play: at length a line each; briefly two to a line,
 * in two columns, when the columns fit in a line. */
static void put_agents(tt_sbuf *b, const bra_content *c, const bra_state *s, int f, int viewer,
                       int brief)
{
    char *text[BRA_MAX_FAGENTS];
    int n = 0, widest[2] = {0, 0}; /* of the left and the right column */
    for (int k = 0; k < c->f[f].nagents; k++) {
        if (!bra_in_play(s, c->f[f].agent[k]))
            continue;
        tt_sbuf t = {0};
        put_agent(&t, c, s, viewer, c->f[f].agent[k], brief);
        text[n] = tt_sbuf_take(&t);
        int len = text[n] ? (int)strlen(text[n]) : 0;
        widest[n % 2] = len > widest[n % 2] ? len : widest[n % 2];
        n++;
    }
    int pairs = brief && n > 1 && 2 + widest[0] + 2 + widest[1] <= LINE_WIDTH;
    for (int i = 0; i < n; i++) {
        const char *t = text[i] ? text[i] : "";
        if (pairs && i % 2)
            tt_sbuf_printf(b, "%*s%s", widest[0] + 2 - (int)strlen(text[i - 1] ? text[i - 1] : ""),
                           "", t);
        else
            tt_sbuf_printf(b, "%s%s", brief ? "  " : "    ", t);
        if (!pairs || i % 2 || i == n - 1)
            tt_sbuf_printf(b, "\n");
    }
    for (int i = 0; i < n; i++)
        free(text[i]);
}

/* What the token types of the set `types` (a bit each) do, one line per
 * type in type order (describe.c). */
static void put_type_key(tt_sbuf *b, const bra_content *c, unsigned types)
{
    for (int t = 0; t < T_NTYPES; t++) {
        char summary[160];
        if (!(types >> t & 1))
            continue;
        bra_type_summary(c, t, summary, sizeof summary);
        tt_sbuf_printf(b, "    %-7s %s\n", bra_type_code_name(t), summary);
    }
}

/* The types of the stash and the pending draw of f, a bit each. */
static unsigned held_types(const bra_state *s, int f)
{
    const bra_fstate *fs = &s->f[f];
    unsigned types = 0;
    for (int t = 0; t < BRA_MAX_DECK; t++)
        if (fs->stash >> t & 1)
            types |= 1u << (fs->tok[t] & 15);
    for (int i = 0; i < fs->npend; i++)
        types |= 1u << (fs->tok[fs->pend[i]] & 15);
    return types;
}

/* Tokens of faction f counted by kind: at length ABIL by agent, " 2 GOLD,
 * 1 ABIL(GER_WEISS)"; briefly all ABIL together and no count of one,
 * " 2 GOLD, ABIL". */
static void put_counts(tt_sbuf *b, const bra_content *c, const bra_state *s, int f, const int *toks,
                       int n, int brief)
{
    int first = 1;
    for (int t = 0; t < T_NTYPES; t++)
        for (int a = 0; a < (t == T_ABIL && !brief ? c->nagents : 1); a++) {
            int k = 0;
            for (int i = 0; i < n; i++)
                k += (s->f[f].tok[toks[i]] & 15) == t &&
                     (t != T_ABIL || brief || bra_tok_agent(c, s, f << 6 | toks[i]) == a);
            if (!k)
                continue;
            tt_sbuf_printf(b, "%s ", first ? "" : ",");
            if (k > 1 || !brief)
                tt_sbuf_printf(b, "%d ", k);
            tt_sbuf_printf(b, "%s", bra_type_code_name(t));
            if (t == T_ABIL && !brief)
                tt_sbuf_printf(b, "(%s)", c->a[a].id);
            first = 0;
        }
}

/* The played pile (BRA-7.3: public), counted by type and, at length, ABIL by
 * the agent printed on it; the JSON view gives it token by token, in order.
 * No newline: briefly it shares a line with other parts. */
static void put_played(tt_sbuf *b, const bra_content *c, const bra_state *s, int f, int brief)
{
    const bra_fstate *fs = &s->f[f];
    int toks[BRA_MAX_DECK];
    for (int i = 0; i < fs->nplayed; i++)
        toks[i] = fs->played[i];
    tt_sbuf_printf(b, "%splayed %d:", brief ? "" : "  ", fs->nplayed);
    put_counts(b, c, s, f, toks, fs->nplayed, brief);
}

/* The agents of f in reserve, " A B", and how many. */
static int put_reserve(tt_sbuf *b, const bra_content *c, const bra_state *s, int f)
{
    int n = 0;
    for (int k = 0; k < c->f[f].nagents; k++) {
        int a = c->f[f].agent[k];
        if (s->loc[a] != BRA_OUT && !bra_in_play(s, a))
            tt_sbuf_printf(b, " %s", c->a[a].id), n++;
    }
    return n;
}

static int reserve_size(const bra_content *c, const bra_state *s, int f)
{
    int n = 0;
    for (int k = 0; k < c->f[f].nagents; k++)
        n += s->loc[c->f[f].agent[k]] != BRA_OUT && !bra_in_play(s, c->f[f].agent[k]);
    return n;
}

/* The returned tokens at the bottom of f's deck (BRA-7.2), which only f knows:
 * in order, top first, while they are few; counted by kind once they would
 * take more than a line or two (briefly, more than one). No indent, no
 * newline, as the other parts of a faction's secrets. */
static void put_returned(tt_sbuf *b, const bra_content *c, const bra_state *s, int f, int brief)
{
    const bra_fstate *fs = &s->f[f];
    if (fs->known > (brief ? RETURNED_BRIEF : RETURNED_LISTED)) {
        int toks[BRA_MAX_DECK];
        for (int i = 0; i < fs->known; i++)
            toks[i] = fs->deck[i];
        tt_sbuf_printf(
            b, brief ? "deck bottom, %d returned:" : "bottom of the deck, %d returned:", fs->known);
        put_counts(b, c, s, f, toks, fs->known, brief);
    } else if (fs->known) {
        tt_sbuf_printf(b, "bottom of the deck (returned):");
        for (int i = fs->known - 1; i >= 0; i--) /* top first */
            put_token(b, c, s, f, fs->deck[i]);
    }
}

static void put_stash(tt_sbuf *b, const bra_content *c, const bra_state *s, int f)
{
    tt_sbuf_printf(b, "stash:%s", s->f[f].stash ? "" : " empty");
    for (int t = 0; t < BRA_MAX_DECK; t++)
        if (s->f[f].stash >> t & 1)
            put_token(b, c, s, f, t);
}

static void put_drawn(tt_sbuf *b, const bra_content *c, const bra_state *s, int f)
{
    const bra_fstate *fs = &s->f[f];
    tt_sbuf_printf(b, "drawn, to keep or return:");
    for (int i = 0; i < fs->npend; i++)
        put_token(b, c, s, f, fs->pend[i]);
}

/* A part of a faction's block: at length on a line of its own, indented
 * two; briefly filling lines (fill). */
static void put_part(tt_sbuf *b, size_t *line, tt_sbuf *part, int brief)
{
    if (brief) {
        fill(b, line, part);
        return;
    }
    char *text = tt_sbuf_take(part);
    if (text && *text)
        tt_sbuf_printf(b, "  %s\n", text);
    free(text);
}

/* Does the brief decision part show f's pending draw (f is keeping, seen by
 * the viewer)? Then the brief status does not. */
static int drawn_in_decision(const bra_content *c, const bra_state *s, int f, int viewer)
{
    return !s->head.over && f == bra_active_faction(c, s) && s->f[f].npend &&
           bra_sees(c, viewer, f);
}

static int items_owned(const bra_content *c, const bra_state *s, int f)
{
    int n = 0;
    for (int i = 0; i < c->nitems; i++)
        n += s->iowner[i] == f;
    return n;
}

/* The items f owns, " I01 FORGED_PAPERS I03 MOTORCAR". */
static void put_items(tt_sbuf *b, const bra_content *c, const bra_state *s, int f)
{
    for (int i = 0; i < c->nitems; i++)
        if (s->iowner[i] == f)
            tt_sbuf_printf(b, " %s %s", c->item[i].id, bra_itype_name(c->item[i].type));
}

/* A faction's counts (BRA-6.1.2: the others learn how many were drawn). */
static void put_counts_line(tt_sbuf *b, const bra_content *c, const bra_state *s, int seat,
                            int viewer, int brief)
{
    int f = c->seat_faction[seat];
    const bra_fstate *fs = &s->f[f];
    tt_sbuf_printf(b, "%s%s:", c->f[f].name, viewer == seat ? " (you)" : "");
    if (!brief || seat == s->active) /* BRA-5.4: the others have none */
        tt_sbuf_printf(b, " AP %d,", fs->ap);
    tt_sbuf_printf(b, " gold %d, VP %d; deck %d, stash %d, discard %d%s", fs->gold, fs->vp,
                   fs->ndeck, bra_stash_size(fs), __builtin_popcountll(fs->discard),
                   fs->drew && !brief ? ", drew this turn" : "");
    if (fs->npend)
        tt_sbuf_printf(b, ", %d drawn%s", fs->npend, brief ? "" : " to keep or return");
}

/* What only f's own viewer sees: the stash, the pending draw (briefly, with
 * the decision instead when it is f's), what each held type does (at
 * length), the tokens returned to the bottom of the deck. */
static void put_secrets(tt_sbuf *b, const bra_content *c, const bra_state *s, int f, int viewer,
                        int brief)
{
    size_t line = b->n;
    tt_sbuf part = {0};
    put_stash(&part, c, s, f);
    put_part(b, &line, &part, brief);
    if (s->f[f].npend && !(brief && drawn_in_decision(c, s, f, viewer)))
        put_drawn(&part, c, s, f);
    put_part(b, &line, &part, brief);
    if (!brief)
        put_type_key(b, c, held_types(s, f));
    put_returned(&part, c, s, f, brief);
    put_part(b, &line, &part, brief);
    if (brief)
        tt_sbuf_printf(b, "\n");
}

/* A faction at length: its counts and items; its played pile; its agents in
 * play one per line and those in reserve on one; its secrets. */
static void put_faction(tt_sbuf *b, const bra_content *c, const bra_state *s, int seat, int viewer)
{
    int f = c->seat_faction[seat];
    put_counts_line(b, c, s, seat, viewer, 0);
    tt_sbuf_printf(b, "; items:%s", items_owned(c, s, f) ? "" : " none");
    put_items(b, c, s, f);
    tt_sbuf_printf(b, "\n");
    if (s->f[f].nplayed) {
        put_played(b, c, s, f, 0);
        tt_sbuf_printf(b, "\n");
    }
    put_agents(b, c, s, f, viewer, 0);
    if (reserve_size(c, s, f)) {
        tt_sbuf_printf(b, "    reserve:");
        put_reserve(b, c, s, f);
        tt_sbuf_printf(b, "\n");
    }
    if (bra_sees(c, viewer, f))
        put_secrets(b, c, s, f, viewer, 0);
}

/* A faction briefly: its counts, reserve, items and played pile filling as
 * few lines as they can in that order (the short parts first); its agents in
 * play (put_agents); its secrets, filling lines too. */
static void put_faction_brief(tt_sbuf *b, const bra_content *c, const bra_state *s, int seat,
                              int viewer)
{
    int f = c->seat_faction[seat];
    size_t line = b->n;
    tt_sbuf part = {0};
    put_counts_line(b, c, s, seat, viewer, 1);
    if (reserve_size(c, s, f)) {
        tt_sbuf_printf(&part, "reserve:");
        put_reserve(&part, c, s, f);
    }
    fill(b, &line, &part);
    if (items_owned(c, s, f)) {
        tt_sbuf_printf(&part, "items:");
        put_items(&part, c, s, f);
    }
    fill(b, &line, &part);
    if (s->f[f].nplayed)
        put_played(&part, c, s, f, 1);
    fill(b, &line, &part);
    tt_sbuf_printf(b, "\n");
    put_agents(b, c, s, f, viewer, 1);
    if (bra_sees(c, viewer, f))
        put_secrets(b, c, s, f, viewer, 1);
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

/* The areas one per line: id, name, value, every faction's support. */
static void put_area_rows(tt_sbuf *b, const bra_content *c, const bra_state *s)
{
    tt_sbuf_printf(b, "Areas (support; * a Rally was held):\n");
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
}

/* A column of the support table: as wide as the area's id, three at least. */
static int column_width(const bra_content *c, int x)
{
    int w = (int)strlen(c->area[x].id);
    return w < 3 ? 3 : w;
}

/* One row of the table for areas [from, to): a value each, right-aligned a
 * column before the id ends, the mark `*` (a Rally was held) after it. */
static void put_table_row(tt_sbuf *b, const bra_content *c, const bra_state *s, int label, int f,
                          int from, int to)
{
    tt_sbuf_printf(b, "  %-*s", label, f < 0 ? "value" : c->f[f].name);
    for (int x = from; x < to; x++) {
        int mark = f >= 0 && s->rally[f] >> x & 1, last = x + 1 == to;
        tt_sbuf_printf(b, " %*d%s", column_width(c, x) - 1, f < 0 ? c->area[x].value : s->sup[x][f],
                       mark   ? "*"
                       : last ? ""
                              : " "); /* no blank ends a line */
    }
    tt_sbuf_printf(b, "\n");
}

/* The support as a table, an area a column (in blocks as wide as a screen
 * when the areas are many), its value and each faction's support a row; the
 * mark of a Rally is explained once one was held, after the first block's
 * heading where it fits. */
static void put_support_table(tt_sbuf *b, const bra_content *c, const bra_state *s)
{
    static const char legend[] = "(* Rally held)";
    int label = 7, rallied = 0; /* "support" */
    for (int i = 0; i < c->nseats; i++) {
        int n = (int)strlen(c->f[c->seat_faction[i]].name);
        label = n > label ? n : label;
        rallied |= s->rally[c->seat_faction[i]] != 0;
    }
    for (int from = 0, to; from < c->nareas; from = to) {
        int w = 2 + label;
        for (to = from; to < c->nareas && (to == from || w + 1 + column_width(c, to) <= LINE_WIDTH);
             to++)
            w += 1 + column_width(c, to);
        tt_sbuf_printf(b, "  %-*s", label, "support");
        for (int x = from; x < to; x++)
            tt_sbuf_printf(b, " %*s", column_width(c, x), c->area[x].id);
        int beside = rallied && from == 0 && w + 3 + (int)strlen(legend) <= LINE_WIDTH;
        tt_sbuf_printf(b, "%s%s\n", beside ? "   " : "", beside ? legend : "");
        rallied &= !beside;
        put_table_row(b, c, s, label, -1, from, to);
        for (int i = 0; i < c->nseats; i++)
            put_table_row(b, c, s, label, c->seat_faction[i], from, to);
    }
    if (rallied)
        tt_sbuf_printf(b, "  %s\n", legend);
}

/* What the market's cards do, a line each. */
static void put_market_key(tt_sbuf *b, const bra_content *c, const bra_state *s)
{
    for (int k = 0; k < c->p.market_row; k++) {
        char summary[160];
        int i = s->market[k];
        if (i == BRA_NONE)
            continue;
        bra_item_summary(c, i, summary, sizeof summary);
        tt_sbuf_printf(b, "    %-4s %-15s %s\n", c->item[i].id, bra_itype_name(c->item[i].type),
                       summary);
    }
}

/* The market row (BRA-6.8), the item deck, the item discard (BRA-2.16:
 * public); briefly, "Market (gold): I02 FORGED_PAPERS 2, ...; deck 9,
 * discard I07". */
static void put_market(tt_sbuf *b, const bra_content *c, const bra_state *s, int brief)
{
    tt_sbuf_printf(b, "Market%s:", brief ? " (gold)" : "");
    for (int k = 0, any = 0; k < c->p.market_row; k++) {
        int i = s->market[k];
        if (brief)
            tt_sbuf_printf(b, "%s", any++ ? "," : "");
        if (i == BRA_NONE)
            tt_sbuf_printf(b, " (empty)");
        else
            tt_sbuf_printf(b, brief ? " %s %s %d" : " %s %s (%d gold)", c->item[i].id,
                           bra_itype_name(c->item[i].type), c->item[i].price);
    }
    tt_sbuf_printf(b, brief ? "; deck %d" : "; item deck %d", s->nitem_deck);
    for (int i = 0, any = 0; i < c->nitems; i++)
        if (s->iowner[i] == IO_DISCARD)
            tt_sbuf_printf(b, "%s %s",
                           any++ ? (brief ? "" : ",") : (brief ? ", discard" : "; item discard:"),
                           c->item[i].id);
    tt_sbuf_printf(b, "\n");
}

/* The position: the round, the areas, the market, every faction. */
static void put_status(tt_sbuf *b, const bra_content *c, const bra_state *s, int viewer, int brief)
{
    tt_sbuf_printf(b, "Round %d of %d, %s to act; first player %s.\n", s->head.turn, c->p.rounds,
                   c->f[bra_active_faction(c, s)].name, c->f[c->seat_faction[s->first]].name);
    if (!brief)
        put_area_rows(b, c, s);
    put_market(b, c, s, brief);
    if (!brief)
        put_market_key(b, c, s);
    for (int i = 0; i < c->nseats; i++)
        if (brief)
            put_faction_brief(b, c, s, i, viewer);
        else
            put_faction(b, c, s, i, viewer);
    if (s->head.over) {
        tt_sbuf_printf(b, "The game is over (%s). Ranking:\n",
                       s->head.reason == R_CONCEDED ? "conceded" : "scored");
        for (int i = 0; i < c->nseats; i++)
            put_score(b, c, s, i);
    }
}

/* The token types the legal actions can deploy or keep now, a bit each. */
static unsigned usable_types(const tt_game *g, const bra_state *s)
{
    tt_action legal[BRA_MAX_ACTIONS];
    int n = bra_legal(g, s, legal);
    unsigned types = 0;
    for (int i = 0; i < n; i++) {
        int op = BRA_OP(legal[i]), arg = BRA_ARG(legal[i]);
        for (int k = 0; k < (op == A_KEEP ? 3 : op == A_DEPLOY); k++) {
            int t = op == A_KEEP ? arg >> (8 * k) & 0xFF : arg;
            if (t != BRA_NONE)
                types |= 1u << bra_tok_type(s, t);
        }
    }
    return types;
}

/* The token types faction f has used, a bit each: kept from a draw, or
 * deployed (its played pile never gives a token back, BRA-6.4.4). */
static unsigned used_types(const bra_state *s, int f)
{
    const bra_fstate *fs = &s->f[f];
    unsigned types = 0;
    for (int t = 0; t < T_NTYPES; t++)
        types |= (unsigned)(fs->kept[t] > 0) << t;
    for (int i = 0; i < fs->nplayed; i++)
        types |= 1u << (fs->tok[fs->played[i]] & 15);
    return types;
}

/* What a screen adds to the decision, for the deciding faction's own eyes:
 * the pending draw; what each token type the decision can keep or deploy
 * does, until the faction has kept or deployed one of the type (then `info`
 * tells it); the market's cards, while buying one. */
static void put_decision_key(tt_sbuf *b, const tt_game *g, const bra_state *s, int viewer, int q)
{
    const bra_content *c = bra_content_of(g);
    int f = bra_active_faction(c, s);
    if (q == F_ITEM)
        put_market_key(b, c, s);
    if (!bra_sees(c, viewer, f))
        return;
    if (s->f[f].npend) {
        tt_sbuf_printf(b, "  ");
        put_drawn(b, c, s, f);
        tt_sbuf_printf(b, "\n");
    }
    if (q < 0)
        put_type_key(b, c, usable_types(g, s) & ~used_types(s, f));
}

/* A command half declared, and who is to decide what; nothing once over. */
static void put_decision(tt_sbuf *b, const tt_game *g, const bra_state *s, int viewer, int brief)
{
    const bra_content *c = bra_content_of(g);
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
    if (brief)
        put_decision_key(b, g, s, viewer, q);
    tt_sbuf_printf(b, "To decide: %s (%s)\n", c->f[bra_active_faction(c, s)].name,
                   bra_decision_kind(c, s, viewer));
}

char *bra_view_text(const tt_game *g, const void *st, int viewer)
{
    tt_sbuf b = {0};
    put_status(&b, bra_content_of(g), st, viewer, 0);
    put_decision(&b, g, st, viewer, 0);
    return tt_sbuf_take(&b);
}

/* The parts, briefly (see the top): the support table is the map, shown
 * again when it changed. */
char *bra_view_part(const tt_game *g, const void *st, int viewer, int part)
{
    tt_sbuf b = {0};
    if (part == TT_TEXT_MAP)
        put_support_table(&b, bra_content_of(g), st);
    else if (part == TT_TEXT_STATUS)
        put_status(&b, bra_content_of(g), st, viewer, 1);
    else if (part == TT_TEXT_DECISION)
        put_decision(&b, g, st, viewer, 1);
    return tt_sbuf_take(&b);
}
