/* The server's tables: creating one, rebuilding them from the store at start,
 * applying a seat's action, and telling each connection what its seat may
 * know — through the public game interface only.
 *
 * An action is applied to the table's scratch state, stored (committed), and
 * only then does the scratch become the table's state and is anyone told; a
 * refusal or a failed commit leaves the table as it was. A connection gets
 * its seat's view (tt_view_json) and the narration its seat may read
 * (tt_event_text for that viewer); a spectator the spectator's. Games are
 * loaded once per game and parameters and shared by the tables that use
 * them; parameters that name files are refused, so no client can make the
 * server read one. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "core/errors.h"
#include "core/rules.h"
#include "server/server_int.h"

#define CANON_MAX 4096
#define CANON_LINES 64

/* n random bytes from the kernel: getrandom, or /dev/urandom where it fails. */
static int random_bytes(void *buf, size_t n)
{
    if (getrandom(buf, n, 0) == (ssize_t)n)
        return 0;
    int fd = open("/dev/urandom", O_RDONLY);
    if (fd < 0)
        return -1;
    ssize_t got = read(fd, buf, n);
    close(fd);
    return got == (ssize_t)n ? 0 : -1;
}

static int token_new(char out[STORE_TOKEN_LEN + 1])
{
    unsigned char b[STORE_TOKEN_LEN / 2];
    if (random_bytes(b, sizeof b))
        return -1;
    for (size_t i = 0; i < sizeof b; i++)
        snprintf(out + 2 * i, 3, "%02x", b[i]);
    return 0;
}

int srv_game(srv *s, const char *name, const char *params, const tt_game **out, tt_error *err)
{
    char canon[TT_PARAMS_MAX];
    int files;
    int rc = tt_params_check(name, params, canon, &files, err);
    if (rc != TT_OK)
        return rc;
    if (files)
        return tt_fail(err, TT_EARG, NULL, "the server takes no parameter that names a file");
    for (srv_loaded *l = s->games; l; l = l->next)
        if (strcmp(tt_game_name(l->game), name) == 0 &&
            strcmp(tt_game_params(l->game), canon) == 0) {
            *out = l->game;
            return TT_OK;
        }
    srv_loaded *l = calloc(1, sizeof *l);
    if (!l)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    if ((rc = tt_game_new(name, params, &l->game, err)) != TT_OK) {
        free(l);
        return rc;
    }
    l->next = s->games;
    s->games = l;
    *out = l->game;
    return TT_OK;
}

/* "ismcts:ms=500:c=1" → tt_ai_new("ismcts", "ms=500 c=1"). */
static int ai_new(const srv_table *t, int seat, tt_ai **out, tt_error *err)
{
    char name[STORE_AI_MAX], params[STORE_AI_MAX] = "";
    snprintf(name, sizeof name, "%s", t->meta.seat[seat].ai);
    char *colon = strchr(name, ':');
    if (colon) {
        *colon = '\0';
        snprintf(params, sizeof params, "%s", colon + 1);
        for (char *c = params; *c; c++)
            if (*c == ':')
                *c = ' ';
    }
    /* a seat's AI seed follows from the table's, so a table replays its AIs too */
    return tt_ai_new(name, t->game, params, t->meta.seed ^ (0x9e3779b97f4a7c15ull * (seat + 1)),
                     out, err);
}

static void table_free(srv_table *t)
{
    for (int i = 0; i < TT_MAX_PLAYERS; i++)
        tt_ai_free(t->ai[i]);
    free(t->state);
    free(t->next);
    free(t->log);
    free(t);
}

/* A table for meta at its start (seed, no action yet). */
static int table_new(srv *s, const store_table *meta, srv_table **out, tt_error *err)
{
    srv_table *t = calloc(1, sizeof *t);
    if (!t)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    t->meta = *meta;
    int rc = srv_game(s, meta->game, meta->params, &t->game, err);
    if (rc == TT_OK && meta->nseats != tt_game_players(t->game))
        rc = tt_fail(err, TT_EARG, NULL, "%s takes %d seats, not %d", meta->game,
                     tt_game_players(t->game), meta->nseats);
    if (rc == TT_OK) {
        t->state = malloc(tt_state_size(t->game));
        t->next = malloc(tt_state_size(t->game));
        if (!t->state || !t->next)
            rc = tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    }
    for (int i = 0; rc == TT_OK && i < meta->nseats; i++)
        if (meta->seat[i].kind == STORE_AI)
            rc = ai_new(t, i, &t->ai[i], err);
    if (rc != TT_OK) {
        table_free(t);
        return rc;
    }
    tt_state_init(t->game, t->state, meta->seed);
    *out = t;
    return TT_OK;
}

static void table_views_stale(srv *s, srv_table *t);

static void table_keep(srv *s, srv_table *t)
{
    t->next_table = s->tables;
    s->tables = t;
}

/* The loaded table id, or NULL when it is not in memory. */
static srv_table *table_loaded(srv *s, int64_t id)
{
    for (srv_table *t = s->tables; t; t = t->next_table)
        if (t->meta.id == id)
            return t;
    return NULL;
}

int srv_table_over(const srv_table *t)
{
    return tt_to_move(t->game, t->state) == TT_TERMINAL;
}

/* --- creating ------------------------------------------------------------------------ */

static const char *const levels[][2] = {
    {"easy", "random"}, {"normal", "ismcts:ms=300"}, {"hard", "ismcts:ms=2000"}, {NULL, NULL}};

static int seat_read(json_t *j, int i, store_seat *seat, tt_error *err)
{
    const char *kind = json_string_value(json_object_get(j, "kind"));
    const char *ai = json_string_value(json_object_get(j, "ai"));
    const char *level = json_string_value(json_object_get(j, "level"));
    memset(seat, 0, sizeof *seat);
    if (!json_is_object(j) || !kind)
        return tt_fail(err, TT_EARG, NULL, "seat %d: wants {\"kind\": \"human\"|\"ai\"}", i);
    if (strcmp(kind, "human") == 0)
        return token_new(seat->token) ? tt_fail(err, TT_EIO, NULL, "no random bytes") : TT_OK;
    if (strcmp(kind, "ai") != 0)
        return tt_fail(err, TT_EARG, NULL, "seat %d: kind is \"human\" or \"ai\", not \"%.40s\"", i,
                       kind);
    seat->kind = STORE_AI;
    for (int l = 0; level && levels[l][0]; l++)
        if (strcmp(level, levels[l][0]) == 0)
            ai = levels[l][1];
    if (level && !ai)
        return tt_fail(err, TT_EARG, NULL, "seat %d: level is easy, normal or hard, not \"%.40s\"",
                       i, level);
    if (!ai)
        ai = levels[1][1];
    if (strlen(ai) >= sizeof seat->ai)
        return tt_fail(err, TT_EARG, NULL, "seat %d: AI longer than %d bytes", i, STORE_AI_MAX - 1);
    snprintf(seat->ai, sizeof seat->ai, "%s", ai);
    return token_new(seat->token) ? tt_fail(err, TT_EIO, NULL, "no random bytes") : TT_OK;
}

int srv_table_create(srv *s, const char *game, const char *params, json_t *seats, uint64_t seed,
                     int has_seed, srv_table **out, tt_error *err)
{
    store_table *m = calloc(1, sizeof *m);
    if (!m)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    int rc = TT_OK;
    if (!game || !tt_rules_find(game))
        rc = tt_fail(err, TT_EARG, NULL, "unknown game \"%.40s\"", game ? game : "");
    else if (!json_is_array(seats) || json_array_size(seats) > TT_MAX_PLAYERS)
        rc = tt_fail(err, TT_EARG, NULL, "seats: wants a list of up to %d seats", TT_MAX_PLAYERS);
    for (size_t i = 0; rc == TT_OK && i < json_array_size(seats); i++)
        rc = seat_read(json_array_get(seats, i), (int)i, &m->seat[i], err);
    if (rc == TT_OK && !has_seed && random_bytes(&seed, sizeof seed))
        rc = tt_fail(err, TT_EIO, NULL, "no random bytes");
    const tt_game *g = NULL;
    if (rc == TT_OK)
        rc = srv_game(s, game, params, &g, err);
    srv_table *t = NULL;
    if (rc == TT_OK) {
        snprintf(m->game, sizeof m->game, "%s", game);
        snprintf(m->params, sizeof m->params, "%s", tt_game_params(g));
        m->seed = seed;
        m->created = (int64_t)time(NULL);
        m->nseats = (int)json_array_size(seats);
        rc = table_new(s, m, &t, err);
    }
    if (rc == TT_OK) {
        t->meta.hash = tt_state_hash(t->game, t->state);
        rc = store_table_add(s->store, &t->meta, err);
        if (rc != TT_OK)
            table_free(t);
    }
    free(m);
    if (rc != TT_OK)
        return rc;
    table_keep(s, t);
    *out = t;
    fprintf(stderr, "table %" PRId64 ": %s created\n", t->meta.id, t->meta.game);
    srv_table_think(s, t);
    return TT_OK;
}

/* --- rebuilding from the store -------------------------------------------------------- */

typedef struct load_ctx {
    srv *s;
    srv_table *t;
    int rc;
    tt_error *err;
} load_ctx;

/* Keeps the events of an action in t's log; a log that cannot grow stops
 * growing (its narration then ends early), the game goes on. */
static void log_add(srv_table *t, const tt_events *ev)
{
    if (t->nlog + ev->n > t->caplog) {
        int cap = t->caplog ? t->caplog * 2 : 256;
        while (cap < t->nlog + ev->n)
            cap *= 2;
        tt_event *grown = realloc(t->log, sizeof *grown * (size_t)cap);
        if (!grown)
            return;
        t->log = grown;
        t->caplog = cap;
    }
    memcpy(t->log + t->nlog, ev->ev, sizeof *ev->ev * (size_t)ev->n);
    t->nlog += ev->n;
}

static int replay_row(void *vctx, int seq, const store_action *a)
{
    load_ctx *c = vctx;
    char canon[CANON_MAX];
    tt_events ev = {c->s->evbuf, 0, SRV_EVENTS, 0};
    /* an action in the turn order is the player to move's, whoever took it */
    c->rc = tt_apply_text_as(c->t->game, c->t->state, a->offturn ? a->player : -1, a->text, canon,
                             sizeof canon, NULL, &ev, c->err);
    if (c->rc == TT_OK)
        log_add(c->t, &ev);
    if (c->rc != TT_OK) {
        char why[sizeof c->err->msg];
        snprintf(why, sizeof why, "%s", c->err->msg);
        tt_fail(c->err, TT_EREPLAY, NULL, "action %d \"%.60s\": %s", seq, a->text, why);
    }
    return c->rc != TT_OK;
}

/* Rebuilds table m by replaying its record, which must reach the stored
 * hash: on TT_OK *out holds it; otherwise err names the first action that
 * fails, or the mismatch. */
static int table_rebuild(srv *s, const store_table *m, srv_table **out, tt_error *err)
{
    load_ctx c = {s, NULL, TT_OK, err};
    int rc = table_new(s, m, &c.t, err);
    if (rc == TT_OK)
        rc = store_actions(s->store, m->id, replay_row, &c, err);
    if (rc == TT_OK)
        rc = c.rc;
    if (rc == TT_OK && tt_state_hash(c.t->game, c.t->state) != m->hash)
        rc = tt_fail(err, TT_EREPLAY, NULL, "its record replays to another state");
    if (rc != TT_OK) {
        if (c.t)
            table_free(c.t);
        return rc;
    }
    *out = c.t;
    return TT_OK;
}

/* Claims table m for this process and rebuilds it (*out); a table another
 * process plays, or that does not replay, is left as it is. */
static int table_take(srv *s, const store_table *m, srv_table **out, tt_error *err)
{
    int rc = store_claim(s->store, m->id, err);
    if (rc == TT_OK && (rc = table_rebuild(s, m, out, err)) != TT_OK)
        store_release(s->store, m->id);
    return rc;
}

static int load_one(void *vctx, const store_table *m)
{
    srv *s = vctx;
    srv_table *t;
    tt_error err;
    if (table_take(s, m, &t, &err) != TT_OK) {
        fprintf(stderr, "table %" PRId64 " not resumed: %s\n", m->id, err.msg);
        return 0;
    }
    table_keep(s, t);
    fprintf(stderr, "table %" PRId64 " resumed: %s, %d actions, state %016" PRIx64 "\n", m->id,
            m->game, m->nactions, m->hash);
    return 0;
}

srv_table *srv_table_open(srv *s, int64_t id, tt_error *err)
{
    srv_table *t = table_loaded(s, id);
    if (t)
        return t;
    store_table *m = malloc(sizeof *m);
    if (!m) {
        tt_fail(err, TT_ENOMEM, NULL, "out of memory");
        return NULL;
    }
    int rc = store_table_get(s->store, id, m, err);
    if (rc == TT_OK && (rc = table_take(s, m, &t, err)) == TT_OK) {
        table_keep(s, t);
        fprintf(stderr, "table %" PRId64 " reopened: %s, %d actions\n", id, m->game, m->nactions);
    } else if (rc == TT_EREPLAY) {
        char why[sizeof err->msg];
        snprintf(why, sizeof why, "%s", err->msg);
        tt_fail(err, rc, NULL, "table %" PRId64 " cannot be opened: %s", id, why);
    }
    free(m);
    return t;
}

/* Lets go of the finished tables no one has been at for s->unload seconds:
 * they change no more, and srv_table_open rebuilds one from the store when
 * someone joins or watches it again. Called about once a second. */
void srv_tables_sweep(srv *s, double now)
{
    for (srv_table **p = &s->tables; *p;) {
        srv_table *t = *p;
        if (t->conns || t->thinking || !srv_table_over(t))
            t->idle = 0;
        else if (t->idle == 0)
            t->idle = now;
        if (t->idle == 0 || now - t->idle < s->unload) {
            p = &t->next_table;
            continue;
        }
        *p = t->next_table;
        fprintf(stderr, "table %" PRId64 " unloaded: finished, no one at it\n", t->meta.id);
        store_release(s->store, t->meta.id);
        table_views_stale(s, t);
        table_free(t);
    }
}

int srv_tables_load(srv *s, tt_error *err)
{
    int rc = store_tables(s->store, STORE_PLAYING, load_one, s, err);
    for (srv_table *t = s->tables; rc == TT_OK && t; t = t->next_table)
        srv_table_think(s, t);
    return rc;
}

void srv_tables_free(srv *s)
{
    while (s->tables) {
        srv_table *t = s->tables;
        s->tables = t->next_table;
        table_views_stale(s, t);
        table_free(t);
    }
    while (s->games) {
        srv_loaded *l = s->games;
        s->games = l->next;
        tt_game_free(l->game);
        free(l);
    }
}

/* --- what each connection is told ---------------------------------------------------- */

/* The frequent frames are written straight into a buffer (out.c), byte for
 * byte as jansson would dump the tree once built for them; what jansson
 * would have refused (a string that is not UTF-8) is left out as it was. */

/* The texts of seat's legal actions, in the turn order or outside it, as a
 * JSON list (empty when there is no memory for them). */
static void actions_write(srv *s, const srv_table *t, int seat, int offturn, srv_buf *b)
{
    int max = tt_max_actions(t->game);
    if (max > s->nacts) {
        tt_action *grown = realloc(s->acts, sizeof *grown * (size_t)max);
        if (!grown) {
            sb_lit(b, "[]");
            return;
        }
        s->acts = grown;
        s->nacts = max;
    }
    int n = offturn ? tt_offturn_legal(t->game, t->state, seat, s->acts)
                    : tt_legal(t->game, t->state, s->acts);
    char text[TT_ACTION_TEXT_MAX];
    const char *sep = "[";
    for (int i = 0; i < n; i++)
        if (tt_action_format(t->game, t->state, s->acts[i], text, sizeof text) == TT_OK &&
            sb_utf8(text)) {
            sb_put(b, sep, 1);
            sb_str(b, text);
            sep = ",";
        }
    if (*sep == '[')
        sb_lit(b, "[");
    sb_lit(b, "]");
}

/* The result, as "result":{…} after a comma; nothing when a text is not UTF-8. */
static void result_write(const srv_table *t, srv_buf *b)
{
    tt_result r;
    tt_result_get(t->game, t->state, &r);
    const char *why = tt_result_reason_text(t->game, t->state);
    if (!why)
        why = "";
    if (!sb_utf8(r.reason) || !sb_utf8(why))
        return;
    sb_lit(b, ",\"result\":{\"winner\":");
    sb_int(b, r.winner);
    sb_lit(b, ",\"reason\":");
    sb_str(b, r.reason);
    sb_lit(b, ",\"text\":");
    sb_str(b, why);
    sb_lit(b, ",\"players\":[");
    for (int i = 0; i < r.nplayers; i++) {
        if (i)
            sb_lit(b, ",");
        sb_lit(b, "{\"rank\":");
        sb_int(b, r.player[i].rank);
        sb_lit(b, ",\"score\":");
        sb_int(b, r.player[i].score);
        sb_lit(b, ",\"eliminated\":");
        sb_bool(b, r.player[i].eliminated);
        sb_lit(b, "}");
    }
    sb_lit(b, "]}");
}

static int present(const srv_table *t, int i);

/* Who is at the table, seat by seat: a JSON list. */
static void seats_write(const srv_table *t, srv_buf *b)
{
    const char *sep = "[";
    for (int i = 0; i < t->meta.nseats; i++) {
        const char *name = tt_player_name(t->game, i);
        if (!sb_utf8(name) || !sb_utf8(t->meta.seat[i].ai))
            continue;
        int ai = t->meta.seat[i].kind == STORE_AI;
        sb_put(b, sep, 1);
        sep = ",";
        sb_lit(b, "{\"player\":");
        sb_str(b, name);
        if (ai)
            sb_lit(b, ",\"kind\":\"ai\",\"ai\":");
        else
            sb_lit(b, ",\"kind\":\"human\",\"ai\":");
        sb_str(b, t->meta.seat[i].ai);
        sb_lit(b, ",\"present\":");
        sb_bool(b, ai || present(t, i));
        sb_lit(b, "}");
    }
    if (*sep == '[')
        sb_lit(b, "[");
    sb_lit(b, "]");
}

/* {"type":"…","table":N — the start every table's frame shares. */
static void frame_start(const srv_table *t, const char *type, srv_buf *b)
{
    sb_clear(b);
    sb_lit(b, "{\"type\":\"");
    sb_put(b, type, strlen(type));
    sb_lit(b, "\",\"table\":");
    sb_int(b, t->meta.id);
}

void srv_view_write(srv *s, srv_table *t, int seat, srv_buf *b)
{
    int to_move = tt_to_move(t->game, t->state);
    frame_start(t, "view", b);
    sb_lit(b, ",\"game\":");
    sb_str(b, t->meta.game);
    sb_lit(b, ",\"seat\":");
    if (seat >= 0)
        sb_int(b, seat);
    else
        sb_lit(b, "null");
    /* the game's view is JSON already, in the form jansson writes it back */
    char *view = tt_view_json(t->game, t->state, seat);
    sb_lit(b, ",\"view\":");
    if (view)
        sb_put(b, view, strlen(view));
    else
        sb_lit(b, "null");
    free(view);
    sb_lit(b, ",\"to_move\":");
    sb_int(b, to_move);
    sb_lit(b, ",\"over\":");
    sb_bool(b, to_move == TT_TERMINAL);
    sb_lit(b, ",\"actions\":");
    sb_int(b, t->meta.nactions);
    char *text = tt_view_text(t->game, t->state, seat);
    if (!text)
        sb_lit(b, ",\"text\":null");
    else if (sb_utf8(text)) {
        sb_lit(b, ",\"text\":");
        sb_str(b, text);
    }
    free(text);
    int person = seat >= 0 && !t->ai[seat];
    sb_lit(b, ",\"legal\":");
    if (person && seat == to_move)
        actions_write(s, t, seat, 0, b);
    else
        sb_lit(b, "[]");
    sb_lit(b, ",\"offturn\":");
    if (person)
        actions_write(s, t, seat, 1, b);
    else
        sb_lit(b, "[]");
    sb_lit(b, ",\"presence\":");
    seats_write(t, b);
    if (to_move == TT_TERMINAL)
        result_write(t, b);
    sb_lit(b, "}");
}

void srv_presence_write(const srv_table *t, srv_buf *b)
{
    frame_start(t, "presence", b);
    sb_lit(b, ",\"seats\":");
    seats_write(t, b);
    sb_lit(b, "}");
}

/* The lines written; the frame in b. */
int srv_narration_write(const srv_table *t, int seat, const tt_event *ev, int n, int history,
                        srv_buf *b)
{
    char line[512];
    int lines = 0;
    frame_start(t, "narration", b);
    sb_lit(b, ",\"history\":");
    sb_bool(b, history);
    sb_lit(b, ",\"lines\":[");
    for (int i = 0; i < n; i++)
        if (tt_event_text(t->game, &ev[i], seat, line, sizeof line) > 0 && sb_utf8(line)) {
            if (lines++)
                sb_lit(b, ",");
            sb_str(b, line);
        }
    sb_lit(b, "]}");
    return lines;
}

/* Drops the view frames t holds (views_to_all), so the next send rebuilds them. */
static void table_views_stale(srv *s, srv_table *t)
{
    for (int i = 0; i <= TT_MAX_PLAYERS; i++) {
        srv_msg_unref(s, t->view[i]);
        t->view[i] = NULL;
    }
}

/* Where seat's view frame is kept: a player's at his seat, the spectators'
 * after them; -1 for none. */
static int view_slot(const srv_table *t, int seat)
{
    return seat >= 0 && seat < t->meta.nseats ? seat
           : seat == TT_VIEW_SPECTATOR        ? t->meta.nseats
                                              : -1;
}

/* Sends c its view: the one t holds for its seat, or one built now, which t
 * keeps when `keep` (views_to_all) so that the seat's other connections and
 * the other spectators get the same. */
static void view_to(srv *s, srv_table *t, srv_conn *c, int keep)
{
    int k = view_slot(t, c->seat);
    if (k >= 0 && t->view[k]) {
        srv_send(c, t->view[k]);
        return;
    }
    srv_view_write(s, t, c->seat, &s->text);
    srv_msg *m = srv_msg_of(s, &s->text);
    srv_send(c, m);
    if (k >= 0 && keep)
        t->view[k] = m; /* t's reference, until views_to_all ends */
    else
        srv_msg_unref(s, m);
}

void srv_table_send_view(srv *s, srv_table *t, srv_conn *c)
{
    view_to(s, t, c, 0);
}

/* Sends everyone at t his view (after the narration said[k] of his seat's
 * slot, when said is not NULL: built here, once per slot, from ev), each
 * frame built once and shared. */
static void views_to_all(srv *s, srv_table *t, const tt_events *ev)
{
    srv_msg *said[TT_MAX_PLAYERS + 1] = {NULL};
    unsigned written = 0;
    table_views_stale(s, t);
    for (srv_conn *c = t->conns; c; c = c->next_at_table) {
        int k = view_slot(t, c->seat);
        if (ev && k >= 0 && !(written >> k & 1u)) {
            written |= 1u << k;
            if (srv_narration_write(t, c->seat, ev->ev, ev->n, 0, &s->text) > 0)
                said[k] = srv_msg_of(s, &s->text);
        }
        if (k >= 0)
            srv_send(c, said[k]);
        view_to(s, t, c, 1);
    }
    for (int k = 0; k <= TT_MAX_PLAYERS; k++)
        srv_msg_unref(s, said[k]);
    table_views_stale(s, t);
}

void srv_table_presence(srv *s, srv_table *t)
{
    if (!t->conns)
        return;
    srv_presence_write(t, &s->text);
    srv_msg *m = srv_msg_of(s, &s->text);
    for (srv_conn *c = t->conns; c; c = c->next_at_table)
        srv_send(c, m);
    srv_msg_unref(s, m);
}

static json_t *presence_json(const srv_table *t)
{
    json_t *seats = json_array();
    for (int i = 0; i < t->meta.nseats; i++)
        json_array_append_new(seats,
                              json_pack("{s:s,s:s,s:s,s:b}", "player", tt_player_name(t->game, i),
                                        "kind", t->meta.seat[i].kind == STORE_AI ? "ai" : "human",
                                        "ai", t->meta.seat[i].ai, "present",
                                        t->meta.seat[i].kind == STORE_AI || present(t, i)));
    return seats;
}

json_t *srv_table_summary(const srv_table *t)
{
    return json_pack("{s:I,s:s,s:s,s:I,s:i,s:b,s:o}", "table", (json_int_t)t->meta.id, "game",
                     t->meta.game, "params", t->meta.params, "created", (json_int_t)t->meta.created,
                     "actions", t->meta.nactions, "over", srv_table_over(t), "seats",
                     presence_json(t));
}

void srv_table_send_history(srv *s, srv_table *t, srv_conn *c)
{
    srv_narration_write(t, c->seat, t->log, t->nlog, 1, &s->text);
    srv_send_text(c);
}

/* Tells everyone at t what the events just applied showed his seat, then
 * his view: each frame written once per seat (once for the spectators) and
 * shared; a narration with no line for a seat is not sent. */
static void tell(srv *s, srv_table *t, const tt_events *ev)
{
    views_to_all(s, t, ev);
}

/* --- acting -------------------------------------------------------------------------- */

/* Splits the canonical lines tt_apply_text_as wrote into record rows. */
static int rows_split(char *canon, int seat, int offturn, store_action *rows, tt_error *err)
{
    int n = 0;
    for (char *save, *line = strtok_r(canon, "\n", &save); line;
         line = strtok_r(NULL, "\n", &save)) {
        if (n == CANON_LINES)
            return tt_fail(err, TT_EARG, NULL, "more than %d actions at once", CANON_LINES);
        rows[n] = (store_action){seat, offturn, line, n > 0};
        n++;
    }
    return n;
}

int srv_table_act(srv *s, srv_table *t, int seat, const char *text, tt_error *err)
{
    char canon[CANON_MAX];
    store_action rows[CANON_LINES];
    int offturn = 0;
    tt_events ev = {s->evbuf, 0, SRV_EVENTS, 0};
    tt_state_copy(t->game, t->next, t->state);
    int rc =
        tt_apply_text_as(t->game, t->next, seat, text, canon, sizeof canon, &offturn, &ev, err);
    if (rc != TT_OK)
        return rc;
    int n = rows_split(canon, seat, offturn, rows, err);
    if (n < 0)
        return n;
    int over = tt_to_move(t->game, t->next) == TT_TERMINAL;
    uint64_t hash = tt_state_hash(t->game, t->next);
    rc = store_actions_add(s->store, &t->meta, rows, n, over ? STORE_OVER : STORE_PLAYING, hash,
                           err);
    if (rc != TT_OK)
        return rc;
    tt_state *keep = t->state;
    t->state = t->next;
    t->next = keep;
    t->meta.nactions += n;
    t->meta.hash = hash;
    t->meta.status = over ? STORE_OVER : STORE_PLAYING;
    t->version++;
    t->undo_asked = 0; /* an undo asked for is for the position it was asked in */
    log_add(t, &ev);
    tell(s, t, &ev);
    if (over)
        fprintf(stderr, "table %" PRId64 " over after %d actions\n", t->meta.id, t->meta.nactions);
    srv_table_think(s, t);
    return TT_OK;
}

/* --- taking a decision back (the undo policy of tabletop/undo.h) -------------------- */

typedef struct record {
    store_action *a; /* every row of a table's record, texts owned */
    int n, cap;
} record;

static int record_keep(void *vctx, int seq, const store_action *a)
{
    record *r = vctx;
    (void)seq;
    if (r->n == r->cap) {
        int cap = r->cap ? r->cap * 2 : 256;
        store_action *grown = realloc(r->a, sizeof *grown * (size_t)cap);
        if (!grown)
            return 1;
        r->a = grown;
        r->cap = cap;
    }
    r->a[r->n] = *a;
    r->a[r->n].text = strdup(a->text);
    return r->a[r->n++].text == NULL;
}

static void record_free(record *r)
{
    for (int i = 0; i < r->n; i++)
        free((char *)r->a[i].text);
    free(r->a);
}

/* The row where seat's last decision starts, in *k; refused when he has
 * none, or an action outside the turn order came since (the CLI's policy). */
static int undo_find(const srv_table *t, const record *r, int seat, int *k, tt_error *err)
{
    char who[64];
    int plural, i = r->n - 1;
    while (i >= 0 && (r->a[i].more || r->a[i].offturn || r->a[i].player != seat))
        i--;
    if (i < 0)
        return tt_fail(err, TT_ESTATE, NULL, "nothing to undo: %s %s taken no decision yet",
                       tt_player_title(t->game, seat, who, sizeof who, &plural),
                       plural ? "have" : "has");
    for (int j = i + 1; j < r->n; j++)
        if (r->a[j].offturn)
            return tt_fail(err, TT_ESTATE, NULL,
                           "cannot undo: the record holds an action outside the turn order since");
    *k = i;
    return TT_OK;
}

/* The decisions of rows k.. as tt_undo_check takes them (at most maxd): each
 * its rows' texts, one a line, in text (n bytes). The count, or -1 when
 * there are more or text is short. */
static int decisions_of(const record *r, int k, tt_decision *d, int maxd, char *text, size_t n)
{
    int nd = 0;
    size_t used = 0;
    for (int i = k; i < r->n; i++) {
        size_t len = strlen(r->a[i].text);
        if (used + len + 2 > n)
            return -1;
        if (!r->a[i].more) {
            if (nd == maxd)
                return -1;
            if (nd > 0)
                text[used++] = '\0';
            d[nd++] = (tt_decision){r->a[i].player, text + used, r->a[i].offturn};
        } else {
            text[used++] = '\n';
        }
        memcpy(text + used, r->a[i].text, len);
        used += len;
    }
    text[used] = '\0';
    return nd;
}

/* Keeps what the table was before row k (in before, which is freed): its
 * state and log; then tells everyone the game so far and his view. */
static void undo_keep(srv *s, srv_table *t, srv_table *before, int k)
{
    tt_state *state = t->state;
    tt_event *log = t->log;
    t->state = before->state;
    t->log = before->log;
    t->nlog = before->nlog;
    t->caplog = before->caplog;
    before->state = state;
    before->log = log;
    table_free(before);
    t->meta.nactions = k;
    t->meta.hash = tt_state_hash(t->game, t->state);
    t->meta.status = STORE_PLAYING;
    t->version++; /* an AI's answer for the position taken back is dropped */
    t->undo_asked = 0;
    for (srv_conn *c = t->conns; c; c = c->next_at_table)
        srv_table_send_history(s, t, c);
    views_to_all(s, t, NULL);
    fprintf(stderr, "table %" PRId64 " taken back to %d actions\n", t->meta.id, k);
    srv_table_think(s, t);
}

static json_t *names_of(const srv_table *t, unsigned mask);

/* Asks the people in `need` who have not agreed yet to let seat take his
 * last decision back past theirs; each answers with undo_agree. */
static void undo_ask(srv *s, srv_table *t, int seat, unsigned need, unsigned agreed)
{
    (void)s;
    t->undo_asked = seat + 1;
    t->undo_at = t->meta.nactions;
    t->undo_agreed = agreed;
    t->undo_need = need;
    for (srv_conn *c = t->conns; c; c = c->next_at_table)
        srv_send_json(c,
                      json_pack("{s:s,s:I,s:i,s:s,s:o,s:o}", "type", "undo_request", "table",
                                (json_int_t)t->meta.id, "seat", seat, "player",
                                tt_player_name(t->game, seat), "agreed", names_of(t, need & agreed),
                                "waiting", names_of(t, need & ~agreed)));
}

/* Is an undo asked of seat q now? TT_OK, or TT_ESTATE saying there is none. */
static int undo_asked_of(const srv_table *t, int q, tt_error *err)
{
    if (!t->undo_asked || t->undo_at != t->meta.nactions || !(t->undo_need >> q & 1u))
        return tt_fail(err, TT_ESTATE, NULL, "no one asks %s to agree to an undo",
                       tt_player_name(t->game, q));
    return TT_OK;
}

/* Seat q agrees to the undo asked of him: it is taken back once everyone
 * asked agreed (and the policy still allows it). */
int srv_table_undo_agree(srv *s, srv_table *t, int q, tt_error *err)
{
    int asked, rc = undo_asked_of(t, q, err);
    if (rc != TT_OK)
        return rc;
    t->undo_agreed |= 1u << q;
    return srv_table_undo(s, t, t->undo_asked - 1, &asked, err);
}

/* Tells everyone at t that `by` refused what was asked for seat (a frame
 * of type `type`: undo_refused, hand_over_refused). */
static void tell_refused(srv_table *t, const char *type, int seat, int by)
{
    for (srv_conn *c = t->conns; c; c = c->next_at_table)
        srv_send_json(c,
                      json_pack("{s:s,s:I,s:i,s:s,s:s}", "type", type, "table",
                                (json_int_t)t->meta.id, "seat", seat, "player",
                                tt_player_name(t->game, seat), "by", tt_player_name(t->game, by)));
}

int srv_table_undo_refuse(srv_table *t, int q, tt_error *err)
{
    int rc = undo_asked_of(t, q, err);
    if (rc != TT_OK)
        return rc;
    int asker = t->undo_asked - 1;
    t->undo_asked = 0;
    tell_refused(t, "undo_refused", asker, q);
    return TT_OK;
}

/* Takes seat's last decision back, when the undo policy allows it: the
 * record loses its rows in the store first, then the table is the one
 * before it, and everyone is told the game so far and his view again. */
int srv_table_undo(srv *s, srv_table *t, int seat, int *asked, tt_error *err)
{
    *asked = 0;
    record r = {NULL, 0, 0};
    load_ctx c = {s, NULL, TT_OK, err};
    int k = 0, rc = store_actions(s->store, t->meta.id, record_keep, &r, err);
    if (rc == TT_OK && r.n != t->meta.nactions)
        rc = tt_fail(err, TT_ENOMEM, NULL, "out of memory reading the record");
    if (rc == TT_OK)
        rc = undo_find(t, &r, seat, &k, err);
    if (rc == TT_OK)
        rc = table_new(s, &t->meta, &c.t, err);
    for (int i = 0; rc == TT_OK && i < k; i++)
        if (replay_row(&c, i, &r.a[i]))
            rc = c.rc;
    char text[CANON_MAX * 4];
    tt_decision d[CANON_LINES];
    int nd = rc == TT_OK ? decisions_of(&r, k, d, CANON_LINES, text, sizeof text) : 0;
    if (rc == TT_OK && nd < 0)
        rc = tt_fail(err, TT_ESTATE, NULL, "cannot undo: too much has happened since");
    unsigned others = 0, agreed = t->undo_asked == seat + 1 ? t->undo_agreed : 0;
    for (int i = 1; rc == TT_OK && i < nd; i++)
        if (d[i].player != seat)
            others |= 1u << d[i].player;
    /* only people can agree: past an AI's decision, the policy alone */
    for (int i = 0; i < t->meta.nseats; i++)
        if (t->ai[i] && (others >> i & 1u))
            others = 0;
    if (rc == TT_OK)
        rc = tt_undo_check_with(t->game, c.t->state, d, nd, seat, others, err);
    if (rc == TT_OK && (others & ~agreed)) {
        undo_ask(s, t, seat, others, agreed);
        *asked = 1;
        record_free(&r);
        table_free(c.t);
        return TT_OK;
    }
    if (rc == TT_OK)
        rc = store_actions_drop(s->store, &t->meta, k, STORE_PLAYING,
                                tt_state_hash(c.t->game, c.t->state), err);
    record_free(&r);
    if (rc != TT_OK) {
        if (c.t)
            table_free(c.t);
        return rc;
    }
    undo_keep(s, t, c.t, k);
    return TT_OK;
}

/* --- handing a seat to an AI, by agreement ------------------------------------------ */

/* Is a person holding seat i at t now? */
static int present(const srv_table *t, int i)
{
    for (const srv_conn *c = t->conns; c; c = c->next_at_table)
        if (c->seat == i)
            return 1;
    return 0;
}

/* The people whose agreement handing seat over needs: every other person's
 * seat, and the seat's own while he is at the table (an away player's seat
 * the others may hand over; one who is there hands his own). */
static unsigned needed_for(const srv_table *t, int seat)
{
    unsigned need = 0;
    for (int i = 0; i < t->meta.nseats; i++)
        if (t->meta.seat[i].kind == STORE_HUMAN && (i != seat || present(t, i)))
            need |= 1u << i;
    return need;
}

static json_t *names_of(const srv_table *t, unsigned mask)
{
    json_t *a = json_array();
    for (int i = 0; i < t->meta.nseats; i++)
        if (mask & (1u << i))
            json_array_append_new(a, json_string(tt_player_name(t->game, i)));
    return a;
}

static int hand_over_now(srv *s, srv_table *t, int seat, tt_error *err)
{
    store_seat to = t->meta.seat[seat];
    to.kind = STORE_AI;
    snprintf(to.ai, sizeof to.ai, "%s", t->handover[seat]);
    store_seat was = t->meta.seat[seat];
    t->meta.seat[seat] = to;
    int rc = ai_new(t, seat, &t->ai[seat], err);
    if (rc == TT_OK && (rc = store_seat_set(s->store, t->meta.id, seat, &to, err)) != TT_OK) {
        tt_ai_free(t->ai[seat]);
        t->ai[seat] = NULL;
    }
    if (rc != TT_OK) {
        t->meta.seat[seat] = was;
        return rc;
    }
    fprintf(stderr, "table %" PRId64 ": %s handed to the AI %s\n", t->meta.id,
            tt_player_name(t->game, seat), to.ai);
    t->handover[seat][0] = '\0';
    t->agreed[seat] = 0;
    views_to_all(s, t, NULL);
    srv_table_presence(s, t);
    srv_table_think(s, t);
    return TT_OK;
}

/* Seat `by` agrees to hand `seat` to the AI `ai` ({"level": …} or {"ai": …},
 * as a new table's seat); done once everyone it needs agreed to the same
 * AI, else everyone at the table is told who agreed and who is awaited. */
int srv_table_hand_over(srv *s, srv_table *t, int by, int seat, json_t *ai, tt_error *err)
{
    store_seat want;
    if (seat < 0 || seat >= t->meta.nseats)
        return tt_fail(err, TT_EARG, NULL, "seat: wants 0 to %d", t->meta.nseats - 1);
    if (t->meta.seat[seat].kind == STORE_AI)
        return tt_fail(err, TT_ESTATE, NULL, "%s is played by an AI already",
                       tt_player_name(t->game, seat));
    int rc = seat_read(ai, seat, &want, err);
    if (rc != TT_OK)
        return rc;
    if (strcmp(t->handover[seat], want.ai) != 0) {
        snprintf(t->handover[seat], sizeof t->handover[seat], "%s", want.ai);
        t->agreed[seat] = 0;
    }
    t->agreed[seat] |= 1u << by;
    unsigned need = needed_for(t, seat);
    if ((t->agreed[seat] & need) == need)
        return hand_over_now(s, t, seat, err);
    for (srv_conn *c = t->conns; c; c = c->next_at_table)
        srv_send_json(c, json_pack("{s:s,s:I,s:i,s:s,s:s,s:o,s:o}", "type", "hand_over", "table",
                                   (json_int_t)t->meta.id, "seat", seat, "player",
                                   tt_player_name(t->game, seat), "ai", want.ai, "agreed",
                                   names_of(t, t->agreed[seat] & need), "waiting",
                                   names_of(t, need & ~t->agreed[seat])));
    return TT_OK;
}

int srv_table_hand_over_refuse(srv_table *t, int by, int seat, tt_error *err)
{
    if (!t->handover[seat][0] || !(needed_for(t, seat) >> by & 1u))
        return tt_fail(err, TT_ESTATE, NULL, "no one asks %s to hand %s to an AI",
                       tt_player_name(t->game, by), tt_player_name(t->game, seat));
    t->handover[seat][0] = '\0';
    t->agreed[seat] = 0;
    tell_refused(t, "hand_over_refused", seat, by);
    return TT_OK;
}

void srv_table_think(srv *s, srv_table *t)
{
    int p = tt_to_move(t->game, t->state);
    if (t->thinking || p < 0 || p >= t->meta.nseats || !t->ai[p])
        return;
    if (srv_workers_submit(s, t, t->ai[p]) == TT_OK)
        t->thinking = 1;
}
