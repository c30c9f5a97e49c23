/* Tannhäuser: the rules module's descriptor, parameters and loading (see
 * tannhauser.h).
 *
 * Loading reads the five content files (the embedded sample set of TAN-11
 * unless a parameter names a file), checks the parameters that both players
 * agree on before setup (TAN-2.9, 3.1 – 3.4), derives the board tables for
 * the mode, and sizes the flat state. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/errors.h"
#include "core/file.h"
#include "core/json.h"
#include "games/tannhauser/tannhauser.h"

static const tt_param_spec params[] = {
    {"mode", TT_PARAM_CHOICE, "deathmatch", "story|deathmatch|ctf|domination",
     "the game mode (TAN-3.1)"},
    {"difficulty", TT_PARAM_CHOICE, "normal", "easy|normal|hard",
     "equipment points and objective rules (TAN-3.2)"},
    {"max_turns", TT_PARAM_INT, "12", "0..1000", "the turn limit (TAN-8.4); 0: none"},
    {"factions", TT_PARAM_TEXT, "the teams file's first two", "A,B: two faction ids",
     "who plays which team (TAN-3.4)"},
    {"board", TT_PARAM_FILE, "the sample map", "a board file", "the map (TAN-2.3)"},
    {"equipment", TT_PARAM_FILE, "the sample set", "an equipment file", "equipment (TAN-2.6)"},
    {"teams", TT_PARAM_FILE, "the sample set", "a teams file", "characters and factions (TAN-2.5)"},
    {"crates", TT_PARAM_FILE, "the sample set", "a crates file", "crate tokens (TAN-2.7.1)"},
    {"objectives", TT_PARAM_FILE, "the sample set", "an objectives file",
     "objective tokens (TAN-2.7.2)"},
    {NULL, 0, NULL, NULL, NULL},
};

/* Every mode at every difficulty: the generic suite runs them all. */
static const tt_config configs[] = {
    {"default", ""},
    {"story_easy", "mode=story difficulty=easy"},
    {"story_normal", "mode=story difficulty=normal"},
    {"story_hard", "mode=story difficulty=hard"},
    {"deathmatch_easy", "mode=deathmatch difficulty=easy"},
    {"deathmatch_hard", "mode=deathmatch difficulty=hard"},
    {"ctf_easy", "mode=ctf difficulty=easy"},
    {"ctf_normal", "mode=ctf difficulty=normal"},
    {"ctf_hard", "mode=ctf difficulty=hard"},
    {"domination_easy", "mode=domination difficulty=easy"},
    {"domination_normal", "mode=domination difficulty=normal"},
    {"domination_hard", "mode=domination difficulty=hard"},
    {NULL, NULL},
};
static const char *const source_keys[SRC_COUNT] = {"board", "equipment", "teams", "crates",
                                                   "objectives"};
static const char *const mode_names[] = {"story", "deathmatch", "ctf", "domination", NULL};
static const char *const difficulty_names[] = {"easy", "normal", "hard", NULL};

static int pick(const char *const *names, const char *v)
{
    for (int i = 0; names[i]; i++)
        if (strcasecmp(names[i], v) == 0)
            return i;
    return -1;
}

/* Reads the files named by parameters; the others stay NULL (embedded). */
static int read_sources(const tt_params *p, tan_sources *src, char **owned, tt_error *err)
{
    memset(src, 0, sizeof *src);
    for (int k = 0; k < SRC_COUNT; k++) {
        const char *path = tt_params_get(p, source_keys[k]);
        if (!path)
            continue;
        int rc = tt_file_read(path, TT_FILE_MAX_CONTENT, &owned[k], &src->len[k], err);
        if (rc)
            return rc;
        src->text[k] = owned[k];
        src->file[k] = path;
    }
    return TT_OK;
}

static int load_content(tan_content *c, const tan_sources *src, tt_error *err)
{
    tt_diags *d = calloc(1, sizeof *d);
    if (!d)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    int rc = TT_OK;
    if (tan_content_load(c, src, d) != 0)
        rc = tt_diags_fail(d, err);
    free(d);
    return rc;
}

/* "COVENANT,LEGION": two different factions of the teams file (TAN-3.4). */
static int parse_factions(tan_content *c, const char *v, tt_error *err)
{
    if (!v) {
        if (c->nfactions < 2)
            return tt_fail(err, TT_ECONTENT, "TAN-3.4", "the teams file needs two factions");
        c->faction[0] = 0, c->faction[1] = 1;
        return TT_OK;
    }
    char a[64], b[64];
    if (sscanf(v, "%63[^,],%63s", a, b) != 2)
        return tt_fail(err, TT_EARG, NULL, "factions=A,B, not '%s'", v);
    const char *want[2] = {a, b};
    for (int p = 0; p < 2; p++) {
        int f = 0;
        while (f < c->nfactions && strcasecmp(c->fac[f].id, want[p]) != 0)
            f++;
        if (f == c->nfactions)
            return tt_fail(err, TT_EARG, NULL, "no faction '%s'", want[p]);
        c->faction[p] = (uint8_t)f;
    }
    if (c->faction[0] == c->faction[1])
        return tt_fail(err, TT_EARG, "TAN-3.4", "each player takes a different faction");
    return TT_OK;
}

/* TAN-3.3, 3.5: the board and rosters must allow this game. */
static int check_game(const tan_content *c, tt_error *err)
{
    int objectives = 0;
    for (int x = 0; x < c->ncircles; x++)
        objectives += c->circle[x].kind == CK_OBJECTIVE;
    if ((c->mode == MODE_CTF || c->mode == MODE_DOMINATION) && objectives < 4)
        return tt_fail(err, TT_ECONTENT, "TAN-3.3", "%s needs 4 objective circles, %s has %d",
                       mode_names[c->mode], c->board_name, objectives);
    for (int p = 0; p < 2; p++) {
        const tan_faction *f = &c->fac[c->faction[p]];
        int heroes = 0, troopers = 0;
        for (int k = 0; k < f->nroster; k++)
            c->chr[f->roster[k]].cls == CLASS_HERO ? heroes++ : troopers++;
        if (heroes < TAN_HEROES || troopers < TAN_TROOPERS)
            return tt_fail(err, TT_ECONTENT, "TAN-3.5",
                           "%s fields %d Heroes and %d Troopers; a team needs 3 and 2", f->name,
                           heroes, troopers);
    }
    return TT_OK;
}

static int parse_params(tan_content *c, const tt_params *p, tt_error *err)
{
    /* the core checked mode, difficulty and max_turns against params[] */
    const char *v = tt_params_get(p, "mode");
    int m = v ? pick(mode_names, v) : MODE_DEATHMATCH;
    v = tt_params_get(p, "difficulty");
    int d = v ? pick(difficulty_names, v) : DIFF_NORMAL;
    v = tt_params_get(p, "max_turns");
    long turns = v ? strtol(v, NULL, 10) : 12;
    c->mode = (uint8_t)m;
    c->difficulty = (uint8_t)d;
    c->max_turns = (uint16_t)turns;
    int rc = parse_factions(c, tt_params_get(p, "factions"), err);
    if (rc)
        return rc;
    for (int s = 0; s < 2; s++) {
        const char *id = c->fac[c->faction[s]].id;
        size_t k = 0;
        for (; id[k] && k + 1 < sizeof c->seat_name[s]; k++)
            c->seat_name[s][k] = (char)tolower((unsigned char)id[k]);
        c->seat_name[s][k] = 0;
        snprintf(c->seat_title[s], sizeof c->seat_title[s], "the %c%s",
                 toupper((unsigned char)c->seat_name[s][0]),
                 c->seat_name[s][0] ? c->seat_name[s] + 1 : "");
    }
    return check_game(c, err);
}

/* The content hash covers the five texts as loaded (TAN-11 or the files). */
static void hash_sources(tt_game *g, const tan_sources *src)
{
    static const char *const sample[SRC_COUNT] = {
        "tannhauser/board.json", "tannhauser/equipment.json", "tannhauser/teams.json",
        "tannhauser/crates.json", "tannhauser/objectives.json"};
    uint64_t h = 0;
    for (int k = 0; k < SRC_COUNT; k++) {
        size_t len = src->len[k];
        const char *text = src->text[k] ? src->text[k] : tt_embedded_find(sample[k], &len);
        h = tt_mix64(h ^ (text ? tt_fnv64(text, len) : 0));
    }
    snprintf(g->hash, sizeof g->hash, "%016llx", (unsigned long long)h);
}

static int tan_load(tt_game *g, const tt_params *p, tt_error *err)
{
    tan_content *c = calloc(1, sizeof *c);
    char *owned[SRC_COUNT] = {0};
    tan_sources src;
    if (!c)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    int rc = read_sources(p, &src, owned, err);
    if (rc == TT_OK)
        rc = load_content(c, &src, err);
    if (rc == TT_OK)
        rc = parse_params(c, p, err);
    if (rc == TT_OK && tan_content_derive(c) != 0)
        rc = tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    if (rc == TT_OK)
        hash_sources(g, &src);
    for (int k = 0; k < SRC_COUNT; k++)
        free(owned[k]);
    if (rc) {
        tan_content_free(c);
        free(c);
        return rc;
    }
    g->content = c;
    g->nplayers = TAN_PLAYERS;
    g->state_size = sizeof(tan_state);
    g->max_actions = TAN_MAX_ACTIONS;
    return TT_OK;
}

static void tan_unload(tt_game *g)
{
    tan_content_free(g->content);
    free(g->content);
    g->content = NULL;
}

static void tan_init(const tt_game *g, void *st, uint64_t seed)
{
    tan_setup(g, st, seed);
}

/* `help` at the prompt: the action forms of docs/games/tannhauser.md. */
static const char tan_play_help[] =
    "Tannhauser (docs/games/tannhauser.md): set-up: recruit <character>,\n"
    "pack <character> STAMINA|COMBAT|MENTAL|custom, custom <item>, done, entry <point>.\n"
    "A turn: first 0|1, activate <character>; then in its cycle: move <circle>,\n"
    "goto <circle> (the cheapest route), buymp 1|2, attack <enemy> <weapon>|unarmed,\n"
    "throw <circle> <grenade>, bullrush <enemy>, use <item> [friend], exchange,\n"
    "search <crate>, task <objective> <skill>, takeflag <flag>, plant, end.\n"
    "Examples:\n"
    "  goto r22\n"
    "  attack leg_sapper kestrel\n"
    "  pack varga custom kestrel dressing\n";

const tt_rules tannhauser_rules = {
    .name = "tannhauser",
    .summary = "Tannhäuser: skirmish on a map of coloured paths, 2 players, four modes",
    .min_players = 2,
    .max_players = 2,
    .params = params,
    .configs = configs,
    .score_name = "VP",
    .reasons = tan_reasons,
    .reason_texts = tan_reason_texts,
    .play_help = tan_play_help,
    .load = tan_load,
    .unload = tan_unload,
    .init = tan_init,
    .to_move = tan_to_move,
    .legal = tan_legal,
    .apply = tan_apply,
    .offturn_legal = tan_offturn_legal,
    .offturn_apply = tan_offturn_apply,
    .format = tan_format,
    .parse = tan_parse,
    .expand = tan_expand,
    .determinize = tan_determinize,
    .sanity = tan_sanity,
    .rig = tan_rig,
    .view_json = tan_view_json,
    .view_text = tan_view_text,
    .view_part = tan_view_part,
    .event_text = tan_event_text,
    .player_name = tan_player_name,
    .player_title = tan_player_title,
    .validate_file = tan_validate_file,
    .describe_id = tan_describe_id,
    .describe = tan_describe,
};
