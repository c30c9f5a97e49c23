/* X-Files views and texts: what one viewer may know (XF-2.16.3, 6), as JSON
 * and as a few lines; the action texts of setup; the events in words.
 *
 * A player sees his own X-File and hand; of the others their pools, counts,
 * Agents and discard piles, and whether they have chosen; the spectator the
 * public part; TT_VIEW_ALL everything. Only what setup fills is shown so
 * far: the turn's zones join as the turn is written. */
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

static json_t *player_json(const xf_content *c, const xf_state *s, int p, int viewer)
{
    const xf_player *pl = &s->pl[p];
    json_t *o = json_object();
    char buf[48];
    json_object_set_new(o, "seat", json_string(seat_names[p]));
    json_object_set_new(o, "chosen", json_boolean(pl->xfile != XF_NONE));
    if (pl->xfile != XF_NONE && (sees(c, viewer, p) || s->head.over))
        json_object_set_new(o, "xfile", json_string(c->def[c->catalogue[pl->xfile]].id));
    json_object_set_new(o, "rp", json_integer(pl->rp));
    json_object_set_new(o, "cp", json_integer(pl->cp));
    json_object_set_new(o, "deck", json_integer(pl->n[Z_DECK]));
    if (sees(c, viewer, p))
        json_object_set_new(o, "hand", pile_ids(c, pl, p, Z_HAND));
    else
        json_object_set_new(o, "hand", json_integer(pl->n[Z_HAND]));
    json_t *discard = json_array();
    int start = tt_piles_start(pl->n, Z_DISCARD);
    for (int k = 0; k < pl->n[Z_DISCARD]; k++) {
        label_text(c, s, p, pl->cards[start + k], buf, sizeof buf);
        json_array_append_new(discard, json_string(buf));
    }
    json_object_set_new(o, "discard", discard);
    json_t *agents = json_array();
    for (int k = 0; k < XF_MAX_AGENTS; k++) {
        const xf_agent *a = &pl->agent[k];
        if (a->inst == XF_NONE)
            continue;
        json_t *x = json_object();
        label_text(c, s, p, a->inst, buf, sizeof buf);
        json_object_set_new(x, "agent", json_string(buf));
        json_object_set_new(x, "section", json_string(xf_section_name(a->section)));
        json_object_set_new(x, "damage", json_integer(a->damage));
        if (a->team != XF_NONE)
            json_object_set_new(x, "team", json_integer(a->team));
        json_array_append_new(agents, x);
    }
    json_object_set_new(o, "agents", agents);
    return o;
}

char *xf_view_json(const tt_game *g, const void *st, int viewer)
{
    const xf_content *c = xf_content_of(g);
    const xf_state *s = st;
    json_t *o = json_object();
    json_object_set_new(o, "game", json_string("xfiles"));
    const char *who_views = viewer == TT_VIEW_ALL                     ? "all"
                            : viewer >= 0 && viewer < c->opt.nplayers ? seat_names[viewer]
                                                                      : "spectator";
    json_object_set_new(o, "viewer", json_string(who_views));
    json_object_set_new(o, "turn", json_integer(s->head.turn));
    json_object_set_new(o, "step", json_string(step_names[s->step]));
    int who = xf_to_move(g, st);
    if (who >= 0)
        json_object_set_new(o, "to_move", json_string(seat_names[who]));
    json_t *players = json_array();
    for (int p = 0; p < c->opt.nplayers; p++)
        json_array_append_new(players, player_json(c, s, p, viewer));
    json_object_set_new(o, "players", players);
    char *text = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(o);
    return text;
}

char *xf_view_text(const tt_game *g, const void *st, int viewer)
{
    const xf_content *c = xf_content_of(g);
    const xf_state *s = st;
    tt_sbuf b = {0};
    tt_sbuf_printf(&b, "The X-Files: turn %d, step %s\n", s->head.turn, step_names[s->step]);
    for (int p = 0; p < c->opt.nplayers; p++) {
        const xf_player *pl = &s->pl[p];
        tt_sbuf_printf(&b, "p%d: RP %d, CP %d, deck %d, hand %d", p, pl->rp, pl->cp, pl->n[Z_DECK],
                       pl->n[Z_HAND]);
        if (pl->xfile != XF_NONE && (sees(c, viewer, p) || s->head.over))
            tt_sbuf_printf(&b, ", X-File %s", c->def[c->catalogue[pl->xfile]].id);
        else
            tt_sbuf_printf(&b, ", %s", pl->xfile == XF_NONE ? "choosing" : "X-File chosen");
        tt_sbuf_printf(&b, "\n");
    }
    if (s->step > ST_FIRST)
        tt_sbuf_printf(&b, "(the turn is not yet implemented)\n");
    return tt_sbuf_take(&b);
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

int xf_event_text(const tt_game *g, const tt_event *ev, int viewer, char *buf, size_t n)
{
    const xf_content *c = xf_content_of(g);
    int hidden = !tt_seen_by(ev->seen, viewer);
    switch (ev->type) {
    case EV_XFILE:
        if (hidden)
            return snprintf(buf, n, "p%d chooses an X-File", ev->a), TT_OK;
        return snprintf(buf, n, "p%d chooses X-File %s", ev->a, c->def[c->catalogue[ev->b]].id),
               TT_OK;
    case EV_SHUFFLE:
        return snprintf(buf, n, "p%d shuffles his Bureau Deck (%d cards)", ev->a, ev->b), TT_OK;
    case EV_DRAW:
        if (hidden)
            return snprintf(buf, n, "p%d draws a card", ev->a), TT_OK;
        return snprintf(buf, n, "p%d draws %s", ev->a, xf_inst_def(c, ev->a, ev->b)->id), TT_OK;
    case EV_POOLS: return snprintf(buf, n, "p%d: RP %d, CP %d", ev->a, ev->b, ev->c), TT_OK;
    case EV_COIN:
        return snprintf(buf, n, "the coin picks p%d, who names the first player", ev->a), TT_OK;
    case EV_FIRST: return snprintf(buf, n, "p%d takes the first turn", ev->a), TT_OK;
    case EV_TURN: return snprintf(buf, n, "turn %d: p%d investigates", ev->a, ev->b), TT_OK;
    default: return snprintf(buf, n, "event %d", ev->type), TT_OK;
    }
}
