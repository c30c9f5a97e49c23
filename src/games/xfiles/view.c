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

int xf_format(const tt_game *g, const void *st, tt_action a, char *buf, size_t n)
{
    (void)st;
    const xf_content *c = xf_content_of(g);
    int arg = XF_ARG(a);
    if (XF_OP(a) == A_XFILE && arg < c->ncatalogue)
        return snprintf(buf, n, "xfile %s", c->def[c->catalogue[arg]].id) < (int)n ? TT_OK
                                                                                   : TT_EARG;
    if (XF_OP(a) == A_FIRST && arg < XF_MAX_PLAYERS)
        return snprintf(buf, n, "first p%d", arg) < (int)n ? TT_OK : TT_EARG;
    return TT_EARG;
}

int xf_parse(const tt_game *g, const void *st, const char *text, tt_action *out, tt_error *err)
{
    (void)st;
    const xf_content *c = xf_content_of(g);
    char verb[16], word[64], extra[2];
    int n = sscanf(text, " %15s %63s %1s", verb, word, extra);
    if (n == 2 && strcmp(verb, "xfile") == 0) {
        int k = xf_find_xfile(c, word);
        if (k < 0)
            return TT_REFUSE("XF-2.3.2", NULL, "%s is not in the catalogue of X-Files", word);
        *out = XF_ACTION(A_XFILE, k);
        return TT_OK;
    }
    if (n == 2 && strcmp(verb, "first") == 0) {
        if (word[0] == 'p' && word[1] >= '0' && word[1] < '0' + c->opt.nplayers && !word[2]) {
            *out = XF_ACTION(A_FIRST, word[1] - '0');
            return TT_OK;
        }
        return tt_fail(err, TT_EPARSE, NULL, "first names a seat, p0 to p%d", c->opt.nplayers - 1);
    }
    return tt_fail(err, TT_EPARSE, NULL,
                   "'%s': only setup's actions exist yet (xfile <id>, first <seat>)", text);
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
