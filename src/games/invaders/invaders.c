/* Invaders: the rules module's descriptor and its loading (see invaders.h).
 *
 * Loading reads the content set (the embedded sample, or content=FILE), checks
 * the parameters, and sizes the flat state. Everything else is reached through
 * inv_rules. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/errors.h"
#include "core/file.h"
#include "core/json.h"
#include "games/invaders/invaders.h"

static const tt_param_spec params[] = {
    {"content", TT_PARAM_FILE, "the sample set", "a content file (docs/content/invaders.md)",
     "the cards, decks and board to play with (INV-2)"},
    {"auto_decline", TT_PARAM_CHOICE, "0", "0|1",
     "decline cancel windows at once for a player with no cancel card (INV-5.18)"},
    {NULL, 0, NULL, NULL, NULL},
};

static const tt_config configs[] = {
    {"default", ""},
    {"auto_decline", "auto_decline=1"},
    {NULL, NULL},
};

/* Loads c from text, or from the sample when sample is set (text is then
 * the sample's, for the hash: the game's hash is its text's). */
static int load_text(tt_game *g, inv_content *c, int sample, const char *text, size_t len,
                     const char *file, tt_error *err)
{
    tt_diags *d = calloc(1, sizeof *d);
    if (!d)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    int rc = TT_OK;
    if (inv_content_load(c, sample ? NULL : text, len, file, d) != 0)
        rc = tt_diags_fail(d, err);
    free(d);
    snprintf(g->hash, sizeof g->hash, "%016llx", tt_fnv64(text, len));
    return rc;
}

static int inv_load(tt_game *g, const tt_params *p, tt_error *err)
{
    inv_content *c = calloc(1, sizeof *c);
    if (!c)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    const char *path = tt_params_get(p, "content");
    int rc;
    if (path) {
        size_t len;
        char *text;
        rc = tt_file_read(path, TT_FILE_MAX_CONTENT, &text, &len, err);
        if (rc == TT_OK)
            rc = load_text(g, c, 0, text, len, path, err);
        free(text);
    } else {
        size_t len;
        const char *text = tt_embedded_find("invaders/sample.json", &len);
        rc = text ? load_text(g, c, 1, text, len, "data/invaders/sample.json", err)
                  : tt_fail(err, TT_ECONTENT, NULL, "the sample content is not built in");
    }
    const char *ad = tt_params_get(p, "auto_decline");
    if (rc) {
        free(c);
        return rc;
    }
    c->auto_decline = ad && strcmp(ad, "1") == 0;
    g->content = c;
    g->nplayers = 2;
    g->state_size = sizeof(inv_state);
    g->max_actions = INV_MAX_ACTIONS;
    return TT_OK;
}

static void inv_unload(tt_game *g)
{
    free(g->content);
    g->content = NULL;
}

static void inv_init(const tt_game *g, void *st, uint64_t seed)
{
    inv_state *s = st;
    inv_setup(g, s, seed);
    inv_run(inv_content_of(g), s, NULL);
}

static const char *inv_player_name(const tt_game *g, int player)
{
    (void)g;
    return inv_side_name(player);
}

/* `help` at the prompt: the action forms of docs/games/invaders.md. */
static const char inv_play_help[] =
    "Invaders (docs/games/invaders.md): pass, play <card>, use <unit>, strategy <id>,\n"
    "plot draw, ops <unit>, move_hero; then what a card asks: zone <Z>, dest <Z>,\n"
    "target <unit>, sacrifice <unit>, discard <card>, reduce none|discard|drain;\n"
    "in a window: cancel <card>, decline, shield <k>. Zones: PR, EU, AF.\n"
    "A whole move at once, its answers as key=value:\n"
    "  play bastion_walker zone=AF sacrifice=man:militia_cadre#2\n"
    "  use inv:tunnel_wyrm#1 dest=EU\n"
    "  strategy man_bulwark zone=EU\n";

const tt_rules invaders_rules = {
    .name = "invaders",
    .summary = "Invaders: alien invasion against Mankind, 2 players, asymmetric decks",
    .min_players = 2,
    .max_players = 2,
    .params = params,
    .configs = configs,
    .reasons = inv_reasons,
    .reason_texts = inv_reason_texts,
    .play_help = inv_play_help,
    .load = inv_load,
    .unload = inv_unload,
    .init = inv_init,
    .to_move = inv_to_move,
    .legal = inv_legal,
    .apply = inv_apply,
    .offturn_apply = inv_offturn_apply,
    .format = inv_format,
    .parse = inv_parse,
    .determinize = inv_determinize,
    .sanity = inv_sanity,
    .rig = inv_rig,
    .view_json = inv_view_json,
    .view_text = inv_view_text,
    .view_part = inv_view_part,
    .event_text = inv_event_text,
    .player_name = inv_player_name,
    .player_title = inv_player_title,
    .validate_file = inv_validate_file,
    .describe_id = inv_describe_id,
    .describe = inv_describe,
};
