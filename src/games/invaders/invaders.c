/* Invaders: the rules module's descriptor and its loading (see invaders.h).
 *
 * Loading reads the content set (the embedded sample, or content=FILE), checks
 * the parameters, and sizes the flat state. Everything else is reached through
 * inv_rules. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/errors.h"
#include "core/json.h"
#include "games/invaders/invaders.h"

static const char *const param_keys[] = {"content", "auto_decline", NULL};

static int load_text(tt_game *g, inv_content *c, const char *text, size_t len, const char *file,
                     tt_error *err)
{
    tt_diags *d = calloc(1, sizeof *d);
    if (!d)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    int rc = TT_OK;
    if (inv_content_load(c, text, len, file, d) != 0)
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
        char *text = tt_read_file(path, &len);
        rc = text ? load_text(g, c, text, len, path, err)
                  : tt_fail(err, TT_EIO, NULL, "cannot read %s", path);
        free(text);
    } else {
        size_t len;
        const char *text = tt_embedded_find("invaders/sample.json", &len);
        rc = text ? load_text(g, c, text, len, "data/invaders/sample.json", err)
                  : tt_fail(err, TT_ECONTENT, NULL, "the sample content is not built in");
    }
    const char *ad = tt_params_get(p, "auto_decline");
    if (rc == TT_OK && ad && strcmp(ad, "0") != 0 && strcmp(ad, "1") != 0)
        rc = tt_fail(err, TT_EARG, NULL, "auto_decline is 0 or 1, not '%s'", ad);
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

static void inv_result(const tt_game *g, const void *st, tt_result *out)
{
    (void)g;
    const inv_state *s = st;
    memset(out, 0, sizeof *out);
    out->over = s->step == S_GAME_OVER;
    out->winner = out->over && s->winner != INV_NONE ? s->winner : -1;
    snprintf(out->reason, sizeof out->reason, "%s", out->over ? inv_reason_name(s->reason) : "");
    out->turn = s->turn;
}

static int inv_turn(const tt_game *g, const void *st)
{
    (void)g;
    return ((const inv_state *)st)->turn;
}

static const char *inv_player_name(const tt_game *g, int player)
{
    (void)g;
    return inv_side_name(player);
}

const tt_rules inv_rules = {
    .name = "invaders",
    .summary = "Invaders: alien invasion against Mankind, 2 players, asymmetric decks",
    .param_keys = param_keys,
    .load = inv_load,
    .unload = inv_unload,
    .init = inv_init,
    .to_move = inv_to_move,
    .legal = inv_legal,
    .apply = inv_apply,
    .concede = inv_concede,
    .format = inv_format,
    .parse = inv_parse,
    .result = inv_result,
    .turn = inv_turn,
    .determinize = inv_determinize,
    .sanity = inv_sanity,
    .rig = inv_rig,
    .view_json = inv_view_json,
    .view_text = inv_view_text,
    .event_text = inv_event_text,
    .player_name = inv_player_name,
    .validate_file = inv_validate_file,
};
