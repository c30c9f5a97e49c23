/* Braunau: the rules module's descriptor, its loading and its figures for
 * designers (see braunau.h).
 *
 * Loading reads the content (the embedded sample, or content=FILE), then one
 * deck per playing faction (germans=, austrians=, locals=), validated as
 * BRA-3.10 and 3.11 require, and sizes the flat state. Everything else is
 * reached through bra_rules. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/errors.h"
#include "core/json.h"
#include "games/braunau/braunau.h"

#define DECK_PARAM(faction)                                                                        \
    {                                                                                              \
        faction, TT_PARAM_TEXT, "standardized, unless another faction names a deck",               \
            "standardized, random, none, a sample deck's name or a deck file",                     \
            "the faction's deck (BRA-3.1); none: the faction sits out (BRA-3.11)"                  \
    }

static const tt_param_spec params[] = {
    {"content", TT_PARAM_FILE, "the sample set", "a content file (docs/content/braunau.md)",
     "agents, areas and items (BRA-2)"},
    DECK_PARAM("germans"),
    DECK_PARAM("austrians"),
    DECK_PARAM("locals"),
    {NULL, 0, NULL, NULL, NULL},
};

/* Two and three players with every kind of deck (BRA-3.6 – 3.8). */
static const tt_config configs[] = {
    {"3p_standardized", ""},
    {"2p_standardized", "germans=standardized austrians=standardized"},
    {"2p_random", "austrians=random locals=random"},
    {"3p_random", "germans=random austrians=random locals=random"},
    {"3p_customized", "germans=germans_intrigue austrians=random locals=locals_anna"},
    {"2p_customized", "germans=germans_intrigue locals=locals_anna"},
    {NULL, NULL},
};

static const char *const reasons[] = {"", "SCORED", "CONCEDED"};
static const char *const reason_texts[] = {
    NULL, "the last round was played and scored (BRA-5.5, BRA-9.1 to 9.3)", "a faction conceded"};

static int bra_load(tt_game *g, const tt_params *p, tt_error *err)
{
    bra_content *c = bra_content_new(tt_params_get(p, "content"), err);
    if (!c)
        return err ? err->code : TT_ECONTENT;
    int any = 0; /* a deck is given: the factions without one sit out */
    for (int f = 0; f < BRA_NF; f++) {
        const char *v = tt_params_get(p, bra_faction_player(f));
        any |= v && strcmp(v, "none") != 0;
    }
    int rc = TT_OK;
    for (int f = 0; f < BRA_NF && rc == TT_OK; f++) {
        const char *v = tt_params_get(p, bra_faction_player(f));
        if (!v)
            v = any ? "none" : "standardized"; /* see braunau.h: the default game */
        c->faction_seat[f] = BRA_NONE;
        if (strcmp(v, "none") == 0)
            continue;
        rc = bra_load_deck(c, f, v, &c->deck[f], err);
        c->seat_faction[c->nseats] = (uint8_t)f;
        c->faction_seat[f] = (uint8_t)c->nseats++;
    }
    if (rc == TT_OK && (c->nseats < 2 || c->nseats > 3)) /* BRA-3.11 */
        rc = tt_fail(err, TT_EARG, "BRA-3.11",
                     "E_PLAYER_COUNT: %d deck%s; a game takes 2 or 3 (factions without a deck "
                     "parameter sit out once any is given)",
                     c->nseats, c->nseats == 1 ? "" : "s");
    if (rc) {
        free(c);
        return rc;
    }
    for (int i = 0; i < c->nseats; i++) { /* BRA-2.9: base agents and declared characters */
        int f = c->seat_faction[i];
        for (int k = 0; k < c->f[f].nagents; k++)
            if (!c->a[c->f[f].agent[k]].extended || (c->deck[f].extended >> k & 1))
                c->roster[f] |= (uint8_t)(1u << k);
    }
    snprintf(g->hash, sizeof g->hash, "%016llx", tt_fnv64(c, bra_derived_from));
    g->content = c;
    g->nplayers = c->nseats;
    g->state_size = sizeof(bra_state);
    g->max_actions = BRA_MAX_ACTIONS;
    return TT_OK;
}

static void bra_unload(tt_game *g)
{
    free(g->content);
    g->content = NULL;
}

static void bra_init(const tt_game *g, void *st, uint64_t seed)
{
    bra_setup(g, st, seed);
}

static const char *bra_player_name(const tt_game *g, int player)
{
    const bra_content *c = bra_content_of(g);
    return bra_faction_player(c->seat_faction[player]);
}

/* "the Germans": factions are peoples, named in the plural. */
static int bra_player_title(const tt_game *g, int player, char *buf, size_t n)
{
    const bra_content *c = bra_content_of(g);
    snprintf(buf, n, "the %s", c->f[c->seat_faction[player]].name);
    return 1;
}

/* --- figures for designers (tt_stats) ---------------------------------------------------- */

/* Appends the figure "a|b|c" = v when there is room; returns the count. */
static int stat(tt_stat *out, int n, int max, double v, const char *a, const char *b, const char *c)
{
    if (n < max) {
        snprintf(out[n].name, sizeof out[n].name, "%s|%s|%s", a, b, c);
        out[n].value = v;
    }
    return n + 1;
}

static int bra_stats(const tt_game *g, const void *st, tt_stat *out, int max)
{
    const bra_content *c = bra_content_of(g);
    const bra_state *s = st;
    static const char *const cols[] = {"drawn", "retained", "discarded", "deployed"};
    static const char *const parts[] = {"rallies", "arrests",  "bribes",
                                        "areas",   "dossiers", "total"};
    int n = 0;
    for (int i = 0; i < c->nseats; i++) { /* tokens per type, for each faction */
        int f = c->seat_faction[i];
        const bra_fstate *fs = &s->f[f];
        uint8_t discarded[T_NTYPES] = {0}, deployed[T_NTYPES] = {0};
        for (int t = 0; t < BRA_MAX_DECK; t++) /* the pile a token stays in, BRA-6.3.2 */
            discarded[fs->tok[t] & 15] += (uint8_t)(fs->discard >> t & 1);
        for (int j = 0; j < fs->nplayed; j++) /* and BRA-6.4.4 */
            deployed[fs->tok[fs->played[j]] & 15]++;
        const uint8_t *v[] = {fs->drawn, fs->kept, discarded, deployed};
        char table[32];
        snprintf(table, sizeof table, "%s tokens", bra_faction_player(f));
        for (int t = 0; t < T_NTYPES; t++)
            if ((t != T_BR && t != T_FA) || t == c->f[f].records)
                for (int k = 0; k < 4; k++)
                    n = stat(out, n, max, v[k][t], table, bra_type_code_name(t), cols[k]);
    }
    for (int i = 0; i < c->nseats; i++) {
        const char *who = bra_faction_player(c->seat_faction[i]);
        const bra_fstate *fs = &s->f[c->seat_faction[i]];
        n = stat(out, n, max, fs->discards, "discards", who, "commands");
        n = stat(out, n, max, fs->forced, "discards", who, "forced by stash limit");
    }
    for (int i = 0; i < c->nseats; i++) { /* BRA-9.4: where the VP came from */
        const char *who = bra_faction_player(c->seat_faction[i]);
        const bra_fstate *fs = &s->f[c->seat_faction[i]];
        const double v[] = {fs->vp_rally, fs->vp_arrest,  fs->vp_bribe,
                            fs->vp_area,  fs->vp_dossier, fs->vp};
        for (int k = 0; k < 6; k++)
            n = stat(out, n, max, v[k], "VP", who, parts[k]);
    }
    for (int i = 0; i < c->nseats; i++) { /* BRA-9.3: what ranks equal VP */
        const char *who = bra_faction_player(c->seat_faction[i]);
        int f = c->seat_faction[i], support = 0;
        for (int x = 0; x < c->nareas; x++)
            support += s->sup[x][f];
        n = stat(out, n, max, support, "standing", who, "support");
        n = stat(out, n, max, s->f[f].gold, "standing", who, "gold");
    }
    return n < max ? n : max;
}

static const tt_rules_extra bra_extra = {
    .stats = bra_stats,
    .deck_new = bra_deck_new,
    .deck_list = bra_deck_list,
};

/* `help` at the prompt: the action forms of docs/games/braunau.md. */
static const char bra_play_help[] =
    "Braunau (docs/games/braunau.md): draw, keep [T,T], discard <token> ... done,\n"
    "deploy <token>, move <agent>, agitate <agent>, denounce <agent>,\n"
    "ability <agent>, use <item>, end; then what a command asks: agent, area, mode,\n"
    "host, target, outcome, item, faction, path. A whole command at once, in the\n"
    "rules' syntax or as key=value answers:\n"
    "  DEPLOY token=G01 agent=GER_BRANDT area=STADTPLATZ\n"
    "  MOVE agent=GER_WEISS path=STADTPLATZ,BAHNHOF\n"
    "  deploy G01 agent=GER_BRANDT area=STADTPLATZ\n"
    "Token kinds: DROP ABIL SPEC REFILL SUMMON CI POP GOLD BR FA; `info CI` says what\n"
    "one does (the screen says it too, until you have kept or deployed one of the kind).\n";

const tt_rules braunau_rules = {
    .name = "braunau",
    .summary = "Braunau: espionage in a border town, 2 or 3 factions, 52-token decks",
    .min_players = 2,
    .max_players = 3,
    .params = params,
    .configs = configs,
    .score_name = "VP",
    .turn_name = "round",
    .reasons = reasons,
    .reason_texts = reason_texts,
    .play_help = bra_play_help,
    .load = bra_load,
    .unload = bra_unload,
    .init = bra_init,
    .to_move = bra_to_move,
    .legal = bra_legal,
    .apply = bra_apply,
    .offturn_apply = bra_offturn_apply,
    .format = bra_format,
    .parse = bra_parse,
    .determinize = bra_determinize,
    .sanity = bra_sanity,
    .rig = bra_rig,
    .view_json = bra_view_json,
    .view_text = bra_view_text,
    .view_part = bra_view_part,
    .event_text = bra_event_text,
    .player_name = bra_player_name,
    .player_title = bra_player_title,
    .validate_file = bra_validate_file,
    .describe_id = bra_describe_id,
    .describe = bra_describe,
    .expand = bra_expand_text,
    .extra = &bra_extra,
};
