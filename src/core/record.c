/* Game records: save, load, replay (see tabletop/replay.h).
 *
 * In memory a record is a list of entries — actions in the turn order, actions
 * outside it with their player (concessions, draw offers, table talk), and
 * rigs — in the order they happened; one action entry may hold several
 * actions, one per line (the atomic expansion of a compound text), so that
 * undo takes back what one request did. On disk (record version 2) the
 * actions are one array: a turn-order action is its text, one outside the
 * turn order is {"player": name, "action": text}; rigs carry "at", the number
 * of actions before them. The final state's hash makes a record that replays
 * legally but differently (a tampered file) fail too. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/errors.h"
#include "core/file.h"
#include "core/json.h"
#include "core/rng.h"
#include "core/rules.h"

#define RECORD_VERSION 2

enum { ENTRY_ACTION, ENTRY_RIG, ENTRY_OFFTURN };

typedef struct entry {
    int kind;
    char *text;   /* action text, or the rig's `what` */
    char *values; /* the rig's values, or the player's name of an action outside the turn order */
} entry;

struct tt_record {
    char game[32];
    char params[TT_PARAMS_MAX];
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

static int add(tt_record *r, int kind, const char *text, const char *values)
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
    if ((text && !x->text) || (values && !x->values)) {
        free(x->text);
        free(x->values);
        return TT_ENOMEM;
    }
    r->n++;
    return TT_OK;
}

int tt_record_add_action(tt_record *r, const char *text)
{
    return add(r, ENTRY_ACTION, text, NULL);
}
int tt_record_add_rig(tt_record *r, const char *what, const char *values)
{
    return add(r, ENTRY_RIG, what, values);
}
int tt_record_add_offturn(tt_record *r, const tt_game *game, int player, const char *text)
{
    return add(r, ENTRY_OFFTURN, text, tt_player_name(game, player));
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

int tt_record_length(const tt_record *r)
{
    return r->n;
}

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
uint64_t tt_record_seed(const tt_record *r)
{
    return r->seed;
}
const char *tt_record_game(const tt_record *r)
{
    return r->game;
}
const char *tt_record_params(const tt_record *r)
{
    return r->params;
}

static json_t *record_json(const tt_record *r, const tt_game *game, const tt_state *final)
{
    json_t *root = json_object();
    json_t *actions = json_array(), *rigs = json_array();
    json_object_set_new(root, "version", json_integer(RECORD_VERSION));
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
        } else if (x->kind == ENTRY_OFFTURN) {
            json_array_append_new(actions,
                                  json_pack("{s:s,s:s}", "player", x->values, "action", x->text));
            nactions++;
        } else {
            json_array_append_new(rigs, json_pack("{s:i,s:s,s:s}", "at", nactions, "what", x->text,
                                                  "values", x->values));
        }
    }
    json_object_set_new(root, "actions", actions);
    json_object_set_new(root, "rigs", rigs);
    char hash[24];
    snprintf(hash, sizeof hash, "%016" PRIx64, tt_state_hash(game, final));
    json_object_set_new(root, "final_hash", json_string(hash));
    return root;
}

/* Whether s (NULL counts as fine) is text jansson stores. */
static int utf8_ok(const char *s)
{
    json_t *j = s ? json_string(s) : NULL;
    json_decref(j);
    return !s || j;
}

int tt_record_save(const tt_record *r, const tt_game *game, const tt_state *final, const char *path,
                   tt_error *err)
{
    /* jansson takes only UTF-8 strings, and a string it refuses would drop its
     * field silently: a content path in another encoding is refused here, with
     * nothing written, rather than saved as a record that never loads */
    if (!utf8_ok(r->params))
        return tt_fail(err, TT_EARG, NULL,
                       "cannot save: the parameters hold bytes that are not UTF-8 (a record is "
                       "JSON text)");
    for (int i = 0; i < r->n; i++)
        if (!utf8_ok(r->e[i].text) || !utf8_ok(r->e[i].values))
            return tt_fail(err, TT_EARG, NULL,
                           "cannot save: entry %d holds bytes that are not UTF-8", i + 1);
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

/* Whether s holds a control character (below 32, or DEL). A record's texts
 * are single lines with none: a saved record never holds one, and an error
 * that quotes the text must stay one line. */
static int has_control(const char *s)
{
    for (; s && *s; s++)
        if ((unsigned char)*s < 32 || *s == 127)
            return 1;
    return 0;
}

/* TT_OK, or the refusal of a record whose `what` holds a control character. */
static int one_line(const char *text, const char *what, tt_error *err, const char *path)
{
    if (!has_control(text))
        return TT_OK;
    return tt_fail(err, TT_EREPLAY, NULL, "%s: not a game record: %s holds a control character",
                   path, what);
}

/* The "at" of every rig, checked: in order, within the actions, each with its
 * what and values. */
static int load_at(json_t *list, int nactions, int **at_out, tt_error *err, const char *path)
{
    size_t n = json_array_size(list);
    int *at = calloc(n + 1, sizeof *at);
    if (!at)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    for (size_t i = 0; i < n; i++) {
        json_t *x = json_array_get(list, i);
        json_t *jat = json_object_get(x, "at");
        if (!json_is_integer(jat) || !json_string_value(json_object_get(x, "what")) ||
            !json_string_value(json_object_get(x, "values")) || json_integer_value(jat) < 0 ||
            json_integer_value(jat) > nactions || (i && json_integer_value(jat) < at[i - 1])) {
            free(at);
            return bad(err, path, "a rig needs at (in order), what and values");
        }
        at[i] = (int)json_integer_value(jat);
        char what[40];
        snprintf(what, sizeof what, "rig %zu", i + 1);
        if (one_line(json_string_value(json_object_get(x, "what")), what, err, path) ||
            one_line(json_string_value(json_object_get(x, "values")), what, err, path)) {
            free(at);
            return TT_EREPLAY;
        }
    }
    *at_out = at;
    return TT_OK;
}

/* Element i of "actions": a text, or {"player", "action"} outside the turn order. */
static int load_action(tt_record *r, json_t *x, int i, const char *path, tt_error *err)
{
    char what[40];
    snprintf(what, sizeof what, "action %d", i + 1);
    if (json_is_string(x))
        return one_line(json_string_value(x), what, err, path)
                   ? TT_EREPLAY
                   : tt_record_add_action(r, json_string_value(x));
    const char *who = json_string_value(json_object_get(x, "player"));
    const char *text = json_string_value(json_object_get(x, "action"));
    if (!json_is_object(x) || !who || !text || json_object_size(x) != 2)
        return bad(err, path,
                   "an action is a text, or {\"player\", \"action\"} outside the turn order");
    if (one_line(who, what, err, path) || one_line(text, what, err, path))
        return TT_EREPLAY;
    return add(r, ENTRY_OFFTURN, text, who); /* the player is resolved at replay */
}

static int load_entries(tt_record *r, json_t *root, const char *path, tt_error *err)
{
    json_t *actions = json_object_get(root, "actions");
    json_t *rigs = json_object_get(root, "rigs");
    if (!json_is_array(actions) || (rigs && !json_is_array(rigs)))
        return bad(err, path, "actions and rigs must be arrays");
    int nactions = (int)json_array_size(actions);
    int *at = NULL;
    int rc = load_at(rigs, nactions, &at, err, path);
    if (rc)
        return rc;
    size_t irig = 0, nrigs = json_array_size(rigs);
    for (int i = 0; i <= nactions && rc == TT_OK; i++) {
        for (; irig < nrigs && at[irig] == i && rc == TT_OK; irig++) {
            json_t *x = json_array_get(rigs, irig);
            rc = tt_record_add_rig(r, json_string_value(json_object_get(x, "what")),
                                   json_string_value(json_object_get(x, "values")));
        }
        if (i < nactions && rc == TT_OK)
            rc = load_action(r, json_array_get(actions, (size_t)i), i, path, err);
    }
    free(at);
    return rc == TT_ENOMEM ? tt_fail(err, rc, NULL, "out of memory") : rc;
}

/* Version 2 is the one this build reads; version 1 (no "version" field) kept
 * draws and a concession apart from the actions. */
static int check_version(json_t *root, const char *path, tt_error *err)
{
    if (!json_is_object(root))
        return TT_OK; /* not a record at all: the fields say so */
    json_t *v = json_object_get(root, "version");
    if (!v)
        return tt_fail(err, TT_EREPLAY, NULL,
                       "%s: record version 1 is no longer read: this build reads version %d", path,
                       RECORD_VERSION);
    if (!json_is_integer(v))
        return bad(err, path, "version is not a number");
    if (json_integer_value(v) != RECORD_VERSION)
        return tt_fail(err, TT_EREPLAY, NULL,
                       "%s: record version %lld is not read by this build (it reads version %d)",
                       path, (long long)json_integer_value(v), RECORD_VERSION);
    return TT_OK;
}

int tt_record_load(const char *path, tt_record **out, tt_error *err)
{
    *out = NULL;
    size_t len;
    char *text;
    int frc = tt_file_read(path, TT_FILE_MAX_RECORD, &text, &len, err);
    if (frc)
        return frc;
    char why[200];
    int nul_line = tt_json_nul(text, len, why, sizeof why);
    if (nul_line) {
        free(text);
        return tt_fail(err, TT_EREPLAY, NULL, "%s:%d: %s", path, nul_line, why);
    }
    json_error_t jerr;
    json_t *root = json_loadb(text, len, 0, &jerr);
    free(text);
    if (!root)
        return tt_fail(err, TT_EREPLAY, NULL, "%s:%d: malformed JSON: %s", path, jerr.line,
                       tt_json_error_text(&jerr, why, sizeof why));
    if (check_version(root, path, err)) {
        json_decref(root);
        return TT_EREPLAY;
    }
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
    else if (one_line(game, "game", err, path) || one_line(params, "params", err, path) ||
             one_line(hash, "content_hash", err, path))
        rc = TT_EREPLAY;
    else {
        snprintf(r->game, sizeof r->game, "%s", game);
        if (strlen(params) >= sizeof r->params)
            rc = bad(err, path, "params are longer than any game stores");
        snprintf(r->params, sizeof r->params, "%s", params);
        snprintf(r->hash, sizeof r->hash, "%s", hash);
        if (tt_seed_parse(seed, &r->seed) != TT_OK)
            rc = bad(err, path, "seed is not " TT_SEED_RANGE); /* not "-5" wrapped round */
        if (final) {
            r->final_hash = strtoull(final, NULL, 16);
            r->has_final = 1;
            if (strlen(final) != 16 || strspn(final, "0123456789abcdefABCDEF") != 16)
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

/* An action outside the turn order, for the player the entry names: one
 * atom a line (a game may write one command as several). */
static int replay_offturn(const tt_game *g, tt_state *s, const entry *x, tt_events *ev,
                          tt_error *err)
{
    int p = tt_player_parse(g, x->values);
    if (p < 0)
        return tt_fail(err, TT_EARG, NULL, "no player '%s' in this game", x->values);
    int rc = TT_OK;
    for (const char *text = x->text; rc == TT_OK && *text;) {
        size_t len = strcspn(text, "\n");
        char line[TT_ACTION_TEXT_MAX];
        snprintf(line, sizeof line, "%.*s", (int)len, text);
        tt_action a;
        rc = tt_action_parse(g, s, line, &a, err);
        if (rc == TT_OK && !tt_action_is_offturn(a))
            return tt_fail(err, TT_EARG, NULL, "'%s' is an action in the turn order", line);
        if (rc == TT_OK)
            rc = tt_offturn_apply(g, s, p, a, ev, err);
        text += len + (text[len] == '\n');
    }
    return rc;
}

static int replay_entry(const tt_record *r, int i, const tt_game *g, tt_state *s, tt_events *ev,
                        tt_error *err)
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
    else
        rc = replay_offturn(g, s, x, ev, &e);
    if (rc == TT_OK)
        return TT_OK;
    const char *what = x->kind == ENTRY_RIG ? "rig" : x->text;
    char rule[sizeof e.rule];
    memcpy(rule, e.rule, sizeof rule);
    e.rule[0] = 0; /* the rule goes on err itself, after the whole message */
    return tt_fail(err, TT_EREPLAY, rule, "entry %d '%s' fails: %s", i + 1, what,
                   tt_error_text(&e, buf, sizeof buf));
}

int tt_record_replay(const tt_record *r, tt_game **game_out, tt_state **state_out,
                     tt_replay_step_fn step, void *ctx, tt_error *err)
{
    return tt_record_replay_within(r, NULL, game_out, state_out, step, ctx, err);
}

int tt_record_replay_within(const tt_record *r, const tt_files *files, tt_game **game_out,
                            tt_state **state_out, tt_replay_step_fn step, void *ctx, tt_error *err)
{
    *game_out = NULL;
    *state_out = NULL;
    tt_game *g;
    int rc = tt_game_new_within(r->game, r->params, files, &g, err);
    if (rc)
        return rc;
    rc = tt_record_replay_on(r, g, state_out, step, ctx, err);
    if (rc) {
        tt_game_free(g);
        return rc;
    }
    *game_out = g;
    return TT_OK;
}

/* TT_OK when g is the game the record was played in: its name, parameters
 * (in canonical form) and content. */
static int same_game(const tt_record *r, const tt_game *g, tt_error *err)
{
    char canon[TT_PARAMS_MAX];
    int files;
    if (strcmp(tt_game_name(g), r->game) != 0)
        return tt_fail(err, TT_EREPLAY, NULL, "the record is a game of %s, not %s", r->game,
                       tt_game_name(g));
    int rc = tt_params_check(r->game, r->params, canon, &files, err);
    if (rc == TT_OK && strcmp(canon, tt_game_params(g)) != 0)
        rc =
            tt_fail(err, TT_EREPLAY, NULL, "the record's parameters '%s' are not the game's ('%s')",
                    canon, tt_game_params(g));
    if (rc == TT_OK && strcmp(tt_game_content_hash(g), r->hash) != 0)
        rc =
            tt_fail(err, TT_EREPLAY, NULL, "content hash %s does not match the loaded content (%s)",
                    r->hash, tt_game_content_hash(g));
    return rc;
}

int tt_record_replay_on(const tt_record *r, const tt_game *g, tt_state **state_out,
                        tt_replay_step_fn step, void *ctx, tt_error *err)
{
    *state_out = NULL;
    int rc = same_game(r, g, err);
    if (rc)
        return rc;
    tt_state *s = malloc(tt_state_size(g));
    if (!s)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    tt_state_init(g, s, r->seed);
    tt_event buf[256];
    for (int i = 0; i < r->n && rc == TT_OK; i++) {
        tt_events ev = {buf, 0, 256, 0};
        rc = replay_entry(r, i, g, s, &ev, err);
        if (rc == TT_OK && step)
            step(ctx, i, r->e[i].kind == ENTRY_RIG ? "" : r->e[i].text, g, s, &ev);
    }
    if (rc == TT_OK && r->has_final && tt_state_hash(g, s) != r->final_hash)
        rc = tt_fail(err, TT_EREPLAY, NULL,
                     "the record replays to a different final state (hash %016" PRIx64
                     ", record says %016" PRIx64 ")",
                     tt_state_hash(g, s), r->final_hash);
    if (rc) {
        free(s);
        return rc;
    }
    *state_out = s;
    return TT_OK;
}
