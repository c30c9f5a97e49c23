/* The game session a protocol drives: one game, its state, its record and the
 * states saved for undo (see proto_int.h); and the games it keeps loaded, so
 * that `new` and `load` of a game whose parameters name no file cost no
 * content load.
 *
 * Invariant: hist.n == tt_record_length(rec), hist.s[i] being the state before
 * record entry i. Every change keeps it by going through change_open and
 * change_close; `load` rebuilds it while the record replays, so a loaded game
 * can be undone as far back as its start. On failure nothing changed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/errors.h"
#include "core/file.h"
#include "core/rules.h"
#include "proto/proto_int.h"

static int hist_push(proto_history *h, const void *state)
{
    if (h->n == h->cap) {
        int cap = h->cap ? h->cap * 2 : 32;
        unsigned char *t = realloc(h->s, (size_t)cap * h->sz);
        if (!t)
            return TT_ENOMEM;
        h->s = t;
        h->cap = cap;
    }
    memcpy(h->s + (size_t)h->n * h->sz, state, h->sz);
    h->n++;
    return TT_OK;
}

void proto_session_clear(tt_proto *p)
{
    tt_record_free(p->rec);
    free(p->state);
    proto_game_release(p, p->game);
    free(p->hist.s);
    p->rec = NULL;
    p->state = NULL;
    p->game = NULL;
    memset(&p->hist, 0, sizeof p->hist);
}

/* Replaces the session's game; the session takes ownership of everything. */
static void session_set(tt_proto *p, tt_game *g, tt_state *s, tt_record *rec, proto_history h,
                        uint64_t seed)
{
    proto_session_clear(p);
    p->game = g;
    p->state = s;
    p->rec = rec;
    p->hist = h;
    p->seed = seed;
}

int proto_session_start(tt_proto *p, tt_game *g, uint64_t seed, tt_error *err)
{
    tt_state *s = malloc(tt_state_size(g));
    tt_record *rec = tt_record_new(g, seed);
    if (!s || !rec) {
        free(s);
        tt_record_free(rec);
        proto_game_release(p, g);
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    }
    tt_state_init(g, s, seed);
    proto_history h = {NULL, 0, 0, tt_state_size(g)};
    session_set(p, g, s, rec, h, seed);
    return TT_OK;
}

/* While a record replays: saves the state before each entry. */
typedef struct replay_ctx {
    proto_history h;
    unsigned char *prev; /* the state before the entry just replayed */
    uint64_t seed;
    int oom;
} replay_ctx;

static void replay_step(void *vctx, int index, const char *text, const tt_game *game,
                        const tt_state *state, const tt_events *events)
{
    replay_ctx *c = vctx;
    (void)text, (void)events;
    if (c->oom)
        return;
    if (index == 0) {
        c->h.sz = tt_state_size(game);
        c->prev = malloc(c->h.sz);
        if (!c->prev) {
            c->oom = 1;
            return;
        }
        tt_state_init(game, (tt_state *)c->prev, c->seed);
    }
    if (hist_push(&c->h, c->prev) != TT_OK)
        c->oom = 1;
    else
        memcpy(c->prev, state, c->h.sz);
}

int proto_session_load(tt_proto *p, const char *path, tt_error *err)
{
    tt_record *rec;
    int rc = tt_files_check(p->files, path, err);
    if (rc == TT_OK)
        rc = tt_record_load(path, &rec, err);
    if (rc != TT_OK)
        return rc;
    replay_ctx c = {{NULL, 0, 0, 0}, NULL, tt_record_seed(rec), 0};
    tt_game *g;
    tt_state *s = NULL;
    rc = proto_game(p, tt_record_game(rec), tt_record_params(rec), &g, err);
    if (rc == TT_OK) {
        rc = tt_record_replay_on(rec, g, &s, replay_step, &c, err);
        if (rc == TT_OK && c.oom)
            rc = tt_fail(err, TT_ENOMEM, NULL, "out of memory");
        if (rc != TT_OK)
            proto_game_release(p, g);
    }
    free(c.prev);
    if (rc != TT_OK) {
        free(s);
        free(c.h.s);
        tt_record_free(rec);
        return rc;
    }
    c.h.sz = tt_state_size(g);
    session_set(p, g, s, rec, c.h, tt_record_seed(rec));
    return TT_OK;
}

int proto_change_open(tt_proto *p, int add_rc, tt_error *err)
{
    if (add_rc != TT_OK)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    if (hist_push(&p->hist, p->state) != TT_OK) {
        tt_record_pop(p->rec);
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    }
    return TT_OK;
}

int proto_change_close(tt_proto *p, int rc)
{
    if (rc != TT_OK) {
        p->hist.n--;
        tt_record_pop(p->rec);
    }
    return rc;
}

int proto_undo(tt_proto *p)
{
    if (p->hist.n == 0)
        return 0;
    p->hist.n--;
    memcpy(p->state, p->hist.s + (size_t)p->hist.n * p->hist.sz, p->hist.sz);
    tt_record_pop(p->rec);
    return 1;
}

tt_events proto_events(tt_proto *p)
{
    tt_events ev = {p->ev, 0, PROTO_MAX_EVENTS, 0};
    return ev;
}

void proto_narrate(const tt_proto *p, const tt_events *ev, proto_buf *out)
{
    char line[512];
    for (int i = 0; i < ev->n; i++)
        if (tt_event_text(p->game, &ev->ev[i], TT_VIEW_SPECTATOR, line, sizeof line) > 0)
            proto_printf(out, "%s\n", line);
    if (ev->dropped)
        proto_printf(out, "(%d more events not shown)\n", ev->dropped);
}

/* --- the games kept loaded ------------------------------------------------------------ */

static int cache_find(tt_proto *p, const char *key)
{
    for (int i = 0; i < p->ncache; i++)
        if (strcmp(p->cache_key[i], key) == 0) {
            p->cache_used[i] = ++p->tick;
            return i;
        }
    return -1;
}

/* Keeps g under key, making room by freeing the least recently used game
 * other than the session's (which `load`s that failed may have made the least
 * recent); g stays the caller's when the key cannot be copied. */
static void cache_add(tt_proto *p, const char *key, tt_game *g)
{
    char *k = strdup(key);
    if (!k)
        return;
    int i = p->ncache;
    if (i == PROTO_CACHE) {
        i = p->cache[0] == p->game;
        for (int j = 0; j < PROTO_CACHE; j++)
            if (p->cache[j] != p->game && p->cache_used[j] < p->cache_used[i])
                i = j;
        tt_game_free(p->cache[i]);
        free(p->cache_key[i]);
    } else {
        p->ncache++;
    }
    p->cache[i] = g;
    p->cache_key[i] = k;
    p->cache_used[i] = ++p->tick;
}

int proto_game(tt_proto *p, const char *name, const char *params, tt_game **out, tt_error *err)
{
    char canon[TT_PARAMS_MAX], key[TT_PARAMS_MAX + 40];
    int files;
    *out = NULL;
    int rc = tt_params_check(name, params, canon, &files, err);
    if (rc != TT_OK)
        return rc;
    snprintf(key, sizeof key, "%s %s", name, canon);
    int i = files ? -1 : cache_find(p, key);
    if (i >= 0) {
        *out = p->cache[i];
        return TT_OK;
    }
    rc = tt_game_new_within(name, params, p->files, out, err);
    if (rc == TT_OK && !files)
        cache_add(p, key, *out);
    return rc;
}

void proto_game_release(tt_proto *p, tt_game *g)
{
    for (int i = 0; i < p->ncache; i++)
        if (p->cache[i] == g)
            return;
    tt_game_free(g);
}

void proto_cache_clear(tt_proto *p)
{
    for (int i = 0; i < p->ncache; i++) {
        if (p->cache[i] == p->game)
            p->game = NULL; /* freed here, not by the session */
        tt_game_free(p->cache[i]);
        free(p->cache_key[i]);
    }
    p->ncache = 0;
}
