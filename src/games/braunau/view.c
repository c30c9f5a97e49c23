/* Braunau views: what one viewer may know (BRA-2.16, 7), as JSON and as a
 * terminal picture.
 *
 * A view is the public state plus the viewer's own secrets and nothing else:
 * its stash, pending draw, discard pile, what remains in its deck (as counts)
 * and the known suffix, its agents' true areas and decoys, the command it is
 * declaring, and what it knows of everyone else — for each hidden enemy agent
 * the areas where it may be and the latest report on it. Other factions'
 * hidden zones appear as counts, their hidden agents without an area. The
 * spectator sees the public state and what the public may infer; the
 * omniscient view (TT_VIEW_ALL) shows everything, deck orders included. The
 * leak test checks this: determinizing for the viewer must not change the
 * view by a byte. */
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/sbuf.h"
#include "games/braunau/braunau.h"

static const char *const field_names[] = {"main",    "agent", "area",    "mode", "host",   "target",
                                          "outcome", "item",  "faction", "path", "discard"};
static const char *const verb_names[] = {"",        "DRAW", "KEEP",    "DISCARD",
                                         "DEPLOY",  "MOVE", "AGITATE", "DENOUNCE",
                                         "ABILITY", "USE",  "END"};

static const char *viewer_name(const bra_content *c, int viewer)
{
    if (viewer == TT_VIEW_ALL)
        return "all";
    if (viewer == TT_VIEW_SPECTATOR || viewer < 0 || viewer >= c->nseats)
        return "spectator";
    return bra_faction_player(c->seat_faction[viewer]);
}

/* May the viewer see faction f's own secrets? */
static int sees(const bra_content *c, int viewer, int f)
{
    return viewer == TT_VIEW_ALL ||
           (viewer >= 0 && viewer < c->nseats && c->seat_faction[viewer] == f);
}

/* "G33 POP", "G05 ABIL GER_WEISS": a token as a short string (views are
 * built often: a string is much cheaper than an object). */
static json_t *token_json(const bra_content *c, const bra_state *s, int f, int t)
{
    char text[48];
    int n = bra_token_name(c, f << 6 | t, text, sizeof text);
    int type = s->f[f].tok[t] & 15;
    snprintf(text + n, sizeof text - (size_t)n, " %s%s%s", bra_type_code_name(type),
             type == T_ABIL ? " " : "",
             type == T_ABIL ? c->a[bra_tok_agent(c, s, f << 6 | t)].id : "");
    return json_string(text);
}

static json_t *tokens_json(const bra_content *c, const bra_state *s, int f, const uint8_t *t, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, token_json(c, s, f, t[i]));
    return a;
}

/* A deck's tokens top first, as they would be drawn. */
static json_t *pile_json(const bra_content *c, const bra_state *s, int f, const uint16_t *pile,
                         int n)
{
    json_t *a = json_array();
    for (int i = n - 1; i >= 0; i--)
        json_array_append_new(a, token_json(c, s, f, pile[i]));
    return a;
}

static json_t *mask_tokens_json(const bra_content *c, const bra_state *s, int f, uint64_t m)
{
    json_t *a = json_array();
    for (int t = 0; t < BRA_MAX_DECK; t++)
        if (m >> t & 1)
            json_array_append_new(a, token_json(c, s, f, t));
    return a;
}

static json_t *areas_list(const bra_content *c, uint16_t m)
{
    json_t *a = json_array();
    for (int x = 0; x < c->nareas; x++)
        if (m >> x & 1)
            json_array_append_new(a, json_string(c->area[x].id));
    return a;
}

/* One agent, as viewer slot v (a faction or the public) may see it. */
static json_t *agent_json(const bra_content *c, const bra_state *s, int viewer, int a)
{
    int f = c->a[a].faction, v = bra_viewer_slot(c, viewer), loc = s->loc[a];
    int own = sees(c, viewer, f), in = bra_in_play(s, a);
    json_t *o = json_object();
    json_object_set_new(o, "id", json_string(c->a[a].id));
    json_object_set_new(o, "mob", json_boolean(c->a[a].mob));
    json_object_set_new(o, "where", json_string(in ? "play" : "reserve"));
    int shown = in && (own || c->a[a].mob || s->exposed[a]); /* BRA-7.4 */
    json_object_set_new(o, "area", shown ? json_string(c->area[loc].id) : json_null());
    json_object_set_new(o, "exposed", json_boolean(s->exposed[a]));
    json_object_set_new(o, "level", json_integer(s->level[a]));
    json_object_set_new(o, "charges", json_integer(s->charges[a]));
    json_object_set_new(o, "denounced", json_boolean(s->aflags[a] & AF_DENOUNCED));
    if (own) { /* who benefited, agitated or carries a decoy is not always public */
        json_object_set_new(o, "benefit", json_integer(s->benefit[a]));
        json_object_set_new(o, "agitated", json_boolean(s->aflags[a] & AF_AGITATED));
        json_object_set_new(o, "decoy",
                            s->decoy[a] != BRA_NONE ? json_string(c->area[s->decoy[a]].id)
                                                    : json_null());
    }
    if (!own && in && !shown && viewer != TT_VIEW_ALL)
        json_object_set_new(o, "possible", areas_list(c, s->maybe[v][a]));
    if (!own && v < BRA_NF && s->intel[v][a].source) {
        const bra_intel *i = &s->intel[v][a];
        json_object_set_new(o, "intel",
                            json_pack("{s:s,s:i,s:s,s:b}", "area", c->area[i->area].id, "round",
                                      i->round, "source", bra_source_name(i->source),
                                      "decoy_possible", i->window));
    }
    return o;
}

static json_t *deck_json(const bra_content *c, const bra_state *s, int f, int viewer)
{
    const bra_fstate *fs = &s->f[f];
    json_t *o = json_object();
    if (viewer == TT_VIEW_ALL) {
        json_object_set_new(o, "order", pile_json(c, s, f, fs->deck, fs->ndeck));
    } else { /* BRA-7.2: the multiset, and the known bottom in order */
        int count[T_NTYPES] = {0};
        for (int i = 0; i < fs->ndeck; i++)
            count[fs->tok[fs->deck[i]] & 15]++;
        json_t *m = json_object();
        for (int t = 0; t < T_NTYPES; t++)
            if (count[t])
                json_object_set_new(m, bra_type_code_name(t), json_integer(count[t]));
        json_object_set_new(o, "contents", m);
    }
    json_object_set_new(o, "known_suffix", pile_json(c, s, f, fs->deck, fs->known));
    return o;
}

static json_t *faction_json(const bra_content *c, const bra_state *s, int seat, int viewer)
{
    int f = c->seat_faction[seat];
    const bra_fstate *fs = &s->f[f];
    json_t *o = json_object(), *items = json_array(), *agents = json_array();
    json_object_set_new(o, "faction", json_string(bra_faction_player(f)));
    json_object_set_new(o, "seat", json_integer(seat));
    json_object_set_new(o, "ap", json_integer(fs->ap));
    json_object_set_new(o, "gold", json_integer(fs->gold));
    json_object_set_new(o, "vp", json_integer(fs->vp));
    json_object_set_new(o, "deck", json_integer(fs->ndeck));
    json_object_set_new(o, "stash", json_integer(bra_stash_size(fs)));
    json_object_set_new(o, "pending", json_integer(fs->npend));
    json_object_set_new(o, "discard", json_integer(__builtin_popcountll(fs->discard)));
    json_object_set_new(o, "drew", json_boolean(fs->drew));
    json_object_set_new(o, "ci_this_turn", json_integer(fs->ci_turn));
    json_object_set_new(o, "press_uses", json_integer(fs->press_uses));
    json_object_set_new(o, "played", tokens_json(c, s, f, fs->played, fs->nplayed));
    for (int i = 0; i < c->nitems; i++)
        if (s->iowner[i] == f)
            json_array_append_new(items, json_string(c->item[i].id));
    json_object_set_new(o, "items", items);
    for (int k = 0; k < c->f[f].nagents; k++)
        if (s->loc[c->f[f].agent[k]] != BRA_OUT)
            json_array_append_new(agents, agent_json(c, s, viewer, c->f[f].agent[k]));
    json_object_set_new(o, "agents", agents);
    if (sees(c, viewer, f)) {
        json_object_set_new(o, "stash_tokens", mask_tokens_json(c, s, f, fs->stash));
        json_object_set_new(o, "pending_tokens", tokens_json(c, s, f, fs->pend, fs->npend));
        json_object_set_new(o, "discard_tokens", mask_tokens_json(c, s, f, fs->discard));
        json_object_set_new(o, "deck_tokens", deck_json(c, s, f, viewer));
        json_object_set_new(o, "motorcar_uses", json_integer(fs->motorcar_uses));
    }
    return o;
}

static json_t *areas_json(const bra_content *c, const bra_state *s)
{
    json_t *a = json_array();
    for (int x = 0; x < c->nareas; x++) {
        json_t *o = json_object(), *sup = json_object(), *rally = json_array();
        json_object_set_new(o, "id", json_string(c->area[x].id));
        json_object_set_new(o, "name", json_string(c->area[x].name));
        json_object_set_new(o, "value", json_integer(c->area[x].value));
        for (int i = 0; i < c->nseats; i++) {
            int f = c->seat_faction[i];
            json_object_set_new(sup, bra_faction_player(f), json_integer(s->sup[x][f]));
            if (s->rally[f] >> x & 1)
                json_array_append_new(rally, json_string(bra_faction_player(f)));
        }
        json_object_set_new(o, "support", sup);
        json_object_set_new(o, "rallied", rally);
        json_array_append_new(a, o);
    }
    return a;
}

static json_t *items_json(const bra_content *c, const bra_state *s, int viewer)
{
    json_t *o = json_object(), *row = json_array(), *gone = json_array();
    for (int k = 0; k < c->p.market_row; k++)
        json_array_append_new(
            row, s->market[k] == BRA_NONE ? json_null() : json_string(c->item[s->market[k]].id));
    for (int i = 0; i < c->nitems; i++)
        if (s->iowner[i] == IO_DISCARD)
            json_array_append_new(gone, json_string(c->item[i].id));
    json_object_set_new(o, "market", row);
    json_object_set_new(o, "deck", json_integer(s->nitem_deck));
    if (viewer == TT_VIEW_ALL) {
        json_t *order = json_array();
        for (int i = s->nitem_deck - 1; i >= 0; i--) /* top first */
            json_array_append_new(order, json_string(c->item[s->item_deck[i]].id));
        json_object_set_new(o, "deck_order", order);
    }
    json_object_set_new(o, "discard", gone);
    return o;
}

/* What the player to move is asked, as the viewer may know it. */
static int question(const bra_content *c, const bra_state *s, int viewer)
{
    if (s->decl.verb != V_NONE && (viewer == s->active || viewer == TT_VIEW_ALL)) {
        bra_cmd m;
        bra_decl_cmd(s, &m);
        return bra_next_field(c, s, &m);
    }
    return -1;
}

static json_t *decision_json(const bra_content *c, const bra_state *s, int viewer)
{
    if (s->head.over)
        return json_null();
    int q = question(c, s, viewer);
    const char *kind = q >= 0                                 ? field_names[q]
                       : s->f[bra_active_faction(c, s)].npend ? "keep"
                                                              : "main";
    json_t *o = json_pack("{s:s,s:s}", "player", bra_faction_player(bra_active_faction(c, s)),
                          "kind", kind);
    if (q >= 0) {
        json_object_set_new(o, "declaring", json_string(verb_names[s->decl.verb]));
        char id[8];
        if (s->decl.verb == V_DEPLOY) {
            bra_token_name(c, s->decl.token, id, sizeof id);
            json_object_set_new(o, "token", json_string(id));
        }
    }
    return o;
}

static json_t *result_json(const bra_content *c, const bra_state *s)
{
    if (!s->head.over)
        return json_null();
    json_t *o = json_object(), *ranking = json_array(), *winners = json_array();
    json_object_set_new(o, "reason",
                        json_string(s->head.reason == R_CONCEDED ? "CONCEDED" : "SCORED"));
    for (int i = 0; i < c->nseats; i++) {
        int f = c->seat_faction[i], total = 0;
        const bra_fstate *fs = &s->f[f];
        for (int x = 0; x < c->nareas; x++)
            total += s->sup[x][f];
        if (bra_winners(s) >> i & 1)
            json_array_append_new(winners, json_string(bra_faction_player(f)));
        json_array_append_new(ranking,
                              json_pack("{s:s,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i}", "faction",
                                        bra_faction_player(f), "rank", s->head.rank[i], "vp",
                                        fs->vp, "rallies", fs->vp_rally, "arrests", fs->vp_arrest,
                                        "bribes", fs->vp_bribe, "areas", fs->vp_area, "dossiers",
                                        fs->vp_dossier, "support", total, "gold", fs->gold));
    }
    json_object_set_new(o, "winners", winners);
    json_object_set_new(o, "ranking", ranking);
    return o;
}

char *bra_view_json(const tt_game *g, const void *st, int viewer)
{
    const bra_content *c = bra_content_of(g);
    const bra_state *s = st;
    json_t *o = json_object(), *factions = json_array();
    json_object_set_new(o, "game", json_string("braunau"));
    json_object_set_new(o, "viewer", json_string(viewer_name(c, viewer)));
    json_object_set_new(o, "round", json_integer(s->head.turn));
    json_object_set_new(o, "rounds", json_integer(c->p.rounds));
    json_object_set_new(o, "first", json_string(bra_faction_player(c->seat_faction[s->first])));
    json_object_set_new(o, "active", json_string(bra_faction_player(bra_active_faction(c, s))));
    json_object_set_new(o, "decision", decision_json(c, s, viewer));
    json_object_set_new(o, "areas", areas_json(c, s));
    json_object_set_new(o, "items", items_json(c, s, viewer));
    for (int i = 0; i < c->nseats; i++)
        json_array_append_new(factions, faction_json(c, s, i, viewer));
    json_object_set_new(o, "factions", factions);
    json_object_set_new(o, "result", result_json(c, s));
    char *text = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(o);
    return text;
}

/* --- the terminal picture ---------------------------------------------------------------- */

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
    int own = sees(c, viewer, f);
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
    if (!sees(c, viewer, f))
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
    int q = question(c, s, viewer);
    if (q >= 0) {
        char text[TT_ACTION_TEXT_MAX];
        tt_sbuf_printf(b, "Declaring %s", verb_names[s->decl.verb]);
        if (s->decl.verb == V_DEPLOY) {
            bra_token_name(c, s->decl.token, text, sizeof text);
            tt_sbuf_printf(b, " %s", text);
        }
        tt_sbuf_printf(b, "; the question now: %s\n", field_names[q]);
    }
    tt_sbuf_printf(b, "To decide: %s (%s)\n", c->f[bra_active_faction(c, s)].name,
                   q >= 0                                 ? field_names[q]
                   : s->f[bra_active_faction(c, s)].npend ? "keep"
                                                          : "main");
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
