/* Game records: save, load, replay (see tabletop/replay.h).
 *
 * In memory a record is a list of entries — actions, rigs, draw offers and
 * answers, and concessions — in
 * the order they happened; one action entry may hold several actions, one per
 * line (the atomic expansion of a compound text), so that undo takes back
 * what one request did. On disk the actions are one array of texts; rigs,
 * draws and concessions carry "at", the number of actions before them. The final state's
 * hash makes a record that replays legally but differently (a tampered file)
 * fail too. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/errors.h"
#include "core/json.h"
#include "core/rules.h"

enum { ENTRY_ACTION, ENTRY_RIG, ENTRY_CONCEDE, ENTRY_DRAW };

typedef struct entry {
    int kind;
    char *text;   /* action text, or the rig's `what` */
    char *values; /* the rig's values */
    int player;   /* the conceding player, or the one offering or answering a draw */
    int what;     /* ENTRY_DRAW: TT_DRAW_… */
} entry;

struct tt_record {
    char game[32];
    char params[256];
    char hash[17];
    uint64_t seed;
    uint64_t final_hash;
    int has_final;
    entry *e;
    int n, cap;
};

tt_record *tt_record_new(const tt_game *game, uint64_t seed)
{
    tt_record *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    snprintf(r->game, sizeof r->game, "%s", tt_game_name(game));
    snprintf(r->params, sizeof r->params, "%s", tt_game_params(game));
    snprintf(r->hash, sizeof r->hash, "%s", tt_game_content_hash(game));
    r->seed = seed;
    return r;
}

void tt_record_free(tt_record *r)
{
    if (!r)
        return;
    for (int i = 0; i < r->n; i++) {
        free(r->e[i].text);
        free(r->e[i].values);
    }
    free(r->e);
    free(r);
}

static int add(tt_record *r, int kind, const char *text, const char *values, int player)
{
    if (r->n == r->cap) {
        int cap = r->cap ? r->cap * 2 : 64;
        entry *e = realloc(r->e, (size_t)cap * sizeof *e);
        if (!e)
            return TT_ENOMEM;
        r->e = e;
        r->cap = cap;
    }
    entry *x = &r->e[r->n];
    x->kind = kind;
    x->text = text ? strdup(text) : NULL;
    x->values = values ? strdup(values) : NULL;
    x->player = player;
    if ((text && !x->text) || (values && !x->values)) {
        free(x->text);
        free(x->values);
        return TT_ENOMEM;
    }
    r->n++;
    return TT_OK;
}

int tt_record_add_action(tt_record *r, const char *text) { return add(r, ENTRY_ACTION, text, NULL, 0); }
int tt_record_add_rig(tt_record *r, const char *what, const char *values)
{
    return add(r, ENTRY_RIG, what, values, 0);
}
int tt_record_add_concede(tt_record *r, int player) { return add(r, ENTRY_CONCEDE, NULL, NULL, player); }
int tt_record_add_draw(tt_record *r, int player, int what)
{
    int rc = add(r, ENTRY_DRAW, NULL, NULL, player);
    if (rc == TT_OK)
        r->e[r->n - 1].what = what;
    return rc;
}

int tt_record_pop(tt_record *r)
{
    if (!r->n)
        return 0;
    r->n--;
    free(r->e[r->n].text);
    free(r->e[r->n].values);
    return 1;
}

int tt_record_length(const tt_record *r) { return r->n; }

int tt_record_count(const tt_record *r)
{
    int n = 0;
    for (int i = 0; i < r->n; i++) {
        n++;
        for (const char *t = r->e[i].kind == ENTRY_ACTION ? r->e[i].text : ""; *t; t++)
            n += *t == '\n';
    }
    return n;
}
uint64_t tt_record_seed(const tt_record *r) { return r->seed; }
const char *tt_record_game(const tt_record *r) { return r->game; }
const char *tt_record_params(const tt_record *r) { return r->params; }

static json_t *record_json(const tt_record *r, const tt_game *game, const tt_state *final)
{
    json_t *root = json_object();
    json_t *actions = json_array(), *rigs = json_array(), *draws = json_array();
    json_object_set_new(root, "game", json_string(r->game));
    json_object_set_new(root, "params", json_string(r->params));
    json_object_set_new(root, "content_hash", json_string(r->hash));
    char seed[24];
    snprintf(seed, sizeof seed, "%" PRIu64, r->seed);
    json_object_set_new(root, "seed", json_string(seed));
    int nactions = 0;
    for (int i = 0; i < r->n; i++) {
        const entry *x = &r->e[i];
        if (x->kind == ENTRY_ACTION) {
            for (const char *t = x->text; *t;) {
                size_t len = strcspn(t, "\n");
                json_array_append_new(actions, json_stringn(t, len));
                nactions++;
                t += len + (t[len] == '\n');
            }
        } else if (x->kind == ENTRY_RIG) {
            json_array_append_new(rigs, json_pack("{s:i,s:s,s:s}", "at", nactions, "what",
                                                  x->text, "values", x->values));
        } else if (x->kind == ENTRY_DRAW) {
            json_array_append_new(draws, json_pack("{s:i,s:s,s:s}", "at", nactions, "player",
                                                   x->player >= 0 ? tt_player_name(game, x->player)
                                                                  : x->text,
                                                   "what", tt_draw_word(x->what)));
        } else {
            json_object_set_new(root, "conceded",
                                json_pack("{s:i,s:s}", "at", nactions, "player",
                                          x->player >= 0 ? tt_player_name(game, x->player)
                                                         : x->text));
        }
    }
    json_object_set_new(root, "actions", actions);
    json_object_set_new(root, "rigs", rigs);
    if (json_array_size(draws))
        json_object_set_new(root, "draws", draws);
    else
        json_decref(draws);
    char hash[24];
    snprintf(hash, sizeof hash, "%016" PRIx64, tt_state_hash(game, final));
    json_object_set_new(root, "final_hash", json_string(hash));
    return root;
}

int tt_record_save(const tt_record *r, const tt_game *game, const tt_state *final,
                   const char *path, tt_error *err)
{
    json_t *root = record_json(r, game, final);
    if (!root)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    int rc = json_dump_file(root, path, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
    json_decref(root);
    if (rc)
        return tt_fail(err, TT_EIO, NULL, "cannot write %s", path);
    return TT_OK;
}

/* --- loading ----------------------------------------------------------------- */

static int bad(tt_error *err, const char *path, const char *what)
{
    return tt_fail(err, TT_EREPLAY, NULL, "%s: not a game record: %s", path, what);
}

/* The "at" of every entry of a rigs or draws array, checked: in order, within
 * the actions, each with its two string fields (a draw's `what` a draw word). */
static int load_at(json_t *list, const char *k1, const char *k2, int nactions, int **at_out,
                   tt_error *err, const char *path)
{
    size_t n = json_array_size(list);
    int *at = calloc(n + 1, sizeof *at);
    if (!at)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    for (size_t i = 0; i < n; i++) {
        json_t *x = json_array_get(list, i);
        json_t *jat = json_object_get(x, "at");
        const char *a = json_string_value(json_object_get(x, k1));
        const char *b = json_string_value(json_object_get(x, k2));
        if (!json_is_integer(jat) || !a || !b || json_integer_value(jat) < 0 ||
            json_integer_value(jat) > nactions || (i && json_integer_value(jat) < at[i - 1]) ||
            (strcmp(k2, "what") == 0 && tt_draw_parse(b) < 0)) {
            free(at);
            char why[96];
            snprintf(why, sizeof why, "%s needs at (in order), %s and %s",
                     strcmp(k2, "what") ? "a rig" : "a draw", k1, k2);
            return bad(err, path, why);
        }
        at[i] = (int)json_integer_value(jat);
    }
    *at_out = at;
    return TT_OK;
}

static int load_entries(tt_record *r, json_t *root, const char *path, tt_error *err)
{
    json_t *actions = json_object_get(root, "actions");
    json_t *rigs = json_object_get(root, "rigs");
    json_t *draws = json_object_get(root, "draws");
    json_t *conceded = json_object_get(root, "conceded");
    if (!json_is_array(actions) || (rigs && !json_is_array(rigs)) ||
        (draws && !json_is_array(draws)))
        return bad(err, path, "actions, rigs and draws must be arrays");
    int nactions = (int)json_array_size(actions);
    int *at = NULL, *dat = NULL;
    int rc = load_at(rigs, "what", "values", nactions, &at, err, path);
    if (rc == TT_OK)
        rc = load_at(draws, "player", "what", nactions, &dat, err, path);
    if (rc) {
        free(at);
        return rc;
    }
    size_t irig = 0, nrigs = json_array_size(rigs), idraw = 0, ndraws = json_array_size(draws);
    for (int i = 0; i <= nactions && rc == TT_OK; i++) {
        for (; irig < nrigs && at[irig] == i && rc == TT_OK; irig++) {
            json_t *x = json_array_get(rigs, irig);
            rc = tt_record_add_rig(r, json_string_value(json_object_get(x, "what")),
                                   json_string_value(json_object_get(x, "values")));
        }
        for (; idraw < ndraws && dat[idraw] == i && rc == TT_OK; idraw++) {
            json_t *x = json_array_get(draws, idraw);
            rc = add(r, ENTRY_DRAW, json_string_value(json_object_get(x, "player")), NULL, -1);
            if (rc == TT_OK) /* the player is resolved to an index at replay */
                r->e[r->n - 1].what = tt_draw_parse(json_string_value(json_object_get(x, "what")));
        }
        if (i == nactions || rc)
            break;
        const char *text = json_string_value(json_array_get(actions, (size_t)i));
        if (!text)
            rc = bad(err, path, "every action must be a string");
        else
            rc = tt_record_add_action(r, text);
    }
    free(at);
    free(dat);
    if (rc == TT_OK && conceded) {
        const char *who = json_string_value(json_object_get(conceded, "player"));
        if (!who)
            return bad(err, path, "conceded needs a player");
        rc = add(r, ENTRY_CONCEDE, who, NULL, -1); /* resolved to an index at replay */
    }
    return rc == TT_ENOMEM ? tt_fail(err, rc, NULL, "out of memory") : rc;
}

int tt_record_load(const char *path, tt_record **out, tt_error *err)
{
    *out = NULL;
    size_t len;
    char *text = tt_read_file(path, &len);
    if (!text)
        return tt_fail(err, TT_EIO, NULL, "cannot read %s", path);
    json_error_t jerr;
    json_t *root = json_loadb(text, len, 0, &jerr);
    free(text);
    if (!root)
        return tt_fail(err, TT_EREPLAY, NULL, "%s:%d: malformed JSON: %s", path, jerr.line,
                       jerr.text);
    tt_record *r = calloc(1, sizeof *r);
    const char *game = json_string_value(json_object_get(root, "game"));
    const char *params = json_string_value(json_object_get(root, "params"));
    const char *hash = json_string_value(json_object_get(root, "content_hash"));
    const char *seed = json_string_value(json_object_get(root, "seed"));
    const char *final = json_string_value(json_object_get(root, "final_hash"));
    int rc = TT_OK;
    if (!r)
        rc = tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    else if (!game || !params || !hash || !seed)
        rc = bad(err, path, "game, params, content_hash and seed are required strings");
    else {
        char *end;
        snprintf(r->game, sizeof r->game, "%s", game);
        snprintf(r->params, sizeof r->params, "%s", params);
        snprintf(r->hash, sizeof r->hash, "%s", hash);
        r->seed = strtoull(seed, &end, 10);
        if (*end || !*seed)
            rc = bad(err, path, "seed is not a number");
        if (final) {
            r->final_hash = strtoull(final, &end, 16);
            r->has_final = 1;
            if (strlen(final) != 16 || *end)
                rc = bad(err, path, "final_hash is not 16 hex digits");
        }
    }
    if (rc == TT_OK)
        rc = load_entries(r, root, path, err);
    json_decref(root);
    if (rc) {
        tt_record_free(r);
        return rc;
    }
    *out = r;
    return TT_OK;
}

/* --- replaying ----------------------------------------------------------------- */

/* Applies an entry's actions, one per line (a line may be a long compound). */
static int apply_lines(const tt_game *g, tt_state *s, const char *text, tt_events *ev,
                       tt_error *err)
{
    int rc = TT_OK;
    while (rc == TT_OK && *text) {
        size_t len = strcspn(text, "\n");
        char *line = strndup(text, len);
        rc = line ? tt_apply_text(g, s, line, ev, err)
                  : tt_fail(err, TT_ENOMEM, NULL, "out of memory");
        free(line);
        text += len + (text[len] == '\n');
    }
    return rc;
}

static int replay_entry(const tt_record *r, int i, const tt_game *g, tt_state *s,
                        tt_events *ev, tt_error *err)
{
    const entry *x = &r->e[i];
    tt_error e;
    tt_error_clear(&e);
    int rc = TT_OK;
    char buf[400];
    if (x->kind == ENTRY_ACTION)
        rc = apply_lines(g, s, x->text, ev, &e);
    else if (x->kind == ENTRY_RIG)
        rc = tt_rig(g, s, x->text, x->values, &e);
    else {
        int p = x->player >= 0 ? x->player : tt_player_parse(g, x->text);
        rc = p < 0                      ? tt_fail(&e, TT_EARG, NULL, "unknown player '%s'", x->text)
             : x->kind == ENTRY_CONCEDE ? tt_concede(g, s, p, ev, &e)
                                        : tt_draw(g, s, p, x->what, ev, &e);
    }
    if (rc == TT_OK)
        return TT_OK;
    const char *what = x->kind == ENTRY_ACTION ? x->text
                       : x->kind == ENTRY_RIG  ? "rig"
                       : x->kind == ENTRY_DRAW ? tt_draw_word(x->what)
                                               : "concede";
    return tt_fail(err, TT_EREPLAY, e.rule, "entry %d '%s' fails: %s", i + 1, what,
                   e.rule[0] ? e.msg : tt_error_text(&e, buf, sizeof buf));
}

int tt_record_replay(const tt_record *r, tt_game **game_out, tt_state **state_out,
                     tt_replay_step_fn step, void *ctx, tt_error *err)
{
    *game_out = NULL;
    *state_out = NULL;
    tt_game *g;
    int rc = tt_game_new(r->game, r->params, &g, err);
    if (rc)
        return rc;
    if (strcmp(tt_game_content_hash(g), r->hash) != 0) {
        rc = tt_fail(err, TT_EREPLAY, NULL,
                     "content hash %s does not match the loaded content (%s)", r->hash,
                     tt_game_content_hash(g));
        tt_game_free(g);
        return rc;
    }
    tt_state *s = malloc(tt_state_size(g));
    if (!s) {
        tt_game_free(g);
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    }
    tt_state_init(g, s, r->seed);
    tt_event buf[256];
    for (int i = 0; i < r->n && rc == TT_OK; i++) {
        tt_events ev = {buf, 0, 256, 0};
        rc = replay_entry(r, i, g, s, &ev, err);
        if (rc == TT_OK && step)
            step(ctx, i, r->e[i].kind == ENTRY_ACTION ? r->e[i].text : "", g, s, &ev);
    }
    if (rc == TT_OK && r->has_final && tt_state_hash(g, s) != r->final_hash)
        rc = tt_fail(err, TT_EREPLAY, NULL,
                     "the record replays to a different final state (hash %016" PRIx64
                     ", record says %016" PRIx64 ")",
                     tt_state_hash(g, s), r->final_hash);
    if (rc) {
        free(s);
        tt_game_free(g);
        return rc;
    }
    *game_out = g;
    *state_out = s;
    return TT_OK;
}
