/* Invaders text: the canonical text of every action and its parser, the
 * narration of events, and names (docs/games/invaders.md lists the forms).
 *
 * Hand cards are named by card id, cards in play by instance id (INV-2.13),
 * zones by their content id. Parsing is case-insensitive for verbs and zones
 * and accepts the rules file's spellings (PLOT_ACTION DRAW, OPS_CENTRE,
 * REACT_STRATEGY), so examples can be typed as written. Not on the playout path. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/errors.h"
#include "core/verbs.h"
#include "games/invaders/invaders.h"

static const char *const deck_prefix[] = {"inv", "man", "hero"};
static const char *const reduce_names[] = {"none", "discard", "drain"};
/* clang-format off */
const char *const inv_reasons[] = {
    "NONE", "PLOT_ZERO", "INVADER_DECK_OUT", "MANKIND_DECK_OUT", "HEROES_EXHAUSTED",
    "ZONES_COLLAPSED", "CARD_WIN", "SIMULTANEOUS", "CONCEDED", "ABORTED"};
/* clang-format on */

/* The reasons in words, for the end of a game (INV-8.2 lists them). */
const char *const inv_reason_texts[] = {
    [R_NONE] = NULL,
    [R_PLOT_ZERO] = "the plot marker reached 0 (INV-2.7, INV-8.2)",
    [R_INVADER_DECK_OUT] = "the Invader had to draw or drain from an empty deck (INV-8.2)",
    [R_MANKIND_DECK_OUT] = "Mankind had to draw or drain from an empty deck (INV-8.2)",
    [R_HEROES_EXHAUSTED] = "Mankind's hero left play with the hero deck empty (INV-5.22, INV-8.2)",
    [R_ZONES_COLLAPSED] =
        "the zones' power collapsed as the content's collapse rule says (INV-8.2)",
    [R_CARD_WIN] = "a card reached the counters it wins at (INV-8.2)",
    [R_SIMULTANEOUS] = "both sides met a condition at once, and Mankind prevails (INV-8.3)",
    [R_CONCEDED] = "the other side conceded (INV-8.2)",
    [R_ABORTED] = "the engine's safety cap of 1000 turns was reached (INV-8.5)",
};

int inv_player_title(const tt_game *g, int player, char *buf, size_t n)
{
    (void)g;
    snprintf(buf, n, "%s", player == INV_INVADER ? "the Invader" : "Mankind");
    return 0;
}

const char *inv_reason_name(int reason)
{
    return reason >= 0 && reason <= R_ABORTED ? inv_reasons[reason] : "NONE";
}

const char *inv_side_name(int side)
{
    return side == INV_INVADER ? "invader" : side == INV_MANKIND ? "mankind" : "none";
}

int inv_inst_name(const inv_content *c, int inst, char *buf, size_t n)
{
    return snprintf(buf, n, "%s:%s#%d", deck_prefix[c->inst_deck[inst]], inv_def(c, inst)->id,
                    c->inst_copy[inst]);
}

/* --- format ------------------------------------------------------------------------ */

/* The word for a zone answer: where a hero goes, where a unit moves, or a zone. */
static const char *zone_verb(const inv_content *c, const inv_state *s)
{
    const tt_frame *f = tt_stack_peek(&s->stack);
    if (f && f->kind == F_PLACE_HERO)
        return "place";
    if (f && f->kind == F_DECLARE && f->a == 0) {
        int need = inv_next_choice(c, (inv_state *)s, 0, NULL, NULL);
        if (need == N_DEST || (need == N_ZONE && s->decl.kind != ACT_PLAY))
            return "dest";
    }
    return "zone";
}

int inv_format(const tt_game *g, const void *st, tt_action a, char *buf, size_t n)
{
    const inv_content *c = inv_content_of(g);
    int op = INV_OP(a), arg = INV_ARG(a);
    char inst[64] = "";
    if (arg < c->ninst)
        inv_inst_name(c, arg, inst, sizeof inst);
    const char *card = arg < c->ncards ? c->card[arg].id : "?";
    switch (op) {
    case A_PASS: snprintf(buf, n, "pass"); break;
    case A_PLAY: snprintf(buf, n, "play %s", card); break;
    case A_USE: snprintf(buf, n, "use %s", inst); break;
    case A_STRATEGY:
        snprintf(buf, n, "strategy %s", arg < c->nstrats ? c->strat[arg].id : "?");
        break;
    case A_PLOT_DRAW: snprintf(buf, n, "plot draw"); break;
    case A_OPS: snprintf(buf, n, "ops %s", inst); break;
    case A_MOVE_HERO: snprintf(buf, n, "move_hero"); break;
    case A_REDUCE: snprintf(buf, n, "reduce %s", arg < 3 ? reduce_names[arg] : "?"); break;
    case A_ZONE:
        snprintf(buf, n, "%s %s", zone_verb(c, st), arg < INV_NZ ? c->zone_id[arg] : "?");
        break;
    case A_SACRIFICE: snprintf(buf, n, "sacrifice %s", inst); break;
    case A_TARGET: snprintf(buf, n, "target %s", inst); break;
    case A_DISCARD: snprintf(buf, n, "discard %s", card); break;
    case A_CANCEL: snprintf(buf, n, "cancel %s", card); break;
    case A_DECLINE: snprintf(buf, n, "decline"); break;
    case A_SHIELD: snprintf(buf, n, "shield %d", arg); break;
    case A_FROM: snprintf(buf, n, "from %s", inst); break;
    case A_TRIGGER: snprintf(buf, n, "trigger %s", inst); break;
    default: snprintf(buf, n, "?"); return TT_EARG;
    }
    return TT_OK;
}

/* --- parse --------------------------------------------------------------------------- */

static int find_card(const inv_content *c, const char *id)
{
    for (int i = 0; i < c->ncards; i++)
        if (strcmp(c->card[i].id, id) == 0)
            return i;
    return -1;
}

static int find_inst(const inv_content *c, const char *text)
{
    char prefix[8], id[48];
    int copy, end = 0;
    if (sscanf(text, "%7[a-z]:%47[a-z0-9_]#%d%n", prefix, id, &copy, &end) != 3 || text[end])
        return -1; /* INV-2.13: the whole text names the instance, nothing after it */
    for (int i = 0; i < c->ninst; i++)
        if (c->inst_copy[i] == copy && strcmp(deck_prefix[c->inst_deck[i]], prefix) == 0 &&
            strcmp(inv_def(c, i)->id, id) == 0) {
            char canon[64]; /* exact: "#01" and "# 1" are not "#1" */
            inv_inst_name(c, i, canon, sizeof canon);
            return strcmp(canon, text) == 0 ? i : -1;
        }
    return -1;
}

static int find_zone(const inv_content *c, const char *text)
{
    for (int z = 0; z < INV_NZ; z++)
        if (strcasecmp(c->zone_id[z], text) == 0)
            return z;
    return -1;
}

static int find_strategy(const inv_content *c, const char *text)
{
    for (int i = 0; i < c->nstrats; i++)
        if (strcmp(c->strat[i].id, text) == 0)
            return i;
    return -1;
}

/* Argument kinds: 'c' card, 'u' unit, 's' strategy, 'z' zone, 'd' "draw",
 * 'r' reduction, 'k' count; a verb without one takes no argument. */
#define V0(name, op)                                                                               \
    {                                                                                              \
        name, op, 0, 0, 0                                                                          \
    }
#define V1(name, op, kind)                                                                         \
    {                                                                                              \
        name, op, 1, 1, kind                                                                       \
    }
static const tt_verb verbs[] = {V0("pass", A_PASS),
                                V1("play", A_PLAY, 'c'),
                                V1("use", A_USE, 'u'),
                                V1("strategy", A_STRATEGY, 's'),
                                V1("react_strategy", A_STRATEGY, 's'),
                                V1("plot", A_PLOT_DRAW, 'd'),
                                V1("plot_action", A_PLOT_DRAW, 'd'),
                                V1("ops", A_OPS, 'u'),
                                V1("ops_centre", A_OPS, 'u'),
                                V0("move_hero", A_MOVE_HERO),
                                V1("reduce", A_REDUCE, 'r'),
                                V1("zone", A_ZONE, 'z'),
                                V1("dest", A_ZONE, 'z'),
                                V1("place", A_ZONE, 'z'),
                                V1("sacrifice", A_SACRIFICE, 'u'),
                                V1("target", A_TARGET, 'u'),
                                V1("discard", A_DISCARD, 'c'),
                                V1("cancel", A_CANCEL, 'c'),
                                V0("decline", A_DECLINE),
                                V1("shield", A_SHIELD, 'k'),
                                V1("from", A_FROM, 'u'),
                                V1("trigger", A_TRIGGER, 'u'),
                                {NULL, 0, 0, 0, 0}};

static int parse_arg(const inv_content *c, const tt_verb *v, const char *arg, tt_error *err)
{
    int x = -1;
    switch (v->kind) {
    case 'c': x = find_card(c, arg); break;
    case 'u': x = find_inst(c, arg); break;
    case 's': x = find_strategy(c, arg); break;
    case 'z': x = find_zone(c, arg); break;
    case 'd': x = strcasecmp(arg, "draw") == 0 ? 0 : -1; break;
    case 'r':
        for (int i = 0; i < 3; i++)
            if (strcasecmp(arg, reduce_names[i]) == 0)
                x = i;
        break;
    case 'k': {
        char *end;
        long k = strtol(arg, &end, 10);
        x = *arg && !*end && k >= 0 && k <= 99 ? (int)k : -1;
        break;
    }
    }
    if (x < 0) {
        static const char *const what[] = {"card id",     "unit (like man:militia_cadre#1)",
                                           "strategy id", "zone",
                                           "'draw'",      "reduction",
                                           "number"};
        const char *kinds = "cuszdrk";
        return tt_fail(err, TT_EPARSE, NULL, "'%s' is not a %s", arg,
                       what[strchr(kinds, v->kind) - kinds]);
    }
    return x;
}

int inv_parse(const tt_game *g, const void *st, const char *text, tt_action *out, tt_error *err)
{
    (void)st;
    const inv_content *c = inv_content_of(g);
    tt_words w;
    const tt_verb *v;
    if (tt_words_split(text, &w, err) || tt_verb_find(verbs, &w, &v, err))
        return TT_EPARSE;
    int x = v->kind ? parse_arg(c, v, w.w[1], err) : 0;
    if (x < 0)
        return TT_EPARSE;
    *out = INV_ACTION(v->op, x);
    return TT_OK;
}
