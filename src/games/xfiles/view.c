/* X-Files views and texts: what one viewer may know (XF-2.16.3, 6), as JSON
 * and as a picture for the terminal; the action texts; the events in words.
 *
 * A player sees his own X-File, hand and face-down cards, the hand cards he
 * saw through LOOK_HAND (XF-6.8), and what he has deduced: for each opponent
 * the X-Files his notebook still allows (xf_xfile_possible, the same test
 * determinize uses, XF-6.10). Of the notebooks he sees the questions and
 * answers between the two seats concerned, or, with two players, all of
 * them; of the others who asked whom in which category and how many wrong
 * guesses (XF-6.7). Everything else is public (XF-6.6): Agents, sections,
 * Teams, damage, attached cards, Sites with the count and owners of the
 * cards under them, RESOURCE cards, the pools, the stack top to bottom, the
 * open checks and the Combat with their totals, and the window: who holds
 * priority and who has passed. The spectator sees the public part;
 * TT_VIEW_ALL everything. The picture is written from the same knowledge as
 * the JSON, which the leak test checks; not on the playout path. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/errors.h"
#include "core/pile.h"
#include "core/sbuf.h"
#include "games/xfiles/xfiles.h"
#include "tabletop/view.h"

static const char *const step_names[XF_NSTEPS] = {
    "XFILE", "FIRST", "B1", "B2", "B3", "B4", "B5", "H1", "H2", "H3", "H4", "R1", "R2",
    "D1",    "D2",    "C1", "C2", "C3", "I1", "I2", "I3", "I4", "I5", "X1", "X2", "X3"};

static const char *const seat_names[XF_MAX_PLAYERS] = {"p0", "p1", "p2", "p3"};

static int sees(const xf_content *c, int viewer, int p)
{
    return viewer == TT_VIEW_ALL || (viewer == p && p >= 0 && p < c->opt.nplayers);
}

/* "p0:A03#1" (XF-2.17.2) */
static int label_text(const xf_content *c, const xf_state *s, int p, int inst, char *buf, size_t n)
{
    return snprintf(buf, n, "p%d:%s#%d", p, xf_inst_def(c, p, inst)->id, xf_label(&s->pl[p], inst));
}

static json_t *pile_ids(const xf_content *c, const xf_player *pl, int p, int pile)
{
    json_t *a = json_array();
    int start = tt_piles_start(pl->n, pile);
    for (int k = 0; k < pl->n[pile]; k++)
        json_array_append_new(a, json_string(xf_inst_def(c, p, pl->cards[start + k])->id));
    return a;
}

/* --- action texts ---------------------------------------------------------------------- */

static const char *const section_words[XF_NSECTIONS] = {"BUREAU", "FIELD", "HOSPITAL"};

/* The label of instance inst of seat p, or "?" for a hidden card. */
static void label_or(const xf_content *c, const xf_state *s, int p, int inst, char *buf, size_t n)
{
    if (p < 0 || p >= c->opt.nplayers || inst >= c->deck[p].ncards || !xf_label(&s->pl[p], inst))
        snprintf(buf, n, "?");
    else
        label_text(c, s, p, inst, buf, n);
}

static void agent_label(const xf_content *c, const xf_state *s, int p, int slot, char *buf,
                        size_t n)
{
    if (slot >= XF_MAX_AGENTS || s->pl[p].agent[slot].inst == XF_NONE)
        snprintf(buf, n, "?");
    else
        label_or(c, s, p, s->pl[p].agent[slot].inst, buf, n);
}

static const char *def_id(const xf_content *c, int def)
{
    return def < c->ndefs ? c->def[def].id : "?";
}

static int fmt_done(int w, size_t n)
{
    return w >= 0 && w < (int)n ? TT_OK : TT_EARG;
}

/* --- what a viewer knows ------------------------------------------------------------- */

static int is_seat(const xf_content *c, int v)
{
    return v >= 0 && v < c->opt.nplayers;
}

/* XF-6.7: a's questions to b and their answers, and a's wrong guesses at b,
 * are seen by a and b, and with two players by everyone. */
static int sees_notebook(const xf_content *c, int viewer, int a, int b)
{
    return viewer == TT_VIEW_ALL || c->opt.nplayers == 2 || viewer == a || viewer == b;
}

static int sees_xfile(const xf_content *c, const xf_state *s, int viewer, int p)
{
    return s->pl[p].xfile != XF_NONE && (sees(c, viewer, p) || s->head.over);
}

static const char *xfile_id(const xf_content *c, int k)
{
    return c->def[c->catalogue[k]].id;
}

/* The label of the first Agent of p's team t in slot order: the Team's name
 * in commands (XF-2.17.4); "?" for none. */
static void team_label(const xf_content *c, const xf_state *s, int p, int t, char *buf, size_t n)
{
    for (int k = 0; k < XF_MAX_AGENTS; k++)
        if (s->pl[p].agent[k].inst != XF_NONE && s->pl[p].agent[k].team == t) {
            label_text(c, s, p, s->pl[p].agent[k].inst, buf, n);
            return;
        }
    snprintf(buf, n, "?");
}

/* Cards under Site slot of owner o from seat q's face-down pile, in their
 * placement order: the count (XF-6.5), each def into ids when given. */
static int under_site(const xf_content *c, const xf_state *s, int o, int slot, int q, int *ids)
{
    const xf_player *pl = &s->pl[q];
    int start = tt_piles_start(pl->n, Z_FACEDOWN), n = 0;
    for (int k = 0; k < pl->n[Z_FACEDOWN]; k++) {
        int inst = pl->cards[start + k];
        if (pl->aux[inst] != XF_SITE_REF(o, slot))
            continue;
        if (ids)
            ids[n] = c->deck[q].def[inst];
        n++;
    }
    return n;
}

/* The catalogue entries viewer v still holds possible for q's X-File, a
 * bit each; their count in *n. */
static uint64_t possible(const xf_content *c, const xf_state *s, int v, int q, int *n)
{
    uint64_t set = 0;
    *n = 0;
    for (int k = 0; k < c->ncatalogue; k++)
        if (xf_xfile_possible(c, s, v, q, k)) {
            set |= 1ull << k;
            (*n)++;
        }
    return set;
}

static const char *const check_kinds[] = {"Site check", "forced check", "LRC round", "CRC round"};

/* What window r is about: its step, a check, a reveal or the casualties. */
static void window_name(const xf_state *s, const tt_round *r, char *buf, size_t n)
{
    if (r->id >= XF_WINDOW_CHECK && r->id - XF_WINDOW_CHECK < s->nchecks)
        snprintf(buf, n, "the %s's window", check_kinds[s->check[r->id - XF_WINDOW_CHECK].kind]);
    else if (r->id == XF_WINDOW_REVEAL)
        snprintf(buf, n, "the window of a paid Bluff");
    else if (r->id == XF_WINDOW_CASUALTY)
        snprintf(buf, n, "the casualty window");
    else
        snprintf(buf, n, "the window of step %s", r->id < XF_NSTEPS ? step_names[r->id] : "?");
}

/* --- JSON ------------------------------------------------------------------------------ */

static json_t *label_json(const xf_content *c, const xf_state *s, int p, int inst)
{
    char buf[48];
    label_text(c, s, p, inst, buf, sizeof buf);
    return json_string(buf);
}

static json_t *agent_json(const xf_content *c, const xf_state *s, int p, int k)
{
    const xf_agent *a = &s->pl[p].agent[k];
    json_t *x = json_object();
    json_object_set_new(x, "agent", label_json(c, s, p, a->inst));
    json_object_set_new(x, "section", json_string(xf_section_name(a->section)));
    json_object_set_new(x, "damage", json_integer(a->damage));
    json_object_set_new(x, "health", json_integer(xf_perm_health(c, s, p, k)));
    if (a->team != XF_NONE)
        json_object_set_new(x, "team", json_integer(a->team));
    if (a->flags & AG_SET_ASIDE)
        json_object_set_new(x, "set_aside", json_true());
    json_t *att = json_array();
    for (int i = 0; i < a->nattached; i++)
        json_array_append_new(att, label_json(c, s, p, a->attached[i]));
    json_object_set_new(x, "attached", att);
    return x;
}

static json_t *site_json(const xf_content *c, const xf_state *s, int p, int slot, int viewer)
{
    const xf_site *x = &s->pl[p].site[slot];
    json_t *o = json_object();
    char buf[48];
    json_object_set_new(o, "site", label_json(c, s, p, x->inst));
    json_object_set_new(o, "directed", json_string(seat_names[x->directed]));
    if (x->team != XF_NONE) {
        team_label(c, s, p, x->team, buf, sizeof buf);
        json_object_set_new(o, "team", json_string(buf));
    }
    if (x->flags & SI_RESOLVED)
        json_object_set_new(o, "resolved", json_true());
    json_t *under = json_array();
    for (int q = 0; q < c->opt.nplayers; q++) {
        int ids[XF_MAX_CARDS], n = under_site(c, s, p, slot, q, ids);
        for (int k = 0; k < n; k++)
            json_array_append_new(
                under, json_string(sees(c, viewer, q) ? c->def[ids[k]].id : seat_names[q]));
    }
    json_object_set_new(o, "face_down", under);
    return o;
}

/* XF-6.8: the cards of p's hand the viewer saw, in instance order. */
static json_t *known_json(const xf_content *c, const xf_state *s, int p, int viewer)
{
    json_t *a = json_array();
    const uint64_t *known = s->pl[viewer].known[p];
    for (int i = 0; i < c->deck[p].ncards; i++)
        if ((known[i >> 6] >> (i & 63) & 1) && xf_zone(&s->pl[p], i) == Z_HAND)
            json_array_append_new(a, json_string(xf_inst_def(c, p, i)->id));
    return a;
}

/* ABDUCTION (XF-9.13.1): the face-up Agents in p's deck, by their place
 * from the top (1: the top card), a bit per place; the deck's top is n-1. */
static int face_up_at(const xf_state *s, int p, int k)
{
    const xf_player *pl = &s->pl[p];
    int i = pl->n[Z_DECK] - k;
    return i >= 0 && xf_label(pl, pl->cards[i]) ? pl->cards[i] : -1;
}

/* The powers of p's X-File the viewer may know of (XF-9.13.1): all four for
 * one who sees the X-File, else those revealed to him. */
static json_t *powers_json(const xf_content *c, const xf_state *s, int p, int viewer)
{
    json_t *a = json_array();
    int all = sees_xfile(c, s, viewer, p);
    uint8_t known = xf_reveals_known(s, viewer, p);
    for (int cat = 0; cat < XF_NCAT && s->pl[p].xfile != XF_NONE; cat++) {
        int id = xf_power_of(c, s, p, cat);
        if (!all && !(known >> cat & 1))
            continue;
        json_t *o = json_object();
        json_object_set_new(o, "value", json_string(xf_value_name(cat, id % XF_NVALUES)));
        json_object_set_new(o, "revealed", json_boolean(known >> cat & 1));
        json_object_set_new(o, "known_to_all", json_boolean(s->pl[p].pw.pub >> cat & 1));
        if (xf_power_token_count(id))
            json_object_set_new(o, "tokens", json_integer(xf_power_tokens(s, p, id)));
        json_object_set_new(o, "used_this_turn", json_boolean(s->pl[p].pw.used >> cat & 1));
        json_array_append_new(a, o);
    }
    return a;
}

static json_t *player_json(const xf_content *c, const xf_state *s, int p, int viewer)
{
    const xf_player *pl = &s->pl[p];
    json_t *o = json_object();
    json_object_set_new(o, "seat", json_string(seat_names[p]));
    json_object_set_new(o, "chosen", json_boolean(pl->xfile != XF_NONE));
    if (sees_xfile(c, s, viewer, p))
        json_object_set_new(o, "xfile", json_string(xfile_id(c, pl->xfile)));
    if (pl->flags & PL_CONCEDED)
        json_object_set_new(o, "conceded", json_true());
    if (!c->opt.basic) { /* XF-9.12.1 item 3: Basic mode has no pools */
        json_object_set_new(o, "rp", json_integer(pl->rp));
        json_object_set_new(o, "cp", json_integer(pl->cp));
    }
    json_object_set_new(o, "deck", json_integer(pl->n[Z_DECK]));
    if (c->opt.powers) {
        json_t *up = json_array();
        for (int k = 1; k <= pl->n[Z_DECK]; k++)
            if (face_up_at(s, p, k) >= 0) {
                json_t *e = json_object();
                json_object_set_new(e, "card", label_json(c, s, p, face_up_at(s, p, k)));
                json_object_set_new(e, "from_top", json_integer(k));
                json_array_append_new(up, e);
            }
        json_object_set_new(o, "deck_face_up", up);
        json_object_set_new(o, "powers", powers_json(c, s, p, viewer));
    }
    if (sees(c, viewer, p)) {
        json_object_set_new(o, "hand", pile_ids(c, pl, p, Z_HAND));
    } else {
        json_object_set_new(o, "hand", json_integer(pl->n[Z_HAND]));
        if (is_seat(c, viewer))
            json_object_set_new(o, "hand_known", known_json(c, s, p, viewer));
    }
    json_object_set_new(o, "face_down", json_integer(pl->n[Z_FACEDOWN]));
    json_t *discard = json_array();
    int start = tt_piles_start(pl->n, Z_DISCARD);
    for (int k = 0; k < pl->n[Z_DISCARD]; k++)
        json_array_append_new(discard, label_json(c, s, p, pl->cards[start + k]));
    json_object_set_new(o, "discard", discard);
    json_t *agents = json_array(), *sites = json_array(), *res = json_array();
    for (int k = 0; k < XF_MAX_AGENTS; k++)
        if (pl->agent[k].inst != XF_NONE)
            json_array_append_new(agents, agent_json(c, s, p, k));
    for (int k = 0; k < XF_MAX_SITES; k++)
        if (pl->site[k].inst != XF_NONE)
            json_array_append_new(sites, site_json(c, s, p, k, viewer));
    for (int i = 0; i < c->deck[p].ncards; i++)
        if (xf_zone(pl, i) == Z_RESOURCE) {
            json_t *r = json_object();
            json_object_set_new(r, "card", label_json(c, s, p, i));
            json_object_set_new(r, "used", json_integer(pl->aux[i]));
            json_object_set_new(r, "uses", json_integer(xf_inst_def(c, p, i)->uses));
            json_array_append_new(res, r);
        }
    json_object_set_new(o, "agents", agents);
    json_object_set_new(o, "sites", sites);
    json_object_set_new(o, "resources", res);
    return o;
}

/* One line of a notebook: a's questions to b, with answers where seen. */
static json_t *notebook_json(const xf_content *c, const xf_state *s, int a, int b, int viewer)
{
    const xf_player *pl = &s->pl[a];
    json_t *o = json_object(), *qs = json_array();
    json_object_set_new(o, "asker", json_string(seat_names[a]));
    json_object_set_new(o, "asked", json_string(seat_names[b]));
    int full = sees_notebook(c, viewer, a, b);
    for (int cat = 0; cat < XF_NCAT; cat++) {
        if (!full) {
            for (int i = 0; i < pl->nasked[b][cat]; i++)
                json_array_append_new(qs, json_string(xf_category_name(cat)));
            continue;
        }
        for (int v = 0; v < XF_NVALUES; v++) {
            int bit = cat * XF_NVALUES + v;
            if (!(pl->asked[b] >> bit & 1))
                continue;
            char text[80];
            snprintf(text, sizeof text, "%s %s %s", xf_category_name(cat), xf_value_name(cat, v),
                     pl->yes[b] >> bit & 1 ? "yes" : "no");
            json_array_append_new(qs, json_string(text));
        }
    }
    json_object_set_new(o, "questions", qs);
    json_t *wrong = json_array();
    for (int k = 0; full && k < c->ncatalogue; k++)
        if (pl->wrong[b] >> k & 1)
            json_array_append_new(wrong, json_string(xfile_id(c, k)));
    json_object_set_new(o, full ? "wrong" : "wrong_count",
                        full ? wrong : json_integer(pl->nwrong[b]));
    if (!full)
        json_decref(wrong);
    return o;
}

static int notebook_empty(const xf_state *s, int a, int b)
{
    int n = s->pl[a].nwrong[b];
    for (int cat = 0; cat < XF_NCAT; cat++)
        n += s->pl[a].nasked[b][cat];
    return n == 0;
}

static json_t *deduction_json(const xf_content *c, const xf_state *s, int viewer)
{
    json_t *o = json_object();
    for (int q = 0; q < c->opt.nplayers; q++) {
        if (q == viewer || s->pl[q].xfile == XF_NONE)
            continue;
        int n;
        uint64_t set = possible(c, s, viewer, q, &n);
        json_t *a = json_array();
        for (int k = 0; k < c->ncatalogue; k++)
            if (set >> k & 1)
                json_array_append_new(a, json_string(xfile_id(c, k)));
        json_object_set_new(o, seat_names[q], a);
    }
    return o;
}

static json_t *stack_json(const xf_content *c, const xf_state *s)
{
    json_t *a = json_array();
    char buf[48];
    for (int i = s->nstack - 1; i >= 0; i--) {
        const xf_stack_card *e = &s->stack[i];
        int p = xf_sc_seat(e), f = xf_sc_flags(e);
        json_t *o = json_object();
        json_object_set_new(o, "card", label_json(c, s, p, e->inst));
        if (!c->opt.basic) /* XF-9.12.1 item 3 */
            json_object_set_new(o, "paid_from", json_string(f & SC_FROM_CP ? "CP" : "RP"));
        if (xf_inst_def(c, p, e->inst)->nmodes > 1)
            json_object_set_new(o, "mode", json_integer(xf_sc_mode(e) + 1));
        if (e->tseat != XF_NONE && e->tinst == XF_NONE)
            json_object_set_new(o, "target", json_string(seat_names[e->tseat]));
        else if (e->tseat != XF_NONE) {
            label_or(c, s, e->tseat, e->tinst, buf, sizeof buf);
            json_object_set_new(o, "target", json_string(buf));
        }
        if (xf_inst_def(c, p, e->inst)->cost == XF_COST_X)
            json_object_set_new(o, "x", json_integer(e->x));
        if (f & SC_CONSPIRACY)
            json_object_set_new(o, "side", json_string("conspiracy"));
        if (f & SC_RESOLVING)
            json_object_set_new(o, "resolving", json_true());
        json_object_set_new(o, "window", json_integer(xf_sc_window(e)));
        json_array_append_new(a, o);
    }
    return a;
}

static json_t *window_json(const xf_state *s)
{
    const tt_round *r = &s->rounds[s->nrounds - 1];
    json_t *o = json_object(), *passed = json_array();
    char buf[64];
    window_name(s, r, buf, sizeof buf);
    json_object_set_new(o, "about", json_string(buf));
    json_object_set_new(o, "start", json_string(seat_names[r->start & 3]));
    if (!tt_round_closed(r))
        json_object_set_new(o, "priority", json_string(seat_names[r->at & 3]));
    for (int p = 0; p < r->nseats; p++)
        if (r->passed >> p & 1)
            json_array_append_new(passed, json_string(seat_names[p]));
    json_object_set_new(o, "passed", passed);
    return o;
}

static json_t *checks_json(const xf_content *c, const xf_state *s)
{
    json_t *a = json_array();
    for (int k = 0; k < s->nchecks; k++) {
        const xf_check *x = &s->check[k];
        json_t *o = json_object();
        json_object_set_new(o, "kind", json_string(check_kinds[x->kind]));
        if (x->kind == CK_SITE || x->kind == CK_FORCED) {
            json_object_set_new(o, "skill", json_string(xf_skill_name(x->skill)));
            json_object_set_new(o, "level", json_integer(xf_level(c, s, k)));
            json_object_set_new(o, "threshold", json_integer(xf_threshold(s, k)));
        }
        if (x->flags & CF_FOCUSED)
            json_object_set_new(o, "focused", json_true());
        json_array_append_new(a, o);
    }
    return a;
}

static json_t *combat_json(const xf_content *c, const xf_state *s)
{
    const xf_combat *x = &s->combat;
    json_t *o = json_object(), *side = json_array();
    json_object_set_new(o, "adversary", label_json(c, s, x->adv_seat, x->adv_inst));
    json_object_set_new(o, "damage", json_integer(x->adv_damage));
    json_object_set_new(o, "health",
                        json_integer(xf_inst_def(c, x->adv_seat, x->adv_inst)->health));
    json_object_set_new(o, "round", json_integer(x->round));
    int fighting = s->nchecks && s->check[s->nchecks - 1].kind >= CK_LRC;
    if (fighting)
        json_object_set_new(o, "adversary_deals", json_integer(xf_combat_out(c, s, -1)));
    unsigned set = xf_agent_side(c, s);
    int total = 0;
    for (int k = 0; k < XF_MAX_AGENTS; k++)
        if (set >> k & 1) {
            json_array_append_new(side,
                                  label_json(c, s, s->active, s->pl[s->active].agent[k].inst));
            total += fighting ? xf_combat_out(c, s, k) : 0;
        }
    json_object_set_new(o, "agents", side);
    json_t *ws = json_array();
    unsigned wset = xf_witness_side(s);
    for (int j = 0; j < s->njoined; j++)
        if (wset >> j & 1) {
            json_t *w = json_object();
            json_object_set_new(w, "card", label_json(c, s, s->joined[j].seat, s->joined[j].inst));
            json_object_set_new(w, "damage", json_integer(s->joined[j].damage));
            json_array_append_new(ws, w);
            total += fighting ? xf_combat_out(c, s, XF_MAX_AGENTS + j) : 0;
        }
    json_object_set_new(o, "witnesses", ws);
    if (fighting)
        json_object_set_new(o, "agents_deal", json_integer(total));
    return o;
}

/* XF-2.13.2: [{"card", "from", "to"}] in the order they resolved. */
static json_t *kwchanges_json(const xf_content *c, const xf_state *s)
{
    json_t *a = json_array();
    for (int i = 0; i < s->nkwc; i++) {
        const xf_kwchange *k = &s->kwc[i];
        json_t *o = json_object();
        json_object_set_new(o, "card", label_json(c, s, k->seat, k->inst));
        json_object_set_new(o, "from", json_string(c->word[k->from]));
        json_object_set_new(o, "to", json_string(c->word[k->to]));
        json_array_append_new(a, o);
    }
    return a;
}

char *xf_view_json(const tt_game *g, const void *st, int viewer)
{
    const xf_content *c = xf_content_of(g);
    const xf_state *s = st;
    json_t *o = json_object();
    json_object_set_new(o, "game", json_string("xfiles"));
    if (c->opt.basic)
        json_object_set_new(o, "mode", json_string("BASIC"));
    const char *who_views = viewer == TT_VIEW_ALL ? "all"
                            : is_seat(c, viewer)  ? seat_names[viewer]
                                                  : "spectator";
    json_object_set_new(o, "viewer", json_string(who_views));
    json_object_set_new(o, "turn", json_integer(s->head.turn));
    json_object_set_new(o, "step", json_string(step_names[s->step]));
    if (s->step > ST_FIRST) {
        json_object_set_new(o, "phase", json_string(xf_phase_name(s->phase)));
        json_object_set_new(o, "investigating", json_string(seat_names[s->active]));
    }
    int who = xf_to_move(g, st);
    if (who >= 0)
        json_object_set_new(o, "to_move", json_string(seat_names[who]));
    json_t *players = json_array();
    for (int p = 0; p < c->opt.nplayers; p++)
        json_array_append_new(players, player_json(c, s, p, viewer));
    json_object_set_new(o, "players", players);
    json_t *notebook = json_array();
    for (int a = 0; a < c->opt.nplayers; a++)
        for (int b = 0; b < c->opt.nplayers; b++)
            if (a != b && !notebook_empty(s, a, b))
                json_array_append_new(notebook, notebook_json(c, s, a, b, viewer));
    json_object_set_new(o, "notebook", notebook);
    if (is_seat(c, viewer))
        json_object_set_new(o, "possible", deduction_json(c, s, viewer));
    if (s->nrounds)
        json_object_set_new(o, "window", window_json(s));
    json_object_set_new(o, "stack", stack_json(c, s));
    if (s->nchecks)
        json_object_set_new(o, "checks", checks_json(c, s));
    if (s->combat.on)
        json_object_set_new(o, "combat", combat_json(c, s));
    if (s->nkwc)
        json_object_set_new(o, "keyword_changes", kwchanges_json(c, s));
    char *text = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(o);
    return text;
}

/* --- the picture ----------------------------------------------------------------------------- */

#define LINE_WIDTH 100  /* a brief line's columns, as a screen's default width */
#define DISCARD_BRIEF 3 /* the top cards of a discard pile a screen lists */

static const char *const step_texts[XF_NSTEPS] = {
    "each player chooses his X-File",
    "the coin-toss winner names who begins",
    "window",
    "free draw",
    "RP from the Agents",
    "buying with RP",
    "the opponents sell and buy",
    "healing flags cleared",
    "the Hospital heals",
    "HEAL_OTHER abilities",
    "window",
    "requisition and exchange of Equipment",
    "window",
    "moves, Agents played, Teams designated",
    "window",
    "Sites placed and directed",
    "the opponents place cards face down",
    "window",
    "Field Teams re-designated",
    "Teams assigned to Sites",
    "Sites resolved one by one",
    "unassigned Sites without face-down cards discarded",
    "window",
    "clean-up",
    "discards to the hand limit",
    "the turn ends"};

/* What a step does in Basic mode where that differs (XF-9.12.1), or NULL. */
static const char *basic_step_text(int step)
{
    switch (step) {
    case ST_B2: return "every player draws back to 10";
    case ST_H2: return "the Hospital heals fully";
    case ST_C1: return "one Site placed and directed";
    case ST_X2: return "up to 3 discards each, no hand limit";
    default: return NULL;
    }
}

static const char *step_text(const xf_content *c, int step)
{
    const char *t = c->opt.basic ? basic_step_text(step) : NULL;
    return t ? t : step_texts[step];
}

/* Brief lines are filled with parts: a part joins the line after sep where
 * it stays within LINE_WIDTH columns, else begins the next line indented
 * two. *line is where the current line began in b. */
static void fill_after(tt_sbuf *b, size_t *line, tt_sbuf *part, const char *sep)
{
    char *text = tt_sbuf_take(part);
    size_t used = b->n - *line, n = text ? strlen(text) : 0;
    if (n && used && used + strlen(sep) + n <= LINE_WIDTH) {
        tt_sbuf_printf(b, "%s", sep);
    } else if (n) {
        if (used)
            tt_sbuf_printf(b, "\n");
        *line = b->n;
        tt_sbuf_printf(b, "  ");
    }
    if (n)
        tt_sbuf_putn(b, text, n);
    free(text);
}

static void fill(tt_sbuf *b, size_t *line, tt_sbuf *part)
{
    fill_after(b, line, part, "; ");
}

static void end_fill(tt_sbuf *b, size_t *line)
{
    if (b->n > *line)
        tt_sbuf_printf(b, "\n");
    *line = b->n;
}

static void put_label(tt_sbuf *b, const xf_content *c, const xf_state *s, int p, int inst)
{
    char buf[48];
    label_text(c, s, p, inst, buf, sizeof buf);
    tt_sbuf_printf(b, "%s", buf);
}

/* "p0:A01#1 hp3/4 +p0:Q01#1": an Agent, its HEALTH left over its permanent
 * HEALTH (only this when undamaged), what it carries. */
static void put_agent(tt_sbuf *b, const xf_content *c, const xf_state *s, int p, int k)
{
    const xf_agent *a = &s->pl[p].agent[k];
    int health = xf_perm_health(c, s, p, k);
    put_label(b, c, s, p, a->inst);
    if (a->damage)
        tt_sbuf_printf(b, " hp%d/%d", health - a->damage, health);
    else
        tt_sbuf_printf(b, " hp%d", health);
    if (a->flags & AG_SET_ASIDE)
        tt_sbuf_printf(b, " (set aside)");
    for (int i = 0; i < a->nattached; i++) {
        tt_sbuf_printf(b, " +");
        put_label(b, c, s, p, a->attached[i]);
    }
}

/* A section's Agents, a Team in brackets ("FIELD [..., ...] [...]"); the
 * Hospital's in none (XF-2.16.5). Empty when no Agent is there. */
static void put_section(tt_sbuf *b, const xf_content *c, const xf_state *s, int p, int sec)
{
    const xf_player *pl = &s->pl[p];
    int done[XF_MAX_AGENTS] = {0}, any = 0;
    for (int k = 0; k < XF_MAX_AGENTS; k++) {
        const xf_agent *a = &pl->agent[k];
        if (a->inst == XF_NONE || a->section != sec || done[k])
            continue;
        if (any)
            tt_sbuf_printf(b, a->team == XF_NONE ? ", " : " ");
        else
            tt_sbuf_printf(b, "%s ", xf_section_name(sec));
        any = 1;
        if (a->team == XF_NONE) {
            put_agent(b, c, s, p, k);
            continue;
        }
        tt_sbuf_printf(b, "[");
        for (int j = k, first = 1; j < XF_MAX_AGENTS; j++)
            if (pl->agent[j].inst != XF_NONE && pl->agent[j].section == sec &&
                pl->agent[j].team == a->team) {
                tt_sbuf_printf(b, first ? "" : ", ");
                put_agent(b, c, s, p, j);
                first = 0;
                done[j] = 1;
            }
        tt_sbuf_printf(b, "]");
    }
}

/* "site p0:S02#1 -> p1, team p0:A03#1, under it: p1 W05 C01": the Site, its
 * Directed Player, its Team, the cards under it (ids for the viewer's own). */
static void put_site(tt_sbuf *b, const xf_content *c, const xf_state *s, int p, int slot,
                     int viewer)
{
    const xf_site *x = &s->pl[p].site[slot];
    char buf[48];
    tt_sbuf_printf(b, "site ");
    put_label(b, c, s, p, x->inst);
    tt_sbuf_printf(b, " -> p%d", x->directed);
    if (x->team != XF_NONE) {
        team_label(c, s, p, x->team, buf, sizeof buf);
        tt_sbuf_printf(b, ", team %s", buf);
    }
    if (p == s->active && slot == s->investigating)
        tt_sbuf_printf(b, ", under investigation");
    else if (x->flags & SI_RESOLVED)
        tt_sbuf_printf(b, ", resolved");
    for (int q = 0, first = 1; q < c->opt.nplayers; q++) {
        int ids[XF_MAX_CARDS], n = under_site(c, s, p, slot, q, ids);
        if (!n)
            continue;
        tt_sbuf_printf(b, first ? ", under it: p%d" : ", p%d", q);
        first = 0;
        if (!sees(c, viewer, q)) {
            tt_sbuf_printf(b, " %d card%s", n, n == 1 ? "" : "s");
            continue;
        }
        for (int k = 0; k < n; k++)
            tt_sbuf_printf(b, " %s", c->def[ids[k]].id);
    }
}

static void put_pile_top(tt_sbuf *b, const xf_content *c, const xf_state *s, int p, int brief)
{
    const xf_player *pl = &s->pl[p];
    int n = pl->n[Z_DISCARD], start = tt_piles_start(pl->n, Z_DISCARD);
    int shown = brief && n > DISCARD_BRIEF ? DISCARD_BRIEF : n;
    tt_sbuf_printf(b, "discard %d", n);
    if (shown)
        tt_sbuf_printf(b, shown < n ? ", top:" : ":");
    for (int k = 0; k < shown; k++) {
        tt_sbuf_printf(b, " ");
        put_label(b, c, s, p, pl->cards[start + n - 1 - k]);
    }
}

/* XF-9.13.1: "powers: CONTROL, THREATS 2 tokens (revealed), VIOLENCE
 * (hidden)" as far as the viewer knows them: a value known to all bare, one
 * revealed to some, or hidden (its owner's view), said so; then the face-up
 * Agents in the deck (ABDUCTION) with their place. */
static void put_powers(tt_sbuf *b, const xf_content *c, const xf_state *s, int p, int viewer)
{
    int all = sees_xfile(c, s, viewer, p);
    uint8_t known = xf_reveals_known(s, viewer, p);
    for (int cat = 0; cat < XF_NCAT && s->pl[p].xfile != XF_NONE; cat++) {
        int id = xf_power_of(c, s, p, cat), pub = s->pl[p].pw.pub >> cat & 1;
        int used = s->pl[p].pw.used >> cat & 1;
        if (!all && !(known >> cat & 1))
            continue;
        tt_sbuf_printf(b, "%s%s", b->n ? ", " : "powers: ", xf_value_name(cat, id % XF_NVALUES));
        if (xf_power_token_count(id))
            tt_sbuf_printf(b, " %d token%s", xf_power_tokens(s, p, id),
                           xf_power_tokens(s, p, id) == 1 ? "" : "s");
        const char *state = !(known >> cat & 1) ? "hidden" : pub ? NULL : "revealed";
        if (state || used)
            tt_sbuf_printf(b, " (%s%s%s)", state ? state : "", state && used ? ", " : "",
                           used ? "used this turn" : "");
    }
    for (int k = 1; k <= s->pl[p].n[Z_DECK]; k++)
        if (face_up_at(s, p, k) >= 0) {
            tt_sbuf_printf(b, "%sdeck, face up %d%s from the top: ", b->n ? "; " : "", k,
                           k == 1   ? "st"
                           : k == 2 ? "nd"
                           : k == 3 ? "rd"
                                    : "th");
            put_label(b, c, s, p, face_up_at(s, p, k));
        }
}

/* One player: his pools and piles on the first line, then his hand (or what
 * the viewer knows of it), Agents by section, Sites and RESOURCE cards. */
static void put_player(tt_sbuf *b, const xf_content *c, const xf_state *s, int p, int viewer,
                       int brief)
{
    const xf_player *pl = &s->pl[p];
    size_t line = b->n;
    tt_sbuf part = {0};
    tt_sbuf_printf(b, "p%d%s", p, viewer == p ? " (you)" : "");
    if (sees_xfile(c, s, viewer, p))
        tt_sbuf_printf(b, ", X-File %s", xfile_id(c, pl->xfile));
    else if (pl->xfile == XF_NONE)
        tt_sbuf_printf(b, ", choosing his X-File");
    if (pl->flags & PL_CONCEDED)
        tt_sbuf_printf(b, ", conceded");
    if (c->opt.basic) /* XF-9.12.1 item 3: no pools */
        tt_sbuf_printf(b, ": deck %d, hand %d", pl->n[Z_DECK], pl->n[Z_HAND]);
    else
        tt_sbuf_printf(b, ": RP %d, CP %d; deck %d, hand %d", pl->rp, pl->cp, pl->n[Z_DECK],
                       pl->n[Z_HAND]);
    if (pl->n[Z_FACEDOWN])
        tt_sbuf_printf(b, ", face down %d", pl->n[Z_FACEDOWN]);
    put_pile_top(&part, c, s, p, brief);
    fill(b, &line, &part);
    end_fill(b, &line);
    if (c->opt.powers) {
        put_powers(&part, c, s, p, viewer);
        fill(b, &line, &part);
        end_fill(b, &line);
    }
    if (sees(c, viewer, p) && pl->n[Z_HAND]) {
        int start = tt_piles_start(pl->n, Z_HAND);
        tt_sbuf_printf(&part, "hand:");
        for (int k = 0; k < pl->n[Z_HAND]; k++)
            tt_sbuf_printf(&part, " %s", xf_inst_def(c, p, pl->cards[start + k])->id);
        fill(b, &line, &part);
        end_fill(b, &line);
    } else if (is_seat(c, viewer) && !sees(c, viewer, p)) {
        const uint64_t *known = s->pl[viewer].known[p];
        for (int i = 0; i < c->deck[p].ncards; i++)
            if ((known[i >> 6] >> (i & 63) & 1) && xf_zone(pl, i) == Z_HAND)
                tt_sbuf_printf(&part, "%s %s",
                               part.n ? "" : "in his hand you saw:", xf_inst_def(c, p, i)->id);
        fill(b, &line, &part);
    }
    for (int sec = 0; sec < XF_NSECTIONS; sec++) {
        put_section(&part, c, s, p, sec);
        fill(b, &line, &part);
    }
    for (int k = 0; k < XF_MAX_SITES; k++)
        if (pl->site[k].inst != XF_NONE) {
            put_site(&part, c, s, p, k, viewer);
            fill(b, &line, &part);
        }
    for (int i = 0; i < c->deck[p].ncards; i++)
        if (xf_zone(pl, i) == Z_RESOURCE) {
            tt_sbuf_printf(&part, "%s", part.n ? " " : "resources ");
            put_label(&part, c, s, p, i);
            if (xf_inst_def(c, p, i)->uses) /* XF-2.14.2 */
                tt_sbuf_printf(&part, " used %d/%d", pl->aux[i], xf_inst_def(c, p, i)->uses);
        }
    fill(b, &line, &part);
    end_fill(b, &line);
}

/* a's questions to q: "MOTIVE CONTROL yes, ..." where the viewer sees them,
 * else the count per category (XF-6.7); then the wrong guesses. */
static void put_questions(tt_sbuf *b, const xf_content *c, const xf_state *s, int a, int q,
                          int viewer)
{
    const xf_player *pl = &s->pl[a];
    int full = sees_notebook(c, viewer, a, q), any = 0;
    for (int cat = 0; cat < XF_NCAT; cat++) {
        if (!full && pl->nasked[q][cat]) {
            tt_sbuf_printf(b, "%s%d %s", any++ ? ", " : " ", pl->nasked[q][cat],
                           xf_category_name(cat));
            continue;
        }
        for (int v = 0; full && v < XF_NVALUES; v++) {
            int bit = cat * XF_NVALUES + v;
            if (pl->asked[q] >> bit & 1)
                tt_sbuf_printf(b, "%s%s %s %s", any++ ? ", " : " ", xf_category_name(cat),
                               xf_value_name(cat, v), pl->yes[q] >> bit & 1 ? "yes" : "no");
        }
    }
    if (full && pl->wrong[q]) {
        tt_sbuf_printf(b, "%swrong", any ? ", " : " ");
        for (int k = 0; k < c->ncatalogue; k++)
            if (pl->wrong[q] >> k & 1)
                tt_sbuf_printf(b, " %s", xfile_id(c, k));
    } else if (!full && pl->nwrong[q]) {
        tt_sbuf_printf(b, "%s%d wrong guess%s", any ? ", " : " ", pl->nwrong[q],
                       pl->nwrong[q] == 1 ? "" : "es");
    }
}

static const char *seat_word(int p, int viewer)
{
    return p == viewer ? "you" : seat_names[p];
}

/* What the viewer has deduced of each opponent's X-File ("Deduced: p1 3 of
 * 16: XF04 XF05 XF14; ..."), then every question asked so far as far as he
 * may see it ("Asked: you>p1 MOTIVE SURVIVAL yes; p2>p1 1 RESULT"), each
 * filling lines. */
static void put_deduction(tt_sbuf *b, const xf_content *c, const xf_state *s, int viewer)
{
    size_t line = b->n;
    tt_sbuf part = {0};
    if (is_seat(c, viewer) && !s->head.over) {
        for (int q = 0, first = 1; q < c->opt.nplayers; q++) {
            if (q == viewer || s->pl[q].xfile == XF_NONE)
                continue;
            if (first)
                tt_sbuf_printf(b, "Deduced X-Files:");
            int n;
            uint64_t set = possible(c, s, viewer, q, &n);
            /* the shorter list: what is possible, or what is ruled out */
            int few = 2 * n <= c->ncatalogue;
            tt_sbuf_printf(&part, "%s %d of %d%s", seat_names[q], n, c->ncatalogue,
                           n == c->ncatalogue ? ""
                           : few              ? ":"
                                              : ", not");
            for (int k = 0; n < c->ncatalogue && k < c->ncatalogue; k++)
                if ((int)(set >> k & 1) == few)
                    tt_sbuf_printf(&part, " %s", xfile_id(c, k));
            fill_after(b, &line, &part, first ? " " : "; ");
            first = 0;
        }
        end_fill(b, &line);
    }
    int any = 0;
    for (int a = 0; a < c->opt.nplayers; a++)
        for (int q = 0; q < c->opt.nplayers; q++) {
            if (a == q || notebook_empty(s, a, q))
                continue;
            if (!any)
                tt_sbuf_printf(b, "Asked:");
            tt_sbuf_printf(&part, "%s>%s", seat_word(a, viewer), seat_word(q, viewer));
            put_questions(&part, c, s, a, q, viewer);
            fill_after(b, &line, &part, any++ ? "; " : " ");
        }
    end_fill(b, &line);
}

/* The open window, the stack top first, the checks and the Combat. */
static void put_table(tt_sbuf *b, const xf_content *c, const xf_state *s)
{
    char buf[64];
    if (s->nrounds) {
        const tt_round *r = &s->rounds[s->nrounds - 1];
        window_name(s, r, buf, sizeof buf);
        tt_sbuf_printf(b, "Window: %s, p%d first", buf, r->start);
        if (!tt_round_closed(r))
            tt_sbuf_printf(b, "; p%d holds priority", r->at);
        for (int p = 0, any = 0; p < r->nseats; p++)
            if (r->passed >> p & 1)
                tt_sbuf_printf(b, "%sp%d", any++ ? " " : "; passed: ", p);
        tt_sbuf_printf(b, "\n");
    }
    if (s->nstack)
        tt_sbuf_printf(b, "Stack, top first:\n");
    for (int i = s->nstack - 1; i >= 0; i--) {
        const xf_stack_card *e = &s->stack[i];
        int p = xf_sc_seat(e), f = xf_sc_flags(e);
        const xf_def *d = xf_inst_def(c, p, e->inst);
        tt_sbuf_printf(b, "  %d. ", s->nstack - i);
        put_label(b, c, s, p, e->inst);
        tt_sbuf_printf(b, " %s", d->name);
        if (!c->opt.basic) /* XF-9.12.1 item 3: nothing is paid */
            tt_sbuf_printf(b, ", paid from %s", f & SC_FROM_CP ? "CP" : "RP");
        if (d->nmodes > 1)
            tt_sbuf_printf(b, ", mode %d", xf_sc_mode(e) + 1);
        if (e->tseat != XF_NONE && e->tinst == XF_NONE)
            tt_sbuf_printf(b, ", target p%d", e->tseat);
        else if (e->tseat != XF_NONE) {
            label_or(c, s, e->tseat, e->tinst, buf, sizeof buf);
            tt_sbuf_printf(b, ", target %s", buf);
        }
        if (d->cost == XF_COST_X)
            tt_sbuf_printf(b, ", x %d", e->x);
        if (f & SC_CONSPIRACY)
            tt_sbuf_printf(b, ", side conspiracy");
        tt_sbuf_printf(b, "%s\n", f & SC_RESOLVING ? " (resolving)" : "");
    }
    for (int k = 0; k < s->nchecks; k++) {
        const xf_check *x = &s->check[k];
        if (x->kind >= CK_LRC)
            continue;
        tt_sbuf_printf(b, "%s%s of ", x->kind == CK_SITE ? "Site check" : "Forced check",
                       x->flags & CF_FOCUSED ? " (focused)" : "");
        put_label(b, c, s, s->active, s->pl[s->active].site[x->site].inst);
        tt_sbuf_printf(b, ": %s %d against threshold %d\n", xf_skill_name(x->skill),
                       xf_level(c, s, k), xf_threshold(s, k));
    }
    if (s->combat.on) {
        const xf_combat *x = &s->combat;
        int fighting = s->nchecks && s->check[s->nchecks - 1].kind >= CK_LRC;
        unsigned set = xf_agent_side(c, s);
        int total = 0;
        tt_sbuf_printf(b, "Combat, %s: ", x->round ? "CRC round" : "LRC round");
        put_label(b, c, s, x->adv_seat, x->adv_inst);
        tt_sbuf_printf(b, " %d/%d", x->adv_damage,
                       xf_inst_def(c, x->adv_seat, x->adv_inst)->health);
        if (fighting)
            tt_sbuf_printf(b, " deals %d", xf_combat_out(c, s, -1));
        tt_sbuf_printf(b, "; against it:");
        for (int k = 0; k < XF_MAX_AGENTS; k++)
            if (set >> k & 1) {
                tt_sbuf_printf(b, " ");
                put_label(b, c, s, s->active, s->pl[s->active].agent[k].inst);
                total += fighting ? xf_combat_out(c, s, k) : 0;
            }
        unsigned wset = xf_witness_side(s); /* XF-5.8.3 */
        for (int j = 0; j < s->njoined; j++)
            if (wset >> j & 1) {
                const xf_joined *w = &s->joined[j];
                tt_sbuf_printf(b, " ");
                put_label(b, c, s, w->seat, w->inst);
                tt_sbuf_printf(b, " %d/%d", w->damage, xf_inst_def(c, w->seat, w->inst)->health);
                total += fighting ? xf_combat_out(c, s, XF_MAX_AGENTS + j) : 0;
            }
        if (fighting)
            tt_sbuf_printf(b, ", dealing %d", total);
        tt_sbuf_printf(b, "\n");
    }
    if (s->nkwc) /* XF-2.13.2 */
        tt_sbuf_printf(b, "Keyword changes until X1:");
    for (int i = 0; i < s->nkwc; i++) {
        const xf_kwchange *k = &s->kwc[i];
        tt_sbuf_printf(b, "%s", i ? ", " : " ");
        put_label(b, c, s, k->seat, k->inst);
        tt_sbuf_printf(b, " %s -> %s", c->word[k->from], c->word[k->to]);
    }
    if (s->nkwc)
        tt_sbuf_printf(b, "\n");
}

static void put_heading(tt_sbuf *b, const xf_content *c, const xf_state *s)
{
    if (s->step <= ST_FIRST) {
        tt_sbuf_printf(b, "The X-Files, setup: %s.\n", step_texts[s->step]);
        return;
    }
    tt_sbuf_printf(b, "Turn %d of %d%s, p%d investigating: %s, step %s (%s).\n", s->head.turn,
                   c->opt.max_turns, c->opt.basic ? " (Basic mode)" : "", s->active,
                   xf_phase_name(s->phase), step_names[s->step], step_text(c, s->step));
}

static void put_status(tt_sbuf *b, const xf_content *c, const xf_state *s, int viewer, int brief)
{
    put_heading(b, c, s);
    for (int p = 0; p < c->opt.nplayers; p++)
        put_player(b, c, s, p, viewer, brief);
    put_deduction(b, c, s, viewer);
    put_table(b, c, s);
}

/* The catalogue (XF-2.3.2) with each X-File's values, for the one choosing. */
static void put_catalogue(tt_sbuf *b, const xf_content *c)
{
    tt_sbuf_printf(b, "  %-6s %-14s %-11s %-14s %s\n", "X-File", "AFFILIATION", "MOTIVE", "METHOD",
                   "RESULT");
    for (int k = 0; k < c->ncatalogue; k++) {
        const xf_def *x = &c->def[c->catalogue[k]];
        tt_sbuf_printf(b, "  %-6s %-14s %-11s %-14s %s\n", x->id,
                       xf_value_name(CAT_AFFILIATION, x->value[CAT_AFFILIATION]),
                       xf_value_name(CAT_MOTIVE, x->value[CAT_MOTIVE]),
                       xf_value_name(CAT_METHOD, x->value[CAT_METHOD]),
                       xf_value_name(CAT_RESULT, x->value[CAT_RESULT]));
    }
}

/* Who decides what now; for the one declaring a play, the declaration so
 * far (the others see the card once it is on the stack). */
static void put_decision(tt_sbuf *b, const tt_game *g, const xf_state *s, int viewer)
{
    const xf_content *c = xf_content_of(g);
    if (s->head.over)
        return;
    int who = xf_to_move(g, s);
    if (s->step == ST_XFILE && viewer == who)
        put_catalogue(b, c);
    if (s->decl.kind == A_PLAY && viewer == s->decl.seat)
        tt_sbuf_printf(b, "Declaring the play of %s (XF-5.10.2).\n",
                       xf_inst_def(c, viewer, s->decl.inst)->id);
    int window = s->nrounds && !s->decl.kind;
    const char *what = window && c->opt.powers  ? "play a card, announce, use a power, or pass"
                       : window                 ? "play a card or pass"
                       : s->decl.kind == A_PLAY ? "the next declaration"
                       : s->decl.kind == A_POWER
                           ? "the target of the power, and for IDEOLOGY its keyword change"
                       : s->decl.kind == A_HURT ? "the Agent INSANITY damages (XF-9.13.1)"
                       : s->decl.kind == A_ALLOCATE && c->opt.basic
                           ? "the Agent the Adversary sends to the Hospital (XF-9.12.1 item 7)"
                       : s->decl.kind == A_ALLOCATE ? "allocate the Adversary's damage"
                       : s->decl.kind == A_BLUFF    ? "pay or refuse a revealed Bluff"
                       : s->decl.kind == A_ASK && s->decl.x == 1
                           ? "the penalty: ask or guess the guesser's X-File, or noask (XF-8.4)"
                       : s->decl.kind == A_ASK      ? "a question (XF-8.2)"
                       : s->decl.kind == A_KEEP     ? "the Agents the Team keeps"
                       : s->decl.kind == A_DAMAGE   ? "the Agent damaged by the failed check"
                       : s->decl.kind == A_GUESS    ? "a guess, or noguess (XF-8.3)"
                       : s->decl.kind == A_DISCARD  ? "a discard"
                       : s->decl.kind == A_RESSPLIT ? "the split of RES"
                                                    : step_text(c, s->step);
    tt_sbuf_printf(b, "To decide: p%d (%s)\n", who, what);
}

char *xf_view_text(const tt_game *g, const void *st, int viewer)
{
    tt_sbuf b = {0};
    put_status(&b, xf_content_of(g), st, viewer, 0);
    put_decision(&b, g, st, viewer);
    return tt_sbuf_take(&b);
}

/* The parts a screen shows: no map; the status with the discard piles cut
 * to their tops; the decision. */
char *xf_view_part(const tt_game *g, const void *st, int viewer, int part)
{
    tt_sbuf b = {0};
    if (part == TT_TEXT_STATUS)
        put_status(&b, xf_content_of(g), st, viewer, 1);
    else if (part == TT_TEXT_DECISION)
        put_decision(&b, g, st, viewer);
    return tt_sbuf_take(&b);
}

int xf_format(const tt_game *g, const void *st, tt_action a, char *buf, size_t n)
{
    const xf_content *c = xf_content_of(g);
    const xf_state *s = st;
    int arg = XF_ARG(a), hi = arg >> 8, lo = arg & 0xFF, P = s->active;
    char l1[48], l2[48];
    switch (XF_OP(a)) {
    case A_XFILE:
        if (arg >= c->ncatalogue)
            return TT_EARG;
        return fmt_done(snprintf(buf, n, "xfile %s", c->def[c->catalogue[arg]].id), n);
    case A_FIRST: return fmt_done(snprintf(buf, n, "first p%d", arg), n);
    case A_PASS: return fmt_done(snprintf(buf, n, "pass"), n);
    case A_DONE: return fmt_done(snprintf(buf, n, "done"), n);
    case A_PLAY: return fmt_done(snprintf(buf, n, "play %s", def_id(c, arg)), n);
    case A_MODE: return fmt_done(snprintf(buf, n, "mode %d", arg + 1), n);
    case A_TARGET:
        if (lo == 0xFF)
            return fmt_done(snprintf(buf, n, "target p%d", hi), n);
        label_or(c, s, hi, lo, l1, sizeof l1);
        return fmt_done(snprintf(buf, n, "target %s", l1), n);
    case A_X: return fmt_done(snprintf(buf, n, "x %d", arg), n);
    case A_TO:
        return arg < XF_NSECTIONS ? fmt_done(snprintf(buf, n, "to %s", section_words[arg]), n)
                                  : TT_EARG;
    case A_CHANGE:
        if (hi >= c->nwords || lo >= c->nwords)
            return TT_EARG;
        return fmt_done(snprintf(buf, n, "change %s %s", c->word[hi], c->word[lo]), n);
    case A_SIDE: return fmt_done(snprintf(buf, n, "side %s", arg ? "conspiracy" : "agents"), n);
    case A_FREEDRAW: return fmt_done(snprintf(buf, n, "freedraw %s", arg ? "yes" : "no"), n);
    case A_RESSPLIT:
        agent_label(c, s, P, s->decl.inst, l1, sizeof l1);
        return fmt_done(snprintf(buf, n, "ressplit %s %d", l1, arg), n);
    case A_BUY: return fmt_done(snprintf(buf, n, "buy %d", arg), n);
    case A_SELL: return fmt_done(snprintf(buf, n, "sell %s", def_id(c, arg)), n);
    case A_DISCARD: return fmt_done(snprintf(buf, n, "discard %s", def_id(c, arg)), n);
    case A_HEALDECLINE:
        agent_label(c, s, P, arg, l1, sizeof l1);
        return fmt_done(snprintf(buf, n, "healdecline %s", l1), n);
    case A_ABILITY:
        agent_label(c, s, P, hi, l1, sizeof l1);
        agent_label(c, s, P, lo, l2, sizeof l2);
        return fmt_done(snprintf(buf, n, "ability %s %s", l1, l2), n);
    case A_REQUISITION:
        agent_label(c, s, P, lo, l1, sizeof l1);
        return fmt_done(snprintf(buf, n, "requisition %s %s", def_id(c, hi), l1), n);
    case A_EXCHANGE:
        label_or(c, s, P, hi, l1, sizeof l1);
        agent_label(c, s, P, lo, l2, sizeof l2);
        return fmt_done(snprintf(buf, n, "exchange %s %s", l1, l2), n);
    case A_MOVE:
        agent_label(c, s, P, hi, l1, sizeof l1);
        return lo < XF_NSECTIONS
                   ? fmt_done(snprintf(buf, n, "move %s %s", l1, section_words[lo]), n)
                   : TT_EARG;
    case A_PLAYAGENT:
        return lo < XF_NSECTIONS
                   ? fmt_done(snprintf(buf, n, "playagent %s %s", def_id(c, hi), section_words[lo]),
                              n)
                   : TT_EARG;
    case A_TEAM:
        agent_label(c, s, P, lo, l1, sizeof l1);
        return hi < XF_NSECTIONS
                   ? fmt_done(snprintf(buf, n, "team %s %s", section_words[hi], l1), n)
                   : TT_EARG;
    case A_SITE:
        if (c->opt.nplayers == 2)
            return fmt_done(snprintf(buf, n, "site %s", def_id(c, hi)), n);
        return fmt_done(snprintf(buf, n, "site %s p%d", def_id(c, hi), lo), n);
    case A_FACEDOWN:
        if (lo >= XF_MAX_SITES || s->pl[P].site[lo].inst == XF_NONE)
            snprintf(l1, sizeof l1, "?");
        else
            label_or(c, s, P, s->pl[P].site[lo].inst, l1, sizeof l1);
        return fmt_done(snprintf(buf, n, "facedown %s %s", def_id(c, hi), l1), n);
    case A_ASSIGN:
        if (hi >= XF_MAX_SITES || s->pl[P].site[hi].inst == XF_NONE)
            return TT_EARG;
        label_or(c, s, P, s->pl[P].site[hi].inst, l1, sizeof l1);
        agent_label(c, s, P, lo, l2, sizeof l2);
        return fmt_done(snprintf(buf, n, "assign %s %s", l1, l2), n);
    case A_RESOLVE:
        if (arg >= XF_MAX_SITES || s->pl[P].site[arg].inst == XF_NONE)
            return TT_EARG;
        label_or(c, s, P, s->pl[P].site[arg].inst, l1, sizeof l1);
        return fmt_done(snprintf(buf, n, "resolve %s", l1), n);
    case A_SKILL: {
        int slot = s->decl.kind == A_RESOLVE ? s->decl.inst : XF_NONE;
        if (slot == XF_NONE || arg > 1 || s->pl[P].site[slot].inst == XF_NONE)
            return TT_EARG;
        const xf_def *d = xf_inst_def(c, P, s->pl[P].site[slot].inst);
        return fmt_done(snprintf(buf, n, "skill %s", xf_skill_name(d->prereq[arg].skill)), n);
    }
    case A_FOCUS: return fmt_done(snprintf(buf, n, "focus %s", arg ? "yes" : "no"), n);
    case A_BLUFF:
        label_or(c, s, s->decl.seat < XF_MAX_PLAYERS ? s->decl.seat : 0, arg >> 1, l1, sizeof l1);
        return fmt_done(snprintf(buf, n, "bluff %s %s", l1, arg & 1 ? "pay" : "refuse"), n);
    case A_KEEP:
    case A_DAMAGE:
        agent_label(c, s, P, arg, l1, sizeof l1);
        return fmt_done(snprintf(buf, n, "%s %s", XF_OP(a) == A_KEEP ? "keep" : "damage", l1), n);
    case A_ASK:
        if (hi >= XF_NCAT || lo >= XF_NVALUES)
            return TT_EARG;
        return fmt_done(snprintf(buf, n, "ask %s %s", xf_category_name(hi), xf_value_name(hi, lo)),
                        n);
    case A_NOASK: return fmt_done(snprintf(buf, n, "noask"), n);
    case A_GUESS:
        if (arg >= c->ncatalogue)
            return TT_EARG;
        return fmt_done(snprintf(buf, n, "guess %s", c->def[c->catalogue[arg]].id), n);
    case A_NOGUESS: return fmt_done(snprintf(buf, n, "noguess"), n);
    case A_ALLOCATE:
        label_or(c, s, s->combat.adv_seat, s->combat.adv_inst, l1, sizeof l1);
        agent_label(c, s, P, hi, l2, sizeof l2);
        if (lo)
            return fmt_done(snprintf(buf, n, "allocate %s %s %d", l1, l2, lo), n);
        return fmt_done(snprintf(buf, n, "allocate %s %s", l1, l2), n);
    case A_ANNOUNCE:
        if (arg >= XF_NCAT * XF_NVALUES)
            return TT_EARG;
        return fmt_done(
            snprintf(buf, n, "announce %s", xf_value_name(arg / XF_NVALUES, arg % XF_NVALUES)), n);
    case A_POWER:
        if (hi >= XF_NCAT * XF_NVALUES || (hi == PW_VIOLENCE && lo >= c->ndefs))
            return TT_EARG;
        if (hi == PW_VIOLENCE)
            return fmt_done(snprintf(buf, n, "power VIOLENCE %s", def_id(c, lo)), n);
        return fmt_done(
            snprintf(buf, n, "power %s", xf_value_name(hi / XF_NVALUES, hi % XF_NVALUES)), n);
    case A_HURT:
        agent_label(c, s, s->decl.seat < XF_MAX_PLAYERS ? s->decl.seat : P, arg, l1, sizeof l1);
        return fmt_done(snprintf(buf, n, "hurt %s", l1), n);
    default: return TT_EARG;
    }
}

/* "p0:A03#1" → seat and instance of a public card; -1 when none. */
static int parse_label(const xf_content *c, const xf_state *s, const char *w, int *seat, int *inst)
{
    char id[32];
    int p, num;
    if (sscanf(w, "p%d:%31[^#]#%d", &p, id, &num) != 3 || p < 0 || p >= c->opt.nplayers)
        return -1;
    int def = xf_find_def(c, id);
    for (int i = 0; def >= 0 && i < c->deck[p].ncards; i++)
        if (c->deck[p].def[i] == def && xf_label(&s->pl[p], i) == num) {
            *seat = p;
            *inst = i;
            return 0;
        }
    return -1;
}

static int parse_seat(const xf_content *c, const char *w)
{
    if (w[0] == 'p' && w[1] >= '0' && w[1] < '0' + c->opt.nplayers && !w[2])
        return w[1] - '0';
    return -1;
}

static int parse_section(const char *w)
{
    for (int k = 0; k < XF_NSECTIONS; k++)
        if (strcasecmp(w, section_words[k]) == 0)
            return k;
    return -1;
}

/* An Agent of seat p by label: its slot, or -1. */
static int parse_agent(const xf_content *c, const xf_state *s, int p, const char *w)
{
    int seat, inst;
    if (parse_label(c, s, w, &seat, &inst) || seat != p)
        return -1;
    return xf_agent_slot(s, p, inst);
}

static int bad(tt_error *err, const char *text, const char *form)
{
    return tt_fail(err, TT_EPARSE, NULL, "'%s': expected %s", text, form);
}

static int parse_card(const xf_content *c, const char *w, const char *text, tt_error *err)
{
    int def = xf_find_def(c, w);
    if (def < 0)
        tt_fail(err, TT_EPARSE, NULL, "'%s': no card %s in the content", text, w);
    return def;
}

/* `announce`/`power` name a value (XF-9.13.1): its power id, or -1. */
static int parse_value(const char *w)
{
    for (int cat = 0; cat < XF_NCAT; cat++)
        for (int v = 0; v < XF_NVALUES; v++)
            if (!strcasecmp(w, xf_value_name(cat, v)))
                return cat * XF_NVALUES + v;
    return -1;
}

/* The X-File Powers' texts (XF-9.13.3): 1 when text was one of them. */
static int parse_power(const xf_content *c, const xf_state *s, const char *verb, const char *w1,
                       const char *w2, int n, tt_action *out, tt_error *err, int *rc)
{
    int id = n >= 2 ? parse_value(w1) : -1, def = 0;
    if (strcmp(verb, "hurt") == 0 && n == 2) {
        int seat = s->decl.kind == A_HURT ? s->decl.seat : -1;
        int k = seat >= 0 ? parse_agent(c, s, seat, w1) : -1;
        *rc = k < 0 ? TT_REFUSE("XF-9.13.1", NULL, "hurt names an Agent of the Witness's player")
                    : (*out = XF_ACTION(A_HURT, k), TT_OK);
        return 1;
    }
    if (strcmp(verb, "announce") != 0 && strcmp(verb, "power") != 0)
        return 0;
    if (id < 0 || n > (id == PW_VIOLENCE && verb[0] == 'p' ? 3 : 2)) {
        *rc = bad(err, verb, "announce <VALUE>, power <VALUE>, or power VIOLENCE <Adversary>");
        return 1;
    }
    if (verb[0] == 'a') {
        *rc = (*out = XF_ACTION(A_ANNOUNCE, id), TT_OK);
        return 1;
    }
    if (id == PW_VIOLENCE && (n != 3 || (def = parse_card(c, w2, verb, err)) < 0)) {
        *rc =
            n != 3 ? bad(err, verb, "power VIOLENCE <Adversary of your discard pile>") : TT_EPARSE;
        return 1;
    }
    *rc = (*out = XF_ACTION(A_POWER, id << 8 | def), TT_OK);
    return 1;
}

int xf_parse(const tt_game *g, const void *st, const char *text, tt_action *out, tt_error *err)
{
    const xf_content *c = xf_content_of(g);
    const xf_state *s = st;
    char verb[16], w1[64], w2[64], extra[2];
    int P = s->active;
    int n = sscanf(text, " %15s %63s %63s %1s", verb, w1, w2, extra);
    int seat, inst, v, k;
    if (n < 1)
        return bad(err, text, "an action");
    if (n == 1 && strcmp(verb, "pass") == 0)
        return *out = XF_ACTION(A_PASS, 0), TT_OK;
    if (n == 1 && strcmp(verb, "done") == 0)
        return *out = XF_ACTION(A_DONE, 0), TT_OK;
    if (strcmp(verb, "xfile") == 0 && n == 2) {
        if ((k = xf_find_xfile(c, w1)) < 0)
            return TT_REFUSE("XF-2.3.2", NULL, "%s is not in the catalogue of X-Files", w1);
        return *out = XF_ACTION(A_XFILE, k), TT_OK;
    }
    if (strcmp(verb, "first") == 0 && n == 2) {
        if ((seat = parse_seat(c, w1)) < 0)
            return tt_fail(err, TT_EPARSE, NULL, "first names a seat, p0 to p%d",
                           c->opt.nplayers - 1);
        return *out = XF_ACTION(A_FIRST, seat), TT_OK;
    }
    struct {
        const char *verb;
        int op;
    } const by_card[] = {{"play", A_PLAY}, {"sell", A_SELL}, {"discard", A_DISCARD}};
    for (size_t i = 0; i < sizeof by_card / sizeof by_card[0]; i++)
        if (strcmp(verb, by_card[i].verb) == 0) {
            if (n != 2)
                return bad(err, text, "one card id");
            if ((k = parse_card(c, w1, text, err)) < 0)
                return TT_EPARSE;
            return *out = XF_ACTION(by_card[i].op, k), TT_OK;
        }
    if (strcmp(verb, "mode") == 0 && n == 2 && sscanf(w1, "%d", &v) == 1 && v >= 1 && v <= 4)
        return *out = XF_ACTION(A_MODE, v - 1), TT_OK;
    if (strcmp(verb, "target") == 0 && n == 2) {
        if ((seat = parse_seat(c, w1)) >= 0)
            return *out = XF_ACTION(A_TARGET, seat << 8 | 0xFF), TT_OK;
        if (parse_label(c, s, w1, &seat, &inst))
            return bad(err, text, "a seat or the label of a card in play");
        return *out = XF_ACTION(A_TARGET, seat << 8 | inst), TT_OK;
    }
    if (strcmp(verb, "x") == 0 && n == 2 && sscanf(w1, "%d", &v) == 1 && v >= 0 && v <= 20)
        return *out = XF_ACTION(A_X, v), TT_OK;
    if (strcmp(verb, "to") == 0 && n == 2 && (v = parse_section(w1)) >= 0)
        return *out = XF_ACTION(A_TO, v), TT_OK;
    if (strcmp(verb, "change") == 0 && n == 3) {
        int from = xf_find_word(c, w1), to = xf_find_word(c, w2);
        if (from < 0 || to < 0)
            return bad(err, text, "change <keyword> <keyword>");
        return *out = XF_ACTION(A_CHANGE, from << 8 | to), TT_OK;
    }
    if (strcmp(verb, "side") == 0 && n == 2 &&
        (strcmp(w1, "agents") == 0 || strcmp(w1, "conspiracy") == 0))
        return *out = XF_ACTION(A_SIDE, w1[0] == 'c'), TT_OK;
    if (strcmp(verb, "freedraw") == 0 && n == 2 &&
        (strcmp(w1, "yes") == 0 || strcmp(w1, "no") == 0))
        return *out = XF_ACTION(A_FREEDRAW, w1[0] == 'y'), TT_OK;
    if (strcmp(verb, "buy") == 0 && n == 2 && sscanf(w1, "%d", &v) == 1 && v >= 0 && v < 1000)
        return *out = XF_ACTION(A_BUY, v), TT_OK;
    if (strcmp(verb, "ressplit") == 0 && n == 3 && sscanf(w2, "%d", &v) == 1 && v >= 0 && v < 100) {
        if (s->decl.kind != A_RESSPLIT || parse_agent(c, s, P, w1) != s->decl.inst)
            return TT_REFUSE("XF-5.1.3", NULL, "%s is not the Agent whose RES is split now", w1);
        return *out = XF_ACTION(A_RESSPLIT, v), TT_OK;
    }
    if (strcmp(verb, "healdecline") == 0 && n == 2) {
        if ((k = parse_agent(c, s, P, w1)) < 0)
            return bad(err, text, "the label of one of your Agents");
        return *out = XF_ACTION(A_HEALDECLINE, k), TT_OK;
    }
    if (strcmp(verb, "ability") == 0 && n == 3) {
        int a = parse_agent(c, s, P, w1), b = parse_agent(c, s, P, w2);
        if (a < 0 || b < 0)
            return bad(err, text, "ability <agent> <agent>");
        return *out = XF_ACTION(A_ABILITY, a << 8 | b), TT_OK;
    }
    if (strcmp(verb, "requisition") == 0 && n == 3) {
        if ((k = parse_card(c, w1, text, err)) < 0)
            return TT_EPARSE;
        if ((v = parse_agent(c, s, P, w2)) < 0)
            return bad(err, text, "requisition <card> <agent>");
        return *out = XF_ACTION(A_REQUISITION, k << 8 | v), TT_OK;
    }
    if (strcmp(verb, "exchange") == 0 && n == 3) {
        if (parse_label(c, s, w1, &seat, &inst) || seat != P || (v = parse_agent(c, s, P, w2)) < 0)
            return bad(err, text, "exchange <equipment> <agent>");
        return *out = XF_ACTION(A_EXCHANGE, inst << 8 | v), TT_OK;
    }
    if (strcmp(verb, "move") == 0 && n == 3) {
        if ((k = parse_agent(c, s, P, w1)) < 0 || (v = parse_section(w2)) < 0)
            return bad(err, text, "move <agent> BUREAU|FIELD|HOSPITAL");
        return *out = XF_ACTION(A_MOVE, k << 8 | v), TT_OK;
    }
    if (strcmp(verb, "playagent") == 0 && n == 3) {
        if ((k = parse_card(c, w1, text, err)) < 0)
            return TT_EPARSE;
        if ((v = parse_section(w2)) < 0)
            return bad(err, text, "playagent <card> BUREAU|FIELD");
        return *out = XF_ACTION(A_PLAYAGENT, k << 8 | v), TT_OK;
    }
    if (strcmp(verb, "team") == 0 && n == 3) {
        if ((v = parse_section(w1)) < 0 || (k = parse_agent(c, s, P, w2)) < 0)
            return bad(err, text, "team <section> <agent>");
        return *out = XF_ACTION(A_TEAM, v << 8 | k), TT_OK;
    }
    if (strcmp(verb, "site") == 0 && (n == 2 || n == 3)) {
        if ((k = parse_card(c, w1, text, err)) < 0)
            return TT_EPARSE;
        seat = n == 3 ? parse_seat(c, w2) : c->opt.nplayers == 2 ? 1 - P : -1;
        if (seat < 0)
            return bad(err, text, "site <card> <seat> (the Directed Player)");
        return *out = XF_ACTION(A_SITE, k << 8 | seat), TT_OK;
    }
    if (strcmp(verb, "facedown") == 0 && n == 3) {
        if ((k = parse_card(c, w1, text, err)) < 0)
            return TT_EPARSE;
        if (parse_label(c, s, w2, &seat, &inst) || seat != P || xf_zone(&s->pl[P], inst) != Z_SITE)
            return bad(err, text, "facedown <card> <site of the Investigating Player>");
        return *out = XF_ACTION(A_FACEDOWN, k << 8 | s->pl[P].aux[inst]), TT_OK;
    }
    if (parse_power(c, s, verb, w1, w2, n, out, err, &k))
        return k;
    if (n == 1 && strcmp(verb, "noask") == 0)
        return *out = XF_ACTION(A_NOASK, 0), TT_OK;
    if (n == 1 && strcmp(verb, "noguess") == 0)
        return *out = XF_ACTION(A_NOGUESS, 0), TT_OK;
    if (strcmp(verb, "guess") == 0 && n == 2) {
        if ((k = xf_find_xfile(c, w1)) < 0)
            return TT_REFUSE("XF-2.3.2", NULL, "%s is not in the catalogue of X-Files", w1);
        return *out = XF_ACTION(A_GUESS, k), TT_OK;
    }
    if (strcmp(verb, "ask") == 0 && n == 3) {
        for (int cat = 0; cat < XF_NCAT; cat++)
            for (v = 0; v < XF_NVALUES; v++)
                if (!strcasecmp(w1, xf_category_name(cat)) &&
                    !strcasecmp(w2, xf_value_name(cat, v)))
                    return *out = XF_ACTION(A_ASK, cat << 8 | v), TT_OK;
        return bad(err, text, "ask <category> <value>");
    }
    if ((strcmp(verb, "assign") == 0 && n == 3) || (strcmp(verb, "resolve") == 0 && n == 2)) {
        if (parse_label(c, s, w1, &seat, &inst) || seat != P || xf_zone(&s->pl[P], inst) != Z_SITE)
            return bad(err, text, "the label of one of the Investigating Player's Sites");
        k = s->pl[P].aux[inst];
        if (n == 2)
            return *out = XF_ACTION(A_RESOLVE, k), TT_OK;
        if ((v = parse_agent(c, s, P, w2)) < 0)
            return bad(err, text, "assign <site> <agent of the Team>");
        return *out = XF_ACTION(A_ASSIGN, k << 8 | v), TT_OK;
    }
    if (strcmp(verb, "skill") == 0 && n == 2) {
        if (s->decl.kind != A_RESOLVE || s->pl[P].site[s->decl.inst].inst == XF_NONE)
            return TT_REFUSE("XF-5.6.4", NULL, "no Site waits for its skill");
        const xf_def *d = xf_inst_def(c, P, s->pl[P].site[s->decl.inst].inst);
        for (k = 0; k < d->nprereq; k++)
            if (!strcasecmp(w1, xf_skill_name(d->prereq[k].skill)))
                return *out = XF_ACTION(A_SKILL, k), TT_OK;
        return TT_REFUSE("XF-2.5.2", NULL, "%s is not a prerequisite of %s", w1, d->id);
    }
    if (strcmp(verb, "focus") == 0 && n == 2 && (!strcmp(w1, "yes") || !strcmp(w1, "no")))
        return *out = XF_ACTION(A_FOCUS, w1[0] == 'y'), TT_OK;
    if (strcmp(verb, "bluff") == 0 && n == 3 && (!strcmp(w2, "pay") || !strcmp(w2, "refuse"))) {
        if (parse_label(c, s, w1, &seat, &inst))
            return bad(err, text, "bluff <revealed card> pay|refuse");
        return *out = XF_ACTION(A_BLUFF, inst << 1 | (w2[0] == 'p')), TT_OK;
    }
    if (strcmp(verb, "allocate") == 0 && (n == 3 || n == 4)) {
        int pts = 0;
        char w3[16] = "";
        sscanf(text, " %*s %*s %*s %15s", w3);
        if (parse_label(c, s, w1, &seat, &inst) || (k = parse_agent(c, s, P, w2)) < 0 ||
            (n == 4 && (sscanf(w3, "%d", &pts) != 1 || pts < 1 || pts > 255)))
            return bad(err, text, "allocate <adversary> <agent> [points]");
        return *out = XF_ACTION(A_ALLOCATE, k << 8 | pts), TT_OK;
    }
    if ((strcmp(verb, "keep") == 0 || strcmp(verb, "damage") == 0) && n == 2) {
        if ((k = parse_agent(c, s, P, w1)) < 0)
            return bad(err, text, "one of the Investigating Player's Agents");
        return *out = XF_ACTION(verb[0] == 'k' ? A_KEEP : A_DAMAGE, k), TT_OK;
    }
    return tt_fail(err, TT_EPARSE, NULL, "'%s' is not an X-Files action (help lists them)", text);
}

/* The events in words, with card ids: an event is told after the state has
 * moved on, so a label may no longer hold. What a viewer may not see of an
 * event (a drawn card, a face-down card, an answer or a guess's X-File with
 * 3 or more players, XF-6.7) is left out; steps, passes and Team numbers are
 * not told (the view says where the turn is, who passed and the Teams). Returns the length, 0 for an
 * event with nothing to say. */
static const char *ev_id(const xf_content *c, int p, int inst)
{
    return p >= 0 && p < c->opt.nplayers && inst < c->deck[p].ncards ? xf_inst_def(c, p, inst)->id
                                                                     : "?";
}

static const char *const end_texts[] = {"",
                                        "an X-File was named",
                                        "a penalty guess named an X-File",
                                        "a single guess was wrong",
                                        "a player conceded",
                                        "the last turn ended"};

static int event_words(const xf_content *c, const tt_event *ev, int hidden, char *buf, size_t n)
{
    int a = ev->a, b = ev->b, x = ev->c, d = ev->d;
    switch (ev->type) {
    case EV_XFILE:
        return hidden ? snprintf(buf, n, "p%d chooses an X-File", a)
                      : snprintf(buf, n, "p%d chooses X-File %s", a, xfile_id(c, b));
    case EV_SHUFFLE: return snprintf(buf, n, "p%d shuffles his Bureau Deck (%d cards)", a, b);
    case EV_DRAW:
        return hidden ? snprintf(buf, n, "p%d draws a card", a)
                      : snprintf(buf, n, "p%d draws %s", a, ev_id(c, a, b));
    case EV_POOLS: return snprintf(buf, n, "p%d: RP %d, CP %d", a, b, x);
    case EV_COIN: return snprintf(buf, n, "the coin picks p%d, who names the first player", a);
    case EV_FIRST: return snprintf(buf, n, "p%d takes the first turn", a);
    case EV_TURN: return snprintf(buf, n, "== turn %d: p%d investigates ==", a, b);
    case EV_PLAY:
        if (c->opt.basic) /* XF-9.12.1 item 3: nothing is paid */
            return snprintf(buf, n, "p%d plays %s", a, ev_id(c, a, b));
        return snprintf(buf, n, "p%d plays %s, paying %d", a, ev_id(c, a, b), d);
    case EV_RESOLVE:
        return snprintf(buf, n, "p%d's %s resolves%s", a, ev_id(c, a, b),
                        x ? "" : " without effect");
    case EV_NEGATE: return snprintf(buf, n, "p%d's %s is negated", a, ev_id(c, a, b));
    case EV_RESHUFFLE:
        return snprintf(buf, n, "p%d shuffles his discard pile (%d cards) into his deck", a, b);
    case EV_NODRAW: return snprintf(buf, n, "p%d has no card left to draw", a);
    case EV_FREEDRAW: return snprintf(buf, n, "p%d %s the free draw", a, b ? "takes" : "declines");
    case EV_RES:
        return snprintf(buf, n, "p%d's Agents make %d RP (%d dedicated, %d to CP)", a, b, x, d);
    case EV_BUY: return snprintf(buf, n, "p%d buys %d card%s", a, b, b == 1 ? "" : "s");
    case EV_SELL: return snprintf(buf, n, "p%d sells %s for %d CP", a, ev_id(c, a, b), x);
    case EV_HEAL: return snprintf(buf, n, "p%d's %s heals %d", a, ev_id(c, a, b), x);
    case EV_DAMAGE: return snprintf(buf, n, "p%d's %s takes %d damage", a, ev_id(c, a, b), x);
    case EV_HOSPITAL: return snprintf(buf, n, "p%d's %s goes to the Hospital", a, ev_id(c, a, b));
    case EV_EQUIP: return snprintf(buf, n, "p%d gives %s to %s", a, ev_id(c, a, b), ev_id(c, a, x));
    case EV_MOVE:
        return snprintf(buf, n, "p%d moves %s to the %s", a, ev_id(c, a, b), xf_section_name(x));
    case EV_AGENT:
        return snprintf(buf, n, "p%d plays Agent %s into the %s", a, ev_id(c, a, b),
                        xf_section_name(x));
    case EV_SITE:
        return snprintf(buf, n, "p%d places Site %s, directed at p%d", a, ev_id(c, a, b), x);
    case EV_FACEDOWN:
        return hidden ? snprintf(buf, n, "p%d places a card face down under a Site of p%d", a, x)
                      : snprintf(buf, n, "p%d places %s face down under a Site of p%d", a,
                                 ev_id(c, a, b), x);
    case EV_DISCARD: return snprintf(buf, n, "p%d discards %s", a, ev_id(c, a, b));
    case EV_GAIN:
        return snprintf(buf, n, "p%d %s %d %s", a, x < 0 ? "loses" : "gains", x < 0 ? -x : x,
                        xf_pool_name(b));
    case EV_LOOK: return snprintf(buf, n, "p%d looks at p%d's hand", a, b);
    case EV_CONCEDE: return snprintf(buf, n, "p%d concedes", a);
    case EV_END:
        if (b < 0)
            return snprintf(buf, n, "the game ends drawn: %s", end_texts[a < 6 ? a : 0]);
        return snprintf(buf, n, "p%d wins: %s", b, end_texts[a < 6 ? a : 0]);
    case EV_ASSIGN: return snprintf(buf, n, "p%d assigns a Team to Site %s", a, ev_id(c, a, b));
    case EV_CHECK:
        return snprintf(buf, n, "%s check%s: level %d against threshold %d", xf_skill_name(a),
                        d ? " (nested)" : "", x, b);
    case EV_RESULT:
        return snprintf(buf, n, "the check %s: %d against %d", a ? "succeeds" : "fails", b, x);
    case EV_REVEAL:
        return snprintf(buf, n, "p%d's %s under a Site of p%d is turned face up", a, ev_id(c, a, b),
                        x);
    case EV_REFUSE: return snprintf(buf, n, "p%d does not pay for his Bluff %s", a, ev_id(c, a, b));
    case EV_SETASIDE: return snprintf(buf, n, "p%d's %s is set aside", a, ev_id(c, a, b));
    case EV_ASK:
        if (hidden)
            return snprintf(buf, n, "p%d asks p%d about his %s", a, b, xf_category_name(x >> 8));
        return snprintf(buf, n, "p%d asks p%d: %s %s? %s", a, b, xf_category_name(x >> 8),
                        xf_value_name(x >> 8, x & 0xFF), d ? "yes" : "no");
    case EV_GUESS:
        if (hidden)
            return snprintf(buf, n, "p%d guesses p%d's X-File: %s", a, b, d ? "right" : "wrong");
        return snprintf(buf, n, "p%d guesses p%d's X-File is %s: %s", a, b, xfile_id(c, x),
                        d ? "right" : "wrong");
    case EV_NOASK: return snprintf(buf, n, "p%d asks nothing", a);
    case EV_COMBAT:
        return snprintf(buf, n, "Combat with p%d's %s: %s round", a, ev_id(c, a, b),
                        x ? "CRC" : "LRC");
    case EV_HIT: return snprintf(buf, n, "p%d's %s takes %d in the Combat", a, ev_id(c, a, b), x);
    case EV_COMBAT_END:
        return snprintf(buf, n, "the Combat with p%d's %s ends%s", a, ev_id(c, a, b),
                        x ? ": it is killed" : "");
    case EV_ANNOUNCE:
        return snprintf(buf, n, "p%d announces his %s: %s", a, xf_category_name(b),
                        xf_value_name(b, x));
    case EV_POWER:
        if (x < 0)
            return snprintf(buf, n, "p%d uses %s", a,
                            xf_value_name(b / XF_NVALUES, b % XF_NVALUES));
        if (d < 0)
            return snprintf(buf, n, "p%d's %s strikes p%d", a,
                            xf_value_name(b / XF_NVALUES, b % XF_NVALUES), x);
        return snprintf(buf, n, "p%d uses %s on p%d's %s", a,
                        xf_value_name(b / XF_NVALUES, b % XF_NVALUES), x, ev_id(c, x, d));
    case EV_ABDUCT:
        return x ? snprintf(buf, n, "p%d's %s is abducted: face up, 11th from the top of his deck",
                            a, ev_id(c, a, b))
                 : snprintf(buf, n, "p%d's abducted %s returns to the Hospital", a, ev_id(c, a, b));
    default: return 0; /* EV_STEP, EV_PASS, EV_TEAM (the view shows the Teams) */
    }
}

int xf_event_text(const tt_game *g, const tt_event *ev, int viewer, char *buf, size_t n)
{
    int w = event_words(xf_content_of(g), ev, !tt_seen_by(ev->seen, viewer), buf, n);
    if (w < 0 && n)
        buf[0] = 0;
    return w < 0 ? 0 : w >= (int)n ? (int)n - 1 : w;
}
