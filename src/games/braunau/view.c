/* Braunau views: what one viewer may know (BRA-2.16, 7), as JSON (the
 * terminal picture, built from the same knowledge, is picture.c).
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    int own = bra_sees(c, viewer, f), in = bra_in_play(s, a);
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
    if (bra_sees(c, viewer, f)) {
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

int bra_question(const bra_content *c, const bra_state *s, int viewer)
{
    if (s->decl.verb != V_NONE && (viewer == s->active || viewer == TT_VIEW_ALL)) {
        bra_cmd m;
        bra_decl_cmd(s, &m);
        return bra_next_field(c, s, &m);
    }
    return -1;
}

const char *bra_verb_name(int verb)
{
    return verb >= 0 && verb < (int)(sizeof verb_names / sizeof verb_names[0]) ? verb_names[verb]
                                                                               : "?";
}

const char *bra_decision_kind(const bra_content *c, const bra_state *s, int viewer)
{
    int q = bra_question(c, s, viewer);
    return q >= 0 ? field_names[q] : s->f[bra_active_faction(c, s)].npend ? "keep" : "main";
}

static json_t *decision_json(const bra_content *c, const bra_state *s, int viewer)
{
    if (s->head.over)
        return json_null();
    int q = bra_question(c, s, viewer);
    json_t *o = json_pack("{s:s,s:s}", "player", bra_faction_player(bra_active_faction(c, s)),
                          "kind", bra_decision_kind(c, s, viewer));
    if (q >= 0) {
        json_object_set_new(o, "declaring", json_string(bra_verb_name(s->decl.verb)));
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
